"""Speaker referents: who a mention of a speaker stands for (person, role, pronoun or description).

A speaker mention becomes a :class:`Referent`: a named person under the article's canonical
name, or a description of an unnamed one ("an official involved in the talks"). Role nouns
("the minister") map to the person the article names in that role (apposition "the minister
for ports, Halvard Ostby", title "Fisheries Minister Agneta Lund", or "librarian Otto
Brennan"); pronouns resolve to the most salient earlier referent of compatible gender: the
subject of the nearest earlier sentence, or the speaker of its quotation (a simplified
Hobbs/centering preference for subjects and recency).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from spacy.tokens import Doc

from newstrace.nlp.cues import (
    NON_PERSON_HEADS,
    SPEAKER_PRONOUNS,
    gender_of_word,
    is_cue,
    is_finite_verb,
    is_person_noun,
)
from newstrace.nlp.entities import TITLES, fold
from newstrace.schema import Entity

_POSSESSIVE = {"'s", "’s", "'", "’"}
_SUBJ_PRONOUNS = {"he", "she", "they", "it", "i", "we"}
_RELATIVES = {"who", "whom", "whose", "which", "that"}
#: Words opening an adjunct of reason or purpose: a description ends before them ("the
#: soldier who asked not to be identified | for fear of reprisals").
_REASON_OPENERS = {"because", "lest", "cos"}
#: Two-word openers of the same ("so that", "in order", "due to", "for fear", "by fear").
_REASON_PAIRS = {
    ("so", "that"),
    ("so", "as"),
    ("in", "order"),
    ("due", "to"),
    ("owing", "to"),
    ("for", "fear"),
    ("by", "fear"),
    ("in", "fear"),
    ("out", "of"),
    ("for", "the"),
}
#: Nouns of reason or protection: a preposition bringing one in ("for security reasons", "for
#: his own safety") is an adjunct of reason, not part of who the speaker is.
_REASON_NOUNS = frozenset(
    "fear fears safety security reason reasons protection retaliation reprisal reprisals sake privacy concern "
    "concerns".split()
)
_REASON_PREPOSITIONS = {"for", "by", "out", "from"}
#: Participles opening an adjunct of reason ("fearing reprisals", "citing security").
_REASON_PARTICIPLES = {"fearing", "citing", "worried", "afraid", "concerned"}
#: Words of anonymity: an infinitive after them gives the reason for it ("asked not to be
#: named | to protect his family", "on condition of anonymity | to discuss the talks").
_ANONYMITY_WORDS = frozenset(
    "named identified quoted cited anonymity anonymous disclosed publicized publicised revealed".split()
)
_ACTIVE_VERB_TAGS = {"VB", "VBD", "VBZ", "VBP", "VBG"}


@dataclass
class Referent:
    """Who a speaker mention stands for.

    Attributes:
        name: canonical person name, or the description of an unnamed speaker.
        unnamed: the article does not name this speaker.
        start, end: character offsets of the mention in the text.
        person: a named person (``name`` is canonical).
        pronoun: the mention is a pronoun still to be resolved (``name`` is the pronoun).
        gender: 'm', 'f' or '' (unknown).
    """

    name: str
    unnamed: bool
    start: int
    end: int
    person: bool = False
    pronoun: bool = False
    gender: str = ""


class MentionIndex:
    """Person mentions, roles and genders of one article, for speaker resolution.

    Args:
        doc: the light-pipeline ``Doc`` of the article body.
        entities: the article's entities (see :func:`newstrace.nlp.entities.extract_entities`).
    """

    def __init__(self, doc: Doc, entities: list[Entity]) -> None:
        self.doc = doc
        self._starts = [t.idx for t in doc]
        self.person_at: dict[int, Entity] = {}  # token index -> person entity
        self.persons: list[tuple[int, int, Entity]] = []  # (first token, end token, entity)
        for ent in entities:
            if ent.label != "PERSON":
                continue
            span = doc.char_span(ent.start, ent.end, alignment_mode="expand")
            if span is None:
                continue
            self.persons.append((span.start, span.end, ent))
            for i in range(span.start, span.end):
                self.person_at[i] = ent
        self.persons.sort(key=lambda p: p[0])
        self.roles: list[tuple[int, str, str]] = []  # (char offset, role noun, canonical)
        self.gender: dict[str, str] = {}
        self._learn_roles_and_genders()

    # -- token helpers -------------------------------------------------------------------
    def token_at(self, char: int) -> int:
        """Index of the first token starting at or after ``char``."""
        return bisect_left(self._starts, char)

    def tokens_between(self, a: int, b: int) -> range:
        """Token indices whose start lies in ``[a, b)``."""
        return range(self.token_at(a), self.token_at(b))

    def _person_run(self, i: int) -> tuple[int, int] | None:
        for s, e, _ in self.persons:
            if s <= i < e:
                return s, e
        return None

    # -- roles and genders ---------------------------------------------------------------
    def _learn_roles_and_genders(self) -> None:
        doc = self.doc
        for s, e, ent in self.persons:
            canon = ent.canonical
            roles: list[str] = []
            # Title words inside the mention ("Fisheries Minister Agneta Lund").
            roles += [t.lower_.rstrip(".") for t in doc[s:e] if t.lower_.rstrip(".") in TITLES]
            # A common noun right before the name ("librarian Otto Brennan").
            if s > 0 and doc[s - 1].pos_ == "NOUN":
                roles.append(doc[s - 1].lower_)
            # Apposition before: "The minister for ports, Halvard Ostby".
            if s > 1 and doc[s - 1].text == ",":
                head = self._appositive_head(self._clause_start(s - 1), s - 1)
                if head:
                    roles.append(head)
            # Apposition after: "Renata Villiers, regional director, ...".
            if e < len(doc) - 1 and doc[e].text == ",":
                k = e + 1
                stop = k
                while (
                    stop < len(doc)
                    and stop - k < 8
                    and doc[stop].text not in {",", ".", ";", ":"}
                    and not is_finite_verb(doc[stop])
                ):
                    stop += 1
                head = self._first_np_head(k, stop)
                if head and (stop >= len(doc) or doc[stop].text in {",", "."}):
                    roles.append(head)
            for role in roles:
                self.roles.append((ent.start, role, canon))
                g = gender_of_word(role)
                if g and canon not in self.gender:
                    self.gender[canon] = g
            # "X ... said he/she ...": the pronoun right after X's own speech verb.
            for k in range(e, min(e + 12, len(doc) - 1)):
                if doc[k].text in {".", "!", "?"} or k in self.person_at:
                    break
                if is_cue(doc[k]):
                    nxt = doc[k + 1] if doc[k + 1].lower_ != "that" or k + 2 >= len(doc) else doc[k + 2]
                    g = {"he": "m", "she": "f"}.get(nxt.lower_, "")
                    if g and canon not in self.gender:
                        self.gender[canon] = g
                    break
        self.roles.sort()

    def _clause_start(self, end: int) -> int:
        doc = self.doc
        j = end
        while j > 0 and end - j < 10:
            t = doc[j - 1]
            if (
                t.text in {".", "!", "?", ";", ":", ",", "\n"}
                or t.is_space
                or is_finite_verb(t)
                or t.pos_ == "VERB"
            ):
                break
            j -= 1
        return j

    def _appositive_head(self, a: int, b: int) -> str | None:
        """Head of the noun phrase in apposition before a name, within tokens ``[a, b)``:
        the last noun phrase headed by a person noun ("... with her nephew, Jonah Pike"),
        else the first ("The minister for ports, Halvard Ostby")."""
        doc = self.doc
        starts = [a] + [
            i for i in range(a + 1, b) if doc[i].tag_ in ("DT", "PRP$") or doc[i - 1].text in _POSSESSIVE
        ]
        heads = [h for h in (self._first_np_head(i, b) for i in starts) if h]
        people = [h for h in heads if is_person_noun(h)]
        if people:
            return people[-1]
        return heads[0] if heads else None

    def _first_np_head(self, a: int, b: int) -> str | None:
        """Head of the first noun run in tokens ``[a, b)``, skipping possessors ("the developer's agent")."""
        doc = self.doc
        i = a
        head = None
        while i < b:
            t = doc[i]
            if t.pos_ in ("NOUN",) or (t.pos_ == "PROPN" and t.lower_ in TITLES):
                j = i
                while j + 1 < b and (doc[j + 1].pos_ == "NOUN" or doc[j + 1].lower_ in TITLES):
                    j += 1
                if j + 1 < b and doc[j + 1].text in _POSSESSIVE:
                    i = j + 2
                    continue
                head = doc[j].lower_
                break
            if t.i in self.person_at:
                run = self._person_run(t.i)
                if run and self.is_possessive_person(run):
                    i = run[1] + 1  # "Obama's former campaign strategist": skip the possessor
                    continue
                break
            if t.pos_ in ("VERB", "AUX"):
                break
            i += 1
        return head

    def role_person(self, role: str, before: int) -> str | None:
        """Canonical name of the person last introduced in ``role`` before offset ``before``."""
        found = None
        for pos, r, canon in self.roles:
            if pos >= before:
                break
            if r == role:
                found = canon
        return found

    # -- referents -----------------------------------------------------------------------
    def person_referent(self, i: int) -> Referent:
        """Referent of the person mention covering token ``i``."""
        ent = self.person_at[i]
        return Referent(
            ent.canonical, False, ent.start, ent.end, person=True, gender=self.gender.get(ent.canonical, "")
        )

    def is_possessive_person(self, run: tuple[int, int]) -> bool:
        """True when the person mention is a possessor ("Ostby's deputy")."""
        e = run[1]
        return e < len(self.doc) and self.doc[e].text in _POSSESSIVE

    def referent_in(
        self, tokens: Sequence[int], allow_description: bool = True, allow_object: bool = False
    ) -> Referent | None:
        """The speaker a span of tokens names: a person (not a possessor, not the object of a
        preposition), else a pronoun, else a description of an unnamed speaker.

        Args:
            tokens: token indices of the speaker's noun phrase (apposition included).
            allow_description: return a description when no person or pronoun is found.
            allow_object: accept a person after a preposition when no other is found
                (a lead-in such as "From the desk of Renata Villiers:").
        """
        doc = self.doc
        seen: set[tuple[int, int]] = set()
        object_person = None
        for i in tokens:
            if i not in self.person_at:
                continue
            run = self._person_run(i)
            if run is None or run in seen:
                continue
            seen.add(run)
            if self.is_possessive_person(run):
                continue
            if run[0] > tokens[0] and doc[run[0] - 1].pos_ == "ADP":
                if allow_object and object_person is None:
                    object_person = i
                continue
            return self.person_referent(i)
        if object_person is not None:
            return self.person_referent(object_person)
        for i in tokens:
            low = doc[i].lower_
            if low in {"who", "whom", "which", "that", "whose"} or is_finite_verb(doc[i]):
                break  # a pronoun inside a relative clause is not the speaker
            if low in _SUBJ_PRONOUNS and doc[i].tag_ != "PRP$":
                if low in ("i", "we"):
                    return None
                return self.pronoun_referent(i)
        if not allow_description:
            return None
        return self.description(tokens)

    def pronoun_referent(self, i: int) -> Referent:
        """The pronoun at token ``i`` as a speaker mention, to be resolved to its antecedent
        (gender from :data:`SPEAKER_PRONOUNS`: "she"/"her" -> 'f')."""
        t = self.doc[i]
        return Referent(
            t.lower_, False, t.idx, t.idx + len(t), pronoun=True, gender=SPEAKER_PRONOUNS.get(t.lower_, "")
        )

    def description(self, tokens: Sequence[int]) -> Referent | None:
        """A description referent ("a council spokesman") from its tokens, or ``None``.

        A definite role noun ("the minister") becomes the person the article names in that
        role; a noun phrase headed by an organisation or a document is a named, non-person
        speaker; otherwise the head must be a person noun (:func:`is_person_noun`).
        """
        doc = self.doc
        toks = [doc[i] for i in tokens]
        while toks and (toks[0].is_punct or toks[0].is_space or toks[0].lower_ in {"and", "but", "as"}):
            toks = toks[1:]
        toks = _defining_part(toks)
        while toks and (toks[-1].is_punct or toks[-1].is_space):
            toks = toks[:-1]
        if (
            not toks
            or toks[0].pos_ in ("ADP", "SCONJ", "VERB", "AUX")
            or toks[0].lower_ in {"that", "which", "if"}
        ):
            return None  # a clause or a phrase, not a noun phrase: "that for African-Americans ..."
        nouns = [t for t in toks if t.pos_ in ("NOUN", "PROPN") and not t.is_punct]
        if not nouns:
            return None
        head = self._first_np_head(toks[0].i, toks[-1].i + 1) or nouns[0].lower_
        start, end = toks[0].idx, toks[-1].idx + len(toks[-1])
        text = doc.text[start:end]
        has_clause = any(
            t.lower_ in {"who", "whom", "that", "which"} or t.tag_ in ("VBN", "VBG") for t in toks
        )
        definite = toks[0].lower_ in {"the", "this", "that"} or any(t.text in _POSSESSIVE for t in toks[:4])
        if definite and not has_clause:
            canon = self.role_person(head, start)
            if canon:
                return Referent(canon, False, start, end, person=True, gender=self.gender.get(canon, ""))
        if any(t.ent_type_ in ("ORG", "GPE", "NORP") for t in toks) and head not in {
            "official",
            "spokesman",
            "spokeswoman",
            "spokesperson",
        }:
            if not any(t.pos_ == "NOUN" and t.ent_type_ == "" for t in toks):
                return Referent(text, False, start, end)
        if head in NON_PERSON_HEADS:
            return Referent(text, False, start, end)
        capitalised_common = bool(toks[0].is_sent_start) and all(t.pos_ == "NOUN" for t in toks)
        if (
            all(t.text[:1].isupper() or t.text in {"-", "'s", "’s", "."} for t in toks)
            and not capitalised_common
        ):
            # a name the NER missed: named, not described ('Critics' opening a sentence is a common noun)
            return Referent(text, False, start, end)
        lemma = next((t.lemma_.lower() for t in toks if t.lower_ == head), head)
        if not (is_person_noun(head) or is_person_noun(lemma)) or len(toks) > 30:
            return None  # "when questioned after the debate", "the woman's enthusiasm": no speaker
        return Referent(text, True, start, end, gender=gender_of_word(head))

    # -- sentence subjects -----------------------------------------------------------------
    def subject_of(self, tokens: Sequence[int]) -> Referent | None:
        """The subject-like referent of a sentence: the speaker named before its first finite
        verb, or a person right after an inverted speech verb ("..., remembers Gomez").

        Args:
            tokens: the sentence's token indices in order (quotations left out by the caller).
        """
        doc = self.doc
        tokens = list(tokens)
        if not tokens:
            return None
        first_verb = next((j for j, i in enumerate(tokens) if is_finite_verb(doc[i])), None)
        region = tokens[:first_verb] if first_verb else []
        if region:
            ref = self.referent_in(region, allow_description=False)
            if ref is not None:
                return ref
        for i in tokens:
            if is_cue(doc[i]) and i + 1 <= tokens[-1] and (i + 1) in self.person_at:
                run = self._person_run(i + 1)
                if run and not self.is_possessive_person(run):
                    return self.person_referent(i + 1)
            # "..., Schiff said." closing an indirect quotation.
            if is_cue(doc[i]) and i - 1 >= tokens[0] and (i - 1) in self.person_at:
                run = self._person_run(i - 1)
                if (
                    run
                    and not self.is_possessive_person(run)
                    and run[0] > tokens[0]
                    and doc[run[0] - 1].text == ","
                ):
                    return self.person_referent(i - 1)
        # A described subject: the words before the verb must open like a noun phrase.
        np = []
        for i in region:
            if doc[i].pos_ in ("VERB", "AUX") or doc[i].text in {",", ";", ":"}:
                break
            np.append(i)
        if (
            np
            and doc[np[0]].pos_ in ("DET", "NOUN", "ADJ", "PROPN", "PRON")
            and not any(doc[i].pos_ == "ADP" or doc[i].lower_ in {"who", "that", "which"} for i in np[:3])
        ):
            ref = self.description(np)
            if ref is not None and (
                ref.unnamed or all(doc[i].pos_ == "PROPN" and doc[i].text[:1].isupper() for i in np)
            ):
                return ref  # a described person, or a name the NER did not tag
        return None

    def nearest_person_before(self, char: int, gender: str = "") -> Referent | None:
        """The closest earlier person mention (not a possessor) of compatible gender."""
        for s, e, ent in reversed(self.persons):
            if ent.end > char:
                continue
            if self.is_possessive_person((s, e)):
                continue
            g = self.gender.get(ent.canonical, "")
            if gender and g and g != gender:
                continue
            return self.person_referent(s)
        return None


def _reason_adjunct(toks: list, j: int) -> bool:
    """Whether ``toks[j]`` opens an adjunct of reason or purpose ("because ...", "for fear of
    ...", "by fear for ...", "so that ...", "as he ...", "fearing ...", "for security reasons",
    "not to be named to protect ...").

    A preposition or participle right after an active verb is that verb's complement ("asked
    for protection", "was afraid to speak") and opens none. An infinitive opens a purpose only
    after the words of anonymity ("asked not to be named | to protect his job", "on condition
    of anonymity | to discuss ..."); elsewhere it is a complement ("who was not authorised to
    speak", "the first woman to speak").
    """
    t = toks[j]
    low = t.lower_
    nxt = toks[j + 1].lower_ if j + 1 < len(toks) else ""
    prev = toks[j - 1]
    passive = prev.tag_ == "VBN" and any(x.lower_ in {"be", "been", "being"} for x in toks[max(0, j - 3) : j])
    after_verb = prev.tag_ in _ACTIVE_VERB_TAGS or prev.pos_ == "AUX" or (prev.tag_ == "VBN" and not passive)
    if low in _REASON_OPENERS:
        return True
    if (low, nxt) in _REASON_PAIRS:
        if nxt == "fear" or low in {"so", "due", "owing"} or (low, nxt) == ("in", "order"):
            return True
        if (low, nxt) == ("out", "of"):
            return any(x.lower_ in _REASON_NOUNS for x in toks[j + 2 : j + 4])
    if low in {"as", "since"} and nxt in {"he", "she", "they", "it", "we", "i"}:
        return True  # 'as he was not authorised to speak': a clause of reason
    if low in _REASON_PARTICIPLES and not after_verb:
        return True
    if (
        low in _REASON_PREPOSITIONS
        and not after_verb
        and any(x.text in _REASON_NOUNS for x in toks[j + 1 : j + 5])  # lower case: not "Homeland Security"
    ):
        return True
    if low == "to" and t.tag_ == "TO" and nxt and toks[j + 1].tag_ in ("VB", "VBP"):
        k = j - 1
        while k > 0 and toks[k].pos_ == "ADV":
            k -= 1  # 'not to be named publicly to ...'
        return toks[k].lower_ in _ANONYMITY_WORDS
    return False


def _defining_part(toks: list) -> list:
    """The tokens of a speaker description up to the end of its defining part: the noun
    phrase and its (first) relative clause, cut before an adjunct of reason or purpose
    (:func:`_reason_adjunct`) and before a second relative clause ("the soldier who asked
    not to be identified | by fear for the safety of the children | that she left at home").

    Args:
        toks: the description's spaCy tokens in order.

    Returns:
        A prefix of ``toks`` (all of it when nothing is cut).
    """
    first_noun = next((j for j, t in enumerate(toks) if t.pos_ in ("NOUN", "PROPN")), None)
    if first_noun is None:
        return toks
    relative = False
    for j in range(first_noun + 1, len(toks)):
        t = toks[j]
        low = t.lower_
        is_relative = low in _RELATIVES and (low != "that" or toks[j - 1].pos_ in ("NOUN", "PROPN"))
        if is_relative:
            if relative:
                return toks[:j]
            relative = True
            continue
        if _reason_adjunct(toks, j):
            return _trim_dangling(toks[:j])
    return _trim_dangling(toks)


def _trim_dangling(toks: list) -> list:
    """Drop words left dangling at the end of a cut description: a relative pronoun, a
    conjunction or a preposition ('a police officer who' from 'a police officer who, fearing
    reprisals, ...'), so the description reads as a noun phrase."""
    while len(toks) > 1 and (
        toks[-1].lower_ in _RELATIVES
        or toks[-1].pos_ in ("CCONJ", "SCONJ", "ADP", "PUNCT", "SPACE")
        or toks[-1].tag_ == "TO"
    ):
        toks = toks[:-1]
    return toks


def compatible(ref: Referent, gender: str) -> bool:
    """True when ``ref`` may be referred to by a pronoun of ``gender`` ('' = any)."""
    return not gender or not ref.gender or ref.gender == gender


def same_name(a: str, b: str) -> bool:
    """Accent- and case-insensitive equality of two names."""
    return fold(a) == fold(b)
