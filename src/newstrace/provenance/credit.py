"""Credit and byline dropped, changed or added between an origin and its copy, from the articles' structured fields;
a news agency's name read however a copy writes it (translated, truncated, with a typo)."""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from newstrace.provenance.rewording import _common_for_name
from newstrace.provenance.text import fold
from newstrace.schema import Change
from newstrace.structure.byline import parse_byline
from newstrace.structure.credit import AGENCIES, is_news_agency

#: The words of agency names in the languages copies translate them into (folded), by the English
#: word they stand for: machine translation renders "Associated Press" as "Prensa Asociada",
#: "Assoziierte Presse", "Presse associée", and Spanish-language copy writes "Agencia Reuters",
#: "Agencia Alemana de Prensa" (dpa). Sources: the agencies' names as the Spanish, Portuguese,
#: French, German and Italian press writes them, and the adjectives' inflected forms.
AGENCY_WORD_GROUPS: dict[str, str] = {
    "associated": ("associated asociada asociado asociadas asociados associee associees associe associes "
                   "associada associado associadas associados associata associato associati assoziierte "
                   "assoziierten assoziiert geassocieerde"),
    "press": "press presse prensa imprensa stampa pers prasa pressa",
    "association": "association asociacion associacao associazione verband vereniging",
    "france": ("france francia frankreich franca frankrijk french francesa frances francaise francais "
               "francese franzosische franzoesische"),
    "german": ("german deutsche deutschen deutsch alemana aleman alema alemao allemande allemand tedesca "
               "tedesco duitse"),
    "united": "united unida unidas unidos unido unie unies unite uniti unita vereinigte",
    "international": "international internacional internationale internazionale",
    "canadian": "canadian canadiense canadienne canadien canadese kanadische",
    "australian": "australian australiana australiano australienne australien australische",
    "agency": "agency agence agencia agentur agenzia agentschap",
    "news": "news noticias nachrichten notizie nouvelles",
    "service": "service servicio servico dienst",
}
#: Each word of :data:`AGENCY_WORD_GROUPS` -> the English word it stands for.
AGENCY_WORDS: dict[str, str] = {w: concept for concept, words in AGENCY_WORD_GROUPS.items() for w in words.split()}
#: Words an agency's name may carry or lack and stay that agency ("Agencia EFE" and "EFE", "Agence
#: France-Presse" and "France-Presse", "Reuters News"), and the articles and prepositions joining a
#: translated name ("Agencia Alemana de Prensa").
_GENERIC_WORDS = frozenset({"agency", "news", "service", "wire", "the", "of", "de", "del", "la", "le", "el", "der",
                            "die", "das", "des", "di", "della", "do", "da"})
#: A truncated name's last word must keep this many letters ("Associated Pres", "Prensa Asoc").
_MIN_PREFIX = 3
#: Least length of the name, written as one key, read as an agency's with a typo or cut short.
_MIN_FUZZY = 6


@lru_cache(maxsize=1)
def _agency_table() -> tuple[dict[str, str], dict[frozenset[str], str], frozenset[str], dict[str, int]]:
    """``(key -> agency, word set -> agency, vocabulary, key -> length of its words but the last)``
    over the news agencies of :data:`newstrace.structure.credit.AGENCIES`: every form's key
    (:func:`_key`), every form's set of English words without the generic ones, every word a name may
    be cut into, and for a form of several words where its last word begins."""
    keys, sets, vocab, heads = {}, {}, set(AGENCY_WORDS) | _GENERIC_WORDS, {}
    for name, forms in AGENCIES.items():
        if not is_news_agency(name):
            continue
        for form in (name, *forms):
            words = _words(form)
            keys.setdefault("".join(words), name)
            if len(words) > 1:
                heads["".join(words)] = len("".join(words[:-1]))
            concepts = frozenset(AGENCY_WORDS.get(w, w) for w in words) - _GENERIC_WORDS
            if concepts:
                sets.setdefault(concepts, name)
            vocab.update(words)
    return keys, sets, frozenset(vocab), heads


def _words(name: str) -> list[str]:
    """Folded alphanumeric words of a name ("Deutsche Presse-Agentur" -> deutsche, presse, agentur)."""
    return re.findall(r"[a-z0-9]+", fold(name))


