"""Reading stories: pages of story summaries, one story, the story of an article, and article search.

Read-only: every function works on a store opened with ``read_only=True``. Summaries are
aggregated in DuckDB for one page at a time, so a listing costs the page, not the store.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import date
from typing import Literal

from newstrace.store import Store
from newstrace.store.resolved import RESOLVED_TABLE
from newstrace.stories import db
from newstrace.stories.keys import outlet_of
from newstrace.stories.models import SearchHit, SearchPage, Story, StoryPage
from newstrace.unionfind import UnionFind

#: Entity labels counted as a story's key entities.
KEY_ENTITY_LABELS = ("PERSON", "ORG", "GPE", "NORP", "LOC", "FAC", "EVENT")
#: How many key entities a summary lists.
KEY_ENTITIES = 10

StorySort = Literal["size", "recent", "first_seen"]

# Ordered by the span of the date shown: a month first seen sorts at its first day, a month last seen at its last.
_ORDER = {
    "size": "n DESC, first_lo NULLS LAST, first_hi, story_id",
    "recent": "last_hi DESC NULLS LAST, last_lo DESC, n DESC, story_id",
    "first_seen": "first_lo NULLS LAST, first_hi, story_id",
}

# A member's day: its stored date (published, URL or capture), else its ingestion day.
_DAY = "coalesce(s.date_lo, strftime(a.ingested_at, '%Y-%m-%d'))"
# Days a stored date span covers, less one: 0 for a day, 27-30 for a month from a URL.
_WIDTH = "date_diff('day', s.date_lo::DATE, s.date_hi::DATE)"


def date_text(lo: str | None, hi: str | None) -> str | None:
    """A stored date span written at its own precision, never as a day it does not name.

    Args:
        lo, hi: the span's first and last possible day (ISO days, as ``story_articles`` stores them).

    Returns:
        The ISO day (``"2019-03-10"``) when ``lo == hi``; the ISO month (``"2019-02"``) for a span
        within one month (a URL's ``/2019/02/``); the ISO year for a whole year; else the ISO 8601
        interval ``"lo/hi"``. ``lo`` alone when ``hi`` is missing; ``None`` when ``lo`` is.

    >>> date_text("2019-02-01", "2019-02-28"), date_text("2019-03-10", "2019-03-10")
    ('2019-02', '2019-03-10')
    """
    if not lo:
        return None
    if not hi or hi == lo:
        return lo
    if lo[:7] == hi[:7]:
        return lo[:7]
    if lo[:4] == hi[:4] and lo[5:] == "01-01" and hi[5:] == "12-31":
        return lo[:4]
    return f"{lo}/{hi}"


def seen_span(spans: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], tuple[str, str]] | None:
    """The member dates a story is first and last seen on, each kept whole (a day, or a month from a URL).

    A month says only that the article appeared on one of its days, so it is read as an attestation:
    first seen is the date by whose end a member had certainly appeared (the earliest last day, the
    narrower span on a tie), last seen the date from whose start a member certainly had (the latest
    first day, the narrower on a tie). A month is first or last seen only when it lies wholly before
    or after the day-precise dates (or when no member is dated to the day), so a copy dated
    ``/2024/03/`` leaves its origin's 2024-03-12 as both; a lone month stays a month, never its first day.

    Args:
        spans: ``(lo, hi)`` ISO days of the dated members (``lo <= hi``).

    Returns:
        ``((first_lo, first_hi), (last_lo, last_hi))``, or ``None`` when ``spans`` is empty;
        :func:`date_text` writes each. :func:`list_stories` orders by the same choice in SQL.
    """
    spans = list(spans)
    if not spans:
        return None
    first = min(spans, key=lambda s: (s[1], _width(s)))
    last = max(spans, key=lambda s: (s[0], -_width(s)))
    return first, last


def _width(span: tuple[str, str]) -> int:
    return (date.fromisoformat(span[1]) - date.fromisoformat(span[0])).days


def fold_text(text: str) -> str:
    """Lowercase and strip accents (``"Guaidó"`` -> ``"guaido"``), for accent-insensitive matching."""
    t = unicodedata.normalize("NFKD", text.lower())  # lower(), as DuckDB's lower() in the queries
    return "".join(c for c in t if not unicodedata.combining(c))


#: SQL condition: an alias (another input of exactly the article's text) has a URL containing the searched outlet text.
_ALIAS_OUTLET = "EXISTS (SELECT 1 FROM aliases x WHERE x.article_id = {a}.id AND contains(lower(coalesce(x.url, '')), ?))"


def list_stories(store: Store, *, limit: int = 50, offset: int = 0, sort: StorySort = "size",
                 min_articles: int = 1, outlet: str | None = None) -> StoryPage:  # fmt: skip
    """A page of story summaries.

    Args:
        store: an open store (read-only is enough) on which ``update_stories`` has run.
        limit, offset: the page (``limit`` stories from ``offset``); ``limit`` is capped at 100,000.
        sort: ``size`` (most articles first), ``recent`` (latest ``last_seen`` first) or
            ``first_seen`` (oldest first).
        min_articles: only stories with at least this many members.
        outlet: only stories with a member whose outlet (URL host or outlet name), or the URL of another
            input of a member's identical text (an alias: a verbatim republication), contains this text.

    Returns:
        A :class:`StoryPage`; ``total`` counts every matching story.

    Raises:
        ValueError: unknown ``sort``.
    """
    if sort not in _ORDER:
        raise ValueError(f"sort must be one of {sorted(_ORDER)}, not {sort!r}")
    limit = max(0, min(int(limit), 100_000))
    where, params = "", []
    if outlet:  # a member's own outlet, or an outlet that republished its identical text (an alias URL)
        where = ("WHERE story_id IN (SELECT s2.story_id FROM story_articles s2 JOIN articles a2 ON a2.id = s2.article_id "
                 "WHERE contains(lower(coalesce(a2.source_url, '') || ' ' || coalesce(a2.outlet, '')), ?) "
                 f"OR {_ALIAS_OUTLET.format(a='a2')})")  # fmt: skip
        params += [outlet.lower()] * 2
    # first and last seen chosen as seen_span does (dated members only when any is dated, as in the summaries)
    ing = "strftime(a.ingested_at, '%Y-%m-%d')"
    first, last = f"(s.date_hi, {_WIDTH})", f"(s.date_lo, -{_WIDTH})"
    agg = (f"SELECT s.story_id, count(*) AS n, "
           f"coalesce(arg_min(s.date_lo, {first}), min({ing})) AS first_lo, coalesce(min(s.date_hi), min({ing})) AS first_hi, "
           f"coalesce(max(s.date_lo), max({ing})) AS last_lo, coalesce(arg_max(s.date_hi, {last}), max({ing})) AS last_hi "
           f"FROM story_articles s JOIN articles a ON a.id = s.article_id GROUP BY s.story_id")  # fmt: skip
    base = f"SELECT * FROM ({agg}) {where} {'AND' if where else 'WHERE'} n >= ?"
    params.append(int(min_articles))
    total = db.tuples(store, f"SELECT count(*) FROM ({base})", params)[0][0]
    ids = [r[0] for r in db.tuples(store, f"{base} ORDER BY {_ORDER[sort]} LIMIT {limit} OFFSET {int(offset)}", params)]
    summaries = summarise(store, ids)
    return StoryPage(total=total, offset=int(offset), limit=limit, stories=[summaries[i] for i in ids if i in summaries])


def get_story(store: Store, story_id: str) -> Story | None:
    """The summary of one story, or ``None`` when no such story is stored."""
    return summarise(store, [story_id]).get(story_id)


#: Fewest hex digits a story id prefix needs after its "S" (as ``show`` asks of an article id prefix).
MIN_PREFIX_DIGITS = 4
_STORY_REF = re.compile(r"[Ss]([0-9a-fA-F]+)")


def find_stories(store: Store, ref: str) -> list[str]:
    """Story ids matching ``ref``: a whole story id, or its prefix, like a git short hash.

    Args:
        store: an open store (read-only is enough) on which ``update_stories`` has run.
        ref: a story id as listed (``"S"`` and 12 hex digits) or its first characters, ``"S"`` and
            at least :data:`MIN_PREFIX_DIGITS` hex digits; case does not matter.

    Returns:
        The matching story ids in sorted order: one, several when a prefix is ambiguous, none when
        nothing matches or ``ref`` is no story id (too short, not ``"S"`` + hex digits).
    """
    m = _STORY_REF.fullmatch(ref.strip())
    if not m or len(m.group(1)) < MIN_PREFIX_DIGITS:
        return []
    prefix = "S" + m.group(1).lower()
    return [r[0] for r in db.tuples(
        store, "SELECT DISTINCT story_id FROM story_articles WHERE starts_with(story_id, ?) ORDER BY story_id", [prefix])]


def story_of(store: Store, article_id: str) -> str | None:
    """The id of the story holding ``article_id`` (``None`` when the article is not clustered yet)."""
    rows = db.tuples(store, "SELECT story_id FROM story_articles WHERE article_id = ?", [article_id])
    return rows[0][0] if rows else None


def inferred_key(members: Iterable[str]) -> str:
    """Key of an inferred common source: ``"inferred:"`` + sha1 of its sorted copies (16 hex digits)."""
    return "inferred:" + hashlib.sha1("\n".join(sorted(set(members))).encode()).hexdigest()[:16]


def collapse_inferred(links: list[tuple[str, str | None, list[str]]]) -> dict[str, str]:
    """One inferred source per group of siblings.

    Trace records an inferred common source per sibling pair; copies linked as siblings,
    directly or through other siblings, are copies of one missing source.

    Args:
        links: ``(copy_id, origin_id, sibling_ids)`` of derivations.

    Returns:
        copy id -> key of its inferred source (:func:`inferred_key` of the sibling group),
        for every copy with a sibling link.
    """
    uf = UnionFind()
    for copy_id, origin_id, siblings in links:
        if origin_id is None:
            for s in siblings:
                uf.union(copy_id, s)
    groups = uf.groups()
    return {m: inferred_key(g) for g in groups.values() for m in g}


def summarise(store: Store, story_ids: list[str]) -> dict[str, Story]:
    """Story summaries for ``story_ids`` (unknown ids are left out), from a few aggregate queries."""
    if not story_ids:
        return {}
    with db.registered_ids(store, "_stories", story_ids):
        members = db.rows(store, f"""
            SELECT s.story_id, a.id, a.seq, a.headline, a.source_url, a.outlet, a.language, {_DAY} AS day,
                   s.date_lo, s.date_hi
            FROM story_articles s JOIN _stories w ON s.story_id = w.id JOIN articles a ON a.id = s.article_id
            ORDER BY s.story_id, day, a.seq""")
        links = db.tuples(store, f"""
            SELECT s.story_id, d.copy_id, d.origin_id, d.sibling_ids FROM {RESOLVED_TABLE} d
            JOIN story_articles s ON s.article_id = d.copy_id JOIN _stories w ON s.story_id = w.id""")
        labels = ", ".join(f"'{x}'" for x in KEY_ENTITY_LABELS)
        # other outlets' inputs of a member's identical text (aliases): they republished it
        alias_urls = db.tuples(store, """
            SELECT s.story_id, x.url FROM aliases x JOIN story_articles s ON s.article_id = x.article_id
            JOIN _stories w ON s.story_id = w.id WHERE x.url IS NOT NULL ORDER BY s.story_id, x.seq, x.input_key, x.record""")
        ents = db.tuples(store, f"""
            SELECT s.story_id, strip_accents(lower(e.canonical)) AS k, e.canonical, count(DISTINCT e.article_id) AS na,
                   count(*) AS nm
            FROM entities e JOIN story_articles s ON s.article_id = e.article_id JOIN _stories w ON s.story_id = w.id
            WHERE e.label IN ({labels}) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3""")  # ordered: forms equally frequent tie alike in every process
    by_story: dict[str, list[dict]] = defaultdict(list)
    for m in members:
        by_story[m["story_id"]].append(m)
    links_by: dict[str, list] = defaultdict(list)
    for sid, c, o, sibs in links:
        links_by[sid].append((c, o, list(sibs or [])))
    ent_by: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(lambda: [0, 0, Counter()]))
    for sid, key, canonical, na, nm in ents:
        e = ent_by[sid][key]
        e[0] += na
        e[1] += nm
        e[2][canonical] += nm
    republished: dict[str, list[str]] = defaultdict(list)
    for sid, url in alias_urls:
        republished[sid].append(url)
    out = {}
    for sid, ms in by_story.items():
        out[sid] = _summary(sid, ms, links_by.get(sid, []), ent_by.get(sid, {}), republished.get(sid, []))
    return out


def _summary(sid: str, members: list[dict], links: list[tuple], ents: dict, alias_urls: list[str] = ()) -> Story:
    ids = [m["id"] for m in members]
    member_set = set(ids)
    # siblings of an inferred source are copies of it, whichever side of the link they stand on
    copies = {c for c, _, _ in links} | {s for _, o, sibs in links if o is None for s in sibs}
    inferred = collapse_inferred(links)
    origins_of_others = {o for _, o, _ in links if o in member_set}
    roots = [i for i in ids if i in origins_of_others and i not in copies]
    roots += sorted({inferred[c] for c in copies if c in inferred})
    linked = copies | origins_of_others | {s for _, _, sibs in links for s in sibs}
    # a month from a URL ("/2019/02/") is stored as 2019-02-01..28 and shown as the month (seen_span)
    seen = seen_span((m["date_lo"], m["date_hi"] or m["date_lo"]) for m in members if m["date_lo"])
    if seen is None:  # no member dated: the ingestion days, marked as such
        days = sorted(m["day"] for m in members)
        seen = ((days[0], days[0]), (days[-1], days[-1])) if days else None
    outlets: list[str] = []
    for o in [outlet_of(m["outlet"], m["source_url"]) for m in members] + [outlet_of(None, u) for u in alias_urls]:
        if o and o not in outlets:  # members' outlets, then those that republished a member's identical text
            outlets.append(o)
    langs = Counter(m["language"] for m in members if m["language"])
    # the headline of the first origin; without one (copies of an inferred source), of the sibling
    # the others are read against (the fuller, attributed or undamaged text: not a garbled machine
    # translation's), else of the first linked member with a headline; never of an independent
    # report merely dated earlier
    references = {sibs[0] for c, o, sibs in links if o is None and sibs} - {c for c, o, _ in links if o is None}
    first_root = (next((m for m in members if m["id"] in origins_of_others and m["id"] not in copies), None)
                  or next((m for m in members if m["id"] in references and m["headline"]), None)
                  or next((m for m in members if m["id"] in linked and m["headline"]), members[0]))
    top = sorted(ents.values(), key=lambda e: (-e[0], -e[1], e[2].most_common(1)[0][0]))[:KEY_ENTITIES]
    return Story(
        id=sid,
        headline=first_root["headline"] or next((m["headline"] for m in members if m["headline"]), ""),
        article_ids=ids,
        origin_ids=roots,
        independent_ids=[i for i in ids if i not in linked],
        n_articles=len(ids),
        n_copies=len(copies & member_set),
        first_seen=date_text(*seen[0]) if seen else None,
        last_seen=date_text(*seen[1]) if seen else None,
        seen_from=seen[0][0] if seen else None,
        seen_to=seen[1][1] if seen else None,
        seen_ingested=seen is not None and not any(m["date_lo"] for m in members),
        outlets=outlets,
        languages=[lang for lang, _ in sorted(langs.items(), key=lambda kv: (-kv[1], kv[0]))],
        key_entities=[e[2].most_common(1)[0][0] for e in top],
    )


def search(store: Store, text: str | None = None, speaker: str | None = None, entity: str | None = None,
           outlet: str | None = None, *, limit: int = 50, offset: int = 0) -> SearchPage:  # fmt: skip
    """Articles matching every given criterion (case- and accent-insensitive substring matches).

    Args:
        store: an open store (read-only is enough).
        text: words in the headline or body.
        speaker: a quoted speaker's name (or description).
        entity: a named entity (canonical name or surface form).
        outlet: part of the outlet (URL host or outlet name), or of the URL of another input of the
            article's identical text (an alias: a verbatim republication).
        limit, offset: the page; ``limit`` is capped at 1,000.

    Returns:
        A :class:`SearchPage` in ingestion order; each hit names its story and the fields that matched.
    """
    limit = max(0, min(int(limit), 1000))
    conds, params, matched = [], [], []
    if text:
        conds.append("(contains(strip_accents(lower(a.headline)), ?) OR contains(strip_accents(lower(a.text)), ?))")
        params += [fold_text(text)] * 2
        matched.append("text")
    if speaker:
        conds.append("EXISTS (SELECT 1 FROM quotes q WHERE q.article_id = a.id AND "
                     "contains(strip_accents(lower(coalesce(q.speaker, ''))), ?))")  # fmt: skip
        params.append(fold_text(speaker))
        matched.append("speaker")
    if entity:
        conds.append("EXISTS (SELECT 1 FROM entities e WHERE e.article_id = a.id AND "
                     "(contains(strip_accents(lower(e.canonical)), ?) OR contains(strip_accents(lower(e.text)), ?)))")  # fmt: skip
        params += [fold_text(entity)] * 2
        matched.append("entity")
    if outlet:  # the article's own outlet, or an outlet that republished its identical text (an alias URL)
        conds.append(f"(contains(lower(coalesce(a.source_url, '') || ' ' || coalesce(a.outlet, '')), ?) "
                     f"OR {_ALIAS_OUTLET.format(a='a')})")
        params += [outlet.casefold()] * 2
        matched.append("outlet")
    where = ("WHERE " + " AND ".join(conds)) if conds else ""
    total = db.tuples(store, f"SELECT count(*) FROM articles a {where}", params)[0][0]
    rows = db.rows(store, f"""
        SELECT a.id, a.headline, a.outlet, a.source_url, a.source_path, a.text, s.story_id,
               s.date_lo, s.date_hi, a.published
        FROM articles a LEFT JOIN story_articles s ON s.article_id = a.id {where}
        ORDER BY a.seq LIMIT {limit} OFFSET {int(offset)}""", params)  # fmt: skip
    hits = [
        SearchHit(article_id=r["id"], story_id=r["story_id"], headline=r["headline"] or "",
                  outlet=outlet_of(r["outlet"], r["source_url"]), url=r["source_url"] or r["source_path"],
                  date=date_text(r["date_lo"], r["date_hi"]) or (r["published"] or "")[:10] or None, snippet=_snippet(r["text"] or "", text), matched=list(matched))
        for r in rows
    ]  # fmt: skip
    return SearchPage(total=total, offset=int(offset), limit=limit, hits=hits)


def _snippet(body: str, needle: str | None, width: int = 160) -> str:
    """Up to ``width`` characters of ``body`` around the first match of ``needle`` (its opening without one)."""
    if not needle:
        return body[:width].strip()
    i = fold_text(body).find(fold_text(needle))
    if i < 0:  # the match was in the headline
        return body[:width].strip()
    start = max(0, i - width // 3)
    return ("…" if start else "") + body[start : start + width].strip() + ("…" if start + width < len(body) else "")


__all__ = [
    "KEY_ENTITY_LABELS",
    "collapse_inferred",
    "date_text",
    "fold_text",
    "get_story",
    "inferred_key",
    "list_stories",
    "search",
    "seen_span",
    "story_of",
    "summarise",
]  # fmt: skip
