"""``newstrace stories --no-update``: the stories as last clustered, read-only, beside a process that
holds the store (``newstrace serve``), and a clear error where none are stored yet.

The store is the shared web test store (tests/_webstore.py: the provenance corpus and seeds read
from ../shared at run time, plus invented articles), copied per test because the CLI may write it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from _webstore import invoke_wide as invoke

from newstrace.store import Store
from newstrace.stories import list_stories, stories_stale


def _story_runs(path: Path) -> int:
    with Store(path, read_only=True) as st:
        return st.query("SELECT count(*) AS n FROM story_runs")[0]["n"]


class _Holder:
    """Another process holding the store as ``serve`` does (a read-only DuckDB connection)."""

    def __init__(self, path: Path) -> None:
        code = ("import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); "
                "print('open', flush=True); time.sleep(60)")  # fmt: skip
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, text=True)

    def __enter__(self) -> _Holder:
        assert self.proc.stdout.readline().strip() == "open"
        return self

    def __exit__(self, *exc) -> None:
        self.proc.kill()
        self.proc.wait()


def test_no_update_lists_the_stored_stories_beside_a_process_holding_the_store(copy):
    with Store(copy, read_only=True) as st:
        expected = [s.id for s in list_stories(st, limit=100_000).stories]
    runs = _story_runs(copy)
    with _Holder(copy):
        plain = invoke("stories", "--store", copy)  # clustering needs the write lock
        listed = invoke("stories", "--store", copy, "--no-update", "--json", "--limit", "0")
        one = invoke("stories", expected[0], "--store", copy, "--no-update", "--json")
    assert plain.exit_code == 2 and "is open in another process" in plain.stderr
    assert "newstrace stories --no-update" in plain.stderr  # the error says what works instead
    assert listed.exit_code == 0, listed.output
    assert [json.loads(line)["id"] for line in listed.stdout.splitlines()] == expected
    assert "Warning" not in listed.stderr  # the stories are up to date
    assert one.exit_code == 0, one.output
    assert json.loads(one.stdout)["story"]["id"] == expected[0]
    assert _story_runs(copy) == runs  # nothing written


def test_no_update_without_stored_stories_is_a_clear_error(copy):
    with Store(copy) as st:
        for table in ("story_keys", "story_links", "story_articles", "story_runs"):
            st.execute(f"DELETE FROM {table}")
    result = invoke("stories", "--store", copy, "--no-update")
    assert result.exit_code == 2
    assert f"Error: no stories are stored in {copy} yet" in result.stderr
    assert "without --no-update" in result.stderr
    with Store(copy, read_only=True) as st:
        assert stories_stale(st) and _story_runs(copy) == 0  # still nothing clustered


def test_no_update_on_stale_stories_warns_and_shows_them_as_last_clustered(copy):
    with Store(copy) as st:
        st.execute("UPDATE story_runs SET trace_run_id = trace_run_id - 1")  # a trace run the stories have not seen
        assert stories_stale(st)
    result = invoke("stories", "--store", copy, "--no-update", "--limit", "3")
    assert result.exit_code == 0, result.output
    assert "Warning: the stories are out of date" in result.stderr
    assert "stories (showing 1-3, largest first)" in result.stdout
    with Store(copy, read_only=True) as st:
        assert stories_stale(st)  # not brought up to date


def test_no_update_and_full_contradict_each_other(copy):
    result = invoke("stories", "--store", copy, "--no-update", "--full")
    assert result.exit_code == 2 and "Error: --full re-clusters the store" in result.stderr


def test_no_update_on_a_missing_store_is_a_store_error(tmp_path):
    missing = tmp_path / "none.duckdb"
    result = invoke("stories", "--store", missing, "--no-update")
    assert result.exit_code == 2 and result.stderr.startswith("Error: ")
    assert not missing.exists()
