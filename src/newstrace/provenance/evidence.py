"""Pair evidence: the measurable facts about two aligned articles that the copy decision rests on.

Why these: independent coverage of one event shares names, numbers and quotes, so a shared
quotation or a short headline-like match is weak evidence; a copy shares an ordered run of
ordinary (unquoted) sentences. The features separate the two and are symmetric in the pair.

A template (an agency's fixed notice form filled with another event: a Eurobond issue, a dividend,
a bond placement) shares an ordered run of sentences too, so the pair's *slot agreement* is also
measured (:func:`slot_agreement`): of the distinctive anchors (names, figures) that sentences
sharing their wording hold, how much agrees. A copy keeps most of them, even spun, machine-translated
or with numbers edited; a template filled with another event's slots does not.

A notice whose body holds no slot at all (a dividend notice: "Qtly div 10 cts vs 10 cts prior",
"Pay March 31") names its subject only in the headline, and a rating notice names it in the
headline and at the start of the lead ("Fieldcrest Cannon Inc said ..."). So the lead's opening
name is a slot too, and the two headlines' distinctive names are compared (:func:`subject_differs`):
when each headline names a subject the other article never mentions and the bodies' slots do not
clearly agree, the pair is one template filled for two subjects. A copy may rewrite its headline,
but it keeps the body, so a headline alone never unlinks a pair whose body slots agree.

Short forms (a police brief, a weather or road report, an obituary, a court list, a dividend
notice's "Pay April 15" line) hold too few rare names and figures for that weighted measure, and
their slots are often common words ("Reading", "Bath") or dates. So the slots are also read in
place (:func:`refill_counts`, after wrapper induction: align two instances, the mismatches are the
fields): in each sentence pair sharing its frame, a short run of differing words holding a name,
date or figure on both sides is a slot filled anew, and a pair whose substituted slots outnumber
the weight of those kept is one form filled twice (:func:`refilled`). A number-edited copy changes
a figure or two and keeps its names; a spun copy changes frame words and keeps the slots.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from difflib import SequenceMatcher

from rapidfuzz import fuzz, process

from newstrace.provenance.align import (
    CROSS_MIN_SHARED,
    MIN_WORDS,
    TAU,
    Alignment,
    distinctive_anchors,
    monotone_chain,
    weighted_dice,
    word_weight,
)
from newstrace.provenance.figures import WEEKDAYS, _offsets
from newstrace.provenance.text import (
    DATE_WORDS,
    Sentence,
    fold,
    name_weight,
    number_value,
    number_weight,
    zipf,
)

#: A sentence at least this share inside quotation marks is a quotation; two aligned quotations
#: may be one speaker quoted by two independent reporters.
QUOTE_SHARE = 0.5
#: Aligned pairs whose shorter sentence has fewer words count in proportion (headline-like matches).
FULL_WORDS = 12
STRONG = 0.8
#: Lexical similarity from which an aligned pair is one sentence repeated word for word.
SAME_SENTENCE = 0.95
#: Shortest run of identical, unquoted words that counts as shared wording (a 4-gram outside
#: quotation marks: independent reports share quotations and names, rarely their own phrasing).
MIN_RUN_WORDS = 4


@dataclass
class PairEvidence:
    """Features of an aligned pair of articles (symmetric in the two).

    Attributes:
        n_pairs: aligned sentence pairs in order that are not both quotations.
        n_content_pairs: aligned pairs, in order or moved and not both quotations, of two content
            sentences (:data:`~newstrace.provenance.align.MIN_WORDS`+ words each): not a sign-off
            ("Reuter"), a dateline or a caption.
        n_same_long: of those, pairs of one sentence repeated word for word (lexical similarity
            >= :data:`SAME_SENTENCE`) at length (:data:`FULL_WORDS`+ words).
        n_strong: of those, pairs with similarity >= 0.8.
        n_quote_pairs: aligned pairs that are both quotations.
        gain: sum over non-quotation pairs of ``(similarity - TAU) * min(1, words / FULL_WORDS)``.
        run: longest run of consecutive sentences aligned to consecutive sentences (gaps of one allowed).
        cov_min, cov_max: smaller and larger of the two coverages (content characters aligned), 0..1.
        mean_lexical: mean lexical similarity of the non-quotation pairs (0 when none).
        cross_language: the articles' languages differ.
        semantic_pairs: pairs aligned by sentence embeddings that also share a name or number (0 without the extra).
        semantic_frac: ``semantic_pairs`` over the shorter article's content sentences.
        wording: summed rarity weight (:func:`~newstrace.provenance.align.word_weight`) of the words
            in runs of :data:`MIN_RUN_WORDS`+ identical, unquoted words inside aligned sentence pairs:
            how much of the reporter's own phrasing the two share ("the" ~0.1, a name 1.0).
        wording_max: the largest such run's weight (one long distinctive sentence shared verbatim).
            For a cross-language alignment both are read from the distinctive anchors (names,
            specific numbers) the aligned pairs share instead (:func:`shared_anchor_weight`).
        credited_source, credited_quote_words: the outlet one article attributes its report to
            where the other is, credits or also attributes that outlet, and the words of quotation
            the two repeat word for word (set by :func:`newstrace.provenance.derive.decide`; "" and 0
            otherwise). Not features of the calibrated model: a rule on them links
            (:func:`newstrace.provenance.derive.link_probability`).
        slot_agree, slot_conflict (properties, measured on first use): weight of the distinctive
            anchors that agree, and that were substituted, in the sentence pairs sharing their
            wording (:func:`slot_agreement`). Not features of the calibrated model: they gate it
            (:attr:`template`).
        subject_differs, body_slots_agree (properties, measured with the slots): each headline
            names a subject the other article never mentions (:func:`subject_differs`); the slots
            of the sentence pairs below the headlines clearly agree (:func:`body_slots_agree`).
    """

    n_pairs: int = 0
    n_content_pairs: int = 0
    n_same_long: int = 0
    n_strong: int = 0
    n_quote_pairs: int = 0
    gain: float = 0.0
    run: int = 0
    cov_min: float = 0.0
    cov_max: float = 0.0
    mean_lexical: float = 0.0
    cross_language: bool = False
    semantic_pairs: int = 0
    semantic_frac: float = 0.0
    wording: float = 0.0
    wording_max: float = 0.0
    credited_source: str = ""
    credited_quote_words: int = 0
    # (alignment, sentences a, sentences b) until the slots are measured: most candidate pairs are
    # decided without them (only a pair the model would link is asked whether it is a template)
    _slot_inputs: tuple | None = field(default=None, repr=False, compare=False)
    _slots: SlotMeasures | None = field(default=None, repr=False, compare=False)

    def _measure_slots(self) -> SlotMeasures:
        if self._slots is None:
            if self._slot_inputs is not None and self._slot_inputs[0].pairs:
                self._slots = slot_measures(*self._slot_inputs)
            else:
                self._slots = SlotMeasures()
            self._slot_inputs = None
        return self._slots

    @property
    def slot_agree(self) -> float:
        """Weight of the distinctive anchors that agree in the sentence pairs sharing their wording (:func:`slot_agreement`)."""
        return self._measure_slots().agree

    @property
    def slot_conflict(self) -> float:
        """Weight of the distinctive anchors substituted in those pairs (:func:`slot_agreement`)."""
        return self._measure_slots().conflict

    @property
    def subject_differs(self) -> bool:
        """Each headline names a subject the other article never mentions (:func:`subject_differs`)."""
        return self._measure_slots().subject_differs

    @property
    def body_slots_agree(self) -> bool:
        """The slots of the sentence pairs below the headlines clearly agree (:func:`body_slots_agree`)."""
        m = self._measure_slots()
        return body_slots_agree(m.body_agree, m.body_conflict)

    @property
    def slot_agreement(self) -> float:
        """Share of the slot weight that agrees, ``slot_agree / (slot_agree + slot_conflict)`` (1.0 when neither)."""
        total = self.slot_agree + self.slot_conflict
        return self.slot_agree / total if total else 1.0

    @property
    def template(self) -> bool:
        """True when the pair reads as one template filled twice: at least :data:`SLOT_MIN_CONFLICT`
        of substituted slot weight and an agreement below :data:`SLOT_MIN_AGREEMENT` (:func:`slot_agreement`),
        or two headlines naming different subjects (:attr:`subject_differs`) over bodies whose slots do
        not clearly agree (:attr:`body_slots_agree`: a copy that rewrote its headline keeps its body's
        names and figures), or slots substituted in the sentences sharing their frame more than kept
        (:attr:`refilled`: short notices, common-word names, dates). Measured on first use."""
        if self.slot_conflict >= SLOT_MIN_CONFLICT and self.slot_agreement < SLOT_MIN_AGREEMENT:
            return True
        if self.subject_differs and not self.body_slots_agree:
            return True
        return self.refilled

    @property
    def refilled(self) -> bool:
        """One form filled anew: its slots substituted more than kept (:func:`refilled`). Measured on first use."""
        m = self._measure_slots()
        return refilled(m.refill_names, m.refill_figures, m.refill_agree) or every_figure_refilled(m)

    def vector(self) -> list[float]:
        """The feature vector of the calibrated score, in :data:`FEATURES` order."""
        return [
            math.log1p(self.gain),
            math.log1p(self.n_strong),
            math.log1p(max(0, self.run - 1)),
            self.cov_min,
            self.cov_max,
            self.mean_lexical,
            self.semantic_frac if self.semantic_pairs >= 3 else 0.0,
            math.log1p(self.wording),
            math.log1p(self.wording_max),
        ]


#: Names of :meth:`PairEvidence.vector`'s entries.
FEATURES = ("log1p_gain", "log1p_strong", "log1p_run", "cov_min", "cov_max", "mean_lexical", "semantic_frac",
            "log1p_wording", "log1p_wording_max")


def _is_quote(s: Sentence) -> bool:
    return s.quote_share >= QUOTE_SHARE


def _longest_run(pairs: list[tuple[int, int, float]]) -> int:
    best = cur = 0
    prev = None
    for i, j, _ in pairs:
        if prev and 0 < i - prev[0] <= 2 and 0 < j - prev[1] <= 2:
            cur += 1
        else:
            cur = 1
        best = max(best, cur)
        prev = (i, j)
    return best


def shared_wording(a: Sentence, b: Sentence, count_quotes: bool = False) -> list[float]:
    """Weights of the runs of :data:`MIN_RUN_WORDS`+ identical folded words that are unquoted in both sentences
    (quoted words too when ``count_quotes``).

    Runs come from :class:`difflib.SequenceMatcher` matching blocks (junk heuristic off), cut at
    quoted words; each run's weight is the sum of its words' rarity weights.
    """
    out = []
    qa = a.quoted or [False] * len(a.words)
    qb = b.quoted or [False] * len(b.words)
    for blk in SequenceMatcher(None, a.words, b.words, autojunk=False).get_matching_blocks():
        run: list[str] = []
        for k in range(blk.size + 1):
            ok = k < blk.size and (count_quotes or not (qa[blk.a + k] or qb[blk.b + k]))
            if ok:
                run.append(a.words[blk.a + k])
            else:
                if len(run) >= MIN_RUN_WORDS:
                    out.append(sum(word_weight(w) for w in run))
                run = []
    return out


def shared_anchor_weight(a: Sentence, b: Sentence) -> float:
    """Across languages, what an aligned sentence pair shares beyond chance: the summed rarity weight
    (:func:`~newstrace.provenance.align.word_weight`; numbers 1.0) of the distinctive anchors both hold
    (:func:`~newstrace.provenance.align.distinctive_anchors`), 0 when fewer than
    :data:`~newstrace.provenance.align.CROSS_MIN_SHARED`. It stands in for shared wording, which a
    translation cannot keep."""
    shared = distinctive_anchors(a) & distinctive_anchors(b)
    if len(shared) < CROSS_MIN_SHARED:
        return 0.0
    return sum(1.0 if t.startswith("#") else word_weight(t) for t in sorted(shared))  # one order: same float


def pair_evidence(al: Alignment, a: list[Sentence], b: list[Sentence], cross_language: bool,
                  count_quotes: bool = False) -> PairEvidence:
    """Compute :class:`PairEvidence` from an alignment of ``a`` (rows) and ``b`` (columns).

    Args:
        count_quotes: count aligned quotations (and quoted words in shared wording) like other
            sentences; used when one article credits the other (see :func:`newstrace.provenance.derive.decide`).
    """
    ev = PairEvidence(cross_language=cross_language)
    plain = []
    lex = []
    for (i, j, sim), lx in zip(al.pairs, al.lexical):
        if not count_quotes and _is_quote(a[i]) and _is_quote(b[j]):
            ev.n_quote_pairs += 1
            continue
        words = min(len(a[i].words), len(b[j].words))
        ev.gain += (sim - TAU) * min(1.0, words / FULL_WORDS)
        ev.n_strong += sim >= STRONG and words >= 6
        plain.append((i, j, sim))
        lex.append(lx)
    ev.n_pairs = len(plain)
    # content pairs, in order or moved (a copy that moves a paragraph keeps its sentences)
    kept = {(i, j) for i, j, _ in plain}
    content = [(i, j, lx) for (i, j, _s), lx in zip(al.pairs, al.lexical)
               if (i, j) in kept and len(a[i].words) >= MIN_WORDS and len(b[j].words) >= MIN_WORDS]
    content += [(i, j, sim) for i, j, sim in al.moved if len(a[i].words) >= MIN_WORDS and len(b[j].words) >= MIN_WORDS
                and (count_quotes or not (_is_quote(a[i]) and _is_quote(b[j])))]
    ev.n_content_pairs = len(content)
    ev.n_same_long = sum(1 for i, j, x in content if x >= SAME_SENTENCE and min(len(a[i].words), len(b[j].words)) >= FULL_WORDS)
    ev.run = _longest_run(plain)
    ev.cov_min, ev.cov_max = sorted((al.coverage_a, al.coverage_b))
    ev.mean_lexical = sum(lex) / len(lex) if lex else 0.0
    if al.cross_language:
        runs = [w for i, j, _ in al.pairs if (w := shared_anchor_weight(a[i], b[j])) > 0]
    else:
        runs = [w for i, j, _ in al.pairs + al.moved for w in shared_wording(a[i], b[j], count_quotes)]
    ev.wording = sum(runs)
    ev.wording_max = max(runs, default=0.0)
    ev._slot_inputs = (al, a, b)
    return ev


# --- slot agreement: templates filled with another event's names and figures -------------------

#: A pair is a template filled twice when its slot agreement is below this share ...
#: Measured (``bench/trace_eval.py --reuters-pairs 2000``): template notices of different events
#: (Eurobond issues, note offerings, quarterly results of other companies) 0.1-0.5; real duplicates,
#: corrected re-sends and follow-ups of one event 0.6-1.0; the labelled copies of the provenance
#: corpus 0.64-1.0; generated copies (``bench/trace_scale.py --n 2000``: deletions, moves, 1-3 numbers
#: edited, spun) 0.5-1.0, the lowest being number edits in articles with few figures.
SLOT_MIN_AGREEMENT = 0.5
#: ... and at least this much substituted slot weight (two rare names or figures) is found: one
#: changed figure or name variant is an edit, not a different event.
SLOT_MIN_CONFLICT = 1.5
#: A word in a line in capitals (or opening a sentence) is a name slot only when rarer than this
#: (Zipf scale, wordfreq): every word is capitalised there, so only rarity says it is a name.
RARE_ZIPF = 3.0
#: Company-form words and the agency sign-off: part of every name of one kind, never its distinctive slot.
GENERIC_NAME_WORDS = frozenset({"inc", "corp", "co", "ltd", "plc", "llc", "ag", "nv", "sa", "spa", "gmbh", "bv",
                                "reuter", "reuters"})
#: A figure as written: mixed fraction ("7-1/4"), fraction ("5/8"), or a number with separators.
_FIGURE = re.compile(r"(?<![\w.])(\d+-\d+/\d+|\d+/\d+|\d+(?:[.,]\d+)*)(?![\w/])")
_MIXED = re.compile(r"(?:(\d+)-)?(\d+)/(\d+)")


def figure_value(token: str) -> str | None:
    """Canonical value of a figure as written: ``"7-1/4"`` -> ``"7.25"``, ``"5/8"`` -> ``"0.625"``,
    ``"1,480"`` -> ``"1480"`` (else :func:`~newstrace.provenance.text.number_value`); ``None`` if none.

    >>> figure_value("7-1/4"), figure_value("5/8"), figure_value("1,480"), figure_value("x")
    ('7.25', '0.625', '1480', None)
    """
    m = _MIXED.fullmatch(token)
    if m:
        whole, num, den = m.groups()
        if int(den) == 0:
            return None
        return f"{(int(whole) if whole else 0) + int(num) / int(den):g}"
    return number_value(token)


def _base(word: str) -> str:
    """A folded word without its possessive ending: ``"navistar's"`` -> ``"navistar"``, ``"corp's"`` -> ``"corp"``."""
    return word[:-2] if word.endswith("'s") and len(word) > 2 else word


def _all_caps(s: Sentence) -> bool:
    """A line in capitals (a wire headline): every cased letter upper case."""
    return s.text.isupper()


def slot_anchors(s: Sentence) -> dict[str, float]:
    """A sentence's distinctive anchors with their weights: the slots a template fills.

    Names: capitalised words not opening the sentence, of three or more letters (a possessive
    read as its name: "Navistar's" -> ``navistar``), weighted by
    rarity (:func:`~newstrace.provenance.text.name_weight`: "Gasunie" 1.0, "Bank" ~0.1), without
    month and weekday names and company-form words (:data:`GENERIC_NAME_WORDS`); in an all-capitals
    line (a wire headline) only rare words (Zipf < 3) count, as every word is capitalised there.
    Figures (``"#"`` + value, :func:`figure_value`): numbers of two or more significant digits
    (weight 0.6, three or more 1.0; :func:`~newstrace.provenance.text.number_weight`) and fractions
    ("7-1/4 pct", 1.0); not the day after a month name, nor years.

    Returns:
        ``{anchor: weight}`` with weights in (0, 1].
    """
    cached = s.__dict__.get("_slot_anchors")  # cached on the sentence, as its word_set is
    if cached is not None:
        return cached
    out: dict[str, float] = {}
    caps = _all_caps(s)
    for k, (tok, w) in enumerate(zip(s.raw, s.words)):
        w = _base(w)
        if (k == 0 or not tok[:1].isupper() or len(w) < 3 or w[:1].isdecimal() or w in DATE_WORDS
                or w in GENERIC_NAME_WORDS or (caps and zipf(w) >= RARE_ZIPF)):
            continue
        weight = name_weight(w)
        if weight > 0:
            out[w] = max(weight, out.get(w, 0.0))
    for m in _FIGURE.finditer(s.text):
        before = s.text[max(0, m.start() - 60): m.start()].split()  # the few words before; linear in the sentence
        if before and fold(before[-1]).strip(",.;:") in DATE_WORDS:
            continue  # a day of the month: dates change in every update and repeat in every template
        v = figure_value(m.group())
        if v is None:
            continue
        weight = 1.0 if "/" in m.group() else number_weight(v)
        if weight >= 0.6:
            out["#" + v] = weight
    s.__dict__["_slot_anchors"] = out
    return out


def _decimal(v: str) -> Decimal | None:
    try:
        d = Decimal(v)
    except InvalidOperation:
        return None
    return d if d.is_finite() and d > 0 else None


def _quantum(d: Decimal) -> Decimal:
    """The place value of a figure's last significant digit: ``13.5`` -> 0.1, ``1480`` -> 10, ``7`` -> 1."""
    return Decimal(1).scaleb(d.normalize().as_tuple().exponent)


