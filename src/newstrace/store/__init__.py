"""Embedded DuckDB store: versioned schema, recorded migrations, idempotent writes, ingest and trace runs."""

from __future__ import annotations

from newstrace.store.core import (
    DEFAULT_STORE,
    BatchResult,
    FinishedInput,
    IngestItem,
    InputState,
    Store,
)
from newstrace.store.errors import (
    FingerprintSchemeError,
    SchemaVersionError,
    StoreCorruptError,
    StoreError,
    StoreLockedError,
    StoreNotFoundError,
)
from newstrace.store.migrations import MIGRATIONS


def open_store(path=DEFAULT_STORE, *, read_only: bool = False, create: bool = True) -> Store:
    """Open (and migrate) a store; see :class:`Store` for the errors raised."""
    return Store(path, read_only=read_only, create=create)


__all__ = [
    "Store",
    "open_store",
    "DEFAULT_STORE",
    "MIGRATIONS",
    "BatchResult",
    "FinishedInput",
    "IngestItem",
    "InputState",
    "StoreError",
    "StoreNotFoundError",
    "StoreLockedError",
    "StoreCorruptError",
    "SchemaVersionError",
    "FingerprintSchemeError",
]
