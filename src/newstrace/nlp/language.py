"""Language identification of an article body with py3langid, abstaining on tables and low confidence."""

from __future__ import annotations

import re
from functools import lru_cache

#: Least normalised probability (0..1) of py3langid's best language for it to be taken.
#: Measured (session 5) on the first 2,000 Reuters-21578 stories and the 60 provenance-corpus
#: articles: every misread earnings or dividend table ("Shr 1.25 dlrs vs 1.10 dlrs Net ...",
#: read as pcm, zxx, vo or wa) scored at most 0.61, every real article in English, Spanish,
#: Portuguese, Greek, Russian, Dutch or Indonesian at least 0.87; a one-sentence text in another
#: language scores 0.5-0.99, so a short body is read together with its headline.
MIN_CONFIDENCE = 0.7
#: Share of word tokens holding a digit above which a text is a table of figures, not prose.
MAX_NUMBER_SHARE = 0.4
#: py3langid labels that name no language: "zxx" (no linguistic content), "und" (undetermined).
NO_LANGUAGE = frozenset({"zxx", "und"})
#: English function words that the languages the corpora hold (Spanish, Portuguese, French,
#: German, Dutch, Italian, Indonesian) do not spell the same way ("in", "on", "a", "die", "was"
#: and "also" are left out for that reason).
ENGLISH_FUNCTION_WORDS = frozenset(
    "the of and to is are were be been being that this these those with for from by at it its he she they "
    "we his her their has have had not but or which who whom said says than more about into after over "
    "would could should there what when where while".split()
)
#: Least share (0..1) of word tokens in :data:`ENGLISH_FUNCTION_WORDS` for a text of unknown
#: language to be read as English. Measured (session 5) on the provenance corpus: the 51 English
#: articles score 0.20-0.34, the Spanish, Portuguese, Greek and Indonesian ones 0.00, the Dutch
#: one 0.03; of the first 2,000 Reuters-21578 stories, 251 of the 259 on which
#: :func:`identify_language` abstains (earnings and dividend tables) score below 0.1.
MIN_ENGLISH_SHARE = 0.1
_TOKEN = re.compile(r"\S+")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_SAMPLE = 5000  # characters classified: enough for a confident decision, bounded cost


@lru_cache(maxsize=1)
def _identifier():
    """py3langid's bundled model with normalised probabilities (loaded once per process)."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def number_share(text: str) -> float:
    """Share (0..1) of white-space separated tokens of ``text`` that contain a digit; 0 for no tokens.

    Text in a script written without spaces (Japanese, Chinese, Thai: over 12 characters a token)
    is counted by characters instead, digits among letters and digits: a Japanese article with one
    figure in each of two long runs is not "half figures" (it was, and its language went unread).
    """
    toks = _TOKEN.findall(text)
    if not toks:
        return 0.0
    if len(text) > 12 * len(toks):
        chars = [c for c in text if c.isalnum()]
        return sum(c.isdecimal() for c in chars) / len(chars) if chars else 0.0
    return sum(any(c.isdecimal() for c in t) for t in toks) / len(toks)


def identify_language(text: str, headline: str = "") -> tuple[str | None, float]:
    """Language of an article, or ``None`` when the text does not tell it.

    Method: py3langid (Lui & Baldwin 2012, langid.py's naive Bayes model over byte n-grams;
    the py3langid fork) on the headline and the first 5,000 characters of the body, with
    probabilities normalised over its labels. It abstains (``None``) when most of the
    text is figures (over :data:`MAX_NUMBER_SHARE` of tokens hold a digit: a results table),
    when the best label names no language (:data:`NO_LANGUAGE`), or when its probability is
    below :data:`MIN_CONFIDENCE`: an earnings table such as "Shr 1.25 dlrs vs 1.10 dlrs Net
    5,000 vs 4,000" is otherwise read as Nigerian Pidgin (pcm), Volapük or "no content".

    A short text is often unsure ("Le port est fermé." scores 0.53 for French, "The port is
    closed." 0.60 for English, "O porto está fechado." 0.37 for Portuguese): it is left
    ``None`` rather than guessed, and what runs on it then is decided by the text itself: the
    English NLP step (:func:`newstrace.nlp.annotate`) runs on an article of unknown language only
    when :func:`is_plausibly_english` says so, so an unsure short French text is not parsed as
    English and an unsure short English one still is.

    Args:
        text: the article body.
        headline: the headline, read with the body (more evidence for a short body).

    Returns:
        ``(code, probability)``: an ISO 639-1 code (ISO 639-3 where the language has no
        two-letter code) or ``None``, and the best label's probability (0..1; 0.0 for an empty
        text or a table of figures).
    """
    sample = ((headline.strip() + "\n") if headline.strip() else "") + text[:_SAMPLE]
    if not sample.strip() or number_share(sample) > MAX_NUMBER_SHARE:
        return None, 0.0
    code, prob = _identifier().classify(sample)
    if code in NO_LANGUAGE or prob < MIN_CONFIDENCE:
        return None, float(prob)
    return code, float(prob)


def is_plausibly_english(text: str) -> bool:
    """True when at least :data:`MIN_ENGLISH_SHARE` of the word tokens of ``text`` (its first
    5,000 characters) are English function words (:data:`ENGLISH_FUNCTION_WORDS`).

    The check for a text whose language :func:`identify_language` leaves unknown: function
    words are the most frequent words of every text, and even one short sentence holds some.

    >>> is_plausibly_english("The port is closed."), is_plausibly_english("Le port est fermé.")
    (True, False)
    >>> is_plausibly_english("Shr 1.25 dlrs vs 1.10 dlrs Net 5,000 vs 4,000")
    False
    """
    words = [w.casefold() for w in _WORD.findall(text[:_SAMPLE])]
    return bool(words) and sum(w in ENGLISH_FUNCTION_WORDS for w in words) >= MIN_ENGLISH_SHARE * len(words)


def runs_english_nlp(language: str | None, text: str) -> bool:
    """Whether the English NLP step applies to a text in ``language``: an English text, or one of
    unknown language (``None``) that :func:`is_plausibly_english`; never a text known to be in
    another language.

    Args:
        language: the article's language code, or ``None`` when :func:`identify_language` abstained.
        text: the article body.
    """
    if language is not None:
        return language == "en"
    return is_plausibly_english(text)
