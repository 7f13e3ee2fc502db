"""Derivation graph clean-up: chains keep their middle link, siblings are grouped under one inferred source.

Pairwise verification links every pair that shares text, so a chain origin -> translation ->
back-translation also yields a direct link from the back-translation to the origin, and three
copies of a missing wire story yield three sibling pairs. :func:`resolve` turns that into the
graph a reader expects. It is a pure function of the links (the order they come in changes
nothing), so a store applies it to all stored links after every trace run, full or
incremental, and gets the same graph either way (:mod:`newstrace.store.resolved`).
:func:`resolve_links` is the same rule on light :class:`Link` rows, for stores that do not
load every derivation's changes and alignment to resolve them.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from newstrace.schema import Derivation
from newstrace.unionfind import UnionFind


class Link(NamedTuple):
    """What :func:`resolve_links` reads of one derivation.

    Attributes:
        copy_id: the copy's article id.
        origin_id: the origin's id; ``None`` for a sibling link (an inferred common source).
        partner: the other copy of a sibling link (``sibling_ids[0]`` as trace stores it); ``None`` for a direct link.
        score: calibrated probability (0-1).
        copy_coverage: share of the copy's sentences aligned (0-1).
        origin_coverage: share of the origin's sentences aligned (0-1).
        mean_similarity: mean similarity of the aligned sentence pairs (0-1; 0.0 when none).
        versions: the link joins two versions of one page or file (an update, not a copy): a
            copy of either version is read against the version it follows best, not through the
            update (:func:`resolve_links`).
        kind: the derivation kind (``""`` when unknown); similarities of a ``translation`` link
            are not compared with those of same-language links (:func:`_unsupported_middles`).
    """

    copy_id: str
    origin_id: str | None
    partner: str | None
    score: float
    copy_coverage: float
    origin_coverage: float
    mean_similarity: float
    versions: bool = False
    kind: str = ""


def link_of(d: Derivation) -> Link:
    """The :class:`Link` of a derivation (its mean aligned-pair similarity computed here)."""
    from newstrace.provenance.direction import is_versions_record

    sims = [p.similarity for p in d.alignment]
    versions = is_versions_record(d)
    return Link(d.copy_id, d.origin_id or None, d.sibling_ids[0] if d.sibling_ids else None, d.score,
                d.copy_coverage, d.origin_coverage or 0.0, sum(sims) / len(sims) if sims else 0.0, versions,
                d.kind)  # fmt: skip


def _direct(links: Iterable[Link]) -> dict[str, set[str]]:
    parents: dict[str, set[str]] = defaultdict(set)
    for d in links:
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


def _reachability(parents: dict[str, set[str]]) -> tuple[dict[str, int], dict[str, int]]:
    """Every node's ancestors (nodes reachable through one or more direct links) as a bit set.

    Bits are numbered within each weakly connected component, so a set costs the size of its
    component, not of the store. Strongly connected components (Tarjan 1972, iteratively) are
    met in reverse topological order, so a component's ancestors are the union of those of
    the components it points to: one pass over the links, each union a big-integer OR,
    where walking each link's ancestors anew costs the product of links and ancestors.

    Returns:
        ``(bit of each node, ancestors of each node)``, both keyed by node id.
    """
    uf = UnionFind()
    for c, ps in parents.items():
        for p in ps:
            uf.union(c, p)
    bit: dict[str, int] = {}
    for members in uf.groups().values():
        for i, n in enumerate(sorted(members)):
            bit[n] = 1 << i
    anc: dict[str, int] = {}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    counter = 0
    for root in bit:
        if root in index:
            continue
        work = [(root, iter(sorted(parents.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(parents.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:  # node roots a strongly connected component
                scc = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    scc.append(m)
                    if m == node:
                        break
                members = set(scc)
                reach = 0
                for m in scc:
                    for p in parents.get(m, ()):
                        if p in members:
                            reach |= bit[p]  # a cycle: every member reaches every member of it
                        else:
                            reach |= bit[p] | anc[p]
                if len(scc) > 1:
                    for m in scc:
                        reach |= bit[m]
                for m in scc:
                    anc[m] = reach
    return bit, anc


def _shortcuts(parents: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Direct links ``(copy, origin)`` whose origin the copy also reaches through its other direct links
    (``c <- b <- ... <- a`` beside ``c <- a``): what :func:`_ancestors` with ``skip`` finds, link by link,
    computed from :func:`_reachability` in one pass."""
    bit, anc = _reachability(parents)
    out: set[tuple[str, str]] = set()
    for c, ps in parents.items():
        ordered = sorted(ps)
        via = [bit[b] | anc[b] for b in ordered]
        # what c reaches through every parent but the i-th: prefix and suffix unions
        before, after = [0] * len(via), [0] * len(via)
        for i in range(1, len(via)):
            before[i] = before[i - 1] | via[i - 1]
            after[-1 - i] = after[-i] | via[-i]
        for i, a in enumerate(ordered):
            if (before[i] | after[i]) & bit[a]:
                out.add((c, a))
    return out


#: Mean aligned similarity of two texts that are the same (every aligned sentence unchanged, but for
#: extraction noise: a wire page and its verbatim republication as HTML measured 0.993 in a new-user test).
SAME_TEXT = 0.99

