"""Session 13: faults found by tracing public pages of three wire stories outside the corpus
(read locally, not shipped; the texts here are invented to reproduce each kind).

- a spun copy and a machine-translated copy of one wire story were chained (spun <- machine
  translation) by their dates and a word-rarity vote that reads nothing against a machine translation;
- a pull quote above the dateline, repeated in the story, kept its first copy and so moved the
  quotation out of the story's order;
- a translated sentence with no name or number in it could not align on sentence embeddings,
  even between two aligned neighbours.
"""

from __future__ import annotations

import numpy as np

from newstrace.pipeline import analyze_document
from newstrace.provenance import verify_pair
from newstrace.provenance.derive import _reads_machine_translated, direction_votes
from newstrace.provenance.fingerprint import article_sentences
from newstrace.provenance.semantic import SEM_TAU_RUN, semantic_pairs
from newstrace.provenance.text import analyse_text
from newstrace.readers import read_paths
from newstrace.schema import Article, Source

CLEAN = [
    "The river port of Valdora reopened on Monday after a week of floods, the harbour office said.",
    "Workers cleared mud from the main quay and the city said ships could dock again by the evening.",
    "More than 40 boats had waited offshore since the water rose, the office said in a statement.",
    "Local traders said the closure had cost them most of their weekly sales of fish and grain.",
    "The mayor said the city would ask the regional government for help to repair the old sea wall.",
    "Engineers said the wall had cracked in two places and that the work could take several months.",
    "Residents of the lower town said they were still cleaning their homes and shops on Monday.",
    "The weather office said more rain was likely later in the week but not as heavy as before.",
]
# the same sentences, common words swapped for rarer synonyms, as an article spinner does
SPUN = [
    "The river port of Valdora resumed on Monday following a week of deluges, the harbour bureau stated.",
    "Labourers removed sludge from the principal quay and the municipality stated vessels could berth again by the dusk.",
    "Upwards of 40 boats had lingered offshore since the water climbed, the bureau stated in a communique.",
    "Native merchants stated the shutdown had cost them most of their weekly revenues of fish and grain.",
    "The mayor stated the municipality would petition the regional administration for aid to mend the ancient sea wall.",
    "Engineers stated the wall had fractured in two locations and that the labour could consume numerous months.",
    "Inhabitants of the lower town stated they were still scrubbing their dwellings and stores on Monday.",
    "The climate bureau stated additional precipitation was probable afterwards in the week but not as intense as previously.",
]
# a machine translation of the same story through another language: calqued word order, a
# capitalised word after a comma, a capitalised pronoun inside a sentence, lower-case after a stop
MT = [
    "The fluvial port of Valdora reopened the Monday after one week of floods, The harbour office said.",
    "Workers removed the mud of the main quay and the city said that ships could dock again by the night.",
    "More of 40 boats had waited outside since the water rose, the office said in one statement. they waited days.",
    "Local merchants said that the closing had cost them the most of their weekly sales of fish and grain.",
    "The mayor said the city would ask to the regional government help for repair the old wall of sea.",
    "Engineers said that the wall had broken in two places and that the work could take various months.",
    "Inhabitants of the low town said that They were still cleaning their houses and shops the Monday.",
    "The office of weather said more rain was probable later in the week, But not so heavy as before.",
]


def _article(sentences: list[str], url: str) -> Article:
    return Article(source=Source(url=url, format="text"), headline="", text="\n\n".join(sentences), language="en")


def _votes(a: Article, b: Article):
    sa, sb = article_sentences("", a.text), article_sentences("", b.text)
    al, _ev = verify_pair(sa, sb, False)
    return direction_votes(a, b, sa, sb, al)


def test_word_rarity_is_no_direction_vote_against_a_machine_translation():
    """Spun and machine-translated copies of one story: the spun one's rarer words are its spinner's
    choice, the translation's words its translator's; neither was made from the other."""
    clean, spun, mt = (_article(s, f"https://{n}.example.com/story") for s, n in
                       ((CLEAN, "wire"), (SPUN, "spinner"), (MT, "translator")))
    assert _reads_machine_translated(article_sentences("", mt.text))
    assert not _reads_machine_translated(article_sentences("", spun.text))
    _v, why = _votes(clean, spun)  # the control: against the clean text, spinning is read
    assert any("Zipf (spinning)" in w for w in why), why
    _v, why = _votes(mt, spun)
    assert not any("Zipf" in w for w in why), why


