"""The default stages, registered for :mod:`newstrace.pipeline`; each delegates to its module."""

from __future__ import annotations

from newstrace.pipeline import Context, stage
from newstrace.schema import Article, article_id


@stage("repair", requires=("raw_text",), assigns=("repairs",))
def repair_stage(article: Article, ctx: Context) -> Article:
    """Repair encoding, censor-filter damage, glued words and quotation marks."""
    from newstrace.repair import fix_and_explain

    article._repaired, article.repairs = fix_and_explain(article.raw_text, ctx.repair_config)
    return article


@stage(
    "structure",
    requires=("repairs",),
    assigns=("headline", "published", "byline", "credit", "contributors", "dateline", "text", "residue", "outlet"),
)
def structure_stage(article: Article, ctx: Context) -> Article:
    """Split the repaired document into headline, date, byline, credit, body and residue."""
    from newstrace.structure import structure_article

    return structure_article(article, article._repaired or article.raw_text, article._meta)


@stage("language", requires=("text",), assigns=("language",))
def language_stage(article: Article, ctx: Context) -> Article:
    """Identify the body's language (ISO 639-1) with py3langid, or keep the reader's hint; ``None`` when unsure."""
    hint = article._meta.get("language")
    if hint:
        article.language = str(hint).split("-")[0].lower()
    elif article.text.strip():
        from newstrace.nlp.language import identify_language

        article.language, _ = identify_language(article.text, article.headline)
    return article


@stage("nlp", requires=("text", "language"), assigns=("entities", "quotes", "claims"))
def nlp_stage(article: Article, ctx: Context) -> Article:
    """Entities with canonical names, quotation attribution and claims (English only)."""
    from newstrace.nlp import annotate

    return annotate(article, ctx.get_nlp())


@stage("identify", requires=("text",), assigns=("id",))
def identify_stage(article: Article, ctx: Context) -> Article:
    """Content-hash id of the repaired headline, body and attribution (:func:`newstrace.schema.article_id`)."""
    article.id = article_id(article)
    return article
