"""Figures and number qualifiers across languages: a translation says the same figure its own way.

Testers (session 15) read false changes in `trace` between a copy and its origin in different
languages: "al menos 17" against "at least 17" (or the machine translation's "at least to 17") read
as a hedge removed, "alrededor del 40%" against "about 40%" too; "34 años" against "34-year-old",
"magnitud 6,8" against "6.8-magnitude" and a French "4h40" against "4:40" read as numbers added
or removed. A qualifier of one meaning on both sides, and one figure written two ways, are no
change; a qualifier on one side only, and a figure that really differs, still are. Every sentence
here is invented for these tests, in both directions (the foreign sentence as copy and as origin).
"""

from __future__ import annotations

import pytest

from newstrace.provenance.changes import find_changes
from newstrace.provenance.figures import _qualifiers, number_changes, set_language
from newstrace.provenance.fingerprint import reading_options
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article


def _changes(copy: str, copy_language: str, origin: str, origin_language: str) -> list[tuple[str, str]]:
    """``(kind, detail)`` of the number, hedge and date changes of one aligned sentence pair, read as
    the trace reads two articles in those languages."""
    sc = [analyse_sentence(copy, **reading_options(copy_language))]
    so = [analyse_sentence(origin, **reading_options(origin_language))]
    art_c = Article(id="c", text=copy, language=copy_language)
    art_o = Article(id="o", text=origin, language=origin_language)
    found = find_changes(art_c, art_o, sc, so, [(0, 0, 0.8)])
    return [(c.kind, c.detail) for c in found if c.kind in ("number", "hedge", "date")]


def _both_ways(foreign: str, language: str, english: str) -> tuple[list, list]:
    """Changes with the foreign sentence as the copy of the English one, and the other way round."""
    return _changes(foreign, language, english, "en"), _changes(english, "en", foreign, language)


@pytest.mark.parametrize(("foreign", "language", "english"), [
    # the same qualifier group on both sides
    ("Murieron al menos 17 personas en el incendio.", "es", "At least 17 people died in the fire."),
    ("Murieron al menos a 17 personas en el incendio.", "es", "At least to 17 people died in the fire."),
    ("Murieron al menos 17 personas en el incendio.", "es", "At least to 17 people died in the fire."),
    ("Murieron por lo menos 17 personas en el incendio.", "es", "No fewer than 17 people died in the fire."),
    ("La nevada dejará hasta 30 centímetros en la sierra.", "es", "The snowfall will leave up to 30 centimetres in the hills."),
    ("El sismo se sintió hacia las 10 de la mañana.", "es", "The tremor was felt around 10 a.m. in the valley."),
    ("El sismo se sintió hacia las 10 de la mañana.", "es", "The tremor was felt at about 10 in the morning."),
    ("La participación fue de alrededor del 40% en la provincia.", "es", "Turnout was about 40% in the province."),
    ("Más del 60% de las casas quedaron sin luz.", "es", "More than 60% of the homes lost power."),
    ("Environ 300 personnes ont été évacuées du quartier.", "fr", "About 300 people were evacuated from the district."),
    ("Près de 300 personnes ont été évacuées du quartier.", "fr", "Nearly 300 people were evacuated from the district."),
    ("Les pluies pourraient atteindre jusqu'à 30 centimètres.", "fr", "Rain could reach up to 30 centimetres."),
    ("Les pluies pourraient atteindre jusqu’à 30 centimètres.", "fr", "Rain could reach as many as 30 centimetres."),
    ("Le loyer a augmenté d'environ 5 % cette année.", "fr", "The rent rose by roughly 5% this year."),
    ("Au moins 12 bateaux ont coulé dans le port.", "fr", "At least 12 boats sank in the harbour."),
    ("Cerca de 300 pessoas foram retiradas do bairro.", "pt", "About 300 people were evacuated from the district."),
    ("As chuvas podem chegar até 30 centímetros na serra.", "pt", "Rain could reach up to 30 centimetres in the hills."),
    ("Pelo menos 12 barcos afundaram no porto.", "pt", "At least 12 boats sank in the harbour."),
    ("Mehr als 40 Menschen wurden verletzt.", "de", "More than 40 people were injured."),
    ("Mindestens 17 Menschen starben bei dem Brand.", "de", "At least 17 people died in the fire."),
    ("Rund 300 Menschen wurden in Sicherheit gebracht.", "de", "About 300 people were taken to safety."),
    ("Fast 30 Boote sanken im Hafen.", "de", "Nearly 30 boats sank in the harbour."),
    # "hasta las 10" is "until 10": no upper bound, so no qualifier the English lacks
    ("Los bomberos trabajaron hasta las 10 de la noche.", "es", "Firefighters worked until 10 p.m. on the roof."),
    ("Os bombeiros trabalharam até às 22h no telhado.", "pt", "Firefighters worked until 10 p.m. on the roof."),
    # nor before a year that counts nothing: "hasta 2030" is "until 2030", "hacia 2030" "by 2030"
    ("El plan seguirá vigente hasta 2030, dijo el ministro.", "es", "The plan will stay in force until 2030, the minister said."),
    ("La red estará terminada hacia 2030 en todo el país.", "es", "The network will be finished by 2030 across the country."),
    ("Le réseau sera achevé vers 2030 dans tout le pays.", "fr", "The network will be finished by 2030 across the country."),
])  # fmt: skip
def test_a_qualifier_of_one_meaning_in_two_languages_is_no_change(foreign, language, english):
    assert _both_ways(foreign, language, english) == ([], [])


