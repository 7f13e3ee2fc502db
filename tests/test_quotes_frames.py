"""Quotation attribution through a frame after the quotation ('"...," was all Lund would say', '"..."
is what she told reporters', '"..." was the ministry's only comment'): the frame is attribution,
its subject or owner the speaker, and never part of the content, even where a stray closing mark
caught it inside the quotation. Every text here is invented."""

from __future__ import annotations

import pytest
from _quoting import quotes_of

LEAD = "Ferry pilot Ingrid Vasstrand left the terminal early on Friday. "


@pytest.mark.parametrize(
    ("body", "speaker", "cue"),
    [
        (
            '"The crossing stays closed until the swell drops," was all Vasstrand would say.',
            "Ingrid Vasstrand",
            "say",
        ),
        (
            '"We have done our part," is what Vasstrand told reporters at the gate.',
            "Ingrid Vasstrand",
            "told",
        ),
        ('"Ask the harbour board" was about all she was prepared to offer.', "Ingrid Vasstrand", "offer"),
        ('"The boats are safe and so are the crews," is how Vasstrand put it.', "Ingrid Vasstrand", "put"),
        ('"The timetable is not my concern," was Vasstrand\'s only comment.', "Ingrid Vasstrand", "comment"),
        ('"Talk to the operator," was her terse reply.', "Ingrid Vasstrand", "reply"),
        ('"No further sailings today" was all the operator would say.', "the operator", "say"),
        (
            '"We regret the delay" was the only statement from the ferry company.',
            "the ferry company",
            "statement",
        ),
    ],
)
def test_frame_after_a_quotation_names_its_speaker(body, speaker, cue):
    [quote] = quotes_of(LEAD + "\n\n" + body)
    assert (quote.speaker, quote.cue) == (speaker, cue)
    assert quote.content in body
    assert not any(w in quote.content for w in ("would say", "told reporters", "put it", "comment", "reply"))


def test_unnamed_speaker_of_a_frame_is_described():
    [quote] = quotes_of(LEAD + '\n\n"Not before Monday" was all a terminal spokeswoman would say.')
    assert quote.speaker == "a terminal spokeswoman"
    assert quote.speaker_is_unnamed


@pytest.mark.parametrize(
    "body",
    [
        # the closing mark strayed after the frame, or never came: the frame is cut from the content
        '"The crossing stays closed until the swell drops, was all Vasstrand would say."',
        '"The crossing stays closed until the swell drops was all Vasstrand would say.',
        '"The crossing stays closed until the swell drops, "was all Vasstrand would say.',
    ],
)
def test_frame_inside_stray_marks_is_cut_from_the_content(body):
    [quote] = quotes_of(LEAD + "\n\n" + body)
    assert quote.content.rstrip(",") == "The crossing stays closed until the swell drops"
    assert (quote.speaker, quote.cue) == ("Ingrid Vasstrand", "say")
    text = LEAD + "\n\n" + body
    assert text[quote.start : quote.end] == quote.content


@pytest.mark.parametrize(
    "body",
    [
        # 'be' + a free relative whose verb is no speech verb: no frame, no speaker made up
        '"Everything is on the table" was what the crews wanted to hear.',
        '"The harbour is closed" was the headline on every stand.',
    ],
)
def test_a_copula_without_a_speech_verb_is_no_frame(body):
    quotes = quotes_of(LEAD + "\n\n" + body)
    assert all(q.speaker is None for q in quotes)


def test_pronoun_after_frame_follows_the_framed_speaker():
    text = (
        LEAD
        + "\n\nHarbour master Tobias Quennell stayed behind.\n\n"
        + '"The swell is too high," was all Vasstrand would say. "Ask me tomorrow."'
    )
    quotes = quotes_of(text)
    assert [q.speaker for q in quotes] == ["Ingrid Vasstrand", "Ingrid Vasstrand"]


def test_pronoun_subject_is_not_the_object_of_its_own_cue():
    # Principle B: in 'he told Quennell', "he" is not Quennell, though Quennell spoke last
    text = (
        "Harbour master Tobias Quennell asked the pilot Anders Lyngvik how long the repairs would take.\n\n"
        '"Three weeks, perhaps four," he told Quennell.'
    )
    [quote] = quotes_of(text)
    assert quote.speaker == "Anders Lyngvik"


def test_he_or_she_never_stands_for_a_group():
    text = (
        "Anders Lyngvik addressed the dock workers on Monday.\n\n"
        '"Strike!" the crowd shouted back.\n\n'
        '"We will talk again on Friday," he said.'
    )
    quotes = quotes_of(text)
    assert quotes[-1].speaker == "Anders Lyngvik"
