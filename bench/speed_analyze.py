"""Speed and peak memory of ``analyze`` on the Reuters-21578 bodies, next to a bare spaCy ``nlp.pipe`` pass.

Both passes see the same texts (each story as title, blank line, paragraphs: the layout
``analyze`` reads) in the same run, one process each, one after the other. Each pass runs in
its own fresh child process so that its peak resident memory (``ru_maxrss``) is its own; the
model is loaded and warmed up on the first ``--warmup`` texts before the clock starts. Wall-clock
and CPU time (``time.process_time``, all threads of the pass's process) are both reported: on a
shared machine the CPU-time ratio is the steadier figure.

- bare: ``nlp.pipe(texts)`` with the model's full default pipeline (tok2vec, tagger, parser,
  attribute_ruler, lemmatizer, ner), default batch size; the docs are discarded.
- analyze: :func:`newstrace.pipeline.analyze_document` on each text with one shared
  :class:`~newstrace.pipeline.Context` (repair, structure, language, selective-parse NLP, id).

Goal (issue 2): analyze time <= 1.0x the bare pass. Usage::

    python bench/speed_analyze.py              # all 19,043 bodies
    python bench/speed_analyze.py --limit 2000 # a quick run
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import resource
import sys
import time
from datetime import datetime, timezone
from pathlib import Path


def _rss_mib() -> float:
    """Peak resident set size of this process so far, MiB (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1024 / (1024 if sys.platform == "darwin" else 1)


def _current_rss_mib() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # not Linux: fall back to the peak
        return _rss_mib()


def _bare(texts: list[str], warmup: int) -> dict:
    from newstrace.nlp import load_nlp

    nlp = load_nlp()
    for _ in nlp.pipe(texts[:warmup]):
        pass
    loaded = _current_rss_mib()
    start, cpu = time.perf_counter(), time.process_time()
    for _ in nlp.pipe(texts):
        pass
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "seconds": seconds, "cpu_seconds": cpu, "peak_rss_mib": _rss_mib(), "loaded_rss_mib": loaded,
        "pipes": list(nlp.pipe_names),
    }


def _analyze(texts: list[str], warmup: int) -> dict:
    from newstrace.pipeline import STAGES, Context, Stage, analyze_document, check_pipeline
    from newstrace.readers.base import RawDocument
    from newstrace.schema import Source

    check_pipeline(("repair",))  # registers the stages
    stage_seconds: dict[str, float] = {}

    def timed(name, fn):
        def run(article, ctx):
            t = time.perf_counter()
            try:
                return fn(article, ctx)
            finally:
                stage_seconds[name] = stage_seconds.get(name, 0.0) + time.perf_counter() - t

        return run

    ctx = Context()
    ctx.get_nlp()
    for i, text in enumerate(texts[:warmup]):
        analyze_document(RawDocument(source=Source(format="text", record=i), text=text), ctx)
    for name, st in list(STAGES.items()):
        STAGES[name] = Stage(st.name, timed(name, st.fn), st.requires, st.assigns)
    loaded = _current_rss_mib()
    errors: dict[str, int] = {}
    counts = {"quotes": 0, "claims": 0, "repairs": 0, "entities": 0}
    start, cpu = time.perf_counter(), time.process_time()
    for i, text in enumerate(texts):
        article = analyze_document(RawDocument(source=Source(format="text", record=i), text=text), ctx)
        for err in article.errors:
            key = f"{err.code} {err.stage}"
            errors[key] = errors.get(key, 0) + 1
        for key in counts:
            counts[key] += len(getattr(article, key))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "seconds": seconds,
        "cpu_seconds": cpu,
        "peak_rss_mib": _rss_mib(),
        "loaded_rss_mib": loaded,
        "stage_seconds": stage_seconds,
        "errors": errors,
        "counts": counts,
    }


def _child(kind: str, texts: list[str], warmup: int, queue) -> None:
    queue.put((_bare if kind == "bare" else _analyze)(texts, warmup))


