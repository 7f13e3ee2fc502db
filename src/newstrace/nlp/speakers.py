"""Speaker referents: who a mention of a speaker stands for (person, role, pronoun or description).

A speaker mention becomes a :class:`Referent`: a named person under the article's canonical
name, or a description of an unnamed one ("an official involved in the talks"). Role nouns
("the minister") map to the person the article names in that role (apposition "the minister
for ports, Halvard Ostby", title "Fisheries Minister Agneta Lund", or "librarian Otto
Brennan"); pronouns resolve to the most salient earlier referent of compatible gender: the
subject of the nearest earlier sentence, or the speaker of its quotation (a simplified
Hobbs/centering preference for subjects and recency).

A speaker's name is the person's, without titles ("Lt. Col. Ada Lund" -> "Ada Lund": the schema's
``Quote`` has no title field, so the title is left out; see :func:`speaker_name`). A surname alone
is read through the article's earlier full-name mentions before the NER label is trusted
("Tamsin Paris ... Paris said": the person, not the city), see :class:`MentionIndex`. A name
before a role and another name is the second person's employer, never the speaker ('said
Atlantica chief executive Helena Marques': :meth:`MentionIndex.names_employer`), and a surname
alone that a role names as a speaker is a person ('said Atlantica chief executive Marques').
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from spacy.tokens import Doc

from newstrace.nlp.cues import (
    NON_PERSON_HEADS,
    OFFICE_TITLES,
    RELATIVE_WORDS,
    ROLE_TITLE_NOUNS,
    SPEAKER_PRONOUNS,
    SUBJECT_PRONOUNS,
    TITLE_ABBREVIATIONS,
    TITLE_QUALIFIERS,
    beside_cue,
    gender_of_word,
    is_cue,
    is_finite_verb,
    is_person_noun,
    is_plural_person_noun,
    is_trade_word,
    who_after,
)
from newstrace.nlp.entities import NON_PERSON_WORDS, TITLES, fold
from newstrace.schema import Entity

_POSSESSIVE = {"'s", "’s", "'", "’"}
#: Prepositions completing a person noun ('a spokeswoman for the operator', 'a member of the crew').
NP_PREPOSITIONS = frozenset({"for", "of", "at", "from", "with", "in", "on"})
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

#: Titles, ranks and offices before a person's name (lower case, no point).
TITLE_WORDS = TITLES | TITLE_ABBREVIATIONS | OFFICE_TITLES
#: Titles that are also given names ("Dean Smith", "Major Garrett"): left on a name that would
#: otherwise be a surname alone.
_NAME_LIKE_TITLES = frozenset(
    {"dean", "king", "major", "judge", "earl", "duke", "prince", "marshal", "bishop"}
)
#: First words of place and organisation names, never a given name ("North Camden", "Port Calder").
_PLACE_PREFIXES = frozenset(
    {
        *("new", "north", "south", "east", "west", "upper", "lower", "greater", "great", "little", "old"),
        *("saint", "st", "san", "santa", "fort", "lake", "mount", "port", "cape", "el", "los", "las"),
        *("la", "le", "central", "royal", "national", "united", "air", "real", "inter", "club", "team"),
    }
)
#: NER labels of words that are no part of a name read without context ('Miami Tuesday', 'White America').
_NOT_NAME_LABELS = frozenset({"DATE", "TIME", "NORP", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})


def _is_title_word(word: str) -> bool:
    return word.rstrip(".").casefold() in TITLE_WORDS


def speaker_name(name: str) -> str:
    """A person's name without the titles, ranks and offices before it.

    "Prime Minister Ada Lund", "Sen. Ada Lund", "Lt. Col. Ada Lund", "Secretary of State Ada Lund"
    and "CEO Ada Lund" all give "Ada Lund"; "Assemblywoman Lund" gives "Lund". A title that is also
    a given name stays when only a surname would remain ("Dean Smith", "Major Garrett"). Titles
    are :data:`TITLE_WORDS`; the words qualifying them (:data:`newstrace.nlp.cues.TITLE_QUALIFIERS`:
    "Prime", "Foreign", "of State") go with them, and on their own only while two words remain.
    A longer job title that ends in a role noun goes too while two name words remain ("Senior
    Investigative Correspondent Ada Lund"), and so does a trade before the name, capitalised at a
    sentence start ("Beekeeper Ada Lund", :func:`newstrace.nlp.cues.is_trade_word`).

    Args:
        name: a person's name as the article or the entity stage gives it.

    Returns:
        The name from its first word that is neither a title nor a title's qualifier.
    """
    words = name.split()
    k = 0
    titled = False
    while k < len(words) - 1:
        w = words[k].rstrip(".").casefold()
        title = w in TITLE_WORDS
        if not (title or w in TITLE_QUALIFIERS) or (w in {"of", "the", "for"} and not titled):
            break
        if len(words) - k - 1 < 2 and not (titled or title and w not in _NAME_LIKE_TITLES):
            break
        titled = titled or title
        k += 1
    # a longer job title ending in a role noun: 'Former Clinton Senior Adviser Sidney Blumenthal'
    for j in range(len(words) - 3, k - 1, -1):
        w = words[j].rstrip(".").casefold()
        if (w in TITLE_WORDS or is_trade_word(w) or w in ROLE_TITLE_NOUNS) and all(
            x[:1].isupper() for x in words[k:j]
        ):
            return " ".join(words[j + 1 :])
    return " ".join(words[k:])


#: Words that make a role noun a new, indefinite holder of the role ("a", "another", "a second").
_INDEFINITE = frozenset(["a", "an", "another", "second", "third", "other"])


@dataclass
class _Person:
    """A person mention of the article: its character offsets and the title-free full name."""

    start: int
    end: int
    canonical: str


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
        self.person_at: dict[int, _Person] = {}  # token index -> person mention
        self.persons: list[tuple[int, int, _Person]] = []  # (first token, end token, mention)
        found: list[tuple[int, int, str]] = []  # (first token, end token, name)
        for ent in entities:
            if ent.label != "PERSON":
                continue
            span = doc.char_span(ent.start, ent.end, alignment_mode="expand")
            if span is None or self._title_only(span.start, span.end):
                continue  # 'Det' of 'Det. Sgt. Ada Lund' tagged as a person of its own
            found.append((span.start, span.end, speaker_name(ent.canonical)))
        taken = {i for s, e, _ in found for i in range(s, e)}
        found += self._untyped_full_names(taken)
        self._full: dict[str, list[tuple[int, str]]] = {}  # folded surname -> [(offset, full name)]
        for s, _, name in sorted(found):
            if len(name.split()) > 1:
                self._full.setdefault(fold(name.split()[-1]), []).append((doc[s].idx, name))
        taken = {i for s, e, _ in found for i in range(s, e)}
        found += self._surname_mentions(taken)
        taken = {i for s, e, _ in found for i in range(s, e)}
        found += self._lone_role_names(taken)
        for s, e, name in sorted(found):
            if len(name.split()) == 1:
                name = self.full_name(name, doc[s].idx) or name
            mention = _Person(doc[s].idx, doc[e - 1].idx + len(doc[e - 1]), name)
            self.persons.append((s, e, mention))
            for i in range(s, e):
                self.person_at[i] = mention
        self.roles: list[tuple[int, str, str]] = []  # (char offset, role noun, canonical)
        self.gender: dict[str, str] = {}
        self._learn_roles_and_genders()
        self.unnamed_roles: list[tuple[int, str]] = self._unnamed_role_mentions()  # (char offset, role noun)

    # -- full names and surnames -----------------------------------------------------------
    def _title_only(self, s: int, e: int) -> bool:
        """The tokens ``[s, e)`` are title words only, with a capitalised word after them (a title
        the NER tagged as a person apart from the name it heads: 'Brig' of 'Brig. Gen. Ada Lund')."""
        doc = self.doc
        if not all(_is_title_word(t.text) or t.text == "." for t in doc[s:e]):
            return False
        k = e
        while k < len(doc) and doc[k].text == ".":
            k += 1
        return k < len(doc) and doc[k].text[:1].isupper()

    def _name_runs(self, taken: set[int]) -> list[tuple[int, int, int]]:
        """Runs of capitalised words outside ``taken`` as (first token, first name token, end):
        leading titles ("Councillor", "Lt", ".") are kept apart from the name words."""
        doc = self.doc
        runs = []
        i = 0
        while i < len(doc):
            if i in taken or not _capitalised(doc[i]):
                i += 1
                continue
            e = i + 1
            while e < len(doc) and e not in taken:
                t = doc[e]
                # a title's point ('Lt', '.'); a hyphen inside a name ('Lindqvist-Orme')
                point = t.text == "." and not doc[e - 1].whitespace_ and _is_title_word(doc[e - 1].text)
                hyphen = t.text == "-" and not doc[e - 1].whitespace_ and not t.whitespace_
                if _capitalised(t) or point or (hyphen and e + 1 < len(doc) and _capitalised(doc[e + 1])):
                    e += 1
                    continue
                break
            n = i
            while n < e - 1 and (_is_title_word(doc[n].text) or doc[n].text == "."):
                n += 1
            if n == i and self._after_title_of(i):
                while n < e - 1 and doc[n].lower_ in TITLE_QUALIFIERS:
                    n += 1  # 'Secretary of | State Ada Lund': the title's complement
            runs.append((i, n, e))
            i = e
        return runs

    def _after_title_of(self, i: int) -> bool:
        """Token ``i`` follows a title and "of" ('Secretary of State', 'Chancellor of the Exchequer')."""
        doc = self.doc
        k = i - 1
        if k >= 0 and doc[k].lower_ == "the":
            k -= 1
        return k >= 1 and doc[k].lower_ == "of" and _is_title_word(doc[k - 1].text)

    def _person_context(self, s: int, n: int, e: int) -> bool:
        """Whether the article's words around a capitalised run call it a person: a title (perhaps one
        token with its point, "Rev.") or a role noun before it ("Councillor Edda Church", "official Tamsin Paris", "the mayor, Tamsin
        Paris"), an apposition, age or "who" after it ("Graham Young, a farmer,", "..., 54,"), or a
        speech verb next to it ('said Meenakshi Ganguly of ...', "Twitter's Adam Sharp said"). Not
        after a determiner, preposition or conjunction ('the Chicago Tribune reports', 'Institute
        for Science and International Security wrote')."""
        doc = self.doc
        if n > s:
            return True
        prev = doc[s - 1] if s > 0 else None
        nxt = doc[e] if e < len(doc) else None
        if prev is not None and prev.text.endswith(".") and _is_title_word(prev.text):
            return True  # a title kept with its point as one token: 'the Rev. Agnes Fell', 'Dr. Lund'

        if prev is not None and prev.pos_ in ("DET", "ADP", "CCONJ"):
            # 'the Chicago Tribune reports', 'Board on Professional Responsibility says': no person's name
            return False
        if prev is not None and prev.pos_ == "NOUN" and prev.text.islower() and is_person_noun(prev.lower_):
            return True
        if prev is not None and prev.text == ",":
            window = doc[max(0, s - 6) : s - 1]
            if any(t.pos_ == "NOUN" and t.text.islower() and is_person_noun(t.lower_) for t in window):
                return True
        if beside_cue(doc, s, e):
            return True
        if nxt is not None and nxt.text == "," and e + 1 < len(doc):
            after = doc[e + 1]
            if after.lower_ in {"who", "whom"} or after.like_num:
                return True
            for t in doc[e + 1 : e + 6]:
                if t.pos_ not in ("DET", "ADJ", "NOUN", "PROPN", "PRON") or t.text == ",":
                    break
                if t.pos_ == "NOUN" and t.text.islower():
                    return is_person_noun(t.lower_)
        return False

    def _untyped_full_names(self, taken: set[int]) -> list[tuple[int, int, str]]:
        """Full names the NER typed otherwise or missed ("Tamsin Paris" as a place, "Councillor Edda
        Church" as an organisation): two or three capitalised name words, the first no place word,
        that the words around them call a person (:meth:`_person_context`). A last word that names
        places or bodies ("Church", "Hall") needs a title or role before it or an apposition after.
        A run with no such words around it ('chaired by Walter Church') is a person when its last
        word alone later speaks ('"...," Church said'): the surname's speech calls it one.

        Returns:
            ``(first token, end token, name)`` of each such mention (the title included in the
            tokens, not in the name).
        """
        doc = self.doc
        runs = self._name_runs(taken)
        speaks = self._speaking_surnames(runs)
        out = []
        for s, n, e in runs:
            words = [t for t in doc[n:e] if t.text != "-"]
            if not 2 <= len(words) <= 3 or any(not _name_word(t) for t in words):
                continue
            first = words[0].lower_
            if first in _PLACE_PREFIXES or first in NON_PERSON_WORDS or _is_title_word(first):
                continue
            if any(t.lower_ in NON_PERSON_WORDS for t in words[:-1]):
                continue
            if self._person_context(s, n, e):
                if words[-1].lower_ in NON_PERSON_WORDS and not (n > s or self._role_context(s, e)):
                    continue
            elif not self._plain_name(s, words) or speaks.get(fold(words[-1].text), -1) < e:
                continue
            out.append((s, e, speaker_name(doc[n:e].text)))
        return out

    def _plain_name(self, s: int, words: list) -> bool:
        """A run read as a name with nothing around it: proper nouns outside dates and nationality
        words ('Miami Tuesday', 'White America' are none), not after a determiner and after no
        preposition but 'by', 'to', 'with' ('chaired by Walter Church', 'spoke to Graham Hall')."""
        prev = self.doc[s - 1] if s > 0 else None
        if prev is not None and (
            prev.pos_ == "DET" or prev.pos_ == "ADP" and prev.lower_ not in {"by", "to", "with"}
        ):
            return False
        return all(t.pos_ == "PROPN" and t.ent_type_ not in _NOT_NAME_LABELS for t in words)

    def _speaking_surnames(self, runs: list[tuple[int, int, int]]) -> dict[str, int]:
        """Folded words that stand alone (perhaps after a title) before a speech verb or after
        "according to" ('Church said', 'according to Church'), or after an inverted cue with "who"
        after it ('said Church, who ...'; not 'said Tuesday'), each with the token index of its
        last such mention."""
        doc = self.doc
        out: dict[str, int] = {}
        for s, n, e in runs:
            if e - n != 1:
                continue
            nxt = doc[e] if e < len(doc) else None
            before_cue = nxt is not None and is_cue(nxt) and is_finite_verb(nxt)
            according = s > 1 and doc[s - 2].lower_ == "according" and doc[s - 1].lower_ == "to"
            # 'said Church, who ...': inverted, with a relative clause only a person takes, or with
            # a role in apposition ('said Marques, Atlantica's chief executive')
            inverted = s > 0 and is_cue(doc[s - 1]) and (who_after(doc, e) or self._role_context(s, e))
            if before_cue or according or inverted or self._role_after_cue(s, e) or self._role_then_cue(e):
                out[fold(doc[n].text)] = n
        return out

    def _role_after_cue(self, s: int, e: int) -> bool:
        """The word ``doc[s:e]`` closes an inverted attribution after a role noun: a speech verb,
        lower-case or capitalised words up to a role noun or title, the word, and the end of the
        clause ('said Atlantica chief executive Marques.', 'said harbour master Barroso,')."""
        doc = self.doc
        if s == 0 or e < len(doc) and doc[e].text not in {".", ",", ";", "!", "?"}:
            return False
        role = doc[s - 1]
        if not (role.text.isalpha() and role.text.islower()):
            return False
        if not (is_person_noun(role.lower_) or _is_title_word(role.text)):
            return False
        k = s - 2
        while k >= 0 and k > s - 7 and doc[k].is_alpha and not is_cue(doc[k]):
            k -= 1
        return k >= 0 and is_cue(doc[k])

    def _role_then_cue(self, e: int) -> bool:
        """A role in apposition and a speech verb follow token ``e``: ', Atlantica's chief
        executive, said' (up to eight words between the commas, a lower-case role noun among them)."""
        doc = self.doc
        if e >= len(doc) or doc[e].text != ",":
            return False
        k = e + 1
        while k < len(doc) and k < e + 9 and doc[k].text != "," and not is_finite_verb(doc[k]):
            k += 1
        if k + 1 >= len(doc) or doc[k].text != "," or not (is_cue(doc[k + 1]) and is_finite_verb(doc[k + 1])):
            return False
        return any(t.pos_ == "NOUN" and t.text.islower() and is_person_noun(t.lower_) for t in doc[e + 1 : k])

    def _role_context(self, s: int, e: int) -> bool:
        """A role noun right before the run or an apposition headed by one after it."""
        doc = self.doc
        prev = doc[s - 1] if s > 0 else None
        if prev is not None and prev.pos_ == "NOUN" and prev.text.islower() and is_person_noun(prev.lower_):
            return True
        if e + 1 < len(doc) and doc[e].text == ",":
            for t in doc[e + 1 : e + 6]:
                if t.pos_ == "NOUN" and t.text.islower():
                    return is_person_noun(t.lower_)
        return False

    def _surname_mentions(self, taken: set[int]) -> list[tuple[int, int, str]]:
        """Mentions of a person by the last word of a full name given earlier, whatever the NER made
        of them ("Paris said" after "official Tamsin Paris"; "Councillor Church" after "Councillor
        Edda Church"): a capitalised run whose name words spell that surname, not after a
        preposition or determiner and not before a noun ("in Paris", "the Paris office").

        Returns:
            ``(first token, end token, surname)`` of each such mention (a leading title in its tokens).
        """
        doc = self.doc
        if not self._full:
            return []
        surnames = self._full.keys()
        out = []
        for s, n, e in self._name_runs(taken):
            if n >= e or fold(doc[n:e].text) not in surnames:
                continue
            if any(t.is_stop and not t.ent_type_ for t in doc[n:e]):
                continue  # a function word that spells a surname ('May' as a modal, 'Will')
            prev = doc[s - 1] if s > 0 else None
            nxt = doc[e] if e < len(doc) else None
            if n == s and prev is not None and (prev.pos_ in ("ADP", "DET") or prev.tag_ == "PRP$"):
                continue  # 'in Paris', 'the Paris': a place; not after a title ('Secretary of State Lund')
            if nxt is not None and nxt.pos_ in ("NOUN", "PROPN") and nxt.text not in {"'s", "’s"}:
                continue
            name = doc[n:e].text
            if self.full_name(name, doc[s].idx) is None:
                continue
            out.append((s, e, name))
        return out

    def _lone_role_names(self, taken: set[int]) -> list[tuple[int, int, str]]:
        """A surname the article gives no full name for, named as a speaker by its role: after a
        role noun or title in an attribution ('said Atlantica chief executive Marques', 'harbour
        master Barroso said') or with a role in apposition next to a speech verb ('said Marques,
        Atlantica's chief executive', 'Marques, Atlantica's chief executive, said'). The NER
        tags no such lone word (it may even tag it a plural noun).

        Returns:
            ``(first token, end token, surname)`` of each such mention; words the NER typed as
            anything but a person, title words and organisation or place words are left out.
        """
        doc = self.doc
        out = []
        for s, n, e in self._name_runs(taken):
            if e - n != 1:
                continue
            word = doc[n]
            if (
                word.ent_type_ not in ("", "PERSON")
                or word.lower_ in NON_PERSON_WORDS
                or _is_title_word(word.text)
                or is_cue(word)
                or len(word.text) < 2
            ):
                continue
            prev = doc[s - 1] if s > 0 else None
            role_before = n > s or (
                prev is not None
                and prev.text.isalpha()
                and prev.text.islower()
                and (is_person_noun(prev.lower_) or _is_title_word(prev.text))
            )
            nxt = doc[e] if e < len(doc) else None
            before_cue = nxt is not None and is_cue(nxt) and is_finite_verb(nxt)
            opens = prev is None or prev.is_punct or prev.is_space
            if (
                (role_before and (before_cue or self._role_after_cue(s, e)))
                or (prev is not None and is_cue(prev) and self._role_context(s, e))
                or (opens and self._role_then_cue(e))
            ):
                out.append((s, e, word.text))
        return out

    def full_name(self, surname: str, before: int) -> str | None:
        """The full name, mentioned before offset ``before``, that ends with ``surname`` (the latest
        such mention; compared accent- and case-insensitively), or ``None``."""
        mentions = self._full.get(fold(surname), [])
        k = bisect_left(mentions, (before, ""))
        return mentions[k - 1][1] if k else None

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
            # A common noun right before the name ("librarian Otto Brennan"), also one tagged as a
            # verb ("harbourmaster Ivo Brenn")
            if s > 0 and (doc[s - 1].pos_ == "NOUN" or self.is_role_before_name(s - 1)):
                roles.append(doc[s - 1].lower_)
            # Apposition before: "The minister for ports, Halvard Ostby".
            if s > 1 and doc[s - 1].text == ",":
                head = self._appositive_head(self._clause_start(s - 1), s - 1)
                if head:
                    roles.append(head)
                roles += _age_roles(doc[self._clause_start(s - 1) : s - 1].text)  # 'A 17-year-old lifeguard, Noor Haddad'
            elif s > 0:
                roles += _age_roles(doc[max(0, s - 4) : s].text)  # 'the 17-year-old Noor Haddad'
            # Apposition after: "Renata Villiers, regional director, ..."; not an adjunct ("Lund,
            # through a spokeswoman, declined": the spokeswoman is someone else)
            if e + 2 < len(doc) and doc[e].text == "," and doc[e + 1].like_num and doc[e + 2].text == ",":
                roles += _age_roles(f"{doc[e + 1].text}-year-old")  # 'Ingrid Solvang, 46, runs a bakery'
            if e < len(doc) - 1 and doc[e].text == "," and doc[e + 1].pos_ not in ("ADP", "SCONJ", "ADV") \
                    and not closes_opening_phrase(doc, e):
                k = e + 1
                stop = k
                while (
                    stop < len(doc)
                    and stop - k < 8
                    and doc[stop].text not in {",", ".", ";", ":"}
                    and not is_finite_verb(doc[stop])
                ):
                    stop += 1
                head = self.first_np_head(k, stop)
                if head and (stop >= len(doc) or doc[stop].text in {",", "."}):
                    roles.append(head)
                    roles += _age_roles(doc[k:stop].text)  # 'Noor Haddad, a 17-year-old lifeguard,'
            for role in roles:
                self.roles.append((ent.start, role, canon))
                g = gender_of_word(role)
                if g and canon not in self.gender:
                    self.gender[canon] = g
            # "X and his sister Y", "X with her nephew": a possessive pronoun right after X and "and"
            # or "with" is X's (not after a verb: 'Trump called her plan'; nor in apposition: 'Lund,
            # her deputy' is someone else's)
            if e + 1 < len(doc) and doc[e].lower_ in ("and", "with") and doc[e + 1].tag_ == "PRP$":
                g = {"his": "m", "her": "f"}.get(doc[e + 1].lower_, "")
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
        the last noun phrase headed by a person noun ("... with her nephew, Jonah Pike"), not
        one inside a prepositional phrase after another ("A spokesman for the regulator, Ivan
        Petrov": the spokesman), else the first ("The minister for ports, Halvard Ostby")."""
        doc = self.doc
        starts = [a] + [
            i for i in range(a + 1, b) if doc[i].tag_ in ("DT", "PRP$") or doc[i - 1].text in _POSSESSIVE
        ]
        found = [(i, h) for i, h in ((i, self.first_np_head(i, b)) for i in starts) if h]
        heads = [h for _, h in found]
        people: list[str] = []
        for i, h in found:
            # the object of a preposition after a person noun modifies it: 'A spokesman for the
            # regulator, Ivan Petrov' is the spokesman ('with her nephew, Jonah Pike' stays the nephew)
            if is_person_noun(h) and not (people and doc[i - 1].pos_ == "ADP"):
                people.append(h)
        if people:
            return people[-1]
        return heads[0] if heads else None

    def first_np_head(self, a: int, b: int) -> str | None:
        """Head of the first noun run in tokens ``[a, b)``, skipping possessors ("the developer's agent")."""
        doc = self.doc
        i = a
        head = None
        while i < b:
            t = doc[i]
            if _in_hyphenated_modifier(doc, i, a, b):
                i += 1  # 'a 34-year-old nurse', 'the left-leaning newspaper': a modifier of the head after it
                continue
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
            if t.pos_ in ("VERB", "AUX") and not (i - 2 >= a and hyphen_joined(doc, i - 2)):
                break  # not 'based' of 'a London-based analyst': a compound modifier
            i += 1
        return head

    def role_person(self, role: str, before: int) -> str | None:
        """Canonical name of the person last introduced in ``role`` before offset ``before``; None when
        another, unnamed holder of the role came in after it ("A second spokeswoman, for the grid
        operator, declined to comment. Later, the spokeswoman said": not the named one)."""
        found, at = None, -1
        for pos, r, canon in self.roles:
            if pos >= before:
                break
            if r == role:
                found, at = canon, pos
        if found and any(r == role and at < pos < before for pos, r in self.unnamed_roles):
            return None
        return found

    def _unnamed_role_mentions(self) -> list[tuple[int, str]]:
        """Indefinite mentions of a learnt role noun that name nobody: "a second spokeswoman", "another
        official", not in apposition to a person ("Liv Berg, a spokeswoman for ...", "a spokeswoman,
        Liv Berg,") nor before a name ("a spokeswoman Liv Berg")."""
        doc, learnt = self.doc, {r for _, r, _ in self.roles}
        out = []
        for t in doc:
            if t.lower_ not in learnt or t.pos_ != "NOUN" or t.i in self.person_at:
                continue
            before = [doc[k].lower_ for k in range(max(0, t.i - 3), t.i)]
            if not any(w in _INDEFINITE for w in before):
                continue
            # apposition to a person before it: "NAME, a spokeswoman ..." (the determiner follows a comma)
            first = next((k for k in range(max(0, t.i - 3), t.i) if doc[k].lower_ in _INDEFINITE), t.i)
            if first >= 2 and doc[first - 1].text == "," and (first - 2) in self.person_at:
                continue
            # a name after it, directly or after a comma within a few words: "a spokeswoman, Liv Berg,"
            after = range(t.i + 1, min(len(doc), t.i + 6))
            if any(k in self.person_at for k in after if not any(doc[m].text in {".", ";"} for m in range(t.i + 1, k))):
                continue
            out.append((t.idx, t.lower_))
        return out

    # -- referents -----------------------------------------------------------------------
    def person_referent(self, i: int) -> Referent:
        """Referent of the person mention covering token ``i`` (its title-free full name)."""
        ent = self.person_at[i]
        return Referent(
            ent.canonical, False, ent.start, ent.end, person=True, gender=self.gender.get(ent.canonical, "")
        )

    def is_verb(self, i: int) -> bool:
        """Token ``i`` is a finite verb and not part of a person's name ('May' of 'Ada May said'),
        nor a role noun the small model tagged as a verb before a name ('harbourmaster Ivo Brenn':
        :meth:`is_role_before_name`)."""
        return i not in self.person_at and is_finite_verb(self.doc[i]) and not self.is_role_before_name(i)

    def is_role_before_name(self, i: int) -> bool:
        """Token ``i`` is a lower-case role noun right before a person's name, whatever its tag.

        The small model tags an unfamiliar role noun before a name as a verb ('"...,"
        harbourmaster Ivo Brenn said': ``harbourmaster`` VBP), which reads as a new clause and
        loses the speaker. A verb cannot stand there: the word opens its phrase (after a
        punctuation mark, a determiner or an adjective, or at the start) and a name follows it,
        so a verb with a subject before it ('they remember Ivo Brenn') is not taken.

        Args:
            i: token index in :attr:`doc`.

        Returns:
            True for a role noun (:func:`~newstrace.nlp.cues.is_person_noun`) in that place.
        """
        doc = self.doc
        t = doc[i]
        if not (t.text.isalpha() and t.text.islower() and is_person_noun(t.text)):
            return False
        run = self._person_run(i + 1) if i + 1 < len(doc) and i + 1 in self.person_at else None
        if run is None or run[0] != i + 1:
            return False
        k = i - 1
        while k >= 0 and doc[k].is_space:
            k -= 1
        return k < 0 or doc[k].is_punct or doc[k].pos_ in ("DET", "ADJ")

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
            if self._modifies_noun(run):
                continue  # 'the treasurer of the Wexcombe rowing club': a name used as a modifier
            if self.names_employer(run):
                continue  # 'said Atlantica chief executive Helena Marques': she speaks, not Atlantica
            if run[0] > tokens[0] and self.preposition_before(run[0], tokens[0]) is not None:
                if allow_object and object_person is None:
                    object_person = i
                continue
            return self.person_referent(i)
        if object_person is not None:
            return self.person_referent(object_person)
        for i in tokens:
            low = doc[i].lower_
            if low in RELATIVE_WORDS or is_finite_verb(doc[i]):
                break  # a pronoun inside a relative clause is not the speaker
            if low in SUBJECT_PRONOUNS and doc[i].tag_ != "PRP$":
                if low in ("i", "we"):
                    return None
                return self.pronoun_referent(i)
        if not allow_description:
            return None
        return self.description(tokens)

    def names_employer(self, run: tuple[int, int]) -> bool:
        """The mention stands before a lower-case role phrase and another person's name: it names
        who that person works for ('Atlantica chief executive Helena Marques', 'Valdora harbour
        master Ines Barroso', 'Trump adviser Kellyanne Conway'), so the name after the role speaks.

        The small model often types such an organisation as a person (and the name after it as an
        organisation); the shape holds either way: the capitalised words premodify the role noun,
        and the name after the role is the person the phrase is about.

        Args:
            run: ``(first token, end token)`` of a person mention of :attr:`persons`.

        Returns:
            True when one to three lower-case nouns or adjectives follow, the last a role noun or
            a title (:func:`~newstrace.nlp.cues.is_person_noun`, :data:`TITLE_WORDS`), and another
            person mention starts right after them.
        """
        doc = self.doc
        k = run[1]
        while (
            k < len(doc)
            and k < run[1] + 3
            and doc[k].is_alpha
            and doc[k].text.islower()
            and (
                doc[k].pos_ in ("NOUN", "ADJ", "PROPN")
                or doc[k].tag_ in ("VB", "VBP")
                or is_person_noun(doc[k].text)
            )
        ):
            # nouns and adjectives, whatever the small model tags them ('harbour' PROPN, a noun as
            # a base-form verb); no verb in the past or third person ('Quennell asked the pilot Lyngvik')
            k += 1
        if k == run[1] or k >= len(doc) or k not in self.person_at:
            return False
        last = doc[k - 1].text
        nxt = self._person_run(k)
        return (
            (is_person_noun(last) or _is_title_word(last))
            and not is_cue(doc[k - 1])
            and nxt is not None
            and nxt[0] == k
            and nxt != run
        )

    def _modifies_noun(self, run: tuple[int, int]) -> bool:
        """The mention stands before a lower-case common noun that it modifies ('the Wexcombe rowing
        club', 'the Lund family'): no person speaks there (a speech verb after it is no noun)."""
        e = run[1]
        nxt = self.doc[e] if e < len(self.doc) else None
        return (
            nxt is not None
            and nxt.pos_ == "NOUN"
            and nxt.text.islower()
            and not is_cue(nxt)
            and run[0] > 0
            and self.doc[run[0] - 1].pos_ == "DET"
        )

    def preposition_before(self, s: int, first: int) -> int | None:
        """Index of the preposition that token ``s`` follows, perhaps across a determiner,
        adjectives and titles ('of the Wexcombe ...', 'for Mayor Ada Lund'), looking no further
        back than token ``first``; ``None`` when there is none."""
        doc = self.doc
        j = s - 1
        while j > first and (doc[j].pos_ in ("DET", "ADJ") or _is_title_word(doc[j].text)):
            j -= 1
        return j if j >= first and doc[j].pos_ == "ADP" else None

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
        head = self.first_np_head(toks[0].i, toks[-1].i + 1) or nouns[0].lower_
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
        capitalised = all(t.text[:1].isupper() or t.text in {"-", "'s", "’s", "."} for t in toks)
        if capitalised:
            name = speaker_name(text)
            full = self.full_name(name, start) if len(name.split()) == 1 else None
            if full is not None:
                # a surname the NER typed as a place or body ('Paris' of 'Tamsin Paris'): the person
                return Referent(full, False, start, end, person=True, gender=self.gender.get(full, ""))
        if capitalised and len(toks) >= 3 and is_trade_word(toks[0].text) and toks[0].is_sent_start:
            name = speaker_name(text)
            if name != text and not any(t.lower_ in NON_PERSON_WORDS for t in toks):
                # 'Beekeeper Ada Lund' opening a sentence, typed as an organisation: a trade and a name
                return Referent(name, False, start, end)
        if (
            any(t.ent_type_ in ("ORG", "GPE", "NORP") for t in toks)
            and head not in {"official", "spokesman", "spokeswoman", "spokesperson"}
            and not any(t.pos_ == "NOUN" and t.ent_type_ == "" for t in toks)
        ):
            return Referent(text, False, start, end)
        if head in NON_PERSON_HEADS:
            return Referent(text, False, start, end)
        capitalised_common = bool(toks[0].is_sent_start) and all(t.pos_ == "NOUN" for t in toks)
        if capitalised and not capitalised_common:
            # a name the NER missed: named, not described ('Critics' opening a sentence is a common
            # noun), without its titles ('Sen. Ada Lund')
            return Referent(speaker_name(text), False, start, end)
        lemma = next((t.lemma_.lower() for t in toks if t.lower_ == head), head)
        if _AGE_AS_NOUN.search(text) and len(toks) <= 8:
            # 'the 34-year-old said': an age standing for the person, the one the article gave that age
            canon = self.role_person(_age_roles(text)[0], start) if definite else None
            if canon:
                return Referent(canon, False, start, end, person=True, gender=self.gender.get(canon, ""))
            return Referent(text, True, start, end)
        if not (is_person_noun(head) or is_person_noun(lemma) or is_plural_person_noun(head)) or len(toks) > 30:
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
        first_verb = next((j for j, i in enumerate(tokens) if self.is_verb(i)), None)
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
            if doc[i].lower_ in {"who", "that"} and np and doc[np[-1]].pos_ == "NOUN":
                break  # 'A worker who was on the night shift described ...': the worker
            np.append(i)
        if (
            np
            and doc[np[0]].pos_ in ("DET", "NOUN", "ADJ", "PROPN", "PRON")
            and not any(
                doc[i].pos_ == "ADP" and not self._completes_person_noun(i)
                or doc[i].lower_ in {"who", "that", "which"}
                for i in np[:3]
            )
        ):
            ref = self.description(self._with_aside_complement(region, np))
            if (
                ref is not None
                and (
                    ref.unnamed
                    # a surname the tagger took for a common noun ('Sanders, meanwhile, ...')
                    or ref.person
                    and all(doc[i].text[:1].isupper() for i in np)
                    or all(doc[i].pos_ == "PROPN" and doc[i].text[:1].isupper() for i in np)
                )
            ):
                return ref  # a described person, or a name the NER did not tag
        return None

    def _completes_person_noun(self, i: int) -> bool:
        """Token ``i`` is a preposition that completes the person noun before it ('a spokesman
        | for the fire service', 'a member | of the crew'), perhaps across a comma."""
        doc = self.doc
        k = i - 1 if i > 0 and doc[i - 1].text != "," else i - 2
        return (
            k >= 0
            and doc[i].lower_ in NP_PREPOSITIONS
            and doc[k].pos_ == "NOUN"
            and is_person_noun(doc[k].lower_)
        )

    def _with_aside_complement(self, region: list[int], np: list[int]) -> list[int]:
        """``np`` extended over a complement of its person noun set off by commas ('A different
        spokesman, for the fire service, said ...'): the description keeps it, as it keeps one
        without commas ('a spokeswoman for the fire service').

        Args:
            region: the sentence's token indices before its first finite verb.
            np: the noun-phrase run that opens ``region``, cut at the comma.

        Returns:
            ``np``, or ``np`` with the comma and the prepositional phrase up to the closing comma.
        """
        doc = self.doc
        pos = len(np)
        if pos + 1 >= len(region) or doc[region[pos]].text != ",":
            return np
        if not self._completes_person_noun(region[pos + 1]):
            return np
        m = pos + 2
        while m < len(region) and doc[region[m]].pos_ in ("DET", "ADJ", "NOUN", "PROPN", "NUM"):
            m += 1
        if m == pos + 2 or m >= len(region) or doc[region[m]].text != ",":
            return np  # not an aside closed by a comma
        return np + region[pos:m]

    def nearest_person_before(
        self, char: int, gender: str = "", exclude: Collection[str] = ()
    ) -> Referent | None:
        """The closest earlier person mention (not a possessor, not named in ``exclude``) of
        compatible gender."""
        for s, e, ent in reversed(self.persons):
            if ent.end > char or ent.canonical in exclude:
                continue
            if self.is_possessive_person((s, e)) or self.names_employer((s, e)):
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
    if low in {"as", "since"} and nxt in SUBJECT_PRONOUNS:
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


def closes_opening_phrase(doc: Doc, i: int, first: int = 0) -> bool:
    """The comma at token ``i`` closes a sentence's opening adverbial ('On Monday,', 'After a
    meeting with Karl Berg,', 'Late on Sunday,'): the words from the sentence start (or token
    ``first``) hold no comma and open with a preposition, a subordinator or an adverb. The words
    after the comma are then the sentence's subject, neither an aside nor an apposition to a name
    before the comma (adversarial tests: 'On Monday, the mayor, writing on Facebook, said' gave
    'Monday'; 'After a meeting with Karl Berg, the mayor, visibly tired, said' gave Karl Berg)."""
    k = i - 1
    while k > first and not doc[k].is_sent_start and doc[k - 1].text != "," and not doc[k - 1].is_space:
        k -= 1
    if k > first and doc[k - 1].text == ",":
        return False
    return doc[k].pos_ in ("ADP", "SCONJ", "ADV")


#: An age written as a noun phrase's last word ('the 34-year-old', 'a 52-year-old'): a person.
_AGE_AS_NOUN = re.compile(r"\b[\w]+[-‑]years?[-‑]old$")
_AGE = re.compile(r"\b(\w+)[-‑]years?[-‑]old\b")


def _age_roles(text: str) -> list[str]:
    """The ages a phrase gives as role keys ('A 17-year-old lifeguard' -> ``["age:17"]``), so that
    'the 17-year-old' later names the person introduced with that age (:meth:`SpeakerIndex.role_person`)."""
    return ["age:" + m.group(1).lower() for m in _AGE.finditer(text)]


#: Hyphens that join the words of a compound ('34-year-old', with a no-break hyphen too).
HYPHENS = frozenset({"-", "‑"})


def hyphen_joined(doc: Doc, x: int, hyphens: Collection[str] = HYPHENS) -> bool:
    """Tokens ``x`` and ``x + 2`` are joined by a hyphen at ``x + 1``, without spaces ('London-based')."""
    return x + 2 < len(doc) and doc[x + 1].text in hyphens and not doc[x].whitespace_ and not doc[x + 1].whitespace_


def _in_hyphenated_modifier(doc, i: int, a: int, b: int) -> bool:
    """Token ``i`` (inside ``[a, b)``) is joined by a hyphen, without spaces, to a word after it
    inside the span, or ends such a compound that a word follows ('34-year-old nurse', 'two-term
    mayor', 'London-based analyst'): part of a modifier of the noun after it, not the head."""
    if i + 2 < b and hyphen_joined(doc, i):
        return True
    if i - 2 >= a and hyphen_joined(doc, i - 2):
        return i + 1 < b and doc[i + 1].pos_ in ("NOUN", "PROPN", "ADJ")  # 'year' of '34-year-old nurse' too
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
        is_relative = low in RELATIVE_WORDS and (low != "that" or toks[j - 1].pos_ in ("NOUN", "PROPN"))
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
        toks[-1].lower_ in RELATIVE_WORDS
        or toks[-1].pos_ in ("CCONJ", "SCONJ", "ADP", "PUNCT", "SPACE")
        or toks[-1].tag_ == "TO"
    ):
        toks = toks[:-1]
    return toks


def _name_word(tok) -> bool:
    """A word of a person's name: a capitalised proper noun, not a function word ("In", "The" of a
    title-case headline) and not an acronym ("NHS")."""
    if not tok.is_alpha or tok.text.isupper() or not tok.text[:1].isupper():
        return False
    # in an entity a function word may be a name ('Tamsin May', tagged as a modal)
    return bool(tok.ent_type_) or tok.pos_ == "PROPN" and not tok.is_stop


def _capitalised(tok) -> bool:
    """A word that may be part of a name: capitalised letters, perhaps with an apostrophe ("O'Hare")."""
    return tok.text[:1].isupper() and tok.text.replace("'", "").replace("’", "").isalpha()


def compatible(ref: Referent, gender: str) -> bool:
    """True when ``ref`` may be referred to by a pronoun of ``gender`` ('' = any)."""
    return not gender or not ref.gender or ref.gender == gender


def same_name(a: str, b: str) -> bool:
    """Accent- and case-insensitive equality of two names."""
    return fold(a) == fold(b)
