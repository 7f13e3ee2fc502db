"""Structure stage: split a repaired document into headline, dates, byline, credit, body and residue.

Input is the plain article layout (headline on the first line, blank line, paragraphs
separated by blank lines) plus the reader's hints (``RawDocument.meta``). Lines that carry
structure (byline, date, contributor, sign-off and copyright lines, the wire dateline) are
moved into their fields; promotional lines, trailing fragments and repeated paragraphs
are moved into ``residue`` with a reason. Nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from newstrace.schema import Article, Residue
from newstrace.structure.byline import (
    Byline,
    is_person_name,
    is_staff_byline,
    last_first_name,
    outlet_name,
    parse_byline,
    parse_contributor_line,
    parse_names,
    parse_signature_line,
    parse_wire_credits,
)
from newstrace.structure.credit import (
    Dateline,
    byline_outlet_credit,
    canonical_agency,
    is_copyright_line,
    is_news_agency,
    led_credit,
    names_page_publisher,
    parse_dateline,
    republication_notice,
    desk_signature,
    signoff_agency,
    split_run_in_signoff,
)
from newstrace.structure.dates import (
    DateMention,
    collect_evidence,
    find_dates,
    parse_date_value,
    resolve_order,
)
from newstrace.structure.furniture import site_words, skip_leading_furniture
from newstrace.structure.head import set_aside_head
from newstrace.structure.headline import headline_below_furniture, headline_line, split_headline
from newstrace.structure.residue import (
    MIN_REPEAT_WORDS,
    paragraph_words,
    COMMENTS,
    END_MARK,
    FRAGMENT,
    PLACEHOLDER,
    PREAMBLE,
    PROMO,
    REPEATED,
    is_comment_heading,
    is_desk_code,
    is_end_mark,
    is_fragment,
    is_newsletter_prompt,
    is_promo,
    is_rewrite_preamble,
    paragraph_key,
    split_placeholders,
    split_repeats,
)
from newstrace.structure.stamps import date_kind, is_metadata_line, parse_stamp
from newstrace.structure.wraps import is_hard_wrapped, join_wrapped

#: Paragraphs at each end of the body where byline, date and sign-off lines are looked for.
HEAD_ZONE = 4
TAIL_ZONE = 6
#: The lead part of the body (its first paragraphs) where a
#: labelled byline standing as a paragraph of its own is still taken: page layouts put the
#: byline block below the standfirst and a first subheading ("By Ann Lee, Calder Courier, in Brack").
LEAD_ZONE = 12


@dataclass
class _Found:
    """What the line classifier collected."""

    bylines: list[list[str]] = field(default_factory=list)
    credits: dict[str, list[str]] = field(default_factory=dict)  # evidence kind -> agencies
    contributors: list[str] = field(default_factory=list)
    published: list[DateMention] = field(default_factory=list)
    updated: list[DateMention] = field(default_factory=list)
    outlets: list[str] = field(default_factory=list)
    residue: list[Residue] = field(default_factory=list)

    def credit(self, kind: str, agency: str | None) -> None:
        if agency:
            self.credits.setdefault(kind, []).append(agency)

    def take_byline(self, byline: Byline) -> None:
        """Take a byline's names, its outlet (also as an outlet credit) and its credit."""
        if byline.names:
            self.bylines.append(byline.names)
        self.take_outlet(byline.outlet)
        self.credit("byline", byline.credit)

    def take_outlet(self, outlet: str | None) -> None:
        """Take an outlet named beside a byline's names ("By Ann Lee, Calder Courier"), also as an
        outlet credit."""
        if outlet:
            self.outlets.append(outlet)
            self.credit("outlet", outlet)

    def dates_in(self, line: str) -> None:
        """Take every date in ``line`` as published or updated, by the label before it."""
        for m in find_dates(line):
            getattr(self, date_kind(line[: m.start])).append(m)


