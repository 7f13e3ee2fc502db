"""Sorted-offset lookups over a document's entities and quotations: per-sentence questions in log time.

Claim extraction asks, for every sentence, which entities or quotations lie at or around some
offset; scanning the whole list each time made a long article cost the square of its length.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable

from spacy.tokens import Doc, Span

from newstrace.schema import Entity, Quote


class DocEnts:
    """The spaCy entities of a ``Doc`` (``doc.ents``: sorted, not overlapping) by token offset.

    Args:
        doc: a spaCy ``Doc``; ``doc.ents`` is read once.
    """

    def __init__(self, doc: Doc) -> None:
        self.ents: list[Span] = list(doc.ents)
        self._starts = [e.start for e in self.ents]
        self._ends = [e.end for e in self.ents]  # sorted too: entities do not overlap
        self._persons = [e for e in self.ents if e.label_ == "PERSON"]
        self._person_end_chars = [e.end_char for e in self._persons]

    def overlapping(self, start: int, end: int) -> list[Span]:
        """Entities overlapping tokens ``start:end`` (``list[Span]``, in text order)."""
        lo = bisect_right(self._ends, start)
        hi = bisect_left(self._starts, end)
        return self.ents[lo:hi]

    def within(self, start: int, end: int) -> list[Span]:
        """Entities lying wholly inside tokens ``start:end`` (what ``Span.ents`` gives)."""
        return [e for e in self.overlapping(start, end) if start <= e.start and e.end <= end]

    def last_person_ending_by(self, char: int) -> Span | None:
        """The last ``PERSON`` entity ending at or before character offset ``char``, or ``None``."""
        i = bisect_right(self._person_end_chars, char)
        return self._persons[i - 1] if i else None


class EntityIndex:
    """An article's :class:`~newstrace.schema.Entity` mentions by character offset.

    Args:
        entities: the article's entities (character offsets into the body text), any order.
    """

    def __init__(self, entities: Iterable[Entity]) -> None:
        self.entities = sorted(entities, key=lambda e: (e.start, e.end))
        self._starts = [e.start for e in self.entities]
        persons = sorted((e for e in self.entities if e.label == "PERSON"), key=lambda e: e.end)
        self._persons = persons
        self._person_ends = [e.end for e in persons]
        self._longest = max((e.end - e.start for e in self.entities), default=0)

    def starting_at(self, char: int) -> list[Entity]:
        """Entities starting exactly at character ``char``, shortest first."""
        i = bisect_left(self._starts, char)
        out = []
        while i < len(self.entities) and self._starts[i] == char:
            out.append(self.entities[i])
            i += 1
        return out

    def covering(self, char: int) -> list[Entity]:
        """Entities with ``start <= char < end``, in text order."""
        lo = bisect_left(self._starts, char - self._longest)
        hi = bisect_right(self._starts, char)
        return [e for e in self.entities[lo:hi] if char < e.end]

    def last_person_ending_by(self, char: int) -> Entity | None:
        """The ``PERSON`` mention with the greatest ``end <= char`` (first in text order), or ``None``."""
        i = bisect_right(self._person_ends, char)
        if i == 0:
            return None
        end = self._person_ends[i - 1]
        return self._persons[bisect_left(self._person_ends, end)]


class QuoteIndex:
    """An article's body quotations by character offset (headline quotations, at -1, are left out).

    Args:
        quotes: the article's quotations; body quotations do not overlap.
    """

    def __init__(self, quotes: Iterable[Quote]) -> None:
        self.quotes = sorted((q for q in quotes if q.start >= 0), key=lambda q: q.start)
        self._starts = [q.start for q in self.quotes]

    def containing(self, char: int) -> Quote | None:
        """The first quotation (by start) with ``start <= char < end``, or ``None``."""
        for q in self.quotes[: bisect_right(self._starts, char)][-4:]:
            if char < q.end:
                return q
        return None
