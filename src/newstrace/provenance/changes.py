"""What a copy changed against its origin: every change of a derivation, gathered from the modules of each concern.

Numbers, qualifiers and dates (:mod:`newstrace.provenance.figures`), hedges
(:mod:`newstrace.provenance.hedges`), quotations, names, slant and rewording
(:mod:`newstrace.provenance.rewording`) are read inside aligned sentence pairs; omitted and added
paragraphs (:mod:`newstrace.provenance.paragraphs`) from the sentences left unaligned; credit and
byline (:mod:`newstrace.provenance.credit`) from the articles' structured fields. Every change
carries the origin's and the copy's words.
"""

from __future__ import annotations

from newstrace.provenance.align import MIN_WORDS, TAU
from newstrace.provenance.credit import credit_changes
from newstrace.provenance.dates import publication_day, same_days
from newstrace.provenance.figures import _all_values, date_changes, name_before, number_changes, set_language
from newstrace.provenance.hedges import QUALIFIER_LANGUAGES, hedge_changes
from newstrace.provenance.paragraphs import _cut, moved_changes, moved_pairs, paragraph_changes, slant_in_additions
from newstrace.provenance.rewording import (
    ATTRIBUTED,
    MIN_KEPT,
    MIN_KEPT_FIRM,
    _base,
    _kept,
    headline_case,
    named_speaker_given,
    meaning_flipped,
    pronoun_speaker_given,
    quote_changes,
    renamed_pairs,
    reworded_changes,
    word_changes,
)
from newstrace.provenance.text import Sentence, analyse_sentence, fold, languages_differ
from newstrace.schema import Change

__all__ = ["credit_changes", "date_changes", "find_changes", "hedge_changes", "name_before", "number_changes",
           "paragraph_changes", "quote_changes", "reworded_changes", "slant_in_additions", "word_changes"]


def _without_headline(change: Change, swap: Change) -> Change | None:
    """An addition or omission without the headline a ``headline replaced`` change reports: None
    when it is the headline alone, the rest when the headline opens it (the unaligned headline and
    lead of an updated page read as one added passage; a new-user test saw the headline twice)."""
    side, text = (("copy_text", swap.copy_text) if change.kind == "addition" else
                  ("origin_text", swap.origin_text) if change.kind == "omission" else (None, None))
    if side is None or not text:
        return change
    own = getattr(change, side) or ""
    if own == text:
        return None
    if own.startswith(text) and own[len(text):len(text) + 1].isspace():
        return change.model_copy(update={side: own[len(text):].strip()})
    return change


def _neighbour_values(sents: list[Sentence], k: int, partners: dict[int, list[Sentence]] | None = None,
                      own: Sentence | None = None) -> set[str]:
    """Number values of the sentences next to ``k`` that may have crossed into or out of it (a copy
    may split or merge sentences).

    A value that a neighbour holds on both sides (in the neighbour and in a sentence aligned with
    it, other than ``own``, the partner of ``k`` itself) stayed where it was: it was not moved into
    or out of ``k``, so it excuses nothing there (a headline "at least 37" on both sides does not
    hide a body's "41" -> "37").

    Args:
        sents: one side's analysed sentences.
        k: index of the sentence compared.
        partners: for each index of ``sents``, the other side's sentences aligned with it.
        own: the other side's sentence compared with ``k`` (a merge aligns it with a neighbour too).

    Returns:
        set of canonical number values (str).
    """
    out: set[str] = set()
    for x in (k - 1, k + 1):
        if 0 <= x < len(sents):
            kept = set().union(*(_all_values(p) for p in (partners or {}).get(x, []) if p is not own))
            out |= _all_values(sents[x]) - kept
    return out


def _sole_in_gap(firm: list[tuple[int, int, float]]) -> set[tuple[int, int]]:
    """``(i, j)`` for each gap of the alignment ``firm`` that holds exactly one sentence on each side."""
    ordered = sorted(firm)
    return {(i0 + 1, j0 + 1) for (i0, j0, _), (i1, j1, _) in zip(ordered, ordered[1:])
            if i1 - i0 == 2 and j1 - j0 == 2}


#: Share of an unaligned sentence's words the other side's sentence must hold for the two to be
#: one sentence merged into the other (:func:`_with_merged_neighbour`).
MERGED_WORDS = 0.6


def _with_merged_neighbour(sents: list[Sentence], k: int, other: Sentence, aligned: set[int]) -> Sentence:
    """``sents[k]``, joined with a neighbour that aligns to nothing and whose words ``other`` (the
    aligned sentence of the other side) holds: the other side merged the two, as machine translation
    does when a full stop is followed by a lower-case word ("... 421 percent. it rejected ..."). Its
    figures then stand against the merged sentence's instead of reading as added.

    Args:
        sents: one side's sentences; k: the aligned sentence's index.
        other: the other side's sentence aligned to ``sents[k]``.
        aligned: indices of ``sents`` aligned to anything.

    Returns:
        ``sents[k]`` itself, or a new Sentence of the two joined in reading order (language kept).
    """
    base = sents[k]
    held = set(other.words)
    for n in (k + 1, k - 1):
        if not 0 <= n < len(sents) or n in aligned or len(sents[n].words) < MIN_WORDS:
            continue
        words = set(sents[n].words)
        # most of the neighbour's words are in the other sentence, which holds words the base lacks
        if len(words & held) >= MERGED_WORDS * len(words) and len(held) > len(set(base.words) & held):
            merged = analyse_sentence(f"{base.text} {sents[n].text}" if n > k else f"{sents[n].text} {base.text}")
            merged.__dict__["_language"] = base.__dict__.get("_language")
            return merged
    return base


