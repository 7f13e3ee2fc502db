"""Censor-filter damage: find the substitution pair (ass->bad, hell->heck, ass->***) and reverse it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from newstrace.repair.config import RepairConfig, Substitution
from newstrace.repair.explain import Edit
from newstrace.repair.lexicon import WORD_RE, _frequencies, case_like, is_unknown, judging_language, zipf

_MASK = set("*#@$%!")
_MAX_REPLACEMENT = 8  # longest replacement string searched ("butt", "****", "bleep")
_MIN_REPLACEMENT_ZIPF = 3.0  # a word replacement is itself a common word


class Explanation(NamedTuple):
    """One way an unknown token may be a censored word: ``fixed`` = token with replacement -> original."""

    original: str
    replacement: str
    fixed: str
    fixed_zipf: float


@lru_cache(maxsize=8)
def _index(
    originals: tuple[str, ...], min_fixed: float, language: str = "en"
) -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
    """(prefix, suffix) -> ((original, word), ...) for frequent words of ``language`` holding an original once.

    A token ``prefix + r + suffix`` is then explained by ``r -> original`` with one dict lookup
    per split point, instead of one per split point and original.
    """
    floor = 10 ** (min_fixed - 9.0)
    index: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for word, freq in _frequencies(language).items():
        if freq < floor or not word.isalpha():
            continue
        for o in originals:
            if word.count(o) == 1 and word != o:
                i = word.index(o)
                index[(word[:i], word[i + len(o) :])].append((o, word))
    return {k: tuple(v) for k, v in index.items()}


def _plausible_replacement(r: str, o: str, language: str = "en") -> bool:
    """A filter writes a mask ("***") or a milder word ("bad", "butt", "heck") for the original:
    an English word (the filters are English) or one of the text's ``language``."""
    if set(r) <= _MASK:
        return True
    if len(r) < 2 or not r.isalpha() or max(zipf(r), zipf(r, language)) < _MIN_REPLACEMENT_ZIPF:
        return False
    # A replacement inside the original, or the original inside it, is a typo (deletion,
    # doubling: "clas" for "class"), not a filter.
    return r not in o and o not in r


@lru_cache(maxsize=200_000)
def explain_token(
    token: str, originals: tuple[str, ...], min_fixed: float, language: str = "en"
) -> tuple[Explanation, ...]:
    """Every censor reversal that turns ``token`` into a frequent word of ``language``.

    Args:
        token: a word token, any case (lowercased here; ``*`` allowed for masks).
        originals: candidate censored strings (``RepairConfig.censored_strings``).
        min_fixed: Zipf floor for the restored word.
        language: the text's wordfreq language (:func:`~newstrace.repair.lexicon.judging_language`):
            the restored word must be frequent there ("pbadato" -> "passato" in Italian).

    Returns:
        Explanations, possibly empty. The replacement must occur exactly once in the token.

    >>> [(e.original, e.replacement, e.fixed) for e in explain_token("badociated", ("ass",), 3.0)]
    [('ass', 'bad', 'associated')]
    >>> explain_token("dcgim", ("ass", "hell"), 3.0)  # an acronym nothing explains
    ()
    >>> [e.fixed for e in explain_token("pbadato", ("ass",), 3.0, "it")]
    ['passato']
    """
    low = token.lower()
    if len(low) != len(token) or len(low) < 3:
        return ()
    index = _index(originals, min_fixed, language)
    found: list[Explanation] = []
    n = len(low)
    for i in range(n):
        for j in range(i + 1, min(n, i + _MAX_REPLACEMENT) + 1):
            hits = index.get((low[:i], low[j:]))
            if not hits:
                continue
            r = low[i:j]
            if low.count(r) != 1:
                continue
            for o, word in hits:
                if _plausible_replacement(r, o, language):
                    found.append(Explanation(o, r, word, zipf(word, language)))
    return tuple(found)


class _Damaged(NamedTuple):
    start: int
    end: int
    token: str
    explanations: tuple[Explanation, ...]


