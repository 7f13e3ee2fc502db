"""Candidate retrieval at scale: document-frequency weights, bounded candidates per article, incremental = full.

Real articles from ../shared (the provenance corpus and Reuters-21578 stories as distractors).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from newstrace.corpora.provenance import load_corpus
from newstrace.corpora.reuters import iter_reuters
from newstrace.provenance import candidates as cand
from newstrace.provenance.candidates import CandidateIndex, df_factor
from newstrace.provenance.fingerprint import fingerprint
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
