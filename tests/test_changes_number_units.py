"""A number change says what changed: each figure with the unit or noun its sentence writes.

Testers (session 13) read "137 -> 173" in `trace --json` and `show` and could not tell soldiers
from days or dollars from percent. The detail now reads "137 soldiers -> 173 soldiers", "$3.2
billion -> $3.5 billion"; the origin and copy text fields stay the sentences. Every sentence and
article here is invented for these tests.
"""

from __future__ import annotations


import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.provenance.figures import number_changes, set_language
from newstrace.provenance.text import analyse_sentence


def detail(origin: str, copy: str, language: str | None = None) -> list[str]:
    o, c = analyse_sentence(origin), analyse_sentence(copy)
    if language:
        set_language([c], language)
    return [x.detail for x in number_changes(c, o)]


@pytest.mark.parametrize(("origin", "copy", "expected"), [
    # the counted noun, the currency sign and the percent sign travel with the figure
    ("Officials counted 137 soldiers among the defectors.", "Officials counted 173 soldiers among the defectors.",
     "137 soldiers -> 173 soldiers"),
    ("The insurer lost $3.2 billion in the storm.", "The insurer lost $3.5 billion in the storm.",
     "$3.2 billion -> $3.5 billion"),
    ("Prices rose 4.5% in March.", "Prices rose 5.4% in March.", "4.5% -> 5.4%"),
    ("Unemployment fell to 5.2 per cent.", "Unemployment fell to 2.5 per cent.", "5.2 per cent -> 2.5 per cent"),
    ("The council will spend 40 mln euros on the wall.", "The council will spend 45 mln euros on the wall.",
     "40 million euros -> 45 million euros"),
    # an adjective before the noun: both words, so that "137 Venezuelan" is never shown alone
    ("Some 137 Venezuelan soldiers crossed the bridge.", "Some 173 Venezuelan soldiers crossed the bridge.",
     "137 Venezuelan soldiers -> 173 Venezuelan soldiers"),
    ("Health officials found 12 new cases on Monday.", "Health officials found 21 new cases on Monday.",
     "12 new cases -> 21 new cases"),
    # several figures: each with its own noun, paired by what they count
    ("More than 270 people fled in three days.", "Over 320 people fled in four days.",
     "270 people, 3 days -> 320 people, 4 days"),
    # a participle that names who is counted is kept; a verb after the figure is not
    ("The blast left 12 injured.", "The blast left 21 injured.", "12 injured -> 21 injured"),
    ("Some 40 roads are shut and 12 were flooded.", "Some 45 roads are shut and 21 were flooded.",
     "40 roads, 12 -> 45 roads, 21"),
    # nothing said after the figure: the figure alone
    ("The death toll rose to 137.", "The death toll rose to 173.", "137 -> 173"),
    ("Floods Kill 320 In Port Calder", "Floods Kill 230 In Port Calder", "320 -> 230"),
    # a named number keeps its name, nothing more
    ("A Boeing 737 landed in the storm.", "A Boeing 747 landed in the storm.", "Boeing 737 -> Boeing 747"),
    # a lone counting "one" shows its noun too
    ("Two people remain missing.", "One person remains missing.", "2 people -> 1 person"),
    # removed and added figures say what they counted
    ("Police arrested 137 protesters and nine trucks burned.", "Police arrested 173 protesters.",
     "137 protesters -> 173 protesters; number removed: 9 trucks"),
])  # fmt: skip
def test_a_number_change_names_the_unit_or_noun_of_each_figure(origin, copy, expected):
    assert detail(origin, copy) == [expected]


def test_a_translated_noun_is_shown_as_each_side_writes_it():
    assert detail("About 320 soldiers fled.", "Unos 270 soldados huyeron.", "es") == ["320 soldiers -> 270 soldados"]
    # Korean writes the counter inside the figure's token ("37명이"): the figure alone, never the verb after it
    assert detail("가상의 도시에서 홍수로 37명이 숨졌다.", "가상의 도시에서 홍수로 41명이 숨졌다.") == ["37 -> 41"]


def test_the_origin_and_copy_text_stay_the_sentences():
    origin, copy = "Officials counted 137 soldiers.", "Officials counted 173 soldiers."
    (c,) = number_changes(analyse_sentence(copy), analyse_sentence(origin))
    assert (c.kind, c.origin_text, c.copy_text, c.detail) == ("number", origin, copy, "137 soldiers -> 173 soldiers")


ORIGIN = """Storm surge floods Varrow harbour district

VARROW (Coast Wire) — A storm surge flooded the harbour district of Varrow on Sunday, forcing 137 families from their homes, the town council said.

Water rose above the quay wall at about 4 a.m. and reached the doors of the fish market within an hour, residents said.

Repairs to the quay are expected to cost $3.2 million, according to the harbour board, which said the work would start next month.

The council opened the sports hall on Mill Lane as a shelter and asked volunteers to bring blankets and dry clothes.
"""

COPY = """Storm surge floods Varrow harbour district

A storm surge flooded the harbour district of Varrow on Sunday, forcing 173 families from their homes, the town council said.

Water rose above the quay wall at about 4 a.m. and reached the doors of the fish market within an hour, residents said.

Repairs to the quay are expected to cost $3.5 million, according to the harbour board, which said the work would start next month.

The council opened the sports hall on Mill Lane as a shelter and asked volunteers to bring blankets and dry clothes.
"""


def test_trace_json_and_show_report_the_changed_figures_with_their_nouns(tmp_path):
    from _pages import trace_json_of_two

    (row,), origin, copy, store = trace_json_of_two(tmp_path, ORIGIN, COPY)
    runner = CliRunner()
    numbers = sorted(c["detail"] for c in row["changes"] if c["kind"] == "number")
    if row["copy_source"] == str(origin):  # read the other way round: the same figures, swapped
        numbers = sorted(" -> ".join(reversed(d.split(" -> "))) for d in numbers)
    assert numbers == ["$3.2 million -> $3.5 million", "137 families -> 173 families"]
    shown = runner.invoke(app, ["show", str(copy), "--store", str(store)])
    assert shown.exit_code == 0, shown.output
    assert "137 families -> 173 families" in shown.stdout or "173 families -> 137 families" in shown.stdout


@pytest.mark.parametrize(("origin", "copy", "figures"), [
    ("Officials counted 137 soldiers.", "Officials counted 173 soldiers.", ("137", "173")),
    ("The death toll rose to 137.", "The death toll rose to 173.", ("137", "173")),
    ("Prices rose 4.5% in March.", "Prices rose 5.4% in March.", ("4.5", "5.4")),
    ("Some 137 Venezuelan soldiers fled.", "Some 173 Venezuelan soldiers fled.", ("137", "173")),
    # several figures, or a scale word: not one figure replaced by another
    ("More than 270 people fled in three days.", "Over 320 people fled in four days.", None),
    ("The wall will cost 1.2 million euros.", "The wall will cost 1.2 billion euros.", None),
])  # fmt: skip
def test_a_reader_of_the_detail_gets_the_two_figures_back(origin, copy, figures):
    """A story's claim variants pair the two values of a one-figure change from its detail."""
    from newstrace.provenance.figures import replaced_figure

    (text,) = detail(origin, copy)
    assert replaced_figure(text) == figures
