"""JSONL and CSV readers and the shared column map, on real Reuters stories and real web pages from ../shared."""

from __future__ import annotations

import csv
import gzip
import json
from itertools import islice
from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.readers import read_path, read_paths
from newstrace.readers.columns import ColumnMap, looks_like_html, split_byline

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REUTERS = SHARED / "corpora" / "reuters21578"
TRAF = SHARED / "corpora" / "trafilatura-eval-en"


@pytest.fixture(scope="module")
def stories():
    """The first 120 Reuters-21578 stories that have a body (real wire copy with newlines and quotes)."""
    return list(islice(iter_reuters(REUTERS), 120))


def _body(story) -> str:
    return "\n\n".join(story.paragraphs())


def _expected(story) -> str:
    """The reader's layout: the headline on one line (white space collapsed, empty when none), a blank line, the body."""
    title = " ".join(story.title.split())
    return f"{title}\n\n{_body(story)}"  # no title: an empty headline line


# --- column map ---------------------------------------------------------------------------


def test_columns_parse_accepts_pairs_synonyms_and_repeats():
    cmap = ColumnMap.parse(["headline=hed", "body=story_html,date=pub_ts"])
    assert dict(cmap.explicit) == {"title": "hed", "text": "story_html", "published": "pub_ts"}


@pytest.mark.parametrize(
    "spec, message",
    [
        ("text", "column mapping 'text' is not FIELD=COLUMN (e.g. text=body_html)"),
        ("colour=red", "unknown field 'colour' in column mapping; known fields: byline, language, outlet, "
         "published, text, title, updated, url"),
        ("text=", "column mapping for 'text' names no column"),
    ],
)
def test_columns_parse_rejects_bad_specs(spec, message):
    with pytest.raises(ValueError) as exc:
        ColumnMap.parse(spec)
    assert str(exc.value) == message


def test_resolve_is_case_insensitive_and_reports_missing_named_columns():
    found, missing = ColumnMap().resolve(["Headline", "Content", "PublishedAt", "Source"])
    assert found == {"title": "Headline", "text": "Content", "published": "PublishedAt", "outlet": "Source"}
    assert missing == []
    found, missing = ColumnMap.parse("text=body_html").resolve(["title", "text"])
    assert "text" not in found and missing == [("text", "body_html")]


def test_split_byline_and_html_detection():
    assert split_byline("By Ann Lee; Bo Chan & Cy Dunn") == ["Ann Lee", "Bo Chan", "Cy Dunn"]
    assert split_byline(None) == [] and split_byline(17) == []
    assert looks_like_html("<div><p>x</p></div>")
    assert not looks_like_html("Shares rose 3 pct to <5 dlrs> in heavy trading")


# --- JSON Lines ---------------------------------------------------------------------------


def test_jsonl_records_keep_text_fields_and_origin(tmp_path, stories):
    path = tmp_path / "reuters.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        for i, s in enumerate(stories):
            rec = {"title": s.title, "body": _body(s), "date": s.date, "author": "Desk One and Desk Two"}
            fh.write(json.dumps(rec) + "\n")
            if i % 40 == 0:
                fh.write("\n")  # blank lines are not records
    docs = list(read_path(path))
    assert len(docs) == len(stories)
    raw = path.read_bytes()
    for i, (doc, s) in enumerate(zip(docs, stories)):
        assert doc.error is None
        assert doc.text == _expected(s)
        assert doc.meta["published"] == s.date and doc.meta["byline"] == ["Desk One", "Desk Two"]
        assert doc.source.format == "jsonl" and doc.source.record == i
        # line and byte offset both point at the record itself
        assert raw[: doc.source.offset].count(b"\n") + 1 == doc.source.line
        line = raw[doc.source.offset :].split(b"\n", 1)[0]
        assert json.loads(line)["body"] == _body(s)


