"""Spacing around quotation marks, decided by pairing the marks within each paragraph."""

from __future__ import annotations

import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit
from newstrace.structure.headline import headline_line
from newstrace.structure.wraps import is_hard_wrapped, join_wrapped

# A straight double mark between a word and a contraction or possessive ending is an
# apostrophe typed on the wrong key ("Indonesia"s", "don"t"), never a quotation mark.
_APOSTROPHE_WHY = "a double mark between a word and a possessive or contraction ending is an apostrophe"
APOSTROPHE_MARK = re.compile(r'(?<=[^\W\d_])"(?=(?:s|t|d|ll|re|ve|m)\b)')

# Hyphens and dashes may touch a mark on either side ('follows--"Golf"', '"GTI"-83 days').
_OPENING_CONTEXT = "([{-\u2014\u2013"
_AFTER_CLOSE = ".,;:!?)]}-\u2014\u2013\u2026"
_PROSE = set(".,;:!?()[]-\u2013\u2014\u2026'\u2018\u2019")


def _shape(line: str, i: int) -> str:
    """How a mark sits: ``open`` (` "Word`), ``close`` (`word" `), ``glued`` (`a"b`), ``floating`` (` " `)."""
    p = line[i - 1] if i > 0 else None
    n = line[i + 1] if i + 1 < len(line) else None
    left_free = p is None or p.isspace() or p in _OPENING_CONTEXT
    right_free = n is None or n.isspace() or n in _AFTER_CLOSE
    if left_free:
        return "floating" if right_free else "open"
    return "close" if right_free else "glued"


def _gap_before(line: str, i: int) -> int:
    """Length of the one gap before the mark at ``i``: a single space, or a line break of a
    hard-wrapped paragraph (white space holding one newline); 0 when there is none."""
    j = i
    while j > 0 and line[j - 1] in " \t\r\n\u00a0":
        j -= 1
    gap = line[j:i]
    if j == 0 or not (gap == " " or gap.count("\n") == 1):
        return 0
    return i - j


def _gap_after(line: str, i: int) -> int:
    """Length of the one gap after the mark at ``i`` (see :func:`_gap_before`), 0 when none or
    when what follows it is punctuation that closes."""
    j = i + 1
    while j < len(line) and line[j] in " \t\r\n\u00a0":
        j += 1
    gap = line[i + 1 : j]
    if j == len(line) or not (gap == " " or gap.count("\n") == 1) or line[j] in _AFTER_CLOSE:
        return 0
    return j - i - 1


def _edit_for(line: str, i: int, role: str, shape: str) -> tuple[int, int, str] | None | bool:
    """The (start, end, after) that gives the mark at ``i`` its role's spacing; True when none is
    needed, None when no single safe edit exists. Where the gap to move is a hard wrap's line
    break, the mark moves across it and the break stays, so line lengths change by one at most."""
    mark = line[i]
    if shape == role:
        return True
    before, after = _gap_before(line, i), _gap_after(line, i)
    # Each edit spans the mark itself, so the logged before/after show it.
    if role == "close":
        if shape == "glued":
            return (i, i + 1, mark + " ")
        # `,' "` is the nested-quotation convention (a space between single and double mark).
        if shape == "floating" and before and line[i - before - 1] not in "'\u2019":
            gap = line[i - before : i]
            if gap == " " or i + 1 == len(line) or line[i + 1] in "\r\n":
                return (i - before, i + 1, mark)
            if line[i + 1] == " ":  # `words.<break>" he said` -> `words."<break>he said`
                return (i - before, i + 2, mark + gap)
            return None
        # Moving the space is the one edit against the mark's own look: the quotation must end
        # in punctuation (`violence, "Solano`), as a closing mark mid-sentence does.
        if shape == "open" and before and line[i - before - 1] in ",.!?;:":
            return (i - before, i + 1, mark + line[i - before : i])
        return None
    if shape == "glued":
        return (i, i + 1, " " + mark)
    if shape == "floating" and after:
        gap = line[i + 1 : i + 1 + after]
        if gap == " " or i == 0 or line[i - 1] in "\r\n":
            return (i, i + 1 + after, mark)
        if line[i - 1] == " ":  # `said "<break>The` -> `said<break>"The`
            return (i - 1, i + 1 + after, gap + mark)
        return None
    # ... and a quotation it opens must start with a capital (`children," The`).
    if shape == "close" and after and line[i + 1 + after].isupper():
        return (i, i + 1 + after, line[i + 1 : i + 1 + after] + mark)
    return None


