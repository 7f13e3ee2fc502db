"""Date and time mentions: parsing, named time zones, and day-first vs month-first order.

Dates come out as *local* ISO 8601 (``2024-03-14T21:40``) with the UTC offset kept apart
(``-04:00``), because the README's rule is the date printed on the page: converting a
late-evening story to UTC can move it to the next day.

Recognised forms:

* ISO 8601: ``2024-03-14``, ``2024-03-14T21:40:00-04:00``, ``2024-03-15 01:40Z``;
* named month: ``3 March 2024``, ``Sun 3 Mar 2024``, ``March 14, 2024``, ``Feb. 26, 2019``, and
  day-first full month names in Portuguese, Spanish, French, Italian and German (``3 de abril de 2024``);
* numeric: ``26/02/2019``, ``2/26/19``, ``26.02.2019``, ``2019/02/26``;
* a time before or after the date (``09.15``, ``9:40 p.m.``, ``1:18 PM``, ``07h30``), joined to it
  by "at" or its forms in other languages (``a las 10:20``, ``\u00e0 07h30``, ``um 09:15``), and a zone
  (``GMT``, ``EDT``, ``PT``, ``UTC+9``, ``GMT-04:00``, ``+0100``); a labelled time alone after a
  date is read on that date by :func:`time_on`.

Numeric dates whose two first fields are both <= 12 are ambiguous; :func:`resolve_order`
decides from evidence (see its docstring).
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta

# Fixed offsets in minutes. Daylight names (EDT, BST, CEST) are unambiguous by themselves.
_FIXED_ZONES: dict[str, int] = {
    "UTC": 0, "GMT": 0, "Z": 0, "UT": 0, "WET": 0,
    "BST": 60, "IST": 330, "CET": 60, "WAT": 60, "WEST": 60,
    "CEST": 120, "EET": 120, "CAT": 120, "SAST": 120,
    "EEST": 180, "MSK": 180, "EAT": 180, "AST": -240, "ADT": -180,
    "GST": 240, "PKT": 300, "NPT": 345, "ICT": 420, "WIB": 420,
    "HKT": 480, "SGT": 480, "AWST": 480, "PHT": 480,
    "JST": 540, "KST": 540, "ACST": 570, "ACDT": 630, "AEST": 600, "AEDT": 660,
    "NZST": 720, "NZDT": 780,
    "EST": -300, "EDT": -240, "CST": -360, "CDT": -300,
    "MST": -420, "MDT": -360, "PST": -480, "PDT": -420,
    "AKST": -540, "AKDT": -480, "HST": -600, "BRT": -180, "ART": -180,
}
# Generic US zone names: standard offset in minutes; daylight time adds 60 (US rules).
_US_GENERIC = {"ET": -300, "CT": -360, "MT": -420, "PT": -480}

_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
_MONTH_RE = (
    r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_WEEKDAY_RE = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"

_ISO = re.compile(
    r"(?<![\d.])(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})"
    r"(?:[T ](?P<H>\d{2}):(?P<M>\d{2})(?::(?P<S>\d{2})(?:[.,]\d+)?)?\s*(?P<z>Z|[+-]\d{2}(?::?\d{2})?)?)?(?![\d])"
)
_YMD = re.compile(r"(?<![\d./-])(?P<y>\d{4})[/.](?P<m>\d{1,2})[/.](?P<d>\d{1,2})(?![\d./-])")
_NUMERIC = re.compile(
    r"(?<![\d./-])(?P<a>\d{1,2})(?P<sep>[/.\-])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})(?![\d./-]|\.\d)"
)
_DMY_NAMED = re.compile(
    _WEEKDAY_RE + r"(?<![\d])(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?[\s\-]+" + _MONTH_RE + r"[\s,\-]+(?P<y>\d{4})(?!\d)",
    re.IGNORECASE,
)
#: Month names of Portuguese, Spanish, French, Italian and German (full forms only: short forms
#: such as "mar" are common words), for day-first dates: "24 de agosto de 2018", "3 mars 2019",
#: "1º de março de 2020", "24. August 2018".
_OTHER_MONTHS = {
    name: number
    for number, names in enumerate([
        "janeiro enero janvier gennaio januar jänner", "fevereiro febrero février febbraio februar",
        "março marzo mars märz", "abril avril aprile april", "maio mayo mai maggio", "junho junio juin giugno juni",
        "julho julio juillet luglio juli", "agosto août august", "setembro septiembre setiembre septembre settembre september",
        "outubro octubre octobre ottobre oktober", "novembro noviembre novembre november",
        "dezembro diciembre décembre dicembre dezember",
    ], start=1)
    for name in names.split()
}
_DMY_OTHER = re.compile(
    r"(?<![\d])(?P<d>\d{1,2})(?:\.|º|°|er)?\s+(?:de\s+)?(?P<mon>" + "|".join(sorted(_OTHER_MONTHS, key=len, reverse=True))
    + r")\s+(?:de\s+|del\s+)?(?P<y>\d{4})(?!\d)",
    re.IGNORECASE,
)
_MDY_NAMED = re.compile(
    _WEEKDAY_RE + r"\b" + _MONTH_RE + r"\s+(?P<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<y>\d{4})(?!\d)",
    re.IGNORECASE,
)
#: The word a 24-hour clock time may carry after it: German "Uhr", Dutch "uur", Spanish and
#: Portuguese "h", "hs", "hrs", "horas", French "heures" ("12:45 Uhr", "09:15 horas"): part of the time.
CLOCK_WORD = r"(?:\s*(?:uhr|uur|horas?|heures?|hrs?\.?|hs\.?|h)(?!\w))"
_TIME = (
    r"(?:(?P<H>\d{1,2})(?:[:.h]|\s?h\s?)(?P<M>\d{2})(?::(?P<S>\d{2}))?(?:\s*(?P<ampm>[ap]\.?\s?m\b\.?)|"
    + CLOCK_WORD + r")?"
    r"|(?P<H2>\d{1,2})\s*(?P<ampm2>[ap]\.?\s?m\b\.?))"
)
_ZONE = (
    r"(?:\(?\s*(?:(?P<utc>UTC|GMT)\s*(?P<sign>[+\-\u2212])\s*(?P<zh>\d{1,2})(?::?(?P<zm>\d{2}))?"
    r"|(?P<num>[+\-]\d{2}:?\d{2})"
    r"|(?P<name>[A-Z]{1,5}))\s*\)?)"
)
#: What joins a date to its time: "at", "@", a dash or bar, or "at" in other languages ("a las 10:20",
#: "\u00e0 07h30", "\u00e0s 10h", "um 09:15", "alle 8:30", "alle ore 8:30", "om 14.00", "kl. 12.00").
_CONNECT = (r"[\s,]*(?:(?:at|@|\-|\u2013|\u2014|\||\u00b7|\u2022|/|a\s+las?|\u00e0|\u00e0s|um|alle\s+ore|alle|ore|om|kl\.?)"
            r"[\s,]*)?")
# A comma may stand before the zone ("00:46, GMT"); ``_zone_fields`` then wants it in capitals.
_TIME_AFTER = re.compile(_CONNECT + _TIME + r"(?:(?P<zcomma>\s*,)?\s*" + _ZONE + r")?", re.IGNORECASE)
_TIME_BEFORE = re.compile(_TIME + r"(?:\s*" + _ZONE + r")?" + r"[\s,]*(?:on\s+|\u2013\s*|-\s*|\|\s*)?$", re.IGNORECASE)
_ZONE_AFTER = re.compile(r"\s*" + _ZONE)


@dataclass(frozen=True)
class DateMention:
    """A date (and maybe time and zone) found in text or metadata.

    Attributes:
        start, end: character offsets of the mention in the text it was found in.
        text: the mention as written.
        year, month, day: the calendar date (for ambiguous numeric dates: the day-first reading).
        hour, minute: local time of day, or ``None`` when no time is given.
        offset: UTC offset as ``"+HH:MM"``, or ``None`` when no zone is stated or implied.
        order: how the day/month order is known: ``iso``, ``named`` (month written as a word),
            ``dmy``/``mdy`` (numeric, decided by a field > 12 or by :func:`resolve_order`),
            or ``ambiguous`` (numeric, both fields <= 12, not yet decided).
        alt: the month-first reading ``(year, month, day)`` of an ambiguous date, else ``None``.
        how: evidence for the order of a numeric date (filled by :func:`resolve_order`).
        precision: ``day``, or ``month`` for a labelled year and month alone ("date 2019-06"):
            ``day`` is then 1 and :meth:`local_iso` gives ISO 8601 reduced precision ``YYYY-MM``.
    """

    start: int
    end: int
    text: str
    year: int
    month: int
    day: int
    hour: int | None = None
    minute: int | None = None
    offset: str | None = None
    order: str = "iso"
    alt: tuple[int, int, int] | None = None
    how: str = ""
    precision: str = "day"

    @property
    def date(self) -> date:
        """The calendar date as :class:`datetime.date`."""
        return date(self.year, self.month, self.day)

    def local_iso(self) -> str:
        """Local ISO 8601 without offset: ``YYYY-MM-DD``, ``YYYY-MM-DDTHH:MM``, or ``YYYY-MM`` for a month."""
        if self.precision == "month":
            return f"{self.year:04d}-{self.month:02d}"
        day = f"{self.year:04d}-{self.month:02d}-{self.day:02d}"
        if self.hour is None:
            return day
        return f"{day}T{self.hour:02d}:{self.minute or 0:02d}"

    def with_offset(self, offset: str) -> DateMention:
        """The same instant shown in another UTC offset (``"+01:00"``); needs a time and an offset."""
        if self.hour is None or self.offset is None:
            return replace(self, offset=offset)
        here = datetime(self.year, self.month, self.day, self.hour, self.minute or 0)
        moved = here + timedelta(minutes=offset_minutes(offset) - offset_minutes(self.offset))
        return replace(self, year=moved.year, month=moved.month, day=moved.day, hour=moved.hour,
                       minute=moved.minute, offset=offset)

    def instant(self) -> datetime | None:
        """The UTC instant (naive datetime in UTC) when time and offset are known, else ``None``."""
        if self.hour is None or self.offset is None:
            return None
        here = datetime(self.year, self.month, self.day, self.hour, self.minute or 0)
        return here - timedelta(minutes=offset_minutes(self.offset))


def format_offset(minutes: int) -> str:
    """``-240`` -> ``"-04:00"``."""
    sign = "-" if minutes < 0 else "+"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


def offset_minutes(offset: str) -> int:
    """``"-04:00"``, ``"-0400"``, ``"Z"`` -> minutes east of UTC (``-240``)."""
    if offset in {"Z", "z"}:
        return 0
    m = re.fullmatch(r"([+\-\u2212])(\d{1,2})(?::?(\d{2}))?", offset.strip())
    if not m:
        raise ValueError(f"not a UTC offset: {offset!r}")
    value = int(m.group(2)) * 60 + int(m.group(3) or 0)
    return -value if m.group(1) in "-\u2212" else value


def _nth_sunday(year: int, month: int, n: int) -> int:
    """Day of month of the n-th Sunday (n=-1: the last)."""
    days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1) if date(year, month, d).weekday() == 6]
    return days[n if n < 0 else n - 1]


def _us_daylight(d: date) -> bool:
    """US daylight saving time on local date ``d`` (rules of 2007 on; 1987-2006 before)."""
    if d.year >= 2007:
        start, end = date(d.year, 3, _nth_sunday(d.year, 3, 2)), date(d.year, 11, _nth_sunday(d.year, 11, 1))
    else:
        start, end = date(d.year, 4, _nth_sunday(d.year, 4, 1)), date(d.year, 10, _nth_sunday(d.year, 10, -1))
    return start <= d < end


def zone_offset(name: str, on: date | None = None) -> str | None:
    """UTC offset of a named zone (``"EDT"`` -> ``"-04:00"``; ``"PT"`` by US daylight rules on ``on``).

    Returns ``None`` for unknown names. Generic names (ET, CT, MT, PT) need the local date;
    without it their standard offset is returned.
    """
    key = name.upper()
    if key in _FIXED_ZONES:
        return format_offset(_FIXED_ZONES[key])
    if key in _US_GENERIC:
        extra = 60 if on is not None and _us_daylight(on) else 0
        return format_offset(_US_GENERIC[key] + extra)
    return None


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        y += 2000 if y <= (datetime.now().year % 100) + 1 else 1900
    return y


def _valid(y: int, m: int, d: int) -> bool:
    return 1900 <= y <= 2100 and 1 <= m <= 12 and 1 <= d <= calendar.monthrange(y, m)[1]


def _time_fields(m: re.Match) -> tuple[int, int] | None:
    """Hour and minute from a ``_TIME`` match, 12-hour clock resolved; ``None`` if invalid."""
    if m.group("H") is not None:
        hour, minute, ampm = int(m.group("H")), int(m.group("M")), m.group("ampm")
    else:
        hour, minute, ampm = int(m.group("H2")), 0, m.group("ampm2")
    if ampm:
        if not 1 <= hour <= 12:
            return None
        pm = ampm.lower().startswith("p")
        hour = (hour % 12) + (12 if pm else 0)
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None
    return hour, minute


def _zone_fields(m: re.Match, on: date) -> str | None:
    """UTC offset from a ``_ZONE`` match; ``None`` if no zone or an unknown name."""
    if m.group("utc"):
        if m.group("zh") is None:
            return "+00:00"
        value = int(m.group("zh")) * 60 + int(m.group("zm") or 0)
        return format_offset(-value if m.group("sign") in "-\u2212" else value)
    if m.group("num"):
        return format_offset(offset_minutes(m.group("num")))
    if m.group("name"):
        return zone_offset(m.group("name"), on)
    return None


def _date_matches(text: str) -> list[tuple[int, int, DateMention]]:
    found = []
    for m in _ISO.finditer(text):
        y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
        if not _valid(y, mo, d):
            continue
        hour = minute = None
        offset = None
        if m["H"] is not None and int(m["H"]) < 24 and int(m["M"]) < 60:
            hour, minute = int(m["H"]), int(m["M"])
            if m["z"]:
                offset = format_offset(offset_minutes(m["z"]))
        found.append((m.start(), m.end(), DateMention(m.start(), m.end(), m.group(0), y, mo, d, hour, minute, offset, "iso")))
    for m in _YMD.finditer(text):
        y, mo, d = int(m["y"]), int(m["m"]), int(m["d"])
        if _valid(y, mo, d):
            found.append((m.start(), m.end(), DateMention(m.start(), m.end(), m.group(0), y, mo, d, order="iso")))
    for rx in (_DMY_NAMED, _MDY_NAMED):
        for m in rx.finditer(text):
            y, mo, d = int(m["y"]), _MONTHS[m["mon"][:3].lower()], int(m["d"])
            if m["mon"][0].islower() and m["mon"].lower() in {"may", "march"}:
                continue  # the modal verb / the noun, not the month
            if _valid(y, mo, d):
                found.append((m.start(), m.end(), DateMention(m.start(), m.end(), m.group(0), y, mo, d, order="named")))
    for m in _DMY_OTHER.finditer(text):
        y, mo, d = int(m["y"]), _OTHER_MONTHS[m["mon"].lower()], int(m["d"])
        if _valid(y, mo, d):
            found.append((m.start(), m.end(), DateMention(m.start(), m.end(), m.group(0), y, mo, d, order="named")))
    for m in _NUMERIC.finditer(text):
        if m["sep"] == "." and len(m["y"]) == 2:
            continue  # "1.5.19" is more often a version number than a date
        a, b, y = int(m["a"]), int(m["b"]), _year(m["y"])
        dmy, mdy = _valid(y, b, a), _valid(y, a, b)
        if not (dmy or mdy):
            continue
        if dmy and mdy and a != b:
            mention = DateMention(m.start(), m.end(), m.group(0), y, b, a, order="ambiguous", alt=(y, a, b))
        elif dmy:
            mention = DateMention(m.start(), m.end(), m.group(0), y, b, a, order="dmy", how="a field > 12")
        else:
            mention = DateMention(m.start(), m.end(), m.group(0), y, a, b, order="mdy", how="a field > 12")
        found.append((m.start(), m.end(), mention))
    # Keep the longest of overlapping matches, earliest first.
    found.sort(key=lambda t: (t[0], -(t[1] - t[0])))
    kept: list[tuple[int, int, DateMention]] = []
    for item in found:
        if kept and item[0] < kept[-1][1]:
            continue
        kept.append(item)
    return kept


def find_dates(text: str) -> list[DateMention]:
    """All date mentions in ``text``, in order, each with the time and zone written next to it.

    Args:
        text: any text (a line, a paragraph, a metadata value).

    Returns:
        Non-overlapping :class:`DateMention` objects; ``start``/``end`` span the date and any
        adjacent time and zone. Ambiguous numeric dates have ``order == "ambiguous"``.

    >>> [d.local_iso() for d in find_dates("First published on Wed 14 Feb 2024 18.05 GMT")]
    ['2024-02-14T18:05']
    >>> find_dates("June 3, 2023 at 7:25 p.m. EDT")[0].offset
    '-04:00'
    >>> find_dates("the 1.8 million pounds spent in 2019")
    []
    """
    out = []
    for start, end, mention in _date_matches(text):
        on = mention.date
        hour, minute, offset = mention.hour, mention.minute, mention.offset
        if hour is None:
            after = _TIME_AFTER.match(text, end)
            fields = _time_fields(after) if after else None
            if fields:
                hour, minute = fields
                end = after.end()
                zone = _zone_fields(after, on)
                if after.group("zcomma") and after.group("name") and not after.group("name").isupper():
                    zone = None  # "at 7:25, et al." is a word after a comma, not a zone
                if zone is None and after.group("name"):
                    end = after.start("name")  # an unknown capitalised word ("UK", a place), not a zone
                    end = len(text[:end].rstrip(" (,"))
                offset = zone
            else:
                before = _TIME_BEFORE.search(text[max(0, start - 40):start])
                fields = _time_fields(before) if before else None
                if fields:
                    hour, minute = fields
                    offset = _zone_fields(before, on)
                    start = start - (len(text[max(0, start - 40):start]) - before.start())
        elif offset is None:
            zone_m = _ZONE_AFTER.match(text, end)
            zone = _zone_fields(zone_m, on) if zone_m else None
            if zone is not None:
                offset, end = zone, zone_m.end()
        out.append(replace(mention, start=start, end=end, text=text[start:end], hour=hour, minute=minute,
                           offset=offset))
    return out


def time_on(text: str, pos: int, day: DateMention) -> DateMention | None:
    """A clock time (and zone) written at ``pos`` of ``text`` without its own date, read on the date
    of ``day``: the update time in "Published 14 February 2024 07:10 GMT, updated 13:25 GMT".

    Args:
        text: the line.
        pos: where the time may start (spaces and "at" may come first).
        day: the date mention the time belongs to (the last date before it).

    Returns:
        A :class:`DateMention` spanning the time, with ``day``'s date, or ``None`` when no time
        stands there or one follows that is part of a date.

    >>> line = "Published 14 Feb 2024 07:10 GMT, updated 13:25 GMT"
    >>> m = time_on(line, line.index("13"), find_dates(line)[0])
    >>> m.local_iso(), m.offset, m.text
    ('2024-02-14T13:25', '+00:00', '13:25 GMT')
    """
    m = _TIME_AFTER.match(text, pos)
    fields = _time_fields(m) if m else None
    if fields is None or m.group("H") is None:
        return None  # "updated 3 pm" alone is too loose to read as a time
    end = m.end()
    zone = _zone_fields(m, day.date)
    if zone is None and m.group("name"):
        end = len(text[: m.start("name")].rstrip(" (,"))
    start = m.start("H")
    return replace(day, start=start, end=end, text=text[start:end], hour=fields[0], minute=fields[1],
                   offset=zone if zone is not None else day.offset if day.hour is not None else None)


def parse_date_value(value) -> DateMention | None:
    """Parse a metadata date value (ISO 8601 string, ``datetime`` or ``date``) or free text.

    Args:
        value: e.g. ``"2024-05-02T06:30:00+01:00"``, ``"Sun, 03 Mar 2024 09:15:00 GMT"``,
            ``"26/02/2019"``, a :class:`datetime.datetime` (aware or naive) or :class:`datetime.date`.

    Returns:
        The first date mention, or ``None`` when no date is found.
    """
    if value is None:
        return None
    if isinstance(value, datetime):
        offset = None
        if value.utcoffset() is not None:
            offset = format_offset(int(value.utcoffset().total_seconds() // 60))
        return DateMention(0, 0, value.isoformat(), value.year, value.month, value.day, value.hour, value.minute,
                           offset, "iso")
    if isinstance(value, date):
        return DateMention(0, 0, value.isoformat(), value.year, value.month, value.day, order="iso")
    text = str(value).strip()
    if not text:
        return None
    mentions = find_dates(text)
    return mentions[0] if mentions else None


@dataclass(frozen=True)
class OrderEvidence:
    """What can decide the order of ambiguous numeric dates in one document.

    Attributes:
        reference: dates known from unambiguous sources (metadata, other mentions).
        numeric_orders: orders (``dmy``/``mdy``) of other numeric dates in the document that a
            field > 12 decided.
        named_orders: how the document writes dates with month names: ``dmy`` for
            "3 March 2019", ``mdy`` for "March 3, 2019".
        language: the reader's language hint (``en-US``, ``en-GB``, ``fr``...), or ``None``.
    """

    reference: tuple[date, ...] = ()
    numeric_orders: tuple[str, ...] = ()
    named_orders: tuple[str, ...] = ()
    language: str | None = None


def collect_evidence(texts: list[str], reference: list[date] = (), language: str | None = None) -> OrderEvidence:
    """Gather :class:`OrderEvidence` from the document's texts (headline, body, metadata strings)."""
    numeric, named = [], []
    for text in texts:
        for m in _NUMERIC.finditer(text):
            a, b = int(m["a"]), int(m["b"])
            if a > 12 >= b:
                numeric.append("dmy")
            elif b > 12 >= a:
                numeric.append("mdy")
        day_first = len(_DMY_NAMED.findall(text)) + len(_DMY_OTHER.findall(text))
        named += ["dmy"] * day_first + ["mdy"] * len(_MDY_NAMED.findall(text))
    return OrderEvidence(tuple(reference), tuple(numeric), tuple(named), language)


