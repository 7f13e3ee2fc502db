"""Reuters-21578 (XML conversion) loader: lenient per-<REUTERS> parsing, since reut2-017 is not well-formed."""

from __future__ import annotations

import gzip
import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from newstrace.corpora import shared_dir

#: One ``<REUTERS ...>...</REUTERS>`` element: group 1 its attributes, group 2 its content.
#: The content stops at the next opening tag, so a file whose closing tags are missing costs linear time (an
#: open-ended ``.*?`` would rescan the rest of the file from every tag).
STORY_ELEMENT = re.compile(r"<REUTERS\b([^>]*)>((?:(?!<REUTERS\b).)*?)</REUTERS>", re.S | re.I)
_NEWID = re.compile(r'NEWID="(\d+)"')


@dataclass
class ReutersStory:
    """One Reuters-21578 story.

    Attributes:
        newid: the story's NEWID (int, unique in the collection).
        date: ISO 8601 date-time string from ``<DATE>`` (e.g. ``1987-02-26T15:01:01``).
        title, dateline, body: text fields with entities unescaped; ``body`` may be "".
    """

    newid: int
    date: str
    title: str
    dateline: str
    body: str

    def paragraphs(self) -> list[str]:
        """Body paragraphs: the wire's indented lines start paragraphs; hard wraps are joined."""
        paras = re.split(r"\n[ \t]{2,}", self.body)
        return [" ".join(p.split()) for p in paras if p.strip()]

    def as_text(self) -> str:
        """The story in newstrace's plain-text layout: title line, blank line, paragraphs."""
        return self.title + "\n\n" + "\n\n".join(self.paragraphs())


def _field(block: str, tag: str) -> str:
    m = re.search(rf"<{tag}>(.*?)</{tag}>", block, re.S)
    if not m:
        return ""
    # Character references such as &#3; are control codes in this corpus; drop them.
    raw = re.sub(r"&#\d+;", "", m.group(1))
    return html.unescape(raw).strip()


def _iso(date: str) -> str:
    try:
        return datetime.strptime(date.strip().split(".")[0], "%d-%b-%Y %H:%M:%S").isoformat()
    except ValueError:
        return ""


def iter_reuters(folder: Path | None = None, with_body_only: bool = True) -> Iterator[ReutersStory]:
    """Yield stories from ``reut2-*.xml.gz`` in file order.

    Args:
        folder: the corpus folder; default ``shared/corpora/reuters21578``.
        with_body_only: skip stories with no ``<BODY>`` (19,043 of 21,578 have one).
    """
    folder = folder or shared_dir() / "corpora" / "reuters21578"
    for path in sorted(folder.glob("reut2-*.xml.gz")):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as fh:
            data = fh.read()
        for m in STORY_ELEMENT.finditer(data):
            story = parse_story(*m.groups())
            if with_body_only and not story.body:
                continue
            yield story


def parse_story(attrs: str, block: str) -> ReutersStory:
    """The story of one ``<REUTERS>`` element (a :data:`STORY_ELEMENT` match's two groups).

    Args:
        attrs: the element's attribute text (``NEWID="..."``; a missing NEWID gives -1).
        block: its content; a missing field gives "", an unparsable date "".
    """
    newid = _NEWID.search(attrs)
    return ReutersStory(int(newid.group(1)) if newid else -1, _iso(_field(block, "DATE")), _field(block, "TITLE"),
                        _field(block, "DATELINE"), _field(block, "BODY"))  # fmt: skip
