"""Claims: number expressions, skip reasons, claim fields on invented labelled sets, the seeds, Reuters-21578."""

from __future__ import annotations

import re

import itertools
import math
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
sys.path.insert(0, str(REPO / "bench"))

from claims_eval import (
    about_words,
    load_labelled,
    score_labelled,
    score_seed,
    seed_text_and_expected,
)

from newstrace.nlp import load_nlp
from newstrace.nlp.claims import explain_claims, extract_claims
from newstrace.nlp.numbers import digit_value, find_numbers
from newstrace.nlp.parsing import ParsedText

DATA = REPO / "tests" / "data"


@pytest.fixture(scope="module")
def nlp():
    return load_nlp()


def claims_of(text: str, nlp) -> list:
    return extract_claims(ParsedText(text, nlp), [], [])


def one_claim(text: str, nlp):
    got = claims_of(text, nlp)
    assert len(got) == 1, [(c.text, c.value) for c in got]
    return got[0]


# --- number expressions ----------------------------------------------------------------------


@pytest.mark.parametrize(("phrase", "value", "high"), [
    ("155,221", 155221, None),
    ("5.93 mln", 5.93e6, None),
    ("two dozen", 24, None),
    ("a dozen", 12, None),
    ("forty", 40, None),
    ("forty-five", 45, None),
    ("a hundred", 100, None),
    ("one hundred and twenty-five", 125, None),
    ("three million", 3e6, None),
    ("10 million", 1e7, None),
    ("half a million", 5e5, None),
    ("two and a half million", 2.5e6, None),
    ("1.2 trillion", 1.2e12, None),
    ("11-1/2", 11.5, None),
    ("13-1/4s", 13.25, None),
    ("1/8", 0.125, None),
    ("5bn", 5e9, None),
    ("$4.2m", 4.2e6, None),
    ("$38million", 3.8e7, None),
    ("10m euros", 1e7, None),
    ("15-20 mln", 1.5e7, 2e7),
    ("340 to 350", 340, 350),
    ("between 5 and 10", 5, 10),
    ("two-thirds of", 2 / 3, None),
    ("three-quarters of", 0.75, None),
])
def test_number_expression_values(nlp, phrase, value, high):
    doc = nlp.make_doc(phrase)
    exprs = find_numbers(doc, 0, len(doc))
    assert len(exprs) == 1, [(doc[e.start:e.end].text, e.value) for e in exprs]
    assert exprs[0].value == pytest.approx(value)
    assert exprs[0].high == (None if high is None else pytest.approx(high))


def test_from_a_to_b_is_a_change_not_a_range(nlp):
    doc = nlp.make_doc("it rose from 300 to 340 tonnes")
    assert [e.value for e in find_numbers(doc, 0, len(doc))] == [300, 340]


@pytest.mark.parametrize("token", ["1990s", "10:30", "F-16", "1986/87", "9/11", "COVID-19"])
def test_digit_value_rejects_non_numbers(token):
    assert digit_value(token) is None