def _key(name: str) -> str:
    """A name as one key: folded, alphanumeric only ("The Associated Press" -> "theassociatedpress")."""
    return "".join(_words(name))


def _segmentations(key: str, vocab: frozenset[str], limit: int = 8) -> list[list[str]]:
    """Ways to read ``key`` as words of ``vocab``, the last of which may be cut short (at least
    :data:`_MIN_PREFIX` letters of a word; returned whole): "prensaasociada" -> prensa, asociada;
    "associatedpres" -> associated, press. At most ``limit`` readings."""
    out: list[list[str]] = []

    def walk(at: int, words: list[str]) -> None:
        if len(out) >= limit:
            return
        if at == len(key):
            out.append(words)
            return
        rest = key[at:]
        for w in vocab:
            if rest.startswith(w):
                walk(at + len(w), words + [w])
            elif len(rest) >= _MIN_PREFIX and len(rest) < len(w) and w.startswith(rest) and words:
                out.append(words + [w])  # the name was cut inside its last word

    walk(0, [])
    return out


@lru_cache(maxsize=4096)
def agency_of(name: str | None) -> str | None:
    """The news agency a credit names, however it is written: an agency form
    (:data:`newstrace.structure.credit.AGENCIES`: "AP", "Reuter"), the name translated word by word
    (:data:`AGENCY_WORDS`, any order, generic words such as "Agencia" and "de" optional: "Prensa
    Asociada", "Assoziierte Presse", "Agencia Reuters", "Agencia Alemana de Prensa"), cut short in
    its last word ("Associated Pres", "Agence France-Pr") or mistyped (optimal string alignment
    distance 1 from a form's key, 2 from one of 12+ letters: "Asociated Press", "Reutres").

    A spun or garbled name ("Related Press", "Badociated Press", "Allied Press Service") is none of
    these: it reads as another name, which :func:`_garbled_name` and
    :func:`newstrace.provenance.direction.garbled_name_of` recognise as such; a name adding a word
    ("Australian Associated Press", "United Press") is another agency or none.

    Args:
        name: a credit, an outlet, a byline part, or an outlet key written as one word ("prensaasociada").

    Returns:
        The agency's canonical name ("The Associated Press"), or None.

    >>> agency_of("Prensa Asociada"), agency_of("Associated Pres"), agency_of("Agencia Alemana de Prensa")
    ('The Associated Press', 'The Associated Press', 'Deutsche Presse-Agentur')
    >>> agency_of("Related Press"), agency_of("Australian Associated Press"), agency_of("Press Association")
    (None, 'Australian Associated Press', 'PA Media')
    """
    if not name:
        return None
    keys, sets, vocab, heads = _agency_table()
    key = _key(name)
    if key.startswith("the") and key[3:] in keys:
        key = key[3:]
    if key in keys:
        return keys[key]
    found = set()
    words = _words(name)
    # read word by word where the name is written in words, else cut the key into words
    readings = [words] if len(words) > 1 else []
    if len(words) > 1 and _MIN_PREFIX <= len(words[-1]) and words[-1] not in vocab:
        readings += [words[:-1] + [w] for w in vocab if w.startswith(words[-1]) and len(w) > len(words[-1])]
    if len(words) == 1 or not readings[1:] and any(w not in vocab for w in words):
        readings += _segmentations(key, vocab)
    for reading in readings:
        concepts = frozenset(AGENCY_WORDS.get(w, w) for w in reading) - _GENERIC_WORDS
        if concepts in sets:
            found.add(sets[concepts])
    if not found and len(key) >= _MIN_FUZZY:
        for form, agency in keys.items():
            typo = len(form) >= _MIN_FUZZY and OSA.distance(key, form) <= (2 if min(len(key), len(form)) >= 12 else 1)
            # or cut short inside the form's last word ("agencefrancepr"), past its other words
            cut = len(key) < len(form) and form.startswith(key) and len(key) > heads.get(form, len(form))
            if typo or cut:
                found.add(agency)
    return found.pop() if len(found) == 1 else None


