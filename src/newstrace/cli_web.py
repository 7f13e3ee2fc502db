"""``newstrace report`` and ``newstrace serve``: the offline HTML report and the local read-only web app over a store.

A thin shell over :func:`newstrace.report.build_report` and :func:`newstrace.web.create_app`:
a store failure becomes one ``Error: ...`` line and exit status 2.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path

import typer

from newstrace.cli import app
from newstrace.cli import fail as _fail
from newstrace.cli import store_errors
from newstrace.cli_stories import UpdateOption, update_stale_stories
from newstrace.store import DEFAULT_STORE, StoreError


@app.command()
def report(
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    output: Path = typer.Option(Path("report.html"), "--output", "-o", help="The HTML file to write.", dir_okay=False),
    limit: int = typer.Option(100, "--limit", "-n", min=0, help="Stories given in full, largest first (0: all)."),
    max_diffs: int = typer.Option(10, "--max-diffs", min=0, help=(
        "Side-by-side diffs per story (0: all): first copies that changed figures, quotations, names, dates, hedges, "
        "slant or meaning, then other text changes, last credit- or byline-only changes; highest score first within each.")),
    jobs: int | None = typer.Option(None, "--jobs", "-j", min=1, help="Processes loading stories (default: all cores)."),
    update: bool = UpdateOption,
) -> None:
    """Write one self-contained HTML file: stories with their provenance graphs, timelines, quotes, claims and diffs.

    The file works offline (inline CSS, script and SVG; nothing is loaded from the network).
    Stories are first brought up to date, as `newstrace export` does (--no-update: as last
    clustered). Large stores are limited to the largest stories by default, and the page says so.
    Exit status: 0 ok, 2 usage or store error.
    """
    from newstrace.report import build_report
    from newstrace.store import open_store

    with store_errors(resumable=True):
        update_stale_stories(store, update)
    with store_errors(), open_store(store, read_only=True) as st:
        try:
            summary = build_report(st, output, limit=limit, max_diffs=max_diffs, jobs=jobs)
        except OSError as exc:
            raise _fail(f"cannot write {output}: {exc.strerror or exc}") from exc
    if not summary.stories_built:
        typer.echo("Warning: no stories are stored, so the report lists none: run `newstrace stories` "
                   "(after `newstrace trace`) first, or leave out --no-update.", err=True)  # fmt: skip
    shown = f"{summary.stories_shown} of {summary.stories_total} stories"
    typer.echo(f"Wrote {output} ({summary.bytes / 1e6:.1f} MB): {shown}, {summary.diffs} diffs, "
               f"{summary.seconds:.1f} s." + (f" Limited: use --limit 0 for every story{_diffs_hint(summary)}."
                                               if summary.limited else ""),
               err=True)  # fmt: skip


def _diffs_hint(summary) -> str:
    """", --max-diffs N for more diffs per story" where a story left diffs out (its copies are listed,
    some without their side-by-side; a re-tester read --limit as the way to them)."""
    return ", --max-diffs N for more side-by-side diffs per story" if summary.diffs_left_out else ""


@app.command()
def serve(
    store: Path = typer.Option(Path(DEFAULT_STORE), "--store", "-s", help="The DuckDB store file.", dir_okay=False),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to bind (loopback by default: only this machine)."),
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="TCP port."),
) -> None:
    """Serve a local, read-only web app over the store: stories, articles, speakers, outlets, search, diffs.

    JSON API under /api with its OpenAPI document at /openapi.json. The store is opened
    read-only (no writer can use it while the app runs). Bound to 127.0.0.1 unless --host
    says otherwise. Exit status: 0 stopped, 2 usage or store error.
    """
    import uvicorn

    from newstrace.web import create_app

    loopback = _is_loopback(host)
    if not loopback:
        typer.echo(f"Warning: serving on {host}: anyone who can reach this address can read the store.", err=True)
    _check_port_free(host, port)
    try:
        web = create_app(store, allowed_hosts=None if loopback else ["*"])
    except StoreError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"newstrace: serving {store} on http://{host if ':' not in host else f'[{host}]'}:{port}/ (Ctrl+C stops)",
               err=True)  # fmt: skip
    uvicorn.run(web, host=host, port=port, log_level="warning", server_header=False)


def _check_port_free(host: str, port: int) -> None:
    """Exit 2 with a clear message when ``host:port`` cannot be bound (in use, or not an address here)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise _fail(f"cannot serve on {host}: {exc.strerror}") from exc
    family, _, _, _, address = infos[0]
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does: a closing socket is no obstacle
        try:
            probe.bind(address)
        except OSError as exc:
            raise _fail(f"cannot serve on {host}:{port}: {exc.strerror} (choose another --port)") from exc


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
