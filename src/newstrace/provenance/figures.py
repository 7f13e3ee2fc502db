"""Numbers, number qualifiers and dates that differ between two aligned sentences; a number inside a name is no figure.

Why not the claims extractor's number reading (:mod:`newstrace.nlp.numbers`,
:data:`newstrace.nlp.claims.QUALIFIERS`): the two answer different questions and would change
each other's output. Here a figure is read from the regex tokens of a copy's or a translation's
sentence (:class:`~newstrace.provenance.text.Sentence`, no spaCy model: a link's changes read a
sentence ~45 times), compared with the other side's as a canonical string
(:func:`~newstrace.provenance.text.number_value` for digits, :func:`number_spans` for words): number
words in English, Spanish, Portuguese and French, compounds read as one value ("forty-four",
"one hundred and five", "cuarenta y cuatro", "cento e cinco", "quatre-vingt-dix"), "twice" as 2,
a decimal comma ("0,20") and point-grouped thousands ("1.480") count; "one" and "zero" do not (a
pronoun, an article), nor do vague plurals ("dozens", "hundreds", "decenas": a copy dropping
"dozens" or translating it changes no figure). A figure with a scale word is its whole value
("1.2 million", "1.2 mln", "2,5 millones", "$1.2m" and "1,200,000" are one value; "1.2 billion" is
another), and figures inside a run of Chinese, Japanese or Korean are read there ("死者は37人"). The claims extractor reads English expressions of
several spaCy tokens into a value with its scale, range and unit ("one mln", "5bn",
"two-thirds", "10-12 people"), skipping vague plurals. On the provenance corpus and the seeds
(before number words were read as compounds here), 117 of 540 number tokens read differently (65
only as claims, "one", "million", "zero"; 52 only here, Spanish and Portuguese words and "dozen(s)").
Qualifiers differ likewise: here grouped by meaning in five languages, so that "more than" ->
"over" and "al menos" -> "at least" are no change; there an English surface list ("an estimated",
"a record"). A figure each language writes its own way is one value here: "34-year-old" and "34
años", "6.8-magnitude" and "magnitud 6,8", the clock times "4h40", "4:40" and "4.40", "1.234,5"
and "1,234.5" (:func:`_digits_at`), "12.40pm" and "12:40 p.m.", "neunjähriges" and "9-year-old"
(:func:`_age_word`). A figure in single asterisks ("(*6*)", left by article-spinning software) is
none, and a rounding with a qualifier that covers the other side's exact figure ("nearly 600,000"
for 622,431; a headline's bare "600,000" too) is no change (:func:`rounds`).

A number change's detail shows each figure with what its sentence writes around it, so that a
reader can tell what changed: the currency sign before it, a percent sign, or the unit or counted
noun after it (with an adjective before that noun: "137 Venezuelan soldiers"), read from the same
regex tokens with word lists (function words and verb forms of EN/ES/PT/FR are no noun), not the
claims' parse: "137 soldiers -> 173 soldiers", "$3.2 billion -> $3.5 billion", "4.5% -> 5.4%".
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from decimal import Decimal
from difflib import SequenceMatcher

from newstrace.provenance.text import (
    DATE_WORDS as _TEXT_DATE_WORDS,
    GROUP_SEPARATORS,
    NUMBER_WORDS,
    Sentence,
    fold,
    number_value,
    ungrouped,
    zipf,
)
from newstrace.schema import Change

#: German weekdays (folded): a date word, but no number near one is a day of the month.
_GERMAN_WEEKDAYS = frozenset(["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend",
                              "sonntag"])
#: Month and weekday names the figures read as date words: those of :mod:`newstrace.provenance.text`
#: and German and French months, folded ("am 18. Dezember", "le 18 décembre" are a date, not a count
#: 18: a new-user test read "am 18. Dezember" -> "am 19. Dezember" as a number changed).
DATE_WORDS = _TEXT_DATE_WORDS | _GERMAN_WEEKDAYS | frozenset(
    ["januar", "janner", "februar", "marz", "april", "mai", "juni", "juli", "august", "september", "oktober",
     "november", "dezember", "janvier", "fevrier", "mars", "avril", "juin", "juillet", "aout", "septembre",
     "octobre", "novembre", "decembre"])

#: Qualifiers of a number, grouped by meaning, per language: a copy that swaps one for another of the
#: same group ("more than" -> "over", "nearly" -> "about", "al menos" -> "at least") says the same;
#: one from another group ("about" -> "at least", "over" -> "under", "about" -> "exactly"), or one
#: added or dropped, changes the claim. The hedges are one group although "nearly" leans below the
#: figure: news copy uses them interchangeably. Spanish, Portuguese and French ones may take an
#: article or a preposition before the figure ("hacia las 10", "alrededor del 40%", "jusqu'aux 30"),
#: and a final "de" or "a" its contractions ("más del 40%", "cerca dos 40", "en torno al 40%").
QUALIFIERS_BY_LANGUAGE: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        # "more of 2,400" is machine translation's word-for-word "más de" / "mais de" (a new-user test read
        # it as "hedge removed: more than"); "at least to 17" the calque of "al menos a 17" (:data:`_CALQUE_TO`)
        "above": ("more than", "over", "above", "in excess of", "upwards of", "more of"),
        "at least": ("at least", "no fewer than", "no less than"),
        # "near 40 people", "near to 40" (a new-user finding read them as no qualifier); not before a
        # name's number ("near 10 Downing Street": :func:`_qualified`)
        "about": ("about", "around", "nearly", "almost", "close to", "roughly", "approximately", "some", "circa",
                  "near to", "near"),
        # "within three kilometres" is "a menos de tres kilómetros" (a new-user test read it as a hedge removed)
        "below": ("fewer than", "less than", "under", "below", "within", "less of", "fewer of"),
        "at most": ("up to", "as many as", "no more than", "at most"),
        "exactly": ("exactly", "precisely"),
    },
    "es": {
        "above": ("más de",),
        "at least": ("al menos", "por lo menos", "como mínimo"),
        # "hacia las 10" is "around 10 a.m.": a clock time is hedged as any figure is
        "about": ("cerca de", "casi", "unos", "unas", "cerca", "alrededor de", "aproximadamente", "hacia",
                  "en torno a", "a eso de"),
        "below": ("menos de",),
        "at most": ("hasta", "como máximo"),
        "exactly": ("exactamente",),
    },
    "pt": {
        "above": ("mais de",),
        "at least": ("pelo menos", "ao menos", "no mínimo"),
        "about": ("cerca de", "quase", "uns", "umas", "aproximadamente", "por volta de", "perto de", "em torno de"),
        "below": ("menos de",),
        "at most": ("até", "no máximo"),
        "exactly": ("exatamente",),
    },
    "fr": {
        "above": ("plus de",),
        "at least": ("au moins", "pas moins de"),
        "about": ("environ", "près de", "presque", "quelque", "à peu près", "autour de", "aux alentours de",
                  "approximativement", "vers"),
        "below": ("moins de",),
        "at most": ("jusqu'à", "pas plus de", "au plus", "au maximum"),
        "exactly": ("exactement", "précisément"),
    },
    "de": {
        "above": ("mehr als", "über"),
        "at least": ("mindestens", "wenigstens", "nicht weniger als"),
        "about": ("rund", "etwa", "ungefähr", "fast", "knapp", "beinahe", "annähernd", "zirka", "nahezu"),
        "below": ("weniger als", "unter"),
        "at most": ("bis zu", "höchstens", "maximal"),
        "exactly": ("genau",),
    },
}
#: Every qualifier by meaning group, whatever its language.
QUALIFIER_GROUPS: dict[str, tuple[str, ...]] = {
    g: tuple(q for table in QUALIFIERS_BY_LANGUAGE.values() for q in table.get(g, ()))
    for g in QUALIFIERS_BY_LANGUAGE["en"]
}
#: Every qualifier, longest first so that "cerca de" wins over "cerca".
QUALIFIERS = tuple(sorted((q for g in QUALIFIER_GROUPS.values() for q in g), key=len, reverse=True))
_QUALIFIER_GROUP = {q: g for g, qs in QUALIFIER_GROUPS.items() for q in qs}
#: Qualifiers that are another word in a language whose sentences they are read in, with the languages
#: where they qualify a figure: German "fast" (almost) is English "fast" ("a fast 10 km").
QUALIFIER_BOUND: dict[str, frozenset[str]] = {"fast": frozenset({"de"})}


# function words of the longer qualifiers ("no fewer than", "in excess of") still name ("No 10")
# (and folded, as sentence words are, unless that is an English word: "até" is no "ate")
_QUALIFIER_WORDS = frozenset(
    x for q in QUALIFIERS if q not in QUALIFIER_BOUND for w in q.split()
    for x in (w, fold(w)) if x == w or zipf(x) < 3.0) - {"no", "of", "in", "as", "many", "a", "au", "ao", "pas", "el",
                                                         "en", "por", "lo", "eso"}
#: Words that introduce a count rather than name something: "Over 320", "Some 40", "The 74 pupils",
#: "Only 12" (a capitalised one opening a sentence is no name). Compared folded.
COUNT_WORDS = _QUALIFIER_WORDS | frozenset(
    {"the", "a", "an", "all", "only", "just", "exactly", "precisely", "another", "those", "these", "its",
     "their", "his", "her", "our", "fully", "nearly", "almost", "roughly", "barely", "still", "total",
     "los", "las", "el", "la", "os", "as", "o", "solo", "apenas", "otros", "otras",
     # French and Norwegian ("Quelque 12 500 habitants", "Rundt 300 personer"): a re-test read them as names
     "quelque", "quelques", "environ", "pres", "plus", "moins", "les", "des", "le", "seulement",
     "rundt", "omkring", "cirka", "nesten", "bare", "totalt",
     # German articles ("Ein 18-jähriger", "Der 81-Jährige"): a capitalised article names nothing
     "ein", "eine", "einen", "einem", "einer", "der", "die", "das", "den", "dem", "des"}
)
# what may stand between a name and its number: spaces only ("Fox 5"; "Smith, 45" is an age)
_NAME_GAP = re.compile(r"[ \u00a0]+")
# a phrase opens after sentence punctuation or a quotation mark: a capital there says nothing
_PHRASE_OPENER = re.compile(r"[:;(\"\u201c\u2018\u2014\u2013]")
#: A capitalised word opening a phrase is taken as a name before a number only below this Zipf
#: frequency ("Apollo" 3.8, "Boeing" 3.8, "Fox" 4.7, "Channel" 4.9; "Section" 5.0, "Nearly" 5.0 are not).
NAME_ZIPF = 5.0


def _words_of(kind: str, value: int, words: str) -> dict[str, tuple[str, int]]:
    return {w: (kind, value) for w in words.split()}


#: Number words read as figures (EN/ES/PT/FR, folded), each with its role in a compound number:
#: ``unit`` 1-9, ``teen`` 10-19, ``tens`` 20-90, ``small`` another value under 100 written as one word
#: ("veinticinco"), ``hundreds`` a value 100-900 written as one word ("setecientos", "cento"), and the
#: multipliers ``hundred``, ``thousand`` and ``dozen`` ("two dozen" is 24, "a dozen" 12). ``weak``
#: is 1 ("one", "un", "una", "um"): a pronoun or an article alone, read only inside a compound
#: ("one hundred", "twenty-one", "vingt et un"). ``times`` is a multiplicative ("twice" = "two times").
#: Words that are a number in one language and another word in another ("dos", "once", "cent")
#: are in :data:`LANGUAGE_BOUND`. Vague plurals ("dozens", "hundreds", "thousands", "scores",
#: "decenas", "cientos", "miles", "dezenas", "milhares", "centaines", "milliers") are no figure: a
#: copy turning "dozens" into "decenas" or dropping it changes no number. Sources: the number-word
#: grammars of each language (Real Academia Española, *Ortografía* 2010, 4.2.4 for Spanish
#: compounds "cuarenta y cuatro", "ciento cinco"; the Portuguese "e" between every part, "cento e
#: cinco"; French "soixante-dix", "quatre-vingts", "vingt et un").
FIGURE_WORDS: dict[str, tuple[str, int]] = {
    **_words_of("weak", 1, "one un une uno una um uma"),
    **{w: ("unit", v) for v, ws in enumerate([
        "", "", "two dois duas deux zwei", "three tres trois drei", "four cuatro quatro quatre vier",
        "five cinco cinq funf", "six seis sechs", "seven siete sete sieben", "eight ocho oito huit acht",
        "nine nueve nove neuf neun"])
       for w in ws.split()},
    **{w: ("teen", v) for v, ws in {
        10: "ten diez dez dix zehn", 11: "eleven onze", 12: "twelve doce doze douze zwolf",
        13: "thirteen trece treze treize dreizehn", 14: "fourteen catorce catorze quatorze vierzehn",
        15: "fifteen quince quinze funfzehn", 16: "sixteen dieciseis dezesseis dezasseis sechzehn",
        17: "seventeen diecisiete dezessete dezassete siebzehn", 18: "eighteen dieciocho dezoito achtzehn",
        19: "nineteen diecinueve dezenove dezanove neunzehn"}.items() for w in ws.split()},
    **{w: ("tens", v) for v, ws in {
        20: "twenty veinte vinte vingt vingts zwanzig", 30: "thirty treinta trinta trente dreissig",
        40: "forty cuarenta quarenta quarante vierzig", 50: "fifty cincuenta cinquenta cinquante funfzig",
        60: "sixty sesenta sessenta soixante sechzig", 70: "seventy setenta septante siebzig",
        80: "eighty ochenta oitenta octante huitante achtzig", 90: "ninety noventa nonante neunzig"}.items()
       for w in ws.split()},
    **{w: ("small", 21 + v) for v, w in enumerate(
        ["veintiuno", "veintidos", "veintitres", "veinticuatro", "veinticinco", "veintiseis", "veintisiete",
         "veintiocho", "veintinueve"])},
    **{w: ("hundreds", 100 * v) for v, ws in {
        1: "cien ciento cem cento", 2: "doscientos doscientas duzentos duzentas", 3: "trescientos trescientas trezentos trezentas",
        4: "cuatrocientos cuatrocientas quatrocentos quatrocentas", 5: "quinientos quinientas quinhentos quinhentas",
        6: "seiscientos seiscientas seiscentos seiscentas", 7: "setecientos setecientas setecentos setecentas",
        8: "ochocientos ochocientas oitocentos oitocentas", 9: "novecientos novecientas novecentos novecentas"}.items()
       for w in ws.split()},
    "hundred": ("hundred", 100), "thousand": ("thousand", 1000), "mil": ("thousand", 1000), "mille": ("thousand", 1000),
    "hundert": ("hundred", 100), "tausend": ("thousand", 1000),
    "dozen": ("dozen", 12), "docena": ("dozen", 12), "duzia": ("dozen", 12), "douzaine": ("dozen", 12),
    "twice": ("times", 2), "thrice": ("times", 3),
}


def _plain(text: str) -> str:
    """``text`` lower case, accents and curly apostrophes taken off character by character (offsets kept)."""
    out = []
    for ch in text.replace("\u2019", "'"):
        low = ch.lower() if len(ch.lower()) == 1 else ch  # "İ" lowers to two characters
        base = unicodedata.normalize("NFKD", low)[:1] if ord(low) > 127 else low
        out.append(base if base.isascii() else low)
    return "".join(out)


#: Articles and prepositions of Spanish, Portuguese and French that may stand between a qualifier of
#: those languages and its figure ("hacia las 10", "al menos a 17", "cerca de las 10"), folded.
_GAP_WORDS = ("a", "al", "ao", "aos", "as", "os", "los", "las", "la", "el", "les", "l'")
#: Contractions of a final "de" or "a" ("más del 40%", "cerca dos 40", "en torno al 40%", "jusqu'aux 30").
_DE_FORMS, _A_FORMS = r"d(?:e|el|o|a|os|as|es|u)", r"(?:a|al|ao|aos|as|aux)"


def _qualifier_pattern(q: str, gapped: bool) -> str:
    """The regex of one folded qualifier: its words across any spaces, a final "de" or "a" in any of
    its contractions, and with ``gapped`` (a Spanish, Portuguese or French one) up to two
    :data:`_GAP_WORDS` after it."""
    words = [re.escape(w) for w in q.split()]
    if gapped and q.split()[-1] == "de":
        words[-1] = _DE_FORMS
    elif gapped and q.split()[-1] == "a" and len(words) > 1:
        words[-1] = _A_FORMS
    elif gapped and q.endswith("'a"):
        words[-1] = re.escape(q.split()[-1][:-1]) + _A_FORMS
    out = r"[\s\u00a0]+".join(words)
    if q in _CALQUE_TO:
        out += r"(?:[\s\u00a0]+to)?"
    if gapped:
        out += r"(?:[\s\u00a0]+(?:" + "|".join(re.escape(w) for w in _GAP_WORDS) + r")(?![\w'])){0,2}"
    return out


#: English qualifiers that machine translation writes with the preposition of its source before the
#: figure: "at least to 17" is "al menos a 17".
_CALQUE_TO = frozenset({"at least"})
#: Spanish, Portuguese and French qualifiers (those read with contractions and :data:`_GAP_WORDS`), folded.
_GAPPED_QUALIFIERS = frozenset(fold(q) for lang in ("es", "pt", "fr") for g in QUALIFIERS_BY_LANGUAGE[lang].values() for q in g)
#: Folded qualifiers whose written accent tells them from an English word ("até", "ate"; "über", "Uber").
_ACCENT_NEEDED = frozenset(fold(q) for q in QUALIFIERS if " " not in q and fold(q) != q and zipf(fold(q)) >= 3.0)
#: Folded qualifier -> the qualifier as the table writes it.
_FOLDED_QUALIFIER = {fold(q): q for q in QUALIFIERS}
#: What follows a qualifier when it qualifies a figure: a currency sign, then digits or a number word.
_FIGURE_AHEAD = (r"(?=[\s\u00a0]+(?:(?:us|[a-z])?[$£€¥₹][\s\u00a0]?)?(\d|(?:"
                 + "|".join(sorted({fold(w) for w in NUMBER_WORDS} | {w for w, (k, _) in FIGURE_WORDS.items()
                                                                      if k not in ("weak", "times")}, key=len, reverse=True))
                 + r")\b))")
# a qualifier counts only before a number ("over 320", "more than 3,200", "about three",
# "casi cuarenta"), not as a preposition ("over the bridge", "about the plan")
# (a currency sign may stand between: "roughly $40 million", "unos 40 millones de dólares")
_QUAL = re.compile(
    r"(?<!\w)(" + "|".join(_qualifier_pattern(fold(q), fold(q) in _GAPPED_QUALIFIERS)
                              for q in sorted(_FOLDED_QUALIFIER, key=len, reverse=True))
    + r")(?![\w'])" + _FIGURE_AHEAD)
#: Number words that are another word in a language the table also reads, with their entry, the
#: languages where they are numbers and whether a sentence of unknown language reads them:
#: Portuguese "dos" is "of the" ("a maioria dos soldados", "dos Santos"); English "once" is "one
#: time" or "formerly" (Spanish eleven); English "per cent" and "cents" are no hundred, nor the verb
#: "seize" sixteen (French "cent", "deux cents", "seize"). A sentence of a known language reads them
#: only in those languages; one of unknown language reads "dos" (as before) and none of the others.
#: French "sept" stays a month abbreviation (:data:`~newstrace.provenance.text.DATE_WORDS`).
LANGUAGE_BOUND: dict[str, tuple[tuple[str, int], frozenset[str], bool]] = {
    "dos": (("unit", 2), frozenset({"es"}), True),
    "once": (("teen", 11), frozenset({"es"}), False),
    "cent": (("hundred", 100), frozenset({"fr"}), False),
    "cents": (("hundred", 100), frozenset({"fr"}), False),
    "seize": (("teen", 16), frozenset({"fr"}), False),
    "elf": (("teen", 11), frozenset({"de"}), False),  # German eleven, an English word
}


def set_language(sentences: list[Sentence], language: str | None) -> None:
    """Tell :func:`number_spans` which language ``sentences`` are in (an ISO 639 code such as
    "pt-BR", or None for unknown), so that a word that is a number in one language only
    (:data:`LANGUAGE_BOUND`) is read in that language alone. Readings are kept per language."""
    base = (language or "").split("-")[0].lower() or None
    for s in sentences:
        s.__dict__["_language"] = base


def _entry(word: str, language: str | None) -> tuple[str, int] | None:
    """The :data:`FIGURE_WORDS` entry of a folded word in a sentence of ``language``, or None."""
    bound = LANGUAGE_BOUND.get(word)
    if bound is not None:
        entry, languages, unknown = bound
        return entry if language in languages or (language is None and unknown) else None
    return FIGURE_WORDS.get(word)


#: Words joining the parts of a compound number ("one hundred and five", "cuarenta y cuatro",
#: "quarenta e quatro", "vingt et un"); read only between two parts that make one number.
_JOINERS = frozenset({"and", "y", "e", "et"})


class _Compound:
    """A compound number read word by word: :meth:`add` takes the next part if it continues the
    number ("forty" + "four", "two" + "hundred" + "five", "mil" + "doscientos"), else refuses it."""

    def __init__(self) -> None:
        self.total, self.cur, self.last, self.parts = 0, 0, "", 0

    def add(self, kind: str, v: int) -> bool:
        """Take one part (a :data:`FIGURE_WORDS` entry); False, leaving the number as it was, when it does not continue it."""
        last, seg = self.last, self.cur % 100
        if kind in ("unit", "weak", "teen", "tens", "small"):
            if last == "unit" and self.cur % 100 == 4 and kind == "tens" and v == 20:  # "quatre-vingts" = 80
                self.cur += 76
            elif not (last in ("", "hundred", "hundreds", "thousand")
                      or (last == "tens" and kind in ("unit", "weak"))
                      or (last == "tens" and seg in (60, 80) and kind == "teen")):  # "soixante-dix"
                return False
            else:
                self.cur += v
        elif kind == "hundreds":
            if last not in ("", "thousand"):
                return False
            self.cur += v
        elif kind == "hundred":
            if last not in ("", "unit", "weak", "teen", "tens", "small") or seg != self.cur % 1000:
                return False
            self.cur = self.cur - seg + (seg or 1) * 100
        elif kind == "thousand":
            if self.total or last == "dozen":
                return False
            self.total, self.cur = (self.cur or 1) * 1000, 0
        elif kind == "dozen":
            if last not in ("", "unit", "weak", "teen", "tens") or self.total:
                return False
            self.cur = (self.cur or 1) * 12
        elif kind == "times":
            if last:
                return False
            self.cur = v
        self.last, self.parts = ("unit" if kind == "weak" else kind), self.parts + 1
        return True

    def closed(self) -> bool:
        """A multiplicative or a dozen takes nothing after it."""
        return self.last in ("times", "dozen")

    @property
    def value(self) -> int:
        return self.total + self.cur


def _spaces(s: Sentence, offsets: list[int], k: int) -> bool:
    """Whether only spaces stand between token ``k - 1`` and token ``k`` (a comma ends a number)."""
    return bool(re.fullmatch(r"\s+", s.text[offsets[k - 1] + len(s.raw[k - 1]) : offsets[k]]))


def _word_number(word: str) -> int | None:
    """The value of a folded token of hyphenated number words ("forty-four" 44, "quatre-vingt-dix"
    90, "vingt-et-un" 21), or None (one word, or a part that is no number word: "two-thirds")."""
    parts = word.split("-")
    if len(parts) == 1:
        return None
    c = _Compound()
    for k, p in enumerate(parts):
        if p in _JOINERS and 0 < k < len(parts) - 1:
            continue
        entry = FIGURE_WORDS.get(p)
        if entry is None or c.closed() or not c.add(*entry):
            return None
    return c.value


#: A figure wrapped in single asterisks ("(*6*)", "*six*"): debris that article-spinning software
#: leaves around a word it swapped, no figure of the story (a new-user test read it as "number
#: added: 6"). Two asterisks ("**6**") are a bold figure, which counts.
_DEBRIS = re.compile(r"(?<!\*)\*$")


def _debris(s: Sentence, offsets: list[int], k: int) -> bool:
    """Whether token ``k`` of ``s`` stands between two single asterisks glued to it ("(*6*)")."""
    at, end = offsets[k], offsets[k] + len(s.raw[k])
    return bool(_DEBRIS.search(s.text[:at])) and s.text[end:end + 1] == "*" and s.text[end + 1:end + 2] != "*"


#: What follows a number word in an adjective of age or length: English "nine-year-old", "three-day",
#: German "neunjähriges", "dreitägige", "zweistündig" (folded, one word). Read as the number's figure,
#: as "9-year-old" and "9-jähriges" are (a new-user test: "neunjähriges" against "9-year-old").
_AGE_PARTS = frozenset({"year", "years", "day", "week", "month", "hour", "minute", "mile", "storey", "story",
                        "metre", "meter", "kilometre", "kilometer"})
_GERMAN_AGE = re.compile(r"^([a-z]+?)(jahrig|tagig|wochig|monatig|stundig|minutig)[a-z]*$")


def _german_number(word: str) -> int | None:
    """The value of a folded German number word under 100 written as one word ("neun" 9, "zwolf" 12,
    "dreissig" 30, "einundzwanzig" 21), or None."""
    unit, _, tens = word.partition("und")
    if tens:
        u = 1 if unit == "ein" else (e[1] if (e := FIGURE_WORDS.get(unit)) and e[0] == "unit" else 0)
        t = FIGURE_WORDS.get(tens)
        return u + t[1] if u and t and t[0] == "tens" else None
    entry = FIGURE_WORDS.get(word)
    return entry[1] if entry and entry[0] in ("unit", "teen", "tens") else None


def _age_word(word: str) -> int | None:
    """The figure of a folded adjective made of a number word and a span ("nine-year-old" 9,
    "forty-four-year-old" 44, "neunjahriges" 9, "einundzwanzigjahrige" 21), or None ("two-thirds")."""
    if "-" in word:
        parts = word.split("-")
        for cut in range(len(parts) - 1, 0, -1):
            if parts[cut] in _AGE_PARTS:
                head = "-".join(parts[:cut])
                entry = FIGURE_WORDS.get(head)
                v = _word_number(head) if entry is None else (entry[1] if entry[0] in ("unit", "teen", "tens", "small") else None)
                return v
        return None
    m = _GERMAN_AGE.match(word)
    return _german_number(m.group(1)) if m else None


def token_value(token: str) -> str | None:
    """The canonical value of one token as :func:`number_spans` reads it alone ("1,480" -> "1480",
    "forty-four" -> "44", "twice" -> "2", "hundred" -> "100"; "one", "dozens" -> None); no
    language-bound words (:data:`LANGUAGE_BOUND`) but "dos"."""
    if token[:1].isdecimal():
        return number_value(token)
    word = fold(token)
    entry = _entry(word, None)
    if entry is not None:
        return None if entry[0] == "weak" else str(_alone(entry))
    v = _word_number(word)
    return None if v is None else str(v)


def _alone(entry: tuple[str, int]) -> int:
    """The value of one :data:`FIGURE_WORDS` entry standing alone ("hundred" 100, "dozen" 12)."""
    c = _Compound()
    c.add(*entry)
    return c.value


def number_spans(s: Sentence) -> list[tuple[int, int, str]]:
    """The numbers a sentence states, as ``(first token, end token, canonical value)``, in order; kept on the sentence.

    Digits are read by :func:`newstrace.provenance.text.number_value` ("1,480" -> "1480"), and the
    figures each language writes its own way by :func:`_digits_at` ("4h40", "34-year-old"). Number
    words (:data:`FIGURE_WORDS`) are read as one value over all the tokens of a compound, however it
    is written: "forty-four", "one hundred and five", "two thousand", "cuarenta y cuatro",
    "ciento cinco", "cento e cinco", "quatre-vingt-dix"; "twice" is 2. Parts are joined only across
    spaces (a comma ends a number: "twenty, five") and only where they make one number ("two and
    three" are 2 and 3). A lone "one", "un", "una" is
    no figure (a pronoun, an article), nor is a vague plural ("dozens", "decenas").

    Args:
        s: the analysed sentence.

    Returns:
        list of ``(start, end, value)``: tokens ``s.raw[start:end]`` state ``value`` ("44").

    >>> from newstrace.provenance.text import analyse_sentence
    >>> [v for _, _, v in number_spans(analyse_sentence(
    ...     "Forty-four of one hundred and five were fined twice, dozens more, cuarenta y cuatro, 1,200."))]
    ['44', '105', '2', '44', '1200']
    """
    key = ("_number_spans", s.__dict__.get("_language"))
    cached = s.__dict__.get(key)
    if cached is not None:
        return cached
    language = key[1]
    out: list[tuple[int, int, str]] = []
    offsets, n, k = _offsets(s), len(s.words), 0
    readings: dict[str, set[str]] = {}  # value -> its other readings (:func:`_digits_at`)
    written: dict[str, str] = {}  # value -> the token it was read from, where that shows more ("34-year-old")
    while k < n:
        if _debris(s, offsets, k):
            k += 1
            continue
        if s.raw[k][:1].isdecimal():
            end, v, other, shown = _digits_at(s, offsets, k, language)
            if v is not None:
                out.append((k, end, v))
                readings.setdefault(v, set()).update(other)
                if shown:
                    written.setdefault(v, shown)
            k = end
            continue
        c, end, entry = _Compound(), k + 1, _entry(s.words[k], language)
        if entry is not None and entry[0] in ("hundred", "hundreds") and k and s.words[k - 1] in ("per", "pour", "por"):
            entry = None  # "5 pour cent", "7,5 por ciento", "por cento" are a share, not a hundred
        if entry is not None:
            c.add(*entry)
        else:  # a hyphenated compound ("forty-four") stands as one part
            first = _word_number(s.words[k])
            if first is None and (first := _age_word(s.words[k])) is not None:
                written.setdefault(str(first), s.raw[k])  # "neunjähriges", "nine-year-old" shown as written
                out.append((k, k + 1, str(first)))
                k += 1
                continue
            if first is None:
                k += 1
                continue
            c.cur, c.last, c.parts = first, ("tens" if first % 10 == 0 and first < 100 else "small"), 1
        weak = entry is not None and entry[0] == "weak"
        j = k + 1
        while j < n and not c.closed():
            step = j
            if s.words[j] in _JOINERS and c.last in ("tens", "hundred", "hundreds", "thousand"):
                step = j + 1
            if step >= n or not _spaces(s, offsets, step) or (step > j and not _spaces(s, offsets, j)):
                break
            nxt = _entry(s.words[step], language)
            if nxt is None or not c.add(*nxt):
                break
            end = j = step + 1
        if not (weak and c.parts == 1):  # "one" alone is a pronoun or an article
            out.append((k, end, str(c.value)))
        k = end
    s.__dict__[key] = out
    s.__dict__[("_readings", language)] = readings
    s.__dict__[("_written", language)] = written
    return out


#: Languages that write a decimal comma ("6,8"; "1.480" is a thousand and more): a figure of one
#: group of three after the language's decimal separator also reads as a decimal (:func:`_digits_at`).
DECIMAL_COMMA = frozenset({"es", "pt", "fr", "de", "it", "nl", "ca", "ro", "pl", "ru", "uk", "tr", "id", "el",
                           "no", "nb", "sv", "da", "fi", "cs"})
#: A figure with thousands and decimals, whichever way round ("1.234,5", "1,234.5").
_MIXED = re.compile(r"^(\d{1,3}(?:([.,])\d{3})+)(?!\2)[.,](\d+)$")
#: A figure at the head of a hyphenated adjective ("34-year-old", "60-day", "6.8-magnitude",
#: "34-jähriger"): English and German write the figure so, Spanish and French "34 años",
#: "magnitud 6,8". A capital after the hyphen is a model ("737-MAX"), a digit a range or a score.
_HYPHENED = re.compile(r"^(\d+(?:[.,]\d+)?)-(?=[^\W\d_]{2})(?![A-Z])")
#: German capitalises a noun so made ("der 34-Jährige", "ein 6,8-Tonner"): a capital, then lower case.
_HYPHENED_NOUN = re.compile(r"^(\d+(?:[.,]\d+)?)-(?=[^\W\d_][^\W\d_A-ZÄÖÜ])")
#: A clock time in one token: French "4h40", "16h05" (hours and minutes).
_H_TIME = re.compile(r"^(\d{1,2})[hH](\d{2})$")
#: A clock time with its minutes and "am" or "pm" in one token: "12.40pm", "7:45am".
_GLUED_MINUTES = re.compile(r"^(\d{1,2})[.:](\d{2})([ap]m)$", re.IGNORECASE)
#: Words after a figure "4.40" that make it a clock time ("4.40 pm", "4.40 horas", "4.40 GMT").
_CLOCK_AFTER = frozenset({"am", "pm", "a.m", "p.m", "h", "hrs", "horas", "hs", "heures", "uhr", "gmt", "utc"})


def _clock(hour: str, minute: str) -> str | None:
    """A clock time "H:MM" from its two parts, or None where they make none (hour over 24, minutes over 59)."""
    h, m = int(hour), int(minute)
    return f"{h}:{minute}" if h <= 24 and m <= 59 and len(minute) == 2 else None


def _clock_readings(time: str, pm: bool = False) -> set[str]:
    """Other writings of a clock time "H:MM": "4:40" of "16:40", and "16:40" of a "4:40" said to be p.m."""
    h, m = time.split(":")
    out = {f"{int(h) - 12}:{m}"} if 12 < int(h) <= 24 else set()
    return out | ({f"{int(h) + 12}:{m}"} if pm and int(h) < 12 else set())


def _is_pm(s: Sentence, offsets: list[int], j: int) -> bool:
    """Whether token ``j`` (after spaces only) says p.m. ("pm", "p.m.")."""
    return j < len(s.words) and _spaces(s, offsets, j) and s.words[j] in ("pm", "p.m", "p")


def _clock_after(s: Sentence, offsets: list[int], j: int) -> bool:
    """Whether token ``j`` (after spaces only) makes the figure before it a clock time (:data:`_CLOCK_AFTER`)."""
    if j >= len(s.words) or not _spaces(s, offsets, j):
        return False
    w = s.words[j]
    return w in _CLOCK_AFTER or (w in ("a", "p") and j + 1 < len(s.words) and s.words[j + 1] == "m")


def _digits_at(s: Sentence, offsets: list[int], k: int, language: str | None) -> tuple[int, str | None, set[str], str]:
    """The figure a digit token ``k`` of ``s`` starts, as ``(end token, value, other readings, as written)``.

    Besides :func:`~newstrace.provenance.text.number_value`'s reading, each language writes some
    figures its own way, and a translation writes them the other language's way:

    - a clock time is one figure "H:MM" however written: "4:40" (two tokens), French "4h40", and
      "4.40" before "p.m.", "h", "horas" (elsewhere "4.40" is 4.4, with 4:40 its other reading);
      "16:40" has "4:40" as its other reading, and "4:40 p.m." has "16:40";
    - thousands and decimals together, "1.234,5" and "1,234.5", are 1234.5;
    - a figure heading a hyphenated adjective ("34-year-old", "6.8-magnitude") is that figure,
      written as the token;
    - in a sentence of a known language, a figure of one group of three after that language's
      decimal separator ("3,125" in Spanish, "3.125" in English) has the decimal as its other reading.

    Returns:
        ``end`` is the token after the figure; ``value`` None where the token states no figure.
    """
    tok, n = s.raw[k], len(s.raw)
    # "4:40": a colon and nothing else between the two tokens
    if (tok.isdecimal() and len(tok) <= 2 and k + 1 < n and s.text[offsets[k] + len(tok):offsets[k + 1]] == ":"
            and (m := re.fullmatch(r"(\d{2})(am|pm)?", s.raw[k + 1], re.IGNORECASE)) and (t := _clock(tok, m.group(1)))):
        pm = (m.group(2) or "").lower() == "pm" or _is_pm(s, offsets, k + 2)
        return k + 2, t, _clock_readings(t, pm), ""
    if (m := _H_TIME.match(tok)) and (t := _clock(m.group(1), m.group(2))):
        return k + 1, t, _clock_readings(t), tok
    # "12.40pm", "12:40am" in one token: one time, as "12:40 p.m." (a new-user test read it as 12)
    if (m := _GLUED_MINUTES.match(tok)) and (t := _clock(m.group(1), m.group(2))):
        return k + 1, t, _clock_readings(t, m.group(3).lower() == "pm"), ""
    v = number_value(tok)
    other: set[str] = set()
    if v is not None and re.fullmatch(r"\d{1,2}\.\d{2}", tok) and (t := _clock(*tok.split("."))):
        if _clock_after(s, offsets, k + 1):
            return k + 1, t, _clock_readings(t, _is_pm(s, offsets, k + 1)), ""
        other.add(t)
    if tok.isdecimal() and len(tok) <= 2 and int(tok) <= 24:  # an hour: "10 p.m." is "22 horas", "22h"
        if _is_pm(s, offsets, k + 1) and int(tok) < 12:
            other.add(str(int(tok) + 12))
        elif int(tok) > 12 and _clock_after(s, offsets, k + 1):
            other.add(str(int(tok) - 12))
    if v is None and (m := _MIXED.match(tok)):
        v = number_value(re.sub(r"[.,]", "", m.group(1)) + "." + m.group(3))
    shown = ""
    if v is None and (m := _HYPHENED.match(tok) or (language == "de" and _HYPHENED_NOUN.match(tok))):
        v, shown = number_value(m.group(1)), tok
    if v is not None and language and (m := re.fullmatch(r"(\d{1,3})([.,])(\d{3})", tok)):
        if m.group(2) == ("," if language in DECIMAL_COMMA else "."):
            other.add(number_value(f"{m.group(1)}.{m.group(3)}") or "")
    return k + 1, v, other - {"", v}, shown


def _offsets(s: Sentence) -> list[int]:
    """Character offset of each raw token in the sentence text (tokens are substrings, in order);
    kept on the sentence (a link's changes ask ~35 times per sentence). Callers must not change it."""
    cached = s.__dict__.get("_offsets")
    if cached is not None:
        return cached
    out, pos = [], 0
    for tok in s.raw:
        at = s.text.find(tok, pos)
        out.append(at if at >= 0 else pos)
        pos = (at if at >= 0 else pos) + len(tok)
    s.__dict__["_offsets"] = out
    return out


def _title_case(s: Sentence) -> bool:
    """A headline-style sentence where most content words are capitalised ("Floods Kill 320 In Calder")."""
    content = [t for t in s.raw if t[:1].isalpha() and len(t) >= 4]
    return len(content) >= 3 and sum(t[:1].isupper() for t in content) >= 0.8 * len(content)


def name_before(s: Sentence, k: int, offsets: list[int] | None = None, title_case: bool | None = None) -> str | None:
    """The name a number token is part of ("The 74", "Apollo 11", "Fox 5", "Boeing 737"), or None.

    A number is part of a name when a capitalised word stands right before it, separated by spaces
    only, and that capital marks a name: the word is inside a phrase (not its first word, nor the
    first after ``:``, ``;``, ``(``, a dash or a quotation mark), or, where any word is capitalised
    (a phrase's first word, a title-case headline or credit line), it is a rare word (Zipf below
    :data:`NAME_ZIPF`) that does not introduce a count (:data:`COUNT_WORDS`: "Over 320", "Some 40",
    "The 74 pupils"), or the number closes the text with nothing counted after it ("Photo: Lena
    Okafor/The 74"). A qualifier ("... pilots, More than 40") or a date word never names. Numbers
    written as one token with letters ("G7", "COVID-19", "737-800") are no number to begin with
    (:func:`newstrace.provenance.text.number_value`).

    Args:
        s: the analysed sentence.
        k: index of a number token in ``s.raw``.
        offsets: :func:`_offsets` of ``s`` (computed when None).
        title_case: :func:`_title_case` of ``s`` (computed when None).

    Returns:
        The folded name word (``"fox"``), or None when the number stands on its own.

    >>> from newstrace.provenance.text import analyse_sentence
    >>> s = analyse_sentence("A cartoon by Lena Okafor/The 74 ran with it, Smith, 45, said.")
    >>> [name_before(s, k) for k, t in enumerate(s.raw) if t.isdecimal()]
    ['the', None]
    >>> s = analyse_sentence("Over 320 homes flooded, Fox 5 reported.")
    >>> [name_before(s, k) for k, t in enumerate(s.raw) if t.isdecimal()]
    [None, 'fox']
    """
    if k == 0:
        return None
    prev = s.raw[k - 1]
    if not prev[:1].isupper():
        return None
    offsets = offsets if offsets is not None else _offsets(s)
    end_prev = offsets[k - 1] + len(prev)
    if not _NAME_GAP.fullmatch(s.text[end_prev : offsets[k]]):
        return None
    word = s.words[k - 1]
    # a qualifier never names, wherever a copy capitalised it ("... pilots, More than 40")
    if word in DATE_WORDS or word in NUMBER_WORDS or word in _QUALIFIER_WORDS or number_value(prev) is not None:
        return None
    opens_phrase = k - 1 == 0 or bool(
        _PHRASE_OPENER.search(s.text[offsets[k - 2] + len(s.raw[k - 2]) : offsets[k - 1]]))
    if title_case is None:
        title_case = _title_case(s)
    if opens_phrase or title_case:
        rare = word not in COUNT_WORDS and zipf(word) < NAME_ZIPF
        # "... Okafor/The 74" closing a credit line: nothing is counted, so a name
        closes = not re.match(r"\s*\w", s.text[offsets[k] + len(s.raw[k]) :])
        if not (rare or closes):
            return None
    return word


#: Weekday names (EN/ES/PT, folded): a date word of their own, but no number they stand near is a
#: day of the month ("on Tuesday that 40 homes").
WEEKDAYS = frozenset(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
     "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo"]
) | _GERMAN_WEEKDAYS
#: Month names that are also common English words: a month only when written with a capital
#: ("in May 2019", not "officials may 40"; "March 3", not "march 3 miles").
_AMBIGUOUS_MONTHS = frozenset({"may", "march", "mar", "jan", "sat", "sun", "wed"})


def _date_word(s: Sentence, k: int) -> bool:
    """Whether token ``k`` is a month or weekday name (an ambiguous one only capitalised; French
    "mars" only in lower case, as French writes its months: "Mars 2020" is a mission)."""
    w = s.words[k]
    if w == "mars":
        return s.raw[k][:1].islower()
    return w in DATE_WORDS and (w not in _AMBIGUOUS_MONTHS or s.raw[k][:1].isupper())


def _date_number(token: str) -> bool:
    """Whether a number token can be part of a date: a day of the month (1-31) or a year written as
    four plain digits (1000-2199); "1,200" with its separator is a figure, never a year."""
    t = token.rstrip(".,")
    if not t.isdecimal():
        return False
    v = int(t)
    return 1 <= v <= 31 or (len(t) == 4 and 1000 <= v <= 2199)


def _figures(s: Sentence) -> tuple[list[str], list[str], list[str]]:
    """:func:`_read_figures`, kept on the sentence: one sentence is compared with many partners
    and with its neighbours' pairs (a link's changes read it ~45 times; measured 40% of a link's
    verification time before). Callers must not change the lists."""
    key = ("_figures", s.__dict__.get("_language"))
    cached = s.__dict__.get(key)
    if cached is None:
        cached = s.__dict__[key] = _read_figures(s)
    return cached


#: Scale words after a figure, by their spellings in news copy, wire style and the languages the
#: figures are read in (folded), with the power of ten each stands for. Spanish "billón" and
#: "billones" are 10^12 (a "mil millones" is the Spanish billion); Portuguese "bilhão" and French
#: and German "milliard(s)", "Milliarde(n)" are 10^9 (Real Academia Española, *Ortografía* 2010;
#: Brazilian usage, which is also the Portuguese press's for "bilhão").
SCALE_WORDS: dict[str, tuple[str, int]] = {
    **{w: ("thousand", 3) for w in ("thousand", "thousands")},
    **{w: ("million", 6) for w in ("million", "millions", "mln", "mn", "millones", "millon", "milhoes", "milhao",
                                   "millionen", "mio", "milioni", "milione")},
    **{w: ("billion", 9) for w in ("billion", "billions", "bln", "bn", "milliard", "milliards", "milliarde",
                                   "milliarden", "mrd", "bilhao", "bilhoes", "miliardi", "miliardo")},
    **{w: ("trillion", 12) for w in ("trillion", "trillions", "tln", "trn", "tn", "billon", "billones")},
}
#: A figure written as one token with its scale ("5bn", "1.2mln", "$300m", "$40k"): "m" and "k" count
#: only after a currency sign, where they cannot be metres or kilos ("a 5m wall").
_GLUED_SCALE = re.compile(r"^(\d+(?:[.,]\d+)*)(bn|bln|mln|mn|tn|trn|m|k)$", re.IGNORECASE)
_GLUED_UNITS = {"bn": ("billion", 9), "bln": ("billion", 9), "mln": ("million", 6), "mn": ("million", 6),
                "tn": ("trillion", 12), "trn": ("trillion", 12), "m": ("million", 6), "k": ("thousand", 3)}
_CURRENCY = "$£€¥₹"


def _scale_at(s: Sentence, offsets: list[int], j: int) -> tuple[str, int, int] | None:
    """The scale word at token ``j`` of ``s``, after spaces only, as ``(name, power of ten, tokens)``:
    one of :data:`SCALE_WORDS`, or Spanish and Portuguese "mil millones", "mil milhões" (10^9, two tokens)."""
    n = len(s.words)
    if j >= n or not _spaces(s, offsets, j):
        return None
    if s.words[j] == "mil" and j + 1 < n and SCALE_WORDS.get(s.words[j + 1], ("", 0))[1] == 6 and _spaces(s, offsets, j + 1):
        return "billion", 9, 2
    scale = SCALE_WORDS.get(s.words[j])
    return None if scale is None else (scale[0], scale[1], 1)


def scaled_value(value: str, power: int) -> str:
    """The canonical value of a figure times ``10 ** power``, written out as :func:`number_value`
    writes digits ("1.2", 6 -> "1200000"; "2.5", 9 -> "2500000000"; "0.0015", 3 -> "1.5"), so that
    "1.2 million", "1,200,000" and "1.200.000" are one value.

    Args:
        value: a canonical number string (digits, at most one decimal point).
        power: the scale word's power of ten (:data:`SCALE_WORDS`).
    """
    d = Decimal(value).scaleb(power)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


def _read_figures(s: Sentence) -> tuple[list[str], list[str], list[str]]:
    """Numbers of a sentence split into figures, date parts and numbers that are part of a name.

    Date parts are month and weekday names, and a day or year (:func:`_date_number`) within two
    tokens of a month name ("February 23, 2019", "23 de febrero"); a weekday makes no number near
    it a date ("said on Tuesday that 40 homes": 40 is a figure). Named numbers come as
    ``"name value"`` (:func:`name_before`). A figure with a scale word is its whole value
    (:func:`scaled_value`: "1.2 million" is 1200000, as "1,200,000" is, and not "1.2 billion");
    the form to show it in, "1.2 million", is kept on the sentence (:func:`_shown`).
    """
    nums, dates, named = [], [], []
    offsets, title_case = _offsets(s), _title_case(s)
    shown: dict[str, str] = {}
    # a scale word after the number is part of its value ("1.2 million" is not "1.2 billion"),
    # written out in full, so that its spellings ("mln", "million", "millones") and the digits
    # ("1,200,000") are one value; a scale word read so is no figure of its own ("5 thousand")
    spans: dict[int, str] = {}
    scale_tokens: set[int] = set()
    counted: dict[str, str] = {}  # value -> the folded word after it (what it counts), first occurrence
    where: dict[str, tuple[int, int]] = {}  # value -> its tokens (scale word included), first occurrence
    n = len(s.words)
    for k, end, v in number_spans(s):
        if k in scale_tokens:
            continue
        scale = _scale_at(s, offsets, end) if ":" not in v else None  # a clock time takes no scale
        if scale is not None:
            spans[k] = full = scaled_value(v, scale[1])
            shown.setdefault(full, f"{v} {scale[0]}")
            scale_tokens.update(range(end, end + scale[2]))
            end += scale[2]
        else:
            spans[k] = v
        counted.setdefault(spans[k], s.words[end] if end < n else "")
        where.setdefault(spans[k], (k, end))
    for k, tok in enumerate(s.raw):
        # "one million", "a billion" are figures, though "one" and "a" alone are none (a pronoun, an article)
        entry = FIGURE_WORDS.get(s.words[k], ("a", 1) if s.words[k] in ("a", "an") else None) if k not in spans else None
        if entry is not None and entry[0] in ("weak", "a") and (scale := _scale_at(s, offsets, k + 1)) is not None:
            spans[k] = full = scaled_value("1", scale[1])
            shown.setdefault(full, f"{tok} {scale[0]}")
            counted.setdefault(full, s.words[k + 1 + scale[2]] if k + 1 + scale[2] < n else "")
            where.setdefault(full, (k, k + 1 + scale[2]))
            scale_tokens.update(range(k + 1, k + 1 + scale[2]))
            continue
        # "5bn", "$300m": digits and scale as one token
        m = _GLUED_SCALE.match(tok) if k not in spans and tok[:1].isdecimal() else None
        if m and (v := number_value(m.group(1))) is not None:
            unit = m.group(2).lower()
            if unit in ("m", "k") and not (offsets[k] and s.text[offsets[k] - 1] in _CURRENCY):
                continue
            name, power = _GLUED_UNITS[unit]
            spans[k] = full = scaled_value(v, power)
            shown.setdefault(full, f"{v} {name}")
            counted.setdefault(full, s.words[k + 1] if k + 1 < n else "")
            where.setdefault(full, (k, k + 1))
    for k in scale_tokens:
        spans.pop(k, None)
    # Chinese, Japanese and Korean write no space around a figure ("死者は37人", "37명이"): the regex
    # tokenizer keeps the run whole, so its figures are read from inside the token
    cjk = {k: found for k, tok in enumerate(s.raw) if k not in spans and (found := _cjk_figures(tok))}
    for found in cjk.values():
        for v, _, after in found:
            counted.setdefault(v, after)
    language = s.__dict__.get("_language")
    s.__dict__[("_shown", language)] = shown
    s.__dict__[("_counted", language)] = counted
    s.__dict__[("_where", language)] = where
    for k, w in enumerate(s.words):
        if _date_word(s, k):
            dates.append(w)
            continue
        if k in cjk:
            for v, is_date, _ in cjk[k]:
                (dates if is_date else nums).append(v)
            continue
        v = spans.get(k)
        if v is None:
            continue
        near = [j for j in range(max(0, k - 2), min(len(s.words), k + 3))
                if j != k and s.words[j] not in WEEKDAYS and _date_word(s, j)]
        if near and _date_number(s.raw[k]):
            dates.append(v)
            continue
        name = name_before(s, k, offsets, title_case)
        if name is not None:
            named.append(f"{s.raw[k - 1]} {v}")
        else:
            nums.append(v)
    return nums, dates, named


#: Letters of the scripts that write figures without spaces around them: CJK ideographs (and the
#: compatibility block), hiragana, katakana and Hangul syllables.
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_CJK_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
#: Characters after a figure that make it a date part (year, month, day; Chinese and Japanese
#: 年 月 日, Korean 년 월 일) or a time of day (時 点 分 秒, 시 분 초).
_CJK_DATE = frozenset("年月日時点分秒년월일시분초")
#: Myriad scales after a figure, with their powers of ten: 万/萬/만 10^4, 億/亿/억 10^8, 兆/조 10^12
#: ("120万" is 1,200,000; Japanese and Chinese count in myriads), and 千/천 10^3.
_CJK_SCALE = {"千": 3, "천": 3, "万": 4, "萬": 4, "만": 4, "億": 8, "亿": 8, "억": 8, "兆": 12, "조": 12}


def _cjk_figures(token: str) -> list[tuple[str, bool, str]]:
    """Figures written in digits inside a token of Chinese, Japanese or Korean text ("死者は37人",
    "120万人が", "2019年2月23日"), as ``(value, is a date part, the character after it)``; a myriad
    scale is part of the value ("120万" -> "1200000"). Empty for a token with no CJK letter.

    >>> [v for v, _, _ in _cjk_figures("当局说120万人撤离")], _cjk_figures("2月23日")[1][:2]
    (['1200000'], ('23', True))
    """
    if not _CJK.search(token):
        return []
    out = []
    for m in _CJK_NUMBER.finditer(token):
        v = number_value(m.group(0))
        if v is None:
            continue
        after = token[m.end() : m.end() + 1]
        power = _CJK_SCALE.get(after)
        if power is not None:
            v = scaled_value(v, power)
            after = token[m.end() + 1 : m.end() + 2]
        out.append((v, power is None and after in _CJK_DATE, after))
    return out


def _shown(s: Sentence, item: str) -> str:
    """A figure of :func:`_figures` (a value, or ``"Name value"``) as the sentence writes its scale:
    "1200000" read from "1.2 million" shows as "1.2 million" ("mln" as "million")."""
    language = s.__dict__.get("_language")
    shown = s.__dict__.get(("_shown", language)) or {}
    name, _, value = item.rpartition(" ")
    out = shown.get(value) or (s.__dict__.get(("_written", language)) or {}).get(value, value)
    return f"{name} {out}" if name else out


#: Currency signs written before a figure ("$3.2 billion", "US$40", "€5", "R$ 12"), kept in a detail.
_CURRENCY_BEFORE = re.compile(r"((?:US|A|C|HK|NZ|S|R)?[$£€¥₹])[ \u00a0]?$")
#: Words after a figure that say nothing of what it counts (EN/ES/PT/FR, folded): function words,
#: auxiliaries and verbs that follow a subject count ("12 were", "40 fled", "320 de"), comparisons.
_NOT_COUNTED = frozenset("""
the a an of in on at to from by for with and or but as than that which who whom whose this these those it
its their his her our your my there here then so not no nor more most less fewer many some any all each
every other another such same own very too also just only still even now ago later earlier before after
since until while during over under above below between among into onto upon about around across along per
via vs versus against without within up down out off again back if when where how what whether because
although though is are was were be been being am have has had having will would could should may might must
can cannot did do does done shall said says say told tell left fled died went came fell rose ran made took
got lost won saw became began stayed remain remains remained reached stood stand stands seemed seem seems
fought held kept de del da do dos das des du la le les el los las lo un una uno une um uma en em no na nos
nas y e et o ou u à al ao aos que qui por para pour par con com avec sin sem sur sobre entre hasta ate desde
depuis dans se ha han fue fueron foi foram es est son sont sao era eran etait ont mas mais plus menos moins
muy tres ya ja
""".split())
#: Adjectives before the noun a figure counts ("137 Venezuelan soldiers", "12 new cases"): the detail
#: shows the noun after them too. Capitalised words (nationalities) are read so whatever they are.
_COUNT_ADJECTIVES = frozenset("""
new more other additional armed unarmed young old local foreign former small large big major different
separate further extra full total confirmed suspected civilian military elderly injured wounded dead missing
displaced detained arrested killed fellow senior junior active retired registered eligible homeless
unemployed
""".split())
#: Participles that name who is counted ("12 injured", "40 missing"), unlike a verb after a count ("40 fled").
_COUNTED_PARTICIPLES = frozenset([
    "injured", "wounded", "missing", "displaced", "detained", "arrested", "killed", "hospitalised",
    "hospitalized", "infected", "evacuated", "stranded", "confirmed",
])
#: "per cent", "por ciento", "pour cent", "por cento" after a figure: its unit, two words.
_PERCENT_PAIRS = {("per", "cent"), ("por", "ciento"), ("pour", "cent"), ("por", "cento")}


def _counted_word(s: Sentence, offsets: list[int], j: int) -> bool:
    """Whether token ``j`` of ``s``, after spaces only, can be (part of) what a figure counts: a word
    of letters that is no function word, number word, date word or verb form (:data:`_NOT_COUNTED`;
    "-ly", "-ing" and "-ed" words only as :data:`_COUNTED_PARTICIPLES`)."""
    if j >= len(s.words) or not _spaces(s, offsets, j) or not s.raw[j].isalpha() or _CJK.search(s.raw[j]):
        return False
    w = s.words[j]
    if w in _NOT_COUNTED or w in FIGURE_WORDS or w in SCALE_WORDS or w in DATE_WORDS or w in NUMBER_WORDS:
        return False
    if w in _COUNTED_PARTICIPLES:
        return True
    return not (w.endswith("ly") or w.endswith("ing") or w.endswith("ed"))


def _unit_after(s: Sentence, offsets: list[int], j: int) -> str:
    """What a figure ending before token ``j`` counts or measures, as written: its unit or noun
    ("soldiers", "per cent", "Venezuelan soldiers", "new cases"), or "" when no word there says it."""
    n = len(s.words)
    if j + 1 < n and (s.words[j], s.words[j + 1]) in _PERCENT_PAIRS and _spaces(s, offsets, j) and _spaces(
            s, offsets, j + 1):
        return f"{s.raw[j]} {s.raw[j + 1]}"
    if not _counted_word(s, offsets, j):
        return ""
    # a capital marks a nationality before the noun, except in German, which capitalises every noun
    capital = s.raw[j][:1].isupper() and s.__dict__.get("_language") != "de"
    if (capital or s.words[j] in _COUNT_ADJECTIVES) and _counted_word(s, offsets, j + 1) and (
            s.raw[j + 1][:1].islower() or capital):
        return f"{s.raw[j]} {s.raw[j + 1]}"  # an adjective and the noun it qualifies
    return s.raw[j]


def _with_unit(s: Sentence, item: str) -> str:
    """A figure of :func:`_figures` as :func:`_shown` writes it, with the currency sign before it and
    the unit or counted noun after it that the sentence writes ("$3.2 billion", "4.5%", "137
    soldiers", "40 per cent"), so that a change's detail says what changed. A named number ("Boeing
    737") and a figure with nothing said around it ("rose to 173.") are shown alone."""
    out = _shown(s, item)
    name, _, value = item.rpartition(" ")
    where = (s.__dict__.get(("_where", s.__dict__.get("_language"))) or {}).get(value)
    if name or where is None:
        return out
    k, end = where
    if _CJK.search(s.raw[end - 1]):
        return out  # "37명이": Korean writes what is counted inside the figure's token
    offsets = _offsets(s)
    start = offsets[k - 1] + len(s.raw[k - 1]) if k else 0
    sign = _CURRENCY_BEFORE.search(s.text[start:offsets[k]])
    prefix = sign.group(1) if sign else ""
    tail = s.text[offsets[end - 1] + len(s.raw[end - 1]):]
    if re.match(r"[ \u00a0]?%", tail):
        return f"{prefix}{out}%"
    unit = "" if prefix or ":" in value else _unit_after(s, offsets, end)  # a clock time counts nothing
    return f"{prefix}{out} {unit}" if unit else f"{prefix}{out}"


#: One figure replaced by another in a number change's detail, each with its sign and up to two words
#: of unit or noun (:func:`_with_unit`): "137 soldiers -> 173 soldiers", "$40 -> $45", "4.5% -> 5.4%".
_REPLACED = re.compile(
    r"^\s*(?:[A-Z]{0,2}[$£€¥₹])?(-?\d[\d.,]*)(%|(?: [^\W\d][\w'’-]*){0,2})\s*->"
    r"\s*(?:[A-Z]{0,2}[$£€¥₹])?(-?\d[\d.,]*)(%|(?: [^\W\d][\w'’-]*){0,2})\s*$")


def replaced_figure(detail: str) -> tuple[str, str] | None:
    """The two figures of a ``number`` change's detail that replaced one figure by another, as written.

    For readers of the detail (a story's claim variants pair the two values): "137 soldiers -> 173
    soldiers" -> ``("137", "173")``, "137 -> 173" -> ``("137", "173")``, "$40 -> $45" -> ``("40",
    "45")``. ``None`` for any other detail: several figures ("270 people, 3 days -> ..."), a scale
    word ("1.2 million -> 1.2 billion"), a figure added or removed, a qualifier.

    >>> replaced_figure("137 soldiers -> 173 soldiers"), replaced_figure("4.5% -> 5.4%")
    (('137', '173'), ('4.5', '5.4'))
    >>> replaced_figure("1.2 million euros -> 1.2 billion euros"), replaced_figure("270, 3 -> 320, 4")
    (None, None)
    """
    m = _REPLACED.match(detail)
    if m is None:
        return None
    for unit in (m.group(2), m.group(4)):
        if unit.split() and fold(unit.split()[0]) in SCALE_WORDS:
            return None
    return m.group(1), m.group(3)


def date_changes(copy: Sentence, origin: Sentence) -> list[Change]:
    """Dates and weekdays that differ between two aligned sentences (both must state one).

    Only the date itself counts (month, weekday, day, year: :func:`_figures`); a figure next to a
    weekday is compared by :func:`number_changes`.
    """
    _, da, _ = _figures(origin)
    _, db, _ = _figures(copy)
    if da and db and sorted(da) != sorted(db):
        return [Change(kind="date", origin_text=origin.text, copy_text=copy.text,
                       detail=f"{' '.join(_as_written(origin, da))} -> {' '.join(_as_written(copy, db))}")]
    return []


def _as_written(s: Sentence, folded: list[str]) -> list[str]:
    """Folded date words ("tuesday") as the sentence writes them ("Tuesday"); others unchanged."""
    written = {w: r for w, r in zip(s.words, s.raw)}
    return [written.get(x, x) for x in folded]


def _by_name(items: list[str]) -> dict[str, list[str]]:
    """``"Name value"`` items grouped by folded name."""
    out: dict[str, list[str]] = {}
    for item in items:
        out.setdefault(fold(item.rsplit(" ", 1)[0]), []).append(item)
    return out


def _named_changes(gone: list[str], new: list[str], plain_gone: int, plain_new: int) -> tuple[list[str], list[str]]:
    """Which unmatched named numbers ("Name value") are changes, for each side.

    A name standing on both sides with another number is renumbered ("Boeing 737" -> "Boeing 747").
    A name with its number on one side only is a name added or dropped (an outlet "The 74" in a
    credit line the other side lacks), not a number change, unless the other side has more
    unmatched plain numbers than this one, which it then stands against: in a title-case headline
    "Toll Rises To 270" the "To" is no name, and against "Over 320" the 270 is a change.

    Args:
        gone, new: unmatched named numbers of the origin and of the copy.
        plain_gone, plain_new: how many plain numbers of each side are unmatched.

    Returns:
        ``(gone, new)`` to report: renumbered names as ``"Name value"``, stand-ins as bare values.
    """
    g, n = _by_name(gone), _by_name(new)
    both = sorted(g.keys() & n.keys())
    out_gone = [x for k in both for x in g[k]]
    out_new = [x for k in both for x in n[k]]
    only_gone = [x for k in g if k not in n for x in g[k]]
    only_new = [x for k in n if k not in g for x in n[k]]
    short = plain_gone - plain_new
    if short > 0:
        out_new += [x.rsplit(" ", 1)[1] for x in only_new[:short]]
    elif short < 0:
        out_gone += [x.rsplit(" ", 1)[1] for x in only_gone[:-short]]
    return out_gone, out_new


def _all_values(s: Sentence) -> frozenset[str]:
    """Every number value a sentence states, as a figure, a date part or inside a name (:func:`_figures`; kept on the sentence)."""
    key = ("_all_values", s.__dict__.get("_language"))
    cached = s.__dict__.get(key)
    if cached is None:
        nums, dates, named = _figures(s)
        # a clock time written as one token ("2am", "10.30pm", "14h") states its hour: house style
        # writes "2 a.m." as "2am" (a new-user test: "number removed: 2")
        hours = set(_glued_hours(s)) | set(_glued_times(s))
        values = set(nums) | {d for d in dates if d[:1].isdecimal()} | {x.rsplit(" ", 1)[1] for x in named} | hours
        # and each value's other readings ("4.40" is also 4:40; :func:`_digits_at`)
        cached = s.__dict__[key] = frozenset(values.union(*(_readings(s, v) for v in values)))
    return cached


def _readings(s: Sentence, value: str) -> set[str]:
    """The other readings of a figure ``value`` of ``s`` (:func:`_digits_at`: "4.40" is also the
    clock time 4:40, a Spanish "3,125" also 3.125), empty for most."""
    number_spans(s)
    return (s.__dict__.get(("_readings", s.__dict__.get("_language"))) or {}).get(value, set())


def _stated(value: str, s: Sentence, values: frozenset[str] | set[str]) -> bool:
    """Whether ``values`` (the other side's) hold a figure ``value`` of ``s`` in any of its readings."""
    return value in values or bool(_readings(s, value) & values)


#: A clock time glued into one token: "2am", "10.30pm", "7:45am", "14h".
_GLUED_TIME = re.compile(r"^(\d{1,2})(?:[:.]\d{2})?(?:am|pm|h)$", re.IGNORECASE)


def _glued_hours(s: Sentence) -> list[str]:
    """The hours of the clock times a sentence writes glued into one token ("2am" -> "2"), in order."""
    offsets = _offsets(s)
    # the minutes of "4:40pm" (tokens "4", "40pm") are no hour, and "12.40pm" is a time of its own
    # (:func:`_digits_at` reads both as one time)
    return [str(int(m.group(1))) for k, w in enumerate(s.raw)
            if (m := _GLUED_TIME.match(w)) and not (offsets[k] and s.text[offsets[k] - 1] == ":")
            and not _GLUED_MINUTES.match(w)]


def _glued_times(s: Sentence) -> list[str]:
    """The clock times a sentence writes glued into one token ("10.30pm" -> "10:30", with "22:30" for
    p.m., as :func:`_digits_at` reads "10:30"; "10pm" -> "10:00", "22:00" and the hour "22"; "14h"
    -> "14:00", "2:00" and "2")."""
    out = []
    for w in s.raw:
        m = re.match(r"^(\d{1,2})(?:[:.](\d{2}))?(am|pm|h)$", w, re.IGNORECASE)
        if m and (t := _clock(m.group(1), m.group(2) or "00")):
            times = [t, *_clock_readings(t, m.group(3).lower() == "pm")]
            out += times + ([x.split(":")[0] for x in times] if m.group(2) is None else [])
    return out


def _counted(s: Sentence, value: str) -> str:
    """The folded word after the first figure of ``value`` in ``s`` (after its scale word: what it
    counts, "days", "homes", "euros"), or ""."""
    _figures(s)
    return (s.__dict__.get(("_counted", s.__dict__.get("_language"))) or {}).get(value, "")


def _pair_by_context(gone: list[str], new: list[str], origin: Sentence, copy: Sentence) -> list[str]:
    """``new`` reordered so that a value counting the same thing as a ``gone`` value stands at its
    position ("270 people ... 3 days" against "4 days ... 320 people" pairs 270 with 320, 3 with 4);
    the others keep their order after the paired ones."""
    slots, rest = _paired_slots(gone, new, origin, copy)
    return [x for x in slots if x is not None] + rest


def _paired_slots(gone: list[str], new: list[str], origin: Sentence, copy: Sentence) -> tuple[list[str | None], list[str]]:
    """Per ``gone`` value, the ``new`` value that replaced it (one counting the same thing, else the
    next unpaired one in order), or None when ``new`` ran out; and the ``new`` values left over."""
    rest = list(new)
    out: list[str | None] = [None] * len(gone)
    for k, g in enumerate(gone):
        noun = _counted(origin, g.rsplit(" ", 1)[-1])
        hit = next((n for n in rest if noun and _counted(copy, n.rsplit(" ", 1)[-1]) == noun), None)
        if hit is not None:
            out[k] = hit
            rest.remove(hit)
    for k in range(len(out)):
        if out[k] is None and rest:
            out[k] = rest.pop(0)
    return out, rest


#: "over" before a span of time is a duration ("a 9% raise over two years", "spread over 12 months"),
#: not "more than"; after "for" ("for over 20 years") it is "more than" again.
_DURATION = re.compile(r"\s+\S+\s+(?:years?|months?|weeks?|days?|decades?|hours?|quarters?|seasons?)\b", re.IGNORECASE)


def _qualifier_key(written: str) -> tuple[str, int] | None:
    """The table's qualifier for a folded qualifier as a text writes it ("mas del" -> "más de",
    "hacia las" -> "hacia", "al menos a las" -> "al menos", "at least to" -> "at least"), and how many
    words of it are the qualifier; None where it is none."""
    words = written.split()
    for drop in (0, 1, 2):
        part = words[:len(words) - drop]
        if not part or any(w not in _GAP_WORDS + ("to",) for w in words[len(part):]):
            continue
        last = part[-1]
        for form in (last, re.sub(f"^{_DE_FORMS}$", "de", last), re.sub(f"{_A_FORMS}$", "a", last)):
            key = " ".join(part[:-1] + [form])
            if key in _FOLDED_QUALIFIER:
                return _FOLDED_QUALIFIER[key], len(part)
    return None


#: A clock time after a qualifier ("hasta las 10", "até às 22h", "jusqu'à 10h30", "until 4:40 p.m."):
#: the figure is a time, and "hasta" before it is "until", no upper bound.
_CLOCK_NEXT = re.compile(r"[\s\u00a0]+\d{1,2}(?:[:h.]\d{2}\b|h\b|[\s\u00a0]*(?:h|hs|horas|heures|uhr|[ap]\.?m)\b)")


#: Qualifiers of the "about" group that say "towards" before a year ("hacia 2030" is "by 2030").
_TOWARDS = frozenset({"hacia", "vers"})
#: A year standing alone after a qualifier, punctuation after it allowed ("hasta 2030.").
_YEAR_ALONE = re.compile(r"^(?:19|20)\d\d[.,;:)]?$")


def _qualified(text: str, language: str | None = None) -> list[tuple[str, str, str | None]]:
    """The number qualifiers of a text as ``(qualifier as written, lower case; its meaning group; the
    value of the figure it qualifies, or None)``, in order (:data:`QUALIFIERS_BY_LANGUAGE` before a
    figure, matched without regard to accents unless :data:`_ACCENT_NEEDED`).

    Left out: "over" a span of time (:data:`_DURATION`), a qualifier bound to other languages than
    ``language`` (:data:`QUALIFIER_BOUND`), and one of the "at most" group before a clock time
    ("hasta las 10" is "until 10") or before a year counting nothing ("hasta 2030", "jusqu'à 2030"
    is "until 2030"; "hasta 2030 personas" is a bound), as "hacia" and "vers" there (:data:`_TOWARDS`).
    """
    plain = _plain(text)
    out = []
    for m in _QUAL.finditer(plain):
        found = _qualifier_key(" ".join(m.group(1).split()))
        if found is None:
            continue
        q, size = found
        written = " ".join(text[m.start(1):m.end(1)].replace("\u2019", "'").lower().split()[:size])
        if fold(q) in _ACCENT_NEEDED and written.isascii():
            continue
        if q in QUALIFIER_BOUND and language not in QUALIFIER_BOUND[q]:
            continue
        group = _QUALIFIER_GROUP[q]
        if q == "over" and _DURATION.match(text, m.end()) and not text[:m.start()].rstrip().lower().endswith("for"):
            continue
        gap = m.group(1).split()[size:]
        if group == "at most" and (set(gap) & {"las", "as"} or _CLOCK_NEXT.match(plain, m.end())):
            continue
        figure = re.match(r"[\s\u00a0]+(?:(?:US|[A-Z])?[$£€¥₹][\s\u00a0]?)?(\S+)(?:[\s\u00a0]+([^\W\d_]+))?", text[m.end():])
        if q.startswith("near") and figure and (figure.group(2) or "")[:1].isupper():
            continue  # "near 10 Downing Street": a place, not a count
        if (group == "at most" or q in _TOWARDS) and figure and _YEAR_ALONE.match(figure.group(1)) and (
                figure.group(2) is None or not figure.group(1)[-1].isdecimal() or fold(figure.group(2)) in _NOT_COUNTED):
            continue  # "hasta 2030", "vers 2030": until, by a year, no bound of a figure
        out.append((written, group, token_value(figure.group(1).strip(".,;:%")) if figure else None))
    return out


def _qualifiers(text: str, language: str | None = None) -> list[str]:
    """The number qualifiers of a text as written, lower case (:func:`_qualified`)."""
    return [q for q, _, _ in _qualified(text, language)]


def _qualified_in(s: Sentence) -> list[tuple[str, str, str | None]]:
    """:func:`_qualified` of a sentence in its language, kept on the sentence."""
    key = ("_qualified", s.__dict__.get("_language"))
    if key not in s.__dict__:
        s.__dict__[key] = _qualified(s.text, key[1])
    return s.__dict__[key]


def _qualifier_diff(copy: Sentence, origin: Sentence) -> tuple[list[tuple[str, str, str | None]], ...]:
    """Qualifiers of numbers in each sentence (:func:`_qualified`) and those whose meaning group
    (:data:`QUALIFIER_GROUPS`) one side lacks: ``(origin qualifiers, copy qualifiers, origin-only,
    copy-only)``, each a list of ``(qualifier, group, value qualified)``. A Spanish "al menos 17"
    against an English "at least 17" is one group on both sides, no difference."""
    qa, qb = _qualified_in(origin), _qualified_in(copy)
    ga, gb = Counter(g for _, g, _ in qa), Counter(g for _, g, _ in qb)

    def surplus(qs: list, other: list, extra: Counter) -> list:
        # as many of a group as the other side lacks, those the other side does not write first
        written = {q for q, _, _ in other}
        picked = set()
        for k in sorted(range(len(qs)), key=lambda k: qs[k][0] in written):
            g = qs[k][1]
            if extra[g] > 0:
                extra[g] -= 1
                picked.add(k)
        return [x for k, x in enumerate(qs) if k in picked]

    return qa, qb, surplus(qa, qb, ga - gb), surplus(qb, qa, gb - ga)


#: Largest gap between a rounded figure and the exact figure it stands for, as a share of the larger
#: ("nearly 600,000" for 622,431 is 3.6%; "more than 270" for 320 is 16%, a change).
ROUNDING = 0.05


def _round_zeros(value: str) -> int:
    """How many zeros end a whole number's digits ("600000" 5, "622431" 0)."""
    return len(value) - len(value.rstrip("0"))


def rounds(rounded: str, exact: str, group: str | None) -> bool:
    """Whether a rounded figure with a qualifier of meaning ``group`` says the other side's exact figure.

    "nearly 600,000" or "about 600,000" says 622,431 (a copy rounds the origin's figure and hedges it
    so, or a headline rounds the body's): both are whole numbers, ``rounded`` ends in more zeros than
    ``exact``, they differ by at most :data:`ROUNDING` of the larger, and the qualifier allows the
    direction ("more than 600,000" says 622,000, not 590,000; "up to 600,000" the other way round).

    Args:
        rounded, exact: canonical values (as :func:`number_value` writes them); clock times and decimals never round.
        group: the meaning group of ``rounded``'s qualifier (:data:`QUALIFIER_GROUPS`), or None (none:
            never a rounding; a headline's bare figure is read by the caller as "about").

    Returns:
        True when ``rounded`` covers ``exact``.
    """
    if group is None or group == "exactly" or not (rounded.isdecimal() and exact.isdecimal()):
        return False
    r, e = int(rounded), int(exact)
    if r == e or not r or not e or _round_zeros(rounded) < max(1, _round_zeros(exact) + 1):
        return False
    if abs(r - e) > ROUNDING * max(r, e):
        return False
    if group in ("above", "at least"):
        return e > r
    if group in ("below", "at most"):
        return e < r
    return True


def _roundings(gone: list[str], new: list[str], origin: Sentence, copy: Sentence,
               headline: tuple[bool, bool]) -> tuple[list[str], list[str]]:
    """``gone`` and ``new`` without the pairs where one figure is a rounding of the other (:func:`rounds`:
    "nearly 600,000" against "622,431"); a headline's bare figure rounds as with "about"."""
    groups = ({v: g for _, g, v in _qualified_in(origin) if v}, {v: g for _, g, v in _qualified_in(copy) if v})
    gone, new = list(gone), list(new)
    for g in list(gone):
        for n in new:
            if rounds(n, g, groups[1].get(n) or ("about" if headline[0] else None)) or rounds(
                    g, n, groups[0].get(g) or ("about" if headline[1] else None)):
                gone.remove(g)
                new.remove(n)
                break
    return gone, new


def rounded_qualifier(value: str | None, group: str, own: Sentence, other: Sentence) -> bool:
    """Whether a qualifier that only ``own`` writes, before ``value``, hedges a rounding of a figure
    that only ``other`` states ("nearly 600,000" against "622,431" adds no hedge: it says the same)."""
    if value is None:
        return False
    mine = _all_values(own)
    return any(rounds(value, v, group) for v in _figures(other)[0] if v not in mine)


#: Words after which "one" is a pronoun or part of a set phrase ("no one", "the one who").
_ONE_BEFORE = frozenset(["no", "any", "every", "each", "some", "the", "this", "that", "which", "someone", "anyone"])
#: Words after "one" that make it no count ("one of", "one another", "one day").
_ONE_AFTER = frozenset(["of", "another", "day", "time", "way", "hand", "who", "that", "which", "and", "or", "in",
                        "on", "at", "by", "to", "for", "is", "was", "says", "said", "thing"])


def _one_in_place_of(value: str, s: Sentence, other: Sentence) -> int | None:
    """The index in ``other.raw`` of a counting English "one" that ``other`` puts where ``s`` states
    its only figure ``value``, or None.

    The "one" counts the noun after it (not "one of", "no one", "one day") and stands in the
    same differing stretch of the two sentences' words as the figure (difflib opcodes), once.
    """
    spans = [(k1, k2) for k1, k2, v in number_spans(s) if v == value]
    if len(spans) != 1 or len(number_spans(s)) != 1:
        return None
    raw = other.raw
    ones = [k for k, w in enumerate(raw) if w.casefold() == "one"
            and k + 1 < len(raw) and raw[k + 1].isalpha() and raw[k + 1].islower() and raw[k + 1] not in _ONE_AFTER
            and (k == 0 or raw[k - 1].casefold() not in _ONE_BEFORE)]
    if len(ones) != 1:
        return None
    (k1, k2), k = spans[0], ones[0]
    matcher = SequenceMatcher(None, [fold(w) for w in s.raw], [fold(w) for w in raw], autojunk=False)
    found = any(tag == "replace" and i1 <= k1 and k2 <= i2 and j1 <= k < j2
                for tag, i1, i2, j1, j2 in matcher.get_opcodes())
    return k if found else None


#: Digit groups separated by a space, a no-break space or a narrow no-break space: French, Norwegian
#: and SI style write thousands so ("1 850"); the tokens read them as two numbers.
_SPACE_GROUPS = re.compile(rf"(?<![\d.,])\d{{1,3}}(?:[{GROUP_SEPARATORS}]\d{{3}})+(?![\d.,]?\d)")


def _space_grouped(missing: list[str], extra: list[str], other: Sentence) -> tuple[list[str], list[str]]:
    """Read ``other``'s space-grouped thousands ("1 850") as one figure where the tokens made two.

    ``extra`` holds values only ``other`` states, ``missing`` values only the opposite side states.
    A group written with a plain space counts only where the opposite side states its value (a
    figure "1.850" on one side and "1 850" on the other is no change; a new-user test got "1850 -> 1,
    850"), so "3 500-page" alone stays two numbers; one written with a no-break or narrow no-break
    space (typeset French, SI style) is one figure wherever it stands.

    Returns:
        ``(missing, extra)`` with the group's pieces read as its value.
    """
    if not extra:
        return missing, extra
    missing, extra = list(missing), list(extra)
    for m in _SPACE_GROUPS.finditer(other.text):
        parts = re.split(f"[{GROUP_SEPARATORS}]", m.group(0))
        value = str(int(ungrouped(m.group(0))))
        pieces = [str(int(p)) for p in parts]
        # the lone first group ("1") may not read as a figure at all; the rest must be in ``extra``
        if not all(p in extra for p in pieces[1:]):
            continue
        if value in missing:  # the opposite side states it: the same figure
            missing.remove(value)
            replacement = []
        elif " " in m.group(0):  # a plain space groups digits only where the other side says so
            continue
        else:
            replacement = [value]
        for p in pieces:
            if p in extra:
                extra.remove(p)
        extra += replacement
    return missing, extra


def number_changes(copy: Sentence, origin: Sentence, qualifiers: bool = True, context: tuple[set[str], set[str]] = (set(), set()),
                   firm: bool = True, headline: tuple[bool, bool] = (False, False)) -> list[Change]:
    """Numbers (and, with ``qualifiers``, a qualifier swapped for one of another meaning) that differ
    between two aligned sentences; dates are left to :func:`date_changes`, a qualifier added or
    removed to :func:`hedge_changes`.

    A number that is part of a name ("Apollo 11", "Fox 5", the outlet "The 74"; :func:`name_before`)
    is compared with the same name's number on the other side (:func:`_named_changes`): "Boeing 737"
    -> "Boeing 747" is a change, a credit "Lena Okafor/The 74" that the other side lacks is not.
    A value that the other sentence states in any role (figure, date part, inside a name), or that
    stands in a neighbouring sentence of the other side (``context``: a sentence split or merged),
    is never reported; several changed values are paired by what they count (:func:`_pair_by_context`).

    Args:
        copy, origin: the aligned sentences.
        qualifiers: compare qualifier meanings (off where the two languages' qualifiers are unknown).
        context: number values of the origin's and of the copy's neighbouring sentences.
        firm: the pair is aligned at the alignment threshold; a loosely matched pair (a gap pair,
            :func:`newstrace.provenance.align.gap_pairs`) reports a number only where both sides
            hold one that changed, since a number on one side only may be another sentence's.
        headline: whether the copy's and the origin's sentence is its article's headline, whose
            bare round figure may stand for the other side's exact one ("600,000" for "622,431").
            A figure with a qualifier that covers the other side's (:func:`rounds`: "nearly 600,000"
            for "622,431") is no change wherever it stands.

    Returns:
        At most one ``number`` Change whose ``origin_text`` and ``copy_text`` are the two sentences and
        whose detail names each figure with the currency sign, percent sign, unit or counted noun its
        sentence writes (:func:`_with_unit`): "270 people, 3 days -> 320 people, 4 days", "$3.2 billion
        -> $3.5 billion", "number added: 800 officers", "number removed: 45", "137 soldiers -> 173
        soldiers; number removed: 9 trucks" (values replaced and one dropped), and/or "qualifier over ->
        under".
    """
    a, _, na = _figures(origin)
    b, _, nb = _figures(copy)
    in_a, in_b = _all_values(origin) | context[0], _all_values(copy) | context[1]
    gone = [x for x in a if x not in b]
    new = [x for x in b if x not in a]
    gone, new = _space_grouped(gone, new, copy)
    new, gone = _space_grouped(new, gone, origin)
    # a clock time glued in house style ("3am") is a figure where the other side states another hour
    new += [h for h in _glued_hours(copy) if h not in _all_values(origin) and h not in new]
    gone += [h for h in _glued_hours(origin) if h not in _all_values(copy) and h not in gone]
    named_gone, named_new = _named_changes([x for x in na if x not in nb], [x for x in nb if x not in na],
                                           len(gone), len(new))
    # a value the other side states in any role is no change ("Pero tres" read as a name, "tres")
    # (in any of its readings: "4.40" against a French "4h40", a clock time; :func:`_digits_at`)
    gone = list(dict.fromkeys(x for x in gone + named_gone if not _stated(x.rsplit(" ", 1)[-1], origin, in_b)))
    new = list(dict.fromkeys(x for x in new + named_new if not _stated(x.rsplit(" ", 1)[-1], copy, in_a)))
    gone, new = _roundings(gone, new, origin, copy, headline)
    details = []
    shown_gone = ", ".join(_with_unit(origin, x) for x in gone)
    paired = _pair_by_context(gone, new, origin, copy) if gone else new
    shown_new = ", ".join(_with_unit(copy, x) for x in paired)
    # "Two people remain missing" -> "One person remains missing": a lone "one" counting a noun in
    # the figure's place is its replacement (read only here: alone "one" is mostly a pronoun)
    if firm and gone and not new and (one := _one_in_place_of(gone[0], origin, copy)) is not None:
        new = ["1"]
        shown_new = f"1 {copy.raw[one + 1]}"
    elif firm and new and not gone and (one := _one_in_place_of(new[0], copy, origin)) is not None:
        gone = ["1"]
        shown_gone = f"1 {origin.raw[one + 1]}"
    if gone and new and len(gone) != len(new):
        # "137 ... nine missing" -> "173": one value replaced, one dropped, not "137, 9 -> 173"
        slots, rest = _paired_slots(gone, new, origin, copy)
        pairs = [(g, n) for g, n in zip(gone, slots) if n is not None]
        was = ", ".join(_with_unit(origin, g) for g, _ in pairs)
        now = ", ".join(_with_unit(copy, n) for _, n in pairs)
        details.append(f"{was} -> {now}")
        if firm and (removed := [g for g, n in zip(gone, slots) if n is None]):
            details.append(f"number removed: {', '.join(_with_unit(origin, g) for g in removed)}")
        if firm and rest:
            details.append(f"number added: {', '.join(_with_unit(copy, n) for n in rest)}")
    elif gone and new:
        details.append(f"{shown_gone} -> {shown_new}")
    elif firm and gone:
        details.append(f"number removed: {shown_gone}")
    elif firm and new:
        details.append(f"number added: {shown_new}")
    if qualifiers and (a or b):
        qa, qb, only_a, only_b = _qualifier_diff(copy, origin)
        # a qualifier swapped for one of the same meaning ("more than" -> "over") is no change; one of
        # another meaning ("over" -> "under") changes the figure; one only added or removed is a hedge
        if only_a and only_b:
            details.append(f"qualifier {'/'.join(q for q, _, _ in qa) or '-'} -> {'/'.join(q for q, _, _ in qb) or '-'}")
    if not details:
        return []
    return [Change(kind="number", origin_text=origin.text, copy_text=copy.text, detail="; ".join(details).replace("\u00a0", " "))]
