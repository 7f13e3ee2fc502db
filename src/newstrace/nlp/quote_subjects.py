"""The speaker named around a cue verb: its subject before it, after it, or 'quoted X as saying'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from newstrace.nlp.cues import (
    RELATIVE_WORDS,
    TITLE_ABBREVIATIONS,
    is_cue,
    is_finite_verb,
    is_known_person_noun,
    is_person_noun,
    is_plural_person_noun,
)
from newstrace.nlp.frames import to_comma
from newstrace.nlp.quote_layout import QuoteLayout
from newstrace.nlp.quote_marks import ALL_MARKS
from newstrace.nlp.speakers import NP_PREPOSITIONS, Referent, closes_opening_phrase, hyphen_joined

if TYPE_CHECKING:
    from spacy.tokens import Token

#: Determiners that take a singular noun only: before a plural head they belong to another phrase.
_SINGULAR_DETERMINERS = frozenset({"a", "an", "this", "that", "each", "every", "another"})
#: Adverbs that may stand between a quotation or subject and its cue ('"...," Lund later said').
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
    "since",
}


#: Modals that report speech as future or reported future ('he will say', 'she would later say');
#: others make it hypothetical or an ability ('he can add', 'one could say').
_CUE_MODALS = frozenset({"will", "would", "'ll", "’ll", "'d", "’d", "shall"})


def is_cue_auxiliary(tok: Token) -> bool:
    """An auxiliary that can carry a cue verb: a form of be, have or do, a reporting modal
    (:data:`_CUE_MODALS`) or a negation ('has not said').

    Args:
        tok: a token of the light pipeline's doc (tag, POS and lemma set).

    Returns:
        True for such an auxiliary; False for any other token, a modal of ability included
        ('he can add').
    """
    if tok.lower_ in ("not", "n't", "n’t"):
        return True
    if tok.tag_ == "MD":
        return tok.lower_ in _CUE_MODALS
    return tok.pos_ == "AUX" and tok.lemma_.lower() in ("be", "have", "do")


def speaker_is_subject(aux: Token, cue: Token) -> bool:
    """Whether the subject of ``aux`` + ``cue`` is the speaker: not for a passive speech verb
    ('was asked', 'was told', 'was said to be'), whose subject is the addressee or the topic,
    except 'was quoted (as saying)' and 'was heard (saying)'.

    Args:
        aux: the auxiliary before the cue (:func:`is_cue_auxiliary`).
        cue: the cue verb token.

    Returns:
        False only for a passive of a speech verb other than "quoted" and "heard".
    """
    if aux.lemma_.lower() == "be" and cue.tag_ == "VBN":
        return cue.lower_ in ("quoted", "heard")
    return True


class CueSubjects(QuoteLayout):
    """Mixin of the attributor: who a cue verb's subject is, before or after it."""

    def _relative_asides(self, toks: list[int], *, before_quotation: bool = False, cue_follows: bool = False) -> set[int]:
        """Token indices of the relative clauses in ``toks`` set off by commas and closed by one
        ("Berg told Ruiz, who had asked about the budget, that ..."): the opening comma, the
        relative word ("who", "whom", "whose", "which") and the clause, not the closing comma.
        Such a clause describes the person before it; its verbs and names are not the quotation's
        cue and speaker. As in :meth:`_clear_path`, the clause closes at its last comma (before
        the next such clause), so commas inside it ("who, as Berg noted, chairs the board, said")
        keep it open; the words up to that comma must hold a verb (any form: the tagger reads
        'whose office, on the third floor, flooded' as a participle).

        Args:
            toks: token indices in document order (punctuation may have been left out: the
                document's own tokens between the first and the last are read).
            before_quotation: ``toks`` end right before a quotation; a clause would not close
                with the comma right before it when the clause holds a cue ('He thanked Ruiz,
                who said, "..."': the clause is the attribution; 'Ruiz, who chairs the board,
                said, "..."': the cue is the main clause's).
            cue_follows: ``toks`` run on past the cue (the words after a quotation): a clause
                closes at its first comma that a cue follows (after adverbs and auxiliaries), not
                at its last ('"...," the mayor, who met Ruiz, said, adding ...'), or is no aside.
        """
        doc = self.doc
        if len(toks) < 3:
            return set()
        end = toks[-1]
        opens = [i for i in range(toks[0], end) if doc[i].text == "," and doc[i + 1].lower_ in {"who", "whom", "whose", "which"}]
        out: set[int] = set()
        for n, i in enumerate(opens):
            stop = opens[n + 1] if n + 1 < len(opens) else end + 1
            if any(doc[x].text in ALL_MARKS for x in range(i, stop)):
                continue  # a quotation inside: 'Ruiz, who Berg said was "...", resigned'
            commas = [c for c in range(i + 2, stop)
                      if doc[c].text == "," and any(doc[x].pos_ in ("VERB", "AUX") for x in range(i + 2, c))]
            if not commas and stop <= end and any(doc[x].pos_ in ("VERB", "AUX") for x in range(i + 2, stop)):
                commas = [stop]  # the next clause's comma closes this one ('the mayor, who chairs the board, which meets monthly, said')
            elif cue_follows:
                commas = [c for c in commas if self._cue_at(c + 1, end)][:1]
            if before_quotation and commas and all(doc[x].is_space for x in range(commas[-1] + 1, end + 1)) \
                    and self._clause_attributes(i + 2, commas[-1]):
                commas.pop()
            if commas:
                out.update(range(i, commas[-1]))
        return out

    def _bracketed_asides(self, toks: list[int]) -> set[int]:
        """Token indices of the asides in ``toks`` set off by a pair of dashes or by brackets, marks
        included ('The mayor — who met Ruiz on Friday — said', 'Ruiz — the board's chair — said',
        'The mayor (who met Ruiz) said'): they describe the words before them. An aside must open
        after the first token (a dash opening the words after a quotation introduces its speaker:
        '"..." — Ana Ruiz'), hold no quotation mark, and close right before a cue, or before the
        cue's auxiliaries and adverbs ('— has since said'); elsewhere it is left in place, as a
        boundary of the words around it ('If we lived in normal times -- with perspective -- a
        reader would ask:').

        Args:
            toks: token indices in document order (the document's tokens between the first and the
                last are read).
        """
        doc = self.doc
        if len(toks) < 3:
            return set()
        out: set[int] = set()
        i, end = toks[0] + 1, toks[-1]
        while i < end:
            mark = doc[i].text
            if mark in {"—", "–", "--", "("}:
                close = ")" if mark == "(" else None
                j = i + 1
                while j < end and doc[j].text not in ALL_MARKS and not (
                        doc[j].text == close if close else doc[j].text in {"—", "–", "--"}):
                    j += 1
                if j < end and doc[j].text not in ALL_MARKS and j > i + 1:
                    if self._cue_at(j + 1, end):
                        out.update(range(i, j + 1))
                    i = j + 1
                    continue
            i += 1
        return out

    def _comma_asides(self, toks: list[int]) -> set[int]:
        """Token indices of the phrases in ``toks`` set off by commas right after a subject and
        closed right before its cue: a participle phrase ('The governor, speaking on Thursday,
        said'), an adjectival one ('The minister, visibly angry, said'), a prepositional one
        ('The mayor, in an interview with the Courier, said') or an
        apposition that opens with a determiner ('Ana Ruiz, the company's chief executive, said'):
        the opening comma and the phrase, not the closing comma (as :meth:`_relative_asides`).
        Such a phrase describes the subject before it; its names, places and dates are not the
        speaker (an adversarial test: 'Thursday', 'Oslo', 'Karl Berg' were). A phrase holding a
        finite verb, a quotation mark or a conjunction ('Solvang, Berg and Holm said', 'the
        mayor, the governor and the minister said': a list of speakers) is none; nor one headed
        by a name ('the chief executive, Ana Ruiz, said': the name is the speaker).

        Args:
            toks: token indices in document order (the document's tokens between the first and
                the last are read).
        """
        doc = self.doc
        if len(toks) < 4:
            return set()
        end = toks[-1]
        found: dict[int, int] = {}  # opening comma -> closing comma, of phrases that may be asides
        for i in range(toks[0] + 1, end - 1):
            if doc[i].text != "," or doc[i - 1].pos_ not in ("NOUN", "PROPN", "NUM") or closes_opening_phrase(self.doc, i, toks[0]):
                continue
            head = doc[i + 1]
            participle = head.tag_ in ("VBG", "VBN", "VBD")
            # 'asked whether she would resign': a clause of the participle's own may hold a verb
            clause = participle and i + 2 < end and doc[i + 2].pos_ == "SCONJ"
            j = i + 2
            while j < end and doc[j].text != "," and doc[j].text not in ALL_MARKS and doc[j].pos_ != "CCONJ" \
                    and not doc[j].is_sent_start \
                    and (clause or not self.idx.is_verb(j) or (j == i + 2 and head.pos_ == "ADV")):  # 'visibly moved'
                j += 1
            if j >= end or doc[j].text != ",":
                continue
            possessive = head.pos_ == "PROPN" and any(doc[x].tag_ == "POS" for x in range(i + 2, j))
            # a past tense is an aside's only as 'asked about ...': not '..., said, adding ...'
            if participle and head.tag_ == "VBD" and not (j > i + 2 and doc[i + 2].pos_ in ("ADP", "SCONJ")):
                continue
            # 'a spokesman, for the fire service, said': the phrase completes the person noun (_with_of_phrase)
            completes = head.lower_ == "for" and is_person_noun(doc[i - 1].lower_)
            if (participle or head.pos_ in ("ADJ", "ADV") or (head.pos_ == "ADP" and head.lower_ != "of" and not completes)
                    or (head.pos_ == "DET" or head.tag_ == "PRP$") and head.lower_ not in RELATIVE_WORDS
                    or head.pos_ == "NUM" and j == i + 2 or possessive):  # 'Solvang, 54,', "the mayor, Berg's successor,"
                found[i] = j
        out: set[int] = set()
        accepted: set[int] = set()
        for i in sorted(found, reverse=True):  # an aside closes before a finite cue or before another aside
            j = found[i]
            if j in accepted or self._cue_at(j + 1, end, finite=True):
                accepted.add(i)
                out.update(range(i, j + (j not in accepted)))  # and its closing comma, unless another aside opens there
        return out

    def _cue_at(self, k: int, end: int, finite: bool = False) -> bool:
        """A cue stands at token ``k`` (up to ``end``), after adverbs and the cue's auxiliaries ('has since said');
        with ``finite``, no participle: 'writing' of 'the mayor, writing on Facebook, said' opens another aside."""
        doc = self.doc
        while k <= end and (doc[k].pos_ == "ADV" or doc[k].lower_ in SKIP_BEFORE_CUE or is_cue_auxiliary(doc[k])):
            k += 1
        return k <= end and is_cue(doc[k]) and not (finite and doc[k].tag_ in ("VBG", "VBN"))

    def _clause_attributes(self, start: int, stop: int) -> bool:
        """A relative clause (tokens ``start`` to ``stop``, exclusive) that attributes the quotation
        after it: it holds a cue and no finite verb after the cue ('who said,', 'who told
        reporters,'; not 'who said she was worried,')."""
        doc = self.doc
        cue = next((x for x in range(start, stop) if is_cue(doc[x])), None)
        return cue is not None and not any(self.idx.is_verb(x) for x in range(cue + 1, stop))

    def _clear_path(self, between: list[int]) -> bool:
        """No finite verb between a subject and its cue, except in a relative clause or an
        aside between commas, dashes or brackets ("Kall, who teaches debate, said"). A relative
        clause set off by a comma ends at a comma right before the cue, else at its last comma: a
        verb after that comma is the subject's own ("Duchâteau, who runs the café, won the award for a tart that judges
        called "..."": the judges speak, a new-user finding), while commas inside the clause
        ("who, by her own account, rarely agrees with Berg, said") keep it open."""
        doc = self.doc
        aside = False
        clause_at = None  # where a relative clause opened right after a comma
        for k, i in enumerate(between):
            t = doc[i]
            if t.lower_ in RELATIVE_WORDS or t.text in {"(", "--", "—", "–"}:
                if not aside and clause_at is None and t.lower_ in RELATIVE_WORDS and k > 0 \
                        and doc[between[k - 1]].text == ",":
                    clause_at = k
                aside = True
            elif t.text in {")"}:
                aside = False
            elif self.idx.is_verb(i) and not aside:
                return False
        # a comma right before the cue closes the clause there ("Ruiz, who ..., said"); without one
        # the clause closed at its last comma inside
        if clause_at is not None and between and between[-1] + 1 < len(doc) and doc[between[-1] + 1].text != ",":
            commas = [k for k in range(clause_at, len(between)) if doc[between[k]].text == ","]
            if commas and any(self.idx.is_verb(i) for i in between[commas[-1] + 1:]):
                return False
        return True

    def _subject_before(self, region: list[int], cue: int | None = None) -> Referent | None:
        """The subject of a cue from the tokens before it: the nearest person (not a possessor,
        not after a preposition) with a clear path to the cue, else the noun phrase right
        before the cue (a pronoun or a description), cut to the cue's parsed subject when
        that is shorter (:meth:`_cue_subject`)."""
        doc = self.doc
        asides = self._bracketed_asides(region + ([cue] if cue is not None else []))
        region = [i for i in region if not doc[i].is_space and i not in asides]
        whole = list(region)  # up to the cue, before its adverbs and auxiliaries are taken off
        closed_by_comma = False  # a comma closes the words before the cue ('..., said', '..., has also said')
        while region and (doc[region[-1]].lower_ in SKIP_BEFORE_CUE | {","} or doc[region[-1]].pos_ == "ADV"):
            closed_by_comma = closed_by_comma or doc[region[-1]].text == ","
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
        # 'The mayor, who met Ruiz, (has) said': a relative clause set off by commas up to the cue (and its
        # auxiliaries) describes the subject before it; a person inside it (Ruiz, Friday) is not the speaker
        # (or a chain of them: 'the mayor, who chairs the board, which meets monthly, said'; not 'Berg,
        # who founded the firm, and Ruiz, who runs it, said', where a comma closes the first clause)
        chained = False
        while (closed_by_comma or aside) and cue is not None:
            clause = next((k for k in range(len(region) - 2, 0, -1) if doc[region[k]].text == ","
                           and doc[region[k + 1]].lower_ in {"who", "whom", "whose", "which"}), None)
            if clause is None or chained and any(doc[x].text == "," for x in region[clause + 1:]):
                break
            region = region[:clause]
            aside = False
            chained = True
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
            if self.idx.is_possessive_person((run[0], run[-1] + 1)) or self.idx.names_employer(
                (run[0], run[-1] + 1)
            ):
                continue  # "Ostby's deputy", 'Atlantica chief executive Helena Marques': not the speaker
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
                # the words a hyphen joins into a compound: 'London-based', 'self-employed', 'left-leaning'
                or (i >= 2 and hyphen_joined(doc, i - 2, "-")) or hyphen_joined(doc, i, "-")
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
            return self._described_subject(whole, subject)  # 'a woman who lives nearby said'

        pos = region.index(chunk[0]) if chunk[0] in region else 0
        prep = doc[region[pos - 1]] if pos else None
        if prep is not None and prep.pos_ == "ADP" and prep.tag_ != "RP" and prep.text.islower() \
                and prep.lower_ not in {"by", "as", "of"}:
            # "Sanders' email to his supporters notes that ...": the run is a preposition's object
            # (not 'of': "72 percent of Democrats"; not a particle: "put out a statement"; not a
            # title's: "Editor In Chief Connie Guglielmo"); the cue's parsed subject before it speaks, or no one
            subject = self._parsed_subject(cue) if cue is not None else None
            if subject and region[0] <= subject[0] and subject[-1] < chunk[0]:
                return self.idx.referent_in(subject)
            described = self._described_subject(whole, subject)
            if described is not None:
                return described
            # a name inside the cue's parsed subject is read as before ('Head of Research at Calder
            # Bank Ana Ruiz said': a title before the name)
            if not (subject and subject[0] < chunk[0] <= subject[-1] and any(doc[i].pos_ == "PROPN" for i in chunk)):
                return None
        if cue is not None:
            chunk = self._cue_subject(chunk, cue)
        return self.idx.referent_in(chunk)

    def _with_of_phrase(self, region: list[int], chunk: list[int]) -> list[int]:
        """Extend a noun phrase right before a cue back over a prepositional phrase that
        completes a person noun: 'a spokeswoman | for the operator', 'a member | of the crew',
        'an official | at the ministry', also set off by commas ('a spokesman, | for the fire
        service,') (the speaker is the spokeswoman, not the operator).

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
            pos >= 2 and doc[region[pos - 1]].pos_ == "ADP" and doc[region[pos - 1]].lower_ in NP_PREPOSITIONS
        ):
            # the phrase set off by commas ('a spokesman, for the fire service, said'): an aside
            # that still completes the person noun before it
            noun = pos - 3 if doc[region[pos - 2]].text == "," and pos >= 3 else pos - 2
            head = doc[region[noun]]
            # 'of' inside a proper name ('the Department of Health', 'the Bank of Calder'): the name
            # is one noun phrase, which a person noun before it may then take ('a spokesman for ...')
            in_name = (doc[region[pos - 1]].lower_ == "of" and noun == pos - 2 and head.text[:1].isupper()
                       and head.pos_ in ("PROPN", "NOUN") and doc[chunk[0]].text[:1].isupper()
                       and not any(i in self.idx.person_at for i in chunk))  # not 'Secretary of State Odile Vantongeren'
            if not (in_name or head.pos_ == "NOUN" and (is_person_noun(head.lower_) or is_plural_person_noun(head.lower_))):
                break
            j = noun
            while (
                j > 0
                and (doc[region[j - 1]].pos_ in ("NOUN", "DET", "ADJ", "NUM")
                     or in_name and doc[region[j - 1]].pos_ == "PROPN")
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

    def _described_subject(self, region: list[int], subject: list[int] | None) -> Referent | None:
        """An unnamed speaker described past the head noun, the cue's parsed subject running up to
        the cue: 'a source familiar with the negotiations', 'an aide to the mayor', 'residents of
        the street' (an adversarial test: no speaker at all). Only a description headed by a person
        noun (:meth:`SpeakerIndex.description`) and holding no person's name: 'a spokeswoman for
        Ana Ruiz' is read as before."""
        if not subject or not region or not (region[0] <= subject[0] and subject[-1] == region[-1]):
            return None
        if any(i in self.idx.person_at for i in subject):
            return None
        head = self.idx.first_np_head(subject[0], subject[-1] + 1)
        if head is None or not is_known_person_noun(head):
            return None  # 'posters at the station said': a noun that only looks agentive
        ref = self.idx.description(subject)
        return ref if ref is not None and ref.unnamed else None

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
            run = self.idx._person_run(rest[m]) if m < len(rest) and rest[m] in self.idx.person_at else None
            if run is not None and not self.idx.is_possessive_person(run):
                # not a possessor: 'said Marques, Atlantica's chief executive' is Marques
                return self.idx.person_referent(rest[m])
        return self.idx.description(range(seg[0], seg[-1] + 1))

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
