"""Readers: turn files and folders into RawDocument records, one reader per format."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from newstrace.readers.base import MAX_FILE_BYTES, RawDocument, error_document
from newstrace.readers.walk import iter_files
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


#: First bytes of a gzip stream (RFC 1952).
GZIP_MAGIC = b"\x1f\x8b"


def detect_format(path: Path) -> str:
    """Reader format for ``path`` from its suffix; unknown suffixes read as plain text.

    A ``.gz`` suffix after another one (``page.html.gz``, ``feed.jsonl.gz``) gives the
    format of the inner suffix: :func:`read_path` decompresses such files itself. A regular
    file that would be read as text is sniffed first: one that starts like Reuters-21578
    SGML or XML (``reut2-000.sgm``, ``reut2-000.xml.gz``) is ``reuters``, one article per
    ``<REUTERS>`` element (:func:`newstrace.readers.reuters.is_reuters`).
    """
    name = path.name.lower()
    if name.endswith(".gz") and not name.endswith(".warc.gz"):
        name = name[:-3]
    for suffix in sorted(SUFFIX_FORMATS, key=len, reverse=True):
        if name.endswith(suffix):
            fmt = SUFFIX_FORMATS[suffix]
            break
    else:
        fmt = "text"
    if fmt == "text":
        from newstrace.readers.reuters import is_reuters

        head = _head(path)
        if head is not None and is_reuters(head):
            return "reuters"
    return fmt


#: Bytes of a file's start that content sniffing looks at (decompressed when it is gzip).
SNIFF_BYTES = 4096


def _head(path: Path) -> bytes | None:
    """The first :data:`SNIFF_BYTES` of a regular file, decompressed when gzip; ``None`` for anything else.

    A named pipe is never opened here (reading would consume its data, and with no writer block).
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return None
        with path.open("rb") as fh:
            head = fh.read(SNIFF_BYTES)
            if head[:2] == GZIP_MAGIC:
                head += fh.read(65536 - len(head))
                return zlib.decompressobj(wbits=31).decompress(head, SNIFF_BYTES)
            return head
    except (OSError, zlib.error):
        return None


def read_path(path: str | Path, fmt: str | None = None, **options) -> Iterator[RawDocument]:
    """Yield RawDocument records from one file.

    Args:
        path: the file.
        fmt: reader name (``text``, ``html``, ``jsonl``, ``csv``, ``parquet``, ``warc``,
            ``reuters``); detected from the suffix (and a text file's first bytes) when ``None``.
        **options: reader options, e.g. ``columns`` for JSONL/CSV/Parquet column mapping,
            ``encoding`` (a codec for every text, CSV, JSON Lines and Reuters file, and for
            pages that declare no charset; by default UTF-8, with a detected legacy codec and a
            W103 notice for bytes that are not: :mod:`newstrace.readers.encoding`).

    Raises:
        ValueError: ``encoding`` names no text codec (a usage error, raised before any record).

    Never raises for bad input: a missing, unreadable or malformed file or record is
    yielded as an error record (``RawDocument.error`` set) naming file and record.
    File-level errors: E100 file not found, a broken symbolic link, a folder, or not a
    regular file (a device or socket); E101 unknown format; E102 a file that yields no
    record (``no records``); E104 a pipe or decompressed stream over ``MAX_FILE_BYTES``;
    E106 a gzip stream that is truncated or damaged, or a file named ``.gz`` that does not
    start with the gzip magic bytes; E199 a reader bug.

    A named pipe or process substitution (``<(cat feed.jsonl)``) is read whole into a
    temporary file first (at most ``MAX_FILE_BYTES``), as readers seek; a pipe that no
    process writes to reads as empty (E102) instead of blocking. A gzip-compressed
    text, HTML, JSON Lines or CSV file (``.html.gz``, or any file starting with the gzip
    magic bytes 1f 8b) is decompressed the same way; WARC and Parquet files are passed
    as they are (their readers handle compression).
    """
    path = Path(path)
    if options.get("encoding"):
        from newstrace.readers.encoding import resolve_encoding

        options = {**options, "encoding": resolve_encoding(options["encoding"])}
    fmt = fmt or detect_format(path)
    source = Source(path=str(path), format=fmt)
    if not path.exists():
        broken = path.is_symlink()
        yield error_document(source, "E100", "broken symbolic link: its target does not exist" if broken else "file not found")
        return
    try:
        reader = _reader(fmt)
    except KeyError:
        yield error_document(source, "E101", f"unknown input format {fmt!r}")
        return
    if path.is_dir():
        yield error_document(source, "E100", "a folder, not a file")
        return
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        yield error_document(source, "E100", f"cannot read the file ({exc.strerror or 'permission denied'})")
        return
    if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
        yield error_document(source, "E100", "not a regular file (a device or socket); give a file or a pipe")
        return
    fifo = stat.S_ISFIFO(mode)
    if _fake_gzip(path, fmt, fifo):
        yield error_document(source, "E106", "named .gz but not gzip-compressed (it does not start with the gzip "
                             "bytes 1f 8b): a damaged download, or rename the file without .gz")  # fmt: skip
        return
    count = 0
    try:
        copy = fifo or (fmt not in ("warc", "parquet") and _starts_with(path, GZIP_MAGIC))
        # A temporary folder only for the pipes, gzip and UTF-16 files that need a copy.
        with contextlib.ExitStack() as stack:
            tmp = (lambda: stack.enter_context(tempfile.TemporaryDirectory(prefix="newstrace-")))
            data_path, err = (_materialise(path, fmt, fifo, Path(tmp()), source) if copy else (path, None))
            transcoded = False
            if err is None and fmt in LINE_FORMATS and _wide(data_path, options.get("encoding")):
                data_path, err = _transcode(data_path, options.get("encoding"), Path(tmp()), source)
                options, transcoded = {**options, "encoding": "utf_8"}, True
            if err is not None:
                yield err
                return
            for doc in reader(data_path, **options):
                count += 1
                yield doc if data_path == path else _relabel(doc, data_path, path, transcoded)
    except Exception as exc:  # a reader bug must not stop the batch
        count += 1
        yield error_document(source, "E199", f"reader failed: {type(exc).__name__}: {str(exc)[:200]}")
    if count == 0:
        yield error_document(source, "E102", "no records: the file holds nothing to analyse")


