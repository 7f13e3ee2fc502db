"""Figures a copy changed: a neighbour's unchanged figure excuses nothing, number words are read as one value, vague plurals are none."""

from __future__ import annotations

import pytest

from newstrace.provenance.changes import find_changes, number_changes
from newstrace.provenance.figures import number_spans
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article


def _article(aid: str, text: str, language: str = "en") -> Article:
    return Article(id=aid, text=text, language=language)


def _number_details(copy: list[str], origin: list[str], pairs, language: str = "en") -> list[str]:
    """Number changes of invented sentences aligned one to one by ``pairs``."""
    sc, so = [analyse_sentence(t) for t in copy], [analyse_sentence(t) for t in origin]
    art_c, art_o = _article("c", " ".join(copy), language), _article("o", " ".join(origin))
    return [c.detail for c in find_changes(art_c, art_o, sc, so, pairs) if c.kind == "number"]


# invented text, written for these tests
HEADLINE = "Landslide buries mountain village, at least 12 dead"
BODY = "A landslide buried the village of Ostrova overnight, killing at least {} people, rescuers said."
NEXT = "Teams were still digging through the mud on Sunday afternoon."


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("12", "19", "12 people -> 19 people"),   # the copy's body says what the headline says no more: changed all the same
    ("19", "12", "19 people -> 12 people"),   # the copy's body now says the headline's figure
    ("12", "21", "12 people -> 21 people"),
])  # fmt: skip
def test_a_figure_the_neighbour_holds_on_both_sides_excuses_no_change(old, new, expected):
    origin = [HEADLINE, BODY.format(old), NEXT]
    copy = [HEADLINE, BODY.format(new), NEXT]
    assert _number_details(copy, origin, [(0, 0, 1.0), (1, 1, 0.9), (2, 2, 1.0)]) == [expected]


def test_a_figure_moved_into_a_merged_neighbour_still_excuses():
    """The copy merges two origin sentences: the 800 of the origin's first one stands in the copy's
    second, and the origin's first is aligned with a copy sentence that lacks it: no change."""
    origin = ["About 800 officers are stuck in the border town, officials said.", "Many brought their families."]
    copy = ["Officers are stuck in the border town, officials said.", "There are 800 of them and many brought their families."]
    assert _number_details(copy, origin, [(0, 0, 0.8), (1, 1, 0.6)]) == []


@pytest.mark.parametrize(("text", "values"), [
    ("The operator had been fined twice since 2021.", ["2", "2021"]),
    ("Forty-four were taken to hospital.", ["44"]),
    ("One hundred and five homes and two thousand five hundred acres burned.", ["105", "2500"]),
    ("They bought two dozen crates, then a dozen more.", ["24", "12"]),
    ("Dozens were hurt and hundreds fled; thousands watched.", []),
    ("One of them, a man of twenty, five days ago", ["20", "5"]),  # a comma ends a number
    ("Two and three rooms", ["2", "3"]),
    ("Murieron cuarenta y cuatro personas y decenas resultaron heridas; ciento cinco casas, veinticinco barcos.",
     ["44", "105", "25"]),
    ("Morreram quarenta e quatro pessoas e dezenas ficaram feridas; cento e cinco casas, mil e duzentos barcos.",
     ["44", "105", "1200"]),
    ("Quarante-quatre personnes, soixante-dix maisons, quatre-vingt-dix bateaux, vingt et un blessés, des dizaines.",
     ["44", "70", "90", "21"]),
    ("Police seize 5 per cent of the goods once a year.", ["5"]),  # "seize", "cent", "once" are no number words
])  # fmt: skip
def test_number_words_are_read_as_one_value(text, values):
    assert [v for _, _, v in number_spans(analyse_sentence(text))] == values


@pytest.mark.parametrize(("origin", "copy"), [
    ("The firm had been fined twice since 2021.", "The firm had been penalized two times since 2021."),
    ("Rescuers found 44 of them alive.", "Rescuers found forty-four of them alive."),
    ("The town has 105 homes.", "The town has one hundred and five homes."),
    ("Dozens of people were missing.", "Many people were missing."),
    ("Hundreds of homes flooded.", "Many homes flooded."),
])  # fmt: skip
def test_a_figure_written_in_words_or_a_vague_plural_is_no_change(origin, copy):
    o, c = analyse_sentence(origin), analyse_sentence(copy)
    assert number_changes(c, o) == [] and number_changes(o, c) == []