#: Unit steps a figure may be restated by: thousand, million, billion, trillion ("1.46 billion" =
#: "1,459,193,000"; "2,500 mln" = "2.5 billion"). A factor of ten or a hundred is another value.
_UNIT_STEPS = tuple(Decimal(1000) ** k for k in range(-4, 5))


def same_figure(x: str, y: str) -> bool:
    """True when two canonical figures (:func:`figure_value`) state one value: equal, or equal once
    restated in another unit of a thousand (thousand, mln, billion: :data:`_UNIT_STEPS`), or a precise
    figure (five or more significant digits) and its rounding or truncation to two or more, in the
    same or another such unit ("1,459,193,000 dlrs" = "1.46 billion", "13,555,000" = "13.5 mln").

    The units are not read: two figures a power of a thousand apart are taken as one value, so
    "25" and "25,000" agree ("25 billion", "25,000 mln"); "25" and "250", or "2.5" and "25", do
    not: their values differ (a template filled with another event's figures).

    >>> same_figure("1459193000", "1.46"), same_figure("13555000", "13.5"), same_figure("27", "275")
    (True, True, False)
    >>> same_figure("25", "250"), same_figure("2.5", "2500"), same_figure("0.25", "25")
    (False, True, False)
    """
    a, b = _decimal(x), _decimal(y)
    if a is None or b is None:
        return x == y
    short, long_ = sorted((a, b), key=lambda d: len(d.normalize().as_tuple().digits))
    n_short, n_long = len(short.normalize().as_tuple().digits), len(long_.normalize().as_tuple().digits)
    rounding = n_short >= 2 and n_long >= 5
    q = _quantum(short)
    for step in _UNIT_STEPS:
        v = long_ * step
        if v == short:
            return True
        # truncation (short <= v < short + q) or rounding (|v - short| <= q/2) to the short figure's last digit
        if rounding and short - q / 2 <= v < short + q:
            return True
    return False


