"""Export the store as flat tables: articles, quotes, claims, derivations, changes, stories and story members, one file each.

Formats: Parquet, CSV (with a header row; list and struct columns written as JSON text) and JSON Lines.
DuckDB's ``COPY ... TO`` writes every file, so an export streams from the store without
loading it into Python; only the story summaries are built in Python (one aggregate pass).
Column names follow the store (``char_start``/``char_end`` for offsets, see
:mod:`newstrace.store.migrations`). ``derivations`` and ``changes`` are those of the resolved
graph (:mod:`newstrace.store.resolved`: one origin per copy, one record per copy of an
inferred source with its whole sibling group in ``sibling_ids``), as ``newstrace trace``
prints it; ``all_pairs`` exports every verified pair instead.

A sibling group (copies of one inferred common source) is stored as links from its copies, each
read against a sibling; a member that is only ever that reference side has no link of its own.
So that every member can be found, each link of a group carries the group's id and its members
with their roles and sources (:func:`sibling_groups`), in ``derivations`` and in the records
``newstrace trace --json`` writes (:func:`derivation_json`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import pyarrow as pa

from newstrace.store import Store
from newstrace.store.resolved import RESOLVED_TABLE
from newstrace.stories import db
from newstrace.stories.detail import version_copies
from newstrace.stories.keys import outlet_of
from newstrace.stories.query import collapse_inferred, date_text, inferred_key, summarise

ExportFormat = Literal["parquet", "csv", "jsonl"]

#: File suffix per format.
SUFFIX = {"parquet": ".parquet", "csv": ".csv", "jsonl": ".jsonl"}
_COPY_OPTIONS = {"parquet": "(FORMAT PARQUET)", "csv": "(FORMAT CSV, HEADER)", "jsonl": "(FORMAT JSON)"}

#: The SQL of each table exported straight from the store; ``{derivations}`` is the links' table.
_QUERIES: dict[str, str] = {
    "articles": """
        SELECT a.id, a.seq, coalesce(a.source_url, a.source_path) AS source, a.source_path, a.source_format,
               a.source_record, a.source_url, o.outlet AS outlet, a.outlet AS outlet_name, a.language, a.headline,
               a.published, a.published_offset,
               coalesce(i.published, a.published) AS earliest_published, i.source AS earliest_published_source,
               a.updated, a.byline, a.credit, a.contributors, a.dateline, a.text,
               a.ingested_at, s.story_id
        FROM articles a LEFT JOIN story_articles s ON s.article_id = a.id
        LEFT JOIN _identical_dates i ON i.article_id = a.id
        LEFT JOIN _outlets o ON o.article_id = a.id ORDER BY a.seq""",
    "quotes": """
        SELECT q.article_id, q.n, q.content, q.speaker, q.speaker_is_unnamed, q.cue, q.kind, q.in_headline,
               q.confidence, q.char_start, q.char_end, q.speaker_start, q.speaker_end
        FROM quotes q JOIN articles a ON a.id = q.article_id ORDER BY a.seq, q.n""",
    "claims": """
        SELECT c.article_id, c.n, c.value, c.high, c.second, c.text, c.qualifier, c.unit, c.what, c.period, c.source, c.sentence,
               c.char_start, c.char_end
        FROM claims c JOIN articles a ON a.id = c.article_id ORDER BY a.seq, c.n""",
    "derivations": """
        SELECT d.copy_id, d.origin_key, d.origin_id, d.copy_source, d.origin_source, d.kind, d.score, d.coverage,
               d.copy_coverage, d.origin_coverage, d.direction_evidence, d.inferred_source, d.sibling_ids,
               (SELECT count(*) FROM changes c WHERE c.copy_id = d.copy_id AND c.origin_key = d.origin_key) AS n_changes,
               (SELECT list(DISTINCT c.kind ORDER BY c.kind) FROM changes c
                WHERE c.copy_id = d.copy_id AND c.origin_key = d.origin_key) AS change_kinds,
               g.inferred_source_id, coalesce(g.sibling_group, []) AS sibling_group,
               coalesce(d.origin_id, d.sibling_ids[1]) AS compared_with,
               CASE WHEN d.origin_id IS NULL THEN g.compared_with_source ELSE d.origin_source END AS compared_with_source
        FROM {derivations} d LEFT JOIN articles a ON a.id = d.copy_id
        LEFT JOIN _sibling_groups g ON g.copy_id = d.copy_id AND g.origin_key = d.origin_key
        ORDER BY a.seq, d.score DESC, d.origin_key""",
    "sources": """
        SELECT s.article_id, coalesce(s.url, s.path) AS source, s.path, s.format, s.record, s.line, s.url, s.captured,
               s.published, s.published_offset, s.date_source, s.ingested_at,
               count(*) OVER (PARTITION BY s.article_id) AS sources_of_article
        FROM aliases s JOIN articles a ON a.id = s.article_id ORDER BY a.seq, s.seq, s.path, s.record""",
    "changes": """
        SELECT c.copy_id, c.origin_key, c.n, c.kind, c.origin_text, c.copy_text,
               CASE WHEN d.origin_id IS NOT NULL AND starts_with(c.origin_key, 'inferred:') THEN {direct_detail}
                    ELSE c.detail END AS detail
        FROM changes c JOIN {derivations} d ON d.copy_id = c.copy_id AND d.origin_key = c.origin_key
        LEFT JOIN articles a ON a.id = c.copy_id ORDER BY a.seq, c.origin_key, c.n""",
}



#: Roles of the members of a sibling group: ``copy`` has a link of its own to the inferred source (read
#: against a sibling); ``reference`` has none: it is only the sibling the others' changes are read against.
SIBLING_ROLES: tuple[str, ...] = ("copy", "reference")

#: Arrow type of the ``sibling_group`` column: one ``{id, source, role}`` per member.
_GROUP_TYPE = pa.list_(pa.struct([("id", pa.string()), ("source", pa.string()), ("role", pa.string())]))


@dataclass
class SiblingGroups:
    """The sibling groups (copies of one inferred common source) of a set of derivation links.

    Attributes:
        group: article id -> id of its group's inferred source: ``inferred:`` + 16 hex digits,
            :func:`~newstrace.stories.query.inferred_key` of the sorted member ids, the id stories,
            the report and the web app give that source.
        members: inferred source id -> its member ids, sorted.
        copies: members with a link of their own to an inferred source (role ``copy``); any other
            member has the role ``reference``.
        sources: article id -> input path or URL as ingested (``None`` values when unknown).
        pairwise: the links are every verified pair (``--all-pairs``), not the resolved graph: a
            sibling link's group is its own pair (the copy and the sibling it was verified against),
            as chaining every verified pair would join stored origins and unrelated copies in one.
    """

    group: dict[str, str] = field(default_factory=dict)
    members: dict[str, list[str]] = field(default_factory=dict)
    copies: set[str] = field(default_factory=set)
    sources: dict[str, str] = field(default_factory=dict)
    pairwise: bool = False

    def fields(self, copy_id: str, origin_id: str | None, sibling_ids: list[str],
               origin_source: str | None = None) -> dict[str, Any]:  # fmt: skip
        """The ``inferred_source_id``, ``sibling_group``, ``compared_with`` and ``compared_with_source`` of one link.

        Args:
            copy_id, origin_id, sibling_ids: the link's (``origin_id`` ``None`` for a sibling link).
            origin_source: the link's ``origin_source`` (input path or URL of a stored origin).

        Returns:
            ``{"inferred_source_id": str | None, "sibling_group": [{"id", "source", "role"}, ...],
            "compared_with": str | None, "compared_with_source": str | None}``: for a sibling link,
            every member of its group: the link's copy, then its ``sibling_ids`` in order, then the
            other members by id; ``None`` and ``[]`` for a link to a stored origin.
            ``compared_with`` is the article the link's alignment and changes are read against
            (:func:`compared_with`), which for a sibling link need not be the group's ``reference``.
        """
        other = compared_with(origin_id, sibling_ids)
        if self.pairwise and origin_id is None and sibling_ids:
            pair = [copy_id, *sibling_ids]
            return {"inferred_source_id": inferred_key(pair), "sibling_group": [
                {"id": i, "source": self.sources.get(i), "role": "copy" if i == copy_id else "reference"} for i in pair
            ], "compared_with": other, "compared_with_source": self.sources.get(other)}  # fmt: skip
        gid = self.group.get(copy_id) if origin_id is None else None
        if gid is None:
            return {"inferred_source_id": None, "sibling_group": [], "compared_with": other,
                    "compared_with_source": origin_source if origin_id is not None else self.sources.get(other)}  # fmt: skip
        members = set(self.members[gid])
        order = [i for i in dict.fromkeys([copy_id, *sibling_ids, *self.members[gid]]) if i in members]
        return {"inferred_source_id": gid, "sibling_group": [
            {"id": i, "source": self.sources.get(i), "role": "copy" if i in self.copies else "reference"} for i in order
        ], "compared_with": other, "compared_with_source": self.sources.get(other)}  # fmt: skip


def compared_with(origin_id: str | None, sibling_ids: list[str] | None) -> str | None:
    """The article a derivation's alignment and changes are read against: its stored origin, else its first sibling.

    A sibling link is verified against one other copy of the inferred source; the store keeps that
    copy first in ``sibling_ids`` (:func:`newstrace.provenance.graph.resolve_links` puts the
    link's partner first when it widens ``sibling_ids`` to the whole group). That copy may itself
    have a record of its own (role ``copy`` in ``sibling_group``), so the group's ``reference``
    member is not, in general, what a given record's changes are read against.

    Args:
        origin_id: the link's stored origin, ``None`` for a sibling link.
        sibling_ids: the link's ``sibling_ids``.

    Returns:
        An article id, or ``None`` for a sibling link without siblings.
    """
    return origin_id or ((sibling_ids or [None])[0])


def sibling_groups(links: Iterable[tuple[str, str | None, list[str]]], store: Store | None = None,
                   pairwise: bool = False) -> SiblingGroups:
    """Group the sibling links among ``links`` by inferred common source.

    Copies linked as siblings, directly or through other siblings, share one inferred source
    (:func:`~newstrace.stories.query.collapse_inferred`, a union-find over the sibling links).

    Args:
        links: ``(copy_id, origin_id, sibling_ids)`` of each link; only those with ``origin_id``
            ``None`` are sibling links.
        store: where to read each member's source (input path or URL as ingested); without one,
            ``sources`` is empty.
        pairwise: every verified pair, not the resolved graph (:attr:`SiblingGroups.pairwise`).

    Returns:
        A :class:`SiblingGroups`.

    Raises:
        StoreError: the store cannot be read.
    """
    links = list(links)
    group = collapse_inferred(links)
    members: dict[str, list[str]] = {}
    for i in sorted(group):
        members.setdefault(group[i], []).append(i)
    copies = {c for c, origin, _ in links if origin is None and c in group}
    wanted = set(group) | ({i for c, o, sib in links if o is None for i in (c, *sib)} if pairwise else set())
    sources = store.source_labels(wanted) if store is not None and wanted else {}
    return SiblingGroups(group=group, members=members, copies=copies, sources=sources, pairwise=pairwise)


def derivation_json(derivation: Any, groups: SiblingGroups, identical: dict[str, list[str]] | None = None) -> str:
    """One line of ``newstrace trace --json``: the Derivation record, then its sibling group's fields.

    Args:
        derivation: a :class:`~newstrace.schema.Derivation`.
        groups: the sibling groups of the links written (:func:`sibling_groups`).
        identical: article id -> every source its identical text was ingested from, its own first
            (:meth:`newstrace.store.Store.identical_sources`); ``None`` leaves the two fields out.

    Returns:
        Compact JSON (no newline): every field of the record, as ``model_dump_json`` writes them,
        then ``inferred_source_id``, ``sibling_group``, ``compared_with`` and ``compared_with_source``
        (:meth:`SiblingGroups.fields`), then ``copy_identical_sources``, ``origin_identical_sources`` and
        ``compared_with_identical_sources``: the other sources of the copy's, the origin's and the
        compared-with article's text (identical republications, stored as one article; ``[]`` when none;
        a sibling read against another of its group has no origin but a compared-with article).
    """
    row = derivation.model_dump(mode="json")
    row.update(groups.fields(derivation.copy_id, derivation.origin_id, list(derivation.sibling_ids),
                             derivation.origin_source))  # fmt: skip
    if identical is not None:
        for side, aid in (("copy", derivation.copy_id), ("origin", derivation.origin_id)):
            row[f"{side}_identical_sources"] = identical.get(aid or "", [])[1:]  # the first is its own
        row["compared_with_identical_sources"] = identical.get(row.get("compared_with") or "", [])[1:]
    return json.dumps(row, ensure_ascii=False, separators=(",", ":"))


def _group_table(store: Store, links_table: str) -> pa.Table:
    """``(copy_id, origin_key, inferred_source_id, sibling_group, compared_with_source)`` of every sibling link of
    ``links_table`` (a link to a stored origin takes ``origin_source`` as its ``compared_with_source``)."""
    rows = db.tuples(store, f"SELECT copy_id, origin_key, origin_id, sibling_ids FROM {links_table} "
                            "ORDER BY copy_id, origin_key")  # fmt: skip
    groups = sibling_groups(((r[0], r[2], list(r[3] or [])) for r in rows), store, pairwise=links_table != RESOLVED_TABLE)
    out: dict[str, list] = {"copy_id": [], "origin_key": [], "inferred_source_id": [], "sibling_group": [],
                            "compared_with_source": []}  # fmt: skip
    for copy_id, origin_key, origin_id, siblings in rows:
        f = groups.fields(copy_id, origin_id, list(siblings or []))
        if f["inferred_source_id"] is not None:
            out["copy_id"].append(copy_id)
            out["origin_key"].append(origin_key)
            out["inferred_source_id"].append(f["inferred_source_id"])
            out["sibling_group"].append(f["sibling_group"])
            out["compared_with_source"].append(f["compared_with_source"])
    schema = pa.schema([("copy_id", pa.string()), ("origin_key", pa.string()), ("inferred_source_id", pa.string()),
                        ("sibling_group", _GROUP_TYPE), ("compared_with_source", pa.string())])  # fmt: skip
    return pa.Table.from_pydict(out, schema=schema)


def _identical_date_table(store: Store) -> pa.Table:
    """``(article_id, published, source)`` of every article dated by an identical republication of its text
    (:meth:`newstrace.store.Store.identical_dates`): the ``articles`` table's ``earliest_published`` and
    ``earliest_published_source``."""
    dates = store.identical_dates()
    return pa.table({"article_id": pa.array(list(dates), pa.string()),
                     "published": pa.array([d.published for d in dates.values()], pa.string()),
                     "source": pa.array([d.source for d in dates.values()], pa.string())})  # fmt: skip


def queries(all_pairs: bool = False) -> dict[str, str]:
    """The SQL of each table exported straight from the store.

    ``derivations`` joins ``_sibling_groups``, and ``articles`` joins ``_identical_dates`` and ``_outlets``,
    which :func:`export_tables` registers (:func:`_group_table`, :func:`_identical_date_table`,
    :func:`_outlet_table`) while it writes.

    Args:
        all_pairs: derivations and changes of every verified pair (the ``derivations``
            table) instead of the resolved graph (the ``resolved_derivations`` table).
    """
    links = "derivations" if all_pairs else RESOLVED_TABLE
    return {name: sql.replace("{derivations}", links).replace("{direct_detail}", _direct_detail_sql())
            for name, sql in _QUERIES.items()}


def _direct_detail_sql() -> str:
    """SQL of :func:`~newstrace.provenance.derive.direct_wording` on ``c.detail``: a sibling record that
    the resolved graph reads as a chain step (an origin, an ``inferred:`` key) words its changes as alterations."""
    from newstrace.provenance.derive import _SIBLING_WORDING

    def literal(text: str) -> str:
        return "'" + text.replace("'", "''") + "'"

    expr = "c.detail"
    for old, new in _SIBLING_WORDING:
        expr = f"replace({expr}, {literal(new)}, {literal(old)})"
    return expr


#: The SQL of each table of a default export (the resolved graph).
QUERIES: dict[str, str] = queries()

#: Every table an export writes, in order.
TABLES: tuple[str, ...] = ("articles", "sources", "quotes", "claims", "derivations", "changes", "stories",
                           "story_members")


@dataclass
class ExportedTable:
    """One written file: the table name, its path and its row count."""

    table: str
    path: Path
    rows: int


def _outlet_table(store: Store) -> pa.Table:
    """``(article_id, outlet)`` of every article: the host of its URL without ``www.``/``amp.``/``m.``,
    else its stored outlet name (:func:`newstrace.stories.keys.outlet_of`, as ``stories``, the report
    and the web app show it; a URL that does not parse names no host)."""
    rows = db.tuples(store, "SELECT id, outlet, source_url FROM articles")
    return pa.table({"article_id": pa.array([r[0] for r in rows], pa.string()),
                     "outlet": pa.array([outlet_of(r[1], r[2]) for r in rows], pa.string())})


def export_tables(store: Store, out_dir: str | Path, fmt: ExportFormat = "parquet",
                  tables: tuple[str, ...] = TABLES, *, all_pairs: bool = False) -> list[ExportedTable]:  # fmt: skip
    """Write each table to ``out_dir/<table>.<suffix>``, replacing files of the same name.

    Args:
        store: an open store (read-only is enough); stories are exported as last clustered
            (run :func:`newstrace.stories.update_stories` first for a current view).
        out_dir: folder to write into (created when missing).
        fmt: ``parquet``, ``csv`` or ``jsonl``.
        tables: which of :data:`TABLES` to write.
        all_pairs: ``derivations`` and ``changes`` of every verified pair, not only the links
            of the resolved graph (the default, as ``newstrace trace`` prints them). Stories
            and their member roles read the resolved graph either way.

    Returns:
        One :class:`ExportedTable` per file, in ``tables`` order.

    Raises:
        ValueError: unknown format or table name.
        OSError: ``out_dir`` cannot be created.
        StoreError: the store cannot be read or the file written.
    """
    if fmt not in SUFFIX:
        raise ValueError(f"format must be one of {sorted(SUFFIX)}, not {fmt!r}")
    unknown = [t for t in tables if t not in TABLES]
    if unknown:
        raise ValueError(f"unknown tables {unknown}; choose from {list(TABLES)}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    stories = members = None
    if "stories" in tables or "story_members" in tables:
        stories, members = story_tables(store)
    sqls = queries(all_pairs)
    written = []
    store._con.register("_sibling_groups", _group_table(store, "derivations" if all_pairs else RESOLVED_TABLE))
    store._con.register("_identical_dates", _identical_date_table(store))
    store._con.register("_outlets", _outlet_table(store))
    try:
        for table in tables:
            path = out / f"{table}{SUFFIX[fmt]}"
            if table in sqls:
                _copy(store, sqls[table], path, fmt)
            else:
                arrow = stories if table == "stories" else members
                store._con.register("_export", arrow)
                try:
                    _copy(store, "SELECT * FROM _export", path, fmt)
                finally:
                    store._con.unregister("_export")
            n = db.tuples(store, f"SELECT count(*) FROM ({sqls[table]})")[0][0] if table in sqls else (
                stories.num_rows if table == "stories" else members.num_rows)  # fmt: skip
            written.append(ExportedTable(table=table, path=path, rows=n))
    finally:
        store._con.unregister("_sibling_groups")
        store._con.unregister("_identical_dates")
        store._con.unregister("_outlets")
    return written


def _copy(store: Store, sql: str, path: Path, fmt: str) -> None:
    target = str(path).replace("'", "''")
    if fmt == "csv":
        sql = _neutralise_formulas(store, _lists_as_json(store, sql))
    db.execute(store, f"COPY ({sql}) TO '{target}' {_COPY_OPTIONS[fmt]}")


#: First characters that make a spreadsheet read a CSV cell as a formula (OWASP, "CSV Injection").
FORMULA_START = "=+-@\t\r"


def _neutralise_formulas(store: Store, sql: str) -> str:
    """``sql`` with every text cell that starts like a formula prefixed with an apostrophe.

    Article text is untrusted: a headline ``=HYPERLINK(...)`` opened in a spreadsheet would run as
    a formula. OWASP's advice for CSV files is to prefix such cells (first character one of
    :data:`FORMULA_START`) with a single quote, which spreadsheets show as text; Parquet and JSON
    Lines exports keep the text unchanged.
    """
    columns = db.tuples(store, f"DESCRIBE ({sql})")
    text = [name for name, col_type, *_ in columns if col_type == "VARCHAR"]
    if not text:
        return sql
    starts = ", ".join(f"'{ch}'" if ch.isprintable() else f"chr({ord(ch)})" for ch in FORMULA_START)
    replace = ", ".join(
        f"CASE WHEN left(\"{name}\", 1) IN ({starts}) THEN '''' || \"{name}\" ELSE \"{name}\" END AS \"{name}\""
        for name in text
    )
    return f"SELECT * REPLACE ({replace}) FROM ({sql})"


def _lists_as_json(store: Store, sql: str) -> str:
    """``sql`` with its list and struct columns written as JSON text, since CSV has no list type.

    DuckDB would write ``[a, b]`` with unquoted items, which no CSV reader can split back.
    """
    columns = db.tuples(store, f"DESCRIBE ({sql})")
    nested = [name for name, col_type, *_ in columns if col_type.endswith("]") or col_type.startswith(("STRUCT", "MAP"))]
    if not nested:
        return sql
    replace = ", ".join(f'to_json("{name}") AS "{name}"' for name in nested)
    return f"SELECT * REPLACE ({replace}) FROM ({sql})"


def story_tables(store: Store, chunk: int = 5000) -> tuple[pa.Table, pa.Table]:
    """The ``stories`` table (one row per story summary) and ``story_members`` (story, article, role, date) as Arrow tables.

    A member's ``role`` is ``origin``, ``copy``, ``version`` (a later version of a member: trace's "two
    versions of one ..." link, :func:`newstrace.stories.detail.version_copies`) or ``independent``, as
    ``newstrace stories`` gives it."""
    ids = [r[0] for r in db.tuples(store, "SELECT story_id, min(a.seq) AS s FROM story_articles sa JOIN articles a "
                                   "ON a.id = sa.article_id GROUP BY 1 ORDER BY s")]  # fmt: skip
    dates = {r[0]: (date_text(r[1], r[2]), r[3])  # a month from a URL as "2019-02", never its first day
             for r in db.tuples(store, "SELECT article_id, date_lo, date_hi, date_source FROM story_articles")}
    s_rows, m_rows = [], []
    for i in range(0, len(ids), chunk):
        part = summarise(store, ids[i : i + chunk])
        # a later version of a page is its publisher's update: role "version", as `stories` says
        versions = version_copies(store, [a for s in part.values() for a in s.article_ids
                                          if a not in s.origin_ids and a not in s.independent_ids])
        for sid in ids[i : i + chunk]:
            s = part.get(sid)
            if s is None:
                continue
            s_rows.append({
                "story_id": s.id, "headline": s.headline, "n_articles": s.n_articles, "n_copies": s.n_copies,
                "first_seen": s.first_seen, "last_seen": s.last_seen, "origin_ids": s.origin_ids,
                "independent_ids": s.independent_ids, "outlets": s.outlets, "languages": s.languages,
                "key_entities": s.key_entities,
            })  # fmt: skip
            origins, independent = set(s.origin_ids), set(s.independent_ids)
            for n, aid in enumerate(s.article_ids):
                role = "independent" if aid in independent else "origin" if aid in origins \
                    else "version" if aid in versions else "copy"
                lo, src = dates.get(aid, (None, None))
                m_rows.append({"story_id": s.id, "article_id": aid, "n": n, "role": role, "date": lo,
                               "date_source": src})  # fmt: skip
    s_schema = pa.schema([
        ("story_id", pa.string()), ("headline", pa.string()), ("n_articles", pa.int64()), ("n_copies", pa.int64()),
        ("first_seen", pa.string()), ("last_seen", pa.string()), ("origin_ids", pa.list_(pa.string())),
        ("independent_ids", pa.list_(pa.string())), ("outlets", pa.list_(pa.string())),
        ("languages", pa.list_(pa.string())), ("key_entities", pa.list_(pa.string())),
    ])  # fmt: skip
    m_schema = pa.schema([("story_id", pa.string()), ("article_id", pa.string()), ("n", pa.int64()),
                          ("role", pa.string()), ("date", pa.string()), ("date_source", pa.string())])  # fmt: skip
    return pa.Table.from_pylist(s_rows, schema=s_schema), pa.Table.from_pylist(m_rows, schema=m_schema)


__all__ = ["QUERIES", "queries", "SUFFIX", "TABLES", "ExportFormat", "ExportedTable", "export_tables", "story_tables",
           "SIBLING_ROLES", "SiblingGroups", "sibling_groups", "derivation_json", "compared_with"]  # fmt: skip
