"""An age set off by commas after a name ("Ana Ruiz, 38,") is a claim of years old about that
person, also where the small English model gives a Spanish name no PERSON entity (a new-user
finding: "Ana Belén Cruz, 38" got no unit and no subject). Every article here is invented."""

from __future__ import annotations

import pytest

from newstrace import analyze


def _claims(body: str) -> list[tuple[float, str | None, str | None]]:
    art = analyze("Flood hits Valdecerro\n\n" + body)
    return [(c.value, c.unit, c.what) for c in art.claims]


@pytest.mark.parametrize(("body", "expected"), [
    ("Among the injured was Ana Ruiz, 38, a teacher who lives near the bridge.", [(38.0, "years old", "Ana Ruiz")]),
    ("The victims included Ana Belén Cruz, 38, and her son Mateo, 9, who were asleep.",
     [(38.0, "years old", "Ana Belén Cruz"), (9.0, "years old", "Mateo")]),
    ("John Carter, 61, said the water rose within an hour.", [(61.0, "years old", "John Carter")]),
    ("Senator Mary King, 82, said the plan would fail.", [(82.0, "years old", "Mary King")]),  # the title left out
])  # fmt: skip
def test_an_age_after_a_name_is_that_persons_age(body, expected):
    assert _claims(body) == expected


@pytest.mark.parametrize("body", [
    "In Los Angeles, 38, 40 and 41 percent of voters backed the three measures, officials said.",
    "The storm hit New Orleans, 12, miles from the coast.",
    # a club the small model types as a person: its points, no age
    "Manchester United, 38, are three points behind the leaders after Saturday's draw.",
    "Harbour City, 41, and Lakeside Rovers, 39, meet on Sunday.",
])
def test_a_figure_after_a_place_is_no_age(body):
    assert all(unit != "years old" for _, unit, _ in _claims(body))
