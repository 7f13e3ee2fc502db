"""Story clustering: one pass in ingestion order puts each article in the event it matches as a whole; copy links from trace then join copies to their origins' stories.

Each article, in ingestion order (``articles.seq``), is compared with the *events* formed so
far, not with single articles: an event is a set of articles with a key profile (for each
event key, how many members hold it and its largest weight) and a date span. The article
joins the event that scores highest under :class:`LinkRule`, or starts a new one. The score
sums, over the keys the article shares with the event,
``min(article weight, event weight) * rarity * support`` where

- **rarity** is ``min(1, common_events / events holding the key, A / articles holding it)``
  with ``A = max(common_articles, common_share * articles so far)``: a key found in many
  events ("Qtr", "mln", "dlrs", a ministry, a wire's boilerplate) gives little evidence,
  and one in more than ``max_posting`` events gives none. This is document-frequency
  weighting, counted over events (copies of one story count once) and, so that boilerplate
  cannot hide inside one early event that absorbed it, over articles too (relative to the
  store's size, so that a large event in a large store keeps its keys);
- **support** is ``min(1, members holding the key / (core_share * members))``: a key only one
  stray member of a large event holds counts little, so an article joins for the event's
  core keys, not for what one member happens to share with it. This is what stops the chain
  A~B~C~... of single-link clustering (every pair similar, the ends unrelated);

and the event's dated members may span at most ``max_span_days``. The date window vouches only
for the evidence of the event's dated members: a dated article that matches an event on keys its
undated members brought must pass the stricter undated rule (an undated member may be from any
time, so it must not make the gap between two events vanish). This is the single-pass
clustering of on-line event detection (Allan, Papka and Lavrenko, "On-line new event
detection and tracking", SIGIR 1998; Yang, Pierce and Carbonell, "A study of retrospective
and on-line event detection", SIGIR 1998), with event-frequency weighting in place of their
tf-idf vectors.

A shared name counts fully only when both sides write it with a common given name, or neither
does: a surname alone against a full name counts half and is never specific, and two different
given names (Rafael Jiménez, Marcos Pérez Jiménez) count nothing (:func:`surname_factor`).

After the pass, each event of six or more members is checked as a graph of pairwise same-event
links (and copy links) among its members: groups of three or more that no link, or one link
alone, joins to the rest become stories of their own (:func:`split_at_bridges`), so one article
(or one undated article matched on a subject's names, with no date to keep it out) cannot hold
two events together. A copy that alone joins two such groups lands in its origin's story
without its group (:func:`story_edges`). Only pairs that share a key able to be specific are
scored, and none whose members the links found so far already join twice (:func:`event_links`),
so the check costs about linear time in an event's members, not the square.

Every decision depends only on earlier articles (smaller ``seq``) and their events, so a run
over new articles continues the pass from the stored state (keys, each member's event and
dates) and ends exactly where a full re-run would. The price is that the stories depend on
the ingestion order (the same articles ingested in another order may group slightly
differently), and that before a boilerplate key is known to be common (in the first few
hundred articles) it still counts. Copy edges from trace (copy -> origin, and
siblings of an inferred source) are applied after the pass, by union-find over the events: a
copy always lands in its origin's story, whatever the order of ingestion. The split after the
pass reads the rarities at the end of the pass, which a continued pass reproduces exactly, so it
too ends where a full re-run would.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime

from newstrace.provenance.direction import VERSIONS_REASON
from newstrace.store import Store
from newstrace.store.resolved import RESOLVED_TABLE, versions_sql
from newstrace.stories import db
from newstrace.stories.keys import (
    MAX_KEYS,
    QUALIFIER,
    SURNAME_ONLY,
    DateSpan,
    article_date,
    event_keys,
    qualifiers,
)
from newstrace.stories.models import StoriesReport
from newstrace.stories.twoedge import TwoEdgeComponents
from newstrace.unionfind import UnionFind

#: Version of the event-key scheme and of the clustering; stored with every run so that a change re-keys everything.
#: story-keys/5: Chinese and Japanese runs are tokenised (figures such as "37人" are number keys).
KEY_SCHEME = "story-keys/5+single-pass/3"


@dataclass(frozen=True)
class LinkRule:
    """When an article joins an event (a story before copy links), rather than starting one.

    Attributes:
        window_days: the largest gap, in days, between a dated article and the event's date span.
        max_span_days: the largest span, in days, of an event's dated members (day-precise
            dates only; a month from a URL is checked by the window alone).
        dated_min_score, dated_min_specific: for a dated article and event within the window,
            the least score and the least number of specific shared keys.
        undated_min_score, undated_min_specific: the same when the article or the event is
            undated (no time window can be checked, so more evidence is needed).
        undated_specific_alone: with this many specific shared keys, an undated article joins
            whatever its score (three rare names or figures in common rarely happen by chance).
        specific_weight: a shared key whose weighted evidence is at least this is specific.
        core_share: a key held by at least this share of an event's members counts fully;
            one held by fewer counts in proportion.
        common_events: a key held by at most this many events counts fully; beyond, its
            evidence falls as ``common_events / events``.
        common_articles, common_share: a key held by at most ``max(common_articles,
            common_share * articles so far)`` articles (copies included) counts fully; beyond,
            its evidence falls as 1/n.
        max_posting: a key held by more events than this gives no evidence at all.

    The score thresholds and the window were set on the provenance corpus
    (``bench/stories_eval.py --tune`` prints the pair precision and recall they give, with a
    leave-one-folder-out check over its grid); they are a precision-first choice: joining two
    stories wrongly misleads more than showing one event as two stories. ``core_share``,
    ``common_*``, ``max_span_days`` and ``max_posting`` were set beforehand, not tuned:
    ``core_share`` = a third of the members, ``common_events`` = a subject covered ten times
    is no longer one event's, 1% of a store is more than one event's share of it.

    Raises:
        ValueError: a rule that needs no specific shared key (candidates are found through
            specific keys only, so such a rule would miss candidates).
    """

    window_days: int = 7
    max_span_days: int = 10
    dated_min_score: float = 2.0
    dated_min_specific: int = 1
    undated_min_score: float = 3.0
    undated_min_specific: int = 2
    undated_specific_alone: int = 3
    specific_weight: float = 0.75
    core_share: float = 0.34
    common_events: int = 10
    common_articles: int = 200
    common_share: float = 0.01
    max_posting: int = 100

    def __post_init__(self) -> None:
        # Candidates are found through specific keys only, which is exact only when every rule needs one.
        if self.dated_min_specific < 1 or min(self.undated_min_specific, self.undated_specific_alone) < 1:
            raise ValueError("every rule must need at least one specific shared key")

    def same_event(self, score: float, specific: int, gap_days: int | None) -> bool:
        """Decide one article against one event from the score, the number of specific shared keys and the day gap (``None``: undated)."""
        if gap_days is None:
            return (score >= self.undated_min_score and specific >= self.undated_min_specific) or (
                specific >= self.undated_specific_alone)
        if gap_days > self.window_days:
            return False
        return score >= self.dated_min_score and specific >= self.dated_min_specific

    def rarity(self, events_with_key: int, articles_with_key: int, articles: int) -> float:
        """Evidence factor of a key held by ``events_with_key`` events and ``articles_with_key`` of ``articles`` articles.

        1 up to :attr:`common_events` events and ``max(common_articles, common_share *
        articles)`` articles, then falling as 1/n; 0 beyond :attr:`max_posting` events.
        """
        if events_with_key > self.max_posting:
            return 0.0
        common = max(self.common_articles, self.common_share * articles)
        return min(1.0, self.common_events / max(1, events_with_key), common / max(1, articles_with_key))

    def probe_events(self) -> int:
        """Events holding a key beyond which it can never be specific again (its event count only grows)."""
        return min(self.max_posting, int(self.common_events / self.specific_weight))

    def params(self) -> dict:
        """Every parameter that changes the clustering, with the key scheme (stored with each run)."""
        return {"scheme": KEY_SCHEME, "max_keys": MAX_KEYS, **asdict(self)}


DEFAULT_RULE = LinkRule()


@dataclass
class Event:
    """An event being formed: its first member, size, key profile and date span.

    Attributes:
        root: the article that started it (its smallest ``seq``); ``seq`` is that article's.
        n: members; n_dated: members with a date.
        keys: key -> ``[members holding it, largest weight, dated members holding it, their
            largest weight]``.
        lo, hi: span of the members' day-precise dates (``None`` when none is).
        coarse_lo, coarse_hi: envelope of the members' coarser dates (a month from a URL).
        named: names (folded) some member qualifies with a given name (see :func:`surname_factor`).
    """

    root: str
    seq: int
    n: int = 0
    n_dated: int = 0
    keys: dict[str, list] = field(default_factory=dict)
    lo: date | None = None
    hi: date | None = None
    coarse_lo: date | None = None
    coarse_hi: date | None = None
    named: set[str] = field(default_factory=set)

    def gap(self, day: DateSpan | None) -> int | None:
        """Days between ``day`` and the event's dates (``None`` when either is undated)."""
        if day is None:
            return None
        if self.lo is not None:
            return day.gap_days(DateSpan(self.lo, self.hi, "published"))
        if self.coarse_lo is not None:
            return day.gap_days(DateSpan(self.coarse_lo, self.coarse_hi, "url"))
        return None

    def span_with(self, day: DateSpan | None) -> int:
        """Span in days of the event's day-precise dates if ``day`` joined."""
        if day is None or day.lo != day.hi or self.lo is None:
            return 0
        return (max(self.hi, day.hi) - min(self.lo, day.lo)).days

    def add_date(self, day: DateSpan | None) -> None:
        """Widen the date span by a member's date."""
        if day is None:
            return
        if day.lo == day.hi:
            self.lo = day.lo if self.lo is None else min(self.lo, day.lo)
            self.hi = day.hi if self.hi is None else max(self.hi, day.hi)
        else:
            self.coarse_lo = day.lo if self.coarse_lo is None else min(self.coarse_lo, day.lo)
            self.coarse_hi = day.hi if self.coarse_hi is None else max(self.coarse_hi, day.hi)