def same_agency(a: str | None, b: str | None) -> bool:
    """Whether two credits name one news agency (:func:`agency_of`): "Prensa Asociada" and "The
    Associated Press", "AFP" and "Agencia France Presse"; not "Reuters" and "AP"."""
    x = agency_of(a)
    return x is not None and x == agency_of(b)


def _byline_lines(article):
    """The byline lines set aside from ``article`` (``residue`` with reason ``byline-line``), each with
    its parse: ``(text, Byline or None)``, read with or without a leading "By"."""
    for r in getattr(article, "residue", None) or []:
        if r.reason == "byline-line":
            yield r.text, parse_byline(r.text) or parse_byline(r.text, require_by=False)


def _byline_line_credits(article) -> list[str]:
    """Who the byline lines set aside from ``article`` credit ("By Maren Olsby, Related Press" ->
    ``["Related Press"]``): the agency (:attr:`Byline.credit`) or, failing one, the outlet named
    there, which may be a garbled agency name no table knows, or else the last capitalised part the
    byline parser did not take for a person.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``residue`` with reason ``byline-line``).

    Returns:
        The names in reading order (list of str), empty when no byline line names anyone.
    """
    out = []
    for _, b in _byline_lines(article):
        # a part the byline parser refused as a person ("Allied Press Service") stands where the credit does
        rest = [d for d in (b.dropped if b else []) if d[:1].isupper()]
        if b and (b.credit or b.outlet or rest):
            out.append(b.credit or b.outlet or rest[-1])
    return out


#: How alike (rapidfuzz ``fuzz.ratio``, 0-100, leading "the" dropped) an outlet must be to an agency
#: name to be that name garbled ("Related Press" / "The Associated Press" 69, "Affiliated Press" 75;
#: another outlet: "Free Press" 54, "Calder Press" 64, "Westford Ledger" 32).
GARBLED_NAME_RATIO = 66.0


def _garbled_name(outlet: str | None, credit: str) -> bool:
    """Whether ``outlet`` (an article's outlet, e.g. from its byline line) reads as ``credit`` garbled
    (:data:`GARBLED_NAME_RATIO`): a spun copy's rewritten agency name, which no agency table knows."""
    if not outlet:
        return False
    a, b = (re.sub(r"^the\s+", "", fold(x).strip()) for x in (outlet, credit))
    return a != b and fuzz.ratio(a, b) >= GARBLED_NAME_RATIO


def _garbled_byline_credit(article, credit: str) -> str:
    """The part of ``article``'s byline lines that reads as ``credit`` garbled although the byline
    parser took it for a person ("By Tove Lindqvist, Allied Press Service": "Allied Press" is a name
    by its form, yet it reads as "The Associated Press" garbled, :func:`_garbled_name`), given as the
    whole comma-separated part that holds it ("Allied Press Service"); "" when none does.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``residue`` with reason ``byline-line``).
        credit: the other article's credit (an agency name).
    """
    for text, b in _byline_lines(article):
        for name in b.names if b else []:
            if _garbled_name(name, credit):
                return next((p.strip() for p in re.split(r"[,;|]|\s[-\u2013\u2014]\s", text) if name in p), name)
    return ""


def agency_names(article) -> list[str]:
    """Names of news agencies an article's byline gives as if they were people: the byline parser
    takes a translated or cut agency name for a person ("By Tove Lindqvist, Prensa Asociada" gives
    the byline ``["Tove Lindqvist", "Prensa Asociada"]``), while an agency form it knows goes to the
    credit. The byline entries that name an agency (:func:`agency_of`), in order.

    Args:
        article: an :class:`~newstrace.schema.Article` (its ``byline``, which the trace's light articles keep).
    """
    return [n for n in getattr(article, "byline", None) or [] if agency_of(n)]


def article_credit(article) -> str | None:
    """An article's credit: its ``credit`` field, else the first news agency its byline names
    (:func:`agency_names`), else None."""
    return getattr(article, "credit", None) or next(iter(agency_names(article)), None)


def _people(byline) -> list[str]:
    """A byline's people: its entries less those naming a news agency (:func:`agency_of`)."""
    return [x for x in byline or [] if not agency_of(x)]


#: Detail of a credit change where the copy dropped the agency's credit and names its own reporters
#: in the byline instead: the story republished as the copy's own work (a rights team's first question).
CREDIT_REPLACED_BY_BYLINE = "credit dropped, own byline put in its place (republished as its own work)"


