"""``newstrace stories STORY`` by story-id prefix, and ``report`` bringing stale stories up to date as ``export`` does.

The store is the shared web test store (tests/_webstore.py: the provenance corpus and seeds read
from ../shared at run time, plus invented articles), copied per test because the CLI may write it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from _webstore import invoke_wide as invoke

from newstrace.store import Store
from newstrace.stories import find_stories, list_stories, stories_stale, update_stories


@pytest.fixture(scope="module")
def story_ids(store_path) -> list[str]:
    with Store(store_path, read_only=True) as st:
        return [s.id for s in list_stories(st, limit=100_000).stories]


def shortest_unique_prefix(ids: list[str], sid: str) -> str:
    for n in range(5, len(sid) + 1):  # "S" + at least 4 hex digits
        if sum(i.startswith(sid[:n]) for i in ids) == 1:
            return sid[:n]
    raise AssertionError(sid)


def test_a_story_id_prefix_shows_that_story(copy, story_ids):
    assert len(story_ids) > 10
    sid = story_ids[0]
    prefix = shortest_unique_prefix(story_ids, sid)
    for ref in (prefix, prefix.lower(), sid):  # case does not matter; the whole id still works
        result = invoke("stories", ref, "--store", copy, "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["story"]["id"] == sid


def test_an_unknown_or_too_short_prefix_is_a_clear_error(copy, story_ids):
    unknown = next(f"S{n:04x}" for n in range(65536) if not any(i.startswith(f"S{n:04x}") for i in story_ids))
    for ref in (unknown, story_ids[0][:4]):  # no such story; "S" + 3 digits is too short to be a prefix
        result = invoke("stories", ref, "--store", copy)
        assert result.exit_code == 2
        assert f"Error: no story or article matches {ref!r}" in result.stderr
        assert "at least 4 hex digits" in result.stderr


def test_an_ambiguous_prefix_lists_the_stories_it_matches(copy, monkeypatch):
    """Story ids made to share their first digits (the clustering's id function patched), then a prefix of them."""
    from newstrace.stories import cluster

    monkeypatch.setattr(cluster, "story_id_for", lambda root: "Sabcd" + hashlib.sha1(root.encode()).hexdigest()[:8])
    listed = invoke("stories", "--store", copy, "--json", "--limit", "0")
    assert listed.exit_code == 0, listed.output
    ids = [json.loads(line)["id"] for line in listed.stdout.splitlines()]
    assert len(ids) > 10 and all(i.startswith("Sabcd") for i in ids)
    result = invoke("stories", "Sabcd", "--store", copy)
    assert result.exit_code == 2
    assert re.search(rf"Error: 'Sabcd' matches {len(ids)} stories: Sabcd[0-9a-f]{{8}} \(", result.stderr)
    assert "give a longer id" in result.stderr
    one = invoke("stories", ids[3][:9], "--store", copy, "--json")
    assert one.exit_code == 0 and json.loads(one.stdout)["story"]["id"] == ids[3]
    with Store(copy, read_only=True) as st:
        assert find_stories(st, "sABCD") == sorted(ids) and find_stories(st, "Sab") == []


def _forget_stories(path: Path) -> None:
    """The store as after ingest and trace, before any ``newstrace stories``."""
    with Store(path) as st:
        for table in ("story_keys", "story_links", "story_articles", "story_runs"):
            st.execute(f"DELETE FROM {table}")
        assert stories_stale(st)


def test_report_before_stories_brings_them_up_to_date_as_export_does(copy, store_path, tmp_path):
    with Store(store_path, read_only=True) as st:
        expected = list_stories(st, limit=100_000).total
    _forget_stories(copy)
    out = tmp_path / "r.html"
    result = invoke("report", "--store", copy, "-o", out, "--limit", "0")
    assert result.exit_code == 0, result.output
    assert "Warning" not in result.stderr and f"{expected} of {expected} stories" in result.stderr
    with Store(copy, read_only=True) as st:
        assert not stories_stale(st) and list_stories(st, limit=100_000).total == expected
    # the same as export's path: a second run finds nothing stale and writes nothing
    with Store(copy, read_only=True) as st:
        runs = st.query("SELECT count(*) AS n FROM story_runs")[0]["n"]
    for command in (["report", "-o", out], ["export", "-f", "csv", "-o", tmp_path / "x"]):
        assert invoke(*command, "--store", copy).exit_code == 0
    with Store(copy, read_only=True) as st:
        assert st.query("SELECT count(*) AS n FROM story_runs")[0]["n"] == runs


def test_report_no_update_keeps_the_stories_as_last_clustered_and_warns(copy, tmp_path):
    _forget_stories(copy)
    result = invoke("report", "--store", copy, "-o", tmp_path / "r.html", "--no-update")
    assert result.exit_code == 0, result.output
    assert "Warning: no stories are stored" in result.stderr and "0 of 0 stories" in result.stderr
    with Store(copy, read_only=True) as st:
        assert stories_stale(st)



def test_report_on_a_stale_store_another_process_reads_warns_and_goes_on(copy, tmp_path):
    """`serve` holds the store read-only: report cannot update the stories, says so, and still writes the report."""
    import subprocess
    import sys

    _forget_stories(copy)
    holder = subprocess.Popen([sys.executable, "-c", "import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); "
                               "print('open', flush=True); time.sleep(60)", str(copy)], stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "open"
        out = tmp_path / "r.html"
        result = invoke("report", "--store", copy, "-o", out, "--limit", "0")
    finally:
        holder.kill()
        holder.wait()
    assert result.exit_code == 0, result.output
    assert "Warning: the stories are out of date but were not updated" in result.stderr and out.exists()
    with Store(copy, read_only=True) as st:
        assert stories_stale(st)

def test_stories_go_stale_when_trace_runs_after_them(copy):
    with Store(copy) as st:
        assert not stories_stale(st)
        st.execute("UPDATE story_runs SET trace_run_id = trace_run_id - 1")  # a trace run the stories have not seen
        assert stories_stale(st)
        update_stories(st)
        assert not stories_stale(st)


def test_the_story_list_marks_ingestion_days_as_such(copy):
    """Real stories whose articles carry no date list the day they were ingested: it must say so,
    as the timeline does, while stories with a dated member list their dates unmarked."""
    with Store(copy, read_only=True) as st:
        stories = list_stories(st, limit=100_000).stories
    undated = [s for s in stories if s.seen_ingested]
    assert undated and len(undated) < len(stories)  # both kinds are in the real data
    assert all(s.first_seen for s in undated)
    out = invoke("stories", "--store", copy, "--limit", 0)
    assert out.exit_code == 0, out.output
    # each undated story marks both its first and its last seen day (rich may wrap the cell)
    assert out.output.count("(ingested)") == 2 * len(undated)
    one = undated[0]
    detail = invoke("stories", "--store", copy, one.id)
    assert f"{one.first_seen} (ingested) .. {one.last_seen} (ingested)" in detail.output


def test_a_story_without_headline_says_so_in_the_table(copy):
    """A story whose members have no headline showed a blank cell (new-user test); it reads "(no headline)"."""
    with Store(copy, read_only=True) as st:
        untitled = [s.id for s in list_stories(st, limit=100_000).stories if not s.headline]
    assert untitled, "the test store has stories without a headline (excerpts starting with furniture)"
    result = invoke("stories", "--store", copy, "--limit", "1000")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if untitled[0][:8] in line]
    assert rows and "(no headline)" in rows[0]
