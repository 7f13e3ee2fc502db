"""Ordered sentence alignment between two articles: sentence similarity and a monotone dynamic programme.

Similarity of two sentences is the larger of two weighted Dice coefficients:

- *lexical*: over folded words, each weighted by rarity (``the`` ~0.1, a name 1.0), which keeps
  verbatim and edited copies near 1 and spun copies (synonym swaps keep names, numbers, function
  words and order) around 0.5-0.8;
- *anchor*: over names, numbers and 5-letter stems (cognates: "militares"/"military"), which is
  what survives machine translation and translation, scaled by :data:`ANCHOR_SCALE`.

The alignment is the maximum-gain monotone chain of sentence pairs (gain = similarity - tau),
computed row by row with a running maximum (a Needleman-Wunsch variant without gap cost), so it
finds "which copy sentence derives from which origin sentence, in order". Out-of-order pairs that
are near-identical (moved paragraphs) are added afterwards and flagged.

Across languages (:func:`cross_language_alignment`) word overlap means nothing and the scaled
anchor view stays under the threshold for most translated sentences (0.3-0.7 on a real Spanish
translation), so a second chain is made from the anchor view alone, over sentence pairs that share
at least :data:`CROSS_MIN_SHARED` distinctive anchors (names, specific numbers): a translation keeps
the names and figures of each sentence in order, while independent reports in another language
share the event's main names but seldom two of them in one sentence pair after sentence pair.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from newstrace.provenance.text import Sentence, is_cjk_single, number_weight, zipf

#: Pairs below this similarity are never aligned.
TAU = 0.45
#: Out-of-order pairs at or above this similarity are kept as moved text.
TAU_MOVED = 0.8
#: Anchor-view similarities are scaled down: names and numbers are shared by independent reports too.
ANCHOR_SCALE = 0.85
#: Fact factor floors: sentences sharing no number keep at most this share of their similarity ...
NUMBER_FLOOR = 0.4
#: ... and sentences sharing no name this share.
NAME_FLOOR = 0.6
#: Sentences with fewer words are furniture ("Image caption", "Share") and do not count in coverage.
MIN_WORDS = 4
#: Inside a gap of the alignment (between two aligned pairs) a sentence pair is matched from this
#: similarity, for reporting what changed (:func:`gap_pairs`); the link decision never reads it.
TAU_GAP = 0.25
#: Cross-language chain: anchor similarity from which a sentence pair may align ...
TAU_CROSS = 0.3
#: ... when the two sentences share at least this many distinctive anchors (names, specific numbers).
#: Measured on the provenance corpus (all 60 articles, every pair in two languages): translations
#: align 4-7 such pairs in order covering 0.32-0.63 of the shorter article; independent same-event
#: reports in another language at most 2 pairs and 0.17.
CROSS_MIN_SHARED = 2
#: The anchor chain stands in for the lexical one only from this many pairs (translations 4-7,
#: independent reports at most 2 on the corpus above); below, it would give a pair of independent
#: reports the coverage and similarity of a short copy.
CROSS_MIN_PAIRS = 3


#: Weight of a Chinese or Japanese character bigram (:attr:`~newstrace.provenance.text.Sentence.pairs`)
#: of hiragana alone: inflections and particles ("した", "ている"), which every Japanese sentence has,
#: weighted as English function words are (0.1-0.3). Set by hand: no corpus of CJK copies is at hand;
#: on the invented articles of tests/test_cjk.py, independent same-event sentences stay under 0.3.
KANA_PAIR_WEIGHT = 0.2
#: Weight of a bigram joining a hiragana particle to a Han character ("は市", "の建"): it spans a word
#: boundary, so it is half evidence (set by hand, as :data:`KANA_PAIR_WEIGHT`).
MIXED_PAIR_WEIGHT = 0.5


@lru_cache(maxsize=500_000)
def word_weight(word: str) -> float:
    """Evidence weight of a folded word, from its English Zipf frequency: 0.1 ("the") .. 1.0 (rare, names, numbers).

    A Chinese or Japanese character bigram has no English frequency: :data:`KANA_PAIR_WEIGHT` when
    both characters are hiragana, :data:`MIXED_PAIR_WEIGHT` when one is, else 1.0.
    """
    if word[:1].isdecimal():
        return 1.0
    if len(word) == 2 and is_cjk_single(word[0]) and is_cjk_single(word[1]):
        kana = sum("\u3041" <= c <= "\u309f" for c in word)
        return (1.0, MIXED_PAIR_WEIGHT, KANA_PAIR_WEIGHT)[kana]
    return float(min(1.0, max(0.1, (7.5 - zipf(word)) / 4.5)))


@dataclass
class Alignment:
    """Result of aligning article A (rows) with article B (columns).

    Attributes:
        pairs: ``(i, j, similarity)`` in order; ``i`` indexes A's sentences, ``j`` B's.
        moved: out-of-order ``(i, j, similarity)`` pairs (moved paragraphs).
        coverage_a, coverage_b: share of each article's content characters (sentences of
            :data:`MIN_WORDS`+ words) in aligned sentences, 0..1.
        lexical: per aligned pair, the lexical similarity (same order as ``pairs``).
        n_a, n_b: sentence counts.
        cross_language: the pairs come from :func:`cross_language_alignment` (anchor view only),
            their similarities mapped onto the lexical scale (see there).
    """

    pairs: list[tuple[int, int, float]] = field(default_factory=list)
    moved: list[tuple[int, int, float]] = field(default_factory=list)
    coverage_a: float = 0.0
    coverage_b: float = 0.0
    lexical: list[float] = field(default_factory=list)
    n_a: int = 0
    n_b: int = 0
    cross_language: bool = False

    @property
    def all_pairs(self) -> list[tuple[int, int, float]]:
        """In-order and moved pairs, sorted by A's index."""
        return sorted(self.pairs + self.moved)