def credit_changes(copy, origin) -> list[Change]:
    """Credit (agency) and byline dropped or changed, from the articles' structured fields.

    A credit naming the same news agency in another form is kept, not changed (:func:`same_agency`:
    "Prensa Asociada", "Assoziierte Presse" or "Associated Pres" for "The Associated Press"), also
    where the byline parser read it as a person (:func:`agency_names`); such a name is the credit,
    not a byline name, on both sides (:func:`article_credit`).
    When the copy has no recognised credit but its byline line names someone else where the
    origin's byline line credits the agency ("By Maren Olsby, The Associated Press" -> "By Maren
    Olsby, Related Press"), the credit was changed, not dropped: the copy's name is reported, also
    where the byline parser read it as a person (:func:`_garbled_byline_credit`).
    Articles loaded without their set-aside lines (the trace's light articles) fall back on the
    copy's outlet when it reads as the origin's credit garbled (:func:`_garbled_name`).

    Args:
        copy, origin: :class:`~newstrace.schema.Article` s.

    Returns:
        ``credit`` changes ("credit dropped" / "credit changed"), ``byline`` changes ("byline dropped" /
        "byline added" / "byline changed"; their own kind, so a count of credit changes is one of the
        agency credit's) and ``name`` changes for a byline surname rendered as a common word.
    """
    out = []
    credit = article_credit(origin)
    kept = [n for n in (copy.credit, *agency_names(copy), getattr(copy, "outlet", None)) if n]
    # the same agency under another name is the same credit ("Prensa Asociada", "Associated Pres")
    if credit and not any(fold(n) == fold(credit) or same_agency(n, credit) for n in kept):
        instead = copy.credit or ""
        if not instead and fold(credit) in {fold(c) for c in _byline_line_credits(origin)}:
            # the origin credits its agency in a byline line: the copy's byline line holds its credit
            others = [c for c in _byline_line_credits(copy) if fold(c) != fold(credit)]
            instead = others[0] if others else _garbled_byline_credit(copy, credit)
        if not instead and _garbled_name(copy.outlet, credit):
            instead = copy.outlet
        out.append(Change(kind="credit", origin_text=credit, copy_text=instead,
                          detail="credit dropped" if not instead else "credit changed"))
    ob, cb = _people(origin.byline), _people(copy.byline)  # an agency in the byline is the credit
    if ob and not cb:
        out.append(Change(kind="byline", origin_text=", ".join(ob), copy_text="", detail="byline dropped"))
    elif cb and not ob:  # a republisher naming the reporter, or a byline the origin's page did not show
        out.append(Change(kind="byline", origin_text="", copy_text=", ".join(cb), detail="byline added"))
    elif ob and cb and len(ob) != len(cb):  # names added or dropped: the whole line, not the first names only
        out.append(Change(kind="byline", origin_text=", ".join(ob), copy_text=", ".join(cb), detail="byline changed"))
    elif ob and cb and [fold(x) for x in ob] != [fold(x) for x in cb]:
        for o, c in zip(ob, cb):
            if fold(o) != fold(c):
                differ = [(x, y) for x, y in zip(o.split(), c.split()) if fold(x) != fold(y)]
                # a surname come back as an ordinary word, the rest of the name kept, is a name garbled
                # ("Christine Armario" -> "Christine Wardrobe"); another person in the byline ("Jonas
                # Thiel" -> "John Fakename") is a byline change, as a byline dropped or added is
                common = len(o.split()) == len(c.split()) and len(differ) == 1 and _common_for_name(*differ[0])
                out.append(Change(kind="name" if common else "byline", origin_text=o, copy_text=c,
                                  detail="byline name rendered as a common word" if common else "byline changed"))
    # the agency's credit gone and the copy's own reporters named instead: republished as the copy's own work
    if any(c.kind == "credit" and c.detail == "credit dropped" for c in out) and ob and cb \
            and not {fold(x) for x in ob} & {fold(x) for x in cb} and not any(c.kind == "name" for c in out):
        out = [c.model_copy(update={"detail": CREDIT_REPLACED_BY_BYLINE}) if c.kind == "credit" else c for c in out]
    return out
