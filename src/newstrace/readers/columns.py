"""Column mapping for tabular exports (JSONL, CSV, Parquet): which column holds the headline, body, date, ...

Exports of news articles name their columns in many ways (``title`` or ``headline``, ``text``
or ``body`` or ``content``, ``date`` or ``published_at``). A :class:`ColumnMap` resolves each
article field to one column of a record, from a list of usual names or from a column the
user names (``--columns title=hed,text=body_html``), and :func:`record_to_document` turns one
record into a :class:`~newstrace.readers.base.RawDocument` in newstrace's plain-text layout
(headline, blank line, body) with the other fields as reader hints in ``meta``.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from newstrace.readers.base import RawDocument, error_document
from newstrace.schema import Source

#: Article field -> usual column names, most specific first (compared case-insensitively).
DEFAULT_ALIASES: dict[str, tuple[str, ...]] = {
    "title": ("title", "headline", "hed", "heading"),
    "text": (
        "text", "body", "content", "article", "maintext", "full_text", "fulltext",
        "body_text", "article_text", "story", "body_html", "content_html", "html",
    ),
    "url": ("url", "link", "canonical_url", "uri", "source_url"),
    "published": (
        "published", "date", "published_at", "publishedat", "publish_date", "date_published",
        "pubdate", "published_date", "datetime", "timestamp", "time",
    ),
    "updated": ("updated", "modified", "updated_at", "date_modified", "last_modified"),
    "byline": ("byline", "author", "authors", "creator", "writer", "by"),
    "outlet": ("outlet", "source", "publisher", "site", "site_name", "source_name", "domain", "media"),
    "language": ("language", "lang", "locale"),
}

#: Field names a user may map with ``--columns FIELD=COLUMN``, with the short synonyms accepted.
FIELD_SYNONYMS: dict[str, str] = {
    "title": "title", "headline": "title",
    "text": "text", "body": "text", "content": "text",
    "url": "url",
    "published": "published", "date": "published",
    "updated": "updated", "modified": "updated",
    "byline": "byline", "author": "byline", "authors": "byline",
    "outlet": "outlet", "source": "outlet",
    "language": "language", "lang": "language",
}

# Tags whose presence means a field holds markup rather than plain text.
_HTML_TAG = re.compile(
    r"<(?:/?(?:p|div|br|html|body|article|section|span|a|h[1-6]|ul|ol|li|em|strong|b|i|"
    r"blockquote|figure|figcaption|table|tr|td|header|footer|main|img)\b[^<>]*|!doctype\b[^<>]*)>",
    re.I,
)
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$")
_BYLINE_SPLIT = re.compile(r"\s*(?:;|\||,|&|\band\b)\s*", re.I)


@dataclass(frozen=True)
class ColumnMap:
    """Which record column feeds which article field.

    Args:
        explicit: field -> column named by the user; it replaces the usual names for that
            field, and a record or header that lacks it is an error, not a silent fallback.
        aliases: field -> usual column names tried in order when no column is named.

    Fields: ``title``, ``text``, ``url``, ``published``, ``updated``, ``byline``,
    ``outlet``, ``language``. ``text`` is required; the others are optional.
    """

    explicit: Mapping[str, str] = field(default_factory=dict)
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: dict(DEFAULT_ALIASES))

    @classmethod
    def parse(cls, specs: str | Iterable[str] | Mapping[str, str] | None) -> ColumnMap:
        """Build a map from ``FIELD=COLUMN`` pairs.

        Args:
            specs: ``"title=hed,text=body_html"``, an iterable of such strings (a repeated
                ``--columns`` option), a ``{field: column}`` mapping, or ``None`` (usual names only).

        Raises:
            ValueError: a pair without ``=``, an empty column, or an unknown field name
                (the message lists the known ones).

        >>> ColumnMap.parse("headline=hed, body=story_html").explicit
        {'title': 'hed', 'text': 'story_html'}
        """
        if specs is None:
            return cls()
        if isinstance(specs, Mapping):
            pairs = list(specs.items())
        else:
            items = [specs] if isinstance(specs, str) else list(specs)
            pairs = []
            for item in items:
                for part in item.split(","):
                    if not part.strip():
                        continue
                    name, sep, column = part.partition("=")
                    if not sep:
                        raise ValueError(f"column mapping {part.strip()!r} is not FIELD=COLUMN (e.g. text=body_html)")
                    pairs.append((name, column))
        explicit: dict[str, str] = {}
        for name, column in pairs:
            key = FIELD_SYNONYMS.get(name.strip().lower())
            if key is None:
                known = ", ".join(sorted(set(FIELD_SYNONYMS.values())))
                raise ValueError(f"unknown field {name.strip()!r} in column mapping; known fields: {known}")
            if not column.strip():
                raise ValueError(f"column mapping for {name.strip()!r} names no column")
            explicit[key] = column.strip()
        return cls(explicit=explicit)

    def resolve(self, columns: Iterable[str]) -> tuple[dict[str, str], list[tuple[str, str]]]:
        """Match fields to the columns a record or header has.

        Args:
            columns: the column names present (any case).

        Returns:
            ``(found, missing)``: ``found`` maps each field to the actual column name;
            ``missing`` lists ``(field, column)`` pairs the user named that are absent.
        """
        by_fold: dict[str, str] = {}
        for col in columns:
            if isinstance(col, str):
                by_fold.setdefault(col.strip().casefold(), col)
        found: dict[str, str] = {}
        missing: list[tuple[str, str]] = []
        for name, aliases in self.aliases.items():
            if name in self.explicit:
                wanted = self.explicit[name]
                actual = by_fold.get(wanted.casefold())
                if actual is None and "." in wanted and wanted.split(".", 1)[0].casefold() in by_fold:
                    actual = wanted  # dotted path into a nested JSON object, checked on lookup
                if actual is None:
                    missing.append((name, wanted))
                else:
                    found[name] = actual
                continue
            for alias in aliases:
                actual = by_fold.get(alias.casefold())
                if actual is not None:
                    found[name] = actual
                    break
        return found, missing

    def text_columns(self) -> tuple[str, ...]:
        """Column names that may hold the article text, for error messages."""
        if "text" in self.explicit:
            return (self.explicit["text"],)
        return tuple(self.aliases.get("text", ()))


def as_column_map(columns: ColumnMap | str | Iterable[str] | Mapping[str, str] | None) -> ColumnMap:
    """A :class:`ColumnMap` from any accepted spelling (see :meth:`ColumnMap.parse`).

    Raises:
        ValueError: a malformed mapping.
    """
    return columns if isinstance(columns, ColumnMap) else ColumnMap.parse(columns)


def looks_like_html(value: str) -> bool:
    """True when ``value`` holds HTML markup (at least two known tags, or a doctype/html/body tag).

    >>> looks_like_html("<p>Rescuers reached the village.</p><p>More later.</p>")
    True
    >>> looks_like_html("Profits rose <5% in the quarter, the bank said.")
    False
    """
    head = value[:20000]
    tags = _HTML_TAG.findall(head)
    return len(tags) >= 2 or any(t.lower().startswith(("<!doctype", "<html", "<body")) for t in tags)


def lookup(record: Mapping[str, Any], column: str) -> Any:
    """The value of ``column`` in ``record``; a dotted name walks nested objects (``source.name``)."""
    if column in record:
        return record[column]
    value: Any = record
    for part in column.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


def record_to_document(
    record: Mapping[str, Any],
    source: Source,
    columns: ColumnMap,
    resolved: dict[str, str] | None = None,
) -> RawDocument:
    """Turn one tabular record into a RawDocument.

    Args:
        record: column name -> value (a parsed JSON object or a CSV row).
        source: the record's origin (path, format, record, line, offset).
        columns: the column map.
        resolved: field -> column already resolved for the whole file (CSV header);
            resolved from the record's own keys when ``None`` (JSONL).

    Returns:
        A RawDocument whose ``text`` is ``"headline\\n\\nbody"`` (``"\\n\\nbody"``, an empty
        headline line, when the record has no headline or its headline is null or empty) and whose ``meta`` holds ``headline``, ``published`` (ISO 8601) or
        ``date_text`` (a date whose day/month order is unknown), ``updated``, ``byline``
        (list[str]), ``url``, ``outlet`` and ``language`` where present. A field that holds
        HTML is read with :func:`newstrace.readers.html.html_to_document`.
        Error records: E107 no text column (or the one named for ``text`` is absent), E106 the
        text or headline column holds a value that is not text (a number, boolean, object, or
        a list with non-string items; a list of strings is accepted and joined as paragraphs,
        as datasets often store a body as a list of paragraphs), or HTML with no article text
        in it, E102 an empty text value. A null headline counts as no headline. Byline, date,
        outlet and language values of the wrong type are dropped (they are optional hints).
    """
    if resolved is None:
        resolved, missing = columns.resolve(record.keys())
        missing = [(f, c) for f, c in missing if f == "text"]  # JSON records are sparse: only text is required
        if missing:
            column = missing[0][1]
            return error_document(source, "E107", f"record has no text column {column!r} (named with --columns text={column})")
    if "text" not in resolved:
        have = ", ".join(repr(k) for k in list(record.keys())[:12]) or "none"
        return error_document(
            source,
            "E107",
            f"record has no text column (looked for {', '.join(columns.text_columns())}; it has {have}); "
            "name one with --columns text=COLUMN",
        )
    text_col = resolved["text"]
    body = _as_text(lookup(record, text_col))
    if body is None:
        kind = _kind(lookup(record, text_col))
        return error_document(source, "E106", f"column {text_col!r} holds {kind}, not article text")
    title = _as_text(lookup(record, resolved["title"])) if "title" in resolved else ""
    if title is None:
        kind = _kind(lookup(record, resolved["title"]))
        return error_document(source, "E106", f"column {resolved['title']!r} holds {kind}, not a headline")
    title = " ".join(html_lib.unescape(title).split())
    if not body.strip():
        return error_document(source, "E102", f"empty input: column {text_col!r} has no text to analyse")

    meta: dict[str, Any] = {}
    url = _as_text(lookup(record, resolved["url"])) if "url" in resolved else None
    if url and url.strip():
        meta["url"] = url.strip()
        source = source.model_copy(update={"url": url.strip()})
    if looks_like_html(body):
        body, page_meta = _html_body(body, source, meta.get("url"), title)
        meta.update({k: v for k, v in page_meta.items() if v})
        if not title:
            title = meta.get("headline", "") or ""
    else:
        body = _normalise_newlines(body).strip()
    if title:
        meta["headline"] = title
    _add_dates(meta, record, resolved)
    if "byline" in resolved:
        byline = split_byline(lookup(record, resolved["byline"]))
        if byline:
            meta["byline"] = byline
    if "outlet" in resolved:
        outlet = lookup(record, resolved["outlet"])
        if isinstance(outlet, Mapping):  # NewsAPI-style {"id": ..., "name": ...}
            outlet = outlet.get("name") or outlet.get("id")
        if isinstance(outlet, str) and outlet.strip():
            meta["outlet"] = outlet.strip()
    if "language" in resolved:
        lang = lookup(record, resolved["language"])
        if isinstance(lang, str) and lang.strip():
            meta["language"] = lang.strip()
    if not body.strip():
        return error_document(source, "E106", f"no article text found in the HTML of column {text_col!r}")
    # No headline: the text starts with a blank line, so the structure stage does not take
    # the first paragraph for one (see newstrace.structure.split_document).
    return RawDocument(source=source, text=f"{title}\n\n{body}", meta=meta)


def split_byline(value: Any) -> list[str]:
    """Author names from a byline value: a list, or a string joined by ``,``/``;``/``and``/``&``.

    A leading "By" is dropped; empty parts are skipped.

    >>> split_byline("By Maren Olsby and Tomas Reyes")
    ['Maren Olsby', 'Tomas Reyes']
    >>> split_byline(["Ada Quist", {"name": "Ben Ortiz"}])
    ['Ada Quist', 'Ben Ortiz']
    """
    if value is None:
        return []
    if isinstance(value, Mapping):
        value = [value]
    if isinstance(value, list):
        names = []
        for item in value:
            if isinstance(item, Mapping):
                item = item.get("name")
            if isinstance(item, str):
                names.extend(split_byline(item))
        return names
    if not isinstance(value, str):
        return []
    value = re.sub(r"^\s*by\s+", "", " ".join(value.split()), flags=re.I)
    return [part.strip() for part in _BYLINE_SPLIT.split(value) if part.strip()]


def _as_text(value: Any) -> str | None:
    """A cell value as text: strings as they are, null as empty, lists of strings joined as paragraphs.

    Returns ``None`` for any other value (numbers, booleans, objects, mixed lists): such a
    value is not article text, and turning ``12345`` into the text "12345" would hide a
    wrong column mapping.
    """
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n\n".join(v.strip() for v in value if v.strip())
    return None


def _kind(value: Any) -> str:
    """How a non-text value is named in an error message ("a number", "an object", ...)."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list with non-text items"
    return f"a {type(value).__name__} value"


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _add_dates(meta: dict[str, Any], record: Mapping[str, Any], resolved: dict[str, str]) -> None:
    """Put ``published``/``updated`` in ``meta`` as ISO 8601, or the raw string as ``date_text``."""
    for name in ("published", "updated"):
        if name not in resolved:
            continue
        value = lookup(record, resolved[name])
        iso = _iso_date(value)
        if iso:
            meta[name] = iso
        elif name == "published" and isinstance(value, str) and value.strip():
            meta["date_text"] = value.strip()


