"""Page metadata from HTML: the visible byline and the page's dates, read from the article, not the furniture.

Menus, sidebars, comment threads and footers carry author names and dates that are not
the article's (trafilatura issue #92, newspaper4k #552, node-unfluff #93), so they are
cut out before looking. Within the article, what the reader sees wins over schema.org and
meta tags: a visible byline over a JSON-LD ``author``, a printed local time with its zone
over a UTC ``article:published_time``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from lxml import html as lxml_html

from newstrace.structure.byline import parse_byline, parse_names, person_name
from newstrace.structure.credit import canonical_agency
from newstrace.structure.dates import DateMention, parse_date_value
from newstrace.structure.stamps import date_kind, parse_stamp

_FURNITURE = re.compile(
    r"(?i)(?:^|[\s_-])(?:comments?|commentlist|reply|replies|disqus|discussion|menu|nav|navbar|navigation|sidebar|"
    r"related|most-?read|most-?popular|popular|trending|widget|footer|share|sharing|social|newsletter|promo|"
    r"recommend\w*|breadcrumbs?|masthead|subscribe|advert\w*|cookie|modal|teaser|outbrain|taboola|more-stories|"
    r"read-more|further-reading|latest|top-stories)(?:$|[\s_-])"
)
_FURNITURE_TAGS = {"nav", "aside", "script", "style", "noscript", "form", "template", "iframe"}
_FURNITURE_ROLES = {"navigation", "complementary", "banner", "contentinfo", "menu", "menubar"}
_BYLINE_ATTR = re.compile(r"(?i)byline|by-line|author|writer|contributor|credit")
_UPDATED_ATTR = re.compile(r"(?i)updat|modif|revis")
_PUBLISHED_META = (
    "article:published_time", "og:published_time", "og:article:published_time", "datepublished",
    "publishdate", "publish-date", "publish_date", "pubdate", "date", "dc.date", "dc.date.issued",
    "dcterms.date", "dcterms.created", "sailthru.date", "parsely-pub-date", "citation_publication_date",
    "article.published", "published_time", "cxenseparse:recs:publishtime",
)
_UPDATED_META = (
    "article:modified_time", "og:updated_time", "og:modified_time", "datemodified", "last-modified",
    "dc.date.modified", "dcterms.modified", "article.updated", "modified_time",
)


@dataclass
class PageMeta:
    """What the page says about the article.

    Attributes:
        byline: author names from the visible byline (or, failing that, schema.org / meta).
        byline_source: ``visible``, ``json-ld``, ``meta`` or ``None``.
        credit: agency named in the visible byline, or ``None``.
        published, updated: chosen :class:`DateMention` (local time and offset), or ``None``.
        date_source: where ``published`` came from (``visible``, ``time``, ``json-ld``, ``meta``).
        site_name: og:site_name / JSON-LD publisher name, or ``None``.
        headline: the article's ``h1`` text, or ``None``.
        language: the ``<html lang>`` value, or ``None``.
        url: canonical URL, or ``None``.
        candidates: every date candidate found, as ``(source, kind, mention)``, for auditing.
    """

    byline: list[str] = field(default_factory=list)
    byline_source: str | None = None
    credit: str | None = None
    published: DateMention | None = None
    updated: DateMention | None = None
    date_source: str | None = None
    site_name: str | None = None
    headline: str | None = None
    language: str | None = None
    url: str | None = None
    candidates: list[tuple[str, str, DateMention]] = field(default_factory=list)


def parse_page(page: str | bytes):
    """Parse HTML into an lxml tree; ``None`` when lxml finds no document."""
    try:
        return lxml_html.fromstring(page)
    except (ValueError, TypeError, lxml_html.etree.ParserError):
        return None


def _attrs(el) -> str:
    return " ".join(str(el.get(a) or "") for a in ("class", "id", "itemprop", "rel", "role"))


def is_furniture(el) -> bool:
    """True for navigation, menus, sidebars, comments, footers and other page furniture."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag in _FURNITURE_TAGS or (el.get("role") or "").lower() in _FURNITURE_ROLES:
        return True
    if tag == "footer" or tag == "header":
        # A footer or header inside the article is the article's own (it may hold the byline).
        return not any(a.tag in ("article",) for a in el.iterancestors())
    return bool(_FURNITURE.search(" ".join(str(el.get(a) or "") for a in ("class", "id"))))


def _in_furniture(el, root) -> bool:
    for node in [el, *el.iterancestors()]:
        if node is root:
            return False
        if is_furniture(node):
            return True
    return False


def article_root(tree):
    """The element holding the article: the ``<article>`` with the most text, else ``main``, else ``body``."""
    best, best_len = None, 0
    for el in tree.iter("article"):
        if _in_furniture(el, tree):
            continue
        size = len(el.text_content())
        if size > best_len:
            best, best_len = el, size
    if best is not None:
        return best
    for xp in ("//*[@itemprop='articleBody']/..", "//main", "//*[@role='main']", "//body"):
        found = tree.xpath(xp)
        if found:
            return found[0]
    return tree


