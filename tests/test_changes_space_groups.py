"""Thousands written with a space ("1 850", French and SI style) are one figure in the changes (new-user test F6).

Invented sentences: a Spanish copy writes "1.850", a French one "1 850"; the French tokens read two numbers,
and the pair reported "1850 -> 1, 850".
"""

from __future__ import annotations

import pytest

from newstrace.provenance.figures import number_changes
from newstrace.provenance.fingerprint import article_sentences

ES = "Unos 1.850 vecinos fueron evacuados el martes."


def _details(copy: str, origin: str) -> list[str]:
    c, o = article_sentences("Incendio", copy)[-1], article_sentences("Incendio", origin)[-1]
    return [x.detail for x in number_changes(c, o, qualifiers=False)]


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"])
def test_the_same_figure_grouped_with_a_space_is_no_change(space):
    fr = f"Quelque 1{space}850 habitants ont été évacués mardi."
    assert _details(fr, ES) == [] and _details(ES, fr) == []


def test_a_changed_figure_grouped_with_a_no_break_space_reads_whole():
    assert _details("Quelque 12\u00a0850 habitants ont été évacués mardi.", ES) == ["1850 -> 12850"]


def test_a_plain_space_between_two_numbers_is_not_read_as_grouping_alone():
    # nothing on the other side says 3,500: "3 500-page" stays three reports of 500 pages
    assert _details("Those 3 500-page reports were filed.", "Those 3 500-page reports were filed, and 3500 more.") \
        == ["number removed: 3500"]


def test_a_clock_time_in_house_style_is_no_number_change():
    # "2 a.m." -> "2am" was "number removed: 2" (new-user test F10); another hour is still a change
    origin = "The fire broke out at about 2 a.m. on Tuesday, officials said."
    assert _details("The fire broke out at about 2am on Tuesday, officials said.", origin) == []
    assert _details(origin, "The fire broke out at about 2am on Tuesday, officials said.") == []
    assert _details("The fire broke out at about 3am on Tuesday, officials said.", origin) == ["number removed: 2"]


def test_spanish_approximators_and_within_are_qualifiers_of_their_english_twins():
    # new-user test F11: "unas 400" was "hedge removed: about", "a menos de tres" against "within three" a hedge added
    from newstrace.provenance.figures import set_language
    from newstrace.provenance.hedges import hedge_changes

    def hedges(copy, origin):
        c, o = article_sentences("H", copy)[-1], article_sentences("H", origin)[-1]
        set_language([c], "es")
        set_language([o], "en")
        return [x.detail for x in hedge_changes(c, o, qualifiers=True, words=False)]

    assert hedges("Se quemaron unas 400 toneladas de cebada.", "About 400 tonnes of barley burned.") == []
    assert hedges("Los vecinos a menos de tres kilómetros deben quedarse en casa.",
                  "Residents within three kilometres must stay indoors.") == []
    assert hedges("Se quemaron 400 toneladas de cebada.", "About 400 tonnes of barley burned.") == \
        ["hedge removed: about (before 400)"]
