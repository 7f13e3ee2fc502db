"""``newstrace serve``: pages and JSON API over a read-only store, by their effects (status, headers, content, data).

The store is built at run time from ../shared plus invented articles (tests/_webstore.py).
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

import _webstore as ws
from newstrace.cli_web import _is_loopback
from newstrace.report.views import stored_key
from newstrace.store import Store, StoreNotFoundError
from newstrace.store.records import origin_key
from newstrace.stories import list_stories, search, story_detail
from newstrace.web import create_app
from newstrace.web.app import CSP


@pytest.fixture(scope="module")
def client(store_path):
    before = (store_path.stat().st_size, store_path.stat().st_mtime_ns)
    with TestClient(create_app(store_path), base_url="http://127.0.0.1") as c:
        yield c
    assert (store_path.stat().st_size, store_path.stat().st_mtime_ns) == before  # read-only: never written


@pytest.fixture(scope="module")
def store(store_path):
    with Store(store_path, read_only=True) as st:
        yield st


def biggest_story(store):
    """The largest story with copies (data-driven, not a fixed id)."""
    for s in list_stories(store, limit=50, min_articles=2).stories:
        if s.n_copies:
            return s
    raise AssertionError("no story with copies")


def test_pages_answer_with_security_headers(client, store):
    s = biggest_story(store)
    a = s.article_ids[0]
    for path in ("/", "/stories", f"/stories/{s.id}", f"/articles/{a}", "/speakers", "/outlets", "/search",
                 "/search?q=venezuela", "/api", "/static/newstrace.css"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-security-policy"] == CSP
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'none'" in CSP and "'unsafe-inline'" not in CSP
    html = client.get(f"/stories/{s.id}").text
    assert "<style" not in html and not re.search(r"<script>(?!</script>)", html)  # nothing inline for the CSP to allow


def test_read_only_and_bound_to_the_loopback_names(client, store):
    assert client.app.state.access.store.read_only
    assert client.post("/stories").status_code == 405
    assert client.delete(f"/api/stories/{biggest_story(store).id}").status_code == 405
    # a page loaded from another site cannot reach the store through DNS rebinding
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 400
    assert _is_loopback("127.0.0.1") and _is_loopback("::1") and _is_loopback("localhost")
    assert not _is_loopback("0.0.0.0") and not _is_loopback("192.168.1.5")


def test_story_page_draws_graph_timeline_and_links_each_copy_to_its_diff(client, store):
    s = biggest_story(store)
    d = story_detail(store, s.id)
    html = client.get(f"/stories/{s.id}").text
    assert len(re.findall(r'<g class="node r-', html)) == len(d.members) + len({e.origin_key for e in d.edges
                                                                                if e.inferred_source})  # fmt: skip
    assert '<svg class="timeline"' in html or "Undated" in html
    for e in d.edges:
        assert f'href="/articles/{e.copy_id}/diff?origin=' in html
    # every diff link of the page opens
    for href in sorted(set(re.findall(r'href="(/articles/[0-9a-f]+/diff\?origin=[^"]+)"', html))):
        r = client.get(href.replace("&amp;", "&"))
        assert r.status_code == 200 and '<table class="diff">' in r.text


def test_diff_page_and_api_mark_the_changed_number(client, store):
    """The invented copy gives 270 where its origin gives 320."""
    (copy_id,) = [r["id"] for r in store.query("SELECT id FROM articles WHERE source_url = ? AND headline LIKE 'Flood%'",
                                               [ws.JS_URL])]  # fmt: skip
    (d,) = [d for d in store.derivations(copy_id) if d.copy_id == copy_id]
    html = client.get(f"/articles/{copy_id}/diff", params={"origin": d.origin_id}).text
    assert "<del>320</del>" in html and "<ins>270</ins>" in html
    data = client.get(f"/api/articles/{copy_id}/diff", params={"origin": d.origin_id}).json()
    assert data["copy_id"] == copy_id and data["origin_id"] == d.origin_id and data["derivation"]["kind"] == d.kind
    ops = {(s["op"], s["text"]) for row in data["rows"] for side in ("origin", "copy") for s in row[side]}
    assert ("del", "320") in ops and ("ins", "270") in ops
    assert data["aligned"] + data["changed"] == len(d.alignment)
    assert client.get(f"/articles/{copy_id}/diff", params={"origin": "0" * 40}).status_code == 404


def test_inferred_source_diffs_open_from_the_story(client, store):
    found = 0
    for s in list_stories(store, limit=100, min_articles=2).stories:
        for e in story_detail(store, s.id).edges:
            if e.inferred_source:
                r = client.get(f"/api/articles/{e.copy_id}/diff", params={"origin": stored_key(e)})
                assert r.status_code == 200 and r.json()["derivation"]["inferred_source"]
                assert r.json()["origin_id"] == e.sibling_ids[0]
                # the story's name for the whole sibling group opens the copy's best sibling link
                group = client.get(f"/api/articles/{e.copy_id}/diff", params={"origin": e.origin_key})
                assert group.status_code == 200 and group.json()["derivation"]["inferred_source"]
                found += 1
    assert found >= 2


def test_article_page_lists_its_links_quotes_and_text(client, store):
    s = biggest_story(store)
    d = story_detail(store, s.id)
    e = d.edges[0]
    html = client.get(f"/articles/{e.copy_id}").text
    art = store.get_article(e.copy_id)
    assert f'href="/stories/{s.id}"' in html
    assert html.count('class="difflink"') == len({(x.copy_id, origin_key(x)) for x in store.derivations(e.copy_id)})
    for q in art.quotes[:5]:
        assert _esc(q.content[:60]) in html
    assert _esc(art.text[:200].split("\n")[0]) in html
    data = client.get(f"/api/articles/{e.copy_id}").json()
    assert data["article"]["id"] == e.copy_id and data["story_id"] == s.id
    assert {(link["copy_id"], link["kind"]) for link in data["links"]} >= {(e.copy_id, e.kind)}
    # an id prefix redirects to the article
    r = client.get(f"/articles/{e.copy_id[:12]}", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == f"/articles/{e.copy_id}"


def test_api_matches_the_stories_api(client, store):
    page = client.get("/api/stories", params={"limit": 5}).json()
    ref = list_stories(store, limit=5)
    assert page["total"] == ref.total and [x["id"] for x in page["stories"]] == [x.id for x in ref.stories]
    s = biggest_story(store)
    assert client.get(f"/api/stories/{s.id}").json() == story_detail(store, s.id).model_dump(mode="json")
    assert client.get("/api/stories/Snope").status_code == 404
    assert client.get("/api/stories", params={"limit": 100_000}).status_code == 422
    assert client.get("/api/articles/nope").json() == {"detail": "no article 'nope' (the API takes full article ids)"}


def test_search_by_speaker_entity_text_and_outlet(client, store):
    speakers = client.get("/api/speakers", params={"limit": 5}).json()
    assert speakers and speakers[0]["quotes"] >= speakers[-1]["quotes"]
    name = speakers[0]["name"]
    ref = search(store, speaker=name)
    api = client.get("/api/search", params={"speaker": name}).json()
    assert api["total"] == ref.total > 0
    html = client.get("/search", params={"speaker": name}).text
    assert f"{ref.total} article" in html
    for h in ref.hits[:10]:
        assert f'href="/articles/{h.article_id}"' in html
    q = client.get("/speakers", params={"q": name.split()[-1].lower()}).text
    assert _esc(name) in q
    quotes = client.get("/api/speaker", params={"name": name}).json()
    assert len(quotes) == speakers[0]["quotes"]
    assert client.get("/api/search", params={"q": "Venezuela", "outlet": "washingtonpost"}).json()["total"] == \
        search(store, text="Venezuela", outlet="washingtonpost").total > 0  # fmt: skip
    assert client.get("/api/search", params={"entity": "Maduro"}).json()["total"] == search(store, entity="Maduro").total > 0


def test_outlets_count_articles_origins_and_copies(client, store):
    from newstrace.stories.detail import republications

    rows = client.get("/api/outlets", params={"limit": 1000}).json()
    # an input with exactly another outlet's article text (stored as that article) counts at its own
    # outlet too, as a verbatim copy
    ids = [r["article_id"] for r in store.query("SELECT DISTINCT article_id FROM aliases")]
    republished = sum(len(v) for v in republications(store, ids).values())
    assert republished >= 1  # the web test store holds one such republication
    assert sum(r["articles"] for r in rows) == store.counts()["articles"] + republished
    copies = {r["copy_id"] for r in store.query("SELECT DISTINCT copy_id FROM derivations")}
    assert sum(r["copies"] for r in rows) == len(copies) + republished
    top = rows[0]
    html = client.get("/outlet", params={"name": top["name"]}).text
    assert f"{top['articles']} article" in html


def test_list_pages_page_through_everything(client, store, monkeypatch):
    from newstrace.web import pages

    monkeypatch.setattr(pages, "PAGE", 10)
    total = list_stories(store, limit=0).total
    seen, offset = [], 0
    while True:
        html = client.get("/stories", params={"offset": offset}).text
        seen += re.findall(r'<tr data-key="([^"]+)"', html)
        nxt = re.search(r'href="/stories\?sort=size&amp;min_articles=1&amp;offset=(\d+)">Next', html)
        if not nxt:
            break
        offset = int(nxt.group(1))
    assert seen == [s.id for s in list_stories(store, limit=total).stories]
    assert f"{total - total % 10 + 1 if total % 10 else total - 9}–{total} of {total}" in html
    for path in ("/speakers", "/outlets", "/search?q=the"):
        r = client.get(path, params={"offset": 10})
        assert r.status_code == 200 and ("of " in r.text or "No " in r.text), path


def test_openapi_documents_the_json_api(client):
    spec = client.get("/openapi.json").json()
    paths = set(spec["paths"])
    assert {"/api/stories", "/api/stories/{story_id}", "/api/articles/{article_id}", "/api/articles/{article_id}/diff",
            "/api/search", "/api/speakers", "/api/outlets"} <= paths  # fmt: skip
    assert not any(p.startswith(("/stories", "/static", "/articles")) for p in paths)  # HTML pages are not API
    assert {"StoryDetail", "StoryPage", "DiffPage", "ArticlePage"} <= set(spec["components"]["schemas"])
    assert all(set(ops) == {"get"} for ops in spec["paths"].values())
    assert client.get("/docs").status_code == 404  # Swagger UI would load a CDN


def test_missing_store_fails_at_creation(tmp_path):
    with pytest.raises(StoreNotFoundError):
        create_app(tmp_path / "none.duckdb")


def test_serve_cli_refuses_a_missing_store(tmp_path):
    from typer.testing import CliRunner

    from newstrace.cli import app

    r = CliRunner().invoke(app, ["serve", "--store", str(tmp_path / "none.duckdb")])
    assert r.exit_code == 2 and "Error: no store at" in r.output


def _esc(text: str) -> str:
    """``text`` as Jinja2 autoescaping writes it."""
    from markupsafe import escape

    return str(escape(text))




def test_api_derivations_of_an_unknown_article_is_404(client, store):
    copy_id = store.query("SELECT copy_id FROM derivations LIMIT 1")[0]["copy_id"]
    assert client.get(f"/api/articles/{copy_id}/derivations").status_code == 200
    assert client.get(f"/api/articles/{copy_id}/derivations").json()
    for unknown in ("zzzz", copy_id[:8]):  # the API takes full ids; prefixes are for the HTML pages and the CLI
        assert client.get(f"/api/articles/{unknown}/derivations").status_code == 404


def test_the_story_list_marks_ingestion_days_as_such(client, store):
    """/stories marks first/last seen "(ingested)" for real stories whose articles carry no date, as the
    story page's timeline does, and leaves dated stories' days unmarked."""
    stories = {s.id: s for s in list_stories(store, limit=100_000).stories}
    html = client.get("/stories", params={"sort": "recent"}).text
    rows = dict(re.findall(r'<tr data-key="(S[0-9a-f]+)">(.*?)</tr>', html, re.DOTALL))
    assert rows
    seen = {sid: stories[sid].seen_ingested for sid in rows}
    assert set(seen.values()) == {True, False}  # both kinds on the page
    for sid, row in rows.items():
        assert row.count("(ingested)") == (2 if seen[sid] else 0), sid
        assert stories[sid].first_seen in row


def test_head_is_answered_wherever_get_is(client, store):
    """``curl -I``: HEAD gives GET's status and headers (Content-Length included) and no body; other methods stay 405."""
    s = biggest_story(store)
    a = s.article_ids[0]
    for path in ("/", "/stories", f"/stories/{s.id}", f"/articles/{a}", "/search?q=venezuela", "/api/stories",
                 f"/api/articles/{a}", "/openapi.json", "/static/newstrace.css", "/articles/zzzz"):  # fmt: skip
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code, path
        assert head.content == b"", path
        assert head.headers["content-length"] == str(len(got.content)), path
        assert head.headers["content-type"] == got.headers["content-type"]
        assert head.headers["content-security-policy"] == CSP
    assert client.head("/", headers={"host": "attacker.example"}).status_code == 400
    assert client.post("/").status_code == 405 and client.put(f"/api/articles/{a}").status_code == 405


