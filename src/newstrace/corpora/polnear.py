"""PolNeAR (Newell, Margolin and Ruths, LREC 2018) loader: articles with gold attribution relations.

The archives in ``shared/corpora/polnear`` are unpacked at run time into a cache folder
outside the repository (``$NEWSTRACE_CACHE`` or the system temp folder), once.
Annotation files are brat standoff: ``T`` lines give Source, Cue and Content spans
(character offsets into the article text, discontinuous spans as ``a b;c d``), ``E``
lines link them into one attribution relation (see the corpus's SOURCE.md).
"""

from __future__ import annotations

import os
import re
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from newstrace.corpora import shared_dir

#: Characters that mark a direct (or mixed) quotation inside a Content span.
QUOTE_CHARS = '"“”„«»'

_T = re.compile(r"^(T\d+)\t(\S+) ([\d; ]+)\t", re.M)
_E = re.compile(r"^(E\d+)\t(.*)$", re.M)

Spans = list[tuple[int, int]]


@dataclass
class Attribution:
    """One gold attribution relation.

    Attributes:
        content, cue, source: character spans ``[(start, end), ...]`` into the article text;
            ``source`` is empty when the annotators gave none.
        text: the article text (shared by all relations of the article).
    """

    content: Spans
    cue: Spans
    source: Spans
    text: str = field(repr=False, default="")

    def span_text(self, spans: Spans) -> str:
        """The covered text of ``spans`` joined by a space."""
        return " ".join(self.text[a:b] for a, b in spans)

    @property
    def content_text(self) -> str:
        return self.span_text(self.content)

    @property
    def source_text(self) -> str:
        return self.span_text(self.source)

    @property
    def is_quotation(self) -> bool:
        """The content holds a double quotation mark (a direct or mixed quotation), two
        apostrophes or backquotes included (the ``''`` of some outlets' copy)."""
        text = self.content_text
        return any(c in text for c in QUOTE_CHARS) or "''" in text or "``" in text


@dataclass
class PolnearArticle:
    """One article with the attributions of one annotator.

    Attributes:
        name: file stem (``publisher_date_slug``).
        text: the raw article text (title on the first line); offsets refer to it.
        annotator: id of the annotator whose ``.ann`` file was read.
        attributions: the gold relations.
    """

    name: str
    text: str
    annotator: str
    attributions: list[Attribution]


def _spans(field_text: str) -> Spans:
    out = []
    for part in field_text.split(";"):
        a, b = part.split()
        out.append((int(a), int(b)))
    return out


def parse_ann(ann: str, text: str) -> list[Attribution]:
    """Attribution relations of one brat ``.ann`` file.

    Args:
        ann: the file's content (span texts may contain newlines).
        text: the article text the offsets refer to.

    Returns:
        ``list[Attribution]``, one per ``E`` line with a Content part.
    """
    spans = {m.group(1): _spans(m.group(3)) for m in _T.finditer(ann)}
    out = []
    for m in _E.finditer(ann):
        parts = dict(p.split(":", 1) for p in m.group(2).split() if ":" in p)
        content = spans.get(parts.get("Content", ""), [])
        if not content:
            continue
        out.append(
            Attribution(
                content=content,
                cue=spans.get(parts.get("Cue", ""), []),
                source=spans.get(parts.get("Source", ""), []),
                text=text,
            )
        )
    return out


def _cache_root() -> Path:
    return Path(os.environ.get("NEWSTRACE_CACHE") or Path(tempfile.gettempdir()) / "newstrace-cache")


def unpack(split: str = "dev", archive_dir: Path | None = None) -> Path:
    """Unpack ``polnear-<split>.tar.gz`` into the cache (once) and return the split's folder.

    Raises:
        FileNotFoundError: the archive is missing.
    """
    archive_dir = archive_dir or shared_dir() / "corpora" / "polnear"
    archive = archive_dir / f"polnear-{split}.tar.gz"
    if not archive.is_file():
        raise FileNotFoundError(f"PolNeAR archive not found: {archive}")
    root = _cache_root() / f"polnear-{archive.stat().st_size}"
    target = root / split
    done = root / f".{split}.done"
    if not done.exists():
        root.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive) as tar:
            tar.extractall(root, filter="data")
        done.touch()
    return target


def iter_polnear(split: str = "dev", archive_dir: Path | None = None) -> Iterator[PolnearArticle]:
    """Yield the articles of a PolNeAR split, each with one annotator's attributions.

    Where several annotators labelled an article, the first ``.ann`` file in name order is
    used (the others serve inter-annotator agreement).

    Args:
        split: ``dev``, ``train`` or ``annotator-training``.
        archive_dir: folder holding the archives; default ``shared/corpora/polnear``.
    """
    folder = unpack(split, archive_dir)
    anns: dict[str, list[Path]] = {}
    for path in sorted((folder / "attributions").glob("*.ann")):
        stem, _, annotator = path.stem.rpartition("_")
        anns.setdefault(stem, []).append(path)
    for txt in sorted((folder / "text").glob("*.txt")):
        paths = anns.get(txt.stem)
        if not paths:
            continue
        text = txt.read_text(encoding="utf-8")
        ann = paths[0].read_text(encoding="utf-8")
        yield PolnearArticle(txt.stem, text, paths[0].stem.rpartition("_")[2], parse_ann(ann, text))