def _same_slot(x: str, y: str) -> bool:
    """Two anchors filling a slot with the same value: one figure (:func:`same_figure`), or one name
    (same first five letters, or a near spelling: a garbled or transliterated copy of it)."""
    if x.startswith("#") != y.startswith("#"):
        return False
    if x.startswith("#"):
        return same_figure(x[1:], y[1:])
    return x[:5] == y[:5] or fuzz.ratio(x, y) >= 75


@dataclass(frozen=True)
class WordUse:
    """How two articles write their words, read from their mixed-case sentences.

    Attributes:
        names: folded words (possessives as their name, :func:`_base`) written capitalised after a
            sentence's first word: names as the articles themselves write them ("... said Fieldcrest Cannon").
        lower: folded words written in lower case somewhere ("50 mln dlrs", "a convertible eurobond"):
            a wire abbreviation or common word, never a name, even where a capitals headline capitalises it.
    """

    names: frozenset[str] = frozenset()
    lower: frozenset[str] = frozenset()

    def __or__(self, other: WordUse) -> WordUse:
        """The two articles' use together."""
        return WordUse(self.names | other.names, self.lower | other.lower)


def word_use(*articles: list[Sentence]) -> WordUse:
    """:class:`WordUse` of the given articles' sentences together (lines in capitals tell nothing and are skipped)."""
    names, lower = set(), set()
    for sentences in articles:
        for s in sentences:
            if _all_caps(s):
                continue
            for k, (tok, w) in enumerate(zip(s.raw, s.words)):
                if tok[:1].islower():
                    lower.add(_base(w))
                elif k > 0 and tok[:1].isupper():
                    names.add(_base(w))
    return WordUse(frozenset(names), frozenset(lower))


