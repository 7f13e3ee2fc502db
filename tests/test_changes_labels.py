"""Changes of real labelled copy/origin pairs (provenance corpus LABELS.md "Differences"): hedges,
numbers on both sides, rewording, translations, mirrors."""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.corpora.provenance import file_article, read_file
from newstrace.provenance import verify_pair
from newstrace.provenance.derive import DIRECTION_MARGIN, PairDecision, build_derivation
from newstrace.provenance.fingerprint import article_sentences

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpora" / "provenance"


def _article(story: str, number: str):
    (path,) = (CORPUS / next(d.name for d in CORPUS.iterdir() if d.name.startswith(story + "-"))).glob(number + "-*.txt")
    return file_article(read_file(path, path.parent.name))


@pytest.fixture(scope="module")
def derived():
    """The Changes of a labelled pair ``("f", "02", "01")``, copy first, with the labelled direction."""
    cache = {}

    def get(story: str, copy_no: str, origin_no: str):
        key = (story, copy_no, origin_no)
        if key not in cache:
            copy, origin = _article(story, copy_no), _article(story, origin_no)
            sc, so = article_sentences("", copy.text), article_sentences("", origin.text)
            al, ev = verify_pair(so, sc, bool(copy.language and origin.language and copy.language != origin.language))
            d = build_derivation(origin, copy, so, sc, al, PairDecision(1.0, True, DIRECTION_MARGIN, [], ev, False))
            assert d.copy_id == copy.id and d.origin_id == origin.id
            cache[key] = d.changes
        return cache[key]

    return get


def test_a_hedge_added_before_a_number_is_found_with_both_sentences(derived):
    """Story G: "Son setecientos" became "son cerca de setecientos"; "30 años" became "al menos 30 años"."""
    changes = derived("g", "02", "01")
    hedges = {c.detail: c for c in changes if c.kind == "hedge"}
    assert set(hedges) == {"hedge added: cerca de (before 700)", "hedge added: al menos (before 30)"}
    near = hedges["hedge added: cerca de (before 700)"]
    assert "Son setecientos" in near.origin_text and "cerca de setecientos" in near.copy_text
    # 700 stands on both sides (a word on one, read as a name after "Son"): no number change
    assert [c for c in changes if c.kind == "number"] == []


def test_a_translation_drops_the_hedge_and_gives_no_garbage(derived):
    """Story F: the Spanish edition of "But almost three months later ... about 800" dropped both hedges."""
    changes = derived("f", "02", "01")
    hedges = [c for c in changes if c.kind == "hedge"]
    assert [c.detail for c in hedges] == ["hedge removed: almost (before 3)", "hedge removed: about (before 800)"]
    assert "almost three months" in hedges[0].origin_text and "tres meses" in hedges[0].copy_text
    # the same figures on both sides ("three" / "tres", 800), and translated text is neither omitted nor added
    assert {c.kind for c in changes} == {"hedge"}


def test_a_number_of_a_merged_sentence_is_no_number_change(derived):
    """Story F, 03 from 02: the copy merged "... otros 800 policías ..." into the next sentence."""
    changes = derived("f", "03", "02")
    assert not any(c.kind == "number" and "800" in c.detail for c in changes)
    # what the copy changed in that story is still there
    assert any(c.kind == "reworded" and "'pero' -> 'sin embargo'" in c.detail for c in changes)
    assert any(c.kind == "reworded" and "encargado" in c.detail for c in changes)


def test_reworded_sentences_are_listed_without_function_word_edits(derived):
    """Story H: "as a result of the outages" became "... the power failures"; "said that" -> "said" is no change."""
    changes = derived("h", "02", "01")
    (outages,) = [c for c in changes if c.kind == "reworded" and "outages" in c.detail]
    assert outages.detail == "reworded: 'outages' -> 'power failures'"
    assert "outages" in outages.origin_text and "power failures" in outages.copy_text
    assert any(c.kind == "reworded" and "paralyzed" in c.detail for c in changes)  # the lead clause cut


def test_a_retranslated_quote_is_altered_not_inverted(derived):
    """Story E: "was worth nothing" / "wasn’t worth anything" (curly apostrophe) says the same."""
    (q,) = [c for c in derived("e", "02", "01") if c.kind == "quote" and "worth" in c.origin_text]
    assert q.detail.startswith("quote altered") and "wasn" in q.copy_text


def test_a_mirror_with_other_page_furniture_has_no_sentence_changes(derived):
    """Story K: the same DW body on two hosts (one glues the photo credit to its caption)."""
    changes = derived("k", "02", "01")
    assert changes and {c.kind for c in changes} <= {"omission", "addition"}


def test_slant_in_added_sentences_is_found(derived):
    changes = derived("g", "02", "01")
    assert {c.detail for c in changes if c.kind == "slant"} == {"inserted 'autoproclamado'", "inserted 'agente'"}


@pytest.mark.parametrize(("story", "copy_no", "origin_no"), [("h", "02", "01"), ("h", "03", "01"), ("m", "02", "01"),
                                                             ("o", "01", "02"), ("f", "03", "02")])
def test_shared_figures_give_no_number_change(derived, story, copy_no, origin_no):
    """The labels list the figures these copies keep (17 deaths, 15 in Maturín; the PA paragraphs'
    149, 230, 27, "29 March" / "March 29"; 1,480): none is reported as changed."""
    changes = derived(story, copy_no, origin_no)
    assert changes
    assert [c.detail for c in changes if c.kind in ("number", "date") and "february" not in c.detail.casefold()] == []


