"""Text units for provenance tracing: sentences, normalised tokens, numbers and name anchors.

Everything here is cheap (regular expressions, a transliteration table and wordfreq look-ups),
so it runs on ``Article.text`` alone, before or without the NLP stage.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from wordfreq import zipf_frequency

# Sentence rules live in newstrace.sentences (shared with the structure stage); re-exported here.
from newstrace.sentences import sentence_ends, split_sentences  # noqa: F401

# Greek and Cyrillic to Latin, letter by letter (ISO 843 / ISO 9 simplified), so that names in a
# Greek or Russian translation ("Μαδούρο", "Мадуро") meet their Latin forms ("Maduro").
_TRANSLIT = {
    **dict(zip("αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰ",
               ["a", "v", "g", "d", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s",
                "t", "u", "f", "ch", "ps", "o", "s", "a", "e", "i", "i", "o", "u", "o", "i", "u", "i", "u"])),
    **dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґ",
               ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "i", "k", "l", "m", "n", "o", "p", "r", "s",
                "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya", "i", "i", "e", "g"])),
}
# Greek digraphs that spell Latin vowels ("ου" = "u", "Γκ" = "G").
_GREEK_DIGRAPHS = (("ου", "u"), ("ού", "u"), ("μπ", "b"), ("ντ", "d"), ("γκ", "g"), ("αι", "e"), ("ει", "i"))

_TOKEN = re.compile(r"\w+(?:[.,’'-]\w+)*", re.UNICODE)
_QUOTED = re.compile(r"[\"“”«»]([^\"“”«»]{3,}?)[\"“”«»]")
_THOUSANDS = re.compile(r"^\d{1,3}(?:[.,]\d{3})+$")
_DECIMAL = re.compile(r"^\d+[.,]\d+$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")

#: Number words that copies and translations swap with digits ("three" = "tres" = "3").
NUMBER_WORDS: dict[str, int] = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "hundred": 100, "thousand": 1000, "dozen": 12, "dozens": 12,
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
    "veinte": 20, "treinta": 30, "cien": 100, "cientos": 100, "mil": 1000, "setecientos": 700,
    "trescientos": 300, "quatro": 4, "três": 3, "duas": 2, "dez": 10, "cem": 100,
}
#: Month and weekday names (EN/ES/PT): a number next to a month is a date, and a swapped weekday
#: is a date change, not a name change.
DATE_WORDS = frozenset(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo", "janeiro", "fevereiro", "marco", "maio", "junho", "julho", "setembro", "outubro", "novembro", "dezembro"]
)
#: Words that negate a clause (English, Spanish, Portuguese); a quote whose count of these
#: changes parity between origin and copy has had its meaning inverted.
NEGATIONS = frozenset(
    ["not", "no", "never", "nothing", "none", "nobody", "neither", "nor", "cannot", "can't", "don't", "doesn't", "didn't", "won't", "isn't", "wasn't", "aren't", "weren't", "haven't", "hasn't", "hadn't", "shouldn't", "wouldn't", "couldn't", "n't", "nunca", "nada", "nadie", "ningún", "ninguna", "tampoco", "não", "nem"]
)


def has_diacritic(token: str) -> bool:
    """True when a letter of ``token`` carries a combining mark ("ó"), not for curly apostrophes and the like."""
    return not token.isascii() and any(unicodedata.category(c) == "Mn" for c in unicodedata.normalize("NFD", token))


def languages_differ(a, b) -> bool:
    """True when two articles' languages are both known and differ (a translation, not a copy in one language).

    Args:
        a, b: objects with a ``language`` attribute (ISO 639 code or None), such as Articles.
    """
    la, lb = getattr(a, "language", None), getattr(b, "language", None)
    return bool(la and lb and la != lb)


#: Personal pronouns by gender or animacy: a translation through a language that marks gender
#: differently swaps them ("his niece" -> "her niece", "he describes" -> "it describes").
PRONOUN_CLASS = {"he": "m", "him": "m", "his": "m", "himself": "m", "she": "f", "her": "f", "hers": "f",
                 "herself": "f", "it": "n", "its": "n", "itself": "n"}


def is_inflection(x: str, y: str) -> bool:
    """True when one folded word is the other inflected or derived: the longer (by a suffix) starts
    with the shorter less its last letter ("motor"/"motors", "europe"/"european", "colombia"/"colombian");
    two words of one length ("torres"/"torrez") are not.

    >>> is_inflection("motor", "motors"), is_inflection("europe", "european"), is_inflection("torres", "torrez")
    (True, True, False)
    """
    short, long_ = sorted((x, y), key=len)
    if len(short) == len(long_):
        return False
    return long_.startswith(short[:-1]) if len(short) > 3 else long_.startswith(short)


def is_abbreviation(x: str, y: str) -> bool:
    """True when one word is an abbreviation of the other: at most four letters (a final point
    ignored), the other's first letter, all its letters in the other in order, and the other at least
    twice as long ("Sgt"/"Sergeant", "Gov."/"Governor", "Feb"/"February"). Case is ignored.

    >>> is_abbreviation("Sgt", "Sergeant"), is_abbreviation("Lt.", "Lieutenant"), is_abbreviation("Ann", "Anton")
    (True, True, False)
    """
    short, long_ = sorted((x.lower().rstrip("."), y.lower().rstrip(".")), key=len)
    if not 2 <= len(short) <= 4 or len(long_) < 2 * len(short) or short[0] != long_[0]:
        return False
    rest = iter(long_[1:])
    return all(ch in rest for ch in short[1:])


@lru_cache(maxsize=500_000)
def fold(token: str) -> str:
    """Casefold, strip accents and transliterate Greek/Cyrillic to Latin: ``"Guaidó"`` -> ``"guaido"``.

    Args:
        token: one word (any script).

    Returns:
        The folded form (str); unchanged characters outside the tables are kept.
    """
    t = token.casefold().replace("\u2019", "'")
    if any("\u0370" <= c <= "\u04ff" for c in t):
        for a, b in _GREEK_DIGRAPHS:
            t = t.replace(a, b)
        t = "".join(_TRANSLIT.get(c, c) for c in t)
    t = unicodedata.normalize("NFKD", t)
    return "".join(c for c in t if not unicodedata.combining(c))


def number_value(token: str) -> str | None:
    """Canonical string of a number token: ``"1,480"`` -> ``"1480"``, ``"0,20"`` -> ``"0.2"``, ``"three"`` -> ``"3"``.

    Returns ``None`` for a token that is not a number.
    """
    low = token.casefold()
    if low in NUMBER_WORDS:
        return str(NUMBER_WORDS[low])
    if not token[:1].isdigit():
        return None
    t = token.rstrip(".,")
    if _THOUSANDS.match(t):
        return t.replace(",", "").replace(".", "")
    if _DECIMAL.match(t):
        v = float(t.replace(",", "."))
        return f"{v:g}"
    if t.isdigit():
        return str(int(t))
    return None


@lru_cache(maxsize=200_000)
def zipf(word: str) -> float:
    """English word frequency on the Zipf scale (wordfreq, 0 = unseen, 7+ = "the"); cached."""
    return zipf_frequency(word, "en")


@lru_cache(maxsize=256)
def wordfreq_language(language: str | None) -> str:
    """The wordfreq word list to use for ``language``: itself when wordfreq has it, the same
    language under another code or script ("no" -> "nb", "sr" -> "sh", "pt-BR" -> "pt"; langcodes
    distance at most 10), else English; English also where wordfreq cannot look words up without an
    optional tokenizer package (:func:`_lookup_works`: Japanese, Korean, Chinese, Thai).

    wordfreq itself falls back to any language within distance 60 with a warning on standard
    error ("pcm" -> "en", "la" -> "it", "eu" -> "es"), so it is never asked for one it lacks.

    Args:
        language: a BCP 47 / ISO 639 code, or ``None``.

    Returns:
        A code in ``wordfreq.available_languages()`` (str).
    """
    import langcodes
    import wordfreq

    available = wordfreq.available_languages()
    if not language:
        return "en"
    if language in available:
        return language if _lookup_works(language) else "en"
    try:
        best, _ = langcodes.closest_match(language, list(available), max_distance=10)
    except (ValueError, LookupError):  # not a well-formed language tag
        return "en"
    return best if best in available and _lookup_works(best) else "en"


@lru_cache(maxsize=256)
def _lookup_works(code: str) -> bool:
    """Whether wordfreq can look a word up in ``code`` here: Japanese and Korean need MeCab and
    Chinese jieba (optional packages wordfreq imports on first use), and Thai has no tokenizer;
    without them a lookup raises, which took a Japanese article's fingerprint down with it."""
    import wordfreq

    try:
        wordfreq.zipf_frequency("\u6771\u4eac", code)  # two CJK characters: makes wordfreq tokenize
    except (ImportError, LookupError):
        return False
    return True