def test_api_article_endpoints_say_they_take_full_ids_alike(client, store):
    """/api/articles/<prefix> and /api/articles/<prefix>/derivations give one 404 wording, naming the full id."""
    full = store.query("SELECT copy_id FROM derivations LIMIT 1")[0]["copy_id"]
    prefix = full[:8]
    matching = [r["id"] for r in store.query("SELECT id FROM articles WHERE starts_with(id, ?) ORDER BY seq", [prefix])]
    want = f"no article {prefix!r} (the API takes full article ids; it matches 1 stored article: {full})"
    assert matching == [full]
    for path in (f"/api/articles/{prefix}", f"/api/articles/{prefix}/derivations", f"/api/articles/{prefix}/diff?origin=x"):
        r = client.get(path)
        assert (r.status_code, r.json()) == (404, {"detail": want}), path
    for path in ("/api/articles/ffff0000ffff", "/api/articles/ffff0000ffff/derivations"):
        assert client.get(path).json() == {"detail": "no article 'ffff0000ffff' (the API takes full article ids)"}
    assert client.get(f"/api/articles/{full}").json()["article"]["id"] == full


def test_a_story_id_prefix_redirects_on_the_page_and_is_a_hinted_404_in_the_api(store_path, store):
    """/stories/S1a2b (the prefix `newstrace stories` takes) redirects to the story's page; the API takes full
    ids and its 404 names the story the prefix matches; an unknown id is a 404."""
    sid = biggest_story(store).id
    ids = [s.id for s in list_stories(store, limit=100_000).stories]
    prefix = next(sid[:k] for k in range(5, len(sid) + 1) if sum(i.startswith(sid[:k]) for i in ids) == 1)
    client = TestClient(create_app(store_path), base_url="http://127.0.0.1", follow_redirects=False)
    page = client.get(f"/stories/{prefix}")
    assert page.status_code == 307 and page.headers["location"].endswith(f"/stories/{sid}")
    api = client.get(f"/api/stories/{prefix}")
    assert api.status_code == 404 and sid in api.json()["detail"]
    assert client.get("/stories/Sffffffff").status_code == 404


