"""Broadcasters and garbled agency names in bylines, "Last, First" author fields, and wire desk signatures.

Real data (read from ../shared at run time): Reuters-21578 bodies, none of whose lines is a desk
signature and whose "Reuter" sign-off stays the credit; the provenance corpus, whose bylines name
no organisation as a person. Every other example text is invented for these tests.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.pipeline import analyze_document
from newstrace.readers import read_path
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.structure.byline import OUTLET_WORDS, is_participle_word, last_first_name, parse_byline
from newstrace.structure.credit import desk_signature, split_run_in_signoff

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
STAGES = ("repair", "structure")

BODY = ("Kiln fire closes pottery\n\nA fire in the kiln shed of the Osk pottery works closed the plant on Tuesday, "
        "and forty workers were sent home, the owners said.\n\nFirefighters from two towns kept the blaze from the "
        "clay store, the fire service said, and nobody was hurt.")


def structured(text: str, url: str | None = None, meta: dict | None = None):
    return analyze_document(RawDocument(Source(url=url), text, meta=meta or {}), stages=STAGES)


# --- broadcasters and organisations after a byline's name ------------------------------------------

@pytest.mark.parametrize("outlet", ["Ossery Broadcasting", "Lanvik Radio", "Dask TV", "Brack Valley Television",
                                    "Calder Media Group", "Ossery Broadcasting Corporation", "Tarn Network"])
def test_broadcaster_after_a_name_is_the_outlet_never_a_person(outlet):
    parsed = parse_byline(f"By Ilse Varga, {outlet}")
    assert parsed.names == ["Ilse Varga"]
    assert parsed.outlet == outlet
    article = structured(f"{BODY}\n\nBy Ilse Varga, {outlet}")
    assert article.byline == ["Ilse Varga"]
    assert article.outlet == outlet


def test_broadcaster_named_in_another_site_s_byline_is_the_credit():
    article = structured(f"{BODY}\n\nBy Ilse Varga, Lanvik Radio", url="https://news.example.net/kiln-fire")
    assert article.byline == ["Ilse Varga"]
    assert article.credit == "Lanvik Radio"


@pytest.mark.parametrize("line", ["By Related Press", "By Allied Press", "By United Press"])
def test_organisation_press_name_is_no_person(line):
    parsed = parse_byline(line)
    assert parsed is not None and parsed.names == []
    assert structured(f"{BODY}\n\n{line}").byline == []


@pytest.mark.parametrize("line, names", [
    ("By Anna Press", ["Anna Press"]),
    ("By Tom Reuter", ["Tom Reuter"]),
    ("By Ann Lee and Emily Post", ["Ann Lee", "Emily Post"]),
    ("By Alfred Press", ["Alfred Press"]),
])
def test_persons_whose_surname_is_a_nameplate_word_stay_persons(line, names):
    assert parse_byline(line).names == names


def test_participle_words():
    assert [is_participle_word(w) for w in ("Related", "Allied", "United", "Alfred", "Mildred", "Jared", "Ahmed")] \
        == [True, True, True, False, False, False, False]
    assert {"radio", "broadcasting", "television", "tv", "network", "media", "group"} <= OUTLET_WORDS


# --- "Last, First" author fields --------------------------------------------------------------------

@pytest.mark.parametrize("field, name", [
    ("Varga, Ilse", "Ilse Varga"), ("VARGA, ILSE", "Ilse Varga"), ("Varga, Ilse Maren", "Ilse Maren Varga"),
    ("van Dijk, Lotte", "Lotte van Dijk"),
])
def test_last_first_is_read_first_last(field, name):
    assert last_first_name(field) == name


@pytest.mark.parametrize("field", ["Ilse Varga, Staff Writer", "Varga, Reuters", "Reuters, London", "Lee, Calder Courier",
                                   "Varga, Ilse, Staff", "Lee, March", "Ilse Varga, Lanvik Radio"])
def test_last_first_needs_two_name_parts(field):
    assert last_first_name(field) is None


def test_author_column_last_first_gives_the_person(tmp_path):
    path = tmp_path / "export.csv"
    body = "The pier board in Osk voted on Friday to raise mooring fees by 8 percent from April, its chair said."
    path.write_text("title,text,author\n"
                    f'"Pier fees rise","{body}","Varga, Ilse"\n'
                    f'"Pier fees rise","{body}","Ilse Varga, Osk Tidende"\n', encoding="utf-8")
    articles = [analyze_document(doc, stages=STAGES) for doc in read_path(path)]
    assert [a.byline for a in articles] == [["Ilse Varga"], ["Ilse Varga"]]
    assert articles[1].outlet == "Osk Tidende"


# --- wire desk signatures ---------------------------------------------------------------------------

@pytest.mark.parametrize("line, credit", [
    ("xy/ab/AFP", "Agence France-Presse"),
    ("kms/dw (AFP, Reuters)", "Agence France-Presse"),
    ("hg/sk (dpa, AP)", "Deutsche Presse-Agentur"),
    ("bur-jm/rl", None),
    ("jm/dpa", "Deutsche Presse-Agentur"),
])
def test_desk_signature_is_residue_and_credits_its_agencies(line, credit):
    article = structured(f"{BODY}\n\n{line}")
    assert article.text.endswith("nobody was hurt.")
    assert article.credit == credit
    assert [r.text for r in article.residue] == [line]


def test_desk_signature_run_in_is_cut_whole():
    para = "Nobody was hurt, the fire service said. kms/dw (AFP, Reuters)"
    assert split_run_in_signoff(para) == ("Nobody was hurt, the fire service said.", "Agence France-Presse")
    assert split_run_in_signoff("Export figures (AFP, Reuters)") == ("Export figures (AFP, Reuters)", None)


@pytest.mark.parametrize("line", ["and/or", "well-known (AFP)", "kms (AFP)", "up/down", "AFP", "24/7",
                                  "ab/cd (Calder Courier)"])
def test_no_desk_signature(line):
    assert desk_signature(line) is None


def test_reuters_lines_are_no_desk_signatures_and_keep_their_sign_off():
    stories = list(islice(iter_reuters(), 3000))
    assert len(stories) == 3000
    assert [line for s in stories for line in s.body.split("\n") if desk_signature(line) is not None] == []
    signed = [s for s in stories if s.body.rstrip().endswith("Reuter")][:40]
    assert len(signed) == 40
    assert all(structured(s.as_text()).credit == "Reuters" for s in signed)


def test_provenance_bylines_name_no_organisation():
    if not PROVENANCE.is_dir():
        pytest.skip("provenance corpus not present in ../shared")
    names = []
    for path in sorted(PROVENANCE.glob("*/*.txt")):
        names += structured(path.read_text(encoding="utf-8").split("\n", 3)[3]).byline
    assert len(names) >= 10
    assert [n for n in names if n.split()[-1].lower() in OUTLET_WORDS] == []


@pytest.mark.parametrize("line", ["By Staff Reporter", "By Our Correspondent", "BY A STAFF WRITER"])
def test_byline_naming_no_one_is_residue_not_body(line):
    text = BODY.replace("\n\n", f"\n\n{line}\n\n", 1)
    article = structured(text)
    assert article.byline == []
    assert article.text.startswith("A fire in the kiln shed")
    assert [r.text for r in article.residue] == [line]


def test_sentence_opening_with_by_stays_in_the_body():
    text = BODY.replace("\n\n", "\n\nBy the time firefighters arrived, the staff had left.\n\n", 1)
    assert structured(text).text.startswith("By the time firefighters arrived")


@pytest.mark.parametrize(("line", "names", "outlet"), [
    ("By Ilse Varga and Bo Ek, Radio Lanvik", ["Ilse Varga", "Bo Ek"], "Radio Lanvik"),
    ("By Ilse Varga | Lanvik FM", ["Ilse Varga"], "Lanvik FM"),
    ("By Ilse Varga, Channel 7 News", ["Ilse Varga"], "Channel 7 News"),
    ("By Ilse Varga, KLVK-TV", ["Ilse Varga"], "KLVK-TV"),
    # "Radio" or "Channel" in a person's name, and a byline with no outlet, stay as they are
    ("By Radio Smith", ["Radio Smith"], None),
    ("By Tom Channel, Lanvik Courier", ["Tom Channel"], "Lanvik Courier"),
])
def test_a_station_after_the_names_is_the_outlet(line, names, outlet):
    """Stations named by their first word, band or call sign ("Radio Lanvik", "Lanvik FM", "KLVK-TV"),
    also after two authors or a pipe (a re-test of the broadcaster fix found these)."""
    parsed = parse_byline(line)
    assert (parsed.names, parsed.outlet) == (names, outlet)


def test_an_agency_opening_the_desk_initials_is_credited():
    """"dpa/xy" (the agency first, then the editor's initials) credits dpa, as "jm/dpa" does."""
    from newstrace.structure.credit import desk_signature

    assert desk_signature("dpa/xy") == desk_signature("xy/dpa") == ["Deutsche Presse-Agentur"]
    assert desk_signature("bur-jm/rl") == []
