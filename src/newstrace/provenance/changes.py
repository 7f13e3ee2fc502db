"""What a copy changed: numbers, quotes (incl. meaning inverted), names, slant, credit, omitted and added paragraphs.

Every change carries the origin's and the copy's words. Word-level differences come from
Levenshtein edit operations over the two aligned sentences' tokens (rapidfuzz), so a change is
reported only inside an aligned pair, never between unrelated sentences.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from newstrace.provenance.align import TAU
from newstrace.provenance.text import (
    DATE_WORDS,
    NEGATIONS,
    NUMBER_WORDS,
    Sentence,
    fold,
    number_value,
    quoted_spans,
    tokens,
    zipf,
)
from newstrace.nlp.language import identify_language
from newstrace.schema import Change
from newstrace.structure.byline import parse_byline
from newstrace.structure.furniture import NAV_WORDS

#: Qualifiers of a number, grouped by meaning: a copy that swaps one for another of the same group
#: ("more than" -> "over", "nearly" -> "about") says the same; one from another group ("about" ->
#: "at least", "over" -> "under", "about" -> "exactly"), or one added or dropped, changes the claim.
#: The hedges are one group although "nearly" leans below the figure: news copy uses them interchangeably.
QUALIFIER_GROUPS: dict[str, tuple[str, ...]] = {
    "above": ("more than", "over", "above", "in excess of", "upwards of", "más de", "mais de"),
    "at least": ("at least", "no fewer than", "no less than", "al menos", "pelo menos"),
    "about": ("about", "around", "nearly", "almost", "close to", "roughly", "approximately", "some",
              "cerca de", "casi", "unos", "cerca", "alrededor de", "aproximadamente", "quase"),
    "below": ("fewer than", "less than", "under", "below", "menos de"),
    "at most": ("up to", "as many as", "no more than", "hasta", "até"),
    "exactly": ("exactly", "precisely"),
}
#: Every qualifier, longest first so that "cerca de" wins over "cerca".
QUALIFIERS = tuple(sorted((q for g in QUALIFIER_GROUPS.values() for q in g), key=len, reverse=True))
_QUALIFIER_GROUP = {q: g for g, qs in QUALIFIER_GROUPS.items() for q in qs}
#: Loaded terms that, inserted next to a name or an institution, slant a story (EN/ES/PT; extend freely).
SLANT_TERMS = frozenset(
    ["self-proclaimed", "so-called", "regime", "puppet", "agent", "dictator", "dictatorship", "usurper", "illegitimate", "terrorist", "thug", "thugs", "mob", "radical", "extremist", "corrupt", "traitor", "autoproclamado", "autoproclamada", "supuesto", "títere", "agente", "dictador", "dictadura", "régimen", "usurpador", "ilegítimo", "terrorista", "golpista", "autoproclamado"]
)
# a qualifier counts only before a number ("over 320", "more than 3,200", "about three"), not as
# a preposition ("over the bridge", "about the plan")
_QUAL = re.compile(r"\b(" + "|".join(re.escape(q) for q in QUALIFIERS) + r")\b(?=\s+(?:\d|(?:"
                   + "|".join(NUMBER_WORDS) + r")\b))", re.IGNORECASE)


# function words of the longer qualifiers ("no fewer than", "in excess of") still name ("No 10")
_QUALIFIER_WORDS = frozenset(w for q in QUALIFIERS for w in q.split()) - {"no", "of", "in", "as", "many"}
#: Words that introduce a count rather than name something: "Over 320", "Some 40", "The 74 pupils",
#: "Only 12" (a capitalised one opening a sentence is no name). Compared folded.
COUNT_WORDS = _QUALIFIER_WORDS | frozenset(
    {"the", "a", "an", "all", "only", "just", "exactly", "precisely", "another", "those", "these", "its",
     "their", "his", "her", "our", "fully", "nearly", "almost", "roughly", "barely", "still", "total",
     "los", "las", "el", "la", "os", "as", "o", "solo", "apenas", "otros", "otras"}
)
# what may stand between a name and its number: spaces only ("Fox 5"; "Smith, 45" is an age)
_NAME_GAP = re.compile(r"[ \u00a0]+")
# a phrase opens after sentence punctuation or a quotation mark: a capital there says nothing
_PHRASE_OPENER = re.compile(r"[:;(\"\u201c\u2018\u2014\u2013]")
#: A capitalised word opening a phrase is taken as a name before a number only below this Zipf
#: frequency ("Apollo" 3.8, "Boeing" 3.8, "Fox" 4.7, "Channel" 4.9; "Section" 5.0, "Nearly" 5.0 are not).
NAME_ZIPF = 5.0


def _offsets(s: Sentence) -> list[int]:
    """Character offset of each raw token in the sentence text (tokens are substrings, in order)."""
    out, pos = [], 0
    for tok in s.raw:
        at = s.text.find(tok, pos)
        out.append(at if at >= 0 else pos)
        pos = (at if at >= 0 else pos) + len(tok)
    return out


def _title_case(s: Sentence) -> bool:
    """A headline-style sentence where most content words are capitalised ("Floods Kill 320 In Calder")."""
    content = [t for t in s.raw if t[:1].isalpha() and len(t) >= 4]
    return len(content) >= 3 and sum(t[:1].isupper() for t in content) >= 0.8 * len(content)


def name_before(s: Sentence, k: int, offsets: list[int] | None = None, title_case: bool | None = None) -> str | None:
    """The name a number token is part of ("The 74", "Apollo 11", "Fox 5", "Boeing 737"), or None.

    A number is part of a name when a capitalised word stands right before it, separated by spaces
    only, and that capital marks a name: the word is inside a phrase (not its first word, nor the
    first after ``:``, ``;``, ``(``, a dash or a quotation mark), or, where any word is capitalised
    (a phrase's first word, a title-case headline or credit line), it is a rare word (Zipf below
    :data:`NAME_ZIPF`) that does not introduce a count (:data:`COUNT_WORDS`: "Over 320", "Some 40",
    "The 74 pupils"), or the number closes the text with nothing counted after it ("Photo: Lena
    Okafor/The 74"). A qualifier ("... pilots, More than 40") or a date word never names. Numbers
    written as one token with letters ("G7", "COVID-19", "737-800") are no number to begin with
    (:func:`newstrace.provenance.text.number_value`).

    Args:
        s: the analysed sentence.
        k: index of a number token in ``s.raw``.
        offsets: :func:`_offsets` of ``s`` (computed when None).
        title_case: :func:`_title_case` of ``s`` (computed when None).

    Returns:
        The folded name word (``"fox"``), or None when the number stands on its own.

    >>> from newstrace.provenance.text import analyse_sentence
    >>> s = analyse_sentence("A cartoon by Lena Okafor/The 74 ran with it, Smith, 45, said.")
    >>> [name_before(s, k) for k, t in enumerate(s.raw) if t.isdigit()]
    ['the', None]
    >>> s = analyse_sentence("Over 320 homes flooded, Fox 5 reported.")
    >>> [name_before(s, k) for k, t in enumerate(s.raw) if t.isdigit()]
    [None, 'fox']
    """
    if k == 0:
        return None
    prev = s.raw[k - 1]
    if not prev[:1].isupper():
        return None
    offsets = offsets if offsets is not None else _offsets(s)
    end_prev = offsets[k - 1] + len(prev)
    if not _NAME_GAP.fullmatch(s.text[end_prev : offsets[k]]):
        return None
    word = s.words[k - 1]
    # a qualifier never names, wherever a copy capitalised it ("... pilots, More than 40")
    if word in DATE_WORDS or word in NUMBER_WORDS or word in _QUALIFIER_WORDS or number_value(prev) is not None:
        return None
    opens_phrase = k - 1 == 0 or bool(
        _PHRASE_OPENER.search(s.text[offsets[k - 2] + len(s.raw[k - 2]) : offsets[k - 1]]))
    if title_case is None:
        title_case = _title_case(s)
    if opens_phrase or title_case:
        rare = word not in COUNT_WORDS and zipf(word) < NAME_ZIPF
        # "... Okafor/The 74" closing a credit line: nothing is counted, so a name
        closes = not re.match(r"\s*\w", s.text[offsets[k] + len(s.raw[k]) :])
        if not (rare or closes):
            return None
    return word


#: Weekday names (EN/ES/PT, folded): a date word of their own, but no number they stand near is a
#: day of the month ("on Tuesday that 40 homes").
WEEKDAYS = frozenset(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
     "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"]
)
#: Month names that are also common English words: a month only when written with a capital
#: ("in May 2019", not "officials may 40"; "March 3", not "march 3 miles").
_AMBIGUOUS_MONTHS = frozenset({"may", "march", "mar", "jan", "sat", "sun", "wed"})


def _date_word(s: Sentence, k: int) -> bool:
    """Whether token ``k`` is a month or weekday name (an ambiguous one only capitalised)."""
    w = s.words[k]
    return w in DATE_WORDS and (w not in _AMBIGUOUS_MONTHS or s.raw[k][:1].isupper())


def _date_number(token: str) -> bool:
    """Whether a number token can be part of a date: a day of the month (1-31) or a year written as
    four plain digits (1000-2199); "1,200" with its separator is a figure, never a year."""
    t = token.rstrip(".,")
    if not t.isdigit():
        return False
    v = int(t)
    return 1 <= v <= 31 or (len(t) == 4 and 1000 <= v <= 2199)


def _figures(s: Sentence) -> tuple[list[str], list[str], list[str]]:
    """Numbers of a sentence split into figures, date parts and numbers that are part of a name.

    Date parts are month and weekday names, and a day or year (:func:`_date_number`) within two
    tokens of a month name ("February 23, 2019", "23 de febrero"); a weekday makes no number near
    it a date ("said on Tuesday that 40 homes": 40 is a figure). Named numbers come as
    ``"name value"`` (:func:`name_before`).
    """
    nums, dates, named = [], [], []
    offsets, title_case = _offsets(s), _title_case(s)
    for k, w in enumerate(s.words):
        if _date_word(s, k):
            dates.append(w)
            continue
        v = number_value(s.raw[k])
        if v is None:
            continue
        near = [j for j in range(max(0, k - 2), min(len(s.words), k + 3))
                if j != k and s.words[j] not in WEEKDAYS and _date_word(s, j)]
        if near and _date_number(s.raw[k]):
            dates.append(v)
            continue
        name = name_before(s, k, offsets, title_case)
        if name is not None:
            named.append(f"{s.raw[k - 1]} {v}")
        else:
            nums.append(v)
    return nums, dates, named


def date_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Dates and weekdays that differ between two aligned sentences (both must state one).

    Only the date itself counts (month, weekday, day, year: :func:`_figures`); a figure next to a
    weekday is compared by :func:`number_changes`.
    """
    _, da, _ = _figures(origin)
    _, db, _ = _figures(copy)
    if da and db and sorted(da) != sorted(db):
        return [Change(kind="date", origin_text=origin.text, copy_text=copy.text,
                       detail=f"{' '.join(da)} -> {' '.join(db)}")]
    return []


def _by_name(items: list[str]) -> dict[str, list[str]]:
    """``"Name value"`` items grouped by folded name."""
    out: dict[str, list[str]] = {}
    for item in items:
        out.setdefault(fold(item.rsplit(" ", 1)[0]), []).append(item)
    return out


def _named_changes(gone: list[str], new: list[str], plain_gone: int, plain_new: int) -> tuple[list[str], list[str]]:
    """Which unmatched named numbers ("Name value") are changes, for each side.

    A name standing on both sides with another number is renumbered ("Boeing 737" -> "Boeing 747").
    A name with its number on one side only is a name added or dropped (an outlet "The 74" in a
    credit line the other side lacks), not a number change, unless the other side has more
    unmatched plain numbers than this one, which it then stands against: in a title-case headline
    "Toll Rises To 270" the "To" is no name, and against "Over 320" the 270 is a change.

    Args:
        gone, new: unmatched named numbers of the origin and of the copy.
        plain_gone, plain_new: how many plain numbers of each side are unmatched.

    Returns:
        ``(gone, new)`` to report: renumbered names as ``"Name value"``, stand-ins as bare values.
    """
    g, n = _by_name(gone), _by_name(new)
    both = sorted(g.keys() & n.keys())
    out_gone = [x for k in both for x in g[k]]
    out_new = [x for k in both for x in n[k]]
    only_gone = [x for k in g if k not in n for x in g[k]]
    only_new = [x for k in n if k not in g for x in n[k]]
    short = plain_gone - plain_new
    if short > 0:
        out_new += [x.rsplit(" ", 1)[1] for x in only_new[:short]]
    elif short < 0:
        out_gone += [x.rsplit(" ", 1)[1] for x in only_gone[:-short]]
    return out_gone, out_new


def _all_values(s: Sentence) -> set[str]:
    """Every number value a sentence states, as a figure, a date part or inside a name (:func:`_figures`)."""
    nums, dates, named = _figures(s)
    return set(nums) | {d for d in dates if d[:1].isdigit()} | {x.rsplit(" ", 1)[1] for x in named}


def _counted(s: Sentence, value: str) -> str:
    """The folded word after the first number token of ``value`` in ``s`` (what it counts: "days", "homes"), or ""."""
    for k, t in enumerate(s.raw):
        if number_value(t) == value:
            return s.words[k + 1] if k + 1 < len(s.words) else ""
    return ""


def _pair_by_context(gone: list[str], new: list[str], origin: Sentence, copy: Sentence) -> list[str]:
    """``new`` reordered so that a value counting the same thing as a ``gone`` value stands at its
    position ("270 people ... 3 days" against "4 days ... 320 people" pairs 270 with 320, 3 with 4);
    the others keep their order after the paired ones."""
    rest = list(new)
    out: list[str | None] = [None] * len(gone)
    for k, g in enumerate(gone):
        noun = _counted(origin, g.rsplit(" ", 1)[-1])
        hit = next((n for n in rest if noun and _counted(copy, n.rsplit(" ", 1)[-1]) == noun), None)
        if hit is not None:
            out[k] = hit
            rest.remove(hit)
    for k in range(len(out)):
        if out[k] is None and rest:
            out[k] = rest.pop(0)
    return [x for x in out if x is not None] + rest


def _qualifier_diff(copy: Sentence, origin: Sentence) -> tuple[list[str], list[str], list[str], list[str]]:
    """Qualifiers of numbers in each sentence and those whose meaning group (:data:`QUALIFIER_GROUPS`)
    one side lacks: ``(origin qualifiers, copy qualifiers, origin-only, copy-only)``, lower case."""
    qa = [q.lower() for q in _QUAL.findall(origin.text)]
    qb = [q.lower() for q in _QUAL.findall(copy.text)]
    ga, gb = Counter(_QUALIFIER_GROUP.get(q, q) for q in qa), Counter(_QUALIFIER_GROUP.get(q, q) for q in qb)

    def surplus(qs: list[str], other: list[str], extra: Counter) -> list[str]:
        # as many of a group as the other side lacks, those the other side does not write first
        picked = set()
        for k in sorted(range(len(qs)), key=lambda k: qs[k] in other):
            g = _QUALIFIER_GROUP.get(qs[k], qs[k])
            if extra[g] > 0:
                extra[g] -= 1
                picked.add(k)
        return [q for k, q in enumerate(qs) if k in picked]

    return qa, qb, surplus(qa, qb, ga - gb), surplus(qb, qa, gb - ga)


def number_changes(copy: Sentence, origin: Sentence, qualifiers: bool = True, context: tuple[set[str], set[str]] = (set(), set()),
                   firm: bool = True) -> list[Change]:
    """Numbers (and, with ``qualifiers``, a qualifier swapped for one of another meaning) that differ
    between two aligned sentences; dates are left to :func:`date_changes`, a qualifier added or
    removed to :func:`hedge_changes`.

    A number that is part of a name ("Apollo 11", "Fox 5", the outlet "The 74"; :func:`name_before`)
    is compared with the same name's number on the other side (:func:`_named_changes`): "Boeing 737"
    -> "Boeing 747" is a change, a credit "Lena Okafor/The 74" that the other side lacks is not.
    A value that the other sentence states in any role (figure, date part, inside a name), or that
    stands in a neighbouring sentence of the other side (``context``: a sentence split or merged),
    is never reported; several changed values are paired by what they count (:func:`_pair_by_context`).

    Args:
        copy, origin: the aligned sentences.
        qualifiers: compare qualifier meanings (off where the two languages' qualifiers are unknown).
        context: number values of the origin's and of the copy's neighbouring sentences.
        firm: the pair is aligned at the alignment threshold; a loosely matched pair (a gap pair,
            :func:`newstrace.provenance.align.gap_pairs`) reports a number only where both sides
            hold one that changed, since a number on one side only may be another sentence's.

    Returns:
        At most one ``number`` Change: "270, 3 -> 320, 4", "number added: 800", "number removed: 45",
        and/or "qualifier over -> under".
    """
    a, _, na = _figures(origin)
    b, _, nb = _figures(copy)
    in_a, in_b = _all_values(origin) | context[0], _all_values(copy) | context[1]
    gone = [x for x in a if x not in b]
    new = [x for x in b if x not in a]
    named_gone, named_new = _named_changes([x for x in na if x not in nb], [x for x in nb if x not in na],
                                           len(gone), len(new))
    # a value the other side states in any role is no change ("Pero tres" read as a name, "tres")
    gone = list(dict.fromkeys(x for x in gone + named_gone if x.rsplit(" ", 1)[-1] not in in_b))
    new = list(dict.fromkeys(x for x in new + named_new if x.rsplit(" ", 1)[-1] not in in_a))
    details = []
    if gone and new:
        details.append(f"{', '.join(gone)} -> {', '.join(_pair_by_context(gone, new, origin, copy))}")
    elif firm and gone:
        details.append(f"number removed: {', '.join(gone)}")
    elif firm and new:
        details.append(f"number added: {', '.join(new)}")
    if qualifiers and (a or b):
        qa, qb, only_a, only_b = _qualifier_diff(copy, origin)
        # a qualifier swapped for one of the same meaning ("more than" -> "over") is no change; one of
        # another meaning ("over" -> "under") changes the figure; one only added or removed is a hedge
        if only_a and only_b:
            details.append(f"qualifier {'/'.join(qa) or '-'} -> {'/'.join(qb) or '-'}")
    if not details:
        return []
    return [Change(kind="number", origin_text=origin.text, copy_text=copy.text, detail="; ".join(details))]


#: Hedges outside numbers (EN/ES/PT, folded): words and phrases that mark a claim as unconfirmed or
#: possible. One removed turns a report into an assertion; one added weakens it. Modal verbs count
#: ("may", "could"): "the dam could fail" and "the dam will fail" are different claims.
HEDGE_WORDS = frozenset(
    ["reportedly", "allegedly", "apparently", "purportedly", "supposedly", "possibly", "probably", "likely",
     "unlikely", "perhaps", "maybe", "presumably", "seemingly", "may", "might", "could", "alleged", "suspected",
     "unconfirmed", "presuntamente", "supuestamente", "posiblemente", "probablemente", "aparentemente", "quizas",
     "quiza", "podria", "podrian", "presunto", "presunta", "presuntos", "presuntas", "alegadamente",
     "possivelmente", "provavelmente", "talvez", "poderia", "poderiam", "suposto", "suposta"]
)
#: Hedging phrases (folded, matched on word boundaries).
HEDGE_PHRASES = ("is believed to", "are believed to", "is thought to", "are thought to", "is said to", "are said to",
                 "appears to", "appear to", "seems to", "seem to", "according to unconfirmed", "al parecer",
                 "segun fuentes", "se cree que", "ao que parece")
_HEDGE_PHRASE = re.compile(r"\b(" + "|".join(re.escape(p) for p in HEDGE_PHRASES) + r")\b")
#: Languages whose number qualifiers :data:`QUALIFIER_GROUPS` lists: a translation between two of
#: them may be compared on its qualifiers ("almost three months" -> "tres meses" drops the hedge).
QUALIFIER_LANGUAGES = frozenset({"en", "es", "pt"})


def _hedges(s: Sentence) -> list[str]:
    """Hedge words and phrases of a sentence (:data:`HEDGE_WORDS`, :data:`HEDGE_PHRASES`), folded,
    in reading order; "May" written with a capital is the month."""
    out = [w for w, r in zip(s.words, s.raw) if w in HEDGE_WORDS and not (w == "may" and r[:1].isupper())]
    return out + _HEDGE_PHRASE.findall(" ".join(s.words))


def hedge_changes(copy: Sentence, origin: Sentence, qualifiers: bool = True, words: bool = True) -> list[Change]:
    """Hedges and number qualifiers removed or added between two aligned sentences.

    A qualifier of a number ("almost three months" -> "three months", "son setecientos" -> "son cerca
    de setecientos") removed or added where the other side has none of that meaning group
    (:data:`QUALIFIER_GROUPS`; a swap between groups is a number change, :func:`number_changes`);
    a hedge word or phrase (:data:`HEDGE_WORDS`: "reportedly", "allegedly", "may", "could") removed
    or added where the other side has fewer of them (one hedge swapped for another is no change).

    Args:
        copy, origin: the aligned sentences.
        qualifiers: compare number qualifiers (both languages in :data:`QUALIFIER_LANGUAGES`).
        words: compare hedge words (one language: a translation's modal verbs are not listed).

    Returns:
        ``hedge`` Changes with both sentences and a detail "hedge removed: almost (before 3)" or
        "hedge added: al menos (before 30)".
    """
    out = []
    if qualifiers:
        _, _, only_a, only_b = _qualifier_diff(copy, origin)
        if not (only_a and only_b):
            for side, only, s in (("removed", only_a, origin), ("added", only_b, copy)):
                for q in only:
                    m = re.search(r"\b" + re.escape(q) + r"\s+(\S+)", s.text, re.IGNORECASE)
                    num = number_value(m.group(1).strip(".,;:")) if m else None
                    out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                                      detail=f"hedge {side}: {q}" + (f" (before {num})" if num else "")))
    if words:
        ha, hb = _hedges(origin), _hedges(copy)
        if len(ha) > len(hb):
            gone = [h for h in ha if h not in hb] or ha[len(hb):]
            out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                              detail=f"hedge removed: {', '.join(gone)}"))
        elif len(hb) > len(ha):
            added = [h for h in hb if h not in ha] or hb[len(ha):]
            out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                              detail=f"hedge added: {', '.join(added)}"))
    return out


