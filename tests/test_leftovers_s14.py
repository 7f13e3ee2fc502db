"""Session 14: faults left over from earlier testers' reports (invented texts reproduce each kind).

- one edit reported in two kinds: a figure dropped with its word ("nine missing fishermen" ->
  "fishermen") read as "number removed: 9" and again as "reworded: removed 'nine missing'".
"""

from __future__ import annotations

from newstrace.provenance import compare
from newstrace.schema import Article, Source

PORT = [
    "The river port of Valdora reopened on Monday after a week of floods, the harbour office said.",
    "Workers cleared mud from the main quay and the city said ships could dock again by the evening.",
    "Rescuers found 12 bodies and nine missing fishermen were still being sought, the coast guard said.",
    "Local traders said the closure had cost them more than 40 percent of their weekly sales of fish and grain.",
    "The mayor said the city would ask the regional government for help to repair the old sea wall.",
    "Engineers said the wall had cracked in two places and that the work could take several months.",
    "Residents of the lower town said they were still cleaning their homes and shops on Monday.",
    "The weather office said more rain was likely later in the week but not as heavy as before.",
]


def _article(sentences: list[str], url: str, published: str) -> Article:
    return Article(source=Source(url=url, format="text"), headline="", text="\n\n".join(sentences),
                   language="en", published=published)


def _changes(copy_sentences: list[str]) -> list[tuple[str, str]]:
    d, _p = compare(_article(copy_sentences, "https://copy.example.com/a", "2024-03-05"),
                    _article(PORT, "https://wire.example.com/a", "2024-03-04"))
    assert d is not None and d.origin_source == "https://wire.example.com/a"
    return [(c.kind, c.detail) for c in d.changes]


def test_a_figure_dropped_with_its_word_is_one_number_change():
    copy = list(PORT)
    copy[2] = "Rescuers found 12 bodies and fishermen were still being sought, the coast guard said."
    changes = _changes(copy)
    assert any(k == "number" and d.startswith("number removed: 9") for k, d in changes), changes
    assert not any(k == "reworded" for k, _ in changes), changes


def test_a_word_dropped_beside_a_kept_figure_is_still_a_rewording():
    """The control: the figure stands on both sides, so no number change covers the dropped word."""
    copy = list(PORT)
    copy[2] = "Rescuers found 12 bodies and nine fishermen were still being sought, the coast guard said."
    changes = _changes(copy)
    assert not any(k == "number" for k, _ in changes), changes
    assert any(k == "reworded" and "'missing'" in d for k, d in changes), changes


def test_a_figure_dropped_with_a_clause_keeps_the_clause_as_a_rewording():
    """A removed span with more than the figure's own word says more than the number change does."""
    copy = list(PORT)
    copy[2] = "Rescuers found 12 bodies and were still searching, the coast guard said."
    changes = _changes(copy)
    assert any(k == "number" and "9" in d for k, d in changes), changes
    assert any(k == "reworded" and "nine missing fishermen" in d for k, d in changes), changes
