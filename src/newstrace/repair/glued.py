"""Words glued by lost markup ("asylumand") and closing quotation marks lost with their space ("themsaid")."""

from __future__ import annotations

import re

from newstrace.repair.config import RepairConfig
from newstrace.repair.explain import Edit
from newstrace.repair.quote_marks import APOSTROPHE_MARK
from newstrace.repair.lexicon import (
    GLUE_RIGHT_BY_LANGUAGE,
    SPEECH_VERBS,
    SPEECH_VERBS_BY_LANGUAGE,
    derived_form,
    is_unknown,
    judging_language,
    typo_neighbour,
    zipf,
)

# Function words glued to the START of the next word ("thejob"); only for lowercase English tokens.
GLUE_LEFT = ("the", "and", "of", "to", "in", "for", "with")
_LETTERS = re.compile(r"[^\W\d_]+")


def _standalone(text: str) -> set[str]:
    return set(_LETTERS.findall(text))


def _head_ok(head: str, seen: set[str], config: RepairConfig, min_len: int = 3, language: str = "en") -> bool:
    """A glued head word is frequent in the text's language; a capitalised one must also stand alone in the text."""
    if len(head) < min_len or zipf(head, language) < config.glue_min_zipf:
        return False
    if head[0].isupper():
        return head in seen and (head[1:].islower() or head.isupper())
    return head.islower()


def split_token(
    token: str,
    seen: set[str],
    config: RepairConfig,
    tails: frozenset[str] | None = None,
    min_head: int = 3,
    language: str = "en",
):
    """Best split of an unknown token into word + function word, or ``None``.

    Every word is judged in the text's ``language``: the token must be unknown there (and in
    English), the head frequent there, and the tail one of that language's function words or
    speech verbs (:data:`~newstrace.repair.lexicon.GLUE_RIGHT_BY_LANGUAGE`), so a Spanish verb
    ("sonaron") is never read as an English word and function word ("sonar" + "on").

    Args:
        token: a letters-only word token.
        seen: the letter tokens of the whole text (evidence for capitalised heads).
        config: ``glue_min_zipf`` and ``censor_max_unknown_zipf`` (the unknown-word ceiling).
        tails: function words that may be glued on the right; ``None``: the function words and
            speech verbs of ``language`` (none for a language without lists).
        min_head: shortest head word tried (letters).
        language: the wordfreq language the words are judged in (:func:`judging_language`).

    Returns:
        ``(head, tail, evidence)`` or ``None``.

    >>> split_token("Venezuelaand", {"Venezuela"}, RepairConfig())[:2]
    ('Venezuela', 'and')
    >>> split_token("Ferdinand", {"Ferdinand"}, RepairConfig()) is None  # a known name
    True
    >>> split_token("Hammand", {"Hammand"}, RepairConfig()) is None  # "Hamm" never stands alone
    True
    >>> split_token("forcasting", set(), RepairConfig()) is None  # a misspelling of "forecasting"
    True
    >>> split_token("sonaron", set(), RepairConfig(), language="es") is None  # a Spanish verb
    True
    >>> split_token("asiloque", set(), RepairConfig(), language="es")[:2]
    ('asilo', 'que')
    """
    lang = language
    if tails is None:
        tails = GLUE_RIGHT_BY_LANGUAGE.get(lang, frozenset()) | SPEECH_VERBS_BY_LANGUAGE.get(lang, frozenset())
    if len(token) < 5 or token.isupper() or not is_unknown(token, config.censor_max_unknown_zipf, lang):
        return None
    best = None
    for tail in tails:
        if token.endswith(tail) and _head_ok(token[: -len(tail)], seen, config, min_head, lang):
            head = token[: -len(tail)]
            score = min(zipf(head, lang), zipf(tail, lang))
            if best is None or score > best[0]:
                best = (score, head, tail)
    if token.islower() and lang == "en":
        for lead in GLUE_LEFT:
            rest = token[len(lead) :]
            if token.startswith(lead) and len(rest) >= 3 and zipf(rest) >= config.glue_min_zipf + 0.5:
                score = min(zipf(lead), zipf(rest))
                if best is None or score > best[0]:
                    best = (score, lead, rest)
    if best is None:
        return None
    _, head, tail = best
    if typo_neighbour(token, language=lang) or derived_form(token, language=lang):
        # "forcasting" is forecasting misspelt, "infighter" a form of infighting: one word each.
        return None
    in_language = "" if lang == "en" else f" in {lang}"
    evidence = (
        f"{token} unknown{in_language} (zipf {zipf(token, lang):.1f}); "
        f"{head} zipf {zipf(head, lang):.1f} + {tail} zipf {zipf(tail, lang):.1f}"
        + ("; head stands alone in the text" if head[0].isupper() else "")
    )
    return head, tail, evidence


