"""Hard-wrapped text: tell a body wrapped at a fixed width from one paragraph per line, and join its lines.

Plain text from wire feeds, e-mail and old archives is often hard-wrapped: every line is cut
at a fixed width (60-80 characters), paragraphs start with an indented line or after a blank
line, and sentences run on from line to line. Read one paragraph per line, such a body has its
sentences and quotations cut at every line end. Wrapping is a property of the whole document,
so it is decided once from all body lines (:func:`is_hard_wrapped`), then the lines of each
paragraph are joined (:func:`join_wrapped`).

The test is the one a line filler leaves behind (Knuth and Plass, "Breaking paragraphs into
lines", 1981, on greedy filling): a line that was cut mid-paragraph is cut because the next
word did not fit, so it reaches nearly the wrap width and ends mid-sentence, and the line after
it often starts in lower case. Text extracted one paragraph per line has lines of all lengths
that end in sentence punctuation; headlines, lists and table rows are short lines whose next
line's first word would have fitted. Those are never joined.
"""

from __future__ import annotations

import re
from itertools import pairwise

#: Widest wrap width (characters) taken for hard wrapping; wider "lines" are paragraphs.
MAX_WRAP_WIDTH = 160
#: Fewest wrapped line ends, and the share of candidate line ends they must make, for a body
#: to count as hard-wrapped.
MIN_WRAPS = 2
MIN_WRAP_SHARE = 0.5

_FINAL = ('.', '!', '?', ':', ';', '"', '\u201d', '\u2019', "'", ')', ']', '\u00bb', '\u2026')
# A line ending in an abbreviation ("the U.S.", "Mr.") has not ended its sentence.
_ABBREV_END = re.compile(r"(?:\b(?:[A-Z]\.){1,3}[A-Z]?\.?|\b(?:Mr|Mrs|Ms|Dr|St|Gen|Sen|Rep|Gov|Lt|Col|Sgt|Prof|No|Nos|Jan|Feb|Aug|Sept|Oct|Nov|Dec)\.)$")
_BULLET = re.compile(r"^\s*[-*\u2022\u2013\u2014\u00b7\u25aa>]\s")
# A numbered item ("2. ", "b) ") starts a line only after a finished one: "at March\n13. The" runs on.
_NUMBERED = re.compile(r"^\s*(?:\d{1,2}[.)]|\(?[a-z]\))\s")
_TABLE = re.compile(r"\S(?: {3,}|\t)\S")
_BLANK = re.compile(r"\n[ \t\u00a0]*\n")
#: Small words that cannot end a sentence: a line ending on one runs on ("Secretary of", "said the").
_RUNS_ON = frozenset(
    "a an the of to in on at by for from with and or but nor as than that which who whose said says".split())


def _indent(line: str) -> int:
    """Leading white space of ``line`` in columns (a tab counts 4)."""
    stripped = line.lstrip(" \t\u00a0")
    return len(line[: len(line) - len(stripped)].replace("\t", "    "))


def _ends_sentence(line: str) -> bool:
    """Whether ``line`` ends in sentence punctuation or a closing mark (not an abbreviation)."""
    line = line.rstrip()
    return line.endswith(_FINAL) and not _ABBREV_END.search(line)


def _is_apart(line: str) -> bool:
    """A list item or table row: a line that starts its own paragraph (a table row is never
    joined to the next line either)."""
    return bool(_BULLET.match(line) or _TABLE.search(line.strip()))


def _runs_on(line: str) -> bool:
    """Whether ``line`` ends where no sentence can: on a comma, a hyphen or a small word."""
    line = line.rstrip()
    return line.endswith((",", "-")) or line.rsplit(None, 1)[-1].casefold() in _RUNS_ON


def _first_word(line: str) -> str:
    words = line.split()
    return words[0] if words else ""


def _stands_alone(line: str) -> bool:
    """A short line that is a structure line, not the start of a sentence cut short: a byline
    ("By Ann Lee"), a date stamp, a metadata label, or a heading in capitals ("BACKGROUND")."""
    from newstrace.structure.byline import parse_byline
    from newstrace.structure.stamps import is_metadata_line, parse_stamp

    letters = [c for c in line if c.isalpha()]
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        return True
    return bool(parse_byline(line) or parse_stamp(line) or is_metadata_line(line))


def _blocks(body: str) -> list[list[str]]:
    """The body's blocks (separated by blank lines) as lists of non-blank lines, right-stripped."""
    out = []
    for block in _BLANK.split(body.replace("\r\n", "\n").replace("\r", "\n")):
        lines = [line.rstrip() for line in block.split("\n") if line.strip()]
        if lines:
            out.append(lines)
    return out


def wrap_width(lengths: list[int]) -> int:
    """The wrap width of a body from its line lengths (characters): the second-longest line when
    there are ten or more (one over-long line, a URL, does not set it), else the longest."""
    ordered = sorted(lengths)
    return ordered[-2] if len(ordered) >= 10 else ordered[-1]