class EventPass:
    """The single pass: events so far, the inverted index key -> events, and each key's event count.

    Args:
        rule: the :class:`LinkRule`.

    Attributes:
        events: root article id -> :class:`Event`.
        postings: key -> root ids of the events holding it with a specific weight (dropped
            once more than :meth:`LinkRule.probe_events` events hold it: such a key cannot
            be specific any more, so it finds no candidates).
        held: key -> ``[events holding it, articles holding it]``.
        articles: articles in the pass so far.
        examined: (article, event) pairs scored so far.
    """

    def __init__(self, rule: LinkRule = DEFAULT_RULE) -> None:
        self.rule = rule
        self.events: dict[str, Event] = {}
        self.postings: dict[str, list[str] | None] = {}
        self.held: dict[str, list[int]] = {}
        self.articles = 0
        self.examined = 0

    def _hold(self, ev: Event, key: str, weight: float, count: int = 1, dated: int = 0, dated_weight: float = 0.0) -> None:
        """Record that ``count`` more members of ``ev`` hold ``key`` (largest weight ``weight``), ``dated`` of them dated (largest weight ``dated_weight``)."""
        sw = self.rule.specific_weight
        if key.startswith(QUALIFIER):
            ev.named.add(key[len(QUALIFIER):].partition("|")[0])
        slot = ev.keys.get(key)
        if slot is None:
            ev.keys[key] = [count, weight, dated, dated_weight]
            held = self.held.setdefault(key, [0, 0])
            held[0] += 1
            was_specific = False
        else:
            held = self.held[key]
            was_specific = slot[1] >= sw
            slot[0] += count
            slot[1] = max(slot[1], weight)
            slot[2] += dated
            slot[3] = max(slot[3], dated_weight)
        held[1] += count
        if held[0] > self.rule.probe_events():
            self.postings[key] = None  # for good: the count only grows
        elif weight >= sw and not was_specific:
            self.postings.setdefault(key, []).append(ev.root)

    def match(self, keys: dict[str, float], day: DateSpan | None) -> tuple[str, float, int, int | None, list[str]] | None:
        """The event an article with ``keys`` and date ``day`` joins, or ``None``.

        Candidates are the events sharing a key that can be specific (weight and rarity at
        least ``specific_weight`` on both sides): every rule needs one, so no event that could
        match is missed. Each candidate within the date window is then scored on all shared keys.

        Returns:
            ``(root, score, specific shared keys, gap in days or None, shared keys by evidence)``;
            ties go to the earlier event.
        """
        rule = self.rule
        sw = rule.specific_weight
        order = sorted(k for k in keys if not k.startswith(QUALIFIER))  # a fixed order: the same sums whatever built the state
        rarity = {k: rule.rarity(*self.held[k], self.articles) if k in self.held else 0.0 for k in order}
        given = qualifiers(keys)
        cands: set[str] = set()
        for k, w in keys.items():
            if w >= sw and rarity[k] >= sw:
                cands.update(self.postings.get(k) or ())
        self.examined += len(cands)
        best = None
        for root in cands:
            ev = self.events[root]
            if ev.span_with(day) > rule.max_span_days:
                continue
            gap = ev.gap(day)
            if gap is not None and gap > rule.window_days:
                continue
            score, specific, shared = 0.0, 0, []
            dated_score, dated_specific = 0.0, 0
            for k in order:
                slot = ev.keys.get(k)
                if slot is None or not rarity[k]:
                    continue
                name = surname_factor(k[2:], given, ev.keys, ev.named) if k.startswith("n:") else 1.0
                if not name:
                    continue
                c = min(keys[k], slot[1]) * rarity[k] * min(1.0, slot[0] / (rule.core_share * ev.n)) * name
                score += c
                specific += c >= sw
                shared.append((c, k))
                if gap is not None and slot[2]:
                    d = min(keys[k], slot[3]) * rarity[k] * min(1.0, slot[2] / (rule.core_share * ev.n_dated)) * name
                    dated_score += d
                    dated_specific += d >= sw
            if gap is not None and ev.n_dated < ev.n:
                # the window only vouches for the dated members' evidence; the undated members' keys
                # count as an undated article's would (they may be from any time)
                if rule.same_event(dated_score, dated_specific, gap):
                    score, specific = dated_score, dated_specific
                elif rule.same_event(score, specific, None):
                    gap = None
                else:
                    continue
            elif not rule.same_event(score, specific, gap):
                continue
            if best is None or (-score, ev.seq) < (-best[1], self.events[best[0]].seq):
                best = (root, score, specific, gap, [k for _, k in sorted(shared, key=lambda x: (-x[0], x[1]))])
        return best

    def add(self, article_id: str, seq: int, keys: dict[str, float], day: DateSpan | None) -> dict | None:
        """Put one article in its event (matching first); returns its link to the event's root, or ``None`` when it starts one."""
        found = self.match(keys, day)
        if found is None:
            ev = self.events[article_id] = Event(article_id, seq)
            link = None
        else:
            root, score, specific, gap, shared = found
            ev = self.events[root]
            link = {"a": article_id, "b": root, "score": round(float(score), 4), "specific": int(specific),
                    "gap_days": gap, "keys": shared[:24]}  # fmt: skip
        ev.n += 1
        ev.n_dated += day is not None
        self.articles += 1
        ev.add_date(day)
        for k, w in keys.items():
            self._hold(ev, k, w, 1, int(day is not None), w if day is not None else 0.0)
        return link


