"""``newstrace stories`` and ``export``: story clustering and flat-table export over the store.

A thin shell over :mod:`newstrace.stories` and :mod:`newstrace.export`; every store failure
becomes one ``Error: ...`` line. Exit status: 0 ok, 2 usage or store error (locked, damaged,
newer schema, no such story).
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from newstrace.cli import app, counted, one_match, store_errors
from newstrace.cli import clip as _clip
from newstrace.cli import fail as _fail
from newstrace.store import DEFAULT_STORE

if TYPE_CHECKING:
    from newstrace.stories import StoriesReport


class ExportFormatOption(str, enum.Enum):
    """File formats of ``newstrace export``."""

    parquet = "parquet"
    csv = "csv"
    jsonl = "jsonl"


@app.command()
def stories(
    story: str | None = typer.Argument(None, help="Show this story in full: a story id or its prefix (S and at least 4 "
                                       "hex digits), or an article (id, id prefix, input path or URL) whose story to show."),  # fmt: skip
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    json_lines: bool = typer.Option(False, "--json", help="Write Story records as JSON Lines (a StoryDetail as one "
                                    "JSON object when STORY is given)."),  # fmt: skip
    full: bool = typer.Option(False, "--full", help="Re-key and re-link every article, not only those not yet in a story."),
    limit: int = typer.Option(50, "--limit", "-n", min=0, help="Stories listed (largest first); 0: all."),
    offset: int = typer.Option(0, "--offset", min=0, help="Stories skipped before the listing."),
    min_articles: int = typer.Option(1, "--min-articles", min=1, help="List only stories with this many articles."),
    update: bool = typer.Option(True, "--update/--no-update", help="Cluster the articles not yet in a story first "
                                "(needs write access); --no-update lists the stories as last clustered, read-only, "
                                "beside another process that holds the store (`newstrace serve`)."),  # fmt: skip
) -> None:
    """Cluster stored articles into stories (copies and independent coverage of one event) and list them.

    Incremental: articles not yet in a story are keyed and linked against the store, new
    copy links from trace are applied, and the result equals a full re-run (--full). Run
    `newstrace trace` first so copies join their origins. --no-update only reads the store:
    the stories as last clustered, with a warning when they lag behind ingest or trace.
    Exit status: 0 ok, 2 usage or store error, no such story, or (--no-update) no stories
    stored yet.
    """
    from newstrace.store import StoreLockedError, open_store
    from newstrace.stories import list_stories, story_detail, update_stories

    if not update and full:
        raise _fail("--full re-clusters the store and --no-update only reads it: give one of them")
    try:
        with store_errors(resumable=True), open_store(store, create=False, read_only=not update) as st:
            report = update_stories(st, full=full) if update else _stored_stories(st, store)
            traced = bool(st.query("SELECT count(*) AS n FROM trace_runs")[0]["n"])
            if story is not None:
                sid = _resolve_story(st, story)
                detail = story_detail(st, sid)
                page = None
            else:
                page = list_stories(st, limit=limit or 100_000, offset=offset, min_articles=min_articles)
    except typer.Exit as exc:
        if update and isinstance(exc.__cause__, StoreLockedError):  # `serve` holds it: the read-only way
            typer.echo(f"To list the stories as last clustered beside it: newstrace stories --no-update --store {store}",
                       err=True)  # fmt: skip
        raise
    if page is None:
        if json_lines:
            typer.echo(detail.model_dump_json())
        else:
            _print_detail(detail)
    elif json_lines:
        for s in page.stories:
            typer.echo(s.model_dump_json())
    else:
        _print_stories(page)
    if report is None:  # --no-update: nothing clustered in this run
        return
    if report.derivation_edges == 0 and report.articles > 1 and not traced:
        typer.echo("Note: no copy links are stored; run `newstrace trace` first so that copies join their origins' "
                   "stories.", err=True)  # fmt: skip
    typer.echo(
        f"stories ({report.mode}): {report.new_articles} of {counted(report.articles, 'article')} clustered in this run, "
        f"{counted(report.candidate_pairs, 'candidate pair')}, {counted(report.event_links, 'same-event link')}, "
        f"{counted(report.derivation_edges, 'copy link')}; {counted(report.stories, 'story', 'stories')}. {report.seconds:.1f} s.",
        err=True,
    )


def _stored_stories(st, path: Path) -> None:
    """``stories --no-update``: check that stories are stored, and warn when they are stale.

    Raises:
        typer.Exit: status 2 when no ``newstrace stories`` run has stored any story yet.
    """
    from newstrace.stories import stories_stale

    if not st.query("SELECT count(*) AS n FROM story_runs")[0]["n"]:
        raise _fail(f"no stories are stored in {path} yet: run `newstrace stories --store {path}` (without "
                    "--no-update) once, when no other process holds the store")  # fmt: skip
    if stories_stale(st):
        typer.echo("Warning: the stories are out of date (articles not yet in a story, or a trace run since they "
                   "were clustered); they are shown as last clustered: run `newstrace stories` without --no-update "
                   "when the store is free", err=True)  # fmt: skip


def _resolve_story(st, ref: str) -> str:
    """The story ``ref`` names: a story id or its prefix (``S1a2b``, as git short hashes), else an
    article (id, id prefix, path or URL) whose story it is; ambiguous or unknown: exit 2."""
    from newstrace.stories import find_stories, get_story, story_of

    sids = find_stories(st, ref)
    sid = one_match(ref, sids, "stories", {i: s.headline for i in sids[:8] if (s := get_story(st, i))}, "")
    if sid is None:
        ids = st.resolve(ref)
        aid = one_match(ref, ids, "articles", st.source_labels(ids[:8]), ", or the path or URL")
        sid = story_of(st, aid) if aid else None
    if sid is None:
        raise _fail(f"no story or article matches {ref!r} (give a story id from `newstrace stories` or its first "
                    "characters, S and at least 4 hex digits, or an article id, path or URL)")  # fmt: skip
    return sid


def _console():
    import sys

    from rich.console import Console

    plain = not sys.stdout.isatty()
    return Console(highlight=False, width=160 if plain else None, no_color=plain)


def _seen(story, day: str | None) -> str:
    """A story's first or last seen day as listed: marked "(ingested)" when no member is dated
    (:attr:`~newstrace.stories.models.Story.seen_ingested`), as the timeline marks its rows."""
    if not day:
        return ""
    return f"{day} (ingested)" if story.seen_ingested else day


def _print_stories(page) -> None:
    from rich.table import Table

    from newstrace.cli import safe_markup as escape

    shown = f"{page.offset + 1}-{page.offset + len(page.stories)}" if page.stories else "none"
    table = Table(title=f"{counted(page.total, 'story', 'stories')} (showing {shown}, largest first)", show_lines=False)
    for col in ("story", "articles", "copies", "first seen", "last seen", "languages", "outlets", "key entities",
                "headline"):  # fmt: skip
        table.add_column(col, overflow="fold")
    for s in page.stories:
        table.add_row(s.id, str(s.n_articles), str(s.n_copies), _seen(s, s.first_seen), _seen(s, s.last_seen),
                      ", ".join(s.languages), escape(", ".join(s.outlets[:4]) + (" ..." if len(s.outlets) > 4 else "")),
                      escape(", ".join(s.key_entities[:5])), escape(_clip(s.headline or "(no headline)", 80)))  # fmt: skip
    _console().print(table)


def _print_detail(d) -> None:
    from rich.rule import Rule
    from rich.table import Table

    from newstrace.cli import safe_markup as escape

    c = _console()
    s = d.story
    c.print(Rule(f"{s.id}: {escape(_clip(s.headline or '(no headline)', 100))}"))
    c.print(f"{counted(s.n_articles, 'article')}, {counted(s.n_copies, 'copy', 'copies')}, {_seen(s, s.first_seen)} .. {_seen(s, s.last_seen)}; languages "
            f"{', '.join(s.languages)}; key entities: {escape(', '.join(s.key_entities))}")  # fmt: skip
    t = Table(title="Timeline", title_justify="left")
    for col in ("date", "outlet", "role", "kind", "article", "headline"):
        t.add_column(col, overflow="fold")
    members = {m.article_id: m for m in d.members}
    for p in d.timeline:
        m = members[p.article_id]
        # another outlet's identical text, stored as this member: its verbatim republication
        rep = p.outlet != m.outlet and any(r.outlet == p.outlet for r in m.republished)
        t.add_row(f"{p.date or ''}{' (ingested)' if p.date_source == 'ingested' else ''}", escape(p.outlet or ""),
                  "republication" if rep else m.role, "verbatim" if rep else m.kind or "", p.article_id[:12],
                  escape(_clip(m.headline or "(no headline)", 60)))  # fmt: skip
    c.print(t)
    if d.edges:
        t = Table(title="Copy tree (copy -> origin)", title_justify="left")
        for col in ("copy", "origin", "kind", "score", "changes"):
            t.add_column(col, overflow="fold")
        for e in d.edges:
            origin = e.origin_id[:12] if e.origin_id else f"{e.origin_key} (missing; siblings {', '.join(x[:8] for x in e.sibling_ids)})"
            t.add_row(e.copy_id[:12], origin, e.kind, f"{e.score:.2f}", ", ".join(f"{n} {k}" for k, n in e.change_counts.items()))
        c.print(t)
    quotes = [g for g in d.quotes if len({v.article_id for v in g.variants}) > 1]
    if quotes:
        t = Table(title="Quotes across articles", title_justify="left", show_lines=True)
        for col in ("speaker", "outlet", "wording", "sim"):
            t.add_column(col, overflow="fold")
        for g in quotes:
            for v in g.variants:
                mark = " (aligned sentence)" if v.from_alignment else f" ({v.change})" if v.change else ""
                t.add_row(escape(g.speaker or "") if v.reference else "", escape(v.outlet or v.article_id[:12]),
                          escape(v.content[:200]) + mark, f"{v.similarity:.2f}")  # fmt: skip
        c.print(t)
    claims = [g for g in d.claims if g.n_articles > 1]
    if claims:
        t = Table(title="Claims across articles", title_justify="left", show_lines=True)
        for col in ("what", "value", "outlets"):
            t.add_column(col, overflow="fold")
        for g in claims:
            for n, v in enumerate(g.values):
                value = f"{v.qualifier + ' ' if v.qualifier else ''}{v.text}"
                t.add_row(escape(f"{g.what or ''} ({g.unit})" if g.unit else g.what or "") if n == 0 else "",
                          escape(value) + (" (from a change)" if v.from_change else ""), escape(", ".join(v.outlets)))  # fmt: skip
        c.print(t)
    if d.names:
        t = Table(title="Name variants", title_justify="left")
        for col in ("person", "forms"):
            t.add_column(col, overflow="fold")
        for g in d.names:
            t.add_row(escape(g.canonical), escape("; ".join(f"{v.form} ({v.how}, {len(v.article_ids)})" for v in g.variants)))
        c.print(t)


#: ``--update/--no-update`` of ``export`` and ``report``: both show stories, so both bring them up to date.
UpdateOption = typer.Option(True, "--update/--no-update", help="Bring stories up to date first when they lag "
                            "behind ingest or trace (needs write access then); --no-update shows them as last "
                            "clustered, read-only.")  # fmt: skip


def update_stale_stories(store: Path, update: bool = True) -> StoriesReport | None:
    """Bring the stories of the store file up to date when they are stale: ``export``'s and ``report``'s one path.

    Checked on a read-only connection (:func:`newstrace.stories.stories_stale`); only a stale store
    is opened for writing, for :func:`newstrace.stories.update_stories`, and closed again, so the
    caller reads it read-only (``report``'s worker processes open it read-only too).

    Args:
        store: the store file.
        update: False does nothing (``--no-update``).

    Returns:
        The :class:`~newstrace.stories.StoriesReport` of the update, or None when none ran.

    Raises:
        StoreError: the store is missing, damaged, or newer. A stale store held by another process
            (``serve``) is not updated: a warning says so and the stories stay as last clustered.
    """
    from newstrace.store import SchemaVersionError, StoreLockedError, open_store
    from newstrace.stories import stories_stale, update_stories

    if not update:
        return None
    try:
        with open_store(store, read_only=True) as st:
            if not stories_stale(st):
                return None
    except SchemaVersionError:  # pending migrations: the writable open below applies them (a newer store re-raises)
        pass
    try:
        with open_store(store, create=False) as st:
            return update_stories(st)
    except StoreLockedError as exc:  # e.g. `serve` reads it: go on with the stories as last clustered
        typer.echo(f"Warning: the stories are out of date but were not updated ({exc}); the stories shown are those "
                   "of the last `newstrace stories` run: run it once the store is free", err=True)  # fmt: skip
        return None


@app.command()
def export(
    fmt: ExportFormatOption = typer.Option(..., "--format", "-f", help="File format of every table."),
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    output: Path = typer.Option(Path("export"), "--output", "-o", help="Folder to write the files into (created).",
                                file_okay=False),  # fmt: skip
    update: bool = UpdateOption,
    all_pairs: bool = typer.Option(False, "--all-pairs", help="Export the derivations and changes of every "
                                   "verified pair, not only the links of the resolved graph."),  # fmt: skip
) -> None:
    """Export articles, quotes, claims, derivations, changes, stories and story members as tables, one file each.

    Files are named after their table (articles.parquet, quotes.csv, ...) in the output folder; existing files of
    the same name are replaced. Derivations and changes are those of the resolved graph, as `trace` prints it (one
    origin per copy; one record per sibling-group member except a member that is only ever the reference side, listed in the others' sibling_ids); --all-pairs exports every verified pair. Exit
    status: 0 ok, 2 usage or store error.
    """
    from newstrace.export import export_tables
    from newstrace.store import open_store

    with store_errors(resumable=True):
        update_stale_stories(store, update)
    with store_errors(), open_store(store, read_only=True) as st:
        try:
            written = export_tables(st, output, fmt.value, all_pairs=all_pairs)
        except OSError as exc:
            raise _fail(f"cannot write to {output}: {exc}") from exc
    for w in written:
        typer.echo(f"{w.table}: {w.rows} rows -> {w.path}")