def _scan(text: str, config: RepairConfig) -> tuple[list[_Damaged], list[str]]:
    """Unknown tokens with at least one explanation, and all tokens (for contradiction checks).

    Words are judged in the text's own language (:func:`~newstrace.repair.lexicon.judging_language`);
    a text no word list can judge has no damaged tokens."""
    originals = tuple(config.censored_strings)
    tokens = WORD_RE.findall(text)
    lang = judging_language(text, config.language)
    if lang is None:
        return [], tokens
    explained = {}
    # Distinct tokens only, screened by one set lookup; explain_token is cached across texts.
    for tok in set(tokens):
        if len(tok) >= 3 and ("*" in tok or is_unknown(tok, config.censor_max_unknown_zipf, lang)):
            exps = explain_token(tok, originals, config.censor_min_fixed_zipf, lang)
            if exps:
                explained[tok] = exps
    if not explained:
        return [], tokens
    damaged = [
        _Damaged(m.start(), m.end(), m.group(), explained[m.group()])
        for m in WORD_RE.finditer(text)
        if m.group() in explained
    ]
    return damaged, tokens


def _cased_original(token: str, exp: Explanation) -> str:
    i = token.lower().index(exp.replacement)
    return case_like(token[i : i + len(exp.replacement)], exp.original)


def _restore(token: str, exp: Explanation) -> str:
    i = token.lower().index(exp.replacement)
    return token[:i] + _cased_original(token, exp) + token[i + len(exp.replacement) :]


_INFLECTIONS = ("ing", "ed", "es", "s", "ly", "er")


def _stem(word: str) -> str:
    for suffix in _INFLECTIONS:
        if word.endswith(suffix) and len(word) > len(suffix) + 3:
            return word[: -len(suffix)]
    return word


def _support(supports: list[tuple[str, Explanation]]) -> int:
    """Distinct restored words a pair explains, counting only lowercase tokens and one per stem.

    A capitalised unknown token may be a name ("Primage"), and "primage"/"primages" are one
    coincidence, not two; neither counts as evidence (both are still restored once a pair
    stands on other evidence).
    """
    return len({_stem(exp.fixed) for tok, exp in supports if tok == tok.lower()})


def _contradicted(pair: tuple[str, str], supports: list[tuple[str, Explanation]], tokens: list[str]) -> bool:
    """True when the text also holds the original, in a case the filter would have replaced."""
    forms = {_cased_original(tok, exp) for tok, exp in supports}
    support_tokens = {tok for tok, _ in supports}
    return any(f in tok for tok in tokens if tok not in support_tokens for f in forms)


