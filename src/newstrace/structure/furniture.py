"""Page furniture above the headline: navigation menus, section lists, account links, site banners.

Scraped excerpts and saved pages often start with the page's navigation ("Today's Edition Search
Latest News Listen Weather ...", "Explore", "Menu", "Sign in", "- PODCAST", a list of
language names, a weather widget's "11°") before the title. Such a line is not a headline: it
is set aside as residue and the next real headline candidate is taken, or none when the text
goes straight into the body.
"""

from __future__ import annotations

import re

from newstrace.structure.headline import slug_match, title_slug_words
from newstrace.structure.residue import is_newsletter_prompt, is_rewrite_preamble
from newstrace.structure.stamps import is_metadata_line
from newstrace.urls import url_host

#: Words of navigation bars, account links and section menus (English, Spanish, Portuguese,
#: German, French, Greek), and language names of language menus, casefolded. Collected from the
#: page furniture of the provenance corpus's scraped pages and common news-site menus; a line
#: made (almost) only of these is navigation, whatever site it comes from.
NAV_WORDS = frozenset(
    w.casefold()  # as lines are compared: casefold turns Greek final sigma into sigma
    for w in
    # English: navigation, account, sections, tools
    "menu search explore home homepage sign signin signup log login logout register subscribe subscribed "
    "subscriber subscribers subscription subscriptions newsletter newsletters account profile today's todays "
    "paper e-edition eedition epaper edition editions latest stories news breaking listen watch video videos "
    "podcast podcasts live tv radio weather traffic obits obituaries puzzles games crossword crosswords sudoku "
    "horoscopes comics sports sport opinion opinions editorials editorial letters business markets money world "
    "politics local national international entertainment lifestyle life style travel tech technology science "
    "health culture arts books food autos cars jobs classifieds shopping deals most read popular commented "
    "trending share tweet email print comments skip content main navigation advertisement advertising "
    "sponsored more back top next previous contact about help privacy cookies terms settings description close "
    "toggle sections section topics tags view city guide pro premium photos photo gallery galleries multimedia "
    "events calendar nation region regional metro community blogs blog magazine careers feedback faq rss apps "
    "app download follow facebook twitter instagram youtube linkedin whatsapp telegram "
    # Spanish, Portuguese
    "inicio portada buscar búsqueda menú suscríbete suscribirse suscripción iniciar sesión registrarse noticias "
    "últimas última hora mundo deportes opinión economía política cultura sociedad espectáculos tecnología "
    "ciencia salud internacional nacional vídeos fotos vivo directo compartir contacto impresa clima "
    "início pesquisar entrar assine assinar notícias esportes opinião economia ciência saúde lidas "
    # German, French
    "startseite suche anmelden abmelden abonnieren abo nachrichten politik wirtschaft kultur wissen panorama "
    "meinung mehr wetter accueil rechercher recherche connexion s'abonner abonnez-vous abonnement actualités "
    "actualité monde économie politique sciences santé vidéos édition "
    # Greek
    "αρχική αναζήτηση ειδήσεις κόσμος αθλητικά πολιτική οικονομία απόψεις βίντεο σύνδεση εγγραφή μενού ροή "
    # language menus
    "english español français deutsch português italiano nederlands polski türkçe русский ελληνικά "
    "svenska norsk dansk suomi 日本語 简体中文 繁體中文 中文 한국어 العربية हिन्दी ภาษาไทย tiếng việt bahasa melayu "
    "filipino filippiiniläinen".split()
)
#: Language names of two words, matched as a whole line ("Bahasa Indonesia" in a language menu).
NAV_PHRASES = frozenset(["bahasa indonesia", "bahasa melayu", "tiếng việt", "português do brasil"])
#: Words that join menu items ("Puzzles + Games", "Arts & Culture") and carry no evidence either way.
NAV_NEUTRAL = frozenset("+ & and the of y e et und in to up out us my all".split())
#: A word of a menu line (letters or digits, inner apostrophes and hyphens kept).
NAV_TOKEN = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")
_BULLET = re.compile(r"^\s*[-\u2013\u2022\u00b7*>|]+(?:\s|$)")
# Lowercase words of Title Case headlines ("Pilots Fire Flares At Trawlers As Calder Closes"):
# a run of capitalised words without one of them is a list of section names.
_FUNCTION = frozenset("a an the of to in at as on for with and or by from is are was be after over into "
                      "amid says say not no new el la los las de del en y un una por con o os da do das dos "
                      "em no na der die das und im mit le les des du et au".split())
