"""Short quoted spans after a label word are terms; the speaker of a bare-noun relative clause.

The invented snippets are written for these tests (names and wording are made up).
"""

from __future__ import annotations

import pytest
from _quoting import quotes_of

_quotes = quotes_of


@pytest.mark.parametrize(
    "text",
    [
        'The so-called "blue corridor" will open in 2029, the harbourmaster said.',
        'The scheme, known as "blue corridor", will open in 2029, the harbourmaster said.',
        'The scheme, also known as "the corridor", opens in May, the minister told reporters.',
        'The ferry, nicknamed "old grey", sails again in June, the operator said.',
    ],
)
def test_short_span_after_label_is_a_term_not_speech(text):
    assert [q.content for q in _quotes(text)] == []


def test_speaker_doing_the_calling_keeps_the_quotation():
    quotes = _quotes('The harbourmaster praised what she called "a blue corridor" on Monday.')
    assert [(q.content, q.speaker) for q in quotes] == [("a blue corridor", "The harbourmaster")]


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ('Many counted it as a draw supporters called "a small wonder".', "supporters"),
        ('The town marked a season residents called "a long winter".', "residents"),
        ('It was a rescue the captain called "a close thing".', "the captain"),
        ('It was a season locals described as "a long winter".', "locals"),
    ],
)
def test_bare_noun_subject_of_relative_clause_is_the_speaker(text, speaker):
    quotes = _quotes(text)
    assert len(quotes) == 1
    assert quotes[0].speaker == speaker
