"""Changes of a machine-translated copy (an English round trip) against its origin, on invented articles.

A machine translation rewords every sentence, reorders clauses, spells out titles and turns a
demonym into a place ("the Norvian coast" -> "the approximate coast of Norvia"). A reader of the
changes wants the figures that changed, and no omission, addition or renamed person where the copy
only reworded a sentence.
"""

from __future__ import annotations

from newstrace.provenance import trace
from newstrace.provenance.text import is_abbreviation, is_inflection
from newstrace.schema import Article, Source

ORIGIN = (
    "A modest hostel on a rutted street in the Norvian border town of Elsk has become home to 30 coast guard "
    "sailors who abandoned their posts last week.\n\n"
    "The young sailors sleep on thin mats on the floor while their wet boots dry on a balcony.\n\n"
    "Over 410 members of the coast guard, most of them junior, deserted in five days, according to Norvian "
    "border officials.\n\n"
    "With no relatives in the town, dozens of them ended up at a shelter run by a parish priest.\n\n"
    "As tensions rose on Friday, fishermen blocked the harbour entrance with their trawlers.\n\n"
    "Sgt. Piet Van Arle said his commanders had ordered the crews to fire warning shots at the trawlers.\n\n"
    "The priest said his shelter would stay open until the sailors' asylum requests were decided.")
COPY = (
    "A simple hostel in a bumpy street in the town of Elsk, on the approximate border of Norvia, has become "
    "home to 30 coast guard sailors who left their posts last week.\n\n"
    "The young seamen rest on thin mattresses on the ground, while on a balcony their soaked boots are drying.\n\n"
    "According to statements by Norvian border agents, More than 350 people in uniform, mostly of lower "
    "rank, fled within two days.\n\n"
    "With no family in the town, dozens of them went to a shelter run by a parish priest.\n\n"
    "As the situation heated up on Friday, the fishermen obstructed the entry of the port with their boats.\n\n"
    "Sergeant Piet Van Arle declared that his chiefs had ordered the crews to shoot warning shots against "
    "the trawlers.\n\n"
    "The priest said her shelter would remain open until the asylum requests of the sailors were. decided.")


def _article(aid: str, text: str, published: str) -> Article:
    return Article(id=aid, source=Source(path=f"{aid}.txt", format="text"), text=text, language="en",
                   published=published)


def _derivation():
    (d,) = trace([_article("origin", ORIGIN, "2024-05-02"), _article("copy", COPY, "2024-05-03")])
    assert (d.copy_id, d.origin_id) == ("copy", "origin")
    return d


def test_a_sentence_whose_figures_and_wording_changed_is_a_number_change():
    """Every figure differs, so the sentence falls under the gap threshold once its numbers weigh
    against it; between two aligned neighbours it is still the sentence that changed them."""
    numbers = [c for c in _derivation().changes if c.kind == "number"]
    assert len(numbers) == 1, numbers
    assert "Over 410" in numbers[0].origin_text and "More than 350" in numbers[0].copy_text
    assert numbers[0].detail.startswith("410 members, 5 days -> 350 people, 2 days"), numbers[0].detail


def test_the_one_sentence_between_aligned_neighbours_is_reworded_not_omitted_and_added():
    d = _derivation()
    assert not [c for c in d.changes if c.kind in ("omission", "addition")], \
        [(c.kind, c.origin_text) for c in d.changes if c.kind in ("omission", "addition")]
    reworded = [c for c in d.changes if c.kind == "reworded" and "tensions rose" in c.origin_text]
    assert len(reworded) == 1 and "situation heated up" in reworded[0].copy_text


def test_a_spelled_out_title_and_a_demonym_turned_place_are_no_name_changes():
    names = [(c.origin_text, c.copy_text) for c in _derivation().changes if c.kind == "name"]
    assert names == [], names


def test_pronoun_swaps_and_broken_sentences_make_it_machine_translated():
    """A pronoun of another gender in its place ("his shelter" -> "her shelter"), a lower-case word after
    a full stop ("were. decided") and a capital after a comma ("agents, More than") are traces of a
    round trip through another language; a fluent human rewrite has none of them."""
    d = _derivation()
    assert d.kind == "machine-translated", d.kind
    fluent = COPY.replace("her shelter", "his shelter").replace("were. decided", "were decided")
    (d2,) = trace([_article("origin", ORIGIN, "2024-05-02"), _article("copy", fluent, "2024-05-03")])
    assert d2.kind != "machine-translated", d2.kind


def test_abbreviation_and_inflection_rules():
    assert is_abbreviation("Sgt.", "Sergeant") and is_abbreviation("Gov", "governor")
    assert not is_abbreviation("Ann", "Anton") and not is_abbreviation("Sgt", "Sgts")
    assert is_inflection("norvia", "norvian") and not is_inflection("torres", "torrez")


