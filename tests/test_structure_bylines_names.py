"""Bylines whose surnames are also agency or outlet names, outlets after a byline's name read
alike whichever outlet it is, and page navigation and template placeholders kept out of the
headline and the body.

Real data (read from ../shared at run time): Reuters-21578 stories, whose bodies end in a
"Reuter" sign-off that must stay a credit, and the provenance corpus's arkansasonline copy of
story h, whose page starts with a navigation bar and an unfilled caption placeholder. Every
other example text is invented for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.pipeline import analyze_document
from newstrace.readers import read_path
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.structure.byline import parse_byline, parse_contributor_line, person_name
from newstrace.structure.credit import is_news_agency, names_page_publisher
from newstrace.structure.furniture import is_page_furniture
from newstrace.structure.residue import PLACEHOLDER, split_placeholders

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
STAGES = ("repair", "structure")

BODY = ("Harbor officials in Pellwyrth approved a new sea wall on Monday after a year of delays and two "
        "public hearings.\n\nThe wall will cost 41 million dollars and should be finished by 2027, the council said.")


def structured(text: str, url: str | None = None):
    return analyze_document(RawDocument(Source(url=url), text), stages=STAGES)


# --- surnames that are agency or outlet names ---------------------------------------------------


@pytest.mark.parametrize("line, names", [
    ("By Ellie Forbes and Tom Reuter", ["Ellie Forbes", "Tom Reuter"]),
    ("By Tom Reuter", ["Tom Reuter"]),
    ("By Paul Bloomberg", ["Paul Bloomberg"]),
    ("By Anna Press", ["Anna Press"]),
    ("By Jan Agence", ["Jan Agence"]),
    ("By MARTA XINHUA", ["Marta Xinhua"]),
    ("By Ivo Presse and Lena Okafor", ["Ivo Presse", "Lena Okafor"]),
])
def test_given_name_and_agency_surname_is_a_person(line, names):
    parsed = parse_byline(line)
    assert parsed is not None and parsed.names == names
    assert parsed.credit is None and parsed.outlet is None


@pytest.mark.parametrize("line, names, credit", [
    ("By Lena Okafor, Reuters", ["Lena Okafor"], "Reuters"),
    ("By Reuters Staff", [], "Reuters"),
    ("By LENA OKAFOR REUTERS", ["Lena Okafor"], "Reuters"),
    ("By Lena Okafor, Bloomberg News", ["Lena Okafor"], "Bloomberg"),
    ("By Lena Okafor and Tom Reuter, Associated Press", ["Lena Okafor", "Tom Reuter"], "The Associated Press"),
    ("By Lena Okafor, Agence France Presse", ["Lena Okafor"], "Agence France-Presse"),
    ("By Tom Reuter, AFP", ["Tom Reuter"], "Agence France-Presse"),
])
def test_whole_agency_chunk_stays_the_credit(line, names, credit):
    parsed = parse_byline(line)
    assert parsed is not None and (parsed.names, parsed.credit) == (names, credit)


def test_surname_after_and_is_a_person_nameplate_after_comma_an_outlet():
    joined = parse_byline("By Lena Okafor and Anna Press")
    assert (joined.names, joined.outlet) == (["Lena Okafor", "Anna Press"], None)
    comma = parse_byline("By Lena Okafor, Calder Press")
    assert (comma.names, comma.outlet) == (["Lena Okafor"], "Calder Press")


def test_agency_names_are_not_people():
    assert person_name("Associated Press writer Edda Osswald") == "Edda Osswald"
    assert person_name("Canadian Press") is None and person_name("United Press") is None
    assert person_name("Harbour Press Service") is None  # a press service's name, not "Harbour Press"


def test_run_in_reuter_signoff_after_a_place_is_no_person():
    """A story's last sentence ending in a place, then the run-in sign-off ("... in Brackmoor and
    Pellwyrth. Reuter"): the sign-off is the credit, "Pellwyrth. Reuter" no person."""
    a = structured(f"CALDER FERRIES BUYS TUG OPERATOR\n\n{BODY}\n\nThe company has yards in Brackmoor and Pellwyrth. Reuter")
    assert a.credit == "Reuters" and a.byline == []
    assert parse_byline("By J. Reuter").names == ["J. Reuter"]


def test_reuters_signoff_stays_a_credit():
    """Reuters-21578: every one of the first 300 stories whose body ends in the "Reuter" sign-off
    is credited to Reuters, and no "Reuter" of a sign-off is read as a person."""
    checked = 0
    for k, story in enumerate(iter_reuters()):
        if k >= 300:
            break
        paragraphs = story.paragraphs()
        if not paragraphs or not paragraphs[-1].rstrip().endswith("Reuter"):
            continue
        a = structured(story.title + "\n\n" + "\n\n".join(paragraphs))
        assert a.credit == "Reuters", story.newid
        assert not any("Reuter" in name for name in a.byline), story.newid
        checked += 1
    assert checked >= 150


# --- outlets after a byline's name --------------------------------------------------------------


@pytest.mark.parametrize("outlet, credit", [("Fox News", "Fox News"), ("Washington Post", "The Washington Post"),
                                            ("CNN", "CNN")])
def test_outlet_after_name_on_another_site_is_the_credit(outlet, credit):
    a = structured(f"Sea wall approved\n\nBy Lena Okafor, {outlet}\n\n{BODY}", url="https://calder-courier.example/a/1")
    assert a.byline == ["Lena Okafor"] and a.credit == credit and a.outlet is None