def _prose_neighbours(line: str, i: int) -> bool:
    """Both neighbours of the mark are what prose puts there (not markup: `class="x"`, `>“`)."""
    around = line[max(0, i - 1) : i] + line[i + 1 : i + 2]
    return all(c.isalnum() or c.isspace() or c in _PROSE for c in around)


def _fix_line(
    line: str, marks: list[tuple[int, str]], max_conflicts: int, why: str
) -> list[tuple[int, int, str, str]] | None:
    if any(b - a < 3 for (a, _), (b, _) in zip(marks, marks[1:])):
        return None  # adjacent marks ("" or "x"): nested or stray, leave the paragraph alone
    if not all(_prose_neighbours(line, i) for i, _ in marks):
        return None  # markup, code or tables: spacing there is not prose spacing
    out = []
    conflicts = 0
    for k, (i, role) in enumerate(marks):
        shape = _shape(line, i)
        if shape == role:
            continue
        conflicts += shape in ("open", "close")
        near_digit = (i > 0 and line[i - 1].isdecimal()) or (i + 1 < len(line) and line[i + 1].isdecimal())
        fix = _edit_for(line, i, role, shape)
        if fix is None or near_digit or conflicts > max_conflicts:
            return None  # inch marks, a lost mark, or too much disagreement: pairing is not trusted
        start, end, after = fix
        where = f"mark {k + 1} of {len(marks)} {role}s a quotation but sits as '{shape}'"
        out.append((start, end, after, f"{why}; {where}"))
    return out


def _nonspace(s: str) -> int:
    return sum(not c.isspace() for c in s)


