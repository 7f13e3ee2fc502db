"""Variants across a story's articles: the same quote, the same claim and the same person, each as every article gives it.

Three sources of evidence, strongest first:

1. **trace's changes**: a ``quote``, ``number`` or ``name`` change pairs the origin's words with
   the copy's ("270" -> "320", "Armario" -> "Wardrobe");
2. **trace's sentence alignment**: a quote or claim in a copy sentence and one in the origin
   sentence it was aligned to are the same, however the wording moved (machine translation
   can turn a quote around); a copy without quotation attribution (another language) shows
   its aligned sentence;
3. **fuzzy matching** (rapidfuzz) for independent coverage: quotes whose normalised words are
   alike, claims with the same "what" and unit in similar sentences, names equal without
   accents, a shorter form of a longer name, or spelt alike.

Pure functions over Articles and Derivations; :mod:`newstrace.stories.detail` feeds them.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from newstrace.provenance.figures import replaced_figure
from newstrace.provenance.text import fold
from newstrace.schema import Article, Derivation
from newstrace.stories.models import (
    ClaimGroup,
    ClaimValue,
    NameGroup,
    NameVariant,
    QuoteGroup,
    QuoteVariant,
    Speaker,
)

#: rapidfuzz ``ratio`` (0..100) at which two quotes of different articles are one quote.
QUOTE_RATIO = 85
#: rapidfuzz ``partial_ratio`` at which a short quote (a fragment) lies inside a longer one.
QUOTE_PARTIAL = 95
#: Fewest characters for a fragment to be matched inside another quote or sentence.
MIN_FRAGMENT = 16
#: rapidfuzz ``partial_ratio`` at which a quote or claim is taken to stand in an aligned sentence.
IN_SENTENCE = 90
#: rapidfuzz ``token_set_ratio`` at which the sentences of two same-"what" claims are one claim.
CLAIM_SENTENCE = 60
#: rapidfuzz ``ratio`` of folded names at which two spellings are one name.
NAME_RATIO = 85
#: At most this many quotes are compared by fuzzy matching in one story (a cost bound).
MAX_FUZZY_QUOTES = 4000

_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)


def norm_words(text: str) -> str:
    """Folded words only: lowercase, no accents, no punctuation, single spaces (``"Ya’ll’re OK."`` -> ``"ya ll re ok"``)."""
    return " ".join(fold(_PUNCT.sub(" ", text)).split())


class _DSU:
    """Union-find over 0..n-1; the smaller index becomes the root."""

    def __init__(self, n: int) -> None:
        self.p = list(range(n))

    def find(self, x: int) -> int:
        while self.p[x] != x:
            self.p[x] = self.p[self.p[x]]
            x = self.p[x]
        return x

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.p[max(ra, rb)] = min(ra, rb)

    def groups(self) -> dict[int, list[int]]:
        out: dict[int, list[int]] = defaultdict(list)
        for i in range(len(self.p)):
            out[self.find(i)].append(i)
        return out


class _Texts:
    """Items (quotes, claim sentences) grouped by their distinct text, to compare each text once.

    A story syndicated many times repeats the same wordings in every copy, so comparing the
    distinct texts and then linking their items is far cheaper than comparing every two items,
    and gives the same groups: :meth:`links` returns, for the text pairs found similar, links
    whose connected components are exactly those of linking every two items of different
    articles (the pairwise rule; two items of one article are never linked by it, though they
    can share a component, and the links returned join each component through one item).

    Args:
        texts: the text of each item.
        aids: the article id of each item.
    """

    def __init__(self, texts: Sequence[str], aids: Sequence[str]) -> None:
        self.unique: list[str] = []
        self.classes: list[dict[str, list[int]]] = []  # per distinct text: article id -> items
        where: dict[str, int] = {}
        for i, (t, a) in enumerate(zip(texts, aids)):
            u = where.get(t)
            if u is None:
                u = where[t] = len(self.unique)
                self.unique.append(t)
                self.classes.append({})
            self.classes[u].setdefault(a, []).append(i)

    def links(self, similar: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """Item links for the similar distinct-text pairs ``(u, v)`` (``u == v``: a text with itself)."""
        out: list[tuple[int, int]] = []
        for u, v in similar:
            for part in _components(self.classes[u], self.classes[v] if u != v else None):
                first = part[0]
                out += [(first, k) for k in part[1:]]
        return out


def _components(a: dict[str, list[int]], b: dict[str, list[int]] | None) -> list[list[int]]:
    """Connected parts (of 2+ items) of the graph linking every item of ``a`` with every item of ``b`` (each:
    article id -> items) from another article; ``b`` None: every two items of ``a`` from different articles.

    Items of one article share their neighbours, so the graph is one of article classes: a complete
    bipartite graph less the pairs of the same article, which is connected when each side has two
    or more articles, except when both sides hold the same two (then it is two crossed pairs).
    """
    if b is None:
        return [[i for items in a.values() for i in items]] if len(a) >= 2 else []
    if len(a) == 1 and len(b) > 1:
        a, b = b, a
    if len(b) == 1:  # one article on one side: it links with every other article's items on the other side
        (bid, bitems), = b.items()
        part = [i for aid, items in a.items() if aid != bid for i in items]
        return [part + bitems] if part else []
    if len(a) == 2 and set(a) == set(b):
        x, y = list(a)
        return [a[x] + b[y], a[y] + b[x]]
    return [[i for items in a.values() for i in items] + [i for items in b.values() for i in items]]


@dataclass
class StoryText:
    """What the variant functions read: the story's member articles and the copy links among them.

    Attributes:
        articles: member Articles with quotes, claims, entities and byline.
        derivations: derivations whose copy and origin (or sibling) are both members.
        outlets: article id -> outlet.
        rank: article id -> order for choosing reference wordings (origins first, then by date).
    """

    articles: Sequence[Article]
    derivations: Sequence[Derivation]
    outlets: dict[str, str | None] = field(default_factory=dict)
    rank: dict[str, int] = field(default_factory=dict)
    _norms: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    _found: dict[tuple[str, str], bool] = field(default_factory=dict, init=False, repr=False, compare=False)

    def norm(self, text: str) -> str:
        """:func:`norm_words` of ``text``, computed once per story (copies of one origin repeat its sentences)."""
        out = self._norms.get(text)
        if out is None:
            out = self._norms[text] = norm_words(text)
        return out

    def located(self, fragment: str, sentence: str) -> bool:
        """:func:`located` of two normalised texts, computed once per pair for the story."""
        key = (fragment, sentence)
        out = self._found.get(key)
        if out is None:
            out = self._found[key] = located(fragment, sentence)
        return out

    def pairs(self):
        """Yield ``(copy_id, other_id, derivation)`` for each link, ``other`` being the origin or the sibling compared
        (:func:`newstrace.export.compared_with`)."""
        from newstrace.export import compared_with  # export reads stories: imported when used

        for d in self.derivations:
            other = compared_with(d.origin_id, d.sibling_ids)
            if other:
                yield d.copy_id, other, d


def located(fragment: str, sentence: str) -> bool:
    """True when ``fragment`` (normalised) stands in ``sentence`` (normalised), or the sentence in a longer quote.

    Texts of at least :data:`MIN_FRAGMENT` characters match when rapidfuzz ``partial_ratio``
    (the best alignment of the shorter text inside the longer) is >= :data:`IN_SENTENCE`;
    shorter ones only when equal or (8+ characters) contained. A contained text scores 100,
    so containment is tested first, and ``score_cutoff`` lets rapidfuzz stop early: the
    answer is the same as the plain comparison's, at a fraction of the cost.
    """
    if min(len(fragment), len(sentence)) < MIN_FRAGMENT:
        return fragment == sentence or (len(fragment) >= 8 and fragment in sentence)
    if fragment in sentence or sentence in fragment:
        return True
    return fuzz.partial_ratio(fragment, sentence, score_cutoff=IN_SENTENCE) >= IN_SENTENCE


# -- names ------------------------------------------------------------------------------

_NAME_SHAPE = re.compile(r"^[^\W\d_][\w'’.-]*(?:\s+[^\W\d_][\w'’.-]*){0,4}$", re.UNICODE)


def _is_name(form: str) -> bool:
    return bool(_NAME_SHAPE.match(form)) and any(t[:1].isupper() for t in form.split())


@dataclass
class NameIndex:
    """Person names of a story: :class:`NameGroup` records and, for each written form, its canonical name."""

    groups: list[NameGroup]
    canonical: dict[str, str]

    def of(self, form: str | None) -> str | None:
        """Canonical name of a written form (the form itself when unknown)."""
        if form is None:
            return None
        return self.canonical.get(form, self.canonical.get(norm_words(form), form))


def group_names(st: StoryText) -> NameIndex:
    """Group the persons named across the story's articles (entities, quote speakers, bylines).

    Forms are one person when equal without case and accents; when one's words are all in
    the other ("Hugo Parra" in "Hugo Parra Martínez"; a lone surname joins only an
    unambiguous longer form); when spelt alike (rapidfuzz ratio >= :data:`NAME_RATIO`, same
    word count, same initial of the last word); or when trace found a copy rendering the
    origin's name otherwise (a ``name``/``credit`` change) and that rendering stands in the copy.

    Returns:
        A :class:`NameIndex`; its groups list canonical names first (the form in most articles).
    """
    where: dict[str, set[str]] = defaultdict(set)
    by_id = {a.id: a for a in st.articles}
    for a in st.articles:
        for e in a.entities:
            if e.label == "PERSON" and _is_name(e.canonical):
                where[e.canonical.strip()].add(a.id)
        for q in a.quotes:
            if q.speaker and not q.speaker_is_unnamed and _is_name(q.speaker):
                where[q.speaker.strip()].add(a.id)
        for b in a.byline:
            if _is_name(b):
                where[b.strip()].add(a.id)
    changed: dict[str, str] = {}  # copy rendering -> origin form it renders
    for copy_id, origin_id, d in st.pairs():
        copy = by_id.get(copy_id)
        if copy is None:
            continue
        for c in d.changes:
            if c.kind not in ("name", "credit", "byline") or not c.origin_text.strip() or not c.copy_text.strip():
                continue
            o, k = c.origin_text.strip(), c.copy_text.strip()
            for form in [f for f in where if origin_id in where[f] or f == o]:
                if re.search(rf"\b{re.escape(o)}\b", form):
                    variant = re.sub(rf"\b{re.escape(o)}\b", k, form)
                    if (variant != form and _is_name(variant) and k[:1].isupper()
                            and variant in (copy.text + "\n" + copy.headline + "\n" + " ".join(copy.byline))):
                        where[variant].add(copy_id)
                        changed[variant] = form
    forms = sorted(where, key=lambda f: (-len(where[f]), -len(f), f))
    idx = {f: i for i, f in enumerate(forms)}
    dsu = _DSU(len(forms))
    folded = [norm_words(f) for f in forms]
    toks = [set(x.split()) for x in folded]
    for i in range(len(forms)):
        for j in range(i + 1, len(forms)):
            if folded[i] == folded[j] or len(toks[i]) > 1 and len(toks[j]) > 1 and (toks[i] < toks[j] or toks[j] < toks[i]) or (len(toks[i]) == len(toks[j]) > 1 and folded[i].split()[-1][:1] == folded[j].split()[-1][:1]
                  and fuzz.ratio(folded[i], folded[j]) >= NAME_RATIO):
                dsu.union(i, j)
    for variant, form in changed.items():
        dsu.union(idx[variant], idx[form])
    # a lone word joins the one multi-word group whose forms contain it
    for i, t in enumerate(toks):
        if len(t) == 1:
            hosts = {dsu.find(j) for j, u in enumerate(toks) if len(u) > 1 and t <= u}
            if len(hosts) == 1:
                dsu.union(i, hosts.pop())
    groups, canonical = [], {}
    for members in dsu.groups().values():
        members.sort(key=lambda i: (-len(where[forms[i]]), -len(toks[i]), forms[i]))
        head = forms[members[0]]
        variants = []
        for i in members:
            f = forms[i]
            canonical[f] = head
            canonical.setdefault(folded[i], head)
            how = ("same" if f == head else "changed" if f in changed else "accent" if folded[i] == folded[members[0]]
                   else "surname" if toks[i] <= toks[members[0]] or toks[members[0]] <= toks[i] else "fuzzy")  # fmt: skip
            ids = sorted(where[f], key=lambda a: (st.rank.get(a, 1 << 30), a))
            variants.append(NameVariant(form=f, article_ids=ids, outlets=_outlets(st, ids), how=how))
        groups.append(NameGroup(canonical=head, variants=variants))
    groups.sort(key=lambda g: (-len(g.variants), -sum(len(v.article_ids) for v in g.variants), g.canonical))
    return NameIndex(groups=groups, canonical=canonical)


def _outlets(st: StoryText, ids: Sequence[str]) -> list[str]:
    out: list[str] = []
    for i in ids:
        o = st.outlets.get(i)
        if o and o not in out:
            out.append(o)
    return out


# -- quotes -----------------------------------------------------------------------------


@dataclass
class _Quote:
    aid: str
    content: str
    speaker: str | None
    norm: str
    from_alignment: bool = False
    change: str | None = None


def group_quotes(st: StoryText, names: NameIndex | None = None) -> list[QuoteGroup]:
    """Each quote of the story across its articles, with every article's wording.

    Args:
        st: the story's articles and links.
        names: person names, to give each group its speaker's canonical name.

    Returns:
        :class:`QuoteGroup` records, quotes in most articles first; within a group the
        reference wording (from the highest-ranked article) first.
    """
    items: list[_Quote] = [
        _Quote(a.id, q.content.strip(), q.speaker, norm_words(q.content))
        for a in st.articles for q in a.quotes if not q.in_headline and norm_words(q.content)
    ]  # fmt: skip
    by_article: dict[str, list[int]] = defaultdict(list)
    for i, q in enumerate(items):
        by_article[q.aid].append(i)
    links: list[tuple[int, int]] = []
    # 1. trace's quote changes
    for copy_id, other_id, d in st.pairs():
        for c in d.changes:
            if c.kind != "quote" or not c.origin_text or not c.copy_text:
                continue
            qo = _find(st, items, by_article[other_id], st.norm(c.origin_text))
            qc = _find(st, items, by_article[copy_id], st.norm(c.copy_text))
            if qo is not None and qc is not None:
                links.append((qo, qc))
                items[qc].change = c.detail or "quote altered"
    # 2. sentence alignment
    extra: list[tuple[int, _Quote]] = []
    for copy_id, other_id, d in st.pairs():
        for p in d.alignment:
            os_, cs = st.norm(p.origin_sentence), st.norm(p.copy_sentence)
            qo = [i for i in by_article[other_id] if st.located(items[i].norm, os_)]
            if not qo:
                continue
            qc = [i for i in by_article[copy_id] if st.located(items[i].norm, cs)]
            if qc:
                scored = sorted(((fuzz.ratio(items[i].norm, items[j].norm), i, j) for i in qo for j in qc), reverse=True)
                used: set[int] = set()
                for _, i, j in scored:
                    if i not in used and j not in used:
                        links.append((i, j))
                        used |= {i, j}
            elif len(qo) == 1 and p.copy_sentence.strip():
                extra.append((qo[0], _Quote(copy_id, p.copy_sentence.strip(), None, cs, from_alignment=True)))
    # 3. fuzzy matching across articles, once per distinct wording (syndicated copies repeat them)
    n = min(len(items), MAX_FUZZY_QUOTES)
    if n > 1:
        texts = _Texts([q.norm for q in items[:n]], [q.aid for q in items[:n]])
        norms = texts.unique
        sim = process.cdist(norms, norms, scorer=fuzz.ratio, score_cutoff=QUOTE_RATIO, dtype="uint8")
        similar = {(int(u), int(v)) for u, v in zip(*sim.nonzero()) if u <= v}
        short = [u for u in range(len(norms)) if MIN_FRAGMENT <= len(norms[u]) < 80]
        if short:
            part = process.cdist([norms[u] for u in short], norms, scorer=fuzz.partial_ratio,
                                 score_cutoff=QUOTE_PARTIAL, dtype="uint8")  # fmt: skip
            for a, v in zip(*part.nonzero()):
                u = short[a]
                if len(norms[v]) >= len(norms[u]):
                    similar.add((min(u, int(v)), max(u, int(v))))
        links += texts.links(sorted(similar))
    dsu = _DSU(len(items))
    for i, j in links:
        dsu.union(i, j)
    members = dsu.groups()
    for i, q in extra:  # an aligned sentence joins its origin quote's group unless that article is in it
        root = dsu.find(i)
        if q.aid not in {items[k].aid for k in members[root]}:
            items.append(q)
            members[root].append(len(items) - 1)
    groups = []
    for idxs in members.values():
        groups.append(_quote_group(st, [items[k] for k in idxs], names))
    groups.sort(key=lambda g: (-len({v.article_id for v in g.variants}), -int(g.altered), g.variants[0].content))
    for gid, g in enumerate(groups):
        g.id = gid
    return groups


def _find(st: StoryText, items: list[_Quote], candidates: list[int], text: str) -> int | None:
    """The candidate quote that best matches ``text`` (or stands in it), or ``None``."""
    best, best_score = None, 0.0
    for i in candidates:
        s = fuzz.ratio(items[i].norm, text)
        if s < 90 and st.located(items[i].norm, text):
            s = 90
        if s > best_score:
            best, best_score = i, s
    return best if best_score >= 80 else None


def _quote_group(st: StoryText, qs: list[_Quote], names: NameIndex | None) -> QuoteGroup:
    qs.sort(key=lambda q: (q.from_alignment, st.rank.get(q.aid, 1 << 30), q.aid))
    ref = qs[0]
    seen: set[tuple[str, str]] = set()
    variants = []
    for q in qs:
        if (q.aid, q.norm) in seen:
            continue
        seen.add((q.aid, q.norm))
        variants.append(QuoteVariant(
            article_id=q.aid, outlet=st.outlets.get(q.aid), content=q.content, speaker=q.speaker,
            similarity=round(_similarity(q, ref) / 100, 3), reference=q is ref,
            from_alignment=q.from_alignment, change=q.change))  # fmt: skip
    variants = [variants[0], *sorted(variants[1:], key=lambda v: (-v.similarity, st.rank.get(v.article_id, 1 << 30)))]
    speakers = Counter(names.of(v.speaker) if names else v.speaker for v in variants if v.speaker)
    speaker = min(speakers.items(), key=lambda kv: (-kv[1], kv[0]))[0] if speakers else None
    altered = len({q.norm for q in qs if not q.from_alignment}) > 1 or any(
        _similarity(q, ref) < IN_SENTENCE for q in qs if q.from_alignment)
    return QuoteGroup(id=0, speaker=speaker, variants=variants, altered=altered)


def _similarity(q: _Quote, ref: _Quote) -> float:
    """0..100: rapidfuzz ``ratio`` of two quotes; for an aligned sentence, ``partial_ratio`` (how
    well the reference words stand in it, attribution around them aside)."""
    if q.from_alignment and not ref.from_alignment:
        return fuzz.partial_ratio(ref.norm, q.norm)
    return fuzz.ratio(q.norm, ref.norm)


def speakers_of(groups: Sequence[QuoteGroup], names: NameIndex | None = None) -> list[Speaker]:
    """Speakers with their quote groups, most articles first.

    Args:
        groups: quote groups (from :func:`group_quotes`).
        names: person names for each speaker's other written forms.
    """
    acc: dict[str, dict] = {}
    for g in groups:
        if not g.speaker:
            continue
        s = acc.setdefault(g.speaker, {"ids": [], "arts": set(), "forms": set()})
        s["ids"].append(g.id)
        s["arts"] |= {v.article_id for v in g.variants}
        s["forms"] |= {v.speaker for v in g.variants if v.speaker and v.speaker != g.speaker}
    if names:
        for ng in names.groups:
            if ng.canonical in acc:
                acc[ng.canonical]["forms"] |= {v.form for v in ng.variants if v.form != ng.canonical}
    out = [Speaker(name=k, name_variants=sorted(v["forms"]), quote_ids=v["ids"], n_articles=len(v["arts"]))
           for k, v in acc.items()]  # fmt: skip
    out.sort(key=lambda s: (-s.n_articles, -len(s.quote_ids), s.name))
    return out


# -- claims -----------------------------------------------------------------------------


@dataclass
class _Claim:
    aid: str
    value: float
    text: str
    qualifier: str | None
    unit: str | None
    what: str | None
    sentence: str
    snorm: str
    from_change: bool = False


def _what_key(what: str | None) -> str:
    """Head of "what is counted", folded and crudely singular ("members of the armed forces" -> "member")."""
    if not what:
        return ""
    words = norm_words(what).split()
    head = words[0] if "of" in words[1:2] else (words[-1] if words else "")
    return head[:-1] if head.endswith("s") and len(head) > 3 else head


def group_claims(st: StoryText) -> list[ClaimGroup]:
    """Each claim of the story across its articles, with the values each article gives.

    Claims are one when trace aligned their sentences (matched by unit and order within the
    sentence), or, across any two articles, when they count the same "what" in the same unit
    in similar sentences (rapidfuzz ``token_set_ratio`` >= :data:`CLAIM_SENTENCE`). A
    ``number`` change ("270 -> 320") whose copy has no claim record (another language, a
    claim the copy's parse missed) adds the copy's value to the origin claim's group.

    Returns:
        :class:`ClaimGroup` records, those whose articles disagree first, then by articles.
    """
    items = [
        _Claim(a.id, c.value, c.text, c.qualifier, c.unit, c.what, c.sentence, norm_words(c.sentence))
        for a in st.articles for c in a.claims
    ]  # fmt: skip
    by_article: dict[str, list[int]] = defaultdict(list)
    for i, c in enumerate(items):
        by_article[c.aid].append(i)
    links: list[tuple[int, int]] = []
    extra: list[tuple[int, _Claim]] = []
    for copy_id, other_id, d in st.pairs():
        for p in d.alignment:
            os_, cs = st.norm(p.origin_sentence), st.norm(p.copy_sentence)
            co = [i for i in by_article[other_id] if items[i].snorm and st.located(items[i].snorm, os_)]
            cc = [i for i in by_article[copy_id] if items[i].snorm and st.located(items[i].snorm, cs)]
            for i, j in _pair_claims(items, co, cc):
                links.append((i, j))
        for ch in d.changes:
            # "137 soldiers -> 173 soldiers": the figures of a one-figure change, with their units
            pair = replaced_figure(ch.detail or "") if ch.kind == "number" else None
            if pair is None or "-" in pair:
                continue
            old, new = _num(pair[0]), _num(pair[1])
            on, cn = st.norm(ch.origin_text), st.norm(ch.copy_text)
            host = [i for i in by_article[other_id] if items[i].value == old and st.located(items[i].snorm, on)]
            mine = [i for i in by_article[copy_id] if items[i].value == new and st.located(items[i].snorm, cn)]
            if host and mine:
                links.append((host[0], mine[0]))
            elif host and new is not None:
                o = items[host[0]]
                extra.append((host[0], _Claim(copy_id, new, pair[1], o.qualifier, o.unit, o.what, ch.copy_text, cn, True)))
    keyed: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, c in enumerate(items):
        k = _what_key(c.what)
        if k:
            keyed[(k, c.unit or "")].append(i)
    for idxs in keyed.values():
        texts = _Texts([items[i].snorm for i in idxs], [items[i].aid for i in idxs])
        links += [(idxs[i], idxs[j]) for i, j in texts.links(_similar_sentences(texts.unique))]
    dsu = _DSU(len(items))
    for i, j in links:
        dsu.union(i, j)
    members = dsu.groups()
    for i, c in extra:
        root = dsu.find(i)
        if c.aid not in {items[k].aid for k in members[root]}:
            items.append(c)
            members[root].append(len(items) - 1)
    groups = [_claim_group(st, [items[k] for k in idxs]) for idxs in members.values()]
    groups.sort(key=lambda g: (-int(g.has_variants), -g.n_articles, g.what or "", g.values[0].value))
    for gid, g in enumerate(groups):
        g.id = gid
    return groups


def _similar_sentences(texts: list[str], block: int = 1000) -> list[tuple[int, int]]:
    """Pairs ``(u, v)``, ``u <= v``, of ``texts`` whose rapidfuzz ``token_set_ratio`` is >= :data:`CLAIM_SENTENCE`:
    one ``cdist`` per block of rows (memory ``block`` x ``len(texts)``)."""
    out = []
    for lo in range(0, len(texts), block):
        sim = process.cdist(texts[lo : lo + block], texts, scorer=fuzz.token_set_ratio, score_cutoff=CLAIM_SENTENCE)
        out += [(lo + int(x), int(y)) for x, y in zip(*sim.nonzero()) if lo + x <= y]
    return out


def _num(text: str) -> float | None:
    t = text.replace(",", "")
    try:
        return float(t)
    except ValueError:
        return None


#: Units a copy may leave out while changing the figure ("4,800 people" -> "8,400"); any other unit
#: left out pairs only with the same value (a measure is not a count: "14 meters" vs "4,800").
_DROPPABLE_UNITS = {"people", "percent"}


def _pair_claims(items: list[_Claim], origin: list[int], copy: list[int]) -> list[tuple[int, int]]:
    """Pair the claims of two aligned sentences, in order of appearance.

    First the same unit and a compatible "what" (equal heads, or one missing); then units
    compatible (one missing: ``people`` or ``percent``, or the same value) with a compatible
    "what"; last, a unit left with one claim on each side pairs whatever its "what" (a spun
    copy's synonym: "4,800 residents" -> "4,800 inhabitants"). A lone claim on each side with
    compatible units pairs anyway.
    """

    def units_ok(i: int, j: int) -> bool:
        ui, uj = items[i].unit, items[j].unit
        if ui == uj:
            return True
        if ui and uj:
            return False
        return (ui or uj) in _DROPPABLE_UNITS or items[i].value == items[j].value

    def what_ok(i: int, j: int) -> bool:
        wi, wj = _what_key(items[i].what), _what_key(items[j].what)
        return not wi or not wj or wi == wj

    if len(origin) == 1 and len(copy) == 1:
        return [(origin[0], copy[0])] if units_ok(origin[0], copy[0]) else []
    out, used, done = [], set(), set()
    for same_unit in (True, False):
        for i in origin:
            for j in copy:
                if (i not in done and j not in used and what_ok(i, j)
                        and (items[i].unit == items[j].unit if same_unit else units_ok(i, j))):
                    out.append((i, j))
                    used.add(j)
                    done.add(i)
                    break
    left_o = [i for i in origin if i not in done]
    left_c = [j for j in copy if j not in used]
    for unit in {items[i].unit for i in left_o}:
        o = [i for i in left_o if items[i].unit == unit]
        c = [j for j in left_c if items[j].unit == unit]
        if len(o) == 1 and len(c) == 1:
            out.append((o[0], c[0]))
    return out


def _claim_group(st: StoryText, cs: list[_Claim]) -> ClaimGroup:
    cs.sort(key=lambda c: (c.from_change, st.rank.get(c.aid, 1 << 30), c.aid))
    values: dict[tuple[float, str | None], dict] = {}
    for c in cs:
        v = values.setdefault((c.value, c.qualifier), {"c": c, "ids": []})
        if c.aid not in v["ids"]:
            v["ids"].append(c.aid)
    vals = [
        ClaimValue(value=k[0], text=v["c"].text, qualifier=k[1], article_ids=v["ids"], outlets=_outlets(st, v["ids"]),
                   sentence=v["c"].sentence, from_change=v["c"].from_change)
        for k, v in values.items()
    ]  # fmt: skip
    vals.sort(key=lambda v: (-len(v.article_ids), min(st.rank.get(a, 1 << 30) for a in v.article_ids)))
    head = next((c for c in cs if c.what), cs[0])
    n = len({c.aid for c in cs})
    return ClaimGroup(id=0, what=head.what, unit=head.unit, values=vals, has_variants=len(vals) > 1, n_articles=n)


__all__ = ["NameIndex", "StoryText", "group_claims", "group_names", "group_quotes", "located", "norm_words", "speakers_of"]