def _visible(root):
    """Elements under ``root`` in document order, furniture subtrees skipped."""
    stack = [iter([root])]
    while stack:
        for el in stack[-1]:
            if not isinstance(el.tag, str):
                break
            if el is not root and is_furniture(el):
                break
            yield el
            stack.append(iter(el))
            break
        else:
            stack.pop()


def _text(el) -> str:
    return " ".join(el.text_content().split())


def _visible_byline(root) -> tuple[list[str], str | None]:
    """Names (and agency) from the first byline container in the article."""
    for el in _visible(root):
        if el.tag in ("time", "script", "h1", "h2"):
            continue
        attrs = _attrs(el)
        text = _text(el)
        if not text or len(text) > 250:
            continue
        if _BYLINE_ATTR.search(attrs):
            # Prefer the container: "By <a>Name</a> · <time>" parses better whole.
            parent = el.getparent()
            if parent is not None and _BYLINE_ATTR.search(_attrs(parent)) is None and len(_text(parent)) <= 250:
                parsed = parse_byline(_text(parent))
                if parsed and (parsed.names or parsed.credit):
                    return parsed.names, parsed.credit
            parsed = parse_byline(text) or parse_names(text)
            if parsed.names or parsed.credit:
                return parsed.names, parsed.credit
        elif el.tag in ("p", "div", "span", "li", "address", "small", "strong", "em", "b") and re.match(r"(?i)^\s*by\s", text):
            parsed = parse_byline(text)
            if parsed and (parsed.names or parsed.credit):
                return parsed.names, parsed.credit
    return [], None


def _json_ld(tree) -> list[dict[str, Any]]:
    """The page's JSON-LD objects, flattened from ``@graph`` and lists."""
    out: list[dict[str, Any]] = []

    def walk(obj: Any) -> None:
        if isinstance(obj, list):
            for item in obj:
                walk(item)
        elif isinstance(obj, dict):
            out.append(obj)
            if "@graph" in obj:
                walk(obj["@graph"])

    for script in tree.xpath("//script[@type='application/ld+json']"):
        try:
            walk(json.loads(script.text_content() or "null", strict=False))
        except (json.JSONDecodeError, ValueError):
            continue
    return out


def _ld_types(obj: dict[str, Any]) -> set[str]:
    types = obj.get("@type") or []
    return {str(t) for t in (types if isinstance(types, list) else [types])}


_ARTICLE_TYPES = {"NewsArticle", "Article", "ReportageNewsArticle", "BlogPosting", "AnalysisNewsArticle",
                  "OpinionNewsArticle", "LiveBlogPosting", "WebPage", "Report", "ScholarlyArticle", "TechArticle"}


def _ld_names(value: Any) -> list[tuple[str, str]]:
    """``(name, @type)`` pairs from a schema.org author/publisher value."""
    items = value if isinstance(value, list) else [value]
    out = []
    for item in items:
        if isinstance(item, dict) and item.get("name"):
            out.append((str(item["name"]), ",".join(sorted(_ld_types(item))) or "Person"))
        elif isinstance(item, str) and item.strip():
            out.append((item.strip(), ""))
    return out


def _meta_values(tree) -> dict[str, str]:
    out: dict[str, str] = {}
    for el in tree.xpath("//meta[@content]"):
        key = (el.get("property") or el.get("name") or el.get("itemprop") or el.get("http-equiv") or "").lower()
        if key and key not in out:
            out[key] = el.get("content").strip()
    return out


def _time_kind(el) -> str:
    """``updated`` for a <time> marked or labelled as an update, else ``published``."""
    parent = el.getparent()
    if _UPDATED_ATTR.search(_attrs(el)) or (parent is not None and _UPDATED_ATTR.search(_attrs(parent))):
        return "updated"
    if parent is None:
        return "published"
    label = parent.text or ""
    for sib in parent:
        if sib is el:
            break
        # The label of this <time> is what follows the previous one ("Published <t> Updated <t>").
        label = (sib.tail or "") if sib.tag == "time" else label + sib.text_content() + (sib.tail or "")
    return date_kind(label[-40:])


def _visible_dates(root) -> list[tuple[str, str, DateMention]]:
    """Dates the article shows: ``<time>`` elements and stamp lines, in document order."""
    out = []
    for el in _visible(root):
        if el.tag == "time":
            shown = parse_stamp(_text(el)) if _text(el) else None
            shown_m = shown.dates[0][1] if shown and shown.dates else None
            attr = parse_date_value(el.get("datetime")) if el.get("datetime") else None
            kind = _time_kind(el)
            # The printed local time with its zone wins; else the machine value.
            if shown_m is not None and shown_m.hour is not None and shown_m.offset is not None:
                out.append(("time", kind, shown_m))
            elif attr is not None:
                out.append(("time", kind, attr))
            elif shown_m is not None:
                out.append(("time", kind, shown_m))
            continue
        if el.tag in ("p", "div", "span", "li", "small", "em", "strong", "address", "header", "footer"):
            own = _text(el)
            if not own or len(own.split()) > 24 or any(
                child.tag in ("p", "div", "li") for child in el
            ):
                continue
            if el.xpath(".//time"):
                continue
            stamp = parse_stamp(own)
            if stamp:
                for kind, mention in stamp.dates:
                    out.append(("visible", kind, mention))
    return out


