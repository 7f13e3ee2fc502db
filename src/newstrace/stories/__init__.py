"""Stories: clustering stored articles into events, and per-story copy trees, timelines, and quote, claim and name variants.

Typed API (what the report and web layers call):

- :func:`update_stories` — cluster the articles not yet in a story (writes the story tables);
- :func:`stories_stale` — whether the stored stories lag behind the articles and copy links;
- :func:`list_stories` — a page of :class:`Story` summaries;
- :func:`get_story` / :func:`story_of` — one story, or the story of an article;
- :func:`find_stories` — story ids matching a story id or its prefix (``S1a2b``);
- :func:`story_detail` — a :class:`StoryDetail`: members, copy tree, timeline, speakers and
  quotes with variants, claims with variants, name variants;
- :func:`search` — articles by text, speaker, entity or outlet.
"""

from __future__ import annotations

from newstrace.stories.cluster import DEFAULT_RULE, LinkRule, stories_stale, update_stories
from newstrace.stories.detail import story_detail
from newstrace.stories.models import (
    ClaimGroup,
    ClaimValue,
    EventLink,
    Member,
    NameGroup,
    NameVariant,
    QuoteGroup,
    QuoteVariant,
    SearchHit,
    SearchPage,
    Speaker,
    StoriesReport,
    Story,
    StoryDetail,
    StoryPage,
    TimelinePoint,
    TreeEdge,
)
from newstrace.stories.query import find_stories, get_story, list_stories, search, story_of

__all__ = [
    "DEFAULT_RULE",
    "ClaimGroup",
    "ClaimValue",
    "EventLink",
    "LinkRule",
    "Member",
    "NameGroup",
    "NameVariant",
    "QuoteGroup",
    "QuoteVariant",
    "SearchHit",
    "SearchPage",
    "Speaker",
    "StoriesReport",
    "Story",
    "StoryDetail",
    "StoryPage",
    "TimelinePoint",
    "TreeEdge",
    "find_stories",
    "get_story",
    "list_stories",
    "search",
    "stories_stale",
    "story_detail",
    "story_of",
    "update_stories",
]  # fmt: skip
