"""One story in full: members with roles and dates, the copy tree, same-event links, the timeline, and the variants.

:func:`story_detail` is what a report or web page of one story calls. It reads the store only
(a read-only store is enough), one query per table, and its costly part is bounded by what
a page shows rather than by the story's size (a wire story can have thousands of copies):

- members, copy links and the timeline are one light row per member (copy links with their
  change counts); records are built for at most ``max_members`` members (origins first,
  then in timeline order) and the links and timeline points among them;
- quotes, claims and entities, and the changes and aligned sentence pairs that pair their
  variants, are loaded only for the ``max_articles`` members compared.

Copy links are those of the resolved graph the store keeps (:mod:`newstrace.store.resolved`,
as ``newstrace trace`` prints it): one origin per copy, and one sibling record per copy of an
inferred source, whose ``sibling_ids`` is its whole group (the pair it was aligned with first).
A member whose own link joins it to an earlier version of the same page or file (trace's
"two versions of one" reason, :func:`newstrace.provenance.direction.is_versions_record`: an
update, not a copy) has the role ``version``.
"""

from __future__ import annotations

import re
from typing import Any

from newstrace.provenance.direction import VERSIONS_REASON
from newstrace.schema import Article, Derivation
from newstrace.store import Store
from newstrace.store import records as rec
from newstrace.store.resolved import RESOLVED_TABLE, versions_sql
from newstrace.stories import db
from newstrace.stories.keys import outlet_of
from newstrace.stories.models import EventLink, Member, Republication, StoryDetail, TimelinePoint, TreeEdge
from newstrace.stories.query import collapse_inferred, date_text, get_story
from newstrace.stories.variants import StoryText, group_claims, group_names, group_quotes, speakers_of

#: Articles whose quotes, claims and names are compared in one story detail (earliest first).
MAX_ARTICLES = 500
#: Child tables of an article that the variant comparison reads (the rest are not loaded).
_VARIANT_TABLES = ("entities", "quotes", "claims")
#: Derivation columns read for every member link (the copy tree); the variant comparison needs no more.
_LINK_COLUMNS = ("copy_id", "origin_key", "origin_id", "kind", "score", "copy_coverage", "origin_coverage",
                 "inferred_source", "sibling_ids")  # fmt: skip
#: Whether a link joins two versions of one page or file: its first direction reason is trace's
#: (:data:`~newstrace.provenance.direction.VERSIONS_REASON`), as the resolved graph reads it.
_VERSIONS_COLUMN = f"{versions_sql('d.')} AS versions"
_NETLOC = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*")


def republications(store: Store, ids: list[str]) -> dict[str, list[Republication]]:
    """Verbatim republications of articles: their aliases (inputs of exactly the same text) at another outlet.

    One text ingested from several URLs is stored once, with an alias per input
    (:meth:`newstrace.store.Store.aliases`); an alias whose outlet (:func:`~newstrace.stories.keys.outlet_of`
    of its URL) is not the article's own is another outlet's republication of it, which outlet lists and
    timelines should show (a rights-team tester: FreightWeek's identical copy of a Reuters story was
    missing from them).

    Args:
        store: an open store (read-only is enough).
        ids: article ids.

    Returns:
        article id -> its republications, one per outlet (the first ingested), by date then outlet;
        articles without one are left out.
    """
    if not ids:
        return {}
    out: dict[str, list[Republication]] = {}
    with db.registered_ids(store, "_r", ids):
        rows = db.tuples(store, """
            SELECT x.article_id, x.url, coalesce(x.published, x.captured) AS day,
                   CASE WHEN x.published IS NULL THEN 'captured' ELSE 'published' END AS src, a.outlet, a.source_url
            FROM aliases x JOIN _r ON x.article_id = _r.id JOIN articles a ON a.id = x.article_id
            WHERE x.url IS NOT NULL ORDER BY x.article_id, x.seq, x.input_key, x.record""")  # fmt: skip
    for aid, url, day, source, own_outlet, own_url in rows:
        outlet = outlet_of(None, url)
        if not outlet or outlet == outlet_of(own_outlet, own_url):
            continue
        reps = out.setdefault(aid, [])
        if all(r.outlet != outlet for r in reps):
            date = _iso_day(day)
            reps.append(Republication(outlet=outlet, url=url, date=date, date_source=source if date else None))
    for reps in out.values():
        reps.sort(key=lambda r: (r.date is None, r.date or "", r.outlet))
    return out


