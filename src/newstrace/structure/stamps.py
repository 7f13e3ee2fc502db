"""Date stamp lines: "First published on Wed 14 Feb 2024 18.05 GMT", "Updated 14:10 BST", "Gazette | June 7, 2024".

A stamp line is a line whose words, apart from its dates, are only labels (published,
updated, posted, on, at..., and their German, Spanish, Portuguese, French, Italian and Dutch
forms) and at most one short outlet name; a sentence that merely contains a date ("This story
was changed on 9 June 2023 to fix...") is not one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newstrace.structure.byline import is_person_name
from newstrace.structure.dates import CLOCK_WORD, DateMention, find_dates, time_on

#: Update labels in English, German, Spanish, Portuguese, French, Italian and Dutch.
_UPDATED_LABEL = re.compile(
    r"(?i)\b(?:updated|modified|last\s+updated|last\s+modified|revised|edited|amended|aktualisiert|ge\u00e4ndert|"
    r"actualizad[oa]|atualizad[oa]|modifi\u00e9e?|mis\s+\u00e0\s+jour|aggiornat[oa]|bijgewerkt)(?!\w)"
)
#: Words a stamp line may hold besides its dates: labels and the joining words of English, German
#: ("Ver\u00f6ffentlicht am ..., 09:15 Uhr"), Spanish and Portuguese ("Publicado el ... a las 10:20"),
#: French ("Publi\u00e9 le ... \u00e0 07h30"), Italian and Dutch.
_LABELS = re.compile(
    r"(?i)(?<!\w)(?:first|last|originally|published|updated|modified|posted|created|revised|edited|on|at|date|dated|"
    r"publication|pub|time|am|pm|local|et|gmt|utc|release|released|issued|"
    r"ver\u00f6ffentlicht|aktualisiert|ge\u00e4ndert|erstellt|stand|um|uhr|"
    r"publicad[oa]|actualizad[oa]|atualizad[oa]|el|em|a|las|\u00e0s|"
    r"publi\u00e9e?|modifi\u00e9e?|mis|\u00e0|jour|le|pubblicat[oa]|aggiornat[oa]|il|alle|ore|gepubliceerd|bijgewerkt|op|om)"
    r"(?!\w)|[:,|\u00b7\u2022()\-\u2013\u2014/]"
)


@dataclass
class Stamp:
    """A parsed stamp line.

    Attributes:
        dates: ``(kind, mention)`` pairs, kind ``published`` or ``updated`` from the label before it.
        outlets: outlet names written beside the date (``["Ossery Isles Gazette"]``).
        names: a person's name written beside the date instead ("Ann Lee | June 7, 2024"): a
            byline, never an outlet (:func:`newstrace.structure.byline.is_person_name`).
    """

    dates: list[tuple[str, DateMention]] = field(default_factory=list)
    outlets: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)


#: ", Place" closing a date's segment: one to three capitalised words ("UK", "New Delhi").
_PLACE_LABEL = re.compile(
    r"\x00\s*,\s*(?P<place>[A-Z\u00c0-\u00de][\w.'\u2019\-]*(?:\s+[A-Z\u00c0-\u00de][\w.'\u2019\-]*){0,2})\s*(?=$|[|\u00b7\u2022])"
)


def _is_place_label(words: str) -> bool:
    """Whether capitalised ``words`` after a date may be its place label: not a zone, a label,
    a person's name or a news agency (those are read as such elsewhere)."""
    from newstrace.structure.credit import canonical_agency

    return not (_LABELS.fullmatch(words) or is_person_name(words) or canonical_agency(words))


#: A publication or update label right before a time ("updated 13:25", "Aktualisiert um 18:40").
_TIME_LABEL = re.compile(
    r"(?i)(?<!\w)(?:published|updated|modified|revised|posted|aktualisiert|ver\u00f6ffentlicht|actualizad[oa]|"
    r"atualizad[oa]|publicad[oa]|modifi\u00e9e?|mis\s+\u00e0\s+jour|publi\u00e9e?)(?!\w)\s*:?\s*"
    r"(?=(?:at\s+|um\s+|\u00e0\s+|a\s+las\s+)?\d)"
)


