"""A dateline whose dash lost a space ("PLACE -Story", "PLACE- Story") is read as a dateline, and a
word glued to a stray dash is never part of an entity's name.

The invented snippets are written for these tests (places and names are made up); the real
files of ``../shared`` are read at run time.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

import newstrace
from newstrace.nlp import load_nlp
from newstrace.nlp.entities import extract_entities
from newstrace.nlp.parsing import ParsedText
from newstrace.structure.credit import parse_dateline

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

#: A dash with a space on one side only, or none after a spaced one: what a lost space leaves.
_LOOSE_DASH = re.compile(r"\s[-\u2013\u2014]\w|\w[-\u2013\u2014]\s")


@lru_cache(maxsize=1)
def nlp():
    return load_nlp()


@pytest.mark.parametrize(
    ("paragraph", "dateline", "opens"),
    [
        ("PELLWYRTH -Ossery's harbour lost power on Friday, officials said.", "PELLWYRTH", "Ossery's"),
        ("PELLWYRTH- Ossery's harbour lost power on Friday, officials said.", "PELLWYRTH", "Ossery's"),
        ("PELLWYRTH \u2013 Ossery's harbour lost power on Friday, officials said.", "PELLWYRTH", "Ossery's"),
        ("PELLWYRTH \u2013Ossery's harbour lost power on Friday, officials said.", "PELLWYRTH", "Ossery's"),
        ("PELLWYRTH, Ossery -The harbour lost power on Friday, officials said.", "PELLWYRTH, Ossery", "The"),
        ("PORT VESSA -\u201cWe had no light,\u201d a nurse said on Friday.", "PORT VESSA", "\u201cWe"),
    ],
)
def test_a_dateline_with_odd_dash_spacing_is_a_dateline(paragraph, dateline, opens):
    found = parse_dateline(paragraph)
    assert found is not None and found.text == dateline
    assert paragraph[found.end :].split()[0] == opens


@pytest.mark.parametrize(
    "paragraph",
    [
        "US-OSSERY talks resumed on Friday after a long pause.",  # a compound, no spaces
        "Residents said on Monday -or so- that the harbour was shut.",  # mixed case, no place form
    ],
)
def test_a_hyphen_inside_a_word_or_a_sentence_is_no_dateline(paragraph):
    assert parse_dateline(paragraph) is None


def test_the_analysed_article_keeps_the_dateline_apart_and_no_entity_holds_it():
    art = newstrace.analyze(
        "Blackout shuts harbour\n\nPELLWYRTH -Ossery\u2019s harbour lost power on Friday, leaving ships "
        "unable to unload, officials said.\n\nThe outage lasted six hours."
    )
    assert art.dateline == "PELLWYRTH"
    assert art.text.startswith("Ossery\u2019s harbour")
    assert not any("PELLWYRTH" in e.text for e in art.entities)


@pytest.mark.parametrize(
    "text",
    [
        "CORRAN -Ossery\u2019s nationwide blackout left large areas of the country in chaos on Friday.",
        "TORVALE -Ossery\u2019s mayor, Ada Lund, resigned on Friday after the vote.",
        "TORVALE- Ossery\u2019s mayor, Ada Lund, resigned on Friday after the vote.",
        "CORRAN- Ossery\u2019s nationwide blackout left large areas of the country in chaos on Friday.",
    ],
)
def test_a_word_glued_to_a_stray_dash_is_no_part_of_a_name(text):
    """Where no dateline is read (the stage runs on any text), a stray dash still ends a name."""
    entities = extract_entities(ParsedText(text, nlp()))
    assert entities
    for e in entities:
        assert not _LOOSE_DASH.search(e.text), e
        assert not (e.label == "PERSON" and e.text.isupper()), e


def _loose_dash_files() -> list[Path]:
    """Real articles with a line opening in capitals and a dash spaced on one side only."""
    opening = re.compile(r"(?m)^[A-Z]{3,}[^\n]{0,40}?(?:\s[-\u2013\u2014]\w|\w[-\u2013\u2014]\s)")
    files = sorted((SHARED / "corpora" / "provenance").glob("*/*.txt")) + sorted((SHARED / "seeds").glob("*.txt"))
    return [f for f in files if opening.search(f.read_text(encoding="utf-8"))]


@pytest.mark.skipif(not (SHARED / "corpora" / "provenance").is_dir(), reason="provenance corpus not available")
def test_real_datelines_with_a_lost_space_are_read_and_never_names():
    files = _loose_dash_files()
    assert files, "no real dateline with odd dash spacing found"
    for path in files:
        art = newstrace.analyze(str(path))
        assert art.dateline, path.name
        assert not any(_LOOSE_DASH.search(e.text) for e in art.entities), path.name
