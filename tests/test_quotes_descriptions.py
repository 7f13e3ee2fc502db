"""Descriptions of unnamed speakers: the noun phrase and its defining relative clause, cut
before adjuncts of reason or purpose and before a second relative clause.

The snippets are invented for these tests; the seed is read from ``../shared`` at run time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _quoting import nlp

import newstrace
from newstrace.nlp.entities import extract_entities
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.quotes import extract_quotes

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt"
SEED_EXPECTED = SHARED / "seeds" / "expected" / "000_11a0f38c45f1b9ff.json"


def speaker_of(text: str):
    parsed = ParsedText(text, nlp())
    (q,) = extract_quotes(parsed, extract_entities(parsed))
    assert parsed.text[q.speaker_start : q.speaker_end] == q.speaker  # offsets cover the description
    return q.speaker, q.speaker_is_unnamed


@pytest.mark.parametrize(
    ("tail", "speaker"),
    [
        ("a diplomat who declined to be named to protect his post.", "a diplomat who declined to be named"),
        (
            "a nurse who declined to give her name for fear of losing her job.",
            "a nurse who declined to give her name",
        ),
        ("a teacher who asked not to be named for security reasons.", "a teacher who asked not to be named"),
        (
            "an officer who spoke on condition of anonymity because he was not allowed to speak.",
            "an officer who spoke on condition of anonymity",
        ),
        (
            "a fisherman who asked not to be named so that his boat would not be seized.",
            "a fisherman who asked not to be named",
        ),
        ("a miner who lives in the town that the company built.", "a miner who lives in the town"),
        ("a police officer who, fearing reprisals, asked not to be named.", "a police officer"),
        (
            "a soldier who asked not to be identified fearing reprisals.",
            "a soldier who asked not to be identified",
        ),
        (
            "an official who declined to be named as he was not authorised to speak.",
            "an official who declined to be named",
        ),
        (
            "a guard who asked not to be named publicly to protect his family.",
            "a guard who asked not to be named publicly",
        ),
        # complements of the clause's own verb stay
        (
            "an official who was not authorized to speak publicly.",
            "an official who was not authorized to speak publicly",
        ),
        ("a soldier who was afraid to give his name.", "a soldier who was afraid to give his name"),
        ("the first woman to command the base.", "the first woman to command the base"),
        ("a man who worked as a guard at the prison.", "a man who worked as a guard at the prison"),
        ("a guard who asked for protection.", "a guard who asked for protection"),
        ("a driver who agreed to talk.", "a driver who agreed to talk"),
        ("an official at the Homeland Security office.", "an official at the Homeland Security office"),
    ],
)
def test_description_ends_with_its_defining_part(tail, speaker):
    assert speaker_of('"We have not been paid since May," said ' + tail) == (speaker, True)


def test_seed_unnamed_soldier_is_the_expected_description():
    expected = json.loads(SEED_EXPECTED.read_text(encoding="utf-8"))
    unnamed = [w for w in expected["quotes"] if w.get("speaker_is_unnamed")]
    assert unnamed
    article = newstrace.analyze(str(SEED))
    for want in unnamed:
        starts = want["content_starts"].split()[:3]
        hits = [q for q in article.quotes if q.content.split()[:3] == starts]
        assert hits, want["content_starts"]
        assert hits[0].speaker_is_unnamed
        assert hits[0].speaker in want["speaker"]  # the exact description, not a longer one