def surname_factor(name: str, given: dict[str, set[str]], other_keys: dict, other_named: set[str]) -> float:
    """How much a name key shared with another article or event counts, from the given names each side writes with it.

    Args:
        name: the folded name (the key without ``n:``).
        given: this side's given names by name (:func:`newstrace.stories.keys.qualifiers`).
        other_keys: the other side's keys (its ``q:`` qualifier keys are read).
        other_named: the names the other side qualifies.

    Returns:
        1.0 when both sides qualify the name with a common given name, or neither qualifies it;
        0.0 when both do and share none (Rafael Jiménez and Pérez Jiménez are two people);
        :data:`~newstrace.stories.keys.SURNAME_ONLY` when only one side does (a surname said
        alone against a full name: the same person or not, so it needs corroboration).
    """
    mine, theirs = given.get(name), name in other_named
    if mine and theirs:
        return 1.0 if any(f"{QUALIFIER}{name}|{g}" in other_keys for g in mine) else 0.0
    return SURNAME_ONLY if mine or theirs else 1.0


def pair_evidence(a: dict[str, float], b: dict[str, float], rarity, specific_weight: float) -> tuple[float, int]:
    """Same-event evidence between two articles' keys: ``(score, specific shared keys)``, as :meth:`EventPass.match` scores
    an article against a one-member event (support 1).

    Args:
        a, b: the articles' keys (:func:`~newstrace.stories.keys.event_keys`).
        rarity: key -> evidence factor (0..1), e.g. :meth:`LinkRule.rarity` over the pass's counts.
        specific_weight: a shared key whose evidence is at least this is specific.
    """
    return _pair(_prepare(a), _prepare(b), rarity, specific_weight)


def _prepare(keys: dict[str, float]) -> tuple[dict[str, float], list[str], dict[str, set[str]], set[str]]:
    """An article's keys, its scored keys in sorted order (fixed sums), its given names by name, and the names it qualifies."""
    given = qualifiers(keys)
    return keys, sorted(k for k in keys if not k.startswith(QUALIFIER)), given, set(given)


def _pair(a: tuple, b: tuple, rarity, specific_weight: float) -> tuple[float, int]:
    """:func:`pair_evidence` on :func:`_prepare` d articles (the sum runs over the shared keys in sorted order either way)."""
    if len(b[1]) < len(a[1]):
        a, b = b, a
    score, specific = 0.0, 0
    other = b[0]
    for k in a[1]:
        if k in other:
            c = min(a[0][k], other[k]) * rarity(k)
            if k.startswith("n:"):
                c *= surname_factor(k[2:], a[2], other, b[3])
            score += c
            specific += c >= specific_weight
    return score, specific


