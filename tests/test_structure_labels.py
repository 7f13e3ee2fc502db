"""Lines that are not headlines: labelled bylines, metadata stamps, the body's first sentence; no person as outlet.

Real data: every page of the provenance corpus (../shared/corpora/provenance) read as the text
reader reads it. The invented texts below are written for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers import read_paths
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.structure import set_aside_head
from newstrace.structure.byline import is_person_name, parse_byline
from newstrace.structure.furniture import language_label_prefix
from newstrace.structure.headline import is_lead_sentence
from newstrace.structure.stamps import is_metadata_line, metadata_prefix, parse_stamp

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
STAGES = ("repair", "structure")


def structured(text: str, meta: dict | None = None, url: str | None = None):
    return analyze_document(RawDocument(Source(url=url), text, meta=meta or {}), stages=STAGES)


@pytest.fixture(scope="module")
def corpus():
    """``{"c08": article, ...}`` for every provenance-corpus page (story letter + file number)."""
    if not PROVENANCE.is_dir():
        pytest.skip("needs ../shared/corpora/provenance")
    paths = sorted(PROVENANCE.glob("*/[0-9][0-9]-*.txt"))
    out = {}
    for raw in read_paths([str(p) for p in paths]):
        p = Path(raw.source.path)
        out[p.parent.name[0] + p.name[:2]] = analyze_document(raw, stages=STAGES)
    assert len(out) == len(paths) > 60
    return out


# --- real pages --------------------------------------------------------------------------------


def test_no_real_headline_is_a_byline_metadata_or_lead_sentence(corpus):
    bad = {k: a.headline for k, a in corpus.items() if a.headline and (
        parse_byline(a.headline) or is_metadata_line(a.headline) or metadata_prefix(a.headline)
        or is_lead_sentence(a.headline) or language_label_prefix(a.headline))}
    assert bad == {}


def test_labelled_byline_line_is_the_byline_not_the_headline(corpus):
    mt = corpus["c08"]  # an MT copy opening with "Reporter: <name>", then the body
    assert mt.headline == ""
    assert len(mt.byline) == 1 and len(mt.byline[0].split()) == 2
    assert any(r.reason == "byline-line" and mt.byline[0] in r.text for r in mt.residue)
    assert not mt.text.startswith(mt.residue[0].text)


def test_no_real_outlet_is_a_person(corpus):
    people = {(k, a.outlet) for k, a in corpus.items() if a.outlet and (
        a.outlet.casefold() in {n.casefold() for n in a.byline} or is_person_name(a.outlet))}
    assert people == set()
    # the74 partner page: "<Name> | <date>" under the title is the byline, beside its date
    the74 = corpus["o01"]
    assert the74.outlet is None and len(the74.byline) == 1 and the74.published == "2023-02-08"


def test_language_link_and_lead_sentence_are_not_a_headline(corpus):
    e02 = corpus["e02"]  # "<Language> – <first sentence>", one paragraph per line
    assert e02.headline == ""
    assert e02.text.split("\n")[0][:1].isupper() and not language_label_prefix(e02.text)
    assert any(r.reason == "page-furniture" and len(r.text.split()) == 1 for r in e02.residue)
    # the first sentence of the body stays in the body
    raw = (PROVENANCE / "e-telemundo-venezuelan-officers-ice-2019" / "02-copy-edited.txt").read_text(encoding="utf-8")
    first = raw.split("\n")[3]
    assert e02.text.startswith(first[language_label_prefix(first):].strip())


def test_glued_date_stamp_is_set_aside(corpus):
    for key in ("j01", "f05", "r01"):  # " date YYYY-MM[-DD] <first sentence>"
        art = corpus[key]
        assert art.headline == ""
        assert not art.text.lower().startswith("date"), key
        assert any(r.reason == "date-line" and r.text.startswith("date 20") for r in art.residue), key
    assert corpus["r01"].published == "2023-01-12"


# --- invented texts ----------------------------------------------------------------------------

BODY = ("The harbour board said on Tuesday that the new ferry would enter service in the spring, "
        "after two years of delays.\n\nIts captain, Ilse Varga, said the crew was ready.")


@pytest.mark.parametrize("label, name", [
    ("Reporter: Tomas Ekdahl", "Tomas Ekdahl"),
    ("Written by Tomas Ekdahl", "Tomas Ekdahl"),
    ("Author: Tomas Ekdahl", "Tomas Ekdahl"),
    ("Redacción: Marta Olivares", "Marta Olivares"),
    ("Por Marta Olivares", "Marta Olivares"),
    ("POR MARTA OLIVARES", "Marta Olivares"),
    ("Autor: Marta Olivares", "Marta Olivares"),
    ("Autora: Marta Olivares", "Marta Olivares"),
    ("Reportagem: Joana Prates", "Joana Prates"),
    ("Escrito por Marta Olivares", "Marta Olivares"),
    ("Par Hélène Marchand", "Hélène Marchand"),
])
def test_byline_label_line_is_never_the_headline(label, name):
    art = structured(f"{label}\n\n{BODY}")
    assert art.headline == ""
    assert art.byline == [name]
    assert art.text.startswith("The harbour board said")
    # with a title under it, the title is the headline
    titled = structured(f"{label}\n\nFerry to enter service in spring\n\n{BODY}")
    assert titled.headline == "Ferry to enter service in spring" and titled.byline == [name]
    # under the headline, as bylines usually stand
    under = structured(f"Ferry to enter service in spring\n\n{label}\n\n{BODY}")
    assert under.headline == "Ferry to enter service in spring" and under.byline == [name]
    assert not under.text.startswith(label)


def test_byline_labels_with_several_names_and_an_agency():
    b = parse_byline("Redacción: Marta Olivares y Luis Parra, EFE")
    assert b.names == ["Marta Olivares", "Luis Parra"] and b.credit == "Agencia EFE"
    assert parse_byline("Reportagem: Joana Prates e Caio Lins").names == ["Joana Prates", "Caio Lins"]
    assert parse_byline("By José Ortega y Gasset").names == ["José Ortega y Gasset"]


@pytest.mark.parametrize("sentence", [
    "Por eso, el Gobierno decidió retirar las tropas.",
    "Por Caracas y Bogotá pasaron trescientos soldados en un día.",
    "Par ailleurs, le gouvernement a décidé de fermer le port.",
    "Reporter: the soldiers said nothing at all.",
    "por Marta Olivares",
])
def test_sentences_opening_with_a_label_word_are_not_bylines(sentence):
    assert parse_byline(sentence) is None


@pytest.mark.parametrize("stamp", [
    "date 2024-05", "Updated 3 hours ago", "Posted: 14:05 GMT", "Updated: 9.45pm", "2024-05-12 14:05",
    "Publicado em 12/05/2024 10h30", "First published on Wed 14 Feb 2024 18.05 GMT",
])
def test_metadata_line_is_never_the_headline(stamp):
    assert is_metadata_line(stamp)
    art = structured(f"{stamp}\n\nFerry to enter service in spring\n\n{BODY}")
    assert art.headline == "Ferry to enter service in spring"
    assert any(r.reason == "date-line" and r.text == stamp for r in art.residue)
    bare = structured(f"{stamp}\n\n{BODY}")
    assert bare.headline == "" and bare.text.startswith("The harbour board")


def test_metadata_glued_before_the_text_is_cut_off():
    art = structured("date 2024-05-12 The harbour board said on Tuesday that the new ferry would enter "
                     "service in the spring, after two years of delays at the yard in Brackmoor, and that fares "
                     "would stay as they are for the first year of the new service.\n\nMore follows.")
    assert art.headline == "" and art.text.startswith("The harbour board said")
    assert art.published == "2024-05-12"
    titled = structured("Updated: 2024-05-12 Ferry to enter service in spring\n\n" + BODY)
    assert titled.headline == "Ferry to enter service in spring"
    assert metadata_prefix("Updated figures show a rise") == 0
    assert metadata_prefix("Posted: Thursday, April 21, 2022. 10:11 pm CST.") == len(
        "Posted: Thursday, April 21, 2022. 10:11 pm CST.")


def test_first_sentence_of_the_body_is_not_a_headline():
    # one paragraph per line, no blank line under the first: the first line is the lead
    lead = ("Officials in Brackmoor said on Monday that the old pier would be rebuilt by the end of the year.")
    art = structured(lead + "\nThe work will cost 4 million crowns.\nIt starts in June.")
    assert art.headline == "" and art.text.startswith(lead)
    # a long first sentence, and two sentences, are body text whatever follows them
    long = ("The storm that hit the coast on Monday forced more than 3,000 people from their homes "
            "in the low-lying districts of the port, officials said.")
    assert structured(long + "\n\n" + BODY).headline == ""
    assert structured("Pier to close. Ferries will stop.\n\n" + BODY).headline == ""
    # real headlines stay: short, no final full stop, or a short sentence over a blank line
    for title in ("Ferry to enter service in spring", "Mr. Varga goes to Brackmoor.", "Pier closes after storm."):
        assert structured(title + "\n\n" + BODY).headline == title
    assert structured("Ferry to enter service in spring\n" + BODY).headline == "Ferry to enter service in spring"
    # a title the page itself declares is kept even when it reads as a sentence
    declared = structured(long + "\n\n" + BODY, meta={"headline": long})
    assert declared.headline == long


def test_lead_sentence_test_uses_the_tracing_sentence_rules():
    # the same boundaries as provenance tracing (newstrace.sentences): a title or rank of any of
    # its languages ends no sentence, a sentence may end on a single capital letter
    for title in ("Adm. Vance takes command of the fleet.", "Insp. Olmo Reyes leads the harbour inquiry.",
                  "Dña. Ruiz gana la alcaldía de Orbach."):
        assert not is_lead_sentence(title)
        assert structured(title + "\n\n" + BODY).headline == title
    assert is_lead_sentence("The port chose Plan B. Then the ferry sank.")
    assert structured("The port chose Plan B. Then the ferry sank.\n\n" + BODY).headline == ""


def test_language_link_before_the_text_is_furniture():
    line = "Spanish \u2013 Officials in Brackmoor said on Monday that the old pier would be rebuilt by the end of the year."
    art = structured(line + "\nThe work will cost 4 million crowns.\nIt starts in June.")
    assert art.headline == "" and art.text.startswith("Officials in Brackmoor")
    assert [r.text for r in art.residue if r.reason == "page-furniture"] == ["Spanish"]
    assert language_label_prefix("English \u2013 and French \u2013 schools reopen") == 0
    assert language_label_prefix("Venezuela \u2013 Officials said") == 0


def test_person_beside_a_date_is_the_byline_not_the_outlet():
    s = parse_stamp("Ilse Varga | June 7, 2024")
    assert s.names == ["Ilse Varga"] and s.outlets == []
    assert parse_stamp("Ossery Isles Gazette | June 7, 2024").outlets == ["Ossery Isles Gazette"]
    art = structured("Ferry to enter service in spring\n\nIlse Varga | June 7, 2024\n\n" + BODY)
    assert art.outlet is None and art.byline == ["Ilse Varga"] and art.published == "2024-06-07"
    paper = structured("Ferry to enter service in spring\n\nOssery Isles Gazette | June 7, 2024\n\n" + BODY)
    assert paper.outlet == "Ossery Isles Gazette" and paper.byline == []


def test_reader_outlet_that_is_the_author_is_refused():
    art = structured("Ferry to enter service in spring\n\n" + BODY, meta={"outlet": "Ilse Varga", "byline": ["Ilse Varga"]})
    assert art.outlet is None and art.byline == ["Ilse Varga"]
    kept = structured("Ferry to enter service in spring\n\n" + BODY, meta={"outlet": "El Faro", "byline": ["Ilse Varga"]})
    assert kept.outlet == "El Faro"
    assert [is_person_name(x) for x in ("Ilse Varga", "Calder Courier", "El Mundo", "The Harbor Ledger", "BBC")] == [
        True, False, False, False, False]


def test_set_aside_head_keeps_order_and_text():
    head, paras, furniture = set_aside_head("Reporter: Ilse Varga", ["Updated 3 hours ago\nPier closes", "Body."])
    assert (head, paras, furniture) == ("Pier closes", ["Reporter: Ilse Varga", "Updated 3 hours ago", "Body."], [])


def test_date_stamp_above_the_title_gives_the_date_not_a_credit():
    art = structured("First published on Wed 14 Feb 2024 18.05 GMT\n\nFerry to enter service in spring\n\n" + BODY)
    assert art.headline == "Ferry to enter service in spring"
    assert art.credit is None and (art.published, art.published_offset) == ("2024-02-14T18:05", "+00:00")
    under = structured("Ferry to enter service in spring\n\nFirst published on Wed 14 Feb 2024 18.05 GMT\n\n" + BODY)
    assert under.credit is None and under.published == "2024-02-14T18:05"
