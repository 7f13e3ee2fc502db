"""Hedges and number qualifiers ("almost", "reportedly", "may", "al menos") removed or added between two aligned sentences."""

from __future__ import annotations

import re

from newstrace.provenance.figures import QUALIFIERS_BY_LANGUAGE, _qualifier_diff, rounded_qualifier
from newstrace.provenance.text import Sentence
from newstrace.schema import Change

#: Hedges outside numbers (EN/ES/PT, folded): words and phrases that mark a claim as unconfirmed or
#: possible. One removed turns a report into an assertion; one added weakens it. Modal verbs count
#: ("may", "could"): "the dam could fail" and "the dam will fail" are different claims.
HEDGE_WORDS = frozenset(
    ["reportedly", "allegedly", "apparently", "purportedly", "supposedly", "possibly", "probably", "likely",
     "unlikely", "perhaps", "maybe", "presumably", "seemingly", "may", "might", "could", "alleged", "suspected",
     "unconfirmed", "presuntamente", "supuestamente", "posiblemente", "probablemente", "aparentemente", "quizas",
     "quiza", "podria", "podrian", "presunto", "presunta", "presuntos", "presuntas", "alegadamente",
     "possivelmente", "provavelmente", "talvez", "poderia", "poderiam", "suposto", "suposta"]
)
#: Hedging phrases (folded, matched on word boundaries).
HEDGE_PHRASES = ("is believed to", "are believed to", "is thought to", "are thought to", "is said to", "are said to",
                 "appears to", "appear to", "seems to", "seem to", "according to unconfirmed", "al parecer",
                 "segun fuentes", "se cree que", "ao que parece")
_HEDGE_PHRASE = re.compile(r"\b(" + "|".join(re.escape(p) for p in HEDGE_PHRASES) + r")\b")
#: Languages whose number qualifiers :data:`~newstrace.provenance.figures.QUALIFIERS_BY_LANGUAGE`
#: lists: a translation between two of them may be compared on its qualifiers ("almost three months"
#: -> "tres meses" drops the hedge; "at least 17" -> "al menos 17", "environ 300" -> "about 300" keep it).
QUALIFIER_LANGUAGES = frozenset(QUALIFIERS_BY_LANGUAGE)


def _hedges(s: Sentence) -> list[str]:
    """Hedge words and phrases of a sentence (:data:`HEDGE_WORDS`, :data:`HEDGE_PHRASES`), folded,
    in reading order; "May" written with a capital is the month."""
    out = [w for w, r in zip(s.words, s.raw) if w in HEDGE_WORDS and not (w == "may" and r[:1].isupper())]
    return out + _HEDGE_PHRASE.findall(" ".join(s.words))


def hedge_changes(copy: Sentence, origin: Sentence, qualifiers: bool = True, words: bool = True,
                  spans: tuple[Sentence, Sentence] | None = None) -> list[Change]:
    """Hedges and number qualifiers removed or added between two aligned sentences.

    A qualifier of a number ("almost three months" -> "three months", "son setecientos" -> "son cerca
    de setecientos") removed or added where the other side has none of that meaning group
    (:data:`QUALIFIER_GROUPS`; a swap between groups is a number change, :func:`number_changes`);
    a hedge word or phrase (:data:`HEDGE_WORDS`: "reportedly", "allegedly", "may", "could") removed
    or added where the other side has fewer of them (one hedge swapped for another is no change).

    Args:
        copy, origin: the aligned sentences.
        qualifiers: compare number qualifiers (both languages in :data:`QUALIFIER_LANGUAGES`).
        words: compare hedge words (one language: a translation's modal verbs are not listed).
        spans: the copy's and the origin's text whose figures are compared (:func:`number_changes`),
            where one side merged a neighbouring sentence ("cerca de 300" in the origin's next
            sentence, joined in the copy, is not a qualifier added); the two sentences when None.
            A qualifier of a rounding ("nearly 600,000" against "622,431") is no hedge
            (:func:`~newstrace.provenance.figures.rounded_qualifier`).

    Returns:
        ``hedge`` Changes with both sentences and a detail "hedge removed: almost (before 3)" or
        "hedge added: al menos (before 30)".
    """
    out = []
    if qualifiers:
        c_span, o_span = spans or (copy, origin)
        _, _, only_a, only_b = _qualifier_diff(c_span, o_span)
        if not (only_a and only_b):
            for side, only, own, other in (("removed", only_a, o_span, c_span), ("added", only_b, c_span, o_span)):
                for q, group, num in only:
                    if rounded_qualifier(num, group, own, other):
                        continue
                    out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                                      detail=f"hedge {side}: {q}" + (f" (before {num})" if num else "")))
    if words:
        ha, hb = _hedges(origin), _hedges(copy)
        if len(ha) > len(hb):
            gone = [h for h in ha if h not in hb] or ha[len(hb):]
            out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                              detail=f"hedge removed: {', '.join(gone)}"))
        elif len(hb) > len(ha):
            added = [h for h in hb if h not in ha] or hb[len(ha):]
            out.append(Change(kind="hedge", origin_text=origin.text, copy_text=copy.text,
                              detail=f"hedge added: {', '.join(added)}"))
    return out
