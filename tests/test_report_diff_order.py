"""``newstrace report`` gives a story's side-by-side diffs by what each copy changed, not by score alone.

A fact-checker or rights team reads the copies that changed a figure, a quotation or the meaning first;
a republication whose only change is the agency credit says what the origin says. Before, the diffs
went to the highest-scoring copies, and a credit-only copy (a verbatim text scores highest) took a
slot while the copies that changed a number or inverted a sentence were "left out". The store is
built at run time from invented articles (a wire report and six republications, written here).
"""

from __future__ import annotations

import json
import re

import pytest

from newstrace.report import build_report
from newstrace.report.views import ReportLinks, diff_order, diff_tier, meaning_inverted_links, stored_key
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import list_stories, story_detail, update_stories
from newstrace.stories.models import TreeEdge

WIRE = [
    "KESTREL BAY (Reuters) - Workers at the Kestrel Bay container port walked off the job on Wednesday, halting "
    "the loading of 42 ships, the dockers' union said.",
    "The strike began at 6 a.m. after talks over night-shift pay broke down late on Tuesday, union secretary Orla "
    "Fenwick told reporters outside the main gate.",
    "\"We asked for a fair wage and they offered us a slogan,\" Fenwick said. \"We will stay out until the offer changes.\"",
    "The port authority said about 1,300 workers had joined the stoppage and that perishable cargo was being diverted "
    "to the smaller harbour at Saltmere.",
    "Port director Anselm Vickery said the authority had offered a raise of 4 percent and remained open to further talks.",
    "Shipping agents warned that a strike lasting more than three days could cost exporters around 18 million euros.",
    "The last strike at the port, in 2017, lasted nine days.",
]


def _edit(i: int, old: str, new: str) -> list[str]:
    out = list(WIRE)
    assert old in out[i]
    out[i] = out[i].replace(old, new)
    return out


#: outlet -> (paragraphs, what the copy changed)
COPIES = {
    "harbourtimes": ([p.replace(" (Reuters)", "") for p in WIRE], "credit dropped"),
    "coastaldaily": ([p.replace("(Reuters)", "(AFP)") for p in WIRE], "credit changed"),
    "portgazette": (_edit(0, "42 ships", "24 ships"), "number"),
    "baycourier": (_edit(2, "a fair wage", "a decent wage"), "quote"),
    "anchornews": (_edit(4, "remained open", "was not open"), "meaning inverted"),
    "tideherald": (WIRE[:3] + WIRE[4:], "paragraph cut"),
}


def _record(outlet: str, paras: list[str], day: int) -> dict:
    return {"title": "Dockers strike halts Kestrel Bay port", "text": "\n\n".join(paras), "date": f"2025-03-{day:02d}T09:00:00",
            "source": outlet, "url": f"https://{outlet}.example/2025/03/{day:02d}/dockers-strike"}  # fmt: skip


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    tmp = tmp_path_factory.mktemp("diff_order")
    feed = tmp / "feed.jsonl"
    rows = [_record("reuters", WIRE, 11)] + [_record(o, paras, 12) for o, (paras, _) in COPIES.items()]
    feed.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with Store(tmp / "s.duckdb") as st:
        ingest([feed], st, jobs=1)
        run_trace(st)
        update_stories(st)
    with Store(tmp / "s.duckdb", read_only=True) as st:
        yield st


def _ids(store: Store) -> dict[str, str]:
    """Outlet -> article id."""
    return {r["outlet"]: r["id"] for r in store.query("SELECT id, outlet FROM articles")}


def _detail(store: Store):
    (story,) = list_stories(store).stories
    return story_detail(store, story.id)


def test_the_invented_story_is_traced_as_the_test_needs(store):
    """The premise: one story, the wire report the origin of all six, and the credit-only copies scoring at
    least as high as those that changed a figure or the meaning (so a score order gives them the slots)."""
    ids = _ids(store)
    detail = _detail(store)
    edges = {e.copy_id: e for e in detail.edges}
    assert {e.origin_id for e in detail.edges} == {ids["reuters"]}
    assert set(edges) == {ids[o] for o in COPIES}
    by = {o: edges[ids[o]] for o in COPIES}
    assert set(by["harbourtimes"].change_counts) == set(by["coastaldaily"].change_counts) == {"credit"}
    assert by["harbourtimes"].kind == by["coastaldaily"].kind == "verbatim"
    assert set(by["portgazette"].change_counts) >= {"number"} and set(by["baycourier"].change_counts) >= {"quote"}
    assert set(by["anchornews"].change_counts) == {"reworded"} and set(by["tideherald"].change_counts) == {"omission"}
    assert min(by["harbourtimes"].score, by["coastaldaily"].score) >= max(by["portgazette"].score, by["anchornews"].score)


