"""Provenance tracing on real copies from ../shared/corpora/provenance, plus invented text for changes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from newstrace.corpora.provenance import load_corpus, load_seeds, score_links
from newstrace.provenance import PairVerifier, TraceIndex, compare, trace
from newstrace.provenance.align import align
from newstrace.provenance.candidates import CandidateIndex
from newstrace.provenance.changes import find_changes
from newstrace.provenance.derive import derivation_kind
from newstrace.provenance.evidence import pair_evidence, shared_wording
from newstrace.provenance.fingerprint import SCHEME, Fingerprint, article_sentences, fingerprint
from newstrace.provenance.text import analyse_sentence, analyse_text, fold, number_value, split_sentences
from newstrace.schema import Article, Derivation, Source

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
pytestmark = pytest.mark.skipif(not (SHARED / "corpora" / "provenance").is_dir(), reason="needs ../shared")


@pytest.fixture(scope="module")
def corpus():
    arts, gold, files = load_corpus(SHARED / "corpora" / "provenance")
    by = {}
    for a in arts:
        for f in files[a.id]:
            by[f"{f.story[0]}{f.file}"] = a
    return arts, gold, by


def test_fold_transliterates_and_strips_accents():
    assert fold("Guaidó") == "guaido"
    assert fold("Μαδούρο") == "maduro"
    assert fold("Мадуро") == "maduro"
    assert fold("Badajoz") == "badajoz"


def test_number_values_are_canonical():
    assert number_value("1,480") == "1480"
    assert number_value("0,20") == "0.2"
    assert number_value("three") == "3"
    assert number_value("tres") == "3"
    assert number_value("Maduro") is None

def test_the_figure_of_a_hyphenated_compound_is_a_number_anchor():
    """'one 29-year-old defector' shares the number 29 with a translation that writes it apart
    ('berusia 29 tahun'); a score or a year-month is none."""
    assert analyse_sentence("one 29-year-old defector and a 3.5-metre wall").numbers == ["29", "3.5"]
    assert analyse_sentence("It ended 3-1 in 2019-03.").numbers == []
    assert "#29" in analyse_sentence("seorang pembelot yang berusia 29 tahun").anchors


def test_a_common_word_opening_a_sentence_outside_english_is_not_a_name():
    """English word frequency alone made Indonesian and Spanish function words opening a sentence
    ("Ini", "Kami", "Según") name anchors; names opening a sentence stay names."""
    sents = analyse_text("Ini akan menjadi efek domino. Kami tidak bisa, kata Ruiz. Pasukan Maduro mundur, "
                         "kata pasukan itu.", language="id")
    assert [s.names for s in sents] == [[], ["ruiz"], ["maduro"]]
    # a word of middling frequency is told by the text writing it in lower case elsewhere
    sents = analyse_text("Según el ministro, el puente cerrará. Venezuela cerró la frontera, según la radio.",
                         language="es")
    assert [s.names for s in sents] == [[], ["venezuela"]]
    # English text reads as before: 'Banyak' is rare in English, so it opens a sentence as a name
    assert analyse_text("Banyak said the bridge will close.")[0].names == ["banyak"]
    # the real Indonesian translation of story C: its openings are no names, its names are
    text = next((SHARED / "corpora" / "provenance").glob("c-*/09-translation-id.txt")).read_text(encoding="utf-8")
    names = {n for s in analyse_text(text.split("\n\n", 1)[1], language="id") for n in s.names}
    assert not names & {"ini", "kami", "banyak", "hal", "seorang", "setelah", "anggota", "pasukan"}
    assert {"maduro", "venezuela", "bbc", "cucuta"} <= names


def test_sentences_split_at_final_punctuation_only():
    sents = split_sentences("He said: \u201cWe left.\u201d Then they went home.\nA new line")
    assert sents == ["He said: \u201cWe left.\u201d", "Then they went home.", "A new line"]


def test_fingerprint_round_trip_and_scheme_check(corpus):
    _, _, by = corpus
    fp = fingerprint(by["k01"])
    back = Fingerprint.from_dict(fp.to_dict())
    assert np.array_equal(back.minhash, fp.minhash) and np.array_equal(back.features, fp.features)
    assert back.scheme == SCHEME and back.num_perm == 128
    bad = fp.to_dict() | {"scheme": "other"}
    with pytest.raises(ValueError, match="E301"):
        Fingerprint.from_dict(bad)
    fp.scheme = "other"
    with pytest.raises(ValueError, match="E302"):
        CandidateIndex().add([fp])


def test_robust_index_finds_spun_and_machine_translated_copies_minhash_misses(corpus):
    arts, _, by = corpus
    index = CandidateIndex()
    index.add(fingerprint(a) for a in arts)
    for copy, relative in (("i03", "i01"), ("c08", "c01")):  # spun; machine translation of a summary
        fp = fingerprint(by[copy])
        assert by[relative].id in index.query_robust(fp)
        assert by[relative].id not in index.query_lsh(fp)
    # a verbatim copy is found by both paths
    assert index.query(fingerprint(by["k02"]))[by["k01"].id] == "both"


def test_verbatim_copy_aligns_in_order_with_high_coverage(corpus):
    _, _, by = corpus
    sa, sb = article_sentences("", by["k01"].text), article_sentences("", by["k02"].text)
    al = align(sa, sb)
    assert len(al.pairs) >= 10
    assert all(i2 > i1 and j2 > j1 for (i1, j1, _), (i2, j2, _) in zip(al.pairs, al.pairs[1:]))
    assert al.coverage_a >= 0.8 and al.coverage_b >= 0.8


def test_independent_reports_sharing_a_quote_are_not_linked(corpus):
    _, _, by = corpus
    # RTE (PA wire copy) and a BBC scrape quote the same statement by Theresa May
    sa, sb = article_sentences("", by["m01"].text), article_sentences("", by["m03"].text)
    ev = pair_evidence(align(sa, sb), sa, sb, False)
    assert ev.n_quote_pairs >= 1
    d, p = compare(by["m01"], by["m03"])
    assert d is None and p < 0.5


def test_short_copy_crediting_its_origin_is_a_direct_verbatim_link(corpus):
    _, _, by = corpus
    out = trace([by["d01"], by["d02"]])
    assert len(out) == 1
    d = out[0]
    assert (d.copy_id, d.origin_id) == (by["d02"].id, by["d01"].id)
    assert d.kind == "verbatim" and d.score >= 0.9
    assert d.coverage >= 0.8 and d.origin_coverage < 0.5
    assert any(r.startswith("credit") for r in d.direction_evidence)
    assert d.alignment and d.alignment[0].similarity >= 0.95


def test_two_copies_of_a_missing_wire_story_are_siblings(corpus):
    _, _, by = corpus
    out = trace([by["m01"], by["m02"]])
    assert len(out) == 1
    d = out[0]
    assert d.origin_id is None and d.inferred_source
    assert set(d.sibling_ids + [d.copy_id]) == {by["m01"].id, by["m02"].id}


def test_no_link_among_independent_reports_of_one_study(corpus):
    _, _, by = corpus
    arts = [by[f"r0{k}"] for k in range(1, 7)]  # Exxon study: Boston Globe + five other origins
    assert trace(arts) == []


def _article(aid: str, text: str, byline=None, credit=None) -> Article:
    return Article(id=aid, text=text, byline=byline or [], credit=credit, language="en")


def test_changes_name_numbers_quotes_slant_credit_and_paragraphs():
    # invented text, written for this test
    origin = _article(
        "o", "More than 270 soldiers crossed the Narrow River bridge within three days, border officials said.\n\n"
        "The officers met Colonel Ruth Pellegrino at the camp near Santa Ines on Monday morning.\n\n"
        "\u201cWe will return home when it is safe,\u201d said Sergeant Tomas Ferreira of the river patrol.\n\n"
        "Local farmers offered the group bread, blankets and a barn for the night.\n\n"
        "The governor, Elena Vidal, promised an inquiry into the shooting at the crossing.",
        byline=["Maria Armario"], credit="The Associated Press")
    copy = _article(
        "c", "Over 320 soldiers crossed the Narrow River bridge within four days, border officials said.\n\n"
        "The officers met Colonel Ruth Wardrobe at the camp near Santa Ines on Monday morning.\n\n"
        "\u201cWe will not return home when it is safe,\u201d said Sergeant Tomas Ferreira of the river patrol.\n\n"
        "The self-proclaimed governor, Elena Vidal, promised an inquiry into the shooting at the crossing.\n\n"
        "Readers can follow our live page for updates all week.",
        byline=["Maria Wardrobe"])
    sc, so = analyse_text(copy.text), analyse_text(origin.text)
    al = align(sc, so)
    assert len(al.pairs) == 4
    changes = find_changes(copy, origin, sc, so, al.pairs)
    kinds = {c.kind for c in changes}
    assert {"number", "name", "quote", "slant", "credit", "omission"} <= kinds
    num = next(c for c in changes if c.kind == "number")
    assert "270" in num.origin_text and "320" in num.copy_text and "270 soldiers, 3 days -> 320 soldiers, 4 days" in num.detail
    assert "qualifier" not in num.detail  # "More than" -> "Over": one qualifier (changes.QUALIFIER_GROUPS)
    quote = next(c for c in changes if c.kind == "quote")
    assert quote.detail.startswith("meaning inverted")
    names = [c for c in changes if c.kind == "name"]
    assert any(c.origin_text == "Pellegrino" and c.copy_text == "Wardrobe" for c in names)
    assert any(c.origin_text == "Maria Armario" and "common word" in c.detail for c in names)
    assert any(c.kind == "credit" and c.detail == "credit dropped" for c in changes)
    assert any(c.kind == "omission" and "farmers" in c.origin_text for c in changes)
    assert any(c.kind == "slant" and "self-proclaimed" in c.detail for c in changes)


def test_incremental_trace_equals_full_run(corpus):
    arts, _, _ = corpus
    arts = sorted(arts, key=lambda a: a.id) + load_seeds(SHARED / "seeds")
    key = lambda d: (d.copy_id, d.origin_id or "", tuple(d.sibling_ids), d.kind, d.score)
    full = sorted(map(key, trace(arts)))
    index = TraceIndex()
    index.add(arts[:30])
    first = index.trace()
    new = index.add(arts[30:])
    second = index.trace(new)
    assert len(new) == len(arts) - 30
    assert sorted(map(key, first + second)) == full
    assert len(full) >= 20


def test_a_pair_verifier_without_the_candidate_index_links_what_the_index_links(corpus):
    """What a store's trace does: candidate pairs from a TraceIndex, then verification by a PairVerifier."""
    arts, _, _ = corpus
    index = TraceIndex()
    index.add(arts)
    pairs = [(a, b) for a, b, _p in index.candidate_pairs(list(index.articles))]
    linked = [(a, b) for a, b in pairs if compare(index.articles[a], index.articles[b])[0] is not None]
    verifier = PairVerifier(cache_size=2)
    assert verifier.add_articles(arts) == list(index.articles)
    assert not hasattr(verifier, "candidates") and len(linked) >= 20
    assert [(a, b) for a, b in pairs if verifier.verify(a, b) is not None] == linked

