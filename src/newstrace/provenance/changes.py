"""What a copy changed: numbers, quotes (incl. meaning inverted), names, slant, credit, omitted and added paragraphs.

Every change carries the origin's and the copy's words. Word-level differences come from
Levenshtein edit operations over the two aligned sentences' tokens (rapidfuzz), so a change is
reported only inside an aligned pair, never between unrelated sentences.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

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
from newstrace.schema import Change

#: Qualifiers of a number; a copy that swaps or adds one ("about" -> "at least") changes the claim.
QUALIFIERS = (
    "more than", "over", "at least", "about", "around", "nearly", "almost", "some", "up to", "fewer than",
    "less than", "roughly", "approximately", "cerca de", "al menos", "más de", "casi", "unos", "mais de",
    "pelo menos", "cerca",
)
#: Loaded terms that, inserted next to a name or an institution, slant a story (EN/ES/PT; extend freely).
SLANT_TERMS = frozenset(
    ["self-proclaimed", "so-called", "regime", "puppet", "agent", "dictator", "dictatorship", "usurper", "illegitimate", "terrorist", "thug", "thugs", "mob", "radical", "extremist", "corrupt", "traitor", "autoproclamado", "autoproclamada", "supuesto", "títere", "agente", "dictador", "dictadura", "régimen", "usurpador", "ilegítimo", "terrorista", "golpista", "autoproclamado"]
)
# a qualifier counts only before a number ("over 320", "more than 3,200", "about three"), not as
# a preposition ("over the bridge", "about the plan")
_QUAL = re.compile(r"\b(" + "|".join(re.escape(q) for q in QUALIFIERS) + r")\b(?=\s+(?:\d|(?:"
                   + "|".join(NUMBER_WORDS) + r")\b))", re.IGNORECASE)


def _figures(s: Sentence) -> tuple[list[str], list[str]]:
    """Numbers of a sentence split into figures and date parts (a number next to a month name, weekday names)."""
    nums, dates = [], []
    for k, w in enumerate(s.words):
        if w in DATE_WORDS:
            dates.append(w)
            continue
        v = number_value(s.raw[k])
        if v is None:
            continue
        near = set(s.words[max(0, k - 2) : k + 3]) - {s.words[k]}  # "February 23", "23 de febrero"
        (dates if near & DATE_WORDS else nums).append(v)
    return nums, dates


def date_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Dates and weekdays that differ between two aligned sentences (both must state one)."""
    _, da = _figures(origin)
    _, db = _figures(copy)
    if da and db and sorted(da) != sorted(db):
        return [Change(kind="date", origin_text=origin.text, copy_text=copy.text,
                       detail=f"{' '.join(da)} -> {' '.join(db)}")]
    return []


def number_changes(copy: Sentence, origin: Sentence, qualifiers: bool = True) -> list[Change]:
    """Numbers (and, with ``qualifiers``, their qualifiers) that differ between two aligned sentences;
    dates are left to :func:`date_changes`."""
    a, _ = _figures(origin)
    b, _ = _figures(copy)
    gone = [x for x in a if x not in b]
    new = [x for x in b if x not in a]
    qa = sorted(q.lower() for q in _QUAL.findall(origin.text))
    qb = sorted(q.lower() for q in _QUAL.findall(copy.text))
    details = []
    if gone or new:
        details.append(f"{', '.join(gone) or '-'} -> {', '.join(new) or '-'}")
    if qualifiers and qa != qb and (a or b):
        details.append(f"qualifier {'/'.join(qa) or '-'} -> {'/'.join(qb) or '-'}")
    if not details:
        return []
    return [Change(kind="number", origin_text=origin.text, copy_text=copy.text, detail="; ".join(details))]


def _base(word: str) -> str:
    """A folded word without the possessive ("maduro's" -> "maduro")."""
    return word.removesuffix("'s")


def _words(text: str) -> list[str]:
    return [fold(t) for t in tokens(text)]


def _negations(text: str) -> int:
    return sum(1 for t in re.findall(r"[\w']+", text.casefold()) if t in NEGATIONS or t.endswith("n't"))


def _common_for_name(origin_word: str, copy_word: str) -> bool:
    """True when a name came back as an ordinary word: lower case, or a common English word (Zipf >= 3)
    clearly commoner than the name ("Armario" -> "Wardrobe", "Polis" -> "cops")."""
    if copy_word[:1].islower():
        return True
    zc, zo = zipf(fold(copy_word)), zipf(fold(origin_word))
    return zc >= 3.0 and zc - zo >= 1.0


