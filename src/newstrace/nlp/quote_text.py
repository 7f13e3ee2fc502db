"""Word and punctuation tests on quotation text: its words, title case, a closing stop."""

from __future__ import annotations

import re

#: Dashes that introduce a speaker after a quotation ('"..." — Name').
DASHES = "—–―-"
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

#: Punctuation closing a quotation's content that belongs to the carrying sentence: American
#: style puts the sentence's comma inside the marks ('"... this fast," she said').
SENTENCE_PUNCT = ",;:"


#: An opening mark at the head of a paragraph inside a quotation: news style reopens a quotation
#: that runs on into the next paragraph ('..." this fix.\n\n"Every week ...'), and the mark is no
#: part of the quoted words.
_REOPENED = re.compile(r"(\n[ \t]*\n\s*)[\"“«„”]")


def without_reopening_marks(text: str) -> str:
    r"""``text`` (a quotation spanning paragraphs) without the marks that reopen it at each new paragraph.

    >>> without_reopening_marks('to fix this.\n\n"Every week they delay')
    'to fix this.\n\nEvery week they delay'
    """
    return _REOPENED.sub(r"\1", text)


def split_words(text: str) -> list[str]:
    """The words of ``text``: runs of letters and digits, apostrophes inside a word kept ("don't")."""
    return _WORD.findall(text)


def is_title_case(text: str) -> bool:
    """True for a name or title in marks ("Grey Heron", "Cold Water, Quick Hands")."""
    words = split_words(text)
    long = [w for w in words if len(w) >= 4]
    if not long or re.search(r"[.!?]\s*\S", text):
        return False
    return all(w[:1].isupper() for w in long)


def ends_with_stop(text: str) -> bool:
    """Whether ``text`` ends with sentence punctuation, perhaps followed by other non-word characters
    (read from the end, so a long run of marks costs linear time, not the regex's quadratic)."""
    for ch in reversed(text):
        if ch in ".!?…":
            return True
        if ch.isalnum() or ch == "_":
            return False
    return False
