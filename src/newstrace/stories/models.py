"""Typed records of the stories API: a story, its members, copy tree, timeline, and quote, claim and name variants.

Pydantic models, so a web layer can return them as JSON (``model_dump(mode="json")``) and
publish their JSON Schema in an OpenAPI document. Dates are ISO 8601 days (``"2019-03-10"``), or
months (``"2019-02"``) where only the month is known (a URL's ``/2019/02/``): never a day made up.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

#: How a member came into its story: the origin of copies, a copy (by derivation kind), a later
#: version of another member (the same page or file updated: trace's "two versions of one" link,
#: :func:`newstrace.provenance.direction.is_versions_record`), or independent coverage of the same
#: event joined by shared event keys.
MemberRole = Literal["origin", "copy", "version", "independent"]
#: Where a date came from; ``ingested`` is the fallback when nothing dates the article.
DateSource = Literal["published", "url", "captured", "ingested"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Story(_Model):
    """One story: articles about the same event, copies and independent coverage alike.

    Attributes:
        id: stable id, ``"S"`` + 12 hex digits of the sha1 of the earliest-ingested member's id;
            it survives articles joining, and a merged story keeps the older one's id.
        headline: the headline of the first origin (else of the earliest copy with a headline, else
            of the earliest member) for display.
        article_ids: members, earliest first (by date, then ingestion order).
        origin_ids: roots of the copy tree: members that others derive from and that derive
            from no member, plus inferred common sources (``"inferred:<hash>"``) missing from the store.
        independent_ids: members in no derivation link (joined by shared event keys).
        n_articles, n_copies: member count; members that derive from another (or share an inferred source),
            later versions of a member (role ``version``) included.
        first_seen, last_seen: earliest and latest member date, at its own precision: an ISO day,
            or an ISO month (``"2019-02"``) for a member dated only by a URL's month. A month is
            read as "by its end" for first seen and "from its start" for last seen, so it is
            shown only when it lies wholly outside the day-precise dates or no member has one
            (:func:`~newstrace.stories.query.seen_span`). Dated members only when any is dated,
            else ingestion days (``seen_ingested`` says so).
        seen_from, seen_to: the first day ``first_seen`` covers and the last day ``last_seen``
            covers (ISO days; ``"2019-02-01"`` and ``"2019-02-28"`` for the month ``"2019-02"``,
            the days themselves for days): what lists sort by, for comparing stories by date.
        seen_ingested: True when no member is dated, so ``first_seen``/``last_seen`` are the days
            the articles were ingested, not published; lists mark them "(ingested)".
        outlets: distinct outlets (URL host, else the stored outlet), by first appearance; then those whose
            input had exactly a member's text (an alias URL: a verbatim republication of it).
        languages: distinct ISO 639-1 codes, most frequent first.
        key_entities: the most widespread named entities (canonical names), most members first.
    """

    id: str
    headline: str = ""
    article_ids: list[str]
    origin_ids: list[str] = Field(default_factory=list)
    independent_ids: list[str] = Field(default_factory=list)
    n_articles: int
    n_copies: int = 0
    first_seen: str | None = None
    last_seen: str | None = None
    seen_from: str | None = None
    seen_to: str | None = None
    seen_ingested: bool = False
    outlets: list[str] = Field(default_factory=list)
    languages: list[str] = Field(default_factory=list)
    key_entities: list[str] = Field(default_factory=list)


class StoryPage(_Model):
    """One page of stories: ``total`` matching stories, ``stories[offset:offset+limit]`` of them."""

    total: int
    offset: int
    limit: int
    stories: list[Story]


class Republication(_Model):
    """Another outlet's input with exactly the article's text (stored as one article with aliases): a verbatim
    republication of it under its own URL.

    Attributes:
        outlet: the republishing outlet (:func:`newstrace.stories.keys.outlet_of` of its URL).
        url: its URL.
        date: the ISO day it gives (its published date, else its capture), ``None`` when it gives none.
        date_source: ``published`` or ``captured``; ``None`` without a date.
    """

    outlet: str
    url: str
    date: str | None = None
    date_source: DateSource | None = None


class Member(_Model):
    """A story member as the report shows it.

    Attributes:
        article_id, headline, url (or input path), outlet, language, byline, credit.
        date: ISO day, or ISO month (``"2019-02"``) when only the month is known;
            ``date_source`` says where it came from.
        role: ``origin``; ``copy``; ``version``: a later version of another member, the same page
            (URL) or file record ingested again after an update (an update by its own publisher, not a
            copy: trace links the two with the reason "two versions of one ...", and the earlier
            version keeps its own role, ``origin`` where nothing else is above it); or ``independent``.
        kind: for a copy or a version, the derivation kind of its own highest-scoring link (the link in
            which it is the copy side), or ``"sibling"`` for a copy with no link of its own: the reference
            side of its sibling group, the text the other copies of an inferred source are compared
            with (the pairs' kinds describe the other side, never it); ``None`` for an origin or
            independent member.
        republished: other outlets' inputs of exactly this text (stored as this article: identical
            text from several URLs), each a verbatim republication (:class:`Republication`).
    """

    article_id: str
    headline: str = ""
    url: str | None = None
    outlet: str | None = None
    language: str | None = None
    byline: list[str] = Field(default_factory=list)
    credit: str | None = None
    date: str | None = None
    date_source: DateSource | None = None
    role: MemberRole
    kind: str | None = None
    republished: list[Republication] = Field(default_factory=list)


class TreeEdge(_Model):
    """One edge of the copy tree: a copy and the origin it derives from (or an inferred common source).

    Attributes:
        copy_id: the copy.
        origin_key: ``origin_id``, or ``"inferred:<hash>"`` for a source missing from the store.
        origin_id: the origin article, ``None`` for an inferred source.
        kind: verbatim, edited, spun, machine-translated, translation, rewritten.
        score: calibrated probability of the link (0..1).
        coverage: share of the copy aligned to the origin (0..1).
        inferred_source: the origin is missing; ``sibling_ids`` are the other copies of it.
        change_counts: number of changes by kind (``{"number": 1, "quote": 2}``).
        link_key: the store's key of the edge's derivation where it is not ``origin_key``: a
            sibling record the resolved graph reads as a chain step keeps its ``inferred:`` key
            (:func:`newstrace.provenance.graph.promoted_siblings`); ``None`` otherwise.
        versions: the edge joins two versions of one page or file (trace's "two versions of one ..."
            reason): the copy is a later version of the origin, an update by its publisher.
    """

    copy_id: str
    origin_key: str
    origin_id: str | None
    kind: str
    score: float
    coverage: float = 0.0
    inferred_source: bool = False
    sibling_ids: list[str] = Field(default_factory=list)
    change_counts: dict[str, int] = Field(default_factory=dict)
    link_key: str | None = None
    versions: bool = False


class EventLink(_Model):
    """Why a member is in the story without a copy link: the event keys it shares with the event it joined.

    Attributes:
        a, b: the article, and the first article of the event it joined (the event, not one
            member, is what it matched: see :mod:`newstrace.stories.cluster`).
        score: sum over the shared keys of ``min(weights) * rarity * support``.
        gap_days: days between its date and the event's dates (``None`` when either is undated).
        keys: the shared keys, most evidence first (``n:`` names, ``#`` numbers, ``w:`` rare
            words, ``t:`` topic words).
    """

    a: str
    b: str
    score: float
    gap_days: int | None = None
    keys: list[str] = Field(default_factory=list)


class TimelinePoint(_Model):
    """A member on the story's timeline: when (ISO day or month), which outlet, which article, how (``origin``, a copy
    kind, ``version`` for a later version of a member, ``independent``). A member's verbatim republications
    (:attr:`Member.republished`) are points of their own: the republishing outlet, kind ``verbatim``."""

    date: str | None
    date_source: DateSource | None = None
    outlet: str | None = None
    article_id: str
    kind: str


class QuoteVariant(_Model):
    """The wording of one quote in one article.

    Attributes:
        article_id, outlet: where.
        content: the quoted words as this article gives them (for a member without quotation
            attribution, e.g. a translation, the aligned sentence).
        speaker: the speaker as this article names them (``None`` when unattributed).
        similarity: rapidfuzz ``ratio`` to the reference wording, 0..1.
        reference: this is the wording the others are compared with (the origin's when known).
        from_alignment: taken from the sentence alignment of a derivation, not from a quote record.
        change: the derivation's change detail when trace flagged this wording ("quote altered
            (83% alike)", "meaning inverted"), else ``None``.
    """

    article_id: str
    outlet: str | None = None
    content: str
    speaker: str | None = None
    similarity: float = 1.0
    reference: bool = False
    from_alignment: bool = False
    change: str | None = None


class QuoteGroup(_Model):
    """One quote across the story's articles, with each article's wording.

    Attributes:
        id: index within the story detail.
        speaker: the speaker's canonical name (most common across variants) or ``None``.
        variants: reference first, then by similarity.
        altered: the wordings differ beyond punctuation and case.
    """

    id: int
    speaker: str | None = None
    variants: list[QuoteVariant]
    altered: bool = False


class Speaker(_Model):
    """A speaker of the story with the quotes attributed to them.

    Attributes:
        name: canonical name (or a description of an unnamed speaker).
        name_variants: other forms the articles use.
        quote_ids: ids of their :class:`QuoteGroup` records.
        n_articles: articles quoting them.
    """

    name: str
    name_variants: list[str] = Field(default_factory=list)
    quote_ids: list[int] = Field(default_factory=list)
    n_articles: int = 0


class ClaimValue(_Model):
    """One value of a claim and the articles (outlets) that give it.

    Attributes:
        value: the number; ``text`` its surface form; ``qualifier`` ("more than", ...).
        article_ids, outlets: who says so.
        sentence: the sentence of the first article giving it.
        from_change: taken from a derivation's number change (the copy has no claim record).
    """

    value: float
    text: str
    qualifier: str | None = None
    article_ids: list[str]
    outlets: list[str] = Field(default_factory=list)
    sentence: str = ""
    from_change: bool = False


class ClaimGroup(_Model):
    """One claim (the same count or amount) across articles, with the values each gives.

    Attributes:
        id: index within the story detail.
        what, unit: what is counted and the unit, from the claim records.
        values: most articles first.
        has_variants: articles disagree on the value or qualifier.
        n_articles: articles making the claim.
    """

    id: int
    what: str | None = None
    unit: str | None = None
    values: list[ClaimValue]
    has_variants: bool = False
    n_articles: int = 0


class NameVariant(_Model):
    """One written form of a person's name and where it appears; ``how`` it was matched:
    ``same`` (the canonical form), ``accent`` (equal without case and accents), ``surname``
    (a shorter or longer form of the same name), ``fuzzy`` (spelling), ``changed`` (a copy's
    rendering found by trace, e.g. a surname translated as a common noun)."""

    form: str
    article_ids: list[str]
    outlets: list[str] = Field(default_factory=list)
    how: Literal["same", "accent", "surname", "fuzzy", "changed"] = "same"


class NameGroup(_Model):
    """A person named across the story's articles: the canonical form and its variants (canonical first)."""

    canonical: str
    variants: list[NameVariant]


class StoryDetail(_Model):
    """Everything the report shows for one story.

    Attributes:
        story: the summary.
        members: every member, in timeline order.
        edges: the copy tree (derivation links among members).
        event_links: same-event links that joined independent coverage.
        timeline: one point per member, dated ones first in date order.
        speakers: speakers with their quotes, most quoted first.
        quotes: quote groups (each quote across articles with its variants).
        claims: claim groups, those with variants first.
        names: persons with more than one written form, most forms first.
        analysed_articles: members whose quotes, claims and names were compared (all of them
            unless the story is larger than ``story_detail``'s ``max_articles``).
    """

    story: Story
    members: list[Member]
    edges: list[TreeEdge] = Field(default_factory=list)
    event_links: list[EventLink] = Field(default_factory=list)
    timeline: list[TimelinePoint] = Field(default_factory=list)
    speakers: list[Speaker] = Field(default_factory=list)
    quotes: list[QuoteGroup] = Field(default_factory=list)
    claims: list[ClaimGroup] = Field(default_factory=list)
    names: list[NameGroup] = Field(default_factory=list)
    analysed_articles: int = 0


class SearchHit(_Model):
    """An article matching a search, with its story and the fields that matched.

    Attributes:
        url: the article's source: its URL, else the input path it was read from (a record with no
            URL, a file), as ``sources.source`` in ``export``.
    """

    article_id: str
    story_id: str | None = None
    headline: str = ""
    outlet: str | None = None
    url: str | None = None
    date: str | None = None
    snippet: str = ""
    matched: list[str] = Field(default_factory=list)


class SearchPage(_Model):
    """One page of search results: ``total`` matching articles and ``hits[offset:offset+limit]``."""

    total: int
    offset: int
    limit: int
    hits: list[SearchHit]


class StoriesReport(_Model):
    """What one clustering run did.

    Attributes:
        mode: ``full`` or ``incremental``.
        run_id: the ``story_runs`` row written.
        articles: articles in the store; ``new_articles`` those keyed in this run.
        candidate_pairs: (article, event) pairs scored in this run; ``event_links``: articles
            that joined an event, stored after the run.
        derivation_edges: copy links used.
        stories: stories after the run; ``changed_members`` membership rows written.
        seconds: wall-clock time.
    """

    mode: Literal["full", "incremental"]
    run_id: int
    articles: int
    new_articles: int
    candidate_pairs: int
    event_links: int
    derivation_edges: int
    stories: int
    changed_members: int
    seconds: float


__all__ = [
    "ClaimGroup",
    "ClaimValue",
    "DateSource",
    "EventLink",
    "Member",
    "MemberRole",
    "NameGroup",
    "NameVariant",
    "QuoteGroup",
    "QuoteVariant",
    "SearchHit",
    "SearchPage",
    "Speaker",
    "StoriesReport",
    "Story",
    "StoryDetail",
    "StoryPage",
    "TimelinePoint",
    "TreeEdge",
]  # fmt: skip
