"""Candidate retrieval at scale: document-frequency weights, bounded candidates per article, incremental = full.

Real articles from ../shared (the provenance corpus and Reuters-21578 stories as distractors).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from newstrace.corpora.provenance import load_corpus
from newstrace.corpora.reuters import iter_reuters
from newstrace.provenance import candidates as cand
from newstrace.provenance.candidates import CandidateIndex, df_factor
from newstrace.provenance.fingerprint import article_sentences, fingerprint
from newstrace.schema import Article, Source, text_id

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
pytestmark = pytest.mark.skipif(not (SHARED / "corpora" / "reuters21578").is_dir(), reason="needs ../shared")


@pytest.fixture(scope="module")
def fps():
    """Fingerprints of the provenance corpus plus the first 1,500 Reuters stories; and the corpus by file."""
    arts, _gold, files = load_corpus(SHARED / "corpora" / "provenance")
    by = {f"{f.story[0]}{f.file}": a.id for a in arts for f in files[a.id]}
    out = [fingerprint(a) for a in arts]
    for k, st in enumerate(iter_reuters()):
        if k >= 1500:
            break
        a = Article(source=Source(path=f"reuters21578:{st.newid}"), headline=st.title,
                    text="\n\n".join(st.paragraphs()), language="en")  # fmt: skip
        a.id = text_id(a.headline + "\n" + a.text)
        out.append(fingerprint(a))
    return out, by


def test_df_factor_is_an_idf_on_a_fixed_scale():
    assert df_factor(1) == 1.0 and df_factor(cand.DF_FULL) == 1.0
    assert df_factor(cand.MAX_POSTINGS) == 0.0 and df_factor(10 * cand.MAX_POSTINGS) == 0.0
    mid = df_factor(np.array([cand.DF_FULL * 2, cand.DF_FULL * 8, cand.MAX_POSTINGS // 2]))
    assert 1.0 > mid[0] > mid[1] > mid[2] > 0.0


def test_spun_and_machine_translated_copies_stay_candidates_among_reuters_distractors(fps):
    prints, by = fps
    index = CandidateIndex()
    index.add(prints)
    of = {fp.article_id: fp for fp in prints}
    for copy, relative in (("i03", "i01"), ("c08", "c01")):  # spun; English MT of a summary
        assert by[relative] in index.query_robust(of[by[copy]])
        assert by[relative] not in index.query_lsh(of[by[copy]])


def _full_pairs(index: CandidateIndex, prints) -> set[tuple[str, str]]:
    return {(min(a, b), max(a, b)) for fp in prints for b in index.query_robust(fp) for a in [fp.article_id]}


def test_candidates_per_article_are_bounded_and_querying_new_articles_equals_a_full_run(fps):
    prints, _ = fps
    # a small top_k and threshold make the bound bite on this sample (Reuters earnings notices
    # share many features); the pair set must still be the symmetric one of a full run
    index = CandidateIndex(top_k=3, robust_threshold=2.0, use_lsh=False)
    index.add(prints)
    full = _full_pairs(index, prints)
    over = sum(1 for fp in prints if len(index.robust_scores(fp)[0]) > 3)
    assert over >= 20, "the sample no longer has articles with more than top_k candidates"
    assert len(full) <= 3 * len(prints)
    new = prints[len(prints) // 2 :]
    fresh = CandidateIndex(top_k=3, robust_threshold=2.0, use_lsh=False)
    fresh.add(prints)
    new_ids = {fp.article_id for fp in new}
    incremental = _full_pairs(fresh, new)
    assert incremental == {p for p in full if p[0] in new_ids or p[1] in new_ids}
    assert fresh.stats["reverse_queries"] > 0  # some pairs were found from the other article's side


def test_a_copy_cut_to_two_sentences_is_a_candidate_of_its_origin(fps, monkeypatch):
    """A cut copy keeps few names and figures, all shared with its origin: the pair threshold
    falls with the shorter article's live mass (containment), where the fixed one missed it."""
    prints, _ = fps
    reuters = prints[-1500:]  # the fixture's Reuters stories, in corpus order
    copies = []
    for fp, st in zip(reuters, iter_reuters()):
        # two middle sentences of 8+ words, no headline: the lead's names and the sign-off are gone
        body = [s.text for s in article_sentences("", "\n\n".join(st.paragraphs())) if len(s.words) >= 8]
        if len(body) >= 5:
            c = Article(source=Source(path="cut"), headline="", text=" ".join(body[1:3]), language="en")
            c.id = text_id(c.text)
            copies.append((fingerprint(c), fp.article_id))
    assert len(copies) >= 400

    def recall() -> float:
        index = CandidateIndex(use_lsh=False)
        index.add(prints)
        return sum(origin in index.query_robust(fp) for fp, origin in copies) / len(copies)

    found = recall()
    monkeypatch.setattr(cand, "MIN_ROBUST_THRESHOLD", cand.ROBUST_THRESHOLD)  # the fixed threshold alone
    found_fixed = recall()
    assert found >= 0.8 and found >= found_fixed + 0.05, (found, found_fixed)


