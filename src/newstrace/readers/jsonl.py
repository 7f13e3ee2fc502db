"""JSON Lines reader: one article object per line (also a JSON array or a single object in a ``.json`` file)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from newstrace.readers.base import (
    MAX_FILE_BYTES,
    RawDocument,
    error_document,
    head_error,
    notice_record,
    nul_in_record,
)
from newstrace.readers.columns import ColumnMap, as_column_map, record_to_document
from newstrace.readers.encoding import NOTICE_CODE, Decoder, invalid_lines
from newstrace.readers.text import decode_bytes
from newstrace.schema import Source

_BOM = b"\xef\xbb\xbf"


def read_jsonl_file(path: Path, columns: ColumnMap | str | Mapping[str, str] | None = None,
                    encoding: str | None = None, **_options) -> Iterator[RawDocument]:  # fmt: skip
    """Yield one RawDocument per JSON object in a JSON Lines file.

    Args:
        path: the file. Lines are read one at a time, so the file may be any size.
        columns: column mapping (see :class:`~newstrace.readers.columns.ColumnMap`).
        encoding: a codec named with ``--encoding`` for every line (ASCII-compatible: UTF-16
            files are transcoded by :func:`newstrace.readers.read_path`), or ``None``: UTF-8, a
            line that is not UTF-8 decoded with the legacy codec detected from the file's
            non-UTF-8 lines, its record carrying a W103 notice (see :mod:`newstrace.readers.encoding`).

    Every record's ``Source`` has ``record`` (0-based, blank lines not counted), ``line``
    (1-based) and ``offset`` (byte offset of the line). A file whose first non-blank byte
    is ``[`` is read as a JSON array of objects (unless its first line is a whole JSON value with
    more lines after it: JSON Lines, whose first record is then an E106 error), content after the
    array is an E106 error, and a ``.json`` file holding one object is a single record.

    Never raises for bad input; error records: E102 empty file, E103 binary data (the file), or a
    NUL byte or bytes that cannot be decoded in one line (that record only, with the byte's offset), E106 a malformed JSON line or a value that is not an object,
    plus the record errors of :func:`~newstrace.readers.columns.record_to_document`.
    """
    columns = as_column_map(columns)
    file_source = Source(path=str(path), format="jsonl")
    with path.open("rb") as fh:
        head = fh.read(8192)
        unreadable = head_error(head, "JSON Lines")
        if unreadable:
            yield error_document(file_source, "E103", unreadable)
            return
        first = head.removeprefix(_BOM).lstrip()[:1]
        if (first == b"[" and not _lines_after_a_first_line_value(fh)) or (
                first == b"{" and path.suffix.lower() == ".json" and _single_object(path, encoding)):
            yield from _read_json_document(path, columns, encoding)
            return
        fh.seek(0)
        yield from _read_lines(fh, path, columns, encoding)


def _sample(path: Path, offset: int) -> bytes:
    """The detection sample of a file: its non-UTF-8 lines from byte ``offset`` on."""
    with path.open("rb") as fh:
        fh.seek(offset)
        return invalid_lines(fh)


def _lines_after_a_first_line_value(fh) -> bool:
    """True when the file's first non-blank line is a whole JSON value and more non-blank lines
    follow: JSON Lines whose first record happens to be an array (reported as such, E106), not one
    JSON array document, whose reading would drop every line after the array unseen."""
    fh.seek(0)
    for raw in fh:
        if raw.strip():
            break
    else:
        return False
    if not any(line.strip() for line in fh):  # one line: a JSON array document, parsed once, later
        return False
    try:
        json.loads(raw.removeprefix(_BOM).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return False
    return True


def _read_lines(fh, path: Path, columns: ColumnMap, encoding: str | None = None) -> Iterator[RawDocument]:
    decoder = Decoder(encoding, lambda at: _sample(path, at))
    offset = 0
    record = 0
    for lineno, raw in enumerate(fh, 1):
        start = offset
        offset += len(raw)
        if lineno == 1:
            raw = raw.removeprefix(_BOM)
        if not raw.strip():
            continue
        source = Source(path=str(path), format="jsonl", record=record, line=lineno, offset=start)
        record += 1
        raw = raw.rstrip(b"\r\n")
        if (nul := raw.find(b"\x00")) >= 0:  # binary bytes in this line only: the other lines are read
            yield error_document(source, "E103", nul_in_record(start + nul))
            continue
        got = decoder.line(raw, start)
        if got.error is not None:
            yield error_document(source, "E103", got.error)
            continue
        try:
            value = json.loads(got.text)
        except json.JSONDecodeError as exc:
            yield error_document(source, "E106", f"malformed JSON at column {exc.colno}: {exc.msg.removesuffix(' at')}")
            continue
        doc = _object_document(value, source, columns)
        if got.notice is not None and doc.error is None:  # read, but not as UTF-8: the user is told
            doc.notices.append(notice_record(source, NOTICE_CODE, got.notice))
        yield doc
    if record == 0:
        yield error_document(Source(path=str(path), format="jsonl"), "E102", "empty input: no records to analyse")


def _object_document(value: Any, source: Source, columns: ColumnMap) -> RawDocument:
    if not isinstance(value, dict):
        kind = {list: "an array", str: "a string", type(None): "null"}.get(type(value), f"a {type(value).__name__}")
        return error_document(source, "E106", f"JSON value is {kind}, not an object with article fields")
    return record_to_document(value, source, columns)


def _single_object(path: Path, encoding: str | None = None) -> bool:
    """True when a ``.json`` file holds one JSON object spread over several lines."""
    if path.stat().st_size > MAX_FILE_BYTES:
        return False
    text, _, _ = decode_bytes(path.read_bytes(), Source(path=str(path), format="jsonl"), encoding)
    try:
        json.loads(text) if text is not None else None
    except json.JSONDecodeError:
        return False
    return text is not None


def _read_json_document(path: Path, columns: ColumnMap, encoding: str | None = None) -> Iterator[RawDocument]:
    """Records of a JSON array (or one object), each with the line and byte offset where it starts.

    A document not in UTF-8 is decoded whole (:func:`~newstrace.readers.text.decode_bytes`);
    every record then carries its W103 notice.
    """
    file_source = Source(path=str(path), format="jsonl")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        yield error_document(file_source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        return
    text, err, notice = decode_bytes(path.read_bytes(), file_source, encoding)
    if err is not None:
        yield err
        return
    for doc in _array_records(path, text, columns):
        if notice is not None and doc.error is None:
            doc.notices.append(notice_record(doc.source, NOTICE_CODE, notice.message.removeprefix(f"{file_source.label()}: ")))
        yield doc


def _array_records(path: Path, text: str, columns: ColumnMap) -> Iterator[RawDocument]:
    """The records of a decoded JSON array (or one object) document."""
    file_source = Source(path=str(path), format="jsonl")
    decoder = json.JSONDecoder()
    position = _Positions(path, text)
    pos = _skip_ws(text, 0)
    if text[pos] == "{":
        value, _ = decoder.raw_decode(text, pos)
        yield _object_document(value, position(0, pos), columns)
        return
    pos = _skip_ws(text, pos + 1)
    record = 0
    while pos < len(text) and text[pos] != "]":
        source = position(record, pos)
        try:
            value, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as exc:
            # An array cannot be resynchronised after a syntax error: report it and stop.
            yield error_document(
                source, "E106", f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg.removesuffix(' at')}; "
                "the rest of the array is not read",
            )
            return
        yield _object_document(value, source, columns)
        record += 1
        pos = _skip_ws(text, end)
        if pos < len(text) and text[pos] == ",":
            pos = _skip_ws(text, pos + 1)
        elif pos < len(text) and text[pos] != "]":
            yield error_document(position(record, pos), "E106", "malformed JSON: expected ',' or ']' in the array")
            return
    end = _skip_ws(text, pos + 1)
    if end < len(text):  # a JSON document is one array: what follows it would be dropped unseen
        yield error_document(position(record, end), "E106", "content after the JSON array is not read: a JSON file "
                             "holds one array (JSON Lines: one object per line)")
    if record == 0:
        yield error_document(file_source, "E102", "empty input: the JSON array has no records")


def _skip_ws(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n\ufeff":
        pos += 1
    return pos


class _Positions:
    """Line number and byte offset of character positions met in increasing order (linear overall)."""

    def __init__(self, path: Path, text: str) -> None:
        self.path, self.text = str(path), text
        self.pos, self.line, self.offset = 0, 1, 0

    def __call__(self, record: int, pos: int) -> Source:
        chunk = self.text[self.pos : pos]
        self.line += chunk.count("\n")
        self.offset += len(chunk.encode("utf-8", errors="surrogatepass"))
        self.pos = pos
        return Source(path=self.path, format="jsonl", record=record, line=self.line, offset=self.offset)
