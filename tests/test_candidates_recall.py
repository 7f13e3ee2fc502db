"""Alignment recall on damaged text: an apostrophe typed as a double quote must not open a quotation.

Real articles from ../shared (Reuters-21578, which writes about a hundred possessives as ``China"s``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.provenance.text import analyse_text, quote_mask

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
pytestmark = pytest.mark.skipif(not (SHARED / "corpora" / "reuters21578").is_dir(), reason="needs ../shared")


def test_a_damaged_apostrophe_opens_no_quotation():
    line = 'The ministry"s plan, which officials said "will not change", starts in May.'  # invented
    mask = quote_mask(line)
    quoted = "".join(c for c, m in zip(line, mask) if m)
    assert quoted == "will not change"


def test_reuters_possessives_written_with_a_double_quote_are_not_quotations():
    damaged = re.compile(r'[A-Za-z]"(?:s|t|m)\b')
    seen = 0
    for k, st in enumerate(iter_reuters()):
        if k >= 6000:
            break
        text = "\n\n".join(st.paragraphs())
        if not damaged.search(text):
            continue
        for s in analyse_text(text):
            if damaged.search(s.text) and s.text.count('"') == 1:
                seen += 1
                assert s.quote_share == 0.0, s.text
    assert seen >= 5
