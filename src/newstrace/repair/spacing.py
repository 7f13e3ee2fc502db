"""Spacing artefacts: a space before "." or "," ("Colombia ."), "bridge..", a doubled space between words."""

from __future__ import annotations

import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit

# A word, one space, then "." or "," that ends the sentence or clause: followed by a space and
# a non-dot (so spaced ellipses ". . ." stay), or by the end of the line.
_SPACE_BEFORE = re.compile(r"(?<=[^\W\d_]) [.,](?= [^\s.]|\n|$)")
# Exactly two periods after a word, ending the sentence: a capital or quotation mark follows,
# or the line ends. "Uh.. your" (a lowercase continuation) is an informal ellipsis; "..." is one.
_DOUBLE_PERIOD = re.compile(r"(?<=[^\W\d_])\.\.(?=[ \t]+[A-Z\"\u201c]|[ \t]*(?:\n|$))")
# Exactly two spaces between two words (not after a period: two spaces there is a style).
_DOUBLE_SPACE = re.compile(r"(?<=[^\W\d_])  (?=[^\W\d_])")


def _dot_leaders(text: str, at: int) -> bool:
    """The paragraph uses runs of periods elsewhere (tables with dot leaders, ellipses)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    return line.count("..") > 1


def fix_punctuation_spacing(text: str, config: RepairConfig) -> list[Edit]:
    """Remove a stray space before "." or ",", one of two sentence periods, one of two spaces.

    A doubled period is left alone in a paragraph that has another run of periods (dot
    leaders in a table: "Prime.. Nikko Securities.....8.25").

    Args:
        text: the document.
        config: ``punctuation_spacing`` turns the fixer off.

    Returns:
        Edits of kind ``spacing``.

    >>> t = "He entered Colombia . They took the bridge.. Wait . . . what?  And so  on."
    >>> [(t[e.start:e.end], e.after) for e in fix_punctuation_spacing(t, RepairConfig())]
    [(' .', '.'), ('..', '.'), ('  ', ' ')]
    """
    if not config.punctuation_spacing:
        return []
    edits = [
        Edit(m.start(), m.end(), m.group()[1], "spacing", "space before sentence punctuation")
        for m in _SPACE_BEFORE.finditer(text)
    ]
    edits += [
        Edit(m.start(), m.end(), ".", "spacing", "doubled period after a word")
        for m in _DOUBLE_PERIOD.finditer(text)
        if not _dot_leaders(text, m.start())
    ]
    edits += [
        Edit(m.start(), m.end(), " ", "spacing", "doubled space between words")
        for m in _DOUBLE_SPACE.finditer(text)
    ]
    return edits
