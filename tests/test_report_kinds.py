"""The kind a story page shows for each article is that article's own: the kind of the link in which it is the copy.

A sibling pair of an inferred common source is stored once, as the link of one sibling (the copy
side) read against the other (the reference side); the pair's kind says how the copy side
differs, so the reference side is shown as a ``sibling``, never with the other side's kind. In
the provenance corpus, story f's English farm copy (01) is the reference side of its pair with
the Spanish edition (02, a translation). Checked in the report (member table, graph, timeline)
and the web story page, against the links of the store built from ../shared (tests/_webstore.py).
"""

from __future__ import annotations

import html as htmllib
import re

import _webstore as ws
import pytest
from fastapi.testclient import TestClient

from newstrace.report import build_report
from newstrace.report.render import kind_class
from newstrace.report.views import ReportLinks, WebLinks, story_graph, story_timeline
from newstrace.store import Store
from newstrace.stories import list_stories, story_detail, story_of
from newstrace.web import create_app


@pytest.fixture(scope="module")
def store(store_path):
    with Store(store_path, read_only=True) as st:
        yield st


def own_kinds(store: Store) -> tuple[dict[str, str], set[str]]:
    """Each copy's kind read straight from the resolved links (its strongest link as the copy side), and the
    articles named as a sibling in some link."""
    own: dict[str, tuple[float, str]] = {}
    siblings: set[str] = set()
    for r in store.query(
        "SELECT copy_id, kind, score, sibling_ids FROM resolved_derivations ORDER BY copy_id, origin_key"
    ):
        if r["copy_id"] not in own or r["score"] > own[r["copy_id"]][0]:
            own[r["copy_id"]] = (r["score"], r["kind"])
        siblings.update(r["sibling_ids"] or [])
    return {k: v[1] for k, v in own.items()}, siblings


def expected_kinds(store: Store, detail) -> dict[str, str]:
    """What each member must be shown as: its own link's kind, ``sibling`` for a copy with none, else its role."""
    own, siblings = own_kinds(store)
    out = {}
    for m in detail.members:
        if m.article_id in own:
            out[m.article_id] = own[m.article_id]
        elif m.role == "copy":
            assert (
                m.article_id in siblings
            )  # a copy without a link of its own is the reference side of a pair
            out[m.article_id] = "sibling"
        else:
            out[m.article_id] = m.role
    return out


def test_story_f_shows_the_farm_copy_as_a_sibling_not_as_the_translation(store):
    copy_id = store.resolve(str(ws.corpus_file("f", "01-copy-verbatim.txt")))[0]
    spanish_id = store.resolve(str(ws.corpus_file("f", "02-translation-es.txt")))[0]
    detail = story_detail(store, story_of(store, copy_id))
    expected = expected_kinds(store, detail)
    own, _ = own_kinds(store)
    # the real data has the case: the farm copy has no link of its own, its Spanish sibling's is a translation
    assert copy_id not in own and own[spanish_id] == "translation"
    assert expected[copy_id] == "sibling" and expected[spanish_id] == "translation"
    members = {m.article_id: m for m in detail.members}
    assert members[copy_id].kind == "sibling" and members[spanish_id].kind == "translation"
    dots = {p.article_id: p.kind or p.role for p in story_timeline(detail, ReportLinks()).undated}
    dots |= {p.article_id: p.kind or p.role for p in story_timeline(detail, ReportLinks()).points}
    assert dots[copy_id] == "sibling" and dots[spanish_id] == "translation"
    nodes = {n.id: n.kind or n.role for n in story_graph(detail, ReportLinks()).nodes}
    assert nodes[copy_id] == "sibling" and nodes[spanish_id] == "translation"


