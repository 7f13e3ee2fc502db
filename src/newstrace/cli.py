"""Command-line interface: a thin shell over the typed API (library code raises, only the CLI exits)."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="newstrace",
    help="Repair, structure, quotation attribution, claims and provenance tracing for news articles.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def schema() -> None:
    """Print the versioned JSON Schema of the Article record."""
    import json

    from newstrace.schema import json_schema

    typer.echo(json.dumps(json_schema(), indent=2, ensure_ascii=False))


# Command groups that live in their own modules register themselves on `app` when imported.
from newstrace import cli_analyze  # noqa: E402,F401
from newstrace import cli_web  # noqa: E402,F401
from newstrace import cli_stories  # noqa: E402,F401

try:  # provenance commands (ingest, trace, show) arrive with the store
    import newstrace.cli_provenance  # noqa: E402,F401
except ModuleNotFoundError as exc:  # pragma: no cover
    if exc.name != "newstrace.cli_provenance":
        raise


def main() -> None:  # pragma: no cover
    app()
