"""Readers on damaged input: a fault fails its one record (named by file and line/record), the rest is still read.

All inputs are invented here and written into ``tmp_path``: NUL bytes inside one record,
genuinely binary files, WARC files cut anywhere, files named ``.gz`` that are not gzip,
headline-only text files, and the README's error-location convention.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.readers import read_path

REPO = Path(__file__).resolve().parents[1]
NUL = b"\x00"

#: Invented articles (headline, body) for the good records beside the bad ones.
ARTICLES = [
    ("Harbour board fits new tide gauge", ("The harbour board in Port Wendle fitted a new tide gauge on Monday, "
     "the harbourmaster Ilse Varn said. It replaces a float gauge installed in 1962.")),
    ("Snow closes Keldur pass", ("Snow closed the Keldur pass on Tuesday night, the regional road office said. "
     "Crews expect to reopen it by Thursday if the wind drops.")),
    ("Library extends opening hours", ("The Marrow Street library will open until nine on weekdays from March, "
     "the council said on Friday. Funding comes from a one-year grant.")),
]  # fmt: skip


def _csv_bytes(rows: list[tuple[str, str]]) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["title", "text"])
    w.writerows(rows)
    return buf.getvalue().encode("utf-8")


def _jsonl_bytes(rows: list[tuple[str, str]]) -> bytes:
    return "".join(json.dumps({"title": t, "text": b}) + "\n" for t, b in rows).encode("utf-8")


def _with_nul_in_middle_record(fmt: str) -> bytes:
    """Three records; the middle body holds one NUL byte (as \\x00 raw, not a JSON escape)."""
    rows = [ARTICLES[0], (ARTICLES[1][0], ARTICLES[1][1].replace("road office", "road\x00office")), ARTICLES[2]]
    return _csv_bytes(rows) if fmt == "csv" else _jsonl_bytes(rows).replace(b"\\u0000", b"\x00")


# --- 1. a NUL byte fails its record only; binary files are still refused -----------------------


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_nul_byte_fails_only_its_record(tmp_path, fmt):
    data = _with_nul_in_middle_record(fmt)
    path = tmp_path / f"nul.{fmt}"
    path.write_bytes(data)
    docs = list(read_path(path))
    assert [d.error is None for d in docs] == [True, False, True]
    bad = docs[1]
    line = 3 if fmt == "csv" else 2  # the CSV header is line 1
    assert bad.error.code == "E103" and bad.source.line == line
    assert bad.error.message.startswith(f"{path}:{line}: binary data in this record (NUL byte 0x00 at offset ")
    assert f"offset {data.index(NUL)})" in bad.error.message
    assert docs[0].text == f"{ARTICLES[0][0]}\n\n{ARTICLES[0][1]}"
    assert docs[2].text == f"{ARTICLES[2][0]}\n\n{ARTICLES[2][1]}"


def test_nul_byte_in_a_quoted_multiline_csv_row(tmp_path):
    body = "First paragraph of the notice.\n\nSecond para\x00graph, after a blank line."
    data = _csv_bytes([ARTICLES[0], ("Notice", body), ARTICLES[1]])
    path = tmp_path / "multi.csv"
    path.write_bytes(data)
    docs = list(read_path(path))
    assert [d.error.code if d.error else None for d in docs] == [None, "E103", None]
    assert docs[1].source.line == 3 and f"offset {data.index(NUL)})" in docs[1].error.message
    assert docs[2].source.line == 6 and docs[2].text.startswith(ARTICLES[1][0])


def test_nul_byte_in_csv_header_fails_the_file(tmp_path):
    path = tmp_path / "head.csv"
    path.write_bytes(b"title,te\x00xt\n" + _csv_bytes([ARTICLES[0]]).split(b"\n", 1)[1])
    (doc,) = read_path(path)
    assert doc.error.code == "E103" and doc.error.message == f"{path}:1: header row holds binary data (NUL byte 0x00 at offset 8)"


def test_analyze_reads_the_good_rows_beside_a_nul_row(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "nul.csv").write_bytes(_with_nul_in_middle_record("csv"))
    result = CliRunner().invoke(app, ["analyze", str(folder), "--json"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1
    assert [r["headline"] for r in records if not r["errors"]] == [ARTICLES[0][0], ARTICLES[2][0]]
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: {folder / 'nul.csv'}:3: binary data in this record (NUL byte 0x00 at offset ")


UTF16_HINT = ("binary data (NUL byte 0x00 at offset {}): it looks like UTF-16{} text without a byte-order mark; "
              "re-encode the file as UTF-8")  # fmt: skip
_UTF16_CSV = "title,text\n" + "\n".join(f"{t},{b.replace(',', '')}" for t, b in ARTICLES) + "\n"
_UTF16_JSONL = _jsonl_bytes(ARTICLES).decode("utf-8")


@pytest.mark.parametrize(
    "name, data, message",
    [
        ("zeros.csv", bytes(4000), "binary data (NUL byte 0x00 at offset 0), not CSV"),
        ("zeros.jsonl", b"{" + bytes(4000), "binary data (NUL byte 0x00 at offset 1), not JSON Lines"),
        ("photo.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
         "binary data (NUL byte 0x00 at offset 8), not CSV"),
        ("photo.jsonl", b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(range(255, -1, -1)) * 4,
         "binary data (NUL byte 0x00 at offset 4), not JSON Lines"),
        ("le.csv", _UTF16_CSV.encode("utf-16-le"), UTF16_HINT.format(1, "LE")),
        ("be.jsonl", _UTF16_JSONL.encode("utf-16-be"), UTF16_HINT.format(0, "BE")),
        ("le.txt", "Headline\n\nBody text of the story.\n".encode("utf-16-le"), UTF16_HINT.format(1, "LE")),
    ],
)  # fmt: skip
def test_binary_files_are_still_refused_whole(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    (doc,) = read_path(path)
    assert doc.error.code == "E103" and doc.error.message == f"{path}: {message}"


def test_text_file_with_a_nul_byte_past_the_first_8_kib_is_refused_with_its_offset(tmp_path):
    body = " ".join([ARTICLES[0][1]] * 80)  # over 8 KiB before the NUL byte
    data = f"{ARTICLES[0][0]}\n\n{body}\n\nLast\x00 paragraph.\n".encode()
    path = tmp_path / "late.txt"
    path.write_bytes(data)
    (doc,) = read_path(path)
    assert data.index(b"\x00") > 8192
    assert doc.error.code == "E103" and doc.error.message == f"{path}: binary data (NUL byte 0x00 at offset {data.index(NUL)}), not text"


# --- 2. a WARC file cut anywhere -----------------------------------------------------------------


def _warc(gz: bool) -> tuple[bytes, list[int]]:
    """Two invented HTML response records; returns the bytes and the end offset of each record."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=gz)
    ends = []
    for i, (title, body) in enumerate(ARTICLES[:2]):
        page = f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1><p>{body}</p>" \
               f"<p>{body}</p></article></body></html>".encode()  # fmt: skip
        hh = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
        w.write_record(w.create_warc_record(f"https://news.invalid/{i}", "response", payload=io.BytesIO(page), http_headers=hh))
        ends.append(buf.tell())
    return buf.getvalue(), ends


