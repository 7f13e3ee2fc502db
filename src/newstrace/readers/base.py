"""Reader protocol: every reader yields RawDocument records that carry their origin."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from newstrace.schema import ErrorRecord, Source

#: Largest input file read whole (bytes). Larger files are refused with E104, not read.
MAX_FILE_BYTES = 256 * 1024 * 1024
#: Largest single article text analysed (characters); longer texts get E105. It is spaCy's own
#: ``Language.max_length`` default (the NLP stage cannot take more): some 160,000 words, a book
#: rather than an article, so a longer "article" is a dump or a concatenation, refused before any stage runs.
MAX_ARTICLE_CHARS = 1_000_000


@dataclass
class RawDocument:
    """One record as read, before any analysis.

    Attributes:
        source: origin of the record (path, record index, line, byte offset, URL).
        text: the document in the plain-text article layout used throughout newstrace:
            headline on the first line, a blank line, then paragraphs separated by blank
            lines. Readers whose format has a separate title build this layout.
        meta: hints from the format's own metadata, keys among ``published``,
            ``updated``, ``byline`` (list[str]), ``outlet``, ``url``, ``language``,
            ``headline``, ``credit``, ``html`` (the page, for HTML-aware structure steps),
            ``date_text`` (raw date string whose day/month order is unknown).
        error: set when the record could not be read; ``text`` is then empty.
        notices: warnings about a record that was read (``W``-coded, e.g. W103: decoded from a
            legacy encoding, not UTF-8); the pipeline copies them into ``Article.errors``.
    """

    source: Source
    text: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    error: ErrorRecord | None = None
    notices: list[ErrorRecord] = field(default_factory=list)


def notice_record(source: Source, code: str, message: str) -> ErrorRecord:
    """A ``W``-coded warning for a record that was read, its message prefixed with the record's location."""
    return ErrorRecord(code=code, message=f"{source.label()}: {message}", stage="read")


def error_document(source: Source, code: str, message: str) -> RawDocument:
    """A RawDocument standing for a record that failed to read.

    The message is prefixed with the record's location so a user can find it.
    """
    return RawDocument(
        source=source,
        error=ErrorRecord(code=code, message=f"{source.label()}: {message}", stage="read"),
    )


def unicode_bom(head: bytes) -> str | None:
    """The codec a UTF-16 or UTF-32 byte-order mark at the start of ``head`` names ("utf-16", "utf-32"), else ``None``.

    Such files hold NUL bytes but are text (Windows tools write UTF-16); readers decode them or say so.
    """
    import codecs

    if head.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return None


#: First bytes of common binary formats (PNG, JPEG, GIF, ZIP/Office, ELF, Parquet, PDF, SQLite) that are never text.
_BINARY_MAGIC = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"PK\x03\x04", b"\x7fELF", b"PAR1", b"%PDF", b"SQLite format 3")
#: Share of a sample's characters that are control characters or undecodable UTF-8 above which it is binary.
#: Text, even legacy-encoded text with a few stray bytes, stays far below; images and mostly-NUL files far above.
BINARY_JUNK_SHARE = 0.3


def binary_data(head: bytes, what: str) -> str | None:
    """Why a file starting with ``head`` is binary data rather than ``what`` text (an E103 message), or ``None``.

    Only a sample holding a NUL byte is judged (text never needs one). It is binary when it
    starts with a known binary signature, looks like UTF-16 without a byte-order mark (NUL
    bytes at alternate offsets), or over :data:`BINARY_JUNK_SHARE` of it is control
    characters or undecodable bytes. A NUL byte inside otherwise textual content (one bad
    record) is not binary data: the reader reports that one record and reads the others.

    Args:
        head: the file's first bytes (8 KiB is enough), after any byte-order mark check.
        what: the format named in the message ("text", "CSV", "JSON Lines").

    Returns:
        A message giving the offset of the first NUL byte, with a UTF-16LE/BE hint where
        the NUL bytes fall at alternate offsets; ``None`` when ``head`` is text.
    """
    first = head.find(b"\x00")
    if first < 0:
        return None
    order = _utf16_order(head)
    if order:
        return (f"binary data (NUL byte 0x00 at offset {first}): it looks like {order} text without a "
                "byte-order mark; re-encode the file as UTF-8")  # fmt: skip
    if head.startswith(_BINARY_MAGIC) or _junk_share(head) > BINARY_JUNK_SHARE:
        return f"binary data (NUL byte 0x00 at offset {first}), not {what}"
    return None


def head_error(head: bytes, what: str) -> str | None:
    """Why a record-per-line file (CSV, JSON Lines) starting with ``head`` cannot be read at all (an E103 message), or ``None``.

    A UTF-16/32 byte-order mark (these readers take UTF-8 only) or binary data (:func:`binary_data`).

    Args:
        head: the file's first bytes (8 KiB).
        what: the format named in the message ("CSV", "JSON Lines").
    """
    bom = unicode_bom(head)
    if bom:
        return f"{bom.upper()} text (byte-order mark): re-encode the file as UTF-8"
    return binary_data(head, what)


def nul_in_record(offset: int) -> str:
    """E103 message for a NUL byte at file byte ``offset`` inside one otherwise textual record."""
    return f"binary data in this record (NUL byte 0x00 at offset {offset}); the other records are read"


def _utf16_order(head: bytes) -> str | None:
    """``"UTF-16LE"``/``"UTF-16BE"`` when NUL bytes make up a quarter of ``head`` and nine in ten sit at odd/even offsets."""
    sample = head[: len(head) - len(head) % 2]
    nuls = sample.count(0)
    if len(sample) < 4 or nuls < len(sample) / 4:
        return None
    odd = sample[1::2].count(0)  # ASCII in UTF-16LE: the character byte first, then NUL
    if odd >= 0.9 * nuls:
        return "UTF-16LE"
    if nuls - odd >= 0.9 * nuls:
        return "UTF-16BE"
    return None


def _junk_share(head: bytes) -> float:
    """Share of characters in ``head`` (decoded as UTF-8) that are control characters or undecodable bytes."""
    text = head.decode("utf-8", errors="replace")
    junk = sum(1 for ch in text if ch == "\ufffd" or (ch < " " and ch not in "\t\n\r\f\v\x1b") or ch == "\x7f")
    return junk / max(len(text), 1)