def quote_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Quotations altered between two aligned sentences; a change in negation parity is "meaning inverted"."""
    out = []
    qa, qb = quoted_spans(origin.text), quoted_spans(copy.text)
    if not qa and origin.quote_share >= 0.5:
        qa = [origin.text.strip("\"“”«» ")]
    if not qb and copy.quote_share >= 0.5:
        qb = [copy.text.strip("\"“”«» ")]
    for q in qa:
        if not qb:
            continue
        best = max(qb, key=lambda x: fuzz.ratio(q, x))
        score = fuzz.ratio(q, best)
        if _words(q) == _words(best) or score < 50:  # same words: only marks or case differ
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
            if c in SLANT_TERMS and c not in fa:
                out.append(Change(kind="slant", origin_text=origin.text, copy_text=copy.text,
                                  detail=f"inserted {tb[op.dest_pos]!r}"))
    return out


def paragraph_changes(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                      min_words: int = 4) -> list[Change]:
    """Runs of unaligned sentences inside the aligned span: omissions (origin only) and additions (copy only).

    Text after the last aligned sentence is not reported: excerpts and pages are often cut there.
    """
    out: list[Change] = []
    if not pairs:
        return out
    ci = {i for i, _, _ in pairs}
    oj = {j for _, j, _ in pairs}
    last_c, last_o = max(ci), max(oj)

    def runs(sents: list[Sentence], used: set[int], end: int) -> list[str]:
        groups, cur = [], []
        for k in range(end):
            if k in used or len(sents[k].words) < min_words:
                if cur:
                    groups.append(" ".join(cur))
                    cur = []
                continue
            cur.append(sents[k].text)
        if cur:
            groups.append(" ".join(cur))
        return groups

    first_o = min(oj)
    for text in runs(origin, oj | set(range(first_o)), last_o):
        out.append(Change(kind="omission", origin_text=text, detail="origin text missing from the copy"))
    for text in runs(copy, ci, last_c):
        out.append(Change(kind="addition", copy_text=text, detail="copy text not in the origin"))
    return out


def credit_changes(copy, origin) -> list[Change]:
    """Credit (agency) and byline dropped or changed, from the articles' structured fields."""
    out = []
    if origin.credit and copy.credit != origin.credit:
        out.append(Change(kind="credit", origin_text=origin.credit, copy_text=copy.credit or "",
                          detail="credit dropped" if not copy.credit else "credit changed"))
    ob, cb = list(origin.byline or []), list(copy.byline or [])
    if ob and not cb:
        out.append(Change(kind="credit", origin_text=", ".join(ob), copy_text="", detail="byline dropped"))
    elif ob and cb and [fold(x) for x in ob] != [fold(x) for x in cb]:
        for o, c in zip(ob, cb):
            if fold(o) != fold(c):
                common = any(_common_for_name(x, y) for x, y in zip(o.split(), c.split()) if fold(x) != fold(y))
                out.append(Change(kind="name", origin_text=o, copy_text=c,
                                  detail="byline name rendered as a common word" if common else "byline changed"))
    return out


def find_changes(copy_art, origin_art, copy: list[Sentence], origin: list[Sentence],
                 pairs: list[tuple[int, int, float]]) -> list[Change]:
    """All changes of a copy against its origin.

    Args:
        copy_art, origin_art: the Articles (for credit and byline).
        copy, origin: their analysed sentences.
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs, in order.

    Returns:
        Changes in reading order of the copy, then paragraph-level and credit changes.
    """
    out: list[Change] = []
    # across languages a qualifier or a month is translated, not changed ("more than" -> "más de",
    # "february" -> "febrero"): only the figures themselves are compared
    translated = bool(copy_art.language and origin_art.language and copy_art.language != origin_art.language)
    for i, j, sim in pairs:
        if sim >= 0.999:
            continue
        out += number_changes(copy[i], origin[j], qualifiers=not translated)
        if not translated:
            out += date_changes(copy[i], origin[j])
        out += quote_changes(copy[i], origin[j])
        out += word_changes(copy[i], origin[j])
    out += paragraph_changes(copy, origin, pairs)
    out += credit_changes(copy_art, origin_art)
    return out
