"""The resolved derivation graph kept in the store: :func:`~newstrace.provenance.graph.resolve` over every stored link.

The ``derivations`` table keeps every verified pair of the latest trace (a chain's shortcut
links, a copy verified against two versions of its origin, sibling pairs of copies whose
origin is stored). The graph a reader expects (one origin per copy, one inferred source per
sibling group) is :func:`newstrace.provenance.graph.resolve_links` of those pairs. After
every trace run, in the same transaction as the links it writes, :func:`refresh_resolved`
recomputes it over all stored links and rewrites the ``resolved_derivations`` table
(:data:`RESOLVED_TABLE`): the kept rows of ``derivations``, same columns, with ``sibling_ids``
of a kept sibling link replaced by its whole group (the sibling it was aligned with first).
Because it reads only the stored links, an incremental run leaves the same resolved graph as a
full run. Changes and aligned pairs stay in their tables, keyed by ``(copy_id, origin_key)``.

Stories, the report, the web app, ``export``, ``show`` and ``trace`` read this table by
default. It is a table, not a view over ``derivations``: a view joined the two tables on
every page (article page 37 -> 62 ms CPU on a 100k store), while the rows are few (one per
copy) and change only when trace runs. A migration that adds a column to ``derivations``
recreates it (:data:`DDL`) and fills it again.
"""

from __future__ import annotations

import time

import pyarrow as pa

#: The table of the resolved graph: ``derivations``' columns, kept rows only, sibling groups whole.
RESOLVED_TABLE = "resolved_derivations"

#: DDL of the table (run by migration ``0008_resolved_table``): the columns of ``derivations``, no rows.
DDL: tuple[str, ...] = (
    f"DROP TABLE IF EXISTS {RESOLVED_TABLE}",
    f"CREATE TABLE {RESOLVED_TABLE} AS SELECT * FROM derivations LIMIT 0",
)

def versions_sql(alias: str = "") -> str:
    """SQL that is true where a derivations row joins two versions of one page or file: its first
    direction reason starts with :data:`~newstrace.provenance.direction.VERSIONS_REASON`, bound as
    the ``?`` parameter it holds. ``alias``: the table's alias with its dot ("d."), or ""."""
    return f"coalesce(starts_with({alias}direction_evidence[1], ?), false)"


# Every stored link as a Link, with the mean similarity of its aligned pairs (fsum: exact, so
# the same for any scan order); sorted, though resolve_links does not depend on the order.
_LINKS_SQL = """
SELECT d.copy_id, d.origin_key, d.origin_id, d.sibling_ids[1] AS partner, d.score, d.copy_coverage,
       coalesce(d.origin_coverage, 0.0), coalesce(p.sim, 0.0),
       {versions}, d.kind
FROM derivations d LEFT JOIN (
    SELECT copy_id, origin_key, fsum(similarity) / count(similarity) AS sim
    FROM alignments WHERE similarity IS NOT NULL GROUP BY copy_id, origin_key
) p ON p.copy_id = d.copy_id AND p.origin_key = d.origin_key
ORDER BY d.copy_id, d.origin_key"""


