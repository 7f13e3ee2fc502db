"""Ingest: read inputs, analyse records in parallel, write them to the store in crash-safe batches.

Crash safety comes from three markers, all written in the same transactions as the data
(the shape of datatrove's completion markers, at record granularity):

- an ``aliases`` row (or, for a failed record, ``errors`` rows) per input record: a rerun
  skips records already stored before analysing them;
- an ``inputs`` row per file, ``done`` with the file's last batch: a rerun skips the file
  without reading it (unless its size or modification time changed);
- articles keyed by content hash: the same text from two records is stored once.

So ``kill -9`` at any moment, then the same command again, ends with every record stored
exactly once.
"""

from __future__ import annotations

import os
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from newstrace.notices import NoticeDigest, error_line, located
from newstrace.readers.base import RawDocument, error_document
from newstrace.readers.header import split_header
from newstrace.schema import Article, Source
from newstrace.store.core import FinishedInput, IngestItem, Store

#: Reader formats that take a column mapping.
TABULAR_FORMATS = ("jsonl", "csv", "parquet")
#: Records per transaction, and the longest time (s) analysed records wait before a commit.
BATCH_RECORDS = 64
BATCH_SECONDS = 5.0
#: Error lines kept in the report.
MAX_ERROR_LINES = 20


@dataclass
class IngestReport:
    """What an ingest run did.

    Attributes:
        files: input files seen.
        files_skipped: files already ingested whole by an earlier run (not read again).
        records: records analysed in this run.
        records_skipped: records already stored by an earlier (interrupted) run.
        new_articles: articles stored for the first time.
        duplicates: records whose article text was already stored (kept as an alias).
        failed: records stored only as error records (no article).
        with_errors: records stored as articles that carry ``E``-coded errors (a stage failed).
        failed_before: records skipped as already ingested that an earlier run stored only
            as error records: they are still not stored, so the run is not a success.
        with_errors_before: skipped records stored earlier with ``E``-coded errors.
        fingerprints: fingerprints computed and stored.
        errors: error records met (a record may carry several).
        skip_reasons: records a reader skipped on purpose, by reason (e.g. WARC
            ``type:request``, ``content-type:image/png``).
        error_lines: the first :data:`MAX_ERROR_LINES` errors as ``LOCATION: cause (CODE)`` lines,
            LOCATION being ``FILE:LINE`` (JSONL, CSV), ``FILE#RECORD`` (Parquet, WARC) or ``FILE``
            (all of them are in the store's ``errors`` table); warnings beyond the first few of
            one code in one file are left out (:class:`~newstrace.notices.NoticeDigest`).
        warnings_folded: warnings left out of ``error_lines`` that way; ``warning_summary``
            has one ``FILE: N more records with warning CODE ...`` line per file and code.
        seconds: wall-clock duration; ``stage_seconds`` splits off the time the main process
            spent writing to the store (``write``) and storing fingerprints (``fingerprint``:
            computing them too when they are not made in the workers); the rest
            (``read+analyse``) is reading and waiting for the analysis workers.
    """

    files: int = 0
    files_skipped: int = 0
    records: int = 0
    records_skipped: int = 0
    new_articles: int = 0
    duplicates: int = 0
    failed: int = 0
    with_errors: int = 0
    failed_before: int = 0
    with_errors_before: int = 0
    fingerprints: int = 0
    errors: int = 0
    skip_reasons: Counter = field(default_factory=Counter)
    error_lines: list[str] = field(default_factory=list)
    warnings_folded: int = 0
    warning_summary: list[str] = field(default_factory=list)
    seconds: float = 0.0
    stage_seconds: dict[str, float] = field(default_factory=lambda: {"write": 0.0, "fingerprint": 0.0})

    @property
    def exit_code(self) -> int:
        """0 when every record was stored as an article without errors, 1 when some failed.

        Records that failed in an earlier run and were skipped now count too: a rerun over
        unchanged input exits as the first run did, instead of 0 over records still missing.
        """
        return 1 if (self.failed or self.with_errors or self.failed_before or self.with_errors_before) else 0