def test_a_spelled_figure_changed_is_still_a_change():
    o, c = analyse_sentence("Forty-four were taken to hospital."), analyse_sentence("Forty-seven were taken to hospital.")
    assert [x.detail for x in number_changes(c, o)] == ["44 -> 47"]
    o, c = analyse_sentence("Dozens were hurt."), analyse_sentence("Two dozen were hurt.")
    assert [x.detail for x in number_changes(c, o)] == ["number added: 24"]


def test_a_translation_reads_vague_and_compound_number_words_alike():
    """"dozens" -> "decenas" is translated, not a figure removed; "44" -> "cuarenta y cuatro" is one value."""
    origin = ["Flood leaves 44 dead and dozens missing"]
    copy = ["La inundación deja cuarenta y cuatro muertos y decenas de desaparecidos"]
    assert _number_details(copy, origin, [(0, 0, 0.6)], language="es") == []


def test_a_word_that_is_a_number_in_one_language_only_is_read_in_that_language():
    """Portuguese "dos" is "of the", Spanish "once" is eleven, English "once" is one time."""
    assert _number_details(["A maioria dos soldados fugiu com 40 familiares."],
                           ["Most of the soldiers fled with 40 relatives."], [(0, 0, 0.6)], language="pt") == []
    assert _number_details(["Murieron once personas."], ["Eleven people died."], [(0, 0, 0.6)], language="es") == []
    assert _number_details(["Murieron once personas."], ["Twelve people died."], [(0, 0, 0.6)], language="es") \
        == ["12 people -> 11 personas"]
    assert _number_details(["The firm was fined once in 2021."], ["The firm was fined in 2021."], [(0, 0, 0.9)]) == []


def test_a_figure_reworded_into_words_is_no_rewording():
    from newstrace.provenance.rewording import reworded_changes

    o, c = analyse_sentence("Rescuers found 44 of them alive."), analyse_sentence("Rescuers found forty-four of them alive.")
    assert reworded_changes(c, o) == []


def test_french_number_words_in_a_french_sentence():
    from newstrace.provenance.figures import set_language

    s = analyse_sentence("Deux cents maisons, cent cinq bateaux et seize morts, soit 5 pour cent du village.")
    set_language([s], "fr")
    assert [v for _, _, v in number_spans(s)] == ["200", "105", "16", "5"]
    set_language([s], "en")  # read again for another language: "cent" and "seize" are English words
    assert [v for _, _, v in number_spans(s)] == ["2", "5", "5"]


def test_a_scale_word_is_part_of_the_figure():
    """"1.2 million" -> "1.2 billion" changed the figure a thousandfold and was no change (the value
    read was 1.2 on both sides); wire style's "mln" is "million". Invented sentences."""

    def change(origin: str, copy: str) -> list[str]:
        return [c.detail for c in number_changes(analyse_sentence(copy), analyse_sentence(origin))]

    base = "The council said the repairs to the harbour wall would cost {} euros over three years."
    assert change(base.format("1.2 million"), base.format("1.2 billion")) == ["1.2 million euros -> 1.2 billion euros"]
    assert change(base.format("40 mln"), base.format("40 million")) == []
    assert change(base.format("40 mln"), base.format("45 mln")) == ["40 million euros -> 45 million euros"]


def _scale_change(origin: str, copy: str, language: str | None = None) -> list[str]:
    from newstrace.provenance.figures import set_language

    so, sc = analyse_sentence(origin), analyse_sentence(copy)
    set_language([so, sc], language)
    return [c.detail for c in number_changes(sc, so)]


COST = "The council said the repairs to the harbour wall would cost {} euros over three years."


