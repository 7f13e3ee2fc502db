"""Sentence boundaries in news text: abbreviations, initials, number signs and ordinals per language.

Only regular expressions and word lists (no imports from the rest of newstrace), so that both
the structure stage (is a first line the body's lead sentence?) and provenance tracing
(sentences as alignment units) split sentences by the same rules at no import cost.
"""

from __future__ import annotations

import re

# a sentence's end, before the next one's capital; the next may open with a quotation mark (German
# and Polish low marks „...“ and ‚...‘, Danish and German »...«), and French sets its guillemets
# apart with a (no-break) space ("« Nous ...", "... nous ! »")
# and Chinese, Japanese and Korean sentences have no capital (the next one opens with its first
# character); "。！？" end a sentence with no space after them, unless a closing bracket and a
# quotative particle follow (「…だ。」と述べた: the quotation ends, the sentence goes on)
_SENT_END = re.compile(r"[.!?…](?:[\s\u00a0\u202f]?[\"”’»“‘)\]])*\s+(?=(?:[\"“‘„‚»(¿¡\[]|«[\s\u00a0\u202f]?)?[A-ZÀ-ÖØ-ÞΑ-ΩА-Я0-9\u3041-\u30ff\u3400-\u9fff\uac00-\ud7af「『])")
_CJK_SENT_END = re.compile(r"[。！？](?:[」』”’）)])*\s*(?=[^\s」』”’）)とっ、，。！？])")

# Abbreviations that stand before a name or number and never end a sentence (titles, ranks,
# "e.g."), per language; compared case-sensitively, as written without the final full stop.
_TITLE_ABBREVIATIONS = frozenset(
    # English titles and ranks
    "Mr Mrs Ms Messrs Dr Drs Prof Profs Sgt Sgts Gen Gens Col Lt Capt Cpl Pvt Pfc Spc Maj Adm Cmdr Cdr "
    "Brig Gov Govs Sen Sens Rep Reps Pres Rev Revs Hon Atty Supt Insp Det Amb Msgr Fr Sra Srta Dra "
    "Rt Ald Asst Assoc Lieut Sec Treas Dist Cong Mx "
    # Spanish and Portuguese titles and ranks
    "Sres Sras Dña Lic Licda Ing Arq Gral Cnel Tte Sgto Cap Pdte Dip Mons Excmo Excma Ilmo Ud Uds Vd Vds Sto Sta "
    # German and French titles
    "Hr Hrn Frl Dipl Mme Mlle Mmes MM Me Pr Mgr Ste "
    # forms that introduce what follows (e.g., i.e., cf., vs.), English and other languages
    "e.g i.e cf vs viz approx ca bzw z.B u.a d.h s.o s.u o.ä v.a p.ej aprox cca "
    # Greek: "κ." / "κκ." (Mr / Messrs), "π.χ." (e.g.)
    "κ κκ π.χ δηλ".split()
)
# Abbreviations that also end sentences ("Acme Inc. The ..."; "in the U.S. The ..."): a boundary
# after one needs the next word to be a word that opens sentences (single capitals, "S." for
# "Sur", follow the same rule in _is_boundary).
_AMBIGUOUS_ABBREVIATIONS = frozenset(
    "Inc Corp Co Cos Ltd Plc Bros Jr Sr St Mt Ft Ave Blvd Rd Hwy Univ Dept Assn Intl Natl Govt "
    "etc al usw Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Tue Tues Thu Thur Thurs Fri "
    "ene abr dic janv févr avr juil déc Okt Dez Mio Mrd Tsd Abs Bd Nr ff kgs lbs oz mins hrs yrs "
    "κλπ χλμ".split()
)
# Abbreviations that stand before a number: "No. 5", "Nr. 12", "Art. 3", "p. 14", "Vol. 2".
# ("scheme no. 3" as often as "No. 3": a sentence ending on "no." before a figure is rarer)
_NUMBER_ABBREVIATIONS = frozenset("No Nos no nos Nr Nro Núm núm Art Vol Fig Ch Op Ref pp p n nº Pag Pág pág Tel".split())
# Words that open sentences (EN/ES/PT/DE/FR function words): after an ambiguous abbreviation
# ("U.S.", "Inc.") a capitalised one of these shows a boundary, while a name ("U.S. Treasury") does not.
_SENTENCE_OPENERS = frozenset(
    "the a an he she it they we i you his her its their our my your this that these those there here "
    "but and or so yet in on at by for from with after before when while as if although though since "
    "meanwhile however also some many most other others one two three all both each no not none "
    "what who which where why how then now still earlier later last next under despite according "
    "el la los las un una unos unas lo pero en este esta estos estas ese esa según sin con por para "
    "también además sus su al del ella ellos o os um uma mas no na nos nas ele eles "
    "der die das ein eine er sie es wir aber und im am auch nach bei mit von zu dem den des "
    "le les il elle ils elles mais et dans selon ce cette ces au aux du une".split()
)
# German ordinal before a month ("am 3. Oktober"): the full stop marks the ordinal.
_MONTHS = frozenset(
    "januar jänner februar märz april mai juni juli august september oktober november dezember "
    "january february march june july october december "
    "janvier février mars avril juin juillet août septembre octobre novembre décembre".split()
)
# German words that stand before an ordinal written as a figure and a full stop ("der 18. Unfall",
# "zum 3. Mal", "seinen 80. Geburtstag", "im 20. Jahrhundert"): articles, contractions and possessives,
# casefolded ("am" is left out: English "I am 18."). The noun after the ordinal has a capital, as a new
# sentence's first word has.
_GERMAN_ORDINAL_DETERMINERS = frozenset(
    "der die das dem den des im vom zum zur beim ins ihr ihre ihrem ihren ihres sein seine seinem "
    "seinen seines unser unsere jeder jede jedes jedem jeden dieser diese dieses diesem diesen".split()
)
# Particles opening surnames ("La Roche", "De Vries", "Van Dyke") that are also sentence-opening
# words: after an initial, one followed by a capitalised word is part of the name.
_NAME_PARTICLES = frozenset("la le de del da das dos du des di van von den der st".split())
_DOTTED = re.compile(r"^(?:[^\W\d_]{1,2}\.)+[^\W\d_]{1,2}$")
_OPENING_MARKS = "\"“‘«(¿¡[„'"
_NEXT_WORD = re.compile(r"[\"“‘«(¿¡\[]*(\w+)")


