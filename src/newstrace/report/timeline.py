"""Timeline of a story's articles by outlet: one row per outlet, one dot per article at its date.

Coordinates are computed here and drawn by the templates (which escape every label), so the
report needs no plotting library at view time. Dates are the article's publication date,
else its web-archive capture date; articles with neither are listed as undated, never
placed at a made-up time.
"""

from __future__ import annotations

import re

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

#: Drawing geometry, in SVG user units.
LABEL_W = 190
PLOT_W = 900
ROW_H = 24
TOP = 30
PAD = 12
#: Most outlet rows drawn; the rest are counted in :attr:`Timeline.rows_left_out`.
MAX_ROWS = 40
#: Most dots drawn (origins first, then the earliest); the rest are counted in :attr:`Timeline.points_left_out`.
MAX_POINTS = 600


@dataclass
class TimelinePoint:
    """One article to place.

    Attributes:
        article_id: the article.
        outlet: its row label.
        when: publication (or capture) time, ``None`` when unknown.
        role: ``origin``, ``copy``, ``inferred`` or ``independent`` (colours the dot).
        kind: derivation kind when ``role`` is ``copy``.
        title: tooltip text.
        href: link target.
        x, y: dot centre; set by :func:`timeline`.
    """

    article_id: str
    outlet: str
    when: datetime | None
    role: str = "copy"
    kind: str = ""
    title: str = ""
    href: str = ""
    x: float = 0.0
    y: float = 0.0


@dataclass
class Tick:
    """An axis tick: x position and label."""

    x: float
    label: str


@dataclass
class Timeline:
    """A laid-out timeline.

    Attributes:
        points: dated points with coordinates.
        rows: ``(outlet, y)`` of each drawn row, earliest outlet first.
        ticks: axis ticks.
        undated: points without a date (listed under the drawing).
        width, height: SVG size.
        rows_left_out: outlets beyond :data:`MAX_ROWS` not drawn.
        points_left_out: dated articles not drawn (beyond :data:`MAX_POINTS`, or in an outlet row not drawn).
        span: ``(first, last)`` dated time, or ``None``.
    """

    points: list[TimelinePoint] = field(default_factory=list)
    rows: list[tuple[str, float]] = field(default_factory=list)
    ticks: list[Tick] = field(default_factory=list)
    undated: list[TimelinePoint] = field(default_factory=list)
    width: float = LABEL_W + PLOT_W + 2 * PAD
    height: float = 0.0
    rows_left_out: int = 0
    points_left_out: int = 0
    span: tuple[datetime, datetime] | None = None


_MONTH_OR_YEAR = re.compile(r"(\d{4})(?:-(\d{2}))?")


def parse_when(value: str | None) -> datetime | None:
    """Parse an ISO 8601 date or date-time as stored (``2019-03-10``, ``2019-03-10T14:05``); ``None`` if not one.

    A month (``2019-03``, as a URL path gives it) or a year is placed at its middle (the 15th; 1 July),
    the least biased point of the span; the dot's tooltip keeps the stored text, so no day is claimed.
    Time zones are dropped (the timeline's resolution is the day or hour, and mixed
    aware/naive values could not be compared).
    """
    if not value:
        return None
    text = str(value).strip()
    if m := _MONTH_OR_YEAR.fullmatch(text):
        year, month = int(m.group(1)), int(m.group(2) or 7)
        return datetime(year, month, 15 if m.group(2) else 1) if 1 <= month <= 12 and year >= 1 else None
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        try:
            dt = datetime.combine(date.fromisoformat(text[:10]), datetime.min.time())
        except ValueError:
            return None
    return dt.replace(tzinfo=None)