def test_link_scoring_rules_follow_labels(corpus):
    arts, gold, by = corpus
    universe = {a.id for a in arts}
    c1, c2, d1, d2, c7 = (by[k].id for k in ("c01", "c02", "d01", "d02", "c07"))
    sc = score_links(gold, [(c2, c1, [])], universe)  # a copy named as its sibling's origin
    assert sc.correct_strict == 0 and sc.correct_lenient == 1
    sc = score_links(gold, [(c2, None, [c1])], universe)  # siblings of the missing BBC page
    assert sc.correct_strict == 1
    sc = score_links(gold, [(d2, d1, [])], universe)
    assert sc.correct_strict == 1 and "copy-verbatim" in sc.found_strict
    sc = score_links(gold, [(c1, None, [c7])], universe)  # BBC copy vs Sky's own interview
    assert sc.correct_lenient == 0 and len(sc.independent_links) == 1


def _link(copy: str, origin: str | None, siblings=(), kind: str = "edited") -> Derivation:
    return Derivation(copy_id=copy, origin_id=origin, kind=kind, score=0.9, copy_coverage=0.5,
                      origin_coverage=0.5, inferred_source=origin is None, sibling_ids=list(siblings))


def test_resolve_keeps_the_middle_of_a_chain_and_groups_siblings():
    from newstrace.provenance.graph import resolve

    # origin A -> translation B -> back-translation C, plus the shortcut C <- A
    chain = [_link("B", "A", kind="translation"), _link("C", "B", kind="translation"),
             _link("C", "A", kind="machine-translated")]
    assert [(d.copy_id, d.origin_id) for d in resolve(chain)] == [("B", "A"), ("C", "B")]
    # in one language a copy no closer to B than to A shares none of B's changes: a copy of A
    same = [_link("B", "A"), _link("C", "B"), _link("C", "A")]
    assert [(d.copy_id, d.origin_id) for d in resolve(same)] == [("B", "A"), ("C", "A")]
    # three copies of a missing wire story: three sibling pairs -> one group
    sib = [_link("X", None, ["Y"]), _link("Y", None, ["Z"]), _link("X", None, ["Z"])]
    out = resolve(sib)
    assert all(len(d.sibling_ids) == 2 for d in out)
    assert {d.copy_id for d in out} | {s for d in out for s in d.sibling_ids} == {"X", "Y", "Z"}
    # a sibling link between an origin and its own copy adds nothing to the direct link
    assert [(d.copy_id, d.origin_id) for d in resolve([_link("B", "A"), _link("A", None, ["B"])])] == [("B", "A")]


