"""Trace runs over the store: load fingerprints and articles, compare new articles, persist the links.

Incremental by default: a run compares only the articles ingested since the last finished run
(``trace_runs.max_seq``) against everything stored. :mod:`newstrace.provenance` decides each
pair from its two articles alone, so the links of an incremental run, added to those already
stored, equal the links of a full re-run. Every run then recomputes the resolved graph over all
stored links (:mod:`newstrace.store.resolved`), so it too equals that of a full re-run.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone

from newstrace.schema import Derivation
from newstrace.store.core import Store
from newstrace.store.errors import StoreError


class TraceSettingsError(StoreError):
    """An incremental trace asked for other settings than the run that made the stored links."""


@dataclass
class TraceReport:
    """What a trace run did.

    Attributes:
        mode: ``full`` (every article compared) or ``incremental`` (only new ones).
        articles: articles in the store.
        compared: articles whose candidate pairs were examined.
        pairs: candidate pairs verified by alignment.
        links: derivations found in this run.
        total_links: derivations stored after the run (every verified pair).
        resolved_links: links of the resolved graph after the run (one origin per copy).
        fingerprints_computed: articles fingerprinted in this run (missing from the store).
        run_id: the ``trace_runs`` row written.
        seconds: wall-clock duration; ``stage_seconds`` splits it into load, index, verify, write
            (storing the links, resolved graph included) and resolve (the resolved graph alone,
            part of write).
    """

    mode: str
    articles: int = 0
    compared: int = 0
    pairs: int = 0
    links: int = 0
    total_links: int = 0
    resolved_links: int = 0
    fingerprints_computed: int = 0
    run_id: int = 0
    seconds: float = 0.0
    stage_seconds: dict[str, float] | None = None


#: Fewer candidate pairs than this are verified in this process (starting workers costs more).
MIN_PAIRS_FOR_WORKERS = 2000
#: Candidate pairs handed to a verification worker at a time.
PAIRS_PER_TASK = 200
#: Articles whose analysed sentences a worker keeps between pairs. Pairs come sorted, so the
#: first article of a run of pairs stays cached at any size; the second varies, and analysing it
#: again (0.6 ms on a Reuters story) costs less than keeping thousands (4,096: 134 MB a worker).
SENTENCE_CACHE = 256
#: Tasks per worker handed out ahead of the store's write (bounds the results waiting in memory).
TASKS_AHEAD = 4


def run_trace(store: Store, *, full: bool = False, semantic: Callable | None = None,
              semantic_name: str | None = None, jobs: int | None = None) -> TraceReport:  # fmt: skip
    """Trace copies among the stored articles and store the links.

    Args:
        store: an open, writable store.
        full: compare every article (and replace every link) instead of only the articles
            ingested since the last run.
        semantic: optional sentence-embedding function for the provenance index.
        semantic_name: the embedding model's name, recorded with the run (default: the
            function's ``__name__``).
        jobs: processes verifying candidate pairs (default: all cores). Workers are forked
            from this process after the index is built, so they share it; used only on
            Linux/macOS-style ``fork``, without ``semantic``, and for at least
            :data:`MIN_PAIRS_FOR_WORKERS` pairs. The links are the same for any ``jobs``.

    Returns:
        A :class:`TraceReport`.

    Raises:
        TraceSettingsError: an incremental run with other settings (embeddings on/off, another
            model, another fingerprint scheme) than the run that made the stored links.
        StoreError: the store cannot be read or written.
        FingerprintSchemeError: stored fingerprints were made with other parameters.
    """
    from newstrace.provenance import TraceIndex
    from newstrace.provenance.fingerprint import SCHEME, Fingerprint, fingerprint

    t0 = time.perf_counter()
    started_at = datetime.now(timezone.utc).replace(tzinfo=None)
    stages: dict[str, float] = {}
    last = store.last_trace()
    max_seq = store.max_seq()
    params = {"fingerprint_scheme": SCHEME,
              "semantic": (semantic_name or getattr(semantic, "__name__", "custom")) if semantic else None}  # fmt: skip
    mode = "full" if full or last is None else "incremental"
    if mode == "incremental" and last.get("params") and json.loads(last["params"]) != params:
        before = json.loads(last["params"])
        keep = " --semantic" if before.get("semantic") and not params["semantic"] else ""
        raise TraceSettingsError(
            f"the stored links were made with {last['params']} but this run uses "
            f"{json.dumps(params, sort_keys=True)}; an incremental run would mix the two: "
            + (f"run `newstrace trace{keep}` to keep the stored settings, or " if keep else "")
            + "run `newstrace trace --full` to recompute every link with the new settings"
        )
    new_ids = None if mode == "full" else store.article_ids(since_seq=last["max_seq"])
    report = TraceReport(mode=mode)

    stored = {d["article_id"]: Fingerprint.from_dict(d) for d in store.get_fingerprints(SCHEME)}
    articles = list(store.iter_articles(light=True))
    _attach_damage_repairs(store, articles)
    stages["load"] = time.perf_counter() - t0

    t = time.perf_counter()
    # Fingerprints missing from the store (ingest interrupted between a batch and its
    # fingerprints, or a new scheme) are computed once here and kept.
    computed = {a.id: fingerprint(a) for a in articles if a.id not in stored and a.text.strip()}
    if computed:
        store.put_fingerprints([fp.to_dict() for fp in computed.values()])
    index = TraceIndex(semantic=semantic, cache_size=SENTENCE_CACHE)
    index.add(articles, fingerprints={**stored, **computed})
    stages["index"] = time.perf_counter() - t

    # Verification streams its links into the store's write, chunk by chunk, inside the run's one
    # transaction: holding every Derivation (with its aligned sentences) until the end took most
    # of the main process's memory (10,000 articles: 450 of 920 MB, and the write doubled it).
    t = time.perf_counter()
    timings: dict[str, float] = {}
    ids = list(index.articles) if new_ids is None else [i for i in new_ids if i in index.articles]
    pairs = [(a, b) for a, b, _path in index.candidate_pairs(ids)]
    # verification reads only the articles: the candidate index and the fingerprints (100,000
    # articles: about 2 GB) go before the workers fork
    n_computed = len(computed)
    del stored, computed
    index.release_candidates()
    _return_freed_memory()
    n_pairs, chunks = len(pairs), _verify_chunks(index, pairs, jobs or os.cpu_count() or 1)
    n_links = 0

    def filled() -> Iterator[Derivation]:
        nonlocal n_links
        for chunk in chunks:
            _fill_sources(store, chunk)
            n_links += len(chunk)
            yield from chunk

    report.run_id = store.replace_derivations(
        filled(), new_ids, mode=mode, max_seq=max_seq,
        new_articles=len(articles) if new_ids is None else len(new_ids), started_at=started_at, params=params,
        timings=timings,
    )  # fmt: skip
    stages["verify"] = time.perf_counter() - t - timings.get("write", 0.0)
    stages["write"] = timings.get("write", 0.0)
    stages["resolve"] = timings.get("resolve", 0.0)

    report.articles = len(articles)
    report.compared = len(articles) if new_ids is None else len(new_ids)
    report.pairs = n_pairs
    report.links = n_links
    counts = store.counts()
    report.total_links = counts["derivations"]
    report.resolved_links = counts["resolved_links"]
    report.fingerprints_computed = n_computed
    report.seconds = time.perf_counter() - t0
    report.stage_seconds = stages
    return report


def _return_freed_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc ``malloc_trim``; a no-op elsewhere).

    Freed numpy arrays stay resident in the heap otherwise, and forked workers would share them
    (10,000 articles: 30 of the 140 MB freed by releasing the candidate index).
    """
    import ctypes
    import ctypes.util

    try:
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


