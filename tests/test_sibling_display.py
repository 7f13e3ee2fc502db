"""How sibling groups (copies of an inferred common source) and identical inputs are presented by ``trace --json``,
``export``, ``show`` and the web app: each record names what its changes are read against, ``show`` and the
article page keep a member's own records apart from the other members', and an article stored from two
inputs with the same text says they are identical copies.

Run on the web test store (tests/_webstore.py: the provenance corpus and the seeds from ../shared, read
at run time). Story i (cnn-cnet-ai-corrections) has a four-copy sibling group whose original is
only the reference side; story c (bbc defectors) a group where some copies are read against another copy;
story o ships two copies of one text under two URLs.
"""

from __future__ import annotations

import json
import re
import shutil

import _webstore as ws
import pyarrow.parquet as pq
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.export import export_tables
from newstrace.report.views import alias_sources
from newstrace.store import Store
from newstrace.web import create_app
from newstrace.web.queries import Alias, identical_sources


@pytest.fixture(scope="module")
def traced(store_path, tmp_path_factory):
    """A copy of the web store and its ``trace --json`` rows (resolved graph)."""
    folder = tmp_path_factory.mktemp("display")
    path = folder / "s.duckdb"
    shutil.copyfile(store_path, path)
    result = CliRunner().invoke(app, ["trace", "--store", str(path), "--json", "--output", str(folder / "r.jsonl")])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in (folder / "r.jsonl").read_text(encoding="utf-8").splitlines()]
    return path, rows


@pytest.fixture(scope="module")
def client(store_path):
    with TestClient(create_app(store_path), base_url="http://127.0.0.1") as c:
        yield c


def _id(store_path, prefix: str, name: str) -> str:
    with Store(store_path, read_only=True) as st:
        (aid,) = st.resolve(str(ws.corpus_file(prefix, name)))
    return aid


def _show(path, ref: str, tmp_path, *extra: str) -> str:
    out = tmp_path / "show.txt"
    result = CliRunner().invoke(app, ["show", ref, "--store", str(path), "--output", str(out), *extra])
    assert result.exit_code == 0, result.output
    return re.sub(r"\s+", " ", out.read_text(encoding="utf-8"))


def compared_with(origin_id, sibling_ids):
    """What a record is aligned with: its stored origin, else the sibling stored first (graph.resolve_links)."""
    return origin_id or (sibling_ids or [None])[0]


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_each_record_names_the_article_its_changes_are_read_against(traced):
    path, rows = traced
    siblings = [r for r in rows if r["inferred_source"]]
    assert siblings
    with Store(path, read_only=True) as st:
        texts = {a: _fold(st.get_article(a).headline + " " + st.get_article(a).text)
                 for r in siblings for a in (r["copy_id"], r["compared_with"])}  # fmt: skip
        sources = st.source_labels(texts)
    read_against_a_copy = 0
    for r in siblings:
        assert r["compared_with"] == r["sibling_ids"][0] == compared_with(r["origin_id"], r["sibling_ids"])
        assert r["compared_with_source"] == sources[r["compared_with"]]
        roles = {m["id"]: m["role"] for m in r["sibling_group"]}
        read_against_a_copy += roles[r["compared_with"]] == "copy"
        for c in r["changes"]:
            if c["kind"] == "reworded":  # the origin side of a reworded sentence is the compared-with article's text
                assert _fold(c["origin_text"])[:40] in texts[r["compared_with"]], (r["copy_source"], c)
                assert _fold(c["copy_text"])[:40] in texts[r["copy_id"]], (r["copy_source"], c)
    # story c's group: a copy read against another copy, not against the group's reference member
    assert read_against_a_copy >= 1
    for r in rows:
        if not r["inferred_source"]:
            assert r["compared_with"] == r["origin_id"] and r["compared_with_source"] == r["origin_source"]


def test_export_derivations_name_the_same_compared_with(traced, tmp_path):
    path, rows = traced
    with Store(path, read_only=True) as st:
        export_tables(st, tmp_path, "parquet", ("derivations",))
    table = pq.read_table(tmp_path / "derivations.parquet").to_pylist()
    want = {(r["copy_id"], r["compared_with"], r["compared_with_source"]) for r in rows}
    assert {(r["copy_id"], r["compared_with"], r["compared_with_source"]) for r in table} == want