def _name_slot(tok: str, w: str) -> bool:
    """A token that can hold a name slot: capitalised, three or more letters, not a date word or company form."""
    return (tok[:1].isupper() and len(w) >= 3 and w[:1].isalpha() and w not in DATE_WORDS
            and w not in GENERIC_NAME_WORDS)


def context_anchors(s: Sentence, use: WordUse) -> dict[str, float]:
    """:func:`slot_anchors` read with the pair's :class:`WordUse`.

    - A mixed-case sentence's opening word is a name slot when it is rare (Zipf below
      :data:`RARE_ZIPF`) and the articles write it as a name elsewhere ("Fieldcrest Cannon Inc said
      it filed ..." and "..., Fieldcrest Cannon said"): the lead of a notice opens with its subject.
      A common one ("Moody's Investors Service said ...", "Standard and Poor's ...") is more often
      the agency that writes every notice of the kind.
    - In a line in capitals (a wire headline), a rare word the articles write in lower case
      ("MLN", "DLR", "EUROBOND") is the template's vocabulary, not a slot; a rare opening word is
      one ("CONCHEMCO INC <CKC> SETS QUARTERLY").

    Returns:
        ``{anchor: weight}`` with weights in (0, 1] (a new dict; :func:`slot_anchors`' cache is not changed).
    """
    out = dict(slot_anchors(s))
    if not s.raw:
        return out
    tok, w = s.raw[0], _base(s.words[0])
    if _all_caps(s):
        for k in [k for k in out if not k.startswith("#") and k in use.lower]:
            del out[k]
    elif _name_slot(tok, w) and w in use.names and zipf(w) < RARE_ZIPF:
        weight = name_weight(w)
        if weight > 0:
            out[w] = max(out.get(w, 0.0), weight)
    return out


def slot_counts(a: Sentence, b: Sentence, use: WordUse | None = None) -> tuple[float, float]:
    """``(agree, conflict)`` slot weight of one sentence pair.

    ``agree``: mean weight of the anchors both hold (a near spelling or a rounded figure counts,
    :func:`_same_slot`). ``conflict``: the smaller of the two sides' remaining anchor weights, i.e.
    what was *substituted*; an anchor only one side has (a name cut or added) is an edit, not a
    substitution, and costs nothing.

    Args:
        a, b: the two sentences.
        use: how the two articles write their words (:func:`word_use`); with it the anchors are
            :func:`context_anchors` (the opening name of a sentence counts, a capitals line's
            abbreviations do not), without it :func:`slot_anchors`.
    """
    sa, sb = (slot_anchors(a), slot_anchors(b)) if use is None else (context_anchors(a, use), context_anchors(b, use))
    agree = sum((sa[k] + sb[k]) / 2 for k in sa.keys() & sb.keys())
    only_a = {k: v for k, v in sa.items() if k not in sb}
    only_b = {k: v for k, v in sb.items() if k not in sa}
    for x in sorted(only_a):
        y = next((y for y in sorted(only_b) if _same_slot(x, y)), None)
        if y is not None:
            agree += (only_a.pop(x) + only_b.pop(y)) / 2
    return agree, min(sum(only_a.values()), sum(only_b.values()))


