"""A copy of a stored copy, where the pair alone gave no direction, is read through it (the rule of shared errors).

Invented articles: an agency story, a local paper's edit of it and a content farm's copy of the paper's
edit. The paper and the farm both keep "The Associated Press contributed to this report.", so both declare
AP and their pair is verified as siblings; the farm shares the paper's edits (its headline, a paragraph
added, one cut) and was read as a copy of AP, the paper's edits blamed on it (a new-user test, F10).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.provenance import graph as g

AP = """URL: https://apnews.example/article/brackmoor-terminal-fire-1234
Fire destroys historic ferry terminal in Brackmoor
By Tove Lindqvist
Published: March 3, 2025

BRACKMOOR, Norway (AP) — A fire destroyed the historic ferry terminal in the port town of Brackmoor on Monday, forcing the evacuation of 240 passengers from two docked ferries, officials said.

The blaze started shortly after 6 a.m. in a storage room on the terminal's ground floor and spread quickly through the wooden roof, fire chief Ola Brenvik said.

"We lost the building, but nobody was hurt, and that is what matters," Brenvik told reporters at the scene.

About 60 firefighters from three districts fought the flames for more than five hours. The cause of the fire is under investigation.

The terminal, built in 1912, was listed as a protected cultural monument in 1998. It handled about 1.2 million passengers a year.

Ferry operator Nordlinje said it would move departures to a temporary pier on the north side of the harbor from Wednesday.

Mayor Kari Solheim said the town would rebuild the terminal. "This is a sad day for Brackmoor, but we will rebuild," she said.
"""

PAPER = """URL: https://www.coastaldaily.example/news/2025/03/04/brackmoor-terminal-fire
Historic Brackmoor ferry terminal destroyed by fire
By Hans Ekeland
Published: March 4, 2025

A fire destroyed the historic ferry terminal in the port town of Brackmoor on Monday, forcing the evacuation of 240 passengers from two docked ferries, officials said.

The blaze started shortly after 6 a.m. in a storage room on the terminal's ground floor and spread quickly through the wooden roof, fire chief Ola Brenvik said.

"We lost the building, but nobody was hurt, and that is what matters," Brenvik told reporters at the scene.

About 60 firefighters from three districts fought the flames for more than five hours. The cause of the fire is under investigation.

Local historian Mette Aas said the terminal had survived two storms and a war. "It was the heart of the harbour," she told the Coastal Daily.

Ferry operator Nordlinje said it would move departures to a temporary pier on the north side of the harbor from Wednesday.