#: A bridge is cut only when each side keeps at least this many members.
BRIDGE_GROUP = 3
#: Most earlier holders of one key that :func:`event_links` compares a member with (the
#: nearest in date first) before it gives up on that key: every key that at most this many
#: other members hold is scored in full, so events of up to ``PAIR_BUDGET + 1`` members always
#: get every link that matters.
PAIR_BUDGET = 64


def split_at_bridges(members: list[str], linked: dict[tuple[str, str], float], fixed: set[tuple[str, str]],
                     graph: TwoEdgeComponents | None = None) -> list[tuple[str, str]]:  # fmt: skip
    """One event's members as groups that more than one pairwise link holds together: the event's edges for :func:`components`.

    The single pass joins an article to an event on the event's whole key profile and on key
    rarities as they stood then, so an event can hold two groups that no pairwise link, or a
    single one, joins: an undated article matched an earlier event on a subject's names
    (Cúcuta, Guaidó) and its own copies followed it, while later articles of the earlier
    event's own occasion matched that event. In the graph of pairwise same-event links among
    the members (scored as :meth:`EventPass.match` scores an article against a one-member event,
    on the rarities at the end of the pass) and of copy links, such a link is a *bridge* (an edge
    whose removal disconnects the graph). Bridges with at least :data:`BRIDGE_GROUP` members on
    each side are cut, weakest first and one at a time; then every group of at least
    :data:`BRIDGE_GROUP` members that no link joins to the root's group becomes a story of its
    own. This is a weak form of the highly connected subgraphs of Hartuv and Shamir ("A
    clustering algorithm based on graph connectivity", Information Processing Letters 76, 2000),
    which split a cluster at every minimum cut smaller than half its size; only cuts of zero
    or one link between groups of two or more are made here, so a lone article that the pass
    joined (independent coverage matching the original alone, or the event only as a whole)
    stays. A copy link counts as the strongest link: it is cut only where it alone joins two
    groups, and then :func:`story_edges` puts the copy, alone, with its origin.

    Args:
        members: the event's members, its root (earliest) first.
        linked: pairwise same-event links ``(a, b) -> score`` among the members (``a < b``).
        fixed: copy links from trace among the members, ``(a, b)`` with ``a < b``.
        graph: the 2-edge-connected components of exactly these links on the members' positions
            in ``members``, as :func:`event_links` leaves them (its bridges are then not found
            again); built here when not given.

    Returns:
        Edges ``(member, group head)``: for each group split off, its members to its first
        member (in ``members`` order); for the rest, the pass links ``(member, root)``.
    """
    edges = {**linked, **{e: float("inf") for e in fixed}}
    cut = _cut_bridges(members, edges, graph)
    adj: dict[str, list[str]] = {}  # built once: one search per group, not one pass over the edges per group
    for a, b in edges:
        if (a, b) not in cut:
            adj.setdefault(a, []).append(b)
            adj.setdefault(b, []).append(a)
    head: dict[str, str] = {}
    for m in members:
        if m not in head:
            group = _reach(m, adj)
            for x in group:
                head[x] = m if len(group) >= BRIDGE_GROUP and members[0] not in group else members[0]
    return [(m, head[m]) for m in members[1:]]


def _cut_bridges(members: list[str], edges: dict[tuple[str, str], float],
                 graph: TwoEdgeComponents | None = None) -> set[tuple[str, str]]:  # fmt: skip
    """The bridges :func:`split_at_bridges` cuts: weakest first, each while both its sides keep :data:`BRIDGE_GROUP` members.

    Cutting a bridge leaves every other bridge a bridge and only shrinks the sides of the
    others, so a bridge that cannot be cut now never can; the weakest bridge that can be cut,
    again and again, is then the same as each bridge in order of strength (score, then the
    pair), cut when it can be. The sides are counted on the tree of 2-edge-connected
    components, and only up to :data:`BRIDGE_GROUP` members: a few steps per bridge instead
    of one search of the whole event per cut.

    Args:
        members: the event's members.
        edges: ``(a, b) -> score`` (copy links as infinity), ``a < b``.
        graph: the 2-edge-connected components of ``edges`` on the members' positions (see
            :func:`split_at_bridges`); built here when not given.

    Returns:
        The bridges cut.
    """
    index = {m: i for i, m in enumerate(members)}
    if graph is None:
        graph = TwoEdgeComponents(len(members))
        for a, b in edges:
            graph.add(index[a], index[b])
    part = {m: graph.find(i) for m, i in index.items()}  # member -> its 2-edge-connected component
    size = Counter(part.values())
    # an edge is a bridge exactly when its ends lie in two 2-edge-connected components
    bridges = {e for e in edges if part[e[0]] != part[e[1]]}
    tree: dict[int, list[tuple[int, tuple[str, str]]]] = {}
    for e in bridges:
        a, b = part[e[0]], part[e[1]]
        tree.setdefault(a, []).append((b, e))
        tree.setdefault(b, []).append((a, e))
    cut: set[tuple[str, str]] = set()

    def side(start: int, away: tuple[str, str]) -> int:
        """Members on ``start``'s side of bridge ``away``, counted up to BRIDGE_GROUP."""
        n, seen, todo = 0, {start}, [start]
        while todo and n < BRIDGE_GROUP:
            c = todo.pop()
            n += size[c]
            for d, e in tree.get(c, ()):
                if d not in seen and e != away and e not in cut:
                    seen.add(d)
                    todo.append(d)
        return n

    for _, e in sorted((edges[e], e) for e in bridges):
        if side(part[e[0]], e) >= BRIDGE_GROUP and side(part[e[1]], e) >= BRIDGE_GROUP:
            cut.add(e)
    return cut