@pytest.mark.parametrize("gz", [False, True])
def test_warc_cut_anywhere_is_a_truncation_error(tmp_path, gz):
    data, ends = _warc(gz)
    path = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
    second_header = data.index(b"WARC/1.0", ends[0]) if not gz else ends[0]
    cuts = sorted({len(data) // 2, second_header + 30, ends[0] + 8, *range(9, len(data) - 1, 23)})
    for cut in cuts:
        if cut in ends or data[:cut].rstrip(b"\r\n") == data[: ends[0]].rstrip(b"\r\n"):
            continue  # a clean record boundary: a shorter, whole file
        path.write_bytes(data[:cut])
        docs = list(read_path(path))
        errors = [d.error for d in docs if d.error is not None]
        assert errors and errors[-1].code == "E106", (cut, [d.text[:30] for d in docs])
        assert "truncated" in errors[-1].message or "broken WARC record" in errors[-1].message, errors[-1].message
        assert len(docs) - len(errors) <= (1 if cut > ends[0] else 0), cut  # only a whole first record is read


def test_warc_cut_inside_the_second_header_names_that_record(tmp_path):
    data, ends = _warc(gz=False)
    start = data.index(b"WARC/1.0", ends[0] - 8)
    path = tmp_path / "cut3.warc"
    path.write_bytes(data[: start + 60])
    docs = list(read_path(path))
    assert [d.error is None for d in docs] == [True, False]
    assert docs[1].error.code == "E106" and docs[1].source.offset == start
    assert docs[1].error.message.startswith(f"{path}#1: ") and f"at byte {start}: " in docs[1].error.message
    assert "truncated" in docs[1].error.message
    path.write_bytes(data[: start + 200])  # past the header's record id: warcio parses a partial header
    docs = list(read_path(path))
    assert docs[1].error.message == f"{path}#1: truncated WARC record at byte {start}: the file ends inside its header"


def test_whole_warc_files_read_without_errors(tmp_path):
    for gz in (False, True):
        data, _ = _warc(gz)
        path = tmp_path / ("ok.warc.gz" if gz else "ok.warc")
        path.write_bytes(data)
        docs = list(read_path(path))
        assert [d.error for d in docs] == [None, None] and docs[1].text.startswith(ARTICLES[1][0])


# --- 3. a file named .gz that is not gzip ---------------------------------------------------------


@pytest.mark.parametrize("name", ["fake.txt.gz", "fake.jsonl.gz", "fake.csv.gz", "fake.html.gz", "fake.gz"])
def test_file_named_gz_that_is_not_gzip_is_an_error(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"title,text\nnot gzip,plain bytes in a file named .gz\n")
    (doc,) = read_path(path)
    assert doc.error.code == "E106" and doc.error.message.startswith(f"{path}: named .gz but not gzip-compressed")


def test_real_gzip_and_empty_gz_files(tmp_path):
    good = tmp_path / "good.txt.gz"
    good.write_bytes(gzip.compress(f"{ARTICLES[0][0]}\n\n{ARTICLES[0][1]}\n".encode()))
    (doc,) = read_path(good)
    assert doc.error is None and doc.text.startswith(ARTICLES[0][0]) and doc.source.path == str(good)
    empty = tmp_path / "empty.txt.gz"
    empty.write_bytes(b"")
    (doc,) = read_path(empty)
    assert doc.error.code == "E102"


# --- 4. a headline with no body ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [ARTICLES[0][0] + "\n", ARTICLES[0][0] + "\n\n\n", ARTICLES[0][0],
     "URL: https://news.invalid/a\nDate: 2024-03-01\n\n" + ARTICLES[0][0] + "\n"],
)  # fmt: skip
def test_text_file_with_only_a_headline_is_an_empty_input_error(tmp_path, content):
    path = tmp_path / "headline.txt"
    path.write_text(content, encoding="utf-8")
    (doc,) = read_path(path)
    assert doc.error.code == "E102"
    assert doc.error.message == f"{path}: empty input: no body text, only a headline line ({ARTICLES[0][0]!r})"


