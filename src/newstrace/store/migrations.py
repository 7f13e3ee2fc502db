"""Named, transactional store migrations, recorded in the ``_migrations`` table.

Follows sqlite-utils' ``migrations.py``: each migration has a stable name and runs once,
inside a transaction together with the row that records it, so a crash leaves either the
old schema or the new one, never half of a migration. A step may also fill what its
statements created from the rows already stored (``fill``), in the same transaction. A
store that records a migration this code does not know was written by a newer newstrace
and is refused (:class:`~newstrace.store.errors.SchemaVersionError`), never "downgraded".

Column names follow :mod:`newstrace.schema`, except where the field name is reserved in
SQL: ``start``/``end`` -> ``char_start``/``char_end``, ``offset`` -> ``byte_offset``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from newstrace.store import resolved
from newstrace.store.errors import SchemaVersionError


@dataclass(frozen=True)
class Migration:
    """One schema step.

    Attributes:
        name: stable, unique name ("0001_articles"); recorded in ``_migrations``.
        statements: SQL statements run in order within one transaction.
        doc: what the step adds and why.
        fill: optional function of the connection run after the statements, in the same
            transaction: computes the new tables' rows from the data already stored.
    """

    name: str
    statements: tuple[str, ...]
    doc: str = ""
    fill: Callable[[Any], None] | None = None


_ARTICLES = """
CREATE TABLE articles (
    id VARCHAR PRIMARY KEY,           -- sha1 of normalised headline + text (schema.text_id; from 0011 with attribution, schema.article_id)
    seq BIGINT NOT NULL,              -- ingestion order; trace compares articles newer than its last run
    schema_version VARCHAR NOT NULL,
    input_key VARCHAR,                -- absolute path of the input file it was first read from
    source_path VARCHAR,              -- the path as the user gave it
    source_format VARCHAR,
    source_record BIGINT,
    source_line BIGINT,
    source_byte_offset BIGINT,
    source_url VARCHAR,
    source_captured VARCHAR,          -- web-archive capture time (WARC-Date)
    outlet VARCHAR,
    language VARCHAR,
    headline VARCHAR,
    headline_suffix VARCHAR,
    published VARCHAR,
    published_offset VARCHAR,
    updated VARCHAR,
    updated_offset VARCHAR,
    byline VARCHAR[],
    credit VARCHAR,
    contributors VARCHAR[],
    dateline VARCHAR,
    text VARCHAR,
    raw_text VARCHAR,
    ingested_at TIMESTAMP NOT NULL
)"""

_ALIASES = """
CREATE TABLE aliases (
    -- every input record that yielded an article: the per-record completion marker, and the
    -- path/URL aliases of an article ingested more than once
    input_key VARCHAR NOT NULL,
    record BIGINT NOT NULL,
    article_id VARCHAR NOT NULL,
    path VARCHAR,
    format VARCHAR,
    line BIGINT,
    byte_offset BIGINT,
    url VARCHAR,
    captured VARCHAR,
    seq BIGINT NOT NULL,
    ingested_at TIMESTAMP NOT NULL,
    PRIMARY KEY (input_key, record)
)"""

_ERRORS = """
CREATE TABLE errors (
    -- every ErrorRecord met: article_id NULL marks a failed record (no article), which is
    -- also that record's completion marker
    input_key VARCHAR NOT NULL,
    record BIGINT NOT NULL,
    n INTEGER NOT NULL,
    article_id VARCHAR,
    path VARCHAR,
    format VARCHAR,
    line BIGINT,
    byte_offset BIGINT,
    url VARCHAR,
    code VARCHAR NOT NULL,
    message VARCHAR NOT NULL,
    stage VARCHAR NOT NULL,
    seq BIGINT NOT NULL,
    ingested_at TIMESTAMP NOT NULL,
    PRIMARY KEY (input_key, record, n)
)"""

_INPUTS = """
CREATE TABLE inputs (
    -- per input file: 'started' when its first batch commits, 'done' with its last one; size
    -- and mtime detect a file changed between runs
    input_key VARCHAR PRIMARY KEY,
    path VARCHAR NOT NULL,
    format VARCHAR,
    size BIGINT,
    mtime_ns BIGINT,
    status VARCHAR NOT NULL,
    records BIGINT,
    started_at TIMESTAMP,
    completed_at TIMESTAMP
)"""

_CHILDREN = (
    """
CREATE TABLE repairs (
    article_id VARCHAR NOT NULL, n INTEGER NOT NULL,
    kind VARCHAR NOT NULL, char_start BIGINT NOT NULL, char_end BIGINT NOT NULL,
    before VARCHAR NOT NULL, after VARCHAR NOT NULL, evidence VARCHAR,
    PRIMARY KEY (article_id, n)
)""",
    """
