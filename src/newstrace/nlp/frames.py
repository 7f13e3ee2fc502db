"""Attribution frames after a quotation: '"...," was all Lund would say', '"..." is what she told reporters'.

A frame is attribution, not content: a form of "be", then "all", "what", "everything", "how",
"the only thing" or "as much as" and a clause whose verb speaks, or a speech noun with its owner
('was Lund's only comment'). Its subject (or the noun's owner) is the quotation's speaker. A
frame a stray closing mark caught inside the quotation ('"We stay, was all Lund would say."') is
cut from the content first (:func:`cut_content_frame`).
"""

from __future__ import annotations

import re
from collections.abc import Collection

from newstrace.nlp.cues import FRAME_MODIFIERS, FRAME_VERBS, SPEECH_NOUNS, SPEECH_VERBS, is_cue, is_cue_word
from newstrace.nlp.quote_marks import QuoteSpan
from newstrace.nlp.speakers import MentionIndex, Referent

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: An attribution frame closing a quotation's content when the closing mark strayed after it
#: ('"We stay, was all Lund would say."'): a form of "be", a free relative or "all" ('all',
#: 'what', 'everything', 'how', 'the only thing') and a clause ending in its verb.
CONTENT_FRAME = re.compile(
    r"(?:,\s*|\s+)(?:is|was|were|are|'s|’s)\s+(?:(?:about|nearly|almost|just|essentially|basically)\s+)?"
    r"(?:all|what|everything|how|the\s+only\s+thing|as\s+much\s+as)\s+[^.!?;:\"“”]{1,80}?\b([^\W\d_]+)"
    r"(?:\s+it)?\s*[.!?]*\s*$",
    re.IGNORECASE,
)
#: Words between a frame's "be" and its head that change nothing ('was about all', 'is pretty much all').
_FRAME_ADVERBS = frozenset(
    {"about", "nearly", "almost", "just", "pretty", "much", "essentially", "basically"}
)


def to_comma(doc, toks: list[int], opens: Collection[int] = ()) -> list[int]:
    """The tokens of ``toks`` up to the first comma, semicolon or colon, or the first token that
    starts at a character offset in ``opens`` (opening quotation marks); leading ones skipped.

    Args:
        doc: the ``Doc``.
        toks: token indices, in order.
        opens: character offsets of opening quotation marks, or none.

    Returns:
        The indices of the first segment of ``toks``.
    """
    out: list[int] = []
    for i in toks:
        if doc[i].text in {",", ";", ":"} or doc[i].idx in opens:
            if out:
                break
            continue
        out.append(i)
    return out


def frame_after(idx: MentionIndex, after: list[int], before: list[int]) -> tuple[Referent | None, str] | None:
    """An attribution frame after a quotation that opens its sentence: a form of "be", then
    "all", "what", "everything", "how", "the only thing" or "as much as" and a clause whose
    verb is a speech or frame verb ('"...," was all Lund would say', '"..." is what she told
    reporters', '"..." was about all the ministry was prepared to offer'), or a speech noun
    with its owner ('"..." was Lund's only comment', '"..." was his reply', '"..." was the
    only comment from the ministry'). The frame is attribution, not content: its subject
    (or the noun's owner) is the speaker.

    Args:
        after: token indices after the quotation up to the sentence end (spaces left out).
        before: token indices before it in its sentence; only conjunctions and adverbs may
            stand there ('But "no," was all she said').

    Returns:
        ``(speaker, cue)``, the cue being the frame's verb or speech noun (the speaker may be
        a pronoun still to resolve), or ``None`` when the words after are no such frame.
    """
    doc = idx.doc
    toks = [i for i in after if not doc[i].is_space]
    if len(toks) < 3 or doc[toks[0]].lemma_.lower() != "be" or doc[toks[0]].tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    if any(doc[i].pos_ not in ("CCONJ", "ADV") and doc[i].text != "," for i in before):
        return None
    words = [doc[i].lower_ for i in toks]

    def at(j: int) -> str:
        return words[j] if j < len(words) else ""

    j = 1
    while at(j) in _FRAME_ADVERBS:
        j += 1
    if at(j) in {"all", "everything", "what", "whatever", "how"}:
        j += 1
        if at(j) in {"that", "which"}:
            j += 1
    elif (at(j), at(j + 1), at(j + 2)) == ("as", "much", "as"):
        j += 3
    else:
        return _frame_noun(idx, toks, j)
    return _frame_clause(idx, toks, j)


