"""Disjoint sets (union-find) with path halving, used to group copies, siblings and stories."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from typing import Any


class UnionFind:
    """Disjoint sets over hashable items; the root of a set is its item of least ``rank_key``.

    Roots do not depend on the order in which unions arrive, so groupings built from the
    same edges are the same in a full and an incremental run. Path halving (Tarjan and van
    Leeuwen, 1984) keeps ``find`` near constant time.

    Args:
        rank_key: item -> sortable key; the smallest item of a set becomes its root
            (default: the item itself).
        items: items to add as their own sets.
    """

    def __init__(self, rank_key: Callable[[Any], Any] | None = None, items: Iterable[Hashable] = ()) -> None:
        self.parent: dict = {}
        self.rank_key = rank_key or (lambda x: x)
        for x in items:
            self.add(x)

    def add(self, x) -> None:
        """Add ``x`` as its own set (no-op when present)."""
        self.parent.setdefault(x, x)

    def find(self, x):
        """The root of ``x``'s set (adds ``x`` when absent)."""
        self.add(x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> None:
        """Join the sets of ``a`` and ``b``; the root with the smaller rank key wins."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.rank_key(rb) < self.rank_key(ra):
            ra, rb = rb, ra
        self.parent[rb] = ra

    def groups(self) -> dict[Any, list]:
        """Root -> members of its set, members in insertion order.

        >>> uf = UnionFind(items="abcd"); uf.union("b", "d"); uf.union("c", "a"); uf.groups()
        {'a': ['a', 'c'], 'b': ['b', 'd']}
        """
        out: dict[Any, list] = defaultdict(list)
        for x in list(self.parent):
            out[self.find(x)].append(x)
        return dict(out)


__all__ = ["UnionFind"]