def _wrapped_end(line: str, following: str, width: int) -> bool:
    """Whether ``line`` reads as cut by a line filler before ``following``: it ends mid-sentence
    and either ``following``'s first word would not have fitted on it or ``following`` starts in
    lower case."""
    if _ends_sentence(line) or _is_apart(line) or _is_apart(following):
        return False
    word = _first_word(following)
    return len(line) + 1 + len(word) > width or word[:1].islower()


def is_hard_wrapped(body: str) -> bool:
    """Whether the body (the document without its headline line) is hard-wrapped at a fixed width.

    Args:
        body: the body text, lines separated by ``\\n``.

    Returns:
        True when at least :data:`MIN_WRAPS` line ends (or one that is both full and followed
        by a lower-case word), and :data:`MIN_WRAP_SHARE` of the line ends inside a paragraph
        (a line followed by a line that is not indented deeper), read as cut by a line filler
        (:func:`_wrapped_end`), at least one of them runs on (into a lower-case word, or from
        a comma, hyphen or small word such as "of"), and the wrap width is at most
        :data:`MAX_WRAP_WIDTH`. One paragraph per line, headlines, lists and tables give False.

    >>> is_hard_wrapped("The council said on Monday that the new\\nferry will carry more than 300 cars a\\nday once the pier is finished.")
    True
    >>> is_hard_wrapped("The council met on Monday.\\nIt voted to build a pier.\\nWork starts in May.")
    False
    """
    blocks = _blocks(body)
    lines = [line for block in blocks for line in block]
    if len(lines) < 3:
        return False
    width = wrap_width([len(line) for line in lines])
    if width > MAX_WRAP_WIDTH:
        return False
    base = min(_indent(line) for line in lines)
    candidates = wraps = strong = runs_on = 0
    for block in blocks:
        for line, following in pairwise(block):
            if _indent(following) > base:
                continue  # an indented paragraph start
            candidates += 1
            if _wrapped_end(line, following, width):
                wraps += 1
                word = _first_word(following)
                strong += len(line) + 1 + len(word) > width and word[:1].islower()
                runs_on += word[:1].islower() or _runs_on(line)
    # Rows of a table of figures ("Net 1,590,000 vs 1,140,000") end unpunctuated at similar
    # lengths too; prose shows itself by a line that runs on into a lower-case word, or ends
    # on a comma, hyphen or small word ("of", "the") that cannot end a sentence.
    return (wraps >= MIN_WRAPS or strong >= 1) and wraps >= MIN_WRAP_SHARE * candidates and runs_on >= 1


def _starts_paragraph(prev: str, line: str, width: int, base: int) -> bool:
    """Whether ``line`` starts a new paragraph after the line ``prev`` (indentation kept) in a
    body hard-wrapped at ``width`` columns whose least indentation is ``base``."""
    if _indent(line) > base or _is_apart(line) or _TABLE.search(prev.strip()):
        return True  # a list item's own wrapped lines run on, a table row's do not
    room = len(prev.rstrip()) + 1 + len(_first_word(line)) <= width
    prev = prev.strip()
    if _ends_sentence(prev):
        return room or bool(_NUMBERED.match(line))  # a short line ending a sentence ends its paragraph
    # A short byline, stamp or heading line stays on its own; a short line cut mid-sentence
    # ("Secretary of State George" before "Shultz said ...") runs on.
    return room and _first_word(line)[:1].isupper() and _stands_alone(prev)


def _join(parts: list[str], line: str) -> None:
    """Append the continuation ``line`` to a paragraph's ``parts`` (joined with spaces later): a word broken at
    a hyphen stays whole. Only the last part is read, so a paragraph costs time linear in its length."""
    last = parts[-1]
    if len(last) > 1 and last[-1] == "-" and (last[-2].isalnum() or last[-2] == "_") and line[:1].isalpha():
        parts[-1] = last + line
    else:
        parts.append(line)


def join_wrapped(body: str) -> list[str]:
    """The paragraphs of a hard-wrapped body, each one line.

    A paragraph starts after a blank line, at a line indented deeper than the body's least
    indentation, at a list item or table row, after a line that ends a sentence although the
    next word would have fitted on it, and after a short title-like line (a byline or heading).
    Other lines are continuations and are joined with one space (a word broken after a hyphen
    is joined without one). Call it on a body for which :func:`is_hard_wrapped` is True.

    Args:
        body: the body text, lines separated by ``\\n``.

    Returns:
        Paragraphs (str), stripped, in order; every non-space character of ``body`` kept.

    >>> join_wrapped("The council said on Monday that the new\\nferry will carry more than 300 cars a\\nday once the pier is finished.\\n    Work starts in May.")
    ['The council said on Monday that the new ferry will carry more than 300 cars a day once the pier is finished.', 'Work starts in May.']
    """
    blocks = _blocks(body)
    lines = [line for block in blocks for line in block]
    if not lines:
        return []
    width = wrap_width([len(line) for line in lines])
    base = min(_indent(line) for line in lines)
    paragraphs: list[str] = []
    for block in blocks:
        parts, prev = [block[0].strip()], block[0]
        for line in block[1:]:
            if _starts_paragraph(prev, line, width, base):
                paragraphs.append(" ".join(parts))
                parts = [line.strip()]
            else:
                _join(parts, line.strip())
            prev = line
        paragraphs.append(" ".join(parts))
    return paragraphs
