"""One-line messages for record errors and warnings, with repeated warnings folded per file.

A feed written in one legacy encoding carries the same W103 warning on every record; printing
each one buries the errors that matter. :class:`NoticeDigest` prints the first few warnings of
each (file, code) and counts the rest; errors (``E`` codes) are always printed. Every warning
stays on its record (``Article.errors``, the store's ``errors`` table): only the console folds.
"""

from __future__ import annotations

from collections import Counter

from newstrace.schema import Article, ErrorRecord

#: Warnings of one code printed per input file before the rest are counted.
WARNINGS_PER_FILE = 3


def error_line(article: Article, error: ErrorRecord, code: bool = False) -> str:
    """One line for an error: ``LOCATION: cause``, LOCATION being ``FILE:LINE``, ``FILE#RECORD`` or ``FILE``.

    The location (:meth:`Source.label`) is added when the message lacks it.

    Args:
        article: the record the error belongs to (for its ``source``).
        error: the error.
        code: end the line with the error's code in parentheses, ``(E106)``, which the README's
            table of codes explains (the lines on standard error; a table that shows the code in a
            column of its own leaves it out).

    >>> from newstrace.schema import Source
    >>> a = Article(source=Source(path="feed.jsonl", format="jsonl", line=3))
    >>> error_line(a, ErrorRecord(code="E106", message="malformed JSON", stage="read"))
    'feed.jsonl:3: malformed JSON'
    >>> error_line(a, ErrorRecord(code="E106", message="malformed JSON", stage="read"), code=True)
    'feed.jsonl:3: malformed JSON (E106)'
    """
    return located(article.source.label(), error.message) + (f" ({error.code})" if code else "")


def located(label: str, message: str) -> str:
    """``LABEL: message`` with the message's white space runs made single spaces, unless the message
    already starts with ``LABEL:``."""
    message = " ".join(message.split())
    return message if message.startswith(label + ":") else f"{label}: {message}"


class NoticeDigest:
    """Decides which record errors and warnings to print, folding repeated warnings per file.

    Args:
        per_file: warnings of one code printed per input file (default :data:`WARNINGS_PER_FILE`);
            later ones are counted and reported by :meth:`summary`.

    >>> from newstrace.schema import Source
    >>> d = NoticeDigest(per_file=1)
    >>> w = ErrorRecord(code="W103", message="decoded as cp1252", stage="read")
    >>> [d.admit(Article(source=Source(path="f.jsonl", format="jsonl", line=n)), w) for n in (1, 2, 3)]
    [True, False, False]
    >>> d.summary()
    ['f.jsonl: 2 more records with warning W103 (not shown; each record keeps its warning)']
    """

    def __init__(self, per_file: int = WARNINGS_PER_FILE) -> None:
        self.per_file = per_file
        self.seen: Counter = Counter()

    def admit(self, article: Article, error: ErrorRecord) -> bool:
        """True when this error or warning is to be printed (every ``E`` code; a warning while
        its file has printed fewer than ``per_file`` of its code)."""
        if error.code.startswith("E"):
            return True
        key = (article.source.path or "<text>", error.code)
        self.seen[key] += 1
        return self.seen[key] <= self.per_file

    def summary(self, kept: str = "each record keeps its warning") -> list[str]:
        """``FILE: N more records with warning CODE (not shown; KEPT)`` per folded (file, code), in first-seen order.

        Args:
            kept: where the folded warnings can be read (e.g. the store's errors table).
        """
        return [f"{path}: {n - self.per_file} more record{'s' if n - self.per_file != 1 else ''} with warning "
                f"{code} (not shown; {kept})"
                for (path, code), n in self.seen.items() if n > self.per_file]  # fmt: skip
