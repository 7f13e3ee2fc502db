"""A damaged store file, whatever the damage, gives one clear message naming it, and is never modified."""

from __future__ import annotations

import gzip
import hashlib
import os
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.schema import Article, Source, text_id
from newstrace.store import IngestItem, Store, StoreCorruptError
from newstrace.store.core import check_store_file

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEEDS = sorted((SHARED / "seeds").glob("*.txt"))
WORDING = "is damaged or not a DuckDB database"


def seed_article(path: Path) -> Article:
    """A real seed as a stored-shaped Article: first line headline, the rest the body (no NLP needed)."""
    headline, _, body = path.read_text(encoding="utf-8").partition("\n")
    return Article(id=text_id(headline.strip() + "\n" + body.strip()), headline=headline.strip(),
                   text=body.strip(), source=Source(path=str(path)))  # fmt: skip


@pytest.fixture(scope="module")
def real_store(tmp_path_factory) -> bytes:
    """The bytes of a real store holding the two seeds (stored without NLP: headline and body)."""
    path = tmp_path_factory.mktemp("good") / "good.duckdb"
    with Store(path) as s:
        s.write_batch([IngestItem(str(p), 0, seed_article(p)) for p in SEEDS])
    return path.read_bytes()


def _sqlite_file(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE articles (id TEXT)")
    con.commit()
    con.close()


# Every way a store file turns up damaged: cut short (a copy interrupted at any point), emptied,
# overwritten with noise, or another kind of file under a store's name.
DAMAGE = {
    "truncated to half": lambda data, path: path.write_bytes(data[: len(data) // 2]),
    "truncated after the main header": lambda data, path: path.write_bytes(data[:4096]),
    "truncated inside the header": lambda data, path: path.write_bytes(data[:100]),
    "truncated to 5 bytes": lambda data, path: path.write_bytes(data[:5]),
    "zero-length": lambda data, path: path.write_bytes(b""),
    "random bytes": lambda data, path: path.write_bytes(os.urandom(len(data))),
    "text file": lambda data, path: path.write_text("my notes about the flood coverage\n" * 40),
    "gzip of the store": lambda data, path: path.write_bytes(gzip.compress(data)),
    "sqlite database": lambda data, path: _sqlite_file(path),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("read_only", [False, True])
def test_every_kind_of_damage_gives_the_damaged_store_message(real_store, tmp_path, damage, read_only):
    path = tmp_path / "store.duckdb"
    DAMAGE[damage](real_store, path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(StoreCorruptError) as info, Store(path, read_only=read_only) as s:
        s.counts()
    message = str(info.value)
    assert str(path) in message and WORDING in message and "left untouched" in message
    assert "IO Error" not in message  # DuckDB's own wording is translated, not passed on
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["store.duckdb"]  # no WAL, no replacement


def test_truncation_is_named_with_the_file_size(real_store, tmp_path):
    path = tmp_path / "cut.duckdb"
    path.write_bytes(real_store[: len(real_store) // 2])
    with pytest.raises(StoreCorruptError, match=rf"cut short: \d+ bytes wanted at byte \d+ of a {len(real_store) // 2}-byte file"):
        Store(path)


@pytest.mark.parametrize("command", [["trace"], ["stories"], ["report"], ["export", "--format", "csv"],
                                     ["show", "abc"], ["ingest", str(SEEDS[0]), "-q", "-j", "1"]])  # fmt: skip
def test_every_command_reports_a_truncated_store_and_exits_2(real_store, tmp_path, command):
    path = tmp_path / "store.duckdb"
    path.write_bytes(real_store[: len(real_store) // 3])
    before = path.read_bytes()
    result = CliRunner().invoke(app, [*command, "--store", str(path)], env={"COLUMNS": "500"})
    assert result.exit_code == 2, result.output
    assert f"Error: the store {path} {WORDING}" in result.stderr
    assert "Traceback" not in result.output and "IO Error" not in result.stderr
    assert path.read_bytes() == before


def test_a_real_store_and_a_missing_file_pass_the_header_check(real_store, tmp_path):
    path = tmp_path / "ok.duckdb"
    path.write_bytes(real_store)
    check_store_file(path)
    check_store_file(tmp_path / "new.duckdb")  # created on open
    with Store(path, read_only=True) as s:
        assert s.counts()["articles"] == len(SEEDS)
