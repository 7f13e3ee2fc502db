"""Attribution that syndicated copies carry: the outlet after a byline's name, and wire datelines
crediting an outlet ("New York (CNN) -"), also split over lines where markup was lost.

Real data: the provenance corpus (read from ../shared at run time): story i is CNN's, republished
by an affiliate with "By <name>, CNN" and copied with its dateline split over three lines; story c
is the BBC's, republished with "By <name>, BBC News, in <place>". The invented examples are written
for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers import read_path
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.structure.byline import outlet_name, parse_byline
from newstrace.structure.credit import byline_outlet_credit, outlet_credit, parse_dateline

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
STAGES = ("repair", "structure")

BODY = ("Harbor officials in Pellwyrth approved a new sea wall on Monday after a year of delays and two "
        "public hearings.\n\nThe wall will cost 41 million dollars and should be finished by 2027, the council said.")


def corpus_file(story: str, prefix: str):
    path = next(iter(sorted(PROVENANCE.glob(f"{story}-*/{prefix}*.txt"))))
    return analyze_document(next(iter(read_path(path))), stages=STAGES)


def structured(text: str, url: str | None = None, meta: dict | None = None):
    return analyze_document(RawDocument(Source(url=url), text, meta=meta or {}), stages=STAGES)


# --- real files ---------------------------------------------------------------------------------


def test_cnn_affiliate_byline_credits_cnn_not_the_page():
    original = corpus_file("i", "01")  # "By <name>, CNN" on a CNN affiliate's site
    assert original.byline == ["Catherine Thorbecke"]
    assert original.credit == "CNN" and original.outlet is None  # the affiliate publishes, CNN is credited


@pytest.mark.parametrize("prefix, opens", [("02", "News outlet CNET"), ("03", "Information outlet CNET")])
def test_cnn_dateline_split_over_lines(prefix, opens):
    copy = corpus_file("i", prefix)  # "New York", "CNN", " — " each on a line of its own
    assert copy.dateline == "New York (CNN)" and copy.credit == "CNN"
    assert "\nCNN\n" not in copy.text and "\n\n" + opens in "\n\n" + copy.text  # the story starts after the dash


def test_cnn_dateline_below_repeated_headlines_as_the_trace_benchmark_reads_it():
    # bench/trace_eval.py --analyse reads each excerpt without a headline: the split dateline of the
    # verbatim copy then stands below its menu and repeated headline lines, not first.
    path = next(iter(sorted(PROVENANCE.glob("i-*/02*.txt"))))
    raw = next(iter(read_path(path)))
    art = analyze_document(RawDocument(raw.source, "\n\n" + raw.text, meta={"url": raw.source.url}), stages=STAGES)
    assert (art.dateline, art.credit) == ("New York (CNN)", "CNN")
    # the AI rewrite kept the place alone ("New York" with "CNN" removed): no dateline, no credit is read
    rewrite = corpus_file("i", "04")
    assert rewrite.dateline is None and rewrite.credit is None


def test_bbc_byline_with_place_credits_bbc_news():
    copy = corpus_file("c", "01")  # "By <name>, BBC News, in <place> near <border>" on another site
    assert copy.byline == ["Orla Guerin"] and copy.credit == "BBC News"


# --- invented: bylines ---------------------------------------------------------------------------

AFFILIATE = "https://kestrel-valley-news.example/money/2024/05/02/sea-wall"


BYLINES = [
    ("By Ann Lee, CNN", ["Ann Lee"], "CNN"),
    ("By Ann Lee, BBC News, in Pellwyrth near the northern border", ["Ann Lee"], "BBC News"),
    ("By Ann Lee and Tomas Riedel, Calder Courier", ["Ann Lee", "Tomas Riedel"], "Calder Courier"),
    ("By Ann Lee, Associated Press", ["Ann Lee"], "The Associated Press"),
    ("By Ann Lee, CNN Business Senior Writer", ["Ann Lee"], "CNN"),  # the site, its desk and a title
    ("By Ann Lee, Reuters Breaking News Editor", ["Ann Lee"], "Reuters"),
    # job titles, places and unknown organisations after the comma are no credit
    ("By Ann Lee, Staff Writer", ["Ann Lee"], None),
    ("By Ann Lee, Special Correspondent", ["Ann Lee"], None),
    ("By Ann Lee, in Pellwyrth near the northern border", ["Ann Lee"], None),
    ("By Ann Lee, Kestrelwire", ["Ann Lee"], None),
]


def test_outlet_after_a_bylines_name_is_the_credit_on_another_sites_page():
    for line, byline, credit in BYLINES:
        art = structured(f"Sea wall approved\n\n{line}\n\n{BODY}", url=AFFILIATE)
        assert (art.byline, art.credit) == (byline, credit), line
        if credit not in (None, "The Associated Press"):
            assert art.outlet is None, line  # the credited outlet is not the page's publisher
        assert "Ann Lee" not in art.text, line  # the byline left the body


@pytest.mark.parametrize(
    "line, url, meta",
    [
        ("By Ann Lee, CNN", "https://edition.cnn.com/2024/05/02/sea-wall", {}),
        ("By Ann Lee, BBC News", "https://www.bbc.co.uk/news/sea-wall", {}),
        ("By Ann Lee, Los Angeles Times", "https://www.latimes.com/story/sea-wall", {}),  # the host by initials
        ("By Ann Lee, Calder Courier", None, {"sitename": "The Calder Courier Online"}),
        ("By Ann Lee, Calder Courier", None, {}),  # no publisher known: the byline's outlet is the best reading
    ],
)
def test_outlet_in_a_byline_on_its_own_page_is_the_outlet_not_the_credit(line, url, meta):
    art = structured(f"Sea wall approved\n\n{line}\n\n{BODY}", url=url, meta=meta)
    named = line.split(", ", 1)[1]
    assert art.byline == ["Ann Lee"] and art.credit is None
    assert art.outlet == (meta.get("sitename") or named)
    assert byline_outlet_credit([named], url, [meta["sitename"]] if meta else []) is None


def test_sentence_opening_with_by_is_no_byline_even_with_a_name_in_it():
    line = "By a wide margin, harbor residents also said that Calder Bay does more to hurt the town than help it."
    assert parse_byline(line) is None
    art = structured(f"Sea wall approved\n\n{BODY}\n\n{line}\n\nThe vote is on Friday.")
    assert art.byline == [] and line in art.text
    assert parse_byline("By Associated Press writer Edda Osswald in Pellwyrth").names == ["Edda Osswald"]


def test_surname_of_a_site_name_is_a_person():
    # "Forbes" is a news site and a surname: a first name before it makes a person, not the site
    assert outlet_name("Ilka Forbes") is None and outlet_name("Forbes") == "Forbes"
    assert outlet_name("Deutsche Welle") == "Deutsche Welle"
    art = structured(f"Sea wall approved\n\n{BODY}", url=AFFILIATE, meta={"byline": ["Tomas Riedel", "Ilka Forbes"]})
    assert art.byline == ["Tomas Riedel", "Ilka Forbes"] and art.credit is None


def test_surname_of_a_site_name_with_a_title_is_a_person_in_a_credit_position_too():
    # a credit position (a byline chunk after a name, a dateline's parentheses) reads a site as a
    # byline chunk does: "Ilka Forbes Senior Writer" is a person with her title, not Forbes's desk
    assert outlet_credit("Ilka Forbes Senior Writer") is None
    assert outlet_credit("Forbes Senior Writer") == "Forbes" and outlet_credit("Deutsche Welle Sports") == "Deutsche Welle"
    line = parse_byline("By Tomas Riedel, Ilka Forbes Senior Writer")
    assert line.names == ["Tomas Riedel", "Ilka Forbes"] and line.outlet is None and line.credit is None


# --- invented: datelines -------------------------------------------------------------------------


DATELINES = [
    ("New York (CNN) \u2014 Harbor officials said on Monday.", "New York (CNN)", "CNN"),
    ("PELLWYRTH (CNN Business) \u2014 Shares fell.", "PELLWYRTH (CNN Business)", "CNN"),
    ("Pellwyrth (Calder Courier) - Harbor officials said.", "Pellwyrth (Calder Courier)", "Calder Courier"),
    ("Pellwyrth\nCNN\n \u2014 \n", "Pellwyrth (CNN)", "CNN"),
    ("PELLWYRTH, Ossery\n(AP)\n\u2014", "PELLWYRTH, Ossery (AP)", "The Associated Press"),
    ("New York\nBBC News \u2014", "New York (BBC News)", "BBC News"),
    # no dateline
    ("Pellwyrth (Staff Writer) \u2014 Harbor officials said.", None, None),  # no outlet in the parentheses
    ("Pellwyrth\nUpdated\n\u2014", None, None),  # a label, not a credit
    ("BREAKING\nCNN\n\u2014", None, None),  # a kicker, not a place
    ("Sea Wall Approved\nCNN\n\u2014 Harbor officials said on Monday.", None, None),  # the dash must end its line
    ("Ann Lee (Labour) \u2014 the councillor said.", None, None),
]


def test_dateline_credits_an_outlet_also_split_over_lines():
    for paragraph, text, credit in DATELINES:
        d = parse_dateline(paragraph)
        assert ((d.text, d.credit) if d else (None, None)) == (text, credit), paragraph


def test_split_dateline_in_an_article():
    art = structured(f"Sea wall approved\n\nPellwyrth\nCNN\n \u2014 \n\n{BODY}", url=AFFILIATE)
    assert (art.dateline, art.credit) == ("Pellwyrth (CNN)", "CNN")
    assert art.text.startswith("Harbor officials in Pellwyrth approved")
    assert outlet_credit("CNN Business") == "CNN" and outlet_credit("Special Correspondent") is None