def _base(word: str) -> str:
    """A folded word without the possessive ("maduro's" -> "maduro")."""
    return word.removesuffix("'s")


def _words(text: str) -> list[str]:
    return [fold(t) for t in tokens(text)]


def _negations(text: str) -> int:
    """How many negations a text holds (:data:`NEGATIONS`, and any "n't", whichever apostrophe is used)."""
    low = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    return sum(1 for t in re.findall(r"[\w']+", low) if t in NEGATIONS or t.endswith("n't"))


def _common_for_name(origin_word: str, copy_word: str) -> bool:
    """True when a name came back as an ordinary word: lower case, or a common English word (Zipf >= 3)
    clearly commoner than the name ("Armario" -> "Wardrobe", "Polis" -> "cops"). A word with a capital
    inside it ("BReed", "McAfee") is a handle or a name, never an ordinary word."""
    if copy_word[:1].islower():
        return True
    if any(ch.isupper() for ch in copy_word[1:]) and not copy_word.isupper():
        return False
    zc, zo = zipf(fold(copy_word)), zipf(fold(origin_word))
    return zc >= 3.0 and zc - zo >= 1.0


def quote_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Quotations altered between two aligned sentences; a change in negation parity is "meaning inverted".

    Quotations are paired by likeness (rapidfuzz ``fuzz.ratio`` of 50 or more), except where each
    sentence quotes one passage and the sentences keep most of their words (:func:`_kept` 0.6): then
    the one quotation stands where the other stood, however different ("described as “substantial”"
    -> "described as “significant”").
    """
    out = []
    qa, qb = quoted_spans(origin.text), quoted_spans(copy.text)
    single = len(qa) == 1 and len(qb) == 1 and _kept(copy, origin) >= 0.6
    if not qa and origin.quote_share >= 0.5:
        qa = [origin.text.strip("\"“”«» ")]
    if not qb and copy.quote_share >= 0.5:
        qb = [copy.text.strip("\"“”«» ")]
    for q in qa:
        if not qb:
            continue
        best = max(qb, key=lambda x: fuzz.ratio(q, x))
        score = fuzz.ratio(q, best)
        wq, wb = " ".join(_words(q)), " ".join(_words(best))
        # same words (only marks or case differ), or one holds the other word for word: the span read
        # as the quotation took in its attribution ("Relató que “yo crucé ...")
        if wq == wb or (score < 50 and not single) or (wq and wb and (wq in wb or wb in wq)):
            continue
        inverted = (_negations(q) % 2) != (_negations(best) % 2)
        detail = "meaning inverted (negation added or removed)" if inverted else f"quote altered ({score:.0f}% alike)"
        out.append(Change(kind="quote", origin_text=q, copy_text=best, detail=detail))
    return out


def word_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Names replaced (a surname rendered as a common noun: "Armario" -> "Wardrobe") and slant terms inserted."""
    ta, tb = origin.raw, copy.raw
    fa, fb = origin.words, copy.words
    out = []
    names = set(origin.names)
    fa = [_base(w) for w in fa]
    fb = [_base(w) for w in fb]
    names = {_base(w) for w in names}
    for op in Levenshtein.editops(fa, fb):
        if op.tag == "replace":
            o, c = ta[op.src_pos], tb[op.dest_pos]
            i, j = op.src_pos, op.dest_pos
            # an isolated one-for-one swap: the neighbouring words agree on both sides
            same_context = (i == 0 or j == 0 or fa[i - 1] == fb[j - 1]) and (
                i + 1 >= len(fa) or j + 1 >= len(fb) or fa[i + 1] == fb[j + 1])
            # a sentence-initial capital says nothing about a name ("Fearful" -> "fear")
            # a word that stands elsewhere in the other sentence was moved, not renamed
            # ("blamed the blackout on ... the U.S." -> "blamed the U.S. for the blackout")
            moved = fa[i] in fb or fb[j] in fa
            if (i > 0 and fa[i] in names and fb[j] != fa[i] and len(c) > 2 and same_context and not moved
                    and not number_value(c) and fa[i] not in DATE_WORDS):
                common = _common_for_name(o, c)
                detail = "name rendered as a common word" if common else "name altered"
                out.append(Change(kind="name", origin_text=o, copy_text=c, detail=detail))
        if op.tag in ("insert", "replace"):
            c = fb[op.dest_pos]
            if c in SLANT_TERMS and c[:5] not in {w[:5] for w in fa}:  # "regime" -> "régimen" is translated
                out.append(Change(kind="slant", origin_text=origin.text, copy_text=copy.text,
                                  detail=f"inserted {tb[op.dest_pos]!r}"))
    return out


