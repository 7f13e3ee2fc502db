"""Ingest: every reader into the store, idempotent reruns, crash safety under kill -9, exit codes.

Articles here are invented (generated below) or read at run time from ../shared.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import time
import re
from collections import Counter
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.readers.base import RawDocument
from newstrace.readers.parquet import read_parquet_file
from newstrace.readers.warc import read_warc_file
from newstrace.schema import Source
from newstrace.store import Store
from newstrace.store.ingest import ingest, input_key

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"

_FIRST = "Ilse Tomas Nadia Maren Oskar Leota Bram Sunniva Dario Petra Ivo Yara Emil Kalani Rune Odile".split()
_LAST = "Brandvold Reyes Okafor Olsby Vantreck Quillan Morrow Sandeford Halloran Ostrava Pellucid Varga".split()
_PLACES = "Port Calder|Westford|Lower Harbor|Mirrin Falls|Estrava|Dunmore Bay|Kessling|Ashgrove|Tollan Ridge|Vessa".split("|")
_SUBJECTS = [
    ("council", "approved", "budget", "schools"), ("ferry operator", "cancelled", "crossings", "storm"),
    ("hospital", "opened", "beds", "winter"), ("port authority", "reported", "containers", "strike"),
    ("water board", "closed", "wells", "drought"), ("rail company", "added", "trains", "festival"),
    ("university", "admitted", "students", "scholarship"), ("police", "arrested", "suspects", "robbery"),
]  # fmt: skip
_VERBS = ["said", "told reporters", "said in a statement", "wrote on Tuesday", "added"]


def invented_article(i: int, seed: int = 0) -> tuple[str, str]:
    """A distinct invented news story: (headline, body with paragraphs separated by blank lines)."""
    rng = random.Random(seed * 100_003 + i)
    place = rng.choice(_PLACES)
    org, verb, thing, why = rng.choice(_SUBJECTS)
    who = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    other = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
    n1, n2, n3 = rng.randint(12, 980), rng.randint(2, 60), rng.randint(1990, 2023)
    headline = f"{place} {org} {verb} {n1} {thing} after {why} (story {i})"
    paras = [
        f"{place.upper()} — The {org} in {place} {verb} {n1} {thing} on Monday, story number {i} of the day, "
        f"after the {why} that began {n2} days ago, officials {rng.choice(_VERBS)}.",
        f'"We had no other choice," said {who}, who leads the {org}. "The {why} left us {n2} days behind."',
        f"The last time the {org} {verb} so many {thing} was in {n3}, according to records kept by the city.",
        f"{other}, a resident of {place} for {n2 + 7} years, said neighbours were worried about the {thing}. "
        f"Another {rng.randint(3, 40)} families asked for help, {rng.choice(_VERBS)} {other.split()[-1]}.",
        f"The {org} will meet again on day {rng.randint(1, 28)} to review the {thing} and the cost of the {why}.",
    ]
    return headline, "\n\n".join(paras)


def write_text_articles(folder: Path, n: int, seed: int = 0) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(n):
        headline, body = invented_article(i, seed)
        p = folder / f"story-{i:04d}.txt"
        p.write_text(f"{headline}\n\n{body}\n", encoding="utf-8")
        paths.append(p)
    return paths


def write_jsonl(path: Path, records: list[dict | str]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write((r if isinstance(r, str) else json.dumps(r)) + "\n")
    return path


def write_warc(path: Path, pages: list[tuple[str, str]]) -> Path:
    """A WARC with, per page, a request and an HTML response record, plus one image response."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as fh:
        w = WARCWriter(fh, gzip=path.suffix == ".gz")
        w.write_record(w.create_warcinfo_record(path.name, {"software": "newstrace-tests"}))
        for url, html in pages:
            req = StatusAndHeaders("GET / HTTP/1.1", [("Host", "news.invalid")], is_http_request=True)
            w.write_record(w.create_warc_record(url, "request", payload=io.BytesIO(b""), http_headers=req))
            hh = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(html.encode("utf-8")), http_headers=hh,
                                                warc_headers_dict={"WARC-Date": "2024-03-05T10:20:30Z"}))  # fmt: skip
        img = StatusAndHeaders("200 OK", [("Content-Type", "image/png")], protocol="HTTP/1.1")
        w.write_record(w.create_warc_record("https://news.invalid/logo.png", "response",
                                            payload=io.BytesIO(b"\x89PNG\r\n"), http_headers=img))  # fmt: skip
    return path


