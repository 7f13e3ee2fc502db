"""Pair evidence: the measurable facts about two aligned articles that the copy decision rests on.

Why these: independent coverage of one event shares names, numbers and quotes, so a shared
quotation or a short headline-like match is weak evidence; a copy shares an ordered run of
ordinary (unquoted) sentences. The features separate the two and are symmetric in the pair.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from difflib import SequenceMatcher

from newstrace.provenance.align import CROSS_MIN_SHARED, TAU, Alignment, distinctive_anchors, word_weight
from newstrace.provenance.text import Sentence

#: A sentence at least this share inside quotation marks is a quotation; two aligned quotations
#: may be one speaker quoted by two independent reporters.
QUOTE_SHARE = 0.5
#: Aligned pairs whose shorter sentence has fewer words count in proportion (headline-like matches).
FULL_WORDS = 12
STRONG = 0.8
#: Shortest run of identical, unquoted words that counts as shared wording (a 4-gram outside
#: quotation marks: independent reports share quotations and names, rarely their own phrasing).
MIN_RUN_WORDS = 4


@dataclass
class PairEvidence:
    """Features of an aligned pair of articles (symmetric in the two).

    Attributes:
        n_pairs: aligned sentence pairs in order that are not both quotations.
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
    """

    n_pairs: int = 0
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
    ev.run = _longest_run(plain)
    ev.cov_min, ev.cov_max = sorted((al.coverage_a, al.coverage_b))
    ev.mean_lexical = sum(lex) / len(lex) if lex else 0.0
    if al.cross_language:
        runs = [w for i, j, _ in al.pairs if (w := shared_anchor_weight(a[i], b[j])) > 0]
    else:
        runs = [w for i, j, _ in al.pairs + al.moved for w in shared_wording(a[i], b[j], count_quotes)]
    ev.wording = sum(runs)
    ev.wording_max = max(runs, default=0.0)
    return ev