#: How much closer (mean aligned similarity, or share of the middle covered) a copy must be to the
#: middle of a chain than to its top to be read as a copy of the middle (:func:`_unsupported_middles`).
CLOSER_TO_MIDDLE = 0.02


#: Kinds of a same-language link that say the copy keeps its origin's wording (:func:`_unsupported_middles`).
CLOSE_KINDS = frozenset({"verbatim", "edited", "spun"})

#: Kinds of a sibling link whose copy keeps the partner's words as written (:func:`_sibling_rank`):
#: a copy read against a sibling that reworded the text is shown that rewording as its own changes.
WORDING_KEPT = frozenset({"verbatim", "edited"})


def _unsupported_middles(links: Sequence[Link]) -> set[tuple[str, str]]:
    """Direct links ``c <- b`` of triangles ``c <- b <- a`` plus ``c <- a`` where ``c`` is no closer to ``b`` than to ``a``.

    The rule of shared errors in textual criticism (Maas, *Textkritik*, 1927): a copy descends
    from an intermediate copy only when it shares that copy's departures from the origin. When
    ``b`` changed the text (a machine translation, an edit, a cut), a copy of ``b`` is closer to
    ``b`` than to ``a`` (mean similarity of aligned sentences, or ``b``'s cut covered); a copy of
    ``a`` is at least as close to ``a``: then nothing puts ``b`` between them and ``c <- a`` is
    kept, not dropped as a chain's shortcut (three republishers of one wire story and a machine
    translation of it would otherwise be read as a translation of whichever republisher the
    direction votes put above it). ``c`` and ``a`` verified as siblings (no clear direction) count
    as ``c <- a`` here: a full, undated-origin republication is not made a copy of a dated cut
    copy whose cuts it does not share (a new-user test: the cut copy's cuts were reported as the
    republication's additions). Triangles with a ``translation`` link are left alone: a
    similarity across languages does not compare with one within a language; except that a
    ``c <- b`` translation goes where ``c`` is a verbatim, edited or spun copy of ``a``
    (:data:`CLOSE_KINDS`): ``c`` kept ``a``'s wording, which no text through ``b``'s language keeps.
    """
    direct = {(d.copy_id, d.origin_id): d for d in links if d.origin_id and not d.versions}
    # c and a verified as siblings (no clear direction between them) compare the same way
    sibling = _sibling_views(links)
    parents = _direct(direct.values())
    out: set[tuple[str, str]] = set()
    for (c, b), cb in direct.items():
        for a in parents.get(b, ()):
            ca = direct.get((c, a))
            top = (ca.mean_similarity, ca.origin_coverage, ca.copy_coverage, ca.kind) if ca is not None else sibling.get((c, a))
            if top is not None and cb.kind == "translation" and top[3] in CLOSE_KINDS:
                # c follows a word for word in a's language: no translation of b (whose text went
                # through another language) comes back so close (a new-user test read AP's own
                # write-through as a copy of a German translation of its first version)
                out.add((c, b))
                break
            if top is None or "translation" in (cb.kind, top[3], direct[(b, a)].kind):
                continue
            no_closer = cb.mean_similarity <= top[0] + CLOSER_TO_MIDDLE and cb.origin_coverage <= top[1] + CLOSER_TO_MIDDLE
            if no_closer or keeps_what_the_middle_cut(top[2], cb.copy_coverage):
                out.add((c, b))
                break
    return out


def _sibling_views(links: Sequence[Link]) -> dict[tuple[str, str], tuple[float, float, float, str]]:
    """How each side of a sibling link reads against the other: ``(x, y) -> (mean similarity, share of y
    covered, share of x covered, kind)``, both ways round; where both sides of a pair were verified as
    siblings, the closer reading counts (so the input order changes nothing)."""
    out: dict[tuple[str, str], tuple[float, float, float, str]] = {}
    for d in links:
        if not d.origin_id and d.partner is not None:
            for key, view in (((d.copy_id, d.partner), (d.mean_similarity, d.origin_coverage, d.copy_coverage, d.kind)),
                              ((d.partner, d.copy_id), (d.mean_similarity, d.copy_coverage, d.origin_coverage, d.kind))):
                out[key] = max(out.get(key, view), view)
    return out


#: How much more of a copy the top of a chain must cover than its middle does for the copy to keep
#: text the middle cut (:func:`keeps_what_the_middle_cut`); above alignment noise on a spun sentence.
KEPT_TEXT_MARGIN = 0.05


def keeps_what_the_middle_cut(covered_by_top: float, covered_by_middle: float) -> bool:
    """Whether a copy ``c`` keeps the top's text that the middle cut: more of ``c`` aligns with the top ``a``
    than with the middle ``b`` (shares of ``c``'s content, 0-1), by :data:`KEPT_TEXT_MARGIN`.

    A cut is a departure too (the rule of shared errors): a copy of ``b`` cannot hold the paragraphs ``b``
    dropped, whatever its mean similarity to each (a mean over fewer, untouched sentences can favour the
    cut copy: a new-user test hung a tampered and a spun copy of a wire story on a newspaper's cut of it).
    """
    return covered_by_top > covered_by_middle + KEPT_TEXT_MARGIN


