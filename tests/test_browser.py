"""The web app and the report in a real browser (Playwright driving Debian's chromium): open a story, see its graph,
open a copy's diff, search a speaker; hostile text stays text. Screenshots go to test-artifacts/.

Needs /usr/bin/chromium (CI installs the Debian package; no browser is ever downloaded).
The store is built at run time from ../shared plus invented articles (tests/_webstore.py).
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

import _webstore as ws
from newstrace.report import build_report
from newstrace.report.views import ReportLinks, WebLinks
from newstrace.store import Store
from newstrace.stories import list_stories, search, story_detail, story_of

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium "
                                "(apt-get install chromium); no browser is downloaded")  # fmt: skip
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def facts(store_path):
    """What the pages should show, read from the store: a story with copies, a speaker, the hostile articles."""
    with Store(store_path, read_only=True) as st:
        story = next(s for s in list_stories(st, limit=50, min_articles=2).stories if s.n_copies)
        detail = story_detail(st, story.id)
        speakers = st.query("SELECT speaker, count(*) AS n FROM quotes q JOIN story_articles s ON s.article_id = q.article_id "
                            "WHERE speaker IS NOT NULL AND NOT speaker_is_unnamed AND speaker LIKE '% %' "
                            "GROUP BY speaker ORDER BY n DESC, speaker LIMIT 1")  # fmt: skip
        speaker = speakers[0]["speaker"]
        origin = st.query("SELECT id FROM articles WHERE headline = ?", [ws.HOSTILE_HEADLINE])[0]["id"]
        copy = st.query("SELECT id FROM articles WHERE headline LIKE 'Flood shuts Riverton%'")[0]["id"]
        return {"story": story, "detail": detail, "speaker": speaker, "speaker_hits": search(st, speaker=speaker).total,
                "hostile_story": story_of(st, origin), "hostile_origin": origin, "hostile_copy": copy}  # fmt: skip


@pytest.fixture(scope="module")
def server(store_path):
    """The app under uvicorn on 127.0.0.1, on a port the OS picks; yields its base URL."""
    import uvicorn

    from newstrace.web import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(store_path), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="module")
def report_url(store_path, tmp_path_factory):
    out = tmp_path_factory.mktemp("browser") / "report.html"
    with Store(store_path, read_only=True) as st:
        build_report(st, out)
    return out.as_uri()


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh page that records script errors, console errors (CSP violations among them) and dialogs."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    pg.problems = []
    pg.on("pageerror", lambda e: pg.problems.append(f"pageerror: {e}"))
    pg.on("console", lambda m: pg.problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    pg.on("dialog", lambda d: (pg.problems.append(f"dialog: {d.message}"), d.dismiss()))
    yield pg
    ctx.close()


def shot(page, name: str, full: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full)


def test_app_story_graph_then_a_copy_diff(server, facts, page):
    story, detail = facts["story"], facts["detail"]
    page.goto(f"{server}/stories")
    shot(page, "app-stories")
    page.locator(f'table.story-list a[href="{WebLinks().story(story.id)}"]').click()
    page.wait_for_url(f"**/stories/{story.id}")
    graph = page.locator("svg.graph")
    graph.scroll_into_view_if_needed()
    assert graph.is_visible()
    assert page.locator("svg.graph g.node").count() >= len(detail.members)
    assert page.locator("svg.graph path.edge").count() >= 1
    assert page.locator(".legend").first.is_visible()
    shot(page, "app-story-graph")
    copy_node = page.locator("svg.graph g.node.r-copy a").first
    copy_node.click()
    page.wait_for_url("**/diff?origin=*")
    table = page.locator("table.diff")
    assert table.is_visible() and page.locator("table.diff tbody tr").count() >= 1
    assert page.locator("table.diff ins").count() + page.locator("table.diff del").count() >= 1
    shot(page, "app-diff")
    assert page.problems == []


def test_app_search_by_speaker(server, facts, page):
    name = facts["speaker"]
    page.goto(f"{server}/search")
    page.fill("#search-speaker", name)
    page.locator("#search-form button[type=submit]").click()
    page.wait_for_url("**/search?*speaker=*")
    assert page.locator("#search-total").inner_text().startswith(f"{facts['speaker_hits']} article")
    rows = page.locator("#results tbody tr")
    assert rows.count() == min(facts["speaker_hits"], 50)
    shot(page, "app-search-speaker")
    rows.first.locator("a", has_text="story").click()
    page.wait_for_url("**/stories/*")
    assert page.locator("table.quotes", has_text=name).count() + page.locator(".chip", has_text=name).count() >= 1
    # the speakers page filters by name, accents and case ignored
    page.goto(f"{server}/speakers")
    page.fill("#speaker-q", name.split()[-1].upper())
    page.keyboard.press("Enter")
    page.wait_for_url("**/speakers?q=*")
    assert page.locator("#speaker-list tbody tr", has_text=name).count() == 1
    assert page.problems == []


def test_report_story_graph_diff_and_speaker_filter(report_url, facts, page):
    story, detail = facts["story"], facts["detail"]
    links = ReportLinks()
    page.goto(report_url)
    assert page.locator("#index").is_visible()
    assert page.locator("section.story").first.is_hidden()  # one story at a time
    shot(page, "report-index")
    page.locator(f'#story-list a[href="{links.story(story.id)}"]').click()
    section = page.locator(f"#{links.story_id(story.id)}")
    assert section.is_visible() and page.locator("#index").is_hidden()
    graph = section.locator("svg.graph")
    graph.scroll_into_view_if_needed()
    assert section.locator("svg.graph g.node").count() >= len(detail.members)
    shot(page, "report-story-graph")
    section.locator("table.copies a.difflink").first.click()
    panel = page.locator(".diffpanel:target")
    assert panel.is_visible() and section.is_visible()
    assert panel.locator("table.diff tbody tr").count() >= 1
    assert panel.locator("ins").count() + panel.locator("del").count() >= 1
    shot(page, "report-diff")
    # back to the index, then filter the speakers by a name and follow it to its story
    section.locator("a", has_text="All stories").click()
    assert page.locator("#index").is_visible()
    name = facts["speaker"]
    page.fill("#q", name)
    speakers = page.locator("#speaker-list tbody tr:visible")
    assert speakers.count() >= 1 and all(name.lower() in t.lower() for t in speakers.all_inner_texts())
    assert page.locator("#story-list tbody tr:visible").count() < page.locator("#story-list tbody tr").count()
    page.locator("#speakers").scroll_into_view_if_needed()
    shot(page, "report-speaker-filter")
    speakers.first.locator("a.speaker-story").first.click()
    assert page.locator("section.story:target").is_visible()
    assert page.locator("section.story:target table.quotes", has_text=name).count() >= 1
    assert page.problems == []


def test_hostile_text_stays_text_in_the_browser(server, report_url, facts, page):
    links = WebLinks()
    urls = [f"{server}{links.story(facts['hostile_story'])}", f"{server}{links.article(facts['hostile_copy'])}",
            f"{server}{links.diff(facts['hostile_copy'], facts['hostile_origin'])}",
            f"{report_url}{ReportLinks().story(facts['hostile_story'])}"]  # fmt: skip
    for url in urls:
        page.goto(url)
        page.wait_for_timeout(200)
        for sel in ("img", "iframe", "[onerror]", "[onload]", "[onmouseover]", 'a[href^="javascript:"]', "svg:not([class])"):
            assert page.locator(sel).count() == 0, (url, sel)
        assert page.get_by_text("<script>alert('nt-script')</script>", exact=False).count() >= 1, url
    page.goto(urls[0])
    shot(page, "app-hostile-story")
    assert page.problems == []
