"""Number changes between aligned sentences: a number that is part of a name ("The 74", "Apollo 11") is no figure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from newstrace.provenance.changes import (
    _neighbour_values,
    credit_changes,
    date_changes,
    find_changes,
    hedge_changes,
    name_before,
    number_changes,
)
from newstrace.provenance.text import analyse_sentence, analyse_text
from newstrace.schema import Article, Residue

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
THE74 = SHARED / "corpora" / "provenance" / "o-the74-chatgpt-c-plus-educators-2023"
SEED = SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt"


def details(copy: str, origin: str) -> list[str]:
    return [c.detail for c in number_changes(analyse_sentence(copy), analyse_sentence(origin))]


def sentence_with(path: Path, pattern: str) -> str:
    (hit,) = [s.text for s in analyse_text(path.read_text(encoding="utf-8")) if re.search(pattern, s.text)]
    return hit


def test_the_outlet_the_74_in_a_real_photo_credit_is_no_number_change():
    """The partner republication credits its own site where the mirrors credit The 74 (real lines)."""
    partner = sentence_with(THE74 / "01-copy-verbatim.txt", r"Fitzmaurice/")
    mirror = sentence_with(THE74 / "02-copy-verbatim.txt", r"Fitzmaurice/")
    assert "The 74" in mirror and "The 74" not in partner
    assert details(mirror, partner) == [] and details(partner, mirror) == []


def test_the_seeds_changed_figures_are_still_reported():
    """The real seed sentence with "More than 270 ... three days", against a copy saying "Over 320 ... four days"."""
    origin = sentence_with(SEED, r"More than 270")
    copy = origin.replace("More than 270", "Over 320").replace("three days", "four days")
    assert copy != origin and "three days" in origin
    (detail,) = details(copy, origin)
    # "More than" -> "Over" is the same qualifier: only the figures changed
    # each figure with what it counts, as the sentence writes it
    assert detail == "270 people, 3 days -> 320 people, 4 days"


@pytest.mark.parametrize(("origin", "copy"), [
    ("The mission was filmed by Fox 5 and shown in full.", "The mission was filmed and shown in full."),
    ("Veterans of Apollo 11 attended the launch.", "Veterans of the moon landing attended the launch."),
    ("The report aired on Channel 4 last night.", "The report aired last night."),
    ("A Boeing 737 landed in the storm.", "A jet landed in the storm."),
    ("Leaders met at the G7 summit to discuss COVID-19 aid.", "Leaders met at the summit to discuss aid."),
    ("Photo: Lena Okafor/The 74", "Photo: Lena Okafor/Harbour Daily"),
    ("This story first appeared in The 74, a nonprofit newsroom.", "This story first appeared in a nonprofit newsroom."),
    ("Apollo 11 crews trained for years.", "Crews trained for years."),
])  # fmt: skip
def test_a_number_inside_a_name_added_or_dropped_is_no_number_change(origin, copy):
    assert details(copy, origin) == []
    assert details(origin, copy) == []


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    # a name renumbered is a change, named as such
    ("A Boeing 737 landed in the storm.", "A Boeing 747 landed in the storm.", "Boeing 737 -> Boeing 747"),
    # capitals that open a sentence or a quotation say nothing about a name
    ("Over 320 homes flooded.", "More than 270 homes flooded.", "320 homes -> 270 homes"),
    ("The 74 pupils sat the exam.", "The 75 pupils sat the exam.", "74 pupils -> 75 pupils"),
    ('The mayor said: "Some 40 roads are shut."', 'The mayor said: "Some 45 roads are shut."', "40 roads -> 45 roads"),
    # an age after a comma is a figure, not part of the name before it
    ("Dana Reyes, 45, said the water rose fast.", "Dana Reyes, 54, said the water rose fast.", "45 -> 54"),
    # a title-case headline: "Kill" and "To" are no names
    ("Floods Kill 320 In Port Calder", "Floods Kill 230 In Port Calder", "320 -> 230"),
    ("Toll Rises To Over 320", "Toll Rises To 270", "320 -> 270"),
    # a named number stays out, the figure beside it is compared
    ("Fox 5 said 12 people were rescued.", "Fox 5 said 14 people were rescued.", "12 people -> 14 people"),
    ("He told Channel 4 that 12 people were rescued.", "He told reporters that 14 people were rescued.", "12 people -> 14 people"),
])  # fmt: skip
def test_real_number_changes_are_kept(origin, copy, expected):
    (detail,) = details(copy, origin)
    assert detail.split(";")[0] == expected


def test_name_before_reads_the_gap_and_the_position():
    s = analyse_sentence("Reporting by Fox 5 and Channel 4, with Dana Reyes, 45, over 3 days.")
    named = {s.raw[k]: name_before(s, k) for k, t in enumerate(s.raw) if t.isdigit()}
    assert named == {"5": "fox", "4": "channel", "45": None, "3": None}


def changes(copy: str, origin: str) -> list[str]:
    """Number and date changes between two invented sentences, as ``kind: detail``."""
    c, o = analyse_sentence(copy), analyse_sentence(origin)
    return [f"{x.kind}: {x.detail}" for x in number_changes(c, o) + date_changes(c, o)]


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    # a figure after a weekday is a figure, not a day of the month
    ("Officials said on Tuesday that 400 homes were flooded.", "Officials said on Tuesday that 40 homes were flooded.",
     ["number: 400 homes -> 40 homes"]),
    ("On Friday, 12 ferries were cancelled.", "On Friday, 21 ferries were cancelled.", ["number: 12 ferries -> 21 ferries"]),
    ("The council met on Monday and 3,200 people signed.", "The council met on Monday and 2,300 people signed.",
     ["number: 3200 people -> 2300 people"]),
    # a number near a month that cannot be a day or a year is a figure too
    ("In March 400 homes were flooded.", "In March 40 homes were flooded.", ["number: 400 homes -> 40 homes"]),
    ("In March 1,200 homes were flooded.", "In March 1,500 homes were flooded.", ["number: 1200 homes -> 1500 homes"]),
    # "may" the verb is no month
    ("Officials said 400 people may leave.", "Officials said 40 people may leave.", ["number: 400 people -> 40 people"]),
    # the date itself changed: day, month, year, weekday
    ("The vote was held on February 23, 2019.", "The vote was held on February 24, 2019.",
     ["date: February 23 2019 -> February 24 2019"]),
    ("The vote was held on 3 May 2019.", "The vote was held on 3 May 2020.", ["date: 3 May 2019 -> 3 May 2020"]),
    ("The vote was held on Tuesday with 40 votes for.", "The vote was held on Wednesday with 40 votes for.",
     ["date: Tuesday -> Wednesday"]),
])  # fmt: skip
def test_a_weekday_makes_no_number_near_it_a_date(origin, copy, expected):
    assert changes(copy, origin) == expected


def test_the_seeds_weekday_and_figure_sentence_reports_the_figure():
    """A real seed sentence with a figure, given a weekday before the figure, then the figure changed."""
    origin = sentence_with(SEED, r"More than 270")
    origin = origin.replace("More than 270", "On Tuesday 270", 1)
    copy = origin.replace("On Tuesday 270", "On Tuesday 27", 1)
    assert changes(copy, origin) == ["number: 270 people -> 27 people"]


@pytest.mark.parametrize(("origin", "copy"), [
    ("More than 40 homes flooded.", "Over 40 homes flooded."),
    ("Over 40 homes flooded.", "Above 40 homes flooded."),
    ("In excess of 40 homes flooded.", "More than 40 homes flooded."),
    ("Nearly 40 homes flooded.", "About 40 homes flooded."),
    ("Almost 40 homes flooded.", "Close to 40 homes flooded."),
    ("Around 40 homes flooded.", "Roughly 40 homes flooded."),
])  # fmt: skip
def test_qualifiers_of_one_meaning_are_no_change(origin, copy):
    assert changes(copy, origin) == []
    assert changes(origin, copy) == []


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    ("Over 40 homes flooded.", "Under 40 homes flooded.", "number: qualifier over -> under"),
    ("About 40 homes flooded.", "Exactly 40 homes flooded.", "number: qualifier about -> exactly"),
    ("More than 40 homes flooded.", "Nearly 40 homes flooded.", "number: qualifier more than -> nearly"),
    ("About 40 homes flooded.", "At least 40 homes flooded.", "number: qualifier about -> at least"),
])  # fmt: skip
def test_qualifiers_of_another_meaning_are_a_change(origin, copy, expected):
    assert changes(copy, origin) == [expected]


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    # a number qualifier only removed or added is a hedge, not a number change
    ("About 40 homes flooded.", "Today 40 homes flooded.", ["hedge removed: about (before 40)"]),
    ("Almost three months later the camp closed.", "Three months later the camp closed.",
     ["hedge removed: almost (before 3)"]),
    ("Some 700 stayed behind.", "Some 700 stayed behind, at least 30 of them officers.", ["hedge added: at least (before 30)"]),
    # hedge words and phrases
    ("The minister reportedly resigned on Friday.", "The minister resigned on Friday.", ["hedge removed: reportedly"]),
    ("The dam could fail within days.", "The dam will fail within days.", ["hedge removed: could"]),
    ("The mayor took the bribe.", "The mayor is said to have taken the bribe.", ["hedge added: is said to"]),
    # one hedge for another, or the month May, is no change
    ("The minister reportedly resigned.", "The minister allegedly resigned.", []),
    ("The vote was held in May.", "The vote was held in June.", []),
])  # fmt: skip
def test_hedges_removed_or_added(origin, copy, expected):
    c, o = analyse_sentence(copy), analyse_sentence(origin)
    got = hedge_changes(c, o)
    assert [x.detail for x in got] == expected
    assert all(x.kind == "hedge" and x.origin_text == origin and x.copy_text == copy for x in got)
    assert [x for x in number_changes(c, o) if "qualifier" in x.detail] == []


@pytest.mark.parametrize(("origin", "copy"), [
    # a value stated on both sides in any role is no change: read as a name on one side only
    ("Some 800 officers are still stuck.", "Pero 800 officers are still stuck."),
    ("But three months later they left.", "Pero tres months later they left."),
    # the same value as a date part on one side
    ("On March 12 the 12 ferries were cancelled.", "On March 12 ferries were cancelled."),
])  # fmt: skip
def test_a_number_on_both_sides_is_never_a_change(origin, copy):
    assert details(copy, origin) == [] and details(origin, copy) == []


def test_a_number_from_a_merged_neighbour_sentence_is_no_change():
    """The copy merges two origin sentences: its 800 stands in the origin's previous sentence."""
    o1 = analyse_sentence("About 800 officers are stuck in the border town.")
    o2 = analyse_sentence("Many brought their families with them.")
    c = analyse_sentence("There are 800 officers stuck and many brought their families with them.")
    assert [x.detail for x in number_changes(c, o2)] == ["number added: 800 officers"]
    assert number_changes(c, o2, context=(_neighbour_values([o1, o2], 1), set())) == []
    # a loosely matched pair reports only a number that changed on both sides
    assert number_changes(c, o2, firm=False) == []


