"""Named entities with one canonical name per person within an article (title-free, accent-insensitive)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from spacy.tokens import Doc, Token

from newstrace.nlp.cues import (
    OFFICE_TITLES,
    PERSON_NOUNS,
    TITLE_ABBREVIATIONS,
    beside_cue,
    is_cue,
    is_person_noun,
    who_after,
)
from newstrace.nlp.parsing import ParsedText
from newstrace.schema import Entity

#: Titles, ranks, offices and honorifics that may stand before a person's name and are not
#: part of it ("Sergeant Jorge Torres" -> "Jorge Torres"). Lower case, without final dot.
TITLES = frozenset(
    """
    mr mrs ms miss mx dr doctor prof professor sir dame lord lady madam monsieur madame senor señor senora
    señora
    sergeant sgt corporal cpl private pvt lieutenant lt captain capt major maj colonel col general gen
    brigadier
    admiral adm commander cmdr marshal officer detective det inspector constable sheriff trooper agent
    president vice premier minister secretary senator sen representative rep reps congressman congresswoman
    governor gov mayor chancellor ambassador judge justice attorney king queen prince princess emperor empress
    pope cardinal bishop archbishop rev reverend father pastor rabbi imam sheikh ayatollah
    chairman chairwoman chair chief director commissioner councillor councilman councilwoman councilor
    prosecutor speaker leader spokesman spokeswoman spokesperson deputy superintendent
    coach dean owner grower librarian farmer nurse skipper
    president-elect ex-president
    """.split()
)

#: Words that mark a capitalised name as an organisation, place or work, never a person.
NON_PERSON_WORDS = frozenset(
    """
    inc corp corporation ltd llc plc co company companies group bank university college school academy council
    committee board party association union ministry department agency office institute foundation fund trust
    court street st road avenue ave ridge river lake mountain mount valley bridge hall house center centre
    church
    hospital clinic club league federation news press times post journal network airlines airways motors
    industries holdings partners capital defence defense police army navy force forces guard service services
    authority commission congress parliament senate assembly government state states republic kingdom city
    county province region district island islands bay port harbour harbor airport station square park
    market museum library theatre theater festival media tv radio channel magazine review gazette herald
    times daily weekly group systems technologies labs laboratories energy oil gas petroleum
    """.split()
)

#: A word with a dash glued before or after it ("-Venezuela" of "CARACAS -Venezuela's", "CARACAS-"
#: of "CARACAS- Venezuela", a dateline whose dash lost a space): a name's hyphen has no space on
#: either side and is a token of its own.
_STRAY_DASH = re.compile(r"^[-\u2013\u2014]\w|\w[-\u2013\u2014]$")

_PRONOUNS = frozenset("he she him her his hers they them their it its i me we us you".split())


def fold(text: str) -> str:
    """Accent- and case-insensitive key of a name: NFKD without combining marks, casefolded.

    >>> fold("Gómez") == fold("GOMEZ")
    True
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


_RELABEL = frozenset({"ORG", "PRODUCT", "WORK_OF_ART", "GPE", "LOC", "FAC", "NORP"})


#: Every title word a name may start with: :data:`TITLES` plus the abbreviations and offices quotation
#: attribution strips from speakers ("Brig.", "Supt.", "CEO", "Assemblywoman"), so an entity's
#: canonical name and a quote's speaker agree ("CEO Odile Vantongeren" was an entity name).
_ENTITY_TITLES = TITLES | TITLE_ABBREVIATIONS | OFFICE_TITLES


def _is_title(tok: Token) -> bool:
    return tok.text.rstrip(".").lower() in _ENTITY_TITLES and tok.text[:1].isupper()


def _name_words(text: str) -> list[str]:
    text = re.sub(r"['’]s$", "", text.strip())
    return [w for w in re.split(r"\s+", text) if w]


@dataclass
class _Cluster:
    words: list[str]  # folded words of the fullest name so far
    best: str  # fullest surface name so far (title-free)
    mentions: list[int] = field(default_factory=list)  # indices into the mention list