def test_jsonl_named_columns_and_nested_values(tmp_path, stories):
    s = stories[3]
    rec = {"hed": s.title, "story": _body(s), "meta": {"outlet": {"name": "Reuters"}}, "ts": 541000000}
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    (doc,) = read_path(path, columns="title=hed,text=story,outlet=meta.outlet,date=ts")
    assert doc.text.startswith(_expected(s)[:20]) and doc.text.endswith(_body(s)[-40:])
    assert doc.meta["outlet"] == "Reuters"
    assert doc.meta["published"] == "1987-02-22T13:46:40+00:00"  # Unix seconds, read as UTC (date -u -d @541000000)


def test_json_array_file_gives_records_with_lines(tmp_path, stories):
    recs = [{"headline": s.title, "content": _body(s)} for s in stories[:5]]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(recs, indent=2), encoding="utf-8")
    docs = list(read_path(path))
    assert [d.source.record for d in docs] == [0, 1, 2, 3, 4]
    text = path.read_text(encoding="utf-8")
    for doc, rec in zip(docs, recs):
        assert doc.error is None and doc.meta["headline"] == " ".join(rec["headline"].split())
        assert text.splitlines()[doc.source.line - 1].strip() == "{"
        assert path.read_bytes()[doc.source.offset : doc.source.offset + 1] == b"{"


def test_single_object_json_file(tmp_path, stories):
    path = tmp_path / "story.json"
    path.write_text(json.dumps({"title": stories[0].title, "text": _body(stories[0])}, indent=1), encoding="utf-8")
    (doc,) = read_path(path)
    assert doc.error is None and doc.text == _expected(stories[0])


def test_html_field_is_read_as_a_page(tmp_path):
    """A real web page in a JSONL field: its article text comes out, without markup or navigation."""
    gold = json.loads((TRAF / "evaldata-en.json").read_text(encoding="utf-8"))
    url, item = next((u, v) for u, v in gold.items() if v.get("with") and v.get("without"))
    page = gzip.decompress((TRAF / "html" / (item["file"] + ".gz")).read_bytes()).decode("utf-8", "replace")
    path = tmp_path / "pages.jsonl"
    path.write_text(json.dumps({"title": "Stored page", "html": page, "url": url}) + "\n", encoding="utf-8")
    (doc,) = read_path(path)
    assert doc.error is None
    assert doc.text.startswith("Stored page\n\n")
    assert "<p" not in doc.text and "</" not in doc.text
    flat = " ".join(doc.text.split())
    assert all(" ".join(w.split()) in flat for w in item["with"])
    assert not any(" ".join(w.split()) in flat for w in item["without"])  # boilerplate left out
    assert doc.source.url == url


# --- CSV ----------------------------------------------------------------------------------


def test_csv_rows_keep_multiline_bodies_and_origin(tmp_path, stories):
    path = tmp_path / "reuters.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["Headline", "Content", "Published", "Byline", "Outlet"])
        for s in stories:
            w.writerow([s.title, _body(s), s.date, "", "Reuters"])
    docs = list(read_path(path))
    assert len(docs) == len(stories)
    raw = path.read_bytes()
    for i, (doc, s) in enumerate(zip(docs, stories)):
        assert doc.error is None and doc.source.record == i and doc.source.format == "csv"
        assert doc.text == _expected(s)
        assert doc.meta["outlet"] == "Reuters" and "byline" not in doc.meta
        # bodies span many lines: the line number is where the row starts
        assert raw[: doc.source.offset].count(b"\n") + 1 == doc.source.line
        row = next(csv.reader(raw[doc.source.offset :].decode("utf-8").splitlines(keepends=True)))
        assert row[0] == s.title
    assert docs[1].source.line > docs[0].source.line + 1


@pytest.mark.parametrize("suffix, delim", [(".tsv", "\t"), (".csv", ";")])
def test_csv_delimiters(tmp_path, stories, suffix, delim):
    path = tmp_path / f"export{suffix}"
    with path.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, delimiter=delim)
        w.writerow(["title", "text", "date"])
        for s in stories[:4]:
            w.writerow([s.title, _body(s), "26/02/2019"])
    docs = list(read_path(path))
    assert [d.error for d in docs] == [None] * 4
    assert all(d.meta["date_text"] == "26/02/2019" for d in docs)  # day/month order left to structure


