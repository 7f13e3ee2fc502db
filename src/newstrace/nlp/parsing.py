"""Selective parsing: cheap components over the whole text, the dependency parse per sentence on demand."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator

from spacy.tokens import Doc, Span

#: Components run over the whole text. The parser (the cost centre) is left out; the
#: statistical sentence recogniser ``senter`` gives sentence boundaries instead.
LIGHT_COMPONENTS = ("tok2vec", "tagger", "senter", "attribute_ruler", "lemmatizer", "ner")


def light_disable(nlp) -> list[str]:
    """Names of the loaded components to disable for the light pass (enables ``senter``).

    Args:
        nlp: a loaded spaCy ``Language`` (the parser and the disabled ``senter`` included).

    Returns:
        ``list[str]`` to pass as ``disable=`` to ``nlp(...)`` or ``nlp.pipe(...)``.
    """
    if "senter" in nlp.disabled:
        nlp.enable_pipe("senter")
    return [name for name in nlp.pipe_names if name not in LIGHT_COMPONENTS]


def _break_at_paragraphs(doc: Doc) -> None:
    """Start a sentence after every blank line, and after a line break that follows final
    punctuation or a colon: the statistical ``senter`` often runs a sentence on across
    paragraphs, which costs parse time and joins unrelated clauses."""
    for tok in doc:
        if not tok.is_space or "\n" not in tok.text or tok.i + 1 >= len(doc):
            continue
        prev = doc[tok.i - 1] if tok.i > 0 else None
        if "\n\n" in tok.text.replace("\r", "") or prev is None or prev.text[-1:] in ".!?:;\"”'’":
            doc[tok.i + 1].is_sent_start = True


class ParsedText:
    """A text run through the light pipeline, with per-sentence dependency parses on demand.

    Args:
        text: the article body (``Article.text``).
        nlp: a loaded spaCy ``Language`` with ``parser`` and ``senter`` components
            (``senter`` may be disabled in the loaded pipeline; it is enabled here).
        doc: an already computed light-pipeline ``Doc`` of ``text`` (from :meth:`pipe`),
            so batches can share one ``nlp.pipe`` call; ``None`` runs the light pipeline.

    Attributes:
        text: the input text.
        doc: ``spacy.tokens.Doc`` of the whole text, with tags, lemmas, entities and
            sentence boundaries, but no dependency arcs.
        sents: ``list[Span]`` of the doc's sentences.
        parses: how many sentences have been parsed so far (int; for benchmarks).
    """

    def __init__(self, text: str, nlp, doc: Doc | None = None) -> None:
        self.text = text
        self.nlp = nlp
        if doc is None:
            doc = nlp(text, disable=light_disable(nlp))
        _break_at_paragraphs(doc)
        self.doc: Doc = doc
        self.sents: list[Span] = list(self.doc.sents)
        self._sent_starts = [s.start_char for s in self.sents]
        self._parsed: dict[tuple[int, int], Doc] = {}

    @classmethod
    def pipe(cls, texts: Iterable[str], nlp, batch_size: int = 64) -> Iterator[ParsedText]:
        """Run the light pipeline over many texts in batches (faster than one call per text).

        Args:
            texts: article bodies.
            nlp: as for the constructor.
            batch_size: texts per ``nlp.pipe`` batch.

        Yields:
            One :class:`ParsedText` per text, in order.
        """
        texts = list(texts) if not isinstance(texts, list) else texts
        for text, doc in zip(texts, nlp.pipe(texts, disable=light_disable(nlp), batch_size=batch_size)):
            yield cls(text, nlp, doc=doc)

    @property
    def parses(self) -> int:
        """Number of sentences dependency-parsed so far."""
        return len(self._parsed)

    def parse(self, sent: Span) -> Doc:
        """Dependency-parse one sentence (cached).

        Only the parser runs: it reads the contextual token vectors the light pass already
        left in ``doc.tensor`` (the parser listens to the shared ``tok2vec``), so the
        sentence costs the parser's share alone, and its arcs equal those of a full run.

        Args:
            sent: a sentence of :attr:`doc` (or any span of it).

        Returns:
            A new ``Doc`` of ``sent.text`` with tags, lemmas, entities and dependency arcs;
            its token ``idx`` values are relative to the sentence, so add
            ``sent.start_char`` to map back to :attr:`text`, and token ``i`` plus
            ``sent.start`` is the token's index in :attr:`doc`.
        """
        key = (sent.start_char, sent.end_char)
        doc = self._parsed.get(key)
        if doc is None:
            doc = sent.as_doc()
            if doc.tensor is None or doc.tensor.size == 0 or doc.tensor.shape[0] != len(doc):  # no shared vectors: full run
                doc = self.nlp(sent.text, disable=["ner", "lemmatizer", "senter"])
            else:
                doc = self.nlp.get_pipe("parser")(doc)
            self._parsed[key] = doc
        return doc

    def sentence_at(self, char: int) -> Span | None:
        """The sentence containing character offset ``char`` of :attr:`text`, or ``None``."""
        i = bisect_right(self._sent_starts, char) - 1
        if i < 0:
            return None
        sent = self.sents[i]
        return sent if char < sent.end_char else None