#: A lower-case word glued to a capitalised one ("towardVenezuela"): the junction a lost space
#: leaves between a word and a proper noun.
_CAMEL = re.compile(r"([a-z]{2,})([A-Z][a-z]{2,})")
#: Prepositions, articles and conjunctions that stand before a name ("ofLower Tarn", "inCalder"): glued
#: to a capitalised word they leave a junction that no brand or name has ("iPhone", "eBay", "deGrom" and
#: "McDonald" open otherwise).
CAMEL_FUNCTION_HEADS = frozenset("of in on at to by the and for from with into as".split())
#: Characters before a token that make it a handle, hashtag, address or identifier ("@realName", "#getOut").
_CODE_BEFORE = frozenset("@#/._\\-=:")
_ADDRESS = re.compile(r"\S*(?:://|www\.)\S*")


#: Least Zipf frequency of the capitalised word after a glued function word when that word neither
#: stands alone in the text nor opens a longer name: a known English word ("ofNether": "nether" 2.9).
CAMEL_KNOWN_TAIL_ZIPF = 2.0


def split_camel(token: str, seen: set[str], config: RepairConfig, name_follows: bool = False, language: str = "en"):
    """Split a lower-case word glued to a capitalised word that stands alone in the text.

    Args:
        token: a letters-only word token.
        seen: the letter tokens of the whole text.
        config: ``glue_min_zipf`` (the head word's least frequency) and ``censor_max_unknown_zipf``.
        name_follows: the token is followed, after a space, by a capitalised word in the text
            (a name going on: "ofNether Calder").
        language: the wordfreq language the words are judged in; the function words before a
            name are English ones, so in another language only the proper-noun rule applies.

    Returns:
        ``(head, tail, evidence)`` or ``None``: the token is unknown, the lower-case head is a
        frequent word, and the capitalised tail is written on its own elsewhere in the text and
        never in lower case (so a brand such as "eBay" or "palmOne", whose tail never stands
        alone as a name, stays whole). After a function word ("of", "in", :data:`CAMEL_FUNCTION_HEADS`)
        the tail may instead be a known word (Zipf >= :data:`CAMEL_KNOWN_TAIL_ZIPF`) or the first
        word of a longer name (``name_follows``).

    >>> split_camel("towardVenezuela", {"Venezuela"}, RepairConfig())[:2]
    ('toward', 'Venezuela')
    >>> split_camel("towardVenezuela", set(), RepairConfig()) is None
    True
    >>> split_camel("ofNether", set(), RepairConfig())[:2]
    ('of', 'Nether')
    >>> split_camel("inKarvik", set(), RepairConfig(), name_follows=True)[:2]
    ('in', 'Karvik')
    """
    m = _CAMEL.fullmatch(token)
    if not m or not is_unknown(token, config.censor_max_unknown_zipf, language):
        return None
    head, tail = m.groups()
    if language == "en" and head in CAMEL_FUNCTION_HEADS and (tail in seen or name_follows or zipf(tail) >= CAMEL_KNOWN_TAIL_ZIPF):
        # "ofLower": a function word before a capitalised word (a name's part) is a lost space
        evidence = (f"{token} unknown (zipf {zipf(token):.1f}); function word {head} + {tail}, "
                    + ("a capitalised word standing alone in the text" if tail in seen else
                       "the first word of a name that goes on" if name_follows else
                       f"zipf {zipf(tail):.1f}"))
        return head, tail, evidence
    # The tail is a proper noun of this text: written on its own, and never in lower case (a
    # common word capitalised at a sentence start, "palmOne" beside "one", is not evidence).
    if len(head) < 3 or tail not in seen or tail.lower() in seen or zipf(head, language) < config.glue_min_zipf:
        return None
    evidence = (f"{token} unknown (zipf {zipf(token, language):.1f}); {head} zipf {zipf(head, language):.1f} + {tail}, "
                "a capitalised word standing alone in the text")
    return head, tail, evidence