def test_csv_with_bom_and_crlf(tmp_path, stories):
    s = stories[7]
    path = tmp_path / "excel.csv"
    body = _body(s).replace('"', '""')
    path.write_bytes(('\ufefftitle,body\r\n"' + s.title + '","' + body + '"\r\n').encode("utf-8"))
    (doc,) = read_path(path)
    assert doc.error is None and doc.text == _expected(s) and "\r" not in doc.text


def test_read_paths_walks_a_folder_in_order(tmp_path, stories):
    (tmp_path / "b").mkdir()
    (tmp_path / "a.txt").write_text(stories[0].as_text(), encoding="utf-8")
    (tmp_path / "b" / "c.jsonl").write_text(json.dumps({"text": _body(stories[1])}) + "\n", encoding="utf-8")
    (tmp_path / ".hidden.txt").write_text("not read", encoding="utf-8")
    docs = list(read_paths([tmp_path]))
    assert [Path(d.source.path).name for d in docs] == ["a.txt", "c.jsonl"]
    assert docs[1].text == "\n\n" + _body(stories[1])  # no title: an empty headline line, the body kept whole


def test_docstring_examples_hold():
    import doctest

    import newstrace.nlp.quote_text
    import newstrace.notices
    import newstrace.provenance.direction
    import newstrace.readers.columns
    import newstrace.readers.header
    import newstrace.urls

    for module in (newstrace.readers.columns, newstrace.notices, newstrace.readers.header, newstrace.urls,
                   newstrace.provenance.direction, newstrace.nlp.quote_text):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_jsonl_record_without_the_named_text_column_fails_alone(tmp_path, stories):
    path = tmp_path / "mixed.jsonl"
    recs = [{"hed": stories[0].title, "story": _body(stories[0])}, {"hed": "Teaser only", "teaser": "Short."},
            {"hed": stories[1].title, "story": _body(stories[1])}]
    path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    docs = list(read_path(path, columns="title=hed,text=story"))
    assert [d.error is None for d in docs] == [True, False, True]
    assert docs[1].error.code == "E107"
    assert docs[1].error.message == f"{path}:2: record has no text column 'story' (named with --columns text=story)"
    assert docs[2].text == _expected(stories[1])


# --- records without a title, values that are not text, files with no records -------------------


def _write_parquet(path: Path, table: dict) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table(table), path)
    return path


@pytest.mark.parametrize("title", ["missing", None, "", "   "])
def test_record_without_title_keeps_its_whole_body(tmp_path, stories, title):
    s = next(x for x in stories if len(x.paragraphs()) == 1)  # a one-paragraph story: nothing may be taken for a headline
    body = _body(s)
    record = {"text": body} if title == "missing" else {"title": title, "text": body}
    jl = tmp_path / "feed.jsonl"
    jl.write_text(json.dumps(record) + "\n", encoding="utf-8")
    cs = tmp_path / "rows.csv"
    with cs.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["content"] if title in ("missing", None) else ["title", "content"])
        w.writerow([body] if title in ("missing", None) else [title, body])
    pq_path = _write_parquet(tmp_path / "rows.parquet", {"title": [title if title != "missing" else None], "text": [body]})
    for path in (jl, cs, pq_path):
        (doc,) = read_path(path)
        assert doc.error is None and doc.text == "\n\n" + body and "headline" not in doc.meta, path


def test_record_without_title_is_analysed_with_no_headline(tmp_path, stories):
    from newstrace.pipeline import analyze_document

    s = next(x for x in stories if len(x.paragraphs()) == 1)
    path = tmp_path / "feed.jsonl"
    path.write_text(json.dumps({"title": None, "text": _body(s)}) + "\n", encoding="utf-8")
    (doc,) = read_path(path)
    article = analyze_document(doc, stages=("repair", "structure"))
    first_sentence = _body(s).split(". ")[0]
    assert article.headline == "" and article.errors == []
    assert article.text.startswith(first_sentence)  # the first paragraph stays in the body


