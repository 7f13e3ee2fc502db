"""Bad input through ``newstrace analyze``: each bad record gets one exact error line, the rest is still analysed.

Every test mixes bad input with real Reuters-21578 stories (from ../shared) and checks the exit
code, the exact text on standard error, and that the good records came out analysed.
"""

from __future__ import annotations

import csv
import json
import re
from itertools import islice
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.corpora.reuters import iter_reuters
from newstrace.readers.base import MAX_ARTICLE_CHARS

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REUTERS = SHARED / "corpora" / "reuters21578"


@pytest.fixture(scope="module")
def stories():
    """Real wire stories of some length, to stand beside the bad input."""
    return [s for s in islice(iter_reuters(REUTERS), 60) if len(s.body) > 600][:6]


def analyze_json(*args):
    """Run ``newstrace analyze --json ARGS``; return (exit code, stderr lines, parsed JSON records)."""
    result = CliRunner().invoke(app, ["analyze", "--json", *map(str, args)])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    records = [json.loads(line) for line in result.stdout.splitlines()]
    return result.exit_code, [_without_code(line, records) for line in result.stderr.splitlines()], records


def _without_code(line: str, records: list[dict]) -> str:
    """A stderr line with its error code, which every Error/Warning line ends with, checked and taken off."""
    if not line.startswith(("Error: ", "Warning: ")):
        return line
    m = re.search(r" \(([EW]\d{3})\)$", line)
    assert m, f"no error code at the end of {line!r}"
    assert m.group(1) in {e["code"] for r in records for e in r["errors"]}, line
    return line[: m.start()]


def analysed(record: dict) -> bool:
    """A record that went through every stage: body text, a content id and no errors."""
    return record["errors"] == [] and bool(record["text"]) and bool(record["id"])


def write_good_text(folder: Path, story, name: str = "good.txt") -> Path:
    path = folder / name
    path.write_text(story.as_text(), encoding="utf-8")
    return path


def jsonl_line(story) -> str:
    return json.dumps({"title": story.title, "text": "\n\n".join(story.paragraphs()), "date": story.date})


def test_all_good_input_exits_zero(tmp_path, stories):
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(good)
    assert (code, errors) == (0, [])
    assert len(records) == 1 and analysed(records[0])


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("empty.txt", b"", "empty input: no text to analyse"),
        ("blank.txt", b"\n  \n\t\n", "empty input: no text to analyse"),
        ("empty.jsonl", b"", "empty input: no records to analyse"),
        ("empty.csv", b"", "empty input: no header row and no records"),
    ],
)
def test_empty_file(tmp_path, stories, name, content, message):
    bad = tmp_path / name
    bad.write_bytes(content)
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(bad, good)
    assert code == 1
    assert errors == [f"Error: {bad}: {message}"]
    assert records[0]["errors"][0]["code"] == "E102" and records[0]["text"] == ""
    assert analysed(records[1])


def test_binary_file(tmp_path, stories):
    bad = tmp_path / "photo.txt"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00" + bytes(range(256)) * 8)
    good = write_good_text(tmp_path, stories[1])
    code, errors, records = analyze_json(bad, good, "--format", "text")
    assert code == 1
    assert errors == [f"Error: {bad}: binary data (NUL byte 0x00 at offset 8), not text"]
    assert analysed(records[1])


def test_a_legacy_fragment_in_a_utf8_text_file_is_decoded_with_a_warning(tmp_path, stories):
    """A UTF-8 file ending in a Latin-1 fragment: that line is decoded as Windows-1252, said on stderr and in ``errors``."""
    bad = tmp_path / "latin1.txt"
    text = stories[2].as_text()
    bad.write_bytes(text.encode("utf-8") + " Jos\u00e9 Pe\u00f1a said.".encode("latin-1"))
    offset = len(text.encode("utf-8")) + len(" Jos")
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(bad, good)
    assert code == 0  # read: a warning is not a failure
    lines = text.count("\n") + 1
    assert errors == [f"Warning: {bad}: not UTF-8 (1 of {lines} lines; first byte 0xe9 at offset {offset}): decoded as "
                      "cp1252 (detected by charset-normalizer, mess 0%); give --encoding NAME if that is wrong (with ingest, into a new store: a stored record is not read again)"]
    assert records[0]["raw_text"].endswith(" Jos\u00e9 Pe\u00f1a said.")
    assert [e["code"] for e in records[0]["errors"]] == ["W103"] and records[0]["text"]
    assert analysed(records[1])