SPANISH = (
    "El alcalde de Puerto Calder, Ramón Etxeberria, anunció el martes que 2.300 vecinos del barrio de "
    "Lower Harbor fueron evacuados tras la crecida del río Vessa.\n\n"
    "Según la autoridad regional del agua, el río alcanzó 6,4 metros en Puerto Calder, casi un metro por "
    "encima del récord de 1987.\n\n"
    "Etxeberria recorrió en barca los barrios inundados junto a la ingeniera Tomasa Reyes y prometió 14 "
    "albergues en escuelas.\n\n"
    "La enfermera Nadia Okafor contó a Radio Calder que cruzó el agua con sus dos hijos hasta el gimnasio "
    "del instituto Ferrand.\n\n"
    "El gobierno regional pidió ayuda al ejército y abrió una investigación sobre las sirenas de Lower "
    "Harbor, que no sonaron el domingo.")
ENGLISH_MT = (
    "The mayor of Puerto Calder, Ramón Etxeberria, announced Tuesday that 2,300 neighbours of the Lower "
    "Harbor district were evacuated after the flood of the Vessa river. sources.\n\n"
    "According to the regional water authority, the river reached 6.4 meters in Puerto Calder, almost one "
    "meter above the record of 1987.\n\n"
    "Etxeberria toured by boat the flooded neighbourhoods with the engineer Tomasa Reyes and promised 14 "
    "shelters in schools. her.\n\n"
    "The nurse Nadia Okafor told Radio Calder that she crossed the water with her two sons until the gym "
    "of the Ferrand institute, And They arrived at night.\n\n"
    "The regional government asked the army for help and opened an investigation about the sirens of Lower "
    "Harbor, which did not sound on Sunday.")


def _lang(aid, text, language, published):
    return Article(id=aid, source=Source(path=f"{aid}.txt", format="text"), text=text, language=language,
                   published=published)


def test_an_english_machine_translation_of_a_foreign_article_is_machine_translated():
    """Across languages the kind is "translation", unless the English copy reads as machine output on
    its own (lower-case words after a full stop, a capital inside a sentence): issue 3 calls a
    machine translation into English "machine-translated". A fluent English version stays a translation."""
    (d,) = trace([_lang("es", SPANISH, "es", "2024-03-12"), _lang("en", ENGLISH_MT, "en", "2024-03-13")])
    assert (d.copy_id, d.origin_id, d.kind) == ("en", "es", "machine-translated"), (d.copy_id, d.kind)
    fluent = ENGLISH_MT.replace(" sources.", "").replace(" her.", "").replace(", And They arrived at night", "")
    (d2,) = trace([_lang("es", SPANISH, "es", "2024-03-12"), _lang("en2", fluent, "en", "2024-03-13")])
    assert (d2.copy_id, d2.kind) == ("en2", "translation"), (d2.copy_id, d2.kind)


def test_a_figure_in_two_sentences_the_copy_merged_is_a_changed_figure():
    """A full stop followed by a lower-case word ("per cent. it rejected") joins two sentences in the
    copy; the origin's second sentence then aligns to nothing. Its figure, changed in the copy, is
    "412 -> 421", not "number added: 421" with the origin's 412 gone unmentioned."""
    origin = ("Tram drivers in Calder voted on Monday to strike for 48 hours next week, their union said.\n\n"
              "The union said 412 of its members took part in the ballot. The operator rejected the pay claim "
              "as unaffordable in a statement.\n\n"
              "Services on all five lines would stop from Tuesday morning, the operator said.")
    copy = ("Tram drivers in Calder voted Monday to go on strike for 48 hours next week, their union said.\n\n"
            "The union said 421 of its members took part in the ballot. the operator rejected the pay claim as "
            "unaffordable in a statement.\n\n"
            "Services on all five lines would stop from Tuesday morning, the operator said.")
    (d,) = trace([_article("origin", origin, "2024-05-02"), _article("copy", copy, "2024-05-03")])
    numbers = [c.detail for c in d.changes if c.kind == "number"]
    assert numbers == ["412 -> 421"], numbers


def test_doubled_words_alone_are_no_machine_translation():
    """A wire editor's "the the" repeats in every copy, and a spinner can swap a word into its
    neighbour's synonym: two doubled words made a generated spun copy of a Reuters story
    "machine-translated". They count once; another trace must come with them."""
    from newstrace.provenance.derive import machine_translation_evidence

    assert not machine_translation_evidence(["word doubled", "word doubled"])
    assert machine_translation_evidence(["word doubled", "lower-case word after a full stop"])


def test_a_copy_that_only_slants_an_attribution_verb_is_edited():
    """Word for word but for "said" -> "conceded": the copy put slant into a prose sentence, an edit."""
    copy = ORIGIN.replace("Sgt. Piet Van Arle said", "Sgt. Piet Van Arle conceded")
    assert copy != ORIGIN
    (d,) = trace([_article("origin", ORIGIN, "2024-05-02"), _article("copy", copy, "2024-05-03")])
    assert [c.kind for c in d.changes if c.kind == "slant"] == ["slant"]
    assert d.kind == "edited", d.kind