def test_show_of_a_reference_sibling_lists_every_sibling_record_with_its_kind_and_changes(traced, tmp_path):
    path, _rows = traced
    original = _id(path, "i", "01-original.txt")
    text = _show(path, original, tmp_path)
    with Store(path, read_only=True) as st:
        records = [d for d in st.derivations(original) if d.inferred_source]
        labels = st.source_labels([d.copy_id for d in records])
    assert len(records) >= 3  # the verbatim, spun and AI-rewritten copies
    for d in records:
        assert labels[d.copy_id] in text
        assert f"kind {d.kind}" in text or f"{d.kind}, score {d.score:.3f}" in text
        if compared_with(d.origin_id, d.sibling_ids) == original:
            assert f"sibling {labels[d.copy_id]}: a copy of the same inferred source, its changes read against this article" in text
            assert f"Changes ({len(d.changes)})" in text
    assert " and 2 more" not in text
    assert "Alignment (sibling | copy)" in text and "Alignment (origin | copy)" not in text
    assert "sibling = this article" in text  # who "sibling" is in "dates: copy ..., sibling ..."


def test_show_of_a_copy_says_what_its_changes_are_read_against(traced, tmp_path):
    path, rows = traced
    with Store(path, read_only=True) as st:
        labels = st.source_labels({r["compared_with"] for r in rows} | {r["copy_id"] for r in rows})
    for r in rows:
        if not r["inferred_source"]:
            continue
        text = _show(path, r["copy_id"], tmp_path)
        against = labels[r["compared_with"]]
        assert f"changes read against {against}" in text
        assert f"copy = this article; sibling = {against}" in text


def test_the_article_page_keeps_other_siblings_records_apart(client, store_path):
    for name in ("01-original.txt", "02-copy-verbatim.txt", "03-copy-spun.txt"):
        aid = _id(store_path, "i", name)
        page = client.get(f"/api/articles/{aid}").json()
        links = page["links"]
        assert links
        for link in links:
            theirs = link["copy_id"] != aid and link["compared_with_id"] != aid
            assert link["own"] is not theirs
            if link["copy_id"] == aid:
                assert link["role"] in ("copy of", "sibling of")
            elif theirs:
                assert link["role"] == "sibling group member" and link["other_id"] == link["copy_id"]
        html = client.get(f"/articles/{aid}").text
        mine, _, group = html.partition('id="sibling-group"')
        for link in links:
            if not link["own"]:  # the other member is named in the group list, with what it is read against
                assert f'href="/articles/{link["copy_id"]}"' in group
                assert f'href="/articles/{link["compared_with_id"]}"' in group
                assert f"/articles/{link['copy_id']}/diff" not in mine
    # the verbatim copy is read against the original: the spun and AI copies' records are not its own
    verbatim = client.get(f"/api/articles/{_id(store_path, 'i', '02-copy-verbatim.txt')}").json()["links"]
    assert sum(not link["own"] for link in verbatim) >= 2


def test_the_derivations_api_carries_the_documented_group_fields(client, store_path, traced):
    _path, rows = traced
    aid = _id(store_path, "i", "02-copy-verbatim.txt")
    got = client.get(f"/api/articles/{aid}/derivations").json()
    assert got
    by_copy = {r["copy_id"]: r for r in rows}
    for r in got:
        want = by_copy[r["copy_id"]]
        for key in ("inferred_source_id", "sibling_group", "compared_with", "compared_with_source"):
            assert r[key] == want[key], key
    assert all(r["inferred_source_id"] and r["sibling_group"] for r in got)


def test_the_story_page_counts_the_copies_its_table_lists(client, store_path):
    aid = _id(store_path, "i", "01-original.txt")
    story = client.get(f"/api/articles/{aid}").json()["story_id"]
    detail = client.get(f"/api/stories/{story}").json()
    listed = len({e["copy_id"] for e in detail["edges"]})
    html = client.get(f"/stories/{story}").text
    meta = html.split('<p class="meta">', 1)[1].split("</p>", 1)[0]
    # the total is the one `stories` and the report's index give; the split says what the table lists
    assert f"{detail['story']['n_copies']} copies" in meta
    if detail["story"]["n_copies"] > listed:
        assert f"{listed} listed, {detail['story']['n_copies'] - listed} reference sibling" in meta