def test_pull_quote_above_the_dateline_keeps_the_story_copy_in_its_place(tmp_path):
    quote = '"We lost a whole season of work in one week," said trader Ines Barroso, who sells grain at the quay.'
    text = ("URL: https://www.valdora-news.example.com/port-reopens\n\n"
            "Valdora port reopens after floods\n\n" + quote + "\n\n"
            "VALDORA, March 4 - The river port of Valdora reopened on Monday after a week of floods, the harbour "
            "office said.\n\nWorkers cleared mud from the main quay and ships could dock again by the evening.\n\n"
            + quote + "\n\nThe mayor said the city would ask the regional government for help with the sea wall.\n")
    path = tmp_path / "port.txt"
    path.write_text(text, encoding="utf-8")
    (raw,) = list(read_paths([path]))
    art = analyze_document(raw, stages=("repair", "structure", "language"))
    paragraphs = art.text.split("\n\n")
    assert art.dateline and art.dateline.startswith("VALDORA")
    assert paragraphs[0].startswith("The river port of Valdora reopened")
    assert paragraphs[2] == quote  # after the two paragraphs it follows in the story
    assert art.text.count("whole season") == 1


def _embedder(cosines: dict[tuple[str, str], float]):
    """A fake embedding: each listed text pair gets the given cosine, every other pair about 0."""
    texts = sorted({t for pair in cosines for t in pair})
    dim = 2 * len(texts) + 2
    vecs: dict[str, np.ndarray] = {}
    for k, (x, y) in enumerate(cosines):
        base, noise = np.zeros(dim), np.zeros(dim)
        base[2 * k], noise[2 * k + 1] = 1.0, 1.0
        c = cosines[(x, y)]
        vecs[x] = base
        vecs[y] = c * base + np.sqrt(1 - c * c) * noise

    def embed(batch: list[str]) -> np.ndarray:
        out = []
        for t in batch:
            v = vecs.get(t)
            if v is None:  # unlisted sentence: its own direction
                v = np.zeros(dim)
                v[-1 if hash(t) % 2 else -2] = 1.0
            out.append(v / np.linalg.norm(v))
        return np.stack(out)

    return embed


EN = ["Colonel Arturo Pineda left the barracks in Maracay on the night of 12 March.",
      "The soldiers told their families nothing about the plan before they went.",
      "Some of them were punished for refusing to board the buses on election day.",
      "Food in the barracks ran short in the last months of the year.",
      "Officers kept the best rations for themselves and sold the rest."]
ES = ["El coronel Arturo Pineda salió del cuartel de Maracay la noche del 12 de marzo.",
      "Los soldados no contaron nada del plan a sus familias antes de irse.",
      "Los castigaron por negarse a subir a los autobuses el día de la elección.",
      "La comida en el cuartel escaseó en los últimos meses del año.",
      "Los oficiales guardaban las mejores raciones para sí y vendían el resto."]


def test_unanchored_translated_sentences_align_when_they_continue_an_anchored_pair():
    sa, sb = analyse_text(" ".join(EN)), analyse_text(" ".join(ES))
    assert len(sa) == len(sb) == 5
    cos = {(EN[0], ES[0]): 0.93,           # shares a name and a number: aligns on its own
           (EN[1], ES[1]): SEM_TAU_RUN + 0.01,  # no name or number: the next sentence of both
           (EN[2], ES[2]): SEM_TAU_RUN + 0.01,  # ... and the next again
           (EN[3], ES[3]): SEM_TAU_RUN - 0.02,  # under the run threshold: the run stops here
           (EN[4], ES[4]): 0.97}           # high, but no longer next to an aligned pair
    pairs, n = semantic_pairs(sa, sb, _embedder(cos))
    assert n == 5
    assert [(i, j) for i, j, _ in pairs] == [(0, 0), (1, 1), (2, 2)]