def test_diff_order_puts_substance_first_text_edits_next_and_credit_only_last(store):
    ids = _ids(store)
    detail = _detail(store)
    inverted = meaning_inverted_links(store, [m.article_id for m in detail.members])
    # of the story's resolved links, only the one whose rewording inverts a sentence (the store keeps every
    # verified pair, sibling pairs too, so the set holds more)
    keys = {(e.copy_id, stored_key(e)) for e in detail.edges}
    e_anchor = next(e for e in detail.edges if e.copy_id == ids["anchornews"])
    assert inverted & keys == {(ids["anchornews"], stored_key(e_anchor))}
    name = {v: k for k, v in ids.items()}
    order = [name[e.copy_id] for e in diff_order(detail.edges, inverted)]
    assert set(order[:3]) == {"portgazette", "baycourier", "anchornews"}
    assert order[3] == "tideherald"
    assert set(order[4:]) == {"harbourtimes", "coastaldaily"}
    # without knowing the inversion, the bare rewording is a text edit, after the figure and the quotation
    plain = [name[e.copy_id] for e in diff_order(detail.edges)]
    assert set(plain[:2]) == {"portgazette", "baycourier"} and set(plain[2:4]) == {"anchornews", "tideherald"}


def test_report_gives_the_changed_copies_diffs_and_leaves_out_the_credit_only_ones(store, tmp_path):
    ids = _ids(store)
    detail = _detail(store)
    links = ReportLinks()
    anchors = {o: links.diff(ids[o], stored_key(next(e for e in detail.edges if e.copy_id == ids[o])))[1:] for o in COPIES}
    out = tmp_path / "report.html"
    summary = build_report(store, out, max_diffs=4, jobs=1)
    html = out.read_text(encoding="utf-8")
    assert summary.diffs == 4 and summary.diffs_left_out == 2
    panels = re.findall(r'<div class="diffpanel" id="([\w-]+)">', html)
    by_anchor = {v: k for k, v in anchors.items()}
    shown = [by_anchor[a] for a in panels]
    assert set(shown[:3]) == {"portgazette", "baycourier", "anchornews"} and shown[3] == "tideherald"
    assert "2 more copies have no diff in this report" in html
    # the copies table still lists every copy, each with its diff link
    table = re.search(r'<table class="copies">.*?</table>', html, re.DOTALL).group(0)
    assert {o for o, a in anchors.items() if f'href="#{a}"' in table} == set(COPIES)
    # every diff: credit-only copies after the rest
    out_all = tmp_path / "all.html"
    build_report(store, out_all, max_diffs=0, jobs=1)
    every = [by_anchor[a] for a in re.findall(r'<div class="diffpanel" id="([\w-]+)">', out_all.read_text(encoding="utf-8"))]
    assert len(every) == 6 and set(every[4:]) == {"harbourtimes", "coastaldaily"}


def test_diff_tier_of_kinds_without_recorded_changes():
    """A spun or translated copy with no change recorded still differs throughout: a text edit, never last;
    a byline-only change is furniture like the credit."""

    def edge(kind: str, **counts: int) -> TreeEdge:
        return TreeEdge(copy_id="c", origin_key="o", origin_id="o", kind=kind, score=0.9, change_counts=counts)

    assert diff_tier(edge("verbatim")) == 2 and diff_tier(edge("edited", byline=1, credit=1)) == 2
    assert diff_tier(edge("translation")) == 1 and diff_tier(edge("spun")) == 1
    assert diff_tier(edge("edited", omission=2, credit=1)) == 1
    assert diff_tier(edge("rewritten", hedge=1)) == 0 and diff_tier(edge("verbatim", date=1)) == 0
    assert diff_tier(edge("edited", reworded=1), inverted=True) == 0
