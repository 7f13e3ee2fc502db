"""Side-by-side diff of a copy against its origin: aligned sentence rows with word differences marked.

The rows are plain data (segments tagged ``same``/``del``/``ins``); templates render them,
so every piece of article text goes through the template engine's escaping. The layout
follows ``newstrace show``: origin on the left, copy on the right, in the copy's reading
order, with origin sentences the copy omitted and copy sentences it added on their own rows.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from newstrace.provenance.text import split_sentences

#: Longest sentence (characters) diffed word by word; longer ones are shown whole, unmarked,
#: so a hostile 1 MB line cannot make one page cost seconds of difflib time.
MAX_DIFF_CHARS = 5_000
#: Most rows one diff shows; the rest are counted in :attr:`SideBySide.rows_left_out`.
MAX_ROWS = 400

_WORD = re.compile(r"\S+")
_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "‛": "'", "“": '"', "”": '"', "„": '"', "‟": '"', "«": '"',
                         "»": '"', "′": "'", "″": '"'})


@dataclass(frozen=True)
class Segment:
    """A run of words in one sentence.

    Attributes:
        text: the words, as written (joined by single spaces).
        op: ``same`` (in both), ``del`` (origin only) or ``ins`` (copy only).
    """

    text: str
    op: str


@dataclass
class DiffRow:
    """One row of a side-by-side diff.

    Attributes:
        origin_index, copy_index: sentence indices (``None`` on an added/omitted row).
        origin, copy: the two sides as segments ([] when the side is empty).
        similarity: the aligner's similarity of the pair (0..1), ``None`` when unaligned.
        status: ``aligned``, ``changed`` (aligned, words differ), ``omitted`` (origin only)
            or ``added`` (copy only).
    """

    origin_index: int | None
    copy_index: int | None
    origin: list[Segment]
    copy: list[Segment]
    similarity: float | None
    status: str


@dataclass
class SideBySide:
    """A whole diff: rows plus counts for the page header.

    Attributes:
        rows: the rows shown, in reading order.
        aligned, changed, omitted, added: row counts by status (over all rows, shown or not).
        rows_left_out: rows beyond :data:`MAX_ROWS` not shown.
        resplit: ``True`` when the stored sentence pairs no longer match a fresh split of the
            two texts, so only the stored pairs are shown (no omitted/added rows).
    """

    rows: list[DiffRow] = field(default_factory=list)
    aligned: int = 0
    changed: int = 0
    omitted: int = 0
    added: int = 0
    rows_left_out: int = 0
    resplit: bool = False


def article_sentence_texts(headline: str | None, text: str | None) -> list[str]:
    """Sentences of an article as trace numbers them: the headline first (when present), then the body.

    Mirrors :func:`newstrace.provenance.fingerprint.article_sentences` without its per-word
    analysis, so indices in stored alignments point into this list.
    """
    head = (headline or "").strip()
    return split_sentences((head + "\n" if head else "") + (text or ""))


def word_diff(origin: str, copy: str) -> tuple[list[Segment], list[Segment]]:
    """Word-level differences of two sentences (difflib's SequenceMatcher over whitespace tokens).

    Args:
        origin: the origin sentence.
        copy: the copy sentence.

    Returns:
        ``(origin_segments, copy_segments)``; words only in the origin are ``del``, only in
        the copy ``ins``. Words differing only in typographic quotes or apostrophes
        (``“family”`` vs ``"family"``) count as the same. Sentences longer than :data:`MAX_DIFF_CHARS` come back as one
        segment each (``same`` when equal, else ``del``/``ins``), never diffed word by word.
    """
    if origin == copy:
        return ([Segment(origin, "same")] if origin else []), ([Segment(copy, "same")] if copy else [])
    if len(origin) > MAX_DIFF_CHARS or len(copy) > MAX_DIFF_CHARS:
        return ([Segment(origin, "del")] if origin else []), ([Segment(copy, "ins")] if copy else [])
    ow, cw = _WORD.findall(origin), _WORD.findall(copy)
    left: list[Segment] = []
    right: list[Segment] = []
    # compared with typographic quotes and apostrophes folded: house style is not a change
    sm = difflib.SequenceMatcher(a=[w.translate(_QUOTES) for w in ow], b=[w.translate(_QUOTES) for w in cw],
                                 autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            _push(left, " ".join(ow[i1:i2]), "same")
            _push(right, " ".join(cw[j1:j2]), "same")
            continue
        if i2 > i1:
            _push(left, " ".join(ow[i1:i2]), "del")
        if j2 > j1:
            _push(right, " ".join(cw[j1:j2]), "ins")
    return left, right


def _push(segments: list[Segment], text: str, op: str) -> None:
    if text:
        segments.append(Segment(text, op))


def side_by_side(origin_sentences: list[str], copy_sentences: list[str], pairs: list[tuple[int, int, str, str, float]],
                 max_rows: int = MAX_ROWS) -> SideBySide:  # fmt: skip
    """Build the side-by-side rows of a copy against its origin.

    Args:
        origin_sentences: the origin's sentences (:func:`article_sentence_texts`).
        copy_sentences: the copy's sentences.
        pairs: stored aligned pairs ``(copy_index, origin_index, copy_sentence,
            origin_sentence, similarity)`` (the ``alignments`` table).
        max_rows: rows shown at most.

    Returns:
        A :class:`SideBySide`. When a stored pair's sentences differ from the fresh split
        (the splitter changed since trace), only the stored pairs are shown and
        ``resplit`` is set.
    """
    pairs = sorted(pairs)
    out = SideBySide()
    fits = all(
        i < len(copy_sentences) and j < len(origin_sentences) and copy_sentences[i] == cs and origin_sentences[j] == os_
        for i, j, cs, os_, _ in pairs
    )
    rows: list[DiffRow] = []
    if not fits:
        out.resplit = True
        for i, j, cs, os_, sim in pairs:
            rows.append(_aligned_row(j, i, os_, cs, sim))
    else:
        by_copy = {i: (j, sim) for i, j, _, _, sim in pairs}
        aligned_o = {j for _, j, _, _, _ in pairs}
        shown: set[int] = set()
        next_o = 0

        def omitted(upto: int) -> None:
            nonlocal next_o
            while next_o < upto:
                if next_o not in aligned_o and next_o not in shown:
                    rows.append(DiffRow(next_o, None, [Segment(origin_sentences[next_o], "del")], [], None, "omitted"))
                    shown.add(next_o)
                next_o += 1

        for i, ctext in enumerate(copy_sentences):
            if i in by_copy:
                j, sim = by_copy[i]
                omitted(j)
                rows.append(_aligned_row(j, i, origin_sentences[j], ctext, sim))
                shown.add(j)
                next_o = max(next_o, j + 1)
            else:
                rows.append(DiffRow(None, i, [], [Segment(ctext, "ins")], None, "added"))
        omitted(len(origin_sentences))
    for r in rows:
        setattr(out, r.status, getattr(out, r.status) + 1)
    out.rows = rows[:max_rows]
    out.rows_left_out = max(0, len(rows) - max_rows)
    return out


def _aligned_row(j: int, i: int, origin: str, copy: str, sim: float) -> DiffRow:
    left, right = word_diff(origin, copy)
    status = "changed" if any(seg.op != "same" for seg in (*left, *right)) else "aligned"
    return DiffRow(j, i, left, right, float(sim), status)


__all__ = ["Segment", "DiffRow", "SideBySide", "MAX_DIFF_CHARS", "MAX_ROWS", "article_sentence_texts", "word_diff",
           "side_by_side"]  # fmt: skip
