"""Readers: turn files and folders into RawDocument records, one reader per format."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from newstrace.readers.base import RawDocument, error_document
from newstrace.schema import Source

#: File suffix -> reader format name.
SUFFIX_FORMATS: dict[str, str] = {
    ".txt": "text",
    ".text": "text",
    ".md": "text",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
    ".tsv": "csv",
    ".parquet": "parquet",
    ".warc": "warc",
    ".warc.gz": "warc",
}


def detect_format(path: Path) -> str:
    """Reader format for ``path`` from its suffix; unknown suffixes read as plain text."""
    name = path.name.lower()
    for suffix in sorted(SUFFIX_FORMATS, key=len, reverse=True):
        if name.endswith(suffix):
            return SUFFIX_FORMATS[suffix]
    return "text"


def iter_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Expand files and folders (recursively, sorted, hidden files skipped) into files."""
    for p in paths:
        p = Path(p)
        if p.is_dir():
            for child in sorted(p.rglob("*")):
                if child.is_file() and not any(part.startswith(".") for part in child.relative_to(p).parts):
                    yield child
        else:
            yield p


def read_path(path: str | Path, fmt: str | None = None, **options) -> Iterator[RawDocument]:
    """Yield RawDocument records from one file.

    Args:
        path: the file.
        fmt: reader name (``text``, ``html``, ``jsonl``, ``csv``, ``parquet``, ``warc``);
            detected from the suffix when ``None``.
        **options: reader options, e.g. ``columns`` for JSONL/CSV/Parquet column mapping.

    Never raises for bad input: a missing, unreadable or malformed file or record is
    yielded as an error record (``RawDocument.error`` set) naming file and record.
    """
    path = Path(path)
    fmt = fmt or detect_format(path)
    source = Source(path=str(path), format=fmt)
    if not path.exists():
        yield error_document(source, "E100", "file not found")
        return
    try:
        reader = _reader(fmt)
    except KeyError:
        yield error_document(source, "E101", f"unknown input format {fmt!r}")
        return
    try:
        yield from reader(path, **options)
    except Exception as exc:  # a reader bug must not stop the batch
        yield error_document(source, "E199", f"reader failed: {type(exc).__name__}: {exc}")


def read_paths(paths: Iterable[str | Path], fmt: str | None = None, **options) -> Iterator[RawDocument]:
    """Yield RawDocument records from files and folders, in a stable order."""
    for path in iter_files(paths):
        yield from read_path(path, fmt, **options)


def _reader(fmt: str):
    if fmt == "text":
        from newstrace.readers.text import read_text_file

        return read_text_file
    if fmt == "html":
        from newstrace.readers.html import read_html_file

        return read_html_file
    if fmt == "jsonl":
        from newstrace.readers.jsonl import read_jsonl_file

        return read_jsonl_file
    if fmt == "csv":
        from newstrace.readers.csv import read_csv_file

        return read_csv_file
    if fmt == "parquet":
        from newstrace.readers.parquet import read_parquet_file

        return read_parquet_file
    if fmt == "warc":
        from newstrace.readers.warc import read_warc_file

        return read_warc_file
    raise KeyError(fmt)


__all__ = ["RawDocument", "read_path", "read_paths", "detect_format", "iter_files"]