#: A word at or above this English Zipf frequency is a function word ("that" 6.9, "of" 7.4; "result"
#: 5.1, "outages" 2.7): a rewording that only adds, drops or swaps such words ("said that" -> "said")
#: is no change of what the sentence says.
FUNCTION_ZIPF = 5.8
#: Two single words at least this alike (rapidfuzz ``fuzz.ratio``) are one word spelt two ways
#: ("paralyzed"/"paralysed" 89, "neighboring"/"neighbouring" 96), not a rewording.
SPELLING_RATIO = 80.0
#: Contractions that do not expand by replacing "n't" with "not" (compared folded, straight apostrophe).
_CONTRACTIONS = {"can't": "cannot", "won't": "willnot", "shan't": "shallnot", "it's": "itis", "that's": "thatis",
                 "there's": "thereis", "he's": "heis", "she's": "sheis", "i'm": "iam", "they're": "theyare"}
#: At most this many reworded spans are written in a detail; the rest are counted.
MAX_SPANS = 4


def _trivial_span(o: list[str], c: list[str]) -> bool:
    """Whether a differing span (folded words of each side) says nothing new: function words only,
    a spelling variant, or numbers, qualifiers and hedges, which their own changes report."""
    words = o + c
    if all(zipf(w) >= FUNCTION_ZIPF or not w[:1].isalnum() for w in words):
        return True
    jo, jc = (re.sub(r"\W", "", "".join(_CONTRACTIONS.get(w, w) for w in x).replace("n't", "not")) for x in (o, c))
    if jo == jc:  # "U.S.-backed" -> "US-backed", "is not" -> "isn't"
        return True
    short, long_ = (o, c) if len(o) < len(c) else (c, o)
    # a caption glued to the photo credit after it ("colombiana" -> "colombianaFoto: DW/O.")
    if len(short) == 1 and len(long_) > 1 and len(short[0]) >= 4 and long_[0].startswith(short[0]):
        return True
    if len(o) == 1 and len(c) == 1 and fuzz.ratio(o[0], c[0]) >= SPELLING_RATIO:
        return True
    own = _QUALIFIER_WORDS | HEDGE_WORDS | SLANT_TERMS
    return all(number_value(w) is not None or w in own or zipf(w) >= FUNCTION_ZIPF for w in words)