class Promotion(NamedTuple):
    """A sibling link read as a chain step (:func:`promoted_siblings`).

    Attributes:
        origin: the partner ``b``, now the copy's origin.
        top: ``b``'s and the copy's common stored origin ``a``.
        to_origin, to_top: mean aligned similarity of the copy to ``b`` and to ``a`` (0-1).
    """

    origin: str
    top: str
    to_origin: float
    to_top: float

    def reason(self) -> str:
        """The direction-evidence line of the promoted record."""
        return (f"shared departures (the rule of shared errors): the copy follows this origin more closely than "
                f"the origin's own origin {self.top[:12]} (mean aligned similarity {self.to_origin:.3f} vs "
                f"{self.to_top:.3f}) and keeps its departures from it, so it carries this origin's edits and "
                f"descends from it; the pair alone gave no direction")


#: How much more than the distance from ``a`` to ``c`` (``1 -`` mean aligned similarity) the path through ``b`` may
#: measure for ``b`` to lie between them (:func:`promoted_siblings`): twice the departures ``b`` has and ``c`` lacks.
BETWEEN_SLACK = 0.01

#: Direction-evidence words of a sibling record that name its reference side, and what a promoted
#: record calls it (:func:`promote`); whole words, as :func:`~newstrace.provenance.derive.build_derivation` wrote them.
SIBLING_SIDE = ("sibling", "origin")


def promoted_siblings(links: Sequence[Link]) -> dict[int, Promotion]:
    """Sibling links ``c ~ b`` read as ``c <- b``: ``c`` shares ``b``'s departures from their common stored origin.

    Where ``b <- a`` is a direct link, ``c <- a`` a direct link or ``c ~ a`` a sibling pair, and
    ``c ~ b`` was verified as siblings (the pair alone gave no direction: both declare one agency,
    so the declared-source rule left it open, or ``c`` has no date), the rule of shared errors
    (Maas 1927; :func:`_unsupported_middles`) decides it: when
    ``c`` follows ``b`` more closely than it follows ``a`` (mean aligned similarity higher by more
    than :data:`CLOSER_TO_MIDDLE`, and at least as much of ``b`` covered), and ``b`` lies between
    them (the distances ``1 - similarity`` add up along ``a``-``b``-``c`` within
    :data:`BETWEEN_SLACK`: ``b`` has no departures from ``a`` that ``c`` lacks, as two copies of a
    lost version each would), ``c`` carries ``b``'s edits and descends from ``b``; ``b`` itself
    follows ``a`` at least as closely as ``c`` does (``b`` is the middle, not a copy of ``c``). Only a record whose reference side is ``b`` (``copy_id`` ``c``, ``partner``
    ``b``: its changes already read ``b`` -> ``c``) is promoted. Links of two versions of a page
    and triangles with a ``translation`` link are left alone, as in :func:`_unsupported_middles`.
    (A new-user test: a content farm's copy of a local paper's edit of an AP story, both pages
    keeping "The Associated Press contributed to this report", was read as a copy of AP, with
    the paper's edits blamed on the farm.)

    Returns:
        Index in ``links`` of each promoted sibling link -> its :class:`Promotion`.
    """
    direct = {(d.copy_id, d.origin_id): d for d in links if d.origin_id and not d.versions}
    parents = _direct(direct.values())
    out: dict[int, Promotion] = {}
    # how c reads against a: (mean similarity, share of a covered, share of c covered, kind), from c <- a,
    # or where the two were verified as siblings (no direction between them) from that pair
    view = _sibling_views(links)
    view.update({k: (d.mean_similarity, d.origin_coverage, d.copy_coverage, d.kind) for k, d in direct.items()})
    for i, d in enumerate(links):
        c, b = d.copy_id, d.partner
        if d.origin_id or b is None or d.versions or d.kind == "translation":
            continue
        # c follows one of b's own origins at least as closely as b: it holds that origin's words,
        # not b's edits (a new-user test: a briefing's 0.96 to a wire's final version, 0.90 to a
        # paper's edit of it, promoted against the wire's first version at 0.54)
        if any((v := view.get((c, a))) is not None and v[3] != "translation" and v[0] >= d.mean_similarity
               for a in parents.get(b, ())):
            continue
        for a in sorted(parents.get(b, set())):
            ca, ba = view.get((c, a)), direct[(b, a)]
            if ca is None or a == c or "translation" in (ca[3], ba.kind):
                continue
            # closer in wording, not only in extent (two excerpts of one page cover different parts)
            closer = d.mean_similarity > ca[0] + CLOSER_TO_MIDDLE and d.origin_coverage >= ca[1]
            # b lies between a and c: b's departures from a are all in c, so the distances add up
            # (1 - similarity); two copies of a lost version each have departures of their own, which
            # the sum counts twice (the provenance corpus's h02 and h03, copies of the WaPo news service)
            between = (1 - ba.mean_similarity) + (1 - d.mean_similarity) - (1 - ca[0]) <= BETWEEN_SLACK
            if closer and between and ba.mean_similarity >= ca[0] and not keeps_what_the_middle_cut(ca[2], d.copy_coverage):
                out[i] = Promotion(b, a, d.mean_similarity, ca[0])
                break
    # both sides of one pair qualifying (each as close to the top as the other): no middle to tell
    pairs = {(links[i].copy_id, p.origin) for i, p in out.items()}
    return {i: p for i, p in out.items() if (p.origin, links[i].copy_id) not in pairs}


