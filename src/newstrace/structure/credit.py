"""Credit: news agencies by canonical name, wire datelines, and sign-off / copyright lines.

An agency is recognised only where copy credits it (a dateline's parentheses, a byline, a
closing sign-off or copyright line), never from a mention in running text ("told Reuters").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from newstrace.structure.dates import find_dates
from newstrace.urls import url_host

#: Canonical credit name -> the forms found in copy (compared case- and punctuation-insensitively).
#: Short, ambiguous forms (PA, CP, AP) are trusted only in credit positions.
AGENCIES: dict[str, tuple[str, ...]] = {
    "The Associated Press": ("AP", "A.P.", "Associated Press", "The Associated Press", "AP News"),
    "Reuters": ("Reuters", "Reuter", "Thomson Reuters", "Reuters News"),
    "Agence France-Presse": ("AFP", "Agence France-Presse", "Agence France Presse", "France-Presse", "AFP News"),
    "Deutsche Presse-Agentur": ("dpa", "Deutsche Presse-Agentur", "Deutsche Presse Agentur", "dpa-AFX"),
    "United Press International": ("UPI", "United Press International"),
    "PA Media": ("PA", "PA Media", "Press Association", "PA Wire", "The Press Association"),
    "The Guardian": ("The Guardian", "Guardian", "Guardian staff and agencies", "Guardian staff"),
    "Bloomberg": ("Bloomberg", "Bloomberg News"),
    "Agencia EFE": ("EFE", "Agencia EFE"),
    "ANSA": ("ANSA",),
    "Xinhua": ("Xinhua", "Xinhua News Agency"),
    "Kyodo News": ("Kyodo", "Kyodo News"),
    "Yonhap": ("Yonhap", "Yonhap News Agency"),
    "The Canadian Press": ("CP", "The Canadian Press", "Canadian Press"),
    "Australian Associated Press": ("AAP", "Australian Associated Press"),
    "Press Trust of India": ("PTI", "Press Trust of India"),
    "Anadolu Agency": ("Anadolu", "Anadolu Agency"),
    "TASS": ("TASS", "ITAR-TASS"),
    "The New York Times": ("The New York Times", "New York Times", "NYT"),
    "The Washington Post": ("The Washington Post", "Washington Post"),
    # Spanish, Portuguese and Latin-American agencies, credited in datelines as "(Europa Press).-"
    "Europa Press": ("Europa Press",),
    "Lusa": ("Lusa", "Agência Lusa"),
    "Notimex": ("Notimex",),
    "Prensa Latina": ("Prensa Latina",),
    "Télam": ("Télam", "Agencia Télam"),
    # financial and regional wires crediting their copy as "(RTTNews) - Shares of ..."
    "RTTNews": ("RTTNews", "RTT News"),
    "Dow Jones Newswires": ("Dow Jones Newswires",),
    "Jiji Press": ("Jiji Press", "Jiji"),
    "Interfax": ("Interfax",),
}


#: Canonical names above that are newspapers, not news agencies: named after a byline's name they
#: are the outlet (the publisher on their own page, the credit on another site's page), as any
#: other newspaper or site is; an agency is the credit wherever it stands.
NEWSPAPERS = frozenset({"The Guardian", "The New York Times", "The Washington Post"})


def is_news_agency(name: str) -> bool:
    """Whether ``name`` (a canonical name of :data:`AGENCIES`, or any outlet) is a news agency, whose
    copy is credited on every page that runs it, rather than a newspaper or site (:data:`NEWSPAPERS`).

    >>> is_news_agency("Reuters"), is_news_agency("The Washington Post"), is_news_agency("CNN")
    (True, False, False)
    """
    return name in AGENCIES and name not in NEWSPAPERS


def _key(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", " ", text.casefold()).strip()


_ALIASES: dict[str, str] = {_key(alias): name for name, aliases in AGENCIES.items() for alias in aliases}
_ALIASES.update({_key(name): name for name in AGENCIES})
# Forms of two letters or fewer are also common words or initials; they need a credit position.
_SHORT = {k for k in _ALIASES if len(k.replace(" ", "")) <= 3}
_TRAIL = re.compile(r"^(?:the\s+)?(.*?)(?:\s+(?:news\s+agency|news\s+service|wire|staff))?$")


def canonical_agency(text: str, *, strict: bool = True) -> str | None:
    """Canonical agency name for a credit string, or ``None``.

    Args:
        text: e.g. ``"AP"``, ``"The associated press"``, ``"Reuter"``, ``"AFP"``, ``"dpa"``.
        strict: when true (the default) the whole string must be an agency form; when false
            a trailing agency form is also accepted (``"an Associated Press reporter"`` is not,
            ``"Associated Press"`` is).

    >>> canonical_agency("The associated press")
    'The Associated Press'
    >>> canonical_agency("dpa"), canonical_agency("Reuter")
    ('Deutsche Presse-Agentur', 'Reuters')
    >>> canonical_agency("Associated Press writer") is None
    True
    """
    key = _key(text)
    if not key:
        return None
    if key in _ALIASES:
        return _ALIASES[key]
    m = _TRAIL.match(key)
    if m and m.group(1) in _ALIASES:
        return _ALIASES[m.group(1)]
    return None


def agency_alias_starts(text: str) -> bool:
    """Whether ``text`` is an agency form or the start of one, word by word ("Associated Press",
    "United Press" of "United Press International", "France Presse"), so that its words are read
    as an agency's name, not as a person's.

    >>> agency_alias_starts("United Press"), agency_alias_starts("Tom Reuter")
    (True, False)
    """
    key = _key(text)
    return bool(key) and any(alias == key or alias.startswith(key + " ") for alias in _ALIASES)


def find_agency(text: str) -> str | None:
    """The first agency named anywhere in ``text`` by a long form ("Associated Press", "Reuters").

    Short forms (AP, PA, CP, AA, ...) are ignored here because in running text they are
    often something else; use :func:`canonical_agency` on credit positions for them.
    """
    key = f" {_key(text)} "
    best = None
    for alias, name in _ALIASES.items():
        if alias in _SHORT:
            continue
        at = key.find(f" {alias} ")
        if at >= 0 and (best is None or at < best[0] or (at == best[0] and len(alias) > best[2])):
            best = (at, name, len(alias))
    return best[1] if best else None


#: Host labels that name no outlet ("www.", "edition.", "news." of ``news.sky.com``).
_GENERIC_HOST_LABELS = frozenset("www www1 www2 www3 m mobile amp edition news en es fr de beta home web".split())


def outlet_credit(text: str) -> str | None:
    """The credit a credit position names: a canonical agency, else a news outlet, or ``None``.

    Credit positions are a wire dateline's parentheses and the chunk after a byline's name.
    An outlet is what :func:`newstrace.structure.byline.outlet_name` reads as one (a
    nameplate such as "Calder Courier", a one-word site such as "CNN" or "BBC"), or such a
    site followed by its desk ("CNN Business", "BBC Sport"), which is credited to the site.

    Args:
        text: the words of the credit position, without parentheses.

    Returns:
        The agency's canonical name, the outlet as written (its desk dropped), or ``None``.

    >>> outlet_credit("AP"), outlet_credit("CNN Business"), outlet_credit("Calder Courier")
    ('The Associated Press', 'CNN', 'Calder Courier')
    >>> outlet_credit("dpa/lnw"), outlet_credit("AFP/dpa")
    ('Deutsche Presse-Agentur', 'Agence France-Presse')
    >>> outlet_credit("Staff Writer") is None and outlet_credit("Colombia") is None
    True
    """
    from newstrace.structure.byline import TITLE_WORDS, outlet_name, site_name

    text = " ".join(text.split()).strip(" .,;:")
    agency = canonical_agency(text)
    if agency or not text:
        return agency
    parts = [p.strip() for p in text.split("/")]
    if len(parts) > 1 and canonical_agency(parts[0]) and all(
            canonical_agency(p) or re.fullmatch(r"[a-z]{2,5}", p) for p in parts[1:]):
        # "dpa/lnw" (the agency and its regional desk), "AFP/dpa" (two agencies: the first is credited)
        return canonical_agency(parts[0])
    named = outlet_name(text, after_name=True)
    if named:
        return named
    words = text.split()
    for k in range(min(3, len(words) - 1), 0, -1):  # "CNN Business", "The Associated Press Sports"
        head = " ".join(words[:k])
        site = canonical_agency(head) or site_name(words[:k])  # "Ellie Forbes Reporter" names no site
        if site and all(w.casefold() in TITLE_WORDS for w in words[k:]):
            return site
    return None


def _host_labels(url: str | None) -> list[str]:
    """The labels of ``url``'s host that may name its outlet ("edition.cnn.com" -> ``["cnn"]``)."""
    labels = url_host(url).split(".")[:-1]  # the top-level domain names no outlet
    return [x for x in labels if len(x) >= 3 and x not in _GENERIC_HOST_LABELS]


