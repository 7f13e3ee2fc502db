"""The speakers list: the written forms of one person grouped under one canonical name.

Unit cases use invented names; the store cases read the web test store, built at run time
from ../shared (tests/_webstore.py).
"""

from __future__ import annotations

from collections import Counter

import pytest
from fastapi.testclient import TestClient

from newstrace.store import Store
from newstrace.stories.query import fold_text
from newstrace.web import queries as q
from newstrace.web.app import create_app
from newstrace.web.speakers import group_speakers


def _rows(*items):
    return [{"speaker": s, "article_id": a, "story_id": st, "quotes": n} for s, a, st, n in items]


def _by_name(groups):
    return {g.name: g.forms for g in groups}


def test_accent_middle_initial_and_short_first_name_are_one_person():
    groups = _by_name(group_speakers(_rows(
        ("Renée Koskinen", "a1", "s1", 4), ("Renee Koskinen", "a2", "s2", 3),
        ("Alexander Wren", "a3", "s3", 2), ("Alex Wren", "a4", "s3", 1), ("Alexander J. Wren", "a5", "s4", 1),
    )))
    assert groups == {"Renée Koskinen": {"Renée Koskinen": 4, "Renee Koskinen": 3},
                      "Alexander Wren": {"Alexander Wren": 2, "Alex Wren": 1, "Alexander J. Wren": 1}}


def test_short_first_name_in_another_story_stays_apart():
    groups = _by_name(group_speakers(_rows(("Alexander Wren", "a3", "s3", 2), ("Alex Wren", "a4", "s9", 1))))
    assert set(groups) == {"Alexander Wren", "Alex Wren"}


def test_lone_surname_joins_only_the_full_name_of_its_own_story():
    groups = _by_name(group_speakers(
        _rows(("Vail", "a1", "s1", 3), ("Irma Vail", "a2", "s1", 1),  # the full name quoted in the story
              ("Vail", "a3", "s2", 2), ("Otto Vail", "a3", "s2", 1),  # another Vail in another story
              ("Vail", "a4", None, 1),  # named in full only as an entity of its article
              ("Vail", "a5", "s5", 1)),  # no full name anywhere near: stays a lone name
        {"article:a4": {"Greta Vail"}},
    ))
    assert groups == {"Irma Vail": {"Vail": 3, "Irma Vail": 1}, "Otto Vail": {"Vail": 2, "Otto Vail": 1},
                      "Greta Vail": {"Greta Vail": 0, "Vail": 1}, "Vail": {"Vail": 1}}


@pytest.fixture(scope="module")
def store(store_path):
    with Store(store_path, read_only=True) as st:
        yield st


def test_store_speakers_have_no_two_rows_for_one_spelling(store):
    rows = q.speakers(store)
    folded = Counter(" ".join(fold_text(r.name).split()) for r in rows)
    assert [n for n, c in folded.items() if c > 1] == []
    total = store.query("SELECT count(*) AS n FROM quotes WHERE speaker IS NOT NULL AND length(trim(speaker)) > 0 "
                        "AND NOT coalesce(speaker_is_unnamed, false)")[0]["n"]
    assert sum(r.quotes for r in rows) == total  # grouping loses no quote
    # the Venezuela blackout coverage spells the opposition leader with and without the accent
    guaido = [r for r in rows if "guaido" in fold_text(r.name) or any("guaido" in fold_text(v) for v in r.variants)]
    assert len(guaido) == 1 and guaido[0].variants


def test_speakers_page_and_api_show_a_grouped_person(store_path, store):
    row = next(r for r in q.speakers(store) if r.variants)
    with TestClient(create_app(store_path), base_url="http://127.0.0.1") as client:
        page = client.get("/speakers").text
        api = client.get("/api/speakers", params={"limit": 1000}).json()
        quotes = client.get("/api/speaker", params={"name": row.name}).json()
        one = client.get("/speaker", params={"name": row.name}).text
    assert "speaker-variants" in page
    assert next(r for r in api if r["name"] == row.name)["variants"] == row.variants
    assert len(quotes) == row.quotes
    assert "Also written" in one


def test_report_speaker_index_joins_one_name_written_two_ways_in_two_stories():
    from types import SimpleNamespace as NS

    from newstrace.report.build import _speaker_index

    def view(sid, name, aid):
        quote = NS(id=sid + "q", variants=[NS(article_id=aid)])
        speaker = NS(name=name, name_variants=[], quote_ids=[quote.id])
        return NS(detail=NS(quotes=[quote], speakers=[speaker], story=NS(id=sid, headline=sid)))

    rows, _ = _speaker_index([view("s1", "Renée Koskinen", "a1"), view("s2", "Renee Koskinen", "a2")])
    assert [(r["name"], r["variants"], r["quotes"], r["articles"]) for r in rows] == [
        ("Renée Koskinen", ["Renee Koskinen"], 2, 2)
    ]
