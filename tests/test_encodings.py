"""Input that is not UTF-8: Windows-1252 and Latin-1 files decoded with a W103 warning, ``--encoding``, refusals.

Every text here is invented and written into ``tmp_path`` in the legacy encoding under test.
"""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.readers import read_path
from newstrace.readers.encoding import Decoder, detect_legacy, invalid_lines, resolve_encoding

#: An invented story with the characters old CMS exports hold: é, ñ, curly quotes (0x93/0x94 in
#: cp1252), an en dash (0x96) and a curly apostrophe (0x92).
STORY = ("Caf\u00e9 on Quay Street reopens after the flood\n\n"
         "The owner of the caf\u00e9, Se\u00f1or Tom\u00e1s Ruiz, said \u201cwe will open again on Monday\u201d \u2013 "
         "a week after the river rose over the quay. The council\u2019s engineers said the sea wall held.\n\n"
         "Se\u00f1or Ruiz said 40 tables had been replaced.\n")  # fmt: skip
#: The same story with only ISO-8859-1 characters (no bytes in 0x80-0x9F).
LATIN1_STORY = ("R\u00e9sum\u00e9 of the harbour meeting\n\n"
                "Se\u00f1or Jos\u00e9 N\u00fa\u00f1ez told the meeting at the caf\u00e9 in M\u00fcnster that the "
                "fa\u00e7ade of the old customs house would be repaired by May.\n")  # fmt: skip
#: Shift-JIS bytes of an invented Japanese story: a multi-byte codec, never picked without --encoding.
SJIS = "東京で大雨\n\n三千人が避難した。市長は「安全第一」と述べた。\n"


def _invoke(*args: str):
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def test_a_cp1252_text_file_is_decoded_exactly_with_a_w103_notice(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("cp1252"))
    (doc,) = read_path(path)
    assert doc.error is None and doc.text == STORY
    (notice,) = doc.notices
    offset = STORY.encode("cp1252").index(b"\xe9")
    assert notice.code == "W103" and notice.message == (
        f"{path}: not UTF-8 (3 of 5 lines; first byte 0xe9 at offset {offset}): decoded as cp1252 "
        "(detected by charset-normalizer, mess 0%); give --encoding NAME if that is wrong (with ingest, into a new store: a stored record is not read again)")


