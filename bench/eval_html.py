"""Evaluate newstrace's HTML reader + structure stage on the htmldate and trafilatura English eval sets.

Prints, for the same pages in the same run:

* htmldate-eval-en (197 pages, gold publication day): accuracy of newstrace's ``published``
  day next to plain htmldate ``find_date(extensive_search=True)`` with ``original_date``
  True and False (htmldate's default is False);
* trafilatura-eval-en (162 pages): publication-day accuracy where gold has a date,
  author agreement where gold names one, and the main-text snippet score (trafilatura's
  metric: ``with`` snippets found = TP, ``without`` snippets found = FP) of newstrace's
  ``Article.text`` next to plain ``trafilatura.extract``.

Usage::

    python bench/eval_html.py [--limit N] [--json out.json]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
import unicodedata
import warnings
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
HTMLDATE = SHARED / "corpora" / "htmldate-eval-en"
TRAF = SHARED / "corpora" / "trafilatura-eval-en"


def _page(folder: Path, name: str) -> str:
    data = gzip.decompress((folder / "html" / f"{name}.gz").read_bytes()) if (folder / "html" / f"{name}.gz").exists() \
        else gzip.decompress((folder / "html" / name).read_bytes())
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def analyse(page: str, url: str):
    """newstrace's reader + structure stage on one page: an Article, or ``None`` (E106)."""
    from newstrace.readers.html import html_to_document
    from newstrace.schema import Article, Source
    from newstrace.structure import structure_article

    raw = html_to_document(page, Source(format="html", url=url), url)
    if raw.error is not None:
        return None
    return structure_article(Article(raw_text=raw.text, source=raw.source), raw.text, raw.meta)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).casefold().split())


def _names(text: str) -> set[str]:
    """A gold or returned author string as a set of folded names, punctuation and degrees dropped."""
    out = set()
    for part in text.replace(";", ",").split(","):
        name = " ".join(w for w in _fold(part).replace(".", " ").split() if w not in {"phd", "md", "jr", "dr"})
        if name:
            out.add(name)
    return out


def eval_htmldate(limit: int | None) -> dict:
    from htmldate import find_date

    gold = json.loads((HTMLDATE / "eval_default-en.json").read_text())
    items = list(gold.items())[:limit]
    hits = {"newstrace": 0, "htmldate_original": 0, "htmldate_default": 0}
    misses = []
    t0 = time.perf_counter()
    for url, item in items:
        page = _page(HTMLDATE, item["file"].removesuffix(".gz"))
        art = analyse(page, url)
        ours = (art.published or "")[:10] if art else ""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            orig = find_date(page, extensive_search=True, original_date=True, url=url) or ""
            default = find_date(page, extensive_search=True, url=url) or ""
        hits["newstrace"] += ours == item["date"]
        hits["htmldate_original"] += orig == item["date"]
        hits["htmldate_default"] += default == item["date"]
        if ours != item["date"]:
            misses.append((url, item["date"], ours, orig))
    n = len(items)
    return {"pages": n, "seconds": round(time.perf_counter() - t0, 1),
            **{k: round(v / n, 3) for k, v in hits.items()}, "misses": misses}


def eval_trafilatura(limit: int | None) -> dict:
    import trafilatura

    gold = json.loads((TRAF / "evaldata-en.json").read_text())
    items = list(gold.items())[:limit]
    date_n = date_ours = date_traf = 0
    auth_n = auth_ours = auth_traf = 0
    snip = {"newstrace": [0, 0, 0, 0], "trafilatura": [0, 0, 0, 0]}  # tp, fn, fp, tn
    for url, item in items:
        page = _page(TRAF, item["file"])
        art = analyse(page, url)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            plain = trafilatura.bare_extraction(page, url=url, with_metadata=True, include_comments=False)
        texts = {"newstrace": _fold((art.headline + "\n" + art.text) if art else ""),
                 "trafilatura": _fold(plain.text if plain is not None and plain.text else "")}
        for name, text in texts.items():
            for s in item.get("with", []):
                snip[name][0 if _fold(s) in text else 1] += 1
            for s in item.get("without", []):
                snip[name][2 if _fold(s) in text else 3] += 1
        if item.get("date"):
            date_n += 1
            date_ours += bool(art) and (art.published or "")[:10] == item["date"]
            date_traf += plain is not None and (plain.date or "")[:10] == item["date"]
        if item.get("author"):
            auth_n += 1
            raw_gold = item["author"] if isinstance(item["author"], str) else ";".join(item["author"])
            gold_names = _names(raw_gold)
            ours = _names(";".join(art.byline)) if art else set()
            theirs = _names(plain.author or "") if plain is not None else set()
            auth_ours += bool(ours) and ours == gold_names
            auth_traf += bool(theirs) and theirs == gold_names
    scores = {}
    for name, (tp, fn, fp, tn) in snip.items():
        p, r = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
        scores[name] = {"precision": round(p, 3), "recall": round(r, 3), "f1": round(2 * p * r / max(p + r, 1e-9), 3),
                        "accuracy": round((tp + tn) / max(tp + fn + fp + tn, 1), 3)}
    return {"pages": len(items), "date_pages": date_n, "date_newstrace": round(date_ours / max(date_n, 1), 3),
            "date_trafilatura": round(date_traf / max(date_n, 1), 3), "author_pages": auth_n,
            "author_exact_newstrace": round(auth_ours / max(auth_n, 1), 3),
            "author_exact_trafilatura": round(auth_traf / max(auth_n, 1), 3), "text": scores}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--misses", action="store_true", help="list htmldate-eval pages where newstrace's day is wrong")
    args = ap.parse_args(argv)
    hd = eval_htmldate(args.limit)
    tr = eval_trafilatura(args.limit)
    misses = hd.pop("misses")
    print("htmldate-eval-en", json.dumps(hd))
    print("trafilatura-eval-en", json.dumps(tr))
    if args.misses:
        for m in misses:
            print("  miss", *m)
    if args.json:
        args.json.write_text(json.dumps({"htmldate": hd, "trafilatura": tr, "misses": misses}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
