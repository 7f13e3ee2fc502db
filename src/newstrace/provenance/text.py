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
_SENT_END = re.compile(r"[.!?…][\"”’»)\]]*\s+(?=[\"“‘«(¿¡\[]?[A-ZÀ-ÖØ-ÞΑ-ΩА-Я0-9])")
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
    distance at most 10), else English.

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
        return language
    try:
        best, _ = langcodes.closest_match(language, list(available), max_distance=10)
    except (ValueError, LookupError):  # not a well-formed language tag
        return "en"
    return best if best in available else "en"


@lru_cache(maxsize=400_000)
def zipf_in(word: str, language: str | None) -> float:
    """Word frequency on the Zipf scale in ``language`` (wordfreq), in the list :func:`wordfreq_language` picks; cached."""
    return zipf_frequency(word, wordfreq_language(language))


# Abbreviations that stand before a name or number and never end a sentence (titles, ranks,
# "e.g."), per language; compared case-sensitively, as written without the final full stop.
_TITLE_ABBREVIATIONS = frozenset(
    # English titles and ranks
    "Mr Mrs Ms Messrs Dr Drs Prof Profs Sgt Sgts Gen Gens Col Lt Capt Cpl Pvt Pfc Spc Maj Adm Cmdr Cdr "
    "Brig Gov Govs Sen Sens Rep Reps Pres Rev Revs Hon Atty Supt Insp Det Amb Msgr Fr Sra Srta Dra "
    "Rt Ald Asst Assoc Lieut Sec Treas Dist Cong Mx "
    # Spanish and Portuguese titles and ranks
    "Sres Sras Dña Lic Licda Ing Arq Gral Cnel Tte Sgto Cap Pdte Dip Mons Excmo Excma Ilmo Ud Uds Vd Vds Sto Sta "
    # German and French titles
    "Hr Hrn Frl Dipl Mme Mlle Mmes MM Me Pr Mgr Ste "
    # forms that introduce what follows (e.g., i.e., cf., vs.), English and other languages
    "e.g i.e cf vs viz approx ca bzw z.B u.a d.h s.o s.u o.ä v.a p.ej aprox cca "
    # Greek: "κ." / "κκ." (Mr / Messrs), "π.χ." (e.g.)
    "κ κκ π.χ δηλ".split()
)
# Abbreviations that also end sentences ("Acme Inc. The ..."; "in the U.S. The ..."): a boundary
# after one needs the next word to be a word that opens sentences (single capitals, "S." for
# "Sur", follow the same rule in _is_boundary).
_AMBIGUOUS_ABBREVIATIONS = frozenset(
    "Inc Corp Co Cos Ltd Plc Bros Jr Sr St Mt Ft Ave Blvd Rd Hwy Univ Dept Assn Intl Natl Govt "
    "etc al usw Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Tue Tues Thu Thur Thurs Fri "
    "ene abr dic janv févr avr juil déc Okt Dez Mio Mrd Tsd Abs Bd Nr ff kgs lbs oz mins hrs yrs "
    "κλπ χλμ".split()
)
# Abbreviations that stand before a number: "No. 5", "Nr. 12", "Art. 3", "p. 14", "Vol. 2".
_NUMBER_ABBREVIATIONS = frozenset("No Nos Nr Nro Núm núm Art Vol Fig Ch Op Ref pp p n nº Pag Pág pág Tel".split())
# Words that open sentences (EN/ES/PT/DE/FR function words): after an ambiguous abbreviation
# ("U.S.", "Inc.") a capitalised one of these shows a boundary, while a name ("U.S. Treasury") does not.
_SENTENCE_OPENERS = frozenset(
    "the a an he she it they we i you his her its their our my your this that these those there here "
    "but and or so yet in on at by for from with after before when while as if although though since "
    "meanwhile however also some many most other others one two three all both each no not none "
    "what who which where why how then now still earlier later last next under despite according "
    "el la los las un una unos unas lo pero en este esta estos estas ese esa según sin con por para "
    "también además sus su al del ella ellos o os um uma mas no na nos nas ele eles "
    "der die das ein eine er sie es wir aber und im am auch nach bei mit von zu dem den des "
    "le les il elle ils elles mais et dans selon ce cette ces au aux du une".split()
)
# German ordinal before a month ("am 3. Oktober"): the full stop marks the ordinal.
_MONTHS = frozenset(
    "januar jänner februar märz april mai juni juli august september oktober november dezember "
    "january february march june july october december "
    "janvier février mars avril juin juillet août septembre octobre novembre décembre".split()
)
# Particles opening surnames ("La Roche", "De Vries", "Van Dyke") that are also sentence-opening
# words: after an initial, one followed by a capitalised word is part of the name.
_NAME_PARTICLES = frozenset("la le de del da das dos du des di van von den der st".split())
_DOTTED = re.compile(r"^(?:[^\W\d_]{1,2}\.)+[^\W\d_]{1,2}$")
_OPENING_MARKS = "\"“‘«(¿¡[„'"
_NEXT_WORD = re.compile(r"[\"“‘«(¿¡\[]*(\w+)")


