"""Quote-mark repair on hard-wrapped text: marks pair per paragraph, not per wrapped line."""

from __future__ import annotations

import textwrap
from collections import Counter
from itertools import islice
from pathlib import Path

import pytest

from newstrace.repair import apply_plan, fix_and_explain
from newstrace.repair.quote_marks import paragraph_spans
from newstrace.structure import split_document

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEEDS = sorted((SHARED / "seeds").glob("0*.txt"))

# Invented: a quotation opens on one wrapped line and closes, glued to "added", on the next.
WRAPPED = """Ferry service to resume on the north route

KELLMOUTH - The island ferry will sail the north route again from
Friday, after six weeks of repairs to the landing stage at Kellmouth
pier, the operator said on Wednesday.

"The landing stage is safe again and the crews are ready to sail on
the first morning tide,"added harbour master Tom Ashby at the pier. "We
expect full boats in the first week."

Tickets for the first sailings went on sale on Wednesday afternoon and
most were sold within two hours, the operator said.
"""


def _wrap(text: str, indent: bool) -> str:
    """``text`` (headline line, one paragraph per line) hard-wrapped at 72 columns, paragraphs
    started by a four-space indent or separated by a blank line."""
    head, _, body = text.partition("\n")
    paras = [p.strip() for p in body.split("\n") if p.strip()]
    first = "    " if indent else ""
    sep = "\n" if indent else "\n\n"
    return head + "\n\n" + sep.join(textwrap.fill(p, 72, initial_indent=first) for p in paras) + "\n"


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_invented_wrapped_article_gets_the_one_right_repair():
    fixed, log = fix_and_explain(WRAPPED)
    quote = [(r.before, r.after) for r in log if r.kind == "quote_mark"]
    assert quote == [('"', '" ')]
    assert 'the first morning tide," added harbour master' in fixed
    assert 'at the pier. "We\nexpect' in fixed
    assert apply_plan(WRAPPED, log) == fixed
    # The same article one paragraph per line gets the same repair.
    head, _, body = WRAPPED.partition("\n\n")
    flat = head + "\n\n" + "\n\n".join(_flat(p) for p in body.split("\n\n"))
    flat_fixed, flat_log = fix_and_explain(flat)
    assert [(r.before, r.after) for r in flat_log if r.kind == "quote_mark"] == quote
    assert _flat(flat_fixed) == _flat(fixed)


def test_hard_wrapped_paragraph_is_one_span_and_one_per_line_body_keeps_lines():
    spans = [WRAPPED[a:b] for a, b in paragraph_spans(WRAPPED)]
    assert any(s.startswith('"The landing stage') and s.endswith('first week."') for s in spans)
    assert spans[0] == "Ferry service to resume on the north route"
    per_line = 'Headline here\n\nThe pier reopens on Friday.\nIt closed in May.\n"It is safe," she said.\n'
    assert [per_line[a:b] for a, b in paragraph_spans(per_line)] == per_line.split("\n")


def test_mark_moves_across_a_line_break_and_the_break_stays():
    # Invented: a floating closing mark (`later. "`) that a greedy line filler puts at the start
    # of a wrapped line; the repair must not join lines or leave a blank one.
    para = (
        'The minister said on Tuesday that the new bridge "would be finished in the spring of '
        'next year, and not a day later. " He gave no figure for the cost of the work, which '
        "opposition members put at more than twice the first estimate made in March by the ministry."
    )
    flat = "Heading of the story\n\n" + para + "\n"
    widths = [w for w in range(50, 90) if '\n" He' in textwrap.fill(para, w)]
    assert widths
    for t in [flat] + ["Heading of the story\n\n" + textwrap.fill(para, w) + "\n" for w in widths]:
        fixed, log = fix_and_explain(t)
        assert [r.kind for r in log] == ["quote_mark"], t
        assert _flat(fixed).count('a day later." He gave') == 1, t
        assert fixed.count("\n") == t.count("\n")  # no line joined
        assert "\n\n" not in fixed.partition("\n\n")[2], t  # no blank line made
        assert apply_plan(t, log) == fixed


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
@pytest.mark.parametrize("indent", [True, False], ids=["indented", "blank-lines"])
def test_seed_wrapped_gets_the_same_repairs_as_unwrapped(seed, indent):
    raw = seed.read_text(encoding="utf-8")
    fixed, log = fix_and_explain(raw)
    wrapped = _wrap(raw, indent)
    w_fixed, w_log = fix_and_explain(wrapped)
    assert apply_plan(wrapped, w_log) == w_fixed
    assert _flat(w_fixed) == _flat(fixed)
    # Repair and structure agree on the paragraphs: joined after repair, they are the unwrapped ones.
    assert split_document(w_fixed)[1] == split_document(fixed)[1]
    kinds = Counter(r.kind for r in log)
    assert kinds["quote_mark"] >= 3 and Counter(r.kind for r in w_log)["quote_mark"] == kinds["quote_mark"]


@pytest.mark.slow
def test_reuters_wire_wrapped_bodies_get_the_repairs_of_joined_ones():
    from newstrace.corpora.reuters import iter_reuters

    quoted = same = 0
    for story in islice(iter_reuters(), 3000):
        j_fixed, j_log = fix_and_explain(story.as_text())
        wired = story.title + "\n\n" + story.body  # the wire's own hard wraps, indented paragraphs
        w_fixed, w_log = fix_and_explain(wired)
        if any(r.kind == "quote_mark" for r in j_log + w_log):
            quoted += 1
            same += _flat(w_fixed) == _flat(j_fixed)
    assert quoted >= 15 and same == quoted
