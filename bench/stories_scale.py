"""Stories at scale: clustering time (full and incremental), story page and search latency, peak memory.

Builds a store of Reuters-21578 stories plus edited re-publications of them (a sentence
dropped, a figure changed, another outlet's URL, a day later), written straight to the store
without the NLP stages (clustering reads headline, text, date and URL only; quotes and
claims are empty here, so the story pages measure the store reads, not variant grouping at
its largest). Then it times:

- ``update_stories(full=True)`` over every article;
- an incremental run after adding 1% more articles;
- ``list_stories`` pages, ``story_detail`` of the largest and of random stories, ``search``.

Usage: python bench/stories_scale.py [--n 100000] [--store FILE] [--reuse] [--cluster-only] [--check-incremental K]
       python bench/stories_scale.py --synthetic 2000,5000
Prints one line per figure (wall-clock and CPU seconds; p50/p95 in ms; story sizes).

Measured 2026-11-30 (Python 3.11.7, 2-CPU x86_64 shared with other jobs, load average 5-6, so
wall-clock is about twice CPU time; run under ``ulimit -v 8000000`` and ``nice -n 5``):

- ``python bench/stories_scale.py --n 100000 --store /tmp/stw/scale100k.duckdb``: 85,977
  distinct articles (re-publications that the edit left unchanged are one article), full
  clustering 48.7 s CPU (80 s wall, load about 5), 292,069 (article, event) pairs scored,
  54,160 stories: max 72, p50 1, p90 4, p99 10, none over 200; incremental +713 articles
  5.2 s CPU; list_stories p95 145 ms, story_detail p95 80 ms, search p50 415 ms; peak RSS
  1,849 MiB (the whole script, 72 s CPU).
  Most stories are single articles here because this generator writes no copy links and
  the earnings tables ("Shr 12 cts vs 10 cts", a shouted headline) carry no event key that
  is not boilerplate; in a traced store their copies join through trace.
- ``python bench/stories_scale.py --store COPY --reuse --cluster-only`` on a copy of the
  ``bench/web_speed.py`` store of 99,544 articles (Reuters-21578 origins plus generated copies,
  82,790 copy links): 59.1 s CPU (137 s wall; 60.6 s CPU, 294 s wall at load 7 after the last rule change), 276,541 pairs scored, 15,685 stories: max 80
  (a rubber-pact negotiation over 11 days: 11 Reuters items and their copies), p50 5, p90 12,
  p99 22, none over 200; peak RSS 1,440 MiB. With ``--check-incremental 1000`` (forget the
  story rows of the newest 1,000 articles, cluster them incrementally): 8.5 s CPU (17 s wall),
  memberships and event links identical to the full run (full run that time: 56.3 s CPU). The single-link clustering it replaced made one
  story of 5,921 articles there and took 1,433 s CPU (2,574 s wall) for 4.2 million pairs.
- Session 7, blocking in ``split_events`` (pairs that share a key able to be specific, skipped once
  two edge-disjoint paths join them; ``cluster.event_links``), load average 3.7-7:
  ``python bench/stories_scale.py --synthetic 2000,5000,8000``: 2,000 members 0.09 s CPU (5,320 of
  1,999,000 pairs scored), 5,000 members 0.29 s (14,126 of 12,497,500), 8,000 members 1.56 s
  (400,684 of 31,996,000: the occasions' names are barely specific there, so most of their holders
  do not link, and 599 holders reach ``PAIR_BUDGET``); scoring every pair took 5.4-6.3 s, 37-40 s and
  130 s CPU, with the same groups at each size (also at 8,000). On a copy of the 100,000-article trace
  store (99,168 articles, 357,268 copy links): ``split_events`` 2.4-2.5 -> 0.86-1.1 s CPU (its events
  have at most 52 members, 96,917 member pairs: 6,460 scored), the same 17,480 stories with the same
  members; ``--reuse --cluster-only`` 109.1 s CPU, peak 2,293 MiB (the code before: 118.6 s, 2,246 MiB
  on the same copy; the first run on a fresh copy took 90.4 s and 1,883 MiB with either, the pass and
  the store reads being most of it and the peak growing once the story tables have been rewritten).
"""

