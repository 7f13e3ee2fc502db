"""Story dates keep their precision, and a copy with no link of its own is a sibling, in every place that shows them.

Real stories from the shared web test store (tests/_webstore.py: the provenance corpus and the
seeds read from ../shared at run time): a member dated only by a month in its URL
(``/2019/02/``) must show as that month in ``stories`` (table and ``--json``), the story detail,
search and the export, never as the month's first day; the reference side of a sibling group
must show as ``sibling`` in ``newstrace stories STORY``. Spans in the unit tests are invented.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from _webstore import invoke_wide as invoke

from newstrace.export import story_tables
from newstrace.store import Store
from newstrace.store.resolved import RESOLVED_TABLE
from newstrace.stories import db, list_stories, search, story_detail, story_of
from newstrace.stories.keys import url_date
from newstrace.stories.query import date_text, seen_span

PROVENANCE = Path(__file__).resolve().parents[1].parent / "shared" / "corpora" / "provenance"


@pytest.fixture(scope="module")
def month_only(store_path) -> list[tuple[str, str, str, str]]:
    """``(story_id, article_id, month, url)`` for every stored story whose dated members are all dated by a
    URL month (found from the corpus files' URLs, not from what the store says)."""
    with Store(store_path, read_only=True) as st:
        rows = db.tuples(st, "SELECT s.story_id, a.id, a.source_url, a.published FROM story_articles s "
                             "JOIN articles a ON a.id = s.article_id")  # fmt: skip
    by_story: dict[str, list] = {}
    for sid, aid, url, published in rows:
        by_story.setdefault(sid, []).append((aid, url_date(url) if not published else None, url, published))
    out = []
    for sid, members in by_story.items():
        spans = [(aid, span, url) for aid, span, url, published in members if span is not None or published]
        if spans and all(span is not None and span.lo != span.hi for _, span, _ in spans) and len(spans) == 1:
            aid, span, url = spans[0]
            out.append((sid, aid, f"{span.lo:%Y-%m}", url))
    return out


def test_month_only_stories_exist_in_the_corpus(month_only):
    # the O Dia page (/2019/04/), among others (the Sky story's original now carries its printed
    # stamp "... 00:46, UK", so its blogspot copy's URL month no longer dates that story alone)
    assert len(month_only) >= 2
    assert any("/2019/04/" in url for *_, url in month_only)


def test_a_story_dated_only_by_a_url_month_shows_the_month_never_its_first_day(store_path, month_only):
    with Store(store_path, read_only=True) as st:
        stories = {s.id: s for s in list_stories(st, limit=100_000).stories}
        for sid, aid, month, _ in month_only:
            s = stories[sid]
            assert (s.first_seen, s.last_seen) == (month, month), sid
            assert s.seen_from == f"{month}-01" and s.seen_to.startswith(month) and s.seen_to > s.seen_from
            assert not s.seen_ingested
            detail = story_detail(st, sid)
            assert {m.article_id: m.date for m in detail.members}[aid] == month
            assert {p.article_id: p.date for p in detail.timeline}[aid] == month
            hits = [h for h in search(st, outlet=re.sub(r"^https?://([^/]+).*", r"\1", _url(st, aid)), limit=1000).hits
                    if h.article_id == aid]  # fmt: skip
            assert [h.date for h in hits] == [month]
        stories_t, members_t = story_tables(st)
    rows = {r["story_id"]: r for r in stories_t.to_pylist()}
    members = {r["article_id"]: r for r in members_t.to_pylist()}
    for sid, aid, month, _ in month_only:
        assert (rows[sid]["first_seen"], rows[sid]["last_seen"]) == (month, month)
        assert members[aid]["date"] == month and members[aid]["date_source"] == "url"


def _url(st: Store, aid: str) -> str:
    return db.tuples(st, "SELECT source_url FROM articles WHERE id = ?", [aid])[0][0]


def test_the_cli_lists_and_shows_the_month(copy, month_only):
    sid, _, month, _ = month_only[0]
    listed = invoke("stories", "--store", copy, "--limit", 0)
    assert listed.exit_code == 0, listed.output
    row = next(line for line in listed.stdout.splitlines() if sid in line)
    assert row.count(month) == 2 and f"{month}-01" not in row
    as_json = invoke("stories", "--store", copy, "--limit", 0, "--json")
    (s,) = [json.loads(line) for line in as_json.stdout.splitlines() if json.loads(line)["id"] == sid]
    assert (s["first_seen"], s["last_seen"], s["seen_from"]) == (month, month, f"{month}-01")
    shown = invoke("stories", "--store", copy, sid)
    assert shown.exit_code == 0 and f"{month} .. {month};" in shown.stdout
    assert f"{month}-01" not in shown.stdout


def test_lists_sort_by_the_span_of_the_date_shown(store_path):
    with Store(store_path, read_only=True) as st:
        oldest = list_stories(st, limit=100_000, sort="first_seen").stories
        recent = list_stories(st, limit=100_000, sort="recent").stories
    assert any(len(s.first_seen) == 7 for s in oldest)  # months are among them
    starts = [s.seen_from for s in oldest]
    assert starts == sorted(starts)
    ends = [s.seen_to for s in recent]
    assert ends == sorted(ends, reverse=True)
    for s in oldest:  # the date shown is the day or month its bound falls in
        assert s.seen_from.startswith(s.first_seen) and s.seen_to.startswith(s.last_seen), s.id


def test_seen_span_reads_a_month_as_by_its_end_and_from_its_start():
    feb, mar10 = ("2019-02-01", "2019-02-28"), ("2019-03-10", "2019-03-10")
    assert seen_span([feb]) == (feb, feb)  # a lone month stays the month
    assert seen_span([feb, mar10]) == (feb, mar10)  # wholly before the day: first seen
    mar = ("2019-03-01", "2019-03-31")
    assert seen_span([mar, mar10]) == (mar10, mar10)  # around the day: the day is what is known
    for day in ("2019-02-01", "2019-02-28"):  # a day inside the month, even at either end, is first and last seen
        assert seen_span([feb, (day, day)]) == ((day, day), (day, day))
    jan31 = ("2019-01-31", "2019-01-31")
    assert seen_span([feb, jan31]) == (jan31, feb)
    assert seen_span([]) is None
    assert [date_text(*x) for x in (feb, mar10)] == ["2019-02", "2019-03-10"]
    assert date_text("2019-01-01", "2019-12-31") == "2019" and date_text("2019-01-20", "2019-02-03") == "2019-01-20/2019-02-03"
    assert date_text(None, None) is None


def test_a_copy_without_a_link_of_its_own_is_a_sibling_in_the_cli(copy):
    with Store(copy, read_only=True) as st:
        own = {r[0]: r[1] for r in db.tuples(st, f"SELECT copy_id, arg_max(kind, score) FROM {RESOLVED_TABLE} GROUP BY 1")}
        refs = sorted({s for (sibs,) in db.tuples(st, f"SELECT sibling_ids FROM {RESOLVED_TABLE} WHERE origin_id IS NULL")
                       for s in sibs} - set(own))  # fmt: skip
        assert refs  # the real data has reference sides (story f's farm copy among them)
        sids = {story_of(st, r) for r in refs}
    for sid in sorted(sids):
        out = invoke("stories", "--store", copy, sid, "--json")
        assert out.exit_code == 0, out.output
        members = {m["article_id"]: m for m in json.loads(out.stdout)["members"]}
        for aid, m in members.items():
            if m["role"] == "copy":
                assert m["kind"] == own.get(aid, "sibling"), aid
            else:
                assert m["kind"] is None
        table = invoke("stories", "--store", copy, sid)
        for aid in set(members) & set(refs):
            row = next(line for line in table.stdout.splitlines() if aid[:12] in line)
            assert re.search(r"│ copy\s+│ sibling\s+│", row), row


def test_the_report_timeline_draws_a_month_dated_member_at_the_middle_of_its_month(store_path, month_only):
    """A member dated by a URL month is a dot on the story's timeline (placed at the 15th), not an undated item."""
    from newstrace.report.timeline import parse_when
    from newstrace.report.views import ReportLinks, story_timeline

    assert parse_when("2019-02").day == 15 and parse_when("2019-13") is None
    with Store(store_path, read_only=True) as st:
        for sid, aid, month, _ in month_only:
            tl = story_timeline(story_detail(st, sid), ReportLinks())
            drawn = {p.article_id: p.when for p in tl.points}
            assert aid in drawn and aid not in {p.article_id for p in tl.undated}
            assert drawn[aid].strftime("%Y-%m-%d") == f"{month}-15"


def test_a_printed_month_dates_its_article_as_that_month(store_path):
    """Pages that print only "date 2019-06" (the nos.nl and Folha excerpts) are stored with published
    "2019-06" and their story shows that month for them, not the ingestion day."""
    with Store(store_path, read_only=True) as st:
        months = db.tuples(st, "SELECT id, published FROM articles WHERE length(published) = 7")
        assert len(months) >= 2
        for aid, month in months:
            detail = story_detail(st, story_of(st, aid))
            member = {m.article_id: m for m in detail.members}[aid]
            assert (member.date, member.date_source) == (month, "published"), aid
