"""Layered layout of a story's provenance graph: origins on the left, each copy one column right of its origin.

A small Sugiyama-style layout (layer assignment by longest path from a root, one barycentre
pass to order each layer), computed in plain Python so the report stays a single offline
file: the templates draw the SVG from these coordinates (and so escape every label). A copy
tree is shallow and narrow (depth <= 4 in the real stories), so one ordering pass is enough;
networkx would add a dependency without a better drawing.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

#: Node box size and spacing, in SVG user units (px at 100 % zoom).
NODE_W = 168
NODE_H = 30
COL_GAP = 92
ROW_GAP = 14
PAD = 16
#: Height of a caption line above the grid of unlinked nodes.
LABEL_H = 22
#: Most nodes drawn; the rest are counted in :attr:`GraphLayout.nodes_left_out`.
MAX_NODES = 80


@dataclass
class GraphNode:
    """One node to draw.

    Attributes:
        id: article id, or ``inferred:<hash>`` for an inferred common source.
        label: short text in the box (outlet or host).
        title: tooltip (headline, date, source).
        role: ``origin`` (copied, copies nothing), ``copy``, ``inferred`` (missing common
            source) or ``independent`` (in the story, linked to nothing).
        kind: derivation kind of the node's own link to its origin ("" unless ``copy``).
        href: link target (a copy's diff, else the article), "" for none.
        x, y: top-left corner; set by :func:`layout`.
        layer: column index; set by :func:`layout`.
    """

    id: str
    label: str
    title: str = ""
    role: str = "copy"
    kind: str = ""
    href: str = ""
    x: float = 0.0
    y: float = 0.0
    layer: int = 0


@dataclass
class GraphEdge:
    """A drawn link from an origin (``source``) to its copy (``target``).

    Attributes:
        source, target: node ids.
        kind: derivation kind (colours the edge).
        score: calibrated score (0..1).
        inferred: the source is an inferred common source (drawn dashed).
        title: tooltip.
        path: SVG path data; set by :func:`layout`.
    """

    source: str
    target: str
    kind: str
    score: float = 0.0
    inferred: bool = False
    title: str = ""
    path: str = ""


@dataclass
class GraphLayout:
    """A laid-out graph: nodes and edges with coordinates, and the drawing's size.

    Attributes:
        nodes, edges: what to draw.
        width, height: SVG size in user units.
        nodes_left_out: nodes beyond :data:`MAX_NODES` not drawn.
        layers: number of columns of the trees.
        captions: ``(x, y, text)`` labels to draw (the independent-coverage grid's title).
    """

    nodes: list[GraphNode] = field(default_factory=list)
    edges: list[GraphEdge] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0
    nodes_left_out: int = 0
    layers: int = 0
    captions: list[tuple[float, float, str]] = field(default_factory=list)


def layout(nodes: list[GraphNode], edges: list[GraphEdge], max_nodes: int = MAX_NODES) -> GraphLayout:
    """Place nodes as a tidy tree: columns by copy depth, each origin centred on its copies.

    Every copy hangs under one primary origin (its first origin one column to its left);
    leaves take consecutive rows and a parent sits at the middle of its children, so a
    copy tree reads as a block. Further stored origins of a copy are drawn as extra edges,
    but a copy with a stored origin is never also drawn under an inferred source (node role
    ``inferred``), and an inferred source left without copies is not drawn.
    Articles linked to nothing (independent coverage) follow in a grid under the trees.

    Args:
        nodes: every node of the story, in a stable order (earliest first is best: it
            orders siblings and decides which nodes are kept when there are too many).
        edges: origin -> copy links between those nodes (unknown ids are dropped).
        max_nodes: most nodes drawn; roots and their nearest copies are kept first.

    Returns:
        A :class:`GraphLayout`. Cycles (which trace should never produce) are broken by
        ignoring the edge that closes them.
    """
    ids = {n.id for n in nodes}
    edges = [e for e in edges if e.source in ids and e.target in ids and e.source != e.target]
    # one parent edge per copy as traced: a copy with a stored origin does not also hang under an
    # inferred source, and an inferred source left without copies is not drawn
    role = {n.id: n.role for n in nodes}
    stored = {e.target for e in edges if role[e.source] != "inferred"}
    edges = [e for e in edges if role[e.source] != "inferred" or e.target not in stored]
    used = {e.source for e in edges}
    nodes = [n for n in nodes if n.role != "inferred" or n.id in used]
    parents: dict[str, list[str]] = defaultdict(list)
    for e in edges:
        if e.source not in parents[e.target]:
            parents[e.target].append(e.source)
    order = {n.id: i for i, n in enumerate(nodes)}
    depth = _depths([n.id for n in nodes], parents, order)
    linked = {e.source for e in edges} | {e.target for e in edges}
    keep = _whole_trees_first(nodes, edges, linked, max_nodes)
    kept = {n.id for n in keep}
    out = GraphLayout(nodes_left_out=len(nodes) - len(keep))
    keep.sort(key=lambda n: order[n.id])
    # the primary origin of each copy: a kept parent in the column just left of it, else the deepest kept one
    tree: dict[str, list[str]] = defaultdict(list)
    has_parent: set[str] = set()
    for n in keep:
        ps = [p for p in parents.get(n.id, []) if p in kept and depth[p] < depth[n.id]]
        if ps:
            primary = max(ps, key=lambda p: (depth[p], -order[p]))
            tree[primary].append(n.id)
            has_parent.add(n.id)
    rows: dict[str, float] = {}
    next_row = 0.0
    for root in (n.id for n in keep if n.id in linked and n.id not in has_parent):
        # post-order walk without recursion: leaves take the next row, parents the middle of their children
        stack: list[tuple[str, bool]] = [(root, False)]
        while stack:
            node, done = stack.pop()
            kids = tree.get(node, [])
            if done or not kids:
                if kids:
                    rows[node] = (rows[kids[0]] + rows[kids[-1]]) / 2
                else:
                    rows[node] = next_row
                    next_row += 1
                continue
            stack.append((node, True))
            stack.extend((k, False) for k in reversed(kids))
    loose = [n for n in keep if n.id not in linked]
    out.layers = max((depth[n.id] for n in keep if n.id in linked), default=-1) + 1
    cols = max(out.layers, 4)
    grid_top = next_row + (0.6 if next_row else 0)
    for n in keep:
        if n.id in rows:
            n.layer = depth[n.id]
            n.x = PAD + n.layer * (NODE_W + COL_GAP)
            n.y = PAD + rows[n.id] * (NODE_H + ROW_GAP)
    for i, n in enumerate(loose):
        n.layer = 0
        n.x = PAD + (i % cols) * (NODE_W + COL_GAP)
        n.y = PAD + LABEL_H + (grid_top + i // cols) * (NODE_H + ROW_GAP)
    if loose:
        out.captions.append((PAD, PAD + grid_top * (NODE_H + ROW_GAP) + LABEL_H - 8,
                             f"Independent coverage of the same event ({len(loose)}): not copies"))
    used_cols = max(out.layers, min(cols, len(loose)) if loose else 0, 1)
    out.width = PAD * 2 + used_cols * NODE_W + (used_cols - 1) * COL_GAP
    out.height = max((n.y for n in keep), default=PAD) + NODE_H + PAD
    byid = {n.id: n for n in keep}
    for e in edges:
        if e.source in kept and e.target in kept:
            e.path = _curve(byid[e.source], byid[e.target])
            out.edges.append(e)
    out.nodes = keep
    return out


def _whole_trees_first(nodes: list[GraphNode], edges: list[GraphEdge], linked: set[str], cap: int) -> list[GraphNode]:
    """At most ``cap`` nodes: each copy tree whole (root, then its copies breadth-first), roots in
    node order, then the unlinked nodes; so a large story shows its first trees complete rather
    than every root without its copies."""
    children: dict[str, list[str]] = defaultdict(list)
    has_parent = set()
    for e in edges:
        children[e.source].append(e.target)
        has_parent.add(e.target)
    byid = {n.id: n for n in nodes}
    out: list[str] = []
    seen: set[str] = set()
    for root in [n.id for n in nodes if n.id in linked and n.id not in has_parent] + [n.id for n in nodes if n.id in linked]:
        queue = [root]
        while queue and len(out) < cap:
            node = queue.pop(0)
            if node in seen:
                continue
            seen.add(node)
            out.append(node)
            queue.extend(children.get(node, []))
        if len(out) >= cap:
            break
    out += [n.id for n in nodes if n.id not in linked][: max(0, cap - len(out))]
    return [byid[i] for i in out]


def _depths(ids: list[str], parents: dict[str, list[str]], order: dict[str, int]) -> dict[str, int]:
    """Longest-path layer of each node from a root (a node with no parent), by Kahn's algorithm.

    Iterative, so a long chain cannot exhaust the call stack; nodes left on a cycle are put
    one column right of their deepest placed parent.
    """
    idset = set(ids)
    indeg = {i: 0 for i in ids}
    children: dict[str, list[str]] = defaultdict(list)
    for node in ids:
        for p in parents.get(node, []):
            if p in idset:
                indeg[node] += 1
                children[p].append(node)
    depth = {i: 0 for i in ids if indeg[i] == 0}
    queue = sorted(depth, key=lambda x: order.get(x, 0))
    while queue:
        node = queue.pop()
        for c in children[node]:
            depth[c] = max(depth.get(c, 0), depth[node] + 1)
            indeg[c] -= 1
            if indeg[c] == 0:
                queue.append(c)
    for node in sorted((i for i in ids if indeg[i] > 0), key=lambda x: order.get(x, 0)):
        placed = [depth[p] for p in parents.get(node, []) if p in depth and indeg.get(p, 0) == 0]
        depth[node] = max(placed, default=-1) + 1
    return depth


def _curve(a: GraphNode, b: GraphNode) -> str:
    """A horizontal cubic Bézier from the right edge of ``a`` to the left edge of ``b``."""
    x1, y1 = a.x + NODE_W, a.y + NODE_H / 2
    x2, y2 = b.x, b.y + NODE_H / 2
    if b.layer <= a.layer:  # same or earlier column (only after a broken cycle): loop around below
        x2 = b.x + NODE_W / 2
        y2 = b.y + NODE_H
    mid = (x1 + x2) / 2
    return f"M{x1:.1f},{y1:.1f} C{mid:.1f},{y1:.1f} {mid:.1f},{y2:.1f} {x2 - 6:.1f},{y2:.1f}"


__all__ = ["GraphNode", "GraphEdge", "GraphLayout", "layout", "NODE_W", "NODE_H", "MAX_NODES"]
