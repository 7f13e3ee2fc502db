"""The repair log: local edits become sequential Repair records, and apply_plan replays them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from newstrace.schema import Repair, RepairKind


class Edit(NamedTuple):
    """One local change proposed by a fixer, in offsets of the text the fixer was given.

    Attributes:
        start, end: character span replaced (``str`` indices, end exclusive).
        after: replacement text.
        kind: the Repair kind.
        evidence: short human-readable reason.
    """

    start: int
    end: int
    after: str
    kind: RepairKind
    evidence: str


def apply_edits(text: str, edits: Iterable[Edit]) -> tuple[str, list[Repair]]:
    """Apply non-overlapping edits left to right and log them as sequential repairs.

    Each Repair's ``start``/``end`` are shifted by the length change of the edits before it,
    so they index the text as it stands after every earlier repair (the log's contract).

    Args:
        text: the text the edits' offsets refer to.
        edits: edits in any order; overlapping ones after the first are dropped (a fixer
            should not propose them).

    Returns:
        (new_text, repairs), one Repair per applied edit that changes the text.
    """
    out: list[str] = []
    repairs: list[Repair] = []
    pos = 0
    shift = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < pos or text[e.start : e.end] == e.after:
            continue
        out.append(text[pos : e.start])
        before = text[e.start : e.end]
        repairs.append(
            Repair(
                kind=e.kind,
                start=e.start + shift,
                end=e.end + shift,
                before=before,
                after=e.after,
                evidence=e.evidence,
            )
        )
        out.append(e.after)
        shift += len(e.after) - len(before)
        pos = e.end
    out.append(text[pos:])
    return "".join(out), repairs


def apply_plan(text: str, repairs: Iterable[Repair]) -> str:
    """Replay a repair log on the text it was made from (ftfy's ``apply_plan`` for local repairs).

    Args:
        text: the raw text (``Article.raw_text``).
        repairs: the sequential log from :func:`newstrace.repair.fix_and_explain`.

    Returns:
        The repaired text.

    Raises:
        ValueError: a repair's ``before`` does not match the text at its offsets (the log was
            made from another text, or reordered).

    >>> from newstrace.schema import Repair
    >>> apply_plan("the mbad exodus", [Repair(kind="censor", start=4, end=8, before="mbad", after="mass")])
    'the mass exodus'
    """
    for i, r in enumerate(repairs):
        if not (0 <= r.start <= r.end <= len(text)) or text[r.start : r.end] != r.before:
            raise ValueError(
                f"repair {i} ({r.kind}) expects {r.before!r} at {r.start}:{r.end} but the text has "
                f"{text[r.start : r.end]!r}; replay the log on the text it was made from, in order"
            )
        text = text[: r.start] + r.after + text[r.end :]
    return text