def test_binary_bytes_in_a_text_file_are_still_refused(tmp_path, stories):
    """Bytes no single-byte codec reads as text (random high bytes) stay E103, with the offset of the first."""
    import random

    rng = random.Random(7)
    bad = tmp_path / "noise.txt"
    text = stories[2].as_text()
    noise = bytes(rng.randrange(0x80, 0x100) for _ in range(400))
    data = text.encode("utf-8") + b"\n" + noise
    bad.write_bytes(data)
    with pytest.raises(UnicodeDecodeError) as refused:
        data.decode("utf-8")
    at = refused.value.start
    code, errors, records = analyze_json(bad)
    assert code == 1 and len(errors) == 1 and at > len(text.encode())
    assert errors[0].startswith(f"Error: {bad}: not valid UTF-8 (byte 0x{data[at]:02x} at offset {at}), "
                                "and its encoding is not detected with confidence")
    assert records[0]["errors"][0]["code"] == "E103" and records[0]["text"] == ""


def test_a_legacy_jsonl_line_is_decoded_alone(tmp_path, stories):
    """One Windows-1252 line in a UTF-8 JSON Lines file: that record is read, with a W103 warning; the others as UTF-8."""
    bad = tmp_path / "feed.jsonl"
    lines = [jsonl_line(stories[0]).encode(), b'{"title": "Caf\xe9 prices", "text": "Prices at the caf\xe9 rose by 5 '
             b'percent, the owner said on Monday. \x93We had no choice,\x94 he said."}', jsonl_line(stories[1]).encode()]
    bad.write_bytes(b"\n".join(lines) + b"\n")
    offset = len(lines[0]) + 1 + lines[1].index(b"\xe9")
    code, errors, records = analyze_json(bad)
    assert code == 0
    assert errors == [f"Warning: {bad}:2: not UTF-8 (byte 0xe9 at offset {offset}): decoded as cp1252 (detected by "
                      "charset-normalizer, mess 0%); give --encoding NAME if that is wrong (with ingest, into a new store: a stored record is not read again)"]
    assert records[1]["headline"] == "Caf\u00e9 prices"
    assert "\u201cWe had no choice,\u201d he said." in records[1]["text"]
    assert analysed(records[0]) and analysed(records[2]) and [e["code"] for e in records[1]["errors"]] == ["W103"]


def test_50_mb_article_is_refused_quickly_with_a_clear_error(tmp_path, stories):
    """A 50 MB "article" is refused before any stage runs (it is over spaCy's max_length), not crashed on."""
    bad = tmp_path / "dump.txt"
    paragraph = ("\n\n".join(stories[3].paragraphs()) + "\n\n").encode("utf-8")
    size = 50 * 1024 * 1024
    with bad.open("wb") as fh:
        fh.write(b"Everything in one file\n\n")
        while fh.tell() < size:
            fh.write(paragraph)
        fh.truncate(size)
    chars = len(bad.read_bytes().decode("utf-8", errors="ignore"))
    good = write_good_text(tmp_path, stories[4])
    code, errors, records = analyze_json(bad, good)
    assert code == 1
    assert errors == [f"Error: {bad}: article is {chars} characters, over the {MAX_ARTICLE_CHARS}-character limit"]
    assert records[0]["errors"][0]["code"] == "E105"
    assert records[0]["raw_text"] == ""  # the refused text is not echoed into the output
    assert analysed(records[1])


def test_a_50_mb_html_page_is_refused_before_extraction(tmp_path, stories):
    """A 50 MB page is refused with E105 before trafilatura and htmldate read it (a new-user test: it ran
    past 5 minutes in htmldate); the next file is read as usual."""
    from newstrace.readers.html import MAX_PAGE_CHARS

    bad = tmp_path / "big.html"
    rows = "".join(f"<tr><td>row {i}</td><td>{stories[3].paragraphs()[0]}</td></tr>" for i in range(200))
    with bad.open("w", encoding="utf-8") as fh:
        fh.write("<html><head><title>Everything</title></head><body><table>")
        while fh.tell() < 50 * 1024 * 1024:
            fh.write(rows)
        fh.write("</table></body></html>")
    chars = len(bad.read_text(encoding="utf-8"))
    good = write_good_text(tmp_path, stories[4])
    code, errors, records = analyze_json(bad, good)
    assert code == 1
    assert errors == [f"Error: {bad}: page is {chars} characters of HTML, over the {MAX_PAGE_CHARS}-character "
                      "limit for one article page"]
    assert records[0]["errors"][0]["code"] == "E105" and analysed(records[1])


