"""Bylines and contributor lines: person names only, without "By", job titles, agencies or e-mail.

Names are recognised by shape (capitalised tokens, particles such as "de" or "van",
initials, hyphens and accents), not by a list of names, and are refused when a token is a
job-title word, a function word, a month or an agency form (after one given name such a word is a
surname: "Tom Reuter", "Anna Press"; an agency is a whole chunk). An agency found in a byline
becomes the credit, and a news outlet ("By Ann Lee, Calder Courier") the outlet, never a name
(the structure stage makes it the credit where the page is another site's: syndicated copy).
An agency's name translated, cut, mistyped or garbled by a spinner after the names without a comma
("By Elena Cordero Related Press") is split off as it is after a comma. Contributor lines are read in
English, Spanish, Portuguese, French and German ("... contribuyó a este despacho").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from newstrace.structure.credit import canonical_agency, is_news_agency
from newstrace.structure.dates import CLOCK_WORD, find_dates

#: Words that make a chunk a job title or a desk, not a person ("Senior Correspondent").
TITLE_WORDS = frozenset(
    """correspondent correspondents reporter reporters writer writers editor editors staff staffer columnist
    journalist journalists contributor contributors contributing photographer photographers producer analyst bureau
    chief senior desk news press agency agencies service wire wires team political politics economics science health
    business sport sports foreign diplomatic associate managing special digital assistant deputy intern freelance
    author authors host anchor commentator critic blogger researcher fellow professor founder director president
    manager head lead opinion investigations investigative data video audio graphics breaking online global
    international national local regional environment climate technology tech culture arts education legal crime
    courts security defence defense transport affairs markets finance economy energy medical entertainment travel
    features lifestyle guest newsroom media times post herald daily weekly gazette tribune journal magazine
    newsletter updated published posted comments comment menu share email follow subscribe phd md mba msc bsc rd rn
    creator marketing communications engineering engineer developer programme
    dr mr mrs ms prof rev courtesy photo photos image images getty photograph photography illustration caption
    reading read min view posts profile facebook twitter linkedin pinterest reddit flipboard whatsapp instagram
    tiktok youtube telegram print copy link rss inc corp ltd llc plc gmbh group company companies
    enterprises holdings bank realty properties investment investments partners associates foundation university
    institute council ministry department government party club hospital school college police army court bio board
    committee commission office review customs
    corresponsal corresponsales enviado enviada especial redactor redactora redacción periodista reportero reportera
    correspondente repórter jornalista redação enviado fotógrafo fotógrafa journaliste envoyé envoyée
    correspondant correspondante korrespondent korrespondentin reporterin journalistin redakteur redakteurin""".split()
)
#: Job words that make a hyphenated word a role, not a surname ("AP-Korrespondent", "dpa-Reporterin").
_ROLE_WORDS = frozenset("""reporter reporterin correspondent korrespondent korrespondentin journalist journalistin
    redakteur redakteurin fotograf fotografin writer editor""".split())
_STOP_TOKENS = frozenset(
    """the a an our your my his her their its this that these those in on at by and or of for with from to as is
    are was were be all more most read hours hour minutes minute ago days day weeks week today yesterday home page
    about contact sign log login more new latest top""".split()
)
_PARTICLES = frozenset("de da del della di du dos das do van von der den la le bin ibn al el y e ter ten st st. zu af".split())
_MONTH_WORDS = frozenset(
    """january february march april may june july august september october november december jan feb mar apr jun jul
    aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday""".split()
)
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})

#: Words that name a newspaper or news site when they end a run of capitalised words
#: ("Calder Courier", "The Harbor Ledger", "Ossery Isles Gazette"): the common nameplate
#: words of English-language newspapers (Wikipedia, "List of newspapers" by country).
OUTLET_WORDS = frozenset(
    """courier times herald ledger gazette journal tribune news press chronicle observer daily telegraph examiner
    sentinel dispatch bulletin inquirer enquirer advertiser courant register review weekly magazine independent
    guardian argus beacon clarion bugle statesman newsday
    radio tv television broadcasting broadcaster broadcasters broadcast network networks media channel group
    corporation zeitung tidende tidning avis avisen dagblad dagbladet krant gazzetta corriere giornale diario
    jornal noticias nachrichten rundschau anzeiger kurier tageblatt""".split()
)
#: Of those, the words of broadcasters and media companies ("Vandria Broadcasting", "Wenlow Radio",
#: "Calder Media Group"): never a person's surname in a byline.
#: Nameplate words that are also common surnames ("Emily Post", "Jim Sun"): an outlet only after "The" or
#: a paper's day word ("The Sun", "Daily Mail", "Evening Standard", "Morning Star").
_WEAK_OUTLET_WORDS = frozenset("post star sun mail globe mirror record standard express leader monitor voice".split())
_DAY_WORDS = frozenset("daily sunday evening morning weekly".split())
#: First words of a broadcaster's name ("Radio Tarn", "Channel 7 News") and a station's band after
#: its name ("Tarn FM"), read as an outlet after a person's name in a byline.
_BROADCAST_LEAD = frozenset("radio tv television channel".split())
_BAND_TAIL = frozenset("FM AM TV".split())
#: A North American station's call sign ("KTRN-TV", "WXYZ-FM").
_CALL_SIGN = re.compile(r"[KWC][A-Z]{2,3}-(?:TV|FM|AM|DT)")

#: News sites known by a one-word name.
KNOWN_SITES = frozenset(
    """BBC CNN NPR PBS CBC ABC NBC CBS MSNBC Bloomberg Politico Axios HuffPost BuzzFeed Vox Slate Forbes Newsweek
    Vice Salon Mashable TechCrunch Wired Engadget Gizmodo ProPublica Quartz Euronews Deutsche Welle""".split()
)
#: Staff words that may follow an outlet name ("Calder Courier staff").
_STAFF_TAIL = frozenset("staff staffer writer writers reporter reporters correspondent team desk".split())


def site_name(words: Sequence[str]) -> str | None:
    """The known site (:data:`KNOWN_SITES`) that ``words`` name whole, or ``None``.

    A site is one known word ("BBC", "Forbes"), two known words ("Deutsche Welle") or "The" and
    a known word. A known word after any other word is a surname: "Ellie Forbes" is a person.
    Shared by :func:`outlet_name` and :func:`newstrace.structure.credit.outlet_credit`, so that a
    byline chunk and a credit position read a site alike.

    Args:
        words: the chunk's words, as written (case matters).

    Returns:
        The words joined by spaces, or ``None``.

    >>> site_name(["BBC"]), site_name(["Deutsche", "Welle"]), site_name(["Ellie", "Forbes"])
    ('BBC', 'Deutsche Welle', None)
    """
    if words and words[-1] in KNOWN_SITES and (
        len(words) == 1 or len(words) == 2 and words[0] in KNOWN_SITES | {"The"}
    ):
        return " ".join(words)
    return None


def outlet_name(chunk: str, *, after_name: bool = True, surname_words: bool = False) -> str | None:
    """The news outlet a byline chunk names ("Calder Courier", "The Harbor Ledger"), or ``None``.

    Args:
        chunk: one comma-separated part of a byline.
        after_name: whether a person name came before it in the byline. A two-word chunk
            with no "The" and no staff word ("Calder Courier") is taken only after a name,
            as the first chunk of a byline is the person's.
        surname_words: whether the chunk stands where no person's name may: a dateline's
            parentheses, or a byline's last chunk after a name and a comma ("By Ann Lee, Bangkok
            Post"; see :func:`parse_names`). There a nameplate word that is also a surname
            (:data:`_WEAK_OUTLET_WORDS`: "Post", "Star", "Sun", "Mail") ends an outlet's name
            without "The" or a day word, after a place of four letters or more or two words
            ("Andean Post", "New York Post"; "Wei Sun", "Jim Sun" stay names).

    A chunk is an outlet when all its words are capitalised (after an optional "The"), it
    ends in a nameplate word (:data:`OUTLET_WORDS`; a surname-like one such as "Post" only
    after "The" or "Daily"), optionally followed by a staff word, or it is a known site name.

    >>> outlet_name("Calder Courier")
    'Calder Courier'
    >>> outlet_name("The Harbor Ledger staff", after_name=False)
    'The Harbor Ledger'
    >>> outlet_name("Jim Sun") is None and outlet_name("Calder Courier", after_name=False) is None
    True
    >>> outlet_name("Andean Post"), outlet_name("Andean Post", surname_words=True), outlet_name("Jim Sun", surname_words=True)
    (None, 'Andean Post', None)
    """
    words = chunk.strip(" .,:;").split()
    staffed = bool(words) and words[-1].lower() in _STAFF_TAIL
    if staffed:
        words = words[:-1]
    if not words or len(words) > 6:
        return None
    site = site_name(words)
    if site:
        return site
    if len(words) == 1:
        # a lone nameplate word ("Courier") names no paper; a station's call sign does ("KTRN-TV")
        return words[0] if after_name and _CALL_SIGN.fullmatch(words[0]) else None
    if not all((w[0].isupper() and all(ch.isalpha() or ch in "-'\u2019." for ch in w)) or w.isdecimal() for w in words):
        return None
    the = words[0] == "The"
    last = words[-1].lower()
    # a station: "Radio Tarn", "Channel 7 News", "Tarn FM" (after a name: "Radio" may start a name)
    station = after_name and (words[0].lower() in _BROADCAST_LEAD or words[-1] in _BAND_TAIL)
    if any(w.isdecimal() for w in words) and not (station or last in OUTLET_WORDS):
        return None
    if last in _WEAK_OUTLET_WORDS:
        # "The Sun", "Daily Mail"; where no name may stand, "Bangkok Post" (a given name before the
        # word is mostly short: "Jim Sun", "Wei Sun")
        place = surname_words and after_name and (len(words) >= 3 or len(words[0].strip(".-'\u2019")) >= 4)
        if not (the or words[-2].lower() in _DAY_WORDS or place):
            return None
    elif last not in OUTLET_WORDS and not station:
        return None
    if not (after_name or the or staffed or len(words) >= 3 or is_participle_word(words[0])):
        return None
    return " ".join(words)


def is_participle_word(word: str) -> bool:
    """Whether ``word`` is an English participle or adjective in -ed ("Related", "Allied", "United",
    "Associated"), which opens an organisation's name ("United Press") and is no given name.

    The stem (the word less "d", "ed", or "ied" made "y") must be a common English word of four letters or
    more (Zipf >= 3.5, wordfreq): "Alfred", "Mildred", "Jared", "Ahmed" are not.

    Args:
        word: one word, as written.

    Returns:
        ``True`` for such a capitalised word.

    >>> is_participle_word("Related"), is_participle_word("Allied"), is_participle_word("Alfred")
    (True, True, False)
    """
    from newstrace.repair.lexicon import zipf

    w = word.lower()
    if not (word[:1].isupper() and w.isalpha() and w.endswith("ed")):
        return False
    stems = [w[:-1], w[:-2]] + ([w[:-3] + "y"] if w.endswith("ied") else [])
    return any(len(stem) >= 4 and zipf(stem) >= 3.5 for stem in stems)

_BY_PREFIX = re.compile(
    r"^\s*(?:(?:(?:written|words|story|text|report|reported|reporting|compiled|posted)\s+)?by\b\s*:?|authors?\s*:)\s*(?=\S)",
    re.IGNORECASE,
)
#: Byline labels of other forms and languages: a role word and a colon ("Reporter: X", "Autor: X",
#: "Redacción: X", "Reportagem: X", "Texto: X"), a participle with its "by" ("Escrito por X",
#: "Reportagem de X"), or a capitalised "Por"/"Par"/"Von"/"Door"/"Af"/"Av"/"Di" (Spanish, Portuguese, French,
#: German, Dutch, Danish, Norwegian and Swedish, Italian "By"). What follows
#: must be names (and agencies, outlets or titles) alone: a sentence may open with "Por".
_LABEL_PREFIX = re.compile(
    r"^\s*(?:(?:reporters?|writers?|authors?|autor(?:a|es|as)?|auteurs?|redacci[o\u00f3]n|reda[c\u00e7][a\u00e3]o|"
    r"reportagem|reportaje|reportage|texto|text|words|fotos?\s+y\s+texto|textos?)\s*:"
    r"|(?:escrit[oa]|redactad[oa]|reportagem|texto|[e\u00e9]crit|r[e\u00e9]dig[e\u00e9])\s+(?:por|de|par)\b\s*:?"
    r"|(?-i:P(?:or|OR|ar|AR)|V(?:on|ON)|D(?:oor|OOR)|A(?:[fv]|[FV])|D(?:i|I))\b(?!\s*:))\s*(?=[^\W\d_])",
    re.IGNORECASE,
)
#: A bare "Author" label without a colon, as page templates print it ("Author Ann Lee", "Autor Ana Ruiz").
_BARE_AUTHOR = re.compile(r"^\s*(?:Authors?|AUTHORS?|Autor(?:a|es|as)?|Auteure?s?|Autore)\s+(?=[^\W\d_])")
#: A site user name standing for the author ("JDoe", "breed_77"): letters with an inner capital, a digit, an
#: underscore or a dot, so that a plain word ("Interview", "Bio") is never taken for one.
_HANDLE = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]{2,29}")
_HANDLE_MARK = re.compile(r"[a-z0-9][A-Z]|[A-Z]{2}[a-z]|[0-9_.]")
#: Content-system accounts that are not authors.
_NOT_AUTHORS = frozenset("admin administrator staff editor editors editorial guest unknown anonymous team desk newsroom "
                         "user webmaster webadmin".split())
_EMAIL = re.compile(r"\S+@\S+\.\w+|https?://\S+|www\.\S+|(?<!\w)@\w+")
_LINK_WORDS = re.compile(
    r"\b(?:e-?mail|contact|follow|view|read|more|see all|all posts|articles by|stories by)\b[^,;|]*"
    r"(?:author|him|her|them|on \w+|stories|articles|posts)?",
    re.IGNORECASE,
)
_SPLIT = re.compile(
    r"\s*(?:,|;|\||\u00b7|\u2022|/|\(|\)|\s[-\u2013\u2014]+\s|\band\b|&|\bwith\b|\bfor\b|\bof\b)\s*", re.IGNORECASE
)
_IN_PLACE = re.compile(r"\s+(?:in|at|from)\s+[A-Z\u00c0-\u00de].*$")


def _token_is_name(tok: str) -> bool:
    if tok.endswith(":"):
        return False  # a label ("NOTE:", "Photo:")
    bare = tok.strip(".,;:()\"'\u2019\u201c\u201d")
    low = bare.lower()
    if low.replace(".", "") in TITLE_WORDS:
        return False  # "S.A.", "Co."
    if not bare or any(ch.isdecimal() for ch in bare):
        return False
    if "-" in low and any(part in _ROLE_WORDS for part in low.split("-")):
        return False  # "AP-Korrespondent": an agency's role, as German writes it
    if low in TITLE_WORDS or low in _STOP_TOKENS or low in _MONTH_WORDS:
        return False
    if canonical_agency(bare) and len(bare) > 1:
        return False
    if re.fullmatch(r"[A-Z]\.?", bare) or re.fullmatch(r"(?:[A-Z]\.){2,3}", bare):
        return True  # an initial
    first = bare[0]
    if not first.isupper():
        return False
    # The rest: letters, hyphens and apostrophes only ("Morrow-Staines", "O'Brien", "McDonald").
    return all(ch.isalpha() or ch in "-'\u2019." for ch in bare)


#: Nameplate and agency words that are also surnames ("Anna Press", "Emily Post"); with the single-word
#: agency forms ("Tom Reuter", "Paul Bloomberg": :func:`_is_surname_form`) they may stand as a surname.
_SURNAME_NAMEPLATES = _WEAK_OUTLET_WORDS | {"press", "presse", "agence"}


def _is_surname_form(tok: str) -> bool:
    """Whether ``tok``, refused as a name token for being an agency form or a nameplate word, may
    still be a surname: one alphabetic word of 3+ letters, capitalised, that is a single-word agency
    form ("Reuter", "Bloomberg", "Xinhua") or a nameplate word that is also a surname ("Press",
    "Post"). Short agency forms in capitals ("AP", "AFP", "dpa") never are."""
    bare = tok.strip(".,;:()\"'\u2019\u201c\u201d")
    if len(bare) < 3 or not bare.isalpha() or not bare[0].isupper():
        return False
    if bare.isupper() and len(bare) <= 4:
        return False  # "AP", "AFP", "UPI", "TASS": initials, not a surname
    return bare.casefold() in _SURNAME_NAMEPLATES or canonical_agency(bare) is not None


def _is_given_name(tok: str) -> bool:
    """A name token that may stand before a surname: not one ending a sentence ("Phoenix. Reuter", a
    story's last sentence and its sign-off), unless it is an initial ("J. Reuter")."""
    return _token_is_name(tok) and (not tok.endswith(".") or re.fullmatch(r"[A-Z]\.", tok) is not None)


def _is_outlet_pair(first: str, second: str) -> bool:
    """Whether two words are an agency's or outlet's name or its start ("Associated Press", "France Presse",
    "United Press"), not a given name and a surname."""
    from newstrace.structure.credit import agency_alias_starts

    pair = f"{first} {second}"
    # A lone "X Press" is as likely a person as a paper; a paper's nameplate needs "The", a staff word or
    # three words here (:func:`outlet_name` with ``after_name=False``).
    return agency_alias_starts(pair) or outlet_name(pair, after_name=False) is not None


def _recase(name: str) -> str:
    """Title-case a name written in capitals ("HELGA MORROW-STAINES" -> "Helga Morrow-Staines")."""
    if not any(ch.islower() for ch in name):
        return re.sub(r"[^\W\d_]+", lambda m: m.group(0)[0] + m.group(0)[1:].lower(), name)
    return name


def person_name(chunk: str) -> str | None:
    """The person name in a byline chunk, or ``None``.

    The longest run (first on ties) of 2-4 name-shaped tokens (particles not counted) is taken, so job titles before
    or after the name fall away ("Associated Press writer Edda Osswald" -> "Edda Osswald").
    Particles ("de", "van") may sit inside a name, never at its ends. A given name followed by a
    surname that is also an agency form or nameplate word ("Tom Reuter", "Paul Bloomberg", "Anna
    Press") is a person: an agency is the whole chunk ("Reuters", "Associated Press"), which the
    callers read before names, not a surname after a given name.

    >>> person_name("HELGA MORROW-STAINES")
    'Helga Morrow-Staines'
    >>> person_name("Senior Correspondent") is None
    True
    >>> person_name("Email the author") is None
    True
    """
    tokens = chunk.strip().split()
    runs: list[list[str]] = []
    cur: list[str] = []
    for k, tok in enumerate(tokens):
        low = tok.lower().strip(",.")
        # A month's name opens a name when a name follows ("April Roach", "June Lee", "Jan Weber"):
        # dates were cut out of the chunk before (:func:`_chunks`).
        first_name_month = (
            not cur and low in _MONTH_WORDS and len(low) >= 3 and tok[0].isupper()
            and k + 1 < len(tokens) and (_token_is_name(tokens[k + 1]) or (  # "Jan de Vries"
                tokens[k + 1] in _PARTICLES and k + 2 < len(tokens) and _token_is_name(tokens[k + 2])))
        )
        # The surname after one given name may be an agency form or nameplate word ("Tom Reuter")
        # when it ends the chunk ("Allied Press Service" is an agency's name) and the two are no
        # agency's name ("Associated Press").
        surname = (
            len(cur) == 1 and k == len(tokens) - 1 and _is_given_name(cur[0]) and _is_surname_form(tok)
            and not _is_outlet_pair(cur[0], tok.strip(",;:()\"\u201c\u201d"))
        )
        if _token_is_name(tok) or first_name_month or surname or (cur and (low in _PARTICLES or low in _SUFFIXES)):
            cur.append(tok.strip(",;:()\"\u201c\u201d"))
        else:
            runs.append(cur)
            cur = []
    runs.append(cur)
    best: list[str] = []
    for run in runs:
        while run and run[-1].lower() in _PARTICLES:
            run = run[:-1]
        while run and run[0].lower() in _PARTICLES and run[0][0].islower():
            run = run[1:]
        core = [t for t in run if t.lower() not in _PARTICLES and t.lower() not in _SUFFIXES]
        if 2 <= len(core) <= 4 and not all(re.fullmatch(r"[A-Z]\.?", t) for t in core) and len(run) > len(best):
            best = run
    if not best:
        return None
    return _recase(" ".join(best).rstrip("."))


#: First words that make a capitalised pair a title, not a person ("El Mundo", "La Stampa", "Die Zeit").
_TITLE_ARTICLES = frozenset("the el la los las le les il lo die der das de het o os a as".split())


def is_person_name(text: str) -> bool:
    """True when ``text`` is wholly one person's name ("Lena Okafor", "Ana María de la Fuente"),
    so that it is never taken for an outlet.

    Not a person: a news outlet's nameplate (:func:`outlet_name`: "Calder Courier", "The Harbor
    Ledger", a known site), an agency, or a name opening with an article ("El Mundo", "Die Zeit").

    >>> is_person_name("Lena Okafor"), is_person_name("Calder Courier"), is_person_name("El Mundo")
    (True, False, False)
    """
    words = text.split()
    if not 2 <= len(words) <= 6 or words[0].casefold() in _TITLE_ARTICLES:
        return False
    if canonical_agency(text) or outlet_name(text, after_name=True):
        return False
    name = person_name(text)
    return bool(name) and len(name.split()) == len(words)


@dataclass
class Byline:
    """A parsed byline.

    Attributes:
        names: person names, in order, without duplicates.
        credit: canonical agency named in the byline, or ``None``.
        outlet: the news outlet named in the byline ("Calder Courier", "CNN"), or ``None``; never
            a name. It is the publisher on the outlet's own page, the credit on another site's
            (:func:`newstrace.structure.credit.byline_outlet_credit`).
        dropped: chunks that were neither names, agencies nor outlets (titles, places, links).
    """

    names: list[str] = field(default_factory=list)
    credit: str | None = None
    outlet: str | None = None
    dropped: list[str] = field(default_factory=list)


#: A publication-time phrase that pages print after the names ("By A, B Time of article published
#: Mar 11, 2019", "By A | Updated 3 hours ago"): everything from it on is page furniture.
_PUBLISHED_TAIL = re.compile(
    r"(?:\b(?:time|date)\s+of\s+(?:the\s+)?(?:article\s+|story\s+)?|\b(?:first|last)\s+)?"
    r"\b(?:published|updated|modified)\b.*$",
    re.IGNORECASE,
)


#: Another role's credit set off in a byline ("Written by A • Edited by B", "By A | Photos by C"): not an
#: author. Only after a separator: "Story and photos by A" is the author's.
_OTHER_ROLE = re.compile(
    r"(?i)(?:^|(?<=[•|;,/·]))\s*(?:edited|editing|photos?|photographs?|photography|pictures?|images?|"
    r"illustrations?|illustrated|graphics|videos?|produced|production|translated|translation|fact[- ]checked|"
    r"designed|design)\s+by\b[^•|;]*"
)


_CLOCK_WORD = re.compile(CLOCK_WORD, re.IGNORECASE)


def _chunks(text: str) -> list[str]:
    text = _OTHER_ROLE.sub(" ", _PUBLISHED_TAIL.sub("", _EMAIL.sub(" ", text)))
    for mention in reversed(find_dates(text)):
        # the date with its time, and the clock word after it ("12.03.2024, 09:15 Uhr")
        clock = _CLOCK_WORD.match(text, mention.end) if mention.hour is not None else None
        text = text[: mention.start] + " | " + text[clock.end() if clock else mention.end:]
    chunks = [c.strip(" .:-\u2013\u2014") for c in _SPLIT.split(text) if c and c.strip(" .:-\u2013\u2014")]
    return [part for c in chunks for joined in _split_other_and(c) for part in _split_trailing_agency(joined)]


_OTHER_AND = re.compile(r"\s+(?:y|e|et|und|i|en)\s+")


def _split_other_and(chunk: str) -> list[str]:
    """``"Ana Gómez y Luis Pérez"`` -> two names: "and" in Spanish, Portuguese, French, German, Catalan
    and Dutch, split only when every side is two or more capitalised words, so that a name with the
    particle "y" ("José Ortega y Gasset") stays whole."""
    parts = _OTHER_AND.split(chunk)
    if len(parts) > 1 and all(len(p.split()) >= 2 and all(w[0].isupper() for w in p.split()) for p in parts):
        return parts
    return [chunk]


def _split_trailing_agency(chunk: str) -> list[str]:
    """``"CHRISTINE ARMARIO Associated Press"`` -> ``["CHRISTINE ARMARIO", "Associated Press"]``: AP's
    bylines put the agency after the name without a comma; the longest trailing run of up to four
    words that names an agency is split off when words remain before it."""
    words = chunk.split()
    if canonical_agency(chunk):
        return [chunk]  # the agency's whole name ("Agence France-Presse"), not a word and a shorter form
    if len(words) == 2 and _is_given_name(words[0]) and _is_surname_form(words[1]) and \
            not _is_outlet_pair(words[0], words[1]):
        return [chunk]  # "Tom Reuter", "Paul Bloomberg": a given name and a surname (:func:`person_name`)
    for k in range(min(4, len(words) - 1), 0, -1):
        tail = " ".join(words[-k:])
        if canonical_agency(tail):
            head = " ".join(words[:-k])
            return [chunk] if head.lower() in {"the", "of the"} else [head, tail]
    # An agency's name translated, cut, mistyped or garbled by a spinner after the name, or a paper
    # with its "The" ("ELENA CORDERO Related Press", "Ann Lee The Harbor Ledger"): split off, the
    # shortest such tail first, only where a whole person's name of two words or more stands before it.
    for k in range(2, min(4, len(words) - 2) + 1):
        head, tail = " ".join(words[:-k]), " ".join(words[-k:])
        if _agency_like_tail(words[-k:]) and is_person_name(head):
            # a longer tail naming the same agency word by word is its whole name ("Agence France Press",
            # not "France Press" after "Jean Martin Agence")
            agency = _agency_in_other_words(tail)
            for j in range(k + 1, len(words) - 1):
                longer = " ".join(words[-j:])
                if agency and _agency_in_other_words(longer) == agency and is_person_name(" ".join(words[:-j])):
                    head, tail = " ".join(words[:-j]), longer
            return [head, tail]
    return [chunk]


def _agency_like_tail(words: Sequence[str]) -> bool:
    """Whether the words ending a byline chunk name an agency in a form no table holds or a paper with
    its "The": translated, cut or mistyped (:func:`_agency_in_other_words`: "Associated Pres", "Press
    Associated", "Prensa Asociada"), garbled (:func:`garbled_agency_name`: "Related Press", "Badociated
    Press"), a participle and a press word ("Allied Press Service", :func:`is_participle_word`), or "The"
    and a nameplate (:func:`outlet_name`: "The Harbor Ledger")."""
    if not all(w[:1].isupper() or w == "de" for w in words):
        return False
    text = " ".join(words)
    if words[0] == "The":
        return outlet_name(text, after_name=False) is not None
    if is_participle_word(words[0]) and words[-1].casefold() in _PRESS_WORDS:
        return True
    return _agency_in_other_words(text) is not None or garbled_agency_name(text) is not None


#: Last words of an agency's name ("Press", "Presse", "Service"): a participle before one opens an
#: organisation's name ("Allied Press Service", "United Press").
_PRESS_WORDS = frozenset("press presse prensa agency agence agencia agentur service wire news".split())

#: How alike (rapidfuzz ``fuzz.ratio`` on the letters, 0-100) a name must be to an agency's name of two
#: words or more, its last word kept, to be that name garbled: "Related Press" / "Associated Press" 67,
#: "Affiliated Press" 73, "Badociated Press" 87; "Free Press" 50, "French Press" 46. As
#: :data:`newstrace.provenance.credit.GARBLED_NAME_RATIO`, where a garbled credit is compared.
GARBLED_AGENCY_RATIO = 66.0


def garbled_agency_name(text: str) -> str | None:
    """The news agency ``text`` names garbled, as a spinner or a bad OCR leaves it ("Related Press",
    "Badociated Press", "Affiliated Press" for The Associated Press), or ``None``.

    The name must keep the last word of one of the agency's forms of two words or more ("Press") and
    be alike to that form (:data:`GARBLED_AGENCY_RATIO`); its other words must hold five letters or
    more, so that a given name and a surname ("Ann Press") are not read so. An agency form itself is
    not garbled (:func:`newstrace.structure.credit.canonical_agency` reads it).

    Args:
        text: a name of two to four words, as written.

    Returns:
        The agency's canonical name (str), or ``None``.

    >>> garbled_agency_name("Related Press"), garbled_agency_name("Badociated Press")
    ('The Associated Press', 'The Associated Press')
    >>> garbled_agency_name("Ann Press"), garbled_agency_name("Free Press"), garbled_agency_name("Associated Press")
    (None, None, None)
    """
    from rapidfuzz import fuzz

    from newstrace.structure.credit import AGENCIES, _key

    words = _key(text).split()
    if not 2 <= len(words) <= 4 or len("".join(words[:-1])) < 5 or canonical_agency(text):
        return None
    key = "".join(words)
    best: tuple[float, str] | None = None
    for agency, forms in AGENCIES.items():
        if not is_news_agency(agency):
            continue
        for form in forms:
            fwords = _key(form).split()
            if len(fwords) < 2 or fwords[-1] != words[-1]:
                continue
            ratio = fuzz.ratio(key, "".join(fwords))
            if ratio >= GARBLED_AGENCY_RATIO and (best is None or ratio > best[0]):
                best = (ratio, agency)
    return best[1] if best else None


def _agency_in_other_words(chunk: str) -> str | None:
    """A news agency named in another language, cut short or mistyped in a byline ("Nadia Ferreira,
    Prensa Asociada"; "Assoziierte Presse"; "Associated Pres"): the agency's canonical name, else
    ``None`` (:func:`newstrace.provenance.credit.agency_of`; imported here, as provenance reads this
    module's agencies)."""
    from newstrace.provenance.credit import agency_of

    words = chunk.split()
    if len(words) < 2 or any(re.fullmatch(r"[A-Z]\.?", w) for w in words):
        return None  # "J. Reuter": a person, however close to an agency's name
    agency = agency_of(chunk)
    return agency if agency and is_news_agency(agency) else None


def parse_names(text: str) -> Byline:
    """Split a list of people ("X, Y and Z", "X in Caracas and Y") into names, agency and dropped chunks.

    Descriptions after a name ("X, an Associated Press reporter in Velden, Austria") and
    places ("in Velden", and the region chunk after it) are dropped.
    """
    out = Byline()
    inverted = last_first_names(text)
    head, _, tail = text.rpartition(",")
    if not inverted and head and "," in head:
        # "Lee, Ann and Ek, Bo, Reuters", "Holm, Kari, Calder Courier": surname-first names, then
        # the agency or the outlet
        agency = canonical_agency(tail.strip())
        outlet = None if agency else outlet_name(tail.strip(), after_name=True)
        if (agency or outlet) and (inverted := last_first_names(head)):
            if agency and is_news_agency(agency):
                out.credit = agency
            else:
                out.outlet = agency or outlet
    if inverted:
        out.names.extend(inverted)
        return out
    after_place = False
    chunks = _chunks(text)
    for at, chunk in enumerate(chunks):
        agency = canonical_agency(chunk) or _agency_in_other_words(chunk)
        if agency and out.names and not is_news_agency(agency):
            out.outlet = out.outlet or agency  # "By Ann Lee, Washington Post": a newspaper, as "Fox News" is
            after_place = False
            continue
        if agency:
            out.credit = out.credit or agency
            after_place = False
            continue
        had_place = bool(_IN_PLACE.search(chunk))
        core = _IN_PLACE.sub("", chunk)
        special = _SPECIAL_TO.match(core)
        if special and out.names:  # "Special to the Calder Courier": the outlet the freelance wrote for
            core = special.group("the").title() + special.group("outlet") if special.group("the") else \
                special.group("outlet")
        outlet = _chunk_outlet(core, bool(out.names)) if not _joined_person(text, core) else None
        if outlet is None and out.names and _last_after_comma(text, core, chunks[at + 1:]):
            outlet = outlet_name(core, after_name=True, surname_words=True)  # "By Ann Lee, Bangkok Post"
        if outlet and canonical_agency(outlet) and is_news_agency(canonical_agency(outlet)):
            # "Reuters Breaking News Editor": the agency and a title
            out.credit = out.credit or canonical_agency(outlet)
            after_place = had_place
            continue
        if outlet:  # before the appositive test: "The Harbor Ledger" is an outlet, not a description
            out.outlet = out.outlet or outlet
            after_place = had_place
            continue
        if re.match(r"(?i)^(?:an?|the)\s", core):
            out.dropped.append(chunk)  # an appositive description, e.g. "an AP reporter in X"
            after_place = had_place or True
            continue
        if after_place and not had_place and len(core.split()) <= 3:
            out.dropped.append(chunk)  # the region after "in Place," e.g. ", Venezuela"
            continue
        name = person_name(core)
        if name and _clause_words(core, name) > 3:
            # a clause holding a name ("voters also said that Wall Street does more ..."), not a byline chunk
            out.dropped.append(chunk)
        elif name and name.lower() not in {n.lower() for n in out.names}:
            out.names.append(name)
        elif not name:
            out.dropped.append(chunk)
        after_place = had_place
    return out


#: "Holm, Kari", "HOLM, Kari Anne", "van Berg, Lise": a surname (one word, after particles) and one or two given
#: names, the order of library catalogues and content-system author fields.
_LAST_FIRST = re.compile(
    r"(?P<last>(?:(?:[a-z]{1,3})\s+){0,2}[^\W\d_][\w'\u2019-]*)\s*,\s*(?P<first>[^\W\d_][\w'\u2019.-]*(?:\s+[^\W\d_][\w'\u2019.-]*)?)"
)


def last_first_name(text: str) -> str | None:
    """The person an author field names surname first ("Holm, Kari" -> "Kari Holm"), else ``None``.

    Only two comma-separated parts: a surname of one word (after particles such as "van", "de la") and
    one or two given names, every word name-shaped and none an agency, job title, month, outlet or
    place-like staff word, so that "Kari Holm, Staff Writer", "Ann Lee, Reuters" and "Lee, Calder Courier"
    are not read so.

    Args:
        text: the whole author field or byline text after "By".

    Returns:
        "First Last", recased when written in capitals, or ``None``.

    >>> last_first_name("Holm, Kari"), last_first_name("HOLM, KARI"), last_first_name("Kari Holm, Staff Writer")
    ('Kari Holm', 'Kari Holm', None)
    """
    m = _LAST_FIRST.fullmatch(text.strip().rstrip("."))
    if not m:
        return None
    last, first = m.group("last"), m.group("first")
    surname = last.split()[-1]
    if not all(_token_is_name(tok) for tok in [surname, *first.split()]):
        return None
    if canonical_agency(first) or canonical_agency(last) or outlet_name(first, after_name=True):
        return None
    name = person_name(f"{first} {last}")
    return name if name and len(name.split()) == len(first.split()) + len(last.split()) else None


#: What joins two surname-first names: "and" (any case), "&" or a semicolon, an Oxford comma before it
#: kept out.
_INVERTED_JOIN = re.compile(r"\s*,?\s*(?:;|&|\band\b)\s*", re.IGNORECASE)


def last_first_names(text: str) -> list[str]:
    """The people an author field names surname first, one or several ("Holm, Kari" -> ["Kari Holm"];
    "Lee, Ann and Ek, Bo" -> ["Ann Lee", "Bo Ek"]), else ``[]``.

    Several names are read so only when they are joined by "and", "&" or ";" and every part is one
    surname-first name (:func:`last_first_name`) or, without a comma, a name of two words or more in
    the usual order ("Lee, Ann and Bo Ek"), so that a list in the usual order ("Ann Lee, Bo Ek and
    Cy Dee") and a name with its outlet ("Ann Lee, Reuters") are not.

    Args:
        text: the whole author field or byline text after "By".

    Returns:
        The names as "First Last", in the order written; ``[]`` when the text is not written so.

    >>> last_first_names("Lee, Ann and Ek, Bo"), last_first_names("Ann Lee, Bo Ek and Cy Dee")
    (['Ann Lee', 'Bo Ek'], [])
    """
    one = last_first_name(text)
    if one:
        return [one]
    parts = [p for p in _INVERTED_JOIN.split(text.strip().rstrip(".")) if p.strip()]
    if len(parts) < 2 or not any("," in p for p in parts):
        return []
    # a part without a comma is a name in the usual order ("Lee, Ann and Bo Ek"), of two words or more
    names = [last_first_name(p) if "," in p else _plain_name(p) for p in parts]
    return [n for n in names if n] if all(names) else []


def _plain_name(part: str) -> str | None:
    """A person's name of two or more words in the usual order ("Bo Ek"), else ``None``."""
    name = person_name(part.strip())
    return name if name and len(name.split()) >= 2 and not canonical_agency(part.strip()) else None


_SPECIAL_TO = re.compile(r"(?i)^special\s+(?:to|for)\s+(?P<the>the\s+)?(?P<outlet>\S.*)$")


def _joined_person(text: str, chunk: str) -> bool:
    """Whether ``chunk`` is a person joined to the names before it by "and" or "&" ("By Ann Lee and
    Anna Press") rather than an outlet after a comma ("By Ann Lee, Calder Press"): two words, a
    given name and a surname that is also a nameplate or agency word (:func:`_is_surname_form`)."""
    words = chunk.split()
    return (len(words) == 2 and _is_given_name(words[0]) and _is_surname_form(words[1])
            and not _is_outlet_pair(*words)
            and re.search(rf"(?:\band|&)\s+{re.escape(chunk)}\b", text, re.IGNORECASE) is not None)


def _last_after_comma(text: str, chunk: str, later: list[str]) -> bool:
    """Whether ``chunk`` follows the names before it after a comma, not "and" or "&", and no person's
    name follows it in the byline (``later`` chunks): where a byline names the outlet ("By Ann Lee,
    Andean Post", "By Ann Lee, Andean Post, in Valdecerro"), not a list of people ("By Ann Lee, Emily
    Post and Bo Ek", "By Ann Lee and Emily Post")."""
    before = re.search(rf"([,;&]|\band\b)\s*{re.escape(chunk)}", text, re.IGNORECASE)
    if before is None or before.group(1) != ",":
        return False
    return not any(person_name(_IN_PLACE.sub("", c)) for c in later)


def _chunk_outlet(chunk: str, after_name: bool) -> str | None:
    """The outlet a byline chunk names (:func:`outlet_name`), or after a name also a site or agency
    with its desk and title ("CNN Business Senior Writer" -> "CNN":
    :func:`newstrace.structure.credit.outlet_credit`)."""
    from newstrace.structure.credit import outlet_credit

    named = outlet_name(chunk, after_name=after_name)
    if named or not after_name:
        return named
    credited = outlet_credit(chunk)
    return credited if credited and len(credited.split()) < len(chunk.split()) else None


def _clause_words(chunk: str, name: str) -> int:
    """Lower-case words of ``chunk`` outside the person ``name`` that are neither job-title words nor
    particles: a byline chunk has a few at most ("Associated Press writer Edda Osswald" none, "Ann Lee
    Video produced by Jon Roe" two), a clause many ("voters also said that Calder Bay does more ...")."""
    taken = {w.casefold() for w in name.split()}
    words = (w.strip(".,;:()\"'\u201c\u201d") for w in chunk.split())
    return sum(1 for w in words if w and w[0].islower() and w.casefold() not in taken
               and w.casefold() not in TITLE_WORDS and w.casefold() not in _PARTICLES)


def is_staff_byline(line: str) -> bool:
    """Whether ``line`` is a byline naming no one: "By" and a staff title alone ("By Staff Reporter",
    "By Our Correspondent", "By a Staff Writer"), one to four words, each a job-title word.

    >>> is_staff_byline("By Staff Reporter"), is_staff_byline("By Our Special Correspondent")
    (True, True)
    >>> is_staff_byline("By the time it ended, staff had left"), is_staff_byline("By Ann Lee")
    (False, False)
    """
    m = _BY_PREFIX.match(line)
    if not m:
        return False
    words = [w.strip(".,:").casefold() for w in line[m.end():].split()]
    if words and words[0] in ("a", "an", "our", "the"):
        words = words[1:]
    return 1 <= len(words) <= 4 and words[-1] in _STAFF_TAIL and all(
        w in _STAFF_TAIL or w in TITLE_WORDS for w in words)


def parse_byline(line: str, *, require_by: bool = True) -> Byline | None:
    """Parse a byline line into names and credit, or ``None`` when the line is not a byline.

    Args:
        line: one line, e.g. ``"By HELGA MORROW-STAINES, Senior Correspondent"``,
            ``"By Christine Wardrobe – The Associated Press"``, ``"By Priya Castellane and Mateo Lindgren"``.
        require_by: when false, a line without "By" is accepted if it holds only names,
            titles and agencies with at least one name and one agency or title
            (``"Jane Doe, Reuters"``); use only in byline positions (under the headline, at the end).

    A bare "Author" label without a colon ("Author Ann Lee") takes names alone, or one site
    user name with an inner capital, digit or underscore ("Author JDoe"), never a plain word.

    >>> parse_byline("By HELGA MORROW-STAINES, Senior Correspondent").names
    ['Helga Morrow-Staines']
    >>> b = parse_byline("By Christine Wardrobe \u2013 The Associated press")
    >>> b.names, b.credit
    (['Christine Wardrobe'], 'The Associated Press')
    >>> parse_byline("By the time the ferry docked, everyone had left.") is None
    True
    """
    text = line.strip()
    if not text or len(text) > 250 or len(text.split()) > 25:
        return None
    m = _LABEL_PREFIX.match(text)
    if m:
        # Only names, agencies, outlets and short titles may follow such a label, never a clause;
        # a place may close it after a comma ("Von Ann Lee, Brackmoor").
        rest = text[m.end():]
        strict = _only_names(rest)
        if strict is None:
            head, comma, place = rest.rpartition(",")
            if comma and _is_place_chunk(place):
                strict = _only_names(head)
                if strict:
                    strict[0].dropped.append(place.strip())
        return strict[0] if strict and strict[0].names else None
    m = _BARE_AUTHOR.match(text)
    if m:
        # Names alone may follow the bare label, or one site user name ("Author JDoe").
        rest = text[m.end():].strip()
        strict = _only_names(rest)
        if strict and strict[0].names:
            return strict[0]
        if (_HANDLE.fullmatch(rest) and _HANDLE_MARK.search(rest) and rest.casefold() not in _NOT_AUTHORS
                and not canonical_agency(rest) and not re.fullmatch(r"(?:[A-Z]\.)+[A-Z]?", rest)):
            return Byline(names=[rest])
        return None
    m = _BY_PREFIX.match(text)
    if m:
        parsed = parse_names(text[m.end():])
        if not parsed.names and not parsed.credit and not parsed.outlet:
            return None
        # A sentence that starts with "By" has many dropped words; a byline has few.
        dropped_words = sum(len(c.split()) for c in parsed.dropped)
        if dropped_words > 6 or re.search(r"[a-z]{3,}[.!?]$", text) and dropped_words > 2:
            return None
        return parsed
    if require_by or text.endswith((".", "!", "?", ":", '"', "\u201d")) and not canonical_agency(text.split()[-1]):
        return None
    # Without "By", every chunk must be wholly a name, an agency or a job title; parentheses may
    # hold only an agency ("Jane Doe (AFP)"), not a name ("(Dumez S.A.) Reuter" is a company).
    if len(text.split()) > 14 or any(not canonical_agency(inner) for inner in re.findall(r"\(([^()]*)\)", text)):
        return None
    strict = _only_names(text)
    if strict is None:
        return None
    parsed, placed = strict
    if parsed.names and (parsed.credit or parsed.outlet or parsed.dropped or placed):
        return parsed
    return None


#: An editor's signature after the author's name, as Deutsche Welle prints it: "Ann Lee / ab",
#: "Ann Lee in Brack / ab, cd" (the initials, in lower case, are the desk editor's or translator's).
_SIGNATURE = re.compile(r"^(?P<who>[^/|()\d]{5,80}?)\s+/\s*(?P<initials>[a-z]{2,4}(?:\s*[,/]\s*[a-z]{2,4})?)\s*$")
#: The place after the name in a signature: a preposition of place then a capitalised word
#: (English, German, Portuguese, Spanish, French, Italian).
_SIGNATURE_PLACE = re.compile(
    r"\s+(?:in|from|at|aus|von|em|no|na|da|do|de|desde|en|à|au|a|di|da|dal|dalla|nel|nella)\s+[^\W\d_][^\s,]*(?:\s+[^\W\d_][^\s,]*)?$"
)


def parse_signature_line(line: str) -> Byline | None:
    """An author's signature line with the editor's initials after a slash (Deutsche Welle's
    layout): ``"Ann Lee / ab"``, ``"Ann Lee aus Brack / ab"``, ``"Ann Lee da Brack / ab"``.

    Args:
        line: one line; use in byline positions (under the headline, at the end).

    Returns:
        The :class:`Byline` with the author's names (the place and the editor's initials left
        out), or ``None`` when the part before the slash is not wholly names (and a place). A
        name ending in a particle and a capitalised word ("Ana Lima da Costa") keeps it unless
        two name words stand before the particle; then the pair is read as the place.

    >>> parse_signature_line("Ann Lee aus Brackmoor / ab").names
    ['Ann Lee']
    >>> parse_signature_line("Km / h") is None, parse_signature_line("Prices rose / fell") is None
    (True, True)
    """
    m = _SIGNATURE.match(line.strip())
    if not m:
        return None
    who = m.group("who").strip(" ,")
    place = _SIGNATURE_PLACE.search(who)
    if place:
        bare = who[: place.start()].strip(" ,")
        named = _only_names(bare)
        if named and named[0].names and len(bare.split()) >= 2:
            return named[0]
    named = _only_names(who)
    return named[0] if named and named[0].names and not named[0].dropped else None


def has_byline_label(text: str, *, english: bool = True) -> bool:
    """Whether ``text`` opens with a byline label: "By", "Written by", "Author:", or another form or
    language's ("Von", "Por", "Par", "Escrito por", "Autor:"). Whether names follow is not checked.

    Args:
        english: when false, of the English labels only a plain "By" counts ("Written by", "Posted
            by" also open an author's profile box or a blog's sign-off).

    >>> has_byline_label("Von Jana Lind"), has_byline_label("Words by Ann Lee"), has_byline_label("Bylaws")
    (True, True, False)
    """
    if english:
        return bool(_BY_PREFIX.match(text) or _LABEL_PREFIX.match(text))
    return bool(re.match(r"(?i)^\s*by\s", text) or _LABEL_PREFIX.match(text))


def _is_place_chunk(chunk: str) -> bool:
    """Whether a byline's last chunk may be the reporter's place: one to three capitalised words,
    none a job-title or function word ("Brackmoor", "Lower Dask"), and no person's name."""
    words = chunk.strip(" .").split()
    return (1 <= len(words) <= 3 and all(w[0].isupper() and w.replace("-", "").isalpha() for w in words)
            and not any(w.lower() in TITLE_WORDS or w.lower() in _STOP_TOKENS for w in words)
            and not (len(words) >= 2 and person_name(" ".join(words))))


def _only_names(text: str) -> tuple[Byline, bool] | None:
    """Read ``text`` as a byline in which every chunk is wholly a name, an agency, an outlet or a
    short job title; ``None`` when a chunk is anything else (a clause, a sentence).

    Returns:
        ``(byline, placed)``: ``placed`` when a name carried its place ("Ann Lee in Brackmoor").
    """
    parsed = Byline()
    placed = False  # "Ann Lee in Brackmoor": a name with its place is a byline by itself
    chunks = _chunks(text)
    for at, chunk in enumerate(chunks):
        agency = canonical_agency(chunk) or _agency_in_other_words(chunk)
        if not agency and _IN_PLACE.search(chunk):
            chunk, placed = _IN_PLACE.sub("", chunk), True
        name = person_name(chunk)
        outlet = None if agency or _joined_person(text, chunk) else _chunk_outlet(chunk, bool(parsed.names))
        if not (agency or outlet) and parsed.names and _last_after_comma(text, chunk, chunks[at + 1:]):
            outlet = outlet_name(chunk, after_name=True, surname_words=True)  # "Por Ana Ruiz, Andean Post"
        agency = agency or (canonical_agency(outlet) if outlet else None)
        if agency and parsed.names and not is_news_agency(agency):
            parsed.outlet = parsed.outlet or agency  # a newspaper after a name is the outlet, as "Fox News" is
        elif agency:
            parsed.credit = parsed.credit or agency
        elif outlet:
            parsed.outlet = parsed.outlet or outlet
        elif name and len(name.split()) == len(chunk.split()):
            parsed.names.append(name)
        elif len(chunk.split()) <= 5 and not re.search(r"[.!?]\s", chunk) and any(
            w.lower().strip(".,") in TITLE_WORDS for w in chunk.split()
        ):
            parsed.dropped.append(chunk)
        else:
            return None
    return parsed, placed


#: What a contributor helped with, and the verb of helping, in English, Spanish, Portuguese, French and
#: German ("contributed to this report", "contribuyó a este despacho", "contribuiu para esta reportagem",
#: "a contribué à cet article", "hat zu diesem Bericht beigetragen"): the closing line of wire copy and
#: of its translations (AP's style, its Spanish service's "contribuyó a este despacho").
_EN_WORK = r"(?:report|article|story|piece|dispatch|item)"
_ES_PT_WORK = (r"(?:despacho|informe|reportaje|art[íi]culo|nota|noticia|cr[óo]nica|reportagem|mat[ée]ria|not[íi]cia|"
               r"relat[óo]rio|artigo|texto)")
_CONTRIB_VERB = (
    r"(?:also\s+)?contributed(?:\s+(?:reporting|research)(?:\s+to\s+(?:this|the)\s+" + _EN_WORK + r")?"
    r"|\s+to\s+(?:this|the)\s+" + _EN_WORK + r")?"
    # Spanish and Portuguese: "contribuyó a/con este despacho", "contribuyeron al informe", "contribuiu para esta reportagem"
    r"|(?:tambi[ée]n\s+)?(?:contribuy[óo]|contribuyeron|colabor[óo]|colaboraron|contribuiu|contribu[íi]ram|colaborou|"
    r"colaboraram)\s+(?:(?:a|con|en|para|com|em)\s+(?:est[ea]|el|la|o|a)|al|n[ae]st[ea]|no|na|ao|[àa])\s+" + _ES_PT_WORK +
    # French: "a contribué à cet article", "ont collaboré à cette dépêche"
    r"|(?:a|ont)\s+(?:aussi\s+|[ée]galement\s+)?(?:contribu[ée]|collabor[ée])\s+(?:à|a)\s+(?:cet|cette|ce|la|l')\s*"
    r"(?:article|d[ée]p[êe]che|reportage|rapport|r[ée]cit)"
    # German: "hat zu diesem Bericht beigetragen", "haben an diesem Artikel mitgearbeitet"
    r"|(?:hat|haben)\s+(?:auch\s+)?(?:zu|an)\s+(?:diesem|dieser)\s+(?:Bericht|Artikel|Beitrag|Meldung)\s+"
    r"(?:beigetragen|mitgearbeitet)"
)
_CONTRIB = re.compile(
    r"^(?P<who>.+?)\s+(?:" + _CONTRIB_VERB + r")"
    r"(?:\s+(?:from|in|desde|en|em|de|depuis|à|aus)\s+[^.]{1,80})?\s*\.?\s*$",
    re.IGNORECASE | re.DOTALL,
)
#: The verb first, as Spanish and Portuguese also write it: "Contribuyó a este despacho el periodista de AP Marcos Villalba."
_CONTRIB_FIRST = re.compile(
    r"^(?:tambi[ée]n\s+)?(?:contribuy[óo]|contribuyeron|colabor[óo]|colaboraron|contribuiu|contribu[íi]ram|colaborou|"
    r"colaboraram)\s+(?:(?:a|con|en|para|com|em)\s+(?:est[ea]|el|la|o|a)|al|n[ae]st[ea]|no|na|ao|[àa])\s+" + _ES_PT_WORK +
    r"\s+(?P<who>[^.]+?)\s*\.?\s*$",
    re.IGNORECASE,
)
_ADDITIONAL = re.compile(
    r"^\(?\s*(?:additional|further|also|with)\s+reporting\s+(?:by|from)\s+(?P<who>.+?)\s*[.)]*\s*$|^contributing\s*:\s*(?P<who2>.+)$",
    re.IGNORECASE,
)
#: Agency staff named by role: "AP writer", "AP-Korrespondent" (the agency first), "periodista de AP",
#: "jornalista da AP", "journaliste de l'AFP" (the agency after its role).
_AGENCY_STAFF = re.compile(
    r"\b([A-Za-z]{2,5})(?:\s+(?:[a-z]+\s+)?|-)(?:writers?|reporters?|correspondents?|photographers?|journalists?|staff"
    r"|(?i:korrespondent(?:in)?|reporterin|journalist(?:in)?|redakteur(?:in)?|fotograf(?:in)?))\b"
    r"|(?i:periodistas?|corresponsal(?:es)?|reporter[oa]s?|redactor(?:a|es)?|fot[óo]graf[oa]s?|jornalistas?|"
    r"rep[óo]rter(?:es)?|correspondentes?|journalistes?|correspondant(?:e|s)?|envoy[ée]e?)\s+"
    r"(?i:de\s+la\s+|de\s+l['\u2019]\s*|del\s+|de\s+|da\s+|do\s+)([A-Za-z]{2,5})\b"
)
#: Words opening a description of a contributor set off by commas, in the languages above ("an AP reporter",
#: "periodista de AP en Lima", "un reportero de AP", "jornalista da AP"): dropped, not read as a clause.
#: Lower-case words that may stand beside a contributor's name (articles, "of", "in", "and", particles, in
#: the languages above); any other is a clause's.
_DESCRIPTION_WORDS = _PARTICLES | _STOP_TOKENS | frozenset(
    """a an the of in at from and with also los las un una um uma o os as le les l' der die das des dem den
    en em à aus y e et und i también aussi auch também pour para por""".split())


def _description_word(word: str) -> bool:
    """Whether a lower-case word may stand beside a contributor's name: a word of
    :data:`_DESCRIPTION_WORDS` or a job title, also in the plural ("periodistas") or elided ("l'agence")."""
    w = re.sub(r"^[ld]['\u2019]", "", word.casefold())
    return not w or any(x in _DESCRIPTION_WORDS or x in TITLE_WORDS for x in (w, w[:-1] if w.endswith("s") else w,
                                                                             w[:-2] if w.endswith("es") else w))


#: "y", "e", "et", "und" before a person's name of two capitalised words: "and" in a list of contributors.
_OTHER_AND_NAMES = re.compile(r"\s+(?:y|e|et|und)\s+(?=[^\W\d_a-z][\w'\u2019-]*\s+[^\W\d_a-z])")
_DESCRIPTION = re.compile(r"(?i)^(?:an?|the|el|la|los|las|un|una|o|os|um|uma|le|les|l['\u2019]|ein|eine|der|die)\s")
_WIRE_CREDITS = re.compile(r"^\(?\s*(?:reporting|writing|reported|written)\s+by\s+.+(?:;|\)\s*$)", re.IGNORECASE)


def parse_contributor_line(line: str) -> tuple[list[str], str | None] | None:
    """Names credited in a contributor line and the agency they work for, or ``None``.

    An agency that is itself the contributor ("The Associated Press contributed to this
    report", "With reporting by Agence France-Presse") gives ``([], agency)``: the line is a
    sign-off naming a source of the story; the structure stage takes such an agency as the
    credit only when nothing stronger (dateline, byline, sign-off, copyright) names one.

    >>> parse_contributor_line("Marta Ibáñez Roe, an Associated Press reporter in Velden, Austria, contributed to this report.")
    (['Marta Ibáñez Roe'], 'The Associated Press')
    >>> parse_contributor_line("Associated Press writer Edda Osswald in Pellwyrth contributed to this report.")
    (['Edda Osswald'], 'The Associated Press')
    >>> parse_contributor_line("The union contributed 40 percent of the cost.") is None
    True
    """
    from newstrace.structure.credit import find_agency

    text = line.strip()
    if not text or len(text.split()) > 45:
        return None
    m = _CONTRIB.match(text) or _CONTRIB_FIRST.match(text) or _ADDITIONAL.match(text)
    if not m:
        return None
    who = m.groupdict().get("who") or m.groupdict().get("who2") or ""
    # "y", "e", "et", "und" join two people as "and" does ("Marcos Villalba y Ana Ruiz")
    who = _OTHER_AND_NAMES.sub(" and ", who)
    parsed = parse_names(who)
    if not parsed.names:
        # "The Associated Press contributed to this report": a sign-off naming a source, no person.
        return ([], parsed.credit) if parsed.credit and not parsed.dropped else None
    # Descriptions ("an AP reporter in X", "periodista de AP en Lima") and places may be dropped; a clause may not.
    loose = [c for c in parsed.dropped if not _DESCRIPTION.match(c) and len(c.split()) > 3
             and not _AGENCY_STAFF.match(c)]
    if loose:
        return None
    # Where the names stand, a verb of its own makes the line a sentence ("Teresa Huamán said the union
    # contributed to this report", "... dijo que el sindicato contribuyó a este informe").
    named = who
    for chunk in parsed.dropped:
        named = named.replace(chunk, " ")
    words = (re.sub(r"^[ld]['\u2019]", "", w) for w in re.findall(r"[^\W\d_][\w'\u2019-]*", named))
    if any(w[:1].islower() and not _description_word(w) for w in words):
        return None
    # An agency that itself contributed ("...; The Associated Press") is a source, not the credit;
    # a contributor described as agency staff ("an Associated Press reporter", "AP writer") implies it.
    if parsed.credit or parsed.outlet:  # "Ann Lee of The Washington Post": the paper is named, not credited
        return parsed.names, None
    staff = _AGENCY_STAFF.search(who)
    return parsed.names, find_agency(who) or (canonical_agency(next(g for g in staff.groups() if g)) if staff else None)


def parse_wire_credits(line: str) -> tuple[list[str], list[str]] | None:
    """Reuters-style credit line: ``(Reporting by X; Additional reporting by Y; Editing by Z)``.

    Returns:
        ``(authors, contributors)``: "Reporting/Writing by" names are the authors, "Additional
        reporting by" names the contributors; editors are neither. ``None`` if not such a line.
    """
    text = line.strip()
    if not _WIRE_CREDITS.match(text) or len(text.split()) > 60:
        return None
    authors: list[str] = []
    contributors: list[str] = []
    for part in re.split(r";", text.strip("() ")):
        part = part.strip(" .()")
        m = re.match(r"(?i)^(?P<kind>(?:additional\s+|further\s+)?(?:reporting|writing|reported|written|editing|edited|compiled)"
                     r")\s+by\s+(?P<who>.+)$", part)
        if not m:
            continue
        kind = m.group("kind").lower()
        names = parse_names(m.group("who")).names
        if kind.startswith(("edit",)):
            continue
        if kind.startswith(("additional", "further", "compiled")):
            contributors += names
        else:
            authors += names
    if not authors and not contributors:
        return None
    return authors, contributors