CREATE TABLE residue (
    article_id VARCHAR NOT NULL, n INTEGER NOT NULL,
    text VARCHAR NOT NULL, reason VARCHAR NOT NULL,
    PRIMARY KEY (article_id, n)
)""",
    """
CREATE TABLE entities (
    article_id VARCHAR NOT NULL, n INTEGER NOT NULL,
    text VARCHAR NOT NULL, label VARCHAR NOT NULL, canonical VARCHAR NOT NULL,
    char_start BIGINT NOT NULL, char_end BIGINT NOT NULL,
    PRIMARY KEY (article_id, n)
)""",
    """
CREATE TABLE quotes (
    article_id VARCHAR NOT NULL, n INTEGER NOT NULL,
    content VARCHAR NOT NULL, speaker VARCHAR, speaker_is_unnamed BOOLEAN,
    speaker_start BIGINT, speaker_end BIGINT, cue VARCHAR,
    char_start BIGINT NOT NULL, char_end BIGINT NOT NULL,
    kind VARCHAR, in_headline BOOLEAN, confidence DOUBLE,
    PRIMARY KEY (article_id, n)
)""",
    """
CREATE TABLE claims (
    article_id VARCHAR NOT NULL, n INTEGER NOT NULL,
    value DOUBLE NOT NULL, text VARCHAR NOT NULL, qualifier VARCHAR, unit VARCHAR,
    what VARCHAR, period VARCHAR, source VARCHAR,
    char_start BIGINT NOT NULL, char_end BIGINT NOT NULL, sentence VARCHAR,
    PRIMARY KEY (article_id, n)
)""",
)

_DERIVATIONS = (
    """
CREATE TABLE derivations (
    -- one copy -> origin link of the latest trace; origin_key is origin_id, or
    -- 'inferred:<hash of sibling ids>' for an inferred common source missing from the store
    copy_id VARCHAR NOT NULL,
    origin_key VARCHAR NOT NULL,
    origin_id VARCHAR,
    copy_source VARCHAR,
    origin_source VARCHAR,
    kind VARCHAR NOT NULL,
    score DOUBLE NOT NULL,
    copy_coverage DOUBLE NOT NULL,
    origin_coverage DOUBLE NOT NULL,
    direction_evidence VARCHAR[],
    inferred_source BOOLEAN NOT NULL,
    sibling_ids VARCHAR[],
    run_id BIGINT NOT NULL,
    PRIMARY KEY (copy_id, origin_key)
)""",
    """
CREATE TABLE changes (
    copy_id VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, n INTEGER NOT NULL,
    kind VARCHAR NOT NULL, origin_text VARCHAR, copy_text VARCHAR, detail VARCHAR,
    PRIMARY KEY (copy_id, origin_key, n)
)""",
    """
CREATE TABLE alignments (
    copy_id VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, n INTEGER NOT NULL,
    copy_index INTEGER NOT NULL, origin_index INTEGER NOT NULL,
    copy_sentence VARCHAR, origin_sentence VARCHAR, similarity DOUBLE,
    PRIMARY KEY (copy_id, origin_key, n)
)""",
    """
CREATE TABLE trace_runs (
    -- one row per finished trace; max_seq is the newest article it covered, so the next
    -- incremental run compares only articles with a larger seq
    run_id BIGINT PRIMARY KEY,
    mode VARCHAR NOT NULL,
    max_seq BIGINT NOT NULL,
    new_articles BIGINT NOT NULL,
    derivations BIGINT NOT NULL,
    started_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP NOT NULL
)""",
)

_FINGERPRINTS = (
    """
CREATE TABLE fingerprint_schemes (
    -- every signature is stored with the scheme that made it; writing one of the same name
    -- with other parameters is refused (STYLE.md 10)
    scheme VARCHAR PRIMARY KEY,
    num_perm INTEGER,
    seed BIGINT,
    params VARCHAR NOT NULL,          -- JSON of the full parameter set
    created_at TIMESTAMP NOT NULL
)""",
    """