def test_unanchored_pair_alone_does_not_align():
    assert not any(s.anchors for s in analyse_text(" ".join(EN[1:4]) + " " + " ".join(ES[1:4])))
    sa, sb = analyse_text(" ".join(EN[1:4])), analyse_text(" ".join(ES[1:4]))
    cos = {(EN[1], ES[1]): 0.95, (EN[2], ES[2]): 0.95, (EN[3], ES[3]): 0.95}
    pairs, _n = semantic_pairs(sa, sb, _embedder(cos))
    assert pairs == []  # no name or number anchors the run: independent reports read alike too


# --- a new-user test's findings (session 13): an invented wire story and its copies ---

WIRE = """URL: https://www.wire-example.com/2025/06/02/harbour-fire

Fire destroys 14 warehouses at Port Ember, two workers hurt

By Lotte Brandvik

PORT EMBER, June 2 (Reuters) - A fire destroyed 14 warehouses at the container port of Port Ember on Sunday, and two workers were taken to hospital, the fire service said.

The fire started in a store of paint and spread quickly in strong wind, according to fire chief Mateo Ruskin.

"We fought the flames for six hours before we could stop them," said Ruskin. "The wind was against us all night."

Harbour Minister Jana Olofsson said the port would reopen on Tuesday. "Nobody should lose a job because of this," she told reporters.

More than 3,100 containers were stored in the burnt warehouses, the port authority said.
"""


def _analysed(tmp_path, name: str, text: str) -> Article:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (raw,) = list(read_paths([path]))
    return analyze_document(raw)


def test_pull_quote_inside_a_later_paragraph_is_residue_with_and_without_a_dateline(tmp_path):
    pull = '"We fought the flames for six hours before we could stop them."'
    page = WIRE.replace("By Lotte Brandvik", pull + "\n\nBy Lotte Brandvik").replace("harbour-fire", "p")
    art = _analysed(tmp_path, "pull.txt", page)
    assert art.text.count("six hours") == 1
    assert not art.text.startswith('"We fought')
    assert any(r.text == pull for r in art.residue)
    assert len([q for q in art.quotes if "six hours" in q.content]) == 1
    assert {q.speaker for q in art.quotes if "six hours" in q.content} == {"Mateo Ruskin"}
    undated = page.replace("PORT EMBER, June 2 (Reuters) - ", "")
    art = _analysed(tmp_path, "pull_undated.txt", undated)
    assert art.dateline is None and art.text.count("six hours") == 1 and art.text.startswith("A fire destroyed")
    # control: a standfirst above the dateline that the story does not repeat stays in the text
    deck = page.replace(pull, "Crews worked through the night as wind fanned the blaze at the container port.")
    art = _analysed(tmp_path, "deck.txt", deck)
    assert "wind fanned the blaze" in art.text


MT_COPY = """URL: https://www.newsflash-example.net/2025/06/04/fire-port-ember

Fire destroys 14 warehouses of Port Ember, two workers injured

PORT EMBER, June 2 (Reuters) - A fire has destroyed 14 warehouses of the port of containers of Port Ember on Sunday, and two workers were carried to the hospital, The service of firemen said.

The fire started in a deposit of paint and extended rapidly with strong wind, according to the chief of firemen Mateo Ruskin.

"We combated the flames during six hours before we could stop them," said the Chief Mateo Ruskin. "The wind was against us all the night."

The Minister of the Harbour Jana Olofsson said that the port would reopen the Tuesday. "Nobody should lose a job because of this," she said to the reporters.

More of 3,100 containers were stored in the warehouses burnt, the authority of the port said.
"""


def test_machine_translated_copy_reads_machine_translated_and_its_calque_is_no_hedge(tmp_path):
    from newstrace.provenance import compare

    origin, copy = _analysed(tmp_path, "wire.txt", WIRE), _analysed(tmp_path, "mt.txt", MT_COPY)
    assert _reads_machine_translated(article_sentences(copy.headline or "", copy.text, copy.language))
    d, p = compare(origin, copy)
    assert d is not None and p >= 0.5
    assert d.kind == "machine-translated", (d.kind, d.direction_evidence)
    assert d.copy_source.endswith("fire-port-ember")
    # "More of 3,100" is the calque of "más de 3.100": the same qualifier as "More than 3,100"
    assert not [c for c in d.changes if c.kind == "hedge"], [c.detail for c in d.changes]


