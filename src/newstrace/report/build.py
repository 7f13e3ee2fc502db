"""``newstrace report``: one self-contained HTML file with the stories, their provenance graphs, timelines, quotes, claims and diffs.

The file loads nothing from the network (inline CSS, script and SVG; a
Content-Security-Policy with ``default-src 'none'`` enforces it) and works without the
script: story sections open with ``:target``. A large store is limited by default to the
largest stories, and the page says so.
"""

from __future__ import annotations

import contextlib
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from newstrace import __version__
from newstrace.report.details import story_details
from newstrace.report.graph import GraphLayout
from newstrace.report.render import environment, inline_assets
from newstrace.report.timeline import Timeline
from newstrace.report.views import (
    DiffView,
    ReportLinks,
    diff_order,
    load_diffs,
    meaning_inverted_links,
    stored_key,
    story_graph,
    story_timeline,
)
from newstrace.store import Store
from newstrace.stories.models import StoryDetail
from newstrace.stories.variants import norm_words

#: Stories given in full by default (largest first). On a store of 100,000 articles this keeps
#: the file near 10 MB and its build near half a minute on 2 CPUs (bench/web_speed.py).
DEFAULT_LIMIT = 100
#: Side-by-side diffs per story by default: copies that changed figures, quotations, names or meaning first,
#: then other text changes, then credit-only republications; highest-scoring first within each
#: (:func:`newstrace.report.views.diff_order`).
DEFAULT_MAX_DIFFS = 10
#: Speakers listed in the index at most.
MAX_SPEAKERS = 500


@dataclass
class StoryView:
    """One story section: the detail plus what is drawn from it.

    Attributes:
        detail: the story (members, edges, quotes, claims, names).
        graph, timeline: laid-out drawings.
        diffs: side-by-side diffs of its copies (at most ``max_diffs``), in
            :func:`~newstrace.report.views.diff_order`: changes of substance first, credit-only copies last.
        diffs_left_out: copies without a diff in the file (the last in that order).
        members: member by article id (for table labels).
        identical: member id -> every source its identical text was ingested from, where two or
            more (:meth:`newstrace.store.Store.identical_sources`): republications stored as one article.
    """

    detail: StoryDetail
    graph: GraphLayout
    timeline: Timeline
    diffs: list[DiffView] = field(default_factory=list)
    diffs_left_out: int = 0
    members: dict[str, Any] = field(default_factory=dict)
    identical: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class ReportSummary:
    """What :func:`build_report` wrote.

    Attributes:
        path: the HTML file.
        store: the store it was built from.
        stories_total: stories in the store; ``stories_shown`` in the file.
        multi_total: stories with two or more articles.
        articles: articles stored; derivations: links of the resolved graph (one origin per copy),
            as ``newstrace trace`` prints them; pairs: every verified pair stored.
        diffs: side-by-side diffs written.
        limited: some stories (or diffs) were left out.
        diffs_left_out: copies listed without their side-by-side diff (over ``max_diffs`` in a story).
        max_diffs: diffs per story at most.
        stories_built: the store has story tables filled (``newstrace stories`` ran).
        bytes: file size; seconds: build time.
        stage_seconds: build time split into ``stories`` (story details), ``drawings``
            (graphs, timelines), ``diffs``, ``render`` and ``write``.
        built: build time stamp (UTC, ISO 8601).
    """

    path: str
    store: str
    stories_total: int = 0
    stories_shown: int = 0
    multi_total: int = 0
    articles: int = 0
    derivations: int = 0
    pairs: int = 0
    diffs: int = 0
    limited: bool = False
    diffs_left_out: int = 0
    max_diffs: int = DEFAULT_MAX_DIFFS
    stories_built: bool = True
    bytes: int = 0
    seconds: float = 0.0
    stage_seconds: dict[str, float] = field(default_factory=dict)
    built: str = ""


