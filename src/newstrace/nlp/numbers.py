"""Number expressions in tokenised text: digits, number words, scale words, ranges, and their units.

Works on spaCy tokens of the light pipeline (no dependency parse needed). A number expression
is a maximal run such as ``155,221``, ``5.93 mln``, ``two dozen``, ``one hundred and
twenty-five``, ``half a million``, ``11-1/2`` or ``$5bn``, or two figures read as one (a
range ``10-12``, ``between 300 and 400``; a vote tally or score ``ruled 7-2``, ``a 52-48 vote``,
``391 votes to 242``; a span of years ``2018-19``; a code ``555-1234``, see :func:`pair_kind`;
a proportion ``one in five``); a sign, ``minus 31``, ``-12C``, is part of the figure;
:func:`find_numbers` returns them with their value, and :func:`read_unit` reads the unit that follows (``pct``, ``dlrs``,
``tonnes``, ``barrels per day``) or precedes (``$``, ``US$``, ``€``) one.

Values follow ordinary English number grammar (as in e.g. the ``word2number`` and
``text2num`` packages): small numbers add, ``hundred`` multiplies the current group, larger
scale words close a group. Wire-service abbreviations (``mln``, ``bln``, ``pct``, ``dlrs``,
``cts``, ``stg``) are those of the Reuters style used in Reuters-21578.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

from spacy.tokens import Doc, Token

SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
#: Scale words that close a group (``three million``); wire abbreviations included.
SCALES = {
    "thousand": 1e3, "lakh": 1e5, "million": 1e6, "mln": 1e6, "mn": 1e6, "mio": 1e6, "crore": 1e7,
    "billion": 1e9, "bln": 1e9, "bn": 1e9, "trillion": 1e12, "trn": 1e12, "tn": 1e12,
}
#: Scale letters glued to digits in one token (``5bn``, ``$3m``, ``40k``).
_GLUED_SCALES = {"k": 1e3, "m": 1e6, "mn": 1e6, "mln": 1e6, "bn": 1e9, "b": 1e9, "bln": 1e9, "tn": 1e12,
                 "trn": 1e12, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
#: Fraction words: "two-thirds", "a quarter of", "half of".
FRACTIONS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5,
             "fifths": 5, "tenth": 10, "tenths": 10}
#: Plural scale words give no definite value ("dozens of", "hundreds of", "tens of thousands").
VAGUE = {"dozens", "hundreds", "thousands", "millions", "billions", "trillions", "tens", "scores"}

_DIGITS = re.compile(r"^[+\-−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^[+\-−]?\.\d+$")  # − is U+2212 MINUS SIGN
#: A temperature glued to its scale letter in one token: "-12C", "30F", "−5°C", "30F." at a sentence end.
#: Capital C or F only: "20c" is 20 cents.
_GLUED_TEMP = re.compile(r"^([+\-−]?\d{1,3}(?:\.\d+)?)°?([CF])\.?$")
_SIGNS = {"-", "−", "+"}
_FRACTION = re.compile(r"^(\d{1,2})/(2|3|4|5|8|10|16|32|64|100)$")
_GLUED = re.compile(
    r"^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k|m|mn|mln|bn|b|bln|tn|trn|thousand|million|billion|trillion)$",
    re.IGNORECASE)
_HYPHENS = {"-", "–", "—"}

# --- units --------------------------------------------------------------------------------

PERCENT_WORDS = {"percent": "percent", "pct": "percent", "%": "percent", "per cent": "percent",
                 "percentage points": "percentage points", "percentage point": "percentage points",
                 "basis points": "basis points", "basis point": "basis points", "bps": "basis points",
                 "points": "points", "point": "points", "pts": "points"}
#: Currency words after a number -> unit. ISO 4217 codes where the word names one currency;
#: the plain word where several countries use it (pesos, francs, bolivars, crowns).
CURRENCY_WORDS = {
    "dollar": "USD", "dollars": "USD", "dlr": "USD", "dlrs": "USD", "usd": "USD",
    "cent": "cents", "cents": "cents", "ct": "cents", "cts": "cents",
    "euro": "EUR", "euros": "EUR", "eur": "EUR",
    "pound": "GBP", "pounds": "GBP", "stg": "GBP", "sterling": "GBP", "gbp": "GBP",
    "pence": "pence", "yen": "JPY", "jpy": "JPY", "yuan": "CNY", "renminbi": "CNY",
    "mark": "DEM", "marks": "DEM", "dm": "DEM", "deutschemarks": "DEM", "guilder": "NLG",
    "guilders": "NLG", "lira": "ITL", "lire": "ITL", "rouble": "RUB", "roubles": "RUB",
    "ruble": "RUB", "rubles": "RUB", "rupee": "rupees", "rupees": "rupees", "won": "KRW",
    "peso": "pesos", "pesos": "pesos", "franc": "francs", "francs": "francs", "bolivar": "bolivars",
    "bolivars": "bolivars", "bolivares": "bolivars", "cruzado": "cruzados", "cruzados": "cruzados",
    "real": "BRL", "reais": "BRL", "rand": "ZAR", "crown": "crowns", "crowns": "crowns",
    "kronor": "SEK", "kroner": "crowns", "riyal": "riyals", "riyals": "riyals", "dinar": "dinars",
    "dinars": "dinars", "shekel": "ILS", "shekels": "ILS", "naira": "NGN", "ringgit": "MYR",
    "baht": "THB", "rupiah": "IDR", "boliviano": "BOB", "bolivianos": "BOB", "forint": "HUF", "forints": "HUF",
    "zloty": "PLN", "zlotys": "PLN", "soles": "PEN", "sucres": "ECS", "lempiras": "HNL", "quetzales": "GTQ", "austral": "australes", "australes": "australes",
    "schillings": "ATS", "escudos": "escudos", "pesetas": "ESP", "drachmas": "GRD",
}
#: Currency words that are also common English words: "real" before a noun or adjective modifies it
#: ("four real exams", "eight real estate properties") and is no unit. Other currency words before
#: a noun are the unit of a compound ("a 200 mln crown loan", "145 mln marks worth of credits"), and
#: "won" is the won even where the tagger reads a verb ("38.3 billion won in 1986").
AMBIGUOUS_CURRENCY = frozenset({"real"})
#: Country adjectives that pin a currency word down (``Canadian dlrs`` -> CAD).
CURRENCY_NATIONS = {
    ("canadian", "USD"): "CAD", ("australian", "USD"): "AUD", ("hong kong", "USD"): "HKD",
    ("new zealand", "USD"): "NZD", ("singapore", "USD"): "SGD", ("taiwan", "USD"): "TWD",
    ("u.s.", "USD"): "USD", ("us", "USD"): "USD", ("american", "USD"): "USD",
    ("mexican", "pesos"): "MXN", ("colombian", "pesos"): "COP", ("argentine", "pesos"): "ARS",
    ("chilean", "pesos"): "CLP", ("philippine", "pesos"): "PHP", ("swiss", "francs"): "CHF",
    ("french", "francs"): "FRF", ("belgian", "francs"): "BEF", ("indian", "rupees"): "INR",
    ("pakistani", "rupees"): "PKR", ("saudi", "riyals"): "SAR", ("venezuelan", "bolivars"): "bolivars",
    ("danish", "crowns"): "DKK", ("swedish", "crowns"): "SEK", ("norwegian", "crowns"): "NOK",
    ("brazilian", "cruzados"): "cruzados", ("south african", "ZAR"): "ZAR",
}
_NATIONS = {nation for nation, _ in CURRENCY_NATIONS}
#: Currency symbols before a number.
CURRENCY_SYMBOLS = {
    "$": "USD", "us$": "USD", "u.s.$": "USD", "c$": "CAD", "a$": "AUD", "hk$": "HKD",
    "nz$": "NZD", "s$": "SGD", "r$": "BRL", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR",
    "rs": "rupees", "rs.": "rupees", "₽": "RUB", "₩": "KRW", "chf": "CHF", "eur": "EUR",
    "usd": "USD", "gbp": "GBP",
}
#: Measures and counted containers -> canonical unit (SI symbols where there is one).
MEASURE_WORDS = {
    "km": "km", "kms": "km", "kilometer": "km", "kilometers": "km", "kilometre": "km", "kilometres": "km",
    "mile": "miles", "miles": "miles", "meter": "m", "meters": "m", "metre": "m", "metres": "m",
    "cm": "cm", "mm": "mm", "centimeter": "cm", "centimeters": "cm", "centimetre": "cm", "centimetres": "cm",
    "millimeter": "mm", "millimeters": "mm", "millimetre": "mm", "millimetres": "mm", "feet": "ft", "foot": "ft", "ft": "ft", "inches": "in", "inch": "in",
    "yards": "yd", "kg": "kg", "kgs": "kg", "kilo": "kg", "kilos": "kg", "kilogram": "kg",
    "kilograms": "kg", "gram": "g", "grams": "g", "tonne": "tonnes", "tonnes": "tonnes",
    "ton": "tons", "tons": "tons", "lb": "lb", "lbs": "lb", "ounce": "oz", "ounces": "oz",
    "oz": "oz", "ozs": "oz", "barrel": "barrels", "barrels": "barrels", "bbl": "barrels",
    "bpd": "barrels per day", "b/d": "barrels per day", "bushel": "bushels", "bushels": "bushels",
    "bag": "bags", "bags": "bags", "bale": "bales", "bales": "bales", "cartons": "cartons",
    "litre": "litres", "litres": "litres", "liter": "litres", "liters": "litres", "gallon": "gallons",
    "gallons": "gallons", "acre": "acres", "acres": "acres", "hectare": "hectares", "hectares": "hectares",
    "ha": "hectares", "mw": "MW", "megawatts": "MW", "megawatt": "MW", "kw": "kW", "gw": "GW",
    "kwh": "kWh", "mph": "mph", "km/h": "km/h", "kph": "km/h", "degrees": "degrees",
    "shares": "shares", "shrs": "shares", "share": "shares", "vehicles": "vehicles", "cars": "cars",
    "units": "units", "arroba": "arrobas", "arrobas": "arrobas", "cubic": "cubic",
    "times": "times", "fold": "times",
}
#: Counts of persons share the unit ``people`` (the counted noun stays in ``what``).
PEOPLE_WORDS = {"people", "persons", "person", "individuals", "others"}
#: Time units: a number with one of these is a duration (or, with ``old``, an age).
TIME_UNITS = {
    "second": "seconds", "seconds": "seconds", "secs": "seconds", "minute": "minutes",
    "minutes": "minutes", "mins": "minutes", "hour": "hours", "hours": "hours", "hrs": "hours",
    "day": "days", "days": "days", "week": "weeks", "weeks": "weeks", "wks": "weeks",
    "month": "months", "months": "months", "mths": "months", "mos": "months", "year": "years",
    "years": "years", "yrs": "years", "decade": "decades", "decades": "decades",
    "century": "centuries", "centuries": "centuries", "qtr": "quarters", "qtrs": "quarters",
    "quarter": "quarters", "quarters": "quarters",
}
MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
    "sept", "oct", "nov", "dec",
}


#: Words that make the figures before them a quantity (a unit or counted people).
_UNIT_WORDS = frozenset(PERCENT_WORDS) | frozenset(CURRENCY_WORDS) | frozenset(MEASURE_WORDS) | frozenset(
    PEOPLE_WORDS) | frozenset(TIME_UNITS) | {"lb", "lbs"}


@dataclass
class NumberExpr:
    """A number expression found in a doc.

    Attributes:
        start, end: token indices into the doc (``end`` exclusive).
        value: the number (float), scale words applied; for a range, the lower bound.
        high: upper bound of a range (``15-20 mln`` -> 2e7), else ``None``.
        vague: a plural scale word with no definite value ("dozens", "hundreds of").
        has_words: written (wholly or partly) in words.
        has_scale: carries a scale word (``mln``, ``million``, ``dozen``).
        ratio: a ratio such as a stock split ("two-for-one" -> 2.0, "three-for-two" -> 1.5).
        pair: how two joined figures read (:func:`pair_kind`): ``"range"``, ``"tally"`` (a
            vote tally or a score: ``value`` is the first figure, ``second`` the other),
            ``"years"`` (``2018-19``), ``"phone"`` (``555-1234``), ``"code"`` (a model or
            series number, ``747-400``) or ``"proportion"`` (``one in five``: ``value`` the
            fraction, 0.2); ``None`` for a single figure.
        second: the second figure of a tally or score (``7-2`` -> 2.0), else ``None``.
    """

    start: int
    end: int
    value: float
    high: float | None = None
    vague: bool = False
    has_words: bool = False
    has_scale: bool = False
    ratio: bool = False
    pair: str | None = None
    second: float | None = None


def digit_value(text: str) -> float | None:
    """Value of one digit token: ``"155,221"`` -> 155221.0, ``"1/8"`` -> 0.125, ``"5bn"`` -> 5e9.

    Returns ``None`` for anything else (``"1990s"``, ``"10:30"``, ``"F-16"``).

    >>> [digit_value(t) for t in ("155,221", "5.93", "1/8", "5bn", "1990s", "1986/87")]
    [155221.0, 5.93, 0.125, 5000000000.0, None, None]
    """
    if _DIGITS.match(text):
        return float(text.replace(",", "").replace("−", "-"))
    m = _FRACTION.match(text)
    if m and int(m.group(1)) < int(m.group(2)):  # proper fractions only: "1986/87", "9/11" are not
        return int(m.group(1)) / int(m.group(2))
    m = _GLUED.match(text)
    if m:
        num = float(m.group(1).replace(",", "") + ("." + m.group(2) if m.group(2) else ""))
        return num * _GLUED_SCALES[m.group(3).lower()]
    return None


def _kind(tok: Token) -> str | None:
    """Role of a token inside a number expression, or ``None``."""
    low = tok.lower_
    if low in SMALL:
        return "small"
    if low in TENS:
        return "tens"
    if low == "hundred":
        return "hundred"
    if low in SCALES:
        return "scale"
    if low == "dozen":
        return "dozen"
    if _GLUED_TEMP.match(tok.text):
        return "temp"
    if low in VAGUE:
        return "vague"
    if digit_value(tok.text) is not None:
        return "glued" if _GLUED.match(tok.text) else "digit"
    return None


def _split_scale(toks: Doc, i: int, j: int, end: int) -> bool:
    """Token ``j`` is a scale abbreviation split off the number before it.

    "bn", "mn", "tn" always are; "m", "k" and "b" only next to money ("$4.2m", "10m euros")
    or before a plural noun ("10m people"), since "a 100m sprint" is metres.
    """
    low = toks[j].lower_.rstrip(".")  # "$6.1m." at the end of a sentence is one token
    if low in {"bn", "mn", "tn", "mln", "bln", "trn"}:
        return True
    if low not in {"m", "k", "b"}:
        return False
    before = toks[i - 1].lower_ if i > 0 else ""
    after = toks[j + 1] if j + 1 < end else None
    if before in CURRENCY_SYMBOLS:
        return True
    return after is not None and (after.lower_ in CURRENCY_WORDS or (low != "b" and after.tag_ == "NNS"))


def _combine(parts: list[tuple[str, float]]) -> float:
    """Value of a sequence of (kind, value) parts by English number grammar."""
    total, current = 0.0, 0.0
    for kind, val in parts:
        if kind in {"small", "tens", "digit", "glued", "frac", "temp"}:
            current += val
        elif kind == "a":
            current += 1 if current == 0 else 0
        elif kind == "half":
            current = current + 0.5 if current >= 1 else 0.5
        elif kind == "hundred":
            current = (current or 1) * 100
        elif kind == "dozen":
            current = (current or 1) * 12
        elif kind == "scale":
            total += (current or 1) * val
            current = 0.0
    return total + current


def _scan(doc: Doc, i: int, end: int) -> NumberExpr | None:
    """Read the longest number expression starting at token ``i`` (before token ``end``)."""
    toks = doc
    parts: list[tuple[str, float]] = []
    j = i
    first = toks[i]
    low = first.lower_
    # "a hundred", "a dozen", "an estimated" is not a number; "half a million"
    if low in {"a", "an"} and i + 1 < end and _kind(toks[i + 1]) in {"hundred", "scale", "dozen"}:
        parts.append(("a", 1))
        j = i + 1
    elif (low == "half" and i + 2 < end and toks[i + 1].lower_ in {"a", "an"}
          and _kind(toks[i + 2]) in {"scale", "dozen", "hundred"}):
        parts.append(("half", 0.5))
        j = i + 2
    kind0 = _kind(toks[j])
    if kind0 is None:
        return None
    if kind0 == "vague":
        k = j + 1
        # "tens of thousands", "hundreds of millions"
        if k + 1 < end and toks[k].lower_ == "of" and toks[k + 1].lower_ in VAGUE:
            k += 2
        return NumberExpr(i, k, 0.0, vague=True, has_words=True, has_scale=True)
    if kind0 in {"hundred", "scale", "dozen"} and not parts:
        return None  # a bare "million" / "dozen" is not a number expression
    prev = None
    words = False
    scale = False
    while j < end:
        tok = toks[j]
        kind = _kind(tok)
        if kind is None and prev == "digit" and not toks[j - 1].whitespace_ and _split_scale(toks, i, j, end):
            # "$4.2m", "10m euros": the tokenizer split the scale letters off the digits
            parts.append(("scale", _GLUED_SCALES[tok.lower_.rstrip(".")]))
            prev = "glued"
            scale = True
            j += 1
            continue
        if kind is None or kind == "vague":
            # joiners: "one hundred and twenty", "two and a half", "forty-five", "11-1/2"
            low = tok.lower_
            if (low == "and" and j + 1 < end and prev in {"hundred", "scale"}
                    and _kind(toks[j + 1]) in {"small", "tens"}):
                j += 1
                continue
            if (low == "and" and j + 2 < end and toks[j + 1].lower_ in {"a", "one"}
                    and toks[j + 2].lower_ == "half" and prev):
                parts.append(("half", 0.5))
                j += 3
                prev = "half"
                continue
            if tok.text in _HYPHENS and j + 1 < end and not tok.whitespace_ and not toks[j - 1].whitespace_:
                nxt = toks[j + 1]
                if prev == "tens" and _kind(nxt) == "small" and nxt.lower_ != "zero":
                    j += 1
                    continue
                frac = nxt.text.removesuffix("s")  # bond notation: "the 13-1/4s"
                if prev == "digit" and _FRACTION.match(frac) and digit_value(frac) is not None:
                    parts.append(("frac", digit_value(frac)))
                    j += 2
                    prev = "frac"
                    continue
            break
        if kind in {"small", "tens"}:
            if prev in {"small", "tens", "digit", "glued", "frac"} and not (prev == "tens" and kind == "small"):
                break
            words = True
        elif kind in {"digit", "glued"}:
            if prev is not None:
                break
        elif kind == "temp":  # "-12C": the figure and its unit in one token; nothing joins it
            if prev is not None:
                break
            m = _GLUED_TEMP.match(tok.text)
            parts.append(("temp", float(m.group(1).replace("−", "-"))))
            prev = kind
            j += 1
            break
        elif kind == "hundred":
            if prev in {"hundred", "dozen"}:
                break
            words = scale = True
        elif kind == "dozen":
            if prev in {"dozen", "scale"}:
                break
            words = scale = True
        elif kind == "scale":
            if prev == "glued":
                break
            scale = True
        val = digit_value(tok.text) if kind in {"digit", "glued"} else (
            SMALL.get(tok.lower_) or TENS.get(tok.lower_) or SCALES.get(tok.lower_, 0.0))
        parts.append((kind, float(val or 0.0)))
        prev = kind
        j += 1
    if not any(k in {"small", "tens", "digit", "glued", "a", "half", "temp"} for k, _ in parts):
        return None
    return NumberExpr(i, j, _combine(parts), has_words=words or first.lower_ in {"a", "an", "half"},
                      has_scale=scale or prev == "glued")


def _scan_fraction(doc: Doc, i: int, end: int) -> NumberExpr | None:
    """ "two-thirds of", "a third of", "one quarter of", "half of" (a fraction needs its "of")."""
    t = doc[i]
    low = t.lower_
    if low == "half" and i + 1 < end and doc[i + 1].lower_ == "of":
        if i > 0 and doc[i - 1].lower_ in {"the", "first", "second", "latter", "former", "this", "that", "each",
                                            "other"}:
            return None  # "the first half of the season" is a part of a period, not a fraction claim
        return NumberExpr(i, i + 1, 0.5, has_words=True)
    if low not in SMALL and low not in {"a", "an"}:
        return None
    num = 1 if low in {"a", "an"} else SMALL[low]
    j = i + 1
    if j < end and doc[j].text in _HYPHENS and not doc[j].whitespace_ and not t.whitespace_:
        j += 1
    if j + 1 < end and doc[j].lower_ in FRACTIONS and doc[j + 1].lower_ == "of" and num >= 1:
        if low in {"a", "an", "one"} and doc[j].lower_.endswith("s"):
            return None
        return NumberExpr(i, j + 1, num / FRACTIONS[doc[j].lower_], has_words=True)
    return None


#: Words that can open a number expression besides those spaCy marks ``like_num``.
_STARTERS = {"a", "an", "half", "dozen", *VAGUE}


def number_starts(doc: Doc) -> list[int]:
    """Indices of the tokens of ``doc`` that may open a number expression, in one vectorised pass.

    A token qualifies when spaCy's ``like_num`` is set, it starts with a digit (``5bn``) or a
    sign glued to a digit (``−20``, ``-12C``), or it is one of "a", "an", "half", "dozen" or a
    vague plural. :func:`find_numbers` tries
    only these positions, so text without numbers costs almost nothing.
    """
    import numpy as np
    from spacy.attrs import LIKE_NUM, LOWER, PREFIX

    if len(doc) == 0:
        return []
    strings = doc.vocab.strings
    arr = doc.to_array([LIKE_NUM, LOWER, PREFIX])
    words = np.array([strings.add(w) for w in _STARTERS], dtype=arr.dtype)
    digits = np.array([strings.add(str(d)) for d in range(10)], dtype=arr.dtype)
    mask = (arr[:, 0] == 1) | np.isin(arr[:, 1], words) | np.isin(arr[:, 2], digits)
    # a sign glued to a digit: "−20" (U+2212, not like_num), "-12C"; a lone hyphen is no start
    signs = np.array([strings.add(s) for s in _SIGNS], dtype=arr.dtype)
    for i in np.nonzero(np.isin(arr[:, 2], signs) & ~mask)[0].tolist():
        text = doc[i].text
        mask[i] = len(text) > 1 and text[1].isdecimal()
    return np.nonzero(mask)[0].tolist()


def find_numbers(doc: Doc, start: int, end: int, starts: list[int] | None = None) -> list[NumberExpr]:
    """Number expressions among tokens ``start:end`` of ``doc``, left to right, not overlapping.

    Ranges (``15-20 mln``, ``340 to 350``, ``between 5 and 10``, ``10–12`` as one token)
    become one expression with ``value`` the lower and ``high`` the upper bound; a scale word
    after the second number applies to both. ``from A to B`` is a change, not a range: two
    expressions. A vote tally or score (``ruled 7-2``, ``won 3-1``, ``a 52-48 vote``, ``391
    votes to 242``) is one expression with ``pair == "tally"``, ``value`` the first and
    ``second`` the other figure; a span of years (``2018-19``), a phone number (``555-1234``)
    or a model number (``747-400``) is one expression too, with ``pair`` saying which, so
    that no part of it is read as a count (:func:`pair_kind`). A sign is part of the figure
    (``minus 31``, ``-12C``, ``–14C``: :func:`_apply_minus`); a proportion (``one in five``,
    ``3 out of 4``) is one expression valued as its fraction, ``pair == "proportion"``
    (:func:`_merge_proportions`); two figures each with the same unit (``3.5% to 4%``,
    ``between $5 and $6``) are a range like ``3.5 to 4%`` unless a change word puts a far
    level after the change (``rose 0.4% to 5.2%``, :func:`_change_not_range`).

    Args:
        doc: a spaCy ``Doc`` (tokenised; tags are not needed).
        start, end: token index bounds, e.g. a sentence's ``start``/``end``.

        starts: the positions worth trying (from :func:`number_starts`); all when ``None``.

    Returns:
        ``list[NumberExpr]``.
    """
    found: list[NumberExpr] = []
    # starts is sorted (number_starts): slice it, a scan per sentence would make long texts quadratic
    positions = (
        range(start, end) if starts is None else starts[bisect_left(starts, start) : bisect_left(starts, end)]
    )
    i = start
    for pos in positions:
        if pos < i:
            continue
        expr = _scan_dashed(doc, pos, start, end) or _scan_fraction(doc, pos, end) or _scan(doc, pos, end)
        if expr is not None:
            found.append(expr)
            i = expr.end
    return _merge_ranges(doc, _merge_proportions(doc, _merge_ratios(doc, _apply_minus(doc, found, start)), end),
                         start, end)


#: Words before "minus" that make it arithmetic or a margin ("ten minus two", "plus or minus 3").
_NOT_SIGN = {"or", "plus", "/", "±"}


def _apply_minus(doc: Doc, exprs: list[NumberExpr], start: int) -> list[NumberExpr]:
    """ "minus 31 degrees", "inflation was minus 0.3 percent", "lows of –12C": the figure's sign.

    The expression takes the word in (its ``start`` moves back one token) and a negative
    value. Not after a figure or "plus or" ("ten minus two", "plus or minus 3 points": a
    difference or a margin of error, no negative figure), nor after a noun outside a
    temperature ("LIBOR minus 6-1/2 pct": a spread).
    """
    out = []
    for expr in exprs:
        i = expr.start
        dash = doc[i - 1] if i - 1 >= start else None
        if (dash is not None and dash.text in {"–", "−", "-"} and not dash.whitespace_ and expr.value > 0
                and not expr.vague and expr.pair is None and not doc[i].text[:1] in "+-−–"
                and (i - 2 < start or (doc[i - 2].whitespace_ and not doc[i - 2].like_num))):
            # "lows of –12C": an en dash or minus sign the tokenizer split off, glued to the figure
            out.append(NumberExpr(i - 1, expr.end, -expr.value, has_words=expr.has_words, has_scale=expr.has_scale))
            continue
        if (i - 1 >= start and doc[i - 1].lower_ == "minus" and expr.value > 0 and not expr.vague
                and expr.pair is None):
            before = doc[i - 2] if i - 2 >= start else None
            # "LIBOR minus 6-1/2 pct": a spread below a named rate, not a negative figure
            spread = before is not None and before.pos_ in {"NOUN", "PROPN"} and not _temperature_context(
                doc, expr, expr.end + 5)
            margin = before is not None and before.lower_ == "and" and i - 3 >= start and doc[i - 3].lower_ == "plus"
            if before is None or not (before.like_num or before.lower_ in _NOT_SIGN or spread or margin):
                expr = NumberExpr(i - 1, expr.end, -expr.value, has_words=expr.has_words, has_scale=expr.has_scale)
        out.append(expr)
    return out


#: Joiners of a proportion ("one in five", "3 out of 4", "one in every ten", "two of every three", "one-in-five").
_PROPORTION_JOINERS = {"in", "out of", "in every", "out of every", "of every", "- in -"}


def _merge_proportions(doc: Doc, exprs: list[NumberExpr], end: int) -> list[NumberExpr]:
    """ "one in five patients", "3 out of 4 schools": one proportion, ``value`` the fraction (0.2, 0.75).

    Read like a fraction ("a fifth of" -> 0.2): the first figure is a whole number at least 1
    and smaller than the second; the second is no year ("one in 2020") and takes no time
    unit or percent after it ("2 in 10 minutes" is a count and a duration). The expression
    has ``pair == "proportion"``.
    """
    out: list[NumberExpr] = []
    for expr in exprs:
        if out and out[-1].pair is None and expr.pair is None and not (out[-1].vague or expr.vague):
            a = out[-1]
            joiner = " ".join(t.lower_ for t in doc[a.end:expr.start])
            after = doc[expr.end].lower_ if expr.end < end else ""
            b_text = doc[expr.start:expr.end].text
            if (joiner in _PROPORTION_JOINERS and a.high is None and expr.high is None and not a.has_scale
                    and 1 <= a.value < expr.value and a.value == int(a.value) and not a.ratio and not expr.ratio
                    and not _is_year_text(b_text) and after not in TIME_UNITS
                    and after not in PERCENT_WORDS):
                out[-1] = NumberExpr(a.start, expr.end, a.value / expr.value, has_words=a.has_words or expr.has_words,
                                     has_scale=expr.has_scale, pair="proportion")
                continue
        out.append(expr)
    return out


def _merge_ratios(doc: Doc, exprs: list[NumberExpr]) -> list[NumberExpr]:
    """ "two-for-one", "3 for 2": one ratio expression (a stock split), not two counts."""
    out: list[NumberExpr] = []
    for expr in exprs:
        nxt = doc[expr.end + 1] if expr.end + 1 < len(doc) else None
        m = re.fullmatch(r"for-(\d+)", nxt.text) if nxt is not None and doc[expr.end].text == "-" else None
        if m and int(m.group(1)) > 0:  # "3-for-2" is tokenised "3", "-", "for-2"
            out.append(NumberExpr(expr.start, expr.end + 2, expr.value / int(m.group(1)), ratio=True))
            continue
        if out and not out[-1].ratio and expr.value > 0:
            gap = "".join(t.text_with_ws for t in doc[out[-1].end:expr.start]).strip().lower()
            after = doc[expr.end].lower_ if expr.end < len(doc) else ""
            small = out[-1].value <= 20 and expr.value <= 20 and not (out[-1].has_scale or expr.has_scale)
            if gap == "-for-" or (gap == "for" and small and after in {"split", "stock", "reverse", "share"}):
                a = out[-1]
                out[-1] = NumberExpr(a.start, expr.end, a.value / expr.value, has_words=a.has_words, ratio=True)
                continue
        out.append(expr)
    return out


#: Words near two joined figures that make them a vote tally ("ruled 7-2", "a 52-48 vote",
#: "by a 2 to 1 margin", "voted 543-21 in favor"), as Reuters-21578 and wire copy write them.
VOTE_WORDS = frozenset("""
vote votes voted voting ballot ballots ruled ruling decision verdict majority margin approved rejected
passed defeated backed endorsed adopted upheld overturned favor favour
""".split())
#: Words near two joined figures that make them a game score ("won 3-1", "a 2-2 draw", "lost 1-3").
SCORE_WORDS = frozenset("""
won win wins winning lost lose loses losing beat beats beating drew draw draws drawn tied tie ties
trailed trailing trail led lead leads leading victory victories defeat defeats loss losses score scored
scoreline thrashing rout
""".split())
#: Words before a game score written with the loser's figure first ("lost 1-3", "trailed 0-2").
_LOSING_WORDS = frozenset("lost lose loses losing trailed trailing trail beaten".split())
#: Words after a model or series number ("the 930-11 model", "737-200 jets").
_MODEL_WORDS = frozenset("model models series version aircraft jet jets jetliner jetliners plane planes engine".split())
_HYPHEN_JOINERS = {"-", "–", "—"}
_PLAIN_INT = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)$")
_DASHED = re.compile(r"^(\d{1,3}(?:,\d{3})+|\d+)[–—](\d{1,3}(?:,\d{3})+|\d+)$")


def _is_year_text(text: str) -> bool:
    return len(text) == 4 and text.isdecimal() and 1000 <= int(text) <= 2100


def pair_kind(first: str, second: str, joiner: str, before: list[str], after: list[str]) -> str | None:
    """How two integers joined by a hyphen, a dash or "to" read.

    Args:
        first, second: the two figures as written (``"7"``, ``"2"``; commas allowed).
        joiner: ``"-"``, ``"–"``, ``"—"``, ``"to"`` or ``"votes to"``.
        before: lower-case words just before the first figure (up to four), in text order.
        after: lower-case words just after the second figure (up to three).

    Returns:
        ``"years"`` (``2018-19``, ``2018-2019``), ``"phone"`` (``555-1234``, ``020-7946``),
        ``"code"`` (a model or series number: two 3-digit figures and no vote or game near,
        ``747-400``), ``"tally"`` (a vote tally or game score), or ``None`` (a range when the
        first is smaller, else two separate numbers). A tally needs, with "to", a vote word
        near (:data:`VOTE_WORDS`; "391 to 242" after "rejected") or "votes" between the figures;
        with a hyphen or dash, a first figure not smaller than the second ("7-2", "1-1": a range
        runs upwards), or a game word before it ("lost 1-3").

    >>> pair_kind("7", "2", "-", ["court", "ruled"], ["on"]), pair_kind("10", "12", "-", ["some"], ["people"])
    ('tally', None)
    >>> pair_kind("2018", "19", "-", ["the"], ["season"]), pair_kind("555", "1234", "-", ["call"], [])
    ('years', 'phone')
    """
    a_txt, b_txt = first.replace(",", ""), second.replace(",", "")
    hyphen = joiner in _HYPHEN_JOINERS
    unit_after = bool(after) and (after[0] in _UNIT_WORDS or after[0] in SCALES)  # "975-1100 lbs": a range
    if hyphen and not unit_after and _is_year_text(a_txt) and (len(b_txt) == 2 or _is_year_text(b_txt) and int(b_txt) > int(a_txt)):
        return "years"
    if hyphen and "," not in first + second and not unit_after and (
            (len(a_txt), len(b_txt)) in {(3, 4), (4, 4)} or (a_txt.startswith("0") and len(a_txt) > 1)
            or (b_txt.startswith("0") and len(b_txt) > 1) or len(a_txt) + len(b_txt) >= 7):
        return "phone"
    a, b = int(a_txt), int(b_txt)
    near = set(before) | set(after)
    vote, game = bool(near & VOTE_WORDS), bool(near & SCORE_WORDS)
    if joiner == "votes to":
        return "tally"
    if joiner == "to":
        return "tally" if vote and a >= b else None
    if not hyphen:
        return None
    if a >= b:
        model = bool(after) and after[0] in _MODEL_WORDS
        if not (vote or game) and (model or len(a_txt) == 3 and len(b_txt) == 3):
            return "code"  # "the 747-400", "the 930-11 model": a model number, not a count
        return "tally"
    # the loser's score first ("lost 1-3"); not "a loss of 19-24 cts", not "LEAD 8-12" in a price table
    return "tally" if set(before) & _LOSING_WORDS and not unit_after else None


def _context(doc: Doc, first: int, last: int, start: int, end: int) -> tuple[list[str], list[str]]:
    """Lower-case words up to four before token ``first`` and three from token ``last``, within bounds."""
    before = [t.lower_ for t in doc[max(start, first - 4):first]]
    after = [t.lower_ for t in doc[last:min(end, last + 3)]]
    return before, after


def _hyphen_digit(doc: Doc, i: int, step: int) -> bool:
    """Token ``i`` is a hyphen glued to a digit token on its far side (``step`` 1: after, -1: before)."""
    j = i + step
    if not (0 <= i < len(doc) and 0 <= j < len(doc)) or doc[i].text not in _HYPHEN_JOINERS:
        return False
    glued = not doc[i].whitespace_ if step == 1 else not doc[j].whitespace_
    return glued and doc[j].text[:1].isdecimal()


def _scan_dashed(doc: Doc, i: int, start: int, end: int) -> NumberExpr | None:
    """Two figures in one token joined by an en or em dash (``10–12``, ``5–4``), which the tokenizer
    keeps whole; a scale word after it applies to both (``15–20 mln``)."""
    m = _DASHED.match(doc[i].text)
    if m is None:
        return None
    before, after = _context(doc, i, i + 1, start, end)
    kind = pair_kind(m.group(1), m.group(2), "–", before, after)
    a, b = float(m.group(1).replace(",", "")), float(m.group(2).replace(",", ""))
    j, scale = i + 1, 1.0
    if kind is None and j < end and doc[j].lower_ in SCALES:
        scale, j = SCALES[doc[j].lower_], j + 1
    if kind is None and a < b:
        return NumberExpr(i, j, a * scale, b * scale, has_scale=scale != 1.0, pair="range")
    if kind is None:
        return None
    return NumberExpr(i, i + 1, a, pair=kind, second=b if kind == "tally" else None)


def _merge_ranges(doc: Doc, exprs: list[NumberExpr], start: int = 0, end: int | None = None) -> list[NumberExpr]:
    """Join two neighbouring expressions read as one: a range, a tally or score, years, a code."""
    end = len(doc) if end is None else end
    out: list[NumberExpr] = []
    for expr in exprs:
        if out and not expr.vague and not out[-1].vague and out[-1].high is None and out[-1].pair is None:
            a = out[-1]
            gap = doc[a.end:expr.start]
            before = doc[a.start - 1].lower_ if a.start > 0 else ""
            joiner = gap.text.strip().lower()
            tight = joiner != "-" or not (doc[a.end - 1].whitespace_ or gap[0].whitespace_)
            ints = (a.end - a.start == 1 and expr.end - expr.start == 1 and not a.has_words and not expr.has_words
                    and _PLAIN_INT.match(doc[a.start].text) and _PLAIN_INT.match(doc[expr.start].text))
            chained = _hyphen_digit(doc, expr.end, 1) or _hyphen_digit(doc, a.start - 1, -1)  # "2023-01-12"
            if gap and tight and ints and not chained and before != "from" and joiner in {"-", "–", "—", "to",
                                                                                          "votes to"}:
                words_before, words_after = _context(doc, a.start, expr.end, start, end)
                kind = pair_kind(doc[a.start].text, doc[expr.start].text, joiner, words_before, words_after)
                if kind is not None:
                    out[-1] = NumberExpr(a.start, expr.end, a.value, pair=kind,
                                         second=expr.value if kind == "tally" else None)
                    continue
            repeated = _repeated_unit(doc, a, expr, end) if joiner not in {"-", "–", "—", "to", "and"} else None
            if repeated is not None:  # "3.5% to 4%", "between $5 and $6": the unit said on both sides
                joiner, before, tight = repeated
                tight = tight and not _change_not_range(doc, a, expr, start)
            is_range = (
                (joiner in {"-", "–", "to"} and before != "from")
                or (joiner == "and" and before == "between")
            )
            if chained and joiner in {"-", "–", "—"}:  # "212-555-1234", "2023-01-12": one code or date, no range
                out.append(expr)
                continue
            if is_range and gap and tight:
                low = a.value
                if not a.has_scale and expr.has_scale:
                    low = a.value * _trailing_scale(doc, expr)
                if low < expr.value:
                    out[-1] = NumberExpr(a.start, expr.end, low, expr.value, False,
                                         a.has_words or expr.has_words, expr.has_scale, pair="range")
                    continue
        out.append(expr)
    return out


def _repeated_unit(doc: Doc, a: NumberExpr, b: NumberExpr, end: int) -> tuple[str, str, bool] | None:
    """Two figures that each carry one unit, joined: ``3.5% to 4%``, ``10 km to 12 km``, ``$5 to $6``.

    Returns:
        ``(joiner, word before the first figure's unit, True)`` with the unit taken out of the
        gap, or ``None`` when the gap holds no unit that the second figure repeats.
    """
    gap = list(doc[a.end:b.start])
    front = 0
    for k in (2, 1):  # a unit after each figure: "% to 4%", "per cent to 4 per cent"
        words = [t.lower_ for t in gap[:k]]
        if len(gap) <= k:
            continue
        unit = " ".join(words) in PERCENT_WORDS if k == 2 else words[0] in _UNIT_WORDS
        if unit and b.end + k <= end and words == [t.lower_ for t in doc[b.end:b.end + k]]:
            front = k
            break
    back, first = 0, a.start
    if gap and gap[-1].lower_ in CURRENCY_SYMBOLS and a.start > 0 and doc[a.start - 1].lower_ == gap[-1].lower_:
        back, first = 1, a.start - 1  # a symbol before each figure: "$5 to $6"
    if not (front or back) or front + back >= len(gap):
        return None
    joiner = " ".join(t.lower_ for t in gap[front:len(gap) - back])
    return joiner, doc[first - 1].lower_ if first > 0 else "", True


#: Words before "A% to B%" that make it a change by A to the level B ("rose 0.5% to 4%"), not a range.
_CHANGE_WORDS = frozenset("""
rose rise rises risen rising fell fall falls fallen falling up down increased increase increases decreased
decrease decreases grew grow grows growth gained gain gains climbed climb jumped jump dropped drop declined
decline slipped slip surged surge cut cuts raised raise lowered lower added by
""".split())


def _change_not_range(doc: Doc, a: NumberExpr, b: NumberExpr, start: int) -> bool:
    """ "rose 0.5% to 4%": a change word in the three words before and a second figure at least twice the first.

    A range's bounds are close ("a rise of 3.5% to 4%"); a change to a level is usually far
    from the change itself.
    """
    i = a.start - 1
    while i >= start and doc[i].lower_ in CURRENCY_SYMBOLS:
        i -= 1
    near = {t.lower_ for t in doc[max(start, i - 2):i + 1]}  # "increase by a record 2.8 mln tonnes to 71.8"
    return bool(near & _CHANGE_WORDS) and b.value >= 2 * a.value


def _trailing_scale(doc: Doc, expr: NumberExpr) -> float:
    """The multiplier of an expression's closing scale word (``20 mln`` -> 1e6), else 1."""
    last = doc[expr.end - 1]
    if last.lower_ in SCALES:
        return SCALES[last.lower_]
    if last.lower_ == "dozen":
        return 12.0
    m = _GLUED.match(last.text)
    if m:
        return _GLUED_SCALES[m.group(3).lower()]
    return 1.0


#: Words that make a capital C or F after a figure a temperature scale ("highs of 30 F").
_TEMPERATURE_WORDS = frozenset("""
temperature temperatures degree degrees cold colder coldest heat hotter hottest hot warm warmer warmest
freezing frost frosty chill thermometer mercury celsius fahrenheit lows highs heatwave winter summer weather
""".split())


def _temperature_context(doc: Doc, expr: NumberExpr, limit: int) -> bool:
    """A signed figure ("-20 C") or a temperature word within ten tokens before and five after it."""
    if expr.value < 0:
        return True
    return any(t.lower_ in _TEMPERATURE_WORDS for t in doc[max(0, expr.start - 10):min(limit, expr.end + 5)])


def read_unit(doc: Doc, expr: NumberExpr, limit: int) -> tuple[str | None, int, int]:
    """The unit of a number expression.

    Looks after the expression (``pct``, ``10 million percent``, ``dlrs``, ``Canadian dlrs``,
    ``tonnes``, ``barrels per day``, ``-mln-dlr`` in ``12.5-mln-dlr loan``; a capital ``C`` or
    ``F`` as ``°C``/``°F`` beside a sign or a temperature word, ``-20 C``), inside its token
    (``-12C``, ``30F``) and before it (``$``, ``US$``, ``€``, ``Canadian $``). ``X per Y`` units come out as ``"USD per tonne"``.

    Args:
        doc: the doc.
        expr: the number expression.
        limit: first token index past the sentence.

    Returns:
        ``(unit, first_token, end_token)``: the canonical unit or ``None``, and the token span
        the expression plus its unit covers (``end_token`` exclusive).
    """
    first, j = expr.start, expr.end
    unit = None
    # before: currency symbol, possibly with a nation word ("Canadian $")
    if first > 0:
        sym = doc[first - 1].lower_
        # "EUR 5", "USD 40" as codes only when written in capitals
        if sym in CURRENCY_SYMBOLS and (sym not in {"eur", "usd", "gbp", "chf"} or doc[first - 1].text.isupper()):
            unit = CURRENCY_SYMBOLS[sym]
            first -= 1
    # after: optional hyphen (compound modifier), optional nation adjective, unit word
    k = j
    if k < limit and doc[k].text in _HYPHENS and not doc[k].whitespace_:
        k += 1
    nation = ""
    if k + 1 < limit and doc[k].lower_ in _NATIONS:
        nation = doc[k].lower_
    elif k + 2 < limit and f"{doc[k].lower_} {doc[k + 1].lower_}" in _NATIONS:
        nation = f"{doc[k].lower_} {doc[k + 1].lower_}"
    kn = k + len(nation.split()) if nation else k
    glued = _GLUED_TEMP.match(doc[expr.end - 1].text)
    if glued and unit is None:  # "-12C": the unit is in the figure's token
        unit = "°" + glued.group(2)
    elif (unit is None and k == j and k < limit and doc[k].text.rstrip(".") in {"C", "F"}
          and _temperature_context(doc, expr, limit)):
        unit, j = "°" + doc[k].text.rstrip("."), k + 1  # "-20 C", "30 F" beside a temperature word
    if kn < limit and unit is None:
        word = doc[kn].lower_
        two = f"{word} {doc[kn + 1].lower_}" if kn + 1 < limit else ""
        if two in PERCENT_WORDS:
            unit, j = PERCENT_WORDS[two], kn + 2
        elif word in PERCENT_WORDS and (word not in {"points", "point", "pts"} or kn == j):
            unit, j = PERCENT_WORDS[word], kn + 1
        elif word in CURRENCY_WORDS and not (
                word in {"pound", "pounds"} and kn + 1 < limit and doc[kn + 1].lower_ == "of") and not (
                word in AMBIGUOUS_CURRENCY and kn + 1 < limit
                and doc[kn + 1].pos_ in {"NOUN", "PROPN", "ADJ"}):
            code = CURRENCY_WORDS[word]
            unit, j = CURRENCY_NATIONS.get((nation, code), code), kn + 1
        elif word in {"pound", "pounds"}:
            unit, j = "lb", kn + 1
        elif (word in {"degrees", "degree", "°"} and kn + 1 < limit
              and doc[kn + 1].lower_.rstrip(".") in {"celsius", "c", "fahrenheit", "f", "centigrade"}):
            unit, j = ("°F" if doc[kn + 1].lower_.rstrip(".") in {"fahrenheit", "f"} else "°C"), kn + 2
        elif word in {"°c", "°f"}:
            unit, j = word.replace("c", "C").replace("f", "F"), kn + 1
        elif word in {"celsius", "centigrade", "fahrenheit"}:  # "minus 30 centigrade"
            unit, j = ("°F" if word == "fahrenheit" else "°C"), kn + 1
        elif word in MEASURE_WORDS and (kn == k or not nation):
            unit, j = MEASURE_WORDS[word], kn + 1
            if word == "cubic" and j < limit:
                unit, j = "cubic " + doc[j].lower_, j + 1
    # "per tonne", "a barrel", "per share"
    ratio = unit not in {None, "percent", "percentage points", "basis points", "points"} and j + 1 < limit
    if ratio and doc[j].lower_ in {"per", "a", "an"}:
        word = doc[j + 1].lower_
        measure = word in MEASURE_WORDS or word in TIME_UNITS or word in {"share", "head"}
        # "a year earlier" dates the number; it is not a rate
        later = j + 2 < limit and doc[j + 2].lower_ in {"earlier", "ago", "later", "before", "after", "previously"}
        if not later and (measure or doc[j].lower_ == "per" and doc[j + 1].pos_ == "NOUN"):
            unit, j = f"{unit} per {word}", j + 2
    return unit, first, j