def test_a_figure_replaced_and_another_dropped_read_apart(tmp_path):
    from newstrace.provenance import compare

    wire = WIRE.replace("two workers hurt", "30 trucks burnt")
    edited = (wire.replace("2025/06/02/harbour-fire", "2025/06/03/fire-edit")
              .replace("www.wire-example.com", "www.islandpost-example.org")
              .replace("Fire destroys 14 warehouses at Port Ember, 30 trucks burnt", "Fire destroys 41 warehouses at Port Ember")
              .replace("A fire destroyed 14 warehouses", "A fire destroyed 41 warehouses"))
    origin, copy = _analysed(tmp_path, "wire.txt", wire), _analysed(tmp_path, "edited.txt", edited)
    d, _p = compare(origin, copy)
    assert d.copy_source.endswith("fire-edit")
    numbers = [c.detail for c in d.changes if c.kind == "number"]
    # the headline (matched in the alignment's gap, so a value on one side only is not asserted):
    # 14 replaced by 41, not "14, 30 -> 41"; then the lead
    assert numbers == ["14 warehouses -> 41 warehouses", "14 warehouses -> 41 warehouses"], numbers


def test_number_changes_pair_what_was_replaced_and_name_what_was_dropped():
    from newstrace.provenance.figures import number_changes
    from newstrace.provenance.text import analyse_sentence

    origin = analyse_sentence("Fire destroys 14 warehouses at Port Ember, nine trucks burnt")
    copy = analyse_sentence("Fire destroys 41 warehouses at Port Ember")
    assert [c.detail for c in number_changes(copy, origin)] == ["14 warehouses -> 41 warehouses; number removed: 9 trucks"]
    assert [c.detail for c in number_changes(origin, copy)] == ["41 warehouses -> 14 warehouses; number added: 9 trucks"]
    assert [c.detail for c in number_changes(copy, origin, firm=False)] == ["14 warehouses -> 41 warehouses"]


def test_a_sibling_that_keeps_what_a_cut_copy_dropped_is_read_against_the_full_page():
    """A machine translation of a whole wire page (c ~ a: both credit the agency) and a newspaper's
    cut of the page (p <- a, 0.74 of it): c holds the paragraphs p cut, so it is no sibling of p's
    (a new-user test's corpus read it "against" the cut copy, changes and all)."""
    from newstrace.provenance import graph as g

    cut = g.Link("p", "a", None, 0.98, 1.0, 0.74, 0.97)
    mt_a = g.Link("c", None, "a", 0.95, 1.0, 1.0, 0.72, kind="machine-translated")
    mt_p = g.Link("c", None, "p", 0.78, 0.69, 0.93, 0.70, kind="machine-translated")
    assert sorted(g.resolve_links([cut, mt_a, mt_p])) == [0, 1]
    # control: a copy that lacks what p cut, as p does, stays p's sibling
    mt_a_cut = mt_a._replace(copy_coverage=0.72, origin_coverage=0.74)
    mt_p_all = mt_p._replace(copy_coverage=0.95, origin_coverage=0.97)
    assert sorted(g.resolve_links([cut, mt_a_cut, mt_p_all])) == [0, 2]


# --- the second new-user test's findings (session 13): an invented agency story and its copies ---

STRIKE = """URL: https://www.wire-example.com/2025/06/02/strike

Dockworkers strike at Velmora port

VELMORA, June 2 (AP) - Dockworkers at the port of Velmora walked out on Monday over pay, the union said.

"We will not resign ourselves to these wages," union leader Ana Ferreira told reporters outside the gates.

The port authority did not respond to requests for comment on Monday.

The strike will last at least 72 hours, the union said, and some 230 ships were waiting offshore.

Shipping lines said the delays would cost roughly $40 million a day.
"""


def _strike_pair(tmp_path, edit):
    from newstrace.provenance import compare

    copy = edit(STRIKE).replace("www.wire-example.com/2025/06/02", "www.copy-example.net/2025/06/03")
    d, p = compare(_analysed(tmp_path, "o.txt", STRIKE), _analysed(tmp_path, "c.txt", copy))
    assert d is not None and d.copy_source.startswith("https://www.copy-example.net")
    return d


