"""Quotation attribution by marks and cue words, for the languages the English pipeline does not parse.

Spanish, French, German, Portuguese and Italian articles get no spaCy analysis (the shipped model
is English), yet their quotations follow the same few layouts as English ones: a cue and the
speaker after the quotation ('«...», dijo la alcaldesa, Marisa Ocampo'; '„...“, sagte Jonas
Eberhardt'; '« ... », a déclaré le maire, Étienne Valloton'), a dash and a name ('"..." — Ana
Ribeiro'), a lead-in ending in a colon or a comma with a cue or "according to" ('Helga Strobel
erklärte: „...“', 'Según Tomás Ruiz, «...»'), and a quotation resumed after its attribution in the
same paragraph. The quotation spans are those of :func:`newstrace.nlp.quote_marks.find_quote_spans`
(every language's marks); speakers are read from capitalised name runs next to a cue word of the
article's language, an unnamed speaker from an indefinite noun phrase ('un portavoz del
ministerio'). What these patterns do not cover is left unattributed, and a short span (up to
three words) or a title-case one with no cue is a title or scare quote, not a quotation.

The cue lists are the reporting verbs of news copy in each language (past and present, French
compound past and inversion), as PARC 3.0 (Pareti 2016) lists them for English.
"""

from __future__ import annotations

import re

from newstrace.nlp.quote_marks import QuoteSpan, find_quote_spans, paragraphs
from newstrace.schema import Quote

_CUE_WORDS = {
    "es": """dijo dice afirmó afirma declaró declara explicó explica añadió añade señaló señala aseguró asegura
        indicó indica comentó comenta apuntó apunta sostuvo sostiene subrayó advirtió advierte preguntó
        pregunta respondió responde contestó lamentó insistió reconoció manifestó destacó relató recordó
        precisó agregó agrega expresó admitió denunció criticó exclamó gritó concluyó""",
    "pt": """disse diz afirmou afirma declarou declara explicou explica acrescentou acrescenta sublinhou
        garantiu garante perguntou pergunta respondeu responde frisou destacou salientou contou conta
        lembrou adiantou admitiu reconheceu criticou alertou avisou insistiu concluiu""",
    "fr": """déclare dit ajoute précise affirme explique souligne indique assure estime insiste lance confie
        répond demande raconte regrette prévient avertit déplore reconnaît poursuit conclut martèle
        déclaré ajouté précisé affirmé expliqué souligné indiqué assuré estimé insisté lancé confié
        répondu demandé raconté regretté prévenu averti déploré reconnu poursuivi conclu martelé""",
    "de": """sagte sagt erklärte erklärt betonte betont meinte meint ergänzte ergänzt warnte warnt
        kritisierte kritisiert fragte fragt antwortete antwortet berichtete berichtet versicherte
        versichert mahnte mahnt räumte bekräftigte sagten erklärten so""",
    "it": """detto dichiarato spiegato aggiunto sottolineato affermato precisato ricordato risposto chiesto
        dice dichiara spiega aggiunge sottolinea afferma precisa ricorda risponde chiede disse""",
}
#: Cue words by language (lower case), from the lists above.
CUES = {lang: frozenset(words.split()) for lang, words in _CUE_WORDS.items()}
#: "According to" in each language: it introduces the speaker before or after the quotation.
ACCORDING = {
    "es": ("según",),
    "pt": ("segundo", "conforme"),
    "fr": ("selon", "d'après"),
    "de": ("laut",),
    "it": ("secondo",),
}
#: The languages this module attributes quotations for.
MARKED_LANGUAGES = frozenset(CUES)
#: Indefinite articles opening the description of an unnamed speaker ('un portavoz', 'une élue').
_INDEFINITE = frozenset("un una unos unas une des ein eine einer um uma uns umas uno".split())
#: Lower-case particles inside names ('Ana de la Vega', 'Ursula von Bremen', 'João dos Santos').
_PARTICLES = "de|del|de la|da|das|do|dos|di|du|le|la|van|von|der|den|y|e"
_CAP = r"[A-ZÀ-ÖØ-Þ][\w'’]*(?:-[A-ZÀ-ÖØ-Þ][\w'’]*)*"
#: A person's name: two to four capitalised words, particles allowed between them.
_NAME = re.compile(rf"{_CAP}(?:\s+(?:(?:{_PARTICLES})\s+)?{_CAP}){{1,3}}")
_SURNAME = re.compile(_CAP)
_DASHES = "—–―-"
#: Up to this many words, a span with no cue is a title, a name or a scare quote.
SHORT_WORDS = 3


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text)