def _strip_title(doc: Doc, start: int, end: int) -> int:
    """Token index where the name proper starts within ``doc[start:end]`` (after the last title).

    Besides title words, a leading capitalised word goes when it completes a title outside
    the span ("Chief of [Staff] Howard Baker", "Chancellor of the [Exchequer] Nigel Lawson")
    or is a known role noun before a full name ("Treasurer Paul Keating"); the agentive-suffix
    guess of :func:`is_person_noun` is not used here, as given names end that way too ("Teodor").
    """
    name_start = start
    for i in range(start, end - 1):
        if _is_title(doc[i]) and doc[i + 1].text[:1].isupper():
            name_start = i + 1
    if end - name_start >= 3 and doc[name_start].text[:1].isupper():
        prev = [t.lower_ for t in doc[max(0, name_start - 2) : name_start]]
        if prev[-1:] == ["of"] or prev == ["of", "the"] or doc[name_start].lower_ in PERSON_NOUNS:
            name_start += 1
    return name_start


#: Prepositions joining an office to its domain in a title ("Minister of Interior", "Minister for
#: Regional Development"), the word order machine translation keeps from French or Italian.
_OFFICE_PREPOSITIONS = frozenset({"of", "for"})
#: Lower-case particles inside a name ("Ana de la Cruz", "Jan van Dijk").
_NAME_PARTICLES = frozenset("de del della di da dos das du la le van von der den bin al ter".split())


def _office_of_domain(doc: Doc, start: int, end: int) -> tuple[int, int] | None:
    """A person's name after an office written "<Title> of|for [the] <Domain>": "The Minister of
    Interior Paolo Sandri", "the Minister for Regional Development Ada Lund", "the Governor of the
    Province Ada Lund". The NER takes the domain for part of the name ("Interior Paolo Sandri") or
    leaves it out; either way the mention is the whole title and the name its last two
    capitalised words (with any particles between them: "Ana de la Cruz").

    Without this the mention started at the domain, after "of", and read as the object of a
    preposition (the treasurer *of* someone), so the sentence it opens had no subject and a
    later "he" went to an earlier speaker.

    Args:
        doc: the article's ``Doc``.
        start, end: token range of a person's name as found so far (NER span or untagged run),
            titles before it already taken in by :func:`_extend_left`.

    Returns:
        ``(title_start, name_start)`` token indices (the office title's first word, the name's
        first word), or ``None`` when no such office stands before the name, the span starts
        with a title ("the deputy of President Ada Lund" is someone else), or the span holds
        fewer than two name words after the domain.
    """
    if _is_title(doc[start]):
        return None
    caps = [i for i in range(start, end) if doc[i].text[:1].isupper() and doc[i].is_alpha]
    # the domain's words before the span ("Minister of | Interior | Paolo Sandri" with NER on the name)
    c = start
    while (
        c > 0
        and start - c < 4
        and doc[c - 1].is_alpha
        and doc[c - 1].text[:1].isupper()
        and not _is_title(doc[c - 1])
    ):
        c -= 1
    k = c - 1
    if k >= 0 and doc[k].lower_ == "the":
        k -= 1
    if k < 1 or doc[k].lower_ not in _OFFICE_PREPOSITIONS or not _is_title(doc[k - 1]):
        return None
    if c < start:
        if len(caps) < 2:
            return None
        name_start = start  # the NER's span is the name; the domain lies outside it
    else:
        if len(caps) < 3:
            return None  # "Minister of Interior Sandri": domain or given name, left as it is
        name_start = caps[-2]
        while name_start > start + 1 and doc[name_start - 1].lower_ in _NAME_PARTICLES:
            name_start -= 1
    title = k - 1
    while title > 0 and _is_title(doc[title - 1]):
        title -= 1
    return title, name_start


def _untagged_office_name(doc: Doc, j: int, covered: set[int]) -> tuple[int, int] | None:
    """A name NER missed after an office and its domain ("The Governor of the Province Ada Lund
    said"): token ``j`` follows the title and is "of" or "for"; the domain and the name are
    capitalised words not yet covered, the name's words untyped proper nouns that a finite verb
    follows, or that speak or have "who" after them (as :func:`_untagged_person` asks).

    Returns:
        ``(name_start, end)`` token indices of the name, or ``None``.
    """
    if j >= len(doc) - 2 or doc[j].lower_ not in _OFFICE_PREPOSITIONS:
        return None
    a = j + 2 if doc[j + 1].lower_ == "the" else j + 1
    k = a
    while (
        k < len(doc)
        and k - a < 6
        and k not in covered
        and doc[k].is_alpha
        and (doc[k].text[:1].isupper() or k > a and doc[k].lower_ in _NAME_PARTICLES)
        and not _is_title(doc[k])
    ):
        k += 1
    while k > a and not doc[k - 1].text[:1].isupper():
        k -= 1  # a particle ends no name
    office = _office_of_domain(doc, a, k) if k > a else None
    if office is None:
        return None
    name = [t for t in doc[office[1] : k] if t.text[:1].isupper()]
    if any(
        t.pos_ != "PROPN" or t.ent_type_ not in ("", "PERSON") or t.lower_ in NON_PERSON_WORDS for t in name
    ):
        return None
    # the subject of a clause: a speech verb beside it, "who", or a finite verb ("has said")
    finite = k < len(doc) and doc[k].tag_ in ("VBD", "VBZ", "VBP", "MD")
    if not (finite or beside_cue(doc, office[1], k) or who_after(doc, k)):
        return None
    return office[1], k