#: The rest of a sentence, up to its end.
_SENTENCE_REST = re.compile(r"[^.!?\n]*")
#: A quotation closed after a comma, question or exclamation mark.
_AFTER_CLOSED_QUOTE = re.compile(r"[,?!][\"\u201d] ?")
#: Words an attribution that ends in a name glued to its cue may hold, the name included ("harbourmaster
#: Ivo Brennsaid in a statement"); a longer rest is a sentence of its own.
_MAX_ATTRIBUTION_WORDS = 7


def split_name_cue(
    token: str, seen: set[str], config: RepairConfig, text: str = "", cue_of_quote: bool = False
):
    """Split a name glued to the speech verb after it ("Brennsaid" -> "Brenn said").

    Names are rare words, so the frequency test of :func:`split_token` cannot find them; the text
    must show instead that the head is a name and the tail its cue. Either the head is written
    elsewhere as a surname (after another capitalised word, "Ivo Brenn", or before a speech verb,
    "Brenn told") and never in lower case, or the token is the cue of a quotation it closes
    (``cue_of_quote``: '"...," Tarnsaid.', worked out by the caller). A head of one or two letters
    ("Elsaid"), or with a capital inside it, stays whole, as does a token that is a known word.

    Args:
        token: a letters-only word token.
        seen: the letter tokens of the whole text.
        config: ``censor_max_unknown_zipf`` (the unknown-word ceiling).
        text: the whole text (to find the head written as a surname).
        cue_of_quote: the token follows a closed quotation and ends the attribution.

    Returns:
        ``(head, tail, evidence)`` or ``None``.

    >>> split_name_cue("Brennsaid", {"Ivo", "Brenn"}, RepairConfig(), "Ivo Brenn runs it.")[:2]
    ('Brenn', 'said')
    >>> split_name_cue("Brennsaid", set(), RepairConfig(), "Nothing else.") is None
    True
    >>> split_name_cue("Elsaid", {"El"}, RepairConfig(), "Ivo El", cue_of_quote=True) is None
    True
    """
    if not token[:1].isupper() or not is_unknown(token, config.censor_max_unknown_zipf):
        return None
    for tail in SPEECH_VERBS:
        head = token[: -len(tail)]
        if not token.endswith(tail) or len(head) < 3 or not head[1:].islower():
            continue
        unknown = f"{token} unknown (zipf {zipf(token):.1f})"
        if cue_of_quote:
            return head, tail, f"{unknown}; the cue of the quotation it closes: {head} + {tail}"
        if head in seen and head.lower() not in seen and re.search(
            rf"[A-Z][\w.'-]* {head}\b|\b{head} (?:{'|'.join(sorted(SPEECH_VERBS))})\b", text
        ):
            return head, tail, f"{unknown}; {head} stands alone in the text as a surname + {tail}"
    return None


