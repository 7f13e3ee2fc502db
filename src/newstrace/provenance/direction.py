"""Direction evidence beyond dates and credits: damage artefacts, attribution dropped, and syndication cuts.

Each function returns one vote ``(v, reason)``: ``v > 0`` says the first article (``a``) is the
origin of the second (``b``), ``v < 0`` the reverse, ``0`` no evidence; reasons speak of "first"
and "second" like :func:`newstrace.provenance.derive.direction_votes`, which adds them up.

- Damage artefacts (:func:`damage_vote`): a profanity filter's substitutions ("Badociated"),
  words glued by lost markup, lost quotation marks and mojibake, found and undone at analysis
  time (``Article.repairs``), do not heal when a text is copied; a copy made from the damaged
  text would carry them. So the side whose *aligned* sentences needed such repairs, where the
  other side needed none, is the derived one (the damage is how content farms' copies are
  recognised: see the README's example and issue 1).
- Attribution dropped (:func:`attribution_vote`): copies drop the byline, the agency credit,
  the dateline or the contributor line far more often than they invent ones that name the
  original reporters; the side whose attribution is a strict superset of the other's is the
  origin (changes.py reports the same fact as a "credit dropped" / "byline dropped" change).
- Declared source (:func:`declared_sources`, applied by :func:`declared_source_limit`): a credit
  line naming an agency ("(AP)", "Reuters") or a republication notice ("In partnership with The 74",
  "This article was originally published by ProPublica") says which outlet an article copies; an
  article that declares another outlet than the other side's is not the other side's copy, whatever
  the dates say (two newspapers print one wire story on different days; a partner republishes a
  day after a mirror scraped the original). Two such articles are siblings of that source.
- Diacritics are no vote. A name written "Guaidó" on one side and "Guaido" on the other says
  nothing about direction: AP style writes names without diacritics, and a machine translation
  through Spanish or Portuguese puts them back (the first seed, an English round trip of an AP
  story, has "Nicolás", "Táchira", "Pérez" where AP wrote them plainly). Gained diacritics count
  only towards the kind, as a trace of machine translation
  (:func:`newstrace.provenance.derive.translation_artefacts`).
- Syndication cut (:func:`cut_vote`): syndication shortens from the end and drops furniture;
  the shorter side, all of whose prose aligns in order inside the longer one with nothing added,
  while the longer has prose the shorter lacks *and* attribution the shorter lacks, reads as a
  cut of it. Additions happen too (a copier adds a paragraph of context), so the vote needs the
  attribution asymmetry as well and weighs one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from newstrace.provenance.align import Alignment
from newstrace.provenance.credit import agency_names, agency_of, article_credit
from newstrace.provenance.text import Sentence, fold
from newstrace.structure.credit import republication_sources

#: Repair kinds that are damage a copy inherits, with their vote weight: a censor filter's and
#: an encoding's damage are mechanical and unmistakable; glued words and quotation-mark repairs
#: can also come from extracting the origin's own page, so they weigh half.
DAMAGE_WEIGHTS = {"censor": 1.0, "encoding": 1.0, "glued": 0.5, "quote_mark": 0.5}
#: Damage weight from which the damaged side is named the copy with two votes (one vote below).
DAMAGE_STRONG = 2.0
#: Share of the shorter side's content aligned for it to count as wholly contained (cut rule).
CUT_COVERAGE = 0.9
#: The longer side's coverage must stay below this: it must have prose the shorter lacks.
CUT_LONGER_MAX = 0.85


def _norm(s: str) -> str:
    return " ".join(re.findall(r"\w+", fold(s)))


def damage_in(article, sents: list[Sentence], idx) -> list[str]:
    """Damage repairs of ``article`` that fall in its sentences ``idx`` (the aligned ones).

    A repair is located by its repaired text (``after``) or its damaged text (``before``)
    occurring, word-normalised, in one of those sentences (the log's offsets refer to the
    document during repair, not to the structured body). A quotation-mark repair is located in
    any of those sentences that holds a quotation.

    Args:
        article: an Article (``repairs`` read; missing or empty -> no damage).
        sents: the article's sentences.
        idx: indices into ``sents``.

    Returns:
        One description per located repair, e.g. ``"censor Badociated -> Associated"``.
    """
    reps = [r for r in (getattr(article, "repairs", None) or []) if r.kind in DAMAGE_WEIGHTS]
    if not reps:
        return []
    chosen = [sents[i] for i in sorted(set(idx)) if 0 <= i < len(sents)]
    texts = [" " + _norm(s.text) + " " for s in chosen]
    quoted = any(s.quote_share > 0 for s in chosen)
    out = []
    for r in reps:
        if r.kind == "quote_mark":
            if quoted:
                out.append(f"quote_mark {r.before.strip() or r.before!r} -> {r.after.strip() or r.after!r}")
            continue
        keys = [k for k in (_norm(r.after), _norm(r.before)) if len(k) >= 3]
        if any(" " + k + " " in t for k in keys for t in texts):
            out.append(f"{r.kind} {r.before.strip()} -> {r.after.strip()}")
    return out


def _weight(found: list[str]) -> float:
    return sum(DAMAGE_WEIGHTS[f.split(" ", 1)[0]] for f in found)


def damage_vote(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment) -> tuple[int, str]:
    """Vote from damage repaired in the aligned sentences of one side only (see module docstring).

    Two votes when the damaged side's weight reaches :data:`DAMAGE_STRONG` (e.g. two censor
    substitutions, or one and two glued words), one below; none when both or neither are damaged,
    and none when the clean side is wholly contained (coverage >= :data:`CUT_COVERAGE`) in a
    damaged side that has more prose (< :data:`CUT_LONGER_MAX`): a longer copy cannot come from a
    cut, so the two are siblings.
    """
    pairs = al.pairs + al.moved
    da = damage_in(a, sa, [i for i, _, _ in pairs])
    db = damage_in(b, sb, [j for _, j, _ in pairs])
    if bool(da) == bool(db):
        return 0, ""
    found, side = (db, "second") if db else (da, "first")
    # the damaged side holding prose beyond a wholly contained other cannot have been copied
    # from that other alone (a cut of the common origin): damage then says only "siblings"
    cov_damaged, cov_clean = (al.coverage_b, al.coverage_a) if db else (al.coverage_a, al.coverage_b)
    if cov_clean >= CUT_COVERAGE and cov_damaged < CUT_LONGER_MAX:
        return 0, ""
    w = _weight(found)
    v = 2 if w >= DAMAGE_STRONG else 1
    distinct = list(dict.fromkeys(found))
    shown = "; ".join(distinct[:8]) + (f"; and {len(distinct) - 8} more" if len(distinct) > 8 else "")  # whole items only
    reason = f"damage: the {side} article's shared sentences needed {len(found)} repairs the other's did not ({shown})"
    return (v if db else -v), reason


def attribution(article) -> set[str]:
    """Which attribution parts an article carries: ``byline``, ``credit``, ``dateline``, ``contributors``.

    A news agency the byline names as if it were a person ("By Tove Lindqvist, Prensa Asociada":
    :func:`newstrace.provenance.credit.agency_names`) is a credit, not a byline.
    """
    agencies = agency_names(article)
    out = {k for k in ("dateline", "contributors") if getattr(article, k, None)}
    if not getattr(article, "dateline", None) and _dateline_in_body(getattr(article, "text", None) or ""):
        out.add("dateline")  # a page compiling wire stories keeps each story's dateline in its paragraph
    if getattr(article, "credit", None) or agencies:
        out.add("credit")
    if any(x not in agencies for x in getattr(article, "byline", None) or []):
        out.add("byline")
    return out


@lru_cache(maxsize=4096)
def _dateline_in_body(text: str) -> bool:
    """Whether a paragraph of ``text`` opens with a wire dateline that names an agency ("NAIROBI,
    March 14 (AFP) - ..."): the structure reads a dateline only where the story starts."""
    from newstrace.structure.credit import parse_dateline

    return any((d := parse_dateline(p.strip())) is not None and d.credit for p in text.split("\n") if "(" in p[:80])


def attribution_vote(a, b) -> tuple[int, str]:
    """One vote for the side whose attribution strictly contains the other's (the other dropped parts of it).

    No vote when either side has no attribution at all (it may lie outside the extracted text),
    or when a byline on both sides names different people (a copier's own byline is a rewrite of
    attribution, not a drop).
    """
    ta, tb = attribution(a), attribution(b)
    # an article with no attribution at all says nothing: extraction often leaves the byline in
    # the page template (measured: the provenance corpus's original h01 has none, its copy h03 does)
    if not ta or not tb or not (ta > tb or tb > ta):
        return 0, ""
    ba = {fold(x) for x in getattr(a, "byline", None) or [] if not agency_of(x)}
    bb = {fold(x) for x in getattr(b, "byline", None) or [] if not agency_of(x)}
    if ba and bb and not (ba & bb):
        return 0, ""
    if ta > tb:
        return 1, f"attribution: the second dropped the first's {', '.join(sorted(ta - tb))}"
    return -1, f"attribution: the first dropped the second's {', '.join(sorted(tb - ta))}"


def _added_in_span(sents: list[Sentence], idx: set[int]) -> int:
    """Content sentences (4+ words) of the shorter side inside its aligned span that align to nothing."""
    if not idx:
        return 0
    return sum(1 for k in range(min(idx), max(idx) + 1) if k not in idx and len(sents[k].words) >= 4)


def cut_vote(a, b, sa: list[Sentence], sb: list[Sentence], al: Alignment) -> tuple[int, str]:
    """One vote for the longer side when the shorter reads as its syndication cut (see module docstring).

    Conditions: the shorter side's coverage >= :data:`CUT_COVERAGE`, the longer's <
    :data:`CUT_LONGER_MAX`, no moved sentences, no unaligned content sentence inside the shorter
    side's aligned span, and the longer side's attribution strictly contains the shorter's.
    """
    if al.moved:
        return 0, ""
    if al.coverage_b >= CUT_COVERAGE and al.coverage_a < CUT_LONGER_MAX:
        short, s_sents, s_idx, long_, v = b, sb, {j for _, j, _ in al.pairs}, a, 1
    elif al.coverage_a >= CUT_COVERAGE and al.coverage_b < CUT_LONGER_MAX:
        short, s_sents, s_idx, long_, v = a, sa, {i for i, _, _ in al.pairs}, b, -1
    else:
        return 0, ""
    if _added_in_span(s_sents, s_idx) or not attribution(long_) > attribution(short):
        return 0, ""
    side, other = ("second", "first") if v > 0 else ("first", "second")
    cov_s, cov_l = (al.coverage_b, al.coverage_a) if v > 0 else (al.coverage_a, al.coverage_b)
    return v, (f"cut: the {side} aligns in order inside the {other} ({cov_s:.2f} vs {cov_l:.2f} covered), "
               f"which has more prose and the attribution the {side} lacks (syndication cut)")


@lru_cache(maxsize=4096)
def _notices(text: str) -> frozenset[str]:
    from newstrace.provenance.derive import outlet_slug

    return frozenset(k for name in republication_sources(text) if len(k := outlet_slug(name)) >= 2)


def outlet_matches(key: str, outlet: str | None) -> bool:
    """True when a declared source key and an outlet key may name one outlet: equal, or one contains
    the other ("74" and "the74million", "propublicaorg" and "propublica"), an agency also by the
    names it is credited by ("ap": "associatedpress", "apnews"); containment errs towards a match,
    which only withholds the rule of :func:`declared_source_limit`."""
    from newstrace.provenance.derive import AGENCY_ALIASES

    if not outlet:
        return False
    names = {key, *AGENCY_ALIASES.get(key, ())} | ({"apnews"} if key == "ap" else set())
    if any(n in outlet or outlet in n for n in names if len(n) >= 2):
        return True
    # a name no agency goes by that reads as a spun or garbled form of the outlet's own ("Related
    # Press", "Badociated Press" for the Associated Press) is that outlet, not another one
    return garbled_name_of(key, outlet)


def garbled_name_of(key: str, outlet: str) -> bool:
    """Whether the outlet key ``key`` reads as another form of ``outlet``'s name or its agency names:
    spun or garbled and no name an agency goes by (:func:`_name_variant`: "relatedpress" and
    "badociatedpress" for "apnews", the Associated Press; "unitedpress" is UPI), or one news agency's
    name translated, cut or mistyped on either side (:func:`newstrace.provenance.credit.agency_of`:
    "prensaasociada", "assoziiertepresse", "associatedpres" for "apnews"; "reuters" for the outlet
    "agenciareuters")."""
    from newstrace.provenance.derive import AGENCY_ALIASES

    names = (outlet, *AGENCY_ALIASES.get(outlet, ()))
    if key not in _agency_names() and any(_name_variant(key, n) for n in names):
        return True
    # one agency under two of its names, either of them translated, cut or mistyped ("prensaasociada"
    # and "apnews", "reuters" and the outlet "agenciareuters")
    agency = agency_of(key)
    return agency is not None and (agency == agency_of(outlet) or _agency_key(agency) in names)


@lru_cache(maxsize=64)
def _agency_key(agency: str | None) -> str | None:
    """The :data:`~newstrace.provenance.derive.AGENCY_ALIASES` key of a news agency's canonical name
    ("The Associated Press" -> "ap", "Agencia EFE" -> "efe"), or None: the key one of whose names
    is the key (:func:`~newstrace.provenance.derive.outlet_slug`) of one of the agency's forms."""
    from newstrace.provenance.derive import AGENCY_ALIASES, outlet_slug
    from newstrace.structure.credit import AGENCIES

    if agency is None:
        return None
    slugs = {outlet_slug(f) for f in (agency, *AGENCIES.get(agency, ()))}
    return next((k for k, names in AGENCY_ALIASES.items() if k != "apnews" and ({k, *names} & slugs)), None)


@lru_cache(maxsize=1)
def _agency_names() -> frozenset[str]:
    """Every key and alias of :data:`~newstrace.provenance.derive.AGENCY_ALIASES` (read once: it is
    asked for every candidate pair's credit and declared sources)."""
    from newstrace.provenance.derive import AGENCY_ALIASES

    return frozenset(n for k, v in AGENCY_ALIASES.items() for n in (k, *v))


def _name_variant(x: str, y: str) -> bool:
    """Whether two outlet keys of 8+ letters read as one name with a word swapped or garbled: the
    same ending of 5+ letters (the kept last word, "press") and rapidfuzz ``fuzz.ratio`` >= 60
    ("relatedpress"/"associatedpress" 67, "badociatedpress"/"associatedpress" 87)."""
    from rapidfuzz import fuzz

    if min(len(x), len(y)) < 8 or x == y:
        return False
    suffix = 0
    while suffix < min(len(x), len(y)) and x[-1 - suffix] == y[-1 - suffix]:
        suffix += 1
    return suffix >= 5 and fuzz.ratio(x, y) >= 60


def declared_sources(article) -> frozenset[str]:
    """Outlet keys an article declares it republishes, other than its own outlet.

    From the ``credit`` field (news agencies as :data:`newstrace.provenance.derive.AGENCY_ALIASES`
    keys, "apnews" read as "ap"; another outlet, as a republication notice names it, by its
    folded name) and from republication notices left in the headline or text
    (:func:`newstrace.structure.credit.republication_sources`). Agency names in the body ("told Reuters") and photo credits do not count:
    originals carry them too.

    Args:
        article: an Article (``credit``, ``headline``, ``text``, ``outlet`` or source URL read).

    Returns:
        Keys such as ``{"ap"}`` or ``{"74"}``; empty when nothing is declared.
    """
    from newstrace.provenance.derive import AGENCY_ALIASES, mentions, outlet_key, outlet_slug

    credit = article_credit(article) or ""
    keys = {("ap" if k == "apnews" else k) for k in AGENCY_ALIASES if credit and mentions(credit, k)}
    if credit and not keys and (k := _agency_key(agency_of(credit))):  # "Prensa Asociada", "Agencia Reuters"
        keys.add(k)
    if credit and not keys and len(outlet_slug(credit)) >= 2:  # a republication notice's outlet ("The 74")
        keys.add(outlet_slug(credit))
    keys |= _notices((getattr(article, "headline", None) or "") + "\n" + (getattr(article, "text", None) or ""))
    own = outlet_key(article)
    return frozenset(k for k in keys if not outlet_matches(k, own))


#: Languages that write a decimal point and comma thousands ("12.5", "1,050"); the others write a
#: decimal comma and point or space thousands ("12,5", "1.050", "1 050"). After the CLDR number
#: symbols (unicode.org, "decimal" and "group" of each locale's latn numbering system).
DECIMAL_POINT_LANGUAGES = frozenset({"en", "zh", "ja", "ko", "th", "he", "hi", "ms", "tl", "ga", "cy", "mt", "sw"})
#: Figures written the other language's way ("2,1 tons" in English) that a translation must share
#: with the other side, in aligned sentences, to be read as made from it (:func:`figure_style_vote`).
FOREIGN_FIGURES_MIN = 2
_DECIMAL_COMMA = re.compile(r"^\d+,\d{1,2}$|^\d{1,3}(?:\.\d{3}){2,}$")  # "12,5"; "1.250.000"
_DECIMAL_POINT = re.compile(r"^\d+\.\d{1,2}$|^\d{1,3}(?:,\d{3}){2,}$")  # "12.5"; "1,250,000"


def _decimal_point(language: str | None) -> bool | None:
    base = (language or "").split("-")[0].lower()
    return (base in DECIMAL_POINT_LANGUAGES) if base else None


def figure_style_vote(a, b, sa: list[Sentence], sb: list[Sentence], pairs) -> tuple[int, str]:
    """Votes for the side a translation was made from: its figures are written in the other's style.

    A translator or a machine translation that keeps figures as written leaves the source language's
    decimal comma or point in the target text: an English machine translation of a Spanish article
    writes "2,1 tons" and "12,5 millions", as the Spanish article does and no English text would
    (a new-user test's English copy made from a Spanish translation of an AP story). Counted: figures
    that are unambiguous in style (a decimal of one or two places, or two or more thousands groups),
    written in the style of the other side's language and not of their own, and written the same in
    the aligned sentence of the other side. :data:`FOREIGN_FIGURES_MIN` of them make the vote.

    Args:
        a, b: the two Articles (``language`` read); sa, sb: their sentences; pairs: aligned
            ``(index in sa, index in sb, similarity)``.

    Returns:
        ``(3, reason)`` when ``b`` was translated from ``a``, ``(-3, reason)`` for the reverse, else ``(0, "")``.
    """
    pa, pb = _decimal_point(getattr(a, "language", None)), _decimal_point(getattr(b, "language", None))
    if pa is None or pb is None or pa == pb:
        return 0, ""

    def foreign(own_point: bool, x: Sentence, y: Sentence) -> list[str]:
        style = _DECIMAL_COMMA if own_point else _DECIMAL_POINT
        theirs = set(y.raw)
        return [t for t in x.raw if style.match(t) and t in theirs]

    in_b = [t for i, j, _ in pairs for t in foreign(pb, sb[j], sa[i])]
    in_a = [t for i, j, _ in pairs for t in foreign(pa, sa[i], sb[j])]
    if len(in_b) >= FOREIGN_FIGURES_MIN and not in_a:
        return 3, f"figures written as the first writes them ({', '.join(dict.fromkeys(in_b))}): the second was translated from it"
    if len(in_a) >= FOREIGN_FIGURES_MIN and not in_b:
        return -3, f"figures written as the second writes them ({', '.join(dict.fromkeys(in_a))}): the first was translated from it"
    return 0, ""


def declared_source_limit(a, b, votes: int) -> tuple[int, str]:
    """Net direction votes limited by the sources the two articles declare (see module docstring).

    An article declaring a source that is not the other side's outlet (:func:`outlet_matches`)
    cannot be the other side's copy: votes naming it the copy are cut to 0, so the pair becomes
    siblings unless other evidence names it the origin. An article of unknown outlet on the
    other side (no ``outlet``, no URL) withholds the rule: it may be the declared source itself.

    Args:
        a, b: the two Articles; votes: net votes (positive: ``a`` is the origin of ``b``).

    Returns:
        ``(votes, reason)``; the reason is empty when the votes are unchanged.
    """
    from newstrace.provenance.derive import outlet_key

    oa, ob = outlet_key(a), outlet_key(b)
    da, db = declared_sources(a), declared_sources(b)
    # a news agency's own page (declaring no source of its own) carries no other agency's text: a
    # copy of it that credits another agency changed the credit (a new-user test's verbatim Reuters
    # story credited to AFP was made a sibling of the Reuters page, "credits differ")
    a_declares = bool(da and ob and not any(outlet_matches(k, ob) for k in da) and not _agency_own_page(ob, db))
    b_declares = bool(db and oa and not any(outlet_matches(k, oa) for k in db) and not _agency_own_page(oa, da))
    if a_declares and b_declares:
        return 0, (f"declared sources: the first republishes {_outlet_names(da)}, the second "
                   f"{_outlet_names(db)}, neither the other: copies of a common source, whatever their dates")
    if a_declares and votes < 0:
        return 0, f"declared source: the first republishes {_outlet_names(da)}, not the second, so it is not the second's copy"
    if b_declares and votes > 0:
        return 0, f"declared source: the second republishes {_outlet_names(db)}, not the first, so it is not the first's copy"
    return votes, ""


def _outlet_names(keys: frozenset[str]) -> str:
    """Declared-source keys as a reader names them: an agency by its name ("ap" -> "The Associated
    Press"), an outlet key of up to four letters as the initials it is ("cnn" -> "CNN", "bbc" ->
    "BBC"), another outlet by its key ("74", "guardian"); a new user read "republishes ap, the copy ap".

    >>> _outlet_names(frozenset({"ap", "cnn", "74"}))
    '74, CNN, The Associated Press'
    """
    from newstrace.structure.credit import canonical_agency

    def name(key: str) -> str:
        return canonical_agency(key) or (key.upper() if key.isalpha() and len(key) <= 4 else key)

    return ", ".join(sorted({name(k) for k in keys}))


#: Votes of :func:`agency_page_vote`: as many as a credit naming the other's outlet, which is what an
#: agency retelling another outlet's report carries the other way.
AGENCY_PAGE_VOTES = 2


def agency_page_vote(a, b) -> tuple[int, str]:
    """Votes (:data:`AGENCY_PAGE_VOTES`) for the side that is a news agency's own page declaring no other source
    (:func:`_agency_own_page`) where the other is not: an agency's story starts on its own wire,
    and outlets copy and translate it (a new-user test: AP's page and an uncredited German
    translation of it, dated the same day, were left as siblings). An agency that retells another
    outlet names it, which the credit vote reads the other way. Cast only where the dates give no
    order (:func:`~newstrace.provenance.derive.direction_votes`): a translation published a day
    before the agency's write-through is no copy of the write-through."""
    from newstrace.provenance.derive import outlet_key

    ka, kb = outlet_key(a), outlet_key(b)
    ga = _agency_own_page(ka, declared_sources(a))
    gb = _agency_own_page(kb, declared_sources(b))
    if ga == gb:
        return 0, ""
    return (AGENCY_PAGE_VOTES, f"agency page: the first is {ka}'s own story") if ga else \
        (-AGENCY_PAGE_VOTES, f"agency page: the second is {kb}'s own story")


def _agency_own_page(outlet: str | None, declared: frozenset[str]) -> bool:
    """Whether an outlet key is a news agency's own (:data:`~newstrace.provenance.derive.AGENCY_ALIASES`:
    "reuters", "apnews", "afp") and its article declares no source: the agency's own story."""
    return bool(outlet) and outlet in _agency_names() and not declared


#: Key of :attr:`Article._meta` under which a :class:`~newstrace.provenance.PairVerifier` records
#: the order articles were added in (the store adds them in ingestion order).
INPUT_ORDER = "input_order"


def same_input(a, b) -> str | None:
    """What two articles share when they are two versions of one input: the same file record
    (``source.path`` and ``source.record``) or the same page (``source.url``), ingested twice with
    an edit in between.

    Args:
        a, b: Articles.

    Returns:
        ``"file <path>"`` or ``"page <url>"``, or None when they come from different inputs.
    """
    sa, sb = getattr(a, "source", None), getattr(b, "source", None)
    if sa is None or sb is None:
        return None
    if sa.url and sa.url == sb.url:
        return f"page {sa.url}"
    if sa.path and sa.path == sb.path and sa.record == sb.record:
        return f"file {sa.path}" + (f" record {sa.record}" if sa.format != "text" else "")
    return None


def _version_stamp(article) -> str | None:
    """When this version of a page or file was made: its modified date, else its published date (ISO)."""
    return getattr(article, "updated", None) or getattr(article, "published", None)


#: How the direction reason of two versions of one input begins (the resolved graph reads it:
#: :attr:`newstrace.provenance.graph.Link.versions`).
VERSIONS_REASON = "two versions of one"


def is_versions_record(d) -> bool:
    """Whether a Derivation joins two versions of one page or file (an update, not a copy): its
    first direction reason is :data:`VERSIONS_REASON` (:func:`version_vote`)."""
    return bool(d.direction_evidence) and d.direction_evidence[0].startswith(VERSIONS_REASON)


def version_vote(a, b, margin: int) -> tuple[int, list[str]] | None:
    """Direction of two versions of one input (:func:`same_input`), or None when they are not that.

    Two versions of one page or file are no copy of each other's source: the earlier is the
    origin and the later the copy (an edit). Earlier means an earlier modified (else published)
    date-time where both versions state one and they differ; else added earlier (the
    :data:`INPUT_ORDER` a verifier recorded; the store adds articles in ingestion order). With
    neither, no direction is asserted, and the evidence says they are two versions of one input.

    Args:
        a, b: Articles; margin: the votes a direct link needs (``DIRECTION_MARGIN``).

    Returns:
        ``(votes, reasons)``: ``+margin`` when ``a`` is the earlier version, ``-margin`` when ``b``
        is, 0 when nothing orders them; reasons speak of "first" (a) and "second" (b).
    """
    shared = same_input(a, b)
    if shared is None:
        return None
    what = f"{VERSIONS_REASON} {shared.split(' ', 1)[0]} ({shared.split(' ', 1)[1]})"
    ta, tb = _version_stamp(a), _version_stamp(b)
    # a stamp that is a prefix of the other ("2019-06" and "2019-06-03", a day and a time that day) orders nothing
    if ta and tb and not (ta.startswith(tb) or tb.startswith(ta)):
        return (margin if ta < tb else -margin), [f"{what}: dated {ta} (first) and {tb} (second), the earlier is the origin"]
    oa, ob = (getattr(x, "_meta", {}).get(INPUT_ORDER) for x in (a, b))
    if oa is not None and ob is not None and oa != ob:
        which = "first" if oa < ob else "second"
        return (margin if oa < ob else -margin), [f"{what}: the {which} was ingested earlier, so it is the origin"]
    return 0, [f"{what}: nothing says which is earlier"]


# --- sources an article attributes its report to, and quotations two articles share -----------

_OUTLET_NAME = r"((?:[Tt]he[ \t]+)?[A-Z][\w&\u2019'-]*(?:[ \t]+[A-Z][\w&\u2019'-]*){0,3})"
#: Phrases by which a rewrite or summary says whose report it retells (the report noun is required
#: after "according to" and "citing": "according to Choi" names a speaker, not an outlet).
_REPORT_ATTRIBUTION = re.compile(
    r"(?:\b[Aa]ccording[ \t]+to[ \t]+|\b[Cc]iting[ \t]+)(?:(?:a|an|the)[ \t]+)?(?:(?:new|recent|special|exclusive|earlier)[ \t]+)?"
    r"(?:report|story|article|investigation|analysis|interview)[ \t]+(?:(?:first[ \t]+)?(?:published[ \t]+)?(?:from|by|in|on)[ \t]+)"
    + _OUTLET_NAME
    + r"|\b(?:(?:a|an|the)[ \t]+)?(?:special[ \t]+)?(?:report|story|article|investigation)[ \t]+(?:first[ \t]+)?published[ \t]+(?:on|by|in)[ \t]+"
    + _OUTLET_NAME
    + r"|,[ \t]+reports?[ \t]+" + _OUTLET_NAME + r"[ \t]*[.;,]"
    + r"|\b(?:first[ \t]+)?reported[ \t]+(?:earlier[ \t]+)?by[ \t]+" + _OUTLET_NAME
)
#: Words a captured outlet name ends before: "Reuters on Wednesday", "Telemundo's website".
_NAME_TAIL = re.compile(r"(?:['\u2019]s\b.*|[ \t]+(?:on|in|at|that|this|last|earlier|website|site|report|said|says)\b.*)$")


def attributed_sources(article) -> frozenset[str]:
    """Outlet keys whose report an article says it retells, other than its own outlet.

    The outlets named by report attributions in the headline or text (:data:`_REPORT_ATTRIBUTION`):
    "according to a report from Reuters on Wednesday", "a special report published on Telemundo's
    website", "..., reports Reuters.", "first reported by The Guardian". A speaker's attribution
    ("according to Choi", "told Reuters") is not one: the report noun, or the outlet as the agent of
    "reports"/"reported by", is required. Nor is an agency named for one fact ("according to The
    Associated Press", "Reuters reported on Saturday that ..."): a local report cites an agency so
    and quotes the statement every newsroom received (tried in session 13 and left out: it linked
    tests/test_direction.py's invented local report to the Reuters story, 0.83). A credit line or
    republication notice is not one either (:func:`declared_sources` reads those): it marks a licensed copy of the whole story, which the
    alignment finds, and a wire's own stories carry it (two Reuters stories of one event both credit
    Reuters and may quote one statement).

    Args:
        article: an Article (``credit``, ``headline``, ``text``, ``outlet`` or source URL read).

    Returns:
        Outlet keys (:func:`newstrace.provenance.derive.outlet_slug`; agencies by their
        :data:`~newstrace.provenance.derive.AGENCY_ALIASES` key, "apnews" as "ap").
    """
    from newstrace.provenance.derive import outlet_key

    return _attributed((getattr(article, "headline", None) or "") + "\n" + (getattr(article, "text", None) or ""),
                       outlet_key(article))


@lru_cache(maxsize=4096)
def _attributed(text: str, own: str | None) -> frozenset[str]:
    from newstrace.provenance.derive import AGENCY_ALIASES, outlet_slug

    aliases = {a: k for k, names in AGENCY_ALIASES.items() for a in names}
    keys = set()
    for m in _REPORT_ATTRIBUTION.finditer(text):
        name = _NAME_TAIL.sub("", next(g for g in m.groups() if g)).strip()
        key = outlet_slug(name)
        key = aliases.get(key, key)
        if len(key) >= 2:
            keys.add("ap" if key == "apnews" else key)
    return frozenset(k for k in keys if not outlet_matches(k, own))


#: Shortest run of identical words inside quotation marks on both sides that counts as a shared
#: quotation (words, folded): "I lost everything: my family, my house" is seven.
QUOTE_RUN_WORDS = 4


def _quotations(sents: list[Sentence]) -> list[list[str]]:
    """The quotations of an article as lists of folded words: maximal runs of quoted words, a run
    continuing into the next sentence when that sentence opens inside the quotation."""
    out: list[list[str]] = []
    open_run = False
    for s in sents:
        for w, inside in zip(s.words, s.quoted or [False] * len(s.words)):
            if inside:
                if not open_run:
                    out.append([])
                out[-1].append(w)
            open_run = inside
    return out


#: Quotations of at least this many words are compared by :func:`own_quotations` ...
OWN_QUOTE_WORDS = 6
#: ... each side must hold at least this many of them ...
OWN_QUOTES_MIN = 2
#: ... and a copy keeps at least this share of one quotation's distinct words in one of the other's.
#: Measured on new-user tests and public pages: copies that keep quotations (spun, machine-translated
#: back to English, an AI rewrite) keep 0.75-1.0 of their best-kept quotation; two invented
#: independent reports with their own quotations of the same speakers, 0.27 and 0.31.
OWN_QUOTE_SHARE = 0.6


def own_quotations(sa: list[Sentence], sb: list[Sentence]) -> bool:
    """Whether two articles of one language each quote people in their own words: both hold at least
    :data:`OWN_QUOTES_MIN` quotations of :data:`OWN_QUOTE_WORDS`+ words, and no quotation of the
    side with fewer keeps :data:`OWN_QUOTE_SHARE` of its distinct words in any quotation of the other.

    A rewrite, a spun copy or a machine translation keeps the quotations it took (a rewriter has
    no one to interview); independent reporters who heard the same speakers come back with other
    words. So a pair aligned on facts alone, with wholly different quotations, is two reports.
    """
    qa = [set(q) for q in _quotations(sa) if len(q) >= OWN_QUOTE_WORDS]
    qb = [set(q) for q in _quotations(sb) if len(q) >= OWN_QUOTE_WORDS]
    if len(qa) < OWN_QUOTES_MIN or len(qb) < OWN_QUOTES_MIN:
        return False
    if len(qa) > len(qb):
        qa, qb = qb, qa
    return all(len(x & y) < OWN_QUOTE_SHARE * len(x) for x in qa for y in qb)


def shared_quotation_words(sa: list[Sentence], sb: list[Sentence]) -> int:
    """Words of the two articles' quotations repeated word for word: for each quotation of the
    article with fewer quoted words, the words in runs of :data:`QUOTE_RUN_WORDS`+ identical words
    (:class:`difflib.SequenceMatcher` blocks) shared with its best-matching quotation of the other,
    summed. Wherever the quotations stand (a rewrite moves them into other sentences)."""
    from difflib import SequenceMatcher

    qa, qb = _quotations(sa), _quotations(sb)
    if sum(map(len, qa)) > sum(map(len, qb)):
        qa, qb = qb, qa
    total = 0
    for x in qa:
        if len(x) < QUOTE_RUN_WORDS:
            continue
        best = 0
        for y in qb:
            if len(y) < QUOTE_RUN_WORDS:
                continue
            blocks = SequenceMatcher(None, x, y, autojunk=False).get_matching_blocks()
            best = max(best, sum(b.size for b in blocks if b.size >= QUOTE_RUN_WORDS))
        total += best
    return total
