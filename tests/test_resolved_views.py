"""Every view shows the resolved graph the store keeps (:mod:`newstrace.store.resolved`), as ``trace`` prints it:
the web app (article page, story pages, API), the report and ``export``; every verified pair stays one option away.

Real pages read at run time from ../shared (the web test store, tests/_webstore.py). One test store gets an
extra verified pair, made from the real h 02 <- h 01 link re-targeted at the independent h 04 report with half
the origin coverage: a copy verified against two origins that no chain relates, as trace stores it for two
versions of one wire story.
"""

from __future__ import annotations

import shutil
from datetime import datetime, timezone

import _webstore as ws
import pyarrow.parquet as pq
import pytest
from fastapi.testclient import TestClient

from newstrace.export import export_tables
from newstrace.provenance.graph import resolve
from newstrace.report import build_report
from newstrace.report.views import anchor
from newstrace.store import Store
from newstrace.store.records import origin_key
from newstrace.stories import story_detail, story_of, update_stories
from newstrace.web import create_app


def _ids(st: Store, *names: str) -> list[str]:
    return [st.resolve(ws.url_of(ws.corpus_file("h", n)))[0] for n in names]


@pytest.fixture(scope="module")
def two_origins(store_path, tmp_path_factory):
    """A copy of the web test store where h 02 has a second verified origin, h 04. Yields (path, h01, h02, h04)."""
    path = tmp_path_factory.mktemp("two_origins") / "s.duckdb"
    shutil.copyfile(store_path, path)
    with Store(path) as st:
        h01, h02, h04 = _ids(st, "01-original.txt", "02-copy-edited.txt", "04-independent.txt")
        (real,) = [d for d in st.derivations(h02, resolved=False) if d.copy_id == h02 and d.origin_id == h01]
        second = real.model_copy(update={"origin_id": h04, "origin_source": ws.url_of(ws.corpus_file("h", "04-independent.txt")),
                                         "origin_coverage": real.origin_coverage / 2, "direction_evidence": []})  # fmt: skip
        st.replace_derivations([second], [h04], mode="incremental", max_seq=st.max_seq(), new_articles=0,
                               started_at=datetime.now(timezone.utc).replace(tzinfo=None))  # fmt: skip
        update_stories(st)
        every = [(d.copy_id, d.origin_id) for d in st.derivations(h02, resolved=False) if d.copy_id == h02 and d.origin_id]
        assert sorted(every) == sorted([(h02, h01), (h02, h04)])  # both pairs stored
    return path, h01, h02, h04


def test_a_copy_with_two_verified_origins_shows_one_in_the_article_page_and_api(two_origins):
    path, h01, h02, h04 = two_origins
    with TestClient(create_app(path), base_url="http://127.0.0.1") as c:
        page = c.get(f"/api/articles/{h02}").json()
        assert [(x["role"], x["other_id"]) for x in page["links"] if x["copy_id"] == h02] == [("copy of", h01)]
        html = c.get(f"/articles/{h02}").text
        assert f"/articles/{h01}" in html and f"/articles/{h04}" not in html
        assert [d["origin_id"] for d in c.get(f"/api/articles/{h02}/derivations").json()] == [h01]
        every = c.get(f"/api/articles/{h02}", params={"all_pairs": "true"}).json()
        # (h 02's sibling link to h 03 is left out: these are its verified origins)
        assert sorted(x["other_id"] for x in every["links"] if x["copy_id"] == h02 and x["role"] == "copy of") == sorted([h01, h04])
        pairs = c.get(f"/api/articles/{h02}/derivations", params={"all_pairs": "true"}).json()
        assert sorted(d["origin_id"] for d in pairs if d["copy_id"] == h02 and d["origin_id"]) == sorted([h01, h04])
        # h 04 is nobody's origin in the resolved graph: its page lists no link
        assert c.get(f"/api/articles/{h04}").json()["links"] == []
        story = c.get(f"/api/stories/{story_of_path(path, h02)}").json()
        assert [(e["origin_id"], e["copy_id"]) for e in story["edges"] if e["copy_id"] == h02] == [(h01, h02)]


def story_of_path(path, article_id: str) -> str:
    with Store(path, read_only=True) as st:
        return story_of(st, article_id)