#: Detail of the ``reworded`` change of a headline replaced by another.
HEADLINE_REPLACED = "headline replaced"


def headline_replaced(copy_art, origin_art, copy: list[Sentence], origin: list[Sentence],
                      pairs: list[tuple[int, int, float]]) -> Change | None:
    """A ``reworded`` change "headline replaced" when both articles have a headline (one sentence, the first
    of :func:`~newstrace.provenance.fingerprint.article_sentences`) and neither headline is aligned: a copied
    body under a new headline ("SHOCKING: ... (VIDEO)") was reported only as an addition of the copy's
    headline (a new-user test), though a headline swapped for clickbait is what a reader sees first.

    Returns:
        The Change (origin headline -> copy headline), or None.
    """
    ch, oh = (copy_art.headline or "").strip(), (origin_art.headline or "").strip()
    if not ch or not oh or not copy or not origin or fold(copy[0].text) != fold(ch) or fold(origin[0].text) != fold(oh):
        return None
    if any(i == 0 or j == 0 for i, j, _ in pairs) or fold(ch) == fold(oh):
        return None
    return Change(kind="reworded", origin_text=origin[0].text, copy_text=copy[0].text, detail=HEADLINE_REPLACED)


def _without_lone_datelines(copy: list[Sentence], origin: list[Sentence], pairs: list[tuple[int, int, float]],
                            copy_language: str | None, origin_language: str | None
                            ) -> tuple[list[Sentence], list[Sentence]]:
    """The two sentence lists with a wire dateline taken off an aligned sentence whose partner has none.

    A page that compiles several wire stories keeps each story's dateline at the head of its
    paragraph ("NAIROBI, March 14 (AFP) - Kenya's tea ..."), where the origin's dateline was read
    off as the article's own (:func:`newstrace.structure.credit.parse_dateline`): compared whole,
    the place and date read as a date change and an addition (a new-user test). The lists are new;
    the caller's are left as they are.
    """
    from newstrace.provenance.fingerprint import reading_options
    from newstrace.structure.credit import parse_dateline

    out = (list(copy), list(origin))
    languages = (copy_language, origin_language)
    for i, j, _ in pairs:
        found = (parse_dateline(copy[i].text), parse_dateline(origin[j].text))
        if (found[0] is None) == (found[1] is None):
            continue
        side, k = (0, i) if found[0] is not None else (1, j)
        rest = out[side][k].text[found[side].end:].strip()
        if len(rest.split()) >= MIN_WORDS:  # read as the whole text was (article_sentences)
            out[side][k] = analyse_sentence(rest, **reading_options(languages[side]))
    return out


