"""CSV/TSV reader: one article per row, columns named by the header row."""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path

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
from newstrace.schema import Source

_BOM = b"\xef\xbb\xbf"
_DELIMITERS = ",;\t|"


def read_csv_file(
    path: Path,
    columns: ColumnMap | str | Mapping[str, str] | None = None,
    delimiter: str | None = None,
    encoding: str | None = None,
    **_options,
) -> Iterator[RawDocument]:
    """Yield one RawDocument per data row of a CSV (or TSV) file with a header row.

    Args:
        path: the file; rows are read one at a time (quoted fields may span lines).
        columns: column mapping (see :class:`~newstrace.readers.columns.ColumnMap`).
        delimiter: field separator; by default tab for ``.tsv`` files, else whichever of
            ``, ; TAB |`` occurs most often in the header line (comma on a tie).
        encoding: a codec named with ``--encoding`` for every line, or ``None``: UTF-8, a line
            that is not UTF-8 decoded with the legacy codec detected from the file's non-UTF-8
            lines, its row carrying a W103 notice (see :mod:`newstrace.readers.encoding`).

    Every record's ``Source`` has ``record`` (0-based data row), ``line`` (1-based line
    where the row starts; the header is line 1) and ``offset`` (its byte offset).

    Never raises for bad input; error records: E102 empty file or a header with no data rows, E103 binary data (the file), or a row
    with a NUL byte or bytes that cannot be decoded (that row only; the message gives the byte's offset), E106 a malformed row (a parse error, or more fields than the
    header), E107 no text column in the header, E108 a column named in ``columns`` is not
    in the header (one error for the file: every row would be read wrongly), plus the
    record errors of :func:`~newstrace.readers.columns.record_to_document`.
    """
    columns = as_column_map(columns)
    file_source = Source(path=str(path), format="csv")
    header_source = Source(path=str(path), format="csv", record=0, line=1, offset=0)
    # Article bodies exceed the csv module's 128 KiB default field limit; the article-length
    # limit is enforced later, with a clear error, by the pipeline.
    if csv.field_size_limit() < MAX_FILE_BYTES:
        csv.field_size_limit(MAX_FILE_BYTES)
    with path.open("rb") as fh:
        head = fh.read(8192)
        unreadable = head_error(head, "CSV")
        if unreadable:
            yield error_document(file_source, "E103", unreadable)
            return
        fh.seek(0)
        starts: deque[tuple[int, int]] = deque()  # (line number, byte offset) of lines not yet consumed
        nuls: dict[int, int] = {}  # line number -> file offset of its first NUL byte (reported per row)
        # line number -> (code, message) of a line not read as UTF-8: W103 decoded as legacy, E103 not decodable
        marks: dict[int, tuple[str, str]] = {}
        decoder = Decoder(encoding, lambda at: _sample(path, at))
        line_iter = _lines(fh, 1, 0, starts, nuls, decoder, marks)
        first = next(line_iter, None)
        if first is None or not first.strip():
            if first is None or not any(line.strip() for line in line_iter):
                yield error_document(file_source, "E102", "empty input: no header row and no records")
                return
            yield error_document(header_source, "E106", "the first line is blank; a CSV file starts with its header row")
            return
        delim = delimiter or ("\t" if path.suffix.lower() == ".tsv" else _guess_delimiter(first))
        # strict: a stray quote is a malformed row (E106), never a field that swallows the rows after it
        reader = csv.reader(_chain(first, line_iter), delimiter=delim, strict=True)
        try:
            header = [h.strip() for h in next(reader)]
        except csv.Error as exc:
            yield error_document(header_source, "E106", f"malformed header row: {exc}")
            return
        header_nul = next((nuls[n] for n in range(1, reader.line_num + 1) if n in nuls), None)
        if header_nul is not None:  # every row is read by the header's column names
            yield error_document(header_source, "E103", f"header row holds binary data (NUL byte 0x00 at offset {header_nul})")
            return
        header_marks = [marks[n] for n in range(1, reader.line_num + 1) if n in marks]
        if any(code == "E103" for code, _ in header_marks):
            yield error_document(header_source, "E103", "header row: " + next(m for c, m in header_marks if c == "E103"))
            return
        # the first row carries the header's notice: every column name came through that decoding
        header_notice = f"header row: {header_marks[0][1]}" if header_marks else None
        resolved, missing = columns.resolve(header)
        shown = ", ".join(repr(h) for h in header[:20])
        if missing:
            field, column = missing[0]
            yield error_document(
                header_source,
                "E108",
                f"unknown column {column!r} (named with --columns {field}={column}); the header has {shown}",
            )
            return
        if "text" not in resolved:
            yield error_document(
                header_source,
                "E107",
                f"no text column (looked for {', '.join(columns.text_columns())}; the header has {shown}); "
                "name one with --columns text=COLUMN",
            )
            return
        rows = 0

        def reader_from(line: int, offset: int):
            """A reader over the file from ``line`` (at byte ``offset``) on, line numbers kept."""
            fh.seek(offset)
            starts.clear()
            return _NumberedReader(csv.reader(_lines(fh, line, offset, starts, nuls, decoder, marks), delimiter=delim,
                                              strict=True), line - 1)  # fmt: skip

        for doc in _rows(_NumberedReader(reader, 0), header, resolved, starts, nuls, marks, path, columns, reader_from):
            if header_notice is not None and doc.error is None:
                doc.notices.insert(0, notice_record(doc.source, NOTICE_CODE, header_notice))
                header_notice = None
            rows += 1
            yield doc
        if rows == 0:
            yield error_document(file_source, "E102", "no records: the file has a header row but no data rows")