#: A loosely matched pair (a gap pair, under :data:`TAU`) keeping fewer of its words than this share
#: (difflib ratio over folded words) is two different sentences, not one reworded: nothing is said of
#: it. Measured on the provenance corpus: right gap pairs keep 0.48-0.62 (a spun sentence, a reworded
#: MT quote), wrong ones 0.14-0.32.
MIN_KEPT = 0.4
#: The same floor for pairs aligned at the threshold (wrong ones there kept 0.18 and 0.28 of their words).
MIN_KEPT_FIRM = 0.25
#: An inserted or removed span whose content words stand at least this share in a neighbouring
#: sentence of the other side was moved across a sentence split or merge, not added or removed.
NEIGHBOUR_SHARE = 0.8


def _content(words: list[str]) -> list[str]:
    return [w for w in words if w[:1].isalnum() and zipf(w) < FUNCTION_ZIPF]


def _in_neighbours(span: list[str], neighbours: set[str]) -> bool:
    """Whether a span of three or more content words stands mostly (:data:`NEIGHBOUR_SHARE`) in
    ``neighbours``; shorter spans share topic words with any neighbour ("Colombia border")."""
    content = _content(span)
    return len(content) >= 3 and sum(w in neighbours for w in content) >= NEIGHBOUR_SHARE * len(content)


