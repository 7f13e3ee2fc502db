"""The store's speakers with the written forms of one person grouped under one canonical name.

The rules are those the story view uses (:func:`newstrace.stories.variants.group_names`):
forms equal without case and accents, or one multi-word form's words all in another's
("Jonathan Choi" in "Jonathan H. Choi"), are one person store-wide. Within one story (an
article without a story is its own scope) a form spelt alike (rapidfuzz ratio >=
:data:`~newstrace.stories.variants.NAME_RATIO`, same last word) or a short first name
("Jon Choi" for "Jonathan Choi") joins too, and a lone word ("May") joins the one full name
of the same story that holds it ("Theresa May", as a speaker or a person entity): two people
sharing a surname are never merged on the surname alone.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from newstrace.stories.variants import NAME_RATIO, norm_words
from newstrace.unionfind import UnionFind


@dataclass
class SpeakerGroup:
    """One person across the store.

    Attributes:
        name: canonical name: the multi-word form with most quotes (then articles, then longest).
        forms: ``form -> quote count`` of every written form, canonical included.
        quotes: quotes of all forms (int).
        articles: article ids quoting any form.
        stories: story ids of those articles.
        members: ``(form, article_id)`` pairs whose quotes belong to this person.
    """

    name: str
    forms: dict[str, int] = field(default_factory=dict)
    quotes: int = 0
    articles: set[str] = field(default_factory=set)
    stories: set[str] = field(default_factory=set)
    members: set[tuple[str, str]] = field(default_factory=set)


def _words(form: str) -> list[str]:
    return norm_words(form).split()


def _spelt_alike(a: list[str], b: list[str]) -> bool:
    """Same word count (2+), same last word, and first names alike or one a 3+-letter prefix of the other."""
    if len(a) != len(b) or len(a) < 2 or a[-1] != b[-1]:
        return False
    fa, fb = a[0], b[0]
    if min(len(fa), len(fb)) >= 3 and (fa.startswith(fb) or fb.startswith(fa)):
        return True
    return fuzz.ratio(" ".join(a), " ".join(b)) >= NAME_RATIO


def group_speakers(rows: list[dict], persons: dict[str, set[str]] | None = None) -> list[SpeakerGroup]:
    """Group quote speakers into people.

    Args:
        rows: one dict per (speaker, article): ``speaker`` (str), ``article_id`` (str),
            ``story_id`` (str or ``None``), ``quotes`` (int).
        persons: scope (story id, or ``"article:" + id``) -> full person names (entities) named
            there, which a lone surname in that scope may join; optional.

    Returns:
        ``list[SpeakerGroup]``, most quoted first (then most articles, then name).
    """
    persons = persons or {}
    # A node is (form, scope): a lone word's meaning depends on the story it stands in.
    nodes: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        scope = r["story_id"] or "article:" + r["article_id"]
        nodes[(r["speaker"].strip(), scope)].append(r)
    keys = list(nodes)
    uf = UnionFind(items=range(len(keys)))  # the smallest index of a set is its root
    words = {k: _words(k[0]) for k in keys}
    by_form: dict[str, list[int]] = defaultdict(list)
    by_last: dict[str, list[int]] = defaultdict(list)
    by_scope: dict[str, list[int]] = defaultdict(list)
    for i, k in enumerate(keys):
        by_scope[k[1]].append(i)
        w = words[k]
        if len(w) > 1:
            by_form[" ".join(w)].append(i)  # accents and case aside
            by_last[w[-1]].append(i)
    for same in by_form.values():
        for i in same[1:]:
            uf.union(same[0], i)
    for group in by_last.values():  # "Jonathan Choi" within "Jonathan H. Choi", any story
        forms = {" ".join(words[keys[i]]): i for i in group}
        for a, i in forms.items():
            for b, j in forms.items():
                if a != b and set(a.split()) < set(b.split()):
                    uf.union(i, j)
    extra: dict[str, str] = {}  # lone word + scope -> the full name only the scope's entities give
    hosted: set[int] = set()  # lone-word nodes joined to a full-name speaker of their scope
    for scope, members in by_scope.items():
        full = [i for i in members if len(words[keys[i]]) > 1]
        for x, i in enumerate(full):
            for j in full[x + 1 :]:
                if _spelt_alike(words[keys[i]], words[keys[j]]):
                    uf.union(i, j)
        for i in members:
            w = words[keys[i]]
            if len(w) != 1:
                continue
            hosts = {uf.find(j) for j in full if w[0] in words[keys[j]]}
            if len(hosts) == 1:
                uf.union(i, hosts.pop())
                hosted.add(i)
            elif not hosts:
                names = {n for n in persons.get(scope, ()) if len(_words(n)) > 1 and w[0] in _words(n)}
                folded = {" ".join(_words(n)) for n in names}
                if len(folded) == 1:
                    extra[keys[i][0] + "\0" + scope] = min(names)
    # lone words left alone are one row per word, whatever the story
    loners: dict[str, int] = {}
    for i, k in enumerate(keys):
        if len(words[k]) == 1 and i not in hosted and (k[0] + "\0" + k[1]) not in extra:
            uf.union(loners.setdefault(" ".join(words[k]), i), i)
    out: dict[int, SpeakerGroup] = {}
    for i, k in enumerate(keys):
        root = uf.find(i)
        g = out.setdefault(root, SpeakerGroup(name=""))
        host = extra.get(k[0] + "\0" + k[1])
        if host is not None:  # the lone word of a full name only the story's entities give
            g.forms.setdefault(host, 0)
        for r in nodes[k]:
            g.forms[k[0]] = g.forms.get(k[0], 0) + int(r["quotes"])
            g.quotes += int(r["quotes"])
            g.articles.add(r["article_id"])
            if r["story_id"]:
                g.stories.add(r["story_id"])
            g.members.add((k[0], r["article_id"]))
    for g in out.values():
        g.name = min(g.forms, key=lambda f: (len(_words(f)) < 2, -g.forms[f], -len(f), f))
    # groups sharing one canonical (an entity host found in two stories) are one row
    merged: dict[str, SpeakerGroup] = {}
    for g in out.values():
        m = merged.get(g.name)
        if m is None:
            merged[g.name] = g
            continue
        for f, n in g.forms.items():
            m.forms[f] = m.forms.get(f, 0) + n
        m.quotes += g.quotes
        m.articles |= g.articles
        m.stories |= g.stories
        m.members |= g.members
    return sorted(merged.values(), key=lambda g: (-g.quotes, -len(g.articles), g.name))
