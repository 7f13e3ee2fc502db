"""Command-line interface: a thin shell over the typed API (library code raises, only the CLI exits)."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

from newstrace.cli_help import typer_app

app = typer_app(  # help shows FILE, N, PATH... and no <bool> (cli_help)
    name="newstrace",
    help="Repair, structure, quotation attribution, claims and provenance tracing for news articles.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="markdown",  # docstring paragraphs reflow to the terminal instead of keeping their line breaks
)


# C0 controls but tab and newline, DEL, and C1 controls: a terminal acts on them (ESC starts
# an escape sequence that can clear the screen, retitle the window or hide a link).
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    r"""``text`` with terminal control characters shown as ``\xNN`` instead of sent to the terminal.

    Article text is untrusted: an ESC byte in it must not reach the terminal as an escape sequence.

    >>> printable("a\x1b[2Jb\tc")
    'a\\x1b[2Jb\tc'
    """
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def clip(text: str, width: int) -> str:
    """``text`` on one line (whitespace runs collapsed), cut to ``width`` characters with an ellipsis when longer."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def safe_markup(text: str) -> str:
    """Untrusted text for a rich markup string: control characters made visible, ``[`` escaped."""
    from rich.markup import escape

    return escape(printable(text))


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with its noun in the right number: ``counted(1, "record")`` is "1 record",
    ``counted(2, "story", "stories")`` "2 stories" (``plural`` defaults to ``noun + "s"``)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def fail(message: str) -> typer.Exit:
    """Print ``Error: message`` on standard error; return the exit (status 2) for the caller to raise."""
    typer.echo(f"Error: {message}", err=True)
    return typer.Exit(2)


def one_match(ref: str, ids: list[str], what: str, labels: dict[str, str], hint: str) -> str | None:
    """The one id that ``ref`` matches, ``None`` when none does; exit 2 when it matches several.

    Used by ``show`` (article ids) and ``stories`` (story ids) alike, so an ambiguous prefix gets
    one wording: up to 8 of the matches, each with its label, and what to give instead.

    Args:
        ref: what the user typed.
        ids: the ids it matches, in a stable order.
        what: the plural noun for the message ("articles", "stories").
        labels: id -> a label to show (a source path or URL, a headline); may lack some ids.
        hint: what to give instead (", or the path or URL").

    Raises:
        typer.Exit: status 2, after ``Error: 'ref' matches N what: id (label); ...; give a longer id...``.
    """
    if len(ids) <= 1:
        return ids[0] if ids else None
    listed = "; ".join(f"{i[:13]} ({clip(labels.get(i, '?'), 120)})" for i in ids[:8]) + (" ..." if len(ids) > 8 else "")
    raise fail(printable(f"{ref!r} matches {len(ids)} {what}: {listed}; give a longer id{hint}"))


@contextmanager
def store_errors(resumable: bool = False) -> Iterator[None]:
    """Turn a store error into ``Error: ...`` and exit 2, and a bug into a traceback plus exit 2.

    A bug is a total failure (2), never mistaken for "some records failed" (1). With
    ``resumable`` the message says that committed work is kept and the command resumes it.

    Raises:
        typer.Exit: status 2 on :class:`newstrace.store.StoreError` or an unexpected exception.
    """
    from newstrace.store import StoreError

    try:
        yield
    except StoreError as exc:
        raise fail(str(exc)) from exc
    except (typer.Exit, KeyboardInterrupt):
        raise
    except Exception as exc:
        import traceback

        traceback.print_exc(file=sys.stderr)
        tail = "; work committed so far is kept in the store, and the same command again resumes it" if resumable else ""
        raise fail(f"internal error ({type(exc).__name__}: {exc}){tail}") from exc


def _version(value: bool) -> None:
    if value:
        from newstrace import __version__
        from newstrace.schema import SCHEMA_VERSION

        typer.echo(f"newstrace {__version__} (Article schema {SCHEMA_VERSION})")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),  # fmt: skip
) -> None:
    """Repair, structure, quotation attribution, claims and provenance tracing for news articles."""


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
