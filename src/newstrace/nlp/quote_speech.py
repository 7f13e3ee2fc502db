"""Speech or not: scare quotes, titles, names and labels in quotation marks are dropped."""

from __future__ import annotations

import re

from newstrace.nlp.cues import (
    LABEL_DETERMINERS,
    NAMING_VERBS,
    SPEECH_VERBS,
    is_cue,
    is_finite_verb,
    is_label_lead,
    is_label_word,
)
from newstrace.nlp.quote_layout import BOUNDARY, Found, QuoteLayout
from newstrace.nlp.quote_text import is_title_case, split_words

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


class SpeechFilter(QuoteLayout):
    """Mixin of the attributor: whether an attributed span in marks is speech (:meth:`_is_speech`)."""

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
        # the content's last mark: a stop ends a sentence; with a comma it ends a clause
        ends_sentence = re.search(r"[.!?]\s*$", content) is not None
        ends_clause = re.search(r"[,.!?]\s*$", content) is not None
        # the quotation is its own sentence after others on its line ('... resign. "Never."'), not a
        # line of its own, which is how a subheading in marks stands ('"All Bets Are Off."')
        line_start = self.text.rfind("\n", 0, f.span.open) + 1
        alone = not before and not after and bool(self.text[line_start : f.span.open].strip())
        if not strong and is_title_case(content) and not (alone and ends_sentence):
            return False
        if f.kind != "partial":
            if (
                n == 1
                and not (strong and ends_clause)
                and not (alone and f.ref is not None and ends_sentence)
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
            and not ends_clause
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
            and not ends_clause
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