def date_kind(label: str) -> str:
    """``updated`` when the label before a date says updated/modified/revised, else ``published``."""
    return "updated" if _UPDATED_LABEL.search(label) else "published"


def parse_stamp(line: str, max_words: int = 24) -> Stamp | None:
    """Parse a date stamp line, or return ``None`` for anything else.

    >>> s = parse_stamp("First published on Wed 14 Feb 2024 18.05 GMT")
    >>> [(k, m.local_iso(), m.offset) for k, m in s.dates]
    [('published', '2024-02-14T18:05', '+00:00')]
    >>> parse_stamp("Ossery Isles Gazette | August 21, 2024, 6:42 AM (UTC+9)").outlets
    ['Ossery Isles Gazette']
    >>> parse_stamp("This story was changed on 9 June 2023 to fix the name of a bridge.") is None
    True
    """
    if len(line.split()) > max_words:
        return None
    mentions = find_dates(line)
    if not mentions:
        month = _labelled_month(line)
        return Stamp(dates=[(date_kind(line[:month.start]), month)]) if month else None
    if len(mentions) > 2:
        return None  # three dates and more are a table row, not a stamp
    # A labelled time without its own date after a date ("..., updated 13:25 GMT") is on that date.
    for k, m in enumerate(list(mentions)):
        gap_end = mentions[k + 1].start if k + 1 < len(mentions) else len(line)
        label = _TIME_LABEL.search(line, m.end, gap_end)
        clock = time_on(line, label.end(), m) if label else None
        if clock is not None and clock.end <= gap_end:
            mentions.append(clock)
    mentions.sort(key=lambda m: m.start)
    if len(mentions) > 2:
        return None
    stamp = Stamp()
    prev = 0
    for m in mentions:
        stamp.dates.append((date_kind(line[prev:m.start]), m))
        prev = m.end
    rest = line
    for m in reversed(mentions):
        rest = rest[: m.start] + " \x00 " + rest[m.end:]
    # A place label after the date-time ("Tuesday 26 February 2019 00:46, UK"): where, not who.
    rest = _PLACE_LABEL.sub(lambda m: " \x00 " if _is_place_label(m.group("place")) else m.group(0), rest)
    for seg in (s.strip() for s in re.split(r"[|\u00b7\u2022]", rest)):
        leftover = _LABELS.sub(" ", seg.replace("\x00", " ")).split()
        if not leftover:
            continue
        # An outlet name stands in a segment of its own ("Gazette | June 7, 2024"); so does the
        # author's name on many pages ("Ann Lee | June 7, 2024"), which is a byline.
        # The name may also open the date's own segment, before a comma ("Prairie Ledger, 12:30 a.m.
        # CDT Saturday, Sept. 14, 2024"), when only labels follow it.
        head, mark, tail = seg.partition("\x00")
        head = head.strip().rstrip(",\u2013\u2014- ").strip()
        if mark and seg.strip().startswith(head) and head and not _LABELS.sub(" ", tail.replace("\x00", " ")).split():
            leftover = _LABELS.sub(" ", head).split()
            if leftover and " ".join(leftover) == " ".join(head.split()):
                seg = head
        if "\x00" not in seg and len(leftover) <= 5 and all(w[0].isupper() for w in leftover) and not (
            stamp.outlets or stamp.names
        ):
            named = " ".join(seg.split())
            (stamp.names if is_person_name(named) else stamp.outlets).append(named)
        else:
            return None
    return stamp


