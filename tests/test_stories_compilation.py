"""``newstrace stories``: a compilation (an aggregator's briefing copying parts of two unrelated stories)
does not join those stories into one.

trace keeps two direct origins for such a page (:func:`newstrace.provenance.graph._compiled_sources`).
Stories joined every copy to its origins by union-find, so the briefing bridged a port strike and a
tea drought into one story (a rights-team tester's corpus). Now the briefing keeps only its edge to its
main origin (:func:`newstrace.stories.cluster.derivation_edges`) and leaves its event group
(:func:`newstrace.stories.cluster.story_edges`). The articles are invented: a ferry strike report, an
unrelated report on an olive harvest, another outlet's copy of each, and a briefing made of the first
three paragraphs of each.
"""

from __future__ import annotations

import pytest
from _pages import traced_store

from newstrace.store import Store
from newstrace.stories import list_stories, story_detail
from newstrace.stories.cluster import compilation_origins, components, derivation_edges, story_edges

FERRY = [
    "Ferry crews walk out at Varnhold, stranding island travellers",
    "VARNHOLD - Crews on the Varnhold ferry line walked out on Tuesday in a dispute over night shifts, "
    "leaving about 3,400 passengers a day without a crossing to the Tessel islands.",
    "\"We have asked for a rota that lets people sleep, nothing more,\" said Ingrid Solberg, who speaks for "
    "the Varnhold Seafarers Union.",
    "The operator, Nordkyst Lines, said it had offered two extra rest days a month and called the walkout "
    "premature.",
    "Island shops said deliveries of fresh milk and bread had already stopped on the morning crossing.",
    "The regional transport office said it would send two chartered boats for medical cases only.",
    "Talks are due to resume on Thursday at the harbour master's office in Varnhold.",
]
OLIVE = [
    "Late frost halves olive harvest in the Cardona valley",
    "CARDONA - A late frost in April cut this year's olive harvest in the Cardona valley by almost half, "
    "growers said on Tuesday, with mills pressing 41,000 tonnes against 78,000 last season.",
    "\"The blossoms turned brown in a single night,\" said Matilde Roure, who farms 30 hectares above the "
    "village of Serrat.",
    "The Cardona Growers Cooperative said oil prices at the mill gate had risen 35 percent since January.",
    "Smaller farms are asking the provincial government for emergency loans to cover pickers' wages.",
    "Agronomists said older groves on the valley floor suffered most because cold air settles there.",
    "The cooperative expects to publish its final figures at the end of the month.",
]
FERRY_COPY = ["Varnhold ferry strike leaves islands cut off"] + FERRY[1:]
OLIVE_COPY = ["Frost cuts Cardona olive crop by half"] + OLIVE[1:]
BRIEFING = ["Morning Digest: ferry walkout, olive frost"] + FERRY[1:4] + OLIVE[1:4] + ["Sources: wire reports."]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("compilation")
    files = {
        "ferry": ("https://nordwire.example/2025/09/02/varnhold-ferry-strike", "2025-09-02T07:00", FERRY),
        "olive": ("https://iberwire.example/2025/09/02/cardona-olive-frost", "2025-09-02T09:00", OLIVE),
        "ferry_copy": ("https://coastnews.example/varnhold-ferry", "2025-09-02T12:00", FERRY_COPY),
        "olive_copy": ("https://farmdaily.example/cardona-olives", "2025-09-02T13:00", OLIVE_COPY),
        "briefing": ("https://digest.example/briefing/2025-09-03", "2025-09-03T06:00", BRIEFING),
    }
    path = traced_store(tmp, {f"{name}.txt": page for name, page in files.items()})
    with Store(path) as st:
        rows = st.query("SELECT id, source_url FROM articles ORDER BY seq")
    by_url = {r["source_url"]: r["id"] for r in rows}
    return path, {name: by_url[url] for name, (url, _, _) in files.items()}


def test_trace_gives_the_briefing_two_origins(built):
    """The premise: the resolved graph keeps both stories' origins for the briefing."""
    path, ids = built
    with Store(path, read_only=True) as st:
        compiled = compilation_origins(st)
    # the copies of each story hold the same paragraphs as their origins: either may stand as the origin
    (origins,) = compiled.values()
    assert list(compiled) == [ids["briefing"]] and len(origins) == 2
    assert {ids["ferry"], ids["ferry_copy"]} & set(origins) and {ids["olive"], ids["olive_copy"]} & set(origins)


def test_the_briefing_does_not_join_the_two_stories(built):
    path, ids = built
    with Store(path, read_only=True) as st:
        stories = list_stories(st).stories
        members = {s.id: {m.article_id: m.role for m in story_detail(st, s.id).members} for s in stories}
        main = compilation_origins(st)[ids["briefing"]][0]
    assert len(stories) == 2
    ferry = next(m for m in members.values() if ids["ferry"] in m)
    olive = next(m for m in members.values() if ids["olive"] in m)
    assert set(ferry) - {ids["briefing"]} == {ids["ferry"], ids["ferry_copy"]}
    assert set(olive) - {ids["briefing"]} == {ids["olive"], ids["olive_copy"]}
    # the briefing sits, as a copy, in the story of its main origin
    home = ferry if main in ferry else olive
    assert home[ids["briefing"]] == "copy"


def test_only_the_main_origin_edge_of_a_compilation_is_used(built):
    path, ids = built
    with Store(path, read_only=True) as st:
        edges = derivation_edges(st)
        main = compilation_origins(st)[ids["briefing"]][0]
    assert [e for e in edges if ids["briefing"] in e] == [(ids["briefing"], main)]


def test_story_edges_take_a_compilation_out_of_its_event_group():
    """The briefing's keys put it in the olive event group; its copy edge goes to the ferry origin."""
    groups = {"o": "o", "oc": "o", "b": "o"}  # o: olive origin, oc: its copy, b: the briefing
    nodes = {n: i for i, n in enumerate(["f", "o", "oc", "b"])}
    joined = components(nodes, story_edges(groups, [("b", "f")]))
    assert joined["o"] == joined["f"]  # before: the group edge and the copy edge bridge the two
    split = components(nodes, story_edges(groups, [("b", "f")], compiled={"b"}))
    assert split["b"] == split["f"] != split["o"] == split["oc"]
