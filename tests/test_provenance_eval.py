"""Headline figures of provenance tracing on real copies (bench/trace_eval.py), pinned as floors.

Measured (2026-11-30, session 7, bench/trace_eval.py, with 0 and with 19,043 Reuters distractors
alike): in-sample and leave-one-story-out alike, precision strict 0.871, lenient 1.000, recall (all
copy kinds) strict 0.758 / lenient 0.788, verbatim 10/11, kind accuracy 0.83 (0.87 in session 8,
2026-11-30, once siblings across languages take the English side as the reference); independent pairs
linked 0. Session 7 added credited quotations (:func:`newstrace.provenance.derive.credited_quotation`:
the Reuters summary and rewrite n02, n03 with the licensed copy n01, and the credited Telemundo
rewrite e02); these four links are labelled copy-edited and read "edited" because they credit their
source (:func:`newstrace.provenance.derive.credited_rewrite`; "rewritten" before that rule, kind
accuracy 0.70), against 0.81 in session 4 (precision strict 0.852, recall 0.636 / 0.667).
Floors are the lower of the two figures minus a noise margin of 0.05 (ties in alignment and small
changes in shared text processing or candidate retrieval move one link); independent links stay at
exactly 0. The goals of issue 3 (precision >= 0.97, recall >= 0.90) are not all met: recall is the
gap (cross-language copies, and excerpts sharing one sentence), see the bench docstring.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
pytestmark = pytest.mark.skipif(not (SHARED / "corpora" / "provenance").is_dir(), reason="needs ../shared")

MARGIN = 0.05
MEASURED = {"precision_strict": 0.871, "precision_lenient": 1.000, "recall_all_lenient": 0.788,
            "recall_all_strict": 0.758, "kind_accuracy": 0.87}
VERBATIM_RECALL = 10 / 11
#: copy-edited: the credited summary and rewrites n02, n03, e02 found by credited quotations (session 7).
EDITED_RECALL = 11 / 12
#: f02, the Spanish edition, found without embeddings (cross-language anchor alignment).
TRANSLATION_RECALL = 2 / 6


def _run_eval(tmp_path: Path, *args: str) -> dict:
    spec = importlib.util.spec_from_file_location("trace_eval", ROOT / "bench" / "trace_eval.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "figures.json"
    assert mod.main([*args, "--json", str(out)]) == 0
    return json.loads(out.read_text())


#: The resolved graph (what ``trace --json`` prints), LOSO, session 13: 34 scored links, strict 0.941
#: (0.971 in sessions 8-12: the spun i03 now reads against the proxy original i01 as siblings of CNN,
#: which the scoring counts wrong, where it read against the other version's copy i02; README).
RESOLVED_PRECISION_STRICT = 0.941


def _check(fig: dict) -> None:
    resolved = fig["loso_resolved"]
    assert resolved["independent_links"] == 0
    assert resolved["precision_strict"] >= RESOLVED_PRECISION_STRICT - MARGIN, resolved["precision_strict"]
    assert resolved["recall_all_lenient"] >= MEASURED["recall_all_lenient"] - MARGIN
    for mode in ("in_sample", "loso"):
        r = fig[mode]
        assert r["independent_links"] == 0, f"{mode}: an independent pair was linked"
        for key, value in MEASURED.items():
            assert r[key] >= value - MARGIN, f"{mode}: {key} {r[key]:.3f} fell below {value - MARGIN:.3f}"
        assert r["recall"]["copy-verbatim"]["lenient"] >= VERBATIM_RECALL - MARGIN
        assert r["recall"]["translation"]["lenient"] >= TRANSLATION_RECALL - MARGIN
        assert r["recall"]["copy-edited"]["lenient"] >= EDITED_RECALL - MARGIN


def test_trace_eval_headline_figures_without_distractors(tmp_path):
    _check(_run_eval(tmp_path, "--reuters", "0"))


@pytest.mark.slow
def test_trace_eval_headline_figures_with_all_reuters_distractors(tmp_path):
    fig = _run_eval(tmp_path)
    assert fig["reuters"] == 19043
    _check(fig)