def test_a_negation_dropped_outside_a_quotation_is_a_change_and_no_verbatim_copy(tmp_path):
    d = _strike_pair(tmp_path, lambda t: t.replace("did not respond", "did respond"))
    assert d.kind == "edited", d.kind
    assert [c.detail for c in d.changes] == ["meaning inverted (negation added or removed); reworded: removed 'not'"]


def test_a_negation_dropped_inside_a_quotation_is_meaning_inverted(tmp_path):
    d = _strike_pair(tmp_path, lambda t: t.replace("We will not resign", "We will resign"))
    assert d.kind == "edited"
    assert [(c.kind, c.detail) for c in d.changes] == [("quote", "meaning inverted (negation added or removed)")]


def test_no_less_than_bounds_a_figure_and_inverts_nothing(tmp_path):
    from newstrace.provenance.rewording import _negations

    assert _negations("will last no less than 72 hours") == 0
    assert _negations("no más de 40 barcos") == 0 and _negations("No, we will not go") == 2
    d = _strike_pair(tmp_path, lambda t: t.replace("at least 72 hours", "no less than 72 hours"))
    assert not [c for c in d.changes if "inverted" in c.detail], [c.detail for c in d.changes]


def test_a_qualifier_before_a_currency_sign_is_read(tmp_path):
    """"roughly $40 million" has its qualifier: the Spanish "unos 40 millones" adds no hedge."""
    from newstrace.provenance.figures import _qualifiers

    assert _qualifiers("would cost roughly $40 million a day") == ["roughly"]
    assert _qualifiers("about US$40 million") == ["about"]
    d = _strike_pair(tmp_path, lambda t: t.replace("roughly $40 million", "$40 million"))
    assert [c.detail for c in d.changes if c.kind == "hedge"] == ["hedge removed: roughly (before 40)"]


def test_a_copy_of_the_first_version_is_read_against_it_not_the_update():
    """A spun copy holds the first version's lead and figures; the write-through replaced them. The
    copy's mean similarity to each version is spinner's noise; what it holds decides."""
    from newstrace.provenance import graph as g

    update = g.Link("v2", "v1", None, 0.99, 0.85, 0.96, 0.95, versions=True)
    to_v1 = g.Link("spun", "v1", None, 0.765, 0.545, 0.542, 0.62, kind="spun")
    to_v2 = g.Link("spun", "v2", None, 0.735, 0.431, 0.391, 0.64, kind="spun")
    kept = g.resolve_links([update, to_v1, to_v2])
    assert sorted(kept) == [0, 1]
    # a copy of the update (holding its new lead) stays with the update
    to_v1b, to_v2b = to_v1._replace(copy_coverage=0.43), to_v2._replace(copy_coverage=0.55)
    assert sorted(g.resolve_links([update, to_v1b, to_v2b])) == [0, 2]


def test_show_reads_an_update_as_a_later_version_with_its_own_headline_once(tmp_path):
    """Two versions of one page (one URL, two dates): ``show`` names the update a later version, prints
    its updated date, and its new headline stands once (not again at the head of the added lead)."""
    from typer.testing import CliRunner

    from newstrace.cli import app
    from newstrace.store import Store
    from newstrace.store.ingest import ingest
    from newstrace.store.trace import run_trace

    first = STRIKE.replace("URL: https://www.wire-example.com/2025/06/02/strike\n", "URL: https://www.wire-example.com/strike\n")
    update = (first.replace("Dockworkers strike at Velmora port", "Ships pile up offshore as port walkout drags on")
              .replace("VELMORA, June 2 (AP) - Dockworkers at the port of Velmora walked out on Monday over pay, the union said.",
                       "VELMORA, June 3 (AP) - Velmora's dockworkers kept their strike going into a second day on Tuesday, "
                       "with talks set to open on Friday.\n\nDockworkers at the port of Velmora walked out on Monday over "
                       "pay, the union said.")
              .replace("some 230 ships", "some 310 ships"))
    update = update.replace("VELMORA, June 3", "Updated June 3, 2025\n\nVELMORA, June 3")
    (tmp_path / "v1.txt").write_text(first.replace("\n\nDockworkers strike at", "\n\nPublished June 2, 2025\n\nDockworkers strike at"),
                                     encoding="utf-8")
    (tmp_path / "v2.txt").write_text(update, encoding="utf-8")
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([tmp_path / "v1.txt", tmp_path / "v2.txt"], s, jobs=1)
        run_trace(s)
    out = CliRunner().invoke(app, ["show", str(tmp_path / "v2.txt"), "--store", str(store)], terminal_width=400).stdout
    assert "later version of https://www.wire-example.com/strike" in out, out
    assert "headline replaced" in out
    additions = [line for line in out.splitlines() if "addition" in line]
    assert additions and not any("Ships pile up" in line for line in additions), additions