def test_pair_threshold_is_symmetric_and_bounded():
    assert cand.pair_threshold(100.0, 2.0) == cand.pair_threshold(2.0, 100.0) == cand.MIN_ROBUST_THRESHOLD
    assert cand.pair_threshold(100.0, 100.0) == cand.ROBUST_THRESHOLD
    m = np.array([1.0, 4.0, 5.0, 50.0])
    t = cand.pair_threshold(6.0, m)
    assert (t >= cand.MIN_ROBUST_THRESHOLD).all() and (t <= cand.ROBUST_THRESHOLD).all()
    assert t[2] == pytest.approx(cand.CONTAINMENT * 5.0)


def test_live_mass_drops_boilerplate_features_as_they_reach_the_posting_cap(fps, monkeypatch):
    prints, _ = fps
    monkeypatch.setattr(cand, "MAX_POSTINGS", 40)  # small cap: many Reuters features reach it
    index = CandidateIndex(use_lsh=False)
    index.add(prints)
    df: dict[int, int] = {}
    for fp in {fp.article_id: fp for fp in reversed(prints)}.values():  # the index keeps the first of an id
        for g in cand.prefix(fp)[0].tolist():
            df[g] = df.get(g, 0) + 1
    assert sum(1 for v in df.values() if v >= 40) >= 20
    for fp in prints[::37]:
        f, w = cand.prefix(fp)
        expect = sum(float(x) for g, x in zip(f.tolist(), w.tolist()) if df[g] < 40)
        assert index.live_mass(fp) == pytest.approx(expect, abs=1e-5)


def test_maxscore_reading_finds_the_scores_of_reading_every_posting_list(fps):
    """Long posting lists are only looked up for candidates found in the others (MaxScore); the
    result must equal a plain read of every list, features held by 1,000+ articles excepted."""
    prints, _ = fps
    index = CandidateIndex(use_lsh=False)
    index.add(prints)
    csr = index._build()
    lookups = 0
    for fp in prints[::25]:
        f, w = cand.prefix(fp)
        score: dict[int, float] = {}
        bounds = []
        for feat, wt in zip(f.tolist(), w.tolist()):
            k = int(csr.find(np.array([feat]))[0])
            if k < 0:
                continue
            s0, n = int(csr.starts[k]), int(csr.lens[k])
            g = float(df_factor(n))
            bounds.append((n, wt * g))
            for d, dw in zip(csr.docs[s0 : s0 + n].tolist(), csr.wts[s0 : s0 + n].tolist()):
                score[d] = score.get(d, 0.0) + min(dw, wt) * g
        me = index.ids.index(fp.article_id)
        mass = index.live_mass(fp)
        expect = {d: round(s, 6) for d, s in score.items() if d != me
                  and round(s, 6) >= cand.pair_threshold(mass, float(csr.live[d])) - 1e-6}  # fmt: skip
        pos, got = index.robust_scores(fp)
        assert set(pos.tolist()) == set(expect)
        for d, s in zip(pos.tolist(), got.tolist()):
            assert s == pytest.approx(expect[d], abs=2e-6)
        # an indexed article's prefix is read from the posting log; a fingerprint not indexed is
        # searched feature by feature: both must score alike (the copy scores its original too)
        clone = dataclasses.replace(fp, article_id="not indexed")
        pos2, got2 = index.robust_scores(clone)
        as_clone = dict(zip(pos2.tolist(), got2.tolist()))
        as_clone.pop(me, None)
        assert as_clone == dict(zip(pos.tolist(), got.tolist()))
        bounds.sort(reverse=True)
        lookups += bool(bounds) and bounds[0][1] < cand.MIN_ROBUST_THRESHOLD
    assert lookups >= 10, "no query had a list to look up: the test no longer exercises the pruning"


def test_lsh_bands_return_what_datasketch_minhashlsh_returns(fps):
    """The LSH path keeps datasketch's bands in one sorted array (newstrace.provenance.lsh): same
    bands x rows, and for every article the same colliding articles as datasketch's MinHashLSH."""
    from datasketch import MinHashLSH

    from newstrace.provenance.fingerprint import NUM_PERM, minhash_of

    prints, _ = fps
    prints = list({fp.article_id: fp for fp in reversed(prints)}.values())  # the index keeps one per id
    index = CandidateIndex(use_robust=False)
    index.add(prints)
    lsh = MinHashLSH(threshold=cand.LSH_THRESHOLD, num_perm=NUM_PERM)
    for fp in prints:
        lsh.insert(fp.article_id, minhash_of(fp.minhash), check_duplication=False)
    assert (index.b, index.r) == (lsh.b, lsh.r)
    hits = 0
    for fp in prints:
        ours = index.query_lsh(fp)
        assert ours == set(lsh.query(minhash_of(fp.minhash))) - {fp.article_id}
        hits += len(ours)
    assert hits >= 100, "too few collisions to compare"
