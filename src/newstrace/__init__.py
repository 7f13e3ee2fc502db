"""newstrace: repair, structure, quotation attribution, claims and provenance of news text.

Quick use::

    import newstrace
    article = newstrace.analyze("path/to/article.txt")   # or a string of article text
    print(article.headline, article.credit, [q.speaker for q in article.quotes])
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from newstrace.schema import SCHEMA_VERSION, Article, Claim, Entity, Quote, Repair, json_schema

__version__ = "0.1.0"


def analyze(text_or_path: str | Path, *, ctx=None, encoding: str | None = None) -> Article:
    """Analyse one article given as text or as a path to a file.

    Args:
        text_or_path: article text (headline on the first line, then paragraphs separated by
            blank lines, optionally under a ``URL: ...`` header block) or a ``Path``/path
            string of an existing file (any reader format; for multi-record files the first
            record is returned: use :func:`analyze_records` for all of them).
        ctx: an optional :class:`newstrace.pipeline.Context` to reuse loaded models.
        encoding: the codec of a file that is not UTF-8 (as the CLI's ``--encoding``, e.g.
            ``"cp1252"``); without it a file that is not UTF-8 is decoded with a detected
            single-byte codec and a W103 warning in ``Article.errors``, or fails with E103.

    Returns:
        The analysed :class:`Article`; read or analysis problems are in ``Article.errors``, with
        the codes the command line gives: text that is blank or only a headline line is E102,
        and such a failed record has an empty ``id`` and no ``text``.

    Raises:
        FileNotFoundError: a ``Path``, or a one-line string ending in a reader's file suffix
            (``.txt``, ``.html``, ``.jsonl``, ...), names a file that does not exist.
        ValueError: ``encoding`` names no text codec.
    """
    from newstrace.pipeline import Context, analyze_document
    from newstrace.readers import read_path
    from newstrace.schema import Source

    ctx = ctx or Context()
    if isinstance(text_or_path, Path) and not text_or_path.exists():
        raise FileNotFoundError(f"no such file: {text_or_path}")
    is_path = isinstance(text_or_path, Path) or (
        "\n" not in text_or_path and len(text_or_path) < 4096 and Path(text_or_path).is_file()
    )
    if not is_path and _looks_like_a_path(text_or_path):
        raise FileNotFoundError(f"no such file: {text_or_path} (to analyse this string as article text, "
                                "give a headline line and a body separated by a blank line)")
    if is_path:
        raw = next(iter(read_path(text_or_path, encoding=encoding)))
    else:  # the checks a text file gets: blank text or a lone headline line is E102, as in the CLI
        from newstrace.readers.text import text_document

        raw = text_document(str(text_or_path), Source(path=None, format="text"))
    return analyze_document(raw, ctx)


def _looks_like_a_path(text: str) -> bool:
    """A single short line ending in a reader's file suffix ("data/story.txt"): a mistyped path, not an article."""
    from newstrace.readers import SUFFIX_FORMATS

    line = text.strip()
    return ("\n" not in line and len(line) < 1024 and " " not in line.rsplit("/", 1)[-1]
            and any(line.lower().endswith(suffix) for suffix in SUFFIX_FORMATS))


def analyze_records(path: str | Path, *, ctx=None, encoding: str | None = None) -> Iterator[Article]:
    """Analyse every record of a file or folder (JSONL, CSV, Parquet, WARC, text, HTML), in input order.

    Args:
        path: a file or a folder (read recursively).
        ctx: an optional :class:`newstrace.pipeline.Context` to reuse loaded models.
        encoding: the codec of files that are not UTF-8, as in :func:`analyze`.

    Yields:
        One :class:`Article` per record; a record that cannot be read or analysed is yielded
        with its :class:`newstrace.schema.ErrorRecord` in ``Article.errors`` and the rest go on.

    Raises:
        ValueError: ``encoding`` names no text codec (before any record is read).
    """
    from newstrace.pipeline import Context, analyze_document
    from newstrace.readers import read_paths

    ctx = ctx or Context()
    for raw in read_paths([str(path)], encoding=encoding):
        yield analyze_document(raw, ctx)


__all__ = ["analyze", "analyze_records", "Article", "Quote", "Claim", "Entity", "Repair", "json_schema", "SCHEMA_VERSION", "__version__"]