def _publisher_keys(url: str | None, publishers: list[str]) -> list[str]:
    """What may name the page's publisher: its host's labels (:func:`_host_labels`) and the
    publisher names the reader gave."""
    return _host_labels(url) + [p for p in publishers if p]


def _names_any_publisher(outlet: str, keys: list[str]) -> bool:
    """Whether ``outlet`` names one of the publisher ``keys`` (:func:`_publisher_keys`, :func:`_names_publisher`)."""
    return any(_names_publisher(outlet, p) for p in keys)


def _names_publisher(outlet: str, publisher: str) -> bool:
    """Whether ``outlet`` (a name as a byline writes it) and ``publisher`` (a host label or the
    reader's outlet name) may be one outlet: one key contains the other ("bbc" and "BBC News"),
    or the publisher is the outlet's words each written whole or by its initial ("latimes" for
    "Los Angeles Times", "wsj" for "Wall Street Journal"). Errs towards one outlet, which keeps
    the outlet out of the credit."""
    words = [w for w in re.findall(r"[a-z0-9]+", _key(outlet)) if w != "the"]
    key, pub = "".join(words), re.sub(r"[^a-z0-9]", "", _key(publisher))
    if not key or not pub:
        return False
    if key in pub or pub in key:
        return True
    pattern = "".join(f"(?:{re.escape(w)}|{re.escape(w[0])})" for w in words)
    return re.fullmatch(pattern, pub) is not None