def _incidence(a_sets: list[set[str]], b_sets: list[set[str]]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """0/1 matrices ``A`` (len(a_sets) x V) and ``B`` (len(b_sets) x V) of which token each set holds, and the V
    tokens, sorted: float sums over them then run in one order whatever the hash seed."""
    vocab = sorted(set().union(*a_sets, *b_sets))
    col = {t: k for k, t in enumerate(vocab)}
    A = np.zeros((len(a_sets), len(vocab)))
    B = np.zeros((len(b_sets), len(vocab)))
    for M, sets in ((A, a_sets), (B, b_sets)):
        rows = [i for i, st in enumerate(sets) for _ in st]
        cols = [col[t] for st in sets for t in st]
        M[rows, cols] = 1.0
    return A, B, vocab


def weighted_dice(a_sets: list[set[str]], b_sets: list[set[str]], weight) -> np.ndarray:
    """Weighted Dice coefficient of every pair of token sets, shape ``(len(a_sets), len(b_sets))``, 0..1:
    ``2 * w(A & B) / (w(A) + w(B))`` with ``weight(token)`` per token."""
    A, B, vocab = _incidence(a_sets, b_sets)
    if not vocab or not len(a_sets) or not len(b_sets):
        return np.zeros((len(a_sets), len(b_sets)))
    w = np.fromiter((weight(t) for t in vocab), dtype=float, count=len(vocab))
    Aw = A * w
    inter = Aw @ B.T
    denom = Aw.sum(1)[:, None] + (B @ w)[None, :]
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(denom > 0, 2 * inter / denom, 0.0)
    return out


def _anchor_weight(t: str) -> float:
    return 0.5 if t.startswith("~") else 1.0


def _fact_factor(a_sets: list[set[str]], b_sets: list[set[str]], floor: float,
                 density: np.ndarray | None = None) -> np.ndarray:
    """Down-weighting for sentences that state different facts, where both sentences have some.

    Without ``density``: ``min(1, floor + Dice)``. With ``density`` (matrix of the larger share of
    such tokens among the two sentences' words): ``max(floor, 1 - 2 * density * (1 - Dice))``, so a
    number-dense template line with other numbers ("Shr 22 cts vs 17 cts") drops to ``floor``
    while a prose sentence with one changed figure keeps most of its similarity.
    """
    d = weighted_dice(a_sets, b_sets, lambda t: 1.0)
    has_a = np.array([bool(x) for x in a_sets])[:, None]
    has_b = np.array([bool(x) for x in b_sets])[None, :]
    if density is None:
        f = np.minimum(1.0, floor + d)
    else:
        f = np.maximum(floor, 1.0 - 2.0 * density * (1.0 - d))
    return np.where(has_a & has_b, f, 1.0)


def similarity_matrices(a: list[Sentence], b: list[Sentence], *,
                        numbers: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Lexical and anchor similarity matrices, each of shape ``(len(a), len(b))``, values 0..1.

    Both are multiplied by a *fact factor*: two sentences with numbers but few in common, or
    with names but none in common, are different statements even when their wording matches
    (templates such as earnings tables, "Shr 22 cts vs 17 cts"); a copy that edits one number
    of three keeps a factor of 1 (:data:`NUMBER_FLOOR`, :data:`NAME_FLOOR`). ``numbers=False``
    leaves the numbers out of the factor, for pairing sentences whose figures a copy changed.
    """
    lex = weighted_dice([s.word_set for s in a], [s.word_set for s in b], word_weight)
    anc = weighted_dice([s.anchor_view for s in a], [s.anchor_view for s in b], _anchor_weight)
    factor = number_factor(a, b) if numbers else 1.0
    factor = factor * _fact_factor([{x[:5] for x in s.names} for s in a], [{x[:5] for x in s.names} for s in b],
                                   NAME_FLOOR)
    return lex * factor, anc * factor


def number_factor(a: list[Sentence], b: list[Sentence]) -> np.ndarray:
    """The numbers' part of the fact factor of :func:`similarity_matrices`, shape ``(len(a), len(b))``:
    :data:`NUMBER_FLOOR` .. 1 by how dense in numbers the pair is and how many it shares."""
    da = np.array([len(s.numbers) / max(1, len(s.words)) for s in a])
    db = np.array([len(s.numbers) / max(1, len(s.words)) for s in b])
    return _fact_factor([set(s.numbers) for s in a], [set(s.numbers) for s in b], NUMBER_FLOOR,
                        np.maximum(da[:, None], db[None, :]))


def _content_chars(sents: list[Sentence]) -> np.ndarray:
    return np.array([len(s.text) if len(s.words) >= MIN_WORDS else 0 for s in sents], dtype=float)


def monotone_chain(sim: np.ndarray, tau: float = TAU) -> list[tuple[int, int, float]]:
    """Maximum-gain monotone chain of cells with ``sim >= tau`` (gain ``sim - tau``).

    Args:
        sim: similarity matrix, shape ``(n, m)``.
        tau: threshold.

    Returns:
        ``(i, j, sim)`` with ``i`` and ``j`` strictly increasing.
    """
    n, m = sim.shape
    gain = np.where(sim >= tau, sim - tau, -np.inf)
    D = np.zeros((n + 1, m + 1))
    for i in range(1, n + 1):
        diag = np.concatenate([[-np.inf], D[i - 1, :-1] + gain[i - 1]])
        row = np.maximum(D[i - 1], diag)
        D[i] = np.maximum.accumulate(row)
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        if D[i, j] == D[i - 1, j]:
            i -= 1
        elif D[i, j] == D[i, j - 1]:
            j -= 1
        else:
            pairs.append((i - 1, j - 1, float(sim[i - 1, j - 1])))
            i, j = i - 1, j - 1
    return pairs[::-1]


def content_coverage(sents: list[Sentence], used: set[int]) -> float:
    """Share of ``sents``' content characters (sentences of :data:`MIN_WORDS`+ words) in sentences ``used``, 0..1."""
    c = _content_chars(sents)
    return float(c[sorted(used)].sum() / c.sum()) if c.sum() and used else 0.0


def alignment_from_pairs(a: list[Sentence], b: list[Sentence], pairs: list[tuple[int, int, float]]) -> Alignment:
    """An :class:`Alignment` for given pairs (e.g. from sentence embeddings), with lexical similarities and coverage."""
    lex, _ = similarity_matrices(a, b) if a and b else (np.zeros((0, 0)), None)
    al = Alignment(pairs=list(pairs), n_a=len(a), n_b=len(b))
    al.lexical = [float(lex[i, j]) for i, j, _ in pairs]
    al.coverage_a = content_coverage(a, {i for i, _, _ in pairs})
    al.coverage_b = content_coverage(b, {j for _, j, _ in pairs})
    return al


def align(a: list[Sentence], b: list[Sentence],
          matrices: tuple[np.ndarray, np.ndarray] | None = None) -> Alignment:
    """Align two articles' sentences in order (see the module docstring).

    Args:
        a, b: analysed sentences (:func:`newstrace.provenance.text.analyse_text`).
        matrices: their :func:`similarity_matrices`, if already computed.

    Returns:
        An :class:`Alignment`; empty when either side has no sentences.
    """
    al = Alignment(n_a=len(a), n_b=len(b))
    if not a or not b:
        return al
    lex, anc = matrices if matrices is not None else similarity_matrices(a, b)
    sim = np.maximum(lex, ANCHOR_SCALE * anc)
    al.pairs = monotone_chain(sim)
    used_a = {i for i, _, _ in al.pairs}
    used_b = {j for _, j, _ in al.pairs}
    # moved paragraphs: near-identical pairs outside the chain, best first
    cand = np.argwhere(sim >= TAU_MOVED)
    for i, j in sorted(cand.tolist(), key=lambda ij: -sim[ij[0], ij[1]]):
        if i not in used_a and j not in used_b and len(a[i].words) >= MIN_WORDS:
            al.moved.append((i, j, float(sim[i, j])))
            used_a.add(i)
            used_b.add(j)
    al.lexical = [float(lex[i, j]) for i, j, _ in al.pairs]
    al.coverage_a = content_coverage(a, used_a)
    al.coverage_b = content_coverage(b, used_b)
    return al


def distinctive_anchors(s: Sentence) -> set[str]:
    """A sentence's anchors that few independent sentences share: names (first five folded letters)
    and numbers of weight >= 0.6 (two or more significant digits, not years; :func:`~newstrace.provenance.text.number_weight`)."""
    return {x[:5] for x in s.names} | {"#" + n for n in s.numbers if number_weight(n) >= 0.6}


def cross_language_alignment(a: list[Sentence], b: list[Sentence],
                             matrices: tuple[np.ndarray, np.ndarray] | None = None) -> Alignment:
    """Align two articles in different languages on their anchors, in order.

    Cells are the anchor-view similarity (names, numbers and ``~`` cognate stems, as in
    :func:`similarity_matrices`, unscaled) of sentence pairs sharing at least
    :data:`CROSS_MIN_SHARED` distinctive anchors (:func:`distinctive_anchors`), plus lexical
    similarity where it reaches :data:`TAU` (names and figures spelled alike); the chain starts at
    :data:`TAU_CROSS`. Similarities are then mapped linearly from ``[TAU_CROSS, 1]`` onto
    ``[TAU, 1]`` and stand in for lexical similarity (``lexical``), as embedding cosines do in
    :func:`newstrace.provenance.semantic.verify_with_embeddings`, so one calibrated model reads both.

    Args:
        a, b: analysed sentences of the two articles.
        matrices: their :func:`similarity_matrices`, if already computed.

    Returns:
        An :class:`Alignment` with ``cross_language=True`` (no moved pairs); empty when either side is empty.
    """
    al = Alignment(n_a=len(a), n_b=len(b), cross_language=True)
    if not a or not b:
        return al
    lex, anc = matrices if matrices is not None else similarity_matrices(a, b)
    A, B, vocab = _incidence([distinctive_anchors(s) for s in a], [distinctive_anchors(s) for s in b])
    if not vocab:
        return al
    shared = A @ B.T  # distinctive anchors each sentence pair shares
    sim = np.maximum(np.where(shared >= CROSS_MIN_SHARED, anc, 0.0), np.where(lex >= TAU, lex, 0.0))
    chain = monotone_chain(sim, TAU_CROSS)
    mapped = [(i, j, TAU + (1.0 - TAU) * (v - TAU_CROSS) / (1.0 - TAU_CROSS)) for i, j, v in chain]
    al.pairs = mapped
    al.lexical = [v for _, _, v in mapped]
    al.coverage_a = content_coverage(a, {i for i, _, _ in mapped})
    al.coverage_b = content_coverage(b, {j for _, j, _ in mapped})
    return al


def gap_pairs(a: list[Sentence], b: list[Sentence], pairs: list[tuple[int, int, float]],
              exclude: tuple[set[int], set[int]] = (set(), set()), tau: float = TAU_GAP) -> list[tuple[int, int, float]]:
    """Sentence pairs matched inside the gaps of an ordered alignment, at the lower threshold ``tau``.

    A rewritten sentence ("Over 320 people in uniform ... fled over four days" -> "More than 270
    people in uniform ... fled within three days", reworded by machine translation) can fall under
    :data:`TAU` while its neighbours align; between two aligned pairs its position vouches for
    it, so each gap (rows strictly between two consecutive pairs, columns likewise) gets its own
    monotone chain over the larger of the lexical and the unscaled anchor similarity, without the
    numbers' fact factor (a changed figure is what this pairing is for); the similarity returned is
    the usual one, with that factor, so it stays under :data:`TAU`. Used to pair
    such sentences as *changed* instead of one omitted and one added; the evidence a link is
    decided on (:mod:`newstrace.provenance.evidence`) does not include them.

    Args:
        a, b: analysed sentences (rows, columns).
        pairs: the in-order aligned pairs ``(i, j, similarity)``.
        exclude: row and column indices already used elsewhere (moved pairs).
        tau: threshold inside gaps.

    Returns:
        Extra ``(i, j, similarity)`` pairs of content sentences (:data:`MIN_WORDS`+ words), in order.
    """
    if not pairs or not a or not b:
        return []
    ordered = sorted(pairs)
    out: list[tuple[int, int, float]] = []
    for (i0, j0, _), (i1, j1, _) in itertools.pairwise(ordered):
        if i1 - i0 < 2 or j1 - j0 < 2:
            continue  # most gaps of a copy are empty on one side: nothing to compute
        ga, gb = a[i0 + 1 : i1], b[j0 + 1 : j1]
        best = np.maximum(*similarity_matrices(ga, gb, numbers=False))
        stated = best * number_factor(ga, gb)  # the similarity reported, under TAU as in the full matrix
        for i, j, _v in monotone_chain(best, tau):
            ii, jj = i0 + 1 + i, j0 + 1 + j
            if (ii not in exclude[0] and jj not in exclude[1]
                    and len(a[ii].words) >= MIN_WORDS and len(b[jj].words) >= MIN_WORDS):
                out.append((ii, jj, float(stated[i, j])))
    return out