def test_a_copy_with_two_verified_origins_shows_one_in_the_report(two_origins, tmp_path):
    path, h01, h02, h04 = two_origins
    with Store(path, read_only=True) as st:
        summary = build_report(st, tmp_path / "r.html", limit=0, max_diffs=0, jobs=1)
        n = st.counts()
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert f'id="{anchor("d", h02, h01)}"' in html  # the diff against its origin is there ...
    assert anchor("d", h02, h04) not in html  # ... the one against the second verified origin is not
    assert (summary.derivations, summary.pairs) == (n["resolved_links"], n["derivations"])
    assert summary.derivations < summary.pairs


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_a_copy_with_two_verified_origins_shows_one_in_export(two_origins, tmp_path, fmt):
    import csv

    path, h01, h02, h04 = two_origins

    def rows(folder):
        f = folder / f"derivations.{fmt}"
        if fmt == "parquet":
            return pq.read_table(f).to_pylist()
        with f.open(encoding="utf-8", newline="") as fh:
            return list(csv.DictReader(fh))

    with Store(path, read_only=True) as st:
        export_tables(st, tmp_path / "r", fmt, ("derivations", "changes"))
        export_tables(st, tmp_path / "a", fmt, ("derivations", "changes"), all_pairs=True)
    assert [r["origin_id"] for r in rows(tmp_path / "r") if r["copy_id"] == h02] == [h01]
    assert sorted(r["origin_id"] for r in rows(tmp_path / "a") if r["copy_id"] == h02 and r["origin_id"]) == sorted([h01, h04])


def test_a_sibling_link_of_a_copy_with_a_stored_origin_is_absent_from_story_pages(store_path):
    """Trace verifies two copies of one stored origin against each other too, and stores that as a sibling pair
    (copies of an inferred source); the story pages show each copy under its stored origin only."""
    with Store(store_path, read_only=True) as st:
        every = st.derivations(resolved=False)
        has_origin = {d.copy_id for d in every if d.origin_id}
        extra = [d for d in every if d.origin_id is None and d.copy_id in has_origin]
        assert extra, "the corpus has copies of a stored origin that trace also paired as siblings"
        with TestClient(create_app(store_path), base_url="http://127.0.0.1") as c:
            for d in extra:
                sid = story_of(st, d.copy_id)
                for detail in (story_detail(st, sid), story_detail(st, sid, max_articles=2, max_members=3)):
                    mine = [e for e in detail.edges if e.copy_id == d.copy_id]
                    listed = d.copy_id in {m.article_id for m in detail.members}
                    assert len(mine) == listed and all(not e.inferred_source for e in mine), d.copy_id
                api = c.get(f"/api/stories/{sid}").json()
                assert [e["inferred_source"] for e in api["edges"] if e["copy_id"] == d.copy_id] == [False]
                html = c.get(f"/stories/{sid}").text
                assert origin_key(d).removeprefix("inferred:") not in html  # no diff link of the sibling pair
        # the story summaries agree: no inferred source made of a copy that has its origin stored
        resolved = resolve(every)
        assert {(d.copy_id, d.origin_id) for d in st.derivations()} == {(d.copy_id, d.origin_id) for d in resolved}


def test_show_gives_a_sibling_group_once_with_every_members_record(store_path):
    """Copies of a missing source: `show` introduces the article's sibling group once, then gives every record of
    the group: in full when the article is its copy or the side it is read against, else as one line naming
    the member, its kind and what its changes are read against."""
    from typer.testing import CliRunner

    from newstrace.cli import app

    with Store(store_path, read_only=True) as st:
        groups = [d for d in st.derivations() if d.inferred_source and len(d.sibling_ids) >= 2]
        own = {d.copy_id for d in st.derivations() if d.inferred_source}
    assert groups, "the corpus has a sibling group of three copies or more"
    members = {m for d in groups for m in [d.copy_id, *d.sibling_ids]}
    without_record = sorted(members - own)
    assert without_record and own & members
    for article in (without_record[0], sorted(own & members)[0]):
        out = CliRunner().invoke(app, ["show", article, "--store", str(store_path)]).stdout
        flat = " ".join(out.split())
        assert flat.count("Sibling group of ") == 1, article
        with Store(store_path, read_only=True) as st:
            records = [d for d in st.derivations(article) if d.inferred_source]
            labels = st.source_labels([d.copy_id for d in records])
        assert len(records) >= 2
        for d in records:
            assert f"sibling {labels[d.copy_id]}" in flat or d.copy_id == article
        every = CliRunner().invoke(app, ["show", article, "--store", str(store_path), "--all-pairs"]).stdout
        assert "sibling" in every
