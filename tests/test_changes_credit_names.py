"""A news agency's credit written in another language, cut short or mistyped is the same credit.

New-user tests found "credit dropped" where a copy credited the agency as "Prensa Asociada",
"Assoziierte Presse" or "Associated Pres": the byline parser takes a name it does not know for a
person, and the credit was compared as a string. Every article here is invented.
"""

from __future__ import annotations

import pytest

from newstrace.pipeline import analyze_document
from newstrace.provenance.credit import agency_of, credit_changes, same_agency
from newstrace.provenance.derive import credits
from newstrace.provenance.direction import attribution, attribution_vote, declared_sources, outlet_matches
from newstrace.readers.text import text_document
from newstrace.schema import Article, Residue, Source

AP, AFP, REUTERS, DPA, EFE = ("The Associated Press", "Agence France-Presse", "Reuters", "Deutsche Presse-Agentur",
                              "Agencia EFE")


@pytest.mark.parametrize(("name", "agency"), [
    ("Associated Pres", AP), ("Associated Pr", AP), ("Asociated Press", AP), ("Assoziierte Presse", AP),
    ("Prensa Asociada", AP), ("Presse associée", AP), ("Imprensa Associada", AP), ("AP", AP),
    ("Agence France-Presse", AFP), ("AFP", AFP), ("Agencia France Presse", AFP), ("Agence France-Pr", AFP),
    ("Reuters", REUTERS), ("Agencia Reuters", REUTERS), ("Reutres", REUTERS), ("Reuters News Agency", REUTERS),
    ("dpa", DPA), ("Deutsche Presse-Agentur", DPA), ("Agencia Alemana de Prensa", DPA), ("German Press Agency", DPA),
    ("EFE", EFE), ("Agencia EFE", EFE),
    # written as one outlet key, as direction votes compare them
    ("prensaasociada", AP), ("assoziiertepresse", AP), ("agenciareuters", REUTERS),
])  # fmt: skip
def test_an_agency_name_translated_cut_or_mistyped_is_that_agency(name, agency):
    assert agency_of(name) == agency


@pytest.mark.parametrize("name", [
    "Related Press", "Affiliated Press", "Allied Press Service", "The Badociated Press",  # spun or garbled: another name
    "United Press", "Press", "Agencia", "Associated", "News",                            # part of a name, or generic
    "Westford Ledger", "Calder Press", "Free Press", "La Presse", "Tom Reuter",
])  # fmt: skip
def test_a_spun_name_another_outlet_or_a_person_is_no_agency(name):
    assert agency_of(name) is None


def test_other_agencies_stay_apart():
    assert agency_of("Press Association") == "PA Media"  # the words of "Associated Press", another agency
    assert agency_of("Australian Associated Press") == "Australian Associated Press"
    assert same_agency("Prensa Asociada", "AP") and same_agency("AFP", "Agencia France Presse")
    assert not same_agency("Reuters", "The Associated Press") and not same_agency("Prensa Asociada", "Agencia Reuters")
    assert not same_agency("Westford Ledger", "Westford Ledger")  # no agency: not this rule's to say
    # Spanish and Latin-American agencies are agencies of their own, never AP's name translated
    assert agency_of("Europa Press") == "Europa Press" and agency_of("Prensa Latina") == "Prensa Latina"
    assert not same_agency("Prensa Latina", "Prensa Asociada") and not same_agency("Europa Press", "AP")


def _article(credit: str | None, byline: list[str], outlet: str | None = None, line: str | None = None) -> Article:
    art = Article(text="Invented body.", credit=credit, byline=byline, outlet=outlet)
    if line:
        art.residue.append(Residue(text=line, reason="byline-line"))
    return art


@pytest.mark.parametrize(("credit", "byline"), [
    (None, ["Tove Lindqvist", "Prensa Asociada"]),     # the byline parser read the agency as a person
    (None, ["Tove Lindqvist", "Assoziierte Presse"]),
    (None, ["Tove Lindqvist", "Associated Pres"]),     # cut at a fixed width
    ("Prensa Asociada", ["Tove Lindqvist"]),           # a feed's credit column, as written
    ("AP", ["Tove Lindqvist"]),
])  # fmt: skip
def test_the_same_agency_in_another_form_is_no_credit_or_byline_change(credit, byline):
    origin = _article(AP, ["Tove Lindqvist"], line="By Tove Lindqvist, The Associated Press")
    assert credit_changes(_article(credit, byline), origin) == []


def test_another_agency_or_none_is_still_a_credit_change():
    origin = _article(AP, ["Tove Lindqvist"], line="By Tove Lindqvist, The Associated Press")
    (x,) = credit_changes(_article("Reuters", ["Tove Lindqvist"]), origin)
    assert (x.origin_text, x.copy_text, x.detail) == (AP, "Reuters", "credit changed")
    (x,) = credit_changes(_article(None, ["Tove Lindqvist", "Agencia Reuters"]), origin)
    assert (x.origin_text, x.detail) == (AP, "credit dropped")  # Reuters in the byline is no AP credit
    (x,) = credit_changes(_article(None, ["Tove Lindqvist"]), origin)
    assert (x.origin_text, x.copy_text, x.detail) == (AP, "", "credit dropped")
    # an origin whose agency stands only in its byline still has that credit to drop
    (x,) = credit_changes(_article(None, ["Tove Lindqvist"]), _article(None, ["Tove Lindqvist", "Prensa Asociada"]))
    assert (x.origin_text, x.detail) == ("Prensa Asociada", "credit dropped")


