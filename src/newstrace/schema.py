"""The data model shared by every stage: Article and the records it carries.

Field names follow the field's terms (byline, credit, dateline, quotation attribution:
speaker, cue, content). The JSON Schema of :class:`Article` is published by
``newstrace schema`` and versioned by :data:`SCHEMA_VERSION`; bump the minor number for
added fields and the major number for renamed or removed ones.
"""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

SCHEMA_VERSION = "1.1.0"

RepairKind = Literal["encoding", "censor", "glued", "quote_mark", "spacing", "duplicate"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Source(_Record):
    """Where a record came from.

    Attributes:
        path: input file path as given (str), or ``None`` for text passed in memory.
        format: reader that produced it: ``text``, ``html``, ``jsonl``, ``csv``, ``parquet``, ``warc``.
        record: 0-based record index within the file (JSON line, CSV row, WARC record).
        line: 1-based line number of the record where the format has lines (JSONL, CSV).
        offset: byte offset of the record in the file, where known.
        url: the article's URL from the record or page metadata.
        captured: when a web archive captured the page (``WARC-Date``, ISO 8601 UTC); an
            upper bound on the publication date.
    """

    path: str | None = None
    format: str = "text"
    record: int = 0
    line: int | None = None
    offset: int | None = None
    url: str | None = None
    captured: str | None = None

    def label(self) -> str:
        """Human-readable location, e.g. ``data.jsonl:17`` or ``page.html``."""
        where = self.path or "<text>"
        if self.line is not None:
            return f"{where}:{self.line}"
        if self.format in {"warc", "parquet"}:
            return f"{where}#{self.record}"
        return where


class Repair(_Record):
    """One change made to the text by a repair step.

    Repairs form a sequential log: ``start``/``end`` are character offsets (Python ``str``
    indices) into the document text as it stands after every earlier repair in the log,
    so :func:`newstrace.repair.apply_plan` replays them in order on ``Article.raw_text``.
    """

    kind: RepairKind
    start: int
    end: int
    before: str
    after: str
    evidence: str = ""


class Entity(_Record):
    """A named entity with one canonical name per referent within the article.

    Attributes:
        text: surface form as it appears.
        label: spaCy label (PERSON, ORG, GPE, ...).
        canonical: fullest name the article gives this referent, without title
            ("Jorge Torres" for "Sergeant Jorge Torres" and "Torres").
        start, end: character offsets into ``Article.text``.
    """

    text: str
    label: str
    canonical: str
    start: int
    end: int


class Quote(_Record):
    """A quotation with its attribution.

    Attributes:
        content: quoted words without enclosing marks, nor the marks that reopen a quotation at
            each paragraph it runs on into (so ``Article.text[start:end]`` is ``content`` with
            those marks).
        speaker: canonical name of the speaker, or a description of an unnamed one
            ("a nurse who would not give her name"); ``None`` when unknown.
        speaker_is_unnamed: True when the article leaves the speaker unnamed.
        speaker_start, speaker_end: offsets of the speaker mention in ``Article.text``.
        cue: the speech verb or cue ("said", "told", ":", "—"), or ``None``.
        start, end: offsets of ``content`` in ``Article.text``; -1 for headline quotes.
        kind: ``direct`` (a whole sentence or more) or ``partial`` (a phrase inside a sentence).
        in_headline: the quote stands in the headline.
        confidence: 0..1, heuristic confidence of the attribution.
    """

    content: str
    speaker: str | None = None
    speaker_is_unnamed: bool = False
    speaker_start: int | None = None
    speaker_end: int | None = None
    cue: str | None = None
    start: int
    end: int
    kind: Literal["direct", "partial"] = "direct"
    in_headline: bool = False
    confidence: float = 0.5


class Claim(_Record):
    """A number the article claims.

    Attributes:
        value: the number as a float (``"two dozen"`` -> 24.0, ``"10 million"`` -> 1e7); for a
            range its lower bound, for a vote tally or score its first figure.
        high: a range's upper bound (``"15-20 mln"`` -> 2e7), else ``None`` (added in schema 1.1).
        second: a vote tally's or score's second figure (``"ruled 7-2"`` -> 2.0), else ``None``
            (added in schema 1.1).
        text: the number's surface form.
        qualifier: "more than", "less than", "about", "up to", "at least", ... or ``None``.
        unit: "percent", "USD", "people", "km", ... or ``None``.
        what: what is counted (noun phrase head and modifiers).
        period: time window ("three days", "this year") or ``None``.
        source: who the claim is attributed to ("Colombian immigration agents") or ``None``.
        start, end: offsets of the number in ``Article.text``.
        sentence: the sentence the claim stands in.
    """

    value: float
    text: str
    qualifier: str | None = None
    unit: str | None = None
    high: float | None = None
    second: float | None = None
    what: str | None = None
    period: str | None = None
    source: str | None = None
    start: int
    end: int
    sentence: str = ""


class Residue(_Record):
    """Text set aside from the body: a trailing fragment, promo line or repeated block."""

    text: str
    reason: str


class ErrorRecord(_Record):
    """Why a record could not be (fully) analysed. ``code`` is stable (e.g. ``E101``)."""

    code: str
    message: str
    stage: str


class Article(_Record):
    """One analysed news article: the record every stage reads and fills in.

    Attributes:
        id: sha1 hex of the normalised headline, text and attribution (see :func:`article_id`);
            empty for failed records.
        source: where it came from.
        outlet: publishing outlet (site name, source column) where known.
        language: ISO 639-1 code (the reader's, else py3langid's), or ``None`` when unknown
            (a table of figures, low confidence).
        headline: headline without section/site suffix; ``headline_suffix`` keeps the suffix.
        published / updated: ISO 8601 local date or date-time without offset;
            ``published_offset`` / ``updated_offset`` the UTC offset ("+01:00") where known.
        byline: author names (persons only; never an agency).
        credit: who the story is credited to: a canonical agency name ("The Associated Press",
            "Reuters", ...), else the outlet a republication notice names ("In partnership with
            The 74" -> "74"), a dateline credits ("New York (CNN) —") or a byline names on another
            site's page ("By Ann Lee, CNN").
        contributors: people credited with help.
        dateline: place (and agency) at the head of wire copy.
        text: the repaired, structured body: paragraphs separated by blank lines.
        raw_text: the document text as read (headline on the first line).
        repairs: the sequential repair log; replaying it on ``raw_text`` gives the repaired
            document, from which ``headline``, ``text`` and the rest are structured.
        residue: fragments kept out of ``text`` with the reason.
        entities, quotes, claims: NLP results, offsets into ``text``.
        errors: problems met; a record with errors and no text failed.
    """

    schema_version: str = SCHEMA_VERSION
    id: str = ""
    source: Source = Field(default_factory=Source)
    outlet: str | None = None
    language: str | None = None
    headline: str = ""
    headline_suffix: str | None = None
    published: str | None = None
    published_offset: str | None = None
    updated: str | None = None
    updated_offset: str | None = None
    byline: list[str] = Field(default_factory=list)
    credit: str | None = None
    contributors: list[str] = Field(default_factory=list)
    dateline: str | None = None
    text: str = ""
    raw_text: str = ""
    repairs: list[Repair] = Field(default_factory=list)
    residue: list[Residue] = Field(default_factory=list)
    entities: list[Entity] = Field(default_factory=list)
    quotes: list[Quote] = Field(default_factory=list)
    claims: list[Claim] = Field(default_factory=list)
    errors: list[ErrorRecord] = Field(default_factory=list)

    # Working state between stages, never serialised: reader hints and the repaired document.
    _meta: dict[str, Any] = PrivateAttr(default_factory=dict)
    _repaired: str = PrivateAttr(default="")

    @property
    def failed(self) -> bool:
        """True when the record produced no article text because of an error."""
        return bool(self.errors) and not self.text


def normalise_for_id(text: str) -> str:
    """Normalise text for identity: NFKC, casefold, whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def text_id(text: str) -> str:
    """Content-hash id of a text: sha1 hex of :func:`normalise_for_id` (40 chars)."""
    return hashlib.sha1(normalise_for_id(text).encode("utf-8")).hexdigest()


def attribution_text(byline: list[str], credit: str | None, dateline: str | None) -> str:
    """What an article says of its authorship, for its id: byline names, credit and dateline, one per line;
    "" when it says nothing."""
    if not (byline or credit or dateline):
        return ""
    return f"byline: {'; '.join(byline)}\ncredit: {credit or ''}\ndateline: {dateline or ''}"


def article_id(article: Article) -> str:
    """Content-hash id of an article: :func:`text_id` of its headline, body and attribution.

    Two records are one article when they say the same, their byline, credit and dateline
    included: a copy that drops or swaps the credit or the byline of an otherwise identical
    text is another article, so trace reports the change (a rights team's first question). An
    article that names no author, credit or dateline keeps the id of its headline and body alone,
    as before attribution counted (store schema 0011).

    Returns:
        40 hex characters.
    """
    attribution = attribution_text(article.byline, article.credit, article.dateline)
    return text_id(article.headline + "\n" + article.text + ("\n\n" + attribution if attribution else ""))


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :class:`Article`, with ``$id`` carrying the version."""
    schema = Article.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://newstrace.invalid/schema/article/{SCHEMA_VERSION}"
    schema["version"] = SCHEMA_VERSION
    return schema


DerivationKind = Literal["verbatim", "edited", "spun", "machine-translated", "translation", "rewritten"]
ChangeKind = Literal["number", "quote", "name", "credit", "byline", "date", "omission", "addition", "moved", "slant", "hedge",
                     "reworded"]


class Change(_Record):
    """One difference between a copy and its origin, with the aligned evidence.

    Attributes:
        kind: number, quote, name, credit, byline, date, omission, addition, moved (text kept in
            another order), slant, hedge (a qualifier or hedge added or removed) or reworded (an
            aligned sentence said in other words).
        origin_text: the origin's words ("" for an addition).
        copy_text: the copy's words ("" for an omission).
        detail: short explanation ("270 -> 320", "meaning inverted", "credit dropped").
    """

    kind: ChangeKind
    origin_text: str = ""
    copy_text: str = ""
    detail: str = ""


class AlignedPair(_Record):
    """A copy sentence aligned to the origin sentence it derives from (indices into each article's sentences)."""

    copy_index: int
    origin_index: int
    copy_sentence: str
    origin_sentence: str
    similarity: float


class Derivation(_Record):
    """A copy -> origin link decided by ``trace``.

    Attributes:
        copy_id, origin_id: article ids; ``origin_id`` is ``None`` when the origin is an
            inferred common source missing from the store (siblings).
        copy_source, origin_source: the input path or URL of each article as ingested.
        kind: verbatim, edited, spun, machine-translated, translation, rewritten.
        score: calibrated probability (0..1) that the copy derives from the origin (or, for
            siblings, that the two share a source).
        coverage: share of the copy's content characters aligned to the origin (= ``copy_coverage``), 0..1.
        copy_coverage, origin_coverage: share of each side's content characters in aligned
            sentences, 0..1 (for siblings, "origin" is the sibling).
        direction_evidence: reasons for the direction (dates, credit, coverage asymmetry).
        alignment: aligned sentence pairs, in order.
        changes: the differences found.
        inferred_source: the copy shares an inferred common source with ``sibling_ids``.
        sibling_ids: the other copies of that inferred source linked to this one.
    """

    copy_id: str
    origin_id: str | None
    copy_source: str | None = None
    origin_source: str | None = None
    kind: DerivationKind
    score: float
    coverage: float = 0.0
    copy_coverage: float
    origin_coverage: float
    direction_evidence: list[str] = Field(default_factory=list)
    alignment: list[AlignedPair] = Field(default_factory=list)
    changes: list[Change] = Field(default_factory=list)
    inferred_source: bool = False
    sibling_ids: list[str] = Field(default_factory=list)
