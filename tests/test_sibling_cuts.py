"""Siblings of an agency story and its cut: which text is the reference, and which one a tampered copy is
read against. Two new-user findings: a wire story read as an "edited" copy of a newspaper's cut of it
published a day later (edited one way and verbatim the other is what any cut reads as, no sign of which
came first), and a tampered copy, sibling of the wire story and of a paper's verbatim republication of it,
read against the cut instead, so that two of its four altered figures were never shown. Every page here
is invented."""

from __future__ import annotations

import json

from _pages import page_text, trace_json_of_two, traced_store
from typer.testing import CliRunner

from newstrace.cli import app

WIRE = [
    "Ferry fire forces evacuation off Lysholm",
    "LYSHOLM, May 12 (Reuters) - Fire broke out on a passenger ferry off the island of Lysholm on Tuesday, "
    "forcing the evacuation of 318 passengers and 41 crew members, the coast guard said.",
    "Four lifeboats and two fishing vessels took the passengers to the harbour in under two hours. "
    "Nine people were treated for smoke inhalation.",
    "\"The crew did exactly what they were trained to do,\" coast guard spokesman Arvid Tennfjord told reporters.",
    "The ferry, which carries about 2,700 passengers a week between Lysholm and the mainland, "
    "was towed to port by the evening.",
    "Operator Nordsund Lines said repairs would cost at least 14 million crowns and that the route "
    "would be served by a chartered vessel from Thursday.",
    "(Reporting by Sanne Aukrust; Editing by Paul Merrow)",
]


def test_a_cut_republished_later_is_read_against_the_earlier_full_story(tmp_path):
    wire = page_text("https://wire.example.com/2026/05/12/lysholm-ferry", "2026-05-12", WIRE)
    cut = page_text("https://harbour-post.example.net/2026/05/13/ferry", "2026-05-13",
                    ["Passengers rescued from burning ferry", WIRE[1], WIRE[2], WIRE[-1]])
    rows, *_ = trace_json_of_two(tmp_path, wire, cut)
    (row,) = rows
    # both credit Reuters: siblings of its story, the cut read against the fuller, earlier text
    assert row["origin_id"] is None and row["inferred_source"]
    assert row["copy_source"] == "https://harbour-post.example.net/2026/05/13/ferry"
    assert row["compared_with_source"] == "https://wire.example.com/2026/05/12/lysholm-ferry"
    assert row["kind"] == "verbatim"
    assert "changes are read from the sibling to the copy: the reference was published first (2026-05-12)" \
        in row["direction_evidence"]


def test_a_tampered_copy_is_read_against_the_story_a_paper_republished_word_for_word(tmp_path):
    tampered = [WIRE[0],
                WIRE[1].replace("318", "381").replace("41 crew", "14 crew"),
                WIRE[2], WIRE[3].replace("did exactly", "did not do"),
                WIRE[4].replace("2,700", "7,200"),
                WIRE[5].replace("14 million", "41 million")]  # the credit line cut, as the paper cut it
    own_byline = [WIRE[0], "By Mette Vold, Island Courier",
                  WIRE[1].replace(" (Reuters)", ""), *WIRE[2:6]]  # the credit dropped, the text kept
    pages = {
        "a-wire.txt": ("https://wire.example.com/2026/05/12/lysholm-ferry", "2026-05-12T08:30", WIRE),
        "b-cut.txt": ("https://harbour-post.example.net/2026/05/12/ferry", "2026-05-12T13:05",
                      ["Passengers rescued from burning ferry", WIRE[1], WIRE[2], WIRE[-1]]),
        "c-tampered.txt": ("https://truth-now.example.org/ferry-disaster", "2026-05-13", tampered),
        "d-courier.txt": ("https://islandcourier.example.com/2026/05/13/ferry", "2026-05-13", own_byline),
    }
    path = traced_store(tmp_path, pages)
    shown = CliRunner().invoke(app, ["trace", "--store", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    rows = [json.loads(line) for line in shown.stdout.splitlines()]
    record = next(r for r in rows if r["copy_source"] == "https://truth-now.example.org/ferry-disaster")
    assert record["compared_with_source"] == "https://wire.example.com/2026/05/12/lysholm-ferry"
    numbers = " ".join(c["detail"] for c in record["changes"] if c["kind"] == "number")
    for change in ("318", "381", "41", "14", "2700", "7200", "14 million", "41 million"):
        assert change in numbers.replace(",", ""), (change, numbers)
    assert any(c["kind"] == "quote" and "meaning inverted" in c["detail"] for c in record["changes"])
