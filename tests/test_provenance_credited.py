"""Credited rewrites and summaries: an article that attributes its report to an outlet and repeats,
word for word, quotations of an article by or crediting that outlet derives from it.

Real articles of the provenance corpus (read from ../shared at run time): story n (a Reuters story:
01 a licensed copy with a Reuters photo credit, 02 a summary "..., reports Reuters", 03 a rewrite
"According to a report from Reuters ..."), story e (02 credits Telemundo's report, 01), and the
independent reports of stories i and m, which quote one statement at as much length; plus real
Reuters-21578 stories of one wire quoting one statement in two different stories.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from newstrace.provenance import compare
from newstrace.provenance.derive import (
    CREDITED_QUOTE_PROBABILITY,
    CREDITED_QUOTE_WORDS,
    LINK_PROBABILITY,
    credited_source,
    load_model,
)
from newstrace.provenance.direction import attributed_sources, shared_quotation_words
from newstrace.provenance.fingerprint import article_sentences
from newstrace.schema import Article, Source, text_id

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
pytestmark = pytest.mark.skipif(not (SHARED / "corpora" / "provenance").is_dir(), reason="needs ../shared")


@pytest.fixture(scope="module")
def corpus() -> dict[str, Article]:
    """Corpus articles keyed like ``"n02"`` (story letter and file number)."""
    from newstrace.corpora.provenance import load_corpus

    arts, _gold, files = load_corpus(SHARED / "corpora" / "provenance")
    return {f"{files[a.id][0].story[0]}{files[a.id][0].file}": a for a in arts}


def _sents(a: Article):
    return article_sentences(a.headline or "", a.text or "")


def test_report_attributions_name_the_outlet_not_a_speaker(corpus):
    assert attributed_sources(corpus["n02"]) == {"reuters"}      # "..., reports Reuters."
    assert attributed_sources(corpus["n03"]) == {"reuters"}      # "According to a report from Reuters on Wednesday"
    assert attributed_sources(corpus["e02"]) == {"telemundo"}    # "A special report published on Telemundo's website"
    # Insider's and FOX's own reports: "according to Choi", "according to their research paper", "told Insider"
    assert attributed_sources(corpus["n05"]) == frozenset() and attributed_sources(corpus["n06"]) == frozenset()


@pytest.mark.parametrize(("x", "y"), [("n01", "n02"), ("n01", "n03"), ("n02", "n03")])
def test_copies_crediting_one_agency_and_sharing_its_quotations_are_siblings(corpus, x, y):
    """The Reuters summary and rewrite repeat the Reuters quotations ("Alone, ChatGPT would be (a)
    pretty mediocre law student") that the licensed copy carries: siblings of the missing Reuters story."""
    a, b = corpus[x], corpus[y]
    assert credited_source(a, b) == "reuters"
    assert shared_quotation_words(_sents(a), _sents(b)) >= CREDITED_QUOTE_WORDS
    d, p = compare(a, b)
    assert d is not None and p >= LINK_PROBABILITY
    assert d.origin_id is None and d.inferred_source and {d.copy_id, *d.sibling_ids} == {a.id, b.id}
    assert d.direction_evidence[0].startswith("credited quotation: the report is attributed to reuters")


def test_a_credited_rewrite_derives_from_the_outlet_it_credits(corpus):
    """PanAm Post's rewrite credits Telemundo's report and repeats its quotation: a direct copy of it."""
    origin, copy = corpus["e01"], corpus["e02"]
    d, p = compare(origin, copy)
    assert p >= LINK_PROBABILITY and d is not None
    assert d.origin_id == origin.id and d.copy_id == copy.id
    assert d.score == pytest.approx(CREDITED_QUOTE_PROBABILITY, abs=1e-3)  # not a coin flip at the 0.5 threshold
    # a newsroom's credited rewrite is an edited copy, not an uncredited fluent paraphrase
    assert d.kind == "edited"
    assert any(r.startswith("a credited rewrite") for r in d.direction_evidence)


def test_credited_summaries_are_edited_copies_and_an_uncredited_paraphrase_is_rewritten(corpus):
    """The Reuters summary and rewrite (n02, n03) credit Reuters: edited; the AI paraphrase of the
    CNN story (i04, no credit) against the CNN syndication stays rewritten or spun, never edited by credit."""
    for x, y in (("n01", "n02"), ("n01", "n03")):
        d, _ = compare(corpus[x], corpus[y])
        assert d is not None and d.kind == "edited"
    d, _ = compare(corpus["i01"], corpus["i04"])
    assert d is not None and not any(r.startswith("a credited rewrite") for r in d.direction_evidence)


@pytest.mark.parametrize(("x", "y"), [("i01", "i08"), ("i04", "i08"), ("i05", "i08"), ("m01", "m03")])
def test_independent_reports_quoting_one_statement_are_not_linked(corpus, x, y):
    """Independent reports repeat one statement's quotations at length (13-45 words); no common
    source is declared, so the quotations are not read as copied."""
    a, b = corpus[x], corpus[y]
    assert shared_quotation_words(_sents(a), _sents(b)) >= CREDITED_QUOTE_WORDS
    assert credited_source(a, b) is None
    d, p = compare(a, b)
    assert d is None and p < LINK_PROBABILITY


def test_two_stories_of_one_wire_quoting_one_statement_are_not_linked():
    """Two Reuters stories (Chrysler's European sales plan, and U.S. car makers on the weak dollar)
    quote one statement at length (47 words); both are Reuters' own reporting, so no credited
    quotation links them, whether their outlet is unknown or Reuters on both."""
    from newstrace.corpora.reuters import iter_reuters

    found = {}
    for st in itertools.islice(iter_reuters(SHARED / "corpora" / "reuters21578"), 2200):
        if st.title in ("CHRYSLER TO SELL CARS IN EUROPE BEFORE YEAR END", "U.S. CAR MAKERS HOPE TO PROFIT FROM WEAK DOLLAR"):
            a = Article(source=Source(path=f"reuters21578:{st.newid}", format="text"), headline=st.title,
                        text="\n\n".join(st.paragraphs()), language="en")
            a.id = text_id(a.headline + "\n" + a.text)
            found[st.title] = a
    a, b = found.values()
    assert shared_quotation_words(_sents(a), _sents(b)) >= 40
    for outlet in (None, "Reuters"):
        x, y = (z.model_copy(update={"outlet": outlet}) for z in (a, b))
        assert credited_source(x, y) is None
        d, p = compare(x, y, model=load_model())
        assert d is None and p < LINK_PROBABILITY


@pytest.mark.parametrize(("text", "expected"), [
    ("According to a new report by the Associated Press, the mill will close.", {"ap"}),
    ("The mill will close, reports Reuters.", {"reuters"}),
    ("The closure was first reported by The Harbour Gazette on Monday.", {"harbourgazette"}),
    ("A special report published on Harbourline's website found the same.", {"harbourline"}),
    ("According to Ms Quill, the mill will close, she told Reuters.", set()),
    ("According to the report, the mill will close; Reuters reported no figures.", set()),
])
def test_report_attributions_on_invented_sentences(text, expected):
    """Invented sentences: an outlet whose report is retold counts; a speaker, a "told X" or an
    unnamed report does not."""
    a = Article(source=Source(path="x.txt", url="https://example.org/mill"), headline="", text=text)
    assert attributed_sources(a) == expected
