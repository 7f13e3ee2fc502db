"""Quotation attribution: quotations with speaker, cue and content, parsing only where patterns fail.

Quotations are found by their marks over the whole text (:mod:`newstrace.nlp.quote_marks`),
then attributed from their surroundings on the light pipeline's tags and entities, in order:

1. after the quotation: a dash and a name ('"..." — Name'), a frame whose subject speaks ('"...,"
   was all Name would say', '"..." is what she told reporters', '"..." was the ministry's only
   comment'), or a speech verb before or after its subject ('"...," said Name', '"...?" Name
   asked', '"...," she sighed'). A frame caught inside the marks ('"..., was all Name would
   say."', a misplaced closing mark) is cut from the content first;
2. a name alone between two parts of a quotation ('"..." Name, father of two, "..."');
3. before it: a lead-in ending in a colon (on the same line or the paragraph before), the
   attribution of the part just before (the resumed half of a split quotation), a speech
   verb right before it ('Torres replied "my wife"'), or a possessed speech noun ("Trump's
   warning that "...""));
4. a quotation inside a sentence (partial quote) with none of these: the sentence's
   dependency parse, walking from the quotation up to the speech verb and its subject;
5. "according to X" right after the quotation ('"...", according to the harbour master'),
   else in its sentence when no speech verb there has a speaker;
6. a quotation standing alone: the speaker of the quotation or the subject of the nearest
   earlier sentence, in the paragraph, or a paragraph before when the quotation opens its own.

A headline quotation takes the speaker of the body quotation it repeats (nearly: headlines cut
sentences), else of the headline's own attribution, else none.

Pronouns resolve to people (:mod:`newstrace.nlp.speakers`); scare quotes, titles, names and
labels in marks are dropped by their shape and the words around them. A span of up to
:data:`SHORT_FRAGMENT_WORDS` words needs speech: a cue or speaker that governs it ('called it
"a disgrace"', 'said the deal was "dead"'), else it is a scare quote or a term ('the so-called
"peace" talks', 'the second "meaningful vote"'), as PolNeAR (Newell, Margolin and Ruths 2018)
annotates no attribution without a source and a cue, and Quootstrap (Pavllo et al. 2018) keeps
no span under eight tokens at all.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace

from newstrace.nlp.cues import (
    CHARACTERISATION_DEPS,
    CHARACTERISING_VERBS,
    LABEL_DETERMINERS,
    NAMING_VERBS,
    NONVERBAL_VERBS,
    RELATIVE_WORDS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    TITLE_ABBREVIATIONS,
    is_cue,
    is_finite_verb,
    is_label_lead,
    is_label_word,
    is_person_noun,
)
from newstrace.nlp.entities import fold
from newstrace.nlp.frames import cut_content_frame, frame_after, to_comma
from newstrace.nlp.headline_quotes import HEADLINE_MATCH_SHARE, headline_quotes
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.quote_marks import ALL_MARKS, TRANSCRIPT_LABEL, QuoteSpan, find_quote_spans, paragraphs
from newstrace.nlp.quote_text import DASHES, SENTENCE_PUNCT, ends_with_stop, is_title_case, split_words
from newstrace.nlp.speakers import MentionIndex, Referent, compatible, speaker_name
from newstrace.schema import Entity, Quote

__all__ = ["HEADLINE_MATCH_SHARE", "MAX_SUBJECT_TOKENS", "SHORT_FRAGMENT_WORDS", "extract_quotes"]

BOUNDARY = {".", "!", "?", ";", "…"}
#: Longest subject (tokens, appositions included) looked at between a quotation and its cue:
#: "..., Leonard E. Burman, director of the centrist Urban-Brookings Tax Policy Center, said".
MAX_SUBJECT_TOKENS = 30
_SUBORDINATORS = {
    "when",
    "as",
    "because",
    "while",
    "after",
    "before",
    "if",
    "since",
    "until",
    "although",
    "though",
    "whereas",
    "unless",
}
#: Longest quoted span (words) that needs speech to be a quotation: up to this length a span in
#: marks is as often a scare quote or a term ('the so-called "peace" talks', 'the second
#: "meaningful vote"') as a quoted fragment. Quootstrap (Pavllo et al. 2018) drops every span
#: under 8 tokens outright (``ContextExtractor.minQuotationSize``); PolNeAR (Newell, Margolin
#: and Ruths 2018) annotates a quotation only with a source and a cue. Here a short span stays
#: a quotation only where speech governs it.
SHORT_FRAGMENT_WORDS = 3
#: Verbs of thinking and feeling: they report an attitude, not words ('Residents feared the
#: "big one"'), so a short span they govern is a term, not a quoted fragment.
_THOUGHT_FORMS = frozenset(
    {
        *("think", "thinks", "thought", "believe", "believes", "believed", "feel", "feels", "felt"),
        *("fear", "fears", "feared", "hope", "hopes", "hoped", "wonder", "wonders", "wondered"),
        *("reckon", "reckons", "reckoned", "dread", "dreads", "dreaded"),
    }
)
#: Participles that work as prepositions: a phrase they open is no speech act of the subject.
_PREPOSITION_PARTICIPLES = frozenset(
    {
        *("following", "including", "regarding", "concerning", "considering", "excluding"),
        *("barring", "pending", "during", "according"),
    }
)
#: Attributions that make a whole-sentence quotation speech by themselves (see ``_is_speech``).
_STRONG_HOWS = frozenset(
    {
        "after",
        "after-inverted",
        "dash",
        "colon",
        "split",
        "before",
        "name",
        "transcript",
        "according",
        "frame",
    }
)
#: Determiners that take a singular noun only: before a plural head they belong to another phrase.
_SINGULAR_DETERMINERS = frozenset({"a", "an", "this", "that", "each", "every", "another"})
SKIP_BEFORE_CUE = {
    "also",
    "later",
    "then",
    "again",
    "once",
    "simply",
    "just",
    "finally",
    "quietly",
    "softly",
}


#: Words of time after a cue, tagged as nouns when the NER gives them no date ('said yesterday').
_TIME_WORDS = frozenset(
    "yesterday today tonight tomorrow earlier later recently afterwards overnight".split()
)

#: Prepositions completing a person noun before a cue ('a spokeswoman for the operator said').
_NP_PREPOSITIONS = frozenset({"for", "of", "at", "from", "with", "in", "on"})

#: Speech verbs whose object is the addressee, not what was said ('"..." Lund told reporters').
_ADDRESSEE_VERBS = frozenset(
    "tell ask warn inform remind assure urge advise instruct order beg implore brief thank answer".split()
)

#: Modals that report speech as future or reported future ('he will say', 'she would later say');
#: others make it hypothetical or an ability ('he can add', 'one could say').
_CUE_MODALS = frozenset({"will", "would", "'ll", "’ll", "'d", "’d", "shall"})


def is_cue_auxiliary(tok) -> bool:
    """An auxiliary that can carry a cue verb: a form of be, have or do, a reporting modal
    (:data:`_CUE_MODALS`) or a negation ('has not said')."""
    if tok.lower_ in ("not", "n't", "n’t"):
        return True
    if tok.tag_ == "MD":
        return tok.lower_ in _CUE_MODALS
    return tok.pos_ == "AUX" and tok.lemma_.lower() in ("be", "have", "do")


def speaker_is_subject(aux, cue) -> bool:
    """Whether the subject of ``aux`` + ``cue`` is the speaker: not for a passive speech verb
    ('was asked', 'was told', 'was said to be'), whose subject is the addressee or the topic,
    except 'was quoted (as saying)' and 'was heard (saying)'."""
    if aux.lemma_.lower() == "be" and cue.tag_ == "VBN":
        return cue.lower_ in ("quoted", "heard")
    return True


def _subject_span(subject, verb, base: int, in_quote) -> range:
    """Document token indices of what the subject of a verb in a sentence parse stands for.

    Args:
        subject: the subject token (a child of ``verb``) in the sentence's parse.
        verb: its verb token.
        base: the token offset of that parse in the whole document.
        in_quote: whether a parse token lies inside the quotation being attributed.

    Returns:
        The subject's subtree; for a relative pronoun subject of a relative clause outside the
        quotation ('Maduro, who blamed ... "..."'), the clause's antecedent up to its head: the
        antecedent is the one who speaks.
    """
    if subject.lower_ in RELATIVE_WORDS and verb.dep_ == "relcl" and not in_quote(verb.head):
        return range(base + verb.head.left_edge.i, base + verb.head.i + 1)
    return range(base + subject.left_edge.i, base + subject.right_edge.i + 1)


@dataclass
class Found:
    span: QuoteSpan
    sent: int
    ref: Referent | None = None
    cue: str | None = None
    how: str = ""
    kind: str = "direct"
    confidence: float = 0.5
    speech_cue: bool = False  # attributed through a speech verb or noun (not by position alone)


class _Attributor:
    """Attribution state for one article (internal; see :func:`extract_quotes`)."""

    def __init__(self, parsed: ParsedText, entities: list[Entity], spans: list[QuoteSpan]) -> None:
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

    # -- layout ----------------------------------------------------------------------------
    def para_of(self, char: int) -> int:
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
        return max(0, bisect_right(self._sent_starts, i) - 1)

    def outside(self, s: int, before_char: int | None = None) -> list[int]:
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

    # -- attribution rules -------------------------------------------------------------------
    def _after_cue(
        self, after: list[int], k: int, before: list[int]
    ) -> tuple[Referent | None, str | None, str]:
        doc = self.doc
        sp = self.spans[k]
        tail = self.text[sp.outer_end :].lstrip()
        # '"..." — Name, role': the quotation opens its sentence and the name follows the dash, on
        # its line or on the next (a signature line under a quotation, a caption's credit)
        dash_line = after or self._dash_line(k)
        if tail[:1] and tail[0] in DASHES and dash_line and not before:
            toks = [i for i in dash_line if not (doc[i].is_punct and doc[i].text[0] in DASHES)]
            seg = to_comma(self.doc, toks, self._opens)
            ref = self.idx.referent_in(range(seg[0], seg[-1] + 1)) if seg else None
            if ref is not None and not ref.person and not ref.pronoun:
                # '— the harbour master, Elowen Tresize': the name in apposition to the role
                ref = self._inverted(toks) or ref
            if ref is not None:
                return ref, tail[0], "dash"
        framed = frame_after(self.idx, after, before)
        if framed is not None:
            return framed[0], framed[1], "frame"
        content = self.text[sp.start : sp.end]
        closed = bool(ends_with_stop(content))
        if closed and before and doc[before[-1]].text not in {":", ","} and not is_cue(doc[before[-1]]):
            return None, None, ""  # 'branded it an "outlaw nation." Russia insisted ...': a new sentence
        toks = [i for i in after if not doc[i].is_punct]
        full_stop = content.rstrip(" " + "".join(ALL_MARKS)).endswith((".", "…"))
        for j, i in enumerate(toks[:MAX_SUBJECT_TOKENS]):
            tok = doc[i]
            if full_stop and tok.lemma_.lower() in NONVERBAL_VERBS:
                break  # '"Best week in twenty years." Roy laughed.': what Roy did next
            if is_cue(tok) or _wants_to_know(doc, toks[j : j + 3]):
                if closed and any(
                    self.idx.is_verb(x) for x in self._main_clause([x for x in after if x > i])
                ):
                    # '"... the timing." McCrory said it would be ...': the cue has its own content (a
                    # relative clause about the speaker does not count: '"...?" asked Lund, who runs ...')
                    break
                asking = _wants_to_know(doc, toks[j : j + 3])
                if closed and j > 0 and not asking and self._own_complement(tok, [x for x in after if x > i]):
                    break  # '"..." Sandvik said nothing.', '"..." Fenn promised to fix them': a reaction
                if j == 0 or all(doc[x].lower_ in SKIP_BEFORE_CUE for x in toks[:j]):
                    rest = [x for x in after if x > i]
                    ref = self._inverted(rest)
                    if ref is None:
                        break  # '"...," adding that ...': the attribution lies elsewhere
                    return ref, tok.text, "after-inverted"
                region = [x for x in after if x < i]
                if region and (doc[region[0]].pos_ == "SCONJ" or doc[region[0]].lower_ in _SUBORDINATORS):
                    break  # '..." when Clinton blasted him': another clause, not an attribution
                verb_group = [x for x in region if doc[x].pos_ != "ADV"]
                if (
                    verb_group
                    and is_cue_auxiliary(doc[verb_group[-1]])
                    and any(
                        doc[x].pos_ in ("CCONJ", "SCONJ")
                        or doc[x].lower_ in RELATIVE_WORDS
                        or doc[x].tag_ == "VBG"
                        for x in region
                    )
                ):
                    break  # '..." and that the committee would continue', '..., reminding them that X has said
                lead = [x for x in region if doc[x].lower_ not in SKIP_BEFORE_CUE]
                if lead and doc[lead[-1]].lower_ in RELATIVE_WORDS:
                    # '..." and Guaido, who said ...': a relative clause with its own content; its cue
                    # is not the quotation's, but one may follow ('..., a farmer who asked not to be named said')
                    continue
                ref = self._quoted_as_saying(after, i) or self._subject_before(region, cue=i)
                if ref is not None:
                    return ref, "wanted to know" if asking else tok.text, "after"
                return None, None, ""
            if (
                self.idx.is_verb(i)
                and not self._in_relative(toks, j)
                and (closed or not self._auxiliary_of_cue(toks, j))
            ):
                break  # after a closed quotation a new sentence starts: '..." The campaign did not elaborate.'
        # A name alone between two quotation parts, or closing the paragraph.
        if toks and toks[0] in self.idx.person_at:
            seg = to_comma(self.doc, after, self._opens)
            nxt_quote = k + 1 < len(self.spans) and self.para_of(self.spans[k + 1].open) == self.para_of(
                sp.close
            )
            if not any(self.idx.is_verb(i) for i in after) and (nxt_quote or after[-1] == toks[-1]):
                ref = self.idx.referent_in(range(seg[0], seg[-1] + 1))
                if ref is not None and ref.person:
                    return ref, None, "name"
        return None, None, ""

    def _main_clause(self, toks: list[int]) -> list[int]:
        """``toks`` up to a clause about the speaker opened by a comma: a relative clause ("who",
        "whom", "whose") or a participle ('..., adding that the bus runs twice a week')."""
        doc = self.doc
        for n in range(1, len(toks)):
            t = doc[toks[n]]
            if doc[toks[n - 1]].text == "," and (t.lower_ in {"who", "whom", "whose"} or t.tag_ == "VBG"):
                return toks[: n - 1]
        return toks

    def _own_complement(self, cue, rest: list[int]) -> bool:
        """The cue takes a complement of its own in ``rest`` (the tokens after it): an infinitive
        ('promised to fix them'), a that-clause, or an object ('said nothing', 'added a caveat')
        other than the addressee of a verb of telling ('told reporters', 'warned residents') and
        other than a time ('said Tuesday', 'said last week'). After a quotation that ends its
        sentence such a cue reports something else, so it does not attribute the quotation.

        Args:
            cue: the cue token.
            rest: token indices after it, in order.
        """
        doc = self.doc
        rest = [i for i in rest if doc[i].pos_ != "ADV" and doc[i].lower_ not in SKIP_BEFORE_CUE]
        if not rest:
            return False
        t = doc[rest[0]]
        if t.tag_ == "TO":
            return len(rest) > 1 and doc[rest[1]].tag_ == "VB"
        if t.lower_ == "that" and t.pos_ == "SCONJ":
            return True
        if t.ent_type_ in ("DATE", "TIME") or t.lower_ in _TIME_WORDS or rest[0] in self.idx.person_at:
            return False
        if cue.lemma_.lower() in _ADDRESSEE_VERBS:
            return False
        return t.pos_ in ("NOUN", "PRON", "DET", "NUM") and t.lower_ not in {"this", "that"} | SKIP_BEFORE_CUE

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

    def _lead_in_before(self, k: int, before: list[int], after: list[int]) -> bool:
        """Quotation ``k`` closes its sentence after a lead-in ending in a comma or colon, and the
        words after it end in a comma or colon right before the next quotation of the paragraph
        (a lead-in of that one: 'Lund replied, "Why now?" Ostby then wrote back, "..."')."""
        doc = self.doc
        sp = self.spans[k]
        if (
            not before
            or doc[before[-1]].text not in {",", ":"}
            or not ends_with_stop(self.text[sp.start : sp.end])
        ):
            return False
        if not after or doc[after[-1]].text not in {",", ":"} or k + 1 >= len(self.spans):
            return False
        last = self.doc[after[-1]]
        nxt = self.spans[k + 1].open
        return not self.text[last.idx + 1 : nxt].strip()

    def _auxiliary_of_cue(self, toks: list[int], j: int) -> bool:
        """The finite verb at ``toks[j]`` is an auxiliary or modal of a cue that follows, with only
        adverbs, negation or further auxiliaries between ('..., the minister has said', 'he was
        quoted as saying', 'she would later say'): part of the cue's verb group, not a verb of its own."""
        doc = self.doc
        if not is_cue_auxiliary(doc[toks[j]]):
            return False
        if any(doc[x].pos_ in ("CCONJ", "SCONJ") or doc[x].lower_ in RELATIVE_WORDS for x in toks[:j]):
            return False  # 'and that the committee would continue ...': a clause of its own
        for n, x in enumerate(toks[j + 1 : j + 4], start=j + 1):
            t = doc[x]
            if is_cue(t):
                if not speaker_is_subject(doc[toks[j]], t):
                    return False
                # 'and he does believe McConnell is correct': a cue with content of its own
                return not any(is_finite_verb(doc[y]) for y in toks[n + 1 :])
            if not is_cue_auxiliary(t) and t.pos_ != "ADV":
                return False
        return False

    def _in_relative(self, toks: list[int], j: int) -> bool:
        """The finite verb at ``toks[j]`` sits in a relative clause ("Pike, who is 19, said")."""
        return any(self.doc[x].lower_ in RELATIVE_WORDS for x in toks[max(0, j - 6) : j])

    def _clear_path(self, between: list[int]) -> bool:
        """No finite verb between a subject and its cue, except in a relative clause or an
        aside between commas, dashes or brackets ("Kall, who teaches debate, said")."""
        doc = self.doc
        aside = False
        for i in between:
            t = doc[i]
            if t.lower_ in RELATIVE_WORDS or t.text in {"(", "--", "—", "–"}:
                aside = True
            elif t.text in {")"}:
                aside = False
            elif self.idx.is_verb(i) and not aside:
                return False
        return True

    def _subject_before(self, region: list[int], cue: int | None = None) -> Referent | None:
        """The subject of a cue from the tokens before it: the nearest person (not a possessor,
        not after a preposition) with a clear path to the cue, else the noun phrase right
        before the cue (a pronoun or a description), cut to the cue's parsed subject when
        that is shorter (:meth:`_cue_subject`)."""
        doc = self.doc
        region = [i for i in region if not doc[i].is_space]
        while region and (doc[region[-1]].lower_ in SKIP_BEFORE_CUE | {","} or doc[region[-1]].pos_ == "ADV"):
            region.pop()
        # the cue's own auxiliaries ('the minister has later said', 'he was quoted as saying')
        aux = 0
        aside = False  # an aside between commas closes right before the auxiliary
        while region and is_cue_auxiliary(doc[region[-1]]):
            if cue is not None and not speaker_is_subject(doc[region[-1]], doc[cue]):
                return None  # 'Trump was asked, "..."', 'Priebus was said to be "furious"': not the speaker
            region.pop()
            aux += 1
            while region and (doc[region[-1]].pos_ == "ADV" or doc[region[-1]].text == ","):
                aside = aside or doc[region[-1]].text == ","
                region.pop()  # 'Gralewicz, head of the branch, has said'
        if aux and region and doc[region[-1]].pos_ not in ("NOUN", "PROPN", "PRON"):
            # 'all she could do was shout "..."': the auxiliary belongs to another verb; 'Maher, ...,
            # but has dismissed': the subject is elided, not the name nearest the cue
            return None
        if not region:
            return None
        if doc[region[-1]].lower_ in ("he", "she", "they"):
            # '..., she replied': the pronoun right before the cue is its subject, not a name before it
            return self.idx.referent_in(region[-1:])
        seen: set[int] = set()
        # after an aside the subject is the name before it: 'Mr. Trump, asked about ... under Mr. Putin, had said'
        for i in region if aside else reversed(region):
            if i not in self.idx.person_at or i in seen:
                continue
            ent = self.idx.person_at[i]
            run = [x for x in region if self.idx.person_at.get(x) is ent]
            seen.update(run)
            if self.idx.is_possessive_person((run[0], run[-1] + 1)):
                continue
            prep = self.idx.preposition_before(run[0], region[0]) if run[0] > region[0] else None
            if prep is not None and doc[prep].lower_ not in {"by", "as"}:
                continue  # 'a spokeswoman for Mayor Ada Lund said': Lund does not speak
            if (
                run[0] > region[0]
                and doc[run[0] - 1].tag_ in ("VBG", "VB")
                and doc[run[0] - 1].pos_ == "VERB"
                and not self._relative_after(run[-1])
            ):
                # the object of a participle or infinitive ('Holding signs calling Christie "...", the
                # crowd chanted'), unless a relative clause makes it a subject ('involve Lund, who told')
                continue
            if aside or self._clear_path([x for x in region if x > run[-1]]):
                return self.idx.person_referent(i)
        chunk: list[int] = []
        for i in reversed(region):
            t = doc[i]
            if (
                t.pos_ in ("PROPN", "NOUN", "DET", "ADJ", "NUM", "PRON")
                or t.text in {"'s", "’s", "-", "."}
                or (t.tag_ == "POS")
            ):
                if is_finite_verb(t):
                    break
                chunk.insert(0, i)
                continue
            break
        chunk = self._with_of_phrase(region, chunk)
        if not chunk:
            # 'A farmer who asked not to be named said': the run before the cue ends in a relative
            # clause's verb; the cue's parsed subject, wholly inside the region, is the speaker
            subject = self._parsed_subject(cue) if cue is not None else None
            # the subject runs up to the cue ('for Ginsburg to criticize' has its subject elsewhere)
            if subject and region[0] <= subject[0] and subject[-1] == region[-1]:
                return self.idx.referent_in(subject)
            return None
        if cue is not None:
            chunk = self._cue_subject(chunk, cue)
        return self.idx.referent_in(chunk)

    def _with_of_phrase(self, region: list[int], chunk: list[int]) -> list[int]:
        """Extend a noun phrase right before a cue back over a prepositional phrase that
        completes a person noun: 'a spokeswoman | for the operator', 'a member | of the crew',
        'an official | at the ministry' (the speaker is the spokeswoman, not the operator).

        Args:
            region: ascending token indices before the cue.
            chunk: the noun-phrase run right before the cue (a suffix of ``region``).

        Returns:
            ``chunk``, or the longer run from the person noun's phrase to the cue.
        """
        doc = self.doc
        if not chunk or chunk[0] not in region:
            return chunk
        pos = region.index(chunk[0])
        while (
            pos >= 2
            and doc[region[pos - 1]].pos_ == "ADP"
            and doc[region[pos - 1]].lower_ in _NP_PREPOSITIONS
            and doc[region[pos - 2]].pos_ == "NOUN"
            and is_person_noun(doc[region[pos - 2]].lower_)
        ):
            j = pos - 2
            while (
                j > 0
                and doc[region[j - 1]].pos_ in ("NOUN", "DET", "ADJ", "NUM")
                and not is_finite_verb(doc[region[j - 1]])
            ):
                j -= 1
            chunk = region[j:pos] + chunk
            pos = j
        return chunk

    def _relative_after(self, i: int) -> bool:
        """A relative clause follows token ``i`` (", who", ", whom"), spaces skipped."""
        doc = self.doc
        nxt = [t for t in doc[i + 1 : i + 5] if not t.is_space][:2]
        return len(nxt) == 2 and nxt[0].text == "," and nxt[1].lower_ in {"who", "whom"}

    def _subject_node(self, sent, cue: int, deps: tuple[str, ...]):
        """The cue's subject (a child with a dependency in ``deps``) in the parse of its sentence
        ``sent``, as a token of that parse (its ``i`` counts from ``sent.start``), or None."""
        pdoc = self.parsed.parse(sent)
        if len(pdoc) != len(sent):
            return None
        verb = pdoc[cue - sent.start]
        return next((c for c in verb.children if c.dep_ in deps), None)

    def _parsed_subject(self, cue: int) -> list[int] | None:
        """Token indices of the cue's ``nsubj`` subtree in the dependency parse of its sentence, or None."""
        sent = self.parsed.sentence_at(self.doc[cue].idx)
        subj = self._subject_node(sent, cue, ("nsubj",)) if sent is not None else None
        if subj is None:
            return None
        return [
            sent.start + t.i
            for t in subj.subtree
            if not t.is_punct or t.i not in (subj.left_edge.i, subj.right_edge.i)
        ]

    def _cue_subject(self, chunk: list[int], cue: int) -> list[int]:
        """Cut a noun-phrase run before a cue to the cue's subject in the dependency parse.

        A bare-noun subject of a relative clause without "that" sits right after the noun the
        clause modifies ('a result fans called "a miracle"', 'a win the coach described as
        ...'); the run of nouns before the cue takes both, but the speaker is the cue's
        ``nsubj`` subtree ('fans'). The sentence is parsed only when the run holds more than
        one noun or a determiner after its first word, the shapes such a join takes.

        Args:
            chunk: ascending token indices (of :attr:`doc`) of the run right before the cue.
            cue: token index of the cue verb.

        Returns:
            The tokens of ``chunk`` inside the cue's subject, or ``chunk`` unchanged when the
            parse gives no subject wholly inside it.
        """
        doc = self.doc
        nouns = sum(doc[i].pos_ in ("NOUN", "PROPN") for i in chunk)
        if nouns < 2 and not any(doc[i].pos_ == "DET" for i in chunk[1:]):
            return chunk
        sent = self.parsed.sentence_at(doc[cue].idx)
        if sent is None or not sent.start <= chunk[0] < sent.end:
            return chunk
        base = sent.start
        subj = self._subject_node(sent, cue, ("nsubj", "nsubjpass"))
        if subj is not None:
            lo, hi = base + subj.left_edge.i, base + subj.right_edge.i
            if chunk[0] < lo <= hi <= chunk[-1]:
                return [i for i in chunk if lo <= i <= hi]
        return self._second_np(chunk)

    def _second_np(self, chunk: list[int]) -> list[int]:
        """The last of two noun phrases run together before a cue, where the parse joins them.

        The small parser often reads 'a result fans called' as one noun phrase ('result' a
        compound of 'fans'). Two shapes show the join without a parse: a determiner right
        after a noun opens a new phrase ('a result | the coach called'), and a singular
        determiner cannot govern a plural head ('a result | fans called', 'this week |
        officials said'), so the plural nouns after the last singular noun are the subject.

        Args:
            chunk: ascending token indices of the run right before the cue.

        Returns:
            The tokens of the second phrase, or ``chunk`` unchanged.
        """
        doc = self.doc
        for j in range(len(chunk) - 1, 0, -1):
            if doc[chunk[j]].pos_ == "DET" and doc[chunk[j - 1]].pos_ in ("NOUN", "PROPN"):
                return chunk[j:]
        if doc[chunk[0]].lower_ in _SINGULAR_DETERMINERS and doc[chunk[-1]].tag_ == "NNS":
            singular = [j for j, i in enumerate(chunk) if doc[i].tag_ in ("NN", "NNP")]
            if singular and singular[-1] < len(chunk) - 1:
                return chunk[singular[-1] + 1 :]
        return chunk

    def _inverted(self, rest: list[int]) -> Referent | None:
        """Speaker after an inverted cue: 'said grower Oona Castellanos, who ...'."""
        doc = self.doc
        seg = to_comma(self.doc, rest, self._opens)
        if not seg:
            return None
        ref = self.idx.referent_in(range(seg[0], seg[-1] + 1), allow_description=False)
        if ref is not None:
            return ref
        # Apposition: "said Ostby's deputy, Ruth Kaminski", "asked the vicar, the Rev. Agnes Fell".
        k = rest.index(seg[-1]) + 1
        if k < len(rest) and doc[rest[k]].text == ",":
            m = k + 1
            while (
                m < len(rest)
                and m < k + 3
                and rest[m] not in self.idx.person_at
                and (
                    doc[rest[m]].pos_ == "DET" or doc[rest[m]].text.rstrip(".").lower() in TITLE_ABBREVIATIONS
                )
            ):
                m += 1
            if m < len(rest) and rest[m] in self.idx.person_at:
                return self.idx.person_referent(rest[m])
        return self.idx.description(range(seg[0], seg[-1] + 1))

    def _before_rules(self, before: list[int], k: int) -> tuple[Referent | None, str | None, str]:
        doc = self.doc
        # Colon lead-in on the same line or in the paragraph before.
        lead = before or self._previous_line(k)
        if lead and doc[lead[-1]].text == ":":
            region = lead[:-1]
            cues = [i for i in region if is_cue(doc[i])]
            # a participle opening the lead-in is not the cue: 'Asked whether he would resign, Brandt said:'
            if len(cues) > 1 and cues[0] == region[0] and doc[cues[0]].tag_ in ("VBN", "VBG"):
                cues = cues[-1:]  # the main clause's cue, nearest the colon
            cue = cues[0] if cues else None
            sub = [i for i in region if cue is None or i < cue]
            if cue is not None:
                ref = self._quoted_as_saying(region, cue)
                if ref is None:
                    ref = (
                        self._subject_before(sub, cue=cue)
                        if sub
                        else self._inverted([i for i in region if i > cue])
                    )
            else:
                ref = self.idx.referent_in(range(sub[0], sub[-1] + 1), allow_object=True) if sub else None
            if ref is not None:
                return ref, doc[cue].text if cue is not None else ":", "colon"
        if not before:
            return None, None, ""
        # "Trump's warning that ...": a speech noun with a possessor.
        j = len(before) - 1
        while j >= 0 and doc[before[j]].lower_ in {"that", ":", ","}:
            j -= 1
        if j >= 2 and doc[before[j]].lower_ in SPEECH_NOUNS and doc[before[j - 1]].text in {"'s", "’s"}:
            owner = before[j - 2]
            if owner in self.idx.person_at:
                return self.idx.person_referent(owner), doc[before[j]].text, "possessive"
        # A speech verb shortly before the quotation: 'X said, "..."', 'Torres replied "my wife"',
        # 'Clinton said on the other hand, "..."', '..., saying, "..."'.
        # "According to Limbaugh, "..."".
        m = re.search(
            r"\baccording to ([^,]+),?\s*$", self.text[doc[before[0]].idx : self.spans[k].open], re.IGNORECASE
        )
        if m:
            a = doc[before[0]].idx + m.start(1)
            region = [i for i in before if a <= doc[i].idx]
            ref = self.idx.referent_in([i for i in region if doc[i].text != ","])
            if ref is not None:
                return ref, "according to", "before"
        for j in range(len(before) - 1, max(-1, len(before) - 13), -1):
            tok = doc[before[j]]
            adjacent_naming = (
                j == len(before) - 1 and tok.lemma_.lower() in NAMING_VERBS and tok.pos_ == "VERB"
            )
            put_it = tok.lower_ == "put" and j + 1 < len(before) and doc[before[j + 1]].lower_ == "it"
            if is_cue(tok) or adjacent_naming or put_it:
                tail = before[j + 1 :]
                if any(self.idx.is_verb(i) for i in tail):
                    break
                ref = None
                quoted = next(
                    (x for x in before[max(0, j - 8) : j] if doc[x].lower_ in ("quoted", "quotes")), None
                )
                if tok.lower_ == "saying" and quoted is not None:
                    ref = self._quoted_as_saying(before, quoted)  # 'State media quoted him as saying "..."'
                if ref is None and tok.tag_ == "VBG" and (j == 0 or doc[before[j - 1]].text == ","):
                    ref = self.idx.subject_of(before[:j])  # '..., saying, "..."': the clause's subject
                if ref is None:
                    ref = self._subject_before(before[:j], cue=before[j])
                if ref is None and tok.tag_ == "VBG":
                    ref = self.idx.subject_of(before[:j])  # 'Lynch said she recalled thinking, "..."'
                if ref is None and j == 0:
                    ref = self._inverted(tail)  # 'Said Ellis, "..."'
                if ref is not None:
                    return ref, tok.text, "before"
                break
            if self.idx.is_verb(before[j]) or tok.text in ALL_MARKS:
                break
        return None, None, ""

    def _quoted_as_saying(self, region: list[int], cue: int) -> Referent | None:
        """The speaker of 'X quoted Y as saying ...': Y, the object between the active verb "quoted"
        and "as" ('State media quoted the minister as saying'), else None (passive 'was quoted',
        or no "as" phrase).

        Args:
            region: ascending token indices of the lead-in, holding ``cue``.
            cue: token index of the cue word.
        """
        doc = self.doc
        if cue == 0 or doc[cue].lower_ not in ("quoted", "quotes") or doc[cue - 1].pos_ == "AUX":
            return None
        rest = [i for i in region if i > cue]
        k = next((n for n, i in enumerate(rest) if doc[i].lower_ == "as"), None)
        if not k or k > 12:
            return None
        if k == 1 and doc[rest[0]].lower_ in ("him", "her", "them"):  # 'quoted her as saying': resolved later
            return self.idx.pronoun_referent(rest[0])
        return self.idx.referent_in(rest[:k], allow_object=True)

    def _according_np(self, toks: list[int]) -> Referent | None:
        """The source named after "according to" in ``toks`` (which start right after "to"):
        the noun phrase up to a comma, a quotation or the sentence end."""
        seg = to_comma(self.doc, toks, self._opens)
        seg = [i for i in seg if i not in self.inside]
        if not seg:
            return None
        if self.doc[seg[0]].tag_ in ("DT", "PRP$") and seg[0] not in self.idx.person_at:
            # 'a court document filed by state attorney ...': the noun phrase's head is the
            # source, with the name it holds kept in the description
            ref = self.idx.description(seg)
            if ref is not None:
                return ref
        return self.idx.referent_in(range(seg[0], seg[-1] + 1))

    def _according(self, k: int, after: list[int], s: int) -> tuple[Referent | None, str | None, str]:
        """An attribution by "according to X" right after the quotation ('"...", according to
        the harbour master', 'is "very productive", according to ...')."""
        doc = self.doc
        toks = [i for i in after if doc[i].text not in {",", "—", "–", "-", "("}]
        if len(toks) > 2 and doc[toks[0]].lower_ == "according" and doc[toks[1]].lower_ == "to":
            ref = self._according_np([i for i in after if i > toks[1]])
            if ref is not None:
                return ref, "according to", "according"
        return None, None, ""

    def _according_in_sentence(self, k: int, s: int) -> tuple[Referent | None, str | None, str]:
        """An attribution by "according to X" elsewhere in the quotation's sentence, outside
        quotation marks ('According to the harbour master, the pier is "very productive"'),
        when no speech verb there has a speaker of its own (the rules before found none).

        Only the words before the quotation count when it closes its own sentence ('..."without
        delay." Clinton plans ..., according to an aide' reads past a final mark the sentence
        split keeps). It is no speech cue of the quotation itself, so a short span still needs
        speech to govern it (:meth:`_is_speech`): 'According to police, the "suspicious
        package" was harmless' keeps a term, not a quotation.
        """
        doc = self.doc
        sp = self.spans[k]
        out = self.outside(s)
        if ends_with_stop(self.text[sp.start : sp.end]):
            out = [i for i in out if doc[i].idx < sp.open]
        if any(is_cue(doc[i]) for i in out):
            return None, None, ""
        _, end, _ = self.sents[s]
        for j in range(len(out) - 2):
            if doc[out[j]].lower_ == "according" and doc[out[j + 1]].lower_ == "to":
                nxt = [i for i in range(out[j + 1] + 1, end) if not doc[i].is_space]
                ref = self._according_np(nxt)
                if ref is not None:
                    return ref, "according to", "according-sentence"
        return None, None, ""

    def _by_parse(self, k: int) -> tuple[Referent | None, str | None, str]:
        """Walk the sentence's dependency tree from the quotation up to a speech verb's subject."""
        sp = self.spans[k]
        first = self.parsed.sentence_at(sp.open)
        last = self.parsed.sentence_at(max(sp.start, sp.end - 1))
        if first is None:
            return None, None, ""
        # The quotation's own sentence(s): the senter may cut inside it ('..."stop its escapades." The ...').
        sent = first if last is None or last.end <= first.end else self.doc[first.start : last.end]
        pdoc = self.parsed.parse(sent)
        base, base_char = sent.start, sent.start_char

        def in_quote(t) -> bool:
            return sp.open <= base_char + t.idx < sp.outer_end

        inside = [t for t in pdoc if in_quote(t) and not t.is_punct]
        if not inside:
            return None, None, ""
        top = next((t for t in inside if not in_quote(t.head) or t.head.i == t.i), inside[0])
        fallback = None
        h, steps = top, 0
        # the path up from the quotation so far holds only object links ('called it "..."',
        # 'branded the deal "..."', 'described it as "..."'), not 'called the plan of the "..."'
        objective = True
        while steps < 12:
            steps += 1
            naming = h.pos_ == "VERB" and h.lemma_.lower() in CHARACTERISING_VERBS
            if naming and objective and not in_quote(h):
                found = self._characterised_by(
                    h, base, in_quote, len(split_words(self.text[sp.start : sp.end]))
                )
                if found is not None:
                    return found, h.text, "parse"
            as_adjective = h.dep_ == "amod" and h.head.lower_ == "as"  # 'described as "deeply flawed"'
            if (h.dep_ not in CHARACTERISATION_DEPS and not as_adjective) or (
                h.dep_ == "prep" and h.lower_ != "as"
            ):
                objective = False
            if h.pos_ == "NOUN" and h.lower_ in SPEECH_NOUNS and not in_quote(h):
                for c in h.children:
                    if c.dep_ == "poss" and (base + c.i) in self.idx.person_at:
                        return self.idx.person_referent(base + c.i), h.text, "parse-noun"
            if h.pos_ in ("VERB", "AUX") and not in_quote(h):
                for c in h.children:
                    # 'he was quoted as saying that ...': the passive subject of "quoted" speaks
                    subject = c.dep_ == "nsubj" or (c.dep_ == "nsubjpass" and h.lower_ == "quoted")
                    if not subject or in_quote(c):
                        continue
                    span = _subject_span(c, h, base, in_quote)
                    if any(i in self.inside for i in span):
                        continue
                    ref = self.idx.referent_in(span)
                    if ref is None:
                        continue
                    if h.lemma_.lower() in SPEECH_VERBS or is_cue(self.doc[base + h.i]):
                        return ref, h.text, "parse"
                    if fallback is None and (ref.person or ref.pronoun):
                        fallback = (ref, None, "parse-root")
            if h.head.i == h.i:
                break
            h = h.head
        return fallback or (None, None, "")

    def _characterised_by(self, verb, base: int, in_quote, words: int = 0) -> Referent | None:
        """The subject of a characterising verb over a quotation ('A council spokesman called it
        "a disgrace"' -> the spokesman), else None.

        Args:
            verb: the verb token of the quotation's sentence parse (lemma in
                :data:`CHARACTERISING_VERBS`).
            base: the token offset of that parse in the whole document.
            in_quote: whether a parse token lies inside the quotation.
            words: the quotation's length in words.

        Returns:
            The subject's referent; for a passive verb the agent's ('was called "..." by union
            leader Ana Ruiz'). None for a subjectless verb ('the so-called "..."'), and for a
            passive without agent ('a plan dubbed "..."') or a habitual present ('locals call it
            "..."') over a short span, which label rather than quote; over more than
            :data:`SHORT_FRAGMENT_WORDS` words they characterise ('Critics call it "a giveaway
            that will cost billions"').
        """
        long_span = words > SHORT_FRAGMENT_WORDS
        participle = verb.dep_ in ("amod", "acl")
        if participle or any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
            agent = self._agent_of(verb, base, in_quote)
            # a short span is a label unless a named person gives it ('was called "a troublemaker"
            # by port director Hana Ueda'; not 'a plan dubbed "the big fix" by the press')
            return agent if agent is not None and (long_span or agent.person) else None
        if verb.tag_ in ("VBP", "VBZ") and not long_span:
            return None  # habitual present names: 'Crews call the channel "the kettle"'
        for c in verb.children:
            if c.dep_ != "nsubj" or in_quote(c):
                continue
            span = _subject_span(c, verb, base, in_quote)
            if any(i in self.inside for i in span):
                continue
            return self.idx.referent_in(span)
        return None

    def _agent_of(self, verb, base: int, in_quote) -> Referent | None:
        """The agent of a passive characterising verb: the object of the "by" that follows the
        quotation ('was called "..." by union leader Ana Ruiz'). The small parser attaches that
        "by" to the verb (``agent``) or to the quotation's head noun, so both are read."""
        for t in verb.subtree:
            if t.lower_ != "by" or in_quote(t) or t.i < verb.i:
                continue
            if not (t.head.i == verb.i or in_quote(t.head)):
                continue
            obj = next((g for g in t.children if g.dep_ == "pobj"), None)
            if obj is None or in_quote(obj):
                continue
            lo, hi = base + obj.left_edge.i, base + obj.right_edge.i + 1
            if not any(i in self.inside for i in range(lo, hi)):
                return self.idx.referent_in(range(lo, hi))
        return None

    def _transcript(self, k: int) -> tuple[Referent | None, str | None, str]:
        """A transcript turn in quotation marks, '"PENCE: Well, ...': the label is the speaker."""
        sp = self.spans[k]
        m = TRANSCRIPT_LABEL.match(self.text, sp.start)
        if not m or len(split_words(m.group(1))) > 4:
            return None, None, ""
        label = m.group(1)
        key = fold(split_words(label)[-1])
        a, b = m.start(1), m.end(1)
        sp.start = m.end()  # the content is the turn's words, after the label
        for _, _, ent in self.idx.persons:
            if fold(ent.canonical.split()[-1]) == key:
                return Referent(ent.canonical, False, a, b, person=True), ":", "transcript"
        return Referent(speaker_name(label.title()), False, a, b), ":", "transcript"

    def _standalone(self, k: int, s: int) -> tuple[Referent | None, str]:
        """Speaker of a quotation standing alone, from the sentences before it."""
        p = self.sents[s][2]
        for t in range(s - 1, max(-1, s - 4), -1):
            if self.sents[t][2] != p:
                break
            ref = self._speaker_of_sentence(t)
            if ref is not None:
                return ref, "previous-sentence"
        first_in_para = s == 0 or self.sents[s - 1][2] != p
        if first_in_para and s > 0 and self.sents[s - 1][2] == p - 1:
            t = s - 1
            quoted = [f for f in self.found if f.sent == t and f.ref is not None]
            if quoted:
                return quoted[-1].ref, "previous-paragraph"
            toks = self.outside(t)
            ref = self.idx.subject_of(toks)
            if ref is not None and any(is_cue(self.doc[i]) for i in toks):
                return self.resolve(ref, t, self.doc[toks[0]].idx if toks else 0), "previous-paragraph"
            if ref is not None and ref.person and self._whole_paragraph(k):
                # a paragraph that is one quotation, after a paragraph ending on what a named person
                # did ('Coach Ada Lund was blunt after the match.' then '"..."'): that person speaks
                return ref, "previous-paragraph"
        return None, ""

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

    def _speaker_of_sentence(self, t: int) -> Referent | None:
        quoted = [f for f in self.found if f.sent == t and f.ref is not None]
        if quoted:
            return quoted[-1].ref
        toks = self.outside(t)
        ref = self.idx.subject_of(toks)
        if ref is None:
            return None
        if ref.pronoun:
            return self.resolve(ref, t, self.doc[toks[0]].idx if toks else 0)
        return ref

    def resolve(
        self, ref: Referent | None, s: int, before_char: int, clause: list[int] | None = None
    ) -> Referent | None:
        """Resolve a pronoun referent to the most salient compatible earlier referent; the
        result keeps the pronoun's offsets (the speaker mention of this quotation).

        Args:
            ref: the speaker mention; returned unchanged unless it is a pronoun.
            s: index of the quotation's sentence.
            before_char: offset of the quotation's opening mark.
            clause: token indices of the cue's clause; a person named as the cue's object
                (:meth:`_cue_objects`) is never its pronoun subject's antecedent ('"...," he
                told Hannity': not Hannity; binding Principle B, Chomsky 1981).
        """
        if ref is None or not ref.pronoun:
            return ref
        others = self._cue_objects(clause or [], ref.start)
        found = self._antecedent(ref, s, before_char, others)
        if found is None:
            return None
        if found.person and ref.gender and found.name not in self.idx.gender:
            # 'she insisted' names her gender: a later 'he replied' is someone else
            self.idx.gender[found.name] = ref.gender
        return replace(found, start=ref.start, end=ref.end)

    def _cue_objects(self, clause: list[int], after_char: int) -> set[str]:
        """Persons named as the object of the first cue after ``after_char`` in ``clause``: right
        after it or after one preposition ('told Hannity', 'said of Trump'), not a possessor."""
        doc = self.doc
        toks = [i for i in clause if doc[i].idx > after_char]
        cue = next((n for n, i in enumerate(toks) if is_cue(doc[i])), None)
        if cue is None:
            return set()
        rest = toks[cue + 1 : cue + 3]
        if rest and doc[rest[0]].pos_ == "ADP":
            rest = rest[1:]
        if not rest or rest[0] not in self.idx.person_at:
            return set()
        run = self.idx._person_run(rest[0])
        if run is None or self.idx.is_possessive_person(run):
            return set()
        return {self.idx.person_at[rest[0]].canonical}

    def _antecedent(
        self, ref: Referent, s: int, before_char: int, others: set[str] = frozenset()
    ) -> Referent | None:
        gender = ref.gender
        for t in range(s, max(-1, s - 8), -1):
            quoted = [
                f for f in self.found if f.sent == t and f.ref is not None and f.span.open < before_char
            ]
            if quoted and self._may_refer(quoted[-1].ref, gender) and quoted[-1].ref.name not in others:
                return quoted[-1].ref
            toks = self.outside(t, before_char if t == s else None)
            subj = self.idx.subject_of(toks)
            if subj is None or subj.pronoun or subj.name in others:
                continue
            if self._may_refer(subj, gender):
                return subj
        return self.idx.nearest_person_before(before_char, gender, exclude=others)

    def _may_refer(self, ref: Referent, gender: str) -> bool:
        """:func:`_may_refer` with the gender the article has shown for a person since ``ref`` was
        made (a pronoun resolved to them, :meth:`resolve`)."""
        if ref.person and not ref.gender and ref.name in self.idx.gender:
            ref = replace(ref, gender=self.idx.gender[ref.name])
        return _may_refer(ref, gender)

    # -- the whole pass ----------------------------------------------------------------------
    def attribute(self, k: int) -> Found | None:
        sp = self.spans[k]
        doc = self.doc
        s = self.sent_of_token(self.idx.token_at(sp.open))
        f = Found(span=sp, sent=s)
        before, after_quote = self._before(k)
        after = self._after(k)
        ref, cue, how = self._transcript(k)
        if how == "":
            ref, cue, how = self._after_cue(after, k, before)
            if how in ("after", "after-inverted") and self._lead_in_before(k, before, after):
                # 'Lund replied, "Why now?" Ostby then wrote back, "...": the words after lead in the
                # next quotation, and this one has its own lead-in with a speech verb before it
                found = self._before_rules(before, k)
                if found[2] == "before":
                    ref, cue, how = found
        if (
            how == ""
            and after_quote
            and self.found
            and self.found[-1].span is self.spans[k - 1]
            and self.found[-1].how in ("after", "after-inverted", "name", "dash")
        ):
            prev = self.found[-1]
            ref, cue, how = prev.ref, prev.cue, "split"
        if how == "":
            ref, cue, how = self._before_rules(before, k)
        content = self.text[sp.start : sp.end]
        # a quotation opening its sentence or after a colon or comma, or a capitalised one right
        # after its cue ('Torres replied "We go"'), is direct; one inside a sentence is partial
        lead_in = not before or doc[before[-1]].text in {":", ","}
        f.kind = "direct" if lead_in or (is_cue(doc[before[-1]]) and content[:1].isupper()) else "partial"
        if how == "" and f.kind == "partial":
            ref, cue, how = self._by_parse(k)
        if how in ("", "parse-root"):
            # not over a speech verb the parse found: 'The witness said the order was to "...",
            # according to the report' quotes the witness, as the report tells it
            found = self._according(k, after, s)
            if not found[2]:
                found = self._according_in_sentence(k, s)
            if found[2]:
                ref, cue, how = found
        if how == "" and not before:
            ref, how = self._standalone(k, s)
        ref = self.resolve(ref, s, sp.open, after if how in ("after", "after-inverted", "frame") else None)
        f.ref, f.cue, f.how = ref, cue, how
        f.speech_cue = how in (
            "according",
            "after",
            "after-inverted",
            "before",
            "frame",
            "parse",
            "parse-noun",
            "possessive",
        ) and bool(cue)
        f.confidence = {
            "after": 0.9,
            "after-inverted": 0.9,
            "before": 0.85,
            "dash": 0.85,
            "colon": 0.8,
            "split": 0.85,
            "name": 0.7,
            "transcript": 0.8,
            "possessive": 0.8,
            "according": 0.8,
            "according-sentence": 0.7,
            "frame": 0.85,
            "parse": 0.7,
            "parse-noun": 0.7,
            "parse-root": 0.5,
            "previous-sentence": 0.6,
            "previous-paragraph": 0.5,
        }.get(how, 0.3)
        if sp.close is None:
            f.confidence *= 0.7
        if self._is_speech(f, before, after, k):
            return f
        self.rejected.add(k)
        return None

    def _speech_governs(self, before: list[int]) -> bool:
        """The nearest verb before a quotation, in its clause, is a speech or naming verb."""
        doc = self.doc
        for i in reversed(before):
            tok = doc[i]
            if tok.text in {";", ":"} or tok.text in BOUNDARY:
                return False
            if tok.pos_ == "VERB":
                lemma = tok.lemma_.lower()
                return lemma in SPEECH_VERBS or lemma in NAMING_VERBS or is_cue(tok)
        return False

    def _short_fragment_spoken(self, f: Found, before: list[int]) -> bool:
        """Whether speech governs a short partial quotation (at most :data:`SHORT_FRAGMENT_WORDS` words).

        Not when its only cue is a verb of thinking or feeling ('feared the "big one"'), nor
        when the cue comes after it and it stands in a phrase opening the sentence, with no
        finite verb and no speech verb before it ('Following the defeat in the second "snap
        ballot", Mayor Oduya told reporters ...'): the cue's reported content is elsewhere.
        """
        doc = self.doc
        first = self.sents[f.sent][0]
        # the sentence up to the quotation, marks included
        lead = range(first, self.idx.token_at(f.span.start))
        if f.cue is not None and f.cue.lower() in _THOUGHT_FORMS:
            # 'Rubio says he feels he did "great"': an utterance verb elsewhere in the sentence still speaks
            outside = [i for i in self.outside(f.sent) if doc[i].lower_ not in _THOUGHT_FORMS]
            return any(is_cue(doc[i]) for i in outside)
        if f.how == "after" and not any(is_finite_verb(doc[i]) for i in lead):
            inside = self.idx.tokens_between(f.span.start, f.span.end)
            # 'Not paying taxes "makes me smart," Trump said': the quotation holds the clause's verb
            return (
                any(is_finite_verb(doc[i]) for i in inside)
                or self._speech_governs(before)
                or self._participle_object(before)
            )
        return True

    def _participle_object(self, before: list[int]) -> bool:
        """A participle opening the sentence takes the quotation as its object ('Bemoaning the
        "phony system," Trump ...'): its doer is the subject after, the speaker. Participles
        used as prepositions ('Following the second "snap ballot", ...') do not count."""
        doc = self.doc
        if not before or doc[before[0]].tag_ != "VBG" or doc[before[0]].lower_ in _PREPOSITION_PARTICIPLES:
            return False
        return all(doc[i].tag_ in ("DT", "PRP$", "JJ", "JJR", "JJS", "RB") for i in before[1:])

    def _clause_inside(self, f: Found) -> bool:
        """The quotation holds a finite verb and opens in lower case: a clause someone said ('the
        project "cannot be stopped now"'), not a name or title ('the project "Green Harbour"')."""
        content = self.text[f.span.start : f.span.end]
        inside = self.idx.tokens_between(f.span.start, f.span.end)
        return content[:1].islower() and any(is_finite_verb(self.doc[i]) for i in inside)

    def _listed_after_rejected(self, k: int) -> bool:
        """A short quotation listed right after a rejected one ('as "too loud" or "too shrill"')."""
        if k == 0 or (k - 1) not in self.rejected:
            return False
        between = self.text[self.spans[k - 1].outer_end : self.spans[k].open].strip(" ,")
        return between in {"", "or", "and", "nor", "or even", "and even"}

    def _is_speech(self, f: Found, before: list[int], after: list[int], k: int) -> bool:
        """Drop scare quotes, titles, names and labels in quotation marks.

        A short quotation inside a sentence is kept only when a speech verb or noun attributes
        it ('Trump tweeted that Machado was "disgusting"', 'described Clinton as a "disgrace"');
        it is dropped after a label word ('the documentary "..."'), after a determiner or "as"
        with no speech verb ('sold the plan as a "green mile"'), before the noun it
        modifies ('a "textbook" rescue'), after a preposition ('belonging to "collectives"'),
        or as the bare object of a cue ('said "collective"'). A span of at most
        :data:`SHORT_FRAGMENT_WORDS` words also needs speech to govern it
        (:meth:`_short_fragment_spoken`), and a span of up to five words between a determiner
        and its noun with no speech verb before it is a modifier ('a "take a look at" project').
        A quotation standing as its own sentence after others on its line is kept even when
        it is one capitalised word ('... resign. "Never."').
        """
        doc = self.doc
        content = self.text[f.span.start : f.span.end]
        n = len(split_words(content))
        strong = f.how in _STRONG_HOWS and f.kind == "direct"
        if n == 0:
            return False
        # the quotation is its own sentence after others on its line ('... resign. "Never."'), not a
        # line of its own, which is how a subheading in marks stands ('"All Bets Are Off."')
        line_start = self.text.rfind("\n", 0, f.span.open) + 1
        alone = not before and not after and bool(self.text[line_start : f.span.open].strip())
        if not strong and is_title_case(content) and not (alone and re.search(r"[.!?]\s*$", content)):
            return False
        if f.kind != "partial":
            if (
                n == 1
                and not (strong and re.search(r"[,.!?]\s*$", content))
                and not (alone and f.ref is not None and re.search(r"[.!?]\s*$", content))
            ):
                return False
            if n <= SHORT_FRAGMENT_WORDS and not strong and before and content[:1].islower():
                return False  # 'involving math, "which it bombed."': a fragment nobody is said to say
            return f.ref is not None or n >= 3
        if f.ref is None:
            return False
        prev = doc[before[-1]] if before else None
        nxt = doc[after[0]] if after else None
        speech = f.speech_cue or self._speech_governs(before)
        if n <= SHORT_FRAGMENT_WORDS and not self._short_fragment_spoken(f, before):
            return False
        if n <= SHORT_FRAGMENT_WORDS and f.how == "according-sentence" and not self._speech_governs(before):
            return False  # 'a nationwide "walk-in" at 200 schools, according to ...': a term
        if (
            prev is not None
            and nxt is not None
            and n <= SHORT_FRAGMENT_WORDS + 2
            and prev.tag_ in ("DT", "PRP$", "POS")
            and nxt.pos_ == "NOUN"
            and not is_cue(nxt)
            and not re.search(r"[,.!?]\s*$", content)
            and not self._speech_governs(before)  # 'criticized as a "use it or lose it" approach'
        ):
            return False  # 'part of a "take a look at" project': a modifier between determiner and noun
        if prev is not None and n <= 6 and is_label_word(prev) and not (speech and self._clause_inside(f)):
            return False  # 'the project "Green Harbour"'; not 'saying the project "cannot be stopped now"'
        if n <= SHORT_FRAGMENT_WORDS and is_label_lead([doc[i] for i in before[-3:]]):
            return False  # 'the so-called "green harbour" will open, the mayor said': a term, not speech
        if (
            prev is not None
            and n <= 4
            and (prev.lower_ in LABEL_DETERMINERS or prev.tag_ in ("DT", "PRP$", "POS"))
            and not speech
        ):
            return False
        if n <= 4 and self._listed_after_rejected(k):
            return False
        if (
            nxt is not None
            and n <= 3
            and nxt.pos_ == "NOUN"
            and not is_cue(nxt)
            and f.span.close is not None
            and not re.search(r"[,.!?]\s*$", content)
        ):
            return False
        if n == 1:
            return (
                f.speech_cue
                and f.ref.person
                and content[:1].islower()
                and prev is not None
                # no preposition before it, but 'described it as "painful"'
                and (prev.pos_ != "ADP" or prev.lower_ == "as" and f.how == "before")
                and not is_cue(prev)
                and not is_label_word(prev)
            )
        return True

    def run(self) -> list[Found]:
        for k in range(len(self.spans)):
            f = self.attribute(k)
            if f is not None:
                self.found.append(f)
        return self.found


def _wants_to_know(doc, toks: list[int]) -> bool:
    """'wanted to know' (any tense of "want" or "wish"): a cue of a question ('"...?" Lund wanted to know')."""
    return (
        len(toks) == 3
        and doc[toks[0]].lemma_.lower() in ("want", "wish")
        and doc[toks[1]].lower_ == "to"
        and doc[toks[2]].lower_ == "know"
    )


#: Collective nouns: a group described so is no antecedent of "he" or "she" ('the audience').
_COLLECTIVE_NOUNS = frozenset({"audience", "crowd", "people", "police", "staff", "public", "group", "team"})


def _may_refer(ref: Referent, gender: str) -> bool:
    """Whether a pronoun of ``gender`` may stand for ``ref``: genders agree (:func:`compatible`),
    and "he" or "she" stands for no group ('"Mexico!" the audience screamed. "...," he said')."""
    if not compatible(ref, gender):
        return False
    if gender and ref.unnamed:
        head = ref.name.split()[-1].lower() if ref.name.split() else ""
        if head in _COLLECTIVE_NOUNS or head.endswith("s") and not head.endswith("ss"):
            return False
    return True


def _quote_of(f: Found, text: str) -> Quote:
    ref = f.ref
    end = f.span.end
    while end > f.span.start and (text[end - 1].isspace() or text[end - 1] in SENTENCE_PUNCT):
        end -= 1
    return Quote(
        content=text[f.span.start : end],
        speaker=ref.name if ref is not None and not ref.pronoun else None,
        speaker_is_unnamed=bool(ref is not None and ref.unnamed),
        speaker_start=ref.start if ref is not None else None,
        speaker_end=ref.end if ref is not None else None,
        cue=f.cue,
        start=f.span.start,
        end=end,
        kind=f.kind,  # type: ignore[arg-type]
        confidence=round(f.confidence, 2),
    )


def extract_quotes(parsed: ParsedText, entities: list[Entity], headline: str = "") -> list[Quote]:
    """Direct and partial quotations of an article with their speaker and cue.

    Args:
        parsed: the article body after the light pipeline (sentences parsed on demand only
            for partial quotations that no pattern attributes).
        entities: the article's entities (canonical person names), from
            :func:`newstrace.nlp.entities.extract_entities`.
        headline: the article's headline; quotations in it come back with
            ``in_headline=True`` and ``start == end == -1``, their speaker taken from the
            body quotation they repeat (the same words, or nearly: see
            :data:`HEADLINE_MATCH_SHARE`), else from the headline's own attribution ('Lund:
            "..."', '"...", says Lund'), else ``None``; never a person the headline only
            mentions.

    Returns:
        ``list[Quote]`` in text order, headline quotations first. ``speaker`` is a canonical
        person name, a description of an unnamed speaker (``speaker_is_unnamed``), an
        organisation's name, or ``None``; never a pronoun. ``content`` equals
        ``parsed.text[start:end]``.
    """
    text = parsed.text
    spans = find_quote_spans(text) if any(c in text for c in ALL_MARKS) else []
    body: list[Quote] = []
    if spans:
        body = [_quote_of(f, text) for f in _Attributor(parsed, entities, spans).run()]
    heads = (
        headline_quotes(headline, body, entities)
        if headline and any(c in headline for c in ALL_MARKS)
        else []
    )
    return heads + body