def test_a_changed_figure_and_a_dropped_hedge_in_a_real_sentence():
    """The real story F sentence "... almost three months later ... about 800 ...", given another
    figure and no "almost" (the edit story F's Spanish edition made, here in English)."""
    from newstrace.provenance.changes import find_changes

    origin = _article("f", "01")
    (sent,) = [s for s in article_sentences("", origin.text) if "almost three months" in s.text]
    copy_text = sent.text.replace("almost three months", "three months").replace("about 800", "about 900")
    assert copy_text != sent.text
    copy = origin.model_copy(update={"text": copy_text})
    (csent,) = article_sentences("", copy_text)
    changes = find_changes(copy, origin, [csent], [sent], [(0, 0, 0.9)])
    assert [(c.kind, c.detail) for c in changes] == [("number", "800 -> 900"), ("hedge", "hedge removed: almost (before 3)")]
    assert all(c.origin_text == sent.text and c.copy_text == copy_text for c in changes)


def _paragraphs(changes):
    return [c for c in changes if c.kind in ("omission", "addition")]


def test_page_furniture_is_neither_omitted_nor_added(derived):
    """Story K: two hosts of one DW article differ in their menus ("skip to content" links, a
    language menu); story F 03 carries a "read also" link; story H 02 a navigation bar. None is
    a paragraph omitted or added."""
    from newstrace.provenance.paragraphs import FRAGMENT_WORDS

    k = _paragraphs(derived("k", "02", "01"))
    assert all(len((c.origin_text or c.copy_text).split()) >= FRAGMENT_WORDS for c in k)
    f = _paragraphs(derived("f", "03", "02"))
    assert f and not any(c.copy_text.casefold().startswith("lea tamb") for c in f)
    # a byline line is the credit, not furniture: the CNN byline the spun copy dropped is omitted
    assert any(c.kind == "omission" and c.origin_text.startswith("By ") for c in derived("i", "03", "01"))
    h = _paragraphs(derived("h", "02", "01"))
    assert any("little information" in c.copy_text for c in h)  # the real addition stays
    assert not any("Newsletters" in c.copy_text for c in h)


def test_the_other_half_of_a_bilingual_page_is_not_added(derived):
    """Story C 05 prints the BBC's English paragraphs and a Russian machine translation of them:
    the Russian half translates what is aligned, it adds nothing."""
    changes = derived("c", "05", "01")
    assert any(c.kind == "addition" for c in changes)  # the English title the origin lacks is still added
    russian = [s.text for s in article_sentences("", _article("c", "05").text)
               if sum("\u0400" <= ch <= "\u04ff" for ch in s.text) > len(s.text) / 2]
    assert len(russian) >= 4
    assert [t for t in russian if any(t in c.copy_text for c in changes)] == []


def test_a_sentence_merged_into_another_is_not_omitted(derived):
    """Story F 03 merged "... otros 800 policías y militares ... atascados" into the next copy
    sentence: the figure's sentence is still there, so it is not omitted."""
    omitted = [c for c in derived("f", "03", "02") if c.kind == "omission"]
    assert omitted and not any("800" in c.origin_text for c in omitted)


def test_differences_after_the_last_aligned_sentence(derived):
    """After their last shared sentence two excerpts report what replaced what where both go on
    (story H 03: the health-minister sentence replaced; story F 03: a sentence brought up from
    further down), and nothing where one side ends there (story D 02's copy ends at its last
    shared sentence, so the origin's later paragraphs may lie beyond a cut)."""
    h03 = _paragraphs(derived("h", "03", "01"))
    assert any(c.kind == "omission" and "Alvarado" in c.origin_text for c in h03)
    assert any(c.kind == "addition" and "sabotage" in c.copy_text for c in h03)
    f03 = _paragraphs(derived("f", "03", "02"))
    assert any(c.kind == "addition" and "77" in c.copy_text for c in f03)
    d02 = derived("d", "02", "01")
    assert [c for c in d02 if c.kind == "omission" and "dictator" in c.origin_text] == []
    assert [c for c in d02 if c.kind == "addition"] == []


def test_a_quoted_word_in_an_added_sentence_is_no_slant():
    """A speaker's own word in an added quotation is quoted, not the outlet's slant (invented text)."""
    from newstrace.provenance.paragraphs import slant_in_additions
    from newstrace.schema import Change

    origin = article_sentences("", "The port reopened on Monday after a week of storms.")
    added = [Change(kind="addition", copy_text='"They were radical," a docker said. The radical mayor spoke.')]
    assert [c.detail for c in slant_in_additions(added, origin)] == ["inserted 'radical'"]
    assert "mayor" in slant_in_additions(added, origin)[0].copy_text
    quoted_only = [Change(kind="addition", copy_text='"They were radical," a docker said.')]
    assert slant_in_additions(quoted_only, origin) == []


def test_a_sentence_reworded_out_of_the_alignment_order_is_compared(derived):
    """Story E: after the last aligned sentence each side goes on with the same quotation, the
    copy naming the speaker and the prison in other words. The two unaligned sentences are one
    sentence reworded (a moved pair), so the rewording is reported, not an omission and an addition."""
    from newstrace.provenance.paragraphs import moved_pairs

    changes = derived("e", "02", "01")
    (moved,) = [c for c in changes if c.kind == "reworded" and "designated" in c.detail]
    assert "Winn Correctional Center" in moved.origin_text and "Winn Correctional Center" in moved.copy_text
    assert not any(c.kind in ("omission", "addition") and "Winn" in (c.origin_text + c.copy_text) for c in changes)
    # an aligned pair of sentences is never paired again
    copy, origin = _article("e", "02"), _article("e", "01")
    sc, so = article_sentences("", copy.text), article_sentences("", origin.text)
    al, _ = verify_pair(so, sc, False)
    pairs = [(j, i, s) for i, j, s in al.pairs]
    found = moved_pairs(sc, so, pairs)
    assert found and not {i for i, _, _ in found} & {i for i, _, _ in pairs}
