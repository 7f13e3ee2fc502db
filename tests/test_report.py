"""``newstrace report``: one offline file whose stories, graphs, timelines, tables and diffs match the store.

The store is built at run time from ../shared (provenance corpus and seeds) plus invented
articles (tests/_webstore.py). Drawing helpers are checked on invented inputs.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from html.parser import HTMLParser

import _webstore as ws
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.report import build_report
from newstrace.report.details import MIN_PARALLEL, story_details
from newstrace.report.diff import MAX_DIFF_CHARS, Segment, side_by_side, word_diff
from newstrace.report.graph import NODE_H, ROW_GAP, GraphEdge, GraphNode, layout
from newstrace.report.render import csp_hash
from newstrace.report.timeline import TimelinePoint, parse_when, timeline
from newstrace.report.views import ReportLinks, stored_key
from newstrace.store import Store
from newstrace.stories import list_stories, story_detail


class Page(HTMLParser):
    """Every element's tag and attributes, ids, hrefs, and the text of each ``<style>``/``<script>``."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.raw: dict[str, list[str]] = {"style": [], "script": []}
        self._in: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in self.raw:
            self._in = tag
            self.raw[tag].append("")

    def handle_endtag(self, tag):
        if tag == self._in:
            self._in = None

    def handle_data(self, data):
        if self._in:
            self.raw[self._in][-1] += data

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if a.get("id")}

    def attr_values(self, name: str) -> list[str]:
        return [a[name] for _, a in self.tags if a.get(name) is not None]


@pytest.fixture(scope="module")
def store(store_path):
    with Store(store_path, read_only=True) as st:
        yield st


