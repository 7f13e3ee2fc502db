"""Paragraphs omitted and added: unaligned article text, told from page furniture, translations, merges and excerpt cuts."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from difflib import SequenceMatcher
from functools import lru_cache

from newstrace.nlp.language import identify_language
from newstrace.provenance.align import TAU
from newstrace.provenance.rewording import MIN_KEPT, SLANT_TERMS, _base, _kept, _words
from newstrace.provenance.text import Sentence, fold, quoted_spans, tokens
from newstrace.schema import Change
from newstrace.structure.byline import parse_byline
from newstrace.structure.furniture import NAV_NEUTRAL, NAV_TOKEN, NAV_WORDS


def _cut(s: Sentence) -> bool:
    """Whether a sentence stops without closing punctuation (an excerpt cut mid-sentence)."""
    return s.text.rstrip()[-1:] not in (".", "!", "?", '"', "\u201d", "'", "\u2019", ")")


def slant_in_additions(additions: list[Change], origin: list[Sentence]) -> list[Change]:
    """Slant terms (:data:`~newstrace.provenance.rewording.SLANT_TERMS`) in added copy text,
    outside quotations, that the origin nowhere uses (compared on 5-letter stems, so a translated
    "regime" is no slant): "the self-proclaimed president" in a new sentence slants the copy as
    much as in a reworded one.

    Returns:
        One ``slant`` Change per term, with the added text as copy text.
    """
    stems = {w[:5] for s in origin for w in s.words}
    out = []
    for ch in additions:
        unquoted = ch.copy_text
        for q in quoted_spans(ch.copy_text):  # a speaker's own word ("more radical," he said) is no slant
            unquoted = unquoted.replace(q, " ")
        for w, raw in zip(_words(unquoted), tokens(unquoted)):
            if w in SLANT_TERMS and w[:5] not in stems:
                stems.add(w[:5])  # once per term
                out.append(Change(kind="slant", copy_text=ch.copy_text, detail=f"inserted {raw!r}"))
    return out


#: Sentences of fewer words than this that do not close with sentence punctuation are links,
#: labels and menu items ("Pular para o menu principal", "Choose from 30 Languages", "In
#: Partnership with 74"), not paragraphs: a page's furniture, never an omission or an addition.
FRAGMENT_WORDS = 6
#: Least share of a line's words (joining words such as "+" and "and" aside) that are navigation
#: words (:data:`newstrace.structure.furniture.NAV_WORDS`, plus the site's name words of neither
#: page) for a line without closing punctuation to be a menu ("Today's Paper Search Latest
#: stories Listen Traffic Legislature ..." has 14 of 15).
NAV_SHARE = 0.75
#: Labels that open a link to another article ("read also"), EN/ES/PT/FR/DE, folded; followed by
#: a colon or a dash. Such a line names another story: page furniture, not an added paragraph.
READ_ALSO = ("read also", "also read", "read more", "see also", "related", "more on this", "recommended",
             "lea tambien", "lee tambien", "lea ademas", "ver tambien", "te puede interesar", "relacionado",
             "relacionada", "relacionadas", "relacionados", "leia tambem", "leia mais", "veja tambem",
             "saiba mais", "lire aussi", "a lire aussi", "voir aussi", "lesen sie auch", "mehr zum thema")
_READ_ALSO = re.compile(r"^\W*(?:" + "|".join(re.escape(x) for x in READ_ALSO) + r")\s*[:\-\u2013\u2014|]")


def is_furniture(s: Sentence) -> bool:
    """Whether an unaligned sentence is page furniture rather than a paragraph of the article.

    Four kinds, each a rule over the line itself (no site's strings): a fragment of fewer than
    :data:`FRAGMENT_WORDS` words without closing punctuation (a link, label or menu item); a page
    title or breadcrumb without closing punctuation, its parts set apart by " | " (a byline
    line, :func:`newstrace.structure.byline.parse_byline`, is neither); a
    navigation bar, a line without closing punctuation whose words are at least
    :data:`NAV_SHARE` navigation words (:data:`newstrace.structure.furniture.NAV_WORDS`); a link
    to another story opening with a "read also" label (:data:`READ_ALSO`: "Lea También: ...").

    Args:
        s: an analysed sentence.

    Returns:
        True for furniture (bool).

    >>> from newstrace.provenance.text import analyse_sentence
    >>> [is_furniture(analyse_sentence(t)) for t in ("Skip to main content", "Read also: Port reopens",
    ...  "Home News Sport Weather Obits Puzzles + Games", "The port reopened on Monday after a week.")]
    [True, True, True, False]
    """
    cached = s.__dict__.get("_furniture")  # read per pair for the same sentence: kept on it
    if cached is None:
        cached = s.__dict__["_furniture"] = _furniture(s)
    return cached


def _furniture(s: Sentence) -> bool:
    text = s.text.strip()
    if _READ_ALSO.match(fold.__wrapped__(text).casefold()):  # a sentence, not a word: kept out of fold's cache
        return True
    if _cut(s) and not parse_byline(text):  # a byline ("By Ann Lee, CNN") is the credit, never furniture
        # a page title or breadcrumb: "Headline | Site", "News from the UK | Sky News"
        if len(s.words) < FRAGMENT_WORDS or " | " in text:
            return True
        counted = [w.casefold() for w in NAV_TOKEN.findall(text) if w.casefold() not in NAV_NEUTRAL]
        if len(counted) >= 3 and sum(w in NAV_WORDS for w in counted) >= NAV_SHARE * len(counted):
            return True
    return False


#: Characters of a side's aligned text read to tell its language (enough for a confident decision).
LANGUAGE_SAMPLE = 1000

#: A correction or editor's note ("This story has been corrected to show ...", "An earlier version of
#: this article misstated ...", "Correction: ..."): reported even after the last shared sentence, where
#: other appended text is not (:func:`paragraph_changes`), since it is what a fact-checker looks for.
CORRECTION_NOTICE = re.compile(
    r"^\W*(?:correction|clarification|editor'?s\s+note|update)\s*[:\u2013\u2014-]"
    r"|\b(?:this|the)\s+(?:story|article|report|post)\s+(?:has\s+been|was)\s+(?:corrected|updated|amended|changed)\b"
    r"|\ban?\s+(?:earlier|previous)\s+version\s+of\s+this\s+(?:story|article|report|post)\b",
    re.IGNORECASE,
)


def _language(sents: list[Sentence], ks) -> str | None:
    """Language (:func:`newstrace.nlp.language.identify_language`) of the sentences ``ks`` read
    together (their first :data:`LANGUAGE_SAMPLE` characters)."""
    return identify_language(" ".join(sents[k].text for k in ks)[:LANGUAGE_SAMPLE])[0]


#: First code points of Unicode blocks and the writing system each starts (the blocks of the
#: languages news is written in; the rest of the Basic Multilingual Plane reads as "other").
_SCRIPT_STARTS = [(0x0000, "latin"), (0x0370, "greek"), (0x0400, "cyrillic"), (0x0530, "armenian"),
                  (0x0590, "hebrew"), (0x0600, "arabic"), (0x0700, "other"), (0x0900, "indic"),
                  (0x0E00, "thai"), (0x0E80, "other"), (0x1E00, "latin"), (0x1F00, "greek"), (0x2000, "other"),
                  (0x3040, "cjk"), (0xA000, "other"), (0xAC00, "hangul"), (0xD7B0, "other")]
_SCRIPT_KEYS = [start for start, _ in _SCRIPT_STARTS]


def _script(text: str) -> str:
    """The writing system most of the letters of ``text`` belong to (:data:`_SCRIPT_STARTS`:
    "latin", "cyrillic", "greek", "arabic", "cjk", ...), or "" without letters.

    >>> _script("Кризис в Венесуэле"), _script("Crisis en Venezuela"), _script("2019")
    ('cyrillic', 'latin', '')
    """
    if text and max(text) < "\u0370":  # Latin letters only (the common case, read at C speed)
        return "latin" if any(c.isalpha() for c in text) else ""
    scripts = Counter(_SCRIPT_STARTS[bisect_right(_SCRIPT_KEYS, ord(c)) - 1][1] for c in text if c.isalpha())
    return scripts.most_common(1)[0][0] if scripts else ""


#: Share of a sentence's words found among the words of its side's aligned text and of the other
#: text from which the sentence is taken to be in the aligned text's language without asking the
#: language identifier: a text's function words come back in every sentence of its language.
SAME_LANGUAGE_WORDS = 0.5


def _other_language(s: Sentence, language, script: str = "", vocabulary: frozenset[str] = frozenset()) -> bool:
    """Whether ``s`` is written in another language than that of its side's aligned text (its
    ``script``, its folded words ``vocabulary``, and ``language``: the language code or None, or
    a function of no argument returning it, asked only when needed): the other half of a
    bilingual page, which translates what is aligned, not a paragraph added or omitted. Another
    script (:func:`_script`) tells it at once; a sentence sharing :data:`SAME_LANGUAGE_WORDS` of
    its words with the aligned text is in its language; otherwise py3langid must name another
    language with confidence (:func:`newstrace.nlp.language.identify_language`)."""
    if script and _script(s.text) not in ("", script):
        return True
    if sum(w in vocabulary for w in s.words) >= SAME_LANGUAGE_WORDS * len(s.words):
        return False
    # the sentence's own language first: it is cached across partners, and an unsure one (None)
    # settles the test without identifying the aligned text's
    code = _sentence_language(s.text)
    if code is None:
        return False
    if callable(language):
        language = language()
    return language is not None and code != language


@lru_cache(maxsize=8192)
def _sentence_language(text: str) -> str | None:
    """:func:`newstrace.nlp.language.identify_language` of one sentence, cached: the trace compares
    an article with several others, and its unaligned sentences come back with each."""
    return identify_language(text)[0]


#: A text's last sentence cut mid-sentence (an excerpt's end) is reported only from this many words
#: on: a shorter stub ("Más de 1,400 int") says too little to be read as a paragraph.
CUT_WORDS = 12
#: A sentence left unaligned whose words (folded, repeats counted) stand at least at this share
#: in one sentence of the other side, with a run of :data:`MOVED_RUN` words in order,
#: was merged into that sentence, split or moved ("Pero tres meses más tarde, Jiménez y otros 800
#: policías y militares ... atascados" into "En Colombia actualmente hay 800 policias y militares
#: atascados y muchos ..."): its text is still there, so it is neither omitted nor added.
MOVED_SHARE = 0.4
#: Fewest words in order that a merged or moved sentence shares with its new sentence.
MOVED_RUN = 4


def _bases(sents: list[Sentence]) -> list[tuple[list[str], Counter]]:
    """Folded words of each sentence without possessives (:func:`_base`), as a list and counted."""
    out = []
    for s in sents:
        ws = [_base(w) for w in s.words]
        out.append((ws, Counter(ws)))
    return out


def _moved_into(words: tuple[list[str], Counter], other: tuple[list[str], Counter],
                taken: Counter | None = None) -> bool:
    """Whether a sentence's words (:func:`_bases`) stand in the sentence ``other`` (its
    :func:`_bases`): :data:`MOVED_SHARE` of them, repeats counted, with a run of
    :data:`MOVED_RUN` words in order.

    ``taken``: the words of the sentences ``other`` is aligned with on this sentence's side. A
    merge or a split leaves in ``other`` the words its aligned partner lacks; words the partner
    holds too are accounted for, so only the rest count towards the share (a new sentence that
    repeats "the transport ministry said" from a sentence copied whole is an addition)."""
    (ws, counts), (ow, present) = words, other
    if taken:
        present = present - taken
    if not ws or sum(min(counts[w], present[w]) for w in counts.keys() & present.keys()) < MOVED_SHARE * len(ws):
        return False
    m = SequenceMatcher(None, ws, ow, autojunk=False)
    return max((b.size for b in m.get_matching_blocks()), default=0) >= MOVED_RUN


def moved_pairs(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                min_words: int = 4) -> list[tuple[int, int, float]]:
    """Unaligned sentences of the two sides that are one sentence moved or reworded out of the
    alignment's order (:func:`_moved_into` either way, keeping at least :data:`MIN_KEPT` of their words
    in order): "“I don't see a way out,” he told ..." after the last aligned sentence of one side
    and "I don’t see a way out,” declared army major ..." after that of the other. They are compared
    like aligned pairs, as loose ones, so that what the copy changed in them is reported.

    Args:
        copy, origin: analysed sentences (one language).
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs.
        min_words: shorter sentences are not paired.

    Returns:
        ``(copy_index, origin_index, 0.0)`` per moved pair (similarity 0: never a firm pair), each
        sentence in one pair at most.
    """
    ci, oj = {i for i, _, _ in pairs}, {j for _, j, _ in pairs}
    free_o = [j for j in range(len(origin)) if j not in oj and len(origin[j].words) >= min_words
              and not is_furniture(origin[j])]
    if not free_o:
        return []
    bc, bo = _bases(copy), _bases(origin)
    out = []
    for i in range(len(copy)):
        if i in ci or len(copy[i].words) < min_words or is_furniture(copy[i]):
            continue
        scored = [(_kept(copy[i], origin[j]), j) for j in free_o
                  if _moved_into(bc[i], bo[j]) or _moved_into(bo[j], bc[i])]
        scored = [(k, j) for k, j in scored if k >= MIN_KEPT]
        if scored:
            _, j = max(scored)
            free_o.remove(j)
            out.append((i, j, 0.0))
    return out


def _tail_limits(sents: list[Sentence], last: int, keep, limit: float = float("inf")) -> tuple[list[tuple[int, int]], float]:
    """Character offsets, from the end of the last aligned sentence ``last``, at which each kept
    sentence after it starts (``keep(k)``, asked in reading order), as ``[(k, offset)]``, plus the
    tail's kept length. The walk stops once the offset reaches ``limit`` (nothing from there on
    can be reported, and ``keep`` need not be asked): the length is then infinite."""
    out, pos = [], 0
    for k in range(last + 1, len(sents)):
        if pos >= limit:
            return out, float("inf")
        if keep(k):
            out.append((k, pos))
            pos += len(sents[k].text) + 1
    return out, pos


def moved_changes(copy: list[Sentence], origin: list[Sentence], reordered: list[tuple[int, int, float]]) -> list[Change]:
    """Text the copy keeps but puts in another order: one ``moved`` Change per run of out-of-order
    pairs that follow each other on both sides (a paragraph moved), in the copy's reading order.

    A reordered story says the same sentences with another emphasis (a lead pushed down, a
    correction moved up); a new-user test's reordered copy read "edited" with no change listed.

    Args:
        copy, origin: the analysed sentences of each side.
        reordered: ``(copy_index, origin_index, similarity)`` pairs outside the in-order alignment.

    Returns:
        ``moved`` Changes with both sides' sentences and a detail "moved out of order: origin
        #5-6 -> copy #8-9" (sentence indices as the alignment table of ``show`` and the report
        numbers them, from 0).
    """
    runs: list[list[tuple[int, int]]] = []
    for i, j, _ in sorted(reordered):
        if runs and (i, j) == (runs[-1][-1][0] + 1, runs[-1][-1][1] + 1):
            runs[-1].append((i, j))
        else:
            runs.append([(i, j)])

    def span(a: int, b: int) -> str:
        return f"#{a}" if a == b else f"#{a}-{b}"

    return [Change(kind="moved", origin_text=" ".join(origin[j].text for _, j in run),
                   copy_text=" ".join(copy[i].text for i, _ in run),
                   detail=f"moved out of order: origin {span(run[0][1], run[-1][1])} -> copy {span(run[0][0], run[-1][0])}")
            for run in runs]


def paragraph_changes(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                      min_words: int = 4, translated: bool = False) -> list[Change]:
    """Runs of unaligned sentences: omissions (origin only) and additions (copy only).

    Inside the aligned span every unaligned sentence counts. After the last aligned sentence of
    each side, where excerpts and pages are often cut, a sentence counts only where the other
    side goes on after its own last aligned sentence with other text at least as far as this
    sentence starts (counted in characters of reportable sentences from the end of the aligned
    span): in order, the other side then shows what stands at that place instead. A text that
    ends at its last aligned sentence may be an excerpt cut there or the whole article, which
    the text cannot tell (an excerpt may end on a full stop), so nothing after it on the other
    side is reported, but for a correction notice (:data:`CORRECTION_NOTICE`). Two excerpts cut at ~2,000 characters
    thus report what replaced what after their last shared sentence, not what lies beyond the
    other's cut. A text's last sentence, when cut mid-sentence, is reported only from
    :data:`CUT_WORDS` words on.

    Never reported: sentences of fewer than ``min_words`` words; page furniture
    (:func:`is_furniture`: links, menus, "read also" lines); a sentence repeating one aligned or
    reported before it (a headline a page shows twice); a sentence in another language than its
    side's aligned text (:func:`_other_language`: the other half of a bilingual page); and, within
    one language, a sentence merged into, split from or moved to a sentence of the other side
    (:func:`_moved_into`). Between two languages the alignment pairs only sentences sharing names and
    figures (:func:`newstrace.provenance.align.cross_language_alignment`), so a gap holding
    unaligned text on both sides is most likely translated text it could not pair: with
    ``translated`` a run is reported only where the other side's same gap holds no content sentence.

    Args:
        copy, origin: analysed sentences.
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs.
        min_words: sentences with fewer words (furniture, "Share") end a run and are not reported.
        translated: the two articles are in different languages.

    Returns:
        ``omission`` Changes (origin text) then ``addition`` Changes (copy text), in reading order.
    """
    out: list[Change] = []
    if not pairs:
        return out
    ci = sorted({i for i, _, _ in pairs})
    oj = sorted({j for _, j, _ in pairs})
    bases = {} if translated else {id(copy): _bases(copy), id(origin): _bases(origin)}
    languages: dict[int, tuple] = {}  # read once, and only where a sentence is left to test

    # per sentence of one side, the words of the sentences firmly aligned with it on the other side
    # (a loose pair, moved or left alone in a gap, may share few words: it accounts for none)
    taken: dict[int, dict[int, Counter]] = {id(copy): defaultdict(Counter), id(origin): defaultdict(Counter)}
    if not translated:
        for i, j, sim in pairs:
            if sim < TAU:
                continue
            taken[id(origin)][j] += bases[id(copy)][i][1]
            taken[id(copy)][i] += bases[id(origin)][j][1]

    def content(sents: list[Sentence], k: int, other: list[Sentence]) -> bool:
        """The cheap tests: words, furniture, a cut stub, a merge."""
        s = sents[k]
        if len(s.words) < min_words or is_furniture(s) or (k == len(sents) - 1 and _cut(s) and len(s.words) < CUT_WORDS):
            return False
        return translated or not any(_moved_into(bases[id(sents)][k], o, taken[id(other)].get(m))
                                     for m, o in enumerate(bases[id(other)]))

    def same_language(sents: list[Sentence], k: int, used: list[int], other: list[Sentence]) -> bool:
        """The language test, asked last and only where a sentence may still be reported; the
        words a sentence of the compared language shares are those of its side's aligned text
        and of the other text (whose language it is, or whose names and figures it shares)."""
        if id(sents) not in languages:
            language = lru_cache(maxsize=1)(lambda: _language(sents, used))  # identified only if asked
            vocabulary = frozenset(w for x in used for w in sents[x].words) | frozenset(w for o in other for w in o.words)
            languages[id(sents)] = (language, _script(" ".join(sents[x].text for x in used)[:LANGUAGE_SAMPLE]), vocabulary)
        return not _other_language(sents[k], *languages[id(sents)])

    cheap_c = [k not in ci and content(copy, k, origin) for k in range(len(copy))]
    cheap_o = [k not in oj and content(origin, k, copy) for k in range(len(origin))]
    keep_c = [cheap_c[k] and k < ci[-1] and same_language(copy, k, ci, origin) for k in range(len(copy))]
    keep_o = [cheap_o[k] and k < oj[-1] and same_language(origin, k, oj, copy) for k in range(len(origin))]
    # each tail is read in order only as far as the other tail could reach (its cheap length)
    _, reach_c = _tail_limits(copy, ci[-1], cheap_c.__getitem__)
    _, reach_o = _tail_limits(origin, oj[-1], cheap_o.__getitem__)
    tail_c, len_c = _tail_limits(copy, ci[-1], lambda k: cheap_c[k] and same_language(copy, k, ci, origin), reach_o)
    tail_o, len_o = _tail_limits(origin, oj[-1], lambda k: cheap_o[k] and same_language(origin, k, oj, copy), reach_c)
    for k, at in tail_c:
        keep_c[k] = at < len_o
    for k, at in tail_o:
        keep_o[k] = at < len_c
    for sents, last, cheap, keep in ((copy, ci[-1], cheap_c, keep_c), (origin, oj[-1], cheap_o, keep_o)):
        for k in range(last + 1, len(sents)):  # a correction notice counts wherever it stands
            keep[k] = keep[k] or (cheap[k] and bool(CORRECTION_NOTICE.search(sents[k].text)))

    def runs(sents: list[Sentence], used: set[int], keep: list[bool], start: int = 0) -> list[tuple[int, str]]:
        """``(gap, text)`` per run; the gap is how many aligned sentences precede the run."""
        groups, cur, gap = [], [], 0
        aligned = sorted(used)
        # a line the page repeats (a headline shown twice) is neither omitted nor added by the repeat
        said = {tuple(sents[k].words) for k in used}
        for k in range(start, len(sents)):
            if not keep[k] or tuple(sents[k].words) in said:
                if cur:
                    groups.append((gap, " ".join(cur)))
                    cur = []
                continue
            if not cur:
                gap = bisect_left(aligned, k)
            cur.append(sents[k].text)
            said.add(tuple(sents[k].words))
        if cur:
            groups.append((gap, " ".join(cur)))
        return groups

    # the copy goes on where the origin stops at its last shared sentence, on a full stop: text the copy
    # appended, or what lies past the end of an excerpt of the origin, which the text cannot tell; read
    # as appended, worded so (a re-test: two paragraphs a copy appended at its end went unreported)
    appended = []
    if not translated and len_o == 0 and not _cut(origin[oj[-1]]):
        said = {tuple(copy[k].words) for k in ci}
        appended = [copy[k].text for k in range(ci[-1] + 1, len(copy))
                    if cheap_c[k] and not keep_c[k] and tuple(copy[k].words) not in said
                    and same_language(copy, k, ci, origin)]
    omitted = runs(origin, set(oj), keep_o, oj[0])
    added = runs(copy, set(ci), keep_c)
    if translated:  # text on both sides of one gap: translated, not omitted and added
        gaps_o = {g for g, _ in runs(origin, set(oj), keep_o)}
        gaps_c = {g for g, _ in added}
        omitted = [(g, t) for g, t in omitted if g not in gaps_c]
        added = [(g, t) for g, t in added if g not in gaps_o]
    notice = "; a correction notice"
    for _, text in omitted:
        out.append(Change(kind="omission", origin_text=text, detail="origin text missing from the copy"
                          + (notice if CORRECTION_NOTICE.search(text) else "")))
    for _, text in added:
        out.append(Change(kind="addition", copy_text=text, detail="copy text not in the origin"
                          + (notice if CORRECTION_NOTICE.search(text) else "")))
    if appended:
        out.append(Change(kind="addition", copy_text=" ".join(appended), detail=APPENDED))
    return out


#: Detail of the ``addition`` of text a copy has after the origin's last sentence (:func:`paragraph_changes`).
APPENDED = "copy text after the origin's end (or past the end of an excerpt of it)"
