"""Derivation graph clean-up: chains keep their middle link, siblings are grouped under one inferred source.

Pairwise verification links every pair that shares text, so a chain origin -> translation ->
back-translation also yields a direct link from the back-translation to the origin, and three
copies of a missing wire story yield three sibling pairs. :func:`resolve` turns that into the
graph a reader expects. It is a pure function of the links, so a store can apply it to all
stored links after an incremental run and get the same graph as after a full run.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from newstrace.schema import Derivation
from newstrace.unionfind import UnionFind


def _direct(derivs: Sequence[Derivation]) -> dict[str, set[str]]:
    parents: dict[str, set[str]] = defaultdict(set)
    for d in derivs:
        if d.origin_id:
            parents[d.copy_id].add(d.origin_id)
    return parents


def _ancestors(node: str, parents: dict[str, set[str]], skip: tuple[str, str] | None = None) -> set[str]:
    seen: set[str] = set()
    stack = [p for p in parents.get(node, ()) if (node, p) != skip]
    while stack:
        p = stack.pop()
        if p in seen:
            continue
        seen.add(p)
        stack.extend(parents.get(p, ()))
    return seen


def _parent_rank(d: Derivation) -> tuple:
    """How closely a copy follows a candidate parent: the share of the parent it covers (a cut
    of a cut covers all of the cut and only part of the full text), then the mean similarity of
    the aligned sentences, then the calibrated score; the origin id breaks ties."""
    sims = [p.similarity for p in d.alignment]
    return (round(d.origin_coverage or 0.0, 3), round(sum(sims) / len(sims), 3) if sims else 0.0,
            d.score, d.origin_id or "")


def _one_parent(direct: Sequence[Derivation]) -> dict[str, Derivation]:
    """For each copy, the one direct link kept: the parent ranked first by :func:`_parent_rank`."""
    best: dict[str, Derivation] = {}
    for d in direct:
        cur = best.get(d.copy_id)
        if cur is None or _parent_rank(d) > _parent_rank(cur):
            best[d.copy_id] = d
    return best


def resolve(derivs: Sequence[Derivation]) -> list[Derivation]:
    """Drop shortcut links of chains and group siblings.

    - A direct link ``c <- a`` is dropped when ``a`` is also reachable from ``c`` through other
      direct links (``c <- b <- a``): the chain says it, with its middle step.
    - A copy left with two or more direct origins that no chain relates (each verified against
      it pairwise: two versions of one wire story, a cut and the full text) keeps one parent, the
      one it follows most closely (:func:`_parent_rank`); a copy has one origin.
    - A sibling link between two articles that a chain of direct links already relates (one is
      the other's ancestor, or they share a direct origin) is dropped.
    - A sibling link of a copy that has a direct origin in the store is dropped: a copy has one
      origin, and a stored one is preferred to an inferred one.
    - Sibling links form groups (connected components); each copy keeps one sibling record (its
      best-scored pair), listing every other member of its group in ``sibling_ids``, so one
      inferred source stands for the group. A member that is only ever the other side of a pair
      appears in ``sibling_ids``, not as a record of its own.

    Args:
        derivs: Derivation records of one corpus (pairwise, as :func:`newstrace.provenance.trace` returns).

    Returns:
        The kept records (copies, in the input order), never more than given.
    """
    parents = _direct(derivs)
    direct: list[Derivation] = []
    for d in derivs:
        if d.origin_id and d.origin_id not in _ancestors(d.copy_id, parents, skip=(d.copy_id, d.origin_id)):
            direct.append(d)
    best = _one_parent(direct)
    parents = _direct(best.values())
    kept: list[Derivation] = []
    for d in derivs:
        if d.origin_id:
            if best.get(d.copy_id) is d:
                kept.append(d)
            continue
        other = d.sibling_ids[0] if d.sibling_ids else None
        if other is None:
            kept.append(d)
            continue
        anc_c, anc_o = _ancestors(d.copy_id, parents), _ancestors(other, parents)
        if other in anc_c or d.copy_id in anc_o or (parents.get(d.copy_id, set()) & parents.get(other, set())):
            continue
        if parents.get(d.copy_id):
            continue  # the copy already has its origin in the store: one origin per copy
        kept.append(d)
    # sibling groups: union-find over the remaining sibling links
    uf = UnionFind()
    for d in kept:
        if not d.origin_id:
            for s in d.sibling_ids:
                uf.union(d.copy_id, s)
    groups = {root: set(members) for root, members in uf.groups().items()}
    # one record per copy of an inferred source: its best-scored pair stands for the group
    best_sibling: dict[str, Derivation] = {}
    for d in kept:
        if not d.origin_id:
            cur = best_sibling.get(d.copy_id)
            if cur is None or (d.score, d.copy_coverage) > (cur.score, cur.copy_coverage):
                best_sibling[d.copy_id] = d
    out = []
    for d in kept:
        if not d.origin_id and d.copy_id in uf.parent:
            if best_sibling.get(d.copy_id) is not d:
                continue
            members = groups[uf.find(d.copy_id)] - {d.copy_id}
            d = d.model_copy(update={"sibling_ids": sorted(members)})
        out.append(d)
    return out
