"""Date stamp lines: "First published on Sun 3 Mar 2024 09.15 GMT", "Updated 14:10 BST", "Gazette | June 7, 2024".

A stamp line is a line whose words, apart from its dates, are only labels (published,
updated, posted, on, at...) and at most one short outlet name; a sentence that merely
contains a date ("This article was amended on 5 March 2024 to correct...") is not one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newstrace.structure.dates import DateMention, find_dates

_UPDATED_LABEL = re.compile(r"(?i)\b(?:updated|modified|last\s+updated|last\s+modified|revised|edited|amended)\b")
_LABELS = re.compile(
    r"(?i)\b(?:first|last|originally|published|updated|modified|posted|created|revised|edited|on|at|date|dated|"
    r"publication|pub|time|am|pm|local|et|gmt|utc|release|released|issued)\b|[:,|\u00b7\u2022()\-\u2013\u2014/]"
)


@dataclass
class Stamp:
    """A parsed stamp line.

    Attributes:
        dates: ``(kind, mention)`` pairs, kind ``published`` or ``updated`` from the label before it.
        outlets: outlet names written beside the date (``["Kestrel Islands Gazette"]``).
    """

    dates: list[tuple[str, DateMention]] = field(default_factory=list)
    outlets: list[str] = field(default_factory=list)


def date_kind(label: str) -> str:
    """``updated`` when the label before a date says updated/modified/revised, else ``published``."""
    return "updated" if _UPDATED_LABEL.search(label) else "published"


def parse_stamp(line: str, max_words: int = 24) -> Stamp | None:
    """Parse a date stamp line, or return ``None`` for anything else.

    >>> s = parse_stamp("First published on Sun 3 Mar 2024 09.15 GMT")
    >>> [(k, m.local_iso(), m.offset) for k, m in s.dates]
    [('published', '2024-03-03T09:15', '+00:00')]
    >>> parse_stamp("Kestrel Islands Gazette | June 7, 2024, 1:18 PM (UTC+9)").outlets
    ['Kestrel Islands Gazette']
    >>> parse_stamp("This article was amended on 5 March 2024 to correct the number of routes.") is None
    True
    """
    if len(line.split()) > max_words:
        return None
    mentions = find_dates(line)
    if not mentions or len(mentions) > 2:
        return None  # three dates and more are a table row, not a stamp
    stamp = Stamp()
    prev = 0
    for m in mentions:
        stamp.dates.append((date_kind(line[prev:m.start]), m))
        prev = m.end
    rest = line
    for m in reversed(mentions):
        rest = rest[: m.start] + " \x00 " + rest[m.end:]
    for seg in (s.strip() for s in re.split(r"[|\u00b7\u2022]", rest)):
        leftover = _LABELS.sub(" ", seg.replace("\x00", " ")).split()
        if not leftover:
            continue
        # An outlet name stands in a segment of its own ("Gazette | June 7, 2024").
        if "\x00" not in seg and len(leftover) <= 5 and all(w[0].isupper() for w in leftover) and not stamp.outlets:
            stamp.outlets.append(" ".join(seg.split()))
        else:
            return None
    return stamp
