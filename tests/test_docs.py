"""The README documents every command, option, output field, error code and example, and CI runs its test command."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.schema import Article

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
COMMANDS = typer.main.get_command(app).commands


def setup_command(marker: str) -> list[str]:
    """Lines of the bash block that follows ``<!-- marker`` in the README."""
    match = re.search(rf"<!-- {marker}\b[^\n]*-->\n```bash\n(.*?)```", README, re.S)
    assert match, f"README has no bash block after the {marker} marker"
    return [line for line in match.group(1).splitlines() if line.strip()]


def test_readme_gives_exactly_two_setup_commands():
    assert len(re.findall(r"<!-- setup-\d", README)) == 2
    (run,) = setup_command("setup-1")
    (test,) = setup_command("setup-2")
    assert run.startswith("python3 -m venv .venv && ") and run.endswith("newstrace analyze examples/")
    assert ".venv/bin/pip install ." in run
    assert "pip install -e '.[test]'" in test and test.endswith(".venv/bin/pytest")


def test_ci_runs_the_readme_test_command():
    ci = REPO / ".ci" / "run"
    text = ci.read_text(encoding="utf-8")
    assert os.access(ci, os.X_OK)
    assert text.startswith("#!/usr/bin/env bash\n") and "set -euo pipefail" in text
    assert "<!-- setup-2" in text  # it reads the command from the README, so the two cannot drift


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented_and_has_help(name):
    assert f"`newstrace {name}`" in README, f"README does not document `newstrace {name}`"
    result = CliRunner().invoke(app, [name, "--help"])
    assert result.exit_code == 0
    summary = (COMMANDS[name].help or "").strip().splitlines()
    assert summary and summary[0].strip() in " ".join(result.stdout.split())


def test_every_analyze_option_is_documented():
    options = [opt for p in COMMANDS["analyze"].params for opt in p.opts if opt.startswith("--")]
    assert {"--json", "--output", "--format", "--columns", "--jobs"} <= set(options)
    for opt in options:
        assert opt in README, f"README does not mention {opt}"


def test_every_article_field_is_in_the_schema_table():
    table = README.split("## Output schema", 1)[1].split("\n## ", 1)[0]
    for field in Article.model_fields:
        assert f"`{field}`" in table, f"output schema table lacks {field}"


def test_every_record_error_code_is_documented():
    codes = set()
    for path in (REPO / "src" / "newstrace").rglob("*.py"):
        codes |= set(re.findall(r"\"(E[12]\d\d)\"", path.read_text(encoding="utf-8")))
    assert {"E100", "E102", "E103", "E105", "E106", "E107", "E108", "E200"} <= codes
    for code in sorted(codes):
        assert f"| {code} |" in README, f"README's error table lacks {code}"


def test_every_example_is_described():
    examples = sorted(p.name for p in (REPO / "examples").iterdir() if not p.name.startswith("."))
    assert len(examples) >= 4
    for name in examples:
        assert f"`{name}`" in README, f"README does not describe examples/{name}"
