"""An outlet or one of its sections named in running text is no person, and never a speaker's
person name: "the VELLO Travel editorial staff" modifies a noun, so it is no apposition, and a
word NER typed as an organisation is not made a person because a mislabelled name holds it, nor
because it speaks ("Tessaly Foods said its profits fell": an organisation speaks too).

The invented snippets are written for these tests (names and wording are made up); the story
of ``../shared/corpora/provenance`` is read at run time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import newstrace
from newstrace.nlp import load_nlp
from newstrace.nlp.parsing import ParsedText

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
STORY_I = SHARED / "corpora" / "provenance" / "i-cnn-cnet-ai-corrections-2023"

_OUTLET_STORY = (
    "Review site retracts travel guides\n\n"
    "Review site VELLO said Tuesday it had withdrawn a number of its guides, including some it "
    "described as \u201cmisleading,\u201d after an internal audit.\n\n"
    "The site's editor, Marit Oyelaran, said VELLO had written 40 guides with the tool since May, as "
    "part of a trial for the VELLO Travel team.\n\n"
    "\u201cEditors checked every claim,\u201d Oyelaran wrote. \u201cAfter one of the guides was cited, "
    "rightly, for errors, VELLO Travel editorial staff did a full audit.\u201d\n\n"
    "VELLO also found other guides with \u201cminor slips such as wrong opening hours.\u201d"
)


def test_a_section_name_before_a_noun_is_no_person():
    art = newstrace.analyze(_OUTLET_STORY)
    persons = {e.canonical for e in art.entities if e.label == "PERSON"}
    assert "VELLO Travel" not in persons
    assert "Marit Oyelaran" in persons


def test_a_section_name_is_not_the_speaker_of_its_outlet_s_words():
    art = newstrace.analyze(_OUTLET_STORY)
    speakers = {q.content: q.speaker for q in art.quotes}
    assert "VELLO Travel" not in speakers.values()
    assert speakers["Editors checked every claim"] == "Marit Oyelaran"


@pytest.mark.skipif(not STORY_I.is_dir(), reason="provenance corpus not available")
def test_an_outlet_typed_org_by_ner_is_never_a_person_in_the_real_story():
    """The new-user case: story i's AI-paraphrased copy had its outlet's money section made a
    person (after "errors, ... editorial staff"), and every mention of the outlet with it."""
    nlp = load_nlp()
    for path in sorted(STORY_I.glob("0*.txt")):
        art = newstrace.analyze(str(path))
        # one-word names the NER typed as organisations at every mention
        labels: dict[str, set[str]] = {}
        for ent in ParsedText(art.text, nlp).doc.ents:
            labels.setdefault(ent.text, set()).add(ent.label_)
        orgs = {w for w, lab in labels.items() if lab == {"ORG"} and " " not in w}
        person_words = {w for e in art.entities if e.label == "PERSON" for w in e.canonical.split()}
        assert not (orgs & person_words), (path.name, orgs & person_words)
        # nor is a speaker a longer name made from one (an outlet's section)
        speakers = {q.speaker for q in art.quotes if q.speaker}
        assert not any(s.split()[0] in orgs and len(s.split()) > 1 for s in speakers), (path.name, speakers)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Norvell Lines said on Monday that it regretted the delays on the northern routes.", "Norvell Lines"),
        ("Tessaly Foods said its profits fell by a third in the year to March.", "Tessaly Foods"),
        ("The Harrow Freight Union said members would strike from Friday.", "Harrow Freight Union"),
    ],
)
def test_an_organisation_that_speaks_stays_an_organisation(text, name):
    """NER's ORG beside a speech verb was made a person ('Goldman Sachs said' too); "it"/"its"
    taking the name up, or "the" before it, says it is an organisation."""
    labels = {e.canonical: e.label for e in newstrace.analyze(f"Harbour news\n\n{text}").entities}
    assert labels.get(name) != "PERSON", labels


def test_a_person_ner_types_as_an_organisation_still_speaks_as_a_person():
    art = newstrace.analyze("Harbour news\n\nBrennor Vask said on Monday that he regretted the delays.")
    assert {e.canonical: e.label for e in art.entities}.get("Brennor Vask") == "PERSON"
