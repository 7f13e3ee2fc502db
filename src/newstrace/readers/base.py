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
    """

    source: Source
    text: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    error: ErrorRecord | None = None


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