def split_document(repaired: str) -> tuple[str, list[str]]:
    """Split the plain layout into the headline line and body paragraphs.

    The first line is the headline unless the document starts with a blank line or the
    first line is itself a long paragraph (:func:`newstrace.structure.headline.headline_line`).
    Paragraphs are separated by blank lines; a body with no blank line but several lines
    is read one paragraph per line, unless the body is hard-wrapped at a fixed width
    (:func:`newstrace.structure.wraps.is_hard_wrapped`): then its wrapped lines are joined into
    paragraphs (:func:`newstrace.structure.wraps.join_wrapped`).
    """
    text = repaired.replace("\r\n", "\n").replace("\r", "\n")
    head = headline_line(text)
    head, body = ("", text) if head is None else (head, text[len(head) + 1 :])
    if is_hard_wrapped(body):
        return head.strip(), join_wrapped(body)
    paragraphs = [p.strip() for p in re.split(r"\n[ \t\u00a0]*\n", body) if p.strip()]
    if len(paragraphs) == 1 and paragraphs[0].count("\n") >= 2:
        paragraphs = [line.strip() for line in paragraphs[0].split("\n") if line.strip()]
    return head.strip(), paragraphs


#: A byline label standing alone ("By", "Von", "Por:"), its names lost with the page's markup.
_LONE_LABEL = re.compile(r"(?i)(?:by|written by|von|por|par|door)\s*:?")


def _classify_line(line: str, where: set[str], found: _Found) -> str | None:
    """Move a structural line into ``found``; return its residue reason, ``""`` when it is
    taken into a field, or ``None`` when it is body text.

    Args:
        where: position flags: ``head`` (first paragraphs), ``first`` (the paragraph right
            under the headline), ``tail`` (last paragraphs), ``lead`` (the lead part,
            :data:`LEAD_ZONE`), ``alone`` (the line is its paragraph).
    """
    stripped = line.strip()
    if not stripped:
        return ""
    near_edge = bool(where & {"head", "tail"})
    if not near_edge and where >= {"lead", "alone"}:
        byline = parse_byline(stripped)  # labelled ("By ...") only, and names in it
        if byline and byline.names and len(stripped.split()) <= 15:
            found.take_byline(byline)
            return "byline-line"
    wire = parse_wire_credits(stripped)
    if wire:
        authors, helpers = wire
        if authors:
            found.bylines.append(authors)
        found.contributors += helpers
        return "credit-line"
    contrib = parse_contributor_line(stripped)
    if contrib:
        names, agency = contrib
        found.contributors += names
        found.credit("contributor", agency)
        return "contributor-line"
    if near_edge and is_staff_byline(stripped):
        return "byline-line"  # "By Staff Reporter": a byline that names no one
    if "head" in where and _LONE_LABEL.fullmatch(stripped):
        return "byline-line"  # "By" left alone where a page's byline link was lost
    if near_edge:
        byline = parse_byline(stripped) or (
            parse_byline(stripped, require_by=False) if where & {"first", "tail"} else None
        )
        if byline:
            found.take_byline(byline)
            found.dates_in(stripped)
            return "byline-line"
        signature = parse_signature_line(stripped)  # "Ann Lee aus Brack / ab"
        if signature:
            found.bylines.append(signature.names)
            return "byline-line"
        if is_copyright_line(stripped):
            found.credit("copyright", signoff_agency(stripped))
            return "copyright-line"
        notice = republication_notice(stripped)
        if notice:
            found.credit("notice", notice)
            return "credit-line"
        desk = desk_signature(stripped) if "tail" in where else None
        if desk is not None:  # "kms/dw (AFP, Reuters)": the desk's initials and the agencies used
            for agency in desk:
                found.credit("signoff", agency)
            return "credit-line" if desk else FRAGMENT
        agency = signoff_agency(stripped) if where & {"tail", "first"} else led_credit(stripped)
        if agency:
            found.credit("signoff", agency)
            return "credit-line"
        stamp = parse_stamp(stripped)
        if stamp:
            for kind, mention in stamp.dates:
                getattr(found, kind).append(mention)
            found.outlets += stamp.outlets
            if stamp.names:  # "Ann Lee | June 7, 2024": the author beside the date
                found.bylines.append(stamp.names)
            return "date-line"
        if "head" in where and is_metadata_line(stripped):  # "date 2019-06", "Updated 3 hours ago"
            found.dates_in(stripped)
            return "date-line"
        if "tail" in where and is_end_mark(stripped):
            return END_MARK
    if "head" in where and is_rewrite_preamble(stripped):  # "Here is the article content:" opening the body
        return PREAMBLE
    if is_promo(stripped) or is_newsletter_prompt(stripped):
        return PROMO
    return None