def test_a_latin1_text_file_is_decoded_exactly(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(LATIN1_STORY.encode("latin-1"))
    (doc,) = read_path(path)
    assert doc.text == LATIN1_STORY and [n.code for n in doc.notices] == ["W103"]


def test_utf8_input_gets_no_notice(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("utf-8"))
    (doc,) = read_path(path)
    assert doc.text == STORY and doc.notices == []


def test_cp1252_jsonl_and_csv_records_are_decoded_one_by_one(tmp_path):
    """Per record: the ASCII record has no notice, each record with cp1252 bytes has its own, naming its line."""
    head, _, body = STORY.partition("\n\n")
    rows = [("Tide gauge fitted", "The harbour board fitted a new tide gauge on Monday, the harbourmaster said."),
            (head, body.strip())]  # fmt: skip
    jsonl = tmp_path / "feed.jsonl"
    jsonl.write_bytes("".join(json.dumps({"title": t, "text": b}, ensure_ascii=False) + "\n" for t, b in rows).encode("cp1252"))
    csv_path = tmp_path / "rows.csv"
    quoted = body.strip().replace('"', '""')
    csv_path.write_bytes(f'title,text\n{rows[0][0]},"{rows[0][1]}"\n"{head}","{quoted}"\n'.encode("cp1252"))
    for path, line in ((jsonl, 2), (csv_path, 3)):
        docs = list(read_path(path))
        assert [d.error for d in docs] == [None, None]
        assert docs[0].notices == [] and docs[1].text == f"{head}\n\n{body.strip()}"
        (notice,) = docs[1].notices
        assert notice.code == "W103" and notice.message.startswith(f"{path}:{line}: not UTF-8 (byte 0xe9 at offset ")


def test_a_shift_jis_file_is_refused_naming_the_guess_and_read_with_encoding(tmp_path):
    path = tmp_path / "tokyo.txt"
    path.write_bytes(SJIS.encode("shift_jis"))
    (doc,) = read_path(path)
    assert doc.error.code == "E103" and doc.text == ""
    assert doc.error.message.startswith(f"{path}: not valid UTF-8 (byte 0x93 at offset 0), and its encoding is not "
                                        "detected with confidence: charset-normalizer reads it as cp932, Japanese text")
    assert doc.error.message.endswith("(e.g. --encoding cp932), else re-encode the file as UTF-8")
    (named,) = read_path(path, encoding="shift_jis")
    assert named.error is None and named.text == SJIS and named.notices == []


def test_a_shift_jis_line_in_a_utf8_jsonl_file_fails_alone(tmp_path):
    path = tmp_path / "feed.jsonl"
    good = json.dumps({"title": "Tide gauge fitted", "text": "The harbour board fitted a new tide gauge on Monday."})
    bad = json.dumps({"title": "東京で大雨", "text": "三千人が避難した。"}, ensure_ascii=False).encode("shift_jis")
    path.write_bytes(good.encode() + b"\n" + bad + b"\n" + good.encode() + b"\n")
    docs = list(read_path(path))
    assert [d.error.code if d.error else None for d in docs] == [None, "E103", None]
    assert "reads it as cp932" in docs[1].error.message and docs[1].source.line == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_high_bytes_are_refused(seed):
    rng = random.Random(seed)
    data = bytes(rng.randrange(0x80, 0x100) for _ in range(600))
    det = detect_legacy(data)
    assert det.codec is None
    got = Decoder(None, lambda at: invalid_lines(data[at:].splitlines(keepends=True))).document(data)
    assert got.text is None and got.error.startswith("not valid UTF-8 (byte ")


def test_binary_files_with_nul_bytes_stay_e103(tmp_path):
    path = tmp_path / "photo.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    (doc,) = read_path(path)
    assert doc.error.code == "E103" and doc.error.message == f"{path}: binary data (NUL byte 0x00 at offset 8), not text"


def test_explicit_encoding_through_the_cli_decodes_without_a_warning(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("cp1252"))
    result = _invoke("analyze", "--json", "--encoding", "windows-1252", str(path))
    assert result.exit_code == 0 and result.stderr == ""
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert record["raw_text"] == STORY and record["errors"] == []
    assert record["headline"] == "Caf\u00e9 on Quay Street reopens after the flood"


def test_detected_encoding_through_the_cli_is_a_warning_not_a_failure(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("cp1252"))
    result = _invoke("analyze", "--json", str(path))
    assert result.exit_code == 0
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Warning: {path}: not UTF-8 (3 of 5 lines; first byte 0xe9 at offset ")
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert record["raw_text"] == STORY and [e["code"] for e in record["errors"]] == ["W103"]
    assert record["headline"] == "Caf\u00e9 on Quay Street reopens after the flood"


def test_latin1_named_reads_c1_bytes_as_windows_1252(tmp_path):
    """``--encoding latin-1`` on a file with cp1252 quotes: the quotes come out, with a W103 note saying why."""
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("cp1252"))
    (doc,) = read_path(path, encoding="latin-1")
    assert doc.text == STORY
    (notice,) = doc.notices
    assert notice.code == "W103" and "read as Windows-1252, as browsers do (WHATWG Encoding Standard)" in notice.message


def test_bytes_the_named_codec_refuses_are_e103(tmp_path):
    path = tmp_path / "story.txt"
    data = STORY.encode("cp1252")
    path.write_bytes(data)
    (doc,) = read_path(path, encoding="ascii")
    at = data.index(b"\xe9")
    assert doc.error.code == "E103" and doc.error.message == (
        f"{path}: not valid ascii (byte 0xe9 at offset {at}), the encoding named with --encoding")


@pytest.mark.parametrize("name", ["nope", "base64"])
def test_an_unknown_encoding_is_a_usage_error(tmp_path, name):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("utf-8"))
    for command in ("analyze", "ingest"):
        extra = ["--store", str(tmp_path / "s.duckdb")] if command == "ingest" else []
        result = _invoke(command, str(path), "--encoding", name, *extra)
        assert result.exit_code == 2
        assert "Invalid value for '--encoding'" in result.stderr and f"unknown text encoding '{name}'" in result.stderr
    assert not (tmp_path / "s.duckdb").exists()
    with pytest.raises(ValueError):
        resolve_encoding(name)


def test_utf16_files_named_or_with_a_bom_are_read_line_by_line(tmp_path):
    rows = "title,text\nTide gauge fitted,The harbour board fitted a new tide gauge on Monday at the quay.\n"
    bom = tmp_path / "bom.csv"
    bom.write_bytes(rows.encode("utf-16"))
    bare = tmp_path / "bare.csv"
    bare.write_bytes(rows.encode("utf-16-le"))
    (a,) = read_path(bom)
    (b,) = read_path(bare, encoding="utf-16-le")
    assert a.error is None and b.error is None and a.text == b.text == (
        "Tide gauge fitted\n\nThe harbour board fitted a new tide gauge on Monday at the quay.")
    assert a.source.path == str(bom) and a.source.line == 2 and a.source.offset is None


