"""Splitting large events scores few pairs and keeps the split of scoring them all: a bridge between two groups is cut,
a dense group is not, and small events split exactly as when every pair of members is scored.

The events here are invented keys (names, figures, dates), built as the event pass would leave
them; nothing is read from ../shared. The equality with scoring every pair is checked against a
reference written here from the public pieces (:func:`pair_evidence`, :meth:`LinkRule.same_event`,
:func:`split_at_bridges`), the way ``split_events`` worked before blocking.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import date, timedelta

import pytest

from newstrace.stories.cluster import (
    BRIDGE_GROUP,
    PAIR_BUDGET,
    EventPass,
    _cut_bridges,
    pair_evidence,
    split_at_bridges,
    split_events,
)
from newstrace.stories.keys import DateSpan
from newstrace.stories.twoedge import TwoEdgeComponents

STORE_ARTICLES = 100_000


def _day(offset: int) -> DateSpan:
    d = date(2031, 5, 1) + timedelta(days=offset)
    return DateSpan(d, d, "published")


def _state(keys: dict[str, dict[str, float]], extra: dict[str, list[int]] | None = None) -> EventPass:
    """A finished pass over a store of 100,000 articles where the event's keys are held by its members only."""
    state = EventPass()
    for k in keys.values():
        for key in k:
            state.held.setdefault(key, [1, 0])[1] += 1
    state.held.update(extra or {})
    state.articles = STORE_ARTICLES
    return state


def _all_pairs_split(members, keys, dates, copy_edges, state) -> dict[str, str]:
    """The reference: every pair of the event's members scored, then split at bridges."""
    rule = state.rule

    def rarity(k):
        held = state.held.get(k)
        return rule.rarity(*held, state.articles) if held else 0.0

    linked = {}
    for i, a in enumerate(members):
        for b in members[i + 1 :]:
            score, specific = pair_evidence(keys[a], keys[b], rarity, rule.specific_weight)
            da, db = dates.get(a), dates.get(b)
            if rule.same_event(score, specific, da.gap_days(db) if da and db else None):
                linked[(min(a, b), max(a, b))] = score
    fixed = {(min(a, b), max(a, b)) for a, b in copy_edges}
    return {members[0]: members[0], **dict(split_at_bridges(members, linked, fixed))}


def _occasions(n_per: int, seed: int, bridge: bool = True):
    """Two occasions (days 0-3 and 8-11) of ``n_per`` members each, as one event of the pass.

    Each occasion: groups of 8-15 re-publications sharing four rare names, every member holding
    three of the occasion's six names (two in common, within the window, make a link); a
    member in ten is undated. With ``bridge``, one member of each occasion shares two figures
    with one of the other: the only link between them.
    """
    rng = random.Random(seed)
    members = [f"a{i:05d}" for i in range(2 * n_per)]
    keys, dates, occasion, copies = {}, {}, {}, []
    for half in (0, 1):
        part = members[half * n_per : (half + 1) * n_per]
        names = [f"n:venue{half}x{j}" for j in range(6)]
        i = 0
        while i < n_per:
            group = part[i : i + rng.randint(8, 15)]
            for a in group:
                occasion[a] = half
                keys[a] = {**{n: 1.0 for n in rng.sample(names, 3)}, **{f"n:grp{half}x{i}y{j}": 1.0 for j in range(4)},
                           **{f"n:{a}own{j}": 1.0 for j in range(5)}, "#2031": 0.5}  # fmt: skip
                dates[a] = None if rng.random() < 0.1 else _day(8 * half + rng.randint(0, 3))
            copies.append((group[-1], group[0]))
            i += len(group)
    if bridge:
        a, b = members[n_per // 2], members[n_per + n_per // 3]
        for x, d in ((a, 3), (b, 8)):
            keys[x].update({"#77031.5": 1.0, "#6120": 1.0})
            dates[x] = _day(d)
    return members, keys, dates, occasion, copies


def _bridges(nodes: list[str], edges: list[tuple[str, str]]) -> list[tuple[tuple[str, str], int, int]]:
    """Bridges of an undirected graph (Tarjan's low-link, iterative): ``(edge, nodes on one side, nodes on the other)``.

    The reference the online 2-edge-connected components (what the clustering reads its bridges
    from) are checked against, found here independently of them."""
    adj: dict[str, list[tuple[str, tuple[str, str]]]] = {n: [] for n in nodes}
    for e in edges:
        adj[e[0]].append((e[1], e))
        adj[e[1]].append((e[0], e))
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    size: dict[str, int] = {}
    out = []
    for start in nodes:
        if start in order:
            continue
        comp_nodes = []
        stack = [(start, None, iter(adj[start]))]
        order[start] = low[start] = len(order)
        size[start] = 1
        comp_nodes.append(start)
        found = []
        while stack:
            node, via, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[node])
                    size[parent] += size[node]
                    if low[node] > order[parent]:
                        found.append((via, size[node]))
                continue
            y, e = nxt
            if e == via:
                continue
            if y in order:
                low[node] = min(low[node], order[y])
            else:
                order[y] = low[y] = len(order)
                size[y] = 1
                comp_nodes.append(y)
                stack.append((y, e, iter(adj[y])))
        out += [(e, n, len(comp_nodes) - n) for e, n in found]
    return out