def names_page_publisher(outlet: str, url: str | None, publishers: list[str]) -> bool:
    """Whether ``outlet`` is the page's own publisher: it names the URL's host ("CNN" on
    ``edition.cnn.com``, "The Washington Post" on ``washingtonpost.com``) or a publisher name the
    reader gave. ``False`` when neither a URL nor a publisher is known.

    >>> names_page_publisher("CNN", "https://edition.cnn.com/2024/x.html", [])
    True
    >>> names_page_publisher("CNN", "https://localnews.example/x", []), names_page_publisher("CNN", None, [])
    (False, False)
    """
    return _names_any_publisher(outlet, _publisher_keys(url, publishers))


def byline_outlet_credit(outlets: list[str], url: str | None, publishers: list[str]) -> str | None:
    """The outlet a byline credits when it is not the page's publisher, or ``None``.

    "By Ann Lee, CNN" on a CNN affiliate's page credits the story to CNN: syndicated copy
    keeps the originating outlet after the writer's name. On the outlet's own page the same
    byline names the publisher, which is the ``outlet`` field, not a credit.

    Args:
        outlets: outlets named after a name in the article's bylines, in order ("CNN").
        url: the page's URL, or ``None``.
        publishers: the publisher's names the reader gave (site name, outlet), if any.

    Returns:
        The first outlet that names neither the URL's host nor a publisher name; ``None``
        when none does or when neither a URL nor a publisher is known (then the byline's
        outlet is the best reading of the publisher).

    >>> byline_outlet_credit(["CNN"], "https://localnews.example/money/story", [])
    'CNN'
    >>> byline_outlet_credit(["Los Angeles Times"], "https://www.latimes.com/story", []) is None
    True
    >>> byline_outlet_credit(["CNN"], None, []) is None
    True
    """
    known = _publisher_keys(url, publishers)
    if not known:
        return None
    return next((outlet for outlet in outlets if not _names_any_publisher(outlet, known)), None)


def _one_letter_doubled(key: str, form: str) -> bool:
    """Whether ``key`` is ``form`` with one of its letters written twice ("effe" for "efe")."""
    return len(key) == len(form) + 1 and any(
        key[i] == key[i + 1] and key[:i] + key[i + 1:] == form for i in range(len(key) - 1))


def mistyped_agency(text: str) -> str | None:
    """The news agency a credit position names mistyped, translated or cut short, or ``None``.

    A credit position is a wire dateline's parentheses. The name is read as
    :func:`newstrace.provenance.credit.agency_of` reads a credit ("Prensa Asociada", "Reutres",
    "Agence France-Pr": names of six letters or more), and a short form (of three to five letters)
    is also read with one of its letters written twice ("EFFE" for EFE, "AFPP"). No other typo of a
    short form is: one letter changed, added or dropped turns an agency's initials into another
    agency's ("ANP", "APS", "MAP" and "SPA" are one edit from AP or PA, "TASR" from TASS, "UNI"
    from UPI), and a lone doubled letter of a two-letter form is another agency too ("AAP", "APP").

    Args:
        text: the words in the parentheses.

    Returns:
        The agency's canonical name, or ``None``.

    >>> mistyped_agency("EFFE"), mistyped_agency("Reutres"), mistyped_agency("Prensa Asociada")
    ('Agencia EFE', 'Reuters', 'The Associated Press')
    >>> mistyped_agency("ANP"), mistyped_agency("APP"), mistyped_agency("TASR"), mistyped_agency("UNI")
    (None, None, None, None)
    """
    from newstrace.provenance.credit import agency_of

    key = _key(text).replace(" ", "")
    if not key.isalpha():
        return None
    found = {name for alias, name in _ALIASES.items() if 3 <= len(alias) <= 5 and " " not in alias
             and _one_letter_doubled(key, alias)}
    if len(found) == 1:
        return found.pop()
    agency = agency_of(text) if len(key) >= 6 else None
    return agency if agency and is_news_agency(agency) else None