def _version_pairs(links: Sequence[Link]) -> dict[frozenset, str]:
    """The pairs of articles joined by a ``versions`` link (two versions of one page), each mapped
    to the older version (the link's origin side)."""
    return {frozenset((d.copy_id, d.origin_id)): d.origin_id for d in links if d.versions and d.origin_id}


def _follow_the_version_kept(best: dict[str, int], links: Sequence[Link], dropped: set[tuple[str, str]]) -> None:
    """Where a copy's chosen parent has another version (a ``versions`` link) that is also the copy's
    parent, the copy keeps the version whose text it holds: the other when more of the copy aligns
    with it (:func:`keeps_what_the_middle_cut`), in place, in ``best``.

    A spun copy of an agency's first version holds the lead and figures its write-through replaced;
    its mean similarity to either version is a spinner's noise (a new-user test hung a spun copy and
    a translation of the first version on the update: 0.54 of the copy aligned with the first
    version, 0.43 with the update).
    """
    versions = _version_pairs(links)
    if not versions:
        return
    by_copy: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(links):
        if d.origin_id and not d.versions and (d.copy_id, d.origin_id) not in dropped:
            by_copy[d.copy_id].append(i)
    for copy_id, i in list(best.items()):
        chosen = links[i]
        for j in by_copy.get(copy_id, ()):
            other = links[j]
            if (j != i and frozenset((chosen.origin_id, other.origin_id)) in versions
                    and keeps_what_the_middle_cut(other.copy_coverage, chosen.copy_coverage)):
                best[copy_id] = j
                break


#: A compilation (a page made of parts of several stories, as an aggregator's briefing is) keeps a
#: second stored origin when each part is at least this share of the copy's sentences ...
COMPILED_MIN_SHARE = 0.2
#: ... and the parts together cover at most this share (aligned sentences counted once per part: a
#: headline or a shared sentence may align with both).
COMPILED_MAX_TOTAL = 1.1
#: ... and at most this share of the smaller part's copy sentences align with the other origin too
#: (two parts of a compilation hold different sentences; two versions of one story, the same ones).
COMPILED_MAX_OVERLAP = 0.2
#: Nodes a search for a path between two origins reads before it gives up and counts them as one
#: story (no second origin): the test is a guard, not a census.
COMPILED_SEARCH_LIMIT = 5000


def _connected(a: str, b: str, neighbours: dict[str, set[str]], avoid: str) -> bool:
    """Whether ``a`` and ``b`` are joined by links that do not pass through ``avoid`` (breadth-first;
    True when the search reads more than :data:`COMPILED_SEARCH_LIMIT` nodes)."""
    seen, frontier = {a, avoid}, [a]
    while frontier:
        nxt = []
        for x in frontier:
            for y in neighbours.get(x, ()):
                if y == b:
                    return True
                if y not in seen:
                    seen.add(y)
                    nxt.append(y)
        if len(seen) > COMPILED_SEARCH_LIMIT:
            return True
        frontier = nxt
    return False


def _compiled_sources(best: dict[str, int], links: Sequence[Link], dropped: set[tuple[str, str]],
                      copy_sentences: Callable[[int], set[int]]) -> list[int]:
    """Further direct links to keep for copies made of parts of unrelated stories (compilations).

    A copy keeps one origin; but an aggregator's briefing that republishes one agency's story and,
    below it, another agency's unrelated story is a copy of both (a new-user test: 0.54 of the page
    aligned with an AFP story, 0.42 with a Reuters one, and the Reuters link was dropped). A second
    origin is kept when its part and the kept parent's are each at least :data:`COMPILED_MIN_SHARE`
    of the copy, the parts sum to at most :data:`COMPILED_MAX_TOTAL`, share at most
    :data:`COMPILED_MAX_OVERLAP` of their copy sentences (``copy_sentences``: link index -> the
    copy's aligned sentence indices), and no chain of links other than through the copy joins the
    two origins (two stories, not two versions or copies of one).

    Returns:
        Indices in ``links`` of the further direct links kept, sorted.
    """
    by_copy: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(links):
        if d.origin_id and not d.versions and (d.copy_id, d.origin_id) not in dropped \
                and d.copy_coverage >= COMPILED_MIN_SHARE:
            by_copy[d.copy_id].append(i)
    todo = {c: ix for c, ix in by_copy.items() if len(ix) >= 2 and best.get(c) in ix}
    if not todo:
        return []
    neighbours: dict[str, set[str]] = defaultdict(set)
    for d in links:
        other = d.origin_id or d.partner
        if other:
            neighbours[d.copy_id].add(other)
            neighbours[other].add(d.copy_id)
    parts: dict[int, set[int]] = {}  # read once per link: the store answers each with a query

    def part_of(i: int) -> set[int]:
        if i not in parts:
            parts[i] = copy_sentences(i)
        return parts[i]

    out = []
    for c, ix in todo.items():
        kept = [best[c]]
        total = links[best[c]].copy_coverage
        for j in sorted(ix, key=lambda k: _parent_rank(links[k]), reverse=True):
            d = links[j]
            if j in kept or total + d.copy_coverage > COMPILED_MAX_TOTAL:
                continue
            part = part_of(j)
            if any(len(part & (other := part_of(k))) > COMPILED_MAX_OVERLAP * min(len(part), len(other))
                   for k in kept):
                continue
            if any(_connected(d.origin_id, links[k].origin_id, neighbours, c) for k in kept):
                continue
            kept.append(j)
            total += d.copy_coverage
        out += kept[1:]
    return sorted(out)


