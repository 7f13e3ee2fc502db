"""Claims: signed figures ("minus 31 degrees", "-12C", "9 degrees below zero"), proportions
("one in five"), ranges with a repeated unit ("3.5% to 4%") or of durations, and what a measure measures.

Every sentence here is invented for these tests.
"""

from __future__ import annotations

import pytest

from newstrace.nlp import load_nlp
from newstrace.nlp.claims import explain_claims, extract_claims
from newstrace.nlp.parsing import ParsedText


@pytest.fixture(scope="module")
def nlp():
    return load_nlp()


def claims_of(text: str, nlp) -> list:
    return extract_claims(ParsedText(text, nlp), [], [])


def one(text: str, nlp):
    got = claims_of(text, nlp)
    assert len(got) == 1, [(c.text, c.value) for c in got]
    return got[0]


# --- signs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, value, unit, surface", [
    ("Overnight the gauge at Brenmoor read minus 27 degrees Celsius.", -27.0, "°C", "minus 27 degrees Celsius"),
    ("Producer prices were minus 1.4 percent in August, the agency said.", -1.4, "percent", "minus 1.4 percent"),
    ("The pond froze when the air reached minus six degrees.", -6.0, "degrees", "minus six degrees"),
    ("Frost of -9C was measured on the pass.", -9.0, "°C", "-9C"),
    ("Roads stay icy while it remains below -15 C in the hills.", -15.0, "°C", "-15 C"),
    ("The high plateau logged −22°C at dawn.", -22.0, "°C", "−22°C"),
    ("Forecasters expect 4 degrees below zero by midnight.", -4.0, "degrees", "4 degrees below zero"),
    ("Night frost reached minus 18 centigrade in the uplands.", -18.0, "°C", "minus 18 centigrade"),
    ("Overnight lows will be near 5 degrees F.", 5.0, "°F", "5 degrees F"),
    ("Skiers faced lows of –14C on the glacier.", -14.0, "°C", "–14C"),
])
def test_signed_figures_keep_their_sign_and_unit(nlp, text, value, unit, surface):
    c = one(text, nlp)
    assert (c.value, c.unit, c.text) == (value, unit, surface)


def test_below_zero_swallows_the_zero(nlp):
    cands = explain_claims(ParsedText("Gauges showed 11 degrees below zero at the lock.", nlp))
    assert [(c.text, c.skip) for c in cands] == [("11 degrees below zero", None), ("zero", "sign of another claim")]


def test_a_glued_temperature_needs_no_sign(nlp):
    c = one("The seaside town sweltered at 34C on Sunday.", nlp)
    assert (c.value, c.unit, c.text) == (34.0, "°C", "34C")


@pytest.mark.parametrize("text", [
    "Pollsters give a margin of plus or minus 3 points.",
    "Eleven minus four leaves seven, the teacher wrote.",
])
def test_minus_as_margin_or_arithmetic_is_no_sign(nlp, text):
    assert all(c.value >= 0 for c in claims_of(text, nlp))


def test_minus_after_a_named_rate_is_a_spread(nlp):
    c = one("The notes pay Euribor minus 2 pct to holders.", nlp)
    assert c.value == 2.0


def test_minus_in_a_list_signs_each_figure(nlp):
    got = claims_of("Prices fell 0.4 pct in Osteria and minus 1.2 pct in Valdor, the office said.", nlp)
    assert [c.value for c in got] == [0.4, -1.2]


def test_a_capital_c_without_temperature_context_is_no_unit(nlp):
    c = one("The inspectors gave 12 C grades to the bakery.", nlp)
    assert c.unit != "°C"


# --- ranges ------------------------------------------------------------------------------------


def test_range_of_hours_in_words_is_a_claim_not_a_period(nlp):
    got = claims_of("About 9,000 homes in Tarrow were without water for between five and eight hours.", nlp)
    hours = [c for c in got if c.unit == "hours"]
    assert [(c.value, c.high) for c in hours] == [(5.0, 8.0)]
    homes = next(c for c in got if c.what == "homes")
    assert homes.period is None


