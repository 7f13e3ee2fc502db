"""The single event pass of story clustering, on invented keys: no chaining through stray members, boilerplate keys
give no evidence, date spans stay bounded, and a pass continued from stored state equals one run in one go.

Keys here are invented (``n:`` names, ``#`` numbers, ``t:`` topic words), so each test states exactly
what two articles share; the same pass runs on real pages in tests/test_stories.py.
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from newstrace.stories.cluster import DEFAULT_RULE, EventPass, LinkRule
from newstrace.stories.keys import DateSpan, event_keys

DAY = date(2021, 6, 1)


def on(day: date) -> DateSpan:
    return DateSpan(day, day, "published")


def run(articles: list[tuple[str, dict[str, float], DateSpan | None]], rule: LinkRule = DEFAULT_RULE) -> dict[str, str]:
    """Article id -> root of its event, after one pass in list order."""
    p = EventPass(rule)
    root = {}
    for seq, (aid, keys, day) in enumerate(articles, start=1):
        link = p.add(aid, seq, keys, day)
        root[aid] = link["b"] if link else aid
    return root


def test_a_chain_of_pairwise_matches_does_not_become_one_event():
    # article i shares two rare names with article i-1, one with i-2 and none with i-3:
    # single-link clustering would make one story of all twelve
    arts = [(f"a{i}", {f"n:k{i}": 1.0, f"n:k{i + 1}": 1.0, f"n:k{i + 2}": 1.0}, on(DAY)) for i in range(12)]
    root = run(arts)
    sizes = {}
    for r in root.values():
        sizes[r] = sizes.get(r, 0) + 1
    assert max(sizes.values()) <= 3
    assert root["a11"] != root["a0"]
    assert root["a1"] == root["a0"]  # the pair itself still matches


def test_an_article_joins_for_the_core_keys_of_a_grown_event_not_a_stray_members():
    core = {"n:quillardo": 1.0, "n:vessaron": 1.0, "#3412": 1.0}
    arts = [(f"c{i}", {**core, f"n:own{i}": 1.0}, on(DAY)) for i in range(6)]
    stray = ("s", {**core, "n:zorbanek": 1.0, "n:maltrevi": 1.0}, on(DAY))
    late = ("x", {"n:zorbanek": 1.0, "n:maltrevi": 1.0, "n:other": 1.0}, on(DAY))
    again = ("y", {"n:quillardo": 1.0, "n:vessaron": 1.0}, on(DAY + timedelta(days=1)))
    root = run([*arts, stray, late, again])
    assert root["s"] == root["c0"] == root["y"]  # the core matches
    assert root["x"] == "x"  # two names only the one stray member holds are not the event's


def test_boilerplate_keys_held_by_many_events_give_no_evidence():
    # every earnings line shares "Qtr", "Revs" and "mln" with the others; only the company differs
    rule = LinkRule()
    arts = [(f"e{i}", {"n:qtr": 1.0, "n:revs": 1.0, "n:mln": 1.0, f"n:company{i}": 1.0},
             on(DAY + timedelta(days=i // 20))) for i in range(600)]  # fmt: skip
    root = run(arts, rule)
    sizes = {}
    for r in root.values():
        sizes[r] = sizes.get(r, 0) + 1
    # the first few (before the keys are known to be common) may join; later ones start their own events
    assert max(sizes.values()) <= rule.common_articles / rule.specific_weight + 1
    assert all(root[f"e{i}"] == f"e{i}" for i in range(450, 600))
    p = EventPass(rule)
    for seq, (aid, keys, day) in enumerate(arts, start=1):
        p.add(aid, seq, keys, day)
    assert rule.rarity(*p.held["n:qtr"], p.articles) < 0.5


def test_an_events_dates_span_at_most_max_span_days():
    rule = LinkRule()
    keys = {"n:quillardo": 1.0, "n:vessaron": 1.0, "#3412": 1.0}
    # one a day for a month, each within the window of the previous one
    arts = [(f"d{i}", keys, on(DAY + timedelta(days=i))) for i in range(30)]
    root = run(arts, rule)
    for r in set(root.values()):
        days = [DAY + timedelta(days=i) for i in range(30) if root[f"d{i}"] == r]
        assert (max(days) - min(days)).days <= rule.max_span_days
    assert root["d0"] == root["d5"] and root["d0"] != root["d29"]


def test_undated_articles_need_more_evidence():
    rule = LinkRule()
    a = ("a", {"n:quillardo": 1.0, "t:blackout": 0.2}, None)
    b = ("b", {"n:quillardo": 1.0, "t:blackout": 0.2, "#412": 0.4}, None)
    assert run([a, b], rule)["b"] == "b"
    c = ("c", {"n:quillardo": 1.0, "n:vessaron": 1.0, "#3412": 1.0}, None)
    d = ("d", {"n:quillardo": 1.0, "n:vessaron": 1.0, "#3412": 1.0}, None)
    assert run([c, d], rule)["d"] == "c"


def test_every_rule_needs_a_specific_key():
    with pytest.raises(ValueError):
        LinkRule(dated_min_specific=0)


def test_topic_words_are_keys_but_never_specific():
    keys = event_keys("x", "Blackout in Vessaron", "The blackout left dialysis patients without power in Vessaron.", "en")
    topic = {k: w for k, w in keys.items() if k.startswith("t:")}
    assert "t:blackout" in topic and "t:dialysis" in topic
    assert all(0 < w <= 0.25 for w in topic.values())
    assert "t:patients" in topic or "t:without" not in topic  # common words ("without") are not keys
    assert "t:without" not in topic and "t:power" not in topic


# -- the pass on a store: stored state, late copy links -------------------------------------

TEMPLATE = (
    "{place} officials said on Tuesday that {n} households lost power after the {what} near {river}.\n\n"
    "Engineer {person} told reporters the {what} was the worst since records began, and that "
    "crews from {town} would work through the night.\n\n"
    "The regional council of {place} said schools would stay closed."
)
#: Invented events, each an origin and an independent report; no two share a name.
EVENTS = [
    {"place": "Vessaron", "n": 3412, "what": "landslide", "river": "the Quillar", "person": "Ostrava Zelenko",
     "town": "Marbeck"},
    {"place": "Dunmerrow", "n": 5127, "what": "flood", "river": "the Tallisk", "person": "Ibrahim Okonkwo-Hale",
     "town": "Pellroy"},
    {"place": "Karsvik", "n": 8841, "what": "storm surge", "river": "the Ostmere", "person": "Lucia Brannagh",
     "town": "Felhaven"},
]  # fmt: skip


def invented(event: dict, day: str, outlet: str, variant: int):
    from newstrace.schema import Article, Source, text_id

    text = TEMPLATE.format(**event)
    if variant:  # another outlet's own report: other wording, same names and figure
        text = (f"About {event['n']} homes in {event['place']} were without electricity on Tuesday after a "
                f"{event['what']} by {event['river']}, {event['person']} said.\n\nWorkers from {event['town']} "
                f"were sent to {event['place']}.")  # fmt: skip
    art = Article(headline=f"{event['what'].title()} hits {event['place']}", text=text, published=day, language="en",
                  source=Source(path=f"{outlet}/{event['place']}-{variant}.txt",
                                url=f"https://{outlet}/{day.replace('-', '/')}/{event['place'].lower()}-{variant}"))  # fmt: skip
    art.id = text_id(art.headline + "\n" + art.text)
    return art


def write(st, arts) -> None:
    from newstrace.store import IngestItem

    st.write_batch([IngestItem(input_key=f"t:{a.source.path}", record=0, article=a) for a in arts])


def stories_of(st) -> dict[str, str]:
    return {r["article_id"]: r["story_id"] for r in st.query("SELECT article_id, story_id FROM story_articles")}


def test_late_copy_links_merge_stored_stories_and_incremental_equals_full(tmp_path):
    from datetime import datetime

    from newstrace.schema import Derivation
    from newstrace.store import Store
    from newstrace.stories import update_stories

    first = [invented(e, f"2021-06-0{i + 1}", "one.example", 0) for i, e in enumerate(EVENTS)]
    second = [invented(e, f"2021-06-0{i + 2}", "two.example", 1) for i, e in enumerate(EVENTS)]
    with Store(tmp_path / "s.duckdb") as st:
        write(st, first)
        a = update_stories(st)
        assert a.mode == "full" and a.stories == 3
        write(st, second)
        b = update_stories(st)
        assert b.mode == "incremental" and b.new_articles == 3
        after_b = stories_of(st)
        for x, y in zip(first, second):  # each independent report joined its event, by keys alone
            assert after_b[x.id] == after_b[y.id]
        assert len(set(after_b.values())) == 3
        # trace later says event 2's origin copies event 1's (a copy link between stored articles):
        # the two stories become one, with the story id of the earliest article
        st.replace_derivations([Derivation(copy_id=first[1].id, origin_id=first[0].id, kind="edited", score=0.9,
                                           copy_coverage=0.8, origin_coverage=0.8)],
                               [first[1].id], mode="incremental", max_seq=st.max_seq(), new_articles=0,
                               started_at=datetime(2021, 6, 9))  # fmt: skip
        c = update_stories(st)
        assert c.mode == "incremental" and c.new_articles == 0 and c.changed_members == 2
        merged = stories_of(st)
        assert merged[first[0].id] == merged[first[1].id] == merged[second[1].id] == after_b[first[0].id]
        links = sorted(tuple(r.values()) for r in st.query("SELECT a, b, score, specific, gap_days, keys FROM story_links"))
        full = update_stories(st, full=True)
        assert full.mode == "full" and stories_of(st) == merged
        assert sorted(tuple(r.values()) for r in st.query(
            "SELECT a, b, score, specific, gap_days, keys FROM story_links")) == links  # fmt: skip


def test_a_large_event_in_a_large_store_keeps_its_keys():
    # 40,000 unrelated articles, then 300 reports of one event: 300 articles hold its names,
    # fewer than 1% of the store, so the names stay evidence and every report joins the event
    rule = DEFAULT_RULE
    p = EventPass(rule)
    seq = 0
    for i in range(40_000):
        seq += 1
        p.add(f"bg{i}", seq, {f"n:only{i}": 1.0, "t:report": 0.1}, on(DAY + timedelta(days=i % 300)))
    core = {"n:quillardo": 1.0, "n:vessaron": 1.0, "#3412": 1.0}
    roots = set()
    for i in range(300):
        seq += 1
        link = p.add(f"ev{i}", seq, {**core, f"n:own{i}": 1.0}, on(DAY + timedelta(days=i % 3)))
        roots.add(link["b"] if link else f"ev{i}")
    assert roots == {"ev0"}
    assert p.events["ev0"].n == 300
