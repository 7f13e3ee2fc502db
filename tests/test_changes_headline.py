"""A copied body under a new headline reports the headline swap as one change (new-user test F13).

Invented articles: the shipped example's wire story, its headline replaced by clickbait. Before, the only
change was an addition of the copy's headline; the origin's headline went unreported.
"""

from __future__ import annotations

from pathlib import Path

import newstrace
from newstrace.provenance import compare
from newstrace.provenance.changes import HEADLINE_REPLACED

ROOT = Path(__file__).resolve().parents[1]
ORIGIN = (ROOT / "examples" / "port_calder_flood.txt").read_text(encoding="utf-8")
CLICKBAIT = "SHOCKING: City drowns as officials hide the truth (VIDEO)"


def _derive(copy_text: str):
    origin, copy = newstrace.analyze(ORIGIN), newstrace.analyze(copy_text)
    origin.id, copy.id = "o" * 40, "c" * 40
    d, _ = compare(origin, copy)
    return origin, copy, d


def test_a_new_headline_on_a_copied_body_is_one_headline_change():
    origin, copy, d = _derive(CLICKBAIT + "\n" + ORIGIN.split("\n", 1)[1])
    # a sibling record may read either side against the other
    before, after = (origin.headline, CLICKBAIT) if d.copy_id == copy.id else (CLICKBAIT, origin.headline)
    heads = [c for c in d.changes if c.origin_text in (before, after) or c.copy_text in (before, after)]
    assert [(c.kind, c.origin_text, c.copy_text) for c in heads] == [("reworded", before, after)]
    assert heads[0].detail in (HEADLINE_REPLACED, "headlines differ")  # a copy, or a sibling record
    assert not any(c.kind in ("addition", "omission") for c in d.changes)


def test_a_lightly_edited_headline_is_aligned_not_replaced():
    edited = ORIGIN.split("\n", 1)[0].replace("thousands", "3,000 people") + "\n" + ORIGIN.split("\n", 1)[1]
    _, _, d = _derive(edited)
    assert not any(c.detail in (HEADLINE_REPLACED, "headlines differ") for c in d.changes)
