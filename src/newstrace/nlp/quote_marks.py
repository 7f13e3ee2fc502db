"""Quotation-mark spans over raw text: pairing of curly, straight, low-9 and angle marks.

Marks are paired over the text itself, not over sentences, so a sentence splitter can never
separate a quotation from its attribution ('"...?" Name asked.'). Double marks are paired
per paragraph by a small dynamic programme that prefers strict alternation (open, close,
open, ...) and uses each mark's local evidence (space or punctuation on either side, the
mark's own direction) to decide which mark is stray when the count is odd. A paragraph
that ends inside a quotation continues into the next paragraph when that one opens with a
mark (the multi-paragraph convention); otherwise the quotation ends with its paragraph.
Single marks are paired only outside double-quoted spans (a nested '...' inside "..." is
part of the outer quote), and a mark between two letters is an apostrophe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Double quotation marks by intrinsic direction (" is neutral).
DOUBLE_OPEN = "“„«‟〝"
DOUBLE_CLOSE = "”»〞"
DOUBLE_NEUTRAL = '"＂'
DOUBLE_MARKS = DOUBLE_OPEN + DOUBLE_CLOSE + DOUBLE_NEUTRAL
SINGLE_OPEN = "‘‚‹"
SINGLE_CLOSE = "’›"
SINGLE_NEUTRAL = "'"
SINGLE_MARKS = SINGLE_OPEN + SINGLE_CLOSE + SINGLE_NEUTRAL
ALL_MARKS = DOUBLE_MARKS + SINGLE_MARKS

_OPEN_CONTEXT = " \t\n([{—–-/" + DOUBLE_MARKS + SINGLE_MARKS
_CLOSE_CONTEXT = " \t\n)]}.,;:!?…—–-/" + DOUBLE_MARKS + SINGLE_MARKS

#: Cost of leaving a mark unpaired, in units of local evidence (a mark with space before and a
#: letter after scores +2 towards "opening"). Set above any single mark's evidence so that
#: an even number of marks pairs by strict alternation even where spacing is broken.
STRAY_COST = 3.0
#: Cost of a quotation left open at the end of its paragraph: a little under a stray mark's,
#: so one odd opening mark with clear evidence still opens a quotation that runs to the end.
UNCLOSED_COST = 2.5

#: A speaker label opening a transcript turn ("PENCE: Well, ..."): a new quotation, never a
#: continuation of the previous speaker's.
TRANSCRIPT_LABEL = re.compile(r"\s*([A-Z][A-Z.'’\- ]{1,40}[A-Z.]):\s")

_PARA = re.compile(r"\n[ \t\r\f\v]*\n")


@dataclass
class QuoteSpan:
    """A quotation found by its marks.

    Attributes:
        open: offset of the opening mark in the text.
        close: offset of the closing mark, or ``None`` when the quotation runs unclosed to
            the end of its paragraph.
        start, end: offsets of the quoted words (marks and edge spaces excluded).
        double: ``True`` for double marks, ``False`` for single marks.
        paragraphs: ``(start, end)`` of each paragraph-part for a multi-paragraph quotation.
    """

    open: int
    close: int | None
    start: int
    end: int
    double: bool = True
    paragraphs: list[tuple[int, int]] = field(default_factory=list)
    close_len: int = 1

    @property
    def outer_end(self) -> int:
        """Offset just after the closing mark (or after the content when unclosed)."""
        return self.close + self.close_len if self.close is not None else self.end


def paragraphs(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the blank-line-separated paragraphs of ``text``."""
    out, pos = [], 0
    for m in _PARA.finditer(text):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        out.append((pos, len(text)))
    return out


#: Two-character double marks of typewritten and TeX-style copy: ``like this''.
TWO_CHAR_MARKS = ("''", "``")


