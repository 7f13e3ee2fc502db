"""Candidate retrieval: MinHash LSH over word shingles plus an inverted index over copy-robust features.

Neither path compares all pairs. LSH (datasketch) finds syndication and light edits; the
inverted index finds spun, machine-translated and translated copies, which keep names,
numbers, their order and rare words (see :mod:`newstrace.provenance.fingerprint`).

The robust path scores a pair by the summed weight of the features both articles keep in
their *prefix*: the :data:`PREFIX_SIZE` highest-weight features of each (ties broken by hash),
never features below :data:`MIN_INDEX_WEIGHT`. The score depends only on the two articles, so
querying new articles against an index of old ones finds the same pairs as a full rebuild.
A feature shared by more than :data:`MAX_POSTINGS` articles stops being indexed (a safety
valve for boilerplate such as a wire's sign-off); below that size the equality is exact.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator

import numpy as np
from datasketch import MinHash, MinHashLSH

from newstrace.provenance.fingerprint import MINHASH_SCHEME, NUM_PERM, SCHEME, SEED, Fingerprint

#: Jaccard threshold of the LSH path; datasketch derives bands x rows from it (equal FP/FN weights).
LSH_THRESHOLD = 0.3
#: Highest-weight robust features per article that are indexed and queried.
PREFIX_SIZE = 96
#: Features weaker than this (years, round numbers, common capitalised words) are not indexed.
MIN_INDEX_WEIGHT = 0.35
#: Minimum summed weight of shared prefix features for a robust-path candidate (about four rare
#: names or specific numbers; measured trade-off in bench/trace_scale.py's docstring).
ROBUST_THRESHOLD = 4.0
#: A feature in more articles than this is treated as boilerplate and no longer indexed.
MAX_POSTINGS = 2000


def _minhash(fp: Fingerprint) -> MinHash:
    return MinHash(num_perm=NUM_PERM, seed=SEED, hashvalues=fp.minhash, scheme=MINHASH_SCHEME)


def prefix(fp: Fingerprint) -> tuple[np.ndarray, np.ndarray]:
    """The indexed part of a fingerprint: up to :data:`PREFIX_SIZE` features of weight >= :data:`MIN_INDEX_WEIGHT`.

    Returns:
        ``(features, weights)``: int64 and float32 arrays, highest weight first (ties by hash).
    """
    keep = fp.weights >= MIN_INDEX_WEIGHT
    f, w = fp.features[keep], fp.weights[keep]
    order = np.lexsort((f, -w))[:PREFIX_SIZE]
    return f[order], w[order]


class CandidateIndex:
    """Incremental candidate index over :class:`Fingerprint` objects.

    Usage: :meth:`add` fingerprints (any number of times), then :meth:`query` one fingerprint or
    :meth:`pairs` for a set of ids; both return candidates among everything added.

    Attributes:
        lsh: the datasketch ``MinHashLSH`` (``lsh.b`` bands x ``lsh.r`` rows).
        ids: article ids in insertion order.
    """

    def __init__(self, lsh_threshold: float = LSH_THRESHOLD, robust_threshold: float = ROBUST_THRESHOLD,
                 use_lsh: bool = True, use_robust: bool = True) -> None:
        self.lsh = MinHashLSH(threshold=lsh_threshold, num_perm=NUM_PERM)
        self.robust_threshold = robust_threshold
        self.use_lsh, self.use_robust = use_lsh, use_robust
        self.ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._postings: dict[int, array] = {}
        self._weight: dict[int, float] = {}
        self._stopped: set[int] = set()

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, article_id: str) -> bool:
        return article_id in self._pos

    @staticmethod
    def _check(fp: Fingerprint) -> None:
        if fp.scheme != SCHEME or fp.num_perm != NUM_PERM or fp.seed != SEED:
            raise ValueError(
                f"[E302] fingerprint of {fp.article_id} has scheme {fp.scheme!r}, num_perm {fp.num_perm}, "
                f"seed {fp.seed}; this index needs {SCHEME!r}, {NUM_PERM}, {SEED}: recompute it"
            )
        if fp.minhash.shape != (NUM_PERM,):
            raise ValueError(f"[E303] MinHash of {fp.article_id} has shape {fp.minhash.shape}, expected ({NUM_PERM},)")

    def add(self, fps: Iterable[Fingerprint]) -> None:
        """Index fingerprints; an id already present is skipped.

        Raises:
            ValueError: a fingerprint of another scheme, permutation count or seed (E302/E303).
        """
        for fp in fps:
            self._check(fp)
            if fp.article_id in self._pos:
                continue
            k = len(self.ids)
            self.ids.append(fp.article_id)
            self._pos[fp.article_id] = k
            if self.use_lsh and fp.n_shingles:
                self.lsh.insert(fp.article_id, _minhash(fp),
                                check_duplication=False)
            if self.use_robust:
                for f, w in zip(*prefix(fp)):
                    f = int(f)
                    if f in self._stopped:
                        continue
                    post = self._postings.get(f)
                    if post is None:
                        post = self._postings[f] = array("q")
                    post.append(k)
                    self._weight[f] = float(w)
                    if len(post) > MAX_POSTINGS:
                        self._stopped.add(f)
                        del self._postings[f]

    def query_lsh(self, fp: Fingerprint) -> set[str]:
        """Ids whose MinHash collides with ``fp``'s in at least one LSH band (``fp`` itself excluded)."""
        if not self.use_lsh or not fp.n_shingles:
            return set()
        hits = set(self.lsh.query(_minhash(fp)))
        hits.discard(fp.article_id)
        return hits

    def query_robust(self, fp: Fingerprint) -> dict[str, float]:
        """Ids sharing prefix features of summed weight >= the robust threshold, with that weight."""
        if not self.use_robust:
            return {}
        feats, wts = prefix(fp)
        lists, ws = [], []
        for f, w in zip(feats.tolist(), wts.tolist()):
            post = self._postings.get(f)
            if post:
                lists.append(np.frombuffer(post, dtype=np.int64))  # zero-copy view of the posting list
                ws.append(np.full(len(post), w, dtype=np.float32))
        if not lists:
            return {}
        docs = np.concatenate(lists)
        acc = np.bincount(docs, weights=np.concatenate(ws), minlength=len(self.ids))
        hits = np.nonzero(acc >= self.robust_threshold - 1e-6)[0]
        out = {self.ids[h]: float(acc[h]) for h in hits.tolist()}
        out.pop(fp.article_id, None)
        return out

    def query(self, fp: Fingerprint) -> dict[str, str]:
        """Candidates for one fingerprint: id -> which path found it (``lsh``, ``robust`` or ``both``)."""
        lsh = self.query_lsh(fp)
        rob = self.query_robust(fp)
        out = {i: "lsh" for i in lsh}
        for i in rob:
            out[i] = "both" if i in out else "robust"
        return out

    def pairs(self, fps: Iterable[Fingerprint]) -> Iterator[tuple[str, str, str]]:
        """Candidate pairs for the given (already added) fingerprints against everything indexed.

        Yields:
            ``(id_a, id_b, path)`` with ``id_a < id_b``, each unordered pair once.
        """
        seen: set[tuple[str, str]] = set()
        for fp in fps:
            for other, path in self.query(fp).items():
                key = (fp.article_id, other) if fp.article_id < other else (other, fp.article_id)
                if key not in seen:
                    seen.add(key)
                    yield key[0], key[1], path
