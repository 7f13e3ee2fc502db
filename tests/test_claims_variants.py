"""Claim variants across a story: the claims of two aligned sentences pair by unit and what is counted.

The sentences are invented: an origin, a copy with its figures changed, and a spun copy whose
nouns are synonyms. Claims come from the real extractor; pairing is
:func:`newstrace.stories.variants._pair_claims`, which the story's "claims across articles" table uses.
"""

from __future__ import annotations

import pytest

from newstrace.nlp import load_nlp
from newstrace.nlp.claims import extract_claims
from newstrace.nlp.parsing import ParsedText
from newstrace.stories.variants import _Claim, _pair_claims, norm_words

ORIGIN = "Officials moved 3,600 tenants out on Friday after a fissure about 22 meters long opened in the embankment."
NUMBERS = "Officials moved 6,300 tenants out on Friday after a fissure about 55 meters long opened in the embankment."
SPUN = "Authorities relocated 3,600 occupants on Friday after a split about 22 meters long appeared in the embankment."


@pytest.fixture(scope="module")
def nlp():
    return load_nlp()


def _items(nlp, *texts: str) -> tuple[list[_Claim], list[list[int]]]:
    items, sides = [], []
    for n, text in enumerate(texts):
        side = []
        for c in extract_claims(ParsedText(text, nlp), [], []):
            side.append(len(items))
            items.append(_Claim(f"a{n}", c.value, c.text, c.qualifier, c.unit, c.what, c.sentence, norm_words(c.sentence)))
        sides.append(side)
    return items, sides


def _pairs(items, pairs) -> set[tuple[str, str]]:
    return {(items[i].text, items[j].text) for i, j in pairs}


def test_a_measure_is_not_paired_with_a_count(nlp):
    items, (o, c) = _items(nlp, ORIGIN, NUMBERS)
    assert {items[i].what for i in o} == {"tenants", "fissure"}
    assert _pairs(items, _pair_claims(items, o, c)) == {("3,600", "6,300"), ("22 meters", "55 meters")}


def test_a_spun_copy_pairs_by_unit_whatever_its_synonyms(nlp):
    items, (o, c) = _items(nlp, ORIGIN, SPUN)
    assert _pairs(items, _pair_claims(items, o, c)) == {("3,600", "3,600"), ("22 meters", "22 meters")}


def test_a_dropped_measure_unit_pairs_only_the_same_value():
    def claim(aid, value, unit, what):
        return _Claim(aid, value, str(value), None, unit, what, "", "")

    items = [claim("o", 14.0, "m", None), claim("o", 4800.0, None, None), claim("c", 4800.0, None, None),
             claim("c", 14.0, None, None)]
    assert sorted(_pair_claims(items, [0, 1], [2, 3])) == [(0, 3), (1, 2)]