def _cues_of_quotes(text: str) -> set[str]:
    """Tokens right after a closed quotation ('"...," Tarnsaid') that end the attribution: the
    rest of their sentence is short and holds no speech verb of its own, so the token's tail is
    the cue ('"...," Bensaid said' keeps the name whole)."""
    out = set()
    for m in _AFTER_CLOSED_QUOTE.finditer(text):
        # the attribution: its first four words may hold a title and a given name before the
        # glued token ('harbourmaster Ivo Brennsaid'), the rest a time or place ('on Monday')
        words = _LETTERS.findall(_SENTENCE_REST.match(text, m.end()).group())
        if len(words) <= _MAX_ATTRIBUTION_WORDS and not any(w.lower() in SPEECH_VERBS for w in words):
            # the glued token ends the attribution: nothing after it but a time or place ('on Monday');
            # a verb after it is the cue ('"...," Omar Bensaid laughed' keeps the name whole)
            out.update(w for k, w in enumerate(words[:4]) if w[:1].isupper()
                       and (k + 1 == len(words) or words[k + 1].lower() in _AFTER_ATTRIBUTION))
    return out


#: Words that may follow the cue ending an attribution: a time or place, a medium ('in a statement').
_AFTER_ATTRIBUTION = frozenset({"in", "on", "at", "after", "before", "during", "from", "to", "for", "with",
                                "when", "while", "as", "late", "earlier", "later", "yesterday", "today",
                                "tonight", "last", "this", "on", "by", "via", "outside", "inside"})


#: A number glued to the word after it ("300metres", "12people"): digits, then four or more lower-case
#: letters, inside one token. Units written short ("30mph", "5km", "10am") and ordinals ("21st") have
#: fewer letters and stay, as do "3D", "4x4", "MP3".
_DIGIT_WORD = re.compile(r"\d[a-z]{4}")
_NUMBER_WORD = re.compile(r"(?<![\w.,/#@-])(\d+(?:[.,]\d+)*)([a-z]{4,})(?![\w@/-])")


def _outside_addresses(pattern: re.Pattern, text: str) -> list[re.Match]:
    """The matches of ``pattern`` in ``text`` that do not start inside a web address."""
    matches = list(pattern.finditer(text))
    if not matches or ("/" not in text and "www." not in text):
        return matches
    addresses = [m.span() for m in _ADDRESS.finditer(text)]
    return [m for m in matches if not any(a <= m.start() < b for a, b in addresses)]


def split_number_words(text: str, config: RepairConfig, language: str | None = "en") -> list[Edit]:
    """Split a number glued to a following frequent word ("300metres" -> "300 metres").

    Args:
        text: the document.
        config: ``glue_min_zipf`` (the word's least frequency, wordfreq Zipf) and
            ``censor_max_unknown_zipf``; the word must reach ``glue_min_zipf + 0.5``.
        language: the wordfreq language the word is judged in ("300metros" in Spanish); ``None``:
            no word list judges the text, and nothing is split.

    Returns:
        Edits of kind ``glued``; none inside a web address.

    >>> t = "It buried 300metres of road at 30mph, a 4x4 and an MP3 player."
    >>> [(t[e.start:e.end], e.after) for e in split_number_words(t, RepairConfig())]
    [('300metres', '300 metres')]
    """
    edits: list[Edit] = []
    if language is None or not _DIGIT_WORD.search(text):
        return edits  # the common case, found fast
    for m in _outside_addresses(_NUMBER_WORD, text):
        number, word = m.groups()
        if zipf(word, language) < config.glue_min_zipf + 0.5:
            continue
        why = f"{number} glued to {word} (zipf {zipf(word, language):.1f}): a space lost with markup"
        edits.append(Edit(m.start(), m.end(), f"{number} {word}", "glued", why))
    return edits


#: A word glued to the figure after it, perhaps with a word glued after the figure too
#: ("About1,200people"); letters start the token, so identifiers ("x86") and units ("30mph") never match.
_WORD_FIGURE = re.compile(r"(?<![\w.,/#@\\-])([A-Za-z][a-z]+)(\d+(?:[.,]\d+)*)([a-z]{4,})?(?![\w@/-])")
_LETTER_DIGIT = re.compile(r"[a-z]\d")
#: Words that stand before a figure in running text ("about 1,200", "in 2019", "than 40"): glued to
#: one they are a lost space, where a name or model glued to its number is not ("Blink182", "Covid19").
BEFORE_FIGURE = frozenset(
    """about around nearly almost over under than roughly approximately only just least more fewer less
    some by to from of in on at and or the with for between""".split()
)