def _parent_rank(d: Link) -> tuple:
    """How closely a copy follows a candidate parent: the share of the copy the parent holds, in
    steps of :data:`KEPT_TEXT_MARGIN` (a copy that keeps text one parent cut is no copy of that
    parent: :func:`keeps_what_the_middle_cut`; a new-user test read a fluent rewrite of a whole wire
    story, 0.95 of it aligned, against a paper's cut of it, 0.67, where the cut and the story were
    siblings, so no chain rule applied, and listed the wire text the cut dropped as the rewrite's
    additions); then the mean similarity of the aligned sentences in steps of
    :data:`CLOSER_TO_MIDDLE` (a copy keeps the words its parent changed: shared errors, as in
    :func:`_unsupported_middles`), then the share of the parent it covers (a cut of a cut covers
    all of the cut and only part of the full text), then the exact similarity and the calibrated
    score; the origin id breaks ties. Steps, not a margin, keep the order transitive."""
    return (math.floor(d.copy_coverage / KEPT_TEXT_MARGIN + 1e-9), math.floor(d.mean_similarity / CLOSER_TO_MIDDLE + 1e-9),
            round(d.origin_coverage, 3), round(d.mean_similarity, 3), d.score, d.origin_id or "")


def _sibling_rank(d: Link, references: Mapping[str, int] | None = None) -> tuple:
    """Which sibling pair of a copy stands for its group, its changes read against the partner: a
    partner in the copy's language before one in another; then a partner whose words the copy
    keeps (kind :data:`WORDING_KEPT`) before one that reworded them (a verbatim republication of
    one version of a CNN story was read against a machine paraphrase of that version, which
    covered more of it, and shown as "spun": the provenance corpus's story i); then the partner that holds most of the
    copy (its share aligned, in steps of :data:`KEPT_TEXT_MARGIN`: a copy that keeps text another
    sibling cut shares none of that sibling's departures, the rule of shared errors of
    :func:`_unsupported_middles`); then, in one language, the partner it follows most closely
    (mean aligned similarity in steps of :data:`CLOSER_TO_MIDDLE`, as :func:`_parent_rank`: a
    verbatim republication is read against the verbatim sibling, not against one whose quotes were
    altered); then the partner the group's other records are read against most often
    (``references``: partner id -> sibling records with it as the reference; a new-user test's spun
    copy, as close to a wire text as to a copy of it that swapped the credit for its own byline,
    was read against the copy, chosen by its id's hash, and shown its byline as a change); then the
    best-scored and the best-covered; the partner id breaks ties (the smaller first), so the input
    order changes nothing. Two new-user tests: a translation of a wire story
    was read against a newspaper's cut of it, the paragraphs it kept from the wire shown as its own;
    a spun copy of a wire story was read against a sibling that had cut a paragraph and changed a
    figure (a spun sentence's low similarity to both made the cut copy look closer), both shown as
    the spun copy's changes."""
    same_language = d.kind != "translation"
    keeps_wording = d.kind in WORDING_KEPT
    kept = math.floor(d.copy_coverage / KEPT_TEXT_MARGIN + 1e-9)
    closer = math.floor(d.mean_similarity / CLOSER_TO_MIDDLE + 1e-9) if same_language else 0
    referenced = (references or {}).get(d.partner or "", 0)
    return (same_language, keeps_wording, kept, closer, referenced, d.score, d.copy_coverage,
            tuple(-ord(c) for c in d.partner or ""))


