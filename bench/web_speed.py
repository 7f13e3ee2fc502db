"""Speed of the report and the web app on a large store: p95 page load of story and article pages, report build time.

Builds (or reuses) a store of ``--n`` articles: every Reuters-21578 story with a body is an
origin, and the rest are re-publications made here by labelled transformations (verbatim with
a credit line, edited: sentences dropped and added, a figure changed, spun: a few synonym
swaps; some copies of copies, and some copy groups whose origin is left out, so their links
are sibling links to an inferred source). Articles are written straight to the store, without
the NLP stages: quotes (quote-mark spans with the nearest "said" name), claims (numbers) and
entities (capitalised runs) come from regular expressions, and the derivation links are
written from what the generator did (aligned sentence pairs and number changes), so the
pages read as much as they would on a traced store. ``newstrace stories`` (the real
clustering) then runs over the whole store.

Then it times, each as its own step:

- ``build_report`` with the default limit (the largest stories in full), file size;
- the web app served by ``newstrace serve`` in its own process on 127.0.0.1 (so the client
  does not share its interpreter), measured with httpx, one request at a time, after a
  warm-up: story pages (the 20 largest stories and random ones), article pages (random),
  diff pages (random copy links), the story list and search. p50/p95/p99/max per page.

Goals (issue 4): p95 < 300 ms for story and article pages; report < 60 s.

Measured 2026-11-30 on the shared 2-CPU machine with ``ulimit -v 8000000; nice -n 5 python
bench/web_speed.py --n 100000 --reuse --requests 200 --store COPY_OF_/tmp/webbench/web100k.duckdb``
(99,544 articles, 82,790 copy links, 14,076 stories, the largest 5,921 articles: a chained story).
Other jobs kept the load average at 6-9 during both runs, so wall-clock figures are about 2-2.5x
an idle machine's (the article page was 37 ms p50 when idle); "cpu" is the server's CPU time per
request (all threads, 10 ms ticks), the steadier figure. Milliseconds, p50 / p95:

==============================  =============================  =============================
page                            before (commit 3071540)        after (this version)
==============================  =============================  =============================
report build (s)                118.4                          58.6
story (random)                  183 / 368, cpu 100 / 180       109 / 188, cpu 90 / 150
story (of a random article)     202 / 4,515, cpu 120 / 3,390   183 / 957, cpu 110 / 620
story (20 largest)              786 / 1,066, cpu 620 / 900     557 / 848, cpu 300 / 460
article                         56 / 98, cpu 40 / 50           79 / 100, cpu 40 / 50
diff                            43 / 67                        36 / 56
api story (all members)         157 / 7,057                    217 / 8,914
==============================  =============================  =============================

Load average at start/end: before 6.3 / 6.9, after 9.5 / 7.1 (1 minute). The story page of the
5,921-article story is the p95 of "of a random article" (6 % of articles are in it): its cost
is now bounded by what the page shows (600 members listed, 100 compared) except the story
summary (``get_story``, ~0.1-0.15 s CPU, one row per member) and the claims compared; the
rest of a story page is about ten scans of the store's large tables (alignments, claims,
entities, story links...: DuckDB has no index on their article or copy id), 20-70 ms each on
this loaded machine.

Then, with the stories clustering of this session (no chained stories; 15,685 stories, the
largest 80 articles) on the same 99,544 articles, ``python bench/web_speed.py --n 100000 --reuse
--requests 200 --store STORE``, load average 2.7-4.5 (p50 / p95 ms, server CPU p95): report 20.6 s;
story (random) 81 / 121, cpu 130; story (of a random article) 89 / 151, cpu 150; story (20
largest) 185 / 257, cpu 260; article 39 / 42, cpu 50; diff 24 / 29; every goal met. The same
store at load 7.6-9.2: story p95 560 / 820 / 2,016 ms (CPU 150 / 180 / 320), article 628 ms
(CPU 60), report 25.7 s: the wall-clock goal is not met under that load.

Usage::

    python bench/web_speed.py --n 100000 --store /tmp/web100k.duckdb
    python bench/web_speed.py --n 100000 --store /tmp/web100k.duckdb --reuse   # time again, no rebuild
    python bench/web_speed.py --n 10000 --requests 100

Prints one table; with ``--json FILE`` also writes the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import httpx  # noqa: E402

from newstrace.corpora.reuters import iter_reuters  # noqa: E402
from newstrace.report import build_report  # noqa: E402
from newstrace.report.diff import article_sentence_texts  # noqa: E402
from newstrace.schema import AlignedPair, Article, Change, Claim, Derivation, Entity, Quote, Source, text_id  # noqa: E402
from newstrace.store import IngestItem, Store  # noqa: E402
from newstrace.stories import list_stories, story_of, update_stories  # noqa: E402

#: Spinner-style swaps for the "spun" copies (written for this benchmark).
SYNONYMS = {"said": "stated", "company": "firm", "shares": "stock", "profit": "earnings", "rose": "climbed",
            "fell": "dropped", "year": "twelvemonth", "market": "marketplace", "sales": "revenues", "plan": "scheme",
            "expected": "anticipated", "increase": "rise", "bank": "lender", "government": "administration"}  # fmt: skip
OUTLETS = [f"{w}.example" for w in ("dailywire-copy", "newsfarm", "wirefeed", "aggregator", "localherald", "bizdigest",
           "marketnow", "globalpost-mirror", "headlinehub", "syndicate-one", "feedreader", "pressclips")]  # fmt: skip
KINDS = [("verbatim", 0.3), ("edited", 0.45), ("spun", 0.25)]

_QUOTE = re.compile(r'"([^"]{12,400})"')
_SAID = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+){1,2}) said\b|\bsaid ([A-Z][a-z]+(?: [A-Z][a-z]+){1,2})\b")
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s+(pct|mln|billion|dlrs|tonnes|shares))?")
_CAPS = re.compile(r"\b([A-Z][a-z]+(?: [A-Z][a-z]+)+)\b")


# -- corpus --------------------------------------------------------------------------------


def annotate(art: Article) -> Article:
    """Quotes, claims and entities found by regular expressions (the NLP stages are not run here)."""
    text = art.text
    speakers = [m.group(1) or m.group(2) for m in _SAID.finditer(text)]
    for m in _QUOTE.finditer(text):
        near = _SAID.search(text, m.end(), min(len(text), m.end() + 80))
        speaker = (near.group(1) or near.group(2)) if near else (speakers[0] if speakers else None)
        art.quotes.append(Quote(content=m.group(1), speaker=speaker, cue="said", start=m.start(), end=m.end()))
    for m in list(_NUMBER.finditer(text))[:12]:
        try:
            value = float(m.group(1).replace(",", ""))
        except ValueError:
            continue
        s = text.rfind(".", 0, m.start()) + 1
        e = text.find(".", m.end())
        art.claims.append(Claim(value=value, text=m.group(1), unit=m.group(2), what=m.group(2), start=m.start(),
                                end=m.end(), sentence=text[s : e + 1 if e > 0 else len(text)].strip()))  # fmt: skip
    seen = set()
    for m in _CAPS.finditer(text):
        if m.group(1) not in seen and len(seen) < 15:
            seen.add(m.group(1))
            label = "PERSON" if m.group(1) in speakers else "ORG"
            art.entities.append(Entity(text=m.group(1), label=label, canonical=m.group(1), start=m.start(), end=m.end()))
    return art


def make_article(headline: str, paras: list[str], day: datetime, outlet: str, slug: str) -> Article:
    """An article with its content-hash id, a dated URL on ``outlet`` and regex annotations."""
    text = "\n\n".join(paras)
    url = f"https://{outlet}/{day:%Y/%m/%d}/{slug}"
    art = Article(headline=headline, text=text, raw_text=text, published=day.strftime("%Y-%m-%d"), language="en",
                  source=Source(path=f"bench/{outlet}/{slug}.txt", url=url))  # fmt: skip
    art.id = text_id(headline + "\n" + text)
    return annotate(art)


def transform(paras: list[str], kind: str, rng: random.Random, outlet: str) -> tuple[list[str], list[Change]]:
    """A copy's paragraphs and the changes made, for one copy kind."""
    paras = list(paras)
    changes: list[Change] = []
    if kind == "verbatim":
        return paras + [f"(Distributed by {outlet})"], changes
    if kind == "spun":
        paras = [" ".join(SYNONYMS.get(w, w) for w in p.split(" ")) for p in paras]
        return paras, changes
    if len(paras) > 2:  # edited: one paragraph dropped, one added, one figure changed
        gone = rng.randrange(1, len(paras))
        changes.append(Change(kind="omission", origin_text=paras[gone], detail="origin text missing from the copy"))
        del paras[gone]
    added = f"Readers of {outlet} can find more on this story in our business section."
    paras.append(added)
    changes.append(Change(kind="addition", copy_text=added, detail="copy text not in the origin"))
    for i, p in enumerate(paras):
        m = _NUMBER.search(p)
        if m and "," not in m.group(1) and "." not in m.group(1):
            new = str(int(m.group(1)) + 1 + rng.randrange(9))
            paras[i] = p[: m.start(1)] + new + p[m.end(1) :]
            changes.append(Change(kind="number", origin_text=p, copy_text=paras[i], detail=f"{m.group(1)} -> {new}"))
            break
    return paras, changes