#: Courtesy titles a house style puts for given names on later mentions ("Mr Dupont").
COURTESY_TITLES = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "sir", "dame", "madam", "monsieur", "madame",
                             "senor", "señor", "senora", "señora", "sr", "sra", "herr", "frau"})


def _courtesy_only(words: list[str]) -> bool:
    return bool(words) and all(w.rstrip(".").casefold() in COURTESY_TITLES for w in words)


def reworded_changes(copy: Sentence, origin: Sentence, skip: set[tuple[str, str]] = frozenset(),
                     neighbours: tuple[set[str], set[str]] = (set(), set()), firm: bool = True,
                     last: tuple[bool, bool] = (False, False)) -> list[Change]:
    """An aligned sentence said in other words: the spans of words that differ (difflib opcodes over
    folded words), leaving out trivial ones (:func:`_trivial_span`), spans wholly inside quotation
    marks on both sides (:func:`quote_changes` reports them) and names already reported as altered.
    A change in negation parity outside quotations is "meaning inverted".

    Words inserted that stand in a neighbouring origin sentence, or removed that stand in a
    neighbouring copy sentence (``neighbours``), crossed a sentence split or merge and are left out.
    A replaced span made of capitalised words inside the sentence on both sides ("Fitzmaurice/The 74"
    -> "Fitzmaurice/LA School Report", "CNN Business" -> "CNN Enterprise") is a ``name`` change.

    Args:
        copy, origin: the aligned sentences (one language).
        skip: ``(origin word, copy word)`` folded pairs already reported (renamed names).
        neighbours: folded words of the origin's and of the copy's neighbouring sentences.
        firm: the pair is aligned at the alignment threshold; a loose (gap) pair keeping fewer than
            :data:`MIN_KEPT` of its words (a firm one :data:`MIN_KEPT_FIRM`) is two different
            sentences and yields nothing.
        last: the origin's and the copy's sentence closes its text: words only the other side has
            after the end are where the excerpt or page was cut, not an addition or a removal.

    Returns:
        ``name`` Changes, then at most one ``reworded`` Change with both sentences and a detail such
        as "reworded: 'outages' -> 'power failures'; 'of' -> 'as a result of'".
    """
    fa, fb = [_base(w) for w in origin.words], [_base(w) for w in copy.words]
    qa = origin.quoted if len(origin.quoted) == len(fa) else [False] * len(fa)
    qb = copy.quoted if len(copy.quoted) == len(fb) else [False] * len(fb)
    matcher = SequenceMatcher(None, fa, fb, autojunk=False)
    if matcher.ratio() < (MIN_KEPT_FIRM if firm else MIN_KEPT):
        return []
    heading = _title_case(origin) and _title_case(copy)
    spans, out = [], []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        o, c = fa[i1:i2], fb[j1:j2]
        if _trivial_span(o, c) or (len(o) == 1 and len(c) == 1 and (o[0], c[0]) in skip):
            continue
        if all(qa[i1:i2]) and all(qb[j1:j2]):
            continue  # inside the quotation on both sides
        if (not c and _in_neighbours(o, neighbours[1])) or (not o and _in_neighbours(c, neighbours[0])):
            continue  # crossed a sentence split or merge
        if (not o and j2 == len(fb) and last[0]) or (not c and i2 == len(fa) and last[1]):
            continue  # the text was cut there
        ro, rc = " ".join(origin.raw[i1:i2]), " ".join(copy.raw[j1:j2])
        if _courtesy_only(origin.raw[i1:i2]) or _courtesy_only(copy.raw[j1:j2]):
            continue  # "Jean Dupont" -> "Mr Dupont" on second mention: house style, not another name
        if (o and c and i1 > 0 and j1 > 0 and not heading
                and all(t[:1].isupper() or t[:1].isdigit() for t in origin.raw[i1:i2] + copy.raw[j1:j2])):
            out.append(Change(kind="name", origin_text=ro, copy_text=rc, detail="name differs"))
            continue
        spans.append((tuple(o), tuple(c), ro, rc))
    # words removed in one place and inserted in another were moved, not changed
    moved = {o for o, c, _, _ in spans if not c} & {c for o, c, _, _ in spans if not o}
    spans = [f"{ro!r} -> {rc!r}" if ro and rc else (f"removed {ro!r}" if ro else f"added {rc!r}")
             for o, c, ro, rc in spans if not ((o and not c and o in moved) or (c and not o and c in moved))]
    if not spans:
        return out

    def unquoted(s: Sentence) -> str:
        return " ".join(r for r, q in zip(s.raw, s.quoted or [False] * len(s.raw)) if not q)

    inverted = (_negations(unquoted(origin)) % 2) != (_negations(unquoted(copy)) % 2)
    more = f" (+{len(spans) - MAX_SPANS} more)" if len(spans) > MAX_SPANS else ""
    detail = ("meaning inverted (negation added or removed); " if inverted else "") + \
        "reworded: " + "; ".join(spans[:MAX_SPANS]) + more
    return out + [Change(kind="reworded", origin_text=origin.text, copy_text=copy.text, detail=detail)]


def slant_in_additions(additions: list[Change], origin: list[Sentence]) -> list[Change]:
    """Slant terms (:data:`SLANT_TERMS`) in added copy text, outside quotations, that the origin
    nowhere uses (compared on 5-letter stems, so a translated "regime" is no slant): "the self-proclaimed president" in a new
    sentence slants the copy as much as in a reworded one.

    Returns:
        One ``slant`` Change per term, with the added text as copy text.
    """
    stems = {w[:5] for s in origin for w in s.words}
    out = []
    for ch in additions:
        unquoted = ch.copy_text
        for q in quoted_spans(ch.copy_text):  # a speaker's own word ("more radical," he said) is no slant
            unquoted = unquoted.replace(q, " ")
        for w, raw in zip(_words(unquoted), tokens(unquoted)):
            if w in SLANT_TERMS and w[:5] not in stems:
                stems.add(w[:5])  # once per term
                out.append(Change(kind="slant", copy_text=ch.copy_text, detail=f"inserted {raw!r}"))
    return out


#: Sentences of fewer words than this that do not close with sentence punctuation are links,
#: labels and menu items ("Pular para o menu principal", "Choose from 30 Languages", "In
#: Partnership with 74"), not paragraphs: a page's furniture, never an omission or an addition.
FRAGMENT_WORDS = 6
#: Least share of a line's words (joining words such as "+" and "and" aside) that are navigation
#: words (:data:`newstrace.structure.furniture.NAV_WORDS`, plus the site's name words of neither
#: page) for a line without closing punctuation to be a menu ("Today's Paper Search Latest
#: stories Listen Traffic Legislature ..." has 14 of 15).
NAV_SHARE = 0.75
#: Labels that open a link to another article ("read also"), EN/ES/PT/FR/DE, folded; followed by
#: a colon or a dash. Such a line names another story: page furniture, not an added paragraph.
READ_ALSO = ("read also", "also read", "read more", "see also", "related", "more on this", "recommended",
             "lea tambien", "lee tambien", "lea ademas", "ver tambien", "te puede interesar", "relacionado",
             "relacionada", "relacionadas", "relacionados", "leia tambem", "leia mais", "veja tambem",
             "saiba mais", "lire aussi", "a lire aussi", "voir aussi", "lesen sie auch", "mehr zum thema")