def split_word_figures(text: str, config: RepairConfig, language: str | None = "en") -> list[Edit]:
    """Split a word glued to the figure after it ("About1,200" -> "About 1,200"), and the figure
    from a word glued after it ("About1,200people" -> "About 1,200 people").

    Names, brands and models carry their number glued ("Blink182", "Windows10", "MP3", "Covid19"),
    so the word must be one that stands before a figure in running text (:data:`BEFORE_FIGURE`),
    or a frequent word (Zipf >= ``glue_min_zipf``) with a figure written as a quantity ("1,200",
    "2.5") or with a frequent word glued after the figure as well.

    Args:
        text: the document.
        config: ``glue_min_zipf``; a word glued after the figure must reach ``glue_min_zipf + 0.5``
            (as in :func:`split_number_words`).
        language: the wordfreq language the words are judged in; :data:`BEFORE_FIGURE` holds
            English words, so in another language only frequent words count; ``None``: nothing is split.

    Returns:
        Edits of kind ``glued``; none inside a web address.

    >>> t = "About1,200people saw Blink182 play in2019, not in 3D."
    >>> [(t[e.start:e.end], e.after) for e in split_word_figures(t, RepairConfig())]
    [('About1,200people', 'About 1,200 people'), ('in2019', 'in 2019')]
    """
    edits: list[Edit] = []
    if language is None or not _LETTER_DIGIT.search(text):
        return edits  # the common case, found fast
    for m in _outside_addresses(_WORD_FIGURE, text):
        word, figure, after = m.groups()
        tail_ok = after is not None and zipf(after, language) >= config.glue_min_zipf + 0.5
        frequent = len(word) >= 3 and zipf(word, language) >= config.glue_min_zipf
        if language == "en" and word.lower() in BEFORE_FIGURE:
            why = f"{word} glued to the figure {figure}: a word that stands before figures"
        elif frequent and ("," in figure or "." in figure or tail_ok):
            why = f"{word} (zipf {zipf(word, language):.1f}) glued to the figure {figure}" + (
                f", glued to {after}" if tail_ok else ", a quantity")
        else:
            continue
        if after is not None and not tail_ok:
            continue  # "at10km": the figure stays with its unit, and the split is not sure
        fixed = f"{word} {figure}" + (f" {after}" if after else "")
        if after:
            why += f"; {figure} glued to {after} (zipf {zipf(after, language):.1f})"
        edits.append(Edit(m.start(), m.end(), fixed, "glued", why + ": spaces lost with markup"))
    return edits


