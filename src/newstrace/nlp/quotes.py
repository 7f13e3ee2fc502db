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

The steps live one concern a module: :mod:`~newstrace.nlp.quote_layout` (paragraphs, sentences,
the words around a quotation), :mod:`~newstrace.nlp.quote_subjects` (a cue's subject),
:mod:`~newstrace.nlp.quote_after` (1, 2), :mod:`~newstrace.nlp.quote_before` (3, 5),
:mod:`~newstrace.nlp.quote_parse` (4), :mod:`~newstrace.nlp.quote_context` (6 and pronouns),
:mod:`~newstrace.nlp.quote_speech` (scare quotes and labels dropped) and
:mod:`~newstrace.nlp.headline_quotes`; this module runs them in order.
"""

from __future__ import annotations

from newstrace.nlp.cues import is_cue
from newstrace.nlp.headline_quotes import HEADLINE_MATCH_SHARE, headline_quotes
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.quote_after import MAX_SUBJECT_TOKENS, AfterRules
from newstrace.nlp.quote_before import BeforeRules
from newstrace.nlp.quote_context import ContextSpeakers
from newstrace.nlp.quote_layout import Found
from newstrace.nlp.quote_marks import ALL_MARKS, find_quote_spans
from newstrace.nlp.quote_parse import ParseRules
from newstrace.nlp.quote_speech import SHORT_FRAGMENT_WORDS, SpeechFilter
from newstrace.nlp.quote_text import SENTENCE_PUNCT, without_reopening_marks
from newstrace.schema import Entity, Quote

__all__ = ["HEADLINE_MATCH_SHARE", "MAX_SUBJECT_TOKENS", "SHORT_FRAGMENT_WORDS", "extract_quotes"]


#: Attribution rules (``how``) that go through a speech verb or noun: a span they attribute with
#: a cue is governed by speech (:meth:`~newstrace.nlp.quote_speech.SpeechFilter._is_speech`).
_SPEECH_CUE_RULES = frozenset(
    {"according", "after", "after-inverted", "before", "frame", "parse", "parse-noun", "possessive"}
)
#: Confidence of a quotation by the rule that attributed it; any other rule (none found) 0.3,
#: times 0.7 for a quotation whose closing mark is missing.
_RULE_CONFIDENCE = {
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
}


class _Attributor(AfterRules, BeforeRules, ParseRules, ContextSpeakers, SpeechFilter):
    """Attribution state for one article (internal; see :func:`extract_quotes`): the layout of
    :class:`~newstrace.nlp.quote_layout.QuoteLayout` with the rules of each mixin, tried in the
    order the module docstring gives (:meth:`attribute`)."""

    def attribute(self, k: int) -> Found | None:
        """Attribute quotation ``k`` by the first rule that applies; None when it is not speech."""
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
        f.speech_cue = how in _SPEECH_CUE_RULES and bool(cue)
        f.confidence = _RULE_CONFIDENCE.get(how, 0.3)
        if sp.close is None:
            f.confidence *= 0.7
        if self._is_speech(f, before, after, k):
            return f
        self.rejected.add(k)
        return None

    def run(self) -> list[Found]:
        """Attribute every quotation in text order; the speech among them, attributed."""
        for k in range(len(self.spans)):
            f = self.attribute(k)
            if f is not None:
                self.found.append(f)
        return self.found


def _quote_of(f: Found, text: str) -> Quote:
    """The :class:`Quote` of an attribution, the carrying sentence's comma cut from its end."""
    ref = f.ref
    end = f.span.end
    while end > f.span.start and (text[end - 1].isspace() or text[end - 1] in SENTENCE_PUNCT):
        end -= 1
    return Quote(
        content=without_reopening_marks(text[f.span.start : end]),
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
