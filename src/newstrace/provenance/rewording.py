"""Wording changed inside an aligned sentence pair: quotations altered or inverted, names, slant, reworded spans."""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from newstrace.provenance.figures import (
    _GLUED_SCALE,
    _QUALIFIER_WORDS,
    SCALE_WORDS,
    _offsets,
    _title_case,
    token_value,
)
from newstrace.provenance.hedges import HEDGE_WORDS
from newstrace.provenance.text import (
    DATE_WORDS,
    NEGATIONS,
    PRONOUN_CLASS,
    Sentence,
    fold,
    is_abbreviation,
    is_acronym_of,
    is_inflection,
    is_spelling_variant,
    number_value,
    quoted_spans,
    tokens,
    zipf,
)
from newstrace.schema import Change

#: Loaded terms that, inserted next to a name or an institution, slant a story (EN/ES/PT; folded;
#: extend freely). Two kinds of words, following the bias lexicon of Recasens, Danescu-Niculescu-Mizil
#: & Jurafsky (2013, "Linguistic Models for Analyzing and Detecting Biased Language", ACL), whose
#: framing bias is one-sided or subjective words a neutral text would not use: labels that deny a
#: person's or government's standing ("self-proclaimed", "so-called", "regime", "puppet",
#: "usurper"), and labels that judge or stigmatise a person or group before any fact is told
#: ("disgraced", "embattled", "notorious", "infamous", "self-styled", "firebrand", "radical",
#: "extremist", "thug"). Only words that news prose uses as labels and a neutral wire story avoids
#: (the AP Stylebook's cautions on labels); words neutral in most news sentences ("militant",
#: "controversial", "hardline") are left out, as are their uses inside a quotation (the speaker's word).
SLANT_TERMS = frozenset(fold(w) for w in
    ["self-proclaimed", "so-called", "regime", "puppet", "agent", "dictator", "dictatorship", "usurper", "illegitimate",
     "terrorist", "thug", "thugs", "mob", "radical", "extremist", "corrupt", "traitor", "disgraced", "embattled",
     "notorious", "infamous", "self-styled", "firebrand", "scandal-hit", "scandal-plagued", "autoproclamado",
     "autoproclamada", "supuesto", "títere", "agente", "dictador", "dictadura", "régimen", "usurpador", "ilegítimo",
     "terrorista", "golpista", "desacreditado", "desacreditada", "ditador", "ditadura", "fantoche", "ilegítima"])

#: Neutral verbs of attribution (quotation cues): what a wire story writes for any statement.
NEUTRAL_CUES = frozenset(["say", "says", "said", "saying", "tell", "tells", "told", "stated", "added", "noted",
                          "explained"])
#: Attribution verbs that take a side on what is said: the assertive and factive verbs of Recasens
#: et al. (2013; after Hooper 1975) that make a statement doubtful ("claimed", "alleged",
#: "insisted") or true and damaging ("admitted", "conceded", "confessed"), or mock it ("boasted").
#: Written for "said" next to the same speaker, one turns a report into a judgement
#: (epistemological bias). Folded; all inflections listed.
LOADED_CUES = frozenset(
    ["claim", "claims", "claimed", "claiming", "allege", "alleges", "alleged", "insist", "insists", "insisted",
     "insisting", "admit", "admits", "admitted", "admitting", "concede", "concedes", "conceded", "confess",
     "confesses", "confessed", "boast", "boasts", "boasted", "boasting", "contend", "contends", "contended",
     "assert", "asserts", "asserted", "purport", "purports", "purported"])
#: Verbs of attribution, neutral or loaded.
_ATTRIBUTION_VERBS = NEUTRAL_CUES | LOADED_CUES
#: Verbs next to which a name speaks a quotation (:func:`_speaker_of_quote`): the verbs of
#: attribution and other cues, English, Spanish and Portuguese.
_QUOTE_CUES = _ATTRIBUTION_VERBS | {"according", "asked", "replied", "warned", "wrote", "declared", "dijo", "afirmo",
                                    "declaro", "disse", "afirmou", "declarou"}
#: Pronouns that stand for a speaker as well as a name does.
_SPEAKER_PRONOUNS = frozenset(["he", "she", "they", "it", "we", "i"])
#: Of those, the ones that stand for a person named in another sentence ("..., he said"; "she told
#: reporters"); "it" is an organisation, "we" and "I" the speaker's own side.
_SPEAKING_PRONOUNS = _SPEAKER_PRONOUNS - {"it", "we", "i"}


def _base(word: str) -> str:
    """A folded word without the possessive ("maduro's" -> "maduro")."""
    return word.removesuffix("'s")


def _bases(s: Sentence) -> list[str]:
    """The sentence's folded words without possessives (:func:`_base`), parallel to ``words``; kept on
    the sentence, as :func:`word_changes` and :func:`reworded_changes` both read them for every pair
    it is in. Callers must not change the list."""
    cached = s.__dict__.get("_bases")
    if cached is None:
        cached = s.__dict__["_bases"] = [_base(w) for w in s.words]
    return cached


def _words(text: str) -> list[str]:
    return [fold(t) for t in tokens(text)]