def timeline(points: list[TimelinePoint], max_rows: int = MAX_ROWS, max_points: int = MAX_POINTS) -> Timeline:
    """Lay out points: rows by outlet (ordered by each outlet's first article), x by time.

    Args:
        points: every article of the story.
        max_rows: most outlet rows drawn.
        max_points: most dots drawn: origins first, then the earliest articles.

    Returns:
        A :class:`Timeline`; a story whose dated articles all share one instant is drawn
        with a one-day span centred on it.
    """
    out = Timeline()
    dated = [p for p in points if p.when is not None]
    out.undated = [p for p in points if p.when is None]
    if not dated:
        out.height = 0
        return out
    n_dated = len(dated)
    if len(dated) > max_points:
        dated = sorted(dated, key=lambda p: (p.role != "origin", p.when))[:max_points]
    first_seen: dict[str, datetime] = {}
    for p in sorted(dated, key=lambda p: (p.when, p.outlet)):
        first_seen.setdefault(p.outlet, p.when)
    with_origin = {p.outlet for p in dated if p.role == "origin"}
    outlets = sorted(first_seen, key=lambda o: (o not in with_origin, first_seen[o], o))  # origins' rows kept first
    out.rows_left_out = max(0, len(outlets) - max_rows)
    outlets = sorted(outlets[:max_rows], key=lambda o: (first_seen[o], o))
    row_y = {o: TOP + i * ROW_H + ROW_H / 2 for i, o in enumerate(outlets)}
    out.rows = [(o, row_y[o]) for o in outlets]
    lo = min(p.when for p in dated)
    hi = max(p.when for p in dated)
    out.span = (lo, hi)
    # Dates known to the day only (the usual case) are drawn at the middle of their day,
    # on an axis of whole days, rather than at a made-up midnight.
    by_day = all(p.when.time() == datetime.min.time() for p in dated)
    half = timedelta(hours=12)
    if by_day:
        lo, hi = lo, hi + 2 * half
    elif hi - lo < timedelta(hours=1):
        lo, hi = lo - half, hi + half
    total = (hi - lo).total_seconds()
    x0 = PAD + LABEL_W + 8
    width = PLOT_W - 16
    for p in dated:
        if p.outlet not in row_y:
            continue
        when = p.when + half if by_day else p.when
        p.x = x0 + width * (when - lo).total_seconds() / total
        p.y = row_y[p.outlet]
        out.points.append(p)
    out.ticks = _ticks(lo, hi, x0, width, by_day=by_day)
    out.points_left_out = n_dated - len(out.points)
    out.height = TOP + len(outlets) * ROW_H + 8
    return out


def _ticks(lo: datetime, hi: datetime, x0: float, width: float, target: int = 7, by_day: bool = False) -> list[Tick]:
    """Round-valued ticks (hours, days, weeks, months or years) spanning ``lo``..``hi``, about ``target`` of them.

    With ``by_day`` the axis is in whole days: no hour ticks, and a day's tick sits at its middle.
    """
    span = (hi - lo).total_seconds()
    steps = [] if by_day else [(3600 * h, "%d %b %H:%M") for h in (1, 3, 6, 12)]
    steps += [(86400 * d, "%d %b %Y") for d in (1, 2, 7, 14)]
    ticks: list[Tick] = []
    for step, fmt in steps:
        if span / step <= target:
            if step < 86400:
                t = datetime.fromtimestamp((lo.timestamp() // step + 1) * step)
            else:  # days: the first midnight at or after lo (its noon when by_day)
                t = datetime.combine(lo.date(), datetime.min.time())
                t = t if t >= lo else t + timedelta(days=1)
                if by_day:
                    t += timedelta(hours=12)
            while t <= hi:
                ticks.append(Tick(x0 + width * (t - lo).total_seconds() / span, t.strftime(fmt)))
                t += timedelta(seconds=step)
            return ticks
    # months or years: the first of every n-th month (or January of every n-th year) inside the span
    months = max(1, round(span / (86400 * 30.4) / target))
    years = max(1, round(months / 12))
    year, month = lo.year, lo.month
    while True:
        month += 1
        if month > 12:
            year, month = year + 1, 1
        t = datetime(year, month, 1)
        if t > hi:
            break
        keep = (month - 1) % months == 0 if months < 12 else (month == 1 and year % years == 0)
        if keep:
            ticks.append(Tick(x0 + width * (t - lo).total_seconds() / span, t.strftime("%b %Y" if months < 12 else "%Y")))
    return ticks


__all__ = ["TimelinePoint", "Tick", "Timeline", "parse_when", "timeline"]
