"""Story clustering: copies join their origin's story, independent same-event coverage joins by shared event keys.

Edges of two sorts feed one union-find:

- **copy edges** from trace: copy -> origin, and between siblings of an inferred common source;
- **same-event links** between articles that share rare names, specific numbers or rare words
  (:mod:`newstrace.stories.keys`) and appeared within :attr:`LinkRule.window_days` of each
  other; an article that nothing dates needs more evidence.

Candidates come from an inverted index, the ``story_keys`` table, joined on key in DuckDB: a
pair is examined only when it shares one of either article's heaviest keys (its *probe*
keys), so no step compares all pairs. Whether a pair is linked depends on the two articles
alone (their keys and dates), never on the rest of the store; a run keys and compares only the
articles not yet clustered, and then rebuilds the components from the stored edges (linear in
their number), so an incremental run ends exactly where a full re-run would.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime

from newstrace.store import Store
from newstrace.stories import db
from newstrace.stories.keys import MAX_KEYS, DateSpan, article_date, event_keys
from newstrace.stories.models import StoriesReport

#: Version of the event-key scheme; stored with every run so that a change re-keys everything.
KEY_SCHEME = "story-keys/2"


@dataclass(frozen=True)
class LinkRule:
    """When two articles that are not copies of each other are one story.

    Attributes:
        window_days: the largest gap, in days, between two dated articles of one event.
        dated_min_score, dated_min_specific: for two dated articles within the window, the
            least sum of shared key weights and the least number of shared specific keys.
        undated_min_score, undated_min_specific: the same when either article is undated
            (no time window can be checked, so more evidence is needed).
        undated_specific_alone: with this many specific shared keys, an undated pair is
            linked whatever its score (three rare names or figures in common rarely happen by chance).
        specific_weight: a shared key weighing at least this (both sides) is specific.
        probe_keys: how many of an article's heaviest specific keys find its candidates.
        max_posting: a key held by more articles than this finds no candidates (it still
            counts in the score of pairs found otherwise). The one caveat to "incremental equals
            full": a pair found only through a key that later passes this count is kept by
            the incremental run and not found by a full re-run.

    The defaults were set on the provenance corpus (``bench/stories_eval.py`` prints the
    pair precision and recall they give); they are a precision-first choice: joining two
    stories wrongly misleads more than showing one event as two stories.
    """

    window_days: int = 3
    dated_min_score: float = 2.0
    dated_min_specific: int = 1
    undated_min_score: float = 4.0
    undated_min_specific: int = 2
    undated_specific_alone: int = 3
    specific_weight: float = 0.75
    probe_keys: int = 16
    max_posting: int = 500

    def same_event(self, score: float, specific: int, gap_days: int | None) -> bool:
        """Decide one pair from its shared-key score, its number of specific shared keys and the day gap (``None``: undated)."""
        if gap_days is None:
            return (score >= self.undated_min_score and specific >= self.undated_min_specific) or (
                specific >= self.undated_specific_alone)
        if gap_days > self.window_days:
            return False
        return score >= self.dated_min_score and specific >= self.dated_min_specific

    def params(self) -> dict:
        """Every parameter that changes the clustering, with the key scheme (stored with each run)."""
        return {"scheme": KEY_SCHEME, "max_keys": MAX_KEYS, **asdict(self)}


DEFAULT_RULE = LinkRule()


class UnionFind:
    """Disjoint sets over hashable items, with path halving; the root of a set is its item of least ``rank_key``.

    Args:
        rank_key: item -> sortable; the smallest item of a set becomes its root, so roots
            do not depend on the order in which edges arrive.
    """

    def __init__(self, rank_key) -> None:
        self.parent: dict = {}
        self.rank_key = rank_key

    def add(self, x) -> None:
        """Add ``x`` as its own set (no-op when present)."""
        self.parent.setdefault(x, x)

    def find(self, x):
        """The root of ``x``'s set (adds ``x`` when absent)."""
        self.add(x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> None:
        """Join the sets of ``a`` and ``b``; the root with the smaller rank key wins."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        if self.rank_key(rb) < self.rank_key(ra):
            ra, rb = rb, ra
        self.parent[rb] = ra


def story_id_for(root_article_id: str) -> str:
    """Story id from its earliest-ingested member: ``"S"`` + the first 12 hex digits of sha1(id)."""
    return "S" + hashlib.sha1(root_article_id.encode("utf-8")).hexdigest()[:12]


def components(nodes: dict[str, int], edges: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Connected components as article id -> story id.

    Args:
        nodes: article id -> ingestion sequence number (the earliest is each story's root).
        edges: pairs of article ids (ids not in ``nodes`` are ignored).

    Returns:
        A story id (:func:`story_id_for` of the root) for every node.
    """
    uf = UnionFind(lambda x: (nodes[x], x))
    for n in nodes:
        uf.add(n)
    for a, b in edges:
        if a in nodes and b in nodes:
            uf.union(a, b)
    roots: dict[str, str] = {}
    return {n: roots.setdefault(uf.find(n), story_id_for(uf.find(n))) for n in nodes}


def derivation_edges(store: Store) -> list[tuple[str, str]]:
    """Copy edges from the stored derivations: (copy, origin), and (copy, sibling) for an inferred common source."""
    edges = []
    for copy_id, origin_id, siblings in db.tuples(store, "SELECT copy_id, origin_id, sibling_ids FROM derivations"):
        if origin_id:
            edges.append((copy_id, origin_id))
        for s in siblings or []:
            edges.append((copy_id, s))
    return edges


def update_stories(store: Store, *, full: bool = False, rule: LinkRule = DEFAULT_RULE) -> StoriesReport:
    """Bring the stored stories up to date: key and link the articles not yet clustered, then rebuild the components.

    Args:
        store: an open, writable store (after ``ingest``; run ``trace`` first so copies join
            their origins).
        full: re-key every article and recompute every same-event link (also done when the
            stored run used other parameters).
        rule: the same-event rule.

    Returns:
        A :class:`~newstrace.stories.models.StoriesReport`.

    Raises:
        StoreError: the store cannot be read or written.
    """
    t0 = time.perf_counter()
    started = datetime.now(UTC).replace(tzinfo=None)
    params = json.dumps(rule.params(), sort_keys=True)
    last = db.rows(store, "SELECT * FROM story_runs ORDER BY run_id DESC LIMIT 1")
    mode = "full" if full or not last or last[0]["params"] != params else "incremental"
    seqs = {i: s for i, s in db.tuples(store, "SELECT id, seq FROM articles")}
    with db.transaction(store):
        if mode == "full":
            for table in ("story_keys", "story_links", "story_articles"):
                db.execute(store, f"DELETE FROM {table}")
        new_ids = [r[0] for r in db.tuples(
            store, "SELECT id FROM articles a WHERE NOT EXISTS (SELECT 1 FROM story_articles s WHERE s.article_id = a.id) "
            "ORDER BY seq")]  # fmt: skip
        run_id = db.tuples(store, "SELECT coalesce(max(run_id), 0) + 1 FROM story_runs")[0][0]
        dates = _key_new_articles(store, new_ids, rule)
        pairs, _ = _link_new_articles(store, new_ids, dates, rule, run_id)
        edges = derivation_edges(store)
        event = db.tuples(store, "SELECT a, b FROM story_links")
        assigned = components(seqs, [*edges, *event])
        stored = dict(db.tuples(store, "SELECT article_id, story_id FROM story_articles"))
        changed = [i for i, s in assigned.items() if i in stored and stored[i] != s]
        if changed:
            _rewrite_story_ids(store, {i: assigned[i] for i in changed}, run_id)
        db.insert(store, "story_articles", [
            {"article_id": i, "story_id": assigned[i], "date_lo": d.lo.isoformat() if d else None,
             "date_hi": d.hi.isoformat() if d else None, "date_source": d.source if d else None, "run_id": run_id}
            for i, d in ((i, dates.get(i)) for i in new_ids)
        ])  # fmt: skip
        n_stories = len(set(assigned.values()))
        db.execute(store, "INSERT INTO story_runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
            run_id, mode, max(seqs.values(), default=0), (store.last_trace() or {}).get("run_id"), params,
            len(new_ids), n_stories, started, datetime.now(UTC).replace(tzinfo=None)])  # fmt: skip
    return StoriesReport(
        mode=mode, run_id=run_id, articles=len(seqs), new_articles=len(new_ids), candidate_pairs=pairs,
        event_links=db.tuples(store, "SELECT count(*) FROM story_links")[0][0], derivation_edges=len(edges),
        stories=n_stories, changed_members=len(changed) + len(new_ids), seconds=time.perf_counter() - t0,
    )  # fmt: skip