def _report_kinds(section: str, links: ReportLinks, ids: list[str]) -> dict[str, dict[str, str]]:
    """Per article of a report story section: the member-table badge, the graph node's colour class and the last
    part of its tooltip, and the timeline dot's tooltip end (dated articles only)."""
    out: dict[str, dict[str, str]] = {}
    for i in ids:
        got = out.setdefault(i, {})
        row = re.search(rf'<tr id="{links.article(i)[1:]}">(.*?)</tr>', section, re.DOTALL)
        if row:
            got["badge"] = htmllib.unescape(
                re.search(r'<span class="badge k-[\w-]+">([^<]*)</span>', row.group(1)).group(1)
            )
        node = re.search(rf'<g class="node r-\w+" data-id="{i}">.*?<title>([^<]*)</title>\s*<rect [^>]*class="k-([\w-]+)"',
                         section, re.DOTALL)  # fmt: skip
        if node:
            got["node_class"] = node.group(2)
        dot = re.search(
            rf'<a href="{links.article(i)}"><circle class="dot k-([\w-]+)[^>]*><title>([^<]*)</title>',
            section,
        )
        if dot:
            got["dot_class"], got["dot"] = dot.group(1), htmllib.unescape(dot.group(2)).rsplit(" — ", 1)[-1]
    return out


def test_every_report_story_shows_each_members_own_kind(store, tmp_path):
    out = tmp_path / "report.html"
    build_report(store, out, jobs=1)
    html = out.read_text(encoding="utf-8")
    links = ReportLinks()
    checked = siblings = dots = 0
    for s in list_stories(store, limit=1000, min_articles=2).stories:
        detail = story_detail(store, s.id)
        expected = expected_kinds(store, detail)
        start = html.index(f'id="{links.story_id(s.id)}"')
        end = html.find('<section class="story"', start)
        shown = _report_kinds(html[start : end if end > 0 else len(html)], links, list(expected))
        for i, kind in expected.items():
            assert shown[i]["badge"] == kind, (s.id, i)
            assert shown[i]["node_class"] == kind_class(kind), (s.id, i)
            if "dot" in shown[i]:
                assert shown[i]["dot"] == kind and shown[i]["dot_class"] == kind_class(kind), (s.id, i)
                dots += 1
            checked += 1
            siblings += kind == "sibling"
    assert checked >= 30 and siblings >= 1 and dots >= 10


def test_the_web_story_page_shows_each_members_own_kind(store_path, store):
    copy_id = store.resolve(str(ws.corpus_file("f", "01-copy-verbatim.txt")))[0]
    story_id = story_of(store, copy_id)
    expected = expected_kinds(store, story_detail(store, story_id))
    links = WebLinks()
    with TestClient(create_app(store_path), base_url="http://127.0.0.1") as client:
        page = client.get(links.story(story_id))
    assert page.status_code == 200
    table = page.text[page.text.index('<table class="members">') :]
    table = table[: table.index("</table>")]
    badges = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL):
        a = re.search(r'href="/articles/([0-9a-f]+)"', row)
        if a:
            badges[a.group(1)] = htmllib.unescape(
                re.search(r'<span class="badge k-[\w-]+">([^<]*)</span>', row).group(1)
            )
    assert badges == expected
    assert badges[copy_id] == "sibling"


def test_changes_are_listed_figures_first_rewordings_last():
    """A machine translation rewords every sentence: show, the report and the web app list the
    changed figure and the altered quotation before the rewordings (the stored order stays reading order)."""
    from newstrace.report.views import changes_by_weight
    from newstrace.schema import Change

    reading = [Change(kind="reworded", origin_text="a", copy_text="b", detail="reworded"),
               Change(kind="omission", origin_text="c", copy_text="", detail="omitted"),
               Change(kind="quote", origin_text="d", copy_text="e", detail="quote altered"),
               Change(kind="reworded", origin_text="f", copy_text="g", detail="reworded"),
               Change(kind="number", origin_text="320", copy_text="270", detail="320 -> 270")]
    assert [c.kind for c in changes_by_weight(reading)] == ["number", "quote", "omission", "reworded", "reworded"]
    assert [c.origin_text for c in changes_by_weight(reading) if c.kind == "reworded"] == ["a", "f"]