@pytest.mark.parametrize(("old", "new"), [
    ("1.2 million", "1,200,000"), ("3.5 billion", "3,500,000,000"), ("40 mln", "40 million"), ("1.2 million", "1.2 mln"),
    ("5bn", "5 billion"), ("€300m", "€300 million"), ("one million", "1,000,000"), ("a billion", "one billion"), ("two million", "2 million"),
    ("5 thousand", "5,000"), ("0.5 million", "500,000"),
])  # fmt: skip
def test_a_figure_with_its_scale_word_and_the_figure_written_out_are_one_value(old, new):
    """A new-user test: "1.2 million" against "1,200,000" read as a number change (1.2 against 1200000)."""
    assert _scale_change(COST.format(old), COST.format(new)) == []
    assert _scale_change(COST.format(new), COST.format(old)) == []


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("1.2 million", "1.2 billion", "1.2 million euros -> 1.2 billion euros"),
    ("1.2 million", "12 million", "1.2 million euros -> 12 million euros"),
    ("1.2 million", "1,300,000", "1.2 million euros -> 1300000 euros"),
    ("5bn", "5 million", "5 billion euros -> 5 million euros"),
])  # fmt: skip
def test_a_scale_or_a_figure_changed_is_still_a_change(old, new, expected):
    assert _scale_change(COST.format(old), COST.format(new)) == [expected]


def test_scale_words_of_other_languages():
    """Spanish "millones" with a decimal comma and point-grouped thousands; "mil millones" is a
    billion and "billones" a trillion (10^12) in Spanish. Invented sentences."""
    es = "El ayuntamiento dijo que las obras del puerto costarían {} de euros en tres años."
    assert _scale_change(es.format("2,5 millones"), es.format("2.500.000"), "es") == []
    assert _scale_change(es.format("un millón"), es.format("1.000.000"), "es") == []
    assert _scale_change(es.format("2,5 millones"), es.format("2,5 mil millones"), "es") == ["2.5 million -> 2.5 billion"]
    assert _scale_change(es.format("3 billones"), es.format("3.000.000.000.000"), "es") == []
    # across languages, as a translation's changes compare figures
    assert _scale_change(COST.format("2.5 million"), es.format("2,5 millones"), "es") == []


def test_a_metre_is_no_million():
    """"a 5m wall" is five metres: a glued "m" or "k" is a scale only after a currency sign."""
    wall = "Engineers will build a {} wall along the harbour to hold back the river next spring."
    assert _scale_change(wall.format("5m"), wall.format("5 million")) == ["number added: 5 million wall"]


# Chinese, Japanese and Korean write no space around a figure: the regex tokenizer keeps "死者は37人" whole
@pytest.mark.parametrize(("old", "new", "expected"), [
    ("架空の港町ベルで洪水が発生し、死者は37人に達した。", "架空の港町ベルで洪水が発生し、死者は41人に達した。", ["37 -> 41"]),
    ("虚构的港口城市贝尔发生洪水，37人死亡。", "虚构的港口城市贝尔发生洪水，41人死亡。", ["37 -> 41"]),
    ("가상의 항구 도시 벨에서 홍수로 37명이 숨졌다.", "가상의 항구 도시 벨에서 홍수로 41명이 숨졌다.", ["37 -> 41"]),
    ("当局说120万人撤离。", "当局说1,200,000人撤离。", []),             # a myriad scale: 120万 is 1,200,000
    ("当局说120万人撤离。", "当局说12万人撤离。", ["1200000 -> 120000"]),
    ("死者は37人に達した。", "死者は37人に達した。", []),
])  # fmt: skip
def test_figures_inside_a_cjk_run_are_read(old, new, expected):
    assert _scale_change(old, new) == expected


def test_a_cjk_date_is_a_date_not_a_figure():
    from newstrace.provenance.figures import date_changes

    o, c = analyse_sentence("2019年2月23日、当局は37人の死亡を確認した。"), analyse_sentence("2019年2月24日、当局は37人の死亡を確認した。")
    assert number_changes(c, o) == []
    assert [x.detail for x in date_changes(c, o)] == ["2019 2 23 -> 2019 2 24"]