def _rewrite_story_ids(store: Store, new_story: dict[str, str], run_id: int) -> None:
    """Set the story id of members whose story changed (a merge or a split), keeping their dates."""
    import pyarrow as pa

    table = pa.table({"aid": list(new_story), "sid": list(new_story.values())})
    store._con.register("_moved", table)
    try:
        db.execute(store, "UPDATE story_articles SET story_id = m.sid, run_id = ? FROM _moved m "
                   "WHERE story_articles.article_id = m.aid", [run_id])  # fmt: skip
    finally:
        store._con.unregister("_moved")


def _key_new_articles(store: Store, ids: list[str], rule: LinkRule) -> dict[str, DateSpan | None]:
    """Compute and store the event keys of ``ids``; return their dates."""
    dates: dict[str, DateSpan | None] = {}
    batch: list[dict] = []
    for art in store.iter_articles(ids, light=True):
        keys = event_keys(art.id, art.headline, art.text, art.language)
        dates[art.id] = article_date(art.published, art.source.captured, art.source.url)
        probes = {k for k, w in sorted(keys.items(), key=lambda kv: (-kv[1], kv[0]))[: rule.probe_keys]
                  if w >= rule.specific_weight}  # fmt: skip
        batch += [{"article_id": art.id, "key": k, "weight": w, "probe": k in probes} for k, w in keys.items()]
        if len(batch) >= 200_000:
            db.insert(store, "story_keys", batch)
            batch = []
    db.insert(store, "story_keys", batch)
    return dates