def _cut_comments(paragraphs: list[str], found: _Found) -> list[str]:
    """The paragraphs above a reader-comment thread; the thread, from its heading ("Comments (2)",
    "Leave a Reply": :func:`newstrace.structure.residue.is_comment_heading`) on, goes to residue, so
    that no commenter's "Posted by" line is read as a byline nor a comment as the article's text.
    A heading among the first two paragraphs is left alone (no article above it)."""
    for i, para in enumerate(paragraphs):
        if i >= 2 and "\n" not in para.strip() and is_comment_heading(para):
            found.residue += [Residue(text=p, reason=COMMENTS) for p in paragraphs[i:]]
            return paragraphs[:i]
    return paragraphs


def _block_byline(para: str, i: int, n: int) -> Byline | None:
    """A byline that no single line of ``para`` shows: the paragraph right under the headline
    holding a name and its title on two or three lines ("Ann Lee\nStaff Writer"), read as one
    byline; or the story's last paragraph a dash and a person's name alone ("— Ann Lee"), the
    author's signature (an agency there is a credit: :func:`signoff_agency`).

    Args:
        para: the paragraph; ``i``: its index; ``n``: the number of paragraphs.
    """
    text = para.strip()
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    if i == 0 and 2 <= len(lines) <= 3 and len(text.split()) <= 15 and not parse_byline(lines[0]):
        parsed = parse_byline(", ".join(lines), require_by=False)
        if parsed is not None and parsed.names and (parsed.dropped or parsed.credit or parsed.outlet):
            return parsed
    if i == n - 1 and i > 0 and len(lines) == 1:
        signed = _DASH_SIGNATURE.match(text)
        if signed and is_person_name(signed.group("who")) and not canonical_agency(signed.group("who")):
            return Byline(names=[signed.group("who").strip()])
    return None


#: A signature closing the story: a dash and the author's name ("— Ann Lee", "-- Ann Lee").
_DASH_SIGNATURE = re.compile(r"^(?:\u2014|\u2013|--)\s*(?P<who>[^\W\d_][^,;:()\d]{2,60}?)\s*$")


def _split_body(paragraphs: list[str], found: _Found) -> tuple[list[str], int]:
    """Take structural lines out of the paragraphs.

    Returns:
        ``(body, last_structural)``: the remaining paragraphs, and the index in ``body``
        before which the last structural line of the tail stood (-1 if none).
    """
    body: list[str] = []
    last_structural = -1
    n = len(paragraphs)
    for i, para in enumerate(paragraphs):
        where = {flag for flag, on in (
            ("head", i < HEAD_ZONE), ("first", i == 0), ("tail", i >= n - TAIL_ZONE),
            ("lead", i < LEAD_ZONE), ("alone", "\n" not in para.strip())) if on}
        block = _block_byline(para, i, n)
        if block is not None:  # "Ann Lee\nStaff Writer" under the headline, "— Ann Lee" closing the story
            found.take_byline(block)
            found.residue.append(Residue(text=para.strip(), reason="byline-line"))
            if i == n - 1:
                last_structural = len(body)
            continue
        lines = [line.strip() for line in para.split("\n") if line.strip()]
        if "tail" in where and 2 <= len(lines) <= 3 and len(para) <= 80 and not signoff_agency(lines[0]) \
                and not is_copyright_line(" ".join(lines)):
            agency = signoff_agency(" ".join(lines))  # "(Source:\nthe AP)": a credit line broken over lines
            if agency:
                found.credit("signoff", agency)
                found.residue.append(Residue(text=" ".join(lines), reason="credit-line"))
                last_structural = len(body)
                continue
        kept_lines = []
        for line in para.split("\n"):
            reason = _classify_line(line, where, found)
            if reason is None:
                kept_lines.append(line)
            elif reason:
                found.residue.append(Residue(text=line.strip(), reason=reason))
                if reason != PROMO and "tail" in where:
                    last_structural = len(body)
        if kept_lines:
            body.append("\n".join(kept_lines).strip())
    return body, last_structural


#: Wire copy whose dateline lost its place: the agency in parentheses and a dash open the story.
#: The dash may follow a full stop, in Spanish wire style ("(EFE).- Un terremoto ...").
_AGENCY_LEAD = re.compile(r"^\s*\((?P<agency>[^()\n]{1,40})\)\s*\.?\s*(?:-+|\u2013|\u2014)\s*(?=\S)")