@pytest.mark.parametrize(("foreign", "language", "english", "qualifier", "value"), [
    ("Murieron al menos 17 personas en el incendio.", "es", "17 people died in the fire.", "al menos", "17"),
    ("La participación fue de alrededor del 40% en la provincia.", "es", "Turnout was 40% in the province.",
     "alrededor del", "40"),
    ("La nevada dejará hasta 30 centímetros en la sierra.", "es", "The snowfall will leave 30 centimetres in the hills.",
     "hasta", "30"),
    ("Les pluies pourraient atteindre jusqu'à 30 centimètres.", "fr", "Rain could reach 30 centimetres.", "jusqu'à", "30"),
    ("Environ 300 personnes ont été évacuées du quartier.", "fr", "300 people were evacuated from the district.",
     "environ", "300"),
    ("Cerca de 300 pessoas foram retiradas do bairro.", "pt", "300 people were evacuated from the district.",
     "cerca de", "300"),
    ("Mindestens 17 Menschen starben bei dem Brand.", "de", "17 people died in the fire.", "mindestens", "17"),
])  # fmt: skip
def test_a_qualifier_on_one_side_only_is_still_a_hedge_change(foreign, language, english, qualifier, value):
    as_copy, as_origin = _both_ways(foreign, language, english)
    assert as_copy == [("hedge", f"hedge added: {qualifier} (before {value})")]
    assert as_origin == [("hedge", f"hedge removed: {qualifier} (before {value})")]
    # and the English qualifier on the English side only, the other way round
    assert _changes("At least 17 people died in the fire.", "en", "Murieron 17 personas en el incendio.", "es") \
        == [("hedge", "hedge added: at least (before 17)")]


def test_a_qualifier_swapped_for_another_meaning_across_languages_is_a_qualifier_change():
    """Compared on qualifiers (as :func:`number_changes` does within one language), "environ" against
    "at least" is a change of meaning; "environ" against "about" is none."""
    fr, en = analyse_sentence("Environ 300 personnes ont été évacuées."), analyse_sentence("At least 300 people were evacuated.")
    set_language([fr], "fr")
    set_language([en], "en")
    assert [c.detail for c in number_changes(fr, en)] == ["qualifier at least -> environ"]
    about = analyse_sentence("About 300 people were evacuated.")
    set_language([about], "en")
    assert number_changes(fr, about) == []


@pytest.mark.parametrize(("text", "language", "expected"), [
    ("He ate 12 hot dogs at the fair.", "en", []),          # Portuguese "até" only with its accent
    ("An Uber 30 minutes away.", "en", []),                  # German "über" likewise
    ("They ran a fast 10 kilometres.", "en", []),           # German "fast" only in German
    ("Sie liefen fast 10 Kilometer.", "de", ["fast"]),
    ("He talked about the 10 victims.", "en", []),           # an English qualifier takes no article before its figure
    ("Murieron más del 40% y hacia las 10 se fueron unos 20.", "es", ["más del", "hacia", "unos"]),
    ("Cabrán hasta 2030 personas en el estadio hasta 2030.", "es", ["hasta"]),  # a bound of people, not of time
])  # fmt: skip
def test_qualifiers_are_read_in_their_language_before_a_figure(text, language, expected):
    assert _qualifiers(text, language) == expected