def find_changes(copy_art, origin_art, copy: list[Sentence], origin: list[Sentence],
                 pairs: list[tuple[int, int, float]], reordered: list[tuple[int, int, float]] = ()) -> list[Change]:
    """All changes of a copy against its origin.

    Within one language every aligned pair, and every pair of unaligned sentences moved out of
    the alignment's order (:func:`moved_pairs`, as loose pairs), is compared on numbers,
    qualifiers and hedges, dates, quotations, names, slant and wording. Across languages words are translated, not changed, so
    only figures, number qualifiers (where both languages' qualifiers are listed,
    :data:`QUALIFIER_LANGUAGES`), names and slant are compared, and text left unaligned on both
    sides of one gap is not reported as omitted and added (:func:`paragraph_changes`).

    Args:
        copy_art, origin_art: the Articles (for credit, byline and language).
        copy, origin: their analysed sentences.
        pairs: aligned ``(copy_index, origin_index, similarity)`` pairs, in order; those under the
            alignment threshold (:data:`newstrace.provenance.align.TAU`) are gap pairs.
        reordered: the alignment's out-of-order pairs (:attr:`~newstrace.provenance.align.Alignment.moved`,
            near-identical sentences the copy put elsewhere), reported as ``moved`` (:func:`moved_changes`).

    Returns:
        Changes in reading order of the copy, then paragraph-level, slant in added text and credit changes.
    """
    out: list[Change] = []
    # across languages a qualifier or a month is translated, not changed ("more than" -> "más de",
    # "february" -> "febrero"): only the figures themselves are compared
    translated = languages_differ(copy_art, origin_art)
    langs = {(copy_art.language or "en").split("-")[0], (origin_art.language or "en").split("-")[0]}
    qualifiers = not translated or langs <= QUALIFIER_LANGUAGES
    copy, origin = _without_lone_datelines(copy, origin, pairs, copy_art.language, origin_art.language)
    set_language(copy, copy_art.language)  # "dos" is two in Spanish, "of the" in Portuguese
    set_language(origin, origin_art.language)
    figures: set[tuple[int, int]] = set()  # pairs whose figures changed
    # whether each side's first sentence is its headline (a headline's round figure may stand for an exact one)
    heads = tuple(bool(art.headline and ss and fold(ss[0].text) == fold(art.headline.strip()))
                  for art, ss in ((copy_art, copy), (origin_art, origin)))
    published = [d for d in map(publication_day, (copy_art.published, origin_art.published)) if d]
    # a quotation given to one of them changed speaker; a title-case headline's words are no names
    people = {_base(n) for s in origin if not headline_case(s) for n in s.names}
    moved = [] if translated else moved_pairs(copy, origin, pairs)
    sole = _sole_in_gap([p for p in pairs if p[2] >= TAU])
    copy_of: dict[int, list[Sentence]] = {}
    origin_of: dict[int, list[Sentence]] = {}
    for i, j, _ in pairs:
        copy_of.setdefault(j, []).append(copy[i])
        origin_of.setdefault(i, []).append(origin[j])
    aligned_o = {j for _, j, _ in pairs + moved}
    aligned_c = {i for i, _, _ in pairs + moved}
    for i, j, sim in sorted(pairs + moved):
        if sim >= 0.999 and not meaning_flipped(copy[i], origin[j]):
            continue
        context = (_neighbour_values(origin, j, copy_of, copy[i]), _neighbour_values(copy, i, origin_of, origin[j]))
        # a pair keeping few of its words (two different sentences) reports only numbers changed on both sides
        firm = sim >= TAU and (translated or _kept(copy[i], origin[j]) >= MIN_KEPT_FIRM)
        # a sentence merged with its unaligned neighbour on one side ("... 412 percent. it rejected
        # ...") states that neighbour's figures too: they are compared joined
        o_fig = _with_merged_neighbour(origin, j, copy[i], aligned_o)
        c_fig = _with_merged_neighbour(copy, i, origin[j], aligned_c)
        numbers = number_changes(c_fig, o_fig, qualifiers=not translated, context=context, firm=firm,
                                 headline=(i == 0 and heads[0], j == 0 and heads[1]))
        if numbers:
            figures.add((i, j))
        out += numbers
        out += hedge_changes(copy[i], origin[j], qualifiers=qualifiers, words=not translated, spans=(c_fig, o_fig))
        if not translated:
            out += [] if same_days(copy[i], origin[j], published) else date_changes(copy[i], origin[j])
            out += quote_changes(copy[i], origin[j])
        words = word_changes(copy[i], origin[j], people)
        if not translated and not any(c.kind == "quote" for c in words):
            before = {_base(n) for s in origin[max(0, j - 2):j] for n in s.names}
            given = pronoun_speaker_given(copy[i], origin[j], before, people)
            words += [given] if given else []
        if not translated:
            renamed = renamed_pairs(words)
            near = tuple({w for x in (k - 1, k + 1) if 0 <= x < len(ss) for w in ss[x].words}
                         for ss, k in ((origin, j), (copy, i)))
            reworded = reworded_changes(copy[i], origin[j], renamed, near, firm=sim >= TAU or (i, j) in sole,
                                        last=(j == len(origin) - 1 and _cut(origin[j]), i == len(copy) - 1 and _cut(copy[i])),
                                        people=people, figures_reported=bool(numbers))
            # a whole name given the quotation, where no other reading found the new speaker
            if not any(c.kind == "quote" and c.detail.startswith(ATTRIBUTED) for c in words + reworded):
                named = named_speaker_given(copy[i], origin[j])
                words += [named] if named else []
            out += words + reworded
        else:
            out += words
    # a pair keeping few of its words is one sentence replaced by another (omitted and added text),
    # unless its figures stand against each other (a sentence reworded by machine translation)
    # or it is the one sentence on each side between two aligned pairs (its place vouches for it:
    # "protesters hurled rocks" -> "protesters threw stones", reworded by machine translation)
    inner = sorted(pairs)[1:-1]
    replaced = {(i, j) for i, j, sim in inner if not translated and (i, j) not in figures and (i, j) not in sole
                and _kept(copy[i], origin[j]) < (MIN_KEPT if sim < TAU else MIN_KEPT_FIRM)}
    kept_pairs = [p for p in pairs if (p[0], p[1]) not in replaced]
    paragraphs = paragraph_changes(copy, origin, kept_pairs, translated=translated)
    swap = None if translated else headline_replaced(copy_art, origin_art, copy, origin, pairs + moved)
    if swap is not None:  # one change, first in reading order, instead of an addition (and an omission)
        paragraphs = [c for c in (_without_headline(c, swap) for c in paragraphs) if c is not None]
        out.insert(0, swap)
    out += paragraphs
    out += moved_changes(copy, origin, list(reordered))
    out += slant_in_additions([c for c in paragraphs if c.kind == "addition"], origin)
    out += credit_changes(copy_art, origin_art)
    return out
