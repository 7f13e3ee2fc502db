"""Figures and number qualifiers of a copy against its origin: new-user findings of session 16.

Testers read false number changes where a clock time was glued to "pm" ("12.40pm" read as 12),
where article-spinning software had left a figure in asterisks ("(*6*)"), where a copy or a headline
rounded the origin's exact figure ("nearly 600,000" for 622,431), where a qualifier was not listed
("near 40", German "nahezu") or was read on one sentence while the figures were read on two merged
ones, and in German number adjectives ("neunjähriges", "81-jähriger") and dates ("am 18. Dezember").
Each fault has a test of the false change gone and one of the real change still reported. Every
sentence here is invented for these tests.
"""

from __future__ import annotations

import pytest
from test_changes_numbers_xl import _changes

from newstrace.provenance.changes import find_changes
from newstrace.provenance.figures import _qualifiers
from newstrace.provenance.fingerprint import article_sentences, reading_options
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article


def _en(copy: str, origin: str) -> list[tuple[str, str]]:
    """Number, hedge and date changes of one English sentence pair."""
    return _changes(copy, "en", origin, "en")


# --- 1. a clock time glued to "am" or "pm" is one figure ---------------------------------------

@pytest.mark.parametrize(("copy", "origin"), [
    ("The ferry docked at 12.40pm on Friday.", "The ferry docked at 12:40 p.m. on Friday."),
    ("The ferry docked at 12:40pm on Friday.", "The ferry docked at 12.40pm on Friday."),
    ("The ferry docked at 12.40pm on Friday.", "The ferry docked at 12:40pm on Friday."),
    ("The ferry docked at 7.05am on Friday.", "The ferry docked at 7:05 a.m. on Friday."),
])  # fmt: skip
def test_a_clock_time_glued_to_pm_is_one_time(copy, origin):
    assert _en(copy, origin) == []
    assert _en(origin, copy) == []


def test_a_glued_clock_time_that_changed_is_still_a_change():
    assert _en("The ferry docked at 12.50pm on Friday.", "The ferry docked at 12:40 p.m. on Friday.") \
        == [("number", "12:40 -> 12:50")]
    # and a glued hour without minutes still stands against another hour ("3am" -> "4am")
    assert _en("The alarm went off at 4am on Friday.", "The alarm went off at 3am on Friday.") \
        == [("number", "3 -> 4")]


# --- 2. spinner debris in asterisks is no figure ------------------------------------------------

@pytest.mark.parametrize(("copy", "origin"), [
    ("The council approved (*6*) new parks on Monday.", "The council approved new parks on Monday."),
    ("The council approved *6* new parks on Monday.", "The council approved new parks on Monday."),
    ("The council approved (*six*) new parks on Monday.", "The council approved new parks on Monday."),
])  # fmt: skip
def test_a_figure_in_asterisks_is_spinner_debris(copy, origin):
    assert _en(copy, origin) == []
    assert _en(origin, copy) == []


def test_spinner_debris_hides_no_real_change():
    assert _en("The council approved (*6*) new parks and 9 roads.", "The council approved new parks and 8 roads.") \
        == [("number", "8 roads -> 9 roads")]
    # a bold figure ("**6**") is a figure
    assert _en("The council approved **6** new parks.", "The council approved 7 new parks.") \
        == [("number", "7 new parks -> 6")]
    # a figure with one asterisk (a footnote mark) is still a figure
    assert _en("The council approved 6* new parks.", "The council approved 7 new parks.") \
        == [("number", "7 new parks -> 6")]


# --- 3. a rounding with a qualifier, or in a headline, says the exact figure ---------------------

@pytest.mark.parametrize(("copy", "origin"), [
    ("Nearly 600,000 homes lost power after the storm.", "622,431 homes lost power after the storm."),
    ("Nearly 600,000 homes lost power after the storm.", "About 622,431 homes lost power after the storm."),
    ("About 600,000 homes lost power after the storm.", "622,000 homes lost power after the storm."),
    ("More than 600,000 homes lost power after the storm.", "622,000 homes lost power after the storm."),
    ("Almost 40 people were rescued from the roof.", "41 people were rescued from the roof."),
])  # fmt: skip
def test_a_qualified_rounding_of_the_exact_figure_is_no_change(copy, origin):
    assert _en(copy, origin) == []
    assert _en(origin, copy) == []


