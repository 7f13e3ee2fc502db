"""Provenance corpus loader: page excerpts as Articles, LABELS.md tables as a gold derivation graph, and link scoring.

Layout (``shared/corpora/provenance/<story>/``): files ``NN-<role>.txt`` whose first line is
``URL: …``, second ``ROLE: …``, then a blank line and a ~2,000-character excerpt; a
``LABELS.md`` per story with a table ``| file | site | role | derives from | confidence |``.

Gold graph, read from each table row by these rules (generic, so new story folders work):

- role ``original`` -> a root of the story's derivation tree;
- "derives from" starting with a file number (``02 (credited …)``, ``01, directly …``) -> that file;
- role ``independent`` -> not in the story's tree; a hard negative for every member of it;
- otherwise the origin is missing from the corpus: a node named by the text before ``(`` or
  ``,`` ("BBC", "CNN-v1", "Reuters R2"). Where the story has an original file, a missing node
  hangs under it, unless that original's role cell names it (``original (proxy, CNN-v2)``),
  when it *is* that file. Without an original file, one missing name is the story's root; with
  several, a name containing another ("Persian summary of BBC …" ⊃ "BBC") hangs under it and
  the rest hang under an unnamed story root.

The same URL in two stories is one article with both memberships (INDEX.md: eight pages are
reused on purpose with different roles).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from newstrace.corpora import shared_dir
from newstrace.schema import Article, Source, text_id

_ROW = re.compile(r"^\|\s*(\d\d)\s*\|([^|]*)\|([^|]*)\|([^|]*)\|")


@dataclass
class ProvenanceFile:
    """One excerpt file: ``story`` folder name, ``file`` number ("01"), ``url``, ``role`` (from the file), ``text``."""

    story: str
    file: str
    path: Path
    url: str
    role: str
    text: str


@dataclass
class GoldGraph:
    """Gold derivation graph over article ids and missing-origin nodes.

    Attributes:
        parent: ``(story, node) -> parent node`` (``None`` for a root); a node is an article id or
            ``"missing:<story>:<name>"``.
        members: story -> article ids in its derivation tree.
        independents: story -> article ids labelled independent of that tree.
        roles: article id -> roles it has (one per story it appears in).
    """

    parent: dict[tuple[str, str], str | None] = field(default_factory=dict)
    members: dict[str, set[str]] = field(default_factory=dict)
    independents: dict[str, set[str]] = field(default_factory=dict)
    roles: dict[str, dict[str, str]] = field(default_factory=dict)

    def ancestors(self, story: str, node: str) -> list[str]:
        """Ancestors of ``node`` in ``story``'s tree, nearest first."""
        out, cur = [], self.parent.get((story, node))
        while cur is not None and cur not in out:
            out.append(cur)
            cur = self.parent.get((story, cur))
        return out

    def shared_stories(self, a: str, b: str) -> list[str]:
        """Stories whose derivation tree holds both articles."""
        return [s for s, m in self.members.items() if a in m and b in m]

    def is_ancestor(self, anc: str, node: str) -> bool:
        """True when ``anc`` is an ancestor of ``node`` in some shared story tree."""
        return any(anc in self.ancestors(s, node) for s in self.shared_stories(anc, node))

    def is_independent_pair(self, a: str, b: str) -> bool:
        """True when one is labelled independent of a tree holding the other, and no tree holds both."""
        if self.shared_stories(a, b):
            return False
        return any((a in ind and b in self.members.get(s, set())) or (b in ind and a in self.members.get(s, set()))
                   for s, ind in self.independents.items())

    def copy_role(self, article_id: str) -> str | None:
        """The article's copy role (first non-original, non-independent one), or ``None``."""
        for role in self.roles.get(article_id, {}).values():
            if role != "original" and role != "independent":
                return role
        return None


def read_file(path: Path, story: str) -> ProvenanceFile:
    """Parse one excerpt file.

    Raises:
        ValueError: the file lacks the ``URL:`` / ``ROLE:`` header.
    """
    raw = path.read_text(encoding="utf-8")
    lines = raw.split("\n")
    if len(lines) < 3 or not lines[0].startswith("URL:") or not lines[1].startswith("ROLE:"):
        raise ValueError(f"{path}: expected 'URL: …' and 'ROLE: …' header lines")
    return ProvenanceFile(
        story=story,
        file=path.name[:2],
        path=path,
        url=lines[0][4:].strip(),
        role=lines[1][5:].strip(),
        text="\n".join(lines[3:]).strip(),
    )