@pytest.fixture(scope="module")
def report(store, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report.html"
    summary = build_report(store, out)
    html = out.read_text(encoding="utf-8")
    return summary, html, Page(html)


def test_every_story_is_listed_and_given_in_full(store, report):
    summary, html, page = report
    total = list_stories(store, limit=0).total
    assert summary.stories_total == total == summary.stories_shown > 20
    assert not summary.limited and "All %d stories are shown" % total in html
    rows = [a for t, a in page.tags if t == "tr" and a.get("data-key")]
    assert [r["data-key"] for r in rows] == [s.id for s in list_stories(store, limit=total).stories]
    links = ReportLinks()
    for s in list_stories(store, limit=total).stories:
        assert links.story_id(s.id) in page.ids()


def test_the_file_loads_nothing_and_pins_its_inline_css_and_script(report):
    _summary, html, page = report
    # no URL outside the file: links are fragments, the only other scheme is the data: icon
    for name in ("href", "src", "action", "xlink:href"):
        for value in page.attr_values(name):
            assert value.startswith("#") or value == "data:,", f"{name}={value!r} leaves the file"
    assert not re.search(r"@import|url\(", page.raw["style"][0])
    (meta,) = [a for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    csp = meta["content"]
    assert "default-src 'none'" in csp
    assert csp_hash(page.raw["style"][0]) in csp
    inline = [s for s, (t, a) in zip(page.raw["script"], [x for x in page.tags if x[0] == "script"]) if "src" not in a]
    assert len(inline) == 2  # the JSON index and our script
    assert csp_hash(inline[1]) in csp and "script-src" in csp
    index = json.loads(inline[0])
    assert len(index["stories"]) == report[0].stories_shown


def test_every_in_page_link_has_its_target(report):
    _summary, _html, page = report
    ids = page.ids()
    targets = {h[1:] for h in page.attr_values("href") if h.startswith("#") and len(h) > 1}
    assert targets and targets <= ids, sorted(targets - ids)[:5]


def test_each_story_draws_its_members_and_copy_links(store, report):
    _summary, html, _page = report
    links = ReportLinks()
    checked = 0
    for s in list_stories(store, limit=100, min_articles=2).stories:
        d = story_detail(store, s.id)
        section = _section(html, links.story_id(s.id))
        nodes = re.findall(r'<g class="node r-(\w+)" data-id="([^"]+)"', section)
        ids = {m.article_id for m in d.members}
        # a copy hangs under its stored origin(s) when trace found one, else under its inferred source
        stored = {(e.origin_id, e.copy_id) for e in d.edges if not e.inferred_source}
        has_origin = {c for _, c in stored}
        under_inferred = {(e.origin_key, c) for e in d.edges if e.inferred_source
                          for c in [e.copy_id, *e.sibling_ids] if c in ids and c not in has_origin}  # fmt: skip
        assert {i for _, i in nodes} == ids | {k for k, _ in under_inferred}
        roles = {i: r for r, i in nodes}
        for m in d.members:
            assert roles[m.article_id] == m.role
        drawn = set(re.findall(r'<path class="edge[^"]*" data-source="([^"]+)" data-target="([^"]+)"', section))
        assert drawn == stored | under_inferred
        # one diff panel per copy link, reachable from the copies table
        for e in d.edges:
            anchor = links.diff(e.copy_id, stored_key(e))[1:]
            assert f'id="{anchor}"' in section and f'href="#{anchor}"' in section
        checked += 1
    assert checked >= 5


def test_a_traced_number_change_is_highlighted_in_its_diff(store, report):
    """The invented copy says 270 where its origin says 320: the diff panel marks exactly that word pair."""
    _summary, html, _page = report
    (copy_id,) = [a["id"] for a in store.query("SELECT id FROM articles WHERE source_url = ?", [ws.JS_URL])
                  if a["id"] != ws.long_article().id]  # fmt: skip
    (d,) = [d for d in store.derivations(copy_id) if d.copy_id == copy_id]
    assert any(c.kind == "number" and "320" in c.origin_text and "270" in c.copy_text for c in d.changes)
    panel = _section(html, ReportLinks().diff(copy_id, d.origin_id)[1:], tag="div")
    assert "<del>320</del>" in panel and "<ins>270</ins>" in panel
    assert "<del>closed</del>" in panel and "<ins>shut</ins>" in panel
    # aligned rows: as many as the stored alignment has pairs
    assert panel.count('<tr class="aligned">') + panel.count('<tr class="changed">') == len(d.alignment)


def test_timeline_places_dated_members_and_lists_the_undated(store, report):
    _summary, html, _page = report
    links = ReportLinks()
    for s in list_stories(store, limit=100, min_articles=3).stories:
        d = story_detail(store, s.id)
        section = _section(html, links.story_id(s.id))
        dated = [p for p in d.timeline if p.date and p.date_source != "ingested"]
        assert section.count('<circle class="dot') == len(dated)
        if len(dated) < len(d.timeline):
            assert f"Undated ({len(d.timeline) - len(dated)})" in section


def test_quote_and_claim_variants_are_tabled_with_their_articles(store, report):
    _summary, html, _page = report
    links = ReportLinks()
    seen_quote = seen_claim = False
    for s in list_stories(store, limit=100, min_articles=2).stories:
        d = story_detail(store, s.id)
        section = _section(html, links.story_id(s.id))
        for g in d.quotes:
            for v in g.variants:
                assert f'href="{links.article(v.article_id)}"' in section
            seen_quote |= len(g.variants) > 1
        for g in d.claims:
            if g.has_variants:
                seen_claim = True
                assert "values differ" in section
    assert seen_quote and seen_claim


def test_limit_keeps_the_largest_stories_and_says_so(store, tmp_path):
    out = tmp_path / "small.html"
    summary = build_report(store, out, limit=2, max_diffs=1)
    html = out.read_text(encoding="utf-8")
    largest = list_stories(store, limit=2).stories
    assert summary.stories_shown == 2 and summary.limited
    assert f"shows the 2 largest of {summary.stories_total} stories" in html
    assert html.count('<section class="story"') == 2
    for s in largest:
        assert ReportLinks().story_id(s.id) in html
    assert summary.diffs <= 2


def test_story_details_from_worker_processes_equal_those_loaded_here(store):
    ids = [s.id for s in list_stories(store, limit=100).stories]
    assert len(ids) >= MIN_PARALLEL and store.read_only
    assert list(story_details(store, ids, jobs=2)) == [story_detail(store, i) for i in ids]
    assert list(story_details(store, ["Snope"], jobs=2)) == [None]


def test_report_cli_writes_the_file_and_reports_store_errors(store_path, tmp_path):
    out = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["report", "--store", str(store_path), "-o", str(out), "--limit", "3"])
    assert result.exit_code == 0, result.output
    assert out.exists() and "3 of" in result.output and "Limited" in result.output
    missing = CliRunner().invoke(app, ["report", "--store", str(tmp_path / "none.duckdb"), "-o", str(out)])
    assert missing.exit_code == 2 and "Error: no store at" in missing.output


# -- drawing helpers on invented inputs ---------------------------------------------------


def test_word_diff_marks_changed_words_and_folds_typographic_quotes():
    left, right = word_diff("More than 320 homes “lost” power.", 'More than 270 homes "lost" power.')
    assert left == [Segment("More than", "same"), Segment("320", "del"), Segment('homes “lost” power.', "same")]
    assert right == [Segment("More than", "same"), Segment("270", "ins"), Segment('homes "lost" power.', "same")]
    long = "word " * (MAX_DIFF_CHARS // 4)
    assert word_diff(long, long + "x") == ([Segment(long, "del")], [Segment(long + "x", "ins")])


def test_side_by_side_orders_omitted_and_added_sentences():
    origin = ["Headline.", "First fact.", "Second fact.", "Third fact."]
    copy = ["Headline.", "First fact changed.", "An added line.", "Third fact."]
    pairs = [(0, 0, "Headline.", "Headline.", 1.0), (1, 1, "First fact changed.", "First fact.", 0.8),
             (3, 3, "Third fact.", "Third fact.", 1.0)]  # fmt: skip
    t = side_by_side(origin, copy, pairs)
    assert [r.status for r in t.rows] == ["aligned", "changed", "added", "omitted", "aligned"]
    assert [(r.origin_index, r.copy_index) for r in t.rows] == [(0, 0), (1, 1), (None, 2), (2, None), (3, 3)]
    assert (t.aligned, t.changed, t.omitted, t.added, t.resplit) == (2, 1, 1, 1, False)
    stale = side_by_side(origin, copy, [(1, 1, "Not the copy sentence.", "First fact.", 0.5)])
    assert stale.resplit and len(stale.rows) == 1


def test_graph_layout_centres_origins_on_their_copies_and_grids_the_unlinked():
    nodes = [GraphNode("o", "origin", role="origin"), GraphNode("a", "a"), GraphNode("b", "b"), GraphNode("c", "c"),
             GraphNode("i1", "i1", role="independent"), GraphNode("i2", "i2", role="independent")]  # fmt: skip
    edges = [GraphEdge("o", "a", "edited"), GraphEdge("o", "b", "verbatim"), GraphEdge("a", "c", "spun")]
    g = layout(nodes, edges)
    by = {n.id: n for n in g.nodes}
    assert [by[x].layer for x in "oabc"] == [0, 1, 1, 2]
    assert by["o"].y == (by["a"].y + by["b"].y) / 2 and by["c"].y == by["a"].y
    assert by["b"].y - by["a"].y == NODE_H + ROW_GAP
    assert by["i1"].y == by["i2"].y > by["b"].y and by["i2"].x > by["i1"].x
    assert g.captions and "Independent coverage" in g.captions[0][2]
    assert all(e.path.startswith("M") for e in g.edges) and len(g.edges) == 3
    # a cycle cannot hang the layout, and too many nodes are counted, not drawn
    cyc = layout([GraphNode("x", "x"), GraphNode("y", "y")], [GraphEdge("x", "y", "edited"), GraphEdge("y", "x", "edited")])
    assert len(cyc.nodes) == 2
    many = layout([GraphNode(str(i), str(i)) for i in range(10)], [GraphEdge("0", str(i), "edited") for i in range(1, 10)],
                  max_nodes=4)  # fmt: skip
    assert len(many.nodes) == 4 and many.nodes_left_out == 6


def test_graph_layout_gives_a_copy_with_a_stored_origin_no_inferred_parent():
    """Trace can link a copy to its origin and also, as a sibling, to an inferred source: the copy is drawn
    under its origin only, and an inferred source left without copies is not drawn."""
    nodes = [GraphNode("inferred:1", "inferred source", role="inferred"), GraphNode("o", "o", role="origin"),
             GraphNode("a", "a"), GraphNode("b", "b")]  # fmt: skip
    edges = [GraphEdge("o", "a", "edited"), GraphEdge("inferred:1", "a", "verbatim", inferred=True),
             GraphEdge("inferred:1", "b", "verbatim", inferred=True)]  # fmt: skip
    g = layout(nodes, edges)
    assert {(e.source, e.target) for e in g.edges} == {("o", "a"), ("inferred:1", "b")}
    assert {n.id for n in g.nodes} == {"inferred:1", "o", "a", "b"}
    both = layout(nodes, [*edges, GraphEdge("o", "b", "spun")])
    assert {(e.source, e.target) for e in both.edges} == {("o", "a"), ("o", "b")}
    assert "inferred:1" not in {n.id for n in both.nodes} and both.nodes_left_out == 0
    # a copy of two stored origins keeps both edges (each was traced)
    two = layout([GraphNode("o", "o", role="origin"), GraphNode("p", "p", role="origin"), GraphNode("a", "a")],
                 [GraphEdge("o", "a", "edited"), GraphEdge("p", "a", "edited")])  # fmt: skip
    assert len(two.edges) == 2


def test_timeline_puts_days_mid_day_and_keeps_undated_apart():
    pts = [TimelinePoint("a", "one.example", parse_when("2019-03-08")), TimelinePoint("b", "two.example",
           parse_when("2019-03-10T00:00")), TimelinePoint("c", "one.example", None)]  # fmt: skip
    t = timeline(pts)
    assert [p.article_id for p in t.points] == ["a", "b"] and [p.article_id for p in t.undated] == ["c"]
    assert [r[0] for r in t.rows] == ["one.example", "two.example"]
    assert [k.label for k in t.ticks] == ["08 Mar 2019", "09 Mar 2019", "10 Mar 2019"]
    assert t.ticks[0].x == pytest.approx(t.points[0].x) and t.ticks[-1].x == pytest.approx(t.points[1].x)
    assert parse_when("2019-03-10T14:05:00+01:00") == datetime(2019, 3, 10, 14, 5)
    # too many dots: origins are kept first, then the earliest; the rest are counted
    many = [TimelinePoint(str(i), f"outlet{i % 50}", datetime(2020, 1, 1) + timedelta(hours=i),
                          role="origin" if i == 999 else "copy") for i in range(1000)]  # fmt: skip
    t = timeline(many, max_rows=40, max_points=100)
    assert "999" in {p.article_id for p in t.points} and len(t.rows) == 40 and t.rows_left_out == 10
    assert len(t.points) + t.points_left_out == 1000 and len(t.points) <= 100
    assert parse_when("not a date") is None


def _section(html: str, anchor: str, tag: str = "section") -> str:
    """The HTML of the element with ``id=anchor``: a story section up to the next one, a diff panel up to the next
    panel or heading."""
    start = html.rindex(f"<{tag}", 0, html.index(f'id="{anchor}"'))
    ends = ['<section class="story"'] if tag == "section" else ['<div class="diffpanel"', "<h2>"]
    found = [i for i in (html.find(e, start + 10) for e in ends) if i > 0]
    return html[start : min(found) if found else len(html)]


def test_story_details_raise_when_a_worker_cannot_open_the_store(tmp_path):
    """A worker whose store will not open raises in the parent instead of being restarted for ever."""
    import threading
    from types import SimpleNamespace

    from newstrace.store import StoreError

    gone = SimpleNamespace(read_only=True, path=tmp_path / "removed.duckdb")  # opened read-only by the workers
    outcome: list = []

    def run() -> None:
        try:
            list(story_details(gone, ["s"] * MIN_PARALLEL, jobs=2))
        except Exception as exc:  # noqa: BLE001 - recorded for the assertion
            outcome.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=180)
    assert not worker.is_alive(), "story_details hung: the pool kept restarting workers that cannot open the store"
    assert len(outcome) == 1 and isinstance(outcome[0], StoreError), outcome


def test_report_names_identical_republications_of_a_member(store, report):
    """Story o's tracebok.org page, an unchanged republication stored as one article with
    estoniaeducation.info's, is named in that article's row of the report."""
    _summary, html, _page = report
    ids = [r["id"] for r in store.query("SELECT id FROM articles")]
    identical = store.identical_sources(ids)
    sources = next((s for s in identical.values() if any("tracebok.org" in x for x in s)), None)
    assert sources, "the test store holds story o's identical pair"
    assert "identical text also at:" in html and all(s in html for s in sources[1:])