@pytest.mark.parametrize(
    "content",
    [f"{ARTICLES[1][0]}\n{ARTICLES[1][1]}\n", f"\n{ARTICLES[1][1]}\n", " ".join([ARTICLES[1][1]] * 3)],
)
def test_text_with_body_text_is_read(tmp_path, content):
    """A headline plus a line, a text with no headline, and one long paragraph all carry body text."""
    path = tmp_path / "story.txt"
    path.write_text(content, encoding="utf-8")
    (doc,) = read_path(path)
    assert doc.error is None and ARTICLES[1][1] in doc.text


def test_analyze_reports_a_headline_only_file_instead_of_an_article(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(ARTICLES[0][0] + "\n", encoding="utf-8")
    (folder / "b.txt").write_text(f"{ARTICLES[1][0]}\n\n{ARTICLES[1][1]}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["analyze", str(folder), "--json"])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 1
    assert [r["errors"][0]["code"] if r["errors"] else None for r in records] == ["E102", None]
    assert records[0]["text"] == "" and records[1]["headline"] == ARTICLES[1][0]
    message = f"Error: {folder / 'a.txt'}: empty input: no body text, only a headline line ({ARTICLES[0][0]!r}) (E102)"
    assert result.stderr.splitlines() == [message]


# --- 5. the error location is the one the README documents -------------------------------------------


def test_error_locations_follow_the_readme(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    documented = readme.split("**Errors and exit status.**", 1)[1].split("| code |", 1)[0]
    for form in ("`FILE:LINE`", "`FILE#RECORD`", "`FILE`"):
        assert form in documented, form
    (tmp_path / "p.parquet").write_bytes(b"")
    pq.write_table(pa.table({"title": ["A", "B"], "text": ["Body one.", ""]}), tmp_path / "p.parquet")
    (tmp_path / "w.warc").write_bytes(_warc(False)[0][:700])
    (tmp_path / "j.jsonl").write_bytes(b'{"text": "Body."}\n\n{"text": 5}\n')
    (tmp_path / "e.txt").write_bytes(b"")
    expected = {"p.parquet": r"#1", "w.warc": r"#0", "j.jsonl": r":3", "e.txt": r""}
    for name, where in expected.items():
        errors = [d.error for d in read_path(tmp_path / name) if d.error is not None]
        assert re.match(re.escape(f"{tmp_path / name}{where}: "), errors[0].message), (name, errors[0].message)


def test_a_feed_read_as_plain_text_is_said_to_look_like_another_format(tmp_path):
    """A pipe or a file without a known suffix is read as plain text; a JSON Lines feed read so becomes
    one article whose headline is a JSON object (a new-user test: `analyze <(cat feed.jsonl)`, exit 0,
    no word of it). The record now carries a W104 notice saying what it looks like."""
    from newstrace.readers import read_path

    feed = tmp_path / "feed"
    feed.write_text('{"title": "Harbour reopens", "text": "The harbour reopened on Monday."}\n'
                    '{"title": "Ferry resumes", "text": "The ferry ran again on Tuesday."}\n', encoding="utf-8")
    (doc,) = list(read_path(feed))
    assert [(n.code, "--format jsonl" in n.message) for n in doc.notices] == [("W104", True)]
    page = tmp_path / "page"
    page.write_text("<!DOCTYPE html>\n<html><body><p>The harbour reopened on Monday.</p></body></html>\n",
                    encoding="utf-8")
    assert [n.code for n in next(iter(read_path(page))).notices] == ["W104"]
    plain = tmp_path / "story.txt"
    plain.write_text("Harbour reopens\n\nThe harbour reopened on Monday after repairs.\n", encoding="utf-8")
    assert next(iter(read_path(plain))).notices == []
