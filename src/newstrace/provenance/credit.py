"""Credit and byline dropped, changed or added between an origin and its copy, from the articles' structured fields."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from newstrace.provenance.rewording import _common_for_name
from newstrace.provenance.text import fold
from newstrace.schema import Change
from newstrace.structure.byline import parse_byline


def _byline_lines(article):
    """The byline lines set aside from ``article`` (``residue`` with reason ``byline-line``), each with
    its parse: ``(text, Byline or None)``, read with or without a leading "By"."""
    for r in getattr(article, "residue", None) or []:
        if r.reason == "byline-line":
            yield r.text, parse_byline(r.text) or parse_byline(r.text, require_by=False)


def _byline_line_credits(article) -> list[str]:
    """Who the byline lines set aside from ``article`` credit ("By Maren Olsby, Related Press" ->
    ``["Related Press"]``): the agency (:attr:`Byline.credit`) or, failing one, the outlet named
    there, which may be a garbled agency name no table knows, or else the last capitalised part the
    byline parser did not take for a person.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``residue`` with reason ``byline-line``).

    Returns:
        The names in reading order (list of str), empty when no byline line names anyone.
    """
    out = []
    for _, b in _byline_lines(article):
        # a part the byline parser refused as a person ("Allied Press Service") stands where the credit does
        rest = [d for d in (b.dropped if b else []) if d[:1].isupper()]
        if b and (b.credit or b.outlet or rest):
            out.append(b.credit or b.outlet or rest[-1])
    return out


#: How alike (rapidfuzz ``fuzz.ratio``, 0-100, leading "the" dropped) an outlet must be to an agency
#: name to be that name garbled ("Related Press" / "The Associated Press" 69, "Affiliated Press" 75;
#: another outlet: "Free Press" 54, "Calder Press" 64, "Westford Ledger" 32).
GARBLED_NAME_RATIO = 66.0


def _garbled_name(outlet: str | None, credit: str) -> bool:
    """Whether ``outlet`` (an article's outlet, e.g. from its byline line) reads as ``credit`` garbled
    (:data:`GARBLED_NAME_RATIO`): a spun copy's rewritten agency name, which no agency table knows."""
    if not outlet:
        return False
    a, b = (re.sub(r"^the\s+", "", fold(x).strip()) for x in (outlet, credit))
    return a != b and fuzz.ratio(a, b) >= GARBLED_NAME_RATIO


def _garbled_byline_credit(article, credit: str) -> str:
    """The part of ``article``'s byline lines that reads as ``credit`` garbled although the byline
    parser took it for a person ("By Tove Lindqvist, Allied Press Service": "Allied Press" is a name
    by its form, yet it reads as "The Associated Press" garbled, :func:`_garbled_name`), given as the
    whole comma-separated part that holds it ("Allied Press Service"); "" when none does.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``residue`` with reason ``byline-line``).
        credit: the other article's credit (an agency name).
    """
    for text, b in _byline_lines(article):
        for name in b.names if b else []:
            if _garbled_name(name, credit):
                return next((p.strip() for p in re.split(r"[,;|]|\s[-\u2013\u2014]\s", text) if name in p), name)
    return ""


def credit_changes(copy, origin) -> list[Change]:
    """Credit (agency) and byline dropped or changed, from the articles' structured fields.

    When the copy has no recognised credit but its byline line names someone else where the
    origin's byline line credits the agency ("By Maren Olsby, The Associated Press" -> "By Maren
    Olsby, Related Press"), the credit was changed, not dropped: the copy's name is reported, also
    where the byline parser read it as a person (:func:`_garbled_byline_credit`).
    Articles loaded without their set-aside lines (the trace's light articles) fall back on the
    copy's outlet when it reads as the origin's credit garbled (:func:`_garbled_name`).

    Args:
        copy, origin: :class:`~newstrace.schema.Article` s.

    Returns:
        ``credit`` changes ("credit dropped" / "credit changed" / "byline dropped" / "byline added" /
        "byline changed") and ``name`` changes for a byline surname rendered as a common word.
    """
    out = []
    if origin.credit and copy.credit != origin.credit:
        instead = copy.credit or ""
        if not instead and fold(origin.credit) in {fold(c) for c in _byline_line_credits(origin)}:
            # the origin credits its agency in a byline line: the copy's byline line holds its credit
            others = [c for c in _byline_line_credits(copy) if fold(c) != fold(origin.credit)]
            instead = others[0] if others else _garbled_byline_credit(copy, origin.credit)
        if not instead and _garbled_name(copy.outlet, origin.credit):
            instead = copy.outlet
        out.append(Change(kind="credit", origin_text=origin.credit, copy_text=instead,
                          detail="credit dropped" if not instead else "credit changed"))
    ob, cb = list(origin.byline or []), list(copy.byline or [])
    if ob and not cb:
        out.append(Change(kind="credit", origin_text=", ".join(ob), copy_text="", detail="byline dropped"))
    elif cb and not ob:  # a republisher naming the reporter, or a byline the origin's page did not show
        out.append(Change(kind="credit", origin_text="", copy_text=", ".join(cb), detail="byline added"))
    elif ob and cb and [fold(x) for x in ob] != [fold(x) for x in cb]:
        for o, c in zip(ob, cb):
            if fold(o) != fold(c):
                common = any(_common_for_name(x, y) for x, y in zip(o.split(), c.split()) if fold(x) != fold(y))
                # a surname come back as an ordinary word is a name garbled ("Armario" -> "Wardrobe");
                # another person in the byline is a credit change, as a byline dropped or added is
                out.append(Change(kind="name" if common else "credit", origin_text=o, copy_text=c,
                                  detail="byline name rendered as a common word" if common else "byline changed"))
    return out
