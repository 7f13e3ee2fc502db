"""Speed and peak memory of ``analyze`` on the Reuters-21578 bodies, next to a bare spaCy ``nlp.pipe`` pass.

Both passes see the same texts (each story as title, blank line, paragraphs: the layout
``analyze`` reads) in the same run, one process, no parallelism:

- bare: ``nlp.pipe(texts)`` with the model's full default pipeline (tok2vec, tagger, parser,
  attribute_ruler, lemmatizer, ner), default batch size; the docs are discarded. It uses its
  own copy of the model, so nothing ``analyze`` enables (``senter``) leaks into it.
- analyze: :func:`newstrace.pipeline.analyze_document` on each text with one shared
  :class:`~newstrace.pipeline.Context` (repair, structure, language, selective-parse NLP, id).

Timing: one child process loads both, warms both up on the first ``--warmup`` texts, then
times them on alternating chunks of ``--chunk`` texts (bare first on even chunks, analyze first
on odd ones), so a burst of load from other processes hits both passes alike. Wall-clock and CPU
time (``time.process_time``) are both summed per pass. Memory: each pass then runs alone in a
fresh child process whose peak resident set size (``ru_maxrss``) is its own.

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


def _interleaved(texts: list[str], warmup: int, chunk: int) -> dict:
    import importlib

    from newstrace.nlp import MODEL_PACKAGE
    from newstrace.pipeline import Context, analyze_document
    from newstrace.readers.base import RawDocument
    from newstrace.schema import Source

    bare_nlp = importlib.import_module(MODEL_PACKAGE).load()  # a copy of its own
    ctx = Context()
    ctx.get_nlp()

    def run_bare(part: list[str], start: int) -> None:
        for _ in bare_nlp.pipe(part):
            pass

    def run_analyze(part: list[str], start: int) -> None:
        for i, text in enumerate(part, start):
            analyze_document(RawDocument(source=Source(format="text", record=i), text=text), ctx)

    run_bare(texts[:warmup], 0)
    run_analyze(texts[:warmup], 0)
    totals = {"bare": [0.0, 0.0], "analyze": [0.0, 0.0]}
    for n, first in enumerate(range(0, len(texts), chunk)):
        part = texts[first : first + chunk]
        order = [("bare", run_bare), ("analyze", run_analyze)]
        for name, fn in order if n % 2 == 0 else order[::-1]:
            wall, cpu = time.perf_counter(), time.process_time()
            fn(part, first)
            totals[name][0] += time.perf_counter() - wall
            totals[name][1] += time.process_time() - cpu
    return {name: {"seconds": w, "cpu_seconds": c} for name, (w, c) in totals.items()}


def _child(kind: str, texts: list[str], warmup: int, queue, chunk: int = 0) -> None:
    if kind == "interleaved":
        queue.put(_interleaved(texts, warmup, chunk))
    else:
        queue.put((_bare if kind == "bare" else _analyze)(texts, warmup))


def run_in_child(kind: str, texts: list[str], warmup: int, chunk: int = 0) -> dict:
    """Run one measurement (``bare``, ``analyze`` or ``interleaved``) in a fresh ``spawn`` process."""
    mp = multiprocessing.get_context("spawn")
    queue = mp.Queue()
    proc = mp.Process(target=_child, args=(kind, texts, warmup, queue, chunk))
    proc.start()
    result = queue.get()
    proc.join()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="use only the first N bodies")
    parser.add_argument("--warmup", type=int, default=50, help="texts run before timing (default 50)")
    parser.add_argument("--chunk", type=int, default=250, help="texts per alternating timing chunk (default 250)")
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

    timing = run_in_child("interleaved", texts, args.warmup, args.chunk)
    print(f"interleaved timing done: bare {timing['bare']['seconds']:.1f} s, "
          f"analyze {timing['analyze']['seconds']:.1f} s", flush=True)
    bare = run_in_child("bare", texts, args.warmup)
    print(f"bare spaCy pass alone (for its memory) done in {bare['seconds']:.1f} s", flush=True)
    ana = run_in_child("analyze", texts, args.warmup)
    print(f"analyze pass alone (for its memory) done in {ana['seconds']:.1f} s", flush=True)

    import importlib.metadata as md

    model_version = md.version(MODEL_PACKAGE.replace("_", "-"))
    print()
    print(f"date {datetime.now(timezone.utc):%Y-%m-%d}, Python {platform.python_version()}, spaCy {spacy.__version__}, "
          f"{MODEL_PACKAGE} {model_version}, {os.cpu_count()} CPUs ({platform.machine()}), one process, "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    print()
    print("| pass | articles/s | words/s | seconds | CPU seconds | peak RSS MiB | peak over loaded model MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, key, mem in ((f"bare spaCy `nlp.pipe`, full pipeline ({', '.join(bare['pipes'])})", "bare", bare),
                           ("newstrace `analyze`", "analyze", ana)):
        s, cpu = timing[key]["seconds"], timing[key]["cpu_seconds"]
        print(f"| {name} | {len(texts) / s:,.0f} | {words / s:,.0f} | {s:,.1f} | {cpu:,.1f} | "
              f"{mem['peak_rss_mib']:,.0f} | {mem['peak_rss_mib'] - mem['loaded_rss_mib']:,.0f} |")
    ratio = timing["analyze"]["seconds"] / timing["bare"]["seconds"]
    cpu_ratio = timing["analyze"]["cpu_seconds"] / timing["bare"]["cpu_seconds"]
    print()
    print(f"analyze / bare ratio: {ratio:.2f}x wall-clock, {cpu_ratio:.2f}x CPU time (goal <= 1.00x; "
          f"timed on alternating chunks of {args.chunk})")
    alone = ana["seconds"] / bare["seconds"]
    print(f"the passes run alone (memory runs) took {bare['seconds']:.1f} s and {ana['seconds']:.1f} s: "
          f"ratio {alone:.2f}x (steady only on an idle machine)")
    total = sum(ana["stage_seconds"].values()) or 1.0
    print("analyze time by stage (memory run): " + ", ".join(
        f"{k} {v:.1f} s ({100 * v / total:.0f}%)" for k, v in ana["stage_seconds"].items()))
    print("analyze found: " + ", ".join(f"{v:,} {k}" for k, v in ana["counts"].items()))
    if ana["errors"]:
        print("WARNING: records with errors (figures do not measure a full analysis): "
              + ", ".join(f"{k}: {v}" for k, v in sorted(ana["errors"].items())))
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "articles": len(texts), "words": words, "chars": chars, "timing": timing, "bare": bare, "analyze": ana,
            "ratio": ratio, "cpu_ratio": cpu_ratio,
            "python": platform.python_version(), "spacy": spacy.__version__, "model": model_version,
            "cpus": os.cpu_count(), "date": f"{datetime.now(timezone.utc):%Y-%m-%d}",
        }, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