def build_report(store: Store, out: str | Path, *, limit: int = DEFAULT_LIMIT, max_diffs: int = DEFAULT_MAX_DIFFS,
                 jobs: int | None = None) -> ReportSummary:  # fmt: skip
    """Write the HTML report of a store's stories.

    Args:
        store: an open store (read-only is enough) on which ``newstrace stories`` ran.
        out: the HTML file to write (replaced atomically: written next to it, then renamed).
        limit: stories given in full, largest first (0: all of them).
        max_diffs: side-by-side diffs per story (0: all), chosen and given in
            :func:`~newstrace.report.views.diff_order`: copies that changed figures, quotations, names,
            dates, hedges, slant or meaning first, then other text changes (cuts, additions, rewordings),
            then copies whose only change is the credit or byline; highest-scoring first within each.
            The copies table lists every copy link whatever the limit.
        jobs: processes loading story details (default: every CPU; used when the store is
            open read-only and there are enough stories, see :mod:`newstrace.report.details`).

    Returns:
        A :class:`ReportSummary`.

    Raises:
        OSError: the file cannot be written.
        newstrace.store.StoreError: the store cannot be read.
    """
    from newstrace.stories import list_stories

    t0 = time.perf_counter()
    out = Path(out)
    counts = store.counts()
    first = list_stories(store, limit=0)
    total = first.total
    page = list_stories(store, limit=limit if limit > 0 else max(total, 1), sort="size")
    summary = ReportSummary(path=str(out), store=str(store.path), stories_total=total,
                            multi_total=list_stories(store, limit=0, min_articles=2).total,
                            articles=counts["articles"], derivations=counts["resolved_links"], pairs=counts["derivations"],
                            max_diffs=max_diffs, stories_built=total > 0 or counts["articles"] == 0,
                            built=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"))  # fmt: skip
    links = ReportLinks()
    views: list[StoryView] = []
    wanted: list[tuple[str, str]] = []
    clock = _Clock(summary.stage_seconds)
    details = story_details(store, [s.id for s in page.stories], jobs)
    with clock("diffs"):  # which copies' rewordings invert a sentence: one query for every story shown
        inverted = meaning_inverted_links(store, [i for s in page.stories for i in s.article_ids])
    while True:
        with clock("stories"):
            detail = next(details, False)
        if detail is False:
            break
        if detail is None:
            continue
        with clock("drawings"):
            # changes of substance first, credit-only copies last: the diffs a reader acts on are never left out
            # for a verbatim republication that scored higher
            edges = diff_order(detail.edges, inverted)
            chosen = edges if max_diffs <= 0 else edges[:max_diffs]
            views.append(StoryView(detail, story_graph(detail, links), story_timeline(detail, links),
                                   diffs_left_out=len(edges) - len(chosen),
                                   members={m.article_id: m for m in detail.members},
                                   identical=store.identical_sources(m.article_id for m in detail.members)))  # fmt: skip
        views[-1].diffs = [(e.copy_id, stored_key(e)) for e in chosen]  # keys now, views below
        wanted += views[-1].diffs
    with clock("diffs"):  # every diff of the file in one batch of queries
        loaded = {(dv.derivation.copy_id, dv.origin_key): dv for dv in load_diffs(store, wanted, links)}
        for v in views:
            v.diffs = [loaded[k] for k in v.diffs if k in loaded]
    summary.stories_shown = len(views)
    summary.diffs = sum(len(v.diffs) for v in views)
    summary.diffs_left_out = sum(v.diffs_left_out for v in views)
    summary.limited = total > len(views) or summary.diffs_left_out > 0
    speakers, speakers_left_out = _speaker_index(views)
    css, js, csp = inline_assets()
    with clock("render"):
        html = environment().get_template("report.html.j2").render(
            summary=summary, stories=[v.detail.story for v in views], story_views=views, links=links,
            speakers=speakers, speakers_left_out=speakers_left_out, outlets=_outlet_index(views),
            index=_search_index(views), css=css, js=js, csp=csp, version=__version__,
        )  # fmt: skip
    with clock("write"):
        tmp = out.with_name(out.name + ".part")
        tmp.write_text(html, encoding="utf-8")
        tmp.replace(out)
    summary.bytes = out.stat().st_size
    summary.seconds = time.perf_counter() - t0
    return summary


class _Clock:
    """Adds the wall-clock seconds of each ``with clock(stage):`` block to ``into[stage]``."""

    def __init__(self, into: dict[str, float]):
        self.into = into

    @contextlib.contextmanager
    def __call__(self, stage: str):
        t = time.perf_counter()
        try:
            yield
        finally:
            self.into[stage] = self.into.get(stage, 0.0) + time.perf_counter() - t


def _speaker_index(views: list[StoryView]) -> tuple[list[dict[str, Any]], int]:
    """Speakers across the stories shown: name, other written forms, quotes, articles and stories."""
    acc: dict[str, dict[str, Any]] = {}
    for v in views:
        groups = {g.id: g for g in v.detail.quotes}
        for sp in v.detail.speakers:
            # one row per name whatever its accents or case: stories may choose "Guaidó" or "Guaido"
            e = acc.setdefault(norm_words(sp.name) or sp.name,
                               {"name": sp.name, "variants": [], "aliases": [], "quotes": 0, "articles": set(),
                                "stories": []})  # fmt: skip
            if sp.name != e["name"] and sp.name not in e["aliases"]:
                e["aliases"].append(sp.name)  # story pages link to this spelling's anchor
                if sp.name not in e["variants"]:
                    e["variants"].append(sp.name)
            for form in sp.name_variants:
                if form not in e["variants"] and form != e["name"]:
                    e["variants"].append(form)
            for qid in sp.quote_ids:
                g = groups.get(qid)
                if g is not None:
                    e["quotes"] += 1
                    e["articles"].update(x.article_id for x in g.variants)
            e["stories"].append((v.detail.story.id, v.detail.story.headline or v.detail.story.id))
    rows = sorted(acc.values(), key=lambda e: (-e["quotes"], -len(e["articles"]), e["name"]))
    for e in rows:
        e["articles"] = len(e["articles"])
    return rows[:MAX_SPEAKERS], max(0, len(rows) - MAX_SPEAKERS)


def _outlet_index(views: list[StoryView]) -> list[dict[str, Any]]:
    """Outlets across the stories shown: articles, origins, copies by kind. An outlet whose input had exactly a
    member's text (stored as that member: :attr:`~newstrace.stories.models.Member.republished`) counts it as
    a verbatim copy."""
    acc: dict[str, dict[str, Any]] = defaultdict(lambda: {"articles": 0, "origins": 0, "copies": 0, "kinds": Counter()})
    for v in views:
        for m in v.detail.members:
            e = acc[m.outlet or "(unknown)"]
            e["articles"] += 1
            if m.role == "origin":
                e["origins"] += 1
            elif m.role in ("copy", "version"):
                e["copies"] += 1
                e["kinds"]["version" if m.role == "version" else m.kind or "copy"] += 1
            for r in m.republished:
                e = acc[r.outlet]
                e["articles"] += 1
                e["copies"] += 1
                e["kinds"]["verbatim"] += 1
    rows = [{"name": k, **v, "kinds": dict(v["kinds"])} for k, v in acc.items()]
    return sorted(rows, key=lambda r: (-r["articles"], r["name"]))


def _search_index(views: list[StoryView]) -> dict[str, Any]:
    """What the filter box searches per story: headline, outlets, languages, entities, speakers."""
    stories = {}
    for v in views:
        s = v.detail.story
        parts = [s.headline, *s.outlets, *s.languages, *s.key_entities, *(sp.name for sp in v.detail.speakers)]
        parts += [f for sp in v.detail.speakers for f in sp.name_variants]
        stories[s.id] = " ".join(p for p in parts if p)[:4000]
    return {"stories": stories}


__all__ = ["build_report", "ReportSummary", "StoryView", "DEFAULT_LIMIT", "DEFAULT_MAX_DIFFS"]