#: Words within which a negative word after a negation is negative concord, one negation (:func:`_negations`).
_CONCORD_WORDS = 6
#: What follows "no" when it is the number sign ("scheme no. 3", "No 10 Downing Street"), not a negation.
_NUMBER_SIGN = re.compile(r"\.?\s*\d")
#: What follows "no" when it bounds a figure ("no less than 72 hours" is "at least 72 hours", "no más
#: de", "não mais que"): a qualifier (:data:`~newstrace.provenance.figures.QUALIFIER_GROUPS`), not a
#: negated clause (a new-user test read a spun "at least" -> "no less than" as "meaning inverted").
_BOUND = re.compile(r"\s+(?:less|more|fewer|greater|later|earlier|longer|sooner|higher|lower|menos|m[aá]s|mais)\b")


def _negations(text: str) -> int:
    """How many negations a text holds (:data:`NEGATIONS`, and any "n't", whichever apostrophe is used;
    "no" before a figure is the number sign)."""
    low = text.casefold().replace("\u2019", "'").replace("\u2018", "'")
    count, last = 0, -99
    for k, m in enumerate(re.finditer(r"[\w']+|[,;:.!?]", low)):
        t = m.group()
        if t in ",;:.!?":
            last = -99  # a clause ends
        elif (t in NEGATIONS or t.endswith("n't")) and not (t in ("no", "não") and (
                _NUMBER_SIGN.match(low, m.end()) or _BOUND.match(low, m.end()))):
            # negative concord, as a translation from a Romance language writes it ("not going to leave
            # nobody", "no vamos a dejar a nadie"): a second negation in the clause is the same one
            if k - last > _CONCORD_WORDS or t in ("not", "never") or t.endswith("n't"):
                count += 1
            last = k
    return count


def parity_differs(a: str, b: str) -> bool:
    """Whether two texts differ in negation parity (:func:`_negations`): one negates what the other asserts."""
    return _negations(a) % 2 != _negations(b) % 2


def negation_differs(copy: Sentence, origin: Sentence) -> bool:
    """Whether two aligned sentences differ in negation parity (:func:`_negations` over the whole
    text, quotations included): "did not respond" -> "did respond" inverts the claim however alike
    the words are (one short word of weight 0.1 leaves them at 0.98-1.00 similarity)."""
    return parity_differs(copy.text, origin.text)


def meaning_flipped(copy: Sentence, origin: Sentence) -> bool:
    """Whether an aligned pair inverts its claim: a negation added or removed (:func:`negation_differs`)
    or a word swapped for its opposite in one frame (:func:`antonym_swaps`: "rose" -> "fell")."""
    return negation_differs(copy, origin) or bool(antonym_swaps(_bases(origin), _bases(copy)))


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
    """Quotations altered between two aligned sentences; a change in negation parity, or a word swapped
    for its opposite (:func:`antonym_swaps`), is "meaning inverted".

    Quotations are paired by likeness (rapidfuzz ``fuzz.ratio`` of 50 or more), except where each
    sentence quotes one passage and the sentences keep most of their words (:func:`_kept` 0.6): then
    the one quotation stands where the other stood, however different ("described as “substantial”"
    -> "described as “significant”").
    """
    out = []
    qa, qb = quoted_spans(origin.text), quoted_spans(copy.text)
    single = len(qa) == 1 and len(qb) == 1 and _kept(copy, origin) >= 0.6
    if not qa and origin.quote_share >= 0.5:
        qa = [_open_quotation(origin.text)]
    if not qb and copy.quote_share >= 0.5:
        qb = [_open_quotation(copy.text)]
    for q in qa:
        if not qb:
            continue
        best = max(qb, key=lambda x: fuzz.ratio(q, x))
        score = fuzz.ratio(q, best)
        wq, wb = _house_style(" ".join(_words(q))), _house_style(" ".join(_words(best)))
        # same words (only marks or case differ), or one holds the other word for word: the span read
        # as the quotation took in its attribution ("Relató que “yo crucé ...")
        if wq == wb or (score < 50 and not single) or (wq and wb and (wq in wb or wb in wq)) \
                or _cut_short(wq.split(), wb.split()) or _cut_short(wb.split(), wq.split()) \
                or _spelt_otherwise(wq.split(), wb.split()):
            continue
        inverted = parity_differs(q, best)
        flipped = antonym_swaps(wq.split(), wb.split())
        detail = ("meaning inverted (negation added or removed)" if inverted else
                  _antonym_detail(flipped) if flipped else
                  f"quote altered ({score:.0f}% alike)")
        out.append(Change(kind="quote", origin_text=q, copy_text=best, detail=detail))
    return out


