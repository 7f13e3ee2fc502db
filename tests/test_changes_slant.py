"""Slant a copy inserted (framing labels, loaded attribution verbs) and quotations given to another speaker."""

from __future__ import annotations

import pytest

from newstrace.provenance.changes import find_changes
from newstrace.provenance.rewording import word_changes
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article


def _changes(copy: str, origin: str) -> list[str]:
    """``kind: detail`` of the word-level changes of two invented aligned sentences."""
    return [f"{c.kind}: {c.detail}" for c in word_changes(analyse_sentence(copy), analyse_sentence(origin))]


# invented text, written for these tests
@pytest.mark.parametrize(("verb", "loaded"), [
    ("said", "claimed"), ("said", "admitted"), ("said", "insisted"), ("says", "alleges"), ("said", "conceded"),
    ("said", "confessed"), ("said", "boasted"), ("told", "admitted to"),
])  # fmt: skip
def test_a_loaded_attribution_verb_next_to_the_same_speaker_is_slant(verb, loaded):
    origin = f"Mayor Ilse Varga {verb} reporters the budget would be balanced by spring."
    copy = f"Mayor Ilse Varga {loaded} reporters the budget would be balanced by spring."
    first = loaded.split()[0]
    assert f"slant: attribution verb {verb!r} -> {first!r}" in _changes(copy, origin)


def test_a_loaded_verb_after_the_quotation_and_a_pronoun_speaker():
    origin = "\u201cWe kept every promise,\u201d she said on Tuesday."
    copy = "\u201cWe kept every promise,\u201d she boasted on Tuesday."
    assert _changes(copy, origin) == ["slant: attribution verb 'said' -> 'boasted'"]


@pytest.mark.parametrize(("origin", "copy"), [
    # another speaker: no stance on the same one
    ("Mayor Ilse Varga said the budget was sound.", "Councillor Petr Dunai claimed the budget was sound."),
    # a speaker's own word inside a quotation is no slant
    ("\u201cThey said it was over,\u201d Varga said.", "\u201cThey claimed it was over,\u201d Varga said."),
    # one neutral verb for another
    ("Mayor Ilse Varga said the budget was sound.", "Mayor Ilse Varga told the budget was sound."),
])  # fmt: skip
def test_no_attribution_slant(origin, copy):
    assert not any(c.startswith("slant: attribution") for c in _changes(copy, origin))


@pytest.mark.parametrize("label", ["Disgraced", "Embattled", "Notorious", "Self-styled", "Infamous", "Firebrand"])
def test_a_framing_label_inserted_before_a_name_is_slant(label):
    origin = "Former minister Anton Kessel returned to the capital on Friday."
    copy = f"{label} former minister Anton Kessel returned to the capital on Friday."
    assert f"slant: inserted {label!r}" in _changes(copy, origin)


def test_an_accented_slant_term_is_read_folded():
    origin = "Muchos huyeron de las represalias del gobierno y del hambre."
    copy = "Muchos huyeron de las represalias del régimen y del hambre."
    assert "slant: inserted 'régimen'" in _changes(copy, origin)


def test_a_quotation_given_to_another_speaker_is_a_quote_change():
    """The copy gives the engineer's words to the minister, whom the origin names in another sentence."""
    origin = ["Minister Lars Brandvold visited the dam on Monday.",
              "\u201cThe dam was never inspected,\u201d Okonjo told reporters at the site."]
    copy = ["Minister Lars Brandvold visited the dam on Monday.",
            "\u201cThe dam was never inspected,\u201d Brandvold told reporters at the site."]
    sc, so = [analyse_sentence(t) for t in copy], [analyse_sentence(t) for t in origin]
    art_c, art_o = Article(id="c", text=" ".join(copy), language="en"), Article(id="o", text=" ".join(origin), language="en")
    changes = find_changes(art_c, art_o, sc, so, [(0, 0, 1.0), (1, 1, 0.9)])
    assert [(c.kind, c.detail) for c in changes] == [
        ("quote", "quotation attributed to another speaker: Okonjo -> Brandvold")]
    # the same speaker's name rendered otherwise (nobody else of that name in the origin): one person renamed
    changes = find_changes(art_c, art_o, sc[1:], so[1:], [(0, 0, 0.9)])
    assert [(c.kind, c.detail) for c in changes] == [("name", "name altered")]


def test_a_renamed_name_that_speaks_no_quotation_stays_a_name_change():
    origin = "The engineers met Okonjo at the site on Monday, officials said."
    copy = "The engineers met Brandvold at the site on Monday, officials said."
    assert _changes(copy, origin) == ["name: name altered"]
    # the quotation itself rewritten: not the same quotation given to another speaker
    origin = "\u201cThe dam was never inspected,\u201d Okonjo told reporters at the site."
    copy = "\u201cNobody should build near rivers again,\u201d Brandvold told reporters at the site."
    assert not any("another speaker" in c for c in _changes(copy, origin))


def test_a_loaded_attribution_verb_made_neutral_is_slant_too():
    origin = "Mayor Ilse Varga claimed the budget would be balanced by spring."
    copy = "Mayor Ilse Varga said the budget would be balanced by spring."
    assert _changes(copy, origin) == ["slant: attribution verb 'claimed' -> 'said'"]


def test_a_quotation_given_to_another_person_named_after_the_verb_is_a_quote_change():
    """'"...," said Anja Holm, 34' -> '"...," said Petra Lindahl' (a person the article names elsewhere):
    the speaker follows the verb and is replaced with her age, a span of several words, which was
    read as "name differs" (a second new-user test). Invented article."""
    from newstrace.provenance import trace
    from newstrace.schema import Article, Source

    origin = ("Harbour pilots in Calder refused to guide tankers into the basin on Monday, their union said.\n\n"
              "\"We will not put our crews at risk while the sea wall is broken,\" said Anja Holm, 34, a pilot "
              "for 12 years.\n\n"
              "Petra Lindahl, the harbour master, said the basin would reopen once engineers had inspected it.\n\n"
              "The regional authority said repairs would take at least three months and cost 40 million euros.")
    copy = origin.replace("said Anja Holm, 34, a pilot", "said Petra Lindahl, a pilot")
    arts = [Article(id="o", source=Source(path="o.txt"), text=origin, language="en", published="2024-05-02"),
            Article(id="c", source=Source(path="c.txt"), text=copy, language="en", published="2024-05-03")]
    (d,) = trace(arts)
    assert [(c.kind, c.detail) for c in d.changes] == [
        ("quote", "quotation attributed to another speaker: Anja Holm, 34 -> Petra Lindahl")]