def test_a_pronoun_of_another_gender_is_a_reworded_change():
    """"The minister said she would resign" -> "... he would resign": the copy speaks of another
    person, or misgenders one (machine translation does); a pronoun swap was dropped as a function word."""
    copy = ORIGIN.replace("The priest said his shelter", "The priest said her shelter")
    (d,) = trace([_article("origin", ORIGIN, "2024-05-02"), _article("copy", copy, "2024-05-03")])
    details = [c.detail for c in d.changes if c.kind == "reworded"]
    assert any("'his' -> 'her'" in x for x in details), details


#: Invented: a word-for-word English rendering of a Spanish wire story ("el martes", "de 54 años",
#: "más de 4.300"), and the English story it came from.
_CALQUE_ORIGIN = ("A landslide buried the only road to the mountain town of Velm on Tuesday, cutting off more "
                  "than 4,300 residents after three days of heavy rain, regional officials said.\n\n"
                  "Rescue teams reached the edge of the slide by late afternoon but could not cross it, said Marta "
                  "Okon, head of the regional civil protection agency.\n\n"
                  "At least 12 homes were destroyed and 37 people were taken to hospital, the agency said.\n\n"
                  "Residents posted videos of mud reaching the windows of houses on the lower slope. \"It came down "
                  "like a wave,\" said shopkeeper Ilse Varg, 54.")
_CALQUE_COPY = ("A slide of land buried the only road to the mountain town of Velm the Tuesday, cutting off more "
                "of 4,300 residents after three days of strong rain, said the regional officials.\n\n"
                "The teams of rescue arrived to the edge of the slide for the late afternoon but could not cross "
                "it, said Marta Okon, head of the regional agency of civil protection.\n\n"
                "At least 12 houses were destroyed and 37 persons were carried to the hospital, said the agency.\n\n"
                "The residents published videos of mud arriving to the windows of houses in the lower slope. \"It "
                "came down like a wave,\" said the shopkeeper Ilse Varg, of 54 years.")


def test_calques_of_a_romance_language_read_as_machine_translation():
    """"the Tuesday", "more of 4,300", "of 54 years": a word-for-word rendering reads as machine
    output on its own, so of two siblings it is never the reference the other is read against,
    however much longer it runs (a new-user test's copy was the reference: the fuller text)."""
    from newstrace.provenance.derive import _reads_machine_translated, machine_translation_traces
    from newstrace.provenance.text import analyse_text

    traces = machine_translation_traces(analyse_text(_CALQUE_COPY))
    assert traces == {"article before a weekday": 1, "'more of' before a figure": 1, "age as 'of N years'": 1}
    assert _reads_machine_translated(analyse_text(_CALQUE_COPY))
    assert not _reads_machine_translated(analyse_text(_CALQUE_ORIGIN))
    origin, copy = Article(id="o", text=_CALQUE_ORIGIN, language="en"), Article(id="c", text=_CALQUE_COPY, language="en")
    (d,) = trace([origin, copy])  # no dates: the calques give the direction
    assert (d.copy_id, d.origin_id, d.kind) == ("c", "o", "machine-translated")
    # dated a day before the origin: no clear direction, and the copy is still read against the origin
    (d,) = trace([origin.model_copy(update={"published": "2024-05-03"}),
                  copy.model_copy(update={"published": "2024-05-02"})])
    assert (d.copy_id, d.origin_id, d.sibling_ids, d.kind) == ("c", None, ["o"], "machine-translated")
    assert d.direction_evidence[-1].endswith("the other reads as machine translation on its own (translation artefacts)")


def test_of_two_siblings_the_one_published_first_is_the_reference_before_the_fuller_one():
    """Two copies crediting one agency are siblings whatever their dates; the later one, which added a
    hedge and a clause, is read against the earlier, not the other way round because it is longer (a
    new-user test read the earlier text as removing what the later copy added)."""
    from newstrace.provenance.derive import sibling_reference
    from newstrace.provenance.text import analyse_text

    early = _article("early", ORIGIN, "2024-05-02")
    late_text = ORIGIN.replace("has become home to 30", "has reportedly become home to some 30").replace(
        "last week.", "last week, after a storm that local fishermen described as the worst in decades.")
    late = _article("late", late_text, "2024-05-03")
    sa, sb = analyse_text(early.text), analyse_text(late.text)
    from newstrace.provenance.align import align

    al = align(sa, sb)
    a_ref, why = sibling_reference(early, late, sa, sb, al, 0)
    assert a_ref and why == "the reference was published first (2024-05-02)"
    undated = early.model_copy(update={"published": None})
    a_ref, why = sibling_reference(undated, late, sa, sb, al, 0)
    assert not a_ref and why == "the reference is dated (2024-05-03), the other not"
    a_ref, why = sibling_reference(undated, late.model_copy(update={"published": None}), sa, sb, al, 0)
    assert not a_ref and why.startswith("the reference is the fuller text")