#: Word pairs of opposite meaning whose swap, one word for the other in an otherwise kept passage,
#: inverts a claim ("has stopped listening" -> "has started listening": a new-user test read it
#: "quote altered (95% alike)"). English, folded, both directions; a spinner swaps synonyms, never
#: these. Written for this purpose (no antonym lexicon is installed).
ANTONYMS: dict[str, str] = {}
for _a, _b in (("stop", "start"), ("stopped", "started"), ("stops", "starts"), ("rise", "fall"), ("rose", "fell"),
               ("rises", "falls"), ("risen", "fallen"), ("increase", "decrease"), ("increased", "decreased"),
               ("increases", "decreases"), ("support", "oppose"), ("supports", "opposes"), ("supported", "opposed"),
               ("accept", "reject"), ("accepted", "rejected"), ("accepts", "rejects"), ("allow", "ban"),
               ("allowed", "banned"), ("win", "lose"), ("won", "lost"), ("wins", "loses"), ("guilty", "innocent"),
               ("true", "false"), ("legal", "illegal"), ("safe", "unsafe"), ("always", "never"), ("more", "less"),
               ("higher", "lower"), ("approve", "reject"), ("approved", "rejected"), ("agree", "disagree"),
               ("agreed", "disagreed"), ("before", "after"), ("confirmed", "denied"), ("confirm", "deny"),
               ("confirms", "denies"), ("can", "cannot"), ("will", "won't"), ("lift", "impose"), ("lifted", "imposed"),
               ("open", "close"), ("opened", "closed"), ("up", "down")):
    ANTONYMS[_a], ANTONYMS[_b] = _b, _a


def framed_swaps(origin_words: list[str], copy_words: list[str], swapped) -> list[tuple[str, str]]:
    """One-for-one word replacements (Levenshtein edit operations) for which ``swapped(origin word,
    copy word)`` holds, each with an equal word beside it on at least one side, so the two words
    stand in one frame ("has stopped listening" -> "has started listening", "his niece" -> "her niece").

    Returns:
        ``(origin word, copy word)`` pairs, in the origin's order.
    """
    out = []
    for op in Levenshtein.editops(origin_words, copy_words):
        if op.tag != "replace":
            continue
        i, j = op.src_pos, op.dest_pos
        x, y = origin_words[i], copy_words[j]
        if swapped(x, y):
            before = i > 0 and j > 0 and origin_words[i - 1] == copy_words[j - 1]
            after = i + 1 < len(origin_words) and j + 1 < len(copy_words) and origin_words[i + 1] == copy_words[j + 1]
            if before or after:
                out.append((x, y))
    return out


def antonym_swaps(origin_words: list[str], copy_words: list[str]) -> list[tuple[str, str]]:
    """Words swapped for their opposite (:data:`ANTONYMS`) in one frame (:func:`framed_swaps`).

    Returns:
        ``(origin word, copy word)`` pairs, in the origin's order.
    """
    return framed_swaps(origin_words, copy_words, is_antonym)


def is_antonym(origin_word: str, copy_word: str) -> bool:
    """Whether two folded words are opposites in :data:`ANTONYMS` ("rose", "fell")."""
    return ANTONYMS.get(origin_word) == copy_word


def _antonym_detail(pairs: list[tuple[str, str]]) -> str:
    """The change detail for words swapped for their opposite: "meaning inverted (antonym: 'rose' -> 'fell')"."""
    return "meaning inverted (antonym: " + ", ".join(f"{x!r} -> {y!r}" for x, y in pairs) + ")"


#: House-style spellings that say the same word ("per cent" / "percent", "pct"), compared as one in quotations.
_HOUSE_STYLE = ((re.compile(r"\bper cent\b"), "percent"), (re.compile(r"\bpct\b"), "percent"))


def _house_style(words: str) -> str:
    """Folded quotation words with house-style spellings made one ("per cent" -> "percent"): a copy that
    writes its style into a quotation has not altered what was said (a re-test: "quote altered")."""
    for pattern, same in _HOUSE_STYLE:
        words = pattern.sub(same, words)
    return words


def _spelt_otherwise(a: list[str], b: list[str]) -> bool:
    """Whether two word lists differ only in British and American spellings ("neighbours" /
    "neighbors": a hold-out test read "quote differs (100% alike)")."""
    return len(a) == len(b) and all(x == y or is_spelling_variant(x, y) for x, y in zip(a, b))


def _open_quotation(text: str) -> str:
    """A mostly quoted sentence whose quotation opens or closes outside it (cut at the text's end, or
    opened or closed in a neighbouring sentence): the words from its opening mark on ("She said: “The
    editors ..." -> "The editors ..."), or up to its closing mark ('It was a tragedy," she said.').
    """
    m = re.search(r"[“«„]|(?:^|\s)\"", text)
    if m:
        return text[m.end():].strip("\"“”«» ")
    # opened in an earlier sentence: it runs to its closing mark, not over the attribution after it
    # ('It was a tragedy," she said.' -> '... she stated.' is no altered quotation: a new-user test)
    end = re.search(r"[”»]|\"(?=[\s,.;:!?]|$)", text)
    return (text[:end.start()] if end else text).strip("\"“”«» ")


def _cut_short(short: list[str], full: list[str]) -> bool:
    """A quotation that stops mid-word at an excerpt's or page's end: its words open the other's,
    the last one cut ("... it was a wit" against "... it was a witness"), so it is not altered."""
    n = len(short)
    return 3 <= n <= len(full) and short[:-1] == full[: n - 1] and full[n - 1].startswith(short[-1])


#: Detail of a ``quote`` Change whose quotation a copy gives to another speaker.
ATTRIBUTED = "quotation attributed to another speaker"


