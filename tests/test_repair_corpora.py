"""Do no harm, measured on clean corpora: Reuters-21578 wire copy, the provenance texts, the case files.

Every repair these corpora get was read by hand (``python bench/repair_reuters.py --show
censor glued quote_mark spacing`` lists them with context). The tests pin the reviewed figures:
a change in any count means new repairs to review, not a number to update blindly.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from newstrace.repair import apply_plan, fix_and_explain

SHARED = Path(__file__).resolve().parents[1].parent / "shared"

# Reuters-21578 (19,043 bodies): the only censor or glue repairs, each read in context and
# right (the wire copy has these words run together). Censor repairs: none.
REUTERS_VERIFIED_GLUED = Counter(
    {
        ("regionby", "region by"): 1,
        ("difficultiesand", "difficulties and"): 1,
        ("inoperation", "in operation"): 1,
        ("presentand", "present and"): 1,
        ("blowingand", "blowing and"): 1,
        ("ofconcern", "of concern"): 1,
        ("inview", "in view"): 1,
        ("shareby", "share by"): 1,
        ("assetsof", "assets of"): 1,
        ("expireon", "expire on"): 1,
        ("torecommend", "to recommend"): 1,
        # a number glued to the word after it: the LME reports' "cash nil 3months 880.00" (three months
        # forward), "against the yen, 0speculation had arisen", "established by a 197agreement"
        ("3months", "3 months"): 23,
        ("0speculation", "0 speculation"): 1,
        ("197agreement", "197 agreement"): 1,
        # a word glued to the figure after it: "from the 21 mln shares was195.3 mn dlrs", "1986 nine mths
        # net exclude204,000 dlr gain"
        ("was195.3", "was 195.3"): 1,
        ("exclude204,000", "exclude 204,000"): 1,
    }
)
# Reviewed and right as well: apostrophes typed as '"' ("Indonesia"s"), marks glued to the
# cue or the quotation, stray spaces before "." and ",", "U.S.." and doubled spaces.
REUTERS_REVIEWED = {"encoding": 0, "censor": 0, "glued": 38, "quote_mark": 132, "spacing": 69}


@pytest.mark.slow
def test_reuters_gets_only_the_reviewed_repairs():
    from newstrace.corpora.reuters import iter_reuters

    kinds: Counter[str] = Counter()
    glued: Counter[tuple[str, str]] = Counter()
    censor: list[tuple[str, str]] = []
    stories = 0
    for story in iter_reuters():
        stories += 1
        text = story.as_text()
        fixed, log = fix_and_explain(text)
        if log:
            assert apply_plan(text, log) == fixed
        for r in log:
            kinds[r.kind] += 1
            if r.kind == "glued":
                glued[(r.before, r.after)] += 1
            elif r.kind == "censor":
                censor.append((r.before, r.after))
    assert stories == 19043
    assert censor == []
    assert glued == REUTERS_VERIFIED_GLUED
    assert {k: kinds[k] for k in REUTERS_REVIEWED} == REUTERS_REVIEWED


def _provenance_texts():
    for path in sorted((SHARED / "corpora" / "provenance").glob("*/*.txt")):
        # First three lines are URL, ROLE and a blank line.
        yield path, path.read_text(encoding="utf-8").split("\n", 3)[3]


def test_provenance_texts_get_no_censor_or_glue_repair():
    kinds: Counter[str] = Counter()
    seen = 0
    for path, text in _provenance_texts():
        seen += 1
        fixed, log = fix_and_explain(text)
        assert apply_plan(text, log) == fixed
        glued = [(r.before, r.after) for r in log if r.kind in ("censor", "glued")]
        # The one glued word of the corpus: a word glued to a proper noun (Reuters copy, story p).
        assert glued in ([], [("towardVenezuela", "toward Venezuela")]), path
        kinds.update(r.kind for r in log)
    assert seen >= 60
    # Reviewed: "essays , stories", "Intelligence  assistance .", 'country, "said',
    # and 'war. "' at a paragraph end.
    assert kinds == Counter({"spacing": 3, "quote_mark": 2, "glued": 1})


def test_case_files_get_no_censor_or_glue_repair():
    for path in sorted((SHARED / "cases").glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        text = case["input"].get("text") or case["input"].get("html") or ""
        _, log = fix_and_explain(text)
        assert not [r for r in log if r.kind in ("censor", "glued")], path.name
        if "html" in case["input"]:
            assert log == [], path.name  # markup is never re-spaced


# PolNeAR (train + dev, 2016 US political news from many outlets): the glue repairs it gets,
# each read in context and right. Censor repairs: none. (Its encoding repairs are ftfy's.)
POLNEAR_VERIFIED_GLUED = Counter(
    {
        ("consistof", "consist of"): 1,
        ("Manafortin", "Manafort in"): 1,
        ("judgeby", "judge by"): 1,
        ("probeof", "probe of"): 1,
        ("toObama", "to Obama"): 1,  # "referring to Obama's national security decisions"
        ("in5", "in 5"): 1,  # a comment widget's "Sign in" run into "5 people listening"
        # figures glued to their word in the campaign-finance stories ("raised nearly $73million")
        **{(f"{n}{w}", f"{n} {w}"): k for n, w, k in [
            ("73", "million", 2), ("38", "million", 2), ("23", "million", 2), ("1", "million", 2),
            ("33", "million", 1), ("4", "million", 1), ("37", "million", 1), ("2.5", "million", 1),
            ("2.2", "million", 1), ("28.4", "million", 1), ("112", "million", 1), ("20", "million", 1),
            ("12.2", "million", 1), ("5", "percentage", 1), ("16", "ounces", 1), ("75", "billion", 1),
            ("18", "million", 1), ("57", "million", 1), ("1", "billion", 1), ("846.8", "million", 1),
            ("3", "million", 1), ("64.8", "million", 1), ("45.1", "million", 1)]},
    }
)


@pytest.mark.slow
def test_polnear_gets_only_the_reviewed_censor_and_glue_repairs():
    import tarfile

    glued: Counter[tuple[str, str]] = Counter()
    censor = []
    articles = 0
    for split in ("train", "dev"):
        with tarfile.open(SHARED / "corpora" / "polnear" / f"polnear-{split}.tar.gz") as tar:
            for member in tar:
                if not (member.isfile() and "/text/" in member.name and member.name.endswith(".txt")):
                    continue
                articles += 1
                text = tar.extractfile(member).read().decode("utf-8", errors="replace")
                fixed, log = fix_and_explain(text)
                assert apply_plan(text, log) == fixed
                glued.update((r.before, r.after) for r in log if r.kind == "glued")
                censor += [(r.before, r.after) for r in log if r.kind == "censor"]
    assert articles > 800
    assert censor == []
    assert glued == POLNEAR_VERIFIED_GLUED


def test_learn_substitutions_finds_the_seed_filter_among_clean_wire_copy():
    from itertools import islice

    from newstrace.corpora.reuters import iter_reuters
    from newstrace.repair import RepairConfig, learn_substitutions

    names = ("000_11a0f38c45f1b9ff.txt", "003_e23b3335c9472580.txt")
    seeds = [(SHARED / "seeds" / name).read_text(encoding="utf-8") for name in names]
    clean = [s.as_text() for s in islice(iter_reuters(), 3000)]
    learned = learn_substitutions(seeds + clean)
    assert [(s.original, s.replacement) for s in learned] == [("ass", "bad")]
    pair = learned[0]
    assert pair.support == 4 and pair.documents == 2 and pair.contradicted == 0
    assert {fixed for _, fixed in pair.examples} == {"associated", "mass", "assistance", "embassy"}
    # With the learned pair, one damaged word is enough; clean copy is still untouched.
    config = RepairConfig(substitutions=tuple(learned))
    fixed = fix_and_explain("Staff of the badociated press left.", config)[0]
    assert fixed == "Staff of the associated press left."
    assert all(fix_and_explain(t, config)[1] == fix_and_explain(t)[1] for t in clean[:500])
