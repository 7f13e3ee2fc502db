"""Attribution before a quotation: colon lead-in, speech verb or noun, 'according to X', transcript label."""

from __future__ import annotations

import re

from newstrace.nlp.cues import NAMING_VERBS, SPEECH_NOUNS, is_cue
from newstrace.nlp.entities import fold
from newstrace.nlp.frames import to_comma
from newstrace.nlp.quote_marks import ALL_MARKS, TRANSCRIPT_LABEL
from newstrace.nlp.quote_subjects import CueSubjects
from newstrace.nlp.quote_text import ends_with_stop, split_words
from newstrace.nlp.speakers import Referent, speaker_name


class BeforeRules(CueSubjects):
    """Mixin of the attributor: the rules that read the words before a quotation, its sentence
    ('according to X') and a transcript label inside its marks."""

    def _before_rules(self, before: list[int], k: int) -> tuple[Referent | None, str | None, str]:
        doc = self.doc
        # 'Berg told Ruiz, who had asked about the budget, that "..."': the clause describes Ruiz;
        # its verb is not the quotation's cue
        asides = self._relative_asides(before, before_quotation=True) | self._bracketed_asides(before) \
            | self._comma_asides(before)
        before = [i for i in before if i not in asides]
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
                        ref = self._parsed_clause_subject(before[j], before[0])
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

    def _parsed_clause_subject(self, participle: int, start: int) -> Referent | None:
        """The subject of the clause a participle cue modifies, when it stands before ``start``
        (where the words before the quotation begin, after an earlier quotation): 'Ruiz, who Berg
        said was "...", resigned on Monday, saying "..."' quotes Ruiz, the subject of "resigned",
        not Monday; 'Officials, who ..., met on Monday, saying' quotes the officials; 'Ruiz, ...,
        was cheered by supporters, saying' Ruiz. Read from the dependency parse of the sentence (the
        participle's ``advcl`` head, the sentence's root, and that verb's ``nsubj`` or ``nsubjpass``);
        None when the parse says otherwise.

        Args:
            participle: token index of the "-ing" cue.
            start: token index where the words before the quotation begin.
        """
        sent = self.parsed.sentence_at(self.doc[participle].idx)
        if sent is None:
            return None
        pdoc = self.parsed.parse(sent)
        if len(pdoc) != len(sent):
            return None
        tok = pdoc[participle - sent.start]
        if tok.dep_ != "advcl" or tok.head.dep_ != "ROOT":
            return None  # 'told Newsmax that Romney "had ...," adding, "..."': not the clause in the quotation
        subject = next((c for c in tok.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None or sent.start + subject.i >= start:
            return None
        i = sent.start + subject.i
        if i in self.idx.person_at:
            return self.idx.person_referent(i)
        # a described subject: its words up to the clause or aside after it ('Officials, who ...')
        words = [sent.start + t.i for t in subject.subtree if t.i <= subject.i]
        return self.idx.referent_in(words)

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
