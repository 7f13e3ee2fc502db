"""Between siblings of a missing wire story, the text more outlets carry word for word is the reference.

The three invented pages of ``tests/data/sibling_consensus`` all keep "(AP)", so no one is the other's
origin: two outlets carry one text word for word (stored as one article with two sources), a third
altered two quotations. The altered copy's record must show its own alterations; the verbatim text
must not be shown them (an adversarial test: the verbatim republication was read against the altered
copy, being shorter, and shown "meaning inverted" quotes it never changed)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace

DATA = Path(__file__).parent / "data" / "sibling_consensus"
FJORD, LAKESIDE, NORDIC = (DATA / f"{n}.txt" for n in ("fjord_herald", "lakeside_times", "nordic_wire_digest"))


def _url(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()


def _records(store: Path) -> list[dict]:
    out = CliRunner().invoke(app, ["trace", "--store", str(store), "--json"])
    assert out.exit_code == 0, out.output
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def test_the_altered_copy_is_read_against_the_text_two_outlets_carry(tmp_path):
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([FJORD, LAKESIDE, NORDIC], s, jobs=1)
        assert list(s.identical_outlets().values()) == [2]
    (rec,) = _records(store)
    assert rec["copy_source"] == _url(NORDIC) and rec["inferred_source"]
    assert {rec["compared_with_source"], *rec["compared_with_identical_sources"]} == {_url(FJORD), _url(LAKESIDE)}
    quotes = [c for c in rec["changes"] if c["kind"] == "quote"]
    assert len(quotes) == 2 and "will not rest" in quotes[0]["copy_text"] and "work through the night" in quotes[0]["origin_text"]
    assert any("more outlets (2 vs 1)" in e for e in rec["direction_evidence"])


def test_a_second_outlet_arriving_later_marks_the_text_and_incremental_equals_full(tmp_path):
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([FJORD, NORDIC], s, jobs=1)
        run_trace(s)
        ingest([LAKESIDE], s, jobs=1)  # the same text from another outlet: an alias, no new article
        assert len(s.retrace_ids()) == 1
        run_trace(s)
        incremental = sorted((d.copy_id, d.origin_id, tuple(d.sibling_ids)) for d in s.derivations())
        run_trace(s, full=True)
        full = sorted((d.copy_id, d.origin_id, tuple(d.sibling_ids)) for d in s.derivations())
    assert incremental == full
    (rec,) = _records(store)
    assert rec["copy_source"] == _url(NORDIC)



def test_mirrors_of_a_spun_copy_do_not_outvote_the_plain_text(tmp_path):
    """Three hosts carry one light spin (12 word swaps, read as edited both ways), one outlet the plain
    text, all keeping "(AP)": the word-rarity sign of spinning keeps the count of outlets out, and the
    spun text is the copy (an adversarial test: the three mirrors were the reference, the plain text
    shown the spinner's synonyms as its own changes)."""
    folder = DATA / "spun_mirrors"
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([folder], s, jobs=1)
        assert list(s.identical_outlets().values()) == [3]
    (rec,) = _records(store)
    assert rec["compared_with_source"] == _url(folder / "plain.txt")
    assert not any("more outlets" in e for e in rec["direction_evidence"])