def _frame_noun(idx: MentionIndex, toks: list[int], j: int) -> tuple[Referent | None, str] | None:
    """A frame headed by a noun from ``toks[j]``: 'the only thing she said', 'Lund's only
    comment', 'his reply', 'the only comment from the ministry' (see :func:`frame_after`)."""
    doc = idx.doc
    n = len(toks)
    owner: list[int] = []
    pronoun = None
    if j < n and doc[toks[j]].lower_ == "the":
        j += 1
    elif j < n and doc[toks[j]].tag_ == "PRP$":
        pronoun, j = toks[j], j + 1
    else:
        k = j
        while k < n and k - j < 6 and doc[toks[k]].text not in {"'s", "’s"}:
            k += 1
        if k >= n or k == j:
            return None
        owner, j = toks[j:k], k + 1
    while j < n and doc[toks[j]].lower_ in FRAME_MODIFIERS:
        j += 1
    if j >= n:
        return None
    head = doc[toks[j]]
    if owner or pronoun is not None:
        if head.lower_ not in SPEECH_NOUNS:
            return None
        if pronoun is not None:
            p = doc[pronoun]
            gender = {"his": "m", "her": "f"}.get(p.lower_, "")
            ref = Referent(p.lower_, False, p.idx, p.idx + len(p), pronoun=True, gender=gender)
            return (ref, head.text) if p.lower_ in ("his", "her", "their") else None
        ref = idx.referent_in(owner)
        return (ref, head.text) if ref is not None else None
    if head.lower_ in {"thing", "things", "word", "words"}:
        j += 1
        if j < n and doc[toks[j]].lower_ in {"that", "which"}:
            j += 1
        return _frame_clause(idx, toks, j)
    if head.lower_ in SPEECH_NOUNS:
        if j + 1 < n and doc[toks[j + 1]].lower_ in {"from", "by", "of"}:
            seg = to_comma(doc, toks[j + 2 :])
            ref = idx.referent_in(seg) if seg else None
            return (ref, head.text) if ref is not None else None
        j += 1
        if j < n and doc[toks[j]].lower_ in {"that", "which"}:
            j += 1
        return _frame_clause(idx, toks, j)  # 'the message Lund gave reporters'
    return None


def _frame_clause(idx: MentionIndex, toks: list[int], j: int) -> tuple[Referent | None, str] | None:
    """The subject and verb of a frame's clause from ``toks[j]`` ('Lund would say', 'the
    ministry was prepared to offer'): the verb is the first speech or frame verb within
    twelve words, the subject the noun phrase before its auxiliaries, modals and catenatives."""
    doc = idx.doc
    verb = None
    for k in range(j, min(len(toks), j + 12)):
        t = doc[toks[k]]
        if t.is_punct:
            return None
        if t.tag_.startswith("VB") and (is_cue(t) or t.lemma_.lower() in FRAME_VERBS | SPEECH_VERBS):
            if t.lower_ == "put" and (k + 1 >= len(toks) or doc[toks[k + 1]].lower_ != "it"):
                continue  # 'is how she put it', not 'put the plan'
            verb = k
            break
    if verb is None:
        return None
    subject = toks[j:verb]
    while subject and (
        doc[subject[-1]].pos_ in ("AUX", "PART", "ADV", "VERB", "ADJ")
        or doc[subject[-1]].tag_ in ("MD", "TO")
    ):
        subject = subject[:-1]  # 'would', 'was prepared to', 'cared to', 'could bring herself to'
    if not subject or doc[subject[-1]].pos_ not in ("NOUN", "PROPN", "PRON"):
        return None
    ref = idx.referent_in(subject)
    return (ref, doc[toks[verb]].text) if ref is not None else None


def cut_content_frame(text: str, sp: QuoteSpan) -> None:
    """Cut an attribution frame from the end of a quotation's content when the closing mark
    strayed after it ('"We stay, was all Lund would say."', or no closing mark at all): the
    content ends before the frame, and the frame is read after the quotation as its attribution.

    Args:
        text: the article text.
        sp: the quotation; changed in place (``end`` before the frame, ``close`` at the frame's
            start with a zero-length mark) when its content ends in a frame
            (:data:`CONTENT_FRAME`) whose last word is a speech or frame verb.
    """
    lo = max(sp.start, sp.end - 160)
    m = CONTENT_FRAME.search(text, lo, sp.end)
    if m is None:
        return
    verb = m.group(1).lower()
    if not (is_cue_word(verb) or verb in FRAME_VERBS or verb in SPEECH_VERBS):
        return
    cut = m.start()
    if len(_WORD.findall(text[sp.start : cut])) < 2 or sp.paragraphs and cut < sp.paragraphs[-1][0]:
        return
    sp.end = cut + 1 if text[cut] == "," else cut  # the comma goes with the sentence, as after a closing mark
    sp.close, sp.close_len = m.start() + len(m.group(0)) - len(m.group(0).lstrip(", \t\n")), 0
    if sp.paragraphs:
        sp.paragraphs[-1] = (sp.paragraphs[-1][0], sp.end)
