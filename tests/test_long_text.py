"""Long articles: the light spaCy pass in paragraph pieces, and claims' offset lookups.

Real article text is read from ``../shared`` at run time; pieces are forced small here so a
few articles exercise the path a million-character article takes.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from newstrace.nlp import load_nlp, parsing
from newstrace.nlp.claims import extract_claims
from newstrace.nlp.entities import extract_entities
from newstrace.nlp.lookup import DocEnts, EntityIndex, QuoteIndex
from newstrace.nlp.quotes import extract_quotes

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"


@lru_cache(maxsize=1)
def _text() -> str:
    files = sorted(PROVENANCE.glob("*/0[45]-independent.txt"))[:24]
    if not files:
        pytest.skip("shared provenance corpus not present")
    return "\n\n".join(f.read_text(encoding="utf-8").strip() for f in files)


def _analyse(text: str):
    p = parsing.ParsedText(text, load_nlp())
    ents = extract_entities(p)
    quotes = extract_quotes(p, ents)
    return p, ents, quotes, extract_claims(p, ents, quotes)


def test_pieces_cover_the_text_at_paragraph_breaks():
    text = _text()
    pieces = parsing._pieces(text, 4000)
    assert "".join(pieces) == text and len(pieces) > 3
    assert all(len(p) <= 4000 for p in pieces)
    assert all(p.endswith("\n") for p in pieces[:-1])  # the corpus has paragraph breaks well within 4000


def test_pieces_without_breaks_still_cover_the_text():
    text = "unbroken " * 2000 + "x" * 9000
    pieces = parsing._pieces(text, 1000)
    assert "".join(pieces) == text and len(pieces) > 10


def test_light_pass_in_pieces_gives_the_same_analysis(monkeypatch):
    text = _text()
    monkeypatch.setattr(parsing, "CHUNK_CHARS", 10**9)
    p1, e1, q1, c1 = _analyse(text)
    monkeypatch.setattr(parsing, "CHUNK_CHARS", 4000)
    p2, e2, q2, c2 = _analyse(text)
    assert p2.doc.text == text and p2.doc.tensor.shape[0] == len(p2.doc)
    assert [t.text for t in p2.doc] == [t.text for t in p1.doc]

    def same(xs, ys, key) -> float:
        return len({key(x) for x in xs} & {key(y) for y in ys}) / max(1, len(xs), len(ys))

    assert same(e1, e2, lambda e: (e.start, e.end, e.label)) >= 0.98
    assert same(q1, q2, lambda q: (q.start, q.end, q.speaker)) >= 0.95
    assert same(c1, c2, lambda c: (c.start, c.value, c.source)) >= 0.95


def test_offset_lookups_match_a_linear_scan():
    p, ents, quotes, _ = _analyse(_text())
    by_ent, by_quote, doc_ents = EntityIndex(ents), QuoteIndex(quotes), DocEnts(p.doc)
    body = [q for q in quotes if q.start >= 0]
    for char in range(0, len(p.text), 97):
        assert by_quote.containing(char) == next((q for q in body if q.start <= char < q.end), None)
        assert {id(e) for e in by_ent.covering(char)} == {id(e) for e in ents if e.start <= char < e.end}
        persons = [e for e in ents if e.label == "PERSON" and e.end <= char]
        best = by_ent.last_person_ending_by(char)
        assert (best.end if best else None) == (max(e.end for e in persons) if persons else None)
        spacy_people = [e for e in p.doc.ents if e.label_ == "PERSON" and e.end_char <= char]
        assert doc_ents.last_person_ending_by(char) == (spacy_people[-1] if spacy_people else None)
    for start in range(0, len(p.doc), 53):
        end = start + 40
        assert doc_ents.overlapping(start, end) == [e for e in p.doc.ents if e.start < end and start < e.end]