def test_resolve_on_the_real_corpus_drops_links_never_copies(corpus):
    from newstrace.provenance.graph import resolve

    arts, _, _ = corpus
    links = trace(arts)
    kept = resolve(links)
    covered = lambda ds: {d.copy_id for d in ds} | {s for d in ds for s in d.sibling_ids} | {
        d.origin_id for d in ds if d.origin_id}
    assert len(kept) <= len(links)
    assert covered(kept) == covered(links)


def test_quotation_spanning_sentences_is_tracked_and_excluded_from_shared_wording():
    # invented text, written for this test
    sents = analyse_text("The mayor said: \u201cWe will rebuild the pier by spring. Nobody will be left behind.\u201d "
                         "Work starts on Monday.")
    assert 0.3 < sents[0].quote_share < 1.0 and sents[1].quote_share > 0.9 and sents[2].quote_share == 0.0
    assert sents[0].quoted[-1] and not sents[0].quoted[0]
    assert all(sents[1].quoted) and not any(sents[2].quoted)
    a = analyse_text("Crews from three counties restored power to the eastern harbour district on Tuesday night.")
    b = analyse_text("Officials said crews from three counties restored power to the eastern harbour district late on Tuesday.")
    runs = shared_wording(a[0], b[0])
    assert len(runs) == 1 and runs[0] > 3.0  # "crews from three counties ... district" is one run of rare-ish words
    qa = analyse_text("\u201cCrews from three counties restored power to the eastern harbour district,\u201d she said.")
    assert shared_wording(qa[0], b[0]) == []  # the same words inside a quotation are not the reporter's own