def test_an_agency_named_for_one_fact_is_no_retold_report():
    """"according to The Associated Press", "Reuters reported on Monday": a local report names an agency
    so for one fact; only a report noun ("according to a report from Reuters") says it retells one."""
    from newstrace.provenance.direction import _attributed

    assert _attributed("Thousands stopped work, according to The Associated Press.", "portsweekly") == frozenset()
    assert _attributed("Reuters reported on Monday that the plant shut.", "dailyeast") == frozenset()
    assert _attributed("according to a report from Reuters on Monday", "dailyeast") == {"reuters"}


def test_the_more_of_calque_is_a_claims_qualifier(tmp_path):
    art = _analysed(tmp_path, "mt.txt", MT_COPY)
    claim = next(c for c in art.claims if c.value == 3100)
    assert claim.qualifier == "more of"


# --- the third new-user test's findings (session 13): each kind of change on an invented wire story ---

TOLLS = """URL: https://www.reuters.com/2025/06/10/valdoria-toll-protests

Police arrest hundreds in Valdoria toll protests

By Marten Osei

PORT ARDEN, June 10 (Reuters) - Valdorian police have arrested over 320 people in four days of protests against higher road tolls, the force said on Tuesday, as marches spread to five provinces.

The national police, known locally as Gardai, said 41 officers had been hurt since the rallies began on Friday, when the government announced that tolls would rise by 18% from July 1.

"We will not let a small group hold the country's roads hostage," Police Commissioner Ravi Holm told reporters in Port Arden.

Protest organisers said about 15,000 people joined a march on parliament on Monday evening, the largest so far.

"People cannot pay more to drive to work," said Selma Berg, a nurse who joined the march.

Transport Minister Odile Paquet said the rise was needed to repair ageing roads and that the government may delay it for lorry drivers.

The opposition has called for a vote on the tolls, though neither side confirmed when it would be held.

Further marches are planned in the northern provinces on Saturday, organisers said.
"""


def _tolls_pair(tmp_path, edit, site="copysite-example.net"):
    from newstrace.provenance import compare

    copy = edit(TOLLS).replace("https://www.reuters.com/2025/06/10/", f"https://www.{site}/2025/06/12/")
    d, _p = compare(_analysed(tmp_path, "o.txt", TOLLS), _analysed(tmp_path, "c.txt", copy))
    assert d is not None
    return d


def test_a_quotation_given_to_another_titled_speaker_is_a_quote_change(tmp_path):
    d = _tolls_pair(tmp_path, lambda t: t.replace("Police Commissioner Ravi Holm told", "Transport Minister Odile Paquet told"))
    assert [(c.kind, c.detail) for c in d.changes] == [
        ("quote", "quotation attributed to another speaker: Police Commissioner Ravi Holm -> Transport Minister Odile Paquet")]
    assert d.kind == "edited"


def test_a_name_rendered_as_a_common_word_beside_a_word_like_it(tmp_path):
    """"Gardai" -> "cops" next to "police": the name is not an inflection of a word in the sentence."""
    from newstrace.provenance.text import is_inflection

    assert not is_inflection("polis", "police") and is_inflection("italy", "italian")
    d = _tolls_pair(tmp_path, lambda t: t.replace("known locally as Gardai", "known locally as cops"))
    assert [(c.kind, c.detail) for c in d.changes] == [("name", "name rendered as a common word")]
    assert d.kind == "edited"


