"""Dates as a sentence writes them, read to their parts (weekday, month, day, year), so that one day
written two ways is not reported as a date change.

Copies restate dates in house style: AP style abbreviates the month ("Sept. 8"), a republisher adds
the year, and a page republished days later turns the wire's "on Friday" into "on September 8"
(AP Stylebook: a weekday for an event within seven days of publication, the date beyond that).
Each of these names the same day; a copy that moves the event to another day does not.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from newstrace.provenance.text import Sentence

#: Weekday names (folded) of the languages compared within one language, Monday = 0.
WEEKDAY_NUMBER: dict[str, int] = {
    name: number
    for number, names in enumerate([
        "monday mon lunes lundi montag lunedi", "tuesday tue tues martes mardi dienstag martedi",
        "wednesday wed miercoles mercredi mittwoch mercoledi", "thursday thu thurs jueves jeudi donnerstag giovedi",
        "friday fri viernes vendredi freitag venerdi", "saturday sat sabado samedi samstag",
        "sunday sun domingo dimanche sonntag domenica",
    ])
    for name in names.split()
}
#: Month names and their news abbreviations (folded), English, Spanish, Portuguese, French, German, Italian.
MONTH_NUMBER: dict[str, int] = {
    name: number
    for number, names in enumerate([
        "january jan enero janeiro janvier januar gennaio", "february feb febrero fevereiro fevrier februar febbraio",
        "march mar marzo marco mars marz", "april apr abril avril aprile", "may mayo maio mai maggio",
        "june jun junio junho juin juni giugno", "july jul julio julho juillet juli luglio",
        "august aug agosto aout", "september sept sep septiembre setiembre setembro septembre settembre",
        "october oct octubre outubro octobre oktober ottobre", "november nov noviembre novembro novembre",
        "december dec diciembre dezembro decembre dezember dicembre",
    ], start=1)
    for name in names.split()
}
#: Month and weekday abbreviations that are also common words: a date word only with a capital.
_CAPITAL_ONLY = frozenset({"may", "mar", "march", "jan", "sat", "sun", "wed", "mon", "fri", "tue", "thu", "dec", "sep",
                           "mai", "mars", "marco"})
#: Words that may stand inside one written date ("the 9th of September", "8 de septiembre de 2023").
_INSIDE = frozenset({"of", "the", "de", "del", "do", "da"})
#: How far from a publication date a weekday names a day (AP style: within the week).
WEEKDAY_REACH_DAYS = 7


@dataclass(frozen=True)
class WrittenDate:
    """One date as written: any of its parts may be missing ("Friday", "Sept. 8", "8 de mayo de 2023")."""

    weekday: int | None = None
    month: int | None = None
    day: int | None = None
    year: int | None = None


def _day_number(word: str) -> int | None:
    """A day of the month written as a number, with or without an ordinal suffix ("8", "9th", "1º")."""
    digits = word.rstrip(".º°").removesuffix("st").removesuffix("nd").removesuffix("rd").removesuffix("th")
    if digits.isdecimal() and len(digits) <= 2 and 1 <= int(digits) <= 31:
        return int(digits)
    return None


def _year(word: str) -> int | None:
    return int(word) if len(word) == 4 and word.isdecimal() and 1000 <= int(word) <= 2199 else None


def written_dates(s: Sentence) -> list[WrittenDate]:
    """The dates a sentence writes, in reading order.

    A date is a run of a weekday, a month name, a day number next to a month and a year after
    them ("Friday, Sept. 8, 2023", "the 9th of September", "8 de septiembre de 2023"); a number
    stands for a day or a year only next to a month, so "8 people" is no date.

    Args:
        s: an analysed sentence (its folded ``words`` and ``raw`` tokens).

    Returns:
        One :class:`WrittenDate` per run holding a weekday or a month.
    """
    out: list[WrittenDate] = []
    parts: dict[str, int] = {}
    gap = 0
    words, raw = s.words, s.raw
    n = len(words)

    def close() -> None:
        if "weekday" in parts or "month" in parts:
            out.append(WrittenDate(**parts))
        parts.clear()

    def is_month(k: int) -> bool:
        w = words[k].rstrip(".")
        return w in MONTH_NUMBER and (w not in _CAPITAL_ONLY or raw[k][:1].isupper())

    for k, word in enumerate(words):
        w = word.rstrip(".,")
        if w in WEEKDAY_NUMBER and (w not in _CAPITAL_ONLY or raw[k][:1].isupper()):
            if parts:
                close()
            parts["weekday"] = WEEKDAY_NUMBER[w]
        elif is_month(k):
            if "month" in parts:
                close()
            parts["month"] = MONTH_NUMBER[w]
        elif (day := _day_number(w)) is not None and "day" not in parts and (
                "month" in parts or any(is_month(x) for x in range(k + 1, min(n, k + 3)))):
            parts["day"] = day
        elif (year := _year(w)) is not None and ("month" in parts or "day" in parts) and "year" not in parts:
            parts["year"] = year
        elif w in _INSIDE and parts and gap == 0:
            gap += 1
            continue
        else:
            close()
        gap = 0
    close()
    return out


def _as_date(d: WrittenDate, near: dt.date) -> dt.date | None:
    """The calendar day of a written month and day, its year the written one or the one putting it
    nearest ``near`` (a story of 2 January about "Dec. 30")."""
    if d.month is None or d.day is None:
        return None
    years = [d.year] if d.year else [near.year - 1, near.year, near.year + 1]
    days = []
    for y in years:
        try:
            days.append(dt.date(y, d.month, d.day))
        except ValueError:
            continue
    return min(days, key=lambda x: abs((x - near).days), default=None)


def same_day(a: WrittenDate, b: WrittenDate, published: Iterable[dt.date]) -> bool:
    """Whether two written dates can name one day.

    No part written on both sides may differ. A weekday on one side only and a month and day on the
    other must agree on the calendar (the day falls on that weekday) within
    :data:`WEEKDAY_REACH_DAYS` of one of the articles' publication dates, or of nothing where the
    year is written: otherwise "Friday" could be any Friday, and is read as changed.

    Args:
        a, b: the two written dates.
        published: the two articles' publication dates, where known.
    """
    for part in ("weekday", "month", "day", "year"):
        x, y = getattr(a, part), getattr(b, part)
        if x is not None and y is not None and x != y:
            return False
    if (a.weekday is None) == (b.weekday is None):
        return True
    named, dated = (a, b) if a.weekday is not None else (b, a)
    if dated.month is None or dated.day is None:
        return named.month is None and named.day is None and dated.month is None and dated.day is None
    published = list(published)
    if not published:
        day = _as_date(dated, dt.date(dated.year, 1, 1)) if dated.year else None
        return day is not None and day.weekday() == named.weekday
    for when in published:
        day = _as_date(dated, when)
        if day is not None and day.weekday() == named.weekday and abs((day - when).days) <= WEEKDAY_REACH_DAYS:
            return True
    return False


def same_days(copy: Sentence, origin: Sentence, published: Iterable[dt.date] = ()) -> bool:
    """Whether two aligned sentences write the same days, each date in its own words (:func:`same_day`,
    date by date in reading order); sentences writing a different number of dates do not."""
    a, b = written_dates(origin), written_dates(copy)
    published = list(published)
    return bool(a) and len(a) == len(b) and all(same_day(x, y, published) for x, y in zip(a, b))


def publication_day(iso: str | None) -> dt.date | None:
    """The calendar day of an ISO 8601 date or date-time ("2023-09-08T14:00"), or None."""
    try:
        return dt.date.fromisoformat(iso[:10]) if iso else None
    except ValueError:
        return None