The Associated Press contributed to this report.
"""

FARM = (PAPER.replace("https://www.coastaldaily.example/news/2025/03/04/brackmoor-terminal-fire",
                      "https://newsflash24.example/historic-brackmoor-ferry-terminal-destroyed-by-fire")
        .replace("By Hans Ekeland\n", "").replace("March 4, 2025", "March 6, 2025")
        .replace("240 passengers", "420 passengers"))

runner = CliRunner()


def _invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def _links(store) -> dict[str, dict]:
    out = _invoke("trace", "--store", store, "--json").stdout
    return {d["copy_source"].split("/")[2]: d for d in map(json.loads, out.splitlines())}


def _write(folder, names):
    folder.mkdir(exist_ok=True)
    texts = {"ap": AP, "paper": PAPER, "farm": FARM}
    for n in names:
        (folder / f"{n}.txt").write_text(texts[n], encoding="utf-8")


def test_the_farm_copy_of_the_papers_edit_is_read_as_its_copy(tmp_path):
    _write(tmp_path / "in", ["ap", "paper", "farm"])
    store = tmp_path / "s.duckdb"
    _invoke("ingest", tmp_path / "in", "--store", store, "--quiet", "--jobs", "1")
    _invoke("trace", "--store", store)
    links = _links(store)
    farm, paper = links["newsflash24.example"], links["www.coastaldaily.example"]
    assert paper["origin_source"] == "https://apnews.example/article/brackmoor-terminal-fire-1234"
    assert farm["origin_source"] == "https://www.coastaldaily.example/news/2025/03/04/brackmoor-terminal-fire"
    assert farm["inferred_source"] is False and farm["sibling_ids"] == [] and farm["sibling_group"] == []
    assert farm["direction_evidence"][0].startswith("shared departures (the rule of shared errors)")
    assert not any("sibling" in r or r.startswith("no clear direction") for r in farm["direction_evidence"])
    # the farm's own changes only, worded as alterations: not the paper's headline, cut and added paragraph
    assert sorted((c["kind"], c["detail"]) for c in farm["changes"]) == [("byline", "byline dropped"),
                                                                           ("number", "240 passengers -> 420 passengers")]
    # every verified pair is still there as verified: the pair itself stays siblings
    pairs = [json.loads(x) for x in _invoke("trace", "--store", store, "--json", "--all-pairs").stdout.splitlines()]
    assert len(pairs) == 3
    assert sum(1 for d in pairs if d["inferred_source"]) == 1
    shown = _invoke("show", "farm.txt", "--store", store).stdout
    assert "copy of https://www.coastaldaily.example" in shown and "byline dropped" in shown
    # export, report: the same record, the same wording
    _invoke("export", "--format", "jsonl", "--store", store, "--output", tmp_path / "out")
    rows = [json.loads(x) for x in (tmp_path / "out" / "derivations.jsonl").read_text().splitlines()]
    assert {r["origin_source"] for r in rows} == {paper["origin_source"], farm["origin_source"]}
    details = {json.loads(x)["detail"] for x in (tmp_path / "out" / "changes.jsonl").read_text().splitlines()}
    assert "byline dropped" in details and "byline only in the sibling" not in details
    _invoke("report", "--store", store, "--output", tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Diff: newsflash24.example against coastaldaily.example" in html


@pytest.mark.parametrize("batches", [[["farm"], ["paper"], ["ap"]], [["ap", "farm"], ["paper"]], [["paper", "farm"], ["ap"]]])
def test_incremental_runs_in_any_order_give_the_full_runs_graph(tmp_path, batches):
    store = tmp_path / "s.duckdb"
    for n, batch in enumerate(batches):
        _write(tmp_path / f"in{n}", batch)
        _invoke("ingest", tmp_path / f"in{n}", "--store", store, "--quiet", "--jobs", "1")
        _invoke("trace", "--store", store)
    incremental = _links(store)
    _invoke("trace", "--store", store, "--full")
    assert incremental == _links(store)
    assert incremental["newsflash24.example"]["origin_source"].startswith("https://www.coastaldaily.example/")


def _link(copy, origin, sim, cov=1.0, partner=None):
    return g.Link(copy, origin, partner, 0.99, 1.0, cov, sim)


def test_promotion_needs_the_copy_closer_to_the_middle_and_the_middle_closer_to_the_top():
    base = [_link("b", "a", 0.97, 0.8), _link("c", "a", 0.95, 0.8)]
    promoted = g.promoted_siblings(base + [_link("c", None, 0.99, partner="b")])
    assert [(p.origin, p.top) for p in promoted.values()] == [("b", "a")]
    kept = g.resolve_links(base + [_link("c", None, 0.99, partner="b")])
    assert kept == {0: None, 2: None}  # b <- a, and c <- b (the sibling record, now direct); c <- a is a shortcut
    # two copies of a lost version of a: each has departures the other lacks (the distances do not add up)
    assert not g.promoted_siblings([_link("b", "a", 0.96), _link("c", "a", 0.955), _link("c", None, 0.98, partner="b")])
    # closer only in extent (two excerpts covering different parts), not in wording
    assert not g.promoted_siblings([_link("b", "a", 0.97, 0.4), _link("c", "a", 0.95, 0.4), _link("c", None, 0.95, 0.9, partner="b")])
    # no closer to b than to a: no shared departures
    assert not g.promoted_siblings(base + [_link("c", None, 0.955, cov=0.8, partner="b")])
    # the record's reference is the farther one from the top: it is not the middle
    assert not g.promoted_siblings(base + [_link("b", None, 0.99, partner="c")])
    # a translation in the triangle: similarities do not compare
    assert not g.promoted_siblings([base[0], base[1]._replace(kind="translation"), _link("c", None, 0.99, partner="b")])
    # both orientations of one pair qualify (equally close to the top): neither is the middle
    tie = [_link("b", "a", 0.96), _link("c", "a", 0.96), _link("c", None, 0.99, partner="b"), _link("b", None, 0.99, partner="c")]
    assert not g.promoted_siblings(tie)


def test_a_copy_that_keeps_what_the_middle_cut_is_not_its_copy():
    """A tampered copy of a wire story keeps the paragraphs a newspaper's copy cut (all of it aligns with the wire,
    0.82 with the paper); its mean similarity to the paper is higher only because the untouched sentences are
    a larger share of the shorter alignment (figures from a new-user test). It stays the wire's copy."""
    wire_to_paper = g.Link("paper", "wire", None, 0.99, 1.0, 0.77, 0.939)
    copy_to_wire = g.Link("copy", "wire", None, 0.99, 1.0, 0.89, 0.815)
    copy_to_paper = g.Link("copy", "paper", None, 0.98, 0.82, 0.95, 0.833)
    kept = g.resolve_links([wire_to_paper, copy_to_wire, copy_to_paper])
    assert kept == {0: None, 1: None}
    # a copy of the cut (all of it inside the paper too) is still read through the paper
    cut_copy = [wire_to_paper, g.Link("copy", "wire", None, 0.99, 1.0, 0.7, 0.93), g.Link("copy", "paper", None, 0.99, 1.0, 0.95, 0.99)]
    assert g.resolve_links(cut_copy) == {0: None, 2: None}


