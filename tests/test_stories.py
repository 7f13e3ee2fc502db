"""Stories on real pages: copies join their origin's story, independent same-event coverage joins without a copy
link, other events stay apart, incremental runs equal a full re-run, and quotes, claims and names line up across copies.

The pages are read at run time from ../shared/corpora/provenance and ../shared/seeds. One copy
is made here at run time from a real page by changing a figure and a surname, as a copier
would; nothing from ../shared is committed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.store import Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import (
    db,
    get_story,
    list_stories,
    search,
    story_detail,
    story_of,
    update_stories,
)
from newstrace.stories.cluster import LinkRule, UnionFind, components
from newstrace.stories.keys import article_date, event_keys, outlet_of, url_date

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROV = SHARED / "corpora" / "provenance"
SEEDS = sorted((SHARED / "seeds").glob("*.txt"))

# Part B arrives after part A has been traced and clustered: copies of stored origins (h 02,
# 03), an origin of a stored copy (e 01), independent coverage of a stored event (h 05), a
# story of its own (r), and the altered copy made below.
PART_B = [("h", "02-copy-edited.txt"), ("h", "03-copy-edited.txt"), ("h", "05-independent.txt"),
          ("e", "01-original.txt"), ("k", "02-copy-verbatim.txt"), ("r", "*")]  # fmt: skip
COPY_URL = "https://copies.example.net/2019/03/11/venezuela-blackout-deaths"


def story_files(prefix: str, pattern: str = "*.txt") -> list[Path]:
    (folder,) = PROV.glob(f"{prefix}-*")
    return sorted(folder.glob(pattern if pattern != "*" else "*.txt"))


def url_of(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()


def altered_copy(folder: Path) -> Path:
    """A copy of the Washington Post page (h 01) with its death toll raised and a surname rendered as a common noun."""
    text = story_files("h", "01-*")[0].read_text(encoding="utf-8")
    assert "at least 17 deaths" in text and "Carlos Alvarado" in text
    lines = text.split("\n")
    lines[0] = f"URL: {COPY_URL}"
    copy = "\n".join(lines).replace("at least 17 deaths", "at least 26 deaths").replace("Alvarado", "Woodlands")
    path = folder / "altered-copy.txt"
    path.write_text(copy, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Ingest part A, trace, cluster; then part B, trace, cluster again (incremental).

    Yields a dict: path, the two reports, membership and links after the incremental run,
    and the story of h 01 after part A.
    """
    tmp = tmp_path_factory.mktemp("stories")
    path = tmp / "s.duckdb"
    part_b = [p for prefix, name in PART_B for p in story_files(prefix, name)] + [altered_copy(tmp)]
    everything = sorted(PROV.glob("*/*.txt")) + SEEDS
    part_a = [p for p in everything if p not in part_b]
    with Store(path) as st:
        ingest(part_a, st, jobs=2)
        run_trace(st)
        first = update_stories(st)
        (h01,) = st.resolve(url_of(story_files("h", "01-*")[0]))
        h01_story = story_of(st, h01)
        ingest(part_b, st, jobs=2)
        run_trace(st)
        second = update_stories(st)
        members = dict(db.tuples(st, "SELECT article_id, story_id FROM story_articles"))
        links = sorted(db.tuples(st, "SELECT a, b, score, specific, gap_days, keys FROM story_links"))
    return {"path": path, "reports": (first, second), "members": members, "links": links, "h01_story": h01_story,
            "part_b": part_b}  # fmt: skip


@pytest.fixture(scope="module")
def store(built):
    with Store(built["path"], read_only=True) as st:
        yield st


def ids_of(st: Store, prefix: str, pattern: str) -> list[str]:
    return [i for p in story_files(prefix, pattern) for i in st.resolve(url_of(p))]


def test_incremental_run_equals_a_full_rerun(built):
    first, second = built["reports"]
    assert first.mode == "full" and second.mode == "incremental"
    assert second.new_articles == len(built["part_b"])  # only the new articles were keyed and compared
    with Store(built["path"]) as st:
        full = update_stories(st, full=True)
        members = dict(db.tuples(st, "SELECT article_id, story_id FROM story_articles"))
        links = sorted(db.tuples(st, "SELECT a, b, score, specific, gap_days, keys FROM story_links"))
    assert full.mode == "full" and full.new_articles == full.articles > second.new_articles
    assert full.candidate_pairs > second.candidate_pairs
    assert members == built["members"]
    assert links == built["links"] and links
    assert full.stories == second.stories
    # the incremental run joined new articles to events formed by the first run (continuing the
    # pass from the stored state), not only to each other
    with Store(built["path"], read_only=True) as st:
        new = {i for p in built["part_b"] for i in st.resolve(url_of(p))}
    assert any(a in new and b not in new for a, b, *_ in links)


