"""Identical republications (one text ingested from several outlets' URLs, stored as one article with aliases) are
listed under each outlet: the story's outlets and timeline, the report's Outlets table, the web app's /api/outlets,
outlet page, outlet search and story filter.

A rights-team tester counting who republished a wire story found FreightWeek's identical copy only as "identical
text also at" (F7). The articles are invented: a harbour report, the same text saved from a second outlet's URL,
and a third outlet's edited copy.
"""

from __future__ import annotations

import re

import pytest
from _pages import traced_store
from fastapi.testclient import TestClient

from newstrace.report import build_report
from newstrace.report.views import ReportLinks, story_timeline
from newstrace.store import Store
from newstrace.stories import list_stories, search, story_detail
from newstrace.web import create_app

REPORT = [
    "Harbour cranes idle as Pellmouth dockers stage 24-hour stoppage",
    "PELLMOUTH - Dockers at the port of Pellmouth stopped work for 24 hours on Wednesday over a new shift system, "
    "leaving 11 container ships waiting at anchor, the port authority said.",
    "\"Nobody asked us before the rota was changed,\" said Aled Corrin, a crane driver and union steward.",
    "The port authority said the new system would cut waiting times for lorries by a third.",
    "Exporters of frozen fish said a second stoppage would force them to send cargo by road to Brackley.",
    "Talks between the union and the authority are set for Friday morning.",
]
EDITED = ["Pellmouth port halted by dockers' stoppage"] + REPORT[1:4] + [
    "Local hauliers said queues of lorries had reached the ring road by noon.",
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("republications")
    pages = {
        "origin.txt": ("https://www.harbourwire.example/2025/10/01/pellmouth-stoppage", "2025-10-01T09:00", REPORT),
        "republished.txt": ("https://www.quaysidetimes.example/news/pellmouth-stoppage", "2025-10-01T15:00", REPORT),
        "edited.txt": ("https://portsdaily.example/pellmouth", "2025-10-02T08:00", EDITED),
    }
    path = traced_store(tmp, pages)
    with Store(path) as st:
        rows = st.query("SELECT id, source_url FROM articles ORDER BY seq")
        aliases = st.query("SELECT article_id, url FROM aliases ORDER BY seq, record")
    assert len(rows) == 2 and len(aliases) == 3  # the premise: the identical text is one article with two aliases
    return path, {"origin": rows[0]["id"], "edited": rows[1]["id"]}


def test_the_story_lists_the_republishing_outlet(built):
    path, ids = built
    with Store(path, read_only=True) as st:
        (story,) = list_stories(st).stories
        detail = story_detail(st, story.id)
    assert story.outlets == ["harbourwire.example", "portsdaily.example", "quaysidetimes.example"]
    member = next(m for m in detail.members if m.article_id == ids["origin"])
    assert [(r.outlet, r.url, r.date) for r in member.republished] == [
        ("quaysidetimes.example", "https://www.quaysidetimes.example/news/pellmouth-stoppage", "2025-10-01")]
    points = [(p.outlet, p.article_id, p.kind) for p in detail.timeline]
    assert ("quaysidetimes.example", ids["origin"], "verbatim") in points and len(points) == 3
    dots = story_timeline(detail, ReportLinks())
    assert any(d.kind == "verbatim" and d.outlet == "quaysidetimes.example" for d in [*dots.points, *dots.undated])


def test_the_report_outlets_table_counts_the_republication(built, tmp_path):
    path, _ = built
    with Store(path, read_only=True) as st:
        build_report(st, tmp_path / "r.html", jobs=1)
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    table = html[html.index('<h2 id="outlets">'):]
    table = table[:table.index("</table>")]
    row = next(r for r in re.findall(r"<tr id=.*?</tr>", table, re.DOTALL) if "quaysidetimes.example" in r)
    cells = [c.strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.DOTALL)]
    assert cells[1:4] == ["1", "0", "1"] and "1 verbatim" in cells[4]


def test_the_web_app_lists_and_finds_the_republishing_outlet(built):
    path, ids = built
    with TestClient(create_app(path), base_url="http://127.0.0.1") as client:
        outlets = {r["name"]: r for r in client.get("/api/outlets").json()}
        found = client.get("/api/search", params={"outlet": "quaysidetimes"}).json()
        stories = client.get("/api/stories", params={"outlet": "quaysidetimes"}).json()
        page = client.get("/outlet", params={"name": "quaysidetimes.example"}).text
    row = outlets["quaysidetimes.example"]
    assert (row["articles"], row["origins"], row["copies"], row["kinds"]) == (1, 0, 1, {"verbatim": 1})
    assert outlets["harbourwire.example"]["origins"] == 1
    assert found["total"] == 1 and found["hits"][0]["article_id"] == ids["origin"]
    assert stories["total"] == 1
    assert "republished verbatim at" in page and "https://www.quaysidetimes.example/news/pellmouth-stoppage" in page
    assert '<span class="badge k-verbatim">verbatim</span>' in page
    with Store(path, read_only=True) as st:
        assert search(st, outlet="quaysidetimes.example").total == 1