def test_article_page_does_not_repeat_a_claims_unit_its_text_holds(client, store):
    """A claim such as "24-year-old" (unit "years old") read "24-year-old years old" (a new-user test);
    a unit the figure's text does not hold ("15", "people") is still shown."""
    rows = store.query("SELECT article_id, text, unit FROM claims WHERE unit IS NOT NULL")
    aged = next((r for r in rows if "year-old" in r["text"] and r["unit"].startswith("year")), None)
    assert aged, "the web test store has an age claim ('23-year-old' in the BBC story's copies)"
    page = client.get(f"/articles/{aged['article_id']}").text
    assert f"{aged['text']}</b> <small>{aged['unit']}</small>" not in page
    assert f"{aged['text']}</b>" in page


def test_story_page_names_identical_republications_of_a_member(client, store):
    """Story o: tracebok.org republished estoniaeducation.info's text unchanged; the two are one stored
    article, and its row on the story page names the other source (a new-user test found it only on
    the article page)."""
    from newstrace.stories import story_of

    ids = [r["id"] for r in store.query("SELECT id FROM articles")]
    identical = store.identical_sources(ids)
    hit = next(((aid, srcs) for aid, srcs in identical.items() if any("tracebok.org" in s for s in srcs)), None)
    assert hit, "the web test store holds story o's identical pair"
    aid, sources = hit
    page = client.get(f"/stories/{story_of(store, aid)}").text
    assert "identical text also at:" in page
    # the member is shown by its own source's outlet; the sources after its first are named
    assert all(s in page for s in sources[1:]), sources
