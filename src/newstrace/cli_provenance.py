"""``newstrace ingest``, ``trace`` and ``show``: the store-backed provenance commands.

A thin shell over :mod:`newstrace.store`: every store failure becomes one ``Error: ...``
line. Exit status: 0 ok, 1 some records failed (they are stored as error records), 2 usage
or store error (locked, damaged, newer schema, nothing matches).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import IO

import typer

from newstrace.cli import app
from newstrace.cli_analyze import InputFormat
from newstrace.store import DEFAULT_STORE, StoreError

_STORE_HELP = "The DuckDB store file (created when missing)."


def _fail(message: str) -> typer.Exit:
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(2)


@app.command()
def ingest(
    paths: list[str] = typer.Argument(..., help="Files or folders to ingest (folders are read recursively)."),
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help=_STORE_HELP, dir_okay=False),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Analysis worker processes [default: all cores]."),
    input_format: InputFormat = typer.Option(
        InputFormat.auto, "--format", "-f", help="Reader for every input; auto chooses by file suffix."
    ),
    columns: list[str] = typer.Option(
        [],
        "--columns",
        "-c",
        help="Column mapping for JSONL/CSV/Parquet as FIELD=COLUMN pairs, comma-separated or repeated, "
        "e.g. --columns title=hed,text=body_html.",
    ),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Analyse articles and store them, with their repairs, quotes, claims and fingerprints.

    Idempotent and crash-safe: an article already stored is kept once (its new path or URL
    is added as an alias), and after an interruption the same command finishes the work
    without storing anything twice. Exit status: 0 ok, 1 some records failed (stored as
    error records), 2 usage or store error.
    """
    from newstrace.readers.columns import ColumnMap
    from newstrace.store import open_store
    from newstrace.store.ingest import ingest as run_ingest

    try:
        column_map = ColumnMap.parse(columns or None)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--columns'") from exc
    fmt = None if input_format is InputFormat.auto else input_format.value
    try:
        with open_store(store) as st, _progress(quiet) as bar:
            report = run_ingest(paths, st, jobs=jobs, fmt=fmt, columns=column_map, progress=bar)
            total = st.counts()["articles"]
    except StoreError as exc:
        raise _fail(str(exc)) from exc
    for line in report.error_lines:
        typer.echo(f"Error: {line}", err=True)
    more = report.errors - len(report.error_lines)
    if more > 0:
        typer.echo(f"... and {more} more errors (all are stored in the errors table of {store})", err=True)
    skipped = ", ".join(f"{n} {why}" for why, n in report.skip_reasons.most_common())
    typer.echo(
        f"{report.records} records analysed in {report.seconds:.1f} s ({report.records / max(report.seconds, 1e-9):.1f}/s): "
        f"{report.new_articles} new articles, {report.duplicates} already stored (alias kept), "
        f"{report.failed} failed, {report.with_errors} stored with errors; "
        f"{report.records_skipped} records and {report.files_skipped} files already ingested"
        + (f"; skipped {skipped}" if skipped else "")
        + f". Store {store}: {total} articles."
    )
    raise typer.Exit(report.exit_code)


class _progress:
    """A rich progress bar over input bytes, on standard error; a no-op when ``quiet``."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.bar = None
        self.task = None

    def __enter__(self):
        if self.quiet:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

        self.bar = Progress(
            TextColumn("ingest"),
            BarColumn(),
            TextColumn("{task.percentage:>3.0f}%"),
            TextColumn("{task.fields[records]} records, {task.fields[rate]:.1f}/s"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self.bar.start()
        self.task = self.bar.add_task("ingest", total=1, records=0, rate=0.0)
        return self

    def __call__(self, p) -> None:
        if self.bar is None:
            return
        r = p.report
        rate = r.records / max(p.elapsed, 1e-9)
        self.bar.update(self.task, total=p.bytes_total, completed=p.bytes_done, records=r.records, rate=rate)

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()


def _open_output(output: Path | None) -> IO[str]:
    return open(output, "w", encoding="utf-8", newline="\n") if output else sys.stdout  # noqa: SIM115
