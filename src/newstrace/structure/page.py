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
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from lxml import html as lxml_html

from newstrace.structure.byline import has_byline_label, parse_byline, parse_names, person_name
from newstrace.structure.credit import canonical_agency
from newstrace.structure.dates import DateMention, format_offset, parse_date_value
from newstrace.structure.residue import COMMENT_HEADING_WORDS
from newstrace.structure.stamps import date_kind, parse_stamp
from newstrace.urls import url_path

_FURNITURE = re.compile(
    r"(?i)(?:^|[\s_-])(?:comments?|commentlist|reply|replies|disqus|discussion|menu|nav|navbar|navigation|sidebar|"
    r"related|most-?read|most-?popular|popular|trending|share|sharing|social|newsletter|promo|"
    r"recommend\w*|breadcrumbs?|masthead|subscribe|advert\w*|cookie|modal|teaser|outbrain|taboola|more-stories|"
    r"read-more|further-reading|latest|top-stories|feedback|responses|reactions|conversation|dropdown|submenu|"
    r"mega-?menu)"
    r"(?:$|[\s_-])"
)
#: Headings of a comment thread or a list of other stories ("3 comments", "Reader responses (2)",
#: "Readers' views", "Have your say", "Most read").
_FURNITURE_HEADING = re.compile(
    r"(?i)^\s*(?:\d+\s+)?(?:" + COMMENT_HEADING_WORDS + r"|most (?:read|popular|viewed)|related(?: (?:articles|stories|content))?|"
    r"more (?:from|stories|on this)|recommended|trending|you (?:may|might) also like|read more)\b"
)
#: Class and id words of a comment thread, which holds other people's names, dates and words.
_COMMENTS = re.compile(
    r"(?i)(?:^|[\s_-])(?:comments?|commentlist|comment-list|replies|disqus|discussion|feedback|responses|reactions|"
    r"respond|conversation)(?:$|[\s_-])"
)


#: A whole class name that marks one reader comment.
_COMMENT_CLASS = re.compile(r"(?i)comment(?:s|-body|-item|-content|-container|-wrapper|-entry)?")


def _is_schema_comment(el) -> bool:
    """A schema.org comment (``itemprop="comment"``, ``itemtype=".../Comment"``): a reader's, with its
    own author and date."""
    return bool(re.search(r"(?i)\bcomments?\b", el.get("itemprop") or "")
                or re.search(r"(?i)/(?:User)?Comments?$", (el.get("itemtype") or "").strip()))
_FURNITURE_TAGS = {"nav", "aside", "script", "style", "noscript", "form", "template", "iframe", "figure",
                   "figcaption", "picture", "svg", "select", "button"}
_FURNITURE_ROLES = {"navigation", "complementary", "banner", "contentinfo", "menu", "menubar"}
_BYLINE_CLASS = re.compile(r"(?i)by-?line")
_AUTHOR_CLASS = re.compile(r"(?i)author|autor|auteur|writer|reporter|contributor")
_AUTHOR_NOT = re.compile(r"(?i)bio|about|avatar|image|photo|img|desc|more|other|list|follow|social|box|card")
_SKIP_TAGS = {"time", "script", "h1", "h2", "h3", "button", "select", "option", "img"}
_BLOCK_TAGS = {"p", "div", "span", "li", "address", "small", "strong", "em", "b", "section", "header", "footer"}
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
    except ValueError:
        # lxml refuses str input that carries an XML encoding declaration; bytes are fine.
        if isinstance(page, str):
            return parse_page(page.encode("utf-8"))
        return None
    except (TypeError, lxml_html.etree.ParserError):
        return None


def _attrs(el) -> str:
    return " ".join(str(el.get(a) or "") for a in ("class", "id", "itemprop", "rel", "role"))