_READ_ALSO = re.compile(r"^\W*(?:" + "|".join(re.escape(x) for x in READ_ALSO) + r")\s*[:\-\u2013\u2014|]")
_NAV_WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
_NAV_NEUTRAL = frozenset("+ & and the of y e et und in to up out us my all".split())


def is_furniture(s: Sentence) -> bool:
    """Whether an unaligned sentence is page furniture rather than a paragraph of the article.

    Four kinds, each a rule over the line itself (no site's strings): a fragment of fewer than
    :data:`FRAGMENT_WORDS` words without closing punctuation (a link, label or menu item); a page
    title or breadcrumb without closing punctuation, its parts set apart by " | " (a byline
    line, :func:`newstrace.structure.byline.parse_byline`, is neither); a
    navigation bar, a line without closing punctuation whose words are at least
    :data:`NAV_SHARE` navigation words (:data:`newstrace.structure.furniture.NAV_WORDS`); a link
    to another story opening with a "read also" label (:data:`READ_ALSO`: "Lea También: ...").

    Args:
        s: an analysed sentence.

    Returns:
        True for furniture (bool).

    >>> from newstrace.provenance.text import analyse_sentence
    >>> [is_furniture(analyse_sentence(t)) for t in ("Skip to main content", "Read also: Port reopens",
    ...  "Home News Sport Weather Obits Puzzles + Games", "The port reopened on Monday after a week.")]
    [True, True, True, False]
    """
    text = s.text.strip()
    if _READ_ALSO.match(fold(text).casefold()):
        return True
    if _cut(s) and not parse_byline(text):  # a byline ("By Ann Lee, CNN") is the credit, never furniture
        # a page title or breadcrumb: "Headline | Site", "News from the UK | Sky News"
        if len(s.words) < FRAGMENT_WORDS or " | " in text:
            return True
        counted = [w.casefold() for w in _NAV_WORD.findall(text) if w.casefold() not in _NAV_NEUTRAL]
        if len(counted) >= 3 and sum(w in NAV_WORDS for w in counted) >= NAV_SHARE * len(counted):
            return True
    return False


#: Characters of a side's aligned text read to tell its language (enough for a confident decision).
LANGUAGE_SAMPLE = 1000


def _language(sents: list[Sentence], ks) -> str | None:
    """Language (:func:`newstrace.nlp.language.identify_language`) of the sentences ``ks`` read
    together (their first :data:`LANGUAGE_SAMPLE` characters)."""
    return identify_language(" ".join(sents[k].text for k in ks)[:LANGUAGE_SAMPLE])[0]


#: First code points of Unicode blocks and the writing system each starts (the blocks of the
#: languages news is written in; the rest of the Basic Multilingual Plane reads as "other").
_SCRIPT_STARTS = [(0x0000, "latin"), (0x0370, "greek"), (0x0400, "cyrillic"), (0x0530, "armenian"),
                  (0x0590, "hebrew"), (0x0600, "arabic"), (0x0700, "other"), (0x0900, "indic"),
                  (0x0E00, "thai"), (0x0E80, "other"), (0x1E00, "latin"), (0x1F00, "greek"), (0x2000, "other"),
                  (0x3040, "cjk"), (0xA000, "other"), (0xAC00, "hangul"), (0xD7B0, "other")]
_SCRIPT_KEYS = [start for start, _ in _SCRIPT_STARTS]


def _script(text: str) -> str:
    """The writing system most of the letters of ``text`` belong to (:data:`_SCRIPT_STARTS`:
    "latin", "cyrillic", "greek", "arabic", "cjk", ...), or "" without letters.

    >>> _script("Кризис в Венесуэле"), _script("Crisis en Venezuela"), _script("2019")
    ('cyrillic', 'latin', '')
    """
    scripts = Counter(_SCRIPT_STARTS[bisect_right(_SCRIPT_KEYS, ord(c)) - 1][1] for c in text if c.isalpha())
    return scripts.most_common(1)[0][0] if scripts else ""


#: Share of a sentence's words found among the words of its side's aligned text from which the
#: sentence is taken to be in that text's language without asking the language identifier:
#: a text's function words come back in every sentence of its language.
SAME_LANGUAGE_WORDS = 0.5


def _other_language(s: Sentence, language: str | None, script: str = "", vocabulary: frozenset[str] = frozenset()) -> bool:
    """Whether ``s`` is written in another language than ``language`` and ``script`` (those of
    its side's aligned text, whose folded words are ``vocabulary``): the other half of a
    bilingual page, which translates what is aligned, not a paragraph added or omitted. Another
    script (:func:`_script`) tells it at once; a sentence sharing :data:`SAME_LANGUAGE_WORDS` of
    its words with the aligned text is in its language; otherwise py3langid must name another
    language with confidence (:func:`newstrace.nlp.language.identify_language`)."""
    if script and _script(s.text) not in ("", script):
        return True
    if language is None or sum(w in vocabulary for w in s.words) >= SAME_LANGUAGE_WORDS * len(s.words):
        return False
    code = _sentence_language(s.text)
    return code is not None and code != language


@lru_cache(maxsize=8192)
def _sentence_language(text: str) -> str | None:
    """:func:`newstrace.nlp.language.identify_language` of one sentence, cached: the trace compares
    an article with several others, and its unaligned sentences come back with each."""
    return identify_language(text)[0]


#: A text's last sentence cut mid-sentence (an excerpt's end) is reported only from this many words
#: on: a shorter stub ("Más de 1,400 int") says too little to be read as a paragraph.
CUT_WORDS = 12
#: A sentence left unaligned whose words (folded, repeats counted) stand at least at this share
#: in one sentence of the other side, with a run of :data:`MOVED_RUN` words in order,
#: was merged into that sentence, split or moved ("Pero tres meses más tarde, Jiménez y otros 800
#: policías y militares ... atascados" into "En Colombia actualmente hay 800 policias y militares
#: atascados y muchos ..."): its text is still there, so it is neither omitted nor added.
MOVED_SHARE = 0.4
#: Fewest words in order that a merged or moved sentence shares with its new sentence.
MOVED_RUN = 4


def _bases(sents: list[Sentence]) -> list[tuple[list[str], Counter]]:
    """Folded words of each sentence without possessives (:func:`_base`), as a list and counted."""
    out = []
    for s in sents:
        ws = [_base(w) for w in s.words]
        out.append((ws, Counter(ws)))
    return out


def _moved_into(words: tuple[list[str], Counter], other: tuple[list[str], Counter]) -> bool:
    """Whether a sentence's words (:func:`_bases`) stand in the sentence ``other`` (its
    :func:`_bases`): :data:`MOVED_SHARE` of them, repeats counted, with a run of
    :data:`MOVED_RUN` words in order."""
    (ws, counts), (ow, present) = words, other
    if not ws or sum(counts[w] for w in counts.keys() & present.keys()) < MOVED_SHARE * len(ws):
        return False
    m = SequenceMatcher(None, ws, ow, autojunk=False)
    return max((b.size for b in m.get_matching_blocks()), default=0) >= MOVED_RUN


def _moved(s: Sentence, others: list[Sentence]) -> bool:
    """Whether the words of ``s`` stand in one of ``others`` (:func:`_moved_into`)."""
    (words,) = _bases([s])
    return any(_moved_into(words, o) for o in _bases(others))