def _extend_left(doc: Doc, start: int) -> int:
    """Extend a PERSON span leftwards over capitalised title words ("Vice President" Mike Pence)."""
    while start > 0 and _is_title(doc[start - 1]):
        start -= 1
    return start


def _looks_like_person_name(doc: Doc, start: int, end: int) -> bool:
    """A mislabelled entity shaped like a person's name: 2-4 capitalised words, no
    organisation or place word, and said by its context to be a person (it speaks, stands
    in apposition to a common noun phrase, or is followed by "who")."""
    words = [t for t in doc[start:end] if t.text not in {"-", "–"}]
    if not 2 <= len(words) <= 4 or any(not t.text[:1].isupper() or not t.is_alpha for t in words):
        return False
    if any(t.lower_.rstrip(".") in NON_PERSON_WORDS for t in words):
        return False
    label = doc[start].ent_type_
    nxt = doc[end] if end < len(doc) else None
    prev = doc[start - 1] if start > 0 else None
    if beside_cue(doc, start, end):
        # an organisation speaks too ("Tender Loving Care said it agreed ..."): NER's ORG stands
        # where "the" leads the name or "it"/"its" takes it up before "he"/"she" does
        return not (label == "ORG" and _named_as_organisation(doc, start, end))
    if who_after(doc, end):
        return True
    if label in ("GPE", "LOC", "FAC"):
        return False
    if _premodifies_noun(doc, end):
        return False  # "errors, CNET Money editorial staff": the name modifies a noun, no apposition
    if prev is not None and prev.text == "," and start > 1 and doc[start - 2].pos_ == "NOUN":
        return True
    if nxt is not None and nxt.text == ",":
        k = end + 1
        while k < len(doc) and k < end + 5 and doc[k].pos_ in ("DET", "ADJ", "NOUN", "PROPN"):
            if doc[k].pos_ == "NOUN":
                return True
            k += 1
    return False


_ORG_PRONOUNS = frozenset({"it", "its", "itself"})
_PERSON_PRONOUNS = frozenset({"he", "she", "his", "her", "him", "himself", "herself"})


def _named_as_organisation(doc: Doc, start: int, end: int) -> bool:
    """The sentence treats the name ``doc[start:end]`` as an organisation: a determiner leads it
    ("The United Auto Workers said", "the Acme Board said") or the first third-person singular
    pronoun after it in the sentence is "it"/"its" ("Ford Canada said its sales rose"), as
    a person would be taken up by "he"/"she".

    Args:
        doc: the light-pipeline ``Doc`` (sentence boundaries set).
        start, end: the name's token range.

    Returns:
        True on either sign; False where the sentence says nothing of the kind.
    """
    if doc[start].lower_ == "the" or start > 0 and doc[start - 1].lower_ == "the":
        return True
    for tok in doc[end : doc[start].sent.end]:
        if tok.lower_ in _ORG_PRONOUNS:
            return True
        if tok.lower_ in _PERSON_PRONOUNS:
            return False
    return False


def _premodifies_noun(doc: Doc, end: int) -> bool:
    """The name ending before token ``end`` stands before a common noun it modifies ("the Vell
    Ledger editorial team", "Harbin Mutual staff"): the head of its phrase is that noun, so the
    name is no apposition and no person's name (a person's name in apposition ends its phrase).

    Args:
        doc: the light-pipeline ``Doc`` (part-of-speech tags, no parse).
        end: token index just after the name.

    Returns:
        True when the next word is a lower-case common noun, or adjectives and then one.
    """
    k = end
    while k < len(doc) and k < end + 3 and doc[k].pos_ == "ADJ" and doc[k].text.islower():
        k += 1
    return k < len(doc) and doc[k].pos_ == "NOUN" and doc[k].text.islower() and not is_cue(doc[k])


