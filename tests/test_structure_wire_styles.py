"""Wire and page styles of other languages read by the structure stage: the Spanish wire dateline
"PLACE (AGENCY).- ", a German or Italian "published" line with its clock word, and the outlet
a byline names after a comma. Every article here is invented."""

from __future__ import annotations

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers.text import text_document
from newstrace.schema import Source
from newstrace.structure.credit import dateline_credit, mistyped_agency, parse_dateline

ES_BODY = ("Un terremoto de magnitud 6,1 sacudió este martes el norte del país, informaron las autoridades.\n\n"
           "Los bomberos trabajaron toda la noche para rescatar a los vecinos atrapados, dijo el alcalde.")
EN_BODY = ("A strong earthquake shook the north of the country on Tuesday, local officials said.\n\n"
           "Firefighters worked through the night to free trapped residents, the mayor said.")


def _read(text: str):
    return analyze_document(text_document(text, Source(path="invented.txt", format="text")),
                            stages=("repair", "structure", "language"))


@pytest.mark.parametrize(("lead", "credit"), [
    ("VALDECERRO (EFE).- ", "Agencia EFE"),
    ("VALDECERRO (EFFE).- ", "Agencia EFE"),          # a doubled letter of a short form
    ("Valdecerro, 3 mar (EFE).- ", "Agencia EFE"),
    ("VALDECERRO (Europa Press).- ", "Europa Press"),  # an agency of its own, not AP's name translated
    ("VALDECERRO (AP) — ", "The Associated Press"),
])  # fmt: skip
def test_a_spanish_wire_dateline_gives_its_credit_and_leaves_the_body(lead, credit):
    art = _read("Terremoto sacude el norte de Valdecerro\n\n" + lead + ES_BODY)
    assert art.credit == credit
    assert art.text.startswith("Un terremoto de magnitud 6,1")


def test_a_stop_before_the_dash_is_no_part_of_the_place():
    line = parse_dateline("MADRID.- El gobierno aprobó el plan este martes en el Congreso.")
    assert line is not None and line.place == "MADRID"
    assert parse_dateline("WASHINGTON, D.C. - The plan passed on Tuesday.").place.startswith("WASHINGTON")


@pytest.mark.parametrize(("text", "agency"), [
    ("EFFE", "Agencia EFE"), ("Reutres", "Reuters"), ("Prensa Asociada", "The Associated Press"),
    ("ANP", None), ("APP", None), ("TASR", None), ("UNI", None),  # one edit from another agency's initials
])  # fmt: skip
def test_an_agency_mistyped_in_a_dateline(text, agency):
    assert mistyped_agency(text) == agency


def test_a_paper_in_dateline_parentheses_is_the_credit_a_country_is_not():
    assert dateline_credit("Andean Post") == "Andean Post"
    assert dateline_credit("Colombia") is None


@pytest.mark.parametrize("line", [
    "Veröffentlicht am 12.03.2024 um 14:35 Uhr",
    "Pubblicato il 12/03/2024 alle ore 14:35",
])
def test_a_published_line_with_a_clock_word_is_the_date_not_the_body(line):
    art = _read("Erdbeben erschüttert den Norden\n\n" + line + "\n\n"
                "Ein Erdbeben der Stärke 6,1 hat am Dienstag den Norden des Landes erschüttert, teilten die Behörden mit.\n\n"
                "Die Feuerwehr arbeitete die ganze Nacht, sagte der Bürgermeister.")
    assert art.published == "2024-03-12T14:35"
    assert "14:35" not in art.text and art.text.startswith("Ein Erdbeben")


@pytest.mark.parametrize(("byline", "names", "outlet"), [
    ("By Ana Ruiz, Andean Post", ["Ana Ruiz"], "Andean Post"),
    ("By Ana Ruiz, New York Post", ["Ana Ruiz"], "New York Post"),
    ("By Ana Ruiz, Emily Post and Bo Ek", ["Ana Ruiz", "Emily Post", "Bo Ek"], None),  # a list of people
    ("By Ana Ruiz and Emily Post", ["Ana Ruiz", "Emily Post"], None),
    ("By Ana Ruiz, Jim Sun", ["Ana Ruiz", "Jim Sun"], None),  # a short given name before "Sun": a person
])  # fmt: skip
def test_an_outlet_after_the_byline_comma(byline, names, outlet):
    art = _read("Quake shakes the north\n\n" + byline + "\n\n" + EN_BODY)
    assert art.byline == names
    assert art.outlet == outlet
