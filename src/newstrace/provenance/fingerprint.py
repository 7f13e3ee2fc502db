"""Per-article fingerprints: MinHash of word shingles plus copy-robust features (names, numbers, order, rare words).

Two views, because copies survive differently (issue 3, measured on real copies): a machine
translation keeps ~1% of word 5-grams and a spun copy ~9%, so MinHash of shingles finds only
syndication and light edits; names, numbers, their order and rare words survive spinning and
translation. Both views are computed from ``headline`` and ``text`` alone.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from datasketch import MinHash

from newstrace.provenance.text import NOUN_CAPITALISING, Sentence, analyse_text, name_weight, number_weight, zipf_in

#: Fingerprint scheme: bump when features or hashing change; an index refuses other schemes.
#: /3: sentences no longer split after abbreviations and initials (text.sentence_ends).
#: /4: a sentence may end on a single capital letter before an opening word ("Plan B. The ...").
#: /5: uncommon words (Zipf 2.5-3.5) are features too (:data:`UNCOMMON_ZIPF`).
#: /6: Chinese and Japanese runs are cut into characters, katakana words and figures
#: (:func:`newstrace.provenance.text.token_spans`), so their shingles are character 5-grams and
#: their figures anchors; "。！？" end sentences. Text without those scripts fingerprints as in /5.
#: /7: thousands written with spaces ("12 500", "1 450 000") are one figure: with a no-break or narrow
#: no-break space in any text, with a plain space outside English (:func:`article_sentences`). Text
#: without them fingerprints as in /6.
#: /8: in German (and Luxembourgish) text a capitalised word is a name only where it is about as
#: common in English (:data:`~newstrace.provenance.text.NAME_LANGUAGE_MARGIN`); other languages
#: fingerprint as in /7.
#: /9: the figure of a hyphenated compound ("29-year-old") is a number anchor; outside English a
#: word opening a sentence is a name only where it is uncommon in the text's language too and not
#: written in lower case elsewhere in it (:func:`newstrace.provenance.text._opening_name`).
#: /10: in French, German, Italian, Spanish and Portuguese text the language's own number words are
#: figures (:data:`newstrace.provenance.text.LANGUAGE_NUMBER_WORDS`: "sept morts" is 7 in French).
SCHEME = "newstrace-fp/10:minhash-affine32-sha1_32-word5+robust-blake2b64"
#: datasketch permutation scheme of the MinHash signatures (datasketch >= 2.0).
MINHASH_SCHEME = "affine32"
NUM_PERM = 128
SEED = 1
SHINGLE_K = 5
#: How many following anchors each anchor is paired with in the ordered-pair features.
PAIR_WINDOW = 2
#: A word rarer than this (Zipf, in the article's language) is a rare-word feature.
RARE_ZIPF = 2.5
RARE_WEIGHT = 0.4
#: A word rarer than this but not rare (Zipf 2.5-3.5: "mercury", "debentures", "eavesdropping")
#: is an uncommon-word feature, weighted just above the index's floor
#: (:data:`newstrace.provenance.candidates.MIN_INDEX_WEIGHT`), so it enters an article's indexed
#: prefix only where names and figures leave room: a copy cut to a few sentences without the
#: names of the lead kept little else (bench/trace_scale.py --n 10000: spun copies also cut,
#: candidate recall 0.969 -> 0.976 for 1.3% more pairs).
UNCOMMON_ZIPF = 3.5
UNCOMMON_WEIGHT = 0.36


#: Entries kept by each of this module's per-process caches (feature hashes, name weights, word
#: weights) before it is emptied: names, figures and words repeat across a news corpus, and
#: blake2b and the word-frequency look-ups were about half of :func:`robust_features`' time.
CACHE_SIZE = 100_000
_HASHES: dict[str, int] = {}
_NAME_W: dict[str, float] = {}
_WORD_W: dict[str, dict[str, float]] = {}  # per language


def _cached(cache: dict, key: Any, compute: Any) -> Any:
    got = cache.get(key)
    if got is None:
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        got = cache[key] = compute(key)
    return got


def _blake2b64(feature: str) -> int:
    return int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little", signed=True)


def feature_hash(feature: str) -> int:
    """Stable signed 64-bit hash of a feature string (blake2b; Python's ``hash`` is salted per process).

    Names, figures and words are cached; ordered pairs (``p:``) are not: most are seen once, and
    caching them emptied the cache before the names repeated.
    """
    if feature.startswith("p:"):
        return _blake2b64(feature)
    got = _HASHES.get(feature)
    return got if got is not None else _cached(_HASHES, feature, _blake2b64)


def _word_weight(w: str, lang: str) -> float:
    # weight of a folded word of 6+ letters as a rare (or uncommon) word feature; 0: not one
    if not w.isalpha():
        return 0.0
    z = zipf_in(w, lang)
    return RARE_WEIGHT if z < RARE_ZIPF else UNCOMMON_WEIGHT if z < UNCOMMON_ZIPF else 0.0


@dataclass
class Fingerprint:
    """What the candidate index keeps for one article.

    Attributes:
        article_id: the article's id.
        scheme, num_perm, seed: how ``minhash`` was made (checked before comparing signatures).
        minhash: uint64 array of shape ``(num_perm,)``: MinHash of the folded word ``SHINGLE_K``-grams.
        features: int64 array, sorted and unique: hashed copy-robust features.
        weights: float32 array, same shape as ``features``: each feature's evidence weight (0..1).
        language: ISO 639-1 code or ``None``.
        n_shingles: number of distinct shingles (0 for an empty text).
    """

    article_id: str
    minhash: np.ndarray
    features: np.ndarray
    weights: np.ndarray
    language: str | None = None
    n_shingles: int = 0
    scheme: str = SCHEME
    num_perm: int = NUM_PERM
    seed: int = SEED
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain-type form for a store: arrays as bytes (little-endian), the rest as is."""
        return {
            "article_id": self.article_id,
            "scheme": self.scheme,
            "num_perm": self.num_perm,
            "seed": self.seed,
            "language": self.language,
            "n_shingles": self.n_shingles,
            "minhash": self.minhash.astype("<u8").tobytes(),
            "features": self.features.astype("<i8").tobytes(),
            "weights": self.weights.astype("<f4").tobytes(),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Fingerprint:
        """Inverse of :meth:`to_dict`.

        Raises:
            ValueError: the stored scheme is not :data:`SCHEME` (recompute the fingerprint).
        """
        if d["scheme"] != SCHEME:
            raise ValueError(f"[E301] fingerprint scheme {d['scheme']!r} is not {SCHEME!r}; recompute fingerprints")
        return cls(
            article_id=d["article_id"],
            minhash=np.frombuffer(d["minhash"], dtype="<u8").copy(),
            features=np.frombuffer(d["features"], dtype="<i8").copy(),
            weights=np.frombuffer(d["weights"], dtype="<f4").copy(),
            language=d.get("language"),
            n_shingles=int(d.get("n_shingles", 0)),
            num_perm=int(d["num_perm"]),
            seed=int(d["seed"]),
        )


def article_sentences(headline: str, text: str, language: str | None = None) -> list[Sentence]:
    """Analysed sentences of an article: headline first (when present), then the body.

    ``language`` (ISO 639-1, as ``Article.language``): outside English a plain space between digit groups
    separates thousands ("12 500"), as French and Norwegian write them
    (:func:`newstrace.provenance.text.analyse_sentence`); unknown or English, only a no-break space does.
    In German, which capitalises every noun, a capitalised word is a name only where it is about as
    common in English (:data:`~newstrace.provenance.text.NOUN_CAPITALISING`).
    """
    return analyse_text((headline.strip() + "\n" if headline.strip() else "") + text, **reading_options(language))


def reading_options(language: str | None) -> dict:
    """How text in ``language`` is analysed (:func:`article_sentences`): the ``spaced_thousands`` and
    ``noun_language`` and ``language`` arguments of :func:`~newstrace.provenance.text.analyse_text` and
    ``analyse_sentence``."""
    base = (language or "").split("-")[0].lower()
    return {"spaced_thousands": bool(language) and not language.startswith("en"),
            "noun_language": base if base in NOUN_CAPITALISING else None,
            "language": base if base and base != "en" else None}


def shingles(sentences: list[Sentence], k: int = SHINGLE_K) -> set[str]:
    """Distinct folded word ``k``-grams over the whole article (crossing sentence ends)."""
    words = [w for s in sentences for w in s.words]
    if len(words) < k:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + k]) for i in range(len(words) - k + 1)}