_SMALL = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _words(n: int) -> str:
    """English words for 1 <= n < 10**9 (British style, with "and"), for the round-trip property."""
    def below_thousand(k: int) -> list[str]:
        out = []
        if k >= 100:
            out += [_SMALL[k // 100], "hundred"]
            k %= 100
            if k:
                out.append("and")
        if k >= 20:
            out.append(_TENS[k // 10] + (f"-{_SMALL[k % 10]}" if k % 10 else ""))
        elif k:
            out.append(_SMALL[k])
        return out

    parts = []
    for scale, name in ((10**6, "million"), (10**3, "thousand"), (1, "")):
        if n >= scale:
            parts += below_thousand(n // scale) + ([name] if name else [])
            n %= scale
    return " ".join(parts)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=1, max_value=999_999_999))
def test_number_words_round_trip(n):
    nlp = load_nlp()
    doc = nlp.make_doc(f"they counted {_words(n)} sheep")
    exprs = find_numbers(doc, 0, len(doc))
    assert len(exprs) == 1 and exprs[0].value == n, (_words(n), [(e.start, e.end, e.value) for e in exprs])


def test_docstring_examples():
    import doctest

    import newstrace.nlp.claims
    import newstrace.nlp.numbers

    for module in (newstrace.nlp.numbers, newstrace.nlp.claims):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


_PIECES = ["two", "dozen", "a", "hundred", "and", "half", "million", "mln", "5.93", "155,221", "1/8", "11-1/2",
           "15-20", "$", "5bn", "4.2m", "pct", "percent", "dlrs", "euros", "of", "the", "soldiers", "people", "more",
           "than", "at", "least", "said", "according", "to", "within", "three", "days", "in", "1958", "February",
           "23", ",", ".", "-", "\n\n", "\"", "one", "others", "years", "old", "No.", "page", "½", "٣", "9" * 40]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_any_text_gives_consistent_claims(pieces):
    """Whatever the text, claims carry finite values and offsets that point at their text."""
    text = " ".join(pieces)
    for c in extract_claims(ParsedText(text, load_nlp()), [], []):
        assert text[c.start:c.end] == c.text and math.isfinite(c.value)
        assert c.sentence and c.text in text


# --- what is skipped, and why ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "form", "reason"), [
    ("The dam was completed on February 23, 1958.", "23", "date"),
    ("The dam was completed on February 23, 1958.", "1958", "year"),
    ("The meeting starts at 3 p.m. sharp.", "3", "clock time"),
    ("The story continues on page 4.", "4", "identifier"),
    ("The Boeing 737 landed late.", "737", "name"),
    ("Call 020 7946 0958 for tickets.", "7946", "phone number"),
    ("Dozens of families joined the march.", "Dozens", "vague"),
    ("One of the drivers was hurt.", "One", "one (article or pronoun)"),
    ("One driver said the road was closed.", "One", "one (article or pronoun)"),
    ("They crossed Bridge No. 2 at dawn.", "2", "identifier"),
    ("Published 2023-01-12 in print.", "12", "date"),  # a date: each part skipped, none a range
    ("They met those two again.", "two", "numeral as pronoun"),
    ("Trading opens at 0720 local time.", "0720", "clock time"),
    ("The deficit for fiscal 1986-87 narrowed.", "1986-87", "year"),  # one span of years, not 1986 and 87
    ("Money supply grew in the week to March nine.", "nine", "date"),
    ("The utility will build units Ridgeway 7 and 8.", "8", "name"),
    ("Veterans of World War Two gathered.", "Two", "name"),
    ("The bank sold a zero coupon bond.", "zero", "idiom"),
    ("Salaries start at six figures.", "six", "idiom"),
    ("More than 270 soldiers fled within three days.", "three days", "period of another claim"),
])
def test_skip_reasons(nlp, text, form, reason):
    cands = explain_claims(ParsedText(text, nlp))
    hit = [c for c in cands if c.text == form]
    assert hit, [(c.text, c.skip) for c in cands]
    assert hit[0].skip == reason


def test_split_ratios_and_local_currencies(nlp):
    got = claims_of("The board approved a three-for-two stock split and a wage of 40 bolivianos.", nlp)
    assert [(c.text, c.value, c.unit) for c in got] == [("three-for-two", 1.5, "ratio"), ("40 bolivianos", 40, "BOB")]


def test_one_counts_only_when_qualified(nlp):
    c = one_claim("At least one person died in the fire.", nlp)
    assert (c.value, c.qualifier, c.what) == (1, "at least", "person")


def test_ages_and_durations_are_claims_with_time_units(nlp):
    assert one_claim("The 35-year-old mechanic left.", nlp).unit == "years old"
    c = one_claim("He swam across the river for 40 minutes.", nlp)
    assert (c.value, c.unit) == (40, "minutes")


# --- claim fields -----------------------------------------------------------------------------


def test_seed_style_sentence_fields(nlp):
    c = one_claim("According to statements by harbour pilots, More than 340 men in overalls, largely "
                  "from the night shift, walked out within four days.", nlp)
    assert (c.value, c.qualifier, c.what, c.period, c.source) == (
        340, "more than", "men in overalls", "four days", "harbour pilots")
    assert c.text == "340"


def test_percent_word_value_and_pronoun_subject(nlp):
    c = one_claim("Traders dread hyperinflation (this year it could hit 10 million percent).", nlp)
    assert (c.value, c.unit, c.period) == (1e7, "percent", "this year")
    assert "hyperinflation" in c.what


def test_others_take_the_counted_noun_of_the_list(nlp):
    four, three_hundred = claims_of("The blast killed four people and injured 300 others.", nlp)
    assert (four.value, four.what, three_hundred.value, three_hundred.what) == (4, "people", 300, "people")
    assert three_hundred.unit == "people"


def test_partitive_pronoun_takes_a_recent_counted_noun(nlp):
    got = claims_of("Police held 12 suspects. Two of them were freed. Three of us left.", nlp)
    assert [(c.value, c.what) for c in got] == [(12, "suspects"), (2, "suspects"), (3, "us")]


def test_claim_offsets_and_sentence(nlp):
    text = "Intro line.\n\nThe board said exports reached 1.2 mln tonnes in March."
    c = one_claim(text, nlp)
    assert text[c.start:c.end] == c.text == "1.2 mln tonnes"
    assert c.sentence == "The board said exports reached 1.2 mln tonnes in March."
    assert (c.value, c.unit, c.source, c.period) == (1.2e6, "tonnes", "The board", "March")


def test_number_in_a_quotation_takes_its_speaker(nlp):
    from newstrace.schema import Quote

    text = '"We lost 40 cattle," said the farmer.'
    content = "We lost 40 cattle,"
    start = text.index(content)
    quote = Quote(content=content, speaker="Nell Barrow", start=start, end=start + len(content))
    [c] = extract_claims(ParsedText(text, nlp), [], [quote])
    assert (c.value, c.what, c.source) == (40, "cattle", "Nell Barrow")


def test_the_parse_is_spent_only_where_cheap_patterns_fail(nlp):
    plain = ParsedText("The rain fell all day. Nobody came. The shop stayed shut.", nlp)
    assert extract_claims(plain, [], []) == [] and plain.parses == 0
    cheap = ParsedText("The co-operative shipped 48,750 bags of cocoa. 12 trucks waited.", nlp)
    assert len(extract_claims(cheap, [], [])) == 2 and cheap.parses == 0


# --- labelled sets ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["claims_labelled.json", "claims_heldout.json", "claims_heldout2.json"])
def test_labelled_sets(nlp, name):
    cases = load_labelled(DATA / name)
    result = score_labelled(cases, nlp)
    assert result["precision"] >= 0.95 and result["recall"] >= 0.95, result["errors"]
    for key in ("qualifier_acc", "unit_acc", "what_acc", "period_acc", "source_acc"):
        assert result[key] >= 0.9, (key, result["errors"])
    assert not [e for e in result["errors"] if e.startswith("not a claim")], result["errors"]


# --- the seeds -------------------------------------------------------------------------------


def test_seed_expected_claims(nlp):
    result = score_seed(nlp)
    assert result["found"] == result["expected"], result["errors"]
    assert result["fields_right"] == result["fields"], result["errors"]


def test_seed_dates_are_not_claims(nlp):
    text, _ = seed_text_and_expected()
    values = {c.value for c in claims_of(text, nlp)}
    assert 1958 not in values and 23 not in values  # "February 23", "in 1958"


def test_seed_through_analyze():
    import newstrace

    article = newstrace.analyze(SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt")
    expected = seed_text_and_expected()[1]["claims"]
    for want in expected:
        hits = [c for c in article.claims if c.value == want["value"]]
        assert hits, (want, [(c.value, c.text) for c in article.claims])
        c = hits[0]
        assert c.qualifier == want.get("qualifier", c.qualifier)
        assert article.text[c.start:c.end] == c.text
        assert c.what and any(w in c.what.casefold() for w in about_words(want["about"]) | {"people"})


def test_second_seed_word_numbers_and_years(nlp):
    raw = (SHARED / "seeds" / "003_e23b3335c9472580.txt").read_text(encoding="utf-8")
    claims = claims_of(raw.split("\n", 1)[1], nlp)
    by_value = {c.value: c for c in claims}
    assert by_value[24].what == "conspirators" and by_value[24].qualifier is None
    assert by_value[1000].qualifier == "more than" and by_value[1000].what == "ranks"
    assert by_value[6].unit == "years"
    assert not {1997, 2013} & set(by_value)


# --- Reuters-21578 ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reuters_head(nlp):
    from newstrace.corpora.reuters import iter_reuters

    stories = {s.newid: s for s in itertools.islice(iter_reuters(), 12)}
    return {k: extract_claims(ParsedText(s.as_text(), nlp), [], []) for k, s in stories.items()}


def test_reuters_wire_values_and_units(reuters_head):
    cocoa = {c.text: c for c in reuters_head[1]}  # BAHIA COCOA REVIEW
    assert (cocoa["155,221 bags"].value, cocoa["155,221 bags"].unit) == (155221, "bags")
    assert cocoa["5.93 mln"].value == 5.93e6
    assert cocoa["5.81"].value == 5.81e6  # "5.93 mln against 5.81": the scale word is shared
    assert cocoa["6.2 mln"].qualifier == "almost"
    assert cocoa["1,750 to 1,780 dlrs per tonne"].unit == "USD per tonne"
    stake = {c.text: c for c in reuters_head[2]}["55 pct"]
    assert (stake.unit, stake.what) == ("percent", "interest in Standard Oil")
    bank = {c.text: c for c in reuters_head[3]}
    assert (bank["13.5 billion dlrs"].value, bank["13.5 billion dlrs"].unit) == (1.35e10, "USD")
    assert bank["13.5 billion dlrs"].what == "assets"


@pytest.mark.slow
def test_reuters_claims_are_consistent(nlp):
    """Over 1,500 stories: offsets exact, values finite, wire units read, years never values,
    and the parse spent on a small share of sentences."""
    import re

    from newstrace.corpora.reuters import iter_reuters

    sentences = parsed = n = 0
    for story in itertools.islice(iter_reuters(), 1500):
        text = story.as_text()
        p = ParsedText(text, nlp)
        for c in extract_claims(p, [], []):
            n += 1
            assert text[c.start:c.end] == c.text and math.isfinite(c.value)
            if re.search(r"\d\s+pct\b", c.text):
                assert c.unit == "percent", c
            if re.search(r"\d\s+(?:mln|billion)\s+dlrs$", c.text):
                assert c.unit in {"USD", "CAD", "AUD", "NZD", "HKD", "SGD", "TWD"} and c.value >= 1e5, c
            assert not re.fullmatch(r"(?:19|20)\d\d", c.text), c
        sentences += len(p.sents)
        parsed += p.parses
    assert n > 5000
    assert parsed / sentences < 0.15


@pytest.mark.parametrize(("sentence", "unit"), [
    ("Forecasters expect another 50 millimeters of rain by Thursday.", "mm"),
    ("The river rose 30 centimetres overnight.", "cm"),
    ("The river crested at 6.4 meters early Tuesday.", "m"),
])
def test_metric_lengths_spelled_out_get_their_symbol(nlp, sentence, unit):
    assert one_claim(sentence, nlp).unit == unit


# --- two figures read as one: tallies, scores, ranges; years, phones and codes are not ----------


@pytest.mark.parametrize(("sentence", "text", "value", "unit"), [
    ("The appeals court of Norvia ruled 7-2 on Monday that the levy stands.", "7-2", 7, "votes"),
    ("The budget passed in a 52-48 vote after midnight.", "52-48", 52, "votes"),
    ("The harbour board backed the lease 5–4 after a long debate.", "5–4", 5, "votes"),
    ("Her motion was defeated by 311 votes to 287 on Wednesday.", "311 votes to 287", 311, "votes"),
    ("The charter was rejected 311 to 287 late on Wednesday.", "311 to 287", 311, "votes"),
    ("The aldermen voted 9 to 3 to close the depot.", "9 to 3", 9, "votes"),
    ("Calder Rovers won 3-1 at home on Saturday.", "3-1", 3, "score"),
    ("The visitors took a 2-0 lead before the break.", "2-0", 2, "score"),
    ("Vell lost 1-3 to Calder Rovers on Sunday.", "1-3", 1, "score"),
    ("The sides drew 2-2 in the replay.", "2-2", 2, "score"),
])
def test_tally_or_score_is_one_claim(nlp, sentence, text, value, unit):
    got = [c for c in claims_of(sentence, nlp) if c.text[:1].isdigit()]
    assert [(c.text, c.value, c.unit, c.qualifier) for c in got] == [(text, value, unit, None)]
    assert got[0].second == float(re.findall(r"\d+", text)[-1]) and got[0].high is None


@pytest.mark.parametrize(("sentence", "text", "low"), [
    ("Some 10-12 people were hurt in the crash.", "10-12", 10),
    ("Some 10–12 people were hurt in the crash.", "10–12", 10),
    ("Police said between 300 and 400 people marched.", "300 and 400", 300),
    ("Prices rose 5-7 pct in the quarter.", "5-7 pct", 5),
    ("Buyers want 8,000-10,000 tonnes next month.", "8,000-10,000 tonnes", 8000),
    ("The steers weighed 975-1100 lbs at the sale.", "975-1100 lbs", 975),
    ("Some 1200-1500 people came to the fair.", "1200-1500", 1200),
    ("The mill expects a loss of 19-24 cts a share.", "19-24 cts a share", 19),
])
def test_range_is_one_claim_with_its_lower_bound(nlp, sentence, text, low):
    c = one_claim(sentence, nlp)
    assert (c.text, c.value) == (text, low)
    assert c.high is not None and c.high > c.value and c.second is None


@pytest.mark.parametrize(("sentence", "form", "reason"), [
    ("The ledger was filed on 2019-03-01 by the clerk.", "01", "date"),
    ("Call 555-1234 for the timetable.", "555-1234", "phone number"),
    ("Attendance fell in the 2018-2019 season.", "2018-2019", "year"),
    ("Attendance fell in the 2018–19 season.", "2018–19", "year"),
    ("The carrier ordered four 747-400 jets last year.", "747-400", "identifier"),
    ("Under Section 4-2 of the code, the fee doubles.", "4-2", "identifier"),
    ("The 620-12 model costs more.", "620-12", "identifier"),
])
def test_joined_figures_that_are_no_quantity(nlp, sentence, form, reason):
    cands = explain_claims(ParsedText(sentence, nlp))
    assert [(c.text, c.skip) for c in cands if c.text == form] == [(form, reason)]
    assert all(c.skip is not None for c in cands if c.text[:1].isdigit() and c.text != "four")


def test_vote_tallies_in_real_brexit_copy_are_one_claim(nlp):
    """The PA wire copies of the 2019 Brexit vote write the result as "by N votes to M" and "N to M":
    each is one claim valued N, and M is no claim of its own."""
    import re

    pattern = re.compile(r"\brejected (?:by )?(\d{2,3}) (votes )?to (\d{2,3})\b")
    seen = 0
    for path in sorted((SHARED / "corpora" / "provenance").glob("m-*/*.txt")):
        text = path.read_text(encoding="utf-8").split("\n\n", 1)[1]
        claims = claims_of(text, nlp)
        for m in pattern.finditer(text):
            seen += 1
            first, second = int(m.group(1)), int(m.group(3))
            hit = [c for c in claims if c.start == m.start(1)]
            assert [(c.value, c.second, c.unit, c.end) for c in hit] == [(first, second, "votes", m.end(3))], path.name
            assert not any(c.start == m.start(3) for c in claims) and second not in {c.value for c in claims}
    assert seen >= 2


def test_reuters_vote_tallies_are_one_claim(nlp):
    """Every "voted N-M" / "vote of N to M" of the Reuters-21578 bodies (about 20 stories, found by
    pattern, only those parsed) is one claim valued N with unit votes; M is no claim of its own."""
    import re

    from newstrace.corpora.reuters import iter_reuters

    pattern = re.compile(r"\b(?:voted|vote of) (\d+)(?:-| to )(\d+)\b")
    seen = 0
    for story in iter_reuters():
        text = story.as_text()
        if not pattern.search(text):
            continue
        claims = claims_of(text, nlp)
        for m in pattern.finditer(text):
            seen += 1
            hit = [(c.value, c.second, c.unit, c.end) for c in claims if c.start == m.start(1)]
            assert hit == [(int(m.group(1)), int(m.group(2)), "votes", m.end(2))], (story.newid, m.group(0), hit)
            assert not any(c.start == m.start(2) for c in claims), (story.newid, m.group(0))
    assert seen >= 15


def test_according_to_a_survey_of_n_people_is_the_whole_source(nlp):
    """"According to a survey of 1,200 people": the source is the survey with its sample, never the fragment
    "a survey of"; the sample size describes the source and has none of its own. Invented sentences."""
    got = claims_of("According to a poll of 500 likely voters 52 percent back the levy.", nlp)
    assert [(c.value, c.source) for c in got] == [(500.0, None), (52.0, "a poll of 500 likely voters")]
    (c,) = claims_of("According to a survey of 1,200 people, most residents back the new pier.", nlp)
    assert (c.value, c.source) == (1200.0, None)
    (c,) = claims_of("According to the harbour master 40 boats use the harbour each day.", nlp)
    assert (c.value, c.source) == (40.0, "the harbour master")


def test_a_chain_of_hyphenated_figures_is_no_range(nlp):
    """A phone number or an ISO date is one code: no part of it is a range or a count. Invented sentences."""
    from newstrace.nlp.numbers import find_numbers

    for sentence in ("Call the harbour office on 212-555-1234 for details.", "The board met on 2023-01-12 in Vell."):
        doc = nlp(sentence)
        assert not [e for e in find_numbers(doc, 0, len(doc)) if e.high is not None], sentence
        assert claims_of(sentence, nlp) == [], sentence
