"""``newstrace analyze``: single-article analysis of files and folders, as JSON Lines or a readable summary."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from enum import Enum
from pathlib import Path
from typing import IO, Annotated

import typer

from newstrace.notices import NoticeDigest, error_line
from newstrace.schema import Article

#: Reader formats that take a column mapping.
TABULAR_FORMATS = ("jsonl", "csv", "parquet")


class InputFormat(str, Enum):
    """Values of ``--format``: ``auto`` picks the reader from each file's suffix."""

    auto = "auto"
    text = "text"
    html = "html"
    jsonl = "jsonl"
    csv = "csv"
    parquet = "parquet"
    warc = "warc"


FormatOption = Annotated[
    InputFormat, typer.Option("--format", "-f", help="Reader for every input; auto chooses by file suffix.")
]
ColumnsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--columns",
        "-c",
        metavar="FIELD=COLUMN",
        help="Column mapping for JSONL/CSV/Parquet as FIELD=COLUMN pairs, comma-separated or repeated, "
        "e.g. --columns title=hed,text=body_html. Fields: title, text, url, published, updated, byline, "
        "outlet, language.",
    ),
]


ExcludeOption = Annotated[
    list[str] | None,
    typer.Option("--exclude", "-x", metavar="GLOB", help="Skip files of a folder whose name or path inside the folder matches this "
                 "glob, e.g. --exclude '*.md' (repeat for more patterns). As in .gitignore, a bare name (`expected`, or "
                 "`expected/` for folders only) skips every file or folder of that name at any depth, with all under "
                 "it; a pattern with a slash (`notes/*`) is matched from the scanned folder. Store files (DuckDB, "
                 ".wal, .tmp) are always skipped.")  # fmt: skip
]


EncodingOption = Annotated[
    str | None,
    typer.Option("--encoding", "-e", metavar="NAME", help="Decode every text, CSV, JSONL and Reuters file (and pages "
                 "that declare no charset) with this codec, e.g. cp1252, latin-1, utf-16. Without it: UTF-8, and bytes "
                 "that are not UTF-8 are decoded with a detected single-byte codec (a W103 warning names it) or refused "
                 "(E103).")  # fmt: skip
]


def encoding_option(encoding: str | None) -> str | None:
    """The Python codec name ``--encoding`` names, or ``None``.

    Raises:
        typer.BadParameter: no such text codec (exit status 2).
    """
    from newstrace.readers.encoding import resolve_encoding

    try:
        return resolve_encoding(encoding) if encoding else None
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--encoding'") from exc


def reader_options(input_format: InputFormat, columns: list[str] | None):
    """The ``(ColumnMap, reader name or None)`` that ``--columns`` and ``--format`` ask for.

    Raises:
        typer.BadParameter: a ``--columns`` pair names an unknown field or is malformed.
    """
    from newstrace.readers.columns import ColumnMap

    try:
        column_map = ColumnMap.parse(columns or None)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="'--columns'") from exc
    return column_map, (None if input_format is InputFormat.auto else input_format.value)


# Imported after InputFormat: cli.py imports this module and cli_provenance, which reuses InputFormat.
from newstrace.cli import app, printable  # noqa: E402
from newstrace.cli import clip as _clip  # noqa: E402


@app.command()
def analyze(
    paths: list[str] = typer.Argument(..., help="Files or folders to analyse (folders are read recursively)."),
    json_lines: bool = typer.Option(
        False, "--json", help="Write JSON Lines: one Article object per input record, failed records included."
    ),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write to this file instead of standard output.", dir_okay=False
    ),
    input_format: FormatOption = InputFormat.auto,
    columns: ColumnsOption = None,
    exclude: ExcludeOption = None,
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Worker processes (each loads the spaCy model once)."),
    encoding: EncodingOption = None,
) -> None:
    """Analyse news articles: repair, structure, quotation attribution and claims.

    Prints a readable summary per article, or JSON Lines with --json.
    A record that cannot be read or analysed gets one line on standard
    error, "Error: LOCATION: cause (CODE)", and the run goes on; LOCATION is
    FILE:LINE (JSONL, CSV: 1-based line), FILE#RECORD (Parquet, WARC:
    0-based record) or FILE (a one-record file, a fault of the whole file).
    Exit status: 0 all records analysed, 1 some record failed, 2 usage error.
    """
    from newstrace.engines.local import run_stages
    column_map, fmt = reader_options(input_format, columns)
    encoding = encoding_option(encoding)

    try:
        out: IO[str] = open(output, "w", encoding="utf-8", newline="\n") if output else sys.stdout  # noqa: SIM115
    except OSError as exc:
        raise typer.BadParameter(f"cannot write {output}: {exc.strerror}", param_hint="'--output'") from exc
    failed = total = 0
    digest = NoticeDigest()
    try:
        console = None if json_lines else _console(out, to_file=output is not None)
        for article in run_stages(_records(paths, fmt, column_map, exclude or (), encoding), jobs=jobs):
            total += 1
            if console is None:
                out.write(article.model_dump_json() + "\n")
                out.flush()
            else:
                render_article(console, article)
            for error in article.errors:
                if digest.admit(article, error):
                    kind = "Error" if error.code.startswith("E") else "Warning"
                    typer.echo(f"{kind}: {error_line(article, error, code=True)}", err=True)
            if record_failed(article):
                failed += 1
        for line in digest.summary():
            typer.echo(f"Warning: {line}", err=True)
        if console is not None:
            console.print(f"{total} record{'s' if total != 1 else ''} analysed, {failed} failed")
    finally:
        if output:
            out.close()
    raise typer.Exit(1 if failed else 0)