#: The agency's credit run into the start of the story as a sentence of its own: "Via AP news wire. The ...",
#: "Via Reuters — The ...". The story must go on after it with a capital.
_VIA_LEAD = re.compile(r"(?i:via)\s+(?P<agency>[^\W\d_][^.:\n\u2013\u2014()]{1,35}?)\s*(?:[.:]|--|[\u2013\u2014])\s+"
                       r"(?=[\"\u201c]?[A-Z\u00c0-\u00de])")


def _find_dateline(body: list[str]) -> tuple[int, Dateline | None]:
    """The wire dateline: at the start of the first body paragraph, or of a later one among the
    first :data:`HEAD_ZONE` when page matter stands above it (a deck, a photo caption, a
    "loading" placeholder, a pull quote, an abstract) and the dateline is unmistakable.

    Below the first paragraph a dateline must have a place of at most three words in capitals,
    or an agency in parentheses (``CARACAS, Venezuela —``, ``Caracas (AP) —``), open a lead of
    at least eight words ending a sentence (not a heading, "KRÄHENJAGD – So wird gejagt", nor
    a table label), and be the only one near the top: a digest of items, each under its own
    dateline, has none for the whole.

    Returns:
        ``(index of the paragraph, Dateline)``, or ``(0, None)``.
    """
    for i, para in enumerate(body[:HEAD_ZONE]):
        dateline = parse_dateline(para)
        if dateline is None:
            continue
        if i == 0:
            return 0, dateline
        # a dateline that is its whole paragraph (split over lines) heads the next one
        lead = para[dateline.end:].strip() or (body[i + 1] if i + 1 < len(body) else "")
        capitals = dateline.place.upper() == dateline.place and len(dateline.place.split()) <= 3
        if not (dateline.credit or capitals) or len(lead.split()) < 8 or not lead.endswith(
                (".", "!", "?", '"', "\u201d", "'", "\u2019", ")")):
            continue
        if any(parse_dateline(later) for later in body[i + 1: i + 1 + 2 * HEAD_ZONE]):
            return 0, None
        return i, dateline
    return 0, None


def _clean_body(article: Article, body: list[str], last_structural: int, found: _Found) -> list[str]:
    """Dateline, run-in sign-off, repeated paragraphs and trailing fragments out of the body."""
    if body:
        at, dateline = _find_dateline(body)
        if dateline:
            article.dateline = dateline.text
            found.credit("dateline", dateline.credit)
            # Paragraphs above a later dateline (a deck, a caption, an abstract) stay in the body.
            body[at] = body[at][dateline.end:].lstrip()
        else:
            lead = _AGENCY_LEAD.match(body[0])
            agency = canonical_agency(lead.group("agency")) if lead else None
            if agency and is_news_agency(agency):  # "(Reuters) - A miner ...": the credit, no place
                found.residue.append(Residue(text=lead.group(0).strip(), reason="credit-line"))
                found.credit("dateline", agency)
                body[0] = body[0][lead.end():]
            via = _VIA_LEAD.match(body[0])
            agency = canonical_agency(via.group("agency")) if via else None
            if agency and is_news_agency(agency):  # "Via AP news wire. The Senate ...": the credit run in
                found.residue.append(Residue(text=via.group(0).strip(), reason="credit-line"))
                found.credit("signoff", agency)
                body[0] = body[0][via.end():]
        last, agency = split_run_in_signoff(body[-1])
        if agency:  # "... on February 27. Reuter"
            found.residue.append(Residue(text=body[-1][len(last):].strip(), reason="credit-line"))
            found.credit("signoff", agency)
            body[-1] = last
    headline_key = paragraph_key(article.headline)
    _, repeated = split_repeats(body)
    if dateline and at > 0:
        repeated = keep_body_copies(body, repeated, at)
    elif len(body) > 1 and body[0].lstrip()[:1] in _OPENING_QUOTES:
        repeated = keep_body_copies(body, repeated, 1)  # no dateline: a quotation standing first
    kept: list[tuple[int, str]] = []
    for i, para in enumerate(body):
        if i in repeated:
            found.residue.append(Residue(text=para, reason=REPEATED))
        elif headline_key and paragraph_key(para) == headline_key:
            found.residue.append(Residue(text=para, reason="repeated-headline"))
        elif para:
            kept.append((i, para))
    # Trailing fragments: a desk code ("GML"), or any short fragment left after the sign-off lines.
    while len(kept) > 1 and is_fragment(kept[-1][1]) and (
        is_desk_code(kept[-1][1]) or 0 <= last_structural <= kept[-1][0]
    ):
        found.residue.append(Residue(text=kept.pop()[1], reason=FRAGMENT))
    return [para for _, para in kept]


