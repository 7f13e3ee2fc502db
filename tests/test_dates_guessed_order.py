"""A published date whose day-month order was guessed orders no pair (new-user test F2).

"06/05/2025" in a CSV row, with nothing in the record to tell June 5 from May 6, is read day-first by
default and flagged in the residue. Read as one day it made a tampered copy the origin of the accurate one,
published a month earlier. For direction it now spans both readings. Invented articles.
"""

from __future__ import annotations

import csv
import json
from datetime import date

from typer.testing import CliRunner

import newstrace
from newstrace.cli import app
from newstrace.provenance.derive import article_date, other_reading

BODY = ("Fire crews contained a blaze at the Harlow grain depot on Tuesday after eleven hours, officials said.\n\n"
        "About 320 residents were told to stay indoors while the smoke cleared, fire chief Ada Remy said.\n\n"
        "\"We were lucky with the wind,\" Remy told reporters at the depot.\n\n"
        "The depot stored 400 tonnes of barley. The cause of the fire is under investigation.\n")


def _csv(tmp_path, date_text: str):
    path = tmp_path / "rows.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["headline", "body", "date", "url"])
        w.writerow(["Harlow depot fire contained", BODY.replace("320", "3,200"), date_text, "https://farm.example/harlow-fire"])
    return path


def test_a_guessed_day_month_order_spans_both_readings(tmp_path):
    article = next(newstrace.analyze_records(_csv(tmp_path, "06/05/2025")))
    assert article.published == "2025-05-06"
    assert any(r.reason.startswith("date-order-ambiguous: no evidence") for r in article.residue)
    assert other_reading(article, date(2025, 5, 6)) == date(2025, 6, 5)
    assert article_date(article) == (date(2025, 5, 6), date(2025, 6, 5))
    # a date with a day above 12, or written in full, has one reading
    for text, day in (("13/05/2025", date(2025, 5, 13)), ("May 6, 2025", date(2025, 5, 6))):
        article = next(newstrace.analyze_records(_csv(tmp_path, text)))
        assert article_date(article) == (day, day)


def test_a_guessed_date_does_not_make_the_tampered_copy_the_origin(tmp_path):
    (tmp_path / "in").mkdir()
    _csv(tmp_path / "in", "06/05/2025")
    (tmp_path / "in" / "paper.txt").write_text(
        "URL: https://www.harlowpost.example/news/2025/06/04/harlow-depot-fire\n\nHarlow depot fire contained\n\n" + BODY,
        encoding="utf-8")
    store = tmp_path / "s.duckdb"
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(tmp_path / "in"), "--store", str(store), "--quiet", "--jobs", "1"]).exit_code == 0
    out = runner.invoke(app, ["trace", "--store", str(store), "--json", "--all-pairs"])
    assert out.exit_code == 0, out.output
    links = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(links) == 1
    # read as May 6 the farm row was the paper's origin, a month before the paper's June 4
    assert links[0]["origin_source"] != "https://farm.example/harlow-fire"
    assert not any(r.startswith("dates:") for r in links[0]["direction_evidence"])


def test_between_siblings_the_dated_text_is_the_reference():
    """With no direction, the side a sibling record is read against was the fuller text; a scraped copy with
    its own additions and no date was then the reference of the dated page it copied (new-user test F5)."""
    from newstrace.provenance import verify_pair
    from newstrace.provenance.derive import sibling_reference
    from newstrace.provenance.fingerprint import article_sentences

    dated = newstrace.analyze("Harlow depot fire contained\n\n" + BODY)
    dated.published = "2025-06-04"
    undated = newstrace.analyze("Harlow depot fire contained\n\n" + BODY + "\nShare this story with your friends and "
                                "family, and follow us for more breaking news every day.\n")
    sa, sb = (article_sentences(a.headline or "", a.text) for a in (dated, undated))
    al, _ = verify_pair(sa, sb, False)
    a_is_reference, why = sibling_reference(dated, undated, sa, sb, al, 0)
    assert a_is_reference and why.startswith("the reference is dated (2025-06-04)")