def _fake_gzip(path: Path, fmt: str, fifo: bool) -> bool:
    """True for a non-empty regular file named ``.gz`` that does not start with the gzip magic bytes.

    Such a file is damaged or misnamed: reading its bytes as plain text would analyse
    garbage (or a partial download) without a word. WARC and Parquet files are left to their
    readers, which judge their own content; an empty file stays an empty-input error (E102).
    """
    if fifo or fmt in ("warc", "parquet") or not path.name.lower().endswith(".gz"):
        return False
    return path.stat().st_size > 0 and not _starts_with(path, GZIP_MAGIC)


def _materialise(path: Path, fmt: str, fifo: bool, tmp: Path, source: Source) -> tuple[Path, RawDocument | None]:
    """The path a reader should open: ``path`` itself, or a temporary copy of a pipe's bytes or a gzip stream's content."""
    compressible = fmt not in ("warc", "parquet")
    if not fifo:  # a gzip file (the caller checked its magic bytes)
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return path, error_document(source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        data = None
    else:
        data = _read_pipe(path)
        if not data.strip():
            return path, error_document(source, "E102", "empty input: the pipe gave no data (nothing wrote to it)")
        if len(data) > MAX_FILE_BYTES:
            return path, error_document(source, "E104", f"the pipe gave over {MAX_FILE_BYTES} bytes, the size limit")
    name = path.name
    if compressible and (data is None or data[:2] == GZIP_MAGIC):
        try:
            data = _gunzip(data if data is not None else path.read_bytes())
        except (OSError, EOFError, zlib.error):
            return path, error_document(source, "E106", "gzip-compressed data that is truncated or damaged")
        if len(data) > MAX_FILE_BYTES:
            return path, error_document(
                source, "E104", f"gzip-compressed file is over {MAX_FILE_BYTES} bytes once decompressed, the size limit"
            )
        name = name[:-3] if name.lower().endswith(".gz") else name
    target = tmp / (name or "input")
    target.write_bytes(data)
    return target, None


#: Seconds a named pipe with no writer is polled for one before it is read as empty.
PIPE_WRITER_WAIT = 2.0


def _starts_with(path: Path, magic: bytes) -> bool:
    with path.open("rb") as fh:
        return fh.read(len(magic)) == magic


def _read_pipe(path: Path, wait: float | None = None) -> bytes:
    """All bytes of a named pipe (at most ``MAX_FILE_BYTES + 1``); empty when no process writes to it.

    Opened non-blocking, as a plain open of a pipe with no writer waits forever. A writer
    started just before (``cat feed > pipe &``) may not have opened its end yet, so the pipe
    is polled for up to ``wait`` seconds (default :data:`PIPE_WRITER_WAIT`) until a writer
    appears; reads then block as usual until the writer closes its end.
    """
    import errno
    import fcntl

    wait = PIPE_WRITER_WAIT if wait is None else wait
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb", buffering=0) as fh:
        deadline = time.monotonic() + wait
        while True:
            try:
                first = os.read(fd, 65536)
            except OSError as exc:  # EAGAIN: a writer holds the pipe open but has not written yet
                if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK):
                    raise
                first = b""
                break
            if first:
                break
            if time.monotonic() >= deadline:  # still end of file: no writer came
                return b""
            time.sleep(0.02)  # end of file with no writer: none has opened the pipe yet
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        chunks, size = [first], len(first)
        while size <= MAX_FILE_BYTES and (chunk := fh.read(min(1 << 20, MAX_FILE_BYTES + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)


def _gunzip(data: bytes) -> bytes:
    """Decompress a gzip stream, stopping one byte past ``MAX_FILE_BYTES`` (a bound on gzip bombs).

    Raises:
        EOFError: the stream is truncated. zlib.error / OSError: it is damaged.
    """
    d = zlib.decompressobj(wbits=31)
    out = d.decompress(data, MAX_FILE_BYTES + 1)
    if len(out) <= MAX_FILE_BYTES and not d.eof:
        raise EOFError("truncated gzip stream")
    return out


#: Readers that split a file into lines before decoding them: a UTF-16/32 file is transcoded for them first.
LINE_FORMATS = ("jsonl", "csv", "reuters")


def _wide(path: Path, encoding: str | None) -> bool:
    """True when ``path`` must be transcoded before it is split into lines: ``encoding`` is not
    ASCII-compatible (UTF-16/32), or, with none named, the file starts with a UTF-16/32 byte-order mark."""
    from newstrace.readers.base import unicode_bom
    from newstrace.readers.encoding import ascii_compatible

    if encoding:
        return not ascii_compatible(encoding)
    with path.open("rb") as fh:
        return unicode_bom(fh.read(4)) is not None


def _transcode(path: Path, encoding: str | None, tmp: Path, source: Source) -> tuple[Path, RawDocument | None]:
    """A UTF-8 copy of a UTF-16/32 file (the codec named, else the one its byte-order mark names), or an error record.

    Byte offsets of its records then count in the copy, so :func:`_relabel` drops them.
    """
    from newstrace.readers.base import unicode_bom

    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        return path, error_document(source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
    data = path.read_bytes()
    codec = encoding or unicode_bom(data[:4]) or "utf-8"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        named = "named with --encoding" if encoding else "named by its byte-order mark"
        return path, error_document(source, "E103", f"not valid {codec} (byte 0x{data[exc.start]:02x} at offset "
                                    f"{exc.start}), the encoding {named}")  # fmt: skip
    target = tmp / (path.name or "input")
    target.write_bytes(text.removeprefix("\ufeff").encode("utf-8", errors="surrogatepass"))
    return target, None


def _relabel(doc: RawDocument, temp: Path, path: Path, transcoded: bool = False) -> RawDocument:
    """Name the original file, not the temporary copy, in a record's source and messages (offsets of a transcoded copy dropped)."""
    if doc.source.path == str(temp):
        update = {"path": str(path), "offset": None} if transcoded else {"path": str(path)}
        doc.source = doc.source.model_copy(update=update)
    doc.notices = [n.model_copy(update={"message": n.message.replace(str(temp), str(path))}) for n in doc.notices]
    if doc.error is not None:
        doc.error = doc.error.model_copy(update={"message": doc.error.message.replace(str(temp), str(path))})
    return doc


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
    if fmt == "reuters":
        from newstrace.readers.reuters import read_reuters_file

        return read_reuters_file
    raise KeyError(fmt)


__all__ = ["RawDocument", "read_path", "read_paths", "detect_format", "iter_files"]