def test_html_with_no_article(tmp_path, stories):
    bad = tmp_path / "menu.html"
    bad.write_text(
        "<!doctype html><html><head><title>Harbor Ledger</title></head><body>"
        "<nav><a href='/front'>Front page</a> <a href='/local'>Local</a> <a href='/weather'>Weather</a> <a href='/puzzles'>Puzzles</a></nav>"
        "<div class='cookie'>We use cookies. <button>Accept</button></div>"
        "<footer>&copy; 2024 Harbor Ledger</footer></body></html>",
        encoding="utf-8",
    )
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(bad, good)
    assert code == 1
    assert errors == [f"Error: {bad}: no article text found (only navigation or page furniture)"]
    assert records[0]["text"] == "" and records[0]["errors"][0]["code"] == "E106"
    assert analysed(records[1])


def test_malformed_jsonl_line(tmp_path, stories):
    bad = tmp_path / "feed.jsonl"
    lines = [
        jsonl_line(stories[0]),
        '{"title": "Cut off", "text": "The line ends',
        "[1, 2, 3]",
        '{"headline": "No body here", "summary": "A teaser."}',
        jsonl_line(stories[1]),
    ]
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, errors, records = analyze_json(bad)
    assert code == 1
    assert errors == [
        f"Error: {bad}:2: malformed JSON at column 30: Unterminated string starting",
        f"Error: {bad}:3: JSON value is an array, not an object with article fields",
        f"Error: {bad}:4: record has no text column (looked for text, body, content, article, maintext, "
        "full_text, fulltext, body_text, article_text, story, body_html, content_html, html; it has "
        "'headline', 'summary'); name one with --columns text=COLUMN",
    ]
    assert [r["source"]["line"] for r in records] == [1, 2, 3, 4, 5]
    assert [analysed(r) for r in records] == [True, False, False, False, True]


def test_unknown_csv_column(tmp_path, stories):
    bad = tmp_path / "export.csv"
    with bad.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["headline", "content"])
        w.writerow([stories[0].title, "\n\n".join(stories[0].paragraphs())])
    good = write_good_text(tmp_path, stories[1])
    code, errors, records = analyze_json(bad, good, "--columns", "text=body_html")
    assert code == 1
    assert errors == [
        f"Error: {bad}:1: unknown column 'body_html' (named with --columns text=body_html); "
        "the header has 'headline', 'content'"
    ]
    assert records[0]["errors"][0]["code"] == "E108"
    assert analysed(records[1])  # the mapping only applies to tabular files


def test_csv_row_with_extra_fields(tmp_path, stories):
    bad = tmp_path / "export.csv"
    with bad.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["title", "text"])
        w.writerow([stories[0].title, "\n\n".join(stories[0].paragraphs())])
        fh.write("Unquoted, comma, in a row\n")
        w.writerow([stories[1].title, "\n\n".join(stories[1].paragraphs())])
    code, errors, records = analyze_json(bad)
    line = 2 + "\n\n".join(stories[0].paragraphs()).count("\n") + 1
    assert code == 1
    assert errors == [f"Error: {bad}:{line}: row has 3 fields but the header has 2; check the quoting of this row"]
    assert [analysed(r) for r in records] == [True, False, True]


def test_missing_file(tmp_path, stories):
    missing = tmp_path / "nowhere" / "story.txt"
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(missing, good)
    assert code == 1
    assert errors == [f"Error: {missing}: file not found"]
    assert records[0]["errors"][0]["code"] == "E100"
    assert analysed(records[1])


def test_empty_folder(tmp_path, stories):
    empty = tmp_path / "empty"
    empty.mkdir()
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(empty, good)
    assert code == 1
    assert errors == [f"Error: {empty}: folder holds no files to analyse"]
    assert analysed(records[1])