from __future__ import annotations

import argparse
import random
import resource
import tempfile
import time
from pathlib import Path

from newstrace.corpora.reuters import iter_reuters
from newstrace.schema import Article, Source, text_id
from newstrace.store import IngestItem, Store
from newstrace.stories import list_stories, search, story_detail, update_stories


def republish(text: str, rng: random.Random) -> str:
    """An edited re-publication: one sentence dropped (when there are several) and one figure changed."""
    paras = [p for p in text.split("\n\n") if p.strip()]
    if len(paras) > 2:
        del paras[rng.randrange(1, len(paras))]
    out = "\n\n".join(paras)
    digits = [i for i, c in enumerate(out) if c.isdigit()]
    if digits:
        i = rng.choice(digits)
        out = out[:i] + str((int(out[i]) + 1) % 10) + out[i + 1 :]
    return out


def articles(n: int, seed: int = 7):
    """Yield up to ``n`` Articles: each Reuters story, then edited re-publications until ``n``."""
    rng = random.Random(seed)
    stories = [s for s in iter_reuters() if len(s.body) > 200]
    made = 0
    for round_ in range(1 + n // max(1, len(stories))):
        for s in stories:
            if made >= n:
                return
            text = "\n\n".join(s.paragraphs())
            day = s.date[:10] if len(s.date) >= 10 and s.date[8:10].isdigit() else None
            if round_:
                text = republish(text, rng)
                if day:
                    day = day[:8] + f"{min(28, int(day[8:10]) + 1):02d}"
            url = f"https://outlet{round_}.example.com/{(day or 'undated').replace('-', '/')}/story-{s.newid}"
            art = Article(headline=s.title, text=text, published=day, language="en",
                          source=Source(path=f"reuters/{s.newid}-{round_}.txt", url=url))  # fmt: skip
            art.id = text_id(art.headline + "\n" + art.text)
            made += 1
            yield art


def write(st: Store, arts, batch: int = 2000) -> int:
    items, n = [], 0
    for i, a in enumerate(arts):
        items.append(IngestItem(input_key=f"bench:{a.source.path}", record=0, article=a))
        if len(items) >= batch:
            n += st.write_batch(items).new_articles
            items = []
    if items:
        n += st.write_batch(items).new_articles
    return n


def timed(fn, *args, **kw):
    t, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kw)
    return out, time.perf_counter() - t, time.process_time() - c


