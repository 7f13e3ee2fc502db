"""A speaker characterising something in quoted words ('X called it "..."') is a quotation of X.

The invented snippets are written for these tests (names and wording are made up).
"""

from __future__ import annotations

import pytest
from _quoting import quotes_of

_quotes = quotes_of


@pytest.mark.parametrize(
    ("text", "content", "speaker", "cue"),
    [
        ('A harbour spokesman called it "a disgrace".', "a disgrace", "A harbour spokesman", "called"),
        ('The ferry workers called it "a disgrace".', "a disgrace", "The ferry workers", "called"),
        ('The harbourmaster called the plan "a slow disaster".', "a slow disaster", "The harbourmaster", "called"),
        ('The ferry union branded the deal "a betrayal".', "a betrayal", "The ferry union", "branded"),
        ('Campaigners labelled the vote "a farce".', "a farce", "Campaigners", "labelled"),
        ('Ms Varga, the port director, called the delay "a scandal" on Friday.', "a scandal", "Varga", "called"),
    ],
)
def test_subject_of_characterising_verb_speaks_the_quoted_words(text, content, speaker, cue):
    quotes = _quotes(text)
    assert [(q.content, q.speaker, q.cue) for q in quotes] == [(content, speaker, cue)]


@pytest.mark.parametrize(
    "text",
    [
        'The so-called "slow disaster" went on for a year.',
        'What is known as "the corridor" opened in May.',
        'A ferry dubbed "the grey lady" by the press sailed again.',
        'The ferry, dubbed "the grey lady" by the press, sailed again.',
        'The plan was called "a slow disaster" in the press.',
        # the quotation sits inside the object, not as the characterisation itself
        'The harbourmaster called the plan of the "green lobby" a mistake.',
    ],
)
def test_label_or_passive_naming_is_no_quotation(text):
    assert [q.content for q in _quotes(text)] == []


def test_habitual_present_naming_is_a_name_not_a_quotation():
    assert [q.content for q in _quotes('Fishermen call the narrow channel "the kettle".')] == []