def restore_censored_words(text: str, config: RepairConfig) -> list[Edit]:
    """Reverse a profanity filter's substitution, once the text itself shows the filter ran.

    Method: each token unknown to wordfreq in the text's own language (Zipf below
    ``censor_max_unknown_zipf``; :func:`~newstrace.repair.lexicon.judging_language`) is tested
    against every candidate original in ``censored_strings`` and every substring of it as the
    replacement; a reversal counts when the result is a frequent word. A pair (original,
    replacement) is accepted when it explains ``censor_min_support`` distinct lowercase tokens
    in the text (one per stem; or one token if the pair is in ``config.substitutions``) and
    the text holds no word with the original in the same case (a filter replaces every
    occurrence). Only then are its tokens restored, capitalised ones included, each to the
    explanation of the pair with most support.

    Args:
        text: the document.
        config: thresholds and learned pairs.

    Returns:
        Edits of kind ``censor``, one per restored token.

    >>> t = "The badociated press saw a mbad exodus, not a bad one, and badly needed badges."
    >>> [(t[e.start:e.end], e.after) for e in restore_censored_words(t, RepairConfig())]
    [('badociated', 'associated'), ('mbad', 'mass')]
    >>> restore_censored_words("A bad mbad: one odd word is no evidence.", RepairConfig())
    []
    """
    damaged, tokens = _scan(text, config)
    if not damaged:
        return []
    lang = judging_language(text, config.language) or "en"
    learned = {(s.original, s.replacement): s for s in config.substitutions}
    by_pair: dict[tuple[str, str], list[tuple[str, Explanation]]] = defaultdict(list)
    for d in damaged:
        for exp in d.explanations:
            by_pair[(exp.original, exp.replacement)].append((d.token, exp))
    accepted: dict[tuple[str, str], int] = {}
    for pair, supports in by_pair.items():
        need = 1 if pair in learned else config.censor_min_support
        n = _support(supports)
        if n >= need and not _contradicted(pair, supports, tokens):
            accepted[pair] = n
    edits: list[Edit] = []
    for d in damaged:
        usable = [e for e in d.explanations if (e.original, e.replacement) in accepted]
        if not usable:
            continue
        exp = max(usable, key=lambda e: (accepted[(e.original, e.replacement)], e.fixed_zipf))
        pair = (exp.original, exp.replacement)
        others = sorted({tok for tok, _ in by_pair[pair] if tok == tok.lower()})
        source = (
            f"learned from a corpus ({learned[pair].support} words in {learned[pair].documents} documents)"
            if pair in learned
            else f"explains {accepted[pair]} distinct words in this text ({', '.join(others[:6])})"
        )
        evidence = (
            f"{d.token} {'masked' if '*' in d.token else f'unknown (zipf {zipf(d.token, lang):.1f})'}; "
            f"{exp.fixed} zipf {exp.fixed_zipf:.1f}; "
            f"substitution {exp.original}->{exp.replacement} {source}; no '{exp.original}' left in the text"
        )
        edits.append(Edit(d.start, d.end, _restore(d.token, exp), "censor", evidence))
    return edits


def _examples(words: dict[str, tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(words.values()))[:8]


def learn_substitutions(
    texts: Iterable[str],
    config: RepairConfig | None = None,
    min_support: int = 3,
    max_contradicted: float = 0.2,
) -> list[Substitution]:
    """Learn censor-filter substitution pairs from a corpus.

    A pair (original, replacement) is learned when at least ``min_support`` distinct unknown
    words across the corpus become frequent words by reversing it, and at most
    ``max_contradicted`` of the documents holding such words also hold the original in the
    same case (evidence that the filter did not run there and the words are coincidences).
    Pass the result as ``RepairConfig(substitutions=tuple(pairs))`` so that texts with a
    single damaged word are repaired too.

    Args:
        texts: documents (str).
        config: thresholds (``censored_strings``, Zipf floors); defaults when ``None``.
        min_support: distinct explained words needed (int >= 1).
        max_contradicted: allowed fraction of contradicted documents (0..1).

    Returns:
        Learned :class:`Substitution` pairs, most supported first.
    """
    config = config or RepairConfig()
    words: dict[tuple[str, str], dict[str, tuple[str, str]]] = defaultdict(dict)
    docs: dict[tuple[str, str], int] = defaultdict(int)
    contradicted: dict[tuple[str, str], int] = defaultdict(int)
    for text in texts:
        damaged, tokens = _scan(text, config)
        by_pair: dict[tuple[str, str], list[tuple[str, Explanation]]] = defaultdict(list)
        for d in damaged:
            for exp in d.explanations:
                by_pair[(exp.original, exp.replacement)].append((d.token, exp))
        for pair, supports in by_pair.items():
            supports = [(tok, exp) for tok, exp in supports if tok == tok.lower()]
            if not supports:
                continue
            docs[pair] += 1
            contradicted[pair] += _contradicted(pair, supports, tokens)
            for tok, exp in supports:
                words[pair].setdefault(_stem(exp.fixed), (tok, exp.fixed))
    learned = [
        Substitution(o, r, len(words[(o, r)]), docs[(o, r)], contradicted[(o, r)], _examples(words[(o, r)]))
        for (o, r) in words
        if len(words[(o, r)]) >= min_support and contradicted[(o, r)] <= max_contradicted * docs[(o, r)]
    ]
    return sorted(learned, key=lambda s: (-s.support, s.original, s.replacement))


__all__ = ["Explanation", "explain_token", "learn_substitutions", "restore_censored_words"]