def _wire(credit: str | None, byline_line: str | None, outlet: str | None = None) -> Article:
    """An invented article whose byline line (set aside, as the structure stage does) is ``byline_line``."""
    art = Article(text="Invented body.", credit=credit, outlet=outlet, byline=["Tove Lindqvist"])
    if byline_line:
        art.residue.append(Residue(text=byline_line, reason="byline-line"))
    return art


def test_a_garbled_agency_in_the_byline_line_is_a_credit_change_not_a_drop():
    origin = _wire("The Associated Press", "By Tove Lindqvist, The Associated Press")
    copy = _wire(None, "By Tove Lindqvist, Allied Press Service")
    ((kind, o, c, detail),) = [(x.kind, x.origin_text, x.copy_text, x.detail) for x in credit_changes(copy, origin)]
    assert (kind, o, c, detail) == ("credit", "The Associated Press", "Allied Press Service", "credit changed")


def test_a_garbled_agency_outlet_without_the_set_aside_lines_is_a_credit_change():
    """Light articles (no residue): the copy's outlet reads as the agency garbled."""
    origin = _wire("The Associated Press", None)
    copy = _wire(None, None, outlet="Affiliated Press")
    (x,) = credit_changes(copy, origin)
    assert (x.copy_text, x.detail) == ("Affiliated Press", "credit changed")


