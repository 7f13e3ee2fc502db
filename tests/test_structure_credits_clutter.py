"""Credits the structure stage reads from wire leads and credit lines ("(RTTNews) - ", "Via AP news
wire", "(Source: the AP)"), and page clutter it keeps out of the headline and the body (a newsletter
prompt above the headline, a text generator's "Here is the article content:", the ">>" of a
dateline). Every article here is invented.

A closing sentence of the story that reports what an agency said ("..., the Associated Press
reported.", "according to the Associated Press") credits nothing: only a line that is nothing but
a credit (a sign-off, "Source: AP", "Via Reuters", "This story was reported by The Associated
Press.", "The Associated Press contributed to this report.") does.
"""

from __future__ import annotations

import pytest

from newstrace.pipeline import analyze_document
from newstrace.readers.text import text_document
from newstrace.schema import Source
from newstrace.structure.credit import parse_dateline, signoff_agency, split_run_in_signoff
from newstrace.structure.residue import is_newsletter_prompt, is_rewrite_preamble

HEAD = "Senate backs funding for rural clinics"
LEAD = ("The Senate voted 61 to 39 on Tuesday to keep funding rural clinics for two more years, "
        "ending a week of talks between the parties.")
MORE = "Supporters said the money would keep dozens of small hospitals open, while critics called the price too high."
BODY = LEAD + "\n\n" + MORE


def _read(text: str):
    return analyze_document(text_document(text, Source(path="x.txt", format="text")),
                            stages=("repair", "structure", "language"))


# -- credits -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lead", "credit", "dateline"), [
    ("WASHINGTON (UPI) -- ", "United Press International", "WASHINGTON (UPI)"),
    ("(UPI) -- ", "United Press International", None),
    ("(RTTNews) - ", "RTTNews", None),
    ("NEW YORK (RTTNews) - ", "RTTNews", "NEW YORK (RTTNews)"),
])  # fmt: skip
def test_an_agency_in_parentheses_before_a_dash_is_the_credit(lead, credit, dateline):
    art = _read(HEAD + "\n\n" + lead + BODY)
    assert art.credit == credit
    assert art.dateline == dateline
    assert art.text.startswith("The Senate voted 61 to 39")


@pytest.mark.parametrize(("text", "credit"), [
    (HEAD + "\n\nVia AP news wire\n\n" + BODY, "The Associated Press"),
    (HEAD + "\n\nVia AP news wire. " + BODY, "The Associated Press"),
    (HEAD + "\n\n" + BODY + "\n\nVia Reuters", "Reuters"),
    (HEAD + "\n\n" + BODY + " Via Reuters", "Reuters"),
    (HEAD + "\n\n" + BODY + "\n\n(Source: AP)", "The Associated Press"),
    (HEAD + "\n\n" + BODY + "\n\nSource: the AP)", "The Associated Press"),   # its parenthesis opened on a lost line
    (HEAD + "\n\n" + BODY + "\n\n(Source:\nthe AP)", "The Associated Press"),  # broken over two lines
    (HEAD + "\n\n" + BODY + " (Source: the AP)", "The Associated Press"),      # run into the last paragraph
    (HEAD + "\n\n" + BODY + "\n\nThis story was reported by The Associated Press.", "The Associated Press"),
])  # fmt: skip
def test_a_credit_line_sets_the_credit_and_leaves_the_body(text, credit):
    art = _read(text)
    assert art.credit == credit
    assert art.text == BODY
    assert any(r.reason == "credit-line" for r in art.residue)


@pytest.mark.parametrize("text", [
    # what an agency reported, as a sentence of the story: no credit, the sentence stays
    HEAD + "\n\n" + BODY + "\n\nThe governor's office disputed the figures, the Associated Press reported.",
    HEAD + "\n\n" + LEAD.replace("parties.", "parties, according to the Associated Press.") + "\n\n" + MORE,
    HEAD + "\n\n" + BODY + "\n\nThe figures were sent via Reuters and other wires to the newsrooms.",
    HEAD + "\n\nVia Appia reopens to walkers. " + BODY,  # "Via" in a name, no agency after it
    HEAD + "\n\n" + BODY + "\n\nThe report's source: AP-style surveys of voters in each state.",
])  # fmt: skip
def test_an_agency_named_in_the_story_is_no_credit(text):
    art = _read(text)
    assert art.credit is None
    body = text.split("\n\n", 1)[1]
    assert art.text == body


def test_a_source_parenthesis_is_never_cut_in_two():
    assert split_run_in_signoff("The port shut. (Source: the AP)") == ("The port shut.", "The Associated Press")
    # a parenthesis that names no agency stays whole in the text
    assert split_run_in_signoff("The port shut (source: the harbour master, AP)")[1] is None
    assert signoff_agency("Via AP news wire") == "The Associated Press"
    assert signoff_agency("Reuters reported the figures.") is None