def _without_sibling_of_an_ancestor(kept: list[int], links: Sequence[Link], parents: dict[str, set[str]]) -> list[int]:
    """Drop a sibling link ``c ~ a`` where ``c`` is also a sibling of ``p``, a stored copy of ``a``.

    ``c ~ p`` holds whether their common source lies above ``a`` or between ``a`` and ``p`` (the
    Washington Post page, its news-service version and two papers' copies of that version);
    ``c ~ a`` holds only in the first case. Kept, it would put ``p`` and its own origin ``a`` in one
    sibling group, as if both were copies of a missing source. Unless ``c`` is the same text as
    ``a`` (mean aligned similarity :data:`SAME_TEXT`) and ``p`` is not, or ``c`` keeps text of ``a``
    that ``p`` cut (:func:`keeps_what_the_middle_cut`): then ``c`` shares none of ``p``'s departures
    (the rule of shared errors, :func:`_unsupported_middles`), and ``c ~ p`` goes instead (a verbatim
    republication of a wire story was grouped with a copy whose quotes were altered and read against
    it, and a machine translation of the whole story with a newspaper's cut of it: new-user tests).
    """
    partners: dict[str, set[str]] = defaultdict(set)
    closeness: dict[frozenset, float] = {}
    for d in links:  # every verified sibling pair, also one whose copy keeps a stored origin instead
        if not d.origin_id and d.partner is not None:
            partners[d.copy_id].add(d.partner)
            partners[d.partner].add(d.copy_id)
            pair = frozenset((d.copy_id, d.partner))
            closeness[pair] = max(closeness.get(pair, 0.0), d.mean_similarity)

    ancestors: dict[str, set[str]] = {}  # walked once per node: a group's members share partners

    def ancestors_of(w: str) -> set[str]:
        if w not in ancestors:
            ancestors[w] = _ancestors(w, parents)
        return ancestors[w]

    views = _sibling_views(links)
    # direct links whose copy keeps its origin's text: a verbatim republication has no departures
    unchanged = {(d.copy_id, d.origin_id) for d in links
                 if d.origin_id and (d.kind == "verbatim" or d.mean_similarity >= SAME_TEXT)}  # fmt: skip

    def closer_to(of: str, top: str, below: str) -> bool:  # `of` follows `top` more closely than `below`
        at_top, at_below = closeness.get(frozenset((of, top)), 0.0), closeness.get(frozenset((of, below)), 0.0)
        # a text the same as `top` shares none of `below`'s departures, however few they are (a
        # margin in mean similarity would also move copies that share some: the provenance corpus's h03)
        if at_top >= SAME_TEXT and at_below < at_top - 1e-3:
            return True
        # where `below` republished `top` word for word there are no departures to share: the copy
        # is read against the top unless it follows `below` more closely (a new-user test: a tampered
        # copy, sibling of a wire story and of a paper's verbatim republication of it, lost both
        # links and was read against a cut copy, two of its four altered figures left unshown)
        if (below, top) in unchanged and at_top >= at_below - 1e-3:
            return True
        # nor does a text that keeps what `below` cut (a machine translation of a wire page, read
        # against a newspaper's cut of that page: a new-user test)
        vt, vb = views.get((of, top)), views.get((of, below))
        if vt is not None and vb is not None and vt[3] == vb[3] == "translation":
            # across languages no word shows a copy's departures: a translation that follows the
            # stored origin at least as closely as the origin's copy is read against the origin (a
            # new-user test's German translation of an AP story was grouped with a spun copy of it)
            return at_top >= at_below
        return (vt is not None and vb is not None and "translation" not in (vt[3], vb[3])
                and keeps_what_the_middle_cut(vt[2], vb[2]))

    def above_a_partner(node: str, of: str) -> bool:  # node is an ancestor of another sibling of `of`
        return any(w != node and node in ancestors_of(w) and not closer_to(of, node, w) for w in partners[of])

    def below_a_closer_partner(node: str, of: str) -> bool:  # `of` follows an ancestor of node more closely
        return any(a in partners[of] and closer_to(of, a, node) for a in ancestors_of(node))

    out = []
    for i in kept:
        d = links[i]
        c, x = d.copy_id, d.partner
        if not d.origin_id and x is not None and (above_a_partner(x, c) or above_a_partner(c, x)
                                                  or below_a_closer_partner(x, c) or below_a_closer_partner(c, x)):
            continue
        out.append(i)
    return out


def _sibling_fit(d: Link) -> tuple:
    """How closely the two sides of a sibling link follow each other: mean aligned similarity,
    then the calibrated score, then the coverages (both sides' views of one pair)."""
    return (round(d.mean_similarity, 3), d.score, round(d.copy_coverage + d.origin_coverage, 3))


def _one_version_per_sibling(kept: list[int], links: Sequence[Link]) -> list[int]:
    """Of a copy's sibling links to two versions of one page (a ``versions`` link between them),
    keep the one to the version it follows best (:func:`_sibling_fit`; on a tie, the older
    version); the other would compare the copy with text written after it was made."""
    older = _version_pairs(links)
    if not older:
        return kept
    partners: dict[str, dict[str, int]] = defaultdict(dict)  # member -> partner -> link index
    for i in kept:
        d = links[i]
        if not d.origin_id and d.partner is not None:
            partners[d.copy_id][d.partner] = i
            partners[d.partner][d.copy_id] = i
    drop: set[int] = set()
    for pair, old in older.items():
        x, y = sorted(pair)
        for member in partners.get(x, {}).keys() & partners.get(y, {}).keys():
            i, j = partners[member][x], partners[member][y]
            fx, fy = _sibling_fit(links[i]), _sibling_fit(links[j])
            keep_x = fx > fy or (fx == fy and x == old)
            drop.add(j if keep_x else i)
    return [i for i in kept if i not in drop]


