"""Mojibake of a closing quotation mark whose last byte was lost, and words glued by lost markup.

UTF-8 ” (E2 80 9D) read as Windows-1252 leaves "â€" and the byte 0x9D, which cp1252 does not
define: web pages drop it ("â€") or replace it ("â€�"). ftfy then reads "â€ " as a dagger (E2 80
A0 with its no-break space turned into a space). Real data (from ../shared at run time): every line
of the provenance corpus holding ”, turned into that mojibake both ways, must come back exactly.
Every other example text is invented for these tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from newstrace.repair import RepairConfig, apply_plan, fix_and_explain
from newstrace.repair.encoding import restore_lost_close_quotes
from newstrace.repair.glued import split_number_words

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"

LOST = "\u00e2\u20ac"  # "â€": ” with its last byte dropped
OPEN = "\u00e2\u20ac\u0153"  # "â€œ": “ read as cp1252


def _quote_lines() -> list[str]:
    if not PROVENANCE.is_dir():
        pytest.skip("provenance corpus not present in ../shared")
    return [line for path in sorted(PROVENANCE.rglob("*.txt"))
            for line in path.read_text(encoding="utf-8").split("\n") if "\u201d" in line]


@pytest.mark.parametrize("errors", ["ignore", "replace"])
def test_every_corpus_line_with_a_closing_quote_comes_back_from_lost_byte_mojibake(errors):
    lines = _quote_lines()
    assert len(lines) >= 50
    wrong = []
    for line in lines:
        damaged = line.encode("utf-8").decode("cp1252", errors=errors)
        assert "\u201d" not in damaged.replace("\u00e2\u20ac\u201d", "")  # the mark really is damaged
        fixed, log = fix_and_explain(damaged)
        assert apply_plan(damaged, log) == fixed
        if fixed != line:
            wrong.append((line, fixed))
    assert wrong == []


def test_lost_close_quote_becomes_a_quote_not_a_dagger_and_the_speaker_is_kept():
    text = f"{OPEN}The ferry will not sail tonight,{LOST} said harbour master Ren\u00c3\u00a9e Talbot."
    fixed, log = fix_and_explain(text)
    assert fixed == "\u201cThe ferry will not sail tonight,\u201d said harbour master Ren\u00e9e Talbot."
    assert (LOST, "\u201d") in [(r.before, r.after) for r in log]
    assert "\u2020" not in fixed


def test_replacement_character_after_the_mark_is_the_lost_byte():
    text = f"{OPEN}Nobody was hurt,{LOST}\ufffd the mayor said. The road reopened at noon."
    fixed, _ = fix_and_explain(text)
    assert fixed == "\u201cNobody was hurt,\u201d the mayor said. The road reopened at noon."


@pytest.mark.parametrize("text, expected", [
    (f"He called it {OPEN}a disgrace{LOST}.", "He called it \u201ca disgrace\u201d."),
    (f"He called it {OPEN}a disgrace{LOST}", "He called it \u201ca disgrace\u201d"),
    (f"{OPEN}One,{LOST} she said. {OPEN}Two.{LOST}", "\u201cOne,\u201d she said. \u201cTwo.\u201d"),
    (f'The clerk said "we are closed,{LOST} and left.', 'The clerk said "we are closed,\u201d and left.'),
    # en and em dashes read as cp1252 end in “ and ”: no quotation marks
    (f"a cry {LOST}\u201d {OPEN}we knew{LOST} {LOST}\u201d and more", "a cry \u2014 \u201cwe knew\u201d \u2014 and more"),
])
def test_lost_close_quote_forms(text, expected):
    assert fix_and_explain(text)[0] == expected


def test_mark_with_no_open_quotation_is_left_to_ftfy():
    # No quotation is open: nothing says it was a quotation mark, and the line stays as ftfy reads it.
    line = f"Table 3{LOST} shows the totals."
    assert restore_lost_close_quotes(line) == line


def test_whole_marks_and_other_mojibake_are_unchanged():
    assert fix_and_explain("\u201cAll good,\u201d she said.") == ("\u201cAll good,\u201d she said.", [])
    fixed, _ = fix_and_explain("Prices rose \u00e2\u20ac\u201d again \u00e2\u20ac\u201c in Z\u00c3\u00bcrich, \u00e2\u201a\u00ac5.")
    assert fixed == "Prices rose \u2014 again \u2013 in Z\u00fcrich, \u20ac5."


# --- glued words ---------------------------------------------------------------------------------

def test_function_word_glued_to_a_capitalised_word_is_split():
    fixed, log = fix_and_explain("Residents ofLower Brackmoor were moved to the school inNorth Dask overnight.")
    assert fixed == "Residents of Lower Brackmoor were moved to the school in North Dask overnight."
    assert [r.kind for r in log] == ["glued", "glued"]


def test_number_glued_to_a_word_is_split_and_units_stay():
    text = "It buried 300metres of road and 1,200people left at 30mph in a 4x4 with 3D maps on an MP3 at 10am."
    fixed, _ = fix_and_explain(text)
    assert fixed == ("It buried 300 metres of road and 1,200 people left at 30mph in a 4x4 with 3D maps on an "
                     "MP3 at 10am.")


@pytest.mark.parametrize("text", [
    "McDonald and iPhone and YouTube and eBay and deGrom and palmOne, one of them.",
    "See www.example.com/2024report and #5things and the 1980s, the 21st, 5km and 100mph.",
    "Abusaid, Elsaid and Portland stayed, and so did Tarnsaid.",
])
def test_glue_repair_does_no_harm(text):
    assert fix_and_explain(text) == (text, [])


def test_number_words_never_inside_an_address():
    assert split_number_words("http://example.org/2024metres/page", RepairConfig()) == []