def test_a_copy_without_any_credit_or_with_an_unrelated_outlet_dropped_the_credit():
    origin = _wire("The Associated Press", "By Tove Lindqvist, The Associated Press")
    for copy in (_wire(None, "By Tove Lindqvist"), _wire(None, None, outlet="Westford Ledger")):
        (x,) = credit_changes(copy, origin)
        assert (x.copy_text, x.detail) == ("", "credit dropped")


def test_a_byline_surname_translated_is_a_common_word_but_a_site_handle_is_not():
    """Another name in the copy's byline is a byline change (kind byline, as a byline dropped is); a surname come back as an ordinary word ("Wardrobe"
    for "Armario") is flagged as such; a site user name with a capital inside ("ORange") is no ordinary word."""
    origin = Article(text="Invented body.", byline=["Tove Armario"])
    for byline, kind, detail in ((["Tove Wardrobe"], "name", "byline name rendered as a common word"),
                                 (["ORange"], "byline", "byline changed"), (["Tove Lindqvist"], "byline", "byline changed"),
                                 # another person whose given name is a common word ("John") is no garbled surname
                                 (["John Fakename"], "byline", "byline changed")):
        copy = Article(text="Invented body.", byline=byline)
        assert [(x.kind, x.detail) for x in credit_changes(copy, origin)] == [(kind, detail)], byline