def _iso_day(value: str | None) -> str | None:
    """The ISO day at the start of a stored date or timestamp ("2026-03-14T22:15" -> "2026-03-14"), else ``None``."""
    return value[:10] if value and re.match(r"\d{4}-\d{2}-\d{2}", value) else None


def version_copies(store: Store, ids: list[str]) -> set[str]:
    """Those of ``ids`` that are a later version of another stored article (role ``version``, not ``copy``).

    An article is one when its strongest record as the copy in the resolved graph is trace's
    "two versions of one ..." link (:func:`newstrace.provenance.direction.is_versions_record`), as
    :func:`story_detail` reads a member's role; ``export``'s ``story_members`` and the web app's
    outlet pages use it so that they say ``version`` where ``stories`` does.

    Args:
        store: an open store (read-only is enough).
        ids: article ids.

    Returns:
        The later versions among ``ids``.
    """
    if not ids:
        return set()
    with db.registered_ids(store, "_v", ids):
        return {r[0] for r in db.tuples(store, f"""
            SELECT d.copy_id, arg_max({versions_sql('d.')}, d.score) AS v
            FROM {RESOLVED_TABLE} d JOIN _v ON d.copy_id = _v.id GROUP BY d.copy_id""", [VERSIONS_REASON]) if r[1]}


def member_derivations(store: Store, ids: list[str], keys: set[tuple[str, str]] | None = None, *,
                       resolved: bool = True) -> list[Derivation]:  # fmt: skip
    """Stored derivations whose copy is one of ``ids``, with their changes and aligned pairs.

    Args:
        store: an open store (read-only is enough).
        ids: copy article ids.
        keys: if given, only the derivations whose ``(copy_id, origin_key)`` is in it.
        resolved: links of the resolved graph (default), or every verified pair (``False``).

    Returns:
        :class:`~newstrace.schema.Derivation` records ordered by copy id and origin key; one
        query per table (``derivations``, ``changes``, ``alignments``) for any number of ids.
    """
    if not ids:
        return []
    with db.registered_ids(store, "_m", ids):
        table = RESOLVED_TABLE if resolved else "derivations"
        rows = db.rows(store, f"SELECT d.* FROM {table} d JOIN _m ON d.copy_id = _m.id ORDER BY d.copy_id, d.origin_key")
        changes = _children(store, "changes", keys)
        pairs = _children(store, "alignments", keys)
    return [
        rec.derivation_from_rows(r, changes.get((r["copy_id"], r["origin_key"]), []),
                                 pairs.get((r["copy_id"], r["origin_key"]), []))
        for r in rows if keys is None or (r["copy_id"], r["origin_key"]) in keys
    ]  # fmt: skip


def _children(store: Store, table: str, keys: set[tuple[str, str]] | None, ids: str = "_m") -> dict[tuple[str, str], list[dict]]:
    """Rows of ``changes`` or ``alignments`` of the copies registered as ``ids`` (only ``keys`` when given), by link."""
    out: dict[tuple[str, str], list[dict]] = {}
    for r in db.rows(store, f"SELECT c.* FROM {table} c JOIN {ids} ON c.copy_id = {ids}.id ORDER BY c.copy_id, c.origin_key, c.n"):
        k = (r["copy_id"], r["origin_key"])
        if keys is None or k in keys:
            out.setdefault(k, []).append(r)
    return out