def test_ingest_stores_a_cp1252_file_and_says_so(tmp_path):
    path = tmp_path / "story.txt"
    path.write_bytes(STORY.encode("cp1252"))
    store = tmp_path / "s.duckdb"
    result = _invoke("ingest", str(path), "--store", str(store), "--jobs", "1", "--quiet")
    assert result.exit_code == 0
    assert any(line.startswith(f"Warning: {path}: not UTF-8 (3 of 5 lines") for line in result.stderr.splitlines())
    assert "1 new article," in result.stdout and "0 failed, 0 stored with errors" in result.stdout


def test_ingest_again_with_encoding_reads_the_records_that_were_not_utf8(tmp_path):
    """The E103 message says to give --encoding; the same ingest again with it reads the file's failed
    records, where it used to skip the file as already ingested and repeat the old error. The
    article is fingerprinted (Japanese words are looked up without MeCab) and stored once."""
    path = tmp_path / "tokyo.txt"
    path.write_bytes("東京の市議会は月曜日、新しい市場の建設を承認した。\n\n市長は来年の春に工事が始まると語った。"
                     .encode("shift_jis"))
    store = tmp_path / "s.duckdb"
    first = _invoke("ingest", str(path), "--store", str(store), "--jobs", "1", "--quiet")
    assert first.exit_code == 1 and "--encoding" in first.stderr
    again = _invoke("ingest", str(path), "--store", str(store), "--jobs", "1", "--quiet", "--encoding", "shift_jis")
    assert again.exit_code == 0, again.stderr
    assert "1 new article," in again.stdout and "0 failed" in again.stdout
    third = _invoke("ingest", str(path), "--store", str(store), "--jobs", "1", "--quiet", "--encoding", "shift_jis")
    assert third.exit_code == 0 and "0 new articles" in third.stdout and "1 file already ingested" in third.stdout


def _generated(rng: random.Random) -> str:
    """A short invented story with a few accented words, curly quotes and dashes, as Windows-1252 can write."""
    plain = ("the council said on Monday that the harbour road would reopen after repairs to the sea wall "
             "officials expect traffic to return to normal by the end of the week").split()  # fmt: skip
    accented = ["caf\u00e9", "Se\u00f1or", "na\u00efve", "fa\u00e7ade", "Z\u00fcrich", "M\u00fcller", "Jos\u00e9",
                "d\u00e9j\u00e0 vu", "\u00c9cole", "\u00a320", "\u20ac5", "25\u00b0C"]  # fmt: skip
    sentences = []
    for _ in range(rng.randint(1, 3)):
        words = rng.sample(plain, rng.randint(6, 12))
        words.insert(rng.randrange(len(words)), rng.choice(accented))
        s = " ".join(words)
        if rng.random() < 0.5:
            s = f"\u201c{s},\u201d he said"
        if rng.random() < 0.4:
            s = s.replace(" ", " \u2013 ", 1)
        sentences.append(s[0].upper() + s[1:] + ".")
    return f"Harbour news {rng.randint(1, 999)}\n\n" + " ".join(sentences) + "\n"


def test_generated_cp1252_texts_decode_exactly():
    """200 short generated cp1252 texts: none is decoded wrongly (a refusal is allowed, a wrong letter is not)."""
    rng = random.Random(11)
    exact = refused = 0
    for _ in range(200):
        text = _generated(rng)
        data = text.encode("cp1252")
        got = Decoder(None, lambda at, d=data: invalid_lines(d[at:].splitlines(keepends=True))).document(data)
        if got.error is not None:
            refused += 1
            continue
        assert got.text == text, got.notice
        exact += 1
    assert exact >= 195 and exact + refused == 200


def _page(charset: str = "") -> bytes:
    """An invented news page in Windows-1252, declaring ``charset`` in a <meta> tag when given."""
    head, _, body = STORY.partition("\n\n")
    meta = f"<meta charset='{charset}'>" if charset else ""
    paras = "".join(f"<p>{p}</p>" for p in body.split("\n\n") if p.strip())
    return (f"<html><head>{meta}<title>{head}</title></head><body><article><h1>{head}</h1>{paras}</article></body></html>"
            ).encode("cp1252")  # fmt: skip