def test_folder_with_mixed_files(tmp_path, stories):
    folder = tmp_path / "inbox"
    (folder / "2024").mkdir(parents=True)
    write_good_text(folder, stories[0], "a_story.txt")
    (folder / "2024" / "feed.jsonl").write_text(jsonl_line(stories[1]) + "\n" + jsonl_line(stories[2]) + "\n")
    with (folder / "b_export.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["Headline", "Body", "Date"])
        for s in stories[3:5]:
            w.writerow([s.title, "\n\n".join(s.paragraphs()), s.date])
    (folder / "c_empty.txt").write_bytes(b"")
    (folder / "d_logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(64))
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1")  # hidden: skipped
    code, errors, records = analyze_json(folder)
    assert code == 1
    assert errors == [
        f"Error: {folder / 'c_empty.txt'}: empty input: no text to analyse",
        f"Error: {folder / 'd_logo.png'}: binary data (NUL byte 0x00 at offset 8), not text",
    ]
    names = [(Path(r["source"]["path"]).name, r["source"]["record"]) for r in records]
    assert names == [
        ("feed.jsonl", 0), ("feed.jsonl", 1), ("a_story.txt", 0), ("b_export.csv", 0), ("b_export.csv", 1),
        ("c_empty.txt", 0), ("d_logo.png", 0),
    ]
    assert [analysed(r) for r in records] == [True] * 5 + [False] * 2
    assert [r["source"]["format"] for r in records[:5]] == ["jsonl", "jsonl", "text", "csv", "csv"]


def test_record_that_kills_a_worker_fails_alone(tmp_path):
    """--jobs: a record that kills its worker process (a native crash, the OOM killer) fails alone, in order."""
    import subprocess
    import sys
    import textwrap

    (tmp_path / "sitecustomize.py").write_text(textwrap.dedent('''
        import os
        from newstrace.pipeline import stage

        @stage("crash_on_marker", requires=("raw_text",), assigns=())
        def crash_on_marker(article, ctx):
            if "KILL-THE-WORKER" in article.raw_text:
                os._exit(3)
            return article
    '''))
    (tmp_path / "run.py").write_text(textwrap.dedent('''
        import json
        from newstrace.engines.local import run_stages
        from newstrace.readers.base import RawDocument
        from newstrace.schema import Source

        if __name__ == "__main__":
            raws = [RawDocument(source=Source(path=f"doc{i}.txt"), text="KILL-THE-WORKER" if i in (5, 17) else f"story {i}")
                    for i in range(30)]
            out = run_stages(raws, jobs=2, stages=("crash_on_marker",), batch_size=4)
            print(json.dumps([[a.source.path, [e.code for e in a.errors]] for a in out]))
    '''))
    done = subprocess.run(
        [sys.executable, str(tmp_path / "run.py")], capture_output=True, text=True, timeout=600,
        env={**__import__("os").environ, "PYTHONPATH": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert [path for path, _ in result] == [f"doc{i}.txt" for i in range(30)]
    assert [path for path, codes in result if codes] == ["doc5.txt", "doc17.txt"]
    assert all(codes == ["E201"] for _, codes in result if codes)


# --- records without a title, values that are not text, files with no records, pipes ------------


def test_record_without_title_keeps_its_one_paragraph_body(tmp_path, stories):
    s = stories[0]
    para = " ".join(s.paragraphs()[0].split())
    bad = tmp_path / "rows.csv"
    with bad.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([["content", "url"], [para, "https://wire.invalid/a"]])
    code, errors, records = analyze_json(bad)
    assert (code, errors) == (0, [])
    assert records[0]["headline"] == "" and analysed(records[0])
    assert records[0]["text"].startswith(para.split(". ")[0])  # the paragraph is the body, not the headline


def test_values_that_are_not_text_fail_alone(tmp_path, stories):
    bad = tmp_path / "feed.jsonl"
    rows = [{"title": "Figures", "text": 12345}, {"title": {"a": 1}, "text": "x"}, json.loads(jsonl_line(stories[1]))]
    bad.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code, errors, records = analyze_json(bad)
    assert code == 1
    assert errors == [
        f"Error: {bad}:1: column 'text' holds a number, not article text",
        f"Error: {bad}:2: column 'title' holds an object, not a headline",
    ]
    assert [analysed(r) for r in records] == [False, False, True]


@pytest.mark.parametrize(
    "name, content, fmt, message",
    [
        ("h.csv", b"title,text\n", None, "no records: the file has a header row but no data rows"),
        ("story.txt", None, "warc", "not a WARC file (it does not start with a WARC/1.x record header)"),
        ("plain.warc", None, None, "not a WARC file (it does not start with a WARC/1.x record header)"),
    ],
)
def test_file_with_no_records_fails(tmp_path, stories, name, content, fmt, message):
    bad = tmp_path / name
    bad.write_bytes(content if content is not None else stories[2].as_text().encode("utf-8"))
    good = write_good_text(tmp_path, stories[0])
    code, errors, records = analyze_json(bad, *(["--format", fmt] if fmt else []))
    label = f"{bad}#0" if (fmt or bad.suffix.lstrip(".")) == "warc" else str(bad)  # WARC labels carry the record
    assert code == 1 and errors == [f"Error: {label}: {message}"] and records[0]["text"] == ""
    code, errors, records = analyze_json(bad, good, *(["--format", fmt] if fmt else []))
    assert code == 1


def test_damaged_warc_gz_message_is_short_words(tmp_path, stories):
    bad = tmp_path / "crawl.warc.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00" + bytes((i * 37 + 11) % 256 for i in range(600)))
    code, errors, _ = analyze_json(bad)
    assert code == 1 and errors == [f"Error: {bad}#0: truncated or not a WARC file (the gzip stream cannot be read)"]


def test_named_pipe_without_writer_does_not_hang(tmp_path, stories):
    import os
    import threading

    fifo = tmp_path / "p.txt"
    os.mkfifo(fifo)
    out: list = []
    t = threading.Thread(target=lambda: out.append(analyze_json(fifo)), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "analyze blocked on a named pipe"
    code, errors, _ = out[0]
    assert code == 1 and errors == [f"Error: {fifo}: empty input: the pipe gave no data (nothing wrote to it)"]


def test_utf16_text_and_tables_are_read(tmp_path, stories):
    """UTF-16 with a byte-order mark (as Windows tools write): a text file and a JSON Lines file are both read."""
    text16 = tmp_path / "windows.txt"
    text16.write_bytes(stories[0].as_text().encode("utf-16"))  # BOM + UTF-16-LE, as Windows tools write
    table16 = tmp_path / "feed.jsonl"
    table16.write_bytes((jsonl_line(stories[1]) + "\n").encode("utf-16"))
    code, errors, records = analyze_json(text16, table16)
    assert (code, errors) == (0, [])
    assert analysed(records[0]) and records[0]["headline"] == stories[0].title.strip()
    assert analysed(records[1]) and records[1]["headline"] == stories[1].title.strip()
    assert records[1]["source"]["line"] == 1 and records[1]["source"]["offset"] is None  # offsets of the UTF-8 copy dropped


def _csv_rows(stories, k: int) -> list[str]:
    """``k`` real stories as CSV rows (title, body with its paragraphs), each row's text as written."""
    buf = []
    for s in stories[:k]:
        out = __import__("io").StringIO()
        csv.writer(out, lineterminator="\n").writerow([s.title, "\n\n".join(s.paragraphs())])
        buf.append(out.getvalue())
    return buf


def test_csv_unterminated_quote_fails_its_row_and_never_swallows_the_rest(tmp_path, stories):
    """A quote opened and never closed used to turn every later line into that row's text, exit 0;
    then the rest of the file was reported unread. Now the row is its first line alone and the
    lines after it are read as rows: a good row is analysed, a bad one reported on its own line."""
    rows = _csv_rows(stories, 2)
    bad_line = 2 + rows[0].count("\n") + rows[1].count("\n")  # the row after the two good ones
    bad = tmp_path / "bad.csv"
    plain = "Harbour vote,The council met on Monday and agreed the new harbour budget after a long debate\n"
    bad.write_text("title,text\n" + "".join(rows) + 'Stray,"unterminated quote\nD,x,extra\n' + plain,
                   encoding="utf-8")  # fmt: skip
    code, errors, records = analyze_json(bad)
    assert code == 1
    assert errors == [
        f"Error: {bad}:{bad_line}: unterminated quoted field: a quote opened in this row is never closed; the row "
        f"is line {bad_line} alone, reading goes on at line {bad_line + 1}; close or double (\"\") the quote",
        f"Error: {bad}:{bad_line + 1}: row has 3 fields but the header has 2; check the quoting of this row",
    ]
    assert [analysed(r) for r in records] == [True, True, False, False, True]
    assert records[2]["errors"][0]["code"] == "E106" and records[2]["id"] == ""
    assert records[4]["raw_text"].startswith("Harbour vote") and records[4]["source"]["line"] == bad_line + 2
    assert not any("D,x" in r["text"] or "D,x" in r["raw_text"] for r in records)


def test_csv_quote_closed_rows_later_fails_the_row_instead_of_merging_rows(tmp_path, stories):
    """A stray quote that a later row's quote happens to close: the row is malformed (E106), the next rows are read."""
    rows = _csv_rows(stories, 3)
    bad = tmp_path / "bad.csv"
    bad.write_text("title,text\n" + rows[0] + 'Stray,"he said\nOther,"a quoted "word" inside"\n' + rows[1] + rows[2],
                   encoding="utf-8")  # fmt: skip
    code, errors, records = analyze_json(bad)
    line = 2 + rows[0].count("\n")
    assert code == 1
    # the stray quote's row is its own line; the next line is read on its own and is malformed too
    assert [e.split(": ", 2)[1] for e in errors] == [f"{bad}:{line}", f"{bad}:{line + 1}"]
    assert "',' expected after '\"'" in errors[0] and f"reading goes on at line {line + 1}" in errors[0]
    assert "E106" == records[1]["errors"][0]["code"] == records[2]["errors"][0]["code"]
    assert len(records) == 5 and [analysed(r) for r in records] == [True, False, False, True, True]
    assert records[3]["raw_text"].startswith(stories[1].title) and records[4]["raw_text"].startswith(stories[2].title)


@pytest.mark.parametrize("text", ["", "   ", "\n\t\n", "HEADLINE-ONLY"])
def test_python_api_refuses_empty_text_as_the_cli_does(tmp_path, stories, text):
    """``newstrace.analyze`` on text gives the same error code and message as the same text in a file, and an empty id."""
    import newstrace

    text = stories[0].title if text == "HEADLINE-ONLY" else text  # a real wire headline with no body
    path = tmp_path / "story.txt"
    path.write_text(text, encoding="utf-8")
    code, errors, records = analyze_json(path)
    article = newstrace.analyze(text)
    assert code == 1 and records[0]["errors"][0]["code"] == "E102" and records[0]["id"] == ""
    assert [e.code for e in article.errors] == ["E102"]
    assert article.id == "" and article.text == "" and article.failed
    assert article.errors[0].message == records[0]["errors"][0]["message"].replace(str(path), "<text>")


def test_python_api_analyses_a_real_story_given_as_text(stories):
    import newstrace

    article = newstrace.analyze(stories[1].as_text())
    assert article.errors == [] and len(article.id) == 40 and article.headline and article.text


def test_jsonl_whose_first_line_is_an_array_reads_every_later_line(tmp_path):
    """A JSON Lines file whose first record is an array was read as one JSON array document: the
    lines after it vanished and the run exited 0 (new-user test). Its first line is now an E106
    record and the others are read; a one-line array file is still a JSON array document."""
    good = ('{"title": "Harbour vote", "text": "The council met on Monday and agreed the new harbour budget after '
            'a long debate about pumps and boats."}')
    path = tmp_path / "feed.jsonl"
    path.write_text("[1, 2, 3]\n" + good + "\n" + good.replace("Harbour vote", "Second") + "\n", encoding="utf-8")
    code, errors, records = analyze_json(path)
    assert code == 1
    assert errors == [f"Error: {path}:1: JSON value is an array, not an object with article fields"]
    assert [analysed(r) for r in records] == [False, True, True]
    assert [r["source"]["line"] for r in records] == [1, 2, 3]
    single = tmp_path / "one.json"
    single.write_text("[" + good + ", " + good.replace("Harbour vote", "Second") + "]\n", encoding="utf-8")
    code, errors, records = analyze_json(single)
    assert code == 0 and errors == [] and [analysed(r) for r in records] == [True, True]


def test_json_array_followed_by_more_content_says_it_is_not_read(tmp_path):
    good = ('{"title": "Harbour vote", "text": "The council met on Monday and agreed the new harbour budget after '
            'a long debate about pumps and boats."}')
    path = tmp_path / "dump.json"
    path.write_text("[\n" + good + "\n]\n" + good + "\n", encoding="utf-8")
    code, errors, records = analyze_json(path)
    assert code == 1
    assert errors == [f"Error: {path}:4: content after the JSON array is not read: a JSON file holds one array "
                      "(JSON Lines: one object per line)"]
    assert [analysed(r) for r in records] == [True, False]