def _outlets(info: dict[str, tuple]) -> dict[str, str | None]:
    """Article id -> :func:`outlet_of` its (outlet, URL) (``info`` rows: outlet at 5, URL at 3); computed once
    per stored outlet and URL scheme and host, which is all the host depends on."""
    cache: dict[tuple, str | None] = {}
    out: dict[str, str | None] = {}
    for i, r in info.items():
        outlet, url = r[5], r[3]
        m = _NETLOC.match(url) if url else None
        if m is None:
            out[i] = outlet_of(outlet, url)
            continue
        key = (outlet, m.group(0))
        if key not in cache:
            cache[key] = outlet_of(outlet, m.group(0))
        out[i] = cache[key]
    return out


def _variant_articles(store: Store, ids: list[str]) -> list[Article]:
    """The articles ``ids`` with what the variant comparison reads: headline, text, byline, entities, quotes,
    claims (no raw text, repairs, residue or errors); one query per table."""
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))  # an IN list of parameters is looked up in the primary-key index
    rows = db.rows(store, f"SELECT a.* EXCLUDE (raw_text) FROM articles a WHERE a.id IN ({marks})", ids)
    kids: dict[str, dict[str, list]] = {}
    with db.registered_ids(store, "_va", ids):
        for table in _VARIANT_TABLES:
            for r in db.rows(store, f"SELECT c.* FROM {table} c JOIN _va ON c.article_id = _va.id "
                                    "ORDER BY c.article_id, c.n"):  # fmt: skip
                kids.setdefault(r["article_id"], {}).setdefault(table, []).append(r)
    return [rec.article_from_rows(r, kids.get(r["id"], {}), []) for r in rows]


def _member_kind(role: str, own: dict[str, Any] | None) -> str | None:
    """:attr:`Member.kind`: a copy's (or later version's) own strongest link's kind, ``"sibling"`` for a copy with
    no link of its own (the reference side of its sibling group; the report's ``member_kind`` shows the same),
    else ``None``."""
    if role not in ("copy", "version"):
        return None
    return own["kind"] if own is not None else "sibling"


def _first_members(ordered: list[str], best: dict[str, dict], members: set[str], cap: int) -> set[str]:
    """The first ``cap`` members in timeline order, each preceded by its chain of stored origins (the origin
    of its strongest link, and so on), so that a copy is never listed without the article it copies."""
    out: dict[str, None] = {}
    for i in ordered:
        if len(out) >= cap:
            break
        chain, x = [], i
        while x is not None and x not in out and x not in chain:
            chain.append(x)
            d = best.get(x)
            x = d["origin_id"] if d is not None and d["origin_id"] in members else None
        for y in reversed(chain[-(cap - len(out)) :]):
            out[y] = None
    return set(out)


