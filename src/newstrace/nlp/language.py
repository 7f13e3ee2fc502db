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
_TOKEN = re.compile(r"\S+")
_SAMPLE = 5000  # characters classified: enough for a confident decision, bounded cost


@lru_cache(maxsize=1)
def _identifier():
    """py3langid's bundled model with normalised probabilities (loaded once per process)."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def number_share(text: str) -> float:
    """Share (0..1) of white-space separated tokens of ``text`` that contain a digit; 0 for no tokens."""
    toks = _TOKEN.findall(text)
    return sum(any(c.isdigit() for c in t) for t in toks) / len(toks) if toks else 0.0


def identify_language(text: str, headline: str = "") -> tuple[str | None, float]:
    """Language of an article, or ``None`` when the text does not tell it.

    Method: py3langid (Lui & Baldwin 2012, langid.py's naive Bayes model over byte n-grams;
    the py3langid fork) on the headline and the first 5,000 characters of the body, with
    probabilities normalised over its labels. It abstains (``None``) when most of the
    text is figures (over :data:`MAX_NUMBER_SHARE` of tokens hold a digit: a results table),
    when the best label names no language (:data:`NO_LANGUAGE`), or when its probability is
    below :data:`MIN_CONFIDENCE`: an earnings table such as "Shr 1.25 dlrs vs 1.10 dlrs Net
    5,000 vs 4,000" is otherwise read as Nigerian Pidgin (pcm), Volapük or "no content".

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
