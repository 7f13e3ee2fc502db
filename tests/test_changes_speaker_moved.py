"""A quotation altered and given to another speaker in one edit is reported as both (new-user test F7).

Invented sentences. The copy changed the quotation's last word ("answers" -> "nothing") and its speaker
(Imbert -> Castellane, a person the story names): the speaker swap was missed because the word before it
had changed too, so the name was not an isolated swap.
"""

from __future__ import annotations

from newstrace.provenance.fingerprint import article_sentences
from newstrace.provenance.rewording import ATTRIBUTED, quote_changes, word_changes

LEAD = "Oona Castellane, who chairs the residents' group, said the smoke was thick. "
QUOTE = '"This is the third fire at that site in four years, and the company owes this town {}," {} said.'


def _changes(origin_words, copy_words):
    o = article_sentences("Depot fire", LEAD + QUOTE.format(*origin_words))
    c = article_sentences("Depot fire", LEAD + QUOTE.format(*copy_words))
    people = set().union(*(s.names for s in o[:-1]))
    return word_changes(c[-1], o[-1], people), quote_changes(c[-1], o[-1])


def test_a_quotation_altered_and_given_to_another_named_person():
    words, quotes = _changes(("answers", "Imbert"), ("nothing", "Castellane"))
    assert [c.detail for c in words] == [f"{ATTRIBUTED}: Imbert -> Castellane"]
    assert [c.detail for c in quotes] == ["meaning inverted (negation added or removed)"]


def test_an_altered_quotation_by_the_same_speaker_is_no_new_speaker():
    words, quotes = _changes(("answers", "Imbert"), ("nothing", "Imbert"))
    assert words == [] and len(quotes) == 1


def test_a_speaker_renamed_to_nobody_the_story_names_is_a_name_change():
    words, _ = _changes(("answers", "Imbert"), ("nothing", "Dufresne"))
    assert [(c.kind, c.detail) for c in words] == [("name", "name altered")]
