"""Conversion between :mod:`newstrace.schema` records and store rows (plain dicts, one per row)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from pydantic import BaseModel

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
)

#: Field names reserved in SQL, and the column names used for them.
RENAMES: dict[str, str] = {"start": "char_start", "end": "char_end", "offset": "byte_offset"}
_UNRENAMES = {v: k for k, v in RENAMES.items()}

#: Article list field -> (child table, record model).
CHILD_TABLES: dict[str, tuple[str, type[BaseModel]]] = {
    "repairs": ("repairs", Repair),
    "residue": ("residue", Residue),
    "entities": ("entities", Entity),
    "quotes": ("quotes", Quote),
    "claims": ("claims", Claim),
}

#: Article scalar/list-of-str fields stored as columns of ``articles`` under the same name.
ARTICLE_COLUMNS: tuple[str, ...] = (
    "schema_version", "outlet", "language", "headline", "headline_suffix", "published", "published_offset",
    "updated", "updated_offset", "byline", "credit", "contributors", "dateline", "text", "raw_text",
)  # fmt: skip

#: Source fields stored as ``source_<field>`` columns of ``articles``.
SOURCE_FIELDS: tuple[str, ...] = ("path", "format", "record", "line", "offset", "url", "captured")


def model_row(model: BaseModel, **extra: Any) -> dict[str, Any]:
    """A record model as a row dict with SQL-safe column names, plus ``extra`` columns."""
    row = {RENAMES.get(k, k): v for k, v in model.model_dump().items()}
    row.update(extra)
    return row


def row_model(cls: type[BaseModel], row: dict[str, Any]):
    """Build a record model from a row dict, ignoring store-only columns (``article_id``, ``n``...)."""
    fields = cls.model_fields
    data = {}
    for col, value in row.items():
        name = _UNRENAMES.get(col, col)
        if name in fields:
            data[name] = value
    return cls(**data)


def source_columns(source: Source) -> dict[str, Any]:
    """``source_*`` columns of an article row."""
    return {f"source_{RENAMES.get(f, f)}": getattr(source, f) for f in SOURCE_FIELDS}


def article_row(article: Article, seq: int, input_key: str | None, now: datetime) -> dict[str, Any]:
    """The ``articles`` row of an analysed article (children go to their own tables)."""
    row: dict[str, Any] = {"id": article.id, "seq": seq, "input_key": input_key}
    row.update(source_columns(article.source))
    for name in ARTICLE_COLUMNS:
        row[name] = getattr(article, name)
    row["ingested_at"] = now
    return row


def child_rows(article: Article) -> dict[str, list[dict[str, Any]]]:
    """Rows of every child table for one article, keyed by table name."""
    out: dict[str, list[dict[str, Any]]] = {}
    for field, (table, _model) in CHILD_TABLES.items():
        out[table] = [model_row(item, article_id=article.id, n=i) for i, item in enumerate(getattr(article, field))]
    return out


def error_rows(input_key: str, record: int, article_id: str | None, source: Source, errors: Iterable[ErrorRecord],
               seq: int, now: datetime) -> list[dict[str, Any]]:  # fmt: skip
    """``errors`` rows for the errors of one input record (``article_id`` None: the record failed)."""
    loc = {
        "path": source.path, "format": source.format, "line": source.line,
        "byte_offset": source.offset, "url": source.url,
    }  # fmt: skip
    return [
        {"input_key": input_key, "record": record, "n": i, "article_id": article_id, **loc,
         "code": e.code, "message": e.message, "stage": e.stage, "seq": seq, "ingested_at": now}
        for i, e in enumerate(errors)
    ]  # fmt: skip


def alias_row(input_key: str, record: int, article_id: str, source: Source, seq: int, now: datetime,
              article: Article | None = None) -> dict[str, Any]:  # fmt: skip
    """The ``aliases`` row recording that an input record yielded ``article_id``.

    Args:
        article: the record's analysed Article, whose own ``published`` date (and offset) the row keeps,
            with ``date_source`` (where a page gave the date: ``json-ld``, ``meta``, ``url``, ...; the
            HTML reader's ``_meta["date_source"]``) when the date is there: an identical republication is
            stored as an alias of the article first stored, and its date must not be lost (store
            migration 0012). ``None`` leaves the three columns NULL.
    """
    published = article.published if article is not None else None
    date_source = article._meta.get("date_source") if article is not None and published else None
    return {
        "input_key": input_key, "record": record, "article_id": article_id, "path": source.path,
        "format": source.format, "line": source.line, "byte_offset": source.offset, "url": source.url,
        "captured": source.captured, "seq": seq, "ingested_at": now, "published": published,
        "published_offset": article.published_offset if published else None,
        "date_source": date_source if isinstance(date_source, str) else None,
    }  # fmt: skip


def article_from_rows(row: dict[str, Any], children: dict[str, list[dict[str, Any]]],
                      errors: list[dict[str, Any]]) -> Article:  # fmt: skip
    """Rebuild an :class:`Article` from its ``articles`` row, child rows (sorted by ``n``) and errors."""
    source = Source(**{f: row.get(f"source_{RENAMES.get(f, f)}") for f in SOURCE_FIELDS if row.get(f"source_{RENAMES.get(f, f)}") is not None})
    data: dict[str, Any] = {name: row[name] for name in ARTICLE_COLUMNS if row.get(name) is not None}
    data["id"] = row["id"]
    data["source"] = source
    for field, (table, model) in CHILD_TABLES.items():
        data[field] = [row_model(model, r) for r in children.get(table, [])]
    data["errors"] = [ErrorRecord(code=e["code"], message=e["message"], stage=e["stage"]) for e in errors]
    return Article(**data)


def origin_key(derivation: Derivation) -> str:
    """Key of a derivation's origin: the origin id, or ``inferred:<sha1 of sorted sibling ids>``."""
    if derivation.origin_id:
        return derivation.origin_id
    import hashlib

    members = sorted({derivation.copy_id, *derivation.sibling_ids})
    return "inferred:" + hashlib.sha1("\n".join(members).encode()).hexdigest()[:16]


def derivation_rows(derivation: Derivation, run_id: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """``derivations``, ``changes`` and ``alignments`` rows of one derivation."""
    key = origin_key(derivation)
    row = derivation.model_dump(exclude={"alignment", "changes"})
    row.update(origin_key=key, run_id=run_id)
    ids = {"copy_id": derivation.copy_id, "origin_key": key}
    changes = [model_row(c, **ids, n=i) for i, c in enumerate(derivation.changes)]
    pairs = [model_row(p, **ids, n=i) for i, p in enumerate(derivation.alignment)]
    return row, changes, pairs


def derivation_from_rows(row: dict[str, Any], changes: list[dict[str, Any]], pairs: list[dict[str, Any]]) -> Derivation:
    """Rebuild a :class:`Derivation` from its rows (changes and pairs sorted by ``n``).

    A resolved row with an origin but an ``inferred:`` key is a sibling record read as a chain step
    (:func:`newstrace.provenance.graph.promoted_siblings`): its stored changes, worded as the
    siblings' differences, are worded as the copy's alterations again.
    """
    d = row_model(Derivation, {k: v for k, v in row.items() if v is not None or k == "origin_id"})
    d.changes = [row_model(Change, c) for c in changes]
    if d.origin_id and str(row.get("origin_key") or "").startswith("inferred:"):
        from newstrace.provenance.derive import direct_wording

        d.changes = [c.model_copy(update={"detail": direct_wording(c.detail)}) for c in d.changes]
    d.alignment = [row_model(AlignedPair, p) for p in pairs]
    return d


def alias_sources(aliases: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    """The distinct sources of an article's input records, in order: ``(URL, else the record's location
    as errors give it, the input paths of a URL joined by "; " or None)``. One URL saved in two files is
    one source (one page), not two copies. Two or more sources are identical texts stored as one article.

    Args:
        aliases: the article's input records (:meth:`newstrace.store.Store.aliases`: dicts with
            ``path``, ``format``, ``record``, ``line``, ``url``).

    Returns:
        One ``(source, paths)`` per source; the location is
        :meth:`newstrace.schema.Source.label` ("feed.jsonl:17", "crawl.warc#3", "story.txt").
    """
    out: dict[str, list[str]] = {}
    for a in aliases:
        where = a["url"] or Source(path=a["path"], format=a["format"] or "text", record=a["record"], line=a["line"]).label()
        paths = out.setdefault(str(where), [])
        if a["url"] and a["path"] and a["path"] not in paths:
            paths.append(a["path"])
    return [(where, "; ".join(paths) or None) for where, paths in out.items()]