def _clause_after(text: str, sp: QuoteSpan, para_end: int, next_open: int) -> str:
    """The words after a quotation's closing mark up to the sentence end, the paragraph end or
    the next quotation."""
    stop = min(para_end, next_open)
    seg = text[sp.outer_end : stop]
    m = re.search(r"[.!?;](?:\s|$)", seg[1:])  # a comma or stop right after the mark is not the end
    return seg[: m.start() + 1] if m else seg


def _clause_before(text: str, sp: QuoteSpan, para_start: int, prev_close: int) -> str:
    """The words before a quotation's opening mark back to the sentence start, the paragraph
    start or the previous quotation."""
    seg = text[max(para_start, prev_close) : sp.open]
    parts = re.split(r"[.!?;]\s+", seg)
    return parts[-1]


#: Definite and indefinite articles: a capitalised one opens a sentence, not a name; in German the
#: capitalised word after one is a noun ('der Bäcker Jonas Eberhardt': 'Bäcker' is his trade).
_ARTICLES = frozenset(
    "el la los las lo le les l o os a as il lo gli der die das den dem des ein eine einer einem eines un una une um uma".split()
)
#: Prepositions: a capitalised run after one is a place or a body ('del Puerto de Calvera'), no speaker.
_PREPOSITIONS = frozenset(
    "de del da do das dos du des d à a al au aux en em no na nos nas di della dello dei von vom zum zur aus in im bei "
    "für mit por para pour sur dans".split()
)


def _runs(seg: str, lang: str) -> list[tuple[int, str]]:
    """Person-name runs of ``seg`` as ``(offset, name)``: capitalised runs (:data:`_NAME`) less a
    leading article, cue word or indefinite, less a German noun after an article, and none that
    follows a preposition."""
    out = []
    for m in _NAME.finditer(seg):
        words = m.group(0).split()
        before = re.findall(r"[\w'’]+", seg[: m.start()])
        prev = before[-1].casefold() if before else ""
        prev2 = before[-2].casefold() if len(before) > 1 else ""
        if prev in _PREPOSITIONS or (prev in _ARTICLES and prev2 in _PREPOSITIONS):
            continue  # 'de la Guardia Nacional'

        if lang == "de" and prev in _ARTICLES:
            words = words[1:]  # 'der Bäcker Jonas Eberhardt'
        while words and (words[0].casefold() in _ARTICLES or words[0].casefold() in CUES.get(lang, ())):
            drop_noun = lang == "de" and words[0].casefold() in _ARTICLES
            words = words[2:] if drop_noun else words[1:]
        if len(_words(" ".join(words))) >= 2:
            out.append((m.start(), " ".join(words)))
    return out


class _Names:
    """Full names of the article in order, to read a surname alone as the person ('Ocampo' after
    'Marisa Ocampo') and give every speaker the fullest name the article gives."""

    def __init__(self, text: str, lang: str) -> None:
        self.lang = lang
        self.full: list[tuple[int, str]] = _runs(text, lang)

    def canonical(self, name: str) -> str:
        """The fullest name the article gives for ``name`` (same last word, more words)."""
        last = name.split()[-1].casefold()
        best = name
        for _, full in self.full:
            if full.split()[-1].casefold() == last and len(full) > len(best):
                best = full
        return best

    def in_segment(self, seg: str, from_end: bool = False) -> str | None:
        """The person named in ``seg``: its first (or last) full-name run, else a single
        capitalised word that is the surname of a full name of the article."""
        runs = [name for _, name in _runs(seg, self.lang)]
        if runs:
            return self.canonical(runs[-1] if from_end else runs[0])
        lasts = {full.split()[-1].casefold(): full for _, full in self.full}
        for m in _SURNAME.finditer(seg):
            if m.group(0).casefold() in lasts:
                return lasts[m.group(0).casefold()]
        return None