def is_furniture(el) -> bool:
    """True for navigation, menus, sidebars, comments, footers and other page furniture."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag in _FURNITURE_TAGS or (el.get("role") or "").lower() in _FURNITURE_ROLES or _is_schema_comment(el):
        return True
    if tag in ("article", "main", "body", "html"):
        # content containers; their classes list tags and categories ("tag-social"), but a comment
        # may be an <article> of its own ("comment-body")
        return tag == "article" and any(_COMMENT_CLASS.fullmatch(c) for c in (el.get("class") or "").split())
    if tag == "footer":
        # A footer inside the article is the article's own (it may hold the byline).
        return not any(a.tag == "article" for a in el.iterancestors())
    if tag == "header" and el.find(".//nav") is not None and not any(a.tag == "article" for a in el.iterancestors()):
        return True  # the site header with its menu (an article's own header may hold breadcrumbs)
    if _FURNITURE.search(" ".join(str(el.get(a) or "") for a in ("class", "id"))):
        return True
    # An unmarked block headed "3 comments", "Leave a reply", "Most read"...
    for child in el[:2]:
        if isinstance(child.tag, str) and child.tag in ("h2", "h3", "h4") and _FURNITURE_HEADING.match(_text(child)):
            return True
    return False


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


def _elements(root, skip):
    """Elements under ``root`` (itself included) in document order, without the subtrees of those
    ``skip(el)`` is true for; comments and processing instructions are passed over."""
    stack = [iter([root])]
    while stack:
        for el in stack[-1]:
            if not isinstance(el.tag, str):
                break
            if skip(el):
                break
            yield el
            stack.append(iter(el))
            break
        else:
            stack.pop()


def _visible(root):
    """Elements under ``root`` in document order, furniture subtrees skipped."""
    return _elements(root, lambda el: el is not root and is_furniture(el))


_INLINE = {"a", "span", "em", "strong", "b", "i", "u", "small", "sup", "sub", "abbr", "cite", "mark", "font", "q", "s"}


def _text(el) -> str:
    """Visible text with white space collapsed. Element boundaries separate words, except inside
    a word split by inline markup ("Will Knigh<span>t</span>" stays "Will Knight", while
    "<a>Jane Doe</a><span>Updated</span>" becomes "Jane Doe Updated")."""
    parts: list[str] = []

    def add(piece: str, joinable: bool) -> None:
        if not piece:
            return
        if parts and not (joinable and parts[-1][-1:].islower() and piece[:1].islower()):
            parts.append(" ")
        parts.append(piece)

    def walk(node) -> None:
        add(node.text or "", True)
        for child in node:
            if isinstance(child.tag, str) and child.tag not in ("script", "style"):
                before = len(parts)
                walk(child)
                if child.tag not in _INLINE and len(parts) > before:
                    parts.append(" ")
            add(child.tail or "", True)

    walk(el)
    return " ".join("".join(parts).split())


def _byline_tiers(scope, loose: bool) -> list[str] | tuple[list[str], str | None]:
    """Byline names (and agency) in ``scope`` by tier of evidence; the first tier with names wins.

    Tiers: 1. an element classed ``byline`` or an ``<address>``; 2. ``rel=author`` / ``itemprop=author`` elements
    (all of them: one per author); 3. (``loose`` only) elements classed author/writer/reporter
    whose text is short; 4. a short block that starts with "By".
    """
    tiers: dict[int, list[tuple[list[str], str | None, Any]]] = {1: [], 2: [], 3: [], 4: []}
    order: dict[Any, int] = {}  # document order of the candidates and of the headline
    title_at, title_len = None, 0
    for at, el in enumerate(_visible(scope)):
        order[el] = at
        if el.tag == "h1" and len(_text(el)) > title_len:  # the longest h1: the headline, not a logo
            title_at, title_len = at, len(_text(el))
        if el.tag in _SKIP_TAGS:
            continue
        text = _text(el)
        if not text or len(text) > 250:
            continue
        own = " ".join(str(el.get(a) or "") for a in ("class", "id"))
        marks = " ".join(str(el.get(a) or "") for a in ("rel", "itemprop"))
        if (_BYLINE_CLASS.search(own) or el.tag == "address") and not tiers[1]:
            # One link per author: "<a>April Roach</a><a>Daniel Lee</a>" must not read as one name.
            linked = [person_name(_text(a)) for a in el.iter("a") if _text(a)]
            linked = [n for n in linked if n]
            if len(linked) >= 2:
                tiers[1].append((list(dict.fromkeys(linked)), None, el))
                continue
            parsed = parse_byline(text) or parse_byline(text, require_by=False)
            if parsed is None and len(text.split()) <= 8:
                parsed = parse_names(text)
            if parsed and (parsed.names or parsed.credit):
                tiers[1].append((parsed.names, parsed.credit, el))
        elif re.search(r"(?i)\bauthor\b", marks) and len(text.split()) <= 8:
            parsed = parse_byline(text) or parse_names(text)
            if parsed.names or parsed.credit:
                tiers[2].append((parsed.names, parsed.credit, el))
        elif (loose and _AUTHOR_CLASS.search(own) and not _AUTHOR_NOT.search(own) and len(text.split()) <= 8
              and not any(child.tag in _LIST_BLOCKS for child in el)):  # a box of authors, not one author's line
            parsed = parse_byline(text) or parse_names(text)
            if parsed.names:
                tiers[3].append((parsed.names, parsed.credit, el))
        elif el.tag in _BLOCK_TAGS and has_byline_label(text, english=False) and not tiers[4]:
            parsed = parse_byline(text)
            if parsed and (parsed.names or parsed.credit):
                tiers[4].append((parsed.names, parsed.credit, el))
    for tier in (1, 2, 3, 4):
        if tiers[tier]:
            names: list[str] = []
            credit = None
            # The byline stands by the headline: of author links in a menu above it, the byline and
            # author links of other stories below, the one nearest the headline is the article's.
            cands = tiers[tier]
            if title_at is not None:
                start = min(range(len(cands)), key=lambda i: (abs(order[cands[i][2]] - title_at), i))
                cands = cands[start:]
            # Co-authors sit together; author links further down belong to related stories.
            first = cands[0][2]
            near = [x for x in (first.getparent(), _grandparent(first)) if x is not None]
            for found_names, found_credit, el in cands[:6]:
                if el is not first and not any(x is y for x in (el.getparent(), _grandparent(el)) for y in near):
                    continue
                names += [n for n in found_names if n not in names]
                credit = credit or found_credit
            return names, credit
    return [], None


#: Block children that make an element a box of several entries rather than one byline.
_LIST_BLOCKS = {"p", "div", "li", "ul", "ol"}


def _grandparent(el):
    parent = el.getparent()
    return parent.getparent() if parent is not None else None


def _visible_byline(root, tree) -> tuple[list[str], str | None]:
    """Names (and agency) from the byline the reader sees: in the article first, then anywhere
    on the page outside menus, sidebars, comments and captions (strong signals only)."""
    names, credit = _byline_tiers(root, loose=True)
    if not names and not credit and root is not tree:
        body = tree.find("body") if tree.find("body") is not None else tree
        names, credit = _byline_tiers(body, loose=False)
    return names, credit


def _copyright_agency(root) -> str | None:
    """The news agency a copyright line inside the article names ("Copyright 2026 The Associated
    Press. All rights reserved." in the article's own footer), which extractors drop with the
    footer; a site footer outside the article is furniture and not read."""
    from newstrace.structure.credit import is_copyright_line, is_news_agency, signoff_agency

    for el in _visible(root):
        if el.tag in ("p", "div", "small", "span", "footer") and not any(c.tag in ("p", "div") for c in el):
            text = _text(el)
            if text and len(text) < 300 and is_copyright_line(text):
                agency = signoff_agency(text)
                if agency and is_news_agency(agency):
                    return agency
    return None


def _drop_site_tokens(names: list[str], site: str | None) -> list[str]:
    """Remove the site's own name from byline entries ("Adam Aaronson PhillyVoice" -> "Adam Aaronson")."""
    if not site:
        return names
    site_keys = {site.casefold(), site.replace(" ", "").casefold()}
    out = []
    for name in names:
        if name.casefold() in site_keys:
            continue
        tokens = [t for t in name.split() if t.casefold() not in site_keys]
        if len(tokens) >= 2:
            out.append(" ".join(tokens))
    return out


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


def _infer_offset(chosen: DateMention, others: list[DateMention]) -> DateMention:
    """Give a printed local time without zone the offset implied by a machine stamp of the same
    instant ("11:15 PM" shown, ``04:15Z`` in JSON-LD: the page's zone is ``-05:00``)."""
    if chosen.hour is None or chosen.offset is not None:
        return chosen
    local = datetime(chosen.year, chosen.month, chosen.day, chosen.hour, chosen.minute or 0)
    for other in others:
        instant = other.instant()
        if instant is None:
            continue
        minutes = int((local - instant).total_seconds() // 60)
        if minutes % 30 == 0 and abs(minutes) <= 14 * 60:
            return replace(chosen, offset=format_offset(minutes))
    return chosen


def _to_page_zone(chosen: DateMention, zones: list[str]) -> DateMention:
    """Show a UTC-stamped time in the page's own zone when the page states another zone."""
    if chosen.offset not in ("+00:00",) or chosen.hour is None:
        return chosen
    for zone in zones:
        if zone != "+00:00":
            return chosen.with_offset(zone)
    return chosen


def _stated_zone(chosen: DateMention, others: list[DateMention]) -> DateMention:
    """Show a UTC time in the zone of another of the page's stamps that gives the same instant in
    a zone other than UTC ("2024-06-07T04:18:00Z" in JSON-LD, "2024-06-07T13:18:00+09:00" in a meta
    tag: the page's time is 13:18 at +09:00). Only the same instant counts: templates also write a
    local clock time with "+00:00", which no other stamp then matches."""
    if chosen.offset != "+00:00" or chosen.hour is None:
        return chosen
    for other in others:
        if other.offset not in (None, "+00:00") and other.instant() == chosen.instant():
            return chosen.with_offset(other.offset)
    return chosen


_URL_DATE = re.compile(
    r"(?<![\d])(?P<y>(?:19|20)\d{2})(?P<sep>[/_-]?)(?P<m>0?[1-9]|1[0-2])(?P=sep)(?P<d>0?[1-9]|[12]\d|3[01])(?![\d])"
)


def url_date(url: str | None) -> DateMention | None:
    """The publication day written in a URL path (``/2017/7/12/``, ``/20231108/``, ``/2020-02-24-``).

    >>> url_date("https://example.org/2020/02/24/story-title/").local_iso()
    '2020-02-24'
    >>> url_date("https://example.org/news/2020/story") is None
    True
    """
    if not url:
        return None
    path = url_path(url)  # not the query or fragment: "?id=20231108" is no publication day
    for m in _URL_DATE.finditer(path):
        if not m.group("sep") and (len(m.group("m")) != 2 or len(m.group("d")) != 2):
            continue  # 8 digits only: 20231108, never 2023118
        mention = parse_date_value(f"{m['y']}-{int(m['m']):02d}-{int(m['d']):02d}")
        if mention is not None:
            return mention
    return None


def _agree_with_url(chosen: DateMention | None, cands: list[DateMention], day: DateMention) -> DateMention:
    """The publication day the URL gives wins: a candidate on that local day keeps its time."""
    if chosen is not None and chosen.date == day.date:
        return chosen
    for cand in cands:
        if cand.date == day.date:
            return cand
    return day


def _agrees(shown: DateMention, stated: DateMention) -> bool:
    """Same local day, or the same instant (a shown time without zone may take the zone that
    makes it equal to the stated instant, see :func:`_infer_offset`)."""
    if shown.date == stated.date:
        return True
    local = _infer_offset(shown, [stated])
    return local.instant() is not None and local.instant() == stated.instant()


def _choose(kind: str, cands: list[tuple[str, str, DateMention]]) -> tuple[DateMention | None, str | None]:
    """The date of ``kind`` the page most credibly states.

    1. the first date shown in the article (``<time>`` or stamp line, document order) that
       agrees with one of the page's JSON-LD or meta-tag dates: the shown form keeps the
       local time and zone;
    2. else the first date shown in the article (what the reader sees; machine dates are
       often a first draft or a re-index);
    3. else the JSON-LD, then the meta-tag value.
    """
    shown = [(src, m) for src, k, m in cands if k == kind and src in ("visible", "time")]
    stated = [m for src, k, m in cands if k == kind and src in ("json-ld", "meta")]
    for src, m in shown:
        if any(_agrees(m, s) for s in stated):
            return m, src
    if shown:
        return shown[0][1], shown[0][0]
    for source in ("json-ld", "meta"):
        for src, k, m in cands:
            if k == kind and src == source:
                return m, source
    return None, None


def _plain_text(tree) -> str:
    """Case-folded visible text of the page (or of one element) without furniture (menus, sidebars, comments)."""
    body = tree.find("body") if tree.find("body") is not None else tree
    return " ".join(_text(el) for el in _visible(body) if el.text and el.text.strip()).casefold()


def is_comment_thread(el) -> bool:
    """True for a reader-comment thread: furniture (:func:`is_furniture`) whose class or id names
    comments, replies, a discussion or feedback, or that a comment heading opens ("3 comments",
    "Reader responses (2)", "Have your say")."""
    if not isinstance(el.tag, str) or not is_furniture(el):
        return False
    if _is_schema_comment(el) or _COMMENTS.search(" ".join(str(el.get(a) or "") for a in ("class", "id"))):
        return True
    return any(isinstance(child.tag, str) and child.tag in ("h2", "h3", "h4") and
               _COMMENT_HEADING.match(_text(child)) for child in el[:2])


#: The comment headings among :data:`_FURNITURE_HEADING` (not "Most read" or "Related").
_COMMENT_HEADING = re.compile(r"(?i)^\s*(?:\d+\s+)?" + COMMENT_HEADING_WORDS + r"\b")


def comment_paragraphs(paragraphs: list[str], tree) -> set[int]:
    """Indices of the extracted ``paragraphs`` that come from the page's reader-comment threads
    (:func:`is_comment_thread`): trafilatura issue #92, extractors let comments into the body when
    the thread is not marked the way they expect.

    A paragraph is a comment's when the page shows its text (case and white space aside) only
    inside the threads: as the text of an element there, or, four words and more, as words in
    order within one comment (an extractor joins a commenter's name to the comment) that the rest
    of the page does not show. A thread that holds the article element is not one.

    Args:
        paragraphs: the extracted body paragraphs, white space collapsed.
        tree: the parsed page (:func:`parse_page`).

    Returns:
        A set of indices into ``paragraphs``; empty when the page has no comment thread.
    """
    root = article_root(tree)
    inside: set[str] = set()
    for el in tree.iter():
        if not is_comment_thread(el) or el is root or any(a is el for a in root.iterancestors()):
            continue
        for node in el.iter():
            if isinstance(node.tag, str):
                text = _text(node).casefold()
                if text:
                    inside.add(text)
    if not inside:
        return set()
    body = tree.find("body") if tree.find("body") is not None else tree
    outside = [_text(node).casefold() for node in _visible_outside_threads(body)]
    shown = set(outside)
    outside_text = " ".join(t for t in outside if len(t) < 2000)
    items = [t.split() for t in inside]
    out = set()
    for i, para in enumerate(paragraphs):
        key = " ".join(para.split()).casefold()
        whole = key in inside and key not in shown
        if whole or len(key.split()) >= 4 and key not in outside_text and any(
                _in_order(key.split(), words) for words in items):
            out.add(i)
    return out


def _in_order(words: list[str], within: list[str]) -> bool:
    """Whether ``words`` occur in ``within`` in the same order (others may stand between)."""
    it = iter(within)
    return all(any(w == x for x in it) for w in words)


def _visible_outside_threads(root):
    """Elements under ``root`` in document order, comment threads skipped (other furniture kept)."""
    return _elements(root, is_comment_thread)


def page_metadata(tree, *, url: str | None = None, htmldate_published: str | None = None,
                  trafilatura_author: str | None = None) -> PageMeta:
    """Read byline, dates, site name, headline and language from a parsed page.

    Args:
        tree: an lxml HTML element (see :func:`parse_page`).
        url: the page's URL; a date in its path is taken as the publication day (as htmldate does).
        trafilatura_author: trafilatura's author string ("A; B"), used after the visible byline and
            schema.org, for names that the page shows outside its furniture.
        htmldate_published: htmldate's original-date guess (``YYYY-MM-DD`` or ISO), used only
            when the page gives no date in its article, JSON-LD or meta tags.

    Returns:
        A :class:`PageMeta`. Byline order of trust: visible byline in the article; JSON-LD
        ``author`` of type Person that is not the site's own name; ``<meta name=author>``
        under the same test. Date order of trust: a printed stamp or ``<time>`` in the
        article; JSON-LD ``datePublished``/``dateModified``; meta tags; htmldate. A full date
        in the URL path overrides the day (a UTC stamp from late evening local time otherwise
        lands on the next day); a candidate on that day still gives the time and offset.
    """
    meta = PageMeta()
    root = article_root(tree)
    metas = _meta_values(tree)
    ld = _json_ld(tree)
    ld_articles = [o for o in ld if _ld_types(o) & _ARTICLE_TYPES] or ld

    # "en-US", "en_us", "pt-BR" -> ISO 639-1 "en", "pt": the primary subtag (BCP 47), as Article.language holds.
    tag = (tree.get("lang") or metas.get("og:locale") or metas.get("content-language") or "").strip()
    primary = re.split(r"[-_,;\s]", tag, maxsplit=1)[0].lower()
    meta.language = primary if re.fullmatch(r"[a-z]{2,3}", primary) else None
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
        parts = split_headline(_text(title[0]), hint=meta.headline) if title else None
        if parts and parts.segments and (meta.headline is None or parts.headline.casefold() == meta.headline.casefold()):
            meta.site_name = parts.segments[-1]

    names, credit = _visible_byline(root, tree)
    credit = credit or _copyright_agency(root)
    names = _drop_site_tokens(names, meta.site_name)
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
    if not meta.byline and trafilatura_author:
        # trafilatura also reads menus ("rel=author" links in a nav); keep only names the
        # article's own (non-furniture) text shows.
        shown = _plain_text(root if root.tag in ("article", "main") else tree)
        for name in parse_names(trafilatura_author.replace(";", ",")).names:
            if name.casefold() != site and name.casefold() in shown:
                meta.byline.append(name)
        if meta.byline:
            meta.byline_source = "trafilatura"
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
        chosen, source = _choose(kind, cands)
        if chosen is not None:
            same_kind = [m for _, k, m in cands if k == kind]
            chosen = _infer_offset(_same_day_enrich(chosen, same_kind), same_kind)
            setattr(meta, kind, _stated_zone(_to_page_zone(chosen, zones), [m for _, _, m in cands]))
            if kind == "published":
                meta.date_source = source
    if meta.published is None and htmldate_published:
        meta.published = parse_date_value(htmldate_published)
        meta.date_source = "htmldate" if meta.published else None
    day = url_date(url or meta.url)
    if day is not None:
        before = meta.published
        meta.published = _agree_with_url(before, [m for _, k, m in cands if k == "published"], day)
        if meta.published is not before:
            meta.date_source = "url" if meta.published is day else meta.date_source
    return meta