def test_rewrite_sharing_distinctive_sentences_is_linked_and_independent_reports_are_not(corpus):
    _, _, by = corpus
    # a condensed Spanish copy sharing two long sentences near-verbatim with its origin
    d, p = compare(by["g01"], by["g02"])
    assert d is not None and p >= 0.5
    sa, sb = article_sentences("", by["g01"].text), article_sentences("", by["g02"].text)
    assert pair_evidence(align(sa, sb), sa, sb, False).wording_max >= 8.0
    # BBC and a PA copy quote the same statement at length: quotations do not count as shared wording
    sa, sb = article_sentences("", by["m01"].text), article_sentences("", by["m03"].text)
    assert pair_evidence(align(sa, sb), sa, sb, False).wording < 5.0


def test_kind_verbatim_ignores_page_furniture_and_flags_edits():
    # invented text, written for this test
    body = ["Storm Ilse flooded 340 homes in the valley towns of Arrow and Keel overnight.",
            "Rescue teams from the coastguard lifted 52 people from roofs before dawn on Sunday.",
            "The county council opened three schools as shelters and asked drivers to stay away.",
            "Forecasters expect the river to crest again on Tuesday after more rain in the hills.",
            "Insurers said claims could pass the record set by the floods of the last decade.",
            "The army has put two hundred soldiers on standby for sandbagging in the lower valley."]
    origin = _article("o", "Floods hit the valley\n\n" + "\n\n".join(body))
    # same prose; a different headline, a standfirst, a byline and a share button are furniture
    furnished = _article("v", "Valley towns under water\n\nHundreds are homeless after a night of rain.\n\n"
                         "By Staff Writer\n\n" + "\n\n".join(body) + "\n\nShare this article")
    so, sv = analyse_text(origin.text), analyse_text(furnished.text)
    al = align(sv, so)
    assert derivation_kind(furnished, origin, sv, so, al.pairs, al.lexical) == "verbatim"
    edited_body = body[:2] + ["A local charity said it had collected food for more than four hundred families."] + \
        [body[2].replace("asked drivers", "urged motorists")] + body[3:]
    edited = _article("e", "\n\n".join(edited_body))
    se = analyse_text(edited.text)
    al = align(se, so)
    assert derivation_kind(edited, origin, se, so, al.pairs, al.lexical) == "edited"


