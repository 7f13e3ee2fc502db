"""The resolved derivation graph kept in the store: :func:`~newstrace.provenance.graph.resolve` over every stored link.

The ``derivations`` table keeps every verified pair of the latest trace (a chain's shortcut
links, a copy verified against two versions of its origin, sibling pairs of copies whose
origin is stored). The graph a reader expects (one origin per copy, one inferred source per
sibling group) is :func:`newstrace.provenance.graph.resolve_links` of those pairs. After
every trace run, in the same transaction as the links it writes, :func:`refresh_resolved`
recomputes it over all stored links and rewrites ``resolved_links``: one row per kept link
(its ``(copy_id, origin_key)``), with the sibling group of a kept sibling link. Because it
reads only the stored links, an incremental run leaves the same resolved graph as a full run.

The ``resolved_derivations`` view (:data:`RESOLVED_VIEW`) has the columns of ``derivations``,
the kept rows only, and ``sibling_ids`` replaced by the group: what stories, the report, the
web app, ``export`` and ``trace`` read by default.
"""

from __future__ import annotations

import time

import pyarrow as pa

#: The table of kept links (``sibling_ids``: the sibling group, partner first; NULL for a direct link).
RESOLVED_TABLE = "resolved_links"
#: The view over ``derivations`` that views read: kept rows, ``sibling_ids`` the whole group.
RESOLVED_VIEW = "resolved_derivations"

#: DDL of the table and the view (run by migration ``0007_resolved_links``).
DDL: tuple[str, ...] = (
    f"CREATE TABLE {RESOLVED_TABLE} (copy_id VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, sibling_ids VARCHAR[])",
    # a view binds when queried, so columns added to derivations later appear in it too
    f"CREATE VIEW {RESOLVED_VIEW} AS SELECT d.* REPLACE (coalesce(r.sibling_ids, d.sibling_ids) AS sibling_ids) "
    f"FROM derivations d JOIN {RESOLVED_TABLE} r ON r.copy_id = d.copy_id AND r.origin_key = d.origin_key",
)

# Every stored link as a Link, with the mean similarity of its aligned pairs (fsum: exact, so
# the same for any scan order); sorted, though resolve_links does not depend on the order.
_LINKS_SQL = """
SELECT d.copy_id, d.origin_key, d.origin_id, d.sibling_ids[1] AS partner, d.score, d.copy_coverage,
       coalesce(d.origin_coverage, 0.0), coalesce(p.sim, 0.0)
FROM derivations d LEFT JOIN (
    SELECT copy_id, origin_key, fsum(similarity) / count(similarity) AS sim
    FROM alignments WHERE similarity IS NOT NULL GROUP BY copy_id, origin_key
) p ON p.copy_id = d.copy_id AND p.origin_key = d.origin_key
ORDER BY d.copy_id, d.origin_key"""


def refresh_resolved(con) -> tuple[int, float]:
    """Recompute the resolved graph over every stored derivation and rewrite ``resolved_links``.

    Runs inside the caller's transaction (the trace run's, or a migration's): one query reads
    the links (with the mean aligned-pair similarity aggregated in DuckDB, so no alignment row
    reaches Python), one ``DELETE`` and one Arrow bulk ``INSERT`` write the kept ones.

    Args:
        con: a writable DuckDB connection to a store with ``derivations``, ``alignments`` and
            ``resolved_links``.

    Returns:
        ``(kept links, seconds taken)``.

    Raises:
        duckdb.Error: the store cannot be read or written (the caller translates it).
    """
    # imported here: newstrace.provenance loads the candidate index (datasketch), which opening a store does not need
    from newstrace.provenance.graph import Link, resolve_links

    t0 = time.perf_counter()
    rows = con.execute(_LINKS_SQL).fetchall()
    links = [Link(r[0], r[2], r[3] if r[2] is None else None, r[4], r[5], r[6], r[7]) for r in rows]
    kept = resolve_links(links)
    order = sorted(kept)
    table = pa.table({
        "copy_id": pa.array([rows[i][0] for i in order], type=pa.string()),
        "origin_key": pa.array([rows[i][1] for i in order], type=pa.string()),
        "sibling_ids": pa.array([kept[i] for i in order], type=pa.list_(pa.string())),
    })  # fmt: skip
    con.execute(f"DELETE FROM {RESOLVED_TABLE}")
    con.register("_resolved_batch", table)
    try:
        con.execute(f"INSERT INTO {RESOLVED_TABLE} SELECT copy_id, origin_key, sibling_ids FROM _resolved_batch")
    finally:
        con.unregister("_resolved_batch")
    return len(order), time.perf_counter() - t0


__all__ = ["RESOLVED_TABLE", "RESOLVED_VIEW", "DDL", "refresh_resolved"]