def robust_features(sentences: list[Sentence], language: str | None = None) -> dict[str, float]:
    """Copy-robust features with their weights.

    - ``a:`` anchors: a name's first five folded letters (so "Venezuelan" meets "venezolanos"
      and "Βενεζουέλα"), or a number's canonical value; weight from rarity
      (:func:`~newstrace.provenance.text.name_weight`, :func:`~newstrace.provenance.text.number_weight`).
    - ``p:`` ordered anchor pairs: each anchor with the next :data:`PAIR_WINDOW` distinct ones,
      so shared order counts beyond shared vocabulary; weight the mean of the two.
    - ``r:`` rare words (Zipf < :data:`RARE_ZIPF` in the article's language), which spinning
      rarely replaces; weight :data:`RARE_WEIGHT`; and uncommon ones (Zipf < :data:`UNCOMMON_ZIPF`),
      weight :data:`UNCOMMON_WEIGHT`.

    Returns:
        feature string -> weight (0..1); zero-weight features are left out.
    """
    lang = language if language else "en"
    feats: dict[str, float] = {}
    seq: list[tuple[str, float]] = []
    weights = _WORD_W.setdefault(lang, {})
    for s in sentences:
        for anchor in s.anchors:
            if anchor.startswith("#"):
                key, wt = "a:" + anchor, number_weight(anchor[1:])
            else:
                key = "a:" + anchor[:5]
                wt = _NAME_W.get(anchor)
                if wt is None:
                    wt = _cached(_NAME_W, anchor, name_weight)
            if wt <= 0:
                continue
            if not seq or seq[-1][0] != key:
                seq.append((key, wt))
            feats[key] = max(feats.get(key, 0.0), wt)
        names = None
        for w in s.words:
            if len(w) < 6:
                continue
            wt = weights.get(w)
            if wt is None:
                wt = _cached(weights, w, lambda x: _word_weight(x, lang))
            if wt:
                if names is None:
                    names = set(s.names)
                if w not in names:
                    feats["r:" + w] = max(feats.get("r:" + w, 0.0), wt)
    for i, (a, wa) in enumerate(seq):
        for b, wb in seq[i + 1 : i + 1 + PAIR_WINDOW]:
            if a != b:
                feats["p:" + a[2:] + "|" + b[2:]] = (wa + wb) / 2
    return feats