def frame_words(s: Sentence) -> set[str]:
    """The template frame of a sentence: its folded words without slot anchors, names or digits
    ("NV Nederlandse Gasunie is issuing a 100 mln dlr eurobond ..." -> {is, issuing, a, mln, dlr, eurobond, ...})."""
    cached = s.__dict__.get("_frame_words")
    if cached is None:
        slots = slot_anchors(s)
        names = set() if _all_caps(s) else set(s.names)
        cached = s.__dict__["_frame_words"] = {w for w in s.word_set
                                              if w not in slots and w not in names and not w[:1].isdecimal()}
    return cached


def wording_pairs(al: Alignment, a: list[Sentence], b: list[Sentence], min_words: int = MIN_WORDS) -> list[tuple[int, int]]:
    """Sentence pairs of ``a`` and ``b`` that share their wording, where slots are compared.

    The aligned pairs (in order and moved) plus, within one language, the monotone chain
    (:func:`~newstrace.provenance.align.monotone_chain`, threshold :data:`~newstrace.provenance.align.TAU`)
    over the weighted Dice of the frames (:func:`frame_words`) of the sentences left unaligned: the
    alignment's fact factor keeps two filled-in templates' leads apart, the frame view pairs them
    (a copy leaves few sentences unaligned, so this stays cheap). Only sentences of ``min_words``+
    words (default :data:`~newstrace.provenance.align.MIN_WORDS`: no sign-offs; :func:`refill_counts`
    also reads a notice's short lines, "Pay April 15").
    """
    pairs = {(i, j) for i, j, _ in al.pairs + al.moved}
    if not al.cross_language and a and b:
        used_a, used_b = {i for i, _ in pairs}, {j for _, j in pairs}
        rows = [i for i in range(len(a)) if i not in used_a and len(a[i].words) >= min_words]
        cols = [j for j in range(len(b)) if j not in used_b and len(b[j].words) >= min_words]
        if rows and cols:
            sim = weighted_dice([frame_words(a[i]) for i in rows], [frame_words(b[j]) for j in cols], word_weight)
            pairs |= {(rows[i], cols[j]) for i, j, _ in monotone_chain(sim, TAU)}
    return sorted((i, j) for i, j in pairs if len(a[i].words) >= min_words and len(b[j].words) >= min_words)


def slot_agreement(al: Alignment, a: list[Sentence], b: list[Sentence]) -> tuple[float, float, float]:
    """Slot agreement of two articles: ``(share, agree, conflict)`` summed over :func:`wording_pairs`
    (:func:`slot_counts`), ``share = agree / (agree + conflict)`` (1.0 when neither).

    Near-duplicate detection is known to fail on templates: pages or notices sharing boilerplate
    but differing in their content are not near-duplicates (Broder 1997, "On the resemblance and
    containment of documents", and Manku, Jain & Das Sarma 2007, "Detecting near-duplicates for web
    crawling", WWW, both remove boilerplate before comparing; Theobald, Siddharth & Paepcke 2008,
    "SpotSigs", SIGIR, pick signatures from content so that templates do not match). Text-reuse
    alignment (the PAN text-alignment task, Potthast et al. 2014) scores passages that share
    content, not phrasing alone. A pair of wire notices shares the agency's frame sentence for
    sentence, so here the frame is aligned and what it holds is compared: a copy keeps most names
    and many figures (spun and machine-translated copies keep them by construction, a number edit
    changes a few), a template filled with another event substitutes them.

    Args:
        al: the pair's alignment.
        a, b: the two articles' analysed sentences (rows, columns of ``al``).

    Returns:
        ``(share, agree, conflict)`` (floats; weights as :func:`slot_anchors`).
    """
    m = slot_measures(al, a, b)
    total = m.agree + m.conflict
    return (m.agree / total if total else 1.0), m.agree, m.conflict


# --- subjects: the names a notice's headline fills ----------------------------------------------

#: Each headline must name at least this much subject weight that the other article never
#: mentions (a rare name or ticker 1.0, "Georgia-Pacific" 0.43, "Ohio" 0.3) ... Measured
#: (``bench/trace_reuters_pairs.py --n 3000``): at 0.9 Georgia-Pacific / Navistar and Hokkaido Bank /
#: Gunma Bank notices stayed linked, at 0.4 they are held back and nothing else changes.
SUBJECT_MIN_WEIGHT = 0.4
#: ... and less than this much that it does (a shared rare name is one subject told twice).
SUBJECT_MAX_SHARED = 0.5
#: Body slots that agree this much (share, and weight: one rare name or figure) keep a pair linked
#: whatever its headlines say: the "agree" class of ``bench/trace_reuters_pairs.py``.
BODY_MIN_AGREEMENT = 0.8
BODY_MIN_AGREE_WEIGHT = 1.0


def subject_names(head: Sentence, use: WordUse) -> dict[str, float]:
    """The distinctive names of a headline (an article's first sentence): its subject.

    A capitalised word of three or more letters (not a date word or company form) that the
    articles never write in lower case (``use.lower``: "MLN", "DLR" are wire vocabulary) and that,
    where its capital says nothing (a line in capitals or in title case, or the opening word), is
    rare (Zipf below :data:`RARE_ZIPF`: a ticker, "CONCHEMCO") or written as a name in a sentence
    (``use.names``: "... upgraded Georgia-Pacific Corp's debt").

    Args:
        head: the headline (or, without one, the lead).
        use: the pair's :class:`WordUse`.

    Returns:
        ``{name: weight}``, weights (:func:`~newstrace.provenance.text.name_weight`) in (0, 1].
    """
    words = [t for t in head.raw if t[:1].isalpha()]
    titled = sum(t[:1].isupper() for t in words) >= 0.8 * len(words) if words else False
    out: dict[str, float] = {}
    for k, (tok, w) in enumerate(zip(head.raw, head.words)):
        w = _base(w)
        if not _name_slot(tok, w) or w in use.lower:
            continue
        if (titled or k == 0) and zipf(w) >= RARE_ZIPF and w not in use.names:
            continue
        weight = name_weight(w)
        if weight > 0:
            out[w] = max(out.get(w, 0.0), weight)
    return out