def test_sibling_records_are_deterministic_and_say_which_side_is_the_reference(corpus):
    _, _, by = corpus
    one = trace([by["m01"], by["m02"]])
    two = trace([by["m02"], by["m01"]])
    assert len(one) == len(two) == 1
    assert (one[0].copy_id, one[0].sibling_ids) == (two[0].copy_id, two[0].sibling_ids)
    assert any(r.startswith("changes are read from the sibling to the copy") for r in one[0].direction_evidence)
    # a spun copy and its origin: the spun side is the copy even where the direction is not proven
    d = [x for x in trace([by["i01"], by["i03"]]) if x.origin_id is None]
    assert len(d) == 1 and d[0].copy_id == by["i03"].id and d[0].kind == "spun"


def test_a_verbatim_copy_is_read_against_a_sibling_that_keeps_its_wording_not_a_paraphrase(corpus):
    # story i: 02 republishes CNN's first version word for word, 04 is a machine paraphrase of that
    # version and 01 the affiliate's syndication of CNN's second version. 04 covers more of 02 (it
    # follows the same version), but read against it 02 was "spun", shown 04's rewording as its own.
    from newstrace.provenance.graph import resolve

    from newstrace.pipeline import analyze_document
    from newstrace.readers.base import RawDocument

    def analysed(a: Article) -> Article:  # read as ingest reads it: the byline "By Catherine Thorbecke, CNN"
        done = analyze_document(RawDocument(source=a.source, text="\n\n" + a.text, meta={"url": a.source.url}),
                                stages=("repair", "structure", "language"))
        return a.model_copy(update={k: getattr(done, k) for k in (
            "text", "headline", "byline", "credit", "contributors", "dateline", "published", "repairs")})

    _, _, by = corpus
    i01, i02, i04 = (analysed(by[k]) for k in ("i01", "i02", "i04"))
    kept = resolve(trace([i01, i02, i04]))
    record = next(d for d in kept if d.copy_id == i02.id)
    assert record.origin_id is None and record.sibling_ids[0] == i01.id
    assert record.kind in {"verbatim", "edited"}
    assert {c.kind for c in record.changes} >= {"reworded"}  # CNN's two versions of the third paragraph
    assert next(d for d in kept if d.copy_id == i04.id).kind == "rewritten"


