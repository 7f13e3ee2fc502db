"""Store access for the stories package: queries, registered id lists and bulk inserts through the :class:`~newstrace.store.Store`'s public API.

The story tables (migration ``0005_stories``) are read and written with the store's public
``query``, ``execute``, ``insert_rows``, ``registered_ids`` and ``transaction``, so DuckDB
errors still become :mod:`newstrace.store.errors` classes.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

from newstrace.store import Store


def rows(store: Store, sql: str, params: list | tuple | None = None) -> list[dict[str, Any]]:
    """Result rows of ``sql`` as dicts (column name -> value)."""
    return store.query(sql, params)


def tuples(store: Store, sql: str, params: list | tuple | None = None) -> list[tuple]:
    """Result rows of ``sql`` as tuples, in column order.

    The rows come from :meth:`Store.query` (dicts), so the query's column names must be
    distinct (``SELECT a.id, b.id`` needs an alias).
    """
    return [tuple(r.values()) for r in store.query(sql, params)]


def execute(store: Store, sql: str, params: list | tuple | None = None) -> None:
    """Run a statement, discarding any result."""
    store.execute(sql, params)


def insert(store: Store, table: str, records: list[dict[str, Any]]) -> None:
    """Bulk-insert rows (dicts keyed by column) into ``table`` through Arrow."""
    if records:
        store.insert_rows(table, records)


@contextlib.contextmanager
def registered_ids(store: Store, name: str, ids: Iterable[str]) -> Iterator[str]:
    """Register ``ids`` as a one-column (``id``) relation called ``name`` for the block; yields ``name``."""
    with store.registered_ids(name, ids):
        yield name


def transaction(store: Store):
    """The store's transaction context manager (commit at the end, roll back on error)."""
    return store.transaction()


__all__ = ["execute", "insert", "registered_ids", "rows", "transaction", "tuples"]