def refresh_resolved(con) -> tuple[int, float]:
    """Recompute the resolved graph over every stored derivation and rewrite ``resolved_derivations``.

    Runs inside the caller's transaction (the trace run's, or a migration's): one query reads
    the links (the mean aligned-pair similarity aggregated in DuckDB, so no alignment row
    reaches Python), :func:`~newstrace.provenance.graph.resolve_links` keeps some, and one
    ``DELETE`` plus one ``INSERT ... SELECT`` joined to an Arrow batch of the kept keys write them.

    Args:
        con: a writable DuckDB connection to a store with ``derivations``, ``alignments`` and
            ``resolved_derivations``.

    Returns:
        ``(kept links, seconds taken)``.

    Raises:
        duckdb.Error: the store cannot be read or written (the caller translates it).
    """
    # imported here: newstrace.provenance loads the candidate index (datasketch), which opening a store does not need
    from newstrace.provenance.graph import Link, promoted_siblings, resolve_links

    t0 = time.perf_counter()
    from newstrace.provenance.direction import VERSIONS_REASON

    rows = con.execute(_LINKS_SQL.format(versions=versions_sql("d.")), [VERSIONS_REASON]).fetchall()
    links = [Link(r[0], r[2], r[3] if r[2] is None else None, r[4], r[5], r[6], r[7], r[8], r[9] or "") for r in rows]
    promoted = promoted_siblings(links)

    def copy_sentences(i: int) -> set[int]:  # read for the few copies with two candidate origins
        q = "SELECT copy_index FROM alignments WHERE copy_id = ? AND origin_key = ?"
        return {r[0] for r in con.execute(q, [rows[i][0], rows[i][1]]).fetchall()}

    kept = resolve_links(links, promoted, copy_sentences)
    promoted = {i: p for i, p in promoted.items() if i in kept}
    evidence = _promoted_evidence(con, rows, promoted)
    order = sorted(kept)
    batch = pa.table({
        "copy_id": pa.array([rows[i][0] for i in order], type=pa.string()),
        "origin_key": pa.array([rows[i][1] for i in order], type=pa.string()),
        "group_ids": pa.array([kept[i] for i in order], type=pa.list_(pa.string())),
        # a sibling record read as a chain step: its new origin and the reason (graph.promoted_siblings)
        "promoted_to": pa.array([promoted[i].origin if i in promoted else None for i in order], type=pa.string()),
        "promoted_evidence": pa.array([evidence.get(i) for i in order], type=pa.list_(pa.string())),
    })  # fmt: skip
    con.execute(f"DELETE FROM {RESOLVED_TABLE}")
    con.register("_resolved_batch", batch)
    try:
        con.execute(
            f"INSERT INTO {RESOLVED_TABLE} BY NAME SELECT d.* REPLACE ("
            "CASE WHEN k.promoted_to IS NULL THEN coalesce(k.group_ids, d.sibling_ids) ELSE [] END AS sibling_ids, "
            "coalesce(k.promoted_to, d.origin_id) AS origin_id, "
            "CASE WHEN k.promoted_to IS NULL THEN d.origin_source ELSE (SELECT any_value(x.copy_source) "
            "FROM derivations x WHERE x.copy_id = k.promoted_to) END AS origin_source, "
            "d.inferred_source AND k.promoted_to IS NULL AS inferred_source, "
            "CASE WHEN k.promoted_to IS NULL THEN d.direction_evidence ELSE k.promoted_evidence END AS direction_evidence) "
            "FROM derivations d JOIN _resolved_batch k ON k.copy_id = d.copy_id AND k.origin_key = d.origin_key"
        )
    finally:
        con.unregister("_resolved_batch")
    return len(order), time.perf_counter() - t0


def _promoted_evidence(con, rows: list, promoted: dict) -> dict[int, list[str]]:
    """The direction evidence of each promoted sibling record (index in ``rows`` -> lines): its stored lines
    as :func:`newstrace.provenance.graph.promoted_evidence` rewrites them, read for these few rows only."""
    from newstrace.provenance.graph import promoted_evidence

    if not promoted:
        return {}
    keys = {(rows[i][0], rows[i][1]): i for i in promoted}
    batch = pa.table({"copy_id": pa.array([k[0] for k in keys], type=pa.string()),
                      "origin_key": pa.array([k[1] for k in keys], type=pa.string())})
    con.register("_promoted_keys", batch)
    try:
        stored = con.execute("SELECT d.copy_id, d.origin_key, d.direction_evidence FROM derivations d "
                             "JOIN _promoted_keys k ON k.copy_id = d.copy_id AND k.origin_key = d.origin_key").fetchall()
    finally:
        con.unregister("_promoted_keys")
    return {keys[(c, o)]: promoted_evidence(ev or [], promoted[keys[(c, o)]]) for c, o, ev in stored}


__all__ = ["RESOLVED_TABLE", "DDL", "refresh_resolved"]
