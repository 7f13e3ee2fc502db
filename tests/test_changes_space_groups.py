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
    assert _details("Quelque 12\u00a0850 habitants ont été évacués mardi.", ES) == ["1850 vecinos -> 12850 habitants"]


def test_a_plain_space_between_two_numbers_is_not_read_as_grouping_alone():
    # nothing on the other side says 3,500: "3 500-page" stays three reports of 500 pages
    assert _details("Those 3 500-page reports were filed.", "Those 3 500-page reports were filed, and 3500 more.") \
        == ["number removed: 3500"]


def test_a_clock_time_in_house_style_is_no_number_change():
    # "2 a.m." -> "2am" was "number removed: 2" (new-user test F10); another hour is still a change
    origin = "The fire broke out at about 2 a.m. on Tuesday, officials said."
    assert _details("The fire broke out at about 2am on Tuesday, officials said.", origin) == []
    assert _details(origin, "The fire broke out at about 2am on Tuesday, officials said.") == []
    # another hour is a change of figure (re-test N8: it read "number removed: 2")
    assert _details("The fire broke out at about 3am on Tuesday, officials said.", origin) == ["2 -> 3"]
    assert _details("Crews arrived at 2am and left at 6am.", "Crews arrived at 2am and left at 5am.") == ["5 -> 6"]


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


def test_spaced_thousands_are_one_figure_outside_english_and_with_a_no_break_space_anywhere():
    # re-test N4: a French "12 500" against an English "12,500" shared no figure, so the translation was not linked
    from newstrace.provenance.fingerprint import article_sentences as sentences

    fr = sentences("Crue", "Quelque 12 500 habitants et 3\u00a0200 maisons, pour 1\u202f450\u00a0000 euros.", "fr")
    assert fr[-1].numbers == ["12500", "3200", "1450000"]
    # English tables and counts put numbers side by side: a plain space separates them there
    en = sentences("Catch", "CHILE 22 8 109 76, and 36 100 kilowatt transmitters, and 3\u00a0200 boats.", "en")
    assert en[-1].numbers == ["22", "8", "109", "76", "36", "100", "3200"]


def test_a_french_translation_with_spaced_thousands_is_linked_and_its_change_read_whole(tmp_path):
    from newstrace.provenance import trace
    from newstrace.schema import Article, Source

    en = ("Floods force 12,500 from homes in Vallon\n\nFloodwaters forced some 12,500 residents of Vallon from their homes "
          "on Tuesday, the prefecture said, and damaged 3,200 houses.\n\nThe regional council released 1,450,000 euros "
          "in emergency aid, prefect Claire Dumont said.\n\nThe Ardenne river rose 4.2 metres in 36 hours.")
    fr = ("Crue à Vallon : 12 500 habitants évacués\n\nLa crue a contraint quelque 12 500 habitants de Vallon à quitter "
          "leur domicile mardi, selon la préfecture, et endommagé 3\u00a0200 maisons.\n\nLe conseil régional a débloqué "
          "1\u202f450\u00a0000 euros d'aide d'urgence, a indiqué la préfète Claire Dumont.\n\nL'Ardenne est montée de 4,2 "
          "mètres en 36 heures.")
    changed = fr.replace("12 500", "15 200")
    arts = [Article(id="e" * 40, source=Source(path="en.txt"), text=en, language="en", published="2025-09-09"),
            Article(id="f" * 40, source=Source(path="fr.txt"), text=fr, language="fr", published="2025-09-10"),
            Article(id="g" * 40, source=Source(path="fr2.txt"), text=changed, language="fr", published="2025-09-11")]
    links = {(d.copy_id[0], (d.origin_id or d.sibling_ids[0])[0]): d for d in trace(arts)}
    assert ("f", "e") in links or ("e", "f") in links
    (fr_pair,) = [d for k, d in links.items() if set(k) == {"f", "g"}]
    numbers = [c.detail for c in fr_pair.changes if c.kind == "number"]
    assert numbers and all(n in ("12500 habitants -> 15200 habitants", "15200 habitants -> 12500 habitants") for n in numbers)


def test_house_style_in_a_quotation_and_spanish_por_ciento_are_no_changes():
    # re-test N9: "per cent" -> "percent" inside a quotation was "quote altered"; N11: "7,5 por ciento" gave "number added: 100"
    from newstrace.provenance.figures import set_language
    from newstrace.provenance.rewording import quote_changes

    said = '"Prices rose 12 {} in a year and families cannot cope," she said.'
    o, c = (article_sentences("H", said.format(w))[-1] for w in ("per cent", "percent"))
    assert quote_changes(c, o) == []
    c2 = article_sentences("H", said.format("percent").replace("12", "15"))[-1]
    assert len(quote_changes(c2, o)) == 1
    es = article_sentences("H", "Las acciones cayeron un 7,5 por ciento el martes.")[-1]
    en = article_sentences("H", "Shares fell 7.5 percent on Tuesday.")[-1]
    set_language([es], "es")
    set_language([en], "en")
    assert number_changes(en, es, qualifiers=False) == [] and number_changes(es, en, qualifiers=False) == []
