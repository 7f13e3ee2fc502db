"""``--help`` of every command: conventional metavars (FILE, N, PATH...), never a type name like ``<bool>``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.cli_help import help_metavar, label_params, usage_name

GROUP = typer.main.get_command(app)
COMMANDS = sorted(GROUP.commands)
# What typer 0.2x prints for a parameter's type when nobody labels it.
TYPE_NAMES = re.compile(r"<(bool|list|int|float|str|file|dir|path|uuid|datetime)\b[^>]*>")


def help_text(*args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def rows(text: str) -> dict[str, str]:
    """Each help-table row by its first option or argument name, whitespace collapsed."""
    found = {}
    for line in text.splitlines():
        cells = " ".join(line.strip("│ ").split())
        m = re.match(r"^\*?\s*(--[\w-]+|[A-Z][A-Z_=]*)\b", cells)
        if m:
            found.setdefault(m.group(1), cells)
    return found


README = Path(__file__).resolve().parents[1] / "README.md"


def readme_command_lines() -> list[tuple[str, str]]:
    """``(command, line)`` for each line of README.md's code blocks that runs ``newstrace COMMAND``."""
    out, fenced = [], False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        m = re.search(r"(?:^|\s|/)newstrace ([a-z]+)\b", line)
        if fenced and m:
            out.append((m.group(1), line.split("#", 1)[0]))
    return out


def test_the_command_list_is_what_the_readme_documents():
    # the README's command table names every command, and only commands that exist
    table = set(re.findall(r"^\| `newstrace ([a-z]+)` \|", README.read_text(encoding="utf-8"), re.MULTILINE))
    assert {"analyze", "ingest", "trace", "show", "stories", "report", "export", "serve", "schema"} <= table
    assert table == set(COMMANDS)


def test_every_option_the_readme_shows_is_in_the_commands_help():
    lines = readme_command_lines()
    assert {cmd for cmd, _ in lines} >= {"analyze", "ingest", "trace", "show", "stories", "report", "serve", "export"}
    helps = {cmd: set(re.findall(r"--[\w-]+", help_text(cmd))) for cmd in {cmd for cmd, _ in lines}}
    missing = [(cmd, opt) for cmd, line in lines for opt in re.findall(r"(?<![\w-])--[\w-]+", line)
               if opt not in helps[cmd]]
    assert missing == []


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_shows_no_type_names(command):
    text = help_text(*([command] if command else []))
    assert not TYPE_NAMES.search(text), TYPE_NAMES.search(text).group()
    assert "<bool>" not in text and "<list" not in text


@pytest.mark.parametrize("command", COMMANDS)
def test_flags_show_no_metavar_and_value_options_show_one(command):
    text = help_text(command)
    table = rows(text)
    cmd = GROUP.commands[command]
    ctx = cmd.make_context(command, ["--help"], resilient_parsing=True)
    for param in cmd.get_params(ctx):
        if not param.opts[0].startswith("--"):
            continue
        row = table[param.opts[0]]
        if getattr(param, "is_flag", False):
            assert help_metavar(param) == "", param.name
            # the row is: names, then straight to the help text (no label word in capitals)
            after = row.split(param.opts[0], 1)[1].split()
            after = [w for w in after if not w.startswith("-")]
            assert after and not re.fullmatch(r"[A-Z][A-Z=.\[\]|]*", after[0]), row
        else:
            assert help_metavar(param) and help_metavar(param) in row, row


def test_conventional_labels_on_the_ingest_command():
    table = rows(help_text("ingest"))
    assert table["PATH"].lstrip("* ").startswith("PATH PATH...")  # several paths
    assert "--store -s FILE" in table["--store"]
    assert "--jobs -j N [x>=1]" in table["--jobs"]
    assert "--columns -c FIELD=COLUMN" in table["--columns"]
    assert "--exclude -x GLOB" in table["--exclude"]
    assert "[auto|text|html|jsonl|csv|parquet|warc]" in table["--format"]
    assert "Usage: newstrace ingest [OPTIONS] PATH..." in " ".join(help_text("ingest").split())


def test_labels_do_not_change_parsing_or_error_text(tmp_path):
    missing = CliRunner().invoke(app, ["ingest"])
    assert missing.exit_code == 2 and "Missing argument 'PATH'" in missing.output
    bad = CliRunner().invoke(app, ["stories", "--limit", "x", "--store", str(tmp_path / "s.duckdb")])
    assert bad.exit_code == 2 and "Invalid value for '--limit'" in bad.output


def usage_line(text: str) -> str:
    """The ``Usage: ...`` line of a help or error output, whitespace collapsed."""
    (line,) = [ln for ln in text.splitlines() if "Usage:" in ln]
    return " ".join(line.strip("│ ").split())


@pytest.mark.parametrize("command", COMMANDS)
def test_usage_lines_write_arguments_conventionally(command):
    # a required argument bare (PATH...), an optional one in brackets ([STORY]); never typer's {PATH}
    cmd = GROUP.commands[command]
    ctx = cmd.make_context(command, ["--help"], resilient_parsing=True)
    arguments = [p for p in label_params(cmd.get_params(ctx)) if p.param_type_name == "argument"]
    expected = " ".join(["Usage: newstrace", command, "[OPTIONS]", *(usage_name(p) for p in arguments)])
    line = usage_line(help_text(command))
    assert line == expected
    assert "{" not in line and "}" not in line
    required = [p for p in arguments if p.required]
    if required:  # the usage line of the "Missing argument" error reads the same
        missing = CliRunner().invoke(app, [command], env={"COLUMNS": "200"})
        assert missing.exit_code == 2 and f"Missing argument '{required[0].metavar}'" in missing.output
        assert usage_line(missing.output) == expected


def test_usage_names_of_the_commands_with_arguments():
    assert usage_line(help_text("ingest")).endswith("[OPTIONS] PATH...")
    assert usage_line(help_text("analyze")).endswith("[OPTIONS] PATH...")
    assert usage_line(help_text("show")).endswith("[OPTIONS] ARTICLE")
    assert usage_line(help_text("stories")).endswith("[OPTIONS] [STORY]")
