"""``newstrace analyze``: single-article analysis of files and folders."""

from __future__ import annotations

import typer

from newstrace.cli import app


@app.command()
def analyze(paths: list[str] = typer.Argument(..., help="Files or folders to analyse.")) -> None:
    """Analyse articles (placeholder until the readers/CLI work lands)."""
    raise typer.Exit(2)
