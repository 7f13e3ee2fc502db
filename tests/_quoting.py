"""Shared by the quotation tests: the quotations newstrace extracts from a text, with the shipped spaCy model."""

from __future__ import annotations

from functools import lru_cache

from newstrace.nlp import load_nlp
from newstrace.nlp.entities import extract_entities
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.quotes import extract_quotes
from newstrace.schema import Quote


@lru_cache(maxsize=1)
def nlp():
    """The English pipeline, loaded once per test process."""
    return load_nlp()


def quotes_of(text: str, headline: str | None = None) -> list[Quote]:
    """Quotations of ``text`` (and of ``headline``, when given) as the pipeline's quote stage finds them
    (entities first, as it runs)."""
    parsed = ParsedText(text, nlp())
    return extract_quotes(parsed, extract_entities(parsed), headline=headline)