CREATE TABLE fingerprints (
    -- the fields of newstrace.provenance.fingerprint.Fingerprint.to_dict(); arrays as
    -- little-endian bytes
    article_id VARCHAR NOT NULL,
    scheme VARCHAR NOT NULL,
    minhash BLOB NOT NULL,            -- uint64 x num_perm
    features BLOB NOT NULL,           -- int64, sorted hashed copy-robust features
    weights BLOB NOT NULL,            -- float32, one per feature
    language VARCHAR,
    n_shingles INTEGER,
    PRIMARY KEY (article_id, scheme)
)""",
)

_RETRACE = """
CREATE TABLE retrace_articles (
    -- articles whose trace date changed after their last trace (a dated identical republication
    -- arrived as an alias): the next incremental trace compares them again, then forgets them
    article_id VARCHAR PRIMARY KEY,
    reason VARCHAR NOT NULL,
    marked_at TIMESTAMP NOT NULL
)"""

#: Every migration, in order. Append only: never edit or reorder a released step.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_articles",
        (_ARTICLES, _ALIASES, _ERRORS, _INPUTS, *_CHILDREN),
        "Articles with their repairs, residue, entities, quotes and claims; source aliases, "
        "error records and per-input completion markers.",
    ),
    Migration(
        "0002_derivations",
        _DERIVATIONS,
        "Derivation links of trace with their changes and sentence alignment; trace runs for "
        "incremental tracing.",
    ),
    Migration(
        "0003_fingerprints",
        _FINGERPRINTS,
        "Fingerprints with their scheme parameters, so trace reuses them and refuses a mismatch.",
    ),
    Migration(
        "0004_derivation_coverage",
        ("ALTER TABLE derivations ADD COLUMN coverage DOUBLE DEFAULT 0.0",),
        "Derivation.coverage (the copy's aligned share, as the JSON output names it).",
    ),
    Migration(
        "0005_stories",
        (
            "CREATE TABLE story_keys (article_id VARCHAR NOT NULL, key VARCHAR NOT NULL, weight DOUBLE NOT NULL, "
            "probe BOOLEAN NOT NULL, PRIMARY KEY (article_id, key))",
            "CREATE TABLE story_articles (article_id VARCHAR PRIMARY KEY, story_id VARCHAR NOT NULL, "
            "date_lo VARCHAR, date_hi VARCHAR, date_source VARCHAR, run_id BIGINT NOT NULL)",
            "CREATE TABLE story_links (a VARCHAR NOT NULL, b VARCHAR NOT NULL, score DOUBLE NOT NULL, "
            "specific INTEGER NOT NULL, gap_days INTEGER, keys VARCHAR[], run_id BIGINT NOT NULL, PRIMARY KEY (a, b))",
            "CREATE TABLE story_runs (run_id BIGINT PRIMARY KEY, mode VARCHAR NOT NULL, max_seq BIGINT NOT NULL, "
            "trace_run_id BIGINT, params VARCHAR NOT NULL, new_articles BIGINT NOT NULL, stories BIGINT NOT NULL, "
            "started_at TIMESTAMP NOT NULL, finished_at TIMESTAMP NOT NULL)",
        ),
        "Stories (newstrace.stories): each article's event keys and date, same-event links with their "
        "evidence, story membership, and story runs for incremental clustering.",
    ),
    Migration(
        "0006_trace_params",
        ("ALTER TABLE trace_runs ADD COLUMN params VARCHAR",),
        "The settings of each trace run (e.g. sentence embeddings on or off), so an incremental "
        "run refuses settings that would make its links disagree with the stored ones.",
    ),
    Migration(
        "0007_resolved_links",
        (
            "CREATE TABLE resolved_links (copy_id VARCHAR NOT NULL, origin_key VARCHAR NOT NULL, sibling_ids VARCHAR[])",
            "CREATE VIEW resolved_derivations AS SELECT d.* REPLACE (coalesce(r.sibling_ids, d.sibling_ids) AS "
            "sibling_ids) FROM derivations d JOIN resolved_links r ON r.copy_id = d.copy_id AND r.origin_key = d.origin_key",
        ),
        "The resolved derivation graph as kept links and a view over derivations (replaced by 0008, which fills "
        "its table; this step's own fill is left to 0008).",
    ),
    Migration(
        "0008_resolved_table",
        ("DROP VIEW IF EXISTS resolved_derivations", "DROP TABLE IF EXISTS resolved_links", *resolved.DDL),
        "The resolved derivation graph (one origin per copy, one inferred source per sibling group) as a table "
        "with the columns of derivations, recomputed over all stored links after every trace run, which stories, "
        "the report, the web app and export read; filled here from the links already stored.",
        fill=lambda con: resolved.refresh_resolved(con),
    ),
    Migration(
        "0009_claim_bounds",
        ("ALTER TABLE claims ADD COLUMN high DOUBLE", "ALTER TABLE claims ADD COLUMN second DOUBLE"),
        "Claim.high (a range's upper bound) and Claim.second (a vote tally's or score's second figure), "
        "article schema 1.1; claims stored before stay NULL there until their article is analysed again.",
    ),
    Migration(
        "0010_sentence_vectors",
        ("CREATE TABLE sentence_vectors (model VARCHAR NOT NULL, text_key VARCHAR NOT NULL, vector BLOB NOT NULL, "
         "PRIMARY KEY (model, text_key))",),
        "Sentence embeddings made by `trace --semantic`, by model and sentence text (float32 bytes): later runs, "
        "incremental or full, read them instead of embedding the same sentences again (DESIGN.md: embed once, "
        "keep the vectors in the store).",
    ),
    Migration(
        "0011_attributed_ids",
        ("CREATE TABLE id_scheme (legacy_max_seq BIGINT NOT NULL)",
         "INSERT INTO id_scheme SELECT coalesce(max(seq), 0) FROM articles"),
        "Article ids hash the byline, credit and dateline with the headline and body (schema.article_id): a "
        "copy that drops or swaps the attribution of an identical text is another article. Articles stored "
        "before (seq <= legacy_max_seq) keep their ids, and a record of the same headline and body is still "
        "stored as their alias, so ingesting into an older store never duplicates them.",
    ),
    Migration(
        "0012_source_dates",
        (
            "ALTER TABLE aliases ADD COLUMN published VARCHAR",
            "ALTER TABLE aliases ADD COLUMN published_offset VARCHAR",
            "ALTER TABLE aliases ADD COLUMN date_source VARCHAR",
            # the record an article was first stored from is the one whose date the article row kept
            "UPDATE aliases SET published = a.published, published_offset = a.published_offset FROM articles a "
            "WHERE aliases.article_id = a.id AND aliases.input_key = a.input_key AND aliases.record = a.source_record",
            _RETRACE,
        ),
        "Each source record's own published date (and where the page gave it, ``date_source``) in its "
        "``aliases`` row: an identical republication is stored as an alias of the article first stored, whose "
        "date alone was kept, so an undated capture ingested before a dated one left the article undated for "
        "trace (a new-user test, F16). Trace now dates an article by the earliest date of its identical "
        "sources where that is earlier than its own (Store.identical_dates); ``retrace_articles`` lists the "
        "articles a newly stored alias gave another date since the last trace, which the next incremental "
        "run compares again. Aliases stored before keep NULL dates except the article's own record (filled "
        "here from the article row): their records' dates were never stored.",
    ),
)

_LEDGER = "CREATE TABLE IF NOT EXISTS _migrations (name VARCHAR PRIMARY KEY, applied_at TIMESTAMP NOT NULL)"


def applied_migrations(con) -> list[str]:
    """Names of the migrations recorded in the store, in the order applied ([] for a new store)."""
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = '_migrations'"
    ).fetchall()[0][0]
    if not exists:
        return []
    return [r[0] for r in con.execute("SELECT name FROM _migrations ORDER BY applied_at, name").fetchall()]


def pending_migrations(con, migrations: tuple[Migration, ...] = MIGRATIONS) -> list[Migration]:
    """Migrations not yet applied to the store behind ``con``.

    Raises:
        SchemaVersionError: the store records migrations this code does not know (written by
            a newer newstrace), or it is a DuckDB file with tables but no ``_migrations``
            ledger (not a newstrace store).
    """
    done = applied_migrations(con)
    known = {m.name for m in migrations}
    unknown = [name for name in done if name not in known]
    if unknown:
        raise SchemaVersionError(
            f"the store has migrations {unknown} that this newstrace does not know; it was "
            "written by a newer version: upgrade newstrace or use another store"
        )
    if not done:
        tables = [
            r[0]
            for r in con.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main'"
            ).fetchall()
        ]
        if tables:
            raise SchemaVersionError(
                f"this DuckDB file is not a newstrace store (it has tables {sorted(tables)[:5]} "
                "but no _migrations ledger); use another --store file"
            )
    return [m for m in migrations if m.name not in set(done)]


def migrate(con, migrations: tuple[Migration, ...] = MIGRATIONS, on_step: Callable[[Migration], None] | None = None) -> list[str]:
    """Apply every pending migration, each in its own transaction with its ledger row.

    Args:
        con: a writable DuckDB connection.
        migrations: the ordered steps (default :data:`MIGRATIONS`).
        on_step: called with each migration after it commits.

    Returns:
        Names of the migrations applied by this call.

    Raises:
        SchemaVersionError: see :func:`pending_migrations`.
    """
    todo = pending_migrations(con, migrations)
    con.execute(_LEDGER)
    applied = []
    for step in todo:
        con.execute("BEGIN TRANSACTION")
        try:
            for sql in step.statements:
                con.execute(sql)
            if step.fill is not None:
                step.fill(con)
            con.execute("INSERT INTO _migrations VALUES (?, current_timestamp)", [step.name])
            con.execute("COMMIT")
        except Exception:
            con.execute("ROLLBACK")
            raise
        applied.append(step.name)
        if on_step:
            on_step(step)
    return applied


__all__ = ["Migration", "MIGRATIONS", "applied_migrations", "pending_migrations", "migrate"]
