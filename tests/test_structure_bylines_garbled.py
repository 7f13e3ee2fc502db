"""A garbled or other-language agency name after a byline's names without a comma, and contributor
lines in Spanish, Portuguese, French and German and in machine-translated English.

Found by a new-user tester (nu22): "By Elena Cordero Related Press" (a spinner's "Associated Press")
was read as one outlet and no byline, so the trace reported the byline dropped; the Spanish "El
periodista de Associated Press ... contribuyó a este despacho." and its machine translation "...
contributed to this dispatch." stayed in the body. Every text here is invented for these tests.
"""

from __future__ import annotations

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.structure.byline import garbled_agency_name, parse_byline, parse_contributor_line

STAGES = ("repair", "structure")

BODY = ("TORVANO, Calderia (AP) \u2014 A tunnel at a copper mine in Calderia's northern hills caved in on "
        "Tuesday, trapping 12 workers about 200 meters below ground, officials said.\n\n"
        "Rescuers reached four of them by nightfall, the regional health office said.")


def structured(text: str):
    return analyze_document(RawDocument(Source(url="https://dailyspin.example/mine"), text), stages=STAGES)


# --- a garbled agency after the names, no comma ----------------------------------------------------

@pytest.mark.parametrize("line, names, outlet, credit", [
    # a spinner's synonym, as the comma form reads it
    ("By Elena Cordero Related Press", ["Elena Cordero"], "Related Press", None),
    ("By ELENA CORDERO Badociated Press", ["Elena Cordero"], "Badociated Press", None),
    ("By Tomas Ugalde Affiliated Press", ["Tomas Ugalde"], "Affiliated Press", None),
    # cut, mistyped, reordered or translated: the agency itself
    ("By Elena Cordero Associated Pres", ["Elena Cordero"], None, "The Associated Press"),
    ("By Elena Cordero Asociated Press", ["Elena Cordero"], None, "The Associated Press"),
    ("By Elena Lamb Press Associated", ["Elena Lamb"], None, "The Associated Press"),
    ("By Elena Cordero Prensa Asociada", ["Elena Cordero"], None, "The Associated Press"),
    ("By Jean-Luc Marchand Agence France Press", ["Jean-Luc Marchand"], None, "Agence France-Presse"),
    # two people, a particle, a month's name as given name
    ("By Elena Cordero and Ana Ruiz Related Press", ["Elena Cordero", "Ana Ruiz"], "Related Press", None),
    ("By Jan de Vries Related Press", ["Jan de Vries"], "Related Press", None),
    # a paper with its "The"
    ("By Ann Lee The Harbor Ledger", ["Ann Lee"], "The Harbor Ledger", None),
])
def test_garbled_agency_after_names_without_comma(line, names, outlet, credit):
    b = parse_byline(line)
    assert (b.names, b.outlet, b.credit) == (names, outlet, credit)


def test_no_comma_reads_as_the_comma_form():
    for garbled in ("Related Press", "Badociated Press", "Associated Pres"):
        a, b = parse_byline(f"By Elena Cordero {garbled}"), parse_byline(f"By Elena Cordero, {garbled}")
        assert (a.names, a.outlet, a.credit) == (b.names, b.outlet, b.credit)


@pytest.mark.parametrize("line, names", [
    ("By Ana Press", ["Ana Press"]),  # a surname that is a nameplate word
    ("By Tom Reuter", ["Tom Reuter"]),  # a surname that is an agency form
    ("By Elena Cordero Pressman", ["Elena Cordero Pressman"]),  # a real last word, close to "Press"
    ("By Ana Lucia Related", ["Ana Lucia Related"]),  # no press word after it
])
def test_surname_controls_stay_names(line, names):
    b = parse_byline(line)
    assert b.names == names and b.outlet is None and b.credit is None


def test_garbled_agency_name():
    assert garbled_agency_name("Related Press") == "The Associated Press"
    assert garbled_agency_name("Badociated Press") == "The Associated Press"
    assert garbled_agency_name("Ann Press") is None  # a given name and a surname
    assert garbled_agency_name("Free Press") is None  # another paper
    assert garbled_agency_name("Associated Press") is None  # the agency's own form