def test_story_ids_are_stable_when_articles_join(built, store):
    (h01,) = store.resolve(url_of(story_files("h", "01-*")[0]))
    (h02,) = store.resolve(url_of(story_files("h", "02-*")[0]))
    assert story_of(store, h01) == built["h01_story"] == story_of(store, h02)


def test_copies_land_in_their_origins_story_with_that_origin(store):
    for prefix, origin_name, copies in (("h", "01-*", "0[23]-*"), ("k", "01-*", "02-*"), ("e", "01-*", "02-*"),
                                        ("d", "01-*", "02-*")):  # fmt: skip
        (origin,) = ids_of(store, prefix, origin_name)
        story = get_story(store, story_of(store, origin))
        copy_ids = ids_of(store, prefix, copies)
        assert copy_ids and set(copy_ids) <= set(story.article_ids), prefix
        assert not set(copy_ids) & set(story.origin_ids), prefix
    (h01,) = ids_of(store, "h", "01-*")
    h = story_detail(store, story_of(store, h01))
    roles = {m.article_id: m.role for m in h.members}
    assert h01 in h.story.origin_ids and roles[h01] == "origin"
    for c in ids_of(store, "h", "0[23]-*"):
        assert roles[c] == "copy"
        assert any(e.copy_id == c and e.origin_id == h01 for e in h.edges)
    assert h.story.n_copies >= 3  # h 02, h 03 and the altered copy


def test_independent_same_event_coverage_joins_but_not_as_a_copy(store):
    (h01,) = ids_of(store, "h", "01-*")
    detail = story_detail(store, story_of(store, h01))
    independents = ids_of(store, "h", "0[45]-*")  # AP and AFP on the same blackout, 8-9 March 2019
    roles = {m.article_id: m.role for m in detail.members}
    for i in independents:
        assert roles.get(i) == "independent"
        assert not any(i in (e.copy_id, e.origin_id, *e.sibling_ids) for e in detail.edges)
    joined = {x for link in detail.event_links for x in (link.a, link.b)}
    assert set(independents) <= joined
    link = next(lk for lk in detail.event_links if set(independents) & {lk.a, lk.b})
    assert link.gap_days is not None and link.gap_days <= LinkRule().window_days and link.keys
    assert set(independents) <= set(detail.story.independent_ids)


def test_other_events_stay_in_other_stories(store):
    folder_of = {}
    for p in sorted(PROV.glob("*/*.txt")):
        for i in store.resolve(url_of(p)):
            folder_of.setdefault(i, set()).add(p.parent.name[0])
    page = list_stories(store, limit=1000)
    assert page.total == len(page.stories) > 10
    for s in page.stories:
        folders = set().union(*(folder_of.get(i, set()) for i in s.article_ids))
        # Brexit (m), Exxon (r), CNET (i) and the 2018 Brazil story (k) share no story with another folder
        for alone in "mrik":
            if alone in folders:
                assert folders == {alone}, (s.id, folders)
    assert sum(p.n_articles for p in page.stories) == len(store.article_ids())


def test_story_summary_fields(store):
    (h01,) = ids_of(store, "h", "01-*")
    s = get_story(store, story_of(store, h01))
    assert s.id.startswith("S") and len(s.id) == 13
    assert s.first_seen == "2019-03-08" and s.last_seen == "2019-03-11"  # AP's URL date .. the copies'
    assert {"washingtonpost.com", "copies.example.net", "iol.co.za"} <= set(s.outlets)
    assert s.languages == ["en"]
    assert any("Guaid" in e for e in s.key_entities) and any("Maduro" in e for e in s.key_entities)
    timeline = story_detail(store, s.id).timeline
    dated = [p.date for p in timeline if p.date_source != "ingested"]
    assert dated == sorted(dated) and timeline[0].kind == "independent"


def test_a_changed_figure_appears_as_claim_variants_with_outlets(store):
    (h01,) = ids_of(store, "h", "01-*")
    d = story_detail(store, story_of(store, h01))
    deaths = [g for g in d.claims if g.has_variants and {v.value for v in g.values} >= {17.0, 26.0}]
    assert len(deaths) == 1
    by_value = {v.value: v for v in deaths[0].values}
    assert "copies.example.net" in by_value[26.0].outlets and "copies.example.net" not in by_value[17.0].outlets
    assert "washingtonpost.com" in by_value[17.0].outlets
    assert all(v.qualifier == "at least" for v in deaths[0].values)
    # a figure every copy kept is one value, not a variant
    assert any(not g.has_variants and g.n_articles >= 3 for g in d.claims)


