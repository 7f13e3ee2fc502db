"""Between two siblings, the one published first is the reference the other's changes are read
against, before the attribution each keeps: a new-user test found a dated original read against a
copy published two days later whose only claim to be first-hand was the agency credit it carried.
Every page here is invented."""

from __future__ import annotations

from _pages import page_text, trace_json_of_two

STORY = [
    "Storm floods Port Calder",
    "PORT CALDER \u2014 Heavy rain flooded 40 homes in the harbour district of Port Calder on Tuesday, the city said.",
    "Firefighters pumped water from cellars through the night, and two schools stayed closed on Wednesday.",
    "\"We have never seen the river rise so fast,\" said harbour manager Odile Brandt.",
    "The city council will meet on Thursday to discuss help for the affected families.",
    "Forecasters expect more rain over the weekend, and residents were told to keep sandbags ready.",
    "The harbour handles about a third of the region's exports, and traders fear weeks of delays.",
]


def test_the_earlier_sibling_is_the_reference_whatever_credit_the_later_one_carries(tmp_path):
    first = page_text("https://calder.example.com/storm", "2026-05-12", STORY)
    later = page_text("https://news.example.org/storm", "2026-05-14",
                      STORY[:1] + ["By Ann Lee, Associated Press"] + STORY[1:])
    rows, *_ = trace_json_of_two(tmp_path, first, later)
    (row,) = rows
    # the later page declares AP, so neither is the other's copy: siblings of AP's story
    assert row["origin_id"] is None and row["inferred_source"]
    assert row["copy_source"] == "https://news.example.org/storm"
    assert row["compared_with_source"] == "https://calder.example.com/storm"
    assert any(r.startswith("changes are read from the sibling to the copy: the reference was published first")
               for r in row["direction_evidence"]), row["direction_evidence"]