def run_in_child(kind: str, texts: list[str], warmup: int) -> dict:
    """Run one pass in a fresh ``spawn`` process and return its figures."""
    mp = multiprocessing.get_context("spawn")
    queue = mp.Queue()
    proc = mp.Process(target=_child, args=(kind, texts, warmup, queue))
    proc.start()
    result = queue.get()
    proc.join()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="use only the first N bodies")
    parser.add_argument("--warmup", type=int, default=50, help="texts run before timing (default 50)")
    parser.add_argument("--out", type=Path, default=None, help="also write the figures as JSON here")
    args = parser.parse_args(argv)

    import spacy

    from newstrace.corpora.reuters import iter_reuters
    from newstrace.nlp import MODEL_PACKAGE

    stories = []
    for story in iter_reuters():
        stories.append(story)
        if args.limit and len(stories) >= args.limit:
            break
    texts = [s.as_text() for s in stories]
    words = sum(len(t.split()) for t in texts)
    chars = sum(len(t) for t in texts)
    print(f"{len(texts):,} Reuters-21578 bodies, {words:,} words, {chars:,} characters", flush=True)

    bare = run_in_child("bare", texts, args.warmup)
    print(f"bare spaCy pass done in {bare['seconds']:.1f} s", flush=True)
    ana = run_in_child("analyze", texts, args.warmup)
    print(f"analyze pass done in {ana['seconds']:.1f} s", flush=True)

    import importlib.metadata as md

    model_version = md.version(MODEL_PACKAGE.replace("_", "-"))
    print()
    print(f"date {datetime.now(timezone.utc):%Y-%m-%d}, Python {platform.python_version()}, spaCy {spacy.__version__}, "
          f"{MODEL_PACKAGE} {model_version}, {os.cpu_count()} CPUs ({platform.machine()}), one process per pass")
    print()
    header = "| pass | articles/s | words/s | seconds | CPU seconds | peak RSS MiB | peak over loaded model MiB |"
    print(header)
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, res in ((f"bare spaCy `nlp.pipe`, full pipeline ({', '.join(bare['pipes'])})", bare),
                      ("newstrace `analyze`", ana)):
        s = res["seconds"]
        print(f"| {name} | {len(texts) / s:,.0f} | {words / s:,.0f} | {s:,.1f} | {res['cpu_seconds']:,.1f} | "
              f"{res['peak_rss_mib']:,.0f} | "
              f"{res['peak_rss_mib'] - res['loaded_rss_mib']:,.0f} |")
    ratio = ana["seconds"] / bare["seconds"]
    cpu_ratio = ana["cpu_seconds"] / bare["cpu_seconds"]
    print()
    print(f"analyze / bare ratio: {ratio:.2f}x wall-clock, {cpu_ratio:.2f}x CPU time (goal <= 1.00x)")
    if max(ratio, cpu_ratio) > 1.15 * min(ratio, cpu_ratio):
        print("note: wall-clock and CPU ratios differ: other processes competed for the CPUs during the run")
    total = sum(ana["stage_seconds"].values()) or 1.0
    print("analyze time by stage: " + ", ".join(
        f"{k} {v:.1f} s ({100 * v / total:.0f}%)" for k, v in ana["stage_seconds"].items()))
    print("analyze found: " + ", ".join(f"{v:,} {k}" for k, v in ana["counts"].items()))
    if ana["errors"]:
        print("WARNING: records with errors (figures do not measure a full analysis): "
              + ", ".join(f"{k}: {v}" for k, v in sorted(ana["errors"].items())))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "articles": len(texts), "words": words, "chars": chars, "bare": bare, "analyze": ana, "ratio": ratio, "cpu_ratio": cpu_ratio,
            "python": platform.python_version(), "spacy": spacy.__version__, "model": model_version,
            "cpus": os.cpu_count(), "date": f"{datetime.now(timezone.utc):%Y-%m-%d}",
        }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
