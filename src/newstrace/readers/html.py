"""HTML reader: one article per page, main text by trafilatura, byline and dates read from the article.

The text comes from trafilatura (``bare_extraction``, comments excluded); the page's
visible byline and dates come from :mod:`newstrace.structure.page`, which reads the
article element and skips menus, sidebars and comments; htmldate's ``find_date`` is the
last resort for the publication date.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from newstrace.readers.base import MAX_FILE_BYTES, RawDocument, error_document, unicode_bom
from newstrace.readers.text import decode_bytes
from newstrace.schema import ErrorRecord, Source

#: A page whose extracted body has fewer words than this, or no paragraph of
#: :data:`MIN_PARAGRAPH_WORDS` words, holds no article (navigation-only pages, error pages).
MIN_BODY_WORDS = 12
MIN_PARAGRAPH_WORDS = 6

#: Largest HTML page read as one article (characters of markup). News pages with their scripts and
#: styles run to 1-3 MB; extraction time grows faster than the page (a 1.7 MB page took 8.8 s, a
#: 50 MB one ran past 5 minutes in htmldate), so a larger page is refused with E105 unread.
MAX_PAGE_CHARS = 5_000_000

_CHARSET = re.compile(rb"""<meta[^>]+charset=["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


@lru_cache(maxsize=2)
def _config(min_extracted: int):
    from trafilatura.settings import use_config

    cfg = use_config()
    # trafilatura falls back to a flat, one-line "baseline" text when the main extraction is
    # shorter than min_extracted_size (250 chars), which short news items often are.
    cfg.set("DEFAULT", "min_extracted_size", str(min_extracted))
    cfg.set("DEFAULT", "extraction_timeout", "0")
    return cfg


#: Block elements, which a browser always sets on a line of their own.
_BLOCK = r"(?:div|p|h[1-6]|ul|ol|li|table|tr|blockquote|section|article|aside|header|footer|figure|figcaption|dl|dt|dd|pre|hr|address|nav|main|form)"
#: Text written right against a block element's start or after its end ("30mph.<div>Residents").
_TEXT_THEN_BLOCK = re.compile(rf"(?<=[^\s>])(?=<{_BLOCK}\b)", re.IGNORECASE)
_BLOCK_THEN_TEXT = re.compile(rf"(</{_BLOCK}\s*>)(?=[^\s<])", re.IGNORECASE)
#: One line break inside a sentence: four or more words of text, ending in a lower-case letter or a comma,
#: before it, a lower-case letter after ("Crews worked through the night<br>and by morning"); a short line
#: (a command in a listing, a line of an address) keeps its break.
_BREAK_IN_SENTENCE = re.compile(r"(?P<line>[^<>\n]{0,400}[a-z,;])[ \t]*<br\s*/?>[ \t]*(?=[a-z])")


def _join_break(m: re.Match) -> str:
    line = m.group("line")
    return line + " " if len(line.split()) >= 4 else m.group(0)


#: Elements whose text keeps its line breaks (or is no text), and comments: left as they are.
_KEEP_LINES = re.compile(r"(<(pre|textarea|script|style|code)\b.*?</\2\s*>|<!--.*?-->)", re.IGNORECASE | re.DOTALL)
#: A line break inside a text node, with the spaces around it.
_TEXT_NODE = re.compile(r">([^<]*\n[^<]*)<")


def _unwrap_node(m: re.Match) -> str:
    text = m.group(1)
    if not text.strip():
        return m.group(0)  # space between tags: no text to join
    # the breaks inside the text; one at either end stays, as it joins nothing
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()):]
    return ">" + lead + re.sub(r"[ \t]*\n\s*", " ", text.strip()) + trail + "<"


def _unwrap_text(page: str) -> str:
    """The page with each line break inside a text node made a space, as a browser shows it: trafilatura
    keeps a source line break in a ``<div>``'s text, which would split a sentence into two paragraphs."""
    parts = _KEEP_LINES.split(page)
    out = []
    for k, part in enumerate(parts):
        kind = k % 3  # re.split with two groups: text, whole kept element, its tag name
        if kind == 0:
            out.append(_TEXT_NODE.sub(_unwrap_node, part) if "\n" in part else part)
        elif kind == 1:
            out.append(part)
    return "".join(out)


