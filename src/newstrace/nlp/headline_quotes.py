"""Quotations in a headline, their speaker from the body quotation they repeat or the headline's own
attribution, and their cue from that attribution."""

from __future__ import annotations

import re

from newstrace.nlp.cues import is_cue_word, is_person_noun
from newstrace.nlp.entities import fold
from newstrace.nlp.quote_marks import QuoteSpan, find_quote_spans
from newstrace.nlp.quote_text import DASHES, SENTENCE_PUNCT, is_title_case, split_words
from newstrace.nlp.speakers import speaker_name
from newstrace.schema import Entity, Quote

#: Shortest share of a headline quotation's words that a body quotation must hold, in order,
#: to be the same quotation: headlines cut a quotation's sentences ('I lost everything. What
#: I did was worth nothing' for '... I lost everything: my family, my house. What I did was
#: worth nothing. ...'), so the test is a word subsequence, not a substring.
HEADLINE_MATCH_SHARE = 0.8


def _common_words(a: list[str], b: list[str]) -> int:
    """Length of the longest common subsequence of two word lists (dynamic programming)."""
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def _same_quotation(head: list[str], body: list[str]) -> float:
    """Share of the headline quotation's words found in order in a body quotation (0..1)."""
    if not head or not body:
        return 0.0
    return _common_words(head, body) / len(head)


def _body_speaker(content: str, body: list[Quote]) -> tuple[str | None, bool]:
    """Speaker (and whether unnamed) of the body quotation a headline quotation repeats.

    The whole headline quotation is looked for first (:func:`_same_quotation` at least
    :data:`HEADLINE_MATCH_SHARE`, the best share winning, the earlier on a tie); failing
    that, each of its sentences of three words or more, which the body may quote apart
    ('"I lost everything," he said. "What I did was worth nothing."'): all must be found,
    and with one speaker.
    """
    said = [(q, split_words(fold(q.content))) for q in body if q.speaker]

    def best_for(words: list[str]) -> Quote | None:
        found, best = None, HEADLINE_MATCH_SHARE
        for q, qw in said:
            share = _same_quotation(words, qw)
            if share >= best and (found is None or share > best):
                found, best = q, share
        return found

    whole = best_for(split_words(fold(content)))
    if whole is not None:
        return whole.speaker, whole.speaker_is_unnamed
    parts = [split_words(fold(p)) for p in re.split(r"[.!?;:…]+", content)]
    parts = [p for p in parts if len(p) >= 3]
    if len(parts) >= 2:
        found = [best_for(p) for p in parts]
        if all(found) and len({q.speaker for q in found}) == 1:
            return found[0].speaker, found[0].speaker_is_unnamed
    return None, False


def _named_person(segment: str, entities: list[Entity]) -> str | None:
    """The person an article entity names in a headline segment (by surname), or ``None``."""
    words = split_words(fold(segment))
    best = None
    for ent in entities:
        if ent.label != "PERSON":
            continue
        last = fold(ent.canonical.split()[-1])
        if last in words and (best is None or words.index(last) < words.index(best[0])):
            best = (last, ent.canonical)
    return speaker_name(best[1]) if best else None


def _headline_cue_speaker(headline: str, sp: QuoteSpan, entities: list[Entity]) -> tuple[str | None, bool, str | None]:
    """The speaker and cue a headline's own attribution gives a quotation: ``(speaker, unnamed, cue)``,
    each ``None`` (``unnamed`` False) when it gives none.

    Headline attributions are short: a lead-in name or role ('Lund: "..."', 'Mayor vows: "..."'), a
    speech verb and its subject before ('Lund warns "..."') or after ('"...", says Lund', '"...":
    Lund says', '"...," vows Port Calder mayor'), a colon and a name after ('"...": Lund'), or a dash
    and a name ('"..." — Lund'). The speaker is the person an article entity names there, else a
    role the words give ('Port Calder mayor', unnamed); a person merely mentioned elsewhere in the
    headline ('"...": officers who backed Lund are jailed') is no speaker.
    """
    before = re.split(r"[.!?;|]\s", headline[: sp.open])[-1].strip()
    after = headline[sp.outer_end :].strip()

    def attributed(words: list[str], cue: str | None) -> tuple[str | None, bool, str | None]:
        person = _named_person(" ".join(words), entities)
        if person is not None:
            return person, False, cue
        role = [w for w in words if not is_cue_word(w)]
        if role and is_person_noun(role[-1]):  # the head noun ends the phrase: not 'Port Calder floods'
            return " ".join(role), True, cue  # '"...," says mayor': a role, unnamed in the headline
        return None, False, None

    if before.endswith(":"):
        lead = split_words(before[:-1])
        if len(lead) <= 4 or any(is_cue_word(w) for w in lead):
            return attributed(lead[-4:], next((w for w in lead if is_cue_word(w)), ":"))
    if before:
        near = split_words(before)[-4:]
        cue = next((w for w in near if is_cue_word(w)), None)
        if cue is not None:
            return attributed(near, cue)
    if after[:1] and after[0] in DASHES:
        return attributed(split_words(after)[:4], after[0])
    if after[:1] in {",", ":"} or (after and not before):
        near = split_words(re.split(r"[.!?;|]\s", after)[0])[:4]
        cue = next((w for w in near if is_cue_word(w)), None)
        if cue is not None:
            return attributed(near, cue)
        if after[:1] == ":" and 0 < len(near) <= 3 and len(split_words(after)) <= 3:
            person = _named_person(" ".join(near), entities)  # '"We will rebuild": Solvang'
            if person is not None:
                return person, False, ":"
    return None, False, None


def headline_quotes(headline: str, body: list[Quote], entities: list[Entity]) -> list[Quote]:
    """Quotations in a headline: speaker from the body quotation they repeat, else from the
    headline's own attribution, else none (a name the headline only mentions is no speaker).

    Args:
        headline: the article's headline.
        body: the body's quotations (:func:`newstrace.nlp.quotes.extract_quotes`), in text order.
        entities: the article's entities (canonical person names).

    Returns:
        ``list[Quote]`` with ``in_headline=True``, ``start == end == -1`` and ``kind`` 'direct';
        spans of fewer than two words and names or titles in marks are left out.
    """
    out = []
    for sp in find_quote_spans(headline):
        content = headline[sp.start : sp.end].rstrip(" " + SENTENCE_PUNCT)
        if len(split_words(content)) < 2 or is_title_case(content):
            continue
        speaker, unnamed = _body_speaker(content, body)
        own, own_unnamed, cue = _headline_cue_speaker(headline, sp, entities)
        if speaker is None:
            speaker, unnamed = own, own_unnamed
        out.append(
            Quote(
                content=content,
                speaker=speaker,
                speaker_is_unnamed=unnamed,
                cue=cue,
                start=-1,
                end=-1,
                kind="direct",
                in_headline=True,
                confidence=0.6 if speaker else 0.3,
            )
        )
    return out
