"""Claims: the numbers an article states, with qualifier, unit, what is counted, time window and source.

Method. Number expressions come from :mod:`newstrace.nlp.numbers` over the light pipeline's
tokens. Each is first classified (kept, or skipped with a reason: a date, a year, a clock
time, an identifier such as "Boeing 737" or "page 2", a phone number, "one" used as a
pronoun, a vague plural such as "dozens"). Kept numbers get their context from cheap
token patterns (tags, entities, word lists):

* qualifier: the phrase just before ("more than", "nearly", "up to") or after ("or more");
* unit: see :func:`newstrace.nlp.numbers.read_unit`; counts of persons get ``people``;
* what is counted: the noun phrase after the number ("270 people in uniform"), the object
  of a partitive ("two of them", "5 pct of its shares"; the noun, not another figure or vague
  plural in it: "17 of the 25 patients", "one of the hundreds of soldiers" count ``patients``,
  ``soldiers``), an adjective standing for people ("2,300 dead": unit ``people``), the noun a
  hyphenated compound modifies ("an 11-story hospital": unit ``stories``, what ``hospital``), the
  noun before "of" ("a total of 5.93 mln", "a cost to the government of $10,000"), a table label
  ("Revs 337.3 mln vs 315.2 mln"), the other side of a comparison ("against 5.81"), or the subject
  before the verb ("sales standing at almost 6.2 mln"; for a count only with a verb of level or
  change, :data:`LEVEL_VERBS`: the gunmen of "gunmen killed 30" are no counted thing);
* period: a time expression in the same clause (a DATE entity, a year, a duration after
  "within", "during", ...); each goes first to the claim nearest to it;
* source: the speaker of an enclosing quotation, "according to X", or the subject of a
  reporting verb ("X said", "said X", "X, an analyst at Y, said"), for the numbers of the
  reported clause only.

Only when these patterns find no counted thing, or a reporting verb but no speaker, is the
sentence (if short and a real sentence) given to the dependency parser
(:meth:`ParsedText.parse`), the cost centre, and read from the arcs: on Reuters-21578 about
6% of sentences.

Decisions: durations ("for 20 minutes", "six years later") are claims with a time unit
unless they are the time window of another claim in their clause ("fled within three
days"); ages ("35-year-old", "six years old", "Torres, 35,") are claims with unit
``years old``; years, calendar dates and clock times are never values (a year can be a
period); ordinals ("first") are not numbers; "one" counts only when qualified ("at least
one"); a range of years ("between 1977 and 2003") is a period, not a count; vague plurals
("dozens", "hundreds of") are skipped for want of a value; a range ("15-20 mln", "10–12 people",
"between 300 and 400") is one claim whose value is the lower bound and ``high`` the upper one,
qualifier ``between``; a split ("two-for-one") is one claim with unit ``ratio``; a proportion
("one in five patients", "3 out of 4 schools") is one claim valued as the fraction it states
(0.2, 0.75), as "a fifth of" is, with ``what`` the counted noun; a sign is part of the figure
("minus 31 degrees", "-12C", "−4", "9 degrees below zero" are negative; "plus or minus 3" is a
margin, not a sign); a range with its unit on both figures ("3.5% to 4%", "between $5 and $6") is one range, unless a change word puts a
level at least twice the change after it ("rose 0.5% to 4%": a change and a level); a range
of durations ("for between six and nine hours") is a claim of its own, never another claim's
period; a measure followed by its dimension ("a crack 14 meters long") measures the noun
before it; a vote tally or a game score ("the court ruled 7-2", "a 52-48
vote", "rejected by 391 votes to 242", "won 3-1") is one claim whose value is the first figure
and ``second`` the other, the whole tally in ``text``, unit ``votes`` or ``score``; a span of years
("2018-19"), a phone number ("555-1234") and a model number ("747-400") are skipped whole
(:func:`newstrace.nlp.numbers.pair_kind`).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from itertools import pairwise

from spacy.tokens import Doc, Span, Token

from newstrace.nlp.cues import PERSON_PRONOUNS
from newstrace.nlp.entities import TITLES
from newstrace.nlp.lookup import DocEnts, EntityIndex, QuoteIndex
from newstrace.nlp.numbers import (
    CURRENCY_NATIONS,
    CURRENCY_SYMBOLS,
    CURRENCY_WORDS,
    MEASURE_WORDS,
    MONTHS,
    PEOPLE_WORDS,
    PERCENT_WORDS,
    SCALES,
    SCORE_WORDS,
    TIME_UNITS,
    VAGUE,
    VOTE_WORDS,
    NumberExpr,
    find_numbers,
    number_starts,
    read_unit,
)
from newstrace.nlp.parsing import ParsedText
from newstrace.schema import Claim, Entity, Quote

_CURRENCIES = frozenset(CURRENCY_WORDS.values()) | frozenset(CURRENCY_SYMBOLS.values()) | frozenset(
    CURRENCY_NATIONS.values())

#: Qualifiers before a number, longest first when matched.
QUALIFIERS = sorted({
    "more than", "over", "at least", "nearly", "almost", "about", "around", "up to", "fewer than",
    "less than", "some", "roughly", "approximately", "approx.", "an estimated", "estimated",
    "as many as", "as much as", "as few as", "as little as", "no more than", "no fewer than",
    "no less than", "not more than", "at most", "close to", "just over", "just under", "under",
    "below", "above", "upwards of", "upward of", "in excess of", "a little over", "a little more than",
    "well over", "well above", "just", "only", "exactly", "precisely", "barely", "circa",
    "greater than", "higher than", "lower than", "an average of", "a maximum of", "a minimum of",
    "almost exactly", "more then", "north of", "shy of", "nearly all of", "a record",
    # machine translation's word-for-word "más de"/"mais de", "menos de" ("More of 2,400 persons")
    "more of", "less of", "fewer of",
}, key=lambda q: -len(q.split()))
_QUALIFIER_WORDS = {tuple(q.split()): q for q in QUALIFIERS}
#: Qualifiers after a number.
POST_QUALIFIERS = {("or", "more"): "or more", ("or", "so"): "or so", ("or", "less"): "or less",
                   ("-", "odd"): "odd", ("-", "plus"): "plus", ("plus",): "plus"}

#: Words before a number that make it an identifier, not a quantity ("page 2", "flight 409").
ID_LABELS = {
    "page", "pages", "p.", "pp.", "photo", "photos", "image", "picture", "slide", "chapter", "fig",
    "fig.", "episode", "vol", "vol.", "no.", "nos", "#", "room", "flight", "route", "gate",
    "platform", "apt", "apt.", "suite", "ext", "ext.", "tel", "tel.", "phone", "fax", "zip", "exit",
    "terminal", "seat", "row", "paragraph",
}
#: The same, but only when capitalised ("Level 3", "Article 5"; not "the level 20 pct below").
ID_LABELS_CAPITALISED = {
    "figure", "table", "step", "section", "item", "part", "season", "volume", "number", "highway",
    "interstate", "channel", "box", "code", "id", "ref", "issue", "article", "rule", "resolution",
    "bill", "act", "law", "level", "category", "grade", "class", "form", "version", "model", "pier", "no",
    "line", "lines", "bus", "track", "sector", "video", "phase", "stage", "ward", "district", "zone",
}
_STREET = {"street", "st", "st.", "avenue", "ave", "ave.", "road", "rd", "rd.", "boulevard", "blvd",
           "lane", "drive", "way", "place", "square", "plaza", "court", "highway"}
_CLOCK = {"a.m.", "p.m.", "am", "pm", "a.m", "p.m", "gmt", "est", "edt", "cet", "bst", "utc", "hrs",
          "o'clock"}
_NAME_LABELS = {"ORG", "PRODUCT", "FAC", "WORK_OF_ART", "LAW", "EVENT", "PERSON", "GPE", "LOC", "NORP"}
_NUMERIC_DATE = re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b")
_PHONE = re.compile(r"(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s.-]\d{3,4}[\s.-]\d{3,4}\b")
#: Prepositions that make a following duration a time window ("within three days").
_WINDOW_PREPS = {"within", "in", "over", "during", "for", "after", "since", "throughout", "through", "past",
                 "last", "next", "first", "recent", "previous", "coming", "following"}
_WINDOW_QUALIFIERS = {"than", "less", "more", "about", "around", "nearly", "almost", "just", "only", "some",
                      "roughly", "barely"}
_ONE_COUNTS = {"only", "just", "least", "than", "exactly", "about", "nearly", "almost", "single"}
_ZERO_TERMS = {"coupon", "tolerance", "sum", "hour", "gravity", "waste", "emissions", "-", "coupons"}
_RELATIVE = {"ago", "later", "earlier", "before", "after", "on"}
_DEICTIC = {"this", "last", "next", "past", "coming", "previous", "current", "recent", "yesterday", "today",
            "tomorrow", "tonight", "ago", "later", "earlier", "ended", "ending", "since", "until", "year",
            "quarter", "qtr", "weekend", "fiscal", "season", "spring", "summer", "autumn", "fall", "winter",
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "decade", "century"}
#: Plural nouns a year modifies ("both 1985 periods", "1986 results"); other plurals make it a
#: count ("2000 people").
_YEAR_NOUNS = {
    "periods", "results", "levels", "figures", "prices", "rates", "crops", "harvests", "earnings", "sales",
    "profits", "quarters", "months", "seasons", "elections", "games", "models", "accounts", "budgets",
    "estimates", "forecasts", "targets", "totals", "values", "terms", "plans", "contracts", "deliveries",
    "shipments", "exports", "imports", "purchases", "commitments", "quotas",
}
#: Reporting verbs whose subject is a claim's source (lemmas).
REPORTING = {"say", "tell", "report", "estimate", "announce", "state", "claim", "add", "note", "put",
             "forecast", "predict", "calculate", "count", "confirm", "indicate", "reveal", "disclose",
             "project", "tally", "record", "assert", "allege", "warn", "explain", "acknowledge", "insist",
             "according", "write", "testify", "admit", "argue", "quote", "cite"}
_SOURCE_PREFIX = re.compile(
    r"^(?:(?:the\s+)?(?:latest\s+|official\s+|new\s+|preliminary\s+)?"
    r"(?:statements?|figures?|data|estimates?|reports?|counts?|numbers?|statistics|calculations?|tallies|tally"
    r"|a\s+report|an\s+estimate|a\s+statement|a\s+count)"
    r"\s+(?:by|from|of|released\s+by|published\s+by|issued\s+by)\s+)", re.IGNORECASE)
_NP_POS = {"ADJ", "NOUN", "PROPN"}
_COMPARE = {"against", "vs", "vs.", "versus", "from", "to", "and", "or", "compared", "than", "with", "v"}


@dataclass
class ClaimCandidate:
    """A number expression under consideration, kept or skipped with a reason.

    Attributes:
        expr: the number expression (token indices into ``ParsedText.doc``).
        text: its surface form (with unit), ``start``/``end`` char offsets into the text.
        skip: why it is not a claim ("year", "date", "clock time", "identifier", "name",
            "address", "phone number", "one (article or pronoun)", "numeral as pronoun", "idiom",
            "vague", "period of another claim", "sign of another claim": the "zero" of "12
            degrees below zero"), or ``None``.
        kind: ``count``, ``duration``, ``age`` or ``tally`` (a vote tally or game score, ``7-2``).
    """

    expr: NumberExpr
    text: str
    start: int
    end: int
    tok_start: int
    tok_end: int
    unit: str | None = None
    kind: str = "count"
    skip: str | None = None
    qualifier: str | None = None
    what: str | None = None
    period: str | None = None
    source: str | None = None
    meta: dict = field(default_factory=dict)


def extract_claims(parsed: ParsedText, entities: list[Entity], quotes: list[Quote]) -> list[Claim]:
    """The numeric claims of a text.

    Args:
        parsed: the article text run through the light pipeline (:class:`ParsedText`).
        entities: the article's entities (offsets into ``parsed.text``); PERSON and ORG
            entities give sources their canonical names. May be empty.
        quotes: the article's quotations; a number inside one takes its speaker as source.

    Returns:
        ``list[Claim]`` in text order; offsets (``start``, ``end``) are character offsets of
        the number (with its unit) in ``parsed.text``.

    >>> from newstrace.nlp import load_nlp
    >>> nlp = load_nlp()
    >>> text = "Officials said more than 270 soldiers fled within three days."
    >>> [c] = extract_claims(ParsedText(text, nlp), [], [])
    >>> c.value, c.qualifier, c.what, c.period, c.source
    (270.0, 'more than', 'soldiers', 'three days', 'Officials')
    >>> extract_claims(ParsedText("On February 23, 1958, the first of them left Gate 4.", nlp), [], [])
    []
    """
    return [
        Claim(value=c.expr.value, high=c.expr.high, second=c.expr.second, text=c.text, qualifier=c.qualifier,
              unit=c.unit, what=c.what, period=c.period, source=c.source, start=c.start, end=c.end,
              sentence=parsed.text[c.meta["sent_chars"][0]:c.meta["sent_chars"][1]])
        for c in explain_claims(parsed, entities, quotes) if c.skip is None
    ]


def explain_claims(parsed: ParsedText, entities: list[Entity] | None = None,
                   quotes: list[Quote] | None = None) -> list[ClaimCandidate]:
    """Every number expression of the text with its claim fields or the reason it was skipped.

    Same arguments as :func:`extract_claims`; for audits and tests ("nothing disappears
    without a reason").
    """
    entities = entities or []
    quotes = quotes or []
    out: list[ClaimCandidate] = []
    starts = number_starts(parsed.doc)
    if not starts:
        return out
    ctx = _Ctx(parsed.doc, parsed.text)
    by_entity, by_quote = EntityIndex(entities), QuoteIndex(quotes)  # offset lookups in log time
    k = 0
    for sent in parsed.sents:
        while k < len(starts) and starts[k] < sent.start:
            k += 1
        if k == len(starts):
            break
        if starts[k] >= sent.end:
            continue  # no number in this sentence
        for seg in _segments(ctx, sent):
            out.extend(_sentence(parsed, ctx, seg, by_entity, by_quote, starts))
    return out


class _Ctx:
    """Per-document lookups read once: lower-case forms, line breaks, entities."""

    def __init__(self, doc: Doc, text: str) -> None:
        from spacy.attrs import IS_SPACE

        self.doc = doc
        self.text = text  # == doc.text, which joins every token on each access
        spaces = doc.to_array([IS_SPACE]).nonzero()[0].tolist()
        self.breaks = [i for i in spaces if "\n" in doc[i].text]
        self.ents = DocEnts(doc)
        self._lower: dict[int, str] = {}
        #: (end offset, what) of the last claim that counted a plural noun, for "two of them"
        self.counted: tuple[int, str] | None = None

    def lower(self, start: int, end: int) -> tuple[str, ...]:
        """Lower-case forms of tokens ``start:end`` (cached)."""
        out = []
        for i in range(start, end):
            w = self._lower.get(i)
            if w is None:
                w = self._lower[i] = self.doc[i].lower_
            out.append(w)
        return tuple(out)

    def ents_in(self, start: int, end: int) -> list[Span]:
        return self.ents.overlapping(start, end)


def _segments(ctx: _Ctx, sent: Span) -> list[Span]:
    """A sentence split at line breaks: a paragraph or table line never shares a claim's context."""
    doc = sent.doc
    cuts = ctx.breaks[bisect_left(ctx.breaks, sent.start) : bisect_left(ctx.breaks, sent.end)]
    if not cuts:
        return [sent]
    out, start = [], sent.start
    for cut in cuts + [sent.end]:
        if cut > start:
            out.append(doc[start:cut])
        start = cut + 1
    return out


# --- classification ------------------------------------------------------------------------


def _sentence(parsed: ParsedText, ctx: _Ctx, sent: Span, entities: EntityIndex, quotes: QuoteIndex,
              starts: list[int] | None = None) -> list[ClaimCandidate]:
    doc = parsed.doc
    exprs = find_numbers(doc, sent.start, sent.end, starts)
    if not exprs:
        return []
    cands = [_classify(ctx, doc, sent, e) for e in exprs]
    _below_zero(doc, cands)
    for a, b in pairwise(cands):  # "Chesterfield 7 and 8", "Gates 4 and 5"
        if a.skip in {"name", "identifier", "clock time"} and b.skip in {None, "year"} and b.unit is None:
            gap = {t.lower_ for t in doc[a.tok_end:b.tok_start]}
            if gap and gap <= {"and", "or", ",", "to", "&", "-"}:
                b.skip = a.skip
    kept = [c for c in cands if c.skip is None]
    if not kept:
        return cands
    # A duration after a window preposition is the period of the sentence's other claims.
    # (a compound modifier, "the 11-story hospital", describes a thing and dates nothing)
    others = [c for c in kept if c.kind in {"count", "tally"} and not c.meta.get("compound")]
    for c in kept:
        if c.kind == "duration" and c.meta.get("window") and any(_same_clause(doc, o, c) for o in others):
            c.skip = "period of another claim"
    kept = [c for c in kept if c.skip is None]
    for c in kept:
        c.qualifier = _qualifier(ctx, c)
    _assign_what(parsed, ctx, sent, kept)
    _assign_periods(ctx, doc, sent, cands, kept)
    _assign_sources(parsed, ctx, sent, kept, entities, quotes)
    return cands


_TEMPERATURE_UNITS = {"degrees", "°C", "°F"}


def _below_zero(doc: Doc, cands: list[ClaimCandidate]) -> None:
    """ "12 degrees below zero": the figure is negative (-12), and "zero" is no claim of its own."""
    for a, b in pairwise(cands):
        if (a.skip is None and a.unit in _TEMPERATURE_UNITS and a.expr.value > 0 and b.tok_start == a.tok_end + 1
                and doc[a.tok_end].lower_ == "below" and doc[b.tok_start].lower_ == "zero" and b.tok_end == b.tok_start + 1):
            low, high = a.expr.value, a.expr.high
            a.expr.value, a.expr.high = (-high, -low) if high is not None else (-low, None)
            span = doc[a.tok_start:b.tok_end]
            a.text, a.end, a.tok_end = span.text, span.end_char, b.tok_end
            b.skip = "sign of another claim"


def _same_clause(doc: Doc, a: ClaimCandidate, b: ClaimCandidate) -> bool:
    """No clause boundary (reporting verb, subordinator, relative pronoun, semicolon) between two numbers."""
    lo, hi = (a.tok_end, b.tok_start) if a.tok_end <= b.tok_start else (b.tok_end, a.tok_start)
    for t in doc[lo:hi]:
        if t.text in {";", ":"} or t.tag_ in {"WDT", "WP", "WRB"} or t.pos_ == "SCONJ" or (
                t.pos_ == "VERB" and t.lemma_ in REPORTING):
            return False
    return True


def _classify(ctx: _Ctx, doc: Doc, sent: Span, expr: NumberExpr) -> ClaimCandidate:
    unit, first, end = read_unit(doc, expr, sent.end)
    span = doc[first:end]
    # "£1.2m.", "30F.": the tokenizer kept the sentence's full stop on the figure's last token
    stop = 1 if _FIGURE_WITH_STOP.match(doc[end - 1].text) else 0
    cand = ClaimCandidate(expr, span.text[:len(span.text) - stop], span.start_char, span.end_char - stop, first, end, unit,
                          meta={"sent_start": sent.start, "sent_end": sent.end,
                                "sent_chars": (sent.start_char, sent.end_char)})
    toks = doc[expr.start:expr.end]
    prev = doc[first - 1] if first > sent.start else None
    nxt = doc[expr.end] if expr.end < sent.end else None
    nxt_low = nxt.lower_ if nxt is not None else ""
    if expr.vague:
        cand.skip = "vague"
        return cand
    if expr.ratio:
        cand.unit = "ratio"
        return cand
    if expr.has_words and toks[0].text[:1].isupper() and prev is not None and not _opens_clause(prev):
        cand.skip = "name"  # a capitalised number word inside a sentence: "World War Two", "US Three Yellow"
        return cand
    if (toks[0].lower_ == "zero" and nxt_low in _ZERO_TERMS) or (expr.has_words and nxt_low in {"figures", "digits"}):
        cand.skip = "idiom"  # a fixed term, not a count: "zero coupon", "a six figures salary"
        return cand
    # dates and clock times
    hyphen = nxt is not None and nxt.text in {"-", "–"} and expr.end + 1 < sent.end
    unit_next = doc[expr.end + 1].lower_ if hyphen else nxt_low
    after2 = " ".join(t.lower_ for t in doc[expr.end:min(expr.end + 2, sent.end)])
    hhmm = all(len(t.text) == 4 and t.text.isdecimal() and int(t.text[:2]) < 24 and int(t.text[2:]) < 60
               for t in toks if t.like_num)
    if hhmm and (toks[0].text.startswith("0") or after2.startswith(("local time", "gmt", "est", "edt", "hrs"))):
        cand.skip = "clock time"  # "0720", "1515 local time", "1200 GMT"
        return cand
    if any(":" in t.text for t in toks) or nxt_low in _CLOCK or (
            any(t.ent_type_ == "TIME" for t in toks) and unit_next not in TIME_UNITS):
        cand.skip = "clock time"
        return cand
    day = (len(toks) == 1 and toks[0].text.isdecimal() and 1 <= int(toks[0].text) <= 31) or (
        expr.high is not None and expr.high <= 31 and toks[0].text[:1].isdecimal()) or (  # "September 16-19"
        expr.has_words and not expr.has_scale and expr.value == int(expr.value) and 1 <= expr.value <= 31
        and prev is not None and prev.text[:1].isupper())  # "the week to March nine"
    if day and ((prev is not None and prev.lower_.rstrip(".") in MONTHS and prev.text[:1].isupper()) or (
            nxt is not None and nxt.lower_.rstrip(".") in MONTHS and nxt.text[:1].isupper()) or (
            nxt_low == "of" and expr.end + 1 < sent.end and doc[expr.end + 1].lower_ in MONTHS)):
        cand.skip = "date"
        return cand
    if (prev is not None and prev.text in {"-", "/"} and not prev.whitespace_ and first - 2 >= sent.start
            and len(toks) == 1 and len(toks[0].text) == 2 and toks[0].text.isdecimal()
            and _is_year_token(doc[first - 2])):
        cand.skip = "year"  # the second half of "fiscal 1986-87"
        return cand
    if _is_year(doc, expr, unit, sent) or _is_year_range(doc, expr, unit, sent):
        cand.skip = "year"  # "in 1958"; "between 1977 and 2003" (a span of time, not a count)
        return cand
    # identifiers, names, addresses, phone numbers
    if prev is not None and prev.text == "." and first - 2 >= sent.start and doc[first - 2].lower_ in {
            "no", "nos"}:
        prev = doc[first - 2]  # "No. 2" tokenised as "No", ".", "2"
    if prev is not None and (toks[0].text[:1].isdecimal() or toks[0].text[:1].isupper()) and (
            prev.lower_ in ID_LABELS or prev.lower_ in ID_LABELS_CAPITALISED and prev.text[:1].isupper()):
        cand.skip = "identifier"
        return cand
    if _in_name(ctx, doc, expr):
        cand.skip = "name"
        return cand
    if (nxt is not None and nxt.pos_ == "PROPN" and expr.end + 1 < sent.end
            and doc[expr.end + 1].lower_ in _STREET):
        cand.skip = "address"
        return cand
    for m in _NUMERIC_DATE.finditer(ctx.text, max(0, cand.start - 8), min(len(ctx.text), cand.end + 8)):
        if m.start() < cand.end and cand.start < m.end():
            cand.skip = "date"  # "2023-01-12", "26/02/2019"
            return cand
    if expr.pair in _PAIR_SKIPS:
        cand.skip = _PAIR_SKIPS[expr.pair]  # "2018-19", "555-1234", "the 747-400"
        return cand
    if expr.pair == "tally":
        cand.kind = "tally"  # "ruled 7-2", "won 3-1": one claim, the first figure its value
        cand.unit = unit or _tally_unit(doc, expr, sent)
        return cand
    if not any("," in t.text or "." in t.text for t in toks):
        for m in _PHONE.finditer(ctx.text, sent.start_char, sent.end_char):
            s, e = m.start(), m.end()
            if s < cand.end and cand.start < e and len(re.sub(r"\D", "", m.group(0))) >= 7:
                cand.skip = "phone number"
                return cand
    # a model or series number right after a name: "Boeing 737", "Apollo 11"
    if (prev is not None and prev.tag_ == "NNP" and prev.i > sent.start and prev.ent_type_ != "DATE"
            and prev.lower_ not in MONTHS and len(toks) == 1 and toks[0].text.isdecimal() and unit is None):
        cand.skip = "name"
        return cand
    # durations and ages
    k = expr.end + (1 if nxt is not None and nxt.text in {"-", "–"} and not nxt.whitespace_ else 0)
    if k + 1 < sent.end and doc[k].lower_ in {"plus", "odd"}:
        k += 1  # "15-plus years"
    if unit is None and k < sent.end and doc[k].lower_ in TIME_UNITS:
        after = [t.lower_ for t in doc[k + 1:min(k + 3, sent.end)]]
        if after[:1] == ["old"] or after[:2] == ["-", "old"]:
            cand.kind, cand.unit = "age", "years old"
            end = k + (2 if after[:1] == ["old"] else 3)
        else:
            cand.kind, cand.unit = "duration", TIME_UNITS[doc[k].lower_]
            end = k + 1
            q = first
            while q > sent.start and doc[q - 1].lower_ in _WINDOW_QUALIFIERS | {"between"}:
                q -= 1  # "in less than 48 hours", "for between six and nine hours"
            before = doc[q - 1].lower_ if q > sent.start else ""
            before2 = doc[q - 2].lower_ if q - 1 > sent.start else ""
            # "lost power for between six and nine hours": a range says how long, an estimate to
            # check, not a window dating the clause's other claims ("battled for three days")
            lasted = expr.high is not None and before == "for"
            cand.meta["window"] = not lasted and (before in _WINDOW_PREPS or before2 in _WINDOW_PREPS or (
                end < sent.end and doc[end].lower_ in _RELATIVE - {"on"}))
        if toks[0].lower_ in {"one", "a", "an"} and cand.kind == "duration":
            cand.skip = "one (article or pronoun)"
        span = doc[first:end]
        cand.text, cand.end, cand.tok_end = span.text, span.end_char, end
        return cand
    if prev is not None and prev.lower_ == "aged" and unit is None:
        cand.kind, cand.unit = "age", "years old"
        return cand
    if unit is None and expr.pair is None and not (expr.has_words and expr.value == 1):
        word = _compound_word(doc, expr, sent)
        if word is not None:
            # "an 11-story hospital", "a 230-vote defeat": the figure counts the word after its hyphen
            # (the unit), and describes the noun the compound modifies (what, read after it)
            cand.unit = _plural(word.lower_) if word.pos_ == "NOUN" else None
            span = doc[first:word.i + 1]
            cand.text, cand.end, cand.tok_end = span.text, span.end_char, word.i + 1
            cand.meta["compound"] = True
            return cand
    if (unit is None and prev is not None and prev.text == "," and nxt is not None and nxt.text == ","
            and len(toks) == 1 and toks[0].text.isdecimal() and 1 <= int(toks[0].text) <= 120
            and first - 2 >= sent.start and _named_person_ends(doc, first - 2, sent.start)):
        cand.kind, cand.unit = "age", "years old"  # "Mr. King, 82, told me"
        ent = next((e for e in ctx.ents_in(first - 2, first - 1)), None)
        k = ent.start if ent is not None else first - 2
        # the whole name: the model's entity often leaves out a first given name ("Ana [Belén Cruz]")
        while (k - 1 >= sent.start and doc[k - 1].pos_ == "PROPN" and doc[k - 1].text[:1].isupper()
               and doc[k - 1].ent_type_ not in _NOT_PERSON_TYPES and doc[k - 1].lower_.rstrip(".") not in TITLES):
            k -= 1
        while k < first - 2 and doc[k].lower_.rstrip(".") in TITLES:
            k += 1  # "Mr. King": the name, without its title
        cand.meta["age_of"] = doc[k:first - 1].text
        return cand
    if (unit is None and expr.has_words and prev is not None
            and prev.lower_ in {"the", "those", "these", "both", "all"} and (nxt is None or nxt.pos_ not in _NP_POS)):
        cand.skip = "numeral as pronoun"  # "the two met", "those two"
        return cand
    # "one man said", "one of them", "no one": an article or pronoun; "only one", "at least one person" count
    if (unit is None and expr.value == 1 and toks[0].lower_ in {"one", "a", "an"} and expr.end - expr.start == 1
            and (prev is None or prev.lower_ not in _ONE_COUNTS)):
        cand.skip = "one (article or pronoun)"
    return cand


#: Words after a figure's hyphen that are no compound modifier ("40-odd", "15-plus", "20-something",
#: "a three-way merger": no ways are counted; "six-monthly" is read by its "-ly").
_NOT_COMPOUND = {"odd", "plus", "something", "somethings", "ish", "way", "fold"}
_IRREGULAR_PLURALS = {"man": "men", "woman": "women", "child": "children", "person": "people", "foot": "feet",
                      "tooth": "teeth", "life": "lives", "wife": "wives", "knife": "knives", "leaf": "leaves",
                      "people": "people", "staff": "staff", "series": "series", "species": "species"}


def _compound_word(doc: Doc, expr: NumberExpr, sent: Span) -> Token | None:
    """The word of a compound modifier "N-word noun" ("11-story hospital", "5,000-strong force"), or ``None``.

    The figure, a hyphen glued on both sides, a lower-case noun or adjective, then the start of
    the noun phrase it modifies (a noun, an adjective or a name). Durations, ages and units
    ("two-year", "12-year-old", "10-mile") are read before (:func:`newstrace.nlp.numbers.read_unit`).
    """
    h = expr.end
    if h + 2 >= sent.end or doc[h].text not in {"-", "–"} or doc[h].whitespace_ or doc[h - 1].whitespace_:
        return None
    word, after = doc[h + 1], doc[h + 2]
    if (not word.is_alpha or not word.is_lower or word.lower_ in _NOT_COMPOUND or word.like_num
            or word.lower_ in SCALES or word.lower_.endswith("ly")
            or word.pos_ not in {"NOUN", "ADJ"} or word.whitespace_ == ""):
        return None
    return word if after.pos_ in {"NOUN", "PROPN", "ADJ"} and not after.like_num else None


#: Entity types of a capitalised word that is no person ("Madrid, 12, ..."; "March 3, 12 ...").
_NOT_PERSON_TYPES = frozenset({"GPE", "LOC", "FAC", "DATE", "TIME", "NORP", "EVENT", "ORG", "PRODUCT", "LAW"})


#: Last words of a club's, company's or body's name, which the small English model often types as a
#: PERSON ("Manchester United, 38, are three points behind": the team's points, no age).
_ORGANISATION_HEADS = frozenset(
    "United City FC AFC CF SC Club Rovers Wanderers Athletic Athletico Albion Town County Rangers Hotspur "
    "Villa Forest Celtic Inc Corp Corporation Ltd Plc LLC Group Holdings Party Council Bank University "
    "College Association Union Committee Ministry Department Agency Institute Foundation".split()
)


def _named_person_ends(doc, i: int, start: int) -> bool:
    """Whether token ``i`` ends a person's name: a PERSON entity, or a run of two or more capitalised
    proper nouns the model typed as nothing else ("Ana Ruiz, 38," where the small English model,
    reading a Spanish name, gives no entity type); never a name ending in an organisation's word
    (:data:`_ORGANISATION_HEADS`: "Manchester United, 38,")."""
    t = doc[i]
    if t.text in _ORGANISATION_HEADS:
        return False
    if t.ent_type_ == "PERSON":
        return True
    if t.ent_type_ in _NOT_PERSON_TYPES or t.pos_ != "PROPN" or not t.text[:1].isupper():
        return False
    prev = doc[i - 1] if i - 1 >= start else None
    return (prev is not None and prev.pos_ == "PROPN" and prev.text[:1].isupper()
            and prev.ent_type_ not in _NOT_PERSON_TYPES)


def _plural(word: str) -> str:
    """English plural of a singular noun, as a unit ("story" -> "stories", "vote" -> "votes",
    "person" -> "people"); irregular ones from :data:`_IRREGULAR_PLURALS`."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    if re.search(r"(?:s|x|z|ch|sh)$", word):
        return word + "es"
    return word + "s"


#: A figure's last token that swallowed the sentence's full stop: a scale letter ("m." of "£1.2m."),
#: a glued temperature ("30F.") or figure ("5bn.").
_FIGURE_WITH_STOP = re.compile(r"^(?:m|k|b|bn|mn|tn|C|F|[+\-−]?\d[\d,.]*(?:°?[CF]|k|m|bn|mn|mln|bln|tn)?)\.$")

#: Skip reasons of two joined figures that are no quantity (:func:`newstrace.nlp.numbers.pair_kind`).
_PAIR_SKIPS = {"years": "year", "phone": "phone number", "code": "identifier"}


def _tally_unit(doc: Doc, expr: NumberExpr, sent: Span) -> str | None:
    """``votes`` for a vote tally ("ruled 7-2", "a 52-48 vote"), ``score`` for a game, else ``None``.

    Read from the words of the sentence within six tokens of the tally (vote words first:
    :data:`newstrace.nlp.numbers.VOTE_WORDS`, :data:`~newstrace.nlp.numbers.SCORE_WORDS`).
    """
    words = {t.lower_ for t in doc[max(sent.start, expr.start - 6):min(sent.end, expr.end + 6)]}
    if words & VOTE_WORDS:
        return "votes"
    if words & SCORE_WORDS:
        return "score"
    return None


def _is_year(doc: Doc, expr: NumberExpr, unit: str | None, sent: Span) -> bool:
    toks = doc[expr.start:expr.end]
    if len(toks) != 1 or unit is not None:
        return False
    t = toks[0].text
    if not (len(t) == 4 and t.isdecimal() and 1000 <= int(t) <= 2100):
        return False
    if toks[0].ent_type_ == "DATE":
        return True  # the NER's call: "approved 1987 subsidies", "in 1958"
    nxt = doc[expr.end] if expr.end < sent.end else None
    # "2000 people" is a count; "the 1986 crop", "1997 to 2013" are years
    return not (nxt is not None and nxt.tag_ == "NNS" and nxt.text.islower() and nxt.ent_type_ != "DATE"
                and nxt.lower_ not in _YEAR_NOUNS)


def _is_year_range(doc: Doc, expr: NumberExpr, unit: str | None, sent: Span) -> bool:
    """ "between 1977 and 2003", "from 2018 to 2019": a range whose two bounds are years, not a count.

    As for one year (:func:`_is_year`), a plural noun after it makes it a count ("between 1500
    and 2000 people").
    """
    if expr.pair != "range" or unit is not None or expr.has_words or expr.has_scale:
        return False
    if not (_is_year_token(doc[expr.start]) and _is_year_token(doc[expr.end - 1])):
        return False
    nxt = doc[expr.end] if expr.end < sent.end else None
    return not (nxt is not None and nxt.tag_ == "NNS" and nxt.text.islower() and nxt.ent_type_ != "DATE"
                and nxt.lower_ not in _YEAR_NOUNS)


def _opens_clause(tok: Token) -> bool:
    """The token before a capitalised word that may start a sentence or a quotation."""
    return tok.is_punct or tok.is_space or tok.text in {"\"", "“", "'", "‘"}


def _is_year_token(tok: Token) -> bool:
    return len(tok.text) == 4 and tok.text.isdecimal() and 1000 <= int(tok.text) <= 2100


def _in_name(ctx: _Ctx, doc: Doc, expr: NumberExpr) -> bool:
    """The number sits inside a named entity with other proper-noun words ("Boeing 737")."""
    tok = doc[expr.start]
    if tok.ent_type_ not in _NAME_LABELS or tok.text[:1].islower() and not tok.text[:1].isdecimal():
        return False
    ent = next((e for e in ctx.ents_in(expr.start, expr.start + 1)), None)
    if ent is None:
        return False
    return any(t.tag_ in {"NNP", "NNPS"} and not (expr.start <= t.i < expr.end) for t in ent)


# --- qualifier -------------------------------------------------------------------------------


def _qualifier(ctx: _Ctx, c: ClaimCandidate) -> str | None:
    start = c.tok_start
    sent_start = c.meta["sent_start"]
    for n in (4, 3, 2, 1):
        if start - n < sent_start:
            continue
        words = ctx.lower(start - n, start)
        if words in _QUALIFIER_WORDS:
            c.meta["qual_start"] = start - n
            return _QUALIFIER_WORDS[words]
    end = c.tok_end
    for words, q in POST_QUALIFIERS.items():
        if ctx.lower(end, min(end + len(words), c.meta["sent_end"])) == words:
            return q
    if c.expr.high is not None:
        return "between"
    return None


# --- what is counted -----------------------------------------------------------------------

#: Nouns of money paid or owed to someone: "a cost to the government of $10,000", "loans to Enzon of 2 mln".
_PAID_TO = {"cost", "costs", "loan", "loans", "payment", "payments", "aid", "grant", "grants", "subsidy",
            "subsidies", "transfer", "transfers", "sales", "exports", "debt", "debts", "contribution",
            "contributions", "donation", "donations", "damage", "damages", "bill", "fine", "fines"}
#: Adjectives that stand for the people counted ("2,300 dead", "12 injured and three missing"):
#: the claim counts ``people``, and the adjective is what is counted.
PEOPLE_STATES = {
    "dead", "injured", "wounded", "hurt", "missing", "killed", "displaced", "homeless", "detained",
    "arrested", "hospitalised", "hospitalized", "infected", "evacuated", "stranded", "unaccounted",
}
#: Verbs (lemmas) whose subject is what a count after them measures: a level or a change ("sales
#: stood at 6.2 mln", "the toll rose to 173", "the toll was 173"). With any other verb the subject
#: of a count is an agent ("gunmen killed 30", "MPs voted it down by 149", "officials counted 3
#: million"), not what is counted; money, percentages and measures keep the subject whatever the
#: verb ("workers earn $2 a day": their pay).
LEVEL_VERBS = {
    "be", "rise", "fall", "reach", "stand", "total", "climb", "drop", "increase", "decrease", "grow", "hit",
    "top", "exceed", "amount", "remain", "cost", "equal", "jump", "surge", "double", "triple", "quadruple",
    "halve", "decline", "slip", "gain", "ease", "soar", "plunge", "tumble", "dip", "edge", "rebound",
    "average", "range", "near", "approach", "surpass", "peak", "hover", "sit", "number", "account",
    "represent", "shrink", "expand", "swell", "mount", "stay", "weigh", "measure", "last", "slump", "slide",
    "sink", "lose", "advance", "retreat", "recover", "narrow", "widen", "improve", "worsen", "fluctuate",
    "accelerate", "slow", "contract", "settle", "touch", "spike", "skyrocket", "balloon", "dwindle", "inch",
    "leap", "tick", "hold", "come", "turn", "close", "open", "trade", "finish", "end", "quote",
}
_COUNTED_UNITS = {"bags", "bales", "barrels", "bushels", "shares", "vehicles", "cars", "units", "cartons"}


def _np_span(doc: Doc, i: int, limit: int) -> tuple[int, int] | None:
    """The noun phrase starting at token ``i`` (modifiers + head), as token bounds, or ``None``."""
    j = i
    last_noun = None
    while j < limit and j - i < 7:
        t = doc[j]
        if t.ent_type_ in {"DATE", "TIME"} or t.like_num or t.lower_ in TIME_UNITS:
            break
        if t.pos_ in _NP_POS or (t.tag_ in {"VBN", "VBG"} and j + 1 < limit and doc[j + 1].pos_ in {"NOUN"}):
            if t.pos_ in {"NOUN", "PROPN"} or t.lower_ in PEOPLE_WORDS:
                last_noun = j
            j += 1
            continue
        if t.text in {"-", "–"} and not t.whitespace_ and last_noun is not None or t.tag_ == "POS":
            j += 1
            continue
        break
    return (i, last_noun + 1) if last_noun is not None else None


_YEARISH = re.compile(r"^(?:1\d|20)\d\d(?:/\d\d)?$")


def _pp_object(doc: Doc, i: int, limit: int) -> tuple[int, int] | None:
    """Object of a preposition at ``i``: optional determiners and numbers, then a noun phrase.

    A figure or a vague plural inside the object is another count, not what is counted: "17 of
    the 25 patients" and "one of the hundreds of soldiers" count ``patients`` and ``soldiers``
    (the object starts after them), unless a unit or scale word follows the figure ("5 pct of
    500 mln dlrs" keeps "500 mln dlrs": there is no noun to count).
    """
    j = start = i + 1
    while j < limit and j - i < 8:
        t = doc[j]
        if t.tag_ in {"DT", "PRP$"}:
            j += 1
        elif t.tag_ == "CD" or t.like_num:
            j += 1
            # a cardinal, not an ordinal ("first mortgage bonds"), a year ("both 1986 periods") nor a
            # model number before a name ("the 911 Turbo Coupe")
            model = t.text.isdecimal() and len(t.text) <= 4 and j < limit and doc[j].text[:1].isupper()
            if (t.tag_ == "CD" and not _YEARISH.match(t.text) and not model and j < limit
                    and not _unit_word(doc[j]) and doc[j].lower_ not in SCALES):
                start = j
        elif t.lower_ in VAGUE and j + 2 < limit and doc[j + 1].lower_ == "of":
            j = start = j + 2  # "the hundreds of soldiers", "tens of thousands of migrants"
        else:
            break
    if j < limit and doc[j].tag_ == "PRP" and doc[j].lower_ in {"them", "us", "those", "these"}:
        return (i + 1, j + 1)
    np = _np_span(doc, j, limit)
    return (start, np[1]) if np else None


def _what_after(doc: Doc, c: ClaimCandidate, limit: int) -> str | None:
    """The counted noun phrase after the number (and its unit), with one short ``of``/``in`` phrase."""
    j = c.tok_end
    if c.unit in _COUNTED_UNITS:
        j = c.tok_end - 1
        while j > c.expr.end and MEASURE_WORDS.get(doc[j].lower_) not in _COUNTED_UNITS:
            j -= 1
    elif c.unit is not None and j < limit and doc[j].text in {"-", "–"} and not doc[j].whitespace_:
        j += 1  # "12.5-mln-dlr loan"
    if j >= limit:
        return None
    if c.unit is not None and " per " in c.unit:
        return None
    if doc[j].lower_ == "of" and (c.unit is not None or c.expr.has_scale or c.expr.value < 1
                                  or c.kind == "count"):
        pp = _pp_object(doc, j, limit)
        return _clean(doc[pp[0]:pp[1]].text) if pp else None
    if _is_money(c.unit):
        # "13.5 billion dlrs in assets"; "a budget of 4.2 billion euros for the railway" is read
        # from before the number first, see _what_before
        if doc[j].lower_ in {"in", "of"}:
            pp = _pp_object(doc, j, limit)
            return _clean(doc[pp[0]:pp[1]].text) if pp else None
        if not (doc[j].pos_ == "NOUN" or doc[j].tag_ == "JJ" and j + 1 < limit and doc[j + 1].pos_ == "NOUN"):
            return None
    if doc[j].lower_ in PEOPLE_STATES and c.unit in {None, "people"} and (
            j + 1 >= limit or doc[j + 1].pos_ not in {"NOUN", "PROPN"}):
        return doc[j].text  # "left 2,300 dead and 5,000 injured": the adjective names who is counted
    np = _np_span(doc, j, limit)
    if np is None:
        return None
    end = np[1]
    if end < limit and doc[end].lower_ in {"of", "in", "from", "at"}:
        pp = _pp_object(doc, end, limit)
        if pp and doc[end + 1].ent_type_ not in {"DATE", "TIME"} and pp[1] - end <= 6 and not (
                doc[end].lower_ == "at" and any(t.like_num for t in doc[pp[0]:pp[1]])):
            end = pp[1]
    return _clean(doc[np[0]:end].text)


#: Adjectives after a measure that make it the size of the noun before it ("a crack 14 meters long").
_DIMENSIONS = {"long", "wide", "high", "tall", "deep", "thick", "across", "away", "in"}


def _measured_before(doc: Doc, sent: Span, c: ClaimCandidate, lo: int) -> str | None:
    """ "a crack about 14 meters long", "a wall 3 m high": the noun before a measure and its dimension.

    Only for measures (metres, miles, feet, ...), not counts, money or percentages; ``in``
    only as "in diameter", "in length" and the like.
    """
    if c.unit is None or MEASURE_WORDS.get(doc[c.tok_end - 1].lower_) != c.unit or c.unit in _COUNTED_UNITS:
        return None
    j = c.tok_end
    if j >= sent.end or doc[j].lower_ not in _DIMENSIONS:
        return None
    if doc[j].lower_ == "in" and not (j + 1 < sent.end and doc[j + 1].lower_ in {
            "diameter", "length", "width", "height", "depth", "size", "circumference"}):
        return None
    np = _np_before(doc, lo, sent.start)
    if np is None or doc[np[1] - 1].tag_ == "PRP" or doc[np[1] - 1].pos_ != "NOUN":
        return None
    return _clean(doc[np[0]:np[1]].text)


def _is_money(unit: str | None) -> bool:
    if unit is None or " per " in unit:
        return False
    return unit in _CURRENCIES or (len(unit) == 3 and unit.isupper())


def _money_purpose(doc: Doc, c: ClaimCandidate, limit: int) -> str | None:
    """ "spend 650 million pounds on flood defences": the object of ``on``/``for`` after money."""
    j = c.tok_end
    if _is_money(c.unit) and j < limit and doc[j].lower_ in {"on", "for"}:
        if j + 2 < limit and doc[j + 1].lower_ == "top" and doc[j + 2].lower_ == "of":
            return None  # "earn $300 on top of their savings": an idiom, no purpose
        pp = _pp_object(doc, j, limit)
        if pp and doc[pp[0]].ent_type_ not in {"DATE", "TIME"}:
            return _clean(doc[pp[0]:pp[1]].text)
    return None


def _clean(text: str) -> str:
    return re.sub(r"^(?:the|a|an|these|those)\s+", "", text.strip(), flags=re.IGNORECASE)


def _np_before(doc: Doc, i: int, lo: int) -> tuple[int, int] | None:
    """The noun phrase ending just before token ``i`` (not before ``lo``)."""
    j = i - 1
    if j < lo or not (doc[j].pos_ in {"NOUN", "PROPN"} or doc[j].tag_ == "PRP"):
        return None
    if doc[j].tag_ == "PRP":
        return (j, j + 1)
    k = j
    while k - 1 >= lo:
        t = doc[k - 1]
        if ((t.pos_ in _NP_POS or t.tag_ in {"PRP$", "POS"}) and t.ent_type_ not in {"DATE", "TIME"}
                and not t.like_num):
            k -= 1
        elif (t.text in {"-", "–"} and k - 2 >= lo and not t.whitespace_ and not doc[k - 2].whitespace_
              and doc[k - 2].pos_ in _NP_POS and not doc[k - 2].like_num):
            k -= 2  # a hyphenated modifier: "the oil-rich country of 31 million"
        else:
            break
    if k - 1 >= lo and doc[k - 1].tag_ == "DT":
        k -= 1
    return (k, j + 1)


def _share_units(doc: Doc, kept: list[ClaimCandidate]) -> None:
    """Units and scale words shared in lists and comparisons.

    "1,850 and 1,880 dlrs": the unit after the last item applies to the list. "5.93 mln
    against 5.81", "Revs 16.1 mln vs 3,971,000": the right side of a comparison takes the
    left side's unit, and its scale word when the scaled value is of the same magnitude
    (wire style drops the repeated "mln").
    """
    counts = [c for c in kept if c.kind == "count"]
    for a, b in reversed(list(pairwise(counts))):
        gap = {t.lower_ for t in doc[a.tok_end:b.tok_start]}
        if gap and gap <= {",", "and", "or", "to", "&"} and a.unit is None and b.unit is not None:
            a.unit = b.unit
            _share_scale(doc, a, b)
    for a, b in pairwise(counts):
        gap = [t.lower_ for t in doc[a.tok_end:b.tok_start]]
        # "against 5.81", "vs 1.19 dlrs", "up from 18.9 mln", "compared with 3.2"
        if gap and set(gap[-3:]) & {"against", "vs", "vs.", "versus", "compared", "from"} and len(gap) <= 10:
            if b.unit is None:
                b.unit = a.unit
            _share_scale(doc, b, a)


def _share_scale(doc: Doc, c: ClaimCandidate, other: ClaimCandidate) -> None:
    from newstrace.nlp.numbers import _trailing_scale

    if c.expr.has_scale or not other.expr.has_scale or c.expr.value <= 0 or other.expr.value <= 0:
        return
    scale = _trailing_scale(doc, other.expr)
    scaled = c.expr.value * scale
    if other.expr.value / 50 <= scaled <= other.expr.value * 50 and c.expr.value < other.expr.value / 50:
        c.expr.value = scaled
        if c.expr.high is not None:
            c.expr.high *= scale


def _assign_what(parsed: ParsedText, ctx: _Ctx, sent: Span, kept: list[ClaimCandidate]) -> None:
    doc = parsed.doc
    _share_units(doc, kept)
    need_parse: list[ClaimCandidate] = []
    prev: ClaimCandidate | None = None
    for c in kept:
        lo = c.meta.get("qual_start", c.tok_start)
        c.what = _what_after(doc, c, sent.end) or _measured_before(doc, sent, c, lo)
        if c.kind in {"duration", "age"}:
            hyphenated = c.tok_end - 1 > c.expr.end and doc[c.expr.end].text in {"-", "–"}
            # "a 30-year bond", "the 35-year-old legislator"; not "three qtrs rose"
            c.what = (c.what if hyphenated else None) or c.meta.get("age_of")
            prev = c
            continue
        if c.what and c.what.lower() in {"others", "more", "other"} and prev is not None and prev.what:
            c.what = prev.what
            c.unit = c.unit or prev.unit
        if c.what in {"them", "those", "these"} and ctx.counted and ctx.counted[0] >= sent.start_char - 600:
            c.what = ctx.counted[1]  # "Two of them": the counted noun of a recent claim
        if c.what is None:
            c.what = _what_before(doc, sent, c, lo, prev, of_only=True) or _money_purpose(doc, c, sent.end)
        if c.what is None:
            c.what = _what_before(doc, sent, c, lo, prev)
        if c.what is None and c.unit in {None, "percent", "people"}:
            need_parse.append(c)
        head = _head_word(c.what)  # "people in uniform": people
        if c.unit is None and (head in PEOPLE_WORDS and head != "others" or c.what in PEOPLE_STATES):
            c.unit = "people"
        prev = c
    if need_parse and _worth_parsing(sent, kept):
        _what_from_parse(parsed, sent, need_parse)
    for c in kept:
        head = _head_word(c.what)
        if c.kind == "count" and head.endswith("s") and head not in {"them", "those", "these", "us", "others"}:
            ctx.counted = (c.end, c.what)


def _head_word(what: str | None) -> str:
    """The head noun of a counted phrase, lower case: its last word before an ``of``/``in``/``from``/``at``
    phrase ("people in uniform" -> "people", "soldiers of the National Guard" -> "soldiers"), or ""."""
    return re.split(r" (?:of|in|from|at) ", what)[0].split()[-1].lower() if what else ""


#: Longest segment (tokens) and most numbers for which the dependency parse is worth its cost;
#: longer ones are tables and price lists, where arcs are unreliable anyway.
PARSE_MAX_TOKENS = 50
PARSE_MAX_NUMBERS = 3


def _worth_parsing(sent: Span, kept: list[ClaimCandidate]) -> bool:
    """A real sentence (finite verb), short enough, with few numbers."""
    return (len(sent) <= PARSE_MAX_TOKENS and len(kept) <= PARSE_MAX_NUMBERS
            and any(t.tag_ in {"VBD", "VBZ", "VBP", "MD"} for t in sent))


#: Words of a results table's line besides figures and units ("Avg shrs 8,982,754 vs 8,804,899 Reuter").
_TABLE_WORDS = {"vs", "vs.", "v", "versus", "mln", "bln", "billion", "million", "reuter", "and", "of", "pct"}


def _what_before(doc: Doc, sent: Span, c: ClaimCandidate, lo: int, prev: ClaimCandidate | None,
                 of_only: bool = False) -> str | None:
    """Fallbacks before the number: ``total of N``, comparisons, table labels, subject of the verb."""
    before = doc[lo - 1] if lo > sent.start else None
    # "a total of 5.93 mln", "a loss of 12 mln dlrs"
    if before is not None and before.lower_ == "of":
        np = _np_before(doc, lo - 1, sent.start)
        if np and doc[np[1] - 1].tag_ != "PRP":
            s = np[0]
            # "a loss for the year of", "a cost to the government of": the noun before the phrase
            # ("to" only after a payment: "rose to a total of" is a change's target)
            if s - 2 >= sent.start and doc[s - 2].pos_ == "NOUN" and (doc[s - 1].lower_ in {"for", "in"} or (
                    doc[s - 1].lower_ == "to" and doc[s - 2].lower_ in _PAID_TO)):
                inner = _np_before(doc, s - 1, sent.start)
                s = inner[0] if inner else s
            return _clean(doc[s:np[1]].text)
    if of_only:
        return None
    # comparisons: "5.93 mln against 5.81", "34 cts vs 1.19 dlrs", "vs profit four cts"
    j = lo - 1
    while j >= sent.start and j > lo - 3 and doc[j].pos_ == "NOUN" and doc[j].lower_ not in _COMPARE:
        j -= 1
    if (prev is not None and j >= sent.start and doc[j].lower_ in _COMPARE and prev.tok_end >= j - 3
            and not prev.meta.get("compound")
            and prev.kind == "count"):
        if c.unit is None:
            c.unit = prev.unit
        if prev.what:
            return prev.what
    # table label at the head of the sentence: "Net 807,000", "Revs 337.3 mln"
    head = doc[sent.start:lo]
    if 0 < len(head) <= 4 and all(t.pos_ in _NP_POS or t.tag_ in {"NNP", "NN", "NNS"} for t in head):
        return head.text
    # a table line whose label the tagger read as a verb: "Avg shares 43,602,000 vs 41,014,000",
    # "Finance charges 4.1 mln vs 5.4 mln" (figures, units and "vs" only after the label; no
    # auxiliary, pronoun or verb of change in it: "Revenues were 37 mln dlrs", "Sales rose 5 pct vs 3 pct")
    tail = doc[lo:sent.end]
    if (0 < len(head) <= 4 and head[0].text[:1].isupper() and all(t.is_alpha for t in head)
            and not any(t.pos_ in {"AUX", "PRON", "ADP", "PART"} or t.tag_ in {"MD", "TO"}
                        or t.lower_ in _TABLE_WORDS
                        or t.tag_ == "VBD" and (t.i != lo - 1 or t.lemma_ in LEVEL_VERBS)  # "Avg shrs diluted"
                        for t in head)
            and any(t.lower_ in {"vs", "vs.", "versus"} for t in tail)
            and all(t.like_num or t.is_punct or t.lower_ in _TABLE_WORDS or _unit_word(t) for t in tail)):
        return head.text
    # subject before the verb group: "sales standing at almost 6.2 mln", "it will reach 10 million percent"
    j = lo - 1
    while j >= sent.start and doc[j].tag_ in {"IN", "TO", "RB", "RP", "RBR"} and doc[j].lower_ not in {"than", "that"}:
        j -= 1
    v_end = j
    while j >= sent.start and (doc[j].pos_ in {"VERB", "AUX"} or doc[j].tag_ in {"MD", "RB", "TO"}):
        j -= 1
    if v_end == j or j < sent.start:
        return None
    verbs = doc[j + 1:v_end + 1]
    if any(t.lemma_ in REPORTING for t in verbs if t.pos_ == "VERB"):
        return None
    if c.unit in {None, "people"} and not _level_verb(verbs):
        return None  # "gunmen killed 30": the subject is the agent, not what the figure counts
    np = _np_before(doc, j + 1, sent.start)
    if np is None or (np[0] > sent.start and doc[np[0] - 1].like_num) or all(_unit_word(t) for t in doc[np[0]:np[1]]):
        return None  # "Fees of 2-1/2 pct comprise ...": "pct" is the unit of an earlier number, not the subject
    if doc[np[0]].tag_ == "PRP":
        return _resolve_it(doc, sent, np[0]) if doc[np[0]].lower_ == "it" else None
    s = np[0]
    for _ in range(2):  # "Inflation in Valdoria will reach", "Prices of bread in Lorton have"
        if s - 2 >= sent.start and doc[s - 1].lower_ in {"in", "of", "for"} and doc[s - 2].pos_ == "NOUN":
            inner = _np_before(doc, s - 1, sent.start)
            s = inner[0] if inner else s
    return _clean(doc[s:np[1]].text)


def _resolve_it(doc: Doc, sent: Span, i: int) -> str | None:
    """Antecedent of "it": the nearest noun phrase before it in the sentence, outside dates."""
    j = i - 1
    while j >= sent.start:
        t = doc[j]
        if t.pos_ == "NOUN" and t.ent_type_ not in {"DATE", "TIME"} and not t.like_num:
            np = _np_before(doc, j + 1, sent.start)
            return _clean(doc[np[0]:np[1]].text) if np else t.text
        j -= 1
    return None


def _what_from_parse(parsed: ParsedText, sent: Span, cands: list[ClaimCandidate]) -> None:
    """Read what is counted from the dependency parse of the sentence (the cost centre)."""
    pdoc = parsed.parse(sent)
    base = sent.start_char
    by_char = {t.idx: t for t in pdoc}
    for c in cands:
        tok = by_char.get(parsed.doc[c.expr.end - 1].idx - base)
        if tok is None:
            continue
        last = by_char.get(parsed.doc[c.tok_end - 1].idx - base, tok)  # the claim's last token (its unit)
        head = tok
        # climb from the number through compound numbers, quantmod, units and prepositions
        for _ in range(6):
            if (head.dep_ in {"nummod", "compound", "quantmod", "npadvmod"} and head.head.pos_ in {"NOUN", "PROPN"}
                    and head.head.i > head.i):
                head = head.head
                continue
            break
        if (head is not tok and head.pos_ in {"NOUN", "PROPN"} and head.lower_ not in TIME_UNITS
                and not _unit_word(head)):
            c.what = _subtree_np(head, number=last.i)
            continue
        node = tok
        while node.dep_ in {"nummod", "compound", "quantmod"} and node.head.i != node.i:
            node = node.head
        if node.dep_ == "pobj" and node.head.dep_ == "prep":
            prep = node.head
            gov = prep.head
            if gov.pos_ in {"NOUN", "PROPN"} and prep.lower_ == "of":
                c.what = _subtree_np(gov)
                continue
            node = prep
        gov = node.head
        if gov.pos_ in {"VERB", "AUX"} and node.dep_ in {"dobj", "attr", "npadvmod", "prep", "advmod", "acomp",
                                                          "oprd", "nsubj"}:
            subj = next((ch for ch in gov.children if ch.dep_ in {"nsubj", "nsubjpass"}), None)
            if subj is not None and subj.dep_ == "nsubj" and c.unit in {None, "people"} and not _level_verb(
                    [t for t in gov.children if t.dep_ in {"aux", "auxpass"}] + [gov]):
                continue  # "gunmen killed 30": an agent, not what is counted
            if subj is not None and subj.i != node.i:
                if subj.tag_ == "PRP":
                    if subj.lower_ == "it":
                        c.what = _resolve_it(parsed.doc, sent, _doc_index(parsed, sent, subj))
                    continue
                c.what = _subtree_np(subj)


def _level_verb(verbs) -> bool:
    """Whether a verb group (tokens) states a level or a change, so that its subject is what a figure
    after it measures: its main verb is one of :data:`LEVEL_VERBS`, or a copula stands alone, or it
    is passive ("will be reduced to seven": the subject is the thing measured)."""
    verbs = list(verbs)
    main = [t for t in verbs if t.pos_ == "VERB"]
    if not main:
        return any(t.pos_ == "AUX" for t in verbs)
    if main[-1].tag_ == "VBN" and any(t.lemma_ in {"be", "get"} for t in verbs if t.i < main[-1].i):
        return True  # a passive's subject is what is measured: "the board will be reduced to seven"
    return main[-1].lemma_ in LEVEL_VERBS


def _doc_index(parsed: ParsedText, sent: Span, tok: Token) -> int:
    """Index in ``parsed.doc`` of a token of a sentence parse."""
    start = sent.start_char + tok.idx
    span = parsed.doc.char_span(start, start + len(tok), alignment_mode="expand")
    return span.start if span is not None else sent.start


def _unit_word(tok: Token) -> bool:
    low = tok.lower_
    return low in CURRENCY_WORDS or low in PERCENT_WORDS or (
        low in MEASURE_WORDS and MEASURE_WORDS[low] not in _COUNTED_UNITS)


def _subtree_np(head: Token, number: int | None = None) -> str:
    """The noun phrase of ``head``: its left modifiers and one ``of``/``in`` phrase, no clauses.

    With ``number`` (the index of the last token of the claim that counts ``head``), only the
    modifiers after the claim ("a 4.8 pct December rise" -> "December rise", "450 or so creditor
    banks" -> "creditor banks"), and none of another figure's conjunct: "95 multiple-choice and 12
    essay questions" -> "multiple-choice questions".
    """
    left = [t for t in head.lefts if t.dep_ in {"amod", "compound", "poss", "nmod", "case"}]
    start = min([head.i] + [t.left_edge.i for t in left])
    doc = head.doc
    if number is not None and start <= number < head.i and not (
            doc[number + 1].text in {"-", "–"} and not doc[number].whitespace_):
        # (a hyphen glued to the figure makes one word of it: "a three-way merger", "an 8-K report")
        start = number + 1
        while start < head.i and doc[start].lower_ in {"or", "so", "more", "less"}:
            start += 1  # a qualifier after the figure: "450 or so creditor banks"
    if number is not None:
        cut = next((t.i for t in doc[start:head.i] if t.pos_ == "CCONJ"
                    and any(u.like_num for u in doc[t.i:head.i])), None)
        if cut is not None and cut > start:
            return _clean(doc[start:cut].text + " " + head.text)
    end = head.i + 1
    for r in head.rights:
        if r.dep_ == "prep" and r.lower_ in {"of", "in", "from"} and r.i == end:
            obj = next((t for t in r.children if t.dep_ == "pobj"), None)
            if obj is not None and obj.i - r.i <= 5:  # the object noun and its modifiers, no clauses
                end = obj.i + 1
            break
    return _clean(doc[start:end].text)


# --- period ----------------------------------------------------------------------------------


def _assign_periods(ctx: _Ctx, doc: Doc, sent: Span, cands: list[ClaimCandidate],
                    kept: list[ClaimCandidate]) -> None:
    windows: list[tuple[int, int, str]] = []
    claim_toks = [(c.tok_start, c.tok_end) for c in kept]
    for ent in ctx.ents_in(sent.start, sent.end):
        if ent.label_ != "DATE":
            continue
        if any(s < ent.end and ent.start < e for s, e in claim_toks):
            continue
        words = {t.lower_ for t in ent}
        if not (any(t.like_num for t in ent) or words & _DEICTIC or words & MONTHS):
            continue
        if words & {"old", "-old"}:
            continue
        windows.append((ent.start, ent.end, ent.text))
    for c in cands:  # years outside DATE entities and durations used as windows
        inside = any(s <= c.tok_start < e for s, e, _ in windows)
        if c.skip in {"year", "period of another claim"} and not inside:
            windows.append((c.tok_start, c.tok_end, c.text))
    if not windows:
        return
    counts = [c for c in kept if c.kind in {"count", "tally"} and not c.meta.get("compound")]
    dist: dict[tuple[int, int], int | None] = {}
    for i, c in enumerate(counts):
        for w, (s, e, _) in enumerate(windows):
            lo, hi = (e, c.tok_start) if e <= c.tok_start else (c.tok_end, s)
            clause = not any(t.text in {";", ":"} or t.tag_ in {"WDT", "WP"}
                             or (t.pos_ == "VERB" and t.lemma_ in REPORTING) for t in doc[lo:hi])
            # a time adjunct usually follows what it dates: at equal distance the claim before it wins
            dist[i, w] = (hi - lo) * 2 + (1 if e <= c.tok_start else 0) if clause else None
    owner = {}
    for w in range(len(windows)):
        near = [(d, i) for (i, ww), d in dist.items() if ww == w and d is not None]
        if near:
            owner[w] = min(near)[1]
    for i, c in enumerate(counts):
        own = [(dist[i, w], w) for w, o in owner.items() if o == i]
        anyw = [(d, w) for (ii, w), d in dist.items() if ii == i and d is not None]
        pick = min(own) if own else (min(anyw) if anyw else None)
        if pick is not None:
            c.period = windows[pick[1]][2]


# --- source ----------------------------------------------------------------------------------


def _assign_sources(parsed: ParsedText, ctx: _Ctx, sent: Span, kept: list[ClaimCandidate],
                    entities: EntityIndex, quotes: QuoteIndex) -> None:
    shared: str | None = None
    span = region = (0, 0)
    looked = False
    for c in kept:
        quote = quotes.containing(c.start)
        if quote is not None:
            c.source = quote.speaker
            continue
        if not looked:
            shared, span, region = _sentence_source(parsed, ctx, sent, entities)
            looked = True
        # only numbers in the reported content; not the speaker's own ("Two of them said")
        in_speaker = c.tok_start < span[1] and span[0] < c.tok_end
        if shared is not None and region[0] <= c.tok_start < region[1] and not in_speaker:
            c.source = shared


_Bounds = tuple[int, int]


def _sentence_source(parsed: ParsedText, ctx: _Ctx, sent: Span,
                     entities: EntityIndex) -> tuple[str | None, _Bounds, _Bounds]:
    """The source a sentence attributes its numbers to, its token bounds, and the reported content's bounds."""
    doc = parsed.doc
    none = (None, (0, 0), (0, 0))
    toks = list(sent)
    # "according to X," (X up to the next punctuation)
    for t in toks[:-2]:
        if t.lower_ == "according" and doc[t.i + 1].lower_ == "to":
            j = t.i + 2
            while j < sent.end and not doc[j].is_punct and not doc[j].like_num:
                j += 1
            if j < sent.end and doc[j].like_num and doc[j - 1].lower_ in ("of", "among"):
                # "a survey of 1,200 people": the figure and its noun describe the source
                j += 1
                while j < sent.end and doc[j].pos_ in ("NOUN", "ADJ") and not doc[j].like_num:
                    j += 1
            span = doc[t.i + 2:j]
            text = _SOURCE_PREFIX.sub("", span.text).strip()
            if text:
                name = _named(parsed, ctx, span, text, entities)
                return name, (span.start, span.end), (sent.start, sent.end)
    verbs = [t for t in toks if t.pos_ == "VERB" and t.lemma_ in REPORTING and t.lemma_ != "according"
             and not _passive_or_modal(doc, sent, t)]
    if not verbs:
        return none
    for v in verbs:
        # "X said (that) ...", "..., X said." and "..., said X."
        before = _speaker_before(doc, sent, v)
        if before is not None:
            tail = [t for t in doc[v.i + 1:sent.end] if not t.is_punct and not t.is_space]
            final = len(tail) <= 4 and not any(t.lower_ == "that" or t.like_num for t in tail)
            region = (sent.start, before[0]) if final and before[0] > sent.start else (v.i + 1, sent.end)
            return _named(parsed, ctx, doc[before[0]:before[1]], None, entities), before, region
        appos = _speaker_before_apposition(doc, sent, v)
        if appos is not None:
            return _named(parsed, ctx, doc[appos[0]:appos[1]], None, entities), appos, (v.i + 1, sent.end)
        after = _speaker_after(doc, sent, v)
        if after is not None:
            return _named(parsed, ctx, doc[after[0]:after[1]], None, entities), after, (sent.start, v.i)
    if len(sent) > PARSE_MAX_TOKENS:
        return none
    # the parse: subject of the reporting verb (its noun phrase, without clauses)
    pdoc = parsed.parse(sent)
    for pv in pdoc:
        if pv.pos_ == "VERB" and pv.lemma_ in REPORTING:
            subj = next((ch for ch in pv.children if ch.dep_ in {"nsubj"}), None)
            if subj is not None and subj.tag_ not in {"WDT", "WP", "EX"}:
                mods = [t.left_edge.i for t in subj.lefts
                        if t.dep_ in {"amod", "compound", "poss", "det", "nummod", "nmod"}]
                left = min([subj.i, *mods])
                s = sent.start_char + pdoc[left].idx
                e = sent.start_char + subj.idx + len(subj)
                span = doc.char_span(s, e, alignment_mode="expand")
                if span is not None:
                    region = (_doc_index(parsed, sent, pv) + 1, sent.end)
                    return _named(parsed, ctx, span, None, entities), (span.start, span.end), region
    return none


def _speaker_before_apposition(doc: Doc, sent: Span, v: Token) -> tuple[int, int] | None:
    """ "Nova, the Canadian company that owns 56 pct of Husky, said": the noun phrase before the apposition."""
    if v.i - 1 <= sent.start or doc[v.i - 1].text != ",":
        return None
    first_comma = next((t.i for t in doc[sent.start:v.i - 1] if t.text == ","), None)
    if first_comma is None or first_comma == sent.start:
        return None
    head = doc[sent.start:first_comma]
    if (len(head) > 8 or any(t.pos_ in {"VERB", "AUX", "SCONJ"} for t in head)
            or not any(t.pos_ in {"PROPN", "NOUN"} for t in head)):
        return None
    return (sent.start, first_comma)


def _passive_or_modal(doc: Doc, sent: Span, v: Token) -> bool:
    """ "are estimated at" (passive: the subject is not the source), "could barely tell" (ability)."""
    j = v.i - 1
    while j >= sent.start and doc[j].tag_ in {"RB", "RBR"}:
        j -= 1
    if j < sent.start:
        return False
    if v.tag_ == "VBN" and doc[j].lemma_ == "be":
        return True
    modal = doc[j].lower_ in {"could", "can", "cannot", "couldn't", "can't"}
    return modal and v.lemma_ in {"tell", "say", "count"}


def _speaker_before(doc: Doc, sent: Span, v: Token) -> tuple[int, int] | None:
    """Speaker tokens just before a reporting verb: from the sentence start or a comma."""
    j = v.i - 1
    while j >= sent.start and doc[j].tag_ in {"MD", "RB"} or (j >= sent.start and doc[j].pos_ == "AUX"):
        j -= 1
    end = j + 1
    k = j
    while k >= sent.start and not doc[k].is_punct and end - k <= 8 and (
            doc[k].pos_ not in {"VERB", "AUX", "SCONJ", "CCONJ"}
            or doc[k].tag_ in {"VBG", "VBN"} and doc[k + 1].pos_ in {"NOUN", "PROPN", "ADJ"}):  # "leading analyst"
        k -= 1
    start = k + 1
    if start >= end:
        return None
    at_head = start == sent.start or doc[k].text in {",", "\"", "“", "”", "(", "—", "-"}
    if not at_head or not any(t.pos_ in {"NOUN", "PROPN", "PRON"} for t in doc[start:end]):
        return None
    return (start, end)


def _speaker_after(doc: Doc, sent: Span, v: Token) -> tuple[int, int] | None:
    """Speaker after a sentence-final reporting verb: ``..., said Joseph Arsenio, analyst with ...``."""
    if v.i == sent.start or doc[v.i - 1].text not in {",", "\"", "”"}:
        return None
    j = v.i + 1
    while (j < sent.end and not doc[j].is_punct and doc[j].pos_ not in {"VERB", "AUX", "SCONJ"}
           and not doc[j].like_num):
        j += 1
    if (j == v.i + 1 or (j < sent.end and not doc[j].is_punct)
            or not any(t.pos_ in {"PROPN", "NOUN"} for t in doc[v.i + 1:j])):
        return None  # the speaker runs to a comma or the end: ", said Joseph Arsenio, analyst with ..."
    return (v.i + 1, j)


def _named(parsed: ParsedText, ctx: _Ctx, span: Span, text: str | None, entities: EntityIndex) -> str | None:
    """A speaker span as a source name: an entity's canonical name, a resolved pronoun, or the phrase."""
    if len(span) == 1 and span[0].tag_ == "PRP":
        if span[0].lower_ not in PERSON_PRONOUNS:
            return None
        return _last_person_before(ctx, span.start_char, entities)
    for ent in entities.starting_at(span.start_char):
        if ent.label in {"PERSON", "ORG"} and ent.end <= span.end_char:
            return ent.canonical
    ents = ctx.ents.within(span.start, span.end)
    persons = [e for e in ents if e.label_ == "PERSON"]
    if len(persons) == 1:  # "Hospital director Ines Maro", "Joseph Arsenio, analyst with ..."
        for ent in entities.covering(persons[0].start_char):
            if ent.label == "PERSON":
                return ent.canonical
        return persons[0].text
    for ent in ents:
        if ent.label_ == "ORG" and ent.start == span.start:
            return ent.text
    return (text if text is not None else span.text).strip() or None


def _last_person_before(ctx: _Ctx, char: int, entities: EntityIndex) -> str | None:
    best = entities.last_person_ending_by(char)
    if best is not None:
        return best.canonical
    person = ctx.ents.last_person_ending_by(char)
    return person.text if person is not None else None