def _mentioned(name: str, named: set[str], words: set[str], long_words: list[str]) -> bool | None:
    """Whether an article mentions ``name`` as a name.

    Args:
        name: a folded name.
        named: the article's headline words and the words its sentences write as names (:class:`WordUse` ``names``).
        words: all its folded words; long_words: those of six or more letters.

    Returns:
        True: its headline or a sentence writing it as a name (:class:`WordUse` ``names``) holds the
        word or one with its first five letters (five or more letters: "Navistar" and "Navistar's").
        None (perhaps): the article holds it only where a capital says nothing (a line's first word:
        "Qtly div 10 cts" is wire vocabulary, "Telxon Corp said" a name), or a near spelling of a
        name of six or more letters (rapidfuzz ratio >= 75: a garbled or transliterated copy of it,
        or a misspelt common word, "DOWGRADED" and "downgraded"). False: neither.
    """
    def holds(ws: set[str]) -> bool:
        return name in ws or (len(name) >= 5 and any(w[:5] == name[:5] for w in ws if len(w) >= 5))

    if holds(named):
        return True
    if holds(words):
        return None
    if len(name) >= 6 and process.extractOne(name, long_words, scorer=fuzz.ratio, score_cutoff=75) is not None:
        return None
    return False


def subject_differs(a: list[Sentence], b: list[Sentence], uses: tuple[WordUse, WordUse] | None = None) -> bool:
    """True when two articles' headlines name different subjects: each headline's subject names
    (:func:`subject_names`) weigh at least :data:`SUBJECT_MIN_WEIGHT` that the other article never
    mentions (:func:`_mentioned`, anywhere in it) and less than :data:`SUBJECT_MAX_SHARED` that it
    mentions as a name (one it perhaps mentions counts as neither).

    "CONCHEMCO INC <CKC> SETS QUARTERLY" and "M.D.C. HOLDINGS INC <MDC> SETS QUARTERLY" over one
    dividend notice's lines differ; a copy that rewrote its headline ("Conchemco holds its payout")
    does not, as it names what the origin names, and a headline naming nobody ("Chemicals maker
    keeps dividend") never makes a difference.

    Args:
        a, b: the two articles' analysed sentences, headline first (the lead when there is none).
        uses: each article's :class:`WordUse` (:func:`word_use`; computed when None).
    """
    if not a or not b:
        return False
    use_a, use_b = uses if uses is not None else (word_use(a), word_use(b))
    use = use_a | use_b
    for x, y, use_y in ((a, b, use_b), (b, a, use_a)):
        names = subject_names(x[0], use)
        if not names:
            return False
        named = {_base(w) for w in y[0].words} | use_y.names
        words = {_base(w) for s in y for w in s.words}
        long_words = [w for w in words if len(w) >= 6]
        found = {k: _mentioned(k, named, words, long_words) for k in names}
        missing = sum(v for k, v in names.items() if found[k] is False)
        shared = sum(v for k, v in names.items() if found[k] is True)
        if missing < SUBJECT_MIN_WEIGHT or shared >= SUBJECT_MAX_SHARED:
            return False
    return True


def body_slots_agree(agree: float, conflict: float) -> bool:
    """True when the slots below the headlines clearly agree: weight at least :data:`BODY_MIN_AGREE_WEIGHT`
    and share ``agree / (agree + conflict)`` at least :data:`BODY_MIN_AGREEMENT`."""
    return agree >= BODY_MIN_AGREE_WEIGHT and agree / (agree + conflict) >= BODY_MIN_AGREEMENT


@dataclass(frozen=True)
class SlotMeasures:
    """The slots of an aligned pair (:func:`slot_measures`).

    Attributes:
        agree, conflict: slot weight that agrees and that was substituted, over :func:`wording_pairs`.
        body_agree, body_conflict: the same without the pair of the two articles' first sentences (their
            headlines; an article without a headline starts with its lead, which is body text).
        subject_differs: :func:`subject_differs` (False across languages: a translation rewrites names).
        refill_names, refill_figures, refill_agree: names or dates substituted, figures substituted
            (counts) and slot weight kept, over :func:`wording_pairs` of any length (:func:`refill_counts`;
            0 across languages).
        figure_pairs, figures_refilled_pairs: of those sentence pairs, the ones where both sentences
            state figures, and the ones among them where a figure was substituted and none kept
            (:func:`every_figure_refilled`); reworded_pairs: the ones whose words other than figures differ.
    """

    agree: float = 0.0
    conflict: float = 0.0
    body_agree: float = 0.0
    body_conflict: float = 0.0
    subject_differs: bool = False
    refill_names: int = 0
    refill_figures: int = 0
    refill_agree: float = 0.0
    figure_pairs: int = 0
    figures_refilled_pairs: int = 0
    reworded_pairs: int = 0


def slot_measures(al: Alignment, a: list[Sentence], b: list[Sentence]) -> SlotMeasures:
    """Measure :class:`SlotMeasures` of the pair: slot counts (:func:`slot_counts` with the pair's
    :func:`word_use`) summed over :func:`wording_pairs`, also without the headline pairs, whether
    the headlines name different subjects (:func:`subject_differs`), and the substituted and kept
    slots of every sentence pair sharing its frame, short lines included (:func:`refill_counts`)."""
    use_a, use_b = word_use(a), word_use(b)
    use = use_a | use_b
    agree = conflict = body_agree = body_conflict = 0.0
    for i, j in wording_pairs(al, a, b):
        x, y = slot_counts(a[i], b[j], use)
        agree += x
        conflict += y
        if i or j:  # not the two first sentences (a headline without the other's is read as body)
            body_agree += x
            body_conflict += y
    differs = not al.cross_language and subject_differs(a, b, (use_a, use_b))
    names = figures = with_figures = all_refilled = other_words = 0
    kept = 0.0
    if not al.cross_language:  # a translation rewrites names and dates: no slot reads as substituted
        for i, j in wording_pairs(al, a, b, min_words=1):
            n, f, k = refill_counts(a[i], b[j], use)
            names, figures, kept = names + n, figures + f, kept + k
            if a[i].numbers and b[j].numbers:
                with_figures += 1
                all_refilled += bool(f) and not set(a[i].numbers) & set(b[j].numbers)
            # words other than figures differing somewhere: the form's text, not only its figures
            other_words += _words_but_figures(a[i]) != _words_but_figures(b[j])
    return SlotMeasures(agree, conflict, body_agree, body_conflict, differs, names, figures, kept,
                        with_figures, all_refilled, other_words)


def _words_but_figures(s: Sentence) -> list[str]:
    """A sentence's folded words without its figures and number words."""
    return [w for w in s.words if number_value(w) is None]


