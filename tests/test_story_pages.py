"""Story pages of large stories: bounded loading gives the same variants, and the page says what it leaves out.

A story syndicated many times is made here from a real one (the webstore of tests/_webstore.py,
built from ../shared at run time): one of its copies is re-published verbatim by many invented
feeds, written straight to a copy of the store with the copy's own traced link, then clustered.
"""

from __future__ import annotations

import html as htmllib
import random
import re
import shutil
from datetime import datetime, timezone
from itertools import combinations
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from rapidfuzz import fuzz

from newstrace.schema import Source, text_id
from newstrace.store import IngestItem, Store
from newstrace.stories import list_stories, story_detail, story_of, update_stories
from newstrace.stories.detail import member_derivations
from newstrace.stories.variants import (
    IN_SENTENCE,
    MIN_FRAGMENT,
    StoryText,
    _DSU,
    _Texts,
    group_claims,
    group_names,
    group_quotes,
    located,
    speakers_of,
)
from newstrace.web import create_app
from newstrace.web import pages

#: Verbatim re-publications added to the story.
FEEDS = 150


@pytest.fixture(scope="module")
def base_path(store_path) -> Path:
    return store_path


def _variants(d) -> tuple:
    return d.quotes, d.claims, d.names, d.speakers


def _reference(store: Store, story_id: str, max_articles: int) -> tuple:
    """The variants as story_detail computed them before its loading was bounded: every member link with
    its changes and aligned pairs, and whole stored articles, then restricted to the compared members."""
    d = story_detail(store, story_id, max_articles=max_articles)
    ids = d.story.article_ids
    members = set(ids)
    derivs = [x for x in member_derivations(store, ids)
              if (x.origin_id in members) or (x.origin_id is None and set(x.sibling_ids) & members)]  # fmt: skip
    order = {p.article_id: n for n, p in enumerate(d.timeline)}
    roles = {m.article_id: m.role for m in d.members}
    rank = {i: (0 if roles[i] == "origin" else 1) * len(ids) + order[i] for i in ids}
    keep = set(sorted(ids, key=lambda i: rank[i])[:max_articles])
    arts = sorted(store.iter_articles(keep), key=lambda a: rank[a.id])
    st = StoryText(articles=arts, outlets={m.article_id: m.outlet for m in d.members}, rank=rank,
                   derivations=[x for x in derivs if x.copy_id in keep and
                                ((x.origin_id in keep) or (x.origin_id is None and set(x.sibling_ids) & keep))])  # fmt: skip
    names = group_names(st)
    quotes = group_quotes(st, names)
    return quotes, group_claims(st), [g for g in names.groups if len(g.variants) > 1], speakers_of(quotes, names)


def test_bounded_loading_gives_the_variants_of_full_loading(base_path):
    with Store(base_path, read_only=True) as st:
        stories = list_stories(st, limit=100, min_articles=2).stories
        assert len(stories) >= 10
        for s in stories:
            for cap in (2, 500):
                assert _variants(story_detail(st, s.id, max_articles=cap)) == _reference(st, s.id, cap), (s.id, cap)


def _grow(base: Path, into: Path) -> tuple[str, str, list[str]]:
    """Copy the store and re-publish one traced copy ``FEEDS`` times (undated, so ranked after every
    original member). Returns the story id, the copy syndicated and the new article ids."""
    shutil.copy(base, into)
    with Store(into) as st:
        # the story with most copy links among those whose quotes appear in several articles
        def links(s):
            d = story_detail(st, s.id)
            shared = sum(len({v.article_id for v in g.variants}) > 1 for g in d.quotes)
            return (shared > 0, len([e for e in d.edges if e.origin_id]), s.id)

        small = max(list_stories(st, limit=100, min_articles=3).stories, key=links)
        d = story_detail(st, small.id)
        edge = max((e for e in d.edges if e.origin_id), key=lambda e: (len(e.change_counts), e.copy_id))
        (link,) = [x for x in member_derivations(st, [edge.copy_id]) if x.origin_id == edge.origin_id]
        copy = st.get_article(edge.copy_id)
        items, derivs = [], []
        for k in range(FEEDS):
            art = copy.model_copy(deep=True)
            art.text = art.raw_text = copy.text + f"\n\n(Distributed by feed{k}.example)"
            art.source = Source(path=f"syndicated/feed{k}.txt", format="text", url=f"https://feed{k}.example/story")
            art.outlet, art.published, art.updated = f"Feed {k}", None, None
            art.id = text_id(art.headline + "\n" + art.text)
            items.append(IngestItem(input_key=f"syndicated:{k}", record=0, article=art))
            derivs.append(link.model_copy(update={"copy_id": art.id, "kind": "verbatim"}, deep=True))
        st.write_batch(items)
        st.replace_derivations(derivs, [x.copy_id for x in derivs], mode="incremental", max_seq=st.max_seq(),
                               new_articles=len(items), started_at=datetime.now(timezone.utc).replace(tzinfo=None))  # fmt: skip
        update_stories(st)
        assert {story_of(st, x.copy_id) for x in derivs} == {small.id}
    return small.id, edge.copy_id, [x.copy_id for x in derivs]


@pytest.fixture(scope="module")
def grown(base_path, tmp_path_factory) -> tuple[Path, str, str, list[str]]:
    path = tmp_path_factory.mktemp("grown") / "grown.duckdb"
    return (path, *_grow(base_path, path))


