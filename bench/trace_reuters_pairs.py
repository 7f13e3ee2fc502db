"""Links among Reuters-21578 stories themselves: how many candidate pairs of wire stories are linked, and which.

Usage::

    python bench/trace_reuters_pairs.py --n 2000            # the first 2,000 stories with a body
    python bench/trace_reuters_pairs.py --n 19043 --show 0  # all of them, figures only
    python bench/trace_eval.py --reuters 0 --reuters-pairs 2000   # the same, after the corpus figures

``bench/trace_eval.py`` verifies only candidate pairs touching the labelled corpus, so links
between two Reuters stories were never measured. Reuters-21578 holds real duplicates, corrected
re-sends ("CORRECTED - ...") and follow-ups of one event, which are copies or updates, and many
wire templates (Eurobond issues, note offerings, dividend and results notices) filled with other
events' names and figures, which are not. Every candidate pair among the first ``--n`` stories is
verified as ``newstrace trace`` verifies it (:func:`newstrace.provenance.verify_pair`,
:func:`newstrace.provenance.derive.decide`, the shipped calibration) and the script prints:

- candidate pairs, links, and pairs the calibrated model alone would link but a gate holds back:
  the template gate (:attr:`newstrace.provenance.evidence.PairEvidence.template`), or one content
  sentence in common, the other aligned "sentence" being a sign-off ("Reuter") or a dateline
  (:func:`newstrace.provenance.derive.link_probability`);
- links by slot agreement (:func:`newstrace.provenance.evidence.slot_agreement`: names and
  figures of the sentence pairs sharing their wording): agree (>= 0.8), mostly (0.5-0.8), and
  few slots to compare;
- a check that does not use that measure: where both headlines carry a ticker (``<KM>``), whether
  the tickers are the same company (duplicates, updates) or different ones (templates, or a story
  about two companies);
- kinds of the links, and ``--show K`` random links and held-back pairs (seeded) with their
  headlines, for inspection by hand.

Results (2026-11-30, session 6, load 5-7 on 2 shared cores; ``--n 2000`` and ``--n 19043``; "before" is
the code of the start of the session, run on the same stories):

=================================================  ==============  ===============
stories (distinct texts)                           2,000 (1,976)   19,043 (18,761)
=================================================  ==============  ===============
candidate pairs                                    3,635           49,814
links before this session                          262             6,012
links the model alone would make (both gates off)  265             6,097
held back as templates (slot agreement)            53              1,740
held back: one content sentence and a sign-off     40              790
links now                                          172             3,567
links by slot agreement: agree / mostly / few      105 / 50 / 14   1,858 / 1,499 / 143
headline tickers, links: shared / not shared       45 / 8          575 / 384
headline tickers, held back: shared / not shared   0 / 17          26 / 565 (63 incl. the second gate)
CPU s: index, verification                         2.9, 3.7        26.3, 71.8
=================================================  ==============  ===============

Cost of the gates: verifying and deciding the 49,814 pairs (no derivation records) took 57.5 CPU s
with the code of the start of the session and 59.3 CPU s now (+3%; the slots are measured only for
pairs the model would link); on 1,600 generated copies, all links, about +10%.

By inspection: at 2,000 every held-back pair was read by hand: all are different events
(Eurobond, note and convertible issues of other borrowers, results and dividend notices of other
companies, money-market and Fed reports of other days, stories that share one background sentence),
except two that share one real background sentence (a Eurobond roundup repeating the Gasunie issue;
two USAir stories). At 19,043 the 63 held-back pairs sharing a headline ticker were read: same
company but mostly another event (February and March sales, 3rd and 1st quarter results, two Air
Force contracts), and a few reports of one event with other figures (operating and net results
tables of one quarter; a restated year table). Of the 172 links left at 2,000 (all read), most are
real duplicates, corrected re-sends, updates and follow-ups sharing paragraphs, but about 50 are
still templates or different events whose distinctive slots are absent or too common to weigh:
one-line dividend notices whose only name is the company in a capitals headline (the 384 links
with different tickers at 19,043 are mostly these and S&P/Moody's rating notices), Franklin fund
payout notices that differ in a state name and a figure, daily money-market, Fed and CCC
export-bonus reports of one institution, and same-topic stories sharing a background paragraph.

Session 9 (2026-11-30, load 7-11 on 2 shared cores; ``--n 3000`` = the first 2,966 distinct stories,
5,760 candidate pairs; "before" is the code of the start of the session, run on the same stories with
``--pairs`` and the two files compared): the headlines' distinctive names are compared
(:func:`newstrace.provenance.evidence.subject_differs`) and the lead's rare opening name is a slot
(:func:`newstrace.provenance.evidence.context_anchors`).

=================================================  ==========  ==========
``--n 3000``                                       before      after
=================================================  ==========  ==========
links                                              289         264
held back as templates                             112         137
links by slot agreement: agree / mostly / few      173/91/21   181/61/17
links by slot agreement: disagree (conflict < 1.5) 4           5
links whose headline tickers differ                24          7
CPU s, verification (same load)                    8.0         8.6-9.4
=================================================  ==========  ==========

The 25 links held back (``--pairs`` before and after compared; none went the other way) were all
read: 24 are one notice form filled for two subjects (dividend notices of Tultex / Aid Corp, M.D.C.
Holdings / Conchemco, Witco / Petrolite; note, debenture and convertible offerings of USG, Chrysler,
GE, Pitney Bowes, Arvin / Rohr, Fieldcrest Cannon / Micropolis; Eurobonds of Gunma Bank, Matsushita,
Hokkaido Bank, GECC / Montedison, Gasunie / Fiat; S&P and Moody's rating notices of Georgia-Pacific /
Navistar, Allied Bancshares / Florida National / MCorp; results tables of BEI Holdings / Perry Drug,
Central Sprinkler / Supreme Equipment; base rate cuts of Barclays / Lloyds); one is Sun Electric's
net and operating-net tables of one quarter (other figures throughout: two reports, not a copy; it
was linked at agreement 0.50 exactly, and the operating line's "Oper" now counts as a name slot).
Four links are kept only because their bodies' slots agree (:attr:`~newstrace.provenance.evidence.PairEvidence.body_slots_agree`):
base rate cuts of Citibank / Barclays (twice) / Lloyds sharing a background sentence, and Mitsui /
Gunma Eurobonds sharing a selling concession figure; a copy that rewrote its headline is kept the
same way. The 7 links whose tickers still differ: Conagra / Monfort and Telxon, Sterivet (one
company, two ticker spellings), USAir / Piedmont (one takeover), and three of two subjects whose
names are common words (USG / Commercial Credit, Texas Air / Hyponex) or two letters (NL). Left:
Franklin fund payout notices (the differing subject, "New York" / "Federal", "Massachusetts" /
"Ohio", is common words under a shared "Franklin"), Eurobonds of issuers with common-word names
(Great American / Nissan), and daily reports of one institution with other figures (the Fed's
customer repurchases, Bank of England forecasts, Exxon's barge price raised and cut).

Generated copies (``bench/trace_scale.py --n 10000``, and each labelled (copy, origin) pair of its
corpus verified directly, before and after): deletion 1,551 and spun+deletion 1,562 linked pairs,
unchanged; number edits 1,558 -> 1,556 (link recall 0.997 -> 0.996). The two were kept before only
by slots that were not slots: "Corp's" weighed as a rare name, and a capitals headline's "MLN" and
"STG" as agreeing names; without them they read as what they resemble, one notice with other figures
(a Bank of England shortage forecast with four of its six figures changed, which is what the next
day's forecast looks like). The headlines' names (:attr:`~newstrace.provenance.evidence.PairEvidence.subject_differs`)
differ for 2 of the 4,821 labelled pairs (spun copies without a headline that swapped "Oil" for
"Petroleum" in "Standard Oil"); their bodies' slots agree, so both stay linked.

Session 11 (2026-11-30, load 3-5 on 2 shared cores; ``--n 3000``; "before" is the code of the start of
the session, run on the same stories with ``--pairs`` and the two files compared): slots are also read
in place (:func:`newstrace.provenance.evidence.refill_counts`: in each sentence pair sharing its frame,
a short run of differing words holding a name, date or figure on both sides is one slot filled anew)
and a pair whose substituted slots outnumber the weight of the slots kept is held back
(:func:`newstrace.provenance.evidence.refilled`, part of
:attr:`~newstrace.provenance.evidence.PairEvidence.template`). A new-user test had found 325 of 493
links of an 800-record feed of invented notices joining different items; the invented families of
``tests/_template_families.py`` (ten forms: results, dividend, Eurobond, weather, road, sports,
obituary, court list, police brief, press release) measure it.

=================================================  ==========  ==========
``--n 3000``                                       before      after
=================================================  ==========  ==========
links                                              264         238
held back as templates                             137         163
held back by the refill gate alone                 --          26
links by slot agreement: agree / mostly / few      181/61/17   181/43/13
links by slot agreement: disagree (conflict < 1.5) 5           1
links whose headline tickers differ                7           6
CPU s, verification (same load)                    7.7         10.1-10.7
=================================================  ==========  ==========

The 26 links held back (none went the other way) were all read by their headlines and 8 by their
bodies: one form filled for two events. Franklin fund payout notices of two funds (15 pairs: "New
York" / "Federal", "Minnesota" / "Michigan" ...), Bank of England money-market forecasts and help
of two days (4), New York banks' and all U.S. banks' discount borrowings of one week, Dutch central
bank advances of two days, CCC export bonus bids for two buyers (semolina to Egypt, wheat flour to
Iraq), Eurobonds of two borrowers (Nissan / Great American, CAECL / Great American, Union Bank of
Finland / Caisse Desjardins), and notes of USG / Commercial Credit. Two versions of one story told
in other words (Western Digital's e-mail package, GM's European sales) stay linked: their names are
kept in place, and a reworded passage (a differing run longer than six words) substitutes nothing.
The 6 links whose tickers still differ: Conagra / Monfort and Telxon, Sterivet (one company, two
ticker spellings), USAir / Piedmont (one takeover), Texas Air / Hyponex (debt offerings whose
bodies share their names), and DST Systems / NL Industries: two dividend notices identical below
the headline (same amount and record date; the pay dates differ, one slot), whose subjects are a
ticker and a two-letter name.

Invented families (``python tests/_template_families.py 10 SEED``, seeds 1-6, 840 articles, before
and after): links joining two different items among the candidate pairs 28 -> 4 (links found 38,
38, 38, 38, 38, 37 of 40 copies, unchanged); every pair of one family verified directly, 51 -> 4 of
5,220 independent pairs. The 4 left: one Eurobond issuer twice with the same amount and coupon
(other year, price and payment date), and one company's dividend twice with the same amount and
months (other days). Copies missed before and after: a spun dividend notice (model probability
0.48-0.55 at three lines) and a cut police brief, in every seed; the gate costs no copy.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from newstrace.corpora.reuters import iter_reuters
from newstrace.provenance import TraceIndex, verify_pair
from newstrace.provenance.derive import (
    LINK_PROBABILITY,
    MIN_PAIRS,
    build_derivation,
    decide,
    enough_pairs,
    load_model,
    probability,
)
from newstrace.provenance.evidence import SLOT_MIN_AGREEMENT, SLOT_MIN_CONFLICT
from newstrace.schema import Article, Source, text_id

_TICKER = re.compile(r"<([A-Z][A-Z0-9.]{0,7})>")


def reuters_stories(n: int | None) -> tuple[list[Article], dict[str, tuple[str, str]]]:
    """The first ``n`` Reuters stories with a body as Articles (as ``bench/trace_eval.py`` reads them),
    and per article id its ``(NEWID, title)``."""
    arts, meta = [], {}
    for k, st in enumerate(iter_reuters()):
        if n is not None and k >= n:
            break
        a = Article(source=Source(path=f"reuters21578:{st.newid}", format="text"), headline=st.title,
                    text="\n\n".join(st.paragraphs()), published=st.date[:10] or None, language="en")
        a.id = text_id(a.headline + "\n" + a.text)
        if a.id not in meta:
            arts.append(a)
            meta[a.id] = (str(st.newid), st.title)
    return arts, meta


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def measure(n: int | None, show: int = 10, seed: int = 5) -> dict:
    """Verify every candidate pair among the first ``n`` Reuters stories; print and return the figures."""
    t0, c0 = time.time(), _cpu()
    arts, meta = reuters_stories(n)
    index = TraceIndex(cache_size=50_000)
    index.add(arts)
    pairs = index.candidate_pairs(list(index.articles))
    c1 = _cpu()
    model = load_model()
    links, held, one_sentence = [], [], []
    for a, b, _path in pairs:
        A, B = index.articles[a], index.articles[b]
        sa, sb = index.sentences(a), index.sentences(b)
        al, ev = verify_pair(sa, sb, False)
        dec = decide(A, B, sa, sb, al, ev, model)
        ev = dec.evidence
        p_model = probability(ev.vector() + [float(dec.credit_link)], model)
        row = {"a": a, "b": b, "p": p_model, "agreement": ev.slot_agreement, "agree": ev.slot_agree,
               "conflict": ev.slot_conflict}
        if dec.linked:
            row["kind"] = build_derivation(A, B, sa, sb, al, dec).kind
            links.append(row)
        elif p_model >= LINK_PROBABILITY and (ev.n_pairs >= MIN_PAIRS or ev.semantic_pairs >= MIN_PAIRS):
            if not enough_pairs(ev):
                one_sentence.append(row)  # the second aligned "sentence" was a sign-off or dateline
            elif ev.template:
                # held by the refill gate alone (evidence.refilled), not by the slot or subject gates
                row["refill_only"] = not (ev.slot_conflict >= SLOT_MIN_CONFLICT and ev.slot_agreement < SLOT_MIN_AGREEMENT
                                          or ev.subject_differs and not ev.body_slots_agree)
                held.append(row)
    c2 = _cpu()

    def ticker(i: str) -> set[str]:
        return set(_TICKER.findall(meta[i][1]))

    def bins(rows) -> Counter:
        out = Counter()
        for r in rows:
            if r["agree"] + r["conflict"] < 1.0:
                out["few slots (weight < 1)"] += 1
            elif r["agreement"] >= 0.8:
                out["agree (>= 0.8)"] += 1
            elif r["agreement"] >= 0.5:
                out["mostly agree (0.5-0.8)"] += 1
            else:
                out["disagree (< 0.5, conflict < 1.5)"] += 1
        return out

    def tickers(rows) -> Counter:
        out = Counter()
        for r in rows:
            ta, tb = ticker(r["a"]), ticker(r["b"])
            out["no ticker on one side" if not (ta and tb) else ("a shared ticker" if ta & tb else "no shared ticker")] += 1
        return out

    res = {"stories": len(arts), "candidate_pairs": len(pairs), "links": len(links), "held_back_as_template": len(held),
           "held_back_one_content_sentence": len(one_sentence),
           "held_back_by_refill_alone": sum(r.get("refill_only", False) for r in held),
           "links_before_gates": len(links) + len(held) + len(one_sentence), "links_by_slot_agreement": dict(bins(links)),
           "links_by_ticker": dict(tickers(links)), "held_by_ticker": dict(tickers(held)),
           "kinds": dict(Counter(r["kind"] for r in links)), "index_cpu_s": round(c1 - c0, 1),
           "verify_cpu_s": round(c2 - c1, 1), "wall_s": round(time.time() - t0, 1),
           "pairs": sorted([status, *meta[r["a"]], *meta[r["b"]], f"{r['agreement']:.2f}"]
                           for status, rows in (("link", links), ("template", held), ("one-sentence", one_sentence))
                           for r in rows)}
    print(f"\n== Reuters-Reuters links among the first {len(arts)} stories")
    print(f"candidate pairs {len(pairs)}; links {len(links)}; held back as templates {len(held)}, as one content "
          f"sentence and a sign-off {len(one_sentence)} (links without these gates: {res['links_before_gates']})")
    print(f"  held back as templates by the refill gate alone: {sum(r.get('refill_only', False) for r in held)}")
    print("  links by slot agreement:", dict(sorted(bins(links).items())))
    print("  links, headline tickers:", dict(sorted(tickers(links).items())))
    print("  held back, headline tickers:", dict(sorted(tickers(held).items())))
    print("  kinds of links:", dict(sorted(res["kinds"].items())))
    print(f"  CPU s: index {res['index_cpu_s']}, verification {res['verify_cpu_s']}; wall {res['wall_s']} s")
    rng = random.Random(seed)
    other = [r for r in links if ticker(r["a"]) and ticker(r["b"]) and not ticker(r["a"]) & ticker(r["b"])]
    same = [r for r in held + one_sentence if ticker(r["a"]) & ticker(r["b"])]
    for title, rows in (("links whose headline tickers differ", other), ("held back, a headline ticker shared", same)):
        if not rows or not show:
            continue
        print(f"  {title} ({len(rows)}; at most {4 * show} shown):")
        for r in sorted(rows, key=lambda r: r["agreement"])[: 4 * show]:
            (na, ta), (nb, tb) = meta[r["a"]], meta[r["b"]]
            print(f"    {na:>5} {ta[:52]:52s} | {nb:>5} {tb[:52]:52s} | {r['agreement']:.2f} "
                  f"{r['agree']:.1f}/{r['conflict']:.1f} p={r['p']:.2f} {r.get('kind', '')}")
    for title, rows in (("links", links), ("held back as templates", held),
                        ("held back as one content sentence", one_sentence)):
        sample = rng.sample(rows, min(show, len(rows)))
        if sample:
            print(f"  sample of {title} (NEWID title | slot agreement, agree/conflict weight, model probability before the gate):")
        for r in sorted(sample, key=lambda r: r["agreement"]):
            (na, ta), (nb, tb) = meta[r["a"]], meta[r["b"]]
            print(f"    {na:>5} {ta[:52]:52s} | {nb:>5} {tb[:52]:52s} | {r['agreement']:.2f} "
                  f"{r['agree']:.1f}/{r['conflict']:.1f} p={r['p']:.2f} {r.get('kind', '')}")
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=2000, help="Reuters stories with a body, in file order (19,043 in all)")
    ap.add_argument("--show", type=int, default=10, help="random links and held-back pairs to print")
    ap.add_argument("--pairs", type=Path,
                    help="write the links and held-back pairs here (TSV: status, NEWID, title, NEWID, title, agreement)")
    args = ap.parse_args(argv)
    res = measure(args.n, args.show)
    if args.pairs:
        args.pairs.write_text("".join("\t".join(row) + "\n" for row in res["pairs"]), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
