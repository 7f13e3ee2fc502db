"""``newstrace analyze`` and the Python API, tested by their effects: exit codes, output, error text."""

from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

import newstrace
from newstrace.cli import app
from newstrace.schema import SCHEMA_VERSION

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
SEED = SHARED / "seeds" / "000_11a0f38c45f1b9ff.txt"
EXPECTED = json.loads((SHARED / "seeds" / "expected" / "000_11a0f38c45f1b9ff.json").read_text(encoding="utf-8"))
EXAMPLES = REPO / "examples"


def invoke(*args):
    """Run the CLI in this process (the spaCy model stays loaded between calls)."""
    result = CliRunner().invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def flat(text: str) -> str:
    return " ".join(text.split())


def test_seed_as_json_lines():
    result = invoke("analyze", "--json", SEED)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    (line,) = result.stdout.splitlines()
    article = json.loads(line)
    assert article["schema_version"] == SCHEMA_VERSION
    assert article["source"]["path"] == str(SEED) and article["source"]["format"] == "text"
    assert article["raw_text"] == SEED.read_text(encoding="utf-8").replace("\r\n", "\n")
    assert article["headline"] == EXPECTED["headline"]
    assert article["errors"] == []
    for key in ("repairs", "quotes", "claims", "entities", "residue", "byline", "contributors"):
        assert isinstance(article[key], list)
    assert article["repairs"] and article["quotes"] and article["claims"]
    jsonschema.validate(article, json.loads(invoke("schema").stdout))


def test_examples_run_cleanly_one_article_per_record():
    """The README's first command: every shipped example is analysed without an error."""
    result = invoke("analyze", "--json", EXAMPLES)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    articles = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(Path(a["source"]["path"]).name, a["source"]["record"]) for a in articles] == [
        ("local_news.csv", 0), ("local_news.csv", 1),
        ("news_feed.jsonl", 0), ("news_feed.jsonl", 1), ("news_feed.jsonl", 2),
        ("port_calder_flood.txt", 0), ("port_calder_flood_copy.txt", 0),
        ("port_calder_flood_independent.txt", 0), ("port_calder_flood_spun.txt", 0),
        ("port_calder_flood_syndicated.txt", 0),
    ]
    # headlines, URLs and dates from the tabular files' columns reach the Article
    rows = list(csv.DictReader((EXAMPLES / "local_news.csv").open(encoding="utf-8", newline="")))
    feed = [json.loads(line) for line in (EXAMPLES / "news_feed.jsonl").read_text(encoding="utf-8").splitlines()]
    for article, row in zip(articles[:2], rows):
        assert article["headline"] == row["headline"] and article["source"]["url"] == row["link"]
        assert article["published"] == row["published"] and article["byline"] == [row["byline"]]
    for article, rec in zip(articles[2:5], feed):
        assert article["headline"] == (rec.get("title") or rec.get("headline"))
        assert article["text"] and "<p>" not in article["text"]
    assert articles[3]["byline"] == ["Ben Ortiz", "Mira Sandoval"]
    assert all(a["id"] and a["errors"] == [] for a in articles)


def test_output_file_matches_stdout(tmp_path):
    out = tmp_path / "articles.jsonl"
    to_file = invoke("analyze", "--json", "--output", out, EXAMPLES / "news_feed.jsonl")
    to_stdout = invoke("analyze", "--json", EXAMPLES / "news_feed.jsonl")
    assert to_file.exit_code == to_stdout.exit_code == 0
    assert to_file.stdout == ""
    assert out.read_text(encoding="utf-8") == to_stdout.stdout
    assert len(to_stdout.stdout.splitlines()) == 3


def test_summary_shows_structure_quotes_and_claims():
    result = invoke("analyze", SEED)
    assert result.exit_code == 0, result.stderr
    out = flat(result.stdout)
    assert flat(EXPECTED["headline"]) in out
    assert f"published: {EXPECTED['published']}" in out
    assert f"credit: {EXPECTED['credit']}" in out
    for title in ("Repairs (", "Quotes (", "Claims ("):
        assert title in out
    for header in ("speaker", "cue", "content", "qualifier", "before", "after"):
        assert header in out
    assert "Jorge Torres" in out  # a speaker in the quotes table
    assert out.endswith("1 record analysed, 0 failed")
    # the seed's glued quotation marks get a space: shown, not trimmed away by the table ('"' -> '"')
    rows = [line.split("│") for line in result.stdout.splitlines() if line.startswith("quote_mark")]
    assert rows and {(before.strip(), after.strip()) for _, before, after, _ in rows} >= {('"', '"␣'), ('"␣', '␣"')}