#: Fewest sentence pairs stating figures, every one with its figures all substituted, that read as a
#: form filled anew whatever names it keeps (:func:`every_figure_refilled`).
REFILL_MIN_FIGURE_PAIRS = 3


def every_figure_refilled(m: SlotMeasures) -> bool:
    """True when every sentence pair sharing its frame that states figures on both sides had its figures
    substituted and kept none, over at least :data:`REFILL_MIN_FIGURE_PAIRS` such pairs.

    A number-edited copy changes some figures and keeps the others (a date, an age, a count the copier
    did not touch); one form filled for another event (a council's notices, two companies' results)
    changes them all while keeping the town, the speaker's surname and the frame, and words besides
    the figures differ somewhere (the topic: "late-night bus services" for "oak trees"); a copy
    that changed every figure and nothing else is a number-edited copy (a re-test: a notice with
    all four figures inflated lost its true origin to this rule). :func:`refilled`
    needs the figures substituted to weigh twice the names kept, which a notice naming its town and
    councillor in every sentence never reaches (a new-user test: 12 of 240 invented council notices
    linked as number-edited copies, "943, 6 -> 320, 12").
    """
    return (m.figure_pairs >= REFILL_MIN_FIGURE_PAIRS and m.figures_refilled_pairs == m.figure_pairs
            and m.reworded_pairs > 0)


# --- refilled forms: slots substituted in most sentences that share their frame -----------------

_MONTH_WORDS = DATE_WORDS - WEEKDAYS
#: Weight of a date anchor (a weekday, a month, a month and day) when agreeing slots are summed:
#: a date repeats in many reports of one week, so it says less than a rare name (1.0).
DATE_WEIGHT = 0.5


def _dates(s: Sentence) -> list[tuple[int, str]]:
    """The dates of a sentence with the index of their word: ``(k, "@" + weekday)``, ``(k, "@" + month)``
    or ``(k, "@" + month + "-" + day)`` (a month by its first three letters; a date with its day is
    given for the month's and the day's word both)."""
    caps = _all_caps(s)
    out = []
    for k, (tok, w) in enumerate(zip(s.raw, s.words)):
        if w in WEEKDAYS:
            out.append((k, "@" + w))
        elif w in _MONTH_WORDS and tok[:1].isupper() and not (caps and w == "may"):
            nxt = s.words[k + 1] if k + 1 < len(s.words) else ""
            prev = s.words[k - 1] if k else ""
            after = nxt.isdecimal() and 1 <= int(nxt) <= 31
            before = not after and prev.isdecimal() and 1 <= int(prev) <= 31
            if after or before:  # the date is both words: a new month or a new day fills it anew
                key = f"@{w[:3]}-{int(nxt if after else prev)}"
                out += [(k, key), (k + 1 if after else k - 1, key)]
            else:
                out.append((k, "@" + w[:3]))
    return out


def date_anchors(s: Sentence) -> dict[str, float]:
    """A sentence's dates as slots: ``"@" + weekday``, ``"@" + month`` (first three letters) or
    ``"@" + month + "-" + day`` ("Pay April 15" -> ``{"@apr-15": 0.5}``), each :data:`DATE_WEIGHT`.

    A month word counts only where written with a capital in a mixed-case sentence, or in a line in
    capitals other than "MAY" (the modal verb). :func:`slot_anchors` leaves dates out (they change
    in every update); a notice filled for another day substitutes them (:func:`refill_counts`).
    """
    return {key: DATE_WEIGHT for _k, key in _dates(s)}


#: Weight of a figure of one significant digit ("90 minutes", "3 people") when agreeing slots are
#: summed; :func:`slot_anchors` leaves such figures out, a form filled anew changes them too.
SMALL_FIGURE_WEIGHT = 0.3


def refill_anchors(s: Sentence, use: WordUse) -> dict[str, float]:
    """The slots of one sentence as :func:`refill_counts` compares them: :func:`context_anchors`, every
    figure (``"#"`` + value, weight at least :data:`SMALL_FIGURE_WEIGHT`; not a day after a month), the
    dates (:func:`date_anchors`), and the opening word where it begins a name of two capitalised words
    ("Caldera Oil is issuing ...", "Essex Police said ...": a form's lead opens with its subject) and
    is not a common word (:func:`~newstrace.provenance.text.name_weight` above 0, never written in lower case).

    Returns:
        ``{anchor: weight}`` (a new dict).
    """
    fixed = s.__dict__.get("_refill_fixed")  # dates and figures do not depend on the pair: cached
    if fixed is None:
        fixed = date_anchors(s)
        for m in _FIGURE.finditer(s.text):
            before = s.text[max(0, m.start() - 60): m.start()].split()
            if before and fold(before[-1]).strip(",.;:") in DATE_WORDS:
                continue
            v = figure_value(m.group())
            if v is not None:
                fixed["#" + v] = max(SMALL_FIGURE_WEIGHT, number_weight(v), fixed.get("#" + v, 0.0))
        s.__dict__["_refill_fixed"] = fixed
    out = {**fixed, **context_anchors(s, use)}
    if len(s.raw) >= 2 and not _all_caps(s):
        tok, w = s.raw[0], _base(s.words[0])
        if (_name_slot(tok, w) and s.raw[1][:1].isupper() and fold(s.raw[1]) not in DATE_WORDS
                and w not in use.lower and w not in out
                and (weight := name_weight(w)) > 0):
            out[w] = weight
    return out


#: Longest run of differing words, on either side, read as slots filled anew between shared frame
#: words ("Kingsbridge United" for "Felton Athletic", "Credit Suisse First Boston" for "Nomura
#: International"); a longer run is a reworded passage whose names are not substitutes for each other.
MAX_SLOT_WORDS = 6


def _fixed_positions(s: Sentence) -> list[tuple[int, str]]:
    """The figures (``"#"`` + value, by the word they start in) and dates (:func:`_dates`) of a
    sentence with their word index; cached on the sentence (they do not depend on the pair)."""
    cached = s.__dict__.get("_fixed_positions")
    if cached is not None:
        return cached
    starts = _offsets(s)  # the words' offsets in the text
    out = list(_dates(s))
    for m in _FIGURE.finditer(s.text):
        v = figure_value(m.group())
        if v is not None:
            out.append((max(0, bisect_right(starts, m.start()) - 1), "#" + v))
    s.__dict__["_fixed_positions"] = out
    return out


