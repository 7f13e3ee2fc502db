"""Invented pages written to files and traced through a store, as tests of stories, the report and the
command line build them (one place, so every such test reads its pages the same way)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import update_stories


def page_text(url: str, date: str, paragraphs: list[str]) -> str:
    """A page as the text reader takes it: ``URL:`` and ``Date:`` header lines, then the paragraphs."""
    return f"URL: {url}\nDate: {date}\n\n" + "\n\n".join(paragraphs) + "\n"


def traced_store(folder: Path, pages: dict[str, tuple[str, str, list[str]]]) -> Path:
    """Write ``pages`` (file name -> (url, date, paragraphs)) into ``folder`` in that order, ingest them
    into ``folder/s.duckdb``, trace and cluster stories; returns the store's path."""
    paths = []
    for name, (url, date, paragraphs) in pages.items():
        p = folder / name
        p.write_text(page_text(url, date, paragraphs), encoding="utf-8")
        paths.append(p)
    path = folder / "s.duckdb"
    with Store(path) as st:
        ingest(paths, st, jobs=1)
        run_trace(st)
        update_stories(st)
    return path


def trace_json_of_two(folder: Path, origin_text: str, copy_text: str) -> tuple[list[dict], Path, Path, Path]:
    """``newstrace ingest`` two files (``in/a-origin.txt``, ``in/b-copy.txt``) and ``trace --json``
    through the command line; returns (the JSON rows, origin path, copy path, store path)."""
    (folder / "in").mkdir()
    origin, copy = folder / "in" / "a-origin.txt", folder / "in" / "b-copy.txt"
    origin.write_text(origin_text, encoding="utf-8")
    copy.write_text(copy_text, encoding="utf-8")
    store = folder / "s.duckdb"
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(folder / "in"), "--store", str(store), "-j", "1", "-q"]).exit_code == 0
    traced = runner.invoke(app, ["trace", "--store", str(store), "--json"])
    assert traced.exit_code == 0, traced.output
    return [json.loads(line) for line in traced.stdout.splitlines()], origin, copy, store