def test_summary_shows_failed_records(tmp_path):
    bad = tmp_path / "feed.jsonl"
    bad.write_text('{"title": "Cut off", "text": "The line ends\n', encoding="utf-8")
    result = invoke("analyze", bad)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {bad}:1: malformed JSON at column 30: Unterminated string starting (E106)\n"
    assert "failed [E106]" in result.stdout and flat(result.stdout).endswith("1 record analysed, 1 failed")


def test_jobs_keep_input_order_and_results(tmp_path):
    inputs = [EXAMPLES, SEED, SHARED / "seeds" / "003_e23b3335c9472580.txt"]
    serial = invoke("analyze", "--json", *inputs)
    parallel = invoke("analyze", "--json", "--jobs", "2", *inputs)
    assert serial.exit_code == parallel.exit_code == 0
    assert parallel.stdout == serial.stdout
    assert len(parallel.stdout.splitlines()) == 12  # 10 example records and 2 seeds


def test_format_option_overrides_suffix(tmp_path):
    odd = tmp_path / "story.dat"
    odd.write_text('{"title": "Dam inspection finds cracks", "text": "Inspectors found two cracks."}\n', encoding="utf-8")
    result = invoke("analyze", "--json", "--format", "jsonl", odd)
    article = json.loads(result.stdout)
    assert article["source"]["format"] == "jsonl" and article["headline"] == "Dam inspection finds cracks"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--columns", "colour=red"], "unknown field 'colour' in column mapping"),
        (["--columns", "text"], "column mapping 'text' is not FIELD=COLUMN"),
        (["--format", "xml"], "'xml' is not one of"),
        (["--jobs", "0"], "Invalid value for '--jobs'"),
        (["--output", "/nonexistent-dir/out.jsonl"], "cannot write /nonexistent-dir/out.jsonl: No such file or directory"),
    ],
)
def test_usage_errors_exit_2(args, message):
    result = invoke("analyze", *args, EXAMPLES)
    assert result.exit_code == 2
    assert message in flat(result.stderr.replace("│", " "))
    assert result.stdout == ""


def test_no_paths_is_a_usage_error():
    result = invoke("analyze")
    assert result.exit_code == 2 and "Missing argument" in result.stderr


def test_python_api_matches_cli():
    by_path = newstrace.analyze(SEED)
    by_str = newstrace.analyze(str(SEED))
    by_text = newstrace.analyze(SEED.read_text(encoding="utf-8"))
    cli = json.loads(invoke("analyze", "--json", SEED).stdout)
    assert by_path.model_dump(mode="json") == cli
    assert by_str.source.path == str(SEED) and by_str.headline == cli["headline"]
    assert by_text.source.path is None
    assert by_text.text == cli["text"] and [q.content for q in by_text.quotes] == [q["content"] for q in cli["quotes"]]


