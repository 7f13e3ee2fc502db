"""``newstrace stories``: a later version of a member (the same page or file ingested again after an update)
has the role ``version``, not ``copy``.

trace links two versions of one input with the reason "two versions of one page (...)"
(:func:`newstrace.provenance.direction.is_versions_record`; ``newstrace show`` prints "later version
of"): an update by the publisher, not a copy by another outlet. Before, the story listed the update as a
``copy``. The provenance corpus in ../shared has no such pair (its two pages saved twice are the same
text, stored as one article; the two CNN versions of story i are not in it), so the articles here are
invented: a council report, the same page saved again after its publisher updated it, and another
outlet's copy of the first version.
"""

from __future__ import annotations

import json
import re

import pytest
from _webstore import invoke_wide as invoke

from newstrace.report import build_report
from newstrace.report.views import ReportLinks, story_graph, story_timeline
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import list_stories, story_detail, update_stories
from newstrace.stories.models import StoryDetail

REPORT = [
    "Linmoor council votes to close the Ashgrove swimming pool",
    "LINMOOR - The Linmoor town council voted 9-4 on Monday to close the Ashgrove swimming pool at the end of "
    "the summer, saying repairs to its roof would cost 2.3 million euros.",
    "\"We cannot ask taxpayers to pour money into a building that is falling apart,\" council leader Petra "
    "Halloran said after the vote.",
    "About 600 people signed a petition to keep the pool open, and swimming clubs said the nearest other pool "
    "was 19 kilometres away in Dunhaven.",
    "The council said it would set aside 150,000 euros for school swimming lessons at the Dunhaven pool.",
    "Opponents said they would ask the regional authority to review the decision.",
]
#: The update the publisher wrote over the same file: the petition count corrected and a reaction added.
UPDATE = [p.replace("About 600 people", "About 1,600 people") for p in REPORT] + [
    "The head of the Ashgrove Swimming Club, Colm Ardagh, said members would protest outside the town hall on Friday.",
]
#: Another outlet's copy of the first version, headline shortened.
COPY = ["Ashgrove pool to close, Linmoor council decides"] + REPORT[1:]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("versions")
    story, copy, path = tmp / "ashgrove.txt", tmp / "dunhaven-echo.txt", tmp / "s.duckdb"
    page = "URL: https://linmoor-post.example/2025/06/02/ashgrove-pool\nDate: {}\n\n"
    with Store(path) as st:
        story.write_text(page.format("2025-06-02T08:00") + "\n\n".join(REPORT) + "\n", encoding="utf-8")
        copy.write_text("URL: https://dunhaven-echo.example/news/ashgrove\nDate: 2025-06-03T10:00\n\n"
                        + "\n\n".join(COPY) + "\n", encoding="utf-8")  # fmt: skip
        ingest([story, copy], st, jobs=1)
        # the same page saved again after its publisher updated it
        story.write_text(page.format("2025-06-02T15:30") + "\n\n".join(UPDATE) + "\n", encoding="utf-8")
        ingest([story], st, jobs=1)
        run_trace(st)
        update_stories(st)
    with Store(path, read_only=True) as st:
        rows = st.query("SELECT id, source_path, headline, text FROM articles ORDER BY seq")
    v1, c, v2 = (r["id"] for r in rows)
    assert "1,600" in rows[2]["text"] and rows[0]["source_path"] == rows[2]["source_path"] != rows[1]["source_path"]
    return path, {"v1": v1, "copy": c, "v2": v2}


def _detail(path) -> StoryDetail:
    with Store(path, read_only=True) as st:
        (story,) = list_stories(st).stories
        return story_detail(st, story.id)


def test_trace_reads_the_update_as_a_later_version_of_the_first(built):
    """The premise, as trace stores it: the update's link to the first version is a versions record."""
    path, ids = built
    with Store(path, read_only=True) as st:
        rows = st.query("SELECT copy_id, origin_id, direction_evidence FROM resolved_derivations WHERE copy_id = ?",
                        [ids["v2"]])  # fmt: skip
    (row,) = rows
    assert row["origin_id"] == ids["v1"] and row["direction_evidence"][0].startswith("two versions of one page")


def test_the_update_is_a_version_its_earlier_version_the_origin_the_other_outlet_a_copy(built):
    path, ids = built
    detail = _detail(path)
    roles = {m.article_id: (m.role, m.kind) for m in detail.members}
    assert roles[ids["v2"]] == ("version", "edited")
    assert roles[ids["v1"]] == ("origin", None)
    assert roles[ids["copy"]][0] == "copy"
    assert detail.story.n_articles == 3 and detail.story.origin_ids == [ids["v1"]]
    assert {p.article_id: p.kind for p in detail.timeline}[ids["v2"]] == "version"
    # the report draws the version under its earlier version, coloured as a version, and dots it as one
    nodes = {n.id: (n.role, n.kind) for n in story_graph(detail, ReportLinks()).nodes}
    assert nodes[ids["v2"]] == ("copy", "version")
    tl = story_timeline(detail, ReportLinks())
    assert {p.article_id: p.kind for p in [*tl.points, *tl.undated]}[ids["v2"]] == "version"


def test_the_cli_and_its_json_say_version(built):
    path, ids = built
    with Store(path, read_only=True) as st:
        (story,) = list_stories(st).stories
    result = invoke("stories", story.id, "--store", path, "--json", "--no-update")
    assert result.exit_code == 0, result.output
    members = {m["article_id"]: m["role"] for m in json.loads(result.output)["members"]}
    assert members == {ids["v1"]: "origin", ids["v2"]: "version", ids["copy"]: "copy"}
    table = invoke("stories", story.id, "--store", path, "--no-update")
    row = next(line for line in table.output.splitlines() if ids["v2"][:12] in line and "│" in line)
    assert re.search(r"│\s*version\s*│\s*edited\s*│", row), row
    # the published JSON Schema lists the role
    role = StoryDetail.model_json_schema()["$defs"]["Member"]["properties"]["role"]
    assert "version" in role["enum"]


def test_the_report_badges_the_update_as_a_version(built, tmp_path):
    path, ids = built
    out = tmp_path / "r.html"
    with Store(path, read_only=True) as st:
        build_report(st, out, jobs=1)
    html = out.read_text(encoding="utf-8")
    row = re.search(rf'<tr id="{ReportLinks().article(ids["v2"])[1:]}">(.*?)</tr>', html, re.DOTALL).group(1)
    assert '<span class="badge k-version">version</span>' in row
    assert '<g class="node r-copy" data-id="%s">' % ids["v2"] in html