#: Labels that open a metadata line ("date 2019-06", "Updated: 12:30 GMT", "Publicado em 12/06/2019").
_META_LABEL = re.compile(
    r"(?i)^\s*(?:(?:first|last|originally)\s+)?(?:date|dated|published|updated|modified|posted|created|revised|"
    r"publicado|publicada|actualizado|atualizado|fecha|data|publi[e\u00e9]|mis\s+\u00e0\s+jour|aktualisiert|"
    r"ver\u00f6ffentlicht|pubblicat[oa]|aggiornat[oa]|gepubliceerd|bijgewerkt)\b\s*(?:[:|\u00b7\-\u2013]\s*)?"
    r"(?:(?:on|at|el|em|le|am|il|op|\u00e0s|a\s+las)\s+)?"
)
#: What may follow such a label: a year and month ("2019-06"), a clock time ("12:30 GMT", "10h30"),
#: or an age ("3 hours ago"), besides any full date :func:`find_dates` reads.
_PARTIAL_DATE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?(?![\d-])|\d{4}/\d{2}(?![\d/])")
_CLOCK = re.compile(r"(?i)\d{1,2}[:.h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?|" + CLOCK_WORD + r")?"
                    r"(?:\s+(?-i:[A-Z]{2,4})\b|\s*UTC[+-]\d{1,2})?")
_AGO = re.compile(r"(?i)(?:\d+|an?|one)\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\s+ago\b")
_SEP = re.compile(r"\s*(?:[,.|\u00b7\-\u2013]\s*)?(?:(?:at|um|\u00e0s|\u00e0|a\s+las|alle(?:\s+ore)?|om)\s+)?")
_END_STOP = re.compile(r"\s*[.,;|]?(?=\s|$)")


_MONTH_ONLY = re.compile(r"(?P<y>\d{4})[-/](?P<m>\d{2})(?![\d/-])")


def _labelled_month(line: str) -> DateMention | None:
    """The year and month of a line that is only a date label and them ("date 2019-06",
    "Published: 2019/06"), as a month-precision :class:`DateMention`; else ``None``."""
    label = _META_LABEL.match(line)
    m = _MONTH_ONLY.match(line, label.end()) if label else None
    if not m or metadata_prefix(line) < len(line.rstrip()) or not 1900 <= int(m["y"]) <= 2100 \
            or not 1 <= int(m["m"]) <= 12:
        return None
    return DateMention(m.start(), m.end(), m.group(0), int(m["y"]), int(m["m"]), 1, order="iso", precision="month")


def _date_or_time_at(line: str, pos: int) -> int:
    """End of a date, partial date, clock time or age starting at ``pos``, or ``pos`` when none does."""
    for m in find_dates(line[pos:]):
        if m.start == 0:
            return pos + m.end
    for pattern in (_PARTIAL_DATE, _CLOCK, _AGO):
        m = pattern.match(line, pos)
        if m:
            return m.end()
    return pos


def metadata_prefix(line: str) -> int:
    """Length of the metadata at the start of ``line``: a date label ("date", "Updated:",
    "Publicado em") and the date or time after it, with a further time or date after a separator
    ("date 2019-06-12, 10:15 GMT"); ``0`` when the line does not start with one.

    Scraped excerpts glue such a stamp before the title or the first sentence ("date 2019-06 The
    report ..."); what follows it is text.

    >>> line = "date 2019-06 The report was published"
    >>> line[:metadata_prefix(line)]
    'date 2019-06'
    >>> metadata_prefix("Updated figures show a rise in 2019-06") == 0
    True
    """
    label = _META_LABEL.match(line)
    if not label:
        return 0
    end = _date_or_time_at(line, label.end())
    if end == label.end():
        return 0
    while True:
        sep = _SEP.match(line, end)
        more = _date_or_time_at(line, sep.end())
        if more == sep.end():
            return _END_STOP.match(line, end).end()  # "Posted: April 21, 2022. 10:11 pm CST."
        end = more


def is_metadata_line(line: str) -> bool:
    """True when ``line`` is only metadata: a labelled date or time ("date 2019-06", "Updated 3
    hours ago", "Posted: 10:42 AM ET"), a bare date or time, or a stamp of dates and labels alone
    (:func:`parse_stamp` with no name beside the date). Such a line is never a headline."""
    text = line.strip().strip("|\u00b7\u2022-\u2013 ")
    if not text:
        return False
    if metadata_prefix(text) == len(text) or _date_or_time_at(text, 0) == len(text):
        return True
    stamp = parse_stamp(text)
    return bool(stamp and not stamp.outlets and not stamp.names)