def moved_pairs(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                min_words: int = 4) -> list[tuple[int, int, float]]:
    """Unaligned sentences of the two sides that are one sentence moved or reworded out of the
    alignment's order (:func:`_moved` either way, keeping at least :data:`MIN_KEPT` of their words
    in order): "“I don't see a way out,” he told ..." after the last aligned sentence of one side
    and "I don’t see a way out,” declared army major ..." after that of the other. They are compared
    like aligned pairs, as loose ones, so that what the copy changed in them is reported.

    Args:
        copy, origin: analysed sentences (one language).
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs.
        min_words: shorter sentences are not paired.

    Returns:
        ``(copy_index, origin_index, 0.0)`` per moved pair (similarity 0: never a firm pair), each
        sentence in one pair at most.
    """
    ci, oj = {i for i, _, _ in pairs}, {j for _, j, _ in pairs}
    free_o = [j for j in range(len(origin)) if j not in oj and len(origin[j].words) >= min_words
              and not is_furniture(origin[j])]
    if not free_o:
        return []
    bc, bo = _bases(copy), _bases(origin)
    out = []
    for i in range(len(copy)):
        if i in ci or len(copy[i].words) < min_words or is_furniture(copy[i]):
            continue
        scored = [(_kept(copy[i], origin[j]), j) for j in free_o
                  if _moved_into(bc[i], bo[j]) or _moved_into(bo[j], bc[i])]
        scored = [(k, j) for k, j in scored if k >= MIN_KEPT]
        if scored:
            _, j = max(scored)
            free_o.remove(j)
            out.append((i, j, 0.0))
    return out


def _tail_limits(sents: list[Sentence], last: int, keep) -> list[int]:
    """Character offsets, from the end of the last aligned sentence ``last``, at which each kept
    sentence after it starts (``keep(k)``), as ``[(k, offset)]``, plus the tail's kept length."""
    out, pos = [], 0
    for k in range(last + 1, len(sents)):
        if keep(k):
            out.append((k, pos))
            pos += len(sents[k].text) + 1
    return out, pos


def paragraph_changes(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                      min_words: int = 4, translated: bool = False) -> list[Change]:
    """Runs of unaligned sentences: omissions (origin only) and additions (copy only).

    Inside the aligned span every unaligned sentence counts. After the last aligned sentence of
    each side, where excerpts and pages are often cut, a sentence counts only where the other
    side goes on after its own last aligned sentence with other text at least as far as this
    sentence starts (counted in characters of reportable sentences from the end of the aligned
    span): in order, the other side then shows what stands at that place instead. A text that
    ends at its last aligned sentence may be an excerpt cut there or the whole article, which
    the text cannot tell (an excerpt may end on a full stop), so nothing after it on the other
    side is reported. Two excerpts cut at ~2,000 characters
    thus report what replaced what after their last shared sentence, not what lies beyond the
    other's cut. A text's last sentence, when cut mid-sentence, is reported only from
    :data:`CUT_WORDS` words on.

    Never reported: sentences of fewer than ``min_words`` words; page furniture
    (:func:`is_furniture`: links, menus, "read also" lines); a sentence repeating one aligned or
    reported before it (a headline a page shows twice); a sentence in another language than its
    side's aligned text (:func:`_other_language`: the other half of a bilingual page); and, within
    one language, a sentence merged into, split from or moved to a sentence of the other side
    (:func:`_moved`). Between two languages the alignment pairs only sentences sharing names and
    figures (:func:`newstrace.provenance.align.cross_language_alignment`), so a gap holding
    unaligned text on both sides is most likely translated text it could not pair: with
    ``translated`` a run is reported only where the other side's same gap holds no content sentence.

    Args:
        copy, origin: analysed sentences.
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs.
        min_words: sentences with fewer words (furniture, "Share") end a run and are not reported.
        translated: the two articles are in different languages.

    Returns:
        ``omission`` Changes (origin text) then ``addition`` Changes (copy text), in reading order.
    """
    out: list[Change] = []
    if not pairs:
        return out
    ci = sorted({i for i, _, _ in pairs})
    oj = sorted({j for _, j, _ in pairs})
    bases = {} if translated else {id(copy): _bases(copy), id(origin): _bases(origin)}
    languages: dict[int, tuple[str | None, str, frozenset[str]]] = {}  # read once, and only where a sentence is left to test

    def content(sents: list[Sentence], k: int, used: list[int], other: list[Sentence]) -> bool:
        s = sents[k]
        if len(s.words) < min_words or is_furniture(s) or (k == len(sents) - 1 and _cut(s) and len(s.words) < CUT_WORDS):
            return False
        if not translated and any(_moved_into(bases[id(sents)][k], o) for o in bases[id(other)]):
            return False
        if id(sents) not in languages:
            languages[id(sents)] = (_language(sents, used), _script(" ".join(sents[k].text for k in used)[:LANGUAGE_SAMPLE]),
                                    frozenset(w for k in used for w in sents[k].words))
        return not _other_language(s, *languages[id(sents)])

    keep_c = [content(copy, k, ci, origin) if k not in ci else False for k in range(len(copy))]
    keep_o = [content(origin, k, oj, copy) if k not in oj else False for k in range(len(origin))]
    tail_c, len_c = _tail_limits(copy, ci[-1], keep_c.__getitem__)
    tail_o, len_o = _tail_limits(origin, oj[-1], keep_o.__getitem__)
    for k, at in tail_c:
        keep_c[k] = at < len_o
    for k, at in tail_o:
        keep_o[k] = at < len_c

    def runs(sents: list[Sentence], used: set[int], keep: list[bool], start: int = 0) -> list[tuple[int, str]]:
        """``(gap, text)`` per run; the gap is how many aligned sentences precede the run."""
        groups, cur, gap = [], [], 0
        aligned = sorted(used)
        # a line the page repeats (a headline shown twice) is neither omitted nor added by the repeat
        said = {tuple(sents[k].words) for k in used}
        for k in range(start, len(sents)):
            if not keep[k] or tuple(sents[k].words) in said:
                if cur:
                    groups.append((gap, " ".join(cur)))
                    cur = []
                continue
            if not cur:
                gap = bisect_left(aligned, k)
            cur.append(sents[k].text)
            said.add(tuple(sents[k].words))
        if cur:
            groups.append((gap, " ".join(cur)))
        return groups

    omitted = runs(origin, set(oj), keep_o, oj[0])
    added = runs(copy, set(ci), keep_c)
    if translated:  # text on both sides of one gap: translated, not omitted and added
        gaps_o = {g for g, _ in runs(origin, set(oj), keep_o)}
        gaps_c = {g for g, _ in added}
        omitted = [(g, t) for g, t in omitted if g not in gaps_c]
        added = [(g, t) for g, t in added if g not in gaps_o]
    for _, text in omitted:
        out.append(Change(kind="omission", origin_text=text, detail="origin text missing from the copy"))
    for _, text in added:
        out.append(Change(kind="addition", copy_text=text, detail="copy text not in the origin"))
    return out


def _byline_line_credits(article) -> list[str]:
    """Who the byline lines set aside from ``article`` credit ("By Maren Olsby, Related Press" ->
    ``["Related Press"]``): the agency (:attr:`Byline.credit`) or, failing one, the outlet named
    there, which may be a garbled agency name no table knows, or else the last capitalised part the
    byline parser did not take for a person.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``residue`` with reason ``byline-line``).

    Returns:
        The names in reading order (list of str), empty when no byline line names anyone.
    """
    out = []
    for r in getattr(article, "residue", None) or []:
        if r.reason != "byline-line":
            continue
        b = parse_byline(r.text) or parse_byline(r.text, require_by=False)
        # a part the byline parser refused as a person ("Allied Press Service") stands where the credit does
        rest = [d for d in (b.dropped if b else []) if d[:1].isupper()]
        if b and (b.credit or b.outlet or rest):
            out.append(b.credit or b.outlet or rest[-1])
    return out


