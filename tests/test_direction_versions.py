"""Two versions of one input (a file or page ingested twice with an edit in between): the earlier
version is the origin, the later its copy, and the changes read old -> new.

The text is the shipped invented example (examples/port_calder_flood.txt), edited here at run time.
"""

from __future__ import annotations

from pathlib import Path

from newstrace.pipeline import analyze_document
from newstrace.provenance import TraceIndex, compare
from newstrace.readers import read_paths
from newstrace.schema import Article
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "port_calder_flood.txt"


def _version(tmp_path: Path, text: str, published: str | None = None) -> Article:
    """The example analysed as read from one file path (the stages tracing reads)."""
    path = tmp_path / "story.txt"
    path.write_text(text, encoding="utf-8")
    (raw,) = list(read_paths([path]))
    art = analyze_document(raw, stages=("repair", "structure", "language", "identify"))
    art.source.path = "story.txt"  # both versions name the input as the user gave it
    art.published = published
    return art


def _versions(tmp_path: Path, **dates) -> tuple[Article, Article]:
    text = EXAMPLE.read_text(encoding="utf-8")
    old = _version(tmp_path, text, dates.get("old"))
    new = _version(tmp_path, text.replace("3,200", "3,500"), dates.get("new"))
    assert old.id != new.id and old.source.path == new.source.path
    return old, new


def _verify(first: Article, second: Article):
    """The pair's links when traced after adding ``first`` then ``second`` (as the store adds them in
    ingestion order), and as :func:`compare` makes them with either article first."""
    index = TraceIndex()
    index.add([first, second])
    (traced,) = index.trace()
    return traced, compare(first, second)[0], compare(second, first)[0]


def test_the_version_added_first_is_the_origin_either_way(tmp_path):
    old, new = _versions(tmp_path)
    for first, second in ((old, new), (new, old)):
        for d in _verify(first, second):
            assert (d.origin_id, d.copy_id, d.inferred_source) == (first.id, second.id, False), d.direction_evidence
            assert any("two versions of one file (story.txt)" in r for r in d.direction_evidence)
    d = _verify(old, new)[0]
    (change,) = [c for c in d.changes if c.kind == "number"]
    assert change.detail == "3200 people -> 3500 people"  # read old -> new


def test_dated_versions_are_ordered_by_their_dates_not_the_input_order(tmp_path):
    old, new = _versions(tmp_path, old="2024-03-12T09:00", new="2024-03-12T14:30")
    for d in _verify(new, old):
        assert (d.origin_id, d.copy_id) == (old.id, new.id), d.direction_evidence


def test_a_month_and_a_day_in_it_order_nothing_so_the_input_order_decides(tmp_path):
    """"2024-03" (a page printing only the month) against "2024-03-12": neither is earlier, so the
    version added first is the origin, not the month that sorts first as a string."""
    old, new = _versions(tmp_path, old="2024-03-12", new="2024-03")
    for d in _verify(old, new):
        assert (d.origin_id, d.copy_id) == (old.id, new.id), d.direction_evidence


def test_unordered_versions_are_direction_free_and_say_what_they_are(tmp_path):
    old, new = _versions(tmp_path)
    d, _p = compare(old, new)  # no verifier: nothing says which came first
    assert d.inferred_source and d.origin_id is None
    assert any("two versions of one file (story.txt): nothing says which is earlier" in r for r in d.direction_evidence)


def test_the_store_traces_a_re_ingested_file_as_its_earlier_version(tmp_path):
    """Ingest the edited text first, then the original, at one path: the first ingested is the origin."""
    text = EXAMPLE.read_text(encoding="utf-8")
    path, store = tmp_path / "story.txt", tmp_path / "s.duckdb"
    with Store(store) as st:
        path.write_text(text.replace("3,200", "3,500"), encoding="utf-8")
        ingest([path], st, jobs=1)
        path.write_text(text, encoding="utf-8")
        ingest([path], st, jobs=1)
        first, second = list(st.iter_articles(light=True))
        run_trace(st)
        (d,) = st.derivations()
    assert (d.origin_id, d.copy_id) == (first.id, second.id)
    assert "3,500" in first.text and d.origin_source == d.copy_source == str(path)
    (change,) = [c for c in d.changes if c.kind == "number"]
    assert change.detail == "3500 people -> 3200 people"


def test_a_version_whose_figure_changed_reads_as_edited_and_its_reason_as_written(tmp_path):
    """A new-user test updated one file ("4 million" -> "5 million") and read: kind "verbatim", and
    "the origin was ingested origin, so it is the origin" (every "first" in a reason was replaced)."""
    text = ("Port Calder budget talks go on\n\nThe mayor of Port Calder said on Monday that the budget talks "
            "will go on. \"We will not stop,\" she said. The council has 12 members. Residents said the new "
            "sea wall would cost 4 million euros.\n")
    old, new = _version(tmp_path, text), _version(tmp_path, text.replace("4 million", "5 million"))
    d = _verify(old, new)[0]
    assert d.kind == "edited", [c.detail for c in d.changes]
    assert [c.detail for c in d.changes if c.kind == "number"] == ["4 million euros -> 5 million euros"]
    reason = next(r for r in d.direction_evidence if r.startswith("two versions of one file"))
    assert reason.endswith("the origin was ingested earlier, so it is the origin"), reason
