"""A pronoun speaker ('"...," he said') resolves to the person named in the sentence before it when
that person's office is written "<Title> of|for [the] <Domain> <Name>", the word order machine
translation keeps ("The Minister of Interior Tomas Alvik said that ..."), and to an earlier
speaker only when the sentence in between names nobody.

All texts are invented."""

from __future__ import annotations

import pytest
from _quoting import nlp, quotes_of

from newstrace.nlp.entities import extract_entities
from newstrace.nlp.parsing import ParsedText

#: An earlier paragraph quoting a captain, and a paragraph naming no one.
_EARLIER = (
    '"The river rose faster than any forecast," said the Captain Milo Brandt, who led the evacuation.\n\n'
    "The families were taken to a school gym in Dorrel, where volunteers handed out blankets.\n\n"
)
_PRONOUN_QUOTE = ' "Nobody can rebuild this town alone," he said to the reporters.'


def _speaker_of(text: str, opening: str) -> str | None:
    """Speaker of the one quotation of ``text`` whose content starts with ``opening``."""
    found = [q for q in quotes_of(text) if q.content.startswith(opening)]
    assert len(found) == 1, [q.content for q in quotes_of(text)]
    return found[0].speaker


@pytest.mark.parametrize(
    "subject",
    [
        "The Minister of Interior Tomas Alvik",
        "The Minister of the Interior Tomas Alvik",
        "The Minister of Finances Tomas Alvik",
        "The Minister for Regional Development Tomas Alvik",
        "The Director of Civil Protection Tomas Alvik",
        "The Mayor of Dorrel Tomas Alvik",
        "The Governor of the Province Tomas Alvik",
        "The Captain Tomas Alvik",
        "Interior Minister Tomas Alvik",
        "The Minister of Interior, Tomas Alvik,",
    ],
)
@pytest.mark.parametrize(
    "clause",
    [
        " said that the government would ask the regions for more of money for the dikes and the pumps.",
        " declared that the state would pay for the repairs of the roads.",
        " has said that the army would stay in the valley until the water goes down.",
        " said the government would ask for more help.",
    ],
)
def test_he_is_the_person_named_in_the_sentence_before(subject: str, clause: str) -> None:
    text = _EARLIER + subject + clause + _PRONOUN_QUOTE
    assert _speaker_of(text, "Nobody") == "Tomas Alvik"


def test_earlier_quoted_captain_keeps_the_quotation() -> None:
    text = _EARLIER + "The Minister of Interior Tomas Alvik said that the state would pay." + _PRONOUN_QUOTE
    assert _speaker_of(text, "The river rose") == "Milo Brandt"


@pytest.mark.parametrize(
    "between",
    [
        "The water reached the second floor of the town hall on Sunday.",
        "The government said that it would send more pumps.",
        "The families said that they wanted to go home.",
    ],
)
def test_he_is_the_earlier_speaker_when_no_person_comes_between(between: str) -> None:
    first = '"The river rose faster than any forecast," said the Captain Milo Brandt, who led the evacuation.'
    text = f"{first} {between}{_PRONOUN_QUOTE}"
    assert _speaker_of(text, "Nobody") == "Milo Brandt"


def test_spokesman_of_a_titled_minister_is_not_the_minister() -> None:
    text = (
        _EARLIER
        + "The spokesman of the Minister of Interior Tomas Alvik said that the state would pay."
        + _PRONOUN_QUOTE
    )
    assert _speaker_of(text, "Nobody") != "Tomas Alvik"


@pytest.mark.parametrize(
    ("sentence", "mention", "canonical"),
    [
        (
            "The Minister of Interior Tomas Alvik said that the state would pay.",
            "Minister of Interior Tomas Alvik",
            "Tomas Alvik",
        ),
        (
            "The Minister for Regional Development Tomas Alvik said that the state would pay.",
            "Minister for Regional Development Tomas Alvik",
            "Tomas Alvik",
        ),
        (
            "The Director of Civil Protection Ana de la Cruz said that the roads were closed.",
            "Director of Civil Protection Ana de la Cruz",
            "Ana de la Cruz",
        ),
    ],
)
def test_office_and_domain_belong_to_the_mention_not_the_name(
    sentence: str, mention: str, canonical: str
) -> None:
    persons = [e for e in extract_entities(ParsedText(sentence, nlp())) if e.label == "PERSON"]
    assert [(e.text, e.canonical) for e in persons] == [(mention, canonical)]


def test_deputy_of_a_titled_person_stays_a_separate_mention() -> None:
    sentence = "The deputy of Minister Tomas Alvik said that the state would pay."
    persons = [e for e in extract_entities(ParsedText(sentence, nlp())) if e.label == "PERSON"]
    assert [e.canonical for e in persons] == ["Tomas Alvik"]
    assert not persons[0].text.lower().startswith("deputy")
