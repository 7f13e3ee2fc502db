"""One story in full: members with roles and dates, the copy tree, same-event links, the timeline, and the variants.

:func:`story_detail` is what a report or web page of one story calls. It reads the store only
(a read-only store is enough) and loads the member articles with their quotes, claims and
entities, so its cost grows with the story, not with the store.
"""

from __future__ import annotations

from collections import Counter

from newstrace.schema import Derivation
from newstrace.store import Store
from newstrace.store import records as rec
from newstrace.stories import db
from newstrace.stories.keys import outlet_of
from newstrace.stories.models import EventLink, Member, StoryDetail, TimelinePoint, TreeEdge
from newstrace.stories.query import collapse_inferred, get_story
from newstrace.stories.variants import StoryText, group_claims, group_names, group_quotes, speakers_of

#: Articles whose quotes, claims and names are compared in one story detail (earliest first).
MAX_ARTICLES = 500


def member_derivations(store: Store, ids: list[str]) -> list[Derivation]:
    """Stored derivations whose copy is one of ``ids``, with their changes and aligned pairs."""
    if not ids:
        return []
    with db.registered_ids(store, "_m", ids):
        rows = db.rows(store, "SELECT d.* FROM derivations d JOIN _m ON d.copy_id = _m.id ORDER BY d.copy_id, d.origin_key")
        kids: dict[str, dict[tuple, list]] = {"changes": {}, "alignments": {}}
        for table, into in kids.items():
            for r in db.rows(store, f"SELECT c.* FROM {table} c JOIN _m ON c.copy_id = _m.id "
                             "ORDER BY c.copy_id, c.origin_key, c.n"):  # fmt: skip
                into.setdefault((r["copy_id"], r["origin_key"]), []).append(r)
    return [
        rec.derivation_from_rows(r, kids["changes"].get((r["copy_id"], r["origin_key"]), []),
                                 kids["alignments"].get((r["copy_id"], r["origin_key"]), []))
        for r in rows
    ]  # fmt: skip


def story_detail(store: Store, story_id: str, *, max_articles: int = MAX_ARTICLES) -> StoryDetail | None:
    """Everything about one story.

    Args:
        store: an open store (read-only is enough) on which ``update_stories`` has run.
        story_id: the story's id (:attr:`Story.id`).
        max_articles: at most this many members (earliest first) have their quotes, claims and
            names compared; members, tree and timeline always cover the whole story.

    Returns:
        A :class:`StoryDetail`, or ``None`` when no such story is stored.
    """
    story = get_story(store, story_id)
    if story is None:
        return None
    ids = story.article_ids
    with db.registered_ids(store, "_m", ids):
        info = {r["id"]: r for r in db.rows(store, """
            SELECT a.id, a.seq, a.headline, a.source_url, a.source_path, a.outlet, a.language, a.byline, a.credit,
                   s.date_lo, s.date_hi, s.date_source, strftime(a.ingested_at, '%Y-%m-%d') AS ingested
            FROM articles a JOIN _m ON a.id = _m.id JOIN story_articles s ON s.article_id = a.id""")}  # fmt: skip
        event = db.rows(store, "SELECT l.* FROM story_links l JOIN _m x ON l.a = x.id JOIN _m y ON l.b = y.id "
                        "ORDER BY l.score DESC, l.a, l.b")  # fmt: skip
    member_set = set(ids)
    derivs = [d for d in member_derivations(store, ids)
              if (d.origin_id in member_set) or (d.origin_id is None and set(d.sibling_ids) & member_set)]  # fmt: skip
    inferred = collapse_inferred([(d.copy_id, d.origin_id, d.sibling_ids) for d in derivs])
    best: dict[str, Derivation] = {}  # each copy's strongest link (a sibling is a copy of the inferred source too)
    for d in derivs:
        for c in [d.copy_id, *(d.sibling_ids if d.origin_id is None else [])]:
            if c in member_set and (c not in best or d.score > best[c].score):
                best[c] = d
    origins = {d.origin_id for d in derivs if d.origin_id}
    outlets = {i: outlet_of(r["outlet"], r["source_url"]) for i, r in info.items()}

    def role(i: str) -> str:
        return "copy" if i in best else "origin" if i in origins else "independent"

    def day(i: str) -> tuple[str | None, str | None]:
        """ISO day, or ISO month ("2019-02") when only a month is known (a URL's /2019/02/)."""
        r = info[i]
        if not r["date_lo"]:
            return r["ingested"], "ingested"
        return (r["date_lo"] if r["date_lo"] == r["date_hi"] else r["date_lo"][:7]), r["date_source"]

    members = [
        Member(article_id=i, headline=info[i]["headline"] or "", url=info[i]["source_url"] or info[i]["source_path"],
               outlet=outlets[i], language=info[i]["language"], byline=list(info[i]["byline"] or []),
               credit=info[i]["credit"], date=day(i)[0], date_source=day(i)[1], role=role(i),
               kind=best[i].kind if i in best else None)
        for i in ids
    ]  # fmt: skip
    edges = []
    for d in derivs:
        key = d.origin_id or inferred.get(d.copy_id, "inferred:")
        edges.append(TreeEdge(
            copy_id=d.copy_id, origin_key=key, origin_id=d.origin_id, kind=d.kind, score=round(d.score, 4),
            coverage=round(d.coverage or d.copy_coverage, 4), inferred_source=d.origin_id is None,
            sibling_ids=list(d.sibling_ids), change_counts=dict(Counter(c.kind for c in d.changes))))  # fmt: skip
    timeline = [TimelinePoint(date=m.date, date_source=m.date_source, outlet=m.outlet, article_id=m.article_id,
                              kind=m.kind if m.role == "copy" else m.role) for m in members]  # fmt: skip
    timeline.sort(key=lambda p: (p.date_source == "ingested", p.date or "", info[p.article_id]["seq"]))
    # reference wordings come from origins first, then in timeline order
    order = {p.article_id: n for n, p in enumerate(timeline)}
    rank = {i: (0 if role(i) == "origin" else 1) * len(ids) + order[i] for i in ids}
    analysed = sorted(ids, key=lambda i: rank[i])[:max_articles]
    keep = set(analysed)
    arts = sorted(store.iter_articles(analysed), key=lambda a: rank[a.id])
    st = StoryText(articles=arts, outlets=outlets, rank=rank,
                   derivations=[d for d in derivs if d.copy_id in keep and
                                ((d.origin_id in keep) or (d.origin_id is None and set(d.sibling_ids) & keep))])  # fmt: skip
    names = group_names(st)
    quotes = group_quotes(st, names)
    return StoryDetail(
        story=story,
        members=sorted(members, key=lambda m: order[m.article_id]),
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