def _double_marks(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """``(offset, length)`` of the double marks in ``text[lo:hi]``, two-character ones included."""
    out, i = [], lo
    while i < hi:
        if text.startswith(TWO_CHAR_MARKS, i) and i + 1 < hi:
            out.append((i, 2))
            i += 2
            continue
        if text[i] in DOUBLE_MARKS:
            out.append((i, 1))
        i += 1
    return out


def _open_evidence(text: str, i: int, lo: int, hi: int, opening: str, closing: str, length: int = 1) -> float:
    """Evidence (positive = opening, negative = closing) from a mark's neighbours and shape."""
    left = text[i - 1] if i > lo else None
    right = text[i + length] if i + length < hi else None
    score = 0.0
    if left is None or left in _OPEN_CONTEXT:
        score += 1
    if right is not None and (right.isalnum() or right in "([{¿¡…'‘’" + DOUBLE_MARKS):
        score += 1
    if left is not None and not left.isspace() and left not in "([{":
        score -= 1
    if right is None or right in _CLOSE_CONTEXT:
        score -= 1
    if text[i] in opening or text.startswith("``", i):
        score += 0.75
    elif text[i] in closing and length == 1:
        score -= 0.75
    return score


def _pair_paragraph(evidence: list[float], carried: bool) -> list[str]:
    """Assign each mark 'open', 'close' or 'stray' by maximising alternation and evidence.

    Args:
        evidence: per-mark opening evidence (see :func:`_open_evidence`).
        carried: the paragraph starts inside a quotation continued from the previous one.

    Returns:
        One label per mark.
    """
    neg = float("-inf")
    # best[state] = (score, labels); state 0 = outside, 1 = inside a quotation.
    best = [(0.0, []) if not carried else (neg, []), (0.0, []) if carried else (neg, [])]
    for ev in evidence:
        nxt = [(neg, []), (neg, [])]
        for state, (score, labels) in enumerate(best):
            if score == neg:
                continue
            options = [(state, score - STRAY_COST, "stray")]
            if state == 0:
                options.append((1, score + ev, "open"))
            else:
                options.append((0, score - ev, "close"))
            for new_state, new_score, label in options:
                if new_score > nxt[new_state][0]:
                    nxt[new_state] = (new_score, labels + [label])
        best = nxt
    outside, inside = best
    if inside[0] - UNCLOSED_COST > outside[0]:
        return inside[1]
    return outside[1] if outside[0] != neg else inside[1]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _double_spans(text: str) -> list[QuoteSpan]:
    spans: list[QuoteSpan] = []
    pending: QuoteSpan | None = None  # a quotation left open at the end of the last paragraph
    for lo, hi in paragraphs(text):
        found = _double_marks(text, lo, hi)
        marks = [i for i, _ in found]
        size = dict(found)
        evidence = [_open_evidence(text, i, lo, hi, DOUBLE_OPEN, DOUBLE_CLOSE, n) for i, n in found]
        carried = (
            pending is not None
            and bool(marks)
            and not text[lo : marks[0]].strip()
            and evidence[0] > 0
            and not TRANSCRIPT_LABEL.match(text, marks[0] + size[marks[0]])
        )
        current: QuoteSpan | None = None
        if carried:
            current = pending
            current.paragraphs.append(
                (marks[0] + size[marks[0]], hi)
            )  # the continuation mark opens this part
            marks, evidence = marks[1:], evidence[1:]
        pending = None
        for i, label in zip(marks, _pair_paragraph(evidence, carried), strict=True):
            if label == "open":
                start = i + size[i]
                current = QuoteSpan(open=i, close=None, start=start, end=hi, paragraphs=[(start, hi)])
                spans.append(current)
            elif label == "close" and current is not None:
                current.close = i
                current.close_len = size[i]
                current.end = i
                current.paragraphs[-1] = (current.paragraphs[-1][0], i)
                current = None
        if (
            current is not None
            and len(current.paragraphs) == 1
            and (c := _single_close(text, current.start, hi))
        ):
            # '“We waited two years for this,' said ...': a double opening mark closed by a single one
            current.close, current.close_len, current.end = c, 1, c
            current.paragraphs[-1] = (current.paragraphs[-1][0], c)
            current = None
        if current is not None:
            current.end = hi
            # Only a quotation opened at a sentence start runs on into the next paragraph; a
            # mark opened mid-sentence and never closed is a stray partial quotation.
            lead = text[lo : current.paragraphs[-1][0] - 1].rstrip()
            if not lead or lead[-1] in ".!?:;" + DOUBLE_MARKS or len(current.paragraphs) > 1:
                pending = current
    for sp in spans:
        sp.start, sp.end = _strip(text, sp.start, sp.end)
        sp.paragraphs = [_strip(text, a, b) for a, b in sp.paragraphs]
    return [sp for sp in spans if sp.end > sp.start]


def _single_close(text: str, lo: int, hi: int) -> int | None:
    """Offset of a single closing mark in ``text[lo:hi]`` that ends a quotation whose double
    opening mark was never closed: a ’ or ' after a word and before a comma or stop and a space
    ("...this,' said"), not an apostrophe; ``None`` when there is none or more than one."""
    found = [
        m.start(1)
        for m in re.finditer(r"[^\s'’]([’'])(?=[,.!?;]?\s)", text[lo:hi])
        if not _is_apostrophe(text, lo + m.start(1)) and text[lo + m.start(1) - 1] != "s"
    ]
    found = [lo + i for i in found if text[lo + i - 1] in ",.!?;" or text[lo + i + 1] in ",.!?;"]
    return found[0] if len(found) == 1 else None


def _is_apostrophe(text: str, i: int) -> bool:
    if text.startswith(TWO_CHAR_MARKS, i) or (i > 0 and text.startswith(TWO_CHAR_MARKS, i - 1)):
        return True  # half of a two-character double mark
    left = text[i - 1] if i > 0 else " "
    right = text[i + 1] if i + 1 < len(text) else " "
    return (left.isalnum() and right.isalnum()) or (left.isspace() and right.isdecimal())


def _single_spans(text: str, taken: list[tuple[int, int]]) -> list[QuoteSpan]:
    def inside(i: int) -> bool:
        return any(a <= i < b for a, b in taken)

    spans: list[QuoteSpan] = []
    pending: QuoteSpan | None = None  # a quotation left open at the end of the last paragraph
    for lo, hi in paragraphs(text):
        opens, closes = [], []
        for i in range(lo, hi):
            ch = text[i]
            if ch not in SINGLE_MARKS or inside(i) or _is_apostrophe(text, i):
                continue
            left = text[i - 1] if i > lo else None
            right = text[i + 1] if i + 1 < hi else None
            if (
                ch not in SINGLE_CLOSE
                and (left is None or left in _OPEN_CONTEXT)
                and right is not None
                and right.isalpha()
            ):
                opens.append(i)
            elif (
                ch not in SINGLE_OPEN
                and left is not None
                and not left.isspace()
                and (right is None or right in _CLOSE_CONTEXT)
            ):
                closes.append(i)
        pos = lo
        if pending is not None:
            pos = _continue_single(text, pending, opens, closes, lo, hi, spans)
            if pos is None:
                pending, pos = None, lo
            elif pending.close is None:
                continue  # still open: the quotation runs on through this paragraph
            else:
                pending = None
        unclosed = None
        for o in opens:
            if o < pos:
                continue
            after = [c for c in closes if c > o]
            if not after:
                unclosed = o
                break
            nxt_open = next((x for x in opens if x > o), None)
            # "s' " is more often a plural possessive than a closing mark: prefer a later close, but
            # not past the next opening mark ('‘... twenty years’, Carew said, ‘and ...’')
            mine = [c for c in after if nxt_open is None or c < nxt_open] or after
            close = next((c for c in mine if text[c - 1] != "s"), mine[-1])
            if nxt_open is not None and nxt_open < after[0]:
                continue
            start, end = _strip(text, o + 1, close)
            if end > start:
                spans.append(
                    QuoteSpan(
                        open=o, close=close, start=start, end=end, double=False, paragraphs=[(start, end)]
                    )
                )
            pos = close + 1
        lead = text[lo:unclosed].rstrip() if unclosed is not None else None
        if lead is not None and (not lead or lead[-1] in ".!?:"):
            # an opening mark at a sentence start left open: the multi-paragraph convention may
            # carry it on (kept only if a later paragraph that opens with a mark closes it)
            pending = QuoteSpan(
                open=unclosed,
                close=None,
                start=unclosed + 1,
                end=hi,
                double=False,
                paragraphs=[_strip(text, unclosed + 1, hi)],
            )
    return spans


def _continue_single(
    text: str,
    pending: QuoteSpan,
    opens: list[int],
    closes: list[int],
    lo: int,
    hi: int,
    spans: list[QuoteSpan],
) -> int | None:
    """Carry a single-marked quotation left open into paragraph ``[lo, hi)``, which must open
    with a single opening mark (the continuation mark of the multi-paragraph convention).

    Returns:
        ``None`` when the paragraph does not continue it; else the offset from which the
        paragraph's own marks are still to be paired (after the closing mark, which completes
        ``pending`` and appends it to ``spans``), or ``hi`` when it stays open.
    """
    if not opens or text[lo : opens[0]].strip():
        return None
    cont = opens[0]
    nxt_open = next((x for x in opens[1:]), None)
    after = [c for c in closes if c > cont and (nxt_open is None or c < nxt_open)]
    if not after:
        if nxt_open is not None:
            return None  # another quotation opens before any close: not a continuation
        pending.paragraphs.append(_strip(text, cont + 1, hi))
        pending.end = pending.paragraphs[-1][1]
        return hi
    close = next((c for c in after if text[c - 1] != "s"), after[-1])
    pending.paragraphs.append(_strip(text, cont + 1, close))
    pending.close = close
    pending.start = pending.paragraphs[0][0]
    pending.end = pending.paragraphs[-1][1]
    spans.append(pending)
    return close + 1


def find_quote_spans(text: str) -> list[QuoteSpan]:
    """All quotation spans of ``text`` in order: double-marked ones, then single-marked
    ones that lie outside every double-marked span.

    Args:
        text: article text, paragraphs separated by blank lines.

    Returns:
        ``list[QuoteSpan]`` sorted by opening offset. Never raises on unbalanced marks.

    >>> [text[s.start:s.end] for text in ['He said "yes, fine," and left.'] for s in find_quote_spans(text)]
    ['yes, fine,']
    >>> find_quote_spans("The tenants' association's vote")
    []
    """
    doubles = _double_spans(text)
    if any(c in text for c in GUILLEMETS) and any(c in text for c in DOUBLE_MARKS if c not in GUILLEMETS):
        doubles = _nested_families(text) or doubles
    taken = [(sp.open, sp.outer_end) for sp in doubles]
    singles = _single_spans(text, taken)
    # a double-marked quotation inside a single-marked one (British style: '... "No entry" ...') is
    # part of it, as a single-marked one inside a double-marked one is
    doubles = [
        d for d in doubles if not any(_within(d, sp) and _words_outside(text, sp, d) >= 4 for sp in singles)
    ]
    return sorted(doubles + singles, key=lambda sp: sp.open)


#: Angle quotation marks: in French, Spanish, Italian, Swiss and Scandinavian copy the outer marks,
#: with curly or straight marks nested inside them (and the other way round in some house styles).
GUILLEMETS = "«»"


def _within(inner: QuoteSpan, outer: QuoteSpan) -> bool:
    """``inner`` lies wholly inside ``outer`` (marks included) and is not ``outer`` itself."""
    return outer.open < inner.open and inner.outer_end <= outer.outer_end


def _words_outside(text: str, outer: QuoteSpan, inner: QuoteSpan) -> int:
    """Words of ``outer``'s content outside ``inner``'s marks."""
    rest = text[outer.start : inner.open] + " " + text[inner.outer_end : outer.end]
    return len(re.findall(r"[^\W_]+", rest))


def _mask(text: str, marks: str) -> str:
    """``text`` with each of ``marks`` replaced by a no-break space (offsets kept, no paragraph made)."""
    return text.translate({ord(c): "\u00a0" for c in marks})


def _nested_families(text: str) -> list[QuoteSpan] | None:
    """Double-marked quotations where angle marks and other double marks nest ('«The inspector said,
    “You have a week,” and left»'): each family is paired on its own and a quotation inside one
    of the other family is part of it. ``None`` when the families do not nest, or cross (then the
    marks are paired together, as one family)."""
    others = "".join(c for c in DOUBLE_MARKS if c not in GUILLEMETS)
    angle = _double_spans(_mask(text, others))
    plain = _double_spans(_mask(text, GUILLEMETS))
    nested = False
    for a in angle:
        for b in plain:
            if _within(a, b) or _within(b, a):
                nested = True
            elif a.open < b.outer_end and b.open < a.outer_end:
                return None  # crossing spans: the families are not used for nesting
    if not nested:
        return None
    out = [a for a in angle if not any(_within(a, b) for b in plain)]
    out += [b for b in plain if not any(_within(b, a) for a in angle)]
    return sorted(out, key=lambda sp: sp.open)