def test_a_courtesy_title_for_a_given_name_is_house_style_not_a_name_change():
    """"Jean Dupont said" -> "Mr Dupont said" (a wire copy's second-mention style) is no change; another given
    name is a name change. Invented sentences."""
    from newstrace.provenance.changes import reworded_changes
    from newstrace.provenance.fingerprint import article_sentences

    def one(text: str):
        return article_sentences("", text)[0]

    said = "The extension needs the agreement of every member state, {} told reporters in Vell on Tuesday."
    assert reworded_changes(one(said.format("Mr Dupont")), one(said.format("Jean-Luc Dupont"))) == []
    assert reworded_changes(one(said.format("Dr Dupont")), one(said.format("Jean-Luc Dupont"))) == []
    (x,) = reworded_changes(one(said.format("Marc Dupont")), one(said.format("Jean-Luc Dupont")))
    assert (x.kind, x.origin_text, x.copy_text) == ("name", "Jean-Luc", "Marc")


def test_a_byline_only_in_the_copy_is_listed():
    """The copy names a reporter its origin's page does not show: "byline added" (a sibling record words it
    "byline only in this copy"), so a copy read as edited for its byline says why."""
    from newstrace.provenance.derive import sibling_wording

    origin = Article(text="Invented body.")
    copy = Article(text="Invented body.", byline=["Tove Lindqvist"])
    (x,) = credit_changes(copy, origin)
    assert (x.kind, x.origin_text, x.copy_text, x.detail) == ("byline", "", "Tove Lindqvist", "byline added")
    assert sibling_wording(x.detail) == "byline only in this copy"


def test_reworded_spans_quote_the_text_as_written():
    """A reworded span is the sentence's own text, punctuation inside kept: "U.S." and commas, not
    tokens joined by spaces ("U.S for the")."""
    from newstrace.provenance.rewording import reworded_changes
    from newstrace.provenance.text import analyse_sentence

    origin = analyse_sentence("Officials in the U.S. said the storm, which hit the coast, had passed.")
    copy = analyse_sentence("Officials in the US said that the storm was over.")
    (change,) = reworded_changes(copy, origin)
    assert "'which hit the coast, had passed' -> 'was over'" in change.detail
    origin = analyse_sentence("The aid was blocked by the government of Nicolas Maduro on Saturday.")
    copy = analyse_sentence("The aid was blocked on Saturday by the U.S. for the second time.")
    (change,) = reworded_changes(copy, origin)
    assert "U.S." in change.detail and "U.S " not in change.detail, change.detail


def test_a_quotation_cut_mid_word_at_the_excerpts_end_is_not_altered():
    """A copy whose page (or excerpt) ends inside a quotation ("... the tool was a wit") holds the
    origin's words as far as it goes: no "quote altered" (a new-user test read 52% alike)."""
    from newstrace.provenance.rewording import quote_changes
    from newstrace.provenance.text import analyse_sentence

    origin = analyse_sentence("She said: “The editors reviewed every story and found that the tool was a witness to "
                              "its own errors.”")
    cut = analyse_sentence("She said: “The editors reviewed every story and found that the tool was a wit")
    assert quote_changes(cut, origin) == []
    altered = analyse_sentence("She said: “The editors reviewed no story and found that the tool was a wit")
    assert [c.detail for c in quote_changes(altered, origin)] == ["meaning inverted (negation added or removed)"]


def test_no_before_a_figure_is_the_number_sign_not_a_negation():
    """"scheme no. 3" -> "plan number 3" is reworded, never "meaning inverted" (a new-user test's template
    notices); a "no" that negates still inverts."""
    from newstrace.provenance.rewording import reworded_changes

    origin = analyse_sentence("The council approved housing scheme no. 3 for the harbour district on Monday.")
    copy = analyse_sentence("The council approved housing plan number 3 for the harbour district on Monday.")
    from newstrace.provenance.rewording import _negations

    details = [c.detail for c in reworded_changes(copy, origin)]
    assert details and not any("inverted" in d for d in details), details
    assert [_negations(t) for t in ("scheme no. 3", "No 10 Downing Street said", "no deal", "there were no injuries")] \
        == [0, 0, 1, 1]


