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
# Chinese and Japanese write no space between words, so a run of \w is a whole clause
# ("死者は37人に達した"). Such a run is cut into what the rest of this module can count: a figure with
# the Han character after it (a counter, scale or date part: "37人", "120万", "2019年", as
# newstrace.provenance.figures reads them), a katakana run (a loanword or foreign name, "ミズノ"),
# one Han or hiragana character, and a run of other letters (Latin, "GDP"). Korean (Hangul) writes
# spaces between words and is left alone.
_HAN = "\u3005-\u3007\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_HIRAGANA = "\u3041-\u309f"
_KATAKANA = "\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f"  # not the middle dot "・"
_CJK_CHAR = re.compile(f"[{_HAN}{_HIRAGANA}{_KATAKANA}]")
_HANGUL = "\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"
_CJK_OR_HANGUL = re.compile(f"[{_HAN}{_HIRAGANA}{_KATAKANA}{_HANGUL}]")
_CJK_PIECE = re.compile(
    f"\\d+(?:[.,]\\d+)*[{_HAN}]?|[{_KATAKANA}]+|[{_HAN}{_HIRAGANA}]|(?:(?![{_HAN}{_HIRAGANA}{_KATAKANA}])[^\\W\\d_])+"
)
#: One Han or hiragana character: a token of Chinese or Japanese text, paired with its neighbours
#: (:func:`cjk_pairs`) where other languages' words are compared.
_CJK_SINGLE = re.compile(f"^[{_HAN}{_HIRAGANA}]$")
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
#: Number words of other languages, read as figures only in a text of that language
#: (:func:`analyse_sentence`'s ``language``): "sept" is September's abbreviation in English, "cent"
#: a coin, "elf" a creature, "tre" and "sei" other words in other languages. A French translation of
#: an English story wrote its figures in words ("sept morts", "onze véhicules") and shared too few
#: with its origin to be linked (a new-user test).
LANGUAGE_NUMBER_WORDS: dict[str, dict[str, int]] = {
    "fr": {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
           "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16, "vingt": 20,
           "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100, "mille": 1000},
    "de": {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10,
           "elf": 11, "zwölf": 12, "zwanzig": 20, "dreißig": 30, "hundert": 100, "tausend": 1000},
    "it": {"due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10,
           "undici": 11, "dodici": 12, "venti": 20, "trenta": 30, "cento": 100, "mille": 1000},
    "es": {"once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "cuarenta": 40, "cincuenta": 50},
    "pt": {"cinco": 5, "seis": 6, "sete": 7, "oito": 8, "nove": 9, "onze": 11, "doze": 12, "quinze": 15,
           "vinte": 20, "trinta": 30, "mil": 1000},
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
    with the shorter, or with the shorter less a final vowel or "y" that the suffix replaces ("motor"/"motors",
    "europe"/"european", "colombia"/"colombian", "italy"/"italian"); two words of one length
    ("torres"/"torrez") are not, nor a word whose final consonant changed ("polis"/"police": a new-user
    test's "Polis" -> "cops" went unreported because "police" stood in the sentence).

    >>> is_inflection("motor", "motors"), is_inflection("europe", "european"), is_inflection("torres", "torrez")
    (True, True, False)
    >>> is_inflection("italy", "italian"), is_inflection("polis", "police")
    (True, False)
    """
    short, long_ = sorted((x, y), key=len)
    if len(short) == len(long_):
        return False
    if long_.startswith(short):
        return True
    return len(short) > 3 and short[-1] in "aeiouy" and long_.startswith(short[:-1])


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


#: British and American spellings of one word, written one way for comparison (US -> one form):
#: "neighbours"/"neighbors", "centre"/"center", "organise"/"organize", "analyse"/"analyze",
#: "catalogue"/"catalog", "defence"/"defense", "travelled"/"traveled".
_SPELLING = ((re.compile(r"our(?=s?$|ed$|ing$|ite|hood|ly$)"), "or"), (re.compile(r"([^aeiou])re(s?|d)$"), r"\1er\2"),
             (re.compile(r"is(e|ed|es|ing|ation|ations)$"), r"iz\1"), (re.compile(r"ys(e|ed|es|ing)$"), r"yz\1"),
             (re.compile(r"ogue(s?)$"), r"og\1"), (re.compile(r"ence$"), "ense"), (re.compile(r"ll(ed|ing|er)$"), r"l\1"))


def _american(word: str) -> str:
    for pattern, repl in _SPELLING:
        word = pattern.sub(repl, word)
    return word


def is_spelling_variant(x: str, y: str) -> bool:
    """True when two different words are one word in British and American spelling (case ignored).

    >>> is_spelling_variant("neighbours", "neighbors"), is_spelling_variant("Center", "centre")
    (True, True)
    >>> is_spelling_variant("Gurien", "Guerin"), is_spelling_variant("more", "mor")
    (False, False)
    """
    a, b = x.lower(), y.lower()
    return a != b and len(a) >= 4 and len(b) >= 4 and _american(a) == _american(b)


def is_acronym_of(short: str, words: list[str]) -> bool:
    """True when ``short`` (dots allowed: "U.S.") spells the initials of the capitalised ``words``
    ("USGS" / "U.S. Geological Survey", "US" / "United States", "UN" / "United Nations"), where the
    words' own dotted initials ("U.S.") count letter by letter and "of", "the", "and", "for" are left out.

    >>> is_acronym_of("USGS", ["U.S.", "Geological", "Survey"]), is_acronym_of("US", ["United", "States"])
    (True, True)
    >>> is_acronym_of("USA", ["United", "States"])
    False
    """
    letters = short.replace(".", "")
    if not (2 <= len(letters) <= 6 and letters.isalpha() and letters.isupper()) or len(words) < 2:
        return False
    initials = ""
    for w in words:
        if w.lower() in ("of", "the", "and", "for", "&"):
            continue
        if not w[:1].isupper():
            return False
        initials += w.replace(".", "") if re.fullmatch(r"[A-Z](?:\.[A-Z])+\.?", w) else w[0]
    return initials == letters


@lru_cache(maxsize=500_000)
def fold(token: str) -> str:
    """Casefold, strip accents and transliterate Greek/Cyrillic to Latin: ``"Guaidó"`` -> ``"guaido"``.

    A token with Chinese, Japanese or Korean letters is only NFKC-normalised (full-width digits and
    letters narrowed), so that kana keep their voicing marks ("が" is not "か") and Hangul syllables
    are not decomposed into jamo.

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
    if not t.isascii() and _CJK_OR_HANGUL.search(t):
        return unicodedata.normalize("NFKC", t)
    t = unicodedata.normalize("NFKD", t)
    return "".join(c for c in t if not unicodedata.combining(c))


#: Han and Hangul characters after a figure that make it a date or time part (year, month, day,
#: hour, minute, second; as :data:`newstrace.provenance.figures._CJK_DATE` reads them): no number.
_CJK_DATE_PARTS = frozenset("年月日時点分秒년월일시분초")
#: Myriad and thousand scales after a figure, with their powers of ten ("120万" is 1,200,000).
_CJK_SCALES = {"千": 3, "천": 3, "万": 4, "萬": 4, "만": 4, "億": 8, "亿": 8, "억": 8, "兆": 12, "조": 12}
#: A figure at the head of a token, then a Han, kana or Hangul letter: its counter, scale or date
#: part, and in Korean the particles after them ("37人", "120万", "37명이", "2019년").
_CJK_FIGURE = re.compile(f"(\\d+(?:[.,]\\d+)*)([{_HAN}{_HIRAGANA}{_KATAKANA}{_HANGUL}])")


def number_value(token: str) -> str | None:
    """Canonical string of a number token: ``"1,480"`` -> ``"1480"``, ``"0,20"`` -> ``"0.2"``, ``"three"`` -> ``"3"``.

    A Chinese, Japanese or Korean figure token (:func:`token_spans`; Korean words carry particles)
    is read with its counter or scale: ``"37人"`` and ``"37명이"`` -> ``"37"``, ``"120万"`` ->
    ``"1200000"``; a date part (``"2019年"``, ``"23日"``, ``"3월"``) is none, as the date reader
    takes it (:mod:`newstrace.provenance.figures`).

    Returns ``None`` for a token that is not a number.
    """
    low = token.casefold()
    if low in NUMBER_WORDS:
        return str(NUMBER_WORDS[low])
    if not token[:1].isdecimal():  # not isdigit(): superscripts and circled digits ("³", "①") are no figures
        return None
    if not token.isascii() and (m := _CJK_FIGURE.match(token)):
        unit = m.group(2)
        if unit in _CJK_DATE_PARTS:
            return None
        v = number_value(m.group(1))
        power = _CJK_SCALES.get(unit)
        if v is None or power is None:
            return v
        from newstrace.provenance.figures import scaled_value  # figures imports this module

        return scaled_value(v, power)
    t = token.rstrip(".,")
    t = ungrouped(t)  # spaced thousands ("12 500", "1 450 000,5"): one figure
    if _THOUSANDS.match(t):
        return t.replace(",", "").replace(".", "")
    if _DECIMAL.match(t):
        v = float(t.replace(",", "."))
        return f"{v:g}"
    if t.isdecimal():
        return str(int(t))
    return None


#: A figure joined by a hyphen to a word ("29-year-old", "10-day", "3.5-metre"); not "3-1" or "2019-03".
#: It is a number anchor of its sentence (a translation writes it apart: "berusia 29 tahun"), while
#: the token stays a word for :func:`number_value` and the figure readers, which show it whole.
_NUMBER_COMPOUND = re.compile(r"(\d+(?:[.,]\d+)?)-[^\W\d_]")


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




def token_spans(text: str) -> list[tuple[int, str]]:
    """Word tokens as written, with their start offsets in ``text``.

    Runs of ``\\w`` (numbers with separators stay one token: ``"1,480"``); a run holding Chinese or
    Japanese characters is cut into a figure with the Han character after it, a katakana run, one
    Han or hiragana character, or a run of other letters (``"死者は37人"`` -> ``死 者 は 37人``), as
    segmenting by character is the usual unit for text reuse in these scripts where no word
    segmenter (MeCab, jieba) is installed. Text without such characters is tokenised as before.

    >>> [t for _, t in token_spans("Xi (习近平) said 死者は37人")]
    ['Xi', '习', '近', '平', 'said', '死', '者', 'は', '37人']
    """
    out: list[tuple[int, str]] = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if tok.isascii() or not _CJK_CHAR.search(tok):
            out.append((m.start(), tok))
        else:
            out.extend((m.start() + p.start(), p.group(0)) for p in _CJK_PIECE.finditer(tok))
    return out


def tokens(text: str) -> list[str]:
    """Word tokens as written (:func:`token_spans` without the offsets)."""
    if text.isascii() or not _CJK_CHAR.search(text):
        return _TOKEN.findall(text)
    return [t for _, t in token_spans(text)]


def is_cjk_single(token: str) -> bool:
    """True for a token that is one Han or hiragana character (:func:`token_spans`)."""
    return len(token) == 1 and not token.isascii() and _CJK_SINGLE.match(token) is not None


def cjk_pairs(spans: list[tuple[int, str]], words: list[str]) -> list[str]:
    """Character bigrams of the Chinese and Japanese runs of a sentence: each pair of single-character
    tokens (:func:`is_cjk_single`) that stand side by side, folded (``words``), in order.

    A single character says little ("的", "の"), while two in a row approximate a word: overlapping
    character bigrams are the usual index unit for Chinese and Japanese text without a word
    segmenter (Kwok, "Comparing representations in Chinese information retrieval", SIGIR 1997).

    Args:
        spans: the sentence's :func:`token_spans`.
        words: the folded tokens, parallel to ``spans``.

    Returns:
        ``words[k] + words[k + 1]`` for adjacent single characters (list[str]); empty for text with none.
    """
    out = []
    for k in range(len(spans) - 1):
        (i, t), (j, u) = spans[k], spans[k + 1]
        if j == i + 1 and is_cjk_single(t) and is_cjk_single(u):
            out.append(words[k] + words[k + 1])
    return out


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
        pairs: character bigrams of the sentence's Chinese and Japanese runs (:func:`cjk_pairs`, a
            tuple), which stand in for its words in :attr:`word_set`; empty for other scripts.
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
    pairs: tuple[str, ...] = ()

    @property
    def word_set(self) -> set[str]:
        """Distinct folded words (cached); in Chinese and Japanese, the character bigrams of
        :attr:`pairs` stand for the single characters they join (a character alone stays)."""
        ws = self.__dict__.get("_word_set")
        if ws is None:
            ws = set(self.words)
            if self.pairs:
                joined = {c for p in self.pairs for c in p}
                ws = {w for w in ws if w not in joined or not is_cjk_single(w)} | set(self.pairs)
            self.__dict__["_word_set"] = ws
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


def _wide_number(token: str) -> str | None:
    """:func:`number_value`, and for a Chinese, Japanese or Korean date part its figure ("2019年" ->
    "2019", "23日" -> "23"): an anchor, as "2019" and "23" are in English, though no figure."""
    num = number_value(token)
    if num is None and token[:1].isdecimal() and (m := _CJK_FIGURE.match(token)):
        return number_value(m.group(1))
    return num


class _Span:
    """A token spanning several :data:`_TOKEN` matches (a figure written with spaced thousands), with the
    two methods of ``re.Match`` that :func:`analyse_sentence` reads."""

    __slots__ = ("_start", "_text")

    def __init__(self, start: int, text: str) -> None:
        self._start, self._text = start, text

    def start(self) -> int:
        return self._start

    def group(self, _k: int = 0) -> str:
        return self._text


_GROUP_HEAD = re.compile(r"\d{1,3}")
_GROUP = re.compile(r"\d{3}(?:[.,]\d+)?")
#: What separates thousands written with spaces: a space, a no-break space, a narrow no-break space.
GROUP_SEPARATORS = " \u00a0\u202f"


def ungrouped(token: str) -> str:
    """A token with the separators of spaced thousands (:data:`GROUP_SEPARATORS`) taken out ("12 500" -> "12500")."""
    return "".join(c for c in token if c not in GROUP_SEPARATORS) if any(c in token for c in GROUP_SEPARATORS) else token


def _space_grouped(text: str, ms: list, plain: bool = False) -> list:
    """Tokens with a figure's spaced thousands joined: "12 500", "1 450 000", "3\u00a0200,5" (French,
    Norwegian, SI style) are one figure, not two or three numbers (a re-test: a French "12 500" against
    an English "12,500" shared no figure, and the translation was not linked). A group joins a head of
    one to three digits only across one separator, and is exactly three digits (the last may carry
    decimals), so "3 500-page", "May 5 2019" and "in 2019 500" stay apart. A no-break or narrow
    no-break space always separates thousands; a plain space only with ``plain`` (text in a language
    that writes thousands so): English tables and counts put numbers side by side ("22 8 109 76",
    "36 100 kilowatt transmitters", 184 times in Reuters-21578)."""
    separators = GROUP_SEPARATORS if plain else GROUP_SEPARATORS[1:]
    if not any(c in text for c in separators) or not any(c.isdecimal() for c in text):
        return ms
    out: list = []
    k = 0
    while k < len(ms):
        m = ms[k]
        end = k
        if _GROUP_HEAD.fullmatch(m.group(0)):
            while (end + 1 < len(ms) and ms[end + 1].start() == ms[end].start() + len(ms[end].group(0)) + 1
                   and text[ms[end + 1].start() - 1] in separators and _GROUP.fullmatch(ms[end + 1].group(0))
                   and not re.search(r"[.,]", ms[end].group(0)[-4:] if end > k else "")):
                end += 1
        if end > k:
            start = m.start()
            out.append(_Span(start, text[start:ms[end].start() + len(ms[end].group(0))]))
        else:
            out.append(m)
        k = end + 1
    return out


#: Languages that capitalise every noun: a capitalised word there is a name only when it is about as
#: common in English as in the text's language (:func:`_is_name`).
NOUN_CAPITALISING = frozenset({"de", "lb"})
#: How much commoner (Zipf) a capitalised word may be in the text's noun-capitalising language than
#: in English and still be read as a name. Names are written alike and used about as often in both
#: ("Peru" 3.7 German / 3.9 English, "Maduro" 3.0 / 3.0, "Calvillo" 1.1 / 1.7); German nouns are far
#: commoner in German ("Regierung" 5.2 / 1.1, "Mittwoch" 4.7 / 1.2, "Bergarbeiter" 3.0 / 0.0).
NAME_LANGUAGE_MARGIN = 1.0


def _is_name(token: str, noun_language: str | None) -> bool:
    """Whether a capitalised word (as written) of a text in ``noun_language`` (a language of
    :data:`NOUN_CAPITALISING`, or None for any other) may be a name (see :data:`NAME_LANGUAGE_MARGIN`);
    looked up with its accents ("Rettungskräfte"), which folding would strip.
    A German translation read every noun as a name and shared too small a part of its anchors with its
    English origin for candidate retrieval to find it (a new-user test)."""
    if noun_language is None:
        return True
    word = token.lower()
    return zipf_in(word, noun_language) <= zipf(word) + NAME_LANGUAGE_MARGIN


#: A capitalised word opening a sentence in a text outside English is not a name from this Zipf
#: frequency in the text's own language (wordfreq): its function words ("Ini", "Setelah", "Kami"
#: in Indonesian, 6.2-7.2; "Según" in Spanish, 5.6) are rare in English, the list the opening
#: rule had read alone, and became name anchors. Names stay below it in their own language's news
#: ("Venezuela" 5.2 in Spanish, "Maduro" 4.6, "Madrid" 5.4; "Brasil" 6.04 in Portuguese is the
#: highest seen, kept).
OPENING_NAME_ZIPF = 6.1


def _opening_name(token: str, folded: str, language: str | None, lowercase: frozenset[str] | None) -> bool:
    """Whether the capitalised word opening a sentence may be a name: uncommon in English (Zipf < 4)
    and, in a text of another ``language``, below :data:`OPENING_NAME_ZIPF` there and never written
    in lower case elsewhere in the text (``lowercase``: its folded lower-case words, when known)."""
    if zipf(folded) >= 4.0:
        return False
    if language is None:
        return True
    if lowercase is not None and folded in lowercase:
        return False  # 'Banyak anggota ...' opens a sentence; 'banyak' is written elsewhere
    return zipf_in(token.lower(), language) < OPENING_NAME_ZIPF


def analyse_sentence(text: str, mask: list[bool] | None = None, spaced_thousands: bool | None = None,
                     noun_language: str | None = None, language: str | None = None,
                     lowercase: frozenset[str] | None = None) -> Sentence:
    """Build a :class:`Sentence` from raw sentence text (see its attributes).

    Args:
        text: the sentence.
        mask: per character, inside a quotation (:func:`quote_mask`); computed from ``text`` alone when None.
        spaced_thousands: join a figure's spaced thousands into one token (:func:`_space_grouped`): ``False``
            across a no-break space only, ``True`` across a plain space too (French or Norwegian text);
            ``None`` (the default) not at all, as before fingerprint scheme /7 (story keys read so).
        noun_language: the text's language where it capitalises every noun (:data:`NOUN_CAPITALISING`):
            a capitalised word is a name only as :func:`_is_name` says; None (the default) elsewhere.
        language: the text's language (ISO 639-1) when it is not English, else None: the word
            opening the sentence is a name only as :func:`_opening_name` says.
        lowercase: folded words the whole text writes in lower case (:func:`analyse_text` passes them).
    """
    if mask is None or len(mask) != len(text):
        mask = quote_mask(text)
    s = Sentence(text=text)
    wide = not text.isascii()  # may hold Chinese, Japanese or Korean
    cjk = wide and _CJK_CHAR.search(text) is not None
    if cjk:
        spans = token_spans(text)
        toks = [t for _, t in spans]
        s.quoted = [mask[k] for k, _ in spans]
    else:
        ms = list(_TOKEN.finditer(text))
        if spaced_thousands is not None:
            ms = _space_grouped(text, ms, spaced_thousands)
        toks = [m.group(0) for m in ms]
        s.quoted = [mask[m.start()] for m in ms]
    s.raw = toks
    s.quote_share = sum(mask) / max(1, len(text))
    for i, tok in enumerate(toks):
        f = ungrouped(fold(tok))  # spaced thousands: one word, as "12500"
        s.words.append(f)
        num = number_value(tok) if not wide else _wide_number(tok)
        if num is None and (m := _NUMBER_COMPOUND.match(tok)):
            num = number_value(m.group(1))
        if num is None and language in LANGUAGE_NUMBER_WORDS and (w := LANGUAGE_NUMBER_WORDS[language].get(tok.lower())):
            num = str(w)
        if num is not None:
            s.numbers.append(num)
            s.anchors.append("#" + num)
            continue
        # a capitalised word is a name unless it opens the sentence and is a common word
        if tok[:1].isupper() and len(f) >= 3 and not f.isdecimal() \
                and (i > 0 or _opening_name(tok, f, language, lowercase)) and _is_name(tok, noun_language):
            s.names.append(f)
            s.anchors.append(f)
        if len(f) >= 4 and f.isalpha():
            s.stems.append(f[:5])
    if wide:  # a Hangul syllable spells two or three letters: "폭우" is a stem as "flood" is
        s.stems.extend(f for f in s.words if 2 <= len(f) < 4 and "\uac00" <= f[0] <= "\ud7af" and f.isalpha())
    if cjk:
        s.pairs = tuple(cjk_pairs(spans, s.words))
        s.stems.extend(s.pairs)  # what the anchor view compares in place of 5-letter stems
    return s


def analyse_text(text: str, spaced_thousands: bool | None = None, noun_language: str | None = None,
                 language: str | None = None) -> list[Sentence]:
    """Split ``text`` into sentences (as :func:`split_sentences`) and analyse each, with quotations
    tracked across the sentences of a paragraph (:func:`quote_mask`); ``spaced_thousands``,
    ``noun_language`` and ``language`` as :func:`analyse_sentence` (with ``language``, the words the
    text writes in lower case are collected first)."""
    out: list[Sentence] = []
    lowercase = frozenset(fold(m.group(0)) for m in _TOKEN.finditer(text) if m.group(0).islower()) \
        if language is not None else None
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
                out.append(analyse_sentence(sent, mask[start + lead : start + lead + len(sent)], spaced_thousands,
                                            noun_language, language, lowercase))
            start = end
    return out