# Joining words that a menu item may hold ("Arts and Culture") but that, in a line with a
# headline's signs ("Opinion: Politics and money"), are words of a phrase, not of a menu.
_JOINING = frozenset("and the of y e et und".split())
# Frequent verbs of news headlines (auxiliaries and reporting verbs, EN/ES/PT/DE/FR): a menu has none.
_HEADLINE_VERBS = frozenset("is are was were be been will would can could may might must has have had says say "
                            "said warns warned falls fell rises rose hits wins won loses lost gets got faces "
                            "seeks plans vows urges calls es son fue será dice dijo está são foi diz ist sind "
                            "war wird sagt est sont été sera dit".split())
_COLON_LABEL = re.compile(r"[^\W_]\s*:\s+\S")
_QUOTES = re.compile(r"[\"\u201c\u201d\u2018\u00ab\u00bb]")
_HOST_NOISE = frozenset("www m amp mobile news com org net co uk es pt de fr gr br info html".split())


def site_words(url: str | None) -> frozenset[str]:
    """Casefolded words naming the site: the labels of the URL's host ("moneycontrol" from
    ``www.moneycontrol.com``, "calder" and "courier" from ``calder-courier.example``), without
    ``www``, ``com`` and the like. A page's declared site name is not used: pages often repeat
    the article's title there.

    >>> sorted(site_words("https://www.calder-courier.example/news/1.html"))
    ['calder', 'courier', 'example']
    """
    if not url:
        return frozenset()
    host = url_host(url, bare_host=True)
    return frozenset(label for label in re.split(r"[.-]", host.casefold()) if label and label not in _HOST_NOISE)


def has_headline_signs(text: str) -> bool:
    """True when ``text`` has a sign of a headline or sentence that a menu line lacks: a colon
    joining a label to more text ("Breaking news: markets fall"), quotation marks, a closing
    full stop, question or exclamation mark, a frequent headline verb (:data:`_HEADLINE_VERBS`:
    "is", "says", "falls"), or sentence case (a capitalised first word, then a lowercase word
    other than a joining word: "Breaking news ...", where menus are in Title Case or capitals).

    >>> has_headline_signs("Live: World Cup news"), has_headline_signs("News Sport Weather Opinion")
    (True, False)
    """
    if _COLON_LABEL.search(text) or _QUOTES.search(text) or text.rstrip().endswith((".", "!", "?")):
        return True
    words = NAV_TOKEN.findall(text)
    if any(w.casefold() in _HEADLINE_VERBS for w in words):
        return True
    return (len(words) >= 3 and words[0][:1].isupper() and not text.isupper()
            and any(w[:1].islower() and w.casefold() not in NAV_NEUTRAL for w in words[1:]))


