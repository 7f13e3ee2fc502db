"""Layout of an article around its quotations: paragraphs, sentences, the words before and after each."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from newstrace.nlp.cues import TITLE_ABBREVIATIONS
from newstrace.nlp.frames import cut_content_frame, to_comma
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.quote_marks import ALL_MARKS, QuoteSpan, paragraphs
from newstrace.nlp.quote_text import DASHES
from newstrace.nlp.speakers import MentionIndex, Referent
from newstrace.schema import Entity

#: Sentence-final punctuation (a sentence also ends at a line break).
BOUNDARY = {".", "!", "?", ";", "…"}


@dataclass
class Found:
    """One quotation's attribution: its span, sentence index, speaker referent, cue word, the
    rule that attributed it (``how``), ``kind`` ('direct' or 'partial') and confidence (0..1)."""

    span: QuoteSpan
    sent: int
    ref: Referent | None = None
    cue: str | None = None
    how: str = ""
    kind: str = "direct"
    confidence: float = 0.5
    speech_cue: bool = False  # attributed through a speech verb or noun (not by position alone)


class QuoteLayout:
    """An article's quotations laid out for attribution: paragraphs, sentences split outside
    quotation marks, tokens inside marks, and the words before and after each quotation.

    The attribution rules (:mod:`newstrace.nlp.quote_subjects` and the modules after it) are
    mixins over this state; :class:`newstrace.nlp.quotes._Attributor` joins them.
    """

    def __init__(self, parsed: ParsedText, entities: list[Entity], spans: list[QuoteSpan]) -> None:
        """Lay out one article.

        Args:
            parsed: the article body after the light pipeline.
            entities: its entities (canonical person names), for the :class:`MentionIndex`.
            spans: its quotation spans (:func:`newstrace.nlp.quote_marks.find_quote_spans`), in
                text order; an attribution frame caught inside the marks is cut from each
                (:func:`newstrace.nlp.frames.cut_content_frame`, which changes the span).
        """
        self.parsed = parsed
        self.text = parsed.text
        self.doc = parsed.doc
        self.spans = spans
        self.idx = MentionIndex(self.doc, entities)
        self.paras = paragraphs(self.text)
        self._para_starts = [a for a, _ in self.paras]
        for sp in spans:
            cut_content_frame(self.text, sp)
        self.inside: set[int] = set()  # token indices inside quotation marks (marks included)
        for sp in spans:
            self.inside.update(self.idx.tokens_between(sp.open, sp.outer_end))
        self.sents: list[tuple[int, int, int]] = []  # (first token, end token, paragraph)
        self._segment()
        self._sent_starts = [s for s, _, _ in self.sents]
        self.found: list[Found] = []
        self.rejected: set[int] = set()  # indices of spans judged not to be speech
        self._opens = {sp.open for sp in spans}  # offsets of opening marks (apostrophes are not)

    def para_of(self, char: int) -> int:
        """Index of the paragraph holding character offset ``char`` (0 before the first)."""
        return max(0, bisect_right(self._para_starts, char) - 1)

    def _is_break(self, i: int) -> bool:
        """A sentence break: final punctuation, or a line break (lines of web copy are paragraphs)."""
        doc = self.doc
        tok = doc[i]
        if tok.text == "." and i + 1 < len(doc):
            nxt = doc[i + 1]
            if nxt.text[:1].islower() or nxt.text in {")", ",", ";", ":"}:
                return False  # an abbreviation's point: "(Vt.)", "U.S. officials"
            prev = doc[i - 1] if i > 0 else None
            if (
                prev is not None
                and not prev.whitespace_
                and prev.lower_ in TITLE_ABBREVIATIONS
                and nxt.is_title
            ):
                return False  # a title's point split from it: 'Lt. Col. Ada Lund', 'Supt. Lund'
        return tok.text in BOUNDARY or (tok.is_space and "\n" in tok.text)

    def _segment(self) -> None:
        """Sentences split at final punctuation and line breaks outside quotation marks."""
        for p, (a, b) in enumerate(self.paras):
            toks = self.idx.tokens_between(a, b)
            start = toks.start
            for i in toks:
                if i not in self.inside and self._is_break(i):
                    self.sents.append((start, i + 1, p))
                    start = i + 1
            if start < toks.stop:
                self.sents.append((start, toks.stop, p))

    def sent_of_token(self, i: int) -> int:
        """Index of the sentence (:attr:`sents`) holding token ``i``."""
        return max(0, bisect_right(self._sent_starts, i) - 1)

    def outside(self, s: int, before_char: int | None = None) -> list[int]:
        """Token indices of sentence ``s`` outside quotation marks, spaces left out, and only
        those starting before character offset ``before_char`` when it is given."""
        a, b, _ = self.sents[s]
        return [
            i
            for i in range(a, b)
            if i not in self.inside
            and not self.doc[i].is_space
            and (before_char is None or self.doc[i].idx < before_char)
        ]

    def _after(self, k: int) -> list[int]:
        """Tokens after quotation ``k`` up to the next quotation, sentence end or paragraph end."""
        sp = self.spans[k]
        if sp.close is None:
            return []
        p = self.para_of(sp.close)
        limit = self.paras[p][1]
        if k + 1 < len(self.spans) and self.spans[k + 1].open < limit:
            limit = self.spans[k + 1].open
        out = []
        for i in self.idx.tokens_between(sp.outer_end, limit):
            if self._is_break(i):
                break
            if not self.doc[i].is_space:
                out.append(i)
        return out

    def _before(self, k: int) -> tuple[list[int], bool]:
        """Tokens between the sentence start (or the previous quotation) and quotation ``k``;
        the flag is True when they run back to a previous quotation in the same sentence."""
        sp = self.spans[k]
        p = self.para_of(sp.open)
        lo = self.paras[p][0]
        after_quote = False
        prev = k - 1
        while prev >= 0 and prev in self.rejected:
            prev -= 1  # a title or scare quote before is part of the narrative sentence
        if (
            prev >= 0
            and self.para_of(self.spans[prev].outer_end - 1) == p
            and self.spans[prev].outer_end <= sp.open
        ):
            lo = max(lo, self.spans[prev].outer_end)
            after_quote = prev == k - 1
        toks = list(self.idx.tokens_between(lo, sp.open))
        for j in range(len(toks) - 1, -1, -1):
            if self._is_break(toks[j]):
                return [i for i in toks[j + 1 :] if not self.doc[i].is_space], False
        return [i for i in toks if not self.doc[i].is_space], after_quote

    def _previous_line(self, k: int) -> list[int]:
        """Tokens of the line before quotation ``k`` when the quotation opens its own line."""
        doc = self.doc
        j = self.idx.token_at(self.spans[k].open) - 1
        crossed = False
        while j >= 0 and doc[j].is_space:
            crossed = crossed or "\n" in doc[j].text
            j -= 1
        if not crossed and j >= 0:
            return []
        out = []
        while j >= 0 and not self._is_break(j):
            out.append(j)
            j -= 1
        return out[::-1]

    def _dash_line(self, k: int) -> list[int]:
        """Tokens of the line after quotation ``k`` when that line opens with a dash and a
        capitalised word and holds no finite verb before its first comma ('"..."' then '— Ada Lund, harbour engineer'
        on the next line, or as the next paragraph): a signature, the speaker's name under the
        quotation. Empty otherwise."""
        sp = self.spans[k]
        if sp.close is None:
            return []
        m = re.match(r"[ \t]*\n\s*([" + DASHES + r"]{1,2})[ \t]*(?=[^\W\d_])", self.text[sp.outer_end :])
        if m is None or self.text[sp.outer_end + m.end()].islower():
            return []
        start = sp.outer_end + m.start(1)
        stop = self.text.find("\n", start)
        stop = len(self.text) if stop < 0 else stop
        if stop - start > 200 or any(c in ALL_MARKS for c in self.text[start:stop]):
            return []
        toks = [i for i in self.idx.tokens_between(start, stop) if not self.doc[i].is_space]
        if any(self.idx.is_verb(i) for i in to_comma(self.doc, toks[1:])):
            return []  # a sentence, not a name (the role after the comma may be mis-tagged: 'harbour')
        return toks

    def _whole_paragraph(self, k: int) -> bool:
        """Quotation ``k`` is its paragraph: nothing but space before its opening mark and after
        its closing mark within the paragraph."""
        sp = self.spans[k]
        a, b = self.paras[self.para_of(sp.open)]
        return (
            sp.close is not None
            and not self.text[a : sp.open].strip()
            and not self.text[sp.outer_end : b].strip()
        )