def split_glued_words(text: str, config: RepairConfig) -> list[Edit]:
    """Split a word glued to a function word by lost markup or a lost space.

    A token unknown to wordfreq (Zipf below ``censor_max_unknown_zipf``) is split when it is
    a frequent word (Zipf >= ``glue_min_zipf``) followed by a function word or speech verb
    ("asylumand", "Venezuelaand", "hesaid" is too short to try), or, all lowercase, a leading
    function word followed by a frequent word ("thejob"), or a frequent lower-case word glued to
    a capitalised word that stands alone elsewhere in the text (:func:`split_camel`:
    "towardVenezuela"; never after "@", "#", "/", "." or "_", where it is a handle or code), or a
    name glued to a speech verb where the text shows the name (:func:`split_name_cue`: "Brennsaid"
    beside "Ivo Brenn", or closing a quotation: '"...," Tarnsaid.'), or a word glued to a figure
    (:func:`split_word_figures`: "About1,200people"). A capitalised head must also stand
    alone elsewhere in the text, so unknown names that merely end in "and" stay whole, and a
    token with a speech verb after it ("Bensaid said") is a name, not a name and a cue. A
    token one edit away from a word (Zipf >= 2, :func:`typo_neighbour`) is a misspelling and
    stays whole ("therby", "forsees", "billin" in Reuters), and so does a rarer form of a known
    word (:func:`derived_form`: "infighter" beside "infighting").

    Every word is judged in the text's own language (:func:`judging_language`: ``config.language``
    or identified): a known word of that language is never split, heads are frequent there, and
    the function words and speech verbs are that language's (none for a language without lists,
    and the name-and-cue split is English only); in a text no word list can judge only a figure
    glued to a frequent English word is split ("Some40people waited.").

    Args:
        text: the document.
        config: thresholds, and ``language`` when the caller knows it.

    Returns:
        Edits of kind ``glued``.

    >>> t = "Ask the clerk about your asylumand wait. Ferdinand, Thailand and errand stay."
    >>> [(t[e.start:e.end], e.after) for e in split_glued_words(t, RepairConfig())]
    [('asylumand', 'asylum and')]
    >>> split_glued_words("Las sirenas sonaron a las cuatro y media de la madrugada.", RepairConfig())
    []
    """
    lang = judging_language(text, config.language)
    # a figure glued to a word is lost markup in any language ("Some40people"): judged by the
    # English list where no list judges the text; two glued words need the text's own list
    figures = split_number_words(text, config, lang or "en") + split_word_figures(text, config, lang or "en")
    if lang is None:
        return figures
    seen = _standalone(text)
    prose = _standalone(_ADDRESS.sub(" ", text)) if "/" in text else seen  # words outside web addresses
    splits = {}
    camels = set()
    cues = None
    for tok in seen:
        if len(tok) >= 5 and is_unknown(tok, config.censor_max_unknown_zipf, lang):
            found = split_token(tok, seen, config, language=lang)
            if not found and _CAMEL.fullmatch(tok):
                follows = re.search(rf"(?<![\w@#/._\\=:-]){tok} [A-Z][a-z]", text) is not None
                found = split_camel(tok, prose, config, name_follows=follows, language=lang)
                camels.update([tok] if found else [])
            if not found and lang == "en" and tok[:1].isupper() and tok.endswith(tuple(SPEECH_VERBS)):
                cues = _cues_of_quotes(text) if cues is None else cues
                found = split_name_cue(tok, seen, config, text, cue_of_quote=tok in cues)
            if found and found[1] in SPEECH_VERBS and found[0][:1].isupper() and re.search(
                rf"\b{tok},? (?:{'|'.join(sorted(SPEECH_VERBS))})\b", text
            ):
                continue  # '"We won," Bensaid said.': the token is a name with a cue of its own
            if found:
                splits[tok] = found
    edits = figures
    if splits:
        for m in _LETTERS.finditer(text):
            if m.group() in splits:
                if m.group() in camels and m.start() > 0 and (
                        text[m.start() - 1] in _CODE_BEFORE or text[m.start() - 1].isalnum()):
                    continue  # "@towardVenezuela", "site.getName": a handle or code, not prose
                head, tail, evidence = splits[m.group()]
                edits.append(Edit(m.start(), m.end(), f"{head} {tail}", "glued", evidence))
    return sorted(edits, key=lambda e: e.start)


def _open_marks(line: str) -> list[tuple[int, int]]:
    """(open mark index, segment end) for each quotation the line leaves open, straight or curly."""
    apostrophes = {m.start() for m in APOSTROPHE_MARK.finditer(line)}
    straight = [i for i, c in enumerate(line) if c == '"' and i not in apostrophes]
    spans: list[tuple[int, int]] = []
    if len(straight) % 2 == 1:
        # Alternate open/close from the first mark; the open mark whose segment holds the
        # glued cue is the one whose close was lost.
        for k in range(0, len(straight), 2):
            end = straight[k + 1] if k + 1 < len(straight) else len(line)
            spans.append((straight[k], end))
    if "\u201c" in line and not any(c in line for c in "\u201e\u00ab\u00bb"):
        marks = [i for i, c in enumerate(line) if c in "\u201c\u201d"]
        for a, b in zip(marks, marks[1:] + [len(line)]):
            if line[a] == "\u201c" and (b == len(line) or line[b] == "\u201c"):
                spans.append((a, b))
    return spans


