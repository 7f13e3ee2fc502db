"""WARC reader: HTML response records of a web archive, each read as a page with its URL and capture date."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from newstrace.readers.base import MAX_FILE_BYTES, RawDocument, error_document, notice_record
from newstrace.readers.encoding import NOTICE_CODE, Decoder, invalid_lines
from newstrace.schema import Source

#: Record types that can hold a page; others (request, metadata, warcinfo, revisit) are skipped.
PAGE_RECORD_TYPES = ("response", "resource")
_HTML_TYPES = ("text/html", "application/xhtml+xml")
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.I)
#: A well-formed media type, ``type/subtype`` (RFC 6838 section 4.2 restricted names).
_MEDIA_TYPE = re.compile(r"^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$")
#: What a WARC (or ARC) file starts with, after gzip decompression.
_WARC_MAGIC = (b"WARC/", b"filedesc://")


def read_warc_file(path: Path, skipped: Counter | None = None, encoding: str | None = None,
                   **_options) -> Iterator[RawDocument]:  # fmt: skip
    """Yield one RawDocument per HTML page in a WARC file (``.warc`` or ``.warc.gz``).

    Args:
        path: the file; records are streamed, so the file may be any size.
        skipped: a counter that receives one count per record skipped, keyed by reason
            (``type:request``, ``type:warcinfo``, ``status:404``, ``content-type:image/jpeg``,
            ``content-type:invalid`` for a header that is not a ``type/subtype`` media type, ``empty``); records are never dropped without a counted reason.
        encoding: the codec named with ``--encoding``, for a page that is not UTF-8 and declares
            no charset (else one is detected, with a W103 notice; see :func:`_decode`).

    Each page goes through :func:`newstrace.readers.html.html_to_document` (trafilatura).
    Its ``Source`` has ``format="warc"``, ``record`` (0-based index among all WARC records
    of the file), ``offset`` (byte offset of the record in the file, in the compressed
    stream for ``.warc.gz``), ``url`` (``WARC-Target-URI``) and ``captured``
    (``WARC-Date``, ISO 8601); ``meta`` carries ``url`` and ``captured`` too.

    Never raises for bad input; error records: E106 not a WARC file (judged by its first
    bytes), a truncated file (cut inside a record's header or body: bytes left after
    the last whole record are a cut-off record), or a record that cannot be parsed (named by file and byte
    offset; the rest of the file cannot be located and is not read), messages in words
    without exception names or raw bytes; E102 a file with no record or no HTML page
    (with the skip reasons); E104 a
    page over the size limit, E103 a page that is not UTF-8, declares no charset that reads it and
    whose encoding is not detected with confidence, plus the errors of ``html_to_document`` for
    pages with no article text.
    """
    from warcio.archiveiterator import ArchiveIterator

    skipped = skipped if skipped is not None else Counter()
    file_source = Source(path=str(path), format="warc")
    problem = _not_warc(path)
    if problem:
        yield error_document(file_source, "E102" if problem.startswith("empty") else "E106", problem)
        return
    before = Counter(skipped)
    pages = 0
    index = 0
    next_offset = 0  # where the record after the last one read starts (for a broken record's message)
    size = path.stat().st_size
    with path.open("rb") as fh:
        compressed = fh.read(2) == b"\x1f\x8b"
        fh.seek(0)
        records = ArchiveIterator(fh)
        while True:
            try:
                record = next(records)
            except StopIteration:
                break
            except Exception as exc:  # warcio raises ArchiveLoadFailed, zlib and EOF errors on damage
                at = _left_over(fh, next_offset) if index and not compressed else None  # past the blank lines
                at = next_offset if at is None else at
                yield error_document(
                    Source(path=str(path), format="warc", record=index, offset=at),
                    "E106",
                    f"broken WARC record at byte {at}: {_describe(exc)}; the rest of the file is not read",
                )
                return
            seen: Counter = Counter()  # this record's skip reason, counted only if it is whole
            try:
                doc = _page(record, path, index, lambda: _offset(records, next_offset)[0], seen, encoding)
            except Exception as exc:  # a damaged payload (bad chunking, truncated gzip body)
                doc = error_document(
                    Source(path=str(path), format="warc", record=index, offset=_offset(records, next_offset)[0],
                           url=record.rec_headers.get_header("WARC-Target-URI")),  # fmt: skip
                    "E106",
                    f"broken WARC record: {_describe(exc)}",
                )
            start, length = _offset(records, next_offset)
            cut = _cut_off(record, path if compressed and start + length >= size else None, start)
            if cut:  # nothing follows a cut-off record: the file ends inside it
                yield error_document(
                    Source(
                        path=str(path),
                        format="warc",
                        record=index,
                        offset=start,
                        url=record.rec_headers.get_header("WARC-Target-URI"),
                    ),
                    "E106",
                    f"truncated WARC record at byte {start}: the file ends inside its {cut}",
                )
                return
            skipped.update(seen)
            next_offset = start + length
            index += 1
            if doc is not None:
                pages += 1
                yield doc
        # warcio stops without an error when the file ends inside a record's header: bytes
        # left after the last whole record mean a record was cut off, not that the file ended.
        rest = _left_over(fh, next_offset) if index else None
        if rest is not None:
            yield error_document(
                Source(path=str(path), format="warc", record=index, offset=rest),
                "E106",
                f"truncated WARC record at byte {rest}: the file ends inside its header",
            )
            return
    if index == 0:  # it starts like a WARC file, yet no record could be read whole
        yield error_document(file_source, "E106", "truncated WARC file: no complete record could be read")
    elif pages == 0:
        reasons = ", ".join(f"{n} {reason}" for reason, n in (Counter(skipped) - before).most_common(5))
        yield error_document(
            file_source, "E102", f"no records: none of its {index} WARC records holds an HTML page (skipped {reasons})"
        )


def _page(record, path: Path, index: int, offset, skipped: Counter, encoding: str | None = None) -> RawDocument | None:
    """The page in one WARC record, or ``None`` (with a counted reason) when it holds none.

    ``offset`` is a callable giving the record's byte offset; warcio knows it only once the
    record has been read to its end, so it is called after the payload is read.
    """
    rtype = record.rec_type
    if rtype not in PAGE_RECORD_TYPES:
        skipped[f"type:{rtype}"] += 1
        return None
    url = record.rec_headers.get_header("WARC-Target-URI")
    captured = _iso(record.rec_headers.get_header("WARC-Date"))
    ctype = ""
    if record.http_headers is not None:
        status = record.http_headers.get_statuscode()
        if status and status != "200":
            skipped[f"status:{status}"] += 1
            return None
        ctype = record.http_headers.get_header("Content-Type") or ""
    ctype = ctype or record.rec_headers.get_header("Content-Type") or ""
    body = record.content_stream().read(MAX_FILE_BYTES + 1)
    source = Source(path=str(path), format="warc", record=index, offset=offset(), url=url, captured=captured)
    if len(body) > MAX_FILE_BYTES:
        return error_document(source, "E104", f"page is over the {MAX_FILE_BYTES}-byte limit")
    if getattr(record.raw_stream, "limit", 0) > 0:  # bytes promised by Content-Length never came
        return error_document(source, "E106", "truncated WARC record: the file ends inside it")
    mime = ctype.split(";")[0].strip().lower()
    if mime not in _HTML_TYPES and not (not mime and _sniff_html(body)):
        # A damaged header may carry page text: only a well-formed media type is echoed.
        shown = "unknown" if not mime else mime if _MEDIA_TYPE.match(mime) else "invalid"
        skipped[f"content-type:{shown}"] += 1
        return None
    if not body.strip():
        skipped["empty"] += 1
        return None
    from newstrace.readers.html import html_to_document

    page, notice, error = _decode(body, ctype, encoding)
    if error is not None:
        return error_document(source, "E103", error)
    doc = html_to_document(page, source, url)
    if notice is not None and doc.error is None:
        doc.notices.append(notice_record(source, NOTICE_CODE, notice))
    doc.source = doc.source.model_copy(update={"url": doc.source.url or url, "captured": captured})
    doc.meta.setdefault("url", url)
    if captured:
        doc.meta["captured"] = captured
    return doc


def _decode(body: bytes, content_type: str, encoding: str | None = None) -> tuple[str | None, str | None, str | None]:
    """Page bytes as text: UTF-8, else the declared charset (HTTP header or <meta>), else ``encoding``
    or a detected legacy codec (:class:`~newstrace.readers.encoding.Decoder`).

    UTF-8 is tried first because declarations are often wrong; a wrong legacy guess is left
    for the encoding repair stage (ftfy) to undo.

    Returns:
        ``(page, notice, error)``: the page and, when a codec was detected, its W103 notice; or
        ``(None, None, message)`` (E103) when no codec reads it with confidence.
    """
    try:
        return body.decode("utf-8-sig"), None, None
    except UnicodeDecodeError:
        pass
    declared = re.search(r"charset\s*=\s*([A-Za-z0-9_.:-]+)", content_type, re.I)
    meta = _CHARSET.search(body[:4096])
    for name in (declared.group(1) if declared else None, meta.group(1).decode("ascii", "replace") if meta else None):
        if name:
            try:
                return body.decode(name), None, None
            except (LookupError, UnicodeDecodeError):
                continue
    got = Decoder(encoding, lambda at: invalid_lines(body[at:].splitlines(keepends=True))).document(body)
    return got.text, got.notice, got.error


def _sniff_html(body: bytes) -> bool:
    head = body[:1024].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<html" in head


def _iso(value: str | None) -> str | None:
    """WARC-Date as given: ISO 8601 in UTC (``2019-02-26T00:46:00Z``), or ``None``."""
    return value.strip() or None if value else None


def _offset(records, default: int) -> tuple[int, int]:
    """(offset, length) in bytes of the current record; reads the rest of the record first."""
    try:
        return int(records.get_record_offset()), int(records.get_record_length())
    except Exception:  # a record too damaged to measure
        return default, 0


def _cut_off(record, last_member: Path | None, start: int) -> str | None:
    """Where the file ends inside ``record`` (``"header"``, ``"body"``), or ``None`` when the record is whole.

    Call it once the record has been read to its end. A WARC header always has a
    Content-Length (ISO 28500, section 5.2): a header without one (or with no digits in
    it) was cut before it ended
    (warcio parses a header cut at end of file as if it were whole). Body bytes that
    Content-Length promised and the file lacks mean a cut body. ``last_member``, the path of a
    ``.warc.gz`` file whose last record this is, also has that record's gzip member checked
    for its end, which warcio does not (a file cut in the member's last bytes).
    """
    length = record.rec_headers.get_header("Content-Length")
    if length is None or not length.strip().isdecimal():
        return "header"
    if getattr(record.raw_stream, "limit", 0) > 0:
        return "body"
    if last_member is not None and not _gzip_member_complete(last_member, start):
        return "body (its gzip stream stops short)"
    return None


def _gzip_member_complete(path: Path, start: int) -> bool:
    """True when the gzip member starting at byte ``start`` of ``path`` ends within the file."""
    import zlib

    d = zlib.decompressobj(wbits=31)
    with path.open("rb") as fh:
        fh.seek(start)
        try:
            while (chunk := fh.read(1 << 20)) and not d.eof:
                d.decompress(chunk, 1 << 20)
                while d.unconsumed_tail and not d.eof:  # drain output in bounded steps
                    d.decompress(d.unconsumed_tail, 1 << 20)
        except zlib.error:
            return False
    return d.eof


def _left_over(fh, end: int) -> int | None:
    """Offset of the first byte other than blank lines from byte ``end`` on in the open file ``fh`` (a cut-off record), else ``None``."""
    fh.seek(end)
    while chunk := fh.read(65536):
        if rest := chunk.lstrip(b"\r\n \t"):
            return end + len(chunk) - len(rest)
        end += len(chunk)
    return None


def _not_warc(path: Path) -> str | None:
    """Why ``path`` is not a WARC file (judged by its first bytes, decompressed), or ``None``."""
    import gzip
    import zlib

    with path.open("rb") as fh:
        head = fh.read(16)
        if head[:2] == b"\x1f\x8b":
            fh.seek(0)
            try:
                with gzip.GzipFile(fileobj=fh) as gz:
                    head = gz.read(16)
            except (OSError, EOFError, zlib.error):
                return "truncated or not a WARC file (the gzip stream cannot be read)"
    if not head.strip():
        return "empty input: no WARC records"
    if not head.lstrip(b"\r\n").startswith(_WARC_MAGIC):
        return "not a WARC file (it does not start with a WARC/1.x record header)"
    return None


def _describe(exc: BaseException) -> str:
    """What a warcio/zlib failure means, in words: no exception names or raw bytes reach the user."""
    import zlib

    name = type(exc).__name__
    if isinstance(exc, (EOFError, zlib.error)) or "gzip" in name.lower() or "zlib" in str(exc)[:80].lower():
        return "truncated or damaged compressed data"
    if name == "ArchiveLoadFailed":
        return "truncated or not a WARC record (its header cannot be parsed)"
    if isinstance(exc, (ValueError, KeyError, IndexError)) or "chunk" in str(exc)[:80].lower():
        return "damaged record (bad length, chunked encoding or header)"
    return "truncated or not a WARC file"


__all__ = ["read_warc_file", "PAGE_RECORD_TYPES"]