#: How alike (rapidfuzz ``fuzz.ratio``, 0-100, leading "the" dropped) an outlet must be to an agency
#: name to be that name garbled ("Related Press" / "The Associated Press" 69, "Affiliated Press" 75;
#: another outlet: "Free Press" 54, "Calder Press" 64, "Westford Ledger" 32).
GARBLED_NAME_RATIO = 66.0


def _garbled_name(outlet: str | None, credit: str) -> bool:
    """Whether ``outlet`` (an article's outlet, e.g. from its byline line) reads as ``credit`` garbled
    (:data:`GARBLED_NAME_RATIO`): a spun copy's rewritten agency name, which no agency table knows."""
    if not outlet:
        return False
    a, b = (re.sub(r"^the\s+", "", fold(x).strip()) for x in (outlet, credit))
    return a != b and fuzz.ratio(a, b) >= GARBLED_NAME_RATIO


def credit_changes(copy, origin) -> list[Change]:
    """Credit (agency) and byline dropped or changed, from the articles' structured fields.

    When the copy has no recognised credit but its byline line names someone else where the
    origin's byline line credits the agency ("By Maren Olsby, The Associated Press" -> "By Maren
    Olsby, Related Press"), the credit was changed, not dropped: the copy's name is reported.
    Articles loaded without their set-aside lines (the trace's light articles) fall back on the
    copy's outlet when it reads as the origin's credit garbled (:func:`_garbled_name`).

    Args:
        copy, origin: :class:`~newstrace.schema.Article` s.

    Returns:
        ``credit`` changes ("credit dropped" / "credit changed" / "byline dropped") and ``name``
        changes for renamed byline names.
    """
    out = []
    if origin.credit and copy.credit != origin.credit:
        instead = copy.credit or ""
        if not instead and fold(origin.credit) in {fold(c) for c in _byline_line_credits(origin)}:
            # the origin credits its agency in a byline line: the copy's byline line holds its credit
            others = [c for c in _byline_line_credits(copy) if fold(c) != fold(origin.credit)]
            instead = others[0] if others else ""
        if not instead and _garbled_name(copy.outlet, origin.credit):
            instead = copy.outlet
        out.append(Change(kind="credit", origin_text=origin.credit, copy_text=instead,
                          detail="credit dropped" if not instead else "credit changed"))
    ob, cb = list(origin.byline or []), list(copy.byline or [])
    if ob and not cb:
        out.append(Change(kind="credit", origin_text=", ".join(ob), copy_text="", detail="byline dropped"))
    elif cb and not ob:  # a republisher naming the reporter, or a byline the origin's page did not show
        out.append(Change(kind="credit", origin_text="", copy_text=", ".join(cb), detail="byline added"))
    elif ob and cb and [fold(x) for x in ob] != [fold(x) for x in cb]:
        for o, c in zip(ob, cb):
            if fold(o) != fold(c):
                common = any(_common_for_name(x, y) for x, y in zip(o.split(), c.split()) if fold(x) != fold(y))
                out.append(Change(kind="name", origin_text=o, copy_text=c,
                                  detail="byline name rendered as a common word" if common else "byline changed"))
    return out


def _kept(copy: Sentence, origin: Sentence) -> float:
    """Share of words two sentences keep in order (difflib ratio over folded words, 0..1)."""
    return SequenceMatcher(None, origin.words, copy.words, autojunk=False).ratio()


def _cut(s: Sentence) -> bool:
    """Whether a sentence stops without closing punctuation (an excerpt cut mid-sentence)."""
    return s.text.rstrip()[-1:] not in (".", "!", "?", '"', "\u201d", "'", "\u2019", ")")


def _neighbour_values(sents: list[Sentence], k: int) -> set[str]:
    """Number values of the sentences next to ``k`` (a copy may split or merge sentences)."""
    return set().union(*(_all_values(sents[x]) for x in (k - 1, k + 1) if 0 <= x < len(sents)))


def find_changes(copy_art, origin_art, copy: list[Sentence], origin: list[Sentence],
                 pairs: list[tuple[int, int, float]]) -> list[Change]:
    """All changes of a copy against its origin.

    Within one language every aligned pair, and every pair of unaligned sentences moved out of
    the alignment's order (:func:`moved_pairs`, as loose pairs), is compared on numbers,
    qualifiers and hedges, dates, quotations, names, slant and wording. Across languages words are translated, not changed, so
    only figures, number qualifiers (where both languages' qualifiers are listed,
    :data:`QUALIFIER_LANGUAGES`), names and slant are compared, and text left unaligned on both
    sides of one gap is not reported as omitted and added (:func:`paragraph_changes`).

    Args:
        copy_art, origin_art: the Articles (for credit, byline and language).
        copy, origin: their analysed sentences.
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs, in order; those under the
            alignment threshold (:data:`newstrace.provenance.align.TAU`) are gap pairs.

    Returns:
        Changes in reading order of the copy, then paragraph-level, slant in added text and credit changes.
    """
    out: list[Change] = []
    # across languages a qualifier or a month is translated, not changed ("more than" -> "más de",
    # "february" -> "febrero"): only the figures themselves are compared
    translated = bool(copy_art.language and origin_art.language and copy_art.language != origin_art.language)
    langs = {(copy_art.language or "en").split("-")[0], (origin_art.language or "en").split("-")[0]}
    qualifiers = not translated or langs <= QUALIFIER_LANGUAGES
    figures: set[tuple[int, int]] = set()  # pairs whose figures changed
    moved = [] if translated else moved_pairs(copy, origin, pairs)
    for i, j, sim in sorted(pairs + moved):
        if sim >= 0.999:
            continue
        context = (_neighbour_values(origin, j), _neighbour_values(copy, i))
        # a pair keeping few of its words (two different sentences) reports only numbers changed on both sides
        firm = sim >= TAU and (translated or _kept(copy[i], origin[j]) >= MIN_KEPT_FIRM)
        numbers = number_changes(copy[i], origin[j], qualifiers=not translated, context=context, firm=firm)
        if numbers:
            figures.add((i, j))
        out += numbers
        out += hedge_changes(copy[i], origin[j], qualifiers=qualifiers, words=not translated)
        if not translated:
            out += date_changes(copy[i], origin[j])
            out += quote_changes(copy[i], origin[j])
        words = word_changes(copy[i], origin[j])
        out += words
        if not translated:
            renamed = {(_base(fold(c.origin_text)), _base(fold(c.copy_text))) for c in words if c.kind == "name"}
            near = tuple({w for x in (k - 1, k + 1) if 0 <= x < len(ss) for w in ss[x].words}
                         for ss, k in ((origin, j), (copy, i)))
            out += reworded_changes(copy[i], origin[j], renamed, near, firm=sim >= TAU,
                                    last=(j == len(origin) - 1 and _cut(origin[j]), i == len(copy) - 1 and _cut(copy[i])))
    # a pair keeping few of its words is one sentence replaced by another (omitted and added text),
    # unless its figures stand against each other (a sentence reworded by machine translation)
    inner = sorted(pairs)[1:-1]
    replaced = {(i, j) for i, j, sim in inner if not translated and (i, j) not in figures
                and _kept(copy[i], origin[j]) < (MIN_KEPT if sim < TAU else MIN_KEPT_FIRM)}
    kept_pairs = [p for p in pairs if (p[0], p[1]) not in replaced]
    paragraphs = paragraph_changes(copy, origin, kept_pairs, translated=translated)
    out += paragraphs
    out += slant_in_additions([c for c in paragraphs if c.kind == "addition"], origin)
    out += credit_changes(copy_art, origin_art)
    return out