def dateline_credit(text: str) -> str | None:
    """The credit a dateline's parentheses name: an agency or outlet (:func:`outlet_credit`), else a
    news agency mistyped, translated or cut short (:func:`mistyped_agency`); ``None`` when neither.

    >>> dateline_credit("EFE"), dateline_credit("EFFE"), dateline_credit("Bangkok Post"), dateline_credit("Colombia")
    ('Agencia EFE', 'Agencia EFE', 'Bangkok Post', None)
    """
    from newstrace.structure.byline import outlet_name

    text = " ".join(text.split()).strip(" .,;:")
    # no person's name stands in a dateline's parentheses: "(Andean Post)" names the paper
    return outlet_credit(text) or mistyped_agency(text) or outlet_name(text, surname_words=True)


@dataclass(frozen=True)
class Dateline:
    """The dateline at the head of wire copy.

    Attributes:
        text: the dateline as written, without the closing dash (``"PELLWYRTH, March 3 (Reuters)"``).
        place: the place (``"PELLWYRTH"``).
        credit: canonical agency from the parentheses, or ``None``.
        end: offset in the paragraph where the story text begins (after the dash).
    """

    text: str
    place: str
    credit: str | None
    end: int


_UPPER_PLACE = r"[A-Z\u00c0-\u00de][A-Z\u00c0-\u00de.'\u2019/\-]*(?:\s+[A-Z\u00c0-\u00de][A-Z\u00c0-\u00de.'\u2019/\-]*){0,4}"
_TITLE_PLACE = r"[A-Z\u00c0-\u00de][\w.'\u2019\-]*(?:\s+[A-Z\u00c0-\u00de][\w.'\u2019\-]*){0,3}"
#: The dash closing a dateline, after a full stop in Spanish and Latin-American wire style
#: ("VALDECERRO (EFE).- ", "(AP).\u2014 "), or a colon, or the double angle some papers print for
#: it ("WASHINGTON >> The Senate ...", spaced on both sides).
_DASH = r"(?:\s*\.?\s*(?:--|[-\u2013\u2014\u2012\u2015])\s*|:\s+|\s*>>\s+)"
_DATELINE_AGENCY = re.compile(
    rf"^(?P<place>{_TITLE_PLACE}|{_UPPER_PLACE})(?P<rest>,[^()\n]{{1,60}}?)?\s*\((?P<agency>[^()\n]{{1,40}})\)(?P<dash>{_DASH})"
)
#: A hyphen as a dateline's dash: spaced after it ("CARACAS - ", "CARACAS- "), or spaced before it
#: alone and glued to the story's capital ("CARACAS -Venezuela's blackout", a lost space); a
#: hyphen spaced on neither side joins a compound ("US-CHINA"), no dateline.
_HYPHEN_DASH = r"\s*-\s+|\s+-(?=[\"\u201c\u2018'A-Z\u00c0-\u00de0-9])"
_DATELINE_PLAIN = re.compile(
    rf"^(?P<place>{_UPPER_PLACE}|{_TITLE_PLACE})(?P<rest>\s*,[^()\n\u2014\u2013]{{1,60}}?)?"
    rf"(?P<dash>{_HYPHEN_DASH}|\s*(?:--|[\u2013\u2014])\s*|\s+>>\s+)"
)
#: Capitalised labels that open a paragraph with a dash but are no place ("BREAKING — ...").
_KICKERS = frozenset(
    "BREAKING UPDATE UPDATED EXCLUSIVE WATCH LIVE OPINION ANALYSIS EDITORIAL CORRECTION CLARIFICATION "
    "FILE PHOTO PHOTOS VIDEO NOTE EDITOR'S EDITORS REVIEW COMMENT URGENT FLASH ADVISORY".split())