def _name_cue_in_quote(line: str, m: re.Match, seen: set[str], config: RepairConfig):
    """A name glued to its cue inside a quotation left open, right after the comma that ended the
    quoted words and closing the sentence ('"It opens soon, Tarnsaid.'): ``(head, tail, evidence)``
    of :func:`split_name_cue`, else ``None``."""
    if m.start() < 2 or line[m.start() - 2 : m.start()] != ", ":
        return None
    if line[m.end() : m.end() + 1] not in (".", ""):
        return None
    return split_name_cue(m.group(), seen, config, cue_of_quote=True)


def close_glued_quotes(text: str, config: RepairConfig) -> list[Edit]:
    """Restore a closing quotation mark lost together with the space before the cue.

    In a paragraph that leaves a quotation open (an odd number of straight marks, or an
    opening curly mark with no closing one before the next), the first token inside the open
    quotation that is unknown and ends in a speech verb ("themsaid") is split, and the
    closing mark matching the opening one is put back: ``them" said``. A name glued to its cue
    right after the comma that ended the quoted words, closing the sentence (", Tarnsaid."), gets
    the mark before it: ``," Tarn said.`` (:func:`split_name_cue`).

    Words are judged in the text's own language, with its speech verbs
    (:data:`~newstrace.repair.lexicon.SPEECH_VERBS_BY_LANGUAGE`; none for a language without a
    list), as in :func:`split_glued_words`; the name-and-cue split is English only.

    Args:
        text: the document.
        config: thresholds as for :func:`split_glued_words`.

    Returns:
        Edits of kind ``glued``.

    >>> t = '"The lamps were lit for all of themsaid Warden Hoss. "Then they went out."'
    >>> [(t[e.start:e.end], e.after) for e in close_glued_quotes(t, RepairConfig())]
    [('themsaid', 'them" said')]
    """
    if '"' not in text and "\u201c" not in text:
        return []
    lang = judging_language(text, config.language)
    verbs = SPEECH_VERBS_BY_LANGUAGE.get(lang or "")
    if not verbs:
        return []
    seen = _standalone(text)
    edits: list[Edit] = []
    offset = 0
    for line in text.split("\n"):
        for open_at, seg_end in _open_marks(line) if '"' in line or "\u201c" in line else ():
            if edits and edits[-1].start >= offset:
                break  # one restored mark per paragraph: it settles the pairing
            for m in _LETTERS.finditer(line, open_at + 1, seg_end):
                # The open quotation is evidence enough for two-letter heads ("usexplained").
                found = split_token(m.group(), seen, config, verbs, min_head=2, language=lang)
                close = "\u201d" if line[open_at] == "\u201c" else '"'
                if found:
                    head, tail, evidence = found
                    why = f"quotation opened at column {open_at} is never closed; {evidence}"
                    after = f"{head}{close} {tail}"
                    edits.append(Edit(offset + m.start(), offset + m.end(), after, "glued", why))
                    break
                named = _name_cue_in_quote(line, m, seen, config) if lang == "en" else None
                if named:
                    # '"It opens soon, Tarnsaid.': the quotation ended at the comma, the name is the speaker
                    head, tail, evidence = named
                    why = f"quotation opened at column {open_at} is never closed; {evidence}"
                    after = f",{close} {head} {tail}"
                    edits.append(Edit(offset + m.start() - 2, offset + m.end(), after, "glued", why))
                    break
        offset += len(line) + 1
    return edits


__all__ = [
    "close_glued_quotes",
    "split_camel",
    "split_glued_words",
    "split_name_cue",
    "split_number_words",
    "split_token",
    "split_word_figures",
]