def _is_boundary(line: str, dot: int, after: int) -> bool:
    """Whether the full stop at ``line[dot]`` ends a sentence, given the next text at ``line[after]``.

    The word before the full stop decides: a title or "e.g." never ends one, "No." or "p." before
    a number is a number sign, a lowercase single letter is part of an abbreviation ("z. B."), a
    German ordinal stands before a month name or after an article ("der 18. Unfall", "zum 3. Mal";
    not before a sentence-opening word: "Sie kam zum 18. Der Zug ..."), and a single capital letter ("John F. Kennedy"
    against "Plan B. The ...") or an abbreviation that may also end a sentence ("U.S.", "Inc.",
    "Jan.") ends one only when the next word is one that opens sentences ("The", "But", "El").
    """
    begin = line.rfind(" ", 0, dot) + 1
    word = line[begin:dot].lstrip(_OPENING_MARKS)
    if not word:
        return True
    m = _NEXT_WORD.match(line, after)
    nxt = m.group(1) if m else ""
    if word in _TITLE_ABBREVIATIONS:
        return False
    if word in _NUMBER_ABBREVIATIONS and nxt[:1].isdecimal():
        return False
    if len(word) == 1 and word.isalpha():
        # a lowercase letter is part of an abbreviation ("z. B.", "u. a."), as is a capital after
        # one; a capital is an initial ("John F. Kennedy") unless a sentence-opening word follows
        # ("They chose Plan B. The plan failed.")
        if not word.isupper() or re.search(r"(?:^|\s)[^\W\d_]\.\s*$", line[:begin]):
            return False
        if nxt.casefold() in _NAME_PARTICLES and m and line[m.end():m.end() + 2].strip()[:1].isupper():
            return False  # a surname with a particle after an initial: "David F. La Roche"
        return nxt.casefold() in _SENTENCE_OPENERS
    if word in _NUMBER_ABBREVIATIONS:
        return True
    if word.isdecimal():
        if len(word) <= 3 and nxt.casefold() not in _SENTENCE_OPENERS:
            before = line[:begin].split()
            if before and before[-1].casefold() in _GERMAN_ORDINAL_DETERMINERS:
                return False  # "Es war der 18. Unfall": a German ordinal before its noun
        return not (len(word) <= 2 and nxt.casefold() in _MONTHS)
    if word in _AMBIGUOUS_ABBREVIATIONS or _DOTTED.match(word):
        return nxt.casefold() in _SENTENCE_OPENERS
    return True


def sentence_ends(line: str) -> list[int]:
    """Offsets in ``line`` (one paragraph) where sentences end, after any closing marks and space.

    Candidates are sentence-final punctuation (``. ! ? …``, then closing quotation marks or
    brackets) followed by space and a capital letter, digit, opening mark or Chinese, Japanese or
    Korean letter, and Chinese and Japanese ``。！？`` followed by any text (no space) but a
    quotative particle after a closing bracket; a full stop is a
    boundary only when :func:`_is_boundary` says the word before it is not an abbreviation or
    initial. Rules written for this project (abbreviation lists for English, Spanish,
    Portuguese, German, French and Greek news text), after the approach of rule-based splitters
    such as pySBD (Sadvilkar & Neumann, 2020) but without its per-language regular-expression
    passes, so it stays cheap enough to run on every article at ingest and trace.

    Args:
        line: one paragraph (no newline).

    Returns:
        Increasing end offsets (int) of every sentence but the last.
    """
    ends = []
    for m in _SENT_END.finditer(line):
        if line[m.start()] != "." or _is_boundary(line, m.start(), m.end()):
            ends.append(m.end())
    if not line.isascii():  # a second pattern: one with both ends scanned a line half as fast
        ends = sorted(set(ends).union(m.end() for m in _CJK_SENT_END.finditer(line)))
    return ends


def split_sentences(text: str) -> list[str]:
    """Split an article body into sentences: one per line, then at sentence ends (:func:`sentence_ends`).

    Args:
        text: paragraphs separated by newlines (blank lines allowed).

    Returns:
        Non-empty sentences (str), stripped, in order.
    """
    out: list[str] = []
    for line in text.split("\n"):
        line = line.strip()
        if not line:
            continue
        start = 0
        for end in sentence_ends(line):
            out.append(line[start:end].strip())
            start = end
        if line[start:].strip():
            out.append(line[start:].strip())
    return out