_MONTH_DAY = re.compile(
    r"(?i)\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun"
    r"|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)


#: ", Region" of a mixed-case place form: one to three capitalised words ("Venezuela",
#: "South Africa", "Bosnia and Herzegovina").
_REGION = re.compile(
    r"\s*,\s*[A-Z\u00c0-\u00de][a-z\u00df-\u00ff'\u2019\-]+(?:\s+(?:and|of|de|do|da|del)?\s*[A-Z\u00c0-\u00de]"
    r"[a-z\u00df-\u00ff'\u2019\-]+){0,2}\s*"
)
_TITLE_WORD = re.compile(r"[A-Z\u00c0-\u00de][a-z\u00df-\u00ff'\u2019\-]+")
#: The story after a dateline opens as a sentence does: a capital, a figure or a quotation mark.
_SENTENCE_OPENS = re.compile(r"[\"\u201c\u2018'\u00ab]?[A-Z\u00c0-\u00de0-9]")


def _is_place_form(place: str, rest: str | None) -> bool:
    """Whether ``place`` and ``rest`` read as "City, Country/Region" in mixed case: one to three
    capitalised words, a comma, a region of capitalised words ("Caracas, Venezuela"), neither a
    news agency nor a dateline kicker."""
    words = place.split()
    return bool(rest) and 1 <= len(words) <= 3 and all(_TITLE_WORD.fullmatch(w) for w in words) \
        and _REGION.fullmatch(rest) is not None and not canonical_agency(place) \
        and words[0].upper() not in _KICKERS and not canonical_agency(rest.strip(" ,"))


#: A dateline split over lines where markup was lost (the place, the credit and the dash each in
#: its own element): "New York\nCNN\n —", "CARACAS, Venezuela\n(AP)\n—". Words on one line only.
_LINE_PLACE = r"[A-Z\u00c0-\u00de][\w.'\u2019\-]*(?:[ \t]+[A-Z\u00c0-\u00de][\w.'\u2019\-]*){0,3}"
_SPLIT_DATELINE = re.compile(
    rf"^(?P<place>{_LINE_PLACE})(?P<rest>,[^()\n]{{1,40}}?)?[ \t]*\n[ \t]*\(?(?P<agency>[^()\n]{{1,40}}?)\)?[ \t]*"
    r"(?:\n[ \t]*)?\.?(?P<dash>--|[\u2013\u2014\u2012\u2015-])[ \t]*(?:\n|$)"
)


def _split_dateline(paragraph: str) -> Dateline | None:
    """A dateline split over lines ("New York\\nCNN\\n —"): the place, an agency or outlet alone on
    the next line (:func:`outlet_credit`), then the dash ending its line. Its text is written
    as one line ("New York (CNN)"); the story starts after the dash's line."""
    m = _SPLIT_DATELINE.match(paragraph)
    if not m or m.group("place").split()[0].rstrip(".:").upper() in _KICKERS:
        return None
    agency = dateline_credit(m.group("agency"))
    if agency is None or canonical_agency(m.group("place")) or outlet_credit(m.group("place")):
        return None
    written = " ".join(m.group("agency").split())
    return Dateline(f"{m.group('place')}{m.group('rest') or ''} ({written})", m.group("place"), agency, m.end())


def parse_dateline(paragraph: str) -> Dateline | None:
    """Find a wire dateline at the start of a paragraph.

    Accepts ``PLACE[, region or date] (Agency) -`` with any place spelling, and
    ``PLACE[, region] —`` (em or en dash, ``--`` or `` - ``) without agency when the place is in
    capitals (``WASHINGTON —``, ``CARACAS, Venezuela --``), followed by a date
    (``Toronto, Feb 26 -``), or in the mixed-case place form "City, Country/Region" before a
    story opening with a capital (``Caracas, Venezuela - Opposition ...``; a lone mixed-case
    word, ``Caracas —``, may be a name and is not taken). A capitalised label (``BREAKING —``) and a word followed by a
    lower-case word (``NATO — the alliance``) are no dateline. The parentheses may name a news outlet
    as well as an agency (``New York (CNN) —``, ``NEW YORK (CNN Business) —``: :func:`outlet_credit`),
    and the parts may stand on lines of their own where markup was lost (``New York\\nCNN\\n —``).

    >>> parse_dateline("LONDON (Reuters) - Shares fell.").credit
    'Reuters'
    >>> parse_dateline("CARACAS, Venezuela (AP) — The army said.").text
    'CARACAS, Venezuela (AP)'
    >>> parse_dateline("Residents said on Monday - or so - that") is None
    True
    >>> parse_dateline("CARACAS, Venezuela -- The army said.").text
    'CARACAS, Venezuela'
    >>> [parse_dateline(p).text for p in ("PELLWYRTH -Ossery's port shut.", "PELLWYRTH- The port shut.")]
    ['PELLWYRTH', 'PELLWYRTH']
    >>> parse_dateline("US-OSSERY talks resumed.") is None
    True
    >>> parse_dateline("Pellwyrth, Ossery - Harbour officials said.").text
    'Pellwyrth, Ossery'
    >>> parse_dateline("NATO \u2014 the alliance said.") is None, parse_dateline("BREAKING \u2014 A fire.") is None
    (True, True)
    >>> parse_dateline("PELLWYRTH >> The port shut.").place
    'PELLWYRTH'
    >>> d = parse_dateline("Pellwyrth\\nCNN\\n \u2014 \\n")
    >>> d.text, d.credit
    ('Pellwyrth (CNN)', 'CNN')
    """
    m = _DATELINE_AGENCY.match(paragraph)
    if m:
        agency = dateline_credit(m.group("agency"))
        if agency is None:
            return None
        # one line, also where the parentheses stand on a line of their own ("CARACAS\n(AP)\n—")
        return Dateline(" ".join(paragraph[: m.start("dash")].split()), m.group("place"), agency, m.end())
    split = _split_dateline(paragraph)
    if split:
        return split
    m = _DATELINE_PLAIN.match(paragraph)
    if m:
        place = m.group("place")
        capitals = len(place.replace(" ", "")) >= 3 and place.upper() == place
        # A place in capitals is a dateline by itself; "Toronto, Feb 26 -" needs its date, and
        # "Caracas, Venezuela - The ..." its place form (city, country or region, in capitals).
        if not capitals and not (m.group("rest") and _MONTH_DAY.search(m.group("rest"))) and not (
                _is_place_form(place, m.group("rest")) and _SENTENCE_OPENS.match(paragraph, m.end())):
            return None
        if canonical_agency(place) or place.split()[0].rstrip(".:") in _KICKERS:
            return None  # "AP —" is a sign-off, "BREAKING —" a label, not a place
        # With neither region nor date, the story opens after the dash as a sentence does:
        # "NATO — the alliance said" is an acronym in apposition, not a dateline.
        after = paragraph[m.end():m.end() + 1]
        if not m.group("rest") and after.islower():
            return None
        text = paragraph[: m.start("dash")].strip()
        if text.endswith(".") and paragraph[m.start("dash"):].lstrip()[:1] in "-\u2013\u2014" and \
                text.split()[-1].count(".") == 1:
            # "MADRID.- El ...": the full stop of Spanish wire style before the dash, not an
            # abbreviation's ("WASHINGTON, D.C. -")
            text, place = text[:-1], place.rstrip(".")
        return Dateline(text, place, None, m.end())
    return None


_SENTENCE_END = re.compile(r"[.!?\"\u201d\u2019)]\s+")
#: A credit run into the end of the last paragraph after its last sentence, introduced by "Via" or
#: "Source:" ("... the price too high. (Source: the AP)", "... too high. Via Reuters").
_RUN_IN_CREDIT = re.compile(r"(?i)^\s*\(?\s*(?:via|sources?\s*:)\s+(?P<agency>[^()\n]{1,40}?)\s*\)?\s*\.?\s*$")
#: A word that introduces a credit ("Via", "Source:"): the agency after it is never split off alone.
_LEAD_WORD = re.compile(r"(?i)\(?(?:via|sources?:)")


def split_run_in_signoff(paragraph: str) -> tuple[str, str | None]:
    """Split a sign-off run into the last paragraph ("... on February 27. Reuter") from the text.

    Returns:
        ``(paragraph_without_signoff, agency)``; ``agency`` is ``None`` (and the paragraph
        unchanged) unless the words after the last sentence are wholly an agency form.

    >>> split_run_in_signoff("Trading ends on February 27. Reuter")
    ('Trading ends on February 27.', 'Reuters')
    >>> split_run_in_signoff("He said he would call AP.")[1] is None
    True
    >>> split_run_in_signoff("LINK (via The Guardian)")
    ('LINK', 'The Guardian')
    """
    ends = list(_SENTENCE_END.finditer(paragraph))
    if ends and len(paragraph) - ends[-1].end() <= 45:
        desk = desk_signature(paragraph[ends[-1].end():])
        if desk:  # "... the port said. kms/dw (AFP, Reuters)": the whole signature, never half of it
            return paragraph[: ends[-1].start() + 1].rstrip(), desk[0]
        tail = paragraph[ends[-1].end():].strip(" -\u2013\u2014()")
        agency = canonical_agency(tail) if tail else None
        led = _RUN_IN_CREDIT.match(paragraph[ends[-1].end():])  # "... too high. (Source: the AP)", "... Via Reuters"
        agency = agency or (canonical_agency(led.group("agency")) if led else None)
        if agency:
            return paragraph[: ends[-1].start() + 1].rstrip(), agency
    # A table line or fragment has no sentence end: a final long agency form is the sign-off.
    words = paragraph.split()
    inside = paragraph[paragraph.rfind("(") + 1:] if words and words[-1].endswith(")") else ""
    closes_list = "," in inside or ";" in inside  # "(AFP, Reuters)": never the last of a list alone
    # "(Source: the AP)", "LINK (via The Guardian)": a parenthesis opened before the last word is read
    # whole, never cut in two
    opened_before = words and words[-1].endswith(")") and "(" not in words[-1]
    if opened_before and len(words) >= 2 and not paragraph.rstrip().endswith((".", "!", "?")):
        at = paragraph.rfind("(")
        led = _RUN_IN_CREDIT.match(paragraph[at:]) if at > 0 else None
        agency = canonical_agency(led.group("agency")) if led else None
        if agency:
            return paragraph[:at].rstrip(), agency
    if len(words) >= 2 and not paragraph.rstrip().endswith((".", "!", "?")) and len(words[-1]) > 2 and not closes_list \
            and not opened_before and not _LEAD_WORD.fullmatch(words[-2]):
        agency = canonical_agency(words[-1].strip(" -()"))
        if agency:
            return paragraph[: paragraph.rstrip().rfind(words[-1])].rstrip(), agency
    return paragraph, None


#: Words that introduce the agency on a credit line of its own: "Via AP news wire", "Source: Reuters",
#: "(Source: the AP)", "This story was reported by The Associated Press." (a whole line only, never
#: a sentence of the story, such as "..., the Associated Press reported.").
_CREDIT_LEAD = (r"(?:via|sources?\s*:|this\s+(?:story|report|article)\s+(?:was\s+)?"
                r"(?:reported|written|produced|provided|distributed)\s+by)\s+")
_SIGNOFF = re.compile(
    r"^\s*(?:[-\u2013\u2014\u2015~/]+\s*|\(\s*)?"
    r"(?:(?:copyright|\u00a9|\(c\))\s*(?:\d{4}\s*)?|" + _CREDIT_LEAD + r")?"
    r"(?P<body>[^()\n]{1,60}?)"
    r"\s*\)?\s*(?:[.,;]?\s*(?:all rights reserved\.?.*)?)?$",
    re.IGNORECASE,
)
_COPYRIGHT = re.compile(r"^\s*(?:copyright\b|\u00a9|\(c\)).*|.*\ball rights reserved\b.*", re.IGNORECASE)


def signoff_agency(line: str) -> str | None:
    """Agency credited by a closing sign-off or copyright line, or ``None``.

    Examples of sign-offs: ``"— Agence France-Presse"``, ``"(AP)"``, ``"Reuters"``,
    ``"/AFP"``, ``"Copyright 2019 The Associated Press. All rights reserved."``.

    >>> signoff_agency("\u2014 AFP")
    'Agence France-Presse'
    >>> signoff_agency("Copyright 2019 The Associated Press. All rights reserved. This material may not be published.")
    'The Associated Press'
    >>> signoff_agency("Reuters reported the figures.") is None
    True
    """
    line = line.strip()
    if not line or len(line) > 300:
        return None
    if _COPYRIGHT.match(line):
        head = re.split(r"(?i)all rights reserved", line)[0]
        head = re.sub(r"(?i)^\s*(?:copyright|\u00a9|\(c\))\s*", "", head)
        head = re.sub(r"\b(?:19|20)\d{2}\b(?:\s*[-\u2013]\s*(?:19|20)\d{2}\b)?", " ", head)
        return canonical_agency(head.strip(" .,;")) or find_agency(head)
    m = _SIGNOFF.match(line)
    if m:
        return canonical_agency(m.group("body").strip(" .,;"))
    return None


#: "Source:" is left out: near the top it also labels a chart's or a photo's source, no credit of the story.
_LED_LINE = re.compile(r"^\s*(?:via|this\s+(?:story|report|article)\s+(?:was\s+)?"
                       r"(?:reported|written|produced|provided|distributed)\s+by)\s", re.IGNORECASE)


def led_credit(line: str) -> str | None:
    """The agency a credit line introduced by its lead words names ("Via AP news wire", "This story was
    reported by The Associated Press."), or ``None``. Such a line is a credit wherever it stands near
    the story's ends, not only in the sign-off's place (a "Source: AP" line is, only there).

    Args:
        line: one line.

    Returns:
        The canonical agency (:func:`signoff_agency`) when the line opens with those words and is
        nothing but the credit, else ``None``.

    >>> led_credit("Via AP news wire"), led_credit("Via Appia reopens") is None
    ('The Associated Press', True)
    """
    return signoff_agency(line) if _LED_LINE.match(line) else None


#: A wire desk's signature closing a story: the writers' and editors' initials in lower case joined by
#: slashes or hyphens ("jm/ar", "bur-jm/rl"; "bur" is the bureau), then optionally the agency after a slash
#: ("xy/ab/AFP") and the agencies whose copy was used, in parentheses ("kms/dw (AFP, Reuters)"), as AFP,
#: Deutsche Welle and France 24 print it.
_DESK_SIGNATURE = re.compile(
    r"^\(?(?P<codes>[a-z]{1,5}(?:\s?[/-]\s?[a-z]{1,5})*)(?P<agencies>(?:\s?/\s?[A-Za-z][\w.\-]{1,24})*)\)?"
    r"(?:\s*\((?P<paren>[^()\n]{1,80})\))?\s*$"
)


def desk_signature(line: str) -> list[str] | None:
    """The agencies a wire desk's signature line credits, or ``None`` when ``line`` is no such signature.

    A signature is lower-case initials joined by "/" or "-" ("jm/ar", "bur-jm/rl"), then optionally
    agencies after slashes ("xy/ab/AFP") and a parenthesised list of agencies ("kms/dw (AFP, Reuters)").
    Every part after the initials must be an agency (:func:`canonical_agency`); the initials must be
    joined (two or more), or followed by an agency, so that a lone word is never a signature.

    Args:
        line: one line, stripped or not.

    Returns:
        Canonical agency names in the order written (possibly empty: "bur-jm/rl"), or ``None``.

    >>> desk_signature("kms/dw (AFP, Reuters)")
    ['Agence France-Presse', 'Reuters']
    >>> desk_signature("xy/ab/AFP"), desk_signature("bur-jm/rl")
    (['Agence France-Presse'], [])
    >>> desk_signature("dpa/xy")
    ['Deutsche Presse-Agentur']
    >>> desk_signature("and/or") is None, desk_signature("well-known (AFP)") is None
    (True, True)
    """
    m = _DESK_SIGNATURE.match(line.strip())
    if not m:
        return None
    codes = re.split(r"\s?[/-]\s?", m.group("codes"))
    agencies: list[str] = []
    # a lower-case agency among the initials, last or first ("jm/dpa", "dpa/xy"), credits it
    while len(codes) > 1 and len(codes[-1]) >= 3 and canonical_agency(codes[-1]):
        agencies.insert(0, canonical_agency(codes.pop()))
    while len(codes) > 1 and len(codes[0]) >= 3 and canonical_agency(codes[0]):
        agencies.append(canonical_agency(codes.pop(0)))
    joined = bool(agencies)
    parts = [p for p in re.split(r"\s?/\s?", m.group("agencies")) if p]
    parts += [p.strip() for p in re.split(r"[,;/]|\band\b", m.group("paren") or "") if p.strip()]
    for part in parts:
        agency = canonical_agency(part.strip(" ."))
        if agency is None:
            return None
        agencies.append(agency)
    # initials are short and no English words ("and/or", "well-known", "on-off")
    if any(len(code) > 3 and code != "bur" or code in _DESK_WORDS for code in codes):
        return None
    if len(codes) < 2 and not m.group("agencies") and not joined:
        return None  # one code alone ("kms (AFP)"): too little to tell from a word
    return list(dict.fromkeys(agencies))


#: Short English words that are no editor's initials ("and/or", "on-off", "yes/no").
_DESK_WORDS = frozenset("and or on off yes no in out up down his her he she we us it is to of by a an the".split())


def is_copyright_line(line: str) -> bool:
    """True for a copyright / rights notice line (``© 2024 ...``, ``... All rights reserved``)."""
    return bool(_COPYRIGHT.match(line.strip())) and len(line) < 400


#: Republication notices and the outlet they name (up to five capitalised words or numbers on one
#: line): "In Partnership with 74", "This article was originally published by The Conversation",
#: "Republished with permission from Grist", "This story first appeared in Kestrel Weekly".
_NOTICE = re.compile(
    r"(?i:\b(?:in partnership with|originally (?:published|appeared|ran) (?:on|in|by|at)|"
    r"first (?:published|appeared|ran) (?:on|in|by|at)|(?:re-?published|reprinted)(?: here)? "
    r"(?:with (?:the )?permission )?(?:from|by|of))[ \t]+)"
    r"((?:[Tt]he[ \t]+)?{w}(?:[ \t]+{w}){{0,4}})".format(w=r"[A-Z0-9][\w&'\u2019-]*(?:\.[\w&'\u2019-]+)*")
)


def republication_sources(text: str) -> list[str]:
    """Outlets that republication notices in ``text`` name, in order, as written ("The Conversation").

    >>> republication_sources("This article was originally published by The Conversation. Read the original.")
    ['The Conversation']
    >>> republication_sources("In Partnership with 74")
    ['74']
    >>> republication_sources("He first appeared in court on Monday.")
    []
    >>> republication_sources("First published on Wed 14 Feb 2024 18.05 GMT")
    []
    """
    out = []
    for m in _NOTICE.finditer(text):
        named = m.group(1).rstrip(".")
        # "first published on Sun 8 Sep 2024": a date stamp, not an outlet ("Sun")
        if not any(d.start == 0 for d in find_dates(text[m.start(1):])):
            out.append(named)
    return out


def republication_notice(line: str) -> str | None:
    """The outlet named by ``line`` when the line is a republication notice (at most 30 words), else ``None``.

    A notice is the page's own statement that it republishes another outlet's story; it is
    credit, like an agency's sign-off (see :func:`signoff_agency`).
    """
    line = line.strip()
    if not line or len(line.split()) > 30:
        return None
    found = republication_sources(line)
    return found[0] if found else None