def test_identical_inputs_stored_as_one_article_are_said_to_be_identical_copies(traced, client, tmp_path):
    path, _rows = traced
    aid = _id(path, "o", "02-copy-verbatim.txt")
    assert _id(path, "o", "03-copy-verbatim.txt") == aid  # the same text under two URLs: one article
    urls = [ws.url_of(ws.corpus_file("o", n)) for n in ("02-copy-verbatim.txt", "03-copy-verbatim.txt")]
    text = _show(path, aid, tmp_path)
    assert "Identical copies: these 2 inputs have the same text" in text
    assert all(u in text for u in urls)
    assert "it is not a copy of, nor copied by, any stored article" not in text
    page = client.get(f"/api/articles/{aid}").json()
    assert sorted(page["identical_sources"]) == sorted(urls)
    assert 'id="identical-copies"' in client.get(f"/articles/{aid}").text


def test_identical_sources_are_named_alike_by_show_and_the_web():
    # invented input records: two records of one JSONL file, a WARC record, one page saved in two folders
    rows = [
        {"path": "feed.jsonl", "format": "jsonl", "record": 0, "line": 1, "url": None},
        {"path": "feed.jsonl", "format": "jsonl", "record": 2, "line": 7, "url": None},
        {"path": "crawl.warc.gz", "format": "warc", "record": 4, "line": None, "url": None},
        {"path": "a/page.html", "format": "html", "record": None, "line": None, "url": "https://calder.example/x"},
        {"path": "b/page.html", "format": "html", "record": None, "line": None, "url": "https://calder.example/x"},
    ]
    want = [("feed.jsonl:1", None), ("feed.jsonl:7", None), ("crawl.warc.gz#4", None),
            ("https://calder.example/x", "a/page.html; b/page.html")]
    assert alias_sources(rows) == want
    # the web names each record where errors and `show` do (it wrote "feed.jsonl" for record 0, "feed.jsonl #2")
    assert identical_sources([Alias(**r) for r in rows]) == [w for w, _ in want]
    assert identical_sources([Alias(**rows[3]), Alias(**rows[4])]) == []  # one page saved twice: one source


def test_one_page_saved_twice_is_one_source_not_identical_copies(traced, tmp_path):
    path, _rows = traced
    with Store(path, read_only=True) as st:
        twice = [r["article_id"] for r in st.query(
            "SELECT article_id FROM aliases GROUP BY 1 HAVING count(*) > 1 AND count(DISTINCT url) = 1 "
            "AND count(url) = count(*) ORDER BY 1")]  # fmt: skip
    assert twice  # the corpus ships pages saved under two stories' folders
    text = _show(path, twice[0], tmp_path)
    assert "Identical copies" not in text
    assert text.count(" source: ") == 1


def test_a_siblings_diff_names_its_left_side_sibling_not_origin(client, traced):
    _path, rows = traced
    r = next(r for r in rows if r["inferred_source"] and r["changes"])
    html = client.get(f"/articles/{r['copy_id']}/diff", params={"origin": r["inferred_source_id"]}).text
    assert "<th>Sibling</th><th>Copy</th>" in html and "<th>Origin</th><th>Copy</th>" not in html


def test_a_story_of_sibling_copies_takes_a_copys_headline_not_an_independent_members(store_path):
    """Copies of the missing BBC story (story c) with the first seed, an independent AP report that
    is the only dated member: the story's headline is a copy's, not the seed's (new-user finding)."""
    from newstrace.stories.query import get_story, story_of

    copy_id = _id(store_path, "c", "02-copy-verbatim.txt")
    with Store(store_path, read_only=True) as st:
        story = get_story(st, story_of(st, copy_id))
        heads = {i: st.get_article(i).headline for i in story.article_ids}
        independent = set(story.independent_ids)
    assert story.headline and story.headline not in {heads[i] for i in independent}
    assert story.headline in {h for i, h in heads.items() if i not in independent}
