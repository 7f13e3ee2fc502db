"""A stored URL that ``urllib`` cannot parse ("http://[::1/x") reads as no URL everywhere: the
structure stage, ingest, trace and show go on instead of failing the record; and a ``Title:``
header line gives a plain-text record its headline."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.pipeline import analyze_document
from newstrace.readers.base import RawDocument
from newstrace.schema import Source
from newstrace.urls import split_url, url_host, url_path

BODY = ("The council voted on Tuesday to approve the Calder bridge, officials said.\n\n"
        "\"It is a good day for the town,\" said Mayor Ana Ruiz, who has backed the plan since 2021.\n\n"
        "The bridge will cost 14 million euros and open in 2027, the council said in a statement.\n")


@pytest.mark.parametrize("url", ["http://[::1/x-y-z-story", "http://[zz]/2019/03/10/a-b-c", "https://[/"])
def test_url_helpers_read_a_broken_url_as_none(url):
    assert split_url(url) is None and url_host(url) == "" and url_path(url) == ""


def test_url_helpers_read_a_good_url():
    assert url_host("https://WWW.Calder.example:8080/2019/03/10/x") == "www.calder.example"
    assert url_path("https://calder.example/2019/03/10/x?id=20231108#top") == "/2019/03/10/x"
    assert url_host("calder.example/news/x", bare_host=True) == "calder.example"


def test_structure_stage_survives_an_unparsable_url():
    raw = RawDocument(Source(path="a.txt", format="text", url="http://[::1/council-backs-calder-bridge"),
                      "Council backs Calder bridge\n\n" + BODY)
    article = analyze_document(raw)
    assert not article.errors
    assert article.headline == "Council backs Calder bridge"
    assert [q.speaker for q in article.quotes] == ["Ana Ruiz"]


def test_title_header_gives_the_headline(tmp_path):
    page = tmp_path / "page.txt"
    page.write_text("URL: https://calder.example/2019/03/10/bridge\nTitle: Council backs Calder bridge\n\n" + BODY)
    res = CliRunner().invoke(app, ["analyze", str(page), "--json"])
    assert res.exit_code == 0, res.output
    record = json.loads(res.output.splitlines()[0])
    assert record["headline"] == "Council backs Calder bridge"
    assert record["text"].startswith("The council voted on Tuesday")


def test_ingest_trace_show_with_an_unparsable_url(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("URL: http://[::1/calder-bridge\n\nCouncil backs Calder bridge\n\n" + BODY)
    b.write_text("URL: https://copy.example/2019/03/11/calder\n\nCalder bridge approved\n\n" + BODY
                 + "\nThe vote was 7 to 2.\n")
    store = tmp_path / "s.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(a), str(b), "--store", str(store), "-q", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(app, ["trace", "--store", str(store), "--json"])
    assert res.exit_code == 0, res.output
    links = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    # one link between the two (siblings here: only one side is dated), the broken URL kept as its source
    assert len(links) == 1 and links[0]["kind"] == "verbatim"
    assert {links[0]["copy_source"], links[0]["origin_source"]} - {None} <= {
        "http://[::1/calder-bridge", "https://copy.example/2019/03/11/calder"}
    res = CliRunner().invoke(app, ["show", "http://[::1/calder-bridge", "--store", str(store)])
    assert res.exit_code == 0, res.output
    assert "https://copy.example/2019/03/11/calder" in res.output


@pytest.mark.parametrize("body", [
    "Council backs Calder bridge\n\n",            # the headline as a paragraph of its own
    "Council backs Calder bridge\n",              # as the first line of the first paragraph
    "COUNCIL BACKS CALDER BRIDGE.\n",             # in capitals, with a full stop
])  # fmt: skip
def test_a_title_header_repeated_by_the_text_is_not_doubled(tmp_path, body):
    page = tmp_path / "page.txt"
    page.write_text("URL: https://calder.example/2019/03/10/bridge\nTitle: Council backs Calder bridge\n\n" + body + BODY)
    res = CliRunner().invoke(app, ["analyze", str(page), "--json"])
    record = json.loads(res.output.splitlines()[0])
    assert record["text"].startswith("The council voted on Tuesday"), record["text"][:80]


def test_export_outlet_reads_urls_as_the_rest_of_the_tool(tmp_path):
    """``export`` named the outlet of 'http://[::1/x' '[' with its own pattern; it now reads every URL
    as ``stories``, the report and the web app do (no host: the stored outlet name, else null)."""
    rows = [{"url": "http://[::1/calder-bridge", "title": "Council backs Calder bridge", "text": BODY},
            {"url": "https://www.calder.example/2019/03/11/calder", "title": "Calder bridge approved",
             "text": BODY + "\nThe vote was 7 to 2.\n"},
            {"url": "http://[zz]/2019/03/10/a-b", "title": "Ferry to run", "outlet": "Calder Courier",
             "text": "The ferry will run every hour from Monday, the harbour office said in a statement.\n"}]
    feed = tmp_path / "feed.jsonl"
    feed.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    store = tmp_path / "s.duckdb"
    assert CliRunner().invoke(app, ["ingest", str(feed), "--store", str(store), "-q", "--jobs", "1"]).exit_code == 0
    res = CliRunner().invoke(app, ["export", "--store", str(store), "-f", "jsonl", "-o", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    exported = [json.loads(line) for line in (tmp_path / "out" / "articles.jsonl").read_text().splitlines()]
    assert {r["source_url"]: r["outlet"] for r in exported} == {
        "http://[::1/calder-bridge": None, "https://www.calder.example/2019/03/11/calder": "calder.example",
        "http://[zz]/2019/03/10/a-b": "Calder Courier"}


def test_a_glued_header_ends_at_a_line_of_text_that_opens_with_a_key(tmp_path):
    """'Date: Monday was the day ...' right under a glued header (no blank line) is the text's first
    sentence, not a header field (an adversarial test lost it)."""
    page = tmp_path / "page.txt"
    page.write_text("URL: https://calder.example/2019/03/10/bridge\nTitle: Council backs Calder bridge\n"
                    "Date: Monday was the day the council finally voted, and it was close.\n\n" + BODY)
    record = json.loads(CliRunner().invoke(app, ["analyze", str(page), "--json"]).output.splitlines()[0])
    assert record["headline"] == "Council backs Calder bridge"
    assert record["text"].startswith("Date: Monday was the day the council finally voted")
