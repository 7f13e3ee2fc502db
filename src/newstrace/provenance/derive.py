"""Decide a candidate pair: copy or independent coverage, calibrated score, direction, kind and changes.

Decision and score: a logistic model over :class:`~newstrace.provenance.evidence.PairEvidence`
features plus a credit feature, fitted on labelled pairs (``bench/trace_eval.py --fit`` writes
``calibration.json`` beside this module, with the data it was fitted on and its leave-one-story-out
figures). A pair is linked when the calibrated probability reaches :data:`LINK_PROBABILITY`.

Direction, from votes (positive = the first article is the origin):
dates (published day or month, else a date in the URL path), credit (one names the other's outlet), coverage
asymmetry (one is contained in the other: an excerpt or a cut), AMP renderings (an ``amp.`` host
or ``/amp`` path renders a canonical page), spinning artefacts (the side whose differing words
are rarer is the spun one), and from :mod:`newstrace.provenance.direction`: damage repaired in
one side's aligned sentences only, attribution dropped, and syndication cuts; the sources each
article declares (credit line, republication notice) then limit the votes: an article declaring
another outlet than the other side's is never named its copy. Without a clear majority (:data:`DIRECTION_MARGIN`) the pair is
reported as two siblings of an inferred common source, never one as the other's origin; the
record then reads from a *reference* sibling to the more derived one, chosen deterministically
(:func:`sibling_reference`), and says why.

Kind follows issue 3's definitions (:func:`derivation_kind`): verbatim means the same prose
apart from page furniture; cuts, additions and house style are edited.
"""

from __future__ import annotations

import calendar
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, datetime, timezone
from functools import lru_cache
from pathlib import Path

from rapidfuzz.distance import LCSseq, Levenshtein

from newstrace.provenance.align import MIN_WORDS, Alignment, content_coverage, distinctive_anchors, gap_pairs
from newstrace.provenance.changes import find_changes
from newstrace.provenance.credit import CREDIT_REPLACED_BY_BYLINE, article_credit
from newstrace.provenance.direction import (
    agency_page_vote,
    attributed_sources,
    attribution,
    attribution_vote,
    cut_vote,
    damage_vote,
    declared_source_limit,
    declared_sources,
    figure_style_vote,
    garbled_name_of,
    outlet_matches,
    own_quotations,
    shared_quotation_words,
    version_vote,
)
from newstrace.provenance.evidence import FEATURES, SLOT_MIN_CONFLICT, PairEvidence, pair_evidence
from newstrace.provenance.paragraphs import APPENDED, _cut, is_furniture
from newstrace.provenance.rewording import framed_swaps, meaning_flipped
from newstrace.provenance.text import (
    PRONOUN_CLASS,
    Sentence,
    fold,
    has_diacritic,
    is_inflection,
    languages_differ,
    number_value,
    tokens,
    zipf,
)
from newstrace.schema import AlignedPair, Derivation
from newstrace.urls import url_host, url_path

CALIBRATION_PATH = Path(__file__).with_name("calibration.json")
#: The model used when sentence embeddings are on (fitted with ``bench/trace_eval.py --fit --semantic``).
CALIBRATION_SEMANTIC_PATH = Path(__file__).with_name("calibration_semantic.json")
#: Calibrated probability from which a pair is linked (precision first: calling an outlet a copier is an accusation).
LINK_PROBABILITY = 0.5
#: Fewest aligned, unquoted pairs of content sentences for a link.
MIN_PAIRS = 2
#: Two reports with their own quotations (:func:`~newstrace.provenance.direction.own_quotations`) are
#: not linked where neither has this share of its sentences aligned. Measured: invented independent
#: reports 0.24-0.50; spun copies of 1,200 quote-bearing Reuters stories (``bench/trace_scale.py``'s
#: spinner, which swaps words inside quotations too) whose quotations kept under 0.6 of their
#: words, 0.64-0.93.
OWN_QUOTES_MAX_COVERAGE = 0.6
#: A link across languages needs an ordered run of this many consecutive aligned sentences ...
#: Measured: translations in the provenance corpus and in new-user tests align runs of 3-7, or cover
#: 0.41-0.78 of one side where the run is 2 (a cut, a translation of a write-through); invented
#: independent reports of one event in another language, runs of 1-2 covering 0.24-0.35.
CROSS_MIN_RUN = 3
#: ... or cover at least this share of one side.
CROSS_MIN_COVERAGE = 0.4
#: A link across languages whose aligned sentence pairs share no specific figure (names alone)
#: needs this many aligned pairs: reports of one event name its actors in the same order (who won,
#: who conceded, who congratulated), so a few pairs sharing only names are what two independent
#: reports in two languages also give. Measured: two pairs of independent reports of one election
#: on public pages read locally (Spanish and English, a new-user hold-out test) aligned 3 pairs each
#: on names alone and were linked (0.66, 0.56); an invented pair of such reports, 4 pairs (0.80).
#: Translations in the provenance corpus and the testers' corpora align 6-13 pairs, or share figures.
CROSS_NAMES_ONLY_MIN_PAIRS = 5
#: Net direction votes needed to name one article the other's origin.
DIRECTION_MARGIN = 2
#: Votes of a publication-date order: it outweighs one weak contrary vote (an excerpt that lost its
#: byline makes the later copy's attribution look fuller) but not a credit, an AMP page or two weak votes.
DATE_VOTES = 3
#: All model features: the evidence vector plus ``credit_link``.
MODEL_FEATURES = FEATURES + ("credit_link",)