# -- scoring protocol -----------------------------------------------------------------------

#: Words of a gold source that are not names (titles, determiners) for the lenient speaker match.
_NOT_NAME = frozenset(
    "the a an mr mr. mrs mrs. ms ms. dr dr. sen sen. rep rep. gov gov. president presidential candidate "
    "nominee democratic republican former secretary senator governor gen. gen general u.s. us".split()
)
#: A prediction matches a gold content when at least this share of its characters lie in it.
MIN_OVERLAP = 0.5


@dataclass
class Prediction:
    """A system's quotation for scoring: content character span and speaker string."""

    start: int
    end: int
    speaker: str | None


@dataclass
class Score:
    """Quotation-attribution scores on one set of articles (see :func:`score_quotes`).

    Attributes:
        predicted, gold: counts of scored predictions and of gold quotations.
        matched_pred, matched_gold: predictions matching a gold quotation; gold found.
        speaker_ok: matched predictions whose speaker agrees with the gold source.
        ignored: predictions matching only gold quotations outside the gold set.
    """

    predicted: int = 0
    gold: int = 0
    matched_pred: int = 0
    matched_gold: int = 0
    speaker_ok: int = 0
    ignored: int = 0

    @property
    def precision(self) -> float:
        return self.matched_pred / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.matched_gold / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def speaker_accuracy(self) -> float:
        return self.speaker_ok / self.matched_pred if self.matched_pred else 0.0

    def add(self, other: Score) -> None:
        for name in ("predicted", "gold", "matched_pred", "matched_gold", "speaker_ok", "ignored"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


def _overlap(a: int, b: int, spans: Spans) -> int:
    return sum(max(0, min(b, y) - max(a, x)) for x, y in spans)


def _name_words(text: str) -> set[str]:
    from newstrace.nlp.entities import fold

    words = re.findall(r"[^\W\d_][\w.’'-]*", text)
    return {fold(re.sub(r"['’]s$", "", w)) for w in words if w[:1].isupper() and fold(w) not in _NOT_NAME}


def speaker_agrees(predicted: str | None, gold_source: str) -> bool:
    """Lenient speaker match: a capitalised name word of the gold source (titles and
    determiners left out, e.g. the surname) is a word of the predicted speaker.

    >>> speaker_agrees("Jorge Torres", "Sergeant Torres")
    True
    >>> speaker_agrees("he", "Mr. Obama")
    False
    """
    if not predicted:
        return False
    from newstrace.nlp.entities import fold

    pred = {fold(re.sub(r"['’]s$", "", w)) for w in re.findall(r"[\w.’'-]+", predicted)}
    return bool(_name_words(gold_source) & pred)


def score_quotes(article: PolnearArticle, predictions: list[Prediction], named: list[bool]) -> Score:
    """Score one article's predicted quotations against its gold quotation attributions.

    Protocol: the gold set is the attributions whose content holds a double quotation mark
    and whose source is named (``named[i]`` for ``article.attributions[i]``, decided by the
    caller, e.g. the source has a proper noun). A prediction matches a gold content when at
    least :data:`MIN_OVERLAP` of its characters lie inside that content's spans. Precision
    counts predictions matching a gold-set content among all predictions, except those that
    match only quotations outside the gold set (pronoun or unnamed sources, no source),
    which are left out; recall counts gold contents matched by some prediction; speaker
    accuracy counts matched predictions whose speaker agrees (:func:`speaker_agrees`) with
    the best-overlapping gold source.
    """
    quotes = [(at, ok) for at, ok in zip(article.attributions, named, strict=True) if at.is_quotation]
    gold = [at for at, ok in quotes if ok and at.source]
    other = [at for at, ok in quotes if not (ok and at.source)]
    score = Score(gold=len(gold))
    found: set[int] = set()
    for p in predictions:
        length = max(1, p.end - p.start)
        best, best_ov = None, 0
        for k, at in enumerate(gold):
            ov = _overlap(p.start, p.end, at.content)
            if ov >= MIN_OVERLAP * length and ov > best_ov:
                best, best_ov = k, ov
        if best is None:
            if any(_overlap(p.start, p.end, at.content) >= MIN_OVERLAP * length for at in other):
                score.ignored += 1
                continue
            score.predicted += 1
            continue
        score.predicted += 1
        score.matched_pred += 1
        found.add(best)
        if speaker_agrees(p.speaker, gold[best].source_text):
            score.speaker_ok += 1
    score.matched_gold = len(found)
    return score