def _speaks_as_name(doc: Doc, start: int, end: int) -> bool:
    """The mention ``doc[start:end]`` stands beside a speech verb ("Wang said", "said Wang") and is
    not written as an acronym ("CNET", "BBC": organisations, whatever a name holding them is)."""
    text = doc[start:end].text
    if text.isupper() and sum(c.isalpha() for c in text) >= 2:
        return False
    return beside_cue(doc, start, end)


def _person_spans(doc: Doc) -> list[tuple[int, int, int]]:
    """PERSON mentions as (start, name_start, end) token indices: NER plus title-led names."""
    spans: list[tuple[int, int, int]] = []
    covered: set[int] = set()
    for ent in doc.ents:
        if ent.label_ != "PERSON" and not (
            ent.label_ in _RELABEL and _looks_like_person_name(doc, ent.start, ent.end)
        ):
            continue
        if ent[-1].lower_ in NON_PERSON_WORDS:
            continue  # "Caddon Ridge" tagged PERSON
        if any(_STRAY_DASH.search(t.text) for t in ent):
            continue  # "CARACAS -Venezuela's": a dateline's dash lost its space, no name
        end = ent.end
        while end > ent.start and (
            doc[end - 1].is_punct or doc[end - 1].lower_ in {"'s", "’s"} or is_cue(doc[end - 1])
        ):
            end -= 1  # "Obama Says" in a headline is Obama
        if end <= ent.start:
            continue
        start = ent.start
        # A given name NER left out ("Raúl" of "Raúl Daniel Alvarenga").
        while (
            start > 0
            and doc[start - 1].pos_ == "PROPN"
            and not doc[start - 1].ent_type_
            and doc[start - 1].is_alpha
            and doc[start - 1].text[:1].isupper()
            and not _is_title(doc[start - 1])
            and doc[start - 1].lower_ not in NON_PERSON_WORDS
        ):
            start -= 1
        start = _extend_left(doc, start)
        office = _office_of_domain(doc, start, end)
        if office is not None:
            start, name_start = office
        else:
            name_start = _strip_title(doc, start, end)
        if name_start >= end or not any(t.text[:1].isupper() for t in doc[name_start:end]):
            continue
        if all(t.lower_ in _PRONOUNS for t in doc[name_start:end]) or any(
            t.like_num for t in doc[name_start:end]
        ):
            continue  # "he" or table rows such as "Maize Mar 48.0" tagged PERSON
        if all(_is_title(t) or t.is_punct for t in doc[name_start:end]):
            continue  # a title alone tagged PERSON ("Supt" of "Supt. Mara Quist")
        spans.append((start, name_start, end))
        covered.update(range(start, end))
    # A title followed by capitalised proper nouns is a person even where NER missed it.
    i = 0
    while i < len(doc):
        tok = doc[i]
        if i not in covered and _is_title(tok):
            j = i + 1
            while j < len(doc) and _is_title(doc[j]) and j not in covered:
                j += 1
            office = _untagged_office_name(doc, j, covered)
            if office is not None:
                spans.append((i, office[0], office[1]))
                covered.update(range(i, office[1]))
                i = office[1]
                continue
            k = j
            while (
                k < len(doc)
                and k not in covered
                and doc[k].pos_ == "PROPN"
                and doc[k].text[:1].isupper()
                and doc[k].ent_type_ in _RELABEL | {"", "PERSON"}
                and not _is_title(doc[k])
                and doc[k].lower_ not in NON_PERSON_WORDS
            ):
                k += 1
            # A name NER typed otherwise needs two words after the title ("Skipper Oddny Marsh",
            # not "General Electric").
            typed = any(doc[x].ent_type_ not in ("", "PERSON") for x in range(j, k))
            if k > j and (not typed or k - j >= 2):
                spans.append((i, j, k))
                covered.update(range(i, k))
                i = k
                continue
        i += 1
    # Untagged proper-noun runs that the context calls a person ("the depot mechanic, Ilse Varga").
    i = 0
    while i < len(doc):
        k = i
        while (
            k < len(doc)
            and k not in covered
            and not doc[k].ent_type_
            and (doc[k].pos_ == "PROPN" and doc[k].text[:1].isupper() or doc[k].text in {"-"} and k > i)
        ):
            k += 1
        while k > i and doc[k - 1].text == "-":
            k -= 1
        if k - i >= 2 and _untagged_person(doc, i, k):
            spans.append((i, i, k))
            covered.update(range(i, k))
            i = k
            continue
        i = max(k, i + 1)
    spans.sort()
    return spans