@pytest.mark.parametrize(
    "value, kind",
    [(12345, "a number"), (3.5, "a number"), (True, "a boolean"), ({"a": 1}, "an object"), ([1, 2], "a list with non-text items")],
)
def test_values_that_are_not_text_are_refused(tmp_path, stories, value, kind):
    body = _body(stories[0])
    path = tmp_path / "feed.jsonl"
    lines = [{"title": "Fine", "text": value}, {"title": value, "text": body}, {"title": "Fine", "text": body}]
    path.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    docs = list(read_path(path))
    assert [d.error.code if d.error else None for d in docs] == ["E106", "E106", None]
    assert docs[0].error.message == f"{path}:1: column 'text' holds {kind}, not article text"
    assert docs[1].error.message == f"{path}:2: column 'title' holds {kind}, not a headline"


def test_a_list_of_strings_is_read_as_paragraphs(tmp_path, stories):
    s = stories[3]
    path = tmp_path / "feed.jsonl"
    path.write_text(json.dumps({"title": s.title, "text": s.paragraphs()}) + "\n", encoding="utf-8")
    (doc,) = read_path(path)
    assert doc.error is None and doc.text == _expected(s)


def test_parquet_number_column_is_not_article_text(tmp_path):
    path = _write_parquet(tmp_path / "ids.parquet", {"title": ["A", "B"], "text": [12345, 678]})
    docs = list(read_path(path))
    assert [d.error.message for d in docs] == [f"{path}#{i}: column 'text' holds a number, not article text" for i in (0, 1)]


def test_header_only_csv_has_no_records(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("title,text\n", encoding="utf-8")
    (doc,) = read_path(path)
    assert (doc.error.code, doc.error.message) == ("E102", f"{path}: no records: the file has a header row but no data rows")


def test_every_reader_reports_a_file_with_no_records(tmp_path, stories):
    text = tmp_path / "story.txt"
    text.write_text(stories[0].as_text(), encoding="utf-8")
    (doc,) = read_path(text, "warc")
    assert doc.error.code == "E106" and "not a WARC file" in doc.error.message
    blank = tmp_path / "blank.jsonl"
    blank.write_text("\n\n  \n", encoding="utf-8")
    assert [d.error.code for d in read_path(blank)] == ["E102"]
    noparq = _write_parquet(tmp_path / "none.parquet", {"title": [], "text": []})
    assert [d.error.code for d in read_path(noparq)] == ["E102"]


# --- pipes, folders, compressed files, damaged WARC files -------------------------------------


def _in_thread(fn, timeout: float = 20.0):
    """Run ``fn`` in a thread; fail instead of hanging when it does not return in ``timeout`` seconds."""
    import threading

    out: list = []
    t = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), "reader blocked"
    return out[0]


def test_named_pipe_is_read_whole_and_one_without_writer_does_not_block(tmp_path, stories):
    import os
    import threading

    fifo = tmp_path / "feed.jsonl"
    os.mkfifo(fifo)
    payload = "".join(json.dumps({"title": s.title, "text": _body(s)}) + "\n" for s in stories[:3]).encode()

    def write():
        with open(fifo, "wb") as fh:
            fh.write(payload)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    docs = _in_thread(lambda: list(read_path(fifo)))
    assert [d.text for d in docs] == [_expected(s) for s in stories[:3]]
    assert {d.source.path for d in docs} == {str(fifo)} and [d.source.line for d in docs] == [1, 2, 3]
    writer.join(5)
    lonely = tmp_path / "nobody.txt"
    os.mkfifo(lonely)
    (doc,) = _in_thread(lambda: list(read_path(lonely)))
    assert (doc.error.code, doc.error.message) == ("E102", f"{lonely}: empty input: the pipe gave no data (nothing wrote to it)")


def test_named_pipe_whose_writer_opens_late_is_still_read(tmp_path, stories):
    """`cat feed > pipe & newstrace ingest pipe`: the writer may open its end after the reader looked."""
    import os
    import threading
    import time

    fifo = tmp_path / "late.jsonl"
    os.mkfifo(fifo)
    payload = "".join(json.dumps({"title": s.title, "text": _body(s)}) + "\n" for s in stories[:2]).encode()

    def write():
        time.sleep(0.5)
        with open(fifo, "wb") as fh:
            fh.write(payload)

    threading.Thread(target=write, daemon=True).start()
    docs = _in_thread(lambda: list(read_path(fifo)))
    assert [d.text for d in docs] == [_expected(s) for s in stories[:2]]


