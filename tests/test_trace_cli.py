"""``newstrace trace`` / ``show`` by their effects: incremental equals full, JSON Lines fields, side-by-side view.

Real pages are read at run time from ../shared/corpora/provenance; the small copy pair
at the end is invented here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import TraceSettingsError, run_trace

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROV = SHARED / "corpora" / "provenance"


def story(prefix: str, name: str) -> Path:
    (folder,) = PROV.glob(f"{prefix}-*")
    return folder / name


def url_of(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()


# Part A is ingested and traced first; part B arrives later. Across the split: a copy arriving
# after its origin (h 02, 03 -> h 01) and an origin arriving after its copy (d 01 <- d 02).
PART_A = [("h", "01-original.txt"), ("h", "04-independent.txt"), ("e", "02-copy-edited.txt"),
          ("d", "02-copy-verbatim.txt")]  # fmt: skip
PART_B = [("h", "02-copy-edited.txt"), ("h", "03-copy-edited.txt"), ("h", "05-independent.txt"),
          ("e", "01-original.txt"), ("d", "01-original.txt"), ("k", "01-original.txt"),
          ("k", "02-copy-verbatim.txt")]  # fmt: skip


def link_key(d) -> tuple:
    """Everything a link says, for comparing runs (the run id aside)."""
    return (d.copy_id, d.origin_id or "", tuple(sorted(d.sibling_ids)), d.kind, d.score, d.copy_coverage,
            d.origin_coverage, tuple(c.model_dump_json() for c in d.changes),
            tuple(p.model_dump_json() for p in d.alignment))  # fmt: skip


@pytest.fixture(scope="module")
def traced_store(tmp_path_factory):
    """A store after: ingest A, trace, ingest B, incremental trace. Yields (path, reports with the resolved
    graph after the incremental run last, every verified pair stored after it)."""
    path = tmp_path_factory.mktemp("trace") / "s.duckdb"
    with Store(path) as s:
        ingest([story(*x) for x in PART_A], s, jobs=1)
        first = run_trace(s)
        ingest([story(*x) for x in PART_B], s, jobs=1)
        second = run_trace(s)
        links = s.derivations(resolved=False)
        resolved = s.derivations()
    return path, (first, second, resolved), links


def test_incremental_trace_compares_only_new_articles_and_equals_a_full_rerun(traced_store):
    path, (first, second, resolved), incremental = traced_store
    assert (first.mode, first.compared) == ("full", len(PART_A))
    assert (second.mode, second.compared, second.articles) == ("incremental", len(PART_B), len(PART_A) + len(PART_B))
    with Store(path) as s:
        full = run_trace(s, full=True)
        rerun = s.derivations(resolved=False)
        rerun_resolved = s.derivations()
    assert full.compared == len(PART_A) + len(PART_B)
    assert full.pairs > second.pairs  # the incremental run left the old-old pairs alone
    assert sorted(map(link_key, incremental)) == sorted(map(link_key, rerun))
    assert len(rerun) == full.total_links > 0
    # the resolved graph the store keeps: the same after the incremental run as after the full one
    exact = lambda d: (*link_key(d), tuple(d.sibling_ids))  # noqa: E731  (group order included)
    assert sorted(map(exact, resolved)) == sorted(map(exact, rerun_resolved))
    assert len(rerun_resolved) == full.resolved_links == second.resolved_links
    # and it is resolve() of the stored pairs (here the e copy's sibling link to its own origin goes)
    from newstrace.provenance.graph import resolve

    assert sorted(map(exact, resolve(rerun))) == sorted(map(exact, rerun_resolved))
    assert 0 < full.resolved_links < full.total_links


def test_resolved_graph_after_ingest_a_trace_ingest_b_trace_equals_ingest_a_and_b_trace_full(traced_store, tmp_path):
    """The store's resolved graph does not depend on the order articles arrived in: part B ingested first here."""
    _path, (_first, _second, resolved), _links = traced_store
    with Store(tmp_path / "ab.duckdb") as s:
        ingest([story(*x) for x in PART_B + PART_A], s, jobs=1)
        run_trace(s, full=True)
        together = s.derivations()
    exact = lambda d: (*link_key(d), tuple(d.sibling_ids))  # noqa: E731
    assert sorted(map(exact, together)) == sorted(map(exact, resolved)) and together