def page_html(headline: str, body: str) -> str:
    paras = "".join(f"<p>{p}</p>" for p in body.split("\n\n"))
    return (f"<!doctype html><html><head><title>{headline}</title></head><body><nav><a href='/'>Home</a></nav>"
            f"<article><h1>{headline}</h1>{paras}</article><footer>Contact us</footer></body></html>")  # fmt: skip


def counts(store: Path) -> dict[str, int]:
    with Store(store, read_only=True) as s:
        return s.counts()


# -- readers ------------------------------------------------------------------------------


def test_parquet_reader_maps_columns_and_reads_in_batches(tmp_path):
    rows = [invented_article(i) for i in range(7)]
    table = pa.table({
        "hed": [h for h, _ in rows],
        "story": [b for _, b in rows],
        "link": [f"https://news.invalid/{i}" for i in range(7)],
        "pubdate": pa.array([1709633100_000_000 + i for i in range(7)], pa.timestamp("us")),
    })  # fmt: skip
    path = tmp_path / "feed.parquet"
    pq.write_table(table, path, row_group_size=3)
    docs = list(read_parquet_file(path, columns="title=hed,text=story", batch_rows=2))
    assert [d.source.record for d in docs] == list(range(7))
    assert all(d.error is None for d in docs)
    assert docs[4].text.startswith(rows[4][0] + "\n\n")
    assert docs[4].source.url == "https://news.invalid/4" and docs[4].source.format == "parquet"
    assert docs[0].meta["published"].startswith("2024-03-05T10:05")
    # A column the user names that the file lacks is an error record, not a fallback.
    (err,) = list(read_parquet_file(path, columns="text=body_html"))
    assert err.error.code == "E108" and "body_html" in err.error.message and "'story'" in err.error.message


def test_parquet_reader_reports_a_file_that_is_not_parquet(tmp_path):
    path = tmp_path / "broken.parquet"
    path.write_bytes(b"PAR1 this is not parquet at all")
    (err,) = list(read_parquet_file(path))
    assert err.error.code == "E106" and str(path) in err.error.message


def test_warc_reader_keeps_url_and_capture_date_and_counts_skips(tmp_path):
    h, b = invented_article(3)
    path = write_warc(tmp_path / "crawl.warc.gz", [("https://news.invalid/a", page_html(h, b))])
    skipped = Counter()
    (doc,) = list(read_warc_file(path, skipped=skipped))
    assert doc.error is None
    assert doc.source.url == "https://news.invalid/a" and doc.source.captured == "2024-03-05T10:20:30Z"
    assert doc.source.record == 2 and doc.source.offset > 0
    assert "officials" in doc.text and "Contact us" not in doc.text
    assert skipped == Counter({"type:warcinfo": 1, "type:request": 1, "content-type:image/png": 1})


def test_warc_reader_names_the_broken_record_and_its_offset(tmp_path):
    pages = [(f"https://news.invalid/{i}", page_html(*invented_article(i))) for i in range(3)]
    good = write_warc(tmp_path / "crawl.warc", pages)
    data = good.read_bytes()
    cut = data.index(b"WARC/1.0", data.index(b"https://news.invalid/1")) + 3  # inside record 4's header line
    bad = tmp_path / "broken.warc"
    bad.write_bytes(data[: cut - 3] + b"XXXXXXXXXXXX" + data[cut + 9 :])
    docs = list(read_warc_file(bad))
    assert [d.source.url for d in docs if d.error is None] == ["https://news.invalid/0"]
    err = docs[-1].error
    assert err.code == "E106" and str(bad) in err.message and f"byte {docs[-1].source.offset}" in err.message
    assert 0 < docs[-1].source.offset < len(data)