def test_folder_scan_reports_broken_links_and_pipes(tmp_path, stories):
    import os

    (tmp_path / "a.txt").write_text(stories[0].as_text(), encoding="utf-8")
    (tmp_path / "b.txt").symlink_to(tmp_path / "gone.txt")
    os.mkfifo(tmp_path / "c.txt")
    docs = _in_thread(lambda: list(read_paths([tmp_path])))
    assert [(Path(d.source.path).name, d.error.code if d.error else None) for d in docs] == [
        ("a.txt", None), ("b.txt", "E100"), ("c.txt", "E102")
    ]
    assert docs[1].error.message == f"{tmp_path / 'b.txt'}: broken symbolic link: its target does not exist"


def test_gzip_compressed_files_are_read_transparently(tmp_path, stories):
    s = stories[4]
    txt = tmp_path / "story.txt.gz"
    txt.write_bytes(gzip.compress(s.as_text().encode("utf-8")))
    jl = tmp_path / "feed.jsonl.gz"
    jl.write_bytes(gzip.compress((json.dumps({"title": s.title, "text": _body(s)}) + "\n").encode()))
    (a,) = read_path(txt)
    (b,) = read_path(jl)
    assert a.error is None and a.text.startswith(s.as_text().split("\n")[0]) and a.source.path == str(txt)
    assert b.error is None and b.text == _expected(s) and b.source.path == str(jl)
    cut = tmp_path / "cut.txt.gz"
    cut.write_bytes(gzip.compress(s.as_text().encode("utf-8"))[:30])
    (c,) = read_path(cut)
    assert (c.error.code, c.error.message) == ("E106", f"{cut}: gzip-compressed data that is truncated or damaged")


def test_gzipped_html_page_is_read(tmp_path):
    packed_page = min((TRAF / "html").glob("*.html.gz"))  # the corpus stores its real pages gzipped
    plain_page = tmp_path / packed_page.name.removesuffix(".gz")
    plain_page.write_bytes(gzip.decompress(packed_page.read_bytes()))
    plain = list(read_path(plain_page))
    packed = list(read_path(packed_page))
    assert packed[0].error is None and packed[0].source.format == "html" and packed[0].source.path == str(packed_page)
    assert [d.text for d in packed] == [d.text for d in plain] and len(packed[0].text) > 200


def _warc_bytes(pages: list[tuple[str, bytes, str]], gz: bool) -> bytes:
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=gz)
    for url, body, ctype in pages:
        hh = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.0")
        w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=hh))
    return buf.getvalue()