# Used before any fit exists; replaced by calibration.json (see module docstring).
_DEFAULT_MODEL = {"coef": [3.0, 1.5, 1.0, 2.0, 1.0, 1.0, 2.0, 0.5, 0.5, 1.0], "intercept": -7.0}
#: Outlet keys of news agencies and broadcasters, with the names a copy credits them by.
AGENCY_ALIASES = {
    "apnews": ("associatedpress", "ap"), "ap": ("associatedpress", "ap"), "reuters": ("reuters", "reuter"),
    "afp": ("agencefrancepresse", "afp"), "pa": ("pamedia", "pressassociation"), "bloomberg": ("bloomberg",),
    "bbc": ("bbc", "bbcnews"), "cnn": ("cnn",), "dpa": ("dpa",), "efe": ("efe", "agenciaefe"),
    "upi": ("upi", "unitedpress", "unitedpressinternational"),
}
_SECOND_LEVEL = {"co", "com", "org", "net", "gov", "ac", "edu"}
_SKIP_LABELS = {"www", "www1", "www2", "amp", "m", "mobile", "en", "eng", "news", "edition"}
_MONTHS = {m: k for k, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_URL_DATE = re.compile(r"/((?:19|20)\d\d)[/-](\d\d|[a-z]{3})[/-](\d\d)(?:/|$|[^\d])", re.IGNORECASE)


@lru_cache(maxsize=4)
def load_model(semantic: bool = False) -> dict:
    """The fitted logistic model (``coef``, ``intercept``, ``features``), or built-in defaults when unfitted.

    Args:
        semantic: the model for tracing with sentence embeddings (its own fit).
    """
    path = CALIBRATION_SEMANTIC_PATH if semantic else CALIBRATION_PATH
    if path.exists():
        model = json.loads(path.read_text(encoding="utf-8"))
        if tuple(model.get("features", ())) == MODEL_FEATURES:
            return model
    return {**_DEFAULT_MODEL, "features": list(MODEL_FEATURES), "fitted": False}


def probability(x: list[float], model: dict) -> float:
    """Logistic probability ``1 / (1 + exp(-(w.x + b)))`` for one feature vector."""
    z = sum(w * v for w, v in zip(model["coef"], x)) + model["intercept"]
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


#: Share of one side (prose characters) that one sentence repeated word for word must make for the
#: pair to be an excerpt without other aligned sentences (:func:`enough_pairs`): a teaser repeating a
#: story's lead paragraph under its own headline (a new-user test: 0.87 of the teaser). Two reports
#: quoting one statement word for word each hold their own text around it (0.57 at most in that test).
EXCERPT_COVERAGE = 0.8


def enough_pairs(ev: PairEvidence) -> bool:
    """True when enough sentences align for a link: :data:`MIN_PAIRS` pairs of content sentences (in
    order or moved; an agency sign-off such as "Reuter" or a dateline is not one), or as many
    embedding pairs; or a one-sentence excerpt: one long sentence repeated word for word
    (``n_same_long``) with furniture aligned around it, or making :data:`EXCERPT_COVERAGE` of one
    side, and no substituted names or figures
    (``slot_conflict`` below :data:`~newstrace.provenance.evidence.SLOT_MIN_CONFLICT`). One merely
    similar sentence is never enough: stock phrases and wire boilerplate are shared by other events.
    Measured on the first 2,000 Reuters stories: the 21 pairs resting on one similar content sentence
    and a sign-off were, by inspection, mostly different events (similarity 0.54-0.94, or short dividend
    notice lines); generated one-sentence excerpts (``bench/trace_scale.py``) repeat a sentence of
    14-42 words exactly."""
    if ev.n_content_pairs >= MIN_PAIRS or ev.semantic_pairs >= MIN_PAIRS:
        return True
    if ev.n_same_long < 1 or ev.slot_conflict >= SLOT_MIN_CONFLICT:
        return False
    # furniture aligned around the sentence, or the sentence is nearly all of one side: a lead
    # paragraph quoted under another headline (an aggregator's teaser), not a stock phrase
    return ev.n_pairs >= MIN_PAIRS or ev.cov_max >= EXCERPT_COVERAGE


def link_probability(ev: PairEvidence, x: list[float], model: dict) -> float:
    """Calibrated probability of a link, capped below :data:`LINK_PROBABILITY` when too few sentences
    align (:func:`enough_pairs`), or when the pair is one template filled with two events' names and
    figures (:attr:`~newstrace.provenance.evidence.PairEvidence.template`, measured by
    :func:`~newstrace.provenance.evidence.slot_agreement`); raised to :data:`CREDITED_QUOTE_PROBABILITY`
    by a credited quotation (:func:`credited_quotation`), unless the pair is a template."""
    p = probability(x, model)
    if p >= LINK_PROBABILITY and (not enough_pairs(ev) or ev.template):
        p = min(p, LINK_PROBABILITY - 1e-6)
    if p < CREDITED_QUOTE_PROBABILITY and ev.credited_quote_words >= CREDITED_QUOTE_WORDS and not ev.template:
        p = CREDITED_QUOTE_PROBABILITY
    return p


#: Words of quotation repeated word for word (:func:`~newstrace.provenance.direction.shared_quotation_words`)
#: from which a credited quotation links a pair. Measured on the provenance corpus: the credited
#: rewrites and summaries share 15-37 such words with their source's article or a fellow copy
#: (n01-n03 15, n02-n03 16, e01-e02 17, n01-n02 37); independent reports of one event share as many
#: (i01-i08 28, m01-m03 45: one statement quoted by all), which is why the common source is required.
CREDITED_QUOTE_WORDS = 12

#: Probability given to a pair linked by a credited quotation, a rule outside the fitted model:
#: Laplace's rule of succession, (k + 1) / (n + 2), on the provenance corpus, where the rule holds
#: for n = 4 pairs of the 1,891 corpus and seed pairs and all k = 4 are right (n01-n02, n01-n03,
#: n02-n03, e01-e02). A small sample: the figure says "likely", not a measured rate.
CREDITED_QUOTE_PROBABILITY = 5 / 6


def credited_source(a, b) -> str | None:
    """The outlet one article says it retells where the other is that outlet or also names it, else None.

    One article (``x``) says it retells a report of an outlet ``S``
    (:func:`~newstrace.provenance.direction.attributed_sources`: "according to a report from S",
    "..., reports S"), and the other (``y``) is ``S`` (its outlet key,
    :func:`~newstrace.provenance.direction.outlet_matches`), retells or republishes ``S`` too
    (:func:`~newstrace.provenance.direction.declared_sources`), or, ``S`` being a news agency
    (:data:`AGENCY_ALIASES`), credits it anywhere (:func:`credits`: a sign-off, a photo credit). Any
    other name is mentioned too often to count ("as first reported by Maduro's government" would
    make every article naming Maduro a source).
    Both outlets must be known and differ: an article of unknown outlet may be ``S`` itself, and two
    stories of one outlet (every Reuters story names Reuters) are that outlet's own reporting, not
    a retelling.

    Returns:
        ``S`` as an outlet key, the first in sorted order, or None.
    """
    ka, kb = outlet_key(a), outlet_key(b)
    if not ka or not kb or same_outlet(ka, kb):
        return None
    for x, y, ky in ((a, b, kb), (b, a, ka)):
        sources = sorted(attributed_sources(x))
        if not sources:
            continue
        retold, declared = attributed_sources(y), declared_sources(y)  # once per side, not per source
        for s in sources:
            if outlet_matches(s, ky) or s in retold or s in declared or (s in AGENCY_ALIASES and credits(y, s)):
                return s
    return None


def credited_quotation(a, b, sa: list[Sentence], sb: list[Sentence]) -> tuple[str, int]:
    """``(source, words)``: the outlet of :func:`credited_source` and the words of quotation the two
    articles repeat word for word (:func:`~newstrace.provenance.direction.shared_quotation_words`);
    ``("", 0)`` without a common source.

    Why it is evidence of derivation: a reporter who heard a speaker writes the quotation down
    independently, and independent transcriptions, translations and tidyings of one statement
    differ; a rewrite or summary of another outlet's report copies that report's quotations word
    for word, errors included ("would be pretty mediocre law student" kept, or patched as
    "(a)"). Quotations shared by independent reports of one event are as long (see
    :data:`CREDITED_QUOTE_WORDS`), so only a pair whose common source is declared is read this way:
    a direct link where the other article is that outlet, else siblings of the inferred source.
    """
    s = credited_source(a, b)
    if s is None:
        return "", 0
    return s, shared_quotation_words(sa, sb)


_LEADING_THE = re.compile(r"(?i)^the\s+")


def outlet_slug(name: str) -> str:
    """An outlet's name as one key: folded, alphanumeric only, a leading "The" dropped.

    "The Guardian" and "Guardian" are one outlet, as are "The 74" and "74" (a republication notice
    "In Partnership with 74"). One word is never cut ("The" alone stays ``"the"``; a host label
    "theguardian" is kept whole: :func:`same_outlet` compares it with ``"guardian"``).

    Args:
        name: an outlet name as written (an ``outlet`` field, a credit, a notice), a word, or a host label.

    Returns:
        The key (str, possibly empty).

    >>> outlet_slug("The Guardian"), outlet_slug("Guardian"), outlet_slug("The 74"), outlet_slug("Le Monde")
    ('guardian', 'guardian', '74', 'lemonde')
    >>> outlet_slug("The"), outlet_slug("Agência Brasil"), outlet_slug("theguardian")
    ('the', 'agenciabrasil', 'theguardian')
    """
    return re.sub(r"[^a-z0-9]", "", fold(_LEADING_THE.sub("", name.strip())))


def same_outlet(ka: str | None, kb: str | None) -> bool:
    """True when two outlet keys name one outlet: equal, or equal but for a leading "the" that
    one of them kept by being written as one word (a URL host "theguardian" against the name
    "The Guardian", slugged ``"guardian"``). Two missing keys are the same (unknown) outlet.

    >>> same_outlet("theguardian", "guardian"), same_outlet("sky", "sky"), same_outlet("guardian", "observer")
    (True, True, False)
    """
    return ka == kb or (bool(ka) and bool(kb) and (ka == "the" + kb or kb == "the" + ka))


def outlet_key(article) -> str | None:
    """The outlet's registrable name from ``article.outlet`` (:func:`outlet_slug`) or its URL host:
    ``news.sky.com`` -> ``sky``; under a documentation domain, the label before it:
    ``valleypost.example.com`` -> ``valleypost`` (not ``example`` for every such site)."""
    if getattr(article, "outlet", None):
        return outlet_slug(article.outlet)
    url = getattr(getattr(article, "source", None), "url", None)
    if not url:
        return None
    labels = [x for x in url_host(url).split(".") if x]
    if len(labels) < 2:
        return None
    # documentation names (RFC 2606, RFC 6761): "valleypost.example.com", "news.test" name their
    # outlet by the label before the reserved part, as a real registrable domain would
    if labels[-1] in _RESERVED_TLDS:
        labels = labels[:-1]
    elif (len(labels) > 2 and labels[-2] == "example" and labels[-1] in ("com", "net", "org")
          and any(x not in _SKIP_LABELS for x in labels[:-2])):
        labels = labels[:-2]
    else:
        labels = labels[:-1]
    if not labels:
        return None
    if len(labels) > 1 and labels[-1] in _SECOND_LEVEL:
        labels = labels[:-1]
    labels = [x for x in labels if x not in _SKIP_LABELS] or labels
    return outlet_slug(labels[-1]) or None


#: Top-level names reserved for documentation and tests (RFC 2606, RFC 6761).
_RESERVED_TLDS = frozenset({"example", "test", "invalid", "localhost"})


@lru_cache(maxsize=2048)
def _credit_names(text: str) -> frozenset[str]:
    """Every run of one to three words of ``text``, folded, alphanumeric only and joined
    ("Associated Press" -> "associatedpress"); two-letter runs only when written in capitals.
    Cached: every candidate pair asks about a dozen outlet names."""
    raw = tokens(text)
    # a possessive names the outlet too ("Telemundo's website", "la BBC’s")
    words = [outlet_slug(re.sub(r"(?i)['’]s$", "", t)) for t in raw]
    out = set()
    for n in (1, 2, 3):
        for k in range(len(words) - n + 1):
            w = "".join(words[k : k + n])
            if len(w) > 2 or raw[k].isupper():
                out.add(w)
    return frozenset(out)


def mentions(text: str, key: str | None) -> bool:
    """True when ``key`` (an outlet name without spaces) or one of its agency aliases
    (:data:`AGENCY_ALIASES`: "apnews" is credited as "Associated Press") is one to three
    consecutive words of ``text`` (a possessive "'s" dropped). Two-letter aliases count only in
    upper case ("AP")."""
    if not key or len(key) < 2:
        return False
    found = _credit_names(text)
    return any(n in found for n in (key, *AGENCY_ALIASES.get(key, ())))


def credits(article, key: str | None, sents: list[Sentence] | None = None,
            partners: dict[int, Sentence] | None = None) -> bool:
    """True when ``article`` credits the outlet ``key``: in its ``credit`` field or its text.

    With ``sents`` (the article's analysed sentences, headline first) and ``partners`` (sentence
    index -> the other article's sentence aligned to it), a mention in the text counts only in a
    sentence whose partner does not name ``key`` too (:func:`text_credit`).
    """
    if not key:
        return False
    credit = article_credit(article) or ""  # an agency the byline names as a person ("..., Prensa Asociada") too
    # a credit line spun or garbled ("Related Press", "The Badociated Press") still names the agency
    if mentions(credit, key) or (credit and garbled_name_of(outlet_slug(credit), key)):
        return True
    if sents is None or partners is None:
        return mentions((article.headline or "") + "\n" + article.text, key)
    return text_credit(article, key, sents, partners)


def text_credit(article, key: str, sents: list[Sentence], partners: dict[int, Sentence]) -> bool:
    """Whether ``article``'s headline or text names the outlet ``key`` in a sentence of its own: one
    not aligned to a sentence of the other article that names ``key`` too. "Told The Associated
    Press" came with the text copied from an AP story and credits nothing; a credit line or a
    "reports Reuters" the other side lacks does.

    Args:
        article: the article read.
        key: outlet key (:func:`outlet_key`).
        sents: its analysed sentences, headline first.
        partners: sentence index -> the other article's aligned sentence (:func:`aligned_partners`).
    """
    if not mentions((article.headline or "") + "\n" + article.text, key):  # cached: most pairs stop here
        return False
    return any(mentions(x.text, key) and not (k in partners and mentions(partners[k].text, key))
               for k, x in enumerate(sents))


def aligned_partners(al: Alignment, sa: list[Sentence], sb: list[Sentence]) -> tuple[dict, dict]:
    """For each side, its aligned sentences' partners on the other side (in-order and moved pairs):
    ``({i: sb[j]}, {j: sa[i]})``."""
    pairs = al.pairs + al.moved
    return {i: sb[j] for i, j, _ in pairs}, {j: sa[i] for i, j, _ in pairs}


_PUBLISHED_MONTH = re.compile(r"((?:19|20)\d\d)(?:-(\d\d))?")


def _span_text(span: tuple[date, date]) -> str:
    """A publication span as written: ``2019-06-03`` for a day, ``2019-06`` for a month, ``2019`` for a year."""
    lo, hi = span
    if lo == hi:
        return lo.isoformat()
    return lo.isoformat()[:7] if (lo.year, lo.month) == (hi.year, hi.month) else str(lo.year)


#: Key of ``Article._meta`` holding the published date (ISO 8601) an article takes from an identical
#: republication of its text, stored as the same article (one content-hash id), where that date is
#: earlier than the article's own or the article has none: set by the store's trace from
#: :meth:`newstrace.store.Store.identical_dates`; :func:`article_date` reads it first.
IDENTICAL_DATE = "identical_date"
#: ``_meta`` key: how many outlets carry the article's text word for word (set by trace from the store's
#: aliases, :meth:`newstrace.store.Store.identical_outlets`; absent for one).
IDENTICAL_OUTLETS = "identical_outlets"


def identical_dated(article) -> bool:
    """Whether the article's date is that of an identical republication (:data:`IDENTICAL_DATE`)."""
    return bool((getattr(article, "_meta", None) or {}).get(IDENTICAL_DATE))


def article_date(article) -> tuple[date, date] | None:
    """When an article was published, as the first and last day it may have been.

    ``article.published`` (ISO 8601): a day (or a date-time) gives that day; a month ("2019-06",
    which the schema allows where a page prints no day) gives its first and last days, unless a
    ``/YYYY/MM/DD/`` date in the URL path falls in that month (then that day); a year alone, the
    year. Without a readable published date, the URL path's day. A date an identical republication
    gave (``_meta[IDENTICAL_DATE]``, see :func:`earliest_published`) comes before all of these.

    Two articles are ordered by date only when one span ends before the other begins
    (:func:`direction_votes`): a month is earlier than a day of a later month, and says nothing
    against a day inside it.

    Returns:
        ``(first, last)`` dates (equal for a day), or None when nothing is known.
    """
    identical = (getattr(article, "_meta", None) or {}).get(IDENTICAL_DATE)
    if identical and (span := date_span(identical)):
        return span
    span = date_span(getattr(article, "published", None), getattr(getattr(article, "source", None), "url", None))
    if span is not None and span[0] == span[1] and (other := other_reading(article, span[0])) is not None:
        return min(span[0], other), max(span[0], other)
    return span


#: Opening of the residue reason the structure stage gives a date whose day-month order it guessed.
AMBIGUOUS_ORDER = "date-order-ambiguous: no evidence"


def other_reading(article, day: date) -> date | None:
    """The other reading of a published day whose day-month order nothing in the article told
    ("06/05/2025", read day-first by default): day and month swapped, when the structure stage left a
    residue line :data:`AMBIGUOUS_ORDER` whose text holds both numbers; ``None`` otherwise.

    :func:`article_date` then spans both readings, so a guess orders no pair by date (a new-user
    test: a CSV row's "06/05/2025", meant as June 5, made a tampered copy the origin of the
    accurate one by a month).
    """
    if day.day > 12 or day.day == day.month:
        return None
    for r in getattr(article, "residue", None) or []:
        if getattr(r, "reason", "").startswith(AMBIGUOUS_ORDER):
            numbers = {int(x) for x in re.findall(r"\d+", r.text)}
            if {day.day, day.month} <= numbers:
                try:
                    return day.replace(month=day.day, day=day.month)
                except ValueError:
                    return None
    return None


def earliest_published(dates) -> str | None:
    """Of ISO 8601 published dates (days, date-times, months, years; None and unreadable ones skipped),
    the one whose span (:func:`date_span`) ends first, then begins first, then (on one day) whose time
    comes first (:func:`date_key`); the first given on a tie.

    Two identical captures of one text that carry different dates say the text existed by the earliest
    of them: a republication cannot precede its text, so the earliest date is the upper bound on when
    the text was first published, and the later dates are those of republications (or of updates that
    left the text as it was). A span that ends first is the tighter bound ("2019-06-10" before "2019-06").

    Args:
        dates: an iterable of ISO 8601 strings or None.

    Returns:
        The chosen string as given, or None when none is readable.
    """
    best, key = None, None
    for value in dates:
        k = date_key(value)
        if k is not None and (key is None or k < key):
            best, key = value, k
    return best


def date_key(published: str | None, url: str | None = None) -> tuple | None:
    """Sort key of a published date as an upper bound on a text's first publication, earliest first:
    the last day its span (:func:`date_span`) allows, then the first, then, within one day, its
    time of day (UTC where an offset is given; a day without a time sorts after every time of that
    day). Two captures of one text dated 09:15 and 16:00 on one day say the text existed by 09:15 (a
    new-user test: the later capture was kept). None when nothing is known."""
    span = date_span(published, url)
    if span is None:
        return None
    instant = (24, 0, 0.0)  # no time: the end of the day
    pub = (published or "").strip()
    if len(pub) > 10 and pub[10:11] in ("T", " "):
        try:
            when = datetime.fromisoformat(pub.replace("Z", "+00:00"))
        except ValueError:
            when = None
        if when is not None:
            if when.tzinfo is not None:
                when = when.astimezone(timezone.utc)
            if when.date() == span[1]:  # a UTC shift onto another day leaves the day's key alone
                instant = (when.hour, when.minute, when.second + when.microsecond / 1e6)
    return span[1], span[0], instant


def date_span(published: str | None, url: str | None = None) -> tuple[date, date] | None:
    """The first and last day a ``published`` value (and a ``/YYYY/MM/DD/`` day in ``url``'s path) allow:
    the rules of :func:`article_date`, on the values themselves.

    Returns:
        ``(first, last)`` dates (equal for a day), or None when nothing is known.
    """
    url = url or ""
    m = _URL_DATE.search(url_path(url))
    url_day = None
    if m:
        y, mo, d = m.groups()
        month = int(mo) if mo.isdecimal() else _MONTHS.get(mo.lower())
        try:
            url_day = date(int(y), month, int(d)) if month else None
        except ValueError:
            url_day = None
    pub = (published or "").strip()
    if pub:
        try:
            day = date.fromisoformat(pub[:10])
            return day, day
        except ValueError:
            pass
        m = _PUBLISHED_MONTH.fullmatch(pub)
        if m:
            year, month = int(m.group(1)), int(m.group(2) or 0)
            if month > 12:
                return (url_day, url_day) if url_day else None
            lo = date(year, month or 1, 1)
            hi = date(year, month, calendar.monthrange(year, month)[1]) if month else date(year, 12, 31)
            if url_day and lo <= url_day <= hi:
                return url_day, url_day
            return lo, hi
    return (url_day, url_day) if url_day else None


def _identical_note(article) -> str:
    """What a date reason adds when the article's date is that of an identical republication."""
    return " (the date of an identical republication of its text)" if identical_dated(article) else ""


def published_order(da: tuple[date, date] | None, db: tuple[date, date] | None) -> int:
    """1 when the first publication span (:func:`article_date`) ends before the second begins, -1
    the other way, 0 when either is unknown or they overlap (a month and a day inside it)."""
    if not da or not db:
        return 0
    return 1 if da[1] < db[0] else -1 if db[1] < da[0] else 0


def _is_amp(article) -> bool:
    url = getattr(getattr(article, "source", None), "url", None) or ""
    path = url_path(url)
    return url_host(url).startswith("amp.") or "/amp/" in path or path.endswith("/amp")


#: Lexical similarity from which an aligned pair is left out of word-swap counts and of a copy's
#: changed sentences: the sentence is unchanged but for punctuation or one short word.
UNCHANGED = 0.97


def _spin_vote(sa: list[Sentence], sb: list[Sentence], al: Alignment) -> tuple[int, str]:
    """Spinning swaps common words for rarer synonyms ("said" -> "mentioned"): the rarer side is the copy."""
    za, zb, n, other = 0.0, 0.0, 0, 0
    for i, j, sim in al.pairs:
        if sim >= UNCHANGED:
            continue
        wa, wb = sa[i].words, sb[j].words
        for op in Levenshtein.editops(wa, wb):
            if op.tag == "replace":
                x, y = wa[op.src_pos], wb[op.dest_pos]
                if x.isalpha() and y.isalpha():
                    za += zipf(x)
                    zb += zipf(y)
                    n += 1
            else:
                other += 1
    # only substitution-dominated differences are spinning; a fluent rewrite reorders and rephrases
    if n < 12 or n < 1.2 * other:
        return 0, ""
    diff = (za - zb) / n
    if abs(diff) < 0.4:
        return 0, ""
    return (1 if diff > 0 else -1), f"{n} word swaps; the {'second' if diff > 0 else 'first'} article's words are rarer by {abs(diff):.2f} Zipf (spinning)"


def direction_votes(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment) -> tuple[int, list[str]]:
    """Votes for ``a`` being the origin of ``b`` (positive) or the reverse (negative), with reasons.

    Two versions of one page or file (:func:`~newstrace.provenance.direction.version_vote`) are
    ordered by their dates or ingestion order alone.

    Returns:
        ``(net_votes, reasons)``; reasons are phrased about "first" (a) and "second" (b).
    """
    versions = version_vote(a, b, DIRECTION_MARGIN)
    if versions is not None:  # one page or file ingested twice: only its versions' order counts
        return versions
    ka, kb = outlet_key(a), outlet_key(b)
    cast: list[tuple[int, str]] = []  # each vote and its reason, in order
    da, db = article_date(a), article_date(b)
    if order := published_order(da, db):
        cast.append((order * DATE_VOTES, f"dates: first {_span_text(da)}{_identical_note(a)}, "
                                         f"second {_span_text(db)}{_identical_note(b)}"))
    if not same_outlet(ka, kb):
        pa, pb = aligned_partners(al, sa, sb)
        b_credits_a, a_credits_b = credits(b, ka, sb, pb), credits(a, kb, sa, pa)
        if b_credits_a != a_credits_b:
            cast.append((2 if b_credits_a else -2, (f"credit: the {'second' if b_credits_a else 'first'} names the "
                                                    f"other's outlet ({ka if b_credits_a else kb})")))
    # a text that stops mid-sentence was cut by whoever made the excerpt or the crawl, not by a
    # syndicator (who cuts at a paragraph's end): being contained then says nothing of direction
    if al.coverage_b >= 0.8 and al.coverage_a <= 0.5:
        if not _ends_cut(sb):
            cast.append((1, f"coverage: the second is contained in the first ({al.coverage_b:.2f} vs {al.coverage_a:.2f})"))
    elif al.coverage_a >= 0.8 and al.coverage_b <= 0.5:
        if not _ends_cut(sa):
            cast.append((-1, f"coverage: the first is contained in the second ({al.coverage_a:.2f} vs {al.coverage_b:.2f})"))
    else:  # the cut rule reads the same asymmetry more finely; one vote either way, never both
        cast.append(cut_vote(a, b, sa, sb, al))
    cast += [attribution_vote(a, b), damage_vote(a, b, sa, sb, al)]
    if not order:  # undated or the same day: an agency's own page is where its story starts
        cast.append(agency_page_vote(a, b))
    amp_a, amp_b = _is_amp(a), _is_amp(b)
    if amp_a != amp_b:
        cast.append((2 if amp_b else -2, f"AMP rendering: the {'second' if amp_b else 'first'} is an AMP page"))
    # Zipf frequencies are read in English: across languages every word looks "swapped"; and a
    # machine translation swaps words too, by its own choice of synonym, so against one (a spun
    # and a machine-translated copy of one wire story) rarer words tell nothing of which came first
    if not languages_differ(a, b) and not (_reads_machine_translated(sa) or _reads_machine_translated(sb)):
        cast.append(_spin_vote(sa, sb, al))
    # diacritics are left out here, as copies strip them as often as translation adds them, and so
    # are pronoun swaps, which read the same both ways
    art_b = [x for x in translation_artefacts(sb, sa, [(j, i, x) for i, j, x in al.pairs]) if _directional(x)]
    art_a = [x for x in translation_artefacts(sa, sb, al.pairs) if _directional(x)]
    if len(art_b) != len(art_a) and machine_translation_evidence(art_b if len(art_b) > len(art_a) else art_a):
        which, arts = ("second", art_b) if len(art_b) > len(art_a) else ("first", art_a)
        # traces of machine translation on one side only: a newsroom's own text carries none
        w = 2 if not (art_a and art_b) else 1
        cast.append((w if len(art_b) > len(art_a) else -w, f"translation artefacts in the {which}: {'; '.join(arts[:3])}"))
    style = figure_style_vote(a, b, sa, sb, al.pairs) if languages_differ(a, b) else (0, "")
    cast.append(style)
    votes = sum(v for v, _ in cast)
    # a translation made from the other's text is its copy whatever sources both declare (an English
    # machine translation of a Spanish paper's AP story keeps the Spanish figures and the AP credit)
    limited, reason = (votes, "") if style[0] and style[0] * votes > 0 else declared_source_limit(a, b, votes)
    # a vote against the direction the others carry is kept, and marked, so it is not read as support
    why = [("against the direction: " if limited * v < 0 else "") + r for v, r in cast if v]
    if reason:
        why.append(reason)
    return limited, why


def _ends_cut(sents: list[Sentence]) -> bool:
    """Whether a text's last sentence stops without closing punctuation (an excerpt cut mid-sentence)."""
    return bool(sents) and _cut(sents[-1])


def _directional(artefact: str) -> bool:
    """Whether a translation artefact tells which side was translated (see :func:`direction_votes`)."""
    return "diacritics" not in artefact and not artefact.startswith("pronoun ")


def _neighbours(s: Sentence, k: int) -> tuple[str, str]:
    return (s.words[k - 1] if k > 0 else ""), (s.words[k + 1] if k + 1 < len(s.words) else "")


def garbled_names(c: Sentence, o: Sentence) -> list[tuple[str, str]]:
    """Names of ``o`` that ``c`` carries garbled, as machine translation garbles them ("Guerin" -> "Gurien").

    A copy name ``n`` (absent from ``o``) is a garbled origin name ``m`` when all hold: the same
    entity, i.e. the same token sequence with this one token changed (both neighbouring words equal,
    or one equal neighbour that is a name on both sides: "Jorge Torres" -> "Jorge Torrez"); a small
    edit (Levenshtein similarity 80-99, lengths within two); and not an inflection or derivation
    (:func:`~newstrace.provenance.text.is_inflection`: "Europe"/"European" is English grammar). A
    different name that shares a word
    ("Ford Motor" / "General Motors") has another neighbour and is not counted.

    Returns:
        ``(origin name, copy name)`` pairs, folded.
    """
    from rapidfuzz import fuzz

    o_names = set(o.names)
    c_names = set(c.names)
    out = []
    o_pos = [(k, w) for k, w in enumerate(o.words) if w in o_names]
    for k, n in enumerate(c.words):
        if n not in c_names or n in o_names or len(n) < 4:
            continue
        cp, cn = _neighbours(c, k)
        for km, m in o_pos:
            if m in c_names or abs(len(m) - len(n)) > 2 or is_inflection(n, m) or not 80 <= fuzz.ratio(n, m) < 100:
                continue
            op, on = _neighbours(o, km)
            same_seq = (cp == op and cn == on) or (cp and cp == op and cp in c_names and op in o_names) \
                or (cn and cn == on and cn in c_names and on in o_names)
            if same_seq:
                out.append((m, n))
                break
    return out


def translation_artefacts(copy: list[Sentence], origin: list[Sentence], pairs) -> list[str]:
    """Traces of machine translation in ``copy`` relative to aligned ``origin`` sentences.

    Counted: a name that gains diacritics ("Nicolas" -> "Nicolás": the text went through Spanish or
    Portuguese), an origin name garbled in the copy (:func:`garbled_names`: "Guerin" -> "Gurien", never
    a different name sharing a word nor an inflection), a pronoun of another gender or animacy in
    its place (:func:`pronoun_swaps`: "his niece" -> "her niece"), and the sentence traces of
    :data:`_MT_TRACES` (a common word capitalised after a comma or inside a sentence, a lower-case
    word after a full stop, a doubled word), each where the origin's sentence has fewer. Whether
    they suffice for a machine translation is :func:`machine_translation_evidence`.

    Returns:
        One description per artefact (list of str); garbled names read ``"name variant <origin> -> <copy>"``.
    """
    out = []
    for i, j, _ in pairs:
        c, o = copy[i], origin[j]
        o_raw = set(o.raw)
        for tok, w in zip(c.raw, c.words):
            if w in o.names and tok not in o_raw and has_diacritic(tok):
                o_tok = next((t for t, x in zip(o.raw, o.words) if x == w), "")
                if not has_diacritic(o_tok):
                    out.append(f"{o_tok} -> {tok} (diacritics gained)")
        for m, n in garbled_names(c, o):
            out.append(f"name variant {m} -> {n}")
        for label, pattern in _MT_TRACES:
            if len(pattern.findall(c.text)) > len(pattern.findall(o.text)):
                out.append(label)
        out += [f"pronoun {x} -> {y}" for x, y in pronoun_swaps(c, o)]
    return out


#: Traces machine translation leaves in a sentence, each counted where the copy's aligned sentence
#: has more of them than the origin's. Seen in the seeds (English round trips of AP and Guardian
#: stories): "agents, More than 270", "bulletproof vests They rest", "the restoration of order.
#: democratic", "A a month ago"; and calques of Romance-language MT (a new-user test's copy):
#: "the road to Velmora the Tuesday", "Ilse Varga, of 54 years", "more of 4,300 residents".
_MT_TRACES = (
    ("capitalised word after a comma", re.compile(r",\s+(?:More|The|But|And|In|Of|To|For|With|A|An)\b")),
    ("capitalised pronoun inside a sentence", re.compile(r"\b[a-z]{2,} +(?:They|There|He|She|It|We|Their|His|Her)\b")),
    ("lower-case word after a full stop", re.compile(r"\b[a-z]{3,}\. +(?!reuter\b)[a-z]{3,}\b")),
    ("word doubled", re.compile(r"\b(\w+) +\1\b", re.IGNORECASE)),
    # word-for-word renderings of Spanish, Portuguese, French and Italian ("el martes", "de 54 años",
    # "más de 4.300"), which fluent English writes otherwise; 21,578 Reuters stories and the corpus's
    # English texts hold two of the first and none of the others
    ("article before a weekday", re.compile(
        r"(?<=[a-z,] )the (?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?!'| (?:[A-Z]|and|or|morning|"
        r"afternoon|evening|night|before|after|meeting|session|deadline|edition|trading|close|vote|talks|of)\b)")),
    ("age as 'of N years'", re.compile(r",\s+of \d{1,3} years\b(?!')")),
    # also opening a sentence ("More of 2,400 persons have arrived", a new-user test's copy)
    ("'more of' before a figure", re.compile(r"\b(?:[Mm]ore|[Ll]ess|[Ff]ewer) of \d")),
    # "the President Nicolás Maduro", "said the Captain Doria Fenwick": Romance-language MT keeps the
    # article before a title and name; 19,043 Reuters stories hold none (only "the Chancellor of the
    # Exchequer Nigel Lawson", which has "of" and is not matched)
    ("article before a title and name", re.compile(
        r"\bthe (?:Captain|President|Minister|Sergeant|Colonel|Doctor|Chancellor|Governor|Mayor|Senator|Judge|"
        r"Commander|Lieutenant|Bishop|Prosecutor) [A-Z][^\W\d_]+ [A-Z][^\W\d_]+")),
    # Spanish and Portuguese calques (a new-user test's English copy of a Spanish page): "al menos a 17"
    # -> "at least to 17", "el 28 de octubre" -> "the 28 of October", "12,5 millones" -> "12,5 millions";
    # 19,043 Reuters stories hold one of the first with "almost" ("rose almost to eight pct"), left out
    ("qualifier 'to' before a figure", re.compile(
        r"\b(?:at least|at most|more than|less than|about|some|around) to (?:\d+|one|two|three|four|five|six|"
        r"seven|eight|nine|ten)\b", re.IGNORECASE)),
    ("day 'of' a month", re.compile(r"\bthe \d{1,2} of (?:January|February|March|April|May|June|July|August|"
                                    r"September|October|November|December)\b")),
    ("plural scale after a figure", re.compile(r"\b\d[\d.,]*\s(?:millions|billions)\b")),
)
#: An English text carrying this many :data:`_MT_TRACES` of at least two kinds reads as a machine
#: translation on its own (the two seeds: 9 of 5 kinds and 3 of 2 kinds; 2,000 Reuters stories:
#: none, 2 with two traces of one kind, mostly a wire editor's doubled word; re-measured with the
#: title-article trace on the first 5,000: none; with the three Spanish calques, all 19,043: none).
MT_TRACES_ALONE = 3


def machine_translation_traces(sentences: list[Sentence]) -> Counter:
    """Count of each :data:`_MT_TRACES` kind in a text's sentences, read on the text alone.

    Returns:
        ``Counter`` of trace labels (a sentence counts once per kind).
    """
    return Counter(label for s in sentences for label in _sentence_traces(s))


def _sentence_traces(s: Sentence) -> tuple[str, ...]:
    """The :data:`_MT_TRACES` kinds found in one sentence, cached on it (every candidate pair of
    an article asks again)."""
    cached = s.__dict__.get("_mt_traces")
    if cached is None:
        cached = s.__dict__["_mt_traces"] = tuple(label for label, pattern in _MT_TRACES if pattern.search(s.text))
    return cached


def pronoun_swaps(c: Sentence, o: Sentence) -> list[tuple[str, str]]:
    """Pronouns of ``o`` that ``c`` carries in another gender or animacy at the same place.

    A swap is a one-for-one word replacement (Levenshtein edit operations over folded words) of a
    pronoun of one class (:data:`PRONOUN_CLASS`) by one of another, with an equal word on at least
    one side, so the pronoun stands for the same referent: "his niece" -> "her niece".

    Returns:
        ``(origin pronoun, copy pronoun)`` pairs, folded.
    """
    ow, cw = o.words, c.words
    if PRONOUN_CLASS.keys().isdisjoint(ow) or PRONOUN_CLASS.keys().isdisjoint(cw):
        return []  # most sentence pairs: no edit operations to compute
    return framed_swaps(ow, cw, lambda x, y: x in PRONOUN_CLASS and y in PRONOUN_CLASS
                        and PRONOUN_CLASS[x] != PRONOUN_CLASS[y])


#: Garbled names alone are enough evidence of machine translation only from this many: one or two
#: near spellings are as often a reporter's typo or a corrected re-send ("Teck Hock" / "Tech Hock").
MT_MIN_NAME_VARIANTS = 3


def machine_translation_evidence(artefacts: list[str]) -> bool:
    """True when :func:`translation_artefacts` are enough to call a copy machine-translated: two or more
    artefacts of which at least one is not a garbled name (diacritics gained, a capital after a
    comma), or :data:`MT_MIN_NAME_VARIANTS` garbled names."""
    # doubled words count once: a wire editor's typo ("the the") repeats in a copy, and spinning a
    # word into its neighbour's synonym makes one
    artefacts = [x for k, x in enumerate(artefacts) if x != "word doubled" or "word doubled" not in artefacts[:k]]
    variants = sum(1 for x in artefacts if x.startswith("name variant"))
    return (len(artefacts) >= 2 and variants < len(artefacts)) or variants >= MT_MIN_NAME_VARIANTS


#: A sentence of this many words ending in sentence punctuation is prose; shorter lines and lines
#: without a full stop are page furniture (menus, captions, bylines, datelines), which a verbatim
#: copy may add or drop.
PROSE_WORDS = 7
#: Lexical similarity from which an aligned pair is the same sentence (house style such as curly
#: quotes and diacritics is folded away before).
SAME = 0.95
_FIGURE = re.compile(r"\d+(?:[.,]\d+)*")


def _figures(text: str) -> list[str]:
    """The figures of a sentence, sorted (``"6.6 pct on 12 funds"`` -> ``["12", "6.6"]``)."""
    return sorted(_FIGURE.findall(text))


def is_prose(s: Sentence) -> bool:
    """True for a sentence of :data:`PROSE_WORDS`+ words ending in ``. ! ? …`` or Chinese and Japanese
    ``。！？`` (optionally before a closing quote or bracket)."""
    return len(s.words) >= PROSE_WORDS and bool(re.search(r"[.!?…。！？][\"”’»)」』）]*$", s.text.rstrip()))


#: Most words of page furniture glued to a sentence by text extraction ("...colombianaFoto: DW/O.").
GLUED_FURNITURE_WORDS = 4


def glued_furniture(a: str, b: str) -> bool:
    """Whether two aligned sentences differ only by a few words glued onto the end of one of them
    with no space: a caption's photo credit ("...colombianaFoto: DW/O.") that extraction joined to
    the sentence on one page and not on the other. Extraction noise, not an edit; a changed figure
    is never glued furniture (it is caught before, :func:`_figures`).

    Args:
        a, b: the two sentences' texts.

    Returns:
        True when one's words are the other's with its last word continued without a space by at
        most :data:`GLUED_FURNITURE_WORDS` words.

    >>> glued_furniture("Refugees wait in IpialesFoto: DW/O.", "Refugees wait in Ipiales")
    True
    >>> glued_furniture("Refugees wait in Ipiales for days", "Refugees wait in Ipiales")
    False
    >>> glued_furniture("Refugees wait in Ipiales", "Refugees left Ipiales")
    False
    """
    wa, wb = tokens(a), tokens(b)
    short, long_ = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    if not short or len(long_) < len(short) or long_[: len(short) - 1] != short[:-1]:
        return False
    last, joined = short[-1], long_[len(short) - 1]
    return joined != last and joined.startswith(last) and len(long_) - len(short) + 1 <= GLUED_FURNITURE_WORDS


def span_edits(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]]) -> tuple[int, int]:
    """Prose sentences added and cut inside the aligned span: ``(added, cut)``.

    Only sentences between the first aligned prose sentence and the last aligned sentence of
    each side count: text before or after the shared span is where two excerpts (or a copy and
    a longer origin) simply start or stop, and what lies between a headline and the body
    (standfirst, dateline, byline) is page furniture, not an edit; so are navigation lines and
    "read also" links inside the span (:func:`newstrace.provenance.paragraphs.is_furniture`).
    """
    # the span opens at the first aligned prose sentence: a matched headline is followed by a
    # standfirst and dateline on one page and not on the other (furniture, not an edit)
    body = [(i, j) for i, j, _ in pairs if is_prose(copy[i]) or is_prose(origin[j])]
    if not body:
        return 0, 0
    ci, oi = {i for i, _, _ in pairs}, {j for _, j, _ in pairs}

    def edit(s: Sentence) -> bool:  # a menu line or "read also" link left in the body is no edit
        return is_prose(s) and not is_furniture(s)

    added = sum(1 for k in range(body[0][0], max(ci) + 1) if k not in ci and edit(copy[k]))
    cut = sum(1 for k in range(body[0][1], max(oi) + 1) if k not in oi and edit(origin[k]))
    return added, cut


