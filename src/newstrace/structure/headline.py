"""Headline: which line of the plain layout is the headline; section, site-name and date suffixes split off and kept.

"Title | World news", "Title | News from abroad | The Guardian", "Opinion | Title",
"Title — Linewatch" and "Title – 26/02/2019" all give "Title"; the removed parts are kept
as the headline suffix and, for a date, as a date mention.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from newstrace.sentences import sentence_ends
from newstrace.structure.dates import DateMention, find_dates
from newstrace.urls import url_path

_PIPE = re.compile(r"\s+[|\uff5c\u00a6]\s+|\s*[|\uff5c]\s*(?=[A-Z])")
_DASH = re.compile(r"\s+(?:[-\u2013\u2014\u2015]|--|::|\u00bb|\u00b7|\u2022)\s+")
_SEP_BEFORE_DATE = re.compile(r"(?:\s*(?:[-\u2013\u2014\u2015|,\u00b7\u2022]|--)\s*|\s+)$")
_CLOSING_QUOTE = ("\"", "\u201d", "\u2019", "'", "\u00bb")
_LOWER_OK = frozenset("of the and from in on at for to a an de la le du des del y".split())
#: Most words of a section segment between the title and a site name or date
#: ("| Noticias sobre a America Latina e as relacoes bilaterais | DW": 9); a longer one is text.
MAX_SECTION_WORDS = 14


@dataclass
class HeadlineParts:
    """A headline split into the title and what surrounded it.

    Attributes:
        headline: the title without suffixes.
        suffix: the removed text as written (``"| World news"``, ``"– 26/02/2019"``), or ``None``.
        segments: the removed section / site segments without separators (``["World news"]``).
        date: a date found in the suffix, or ``None``.
    """

    headline: str
    suffix: str | None = None
    segments: list[str] = field(default_factory=list)
    date: DateMention | None = None


def _words(text: str) -> int:
    return len(text.split())


#: A first line longer than this many words that ends like a sentence is a paragraph, not a headline.
MAX_HEADLINE_WORDS = 40
_SENTENCE_END = (".", "!", "?", '"', "\u201d")


def headline_line(text: str) -> str | None:
    """The first line of a plain-layout document when it is the headline, else ``None``.

    The plain layout puts the headline on the first line. There is none when the document
    starts with a blank line (a reader with no title writes the body after one), when it is
    blank, or when the first line is itself a long paragraph: over :data:`MAX_HEADLINE_WORDS`
    words and ending in sentence punctuation or a closing quotation mark. The one rule for
    the reader's headline-only check (:func:`newstrace.readers.text.headline_only`), the
    structure stage's split (:func:`newstrace.structure.split_document`) and the quotation-mark
    repair's paragraphs (:func:`newstrace.repair.quote_marks.paragraph_spans`), so the three
    agree on where the body starts.

    Args:
        text: the document; lines end in ``"\\n"`` (a ``"\\r"`` at the very start counts as a
            blank first line, as in a not yet normalised ``"\\r\\n"`` document).

    Returns:
        The first line as written (up to its ``"\\n"``, not stripped), or ``None``.

    >>> headline_line("Ferry service resumes\\n\\nThe ferry sailed at noon.")
    'Ferry service resumes'
    >>> headline_line("\\nThe ferry sailed at noon.") is None
    True
    """
    if text.startswith(("\n", "\r")) or not text.strip():
        return None
    head = text.split("\n", 1)[0]
    if len(head.split()) > MAX_HEADLINE_WORDS and head.rstrip().endswith(_SENTENCE_END):
        return None
    return head


def _is_site_like(segment: str, site_names: set[str]) -> bool:
    """A short, capitalised segment such as "Linewatch", "The Brackwater Courier" or "BBC News"."""
    if segment.casefold() in site_names:
        return True
    words = segment.split()
    if not 1 <= len(words) <= 4 or any(ch.isdecimal() for ch in segment):
        return False
    if re.search(r"\.[a-z]{2,4}$", segment):  # example.com
        return True
    return all(w[0].isupper() or w.lower() in _LOWER_OK for w in words) and words[0][0].isupper()


def _title_cased(text: str) -> bool:
    """True when every word longer than 3 letters starts with a capital (Title Case or CAPITALS)."""
    words = [w for w in re.findall(r"[^\W\d_][\w'\u2019-]*", text) if len(w) > 3]
    return bool(words) and all(w[0].isupper() for w in words)


def split_headline(line: str, site_names: set[str] | frozenset[str] = frozenset(), hint: str | None = None
                   ) -> HeadlineParts:
    """Split a headline line into title, suffix segments and date.

    Args:
        line: the first line of the document.
        site_names: known outlet / site names (any case) that may be removed wherever they end
            the headline.
        hint: the title as known from elsewhere (an HTML page's ``h1``), if any.

    Rules: a trailing date after a separator is a date suffix; with pipes the first segment
    is the title (or a later one at least twice as long, or the one equal to ``hint``) when
    every other segment has at most 8 words; when the segments end in a site name or a date
    ("Title | Section | Site | 24.08.2018") and the first has 3 words or more, it is the title
    and the others may have up to :data:`MAX_SECTION_WORDS` words; a segment after
    the last spaced dash is a site name when it is a known site name, or when it is short
    and capitalised while the title before it is in sentence case and does not end in a
    closing quotation mark (so '"We will fight" - Guaidó' and "OPEC FIRM - SUBROTO" keep
    their speakers).

    >>> split_headline("Injured, helpless and worried – 26/02/2019").date.local_iso()
    '2019-02-26'
    >>> split_headline('"We will not go back": drivers face a long detour | News from abroad').headline
    '"We will not go back": drivers face a long detour'
    >>> split_headline("How the old ferry clock lost an hour \u2014 Linewatch").headline
    'How the old ferry clock lost an hour'
    >>> split_headline("Storm hits the coast \u2014 again").headline
    'Storm hits the coast \u2014 again'
    """
    site_names = {s.casefold() for s in site_names}
    text = " ".join(line.split())
    parts = HeadlineParts(headline=text)
    after_title: list[str] = []

    # 1. A date at the very end, after a separator.
    dates = find_dates(text)
    if dates and dates[-1].end == len(text):
        sep = _SEP_BEFORE_DATE.search(text[: dates[-1].start])
        head = text[: sep.start()] if sep else text[: dates[-1].start]
        if sep and _words(head) >= 2 and sep.group(0).strip():
            parts.date = dates[-1]
            text = head.rstrip()

    # 2. Pipe-separated section and site names: the longest segment is the title.
    pieces = _PIPE.split(text)
    if len(pieces) > 1:
        hinted = [i for i, p in enumerate(pieces) if hint and p.casefold() == hint.casefold()]
        longest = max(range(len(pieces)), key=lambda i: _words(pieces[i]))
        # "Title | Section | Site [| date]": segments ending in a site name or a date are the
        # page's furniture, so the first segment is the title, however long the section's name.
        # A first segment of one or two words is a section label ("Opinion | ..."), not the title.
        furniture_tail = len(pieces) >= 3 and _words(pieces[0]) >= 3 and (
            parts.date is not None or _is_site_like(pieces[-1], site_names))
        # Else the first segment is the title unless a later one is at least twice as long
        # ("Opinion | Why the pier must stay"); a known title (the page's h1) settles it.
        if hinted:
            longest = hinted[0]
        elif furniture_tail or not (_words(pieces[longest]) >= 3 and _words(pieces[longest]) >= 2 * _words(pieces[0])):
            longest = 0
        others = [p for i, p in enumerate(pieces) if i != longest]
        most = MAX_SECTION_WORDS if furniture_tail and longest == 0 else 8
        if _words(pieces[longest]) >= 2 and all(_words(p) <= most for p in others):
            before = pieces[:longest]
            after = pieces[longest + 1:]
            parts.segments += before + after
            text = pieces[longest]

    # 3. A site name after the last spaced dash.
    while True:
        dashes = list(_DASH.finditer(text))
        if not dashes:
            break
        last = dashes[-1]
        head, tail = text[: last.start()], text[last.end():]
        known = tail.casefold() in site_names
        if _words(head) < 3 or head.rstrip().endswith(_CLOSING_QUOTE) or not _is_site_like(tail, site_names):
            break
        # A capitalised tail tells a site name only against a sentence-case title; in "OPEC
        # STICKING FIRM - SUBROTO" or "Trump Says No - Analysts" it names the source.
        if not known and _title_cased(head):
            break
        after_title.insert(0, tail)
        text = head

    parts.segments = after_title + parts.segments
    parts.headline = text.strip()
    original = " ".join(line.split())
    at = original.find(parts.headline)
    outside = [original[:at].strip(), original[at + len(parts.headline):].strip()] if at >= 0 else []
    if len(outside) == 2 and outside[0].endswith(("|", "\uff5c", "\u00a6")) and outside[1][:1] in "|\uff5c\u00a6":
        outside[1] = outside[1][1:].strip()  # "Opinion | Title | Site": one separator between them, not two
    parts.suffix = " ".join(x for x in outside if x) or None
    return parts


#: Words from which a first line ending in a full stop is the body's opening sentence, and the
#: fewer words that suffice when the body follows it on the next line with no blank line between.
LEAD_MIN_WORDS = 20
LEAD_MIN_WORDS_GLUED = 12


def is_lead_sentence(line: str, glued: bool = False) -> bool:
    """True when a document's first line is the body's opening sentence, not a headline.

    A headline is not the first sentence of the body: a line ending in a full stop (not an
    ellipsis) is a sentence of the body when it has at least :data:`LEAD_MIN_WORDS` words, or
    holds two sentences (:func:`newstrace.sentences.sentence_ends`: not after "Mr.", "U.S."
    before a name, an initial), or has at least :data:`LEAD_MIN_WORDS_GLUED` words and the body goes on
    in the next line with no blank line under it (a document written one paragraph per line,
    where the plain layout would put a blank line under a headline). Headlines are short and,
    in English and the Romance languages, seldom end in a full stop (e.g. "Floodwaters force
    thousands from homes"), while an excerpt that starts with the body starts with a sentence.

    Args:
        line: the candidate headline line.
        glued: whether the next line follows it without a blank line between.

    >>> is_lead_sentence("Storm hits the coast again")
    False
    >>> is_lead_sentence("The storm that hit the coast on Monday forced more than 3,000 people from "
    ...                  "their homes in the low-lying districts of the port.")
    True
    """
    text = " ".join(line.split()).rstrip("\"\u201d\u2019' ")
    if not text.endswith(".") or text.endswith(("..", "\u2026")):
        return False
    words = len(text.split())
    two = bool(sentence_ends(text))  # the same sentence rules as provenance tracing (newstrace.sentences)
    return words >= LEAD_MIN_WORDS or two or (glued and words >= LEAD_MIN_WORDS_GLUED)


_SLUG_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
# Function words carry no title evidence (English, Spanish, Portuguese, French).
_SLUG_STOP = frozenset("the and for with from that this are was were who how its has have not but "
                       "los las del que por para una com dos das nos uma les des une est pour".split())
#: Lines above the headline that may be page furniture (site name, menu, notices).
MAX_LEADING_LINES = 6


def slug_words(url: str | None) -> list[str]:
    """The content words of a URL's title slug: the path segment with the most hyphen- or
    underscore-separated words (``/2019/03/10/rotting-food-and-patients/`` gives
    ``["rotting", "food", "patients"]``), casefolded, without words of one or two letters
    and function words; ``[]`` when no segment has three such words (ids, dates,
    ``article.html``).

    >>> slug_words("https://example.invalid/world/2019/03/10/storm-hits-the-coast-again_story.html?x=1")
    ['storm', 'hits', 'coast', 'again', 'story']
    """
    if not url:
        return []
    path = url_path(url)
    best: list[str] = []
    for segment in path.split("/"):
        segment = _without_extension(segment)
        if segment.count("-") + segment.count("_") < 2:
            continue
        words = _segment_words(segment)
        if len(words) > len(best):
            best = words
    return best if len(best) >= 3 else []


def title_slug_words(url: str | None) -> list[str]:
    """Content words of the last hyphenated segment of a URL's path, two at least (``/2025/05/14/brennick-fire``
    gives ``["brennick", "fire"]``), read as :func:`slug_words` reads them but from two words on; ``[]``
    without such a segment.

    >>> title_slug_words("https://northshore-daily.example.net/2025/05/14/brennick-fire")
    ['brennick', 'fire']
    """
    if not url:
        return []
    for segment in reversed(url_path(url, bare_host=True).split("/")):
        segment = _without_extension(segment)
        if "-" in segment or "_" in segment:
            words = _segment_words(segment)
            return words if len(words) >= 2 else []
    return []


def _without_extension(segment: str) -> str:
    """A path segment without its file extension ("story.html" -> "story")."""
    return re.sub(r"\.[A-Za-z0-9]{2,5}$", "", segment)


def _segment_words(segment: str) -> list[str]:
    """The content words of one slug segment: casefolded, of three letters or more, no function word."""
    words = [w.casefold() for w in _SLUG_WORD.findall(segment.replace("_", "-"))]
    return [w for w in words if len(w) > 2 and w not in _SLUG_STOP]


def slug_match(line: str, slug: list[str]) -> float:
    """Share (0-1) of the slug's words found in ``line`` (casefolded word sets)."""
    if not slug:
        return 0.0
    words = {w.casefold() for w in _SLUG_WORD.findall(line)}
    return sum(1 for w in slug if w in words) / len(slug)


def headline_below_furniture(head_line: str, paragraphs: list[str], url: str | None) -> int:
    """How many leading paragraphs sit above the real headline, as told by the page URL.

    Scraped excerpts often start with page furniture (a site name run into its slogan, a
    menu, "Explore") above the title. The URL's title slug names the title: when one of the
    first :data:`MAX_LEADING_LINES` paragraphs (a single line of at most 30 words) holds at
    least 60% of the slug's content words (80% for a line ending in a full stop) and the
    first line at most 30%, that paragraph is the
    headline. Without a title slug in the URL nothing moves, so text is never dropped on a
    guess.

    Returns:
        ``k >= 1`` when ``paragraphs[k - 1]`` is the headline (``head_line`` and
        ``paragraphs[:k - 1]`` are furniture), else ``0``.

    >>> headline_below_furniture("The Courier Your town daily",
    ...     ["Storm hits the coast again", "Body."], "https://example.invalid/storm-hits-the-coast-again")
    1
    """
    slug = slug_words(url)
    if not slug or slug_match(head_line, slug) > 0.3:
        return 0
    for k, para in enumerate(paragraphs[:MAX_LEADING_LINES], start=1):
        if "\n" in para or len(para.split()) > 30:
            continue
        # A lead sentence shares the slug's words too: a full stop at the end asks for more.
        if slug_match(para, slug) >= (0.8 if para.rstrip().endswith(".") else 0.6):
            return k
    return 0