def _reach(start: str, adj: dict[str, list[str]]) -> set[str]:
    """Nodes reachable from ``start`` in the undirected graph ``adj`` (node -> neighbours)."""
    seen, todo = {start}, [start]
    while todo:
        for y in adj.get(todo.pop(), ()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def split_events(pass_links: Iterable[tuple[str, str]], keys: dict[str, dict[str, float]], dates: dict[str, DateSpan | None],
                 copy_edges: Iterable[tuple[str, str]], state: EventPass, counts: Counter | None = None) -> dict[str, str]:
    """Each event of the pass split at its bridges (:func:`split_at_bridges`): every member's group.

    The links among an event's members are found by :func:`event_links`, which scores only
    pairs that share a key that can be specific and are not yet joined by two edge-disjoint
    paths: the bridges, and so the groups, are those of the graph of every pairwise link
    (exactly so in events of up to ``PAIR_BUDGET + 1`` members; see :func:`event_links`).

    Args:
        pass_links: the pass's links (member, event root).
        keys, dates: every member's keys and date, for the events of at least ``2 * BRIDGE_GROUP``
            members (others are not read).
        copy_edges: trace's copy edges (the strongest links).
        state: the finished pass (its key counts give each key's rarity, as a full re-run's would).
        counts: when given, ``"pairs_scored"``, ``"pairs_linked"`` and ``"holders_capped"`` of
            :func:`event_links` are added to it (member pairs whose evidence was computed, those
            that link, holders that reached the budget), with ``"pairs_all"`` (the member pairs
            of the events checked, m(m-1)/2 each).

    Returns:
        member -> its group's head (an event root, or the first member of a group split off),
        for every member of an event with more than one member.
    """
    rule = state.rule
    by_root: dict[str, list[str]] = {}
    for a, b in pass_links:
        by_root.setdefault(b, []).append(a)
    checked = {m for root, rest in by_root.items() if len(rest) + 1 >= 2 * BRIDGE_GROUP for m in (root, *rest)}
    copies_of: dict[str, set[tuple[str, str]]] = {}  # each checked member's copy edges, so an event reads only its own
    for a, b in copy_edges:
        if a in checked and b in checked:
            edge = (min(a, b), max(a, b))
            copies_of.setdefault(a, set()).add(edge)
            copies_of.setdefault(b, set()).add(edge)
    memo: dict[str, float] = {}

    def rarity(k: str) -> float:
        if k not in memo:
            held = state.held.get(k)
            memo[k] = rule.rarity(*held, state.articles) if held else 0.0
        return memo[k]

    counts = Counter() if counts is None else counts
    groups: dict[str, str] = {}
    for root, rest in sorted(by_root.items()):
        members = [root, *sorted(rest)]
        groups[root] = root
        if len(members) < 2 * BRIDGE_GROUP:
            groups.update((m, root) for m in rest)
            continue
        inside = set(members)
        fixed = {e for m in members for e in copies_of.get(m, ()) if e[0] in inside and e[1] in inside}
        linked, graph = event_links(members, keys, dates, fixed, rarity, rule, counts)
        counts["pairs_all"] += len(members) * (len(members) - 1) // 2
        groups.update(split_at_bridges(members, linked, fixed, graph))
    return groups


def event_links(members: list[str], keys: dict[str, dict[str, float]], dates: dict[str, DateSpan | None],
                fixed: set[tuple[str, str]], rarity, rule: LinkRule,
                counts: Counter | None = None) -> tuple[dict[tuple[str, str], float], TwoEdgeComponents]:  # fmt: skip
    """Pairwise same-event links among an event's members, enough of them to give every bridge of the graph of all of them.

    A pair can link only if it shares a *specific* key (every rule of :meth:`LinkRule.same_event`
    needs one), and a key's evidence ``min(weight a, weight b) * rarity * name factor`` reaches
    ``specific_weight`` only where ``weight * rarity`` does on each side. So candidates are the
    pairs of *holders* of such keys (blocking on shared keys). The keys are taken from the
    rarest inside the event to the commonest; a candidate pair is skipped when the links found
    so far (copy links first) already join its two members by two edge-disjoint paths
    (:class:`~newstrace.stories.twoedge.TwoEdgeComponents`): its link could not be a bridge nor
    stop another link from being one, so the bridges, their scores and the groups of
    :func:`split_at_bridges` are exactly those of the graph of every pairwise link. Within a
    key's holders, a member is compared with each 2-edge-connected group of the earlier holders
    until it joins that group, so a key that most of a dense event holds costs about one pass
    over its holders, not all their pairs. Holders that do not link to each other would still
    cost every pair, so a member is compared with at most :data:`PAIR_BUDGET` earlier holders
    of one key (holders taken in date order, the latest compared first; blocking by a sorted
    neighbourhood, Hernández and Stolfo, "The merge/purge problem for large databases", SIGMOD
    1995). The budget is reached only by keys that more than :data:`PAIR_BUDGET` other members
    hold, never in an event of up to ``PAIR_BUDGET + 1`` members: there the links are exact;
    beyond, a link can be missed (counted as ``"holders_capped"``), which can split the event
    where scoring every pair would not.

    Args:
        members: the event's members.
        keys, dates: each member's keys (:func:`~newstrace.stories.keys.event_keys`) and date.
        fixed: copy links among the members, ``(a, b)`` with ``a < b`` (joined before any scoring).
        rarity: key -> evidence factor (0..1).
        rule: the :class:`LinkRule`.
        counts: when given, ``"pairs_scored"``, ``"pairs_linked"`` and ``"holders_capped"`` (holders
            that reached :data:`PAIR_BUDGET` for a key) are added to it.

    Returns:
        ``(links, graph)``: ``(a, b) -> score`` with ``a < b`` for the links found (a subset of
        every linking pair; copy links are not scored), and the 2-edge-connected components of
        those links and the copy links on the members' positions in ``members``, which
        :func:`split_at_bridges` reads the bridges from.
    """
    sw = rule.specific_weight
    index = {m: i for i, m in enumerate(members)}
    graph = TwoEdgeComponents(len(members))
    for a, b in sorted(fixed):
        graph.add(index[a], index[b])
    prepared: dict[int, tuple] = {}  # only members of scored pairs are prepared
    days = {i: dates[m].lo.toordinal() for i, m in enumerate(members) if dates.get(m)}
    when = {i: (days.get(i, 10**7), i) for i in range(len(members))}  # holders in date order, undated last
    holders: dict[str, list[int]] = {}
    for i, m in enumerate(members):
        for k, w in keys.get(m, {}).items():
            if w * rarity(k) >= sw:
                holders.setdefault(k, []).append(i)
    linked: dict[tuple[str, str], float] = {}
    # a copy link is already an edge: its pair is not scored again (a second edge would make a false cycle)
    scored: set[tuple[int, int]] = {tuple(sorted((index[a], index[b]))) for a, b in fixed}
    find = graph.find
    capped = 0
    for _, k in sorted((len(h), k) for k, h in holders.items() if len(h) > 1):
        groups: dict[int, list[int]] = {}  # 2-edge-connected group -> the key's earlier holders in it
        for x in sorted(holders[k], key=when.__getitem__):
            if len(groups) > 1 or (groups and find(x) not in groups):
                merged: dict[int, list[int]] = {}  # regroup: links found since may have merged groups
                for r, held in groups.items():
                    into = merged.setdefault(find(r), held)
                    if into is not held:  # the smaller list goes into the larger
                        small, large = (held, into) if len(held) <= len(into) else (into, held)
                        large.extend(small)
                        merged[find(r)] = large
                groups = merged
            budget = PAIR_BUDGET
            for held in reversed(list(groups.values())):  # the latest groups and holders first: nearest in date
                for y in reversed(held):
                    if find(x) == find(y):
                        break  # x joined this group: none of its pairs can matter now
                    budget -= 1
                    if budget < 0:
                        break
                    pair = (x, y) if x < y else (y, x)
                    if pair in scored:
                        continue
                    scored.add(pair)
                    for z in pair:
                        if z not in prepared:
                            prepared[z] = _prepare(keys.get(members[z], {}))
                    score, specific = _pair(prepared[x], prepared[y], rarity, sw)
                    dx, dy = dates.get(members[x]), dates.get(members[y])
                    if rule.same_event(score, specific, dx.gap_days(dy) if dx and dy else None):
                        a, b = members[x], members[y]
                        linked[(min(a, b), max(a, b))] = score
                        graph.add(x, y)
                if budget < 0:
                    capped += 1
                    break
            groups.setdefault(find(x), []).append(x)
    if counts is not None:
        counts["pairs_scored"] += len(scored) - len(fixed)
        counts["pairs_linked"] += len(linked)
        counts["holders_capped"] += capped
    return linked, graph


def story_edges(groups: dict[str, str], copy_edges: list[tuple[str, str]],
                compiled: Iterable[str] = ()) -> list[tuple[str, str]]:
    """Edges for :func:`components`: each group's members to its head, and trace's copy edges.

    A copy always lands in its origin's story. When the copy's group and its origin's group
    each hold at least :data:`BRIDGE_GROUP` articles and that copy link is the only one between
    them, the copy alone moves to its origin's group: one article (two reports' notes sharing a
    template, a page that quotes another story's lead) does not bring the rest of its group
    along, as in :func:`split_at_bridges`. A compilation (``compiled``: a page copying parts of
    unrelated stories, :func:`compilation_origins`) always leaves its event group: the keys of
    both stories put it in one event or the other, and its copy edge (to its main origin only,
    :func:`derivation_edges`) decides its story, so it joins neither story to the other.

    Args:
        groups: member -> group head (:func:`split_events`); articles missing are groups of one.
        copy_edges: (copy, origin) and (copy, sibling) pairs (:func:`derivation_edges`).
        compiled: article ids of compilations (the keys of :func:`compilation_origins`).

    Returns:
        Undirected article pairs.
    """
    size = Counter(groups.values())
    group = lambda a: groups.get(a, a)
    between = Counter(frozenset((group(a), group(b))) for a, b in copy_edges if group(a) != group(b))
    moved = {a for a, b in copy_edges if group(a) != group(b) and min(size[group(a)], size[group(b)]) >= BRIDGE_GROUP
             and between[frozenset((group(a), group(b)))] == 1}  # fmt: skip
    moved |= set(compiled)
    members: dict[str, list[str]] = {}
    for m, h in sorted(groups.items()):
        if m not in moved:
            members.setdefault(h, []).append(m)
    out = list(copy_edges)
    for h, ms in members.items():
        head = h if h not in moved else ms[0]
        out += [(m, head) for m in ms if m != head]
    return out


def cluster_articles(order: list[str], keys: dict[str, dict[str, float]], dates: dict[str, DateSpan | None],
                     copy_edges: list[tuple[str, str]], rule: LinkRule = DEFAULT_RULE,
                     compiled: Iterable[str] = ()) -> dict[str, str]:
    """Stories of articles taken in ``order``, in memory, as a full :func:`update_stories` run makes them.

    For benches and tests that compare rules or ingestion orders without writing a store.

    Args:
        order: article ids in pass order (a full run uses ingestion order).
        keys, dates: each article's event keys and date (missing: none).
        copy_edges: trace's copy edges (:func:`derivation_edges`).
        rule: the :class:`LinkRule`.
        compiled: compilations (keys of :func:`compilation_origins`), as :func:`story_edges` reads them.

    Returns:
        article id -> story id (:func:`story_id_for` of the earliest member in ``order``).
    """
    state, links = EventPass(rule), []
    seqs = {a: i for i, a in enumerate(order)}
    for a in order:
        link = state.add(a, seqs[a], keys.get(a, {}), dates.get(a))
        if link:
            links.append((link["a"], link["b"]))
    return components(seqs, story_edges(split_events(links, keys, dates, copy_edges, state), copy_edges, compiled))


def story_id_for(root_article_id: str) -> str:
    """Story id from its earliest-ingested member: ``"S"`` + the first 12 hex digits of sha1(id)."""
    return "S" + hashlib.sha1(root_article_id.encode("utf-8")).hexdigest()[:12]


def components(nodes: dict[str, int], edges: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Connected components as article id -> story id.

    Args:
        nodes: article id -> ingestion sequence number (the earliest is each story's root).
        edges: pairs of article ids (ids not in ``nodes`` are ignored).

    Returns:
        A story id (:func:`story_id_for` of the root) for every node.
    """
    uf = UnionFind(lambda x: (nodes[x], x))
    for n in nodes:
        uf.add(n)
    for a, b in edges:
        if a in nodes and b in nodes:
            uf.union(a, b)
    roots: dict[str, str] = {}
    return {n: roots.setdefault(uf.find(n), story_id_for(uf.find(n))) for n in nodes}


def compilation_origins(store: Store) -> dict[str, list[str]]:
    """Compilations and their origins: copies that the resolved graph gives two or more direct origins.

    Trace keeps a second origin for a page made of parts of unrelated stories (an aggregator's
    briefing: :func:`newstrace.provenance.graph._compiled_sources`); two versions of one page
    are no such origins. Read from the ``resolved_derivations`` table.

    Args:
        store: an open store (read-only is enough).

    Returns:
        copy id -> its origin ids, the main one first (the one covering most of the copy, then
        the best-scored, then by id); only copies with two or more.
    """
    rows = db.tuples(store, f"""
        SELECT copy_id, origin_id FROM {RESOLVED_TABLE}
        WHERE origin_id IS NOT NULL AND NOT {versions_sql()}
        ORDER BY copy_id, copy_coverage DESC, score DESC, origin_id""", [VERSIONS_REASON])  # fmt: skip
    out: dict[str, list[str]] = {}
    for copy_id, origin_id in rows:
        out.setdefault(copy_id, []).append(origin_id)
    return {c: o for c, o in out.items() if len(o) >= 2}


def derivation_edges(store: Store, compiled: dict[str, list[str]] | None = None) -> list[tuple[str, str]]:
    """Copy edges from the stored derivations: (copy, origin), and (copy, sibling) for an inferred common source.

    A compilation (``compiled``, default :func:`compilation_origins`) keeps only its edge to its
    main origin: its pairs with the other stories it copies parts of (their origin, copies and
    siblings) would join unrelated stories into one (a new-user test: an aggregator's briefing of
    a port strike and a tea drought made one story). An article copied from it keeps that edge.

    Args:
        store: an open store (read-only is enough).
        compiled: copy id -> origin ids, main first (:func:`compilation_origins`).

    Returns:
        (copy, other) article id pairs, every verified pair of the latest trace.
    """
    compiled = compilation_origins(store) if compiled is None else compiled
    edges = [(c, origins[0]) for c, origins in sorted(compiled.items())]
    for copy_id, origin_id, siblings in db.tuples(store, "SELECT copy_id, origin_id, sibling_ids FROM derivations"):
        if copy_id in compiled:
            continue
        if origin_id:
            edges.append((copy_id, origin_id))
        for s in siblings or []:
            if s not in compiled:  # an inferred source shared with a compilation is one of its parts
                edges.append((copy_id, s))
    return edges


def stories_stale(store: Store, rule: LinkRule = DEFAULT_RULE) -> bool:
    """Whether :func:`update_stories` has work to do: the stored stories lag behind the store.

    They lag when an article is in no story yet, when ``trace`` ran after the last story run
    (its copy links join stories), or when the last run used another :class:`LinkRule`. Read-only,
    so a caller can decide to open the store for writing only when needed.

    Args:
        store: an open store (read-only is enough).
        rule: the rule the stories should follow.

    Returns:
        True when an update would change or add something, False when the stories are current
        (also for an empty store).
    """
    unclustered = db.tuples(store, "SELECT count(*) FROM articles a WHERE NOT EXISTS "
                                   "(SELECT 1 FROM story_articles s WHERE s.article_id = a.id)")[0][0]  # fmt: skip
    if unclustered:
        return True
    last = db.rows(store, "SELECT trace_run_id, params FROM story_runs ORDER BY run_id DESC LIMIT 1")
    if not last:
        return False  # no article, no story run: nothing to cluster
    traced = (store.last_trace() or {}).get("run_id")
    return last[0]["trace_run_id"] != traced or last[0]["params"] != json.dumps(rule.params(), sort_keys=True)


def update_stories(store: Store, *, full: bool = False, rule: LinkRule = DEFAULT_RULE) -> StoriesReport:
    """Bring the stored stories up to date: key the articles not yet clustered, continue the event pass with them, then rebuild the stories.

    Args:
        store: an open, writable store (after ``ingest``; run ``trace`` first so copies join
            their origins).
        full: re-key every article and redo the whole pass (also done when the stored run used
            other parameters, or when an unclustered article is older than a clustered one).
        rule: the :class:`LinkRule`.

    Returns:
        A :class:`~newstrace.stories.models.StoriesReport`.

    Raises:
        StoreError: the store cannot be read or written.
    """
    t0 = time.perf_counter()
    started = datetime.now(UTC).replace(tzinfo=None)
    params = json.dumps(rule.params(), sort_keys=True)
    last = db.rows(store, "SELECT params FROM story_runs ORDER BY run_id DESC LIMIT 1")
    seqs = {i: s for i, s in db.tuples(store, "SELECT id, seq FROM articles")}
    clustered = dict(db.tuples(store, "SELECT article_id, story_id FROM story_articles"))
    new_ids = sorted((i for i in seqs if i not in clustered), key=lambda i: (seqs[i], i))
    # The pass continues only when every new article comes after every clustered one.
    in_order = not new_ids or not clustered or seqs[new_ids[0]] > max(seqs.get(i, 0) for i in clustered)
    mode = "full" if full or not last or last[0]["params"] != params or not in_order else "incremental"
    with db.transaction(store):
        if mode == "full":
            for table in ("story_keys", "story_links", "story_articles"):
                db.execute(store, f"DELETE FROM {table}")
            clustered = {}
            new_ids = sorted(seqs, key=lambda i: (seqs[i], i))
        run_id = db.tuples(store, "SELECT coalesce(max(run_id), 0) + 1 AS r FROM story_runs")[0][0]
        keys, dates = _key_new_articles(store, new_ids, rule)
        state = EventPass(rule) if mode == "full" else _stored_pass(store, rule, seqs)
        links = []
        for aid in new_ids:
            link = state.add(aid, seqs[aid], keys.get(aid, {}), dates.get(aid))
            if link is not None:
                links.append({**link, "run_id": run_id})
        db.insert(store, "story_links", links)
        compiled = compilation_origins(store)
        edges = derivation_edges(store, compiled)
        event = db.tuples(store, "SELECT a, b FROM story_links")
        _load_members(store, event, keys, dates)
        assigned = components(seqs, story_edges(split_events(event, keys, dates, edges, state), edges, compiled))
        changed = [i for i, s in assigned.items() if i in clustered and clustered[i] != s]
        if changed:
            _rewrite_story_ids(store, {i: assigned[i] for i in changed}, run_id)
        db.insert(store, "story_articles", [
            {"article_id": i, "story_id": assigned[i], "date_lo": d.lo.isoformat() if d else None,
             "date_hi": d.hi.isoformat() if d else None, "date_source": d.source if d else None, "run_id": run_id}
            for i, d in ((i, dates.get(i)) for i in new_ids)
        ])  # fmt: skip
        n_stories = len(set(assigned.values()))
        db.execute(store, "INSERT INTO story_runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            run_id, mode, max(seqs.values(), default=0), (store.last_trace() or {}).get("run_id"), params,
            len(new_ids), n_stories, started, datetime.now(UTC).replace(tzinfo=None)])  # fmt: skip
    return StoriesReport(
        mode=mode, run_id=run_id, articles=len(seqs), new_articles=len(new_ids), candidate_pairs=state.examined,
        event_links=db.tuples(store, "SELECT count(*) AS n FROM story_links")[0][0], derivation_edges=len(edges),
        stories=n_stories, changed_members=len(changed) + len(new_ids), seconds=time.perf_counter() - t0,
    )  # fmt: skip


def _stored_pass(store: Store, rule: LinkRule, seqs: dict[str, int]) -> EventPass:
    """The event pass as the stored runs left it: each member's event (its link to the event's root, else itself), keys and dates."""
    state = EventPass(rule)
    member_root = "coalesce(l.b, s.article_id)"
    for root, n, nd, lo, hi, clo, chi in db.tuples(store, f"""
            SELECT {member_root} AS root, count(*) AS n, count(s.date_lo) AS nd,
                   min(s.date_lo) FILTER (WHERE s.date_lo = s.date_hi) AS lo,
                   max(s.date_hi) FILTER (WHERE s.date_lo = s.date_hi) AS hi,
                   min(s.date_lo) FILTER (WHERE s.date_lo <> s.date_hi) AS clo,
                   max(s.date_hi) FILTER (WHERE s.date_lo <> s.date_hi) AS chi
            FROM story_articles s LEFT JOIN story_links l ON l.a = s.article_id GROUP BY root"""):  # fmt: skip
        ev = state.events[root] = Event(root, seqs.get(root, 0), n, nd)
        state.articles += n
        ev.lo, ev.hi = _day(lo), _day(hi)
        ev.coarse_lo, ev.coarse_hi = _day(clo), _day(chi)
    # The order of a posting list does not matter: sums run over the article's keys, ties go by seq.
    for root, key, count, weight, dated, dated_weight in db.tuples(store, f"""
            SELECT {member_root} AS root, k.key, count(*) AS c, max(k.weight) AS w, count(s.date_lo) AS dc,
                   coalesce(max(k.weight) FILTER (WHERE s.date_lo IS NOT NULL), 0) AS dw
            FROM story_keys k JOIN story_articles s ON s.article_id = k.article_id
            LEFT JOIN story_links l ON l.a = s.article_id GROUP BY root, k.key"""):  # fmt: skip
        state._hold(state.events[root], key, weight, count, dated, dated_weight)
    return state


def _load_members(store: Store, links: list[tuple[str, str]], keys: dict, dates: dict) -> None:
    """Add to ``keys`` and ``dates`` the stored keys and dates of the members of events that :func:`split_events` reads."""
    size: dict[str, int] = {}
    for _, b in links:
        size[b] = size.get(b, 1) + 1
    big = {b for b, n in size.items() if n >= 2 * BRIDGE_GROUP}
    need = sorted({x for a, b in links if b in big for x in (a, b)} - keys.keys())
    if not need:
        return
    with db.registered_ids(store, "_need", need):
        for aid, key, weight in db.tuples(store, "SELECT k.article_id, k.key, k.weight FROM story_keys k JOIN _need n ON k.article_id = n.id"):
            keys.setdefault(aid, {})[key] = weight
        for aid, lo, hi, source in db.tuples(store, "SELECT s.article_id, s.date_lo, s.date_hi, s.date_source FROM story_articles s "
                                                    "JOIN _need n ON s.article_id = n.id"):  # fmt: skip
            dates[aid] = DateSpan(_day(lo), _day(hi), source) if lo else None


def _day(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _rewrite_story_ids(store: Store, new_story: dict[str, str], run_id: int) -> None:
    """Set the story id of members whose story changed (copy links merged two stories), keeping their dates."""
    with db.registered_ids(store, "_moved", new_story):
        kept = db.rows(store, "SELECT s.* FROM story_articles s JOIN _moved m ON s.article_id = m.id")
        db.execute(store, "DELETE FROM story_articles WHERE article_id IN (SELECT id FROM _moved)")
    db.insert(store, "story_articles", [{**r, "story_id": new_story[r["article_id"]], "run_id": run_id} for r in kept])


def _key_new_articles(store: Store, ids: list[str], rule: LinkRule) -> tuple[dict[str, dict[str, float]], dict[str, DateSpan | None]]:
    """Compute and store the event keys of ``ids``; return their keys and dates."""
    keys: dict[str, dict[str, float]] = {}
    dates: dict[str, DateSpan | None] = {}
    batch: list[dict] = []
    for art in store.iter_articles(ids, light=True):
        k = keys[art.id] = event_keys(art.id, art.headline, art.text, art.language)
        dates[art.id] = article_date(art.published, art.source.captured, art.source.url)
        batch += [{"article_id": art.id, "key": key, "weight": w, "probe": w >= rule.specific_weight} for key, w in k.items()]
        if len(batch) >= 200_000:
            db.insert(store, "story_keys", batch)
            batch = []
    db.insert(store, "story_keys", batch)
    return keys, dates


__all__ = [
    "DEFAULT_RULE",
    "KEY_SCHEME",
    "PAIR_BUDGET",
    "Event",
    "EventPass",
    "LinkRule",
    "UnionFind",
    "cluster_articles",
    "compilation_origins",
    "components",
    "derivation_edges",
    "event_links",
    "pair_evidence",
    "split_at_bridges",
    "split_events",
    "story_edges",
    "story_id_for",
    "surname_factor",
    "update_stories",
]  # fmt: skip