def test_translation_aligns_on_names_and_numbers_in_order_and_independent_reports_do_not(corpus):
    from newstrace.provenance import verify_pair
    from newstrace.provenance.align import CROSS_MIN_PAIRS, cross_language_alignment

    _, _, by = corpus
    # English farm copy and El Nuevo Herald's Spanish edition of one Miami Herald story
    en, es = by["f01"], by["f02"]
    assert (en.language, es.language) == ("en", "es")
    sa, sb = article_sentences(en.headline or "", en.text), article_sentences(es.headline or "", es.text)
    al = cross_language_alignment(sa, sb)
    assert len(al.pairs) >= 6 and min(al.coverage_a, al.coverage_b) >= 0.5
    assert [i for i, _, _ in al.pairs] == sorted(i for i, _, _ in al.pairs)
    _, ev = verify_pair(sa, sb, True)
    assert ev.n_pairs + ev.n_quote_pairs == len(al.pairs) and ev.wording > 5
    d, p = compare(en, es)
    assert d is not None and p >= 0.5 and d.kind == "translation"
    assert d.origin_id is None and d.inferred_source  # both derive from the missing English original
    # same event, other reporters, other languages: at most two anchor-sharing pairs, never linked
    for x, y in (("f01", "f05"), ("f04", "f05"), ("p02", "p04"), ("p03", "p04")):
        a, b = by[x], by[y]
        assert a.language != b.language
        sx, sy = article_sentences(a.headline or "", a.text), article_sentences(b.headline or "", b.text)
        assert len(cross_language_alignment(sx, sy).pairs) < CROSS_MIN_PAIRS
        assert compare(a, b)[0] is None, (x, y)


def test_a_sentence_reworded_between_aligned_neighbours_is_a_number_change_not_an_omission():
    from newstrace.provenance.align import TAU, gap_pairs

    origin = _article("o", "Floodwaters closed the coastal road near Port Calder on Tuesday morning, officials said.\n\n"
                      "Over 320 residents, most of them elderly, left their homes over four days, according to "
                      "regional emergency officials.\n\n"
                      "The mayor said the sea wall would be raised by two metres before the winter storms.\n\n"
                      "Schools in the eastern districts will stay closed until the water recedes, the council said.")
    copy = _article("c", "Floodwaters closed the coastal road near Port Calder on Tuesday morning, officials said.\n\n"
                    "According to statements by regional emergency agents, more than 270 residents, mostly of "
                    "advanced age, left their homes within three days.\n\n"
                    "The mayor said the sea wall would be raised by two metres before the winter storms.\n\n"
                    "Schools in the eastern districts will stay closed until the water recedes, the council said.")
    so, sc = article_sentences("", origin.text), article_sentences("", copy.text)
    al = align(sc, so)
    assert [(i, j) for i, j, _ in al.pairs] == [(0, 0), (2, 2), (3, 3)]  # the reworded sentence is under TAU
    extra = gap_pairs(sc, so, al.pairs)
    assert [(i, j) for i, j, _ in extra] == [(1, 1)] and extra[0][2] < TAU
    origin = origin.model_copy(update={"published": "2024-03-12"})
    copy = copy.model_copy(update={"published": "2024-03-13"})  # the date makes the direction
    d = trace([origin, copy])[0]
    assert (d.copy_id, d.origin_id) == ("c", "o")
    numbers = [c for c in d.changes if c.kind == "number"]
    assert len(numbers) == 1 and "320" in numbers[0].origin_text and "270" in numbers[0].copy_text
    assert numbers[0].detail.startswith("320 residents, 4 days -> 270 residents, 3 days")
    assert not [c for c in d.changes if c.kind in ("omission", "addition")]
    assert any(p.copy_index == 1 and p.origin_index == 1 for p in d.alignment)
    # unrelated sentences in a gap stay an omission and an addition
    copy2 = copy.model_copy(update={"id": "c2", "text": copy.text.replace(
        "According to statements by regional emergency agents, more than 270 residents, mostly of advanced age, "
        "left their homes within three days.", "A charity concert for the families is planned at the "
        "harbour hall next Friday evening.")})
    d2 = trace([origin, copy2])[0]
    assert {c.kind for c in d2.changes} >= {"omission", "addition"}