def record_failed(article: Article) -> bool:
    """True when the record failed to read or a stage failed: no text, or any ``E``-coded error.

    Args:
        article: an analysed record.
    """
    return article.failed or any(e.code.startswith("E") for e in article.errors)


def _records(paths: Iterable[str], fmt: str | None, column_map, exclude: Iterable[str] = (),
             encoding: str | None = None) -> Iterator:  # fmt: skip
    """RawDocuments of every file under ``paths``; an empty folder is an error record, not silence."""
    from newstrace.readers import detect_format, iter_files, read_path
    from newstrace.readers.base import error_document
    from newstrace.schema import Source

    for given in paths:
        path = Path(given)
        files = list(iter_files([path], exclude)) if path.is_dir() else [path]
        if not files:
            yield error_document(Source(path=str(path), format="text"), "E100", "folder holds no files to analyse")
        for file in files:
            file_fmt = fmt or detect_format(file)
            options = {"columns": column_map} if file_fmt in TABULAR_FORMATS else {}
            yield from read_path(file, file_fmt, **options, **({"encoding": encoding} if encoding else {}))


def _console(out: IO[str], to_file: bool):
    from rich.console import Console

    # A file gets plain text at a fixed width; a terminal gets colour at its own width.
    return Console(file=out, highlight=False, width=110 if to_file else None, no_color=to_file)


def render_article(console, article: Article) -> None:
    """Print a readable summary of one Article with rich.

    Shows the source, headline, date, byline, credit, contributors, dateline, residue and
    tables of repairs (kind, before, after), quotes (speaker, cue, content) and claims
    (value, qualifier, unit, what, period, source). A failed record shows its errors.

    Args:
        console: a ``rich.console.Console``.
        article: the analysed record.
    """
    from newstrace.cli import safe_markup as escape
    from rich.rule import Rule

    console.print(Rule(escape(article.source.label()), style="cyan"))
    if record_failed(article) and not article.text:
        for error in article.errors:
            console.print(f"[bold red]failed[/] [{error.code}] {escape(error_line(article, error))}")
        console.print()
        return
    console.print(f"[bold]{escape(article.headline or '(no headline)')}[/]")
    facts = [
        ("headline suffix", article.headline_suffix),
        ("published", article.published),
        ("updated", article.updated),
        ("byline", ", ".join(article.byline) or None),
        ("credit", article.credit),
        ("contributors", ", ".join(article.contributors) or None),
        ("dateline", article.dateline),
        ("outlet", article.outlet),
        ("language", article.language),
        ("url", article.source.url),
    ]
    for name, value in facts:
        if value:
            console.print(f"  [dim]{name}:[/] {escape(str(value))}")
    paras = [p for p in article.text.split("\n\n") if p.strip()]
    console.print(f"  [dim]text:[/] {len(article.text):,} characters in {len(paras)} paragraphs")
    for res in article.residue:
        console.print(f"  [dim]residue:[/] {escape(_clip(res.text, 80))!s} [dim]({escape(res.reason)})[/]")
    if article.repairs:
        console.print(_table(
            f"Repairs ({len(article.repairs)})", ("kind", "before", "after", "evidence"),
            [(r.kind, _show(r.before, 30), _show(r.after, 30), _clip(r.evidence, 60)) for r in article.repairs],
        ))
    if article.quotes:
        console.print(_table(
            f"Quotes ({len(article.quotes)})", ("speaker", "cue", "content"),
            [(q.speaker or "?", q.cue or "", _clip(q.content, 90)) for q in article.quotes],
        ))
    if article.claims:
        console.print(_table(
            f"Claims ({len(article.claims)})", ("value", "qualifier", "unit", "what", "period", "source"),
            [(c.text or f"{c.value:g}", c.qualifier or "", c.unit or "", _clip(c.what or "", 40),
              c.period or "", c.source or "") for c in article.claims],
        ))
    for error in article.errors:
        kind = "[red]error[/]" if error.code.startswith("E") else "[yellow]warning[/]"
        console.print(f"  {kind} [{error.code}] {escape(error_line(article, error))}")
    console.print()


def _table(title: str, header: tuple[str, ...], rows: list[tuple[str, ...]]):
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False, expand=False)
    for name in header:
        table.add_column(name, overflow="fold")
    for row in rows:
        table.add_row(*(Text(printable(str(cell))) for cell in row))  # Text: article words are never read as markup
    return table


def _show(text: str, width: int) -> str:
    """A repair's before/after with white space made visible: an inserted space must not look empty,
    nor a moved one invisible (a quotation mark's repair, '"' -> '" ', read '"' -> '"' where the table
    trimmed the space)."""
    if not text:
        return "∅"
    text = text.replace("\n", "⏎")
    core = text.strip(" ")
    if not core:
        return text.replace(" ", "␣")
    lead, trail = len(text) - len(text.lstrip(" ")), len(text) - len(text.rstrip(" "))
    return "␣" * lead + _clip(core, width) + "␣" * trail

