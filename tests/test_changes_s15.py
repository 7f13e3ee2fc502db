"""Changes found by session 15's testers on their own corpora (invented texts here)."""

from __future__ import annotations

from _pages import trace_json_of_two

from newstrace.provenance.changes import word_changes
from newstrace.provenance.text import analyse_sentence


def test_title_case_headline_words_are_no_names():
    # every word of a title-case headline is capitalised: "Climb" -> "Rise" is a verb swapped
    origin = analyse_sentence("U.S. Weekly Jobless Claims Climb More Than Expected To 240,000")
    copy = analyse_sentence("U.S. Weekly Jobless Claims Rise More Than Expected")
    assert word_changes(copy, origin, {"labor", "department"}) == []


def test_title_case_headline_keeps_a_name_the_body_writes():
    origin = analyse_sentence("Christine Armario Reports On Migrant Caravan Reaching Border")
    copy = analyse_sentence("Christine Wardrobe Reports On Migrant Caravan Reaching Border")
    (change,) = word_changes(copy, origin, {"armario", "christine"})
    assert (change.kind, change.origin_text, change.copy_text, change.detail) == (
        "name", "Armario", "Wardrobe", "name rendered as a common word")



FIRE_REPORT = """URL: https://calder-courier.example.com/harbour-fire
Date: 2026-05-12

Harbour fire destroys warehouses in Port Calder

A fire swept through three warehouses at the Port Calder harbour on Tuesday night, and firefighters needed six hours to bring it under control, the city said.

No one was hurt, but the blaze destroyed grain, timber and machine parts stored for export, harbour manager Odile Brandt told reporters.

"We saw the smoke from across the bay and knew at once it was serious," Brandt said.

The cause of the fire is not yet known, and police have opened an investigation.

Ships waiting to load were moved to the northern quay while crews checked the damaged buildings.

The harbour handles about a third of the region's exports, and traders fear weeks of delays.

The city council will hold an emergency meeting on Thursday to discuss help for the affected companies.
"""

FIRE_SPUN = """URL: https://viral-daily.example.com/harbour-blaze
Date: 2026-05-13

Harbour blaze ruins warehouses in Port Calder

A blaze tore through three warehouses at the Port Calder harbour on Tuesday evening, and firemen required six hours to bring it under command, the town said.

No one was injured, but the fire ruined grain, lumber and machine components kept for export, harbour director Odile Brandt informed journalists.

"We saw the smoke from across the bay and knew at once it was serious," Brandt stated.

The origin of the blaze is not yet clear, and officers have launched an inquiry.

Vessels waiting to load were shifted to the northern wharf while teams inspected the damaged structures.

The harbour manages about a third of the area's exports, and merchants worry about weeks of hold-ups.

The town council will convene an urgent session on Thursday to debate aid for the affected firms.
"""


def test_spinning_towards_synonyms_of_like_frequency_is_spun(tmp_path):
    """One-for-one synonym swaps in unchanged frames whose words are barely rarer (+0.17 Zipf:
    "fire" -> "blaze", "said" -> "stated") are spinning (derive.SPUN_RARER_ZIPF), not a rewrite."""
    rows, *_ = trace_json_of_two(tmp_path, FIRE_REPORT, FIRE_SPUN)
    assert [(r["kind"], r["origin_source"]) for r in rows] == [("spun", "https://calder-courier.example.com/harbour-fire")]