#: Fewest anchored one-for-one word swaps (:func:`spin_swaps`) for a spun copy.
SPIN_MIN_SWAPS = 4
#: Share of the reworded aligned sentences (those with a replacement) that must carry an anchored
#: swap for a spun copy: a spinner runs over every sentence, an update rewrites some and keeps others.
SPIN_SENTENCE_SHARE = 0.5
#: Other edit blocks per anchored swap up to which a copy may still read as spun (a spinner's
#: adjacent swaps merge into longer blocks; a rewrite's or update's edits are mostly unanchored).
SPIN_OTHER_PER_SWAP = 4
#: Anchored swaps per changed figure or name from which a copy may still read as spun: spinners
#: leave figures and names alone (they hold no synonyms), an update or follow-up changes them.
SPIN_SWAPS_PER_SLOT = 4


@dataclass
class SpinEvidence:
    """Word-swap evidence of spinning over the reworded aligned sentences (:func:`spin_swaps`).

    Attributes:
        swaps: anchored swaps: edit blocks (``rapidfuzz`` opcodes over folded words) that replace
            one or two words by one to three, with unchanged words on both sides and no figure
            or name in either side: a synonym put into the same sentence frame.
        other: the other edit blocks without a figure or name (insertions, deletions, longer
            or unanchored replacements: rewording, additions, cuts).
        slots: edit blocks changing a figure or putting a name for a rare name
            (:func:`_slot_changed`): a changed fact, which spinners do not make.
        swap_sentences: reworded aligned sentences holding at least one anchored swap.
        changed: reworded aligned sentences with a replacement (lexical similarity below :data:`UNCHANGED`;
            sentences only cut short or lengthened are edits a spun copy may also carry).
    """

    swaps: int = 0
    other: int = 0
    slots: int = 0
    swap_sentences: int = 0
    changed: int = 0

    def spun(self) -> bool:
        """True when the swaps look like spinning: :data:`SPIN_MIN_SWAPS`+ anchored swaps, in at least
        :data:`SPIN_SENTENCE_SHARE` of the reworded sentences, with at most one changed figure or name
        per :data:`SPIN_SWAPS_PER_SLOT` swaps."""
        return (self.swaps >= SPIN_MIN_SWAPS and self.swap_sentences >= SPIN_SENTENCE_SHARE * self.changed
                and self.slots * SPIN_SWAPS_PER_SLOT <= self.swaps and self.other <= SPIN_OTHER_PER_SWAP * self.swaps)


