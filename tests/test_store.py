"""The DuckDB store: migrations, idempotent writes, round trips, locking, damage and scheme checks."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from newstrace.schema import (
    AlignedPair,
    Article,
    Change,
    Claim,
    Derivation,
    Entity,
    ErrorRecord,
    Quote,
    Repair,
    Residue,
    Source,
    text_id,
)
from newstrace.store import (
    MIGRATIONS,
    FingerprintSchemeError,
    IngestItem,
    SchemaVersionError,
    Store,
    StoreCorruptError,
    StoreLockedError,
    StoreNotFoundError,
)
from newstrace.store.records import CHILD_TABLES, RENAMES

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEEDS = sorted((SHARED / "seeds").glob("*.txt"))


def make_article(headline: str, text: str, path: str = "a.txt", **fields) -> Article:
    """An Article with its content-hash id, as the identify stage sets it."""
    return Article(id=text_id(headline + "\n" + text), headline=headline, text=text,
                   source=Source(path=path), **fields)  # fmt: skip


def seed_article(path: Path) -> Article:
    """A real seed as a stored-shaped Article: first line headline, the rest the body (no NLP needed)."""
    raw = path.read_text(encoding="utf-8")
    headline, _, body = raw.partition("\n")
    return make_article(headline.strip(), body.strip(), str(path), raw_text=raw)


def test_migrations_are_recorded_once_in_order(tmp_path):
    path = tmp_path / "s.duckdb"
    with Store(path) as s:
        names = [m["name"] for m in s.migrations()]
    assert names == [m.name for m in MIGRATIONS]
    with Store(path) as s:  # reopening applies nothing new
        assert [m["name"] for m in s.migrations()] == names


def test_store_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "s.duckdb"
    Store(path).close()
    con = duckdb.connect(str(path))
    con.execute("INSERT INTO _migrations VALUES ('9999_from_the_future', current_timestamp)")
    con.close()
    with pytest.raises(SchemaVersionError, match="9999_from_the_future"):
        Store(path)


def test_foreign_duckdb_file_is_not_migrated(tmp_path):
    path = tmp_path / "other.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE sales (id INTEGER)")
    con.close()
    with pytest.raises(SchemaVersionError, match="not a newstrace store"):
        Store(path)
    con = duckdb.connect(str(path))
    assert [r[0] for r in con.execute("SHOW TABLES").fetchall()] == ["sales"]
    con.close()


def test_every_record_field_has_a_column(tmp_path):
    """A field added to the schema without a migration would be silently dropped: catch it."""
    with Store(tmp_path / "s.duckdb") as s:
        article_cols = set(s._types["articles"])
        for name in Article.model_fields:
            if name in CHILD_TABLES or name in ("source", "errors"):
                continue
            assert name in article_cols, name
        for field in Source.model_fields:
            assert f"source_{RENAMES.get(field, field)}" in article_cols, field
        for _field, (table, model) in CHILD_TABLES.items():
            cols = set(s._types[table])
            for name in model.model_fields:
                assert RENAMES.get(name, name) in cols, (table, name)
        for table, model in (("changes", Change), ("alignments", AlignedPair)):
            assert {RENAMES.get(n, n) for n in model.model_fields} <= set(s._types[table])
        stored_apart = {"alignment", "changes"}
        assert set(Derivation.model_fields) - stored_apart <= set(s._types["derivations"])


def test_same_article_twice_is_stored_once_with_both_sources_as_aliases(tmp_path):
    art = seed_article(SEEDS[0])
    again = art.model_copy(update={"source": Source(path="mirror/copy.txt", url="https://mirror.invalid/a")})
    with Store(tmp_path / "s.duckdb") as s:
        r1 = s.write_batch([IngestItem("/in/a.txt", 0, art)])
        r2 = s.write_batch([IngestItem("/in/mirror.txt", 0, again)])
        assert (r1.new_articles, r2.new_articles, r2.duplicates) == (1, 0, 1)
        assert s.counts()["articles"] == 1
        assert [a["path"] for a in s.aliases(art.id)] == [str(SEEDS[0]), "mirror/copy.txt"]
        assert s.resolve("https://mirror.invalid/a") == [art.id]
        # Replaying a batch (as a rerun after a crash may) changes nothing.
        r3 = s.write_batch([IngestItem("/in/a.txt", 0, art), IngestItem("/in/mirror.txt", 0, again)])
        assert (r3.skipped, r3.new_articles, r3.duplicates) == (2, 0, 0)
        assert s.counts()["aliases"] == 2


def test_id_is_the_hash_of_normalised_text_so_whitespace_and_case_do_not_duplicate(tmp_path):
    raw = SEEDS[1].read_text(encoding="utf-8")
    headline, _, body = raw.partition("\n")
    a = make_article(headline, body)
    b = make_article(headline.upper(), "  " + body.replace(" ", "  "))
    assert a.id == b.id
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem("/x", 0, a), IngestItem("/y", 0, b)])
        assert s.counts()["articles"] == 1


def test_failed_record_is_stored_as_error_record_with_location(tmp_path):
    bad = Article(source=Source(path="feed.jsonl", format="jsonl", record=3, line=4, offset=120),
                  errors=[ErrorRecord(code="E106", message="feed.jsonl:4: malformed JSON", stage="read")])  # fmt: skip
    with Store(tmp_path / "s.duckdb") as s:
        r = s.write_batch([IngestItem("/in/feed.jsonl", 3, bad)])
        assert (r.failed, r.new_articles) == (1, 0)
        (row,) = s.error_records()
        assert (row["path"], row["record"], row["line"], row["byte_offset"], row["code"]) == ("feed.jsonl", 3, 4, 120, "E106")
        assert row["article_id"] is None
        assert s.done_records("/in/feed.jsonl") == {3}


def test_record_with_no_text_and_no_error_is_not_silently_dropped(tmp_path):
    empty = Article(source=Source(path="blank.txt"))
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem("/in/blank.txt", 0, empty)])
        (row,) = s.error_records()
        assert row["code"] == "E300"


def test_full_article_round_trips_through_the_store(tmp_path):
    art = seed_article(SEEDS[0])
    text = art.text
    first = text.split()[0]
    art.repairs = [Repair(kind="censor", start=5, end=9, before="bad", after="ass", evidence="learned pair")]
    art.residue = [Residue(text="Read more", reason="promo")]
    art.entities = [Entity(text=first, label="GPE", canonical=first, start=0, end=len(first))]
    art.quotes = [Quote(content=text[10:40], speaker="Jorge Torres", cue="said", start=10, end=40, confidence=0.8)]
    art.claims = [Claim(value=270.0, text="270", qualifier="more than", unit="people", start=50, end=53)]
    art.byline = ["Ana Example", "Ben Example"]
    art.errors = [ErrorRecord(code="W001", message="note", stage="nlp")]
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem("/in/seed.txt", 0, art)])
    with Store(tmp_path / "s.duckdb", read_only=True) as s:
        assert s.get_article(art.id) == art


_words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    headline=_words,
    body=st.lists(_words, min_size=1, max_size=5).map("\n\n".join),
    quotes=st.lists(st.tuples(_words, st.none() | _words, st.floats(0, 1)), max_size=3),
    claims=st.lists(st.tuples(st.floats(-1e12, 1e12), _words, st.none() | _words), max_size=3),
)
def test_any_article_round_trips(tmp_path_factory, headline, body, quotes, claims):
    art = make_article(headline, body)
    art.quotes = [Quote(content=c, speaker=s, start=0, end=len(c), confidence=k) for c, s, k in quotes]
    art.claims = [Claim(value=v, text=t, unit=u, start=0, end=len(t)) for v, t, u in claims]
    path = tmp_path_factory.mktemp("rt") / "s.duckdb"
    with Store(path) as s:
        s.write_batch([IngestItem("/in/x", 0, art)])
        assert s.get_article(art.id) == art


def test_resolve_by_id_prefix_path_and_url(tmp_path):
    a = seed_article(SEEDS[0])
    b = seed_article(SEEDS[1])
    b.source = Source(path=str(SEEDS[1]), url="https://example.invalid/story")
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem(str(SEEDS[0]), 0, a), IngestItem(str(SEEDS[1]), 0, b)])
        assert s.resolve(a.id) == [a.id]
        assert s.resolve(b.id[:8]) == [b.id]
        assert s.resolve(str(SEEDS[0])) == [a.id]
        assert s.resolve("https://example.invalid/story") == [b.id]
        # as copied from a browser's address bar without the scheme, or with www. and a query
        assert s.resolve("example.invalid/story") == s.resolve("www.example.invalid/story/?utm_term=x") == [b.id]
        assert s.resolve("no-such-thing") == []
        # a file name as a user types it: with or without its suffix, or the path's last folders
        assert s.resolve(SEEDS[0].name) == s.resolve(SEEDS[0].stem) == [a.id]
        assert s.resolve(f"seeds/{SEEDS[1].name}") == [b.id]
        assert s.resolve(SEEDS[0].name[:6]) == []  # a partial name is not a match


def test_missing_store_is_reported_for_read_only_open(tmp_path):
    with pytest.raises(StoreNotFoundError, match="no store at"):
        Store(tmp_path / "none.duckdb", read_only=True)
    assert not (tmp_path / "none.duckdb").exists()


def test_store_held_by_another_writer_gives_a_clear_error(tmp_path):
    path = tmp_path / "s.duckdb"
    Store(path).close()
    holder = subprocess.Popen(
        [sys.executable, "-c",
         f"import time; from newstrace.store import Store; s = Store({str(path)!r}); print('ready', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLockedError) as info:
            Store(path)
        msg = str(info.value)
        assert str(path) in msg and "another process" in msg and "--store" in msg
        with pytest.raises(StoreLockedError):  # readers are refused too while a writer holds it
            Store(path, read_only=True)
    finally:
        holder.kill()
        holder.wait()
    Store(path).close()  # free again once the holder is gone


def _damaged_copy(tmp_path: Path, where: str) -> tuple[Path, str]:
    good = tmp_path / "good.duckdb"
    with Store(good) as s:
        s.write_batch([IngestItem(str(p), 0, seed_article(p)) for p in SEEDS])
    data = bytearray(good.read_bytes())
    if where == "header":
        data[0:4096] = b"\x5a" * 4096
    else:  # the first data block after the two database headers
        data[12288:12288 + 2048] = bytes(range(256)) * 8
    bad = tmp_path / f"bad-{where}.duckdb"
    bad.write_bytes(bytes(data))
    return bad, hashlib.sha256(bytes(data)).hexdigest()


@pytest.mark.parametrize("where", ["header", "block"])
def test_damaged_store_is_reported_and_left_untouched(tmp_path, where):
    bad, digest = _damaged_copy(tmp_path, where)
    with pytest.raises(StoreCorruptError) as info:
        with Store(bad) as s:  # some damage shows only when the data is read
            list(s.iter_articles())
    assert str(bad) in str(info.value) and "untouched" in str(info.value)
    assert hashlib.sha256(bad.read_bytes()).hexdigest() == digest
    assert not Path(str(bad) + ".wal").exists() or Path(str(bad) + ".wal").stat().st_size == 0


def test_file_that_is_not_a_database_is_reported_not_replaced(tmp_path):
    path = tmp_path / "notes.duckdb"
    path.write_text("shopping list\n", encoding="utf-8")
    with pytest.raises(StoreCorruptError, match="not a DuckDB database|damaged"):
        Store(path)
    assert path.read_text(encoding="utf-8") == "shopping list\n"


def test_fingerprint_scheme_mismatch_is_refused(tmp_path):
    fp = {"article_id": "a" * 40, "scheme": "minhash-test", "num_perm": 128, "seed": 1, "minhash": b"\0" * 1024,
          "features": b"", "weights": b"", "language": "en", "n_shingles": 0}  # fmt: skip
    with Store(tmp_path / "s.duckdb") as s:
        assert s.put_fingerprints([fp]) == 1
        assert s.put_fingerprints([fp]) == 0  # idempotent
        with pytest.raises(FingerprintSchemeError, match="128") as info:
            s.put_fingerprints([{**fp, "article_id": "b" * 40, "num_perm": 64}])
        assert "64" in str(info.value)
        (got,) = s.get_fingerprints("minhash-test")
        assert (got["num_perm"], got["seed"], got["minhash"]) == (128, 1, b"\0" * 1024)


def test_derivations_replace_and_round_trip(tmp_path):
    a, b = seed_article(SEEDS[0]), seed_article(SEEDS[1])
    d = Derivation(
        copy_id=b.id, origin_id=a.id, kind="edited", score=0.91, copy_coverage=0.8, origin_coverage=0.6,
        direction_evidence=["copy is later"],
        alignment=[AlignedPair(copy_index=0, origin_index=1, copy_sentence="x", origin_sentence="y", similarity=0.7)],
        changes=[Change(kind="number", origin_text="270", copy_text="320", detail="270 -> 320")],
    )  # fmt: skip
    sib = Derivation(copy_id=a.id, origin_id=None, kind="verbatim", score=0.7, copy_coverage=1.0,
                     origin_coverage=1.0, inferred_source=True, sibling_ids=[b.id])  # fmt: skip
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem("/a", 0, a), IngestItem("/b", 0, b)])
        from datetime import datetime

        s.replace_derivations([d, sib], None, mode="full", max_seq=2, new_articles=2, started_at=datetime.now())
        got = s.derivations(resolved=False)  # every verified pair, as stored
        assert sorted(got, key=lambda x: x.copy_id) == sorted([d, sib], key=lambda x: x.copy_id)
        assert s.derivations(a.id, resolved=False)[0].copy_id in (a.id, b.id)
        # the resolved graph: the sibling link between b and its own stored origin a says nothing more
        assert s.derivations() == s.derivations(a.id) == [d]
        assert (s.counts()["derivations"], s.counts()["resolved_links"]) == (2, 1)
        # An incremental run replaces only the links involving the articles it examined.
        c = seed_article(SEEDS[0]).model_copy(update={"id": "c" * 40})
        d3 = d.model_copy(update={"copy_id": c.id, "score": 0.5})
        s.replace_derivations([d3], [c.id], mode="incremental", max_seq=3, new_articles=1, started_at=datetime.now())
        assert sorted(x.score for x in s.derivations(resolved=False)) == [0.5, 0.7, 0.91]
        assert sorted(x.score for x in s.derivations()) == [0.5, 0.91]
        d2 = d.model_copy(update={"score": 0.95})  # b's links (as copy and as sibling) are recomputed
        s.replace_derivations([d2], [b.id], mode="incremental", max_seq=3, new_articles=1, started_at=datetime.now())
        assert sorted((x.copy_id, x.score) for x in s.derivations(resolved=False)) == sorted([(b.id, 0.95), (c.id, 0.5)])
        assert sorted((x.copy_id, x.score) for x in s.derivations()) == sorted([(b.id, 0.95), (c.id, 0.5)])
        assert s.last_trace()["mode"] == "incremental"


def test_writes_are_atomic_a_failing_batch_leaves_nothing(tmp_path, monkeypatch):
    a = seed_article(SEEDS[0])
    with Store(tmp_path / "s.duckdb") as s:
        real_insert = Store._insert

        def failing_insert(self, table, rows, on_conflict=""):
            if table == "aliases":  # after the articles rows went in
                raise OSError("disk full")
            return real_insert(self, table, rows, on_conflict)

        monkeypatch.setattr(Store, "_insert", failing_insert)
        with pytest.raises(OSError):
            s.write_batch([IngestItem("/in/a", 0, a)])
        monkeypatch.undo()
        assert s.counts()["articles"] == 0 and s.counts()["aliases"] == 0
        assert s.write_batch([IngestItem("/in/a", 0, a)]).new_articles == 1


def test_public_query_helpers(tmp_path):
    a, b = seed_article(SEEDS[0]), seed_article(SEEDS[1])
    with Store(tmp_path / "s.duckdb") as s:
        s.write_batch([IngestItem("/a", 0, a), IngestItem("/b", 0, b)])
        with s.registered_ids("_pick", [b.id, "f" * 40]) as name:
            assert s.query(f"SELECT id FROM articles JOIN {name} USING (id)") == [{"id": b.id}]
        with s.transaction():
            s.execute("CREATE TABLE notes (article_id VARCHAR PRIMARY KEY, note VARCHAR)")
            s.insert_rows("notes", [{"article_id": a.id, "note": "checked"}])
            s.insert_rows("notes", [{"article_id": a.id, "note": "again"}], "ON CONFLICT DO NOTHING")
        assert s.query("SELECT note FROM notes") == [{"note": "checked"}]


def _pair(copy: str, origin: str | None, score: float, cover: float, partner: str | None = None) -> Derivation:
    """An invented verified pair (one aligned sentence) between article ids."""
    return Derivation(copy_id=copy, origin_id=origin, kind="edited", score=score, copy_coverage=cover,
                      origin_coverage=cover, inferred_source=origin is None, sibling_ids=[partner] if partner else [],
                      alignment=[AlignedPair(copy_index=0, origin_index=0, copy_sentence="c", origin_sentence="o",
                                             similarity=cover)])  # fmt: skip


@pytest.mark.parametrize("before", ["0006_trace_params", "0007_resolved_links"])
def test_upgrade_from_the_previous_schema_fills_the_resolved_graph(tmp_path, before):
    """A store written before the resolved graph was kept (0006: every verified pair only), or with its first,
    view-based form (0007), opened by this newstrace: the migration resolves the links already stored, so the
    views agree with `trace` at once."""
    from newstrace.provenance.graph import resolve
    from newstrace.store.migrations import migrate
    from newstrace.store.records import derivation_rows

    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    assert "0008_resolved_table" in [m.name for m in MIGRATIONS]
    upto = [m.name for m in MIGRATIONS].index(before) + 1
    migrate(con, MIGRATIONS[:upto])  # the schema as an earlier version left it
    pairs = [
        _pair("C", "A", 0.9, 0.9), _pair("C", "B", 0.8, 0.5),  # a copy verified against two origins
        _pair("D", "A", 0.9, 0.8), _pair("D", None, 0.7, 0.7, "C"),  # a copy of A that is also C's sibling
        _pair("X", None, 0.8, 0.9, "Y"), _pair("Y", None, 0.8, 0.9, "Z"),  # copies of a missing source
    ]  # fmt: skip
    rows, aligned = zip(*[(r, p) for d in pairs for r, _c, p in [derivation_rows(d, 1)]])
    for table, batch in (("derivations", list(rows)), ("alignments", [p for ps in aligned for p in ps])):
        con.register("_old", pa.Table.from_pylist(batch))
        con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _old")
        con.unregister("_old")
    con.close()
    with Store(path) as s:
        assert [m["name"] for m in s.migrations()] == [m.name for m in MIGRATIONS]
        every = s.derivations(resolved=False)
        got = {(d.copy_id, d.origin_id, tuple(d.sibling_ids)) for d in s.derivations()}
        assert got == {(d.copy_id, d.origin_id, tuple(d.sibling_ids)) for d in resolve(every)}
        assert len(every) == 6
        assert got == {("C", "A", ()), ("D", "A", ()), ("X", None, ("Y", "Z")), ("Y", None, ("Z", "X"))}


def test_upgrade_to_claim_bounds_keeps_old_claims_and_stores_new_ones(tmp_path):
    """A store from before 0009 (claims without high/second) opened by this newstrace: its claims read back with
    ``high``/``second`` None, and a new article's range and tally keep both figures."""
    from newstrace import analyze
    from newstrace.store.migrations import migrate
    from newstrace.store.records import model_row

    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    upto = [m.name for m in MIGRATIONS].index("0008_resolved_table") + 1
    migrate(con, MIGRATIONS[:upto])
    old = Claim(value=270.0, text="270", qualifier="more than", unit=None, start=10, end=13)
    row = {k: v for k, v in model_row(old, article_id="A", n=0).items() if k not in ("high", "second")}
    con.register("_old", pa.Table.from_pylist([row]))
    con.execute("INSERT INTO claims BY NAME SELECT * FROM _old")
    con.close()
    art = analyze("Council vote on the levy\n\nThe council voted 7-2 for the levy. Between 300 and 400 boats pay it.")
    art.source = Source(path="/in/levy.txt", format="text")
    with Store(path) as s:
        assert "0009_claim_bounds" in [m["name"] for m in s.migrations()]
        assert s.query("SELECT value, high, second FROM claims WHERE article_id = 'A'") == [
            {"value": 270.0, "high": None, "second": None}]
        s.write_batch([IngestItem("/in/levy.txt", 0, art)])
        got = s.get_article(art.id)
    assert [(c.value, c.high, c.second) for c in got.claims] == [(7.0, None, 2.0), (300.0, 400.0, None)]
    assert got.claims == art.claims


def test_identical_records_of_one_feed_are_two_sources(tmp_path):
    """Two records of one JSON Lines feed with the same text are one article with two sources, named
    by their lines as `show` names them; an article read once has no entry."""
    from newstrace.store.ingest import ingest

    body = ("The council met on Monday and agreed the new harbour budget after a long debate about pumps, boats "
            "and the sea wall that protects the old town.")
    feed = tmp_path / "feed.jsonl"
    feed.write_text("\n".join(json.dumps({"title": t, "text": body if t != "Other" else body.replace("Monday", "Friday")})
                              for t in ("Harbour vote", "Harbour vote", "Other")) + "\n", encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as s:
        ingest([feed], s, jobs=1)
        ids = [r["id"] for r in s.query("SELECT id FROM articles ORDER BY seq")]
        assert len(ids) == 2
        assert s.identical_sources(ids) == {ids[0]: [f"{feed}:1", f"{feed}:2"]}