def test_verification_in_forked_workers_gives_the_same_links(traced_store, monkeypatch):
    import newstrace.store.trace as trace_mod

    path, _, incremental = traced_store
    monkeypatch.setattr(trace_mod, "MIN_PAIRS_FOR_WORKERS", 1)  # this store has a few dozen pairs
    monkeypatch.setattr(trace_mod, "PAIRS_PER_TASK", 3)
    monkeypatch.setattr(trace_mod, "TASKS_AHEAD", 1)  # the feeder waits for the store's write
    monkeypatch.setattr(trace_mod, "MIN_ARTICLES_FOR_CHILD", 1)  # candidate pairs found in a forked child
    with Store(path) as s:
        report = run_trace(s, full=True, jobs=2)
        links = s.derivations(resolved=False)
    assert report.pairs > 4 * 3  # more tasks than the window of 2 went to the workers
    assert sorted(map(link_key, links)) == sorted(map(link_key, incremental))


def test_a_trace_whose_write_fails_midway_keeps_the_stored_links_and_no_staging(traced_store, tmp_path, monkeypatch):
    """Links are staged in committed chunks, then moved in one transaction: a failure before the move
    leaves the previous links as they were, drops the staging tables, and the workers stop."""
    import shutil

    import newstrace.store.trace as trace_mod
    from newstrace.store import core

    path, _, _ = traced_store
    copy = tmp_path / "copy.duckdb"
    shutil.copy(path, copy)
    monkeypatch.setattr(trace_mod, "MIN_PAIRS_FOR_WORKERS", 1)
    monkeypatch.setattr(trace_mod, "PAIRS_PER_TASK", 1)
    monkeypatch.setattr(trace_mod, "TASKS_AHEAD", 1)
    monkeypatch.setattr(core, "WRITE_CHUNK", 2)
    real_insert, calls = Store.insert_rows, []

    def failing_insert(self, table, rows, on_conflict=""):
        calls.append(table)
        if calls.count("_staged_derivations") == 3:  # two chunks are committed to the staging tables
            raise OSError("disk full")
        return real_insert(self, table, rows, on_conflict)

    with Store(copy) as s:
        before = sorted(map(link_key, s.derivations(resolved=False)))
        runs = s.counts()
        limit = s._con.execute("SELECT current_setting('memory_limit')").fetchone()
        monkeypatch.setattr(Store, "insert_rows", failing_insert)
        with pytest.raises(OSError, match="disk full"):
            run_trace(s, full=True, jobs=2)
        monkeypatch.undo()
        assert sorted(map(link_key, s.derivations(resolved=False))) == before and before
        assert s.counts() == runs
        tables = {r[0] for r in s._con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        assert not {t for t in tables if t.startswith(core.STAGING_PREFIX)}
        assert s._con.execute("SELECT current_setting('memory_limit')").fetchone() == limit  # the write's limit is lifted
        rerun = run_trace(s, full=True)  # and the store takes the next run
        assert sorted(map(link_key, s.derivations(resolved=False))) == before and rerun.links == len(before)


def test_links_across_the_split_are_found_in_both_directions(traced_store):
    path, _, links = traced_store
    with Store(path, read_only=True) as s:
        (h01,) = s.resolve(url_of(story("h", "01-original.txt")))
        (h02,) = s.resolve(url_of(story("h", "02-copy-edited.txt")))
        (d01,) = s.resolve(url_of(story("d", "01-original.txt")))
        (d02,) = s.resolve(url_of(story("d", "02-copy-verbatim.txt")))
    pairs = {(d.copy_id, d.origin_id) for d in links}
    assert (h02, h01) in pairs  # the new article is a copy of a stored one
    assert (d02, d01) in pairs  # the new article is the origin of a stored copy


def test_trace_json_lines_carry_sources_kind_score_coverage_changes(traced_store, tmp_path):
    path, _, links = traced_store
    out = tmp_path / "links.jsonl"
    result = CliRunner().invoke(app, ["trace", "--store", str(path), "--json", "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert "trace (incremental): 0 of 11 articles compared" in result.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    # the resolved graph: every stored pair but chain shortcuts and siblings of a stored origin
    from newstrace.provenance.graph import resolve

    assert len(rows) == len(resolve(links)) and 0 < len(rows) <= len(links)
    every = tmp_path / "all.jsonl"
    assert CliRunner().invoke(app, ["trace", "--store", str(path), "--json", "--all-pairs", "--output", str(every)]).exit_code == 0
    assert len(every.read_text(encoding="utf-8").splitlines()) == len(links)
    urls = {url_of(story(*x)) for x in PART_A + PART_B}
    for row in rows:
        for key in ("copy_source", "origin_source", "kind", "score", "coverage", "changes", "alignment"):
            assert key in row, key
        assert row["copy_source"] in urls
        assert row["origin_source"] in urls or (row["origin_source"] is None and row["inferred_source"])
        assert 0 <= row["score"] <= 1 and 0 <= row["coverage"] <= 1
    h = {(r["copy_source"], r["origin_source"]) for r in rows}
    assert (url_of(story("h", "02-copy-edited.txt")), url_of(story("h", "01-original.txt"))) in h


def test_show_prints_derivations_and_side_by_side_alignment(traced_store):
    path, _, _ = traced_store
    copy = story("h", "02-copy-edited.txt")
    result = CliRunner().invoke(app, ["show", str(copy), "--store", str(path)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"copy of {url_of(story('h', '01-original.txt'))}" in out
    assert "Alignment (origin | copy)" in out and "kind edited" in out
    # Text only the copy has is marked as added, text only the origin has as omitted.
    assert "{+" in out and "[-" in out


def test_incremental_trace_refuses_other_settings_than_the_stored_links(traced_store, tmp_path):
    import shutil

    import numpy as np

    path, _, _ = traced_store
    copy = tmp_path / "copy.duckdb"
    shutil.copy(path, copy)

    def no_match(texts):  # an embedder under which no sentences match
        return np.zeros((len(texts), 8), dtype=np.float32)

    from newstrace.store.ingest import ingest

    with Store(copy) as s:
        # nothing new to compare: the stored links stand, and the report says so (`trace --json
        # --all-pairs` after a run with other settings printed nothing but an error: a new-user test)
        before = (s.last_trace()["run_id"], s.counts()["derivations"])
        kept = run_trace(s, semantic=no_match)
        assert "nothing new to compare" in kept.note and "--full" in kept.note
        # the settings in words, not the stored JSON (a new-user finding)
        assert "made without sentence embeddings" in kept.note and "{" not in kept.note
        assert (s.last_trace()["run_id"], s.counts()["derivations"]) == before
        assert json.loads(s.last_trace()["params"])["semantic"] is None
        # a new article to compare under other settings: refused, with how to go on
        extra = tmp_path / "extra.txt"
        extra.write_text("Harbour reopens\n\nThe harbour at Skelby reopened on Monday, the port office said.\n",
                         encoding="utf-8")
        ingest([extra], s, jobs=1)
        with pytest.raises(TraceSettingsError, match="--full") as refused:
            run_trace(s, semantic=no_match)
        assert "this run is with sentence embeddings (no_match)" in str(refused.value)
        assert run_trace(s, semantic=no_match, full=True).mode == "full"
        assert run_trace(s, semantic=no_match).mode == "incremental"  # same settings: fine
        assert json.loads(s.last_trace()["params"])["semantic"] == "no_match"
        # back without embeddings and something new: the message says how to keep the stored settings, too
        extra.write_text("Ferry resumes\n\nThe ferry to Skelby resumed on Tuesday, the operator said.\n",
                         encoding="utf-8")
        ingest([extra], s, jobs=1)
        with pytest.raises(TraceSettingsError, match=r"run `newstrace trace --semantic` to keep the stored settings"):
            run_trace(s)


def test_show_errors_exit_2(traced_store, tmp_path):
    path, _, _ = traced_store
    runner = CliRunner()
    missing = runner.invoke(app, ["show", "https://nowhere.invalid/x", "--store", str(path)])
    assert missing.exit_code == 2
    assert "Error: no stored article matches 'https://nowhere.invalid/x'" in missing.stderr
    nostore = runner.invoke(app, ["trace", "--store", str(tmp_path / "none.duckdb")])
    assert nostore.exit_code == 2 and "no store at" in nostore.stderr
    assert not (tmp_path / "none.duckdb").exists()


ORIGIN = """Ferry service to Skelby Island halted after storm damages the Harrow pier

HARROW (Wire Agency) — Ferry crossings between Harrow and Skelby Island were suspended on Friday after a storm tore away part of the Harrow pier, leaving more than 3,200 islanders without their usual link to the mainland for at least four days, the ferry operator said.

"We cannot let a boat dock there until engineers have checked every pile," said Oona Flaherty, the operator's director of services. "Safety comes first, even if it means islanders wait."

The pier, built in 1968, lost a 30-metre section of decking overnight as gusts reached 140 km/h, according to the regional weather office.

The island council said it had arranged two charter boats to carry medicines and food from the smaller Kelso jetty, which was not damaged.

Repairs are expected to cost about 2.5 million euros, a council spokesman said, and the operator hopes to resume a reduced timetable next week.
"""

COPY = """Ferry service to Skelby Island halted after storm damages the Harrow pier

Ferry crossings between Harrow and Skelby Island were suspended on Friday after a storm tore away part of the Harrow pier, leaving over 2,700 islanders without their usual link to the mainland for at least three days, the ferry operator said.

"We cannot let a boat dock there until engineers have checked every pile," said Oona Flaherty, the operator's director of services. "Safety comes first, even if it means islanders wait."

The pier, built in 1968, lost a 30-metre section of decking overnight as gusts reached 140 km/h, according to the regional weather office.

Repairs are expected to cost about 2.5 million euros, a council spokesman said, and the operator hopes to resume a reduced timetable next week.
"""


def _hand_alignment(origin, copy) -> list:
    """Pairs of copy/origin sentences by word overlap (difflib), independent of the provenance module."""
    import difflib

    from newstrace.provenance.fingerprint import article_sentences
    from newstrace.schema import AlignedPair

    os_ = [x.text for x in article_sentences(origin.headline, origin.text)]
    cs = [x.text for x in article_sentences(copy.headline, copy.text)]
    pairs = []
    for i, c in enumerate(cs):
        best = max(range(len(os_)), key=lambda j: difflib.SequenceMatcher(a=os_[j].split(), b=c.split()).ratio())
        sim = difflib.SequenceMatcher(a=os_[best].split(), b=c.split()).ratio()
        if sim > 0.6:
            pairs.append(AlignedPair(copy_index=i, origin_index=best, copy_sentence=c, origin_sentence=os_[best],
                                     similarity=round(sim, 3)))  # fmt: skip
    return pairs


def test_trace_links_an_invented_edited_copy_and_show_highlights_its_changes(tmp_path):
    from datetime import datetime

    from newstrace.schema import Change, Derivation

    from _pages import trace_json_of_two

    (row,), origin, copy, store = trace_json_of_two(tmp_path, ORIGIN, COPY)  # a near-verbatim copy is linked
    runner = CliRunner()
    assert {row["copy_source"], row["origin_source"]} - {None} <= {str(origin), str(copy)}
    with Store(store) as s:  # fingerprints lost (e.g. a crash between a batch and its fingerprints) are remade
        s._q("DELETE FROM fingerprints")
        again = run_trace(s, full=True)
        assert again.fingerprints_computed == 2 and again.links == 1
        assert len(s.get_fingerprints(s._rows("SELECT scheme FROM fingerprint_schemes")[0]["scheme"])) == 2
    for side in (origin, copy):  # each side lists the link, whether it is direct or between siblings
        assert "kind " in runner.invoke(app, ["show", str(side), "--store", str(store)]).stdout

    # The view itself, on a link whose alignment and changes are known (made here, not by trace).
    with Store(store) as s:
        (oid,), (cid,) = s.resolve(str(origin)), s.resolve(str(copy))
        o, c = s.get_article(oid), s.get_article(cid)
        link = Derivation(copy_id=cid, origin_id=oid, kind="edited", score=0.97, coverage=0.9, copy_coverage=0.9,
                          origin_coverage=0.8, alignment=_hand_alignment(o, c),
                          changes=[Change(kind="number", origin_text="more than 3,200", copy_text="over 2,700",
                                          detail="3200 -> 2700")])  # fmt: skip
        s.replace_derivations([link], None, mode="full", max_seq=s.max_seq(), new_articles=2, started_at=datetime.now())
    shown = runner.invoke(app, ["show", cid[:10], "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    out = shown.stdout
    assert f"copy of {origin}" in out and "kind edited, score 0.970" in out
    assert "more than 3,200" in out and "3200 -> 2700" in out  # the changes table
    # Without colour, changed words are marked as in `git diff --word-diff`: [-origin-] {+copy+}.
    assert "{+over 2,700+}" in out and "[-four-]" in out and "{+three+}" in out
    assert "[-The island council said" in out  # the omitted paragraph, on the origin side only
    assert "HARROW (Wire Agency) —-]" in out  # the dropped dateline and credit
    origin_view = runner.invoke(app, ["show", str(origin), "--store", str(store)])
    assert f"origin of {copy}" in origin_view.stdout


def test_interrupted_trace_says_nothing_of_the_run_was_stored(traced_store, tmp_path, monkeypatch):
    import shutil

    import newstrace.store.trace as store_trace

    path, _, _ = traced_store
    copy = tmp_path / "copy.duckdb"
    shutil.copy(path, copy)
    with Store(copy, read_only=True) as s:
        before = sorted(map(link_key, s.derivations(resolved=False)))

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(store_trace, "run_trace", interrupted)
    res = CliRunner().invoke(app, ["trace", "--store", str(copy), "--full"])
    assert res.exit_code == 130
    assert "Interrupted: no link of this run was stored" in res.output
    with Store(copy, read_only=True) as s:
        assert sorted(map(link_key, s.derivations(resolved=False))) == before


def test_show_finds_an_article_by_its_url_without_query_slash_or_www(traced_store):
    path, _, _ = traced_store
    url = url_of(story("h", "01-original.txt"))  # https://www.washingtonpost.com/...story.html?noredirect=on&utm_term=...
    assert "?" in url and "://www." in url
    bare = url.split("?")[0].replace("https://www.", "http://") + "/"
    with Store(path, read_only=True) as s:
        assert s.resolve(bare) == s.resolve(url) != []
        assert s.resolve(bare.replace("story.html", "other.html")) == []


def test_trace_table_names_siblings_by_source_and_json_keeps_their_ids(store_path, tmp_path):
    """A copy of an inferred common source lists its siblings by URL or path, as the copy column shows copies, so
    a reader can map them to files; --json keeps the ids. Run on a copy of the web test store (trace writes)."""
    import shutil

    path = tmp_path / "s.duckdb"
    shutil.copyfile(store_path, path)
    with Store(path, read_only=True) as s:
        groups = [d for d in s.derivations() if d.inferred_source and d.sibling_ids]
        labels = s.source_labels({i for d in groups for i in d.sibling_ids})
    assert groups, "the web test store has copies of an inferred common source"
    runner = CliRunner()
    table = runner.invoke(app, ["trace", "--store", str(path), "--output", str(tmp_path / "t.txt")])
    assert table.exit_code == 0, table.output
    # the origin column's cells, top to bottom (a long cell folds over several lines), without spaces
    lines = (tmp_path / "t.txt").read_text(encoding="utf-8").splitlines()
    origin = "".join("".join(line.split("\u2502")[2].split()) for line in lines if line.count("\u2502") == 7)
    for d in groups:  # the sibling read against is named by its source; the others are counted
        assert "".join(labels[d.sibling_ids[0]].split()) in origin, d.sibling_ids[0]
        if len(d.sibling_ids) > 1:
            others = len(d.sibling_ids) - 1
            assert f"{others}othersibling{'s' if others > 1 else ''}" in origin
    assert f"against{groups[0].sibling_ids[0][:10]}" not in origin
    rows = [json.loads(line) for line in runner.invoke(app, ["trace", "--store", str(path), "--json"]).stdout.splitlines()]
    assert {tuple(r["sibling_ids"]) for r in rows if r["inferred_source"]} == {tuple(d.sibling_ids) for d in groups}


class _HashedWords:
    """A deterministic stand-in for a sentence-embedding model: unit vectors of hashed folded words
    (sentences sharing words point alike), counting every sentence it is asked to embed."""

    __name__ = "hashed_words"

    def __init__(self) -> None:
        self.embedded: list[str] = []

    def __call__(self, texts):
        import zlib

        import numpy as np

        self.embedded += texts
        out = np.zeros((len(texts), 64), dtype=np.float32)
        for k, t in enumerate(texts):
            for w in t.lower().split():
                out[k, zlib.crc32(w.encode()) % 64] += 1.0
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


def test_semantic_trace_keeps_sentence_vectors_and_embeds_each_sentence_once(traced_store, tmp_path):
    """DESIGN.md: embed only candidates, once, and keep the vectors in the store. A second run
    (full, so every pair is verified again) embeds nothing and finds the same links."""
    import shutil

    import numpy as np

    from newstrace.store.vectors import StoredEmbedder

    path, _, _ = traced_store
    copy = tmp_path / "semantic.duckdb"
    shutil.copy(path, copy)
    first, second = _HashedWords(), _HashedWords()
    with Store(copy) as s:
        r1 = run_trace(s, semantic=first, semantic_name="hashed-words", full=True)
        links1 = {link_key(d) for d in s.derivations(resolved=False)}
        # the provenance corpus has translations whose lexical evidence is not decisive
        assert r1.sentences_embedded == len(set(first.embedded)) > 20
        assert s.query("SELECT count(*) AS n FROM sentence_vectors WHERE model = 'hashed-words'") == [
            {"n": r1.sentences_embedded}]
        r2 = run_trace(s, semantic=second, semantic_name="hashed-words", full=True)
        assert second.embedded == [] and r2.sentences_embedded == 0
        assert r2.sentence_vectors_reused == r1.sentences_embedded
        assert {link_key(d) for d in s.derivations(resolved=False)} == links1
        # a stored vector reads back as the model made it, and another model's name shares none
        text = first.embedded[0]
        other = StoredEmbedder(_HashedWords(), s, "hashed-words")
        assert np.array_equal(other([text]), first([text])) and other.reused == 1 and other.computed == 0
        fresh = StoredEmbedder(_HashedWords(), s, "another-model")
        fresh([text])
        assert fresh.computed == 1 and fresh.reused == 0
        assert fresh([]).shape[0] == 0


def test_identical_republications_are_named_in_trace_json_and_exported(tmp_path):
    """Story o: estoniaeducation.info and tracebok.org carry one identical text, stored as one article.
    A rights team counting republications must see both: trace --json names the other source of
    each side's text, and export writes every source of every article (a new-user test found them
    only in `show`)."""
    from newstrace.store.ingest import ingest

    store = tmp_path / "o.duckdb"
    files = [story("o", f) for f in ("01-copy-verbatim.txt", "02-copy-verbatim.txt", "03-copy-verbatim.txt")]
    with Store(store) as s:
        ingest(files, s, jobs=1)
    estonia, tracebok = url_of(files[1]), url_of(files[2])
    out = tmp_path / "links.jsonl"
    result = CliRunner().invoke(app, ["trace", "--store", str(store), "--json", "--output", str(out)])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows
    named = {src for r in rows for side in ("copy", "origin", "compared_with")
             for src in [r[f"{side}_source"], *r[f"{side}_identical_sources"]] if src}  # fmt: skip
    assert {estonia, tracebok} <= named
    for r in rows:  # a side's own source is never listed again among its identical ones
        assert r["copy_source"] not in r["copy_identical_sources"]
    exported = tmp_path / "export"
    assert CliRunner().invoke(app, ["export", "--store", str(store), "--output", str(exported), "--format",
                                    "csv"]).exit_code == 0  # fmt: skip
    import csv as csv_module

    with (exported / "sources.csv").open(encoding="utf-8") as fh:
        sources = list(csv_module.DictReader(fh))
    assert len(sources) == 3
    both = [r for r in sources if r["source"] in (estonia, tracebok)]
    assert len(both) == 2 and both[0]["article_id"] == both[1]["article_id"]
    assert {r["sources_of_article"] for r in both} == {"2"}


def test_the_links_table_tells_two_versions_of_one_page_apart():
    """Copy and origin at one URL (an update in place) are printed with their article ids: the table
    showed the same URL twice (a new-user test)."""
    from rich.console import Console

    from newstrace.cli_provenance import _print_links
    from newstrace.schema import Derivation

    url = "https://wire.example.org/2025/03/11/landslide"
    d = Derivation(copy_id="b" * 40, origin_id="a" * 40, copy_source=url, origin_source=url, kind="edited",
                   score=0.99, copy_coverage=0.8, origin_coverage=0.9)
    other = Derivation(copy_id="c" * 40, origin_id="a" * 40, copy_source="https://other.example.net/x",
                       origin_source=url, kind="verbatim", score=0.99, copy_coverage=1.0, origin_coverage=1.0)
    console = Console(width=400, record=True)
    _print_links(console, [d, other])
    lines = console.export_text().splitlines()
    assert any(f"{url} (version {'b' * 10})" in x and f"{url} (version {'a' * 10})" in x for x in lines)
    # the other copy's origin is the old version, and the row says so
    assert any("other.example.net" in x and f"{url} (version {'a' * 10})" in x for x in lines)


def test_show_names_the_version_a_copy_was_made_from_where_the_page_has_others():
    """A copy's one origin link names a URL that three stored versions share: the label tells which
    (a rights-team tester read "copy of <url>" for a page updated twice)."""
    from newstrace.cli_provenance import distinct_labels

    url = "https://wire.example.org/2025/03/11/landslide"
    labels = {"c" * 40: "https://paper.example.net/x", "a" * 40: url}
    assert distinct_labels(labels) == labels
    shown = distinct_labels(labels, shared={url})
    assert shown == {"c" * 40: "https://paper.example.net/x", "a" * 40: f"{url} (version {'a' * 10})"}


def test_show_says_a_source_republished_a_version_after_the_page_was_updated():
    """An identical republication of a wire page's first version, dated the day after the page was
    updated, is one more source of that version; `show` says it ran the outdated text (rights-team tester)."""
    from newstrace.cli_provenance import outdated_republications
    from newstrace.schema import Article, Derivation, Source

    url = "https://wire.example.org/strike"
    v1 = Article(id="a" * 40, source=Source(url=url, format="html"), text="x", published="2026-03-14T08:10")
    v2 = Article(id="b" * 40, source=Source(url=url, format="html"), text="y", published="2026-03-14T08:10",
                 updated="2026-03-14T19:40")
    update = Derivation(copy_id=v2.id, origin_id=v1.id, copy_source=url, origin_source=url, kind="edited",
                        score=0.99, copy_coverage=0.9, origin_coverage=0.9,
                        direction_evidence=["two versions of one page (https://wire.example.org/strike): ..."])
    labels = {v1.id: url, v2.id: f"{url} (version bbbbbbbbbb)"}
    dated = {url: "2026-03-14T08:10", "https://monitor.example.com/strike": "2026-03-15",
             "https://sameday.example.com/strike": "2026-03-14T23:00"}
    (note,) = outdated_republications(v1, dated, [update], {v2.id: v2}, labels)
    assert note == ("https://monitor.example.com/strike (2026-03-15) republished this version after the page was "
                    f"updated: {url} (version bbbbbbbbbb) (2026-03-14T19:40)")
    assert outdated_republications(v1, dated, [], {}, labels) == []  # no later version stored


def test_show_names_the_dateline_in_the_article_header(tmp_path):
    """The header lists the dateline with the byline and credit (a new-user finding: it was left out)."""
    from newstrace.store.ingest import ingest

    example = Path(__file__).resolve().parents[1] / "examples" / "port_calder_flood.txt"
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([example], s, jobs=1)
    shown = CliRunner().invoke(app, ["show", str(example), "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    assert "dateline: PORT CALDER (AP)" in shown.stdout and "credit: The Associated Press" in shown.stdout
