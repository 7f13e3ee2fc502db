"""Date stamps with a place label or a zone after a comma, month-precision metadata dates,
pipe-separated headline furniture, and mixed-case "City, Region -" datelines.

Real data: provenance-corpus excerpts read from ../shared at run time; other examples invented.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers import read_paths
from newstrace.readers.base import RawDocument
from newstrace.report.timeline import parse_when
from newstrace.schema import Source
from newstrace.structure.credit import parse_dateline
from newstrace.structure.dates import find_dates
from newstrace.structure.headline import split_headline
from newstrace.structure.stamps import parse_stamp

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
STAGES = ("repair", "structure")
needs_shared = pytest.mark.skipif(not PROVENANCE.is_dir(), reason="needs ../shared")


def structured(text: str):
    return analyze_document(RawDocument(Source(), text), stages=STAGES)


def corpus_file(pattern: str):
    """The one provenance excerpt matching ``pattern``, analysed (repair + structure)."""
    paths = sorted(PROVENANCE.glob(pattern))
    assert len(paths) == 1, paths
    (raw,) = read_paths([str(paths[0])])
    return analyze_document(raw, stages=STAGES), paths[0].read_text(encoding="utf-8")


# --- 1. a place label or zone after a comma ----------------------------------------------


@pytest.mark.parametrize(
    "line, iso, offset",
    [
        ("Saturday 9 March 2024 07:15, UK", "2024-03-09T07:15", None),  # a place label: no offset
        ("Saturday 9 March 2024 07:15, GMT", "2024-03-09T07:15", "+00:00"),
        ("Saturday 9 March 2024 07:15, UTC", "2024-03-09T07:15", "+00:00"),
        ("Updated 9 March 2024 19:15, EDT", "2024-03-09T19:15", "-04:00"),
        ("Saturday 9 March 2024 07:15, New Delhi", "2024-03-09T07:15", None),
    ],
)
def test_stamp_with_place_or_zone_after_a_comma(line, iso, offset):
    stamp = parse_stamp(line)
    assert stamp is not None and not stamp.outlets and not stamp.names
    assert [(m.local_iso(), m.offset) for _, m in stamp.dates] == [(iso, offset)]


def test_word_after_a_comma_is_no_zone_unless_in_capitals():
    # "et" (French 'and', and the US zone ET) after a comma in lower case is a word
    (m,) = find_dates("le 9 mars 2024 10:00, et le maire a dit")
    assert (m.local_iso(), m.offset) == ("2024-03-09T10:00", None)
    # nor is a sentence with a date and a place a stamp; nor a person's name or an agency
    assert parse_stamp("The ferry left on 9 March 2024 at 07:15, Brackwater") is None
    assert parse_stamp("Saturday 9 March 2024, Ann Lee") is None
    assert parse_stamp("9 March 2024 07:15, Reuters") is None


@needs_shared
def test_sky_stamp_with_place_label_is_read_and_leaves_the_body():
    art, raw = corpus_file("d-*/01*.txt")
    stamp_line = next(line for line in raw.splitlines() if line.rstrip().endswith(", UK"))
    assert art.published == find_dates(stamp_line)[0].local_iso()
    assert art.published.startswith("2019-02-26T") and art.published_offset is None
    assert stamp_line not in art.text and stamp_line.split(",")[0] not in art.text


# --- 2. month-precision metadata ---------------------------------------------------------


@pytest.mark.parametrize("line, iso", [("date 2024-11", "2024-11"), ("Published: 2024/03", "2024-03"),
                                       ("date 2024-11-05", "2024-11-05")])
def test_labelled_month_is_a_month_precision_stamp(line, iso):
    (kind, m), = parse_stamp(line).dates
    assert (kind, m.local_iso()) == ("published", iso)


def test_month_precision_needs_a_label_and_a_real_month():
    assert parse_stamp("2024-11") is None or parse_stamp("2024-11").dates == []
    assert parse_stamp("date 2024-13") is None
    assert parse_stamp("date 2024-11 The harbour board met") is None  # text after it: a prefix, not a line


def test_month_precision_glued_before_the_text_is_kept():
    art = structured(" date 2024-11 The harbour board met on Tuesday to set the dues for the coming winter.\n\n"
                     "Members said the fees would rise.")
    assert art.published == "2024-11" and art.published_offset is None
    assert art.text.startswith("The harbour board met")
    assert parse_when(art.published).month == 11  # the report's timeline reads it


@needs_shared
@pytest.mark.parametrize("pattern", ["f-*/05*.txt", "j-*/01*.txt"])
def test_scraped_month_stamp_gives_published_month(pattern):
    art, raw = corpus_file(pattern)
    body = raw.split("\n\n", 1)[1]
    label = body.split()[:2]
    assert label[0] == "date" and art.published == label[1]
    assert len(art.published) == 7 and not art.text.startswith("date")


@needs_shared
def test_day_precision_stamp_still_works():
    art, raw = corpus_file("r-*/01*.txt")
    day = raw.split("\n\n", 1)[1].split()[1]
    assert art.published == day and len(day) == 10


# --- 3. pipe-separated headline furniture ------------------------------------------------


@pytest.mark.parametrize(
    "line, headline, suffix",
    [
        ("Harbour wall to be rebuilt | News about the coast and the islands and the bays | CC | 24.08.2018",
         "Harbour wall to be rebuilt", "| News about the coast and the islands and the bays | CC | 24.08.2018"),
        ("Ferry fares frozen for the winter | Stories from the harbour towns of the north coast | The Post",
         "Ferry fares frozen for the winter", "| Stories from the harbour towns of the north coast | The Post"),
        ("Opinion | Why the pier must stay | The Courier", "Why the pier must stay", "Opinion | The Courier"),
        ("Opinion | Why the pier must stay", "Why the pier must stay", "Opinion |"),
    ],
)
def test_pipe_furniture_after_the_title(line, headline, suffix):
    parts = split_headline(line)
    assert (parts.headline, parts.suffix) == (headline, suffix)
    assert "| |" not in (parts.suffix or "")


@needs_shared
def test_dw_title_keeps_section_and_site_out_of_the_headline():
    art, raw = corpus_file("k-*/01*.txt")
    first = raw.split("\n\n", 1)[1].splitlines()[0]
    title = first.split(" | ")[0]
    assert art.headline == title
    assert art.headline_suffix and "|" not in art.headline and "| |" not in art.headline_suffix
    assert first.endswith(art.headline_suffix)


# --- 4. mixed-case "City, Region -" datelines --------------------------------------------


@pytest.mark.parametrize(
    "paragraph, dateline",
    [
        ("Pellwyrth, Ossery - Harbour officials said on Monday the wall would be rebuilt.", "Pellwyrth, Ossery"),
        ("Port Aske, North Ossery \u2014 The ferry ran again on Monday.", "Port Aske, North Ossery"),
        ("Pellwyrth, Ossery -- \u201cWe are ready,\u201d the mayor said.", "Pellwyrth, Ossery"),
    ],
)
def test_mixed_case_place_form_dateline(paragraph, dateline):
    assert parse_dateline(paragraph).text == dateline


@pytest.mark.parametrize(
    "paragraph",
    [
        "Pellwyrth - the town on the bay - was flooded.",  # one mixed-case word: may be a name
        "Pellwyrth \u2014 The town was flooded.",
        "Lisbon, Portugal - based shippers said the port was closed.",  # a compound, lower case after
        "Reuters, Ossery - The agency said.",  # an agency is no place
        "Yesterday the harbour, Ossery - wide, was closed.",
    ],
)
def test_no_mixed_case_dateline_without_the_place_form(paragraph):
    assert parse_dateline(paragraph) is None


def test_mixed_case_dateline_only_opening_the_body():
    art = structured("Harbour wall to be rebuilt\n\nPellwyrth, Ossery - Harbour officials said on Monday the wall "
                     "would be rebuilt before the winter storms.\n\nThe work starts in May.")
    assert art.dateline == "Pellwyrth, Ossery" and art.text.startswith("Harbour officials")
    later = structured("Harbour wall to be rebuilt\n\nHarbour officials said on Monday the wall would be rebuilt.\n\n"
                       "Pellwyrth, Ossery - Harbour officials said on Monday the wall would be rebuilt soon.")
    assert later.dateline is None


@needs_shared
def test_iol_mixed_case_dateline():
    art, raw = corpus_file("h-*/03*.txt")
    opening = next(p for p in raw.split("\n\n") if " - " in p and p.split(" - ")[0].count(",") == 1
                   and len(p.split(" - ")[0].split()) <= 3)
    place = opening.split(" - ")[0]
    assert art.dateline == place and art.text.startswith(opening.split(" - ", 1)[1][:40])


def test_a_printed_month_gives_way_to_a_day_in_it_from_the_url(tmp_path):
    """"date 2019-06" with a URL dated 2019/06/12 is published 2019-06-12; a URL day in another month
    leaves the printed month. Invented records."""
    import json

    import newstrace

    body = "date 2019-06 The council voted on the pier on a windy evening. It met again later about the harbour."
    feed = tmp_path / "feed.jsonl"
    feed.write_text("".join(json.dumps({"title": "Harbour vote", "url": f"https://example.org/news/{d}/vote",
                                        "text": body}) + "\n" for d in ("2019/06/12", "2019/07/12")),
                    encoding="utf-8")  # fmt: skip
    assert [a.published for a in newstrace.analyze_records(feed)] == ["2019-06-12", "2019-06"]
