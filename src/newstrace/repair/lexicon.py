"""Word-frequency evidence for repairs: Zipf frequencies from wordfreq in the text's own language,
word tokens, function words."""

from __future__ import annotations

import math
import re
from functools import lru_cache

# A word token: letters (any script) with inner asterisks, so masked words ("cl***ic") stay whole.
WORD_RE = re.compile(r"[^\W\d_]+(?:\*+[^\W\d_]*)*|\*+[^\W\d_]+(?:\*+[^\W\d_]*)*", re.UNICODE)

# Function words that lost markup glues to the end of a word ("asylumand"). Frequent, short,
# closed-class: the split "asylum|and" is only proposed when the rest is itself a frequent word.
GLUE_RIGHT = frozenset(
    "and or but the of to in on at for with from by as that than".split()
)
# Speech verbs that a lost closing quotation mark glues to the last quoted word ("themsaid").
SPEECH_VERBS = frozenset(
    "said says told added asked explained replied insisted noted stated warned wrote declared".split()
)

#: Function words lost markup glues to the end of a word, per language (English: :data:`GLUE_RIGHT`).
#: Only conjunctions and prepositions of two or more letters that no inflection ends in: Spanish,
#: Italian and Portuguese object pronouns ("la", "lo", "los", "le") are left out, being glued to
#: verbs in good text ("reconstruirla"), and German has none, its compounds being single words
#: ("Bürgermeisterin"). A language without a list gets no function-word splits.
GLUE_RIGHT_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": GLUE_RIGHT,
    "es": frozenset("que del por con para pero como entre sobre desde".split()),
    "pt": frozenset("que com para pelo pela mas como entre sobre desde".split()),
    "fr": frozenset("que des pour avec dans sur par mais".split()),
    "it": frozenset("che del della per con nel nella come".split()),
}
#: Speech verbs a lost closing mark glues to the last quoted word, per language ("todosdijo").
#: French cues are mostly two words ("a déclaré") and German quotations use marks the glued-quote
#: repair does not pair, so they have none.
SPEECH_VERBS_BY_LANGUAGE: dict[str, frozenset[str]] = {
    "en": SPEECH_VERBS,
    "es": frozenset("dijo afirmó explicó añadió aseguró declaró señaló".split()),
    "pt": frozenset("disse afirmou explicou acrescentou declarou".split()),
    "it": frozenset("disse spiegò aggiunse dichiarò".split()),
}


@lru_cache(maxsize=8)
def _frequencies(language: str = "en") -> dict[str, float]:
    import wordfreq

    return wordfreq.get_frequency_dict(language, wordlist="best")


@lru_cache(maxsize=64)
def _language_of(text: str, given: str | None) -> str | None:
    import wordfreq

    from newstrace.nlp.language import identify_language, is_plausibly_english

    if given:
        code = given.split("-")[0].lower()
    else:
        code, _ = identify_language(text)
        if code is None:
            # an unsure text (short, or a table of figures) is judged in English when it reads as English
            return "en" if is_plausibly_english(text) else None
    path = wordfreq.available_languages().get(code, "")
    # a "small" list stops near Zipf 3, so too many good words would read as unknown there
    return code if "large_" in str(path) and code not in _UNSPACED else None


#: Languages written without spaces between words: a letter run is no word there, so no word list judges it.
_UNSPACED = frozenset({"ja", "zh", "ko", "th"})


def judging_language(text: str, given: str | None = None) -> str | None:
    """The language whose word list judges the words of ``text`` for a repair, or ``None``.

    Word-frequency repairs (glued words, censor filters) must read a text in its own language:
    judged by English frequencies, the Spanish verb "sonaron" is an unknown word made of "sonar" +
    "on". The language is ``given`` (a caller that knows it, :attr:`RepairConfig.language`) or
    identified from the text (:func:`newstrace.nlp.language.identify_language`); a text whose
    language goes unidentified is judged in English only when it reads as English
    (:func:`~newstrace.nlp.language.is_plausibly_english`).

    Args:
        text: the document.
        given: the language code the caller knows, or ``None``.

    Returns:
        A wordfreq language code, or ``None`` when no word list can judge the text (its language
        is unknown, or wordfreq has no large list for it): word-frequency repairs then leave it alone.

    >>> judging_language("Las sirenas sonaron a las cuatro y media de la madrugada en todo el valle.")
    'es'
    >>> judging_language("Ask the clerk about your asylumand wait.")
    'en'
    """
    return _language_of(text, given)