# -- ingest -------------------------------------------------------------------------------


def test_ingest_every_format_then_rerun_stores_nothing_twice(tmp_path):
    inputs = tmp_path / "in"
    texts = write_text_articles(inputs / "text", 3)
    h0, b0 = invented_article(0)
    h5, b5 = invented_article(5)
    write_jsonl(inputs / "feed.jsonl", [
        {"title": h5, "text": b5, "url": "https://feed.invalid/5"},
        '{"title": "broken line", "text": ',
        {"title": h0, "text": b0, "url": "https://feed.invalid/0"},  # the same story as text/story-0000.txt
    ])  # fmt: skip
    h6, b6 = invented_article(6)
    pq.write_table(pa.table({"title": [h6], "text": [b6]}), inputs / "more.parquet")
    h7, b7 = invented_article(7)
    write_warc(inputs / "crawl.warc", [("https://web.invalid/7", page_html(h7, b7))])

    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        report = ingest([inputs], s, jobs=1)
        assert report.files == 6
        assert (report.new_articles, report.duplicates, report.failed) == (6, 1, 1)
        assert report.exit_code == 1  # the malformed JSON line
        assert report.skip_reasons == Counter({"type:warcinfo": 1, "type:request": 1, "content-type:image/png": 1})
        assert s.counts()["articles"] == 6 and s.counts()["failed_records"] == 1
        (err,) = [e for e in s.error_records() if e["article_id"] is None]
        assert (err["path"], err["line"], err["code"]) == (str(inputs / "feed.jsonl"), 2, "E106")
        # The story read twice keeps both origins as aliases.
        (dup,) = s.resolve("https://feed.invalid/0")
        assert {a["path"] for a in s.aliases(dup)} == {str(texts[0]), str(inputs / "feed.jsonl")}
        warc = s.get_article(s.resolve("https://web.invalid/7")[0])
        assert warc.source.captured == "2024-03-05T10:20:30Z" and warc.source.format == "warc"
        assert s.resolve(str(inputs / "more.parquet")) != []
        assert len(s.get_fingerprints(s._rows("SELECT scheme FROM fingerprint_schemes")[0]["scheme"])) == 6
        again = ingest([inputs, texts[0]], s, jobs=1)  # a file named twice is read once
        assert (again.files, again.records, again.new_articles, again.files_skipped) == (6, 0, 0, 6)
        assert s.counts()["articles"] == 6 and s.counts()["aliases"] == 7


def test_changed_file_is_read_again_and_its_old_records_forgotten(tmp_path):
    feed = tmp_path / "feed.jsonl"
    h1, b1 = invented_article(1)
    h2, b2 = invented_article(2)
    write_jsonl(feed, [{"title": h1, "text": b1}])
    with Store(tmp_path / "s.duckdb") as s:
        ingest([feed], s, jobs=1)
        time.sleep(0.01)
        write_jsonl(feed, [{"title": h2, "text": b2}])
        report = ingest([feed], s, jobs=1)
        assert report.new_articles == 1 and report.files_skipped == 0
        (alias,) = s._rows("SELECT article_id FROM aliases WHERE input_key = ?", [input_key(feed)])
        assert s.get_article(alias["article_id"]).headline == h2


def test_provenance_corpus_url_header_becomes_the_source_url(tmp_path):
    folder = next(PROVENANCE.glob("d-*"))
    files = sorted(folder.glob("*.txt"))
    with Store(tmp_path / "s.duckdb") as s:
        ingest(files, s, jobs=1)
        for f in files:
            url = f.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()
            (aid,) = s.resolve(url)
            art = s.get_article(aid)
            assert art.source.url == url
            assert not art.headline.startswith(("URL:", "ROLE:")) and "ROLE:" not in art.text


# -- CLI ----------------------------------------------------------------------------------


