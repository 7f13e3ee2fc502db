"""A speaker named with the organisation they work for and their role: 'said Atlantica chief
executive Helena Marques' is Helena Marques, not Atlantica (a new-user tester, F16: the small
NER model types "Atlantica" a person and "Helena Marques" an organisation, and the speaker
was the organisation). Controls: an organisation that speaks itself stays the speaker.

All snippets are invented for these tests.
"""

from __future__ import annotations

import pytest
from _quoting import nlp, quotes_of

from newstrace.nlp.entities import extract_entities
from newstrace.nlp.parsing import ParsedText
from newstrace.nlp.speakers import MentionIndex

#: An earlier paragraph that names the organisation in full (the NER calls it a person), so a
#: later "Atlantica" is read as a short form of it.
CONTEXT = "Terminal operator Atlantica Terminals had offered a 6% rise, which the union rejected.\n\n"

EMPLOYER_ROLE = [
    # after the quotation, cue first
    ('"The offer on the table is fair," said Atlantica chief executive Helena Marques.', "Helena Marques"),
    ('"We will reopen the berth on Monday," said Acme Corp spokeswoman Jane Doe.', "Jane Doe"),
    ('"The channel is safe again," said Valdora harbour master Ines Barroso.', "Ines Barroso"),
    ('"Growth will slow this year," said World Bank chief economist Indermit Gill.', "Indermit Gill"),
    ('"The border stays closed," according to Interior Ministry spokesman Ali Karimi.', "Ali Karimi"),
    ('"The offer is fair," said the company\'s chief executive, Helena Marques.', "Helena Marques"),
    ('"The offer is fair," said Trump adviser Kellyanne Conway.', "Kellyanne Conway"),
    # after the quotation, subject first
    ('"The offer is fair," Atlantica chief executive Helena Marques said.', "Helena Marques"),
    (
        '"The offer is fair," Atlantica Terminals chief executive Helena Marques told reporters.',
        "Helena Marques",
    ),
    # before the quotation
    ('Atlantica chief executive Helena Marques said: "The offer is fair."', "Helena Marques"),
    ('Acme Corp spokeswoman Jane Doe said: "We will reopen the berth on Monday."', "Jane Doe"),
    # controls: the organisation speaks
    ('"The offer is fair," the ministry said in a statement.', "the ministry"),
    ('"The offer is fair," said Atlantica Terminals in a statement.', "Atlantica Terminals"),
    ('"The offer is fair," Atlantica Terminals said in a statement.', "Atlantica Terminals"),
]


@pytest.mark.parametrize("context", ["", CONTEXT], ids=["alone", "after-full-name"])
@pytest.mark.parametrize(("sentence", "speaker"), EMPLOYER_ROLE)
def test_the_person_after_employer_and_role_speaks(sentence, speaker, context):
    quotes = quotes_of(context + sentence)
    assert [q.speaker for q in quotes] == [speaker]


def test_tester_paragraph_both_parts_go_to_the_chief_executive():
    # F16's shape: the organisation named earlier, then a quotation split over two sentences
    text = (
        CONTEXT + '"The offer on the table is fair and in line with other ports," said Atlantica chief '
        'executive Helena Marques. "A strike at this moment hurts everyone."'
    )
    quotes = quotes_of(text)
    assert [(q.speaker, q.cue) for q in quotes] == [("Helena Marques", "said"), ("Helena Marques", None)]
    first = quotes[0]
    assert text[first.speaker_start : first.speaker_end] == "Helena Marques"


#: A surname alone with the role, where the article gives no full name before.
SURNAME_ROLE = [
    '"The offer is fair," Marques, Atlantica\'s chief executive, said.',
    '"The offer is fair," said Marques, Atlantica\'s chief executive.',
    '"The offer is fair," said Atlantica chief executive Marques.',
    '"The offer is fair," Atlantica chief executive Marques said.',
    'Marques, Atlantica\'s chief executive, said: "The offer is fair."',
]

#: Earlier paragraphs naming Helena Marques in full (the NER types her name an organisation in
#: the first): the surname is read as her.
FULL_NAME_BEFORE = [
    "Atlantica Terminals, which runs the container terminal, is led by Helena Marques.\n\n",
    "The talks were led by Helena Marques for the operator.\n\n",
]


@pytest.mark.parametrize("sentence", SURNAME_ROLE)
def test_a_surname_with_employer_and_role_is_the_person(sentence):
    assert [q.speaker for q in quotes_of(sentence)] == ["Marques"]


@pytest.mark.parametrize("intro", FULL_NAME_BEFORE)
@pytest.mark.parametrize("sentence", SURNAME_ROLE)
def test_a_surname_with_employer_and_role_takes_the_earlier_full_name(sentence, intro):
    assert [q.speaker for q in quotes_of(intro + sentence)] == ["Helena Marques"]


def test_a_verb_after_a_name_is_no_role_phrase():
    # 'Quennell asked the pilot Anders Lyngvik': Quennell is no employer of Lyngvik
    text = "Harbour master Tobias Quennell asked the pilot Anders Lyngvik how long the repairs would take."
    parsed = ParsedText(text, nlp())
    idx = MentionIndex(parsed.doc, extract_entities(parsed))
    runs = {m.canonical: (s, e) for s, e, m in idx.persons}
    assert not idx.names_employer(runs["Tobias Quennell"])


def test_employer_mention_is_no_antecedent_of_a_pronoun():
    # 'she' goes back to the chief executive, not to the organisation the NER took for a person
    text = (
        "Atlantica chief executive Helena Marques met the union on Friday.\n\n"
        '"We will not raise the offer," she said.'
    )
    assert [q.speaker for q in quotes_of(text)] == ["Helena Marques"]
