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
