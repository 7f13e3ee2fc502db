"""Plain-text reader: one article per file, headline on the first line (as in the seeds)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from newstrace.readers.base import (
    MAX_FILE_BYTES,
    RawDocument,
    binary_data,
    error_document,
    notice_record,
    unicode_bom,
)
from newstrace.readers.encoding import NOTICE_CODE
from newstrace.readers.header import split_header
from newstrace.schema import ErrorRecord, Source


def decode_bytes(data: bytes, source: Source, encoding: str | None = None) -> tuple[str | None, RawDocument | None, ErrorRecord | None]:
    """Decode a one-record file's bytes: UTF-8 (a BOM is dropped), UTF-16/32 by their byte-order mark,
    the codec named by ``encoding``, or, for lines that are not UTF-8, a detected legacy codec.

    Args:
        data: the file's bytes.
        source: the record's origin (for messages).
        encoding: a codec named with ``--encoding`` (every byte is decoded with it), or ``None``.

    Returns:
        ``(text, None, notice)`` or ``(None, error_document, None)``. ``notice`` is a W103
        record when lines that are not UTF-8 were decoded with a detected legacy codec
        (:class:`~newstrace.readers.encoding.Decoder`), else ``None``. Errors: E102 empty
        input; E103 binary input (a NUL byte anywhere; the message gives the first one's
        offset and says when the bytes look like UTF-16 without a byte-order mark), bytes the
        named codec refuses, or bytes that are not UTF-8 and whose encoding is not detected
        with confidence (the message names the detector's guess), with the byte offset.
    """
    from newstrace.readers.encoding import Decoder, invalid_lines

    if not data.strip():
        return None, error_document(source, "E102", "empty input: no text to analyse"), None
    bom = unicode_bom(data[:4])
    if bom and encoding is None:  # UTF-16/32 with a byte-order mark: text, though it holds NUL bytes
        try:
            text = data.decode(bom)
        except UnicodeDecodeError as exc:
            return None, error_document(source, "E103", f"not valid {bom.upper()} (offset {exc.start}); "
                                        "re-encode the file as UTF-8"), None  # fmt: skip
        if not text.strip():
            return None, error_document(source, "E102", "empty input: no text to analyse"), None
        return text, None, None
    first_nul = data.find(b"\x00")
    if first_nul >= 0 and (encoding is None or ascii_nul(encoding)):  # one record: a NUL byte means it is not text
        message = binary_data(data[:8192], "text") or f"binary data (NUL byte 0x00 at offset {first_nul}), not text"
        return None, error_document(source, "E103", message), None
    if encoding is None:
        data = data.removeprefix(b"\xef\xbb\xbf")
    decoder = Decoder(encoding, lambda offset: invalid_lines(data[offset:].splitlines(keepends=True)))
    got = decoder.document(data)
    if got.error is not None:
        return None, error_document(source, "E103", got.error), None
    notice = notice_record(source, NOTICE_CODE, got.notice) if got.notice else None
    return got.text, None, notice


def ascii_nul(encoding: str) -> bool:
    """True when a NUL byte in ``encoding`` is a NUL character (every ASCII-compatible codec; not UTF-16/32)."""
    from newstrace.readers.encoding import ascii_compatible, resolve_encoding

    return ascii_compatible(resolve_encoding(encoding))


def read_text_file(path: Path, encoding: str | None = None, **_options) -> Iterator[RawDocument]:
    """Yield the single article in a plain-text file.

    Layout: headline on the first line, then paragraphs separated by blank lines; a
    date suffix (" – 26/02/2019") or section suffix (" | World news") on the headline
    and byline/credit lines at the end are left for the structure stage. A leading
    ``URL: ...`` header block (saved pages, scraped excerpts) goes into the record's
    metadata, not the text (:func:`newstrace.readers.header.split_header`).

    Args:
        path: the file.
        encoding: a codec named with ``--encoding``, or ``None``: UTF-8, with lines that are
            not UTF-8 decoded with a detected legacy codec and a W103 notice (:func:`decode_bytes`).

    Error records: E102 an empty file or a headline line with no body text (see
    :func:`headline_only`), E103 binary data or bytes that cannot be decoded, E104 a file over the size limit.
    """
    source = Source(path=str(path), format="text", record=0, offset=0)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        yield error_document(source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        return
    text, err, notice = decode_bytes(path.read_bytes(), source, encoding)
    if err is not None:
        yield err
        return
    doc = text_document(text, source)
    if notice is not None and doc.error is None:
        doc.notices.append(notice)
    if doc.error is None and (other := _looks_like(text)):
        doc.notices.append(notice_record(source, "W104", f"read as plain text, but it looks like {other}: "
                                         f"give --format {other.split()[0].lower()} if it is"))
    yield doc


def _looks_like(text: str) -> str | None:
    """The format a text read as plain text looks like, when it plainly is another (a pipe or a
    file without a known suffix, such as ``<(cat feed.jsonl)``): "JSONL" when its first line is a
    JSON object, "HTML" when it opens with a doctype or an ``<html>`` tag; else ``None``."""
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].strip()
    if first.startswith("{") and first.endswith("}"):
        try:
            if isinstance(json.loads(first), dict):
                return "JSONL (one JSON object per line)"
        except ValueError:
            pass
    if re.match(r"(?i)<(!doctype\s+html|html[\s>])", first):
        return "HTML"
    return None


def text_document(text: str, source: Source) -> RawDocument:
    """The record of one article given as decoded text, with the checks a text file gets.

    Shared by :func:`read_text_file` and :func:`newstrace.analyze` on a string, so an article
    passed as text fails exactly as the same text in a file would.

    Args:
        text: the article in the plain layout (headline line, blank line, paragraphs),
            optionally under a ``URL: ...`` header block; any newline convention.
        source: where it came from (``path=None`` for text given in memory).

    Returns:
        A RawDocument, or an error record: E102 blank text or a headline line with no body
        text (:func:`headline_only`), E103 a NUL character (binary data, not text).
    """
    if not text.strip():
        return error_document(source, "E102", "empty input: no text to analyse")
    if (nul := text.find("\x00")) >= 0:
        return error_document(source, "E103", f"binary data (NUL character at offset {nul}), not text")
    doc = split_header(RawDocument(source=source, text=text.replace("\r\n", "\n").replace("\r", "\n")))
    headline = headline_only(doc.text)
    if headline is not None:
        shown = headline if len(headline) <= 80 else headline[:77] + "..."
        return error_document(doc.source, "E102", f"empty input: no body text, only a headline line ({shown!r})")
    return doc


def headline_only(text: str) -> str | None:
    """The headline of a plain-layout article that has no body text, else ``None``.

    The layout's first line is the headline unless the text starts with a blank line or that
    line is itself a long paragraph (:func:`newstrace.structure.headline.headline_line`, the rule
    the structure stage splits by). A text whose only non-blank line is such a headline has
    nothing to analyse: it is an empty-input record (E102), not an article. Spaces, tabs and
    byte-order marks around the text are stripped first (the structure stage keeps a BOM in
    its headline), so a lone headline given as a string behind a BOM is refused too.

    Args:
        text: the article with ``"\\n"`` line ends, as :func:`text_document` leaves it (a
            ``"\\r"`` opening the text reads as a blank first line).
    """
    from newstrace.structure.headline import headline_line  # here: `import newstrace` stays without structure

    text = text.strip(" \t\ufeff")
    head = headline_line(text)
    if head is None or not head.strip() or text[len(head) + 1 :].strip():
        return None
    return head.strip()
