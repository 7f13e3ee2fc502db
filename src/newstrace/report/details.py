"""Story details for the report, loaded by several worker processes when the store is open read-only.

:func:`newstrace.stories.story_detail` is the report's cost centre (over 90 % of its time on
a store of 100,000 articles), and each call is independent of the others, so the report
hands the story ids to a pool of processes, each with its own read-only connection (DuckDB
lets any number of read-only processes share a file). Workers are started with ``spawn``:
forking a process that holds a DuckDB connection and its threads is unsafe.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator

from newstrace.store import Store
from newstrace.stories.models import StoryDetail

#: Below this many stories a pool costs more (worker start-up, ~1-2 s each) than it saves.
MIN_PARALLEL = 24

_WORKER_STORE: Store | None = None
_WORKER_ERROR: Exception | None = None


def _open(path: str) -> None:
    # an initializer that raises kills the worker, and multiprocessing.Pool starts another in its
    # place for ever (the report hung): keep the error and raise it from the first task instead
    global _WORKER_STORE, _WORKER_ERROR
    try:
        _WORKER_STORE = Store(path, read_only=True)
    except Exception as exc:  # noqa: BLE001 - re-raised by _detail in the parent's imap
        _WORKER_ERROR = exc


def _detail(story_id: str) -> StoryDetail | None:
    from newstrace.stories import story_detail

    if _WORKER_ERROR is not None:
        raise _WORKER_ERROR
    assert _WORKER_STORE is not None
    return story_detail(_WORKER_STORE, story_id)


def story_details(store: Store, story_ids: list[str], jobs: int | None = None) -> Iterator[StoryDetail | None]:
    """Yield :class:`StoryDetail` (or ``None`` for an unknown id) for each id, in order.

    Args:
        store: the open store; only a read-only one is shared with worker processes (a
            writable store holds DuckDB's exclusive lock, so its details load here).
        story_ids: the stories wanted.
        jobs: worker processes (default: every CPU); 1 loads them in this process.

    Raises:
        newstrace.store.StoreError: a worker cannot open the store.
    """
    from newstrace.stories import story_detail

    jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
    if jobs == 1 or not store.read_only or len(story_ids) < MIN_PARALLEL:
        for sid in story_ids:
            yield story_detail(store, sid)
        return
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(jobs, len(story_ids)), initializer=_open, initargs=(str(store.path),)) as pool:
        # chunks of one: the largest stories come first and cost the most, so hand them out singly
        yield from pool.imap(_detail, story_ids, chunksize=1)


__all__ = ["story_details", "MIN_PARALLEL"]
