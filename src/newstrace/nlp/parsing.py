"""Selective parsing: cheap components over the whole text, the dependency parse per sentence on demand."""

from __future__ import annotations

from spacy.tokens import Doc, Span

#: Components run over the whole text. The parser (the cost centre) is left out; the
#: statistical sentence recogniser ``senter`` gives sentence boundaries instead.
LIGHT_COMPONENTS = ("tok2vec", "tagger", "senter", "attribute_ruler", "lemmatizer", "ner")


class ParsedText:
    """A text run through the light pipeline, with per-sentence dependency parses on demand.

    Args:
        text: the article body (``Article.text``).
        nlp: a loaded spaCy ``Language`` with ``parser`` and ``senter`` components
            (``senter`` may be disabled in the loaded pipeline; it is enabled here).

    Attributes:
        text: the input text.
        doc: ``spacy.tokens.Doc`` of the whole text, with tags, lemmas, entities and
            sentence boundaries, but no dependency arcs.
        sents: ``list[Span]`` of the doc's sentences.
        parses: how many sentences have been parsed so far (int; for benchmarks).
    """

    def __init__(self, text: str, nlp) -> None:
        self.text = text
        self.nlp = nlp
        if "senter" in nlp.disabled:
            nlp.enable_pipe("senter")
        disable = [name for name in nlp.pipe_names if name not in LIGHT_COMPONENTS]
        self.doc: Doc = nlp(text, disable=disable)
        self.sents: list[Span] = list(self.doc.sents)
        self._parsed: dict[int, Doc] = {}

    @property
    def parses(self) -> int:
        return len(self._parsed)

    def parse(self, sent: Span) -> Doc:
        """Dependency-parse one sentence (cached).

        Args:
            sent: a sentence of :attr:`doc` (or any span of it).

        Returns:
            A new ``Doc`` of ``sent.text`` with tags and dependency arcs; its token
            ``idx`` values are relative to the sentence, so add ``sent.start_char`` to
            map back to :attr:`text`.
        """
        key = sent.start_char
        doc = self._parsed.get(key)
        if doc is None:
            doc = self.nlp(sent.text, disable=["ner", "lemmatizer", "senter"])
            self._parsed[key] = doc
        return doc

    def sentence_at(self, char: int) -> Span | None:
        """The sentence containing character offset ``char`` of :attr:`text`, or ``None``."""
        for sent in self.sents:
            if sent.start_char <= char < sent.end_char:
                return sent
        return None
