"""Sibling groups in ``newstrace trace --json`` and ``export``: every member of a group of copies of an inferred
common source is listed, with the group's id and its role, including the member that has no link of its own.

Story m of the provenance corpus is a sibling set: two papers' copies of a wire story missing from the
corpus, linked as siblings; one is the copy side of the pair, the other only its reference side. Run
on a copy of the web test store (tests/_webstore.py, built from ../shared at run time).
"""

from __future__ import annotations

import csv
import json
import shutil

import _webstore as ws
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.export import export_tables
from newstrace.schema import Derivation
from newstrace.store import Store
from newstrace.stories import get_story, story_of
from newstrace.stories.query import inferred_key

NEW_FIELDS = ("inferred_source_id", "sibling_group", "compared_with", "compared_with_source", "copy_identical_sources",
              "origin_identical_sources", "compared_with_identical_sources")


@pytest.fixture(scope="module")
def traced(store_path, tmp_path_factory):
    """A copy of the web store, its ``trace --json`` rows (resolved graph, then every pair) and its stored links."""
    folder = tmp_path_factory.mktemp("groups")
    path = folder / "s.duckdb"
    shutil.copyfile(store_path, path)
    runner = CliRunner()
    out = {}
    for name, extra in (("resolved", []), ("all", ["--all-pairs"])):
        result = runner.invoke(
            app, ["trace", "--store", str(path), "--json", "--output", str(folder / f"{name}.jsonl"), *extra]
        )
        assert result.exit_code == 0, result.output
        out[name] = [
            json.loads(line) for line in (folder / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        ]
    with Store(path, read_only=True) as st:
        links = {"resolved": st.derivations(), "all": st.derivations(resolved=False)}
        sources = st.source_labels({i for d in links["all"] for i in (d.copy_id, *d.sibling_ids)})
    return path, out, links, sources


def _members(rows: list[dict]) -> dict[str, set[str]]:
    """Inferred source id -> every article named by a sibling link of that group (copy or sibling)."""
    out: dict[str, set[str]] = {}
    for r in rows:
        if r["inferred_source"]:
            out.setdefault(r["inferred_source_id"], set()).update([r["copy_id"], *r["sibling_ids"]])
    return out


@pytest.mark.parametrize("which", ["resolved", "all"])
def test_every_member_of_a_sibling_group_is_listed_with_its_role_and_source(traced, which):
    _path, out, links, sources = traced
    rows = out[which]
    assert len(rows) == len(links[which])
    own = {r["copy_id"] for r in rows if r["inferred_source"]}
    members = _members(rows)
    # the real data has members with no record of their own
    assert members and any(m - own for m in members.values())
    for r in rows:
        if not r["inferred_source"]:
            assert r["inferred_source_id"] is None and r["sibling_group"] == []
            continue
        group = r["sibling_group"]
        ids = [g["id"] for g in group]
        assert r["inferred_source_id"] == inferred_key(ids)
        for g in group:
            assert g["source"] == sources[g["id"]]
        if which == "all":
            # every verified pair: the group is the pair itself (chaining every pair joined stored
            # origins and unrelated copies in one group: a new-user test), the record's copy first
            assert ids == [r["copy_id"], *r["sibling_ids"]]
            assert [g["role"] for g in group] == ["copy"] + ["reference"] * len(r["sibling_ids"])
            continue
        # the whole group, the record's copy first, then its sibling_ids in order; one id for the group
        assert set(ids) == members[r["inferred_source_id"]] and len(ids) == len(set(ids))
        assert ids[: 1 + len(r["sibling_ids"])] == [r["copy_id"], *r["sibling_ids"]]
        for g in group:
            assert g["role"] == ("copy" if g["id"] in own else "reference")


def test_documented_fields_are_unchanged(traced):
    _path, out, links, _sources = traced
    for which in ("resolved", "all"):
        for r, d in zip(out[which], links[which], strict=True):
            assert list(r)[-len(NEW_FIELDS):] == list(NEW_FIELDS)  # added after the record's own fields
            assert Derivation.model_validate({k: v for k, v in r.items() if k not in NEW_FIELDS}) == d


def test_story_m_lists_the_reference_sibling_in_its_groups_record(traced):
    path, out, _links, _sources = traced
    urls = [ws.url_of(ws.corpus_file("m", f)) for f in ("01-copy-edited.txt", "02-copy-edited.txt")]
    records = [r for r in out["resolved"] if r["inferred_source"] and r["copy_source"] in urls]
    assert records, "story m's two copies are linked as siblings of an inferred source"
    (gid,) = {r["inferred_source_id"] for r in records}
    group = {g["source"]: g["role"] for g in records[0]["sibling_group"]}
    assert set(group) == set(urls)
    # one copy has its record; the other is only its reference side, listed with that role and its URL
    assert sorted(group.values()) == ["copy", "reference"]
    (ref_url,) = [u for u, role in group.items() if role == "reference"]
    assert not [r for r in out["resolved"] if r["copy_source"] == ref_url]
    # the id is that of the inferred source the story names among its origins
    with Store(path, read_only=True) as st:
        story = get_story(st, story_of(st, records[0]["copy_id"]))
    assert gid in story.origin_ids


@pytest.mark.parametrize("fmt", ["parquet", "jsonl", "csv"])
def test_export_derivations_carry_the_same_groups(traced, tmp_path, fmt):
    path, out, _links, _sources = traced
    with Store(path, read_only=True) as st:
        for which, all_pairs in (("resolved", False), ("all", True)):
            (t,) = export_tables(st, tmp_path / which, fmt, ("derivations",), all_pairs=all_pairs)
            if fmt == "parquet":
                table = pq.read_table(t.path).to_pylist()
            elif fmt == "jsonl":
                table = [json.loads(line) for line in t.path.read_text(encoding="utf-8").splitlines()]
            else:
                with t.path.open(encoding="utf-8", newline="") as f:
                    table = list(csv.DictReader(f))
                for row in table:
                    row["sibling_group"] = json.loads(row["sibling_group"])
                    row["inferred_source_id"] = row["inferred_source_id"] or None
            got = {
                (r["copy_id"], r["origin_key"]): (r["inferred_source_id"], r["sibling_group"]) for r in table
            }
            want = {}
            for r in out[which]:
                key = r["origin_id"] if not r["inferred_source"] else None
                want.setdefault((r["copy_id"], key), []).append((r["inferred_source_id"], r["sibling_group"]))
            assert len(got) == len(out[which]) == t.rows
            for (copy_id, origin_key), value in got.items():
                key = (copy_id, None if origin_key.startswith("inferred:") else origin_key)
                assert value in want[key]
            assert any(g["role"] == "reference" for _, group in got.values() for g in group)