def _same_day_enrich(chosen: DateMention, others: list[DateMention]) -> DateMention:
    """Add time and offset to a date-only choice from another candidate on the same local day."""
    if chosen.hour is not None:
        return chosen
    for other in others:
        if other.hour is not None and other.date == chosen.date:
            return other
    return chosen


def _to_page_zone(chosen: DateMention, zones: list[str]) -> DateMention:
    """Show a UTC-stamped time in the page's own zone when the page states another zone."""
    if chosen.offset not in ("+00:00",) or chosen.hour is None:
        return chosen
    for zone in zones:
        if zone != "+00:00":
            return chosen.with_offset(zone)
    return chosen


def page_metadata(tree, *, htmldate_published: str | None = None) -> PageMeta:
    """Read byline, dates, site name, headline and language from a parsed page.

    Args:
        tree: an lxml HTML element (see :func:`parse_page`).
        htmldate_published: htmldate's original-date guess (``YYYY-MM-DD`` or ISO), used only
            when the page gives no date in its article, JSON-LD or meta tags.

    Returns:
        A :class:`PageMeta`. Byline order of trust: visible byline in the article; JSON-LD
        ``author`` of type Person that is not the site's own name; ``<meta name=author>``
        under the same test. Date order of trust: a printed stamp or ``<time>`` in the
        article; JSON-LD ``datePublished``/``dateModified``; meta tags; htmldate.
    """
    meta = PageMeta()
    root = article_root(tree)
    metas = _meta_values(tree)
    ld = _json_ld(tree)
    ld_articles = [o for o in ld if _ld_types(o) & _ARTICLE_TYPES] or ld

    meta.language = tree.get("lang") or metas.get("og:locale") or metas.get("content-language")
    canonical = tree.xpath("//link[@rel='canonical']/@href")
    meta.url = (canonical[0] if canonical else None) or metas.get("og:url")
    h1 = [h for h in root.iter("h1")] or tree.xpath("//h1")
    if h1:
        meta.headline = _text(h1[0]) or None
    publisher = [n for o in ld_articles for n, _ in _ld_names(o.get("publisher"))]
    meta.site_name = metas.get("og:site_name") or (publisher[0] if publisher else None) or metas.get("application-name")
    if not meta.site_name:
        # "Headline | Site" in <title>: the last segment around the headline names the site.
        from newstrace.structure.headline import split_headline

        title = tree.xpath("//title")
        parts = split_headline(_text(title[0])) if title else None
        if parts and parts.segments and (meta.headline is None or parts.headline.casefold() == meta.headline.casefold()):
            meta.site_name = parts.segments[-1]

    names, credit = _visible_byline(root)
    if names or credit:
        meta.byline, meta.credit, meta.byline_source = names, credit, "visible" if names else None
    site = (meta.site_name or "").casefold()
    if not meta.byline:
        for obj in ld_articles:
            for name, typ in _ld_names(obj.get("author")):
                if "Organization" in typ or name.casefold() == site or canonical_agency(name):
                    continue
                person = person_name(name)
                if person:
                    meta.byline.append(person)
        if meta.byline:
            meta.byline_source = "json-ld"
    if not meta.byline and metas.get("author"):
        value = metas["author"]
        if value.casefold() != site and not canonical_agency(value) and not value.startswith("http"):
            meta.byline = parse_names(value).names
            meta.byline_source = "meta" if meta.byline else None

    # Dates: gather every candidate, then choose by order of trust.
    cands: list[tuple[str, str, DateMention]] = list(_visible_dates(root))
    for obj in ld_articles:
        for key, kind in (("datePublished", "published"), ("dateCreated", "published"), ("dateModified", "updated")):
            m = parse_date_value(obj.get(key)) if isinstance(obj.get(key), str) else None
            if m is not None:
                cands.append(("json-ld", kind, m))
    for keys, kind in ((_PUBLISHED_META, "published"), (_UPDATED_META, "updated")):
        for key in keys:
            m = parse_date_value(metas.get(key)) if metas.get(key) else None
            if m is not None:
                cands.append(("meta", kind, m))
    meta.candidates = cands
    zones = [m.offset for src, _, m in cands if src in ("visible", "time") and m.offset]
    for kind in ("published", "updated"):
        for source in ("visible", "time", "json-ld", "meta"):
            found = [m for src, k, m in cands if src == source and k == kind]
            if found:
                chosen = _same_day_enrich(found[0], [m for _, k, m in cands if k == kind])
                chosen = _to_page_zone(chosen, zones)
                setattr(meta, kind, chosen)
                if kind == "published":
                    meta.date_source = source
                break
    if meta.published is None and htmldate_published:
        meta.published = parse_date_value(htmldate_published)
        meta.date_source = "htmldate" if meta.published else None
    return meta
