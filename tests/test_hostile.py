"""Hostile article text renders as text: ``<script>``, event-handler attributes, ``javascript:`` URLs, ``</script>``
inside embedded JSON, and 1 MB lines, in the web app and in the report.

The detector below parses each page and lists every element or attribute that article text
could have injected. It must find nothing on the real pages, and it must find the payloads
when autoescaping is switched off (that half proves these tests fail if escaping breaks).
The hostile articles are invented in tests/_webstore.py.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

import _webstore as ws
from newstrace.report import build_report
from newstrace.report import build as report_build
from newstrace.report.render import environment, safe_url
from newstrace.report.views import ReportLinks, WebLinks
from newstrace.store import Store
from newstrace.stories import story_of
from newstrace.web import create_app

#: Elements none of our templates write; any of them on a page came from article text.
FOREIGN_TAGS = {"img", "iframe", "frame", "object", "embed", "applet", "base", "video", "audio"}


class Injections(HTMLParser):
    """Elements and attributes on a page that our templates never write.

    Args:
        html: the page.
        scripts: the ``<script>`` elements the page is meant to have, as ``(src, type)`` pairs.
    """

    def __init__(self, html: str, scripts: list[tuple[str | None, str | None]]):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._scripts = list(scripts)
        self._svg_depth = 0
        self.feed(html)
        if self._scripts:
            self.found.append(f"expected scripts missing: {self._scripts}")

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            key = (a.get("src"), a.get("type"))
            if key in self._scripts:
                self._scripts.remove(key)
            else:
                self.found.append(f"<script {a}>")
        if tag in FOREIGN_TAGS:
            self.found.append(f"<{tag}>")
        if tag == "svg":
            self._svg_depth += 1
            if self._svg_depth > 1 or "class" not in a:  # our SVGs are top-level and classed
                self.found.append("<svg> from text")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag} {name}=")
            if name in ("href", "src", "action", "formaction", "xlink:href") and value:
                if value.strip().lower().startswith(("javascript:", "data:text", "vbscript:")):
                    self.found.append(f"{tag} {name}={value[:30]}")

    def handle_endtag(self, tag):
        if tag == "svg":
            self._svg_depth = max(0, self._svg_depth - 1)


WEB_SCRIPTS = [("/static/newstrace.js", None)]
REPORT_SCRIPTS = [(None, "application/json"), (None, None)]


@pytest.fixture(scope="module")
def ids(store_path):
    with Store(store_path, read_only=True) as st:
        origin = st.query("SELECT id FROM articles WHERE headline = ?", [ws.HOSTILE_HEADLINE])[0]["id"]
        copy = st.query("SELECT id FROM articles WHERE headline LIKE 'Flood shuts Riverton%'")[0]["id"]
        long = ws.long_article().id
        return {"origin": origin, "copy": copy, "long": long, "story": story_of(st, origin),
                "long_story": story_of(st, long)}


@pytest.fixture(scope="module")
def client(store_path):
    with TestClient(create_app(store_path), base_url="http://127.0.0.1") as c:
        yield c


def hostile_paths(ids) -> list[str]:
    links = WebLinks()
    return [
        links.story(ids["story"]), links.article(ids["origin"]), links.article(ids["copy"]),
        links.diff(ids["copy"], ids["origin"]), links.story(ids["long_story"]), links.article(ids["long"]),
        links.speaker(ws.HOSTILE_SPEAKER), links.outlet("Copy Farm " + ws.SCRIPT), "/outlets", "/speakers",
        "/search?q=riverton", "/search?" + "speaker=" + "Dana", "/stories?sort=recent",
        "/search?q=" + ws.SCRIPT,  # the query itself echoed back into the form
    ]  # fmt: skip


def test_hostile_pages_render_payloads_as_text(client, ids):
    for path in hostile_paths(ids):
        r = client.get(path)
        assert r.status_code == 200, path
        assert Injections(r.text, WEB_SCRIPTS).found == [], path
    story = client.get(WebLinks().story(ids["story"])).text
    assert str(escape(ws.SCRIPT)) in story  # the headline's script tag, shown as text
    diff = client.get(WebLinks().diff(ids["copy"], ids["origin"])).text
    assert str(escape("alert('nt-breakout')")) in diff
    assert "javascript:" not in "".join(a for a in _hrefs(client.get(WebLinks().article(ids["copy"])).text))


def test_the_detector_finds_the_payloads_when_escaping_is_off(store_path, ids):
    """Switch autoescaping off: the same pages now carry live markup, and the detector says so."""
    app = create_app(store_path)
    app.state.templates.autoescape = False
    with TestClient(app, base_url="http://127.0.0.1") as c:
        found = [f for path in hostile_paths(ids)[:4] for f in Injections(c.get(path).text, WEB_SCRIPTS).found]
    assert any("<script" in f for f in found) and any("onerror=" in f for f in found)


def test_report_renders_payloads_as_text_and_json_cannot_break_out(store_path, ids, tmp_path):
    with Store(store_path, read_only=True) as st:
        build_report(st, tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert Injections(html, REPORT_SCRIPTS).found == []
    assert "<script>alert" not in html and "</script><script>" not in html
    start = html.index('<script type="application/json" id="nt-index">') + len('<script type="application/json" id="nt-index">')
    index = json.loads(html[start : html.index("</script>", start)])
    text = " ".join(index["stories"].values())
    assert ws.SCRIPT in text  # the outlet name with its markup survives the round trip, as data
    assert str(escape(ws.SCRIPT)) in html
    assert ReportLinks().story_id(ids["long_story"]) in html and "more characters]" in html


def test_report_detector_finds_the_payloads_when_escaping_is_off(store_path, tmp_path, monkeypatch):
    def unescaped(*packages):
        env = environment(*packages)
        env.autoescape = False
        return env

    monkeypatch.setattr(report_build, "environment", unescaped)
    with Store(store_path, read_only=True) as st:
        build_report(st, tmp_path / "bad.html")
    found = Injections((tmp_path / "bad.html").read_text(encoding="utf-8"), REPORT_SCRIPTS).found
    assert any("<script" in f for f in found) and any("onerror=" in f for f in found)


def test_a_one_megabyte_line_is_shown_whole_as_text_on_its_article_page(client, ids):
    html = client.get(WebLinks().article(ids["long"])).text
    assert str(escape(ws.LONG_LINE)) in html
    assert Injections(html, WEB_SCRIPTS).found == []
    story = client.get(WebLinks().story(ids["long_story"])).text
    assert len(story) < 200_000  # tables clip long cells instead of repeating a megabyte


def test_only_web_urls_become_links():
    assert safe_url("https://example.org/a?b=1") == "https://example.org/a?b=1"
    for bad in (ws.JS_URL, " javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>", "//evil.example",
                "vbscript:x", "https://exa\nmple.org", "", None):  # fmt: skip
        assert safe_url(bad) == ""


def _hrefs(html: str) -> list[str]:
    class H(HTMLParser):
        out: list[str] = []

        def handle_starttag(self, tag, attrs):
            self.out += [v for k, v in attrs if k == "href" and v]

    h = H()
    h.out = []
    h.feed(html)
    return h.out
