"""What the report and the web app draw: provenance graphs, timelines and side-by-side diffs, built from stories and the store.

Shared by :mod:`newstrace.report` (one offline file, in-page links) and :mod:`newstrace.web`
(a local app, URL links): the only difference between the two is a :class:`Links` object
that turns an article, story, diff, speaker or outlet into an ``href``. Everything here is
plain data; the Jinja2 templates render it with autoescaping on.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import quote, urlencode

from newstrace.export import compared_with
from newstrace.report.diff import SideBySide, article_sentence_texts, side_by_side
from newstrace.report.graph import GraphEdge, GraphLayout, GraphNode, layout
from newstrace.report.timeline import Timeline, parse_when, timeline
from newstrace.report.timeline import TimelinePoint as Dot
from newstrace.schema import Derivation
from newstrace.store import Store
from newstrace.store import records as rec
from newstrace.store.records import alias_sources
from newstrace.store.resolved import RESOLVED_TABLE
from newstrace.stories.keys import outlet_of
from newstrace.stories.models import StoryDetail
from newstrace.stories.query import inferred_key

#: Derivation kinds in legend order (newstrace.schema.DerivationKind).
KINDS: tuple[str, ...] = ("verbatim", "edited", "spun", "machine-translated", "translation", "rewritten")
#: Node roles in legend order (``version``: a later version of a member, drawn as a copy of it).
ROLES: tuple[str, ...] = ("origin", "inferred", "version", "independent")
#: What each kind and role means, for legends and tooltips.
KIND_HELP: dict[str, str] = {
    "origin": "origin: copied by others, copies nothing stored",
    "verbatim": "verbatim: the same text, at most furniture changed",
    "edited": "edited: cuts, additions, house style",
    "spun": "spun: synonym swaps",
    "machine-translated": "machine-translated into English (incl. round trips)",
    "translation": "translation into another language",
    "rewritten": "rewritten: a fluent paraphrase",
    "inferred": "inferred common source: missing from the store, or a member whose direction is unclear",
    "sibling": "sibling: a copy of an inferred common source, the text its siblings are compared with",
    "independent": "independent coverage of the same event (not a copy)",
    "version": "version: a later version of the same page or file (an update by its publisher, not a copy)",
}
#: Longest node label in the graph (characters; ~168 px at 12 px).
LABEL_CHARS = 22


class Links(Protocol):
    """Turns the things a page links to into ``href`` values (in-page anchors or URLs)."""

    def story(self, story_id: str) -> str: ...
    def article(self, article_id: str) -> str: ...
    def diff(self, copy_id: str, origin_key: str) -> str: ...
    def speaker(self, name: str) -> str: ...
    def outlet(self, name: str) -> str: ...


def anchor(kind: str, *parts: str) -> str:
    """A stable HTML id made only of ``[a-z0-9-]`` (``kind`` + a short hash of ``parts``)."""
    digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:14]
    return f"{kind}-{digest}"


class ReportLinks:
    """Links inside the single-file report: fragment identifiers (``#s-…``, ``#d-…``)."""

    def story(self, story_id: str) -> str:
        """``#`` + :meth:`story_id`."""
        return "#" + self.story_id(story_id)

    def story_id(self, story_id: str) -> str:
        """The HTML id of a story's section."""
        return anchor("s", story_id)

    def article(self, article_id: str) -> str:
        """The member row of the article in its story."""
        return "#" + anchor("a", article_id)

    def diff(self, copy_id: str, origin_key: str) -> str:
        """The diff panel of a copy against its origin."""
        return "#" + anchor("d", copy_id, origin_key)

    def speaker(self, name: str) -> str:
        """The speaker's row in the speaker index."""
        return "#" + anchor("p", name)

    def outlet(self, name: str) -> str:
        """The outlet's row in the outlet index."""
        return "#" + anchor("o", name)


class WebLinks:
    """Links of the web app: paths under its root (values URL-quoted)."""

    def story(self, story_id: str) -> str:
        """``/stories/{id}``."""
        return "/stories/" + quote(story_id, safe="")

    def article(self, article_id: str) -> str:
        """``/articles/{id}``."""
        return "/articles/" + quote(article_id, safe="")

    def diff(self, copy_id: str, origin_key: str) -> str:
        """``/articles/{copy}/diff?origin=…``."""
        return f"/articles/{quote(copy_id, safe='')}/diff?" + urlencode({"origin": origin_key})

    def speaker(self, name: str) -> str:
        """``/speaker?name=…``."""
        return "/speaker?" + urlencode({"name": name})

    def outlet(self, name: str) -> str:
        """``/outlet?name=…``."""
        return "/outlet?" + urlencode({"name": name})


def short(text: str | None, n: int) -> str:
    """``text`` cut to ``n`` characters with an ellipsis ("" for ``None``)."""
    text = " ".join((text or "")[: 4 * n + 8].split())  # bounded work on a hostile 1 MB line
    return text if len(text) <= n else text[: max(1, n - 1)].rstrip() + "…"


def source_label(outlet: str | None, url: str | None, fallback: str = "") -> str:
    """A short name for an article: its outlet, else its URL's host, else its input file's name."""
    if outlet:
        return outlet
    if url:
        if "://" in url:
            return outlet_of(None, url) or url
        return url.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or url
    return fallback


def label(members: dict[str, Any], article_id: str, outlet: str | None = None, url: str | None = None) -> str:
    """A short name for a story member in tables: the given outlet, else the member's outlet, URL host or file name."""
    m = members.get(article_id)
    return source_label(outlet or (m.outlet if m else None), url or (m.url if m else None), (article_id or "")[:10])


def stored_key(edge: Any) -> str:
    """The store's key of a copy-tree edge's derivation (for its diff).

    The stories package names an inferred source after its whole sibling group, while the
    store keys each sibling link by its own pair (:func:`newstrace.store.records.origin_key`:
    ``inferred:`` + sha1 of the sorted copy and sibling ids), recomputed here from the copy
    and ``sibling_ids[0]``, the sibling it was aligned with (the resolved graph lists it
    first, then the rest of the group).
    """
    if getattr(edge, "link_key", None):  # a sibling record read as a chain step keeps its own key
        return edge.link_key
    if not edge.inferred_source:
        return edge.origin_key
    return inferred_key([edge.copy_id, *edge.sibling_ids[:1]])


def record_rank(article_id: str, copy_id: str, against: str | None) -> int:
    """Where a derivation record stands on an article's page (``show``, the web's article page): its own
    records first, then the records read against it, then the rest of its sibling groups.

    Args:
        article_id: the article shown.
        copy_id: whose record it is (the copy side).
        against: what the record's changes are read against (:func:`newstrace.export.compared_with`).

    Returns:
        0: the article is the record's copy; 1: the record is read against the article (a stored
        origin's copy, or a sibling aligned with it); 2: another member's record, read against a third.
    """
    if copy_id == article_id:
        return 0
    return 1 if against == article_id else 2


#: Order in which a record's changes are listed to a reader: what a fact-checker acts on first
#: (figures, quotations, names, credit, byline, dates), then hedges and slant, then text omitted or added,
#: and last the rewordings, which a machine translation or a spinner produces in every sentence.
CHANGE_ORDER: tuple[str, ...] = ("number", "quote", "name", "credit", "byline", "date", "hedge", "slant", "omission",
                                 "addition", "moved", "reworded")


def changes_by_weight(changes: list[Any]) -> list[Any]:
    """A record's changes in :data:`CHANGE_ORDER`, each kind in reading order (a stable sort);
    an unknown kind goes after the known ones. The stored and exported order (reading order) is
    unchanged: this is the order ``show``, the report and the web app list them in.

    Args:
        changes: :class:`~newstrace.schema.Change` records (anything with a ``kind``).
    """
    rank = {k: n for n, k in enumerate(CHANGE_ORDER)}
    return sorted(changes, key=lambda c: rank.get(c.kind, len(rank)))


#: Change kinds that alter what a copy says (figures, quotations, names, dates, hedges, slant): a copy
#: with any of them has its side-by-side diff shown first (:func:`diff_order`).
SUBSTANCE_CHANGES: frozenset[str] = frozenset({"number", "quote", "name", "date", "hedge", "slant"})
#: Change kinds of the furniture around the text (agency credit, byline): a copy with only these, or none,
#: says what its origin says, and its diff comes last.
FURNITURE_CHANGES: frozenset[str] = frozenset({"credit", "byline"})
#: Derivation kinds whose text is the origin's, sentence for sentence; a copy of any other kind (spun,
#: translated, rewritten) differs throughout even where trace recorded no change.
SAME_TEXT_KINDS: frozenset[str] = frozenset({"verbatim", "edited"})
#: How a ``reworded`` change's detail begins where a negation or an antonym inverted the sentence
#: (:func:`newstrace.provenance.rewording.reworded_changes`).
MEANING_INVERTED = "meaning inverted"


def diff_tier(edge: Any, inverted: bool = False) -> int:
    """What a copy changed, as the report ranks its side-by-side diff.

    Args:
        edge: a copy-tree edge (:class:`~newstrace.stories.models.TreeEdge`: ``kind``, ``change_counts``).
        inverted: one of its ``reworded`` changes inverts the meaning (:data:`MEANING_INVERTED`).

    Returns:
        0: a change of substance (:data:`SUBSTANCE_CHANGES`, or a meaning inverted); 1: other text
        changes (cuts, additions, moved text, rewordings) or a copy whose whole text differs (a kind outside
        :data:`SAME_TEXT_KINDS`); 2: at most the credit or byline changed (a verbatim republication).
    """
    kinds = set(edge.change_counts)
    if inverted or kinds & SUBSTANCE_CHANGES:
        return 0
    if kinds - FURNITURE_CHANGES or edge.kind not in SAME_TEXT_KINDS:
        return 1
    return 2


def diff_order(edges: list[Any], inverted: set[tuple[str, str]] = frozenset()) -> list[Any]:
    """A story's copy links in the order the report gives their side-by-side diffs: what a fact-checker or
    rights team acts on first. Changes of substance first, then other text changes, then copies whose only
    change is the credit or byline (:func:`diff_tier`); highest score first within each, then by copy id.

    Args:
        edges: copy-tree edges (:class:`~newstrace.stories.models.TreeEdge`).
        inverted: ``(copy_id, stored key)`` of links with a ``reworded`` change that inverts the
            meaning (:func:`meaning_inverted_links`); the key as :func:`stored_key` gives it.

    Returns:
        A new list of the same edges (the copies table keeps its own order, by score).
    """
    return sorted(edges, key=lambda e: (diff_tier(e, (e.copy_id, stored_key(e)) in inverted), -e.score, e.copy_id))


def meaning_inverted_links(store: Store, copy_ids: list[str]) -> set[tuple[str, str]]:
    """``(copy_id, origin_key)`` of the stored links of these copies with a ``reworded`` change that inverts
    the meaning (its detail begins with :data:`MEANING_INVERTED`): one query for any number of copies.

    Raises:
        newstrace.store.StoreError: the store cannot be read.
    """
    ids = sorted({i for i in copy_ids if i})
    if not ids:
        return set()
    with store.registered_ids("_inverted_ids", ids):
        rows = store.query("SELECT DISTINCT c.copy_id, c.origin_key FROM changes c JOIN _inverted_ids k ON k.id = c.copy_id "
                           "WHERE c.kind = 'reworded' AND starts_with(c.detail, ?)", [MEANING_INVERTED])  # fmt: skip
    return {(r["copy_id"], r["origin_key"]) for r in rows}


def change_counts(changes: list[Any]) -> dict[str, int]:
    """A record's changes counted by kind, in order of first appearance (``{"quote": 7, "reworded": 2}``).

    Args:
        changes: :class:`~newstrace.schema.Change` records (anything with a ``kind``).
    """
    counts: dict[str, int] = {}
    for c in changes:
        counts[c.kind] = counts.get(c.kind, 0) + 1
    return counts


def copy_count(detail: StoryDetail) -> tuple[int, int]:
    """A story's copies as its Copies table lists them (one row per copy link), and its reference siblings.

    A sibling that is only the reference the other copies of an inferred source are read against has
    no record of its own, hence no row: it is counted apart. When the members are cut
    (``max_members``) or the rows cover every copy, all copies are counted as listed.

    Args:
        detail: the story (``story.n_copies``, ``edges``, ``members``).

    Returns:
        ``(copies, reference siblings)``; ``(story.n_copies, 0)`` when nothing is counted apart.
    """
    s = detail.story
    listed = len({e.copy_id for e in detail.edges})
    if len(detail.members) < s.n_articles or listed >= s.n_copies:
        return s.n_copies, 0
    return listed, s.n_copies - listed


def member_kind(role: str, kind: str | None) -> str:
    """What a member is shown as: a copy's own derivation kind, else its role.

    Args:
        role: ``origin``, ``copy``, ``version`` or ``independent`` (:class:`~newstrace.stories.models.Member`).
        kind: the kind of the member's own link as the copy side, ``None`` when it has none.

    Returns:
        The kind; ``sibling`` for a copy with no link of its own (the reference side of its
        sibling pairs: the pair's kind describes the other side, never this one); the role otherwise
        (``version`` for a later version of a member: an update, whatever its link's kind).
    """
    return (kind or "sibling") if role == "copy" else role


def story_graph(detail: StoryDetail, links: Links) -> GraphLayout:
    """The provenance graph of a story: origins -> copies, inferred common sources as dashed nodes.

    Args:
        detail: the story (members in timeline order, copy-tree edges).
        links: where a node points: a copy to its diff against its origin (a sibling with no
            record of its own to the diff of the pair it is the reference of), any other
            article to itself.

    Returns:
        A laid-out :class:`~newstrace.report.graph.GraphLayout`.
    """
    members = {m.article_id: m for m in detail.members}
    best: dict[str, Any] = {}
    real: dict[str, Any] = {}  # copy -> its strongest link to a stored origin
    for e in sorted(detail.edges, key=lambda e: -e.score):
        best.setdefault(e.copy_id, e)
        if not e.inferred_source:
            real.setdefault(e.copy_id, e)
    best.update(real)  # a copy's parent: its stored origin when trace found one, else the inferred source
    # a sibling with no record of its own (the group's reference text) links to the pair it is the reference of
    as_reference: dict[str, Any] = {}
    for e in sorted(detail.edges, key=lambda e: -e.score):
        if e.inferred_source:
            for s in e.sibling_ids:
                as_reference.setdefault(s, e)
    nodes: list[GraphNode] = []
    edges: list[GraphEdge] = []
    inferred: dict[str, GraphNode] = {}
    for m in detail.members:
        edge = best.get(m.article_id)
        role = m.role if m.role in ("origin", "copy", "independent") else "copy"  # a version hangs under its earlier one
        kind = "version" if m.role == "version" else member_kind("copy", edge.kind if edge else m.kind) if role == "copy" else ""
        label = short(source_label(m.outlet, m.url, m.article_id[:12]), LABEL_CHARS)
        what = (f"{kind} copy" if kind not in ("sibling", "version") else KIND_HELP[kind]) if role == "copy" \
            else KIND_HELP.get(role, role)
        title = " — ".join(x for x in (m.headline.strip(), m.outlet or "", m.date or "undated", what) if x)
        if edge:
            href = links.diff(m.article_id, stored_key(edge))
        elif m.article_id in as_reference:
            ref = as_reference[m.article_id]
            href = links.diff(ref.copy_id, stored_key(ref))
        else:
            href = links.article(m.article_id)
        nodes.append(GraphNode(m.article_id, label, title, role, kind, href))
    seen: set[tuple[str, str]] = set()

    def why(e: Any) -> str:
        what = f"later version ({e.kind})" if getattr(e, "versions", False) else e.kind
        return f"{what}, score {e.score:.2f}, coverage {e.coverage:.0%}"

    # every copy's own link first, then the siblings named by others' links: the edge into a sibling
    # carries the kind of its own link when it has one, never the kind of the pair it is the reference of;
    # an update of a page is coloured as a version, not as a copy of its kind
    parts = [(e, e.copy_id, "version" if getattr(e, "versions", False) else e.kind, why(e)) for e in detail.edges]
    parts += [(e, s, "sibling", "sibling copy of the inferred source") for e in detail.edges if e.inferred_source
              for s in e.sibling_ids]  # fmt: skip
    for e, copy, kind, title in parts:
        if e.copy_id not in members or copy not in members:
            continue
        if e.inferred_source:
            # the siblings are copies of the same missing source, unless trace found a stored origin for one:
            # then it hangs under that origin only (one parent edge per copy, as traced)
            if copy not in real and (e.origin_key, copy) not in seen:
                seen.add((e.origin_key, copy))
                edges.append(GraphEdge(e.origin_key, copy, kind, e.score, True, title))
                if e.origin_key not in inferred:
                    inferred[e.origin_key] = GraphNode(e.origin_key, "inferred source",
                                                       KIND_HELP["inferred"] + " (siblings share its text)", "inferred")  # fmt: skip
            continue
        src = e.origin_id or e.origin_key
        if (src, copy) not in seen:
            seen.add((src, copy))
            edges.append(GraphEdge(src, copy, kind, e.score, False, title))
    return layout(list(inferred.values()) + nodes, edges)


def story_timeline(detail: StoryDetail, links: Links) -> Timeline:
    """The timeline of a story: one row per outlet, one dot per member at its date (undated listed apart)."""
    members = {m.article_id: m for m in detail.members}
    dots = []
    source = detail.timeline or [
        _timeline_of_member(m) for m in detail.members
    ]  # fmt: skip
    for p in source:
        m = members.get(p.article_id)
        role = p.kind if p.kind in ("origin", "independent") else "copy"
        kind = "" if role != "copy" else p.kind
        headline = m.headline if m else ""
        title = " — ".join(x for x in (headline.strip(), p.outlet or "", p.date or "undated", kind or role) if x)
        when = parse_when(p.date) if p.date_source != "ingested" else None
        name = source_label(p.outlet, m.url if m else None, "unknown outlet")
        dots.append(Dot(p.article_id, short(name, 30), when, role, kind,
                        title, links.article(p.article_id)))  # fmt: skip
    return timeline(dots)


def _timeline_of_member(m) -> Any:
    from newstrace.stories.models import TimelinePoint

    return TimelinePoint(date=m.date, date_source=m.date_source, outlet=m.outlet, article_id=m.article_id,
                         kind=member_kind(m.role, m.kind))  # fmt: skip


@dataclass
class ArticleBrief:
    """The fields of an article a diff or a list shows.

    Attributes:
        id, headline, outlet (URL host, else stored outlet), url (or input path), published,
        language, text (``None`` unless loaded for a diff).
    """

    id: str
    headline: str = ""
    outlet: str | None = None
    url: str | None = None
    published: str | None = None
    language: str | None = None
    text: str | None = None


@dataclass
class DiffView:
    """A copy beside its origin (or, for siblings of an inferred source, beside a sibling).

    Attributes:
        derivation: the stored link (with changes and aligned pairs).
        origin_key: the link's origin key (an article id or ``inferred:<hash>``).
        origin, copy: the two articles shown (``origin`` is the sibling for an inferred source).
        table: the side-by-side rows.
        anchor: HTML id of the diff panel in the report.
    """

    derivation: Derivation
    origin_key: str
    origin: ArticleBrief
    copy: ArticleBrief
    table: SideBySide
    anchor: str = ""
    change_counts: dict[str, int] = field(default_factory=dict)


def article_briefs(store: Store, ids: list[str], *, text: bool = False) -> dict[str, ArticleBrief]:
    """Briefs of the given articles (unknown ids left out), with their text when ``text``.

    One query for any number of ids (an Arrow table joined in DuckDB).
    """
    ids = sorted({i for i in ids if i})
    if not ids:
        return {}
    cols = "id, headline, outlet, source_url, source_path, published, language" + (", text" if text else "")
    with store.registered_ids("_brief_ids", ids):
        rows = store.query(f"SELECT {cols} FROM articles JOIN _brief_ids USING (id)")
    return {
        r["id"]: ArticleBrief(r["id"], r["headline"] or "", outlet_of(r["outlet"], r["source_url"]),
                              r["source_url"] or r["source_path"], r["published"], r["language"], r.get("text"))
        for r in rows
    }  # fmt: skip


def load_diffs(store: Store, keys: list[tuple[str, str]], links: Links | None = None) -> list[DiffView]:
    """Side-by-side diffs of stored derivation links, loaded in a few queries for any number of links.

    Args:
        store: an open store.
        keys: ``(copy_id, origin_key)`` of each link wanted; links not stored are left out.
        links: used to set each view's ``anchor`` (report panels); optional.

    Returns:
        One :class:`DiffView` per stored link, in the order of ``keys``.
    """
    if not keys:
        return []
    wanted_keys = set(keys)
    with store.registered_ids("_diff_copies", sorted({c for c, _ in keys})):
        # joined on the copy id (a plain hash join), the origin keys filtered here
        # a link's resolved row first: a sibling record the resolved graph reads as a chain step has
        # its origin there only (graph.promoted_siblings); every other pair from the verified pairs
        drows = [r for table in (RESOLVED_TABLE, "derivations")
                 for r in store.query(f"SELECT d.* FROM {table} d JOIN _diff_copies k ON k.id = d.copy_id")
                 if (r["copy_id"], r["origin_key"]) in wanted_keys]  # fmt: skip
        crows = [r for r in store.query("SELECT c.* FROM changes c JOIN _diff_copies k ON k.id = c.copy_id "
                                        "ORDER BY c.copy_id, c.origin_key, c.n") if (r["copy_id"], r["origin_key"]) in wanted_keys]  # fmt: skip
        prows = [r for r in store.query("SELECT p.* FROM alignments p JOIN _diff_copies k ON k.id = p.copy_id "
                                        "ORDER BY p.copy_id, p.origin_key, p.n") if (r["copy_id"], r["origin_key"]) in wanted_keys]  # fmt: skip
    changes: dict[tuple, list] = {}
    pairs: dict[tuple, list] = {}
    for r in crows:
        changes.setdefault((r["copy_id"], r["origin_key"]), []).append(r)
    for r in prows:
        pairs.setdefault((r["copy_id"], r["origin_key"]), []).append(r)
    derivs = {}
    for r in drows:
        key = (r["copy_id"], r["origin_key"])
        if key not in derivs:
            derivs[key] = rec.derivation_from_rows(r, changes.get(key, []), pairs.get(key, []))
    wanted = set()
    for d in derivs.values():
        wanted.add(d.copy_id)
        wanted.add(compared_with(d.origin_id, d.sibling_ids))
    briefs = article_briefs(store, list(wanted), text=True)
    out = []
    for key in keys:
        d = derivs.get(key)
        if d is None:
            continue
        left_id = compared_with(d.origin_id, d.sibling_ids)
        copy = briefs.get(d.copy_id) or ArticleBrief(d.copy_id)
        origin = briefs.get(left_id) or ArticleBrief(left_id or key[1])
        table = side_by_side(
            article_sentence_texts(origin.headline, origin.text),
            article_sentence_texts(copy.headline, copy.text),
            [(p.copy_index, p.origin_index, p.copy_sentence, p.origin_sentence, p.similarity) for p in d.alignment],
        )
        anchor_id = links.diff(*key).lstrip("#") if links is not None else ""
        out.append(DiffView(d, key[1], origin, copy, table, anchor_id, change_counts(d.changes)))
    return out


__all__ = [
    "KINDS", "ROLES", "KIND_HELP", "Links", "ReportLinks", "WebLinks", "anchor", "short", "source_label", "label", "member_kind", "stored_key",
    "record_rank", "alias_sources", "change_counts", "diff_order", "diff_tier", "meaning_inverted_links",
    "SUBSTANCE_CHANGES", "FURNITURE_CHANGES", "SAME_TEXT_KINDS", "MEANING_INVERTED", "changes_by_weight", "copy_count",
    "story_graph", "story_timeline", "ArticleBrief", "DiffView", "article_briefs", "load_diffs",
]  # fmt: skip