#: Marks that open a quotation standing as a paragraph of its own (a pull quote).
_OPENING_QUOTES = frozenset('"\u201c\u201e\u00ab\u2039\u2018\'')


def keep_body_copies(body: list[str], repeated: list[int], dateline_at: int) -> list[int]:
    """Repeats with the copy above the dateline dropped instead of the one in the story.

    A paragraph above the dateline that recurs below it is a pull quote or teaser the page put
    first; the story's own copy stays in its place, so the text keeps its order (a translation or
    copy aligned against it reads the quote where the story has it). So is one that recurs inside
    a longer paragraph of the story ("We pulled people out of the water for four hours." above the
    dateline, and later '"The sea was rough," said the captain. "We pulled people out of the
    water for four hours."'): it would otherwise stand as a second, unattributed quotation and make
    its page look fuller than its copies.

    Args:
        body: paragraphs; repeated: indices :func:`~newstrace.structure.residue.split_repeats`
            marked as repeats (later copies); dateline_at: index of the dateline paragraph.

    Returns:
        The indices to drop, sorted.
    """
    out = set(repeated)
    words = [paragraph_words(p) for p in body]
    for r in repeated:
        if r <= dateline_at:
            continue
        first = next((i for i in range(dateline_at) if i not in out and words[i] == words[r]), None)
        if first is not None:
            out.discard(r)
            out.add(first)
    for i in range(dateline_at):
        if i in out or len(words[i].split()) < MIN_REPEAT_WORDS:
            continue
        needle = f" {words[i]} "
        if any(needle in f" {words[j]} " for j in range(dateline_at, len(body)) if j not in out and j != i):
            out.add(i)
    return sorted(out)


def _fill_people(article: Article, meta: dict[str, Any], found: _Found) -> None:
    """Byline (reader's visible byline first, else lines in the text), contributors, credit."""
    names: list[str] = []
    meta_byline = meta.get("byline")
    entries = [meta_byline] if isinstance(meta_byline, str) else list(meta_byline or [])
    if len(entries) == 2 and last_first_name(", ".join(map(str, entries))):
        entries = [last_first_name(", ".join(map(str, entries)))]  # "Holm, Kari" split at its comma
    for entry in entries:
        # Readers split "Ann Lee, Calder Courier" into entries: an entry after a name may be the outlet.
        outlet = outlet_name(str(entry), after_name=True) if names else None
        if outlet:
            found.take_outlet(outlet)
            continue
        parsed = parse_byline(str(entry)) or parse_names(str(entry))
        names += parsed.names
        found.take_outlet(parsed.outlet)
        found.credit("byline", parsed.credit)
    if not names:
        names = [name for group in found.bylines for name in group]
    taken: set[str] = set()
    article.byline = []
    for name in names:
        if name.casefold() not in taken:
            taken.add(name.casefold())
            article.byline.append(name)
    article.contributors = [x for x in dict.fromkeys(found.contributors) if x.casefold() not in taken]
    # an outlet after a byline's name that is not the page's publisher: syndicated copy ("By Ann Lee, CNN")
    url = article.source.url or meta.get("url")
    publishers = [str(meta[k]) for k in ("outlet", "sitename") if meta.get(k)]
    credited = byline_outlet_credit(found.credits.get("outlet", []), url, publishers)
    # A newspaper or site credited on its own page ("New York (CNN) —" on cnn.com) is the
    # publisher, not a credit; an agency stays the credit on its own page too, and so does an
    # edition a republication notice names ("originally appeared on VICE US" on vice.com/en_uk).
    for kind, names in found.credits.items():
        if kind not in ("outlet", "notice"):
            own = [x for x in names if not is_news_agency(x) and names_page_publisher(x, url, publishers)]
            found.outlets += [x for x in own if x not in found.outlets]
            found.credits[kind] = [x for x in names if x not in own]
    if credited:
        found.outlets = [x for x in found.outlets if x != credited]  # the originating outlet, not the publisher
    # Credit where wire copy states it, strongest first; a contributor's employer last.
    for kind in ("dateline", "byline", "signoff", "copyright", "notice"):
        if found.credits.get(kind):
            article.credit = found.credits[kind][0]
            return
    if meta.get("credit"):
        article.credit = canonical_agency(str(meta["credit"])) or str(meta["credit"])
    elif credited:
        article.credit = credited
    elif found.credits.get("contributor"):
        article.credit = found.credits["contributor"][0]