@lru_cache(maxsize=400_000)
def zipf_in(word: str, language: str | None) -> float:
    """Word frequency on the Zipf scale in ``language`` (wordfreq), in the list :func:`wordfreq_language` picks; cached."""
    return zipf_frequency(word, wordfreq_language(language))




def tokens(text: str) -> list[str]:
    """Word tokens as written (numbers with separators stay one token: ``"1,480"``)."""
    return _TOKEN.findall(text)


def quoted_spans(text: str) -> list[str]:
    """Quoted passages (straight, curly or guillemet marks) of three characters or more."""
    return [m.group(1).strip() for m in _QUOTED.finditer(text)]


def number_weight(value: str) -> float:
    """Weight of a number as retrieval evidence: specific numbers (1,480; 12.5) count more than round ones (100) or years."""
    if _YEAR.match(value):
        return 0.3
    digits = value.replace(".", "").lstrip("0").rstrip("0")
    if len(value.replace(".", "")) <= 1:
        return 0.0
    return {0: 0.0, 1: 0.3, 2: 0.6}.get(len(digits), 1.0)


def name_weight(folded: str) -> float:
    """Weight of a capitalised word as retrieval evidence, from its English Zipf frequency (rarer = more)."""
    return min(1.0, max(0.0, (5.5 - zipf(folded)) / 3.0))