def _keep_every_linked_copy(kept: list[int], links: Sequence[Link], parents: dict[str, set[str]]) -> list[int]:
    """Give back a sibling link to a copy that the rules above left in no kept link at all.

    A verified copy never drops out of the graph: ``c ~ a`` goes when ``c`` is a sibling of ``p``,
    a stored copy of ``a`` (:func:`_without_sibling_of_an_ancestor`), and ``c ~ p`` goes when
    ``p`` keeps its stored origin, so an uncredited verbatim copy of a page was shown as copied
    from nothing (a new-user test). Such a copy keeps its best sibling link whose partner has
    no stored origin (the top of the chain its siblings hang from), else its best one
    (:func:`_sibling_rank`); only links it is the copy side of, so no other copy gets a second record.
    Copies are taken in id order, so the input order changes nothing.
    """
    present: set[str] = set()
    for i in kept:
        d = links[i]
        present.update(x for x in (d.copy_id, d.origin_id, d.partner) if x)
    chosen: dict[str, int] = {}
    for i, d in enumerate(links):
        if d.origin_id or d.partner is None or d.copy_id in present:
            continue
        cur = chosen.get(d.copy_id)
        rank = (not parents.get(d.partner), _sibling_rank(d))
        if cur is None or rank > (not parents.get(links[cur].partner), _sibling_rank(links[cur])):
            chosen[d.copy_id] = i
    if not chosen:
        return kept
    out = set(kept)
    for copy_id in sorted(chosen):
        if copy_id not in present:
            out.add(chosen[copy_id])
            present.update((copy_id, links[chosen[copy_id]].partner))
    return sorted(out)


def resolve_links(links: Sequence[Link], promoted: dict[int, Promotion] | None = None,
                  copy_sentences: Callable[[int], set[int]] | None = None) -> dict[int, list[str] | None]:
    """The rule of :func:`resolve` on light rows: which links are kept, and each kept sibling link's group.

    Args:
        links: one :class:`Link` per derivation record; at most one per (copy, origin) and
            per (copy, partner).
        promoted: :func:`promoted_siblings` of ``links``, where the caller has it already.
        copy_sentences: index in ``links`` -> the copy's sentence indices aligned in that link; with
            it, a copy made of parts of unrelated stories keeps an origin for each part
            (:func:`_compiled_sources`); without it, every copy keeps one origin.

    Returns:
        Index in ``links`` -> ``None`` for a kept direct link, or the other members of its
        sibling group (the link's partner first, then the rest sorted) for a kept sibling link.
        A sibling link mapped to ``None`` is kept as a direct link from its partner
        (:func:`promoted_siblings`).
        Cost: near-linear in the links: the shortcut test reads every node's ancestors from one
        pass (:func:`_reachability`; memory: the square of a connected component's size, in
        bits); each sibling link then walks the one-parent chains above its two copies.
    """
    # a sibling pair that shares one's departures from their stored origin is a chain step
    promoted = promoted_siblings(links) if promoted is None else promoted
    if promoted:
        links = [d._replace(origin_id=promoted[i].origin, partner=None) if i in promoted else d for i, d in enumerate(links)]
    # an update of a page is no step a copy went through: a copy of either version keeps both as
    # candidate parents and follows the one it matches best (_parent_rank)
    # a copy that shares none of a middle copy's departures from the top is no copy of the middle
    unsupported = _unsupported_middles(links)
    dropped = unsupported | _shortcuts(_direct(d for d in links if not d.versions
                                               and (d.copy_id, d.origin_id) not in unsupported))  # fmt: skip
    best: dict[str, int] = {}  # one parent per copy
    # where every parent of a copy was dropped (a cycle of direct links, or middles it does not follow)
    # and no sibling link of its own can stand in (_keep_every_linked_copy), its best parent stays
    fallback: dict[str, int] = {}
    own_sibling = {d.copy_id for d in links if not d.origin_id and d.partner is not None}
    for i, d in enumerate(links):
        if d.origin_id and not ((d.copy_id, d.origin_id) in unsupported and d.copy_id in own_sibling):
            into = fallback if (d.copy_id, d.origin_id) in dropped else best
            cur = into.get(d.copy_id)
            if cur is None or _parent_rank(d) > _parent_rank(links[cur]):
                into[d.copy_id] = i
    for copy_id, i in fallback.items():
        best.setdefault(copy_id, i)
    _follow_the_version_kept(best, links, dropped)
    parents = _direct(links[i] for i in best.values())
    kept: list[int] = [] if copy_sentences is None else _compiled_sources(best, links, dropped, copy_sentences)
    for i, d in enumerate(links):
        if d.origin_id:
            if best.get(d.copy_id) == i:
                kept.append(i)
            continue
        if d.partner is None:
            kept.append(i)
            continue
        anc_c, anc_o = _ancestors(d.copy_id, parents), _ancestors(d.partner, parents)
        if d.partner in anc_c or d.copy_id in anc_o or (parents.get(d.copy_id, set()) & parents.get(d.partner, set())):
            continue
        if parents.get(d.copy_id):
            continue  # the copy already has its origin in the store: one origin per copy
        kept.append(i)
    # two versions of one page are no copy and origin: a copy sibling to both keeps the version it
    # follows best, and the versions link puts neither above a sibling of the other
    kept = _one_version_per_sibling(kept, links)
    kept = _without_sibling_of_an_ancestor(kept, links, _direct(links[i] for i in best.values() if not links[i].versions))
    kept = _keep_every_linked_copy(kept, links, parents)
    # sibling groups: union-find over the remaining sibling links
    uf = UnionFind()
    for i in kept:
        d = links[i]
        if not d.origin_id and d.partner is not None:
            uf.union(d.copy_id, d.partner)
    groups = {root: set(members) for root, members in uf.groups().items()}
    # one record per copy of an inferred source: its best pair stands for the group
    best_sibling: dict[str, int] = {}
    references = Counter(links[i].partner for i in kept if not links[i].origin_id and links[i].partner is not None)
    for i in kept:
        d = links[i]
        if not d.origin_id and d.partner is not None:
            cur = best_sibling.get(d.copy_id)
            if cur is None or _sibling_rank(d, references) > _sibling_rank(links[cur], references):
                best_sibling[d.copy_id] = i
    out: dict[int, list[str] | None] = {}
    for i in kept:
        d = links[i]
        if not d.origin_id and d.partner is not None:
            if best_sibling[d.copy_id] != i:
                continue
            others = groups[uf.find(d.copy_id)] - {d.copy_id, d.partner}
            out[i] = [d.partner, *sorted(others)]
        else:
            out[i] = None
    return out


