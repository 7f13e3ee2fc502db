"""Evaluate the Changes list of a derivation on labelled copy/origin pairs of the provenance corpus.

Usage::

    python bench/changes_eval.py            # every labelled pair: changes found, recall, automatic noise checks
    python bench/changes_eval.py --quiet    # figures only
    python bench/changes_eval.py --analyse  # run repair and structure on the excerpts first (byline, credit)

Each pair is verified as the trace verifies it (:func:`newstrace.provenance.verify_pair`) and its
Derivation built with the labelled direction forced (:func:`newstrace.provenance.derive.build_derivation`
given a decision whose votes name the labelled copy), so the Changes list is read whatever the
link decision says about the pair. The decision itself is not evaluated here (``bench/trace_eval.py``).

Expectations (:data:`EXPECT`) were written by reading each story's ``LABELS.md`` "Differences"
section: for a labelled difference of a kind issue 3 asks for (numbers, hedges and qualifiers,
quotes altered, names altered, credit, omitted and added text, slant, reworded sentences), the
change kinds that may report it and a short token (a few words) that must appear in the change's
origin text, copy text or detail. House-style differences (accents stripped, British spelling,
"U.S." -> "US") are not expected: they are no meaning change. Recall = expectations met / listed.

Noise is checked two ways: automatically, a number change naming a value that stands in both
sentences (the "800 -> 800" fault), and by inspection of the printed list (precision by
inspection: the figures in the module's results section were judged by reading every change).

Results (2026-11-30, session 7; ``python bench/changes_eval.py``, 22 pairs, 53 expectations, ~3 s).
Before: b4155d6 (the session-6 code; 105 changes, one fewer than session 6 measured, with the
other modules as they stood). Precision by inspection: every change of both lists was read
(105 before, 118 after); this reading counts page furniture as wrong wherever it stands (also
"In Partnership with 74", a donation appeal and related-story links, which session 6 counted
right, so its 97/106 reads 93/105 here).

==================================  ================  ================
figure                              before (b4155d6)  after
==================================  ================  ================
changes reported                    105               118
labelled differences found          38/53 = 0.72      44/53 = 0.83
number change, value on both sides  0                 0
precision by inspection             93/105 = 0.89     112/118 = 0.95
find_changes CPU ms per pair        1.1               4.2
==================================  ================  ================

(CPU: ``time.process_time`` around :func:`newstrace.provenance.changes.find_changes`, one cold
pass over the 22 pairs in a fresh process, three runs, load average 4-8 on 2 cores; the new cost
is mostly py3langid on unaligned sentences and the merged-sentence test.)

Judged wrong before: page furniture reported as omitted or added (four menu links of story K, a
navigation bar in h02, a "read also" link in f03, a partnership label and a donation appeal in o01,
related-story links in c03), the Russian half of the bilingual c05 reported as added, an origin
sentence merged into another copy sentence reported as omitted (f03's "800"), and one loosely
paired sentence reported as reworded (n03, a quotation paired with a sentence naming the same
co-authors). Judged wrong after: the n03 pair (unchanged: the alignment pairs them), c05's title
"added" (the origin excerpt has no title, the page's is the same), c03's related-story link and
o01's donation appeal (furniture that ends with sentence punctuation), and two tail omissions whose
text the copy rewrote rather than dropped (h03's "poor maintenance", paraphrased; g02's ACNUR
sentence, half merged into the copy's last sentence). Borderline, counted right: "hedge added:
may" in the spun i03; tail omissions and additions of e02, n02, n03 and p01, which are true of the
excerpts though the full articles may hold the text further down.

Missed after, and why: no sentence of the pair aligns (c06 Greek, c08 MT of a Persian summary, the
Russian half of c05, whose "Николая" no word-level comparison reads across languages); e02's
"Martínez" (the sentence naming him stands before the first aligned one, where the copy's intro is);
"waiting for their orders" dropped in a translation (word-level changes are not read across
languages); n03's corrected quote and added affiliations (the alignment pairs the affiliation
sentence with the quotation, so neither is free); no credit without the structure stage (g02).
With ``--analyse`` 35/53 before, 41/53 after: the structure stage sets the "By Orla Guerin"
byline aside, so c03's and c04's omitted sections no longer name her (both versions), and o01's
date line becomes the article's publication date, which the Changes list does not compare.

What changed (session 7): unaligned page furniture (fragments under 6 words without closing
punctuation, navigation bars, "Headline | Site" titles, "read also" links; never a byline line),
the other-language half of a bilingual page (another script, or py3langid naming another
language) and sentences merged into or moved to a sentence of the other side are neither omitted
nor added; after the last aligned sentence of each side a sentence is reported where the other
side goes on at that place with other text (two excerpts cut at ~2,000 characters), never where
the other side ends there (an excerpt's cut and an article's end cannot be told apart); unaligned
sentences of both sides that are one sentence reworded out of order are compared as loose pairs;
slant is not read inside an added quotation.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from newstrace.corpora.provenance import load_corpus
from newstrace.provenance import verify_pair
from newstrace.provenance.derive import DIRECTION_MARGIN, PairDecision, build_derivation
from newstrace.provenance.fingerprint import article_sentences
from newstrace.provenance.text import fold, languages_differ, number_value, tokens

#: Labelled pairs, ``"<story letter><copy file><<story letter><origin file>"``; where the labelled
#: origin is missing, its closest labelled stand-in (c01 for the BBC page, f01 for the Miami Herald,
#: i02 for CNN-v1, i01 for CNN-v2, p02 for the Reuters sentence it shares with p01, m01 for PA).
PAIRS = ["c02<c01", "c03<c01", "c04<c01", "c05<c01", "c06<c01", "c08<c01", "d02<d01", "e02<e01", "f02<f01",
         "f03<f02", "g02<g01", "h02<h01", "h03<h01", "i03<i01", "i04<i02", "k02<k01", "m02<m01", "n02<n01",
         "n03<n01", "o01<o02", "o03<o02", "p01<p02"]

_R = ("reworded", "quote")  # a reworded sentence may hold the words inside a quotation
#: ``(pair, change kinds that may report it, token)`` read from the LABELS.md differences.
EXPECT: list[tuple[str, tuple[str, ...], str]] = [
    ("c02<c01", ("omission", "credit", "byline"), "Orla Guerin"),        # byline block removed
    ("c02<c01", ("omission",), "defectors say"),               # subheads removed
    ("c03<c01", ("omission",), "Guerin"),                      # skips the Guerin section
    ("c04<c01", ("reworded",), "exclusive"),                   # "Speaking exclusively ..." reworded
    ("c04<c01", ("omission",), "Guerin"),                      # drops the Guerin section
    ("c05<c01", ("name",), "Николая"),                         # Nicolás -> Nikolai in the Russian half
    ("c06<c01", ("number",), "150"),                           # "one officer out of the 150"
    ("c08<c01", ("number",), "tons"),                          # "four tons of hundreds"
    ("c08<c01", ("name",), "Gurien"),                          # Guerin misspelt
    ("e02<e01", ("quote",), "trap"),                           # "fell in a hole" -> "fell into a trap"
    ("e02<e01", ("quote",), "worth anything"),                 # "was worth nothing" -> "wasn't worth anything"
    ("e02<e01", ("reworded",), "designated"),                  # "... holds thousands" -> "designated by ..."
    ("e02<e01", ("reworded", "name"), "Martínez"),             # "Major Hugo Parra Martínez" -> "army major Hugo Parra"
    ("f02<f01", ("hedge",), "almost"),                         # "almost three months" -> "tres meses"
    ("f02<f01", ("reworded", "omission"), "waiting"),          # "waiting for their orders" dropped
    ("f03<f02", ("reworded", "name", "slant"), "encargado"),   # "verdadero presidente" -> "presidente encargado"
    ("f03<f02", ("addition",), "77"),                          # adds "77 oficiales militares ..."
    ("f03<f02", _R, "sin embargo"),                            # "pero" -> "sin embargo"
    ("g02<g01", ("hedge",), "cerca de"),                       # hedge added before "setecientos"
    ("g02<g01", ("hedge",), "al menos"),                       # "al menos" added before "30 años"
    ("g02<g01", ("slant",), "autoproclamado"),
    ("g02<g01", ("slant",), "agente"),
    ("g02<g01", ("addition", "quote"), "perros"),              # new quote
    ("g02<g01", ("credit",), "El Mundo"),                      # no credit to El Mundo
    ("h02<h01", ("omission", "reworded"), "paralyzed"),        # lead clause dropped
    ("h02<h01", ("reworded",), "power failures"),              # "outages" -> "power failures"
    ("h02<h01", ("reworded",), "as a result of"),              # "died of" -> "died as a result of"
    ("h02<h01", ("omission",), "Alvarado"),                    # health minister sentence replaced ...
    ("h02<h01", ("addition",), "little information"),          # ... by this one
    ("h02<h01", ("addition",), "tweeted"),                     # a Maduro tweet added
    ("h03<h01", ("reworded",), "due to"),                      # "died of" -> "died due to"
    ("h03<h01", ("omission",), "Alvarado"),
    ("h03<h01", ("addition",), "sabotage"),
    ("i03<i01", ("name", "credit"), "Related"),                # Associated Press -> Related Press
    ("i03<i01", ("quote",), "Dwelling"),                       # spun quoted headline
    ("i03<i01", ("reworded",), "tales"),                       # stories -> tales
    ("i03<i01", ("name", "reworded", "quote"), "Cash"),        # Money team -> Cash workforce
    ("i04<i02", ("quote",), "significant"),                    # "substantial" -> "significant" in quotes
    ("i04<i02", ("quote",), "in-house"),
    ("i04<i02", ("quote",), "mortgage affect"),                # fact changed inside a quoted headline
    ("i04<i02", ("reworded",), "agency"),                      # "News outlet" -> "News agency"
    ("i04<i02", ("reworded",), "taken a break"),               # "hit pause on" -> "taken a break from"
    ("m02<m01", ("reworded", "name"), "Strasbourg"),           # "Mr Juncker" / "Jean-Claude Juncker in Strasbourg"
    ("n02<n01", ("quote",), "(a)"),                            # quote repaired with a bracket
    ("n02<n01", ("reworded", "addition"), "B-plus"),           # "B+" -> "B-plus"
    ("n02<n01", ("addition",), "CNN"),                         # adds a CNN quote
    ("n03<n01", ("quote",), "a pretty mediocre"),              # quote silently corrected
    ("n03<n01", ("addition",), "Twin Cities"),                 # adds the authors' affiliations
    ("o01<o02", ("name", "credit"), "LA School Report"),       # photo credit changed
    ("o01<o02", ("omission",), "Grappling"),                   # deck dropped
    ("o01<o02", ("date",), "february 8"),                      # dated a day later
    ("p01<p02", _R, "drugs"),                                  # medicines -> drugs (confirmed pair)
    ("p01<p02", _R, "dire"),                                   # real -> dire
]  # fmt: skip


def _values(text: str) -> set[str]:
    """Number values written in a text (digits and number words), as :func:`number_value` reads them."""
    return {v for t in tokens(text) if (v := number_value(t)) is not None}


def number_noise(change) -> list[str]:
    """Values a number change reports as changed although both sentences state them (automatic check)."""
    if change.kind != "number":
        return []
    both = _values(change.origin_text) & _values(change.copy_text)
    reported = re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])", change.detail.split(";")[0])
    return sorted(v for v in set(reported) if v in both)


def _hit(change, kinds: tuple[str, ...], token: str) -> bool:
    if change.kind not in kinds:
        return False
    t = fold(token)
    return any(t in fold(x) for x in (change.origin_text, change.copy_text, change.detail))


def load_pairs(analyse: bool = False):
    """The labelled articles by ``(story letter, file number)`` (corpus loader; optionally analysed as ingest does)."""
    arts, _gold, files = load_corpus()
    if analyse:
        from trace_eval import analyse_articles  # the bench's own helper

        arts = analyse_articles(arts)
    by_id = {a.id: a for a in arts}
    return {(f.story[0], f.file): by_id[aid] for aid, fs in files.items() for f in fs}


def pair_derivation(by_file, spec: str):
    """The Derivation of a labelled pair ``"c04<c01"`` with the labelled copy and origin (direction forced)."""
    c, o = spec.split("<")
    copy, origin = by_file[(c[0], c[1:])], by_file[(o[0], o[1:])]
    sc = article_sentences(copy.headline or "", copy.text or "")
    so = article_sentences(origin.headline or "", origin.text or "")
    al, ev = verify_pair(so, sc, languages_differ(copy, origin))
    dec = PairDecision(1.0, True, DIRECTION_MARGIN, [], ev, False)  # votes > 0: the second article is the copy
    return build_derivation(origin, copy, so, sc, al, dec), len(al.pairs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quiet", action="store_true", help="print the figures only")
    ap.add_argument("--analyse", action="store_true", help="analyse the excerpts first (repair, structure)")
    args = ap.parse_args(argv)
    by_file = load_pairs(args.analyse)
    found, noise, total = 0, [], 0
    per_kind: dict[str, int] = {}
    for spec in PAIRS:
        d, n_pairs = pair_derivation(by_file, spec)
        total += len(d.changes)
        if not args.quiet:
            print(f"\n== {spec}  kind {d.kind}  aligned {n_pairs}  changes {len(d.changes)}")
        for ch in d.changes:
            per_kind[ch.kind] = per_kind.get(ch.kind, 0) + 1
            bad = number_noise(ch)
            if bad:
                noise.append((spec, ch.detail, bad))
            if not args.quiet:
                print(f"  [{ch.kind}] {ch.detail}{'  NOISE ' + ','.join(bad) if bad else ''}")
                print(f"      O: {ch.origin_text[:150]!r}\n      C: {ch.copy_text[:150]!r}")
        for pair, kinds, token in (e for e in EXPECT if e[0] == spec):
            ok = any(_hit(ch, kinds, token) for ch in d.changes)
            found += ok
            if not args.quiet or not ok:
                print(f"  expect {'FOUND ' if ok else 'MISSED'} {pair} {'/'.join(kinds)}: {token!r}")
    print(f"\nchanges reported: {total}  by kind: {dict(sorted(per_kind.items()))}")
    print(f"labelled differences found (recall): {found}/{len(EXPECT)} = {found / len(EXPECT):.2f}")
    print(f"number changes naming a value present on both sides (automatic noise): {len(noise)}")
    for spec, detail, bad in noise:
        print(f"  {spec}: {detail!r} ({', '.join(bad)} on both sides)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
