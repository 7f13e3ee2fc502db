"""The JSON API of ``newstrace serve`` (under ``/api``), documented by the OpenAPI schema at ``/openapi.json``.

Read-only GET endpoints returning the typed records of :mod:`newstrace.stories.models` and
:mod:`newstrace.web.queries`; unknown ids answer 404 with ``{"detail": ...}``.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Query, Request

from newstrace.stories import SearchPage, StoryDetail, StoryPage
from newstrace.stories.detail import MAX_ARTICLES
from newstrace.web import queries as q

router = APIRouter(prefix="/api", tags=["newstrace"])

#: Largest page the API returns.
MAX_LIMIT = 1000


def _access(request: Request):
    return request.app.state.access


@router.get("/stories", response_model=StoryPage, summary="A page of stories")
def api_stories(request: Request, limit: int = Query(50, ge=0, le=MAX_LIMIT), offset: int = Query(0, ge=0),
                sort: str = Query("size", pattern="^(size|recent|first_seen)$"),
                min_articles: int = Query(1, ge=1), outlet: str | None = Query(None, max_length=200)) -> StoryPage:  # fmt: skip
    """Stories (summaries), largest first by default; ``total`` counts all matching stories."""
    from newstrace.stories import list_stories

    with _access(request)() as store:
        return list_stories(store, limit=limit, offset=offset, sort=sort, min_articles=min_articles, outlet=outlet)


@router.get("/stories/{story_id}", response_model=StoryDetail, summary="One story in full")
def api_story(request: Request, story_id: str, max_articles: int = Query(MAX_ARTICLES, ge=1, le=100_000),
              max_members: int | None = Query(None, ge=1, le=100_000)) -> StoryDetail:  # fmt: skip
    """Members, copy tree, event links, timeline, speakers, quote/claim/name variants of one story.

    ``max_articles``: members (origins first, then by date) whose quotes, claims and names are compared.
    ``max_members``: list only this many members (same order) with their copy links, timeline points and
    the strongest event links among them (default: all; ``story.n_articles`` counts the whole story).
    """
    with _access(request)() as store:
        detail, matches = q.story_or_matches(store, story_id, max_articles=max_articles, max_members=max_members)
    if detail is None:
        hint = f" (the API takes full story ids; it matches {', '.join(matches[:5])})" if matches else ""
        raise HTTPException(404, f"no story {story_id!r}{hint}")
    return detail


@router.get("/articles/{article_id}", response_model=q.ArticlePage, summary="One article")
def api_article(request: Request, article_id: str, all_pairs: bool = Query(False)) -> q.ArticlePage:
    """The stored article (repaired text, quotes, claims, entities, repairs), its story and derivation links.

    The links are those of the resolved graph, as ``newstrace trace`` prints it (one origin per copy, one
    record per copy of an inferred source); ``all_pairs=true`` lists every verified pair.
    """
    with _access(request)() as store:
        page = q.article_page(store, article_id, all_pairs=all_pairs)
        if page is None:
            raise no_article(store, article_id)
    return page


@router.get("/articles/{article_id}/derivations", response_model=list[q.DerivationRecord],
            summary="Derivation links of an article")  # fmt: skip
def api_derivations(request: Request, article_id: str, all_pairs: bool = Query(False)) -> list[q.DerivationRecord]:
    """The links where the article (its full id) is the copy, the origin or a sibling, with changes and aligned sentence pairs.

    Those of the resolved graph, as ``newstrace trace --json`` writes them (one origin per copy; a copy of an
    inferred source once, ``sibling_ids`` its whole group), with the same fields: ``inferred_source_id``,
    ``sibling_group``, and ``compared_with`` (the article the record's changes are read against) with its
    source; ``all_pairs=true`` gives every verified pair.
    """
    with _access(request)() as store:
        if not store.query("SELECT 1 AS found FROM articles WHERE id = ?", [article_id]):
            raise no_article(store, article_id)
        return q.derivation_records(store, article_id, all_pairs=all_pairs)


@router.get("/articles/{article_id}/diff", response_model=q.DiffPage, summary="A copy beside its origin")
def api_diff(request: Request, article_id: str, origin: str = Query(..., max_length=200)) -> q.DiffPage:
    """Side-by-side rows of the copy ``article_id`` against ``origin`` (an origin id or ``inferred:<hash>`` key)."""
    with _access(request)() as store:
        view = q.find_diff(store, article_id, origin)
        if view is None and not store.query("SELECT 1 AS found FROM articles WHERE id = ?", [article_id]):
            raise no_article(store, article_id)
    if view is None:
        raise HTTPException(404, f"no derivation of {article_id!r} from {origin!r}")
    return q.diff_page(view)


def no_article(store, article_id: str) -> HTTPException:
    """The 404 of every ``/api/articles/{article_id}`` endpoint for an id that is not stored, one wording for all.

    The API takes full ids only (a prefix could match another article as the store grows); the
    message says so and, when ``article_id`` is a prefix, path or URL of stored articles, names
    their full ids (at most 5).

    Args:
        store: the open store.
        article_id: the id as requested.

    Returns:
        ``HTTPException(404, "no article 'ab12cd34' (the API takes full article ids; it matches ...)")``.
    """
    ids = q.article_matches(store, article_id)
    hint = "the API takes full article ids"
    if ids:
        shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
        hint += f"; it matches {len(ids)} stored article{'s' if len(ids) > 1 else ''}: {shown}"
    return HTTPException(404, f"no article {article_id!r} ({hint})")


@router.get("/speakers", response_model=list[q.SpeakerRow], summary="Speakers")
def api_speakers(request: Request, q_: str | None = Query(None, alias="q", max_length=200),
                 limit: int = Query(100, ge=0, le=MAX_LIMIT), offset: int = Query(0, ge=0)) -> list[q.SpeakerRow]:  # fmt: skip
    """Named speakers, most quoted first; ``q`` keeps names containing it (case- and accent-insensitive)."""
    rows = _access(request).cached("speakers", q.speakers)
    return q.filter_speakers(rows, q_)[offset : offset + limit]


@router.get("/speaker", response_model=list[q.SpeakerQuote], summary="Quotes of one speaker")
def api_speaker(request: Request, name: str = Query(..., max_length=500),
                limit: int = Query(500, ge=0, le=MAX_LIMIT)) -> list[q.SpeakerQuote]:  # fmt: skip
    """Quotes of ``name`` and the variants of that name grouped under it (see ``/speakers``), in ingestion order."""
    group = q.speaker_group(_access(request).cached("speaker_groups", q.speaker_groups), name)
    with _access(request)() as store:
        return q.speaker_quotes(store, name, limit, group=group)


@router.get("/outlets", response_model=list[q.OutletRow], summary="Outlets")
def api_outlets(request: Request, limit: int = Query(100, ge=0, le=MAX_LIMIT), offset: int = Query(0, ge=0)) -> list[q.OutletRow]:
    """Outlets (URL host, else stored outlet name) with articles, origins and copies by kind; most articles first."""
    rows, _ids = _access(request).cached("outlets", q.outlet_table)
    return rows[offset : offset + limit]


@router.get("/search", response_model=SearchPage, summary="Search articles")
def api_search(request: Request, q_: str | None = Query(None, alias="q", max_length=500),
               speaker: str | None = Query(None, max_length=200), entity: str | None = Query(None, max_length=200),
               outlet: str | None = Query(None, max_length=200), limit: int = Query(50, ge=0, le=MAX_LIMIT),
               offset: int = Query(0, ge=0)) -> SearchPage:  # fmt: skip
    """Articles matching every given criterion: words of the text, a speaker, an entity, an outlet."""
    from newstrace.stories import search

    with _access(request)() as store:
        return search(store, text=q_ or None, speaker=speaker or None, entity=entity or None, outlet=outlet or None,
                      limit=limit, offset=offset)  # fmt: skip


__all__ = ["router", "MAX_LIMIT", "no_article"]