def _untagged_person(doc: Doc, start: int, end: int) -> bool:
    """An untagged proper-noun run is a person when it speaks, is followed by "who", or stands
    in apposition to a person noun ("the council's depot mechanic, Ilse Varga")."""
    words = [t for t in doc[start:end] if t.text != "-"]
    if not 2 <= len(words) <= 4 or any(
        not t.is_alpha or t.lower_ in NON_PERSON_WORDS or _is_title(t) for t in words
    ):
        return False
    if beside_cue(doc, start, end) or who_after(doc, end):
        return True
    prev = doc[start - 1] if start > 0 else None
    if prev is not None and prev.text == ",":
        return any(t.pos_ == "NOUN" and is_person_noun(t.lower_) for t in doc[max(0, start - 6) : start - 1])
    return prev is not None and prev.pos_ == "NOUN" and is_person_noun(prev.lower_)


def _cluster_people(names: list[list[str]], order: list[int]) -> list[int]:
    """Assign each name (folded words) to a cluster; returns the cluster index per name.

    Multi-word names merge when one's words contain the other's and the surnames agree;
    a one-word name joins the nearest cluster (before it, else after) holding that word.
    """
    clusters: list[list[str]] = []
    assign = [-1] * len(names)
    members: list[list[int]] = []
    by_len = sorted(range(len(names)), key=lambda i: (-len(names[i]), order[i]))
    for i in by_len:
        words = names[i]
        if len(words) > 1:
            for c, cw in enumerate(clusters):
                if len(cw) > 1 and words[-1] == cw[-1] and (set(words) <= set(cw) or set(cw) <= set(words)):
                    assign[i] = c
                    members[c].append(i)
                    if len(words) > len(cw):
                        clusters[c] = words
                    break
            else:
                clusters.append(words)
                members.append([i])
                assign[i] = len(clusters) - 1
            continue
        word = words[0]
        candidates = [c for c, cw in enumerate(clusters) if word in cw]
        if not candidates:
            clusters.append(words)
            members.append([i])
            assign[i] = len(clusters) - 1
            continue
        surname = [c for c in candidates if clusters[c][-1] == word]
        candidates = surname or candidates

        def distance(c: int, here: int = order[i]) -> tuple[int, int]:
            before = [order[m] for m in members[c] if order[m] < here]
            if before:
                return (0, here - max(before))
            return (1, min(order[m] for m in members[c]) - here)

        best = min(candidates, key=distance)
        assign[i] = best
        members[best].append(i)
    return assign


_LEADING_ARTICLE = re.compile(r"^(?:the|The|THE)\s+(?=[^\W\d_])")
_POSSESSIVE = re.compile(r"(?:'s|\u2019s|'|\u2019)$")


def name_form(text: str) -> str:
    """A non-person entity's name as listed: "the Lower Harbor" and "The Vessa River's" give
    "Lower Harbor" and "Vessa River"; a name that needs its article to stand ("The Hague",
    one word after "The") is kept.

    >>> name_form("the Lower Harbor"), name_form("The Vessa River\u2019s"), name_form("The Hague")
    ('Lower Harbor', 'Vessa River', 'The Hague')
    """
    text = _POSSESSIVE.sub("", " ".join(text.split()))
    bare = _LEADING_ARTICLE.sub("", text)
    return bare if bare != text and (len(bare.split()) >= 2 or text.startswith("the ")) else text


