"""Wire templates filled with other events are not copies; real duplicates are; name variants are not MT.

Real pairs of Reuters-21578 stories (read from ../shared at run time, chosen by NEWID), the
labelled copies of the provenance corpus, and invented sentences.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from newstrace.provenance import compare, verify_pair
from newstrace.provenance.derive import (
    garbled_names,
    machine_translation_evidence,
    translation_artefacts,
)
from newstrace.provenance.evidence import SLOT_MIN_AGREEMENT, same_figure, slot_anchors, slot_counts
from newstrace.provenance.fingerprint import article_sentences
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article, Source, text_id

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REUTERS = SHARED / "corpora" / "reuters21578"
needs_reuters = pytest.mark.skipif(not REUTERS.is_dir(), reason="needs ../shared/corpora/reuters21578")


@pytest.fixture(scope="module")
def reuters():
    """The first 2,200 Reuters stories with a body, as Articles keyed by NEWID."""
    from newstrace.corpora.reuters import iter_reuters

    out = {}
    for st in itertools.islice(iter_reuters(REUTERS), 2200):
        a = Article(source=Source(path=f"reuters21578:{st.newid}", format="text"), headline=st.title,
                    text="\n\n".join(st.paragraphs()), published=st.date[:10] or None, language="en")
        a.id = text_id(a.headline + "\n" + a.text)
        out[st.newid] = a
    return out


def _check(a: Article, b: Article):
    sa, sb = article_sentences(a.headline, a.text), article_sentences(b.headline, b.text)
    _al, ev = verify_pair(sa, sb, False)
    d, p = compare(a, b, sa, sb)
    return d, p, ev


# Eurobond issues of other borrowers (Nederlandse Gasunie / CAECL, / Mony Funding, / Scotia Mortgage),
# note offerings of other companies (Pitney Bowes / Chrysler), results tables of other companies.
TEMPLATES = [(905, 291), (905, 1056), (905, 1089), (1431, 678), (557, 1689)]
# One story sent twice or updated: K Mart sales (figures restated in billions), Teck Hock creditors
# (follow-up), Potomac Electric results (corrected table), Banner/Rexnord purchase (two versions).
SAME_EVENT = [(2051, 2040), (1960, 324), (66, 160), (1847, 1798)]


@needs_reuters
@pytest.mark.parametrize(("x", "y"), TEMPLATES)
def test_wire_templates_of_other_events_are_not_linked(reuters, x, y):
    d, p, ev = _check(reuters[x], reuters[y])
    assert ev.template and ev.slot_agreement < SLOT_MIN_AGREEMENT
    assert d is None and p < 0.5


@needs_reuters
@pytest.mark.parametrize(("x", "y"), SAME_EVENT)
def test_duplicates_and_updates_of_one_event_still_link(reuters, x, y):
    d, p, ev = _check(reuters[x], reuters[y])
    assert not ev.template and ev.slot_agreement >= 0.6
    assert d is not None and p >= 0.5


@needs_reuters
def test_edited_numbers_and_swapped_words_keep_the_slots(reuters):
    """A copy of a real story with two figures changed, or common words swapped (spun), is still a copy."""
    origin = reuters[1960]
    figures = list(re.finditer(r"\b\d+\b", origin.text))[:2]
    edited = origin.text
    for m in reversed(figures):
        edited = edited[: m.start()] + str(int(m.group()) + 7) + edited[m.end():]
    swaps = {"said": "stated", "banks": "lenders", "company": "firm", "buy": "purchase", "owes": "is owing"}
    spun = re.sub(r"\b[a-z]+\b", lambda m: swaps.get(m.group(), m.group()), origin.text)
    for text in (edited, spun):
        copy = Article(source=Source(path="copy"), headline="", text=text, language="en")
        copy.id = text_id(text)
        d, _p, ev = _check(origin, copy)
        assert not ev.template and ev.slot_agreement >= 0.8 and d is not None


@needs_reuters
def test_english_follow_ups_are_not_machine_translated(reuters):
    """Two Reuters stories on one company differ in names and inflections ("Ford Motor" / "General
    Motors", "Europe" / "European"); that is English reporting, not machine translation."""
    for x, y in ((1960, 324), (1539, 1081), (1847, 1798)):
        a, b = reuters[x], reuters[y]
        sa, sb = article_sentences(a.headline, a.text), article_sentences(b.headline, b.text)
        al, _ev = verify_pair(sa, sb, False)
        for s1, s2, pairs in ((sa, sb, al.pairs), (sb, sa, [(j, i, v) for i, j, v in al.pairs])):
            assert not machine_translation_evidence(translation_artefacts(s1, s2, pairs))
        d, _p = compare(a, b, sa, sb)
        assert d is not None and d.kind != "machine-translated"
        assert not any("artefact" in r for r in d.direction_evidence)


def test_garbled_name_is_the_same_token_sequence_with_one_token_changed():
    def garbled(copy: str, origin: str):
        return garbled_names(analyse_sentence(copy), analyse_sentence(origin))

    assert garbled("The patrol met Sergeant Jorge Torrez near the river.",
                   "The patrol met Sergeant Jorge Torres near the river.") == [("torres", "torrez")]
    assert garbled("Analysts said Ford Motor Co would cut output.",
                   "Analysts said General Motors Co would cut output.") == []
    assert garbled("Sales rose in the European market last year.",
                   "Sales rose in the Europe market last year.") == []
    assert garbled("The minister Hamid Gurien spoke on Monday.",
                   "The minister Hamid Guerin spoke on Monday.") == [("guerin", "gurien")]


def test_machine_translation_needs_more_than_two_name_variants():
    v = ["name variant torres -> torrez", "name variant guerin -> gurien"]
    assert not machine_translation_evidence(v)
    assert not machine_translation_evidence(v[:1])
    assert machine_translation_evidence(v + ["name variant lopez -> lopes"])
    assert machine_translation_evidence(v[:1] + ["capitalised word after a comma"])
    assert machine_translation_evidence(["Nicolas -> Nicolás (diacritics gained)", "capitalised word after a comma"])


def test_slot_anchors_read_names_fractions_and_figures_not_dates_or_company_forms():
    s = analyse_sentence("Harbourline Funding Inc is issuing a 125 mln dlr bond due April 7, 1997 "
                         "paying 8-1/8 pct and priced at 101-1/2 pct, lead manager Quillmont Bank said.")
    anchors = slot_anchors(s)
    assert {"funding", "quillmont", "#8.125", "#101.5"} <= set(anchors)
    assert "inc" not in anchors and "#7" not in anchors and "#1997" not in anchors and "april" not in anchors
    assert anchors["quillmont"] == 1.0
    assert same_figure("1459193000", "1.46") and same_figure("13555000", "13.5")
    assert not same_figure("125", "100") and not same_figure("27", "275")


def test_figures_agree_by_value_not_by_digits():
    """One value restated in another unit of a thousand, or rounded, agrees; a tenfold figure does not."""
    assert same_figure("2.5", "2500") and same_figure("25626000000", "25.63") and same_figure("1480", "1.48")
    assert not same_figure("25", "250") and not same_figure("1.5", "15") and not same_figure("14", "1404878")
    assert not same_figure("136594000", "13.6") and not same_figure("376243", "3700000")


def _sentence(article: Article, start: str):
    return next(s for s in article_sentences(article.headline, article.text) if s.text.startswith(start))


@needs_reuters
@pytest.mark.parametrize(("x", "y", "line_x", "line_y"), [
    (774, 680, "Avg shrs 45.2 mln", "Avg shrs 3,994,347"),      # 45.2 mln vs 3,994,347: not "45"
    (538, 1449, "Revs 82.0 mln", "Revs 9,117,311"),             # 82.0 mln vs 8,251,136: not "82"
    (1420, 420, "Qtly div 1-1/2 cts", "Qtly div 15 cts"),        # 1-1/2 cts vs 15 cts: not "15"
])
def test_results_lines_of_other_companies_do_not_share_figures(reuters, x, y, line_x, line_y):
    """Result-table lines of two companies (real Reuters stories) hold figures with the same leading
    digits but other values: every figure is a substituted slot, none agrees."""
    agree, conflict = slot_counts(_sentence(reuters[x], line_x), _sentence(reuters[y], line_y))
    assert agree == 0.0 and conflict >= 0.6


@pytest.mark.skipif(not (SHARED / "corpora" / "provenance").is_dir(), reason="needs ../shared")
def test_no_labelled_copy_of_the_corpus_reads_as_a_template():
    """Every candidate pair in one story tree of the provenance corpus (verbatim, edited, spun, AI
    rewrite, translations) keeps its slots: none is held back as a template."""
    from newstrace.corpora.provenance import load_corpus
    from newstrace.provenance import TraceIndex

    arts, gold, _files = load_corpus(SHARED / "corpora" / "provenance")
    index = TraceIndex()
    index.add(arts)
    same_tree = 0
    for a, b, _path in index.candidate_pairs([x.id for x in arts]):
        if not gold.shared_stories(a, b):
            continue
        A, B = index.articles[a], index.articles[b]
        _al, ev = verify_pair(index.sentences(a), index.sentences(b), bool(A.language and B.language and A.language != B.language))
        same_tree += 1
        assert not ev.template, (A.source.path, B.source.path, ev.slot_agreement, ev.slot_conflict)
    assert same_tree >= 40
