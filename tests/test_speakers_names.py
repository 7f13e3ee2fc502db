"""Speaker names: the person without titles ('Lt. Col. Ada Lund' -> 'Ada Lund'; the Quote schema has
no title field), and a surname the NER typed as a place or organisation read through the
article's earlier full-name mention ('official Tamsin Paris ... Paris said' -> 'Tamsin Paris').
The invented texts cover the kinds; PolNeAR dev checks both rules over real articles."""

from __future__ import annotations

import pytest
from _quoting import nlp, quotes_of

from newstrace.nlp.speakers import speaker_name


@pytest.mark.parametrize(
    ("name", "person"),
    [
        ("Prime Minister Odile Vantongeren", "Odile Vantongeren"),
        ("Sen. Odile Vantongeren", "Odile Vantongeren"),
        ("Lt. Col. Odile Vantongeren", "Odile Vantongeren"),
        ("Secretary of State Odile Vantongeren", "Odile Vantongeren"),
        ("CEO Odile Vantongeren", "Odile Vantongeren"),
        ("Former Senior Adviser Odile Vantongeren", "Odile Vantongeren"),
        ("Assemblywoman Vantongeren", "Vantongeren"),
        ("Mr. Vantongeren", "Vantongeren"),
        # a title that is also a given name stays when only a surname would remain
        ("Dean Vantongeren", "Dean Vantongeren"),
        ("Major Vantongeren", "Major Vantongeren"),
        ("Odile Vantongeren", "Odile Vantongeren"),
    ],
)
def test_speaker_name_leaves_titles_out(name, person):
    assert speaker_name(name) == person


TITLED_FORMS = [
    '"We will not give up on the harbour," {t} Odile Vantongeren said on Monday.',
    '"We will not give up on the harbour," said {t} Odile Vantongeren, who spoke at the dock.',
    '{t} Odile Vantongeren told reporters: "We will not give up on the harbour."',
    'The plan was backed by {t} Odile Vantongeren. "We will not give up on the harbour," {t} Vantongeren said.',
]


@pytest.mark.parametrize(
    "title",
    [
        *("Prime Minister", "Sen.", "Dr.", "Lt. Col.", "Brig. Gen.", "Det. Sgt.", "Supt.", "Capt."),
        *("CEO", "Chief Executive", "Secretary of State", "Assemblywoman", "Foreign Secretary"),
    ],
)
@pytest.mark.parametrize("form", TITLED_FORMS)
def test_titled_speaker_is_the_person(title, form):
    quotes = quotes_of(form.format(t=title))
    assert [q.speaker for q in quotes] == ["Odile Vantongeren"]


def test_title_point_ends_no_sentence_before_the_name():
    # 'Lt.' and 'Col.' are split from their points by the tokenizer: no sentence ends there
    text = 'The patrol came back at dawn. "The road is open again," Lt. Col. Ansel Brueckner told reporters.'
    [quote] = quotes_of(text)
    assert (quote.speaker, quote.cue) == ("Ansel Brueckner", "told")


SURNAME_TEXTS = [
    # the full name typed as a place, then the surname alone as a place
    ("Tamsin", 'Local official Tamsin {n} spoke on Monday.\n\n"We cannot afford it," {n} said.'),
    # a title before the full name that the NER read as an organisation
    (
        "Edda",
        'Councillor Edda {n} opened the meeting.\n\nAsked about the vote, {n} told reporters: "We will appeal."',
    ),
    # an apposition calls the full name a person
    (
        "Graham",
        'Graham {n}, a farmer, lost his barn in the flood.\n\n"It\'s gone, all of it," {n} said on Tuesday.',
    ),
    # nothing around the full name, but the surname alone speaks later
    ("Walter", 'The hearing was chaired by Walter {n}.\n\n"This inquiry will take months," {n} said.'),
]


@pytest.mark.parametrize(
    "surname", ["Paris", "Georgia", "Church", "Price", "Camden", "Phoenix", "Sterling", "Young"]
)
@pytest.mark.parametrize(("given", "template"), SURNAME_TEXTS)
def test_surname_typed_as_place_or_body_is_the_person(surname, given, template):
    quotes = quotes_of("Harbour news\n\n" + template.format(n=surname))
    assert [q.speaker for q in quotes] == [f"{given} {surname}"]


def test_place_named_like_a_speaker_stays_a_place():
    # 'in Paris' is the city; no person is made of it
    text = (
        "Local official Tamsin Paris spoke on Monday.\n\n"
        'The delegates met in Paris for the talks. "The crossing must reopen," the ferry operator said.'
    )
    [quote] = quotes_of(text)
    assert quote.speaker == "the ferry operator"


@pytest.mark.slow
def test_polnear_dev_speakers_are_title_free_full_names():
    """Over PolNeAR dev (real articles): no named speaker keeps a title, and no speaker is a lone
    surname where the article named that person in full before."""
    from pathlib import Path

    from newstrace.corpora.polnear import iter_polnear
    from newstrace.nlp.entities import extract_entities, fold
    from newstrace.nlp.parsing import ParsedText
    from newstrace.nlp.quotes import extract_quotes

    assert (Path(__file__).resolve().parents[1].parent / "shared" / "corpora" / "polnear").is_dir()
    named = titled = lone = 0
    for art in iter_polnear("dev"):
        parsed = ParsedText(art.text, nlp())
        entities = extract_entities(parsed)
        full = [
            (e.start, fold(e.canonical.split()[-1]))
            for e in entities
            if e.label == "PERSON" and len(e.canonical.split()) > 1
        ]
        for q in extract_quotes(parsed, entities):
            if not q.speaker or q.speaker_is_unnamed or q.speaker_start is None:
                continue
            named += 1
            titled += speaker_name(q.speaker) != q.speaker
            words = q.speaker.split()
            if len(words) == 1 and any(s < q.speaker_start and w == fold(words[0]) for s, w in full):
                lone += 1
    assert named > 600
    assert (titled, lone) == (0, 0)


def test_the_role_after_a_second_unnamed_holder_is_not_the_named_one():
    """"A second spokeswoman ... declined to comment. Later, the spokeswoman said" is that second,
    unnamed spokeswoman, not the one named before; with no second holder, or with the named one in
    apposition ("Liv Berg, a spokeswoman for ..."), the role is still resolved. Invented text (a
    new-user test found the misattribution)."""
    second = ("OSLO — Thousands lost power on Monday. Nordvarme spokeswoman Liv Berg said crews were working "
              "through the night.\n\nA second spokeswoman, for the regional grid operator, declined to comment. "
              'Later, the spokeswoman said: "We will publish a full report."')
    appositive = ("OSLO — Thousands lost power on Monday, said Liv Berg, a spokeswoman for Nordvarme. Crews worked "
                  'through the night.\n\nLater, the spokeswoman said: "We will publish a full report."')
    (q,) = quotes_of(second)
    assert (q.speaker, q.speaker_is_unnamed) == ("the spokeswoman", True)
    (q,) = quotes_of(appositive)
    assert (q.speaker, q.speaker_is_unnamed) == ("Liv Berg", False)