def renamed_pairs(changes: list[Change]) -> set[tuple[str, str]]:
    """``(origin name, copy name)`` folded (no possessive) of the names :func:`word_changes` reported
    replaced, as a ``name`` Change or as a quotation given to another speaker."""
    out = set()
    for c in changes:
        if c.kind == "name":
            out.add((_base(fold(c.origin_text)), _base(fold(c.copy_text))))
        elif c.kind == "quote" and c.detail.startswith(ATTRIBUTED + ": "):
            o, _, n = c.detail[len(ATTRIBUTED) + 2:].partition(" -> ")
            out.add((_base(fold(o)), _base(fold(n))))
    return out


def _can_speak(s: Sentence, k: int) -> bool:
    """Whether token ``k`` can name a speaker: a capitalised word (a name), a pronoun, or a content
    word ("force", "organisers"), not a function word ("the budget" after "claimed" is its object)."""
    w = s.words[k]
    return w in _SPEAKER_PRONOUNS or s.raw[k][:1].isupper() or (w.isalpha() and zipf(w) < FUNCTION_ZIPF)


def _cue_swaps(a: Sentence, b: Sentence) -> list[tuple[int, int]]:
    """``(k in a, j in b)`` for each loaded verb of attribution of ``b`` (:data:`LOADED_CUES`, outside
    a quotation, its lemma absent from ``a``) standing next to a speaker that ``a`` has next to
    another verb of attribution, on the same side ("Varga said" / "Varga claimed"). The speaker
    may be any word the two sentences share there, not only a name or pronoun: "the force said" ->
    "the force claimed", "organisers said" -> "organisers admitted" (a new-user test); the verb of
    attribution in ``a`` at the same place is what makes the swap one of attribution."""
    fa, fb = _bases(a), _bases(b)
    qb = b.quoted if len(b.quoted) == len(fb) else [False] * len(fb)
    stems = {w[:5] for w in fa}
    out = []
    for j, w in enumerate(fb):
        if w not in LOADED_CUES or qb[j] or w[:5] in stems:
            continue
        for d in (-1, 1):
            if not (0 <= j + d < len(fb) and not qb[j + d] and _can_speak(b, j + d)):
                continue
            hit = next((x - d for x, v in enumerate(fa) if v == fb[j + d]
                        and 0 <= x - d < len(fa) and fa[x - d] in _ATTRIBUTION_VERBS), None)
            if hit is not None:
                out.append((hit, j))
                break
    return out