def test_slant_verbs_beside_any_speaker_and_a_slant_label_once(tmp_path):
    d = _tolls_pair(tmp_path, lambda t: t.replace("the force said", "the force claimed")
                    .replace("Protest organisers said", "Protest organisers admitted")
                    .replace("when the government announced", "when the regime announced"))
    assert sorted(c.detail for c in d.changes) == ["attribution verb 'said' -> 'admitted'",
                                                   "attribution verb 'said' -> 'claimed'", "inserted 'regime'"]


def test_a_caveat_clause_cut_is_no_inverted_meaning(tmp_path):
    d = _tolls_pair(tmp_path, lambda t: t.replace(", though neither side confirmed when it would be held.", "."))
    details = [c.detail for c in d.changes]
    assert details == ["reworded: removed 'though neither side confirmed when it would be held'"], details


def test_a_copy_of_an_agency_page_credited_to_another_agency_changed_the_credit(tmp_path):
    d = _tolls_pair(tmp_path, lambda t: t.replace("(Reuters)", "(AFP)"))
    assert d.origin_id is not None and not d.inferred_source  # the Reuters page is the origin
    assert [(c.kind, c.detail) for c in d.changes] == [("credit", "credit changed")]


def test_paragraphs_put_in_another_order_are_moved(tmp_path):
    paras = TOLLS.split("\n\n")
    body = paras[4:]
    reordered = "\n\n".join(paras[:4] + [body[0], body[2], body[1]] + body[3:])  # the quotation after the march
    d = _tolls_pair(tmp_path, lambda t: reordered)
    moved = [c for c in d.changes if c.kind == "moved"]
    assert len(moved) == 1 and moved[0].detail.startswith("moved out of order: origin #")
    # numbered as the alignment numbers sentences (from 0)
    i = next(a.copy_index for a in d.alignment if a.copy_sentence == moved[0].copy_text)
    assert moved[0].detail.endswith(f"-> copy #{i}"), (moved[0].detail, i)
    assert [c.kind for c in d.changes] == ["moved"]


def test_a_word_swapped_for_its_opposite_inverts_the_meaning(tmp_path):
    """"has stopped listening" -> "has started listening" read "quote altered (95% alike)"."""
    quote = _tolls_pair(tmp_path, lambda t: t.replace("People cannot pay more", "People can pay more")
                        .replace("hold the country's roads", "free the country's roads"))
    assert "meaning inverted (negation added or removed)" in [c.detail for c in quote.changes]
    d = _tolls_pair(tmp_path, lambda t: t.replace("have arrested over 320 people", "have released over 320 people")
                    .replace("the largest so far", "the smallest so far"))
    assert not any("antonym" in c.detail for c in d.changes)  # not listed opposites: rewording
    d = _tolls_pair(tmp_path, lambda t: t.replace("the rise was needed", "the fall was needed"))
    assert any(c.detail.startswith("meaning inverted (antonym: 'rise' -> 'fall')") for c in d.changes), \
        [c.detail for c in d.changes]
    assert d.kind == "edited"
    from newstrace.provenance.rewording import antonym_swaps

    assert antonym_swaps("the government has stopped listening".split(), "the government has started listening".split()) \
        == [("stopped", "started")]
    assert antonym_swaps("stopped".split(), "started".split()) == []  # no shared frame


def test_show_says_whether_tracing_found_no_link_or_has_not_run(tmp_path):
    from typer.testing import CliRunner

    from newstrace.cli import app
    from newstrace.store import Store
    from newstrace.store.ingest import ingest
    from newstrace.store.trace import run_trace

    (tmp_path / "a.txt").write_text(STRIKE, encoding="utf-8")
    store = tmp_path / "s.duckdb"
    with Store(store) as s:
        ingest([tmp_path / "a.txt"], s, jobs=1)
    out = CliRunner().invoke(app, ["show", str(tmp_path / "a.txt"), "--store", str(store)], terminal_width=300).stdout
    assert "run `newstrace trace` after ingesting" in out
    with Store(store) as s:
        run_trace(s)
    out = CliRunner().invoke(app, ["show", str(tmp_path / "a.txt"), "--store", str(store)], terminal_width=300).stdout
    assert "traced: no link was found" in out and "after ingesting" not in out