def _iso_date(value: Any) -> str | None:
    """ISO 8601 text as given, or a Unix time in seconds or milliseconds as UTC; ``None`` otherwise."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        seconds = value / 1000 if value > 1e11 else value  # values this large are milliseconds
        try:
            return datetime.fromtimestamp(seconds, tz=timezone.utc).isoformat()
        except (OverflowError, OSError, ValueError):
            return None
    if isinstance(value, str) and _ISO_DATE.match(value.strip()):
        return value.strip().replace(" ", "T", 1)
    return None


def _html_body(markup: str, source: Source, url: str | None, title: str) -> tuple[str, dict[str, Any]]:
    """Body text and page metadata from an HTML field.

    Uses :func:`newstrace.readers.html.html_to_document` (trafilatura); a fragment that
    yields no article there (short bodies are often judged boilerplate) falls back to its
    block elements' text, so a body column is never lost to extraction.
    """
    body, meta = "", {}
    try:
        from newstrace.readers.html import html_to_document

        doc = html_to_document(markup, source, url)
        if doc.error is None and doc.text.strip():
            meta = dict(doc.meta)
            body = _drop_headline(doc.text, meta.get("headline") or "", title)
    except ImportError:  # pragma: no cover - the HTML reader ships with the package
        pass
    if not body.strip():
        body = fragment_text(markup)
    return body, meta


def _drop_headline(text: str, page_headline: str, title: str) -> str:
    """The body of a "headline\\n\\nbody" document, dropping its first block when it is the headline."""
    text = _normalise_newlines(text).strip()
    first, sep, rest = text.partition("\n\n")
    fold = " ".join(first.split()).casefold()
    if sep and fold and fold in {" ".join(h.split()).casefold() for h in (page_headline, title) if h}:
        return rest.strip()
    return text


def fragment_text(markup: str) -> str:
    """Plain text of an HTML fragment: one paragraph per block element, scripts and styles dropped.

    >>> fragment_text("<p>Rain closed the pass.</p><p>It reopens <b>Monday</b>.</p>")
    'Rain closed the pass.\\n\\nIt reopens Monday.'
    """
    import lxml.html

    try:
        root = lxml.html.fromstring(f"<div>{markup}</div>")
    except Exception:  # lxml raises several types on hopeless markup
        return re.sub(r"<[^>]+>", " ", html_lib.unescape(markup)).strip()
    for bad in root.xpath("//script|//style|//noscript"):
        bad.drop_tree()
    for br in root.xpath("//br"):
        br.tail = "\n\n" + (br.tail or "")
    blocks = {"p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article", "tr", "figcaption"}
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in blocks:
            el.tail = "\n\n" + (el.tail or "")
            el.text = "\n\n" + (el.text or "")
    text = root.text_content()
    paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    return "\n\n".join(p for p in paras if p)
