"""Candidate retrieval: MinHash LSH over word shingles plus an inverted index over copy-robust features.

Neither path compares all pairs. LSH (datasketch's bands and buckets, kept in bulk by
:mod:`newstrace.provenance.lsh`) finds syndication and light edits; the inverted index finds
spun, machine-translated and translated copies, which keep names, numbers, their order and
rare words (see :mod:`newstrace.provenance.fingerprint`).

The robust path scores a pair by the features both articles keep in their *prefix* (the
:data:`PREFIX_SIZE` highest-weight features of each, ties broken by hash, never features below
:data:`MIN_INDEX_WEIGHT`), each weighted by how few articles share it (:func:`df_factor`, an
inverse document frequency; a feature in :data:`MAX_POSTINGS` articles is dropped), and keeps
at most :data:`TOP_K` candidates per article. The score a pair needs is :data:`ROBUST_THRESHOLD`,
or less for a short article (:func:`pair_threshold`): a copy cut to two or three sentences keeps
only a few names and figures, all of them shared with its origin, and an absolute threshold
alone missed it. So one query reads a bounded number of postings
and adds a bounded number of pairs, and the work grows with the corpus, not with its square.

Incremental runs: a pair's score depends on the two articles and on the document frequencies
of their shared features, and the top-k rule is applied from both sides (:meth:`CandidateIndex.query`),
so querying only the new articles after adding everything finds exactly the pairs involving them
that a full run over the same index finds. Pairs decided by an earlier run were scored with
the document frequencies of that time; a feature that has since become common would weigh less
in a full re-run (``newstrace trace --full``), so links can differ at that margin.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable, Iterator

import numpy as np

from newstrace.provenance.fingerprint import NUM_PERM, SCHEME, SEED, Fingerprint
from newstrace.provenance.lsh import BandIndex, bands_rows

#: Jaccard threshold of the LSH path; datasketch derives bands x rows from it (equal FP/FN weights).
LSH_THRESHOLD = 0.3
#: Highest-weight robust features per article that are indexed and queried.
PREFIX_SIZE = 96
#: Features weaker than this (years, round numbers, common capitalised words) are not indexed.
MIN_INDEX_WEIGHT = 0.35
#: Minimum summed (document-frequency weighted) weight of shared prefix features for a
#: robust-path candidate (about four rare names or specific numbers). 3.5 with the df weights
#: keeps the real-copy candidates that 4.0 found without them; measured trade-off in
#: bench/trace_scale.py's docstring.
ROBUST_THRESHOLD = 3.5
#: For a short article the threshold is this share of the smaller *live mass* of the two (the summed
#: weight of an article's indexed features that are not boilerplate, :data:`MAX_POSTINGS`), so a cut
#: copy that keeps half its indexed evidence in common with the origin is a candidate ...
CONTAINMENT = 0.5
#: ... but never under this score (about two rare names or specific figures: one shared name or
#: number is what independent short notices have in common).
MIN_ROBUST_THRESHOLD = 1.5
#: Document frequency (articles whose prefix holds a feature) up to which a feature keeps its
#: full weight; above it the weight falls with log(df), as an inverse document frequency.
DF_FULL = 32
#: A feature in this many articles or more is boilerplate: weight 0, no longer indexed. This
#: caps every posting list, so one query reads at most PREFIX_SIZE x MAX_POSTINGS postings.
MAX_POSTINGS = 1000
#: Robust-path candidates kept per article: the TOP_K best scores (ties by id). A pair is a
#: candidate when either article keeps the other, so an article adds at most TOP_K pairs.
TOP_K = 40
_LOG_SPAN = math.log(MAX_POSTINGS / DF_FULL)


def df_factor(df: int | np.ndarray) -> float | np.ndarray:
    """Weight multiplier of a feature held by ``df`` articles: an inverse document frequency on a fixed scale.

    ``1`` up to :data:`DF_FULL`, then ``log(MAX_POSTINGS / df) / log(MAX_POSTINGS / DF_FULL)``,
    falling to ``0`` at :data:`MAX_POSTINGS`. This is idf = log(N / df) (Manning, Raghavan &
    Schütze, *Introduction to Information Retrieval*, 2008, sec. 6.2.1) with the collection size
    N replaced by the posting cap, so a feature's weight depends on how many articles share it,
    not on how large the store has grown; features that reach the cap are dropped outright,
    like the stop words of sec. 2.2.2 and the very common shingles that Broder et al. ("Syntactic
    clustering of the Web", 1997) removed before clustering. Corpus boilerplate that is rare in
    general English (a wire's "Qtr", "Revs", table numbers) is thereby down-weighted, which a
    general word-frequency list cannot do.

    Args:
        df: document frequency (int or int array), >= 1.

    Returns:
        Multiplier(s) in [0, 1].
    """
    d = np.maximum(np.asarray(df, dtype=np.float64), 1.0)
    out = np.clip(np.log(MAX_POSTINGS / d) / np.log(MAX_POSTINGS / DF_FULL), 0.0, 1.0)
    return float(out) if np.ndim(out) == 0 else out


def pair_threshold(mass_a: float | np.ndarray, mass_b: float | np.ndarray) -> float | np.ndarray:
    """Robust-path score a pair of articles needs, from their live masses (see :class:`CandidateIndex`).

    ``min(ROBUST_THRESHOLD, max(MIN_ROBUST_THRESHOLD, CONTAINMENT * min(mass_a, mass_b)))``, rounded
    to 1e-6 like the scores: symmetric in the two articles, so the top-k rule and incremental
    queries hold as with a fixed threshold. A long article has a live mass far above
    ``ROBUST_THRESHOLD / CONTAINMENT`` and is held to the fixed threshold; a copy cut to a few
    sentences is held to half of what it kept. This is containment (Broder, "On the resemblance
    and containment of documents", 1997) on the weighted features instead of resemblance: a cut
    copy is contained in its origin without resembling it.

    Measured with ``bench/trace_scale.py --n 10000``: candidate recall of spun copies also cut
    0.938 -> 0.969 and of cut copies 0.986 -> 0.992, for 1% more candidate pairs.

    Args:
        mass_a, mass_b: live masses (floats or float arrays of one shape).

    Returns:
        The threshold(s), float or float64 array.
    """
    t = np.minimum(ROBUST_THRESHOLD, np.maximum(MIN_ROBUST_THRESHOLD, CONTAINMENT * np.minimum(mass_a, mass_b)))
    out = np.round(t, 6)
    return float(out) if np.ndim(out) == 0 else out


def prefix(fp: Fingerprint) -> tuple[np.ndarray, np.ndarray]:
    """The indexed part of a fingerprint: up to :data:`PREFIX_SIZE` features of weight >= :data:`MIN_INDEX_WEIGHT`.

    Returns:
        ``(features, weights)``: int64 and float32 arrays, highest weight first (ties by hash).
    """
    keep = fp.weights >= MIN_INDEX_WEIGHT
    f, w = fp.features[keep], fp.weights[keep]
    order = np.lexsort((f, -w))[:PREFIX_SIZE]
    return f[order], w[order]


class _Postings:
    """Posting lists of the robust features in compressed sparse row form, built from the posting log.

    A feature held by :data:`MAX_POSTINGS` articles or more is boilerplate: it has no list (its
    ``df_factor`` is 0) and does not count in any article's live mass.

    Attributes:
        keys: int64, sorted: the features with a list.
        starts, lens: int64: where each feature's list starts in ``docs``/``wts`` and its length (its df).
        docs: int64 article positions, ascending within each list; wts: float32 weights.
        stopped_keys: int64, sorted: the boilerplate features.
        live: float64 per article position: its live mass.
        g: float64 per list: its :func:`df_factor`.
        log_loc: int32 per log entry: the index into :attr:`keys` of its feature, -1 for boilerplate;
            with ``log_start`` (int64, one more than the articles: where each article's entries
            start in the log), an indexed article's prefix is read here instead of recomputed and searched.
    """

    def __init__(self, keys, starts, lens, docs, wts, stopped_keys, live, log_loc, log_start) -> None:
        self.keys, self.starts, self.lens, self.docs, self.wts = keys, starts, lens, docs, wts
        self.stopped_keys, self.live = stopped_keys, live
        self.log_loc, self.log_start = log_loc, log_start
        # each list's df_factor, computed once per index state
        self.g = np.where(lens <= DF_FULL, 1.0, np.log(MAX_POSTINGS / np.maximum(lens, 1)) / _LOG_SPAN)

    @classmethod
    def build(cls, f: np.ndarray, d: np.ndarray, w: np.ndarray, n_docs: int) -> _Postings:
        """From the log: ``f`` features, ``d`` article positions (non-decreasing), ``w`` weights, all of one length."""
        order = np.argsort(f, kind="stable")  # stable: positions stay ascending within a feature
        fs = f[order]
        keys, counts = np.unique(fs, return_counts=True)
        ok = counts < MAX_POSTINGS
        at = np.searchsorted(keys, f)
        live_w = np.where(ok[at], w.astype(np.float64), 0.0) if len(f) else np.zeros(0)
        # summed in log order (per article, prefix order), as live_mass() sums an unindexed fingerprint
        live = np.bincount(d, weights=live_w, minlength=n_docs) if len(f) else np.zeros(n_docs)
        keep = np.repeat(ok, counts)
        new_starts = np.cumsum(counts[ok]) - counts[ok]
        log_loc = np.where(ok[at], np.cumsum(ok)[at] - 1, -1).astype(np.int32) if len(f) else np.zeros(0, np.int32)
        log_start = np.searchsorted(d, np.arange(n_docs + 1)).astype(np.int64)
        return cls(keys[ok], new_starts.astype(np.int64), counts[ok].astype(np.int64), d[order][keep].copy(),
                   w[order][keep].copy(), keys[~ok], live, log_loc, log_start)

    def find(self, f: np.ndarray) -> np.ndarray:
        """Index into :attr:`keys` of each feature of ``f`` (int64 array), -1 where it has no list."""
        if not len(self.keys):
            return np.full(len(f), -1, np.int64)
        i = np.minimum(np.searchsorted(self.keys, f), len(self.keys) - 1)
        return np.where(self.keys[i] == f, i, -1)

    def stopped(self, f: np.ndarray) -> np.ndarray:
        """Boolean per feature of ``f``: boilerplate (no list, no live mass)."""
        if not len(self.stopped_keys):
            return np.zeros(len(f), bool)
        i = np.minimum(np.searchsorted(self.stopped_keys, f), len(self.stopped_keys) - 1)
        return self.stopped_keys[i] == f


class CandidateIndex:
    """Incremental candidate index over :class:`Fingerprint` objects.

    Usage: :meth:`add` fingerprints (any number of times), then :meth:`query` one fingerprint or
    :meth:`pairs` for a set of ids; both return candidates among everything added.

    Robust-path score of two articles: the sum, over the features both keep in their prefix, of
    ``min(weight_a, weight_b) * df_factor(df)`` (:func:`df_factor`), where ``df`` is the number of
    indexed articles whose prefix holds the feature; a pair scoring :func:`pair_threshold` of the
    two articles' *live masses* (summed weight of the prefix features not dropped as boilerplate,
    kept per article as features are dropped) is a candidate. Score and threshold are symmetric, so the pair set of a full
    run (every article queried) is ``{(a, b): b in top_k(a) or a in top_k(b)}``; :meth:`query`
    returns both halves for one article (the second by querying the other article when the first
    leaves it out), so querying only new articles finds the same pairs involving them.

    Attributes:
        b, r: LSH bands and rows per band, as datasketch's ``MinHashLSH(lsh_threshold)`` chooses them;
            the buckets are kept by :class:`~newstrace.provenance.lsh.BandIndex` (the same collisions).
        ids: article ids in insertion order.
        stats: counters: ``queries`` and ``reverse_queries`` (top-k checks from the other side).
    """

    def __init__(self, lsh_threshold: float = LSH_THRESHOLD, robust_threshold: float = ROBUST_THRESHOLD,
                 use_lsh: bool = True, use_robust: bool = True, top_k: int = TOP_K) -> None:  # fmt: skip
        self.b, self.r = bands_rows(lsh_threshold, NUM_PERM)
        self._bands: BandIndex | None = None  # built on the first LSH query after an add
        self.robust_threshold = robust_threshold
        self.top_k = top_k
        self.use_lsh, self.use_robust = use_lsh, use_robust
        self.ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._fps: list[Fingerprint] = []
        # posting log in insertion order: (feature, article position, weight) of every prefix feature
        self._log_f, self._log_d, self._log_w = array("q"), array("q"), array("f")
        # built from the log on the first query after an add (:meth:`_build`)
        self._csr: _Postings | None = None
        self._rank = np.empty(0, np.int64)  # id order of each position, built with the lists
        # position -> (score, id) of its top_k-th robust candidate, for the current index state
        self._kth: dict[int, tuple[float, str]] = {}
        # position -> its robust_scores, kept from a reverse query until the article's own query reads them
        self._reverse: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.stats = {"queries": 0, "reverse_queries": 0}

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

        Adding is appending to a posting log; the posting lists are built from it on the next query,
        so add everything first, then query (alternating rebuilds the lists each time).

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
            self._fps.append(fp)
            self._kth.clear()  # document frequencies change
            self._reverse.clear()
            self._csr = None
            self._bands = None
            if self.use_robust:
                f, w = prefix(fp)
                self._log_f.frombytes(f.astype(np.int64).tobytes())
                self._log_w.frombytes(w.astype(np.float32).tobytes())
                self._log_d.extend([k] * len(f))

    def _build(self) -> _Postings:
        """The posting lists of the current log (see :class:`_Postings`); cached until the next add."""
        if self._csr is None:
            self._csr = _Postings.build(np.frombuffer(self._log_f, dtype=np.int64),
                                        np.frombuffer(self._log_d, dtype=np.int64),
                                        np.frombuffer(self._log_w, dtype=np.float32), len(self.ids))  # fmt: skip
            # rank of each position's id in id order (numpy orders str by code point, as Python does)
            self._rank = np.empty(len(self.ids), np.int64)
            self._rank[np.argsort(np.array(self.ids, dtype=str), kind="stable")] = np.arange(len(self.ids))
        return self._csr

    def query_lsh(self, fp: Fingerprint) -> set[str]:
        """Ids whose MinHash collides with ``fp``'s in at least one LSH band (``fp`` itself excluded)."""
        if not self.use_lsh or not fp.n_shingles:
            return set()
        if self._bands is None:
            signed = [k for k, x in enumerate(self._fps) if x.n_shingles]
            sigs = np.stack([self._fps[k].minhash for k in signed]) if signed else np.zeros((0, NUM_PERM), np.uint64)
            self._bands = BandIndex(sigs, np.array(signed, dtype=np.int64), self.b, self.r)
        hits = {self.ids[k] for k in self._bands.query(fp.minhash).tolist()}
        hits.discard(fp.article_id)
        return hits

    def live_mass(self, fp: Fingerprint) -> float:
        """Summed weight of ``fp``'s prefix features that are not dropped as boilerplate (its *live mass*)."""
        csr = self._build()
        me = self._pos.get(fp.article_id)
        if me is not None and self.use_robust:
            return float(csr.live[me])
        f, w = prefix(fp)
        dead = csr.stopped(f)
        return float(sum(x for x, d in zip(w.tolist(), dead.tolist()) if not d))

    def robust_scores(self, fp: Fingerprint) -> tuple[np.ndarray, np.ndarray]:
        """Every indexed article scoring at least the pair's threshold (:func:`pair_threshold`) against ``fp`` (``fp`` itself excluded).

        Posting lists are read in the MaxScore manner (Turtle & Flood, "Query evaluation: strategies
        and optimizations", 1995): the longest lists, whose summed largest contributions stay under
        the lowest threshold a pair can have, cannot make a candidate alone, so candidates come from
        the other lists; an article found there is kept only if its score plus that bound can
        reach *its own* pair threshold (known before the lookups: it depends on the two live
        masses), and the long lists are then read once, together, for the articles kept (each
        posting located among them by binary search). Same scores as reading every list; the
        work per query no longer grows with the number of long lists times the articles found.

        Returns:
            ``(positions, scores)``: int64 positions into :attr:`ids` and float64 scores
            (rounded to 1e-6, so sums in another order compare equal), unsorted.
        """
        self.stats["queries"] += 1
        empty = np.empty(0, np.int64), np.empty(0)
        csr = self._build()
        me = self._pos.get(fp.article_id, -1)
        if me >= 0 and self.use_robust:  # indexed: its prefix and list indices are in the log
            s0, s1 = int(csr.log_start[me]), int(csr.log_start[me + 1])
            loc = csr.log_loc[s0:s1].astype(np.int64)
            w = np.frombuffer(self._log_w, dtype=np.float32, count=s1 - s0, offset=4 * s0)
            mass = float(csr.live[me])
        else:
            f, w = prefix(fp)
            loc = csr.find(f)
            mass = None
        hit = loc >= 0
        if not hit.any():
            return empty
        loc, wq = loc[hit], w[hit].astype(np.float64)
        n = csr.lens[loc]
        g = csr.g[loc]
        floor = min(self.robust_threshold, MIN_ROBUST_THRESHOLD)
        # MaxScore split: longest lists first into the "lookup only" set while their bound stays under the floor
        order = np.argsort(-n, kind="stable")
        bound = np.cumsum((wq * g)[order])
        n_lookup = int(np.searchsorted(bound, floor - 1e-3, side="left"))
        scan = order[n_lookup:]
        lens = n[scan]
        total = int(lens.sum())
        if not total:
            return empty
        # positions of every posting of the scanned lists, without a Python loop
        idx = np.repeat(csr.starts[loc[scan]] - (np.cumsum(lens) - lens), lens) + np.arange(total)
        ws = np.minimum(csr.wts[idx], np.repeat(wq[scan], lens)) * np.repeat(g[scan], lens)
        # summed per article by sorting (cost follows the postings read, no buffer of the corpus's size)
        by = np.argsort(csr.docs[idx], kind="stable")
        docs = csr.docs[idx[by]]
        first = np.flatnonzero(np.concatenate(([True], docs[1:] != docs[:-1])))
        pos, acc = docs[first], np.add.reduceat(ws[by], first)
        if self.robust_threshold > MIN_ROBUST_THRESHOLD:
            if mass is None:
                mass = self.live_mass(fp)
            thr = np.minimum(self.robust_threshold, pair_threshold(mass, csr.live[pos]))
        else:
            thr = np.full(len(pos), floor)
        if n_lookup:
            alive = acc + bound[n_lookup - 1] >= thr - 1e-3
            pos, acc, thr = pos[alive], acc[alive], thr[alive]
            if len(pos):
                look = order[:n_lookup]
                lens = n[look]
                total = int(lens.sum())
                idx = np.repeat(csr.starts[loc[look]] - (np.cumsum(lens) - lens), lens) + np.arange(total)
                docs = csr.docs[idx]
                j = np.minimum(np.searchsorted(pos, docs), len(pos) - 1)
                m = pos[j] == docs
                add = np.minimum(csr.wts[idx[m]], np.repeat(wq[look], lens)[m]) * np.repeat(g[look], lens)[m]
                acc = acc + np.bincount(j[m], weights=add, minlength=len(pos))
        acc = np.round(acc, 6)
        keep = acc >= thr - 1e-6
        if me >= 0:
            keep &= pos != me
        return pos[keep], acc[keep]

    def _top(self, pos: np.ndarray, score: np.ndarray) -> list[int]:
        """Indices into ``pos`` of the ``top_k`` best (score descending, then id ascending)."""
        if len(pos) < self.top_k:
            return list(range(len(pos)))
        return np.lexsort((self._rank[pos], -score))[: self.top_k].tolist()

    def _kth_of(self, k: int) -> tuple[float, str]:
        """``(score, id)`` of article ``k``'s top_k-th robust candidate (``(-inf, "")`` with fewer)."""
        got = self._kth.get(k)
        if got is None:
            pos, score = self._reverse[k] = self.robust_scores(self._fps[k])
            self.stats["reverse_queries"] += 1
            if len(pos) < self.top_k:
                got = (float("-inf"), "")
            else:
                last = self._top(pos, score)[-1]
                got = (float(score[last]), self.ids[pos[last]])
            self._kth[k] = got
        return got

    def query_robust(self, fp: Fingerprint) -> dict[str, float]:
        """Robust-path candidates of ``fp`` with their scores.

        A scoring article is kept when it is among ``fp``'s ``top_k`` or when ``fp`` is among
        its own ``top_k`` (checked by querying it, once per index state).
        """
        if not self.use_robust:
            return {}
        me = self._pos.get(fp.article_id)
        got = self._reverse.pop(me, None) if me is not None else None
        pos, score = got if got is not None else self.robust_scores(fp)
        top = self._top(pos, score)
        ids, pl, sl = self.ids, pos.tolist(), score.tolist()
        out = {ids[pl[i]]: sl[i] for i in top}
        if me is None or len(top) == len(pl):  # not indexed (in nobody's top_k), or every candidate kept
            if me is not None:
                self._kth.setdefault(me, (sl[top[-1]], ids[pl[top[-1]]]) if len(top) == self.top_k
                                     else (float("-inf"), ""))
            return out
        # this article's own k-th candidate, cached while it is at hand
        self._kth.setdefault(me, (sl[top[-1]], ids[pl[top[-1]]]))
        chosen = set(top)
        for i in range(len(pl)):
            if i not in chosen:
                kth_score, kth_id = self._kth_of(pl[i])
                if sl[i] > kth_score or (sl[i] == kth_score and fp.article_id <= kth_id):
                    out[ids[pl[i]]] = sl[i]
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