_DIGITS = re.compile(r"\d+")
#: Zipf frequency (wordfreq) below which a capitalised word replaced by another is a proper name
#: changed (a person, company or place: "Riedel" 2.4, "Shearson" 1.8), not a spinner's swap inside
#: a title or institution ("Group" 5.6, "President" 5.5, "Ministry" 4.6 -> "Collective", "Chairman").
NAME_ZIPF = 4.5


def _slot_changed(a: list[str], b: list[str], origin_names: set[str], copy_names: set[str]) -> bool:
    """True when an edit block ``a -> b`` (folded words) changes a figure or a name.

    A figure is changed when the digit runs differ ("33" -> "37"; "a-1" -> "one-1" keeps its "1");
    a name when a rare capitalised word of the origin (:data:`NAME_ZIPF`) is replaced by a
    capitalised word of the copy (:attr:`Sentence.names`).
    """
    if _DIGITS.findall(" ".join(a)) != _DIGITS.findall(" ".join(b)):
        return True
    return any(zipf(w) < NAME_ZIPF for w in origin_names.intersection(a)) and bool(copy_names.intersection(b))


def spin_swaps(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
               lexical: list[float]) -> SpinEvidence:
    """Anchored word swaps, other edits and changed figures/names over the reworded aligned sentences.

    Article spinners replace words by synonyms in an otherwise unchanged sentence frame, sentence
    after sentence, and never touch figures or names; a wire update or follow-up of one event
    rewrites some sentences (insertions, reordered clauses), keeps others verbatim and changes
    figures and names. Edit blocks come from ``Levenshtein.opcodes`` over the folded words of
    each aligned pair of lexical similarity below :data:`UNCHANGED` (``rapidfuzz``); see :class:`SpinEvidence`.

    Args:
        copy, origin: analysed sentences of the copy and the origin.
        pairs: aligned ``(copy index, origin index, similarity)``.
        lexical: lexical similarity of each aligned pair (0..1), parallel to ``pairs``.

    Returns:
        SpinEvidence: the counts.
    """
    ev = SpinEvidence()
    for (i, j, _), lx in zip(pairs, lexical):
        if lx >= UNCHANGED:
            continue
        ow, cw = origin[j].words, copy[i].words
        on, cn = set(origin[j].names), set(copy[i].names)
        ops = Levenshtein.opcodes(ow, cw)
        found = 0
        for n, op in enumerate(ops):
            if op.tag == "equal":
                continue
            a, b = ow[op.src_start:op.src_end], cw[op.dest_start:op.dest_end]
            if _slot_changed(a, b, on, cn):
                ev.slots += 1
                continue
            anchored = (n == 0 or ops[n - 1].tag == "equal") and (n == len(ops) - 1 or ops[n + 1].tag == "equal")
            if op.tag == "replace" and anchored and len(a) <= 2 and len(b) <= 3:
                ev.swaps += 1
                found += 1
            else:
                ev.other += 1
        ev.changed += any(op.tag == "replace" for op in ops)
        ev.swap_sentences += found > 0
    return ev