def resolve_order(mention: DateMention, evidence: OrderEvidence) -> DateMention:
    """Decide day-first vs month-first for an ambiguous numeric date from evidence.

    Evidence, strongest first:

    1. a reference date (from metadata) equal to, or within 3 days of, one reading;
    2. other numeric dates in the document whose order a field > 12 decided;
    3. how the document writes month-name dates ("3 March" is day-first, "March 3" month-first);
    4. the separator: dots (``03.04.2019``) are a day-first convention;
    5. the language hint: ``en-US`` month-first; any other language or region day-first.

    Without any of these the day-first reading is kept (most of the world's convention) and
    ``how`` says ``"no evidence: day-first by default"`` so callers can report the doubt.

    Returns:
        The mention with ``order`` set to ``dmy`` or ``mdy`` and ``how`` naming the evidence.
    """
    if mention.order != "ambiguous" or mention.alt is None:
        return mention
    dmy = mention
    y, m, d = mention.alt
    mdy = replace(mention, year=y, month=m, day=d)

    def pick(which: str, how: str) -> DateMention:
        chosen = dmy if which == "dmy" else mdy
        return replace(chosen, order=which, alt=None, how=how)

    for ref in evidence.reference:
        gaps = {"dmy": abs((dmy.date - ref).days), "mdy": abs((mdy.date - ref).days)}
        best = min(gaps, key=gaps.get)
        if gaps[best] <= 3 and gaps[best] < gaps["mdy" if best == "dmy" else "dmy"]:
            return pick(best, f"metadata date {ref.isoformat()}")
    for orders, label in ((evidence.numeric_orders, "other numeric dates"), (evidence.named_orders, "month-name dates")):
        if orders:
            votes = {o: orders.count(o) for o in ("dmy", "mdy")}
            if votes["dmy"] != votes["mdy"]:
                best = max(votes, key=votes.get)
                return pick(best, f"{label} in the document are {best}")
    if "." in mention.text:
        return pick("dmy", "dot separator")
    lang = (evidence.language or "").replace("_", "-").lower()
    if lang in {"en-us", "en-ph"}:
        return pick("mdy", f"language {evidence.language}")
    if lang:
        return pick("dmy", f"language {evidence.language}")
    return pick("dmy", "no evidence: day-first by default")
