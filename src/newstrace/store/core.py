"""The Store: one DuckDB file, opened once per process, with idempotent batch writes.

Every write method runs in one transaction, so a killed process leaves the store as of its
last committed batch; DuckDB replays its write-ahead log on the next open. Articles are keyed
by content hash (``Article.id``): writing an article already stored adds only an alias row.
DuckDB errors are translated into the specific :mod:`newstrace.store.errors` classes.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timezone
from itertools import islice
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from newstrace.schema import Article, Derivation, ErrorRecord, Source, article_id, text_id
from newstrace.store import records as rec
from newstrace.store.records import alias_sources
from newstrace.store.errors import (
    FingerprintSchemeError,
    SchemaVersionError,
    StoreCorruptError,
    StoreError,
    StoreLockedError,
    StoreNotFoundError,
)
from newstrace.store.migrations import MIGRATIONS, migrate, pending_migrations
from newstrace.store.resolved import RESOLVED_TABLE, refresh_resolved

#: Default store file, relative to the working directory.
DEFAULT_STORE = "newstrace.duckdb"

_ARROW_TYPES = {
    "VARCHAR": pa.string(),
    "BIGINT": pa.int64(),
    "INTEGER": pa.int32(),
    "DOUBLE": pa.float64(),
    "BOOLEAN": pa.bool_(),
    "TIMESTAMP": pa.timestamp("us"),
    "VARCHAR[]": pa.list_(pa.string()),
    "BLOB": pa.binary(),
}


#: DuckDB's file magic, at bytes 8-11 of its main header (``MainHeader::MAGIC_BYTES`` in DuckDB's
#: ``storage/storage_info.cpp``); a file without it was never a DuckDB database.
_DUCKDB_MAGIC = b"DUCK"
_MAGIC_OFFSET = 8

#: What DuckDB says about a file that is damaged (a checksum mismatch, a header it cannot parse)
#: or cut short (a truncated copy: "Could not read enough bytes from file").
_DAMAGE_SIGNS = ("not a valid DuckDB database", "Corrupt", "checksum", "Could not read enough bytes")


def damaged_store_error(path: Path, cause: str) -> StoreCorruptError:
    """The one message for a damaged store file, whatever the damage.

    Args:
        path: the store file.
        cause: what is wrong, in a few words (DuckDB's first line, or what the header check found).

    Returns:
        A :class:`StoreCorruptError` naming the file and saying it was left untouched and what to do.
    """
    return StoreCorruptError(
        f"the store {path} is damaged or not a DuckDB database ({cause}); it was left untouched: "
        "restore it from a backup, or move it away and ingest again"
    )


def check_store_file(path: Path) -> None:
    """Refuse an existing file that cannot be a DuckDB database, before DuckDB opens it.

    Checked here rather than left to DuckDB because DuckDB reads some other formats it recognises
    by their header (an SQLite file) through an extension it tries to download, and calls an
    empty file merely "not valid".

    Args:
        path: the store file; a missing file passes (it will be created).

    Raises:
        StoreCorruptError: the file is empty, shorter than DuckDB's header, or lacks its magic bytes.
    """
    try:
        with path.open("rb") as fh:
            head = fh.read(_MAGIC_OFFSET + len(_DUCKDB_MAGIC))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"store {path}: cannot read it ({exc.strerror or exc})") from exc
    if not head:
        raise damaged_store_error(path, "the file is empty")
    if len(head) < _MAGIC_OFFSET + len(_DUCKDB_MAGIC):
        raise damaged_store_error(path, f"the file is only {len(head)} bytes long, shorter than a DuckDB header")
    if head[_MAGIC_OFFSET:] != _DUCKDB_MAGIC:
        raise damaged_store_error(path, "no DuckDB header at its start")


def _command_line(pid: str) -> str:
    """The command line of process ``pid`` (Linux ``/proc``; "" elsewhere or when unreadable), e.g.
    "newstrace serve --store s.duckdb", so a locked store names what holds it."""
    try:
        parts = Path(f"/proc/{int(pid)}/cmdline").read_bytes().split(b"\0")
    except (OSError, ValueError):
        return ""
    words = [p.decode("utf-8", "replace") for p in parts if p]
    # "python .../bin/newstrace serve ..." reads better as "newstrace serve ..."
    for k, w in enumerate(words):
        if Path(w).name == "newstrace":
            words = ["newstrace", *words[k + 1 :]]
            break
    return " ".join(words)[:200]


def translate_error(exc: Exception, path: Path) -> StoreError:
    """Map a DuckDB exception to the specific store error, with a message saying what to do."""
    msg = str(exc)
    if "Could not set lock" in msg or "Conflicting lock" in msg:
        # DuckDB: "... Conflicting lock is held in /usr/bin/python3 (PID 123) by user root. However, ..."
        held = re.search(r"held in (.+?) \(PID (\d+)\)", msg)
        holder = f"PID {held.group(2)}, {_command_line(held.group(2)) or held.group(1)}" if held else ""
        serving = " (the web app holds its store while it runs: stop `newstrace serve` first)" \
            if " serve" in holder else ""
        return StoreLockedError(
            f"the store {path} is open in another process{f' ({holder})' if holder else ''}: "
            f"wait for it to finish, or use another store with --store FILE{serving}"
        )
    if any(sign in msg for sign in _DAMAGE_SIGNS):
        cause = msg.splitlines()[0]
        short = re.search(r"attempted to read (\d+) bytes from location (\d+)", msg)
        if short:  # a truncated copy: DuckDB's own line repeats the full path and says no more
            cause = f"the file is cut short: {short.group(1)} bytes wanted at byte {short.group(2)}"
            with contextlib.suppress(OSError):
                cause += f" of a {path.stat().st_size}-byte file"
        return damaged_store_error(path, cause)
    return StoreError(f"store {path}: {msg.splitlines()[0] if msg else type(exc).__name__}")


@dataclass
class BatchResult:
    """What one :meth:`Store.write_batch` call did.

    Attributes:
        new_articles: articles stored for the first time.
        duplicates: records whose article was already stored (alias added).
        failed: records stored as error records only (no article).
        skipped: records already marked done (written by an earlier, interrupted run).
        errors: error rows written (failed records and partial errors of stored articles).
    """

    new_articles: int = 0
    duplicates: int = 0
    failed: int = 0
    skipped: int = 0
    errors: int = 0


@dataclass
class InputState:
    """The store's record of one input file (``inputs`` row)."""

    input_key: str
    path: str
    format: str | None
    size: int | None
    mtime_ns: int | None
    status: str
    records: int | None = None


@dataclass
class FinishedInput:
    """An input file all of whose records are in the batch or earlier ones."""

    input_key: str
    records: int


@dataclass
class IngestItem:
    """One analysed record to write: its input file key, record index and the Article."""

    input_key: str
    record: int
    article: Article
    extra_errors: list[ErrorRecord] = field(default_factory=list)



@dataclass(frozen=True)
class IdenticalDate:
    """The date an article takes from an identical republication of its text (:meth:`Store.identical_dates`).

    Attributes:
        published: that record's published date (ISO 8601, as stored).
        published_offset: its UTC offset ("+01:00") where known.
        date_source: where the page gave the date (``json-ld``, ``meta``, ``url``, ...), where known.
        source: the republication, named as ``show`` names a source: its URL, else the record's location
            (``feed.jsonl:17``).
    """

    published: str
    published_offset: str | None
    date_source: str | None
    source: str


#: Derivations written per batch by :meth:`Store.replace_derivations`.
WRITE_CHUNK = 2000
#: Name prefix of the tables a trace run stages its links in before moving them (dropped after).
STAGING_PREFIX = "_staged_"
#: DuckDB's memory limit while a trace run writes its links (it spills to a temporary folder
#: beside the store beyond it); DuckDB's own default is 80% of the machine's memory.
LINK_WRITE_MEMORY = "1GB"


def _chunked(items: Iterable, size: int) -> Iterator[list]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


#: A URL typed without its scheme: a host name with a dot, then a path ("amp.dw.com/pt-br/...").
_HOST_PATH = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/\S*")


def _url_key(url: str) -> str:
    """``https://www.Example.org/a/b/?utm=1#x`` -> ``example.org/a/b``: how :meth:`Store.resolve` compares URLs
    that differ only in scheme, "www.", case, a trailing slash, query or fragment."""
    key = re.sub(r"^[a-z]+://(www\.)?", "", url.strip().lower())
    return re.sub(r"[?#].*$", "", key).rstrip("/")


class Store:
    """An embedded newstrace store in one DuckDB file.

    Args:
        path: the DuckDB file.
        read_only: open without the write lock (many readers, no writer); pending
            migrations then raise :class:`SchemaVersionError`.
        create: create the file when missing (otherwise :class:`StoreNotFoundError`).

    Raises:
        StoreLockedError: another process holds the file.
        StoreCorruptError: the file is damaged or not a DuckDB database.
        SchemaVersionError: written by a newer newstrace, or not a newstrace store.
        StoreNotFoundError: missing file with ``create=False``.

    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path = DEFAULT_STORE, *, read_only: bool = False, create: bool = True):
        self.path = Path(path)
        self.read_only = read_only
        self._legacy_max_seq: int | None = None  # read once, by _legacy_ids
        if not self.path.exists() and (read_only or not create):
            raise StoreNotFoundError(f"no store at {self.path}: run `newstrace ingest PATH --store {self.path}` first")
        if self.path.is_dir():
            raise StoreError(f"store path {self.path} is a folder; give a file name such as {self.path / DEFAULT_STORE}")
        check_store_file(self.path)
        try:
            self._con = duckdb.connect(str(self.path), read_only=read_only)
        except duckdb.Error as exc:
            raise translate_error(exc, self.path) from exc
        try:
            if read_only:
                todo = pending_migrations(self._con)
                if todo:
                    raise SchemaVersionError(
                        f"the store {self.path} needs migrations {[m.name for m in todo]}; open it for "
                        "writing once (e.g. `newstrace trace`) to apply them"
                    )
            else:
                migrate(self._con)
            self._types = {t: self._column_types(t) for t in self._tables()}
        except StoreError:
            self._con.close()
            raise
        except duckdb.Error as exc:
            self._con.close()
            raise translate_error(exc, self.path) from exc

    # -- plumbing -----------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection, checkpointing the write-ahead log first (a writable store); safe to call twice.

        The explicit ``CHECKPOINT`` leaves the file whole by itself after every command: closing alone
        left a WAL replayed after a killed ingest in place now and then (seen under load in
        ``test_kill_9_during_ingest_then_rerun_stores_every_record_exactly_once``).
        """
        if not self.read_only:
            with contextlib.suppress(Exception):
                self._con.execute("CHECKPOINT")
        with contextlib.suppress(Exception):
            self._con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _q(self, sql: str, params: list | tuple | None = None):
        try:
            return self._con.execute(sql, params) if params is not None else self._con.execute(sql)
        except duckdb.Error as exc:
            err = translate_error(exc, self.path)
            if type(err) is StoreError:  # a bug or a constraint, not a store condition: keep DuckDB's
                raise
            raise err from exc

    def _one(self, sql: str, params: list | tuple | None = None) -> tuple | None:
        rows = self._q(sql, params).fetchall()  # fetch all: DuckDB refuses new work while a result is open
        return rows[0] if rows else None

    def _rows(self, sql: str, params: list | tuple | None = None) -> list[dict[str, Any]]:
        cur = self._q(sql, params)
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, r)) for r in cur.fetchall()]

    def _tables(self) -> list[str]:
        return [r[0] for r in self._con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'").fetchall()]  # fmt: skip

    def _column_types(self, table: str) -> dict[str, str]:
        return {r[0]: r[1] for r in self._con.execute(f"DESCRIBE {table}").fetchall()}

    def _insert(self, table: str, rows: list[dict[str, Any]], on_conflict: str = "") -> None:
        """Insert rows through Arrow (fast bulk path); columns typed from the table itself."""
        if not rows:
            return
        types = self._types[table]
        cols = [c for c in types if c in rows[0]]
        schema = pa.schema([(c, _ARROW_TYPES[types[c]]) for c in cols])
        batch = pa.Table.from_pylist([{c: r.get(c) for c in cols} for r in rows], schema=schema)
        name = f"_batch_{table}"
        self._con.register(name, batch)
        try:
            collist = ", ".join(f'"{c}"' for c in cols)
            self._q(f"INSERT INTO {table} ({collist}) SELECT {collist} FROM {name} {on_conflict}")
        finally:
            self._con.unregister(name)

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Run the block in one transaction: committed at the end, rolled back on any error."""
        self._q("BEGIN TRANSACTION")
        try:
            yield
        except BaseException:
            with contextlib.suppress(Exception):
                self._con.execute("ROLLBACK")
            raise
        self._q("COMMIT")

    # -- public query helpers (for modules with their own tables: stories, web, export) --

    def query(self, sql: str, params: list | tuple | None = None) -> list[dict[str, Any]]:
        """Run a read query; rows as dicts (column -> value). DuckDB errors become store errors."""
        return self._rows(sql, params)

    def execute(self, sql: str, params: list | tuple | None = None) -> None:
        """Run a statement, discarding any result (wrap several in :meth:`transaction`)."""
        self._q(sql, params).fetchall()

    def insert_rows(self, table: str, rows: list[dict[str, Any]], on_conflict: str = "") -> None:
        """Bulk-insert row dicts into ``table`` through Arrow, typed from the table's columns.

        Args:
            table: an existing table (created by a migration).
            rows: dicts keyed by column; columns missing from the first row are left NULL.
            on_conflict: e.g. ``"ON CONFLICT DO NOTHING"``.
        """
        if table not in self._types:  # a table created after the store was opened
            self._types[table] = self._column_types(table)
        self._insert(table, rows, on_conflict)

    @contextlib.contextmanager
    def registered_ids(self, name: str, ids: Iterable[str]) -> Iterator[str]:
        """Make ``ids`` queryable as a one-column (``id``) relation called ``name`` within the block."""
        self._con.register(name, pa.table({"id": pa.array(list(ids), type=pa.string())}))
        try:
            yield name
        finally:
            self._con.unregister(name)

    def migrations(self) -> list[dict[str, Any]]:
        """The ``_migrations`` ledger: name and time applied, in order."""
        return self._rows("SELECT name, applied_at FROM _migrations ORDER BY applied_at, name")

    # -- ingest -------------------------------------------------------------------------

    def input_state(self, input_key: str) -> InputState | None:
        """The ``inputs`` row of an input file, or ``None`` when never started."""
        rows = self._rows("SELECT * FROM inputs WHERE input_key = ?", [input_key])
        if not rows:
            return None
        r = rows[0]
        return InputState(r["input_key"], r["path"], r["format"], r["size"], r["mtime_ns"], r["status"], r["records"])

    def start_input(self, input_key: str, path: str, fmt: str | None, size: int | None, mtime_ns: int | None) -> None:
        """Record that an input file is being ingested, forgetting its records if it changed.

        A file whose size or modification time differs from the stored ones is read afresh:
        its aliases and error rows (keyed by record index) are dropped first, so record 5
        of the new file is never confused with record 5 of the old one. Articles stay; one an
        identical republication in the old file dated for trace is marked to be traced again
        (``retrace_articles``).
        """
        state = self.input_state(input_key)
        with self.transaction():
            if state is not None and (state.size, state.mtime_ns) != (size, mtime_ns):
                # an article dated by one of these records' dates is dated otherwise once they go
                dated = {r[0] for r in self._q("SELECT DISTINCT article_id FROM aliases WHERE input_key = ? AND "
                                               "published IS NOT NULL", [input_key]).fetchall()}  # fmt: skip
                before = self._identical_dates(dated) if dated else {}
                self._q("DELETE FROM aliases WHERE input_key = ?", [input_key])
                if before:
                    self._mark_redated(set(before), before, _now())
                self._q("DELETE FROM errors WHERE input_key = ?", [input_key])
                self._q("DELETE FROM inputs WHERE input_key = ?", [input_key])
                state = None
            if state is None:
                self._q(
                    "INSERT INTO inputs VALUES (?, ?, ?, ?, ?, 'started', NULL, ?, NULL)",
                    [input_key, path, fmt, size, mtime_ns, _now()],
                )

    def retry_failed(self, input_key: str, codes: tuple[str, ...]) -> int:
        """Forget an input's records that failed with one of ``codes``, so the next read tries them again.

        Used when a rerun gives what such a failure asked for (``--encoding`` after an E103 "not
        UTF-8" failure): their ``errors`` rows go and the file is marked ``started`` again, in one
        transaction; records stored or failed for another reason stay done.

        Returns:
            The number of records forgotten.
        """
        marks = ", ".join("?" for _ in codes)
        with self.transaction():
            records = [r[0] for r in self._q(
                f"SELECT DISTINCT record FROM errors WHERE input_key = ? AND article_id IS NULL AND code IN ({marks})",
                [input_key, *codes]).fetchall()]  # fmt: skip
            if records:
                self._q(f"DELETE FROM errors WHERE input_key = ? AND article_id IS NULL AND record IN "
                        f"({', '.join('?' for _ in records)})", [input_key, *records])  # fmt: skip
                self._q("UPDATE inputs SET status = 'started', completed_at = NULL WHERE input_key = ?", [input_key])
        return len(records)

    def done_records(self, input_key: str) -> set[int]:
        """Record indices of an input already stored (as an article alias or a failed record)."""
        rows = self._q(
            "SELECT record FROM aliases WHERE input_key = ? UNION "
            "SELECT record FROM errors WHERE input_key = ? AND article_id IS NULL",
            [input_key, input_key],
        ).fetchall()
        return {r[0] for r in rows}

    def write_batch(self, items: Iterable[IngestItem], finished: Iterable[FinishedInput] = ()) -> BatchResult:
        """Store analysed records and completion markers in one transaction.

        Each record becomes: an ``articles`` row (when its id is new) with its child rows,
        plus an ``aliases`` row; or, for a failed record (no text), ``errors`` rows only.
        Records already marked done are skipped, so replaying a batch changes nothing.

        Args:
            items: analysed records.
            finished: input files whose last record is in this batch or an earlier one;
                marked ``done`` in the same transaction.

        Returns:
            Counts of what was written.
        """
        items = list(items)
        result = BatchResult()
        now = _now()
        with self.transaction():
            seq = self._one("SELECT coalesce(max(seq), 0) FROM articles")[0]
            keys = {(it.input_key, it.record) for it in items}
            done = set()
            if keys:
                probe = pa.table({"k": [k for k, _ in keys], "r": [r for _, r in keys]})
                self._con.register("_probe", probe)
                try:
                    done = {tuple(r) for r in self._q(
                        "SELECT input_key, record FROM aliases JOIN _probe ON input_key = k AND record = r UNION "
                        "SELECT input_key, record FROM errors JOIN _probe ON input_key = k AND record = r "
                        "WHERE article_id IS NULL").fetchall()}  # fmt: skip
                finally:
                    self._con.unregister("_probe")
            for it in items:
                _with_id(it.article)
            ids = {it.article.id for it in items if it.article.id}
            stored = set()
            if ids:
                self._con.register("_ids", pa.table({"id": sorted(ids)}))
                try:
                    stored = {r[0] for r in self._q("SELECT a.id FROM articles a JOIN _ids USING (id)").fetchall()}
                finally:
                    self._con.unregister("_ids")
            # an article stored before ids held the attribution keeps its id (migration 0011)
            legacy = self._legacy_ids([it.article for it in items if it.article.id and it.article.id not in stored])
            for it in items:
                if it.article.id in legacy:
                    it.article.id = legacy[it.article.id]
                    stored.add(it.article.id)
            stored_before = set(stored)  # articles of earlier batches: a dated alias may change their date
            redated: set[str] = set()
            republished: set[str] = set()  # ... and an alias from another outlet their count of outlets
            arts, aliases, errors = [], [], []
            children: dict[str, list] = {t: [] for t, _ in rec.CHILD_TABLES.values()}
            for it in items:
                key = (it.input_key, it.record)
                if key in done:
                    result.skipped += 1
                    continue
                done.add(key)
                art = it.article  # its id set above
                errs = [*art.errors, *it.extra_errors]
                if not art.id and not errs:  # nothing to store would leave no completion marker
                    errs = [ErrorRecord(code="E300", message=f"{art.source.label()}: no article text after analysis",
                                        stage="ingest")]  # fmt: skip
                if not art.id:
                    result.failed += 1
                    errors += rec.error_rows(it.input_key, it.record, None, art.source, errs, seq, now)
                    continue
                if art.id in stored:
                    result.duplicates += 1
                else:
                    seq += 1
                    stored.add(art.id)
                    result.new_articles += 1
                    arts.append(rec.article_row(art, seq, it.input_key, now))
                    for table, rows in rec.child_rows(art).items():
                        children[table] += rows
                aliases.append(rec.alias_row(it.input_key, it.record, art.id, art.source, seq, now, art))
                if art.id in stored_before and art.published:
                    redated.add(art.id)
                if art.id in stored_before and art.source.url:
                    republished.add(art.id)
                errors += rec.error_rows(it.input_key, it.record, art.id, art.source, errs, seq, now)
            result.errors = len(errors)
            self._insert("articles", arts)
            for table, rows in children.items():
                self._insert(table, rows)
            before = self._identical_dates(redated) if redated else {}
            outlets_before = self.identical_outlets(republished) if republished else {}
            self._insert("aliases", aliases)
            if redated:
                self._mark_redated(redated, before, now)
            if republished:
                self._mark_republished(republished, outlets_before, now)
            self._insert("errors", errors)
            for fin in finished:
                self._q(
                    "UPDATE inputs SET status = 'done', records = ?, completed_at = ? WHERE input_key = ?",
                    [fin.records, now, fin.input_key],
                )
        return result

    def _legacy_ids(self, articles: list[Article]) -> dict[str, str]:
        """Of ``articles`` not stored under their id, those stored under the id of their headline and body
        alone, before ids held the attribution (seq up to ``id_scheme.legacy_max_seq``, migration 0011):
        ``{id: stored id}``, read in one query; ``{}`` in a store made since."""
        if self._legacy_max_seq is None:
            row = self._one("SELECT max(legacy_max_seq) FROM id_scheme")
            self._legacy_max_seq = int(row[0] or 0)
        if not self._legacy_max_seq or not articles:
            return {}
        old = {a.id: text_id(a.headline + "\n" + a.text) for a in articles}
        old = {new: o for new, o in old.items() if o != new}
        if not old:
            return {}
        with self.registered_ids("_legacy", sorted(set(old.values()))):
            found = {r[0] for r in self._q("SELECT a.id FROM articles a JOIN _legacy USING (id) WHERE a.seq <= ?",
                                           [self._legacy_max_seq]).fetchall()}
        return {new: o for new, o in old.items() if o in found}

    def _mark_redated(self, ids: set[str], before: dict[str, IdenticalDate], now: datetime) -> None:
        """Mark for the next incremental trace (``retrace_articles``) each of ``ids`` whose trace date
        (:meth:`identical_dates`) the aliases just inserted changed: its links were decided on the old date.
        """
        after = self._identical_dates(ids)
        rows = [{"article_id": i, "marked_at": now,
                 "reason": f"dated {after[i].published} by the identical republication {after[i].source}" if i in after
                 else f"no longer dated {before[i].published} by the identical republication {before[i].source}"}
                for i in sorted(ids) if after.get(i) != before.get(i)]  # fmt: skip
        self.insert_rows("retrace_articles", rows, "ON CONFLICT DO NOTHING")

    def _mark_republished(self, ids: set[str], before: dict[str, int], now: datetime) -> None:
        """Mark for the next incremental trace each of ``ids`` whose count of outlets carrying its text
        (:meth:`identical_outlets`) the aliases just inserted changed, where it stands in a sibling link
        (an inferred common source): the reference between siblings is chosen on that count, nothing else
        is (:func:`newstrace.provenance.derive.sibling_reference`)."""
        after = self.identical_outlets(ids)
        changed = sorted(i for i in ids if after.get(i, 1) != before.get(i, 1))
        if not changed:
            return
        with self.registered_ids("_republished", changed):
            in_sibling_links = {r[0] for r in self._q(
                "SELECT DISTINCT r.id FROM _republished r JOIN derivations d ON d.origin_id IS NULL "
                "AND (d.copy_id = r.id OR list_contains(d.sibling_ids, r.id))").fetchall()}  # fmt: skip
        rows = [{"article_id": i, "marked_at": now, "reason": f"its text carried word for word by {after[i]} outlets"}
                for i in changed if i in in_sibling_links]  # fmt: skip
        self.insert_rows("retrace_articles", rows, "ON CONFLICT DO NOTHING")

    def identical_outlets(self, ids: Iterable[str] | None = None) -> dict[str, int]:
        """How many outlets (distinct hosts of the source URLs, as :func:`newstrace.stories.keys.outlet_of`
        reads them) carry each article's text word for word, for the articles that two or more carry
        (identical republications are stored as one article with an alias per record); records without
        a URL are not counted.

        Args:
            ids: the articles to count; ``None`` for all.

        Returns:
            ``{article_id: outlets}`` with ``outlets >= 2``; an article not listed has one or none.
        """
        sql = "SELECT article_id, url FROM aliases WHERE url IS NOT NULL"
        if ids is not None:
            ids = sorted(set(ids))
            if not ids:
                return {}
            with self.registered_ids("_outlet_ids", ids):
                rows = self._q(sql + " AND article_id IN (SELECT id FROM _outlet_ids)").fetchall()
        else:
            rows = self._q(sql).fetchall()
        from newstrace.stories.keys import outlet_of

        hosts: dict[str, set[str]] = {}
        for aid, url in rows:
            host = outlet_of(None, url)
            if host:
                hosts.setdefault(aid, set()).add(host)
        return {aid: len(h) for aid, h in hosts.items() if len(h) >= 2}

    def identical_dates(self, ids: Iterable[str] | None = None) -> dict[str, IdenticalDate]:
        """The articles whose date for trace comes from an identical republication of their text.

        An identical republication (same normalised headline, body and attribution) is stored as an
        alias of the article first stored, and the article row keeps that first record's date. Each
        alias keeps its own record's date (store migration 0012), and an article is dated, for trace's
        direction (:data:`newstrace.provenance.derive.IDENTICAL_DATE`), ``show`` and ``export``, by its own
        date unless one of its identical sources gives an earlier one
        (:func:`~newstrace.provenance.derive.earliest_published`: the span that ends first), or it has
        none: identical captures of one text carrying different dates say the text existed by the
        earliest of them, which is the upper bound on when it was first published. So the date, and the
        direction trace reads from it, do not depend on which capture was ingested first.

        Args:
            ids: the articles wanted, or ``None`` for all.

        Returns:
            ``id -> IdenticalDate`` for those articles only; an article dated by its own record (or not
            dated at all) is left out.
        """
        return self._identical_dates(None if ids is None else set(ids))

    def _identical_dates(self, ids: set[str] | None) -> dict[str, IdenticalDate]:
        from newstrace.provenance.derive import date_key, earliest_published

        if ids is not None and not ids:
            return {}
        sql = ("SELECT l.article_id, l.published, l.published_offset, l.date_source, l.path, l.format, l.record, "
               "l.line, l.url, a.published AS own, a.source_url AS own_url FROM aliases l JOIN articles a ON a.id = "
               "l.article_id {join} WHERE l.published IS NOT NULL AND NOT (l.input_key IS NOT DISTINCT FROM a.input_key "
               "AND l.record IS NOT DISTINCT FROM a.source_record) ORDER BY a.seq, l.seq, l.ingested_at, l.path, l.record")
        if ids is None:
            rows = self._rows(sql.format(join=""))
        else:
            with self.registered_ids("_want_dates", sorted(ids)) as rel:
                rows = self._rows(sql.format(join=f"JOIN {rel} w ON w.id = a.id"))
        by_article: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            by_article.setdefault(r["article_id"], []).append(r)
        out: dict[str, IdenticalDate] = {}
        for aid, recs in by_article.items():
            chosen = earliest_published(r["published"] for r in recs)
            if chosen is None:
                continue
            own = date_key(recs[0]["own"], recs[0]["own_url"])
            if own is not None and date_key(chosen) >= own:  # its own date is as early: kept
                continue
            r = next(r for r in recs if r["published"] == chosen)
            where = r["url"] or Source(path=r["path"], format=r["format"] or "text", record=r["record"] or 0,
                                       line=r["line"]).label()  # fmt: skip
            out[aid] = IdenticalDate(chosen, r["published_offset"], r["date_source"], str(where))
        return out

    def mark_for_retrace(self, reasons: dict[str, str]) -> None:
        """Mark articles for the next incremental trace (``retrace_articles``), each with its reason
        (str): articles a trace could not compare (a fingerprint or a pair verification raised), so
        that the next run compares them again instead of leaving them unlinked until ``--full``.
        A mark already there is kept."""
        if not reasons:
            return
        rows = [{"article_id": i, "marked_at": _now(), "reason": r[:500]} for i, r in sorted(reasons.items())]
        with self.transaction():
            self.insert_rows("retrace_articles", rows, "ON CONFLICT DO NOTHING")

    def retrace_ids(self) -> list[str]:
        """Articles marked for the next incremental trace (``retrace_articles``): an identical
        republication stored since their last trace changed their date or the outlets carrying their
        text, or their last trace could not compare them (:meth:`mark_for_retrace`); in ingestion order."""
        return [r[0] for r in self._q("SELECT a.id FROM retrace_articles r JOIN articles a ON a.id = r.article_id "
                                      "ORDER BY a.seq").fetchall()]  # fmt: skip

    # -- reading ------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Row counts: articles, aliases, failed records, error rows, inputs done, derivations (every verified
        pair) and resolved links (those of the resolved graph)."""
        q = {
            "articles": "SELECT count(*) FROM articles",
            "aliases": "SELECT count(*) FROM aliases",
            "failed_records": "SELECT count(DISTINCT (input_key, record)) FROM errors WHERE article_id IS NULL",
            "errors": "SELECT count(*) FROM errors",
            "inputs_done": "SELECT count(*) FROM inputs WHERE status = 'done'",
            "derivations": "SELECT count(*) FROM derivations",
            "resolved_links": f"SELECT count(*) FROM {RESOLVED_TABLE}",
        }
        return {k: self._one(sql)[0] for k, sql in q.items()}

    def max_seq(self) -> int:
        """Ingestion sequence number of the newest article (0 for an empty store)."""
        return self._one("SELECT coalesce(max(seq), 0) FROM articles")[0]

    def article_ids(self, since_seq: int = 0) -> list[str]:
        """Ids of articles ingested after ``since_seq``, in ingestion order."""
        return [r[0] for r in self._q("SELECT id FROM articles WHERE seq > ? ORDER BY seq", [since_seq]).fetchall()]

    def iter_articles(self, ids: Iterable[str] | None = None, chunk: int = 2000, *, light: bool = False) -> Iterator[Article]:
        """Yield stored articles in ingestion order.

        Args:
            ids: the articles wanted (unknown ids are ignored); ``None`` for all.
            chunk: articles loaded per query round (memory ~ chunk x article size).
            light: skip ``raw_text`` and the child records (repairs, residue, entities,
                quotes, claims, errors): what tracing needs, at a fraction of the memory.
        """
        wanted = self.article_ids() if ids is None else list(ids)
        cols = "a.*" if not light else ", ".join(f"a.{c}" for c in self._types["articles"] if c != "raw_text")
        for i in range(0, len(wanted), chunk):
            part = wanted[i : i + chunk]
            self._con.register("_want", pa.table({"id": part}))
            try:
                rows = self._rows(f"SELECT {cols} FROM articles a JOIN _want USING (id) ORDER BY a.seq")
                kids: dict[str, dict[str, list]] = {}
                errs: dict[str, list] = {}
                if not light:
                    for table, _m in rec.CHILD_TABLES.values():
                        for r in self._rows(f"SELECT c.* FROM {table} c JOIN _want w ON c.article_id = w.id ORDER BY c.article_id, c.n"):
                            kids.setdefault(r["article_id"], {}).setdefault(table, []).append(r)
                    for r in self._rows(
                        "SELECT e.* FROM errors e JOIN articles a ON e.article_id = a.id AND e.input_key = a.input_key "
                        "AND e.record = a.source_record JOIN _want w ON a.id = w.id ORDER BY e.n"
                    ):
                        errs.setdefault(r["article_id"], []).append(r)
            finally:
                self._con.unregister("_want")
            for row in rows:
                yield rec.article_from_rows(row, kids.get(row["id"], {}), errs.get(row["id"], []))

    def get_article(self, article_id: str) -> Article | None:
        """The stored article with this exact id, or ``None``."""
        return next(iter(self.iter_articles([article_id])), None)

    def aliases(self, article_id: str) -> list[dict[str, Any]]:
        """Every input record that yielded the article: path, record, line, URL, the record's own published date
        (``published``, ``published_offset``, ``date_source``; NULL for a record stored before migration 0012
        other than the article's first), in ingestion order."""
        return self._rows(
            "SELECT path, format, record, line, byte_offset, url, published, published_offset, date_source, ingested_at FROM aliases "
            "WHERE article_id = ? ORDER BY seq, ingested_at, path, record",
            [article_id],
        )

    def identical_sources(self, ids: Iterable[str]) -> dict[str, list[str]]:
        """For each id stored from two or more sources, every source in the order first ingested: identical
        texts republished elsewhere, which are one article in the store. A source is named as ``show``
        names it (:func:`~newstrace.store.records.alias_sources`: the URL, else the record's location,
        so two identical records of one feed are two sources); the first is the article's own.

        Returns:
            ``id -> [source, ...]`` (two or more each); ids with one source are left out.
        """
        ids = list(ids)
        if not ids:
            return {}
        with self.registered_ids("_want_sources", ids) as rel:
            rows = self._rows(
                f"SELECT article_id, path, format, record, line, url FROM aliases JOIN {rel} ON article_id = id "
                "ORDER BY article_id, seq, ingested_at, path, record"
            )
        by_article: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            by_article.setdefault(r["article_id"], []).append(r)
        out = {aid: [where for where, _paths in alias_sources(recs)] for aid, recs in by_article.items()}
        return {aid: sources for aid, sources in out.items() if len(sources) > 1}

    def source_labels(self, ids: Iterable[str]) -> dict[str, str]:
        """For each id, the input path or URL it was first ingested as (URL preferred when the record had one)."""
        ids = list(ids)
        if not ids:
            return {}
        with self.registered_ids("_want", ids):
            rows = self._q("SELECT id, coalesce(source_url, source_path) FROM articles JOIN _want USING (id)").fetchall()
        return {r[0]: r[1] for r in rows}

    def resolve(self, ref: str) -> list[str]:
        """Article ids matching ``ref``: an exact id, an id prefix (>= 4 hex chars), an input path or a URL.

        Paths match as given at ingest or as absolute paths; failing those, by their tail (a
        file name, with or without its suffix, or its last folders); failing those, as one record's
        location (:meth:`resolve_record`: ``FILE:LINE`` or ``FILE#RECORD``). Returns [] when nothing
        matches, several ids when ``ref`` is ambiguous (a short prefix, a multi-record file).
        """
        ref = ref.strip()
        hits = [r[0] for r in self._q("SELECT id FROM articles WHERE id = ?", [ref]).fetchall()]
        if hits:
            return hits
        if len(ref) >= 4 and all(c in "0123456789abcdef" for c in ref.lower()):
            hits = [r[0] for r in self._q("SELECT id FROM articles WHERE starts_with(id, ?) ORDER BY seq", [ref.lower()]).fetchall()]
            if hits:
                return hits
        try:
            absolute = str(Path(ref).resolve())
        except (OSError, ValueError):
            absolute = ref
        rows = self._q(
            "SELECT article_id, min(seq) AS s FROM aliases WHERE url = ? OR path = ? OR input_key = ? "
            "GROUP BY article_id ORDER BY s",
            [ref, ref, absolute],
        ).fetchall()
        if not rows and ("://" in ref or _HOST_PATH.match(ref)):
            # a URL as a reader copies it: with or without the scheme or "www.", a trailing slash, the
            # query ("?utm_term=...") or the fragment; compared on host (without "www.") and path
            key = _url_key(ref if "://" in ref else "https://" + ref)
            rows = self._q(
                "SELECT article_id, min(seq) AS s FROM aliases WHERE url IS NOT NULL AND "
                "rtrim(regexp_replace(regexp_replace(lower(url), '^[a-z]+://(www\\.)?', ''), '[?#].*$', ''), '/') = ? "
                "GROUP BY article_id ORDER BY s",
                [key],
            ).fetchall()
        if not rows and ref and "\\" not in ref:
            # A file name or the tail of a path ("copy.txt", "examples/copy.txt", or "copy" without
            # its suffix), as a user types it; several matches are returned for the caller to report.
            tail = "/" + ref.lstrip("./")
            rows = self._q(
                "SELECT article_id, min(seq) AS s FROM aliases WHERE path IS NOT NULL AND (ends_with(path, ?) OR "
                "regexp_replace(path, '^.*/', '') = ? OR regexp_replace(regexp_replace(path, '^.*/', ''), '\\.[^.]*$', '') = ?) "
                "GROUP BY article_id ORDER BY s",
                [tail, ref, ref],
            ).fetchall()
        if not rows:
            return self.resolve_record(ref)
        return [r[0] for r in rows]

    def resolve_record(self, ref: str) -> list[str]:
        """Article ids of one record given by its location, as error messages print it (:meth:`Source.label`).

        ``FILE:LINE`` is the 1-based line where a JSONL or CSV record starts; ``FILE#RECORD`` the
        0-based record index in the file (a Parquet row, a WARC record; any format has one). FILE
        matches as in :meth:`resolve` (as given, absolute, or by its tail).

        Args:
            ref: the location the user typed, e.g. ``feeds/day.jsonl:17`` or ``crawl.warc.gz#3``.

        Returns:
            The matching article ids (one, or several when FILE's tail names several files); []
            when ``ref`` is no location or nothing stored is at it.
        """
        m = re.fullmatch(r"(.+?)([:#])(\d+)", ref.strip())
        if not m:
            return []
        file, sep, number = m.group(1), m.group(2), int(m.group(3))
        ids = self.resolve(file)
        if not ids:
            return []
        self._con.register("_want", pa.table({"id": ids}))
        try:
            rows = self._q(
                f"SELECT article_id, path, input_key, min(seq) AS s FROM aliases JOIN _want ON article_id = id "
                f"WHERE {'line' if sep == ':' else 'record'} = ? GROUP BY article_id, path, input_key ORDER BY s",
                [number],
            ).fetchall()
        finally:
            self._con.unregister("_want")
        # the alias must be in FILE itself, not in another file the same article was also read from
        return list(dict.fromkeys(r[0] for r in rows if _names_file(r[1], r[2], file)))

    def record_labels(self, ids: Iterable[str], file: str | None = None) -> dict[str, str]:
        """For each id, an input record's location (``FILE:LINE``, ``FILE#RECORD``) and headline.

        Lets a message about a multi-record file tell its records apart, e.g.
        ``day.jsonl:3 "Harbour reopens"``; an id with no alias gets its headline alone.

        Args:
            ids: article ids.
            file: the file the user named (as :meth:`resolve` matches paths); its records are
                preferred over the article's first record when it was read from several files.
        """
        ids = list(ids)
        if not ids:
            return {}
        with self.registered_ids("_want", ids):
            rows = self._q(
                "SELECT a.id, a.headline, l.path, l.input_key, l.format, l.record, l.line FROM articles a "
                "JOIN _want USING (id) LEFT JOIN aliases l ON l.article_id = a.id ORDER BY l.seq, l.record"
            ).fetchall()
        first: dict[str, tuple] = {}
        for row in rows:  # in ingestion order: the first record in the named file, else the first record
            if row[0] not in first or (file and _names_file(row[2], row[3], file) and not _names_file(*first[row[0]][2:4], file)):
                first[row[0]] = row
        labels = {}
        for aid, headline, path, _key, fmt, record, line in first.values():
            where = Source(path=path, format=fmt or "text", record=record or 0, line=line).label() if path else ""
            labels[aid] = " ".join(x for x in (where, f'"{headline}"' if headline else "") if x)
        return labels

    def error_records(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Stored error rows (failed records and partial errors), in ingestion order."""
        sql = "SELECT * FROM errors ORDER BY seq, input_key, record, n"
        return self._rows(sql + (f" LIMIT {int(limit)}" if limit else ""))

    # -- fingerprints -------------------------------------------------------------------

    def register_scheme(self, scheme: str, params: dict[str, Any]) -> None:
        """Record a fingerprint scheme's parameters, or check them against those stored.

        Args:
            scheme: scheme name, e.g. ``minhash-word5``.
            params: every parameter that changes the hash values (``num_perm``, ``seed``,
                shingle size, ...); JSON-serialisable.

        Raises:
            FingerprintSchemeError: the scheme is stored with other parameters; the message
                gives both sets.
        """
        text = json.dumps(params, sort_keys=True)
        row = self._one("SELECT params FROM fingerprint_schemes WHERE scheme = ?", [scheme])
        if row is None:
            self._q(
                "INSERT INTO fingerprint_schemes VALUES (?, ?, ?, ?, ?)",
                [scheme, params.get("num_perm"), params.get("seed"), text, _now()],
            )
        elif json.loads(row[0]) != json.loads(text):
            raise FingerprintSchemeError(
                f"fingerprint scheme {scheme!r} is stored with {row[0]} but this run uses {text}; "
                "signatures of different parameters cannot be compared: use the stored parameters, "
                "or another store"
            )

    def scheme_params(self, scheme: str) -> dict[str, Any] | None:
        """Stored parameters of a fingerprint scheme, or ``None``."""
        row = self._one("SELECT params FROM fingerprint_schemes WHERE scheme = ?", [scheme])
        return json.loads(row[0]) if row else None

    def put_fingerprints(self, fingerprints: Iterable[dict[str, Any]]) -> int:
        """Store fingerprints given as ``Fingerprint.to_dict()`` dicts.

        Each dict has ``article_id``, ``scheme``, ``num_perm``, ``seed``, ``minhash``,
        ``features``, ``weights`` (bytes), ``language`` and ``n_shingles``. A fingerprint
        already stored for the same (article, scheme) is kept: content-hash ids mean an
        article always has the same fingerprint under one scheme.

        Returns:
            Number of new rows.

        Raises:
            FingerprintSchemeError: a dict's ``num_perm``/``seed`` differ from those stored
                for its scheme.
        """
        fps = list(fingerprints)
        if not fps:
            return 0
        with self.transaction():
            for scheme, num_perm, seed in {(f["scheme"], f["num_perm"], f["seed"]) for f in fps}:
                self.register_scheme(scheme, {"num_perm": int(num_perm), "seed": int(seed)})
            before = self._one("SELECT count(*) FROM fingerprints")[0]
            self._insert("fingerprints", fps, "ON CONFLICT DO NOTHING")
            after = self._one("SELECT count(*) FROM fingerprints")[0]
        return after - before

    def get_fingerprints(self, scheme: str, ids: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """Stored fingerprints of one scheme as ``Fingerprint.to_dict()`` dicts (all, or only ``ids``).

        Returns [] when the scheme was never stored.
        """
        params = self.scheme_params(scheme)
        if params is None:
            return []
        cols = "article_id, scheme, minhash, features, weights, language, n_shingles"
        if ids is None:
            rows = self._rows(f"SELECT {cols} FROM fingerprints WHERE scheme = ? ORDER BY article_id", [scheme])
        else:
            self._con.register("_want", pa.table({"id": list(ids)}))
            try:
                rows = self._rows(
                    f"SELECT {cols} FROM fingerprints JOIN _want ON article_id = id WHERE scheme = ? ORDER BY article_id",
                    [scheme],
                )
            finally:
                self._con.unregister("_want")
        for r in rows:
            r.update(num_perm=params.get("num_perm"), seed=params.get("seed"))
            for k in ("minhash", "features", "weights"):
                r[k] = bytes(r[k])
        return rows

    # -- sentence vectors (trace --semantic) ------------------------------------------------

    def get_sentence_vectors(self, model: str, keys: Iterable[str]) -> dict[str, bytes]:
        """Stored sentence vectors of ``model`` for the text keys ``keys`` (those stored; others absent).

        Returns:
            ``text_key -> float32 vector bytes``.
        """
        keys = list(dict.fromkeys(keys))
        if not keys:
            return {}
        with self.registered_ids("_want_vectors", keys) as rel:
            rows = self._q(f"SELECT text_key, vector FROM sentence_vectors JOIN {rel} ON text_key = id WHERE model = ?",
                           [model]).fetchall()
        return {k: bytes(v) for k, v in rows}

    def put_sentence_vectors(self, model: str, vectors: dict[str, bytes]) -> int:
        """Store sentence vectors of ``model`` (``text_key -> float32 bytes``); a key already stored is kept.

        Returns:
            Number of new rows.
        """
        if not vectors:
            return 0
        rows = [{"model": model, "text_key": k, "vector": v} for k, v in vectors.items()]
        with self.transaction():
            before = self._one("SELECT count(*) FROM sentence_vectors")[0]
            self.insert_rows("sentence_vectors", rows, "ON CONFLICT DO NOTHING")
            after = self._one("SELECT count(*) FROM sentence_vectors")[0]
        return after - before

    def missing_fingerprints(self, scheme: str) -> list[str]:
        """Ids of stored articles with no fingerprint of ``scheme``, in ingestion order."""
        return [r[0] for r in self._q(
            "SELECT id FROM articles a WHERE NOT EXISTS (SELECT 1 FROM fingerprints f WHERE f.article_id = a.id "
            "AND f.scheme = ?) ORDER BY seq", [scheme]).fetchall()]  # fmt: skip

    # -- derivations --------------------------------------------------------------------

    def last_trace(self) -> dict[str, Any] | None:
        """The latest finished trace run (``run_id``, ``mode``, ``max_seq``, ...), or ``None``."""
        rows = self._rows("SELECT * FROM trace_runs ORDER BY run_id DESC LIMIT 1")
        return rows[0] if rows else None

    def replace_derivations(self, derivations: Iterable[Derivation], scope: Iterable[str] | None, *,
                            mode: str, max_seq: int, new_articles: int, started_at: datetime,
                            params: dict[str, Any] | None = None,
                            timings: dict[str, float] | None = None) -> int:  # fmt: skip
        """Replace the stored links that a trace run recomputed, recompute the resolved graph, and record the run, atomically.

        The resolved graph (``resolved_derivations``, :mod:`newstrace.store.resolved`) is recomputed
        over every stored link after the replacement, in the same transaction, so it is always
        the one of the stored links, whether the run was full or incremental. The new rows are
        first appended, in committed chunks, to staging tables (:data:`STAGING_PREFIX`), so the
        memory of a run does not grow with its links; the replacement itself is one transaction,
        so readers see the old links or the new ones, never a part.

        Args:
            derivations: the new links (any iterable; consumed in chunks of :data:`WRITE_CHUNK`,
                so a generator is never held whole).
            scope: ids of the articles whose pairs the run examined: every stored link
                involving one of them (as copy, origin or sibling) is deleted first, so a
                rerun never duplicates links, and their marks in ``retrace_articles`` (waiting to be
                compared again, :meth:`retrace_ids`) go. ``None`` replaces every link and every mark (a full run).
            mode: ``full`` or ``incremental``.
            max_seq: newest article seq covered by this run.
            new_articles: articles compared in this run.
            started_at: when the run began.
            params: the run's settings (JSON-serialisable), kept in ``trace_runs.params``.
            timings: if given, ``timings["resolve"]`` is set to the seconds the resolved graph took
                and ``timings["write"]`` to those of writing the rows plus the resolved graph (not
                the time spent producing streamed derivations).

        Returns:
            The run id.
        """
        run_id = self._one("SELECT coalesce(max(run_id), 0) + 1 FROM trace_runs")[0]
        staged = {t: f"{STAGING_PREFIX}{t}" for t in ("derivations", "changes", "alignments")}
        # Rows go to key-less staging tables in committed chunks, as the (possibly streamed)
        # derivations come, then move in one transaction: DuckDB holds a transaction's appended
        # rows in memory until it commits (10,000 articles, 32,000 links: +330 MB), which a
        # 100,000-article run could not afford; an interrupted run leaves only the staging tables,
        # which the next run replaces.
        with self.transaction():
            for table, name in staged.items():
                self._q(f"CREATE OR REPLACE TABLE {name} AS SELECT * FROM {table} LIMIT 0")
        # DuckDB's default limit is 80% of the machine's memory, and the move below took it: moving
        # 357,268 links (2.6 million aligned pairs) peaked at 4.3 GB; under this limit, 1.1 GB
        self._q(f"SET memory_limit = '{LINK_WRITE_MEMORY}'")
        try:
            n, write = 0, 0.0
            for chunk in _chunked(derivations, WRITE_CHUNK):
                t = time.perf_counter()
                rows: dict[str, list] = {"derivations": [], "changes": [], "alignments": []}
                for d in chunk:
                    row, ch, pairs = rec.derivation_rows(d, run_id)
                    rows["derivations"].append(row)
                    rows["changes"] += ch
                    rows["alignments"] += pairs
                with self.transaction():
                    for table, part in rows.items():
                        self.insert_rows(staged[table], part)
                n += len(chunk)
                write += time.perf_counter() - t
            t = time.perf_counter()
            with self.transaction():
                if scope is None:
                    for table in ("derivations", "changes", "alignments", "retrace_articles"):
                        self._q(f"DELETE FROM {table}")
                else:
                    self._con.register("_ids", pa.table({"id": sorted(set(scope))}))
                    try:
                        self._q(
                            "CREATE OR REPLACE TEMP TABLE _gone AS SELECT DISTINCT copy_id, origin_key FROM derivations d "
                            "JOIN _ids i ON d.copy_id = i.id OR d.origin_id = i.id OR list_contains(d.sibling_ids, i.id)"
                        )
                        for table in ("changes", "alignments", "derivations"):
                            self._q(f"DELETE FROM {table} WHERE (copy_id, origin_key) IN (SELECT (copy_id, origin_key) FROM _gone)")
                        self._q("DROP TABLE _gone")
                        # compared again in this run: no longer waiting for a trace
                        self._q("DELETE FROM retrace_articles WHERE article_id IN (SELECT id FROM _ids)")
                    finally:
                        self._con.unregister("_ids")
                for table, name in staged.items():
                    self._q(f"INSERT INTO {table} SELECT * FROM {name} ON CONFLICT DO NOTHING")
                    self._q(f"DROP TABLE {name}")
                try:
                    _kept, seconds = refresh_resolved(self._con)
                except duckdb.Error as exc:
                    raise translate_error(exc, self.path) from exc
                self._q(
                    "INSERT INTO trace_runs (run_id, mode, max_seq, new_articles, derivations, started_at, finished_at, "
                    "params) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [run_id, mode, max_seq, new_articles, n, started_at, _now(), json.dumps(params or {}, sort_keys=True)],
                )
            if timings is not None:
                timings["resolve"] = seconds
                timings["write"] = write + time.perf_counter() - t
        except BaseException:
            with contextlib.suppress(Exception):  # best effort: the next run replaces them anyway
                for name in staged.values():
                    self._con.execute(f"DROP TABLE IF EXISTS {name}")
            raise
        finally:
            with contextlib.suppress(Exception):
                self._con.execute("RESET memory_limit")
        return run_id

    def derivations(self, article_id: str | None = None, *, resolved: bool = True) -> list[Derivation]:
        """Stored derivations, all or those where ``article_id`` is the copy, the origin or a sibling.

        Args:
            article_id: an exact article id, or ``None`` for every link.
            resolved: the resolved graph (default: one origin per copy, chain shortcuts left
                out, one record per copy of an inferred source whose ``sibling_ids`` is its
                whole group; :mod:`newstrace.store.resolved`); ``False`` for every verified
                pair as the trace stored it.

        Returns:
            :class:`Derivation` records with their changes and alignment, ordered by copy
            ingestion order, then score (highest first).
        """
        table = RESOLVED_TABLE if resolved else "derivations"
        where, params = "", []
        if article_id:
            where = "WHERE d.copy_id = ? OR d.origin_id = ? OR list_contains(d.sibling_ids, ?)"
            params = [article_id, article_id, article_id]
        rows = self._rows(
            f"SELECT d.* FROM {table} d LEFT JOIN articles a ON a.id = d.copy_id {where} "
            "ORDER BY a.seq, d.score DESC, d.origin_key",
            params,
        )
        changes: dict[tuple, list] = {}
        pairs: dict[tuple, list] = {}
        for child, into in (("changes", changes), ("alignments", pairs)):
            for r in self._rows(
                f"SELECT c.* FROM {child} c JOIN {table} d USING (copy_id, origin_key) {where} "
                "ORDER BY c.copy_id, c.origin_key, c.n",
                params,
            ):
                into.setdefault((r["copy_id"], r["origin_key"]), []).append(r)
        out = []
        for r in rows:
            key = (r["copy_id"], r["origin_key"])
            out.append(rec.derivation_from_rows(r, changes.get(key, []), pairs.get(key, [])))
        return out


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _with_id(article: Article) -> Article:
    """Set the content-hash id (in place) when a late stage failed before ``identify`` ran."""
    if not article.id and (article.text or article.headline):
        article.id = article_id(article)
    return article


def _names_file(path: str | None, input_key: str | None, file: str) -> bool:
    """Whether an alias's ``path`` (or ``input_key``) is the file the user named, as :meth:`Store.resolve`
    matches paths: as given, absolute, or by its tail (last folders, file name, file name without suffix)."""
    if path is None:
        return False
    try:
        absolute = str(Path(file).resolve())
    except (OSError, ValueError):
        absolute = file
    name = path.rsplit("/", 1)[-1]
    return (path == file or input_key == absolute or path.endswith("/" + file.lstrip("./")) or name == file
            or name.rsplit(".", 1)[0] == file)  # fmt: skip


__all__ = ["Store", "DEFAULT_STORE", "BatchResult", "IdenticalDate", "InputState", "FinishedInput", "IngestItem", "translate_error", "MIGRATIONS"]