def is_page_furniture(line: str, site: frozenset[str] = frozenset()) -> bool:
    """True when ``line`` is navigation, not a headline.

    Kinds (each a rule, no site's strings): a line with no letters (a rule, "11°"); a bullet
    menu item of at most four words ("- CITY GUIDE"); a line whose words are all, or (from four
    words on) at least three quarters, navigation words (:data:`NAV_WORDS`) or words of the
    site's name ("Explore", "Sign in", "Caldercourier PRO", "Today's Edition Search Latest News
    Listen Weather Obits ..."); and a list of section names: five or more capitalised
    words in Title Case (not all capitals) with no function word between them, at least half of
    them navigation words. A line with a headline's signs (:func:`has_headline_signs`: a colon
    after a label, quotation marks, a verb, a sentence's shape) is navigation only when every
    word, joining words such as "and" included, is a navigation word ("Opinion: Politics and
    money" is a headline, "Sign in" and "Most read" are menus).

    Args:
        line: one line of text.
        site: words of the site's name (:func:`site_words`).
    """
    text = line.strip()
    if not any(c.isalpha() for c in text):
        return True
    words = NAV_TOKEN.findall(text)
    if _BULLET.match(text) and len(words) <= 4:
        return True
    if " ".join(text.casefold().split()) in NAV_PHRASES:
        return True
    # "About | Media | Search | Contact": three or more short segments between bars, half of
    # them naming a page of the site ("Letters: Ferry fares | Quay repairs | ..." is a title)
    segments = [seg for seg in re.split(r"\\?\|", text) if seg.strip()]
    if len(segments) >= 3 and all(len(seg.split()) <= 3 for seg in segments):
        named = sum(any(w.casefold() in NAV_WORDS or w.casefold() in site for w in NAV_TOKEN.findall(seg)) for seg in segments)
        if named >= len(segments) / 2:
            return True
    folded = [w.casefold() for w in words]
    counted = [w for w in folded if w not in NAV_NEUTRAL]
    if not counted:
        return False
    nav = sum(1 for w in counted if w in NAV_WORDS or w in site)
    if _is_menu_run(text, words, nav, len(counted)):
        return True
    if has_headline_signs(text):
        # "Breaking news: markets fall", "Opinion: Politics and money": a menu only when every
        # word, joining words included, is a navigation word
        return all(w in NAV_WORDS or w in site for w in folded if w not in NAV_NEUTRAL - _JOINING)
    if nav == len(counted) or (len(counted) >= 4 and nav >= 0.75 * len(counted)):
        return True
    # An all-capitals line is a wire headline ("HOME SHOPPING <HSN> SETS STOCK OPTIONS"), not a menu.
    return (len(words) >= 5 and not text.isupper() and all(w[0].isupper() or w[0].isdecimal() for w in words)
            and not any(w in _FUNCTION for w in folded) and not re.search(r"[.!?:,;\"\u201c\u201d]", text)
            and nav >= len(counted) / 2)


#: Fewest words (joining words not counted) of a navigation bar read by :func:`_is_menu_run`.
MIN_MENU_RUN = 6


def _is_menu_run(text: str, words: list[str], nav: int, counted: int) -> bool:
    """A navigation bar flattened into one line: a run of short menu items, most of them opening
    with a capital, some of two words in sentence case ("Today's Paper Search Latest stories Listen
    Traffic Most commented Obits Weather"). Such items make the line look sentence-cased to
    :func:`has_headline_signs`, so it is told apart here: at least :data:`MIN_MENU_RUN` words,
    three quarters of them navigation words, at least three fifths capitalised, no function word
    (:data:`_FUNCTION`), no headline verb and no punctuation of a headline or sentence (colon,
    quotation marks, closing full stop). A headline of that length has function words or a verb."""
    if counted < MIN_MENU_RUN or nav < 0.75 * counted:
        return False
    if re.search(r"[:.!?;,\"\u201c\u201d\u00ab\u00bb]", text):
        return False
    folded = [w.casefold() for w in words]
    if any(w in _FUNCTION or w in _HEADLINE_VERBS for w in folded):
        return False
    return sum(1 for w in words if w[:1].isupper()) >= 0.6 * len(words)


def is_headline_like(line: str) -> bool:
    """True when ``line`` could be a headline: one line of 2 to 30 words, mostly letters, not a
    sentence ending in a full stop, not a byline ("By ..."), not a list item and not page furniture."""
    text = line.strip()
    words = text.split()
    if "\n" in text or not 2 <= len(words) <= 30 or text.endswith((".", ",", ";", ":")):
        return False
    if re.match(r"(?i)by\s", text) or _BULLET.match(text) or sum(c.isalpha() for c in text) < 0.5 * len(text):
        return False
    return not is_page_furniture(text)


