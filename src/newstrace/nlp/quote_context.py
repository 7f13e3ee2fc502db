"""Speakers from context: a standalone quotation's earlier speaker, and a pronoun speaker's antecedent."""

from __future__ import annotations

from dataclasses import replace

from newstrace.nlp.cues import is_cue
from newstrace.nlp.quote_layout import QuoteLayout
from newstrace.nlp.speakers import Referent, compatible

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


class ContextSpeakers(QuoteLayout):
    """Mixin of the attributor: speakers taken from the sentences before a quotation, and
    pronouns resolved to the person they stand for."""

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
            quoted = self._last_quoted_speaker(t)
            if quoted is not None:
                return quoted, "previous-paragraph"
            toks = self.outside(t)
            ref = self.idx.subject_of(toks)
            if ref is not None and any(is_cue(self.doc[i]) for i in toks):
                return self.resolve(ref, t, self.doc[toks[0]].idx if toks else 0), "previous-paragraph"
            if ref is not None and ref.person and self._whole_paragraph(k):
                # a paragraph that is one quotation, after a paragraph ending on what a named person
                # did ('Coach Ada Lund was blunt after the match.' then '"..."'): that person speaks
                return ref, "previous-paragraph"
        return None, ""

    def _last_quoted_speaker(self, t: int, before_char: int | None = None) -> Referent | None:
        """The speaker of the last quotation attributed so far in sentence ``t`` (opening before
        ``before_char`` when given), or None."""
        quoted = [
            f
            for f in self.found
            if f.sent == t and f.ref is not None and (before_char is None or f.span.open < before_char)
        ]
        return quoted[-1].ref if quoted else None

    def _speaker_of_sentence(self, t: int) -> Referent | None:
        quoted = self._last_quoted_speaker(t)
        if quoted is not None:
            return quoted
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
        others = self._cue_objects(clause or [], ref.start) | self._relative_head(ref.start)
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

    def _relative_head(self, pronoun_char: int) -> set[str]:
        """The person a relative clause opened right before a pronoun describes ('Ana Ruiz, who he said
        was "...", ...', 'Ruiz, who, he said, was ...'): never that pronoun's antecedent (the clause is
        about Ruiz; 'he' is another person). Empty when the pronoun does not follow a relative word."""
        doc = self.doc
        i = self.idx.token_at(pronoun_char) - 1
        while i >= 0 and (doc[i].is_space or doc[i].text == ","):
            i -= 1
        if i < 0 or doc[i].lower_ not in {"who", "whom"}:
            return set()
        i -= 1
        while i >= 0 and (doc[i].is_space or doc[i].text == ","):
            i -= 1
        return {self.idx.person_at[i].canonical} if i >= 0 and i in self.idx.person_at else set()

    def _antecedent(
        self, ref: Referent, s: int, before_char: int, others: set[str] = frozenset()
    ) -> Referent | None:
        """The antecedent of pronoun ``ref``: going back up to seven sentences from sentence ``s``,
        the last speaker quoted or the subject of a sentence that the pronoun may stand for
        (:meth:`_may_refer`) and that is not in ``others``; else the nearest person named before
        ``before_char``."""
        gender = ref.gender
        for t in range(s, max(-1, s - 8), -1):
            quoted = self._last_quoted_speaker(t, before_char)
            if quoted is not None and self._may_refer(quoted, gender) and quoted.name not in others:
                return quoted
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
