"""MinHash LSH banding in bulk: the buckets of datasketch's ``MinHashLSH``, kept as one sorted numpy array.

datasketch's ``MinHashLSH`` (Leskovec, Rajaraman & Ullman, *Mining of Massive Datasets*, ch. 3.4)
cuts each signature into ``b`` bands of ``r`` rows and keeps one Python dict of sets per band;
inserting and querying walk the bands in Python, about as long per article as the rest of the
candidate stage together. :class:`BandIndex` keeps the same bands (``b`` and ``r`` from datasketch's
own parameter choice) as a sorted array of 64-bit band keys built in one pass, with a directory
by their top bits, and answers a query for all bands at once; every key match is then checked against the
band's ``r`` values, so the articles returned are exactly those sharing a whole band with the
query, as datasketch returns them (tests/test_candidates.py compares the two).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from datasketch import MinHashLSH

# odd 64-bit multipliers (splitmix64 constants): a band's key is sum(value_j * _MIX[j]) + band * _MIX[-1]
# modulo 2**64; equal bands give equal keys, and a rare unequal pair with equal keys is removed by the check
_MIX = np.array([0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0xD6E8FEB86659FD93,
                 0xA0761D6478BD642F, 0xE7037ED1A0B428DB, 0x8EBC6AF09C88C6E3, 0x589965CC75374CC3],
                dtype=np.uint64)  # fmt: skip


@lru_cache(maxsize=16)
def bands_rows(threshold: float, num_perm: int) -> tuple[int, int]:
    """``(b, r)`` that datasketch's ``MinHashLSH(threshold, num_perm)`` uses (equal false positive and
    negative weights), read from its public ``b`` and ``r`` attributes (an empty index: no data)."""
    lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
    return lsh.b, lsh.r


class BandIndex:
    """Banded MinHash signatures of a fixed set of articles, queried for bucket collisions.

    Args:
        signatures: ``(n, num_perm)`` array of MinHash values below 2**32 (datasketch's ``affine32``
            scheme), one row per article.
        positions: ``(n,)`` int64: the caller's position of each row's article.
        b, r: bands and rows per band (:func:`bands_rows`); ``b * r <= num_perm``.

    Raises:
        ValueError: a signature value of 2**32 or more, or ``b * r`` over the signature length.
    """

    def __init__(self, signatures: np.ndarray, positions: np.ndarray, b: int, r: int) -> None:
        if b * r > signatures.shape[1] or r + 1 > len(_MIX):
            raise ValueError(f"[E304] {b} bands x {r} rows do not fit signatures of length {signatures.shape[1]}")
        if len(signatures) and int(signatures.max()) >= 1 << 32:
            raise ValueError("[E305] MinHash values must be below 2**32 (affine32 scheme)")
        self.b, self.r = b, r
        self.rows = np.ascontiguousarray(signatures[:, : b * r], dtype=np.uint32)
        self.positions = np.asarray(positions, dtype=np.int64)
        keys = self._keys(self.rows).ravel()  # row-major: entry e is row e // b, band e % b
        self.order = np.argsort(keys, kind="stable")
        self.keys = keys[self.order]
        # directory by the keys' top bits (about one entry per slot): a query reads its keys' slots
        # instead of binary-searching the whole array, whose cache misses grew with the corpus
        self.shift = np.uint64(64 - max(1, int(np.ceil(np.log2(max(2, len(self.keys)))))))
        self.slots = np.searchsorted(self.keys >> self.shift, np.arange((1 << (64 - int(self.shift))) + 1,
                                                                         dtype=np.uint64)).astype(np.int64)  # fmt: skip

    def _keys(self, rows: np.ndarray) -> np.ndarray:
        """``(n, b)`` uint64 band keys of ``(n, b * r)`` uint32 rows."""
        v = rows.reshape(len(rows), self.b, self.r).astype(np.uint64)
        return (v * _MIX[: self.r]).sum(axis=2, dtype=np.uint64) + np.arange(self.b, dtype=np.uint64) * _MIX[-1]

    def query(self, signature: np.ndarray) -> np.ndarray:
        """Positions (ascending, unique) of the articles sharing at least one whole band with ``signature``.

        Args:
            signature: ``(num_perm,)`` MinHash values of the query.

        Returns:
            int64 array of positions (the query's own, when it is indexed, included, as datasketch does).
        """
        q = np.asarray(signature[: self.b * self.r], dtype=np.uint32)
        qk = self._keys(q[None, :])[0]
        slot = (qk >> self.shift).astype(np.int64)
        lo, hi = self.slots[slot], self.slots[slot + 1]
        lens = hi - lo
        total = int(lens.sum())
        if not total:
            return np.empty(0, np.int64)
        idx = np.repeat(lo - (np.cumsum(lens) - lens), lens) + np.arange(total)
        band = np.repeat(np.arange(self.b), lens)
        hit = self.keys[idx] == qk[band]
        idx, band = idx[hit], band[hit]
        row = self.order[idx] // self.b
        cols = band[:, None] * self.r + np.arange(self.r)
        same = (self.rows[row[:, None], cols] == q[cols]).all(axis=1)
        return np.unique(self.positions[row[same]])