def _line_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """The (start, end) offsets of the lines of ``text[start:end]`` (newline excluded)."""
    end = len(text) if end is None else end
    spans = []
    while start <= end:
        stop = text.find("\n", start, end)
        stop = end if stop < 0 else stop
        spans.append((start, stop))
        start = stop + 1
    return spans


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of the units in which quotation marks pair: each line, or, in a
    hard-wrapped body, each paragraph's run of wrapped lines.

    The body is cut from the headline (:func:`~newstrace.structure.headline.headline_line`) and
    tested for hard wrapping as :func:`newstrace.structure.split_document` does
    (:func:`~newstrace.structure.wraps.is_hard_wrapped`),
    and its paragraphs are those of :func:`~newstrace.structure.wraps.join_wrapped`, so repair
    and structure agree on what a paragraph is.

    Args:
        text: the document (headline line, then the body).

    Returns:
        Non-overlapping spans in order, ``end`` exclusive; in a hard-wrapped body a span runs from
        the first non-space character of a paragraph's first line to the end of its last line
        (newlines and indentation inside). Lines outside any paragraph (blank lines, headline)
        are spans of their own. Falls back to one span per line if the paragraphs cannot be
        laid back on the lines.

    >>> t = "Head\\nThe council said on Monday that the new\\nferry will carry 300 cars a\\nday."
    >>> [t[s:e] for s, e in paragraph_spans(t)][1]
    'The council said on Monday that the new\\nferry will carry 300 cars a\\nday.'
    """
    lines = _line_spans(text)
    body_from = 0 if headline_line(text) is None else 1
    body = "\n".join(text[a:b] for a, b in lines[body_from:])
    if not is_hard_wrapped(body):
        return lines
    spans = lines[:body_from]
    rest = lines[body_from:]
    k = 0
    for paragraph in join_wrapped(body):
        while k < len(rest) and not text[rest[k][0] : rest[k][1]].strip():
            spans.append(rest[k])
            k += 1
        need, first = _nonspace(paragraph), k
        while need > 0 and k < len(rest):
            need -= _nonspace(text[rest[k][0] : rest[k][1]])
            k += 1
        if need != 0 or first == k:
            return lines  # the paragraphs do not lie on the lines: pair per line as before
        a, b = rest[first][0], rest[k - 1][1]
        spans.append((a + len(text[a:b]) - len(text[a:b].lstrip()), b))
    return spans + rest[k:]


def fix_quote_spacing(text: str, config: RepairConfig) -> list[Edit]:
    """Put the space on the right side of each quotation mark, by pairing marks in a paragraph.

    Marks pair within a paragraph: a line, or in a hard-wrapped body the paragraph's run of
    wrapped lines (:func:`paragraph_spans`, the paragraphs structure will join), so a quotation
    that opens on one wrapped line and closes on the next is paired whole.
    Straight marks ("): in a paragraph with an even number of them, marks alternate
    open, close. A mark whose spacing disagrees with its role is re-spaced: glued to words
    on both sides (``rice"said`` -> ``rice" said``), floating between spaces
    (``countries. "`` -> ``countries."``), or, at most ``quote_max_conflicts`` times per
    paragraph, spaced as the opposite role (``violence, "Solano`` -> ``violence," Solano``,
    only after punctuation; ``children," The`` -> ``children, "The``, only before a capital).
    Paragraphs with an odd count (a quotation running on into the next paragraph), marks
    beside digits (inch marks) or marks closer than 3 characters are left alone. A straight
    mark between a word and a possessive or contraction ending ("Indonesia"s", seen in
    Reuters) is an apostrophe: it is replaced by one and not paired.
    Curly marks take their role from the glyph when the paragraph's “ and ” alternate; only
    glued and floating marks are re-spaced there.

    Args:
        text: the document.
        config: ``quote_max_conflicts``.

    Returns:
        Edits of kind ``quote_mark``.

    >>> t = 'He cited "collective"they said. "Go," he said, "now."'
    >>> [(t[e.start:e.end], e.after) for e in fix_quote_spacing(t, config=RepairConfig())]
    [('"', '" ')]
    >>> fix_quote_spacing('"The first paragraph of a long quotation opens and runs on.', RepairConfig())
    []
    """
    edits: list[Edit] = []
    if '"' not in text and "\u201c" not in text and "\u201d" not in text:
        return edits
    for offset, end in paragraph_spans(text):
        line = text[offset:end]
        if '"' not in line and "\u201c" not in line and "\u201d" not in line:
            continue
        found: list[tuple[int, int, str, str]] = []
        apostrophes = {m.start() for m in APOSTROPHE_MARK.finditer(line)}
        for i in sorted(apostrophes):
            found.append((i, i + 1, "'", _APOSTROPHE_WHY))
        straight = [i for i, c in enumerate(line) if c == '"' and i not in apostrophes]
        if straight and len(straight) % 2 == 0:
            marks = [(i, "open" if k % 2 == 0 else "close") for k, i in enumerate(straight)]
            why = f"{len(straight)} straight quotation marks in the paragraph pair open/close"
            found += _fix_line(line, marks, config.quote_max_conflicts, why) or []
        curly = [i for i, c in enumerate(line) if c in "\u201c\u201d"]
        if curly and not any(c in line for c in "\u201e\u00ab\u00bb"):
            roles = ["open" if line[i] == "\u201c" else "close" for i in curly]
            if all(r == ("open" if k % 2 == 0 else "close") for k, r in enumerate(roles)):
                why = "curly quotation marks alternate \u201c \u201d in the paragraph"
                found += _fix_line(line, list(zip(curly, roles)), 0, why) or []
        edits += [Edit(offset + s, offset + e, a, "quote_mark", w) for s, e, a, w in found]
    return edits
