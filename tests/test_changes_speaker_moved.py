"""A quotation altered and given to another speaker in one edit is reported as both (new-user test F7).

Invented sentences. The copy changed the quotation's last word ("answers" -> "nothing") and its speaker
(Imbert -> Castellane, a person the story names): the speaker swap was missed because the word before it
had changed too, so the name was not an isolated swap.
"""

from __future__ import annotations

from newstrace.provenance.fingerprint import article_sentences
from newstrace.provenance.rewording import ATTRIBUTED, named_speaker_given, quote_changes, word_changes

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


def _pair(origin_sentence: str, copy_sentence: str):
    lead = "Storm damages school roof. "
    o = article_sentences("Roof", lead + origin_sentence)[-1]
    c = article_sentences("Roof", lead + copy_sentence)[-1]
    return named_speaker_given(c, o)


def test_a_kept_quotation_given_by_name_to_another_person():
    # re-test N2: whole names swapped, the quotation's words unchanged, were only a rewording
    q = '"Thank goodness this happened at night and not during lessons," '
    assert _pair(q + "headteacher Ingrid Lunde said.", q + "Tor Vik said.").detail == \
        f"{ATTRIBUTED}: Ingrid Lunde -> Tor Vik"
    assert _pair(q + "Vik said.", q + "headteacher Ingrid Lunde said.").detail == f"{ATTRIBUTED}: Vik -> Ingrid Lunde"
    assert _pair(q + "headteacher Ingrid Lunde said.", q + "Mayor Odd Haug said.").detail == \
        f"{ATTRIBUTED}: Ingrid Lunde -> Mayor Odd Haug"
    # one person renamed (a surname garbled, the given name kept), the same speaker, or other words: none
    assert _pair(q + "Ingrid Lunde said.", q + "Ingrid Grove said.") is None
    assert _pair(q + "headteacher Ingrid Lunde said.", q + "Ingrid Lunde, the headteacher, said.") is None
    assert _pair(q + "Ingrid Lunde said.", '"We will rebuild it by the autumn," Tor Vik said.') is None