class _NumberedReader:
    """A csv reader started at a later line of the file: ``line_num`` counts from the file's first line."""

    def __init__(self, reader, before: int) -> None:
        self.reader, self.before = reader, before

    def __iter__(self):
        return self

    def __next__(self) -> list[str]:
        return next(self.reader)

    @property
    def line_num(self) -> int:
        return self.before + self.reader.line_num


def _sample(path: Path, offset: int) -> bytes:
    """The detection sample of a file: its non-UTF-8 lines from byte ``offset`` on."""
    with path.open("rb") as fh:
        fh.seek(offset)
        return invalid_lines(fh)


def _lines(fh, lineno: int, offset: int, starts: deque, nuls: dict, decoder: Decoder, marks: dict) -> Iterator[str]:
    """Decoded lines of ``fh`` from line ``lineno`` at byte ``offset``, noting each line's start, NUL bytes and decoding."""
    for raw in fh:
        starts.append((lineno, offset))
        if (nul := raw.find(b"\x00")) >= 0:
            nuls[lineno] = offset + nul
        start = offset
        offset += len(raw)
        if lineno == 1:
            raw = raw.removeprefix(_BOM)
        got = decoder.line(raw, start)
        if got.error is not None:
            marks[lineno] = ("E103", got.error)
            # Undecodable bytes survive as lone surrogates so the one bad row can be reported.
            text = raw.decode("utf-8", errors="surrogateescape")
        else:
            if got.notice is not None:
                marks[lineno] = (NOTICE_CODE, got.notice)
            text = got.text
        lineno += 1
        yield text


def _rows(reader, header: list[str], resolved: dict[str, str], starts: deque, nuls: dict, marks: dict, path: Path,
          columns: ColumnMap, reader_from):
    record = 0
    last_line = reader.line_num
    while True:
        start = last_line + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            last_line = reader.line_num
            # a row whose stray quote ran over later lines is its first line alone: the lines it
            # swallowed are read again as rows of their own (each reported if malformed too)
            next_line = next((o for n, o in starts if n == start + 1), None) if last_line > start else None
            yield error_document(_source(path, record, start, starts), "E106",
                                 _malformed(exc, start, resumed=next_line is not None))
            record += 1
            if next_line is not None:
                reader = reader_from(start + 1, next_line)
                last_line = start
            continue
        last_line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue  # blank line between rows
        source = _source(path, record, start, starts)
        record += 1
        nul = next((nuls[n] for n in range(start, last_line + 1) if n in nuls), None)
        if nul is not None:  # binary bytes in this row only: report it, read the other rows
            yield error_document(source, "E103", nul_in_record(nul))
            continue
        row_marks = [marks[n] for n in range(start, last_line + 1) if n in marks]
        undecodable = next((m for code, m in row_marks if code == "E103"), None)
        if undecodable is not None:
            yield error_document(source, "E103", undecodable)
            continue
        bad = next((i for i, cell in enumerate(row) if _has_surrogate(cell)), None)
        if bad is not None:
            name = header[bad] if bad < len(header) else f"#{bad + 1}"
            byte = next(ord(c) - 0xDC00 for c in row[bad] if _is_surrogate(c))
            yield error_document(
                source, "E103", f"not valid UTF-8 (byte 0x{byte:02x} in column {name!r}); re-encode the file as UTF-8"
            )
            continue
        if len(row) > len(header):
            yield error_document(
                source,
                "E106",
                f"row has {len(row)} fields but the header has {len(header)}; check the quoting of this row",
            )
            continue
        doc = record_to_document(dict(zip(header, row)), source, columns, resolved)
        if doc.error is None:  # read, but not (all) as UTF-8: the user is told, once per row
            doc.notices.extend(notice_record(source, code, m) for code, m in row_marks[:1])
        yield doc


def _malformed(exc: csv.Error, start: int, resumed: bool = False) -> str:
    """The E106 message for a row the csv module refused (strict quoting), starting on line ``start``.

    When the row's quote ran over later lines (``resumed``), the row is its first line alone and
    reading goes on at the next line (:func:`_rows`); the message says so.
    """
    goes_on = f"; the row is line {start} alone, reading goes on at line {start + 1}" if resumed else ""
    if "unexpected end of data" in str(exc):
        return (f"unterminated quoted field: a quote opened in this row is never closed{goes_on}; "
                "close or double (\"\") the quote")
    return f"malformed CSV row: {exc} (a quote inside a quoted field must be doubled: \"\"){goes_on}"


def _source(path: Path, record: int, line: int, starts: deque) -> Source:
    offset = None
    while starts and starts[0][0] < line:
        starts.popleft()
    if starts and starts[0][0] == line:
        offset = starts[0][1]
    return Source(path=str(path), format="csv", record=record, line=line, offset=offset)


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _guess_delimiter(header_line: str) -> str:
    counts = {d: header_line.count(d) for d in _DELIMITERS}
    best = max(counts, key=lambda d: (counts[d], d == ","))
    return best if counts[best] else ","


def _is_surrogate(ch: str) -> bool:
    return "\udc80" <= ch <= "\udcff"


def _has_surrogate(text: str) -> bool:
    return any(_is_surrogate(c) for c in text) if not text.isascii() else False
