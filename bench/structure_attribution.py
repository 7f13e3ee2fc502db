"""Attribution the structure stage reads (byline, credit, dateline, outlet) on the real corpora, to compare two versions.

Usage::

    python bench/structure_attribution.py --json after.json            # read and count
    python bench/structure_attribution.py --diff before.json after.json  # list every article that changed

Corpora (from ../shared at run time): the provenance corpus twice, as ``ingest`` reads each file
(``file:``) and as ``bench/trace_eval.py --analyse`` reads it (``trace:``: no headline, the URL
as the only hint); the seeds and the repository's examples; the first ``--reuters`` Reuters-21578
stories (headline and body); the PolNeAR dev and train texts; and the trafilatura and htmldate
evaluation pages through the HTML reader (``bench/eval_html.py``). Per source it prints how many
articles have a byline, credit, dateline, outlet and headline; every change listed by ``--diff`` is to be
read against its file. To measure an older version, run this script from a ``git archive`` of it
with ``NEWSTRACE_SHARED`` set.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "bench"))

FIELDS = ("byline", "credit", "dateline", "outlet", "headline")


def read_all(reuters: int) -> dict[str, dict]:
    """``{key: {byline, credit, dateline, outlet, opens}}`` for every article of the corpora above."""
    from eval_html import HTMLDATE, TRAF, _page, analyse
    from trace_eval import analyse_articles

    from newstrace.corpora import shared_dir
    from newstrace.corpora.polnear import iter_polnear
    from newstrace.corpora.provenance import load_corpus
    from newstrace.corpora.reuters import iter_reuters
    from newstrace.pipeline import analyze_document
    from newstrace.readers import read_path
    from newstrace.readers.base import RawDocument
    from newstrace.schema import Source

    out: dict[str, dict] = {}

    def keep(key, a):
        out[key] = {f: getattr(a, f) for f in FIELDS} | {"opens": (a.text or "")[:60]}

    def text(key, body):
        keep(key, analyze_document(RawDocument(Source(path=key, format="text"), body), stages=("repair", "structure")))

    arts, _, files = load_corpus()
    for a, done in zip(arts, analyse_articles(arts)):
        keep(f"trace:{files[a.id][0].story}/{files[a.id][0].file}", done)
    shared = shared_dir()
    paths = sorted((shared / "corpora" / "provenance").glob("*/*.txt")) + sorted((shared / "seeds").glob("*.txt"))
    for p in paths + sorted((ROOT / "examples").glob("*.txt")):
        keep(f"file:{p.parent.name}/{p.name}", analyze_document(next(read_path(p)), stages=("repair", "structure")))
    for k, st in enumerate(iter_reuters()):
        if k >= reuters:
            break
        text(f"reuters:{st.newid}", st.title + "\n\n" + "\n\n".join(st.paragraphs()))
    for split in ("dev", "train"):
        for art in iter_polnear(split):
            text(f"polnear:{split}:{art.name}", art.text)
    for folder, name in ((TRAF, "evaldata-en.json"), (HTMLDATE, "eval_default-en.json")):
        for url, item in json.loads((folder / name).read_text()).items():
            try:
                page = _page(folder, item["file"])
            except FileNotFoundError:
                continue
            a = analyse(page, url)
            if a is not None:
                keep(f"{folder.name}:{url}", a)
    return out


def counts(rows: dict[str, dict]) -> None:
    """Print, per source, the articles and how many have each attribution field."""
    c: Counter = Counter()
    for key, row in rows.items():
        src = key.split(":")[0]
        c[src, "articles"] += 1
        for f in FIELDS:
            c[src, f] += bool(row[f])
    for src in sorted({s for s, _ in c}):
        print(f"{src:28s}", "  ".join(f"{f} {c[src, f]}" for f in ("articles", *FIELDS)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", type=Path, help="write what was read here")
    ap.add_argument("--reuters", type=int, default=2000, help="Reuters-21578 stories read (default 2000)")
    ap.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"), help="compare two --json files")
    args = ap.parse_args(argv)
    if args.diff:
        before, after = (json.loads(p.read_text()) for p in args.diff)
        changed = [k for k in before if k in after and any(before[k].get(f) != after[k].get(f) for f in FIELDS)]
        for k in changed:
            print(k, "\n   before:", {f: before[k].get(f) for f in FIELDS}, "\n   after: ", {f: after[k].get(f) for f in FIELDS})
        print(f"{len(changed)} of {len(before)} articles changed")
        return 0
    warnings.simplefilter("ignore")
    rows = read_all(args.reuters)
    counts(rows)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=0, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