def test_a_translation_is_read_against_the_sibling_that_holds_most_of_it():
    """Between languages a mean similarity says little: a Spanish translation of a wire story (all of it
    aligned with the wire) is read against the wire, not against a newspaper's cut (0.64 of it) whose
    cross-language similarity happens to be higher (figures after a new-user test, F3)."""
    t = "translation"
    links = [g.Link("es", None, "paper", 0.8, 0.64, 0.77, 0.51, kind=t), g.Link("es", None, "wire", 0.8, 0.95, 0.69, 0.49, kind=t)]
    kept = g.resolve_links(links)
    (i,) = [i for i in kept if links[i].copy_id == "es"]
    assert links[i].partner == "wire"
    # in one language too the sibling holding text the other cut comes first (the copy shares none of
    # the cut's departures); where both hold as much of it, the closer wording decides
    same = [x._replace(kind="edited") for x in links]
    (i,) = [i for i in g.resolve_links(same) if same[i].copy_id == "es"]
    assert same[i].partner == "wire"
    same = [x._replace(kind="edited", copy_coverage=0.95) for x in links]
    (i,) = [i for i in g.resolve_links(same) if same[i].copy_id == "es"]
    assert same[i].partner == "paper"


def test_an_undated_copy_of_a_copy_is_read_through_it_and_the_wires_republication_stays_linked():
    """Figures after a new-user test (F5): a farm copy R of a newspaper's cut D of a wire story, R undated, so
    R ~ D, R ~ W and R ~ N (N: the wire W republished word for word, 0.993 alike) are all siblings. R shares
    D's departures (0.995 to D, 0.934-0.944 to the wire's text): R <- D. N ~ W must not drop out for it."""
    links = [
        g.Link("N", None, "W", 0.99, 1.0, 1.0, 0.993),
        g.Link("D", "N", None, 0.99, 1.0, 0.77, 0.949),
        g.Link("D", "W", None, 0.99, 1.0, 0.77, 0.939),
        g.Link("R", None, "D", 0.98, 0.88, 1.0, 0.995),
        g.Link("R", None, "W", 0.98, 0.88, 0.77, 0.934),
        g.Link("R", None, "N", 0.98, 0.88, 0.77, 0.944),
    ]
    assert [(p.origin, p.top) for p in g.promoted_siblings(links).values()] == [("D", "N")]
    kept = g.resolve_links(links)
    shown = {(links[i].copy_id, links[i].origin_id or links[i].partner) for i in kept}
    assert ("R", "D") in shown and ("N", "W") in shown and ("D", "N") in shown
    assert kept[3] is None  # the sibling record R ~ D, now a direct link
