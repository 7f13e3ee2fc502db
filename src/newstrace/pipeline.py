"""Per-document pipeline: read -> repair -> structure -> nlp -> id, as pure stage functions.

A stage is a small callable ``(Article, Context) -> Article`` registered with the fields it
reads (``requires``) and writes (``assigns``), like spaCy's function components, so a
pipeline is checked before it runs. Stages keep no global state; heavy models live on the
:class:`Context`, loaded once per worker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from newstrace.readers.base import MAX_ARTICLE_CHARS, RawDocument
from newstrace.schema import Article, ErrorRecord, text_id

StageFn = Callable[[Article, "Context"], Article]


@dataclass(frozen=True)
class Stage:
    """A registered stage: its function and the Article fields it reads and writes."""

    name: str
    fn: StageFn
    requires: tuple[str, ...]
    assigns: tuple[str, ...]


STAGES: dict[str, Stage] = {}


def stage(name: str, requires: Iterable[str], assigns: Iterable[str]) -> Callable[[StageFn], StageFn]:
    """Decorator registering a stage function under ``name``."""

    def register(fn: StageFn) -> StageFn:
        STAGES[name] = Stage(name, fn, tuple(requires), tuple(assigns))
        return fn

    return register


@dataclass
class Context:
    """What stages share within one worker: loaded models and configuration.

    Attributes:
        nlp: the spaCy pipeline (loaded lazily by :meth:`get_nlp`).
        repair_config: a :class:`newstrace.repair.RepairConfig` or ``None`` for defaults.
        extra: free slot for corpus-level knowledge (e.g. learned censor substitutions).
    """

    nlp: Any = None
    repair_config: Any = None
    extra: dict[str, Any] = field(default_factory=dict)

    def get_nlp(self):
        """The spaCy pipeline, loaded on first use (see :func:`newstrace.nlp.load_nlp`)."""
        if self.nlp is None:
            from newstrace.nlp import load_nlp

            self.nlp = load_nlp()
        return self.nlp


DEFAULT_STAGES = ("repair", "structure", "language", "nlp", "identify")


def check_pipeline(names: Iterable[str]) -> list[Stage]:
    """Resolve stage names and check that each stage's inputs are produced before it.

    Raises:
        KeyError: an unknown stage name (message lists the available ones).
        ValueError: a stage requires a field no earlier stage assigns.
    """
    _load_stages()
    available = {"raw_text", "source"}
    resolved = []
    for name in names:
        if name not in STAGES:
            raise KeyError(f"[E010] No stage {name!r}. Available: {', '.join(sorted(STAGES))}")
        st = STAGES[name]
        missing = [f for f in st.requires if f not in available]
        if missing:
            raise ValueError(f"[E011] Stage {name!r} requires {missing}, which no earlier stage assigns")
        available.update(st.assigns)
        resolved.append(st)
    return resolved


def _load_stages() -> None:
    # Importing the stage modules registers them.
    import newstrace.stages  # noqa: F401


def analyze_document(raw: RawDocument, ctx: Context | None = None, stages: Iterable[str] = DEFAULT_STAGES) -> Article:
    """Run the per-document pipeline on one record.

    Never raises for bad input: a read error or a failing stage becomes an
    :class:`ErrorRecord` on the returned Article (stage name and cause), and the stages
    after a failure are skipped.
    """
    ctx = ctx or Context()
    article = Article(source=raw.source, raw_text=raw.text)
    if raw.error is not None:
        article.errors.append(raw.error)
        return article
    if len(raw.text) > MAX_ARTICLE_CHARS:
        article.errors.append(
            ErrorRecord(
                code="E105",
                message=f"{raw.source.label()}: article is {len(raw.text)} characters, over the "
                f"{MAX_ARTICLE_CHARS}-character limit",
                stage="read",
            )
        )
        article.raw_text = ""  # a refused text is not echoed into the output (it can be gigabytes)
        return article
    article._meta = dict(raw.meta)
    article.errors.extend(raw.notices)  # the reader's W-coded warnings (e.g. W103: decoded from a legacy encoding)
    for st in check_pipeline(stages):
        try:
            article = st.fn(article, ctx)
        except Exception as exc:  # one failing record must not stop the batch
            article.errors.append(
                ErrorRecord(
                    code="E200",
                    message=f"{raw.source.label()}: stage {st.name!r} failed: {type(exc).__name__}: {exc}",
                    stage=st.name,
                )
            )
            break
    return article


def analyze_documents(raws: Iterable[RawDocument], ctx: Context | None = None) -> Iterator[Article]:
    """Analyse records one by one in this process (see ``engines`` for parallel runs)."""
    ctx = ctx or Context()
    for raw in raws:
        yield analyze_document(raw, ctx)


__all__ = ["Context", "Stage", "STAGES", "stage", "check_pipeline", "analyze_document", "analyze_documents", "text_id"]