def separate_blocks(page: str) -> str:
    """The page with a line break between text and a block element written against it, a single
    ``<br>`` inside a sentence and a source line break inside text (not in ``<pre>``) made a space,
    for trafilatura to read.

    trafilatura joins an element's text to the text of a block element nested in it with no
    separator ("...30mph.<div>Residents" -> "30mph.Residents"), gluing words that the page shows on two
    lines, and turns every ``<br>`` into a paragraph break, splitting a sentence that a narrow column
    wrapped by hand. Only the extraction's copy changes: the page's metadata and dates are read from
    the page as served.

    Args:
        page: HTML text.

    Returns:
        HTML text.

    >>> separate_blocks("<div>At 30mph.<div>Residents left</div>in the dark night<br>and by day</div>")
    '<div>At 30mph.\\n<div>Residents left</div>\\nin the dark night and by day</div>'
    >>> separate_blocks("<pre>type:<br>rehash<br>which openssl</pre>")
    '<pre>type:<br>rehash<br>which openssl</pre>'
    >>> separate_blocks("<div>back in\\n  service</div>\\n<pre>a\\nb</pre>")
    '<div>back in service</div>\\n<pre>a\\nb</pre>'
    """
    page = _unwrap_text(page)
    page = _TEXT_THEN_BLOCK.sub("\n", page)
    page = _BLOCK_THEN_TEXT.sub("\\1\n", page)
    return _BREAK_IN_SENTENCE.sub(_join_break, page)


def _extract(page: str, url: str | None):
    """trafilatura's document (text + metadata), or ``None``; short pages retried without the flat fallback."""
    import trafilatura

    page = separate_blocks(page)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = trafilatura.bare_extraction(
            page, url=url, with_metadata=True, include_comments=False, include_tables=True,
            deduplicate=False, config=_config(250),
        )
        text = (doc.text if doc is not None else "") or ""
        if doc is None or ("\n" not in text.strip() and len(text) < 2000):
            small = trafilatura.bare_extraction(
                page, url=url, with_metadata=True, include_comments=False, include_tables=True,
                deduplicate=False, config=_config(10),
            )
            small_text = (small.text or "") if small is not None else ""
            # Take the structured extraction unless it lost most of the text (then the page's
            # article is elsewhere, e.g. behind a script, and the flat text is all there is).
            if small is not None and (doc is None or (
                    small_text.count("\n") > text.count("\n") and len(small_text) >= 0.5 * len(text))):
                doc = small
    return doc


def _htmldate(tree) -> str | None:
    from htmldate import find_date

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return find_date(tree, extensive_search=True, original_date=True, outputformat="%Y-%m-%d")
        except Exception:  # htmldate raises on odd markup; the date is optional
            return None


