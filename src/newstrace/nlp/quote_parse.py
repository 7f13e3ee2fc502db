"""Attribution of a partial quotation by its sentence's dependency parse, up to a speech verb's subject."""

from __future__ import annotations

from newstrace.nlp.cues import (
    CHARACTERISATION_DEPS,
    CHARACTERISING_VERBS,
    RELATIVE_WORDS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    is_cue,
)
from newstrace.nlp.quote_layout import QuoteLayout
from newstrace.nlp.quote_speech import SHORT_FRAGMENT_WORDS
from newstrace.nlp.quote_text import split_words
from newstrace.nlp.speakers import Referent


class ParseRules(QuoteLayout):
    """Mixin of the attributor: the dependency-parse rules for a partial quotation."""

    def _subject_span(self, subject, verb, base: int, in_quote) -> range | None:
        """Document token indices of what the subject of a verb in a sentence parse stands for.

        Args:
            subject: the subject token (a child of ``verb``) in the sentence's parse.
            verb: its verb token.
            base: the token offset of that parse in the whole document.
            in_quote: whether a parse token lies inside the quotation being attributed.

        Returns:
            The subject's subtree; for a relative pronoun subject of a relative clause outside the
            quotation ('Maduro, who blamed ... "..."'), the clause's antecedent up to its head: the
            antecedent is the one who speaks. None when a token of it lies inside quotation marks.
        """
        if subject.lower_ in RELATIVE_WORDS and verb.dep_ == "relcl" and not in_quote(verb.head):
            span = range(base + verb.head.left_edge.i, base + verb.head.i + 1)
        else:
            span = range(base + subject.left_edge.i, base + subject.right_edge.i + 1)
        return None if any(i in self.inside for i in span) else span

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
                    span = self._subject_span(c, h, base, in_quote)
                    if span is None:
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
            span = self._subject_span(c, verb, base, in_quote)
            if span is None:
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
