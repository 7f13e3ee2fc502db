"""Sentences merged, split or moved are no omission or addition; a new sentence that repeats a few
words of a sentence copied whole is an addition (:func:`newstrace.provenance.paragraphs.paragraph_changes`).

Every text here is invented for this test."""

from __future__ import annotations

from newstrace.provenance.align import align
from newstrace.provenance.paragraphs import paragraph_changes
from newstrace.provenance.text import analyse_text

_ORIGIN = ("Crews opened one lane through the landslide that had cut off the town of Velmora for two days.\n\n"
           "At least 12 homes were destroyed and 37 people were taken to hospital, the agency said.\n\n"
           "Engineers expect to clear a second lane within 48 hours if the rain stops, the transport ministry "
           "said in a statement.\n\n"
           "Velmora, a town known for its cheese market, was last cut off in 2009 for nine days.")


def _changes(copy: str, origin: str = _ORIGIN) -> list[tuple[str, str]]:
    sc, so = analyse_text(copy), analyse_text(origin)
    return [(c.kind, c.origin_text or c.copy_text) for c in paragraph_changes(sc, so, align(sc, so).pairs)]


def test_a_new_sentence_repeating_words_of_a_copied_sentence_is_an_addition():
    """"the transport ministry said" stands in a sentence the update copied whole: the new
    sentence's words are not left over from a merge, so it is added (a new-user test: it was
    read as merged and not reported)."""
    update = _ORIGIN.replace(
        "said in a statement.\n\n",
        "said in a statement.\n\nThe transport ministry said the lane would carry only emergency traffic until "
        "geologists declare the slope stable.\n\n")
    assert _changes(update) == [("addition", "The transport ministry said the lane would carry only emergency "
                                             "traffic until geologists declare the slope stable.")]


def test_a_sentence_split_in_two_is_no_addition():
    """The second half of a split sentence holds the words its first half left in the origin sentence."""
    split = _ORIGIN.replace(
        "At least 12 homes were destroyed and 37 people were taken to hospital, the agency said.",
        "At least 12 homes were destroyed, the agency said. And 37 people were taken to hospital by the rescue teams.")
    assert _changes(split) == []


def test_a_correction_notice_after_the_last_shared_sentence_is_reported():
    """A correction notice after the last shared sentence is reported as one: what a fact-checker looks for (a new-user test: the corrected
    version's notice was not reported). Invented notices."""
    notice = "This story has been corrected to show that 38 people, not 37, were taken to hospital."
    corrected = _ORIGIN + "\n\n" + notice
    assert _changes(corrected) == [("addition", notice)]
    assert _changes(_ORIGIN, corrected) == [("omission", notice)]
    # other text after the origin's end is reported as such (a re-test: appended paragraphs went unreported),
    # in words that leave open an excerpt's cut; text after the copy's end is not (a syndication cut)
    footer = "The town council will publish its own report on the damage at the end of the month."
    assert _changes(_ORIGIN + "\n\n" + footer) == [("addition", footer)]
    sc, so = analyse_text(_ORIGIN + "\n\n" + footer), analyse_text(_ORIGIN)
    (change,) = paragraph_changes(sc, so, align(sc, so).pairs)
    assert change.detail == "copy text after the origin's end (or past the end of an excerpt of it)"
    assert _changes(_ORIGIN, _ORIGIN + "\n\n" + footer) == []
    earlier = "An earlier version of this story gave the wrong date for the last landslide."
    sc, so = analyse_text(_ORIGIN + "\n\n" + earlier), analyse_text(_ORIGIN)
    (change,) = paragraph_changes(sc, so, align(sc, so).pairs)
    assert change.detail == "copy text not in the origin; a correction notice"
