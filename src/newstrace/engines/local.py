"""Local engine: run the per-document stages in this process or in a pool of worker processes."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module
from itertools import islice
from typing import Any

from newstrace.pipeline import DEFAULT_STAGES, Context, analyze_document, check_pipeline
from newstrace.readers.base import RawDocument
from newstrace.schema import Article, ErrorRecord

# Per-worker state, set once by the pool initializer: each worker loads spaCy exactly once.
_WORKER_CTX: Context | None = None
_WORKER_STAGES: tuple[str, ...] = DEFAULT_STAGES
_WORKER_ATTACH: Callable[[Article], Any] | None = None
#: Seconds between a worker's checks that its parent is still alive.
WATCHDOG_INTERVAL = 0.5


def run_stages(
    raws: Iterable[RawDocument],
    jobs: int = 1,
    stages: Iterable[str] = DEFAULT_STAGES,
    ctx: Context | None = None,
    batch_size: int = 8,
) -> Iterator[Article]:
    """Analyse records with :func:`newstrace.pipeline.analyze_document`, yielding Articles in input order.

    Args:
        raws: records from :mod:`newstrace.readers` (consumed lazily: at most about
            ``4 * jobs * batch_size`` records are in flight, so inputs may be any length).
        jobs: worker processes; ``1`` runs in this process with ``ctx``. Workers are started
            with the ``spawn`` method and each loads the spaCy pipeline once; each exits
            within about :data:`WATCHDOG_INTERVAL` seconds of its parent's death (even by
            SIGKILL), see :func:`watch_parent`.
        stages: stage names (checked with :func:`newstrace.pipeline.check_pipeline` before
            any work starts).
        ctx: the in-process context for ``jobs == 1`` (reuses its loaded models).
        batch_size: records sent to a worker at a time (amortises inter-process transfer).

    Yields:
        One :class:`Article` per record, in the order of ``raws``. Bad records and failing
        stages are error records on the Article (see ``analyze_document``). A worker that
        dies (crash, out of memory) does not stop the run: its records are retried one by one
        in a fresh pool and a record that kills a worker again gets error ``E201``.

    Raises:
        ValueError: ``jobs`` or ``batch_size`` below 1.
        KeyError, ValueError: an unknown stage or a stage whose inputs nothing assigns.
    """
    for article, _ in run_stages_with(raws, None, jobs=jobs, stages=stages, ctx=ctx, batch_size=batch_size):
        yield article


def run_stages_with(
    raws: Iterable[RawDocument],
    attach: str | None,
    jobs: int = 1,
    stages: Iterable[str] = DEFAULT_STAGES,
    ctx: Context | None = None,
    batch_size: int = 8,
) -> Iterator[tuple[Article, Any]]:
    """Like :func:`run_stages`, and also run a per-article function in the same worker.

    The function runs where the article was analysed, so its cost is spread over the
    workers instead of the calling process (ingest uses it for provenance fingerprints).

    Args:
        raws, jobs, stages, ctx, batch_size: as for :func:`run_stages`.
        attach: ``"module:function"`` naming a function ``Article -> value`` (imported by path
            in each worker, as the stages are), or ``None``.

    Yields:
        ``(article, value)`` in input order; ``value`` is ``None`` for a failed record, without
        ``attach``, or when the function raised (the caller may compute it again).

    Raises:
        ValueError: ``jobs`` or ``batch_size`` below 1, or ``attach`` not ``module:function``.
        ImportError, AttributeError: ``attach`` names nothing importable.
        KeyError, ValueError: an unknown stage or a stage whose inputs nothing assigns.
    """
    if jobs < 1 or batch_size < 1:
        raise ValueError(f"jobs and batch_size must be at least 1 (got jobs={jobs}, batch_size={batch_size})")
    stages = tuple(stages)
    check_pipeline(stages)
    fn = _resolve(attach)  # fail here, before any worker starts
    if jobs == 1:
        ctx = ctx or Context()
        for raw in raws:
            article = analyze_document(raw, ctx, stages)
            yield article, _apply(fn, article)
        return
    yield from _run_pool(iter(raws), jobs, stages, batch_size, attach)


def _resolve(attach: str | None) -> Callable[[Article], Any] | None:
    if attach is None:
        return None
    module, sep, name = attach.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"attach must be 'module:function', got {attach!r}")
    return getattr(import_module(module), name)


def _apply(fn: Callable[[Article], Any] | None, article: Article) -> Any:
    if fn is None or article.failed:
        return None
    try:
        return fn(article)
    except Exception:  # noqa: BLE001 - the value is optional; the caller recomputes what is missing
        return None


def _run_pool(raws: Iterator[RawDocument], jobs: int, stages: tuple[str, ...], batch_size: int,
              attach: str | None) -> Iterator[tuple[Article, Any]]:  # fmt: skip
    pool = _new_pool(jobs, stages, attach)
    pending: deque[tuple[list[RawDocument], Future]] = deque()
    try:
        while True:
            while len(pending) < 4 * jobs:
                batch = list(islice(raws, batch_size))
                if not batch:
                    break
                pending.append((batch, _submit(pool, batch)))
            if not pending:
                return
            batch, future = pending.popleft()
            try:
                yield from future.result()
            except BrokenProcessPool:
                # A worker died. Retry every record in flight alone, so only the culprit fails.
                retry = batch + [raw for b, _ in pending for raw in b]
                pending.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                pool = _new_pool(jobs, stages, attach)
                for raw in retry:
                    articles, pool = _run_alone(pool, raw, jobs, stages, attach)
                    yield from articles
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_alone(pool: ProcessPoolExecutor, raw: RawDocument, jobs: int, stages: tuple[str, ...], attach: str | None):
    try:
        return _submit(pool, [raw]).result(), pool
    except BrokenProcessPool as exc:
        pool.shutdown(wait=True, cancel_futures=True)
        return [(_worker_failed(raw, exc), None)], _new_pool(jobs, stages, attach)


def _submit(pool: ProcessPoolExecutor, batch: list[RawDocument]) -> Future:
    try:
        return pool.submit(_analyze_batch, batch)
    except BrokenProcessPool as exc:  # the pool broke before this batch went out
        failed: Future = Future()
        failed.set_exception(exc)
        return failed


def _new_pool(jobs: int, stages: tuple[str, ...], attach: str | None = None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_init_worker,
        initargs=(stages, os.getpid(), attach),
    )


def watch_parent(parent_pid: int, interval: float = WATCHDOG_INTERVAL) -> threading.Thread:
    """Start a daemon thread that ends this process as soon as ``parent_pid`` is no longer its parent.

    A pool worker blocks on its task queue; when the parent is killed with SIGKILL nothing
    tells it, and it would live on as an orphan holding its memory. The thread polls
    ``os.getppid()``, which changes when the kernel re-parents an orphan (to init or a
    subreaper), and exits with ``os._exit(1)``. Linux's ``prctl(PR_SET_PDEATHSIG)`` is not used:
    it fires when the *thread* that started the worker ends, and ``ProcessPoolExecutor`` may
    start workers from any thread that submits work, so a finished thread would kill a
    live pool.

    Args:
        parent_pid: the pid of the process that started this one.
        interval: seconds between checks (a dead parent is noticed within about this time).

    Returns:
        The started thread. If the parent is already gone the process exits at once.
    """

    def run() -> None:
        while os.getppid() == parent_pid:
            time.sleep(interval)
        os._exit(1)

    thread = threading.Thread(target=run, name="newstrace-parent-watchdog", daemon=True)
    thread.start()
    return thread


def _init_worker(stages: tuple[str, ...], parent_pid: int | None = None, attach: str | None = None) -> None:
    global _WORKER_CTX, _WORKER_STAGES, _WORKER_ATTACH
    if parent_pid is not None:
        watch_parent(parent_pid)
    _WORKER_STAGES = stages
    _WORKER_ATTACH = _resolve(attach)
    _WORKER_CTX = Context()
    if "nlp" in stages:
        _WORKER_CTX.get_nlp()


def _analyze_batch(batch: list[RawDocument]) -> list[tuple[Article, Any]]:
    ctx = _WORKER_CTX or Context()
    out = []
    for raw in batch:
        article = analyze_document(raw, ctx, _WORKER_STAGES)
        out.append((article, _apply(_WORKER_ATTACH, article)))
    return out


def _worker_failed(raw: RawDocument, exc: BaseException) -> Article:
    article = Article(source=raw.source, raw_text=raw.text)
    article.errors.append(
        ErrorRecord(
            code="E201",
            message=f"{raw.source.label()}: the worker process analysing this record died ({type(exc).__name__})",
            stage="engine",
        )
    )
    return article


__all__ = ["run_stages", "run_stages_with", "watch_parent"]
