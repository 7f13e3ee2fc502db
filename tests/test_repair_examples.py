"""Labelled repair examples (ftfy's test-cases layout): positives must be repaired, negatives left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from newstrace.repair import apply_plan, fix_and_explain

DATA = Path(__file__).parent / "data"
POSITIVE = json.loads((DATA / "repair_positive.json").read_text(encoding="utf-8"))
NEGATIVE = json.loads((DATA / "repair_negative.json").read_text(encoding="utf-8"))


def _params(cases):
    out = []
    for case in cases:
        known_miss = case.get("expect") == "fail"
        marks = [pytest.mark.xfail(strict=True, reason=case["comment"])] if known_miss else []
        out.append(pytest.param(case, id=case["label"], marks=marks))
    return out


@pytest.mark.parametrize("case", _params(POSITIVE))
def test_positive_example(case):
    fixed, log = fix_and_explain(case["original"])
    assert fixed == case["fixed"]
    assert [r.kind for r in log] == case["kinds"]
    assert all(r.evidence for r in log)
    assert apply_plan(case["original"], log) == fixed


@pytest.mark.parametrize("case", _params(NEGATIVE))
def test_negative_example(case):
    fixed, log = fix_and_explain(case["original"])
    assert log == []
    assert fixed == case["original"]
