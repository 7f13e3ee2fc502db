"""Event keys of one article: rare names, specific numbers, rare and topic words, with their weights, and its date interval.

Independent coverage of one event shares little wording but the same people, places and
figures ("Codevida", "Maturín", "17 deaths") and some topic words ("blackout", "dialysis");
coverage of the same *subject* at another time shares the common names of the subject
("Maduro", "Venezuela") but rarely the specific ones. An article's keys are weighted from
background word frequency (wordfreq's Zipf scale) and number specificity only, so they depend
on the article alone and are computed once; how common a key is *in the store* (boilerplate
such as "Qtr" or "mln dlrs") is weighed by the clustering, :mod:`newstrace.stories.cluster`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, timedelta

from newstrace.provenance.text import (
    NUMBER_WORDS,
    analyse_text,
    fold,
    number_value,
    number_weight,
    zipf,
    zipf_in,
)
from newstrace.structure.credit import AGENCIES
from newstrace.urls import url_host, url_path

#: A name (folded) with English Zipf frequency at or above this carries no weight ("Juan", "Monday").
NAME_ZIPF_CEILING = 4.0
#: Zipf span over which a name's weight rises from 0 to 1 (Zipf 2.0 and rarer weigh 1).
NAME_ZIPF_SPAN = 2.0
#: A lowercase word (6+ letters) rarer than this in the article's language is a rare-word key.
RARE_WORD_ZIPF = 2.5
RARE_WORD_WEIGHT = 0.5
#: A lowercase word (5+ letters) between :data:`RARE_WORD_ZIPF` and this is a topic-word key
#: ("blackout", "dialysis", "defectors"): independent reports of one event share these
#: where they share few names. Its weight rises from 0 at this Zipf to :data:`TOPIC_WEIGHT`
#: at :data:`RARE_WORD_ZIPF`, so topic words add evidence but are never specific.
TOPIC_ZIPF = 4.5
TOPIC_WEIGHT = 0.25
#: News agencies' one-word names ("Reuters", "AFP", "Xinhua"), folded: a wire's own name is in
#: every story it sends, so it says nothing about the event.
AGENCY_WORDS = frozenset(
    fold(alias) for aliases in AGENCIES.values() for alias in aliases if len(alias.split()) == 1
) | {"reuter", "reuters"}
#: Most weight of a whole number below 100 (a count of days, an age, a day of the month): never specific.
SMALL_NUMBER_WEIGHT = 0.4
#: Most weight of a decimal number (a price, a rate, a percentage): never specific.
DECIMAL_WEIGHT = 0.6
#: Folded first three letters of month names (English, Spanish, Portuguese, French, German).
_MONTH_WORDS = frozenset(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "ene", "abr", "ago", "dic", "fev", "mai", "set", "out", "dez", "fev", "avr", "jui", "aou", "dez", "mrz", "okt"]
)
#: Weight factor of a capitalised word seen only at the start of sentences.
INITIAL_ONLY = 0.5
#: Weight factor of a capitalised word followed by another ("Dilson" in "Dilson Funaro"), so a
#: person counts once, by the last word of the name, among the specific keys.
NAME_PART = 0.5
#: Weight factor of a surname matched to a name that only one side qualifies with a given name
#: ("Jiménez said" against "Marcos Pérez Jiménez"): the same surname is no evidence of the same
#: person, so it counts as a name part does and is never a specific key; with given names on
#: both sides and none in common (Rafael Jiménez, Pérez Jiménez) it counts nothing.
SURNAME_ONLY = NAME_PART
#: Prefix of a given-name qualifier key ``q:<surname>|<given name>`` (weight 0: never scored or
#: probed, only read to tell two people of one surname apart).
QUALIFIER = "q:"
#: Keys lighter than this are not kept.
MIN_KEY_WEIGHT = 0.25
#: At most this many keys per article are kept (heaviest first, ties by key), bounding the index.
MAX_KEYS = 200

_POSSESSIVE = re.compile(r"(?:['’]s|['’])$")
_URL_DATE = (
    # /2019/03/10/ , /2019-03-10 , /20190310 , /2019/0312/ (not inside a longer run of digits)
    re.compile(r"(?<!\d)((?:19|20)\d\d)[/_-]?(0[1-9]|1[0-2])[/_-]?(0[1-9]|[12]\d|3[01])(?!\d)"),
    # /2019/mar/11/
    re.compile(r"/((?:19|20)\d\d)/(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*/(0?[1-9]|[12]\d|3[01])(?!\d)", re.IGNORECASE),
)
_URL_MONTH = (
    re.compile(r"/((?:19|20)\d\d)/(0[1-9]|1[0-2])/"),  # /2019/06/
    re.compile(r"/(0[1-9]|1[0-2])/((?:19|20)\d\d)/"),  # /05/2019/
)
_MONTHS = {m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


@dataclass(frozen=True)
class DateSpan:
    """When an article appeared, as an inclusive interval of days (a day, or a month from a URL).

    Attributes:
        lo, hi: first and last possible day (``datetime.date``).
        source: where it came from: ``published``, ``captured`` (web-archive capture) or ``url``.
    """

    lo: date
    hi: date
    source: str

    def gap_days(self, other: DateSpan) -> int:
        """Days between the two intervals (0 when they overlap)."""
        if self.hi < other.lo:
            return (other.lo - self.hi).days
        if other.hi < self.lo:
            return (self.lo - other.hi).days
        return 0


@dataclass
class EventKeys:
    """An article's event keys and date.

    Attributes:
        article_id: the article.
        keys: key -> weight (0..1). Keys are ``n:<folded name>``, ``#<number value>``,
            ``w:<folded rare word>`` and ``t:<folded topic word>``, and given-name qualifiers
            ``q:<folded surname>|<folded given name>`` of weight 0 (see :func:`event_keys`).
        date: its :class:`DateSpan`, or ``None`` when neither text, page nor URL dates it.
    """

    article_id: str
    keys: dict[str, float] = field(default_factory=dict)
    date: DateSpan | None = None


def name_key_weight(folded: str, language: str | None = None) -> float:
    """Weight of a folded name: 1 for names with Zipf <= 2 ("codevida", "guaido"), falling linearly to 0 at Zipf 4 ("juan").

    The Zipf frequency is the larger of English and the article's language, so a capitalised
    common word of that language ("Pero", "Embora") weighs nothing.
    """
    z = zipf(folded)
    if language and language != "en":
        z = max(z, zipf_in(folded, language))
    return min(1.0, max(0.0, (NAME_ZIPF_CEILING - z) / NAME_ZIPF_SPAN))


def event_keys(article_id: str, headline: str, text: str, language: str | None = None) -> dict[str, float]:
    """Event keys of an article's headline and body.

    Args:
        article_id: unused for the keys; kept for symmetry with :func:`article_keys`.
        headline, text: the article (any language: names are folded and transliterated by
            :func:`newstrace.provenance.text.fold`, so "Гуайдо" and "Guaidó" give one key).
        language: ISO 639-1 code for the rare-word test (English when ``None``).

    Returns:
        key -> weight, at most :data:`MAX_KEYS` (the heaviest), names and numbers each
        >= :data:`MIN_KEY_WEIGHT`, topic words <= :data:`TOPIC_WEIGHT`; plus, for each name key
        written somewhere right after a capitalised word ("Rafael Jiménez", "Nicolás Maduro"),
        a qualifier ``q:<name>|<that word>`` of weight 0, unless that word is common in English
        (Zipf >= :data:`NAME_ZIPF_CEILING`: titles such as "President", "Sergeant", and given
        names too frequent to tell people apart, "John", "Juan"), or opens the sentence and is
        common in the article's language ("Luego Jiménez dijo"). Words count as one name only when
        whitespace alone separates them ("Cúcuta, Colombia" is two names). The clustering
        (:mod:`newstrace.stories.cluster`) counts a shared name fully only when both sides or
        neither carry a qualifier for it, and a shared qualifier when both do: within one
        article, a surname said alone refers to the full name given earlier, the convention of
        news writing that within-document name coreference relies on.
    """
    keys: dict[str, float] = {}
    lang = language or "en"
    body = (headline.strip() + "\n" if headline and headline.strip() else "") + (text or "")
    sentences = [s for s in analyse_text(body) if s.raw]
    shouted = [_shouted(s.text) for s in sentences]
    # A capitalised word that never stands inside a sentence weighs half (never a specific
    # key): template line-starters ("Shr 12 cts vs 10 cts", "Revs 1.2 mln") are not names.
    inside = {fold(t) for s, caps in zip(sentences, shouted) if not caps for t in s.raw[1:] if t[:1].isupper()}
    qualifiers: set[str] = set()
    for s, caps in zip(sentences, shouted):
        raw = s.raw
        joined = _joined(s.text, raw)
        for i, tok in enumerate(raw):
            f = fold(tok)
            num = number_value(tok) if tok[:1].isdecimal() or f in NUMBER_WORDS else None
            if num is not None:
                near = {fold(raw[j])[:3] for j in (i - 1, i + 1) if 0 <= j < len(raw)}
                if near & _MONTH_WORDS:  # "Dec 31", "31 de marzo": a day of the month, not a count
                    continue
                key, w = "#" + num, number_weight(num)
                if "." in num:  # prices, rates and percentages coincide across unrelated stories
                    w = min(w, DECIMAL_WEIGHT)
                elif int(num) < 100:
                    w = min(w, SMALL_NUMBER_WEIGHT)
            elif tok[:1].isupper() and not caps and len(f) >= 3 and not f.isdecimal():
                if i == 0 and zipf(f) >= 4.0:  # an ordinary word opening the sentence
                    continue
                name = _POSSESSIVE.sub("", f)
                if len(name) < 3 or name in AGENCY_WORDS:
                    continue
                w = name_key_weight(name, lang) * (1.0 if f in inside else INITIAL_ONLY)
                if i + 1 < len(raw) and joined[i + 1] and raw[i + 1][:1].isupper():
                    w *= NAME_PART  # a first name, or a word inside a longer name: the last word carries it
                if i > 0 and joined[i] and raw[i - 1][:1].isupper() and not raw[i - 1][:1].isdecimal():
                    given = _POSSESSIVE.sub("", fold(raw[i - 1]))
                    # a title or common word is no given name; a capitalised word of the article's
                    # language only counts where its capital is the name's, not the sentence's
                    if len(given) >= 2 and zipf(given) < NAME_ZIPF_CEILING and (i > 1 or name_key_weight(given, lang) > 0):
                        qualifiers.add(f"{QUALIFIER}{name}|{given}")
                key = "n:" + name
            else:
                if len(f) >= 5 and f.isalpha() and tok[:1].islower():
                    z = zipf_in(f, lang)
                    if z < RARE_WORD_ZIPF and len(f) >= 6:
                        keys["w:" + f] = RARE_WORD_WEIGHT
                    elif RARE_WORD_ZIPF <= z < TOPIC_ZIPF:
                        keys.setdefault("t:" + f, round(TOPIC_WEIGHT * (TOPIC_ZIPF - z) / (TOPIC_ZIPF - RARE_WORD_ZIPF), 4))
                continue
            if w >= MIN_KEY_WEIGHT and w > keys.get(key, 0.0):
                keys[key] = round(w, 4)
    if len(keys) > MAX_KEYS:
        keys = dict(sorted(keys.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_KEYS])
    for q in sorted(qualifiers):
        if "n:" + q[len(QUALIFIER):].split("|", 1)[0] in keys:
            keys[q] = 0.0
    return keys


def qualifiers(keys: dict[str, float] | Iterable[str]) -> dict[str, set[str]]:
    """Given names by surname from an article's (or an event's) qualifier keys: ``{"jimenez": {"rafael"}}``."""
    out: dict[str, set[str]] = {}
    for k in keys:
        if k.startswith(QUALIFIER):
            surname, _, given = k[len(QUALIFIER):].partition("|")
            out.setdefault(surname, set()).add(given)
    return out


def _joined(text: str, raw: list[str]) -> list[bool]:
    """Per token of ``raw`` (the tokens of ``text`` in order): whether only whitespace separates it from the one before."""
    out, pos, prev = [], 0, None
    for tok in raw:
        start = text.find(tok, pos)
        out.append(start >= 0 and prev is not None and text[prev:start].isspace())
        if start >= 0:
            pos = prev = start + len(tok)
    return out


def _shouted(text: str) -> bool:
    """True for a sentence written in capitals (a wire headline): its words are not names by their capitals."""
    upper = sum(map(str.isupper, text))
    lower = sum(map(str.islower, text))
    return upper + lower >= 8 and upper > 4 * lower


def parse_day(value: str | None) -> date | None:
    """The day of an ISO 8601 date or date-time string (``"2019-03-10T08:00"`` -> 2019-03-10); ``None`` if unparseable."""
    if not value:
        return None
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)", value.strip())
    if not m:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


def _month_days(year: int, month: int, source: str) -> DateSpan:
    """The days of one month as a span (first to last day)."""
    lo = date(year, month, 1)
    return DateSpan(lo, (lo.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1), source)


def _month_span(value: str | None) -> DateSpan | None:
    """A published month (``"2019-06"``, ISO 8601 reduced precision) as the span of its days."""
    m = re.fullmatch(r"(\d{4})-(\d\d)", (value or "").strip())
    if not m or not 1 <= int(m.group(2)) <= 12:
        return None
    return _month_days(int(m.group(1)), int(m.group(2)), "published")


def url_date(url: str | None) -> DateSpan | None:
    """A date written in a URL's path: a day (``/2019/03/10/``, ``/2019/mar/11/``, ``/2019/0312/``)
    or a month (``/2019/06/``, ``/05/2019/``), else ``None``.

    >>> url_date("https://example.org/news/2019/03/10/story.html").lo.isoformat()
    '2019-03-10'
    >>> url_date("https://example.org/2019/06/story.shtml").hi.isoformat()
    '2019-06-30'
    >>> url_date("https://example.org/article/201902255244585816.html") is None
    True
    """
    if not url:
        return None
    path = url_path(url)  # "" for a stored URL that does not parse ("http://[::1/x")
    for rx in _URL_DATE:
        m = rx.search(path)
        if not m:
            continue
        y, mo, d = m.group(1), m.group(2), m.group(3)
        month = _MONTHS[mo[:3].lower()] if mo.isalpha() else int(mo)
        try:
            day = date(int(y), month, int(d))
        except ValueError:
            continue
        return DateSpan(day, day, "url")
    for i, rx in enumerate(_URL_MONTH):
        m = rx.search(path)
        if m:
            y, mo = (m.group(1), m.group(2)) if i == 0 else (m.group(2), m.group(1))
            return _month_days(int(y), int(mo), "url")
    return None


def article_date(published: str | None, captured: str | None, url: str | None) -> DateSpan | None:
    """The article's date: its published date, else its URL's date, else the web-archive capture day.

    A published month (``"2019-06"``) is the span of its days, unless the URL dates the article
    inside that month more precisely.

    A capture is only an upper bound (the page existed then), so it is the last resort.
    """
    day = parse_day(published)
    if day:
        return DateSpan(day, day, "published")
    span = url_date(url)
    month = _month_span(published)
    if month and not (span and month.lo <= span.lo and span.hi <= month.hi):
        return month  # a printed "date 2019-06": the month, unless the URL names a day or month inside it
    if span:
        return span
    day = parse_day(captured)
    return DateSpan(day, day, "captured") if day else None


def outlet_of(outlet: str | None, url: str | None) -> str | None:
    """The outlet: the host of the article's URL (:func:`newstrace.urls.url_host`) without
    ``www.``/``amp.``/``m.``, else the stored outlet name.

    >>> outlet_of(None, "https://www.bostonglobe.com/2023/01/12/science/x/")
    'bostonglobe.com'
    """
    if url:
        host = url_host(url)  # "" for a URL that does not parse, as for none
        for prefix in ("www.", "www1.", "www2.", "amp.", "m.", "mobile."):
            if host.startswith(prefix) and host.count(".") > 1:
                host = host[len(prefix):]
                break
        if host:
            return host
    return outlet.strip() if outlet and outlet.strip() else None


__all__ = ["DateSpan", "EventKeys", "article_date", "event_keys", "name_key_weight", "outlet_of", "parse_day", "qualifiers",
           "url_date"]  # fmt: skip
