"""Do-no-harm and speed check of newstrace.repair on the 19,043 Reuters-21578 bodies.

Reuters wire copy from 1987 is clean text full of tokens unknown to a word list (tickers,
ALL-CAPS headlines, "mln", "dlrs", company names), so every censor or glue repair it gets is
a candidate false positive. This script repairs every story, prints counts per repair kind,
every censor and glued repair with its context for review, a sample of the others, the
corpus-level substitution pairs :func:`newstrace.repair.learn_substitutions` would learn, and
the time taken.

Usage:
    python bench/repair_reuters.py [--show KIND ...] [--limit N]
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter

from newstrace.corpora.reuters import iter_reuters
from newstrace.repair import RepairConfig, fix_and_explain, learn_substitutions


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    snippet = text[max(0, start - width) : start] + "[" + text[start:end] + "]" + text[end : end + width]
    return snippet.replace("\n", " / ")


def main() -> None:
    """Run the check and print the figures (no return value; exits 0)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--show", nargs="*", default=["censor", "glued"], help="repair kinds to list in full")
    ap.add_argument("--sample", type=int, default=15, help="repairs listed for the other kinds")
    ap.add_argument("--limit", type=int, default=0, help="stop after N stories (0: all)")
    args = ap.parse_args()

    texts = [s.as_text() for s in iter_reuters()]
    if args.limit:
        texts = texts[: args.limit]
    config = RepairConfig()
    fix_and_explain("warm up the word list and indexes", config)

    counts: Counter[str] = Counter()
    changed_docs = 0
    shown: Counter[str] = Counter()
    t0 = time.perf_counter()
    results = [fix_and_explain(t, config) for t in texts]
    elapsed = time.perf_counter() - t0
    for text, (_, repairs) in zip(texts, results):
        changed_docs += bool(repairs)
        # Offsets refer to the text after earlier repairs: replay to show each one in context.
        current = text
        for r in repairs:
            counts[r.kind] += 1
            if r.kind in args.show or shown[r.kind] < args.sample:
                shown[r.kind] += 1
                where = _context(current, r.start, r.end)
                print(f"{r.kind:10} {r.before!r:>22} -> {r.after!r:<22} | {where}")
                if r.kind in args.show:
                    print(f"{'':10} evidence: {r.evidence}")
            current = current[: r.start] + r.after + current[r.end :]

    t1 = time.perf_counter()
    learned = learn_substitutions(texts, config)
    learn_s = time.perf_counter() - t1

    print()
    print(f"stories: {len(texts)}; stories changed: {changed_docs}")
    for kind in ("encoding", "censor", "glued", "quote_mark", "spacing"):
        print(f"  {kind:10} {counts[kind]}")
    print(f"learned substitution pairs (min support 3): {len(learned)}")
    for s in learned:
        print(
            f"  {s.original}->{s.replacement} support={s.support} docs={s.documents} "
            f"contradicted={s.contradicted} {s.examples[:4]}"
        )
    print(
        f"time: fix_and_explain {elapsed:.2f} s ({len(texts) / elapsed:.0f} stories/s), "
        f"learn_substitutions {learn_s:.2f} s; "
        f"{platform.processor() or platform.machine()}, python {platform.python_version()}"
    )


if __name__ == "__main__":
    main()