def test_name_variants_accents_surnames_and_a_renamed_surname(store):
    (h01,) = ids_of(store, "h", "01-*")
    names = {g.canonical: {v.form: v.how for v in g.variants} for g in story_detail(store, story_of(store, h01)).names}
    alvarado = next(forms for canon, forms in names.items() if "Alvarado" in canon)
    assert alvarado.get("Carlos Woodlands") == "changed"
    guaido = next(forms for forms in names.values() if "Juan Guaidó" in forms)
    assert "Juan Guaido" in guaido and "accent" in guaido.values()
    (e01,) = ids_of(store, "e", "01-*")
    e_names = story_detail(store, story_of(store, e01)).names
    parra = next(g for g in e_names if "Parra" in g.canonical)
    assert {v.form for v in parra.variants} >= {"Hugo Parra Martínez", "Hugo Parra"}


def test_a_requoted_quote_is_one_quote_with_both_wordings_and_its_speaker(store):
    (e01,) = ids_of(store, "e", "01-*")
    (e02,) = ids_of(store, "e", "02-*")
    d = story_detail(store, story_of(store, e01))
    group = next(g for g in d.quotes if any("I fell in a hole" in v.content for v in g.variants))
    wordings = {v.article_id: v for v in group.variants}
    assert "I fell into a trap" in wordings[e02].content  # translated again, separately, from Spanish
    assert group.altered and wordings[e01].reference and wordings[e02].similarity < 1
    assert "Parra" in (group.speaker or "")
    speaker = next(s for s in d.speakers if s.name == group.speaker)
    assert group.id in speaker.quote_ids and speaker.n_articles == 2


def test_a_translated_copy_shows_its_aligned_sentence_beside_the_quote(store):
    (c01,) = ids_of(store, "c", "01-*")
    d = story_detail(store, story_of(store, c01))
    lang = {m.article_id: m.language for m in d.members}
    aligned = [(g, v) for g in d.quotes for v in g.variants if v.from_alignment]
    assert aligned
    for g, v in aligned:
        ref = g.variants[0]
        assert ref.reference and not ref.from_alignment and v.article_id != ref.article_id
    assert any(lang[v.article_id] != lang[g.variants[0].article_id] for g, v in aligned)


def test_search_by_text_speaker_entity_outlet(store):
    hits = search(store, speaker="guglielmo")
    assert hits.total >= 3 and all(h.story_id for h in hits.hits)
    (i01,) = ids_of(store, "i", "01-*")
    assert story_of(store, i01) in {h.story_id for h in hits.hits}
    accent = search(store, text="guaido", outlet="washingtonpost")
    assert accent.total == 1 and accent.hits[0].outlet == "washingtonpost.com" and "text" in accent.hits[0].matched
    assert "Guaid" in accent.hits[0].snippet
    ent = search(store, entity="Theresa May", limit=1)
    assert ent.total >= 2 and len(ent.hits) == 1
    rest = search(store, entity="Theresa May", limit=1, offset=1)
    assert rest.hits[0].article_id != ent.hits[0].article_id
    assert search(store, text="zzqxv nowhere").total == 0


def test_list_stories_pages_and_sorts(store):
    page = list_stories(store, limit=3, min_articles=2)
    assert len(page.stories) == 3 and page.total > 3
    sizes = [s.n_articles for s in page.stories]
    assert sizes == sorted(sizes, reverse=True)
    nxt = list_stories(store, limit=3, offset=3, min_articles=2)
    assert not {s.id for s in nxt.stories} & {s.id for s in page.stories}
    recent = list_stories(store, limit=5, sort="recent", outlet="washingtonpost")
    assert recent.total == 1
    with pytest.raises(ValueError):
        list_stories(store, sort="alphabetical")