# -- clutter -------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "Stay up to date with the latest news by signing up for our newsletter.",
    "Sign up for our newsletter",
    "Get the latest headlines delivered to your inbox every morning.",
])
def test_a_newsletter_prompt_above_the_headline_is_not_the_headline(prompt):
    art = _read(prompt + "\n\n" + HEAD + "\n\n" + BODY)
    assert art.headline == HEAD
    assert art.text == BODY


def test_a_newsletter_prompt_in_the_body_is_residue():
    art = _read(HEAD + "\n\n" + LEAD + "\n\nStay up to date with the latest news by signing up for our newsletter.\n\n" + MORE)
    assert art.text == BODY


@pytest.mark.parametrize("line", [
    "Stay calm and stay indoors, the mayor told residents on Tuesday.",
    "Subscribers to the council newsletter were told on Monday that fees would rise.",
])
def test_a_sentence_about_staying_or_newsletters_stays(line):
    assert not is_newsletter_prompt(line)
    art = _read(HEAD + "\n\n" + LEAD + "\n\n" + line + "\n\n" + MORE)
    assert line in art.text


@pytest.mark.parametrize("preamble", ["Here is the article content:", "Here is the rewritten article:",
                                      "Sure! Here's the rewritten version of the news article:"])
def test_a_rewrite_preamble_is_residue(preamble):
    art = _read(HEAD + "\n\n" + preamble + "\n\n" + BODY)
    assert art.headline == HEAD and art.text == BODY
    assert any(r.reason == "rewrite-preamble" for r in art.residue)
    art = _read(preamble + "\n\n" + HEAD + "\n\n" + BODY)  # above the headline
    assert art.headline == HEAD and art.text == BODY


@pytest.mark.parametrize("para", [
    '"Here is the deal: we pay now or we pay later," said Senator Ana Ruiz.',
    "Here is the problem: the clinics cannot hire enough nurses.",
    "Here is the list of clinics that will stay open:",  # a colon before a list, but no text named
])
def test_a_sentence_opening_with_here_is_stays(para):
    assert not is_rewrite_preamble(para)
    art = _read(HEAD + "\n\n" + para + "\n\n" + BODY)
    assert art.text.startswith(para)


def test_a_double_angle_dateline():
    art = _read(HEAD + "\n\nWASHINGTON >> " + BODY)
    assert art.dateline == "WASHINGTON"
    assert art.text == BODY
    assert parse_dateline("WASHINGTON (AP) >> The Senate voted.").credit == "The Associated Press"


@pytest.mark.parametrize("para", [
    "The clinic's sign read: Open >> Walk in, and patients lined up before dawn.",
    "Open >> Walk in, the sign on the clinic door read on Tuesday.",
    "a>>b was how the engineers wrote the shift in their notes.",
])
def test_a_double_angle_inside_text_stays(para):
    art = _read(HEAD + "\n\n" + para + "\n\n" + BODY)
    assert art.dateline is None
    assert art.text.startswith(para)


def test_a_quoted_prompt_and_a_copyright_block_are_read_as_before():
    quoted = '"Sign up for our flood alerts and stay indoors," the mayor told residents on Tuesday.'
    assert not is_newsletter_prompt(quoted)
    assert quoted in _read(HEAD + "\n\n" + LEAD + "\n\n" + quoted + "\n\n" + MORE).text
    art = _read(HEAD + "\n\n" + BODY + "\n\nCopyright 2026 The Associated Press.\nAll rights reserved.")
    assert art.credit == "The Associated Press" and art.text == BODY
    assert any(r.reason == "copyright-line" for r in art.residue)


def test_a_via_line_under_the_byline_is_the_credit():
    art = _read(HEAD + "\n\nBy Ana Ruiz\n\nVia AP news wire\n\n" + BODY)
    assert art.credit == "The Associated Press" and art.byline == ["Ana Ruiz"]
    assert art.text == BODY


@pytest.mark.parametrize(("closing", "byline", "credit"), [
    ("\u2014 The Associated Press contributed to this report.", [], "The Associated Press"),
    # names no agency: its people are the byline, no agency is guessed from the style of the line
    ("(Reporting by Ana Ruiz; Editing by Bo Ek)", ["Ana Ruiz"], None),
])  # fmt: skip
def test_a_closing_credit_paragraph_leaves_the_body(closing, byline, credit):
    art = _read(HEAD + "\n\n" + BODY + "\n\n" + closing)
    assert art.text == BODY
    assert art.byline == byline and art.credit == credit


def test_a_source_label_in_the_lead_is_no_credit():
    # a chart's source under the second paragraph: not the story's credit, and the line is not moved
    art = _read(HEAD + "\n\n" + LEAD + "\n\nSource: Reuters\n\n" + MORE + "\n\nThe vote came after midnight.\n\n"
                "The House takes up the bill next week.\n\nClinic staff welcomed the vote.\n\nThe governor did not comment.\n\n"
                "Talks on a wider bill resume in March.")
    assert art.credit is None


def test_a_link_line_with_its_source_in_parentheses():
    art = _read(HEAD + "\n\n" + BODY + "\n\nLINK (via Reuters)")
    assert art.credit == "Reuters" and art.text == BODY