def test_a_syndicated_story_compares_the_variants_of_the_small_story(base_path, grown):
    path, sid, _copy, new = grown
    with Store(base_path, read_only=True) as st:
        small = story_detail(st, sid)
    with Store(path, read_only=True) as st:
        big = story_detail(st, sid, max_articles=small.story.n_articles)
        assert big.story.n_articles == small.story.n_articles + FEEDS
        # the originals rank first, so comparing as many articles as the small story had gives its variants
        assert big.analysed_articles == small.story.n_articles
        assert _variants(big) == _variants(small)
        # bounded members: the earliest, each with the stored origin it copies; links and points among them only
        capped = story_detail(st, sid, max_articles=10, max_members=40)
        assert len(capped.members) == 40 == len(capped.timeline)
        listed = {m.article_id for m in capped.members}
        assert set(small.story.article_ids) <= listed  # the originals (dated) come before the undated re-publications
        assert {e.copy_id for e in capped.edges} <= listed and {p.article_id for p in capped.timeline} == listed
        assert {m.article_id: m.role for m in capped.members} == {m.article_id: m.role for m in big.members
                                                                   if m.article_id in listed}  # fmt: skip
        assert [e for e in big.edges if e.copy_id in listed] == capped.edges
        assert all(e.a in listed and e.b in listed for e in capped.event_links)
        # a tight cap still lists each copy with the article it copies, so the graph draws whole trees
        for cap in range(1, 12):
            tight = story_detail(st, sid, max_articles=1, max_members=cap)
            kept = {m.article_id for m in tight.members}
            assert len(kept) == cap
            for m in tight.members:
                own = [e for e in tight.edges if e.copy_id == m.article_id]
                assert not own or any(e.inferred_source or e.origin_id in kept for e in own), (cap, m.article_id)


def _shown_wordings(page: str) -> set[str]:
    """The quote wordings a story page shows (quotes in several articles, and in one only)."""
    assert '<table class="variants quotes">' in page
    return {htmllib.unescape(q) for q in re.findall(r'<span class="quote">(.*?)</span>', page, flags=re.S)}


def test_a_big_story_page_lists_the_small_storys_variants_and_states_its_caps(base_path, grown, monkeypatch):
    path, sid, _copy, _new = grown
    with TestClient(create_app(base_path), base_url="http://127.0.0.1") as c:
        before = c.get(f"/stories/{sid}")
    assert before.status_code == 200 and "This page shows the first" not in before.text
    monkeypatch.setattr(pages, "STORY_PAGE_MEMBERS", 60)
    monkeypatch.setattr(pages, "STORY_PAGE_ARTICLES", 50)
    with TestClient(create_app(path), base_url="http://127.0.0.1") as c:
        after = c.get(f"/stories/{sid}")
    assert after.status_code == 200
    with Store(path, read_only=True) as st:
        n = story_detail(st, sid, max_articles=1).story.n_articles
    assert f"This page shows the first 60 of the story's {n} articles" in after.text
    assert f"compared across the first 50 of the story's {n} articles" in after.text
    members = after.text.split('<table class="members">')[1].split("</table>")[0]
    assert members.count("<tr>") == 60 + 1  # the heading row and one row per member listed
    # the re-publications repeat the syndicated copy's words: no new wording, none lost
    assert _shown_wordings(after.text) == _shown_wordings(before.text)


def _located_plainly(fragment: str, sentence: str) -> bool:
    if min(len(fragment), len(sentence)) < MIN_FRAGMENT:
        return fragment == sentence or (len(fragment) >= 8 and fragment in sentence)
    return fuzz.partial_ratio(fragment, sentence) >= IN_SENTENCE


def test_located_answers_as_the_plain_partial_ratio_test():
    rng = random.Random(7)
    words = "the council said bridge flood river closed shut engineers safe ferry 320 270 households".split()
    for _ in range(3000):
        sentence = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 25)))
        start = rng.randrange(len(sentence))
        fragment = sentence[start : start + rng.randrange(1, 90)]
        if rng.random() < 0.5:  # an edited fragment: a word swapped or a letter dropped
            w = fragment.split()
            if w:
                w[rng.randrange(len(w))] = rng.choice(words)
            fragment = " ".join(w)
            if fragment and rng.random() < 0.5:
                k = rng.randrange(len(fragment))
                fragment = fragment[:k] + fragment[k + 1 :]
        for a, b in ((fragment, sentence), (sentence, fragment)):
            assert located(a, b) == _located_plainly(a, b), (a, b)


def test_distinct_texts_link_items_as_pairwise_comparison_does():
    rng = random.Random(3)
    for _ in range(2000):
        n = rng.randrange(1, 12)
        texts = [rng.choice("abcd") for _ in range(n)]
        aids = [rng.choice("XYZ"[: rng.randrange(1, 4)]) for _ in range(n)]
        tx = _Texts(texts, aids)
        similar = sorted({(u, v) for u in range(len(tx.unique)) for v in range(u, len(tx.unique)) if rng.random() < 0.5})
        pairwise, distinct = _DSU(n), _DSU(n)
        for i, j in combinations(range(n), 2):
            u, v = sorted((tx.unique.index(texts[i]), tx.unique.index(texts[j])))
            if (u, v) in similar and aids[i] != aids[j]:
                pairwise.union(i, j)
        for i, j in tx.links(similar):
            distinct.union(i, j)
        assert pairwise.groups() == distinct.groups(), (texts, aids, similar)
