"""A teaser that repeats one lead paragraph under its own headline is an excerpt; one statement quoted
word for word in two otherwise different reports is not a copy. Invented texts."""

from __future__ import annotations

from newstrace.provenance import compare
from newstrace.schema import Article, Source, text_id

_LEAD = ("Engineers ordered 4,800 residents to leave their homes below the Harrow dam on Tuesday after "
         "inspectors found a crack about 14 meters long in its concrete spillway, the regional water authority said.")
_FULL = [_LEAD,
         "The water authority said the reservoir would be lowered by two meters over the next three days to "
         "relieve pressure on the spillway while divers examine the crack.",
         '"We are not taking any chances with people\'s lives," said the authority\'s chief engineer, Mara Voss.',
         "Buses took about 600 people without cars to a sports hall in the nearby town of Lisk, where the "
         "Red Cross set up beds and a kitchen.",
         "The dam, built in 1961, was last inspected in 2023, when no damage was found."]
_STATEMENT = ('"At about 9pm on Saturday officers were called to a disturbance on Quay Street, where a man in his '
              'twenties was found with stab wounds; he was taken to hospital, where his condition is stable, and a '
              '31-year-old man has been arrested," a police spokesperson said.')


def _article(aid: str, headline: str, paragraphs: list[str], url: str) -> Article:
    text = "\n\n".join(paragraphs)
    return Article(id=text_id(headline + "\n" + text), headline=headline, text=text, language="en",
                   source=Source(path=f"{aid}.txt", format="text", url=url))


def test_a_teaser_repeating_the_lead_paragraph_is_linked_as_an_excerpt():
    full = _article("full", "Thousands told to leave homes below cracked Harrow dam", _FULL,
                    "https://wire.example.com/harrow-dam")
    teaser = _article("teaser", "Read this before you travel north this week", [_LEAD], "https://links.example.net/harrow")
    derivation, p = compare(teaser, full)
    assert derivation is not None and p >= 0.5
    assert derivation.copy_id == teaser.id and derivation.copy_coverage >= 0.8


def test_one_statement_quoted_in_two_different_reports_is_no_copy():
    first = _article("a", "Man stabbed on Quay Street", [
        "A man was stabbed on Quay Street on Saturday night, the second knife attack in the harbour district "
        "this month.", _STATEMENT,
        "Shopkeepers on the street said they had asked the council for better lighting after a robbery in May.",
        "The harbour district's councillor, Ines Brand, said she would raise the attacks at Monday's meeting."],
        "https://harbourpost.example.com/quay-stabbing")
    second = _article("b", "Arrest after Quay Street knife attack", [
        "Police have arrested a 31-year-old man after a stabbing in the city centre late on Saturday.", _STATEMENT,
        "Witnesses told this newspaper they heard shouting outside a bar shortly before nine o'clock.",
        "Quay Street was closed to traffic until Sunday morning while forensic officers searched the area."],
        "https://citydaily.example.org/knife-arrest")
    derivation, p = compare(first, second)
    assert derivation is None and p < 0.5


def test_a_read_the_full_story_line_is_kept_out_of_the_teaser_body():
    """"Read the full story at ..." is the teaser's link line, not its text: residue, so the lead paragraph
    is the whole teaser (its share decides the excerpt link)."""
    from newstrace import analyze

    art = analyze("Read this before you travel north this week\n\n" + _LEAD + "\n\nRead the full story at the Harrow Herald.")
    assert art.text == _LEAD
    assert [r.text for r in art.residue] == ["Read the full story at the Harrow Herald."]
