"""Selective parsing: cheap components over the whole text, the dependency parse per sentence on demand."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from spacy.tokens import Doc, Span

#: Components run over the whole text. The parser (the cost centre) is left out; the
#: statistical sentence recogniser ``senter`` gives sentence boundaries instead.
LIGHT_COMPONENTS = ("tok2vec", "tagger", "senter", "attribute_ruler", "lemmatizer", "ner")


#: Components applied doc by doc after ``nlp.pipe`` when the fast attribute ruler is in use.
_AFTER_PIPE = ("attribute_ruler", "lemmatizer")
_FAST: dict[int, tuple[object, object]] = {}


def _fast_ruler(nlp):
    """The :class:`FastAttributeRuler` for ``nlp`` (built once), or ``None`` to keep the original."""
    entry = _FAST.get(id(nlp))
    if entry is None or entry[0] is not nlp:
        try:
            from newstrace.nlp.attributes import FastAttributeRuler

            ruler = FastAttributeRuler(nlp.get_pipe("attribute_ruler"))
        except (KeyError, ValueError):
            ruler = None
        entry = _FAST[id(nlp)] = (nlp, ruler)
    return entry[1]


@contextmanager
def light_pass(nlp) -> Iterator[tuple[list[str], Callable[[Doc], Doc]]]:
    """Context in which the light pass runs: ``senter`` enabled for its duration only.

    The loaded pipeline keeps ``senter`` disabled (the parser sets sentences in a full run);
    it is switched on here and back off on exit, so full runs elsewhere are unchanged. The
    attribute ruler and lemmatizer are taken out of ``nlp.pipe`` and run after it through
    :class:`~newstrace.nlp.attributes.FastAttributeRuler` (same output, a fraction of the cost).

    Args:
        nlp: a loaded spaCy ``Language`` with a ``senter`` component.

    Yields:
        ``(disable, finish)``: component names to pass as ``disable=`` to
        ``nlp(...)``/``nlp.pipe(...)``, and the function completing each resulting doc.
    """
    switched = "senter" in nlp.disabled
    if switched:
        nlp.enable_pipe("senter")
    ruler = _fast_ruler(nlp)
    after = _AFTER_PIPE if ruler is not None and all(n in nlp.pipe_names for n in _AFTER_PIPE) else ()
    lemmatizer = nlp.get_pipe("lemmatizer") if after else None

    def finish(doc: Doc) -> Doc:
        if after:
            lemmatizer(ruler(doc))
        return doc

    try:
        yield [name for name in nlp.pipe_names if name not in LIGHT_COMPONENTS or name in after], finish
    finally:
        if switched:
            nlp.disable_pipe("senter")


#: Texts longer than this (characters) run the light pass in pieces of about this size, cut at
#: paragraph breaks, one piece per ``nlp.pipe`` batch: one doc of a million characters held the
#: whole text's activations at once (3.3 GB peak); pieces bound that, and cost the same time.
CHUNK_CHARS = 50_000


def _pieces(text: str, size: int = CHUNK_CHARS) -> list[str]:
    """``text`` cut into consecutive pieces of at most about ``size`` characters whose
    concatenation is ``text``: after a blank line, else a line break, else a sentence's final
    point, else a space (a piece without any runs on to the next one)."""
    out, start = [], 0
    while len(text) - start > size:
        end = start + size
        cut = -1
        for sep in ("\n\n", "\n", ". ", " "):
            at = text.rfind(sep, start + size // 2, end)
            if at >= 0:
                cut = at + len(sep)
                break
        if cut < 0:
            m = text.find(" ", end)
            cut = len(text) if m < 0 else m + 1
        out.append(text[start:cut])
        start = cut
    if start < len(text):
        out.append(text[start:])
    return out


def _light_doc(text: str, nlp) -> Doc:
    """The light pipeline's ``Doc`` of ``text``; a long text runs in pieces (:data:`CHUNK_CHARS`)
    joined with ``Doc.from_docs`` (tokens, tags, entities, sentence starts and ``tensor`` kept)."""
    with light_pass(nlp) as (disable, finish):
        if len(text) <= CHUNK_CHARS:
            return finish(nlp(text, disable=disable))
        docs = [finish(d) for d in nlp.pipe(_pieces(text, CHUNK_CHARS), disable=disable, batch_size=1)]
    doc = Doc.from_docs(docs, ensure_whitespace=False)
    if doc.text != text:  # pragma: no cover - from_docs keeps the text; this guards the offsets
        with light_pass(nlp) as (disable, finish):
            return finish(nlp(text, disable=disable))
    return doc


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
            (``senter`` may be disabled in the loaded pipeline; it runs for the light pass only).
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
            doc = _light_doc(text, nlp)
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
        texts = list(texts)
        step = max(1, batch_size) * 4
        for lo in range(0, len(texts), step):
            chunk = texts[lo : lo + step]
            short = [t for t in chunk if len(t) <= CHUNK_CHARS]  # a long text runs alone, in pieces
            with light_pass(nlp) as (disable, finish):
                docs = iter([finish(d) for d in nlp.pipe(short, disable=disable, batch_size=batch_size)])
            for text in chunk:
                yield cls(text, nlp, doc=next(docs) if len(text) <= CHUNK_CHARS else None)

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
            if (
                doc.tensor is None or doc.tensor.size == 0 or doc.tensor.shape[0] != len(doc)
            ):  # no shared vectors: full run
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
