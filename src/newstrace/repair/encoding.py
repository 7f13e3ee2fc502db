"""Encoding and mojibake repair with ftfy, logged as local edits (one per changed stretch of a line)."""

from __future__ import annotations

import difflib
import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit

# A line of plain ASCII with no entity, control or escape character cannot hold mojibake: skip it.
_NEEDS_FTFY = re.compile(r"[^\x20-\x7e\t]|&")

# UTF-8 ” (E2 80 9D) read as Windows-1252, where 0x9D is undefined and is often dropped or
# replaced: "â€" then stands before an ASCII space or punctuation mark, the line's end or U+FFFD,
# never before a character cp1252 gives to a byte 0x80-0xBF. ftfy reads "â€ " as a dagger
# (E2 80 A0, the no-break space turned into a space), which loses the quotation.
_LOST_CLOSE = re.compile(r"\u00e2\u20ac(?:\ufffd|(?=[\s!-/:-@\[-`{-~]|$))")
# Opening and closing double quotation marks, whole or as the same mojibake; a “ or ” right after "â€"
# is the last character of a dash's mojibake ("â€“", "â€”"), no quotation mark.
_QUOTE_MARK = re.compile(r"(?<!\u00e2\u20ac)[\u201c\u201d]|\u00e2\u20ac[\u0153\u009d]")


def _ftfy_config(config: RepairConfig):
    import ftfy

    # Curly quotes, line breaks and fullwidth forms are good text, not damage: leave them.
    return ftfy.TextFixerConfig(
        unescape_html=config.unescape_html,
        uncurl_quotes=False,
        fix_line_breaks=False,
        fix_character_width=config.fix_character_width,
        explain=True,
    )


def restore_lost_close_quotes(line: str) -> str:
    """Put back the byte 0x9D of a closing ” whose mojibake "â€" lost it, where a quotation is open.

    A "â€" that ends a mojibake sequence early (see ``_LOST_CLOSE``) is the UTF-8 closing
    quotation mark ” when a quotation before it on the line is open: an opening “ (or its mojibake
    "â€œ") not yet closed, or an odd number of straight double quotes. It is then written "â€\\x9d"
    so that ftfy decodes it as ”. "â€" with U+FFFD after it is a byte replaced, always ” (the
    other bytes cp1252 leaves undefined make characters news text does not hold after E2 80: em
    quad, zero-width joiner, right-to-left mark, hyphen U+2010). Elsewhere the line is left as it
    is (ftfy's own reading stands).

    Args:
        line: one line (paragraph) of text.

    Returns:
        The line, with each such "â€" (and a U+FFFD after it) replaced by "â€\\x9d".

    >>> restore_lost_close_quotes("\u00e2\u20ac\u0153Yes,\u00e2\u20ac she said.") == "\u00e2\u20ac\u0153Yes,\u00e2\u20ac\x9d she said."
    True
    >>> restore_lost_close_quotes("a footnote\u00e2\u20ac here")  # no quotation open
    'a footnoteâ€ here'
    """
    if "\u00e2\u20ac" not in line:
        return line
    parts: list[str] = []
    pos = 0
    for m in _LOST_CLOSE.finditer(line):
        marks = _QUOTE_MARK.findall(line, 0, m.start())
        # Restored marks before this one count as closers: parts holds them already.
        opened = sum(1 for q in marks if q in ("\u201c", "\u00e2\u20ac\u0153"))
        closed = len(marks) - opened + sum(1 for p in parts if p.endswith("\u00e2\u20ac\x9d"))
        straight_open = line.count('"', 0, m.start()) % 2 == 1
        if opened > closed or straight_open or m.group().endswith("\ufffd"):
            parts.append(line[pos : m.start()] + "\u00e2\u20ac\x9d")
            pos = m.end()
    if not parts:
        return line
    return "".join(parts) + line[pos:]


def _steps(explanation) -> str:
    return ", ".join(f"{step} {name}" for step, name in explanation or [])


def fix_encoding(text: str, config: RepairConfig) -> list[Edit]:
    """Mojibake, HTML entities in plain text, control characters, ligatures: ftfy, line by line.

    ftfy (Speer, ``ftfy.fix_and_explain``) decides each line's fix; the changed line is then
    diffed against the original (``difflib.SequenceMatcher``, character level) so each Repair
    covers only the stretch that changed, with ftfy's steps as evidence.

    Args:
        text: the document.
        config: uses ``unescape_html`` and ``fix_character_width``.

    Returns:
        Edits of kind ``encoding``, offsets into ``text``.

    >>> text = "a cafÃ© in SÃ£o Paulo"
    >>> [(text[e.start:e.end], e.after) for e in fix_encoding(text, RepairConfig())]
    [('Ã©', 'é'), ('Ã£', 'ã')]
    >>> fix_encoding("badly “quoted” text", RepairConfig())
    []
    """
    import ftfy

    cfg = _ftfy_config(config)
    edits: list[Edit] = []
    offset = 0
    for line in text.split("\n"):
        if _NEEDS_FTFY.search(line):
            fixed, explanation = ftfy.fix_and_explain(restore_lost_close_quotes(line), cfg)
            if fixed != line:
                why = "ftfy: " + (_steps(explanation) or "normalise")
                sm = difflib.SequenceMatcher(None, line, fixed, autojunk=False)
                for tag, i1, i2, j1, j2 in sm.get_opcodes():
                    if tag != "equal":
                        edits.append(Edit(offset + i1, offset + i2, fixed[j1:j2], "encoding", why))
        offset += len(line) + 1
    return edits