def test_console_script_is_installed():
    exe = shutil.which("newstrace", path=str(Path(sys.executable).parent)) or shutil.which("newstrace")
    assert exe, "the newstrace console script is not installed"
    done = subprocess.run([exe, "analyze", "--help"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "--json" in done.stdout and "--columns" in done.stdout


def test_python_api_analyze_records_yields_every_record_like_the_cli(tmp_path):
    feed = EXAMPLES / "news_feed.jsonl"
    broken = tmp_path / "feed.jsonl"
    broken.write_text(feed.read_text(encoding="utf-8") + "{not json\n", encoding="utf-8")
    articles = list(newstrace.analyze_records(broken))
    cli = [json.loads(line) for line in invoke("analyze", "--json", broken).stdout.splitlines()]
    assert len(articles) == len(cli) == 4
    assert [a.headline for a in articles] == [c["headline"] for c in cli]
    assert not articles[0].errors and articles[-1].errors and articles[-1].errors[0].code == cli[-1]["errors"][0]["code"]


def test_python_api_text_with_a_url_header_keeps_the_url_out_of_the_text():
    text = "URL: https://example.invalid/2024/harbour-wall-repaired\n\nHarbour wall repaired\n\nThe wall was repaired."
    article = newstrace.analyze(text)
    assert article.source.url == "https://example.invalid/2024/harbour-wall-repaired"
    assert article.headline == "Harbour wall repaired" and "URL:" not in article.text


def test_summary_never_sends_terminal_control_characters(tmp_path):
    # Article text is untrusted: ESC (escape sequences), BEL and C1 controls must not reach the terminal.
    feed = tmp_path / "esc.jsonl"
    rows = [{"title": "Harbour \x1b]0;retitled\x07 report", "text": "Crews said 12 \x1b[2Jboats \x9bsank on Monday.\x1b[31m"},
            {"title": "Plain", "text": "Nothing odd here, officials said."}]
    feed.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    result = invoke("analyze", feed)
    assert result.exit_code == 0
    out = result.stdout
    assert "Harbour" in out and "Plain" in out
    assert not any(ch in out for ch in "\x1b\x07\x9b")


def test_python_api_mistyped_path_raises_instead_of_analysing_the_name():
    with pytest.raises(FileNotFoundError, match="does_not_exist.txt"):
        newstrace.analyze("examples/does_not_exist.txt")
    with pytest.raises(FileNotFoundError):
        newstrace.analyze(EXAMPLES / "does_not_exist.txt")
    # a one-line text that is no file name is read as text, not raised: a headline with no body, E102 as in the CLI
    assert [e.code for e in newstrace.analyze("Harbour wall repaired after the storm").errors] == ["E102"]


def test_version_option():
    result = invoke("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"newstrace {newstrace.__version__} (Article schema {SCHEMA_VERSION})"


def test_serve_on_a_busy_port_is_a_clear_usage_error(tmp_path):
    import socket

    from newstrace.store import Store

    with Store(tmp_path / "s.duckdb"):
        pass
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = invoke("serve", "--store", tmp_path / "s.duckdb", "--port", port)
    assert result.exit_code == 2 and f"cannot serve on 127.0.0.1:{port}" in result.stderr


def test_exclude_skips_matching_files_of_a_folder_scan(tmp_path):
    corpus = tmp_path / "corpus"
    (corpus / "notes").mkdir(parents=True)
    shutil.copy(EXAMPLES / "port_calder_flood.txt", corpus / "story.txt")
    (corpus / "LABELS.md").write_text("# labels\n\nnot an article\n", encoding="utf-8")
    (corpus / "notes" / "todo.txt").write_text("Check the dates\n\nof every copy.\n", encoding="utf-8")
    names = lambda r: sorted(Path(json.loads(x)["source"]["path"]).name for x in r.stdout.splitlines())  # noqa: E731
    assert names(invoke("analyze", "--json", corpus)) == ["LABELS.md", "story.txt", "todo.txt"]
    assert names(invoke("analyze", "--json", corpus, "--exclude", "*.md", "-x", "notes/*")) == ["story.txt"]
    # a file named on the command line is read whatever the patterns say
    assert names(invoke("analyze", "--json", corpus / "LABELS.md", "--exclude", "*.md")) == ["LABELS.md"]


def test_ingest_of_only_missing_paths_is_a_usage_error_and_creates_no_store(tmp_path):
    store = tmp_path / "s.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(tmp_path / "nowhere.txt"), "--store", str(store), "-q"])
    assert res.exit_code == 2
    assert "no such file or folder" in res.output and "nowhere.txt" in res.output
    assert not store.exists()
    # one missing path among real ones is an E100 record: the rest is ingested, exit 1
    good = tmp_path / "story.txt"
    good.write_text((EXAMPLES / "port_calder_flood.txt").read_text(encoding="utf-8"), encoding="utf-8")
    res = CliRunner().invoke(app, ["ingest", str(tmp_path / "nowhere.txt"), str(good), "--store", str(store), "-q"])
    assert res.exit_code == 1 and "file not found" in res.output
    assert "1 new article," in res.output


@pytest.mark.parametrize("header", [
    "URL: https://example.invalid/2024/harbour-wall-repaired\n",
    "URL: https://example.invalid/2024/harbour-wall-repaired\nPublished: March 3, 2024\n",
])
def test_url_header_with_the_headline_right_under_it_is_no_headline(header):
    # saved pages put the headline on the next line, no blank line between: the URL line was the headline
    article = newstrace.analyze(header + "Harbour wall repaired after storm\n\nCrews repaired the harbour wall on Monday, "
                                "officials said.\n")
    assert article.source.url == "https://example.invalid/2024/harbour-wall-repaired"
    assert article.headline == "Harbour wall repaired after storm"
    assert "URL:" not in article.text and "example.invalid" not in article.text
    assert article.published == ("2024-03-03" if "Published" in header else None)


def test_text_starting_with_other_key_value_lines_is_left_as_it_is():
    article = newstrace.analyze("Update: floods close the pass\nThe pass closed on Monday, officials said.\n")
    assert article.headline.startswith("Update: floods close the pass") and article.source.url is None