@lru_cache(maxsize=8)
def _permutations(num_perm: int, seed: int) -> Any:
    # datasketch draws the permutations from the seed on every MinHash() (~0.08 ms each, about as
    # long as hashing a short article's shingles); they depend only on (num_perm, seed)
    return MinHash(num_perm=num_perm, seed=seed, scheme=MINHASH_SCHEME).permutations


def minhash_of(hashvalues: np.ndarray, num_perm: int = NUM_PERM, seed: int = SEED) -> MinHash:
    """A datasketch ``MinHash`` holding stored ``hashvalues`` (for LSH insert and query), without redrawing its permutations."""
    return MinHash(num_perm=num_perm, seed=seed, hashvalues=hashvalues, scheme=MINHASH_SCHEME,
                   permutations=_permutations(num_perm, seed))  # fmt: skip


def minhash_signature(sh: set[str], num_perm: int = NUM_PERM, seed: int = SEED) -> np.ndarray:
    """MinHash (datasketch ``affine32`` scheme, sha1-32 hash) of a shingle set: uint64 array of shape ``(num_perm,)``.

    The permutations are drawn once per ``(num_perm, seed)`` and passed to datasketch (its
    ``permutations`` argument), which gives the same signature as drawing them anew.
    """
    m = MinHash(num_perm=num_perm, seed=seed, scheme=MINHASH_SCHEME, permutations=_permutations(num_perm, seed))
    if sh:
        m.update_batch([x.encode("utf-8") for x in sh])
    return m.hashvalues.astype(np.uint64)


def fingerprint(article: Any, sentences: list[Sentence] | None = None) -> Fingerprint:
    """Fingerprint one article from its ``id``, ``headline``, ``text`` and ``language``.

    Args:
        article: a :class:`newstrace.schema.Article` (or any object with those attributes).
        sentences: the article's analysed sentences if already computed.

    Returns:
        A :class:`Fingerprint`.
    """
    sents = sentences if sentences is not None else article_sentences(article.headline or "", article.text or "",
                                                                      getattr(article, "language", None))
    sh = shingles(sents)
    feats = robust_features(sents, article.language)
    keys = np.array([feature_hash(f) for f in feats], dtype=np.int64)
    wts = np.array(list(feats.values()), dtype=np.float32)
    order = np.argsort(keys)
    keys, wts = keys[order], wts[order]
    if len(keys) > 1:  # 64-bit collisions are vanishingly rare; keep the first of a pair
        keep = np.concatenate([[True], keys[1:] != keys[:-1]])
        keys, wts = keys[keep], wts[keep]
    return Fingerprint(
        article_id=article.id,
        minhash=minhash_signature(sh),
        features=keys,
        weights=wts,
        language=article.language,
        n_shingles=len(sh),
    )


def fingerprint_record(article: Any) -> dict[str, Any] | None:
    """The stored form (:meth:`Fingerprint.to_dict`) of an article's fingerprint, or ``None`` without id or text.

    Named by path (``"newstrace.provenance.fingerprint:fingerprint_record"``) so ingest can run it
    in the analysis workers (:func:`newstrace.engines.local.run_stages_with`).
    """
    if not getattr(article, "id", None) or not (getattr(article, "text", "") or "").strip():
        return None
    return fingerprint(article).to_dict()
