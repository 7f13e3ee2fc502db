"""Hard-wrapped bodies: joined into paragraphs; one paragraph per line, lists and tables left alone.

Real data: Reuters-21578 raw bodies (hard-wrapped at about 63 columns, indented paragraph
starts) against the loader's joined paragraphs, and the same stories one paragraph per line;
the provenance corpus, seeds and cases (none wrapped). The invented examples are written here.
"""

from __future__ import annotations

import json
import re
from itertools import islice
from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.schema import Article
from newstrace.structure import split_document, structure_article
from newstrace.structure.wraps import is_hard_wrapped, join_wrapped

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

WRAPPED = (
    "Calderford bridge opens to traffic\n\n"
    "The mayor of Calderford said on Monday that \"the new bridge will\n"
    "carry more than 12,000 cars a day\" once it is fully open, and that\n"
    "tolls on the old crossing would end in May.\n"
    "    The bridge cost 40 million pounds, council figures show, and\n"
    "took three years to build.\n"
    "    Work on the approach roads starts next week.\n"
)


def test_wrapped_body_is_joined_into_paragraphs():
    head, paras = split_document(WRAPPED)
    assert head == "Calderford bridge opens to traffic"
    assert paras == [
        ('The mayor of Calderford said on Monday that "the new bridge will carry more than 12,000 cars '
         'a day" once it is fully open, and that tolls on the old crossing would end in May.'),
        "The bridge cost 40 million pounds, council figures show, and took three years to build.",
        "Work on the approach roads starts next week.",
    ]


def test_wrapped_paragraphs_after_blank_lines_and_short_lines():
    body = ("The ferry company said its two boats would sail again from\n"
            "Thursday after the harbour wall was repaired.\n"
            "A spokesman said fares would not change this year.\n\n"
            "By Ann Lee\n"
            "The new timetable adds a late crossing on Fridays and a\n"
            "second boat at weekends, the company said.")
    assert is_hard_wrapped(body)
    assert join_wrapped(body) == [
        "The ferry company said its two boats would sail again from Thursday after the harbour wall was repaired.",
        "A spokesman said fares would not change this year.",
        "By Ann Lee",
        "The new timetable adds a late crossing on Fridays and a second boat at weekends, the company said.",
    ]


def test_a_word_broken_at_a_hyphen_stays_whole_and_list_items_stay_apart():
    body = ("Residents listed three demands at the meeting with the long-\n"
            "standing council committee on Tuesday evening, the chair said:\n"
            "- a crossing at the school gates, to be built before the\n"
            "winter term;\n"
            "- lower speed limits on the coast road;\n"
            "- more buses.")
    paras = join_wrapped(body)
    assert paras[0].startswith("Residents listed three demands at the meeting with the long-standing council")
    assert paras[1:] == ["- a crossing at the school gates, to be built before the winter term;",
                         "- lower speed limits on the coast road;", "- more buses."]


@pytest.mark.parametrize("body", [
    # one paragraph per line, as web extraction writes it
    ("The council met on Monday to discuss the harbour.\nIt voted to build a new pier, members said.\n"
     "Work starts in May and should take a year.\nThe pier will cost 2 million pounds."),
    # a list of headlines
    ("Harbour pier plan approved by council\nFerry fares to stay the same next year\n"
     "Coast road speed limit cut to 40 mph\nSchool crossing to open before winter"),
    # a table of figures
    ("Shr 35 cts vs 25 cts\nNet 1,590,000 vs 1,140,000\nRevs 32.2 mln vs 23.0 mln\nYear\n"
     "Shr 1.16 dlrs vs 68 cts\nNet 5,300,000 vs 3,100,000"),
    # a table with columns
    "Team        Won   Lost\nHarbourside   12      3\nCalder Town   10      5\nWestfield      7      8",
])
def test_not_wrapped(body):
    assert not is_hard_wrapped(body)
    _, paras = split_document("Headline\n\n" + body)
    assert paras == [line.strip() for line in body.split("\n")]


@pytest.fixture(scope="module")
def reuters():
    return [s for s in islice(iter_reuters(SHARED / "corpora" / "reuters21578"), 0, 4000, 4)]


def _norm(paragraphs):
    return [" ".join(p.split()) for p in paragraphs]


def test_reuters_raw_bodies_give_the_loaders_paragraphs(reuters):
    """Raw wire bodies (wrapped, indented paragraph starts) give the paragraphs the corpus loader
    joins, apart from the sign-off ("Reuter"), which stands on its own line."""
    detected = exact = 0
    for story in reuters:
        if not is_hard_wrapped(story.body):
            continue
        detected += 1
        truth = [q for p in story.paragraphs() for q in re.sub(r"\s+(Reuter|REUTER)$", r"\n\1", p).split("\n")]
        _, paras = split_document(story.title + "\n\n" + story.body)
        exact += _norm(paras) == _norm(truth)
    assert detected / len(reuters) >= 0.85, detected
    assert exact / detected >= 0.95, exact


def test_reuters_paragraphs_one_per_line_are_not_joined(reuters):
    """The same stories one paragraph per line (no wrapping) are left as they are; so are the
    raw tables of results, whose rows are indented."""
    joined = sum(is_hard_wrapped("\n".join(s.paragraphs())) for s in reuters)
    assert joined <= len(reuters) // 200, joined
    tables = [s for s in reuters if s.body.startswith("Shr ")]
    assert len(tables) > 20
    for story in tables:  # each row of figures stays a paragraph of its own, wrapped notes or not
        rows = [line.strip() for line in story.body.split("\n") if re.fullmatch(r"\s*[A-Z][\w ]+ [\d.,]+ .*vs .*", line)]
        _, paras = split_document(story.title + "\n\n" + story.body)
        assert all(row in paras or any(row in [x.strip() for x in p.split("\n")] for p in paras) for row in rows), story.newid


def test_corpus_seeds_and_cases_are_not_wrapped():
    """Nothing in the provenance corpus, the seeds or the cases is hard-wrapped, so their
    structure does not change."""
    bodies = [p.read_text(encoding="utf-8", errors="replace").partition("\n")[2]
              for folder in ("corpora/provenance", "seeds") for p in sorted((SHARED / folder).rglob("*.txt"))]
    for case in sorted((SHARED / "cases").glob("*.json")):
        text = json.loads(case.read_text(encoding="utf-8"))["input"].get("text")
        if text:
            bodies.append(text.partition("\n")[2])
    assert len(bodies) > 60
    assert not [b[:80] for b in bodies if is_hard_wrapped(b)]


def test_wrapped_byline_line_is_still_a_byline():
    art = structure_article(Article(raw_text=""), "Harbour pier approved\n\nBy Ann Lee\n" + WRAPPED.partition("\n\n")[2], {})
    assert art.byline == ["Ann Lee"]
    assert art.text.startswith('The mayor of Calderford said on Monday that "the new bridge will carry')