def test_newspaper_and_site_after_name_read_alike():
    fox, post = parse_byline("By Lena Okafor, Fox News"), parse_byline("By Lena Okafor, Washington Post")
    assert (fox.credit, fox.outlet) == (None, "Fox News")
    assert (post.credit, post.outlet) == (None, "The Washington Post")
    assert parse_byline("By Lena Okafor, Washington Post Staff Writer").outlet == "The Washington Post"


def test_contributor_from_a_newspaper_gives_no_credit():
    assert parse_contributor_line("Lena Okafor of The Washington Post contributed to this report.") == (
        ["Lena Okafor"], None)
    assert parse_contributor_line("Lena Okafor, an Associated Press reporter in Brackmoor, contributed to this report.") == (
        ["Lena Okafor"], "The Associated Press")


@pytest.mark.parametrize("url, line, dateline, outlet", [
    ("https://edition.cnn.com/2024/05/02/us/sea-wall/index.html", "By Lena Okafor, CNN", "NEW YORK (CNN) \u2014 ", "CNN"),
    ("https://www.washingtonpost.com/local/2024/05/02/sea-wall/", "By Lena Okafor, Washington Post", "",
     "The Washington Post"),
])
def test_outlet_on_its_own_page_is_no_credit(url, line, dateline, outlet):
    a = structured(f"Sea wall approved\n\n{line}\n\n{dateline}{BODY}", url=url)
    assert a.byline == ["Lena Okafor"]
    assert a.credit is None and a.outlet == outlet


def test_republication_notice_keeps_its_credit_on_the_same_site():
    a = structured(f"Sea wall approved\n\nBy Lena Okafor\n\n{BODY}\n\nThis article originally appeared on Calder News US.",
                   url="https://www.caldernews.example/en_uk/article/sea-wall")
    assert a.credit == "Calder News US"


def test_agency_keeps_its_credit_on_its_own_page():
    a = structured(f"Sea wall approved\n\nBy Lena Okafor\n\nPELLWYRTH (Reuters) - {BODY}",
                   url="https://www.reuters.com/world/sea-wall-2024-05-02/")
    assert a.credit == "Reuters"
    assert is_news_agency("Reuters") and not is_news_agency("The Washington Post")
    assert names_page_publisher("CNN", "https://edition.cnn.com/x", [])
    assert not names_page_publisher("CNN", "https://calder-courier.example/x", [])


# --- navigation bars and template placeholders -------------------------------------------------


@pytest.mark.parametrize("line", [
    "Today's Edition Search Latest news Listen Tides Harbour Most shared Obits Weather Puzzles + Games",
    "Home Sections Top stories Local Weather Traffic Most read Newsletters Sign in",
])
def test_navigation_bar_with_two_word_items_is_furniture(line):
    assert is_page_furniture(line)
    a = structured(f"{line}\n\nSea wall approved after two years of delay\n\n{BODY}")
    assert a.headline == "Sea wall approved after two years of delay"


@pytest.mark.parametrize("headline", [
    "Latest storm news brings new flood warnings to the coast",
    "Weather service warns of traffic chaos on the coast road",
    "Sports minister opens new harbour stadium",
])
def test_headlines_with_navigation_words_are_kept(headline):
    assert not is_page_furniture(headline)
    assert structured(f"{headline}\n\n{BODY}").headline == headline


def test_unfilled_placeholder_is_residue():
    text, found = split_placeholders("story.lead_photo.caption Boats moored at the quay on Monday.")
    assert (text, found) == ("Boats moored at the quay on Monday.", ["story.lead_photo.caption"])
    assert split_placeholders("The report_2024.pdf file is at www.calder-courier.example.")[1] == []
    a = structured(f"Sea wall approved\n\n{{{{ article.photo_credit }}}} Boats at the quay.\n\n{BODY}")
    assert "article.photo_credit" not in a.text and a.text.startswith("Boats at the quay.")
    assert [r.text for r in a.residue if r.reason == PLACEHOLDER] == ["{{ article.photo_credit }}"]


def test_arkansasonline_copy_navigation_and_placeholder():
    """Provenance story h, copy 02: the page's navigation bar is no headline, and the unfilled
    caption placeholder leaves the body (its caption stays; the dateline is still read)."""
    path = next(iter(sorted(PROVENANCE.glob("h-*/02-*.txt"))))
    a = analyze_document(next(iter(read_path(path))), stages=STAGES)
    assert "Search" not in a.headline.split() and "Obits" not in a.headline.split()
    assert "lead_photo" not in a.text and "lead_photo" not in a.headline
    assert any(r.reason == PLACEHOLDER and "lead_photo" in r.text for r in a.residue)
    assert any(r.reason == "page-furniture" and "Obits" in r.text for r in a.residue)
    assert a.dateline == "CARACAS, Venezuela"


def test_an_agency_named_in_another_language_is_the_credit_not_a_byline_name():
    """"Por Nadia Ferreira, Prensa Asociada" and a cut-short "Associated Pres" credit the agency; they were
    stored as a second byline person (new-user test). An initial keeps a person ("J. Reuter")."""
    from newstrace.structure.byline import parse_byline

    for line, agency in (("Por Nadia Ferreira, Prensa Asociada", "The Associated Press"),
                         ("By Nadia Ferreira, Assoziierte Presse", "The Associated Press"),
                         ("By Tom Reddy, Associated Pres", "The Associated Press")):
        b = parse_byline(line)
        assert (b.names[-1:], b.credit) == ([line.split(", ")[0].split(" ", 1)[1]], agency), (line, b)
    assert parse_byline("By Ann Lee, J. Reuter").names == ["Ann Lee", "J. Reuter"]