@pytest.mark.parametrize(("copy", "origin", "detail", "hedge"), [
    ("More than 270 homes lost power after the storm.", "Over 320 homes lost power after the storm.",
     "320 homes -> 270 homes", None),
    ("Nearly 600,000 homes lost power after the storm.", "652,000 homes lost power after the storm.",
     "652000 homes -> 600000 homes", "nearly"),  # 8%: another figure
    ("More than 600,000 homes lost power after the storm.", "590,000 homes lost power after the storm.",
     "590000 homes -> 600000 homes", "more than"),  # "more than" cannot say a smaller figure
    ("Up to 600,000 homes lost power after the storm.", "622,000 homes lost power after the storm.",
     "622000 homes -> 600000 homes", "up to"),  # nor "up to" a larger one
    ("600,000 homes lost power after the storm.", "622,000 homes lost power after the storm.",
     "622000 homes -> 600000 homes", None),  # a bare figure in a body is no rounding
])  # fmt: skip
def test_a_rounding_that_does_not_cover_the_figure_is_still_a_change(copy, origin, detail, hedge):
    # and a qualifier the origin lacks is still a hedge added
    assert _en(copy, origin) == [("number", detail)] + (
        [("hedge", f"hedge added: {hedge} (before 600000)")] if hedge else [])


def test_a_hedge_on_the_same_figure_is_still_a_hedge():
    assert _en("Nearly 600,000 homes lost power after the storm.", "600,000 homes lost power after the storm.") \
        == [("hedge", "hedge added: nearly (before 600000)")]


def test_rounds_reads_the_direction_of_the_qualifier():
    from newstrace.provenance.figures import rounds

    assert rounds("600000", "622431", "about") and rounds("600000", "622431", "above")
    assert not rounds("600000", "622431", "below") and not rounds("600000", "622431", "exactly")
    assert not rounds("600000", "622431", None) and not rounds("622431", "600000", "about")
    assert not rounds("4:40", "4:41", "about") and not rounds("6.5", "6.4", "about")


def _headlined(copy: tuple[str, str], origin: tuple[str, str]) -> list[tuple[str, str]]:
    """Changes between two articles of a headline and one body sentence, the copy's headline aligned
    with the origin's body sentence."""
    arts, sents = [], []
    for (head, body), name in ((copy, "c"), (origin, "o")):
        arts.append(Article(id=name, headline=head, text=body, language="en"))
        sents.append(article_sentences(head, body, "en"))
    found = find_changes(arts[0], arts[1], sents[0], sents[1], [(0, 1, 0.8)])
    return [(c.kind, c.detail) for c in found if c.kind in ("number", "hedge")]


def test_a_headline_rounds_the_bodys_exact_figure():
    origin = ("Storm cuts power across the region", "The storm cut power to 622,000 homes across the region.")
    assert _headlined(("Storm cuts power to 600,000 homes across the region", "Crews worked through the night."),
                      origin) == []
    # a headline's figure 8% off is another figure
    assert _headlined(("Storm cuts power to 660,000 homes across the region", "Crews worked through the night."),
                      origin) == [("number", "622000 homes -> 660000 homes")]


# --- 4. qualifiers: unlisted ones, and compared over the figures' own text -----------------------

@pytest.mark.parametrize(("copy", "copy_language", "origin", "origin_language"), [
    ("Near 40 people were rescued from the roof.", "en", "About 40 people were rescued from the roof.", "en"),
    ("Near to 40 people were rescued from the roof.", "en", "Around 40 people were rescued from the roof.", "en"),
    ("Nahezu 40 Menschen wurden vom Dach gerettet.", "de", "Nearly 40 people were rescued from the roof.", "en"),
    ("Nicht weniger als 40 Menschen wurden gerettet.", "de", "At least 40 people were rescued.", "en"),
    ("Nicht weniger als 40 Menschen wurden gerettet.", "de", "Mindestens 40 Menschen wurden gerettet.", "de"),
    ("Unas 40 personas fueron rescatadas del tejado.", "es", "About 40 people were rescued from the roof.", "en"),
    ("Por lo menos 40 personas fueron rescatadas.", "es", "At least 40 people were rescued.", "en"),
    ("Pelo menos 40 pessoas foram resgatadas.", "pt", "At least 40 people were rescued.", "en"),
    ("Au moins 40 personnes ont été secourues.", "fr", "At least 40 people were rescued.", "en"),
    ("Mindestens 40 Menschen wurden gerettet.", "de", "At least 40 people were rescued.", "en"),
])  # fmt: skip
def test_qualifiers_of_one_meaning_are_no_change(copy, copy_language, origin, origin_language):
    assert _changes(copy, copy_language, origin, origin_language) == []
    assert _changes(origin, origin_language, copy, copy_language) == []