def test_damaged_warc_files_are_described_in_words(tmp_path, stories):
    import random

    html = f"<html><body><h1>{stories[0].title}</h1><p>{_body(stories[0])}</p></body></html>".encode()
    data = _warc_bytes([("https://news.invalid/a", html, "text/html")], gz=True)
    rng = random.Random(7)
    cases = {
        "head.warc.gz": data[:40],
        "half.warc.gz": data[: len(data) // 2],
        "noise.warc.gz": b"\x1f\x8b" + bytes(rng.randrange(256) for _ in range(400)),
        "noise.warc": bytes(rng.randrange(256) for _ in range(400)),
    }
    for name, blob in cases.items():
        path = tmp_path / name
        path.write_bytes(blob)
        (doc,) = read_path(path)
        message = doc.error.message.split(": ", 1)[1]
        assert doc.error.code == "E106", name
        assert "WARC" in message and len(message) < 120 and message.isascii() and message.isprintable(), message
        assert "Error" not in message and "\\x" not in message, message


def test_warc_skip_reasons_echo_only_media_types(tmp_path, stories):
    from collections import Counter

    body = _body(stories[1]).encode()
    path = tmp_path / "odd.warc"
    path.write_bytes(_warc_bytes([
        ("https://news.invalid/a", body, f'src=x "{stories[1].title}'),
        ("https://news.invalid/b", b"\x89PNG", "image/png"),
        ("https://news.invalid/c", body, "text/plain; charset=utf-8"),
    ], gz=False))  # fmt: skip
    skipped: Counter = Counter()
    (doc,) = read_path(path, skipped=skipped)
    assert skipped == Counter({"content-type:invalid": 1, "content-type:image/png": 1, "content-type:text/plain": 1})
    assert doc.error.code == "E102" and "none of its 3 WARC records holds an HTML page" in doc.error.message


# --- folder scans: --exclude patterns and store files ------------------------------------


def _seeds_copy(tmp_path: Path) -> Path:
    """The seeds folder's layout (articles beside an ``expected/`` folder of answers), copied from ../shared."""
    import shutil

    root = tmp_path / "corpus"
    shutil.copytree(SHARED / "seeds", root / "seeds")
    shutil.copytree(SHARED / "seeds", root / "nested" / "seeds")
    return root


@pytest.mark.parametrize("pattern", ["expected", "expected/", "**/expected", "expe*ed"])
def test_exclude_a_bare_folder_name_skips_that_folder_at_any_depth(tmp_path, pattern):
    from newstrace.readers import iter_files

    root = _seeds_copy(tmp_path)
    everything = [p.relative_to(root).as_posix() for p in iter_files([root])]
    kept = [p.relative_to(root).as_posix() for p in iter_files([root], exclude=[pattern])]
    answers = [p for p in everything if "/expected/" in p]
    assert len(answers) == 2 * len(list((SHARED / "seeds" / "expected").iterdir())) > 0
    assert kept == [p for p in everything if p not in answers]
    assert len(kept) == 2 * len(list((SHARED / "seeds").glob("*.txt")))


def test_exclude_patterns_keep_their_earlier_meanings(tmp_path):
    from newstrace.readers import iter_files

    root = _seeds_copy(tmp_path)
    rel = lambda pats: [p.relative_to(root).as_posix() for p in iter_files([root], exclude=pats)]  # noqa: E731
    assert not any(p.startswith("seeds/expected/") for p in rel(["seeds/expected/*"]))
    assert any(p.startswith("nested/seeds/expected/") for p in rel(["seeds/expected/*"]))  # anchored: top only
    assert not any(p.endswith(".json") for p in rel(["*.json"]))
    assert all(p.startswith("seeds/") for p in rel(["nested"])) and all(p.startswith("nested/") for p in rel(["/seeds"]))
    # a trailing slash matches folders only: a file of that name stays
    (root / "expected").write_text("Notes\n\nA file named like the folder.\n", encoding="utf-8")
    assert "expected" in rel(["expected/"]) and "expected" not in rel(["expected"])


def test_folder_scan_skips_store_files_and_their_companions(tmp_path):
    """A DuckDB store (any name), its .wal and its .tmp spill folder are never read as articles; other files are."""
    import duckdb

    from newstrace.readers import iter_files

    root = _seeds_copy(tmp_path)
    duckdb.connect(str(root / "mine.db")).close()
    (root / "mine.db.wal").write_bytes(b"\x01\x02 wal bytes")
    (root / "mine.db.tmp").mkdir()
    (root / "mine.db.tmp" / "spill_0.block").write_bytes(b"\x00" * 64)
    (root / "planned.duckdb.wal").write_bytes(b"\x01 a store named but not made yet")
    files = [p.relative_to(root).as_posix() for p in iter_files([root], skip=[root / "planned.duckdb"])]
    assert not any(name.startswith(("mine.db", "planned.duckdb")) for name in files)
    assert len(files) == 2 * sum(1 for p in (SHARED / "seeds").rglob("*") if p.is_file())  # the seeds, answers included
    # a file named on the command line is still read, and a .wal beside a non-store file is an input
    assert list(iter_files([root / "mine.db"])) == [root / "mine.db"]
    (root / "notes.txt.wal").write_text("Notes\n\nText.\n", encoding="utf-8")
    assert "notes.txt.wal" in [p.name for p in iter_files([root])]