@dataclass
class Sentence:
    """One sentence with the token views used by alignment.

    Attributes:
        text: the sentence as written.
        words: folded word tokens (list[str]).
        numbers: canonical number values in order (list[str]).
        names: folded capitalised words not at sentence start, plus sentence-initial ones that
            are rare words (list[str], in order).
        stems: 5-character prefixes of folded words of 4+ letters (cognates across languages).
        anchors: names and numbers (``"#"`` + value) in reading order.
        quote_share: share of the sentence's characters inside quotation marks (0..1).
        raw: the word tokens as written, parallel to ``words``.
        quoted: per word token, True when it stands inside quotation marks (a quotation may open in
            an earlier sentence of the paragraph), parallel to ``words``.
    """

    text: str
    words: list[str] = field(default_factory=list)
    numbers: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    stems: list[str] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)
    quote_share: float = 0.0
    raw: list[str] = field(default_factory=list)
    quoted: list[bool] = field(default_factory=list)

    @property
    def word_set(self) -> set[str]:
        """Distinct folded words (cached)."""
        ws = self.__dict__.get("_word_set")
        if ws is None:
            ws = self.__dict__["_word_set"] = set(self.words)
        return ws

    @property
    def anchor_view(self) -> set[str]:
        """Names (5-letter stems), numbers (``#`` + value) and ``~``-prefixed stems, for cross-lingual similarity (cached)."""
        v = self.__dict__.get("_anchor_view")
        if v is None:
            v = {x[:5] if not x.startswith("#") else x for x in self.anchors} | {"~" + st for st in self.stems}
            self.__dict__["_anchor_view"] = v
        return v


#: A straight double quote between a letter and a contraction or possessive ending ("China"s",
#: "I"m", "don"t"): an apostrophe damaged in transcoding (Reuters-21578 has about a hundred), which
#: would otherwise open a quotation that runs to the end of the paragraph.
_DAMAGED_APOSTROPHE = re.compile(r'(?<=[^\W\d_])"(?:s|t|m|d|re|ve|ll)\b')
_OPEN_QUOTES = "\"“«„"
_CLOSE_QUOTES = "\"”»“"


def quote_mask(line: str) -> list[bool]:
    """Per character of one paragraph, True inside a quotation (the marks themselves excluded).

    State is carried across sentences, so the second sentence of a multi-sentence quotation
    counts as quoted; an unclosed quotation runs to the end of the paragraph (the newspaper
    convention of re-opening it in the next paragraph). Straight ``"`` toggles; ``“ « „`` open and
    ``” » “`` close; a ``”`` after a space opens (Swedish and Finnish style). A straight ``"`` between
    a letter and a possessive or contraction ending (``China"s``, ``I"m``) is a damaged apostrophe
    and changes nothing.
    """
    mask, inside = [False] * len(line), False
    for k, c in enumerate(line):
        if c == '"' and _DAMAGED_APOSTROPHE.match(line, k):
            mask[k] = inside  # "China"s", "I"m": an apostrophe typed as a double quote, not a quotation mark
        elif inside and c in _CLOSE_QUOTES:
            inside = False
        elif not inside and (c in _OPEN_QUOTES or (c == "”" and (k == 0 or line[k - 1].isspace()))):
            inside = True
        else:
            mask[k] = inside
    return mask


def analyse_sentence(text: str, mask: list[bool] | None = None) -> Sentence:
    """Build a :class:`Sentence` from raw sentence text (see its attributes).

    Args:
        text: the sentence.
        mask: per character, inside a quotation (:func:`quote_mask`); computed from ``text`` alone when None.
    """
    if mask is None or len(mask) != len(text):
        mask = quote_mask(text)
    s = Sentence(text=text)
    ms = list(_TOKEN.finditer(text))
    toks = [m.group(0) for m in ms]
    s.raw = toks
    s.quoted = [mask[m.start()] for m in ms]
    s.quote_share = sum(mask) / max(1, len(text))
    for i, tok in enumerate(toks):
        f = fold(tok)
        s.words.append(f)
        num = number_value(tok)
        if num is not None:
            s.numbers.append(num)
            s.anchors.append("#" + num)
            continue
        # a capitalised word is a name unless it opens the sentence and is a common word
        if tok[:1].isupper() and len(f) >= 3 and not f.isdigit() and (i > 0 or zipf(f) < 4.0):
            s.names.append(f)
            s.anchors.append(f)
        if len(f) >= 4 and f.isalpha():
            s.stems.append(f[:5])
    return s


def analyse_text(text: str) -> list[Sentence]:
    """Split ``text`` into sentences (as :func:`split_sentences`) and analyse each, with quotations
    tracked across the sentences of a paragraph (:func:`quote_mask`)."""
    out: list[Sentence] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        mask = quote_mask(line)
        start = 0
        bounds = [*sentence_ends(line), len(line)]
        for end in bounds:
            seg = line[start:end]
            lead = len(seg) - len(seg.lstrip())
            sent = seg.strip()
            if sent:
                out.append(analyse_sentence(sent, mask[start + lead : start + lead + len(sent)]))
            start = end
    return out
