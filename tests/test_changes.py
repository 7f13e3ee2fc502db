"""Number changes between aligned sentences: a number that is part of a name ("The 74", "Apollo 11") is no figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from newstrace.provenance.changes import name_before, number_changes
from newstrace.provenance.text import analyse_sentence, analyse_text

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
THE74 = SHARED / "corpora" / "provenance" / "o-the74-chatgpt-c-plus-educators-2023"
SEED = SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt"


def details(copy: str, origin: str) -> list[str]:
    return [c.detail for c in number_changes(analyse_sentence(copy), analyse_sentence(origin))]


def sentence_with(path: Path, pattern: str) -> str:
    (hit,) = [s.text for s in analyse_text(path.read_text(encoding="utf-8")) if re.search(pattern, s.text)]
    return hit


def test_the_outlet_the_74_in_a_real_photo_credit_is_no_number_change():
    """The partner republication credits its own site where the mirrors credit The 74 (real lines)."""
    partner = sentence_with(THE74 / "01-copy-verbatim.txt", r"Fitzmaurice/")
    mirror = sentence_with(THE74 / "02-copy-verbatim.txt", r"Fitzmaurice/")
    assert "The 74" in mirror and "The 74" not in partner
    assert details(mirror, partner) == [] and details(partner, mirror) == []


def test_the_seeds_changed_figures_are_still_reported():
    """The real seed sentence with "More than 270 ... three days", against a copy saying "Over 320 ... four days"."""
    origin = sentence_with(SEED, r"More than 270")
    copy = origin.replace("More than 270", "Over 320").replace("three days", "four days")
    assert copy != origin and "three days" in origin
    (detail,) = details(copy, origin)
    assert detail.startswith("270, 3 -> 320, 4") and "qualifier more than -> over" in detail


@pytest.mark.parametrize(("origin", "copy"), [
    ("The mission was filmed by Fox 5 and shown in full.", "The mission was filmed and shown in full."),
    ("Veterans of Apollo 11 attended the launch.", "Veterans of the moon landing attended the launch."),
    ("The report aired on Channel 4 last night.", "The report aired last night."),
    ("A Boeing 737 landed in the storm.", "A jet landed in the storm."),
    ("Leaders met at the G7 summit to discuss COVID-19 aid.", "Leaders met at the summit to discuss aid."),
    ("Photo: Lena Okafor/The 74", "Photo: Lena Okafor/Harbour Daily"),
    ("This story first appeared in The 74, a nonprofit newsroom.", "This story first appeared in a nonprofit newsroom."),
    ("Apollo 11 crews trained for years.", "Crews trained for years."),
])  # fmt: skip
def test_a_number_inside_a_name_added_or_dropped_is_no_number_change(origin, copy):
    assert details(copy, origin) == []
    assert details(origin, copy) == []


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    # a name renumbered is a change, named as such
    ("A Boeing 737 landed in the storm.", "A Boeing 747 landed in the storm.", "Boeing 737 -> Boeing 747"),
    # capitals that open a sentence or a quotation say nothing about a name
    ("Over 320 homes flooded.", "More than 270 homes flooded.", "320 -> 270"),
    ("The 74 pupils sat the exam.", "The 75 pupils sat the exam.", "74 -> 75"),
    ('The mayor said: "Some 40 roads are shut."', 'The mayor said: "Some 45 roads are shut."', "40 -> 45"),
    # an age after a comma is a figure, not part of the name before it
    ("Dana Reyes, 45, said the water rose fast.", "Dana Reyes, 54, said the water rose fast.", "45 -> 54"),
    # a title-case headline: "Kill" and "To" are no names
    ("Floods Kill 320 In Port Calder", "Floods Kill 230 In Port Calder", "320 -> 230"),
    ("Toll Rises To Over 320", "Toll Rises To 270", "320 -> 270"),
    # a named number stays out, the figure beside it is compared
    ("Fox 5 said 12 people were rescued.", "Fox 5 said 14 people were rescued.", "12 -> 14"),
    ("He told Channel 4 that 12 people were rescued.", "He told reporters that 14 people were rescued.", "12 -> 14"),
])  # fmt: skip
def test_real_number_changes_are_kept(origin, copy, expected):
    (detail,) = details(copy, origin)
    assert detail.split(";")[0] == expected


def test_name_before_reads_the_gap_and_the_position():
    s = analyse_sentence("Reporting by Fox 5 and Channel 4, with Dana Reyes, 45, over 3 days.")
    named = {s.raw[k]: name_before(s, k) for k, t in enumerate(s.raw) if t.isdigit()}
    assert named == {"5": "fox", "4": "channel", "45": None, "3": None}