FOOTER = ("The Kestrel Courier is an independent, nonprofit newsroom covering councils and schools in the "
          "Vessa valley. Our stories are free to republish under a Creative Commons licence, provided the "
          "byline and a link to the original are kept.")


def test_two_stories_sharing_only_their_outlets_footer_are_not_copies():
    from newstrace.provenance.derive import derivation_kind

    budget = _article("budget", "The Westford council voted 7-2 on Monday to raise library funding by 4 percent.\n\n"
                      "Councillor Dana Ruiz said the money would extend opening hours at three branches.\n\n"
                      "The budget also pays for two mobile reading vans for rural districts.\n\n"
                      "Library staff will be consulted on the new hours before the summer, the clerk said.\n\n" + FOOTER)
    storm = _article("storm", "High winds brought down power lines across Eastvale overnight, cutting power "
                     "to about 9,000 homes.\n\nThe utility said crews expected to restore most service by "
                     "Wednesday evening.\n\nSchools in the northern districts stay closed on Tuesday, the "
                     "superintendent said.\n\nResidents were asked to report fallen lines and to keep away "
                     "from them.\n\n" + FOOTER)
    d, p = compare(budget, storm)
    assert d is None and p < 0.5
    # the same story republished with the footer is still a copy
    again = budget.model_copy(update={"id": "again", "text": budget.text.replace("on Monday", "on Monday night")})
    d, p = compare(budget, again)
    assert d is not None and p >= 0.5
    # a copy sharing two sentences of a much longer text is not "verbatim"
    long_copy = _article("long", "A new column on rural reading.\n\n" + "\n\n".join(
        f"Paragraph {k} of the columnist's own thoughts on reading habits in small villages and towns." for k in
        range(8)) + "\n\nThe Westford council voted 7-2 on Monday to raise library funding by 4 percent.\n\n"
        "Councillor Dana Ruiz said the money would extend opening hours at three branches.")
    sc, so = article_sentences("", long_copy.text), article_sentences("", budget.text)
    al = align(sc, so)
    assert len(al.pairs) == 2 and all(x >= 0.99 for _, _, x in al.pairs)
    assert derivation_kind(long_copy, budget, sc, so, al.pairs, al.lexical) != "verbatim"


def test_sibling_records_word_changes_as_differences_not_alterations(corpus):
    from newstrace.provenance.derive import sibling_wording

    _, _, by = corpus
    (d,) = trace([by["m01"], by["m02"]])  # two copies of a missing PA story
    assert d.origin_id is None and d.changes
    details = " ".join(c.detail for c in d.changes)
    for directed in ("altered", "missing from the copy", "not in the origin", "dropped"):
        assert directed not in details, details
    assert sibling_wording("quote altered (90% alike)") == "quote differs (90% alike)"
    assert sibling_wording("origin text missing from the copy") == "text only in the sibling"


def test_qualifiers_count_only_before_a_number_and_are_not_compared_across_languages():
    from newstrace.provenance.changes import find_changes, number_changes
    from newstrace.provenance.text import analyse_sentence

    o = analyse_sentence("Four soldiers crossed over the Simon Bolivar bridge with more than 1,480 relatives.")
    c = analyse_sentence("Four soldiers crossed the Simon Bolivar bridge with more than 1,480 relatives.")
    assert number_changes(c, o) == []  # "over the bridge" is no qualifier
    c2 = analyse_sentence("Four soldiers crossed over the Simon Bolivar bridge with about 1,480 relatives.")
    assert [x.detail for x in number_changes(c2, o)] == ["qualifier more than -> about"]
    es = analyse_sentence("Cuatro soldados cruzaron el puente Simón Bolívar el 23 de febrero con más de 1,480 familiares.")
    en = analyse_sentence("Four soldiers crossed the Simon Bolivar bridge on February 23 with more than 1,480 relatives.")
    a_es, a_en = _article("es", es.text), _article("en", en.text)
    a_es.language = "es"
    assert find_changes(a_es, a_en, [es], [en], [(0, 0, 0.6)]) == []  # translated qualifier and month
    es_changed = analyse_sentence("Cuatro soldados cruzaron el puente Simón Bolívar con más de 1,400 familiares.")
    assert [x.detail for x in find_changes(a_es, a_en, [es_changed], [en], [(0, 0, 0.6)]) if x.kind == "number"] \
        == ["1480 relatives -> 1400 familiares"]