def file_article(f: ProvenanceFile) -> Article:
    """An Article built directly from an excerpt: no headline (excerpts start with page furniture),
    the excerpt as body, the URL as source, language as ``ingest`` reads it
    (:func:`newstrace.nlp.language.identify_language`: ``None`` on tables and low confidence),
    id by :func:`text_id`."""
    from newstrace.nlp.language import identify_language

    lang, _ = identify_language(f.text)
    art = Article(source=Source(path=str(f.path), format="text", url=f.url), text=f.text, language=lang)
    art.id = text_id(art.headline + "\n" + art.text)
    return art


def _missing_name(derives: str) -> str:
    return re.split(r"[(,]", derives, maxsplit=1)[0].strip().casefold()


def _table(labels: Path) -> list[tuple[str, str, str]]:
    rows = []
    for line in labels.read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            rows.append((m.group(1), m.group(3).strip(), m.group(4).strip()))
    return rows


def load_corpus(folder: Path | None = None) -> tuple[list[Article], GoldGraph, dict[str, list[ProvenanceFile]]]:
    """Load every story folder: unique Articles (one per URL; identical texts merged), the gold graph and the files per article id.

    Args:
        folder: corpus folder; default ``shared/corpora/provenance``.

    Returns:
        ``(articles, gold, files_by_id)``.
    """
    folder = folder or shared_dir() / "corpora" / "provenance"
    by_url: dict[str, Article] = {}
    by_id: dict[str, Article] = {}
    files_by_id: dict[str, list[ProvenanceFile]] = {}
    gold = GoldGraph()
    for story_dir in sorted(p for p in folder.iterdir() if p.is_dir()):
        story = story_dir.name
        files = {p.name[:2]: read_file(p, story) for p in sorted(story_dir.glob("[0-9][0-9]-*.txt"))}
        ids: dict[str, str] = {}
        for num, f in files.items():
            if f.url not in by_url:
                art = file_article(f)
                # identical text under another URL (a mirror) is the same article, as in the store
                by_url[f.url] = by_id.setdefault(art.id, art)
            art = by_url[f.url]
            ids[num] = art.id
            files_by_id.setdefault(art.id, []).append(f)
            gold.roles.setdefault(art.id, {})[story] = f.role.split(" ")[0]
        rows = _table(story_dir / "LABELS.md") if (story_dir / "LABELS.md").exists() else []
        _story_graph(gold, story, rows, ids)
    return list(by_id.values()), gold, files_by_id


def _story_graph(gold: GoldGraph, story: str, rows: list[tuple[str, str, str]], ids: dict[str, str]) -> None:
    members = gold.members.setdefault(story, set())
    independents = gold.independents.setdefault(story, set())
    originals = [(num, role) for num, role, _ in rows if role.startswith("original") and num in ids]
    missing: dict[str, list[str]] = {}
    for num, role, derives in rows:
        if num not in ids:
            continue
        aid = ids[num]
        if role.startswith("independent"):
            independents.add(aid)
            continue
        members.add(aid)
        if role.startswith("original"):
            gold.parent[(story, aid)] = None
            continue
        m = re.match(r"(\d\d)\b", derives)
        if m and m.group(1) in ids:
            gold.parent[(story, aid)] = ids[m.group(1)]
            continue
        missing.setdefault(_missing_name(derives), []).append(aid)
    names = sorted(missing)
    node_of: dict[str, str] = {}
    for name in names:
        proxy = [num for num, role in originals if name and name in role.casefold()]
        node_of[name] = ids[proxy[0]] if proxy else f"missing:{story}:{name}"
    root = None
    if originals:
        root = ids[originals[0][0]]
    elif len(names) > 1:
        root = f"missing:{story}:"
        gold.parent[(story, root)] = None
    for name in names:
        node = node_of[name]
        for aid in missing[name]:
            gold.parent[(story, aid)] = node
        if node.startswith("missing:"):
            outer = [o for o in names if o != name and re.search(rf"\b{re.escape(o)}\b", name)]
            gold.parent[(story, node)] = node_of[outer[0]] if outer else root
        # a proxy original is already a root or has its own parent