def _attach_damage_repairs(store: Store, articles: list) -> None:
    """Give light-loaded articles their damage repairs (censor, encoding, glued, quotation marks):
    direction evidence (:mod:`newstrace.provenance.direction`); the rest of the log is not read."""
    from newstrace.provenance.direction import DAMAGE_WEIGHTS
    from newstrace.schema import Repair

    kinds = ", ".join(f"'{k}'" for k in DAMAGE_WEIGHTS)
    by_id: dict[str, list] = {}
    sql = f'SELECT article_id, kind, char_start AS start, char_end AS "end", before, after FROM repairs WHERE kind IN ({kinds}) ORDER BY article_id, n'
    for r in store._rows(sql):
        by_id.setdefault(r.pop("article_id"), []).append(Repair(**r))
    for a in articles:
        if a.id in by_id:
            a.repairs = by_id[a.id]


# The index the forked verification workers read (set just before the pool forks).
_INDEX = None


def _verify_chunks(index, pairs: list[tuple[str, str]], jobs: int) -> Iterator[list[Derivation]]:
    """Verify candidate pairs ``(a, b)`` as ``TraceIndex.trace`` would, in ``jobs`` forked workers where it pays.

    Returns:
        An iterator over lists of derivations, one per :data:`PAIRS_PER_TASK` pairs, in task
        order, so the caller can store them and let them go. At most :data:`TASKS_AHEAD` x
        ``jobs`` tasks are handed out beyond what the caller has taken: results wait in memory
        only that far when storing them is slower than verifying.
    """
    import multiprocessing

    chunks = [pairs[i : i + PAIRS_PER_TASK] for i in range(0, len(pairs), PAIRS_PER_TASK)]
    if jobs <= 1 or index.semantic is not None or len(pairs) < MIN_PAIRS_FOR_WORKERS \
            or "fork" not in multiprocessing.get_all_start_methods():  # fmt: skip
        return (_verify_chunk(c, index) for c in chunks)

    def forked() -> Iterator[list[Derivation]]:
        import gc
        import threading

        global _INDEX
        _INDEX = index
        # Pool.imap takes tasks as fast as the workers finish them; this window makes it wait
        window, stopped = threading.Semaphore(TASKS_AHEAD * jobs), threading.Event()

        def tasks() -> Iterator[list[tuple[str, str]]]:
            for c in chunks:
                window.acquire()
                if stopped.is_set():
                    return
                yield c

        # objects made so far go to a generation the collector never scans: a worker's collections
        # would otherwise write to every inherited object and copy its memory page by page
        gc.freeze()
        try:
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                try:
                    for result in pool.imap(_verify_chunk, tasks()):
                        window.release()
                        yield result
                finally:  # let the task feeder thread end, or the pool's shutdown waits for it
                    stopped.set()
                    window.release()
        finally:
            gc.unfreeze()
            _INDEX = None

    return forked()


def _verify_chunk(pairs: list[tuple[str, str]], index=None) -> list[Derivation]:
    """Verify candidate pairs (in a worker, against the index inherited by fork)."""
    from newstrace.provenance import compare

    index = index if index is not None else _INDEX
    out = []
    for a, b in pairs:  # pairs come sorted, so the sentence cache keeps the repeated first article
        d, _p = compare(index.articles[a], index.articles[b], index.sentences(a), index.sentences(b),
                        index.model, index.semantic)  # fmt: skip
        if d is not None:
            out.append(d)
    return out


def _fill_sources(store: Store, derivations: list[Derivation]) -> None:
    """Set ``copy_source``/``origin_source`` (URL or input path as ingested) where provenance left them empty."""
    ids = {d.copy_id for d in derivations} | {d.origin_id for d in derivations if d.origin_id}
    labels = store.source_labels(ids)
    for d in derivations:
        if not d.copy_source:
            d.copy_source = labels.get(d.copy_id)
        if d.origin_id and not d.origin_source:
            d.origin_source = labels.get(d.origin_id)


__all__ = ["run_trace", "TraceReport", "TraceSettingsError"]
