"""Repair damaged news text (encoding, censor filters, glued words, quote marks), logged and replayable.

Modelled on ftfy's ``fix_and_explain``: small pure fixers with verb_object names, a
name -> function registry (:data:`FIXERS`), an immutable :class:`RepairConfig`, a loop to a
fixed point, and :func:`apply_plan` to replay the log. Our fixes are local, so each logged
:class:`~newstrace.schema.Repair` carries offsets, before, after and evidence.
"""

from __future__ import annotations

from collections.abc import Callable

from newstrace.repair.censor import learn_substitutions, restore_censored_words
from newstrace.repair.config import DEFAULT_FIXERS, RepairConfig, Substitution
from newstrace.repair.encoding import fix_encoding
from newstrace.repair.explain import Edit, apply_edits, apply_plan
from newstrace.repair.glued import close_glued_quotes, split_glued_words
from newstrace.repair.quote_marks import fix_quote_spacing
from newstrace.repair.spacing import fix_punctuation_spacing
from newstrace.schema import Repair

Fixer = Callable[[str, RepairConfig], list[Edit]]

#: Name -> fixer. A fixer is a pure function ``(text, config) -> list[Edit]`` whose edits do
#: not overlap and refer to the text it was given.
FIXERS: dict[str, Fixer] = {
    "fix_encoding": fix_encoding,
    "restore_censored_words": restore_censored_words,
    "close_glued_quotes": close_glued_quotes,
    "split_glued_words": split_glued_words,
    "fix_quote_spacing": fix_quote_spacing,
    "fix_punctuation_spacing": fix_punctuation_spacing,
}


def fix_and_explain(text: str, config: RepairConfig | None = None) -> tuple[str, list[Repair]]:
    """Repair a whole document and explain every change.

    Runs the fixers named in ``config.fixers`` in order, each on the output of the one before,
    and repeats the sequence until a pass changes nothing (at most ``config.max_passes``).

    Args:
        text: the whole document (headline line, blank line, paragraphs), as read.
        config: options; :class:`RepairConfig` defaults when ``None``.

    Returns:
        ``(fixed_text, repairs)``: the repairs form a sequential log (offsets refer to the
        text after all earlier repairs), so ``apply_plan(text, repairs) == fixed_text``.

    Raises:
        TypeError: ``text`` is not ``str`` (decode bytes first, e.g. ``data.decode("utf-8",
            errors="replace")``, and let the encoding fixer repair mojibake).
        KeyError: ``config.fixers`` names an unknown fixer; the message lists the known ones.

    >>> fixed, log = fix_and_explain("The badociated press saw a mbad exodus; badly planned.")
    >>> fixed
    'The associated press saw a mass exodus; badly planned.'
    >>> [(r.kind, r.before, r.after) for r in log]
    [('censor', 'badociated', 'associated'), ('censor', 'mbad', 'mass')]
    >>> fix_and_explain("Nothing to fix here, not even Badajoz.")
    ('Nothing to fix here, not even Badajoz.', [])
    """
    if not isinstance(text, str):
        raise TypeError(
            f"fix_and_explain expects str, got {type(text).__name__}; decode bytes first "
            "(e.g. data.decode('utf-8', errors='replace'))"
        )
    config = config or RepairConfig()
    unknown = [name for name in config.fixers if name not in FIXERS]
    if unknown:
        raise KeyError(f"unknown fixer(s) {unknown}; known fixers: {sorted(FIXERS)}")
    log: list[Repair] = []
    for _ in range(max(1, config.max_passes)):
        changed = False
        for name in config.fixers:
            edits = FIXERS[name](text, config)
            if edits:
                text, repairs = apply_edits(text, edits)
                log += repairs
                changed = changed or bool(repairs)
        if not changed:
            break
    return text, log


def fix_text(text: str, config: RepairConfig | None = None) -> str:
    """The repaired text alone (see :func:`fix_and_explain`)."""
    return fix_and_explain(text, config)[0]


__all__ = [
    "DEFAULT_FIXERS",
    "FIXERS",
    "Edit",
    "RepairConfig",
    "Substitution",
    "apply_plan",
    "fix_and_explain",
    "fix_text",
    "learn_substitutions",
]
