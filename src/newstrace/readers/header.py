"""Leading ``Key: value`` header blocks of saved pages (``URL: ...``) moved from the text into record metadata."""

from __future__ import annotations

import re

from newstrace.readers.base import RawDocument

#: Header keys (case-insensitive) that name the record's URL, and those mapped to reader hints.
_URL_KEYS = frozenset({"url", "link", "uri", "source-url", "canonical-url", "warc-target-uri"})
_HINT_KEYS = {"date": "date_text", "published": "date_text", "author": "byline", "byline": "byline",
              "outlet": "outlet", "site": "outlet", "language": "language", "lang": "language",
              "title": "headline", "headline": "headline"}  # fmt: skip
_HEADER_LINE = re.compile(r"^([A-Za-z][A-Za-z0-9_-]{0,30}):[ \t]+(\S.*?)\s*$")
_ABS_URL = re.compile(r"^https?://\S+$")


def split_header(raw: RawDocument) -> RawDocument:
    r"""Move a leading email-style header block of a plain-text record into its metadata.

    Saved pages and scraped excerpts often start with ``Key: value`` lines (``URL: ...``,
    ``Date: ...``) and a blank line, as in RFC 5322 mail and WARC/HTTP headers. Without
    this step the header would be read as the headline. A block counts as a header only
    when every line before the first blank line is ``Key: value``, one key names a URL
    (url, link, uri, ...) whose value is an absolute ``http(s)`` URL, and text follows the
    blank line; a headline such as ``Update: floods close the pass`` is never taken.
    Saved pages also put the headline right under the header, with no blank line between
    (``URL: https://...`` then the headline): then the leading lines whose keys are known
    (a URL key or a hint key below) form the header, if the first names the URL, and the
    text starts at the first other line.

    A ``Title:`` or ``Headline:`` key gives the headline: the text then starts with it, as the
    tabular readers write ``headline``, a blank line and the body, unless the text already does.

    Returns:
        ``raw`` unchanged, or a copy whose text starts after the header (or with its headline),
        whose ``source.url`` is the header's URL, and whose ``meta`` has ``url`` plus the hints
        ``date_text``, ``byline`` (list), ``outlet``, ``language``, ``headline`` where the header
        has them. Other keys are left out of the text and ignored.

    >>> from newstrace.schema import Source
    >>> doc = split_header(RawDocument(Source(), "URL: https://example.invalid/a\nROLE: copy\n\nHeadline\n\nBody."))
    >>> doc.source.url, doc.text
    ('https://example.invalid/a', 'Headline\n\nBody.')
    >>> split_header(RawDocument(Source(), "URL: https://example.invalid/a\nTitle: Pass shut\n\nBody.")).text
    'Pass shut\n\nBody.'
    >>> split_header(RawDocument(Source(), "Update: floods close the pass\n\nBody.")).text
    'Update: floods close the pass\n\nBody.'
    """
    if raw.error is not None:
        return raw
    head, sep, rest = raw.text.lstrip("\ufeff").partition("\n\n")
    lines = head.split("\n")
    fields = [_HEADER_LINE.match(line) for line in lines[:21]]
    if not (sep and rest.strip() and len(lines) <= 20 and all(fields)) \
            or any(_is_sentence(m.group(2)) for m in fields[1:] if m):
        fields, rest = _glued_header(lines[:20], "\n".join(lines[20:]), sep + rest)
        if not fields:
            return raw
    pairs = [(m.group(1).lower(), m.group(2)) for m in fields]
    url = next((v for k, v in pairs if k in _URL_KEYS and _ABS_URL.match(v)), None)
    if url is None:
        return raw
    meta = dict(raw.meta)
    meta.setdefault("url", url)
    for key, value in pairs:
        hint = _HINT_KEYS.get(key)
        if hint == "byline":
            meta.setdefault("byline", [n.strip() for n in re.split(r"\s*(?:,|;|\band\b)\s*", value) if n.strip()])
        elif hint:
            meta.setdefault(hint, value)
    source = raw.source.model_copy(update={"url": raw.source.url or url})
    text = rest.lstrip("\n")
    headline = " ".join(meta.get("headline", "").split())
    if headline and _same_line(text.partition("\n")[0], headline):
        pass  # the text already opens with the headline, as a paragraph or as its first line
    elif headline:
        text = f"{headline}\n\n{text}"
    return RawDocument(source=source, text=text, meta=meta)


def _same_line(line: str, headline: str) -> bool:
    """Whether ``line`` is ``headline`` but for spacing, case and a closing full stop or colon."""
    def norm(x: str) -> str:
        return " ".join(x.split()).casefold().rstrip(".:;")
    return norm(line) == norm(headline)


def _is_sentence(value: str) -> bool:
    """A header value that reads as a sentence of text: eight words or more ending in a full stop,
    question or exclamation mark (a date, a byline or a title is shorter or ends otherwise)."""
    return len(value.split()) >= 8 and value.rstrip().endswith((".", "?", "!"))


def _glued_header(lines: list[str], more: str, after: str) -> tuple[list[re.Match], str]:
    """A header block with no blank line after it: the leading known-key lines of ``lines``, the
    first of them a URL line, and the text from the first other line on (``more`` and ``after``:
    the rest of the text). ``([], "")`` when there is none."""
    fields: list[re.Match] = []
    for line in lines:
        m = _HEADER_LINE.match(line)
        if m is None or (m.group(1).lower() not in _URL_KEYS and m.group(1).lower() not in _HINT_KEYS):
            break
        if fields and _is_sentence(m.group(2)):
            break  # 'Date: Monday was the day the council finally voted, and it was close.': the text
        fields.append(m)
    if not fields or fields[0].group(1).lower() not in _URL_KEYS or not _ABS_URL.match(fields[0].group(2)):
        return [], ""
    body = "\n".join(x for x in ("\n".join(lines[len(fields):]), more) if x) + after
    if not body.strip():
        return [], ""
    return fields, body


__all__ = ["split_header"]