def test_stories_cli_lists_json_and_shows_one_story(built, tmp_path):
    runner = CliRunner()
    path = str(tmp_path / "copy.duckdb")  # the module's store is open read-only in this process
    shutil.copyfile(built["path"], path)
    result = runner.invoke(app, ["stories", "--store", path, "--json", "--min-articles", "3"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows and all(r["n_articles"] >= 3 and r["id"].startswith("S") for r in rows)
    assert "stories (incremental): 0 of" in result.stderr
    url = url_of(story_files("h", "02-*")[0])
    shown = runner.invoke(app, ["stories", url, "--store", path])
    assert shown.exit_code == 0, shown.output
    assert "Timeline" in shown.stdout and "Copy tree" in shown.stdout and "copies.example.net" in shown.stdout
    detail = json.loads(runner.invoke(app, ["stories", rows[0]["id"], "--store", path, "--json"]).stdout)
    assert detail["story"]["id"] == rows[0]["id"] and len(detail["members"]) == rows[0]["n_articles"]
    missing = runner.invoke(app, ["stories", "S000000000000", "--store", path])
    assert missing.exit_code == 2 and "Error: no story or article matches" in missing.stderr


# -- units on invented input --------------------------------------------------------------


def test_union_find_roots_do_not_depend_on_edge_order():
    nodes = {"a": 3, "b": 1, "c": 2, "d": 4}
    one = components(nodes, [("a", "c"), ("c", "b"), ("d", "d")])
    two = components(nodes, [("c", "b"), ("a", "c")])
    assert one == two and one["a"] == one["b"] == one["c"] != one["d"]
    uf = UnionFind(lambda x: x)
    uf.union("z", "y")
    assert uf.find("z") == "y"


def test_link_rule_window_and_undated_evidence():
    rule = LinkRule()
    assert rule.same_event(2.5, 1, 2) and not rule.same_event(2.5, 1, rule.window_days + 1)
    assert not rule.same_event(2.5, 1, None)  # undated: needs more
    assert rule.same_event(4.2, 2, None) and rule.same_event(2.4, 3, None)


def test_event_keys_fold_names_across_scripts_and_skip_common_words():
    latin = event_keys("x", "Talks in Vessaron", "Minister Zorbanek met Quillardo on Tuesday; 3,412 people marched.", "en")
    greek = event_keys("y", "", "Ο Ζορμπανεκ συναντήθηκε με τον Κουιλαρντο.", "el")
    assert "n:zorbanek" in latin and "#3412" in latin and "n:tuesday" not in latin
    assert "n:quillardo" in latin
    assert latin["n:zorbanek"] == 1.0
    assert not any(k.startswith("n:minister") for k in latin)
    assert "n:zorbanek" in greek  # "μπ" reads "b"


def test_dates_from_published_url_and_capture():
    assert article_date("2019-03-10T08:00", None, None).lo.isoformat() == "2019-03-10"
    span = article_date(None, "2020-01-05T00:00:00Z", "https://example.org/news/2019/mar/11/story")
    assert span.source == "url" and span.lo.isoformat() == "2019-03-11"
    assert article_date(None, "2020-01-05T00:00:00Z", "https://example.org/x").source == "captured"
    assert url_date("https://example.org/a/05/2019/b").hi.isoformat() == "2019-05-31"
    assert url_date("https://example.org/id/201902255244585816.html") is None


def test_a_url_that_does_not_parse_dates_nothing_and_names_no_host():
    # urllib raises ValueError on an unclosed IPv6 bracket; a stored URL is anyone's text
    bad = "http://[2001:db8::1/2019/03/10/harbor-vote"
    assert url_date(bad) is None
    assert article_date(None, "2020-01-05T00:00:00Z", bad).source == "captured"
    assert outlet_of("Calder Courier", bad) == "Calder Courier" and outlet_of(None, bad) is None
    assert outlet_of(None, "https://www.calder-courier.example/2019/x") == "calder-courier.example"


def test_a_month_in_a_url_does_not_set_first_seen_before_a_dated_member(tmp_path):
    """A copy whose URL names only a month ("/2024/03/") is stored as 2024-03-01..31; the story's first
    seen is its origin's day, not the first of the month."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    text = (examples / "port_calder_flood.txt").read_text(encoding="utf-8")
    (tmp_path / "origin.txt").write_text("URL: https://ledger.example/2024/03/12/flood\n\n" + text, encoding="utf-8")
    (tmp_path / "copy.txt").write_text("URL: https://mirror.example/2024/03/flood-copy\n\n" + text.replace(
        "3,200", "3,400"), encoding="utf-8")
    with Store(tmp_path / "s.duckdb") as st:
        ingest([tmp_path / "origin.txt", tmp_path / "copy.txt"], st, jobs=1)
        run_trace(st)
        update_stories(st)
        (story,) = list_stories(st).stories
    assert story.n_articles == 2
    assert (story.first_seen, story.last_seen) == ("2024-03-12", "2024-03-12")


def test_a_story_of_siblings_takes_the_headline_of_the_text_the_others_are_read_against():
    """Two copies of an inferred source: the story is headlined by the sibling the other is read
    against (the fuller, undamaged text), not by whichever was ingested first (a new-user test: a
    machine translation's "leaves 37 died and dozens disappeared" headlined the AP story)."""
    from newstrace.stories.query import _summary

    def member(i, headline):
        return {"id": i, "headline": headline, "date_lo": None, "date_hi": None, "day": "2025-06-16",
                "outlet": None, "source_url": None, "language": "en"}

    members = [member("mt", "Ferry overturns, leaves 37 died"), member("ap", "Ferry capsizes, leaving 37 dead")]
    links = [("mt", None, ["ap"])]  # the copy's record, read against its sibling "ap"
    assert _summary("S1", members, links, {}).headline == "Ferry capsizes, leaving 37 dead"
    direct = [("mt", "ap", [])]
    assert _summary("S1", members, direct, {}).headline == "Ferry capsizes, leaving 37 dead"