def test_near_is_a_qualifier_before_a_count_only():
    assert _en("Near 40 people were rescued from the roof.", "40 people were rescued from the roof.") \
        == [("hedge", "hedge added: near (before 40)")]
    assert _en("Near 40 people were rescued from the roof.", "At least 40 people were rescued from the roof.") \
        == [("number", "qualifier at least -> near")]
    assert _qualifiers("She lives near 10 Downing Street.", "en") == []
    assert _qualifiers("A near-record 40 people came.", "en") == []


def _pair(copy: list[str], origin: list[str], language: str = "es") -> list[tuple[str, str]]:
    """Number and hedge changes of two articles whose first sentences are aligned (the rest not)."""
    sc = [analyse_sentence(t, **reading_options(language)) for t in copy]
    so = [analyse_sentence(t, **reading_options(language)) for t in origin]
    arts = [Article(id=k, text=" ".join(ts), language=language) for k, ts in (("c", copy), ("o", origin))]
    found = find_changes(arts[0], arts[1], sc, so, [(0, 0, 0.8)])
    return [(c.kind, c.detail) for c in found if c.kind in ("number", "hedge")]


def test_a_qualifier_is_compared_over_the_merged_sentences_its_figure_is_read_from():
    one = ["El fuego obligó a desalojar el barrio del puerto y cerca de 300 vecinos durmieron en el polideportivo."]
    two = ["El fuego obligó a desalojar el barrio del puerto.", "cerca de 300 vecinos durmieron en el polideportivo."]
    assert _pair(two, one) == []
    assert _pair(one, two) == []
    # the qualifier really dropped in the merged sentence is still a hedge removed
    dropped = ["El fuego obligó a desalojar el barrio del puerto y 300 vecinos durmieron en el polideportivo."]
    assert _pair(dropped, two) == [("hedge", "hedge removed: cerca de (before 300)")]


# --- 5. German number adjectives and dates --------------------------------------------------------

@pytest.mark.parametrize(("copy", "copy_language", "origin", "origin_language"), [
    ("Ein neunjähriges Kind wurde verletzt.", "de", "A 9-year-old child was injured.", "en"),
    ("Ein neunjähriges Kind wurde verletzt.", "de", "Ein 9-jähriges Kind wurde verletzt.", "de"),
    ("Ein einundzwanzigjähriger Mann wurde verletzt.", "de", "A 21-year-old man was injured.", "en"),
    ("A nine-year-old child was injured.", "en", "A 9-year-old child was injured.", "en"),
    ("Die dreitägige Suche endete am Montag.", "de", "The 3-day search ended on Monday.", "en"),
    ("Ein 81-jähriger Mann wurde verletzt.", "de", "An 81-year-old man was injured.", "en"),
    ("Der Unfall geschah am 18. Dezember in Berlin.", "de", "The crash happened on December 18 in Berlin.", "en"),
    ("Am 18. Dezember starben 12 Menschen in Berlin.", "de", "On 18 December 12 people died in Berlin.", "en"),
])  # fmt: skip
def test_german_number_adjectives_and_dates_are_their_figure(copy, copy_language, origin, origin_language):
    assert _changes(copy, copy_language, origin, origin_language) == []
    assert _changes(origin, origin_language, copy, copy_language) == []


def test_german_figures_that_changed_are_still_changes():
    assert _changes("Ein zehnjähriges Kind wurde verletzt.", "de", "Ein 9-jähriges Kind wurde verletzt.", "de") \
        == [("number", "9-jähriges Kind -> zehnjähriges Kind")]
    # a capitalised article before the figure names nothing: the figures are shown, not "Ein 18"
    assert _changes("Ein 81-jähriger Mann wurde verletzt.", "de", "Ein 18-jähriger Mann wurde verletzt.", "de") \
        == [("number", "18-jähriger Mann -> 81-jähriger Mann")]
    # a German date changed is a date change, not a count
    assert _changes("Der Unfall geschah am 19. Dezember in Berlin.", "de",
                    "Der Unfall geschah am 18. Dezember in Berlin.", "de") == [("date", "18 Dezember -> 19 Dezember")]
    # "two-thirds" is no two
    assert _en("Two-thirds of the homes lost power.", "Most of the homes lost power.") == []


def test_an_ordinal_date_does_not_split_a_german_sentence():
    text = "Der Unfall geschah am 18. Dezember in Berlin. Zwei Menschen wurden verletzt."
    assert [s.text for s in article_sentences("", text, "de")] == [
        "Der Unfall geschah am 18. Dezember in Berlin.", "Zwei Menschen wurden verletzt."]