def _slot_positions(s: Sentence, anchors: dict[str, float]) -> dict[int, set[str]]:
    """Which of ``anchors`` (:func:`refill_anchors`) each word of ``s`` (index into ``s.words``) holds."""
    out: dict[int, set[str]] = {}
    for k, w in enumerate(s.words):
        w = _base(w)
        if w in anchors:
            out.setdefault(k, set()).add(w)
    for k, key in _fixed_positions(s):
        if key in anchors:
            out.setdefault(k, set()).add(key)
    return out


def refill_counts(a: Sentence, b: Sentence, use: WordUse) -> tuple[int, int, float]:
    """Slots substituted and kept in one sentence pair sharing its frame: ``(names, figures, agree)``.

    The slots are :func:`refill_anchors` (names, every figure, dates), read in place: the two
    sentences' words are aligned (:class:`difflib.SequenceMatcher`) and an anchor both hold in
    corresponding places (a run of shared words, or a differing run on both sides), or a near
    spelling or an equal figure there (:func:`_same_slot`), is kept (``agree``: summed mean weight;
    one the other sentence holds only in another place is not: "A beat B" and "B beat A").
    A slot is *substituted* where the two sentences' words differ in a run of at most
    :data:`MAX_SLOT_WORDS` words on each side between shared words, and the run holds on both sides
    an anchor the other run does not (nor a near spelling of it; a name the other sentence holds
    elsewhere counts, as in "A beat B" and "B beat C"). Each such run is one slot filled anew: a
    name or date for a name or date (``names``, whatever their rarity: "Reading" for "Bath" is a
    new filling), a figure for a figure, or one month's day for another day of it (``figures``); a
    run may count as both. An anchor only one side holds (a cut, an addition, a name a spinner wrote
    in lower case) substitutes nothing, nor does a word the articles also write in lower case
    (``use.lower``: a spinner's "Financial" for "Bank"), nor a longer run (a reworded passage).
    """
    sa, sb = refill_anchors(a, use), refill_anchors(b, use)
    if not sa or not sb:
        return 0, 0, 0.0
    if a.words == b.words:  # one sentence repeated: every slot kept in place
        return 0, 0, sum((sa[k] + sb[k]) / 2 for k in sa.keys() & sb.keys())
    pos_a, pos_b = _slot_positions(a, sa), _slot_positions(b, sb)
    kept: dict[str, float] = {}  # a's anchors kept in place, with the pair's mean weight
    names = figures = 0
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a.words, b.words, autojunk=False).get_opcodes():
        if tag in ("delete", "insert"):
            continue
        xa = {k for i in range(i1, i2) for k in pos_a.get(i, ())}
        xb = {k for j in range(j1, j2) for k in pos_b.get(j, ())}
        for k in xa & xb:
            kept.setdefault(k, (sa[k] + sb[k]) / 2)
        if tag == "equal":
            continue
        # what fills this place of the frame on each side, less what agrees: a name the other
        # sentence holds in another place still fills this one anew ("A beat B" and "B beat C")
        xa, xb = xa - xb, xb - xa
        for x in sorted(k for k in xa if not k.startswith("@")):
            y = next((y for y in sorted(xb) if not y.startswith("@") and _same_slot(x, y)), None)
            if y is not None:
                xa.discard(x)
                xb.discard(y)
                kept.setdefault(x, (sa[x] + sb[y]) / 2)
        if i2 - i1 > MAX_SLOT_WORDS or j2 - j1 > MAX_SLOT_WORDS:
            continue  # a reworded passage: its names are not substitutes for each other
        for x in sorted(k for k in xa if k.startswith("@") and "-" in k):  # one month, another day
            y = next((y for y in sorted(xb) if y.startswith("@") and y.split("-")[0] == x.split("-")[0]), None)
            if y is not None:
                xa.discard(x)
                xb.discard(y)
                figures += 1
        # one run is one slot filled anew ("Credit Suisse First Boston" for "Nomura International")
        figures += any(k.startswith("#") for k in xa) and any(k.startswith("#") for k in xb)
        names += (any(not k.startswith("#") and k not in use.lower for k in xa)
                  and any(not k.startswith("#") and k not in use.lower for k in xb))
    agree = sum(kept.values())
    return names, figures, agree


#: Fewest substituted slots (names, dates, figures) that make a form filled anew: one changed
#: figure or name is an edit ("number-edited", a garbled name), not another event.
REFILL_MIN_SUBSTITUTED = 2


def refilled(names: int, figures: int, kept: float) -> bool:
    """True when two articles read as one form filled twice: the slots of their sentences sharing a
    frame were substituted more than kept (:func:`refill_counts` summed over the pair).

    The method is that of wrapper induction from two pages of one template (Crescenzi, Mecca &
    Merialdo 2001, "RoadRunner: towards automatic data extraction from large web sites", VLDB;
    Arasu & Garcia-Molina 2003, "Extracting structured data from web pages", SIGMOD): align the two
    instances, take what agrees as the template and the mismatches as its data fields. Here the
    frame is the sentences' shared wording and the fields are the slots; a copy is one instance
    repeated, so its slots agree, and what tells them apart is how many fields were refilled:

    - ``names + figures >= REFILL_MIN_SUBSTITUTED`` (:data:`REFILL_MIN_SUBSTITUTED`), and
    - at least as many substitutions as the weight of the slots kept (``names + figures >= kept``:
      a rare name kept weighs 1, a town whose name is a common word less, a date 0.5), and
    - a name or date substituted, or, with names and dates all kept, figures substituted at least
      twice the kept weight (a number-edited copy changes a few figures and keeps its names; two
      number-edited copies of one origin differ in up to six figures, yet keep every name).

    Measured (``python tests/_template_families.py``: ten invented forms, ten fillings each, seeds
    1-6, every pair of one family verified directly): of the 5,220 independent pairs 51 were linked
    before this gate and 4 are now (one Eurobond issuer twice with the same amount and coupon, one
    company's dividend twice with the same amount and months); 234 of the 240 labelled copies are
    found before and after. In ``bench/trace_scale.py``'s 1,500-story corpus (4,389 links) it holds
    back 4 links, all between two Fed reports (New York banks' and all U.S. banks' discount
    borrowings, of one week) and copies of one of them; no generated copy loses its origin. Reuters
    ``--n 3000`` (``bench/trace_reuters_pairs.py``): 26 links held back, all one notice form filled
    for two events (Franklin fund payouts, Bank of England forecasts of two days, Eurobonds and
    notes of two borrowers, CCC bonus bids for two buyers).

    Args:
        names: names and dates substituted (count); figures: figures substituted (count);
        kept: slot weight kept (:func:`refill_counts`).
    """
    substituted = names + figures
    if substituted < REFILL_MIN_SUBSTITUTED or substituted < kept:
        return False
    return names >= 1 or figures >= 2 * kept
