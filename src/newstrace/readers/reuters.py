"""Reuters-21578 reader: one article per ``<REUTERS>`` element of the collection's SGML (or its XML conversion)."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from newstrace.corpora.reuters import STORY_ELEMENT, parse_story
from newstrace.readers.base import MAX_FILE_BYTES, RawDocument, error_document, notice_record
from newstrace.readers.encoding import NOTICE_CODE, Decoder, invalid_lines
from newstrace.schema import Source

#: The start of a Reuters-21578 file: an optional XML declaration, DOCTYPE and ``<LEWIS>`` root, then ``<REUTERS``.
SNIFF = re.compile(rb"\A\s*(?:<\?xml[^>]*>\s*)?(?:<!DOCTYPE[^>]*>\s*)?(?:<LEWIS>\s*)?<REUTERS[\s>]", re.I)
#: Skip reason of a story with no ``<BODY>`` (a brief: the headline alone).
BRIEF = "no BODY (a brief: headline only)"


def is_reuters(head: bytes) -> bool:
    """True when ``head`` (a file's first bytes, decompressed) starts like a Reuters-21578 SGML or XML file.

    Matches ``reut2-000.sgm`` of David D. Lewis's distribution (``<!DOCTYPE lewis SYSTEM
    "lewis.dtd">`` then ``<REUTERS ...>``) and the XML conversion (``<?xml ...?>``, ``<LEWIS>``,
    then ``<REUTERS ...>``). Only the start is looked at, so an article that mentions a
    ``<REUTERS>`` tag further down is still read as text.
    """
    return bool(SNIFF.match(head))


def read_reuters_file(path: Path, skipped: Counter | None = None, encoding: str | None = None,
                      **_options) -> Iterator[RawDocument]:  # fmt: skip
    """Yield one RawDocument per ``<REUTERS>`` story with a body.

    The stories are parsed as :func:`newstrace.corpora.reuters.iter_reuters` parses them
    (lenient regular expressions, since ``reut2-017`` is not well-formed XML; character
    references such as ``&#3;`` dropped). Layout: ``<TITLE>`` as the headline, then the body's
    paragraphs (the wire's indented lines start paragraphs; hard wraps are joined), the
    ``<DATELINE>`` ("SALVADOR, Feb 26 -") in front of the first one, as the wire printed it.
    ``meta``: ``published`` from ``<DATE>`` (ISO 8601, local wire time), ``outlet`` "Reuters".

    Args:
        path: a Reuters-21578 ``.sgm`` or ``.xml`` file (gzip is undone by
            :func:`newstrace.readers.read_path`).
        skipped: a counter that receives one count per story skipped, keyed by reason
            (:data:`BRIEF`: a story with no body, 2,535 of the 21,578).
        encoding: a codec named with ``--encoding``, or ``None``: UTF-8, a line that is not
            UTF-8 decoded with the legacy codec detected from the file's non-UTF-8 lines, its
            story carrying a W103 notice (see :mod:`newstrace.readers.encoding`).

    Every record's ``Source`` has ``record`` (0-based index of the story among all
    ``<REUTERS>`` elements of the file, skipped ones included), ``line`` (1-based line of its
    ``<REUTERS>`` tag) and ``offset`` (its byte offset, in the decompressed file).

    Never raises for bad input; error records: E102 a file none of whose stories has a body,
    E103 a story holding a NUL byte or bytes that cannot be decoded (that story only), E104 a file over the
    size limit, E106 a ``<REUTERS>`` element not closed (a truncated file).
    """
    file_source = Source(path=str(path), format="reuters")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        yield error_document(file_source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        return
    skipped = skipped if skipped is not None else Counter()
    text = _DecodedLines(path.read_bytes(), encoding)
    data = text.data
    line, pos, last_end, index, briefs, yielded = 1, 0, 0, 0, 0, 0
    for m in STORY_ELEMENT.finditer(data):
        line += data.count("\n", pos, m.start())
        pos, last_end = m.start(), m.end()
        source = Source(path=str(path), format="reuters", record=index, line=line, offset=text.offset(m.start()))
        index += 1
        code, message = text.mark(m.start(), m.end())
        if code == "E103":  # a line of this story could not be decoded: it alone fails
            yield error_document(source, "E103", message)
            yielded += 1
            continue
        doc = _story_document(m, source)
        if doc is not None and doc.error is None and code is not None:
            doc.notices.append(notice_record(source, code, message))
        if doc is None:
            briefs += 1
            skipped[BRIEF] += 1
            continue
        yielded += 1
        yield doc
    if (cut := re.search(r"<REUTERS\b", data[last_end:], re.I)) is not None:  # an element opened, never closed
        at = last_end + cut.start()
        where = Source(path=str(path), format="reuters", record=index, line=data.count("\n", 0, at) + 1,
                       offset=text.offset(at))  # fmt: skip
        yield error_document(where, "E106", "<REUTERS> element not closed: the file is truncated here")
        yielded += 1
    if yielded == 0:
        what = f"none of its {index} <REUTERS> stories has a body ({briefs} briefs, headline only)" if index else \
            "no <REUTERS> story in it"  # fmt: skip
        yield error_document(file_source, "E102", f"no records: {what}")


class _DecodedLines:
    """A file's text decoded line by line (:class:`~newstrace.readers.encoding.Decoder`), with where each line
    starts (characters and bytes) and the lines not read as UTF-8 (W103 notice or E103 message)."""

    def __init__(self, raw: bytes, encoding: str | None) -> None:
        decoder = Decoder(encoding, lambda at: invalid_lines(raw[at:].splitlines(keepends=True)))
        parts, self.chars, self.bytes, self.codecs, self.marks = [], [], [], [], []
        chars = offset = 0
        for line in raw.splitlines(keepends=True):
            got = decoder.line(line, offset)
            if got.error is not None:  # bad bytes survive as lone surrogates; the story fails with this message
                text, mark, codec = line.decode("utf-8", errors="surrogateescape"), ("E103", got.error), None
            else:
                text, mark = got.text, ((NOTICE_CODE, got.notice) if got.notice else None)
                codec = decoder.codec or (decoder.detect(offset).codec if got.notice else "utf-8")
            parts.append(text)
            self.chars.append(chars)
            self.bytes.append(offset)
            self.codecs.append(codec)
            if mark is not None:
                self.marks.append((chars, chars + len(text), *mark))
            chars += len(text)
            offset += len(line)
        self.data = "".join(parts)

    def offset(self, pos: int) -> int:
        """Byte offset in the file of character ``pos`` of :attr:`data`."""
        i = max(bisect_right(self.chars, pos) - 1, 0)
        if i >= len(self.chars):
            return 0
        prefix = self.data[self.chars[i] : pos]
        try:
            return self.bytes[i] + len(prefix.encode(self.codecs[i] or "utf-8", errors="surrogateescape"))
        except (UnicodeError, LookupError):
            return self.bytes[i] + len(prefix)

    def mark(self, start: int, end: int) -> tuple[str | None, str]:
        """The (code, message) of the first line in characters ``start``-``end`` not read as UTF-8 (an E103 first), else ``(None, "")``."""
        i = bisect_right(self.marks, (start,)) - 1  # the last mark starting before ``start`` may reach into it
        hits = []
        for s, e, code, msg in self.marks[max(i, 0):]:
            if s >= end:
                break
            if e > start:
                hits.append((code, msg))
        return next((h for h in hits if h[0] == "E103"), hits[0] if hits else (None, ""))


def _story_document(m: re.Match, source: Source) -> RawDocument | None:
    """The record of one ``<REUTERS>`` match; ``None`` for a brief (no body)."""
    attrs, block = m.groups()
    if "\x00" in block:
        return error_document(source, "E103", "binary data in this story (a NUL byte 0x00); the other stories are read")
    bad = next((c for c in block if "\udc80" <= c <= "\udcff"), None)
    if bad is not None:
        return error_document(source, "E103", f"not valid UTF-8 (byte 0x{ord(bad) - 0xDC00:02x} in this story); "
                              "re-encode the file as UTF-8")  # fmt: skip
    story = parse_story(attrs, block)
    if not story.body:
        return None
    paras = story.paragraphs()
    dateline = " ".join(story.dateline.split())
    if dateline and paras:
        paras[0] = f"{dateline} {paras[0]}"
    title = " ".join(story.title.split())
    meta = {"outlet": "Reuters"}
    if title:
        meta["headline"] = title
    if story.date:
        meta["published"] = story.date
    return RawDocument(source=source, text=f"{title}\n\n" + "\n\n".join(paras), meta=meta)


__all__ = ["read_reuters_file", "is_reuters", "BRIEF"]