def test_spun_article_keeps_its_byline():
    art = structured("Copper mine cave-in traps 12\n\nBy Elena Cordero Related Press\n\n" + BODY)
    assert art.byline == ["Elena Cordero"]
    assert art.credit == "The Associated Press"  # the dateline's
    assert [(r.text, r.reason) for r in art.residue] == [("By Elena Cordero Related Press", "byline-line")]


# --- contributor lines in other languages ---------------------------------------------------------

@pytest.mark.parametrize("line, names, agency", [
    ("El periodista de Associated Press Marcos Villalba, en Lima, contribuy\u00f3 a este despacho.",
     ["Marcos Villalba"], "The Associated Press"),
    ("The journalist of Associated Press Marcos Villalba, in Lima, contributed to this dispatch.",
     ["Marcos Villalba"], "The Associated Press"),
    ("Marcos Villalba, periodista de AP en Lima, contribuy\u00f3 con este informe.",
     ["Marcos Villalba"], "The Associated Press"),
    ("Los periodistas de AP Marcos Villalba y Ana Ruiz contribuyeron a este informe.",
     ["Marcos Villalba", "Ana Ruiz"], "The Associated Press"),
    ("Contribuy\u00f3 a este despacho el periodista de AP Marcos Villalba, en Lima.",
     ["Marcos Villalba"], "The Associated Press"),
    ("O jornalista da Associated Press Marcos Villalba, em Lima, contribuiu para esta reportagem.",
     ["Marcos Villalba"], "The Associated Press"),
    ("Marcos Villalba e Ana Ruiz contribu\u00edram para esta reportagem.", ["Marcos Villalba", "Ana Ruiz"], None),
    ("Le journaliste de l'Associated Press Marcos Villalba, \u00e0 Lima, a contribu\u00e9 \u00e0 cet article.",
     ["Marcos Villalba"], "The Associated Press"),
    ("Marcos Villalba, journaliste de l'AFP \u00e0 Lima, a contribu\u00e9 \u00e0 cet article.",
     ["Marcos Villalba"], "Agence France-Presse"),
    ("AP-Korrespondent Marcos Villalba in Lima hat zu diesem Bericht beigetragen.",
     ["Marcos Villalba"], "The Associated Press"),
    ("Marcos Villalba und Ana Ruiz haben zu diesem Bericht beigetragen.", ["Marcos Villalba", "Ana Ruiz"], None),
    ("Associated Press writer Marcos Villalba in Lima contributed to this story.",
     ["Marcos Villalba"], "The Associated Press"),
])
def test_contributor_lines_in_other_languages(line, names, agency):
    assert parse_contributor_line(line) == (names, agency)


@pytest.mark.parametrize("line", [
    "The union contributed 40 percent of the cost.",
    "Rosa Calvillo said the families contributed to the rescue.",
    "Teresa Huam\u00e1n said the union contributed to this report.",  # a sentence naming a person
    "Teresa Huam\u00e1n dijo que el sindicato contribuy\u00f3 a este informe.",
    "Los vecinos contribuyeron con este informe.",  # no one named
    "El gobierno contribuy\u00f3 a este despacho de ayuda con 2 millones.",
    "La empresa contribuiu para esta reportagem com documentos internos, disse Ana Ruiz.",
])
def test_body_sentences_about_contributing_are_no_contributor_lines(line):
    assert parse_contributor_line(line) is None


def test_spanish_contributor_line_set_aside():
    text = ("Derrumbe en mina de cobre atrapa a 12\n\n"
            "TORVANO, Calderia (AP) \u2014 Un t\u00fanel de una mina de cobre se derrumb\u00f3 el martes y atrap\u00f3 a 12 "
            "trabajadores a unos 200 metros bajo tierra, dijeron las autoridades.\n\n"
            "Los rescatistas llegaron a cuatro de ellos al anochecer, dijo la oficina regional de salud.\n\n"
            "El periodista de Associated Press Marcos Villalba, en Lima, contribuy\u00f3 a este despacho.")
    art = structured(text)
    assert art.contributors == ["Marcos Villalba"]
    assert "contribuy" not in art.text
    assert [r.reason for r in art.residue] == ["contributor-line"]