def test_a_moved_name_is_not_a_renamed_one():
    from newstrace.provenance.changes import word_changes
    from newstrace.provenance.text import analyse_sentence

    o = analyse_sentence("Opposition leader Ana Ruiz blamed the blackout on sabotage by the U.S. government, aides said.")
    c = analyse_sentence("Opposition leader Ana Ruiz blamed the U.S. for the blackout, aides said.")
    assert word_changes(c, o) == []
    o = analyse_sentence("The report was filed by Helga Armario from the border town.")
    c = analyse_sentence("The report was filed by Helga Wardrobe from the border town.")
    assert [(x.origin_text, x.copy_text, x.detail) for x in word_changes(c, o)] == [
        ("Armario", "Wardrobe", "name rendered as a common word")]


_SEEDED_RUN = """
import hashlib, sys
from pathlib import Path
from newstrace.corpora.provenance import load_corpus
from newstrace.provenance import TraceIndex, verify_pair
from newstrace.provenance.derive import decide, load_model
arts, _, _ = load_corpus(Path(sys.argv[1]))
idx = TraceIndex()
idx.add(arts)
h = hashlib.sha1()
for a, b, _path in idx.candidate_pairs(list(idx.articles)):
    A, B, sa, sb = idx.articles[a], idx.articles[b], idx.sentences(a), idx.sentences(b)
    al, ev = verify_pair(sa, sb, bool(A.language and B.language and A.language != B.language))
    h.update(repr((a, b, decide(A, B, sa, sb, al, ev, load_model()).probability)).encode())
print(h.hexdigest())
"""


def test_verification_is_the_same_whatever_the_hash_seed():
    """Set iteration order changes with PYTHONHASHSEED; float sums over it must not (a link at the
    threshold flipped between two runs of one store: 32,014 / 32,015 / 32,016 links of 10,000 articles)."""
    import os
    import subprocess
    import sys

    out = set()
    for seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-c", _SEEDED_RUN, str(SHARED / "corpora" / "provenance")],
                             capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        out.add(run.stdout.strip())
    assert len(out) == 1


@pytest.mark.parametrize("language,text", [
    ("ja", "東京の市議会は月曜日、新しい市場の建設を承認した。\n\n市長は来年の春に工事が始まると語った。"),
    ("zh", "市议会周一批准了新市场的建设。\n\n市长说工程将于明年春天开始。"),
    ("ko", "시의회는 월요일 새 시장 건설을 승인했다.\n\n시장은 내년 봄에 공사가 시작된다고 말했다."),
    ("th", "สภาเมืองอนุมัติการสร้างตลาดใหม่เมื่อวันจันทร์\n\nนายกเทศมนตรีกล่าวว่างานจะเริ่มในฤดูใบไม้ผลิหน้า"),
])
def test_articles_in_languages_wordfreq_cannot_tokenize_here_are_fingerprinted_and_traced(language, text):
    """wordfreq needs MeCab for Japanese and Korean and jieba for Chinese, and has no Thai tokenizer;
    a lookup then raised, and ingest stopped with an internal error on a Japanese file. Word weights
    fall back to the English list instead (every word reads as rare)."""
    from newstrace.provenance.text import wordfreq_language, zipf_in

    assert wordfreq_language(language) == "en"
    assert zipf_in("東京", language) == 0.0
    art = Article(id=f"{language}1", source=Source(path=f"{language}.txt", format="text"), text=text, language=language)
    assert fingerprint(art).to_dict()["article_id"] == f"{language}1"
    copy = art.model_copy(update={"id": f"{language}2", "source": Source(path=f"{language}2.txt", format="text")})
    trace([art, copy])  # verification reads the same word weights