@dataclass
class LinkScore:
    """Link scoring against the gold graph (see :func:`score_links`).

    Attributes:
        n_links: scored (copy, other) links.
        correct_strict, correct_lenient: of those, right under each rule.
        independent_links: links between a hard negative and a member of its story's tree.
        wrong: ``(copy_id, other_id, mode)`` of every strict-wrong link.
        found_strict, found_lenient: role kind -> ids of copies found.
        recallable: role kind -> ids of copies with another member of their tree present.
    """

    n_links: int = 0
    correct_strict: int = 0
    correct_lenient: int = 0
    independent_links: list[tuple[str, str]] = field(default_factory=list)
    wrong: list[tuple[str, str, str]] = field(default_factory=list)
    found_strict: dict[str, set[str]] = field(default_factory=dict)
    found_lenient: dict[str, set[str]] = field(default_factory=dict)
    recallable: dict[str, set[str]] = field(default_factory=dict)

    @property
    def precision_strict(self) -> float:
        """Share of scored links right under the strict rule (1.0 when there are none)."""
        return self.correct_strict / self.n_links if self.n_links else 1.0

    @property
    def precision_lenient(self) -> float:
        """Share of scored links right under the lenient rule (1.0 when there are none)."""
        return self.correct_lenient / self.n_links if self.n_links else 1.0

    def recall(self, kind: str | None = None, strict: bool = True) -> float:
        """Share of recallable copies found (all kinds, or one role such as ``copy-spun``)."""
        found = self.found_strict if strict else self.found_lenient
        kinds = [kind] if kind else list(self.recallable)
        n = sum(len(self.recallable.get(k, ())) for k in kinds)
        f = sum(len(found.get(k, set()) & self.recallable.get(k, set())) for k in kinds)
        return f / n if n else 1.0


def role_kind(role: str) -> str:
    """Group a role for per-kind figures: ``translation-ru`` -> ``translation``."""
    return "translation" if role.startswith("translation") else role


def score_links(gold: GoldGraph, links: Iterable[tuple[str, str | None, Sequence[str]]], universe: set[str]) -> LinkScore:
    """Score predicted links against the gold graph.

    A link is ``(copy_id, origin_id, sibling_ids)``: a direct link names ``origin_id``; an
    inferred-source link has ``origin_id=None`` and names siblings. Each (copy, other) pair is
    one scored link. Exactly:

    - *strict* correct: direct ``copy <- origin`` where ``origin`` is an ancestor of ``copy`` in a
      shared story tree (its labelled origin, or further up a chain whose middle is missing);
      sibling ``copy ~ other`` where both are in one tree and neither is the other's ancestor
      (their common origin is missing or a third article).
    - *lenient* correct: both in one story tree and, for a direct link, ``origin`` is not a
      descendant of ``copy`` (a sibling link between an origin and its copy counts here).
    - every other link is wrong; links between a hard negative and a tree member are listed in
      ``independent_links``.
    - recall: a copy (an article with a copy or translation role) is *recallable* when another
      member of its tree is in ``universe``; it is found when a correct link involves it, as the
      copy of a direct link or either side of a sibling link.

    Args:
        gold: the gold graph.
        links: predicted links.
        universe: ids of all articles traced (copies whose tree has no other member here are not recallable).
    """
    sc = LinkScore()
    for aid, roles in gold.roles.items():
        role = next((r for r in roles.values() if r not in ("original", "independent")), None)
        if role and aid in universe:
            others = {m for s in roles for m in gold.members.get(s, set()) if m != aid and m in universe}
            if others:
                sc.recallable.setdefault(role_kind(role), set()).add(aid)
    for copy_id, origin_id, siblings in links:
        pairs = [(origin_id, "direct")] if origin_id else [(s, "sibling") for s in siblings]
        for other, mode in pairs:
            sc.n_links += 1
            same_tree = bool(gold.shared_stories(copy_id, other))
            if not same_tree:
                if gold.is_independent_pair(copy_id, other):
                    sc.independent_links.append((copy_id, other))
                sc.wrong.append((copy_id, other, mode))
                continue
            if mode == "direct":
                strict = gold.is_ancestor(other, copy_id)
                lenient = not gold.is_ancestor(copy_id, other)
            else:
                strict = not gold.is_ancestor(other, copy_id) and not gold.is_ancestor(copy_id, other)
                lenient = True
            sc.correct_strict += strict
            sc.correct_lenient += lenient
            if not strict:
                sc.wrong.append((copy_id, other, mode))
            ends = [copy_id] if mode == "direct" else [copy_id, other]
            for aid in ends:
                role = gold.copy_role(aid)
                if role:
                    if strict:
                        sc.found_strict.setdefault(role_kind(role), set()).add(aid)
                    if lenient:
                        sc.found_lenient.setdefault(role_kind(role), set()).add(aid)
    return sc


def load_seeds(folder: Path | None = None) -> list[Article]:
    """The seed copies as Articles (headline = first line, body = the rest); they are distractors here.

    The language is read as ``ingest`` reads it (:func:`newstrace.nlp.language.identify_language`
    on the headline and body; ``None`` when it abstains).
    """
    from newstrace.nlp.language import identify_language

    folder = folder or shared_dir() / "seeds"
    out = []
    for p in sorted(folder.glob("*.txt")):
        raw = p.read_text(encoding="utf-8")
        head, _, body = raw.partition("\n")
        art = Article(source=Source(path=str(p), format="text"), headline=head.strip(), text=body.strip())
        art.language = identify_language(art.text, art.headline)[0]
        art.id = text_id(art.headline + "\n" + art.text)
        out.append(art)
    return out
