"""Repair on the seeds (expected repairs, untouched words), the log's replay contract, and the API."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from newstrace.repair import (
    DEFAULT_FIXERS,
    FIXERS,
    RepairConfig,
    Substitution,
    apply_plan,
    fix_and_explain,
    learn_substitutions,
)
from newstrace.schema import Repair

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED1 = SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt"
SEED2 = SHARED / "seeds" / "003_e23b3335c9472580.txt"
EXPECTED1 = SHARED / "seeds" / "expected" / "000_11a0f38c45f1b9ff.json"
KINDS = {"encoding", "censor", "glued", "quote_mark", "spacing"}


def _words(text: str) -> Counter[str]:
    return Counter(re.findall(r"[^\W\d_]+", text))


@pytest.fixture(scope="module")
def seed1():
    raw = SEED1.read_text(encoding="utf-8")
    fixed, log = fix_and_explain(raw)
    return raw, fixed, log, json.loads(EXPECTED1.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seed2():
    raw = SEED2.read_text(encoding="utf-8")
    fixed, log = fix_and_explain(raw)
    return raw, fixed, log


def test_seed1_every_expected_repair_with_its_count(seed1):
    _, _, log, expected = seed1
    made = Counter((r.kind, r.before, r.after) for r in log)
    for rep in expected["repairs"]:
        assert made[(rep["kind"], rep["before"], rep["after"])] == rep["count"], rep


def test_seed1_no_censor_or_glue_repair_beyond_the_expected(seed1):
    _, _, log, expected = seed1
    listed = {(r["kind"], r["before"], r["after"]) for r in expected["repairs"]}
    extra = [(r.kind, r.before, r.after) for r in log if r.kind in ("censor", "glued")]
    assert set(extra) <= listed
    assert len(extra) == sum(r["count"] for r in expected["repairs"])


def test_seed1_unchanged_words(seed1):
    raw, fixed, _, expected = seed1
    before, after = _words(raw), _words(fixed)
    for word in expected["unchanged_words"]:
        # Not every listed word occurs in this seed; none may appear or vanish.
        assert after[word] == before[word], word


def test_seed1_quote_spacing(seed1):
    _, fixed, _, _ = seed1
    assert 'kilo of rice" said the soldier' in fixed
    assert 'two children, "The only ones' in fixed
    assert 'international countries."' in fixed
    assert 'said "collective" they fired' in fixed
    assert 'on the table" but' in fixed  # closing quote, then a space
    assert 'before entering Colombia.' in fixed
    assert 'international bridge. The idea' in fixed
    # The headline's date suffix and the byline stay as they are, apart from the censor repair.
    assert fixed.splitlines()[0].endswith("– 26/02/2019")
    assert "By Christine Wardrobe – The associated press" in fixed


def test_seed2_repairs_of_the_same_kinds(seed2):
    raw, fixed, log = seed2
    made = Counter((r.kind, r.before, r.after) for r in log if r.kind in ("censor", "glued"))
    assert made == Counter({("censor", "embbady", "embassy"): 1, ("censor", "mbad", "mass"): 1})
    assert _words(fixed)["badly"] == _words(raw)["badly"] == 1
    assert _words(fixed)["DCGIM"] == 1
    assert 'with violence," Solano said' in fixed
    assert 'lose everything," said Donald' in fixed
    assert "you and your family.\"" in fixed


@pytest.mark.parametrize("path", [SEED1, SEED2], ids=["seed1", "seed2"])
def test_seed_replay_and_idempotence(path):
    raw = path.read_text(encoding="utf-8")
    fixed, log = fix_and_explain(raw)
    assert log and all(r.kind in KINDS and r.evidence for r in log)
    assert apply_plan(raw, log) == fixed
    assert fix_and_explain(fixed) == (fixed, [])


def test_censor_evidence_names_the_pair_and_its_support(seed1):
    _, _, log, _ = seed1
    ev = next(r.evidence for r in log if r.before == "mbad")
    assert "ass->bad" in ev and "3 distinct words" in ev and "zipf 0.0" in ev


# Pieces that exercise every fixer: damaged words, real words, marks in every spacing.
PIECES = [
    "badociated", "mbad", "badistance", "embbady", "bad", "badly", "Badajoz", "class", "asylumand",
    "Venezuelaand", "Venezuela", "themsaid", "said", "Ferdinand", "rice", "DCGIM", "the", "and",
    '"', '" ', ' "', " ", " ", " ", "  ", ".", " .", "..", "...", ",", "\n", "\n\n", "5", "cafÃ©",
    "\u201c", "\u201d", "'", "-", "cl***ic", "it\"s", "heck", "hecko", "sheckfish",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=200))
def test_replaying_the_log_gives_the_fixed_text_and_fixing_is_idempotent(text):
    fixed, log = fix_and_explain(text)
    assert apply_plan(text, log) == fixed
    assert all(r.kind in KINDS and r.before != r.after for r in log)
    assert fix_and_explain(fixed) == (fixed, [])


def test_empty_and_whitespace():
    assert fix_and_explain("") == ("", [])
    assert fix_and_explain("\n\n  \n") == ("\n\n  \n", [])


def test_very_long_text_is_repaired_everywhere():
    para = "The badociated press saw a mbad exodus at the border, badly handled.\n\n"
    text = para * 5000  # about 350 kB
    fixed, log = fix_and_explain(text)
    assert len(log) == 10000
    assert fixed == text.replace("badociated", "associated").replace("mbad", "mass")
    assert apply_plan(text, log) == fixed


def test_apply_plan_rejects_a_log_made_from_another_text():
    log = [Repair(kind="censor", start=4, end=8, before="mbad", after="mass")]
    assert apply_plan("the mbad", log) == "the mass"
    with pytest.raises(ValueError, match="expects 'mbad' at 4:8"):
        apply_plan("the crowd", log)


def test_bytes_input_is_refused_with_advice():
    with pytest.raises(TypeError, match="decode bytes first"):
        fix_and_explain(b"bytes")  # type: ignore[arg-type]


def test_registry_and_config():
    assert set(DEFAULT_FIXERS) == set(FIXERS)
    assert all(re.fullmatch(r"[a-z]+_[a-z_]+", name) for name in FIXERS)
    config = RepairConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.censor_min_support = 1  # type: ignore[misc]
    with pytest.raises(KeyError, match="known fixers"):
        fix_and_explain("text", RepairConfig(fixers=("no_such_fixer",)))
    # Turning one fixer off leaves its damage and repairs the rest.
    text = "The badociated press saw a mbad exodus; find asylumand work."
    fixed, log = fix_and_explain(text, dataclasses.replace(config, fixers=("split_glued_words",)))
    assert fixed == "The badociated press saw a mbad exodus; find asylum and work."
    assert [r.kind for r in log] == ["glued"]


def test_single_word_needs_a_learned_pair():
    text = "The badociated press reported the news."
    assert fix_and_explain(text)[1] == []
    pair = Substitution("ass", "bad", support=5, documents=3)
    fixed, log = fix_and_explain(text, RepairConfig(substitutions=(pair,)))
    assert fixed == "The associated press reported the news."
    assert "learned from a corpus" in log[0].evidence


def test_learn_substitutions_from_a_corpus():
    corpus = [
        "The badociated press reported the news.",
        "A mbad grave was found.",
        "He asked for badistance at the border.",
        "The embbady was closed on Monday.",
        "A clbuttic car and a bad day.",
        "The class met; a mbad of people.",  # contradicted: the filter did not run here
    ]
    learned = learn_substitutions(corpus)
    pairs = {(s.original, s.replacement): s for s in learned}
    assert ("ass", "bad") in pairs
    s = pairs[("ass", "bad")]
    assert s.support == 4 and s.documents == 5 and s.contradicted == 1
    assert ("badociated", "associated") in s.examples
    assert ("ass", "butt") not in pairs  # one word is below min_support=3
    # The learned pair then repairs single-word texts, but never against a contradiction.
    config = RepairConfig(substitutions=tuple(learned))
    assert fix_and_explain("A mbad grave was found.", config)[0] == "A mass grave was found."
    assert fix_and_explain("The class met; a mbad of people.", config)[1] == []
