"""Plain-text reader: one article per file, headline on the first line (as in the seeds)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from newstrace.readers.base import MAX_FILE_BYTES, RawDocument, error_document, unicode_bom
from newstrace.readers.header import split_header
from newstrace.schema import Source


def decode_bytes(data: bytes, source: Source) -> tuple[str | None, RawDocument | None]:
    """Decode article bytes as UTF-8 (a BOM is dropped), or as UTF-16/32 when a byte-order mark says so.

    Returns ``(text, None)`` or ``(None, error_document)``: empty input is E102, binary
    input (NUL bytes) and invalid UTF-8 are E103, with the byte offset of the fault.
    """
    if not data.strip():
        return None, error_document(source, "E102", "empty input: no text to analyse")
    codec = unicode_bom(data[:4])
    if codec:  # UTF-16/32 with a byte-order mark: text, though it holds NUL bytes
        try:
            text = data.decode(codec)
        except UnicodeDecodeError as exc:
            return None, error_document(source, "E103", f"not valid {codec.upper()} (offset {exc.start}); "
                                        "re-encode the file as UTF-8")  # fmt: skip
        return (text, None) if text.strip() else (None, error_document(source, "E102", "empty input: no text to analyse"))
    if b"\x00" in data[:8192]:
        return None, error_document(source, "E103", "binary data (NUL bytes), not text")
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return None, error_document(
            source,
            "E103",
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "re-encode the file as UTF-8",
        )


def read_text_file(path: Path, **_options) -> Iterator[RawDocument]:
    """Yield the single article in a plain-text file.

    Layout: headline on the first line, then paragraphs separated by blank lines; a
    date suffix (" – 26/02/2019") or section suffix (" | World news") on the headline
    and byline/credit lines at the end are left for the structure stage. A leading
    ``URL: ...`` header block (saved pages, scraped excerpts) goes into the record's
    metadata, not the text (:func:`newstrace.readers.header.split_header`).
    """
    source = Source(path=str(path), format="text", record=0, offset=0)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        yield error_document(source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        return
    text, err = decode_bytes(path.read_bytes(), source)
    if err is not None:
        yield err
        return
    yield split_header(RawDocument(source=source, text=text.replace("\r\n", "\n").replace("\r", "\n")))