def rss_mib() -> float:
    """Peak resident set size of this process so far, MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def size_distribution(st: Store) -> str:
    """Story sizes: count, max, p50/p90/p99, stories over 200 and over 1,000 articles."""
    sizes = sorted(n for (n,) in (tuple(r.values()) for r in st.query(
        "SELECT count(*) AS n FROM story_articles GROUP BY story_id")))  # fmt: skip
    if not sizes:
        return "story sizes: no stories"
    q = lambda f: sizes[min(len(sizes) - 1, int(f * len(sizes)))]
    return (f"story sizes: {len(sizes)} stories, max {sizes[-1]}, p50 {q(.5)}, p90 {q(.9)}, p99 {q(.99)}, "
            f"> 200: {sum(n > 200 for n in sizes)}, > 1000: {sum(n > 1000 for n in sizes)}; largest 5: {sizes[-5:][::-1]}")


def check_incremental(st: Store, k: int) -> None:
    """Forget the story rows of the ``k`` newest articles, cluster them incrementally, and compare with the full run.

    Prints the time and whether memberships and event links are identical (they must be: the
    pass decides each article from earlier ones only).
    """
    def state() -> tuple[dict, list]:
        members = {r["article_id"]: r["story_id"] for r in st.query("SELECT article_id, story_id FROM story_articles")}
        links = sorted(tuple(r.values()) for r in st.query("SELECT a, b, score, specific, gap_days, keys FROM story_links"))
        return members, links

    full = state()
    last = [r["id"] for r in st.query("SELECT id FROM articles ORDER BY seq DESC LIMIT ?", [k])]
    with st.transaction(), st.registered_ids("_last", last):
        for table, col in (("story_keys", "article_id"), ("story_links", "a"), ("story_articles", "article_id")):
            st.execute(f"DELETE FROM {table} WHERE {col} IN (SELECT id FROM _last)")
    report, w, c = timed(update_stories, st)
    same = state() == full
    print(f"incremental check: forgot the last {k} articles; {report.mode} run over {report.new_articles}: "
          f"{w:.2f} s wall, {c:.2f} s CPU; equal to the full run: {same}")  # fmt: skip


def synthetic_event(m: int, seed: int = 3) -> dict:
    """One event of ``m`` members as the pass leaves it, for timing :func:`split_events` alone (invented keys).

    Two occasions of ``m // 2`` members, dated days 0-3 and 6-9 (a tenth undated). Each is made
    of re-publication groups of 10-30 members sharing five rare names; each member also holds
    four of its occasion's twelve names (each held by about a sixth of the event, all specific
    in a store of 100,000 articles), ten keys of its own and a boilerplate key every member
    holds (no evidence). About 40% of an occasion's pairs link (two occasion names in common
    within the date window), a twentieth of the members hold only two occasion names and
    link more rarely, each group has one copy link, and one pair of members (one per occasion)
    shares two figures no one else holds: the only link between the occasions, a bridge.

    Returns:
        ``{"links", "keys", "dates", "edges", "state", "occasion"}``: the arguments of
        :func:`split_events` and member -> occasion (0 or 1).
    """
    from datetime import date, timedelta

    from newstrace.stories.cluster import EventPass
    from newstrace.stories.keys import DateSpan

    rng = random.Random(seed)
    members = [f"m{i:06d}" for i in range(m)]
    keys: dict[str, dict[str, float]] = {}
    dates: dict = {}
    edges, occasion = [], {}
    held: dict[str, list[int]] = {}
    for half in (0, 1):
        part = members[half * (m // 2):(half + 1) * (m // 2) if half == 0 else m]
        names = [f"n:occasion{half}name{j}" for j in range(12)]
        i = 0
        while i < len(part):
            group = part[i:i + rng.randint(10, 30)]
            rare = [f"n:group{half}x{i}name{j}" for j in range(5)]
            for a in group:
                occasion[a] = half
                loose = rng.random() < 0.05
                k = {n: 1.0 for n in rng.sample(names, 2 if loose else 4)}
                if not loose:
                    k.update({n: 1.0 for n in rare})
                k.update({f"n:{a}own{j}": 1.0 for j in range(10)})
                k["n:boilerplate"] = 1.0
                keys[a] = k
                day = date(2030, 3, 1) + timedelta(days=6 * half + rng.randint(0, 3))
                dates[a] = None if rng.random() < 0.1 else DateSpan(day, day, "published")
            if len(group) > 1:
                edges.append((group[1], group[0]))
            i += len(group)
    a, b = members[m // 4], members[3 * m // 4]  # the bridge: two figures only they hold, a day apart
    for x, day in ((a, date(2030, 3, 5)), (b, date(2030, 3, 6))):
        keys[x].update({"#4417.5": 1.0, "#90210": 1.0})
        dates[x] = DateSpan(day, day, "published")
    for k in keys.values():
        for key in k:
            held.setdefault(key, [1, 0])[1] += 1
    held["n:boilerplate"] = [5_000, 60_000]
    state = EventPass()
    state.held, state.articles = held, 100_000
    return {"links": [(x, members[0]) for x in members[1:]], "keys": keys, "dates": dates, "edges": edges,
            "state": state, "occasion": occasion}  # fmt: skip


def time_synthetic(sizes: list[int]) -> None:
    """Print the CPU time, pairs scored and groups of :func:`split_events` on :func:`synthetic_event` of each size."""
    from collections import Counter

    from newstrace.stories.cluster import split_events

    for m in sizes:
        ev = synthetic_event(m)
        counts: Counter = Counter()
        groups, w, c = timed(split_events, ev["links"], ev["keys"], ev["dates"], ev["edges"], ev["state"], counts=counts)
        heads = Counter(groups.values())
        # the head most of each occasion's members have (a member linked to nothing goes with the root)
        main = [Counter(groups[x] for x, h in ev["occasion"].items() if h == half).most_common(1)[0][0] for half in (0, 1)]
        print(f"synthetic event of {m} members: split_events {c:.2f} s CPU ({w:.2f} s wall), "
              f"{counts['pairs_scored']:,} of {counts['pairs_all']:,} pairs scored, {counts['pairs_linked']:,} links kept, "
              f"{counts['holders_capped']:,} holders capped; "
              f"groups {sorted(heads.values(), reverse=True)[:4]}, occasions apart: {main[0] != main[1]}")  # fmt: skip


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--store", type=Path)
    ap.add_argument("--reuse", action="store_true", help="the store already holds the articles")
    ap.add_argument("--cluster-only", action="store_true", help="with --reuse: time the full clustering only")
    ap.add_argument("--check-incremental", type=int, default=0, metavar="K",
                    help="after the full run, forget the story rows of the last K articles, cluster them "
                         "incrementally and compare with the full run")  # fmt: skip
    ap.add_argument("--synthetic", metavar="M,M,...", help="only time split_events on one synthetic event of each size")
    args = ap.parse_args()
    if args.synthetic:
        time_synthetic([int(x) for x in args.synthetic.split(",")])
        return
    tmp = tempfile.TemporaryDirectory() if args.store is None else None
    path = args.store or Path(tmp.name) / "scale.duckdb"
    extra = max(1, args.n // 100)
    with Store(path) as st:
        if not args.reuse:
            all_arts = list(articles(args.n + extra))
            _, w, _ = timed(write, st, all_arts[: args.n])
            print(f"wrote {args.n} articles in {w:.1f} s (no NLP)")
        report, w, c = timed(update_stories, st, full=True)
        print(f"stories full: {report.articles} articles -> {report.stories} stories, {report.candidate_pairs} candidate "
              f"(article, event) pairs, {report.event_links} event links, {report.derivation_edges} copy edges: "
              f"{w:.1f} s wall, {c:.1f} s CPU, peak RSS so far {rss_mib():.0f} MiB")  # fmt: skip
        print(size_distribution(st))
        if args.check_incremental:
            check_incremental(st, args.check_incremental)
        if not args.reuse:
            write(st, all_arts[args.n :])
            report, w, c = timed(update_stories, st)
            print(f"stories incremental: +{report.new_articles} articles, {report.candidate_pairs} candidate pairs: "
                  f"{w:.2f} s wall, {c:.2f} s CPU")  # fmt: skip
    if args.cluster_only:
        print(f"peak RSS {rss_mib():.0f} MiB")
        return
    with Store(path, read_only=True) as st:
        page_times = [timed(list_stories, st, limit=50, offset=o)[1] for o in range(0, 2500, 50)]
        print(f"list_stories (50 per page, 50 pages): p50 {pct(page_times, .5):.0f} ms, p95 {pct(page_times, .95):.0f} ms")
        largest = list_stories(st, limit=20).stories
        total = list_stories(st, limit=1).total
        rng = random.Random(1)
        sample = list_stories(st, limit=100, offset=rng.randrange(max(1, total - 100))).stories
        det = [timed(story_detail, st, s.id)[1] for s in [*largest, *sample]]
        print(f"story_detail ({len(det)} stories, largest {largest[0].n_articles} articles): p50 {pct(det, .5):.0f} ms, "
              f"p95 {pct(det, .95):.0f} ms")  # fmt: skip
        qs = ["oil", "Bundesbank", "dividend", "coffee", "yen"]
        st_times = [timed(search, st, text=q)[1] for q in qs] + [timed(search, st, outlet="outlet1")[1]]
        print(f"search (text/outlet, 50 hits): p50 {pct(st_times, .5):.0f} ms, max {max(st_times) * 1000:.0f} ms")
    print(f"peak RSS {rss_mib():.0f} MiB")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
