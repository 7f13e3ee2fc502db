"""Word-frequency evidence for repairs: Zipf frequencies from wordfreq, word tokens, function words."""

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


@lru_cache(maxsize=1)
def _frequencies() -> dict[str, float]:
    import wordfreq

    return wordfreq.get_frequency_dict("en", wordlist="best")


def zipf(word: str) -> float:
    """Zipf frequency of a single word in English, from wordfreq's ``best`` list.

    Zipf is log10 of occurrences per billion words (Speer et al., wordfreq 3; "the" ~ 7.7,
    "asylum" ~ 4.0, unknown words 0.0). Looked up in wordfreq's frequency dictionary
    directly (one dict access, no tokenizer), so only single lowercase-able words are valid
    input; the value is not rounded as ``wordfreq.zipf_frequency`` rounds it.

    Args:
        word: one word, any case.

    Returns:
        float: the Zipf value, 0.0 for a word not in the list.
    """
    freq = _frequencies().get(word.lower())
    return math.log10(freq) + 9.0 if freq else 0.0


@lru_cache(maxsize=4)
def known_words(floor: float) -> frozenset[str]:
    """Lowercase words with Zipf >= ``floor``: a set for fast screening of every token."""
    cut = 10 ** (floor - 9.0)
    return frozenset(w for w, f in _frequencies().items() if f >= cut)


def is_unknown(word: str, ceiling: float) -> bool:
    """True when ``word`` (any case) has a Zipf value below ``ceiling`` (one set lookup)."""
    return word.lower() not in known_words(ceiling)


_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def typo_neighbour(word: str, min_zipf: float = 2.0) -> str | None:
    """The most frequent word one edit away from ``word`` (Damerau-Levenshtein distance 1), if any.

    Edits are Norvig's (2007, "How to Write a Spelling Corrector"): one deletion,
    transposition, substitution or insertion of a letter a-z. A token with such a neighbour
    is more likely a misspelling ("forcasting", "billin") than two glued words.

    Args:
        word: one word, any case.
        min_zipf: Zipf floor for a neighbour to count.

    Returns:
        The neighbour (lowercase) or ``None``.

    >>> typo_neighbour("demonstated"), typo_neighbour("asylumand")
    ('demonstrated', None)
    """
    w = word.lower()
    splits = [(w[:i], w[i:]) for i in range(len(w) + 1)]
    cands = {a + b[1:] for a, b in splits if b}
    cands |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    cands |= {a + c + b[1:] for a, b in splits if b for c in _ALPHABET}
    cands |= {a + c + b for a, b in splits for c in _ALPHABET}
    cands.discard(w)
    best = max(cands, key=zipf, default=None)
    return best if best is not None and zipf(best) >= min_zipf else None


_SUFFIXES = ("ers", "er", "ings", "ing", "ed", "es", "s", "ly", "ness", "ment", "ism", "ist")
_ALT_ENDINGS = ("", "e", "s", "ing", "ed", "er", "ers", "ation")


def derived_form(word: str, min_zipf: float = 2.0) -> str | None:
    """A known word that ``word`` is an inflection or derivation of ("infighter" <- "infighting").

    Strips one common suffix and tries the stem with other common endings; a hit means the
    token is a rarer form of a known word, not two words run together.

    Args:
        word: one word, any case.
        min_zipf: Zipf floor for the related word.

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
                if stem + ending != w and zipf(stem + ending) >= min_zipf:
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