def zipf(word: str, language: str = "en") -> float:
    """Zipf frequency of a single word in ``language`` (English by default), from wordfreq's ``best`` list.

    Zipf is log10 of occurrences per billion words (Speer et al., wordfreq 3; "the" ~ 7.7,
    "asylum" ~ 4.0, unknown words 0.0). Looked up in wordfreq's frequency dictionary
    directly (one dict access, no tokenizer), so only single lowercase-able words are valid
    input; the value is not rounded as ``wordfreq.zipf_frequency`` rounds it.

    Args:
        word: one word, any case.
        language: a wordfreq language code (:func:`judging_language`).

    Returns:
        float: the Zipf value, 0.0 for a word not in the list.
    """
    freq = _frequencies(language).get(word.lower())
    return math.log10(freq) + 9.0 if freq else 0.0


@lru_cache(maxsize=16)
def known_words(floor: float, language: str = "en") -> frozenset[str]:
    """Lowercase words of ``language`` with Zipf >= ``floor``: a set for fast screening of every token."""
    cut = 10 ** (floor - 9.0)
    return frozenset(w for w, f in _frequencies(language).items() if f >= cut)


def is_unknown(word: str, ceiling: float, language: str = "en") -> bool:
    """True when ``word`` (any case) has a Zipf value below ``ceiling`` in ``language`` and, for a
    text in another language, in English too (an English word quoted in it is no damage either)."""
    low = word.lower()
    if low in known_words(ceiling, language):
        return False
    return language == "en" or low not in known_words(ceiling, "en")


_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: Letters a misspelling may drop, add or swap in a language besides a-z.
_ACCENTED = {"es": "áéíóúñü", "pt": "áéíóúâêôãõçà", "fr": "éèêàâùûîïôçë", "it": "àèéìòù", "de": "äöüß"}


def typo_neighbour(word: str, min_zipf: float = 2.0, language: str = "en") -> str | None:
    """The most frequent word one edit away from ``word`` (Damerau-Levenshtein distance 1), if any.

    Edits are Norvig's (2007, "How to Write a Spelling Corrector"): one deletion,
    transposition, substitution or insertion of a letter a-z. A token with such a neighbour
    is more likely a misspelling ("forcasting", "billin") than two glued words.

    Args:
        word: one word, any case.
        min_zipf: Zipf floor for a neighbour to count.
        language: the word list the neighbour is looked up in.

    Returns:
        The neighbour (lowercase) or ``None``.

    >>> typo_neighbour("demonstated"), typo_neighbour("asylumand")
    ('demonstrated', None)
    """
    w = word.lower()
    splits = [(w[:i], w[i:]) for i in range(len(w) + 1)]
    cands = {a + b[1:] for a, b in splits if b}
    cands |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    letters = _ALPHABET + _ACCENTED.get(language, "")
    cands |= {a + c + b[1:] for a, b in splits if b for c in letters}
    cands |= {a + c + b for a, b in splits for c in letters}
    cands.discard(w)
    best = max(cands, key=lambda c: zipf(c, language), default=None)
    return best if best is not None and zipf(best, language) >= min_zipf else None


_SUFFIXES = ("ers", "er", "ings", "ing", "ed", "es", "s", "ly", "ness", "ment", "ism", "ist")
_ALT_ENDINGS = ("", "e", "s", "ing", "ed", "er", "ers", "ation")


def derived_form(word: str, min_zipf: float = 2.0, language: str = "en") -> str | None:
    """A known word that ``word`` is an inflection or derivation of ("infighter" <- "infighting").

    Strips one common suffix and tries the stem with other common endings; a hit means the
    token is a rarer form of a known word, not two words run together. The endings are English;
    in another language the related word is looked up in its list all the same.

    Args:
        word: one word, any case.
        min_zipf: Zipf floor for the related word.
        language: the word list the related word is looked up in.

    Returns:
        The related known word (lowercase) or ``None``.

    >>> derived_form("infighter"), derived_form("asylumand")
    ('infighting', None)
    """
    w = word.lower()
    for suffix in _SUFFIXES:
        stem = w[: -len(suffix)]
        if w.endswith(suffix) and len(stem) >= 3:
            for ending in _ALT_ENDINGS:
                if stem + ending != w and zipf(stem + ending, language) >= min_zipf:
                    return stem + ending
    return None


def case_like(model: str, word: str) -> str:
    """Give ``word`` the letter case of ``model``: UPPER, Title or lower.

    >>> case_like("Bad", "ass"), case_like("BAD", "ass"), case_like("bad", "Ass")
    ('Ass', 'ASS', 'ass')
    """
    letters = [c for c in model if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    if letters and letters[0].isupper():
        return word[:1].upper() + word[1:].lower()
    return word.lower()