def resolve(derivs: Sequence[Derivation]) -> list[Derivation]:
    """Drop shortcut links of chains and group siblings.

    - A direct link ``c <- a`` is dropped when ``a`` is also reachable from ``c`` through other
      direct links (``c <- b <- a``): the chain says it, with its middle step; unless ``c`` is no
      closer to ``b`` than to ``a`` (it shares none of ``b``'s departures from ``a``): then
      ``c <- b`` goes and ``c <- a`` stays (:func:`_unsupported_middles`).
    - A copy left with two or more direct origins that no chain relates (each verified against
      it pairwise: two versions of one wire story, a cut and the full text) keeps one parent, the
      one it follows most closely (:func:`_parent_rank`); a copy has one origin. A copy whose every
      direct link is a shortcut (its parents in a cycle of contradicting directions) keeps its best one.
    - A sibling link between two articles that a chain of direct links already relates (one is
      the other's ancestor, or they share a direct origin) is dropped.
    - A sibling link of a copy that has a direct origin in the store is dropped: a copy has one
      origin, and a stored one is preferred to an inferred one.
    - A sibling link ``c ~ a`` is dropped when ``c`` is also a sibling of a stored copy of ``a``
      (:func:`_without_sibling_of_an_ancestor`): a group does not hold a copy and its own origin.
    - A copy left in no kept link keeps its best sibling link (:func:`_keep_every_linked_copy`):
      a verified copy never drops out of the graph.
    - Sibling links form groups (connected components); each copy keeps one sibling record (its
      best-scored pair), listing every other member of its group in ``sibling_ids`` (the member
      it was aligned with first, so ``sibling_ids[0]`` is the other side of its alignment), so
      one inferred source stands for the group. A member that is only ever the other side of a
      pair appears in ``sibling_ids``, not as a record of its own.

    Args:
        derivs: Derivation records of one corpus (pairwise, as :func:`newstrace.provenance.trace` returns).

    Returns:
        The kept records (copies, in the input order), never more than given; the same set
        for any order of ``derivs``.
    """
    light = [link_of(d) for d in derivs]
    promoted = promoted_siblings(light)
    kept = resolve_links(light, promoted, lambda i: {p.copy_index for p in derivs[i].alignment})
    sources = {d.copy_id: d.copy_source for d in derivs}
    out = []
    for i, d in enumerate(derivs):
        if i not in kept:
            continue
        group = kept[i]
        if i in promoted:
            out.append(promote(d, promoted[i], sources.get(promoted[i].origin)))
        else:
            out.append(d if group is None else d.model_copy(update={"sibling_ids": group}))
    return out


def promote(d: Derivation, p: Promotion, origin_source: str | None) -> Derivation:
    """A sibling record read as a direct link from its reference side (:func:`promoted_siblings`):
    origin set, no inferred source, the siblings' direction lines replaced by ``p``'s reason, and
    its changes worded as alterations again (:func:`~newstrace.provenance.derive.direct_wording`)."""
    from newstrace.provenance.derive import direct_wording

    changes = [c.model_copy(update={"detail": direct_wording(c.detail)}) for c in d.changes]
    return d.model_copy(update={"origin_id": p.origin, "origin_source": origin_source, "inferred_source": False,
                                "sibling_ids": [], "direction_evidence": promoted_evidence(d.direction_evidence, p),
                                "changes": changes})


def promoted_evidence(evidence: Sequence[str], p: Promotion) -> list[str]:
    """The direction evidence of a sibling record read as a chain step: ``p``'s reason first, then the
    record's own lines but those only a sibling record carries, its reference side called the origin."""
    from newstrace.provenance.derive import sibling_reasons

    return [p.reason()] + [re.sub(rf"\b{SIBLING_SIDE[0]}\b", SIBLING_SIDE[1], r) for r in evidence if not sibling_reasons(r)]


__all__ = ["Link", "Promotion", "link_of", "promote", "promoted_evidence", "promoted_siblings", "resolve", "resolve_links"]
