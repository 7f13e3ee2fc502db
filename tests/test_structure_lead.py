"""The lead of an article: datelines with a plain dash, bylines set below the standfirst, "Author X"
labels, editors' signatures, dates written in other languages, and a word glued to a proper noun.

Real data: the provenance corpus (read from ../shared at run time) and Reuters-21578 raw
bodies (do no harm). The invented examples are written for these tests.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from newstrace.corpora.reuters import iter_reuters
from newstrace.pipeline import Context, analyze_document
from newstrace.readers import read_path
from newstrace.repair.config import RepairConfig
from newstrace.repair.glued import split_camel, split_glued_words
from newstrace.schema import Article
from newstrace.structure import structure_article
from newstrace.structure.byline import parse_byline, parse_signature_line
from newstrace.structure.credit import parse_dateline
from newstrace.structure.dates import find_dates

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"


def structured(text: str) -> Article:
    return structure_article(Article(raw_text=text), text, {})


def corpus_file(story: str, prefix: str) -> Article:
    path = next(iter(sorted((PROVENANCE).glob(f"{story}-*/{prefix}*.txt"))))
    return analyze_document(next(iter(read_path(path))), Context(), stages=("repair", "structure"))


# --- datelines ------------------------------------------------------------------------------


@pytest.mark.parametrize("para, text", [
    ("CALDERPORT, Westmark \u2014 The harbour reopened on Monday.", "CALDERPORT, Westmark"),
    ("CALDERPORT, Westmark -- The harbour reopened on Monday.", "CALDERPORT, Westmark"),
    ("CALDERPORT \u2013 The harbour reopened on Monday.", "CALDERPORT"),
    ("Calderport, March 3 - The harbour reopened on Monday.", "Calderport, March 3"),
])
def test_datelines_with_a_plain_dash(para, text):
    assert parse_dateline(para).text == text


@pytest.mark.parametrize("para", [
    "NATO \u2014 the alliance said on Monday that it would meet.",
    "BREAKING \u2014 A fire closed the harbour road on Monday.",
    "Calderport \u2014 The harbour reopened on Monday.",  # a title-case word with no date or agency
    "Residents said on Monday -- or so it seemed -- that the road was shut.",
])
def test_sentences_with_a_dash_are_not_datelines(para):
    assert parse_dateline(para) is None


def test_dateline_below_a_caption_is_found_and_the_caption_stays():
    doc = ("Harbour reopens after storm\n\n"
           "A crane lifts a fishing boat back into the water at Calderport on Sunday. (Ann Lee/Courier)\n\n"
           "CALDERPORT, Westmark \u2014 The harbour reopened on Monday after three days of storms, the port said.\n\n"
           "Fishing boats left at dawn.")
    art = structured(doc)
    assert art.dateline == "CALDERPORT, Westmark"
    assert art.text.split("\n\n")[0].startswith("A crane lifts")
    assert art.text.split("\n\n")[1].startswith("The harbour reopened")


def test_no_dateline_below_the_lead_for_headings_or_digests():
    heading = structured("Polls\n\nThe polls closed on time across the county, officials said.\n\n"
                         "COUNTY POLLS NOT WRONG, JUST EARLY - Two analysts said on Tuesday that the polls ended "
                         "too early to catch the late swing.")
    assert heading.dateline is None
    digest = structured("Briefs\n\nThe harbour board met on Monday and approved the budget for the year.\n\n"
                        "CALDERPORT - The ferry company said on Monday that fares would stay the same next year.\n\n"
                        "BRACKMOOR - The town council said on Monday that the coast road would reopen in May.")
    assert digest.dateline is None


@pytest.mark.parametrize("prefix", ["01", "02"])
def test_corpus_datelines_with_dash_below_captions(prefix):
    """Story h: the original (em dash, under two captions and a placeholder) and a copy ("--")."""
    art = corpus_file("h", prefix)
    assert art.dateline == "CARACAS, Venezuela"
    assert not art.text.startswith("CARACAS")


# --- bylines --------------------------------------------------------------------------------


def test_labelled_byline_paragraph_in_the_lead_is_taken():
    paras = ["The harbour reopened on Monday after three days of storms.",
             "Fishing boats left at dawn, and the ferry sailed at noon.",
             "The port said damage to the pier would take a month to repair.",
             "Traders said prices at the fish market had doubled during the closure.",
             "Calm after the storm",
             "By Ann Lee, Calder Courier, in Calderport",
             "We met the harbour master on the pier as the first boats came back.",
             "He said the storm was the worst he had seen in thirty years.",
             "The port expects a busy week.", "Repairs start on Friday.", "The ferry runs daily."]
    art = structured("Harbour reopens\n\n" + "\n\n".join(paras))
    assert art.byline == ["Ann Lee"]
    assert art.outlet == "Calder Courier"
    assert "By Ann Lee" not in art.text


def test_sentences_and_late_lines_starting_with_by_stay_in_the_body():
    paras = [f"Paragraph {n} of the story says something about the harbour." for n in range(14)]
    paras[6] = "By Monday, the harbour was open again."
    paras[13] = "By Ann Lee"  # far down a long story, not in the lead (nor tail: the tail zone is 6)
    paras.append("The end of the story, with more words than a fragment has.")
    paras += [f"Closing paragraph {n} of the story about the harbour." for n in range(6)]
    art = structured("Harbour\n\n" + "\n\n".join(paras))
    assert art.byline == []
    assert "By Monday, the harbour was open again." in art.text


@pytest.mark.parametrize("line, names", [
    ("Author JDoe", ["JDoe"]),
    ("Author Ann Lee", ["Ann Lee"]),
    ("Author ann_lee77", ["ann_lee77"]),
    ("Author Interview", None),
    ("Author admin", None),
    ("Author Reuters", None),
])
def test_author_label_without_colon(line, names):
    byline = parse_byline(line)
    assert (byline.names if byline else None) == names


@pytest.mark.parametrize("line, names", [
    ("Ann Lee / ab", ["Ann Lee"]),
    ("Ann Lee aus Calderport / ab, cd", ["Ann Lee"]),
    ("Ana Lima Souto da Calderia / xy", ["Ana Lima Souto"]),
    ("Ana da Costa / xy", ["Ana da Costa"]),
    ("Prices rose / fell", None),
    ("km / h", None),
])
def test_editor_signature_line(line, names):
    byline = parse_signature_line(line)
    assert (byline.names if byline else None) == names


def test_corpus_bylines_below_standfirst_author_label_and_signature():
    bbc = corpus_file("c", "01")  # "By <name>, BBC News, in <place>" after a subheading
    # the page is another site's (its URL): BBC News is the story's credit, not the page's publisher
    assert bbc.byline == ["Orla Guerin"] and bbc.credit == "BBC News" and bbc.outlet is None
    assert "BBC News, in" not in bbc.text
    assert corpus_file("c", "04").byline == ["BReed"]  # "Author BReed"
    dw = corpus_file("k", "02")  # "<name> da Colômbia / av" over "24 de agosto de 2018"
    assert dw.byline == ["Ofelia Harms Arruti"]
    assert dw.published == "2018-08-24"


# --- dates in other languages ---------------------------------------------------------------


@pytest.mark.parametrize("text, iso", [
    ("24 de agosto de 2018", "2018-08-24"),
    ("1º de março de 2020", "2020-03-01"),
    ("12 de diciembre del 2019", "2019-12-12"),
    ("3 mars 2019, 14:05", "2019-03-03T14:05"),
    ("12. November 2015 / 13:48", "2015-11-12T13:48"),
    ("7 maggio 2021", "2021-05-07"),
])
def test_day_first_dates_in_other_languages(text, iso):
    assert [d.local_iso() for d in find_dates(text)] == [iso]


def test_month_words_without_a_day_and_year_are_no_dates():
    assert find_dates("Em agosto, o mar subiu 20 de 2018 casas.") == []


# --- a word glued to a proper noun ----------------------------------------------------------


def test_word_glued_to_a_proper_noun_is_split():
    text = ("The convoy turned towardCalderia at noon. Calderia closed its border on Sunday, "
            "and a reader wrote to @towardCalderia about it.")
    edits = split_glued_words(text, RepairConfig())
    assert [(text[e.start:e.end], e.after) for e in edits] == [("towardCalderia", "toward Calderia")]
    assert split_camel("palmOne", {"One", "one"}, RepairConfig()) is None  # a common word, not a name
    assert split_camel("eBay", {"Bay"}, RepairConfig()) is None


def test_corpus_glued_proper_noun_and_no_harm_on_reuters():
    art = corpus_file("p", "03")
    assert ("towardVenezuela", "toward Venezuela") in [(r.before, r.after) for r in art.repairs]
    assert "toward Venezuela" in art.text
    cfg = RepairConfig()
    camel = [e.after for s in islice(iter_reuters(SHARED / "corpora" / "reuters21578"), 3000)
             for e in split_glued_words(s.title + "\n\n" + s.body, cfg) if "capitalised word" in e.evidence]
    assert camel == []
