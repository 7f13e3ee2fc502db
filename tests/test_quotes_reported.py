"""Quotation attribution through reported speech: auxiliaries before the cue ('has said', 'was
quoted as saying'), 'X quoted Y as saying', and characterisations in the passive with an agent
or in the present tense over a long span."""

from __future__ import annotations

import pytest
from _quoting import quotes_of

from newstrace.corpora.reuters import iter_reuters


def attribution(text: str) -> list[tuple[str, str | None, str | None]]:
    """(content, speaker, cue) of every quotation of ``text``."""
    return [(q.content, q.speaker, q.cue) for q in quotes_of(text)]


@pytest.mark.parametrize(
    ("text", "speaker", "cue"),
    [
        ('"We will not back down," the harbour master has said.', "the harbour master", "said"),
        ('"We will not back down," the harbour master had told reporters.', "the harbour master", "told"),
        ('"We will not back down," the harbour master would later say.', "the harbour master", "say"),
        (
            '"The pier stays shut," Oona Castellanos was quoted as saying by the local radio.',
            "Oona Castellanos",
            "quoted",
        ),
        (
            '"The pier stays shut," the radio quoted Oona Castellanos as saying on Monday.',
            "Oona Castellanos",
            "quoted",
        ),
        (
            'The radio quoted the harbour master as saying: "The pier stays shut until spring."',
            "the harbour master",
            "quoted",
        ),
        (
            'The levy was called "a tax on every family that fishes here" by councillor Ruth Kaminski.',
            "Ruth Kaminski",
            "called",
        ),
        (
            'The budget, dubbed "the most careless plan in a generation" by councillor Ruth Kaminski, passed.',
            "Ruth Kaminski",
            "dubbed",
        ),
        ('Fishermen call the levy "a tax on every family that fishes here."', "Fishermen", "call"),
    ],
)
def test_reported_speech_names_the_speaker(text, speaker, cue):
    [(_, got_speaker, got_cue)] = attribution(text)
    assert (got_speaker, got_cue) == (speaker, cue)


@pytest.mark.parametrize(
    ("text", "content", "speaker", "cue"),
    [
        # a pronoun object of "quoted", resolved to the person named before
        (
            'Mayor Anna Berg spoke on Monday. The Ellin Post quoted her as saying, "We are close to a deal."',
            "We are close to a deal.",
            "Anna Berg",
            "saying",
        ),
        # a clause quoted after a label noun ('the project') is speech when a speech verb governs it
        (
            'State television quoted Energy Minister Tomas Berg as saying the project "cannot be stopped now".',
            "cannot be stopped now",
            "Tomas Berg",
            "saying",
        ),
        # the passive subject of "quoted" speaks, also through "that" and a one-word fragment
        (
            "Health Minister Ivo Brandt faced calls to resign. He was later quoted as saying that the "
            'closures were "temporary".',
            "temporary",
            "Ivo Brandt",
            "quoted",
        ),
        # an unnamed speaker defined by a relative clause, before and after the quotation
        (
            'A farmer who asked not to be named said, "They never came to our village."',
            "They never came to our village.",
            "A farmer who asked not to be named",
            "said",
        ),
        (
            '"They never came to our village," a farmer who asked not to be named said.',
            "They never came to our village",
            "a farmer who asked not to be named",
            "said",
        ),
        # an opening participle is not the cue: the main clause's verb is
        (
            'Asked whether he would resign, Ivo Brandt said: "No. I have work to do."',
            "No. I have work to do.",
            "Ivo Brandt",
            "said",
        ),
        # a short characterisation given by a named person in the passive
        (
            'Ost was called "a troublemaker" by port director Hana Ueda.',
            "a troublemaker",
            "Hana Ueda",
            "called",
        ),
    ],
)
def test_reported_speech_variants(text, content, speaker, cue):
    assert attribution(text) == [(content, speaker, cue)]


@pytest.mark.parametrize(
    "text",
    [
        'Fishermen call the channel "the kettle".',  # a habitual name, not speech
        'The levy was called "a betrayal" by critics.',  # a short label given by no one named
        'The documentary "Green Harbour" was shown at the festival, the mayor said.',  # a title
        'A levy dubbed "the fish tax" by the papers was dropped.',  # a short label in the passive
    ],
)
def test_short_labels_stay_terms(text):
    assert attribution(text) == []


def test_a_cue_with_content_of_its_own_is_not_the_quotation_cue():
    # 'and she does believe X is Y' after the quotation reports its own content: the cue is "said"
    assert attribution(
        'Ana Ruiz said the families "do need to have their day in court" and she does believe the council is wrong.'
    ) == [("do need to have their day in court", "Ana Ruiz", "said")]


@pytest.fixture(scope="module")
def reuters_bodies():
    want = {3056, 6337, 8009}
    out = {}
    for st in iter_reuters():
        if int(st.newid) in want:
            out[int(st.newid)] = "\n\n".join(st.paragraphs())
            if len(out) == len(want):
                break
    return out


def test_reuters_quoted_as_saying(reuters_bodies):
    """Wire copy: '"...," Iacocca was quoted as saying' (3056), '"...," the paper quoted the official
    as saying' (6337), '"...," Roman Gralewicz, head of ..., has said' (8009)."""
    by_start = {
        n: {q.content[:20]: (q.speaker, q.cue) for q in quotes_of(t)} for n, t in reuters_bodies.items()
    }
    assert by_start[3056]["Renault is a leader "] == ("Lee Iacocca", "quoted")
    assert by_start[6337]["I think there's a st"] == ("the official", "quoted")
    assert by_start[8009]["It's 99.9 pct (certa"] == ("Roman Gralewicz", "said")


@pytest.mark.parametrize(
    ("text", "unnamed"),
    [
        ('Critics call it "a giveaway to the rich that will cost billions."', True),
        ('Officials said: "The bridge is closed until further notice."', True),
        ('"We are ready," said Kestrel Analytics.', False),  # a name the NER missed stays named
    ],
)
def test_a_common_noun_opening_the_sentence_is_an_unnamed_speaker(text, unnamed):
    [q] = quotes_of(text)
    assert q.speaker_is_unnamed is unnamed