def test_a_japanese_translation_s_changed_figure_is_found():
    """An English origin and its Japanese translation (aligned by hand): the translation's figures
    stood inside CJK runs and read as none, so a changed death toll went unseen."""
    origin = ["Floods in the harbour town of Vell have killed 37 people, officials said on Tuesday.",
              "Rescue teams evacuated 1,200 people from the low districts overnight."]
    copy = ["当局者は火曜日、港町ベルの洪水で41人が死亡したと発表した。", "救助隊は一晩で低地から1200人を避難させた。"]
    # the English side says what the figure counts; the Japanese writes it inside the figure's token
    assert _number_details(copy, origin, [(0, 0, 0.6), (1, 1, 0.6)], language="ja") == ["37 people -> 41"]


@pytest.mark.parametrize(("old", "new"), [("1.2 million", "1,200,000"), ("2.5 billion", "2,500,000,000"), ("$5bn", "$5 billion")])
def test_a_figure_written_out_is_no_rewording_either(old, new):
    """No change of any kind: the scale word written out is house style (it read "reworded: '1.2
    million' -> '1,200,000'" once the number change was gone)."""
    sentence = "The council said on Tuesday that the repairs to the harbour wall in Vell would cost {} euros."
    so, sc = [analyse_sentence(sentence.format(old))], [analyse_sentence(sentence.format(new))]
    assert find_changes(_article("c", sc[0].text), _article("o", so[0].text), sc, so, [(0, 0, 0.9)]) == []
    (x,) = find_changes(_article("c", "x"), _article("o", "y"), [analyse_sentence(sentence.format("1.2 billion"))],
                        so[:1] if old == "1.2 million" else [analyse_sentence(sentence.format("1.2 million"))], [(0, 0, 0.9)])
    assert (x.kind, x.detail) == ("number", "1.2 million euros -> 1.2 billion euros")


def test_over_a_span_of_time_is_a_duration_not_a_hedge():
    """"a 9% raise over two years" -> "a rise of 9% in two years" changes no qualifier (a new-user test:
    "hedge removed: over"); "for over 20 years" -> "for 20 years" still drops "more than"."""
    from newstrace.provenance.hedges import hedge_changes
    from newstrace.provenance.text import analyse_sentence

    origin = analyse_sentence("The union accepted a 9% raise over two years for the dock workers.")
    copy = analyse_sentence("The union accepted a rise of 9% in two years for the dock workers.")
    assert hedge_changes(copy, origin) == []
    origin = analyse_sentence("She has run the harbour office for over 20 years, the council said.")
    copy = analyse_sentence("She has run the harbour office for 20 years, the council said.")
    assert [c.detail.split(":")[0] for c in hedge_changes(copy, origin)] == ["hedge removed"]


def test_german_number_words_are_figures():
    """"in zwei Jahren" is 2, as "in two years" is: a German translation no longer reports "number removed: 2"
    (new-user test); "elf" is eleven only in German."""
    from newstrace.provenance.figures import set_language
    from newstrace.provenance.text import analyse_text

    de = analyse_text("Die Gewerkschaft fordert neun Prozent in zwei Jahren. Elf Fähren und dreißig Busse stehen still.")
    set_language(de, "de")
    assert [[v for _, _, v in number_spans(s)] for s in de] == [["9", "2"], ["11", "30"]]
    en = analyse_text("An elf costume won the prize for the two best dressed children.")
    set_language(en, "en")
    assert [v for _, _, v in number_spans(en[0])] == ["2"]


@pytest.mark.parametrize(("origin", "copy", "detail"), [
    # invented: a lone "one" counting a noun replaces the figure
    ("Two people remain missing, the fire service said.", "One person remains missing, the fire service said.",
     "2 people -> 1 person"),
    ("One bridge was destroyed and the road was closed.", "Three bridges were destroyed and the road was closed.",
     "1 bridge -> 3 bridges"),
    # "one of", "no one" are no count: the figure is only removed or added
    ("Two of the bridges were destroyed, officials said.", "One of the bridges was destroyed, officials said.",
     "number removed: 2"),
    ("Two people were hurt, and no one was arrested.", "People were hurt, and no one was arrested.",
     "number removed: 2 people"),
])
def test_a_figure_replaced_by_a_counting_one_is_a_number_change(origin, copy, detail):
    """"Two people" -> "One person" is 2 people -> 1 person, not a number removed (a new-user test's finding)."""
    changes = number_changes(analyse_sentence(copy), analyse_sentence(origin))
    assert [c.detail for c in changes] == [detail]
