"""Quotation attribution inside relative clauses, and content without the sentence's comma.

The invented snippets are written for these tests (names and wording are made up); real
article text is read from ``../shared`` at run time.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _quoting import quotes_of

from newstrace.nlp.quote_text import without_reopening_marks
from newstrace.schema import Quote

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"


_quotes = quotes_of


def _with(quotes: list[Quote], words: str) -> Quote:
    hits = [q for q in quotes if words in q.content]
    assert hits, f"no quote containing {words!r} in {[q.content for q in quotes]}"
    return hits[0]


def test_quote_in_relative_clause_of_first_person_on_real_article():
    """'X, who blamed ... "...," and Y, who said ...': the quotation is X's, not Y's."""
    files = sorted(PROVENANCE.glob("h-*venezuela*/05-independent.txt"))
    if not files:
        pytest.skip("shared provenance corpus not present")
    text = files[0].read_text(encoding="utf-8")
    q = _with(_quotes(text), "imperialist United States")
    assert q.speaker == "Nicolas Maduro"
    assert not q.content.endswith(",")
    assert without_reopening_marks(text[q.start : q.end]) == q.content


@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        (
            (
                'The row pitted Mayor Alma Reyes, who called the plan a "reckless gamble with our water," '
                "against council member Tobias Wren, who said the plan was sound."
            ),
            "reckless gamble",
            "Alma Reyes",
        ),
        (
            (
                "The vote split the board between chair Ines Varga, who blamed the delay on "
                'the "stubborn timber lobby," and treasurer Colm Ruddy, who said the money was gone.'
            ),
            "stubborn timber lobby",
            "Ines Varga",
        ),
    ],
)
def test_quote_in_relative_clause_belongs_to_its_antecedent(text, words, speaker):
    q = _with(_quotes(text), words)
    assert q.speaker == speaker


def test_trailing_sentence_comma_is_not_content():
    text = '"Nobody thought the ice would melt this fast," said Pelle Norrby, a ferry pilot. "It went in a week."'
    quotes = _quotes(text)
    first = _with(quotes, "melt this fast")
    assert first.content.endswith("this fast")
    assert text[first.start : first.end] == first.content
    assert _with(quotes, "in a week").content.endswith("week.")


@pytest.mark.parametrize(("text", "speaker"), [
    # the relative clause closes at its comma: 'won' is the owner's verb, 'called' the judges'
    ("Ines Calloway, who runs the bakery on the main square, won the award on Saturday for a pear tart "
     "that judges called \u201cthe best thing on the table.\u201d", "judges"),
    ("Ines Calloway, who runs the bakery on the main square, called the tart \u201cthe best thing I ever made.\u201d",
     "Ines Calloway"),
    ("Ines Calloway, who runs the bakery, said the jury was \u201cvery generous with its time.\u201d", "Ines Calloway"),
    # commas inside the clause keep it open up to the comma before the cue (an adversarial test's
    # regressions of the first version of the rule)
    ("Ines Calloway, who chairs the board and who, by her own account, rarely agrees with Berg, said "
     "\u201cthis time he is right.\u201d", "Ines Calloway"),
    ("Ines Calloway, who in 2019, after the storm, rebuilt the quay, said \u201cwe cannot do it twice.\u201d",
     "Ines Calloway"),
    ("Ines Calloway, who, as Tomas Berg noted, chairs the board, said \u201cthe plan is sound.\u201d", "Ines Calloway"),
])  # fmt: skip
def test_a_relative_clause_after_a_comma_closes_at_the_next_comma(text, speaker):
    """A new-user finding: the quotation the judges called was given to the person the sentence opens with."""
    (q,) = _quotes("Bakery wins the regional award\n\n" + text)
    assert q.speaker == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    ("The mayor, who met Ruiz, said \u201cthe quay must be dredged this year.\u201d", "The mayor"),
    ("The mayor, who met Ana Ruiz on Friday, said \u201cthe quay must be dredged this year.\u201d", "The mayor"),
    ("Ana Ruiz, whose office flooded, said \u201cthe harbour is not safe.\u201d", "Ana Ruiz"),
    ("Ruiz, whose office, on the third floor, flooded, told reporters \u201cthe harbour is not safe.\u201d", "Ruiz"),
    ("Tomas Berg, who founded the firm, and Ana Ruiz, who runs it, said \u201cwe will not sell.\u201d", "Ana Ruiz"),
    # with the cue's auxiliaries and adverbs after the clause (a second adversarial test)
    ("The mayor, who met Ruiz, has said \u201cthe bridge will reopen next month.\u201d", "The mayor"),
    ("The mayor, who met Ruiz, would later say \u201cthe bridge will reopen next month.\u201d", "The mayor"),
    ("The mayor, who met Ruiz, also said \u201cthe bridge will reopen next month.\u201d", "The mayor"),
    ("The council, which met Ruiz, has told reporters \u201cthe bridge will reopen next month.\u201d", "The council"),
])  # fmt: skip
def test_a_person_inside_a_relative_clause_before_the_cue_is_not_the_speaker(text, speaker):
    """'The mayor, who met Ruiz, said': the clause describes the subject before it (an adversarial test gave
    Ruiz, or Friday, and kept a 'whose' clause inside the speaker's name)."""
    (q,) = _quotes("Harbour board meets\n\n" + text)
    assert q.speaker == speaker


@pytest.mark.parametrize(("text", "speaker", "cue"), [
    ("Tomas Berg told Ana Ruiz, who had asked about the budget, that \u201cthe money is already spent on the "
     "bridge.\u201d", "Tomas Berg", "told"),
    ("The mayor told Ana Ruiz, who chairs the board, \u201cwe will not close the library this year.\u201d",
     "The mayor", "told"),
    ("\u201cWe will not close the library this year,\u201d the mayor, who met Ruiz, has said.", "the mayor", "said"),
    ("\u201cWe will not close the library this year,\u201d the council, which met Ruiz on Friday, would later "
     "say.", "the council", "say"),
    # the clause is the attribution when it holds the cue and closes right before the quotation
    ("The mayor thanked Ana Ruiz, who said, \u201cwe will not close the library this year.\u201d", "Ana Ruiz",
     "said"),
])  # fmt: skip
def test_a_relative_clause_about_the_addressee_or_subject_is_skipped(text, speaker, cue):
    """A relative clause set off by commas describes the person before it: its verb ('asked',
    'chairs', 'met') is not the quotation's cue (an adversarial test gave Ana Ruiz with 'asked',
    no speaker, and none after the quotation)."""
    (q,) = _quotes("Library stays open\n\n" + text)
    assert (q.speaker, q.cue) == (speaker, cue)


def test_a_participle_after_an_earlier_quotation_takes_the_clause_subject():
    """'Ruiz, who Berg said was "...", resigned on Monday, saying "..."': the words before the second
    quotation start after the first, so its speaker is read from the parse (the subject of
    'resigned'), not the nearest noun (Monday, an adversarial finding)."""
    first, second = _quotes("Ruiz resigns\n\nAna Ruiz, who Berg said was \u201cthe best candidate we had\u201d, "
                            "resigned on Monday, saying \u201cI have done what I came to do.\u201d")
    assert (first.speaker, second.speaker, second.cue) == ("Berg", "Ana Ruiz", "saying")


def test_a_participle_after_a_quoted_clause_is_not_given_that_clause_s_subject():
    """'Berg told the paper that Ruiz "...," adding, "..."': the participle's parsed head is the verb in
    the reported clause, so the parse does not name the speaker (Ruiz is quoted as a topic, not a
    speaker: a PolNeAR train article read so gave the wrong name)."""
    quotes = _quotes("Berg attacks Ruiz\n\nTomas Berg told the Harbour Times that Ana Ruiz \u201chad a plan for "
                     "the quay which was maniacal,\u201d adding, \u201cshe lost every vote in the council.\u201d")
    assert quotes[-1].speaker != "Ana Ruiz"


@pytest.mark.parametrize(("text", "speaker"), [
    ("While Mayor Ana Ruiz has cautioned against \u201ca betrayal of our harbour\u201d in the way the Calder "
     "Council responds to floods, she has ordered a review of the quay.", "Ana Ruiz"),
    ("The union\u2019s letter to the harbour workers notes that the board, which meets on Friday, \u201cnever "
     "answered a single question about the pensions.\u201d", None),
])  # fmt: skip
def test_the_object_of_a_preposition_before_the_cue_is_not_its_subject(text, speaker):
    """'Sanders' email to his supporters notes that ...', 'Obama has cautioned against "..." in the way the
    United States responds': the noun phrase right before the cue or quotation is a preposition's
    object; the cue's parsed subject speaks (or no one), not 'his supporters' or 'the United States'."""
    (q,) = _quotes("Bridge vote delayed\n\n" + text)
    assert q.speaker == speaker or (speaker is None and q.speaker not in {"the harbour workers", "the board"})


@pytest.mark.parametrize(("text", "speaker", "cue"), [
    # a passive or described subject of the clause the participle modifies
    ("Ana Ruiz, whom Berg called \u201ca liar\u201d, was cheered by supporters on Monday, saying \u201cthe truth "
     "will come out soon.\u201d", "Ana Ruiz", "saying"),
    ("Officials, who Berg said were \u201cdoing their best\u201d, met on Monday, saying \u201cthe water is safe "
     "to drink.\u201d", "Officials", "saying"),
    # two relative clauses in a row, and commas inside one, after the quotation
    ("\u201cWe will not raise taxes again,\u201d the mayor, who chairs the board, which meets monthly, said.",
     "the mayor", "said"),
    ("\u201cWe will not raise taxes again,\u201d the mayor, who, as Ruiz noted, chairs the board, said.",
     "the mayor", "said"),
    # more commas after the cue: the clause closes before the cue, not at the sentence's last comma
    ("\u201cWe will not close the library,\u201d the mayor, who met Ruiz, said, adding that the vote was close.",
     "the mayor", "said"),
    ("\u201cWe will not close the library,\u201d the mayor, who met Ruiz, said on Monday, in a statement.",
     "the mayor", "said"),
    # between 'told NAME,' and the quotation: commas inside the clause, a cue with its own content, two clauses
    ("The mayor told Ana Ruiz, whose office, on the third floor, flooded in May, \u201cwe will not raise taxes "
     "again.\u201d", "The mayor", "told"),
    ("The mayor told Ana Ruiz, who said she was worried, \u201cwe will not raise taxes again.\u201d", "The mayor",
     "told"),
    ("The mayor told Ana Ruiz, who chairs the board, which meets monthly, \u201cwe will not raise taxes "
     "again.\u201d", "The mayor", "told"),
])  # fmt: skip
def test_relative_clause_variants_of_a_second_adversarial_test(text, speaker, cue):
    """Variants a second adversarial test tried on the rules above: the first two quotations had
    vanished (the participle's clause subject was passive or not a person), the others gave 'the
    board', 'Ruiz noted' or no speaker."""
    quotes = _quotes("Taxes stay\n\n" + text)
    assert (quotes[-1].speaker, quotes[-1].cue) == (speaker, cue)


@pytest.mark.parametrize(("text", "speaker", "cue"), [
    ("The mayor \u2014 who met Ruiz on Friday \u2014 said \u201cthe bridge will reopen next month.\u201d",
     "The mayor", "said"),
    ("The mayor -- who met Ruiz on Friday -- said \u201cthe bridge will reopen next month.\u201d", "The mayor", "said"),
    ("The mayor (who met Ruiz on Friday) said \u201cthe bridge will reopen next month.\u201d", "The mayor", "said"),
    ("\u201cThe bridge will reopen next month,\u201d the mayor \u2014 who met Ruiz on Friday \u2014 said.",
     "the mayor", "said"),
    ("Ana Ruiz \u2014 who chairs the board \u2014 said \u201cwe will not raise taxes again.\u201d", "Ana Ruiz", "said"),
    ("Ana Ruiz \u2014 the board\u2019s chair \u2014 has since said \u201cwe will not raise taxes again.\u201d",
     "Ana Ruiz", "said"),
])  # fmt: skip
def test_an_aside_between_dashes_or_brackets_before_the_cue_is_skipped(text, speaker, cue):
    """An adversarial test: the aside was kept in the speaker ('The mayor — who met Ruiz on Friday'),
    the quotation after it had none, and 'Ana Ruiz — who chairs the board — said "..."' lost its quotation."""
    (q,) = _quotes("Bridge to reopen\n\n" + text)
    assert (q.speaker, q.cue) == (speaker, cue)


def test_an_aside_between_dashes_elsewhere_stays_a_boundary():
    """'If we lived in normal times -- with perspective -- a reader would now ask: "..."' (PolNeAR dev):
    the aside is not before the cue, so 'a reader' is still read as the subject."""
    (q,) = _quotes("Normal times\n\nIf we lived in normal times -- with perspective and some grounding in "
                   "history -- a reader would now ask: \u201cWhy is the harbour board on that channel?\u201d")
    assert q.speaker == "a reader"


@pytest.mark.parametrize(("text", "speaker"), [
    ("A spokesman for the Department of Health said \u201cthe water is safe to drink.\u201d",
     "A spokesman for the Department of Health"),
    ("A spokeswoman for the Ministry of Defence told reporters \u201cno troops will be sent.\u201d",
     "A spokeswoman for the Ministry of Defence"),
    ("A member of the House of Commons said \u201cthe vote is close.\u201d", "A member of the House of Commons"),
])  # fmt: skip
def test_of_inside_an_organisation_name_keeps_the_speaker_phrase_whole(text, speaker):
    """An adversarial test: 'A spokesman for the Department of Health said' gave 'Health'."""
    (q,) = _quotes("Water is safe\n\n" + text)
    assert q.speaker == speaker


@pytest.mark.parametrize("text", [
    "Tomas Berg told Ana Ruiz, who he said was \u201ca friend of the town\u201d, that the bridge would reopen.",
    "Tomas Berg praised Ana Ruiz. Berg said Ruiz, who he said was \u201ca friend of the town\u201d, would stay.",
])  # fmt: skip
def test_a_pronoun_inside_a_relative_clause_is_not_the_person_the_clause_describes(text):
    """'Ruiz, who he said was "..."': 'he' is not Ruiz (an adversarial test gave Ana Ruiz)."""
    (q,) = _quotes("Bridge to reopen\n\n" + text)
    assert q.speaker == "Tomas Berg"


@pytest.mark.parametrize(("text", "speaker", "cue"), [
    ("The governor, speaking at a press conference in the capital on Thursday, said: \u201cWe are doing "
     "everything we can.\u201d", "The governor", "said"),
    ("The mayor, in an interview with the Calder Courier on Tuesday, said: \u201cThe budget is balanced.\u201d",
     "The mayor", "said"),
    ("The mayor, in Oslo for talks with Karl Berg, said: \u201cThe budget is balanced.\u201d", "The mayor", "said"),
    ("The president, addressing the United Nations, said: \u201cWe will not retreat.\u201d", "The president", "said"),
    ("The governor, speaking on Thursday, told reporters: \u201cWe are doing everything we can.\u201d",
     "The governor", "told"),
    ("The minister, visibly angry, said: \u201cThis is unacceptable.\u201d", "The minister", "said"),
    ("Solvang, asked about the delay, said: \u201cWe needed more time.\u201d", "Solvang", "said"),
    ("\u201cWe have not been told anything about the investors,\u201d the mayor, speaking in Oslo on Thursday, said.",
     "the mayor", "said"),
    ("\u201cThe budget is balanced,\u201d the mayor, a former teacher from Oslo, said.", "the mayor", "said"),
    ("\u201cWe have not been told anything,\u201d Ana Ruiz, the company\u2019s chief executive, said.",
     "Ana Ruiz", "said"),
    ("\u201cWe have not been told anything,\u201d Ruiz, the 54-year-old mother of three, said.", "Ruiz", "said"),
    # a list of speakers and a name in apposition are no aside
    ("\u201cThe budget is balanced,\u201d the company\u2019s chief executive, Ana Ruiz, said.", "Ana Ruiz", "said"),
    ("Mayor Ingrid Solvang, speaking to reporters in Oslo, said: \u201cThe budget is balanced.\u201d",
     "Ingrid Solvang", "said"),
])  # fmt: skip
def test_a_phrase_set_off_by_commas_between_the_subject_and_its_cue_is_skipped(text, speaker, cue):
    """An adversarial test: the last name, place or date inside a participle, prepositional or
    appositive phrase between a role subject and its cue was the speaker ('Thursday', 'Oslo',
    'Karl Berg', 'a former teacher from Oslo')."""
    (q,) = _quotes("Budget talks\n\n" + text)
    assert (q.speaker, q.cue) == (speaker, cue)


@pytest.mark.parametrize(("text", "speaker"), [
    ("\u201cWe have not been told anything,\u201d a source familiar with the negotiations said.",
     "a source familiar with the negotiations"),
    ("\u201cWe have not been told anything,\u201d an aide to the mayor said.", "an aide to the mayor"),
    ("\u201cWe have not been told anything,\u201d a woman who lives nearby said.", "a woman who lives nearby"),
    ("\u201cWe have not been told anything,\u201d residents of the street said.", "residents of the street"),
    ("\u201cWe have not been told anything,\u201d two people familiar with the plan said.",
     "two people familiar with the plan"),
    ("A source familiar with the negotiations said: \u201cWe have not been told anything.\u201d",
     "A source familiar with the negotiations"),
    ("\u201cWe have not been told anything,\u201d a 34-year-old nurse said.", "a 34-year-old nurse"),
    ("\u201cWe have not been told anything,\u201d said a 34-year-old nurse.", "a 34-year-old nurse"),
    ("\u201cWe have not been told anything,\u201d the 34-year-old said.", "the 34-year-old"),
    ("\u201cWe have not been told anything,\u201d a London-based analyst said.", "a London-based analyst"),
    ("\u201cWe have not been told anything,\u201d a self-employed builder said.", "a self-employed builder"),
    ("\u201cWe have not been told anything,\u201d officials at the Bank of Calder said.",
     "officials at the Bank of Calder"),
    ("\u201cHe needs to stop,\u201d a well-known critic said.", "a well-known critic"),
    # a person inside the description is read as before: the spokeswoman speaks, not the mayor
    ("\u201cWe have not been told anything,\u201d a spokeswoman for Mayor Ada Lund said.",
     "a spokeswoman for Mayor Ada Lund"),
])  # fmt: skip
def test_an_unnamed_speaker_described_past_the_head_noun_or_with_a_hyphenated_modifier(text, speaker):
    """An adversarial test: wire copy's unnamed sources ('a source familiar with ...', 'an aide to
    ...', 'a 34-year-old nurse', 'a London-based analyst') got no speaker and no cue at all."""
    (q,) = _quotes("Budget talks\n\n" + text)
    assert (q.speaker, q.speaker_is_unnamed, q.cue) == (speaker, True, "said")


def test_an_age_standing_for_a_person_names_the_one_the_article_gave_that_age():
    """'the 17-year-old said' after 'A 17-year-old lifeguard, Noor Haddad, ...': Noor Haddad (invented
    text); the age is learnt as a role of the name it stands beside, as 'the lifeguard' would be."""
    (q,) = _quotes("Teenager saves swimmer\n\nA 17-year-old lifeguard, Noor Haddad, pulled a swimmer from the "
                   "sea at Lowmere on Sunday.\n\n\u201cI just did what we practise every week,\u201d said the 17-year-old.")
    assert (q.speaker, q.speaker_is_unnamed) == ("Noor Haddad", False)
    (q,) = _quotes("Budget talks\n\n\u201cHe needs to stop,\u201d the left-leaning newspaper wrote.")
    assert (q.speaker, q.cue) == ("the left-leaning newspaper", "wrote")


@pytest.mark.parametrize(("text", "speaker", "cue"), [
    ("On Monday, the mayor, writing on Facebook, said: \u201cThe charges are absurd.\u201d", "the mayor", "said"),
    ("In Oslo, the company\u2019s founder, testifying before Parliament, said: \u201cThe charges are absurd.\u201d",
     "the company\u2019s founder", "said"),
    ("Late on Sunday, the ministry, responding to the report, wrote: \u201cWe are on schedule.\u201d",
     "the ministry", "wrote"),
    ("After a meeting with Karl Berg, the mayor, visibly tired, said: \u201cWe are on schedule.\u201d",
     "the mayor", "said"),
    ("\u201cI have lived here all my life,\u201d Solvang, 54, said.", "Solvang", "said"),
    ("\u201cIt was chaos,\u201d Ruiz, 54, a baker, said.", "Ruiz", "said"),
    ("\u201cWe lost everything,\u201d Ruiz, visibly moved, said.", "Ruiz", "said"),
    ("The minister, asked whether she would resign, said: \u201cNo, I will not.\u201d", "The minister", "said"),
    ("\u201cThe bridge is safe,\u201d the mayor, Karl Berg\u2019s successor, said.", "the mayor", "said"),
    ("On Monday, Karl Berg, the mayor, said: \u201cWe are ready.\u201d", "Karl Berg", "said"),
    ("\u201cThe centre is full,\u201d posters at the station said.", None, None),
])  # fmt: skip
def test_asides_after_an_opening_phrase_ages_and_chains_of_asides(text, speaker, cue):
    """A second adversarial test of the comma-aside rule: an opening adverbial ('On Monday,') is no
    subject with an aside after it, so the participle aside after the real subject is the one skipped
    ('Monday' was the speaker); an age ('Solvang, 54,') and a chain of asides ('Ruiz, 54, a baker,')
    are skipped; a noun that only looks agentive ('posters') describes no speaker."""
    (q,) = _quotes("Budget talks\n\n" + text)
    assert (q.speaker, q.cue) == (speaker, cue)


def test_an_age_given_after_a_name_names_the_person_later_called_by_it():
    (q,) = _quotes("Bakery closes\n\nIngrid Solvang, 46, runs a bakery on the harbour.\n\n\u201cBusiness has never "
                   "been this bad,\u201d said the 46-year-old.")
    assert (q.speaker, q.speaker_is_unnamed) == ("Ingrid Solvang", False)
