"""New-user findings in the single-article analysis (session 12): speakers behind a lower-case role
noun or an aside, inverted bylines joined by "and", and words glued by lost markup.

Every text here is invented for these tests.
"""

from __future__ import annotations

import pytest
from _quoting import quotes_of

from newstrace.repair import RepairConfig, fix_and_explain


def _speaker(text: str) -> tuple[str | None, bool]:
    (q,) = quotes_of(text)
    return q.speaker, q.speaker_is_unnamed


# -- quotation attribution: a lower-case role noun before a name -------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '"The harbour is closed until Friday," harbourmaster Ivo Brenn said.',
        '"The gate stays shut," harbourmaster Ivo Brenn told reporters.',
        '"The gate stays shut," the new harbourmaster Ivo Brenn said on Monday.',
    ],
)
def test_role_noun_tagged_as_verb_before_a_name_is_a_title(text):
    # the small model tags "harbourmaster" as a verb; the name after it is the speaker, without the title
    assert _speaker(text) == ("Ivo Brenn", False)


@pytest.mark.parametrize("role", ["spokeswoman", "coach", "councillor", "ferryman", "lifeguard"])
def test_other_role_nouns_before_a_name_still_give_the_name(role):
    assert _speaker(f'"We will rebuild the pier," {role} Mara Tollund said.') == ("Mara Tollund", False)


# -- quotation attribution: an unnamed speaker with a complement set off by commas -----------------


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            '"We are still counting," a different spokesman, for the fire service, said.',
            "a different spokesman, for the fire service",
        ),
        (
            '"The road is open again," a spokeswoman, for the county council, said on Monday.',
            "a spokeswoman, for the county council",
        ),
        (
            'A different spokesman, for the fire service, said: "We are still counting."',
            "A different spokesman, for the fire service",
        ),
        # the same description without commas, as before
        (
            '"We are still counting," a spokeswoman for the fire service said.',
            "a spokeswoman for the fire service",
        ),
    ],
)
def test_unnamed_speaker_with_an_aside_complement(text, speaker):
    assert _speaker(text) == (speaker, True)


@pytest.mark.parametrize(
    ("lead", "speaker"),
    [
        ("A different spokesman, for the fire service, said the count went on.", "A different spokesman, for the fire service"),
        ("A spokesman for the fire service said the count went on.", "A spokesman for the fire service"),
    ],
)
def test_unnamed_speaker_of_the_previous_paragraph_keeps_its_complement(lead, speaker):
    # a paragraph that is one quotation, after a reported-speech paragraph of an unnamed speaker
    (q,) = quotes_of(lead + '\n\n"We are still counting the houses."')
    assert (q.speaker, q.speaker_is_unnamed) == (speaker, True)
