"""Headline quotations: the speaker comes from the body quotation they repeat or the headline's
own attribution, never from a person the headline only mentions.

The invented snippets are written for these tests; real article text is read from ``../shared``
at run time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _quoting import quotes_of

import newstrace

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"


def headline_quotes(body: str, headline: str):
    quotes = quotes_of(body, headline=headline)
    return [q for q in quotes if q.in_headline], [q for q in quotes if not q.in_headline]


BODY = (
    "Marta Oyelaran, a rescue diver, spent nine hours in the flooded mine. "
    '"I was cold, I was afraid. We found all of them, every single one, alive," she said.\n\n'
    "Mine owner Bruno Keskin thanked the divers."
)


def test_headline_quotation_takes_the_speaker_of_the_near_same_body_quotation():
    # The headline cuts the body quotation: the same words in order, with a gap.
    head, body = headline_quotes(
        BODY, "\u201cI was afraid. We found every single one\u201d: Keskin mine reopens"
    )
    assert body[0].speaker == "Marta Oyelaran"
    assert len(head) == 1 and head[0].speaker == "Marta Oyelaran"


def test_headline_quotation_without_cue_or_body_match_has_no_speaker():
    # Keskin is named in the body and only mentioned in the headline: he is no speaker.
    head, _ = headline_quotes(
        BODY, "\u201cThe water came in an hour\u201d: divers who worked for Keskin rest"
    )
    assert len(head) == 1 and head[0].speaker is None


SPLIT_BODY = (
    "Marta Oyelaran, a rescue diver, spent nine hours in the flooded mine. "
    '"We found every one of them," she said. "Nobody was left behind in the dark."\n\n'
    'Mine owner Bruno Keskin thanked the divers. "The water rose in an hour," Keskin said.'
)


def test_headline_quotation_joining_two_body_quotations_of_one_speaker():
    head, _ = headline_quotes(
        SPLIT_BODY, "\u201cWe found every one of them. Nobody was left behind\u201d: mine reopens"
    )
    assert [q.speaker for q in head] == ["Marta Oyelaran"]


def test_headline_quotation_joining_two_speakers_words_has_no_speaker():
    head, _ = headline_quotes(
        SPLIT_BODY, "\u201cWe found every one of them. The water rose in an hour\u201d: mine reopens"
    )
    assert [q.speaker for q in head] == [None]


@pytest.mark.parametrize(
    "headline",
    [
        "Keskin: \u201cThe water came in an hour\u201d",
        "Keskin says \u201cthe water came in an hour\u201d",
        "\u201cThe water came in an hour,\u201d says Keskin",
        "\u201cThe water came in an hour\u201d \u2014 Keskin",
    ],
)
def test_headline_attribution_names_the_speaker(headline):
    head, _ = headline_quotes(BODY, headline)
    assert len(head) == 1 and head[0].speaker == "Bruno Keskin"


def test_telemundo_headline_quote_is_the_officer_not_the_mentioned_politician():
    """Story E: the headline repeats (with a cut) a quotation the body gives to the officer,
    and names Juan Guaidó only as the one the officers supported (LABELS.md)."""
    path = next(PROVENANCE.glob("e-*/01*.txt"))
    article = newstrace.analyze(str(path))
    head = [q for q in article.quotes if q.in_headline]
    assert len(head) == 1 and head[0].content.startswith("I lost everything")
    body = [q for q in article.quotes if not q.in_headline and "I lost everything" in q.content]
    assert body and "Parra" in body[0].speaker
    assert head[0].speaker == body[0].speaker
    assert "Guaid" not in (head[0].speaker or "")


_FLOOD = ("Mayor Ingrid Solvang toured the flooded harbour district on Monday and promised help for every family. "
          "The council will meet on Thursday to discuss the cost of repairs.")


@pytest.mark.parametrize(("headline", "speaker", "unnamed", "cue"), [
    ("\u201cWe will rebuild,\u201d says mayor", "mayor", True, "says"),
    ("\u201cWe will rebuild,\u201d vows Port Calder mayor", "Port Calder mayor", True, "vows"),
    ("Mayor vows: \u201cWe will rebuild\u201d", "Mayor", True, "vows"),
    ("\u201cWe will rebuild\u201d: Solvang", "Ingrid Solvang", False, ":"),
    ("\u201cWe will rebuild every home,\u201d Solvang says after flood", "Ingrid Solvang", False, "says"),
    ("\u201cWe will rebuild\u201d \u2014 Solvang", "Ingrid Solvang", False, "\u2014"),
    # no attribution: a place before a colon, a person only mentioned
    ("Port Calder floods: \u201cWe will rebuild\u201d", None, False, None),
    ("\u201cWe will rebuild\u201d: officers who backed Solvang are jailed", None, False, None),
])  # fmt: skip
def test_a_headline_s_own_attribution_gives_the_cue_and_a_role_as_an_unnamed_speaker(headline, speaker, unnamed, cue):
    """An adversarial test: headline quotations never had a cue, and one attributed to a role
    ('says mayor') had no speaker (invented headlines over an invented body)."""
    (head,), _ = headline_quotes(_FLOOD, headline)
    assert (head.speaker, head.speaker_is_unnamed, head.cue) == (speaker, unnamed, cue)