@dataclass
class IngestProgress:
    """Progress of a run, passed to the ``progress`` callback after each batch.

    Attributes:
        bytes_done, bytes_total: input bytes finished and in all files (for a progress bar).
        report: the running :class:`IngestReport`.
        elapsed: seconds since the run started.
        current: the file being read.
    """

    bytes_done: int
    bytes_total: int
    report: IngestReport
    elapsed: float
    current: str = ""


@dataclass
class _Input:
    key: str
    path: Path
    size: int
    records: int = 0  # handed to analysis in this run
    skipped: int = 0  # already stored earlier
    closed: bool = False  # the reader has finished the file
    written: int = 0


def input_key(path: Path) -> str:
    """The key of an input file in the store: its absolute path (symlinks resolved)."""
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


def ingest(
    paths: Iterable[str | Path],
    store: Store,
    *,
    jobs: int | None = None,
    fmt: str | None = None,
    columns=None,
    batch_records: int = BATCH_RECORDS,
    progress: Callable[[IngestProgress], None] | None = None,
    fingerprints: bool = True,
    fingerprint_in_workers: bool = True,
    exclude: Iterable[str] = (),
    encoding: str | None = None,
) -> IngestReport:
    """Ingest files and folders into ``store``.

    Args:
        paths: files or folders (read recursively, sorted, hidden files skipped).
        store: an open, writable :class:`Store`.
        jobs: analysis worker processes (default: all cores); 1 analyses in this process.
        fmt: reader for every file, or ``None`` to pick by suffix.
        columns: column mapping for JSONL/CSV/Parquet (see
            :class:`newstrace.readers.columns.ColumnMap`).
        batch_records: records written per transaction.
        progress: called after each committed batch.
        fingerprints: compute and store each new article's provenance fingerprint.
        fingerprint_in_workers: compute fingerprints in the analysis workers, next to the
            analysis (``False``: in this process at commit time; kept for benchmarks).
        exclude: glob patterns of files and folders to skip in folder scans (see
            :func:`newstrace.readers.iter_files`); the store's own file and its ``.wal`` and
            ``.tmp`` companions are always skipped there.
        encoding: a codec for every text, CSV, JSONL and Reuters file (``--encoding``), or
            ``None``: UTF-8 with a detected legacy codec (W103) for bytes that are not.

    Returns:
        An :class:`IngestReport`; ``report.exit_code`` is 1 when some record failed.

    Raises:
        StoreError: the store cannot be written (locked, damaged, full disk).
    """
    from newstrace.engines.local import run_stages_with

    started = time.perf_counter()
    jobs = jobs or os.cpu_count() or 1
    report = IngestReport()
    digest = NoticeDigest()
    inputs = list(_inputs(paths, exclude, skip=[store.path]))
    report.files = len(inputs)
    total_bytes = sum(i.size for i in inputs) or 1
    state = {"bytes": 0, "current": ""}
    order: deque[tuple[_Input, int]] = deque()  # (input, record) of every record sent to analysis, in order
    pending: list[IngestItem] = []
    made: dict[str, dict] = {}  # article id -> fingerprint made in a worker, for the pending batch
    finished: list[FinishedInput] = []
    last_commit = time.monotonic()

    def feed() -> Iterator[RawDocument]:
        for inp in inputs:
            state["current"] = str(inp.path)
            yield from _records_of(inp, store, fmt, columns, report, order, finished, state, encoding)

    def commit() -> None:
        nonlocal last_commit
        if not pending and not finished:
            if progress:
                progress(IngestProgress(state["bytes"], total_bytes, report, time.perf_counter() - started, state["current"]))
            return
        new = [it.article for it in pending]
        t = time.perf_counter()
        result = store.write_batch(pending, list(finished))
        report.stage_seconds["write"] += time.perf_counter() - t
        report.new_articles += result.new_articles
        report.duplicates += result.duplicates
        report.failed += result.failed
        if fingerprints and result.new_articles:
            t = time.perf_counter()
            report.fingerprints += _store_fingerprints(store, new, made)
            report.stage_seconds["fingerprint"] += time.perf_counter() - t
        pending.clear()
        made.clear()
        finished.clear()
        last_commit = time.monotonic()
        if progress:
            progress(IngestProgress(state["bytes"], total_bytes, report, time.perf_counter() - started, state["current"]))

    attach = "newstrace.provenance.fingerprint:fingerprint_record" if fingerprints and fingerprint_in_workers else None
    try:
        for article, fp in run_stages_with(feed(), attach, jobs=jobs):
            if fp is not None:
                made[article.id] = fp
            inp, record = order.popleft()
            pending.append(IngestItem(inp.key, record, article))
            report.records += 1
            if not article.failed and any(e.code.startswith("E") for e in article.errors):
                report.with_errors += 1  # a stage failed; W-coded notes are not failures
            for error in article.errors:
                report.errors += 1
                if not digest.admit(article, error):
                    report.warnings_folded += 1
                elif len(report.error_lines) < MAX_ERROR_LINES:  # a W-coded note is marked as a warning
                    report.error_lines.append(("" if error.code.startswith("E") else "Warning: ") + error_line(article, error, code=True))
            inp.written += 1
            if inp.closed and inp.written == inp.records:
                finished.append(FinishedInput(inp.key, inp.records + inp.skipped))
                state["bytes"] += inp.size
            if len(pending) >= batch_records or time.monotonic() - last_commit > BATCH_SECONDS:
                commit()
    except KeyboardInterrupt:
        commit()  # keep every record analysed so far: the rerun then has less to do
        report.seconds = time.perf_counter() - started
        raise IngestInterrupted(report) from None
    commit()
    report.warning_summary = digest.summary(f"all are in the errors table of {store.path}")
    report.seconds = time.perf_counter() - started
    report.stage_seconds["read+analyse"] = report.seconds - sum(report.stage_seconds.values())
    return report


class IngestInterrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) during :func:`ingest`, after the records analysed so far were committed.

    Attributes:
        report: the :class:`IngestReport` up to the interruption (``report.records`` stored).
    """

    def __init__(self, report: IngestReport) -> None:
        super().__init__(f"ingest interrupted after {report.records} records")
        self.report = report


def _inputs(paths: Iterable[str | Path], exclude: Iterable[str] = (), skip: Iterable[Path] = ()) -> Iterator[_Input]:
    """The input files of ``paths``; folder scans leave out ``exclude`` matches and the store files ``skip``."""
    from newstrace.readers import iter_files

    seen: set[str] = set()  # a file named twice (or inside a folder also named) is read once
    for given in paths:
        path = Path(given)
        files = list(iter_files([path], exclude, skip=skip)) if path.is_dir() else [path]
        if not files:  # an empty folder is reported, not silently ignored
            files = [path]
        for file in files:
            key = input_key(file)
            if key in seen:
                continue
            seen.add(key)
            try:
                size = file.stat().st_size if file.is_file() else 0
            except OSError:
                size = 0
            yield _Input(key, file, size)


def _records_of(inp: _Input, store: Store, fmt, columns, report: IngestReport, order: deque,
                finished: list, state: dict, encoding: str | None = None) -> Iterator[RawDocument]:  # fmt: skip
    """The records of one input still to analyse; marks the file when nothing is left to do."""
    from newstrace.readers import detect_format, read_path

    try:
        st = inp.path.stat()
        size, mtime = st.st_size, st.st_mtime_ns
    except OSError:
        size, mtime = None, None
    file_fmt = fmt or detect_format(inp.path)
    prior = store.input_state(inp.key)
    if encoding and prior is not None and store.retry_failed(inp.key, ("E103",)):
        prior = store.input_state(inp.key)  # records that were not UTF-8 are read again with the codec given
    if size is None and prior is not None and store.retry_failed(inp.key, ("E100",)):
        # a path that was missing is looked for again: reported as missing now, or read if it has come
        prior = store.input_state(inp.key)
    if prior is not None and prior.status == "done" and (prior.size, prior.mtime_ns) == (size, mtime) and size is not None:
        report.files_skipped += 1
        report.records_skipped += prior.records or 0
        state["bytes"] += inp.size
        _report_earlier_errors(store, inp.key, None, report)
        return
    store.start_input(inp.key, str(inp.path), file_fmt, size, mtime)
    done = store.done_records(inp.key)
    if inp.path.is_dir():
        raws: Iterable[RawDocument] = [
            error_document(Source(path=str(inp.path), format="text"), "E100", "folder holds no files to ingest")
        ]
    else:
        options: dict = {"columns": columns} if file_fmt in TABULAR_FORMATS else {}
        if file_fmt in ("warc", "reuters"):  # readers that skip records on purpose count them by reason
            options["skipped"] = report.skip_reasons
        if encoding:
            options["encoding"] = encoding
        raws = read_path(inp.path, file_fmt, **options)
    skipped: set[int] = set()
    for raw in raws:
        if raw.source.record in done:
            inp.skipped += 1
            report.records_skipped += 1
            skipped.add(raw.source.record)
            continue
        done.add(raw.source.record)  # a reader repeating a record index must not store it twice
        inp.records += 1
        order.append((inp, raw.source.record))
        yield raw  # text files: the reader already moved a URL:/ROLE: header into metadata
    inp.closed = True
    if skipped:  # stored by an interrupted run: its failures still count
        _report_earlier_errors(store, inp.key, skipped, report)
    if inp.records == 0 or inp.written == inp.records:  # nothing (left) to analyse
        finished.append(FinishedInput(inp.key, inp.records + inp.skipped))
        state["bytes"] += inp.size


#: Appended to the error lines of records that failed in an earlier run and were skipped now.
EARLIER = "(failed in an earlier run and not stored; the file is unchanged: fix it and ingest it again)"


def _report_earlier_errors(store: Store, key: str, records: set[int] | None, report: IngestReport) -> None:
    """Count and list the failures an earlier run stored for records skipped now.

    A record that failed (``errors`` rows with no article) or was stored with ``E``-coded
    errors is skipped by a rerun like any record already ingested; without this the rerun
    would report success over records still missing from the store.

    Args:
        store: the store.
        key: the input file's key (:func:`input_key`).
        records: the record indices skipped in this run, or ``None`` for the whole file.
        report: updated in place: ``failed_before``, ``with_errors_before``, ``errors``, ``error_lines``.
    """
    rows = store.query(
        "SELECT record, article_id, code, message, path, format, line FROM errors "
        "WHERE input_key = ? AND (article_id IS NULL OR code LIKE 'E%') ORDER BY record, n",
        [key],
    )
    rows = [r for r in rows if records is None or r["record"] in records]
    report.failed_before += len({r["record"] for r in rows if r["article_id"] is None})
    report.with_errors_before += len({r["record"] for r in rows if r["article_id"] is not None})
    for r in rows:
        report.errors += 1
        if len(report.error_lines) < MAX_ERROR_LINES:
            label = Source(path=r["path"], format=r["format"] or "text", record=r["record"], line=r["line"]).label()
            report.error_lines.append(f"{located(label, r['message'])} ({r['code']}; {EARLIER[1:]}")


def _store_fingerprints(store: Store, articles: list[Article], made: dict[str, dict]) -> int:
    """Store the provenance fingerprint of each article with text (those not in ``made`` are computed here).

    An article whose fingerprint raises is left without one (its analysis is stored): ``trace``
    tries it again and names it if it fails there too, instead of this batch stopping the ingest.
    """
    from newstrace.provenance.fingerprint import fingerprint_record

    fps = []
    for a in articles:
        if not (a.id and a.text):
            continue
        fp = made.get(a.id)
        if fp is None:
            try:
                fp = fingerprint_record(a)
            except Exception:  # noqa: BLE001 - a fault of newstrace's own; trace reports the article
                continue
        if fp is not None:
            fps.append(fp)
    return store.put_fingerprints(fps)


__all__ = ["ingest", "split_header", "IngestInterrupted", "IngestReport", "IngestProgress", "input_key", "BATCH_RECORDS"]
