"""One day written two ways is no date change (provenance.dates): "Friday" -> "September 8" in a
page republished days later, "Sept. 8" -> "September 8" in house style; a day moved still is one."""

from __future__ import annotations

import datetime as dt

import pytest

from newstrace.provenance.dates import WrittenDate, publication_day, same_day, same_days, written_dates
from newstrace.provenance.text import analyse_sentence
from _pages import trace_json_of_two

FRIDAY = dt.date(2023, 9, 8)  # a Friday


@pytest.mark.parametrize("text, dates", [
    ("The ferry sank on Friday off Port Calder.", [WrittenDate(weekday=4)]),
    ("The ferry sank on Friday, Sept. 8, 2023, off Port Calder.", [WrittenDate(4, 9, 8, 2023)]),
    ("Ella llegó el 8 de septiembre de 2023 al puerto.", [WrittenDate(None, 9, 8, 2023)]),
    ("It was signed on the 9th of September and took effect in May 2024.",
     [WrittenDate(None, 9, 9, None), WrittenDate(None, 5, None, 2024)]),
    ("Officials may 40 people on Friday.", [WrittenDate(weekday=4)]),  # "may" lower-case is no month
    ("About 8 people were hurt and 2023 homes flooded.", []),  # numbers next to no month are no date
])
def test_written_dates(text, dates):
    assert written_dates(analyse_sentence(text)) == dates


def test_same_day_by_calendar_and_publication_date():
    friday, sept8, sept9 = WrittenDate(weekday=4), WrittenDate(month=9, day=8), WrittenDate(month=9, day=9)
    assert same_day(friday, sept8, [FRIDAY])
    assert same_day(friday, sept8, [dt.date(2023, 9, 11)])  # republished the Monday after
    assert not same_day(friday, sept9, [FRIDAY])  # 9 September 2023 was a Saturday
    assert not same_day(friday, sept8, [dt.date(2023, 10, 20)])  # "Friday" six weeks on is another Friday
    assert not same_day(friday, sept8, [])  # no year, no publication date: cannot be told
    assert same_day(friday, WrittenDate(month=9, day=8, year=2023), [])
    assert same_day(WrittenDate(month=9, day=8), WrittenDate(month=9, day=8, year=2023), [])  # year added
    assert not same_day(WrittenDate(weekday=4), WrittenDate(weekday=3), [FRIDAY])
    assert same_day(WrittenDate(month=12, day=30), WrittenDate(weekday=5), [dt.date(2024, 1, 2)])  # 30 Dec 2023, a Saturday


def test_same_days_sentences():
    a = analyse_sentence("Rescuers found the ferry on Friday and the second boat on Sunday.")
    b = analyse_sentence("Rescuers found the ferry on September 8 and the second boat on September 10.")
    c = analyse_sentence("Rescuers found the ferry on September 8 and the second boat on September 11.")
    assert same_days(b, a, [FRIDAY])
    assert not same_days(c, a, [FRIDAY])
    assert publication_day("2023-09-08T14:05") == FRIDAY and publication_day("not a date") is None


ORIGIN = """URL: https://wire.example.org/ferry
Date: 2023-09-08

Ferry sinks off Port Calder, nine missing

PORT CALDER (Wire) — A passenger ferry carrying 46 people sank off Port Calder on Friday, and nine people were still missing late in the day, the coast guard said.

The Marisol left the harbour at 6 a.m. on Sept. 8 in calm water, harbour master Odile Brandt told reporters at the quay.

"We lost contact with the crew twenty minutes after it cleared the breakwater," Brandt said.

Divers were due to search the wreck on Thursday, the coast guard said in a statement.

"The crew knew these waters and the boat had passed every inspection," Brandt said on Friday.

The ferry company said it had grounded its two other boats until the inquiry reports.
"""

COPY = """URL: https://news.example.com/ferry-sinks
Date: 2023-09-11

Ferry sinks off Port Calder, nine missing

PORT CALDER (Wire) — A passenger ferry carrying 46 people sank off Port Calder on September 8, and nine people were still missing late in the day, the coast guard said.

The Marisol left the harbour at 6 a.m. on September 8 in calm water, harbour master Odile Brandt told reporters at the quay.

"We lost contact with the crew twenty minutes after it cleared the breakwater," Brandt said.

Divers were due to search the wreck on Wednesday, the coast guard said in a statement.

"The crew barely knew these waters and the boat had failed an inspection," Brandt said on September 8.

The ferry company said it had grounded its two other boats until the inquiry reports.
"""


def test_trace_reports_the_moved_day_only(tmp_path):
    rows, origin, copy, _ = trace_json_of_two(tmp_path, ORIGIN, COPY)
    (row,) = [r for r in rows if r["copy_source"].endswith("b-copy.txt") or r["copy_source"].endswith("ferry-sinks")]
    dates = [c["detail"] for c in row["changes"] if c["kind"] == "date"]
    assert dates == ["Thursday -> Wednesday"]
    assert not [c for c in row["changes"] if "September" in (c.get("detail") or "")]
    # the quotation in a sentence whose date is the same day written otherwise is still compared
    assert [c["copy_text"] for c in row["changes"] if c["kind"] == "quote"] == [
        "The crew barely knew these waters and the boat had failed an inspection,"]