#: Mean Zipf rise of a copy's swapped words from which one-for-one synonym swaps read as spinning
#: (a spinner picks rarer synonyms; paraphrase and machine translation pick commoner ones).
SPUN_RARER_ZIPF = 0.15


def derivation_kind(copy_art, origin_art, copy: list[Sentence], origin: list[Sentence],
                    pairs: list[tuple[int, int, float]], lexical: list[float]) -> str:
    """Kind of copy from the aligned pairs (see :data:`newstrace.schema.DerivationKind`), after issue 3's definitions.

    translation: languages differ, unless the copy is English and reads as machine output on its
    own (:func:`machine_translation_traces`, :data:`MT_TRACES_ALONE`) or against its origin
    (:func:`machine_translation_evidence`): then machine-translated, as a machine translation into
    English is. verbatim: the same text apart from page furniture (headline,
    byline, dateline, captions, menus): of five or more aligned sentences, at most one in ten is
    changed (prose pairs of similarity below :data:`SAME`, pairs at an excerpt's edge not counted), added or
    cut (prose sentences inside the shared span, :func:`span_edits`); fewer aligned sentences
    must be all identical; and the aligned sentences hold at least :data:`VERBATIM_SHARE` of the
    copy's content. spun: most differences are one-for-one word swaps towards
    rarer words in unchanged word order. machine-translated: English copy of low lexical
    similarity with enough translation artefacts (:func:`machine_translation_evidence`).
    rewritten: fluent paraphrase (low similarity, reordered words). edited: the rest (cuts,
    additions, house style).
    """
    if languages_differ(copy_art, origin_art):
        # an English copy of another language's article that reads as machine output on its own, or
        # that carries the calques and garbled names of one against its origin, is a machine
        # translation into English (issue 3's kind), not a translation (a new-user test's English
        # copy of a Spanish wire story: "at least to 17", "of 34 years", "EFE" -> "EFFE")
        if (copy_art.language or "").startswith("en") and (
                _reads_machine_translated(copy) or machine_translation_evidence(translation_artefacts(copy, origin, pairs))):
            return "machine-translated"
        return "translation"
    if not pairs:
        return "rewritten"
    same = sum(1 for x in lexical if x >= UNCHANGED) / len(lexical)
    # a pair at either end of either text may be a sentence cut short by an excerpt's boundary
    edge = [i in (0, len(copy) - 1) or j in (0, len(origin) - 1) for i, j, _ in pairs]
    inner = [(p, x) for p, x, e in zip(pairs, lexical, edge) if not e] or list(zip(pairs, lexical))
    reworded = [(i, j) for (i, j, _), x in inner if x < SAME and (is_prose(copy[i]) or is_prose(origin[j]))]
    changed = sum(1 for i, j in reworded if not glued_furniture(copy[i].text, origin[j].text))
    added, cut = span_edits(copy, origin, pairs)
    # a verbatim copy is mostly the other's text: a few shared sentences in a longer article are not
    shared = content_coverage(copy, {i for i, _, _ in pairs})
    # the tolerance is for extraction noise (a photo credit glued to a caption, punctuation) and
    # version updates; a changed figure is an edit however long the copy
    if (changed + added + cut <= (max(1, len(pairs) // 10) if len(pairs) >= 5 else 0) and shared >= VERBATIM_SHARE
            and not any(_figures(copy[i].text) != _figures(origin[j].text) for i, j in reworded)
            # a negation added or removed, or a word swapped for its opposite, changes the claim however alike the words read
            and not any(meaning_flipped(copy[i], origin[j]) for i, j, _ in pairs)):
        return "verbatim"
    sub = ins = 0
    zo = zc = 0.0
    for (i, j, sim), lx in zip(pairs, lexical):
        if lx >= UNCHANGED:
            continue
        ow, cw = origin[j].words, copy[i].words
        for op in Levenshtein.editops(ow, cw):
            if op.tag == "replace":
                sub += 1
                zo += zipf(ow[op.src_pos])
                zc += zipf(cw[op.dest_pos])
            else:
                ins += 1
    mean = sum(lexical) / len(lexical)
    # spinning: swaps towards rarer words ("said" -> "mentioned", measured +0.4..+0.6 Zipf on real
    # spun copies, +0.21 on a new-user test's spinner); fluent rewrites and machine translation swap
    # towards commoner words (-0.3..-0.5), and the swaps are synonyms put into unchanged sentence
    # frames, not an update's new facts. Against an origin that reads as machine output and a copy
    # that does not, rarer words are the fluent text's own: a wire copy read against a machine
    # translation of its story (a hold-out test: "spun", rarer by 0.87 Zipf) is no spun copy
    if sub >= 8 and sub / (sub + ins) >= 0.45 and mean < 0.9 and (zo - zc) / sub >= SPUN_RARER_ZIPF \
            and not (_reads_machine_translated(origin) and not _reads_machine_translated(copy)) \
            and spin_swaps(copy, origin, pairs, lexical).spun():
        return "spun"
    # the bound of a rewrite (below): a round trip keeps more words than a paraphrase (a new-user
    # test's copy, with a doubled word and "she" -> "he", had 0.80 and read "rewritten"); a copy
    # that reads as machine output on its own, where the origin does not, up to a changed sentence's
    if (copy_art.language or "en") == "en" and mean < (
            SAME if _reads_machine_translated(copy) and not _reads_machine_translated(origin) else 0.85) \
            and machine_translation_evidence(translation_artefacts(copy, origin, pairs)):
        return "machine-translated"
    if mean < 0.85 and same < 0.5 and not words_kept(copy, origin, pairs, lexical):
        return "rewritten"
    return "edited"


#: Share of a sentence's words another keeps in order (of the shorter of the two) at which the
#: other is the same sentence cut or added to, not reworded (:func:`words_kept`).
KEPT_WORDS = 0.85


def words_kept(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
               lexical: list[float]) -> bool:
    """True when every changed aligned pair keeps the shorter sentence's words in order (cuts and insertions).

    A paraphrase replaces and reorders words; an editor who adds "about" before a figure or a
    clause to a sentence keeps the sentence: its words survive, in order, as a subsequence of the
    other (word-level longest common subsequence over the shorter sentence's length, at least
    :data:`KEPT_WORDS`). Such a copy is edited, however low its word-set similarity ("son
    setecientos" -> "los desertores que permanecen en Colombia son cerca de setecientos").
    A figure put in a figure's place is kept too (every number token reads as one symbol): a
    changed figure is an edit (issue 3: "About 2,500 households" -> "Nearly 5,200 households").

    Args:
        copy, origin: the two articles' sentences.
        pairs: aligned ``(copy index, origin index, similarity)``.
        lexical: word similarity of each pair (0-1), in ``pairs`` order.
    """
    changed = [(i, j) for (i, j, _), x in zip(pairs, lexical) if x < UNCHANGED]
    for i, j in changed:
        cw, ow = _figure_shapes(copy[i].words), _figure_shapes(origin[j].words)
        if LCSseq.similarity(cw, ow) < KEPT_WORDS * max(1, min(len(cw), len(ow))):
            return False
    return bool(changed)


def _figure_shapes(words: list[str]) -> list[str]:
    """``words`` with every number token ("2,500", "twelve") replaced by ``"#"``."""
    return ["#" if number_value(w) is not None else w for w in words]


@dataclass
class PairDecision:
    """Outcome of :func:`decide` for one candidate pair: probability, link flag and direction votes."""

    probability: float
    linked: bool
    votes: int
    reasons: list[str]
    evidence: PairEvidence
    credit_link: bool


def decide(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment, ev: PairEvidence,
           model: dict | None = None) -> PairDecision:
    """Calibrated probability that one of ``a``/``b`` derives from the other, and direction votes.

    Where one article names the other's outlet (``credit_link``), aligned quotations count as
    ordinary aligned sentences and the returned decision carries that re-read evidence.
    """
    model = model or load_model()
    ka, kb = outlet_key(a), outlet_key(b)
    # one names the other's outlet; both naming one agency is not used: photo credits and "told
    # Reuters" make it common among independent reports, and no labelled negative shares it, so
    # its weight could not be calibrated (measured: it alone would add ~2 to the log-odds)
    pa, pb = aligned_partners(al, sa, sb)
    credit = bool(ka and kb and not same_outlet(ka, kb)
                  and (text_credit(b, ka, sb, pb) or text_credit(a, kb, sa, pa)))
    if credit and ev.n_quote_pairs and ev.n_pairs:
        # shared quotations are weak evidence because two reporters may hear one speaker; when
        # one article names the other's outlet, the quotations are what it took from it, if it
        # took some of its own text too: a local report that cites the outlet for one fact and
        # quotes the company's statement both carry is not its copy (a new-user test: "edited", 0.91)
        sem = (ev.semantic_pairs, ev.semantic_frac)
        ev = pair_evidence(al, sa, sb, ev.cross_language, count_quotes=True)
        ev.semantic_pairs, ev.semantic_frac = sem
    ev.credited_source, ev.credited_quote_words = credited_quotation(a, b, sa, sb)
    p = link_probability(ev, ev.vector() + [float(credit)], model)
    # no copy: an outlet's footer or sign-off template (shared_tail_only); across languages, names
    # and figures in a like order, which two reports of one event share, where a translation also
    # keeps a run of consecutive sentences or most of one side; or facts in a like order, each side
    # with its own quotations, unless most aligned sentences are near word for word (an edited copy
    # that swapped its source's quotations for its own) or the quotations stay aligned and most of
    # the text is kept (a spinner swaps words inside quotations too: OWN_QUOTES_MAX_COVERAGE)
    if p >= LINK_PROBABILITY and (
            shared_tail_only(al, sa, sb)
            or (ev.cross_language and ev.run < CROSS_MIN_RUN and ev.cov_max < CROSS_MIN_COVERAGE)
            or (ev.cross_language and len(al.pairs) < CROSS_NAMES_ONLY_MIN_PAIRS and not shares_a_figure(al, sa, sb))
            or (not ev.cross_language and 2 * ev.n_strong < ev.n_pairs and not ev.n_quote_pairs
                and ev.cov_max < OWN_QUOTES_MAX_COVERAGE and own_quotations(sa, sb))):
        p = min(p, LINK_PROBABILITY - 1e-6)
    votes, why = direction_votes(a, b, sa, sb, al) if p >= LINK_PROBABILITY else (0, [])
    if p >= LINK_PROBABILITY and ev.credited_quote_words >= CREDITED_QUOTE_WORDS:
        why = [(f"credited quotation: the report is attributed to {ev.credited_source}, and the two repeat "
                f"{ev.credited_quote_words} words of its quotations word for word")] + why
    return PairDecision(p, p >= LINK_PROBABILITY, votes, why, ev, credit)


def shares_a_figure(al: Alignment, sa: list[Sentence], sb: list[Sentence]) -> bool:
    """Whether some aligned sentence pair states one specific figure on both sides (a number of
    weight >= 0.6, as :func:`~newstrace.provenance.align.distinctive_anchors` reads it: two or more
    significant digits, not a year)."""
    for i, j, _ in al.pairs:
        if {x for x in distinctive_anchors(sa[i]) if x[:1] == "#"} & distinctive_anchors(sb[j]):
            return True
    return False


#: A shared closing block covering at least this share of either article may be a copy of it.
TAIL_TEMPLATE_MAX = 0.5


def shared_tail_only(al: Alignment, sa: list[Sentence], sb: list[Sentence]) -> bool:
    """True when all that two articles share is a closing block: an outlet's footer ("X is an
    independent, nonprofit newsroom ... free to republish"), a sign-off or a newsletter plug.

    Conditions: every content sentence (4+ words) from the first aligned one to the end is
    aligned, on both sides; both sides have at least two unaligned content sentences before it
    (their own headlines and leads); and the block covers less than :data:`TAIL_TEMPLATE_MAX` of
    each article. A copy shares its origin's lead or most of its text, so it is not touched;
    found by a new-user test where two unrelated stories of one outlet linked as "verbatim" at 0.90.
    """
    pairs = al.pairs + al.moved
    if not pairs or max(al.coverage_a, al.coverage_b) >= TAIL_TEMPLATE_MAX:
        return False
    for sents, used in ((sa, {i for i, _, _ in pairs}), (sb, {j for _, j, _ in pairs})):
        content = [k for k, s in enumerate(sents) if len(s.words) >= MIN_WORDS]
        first = min(used)
        if sum(1 for k in content if k < first) < 2 or any(k not in used for k in content if k >= first):
            return False
    return True


#: Share of the copy's content (:func:`~newstrace.provenance.align.content_coverage`) a verbatim copy must share:
#: a copy a third of whose prose the origin lacks added paragraphs (was 0.5: a new-user test's copy with two
#: paragraphs of its own, 0.55 shared, read "verbatim" beside "1 omission, 2 additions").
VERBATIM_SHARE = 0.7

_KIND_RANK = ("machine-translated", "spun", "rewritten", "edited", "verbatim", "translation")


def _content_chars(sents: list[Sentence]) -> int:
    return sum(len(s.text) for s in sents if is_prose(s))


#: Change kinds that make a copy edited whatever else it keeps word for word: a figure, a date, a
#: quotation, slant put into a sentence ("said" -> "conceded"), or a name altered ("Polis" -> "cops").
_EDITS_OF_FACT = frozenset({"number", "date", "quote", "slant", "name"})
_ROLE_WORD = re.compile(r"\b(?:first|second)\b")


def sibling_reference(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment, votes: int) -> tuple[bool, str]:
    """Which of two siblings the record describes the other against (the *reference*), and why.

    Siblings have no proven direction, so the record's ``copy_id`` is the more derived-looking
    side and ``sibling_ids`` holds the reference; changes read "reference text -> copy text".
    In order: when only one side reads as machine translation on its own
    (:func:`_reads_machine_translated`), the other; else weak direction evidence (net votes of one,
    below :data:`DIRECTION_MARGIN`); else the side whose reading as a copy is more derived (spun
    before rewritten before edited, :func:`derivation_kind` both ways; a machine-translated reading
    counts only where a text reads as machine output on its own, and edited against verbatim, a cut,
    not at all); else the one published first;
    else the side whose attribution (byline, credit, dateline, contributors) strictly contains the
    other's; else, across languages, the English side; else the text more outlets carry word for
    word (:data:`IDENTICAL_OUTLETS`), unless one reads as spun from the other; else the fuller
    article (more prose characters); else the smaller id, so the record is deterministic. Sibling
    records word their changes as differences, not alterations (:func:`sibling_wording`).

    Returns:
        ``(a_is_reference, reason)``.
    """
    # a text that reads as machine output on its own is not the first-hand one, whatever a lean of
    # the votes says (a date one day off); a machine translation also runs longer than its origin,
    # so the fuller-text rule below would pick it
    mt_a, mt_b = (_reads_machine_translated(s) for s in (sa, sb))
    if mt_a != mt_b:
        return mt_b, "the other reads as machine translation on its own (translation artefacts)"
    if votes:
        return votes > 0, "the direction evidence above leans that way"
    pairs_ab = [(j, i, x) for i, j, x in al.pairs]  # b read as a copy of a
    k_b = derivation_kind(b, a, sb, sa, pairs_ab, list(al.lexical))
    k_a = derivation_kind(a, b, sa, sb, list(al.pairs), list(al.lexical))
    # a "machine-translated" reading where neither text reads as machine output on its own rests on
    # artefacts of the pair alone (accents one side kept, the other stripped): no ground to call the
    # fuller, credited text the derived one (a hold-out test: AP's republication read against a
    # paraphrase of it)
    # "edited" one way and "verbatim" the other is a cut (the shorter text wholly inside the longer,
    # which reads edited for the text after the other's end): no sign of which came first, so the
    # dates and the rules below decide (a new-user test: a wire story read as an edited copy of a
    # newspaper's cut of it published a day later)
    if k_a != k_b and {k_a, k_b} != {"edited", "verbatim"} \
            and not ("machine-translated" in (k_a, k_b) and not (mt_a or mt_b)):
        a_ref = _KIND_RANK.index(k_b) < _KIND_RANK.index(k_a)
        return a_ref, f"read as a copy of the other it is {k_b if a_ref else k_a}, the other way {k_a if a_ref else k_b}"
    da, db = article_date(a), article_date(b)
    if order := published_order(da, db):
        # what the later one changed reads in publication order (the dates did not decide a
        # direction: both copy a declared source, or other evidence stood against them); before
        # attribution, as a credit the earlier page lacks says nothing of which text came first (a
        # new-user test: a dated original was read against a copy published two days later that
        # credits the agency)
        return order > 0, f"the reference was published first ({_span_text(da if order > 0 else db)})"
    ta, tb = attribution(a), attribution(b)
    if ta != tb and (ta > tb or tb > ta):  # keeps byline/credit the other lacks: likelier the first-hand text
        keeps, lacks = (ta, tb) if ta > tb else (tb, ta)
        return ta > tb, f"the reference keeps the attribution the other lacks ({', '.join(sorted(keeps - lacks))})"
    if (da is None) != (db is None):
        # a page that carries its date is likelier the first-hand one than a scrape that dropped it
        # (a new-user test: an undated copy of a newspaper's copy, with its own additions, was the
        # fuller text and so the newspaper's reference)
        return da is not None, f"the reference is dated ({_span_text(da or db)}), the other not"
    if languages_differ(a, b) and "en" in (a.language, b.language):
        # characters do not compare across languages (Spanish runs longer than English), and the
        # kinds read a translation as one out of English (issue 3: "translation (other language)")
        return a.language == "en", "across languages the English text is the reference"
    na, nb = (int((getattr(x, "_meta", None) or {}).get(IDENTICAL_OUTLETS) or 1) for x in (a, b))
    # ... but never where one text reads as spun from the other: a content farm mirrors its spun copy
    # on several hosts (an adversarial test: three mirrors of a light spin outvoted the plain text)
    if na != nb and not _spin_vote(sa, sb, al)[0]:
        # the text more outlets carry word for word is the one they agree on, as a reading many
        # witnesses share is the likelier original in textual criticism (an adversarial test: a
        # verbatim republication at two outlets was read against a third copy's altered quotes)
        return na > nb, f"the reference is carried word for word by more outlets ({max(na, nb)} vs {min(na, nb)})"
    ca, cb = _content_chars(sa), _content_chars(sb)
    if ca != cb:
        return ca > cb, f"the reference is the fuller text ({max(ca, cb)} vs {min(ca, cb)} prose characters)"
    return (a.id or "") <= (b.id or ""), "no evidence either way; the reference is the smaller id"


def _reads_machine_translated(sents: list[Sentence]) -> bool:
    """Whether a text reads as machine output on its own: :data:`MT_TRACES_ALONE` or more
    translation traces of two or more kinds (:func:`machine_translation_traces`)."""
    traces = machine_translation_traces(sents)
    return sum(traces.values()) >= MT_TRACES_ALONE and len(traces) >= 2


#: Change details that assert a direction, and how a sibling record words them instead.
_SIBLING_WORDING = ((CREDIT_REPLACED_BY_BYLINE, "credit only in the sibling, each with its own byline"),
                    ("quote altered", "quote differs"), ("origin text missing from the copy", "text only in the sibling"),
                    ("copy text not in the origin", "text only in this copy"), ("credit dropped", "credit only in the sibling"),
                    ("byline dropped", "byline only in the sibling"), ("credit changed", "credits differ"),
                    ("byline changed", "bylines differ"), ("byline added", "byline only in this copy"),
                    ("headline replaced", "headlines differ"),
                    ("moved out of order: origin #", "in another order: sibling #"), ("-> copy #", "-> this copy #"),
                    ("copy text after the origin's end", "text only in this copy, after the sibling's end"))


def sibling_wording(detail: str) -> str:
    """A change detail for two siblings of an inferred source: neither altered the other, so the
    detail says how they differ ("quote altered (90% alike)" -> "quote differs (90% alike)")."""
    for old, new in _SIBLING_WORDING:
        detail = detail.replace(old, new)
    return detail


def direct_wording(detail: str) -> str:
    """The inverse of :func:`sibling_wording`: a sibling record's change detail as a copy's alteration
    ("quote differs" -> "quote altered"), for a sibling record read as a direct link
    (:func:`newstrace.provenance.graph.promoted_siblings`)."""
    for old, new in _SIBLING_WORDING:
        detail = detail.replace(new, old)
    return detail


#: Openings of the direction-evidence lines :func:`build_derivation` adds to a sibling record.
SIBLING_REASONS = ("no clear direction (net votes", "changes are read from the sibling to the copy")


def sibling_reasons(reason: str) -> bool:
    """Whether a direction-evidence line is one that only a sibling record carries (:data:`SIBLING_REASONS`)."""
    return reason.startswith(SIBLING_REASONS)


def credited_rewrite(copy_art, origin_art, dec: PairDecision, copy: list[Sentence],
                     copy_partners: dict[int, Sentence]) -> bool:
    """Whether a copy read as "rewritten" names its source: it credits the origin's outlet by name
    (``credit_link`` with the copy naming it) or retells the report the two share quotations of
    (:func:`credited_quotation`).

    The provenance corpus labels such rewrites and summaries (newser's "reports Reuters", a
    rewrite "according to a report from Reuters", a credited rewrite of Telemundo) copy-edited;
    "rewritten" stays for uncredited fluent paraphrase, the output of paraphrase tools and LLMs
    (issue 3's kinds; INDEX.md of the corpus: copy-edited includes "rewrites with credit").
    The outlet must be named in a copy sentence of its own (:func:`text_credit`; ``copy`` are the
    copy's sentences, ``copy_partners`` their aligned origin sentences): an AP story's "told The
    Associated Press", paraphrased, is no credit.
    """
    if dec.evidence.credited_quote_words >= CREDITED_QUOTE_WORDS and attributed_sources(copy_art):
        return True
    key = outlet_key(origin_art)
    return bool(dec.credit_link and key and text_credit(copy_art, key, copy, copy_partners))


def build_derivation(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment, dec: PairDecision) -> Derivation:
    """The Derivation record of a linked pair: direct when the votes reach :data:`DIRECTION_MARGIN`, else siblings.

    For siblings, ``copy_id`` and the sibling (reference) are chosen by :func:`sibling_reference`,
    and the changes and alignment read from the reference to the copy.
    """
    direct = abs(dec.votes) >= DIRECTION_MARGIN
    if direct:
        b_is_copy = dec.votes > 0
        why_ref = ""
    else:
        b_is_copy, why_ref = sibling_reference(a, b, sa, sb, al, dec.votes)
    if not b_is_copy:  # b is the origin (or reference) of a
        copy_art, origin_art, cs, os_ = a, b, sa, sb
        pairs = [(i, j, s) for i, j, s in al.pairs]
        moved = list(al.moved)
        cov_c, cov_o = al.coverage_a, al.coverage_b
        name_a, name_b = "copy", ("origin" if direct else "sibling")
    else:  # a is the origin (or reference) of b
        copy_art, origin_art, cs, os_ = b, a, sb, sa
        pairs = [(j, i, s) for i, j, s in al.pairs]
        moved = [(j, i, s) for i, j, s in al.moved]
        cov_c, cov_o = al.coverage_b, al.coverage_a
        name_a, name_b = ("origin" if direct else "sibling"), "copy"
    # reasons name "first" (a) and "second" (b); say which is the copy instead
    # (whole words only: an outlet such as "Firstpost" keeps its name)
    reasons = [_ROLE_WORD.sub(lambda m: name_a if m.group(0) == "first" else name_b, r) for r in dec.reasons]
    lexical = list(al.lexical)
    kind = derivation_kind(copy_art, origin_art, cs, os_, pairs, lexical)
    if kind == "rewritten" and credited_rewrite(copy_art, origin_art, dec, cs,
                                                {i: os_[j] for i, j, _ in pairs + moved}):
        kind = "edited"
        reasons = reasons + [("a credited rewrite: the copy names its source, as a newsroom's rewrite or "
                              "summary does and an automated paraphrase does not, so it is read as edited")]
    # sentences reworded past the alignment threshold between two aligned neighbours: a changed
    # sentence, not one omitted and one added (the decision above did not count them)
    gaps = gap_pairs(cs, os_, pairs, ({i for i, _, _ in moved}, {j for _, j, _ in moved}))
    changes = find_changes(copy_art, origin_art, cs, os_, sorted(pairs + gaps), moved)
    if kind == "verbatim":
        # a figure, date or quotation changed in a prose sentence reworded past the alignment (a
        # gap pair, read after the kind): an edit however close the rest (a new-user test:
        # "verbatim" for an update whose "4 million" became "5 million"); a date line is furniture
        # (a quotation's change holds the quoted words, inside a prose sentence)
        prose = [s.text for s in cs if is_prose(s)]
        # and so are paragraphs added at the end
        if any((c.kind in _EDITS_OF_FACT and c.copy_text and any(c.copy_text in p for p in prose))
               or c.detail == APPENDED for c in changes):
            kind = "edited"
    aligned = [AlignedPair(copy_index=i, origin_index=j, copy_sentence=cs[i].text, origin_sentence=os_[j].text,
                           similarity=round(s, 3)) for i, j, s in sorted(pairs + moved + gaps)]
    if not direct:
        reasons = reasons + [f"no clear direction (net votes {dec.votes}): siblings of an inferred common source",
                             f"changes are read from the sibling to the copy: {why_ref}"]
        changes = [c.model_copy(update={"detail": sibling_wording(c.detail)}) for c in changes]
    return Derivation(
        copy_id=copy_art.id,
        origin_id=origin_art.id if direct else None,
        copy_source=_source(copy_art),
        origin_source=_source(origin_art) if direct else None,
        kind=kind,
        score=round(dec.probability, 4),
        coverage=round(cov_c, 4),
        copy_coverage=round(cov_c, 4),
        origin_coverage=round(cov_o, 4),
        direction_evidence=reasons,
        alignment=aligned,
        changes=changes,
        inferred_source=not direct,
        sibling_ids=[] if direct else [origin_art.id],
    )


def _source(article) -> str | None:
    src = getattr(article, "source", None)
    if src is None:
        return None
    return src.url or src.path
