"""The head of a document: keep byline, metadata and body lines out of the headline."""

from __future__ import annotations

import re

from newstrace.structure.byline import parse_byline
from newstrace.structure.furniture import is_headline_like, language_label_prefix
from newstrace.structure.headline import is_lead_sentence
from newstrace.structure.stamps import is_metadata_line, metadata_prefix


def _is_byline_line(line: str) -> bool:
    """A labelled byline ("By Ann Lee", "Reporter: Ann Lee", "Por Ana Gómez"): never a headline."""
    return parse_byline(line) is not None


# text after a cut-off stamp: a letter, perhaps after an opening quotation mark (not a time or figure)
_TEXT_FOLLOWS = re.compile(r"\s*[\"\u201c\u2018']?[^\W\d_]")


def _cut_language_label(line: str, furniture: list[str]) -> str:
    """``line`` without a language link glued before it ("Spanish – ..."), the link added to ``furniture``."""
    cut = language_label_prefix(line)
    if not cut:
        return line
    furniture.append(line[:cut].strip(" -|\u2013\u2014"))
    return line[cut:].strip()


def _cut_metadata(line: str, lead: list[str]) -> str:
    """``line`` without a date stamp glued before its text ("date 2019-06 The ..."), the stamp added to ``lead``."""
    cut = metadata_prefix(line)
    # a whole stamp line ("Publicado el ... | Actualizado el ...") is no stamp glued to text
    if not (cut and _TEXT_FOLLOWS.match(line[cut:])) or is_metadata_line(line):
        return line
    lead.append(line[:cut].strip())
    return line[cut:].strip(" |,:-\u2013\u2014")


def _glued(repaired: str, line: str) -> bool:
    """Whether ``line`` is followed in ``repaired`` by more text with no blank line between."""
    at = repaired.find(line)
    return at >= 0 and re.match(r"[ \t]*\n[ \t\u00a0]*\S", repaired[at + len(line):]) is not None


def set_aside_head(head_line: str, paragraphs: list[str], repaired: str = "", declared: bool = False
                   ) -> tuple[str, list[str], list[str]]:
    """Keep byline, metadata and body lines out of the headline.

    A headline candidate is not the headline when it is a labelled byline ("Reporter: Ann
    Lee", "Por Ana Gómez"), a metadata line ("date 2019-06", "Updated 3 hours ago", a bare
    timestamp) or the body's first sentence (:func:`is_lead_sentence`). A byline or metadata
    line is moved to the head of the body, where the line classifier takes it into its field
    (byline, dates) or residue, and the next line is the headline when it is headline-like
    (:func:`newstrace.structure.furniture.is_headline_like`), else there is none. A metadata
    prefix glued to the text ("date 2019-06 The report ...") is split off the same way, from
    the headline line or the body's first paragraph, and so is a language link glued before it
    ("Spanish – Military officers ...": :func:`newstrace.structure.furniture.language_label_prefix`),
    which is page furniture.

    Args:
        head_line: the headline candidate (the first line, or the line after page furniture).
        paragraphs: the body paragraphs under it.
        repaired: the whole document, to tell whether the body follows the candidate with no
            blank line between.
        declared: the candidate is the title the reader declared (a page's ``h1``): only a
            byline or metadata line is refused then, never a sentence-like title.

    Returns:
        ``(headline_line, paragraphs, furniture)``: ``""`` when there is no headline; the
        set-aside byline and metadata lines are paragraphs of their own at the head of the body;
        ``furniture`` the language links cut off.
    """
    lead: list[str] = []
    furniture: list[str] = []
    paragraphs = list(paragraphs)
    line = head_line.strip()
    while line:
        line = _cut_language_label(line, furniture)
        if is_metadata_line(line) or _is_byline_line(line):
            lead.append(line)
        elif (text := _cut_metadata(line, lead)) != line:  # a stamp glued before the title or text
            line = text
            if is_headline_like(line) and not is_lead_sentence(line):
                break
            paragraphs.insert(0, line)
            line = ""
            break
        else:
            if not declared and is_lead_sentence(line, _glued(repaired, line)):
                paragraphs.insert(0, line)
                line = ""
            break
        if not paragraphs:
            line = ""
            break
        first, _, rest = paragraphs[0].partition("\n")
        if not (is_metadata_line(first) or _is_byline_line(first) or metadata_prefix(first)
                or is_headline_like(first)):
            line = ""  # the body follows the set-aside lines: no headline
            break
        line = first.strip()
        paragraphs = ([rest] if rest.strip() else []) + paragraphs[1:]
    if paragraphs:  # "date 2024-05-12 The harbour board ...": a stamp glued to the body's first line
        first, nl, rest = paragraphs[0].partition("\n")
        first = _cut_language_label(_cut_metadata(first, lead), furniture)
        paragraphs[0] = first + nl + rest
    return line, lead + paragraphs, furniture


__all__ = ["set_aside_head"]