def test_negative_concord_of_a_translation_is_no_inversion():
    """"not going to leave anyone behind" -> "not going to leave nobody behind" (a machine translation's
    negative concord) keeps the sense: no "meaning inverted" (new-user test); dropping the "not" still inverts."""
    from newstrace.provenance.rewording import quote_changes

    origin = analyse_sentence("“We are not going to leave anyone behind,” Okon told reporters in the valley town.")
    concord = analyse_sentence("“We are not going to leave nobody behind,” Okon told reporters in the valley town.")
    assert not any("inverted" in c.detail for c in quote_changes(concord, origin))
    dropped = analyse_sentence("“We are going to leave anyone behind,” Okon told reporters in the valley town.")
    assert [c.detail for c in quote_changes(dropped, origin)] == ["meaning inverted (negation added or removed)"]


def test_a_weekday_swap_is_a_date_change_only():
    """"on Wednesday" -> "on Monday" is one date change, not also "name differs" (new-user test)."""
    from newstrace.provenance.changes import date_changes
    from newstrace.provenance.rewording import reworded_changes

    origin = analyse_sentence("The ferry crews walked out on Wednesday after talks broke down, the union said.")
    copy = analyse_sentence("The ferry crews walked out on Monday after talks broke down, the union said.")
    assert reworded_changes(copy, origin) == []
    assert [c.detail for c in date_changes(copy, origin)] == ["Wednesday -> Monday"]  # as written


_REATTRIBUTION_ORIGIN = (
    "Ferry crews on the Harrowmere route walked out on Tuesday, stopping every crossing to the island.\n\n"
    "Greyline chief executive Paul Dunmore said the company had made its best offer.\n\n"
    "\u201cThe money is simply not there,\u201d he told reporters at the harbour in Kelston.\n\n"
    "Harrowmere's mayor, Ingrid Solvang, called on both sides to return to talks.\n\n"
    "\u201cEvery day without a ferry costs our shops,\u201d she said.")


def test_a_quotation_moved_from_a_pronoun_to_another_named_person_is_reattributed():
    """"he told reporters" -> "said Harrowmere's mayor, Ingrid Solvang": the words the chief executive
    spoke are given to the mayor (new-user tests); writing out the pronoun's own antecedent is no change."""
    copy = _REATTRIBUTION_ORIGIN.replace("he told reporters at the harbour in Kelston",
                                         "said Harrowmere's mayor, Ingrid Solvang")
    changes = find_changes(Article(id="c", text=copy), Article(id="o", text=_REATTRIBUTION_ORIGIN),
                           analyse_text(copy), analyse_text(_REATTRIBUTION_ORIGIN), _aligned(copy))
    assert [c.detail for c in changes if c.kind == "quote"] == [
        "quotation attributed to another speaker: he -> Ingrid Solvang"]
    spelled = _REATTRIBUTION_ORIGIN.replace("he told reporters at the harbour in Kelston",
                                            "said Greyline chief executive Paul Dunmore")
    changes = find_changes(Article(id="c", text=spelled), Article(id="o", text=_REATTRIBUTION_ORIGIN),
                           analyse_text(spelled), analyse_text(_REATTRIBUTION_ORIGIN), _aligned(spelled))
    assert [c for c in changes if c.kind == "quote"] == []


def _aligned(copy: str):
    from newstrace.provenance.align import align

    return align(analyse_text(copy), analyse_text(_REATTRIBUTION_ORIGIN)).pairs


def test_a_reworded_figure_is_quoted_with_its_currency_and_per_cent_signs():
    """Word tokens drop "£" and "%"; the reworded detail shows the figure as written (invented text)."""
    from newstrace.provenance.changes import reworded_changes

    origin = analyse_sentence("The council approved a £4m repair and said nine per cent of the wall would go.")
    copy = analyse_sentence("The council approved a 4 million pound repair and said 9% of the wall would go.")
    detail = " ".join(c.detail for c in reworded_changes(copy, origin))
    assert "'£4m' -> '4 million pound'" in detail
    assert "'nine per cent' -> '9%'" in detail
