"""A fault in one article or pair never stops ``ingest`` or ``trace``: superscript and circled digits
(a new-user test: '³' broke every later ``trace``), and any exception raised while fingerprinting
one article or verifying one pair (named on standard error, exit 1, the rest traced and stored, and
the article or pair compared again by the next ``trace``, incremental or full)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.provenance.text import analyse_sentence, number_value

BODY = ("The council voted {c} times on Tuesday to approve the Calder bridge, officials said.\n\n"
        "It will cost {c} million euros and open in 2027, the council said in a statement.\n\n"
        "\u201cIt is a good day for the town,\u201d said Mayor Ana Ruiz, who has backed the plan since 2021.\n")


@pytest.mark.parametrize("token", ["\u00b3", "\u00b2\u00b3", "\u2460", "\u2776", "10\u00b3", "\u2082", "\u00b9\u2070"])
def test_superscript_and_circled_digits_are_no_figures(token):
    assert number_value(token) is None
    assert analyse_sentence(f"The figure was {token} units, officials said.").numbers == []


def test_other_scripts_decimal_digits_are_figures():
    assert [number_value(t) for t in ("\u0663", "\u0663\u0664", "\uff13", "\u0968")] == ["3", "34", "3", "2"]


def _store(tmp_path, chars):
    folder = tmp_path / "in"
    folder.mkdir()
    for n, c in enumerate(chars):
        (folder / f"a{n}.txt").write_text(f"URL: https://calder{n}.example/2019/03/1{n}/bridge\n\nBridge vote\n\n"
                                          + BODY.format(c=c), encoding="utf-8")
    store = tmp_path / "s.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(folder), "--store", str(store), "-q", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    return store


def test_ingest_and_trace_read_superscript_digits(tmp_path):
    store = _store(tmp_path, ["\u00b3", "\u2460", "12"])
    res = CliRunner().invoke(app, ["trace", "--store", str(store), "--json"])
    assert res.exit_code == 0, res.output
    links = [json.loads(line) for line in res.output.splitlines() if line.startswith("{")]
    assert len(links) == 2  # the three copies of one text: one group


def test_a_fingerprint_or_verification_that_raises_is_named_and_the_rest_is_traced(tmp_path, monkeypatch):
    store = _store(tmp_path, ["7", "8", "9"])
    import importlib

    import newstrace.provenance as provenance

    fp = importlib.import_module("newstrace.provenance.fingerprint")  # the package re-exports a function of that name

    real_fingerprint, real_verify = fp.fingerprint, provenance.PairVerifier.verify

    def fingerprint(article):
        if "calder0" in (article.source.url or ""):
            raise RuntimeError("boom in fingerprint")
        return real_fingerprint(article)

    def verify(self, a, b):
        urls = {self.articles[a].source.url, self.articles[b].source.url}
        if "https://calder2.example/2019/03/12/bridge" in urls:
            raise RuntimeError("boom in verify")
        return real_verify(self, a, b)

    monkeypatch.setattr(fp, "fingerprint", fingerprint)
    monkeypatch.setattr(provenance.PairVerifier, "verify", verify)
    # the store's fingerprints were made at ingest: drop them so trace makes them again
    import duckdb

    with duckdb.connect(str(store)) as con:
        con.execute("DELETE FROM fingerprints")
    res = CliRunner().invoke(app, ["trace", "--store", str(store)])
    assert res.exit_code == 1, res.output
    assert "https://calder0.example/2019/03/10/bridge: fingerprint failed (RuntimeError: boom in fingerprint)" in res.output
    assert "verification failed (RuntimeError: boom in verify); the pair is not linked" in res.output
    assert "https://calder2.example/2019/03/12/bridge" in res.output
    # calder1 alone is left to be linked, to no one: the failures did not stop the run's write
    assert "trace (full): 3 of 3 articles compared" in res.output
    with duckdb.connect(str(store)) as con:
        assert con.execute("SELECT count(*) FROM derivations").fetchone()[0] == 0
        marked = con.execute("SELECT reason FROM retrace_articles ORDER BY reason").fetchall()
    assert [r[0].split(" ")[0] for r in marked] == ["fingerprint", "verification"]  # marked for the next trace
    # the fault fixed (an upgrade), a plain incremental run compares them again: the three copies linked
    monkeypatch.undo()
    res = CliRunner().invoke(app, ["trace", "--store", str(store), "--json"])
    assert res.exit_code == 0, res.output
    assert "2 traced before, again" in res.output and "could not compare them" in res.output
    assert len([line for line in res.output.splitlines() if line.startswith("{")]) == 2
    with duckdb.connect(str(store)) as con:
        assert con.execute("SELECT count(*) FROM retrace_articles").fetchone()[0] == 0
    full = CliRunner().invoke(app, ["trace", "--store", str(store), "--full", "--json"])
    assert sorted(line for line in full.output.splitlines() if line.startswith("{")) == \
        sorted(line for line in res.output.splitlines() if line.startswith("{"))


def test_ingest_stores_an_article_whose_fingerprint_raises_and_trace_makes_it(tmp_path, monkeypatch):
    """The new-user failure: the batch's articles were stored, their fingerprints not, and ingest
    stopped with a traceback; now the article is stored without one and ``trace`` makes it."""
    import importlib

    import duckdb

    fp = importlib.import_module("newstrace.provenance.fingerprint")
    real = fp.fingerprint_record

    def fingerprint_record(article):
        if "calder1" in (article.source.url or ""):
            raise RuntimeError("boom")
        return real(article)

    monkeypatch.setattr(fp, "fingerprint_record", fingerprint_record)
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(2):
        (folder / f"a{n}.txt").write_text(f"URL: https://calder{n}.example/2019/03/1{n}/bridge\n\nBridge vote\n\n"
                                          + BODY.format(c=n + 3), encoding="utf-8")
    store = tmp_path / "s.duckdb"
    res = CliRunner().invoke(app, ["ingest", str(folder), "--store", str(store), "-q", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    with duckdb.connect(str(store)) as con:
        assert con.execute("SELECT count(*) FROM articles").fetchone()[0] == 2
        assert con.execute("SELECT count(*) FROM fingerprints").fetchone()[0] == 1
    monkeypatch.setattr(fp, "fingerprint_record", real)
    res = CliRunner().invoke(app, ["trace", "--store", str(store)])
    assert res.exit_code == 0, res.output
    with duckdb.connect(str(store)) as con:
        assert con.execute("SELECT count(*) FROM fingerprints").fetchone()[0] == 2
