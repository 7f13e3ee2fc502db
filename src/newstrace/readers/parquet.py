"""Parquet reader: one article per row, read in row batches with pyarrow (never the whole file at once)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from newstrace.readers.base import RawDocument, error_document
from newstrace.readers.columns import ColumnMap, as_column_map, record_to_document
from newstrace.schema import Source

#: Rows converted to Python per batch; bounds memory to about this many articles.
BATCH_ROWS = 512


def read_parquet_file(
    path: Path,
    columns: ColumnMap | str | Mapping[str, str] | None = None,
    batch_rows: int = BATCH_ROWS,
    **_options,
) -> Iterator[RawDocument]:
    """Yield one RawDocument per row of a Parquet file.

    Args:
        path: the file.
        columns: column mapping (see :class:`~newstrace.readers.columns.ColumnMap`); resolved
            once against the file's schema, like a CSV header. Only the mapped columns are read.
        batch_rows: rows decoded at a time.

    Each record's ``Source`` has ``format="parquet"`` and ``record`` = 0-based row index in
    the file. Values are handed to :func:`~newstrace.readers.columns.record_to_document`
    after conversion: timestamps and dates become ISO 8601 text, decimals floats, UTF-8
    binary text.

    Never raises for bad input; error records: E106 not a Parquet file (or an unreadable
    footer), E108 a column named in ``columns`` is not in the schema, E107 no text column,
    E109 a row group that cannot be decoded (named by row group and first row; the next
    row groups are still read), E102 a file with no rows, plus the per-record errors of
    ``record_to_document``.
    """
    import pyarrow.parquet as pq

    columns = as_column_map(columns)
    file_source = Source(path=str(path), format="parquet")
    try:
        pf = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises ArrowInvalid, OSError, ... on a non-Parquet file
        yield error_document(file_source, "E106", f"not a readable Parquet file: {_first_line(exc)}")
        return
    names = list(pf.schema_arrow.names)
    resolved, missing = columns.resolve(names)
    shown = ", ".join(repr(n) for n in names[:20])
    if missing:
        field, column = missing[0]
        yield error_document(
            file_source, "E108", f"unknown column {column!r} (named with --columns {field}={column}); the file has {shown}"
        )
        return
    if "text" not in resolved:
        yield error_document(
            file_source,
            "E107",
            f"no text column (looked for {', '.join(columns.text_columns())}; the file has {shown}); "
            "name one with --columns text=COLUMN",
        )
        return
    # Read only the top-level columns the map uses (a dotted name reads its struct column).
    wanted = sorted({col.split(".", 1)[0] if col not in names else col for col in resolved.values()})
    record = 0
    meta = pf.metadata
    if meta.num_rows == 0:
        yield error_document(file_source, "E102", "empty input: the Parquet file has no rows")
        return
    for group in range(meta.num_row_groups):
        first = record
        rows_in_group = meta.row_group(group).num_rows
        try:
            for batch in pf.iter_batches(batch_size=batch_rows, row_groups=[group], columns=wanted):
                for row in batch.to_pylist():
                    source = Source(path=str(path), format="parquet", record=record)
                    record += 1
                    yield record_to_document(_plain(row), source, columns, resolved)
        except Exception as exc:  # a damaged row group: report it, go on with the next
            source = Source(path=str(path), format="parquet", record=record)
            yield error_document(
                source,
                "E109",
                f"row group {group} (rows {first}-{first + rows_in_group - 1}) cannot be decoded after row "
                f"{record}: {_first_line(exc)}",
            )
            record = first + rows_in_group


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """Cell values as the column mapper expects: str, numbers, lists, dicts."""
    return {k: _plain_value(v) for k, v in row.items()}


def _plain_value(value: Any) -> Any:
    if isinstance(value, (dt.datetime, dt.date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    if isinstance(value, dict):
        return {k: _plain_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_value(v) for v in value]
    return value


def _first_line(exc: BaseException) -> str:
    """pyarrow's reason in words: its first line when printable ASCII, capped at 160 characters.

    The exception's class name and any raw bytes are left out; without a usable message the
    reason is "damaged, truncated or not a Parquet file".
    """
    lines = str(exc).strip().splitlines()
    text = lines[0].strip() if lines else ""
    if not text or not text.isascii() or not text.isprintable() or "\\x" in text:
        return "damaged, truncated or not a Parquet file"
    return text if len(text) <= 160 else text[:157] + "..."


__all__ = ["read_parquet_file", "BATCH_ROWS"]
