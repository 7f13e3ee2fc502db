"""Store access for the stories package: queries, Arrow-registered id lists and bulk inserts on a :class:`~newstrace.store.Store`.

The store's public API covers articles, fingerprints and derivations; the story tables
(migration ``0005_stories``) are read and written here, through the store's own query and
insert helpers, so DuckDB errors still become :mod:`newstrace.store.errors` classes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

import pyarrow as pa

from newstrace.store import Store


def rows(store: Store, sql: str, params: list | tuple | None = None) -> list[dict[str, Any]]:
    """Result rows of ``sql`` as dicts (column name -> value)."""
    return store._rows(sql, params)


def tuples(store: Store, sql: str, params: list | tuple | None = None) -> list[tuple]:
    """Result rows of ``sql`` as tuples."""
    return store._q(sql, params).fetchall()


def execute(store: Store, sql: str, params: list | tuple | None = None) -> None:
    """Run a statement, discarding any result."""
    store._q(sql, params).fetchall()


def insert(store: Store, table: str, records: list[dict[str, Any]]) -> None:
    """Bulk-insert rows (dicts keyed by column) into ``table`` through Arrow."""
    if records:
        if table not in store._types:  # a table created after the store was opened
            store._types[table] = store._column_types(table)
        store._insert(table, records)


@contextlib.contextmanager
def registered_ids(store: Store, name: str, ids: Iterable[str]) -> Iterator[str]:
    """Register ``ids`` as a one-column (``id``) relation called ``name`` for the block; yields ``name``."""
    store._con.register(name, pa.table({"id": pa.array(list(ids), type=pa.string())}))
    try:
        yield name
    finally:
        store._con.unregister(name)


def transaction(store: Store):
    """The store's transaction context manager (commit at the end, roll back on error)."""
    return store.transaction()


__all__ = ["execute", "insert", "registered_ids", "rows", "transaction", "tuples"]
