"""Each source record's own date (store migration 0012): identical republications stored as one article keep
their dates, trace dates the text by the earliest of them, and the result does not depend on ingest order.

Every article here is invented for these tests (a harbour board's sea wall in a made-up town).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace

HEAD = "Tarnby harbour board approves new sea wall after winter storms"
PARAS = [
    "The Tarnby harbour board on Tuesday approved a new sea wall for the old port, after three winter storms "
    "flooded the fish market and the ferry terminal.",
    "The wall will run 640 metres from the lighthouse to the boatyard and is to cost 18 million crowns, the "
    "board's chair, Maren Solvik, told reporters after the vote.",
    '"We cannot ask the fishermen to rebuild every spring," Solvik said. "This wall is meant to last fifty years."',
    "Work is due to start in May and take two summers, during which the northern quay will close to ferries on weekdays.",
    "Local traders said they welcomed the decision but feared the closure of the quay would keep summer visitors "
    "away from the market square.",
    "The board rejected a cheaper plan for a floating barrier, which engineers said would not hold against the "
    "surge seen in January.",
    "The national coastal agency has promised to pay a third of the cost, the rest coming from harbour fees and a "
    "loan from the county.",
    "A public meeting on the building works will be held at the town hall on the first Monday of April, the board said.",
]
UNDATED_URL = "https://harbour-news.example/sea-wall"
DATED_URL = "https://coastwatch.example/tarnby-wall"
CUT_URL = "https://aggregator.example/item/88"


def _record(folder: Path, name: str, url: str, date: str | None, paras: list[str] = PARAS) -> Path:
    """One JSON Lines file holding one invented record (a capture of the story at ``url``)."""
    folder.mkdir(parents=True, exist_ok=True)
    row = {"title": HEAD, "text": "\n\n".join(paras), "url": url}
    if date:
        row["date"] = date
    path = folder / f"{name}.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return path


@pytest.fixture()
def captures(tmp_path) -> dict[str, Path]:
    """Two identical captures of the story (one undated, one dated 2024-03-05) and a cut copy of its first
    three paragraphs dated four days later."""
    inp = tmp_path / "in"
    return {"undated": _record(inp, "undated", UNDATED_URL, None),
            "dated": _record(inp, "dated", DATED_URL, "2024-03-05"),
            "cut": _record(inp, "cut", CUT_URL, "2024-03-09", PARAS[:3])}  # fmt: skip


def _trace(path: Path, files: list[Path]) -> tuple[list, dict]:
    with Store(path) as s:
        ingest(files, s, jobs=1)
        run_trace(s, full=True)
        return s.derivations(), s.identical_dates()


def test_the_order_identical_captures_are_ingested_in_does_not_change_the_trace(tmp_path, captures):
    """[undated, dated] and [dated, undated] of one text, then a cut copy dated later: the cut copy is the
    copy of the story both ways (the old store kept the first capture's date only, so the undated one first
    left the story undated and the two were only siblings of an inferred source)."""
    runs = {}
    for order in (("undated", "dated"), ("dated", "undated")):
        runs[order] = _trace(tmp_path / f"{'-'.join(order)}.duckdb", [captures[n] for n in (*order, "cut")])
    (first,), dates_first = runs[("undated", "dated")]
    (second,), dates_second = runs[("dated", "undated")]
    for link in (first, second):
        assert (link.inferred_source, link.origin_source is not None) == (False, True)
        assert link.copy_source == CUT_URL
    assert (first.copy_id, first.origin_id, first.kind) == (second.copy_id, second.origin_id, second.kind)
    # the story's date came from its dated capture, and the evidence says so where it was not its own
    assert "dates: copy 2024-03-09, origin 2024-03-05 (the date of an identical republication of its text)" \
        in first.direction_evidence  # fmt: skip
    assert "dates: copy 2024-03-09, origin 2024-03-05" in second.direction_evidence
    assert [(d.published, d.source) for d in dates_first.values()] == [("2024-03-05", DATED_URL)]
    assert dates_second == {}  # its own record carries the date


def test_two_dated_captures_date_the_text_by_the_earlier_whichever_came_first(tmp_path):
    """A capture dated 2024-03-10 and an identical one dated 2024-03-03, and a cut copy dated 2024-03-06: the
    text existed by 2024-03-03, so the cut copy is its copy in either ingest order (by the later capture's
    date alone, the cut copy would look four days older than the story)."""
    inp = tmp_path / "in"
    late, early = _record(inp, "late", UNDATED_URL, "2024-03-10"), _record(inp, "early", DATED_URL, "2024-03-03")
    cut = _record(inp, "cut", CUT_URL, "2024-03-06", PARAS[:3])
    (a,), dates_a = _trace(tmp_path / "a.duckdb", [late, early, cut])
    (b,), dates_b = _trace(tmp_path / "b.duckdb", [early, late, cut])
    assert (a.copy_source, a.origin_id, a.inferred_source) == (CUT_URL, b.origin_id, False)
    assert (b.copy_source, b.inferred_source) == (CUT_URL, False)
    assert [(d.published, d.source) for d in dates_a.values()] == [("2024-03-03", DATED_URL)]
    assert dates_b == {}


def test_earliest_published_is_the_span_that_ends_first():
    from newstrace.provenance.derive import earliest_published

    assert earliest_published([None, "2024-03-10", "2024-03-03T22:15", "2024-03"]) == "2024-03-03T22:15"
    assert earliest_published(["2024-03", "2024-03-20"]) == "2024-03-20"  # the tighter bound on the month
    assert earliest_published(["2024", "2023-12-31"]) == "2023-12-31"
    assert earliest_published([None, "not a date"]) is None
    # within one day the earlier time (UTC where an offset is given); a day without a time comes last
    assert earliest_published(["2025-03-11T16:00", "2025-03-11T09:15"]) == "2025-03-11T09:15"
    assert earliest_published(["2025-03-11", "2025-03-11T09:15"]) == "2025-03-11T09:15"
    assert earliest_published(["2025-03-11T10:00+02:00", "2025-03-11T09:15+00:00"]) == "2025-03-11T10:00+02:00"


def test_an_identical_capture_earlier_on_the_same_day_dates_the_article(tmp_path):
    """A new-user test: a mirror dated 16:00 stored first, the wire's capture dated 09:15 the same day as
    its alias; the article's earliest date is 09:15, from the wire (it was the mirror's 16:00)."""
    inp = tmp_path / "in"
    files = [_record(inp, "mirror", "https://mirror.example.com/ferry", "2024-03-05T16:00"),
             _record(inp, "wire", "https://wire.example.com/ferry", "2024-03-05T09:15")]
    with Store(tmp_path / "s.duckdb") as s:
        ingest(files, s, jobs=1)
        ((aid, dated),) = s.identical_dates().items()
    assert (dated.published, dated.source) == ("2024-03-05T09:15", "https://wire.example.com/ferry")


def test_incremental_trace_after_a_dated_alias_arrives_equals_a_full_trace(tmp_path, captures):
    """The story (undated) and its cut copy are traced; then the dated capture of the story arrives, stored
    as the story's alias. The incremental trace compares the story again (its date changed) and ends with
    the links of `trace --full`; an undated or later-dated alias marks nothing."""
    path = tmp_path / "s.duckdb"
    with Store(path) as s:
        ingest([captures["undated"], captures["cut"]], s, jobs=1)
        run_trace(s)
        (before,) = s.derivations()
        assert before.inferred_source  # no date on the story's side yet: siblings
        ingest([captures["dated"]], s, jobs=1)
        (story,) = s.resolve(UNDATED_URL)
        assert s.retrace_ids() == [story]
        assert s.query("SELECT reason FROM retrace_articles") == [
            {"reason": f"dated 2024-03-05 by the identical republication {DATED_URL}"}]
        report = run_trace(s)
        assert (report.mode, report.compared, report.retraced) == ("incremental", 1, 1)
        assert s.retrace_ids() == []
        incremental = [(d.copy_id, d.origin_id, d.kind, d.inferred_source, tuple(d.direction_evidence))
                       for d in s.derivations(resolved=False)]  # fmt: skip
        resolved = [(d.copy_id, d.origin_id, d.inferred_source) for d in s.derivations()]
        run_trace(s, full=True)
        full = [(d.copy_id, d.origin_id, d.kind, d.inferred_source, tuple(d.direction_evidence))
                for d in s.derivations(resolved=False)]  # fmt: skip
        assert incremental == full
        assert resolved == [(d.copy_id, d.origin_id, d.inferred_source) for d in s.derivations()]
        assert resolved == [(before.copy_id, story, False)]
        # another capture, undated or later than the date the story has now, changes nothing to re-trace
        more = tmp_path / "more"
        ingest([_record(more, "again", "https://mirror.example/wall", None),
                _record(more, "later", "https://late.example/wall", "2024-03-20")], s, jobs=1)  # fmt: skip
        assert s.retrace_ids() == []
        assert run_trace(s).compared == 0


def test_a_store_from_before_0012_keeps_every_alias_and_dates_the_first_record(tmp_path):
    """A store at migration 0011 (aliases without dates) opened by this newstrace: no article or alias is lost
    or doubled, each article's own record takes the article's date, its other aliases stay undated (their
    dates were never stored), and a dated capture ingested now dates an undated article for trace."""
    from newstrace.store import records as rec
    from newstrace.store.migrations import MIGRATIONS, migrate

    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    upto = [m.name for m in MIGRATIONS].index("0011_attributed_ids") + 1
    migrate(con, MIGRATIONS[:upto])
    old_alias_cols = {r[0] for r in con.execute("DESCRIBE aliases").fetchall()}
    assert "published" not in old_alias_cols
    from newstrace import analyze

    now = datetime(2026, 11, 1)
    dated = analyze(HEAD + "\n\n" + "\n\n".join(PARAS[:4]))
    dated.published = "2024-02-01"
    undated = analyze("Ferry timetable changes at Tarnby\n\n" + "\n\n".join(PARAS[4:]))
    arts, aliases = [], []
    for seq, (art, key) in enumerate(((dated, "/in/a.jsonl"), (undated, "/in/b.jsonl")), start=1):
        arts.append(rec.article_row(art, seq, key, now))
        aliases.append(rec.alias_row(key, 0, art.id, art.source, seq, now))
    aliases.append(rec.alias_row("/in/c.jsonl", 0, dated.id, dated.source, 2, now))  # an identical republication
    for table, rows in (("articles", arts), ("aliases", aliases)):
        con.register("_old", pa.Table.from_pylist([{k: v for k, v in r.items() if k != "published" or table == "articles"}
                                                   for r in rows]))  # fmt: skip
        cols = [c for c in rows[0] if table == "articles" or c in old_alias_cols]
        con.execute(f"INSERT INTO {table} ({', '.join(cols)}) SELECT {', '.join(cols)} FROM _old")
        con.unregister("_old")
    con.close()
    with Store(path) as s:
        assert [m["name"] for m in s.migrations()][-1] == "0012_source_dates"
        assert s.counts()["articles"] == 2 and s.counts()["aliases"] == 3
        got = s.query("SELECT input_key, article_id, published FROM aliases ORDER BY input_key")
        assert [(r["input_key"], r["published"]) for r in got] == [
            ("/in/a.jsonl", "2024-02-01"), ("/in/b.jsonl", None), ("/in/c.jsonl", None)]
        assert s.identical_dates() == {} and s.retrace_ids() == []
        run_trace(s)
        # a dated capture of the undated article arrives: stored as its alias, with its date
        feed = tmp_path / "d.jsonl"
        feed.write_text(json.dumps({"title": "Ferry timetable changes at Tarnby", "text": "\n\n".join(PARAS[4:]),
                                    "date": "2024-02-03"}) + "\n", encoding="utf-8")  # fmt: skip
        report = ingest([feed], s, jobs=1)
        assert (report.new_articles, report.duplicates) == (0, 1)
        assert s.counts()["aliases"] == 4
        assert {k: v.published for k, v in s.identical_dates().items()} == {undated.id: "2024-02-03"}
        assert s.retrace_ids() == [undated.id]
    with Store(path) as s:  # opening again migrates nothing more
        assert s.counts()["aliases"] == 4


def test_export_and_show_give_each_source_its_date_and_the_article_its_earliest(tmp_path, captures):
    path = tmp_path / "s.duckdb"
    with Store(path) as s:
        ingest([captures["undated"], captures["dated"], captures["cut"]], s, jobs=1)
        (story,) = s.resolve(UNDATED_URL)
    runner = CliRunner()
    out = tmp_path / "export"
    result = runner.invoke(app, ["export", "--store", str(path), "--output", str(out), "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    sources = [json.loads(x) for x in (out / "sources.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted((r["url"], r["published"] or "", r["sources_of_article"]) for r in sources) == [
        (CUT_URL, "2024-03-09", 1), (DATED_URL, "2024-03-05", 2), (UNDATED_URL, "", 2)]
    articles = {r["id"]: r for r in map(json.loads, (out / "articles.jsonl").read_text(encoding="utf-8").splitlines())}
    assert (articles[story]["published"], articles[story]["earliest_published"],
            articles[story]["earliest_published_source"]) == (None, "2024-03-05", DATED_URL)  # fmt: skip
    cut = next(r for i, r in articles.items() if i != story)
    assert (cut["earliest_published"], cut["earliest_published_source"]) == ("2024-03-09", None)
    shown = runner.invoke(app, ["show", story, "--store", str(path)])
    assert shown.exit_code == 0, shown.output
    assert f"earliest date: 2024-03-05, from the identical republication {DATED_URL}" in shown.stdout
    assert f"source: {DATED_URL} (dated 2024-03-05)" in shown.stdout


def test_a_changed_input_that_dated_an_article_marks_it_for_the_next_trace(tmp_path, captures):
    """The dated capture's file is rewritten with another story: its alias goes (the file is read afresh), so
    the story is undated again and the next incremental trace compares it again, ending as `trace --full`."""
    import os

    path = tmp_path / "s.duckdb"
    with Store(path) as s:
        ingest([captures["undated"], captures["dated"], captures["cut"]], s, jobs=1)
        run_trace(s)
        (story,) = s.resolve(UNDATED_URL)
        assert [d.inferred_source for d in s.derivations()] == [False]
        other = {"title": "Tarnby ferry fares frozen for the winter", "text": "\n\n".join(PARAS[3:]), "date": "2024-03-01"}
        captures["dated"].write_text(json.dumps(other) + "\n", encoding="utf-8")
        os.utime(captures["dated"], (1_700_000_000, 1_700_000_000))
        ingest([captures["dated"]], s, jobs=1)
        assert s.retrace_ids() == [story] and s.identical_dates() == {}
        assert s.query("SELECT reason FROM retrace_articles") == [
            {"reason": f"no longer dated 2024-03-05 by the identical republication {DATED_URL}"}]
        report = run_trace(s)
        assert report.retraced == 1
        incremental = sorted((d.copy_id, d.origin_id or "", d.inferred_source) for d in s.derivations(resolved=False))
        run_trace(s, full=True)
        assert incremental == sorted((d.copy_id, d.origin_id or "", d.inferred_source)
                                     for d in s.derivations(resolved=False))  # fmt: skip
        assert any(d.inferred_source and story in (d.copy_id, *d.sibling_ids) for d in s.derivations(resolved=False))


def test_a_text_files_date_says_where_it_came_from(tmp_path):
    """A text file's date is from its URL's day, its date line or a record's date field: the sources
    table's date_source says which (a new-user finding: it was empty but for HTML pages)."""
    body = "\n\nFerry service resumes\n\nThe ferry ran again on Monday after three days of storms, the harbour office said.\n"
    by_url = tmp_path / "a.txt"
    by_url.write_text("URL: https://harbour.example.org/2025/05/14/ferry-resumes" + body, encoding="utf-8")
    by_line = tmp_path / "b.txt"
    by_line.write_text("Ferry service resumes again\n\nPublished May 12, 2025\n\nThe ferry to Calder Island ran on "
                       "Monday, the office said, after storms.\n", encoding="utf-8")  # fmt: skip
    feed = tmp_path / "c.jsonl"
    feed.write_text(json.dumps({"text": "Ferry runs\n\nThe island ferry ran again on Tuesday after the storms.",
                                "published": "2025-05-13"}) + "\n", encoding="utf-8")  # fmt: skip
    with Store(tmp_path / "s.duckdb") as s:
        ingest([by_url, by_line, feed], s, jobs=1)
        rows = {Path(r[0]).name: (r[1], r[2]) for r in s._q("SELECT path, published, date_source FROM aliases").fetchall()}
    assert rows == {"a.txt": ("2025-05-14", "url"), "b.txt": ("2025-05-12", "text"), "c.jsonl": ("2025-05-13", "record")}