def test_cli_ingest_exit_codes_and_messages(tmp_path):
    runner = CliRunner()
    folder = tmp_path / "in"
    write_text_articles(folder, 2)
    store = tmp_path / "s.duckdb"
    ok = runner.invoke(app, ["ingest", str(folder), "--store", str(store), "--jobs", "1", "--quiet"])
    assert ok.exit_code == 0, ok.output
    assert "2 new articles" in ok.stdout
    bad = write_jsonl(tmp_path / "bad.jsonl", ['{"text": "unterminated'])
    partial = runner.invoke(app, ["ingest", str(bad), "--store", str(store), "-j", "1", "-q"])
    assert partial.exit_code == 1
    assert f"Error: {bad}:1: malformed JSON" in partial.stderr
    (tmp_path / "empty").mkdir()
    empty = runner.invoke(app, ["ingest", str(tmp_path / "empty"), "--store", str(store), "-j", "1", "-q"])
    assert empty.exit_code == 1 and "folder holds no files to ingest" in empty.stderr
    usage = runner.invoke(app, ["ingest", str(folder), "--store", str(store), "--columns", "nonsense"])
    assert usage.exit_code == 2
    damaged = tmp_path / "damaged.duckdb"
    damaged.write_bytes(b"\x00" * 8 + b"garbage" * 1000)
    corrupt = runner.invoke(app, ["ingest", str(folder), "--store", str(damaged), "-q"])
    assert corrupt.exit_code == 2
    assert corrupt.stderr.startswith(f"Error: the store {damaged} is damaged")
    assert damaged.read_bytes() == b"\x00" * 8 + b"garbage" * 1000


