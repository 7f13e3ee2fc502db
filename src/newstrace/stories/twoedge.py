"""Online 2-edge-connected components: which nodes no single edge removal can separate, kept as edges arrive.

Used by :func:`newstrace.stories.cluster.split_events` to skip scoring a pair of an event's
members that the links found so far already join by two edge-disjoint paths: a link between
them could be neither a bridge nor change which links are bridges. The components it ends with
give the bridges the event is split at (an edge is a bridge exactly when its ends lie in two).
"""

from __future__ import annotations


class TwoEdgeComponents:
    """2-edge-connected components of a graph on nodes ``0..n-1`` whose edges are added one at a time.

    Two union-find forests are kept: one over 2-edge-connected components, one over connected
    components; each connected component's 2-edge-connected components form a tree (its bridges)
    held by parent pointers. A new edge between two connected components links their trees
    (the smaller is re-rooted, so a node is re-rooted O(log n) times); one inside a component
    merges every 2-edge-connected component on the tree path between its ends. This is the
    online bridge finding of e-maxx / cp-algorithms ("Finding Bridges Online"), after
    Westbrook and Tarjan ("Maintaining bridge-connected and biconnected components on-line",
    Algorithmica 7, 1992): O(n log n + m alpha(n)) for ``n`` nodes and ``m`` edges.

    Args:
        n: number of nodes.

    Attributes:
        bridges: edges added so far that are bridges of the graph so far.
    """

    def __init__(self, n: int) -> None:
        self._two = list(range(n))  # union-find over 2-edge-connected components
        self._cc = list(range(n))  # union-find over connected components (on 2-edge representatives)
        self._size = [1] * n  # nodes per connected component, at its root
        self._par: list[int] = [
            -1
        ] * n  # tree parent of a 2-edge representative (any node of the parent component)
        self._visit = [0] * n
        self._stamp = 0
        self.bridges = 0

    def _climb(self, x: int, path: list[int], visit: list[int], stamp: int) -> tuple[int, int]:
        """One step up the tree from ``x`` (``-1``: past the root, no step): ``(next node, lca)``,
        where ``lca`` is the node reached if this walk already visited it, else ``-1``."""
        if x == -1:
            return -1, -1
        x = self.find(x)
        path.append(x)
        if visit[x] == stamp:
            return x, x
        visit[x] = stamp
        return self._par[x], -1

    def find(self, v: int) -> int:
        """Representative of ``v``'s 2-edge-connected component."""
        two = self._two
        root = v
        while two[root] != root:
            root = two[root]
        while two[v] != root:
            two[v], v = root, two[v]
        return root

    def _find_cc(self, v: int) -> int:
        """Root of ``v``'s connected component (pointers are followed through 2-edge representatives)."""
        cc = self._cc
        v = self.find(v)
        path = []
        while cc[v] != v:
            path.append(v)
            v = self.find(cc[v])
        for u in path:
            cc[u] = v
        return v

    def same(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are 2-edge-connected (two edge-disjoint paths join them)."""
        return self.find(a) == self.find(b)

    def _make_root(self, v: int) -> None:
        """Re-root ``v``'s tree of 2-edge-connected components at ``v`` (a representative)."""
        root, child = v, -1
        while v != -1:
            p = self._par[v]
            p = self.find(p) if p != -1 else -1
            self._par[v] = child
            self._cc[v] = root
            child, v = v, p
        self._size[root] = self._size[child]

    def _merge_path(self, a: int, b: int) -> None:
        """Merge the 2-edge-connected components on the tree path from ``a`` to ``b`` (one connected component)."""
        self._stamp += 1
        stamp, visit = self._stamp, self._visit
        path_a: list[int] = []
        path_b: list[int] = []
        lca = -1
        while lca == -1:
            # climb both paths in turn; the first node met twice is their lowest common ancestor
            a, lca = self._climb(a, path_a, visit, stamp)
            if lca == -1:
                b, lca = self._climb(b, path_b, visit, stamp)
        for path in (path_a, path_b):
            for v in path:
                self._two[v] = lca
                if v == lca:
                    break
                self.bridges -= 1

    def add(self, a: int, b: int) -> None:
        """Add the undirected edge ``a``-``b``."""
        a, b = self.find(a), self.find(b)
        if a == b:
            return
        ca, cb = self._find_cc(a), self._find_cc(b)
        if ca != cb:
            self.bridges += 1
            if self._size[ca] > self._size[cb]:
                a, b, ca, cb = b, a, cb, ca
            self._make_root(a)
            self._par[a] = self._cc[a] = b
            self._size[cb] += self._size[a]
        else:
            self._merge_path(a, b)


__all__ = ["TwoEdgeComponents"]