def _fill_dates(article: Article, meta: dict[str, Any], found: _Found, texts: list[str], url: str | None = None) -> None:
    """Published and updated: reader metadata, else the record's raw date, stamp lines, the
    headline's date suffix, else the day in the record's URL ``url``; ambiguous numeric dates
    resolved from the document's evidence. A month alone ("date 2019-06") gives way to a day in
    that month found later or in the URL. Where the published date came from is noted as
    ``meta["date_source"]`` (``record``, ``text`` or ``url``) unless the reader named it already."""
    chosen: dict[str, DateMention | None] = {}
    published_from = None
    for label in ("published", "updated"):
        candidates = [parse_date_value(meta.get(label)) if meta.get(label) not in (None, "") else None]
        if label == "published":
            candidates.append(parse_date_value(meta["date_text"]) if meta.get("date_text") else None)
        candidates += getattr(found, label)
        present = [c for c in candidates if c is not None]
        first = present[0] if present else None
        if label == "published" and first is not None:
            published_from = "record" if candidates.index(first) < 2 else "text"
        if first is not None and first.precision == "month":  # a day in that month, stated later, is finer
            month = first.local_iso()
            first = next((c for c in present if c.precision == "day" and c.local_iso().startswith(month)), first)
        chosen[label] = first
    evidence = None
    for label, mention in chosen.items():
        if mention is None:
            continue
        if mention.order == "ambiguous":
            if evidence is None:  # gathered only when needed: it scans the whole document
                reference = [d.date for d in chosen.values() if d is not None and d.order != "ambiguous"]
                evidence = collect_evidence(texts, reference, meta.get("language"))
            mention = resolve_order(mention, evidence)
            if mention.how.startswith("no evidence"):
                found.residue.append(Residue(text=mention.text, reason=f"date-order-ambiguous: {mention.how}"))
        setattr(article, label, mention.local_iso())
        setattr(article, f"{label}_offset", mention.offset)
    if article.updated == article.published and article.updated_offset == article.published_offset:
        article.updated = article.updated_offset = None  # the same stamp twice is no update
    if article.published is None or len(article.published) == 7:
        # Lowest priority: the day in the record's URL path (".../2024/03/12/slug"), as news
        # sites write the publication day there; it has no time, so it never overrides one.
        from newstrace.structure.page import url_date

        day = url_date(url)
        if day is not None and (article.published is None or day.local_iso().startswith(article.published)):
            article.published, article.published_offset = day.local_iso(), day.offset
            published_from = "url"
    if article.published and published_from and not meta.get("date_source"):
        # where the date came from, for the sources table: a reader's page metadata names its own
        # ("json-ld", "meta"); else the record's date field, a date line of the text, or the URL's day
        meta["date_source"] = published_from


def _is_declared_title(meta: dict[str, Any], line: str) -> bool:
    """Whether ``line`` is the title the reader declared (``meta["headline"]``, spaces collapsed)."""
    return bool(meta.get("headline")) and " ".join(str(meta["headline"]).split()) == line.strip()


def _outlet(meta: dict[str, Any], found: _Found, byline: list[str]) -> str | None:
    """The outlet: the reader's, else one named in the text; a person's name is never the outlet.

    A name in the article's byline is refused wherever it comes from (a page whose site name is
    its author's); an outlet found in the text ("Ann Lee | June 7, 2024" beside a date) is
    refused too when it reads as a person's name (:func:`is_person_name`).
    """
    people = {name.casefold() for name in byline}
    for key in ("outlet", "sitename"):
        value = meta.get(key)
        if value and " ".join(str(value).split()).casefold() not in people:
            return str(value)
    for name in found.outlets:
        # "Andean Post" after a byline's comma was read as a paper there (its last word a nameplate
        # word that is also a surname); out of that position it reads as a name too
        if name.casefold() not in people and (not is_person_name(name) or outlet_name(name, surname_words=True)):
            return name
    return None