@pytest.mark.parametrize(("foreign", "language", "english"), [
    ("Un hombre de 34 años fue detenido en el puerto.", "es", "A 34-year-old man was arrested at the port."),
    ("Un homme de 34 ans a été arrêté au port.", "fr", "A 34-year-old man was arrested at the port."),
    ("Um homem de 34 anos foi preso no porto.", "pt", "A 34-year-old man was arrested at the port."),
    ("Ein 34-jähriger Mann wurde am Hafen festgenommen.", "de", "A 34-year-old man was arrested at the port."),
    ("Der 34-Jährige wurde am Hafen festgenommen.", "de", "The 34-year-old was arrested at the port."),
    ("El gobierno fijó un plazo de 60 días para la obra.", "es", "The government set a 60-day deadline for the works."),
    ("Un sismo de magnitud 6,8 sacudió la costa norte.", "es", "A 6.8-magnitude quake shook the northern coast."),
    ("Un séisme de magnitude 6,8 a frappé la côte nord.", "fr", "A 6.8-magnitude quake struck the northern coast."),
    ("Ein Beben der Stärke 6,8 erschütterte die Nordküste.", "de", "A 6.8-magnitude quake shook the northern coast."),
    # clock times: French "4h40", 24-hour "16h40" and "22 horas" against "4:40", "4.40", "4:40 p.m.", "10 p.m."
    ("Le séisme a eu lieu à 4h40 du matin.", "fr", "The quake struck at 4:40 in the morning."),
    ("Le séisme a eu lieu à 4h40 du matin.", "fr", "The quake struck at 4.40 in the morning."),
    ("L'incendie a commencé à 16h40 samedi.", "fr", "The fire started at 4:40 p.m. on Saturday."),
    ("L'incendie a commencé à 16h40 samedi.", "fr", "The fire started at 4:40pm on Saturday."),
    ("El incendio empezó a las 22 horas del sábado.", "es", "The fire started at 10 p.m. on Saturday."),
    # decimal comma against decimal point, with thousands too
    ("La inflación llegó al 6,8% en marzo.", "es", "Inflation reached 6.8% in March."),
    ("Die Inflation lag im März bei 6,8 Prozent.", "de", "Inflation stood at 6.8 percent in March."),
    ("El déficit fue de 1.234,5 millones de euros.", "es", "The deficit was 1,234.5 million euros."),
    ("O défice foi de 2,5 mil milhões de euros.", "pt", "The deficit was 2.5 billion euros."),
])  # fmt: skip
def test_one_figure_written_each_language_s_way_is_no_change(foreign, language, english):
    assert _both_ways(foreign, language, english) == ([], [])


@pytest.mark.parametrize(("foreign", "language", "english", "as_copy", "as_origin"), [
    ("Un hombre de 34 años fue detenido en el puerto.", "es", "A 43-year-old man was arrested at the port.",
     "43-year-old man -> 34 años", "34 años -> 43-year-old man"),
    ("Ein 34-jähriger Mann wurde am Hafen festgenommen.", "de", "A 43-year-old man was arrested at the port.",
     "43-year-old man -> 34-jähriger Mann", "34-jähriger Mann -> 43-year-old man"),
    ("El sismo, de magnitud 6,8, dejó daños en la costa.", "es", "The 6.9-magnitude quake left damage on the coast.",
     "6.9-magnitude quake -> 6.8", "6.8 -> 6.9-magnitude quake"),
    ("Le séisme a eu lieu à 4h40 du matin.", "fr", "The quake struck at 4:50 in the morning.",
     "4:50 -> 4h40", "4h40 -> 4:50"),
    ("L'incendie a commencé à 16h40 samedi.", "fr", "The fire started at 5:40 p.m. on Saturday.",
     "5:40 -> 16h40", "16h40 -> 5:40"),
    ("La inflación llegó al 6,8% en marzo.", "es", "Inflation reached 8.6% in March.", "8.6% -> 6.8%", "6.8% -> 8.6%"),
])  # fmt: skip
def test_a_figure_that_really_differs_across_languages_is_still_a_change(foreign, language, english, as_copy, as_origin):
    assert _both_ways(foreign, language, english) == ([("number", as_copy)], [("number", as_origin)])


def test_clock_times_within_one_language():
    """"4:40 p.m." and "4:40pm" are one time; "4:40" -> "4:50" changes it (it read as "40 -> 50" before)."""
    assert _changes("The fire started at 4:40pm.", "en", "The fire started at 4:40 p.m.", "en") == []
    assert _changes("The fire started at 4:50 p.m.", "en", "The fire started at 4:40 p.m.", "en") \
        == [("number", "4:40 -> 4:50")]
    # a hyphenated figure changed in an English copy of an English page is a change too
    assert _changes("A 43-year-old man was arrested.", "en", "A 34-year-old man was arrested.", "en") \
        == [("number", "34-year-old man -> 43-year-old man")]