def _paragraphs(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def _drop_comments(paragraphs: list[str], tree) -> list[str]:
    """The extracted paragraphs without those from a reader-comment thread
    (:func:`newstrace.structure.page.comment_paragraphs`), with a paragraph of no letter or digit
    beside one of them (a separator left from a comment's meta line, "\u00b7").

    Nothing is dropped when that would take half the words or more: then the "thread" is more
    likely the article itself, marked in a way the test misreads.
    """
    from newstrace.structure.page import comment_paragraphs

    comments = comment_paragraphs(paragraphs, tree)
    if not comments:
        return paragraphs
    for i, para in enumerate(paragraphs):
        if not any(ch.isalnum() for ch in para) and (i - 1 in comments or i + 1 in comments):
            comments.add(i)
    left = [p for i, p in enumerate(paragraphs) if i not in comments]
    words = sum(len(p.split()) for p in paragraphs)
    return left if sum(len(p.split()) for p in left) > words / 2 else paragraphs


def html_to_document(page: str, source: Source, url: str | None = None) -> RawDocument:
    """Build a RawDocument from one HTML page.

    Args:
        page: the page's HTML as text.
        source: where the page came from (its ``format`` should be ``html`` or ``warc``).
        url: the page URL, if known (helps trafilatura and is kept in ``meta``).

    Returns:
        ``RawDocument(text="headline\\n\\nparagraph\\n\\n...", meta=...)`` with meta keys
        ``headline``, ``byline`` (list of names), ``byline_source``, ``credit``, ``published``
        and ``updated`` (ISO 8601 local time with offset where known, e.g.
        ``2024-03-14T21:40-04:00``), ``date_source``, ``date_candidates`` (every date the page
        gave, as source/kind/value), ``outlet``, ``url``, ``language`` and ``html`` (the page).
        A page with no article text gives an error record E106; a page over
        :data:`MAX_PAGE_CHARS` characters, E105.
    """
    from newstrace.structure.page import page_metadata, parse_page

    if len(page) > MAX_PAGE_CHARS:  # a dump, not a page: refused before trafilatura and htmldate read it
        return error_document(source, "E105", f"page is {len(page)} characters of HTML, over the "
                                              f"{MAX_PAGE_CHARS}-character limit for one article page")
    tree = parse_page(page)
    if tree is None:
        return error_document(source, "E106", "no article text found (the page has no HTML body)")
    doc = _extract(page, url)
    paragraphs = _drop_comments(_paragraphs(doc.text or ""), tree) if doc is not None else []
    pm = page_metadata(tree, url=url or source.url, htmldate_published=_htmldate(tree),
                       trafilatura_author=doc.author if doc is not None else None)
    headline = " ".join(((doc.title if doc is not None else None) or pm.headline or "").split())
    if paragraphs and headline and paragraphs[0].casefold() == headline.casefold():
        paragraphs = paragraphs[1:]
    words = sum(len(p.split()) for p in paragraphs)
    if words < MIN_BODY_WORDS or not any(len(p.split()) >= MIN_PARAGRAPH_WORDS for p in paragraphs):
        return error_document(source, "E106", "no article text found (only navigation or page furniture)")

    meta: dict = {"html": page, "headline": headline}
    if pm.byline:
        meta["byline"] = pm.byline
        meta["byline_source"] = pm.byline_source
    if pm.credit:
        meta["credit"] = pm.credit
    for kind in ("published", "updated"):
        mention = getattr(pm, kind)
        if mention is not None:
            meta[kind] = mention.local_iso() + (mention.offset or "")
    if pm.date_source:
        meta["date_source"] = pm.date_source
    # Every date the page gave, for audit: [{"source": "json-ld", "kind": "published", "value": ISO}].
    meta["date_candidates"] = [
        {"source": src, "kind": kind, "value": m.local_iso() + (m.offset or "")} for src, kind, m in pm.candidates[:20]
    ]
    outlet = pm.site_name or (doc.sitename if doc is not None else None)
    if outlet:
        meta["outlet"] = outlet
    page_url = url or pm.url or (doc.url if doc is not None else None)
    if page_url:
        meta["url"] = page_url
    if pm.language:
        meta["language"] = pm.language
    if source.url is None and page_url:
        source = source.model_copy(update={"url": page_url})
    return RawDocument(source=source, text=headline + "\n\n" + "\n\n".join(paragraphs), meta=meta)


def _decode_page(data: bytes, source: Source, encoding: str | None = None) -> tuple[str | None, RawDocument | None, ErrorRecord | None]:
    """Decode page bytes as a browser would: UTF-8 first; else the charset the page declares; else
    the ``--encoding`` codec or a detected legacy codec (with a W103 notice); else an E103 record.

    Returns ``(page, None, notice)`` or ``(None, error_document, None)`` (see
    :func:`~newstrace.readers.text.decode_bytes`).
    """
    if data.strip() and b"\x00" not in data and unicode_bom(data[:4]) is None:
        try:
            return data.decode("utf-8-sig"), None, None
        except UnicodeDecodeError:
            pass
        m = _CHARSET.search(data[:4096])
        if m:
            try:
                return data.decode(m.group(1).decode("ascii")), None, None
            except (LookupError, UnicodeDecodeError):
                pass
    return decode_bytes(data, source, encoding)


def read_html_file(path: Path, *, url: str | None = None, encoding: str | None = None, **_options) -> Iterator[RawDocument]:
    """Yield the single article in an HTML file.

    Args:
        path: the ``.html`` file.
        url: the page's URL, if known.
        encoding: the codec named with ``--encoding``, used for a page that is not UTF-8 and
            declares no charset (:func:`_decode_page`).

    Yields:
        One RawDocument, or an error record: E102 empty file, E103 binary or undecodable
        bytes, E104 file over the size limit, E106 no article text on the page.
    """
    source = Source(path=str(path), format="html", record=0, offset=0, url=url)
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        yield error_document(source, "E104", f"file is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        return
    page, err, notice = _decode_page(path.read_bytes(), source, encoding)
    if err is not None:
        yield err
        return
    doc = html_to_document(page, source, url)
    if notice is not None and doc.error is None:
        doc.notices.append(notice)
    yield doc
