"""Tolerant reading of stored URLs.

A URL comes from the input (a ``URL:`` line, a JSON field, a WARC header) and is not trusted:
``urllib.parse.urlsplit`` raises ``ValueError`` on some strings ("http://[::1/x", "http://[zz]/x").
Every reader of a URL's host or path goes through these helpers, so one bad URL reads as no URL
instead of failing the article's analysis.
"""

from __future__ import annotations

from urllib.parse import SplitResult, urlsplit


def split_url(url: str | None, *, bare_host: bool = False) -> SplitResult | None:
    """``urlsplit(url)``, or None when there is no URL or it does not parse.

    Args:
        url: the stored URL (any string) or None.
        bare_host: read a URL without a scheme ("example.com/a/b") as host and path, by prefixing
            "//" (without it ``urlsplit`` reads "example.com" as part of the path).

    Returns:
        The :class:`urllib.parse.SplitResult`, or None.

    >>> split_url("https://example.org/a/b?c=1").path, split_url("http://[::1/x"), split_url("")
    ('/a/b', None, None)
    >>> split_url("example.org/2019/x", bare_host=True).hostname
    'example.org'
    """
    if not url:
        return None
    if bare_host and "//" not in url:
        url = "//" + url
    try:
        parts = urlsplit(url)
        parts.hostname  # noqa: B018 - also validates the bracketed host part
    except ValueError:
        return None
    return parts


def url_host(url: str | None, *, bare_host: bool = False) -> str:
    """The lower-case host name of ``url``.

    Returns:
        The host name, or "" when there is no URL, it has no host, or it cannot be parsed.

    >>> url_host("https://www.Calder-Courier.example:8080/a"), url_host("http://[::1/x"), url_host(None)
    ('www.calder-courier.example', '', '')
    """
    parts = split_url(url, bare_host=bare_host)
    return (parts.hostname or "").lower() if parts else ""


def url_path(url: str | None, *, bare_host: bool = False) -> str:
    """The path of ``url`` (no query, no fragment: "?id=20231108" names no page), or "".

    >>> url_path("https://example.org/news/2019/03/x.html?id=1"), url_path("http://[::1/x")
    ('/news/2019/03/x.html', '')
    """
    parts = split_url(url, bare_host=bare_host)
    return parts.path if parts else ""


__all__ = ["split_url", "url_host", "url_path"]