def test_cli_ingest_refuses_a_store_held_by_another_process(tmp_path):
    store = tmp_path / "s.duckdb"
    Store(store).close()
    holder = subprocess.Popen(
        [sys.executable, "-c", f"import time; import duckdb; c = duckdb.connect({str(store)!r}); print('ready', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "ready"
        folder = tmp_path / "in"
        write_text_articles(folder, 1)
        result = CliRunner().invoke(app, ["ingest", str(folder), "--store", str(store), "-q"])
        assert result.exit_code == 2
        assert f"Error: the store {store} is open in another process" in result.stderr
        assert "--store" in result.stderr
        if Path(f"/proc/{holder.pid}/cmdline").exists():  # Linux: the holder is named by its command line
            assert f"PID {holder.pid}, " in result.stderr and "import duckdb" in result.stderr
            assert "newstrace serve" not in result.stderr  # only a web app is told to stop serving
    finally:
        holder.kill()
        holder.wait()


# -- crash safety -------------------------------------------------------------------------


def _children(pid: int) -> list[int]:
    """Descendant process ids (Linux /proc), so workers orphaned by the kill can be cleaned up."""
    out = []
    try:
        kids = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return out
    for kid in kids:
        out += [kid, *_children(kid)]
    return out


def _wal_size(store: Path) -> int:
    try:
        return os.path.getsize(str(store) + ".wal")
    except OSError:
        return 0


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="uses /proc to find worker processes")
def test_kill_9_during_ingest_then_rerun_stores_every_record_exactly_once(tmp_path):
    """A real ``newstrace ingest`` process is SIGKILLed twice mid-run; the third run finishes the job."""
    records: list[dict | str] = []
    unique = 160
    for i in range(unique):
        h, b = invented_article(i, seed=9)
        records.append({"title": h, "text": b, "url": f"https://invented.invalid/{i}"})
    for i in range(0, 24, 3):  # 8 stories syndicated again under another URL
        records.append({**records[i], "url": f"https://mirror.invalid/{i}"})
    records.insert(60, '{"title": "cut off')  # two malformed lines
    records.insert(130, "not json")
    feed = write_jsonl(tmp_path / "feed.jsonl", records)
    store = tmp_path / "s.duckdb"
    Store(store).close()  # migrations done and checkpointed: the WAL now grows only with ingested batches
    def cmd(jobs: int) -> list[str]:
        return [sys.executable, "-c", "from newstrace.cli import main; main()", "ingest", str(feed),
                "--store", str(store), "--jobs", str(jobs), "--quiet"]  # fmt: skip

    stored = []
    for jobs in (2, 1):  # killed once with a worker pool, once analysing in process
        proc = subprocess.Popen(cmd(jobs), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 240  # generous: CI machines may be busy
        while _wal_size(store) < 100_000 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)  # at least one committed batch of articles
        assert proc.poll() is None, "ingest finished before it could be killed: make the input larger"
        workers = _children(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        for pid in workers:  # orphaned pool workers and the resource tracker
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        with Store(store) as st:  # opening for writing replays the WAL; closing checkpoints it away
            c = st.counts()
        assert _wal_size(store) == 0
        stored.append(c["articles"])
        assert c["inputs_done"] == 0

    assert 0 < stored[0] < stored[1] < unique, stored
    final = subprocess.run(cmd(1), capture_output=True, text=True, timeout=600)
    assert final.returncode in (0, 1) and re.search(r"\d+ records? analysed", final.stdout), final.stderr[-3000:]
    with Store(store, read_only=True) as s:
        c = s.counts()
        assert c["articles"] == unique
        assert c["aliases"] == len(records) - 2
        assert c["failed_records"] == 2
        assert c["inputs_done"] == 1
        lines = s._rows(
            "SELECT record, count(*) AS n FROM (SELECT record FROM aliases UNION ALL "
            "SELECT DISTINCT record FROM errors WHERE article_id IS NULL) GROUP BY record"
        )
        assert sorted(r["record"] for r in lines) == list(range(len(records)))
        assert all(r["n"] == 1 for r in lines)
        seqs = s._rows("SELECT count(DISTINCT seq) AS d, count(*) AS n FROM articles")[0]
        assert seqs["d"] == seqs["n"]


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie left unreaped by a container's init counts as gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


_POOL_PARENT = """
import multiprocessing, sys, time
from newstrace.engines.local import run_stages
from newstrace.readers.base import RawDocument
from newstrace.schema import Source

def raws():
    for i in range(10_000):
        yield RawDocument(Source(path=f"doc{i}"), f"Headline {i}\\n\\nBody of story {i}, short and invented.")

for k, article in enumerate(run_stages(raws(), jobs=2, stages=("repair", "structure"))):
    if k == 0:
        print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
        time.sleep(600)  # the parent now holds a live pool with work in flight
"""


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="uses /proc to see processes")
def test_pool_workers_exit_when_their_parent_is_killed_with_sigkill():
    parent = subprocess.Popen([sys.executable, "-c", _POOL_PARENT], stdout=subprocess.PIPE, text=True)
    try:
        workers = [int(p) for p in parent.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(p) for p in workers)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while any(_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        left = [p for p in workers if _alive(p)]
        for pid in left:  # do not leave them behind if the test fails
            os.kill(pid, signal.SIGKILL)
        assert not left, f"workers {left} outlived their parent by 5 s"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_fingerprints_made_in_the_workers_equal_those_made_here():
    from newstrace.engines.local import run_stages_with
    from newstrace.provenance.fingerprint import fingerprint_record

    raws = []
    for i in range(6):
        h, b = invented_article(i, seed=4)
        raws.append(RawDocument(Source(path=f"story{i}.txt"), f"{h}\n\n{b}"))
    raws.append(RawDocument(Source(path="empty.txt"), "Headline only\n\n"))
    stages = ("repair", "structure", "language", "identify")  # no spaCy: quick to start
    out = list(run_stages_with(raws, "newstrace.provenance.fingerprint:fingerprint_record", jobs=2, stages=stages))
    assert [a.source.path for a, _ in out] == [r.source.path for r in raws]
    made = [fp for _, fp in out if fp is not None]
    assert len(made) >= 6
    for article, fp in out:
        assert fp == fingerprint_record(article)
        if fp is not None:
            assert fp["article_id"] == article.id and len(fp["minhash"]) == 8 * 128
    with pytest.raises(ValueError, match="module:function"):
        next(run_stages_with(raws, "fingerprint_record", jobs=1, stages=stages))


def test_ingest_exclude_patterns(tmp_path):
    from newstrace.store import Store
    from newstrace.store.ingest import ingest as run_ingest

    corpus = tmp_path / "c"
    corpus.mkdir()
    (corpus / "a.txt").write_text("Harbour wall repaired\n\nCrews repaired the harbour wall on Monday.\n", encoding="utf-8")
    (corpus / "README.md").write_text("# About\n\nThese are notes.\n", encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as st:
        report = run_ingest([corpus], st, jobs=1, exclude=["*.md"])
        assert report.exit_code == 0 and st.counts()["articles"] == 1


def test_ctrl_c_keeps_the_records_analysed_so_far_and_the_rerun_finishes(tmp_path, monkeypatch):
    import newstrace.engines.local as local
    from newstrace.store import Store
    from newstrace.store.ingest import IngestInterrupted
    from newstrace.store.ingest import ingest as run_ingest

    corpus = tmp_path / "c"
    corpus.mkdir()
    for i in range(12):
        (corpus / f"a{i:02d}.txt").write_text(f"Harbour wall {i} repaired\n\nCrews repaired wall number {i} on Monday, "
                                              "officials said.\n", encoding="utf-8")  # fmt: skip
    real = local.run_stages_with

    def interrupted_after_six(docs, attach, jobs=1):
        for n, item in enumerate(real(docs, attach, jobs=jobs)):
            if n == 6:
                raise KeyboardInterrupt  # as SIGINT would, with 4 records committed and 2 waiting for their batch
            yield item

    monkeypatch.setattr(local, "run_stages_with", interrupted_after_six)
    with Store(tmp_path / "s.duckdb") as st:
        with pytest.raises(IngestInterrupted) as stop:
            run_ingest([corpus], st, jobs=1, batch_records=4)
        assert st.counts()["articles"] == stop.value.report.records == 6  # the 2 waiting were committed too
    monkeypatch.setattr(local, "run_stages_with", real)
    with Store(tmp_path / "s.duckdb") as st:
        rerun = run_ingest([corpus], st, jobs=1, batch_records=4)
        assert rerun.records == 6 and rerun.records_skipped == 6
        assert st.counts()["articles"] == 12 and st.counts()["aliases"] == 12


def test_ingest_dot_where_the_store_lives_never_reads_the_store(tmp_path, monkeypatch):
    """``cd corpus && newstrace ingest .``: the default store, its .wal and .tmp are not inputs (they were E103 every run)."""
    runner = CliRunner()
    write_text_articles(tmp_path, 3)
    (tmp_path / "newstrace.duckdb.tmp").mkdir()  # DuckDB's spill folder beside the store
    (tmp_path / "newstrace.duckdb.tmp" / "duckdb_temp_block-0.block").write_bytes(b"\x00\x01" * 512)
    monkeypatch.chdir(tmp_path)
    first = runner.invoke(app, ["ingest", ".", "-j", "1", "-q"])
    assert first.exit_code == 0, first.output
    assert "binary" not in first.stderr and first.stdout.startswith("3 records analysed")
    assert (tmp_path / "newstrace.duckdb").exists()
    (tmp_path / "newstrace.duckdb.wal").write_bytes(b"\x07 left by a crash")
    again = runner.invoke(app, ["ingest", ".", "-j", "1", "-q"])
    assert again.exit_code == 0 and again.stderr == "", again.output
    assert "0 records analysed" in again.stdout and "3 records and 3 files already ingested." in again.stdout
    other = runner.invoke(app, ["ingest", ".", "--store", "other.duckdb", "-j", "1", "-q"])  # and any other store met
    assert other.exit_code == 0 and other.stdout.startswith("3 records analysed"), other.output


def test_rerun_reports_the_records_that_failed_before_and_exits_as_the_first_run(tmp_path):
    runner = CliRunner()
    folder = tmp_path / "in"
    write_text_articles(folder, 2)
    bad = write_jsonl(folder / "feed.jsonl", [{"title": "Ok", "text": invented_article(7)[1]}, '{"text": "unterminated'])
    store = tmp_path / "s.duckdb"
    args = ["ingest", str(folder), "--store", str(store), "-j", "1", "-q"]
    first = runner.invoke(app, args)
    assert first.exit_code == 1
    assert first.stderr.splitlines() == [f"Error: {bad}:2: malformed JSON at column 10: Unterminated string starting (E106)"]
    assert "3 new articles" in first.stdout and "1 failed" in first.stdout
    for _ in range(2):  # the same command again, twice: the failure is still there, said the same way
        again = runner.invoke(app, args)
        assert again.exit_code == 1
        assert again.stderr.splitlines() == [
            f"Error: {bad}:2: malformed JSON at column 10: Unterminated string starting (E106; failed in an earlier run "
            "and not stored; the file is unchanged: fix it and ingest it again)"
        ]
        assert "4 records and 3 files already ingested (1 of those records failed, 0 stored with errors" in again.stdout
    bad.write_text(bad.read_text(encoding="utf-8").replace('"unterminated', '"now whole"}'), encoding="utf-8")
    fixed = runner.invoke(app, args)  # the mended file is read again and its records stored: success
    assert (fixed.exit_code, fixed.stderr) == (0, ""), fixed.output
    assert fixed.stdout.startswith("2 records analysed") and "already ingested (" not in fixed.stdout


def test_resumed_file_reports_its_records_that_failed_before(tmp_path):
    """A file left unfinished by an interrupted run is read again; its records stored as failures are skipped and reported."""
    folder = tmp_path / "in"
    folder.mkdir()
    bad = write_jsonl(folder / "feed.jsonl", [{"title": "Ok", "text": invented_article(3)[1]}, '{"text": "cut',
                                              {"title": "Also ok", "text": invented_article(4)[1]}])  # fmt: skip
    with Store(tmp_path / "s.duckdb") as st:
        first = ingest([folder], st, jobs=1)
        assert (first.failed, first.exit_code) == (1, 1)
        st.execute("UPDATE inputs SET status = 'started'")  # as if killed before the file's last batch committed
        again = ingest([folder], st, jobs=1)
    assert (again.records, again.records_skipped, again.files_skipped) == (0, 3, 0)
    assert (again.failed_before, again.with_errors_before, again.exit_code) == (1, 0, 1)
    assert again.error_lines == [f"{bad}:2: malformed JSON at column 10: Unterminated string starting (E106; failed in "
                                 "an earlier run and not stored; the file is unchanged: fix it and ingest it again)"]  # fmt: skip


def _attributed(folder: Path, name: str, head: str, byline: str | None, dateline: str, body: str) -> Path:
    """An invented wire story file: headline, optional byline line, a dateline opening the body."""
    folder.mkdir(parents=True, exist_ok=True)
    first, _, rest = body.partition("\n\n")
    lines = [head, ""] + ([byline, ""] if byline else []) + [f"{dateline} — {first.split(' — ', 1)[-1]}", "", rest]
    p = folder / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_the_same_text_under_another_byline_or_credit_is_another_article(tmp_path):
    """Identity is the headline, body and attribution (schema.article_id): a copy that swaps the byline,
    drops the agency or credits another one is stored apart, so trace can report the change; the
    same story with the same attribution read twice is one article with two aliases."""
    head, body = invented_article(3)
    inputs = tmp_path / "in"
    _attributed(inputs, "a_wire.txt", head, "By Tove Lindqvist, The Associated Press", "KESTREL (AP)", body)
    _attributed(inputs, "b_same.txt", head, "By Tove Lindqvist, The Associated Press", "KESTREL (AP)", body)
    _attributed(inputs, "c_plagiarist.txt", head, "By John Fakename, Staff Writer", "KESTREL", body)
    _attributed(inputs, "d_recredited.txt", head, "By Tove Lindqvist", "KESTREL (Reuters)", body)
    with Store(tmp_path / "s.duckdb") as s:
        report = ingest([inputs], s, jobs=1)
        assert (report.new_articles, report.duplicates) == (3, 1)
        arts = {Path(a.source.path).name: a for a in (s.get_article(i) for i in s.article_ids())}
        assert set(arts) == {"a_wire.txt", "c_plagiarist.txt", "d_recredited.txt"}
        assert {a["path"].rsplit("/", 1)[-1] for a in s.aliases(arts["a_wire.txt"].id)} == {"a_wire.txt", "b_same.txt"}
        assert (arts["a_wire.txt"].credit, arts["d_recredited.txt"].credit) == ("The Associated Press", "Reuters")
        assert arts["c_plagiarist.txt"].byline == ["John Fakename"]


def test_a_store_made_before_attributed_ids_keeps_its_articles_ids(tmp_path):
    """An article stored under the id of its headline and body alone (before migration 0011) is not
    stored again when the same record comes in: it gets an alias, as it did."""
    import duckdb

    from newstrace.schema import text_id
    from newstrace.store.migrations import MIGRATIONS, migrate

    head, body = invented_article(4)
    inputs = tmp_path / "in"
    first = _attributed(inputs, "a.txt", head, "By Tove Lindqvist, The Associated Press", "KESTREL (AP)", body)
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    migrate(con, MIGRATIONS[:10])  # the schema before 0011
    con.close()
    with Store(path) as s:  # opening migrates; stored under the old id, as an old newstrace did
        s._con.execute("DELETE FROM id_scheme")
        s._con.execute("INSERT INTO id_scheme VALUES (1000)")
        ingest([first], s, jobs=1)
        (old,) = s.article_ids()
        art = s.get_article(old)
    assert old != text_id(art.headline + "\n" + art.text)  # the new id holds the attribution
    with Store(path) as s:  # write it as the old code did: the id of headline and body
        s._con.execute("UPDATE articles SET id = ? WHERE id = ?", [text_id(art.headline + "\n" + art.text), old])
        s._con.execute("UPDATE aliases SET article_id = ? WHERE article_id = ?", [text_id(art.headline + "\n" + art.text), old])
    second = _attributed(inputs / "later", "a_again.txt", head, "By Tove Lindqvist, The Associated Press", "KESTREL (AP)",
                         body)
    with Store(path) as s:
        report = ingest([second], s, jobs=1)
        assert (report.new_articles, report.duplicates) == (0, 1)
        assert s.article_ids() == [text_id(art.headline + "\n" + art.text)]
        assert len(s.aliases(s.article_ids()[0])) == 2


def test_the_summary_counts_one_record_in_the_singular(tmp_path):
    """'1 records analysed ... Store: 1 articles.' read wrong to a new user; each count takes its noun's number."""
    write_text_articles(tmp_path, 1)
    store = tmp_path / "one.duckdb"
    result = CliRunner().invoke(app, ["ingest", str(tmp_path), "--store", str(store), "-j", "1", "-q"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("1 record analysed") and "1 new article," in result.stdout
    assert result.stdout.rstrip().endswith(": 1 article."), result.stdout


def test_a_missing_path_is_looked_for_again_and_read_once_it_comes(tmp_path):
    """A path missing in one run is reported as missing in the next (not as 'failed in an earlier run;
    the file is unchanged'), and read when the file has come since (it was skipped as done before:
    a new-user finding)."""
    late = tmp_path / "late.txt"
    with Store(tmp_path / "s.duckdb") as s:
        first = ingest([late], s, jobs=1)
        assert first.failed == 1 and s.counts()["articles"] == 0
        again = ingest([late], s, jobs=1)
        assert again.failed == 1 and not any("earlier run" in line for line in again.error_lines)
        assert any("file not found" in line for line in again.error_lines)
        late.write_text("Ferry service resumes\n\nThe ferry to Calder Island ran again on Monday after "
                        "three days of storms, the harbour office said.\n", encoding="utf-8")
        third = ingest([late], s, jobs=1)
        assert third.failed == 0 and third.new_articles == 1 and s.counts()["articles"] == 1
        assert ingest([late], s, jobs=1).new_articles == 0 and s.counts()["articles"] == 1
        assert s.counts()["failed_records"] == 0