def _link_new_articles(store: Store, ids: list[str], dates: dict[str, DateSpan | None], rule: LinkRule,
                       run_id: int, chunk: int = 500) -> tuple[int, int]:  # fmt: skip
    """Find candidate pairs of ``ids`` against every keyed article, decide them and store the links.

    The new articles are taken ``chunk`` at a time, so the candidate table of one step stays
    bounded however many articles a full run keys; a pair of two new articles is kept by the
    step holding the smaller id, so each pair is examined once.

    Returns:
        ``(candidate pairs examined, links stored)``.
    """
    if not ids:
        return 0, 0
    n_pairs = n_links = 0
    with db.registered_ids(store, "_new", ids):
        # Keys in more than max_posting articles (template words, a wire's own name) find no
        # candidates, and one side of each key join is a probe key, so no join step grows
        # with the square of a common key's articles.
        db.execute(store, f"""
            CREATE OR REPLACE TEMP TABLE _common AS
            SELECT key FROM story_keys GROUP BY key HAVING count(*) > {int(rule.max_posting)}""")
        try:
            for i in range(0, len(ids), chunk):
                with db.registered_ids(store, "_step", ids[i : i + chunk]):
                    p, n = _link_step(store, dates, rule, run_id)
                n_pairs += p
                n_links += n
        finally:
            db.execute(store, "DROP TABLE IF EXISTS _common")
    return n_pairs, n_links


def _link_step(store: Store, dates: dict[str, DateSpan | None], rule: LinkRule, run_id: int) -> tuple[int, int]:
    """One chunk of :func:`_link_new_articles`: the articles in ``_step`` against every keyed article."""
    floor = min(rule.dated_min_score, rule.undated_min_score, rule.undated_specific_alone * rule.specific_weight)
    # One statement, no temporary tables: tables created and dropped inside the run's
    # transaction would be kept until it commits. The candidate pairs and their keys are
    # materialised CTEs, so the planner cannot join the two key lists on key alone (every pair
    # of articles sharing any key) before restricting them to the candidates.
    rows = db.tuples(store, f"""
        WITH nk AS MATERIALIZED (
            SELECT k.article_id, k.key, k.probe FROM story_keys k JOIN _step ON k.article_id = _step.id
            WHERE k.key NOT IN (SELECT key FROM _common)),
        cand AS MATERIALIZED (
            SELECT DISTINCT a, b FROM (
                SELECT n.article_id AS a, o.article_id AS b FROM nk n JOIN story_keys o ON o.key = n.key
                WHERE n.probe AND o.article_id <> n.article_id
                UNION ALL
                SELECT n.article_id AS a, o.article_id AS b FROM nk n JOIN story_keys o ON o.key = n.key
                WHERE o.probe AND o.article_id <> n.article_id
            ) p WHERE a < b OR b NOT IN (SELECT id FROM _new)),
        ca AS MATERIALIZED (
            SELECT c.a, c.b, x.key, x.weight FROM cand c JOIN story_keys x ON x.article_id = c.a),
        scored AS (
            SELECT x.a, x.b, sum(least(x.weight, y.weight)) AS score,
                   count(*) FILTER (WHERE least(x.weight, y.weight) >= {float(rule.specific_weight)}) AS specific,
                   list(x.key ORDER BY least(x.weight, y.weight) DESC, x.key) AS keys
            FROM ca x JOIN story_keys y ON y.article_id = x.b AND y.key = x.key
            GROUP BY x.a, x.b HAVING sum(least(x.weight, y.weight)) >= {float(floor)})
        SELECT NULL, NULL, NULL, NULL, NULL, (SELECT count(*) FROM cand)
        UNION ALL SELECT a, b, score, specific, keys, NULL FROM scored""")
    n_pairs = next(int(r[5] or 0) for r in rows if r[0] is None)
    scored = [r[:5] for r in rows if r[0] is not None]
    others = {b for _, b, *_ in scored if b not in dates}
    if others:
        with db.registered_ids(store, "_want", others):
            for aid, lo, hi, src in db.tuples(store, "SELECT article_id, date_lo, date_hi, date_source FROM "
                                              "story_articles JOIN _want ON article_id = id"):  # fmt: skip
                dates[aid] = DateSpan(date.fromisoformat(lo), date.fromisoformat(hi), src) if lo else None
    links = []
    for a, b, score, specific, keys in scored:
        da, dbb = dates.get(a), dates.get(b)
        gap = da.gap_days(dbb) if da and dbb else None
        if rule.same_event(score, specific, gap):
            lo, hi = (a, b) if a < b else (b, a)
            links.append({"a": lo, "b": hi, "score": round(float(score), 4), "specific": int(specific),
                          "gap_days": gap, "keys": list(keys)[:24], "run_id": run_id})  # fmt: skip
    db.insert(store, "story_links", links)
    return n_pairs, len(links)


__all__ = [
    "DEFAULT_RULE",
    "KEY_SCHEME",
    "LinkRule",
    "UnionFind",
    "components",
    "derivation_edges",
    "story_id_for",
    "update_stories",
]  # fmt: skip