def attribution_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Verbs of attribution that take a side, swapped in next to the same speaker: "Varga said" ->
    "Varga claimed" (or "admitted", "insisted", "alleged", "conceded", "confessed", "boasted";
    :data:`LOADED_CUES`), a loaded verb made neutral ("claimed" -> "said"), or one loaded verb for
    another. Epistemological bias in the sense of Recasens, Danescu-Niculescu-Mizil & Jurafsky
    (2013): the verb presupposes the statement false or true, where "said" takes no side.

    Args:
        copy, origin: the aligned sentences (one language; the lists are English).

    Returns:
        ``slant`` Changes with both sentences and a detail "attribution verb 'said' -> 'claimed'".
    """
    # (origin token, copy token): loaded verbs the copy added, then those it dropped
    swaps = set(_cue_swaps(origin, copy)) | {(k, j) for j, k in _cue_swaps(copy, origin)}
    return [Change(kind="slant", origin_text=origin.text, copy_text=copy.text,
                   detail=f"attribution verb {origin.raw[k]!r} -> {copy.raw[j]!r}")
            for k, j in sorted(swaps, key=lambda x: x[1])]


def _quoted_words(s: Sentence) -> list[str]:
    return [w for w, q in zip(_bases(s), s.quoted) if q] if len(s.quoted) == len(s.words) else []


def _speaker_of_quote(s: Sentence, k: int) -> bool:
    """Whether the name at token ``k`` stands outside a quotation of ``s`` as its speaker: the
    sentence quotes someone, the name is not inside the quotation, and a verb of attribution
    (:data:`NEUTRAL_CUES`, :data:`LOADED_CUES`, "according") stands within three words of it."""
    if len(s.quoted) != len(s.words) or s.quoted[k] or not any(s.quoted):
        return False
    return any(s.words[x] in _QUOTE_CUES and not s.quoted[x] for x in range(max(0, k - 3), min(len(s.words), k + 4)))


def _quotation_given(copy: Sentence, origin: Sentence, j: int, i: int, new_words, people,
                     was: str, now: str) -> Change | None:
    """The ``quote`` change "quotation attributed to another speaker: <was> -> <now>" when the name
    replaced at token ``i`` of ``origin`` (token ``j`` of ``copy``) stands as a quotation's speaker on
    both sides, the quotation keeps most of its words (0.6), and a folded word of ``new_words`` is a
    person the origin names (``people``); else ``None``."""
    if (any(w in people for w in new_words) and _speaker_of_quote(origin, i) and _speaker_of_quote(copy, j)
            and _kept_words(tuple(_quoted_words(origin)), tuple(_quoted_words(copy))) >= 0.6):
        return Change(kind="quote", origin_text=origin.text, copy_text=copy.text,
                      detail=f"{ATTRIBUTED}: {was} -> {now}")
    return None


def pronoun_speaker_given(copy: Sentence, origin: Sentence, before: set[str],
                          people: frozenset[str] | set[str] = frozenset()) -> Change | None:
    """The ``quote`` change "quotation attributed to another speaker: he -> <name>" when the origin's
    quotation is spoken by a pronoun and the copy names, for the same quotation, a person the origin
    names elsewhere but not just before it, where the pronoun's antecedent stands.

    A copy that writes out the pronoun's own antecedent ("Brink said ... 'We hold,' she said" ->
    "'We hold,' said Brink") changed nobody; one that gives the words to another person the story
    names (the mayor, two paragraphs on) did (a new-user test: "he told reporters" -> "said
    Harrowmere's mayor, Ingrid Solvang").

    Args:
        copy, origin: the aligned sentences; the quotation keeps most of its words (0.6) in the copy.
        before: folded names (:attr:`~newstrace.provenance.text.Sentence.names`, no possessive) of
            the two origin sentences before ``origin``: where a pronoun finds its antecedent.
        people: folded names of the origin's other sentences.

    Returns:
        The Change, or None.
    """
    if not (any(origin.quoted) and any(copy.quoted)) or len(origin.quoted) != len(origin.words) \
            or len(copy.quoted) != len(copy.words):
        return None
    ow = origin.words
    pronoun = next((ow[k] for k in range(len(ow)) if ow[k] in _SPEAKING_PRONOUNS and not origin.quoted[k]
                    and any(ow[x] in _ATTRIBUTION_VERBS for x in range(max(0, k - 2), min(len(ow), k + 3)))), None)
    if pronoun is None or _kept_words(tuple(_quoted_words(origin)), tuple(_quoted_words(copy))) < 0.6:
        return None
    own = {_base(n) for n in origin.names}
    raw, quoted = copy.raw, copy.quoted
    # runs of capitalised words outside the quotation; a person is named in full (two words or more,
    # no possessive: "Harrowmere's mayor, Ingrid Solvang" names Ingrid Solvang), the last one
    # standing by the cue; the surname tells the person (a title before it may stand anywhere)
    for start, end in reversed(_capitalised_runs(copy)):
        names = [_base(copy.words[x]) for x in range(start, end + 1)]
        if (end > start and not raw[end].endswith(("'s", "’s")) and names[-1] in people
                and names[-1] not in own and names[-1] not in before
                and any(copy.words[x] in _ATTRIBUTION_VERBS and not quoted[x]  # "said Greyline chief executive Paul Dunmore"
                        for x in range(max(0, start - 5), min(len(raw), end + 4)))):
            return Change(kind="quote", origin_text=origin.text, copy_text=copy.text,
                          detail=f"{ATTRIBUTED}: {pronoun} -> {' '.join(raw[start:end + 1])}")
    return None


def _capitalised_runs(s: Sentence) -> list[tuple[int, int]]:
    """Runs of capitalised word tokens outside quotation marks, as ``(first, last)`` token indices, in order."""
    raw, quoted = s.raw, s.quoted
    runs, k = [], 0
    while k < len(raw):
        if raw[k][:1].isupper() and not quoted[k]:
            end = k
            while end + 1 < len(raw) and raw[end + 1][:1].isupper() and not quoted[end + 1]:
                end += 1
            runs.append((k, end))
            k = end + 1
        else:
            k += 1
    return runs


def _speaker_run(s: Sentence) -> tuple[int, int] | None:
    """The capitalised words outside the quotation that name a quotation's speaker: the run standing within
    three words of a verb of attribution outside the quotation, the last such run ("..., headteacher Ingrid
    Lunde said" -> Ingrid Lunde; a title in capitals is part of it, "Mayor Odd Haug"); ``None`` when the
    sentence quotes nobody by name. A possessive run ("Harrowmere's mayor") names no speaker; a run
    opening the sentence is read from its second word (the first may be a capitalised common word)."""
    if not any(s.quoted) or len(s.quoted) != len(s.words) or len(s.raw) != len(s.words):
        return None
    raw, quoted = s.raw, s.quoted
    found = None
    for k, end in _capitalised_runs(s):
        k = max(k, 1)
        if k <= end and not raw[end].endswith(("'s", "’s")) and any(
                s.words[x] in _ATTRIBUTION_VERBS and not quoted[x] for x in range(max(0, k - 3), min(len(raw), end + 4))):
            found = (k, end)
    return found


def named_speaker_given(copy: Sentence, origin: Sentence) -> Change | None:
    """The ``quote`` change "quotation attributed to another speaker: <was> -> <now>" when a quotation kept
    (most of its words, 0.6) is attributed by name on both sides to people who share no name
    (:func:`_speaker_run`): '"...," headteacher Ingrid Lunde said' -> '"...," Tor Vik said'.

    :func:`word_changes` finds a one-word swap of a speaker the story names; a whole name replaced
    by another (a re-test: two quotations whose speakers were swapped, and one given to the mayor)
    was only a rewording. A name sharing a word with the other ("Carlos Alvarado" -> "Carlos
    Woodlands", machine translation garbling a surname) is one person renamed, not this; so may be
    one lone surname for another, which :func:`word_changes` decides.
    """
    runs = _speaker_run(origin), _speaker_run(copy)
    if None in runs or _kept_words(tuple(_quoted_words(origin)), tuple(_quoted_words(copy))) < 0.6:
        return None
    (oa, ob), (ca, cb) = runs
    was, now = origin.raw[oa:ob + 1], copy.raw[ca:cb + 1]
    # one surname for another is left to word_changes, which asks whether the story names the new
    # one elsewhere (else it is one person's name rendered otherwise: machine translation)
    if len(was) == len(now) == 1 or {fold(w) for w in was} & {fold(w) for w in now}:
        return None
    return Change(kind="quote", origin_text=origin.text, copy_text=copy.text,
                  detail=f"{ATTRIBUTED}: {' '.join(was)} -> {' '.join(now)}")


def headline_case(s: Sentence) -> bool:
    """A title-case headline: three or more words of four letters or more, every one capitalised
    ("Jobless Claims Climb More Than Expected"); a sentence with one lower-case word is prose, however
    many names it holds ("Minister Lars Brandvold visited the dam on Monday")."""
    content = [t for t in s.raw if t[:1].isalpha() and len(t) >= 4]
    return len(content) >= 3 and all(t[:1].isupper() for t in content)


def word_changes(copy: Sentence, origin: Sentence, people: frozenset[str] | set[str] = frozenset()) -> list[Change]:
    """Names replaced (a surname rendered as a common noun: "Armario" -> "Wardrobe"), a quotation
    given to another speaker, attribution verbs that take a side, and slant terms inserted.

    A renamed name that is the speaker of a quotation in both sentences (:func:`_speaker_of_quote`),
    the quotation keeping most of its words (:func:`_kept` 0.6 over the quoted words), and whose
    new name is another person the origin names (``people``), is a ``quote`` Change "quotation
    attributed to another speaker: Lindahl -> Engqvist"; a speaker's name rendered otherwise (a
    machine translation's "Alvarado" -> "Woodlands") stays a ``name`` Change, one person. A neutral
    verb of attribution swapped for a loaded one next to the same speaker ("Engqvist said" ->
    "Engqvist claimed"; :data:`NEUTRAL_CUES`, :data:`LOADED_CUES`) is a ``slant`` Change
    "attribution verb 'said' -> 'claimed'" (epistemological bias, Recasens et al. 2013); so is a
    loaded one made neutral, or one loaded verb for another. A slant term (:data:`SLANT_TERMS`)
    inserted outside a quotation is a ``slant`` Change "inserted 'disgraced'".

    Args:
        copy, origin: the aligned sentences.
        people: folded names (:attr:`~newstrace.provenance.text.Sentence.names`) of the origin's
            other sentences.

    Returns:
        ``name``, ``quote`` and ``slant`` Changes.
    """
    ta, tb = origin.raw, copy.raw
    fa, fb = _bases(origin), _bases(copy)
    qb = copy.quoted if len(copy.quoted) == len(fb) else [False] * len(fb)
    qa = origin.quoted if len(origin.quoted) == len(fa) else [False] * len(fa)
    out = []
    names = {_base(w) for w in origin.names}
    # in a title-case headline every word is capitalised: a word there is a name only where the
    # article's other sentences write it as one ("Claims Climb" -> "Claims Rise" is no renaming)
    if headline_case(origin) or headline_case(copy):
        names &= set(people)
    for op in Levenshtein.editops(fa, fb):
        if op.tag == "replace":
            o, c = ta[op.src_pos], tb[op.dest_pos]
            i, j = op.src_pos, op.dest_pos
            # an isolated one-for-one swap: the neighbouring words agree on both sides, or the word
            # before ends a quotation on both (the speaker after an altered quotation: '... answers,"
            # Imbert said' -> '... nothing," Castellane said' changed the words and the speaker)
            same_context = (i == 0 or j == 0 or fa[i - 1] == fb[j - 1]
                            or (qa[i - 1] and qb[j - 1] and not qa[i] and not qb[j])) and (
                i + 1 >= len(fa) or j + 1 >= len(fb) or fa[i + 1] == fb[j + 1])
            # a sentence-initial capital says nothing about a name ("Fearful" -> "fear")
            # a word that stands elsewhere in the other sentence was moved, not renamed
            # ("blamed the blackout on ... the U.S." -> "blamed the U.S. for the blackout"), also as a
            # derived form ("the Colombian border" -> "the approximate border between ... Colombia")
            # "Sgt" -> "Sergeant" is house style, not another name (the cheap tests first: this runs
            # for every replaced word of every aligned pair)
            if (i > 0 and fa[i] in names and fb[j] != fa[i] and len(c) > 2 and same_context
                    and not (fa[i] in fb or fb[j] in fa or any(len(w) > 3 and is_inflection(fa[i], w) for w in fb))
                    and not is_abbreviation(o, c) and not is_spelling_variant(o, c)
                    and not number_value(c) and fa[i] not in DATE_WORDS):
                common = _common_for_name(o, c)
                if not common and (given := _quotation_given(copy, origin, j, i, [fb[j]], people, o, c)):
                    out.append(given)
                    continue
                detail = "name rendered as a common word" if common else "name altered"
                out.append(Change(kind="name", origin_text=o, copy_text=c, detail=detail))
        if op.tag in ("insert", "replace"):
            c = fb[op.dest_pos]
            # "regime" -> "régimen" is translated; a speaker's own word inside a quotation is no slant
            if c in SLANT_TERMS and c[:5] not in {w[:5] for w in fa} and not qb[op.dest_pos]:
                out.append(Change(kind="slant", origin_text=origin.text, copy_text=copy.text,
                                  detail=f"inserted {tb[op.dest_pos]!r}"))
    return out + attribution_changes(copy, origin)


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


def _figure_with_its_word(words: list[str]) -> bool:
    """Whether folded words are a figure and at most one other content word ("nine missing",
    "12 new"): what a number removed or added takes with it."""
    if not any(token_value(w) is not None for w in words):
        return False
    return sum(1 for w in words if token_value(w) is None and zipf(w) < FUNCTION_ZIPF) <= 1


def _trivial_span(o: list[str], c: list[str]) -> bool:
    """Whether a differing span (folded words of each side) says nothing new: function words only,
    a spelling variant, or numbers, qualifiers and hedges, which their own changes report. A pronoun
    of another gender or animacy ("she" -> "he", :data:`~newstrace.provenance.text.PRONOUN_CLASS`) is
    not trivial."""
    words = o + c
    if parity_differs(" ".join(o), " ".join(c)):
        return False  # "not" dropped: the claim is inverted (a new-user test: "did not respond" -> "did respond")
    if len(o) == 1 and len(c) == 1 and PRONOUN_CLASS.get(o[0], "") != PRONOUN_CLASS.get(c[0], "") \
            and o[0] in PRONOUN_CLASS and c[0] in PRONOUN_CLASS:
        return False  # "she" -> "he": another person, or a person made a thing (machine translation)
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
    own = _QUALIFIER_WORDS | HEDGE_WORDS | SLANT_TERMS | LOADED_CUES  # reported as slant (attribution_changes)
    if c and len(o) <= 2 and all(w in SLANT_TERMS for w in c):
        return True  # "government" -> "regime": the slant change reports it ("inserted 'regime'")
    # a figure in digits or in words ("44" -> "forty-four", "twice" -> "two times"), with its scale
    # ("1.2 million" -> "1,200,000", "5bn"), is read by number_changes; a scale word with no figure
    # in the span is none ("thousands of" dropped)
    figure = any(token_value(w) is not None or _GLUED_SCALE.match(w) for w in words)
    return all(token_value(w) is not None or (figure and (w in SCALE_WORDS or _GLUED_SCALE.match(w))) or w in own
               or zipf(w) >= FUNCTION_ZIPF for w in words)


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


#: A differing span of at most this many words (both sides) that adds or removes a negation
#: inverts the claim ("did not respond" -> "did respond"); a longer one that drops a clause holding
#: one ("..., though neither side confirmed the meeting") cuts a caveat, it does not invert the claim.
INVERTING_SPAN = 3


def reworded_changes(copy: Sentence, origin: Sentence, skip: set[tuple[str, str]] = frozenset(),
                     neighbours: tuple[set[str], set[str]] = (set(), set()), firm: bool = True,
                     last: tuple[bool, bool] = (False, False), people: frozenset[str] | set[str] = frozenset(),
                     figures_reported: bool = False) -> list[Change]:
    """An aligned sentence said in other words: the spans of words that differ (difflib opcodes over
    folded words), leaving out trivial ones (:func:`_trivial_span`), spans wholly inside quotation
    marks on both sides (:func:`quote_changes` reports them) and names already reported as altered.
    A negation added or removed outside quotations, in a span of at most :data:`INVERTING_SPAN`
    words, or one word swapped for its opposite (:data:`ANTONYMS`: "rose" -> "fell"), is "meaning inverted".

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
        people: folded names the origin gives persons; a replaced name span that stands as a
            quotation's speaker on both sides, the quotation kept, and names one of them in the copy
            is a ``quote`` change "quotation attributed to another speaker" (as in :func:`word_changes`:
            '"...," said Anja Holm, 34' -> '"...," said Petra Lindahl').
        figures_reported: :func:`~newstrace.provenance.figures.number_changes` reported this pair's
            figures; a span only removed or only added that holds a figure and at most one other
            content word ("nine missing" fishermen -> fishermen) is that number change, not a rewording.

    Returns:
        ``name`` Changes, then at most one ``reworded`` Change with both sentences and a detail such
        as "reworded: 'outages' -> 'power failures'; 'of' -> 'as a result of'".
    """
    fa, fb = _bases(origin), _bases(copy)
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
        if figures_reported and not (o and c) and _figure_with_its_word(o or c):
            continue  # the number change reports it ("number removed: 9")
        if all(qa[i1:i2]) and all(qb[j1:j2]):
            continue  # inside the quotation on both sides
        if (not c and _in_neighbours(o, neighbours[1])) or (not o and _in_neighbours(c, neighbours[0])):
            continue  # crossed a sentence split or merge
        if (not o and j2 == len(fb) and last[0]) or (not c and i2 == len(fa) and last[1]):
            continue  # the text was cut there
        ro, rc = _span_text(origin, i1, i2), _span_text(copy, j1, j2)
        if _courtesy_only(origin.raw[i1:i2]) or _courtesy_only(copy.raw[j1:j2]):
            continue  # "Jean Dupont" -> "Mr Dupont" on second mention: house style, not another name
        if i2 - i1 == 1 and j2 - j1 == 1 and is_abbreviation(origin.raw[i1], copy.raw[j1]):
            continue  # "Sgt." -> "Sergeant": house style
        if o and c and all(w in DATE_WORDS or w.isdecimal() for w in (*o, *c)):
            continue  # "Wednesday" -> "Monday": a date change, reported as such (date_changes)
        if _acronym_pair(origin.raw[i1:i2], copy.raw[j1:j2]):
            continue  # "USGS" -> "U.S. Geological Survey": one name, written out
        if o and c and i1 > 0 and j1 > 0 and not heading and _name_span(origin.raw[i1:i2]) and _name_span(copy.raw[j1:j2]):
            # the speaker check reads the span's last word, the one next to the verb ("Inspector-General
            # of Police Razak Hamdan told" -> "Transport Minister Aziz Karim told")
            out.append(_quotation_given(copy, origin, j2 - 1, i2 - 1, c, people, ro, rc)
                       or Change(kind="name", origin_text=ro, copy_text=rc, detail="name differs"))
            continue
        spans.append((tuple(o), tuple(c), ro, rc))
    # words removed in one place and inserted in another were moved, not changed
    moved = {o for o, c, _, _ in spans if not c} & {c for o, c, _, _ in spans if not o}
    kept_spans = [x for x in spans if not ((x[0] and not x[1] and x[0] in moved) or (x[1] and not x[0] and x[1] in moved))]
    spans = [f"{ro!r} -> {rc!r}" if ro and rc else (f"removed {ro!r}" if ro else f"added {rc!r}")
             for o, c, ro, rc in kept_spans]
    if not spans:
        return out

    inverted = any(len(o) + len(c) <= INVERTING_SPAN and parity_differs(" ".join(o), " ".join(c)) for o, c, _, _ in kept_spans)
    opposite = [(o[0], c[0]) for o, c, _, _ in kept_spans if len(o) == 1 and len(c) == 1 and is_antonym(o[0], c[0])]
    more = f" (+{len(spans) - MAX_SPANS} more)" if len(spans) > MAX_SPANS else ""
    detail = ("meaning inverted (negation added or removed); " if inverted else "") + \
        (_antonym_detail(opposite) + "; " if opposite else "") + \
        "reworded: " + "; ".join(spans[:MAX_SPANS]) + more
    return out + [Change(kind="reworded", origin_text=origin.text, copy_text=copy.text, detail=detail)]


def _acronym_pair(a: list[str], b: list[str]) -> bool:
    """Whether one span is a single acronym of the other's words (:func:`~newstrace.provenance.text.is_acronym_of`:
    "US" / "United States"; a hold-out test read "name differs")."""
    return (len(a) == 1 and is_acronym_of(a[0], b)) or (len(b) == 1 and is_acronym_of(b[0], a))


#: Lower-case words that may join the capitalised words of one name or title ("Inspector-General of
#: Police", "Ministry for the Interior", "Ana de la Cruz").
_NAME_JOINERS = frozenset({"of", "for", "the", "and", "de", "la", "del", "da", "do", "dos", "van", "von", "der", "al", "bin"})


def _name_span(raw: list[str]) -> bool:
    """Whether tokens read as one name or titled name: every token capitalised or a figure, or a
    lower-case joiner (:data:`_NAME_JOINERS`) between capitalised ones."""
    if not raw or not (raw[0][:1].isupper() or raw[0][:1].isdecimal()) or not (raw[-1][:1].isupper() or raw[-1][:1].isdecimal()):
        return False
    return all(t[:1].isupper() or t[:1].isdecimal() or t.lower() in _NAME_JOINERS for t in raw)


_CURRENCY_SIGNS = frozenset("$£€¥₹₽")


def _span_text(s: Sentence, k1: int, k2: int) -> str:
    """The sentence's text from token ``k1`` to token ``k2`` (exclusive) as written, punctuation
    inside kept ("U.S. Treasury, for the"; tokens joined by spaces read "U.S Treasury for the"),
    with an abbreviation's closing full stop and a figure's currency sign or per cent sign; "" for no tokens."""
    if k2 <= k1:
        return ""
    offsets = _offsets(s)
    start, end = offsets[k1], offsets[k2 - 1] + len(s.raw[k2 - 1])
    if "." in s.raw[k2 - 1] and s.text[end : end + 1] == ".":
        end += 1
    # a figure's sign and unit, which word tokens leave out ("£4m", "9%"), belong to the figure
    if s.text[end : end + 1] == "%":
        end += 1
    if start > 0 and s.text[start - 1] in _CURRENCY_SIGNS:
        start -= 1
    return s.text[start:end]


def _kept(copy: Sentence, origin: Sentence) -> float:
    """Share of words two sentences keep in order (difflib ratio over folded words, 0..1)."""
    return _kept_words(tuple(origin.words), tuple(copy.words))


@lru_cache(maxsize=8192)
def _kept_words(origin: tuple[str, ...], copy: tuple[str, ...]) -> float:
    # one aligned pair is tested up to three times while its changes are read (measured: 37,106
    # ratios for 15,905 compared pairs); a tuple key costs ~1% of a ratio
    return SequenceMatcher(None, origin, copy, autojunk=False).ratio()
