"""Encoding and mojibake repair with ftfy, logged as local edits (one per changed stretch of a line)."""

from __future__ import annotations

import difflib
import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit

# A line of plain ASCII with no entity, control or escape character cannot hold mojibake: skip it.
_NEEDS_FTFY = re.compile(r"[^\x20-\x7e\t]|&")


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
            fixed, explanation = ftfy.fix_and_explain(line, cfg)
            if fixed != line:
                why = "ftfy: " + (_steps(explanation) or "normalise")
                sm = difflib.SequenceMatcher(None, line, fixed, autojunk=False)
                for tag, i1, i2, j1, j2 in sm.get_opcodes():
                    if tag != "equal":
                        edits.append(Edit(offset + i1, offset + i2, fixed[j1:j2], "encoding", why))
        offset += len(line) + 1
    return edits
