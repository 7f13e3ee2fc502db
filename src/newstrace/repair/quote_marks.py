"""Spacing around quotation marks, decided by pairing the marks within each paragraph."""

from __future__ import annotations

import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit

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


def _single_space_before(line: str, i: int) -> bool:
    return i >= 2 and line[i - 1] == " " and not line[i - 2].isspace()


def _single_space_after(line: str, i: int) -> bool:
    if i + 2 >= len(line) or line[i + 1] != " ":
        return False
    return not line[i + 2].isspace() and line[i + 2] not in _AFTER_CLOSE


def _edit_for(line: str, i: int, role: str, shape: str) -> tuple[int, int, str] | None | bool:
    """The (start, end, after) that gives the mark at ``i`` its role's spacing; True when none is
    needed, None when no single safe edit exists."""
    mark = line[i]
    if shape == role:
        return True
    # Each edit spans the mark itself, so the logged before/after show it.
    if role == "close":
        if shape == "glued":
            return (i, i + 1, mark + " ")
        # `,' "` is the nested-quotation convention (a space between single and double mark).
        if shape == "floating" and _single_space_before(line, i) and line[i - 2] not in "'\u2019":
            return (i - 1, i + 1, mark)
        # Moving the space is the one edit against the mark's own look: the quotation must end
        # in punctuation (`violence, "Solano`), as a closing mark mid-sentence does.
        if shape == "open" and _single_space_before(line, i) and line[i - 2] in ",.!?;:":
            return (i - 1, i + 1, mark + " ")
        return None
    if shape == "glued":
        return (i, i + 1, " " + mark)
    if shape == "floating" and _single_space_after(line, i):
        return (i, i + 2, mark)
    # ... and a quotation it opens must start with a capital (`children," The`).
    if shape == "close" and _single_space_after(line, i) and line[i + 2].isupper():
        return (i, i + 2, " " + mark)
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
        near_digit = (i > 0 and line[i - 1].isdigit()) or (i + 1 < len(line) and line[i + 1].isdigit())
        fix = _edit_for(line, i, role, shape)
        if fix is None or near_digit or conflicts > max_conflicts:
            return None  # inch marks, a lost mark, or too much disagreement: pairing is not trusted
        start, end, after = fix
        where = f"mark {k + 1} of {len(marks)} {role}s a quotation but sits as '{shape}'"
        out.append((start, end, after, f"{why}; {where}"))
    return out


def fix_quote_spacing(text: str, config: RepairConfig) -> list[Edit]:
    """Put the space on the right side of each quotation mark, by pairing marks in a paragraph.

    Straight marks ("): in a paragraph (line) with an even number of them, marks alternate
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
    offset = 0
    for line in text.split("\n"):
        if '"' not in line and "\u201c" not in line and "\u201d" not in line:
            offset += len(line) + 1
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
        offset += len(line) + 1
    return edits
