"""Store reads behind the web pages and the JSON API that the stories package does not cover: articles, speakers, outlets, diffs.

Each function takes an open (read-only) :class:`~newstrace.store.Store` and returns pydantic
models, so the API serves them as JSON and documents them in its OpenAPI schema, and the
pages render the same records. Derivation links are those of the resolved graph the store
keeps (:mod:`newstrace.store.resolved`, as ``newstrace trace`` prints it) unless a function
is asked for every verified pair (``all_pairs``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from pydantic import BaseModel, Field

from newstrace.export import compared_with
from newstrace.report.diff import SideBySide
from newstrace.report.views import DiffView, alias_sources, article_briefs, load_diffs, record_rank
from newstrace.provenance.direction import VERSIONS_REASON
from newstrace.schema import Article, Derivation
from newstrace.store import Store
from newstrace.store.resolved import RESOLVED_TABLE, versions_sql
from newstrace.stories.detail import republications, version_copies
from newstrace.stories.keys import outlet_of
from newstrace.stories.models import StoryDetail
from newstrace.stories.query import fold_text, story_of
from newstrace.web.speakers import SpeakerGroup, group_speakers


class ArticleLink(BaseModel):
    """One derivation link of an article, as its page lists it.

    Attributes:
        role: whose record the link is and how it relates to the article: ``copy of`` (the
            article is the copy of a stored origin), ``origin of`` (a copy read against it),
            ``later version of`` (the article is a later version of the same page or file: trace's
            "two versions of one ..." link, :func:`newstrace.provenance.direction.is_versions_record`,
            as ``newstrace show`` says it), ``earlier version of`` (a later version read against it),
            ``sibling of`` (its own record as a copy of an inferred common source missing from
            the store, read against the sibling ``other_id``); the records of the other members
            of its sibling group: ``sibling read against this`` (a sibling's record whose changes
            are read against this article) or ``sibling group member`` (a sibling's record read
            against a third member): their kind and changes are the sibling's, not this article's.
        other_id: the other article: the origin, the copy, or for a sibling record of the article
            the sibling it is read against, for another member's record that member (``None`` for
            an inferred source with no stored sibling).
        other_headline, other_outlet: labels of the other article.
        copy_id, origin_key: the stored link's key (for its diff); ``copy_id`` is whose record it is.
        compared_with_id: the article the record's alignment and changes are read against (the
            origin, or the sibling it was aligned with: :func:`newstrace.export.compared_with`).
        compared_with_outlet: its outlet label.
        own: the article is the record's copy or the side it is read against (its changes concern
            this article); ``False`` for a record of another sibling read against a third member.
        kind, score, coverage: the link's kind, calibrated score and copy coverage.
        change_counts: changes by kind.
        versions: the link joins two versions of one page or file (an update by its publisher, not a copy).
    """

    role: str
    other_id: str | None
    other_headline: str = ""
    other_outlet: str | None = None
    copy_id: str
    origin_key: str
    compared_with_id: str | None = None
    compared_with_outlet: str | None = None
    own: bool = True
    kind: str
    score: float
    coverage: float
    change_counts: dict[str, int] = Field(default_factory=dict)
    versions: bool = False


class Alias(BaseModel):
    """An input record that yielded the article: path, record index, line, URL."""

    path: str | None = None
    format: str | None = None
    record: int | None = None
    line: int | None = None
    url: str | None = None


class ArticlePage(BaseModel):
    """An article with its story and derivation links (``article`` is the full stored record).

    ``identical_sources``: when the article was stored from two or more distinct inputs (URLs, or
    input records without one), those sources: identical texts (one normalised-text hash) stored
    as one article, each a verbatim republication of the others; empty otherwise. One URL saved
    in two files counts once (one page).
    """

    article: Article
    outlet: str | None = None
    story_id: str | None = None
    aliases: list[Alias] = Field(default_factory=list)
    links: list[ArticleLink] = Field(default_factory=list)
    identical_sources: list[str] = Field(default_factory=list)


class SiblingMember(BaseModel):
    """A member of a sibling group: id, input path or URL as ingested, role ``copy`` or ``reference``
    (see :class:`newstrace.export.SiblingGroups`)."""

    id: str
    source: str | None = None
    role: str


class DerivationRecord(Derivation):
    """A Derivation record as ``newstrace trace --json`` writes it: the stored link plus its sibling group's
    fields (:meth:`newstrace.export.SiblingGroups.fields`): ``inferred_source_id``, ``sibling_group``,
    ``compared_with`` (the article the alignment and changes are read against) and its source."""

    inferred_source_id: str | None = None
    sibling_group: list[SiblingMember] = Field(default_factory=list)
    compared_with: str | None = None
    compared_with_source: str | None = None


def derivation_records(store: Store, article_id: str, *, all_pairs: bool = False) -> list[DerivationRecord]:
    """The links where the article is the copy, the origin or a sibling, with the fields of ``trace --json``.

    The sibling groups are computed over the whole links table read (resolved graph, or every
    pair with ``all_pairs``), so ``inferred_source_id`` and each member's role are those
    ``trace --json`` and ``export`` give.

    Args:
        store: an open store (read-only is enough).
        article_id: an exact article id.
        all_pairs: every verified pair instead of the resolved graph.

    Raises:
        StoreError: the store cannot be read.
    """
    from newstrace.export import sibling_groups

    derivs = store.derivations(article_id, resolved=not all_pairs)
    table = "derivations" if all_pairs else RESOLVED_TABLE
    ids = sorted({i for d in derivs if d.origin_id is None for i in (d.copy_id, *d.sibling_ids)})
    links = []
    if ids:  # the group links of those members only: a group is closed under its members' links
        with store.registered_ids("_rec_ids", ids):
            links = [(r["copy_id"], r["origin_id"], list(r["sibling_ids"] or [])) for r in store.query(
                f"SELECT copy_id, origin_id, sibling_ids FROM {table} JOIN _rec_ids ON copy_id = id WHERE origin_id IS NULL")]  # fmt: skip
    groups = sibling_groups(links, store)
    fields = [groups.fields(d.copy_id, d.origin_id, list(d.sibling_ids), d.origin_source) for d in derivs]
    # the inputs of the articles records are read against, looked up once, not once per record
    missing = sorted({f["compared_with"] for f in fields if f["compared_with_source"] is None and f["compared_with"]})
    labels = store.source_labels(missing) if missing else {}
    out = []
    for d, f in zip(derivs, fields):
        if f["compared_with_source"] is None and f["compared_with"]:
            f["compared_with_source"] = labels.get(f["compared_with"])
        out.append(DerivationRecord(**d.model_dump(), **f))
    return out


class SpeakerRow(BaseModel):
    """A person quoted across the store: canonical name, quotes, articles and stories quoting any of their
    written forms, and those other forms with their quote counts (``{"Juan Guaido": 3}``)."""

    name: str
    quotes: int
    articles: int
    stories: int = 0
    variants: dict[str, int] = Field(default_factory=dict)


class SpeakerQuote(BaseModel):
    """One quote of a speaker: wording, cue, where it appears."""

    content: str
    cue: str | None = None
    article_id: str
    headline: str = ""
    outlet: str | None = None
    story_id: str | None = None


class OutletRow(BaseModel):
    """An outlet (URL host, else stored outlet name) with its articles, origins and copies by kind."""

    name: str
    articles: int
    origins: int = 0
    copies: int = 0
    kinds: dict[str, int] = Field(default_factory=dict)


class OutletArticle(BaseModel):
    """An article of an outlet, with its story and how it relates to others; ``republished_url``: the outlet's URL
    of an article it republished verbatim (its input, with exactly the article's text, stored as that article)."""

    article_id: str
    headline: str = ""
    published: str | None = None
    story_id: str | None = None
    role: str = "independent"
    kind: str | None = None
    republished_url: str | None = None


class DiffSegment(BaseModel):
    """A run of words: ``same``, ``del`` (origin only) or ``ins`` (copy only)."""

    text: str
    op: str


class DiffRowOut(BaseModel):
    """A side-by-side row (see :class:`newstrace.report.diff.DiffRow`)."""

    origin_index: int | None
    copy_index: int | None
    origin: list[DiffSegment]
    copy_: list[DiffSegment] = Field(alias="copy")
    similarity: float | None
    status: str

    model_config = {"populate_by_name": True}


class DiffPage(BaseModel):
    """A copy beside its origin: the link (without its raw alignment) and the side-by-side rows."""

    derivation: Derivation
    origin_key: str
    origin_id: str
    copy_id: str
    rows: list[DiffRowOut]
    aligned: int
    changed: int
    omitted: int
    added: int
    rows_left_out: int
    resplit: bool


def article_page(store: Store, article_id: str, *, all_pairs: bool = False) -> ArticlePage | None:
    """An article, its input aliases, story and derivation links; ``None`` when not stored.

    Args:
        store: an open store (read-only is enough).
        article_id: the article's exact id.
        all_pairs: list every verified pair the article is in, not only the links of the
            resolved graph (one origin per copy; a copy of an inferred source listed once,
            beside the member of its sibling group it was aligned with).
    """
    art = store.get_article(article_id)
    if art is None:
        return None
    derivs = _derivation_heads(store, article_id, all_pairs=all_pairs)
    others = {i for d in derivs for i in (d["copy_id"], d["origin_id"], *(d["sibling_ids"] or [])) if i and i != article_id}
    briefs = article_briefs(store, list(others))
    counts: dict[tuple, Counter] = defaultdict(Counter)
    keys = {(d["copy_id"], d["origin_key"]) for d in derivs}
    with store.registered_ids("_page_copies", sorted({c for c, _ in keys})):
        for r in store.query("SELECT c.copy_id, c.origin_key, c.kind FROM changes c JOIN _page_copies p ON c.copy_id = p.id"):
            if (r["copy_id"], r["origin_key"]) in keys:
                counts[(r["copy_id"], r["origin_key"])][r["kind"]] += 1
    links = []
    for d in derivs:
        key = (d["copy_id"], d["origin_key"])
        against = compared_with(d["origin_id"], d["sibling_ids"])
        own = True
        versions = bool(d["versions"]) and d["origin_id"] is not None
        if d["copy_id"] == article_id:
            other, role = against, ("later version of" if versions else "copy of" if d["origin_id"] else "sibling of")
        elif d["origin_id"] == article_id:
            other, role = d["copy_id"], "earlier version of" if versions else "origin of"
        else:  # another sibling's record: its kind and changes are that sibling's
            other = d["copy_id"]
            role = "sibling read against this" if against == article_id else "sibling group member"
            own = against == article_id
        b = briefs.get(other) if other else None
        cb = briefs.get(against) if against else None
        links.append(ArticleLink(role=role, other_id=other, other_headline=b.headline if b else "",
                                 other_outlet=b.outlet if b else None, copy_id=d["copy_id"], origin_key=d["origin_key"],
                                 compared_with_id=against, compared_with_outlet=cb.outlet if cb else None, own=own,
                                 kind=d["kind"], score=d["score"], coverage=d["copy_coverage"],
                                 change_counts=dict(counts.get(key, {})), versions=versions))  # fmt: skip
    # the article's own records first, then records read against it, then the rest of its sibling groups
    links.sort(key=lambda l: record_rank(article_id, l.copy_id, l.compared_with_id))
    aliases = [Alias(path=a["path"], format=a["format"], record=a["record"], line=a["line"], url=a["url"])
               for a in store.aliases(article_id)]  # fmt: skip
    return ArticlePage(article=art, outlet=outlet_of(art.outlet, art.source.url), story_id=story_of(store, article_id),
                       aliases=aliases, links=links, identical_sources=identical_sources(aliases))  # fmt: skip


def identical_sources(aliases: list[Alias]) -> list[str]:
    """The distinct sources of an article's aliases when there are two or more (identical texts stored as one
    article), as ``newstrace show`` lists them (:func:`newstrace.report.views.alias_sources`: URL, else the
    record's location, "feed.jsonl:17"); ``[]`` for one source (one URL saved twice is one source)."""
    seen = [where for where, _ in alias_sources([a.model_dump() for a in aliases])]
    return seen if len(seen) > 1 else []


def story_or_matches(store: Store, story_id: str, *, max_articles: int,
                     max_members: int | None) -> tuple[StoryDetail | None, list[str]]:
    """A story by its full id, or, when there is none, the story ids ``story_id`` starts (a prefix, as
    ``newstrace stories S5b66`` takes it): the API names them in its 404, a page redirects to the only one.

    Args:
        store: an open store (read-only is enough).
        story_id: the id as requested.
        max_articles, max_members: as :func:`newstrace.stories.story_detail` takes them.

    Returns:
        ``(detail, [])`` for a stored story; ``(None, matching ids in sorted order)`` otherwise
        (:func:`newstrace.stories.find_stories`; none when nothing matches).
    """
    from newstrace.stories import find_stories, story_detail

    detail = story_detail(store, story_id, max_articles=max_articles, max_members=max_members)
    return detail, (find_stories(store, story_id) if detail is None else [])


def article_matches(store: Store, article_id: str) -> list[str]:
    """Stored article ids that ``article_id`` names as a prefix (4+ characters), path or URL (:meth:`Store.resolve`):
    what the API names in its 404 and what a page redirects to when it is one."""
    return store.resolve(article_id) if len(article_id) >= 4 else []


def _derivation_heads(store: Store, article_id: str, *, all_pairs: bool = False) -> list[dict[str, Any]]:
    """Stored links where the article is the copy, the origin or a sibling (no alignment loaded): those of the
    resolved graph, or every verified pair."""
    table = "derivations" if all_pairs else RESOLVED_TABLE
    return store.query(f"SELECT copy_id, origin_key, origin_id, kind, score, copy_coverage, sibling_ids, "
                       f"{versions_sql()} AS versions FROM {table} "
                       "WHERE copy_id = ? OR origin_id = ? OR list_contains(sibling_ids, ?) ORDER BY score DESC, copy_id",
                       [VERSIONS_REASON, article_id, article_id, article_id])  # fmt: skip


def find_diff(store: Store, copy_id: str, origin_key: str) -> DiffView | None:
    """The side-by-side diff of a stored link; ``None`` when no such link is stored.

    Any stored pair has its diff, in the resolved graph or not (``?all_pairs=true`` lists
    them all). An ``inferred:`` key that is not stored as such (the stories package names an
    inferred source after its whole sibling group) falls back to the copy's sibling link in
    the resolved graph, else to its best-scored stored one.
    """
    views = load_diffs(store, [(copy_id, origin_key)])
    if views or not origin_key.startswith("inferred:"):
        return views[0] if views else None
    rows = store.query(f"SELECT origin_key FROM (SELECT origin_key, score, 0 AS pref FROM {RESOLVED_TABLE} WHERE copy_id = ? "
                       "AND origin_id IS NULL UNION ALL SELECT origin_key, score, 1 AS pref FROM derivations WHERE copy_id = ? "
                       "AND origin_id IS NULL) ORDER BY pref, score DESC, origin_key LIMIT 1", [copy_id, copy_id])  # fmt: skip
    return load_diffs(store, [(copy_id, rows[0]["origin_key"])])[0] if rows else None


def diff_page(view: DiffView) -> DiffPage:
    """The JSON form of a diff (the raw alignment is dropped: the rows carry it)."""
    t: SideBySide = view.table
    rows = [DiffRowOut(origin_index=r.origin_index, copy_index=r.copy_index,
                       origin=[DiffSegment(text=s.text, op=s.op) for s in r.origin],
                       copy=[DiffSegment(text=s.text, op=s.op) for s in r.copy],
                       similarity=r.similarity, status=r.status) for r in t.rows]  # fmt: skip
    d = view.derivation.model_copy(update={"alignment": []})
    return DiffPage(derivation=d, origin_key=view.origin_key, origin_id=view.origin.id, copy_id=view.copy.id, rows=rows,
                    aligned=t.aligned, changed=t.changed, omitted=t.omitted, added=t.added,
                    rows_left_out=t.rows_left_out, resplit=t.resplit)  # fmt: skip


def speaker_groups(store: Store) -> list[SpeakerGroup]:
    """Every named speaker in the store, the written forms of one person grouped (:mod:`newstrace.web.speakers`);
    quotes of unnamed speakers left out; most quoted first."""
    named = "q.speaker IS NOT NULL AND NOT coalesce(q.speaker_is_unnamed, false) AND length(trim(q.speaker)) > 0"
    rows = store.query(f"""
        SELECT q.speaker AS speaker, q.article_id AS article_id, s.story_id AS story_id, count(*) AS quotes
        FROM quotes q LEFT JOIN story_articles s ON s.article_id = q.article_id
        WHERE {named} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3""")  # fmt: skip
    persons: dict[str, set[str]] = defaultdict(set)
    # full names a lone-word speaker's story (or article) gives as person entities
    for r in store.query(f"""
        WITH scopes AS (SELECT DISTINCT coalesce(s.story_id, 'article:' || q.article_id) AS scope
                        FROM quotes q LEFT JOIN story_articles s ON s.article_id = q.article_id
                        WHERE {named} AND NOT contains(trim(q.speaker), ' '))
        SELECT DISTINCT coalesce(s.story_id, 'article:' || e.article_id) AS scope, e.canonical AS name
        FROM entities e LEFT JOIN story_articles s ON s.article_id = e.article_id
        WHERE e.label = 'PERSON' AND contains(e.canonical, ' ')
          AND coalesce(s.story_id, 'article:' || e.article_id) IN (SELECT scope FROM scopes)"""):  # fmt: skip
        persons[r["scope"]].add(r["name"])
    return group_speakers(rows, persons)


def speakers(store: Store) -> list[SpeakerRow]:
    """Every named person quoted in the store, variants of a name under one canonical name, most quoted first."""
    return [SpeakerRow(name=g.name, quotes=g.quotes, articles=len(g.articles), stories=len(g.stories),
                       variants={f: n for f, n in sorted(g.forms.items(), key=lambda x: (-x[1], x[0])) if f != g.name})
            for g in speaker_groups(store)]  # fmt: skip


def filter_speakers(rows: list[SpeakerRow], q: str | None) -> list[SpeakerRow]:
    """Speakers whose name or a variant contains ``q`` (case- and accent-insensitive); all when ``q`` is empty."""
    if not q:
        return rows
    needle = fold_text(q)
    return [r for r in rows if any(needle in fold_text(n) for n in (r.name, *r.variants))]


def speaker_quotes(store: Store, name: str, limit: int = 500, group: SpeakerGroup | None = None) -> list[SpeakerQuote]:
    """Quotes of one speaker in ingestion order (at most ``limit``): attributed to exactly ``name``, or, with
    ``group`` (from :func:`speaker_groups`), to any of the group's forms in the articles where it stands for them."""
    forms = sorted({f for f, _ in group.members}) if group is not None else [name]
    rows = store.query("""
        SELECT q.speaker, q.content, q.cue, q.article_id, a.headline, a.outlet, a.source_url, s.story_id
        FROM quotes q JOIN articles a ON a.id = q.article_id LEFT JOIN story_articles s ON s.article_id = q.article_id
        WHERE list_contains(?, q.speaker) AND NOT coalesce(q.speaker_is_unnamed, false)
        ORDER BY a.seq, q.n""", [forms])  # fmt: skip
    if group is not None:
        rows = [r for r in rows if (r["speaker"], r["article_id"]) in group.members]
    return [SpeakerQuote(content=r["content"], cue=r["cue"], article_id=r["article_id"], headline=r["headline"] or "",
                         outlet=outlet_of(r["outlet"], r["source_url"]), story_id=r["story_id"])
            for r in rows[: max(0, int(limit))]]  # fmt: skip


def speaker_group(groups: list[SpeakerGroup], name: str) -> SpeakerGroup | None:
    """The group whose canonical name is ``name``, or ``None``."""
    return next((g for g in groups if g.name == name), None)


def outlet_table(store: Store) -> tuple[list[OutletRow], dict[str, list[str]]]:
    """Every outlet with its counts, most articles first, and each outlet's article ids in ingestion order.

    An outlet whose input had exactly another outlet's article text (stored as that article, with an
    alias: :func:`newstrace.stories.detail.republications`) lists that article as a verbatim copy.
    """
    arts = store.query("SELECT id, outlet, source_url FROM articles ORDER BY seq")
    republished = republications(store, [r["article_id"] for r in store.query(
        "SELECT DISTINCT x.article_id FROM aliases x JOIN articles a ON a.id = x.article_id "
        "WHERE x.url IS NOT NULL AND x.url IS DISTINCT FROM a.source_url")])  # fmt: skip
    copies = {r["copy_id"]: r["kind"] for r in store.query(
        f"SELECT copy_id, arg_max(kind, score) AS kind FROM {RESOLVED_TABLE} GROUP BY copy_id")}  # fmt: skip
    origins = {r["origin_id"] for r in store.query(f"SELECT DISTINCT origin_id FROM {RESOLVED_TABLE} WHERE origin_id IS NOT NULL")}
    ids: dict[str, list[str]] = defaultdict(list)
    acc: dict[str, dict[str, Any]] = {}
    for a in arts:
        aid, outlet, url = a["id"], a["outlet"], a["source_url"]
        name = outlet_of(outlet, url) or "(unknown)"
        ids[name].append(aid)
        e = acc.setdefault(name, {"articles": 0, "origins": 0, "copies": 0, "kinds": Counter()})
        e["articles"] += 1
        if aid in copies:
            e["copies"] += 1
            e["kinds"][copies[aid]] += 1
        elif aid in origins:
            e["origins"] += 1
        for r in republished.get(aid, []):
            ids[r.outlet].append(aid)
            e = acc.setdefault(r.outlet, {"articles": 0, "origins": 0, "copies": 0, "kinds": Counter()})
            e["articles"] += 1
            e["copies"] += 1
            e["kinds"]["verbatim"] += 1
    rows = [OutletRow(name=k, articles=v["articles"], origins=v["origins"], copies=v["copies"], kinds=dict(v["kinds"]))
            for k, v in acc.items()]  # fmt: skip
    rows.sort(key=lambda r: (-r.articles, r.name))
    return rows, dict(ids)


def outlet_articles(store: Store, ids: list[str], outlet: str | None = None) -> list[OutletArticle]:
    """Rows for an outlet page: the given articles with their story and role (copy with its kind, version, origin,
    independent), the roles of ``newstrace stories``.

    Args:
        store: an open store (read-only is enough).
        ids: article ids.
        outlet: the outlet whose page it is; an article it only republished (its input had exactly the
            text of another outlet's article, stored as that article) is a ``copy`` of kind ``verbatim``
            there, with ``republished_url`` its URL at that outlet.
    """
    if not ids:
        return []
    republished = {i: r for i, rs in republications(store, ids).items() for r in rs if r.outlet == outlet} if outlet else {}
    briefs = article_briefs(store, ids)
    with store.registered_ids("_outlet_ids", ids):
        stories = {r["article_id"]: r["story_id"] for r in store.query(
            "SELECT article_id, story_id FROM story_articles JOIN _outlet_ids ON article_id = id")}  # fmt: skip
        kinds = {r["copy_id"]: r["kind"] for r in store.query(
            f"SELECT copy_id, arg_max(kind, score) AS kind FROM {RESOLVED_TABLE} JOIN _outlet_ids ON copy_id = id GROUP BY copy_id")}  # fmt: skip
        origins = {r["origin_id"] for r in store.query(
            f"SELECT DISTINCT origin_id FROM {RESOLVED_TABLE} JOIN _outlet_ids ON origin_id = id")}  # fmt: skip
    versions = version_copies(store, ids)  # a later version of a page is its publisher's update, as stories says
    out = []
    for i in ids:
        b = briefs.get(i)
        role = ("version" if i in versions else "copy") if i in kinds else "origin" if i in origins else "independent"
        rep = republished.get(i)
        out.append(OutletArticle(article_id=i, headline=b.headline if b else "",
                                 published=rep.date if rep else b.published if b else None, story_id=stories.get(i),
                                 role="copy" if rep else role, kind="verbatim" if rep else kinds.get(i),
                                 republished_url=rep.url if rep else None))  # fmt: skip
    return out


__all__ = [
    "ArticleLink", "Alias", "ArticlePage", "SpeakerRow", "SpeakerQuote", "OutletRow", "OutletArticle", "DiffSegment",
    "DiffRowOut", "DiffPage", "SiblingMember", "DerivationRecord", "article_page", "derivation_records", "identical_sources", "story_or_matches", "article_matches", "find_diff", "diff_page", "speakers", "filter_speakers",
    "speaker_quotes", "speaker_groups", "speaker_group", "outlet_table", "outlet_articles",
]  # fmt: skip