def test_an_agency_in_the_byline_is_the_credit_not_a_byline_name():
    origin = _article(AP, ["Tove Lindqvist"])
    (x,) = credit_changes(_article(None, ["Prensa Asociada"]), origin)
    assert (x.detail, x.origin_text, x.copy_text) == ("byline dropped", "Tove Lindqvist", "")
    assert credit_changes(_article(None, ["Prensa Asociada"]), _article(AP, [])) == []


BODY = ("\n\nThe river rose four metres overnight and flooded 320 homes in the harbour town of Vell, "
        "officials said on Tuesday.\n\nRescue teams evacuated 1,200 people from the low districts, the mayor said.\n")


def _analysed(byline_line: str) -> Article:
    """An invented article read by the stages tracing reads, its byline line ``byline_line``."""
    raw = text_document("River floods hundreds of homes in Vell\n\n" + byline_line + BODY,
                        Source(path="vell.txt", format="text"))
    return analyze_document(raw, stages=("repair", "structure", "language", "identify"))


@pytest.mark.parametrize("line", ["By Tove Lindqvist, Assoziierte Presse", "By Tove Lindqvist, Prensa Asociada",
                                  "By Tove Lindqvist, Associated Pres"])
def test_a_translated_credit_read_by_the_structure_stage_is_kept(line):
    origin, copy = _analysed("By Tove Lindqvist, The Associated Press"), _analysed(line)
    assert origin.credit == AP
    assert credit_changes(copy, origin) == []
    assert attribution(copy) == attribution(origin) == {"byline", "credit"}
    assert attribution_vote(origin, copy)[0] == 0  # nothing was dropped


def test_a_translated_credit_counts_as_the_agency_for_direction():
    for credit, byline in (("Prensa Asociada", []), (None, ["Tove Lindqvist", "Assoziierte Presse"]),
                           ("Agencia Reuters", [])):
        art = Article(source=Source(path="c.txt", format="text"), text="Invented body.", credit=credit, byline=byline)
        key = "reuters" if credit == "Agencia Reuters" else "apnews"
        assert credits(art, key), (credit, byline)
        assert not credits(art, "afp"), (credit, byline)
        assert declared_sources(art) == {"ap" if key == "apnews" else key}
    # an outlet written in another language is that agency too
    assert outlet_matches("reuters", "agenciareuters") and outlet_matches("prensaasociada", "apnews")
    assert not outlet_matches("prensaasociada", "reuters") and not outlet_matches("reuters", "apnews")


WIRE = ("Harbour pilots in Port Calder refused to guide tankers into the flooded basin on Monday, their union said.\n\n"
        "Nine pilots described the night the sea wall gave way to reporters at the union hall.\n\n"
        "The regional water authority said the river crested at 6.4 meters, nearly a meter above its record.\n\n"
        "Engineers expect the repairs to the sea wall to take at least three months and cost 40 million euros.")


@pytest.mark.parametrize(("byline", "credit", "credited"), [
    (["Tove Lindqvist", "Assoziierte Presse"], None, True),   # as the structure stage leaves a translated credit
    (["Tove Lindqvist"], "Prensa Asociada", True),             # a feed's credit column
    (["Tove Lindqvist"], None, False),                         # dropped
])  # fmt: skip
def test_a_copy_crediting_the_agency_in_another_language_derives_from_its_page(byline, credit, credited):
    """Undated pages: the AP page and a copy crediting AP in German or Spanish. The credit names the
    AP page's outlet, so the copy derives from it (a credit vote) and no credit change is listed; a
    copy with no credit at all dropped it, and derives from AP's own page all the same (an attribution
    vote and the agency-page vote), with the credit reported dropped."""
    from newstrace.provenance import compare
    from newstrace.schema import text_id

    origin = Article(source=Source(url="https://apnews.com/article/port-calder-pilots", format="text"), text=WIRE,
                     language="en", byline=["Tove Lindqvist"], credit=AP)
    origin.id = text_id(WIRE)
    kept = WIRE.replace("refused to guide", "declined to guide").replace("40 million", "40,000,000")
    copy = Article(source=Source(url="https://harbour-digest.example.com/pilots", format="text"), text=kept,
                   language="en", byline=byline, credit=credit)
    copy.id = text_id(kept)
    d, _ = compare(origin, copy)
    assert d is not None and d.copy_id == copy.id
    assert d.origin_id == origin.id, d.direction_evidence
    assert any(r.startswith("credit: the copy names the other's outlet") for r in d.direction_evidence) is credited
    assert [c.detail for c in d.changes if c.kind == "credit"] == ([] if credited else ["credit dropped"])
    assert not [c for c in d.changes if c.kind == "number"]  # "40 million" written out is the same figure