#: Language names as language links print them, in English and as their own speakers write them
#: (a site's "Spanish" or "Español" link to its edition in that language).
LANGUAGE_NAMES = frozenset(
    "english spanish español espanol french français francais german deutsch portuguese português portugues "
    "italian italiano dutch nederlands polish polski turkish türkçe russian русский greek ελληνικά arabic "
    "العربية chinese 中文 japanese 日本語 korean 한국어 hindi हिन्दी persian فارسی indonesian indonesia "
    "ukrainian українська swedish svenska".split()
)
_LANGUAGE_LABEL = re.compile(r"^\s*([^\W\d_]+)\s+[-\u2013\u2014|]\s+(?=[\"\u201c\u2018']?[^\W\d_])")


def language_label_prefix(line: str) -> int:
    """Length of a language link glued before the text ("Spanish – Military officers who ..."),
    or ``0``: one language name (:data:`LANGUAGE_NAMES`), a spaced dash or bar, then a word
    starting with a capital. A page's link to its edition in another language, run into the
    first line when the page was flattened to text, is page furniture, not part of the headline
    or the sentence.

    >>> line = "Spanish \u2013 Port officials said on Monday"
    >>> line[language_label_prefix(line):]
    'Port officials said on Monday'
    >>> language_label_prefix("English \u2013 and French \u2013 schools reopen")
    0
    """
    m = _LANGUAGE_LABEL.match(line)
    if not m or m.group(1).casefold() not in LANGUAGE_NAMES:
        return 0
    rest = line[m.end():].lstrip("\"\u201c\u2018'")
    return m.end() if rest[:1].isupper() else 0


#: Host labels that name no site ("calder-courier.example"): never part of a site's name in a banner.
_RESERVED_LABELS = frozenset({"example", "invalid", "test", "localhost"})
_BANNER_BREAK = re.compile(r"\s{2,}|\s*[|\u00b7\u2022]\s*|\s+[-\u2013\u2014]\s+|\s+(?=[A-Z\u00c0-\u00de])")


def is_site_banner(line: str, site: frozenset[str], next_line: str, slug: list[str]) -> bool:
    """True when ``line`` is the site's name run into its slogan ("Northshore Daily  News you can count
    on", "Northshore Daily | Your region, every morning") above the headline ``next_line``.

    All of the evidence is needed, as a headline may open with the outlet's or its town's name
    ("Northshore Daily Editor Resigns", "Calder Council approves ..."): the line opens with the
    site's whole name (every word of the URL's host, two or more, or one host label of six letters or
    more), then ends or breaks (two spaces, a bar, a spaced dash or a capitalised word), with no colon
    and no sentence end; and the URL's title slug
    (:func:`newstrace.structure.headline.title_slug_words`) names the next line (half of its words
    there) and none of the line's. A new-user finding: with one headline under such a
    banner and a slug too short for :func:`newstrace.structure.headline.headline_below_furniture`,
    the banner was taken for the headline.

    Args:
        line: a line above the body.
        site: words of the site's name (:func:`site_words`).
        next_line: the next line, a paragraph of its own.
        slug: :func:`newstrace.structure.headline.title_slug_words` of the page's URL.

    >>> is_site_banner("Northshore Daily  News you can count on", frozenset({"northshore", "daily"}),
    ...                "Fire forces 1,800 from homes", ["brennick", "fire"])
    True
    >>> is_site_banner("Northshore Daily Editor Resigns", frozenset({"northshore", "daily"}),
    ...                "The editor left on Tuesday", ["editor", "resigns"])
    False
    """
    name = site - _RESERVED_LABELS
    text = line.strip()
    if not name or len(slug) < 2 or ":" in text or text.endswith((".", "!", "?")) or not is_headline_like(next_line):
        return False
    words, end = set(), 0
    for m in NAV_TOKEN.finditer(text):
        if text[end:m.start()].strip() or m.group(0).casefold() not in name:
            break
        words.add(m.group(0).casefold())
        end = m.end()
    if words != name or (len(name) == 1 and len(next(iter(name))) < 6):
        return False
    rest = text[end:]
    if rest.strip() and not _BANNER_BREAK.match(rest):
        return False
    return slug_match(next_line, slug) >= 0.5 and slug_match(rest, slug) == 0