def test_a_single_duration_after_for_stays_the_period(nlp):
    got = claims_of("More than 200 volunteers searched the moor for four days.", nlp)
    assert [(c.value, c.period) for c in got] == [(200.0, "four days")]


@pytest.mark.parametrize("text, low, high, unit", [
    ("Economists see growth of 2.5% to 3% next year.", 2.5, 3.0, "percent"),
    ("Tickets will cost between $40 and $55 each.", 40.0, 55.0, "USD"),
    ("The ridge sits 8 km to 11 km from the coast.", 8.0, 11.0, "km"),
])
def test_range_with_the_unit_on_both_figures_is_one_claim(nlp, text, low, high, unit):
    c = one(text, nlp)
    assert (c.value, c.high, c.unit, c.qualifier) == (low, high, unit, "between")


def test_a_change_to_a_level_is_not_a_range(nlp):
    got = claims_of("The jobless rate rose 0.4% to 5.2% in March.", nlp)
    assert [(c.value, c.high) for c in got] == [(0.4, None), (5.2, None)]


def test_a_change_then_a_level_after_a_comma_is_not_a_range(nlp):
    got = claims_of("Stocks rose 0.5 pct, or 1.5 billion dlrs, to 277 billion dlrs.", nlp)
    assert all(c.high is None for c in got)
    assert [c.value for c in got] == [0.5, 1.5e9, 2.77e11]


def test_from_to_with_units_stays_two_figures(nlp):
    got = claims_of("Fares went from $3 to $5 last spring.", nlp)
    assert [c.value for c in got] == [3.0, 5.0]


# --- proportions -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, value, surface, what, qualifier", [
    ("Nearly one in four nurses plans to leave, the union said.", 0.25, "one in four", "nurses", "nearly"),
    ("The survey found 2 in 3 farms lacked broadband.", 2 / 3, "2 in 3", "farms", None),
    ("Seven out of ten voters backed the plan.", 0.7, "Seven out of ten", "voters", None),
    ("Roughly one-in-six tenants pays late.", 1 / 6, "one-in-six", "tenants", "roughly"),
    ("Three of every four ferries ran late.", 0.75, "Three of every four", "ferries", None),
])
def test_a_proportion_is_one_claim_valued_as_a_fraction(nlp, text, value, surface, what, qualifier):
    c = one(text, nlp)
    assert c.value == pytest.approx(value)
    assert (c.text, c.what, c.qualifier, c.second) == (surface, what, qualifier, None)


def test_a_proportion_in_the_speaker_is_not_its_own_source(nlp):
    c = one("About one in three drivers said so.", nlp)
    assert (c.value, c.source) == (pytest.approx(1 / 3), None)


def test_two_proportions_each_count_their_own_noun(nlp):
    got = claims_of("The outage hit 4 in 5 clinics and 1 in 8 pharmacies.", nlp)
    assert [(c.value, c.what) for c in got] == [(0.8, "clinics"), (0.125, "pharmacies")]


@pytest.mark.parametrize("text", [
    "Crews fixed 2 in 10 minutes, then left.",  # a count and a duration
    "Only 1 in 2019 was recorded.",  # a year
])
def test_not_proportions(nlp, text):
    assert all(c.value >= 1 for c in claims_of(text, nlp))


# --- surface text and what a measure measures ----------------------------------------------------


def test_figure_text_leaves_out_the_sentence_full_stop(nlp):
    c = one("The club raised £3.4m.", nlp)
    assert (c.text, c.value) == ("£3.4m", 3.4e6)
    text = "The club raised £3.4m."
    assert text[c.start:c.end] == "£3.4m"


@pytest.mark.parametrize("text, what", [
    ("Some 900 villagers left after surveyors found a fissure about 9 meters long in the levee.", "fissure"),
    ("Divers mapped a sinkhole 40 feet deep near the quarry.", "sinkhole"),
])
def test_a_measure_belongs_to_the_noun_it_measures(nlp, text, what):
    got = claims_of(text, nlp)
    measure = next(c for c in got if c.unit in {"m", "ft"})
    assert measure.what == what