def structure_article(article: Article, repaired: str, meta: dict[str, Any]) -> Article:
    """Fill the structure fields of ``article`` from the repaired document and reader hints.

    Args:
        article: the record being analysed (``source``, ``raw_text``, ``repairs`` set).
        repaired: the whole repaired document in the plain layout.
        meta: reader hints (see :class:`newstrace.readers.base.RawDocument`): ``published``,
            ``updated`` (ISO 8601, with offset where known), ``byline`` (list of str or a
            byline string), ``outlet``, ``credit``, ``headline``, ``language``, ``date_text``.

    Returns:
        ``article`` with ``headline``, ``headline_suffix``, ``published``/``published_offset``,
        ``updated``/``updated_offset``, ``byline``, ``credit``, ``contributors``, ``dateline``,
        ``outlet``, ``text`` and ``residue`` set. Reader hints win over lines found in the
        text for byline and dates (the HTML reader already prefers what the page shows).
        A news outlet named in a byline ("By Ann Lee, Calder Courier") goes to ``outlet``
        (after the reader's outlet), never to ``byline``, or to ``credit`` when the page's URL or
        the reader's outlet names another site ("By Ann Lee, CNN" on an affiliate's page,
        :func:`newstrace.structure.credit.byline_outlet_credit`); a newspaper or site credited on its
        own page (a dateline's "(CNN)" on cnn.com) is the outlet, not the credit; with no date
        anywhere, the day in the URL path fills ``published``. Unfilled template placeholders
        ("story.lead_photo.caption") are residue.
    """
    meta = meta if meta is not None else {}  # the article's own dict: the date's source is noted in it
    head_line, paragraphs = split_document(repaired)
    placeholders: list[str] = []  # unfilled template fields ("story.lead_photo.caption"): residue
    head_line, found_here = split_placeholders(head_line)
    placeholders += found_here
    for i, para in enumerate(paragraphs):
        paragraphs[i], found_here = split_placeholders(para)
        placeholders += found_here
    paragraphs = [p for p in paragraphs if p.strip()]
    url = article.source.url or meta.get("url")
    above = headline_below_furniture(head_line, paragraphs, url)
    furniture = [head_line, *paragraphs[: above - 1]] if above else []
    site_names = {str(meta[k]) for k in ("outlet", "sitename") if meta.get(k)}
    if above:
        head_line, paragraphs = paragraphs[above - 1], paragraphs[above:]
    else:  # navigation, menus and site banners above the title, told by their words
        head_line, paragraphs, furniture = skip_leading_furniture(
            head_line, paragraphs, site_words(url), _is_declared_title(meta, head_line), url)
    head_line, paragraphs, labels = set_aside_head(head_line, paragraphs, repaired, _is_declared_title(meta, head_line))
    furniture += labels
    head = split_headline(head_line, site_names, hint=meta.get("headline"))
    article.headline, article.headline_suffix = head.headline, head.suffix
    found = _Found()
    found.residue += [Residue(text=x, reason=PLACEHOLDER) for x in placeholders]
    for line in furniture:  # above the headline: menus, kickers, date stamps, a partner's republication notice
        if is_metadata_line(line):
            found.dates_in(line)
            found.residue.append(Residue(text=line, reason="date-line"))
            continue
        notice = republication_notice(line)
        found.credit("notice", notice)
        found.residue.append(Residue(text=line, reason="credit-line" if notice else "page-furniture"))
    paragraphs = _cut_comments(paragraphs, found)
    body, last_structural = _split_body(paragraphs, found)
    article.text = "\n\n".join(_clean_body(article, body, last_structural, found))
    _fill_people(article, meta, found)
    if head.date is not None:
        found.published.append(head.date)
    _fill_dates(article, meta, found, [head_line, *paragraphs], article.source.url or meta.get("url"))
    outlet = _outlet(meta, found, article.byline)
    if outlet:
        article.outlet = outlet
    article.residue = found.residue
    return article


__all__ = ["set_aside_head", "split_document", "structure_article"]