#: How many leading lines may be skipped as furniture (a language menu lists a dozen or more).
MAX_FURNITURE_LINES = 30


def skip_leading_furniture(head_line: str, paragraphs: list[str], site: frozenset[str] = frozenset(),
                           titled: bool = False, url: str | None = None) -> tuple[str, list[str], list[str]]:
    """Set aside page furniture at the top of a document and choose the headline after it.

    The head line and the lines after it are read in order while they are page furniture
    (:func:`is_page_furniture`; a one-word label such as a section name "Venezuela" counts only
    when a headline-like line follows it), a newsletter prompt
    (:func:`newstrace.structure.residue.is_newsletter_prompt`) or a text generator's preamble
    (:func:`newstrace.structure.residue.is_rewrite_preamble`) or the site's banner above a headline
    (:func:`is_site_banner`). The first other line becomes the headline when it
    is headline-like (:func:`is_headline_like`); otherwise the document has no headline and
    that line opens the body, so no body text is ever taken for a title.

    Args:
        head_line: the document's first line (the headline candidate).
        paragraphs: the body paragraphs under it (a paragraph may hold several lines).
        site: words of the site's name (:func:`site_words`).
        titled: the head line is the title the page itself declares (an HTML page's ``h1`` or
            ``title``): it is then set aside only when its own words are navigation, never for
            naming the site ("The Calder Courier Blog") nor for being one word ("Indonesia").
        url: the page's URL, whose title slug tells a site banner (:func:`is_site_banner`).

    Returns:
        ``(head_line, paragraphs, furniture)``: unchanged, with ``furniture == []``, when the
        head line is not furniture; else the chosen headline (``""`` for none), the
        paragraphs after it (the rest of its own paragraph first) and the skipped lines.
    """
    if not head_line.strip():  # no headline line at all (a record without a title): nothing to skip
        return head_line, paragraphs, []
    lines = [(0, head_line)] + [(i + 1, ln) for i, p in enumerate(paragraphs) for ln in p.split("\n")]
    k = 0
    if titled:
        if not is_page_furniture(head_line):
            return head_line, paragraphs, []
        k = 1
    slug = [] if titled else title_slug_words(url)

    def next_line(k: int) -> str:
        """The next non-empty line where it is a paragraph of its own (a wrapped body's line is none)."""
        nxt = next(((p, ln) for p, ln in lines[k + 1:] if ln.strip()), None)
        if nxt is None or sum(1 for p, ln in lines if p == nxt[0] and ln.strip()) != 1 or is_metadata_line(nxt[1]):
            return ""
        return nxt[1]

    while k < min(len(lines), MAX_FURNITURE_LINES) and (
        not lines[k][1].strip() or is_page_furniture(lines[k][1], site)
        or is_newsletter_prompt(lines[k][1]) or is_rewrite_preamble(lines[k][1])
        or (len(lines[k][1].split()) == 1 and k + 1 < len(lines) and is_headline_like(lines[k + 1][1]))
        or (bool(slug) and is_site_banner(lines[k][1], site, next_line(k), slug))
    ):
        k += 1
    if k == 0:
        return head_line, paragraphs, []
    furniture = [ln.strip() for _, ln in lines[:k] if ln.strip()]
    if k == len(lines):
        return "", [], furniture
    para, line = lines[k]
    # The rest of the paragraph the chosen line sits in, then the paragraphs after it.
    same = [ln for p, ln in lines[k + 1:] if p == para]
    rest = paragraphs[para:]
    if is_headline_like(line):
        body = (["\n".join(same)] if same else []) + rest
        return line.strip(), [b for b in body if b.strip()], furniture
    body = ["\n".join([line, *same])] + rest
    return "", [b for b in body if b.strip()], furniture