def test_two_edge_components_match_the_bridges_of_the_whole_graph():
    for seed in range(60):
        rng = random.Random(seed)
        n = rng.randint(2, 25)
        graph, edges = TwoEdgeComponents(n), []
        for _ in range(rng.randint(0, 45)):
            a, b = sorted(rng.sample(range(n), 2))
            if (a, b) in edges:
                continue
            edges.append((a, b))
            graph.add(a, b)
        bridges = {e for e, _, _ in _bridges(list(range(n)), edges)}
        assert graph.bridges == len(bridges), seed
        for a, b in edges:
            # an edge is a bridge exactly when its ends are not 2-edge-connected
            assert graph.same(a, b) == ((a, b) not in bridges), (seed, a, b)


def test_a_bridge_between_two_large_occasions_is_cut_and_each_stays_whole():
    members, keys, dates, occasion, copies = _occasions(200, seed=5)
    state, counts = _state(keys), Counter()
    groups = split_events([(m, members[0]) for m in members[1:]], keys, dates, copies, state, counts)
    heads = [Counter(groups[m] for m in members if occasion[m] == half) for half in (0, 1)]
    main = [h.most_common(1)[0] for h in heads]
    assert main[0][0] != main[1][0]  # split at the bridge
    # no split inside an occasion: its members share one head, but for members linked to no one (with the root)
    assert all(n >= 0.95 * 200 for _, n in main), main
    assert set(heads[1]) <= {main[1][0], members[0]}
    # far fewer pairs scored than the m(m-1)/2 of scoring them all, and keys held by more than PAIR_BUDGET scored
    assert counts["pairs_all"] == 400 * 399 // 2
    assert counts["pairs_scored"] < counts["pairs_all"] / 20, counts
    assert max(Counter(k for m in members for k in keys[m]).values()) > PAIR_BUDGET + 1
    assert groups == _all_pairs_split(members, keys, dates, copies, state)


def test_a_dense_occasion_is_not_split_and_without_the_bridge_nothing_joins():
    members, keys, dates, _, copies = _occasions(150, seed=11, bridge=False)
    state, counts = _state(keys), Counter()
    one = members[:150]  # one occasion alone: one group
    groups = split_events(
        [(m, one[0]) for m in one[1:]], keys, dates, [c for c in copies if c[0] in one], state, counts
    )
    assert set(groups.values()) == {one[0]}
    assert counts["pairs_scored"] < counts["pairs_all"] / 10, counts
    # both occasions in one event but no link between them: the later one becomes its own group
    groups = split_events([(m, members[0]) for m in members[1:]], keys, dates, copies, state)
    assert groups == _all_pairs_split(members, keys, dates, copies, state)
    assert len({groups[m] for m in members[150:] if dates[m] is not None}) == 1
    assert groups[members[180]] != members[0]


