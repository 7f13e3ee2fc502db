"""``newstrace show FILE:LINE`` / ``FILE#RECORD``: one record of a multi-record file, by the locations errors print.

The two records are invented here; ingesting them runs the real pipeline.
"""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest

FERRY = ("Ferry service to Quillmoor resumes after storm",
         ("The ferry between the mainland and Quillmoor island resumed on Tuesday after three days of gales, "
          "the operator said. Passengers queued from dawn at the small harbour."))  # fmt: skip
LIBRARY = ("Library in Dunsett extends weekend hours",
           ("The public library in Dunsett will open on Sundays from next month, the town council announced. "
            "Volunteers will staff the reading room in the afternoons."))  # fmt: skip


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """A store holding a JSONL file (a blank line 2, so line 3 is record 1) and a Parquet file of the same two."""
    root = tmp_path_factory.mktemp("show")
    (root / "rich").mkdir()
    jsonl = root / "rich" / "r.jsonl"
    jsonl.write_text("\n\n".join(json.dumps({"headline": h, "text": t}) for h, t in (FERRY, LIBRARY)) + "\n",
                     encoding="utf-8")  # fmt: skip
    parquet = root / "rich" / "p.parquet"
    pq.write_table(pa.table({"headline": [FERRY[0], LIBRARY[0]], "text": [FERRY[1], LIBRARY[1]]}), parquet)
    path = root / "s.duckdb"
    with Store(path) as s:
        ingest([jsonl, parquet], s, jobs=1)
    return root, path


def show(stored, ref: str):
    """``newstrace show REF`` on the fixture's store."""
    _root, path = stored
    return CliRunner().invoke(app, ["show", ref, "--store", str(path)])


def headline_shown(result) -> str:
    """The headline line of ``show``'s output (third line, after the id rule and source label)."""
    return result.stdout.splitlines()[2]


def test_multi_record_file_is_ambiguous_and_lists_each_record(stored):
    root, _ = stored
    result = show(stored, str(root / "rich" / "r.jsonl"))
    assert result.exit_code == 2
    # each record with its location and headline, so the user can pick one
    assert "r.jsonl:1 \"Ferry service to Quillmoor" in result.stderr
    assert "r.jsonl:3 \"Library in Dunsett" in result.stderr
    assert "FILE:LINE" in result.stderr
    parquet = show(stored, "p.parquet")
    assert parquet.exit_code == 2
    assert "p.parquet#0 \"Ferry" in parquet.stderr and "p.parquet#1 \"Library" in parquet.stderr


@pytest.mark.parametrize("ref, headline", [
    ("rich/r.jsonl:1", FERRY[0]), ("rich/r.jsonl:3", LIBRARY[0]), ("r.jsonl:3", LIBRARY[0]),
    ("rich/r.jsonl#1", LIBRARY[0]), ("p.parquet#0", FERRY[0]), ("rich/p.parquet#1", LIBRARY[0]),
])  # fmt: skip
def test_one_record_by_its_location(stored, ref, headline):
    result = show(stored, ref)
    assert result.exit_code == 0, result.stderr
    assert headline_shown(result) == headline


def test_location_given_absolute_and_source_line_uses_it(stored):
    root, _ = stored
    result = show(stored, f"{root / 'rich' / 'r.jsonl'}:3")
    assert result.exit_code == 0, result.stderr
    assert headline_shown(result) == LIBRARY[0]
    assert "source: rich/r.jsonl:3" in result.stdout.replace(str(root) + "/", "")


@pytest.mark.parametrize("ref", ["rich/r.jsonl:2", "rich/r.jsonl:4", "p.parquet#2", "nothere.jsonl:1"])
def test_no_record_at_the_location(stored, ref):
    result = show(stored, ref)
    assert result.exit_code == 2
    assert "no stored article matches" in result.stderr


def test_help_and_docstrings_name_the_locations_errors_print():
    """`analyze --help` and the error-line docstrings say FILE:LINE / FILE#RECORD, as the README does."""
    import inspect

    from newstrace import cli_analyze
    from newstrace.store import ingest as ingest_module

    text = CliRunner().invoke(app, ["analyze", "--help"], terminal_width=200).stdout
    assert "FILE:LINE" in text and "FILE#RECORD" in text
    for module in (cli_analyze, ingest_module):
        assert "FILE:RECORD" not in inspect.getsource(module)
