"""Attribution after a quotation: a dash and a name, a frame, a speech verb and its subject, a name."""

from __future__ import annotations

from newstrace.nlp.cues import NONVERBAL_VERBS, RELATIVE_WORDS, is_cue, is_finite_verb
from newstrace.nlp.frames import frame_after, to_comma
from newstrace.nlp.quote_marks import ALL_MARKS
from newstrace.nlp.quote_subjects import SKIP_BEFORE_CUE, CueSubjects, is_cue_auxiliary, speaker_is_subject
from newstrace.nlp.quote_text import DASHES, ends_with_stop
from newstrace.nlp.speakers import Referent

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

#: Words of time after a cue, tagged as nouns when the NER gives them no date ('said yesterday').
_TIME_WORDS = frozenset(
    "yesterday today tonight tomorrow earlier later recently afterwards overnight".split()
)

#: Speech verbs whose object is the addressee, not what was said ('"..." Lund told reporters').
_ADDRESSEE_VERBS = frozenset(
    "tell ask warn inform remind assure urge advise instruct order beg implore brief thank answer".split()
)


def _wants_to_know(doc, toks: list[int]) -> bool:
    """'wanted to know' (any tense of "want" or "wish"): a cue of a question ('"...?" Lund wanted to know')."""
    return (
        len(toks) == 3
        and doc[toks[0]].lemma_.lower() in ("want", "wish")
        and doc[toks[1]].lower_ == "to"
        and doc[toks[2]].lower_ == "know"
    )


class AfterRules(CueSubjects):
    """Mixin of the attributor: the rules that read the words after a quotation."""

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
        # '"...," the mayor, who, as Ruiz noted, chairs the board, said', '..., the mayor — who met Ruiz — said'
        described = self._comma_asides(after)  # '"...," the mayor, speaking in Oslo on Thursday, said'
        asides = self._relative_asides(after, cue_follows=True) | self._bracketed_asides(after) | described
        for j, i in enumerate(toks[:MAX_SUBJECT_TOKENS]):
            tok = doc[i]
            if i in asides:
                continue
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
                region = [x for x in after if x < i and x not in described]
                if region and (doc[region[0]].pos_ == "SCONJ" or doc[region[0]].lower_ in _SUBORDINATORS):
                    break  # '..." when Clinton blasted him': another clause, not an attribution
                verb_group = [x for x in region if doc[x].pos_ != "ADV"]
                region_asides = self._relative_asides(region)
                if (
                    verb_group
                    and is_cue_auxiliary(doc[verb_group[-1]])
                    and any(
                        doc[x].pos_ in ("CCONJ", "SCONJ")
                        or doc[x].lower_ in RELATIVE_WORDS
                        or doc[x].tag_ == "VBG"
                        for x in region
                        if x not in region_asides
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
        asides = self._relative_asides(toks[: j + 1])  # '"...," the mayor, who met Ruiz, has said'
        if any(doc[x].pos_ in ("CCONJ", "SCONJ") or doc[x].lower_ in RELATIVE_WORDS
               for x in toks[:j] if x not in asides):
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