def test_html_and_warc_pages_without_a_charset_are_decoded_with_a_notice(tmp_path):
    """A page that declares its charset is read by it, silently; one that declares none gets the detection and W103."""
    import io

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    declared, bare = tmp_path / "declared.html", tmp_path / "bare.html"
    declared.write_bytes(_page("windows-1252"))
    bare.write_bytes(_page())
    buf = io.BytesIO()
    w = WARCWriter(buf, gzip=False)
    hh = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.0")
    w.write_record(w.create_warc_record("https://news.invalid/cafe", "response", payload=io.BytesIO(_page()), http_headers=hh))
    warc = tmp_path / "crawl.warc"
    warc.write_bytes(buf.getvalue())
    docs = {p.name: next(iter(read_path(p))) for p in (declared, bare, warc)}
    assert {name: d.error for name, d in docs.items()} == {"declared.html": None, "bare.html": None, "crawl.warc": None}
    for doc in docs.values():
        assert "Se\u00f1or Tom\u00e1s Ruiz, said \u201cwe will open again on Monday\u201d \u2013 a week" in doc.text
    assert docs["declared.html"].notices == []
    assert [n.code for n in docs["bare.html"].notices] == [n.code for n in docs["crawl.warc"].notices] == ["W103"]
    assert "decoded as cp1252" in docs["crawl.warc"].notices[0].message


def test_a_line_mixing_utf8_and_cp1252_keeps_both(tmp_path):
    """A UTF-8 text (curly quotes, "”" holds 0x9D, a byte cp1252 lacks) with a pasted cp1252 "café": both read right."""
    path = tmp_path / "pasted.txt"
    head = "Quay Street caf\u00e9 reopens\n\n"
    line = "\u201cWe are open,\u201d said the owner of the "
    path.write_bytes(head.encode("utf-8") + line.encode("utf-8") + "caf\u00e9 on Quay Street.\n".encode("cp1252"))
    (doc,) = read_path(path)
    assert doc.text == head + line + "caf\u00e9 on Quay Street.\n"
    assert [n.code for n in doc.notices] == ["W103"] and "(1 of 3 lines; first byte 0xe9 at offset " in doc.notices[0].message


def test_the_python_api_takes_an_encoding(tmp_path):
    """``analyze``/``analyze_records`` read a named codec as the CLI's --encoding does."""
    from newstrace import analyze, analyze_records

    path = tmp_path / "tokyo.txt"
    path.write_bytes(SJIS.encode("shift_jis"))
    assert [e.code for e in analyze(path).errors] == ["E103"]
    art = analyze(path, encoding="shift_jis")
    assert art.errors == [] and art.headline == "東京で大雨" and "三千人が避難した" in art.text
    (rec,) = analyze_records(tmp_path, encoding="shift_jis")
    assert rec.id == art.id and rec.errors == []
    with pytest.raises(ValueError):
        analyze(path, encoding="no-such-codec")


def _cp1252_feed(tmp_path, n: int, bad_line: int | None = None):
    """A JSON Lines feed of ``n`` invented cp1252 records; ``bad_line`` (1-based) is malformed JSON."""
    lines = [json.dumps({"id": f"r{i}", "text": f"Caf\u00e9 {i} reopens\n\nSe\u00f1or Ruiz said \u201cwe open "
                         f"on Monday\u201d \u2013 after flood {i}."}, ensure_ascii=False) for i in range(n)]  # fmt: skip
    if bad_line:
        lines[bad_line - 1] = '{"id": "broken", "text": '
    path = tmp_path / "feed.jsonl"
    path.write_bytes(("\n".join(lines) + "\n").encode("cp1252"))
    return path


def test_a_wholly_cp1252_feed_prints_three_warnings_then_a_count_and_every_error(tmp_path):
    """Repeated W103 warnings of one file are folded on the console (each record keeps its own);
    an error among them is still printed and still fails the run."""
    path = _cp1252_feed(tmp_path, 30, bad_line=20)
    result = _invoke("analyze", "--json", str(path))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(": not UTF-8")[0] for line in lines[:3]] == [f"Warning: {path}:{n}" for n in (1, 2, 3)]
    assert sum(line.startswith(f"Error: {path}:20:") for line in lines) == 1
    assert lines[-1] == (f"Warning: {path}: 26 more records with warning W103 (not shown; each record keeps its "
                         "warning)")
    assert len(lines) == 5
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) == 30 and sum(["W103"] == [e["code"] for e in r["errors"]] for r in records) == 29

    store = tmp_path / "s.duckdb"
    result = _invoke("ingest", str(path), "--store", str(store), "--jobs", "1", "--quiet")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert sum(line.startswith(f"Warning: {path}:") and "not UTF-8" in line for line in lines) == 3
    assert sum(line.startswith(f"Error: {path}:20:") for line in lines) == 1
    assert f"Warning: {path}: 26 more records with warning W103 (not shown; all are in the errors table of {store})" \
        in lines
    assert not any("more errors" in line for line in lines)
