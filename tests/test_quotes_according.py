"""Attribution by "according to X", after the quotation or elsewhere in its sentence.

The snippets are invented for these tests.
"""

from __future__ import annotations

import pytest
from _quoting import quotes_of


@pytest.mark.parametrize(
    ("text", "content", "speaker", "unnamed"),
    [
        (
            "The pier is 'very productive', according to the harbour master.",
            "very productive",
            "the harbour master",
            True,
        ),
        (
            '"The pier has never been this busy," according to the harbour master.',
            "The pier has never been this busy",
            "the harbour master",
            True,
        ),
        (
            'Ferries run late. "Three boats are in for repairs," according to port director Ilse Varga.',
            "Three boats are in for repairs",
            "Ilse Varga",
            False,
        ),
        (
            'The pier, according to port director Ilse Varga, is "busier than it has been in years".',
            "busier than it has been in years",
            "Ilse Varga",
            False,
        ),
        (
            'According to Ilse Varga, "three boats are in for repairs."',
            "three boats are in for repairs.",
            "Ilse Varga",
            False,
        ),
    ],
)
def test_according_to_gives_the_speaker(text, content, speaker, unnamed):
    qs = quotes_of(text)
    assert [(q.content, q.speaker, q.speaker_is_unnamed, q.cue) for q in qs] == [
        (content, speaker, unnamed, "according to")
    ]


def test_a_previous_sentences_speaker_does_not_override_according_to():
    text = 'Ilse Varga spoke first. "The repairs will take a month," according to the shipyard foreman.'
    assert quotes_of(text)[0].speaker == "the shipyard foreman"


@pytest.mark.parametrize(
    "text",
    [
        'According to police, the "suspicious package" was harmless.',
        'More than 300 people joined a "walk-in" at the harbour, according to the organisers.',
    ],
)
def test_according_to_elsewhere_does_not_make_a_term_a_quotation(text):
    assert quotes_of(text) == []


def test_according_to_a_document_names_the_document_not_the_person_in_it():
    text = '"The evidence cannot support a prosecution," according to a memo filed by prosecutor Ilse Varga.'
    (q,) = quotes_of(text)
    assert q.speaker == "a memo filed by prosecutor Ilse Varga" and not q.speaker_is_unnamed


def test_a_speech_verb_in_the_sentence_keeps_its_speaker_over_according_to():
    text = (
        'The foreman said the delay was meant to "avoid upsetting the new owners," according to the '
        "inspection report."
    )
    (q,) = quotes_of(text)
    assert q.speaker == "The foreman" and q.cue == "said"
