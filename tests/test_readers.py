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
    """The reader's layout: the headline on one line (white space collapsed), a blank line, the body."""
    title = " ".join(story.title.split())
    return f"{title}\n\n{_body(story)}" if title else _body(story)


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
    assert docs[1].text == _body(stories[1])


def test_docstring_examples_hold():
    import doctest

    import newstrace.cli_analyze
    import newstrace.readers.columns

    for module in (newstrace.readers.columns, newstrace.cli_analyze):
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