def alignment(origin: Article, copy: Article) -> tuple[list[AlignedPair], float, float]:
    """Aligned sentence pairs by exact or near-exact order (the generator keeps sentence order), and coverage both ways."""
    os_ = article_sentence_texts(origin.headline, origin.text)
    cs = article_sentence_texts(copy.headline, copy.text)
    index = {s: i for i, s in enumerate(os_)}
    pairs, j0 = [], 0
    for i, s in enumerate(cs):
        j = index.get(s)
        if j is None:  # a changed sentence: the next unaligned origin sentence with most shared words
            words = set(s.split())
            best = max(range(j0, len(os_)), key=lambda k: len(words & set(os_[k].split())), default=None)
            if best is None or len(words & set(os_[best].split())) < max(3, len(words) // 2):
                continue
            j = best
        if j < j0:
            continue
        sim = 1.0 if cs[i] == os_[j] else 0.8
        pairs.append(AlignedPair(copy_index=i, origin_index=j, copy_sentence=cs[i], origin_sentence=os_[j], similarity=sim))
        j0 = j + 1
    cov_c = sum(len(p.copy_sentence) for p in pairs) / max(1, sum(map(len, cs)))
    cov_o = sum(len(p.origin_sentence) for p in pairs) / max(1, sum(map(len, os_)))
    return pairs, cov_c, cov_o


def corpus(n: int, seed: int = 11):
    """Yield (article, derivation or None) until ``n`` articles: Reuters origins, each followed by its copies.

    About a fifth of the articles are origins; copies per origin follow an exponential draw
    (most stories small, a few with dozens of copies), and further rounds of copies of random
    origins top the corpus up to exactly ``n``.
    """
    rng = random.Random(seed)
    stories = [s for s in iter_reuters() if len(s.body) > 200 and s.title]
    rng.shuffle(stories)
    stories = stories[: min(len(stories), max(1, n // 5))]
    per = (n - len(stories)) / len(stories)
    groups: list[dict] = []
    made = 0
    for s in stories:
        if made >= n:
            return
        day = datetime.fromisoformat(s.date[:19]) if s.date else datetime(1987, 3, 1)
        origin = make_article(s.title.title(), s.paragraphs(), day, "reuters.example", f"story-{s.newid}")
        # hidden: the origin is left out, so its copies are siblings of an inferred source
        group = {"origin": origin, "hidden": rng.random() < 0.03, "day": day, "slug": f"story-{s.newid}",
                 "ids": {origin.id}, "first": None, "recent": [], "n": 0}  # fmt: skip
        groups.append(group)
        if not group["hidden"]:
            made += 1
            yield origin, None
        for _ in range(min(200, round(rng.expovariate(1 / per))) if per > 0 else 0):
            if made >= n:
                return
            out = _copy(group, rng)
            if out:
                made += 1
                yield out
    while made < n:  # top up with copies of random origins
        out = _copy(rng.choice(groups), rng)
        if out:
            made += 1
            yield out


def _copy(group: dict, rng: random.Random) -> tuple[Article, Derivation | None] | None:
    """One more copy in a story group; ``None`` if it repeats an article of the group.

    The group keeps its origin, the ids made so far, its first copy and its three latest
    copies (parents for copies of copies), not every copy: memory stays flat at 100,000 articles.
    """
    origin = group["origin"]
    outlet = rng.choice(OUTLETS)
    kind = rng.choices([x for x, _ in KINDS], [w for _, w in KINDS])[0]
    parent = origin if (not group["recent"] or rng.random() < 0.85) else rng.choice(group["recent"])
    cparas, changes = transform(parent.text.split("\n\n"), kind, rng, outlet)
    copy = make_article(parent.headline, cparas, group["day"] + timedelta(hours=rng.randrange(1, 96)), outlet,
                        f"{group['slug']}-{group['n']}-{rng.randrange(10**6)}")  # fmt: skip
    if copy.id in group["ids"]:
        return None
    group["ids"].add(copy.id)
    group["n"] += 1
    group["recent"] = [*group["recent"][-2:], copy]
    sibling = group["hidden"] and parent is origin
    if group["first"] is None:
        group["first"] = copy
        if sibling:
            return copy, None  # the first sibling: linked when the next one arrives
    left = group["first"] if sibling else parent  # siblings are aligned with the first sibling
    pairs, cov_c, cov_o = alignment(left, copy)
    d = Derivation(copy_id=copy.id, origin_id=None if sibling else parent.id, kind=kind,
                   score=round(rng.uniform(0.9, 1.0), 3), coverage=cov_c, copy_coverage=cov_c, origin_coverage=cov_o,
                   direction_evidence=["dates: copy later"], alignment=pairs, changes=changes,
                   inferred_source=sibling, sibling_ids=[left.id] if sibling else [])  # fmt: skip
    return copy, d


def build(path: Path, n: int) -> dict[str, float]:
    """Write the corpus and its links to a new store in batches, then cluster stories; seconds per step."""
    times = {"write articles and links": 0.0}
    t = time.perf_counter()
    items, derivs, count, links = [], [], 0, 0
    with Store(path) as st:
        def flush() -> None:
            nonlocal items, derivs, count, links
            count += st.write_batch(items).new_articles
            # scope: this batch's copies only (earlier links never involve a later article)
            st.replace_derivations(derivs, [d.copy_id for d in derivs], mode="incremental", max_seq=st.max_seq(),
                                   new_articles=len(items), started_at=datetime.now(timezone.utc).replace(tzinfo=None))  # fmt: skip
            links += len(derivs)
            items, derivs = [], []

        for art, d in corpus(n):
            items.append(IngestItem(input_key=f"bench:{art.source.path}", record=0, article=art))
            if d is not None:
                derivs.append(d)
            if len(items) >= 5000:
                flush()
        if items:
            flush()
        times["write articles and links"] = time.perf_counter() - t
        print(f"wrote {count} articles and {links} derivation links in {times['write articles and links']:.0f} s", flush=True)
        t = time.perf_counter()
        report = update_stories(st, full=True)
        times["newstrace stories (full)"] = time.perf_counter() - t
        print(f"clustered {report.stories} stories in {times['newstrace stories (full)']:.0f} s", flush=True)
    return times


# -- timing --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(path: Path, port: int) -> subprocess.Popen:
    """``newstrace serve`` in its own process; returns once it answers."""
    code = "import sys; from newstrace.cli import app; sys.argv[0] = 'newstrace'; app()"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--store", str(path), "--port", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"serve exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/static/newstrace.css", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("serve did not answer within 120 s")


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system, all threads) a process has used so far, from ``/proc/PID/stat`` (clock ticks)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(client: httpx.Client, paths: list[str], warmup: int = 5, pid: int | None = None) -> tuple[list[float], list[float]]:
    """Seconds per request (whole response read), after ``warmup`` untimed requests, and the server's CPU
    seconds per request (``pid``'s, 10 ms clock ticks; empty without ``pid``); every answer must be 200."""
    for p in paths[:warmup]:
        _get(client, p)
    out, cpu = [], []
    for p in paths:
        c = cpu_seconds(pid) if pid else 0.0
        t = time.perf_counter()
        r = _get(client, p)
        out.append(time.perf_counter() - t)
        if pid:
            cpu.append(cpu_seconds(pid) - c)
        if r.status_code != 200:
            raise RuntimeError(f"GET {p}: {r.status_code} {r.text[:200]}")
    return out, cpu


def _get(client: httpx.Client, path: str) -> httpx.Response:
    try:
        return client.get(path)
    except httpx.HTTPError as exc:
        raise RuntimeError(f"GET {path}: {exc}") from exc


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile in milliseconds (nearest rank)."""
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * len(xs))) - 1))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=100_000, help="articles in the store")
    ap.add_argument("--store", type=Path, help="store file (default: a temporary one)")
    ap.add_argument("--reuse", action="store_true", help="time an existing --store without rebuilding it")
    ap.add_argument("--requests", type=int, default=200, help="timed requests per page kind")
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument("--build-only", action="store_true", help="build the store and stop")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory() if args.store is None else None
    path = args.store or Path(tmp.name) / "web.duckdb"
    figures: dict[str, object] = {"n": args.n, "date": datetime.now().strftime("%Y-%m-%d"), "python": platform.python_version(),
                                  "cpus": os.cpu_count(), "load_average_start": os.getloadavg()}  # fmt: skip
    if not args.reuse:
        if path.exists():
            sys.exit(f"{path} exists: remove it, or pass --reuse to time it as it is")
        figures["build_seconds"] = build(path, args.n)
        print(json.dumps(figures["build_seconds"]), flush=True)
        if args.build_only:
            return
    rng = random.Random(5)
    with Store(path, read_only=True) as st:
        counts = st.counts()
        figures["store"] = {**counts, "stories": list_stories(st, limit=0).total, "bytes": path.stat().st_size}
        t, c = time.perf_counter(), time.process_time()
        out = path.with_suffix(".report.html")
        summary = build_report(st, out)
        figures["report"] = {"seconds": time.perf_counter() - t, "cpu_seconds_main_process": time.process_time() - c,
                             "bytes": summary.bytes, "stories_shown": summary.stories_shown, "diffs": summary.diffs,
                             "stage_seconds": summary.stage_seconds}  # fmt: skip
        total = figures["store"]["stories"]
        largest = [s.id for s in list_stories(st, limit=20).stories]
        offsets = [rng.randrange(max(1, total)) for _ in range(args.requests)]
        random_stories = [list_stories(st, limit=1, offset=o).stories[0].id for o in offsets]
        art_ids = [r["id"] for r in st.query(f"SELECT id FROM articles USING SAMPLE {int(args.requests)} ROWS (reservoir, 7)")]
        # the story of a random article: stories weighted by their size, as readers meet them
        weighted = [story_of(st, i) for i in art_ids]
        diffs = st.query(f"SELECT copy_id, origin_key FROM derivations USING SAMPLE {int(args.requests)} ROWS (reservoir, 7)")
        biggest = list_stories(st, limit=1).stories[0].n_articles if total else 0
    figures["largest_story_articles"] = biggest
    port = free_port()
    proc = serve(path, port)
    try:
        from urllib.parse import urlencode

        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            pages = {
                "story (random)": [f"/stories/{i}" for i in random_stories],
                "story (of a random article)": [f"/stories/{i}" for i in weighted if i],
                "story (20 largest)": [f"/stories/{i}" for i in largest],
                "article": [f"/articles/{i}" for i in art_ids],
                "diff": [f"/articles/{d['copy_id']}/diff?" + urlencode({"origin": d["origin_key"]}) for d in diffs],
                "story list": [f"/stories?offset={rng.randrange(max(1, total - 50))}" for _ in range(min(50, args.requests))],
                "search (text)": [f"/search?q={w}" for w in ("oil", "dividend", "coffee", "yen", "Bundesbank", "tonnes",
                                                             "merger", "strike", "wheat", "gold")],  # fmt: skip
                "api story": [f"/api/stories/{i}" for i in weighted[: min(50, args.requests)] if i],
            }
            results = {}
            for name, paths in pages.items():
                xs, cpu = measure(client, paths, pid=proc.pid if Path(f"/proc/{proc.pid}/stat").exists() else None)
                results[name] = {"requests": len(xs), "p50_ms": pct(xs, 0.5), "p95_ms": pct(xs, 0.95),
                                 "p99_ms": pct(xs, 0.99), "max_ms": max(xs) * 1000, "mean_ms": statistics.mean(xs) * 1000}  # fmt: skip
                if cpu:
                    results[name].update(cpu_p50_ms=pct(cpu, 0.5), cpu_p95_ms=pct(cpu, 0.95), cpu_mean_ms=statistics.mean(cpu) * 1000)
            figures["pages"] = results
    except (httpx.HTTPError, RuntimeError):
        if proc.poll() is not None:
            print(f"serve exited with {proc.returncode}: {proc.stderr.read().decode()[-3000:]}", file=sys.stderr)
        raise
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    figures["peak_rss_mib_bench"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures["load_average_end"] = os.getloadavg()
    print_table(figures)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    if tmp:
        tmp.cleanup()


def print_table(f: dict) -> None:
    """The figures as a plain-text table."""
    s = f["store"]
    print(f"\nweb_speed {f['date']}: {s['articles']:,} articles, {s['derivations']:,} copy links, {s['stories']:,} stories "
          f"(largest {f['largest_story_articles']} articles), store {s['bytes'] / 1e6:.0f} MB; {f['cpus']} CPUs, "
          f"Python {f['python']}")  # fmt: skip
    if "load_average_start" in f:
        la = lambda xs: "/".join(f"{x:.1f}" for x in xs)  # noqa: E731
        print(f"load average (1/5/15 min) at start {la(f['load_average_start'])}, at end {la(f['load_average_end'])}")
    for step, sec in f.get("build_seconds", {}).items():
        print(f"  build: {step:<28} {sec:8.1f} s")
    r = f["report"]
    ok = "yes" if r["seconds"] < 60 else "NO"
    print(f"\n{'step':<18} {'figure':>40}  {'goal':>10}  met")
    figure = f"{r['seconds']:.1f} s ({r['stories_shown']} stories, {r['diffs']} diffs, {r['bytes'] / 1e6:.1f} MB)"
    print(f"{'report build':<18} {figure:>40}  {'< 60 s':>10}  {ok}")
    print("  report stages: " + ", ".join(f"{k} {v:.1f} s" for k, v in r["stage_seconds"].items()))
    print(f"\n{'page':<28} {'requests':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8} {'cpu p50':>8} {'cpu p95':>8}"
          "  goal p95 (wall-clock)")  # fmt: skip
    for name, x in f["pages"].items():
        goal = "< 300 ms " + ("yes" if x["p95_ms"] < 300 else "NO") if name.startswith(("story (", "article")) else ""
        cpu = f"{x['cpu_p50_ms']:>8.0f} {x['cpu_p95_ms']:>8.0f}" if "cpu_p50_ms" in x else f"{'':>8} {'':>8}"
        print(f"{name:<28} {x['requests']:>8} {x['p50_ms']:>8.0f} {x['p95_ms']:>8.0f} {x['p99_ms']:>8.0f} {x['max_ms']:>8.0f} {cpu}  {goal}")


if __name__ == "__main__":
    main()