@pytest.mark.parametrize("seed", range(12))
def test_small_events_split_exactly_as_when_every_pair_is_scored(seed):
    """Events of at most PAIR_BUDGET + 1 members, with copy links, common keys, undated members and chains."""
    rng = random.Random(seed)
    m = rng.randint(2 * BRIDGE_GROUP, PAIR_BUDGET + 1)
    members = [f"e{seed}m{i:03d}" for i in range(m)]
    pool = [f"n:name{j}" for j in range(rng.randint(4, 30))] + [f"#{j}" for j in range(6)]
    keys = {
        a: {k: rng.choice([1.0, 1.0, 0.8, 0.5]) for k in rng.sample(pool, rng.randint(1, 6))} for a in members
    }
    dates = {a: None if rng.random() < 0.2 else _day(rng.randint(0, 12)) for a in members}
    copies = [tuple(rng.sample(members, 2)) for _ in range(rng.randint(0, 4))]
    common = {k: [rng.choice([1, 12, 40]), rng.choice([5, 900, 3000])] for k in pool if rng.random() < 0.3}
    state = _state(keys, common)
    groups = split_events([(a, members[0]) for a in members[1:]], keys, dates, copies, state)
    assert groups == _all_pairs_split(members, keys, dates, copies, state)


def _cut_weakest_again_and_again(members, linked, fixed):
    """The reference split: recompute the bridges after every cut and cut the weakest whose sides both keep 3 members."""
    edges = {**linked, **{e: float("inf") for e in fixed}}
    cut = set()
    while True:
        found = _bridges(members, [e for e in edges if e not in cut])
        weak = [(edges[e], e) for e, a, b in found if min(a, b) >= BRIDGE_GROUP]
        if not weak:
            return cut
        cut.add(min(weak)[1])


@pytest.mark.parametrize("seed", range(40))
def test_bridges_are_cut_as_when_recomputed_after_every_cut(seed):
    """Chains and trees of small dense groups joined by single links of random strength, with stray members."""
    rng = random.Random(seed)
    members = [f"g{i:03d}" for i in range(rng.randint(6, 90))]
    linked, fixed, start = {}, set(), 0
    while start < len(members):
        group = members[start : start + rng.randint(1, 6)]
        linked.update(
            {(a, b): 3.0 for i, a in enumerate(group) for b in group[i + 1 :] if rng.random() < 0.8}
        )
        if start:  # one or two links to an earlier member
            for _ in range(rng.choice([1, 1, 1, 2])):
                a, b = sorted((rng.choice(members[:start]), rng.choice(group)))
                if rng.random() < 0.1:
                    fixed.add((a, b))
                else:
                    linked[(a, b)] = rng.choice([2.0, 2.5, 3.0, 4.0])
        start += len(group)
    expected_cut = _cut_weakest_again_and_again(members, linked, fixed)
    assert _cut_bridges(members, {**linked, **{e: float("inf") for e in fixed}}) == expected_cut, seed
    # the groups: what the kept links join; a group of BRIDGE_GROUP or more apart from the root's gets its first member
    group = {m: {m} for m in members}
    for a, b in (e for e in [*linked, *fixed] if e not in expected_cut):
        if group[a] is not group[b]:
            merged = group[a] | group[b]
            for x in merged:
                group[x] = merged
    expected = [(m, min(group[m], key=members.index)) if members[0] not in group[m] and len(group[m]) >= BRIDGE_GROUP
                else (m, members[0]) for m in members[1:]]  # fmt: skip
    assert split_at_bridges(members, linked, fixed) == expected, seed
    if seed == 0:
        assert expected_cut and len({h for _, h in expected}) > 1  # the generator does make splits