def _is_boundary(line: str, dot: int, after: int) -> bool:
    """Whether the full stop at ``line[dot]`` ends a sentence, given the next text at ``line[after]``.

    The word before the full stop decides: a title or "e.g." never ends one, "No." or "p." before
    a number is a number sign, a lowercase single letter is part of an abbreviation ("z. B."), a
    German ordinal stands before a month name, and a single capital letter ("John F. Kennedy"
    against "Plan B. The ...") or an abbreviation that may also end a sentence ("U.S.", "Inc.",
    "Jan.") ends one only when the next word is one that opens sentences ("The", "But", "El").
    """
    begin = line.rfind(" ", 0, dot) + 1
    word = line[begin:dot].lstrip(_OPENING_MARKS)
    if not word:
        return True
    m = _NEXT_WORD.match(line, after)
    nxt = m.group(1) if m else ""
    if word in _TITLE_ABBREVIATIONS:
        return False
    if word in _NUMBER_ABBREVIATIONS and nxt[:1].isdigit():
        return False
    if len(word) == 1 and word.isalpha():
        # a lowercase letter is part of an abbreviation ("z. B.", "u. a."), as is a capital after
        # one; a capital is an initial ("John F. Kennedy") unless a sentence-opening word follows
        # ("They chose Plan B. The plan failed.")
        if not word.isupper() or re.search(r"(?:^|\s)[^\W\d_]\.\s*$", line[:begin]):
            return False
        if nxt.casefold() in _NAME_PARTICLES and m and line[m.end():m.end() + 2].strip()[:1].isupper():
            return False  # a surname with a particle after an initial: "David F. La Roche"
        return nxt.casefold() in _SENTENCE_OPENERS
    if word in _NUMBER_ABBREVIATIONS:
        return True
    if word.isdigit():
        return not (len(word) <= 2 and nxt.casefold() in _MONTHS)
    if word in _AMBIGUOUS_ABBREVIATIONS or _DOTTED.match(word):
        return nxt.casefold() in _SENTENCE_OPENERS
    return True


def sentence_ends(line: str) -> list[int]:
    """Offsets in ``line`` (one paragraph) where sentences end, after any closing marks and space.

    Candidates are sentence-final punctuation (``. ! ? …``, then closing quotation marks or
    brackets) followed by space and a capital letter, digit or opening mark; a full stop is a
    boundary only when :func:`_is_boundary` says the word before it is not an abbreviation or
    initial. Rules written for this project (abbreviation lists for English, Spanish,
    Portuguese, German, French and Greek news text), after the approach of rule-based splitters
    such as pySBD (Sadvilkar & Neumann, 2020) but without its per-language regular-expression
    passes, so it stays cheap enough to run on every article at ingest and trace.

    Args:
        line: one paragraph (no newline).

    Returns:
        Increasing end offsets (int) of every sentence but the last.
    """
    ends = []
    for m in _SENT_END.finditer(line):
        if line[m.start()] != "." or _is_boundary(line, m.start(), m.end()):
            ends.append(m.end())
    return ends


def split_sentences(text: str) -> list[str]:
    """Split an article body into sentences: one per line, then at sentence ends (:func:`sentence_ends`).

    Args:
        text: paragraphs separated by newlines (blank lines allowed).

    Returns:
        Non-empty sentences (str), stripped, in order.
    """
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        start = 0
        for end in sentence_ends(line):
            out.append(line[start:end].strip())
            start = end
        if line[start:].strip():
            out.append(line[start:].strip())
    return out


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


_OPEN_QUOTES = "\"“«„"
_CLOSE_QUOTES = "\"”»“"


def quote_mask(line: str) -> list[bool]:
    """Per character of one paragraph, True inside a quotation (the marks themselves excluded).

    State is carried across sentences, so the second sentence of a multi-sentence quotation
    counts as quoted; an unclosed quotation runs to the end of the paragraph (the newspaper
    convention of re-opening it in the next paragraph). Straight ``"`` toggles; ``“ « „`` open and
    ``” » “`` close; a ``”`` after a space opens (Swedish and Finnish style).
    """
    mask, inside = [False] * len(line), False
    for k, c in enumerate(line):
        if inside and c in _CLOSE_QUOTES:
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