def extract_entities(parsed: ParsedText) -> list[Entity]:
    """Named entities of the article, persons grouped under one canonical name.

    Persons come from NER (spans extended left over titles such as "Vice President"), from
    title-led proper nouns NER missed ("Sergeant Jose Gomez"), and from re-mentions of a
    known person's name word that NER labelled otherwise ("Torres" as ORG). Within the
    article, "Sergeant Jorge Torres", "Jorge Torres" and "Torres" share the canonical name
    "Jorge Torres": the fullest title-free form, compared accent- and case-insensitively.

    Args:
        parsed: the article body after the light pipeline.

    Returns:
        ``list[Entity]`` in text order; ``text``/``start``/``end`` give the surface mention
        (title included) as character offsets into ``parsed.text``; ``canonical`` is the
        cluster's name for persons and, for other labels, the surface text without a
        leading article or trailing possessive (:func:`name_form`).
    """
    doc = parsed.doc
    spans = _person_spans(doc)
    person_tokens = {i for s, _, e in spans for i in range(s, e)}
    names = [[fold(w) for w in _name_words(doc[ns:e].text)] for _, ns, e in spans]
    known_words = {w for n in names if len(n) > 1 for w in n}
    # A word NER typed as something else is read as the person where it is a surname; another
    # word of the name alone is as likely the organisation the name was wrongly made of ("CNET"
    # of a "CNET Money" tagged PERSON), so it needs a speech verb beside it and no acronym's
    # shape (a family name first: "Wang Chao-Ming ... Wang said").
    surnames = {n[-1] for n in names if len(n) > 1}
    # Re-mentions of a known name word that NER gave another label or missed.
    extra: list[tuple[int, int, int]] = []
    i = 0
    while i < len(doc):
        # Longest run of up to three tokens ("Ruiz", "-", "Tate") spelling a known name word.
        hit = None
        if doc[i].text[:1].isupper() and i not in person_tokens:
            for j in range(min(len(doc), i + 3), i, -1):
                if fold(doc[i:j].text) in known_words and not any(k in person_tokens for k in range(i, j)):
                    hit = j
                    break
        if hit is None:
            i += 1
            continue
        tok = doc[i]
        ent_here = [e for e in doc.ents if e.start <= i < e.end]
        if tok.pos_ != "PROPN" and not tok.ent_type_ and tok.is_sent_start and hit == i + 1:
            i = hit
            continue  # a capitalised common word opening a sentence
        if ent_here and (ent_here[0].start < i or ent_here[0].end > hit):
            i = hit
            continue  # part of a longer non-person name ("Torres Street")
        if ent_here and fold(doc[i:hit].text) not in surnames and not _speaks_as_name(doc, i, hit):
            i = hit
            continue
        extra.append((i, i, hit))
        i = hit
    spans = sorted(spans + extra)
    names = [[fold(w) for w in _name_words(doc[ns:e].text)] for _, ns, e in spans]
    assign = _cluster_people(names, list(range(len(spans))))
    best: dict[int, str] = {}
    for (_, ns, e), c in zip(spans, assign, strict=True):
        surface = " ".join(_name_words(doc[ns:e].text))
        cur = best.get(c)
        if cur is None or len(surface.split()) > len(cur.split()):
            best[c] = surface
    entities: list[Entity] = []
    taken: set[int] = set()
    for (s, _, e), c in zip(spans, assign, strict=True):
        span = doc[s:e]
        entities.append(
            Entity(
                text=span.text, label="PERSON", canonical=best[c], start=span.start_char, end=span.end_char
            )
        )
        taken.update(range(s, e))
    for ent in doc.ents:
        if ent.label_ == "PERSON" or any(i in taken for i in range(ent.start, ent.end)):
            continue
        for a, b in _dash_pieces(ent):
            text = parsed.text[a:b]
            entities.append(Entity(text=text, label=ent.label_, canonical=name_form(text), start=a, end=b))
    entities.sort(key=lambda en: en.start)
    return entities


def _dash_pieces(ent) -> list[tuple[int, int]]:
    """Character ranges of an entity split where a word has a dash glued before it: "CARACAS
    -Venezuela" (a dateline whose dash lost a space) is two names, neither holding the dash.

    Args:
        ent: a spaCy entity ``Span``.

    Returns:
        ``[(start, end), ...]`` character offsets into the ``Doc``'s text, empty pieces left out.
    """
    text = ent.doc.text
    pieces: list[tuple[int, int]] = []
    start = ent.start_char
    for tok in ent:  # the first too: an entity of the glued word alone ('-Venezuela')
        if not _STRAY_DASH.search(tok.text):
            continue
        if not tok.text[0].isalnum():  # '-Venezuela': the name before ends, the next opens after the dash
            cut, start_next = tok.idx, tok.idx + 1
        else:  # 'CARACAS-': this word ends a name
            cut, start_next = tok.idx + len(tok) - 1, tok.idx + len(tok)
        while cut > start and text[cut - 1].isspace():
            cut -= 1
        pieces.append((start, cut))
        start = start_next
        while start < ent.end_char and text[start].isspace():
            start += 1
    pieces.append((start, ent.end_char))
    return [(a, b) for a, b in pieces if b > a]