def _unnamed(seg: str) -> str | None:
    """An indefinite noun phrase naming an unnamed speaker ('un portavoz del ministerio'), up to a
    comma or the end; ``None`` when ``seg`` does not open with one."""
    words = seg.strip(" ,").split()
    if not words or words[0].lower() not in _INDEFINITE or len(words) < 2:
        return None
    return re.split(r"[,;]", seg.strip(" ,"))[0].strip()


#: Per language, a pattern of its cue words and "according to" words, longest first, as whole words.
_CUE_PATTERNS = {
    lang: re.compile(r"(?<![\w'’-])(?:" + "|".join(map(re.escape, sorted(CUES[lang] | set(ACCORDING[lang]),
                                                                       key=len, reverse=True)))
                     + r")(?![\w-])", re.IGNORECASE)
    for lang in CUES
}


def _cue_in(seg: str, lang: str) -> re.Match | None:
    """The first cue word of ``lang`` in ``seg`` (whole words, any case)."""
    return _CUE_PATTERNS[lang].search(seg)


def extract_marked_quotes(text: str, lang: str) -> list[Quote]:
    """Quotations of a Spanish, French, German, Portuguese or Italian article with their speakers.

    Args:
        text: the article body (paragraphs separated by blank lines).
        lang: its ISO 639-1 code; one of :data:`MARKED_LANGUAGES`, else nothing is returned.

    Returns:
        ``list[Quote]`` in text order; ``speaker`` is the fullest name the article gives, an
        unnamed speaker's description (``speaker_is_unnamed``) or ``None``. Never raises on
        unbalanced marks.
    """
    if lang not in MARKED_LANGUAGES:
        return []
    spans = find_quote_spans(text)
    paras = paragraphs(text)
    names = _Names(text, lang)
    out: list[Quote] = []
    last: tuple[int, str | None, bool, str | None] | None = None  # (paragraph, speaker, unnamed, cue)
    for k, sp in enumerate(spans):
        p = next((n for n, (a, b) in enumerate(paras) if a <= sp.open < b), 0)
        a, b = paras[p]
        nxt = spans[k + 1].open if k + 1 < len(spans) else len(text)
        prev = spans[k - 1].outer_end if k else 0
        after = _clause_after(text, sp, b, nxt)
        before = _clause_before(text, sp, a, prev)
        speaker, unnamed, cue = None, False, None
        if after.strip() and after.strip()[0] in _DASHES and not before.strip():
            speaker, cue = names.in_segment(after.split(",")[0]), after.strip()[0]
        elif (m := _cue_in(after, lang)) is not None and not _words(after[: m.start()])[3:]:
            rest = after[m.end() :]
            desc = _unnamed(rest)  # 'señala un sargento de la Guardia Nacional': the sergeant speaks
            speaker = None if desc else names.in_segment(after[: m.start()]) or names.in_segment(rest)
            if speaker is None and desc is not None:
                speaker, unnamed = desc, True
            cue = m.group(0)
        elif before.rstrip()[-1:] in {":", ","} and (m := _cue_in(before, lang)) is not None:
            speaker = names.in_segment(before, from_end=False)
            if speaker is None and (desc := _unnamed(before[m.end() :])) is not None:
                speaker, unnamed = desc, True  # 'Según un portavoz del ministerio, «...»'
            cue = m.group(0)
        elif (
            not before.strip() and last is not None and last[0] == p and k and spans[k - 1].close is not None
        ):
            speaker, unnamed, cue = last[1], last[2], last[3]  # resumed after its attribution
        content = text[sp.start : sp.end].rstrip(" ,;:")
        n = len(_words(content))
        title = all(w[:1].isupper() for w in _words(content) if len(w) > 3)
        kind = "direct" if not before.strip() or before.rstrip()[-1:] in {":", ","} else "partial"
        if cue is None and (n <= SHORT_WORDS or title or kind == "partial"):
            continue  # a title, name or scare quote; a fragment inside a sentence nobody is said to say
        if cue is not None:
            last = (p, speaker, unnamed, cue)
        out.append(
            Quote(
                content=content,
                speaker=speaker,
                speaker_is_unnamed=unnamed,
                cue=cue,
                start=sp.start,
                end=sp.start + len(content),
                kind=kind,
                confidence=0.7 if speaker else 0.3,
            )
        )
    return out