def story_detail(store: Store, story_id: str, *, max_articles: int = MAX_ARTICLES,
                 max_members: int | None = None) -> StoryDetail | None:  # fmt: skip
    """Everything about one story.

    Args:
        store: an open store (read-only is enough) on which ``update_stories`` has run.
        story_id: the story's id (:attr:`Story.id`).
        max_articles: at most this many members (origins first, then in timeline order) have
            their quotes, claims and names compared; only the copy links among them have their
            changes and aligned pairs loaded.
        max_members: at most this many members are listed in ``members`` (the earliest, each
            preceded by the stored origins it copies, so copy trees are whole from their root),
            ``timeline`` and, as copies, in ``edges``, and ``event_links`` are the strongest
            ``max_members`` among them; ``None`` lists them all. The story's
            summary (``story``) always counts the whole story, so
            ``len(members) < story.n_articles`` tells that the list was cut.

    Returns:
        A :class:`StoryDetail`, or ``None`` when no such story is stored.
    """
    story = get_story(store, story_id)
    if story is None:
        return None
    ids = story.article_ids
    member_set = set(ids)
    with db.registered_ids(store, "_m", ids):
        info = {r[0]: r for r in db.tuples(store, """
            SELECT a.id, a.seq, a.headline, a.source_url, a.source_path, a.outlet, a.language, a.byline, a.credit,
                   s.date_lo, s.date_hi, s.date_source, strftime(a.ingested_at, '%Y-%m-%d') AS ingested
            FROM articles a JOIN _m ON a.id = _m.id JOIN story_articles s ON s.article_id = a.id""")}  # fmt: skip
        links = [dict(zip((*_LINK_COLUMNS, "versions"), r)) for r in db.tuples(
            store, f"SELECT {', '.join('d.' + c for c in _LINK_COLUMNS)}, {_VERSIONS_COLUMN} FROM {RESOLVED_TABLE} d "
                   "JOIN _m ON d.copy_id = _m.id ORDER BY d.copy_id, d.origin_key", [VERSIONS_REASON])]  # fmt: skip
        if max_members is None:
            event = db.rows(store, "SELECT l.* FROM story_links l JOIN _m x ON l.a = x.id JOIN _m y ON l.b = y.id "
                            "ORDER BY l.score DESC, l.a, l.b")  # fmt: skip
    for r in links:
        r["sibling_ids"] = list(r["sibling_ids"] or [])
    links = [r for r in links if r["origin_id"] in member_set or (r["origin_id"] is None and set(r["sibling_ids"]) & member_set)]
    inferred = collapse_inferred([(d["copy_id"], d["origin_id"], d["sibling_ids"]) for d in links])
    best: dict[str, dict[str, Any]] = {}  # each copy's strongest link (a sibling is a copy of the inferred source too)
    for d in links:
        for c in [d["copy_id"], *(d["sibling_ids"] if d["origin_id"] is None else [])]:
            if c in member_set and (c not in best or d["score"] > best[c]["score"]):
                best[c] = d
    own: dict[str, dict[str, Any]] = {}  # each copy's strongest link as the copy side: its kind, never a sibling's
    for d in links:
        if d["copy_id"] not in own or d["score"] > own[d["copy_id"]]["score"]:
            own[d["copy_id"]] = d
    origins = {d["origin_id"] for d in links if d["origin_id"]}
    outlets = _outlets(info)

    def role(i: str) -> str:
        # a later version of a page or file: its own link is the update from the earlier version, not a copy
        if i in best:
            return "version" if i in own and own[i]["versions"] else "copy"
        return "origin" if i in origins else "independent"

    def day(i: str) -> tuple[str | None, str | None]:
        """ISO day, or ISO month ("2019-02") when only a month is known (a URL's /2019/02/)."""
        date_lo, date_hi, source, ingested = info[i][9:13]
        if not date_lo:
            return ingested, "ingested"
        return date_text(date_lo, date_hi), source

    days = {i: day(i) for i in ids}
    # timeline order: dated members by day, then undated ones; ingestion order breaks ties
    ordered = sorted(ids, key=lambda i: (days[i][1] == "ingested", days[i][0] or "", info[i][1]))
    order = {i: n for n, i in enumerate(ordered)}
    # reference wordings come from origins first, then in timeline order; so do the members kept
    rank = {i: (0 if role(i) == "origin" else 1) * len(ids) + order[i] for i in ids}
    by_rank = sorted(ids, key=lambda i: rank[i])
    listed = set(ids) if max_members is None else _first_members(ordered, best, member_set, max(1, max_members))
    reps = republications(store, sorted(listed))
    members = []
    for i in ordered:
        if i in listed:
            r, (date, source) = info[i], days[i]
            members.append(Member(article_id=i, headline=r[2] or "", url=r[3] or r[4], outlet=outlets[i], language=r[6],
                                  byline=list(r[7] or []), credit=r[8], date=date, date_source=source, role=role(i),
                                  kind=_member_kind(role(i), own.get(i)), republished=reps.get(i, [])))  # fmt: skip
    analysed = by_rank[:max_articles]
    keep = set(analysed)
    # changes and aligned pairs only for the links among the compared articles; change counts for those listed
    compared = [d for d in links if d["copy_id"] in keep and
                ((d["origin_id"] in keep) or (d["origin_id"] is None and set(d["sibling_ids"]) & keep))]  # fmt: skip
    keys = {(d["copy_id"], d["origin_key"]) for d in compared}
    compared_copies = {c for c, _ in keys}
    counts: dict[tuple[str, str], dict[str, int]] = {}
    changes: dict[tuple[str, str], list[dict]] = {}
    pairs: dict[tuple[str, str], list[dict]] = {}
    with db.registered_ids(store, "_m", sorted(listed | compared_copies)), db.registered_ids(store, "_c", sorted(compared_copies)):
        # one scan of the changes: texts only for the links compared
        for r in db.rows(store, "SELECT c.copy_id, c.origin_key, c.n, c.kind, " + ", ".join(
                f"CASE WHEN k.id IS NULL THEN NULL ELSE c.{t} END AS {t}" for t in ("origin_text", "copy_text", "detail")) +
                " FROM changes c JOIN _m ON c.copy_id = _m.id LEFT JOIN _c k ON c.copy_id = k.id "
                "ORDER BY c.copy_id, c.origin_key, c.n"):  # fmt: skip
            key = (r["copy_id"], r["origin_key"])
            kinds = counts.setdefault(key, {})
            kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
            if key in keys:
                changes.setdefault(key, []).append(r)
        if keys:
            pairs = _children(store, "alignments", keys, "_c")
    edges = [
        TreeEdge(copy_id=d["copy_id"], origin_key=d["origin_id"] or inferred.get(d["copy_id"], "inferred:"),
                 origin_id=d["origin_id"], kind=d["kind"], score=round(d["score"], 4), coverage=round(d["copy_coverage"], 4),
                 inferred_source=d["origin_id"] is None, sibling_ids=list(d["sibling_ids"]),
                 change_counts=dict(counts.get((d["copy_id"], d["origin_key"]), {})),
                 link_key=d["origin_key"] if d["origin_id"] and d["origin_key"] != d["origin_id"] else None,
                 versions=bool(d["versions"]))
        for d in links if d["copy_id"] in listed
    ]  # fmt: skip
    timeline = [TimelinePoint(date=m.date, date_source=m.date_source, outlet=m.outlet, article_id=m.article_id,
                              kind=m.kind if m.role == "copy" and m.kind else m.role) for m in members]  # fmt: skip
    # another outlet's identical text is a verbatim republication of the member, at that outlet
    timeline += [TimelinePoint(date=r.date or m.date, date_source=r.date_source if r.date else m.date_source, outlet=r.outlet,
                               article_id=m.article_id, kind="verbatim") for m in members for r in m.republished]  # fmt: skip
    timeline.sort(key=lambda p: (p.date_source == "ingested", p.date is None, p.date or ""))  # stable: members' order kept
    if max_members is not None:  # the strongest same-event links among the members listed
        with db.registered_ids(store, "_l", sorted(listed)):
            event = db.rows(store, "SELECT l.* FROM story_links l JOIN _l x ON l.a = x.id JOIN _l y ON l.b = y.id "
                            f"ORDER BY l.score DESC, l.a, l.b LIMIT {int(max_members)}")  # fmt: skip
    derivs = [rec.derivation_from_rows(d, changes.get(k, []), pairs.get(k, []))
              for d in compared for k in [(d["copy_id"], d["origin_key"])]]  # fmt: skip
    arts = sorted(_variant_articles(store, analysed), key=lambda a: rank[a.id])
    st = StoryText(articles=arts, outlets=outlets, rank=rank, derivations=derivs)
    names = group_names(st)
    quotes = group_quotes(st, names)
    return StoryDetail(
        story=story,
        members=members,
        edges=edges,
        event_links=[EventLink(a=r["a"], b=r["b"], score=r["score"], gap_days=r["gap_days"], keys=list(r["keys"] or []))
                     for r in event],  # fmt: skip
        timeline=timeline,
        speakers=speakers_of(quotes, names),
        quotes=quotes,
        claims=group_claims(st),
        names=[g for g in names.groups if len(g.variants) > 1],
        analysed_articles=len(analysed),
    )


__all__ = ["MAX_ARTICLES", "member_derivations", "story_detail"]
