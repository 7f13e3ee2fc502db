"""Store exceptions: one class per way a store can fail, each message saying what to do."""

from __future__ import annotations


class StoreError(Exception):
    """Base class of every error raised by :mod:`newstrace.store`.

    The CLI turns any ``StoreError`` into a one-line ``Error: ...`` message and exit code 2.
    """


class StoreNotFoundError(StoreError):
    """The store file does not exist and the operation does not create one (``show``, read-only)."""


class StoreLockedError(StoreError):
    """Another process holds the store file's write lock.

    DuckDB allows one writing process per file; a second writer (or a reader while a writer
    is open) gets ``IOException: Could not set lock on file``.
    """


class StoreCorruptError(StoreError):
    """The store file is damaged or is not a DuckDB database.

    The store is never silently replaced: the message names the file and tells the user to
    restore a backup or move the file away.
    """


class SchemaVersionError(StoreError):
    """The store's migrations do not match this version of newstrace.

    Raised when the store was written by a newer newstrace (unknown migrations), when a
    DuckDB file is not a newstrace store, or when a read-only open finds pending migrations.
    """


class FingerprintSchemeError(StoreError):
    """A fingerprint's scheme parameters (``num_perm``, ``seed``, ...) differ from those stored.

    Hash values carry no trace of how they were made, so signatures of two schemes must
    never be compared (like ``datasketch``'s MinHash refusing another ``num_perm``/``seed``).
    """


__all__ = [
    "StoreError",
    "StoreNotFoundError",
    "StoreLockedError",
    "StoreCorruptError",
    "SchemaVersionError",
    "FingerprintSchemeError",
]
