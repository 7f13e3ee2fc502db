"""HTML pages of ``newstrace serve``: stories, a story, an article, a copy's diff, speakers, outlets, search.

Each page is a Jinja2 template (autoescaped) over the same records the JSON API returns;
the graph, timeline, diff and variant tables are the report's own macros, linked with
:class:`~newstrace.report.views.WebLinks`.
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from newstrace import __version__
from newstrace.report.views import WebLinks, story_graph, story_timeline
from newstrace.web import queries as q

router = APIRouter(include_in_schema=False)
LINKS = WebLinks()
#: Rows per page of the list pages.
PAGE = 50
#: Members of a story whose quotes, claims and names a story page compares (earliest first):
#: the comparison is most of a large story's cost (bench/web_speed.py), and the page says so.
STORY_PAGE_ARTICLES = 100
#: Members of a story a story page lists (the earliest, each with its origin): its graph, timeline, copy
#: links and member table are drawn from these, so a wire story with thousands of copies costs
#: what a story of this size does (bench/web_speed.py); the page says when the list is cut.
STORY_PAGE_MEMBERS = 600


def _render(request: Request, template: str, nav: str, title: str, **ctx) -> HTMLResponse:
    html = request.app.state.templates.get_template(template).render(
        links=LINKS, nav=nav, title=title, version=__version__, store=str(request.app.state.access.path), **ctx
    )
    return HTMLResponse(html)


def _access(request: Request):
    return request.app.state.access


@router.get("/", response_class=HTMLResponse)
@router.get("/stories", response_class=HTMLResponse)
def stories_page(request: Request, offset: int = Query(0, ge=0), sort: str = Query("size", pattern="^(size|recent|first_seen)$"),
                 min_articles: int = Query(1, ge=1, le=100_000)) -> HTMLResponse:  # fmt: skip
    """Stories, largest first, a page at a time."""
    from newstrace.stories import list_stories

    with _access(request)() as store:
        page = list_stories(store, limit=PAGE, offset=offset, sort=sort, min_articles=min_articles)
        counts = store.counts()
    return _render(request, "stories.html.j2", "stories", "Stories", page=page, counts=counts, sort=sort,
                   min_articles=min_articles, offset=offset, page_size=PAGE)  # fmt: skip


@router.get("/stories/{story_id}", response_class=HTMLResponse)
def story_page(request: Request, story_id: str) -> HTMLResponse:
    """One story: provenance graph, timeline, copies, quotes, claims, names, members."""
    with _access(request)() as store:
        detail, matches = q.story_or_matches(store, story_id, max_articles=STORY_PAGE_ARTICLES,
                                             max_members=STORY_PAGE_MEMBERS)  # fmt: skip
        # identical republications are one article: its row names the other sources of its text
        identical = store.identical_sources(m.article_id for m in detail.members) if detail is not None else {}
    if detail is None and len(matches) == 1:  # a prefix, as `newstrace stories Scada` takes it
        return RedirectResponse(LINKS.story(matches[0]), status_code=307)
    if detail is None:
        several = f" (it starts {len(matches)} story ids: {', '.join(matches[:5])})" if matches else ""
        raise HTTPException(404, f"No story {story_id!r} in this store{several}.")
    members = {m.article_id: m for m in detail.members}
    return _render(request, "story.html.j2", "stories", detail.story.headline or story_id, detail=detail,
                   graph=story_graph(detail, LINKS), timeline=story_timeline(detail, LINKS), members=members,
                   identical=identical)  # fmt: skip


@router.get("/articles/{article_id}", response_class=HTMLResponse)
def article_page(request: Request, article_id: str) -> HTMLResponse:
    """One article: metadata, derivation links with their diffs, quotes, claims, entities, text."""
    with _access(request)() as store:
        page = q.article_page(store, article_id)
        if page is None:
            ids = q.article_matches(store, article_id)
            if len(ids) == 1:
                return RedirectResponse(LINKS.article(ids[0]), status_code=307)
    if page is None:
        raise HTTPException(404, f"No article {article_id!r} in this store.")
    return _render(request, "article.html.j2", "", page.article.headline or article_id, page=page)


@router.get("/articles/{article_id}/diff", response_class=HTMLResponse)
def diff_page(request: Request, article_id: str, origin: str = Query(..., max_length=200)) -> HTMLResponse:
    """A copy beside its origin, changes highlighted."""
    from newstrace.stories.query import story_of

    with _access(request)() as store:
        view = q.find_diff(store, article_id, origin)
        story_id = story_of(store, article_id) if view else None
    if view is None:
        raise HTTPException(404, f"No derivation of {article_id!r} from {origin!r} in this store.")
    return _render(request, "diff.html.j2", "", "Diff: " + (view.copy.outlet or view.copy.id), dv=view, story_id=story_id)


@router.get("/speakers", response_class=HTMLResponse)
def speakers_page(request: Request, q_: str | None = Query(None, alias="q", max_length=200),
                  offset: int = Query(0, ge=0)) -> HTMLResponse:  # fmt: skip
    """Named speakers, most quoted first, filtered by ``q``."""
    rows = q.filter_speakers(_access(request).cached("speakers", q.speakers), q_)
    return _render(request, "speakers.html.j2", "speakers", "Speakers", rows=rows[offset : offset + PAGE], total=len(rows),
                   offset=offset, query=q_ or "", page_size=PAGE)  # fmt: skip


@router.get("/speaker", response_class=HTMLResponse)
def speaker_page(request: Request, name: str = Query(..., max_length=500)) -> HTMLResponse:
    """Every quote attributed to one speaker, with its article and story."""
    group = q.speaker_group(_access(request).cached("speaker_groups", q.speaker_groups), name)
    with _access(request)() as store:
        quotes = q.speaker_quotes(store, name, group=group)
    variants = {f: n for f, n in group.forms.items() if f != name} if group else {}
    return _render(request, "speaker.html.j2", "speakers", name, name=name, quotes=quotes, variants=variants)


@router.get("/outlets", response_class=HTMLResponse)
def outlets_page(request: Request, offset: int = Query(0, ge=0)) -> HTMLResponse:
    """Outlets with their articles, origins and copies by kind."""
    rows, _ids = _access(request).cached("outlets", q.outlet_table)
    return _render(request, "outlets.html.j2", "outlets", "Outlets", rows=rows[offset : offset + PAGE], total=len(rows),
                   offset=offset, page_size=PAGE)  # fmt: skip


@router.get("/outlet", response_class=HTMLResponse)
def outlet_page(request: Request, name: str = Query(..., max_length=500), offset: int = Query(0, ge=0)) -> HTMLResponse:
    """The articles of one outlet, with their stories and roles."""
    _rows, ids = _access(request).cached("outlets", q.outlet_table)
    mine = ids.get(name, [])
    with _access(request)() as store:
        arts = q.outlet_articles(store, mine[offset : offset + PAGE], name)
    return _render(request, "outlet.html.j2", "outlets", name, name=name, arts=arts, total=len(mine), offset=offset,
                   page_size=PAGE)  # fmt: skip


@router.get("/search", response_class=HTMLResponse)
def search_page(request: Request, q_: str | None = Query(None, alias="q", max_length=500),
                speaker: str | None = Query(None, max_length=200), entity: str | None = Query(None, max_length=200),
                outlet: str | None = Query(None, max_length=200), offset: int = Query(0, ge=0)) -> HTMLResponse:  # fmt: skip
    """Articles by text, speaker, entity and outlet (all given criteria must match)."""
    from newstrace.stories import search

    page = None
    if q_ or speaker or entity or outlet:
        with _access(request)() as store:
            page = search(store, text=q_ or None, speaker=speaker or None, entity=entity or None, outlet=outlet or None,
                          limit=PAGE, offset=offset)  # fmt: skip
    form = {"q": q_ or "", "speaker": speaker or "", "entity": entity or "", "outlet": outlet or ""}
    return _render(request, "search.html.j2", "search", "Search", page=page, form=form, offset=offset, page_size=PAGE)


@router.get("/api", response_class=HTMLResponse)
def api_page(request: Request) -> HTMLResponse:
    """The JSON API's endpoints, from its OpenAPI document."""
    spec = request.app.openapi()
    endpoints = [(path, method.upper(), op.get("summary", ""), op.get("description", ""),
                  [p["name"] for p in op.get("parameters", [])])
                 for path, ops in spec.get("paths", {}).items() for method, op in ops.items()]  # fmt: skip
    return _render(request, "api.html.j2", "api", "JSON API", endpoints=endpoints)


__all__ = ["router", "PAGE", "STORY_PAGE_ARTICLES", "STORY_PAGE_MEMBERS"]
