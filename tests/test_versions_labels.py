"""A later version of a page (trace's "two versions of one page" link) is labelled a version everywhere:
the web app's article and outlet pages, the report's copy table and graph edges, and ``export``'s
``story_members.role``; not an "edited copy" (a rights-team tester saw a wire agency's own updates
called "edited copy of reuters.com"). The invented store is test_stories_versions's: a council report,
its update saved over the same file, and another outlet's copy of the first version.
"""

from __future__ import annotations

import re

import pyarrow.parquet as pq
from _webstore import invoke_wide as invoke
from fastapi.testclient import TestClient
from test_stories_versions import built  # noqa: F401  (the invented store, a module fixture)

from newstrace.export import export_tables
from newstrace.report import build_report
from newstrace.report.views import ReportLinks, story_graph
from newstrace.store import Store
from newstrace.stories import list_stories, story_detail
from newstrace.web import create_app
from newstrace.web.queries import article_page, outlet_articles


def test_the_article_page_says_later_and_earlier_version(built):  # noqa: F811
    path, ids = built
    with Store(path, read_only=True) as st:
        update = article_page(st, ids["v2"])
        first = article_page(st, ids["v1"])
    assert [(l.role, l.other_id, l.versions) for l in update.links if l.copy_id == ids["v2"]] == [
        ("later version of", ids["v1"], True)]
    roles = {(l.role, l.other_id) for l in first.links}
    assert ("earlier version of", ids["v2"]) in roles and ("origin of", ids["copy"]) in roles
    with TestClient(create_app(path), base_url="http://127.0.0.1") as client:
        html = client.get(f"/articles/{ids['v2']}").text
        api = client.get(f"/api/articles/{ids['v2']}").json()
    provenance = html[html.index("<h3>Provenance</h3>"):html.index("<h2>Quotes</h2>")]
    assert "<b>later version of</b>" in provenance and "edited</span> <b>copy of" not in provenance
    assert '<span class="badge k-version">version</span>' in provenance
    assert [l["role"] for l in api["links"] if l["copy_id"] == ids["v2"]] == ["later version of"]


def test_the_outlet_page_role_is_version(built):  # noqa: F811
    path, ids = built
    with Store(path, read_only=True) as st:
        rows = {r.article_id: r.role for r in outlet_articles(st, [ids["v1"], ids["v2"], ids["copy"]])}
    assert rows == {ids["v1"]: "origin", ids["v2"]: "version", ids["copy"]: "copy"}


def test_export_story_members_say_version(built, tmp_path):  # noqa: F811
    path, ids = built
    with Store(path, read_only=True) as st:
        export_tables(st, tmp_path, "parquet", ("story_members",))
    rows = pq.read_table(tmp_path / "story_members.parquet").to_pylist()
    assert {r["article_id"]: r["role"] for r in rows} == {ids["v1"]: "origin", ids["v2"]: "version", ids["copy"]: "copy"}


def test_the_report_copy_table_and_graph_edge_say_version(built, tmp_path):  # noqa: F811
    path, ids = built
    with Store(path, read_only=True) as st:
        (story,) = list_stories(st).stories
        detail = story_detail(st, story.id)
        build_report(st, tmp_path / "r.html", jobs=1)
    assert {e.copy_id: e.versions for e in detail.edges} == {ids["v2"]: True, ids["copy"]: False}
    edge = next(e for e in story_graph(detail, ReportLinks()).edges if e.target == ids["v2"])
    assert edge.kind == "version" and edge.title.startswith("later version (edited)")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    copies = html[html.index("<h2>Copies</h2>"):]
    row = next(r for r in re.findall(r"<tr>.*?</tr>", copies, re.DOTALL) if ReportLinks().article(ids["v2"]) in r)
    assert '<span class="badge k-version">version</span>' in row and "later version (edited)" in row


def test_report_max_diffs_help_says_the_order():
    result = invoke("report", "--help")
    text = " ".join(result.output.replace("│", " ").split())
    assert "best links first" not in text
    assert "first copies that changed figures, quotations" in text
