"""Provenance tracing: which articles are copies of which, of what kind, and what each changed.

Store-independent API (the store and CLI call these):

- :func:`trace` — one call over a list of Articles;
- :func:`newstrace.provenance.graph.resolve` — drop chain shortcuts and group siblings, over all
  links of a store (a pure function of the links);
- :class:`TraceIndex` — incremental: :meth:`TraceIndex.add` articles (or stored fingerprints),
  then :meth:`TraceIndex.trace` the new ones against everything added. A pair's outcome depends
  only on its two articles, so tracing new articles against an index of old ones gives the same
  links as a full re-run (see :mod:`newstrace.provenance.candidates` for the one caveat).

Stages: fingerprint -> candidates (MinHash LSH + robust-feature index) -> ordered sentence
alignment -> evidence -> calibrated decision, direction, kind, changes (:mod:`.derive`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence

from newstrace.provenance.align import (
    CROSS_MIN_PAIRS,
    Alignment,
    align,
    cross_language_alignment,
    similarity_matrices,
)
from newstrace.provenance.candidates import CandidateIndex
from newstrace.provenance.derive import build_derivation, decide, load_model
from newstrace.provenance.evidence import PairEvidence, pair_evidence
from newstrace.provenance.fingerprint import Fingerprint, article_sentences, fingerprint
from newstrace.provenance.text import Sentence, languages_differ
from newstrace.schema import Article, Derivation

__all__ = ["Fingerprint", "PairVerifier", "TraceIndex", "compare", "fingerprint", "trace", "verify_pair"]


def verify_pair(sa: list[Sentence], sb: list[Sentence], cross_language: bool,
                semantic: Callable | None = None) -> tuple[Alignment, PairEvidence]:
    """Align two articles' sentences and measure the pair's evidence, the way :func:`compare` decides on it.

    The ordered lexical alignment (:func:`~newstrace.provenance.align.align`); for articles in two
    languages also the anchor alignment (:func:`~newstrace.provenance.align.cross_language_alignment`),
    kept when it aligns more sentence pairs, and at least :data:`~newstrace.provenance.align.CROSS_MIN_PAIRS`; then, with ``semantic``, the embedding alignment where
    it aligns more still (:func:`~newstrace.provenance.semantic.verify_with_embeddings`).

    Args:
        sa, sb: analysed sentences of the two articles.
        cross_language: the articles' languages differ.
        semantic: optional sentence-embedding function.

    Returns:
        ``(alignment, evidence)``.
    """
    matrices = similarity_matrices(sa, sb) if sa and sb else None
    al = align(sa, sb, matrices)
    ev = pair_evidence(al, sa, sb, cross_language)
    if cross_language:
        al_x = cross_language_alignment(sa, sb, matrices)
        if len(al_x.pairs) >= CROSS_MIN_PAIRS and len(al_x.pairs) > len(al.pairs):
            al, ev = al_x, pair_evidence(al_x, sa, sb, True)
    if semantic is not None:  # the embedding alignment is the better evidence where it aligns more (translations)
        from newstrace.provenance.semantic import verify_with_embeddings

        al, ev = verify_with_embeddings(al, ev, sa, sb, semantic)
    return al, ev


def compare(a: Article, b: Article, sa: list[Sentence] | None = None, sb: list[Sentence] | None = None,
            model: dict | None = None, semantic: Callable | None = None) -> tuple[Derivation | None, float]:
    """Verify one pair: align, decide, and build the Derivation when linked.

    Args:
        a, b: the two articles (any order; direction is decided here).
        sa, sb: their analysed sentences, if already computed.
        model: the calibrated model (default :func:`newstrace.provenance.derive.load_model`).
        semantic: optional sentence-embedding function (see :mod:`newstrace.provenance.semantic`).

    Returns:
        ``(derivation or None, probability)``.
    """
    sa = sa if sa is not None else article_sentences(a.headline or "", a.text or "", a.language)
    sb = sb if sb is not None else article_sentences(b.headline or "", b.text or "", b.language)
    al, ev = verify_pair(sa, sb, languages_differ(a, b), semantic)
    dec = decide(a, b, sa, sb, al, ev, model or load_model(semantic is not None))
    if not dec.linked:
        return None, dec.probability
    return build_derivation(a, b, sa, sb, al, dec), dec.probability


class PairVerifier:
    """Verifies pairs among a set of articles, caching their analysed sentences.

    What verification needs, without the candidate index: a store's trace finds the candidate
    pairs first (:class:`TraceIndex`, in a short-lived process), then verifies them with this
    in worker processes (:mod:`newstrace.store.trace`).

    Args:
        model: calibrated decision model (default: the fitted one shipped with the package).
        semantic: optional sentence-embedding function ``list[str] -> ndarray (n, d)``, used to
            verify pairs that lexical alignment cannot (translations, machine translation).
        cache_size: how many articles' analysed sentences are kept between pair checks.
    """

    def __init__(self, model: dict | None = None, semantic: Callable | None = None, cache_size: int = 4096) -> None:
        self.articles: dict[str, Article] = {}
        self.model = model or load_model(semantic is not None)
        self.semantic = semantic
        self._cache: OrderedDict[str, list[Sentence]] = OrderedDict()
        self._cache_size = cache_size

    def __len__(self) -> int:
        return len(self.articles)

    def add_articles(self, articles: Iterable[Article]) -> list[str]:
        """Keep articles for verification (skipping ids already present and records without text).

        Each kept article records the order it was added in (``_meta["input_order"]``): two
        versions of one input are ordered by it (:func:`~newstrace.provenance.direction.version_vote`).

        Returns:
            The ids newly kept, in order.
        """
        new = []
        for a in articles:
            if a.id and a.id not in self.articles and (a.text or "").strip():
                a._meta["input_order"] = len(self.articles)
                self.articles[a.id] = a
                new.append(a.id)
        return new

    def sentences(self, article_id: str) -> list[Sentence]:
        """Analysed sentences of an added article (cached, least recently used dropped)."""
        if article_id in self._cache:
            self._cache.move_to_end(article_id)
            return self._cache[article_id]
        a = self.articles[article_id]
        s = article_sentences(a.headline or "", a.text or "", a.language)
        self._cache[article_id] = s
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return s

    def verify(self, a: str, b: str) -> Derivation | None:
        """The Derivation of the pair of added articles ``a``, ``b`` (any order), or ``None`` when not linked (:func:`compare`)."""
        d, _p = compare(self.articles[a], self.articles[b], self.sentences(a), self.sentences(b), self.model,
                        self.semantic)  # fmt: skip
        return d


class TraceIndex(PairVerifier):
    """Incremental tracing over a growing set of articles: a :class:`PairVerifier` with a candidate index.

    Args:
        model, semantic, cache_size: as :class:`PairVerifier`.
    """

    def __init__(self, model: dict | None = None, semantic: Callable | None = None, cache_size: int = 4096) -> None:
        super().__init__(model, semantic, cache_size)
        self.candidates = CandidateIndex()
        self.stats = {"pairs": 0, "linked": 0}
        self._fps: dict[str, Fingerprint] = {}

    def add(self, articles: Iterable[Article], fingerprints: dict[str, Fingerprint] | None = None) -> list[str]:
        """Add articles (skipping ids already present and records without text) and index their fingerprints.

        Args:
            articles: analysed Articles with ``id`` set.
            fingerprints: stored fingerprints by article id, to skip recomputing them.

        Returns:
            The ids newly added, in order.
        """
        fps = []
        new = self.add_articles(articles)
        for i in new:
            fp = (fingerprints or {}).get(i)
            if fp is None:
                a = self.articles[i]
                fp = fingerprint(a, article_sentences(a.headline or "", a.text or "", a.language))
            fps.append(fp)
        self.candidates.add(fps)
        self._fps.update((fp.article_id, fp) for fp in fps)
        return new

    def candidate_pairs(self, ids: Iterable[str]) -> list[tuple[str, str, str]]:
        """Candidate pairs ``(a, b, path)`` (``a < b``) involving any of ``ids``, against everything added."""
        seen: dict[tuple[str, str], str] = {}
        for i in ids:
            fp = self._fps[i]
            for other, path in self.candidates.query(fp).items():
                key = (i, other) if i < other else (other, i)
                seen.setdefault(key, path)
        return [(a, b, p) for (a, b), p in sorted(seen.items())]

    def trace(self, new_ids: Iterable[str] | None = None) -> list[Derivation]:
        """Derivations for every candidate pair involving ``new_ids`` (default: all articles).

        Returns:
            Derivation records sorted by ``(copy_id, origin_id or "", sibling_ids)``.
        """
        ids = list(self.articles) if new_ids is None else [i for i in new_ids if i in self.articles]
        out = []
        for a, b, _path in self.candidate_pairs(ids):
            self.stats["pairs"] += 1
            d = self.verify(a, b)
            if d is not None:
                self.stats["linked"] += 1
                out.append(d)
        out.sort(key=lambda d: (d.copy_id, d.origin_id or "", d.sibling_ids))
        return out


def trace(articles: Sequence[Article], new_ids: set[str] | None = None, semantic: Callable | None = None) -> list[Derivation]:
    """Trace copies among ``articles``.

    Args:
        articles: analysed Articles (``id``, ``text`` needed; ``headline``, ``published``,
            ``credit``, ``byline``, ``language``, ``source.url`` used when present).
        new_ids: when given, only pairs with at least one article in this set are examined
            (incremental tracing: results equal the full run's links involving them).
        semantic: optional sentence-embedding function (see :class:`TraceIndex`).

    Returns:
        One Derivation per linked pair: direct (``origin_id`` set) or siblings of an inferred
        source (``origin_id`` None, ``sibling_ids`` set).
    """
    index = TraceIndex(semantic=semantic)
    index.add(articles)
    return index.trace(new_ids)
