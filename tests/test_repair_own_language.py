"""Word-frequency repairs read a text in its own language: judged by the English word list, the
Spanish verb "sonaron" was an unknown word made of "sonar" + "on", and split. Glued words, censor
filters and glued quotation closes now use the list and function words of the text's language.
Every text here is invented."""

from __future__ import annotations

import pytest

from newstrace.repair import fix_and_explain
from newstrace.repair.config import RepairConfig
from newstrace.repair.lexicon import judging_language


def _repairs(text: str, config: RepairConfig | None = None) -> list[tuple[str, str]]:
    return [(r.before, r.after) for r in fix_and_explain(text, config)[1]]


@pytest.mark.parametrize("text", [
    "Las sirenas sonaron a las cuatro y media de la madrugada en todo el valle, y los vecinos salieron a la calle.",
    "Os bombeiros trabalharam durante toda a noite para resgatar os moradores presos nos escombros da escola.",
    "Les pompiers ont travaillé toute la nuit pour dégager les habitants coincés sous les décombres de l'école.",
    "Der Bürgermeister sagte, die Feuerwehr habe die ganze Nacht gearbeitet, um die Eingeschlossenen zu retten.",
    "Il sindaco ha detto che i vigili del fuoco hanno lavorato tutta la notte per salvare le persone intrappolate.",
])  # fmt: skip
def test_good_text_in_another_language_is_left_alone(text):
    assert _repairs(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("El gobierno pidió asiloque fuera rápido para las familias que llegaron esta semana a la frontera del norte.",
     [("asiloque", "asilo que")]),
    ("Il governo ha detto che il pbadato non conta e che la pbadata settimana era dura per tutti i cittadini e le pbadate.",
     [("pbadato", "passato"), ("pbadata", "passata"), ("pbadate", "passate")]),
    ('"Vamos a reconstruir todo el pueblo y no vamos a dejar a nadie atrás en esta tragedia tan grande todosdijo el alcalde.',
     [("todosdijo", 'todos" dijo')]),
    ("Ask the clerk about your asylumand wait for the judge to rule on the case this week in the city.",
     [("asylumand", "asylum and")]),
    ("Some40people waited.", [("Some40people", "Some 40 people")]),  # too short to identify: a figure's glue still reads
])  # fmt: skip
def test_damage_is_repaired_in_the_texts_language(text, expected):
    assert _repairs(text) == expected


def test_the_language_given_overrides_identification():
    text = "Las sirenas sonaron a las cuatro y media de la madrugada en todo el valle, y los vecinos salieron."
    assert judging_language(text) == "es"
    assert judging_language(text, "en") == "en"
    # read as English on the caller's word, the Spanish verb is taken apart: the risk the option names
    assert ("sonaron", "sonar on") in _repairs(text, RepairConfig(language="en"))


def test_a_text_no_list_can_judge_gets_no_word_split():
    assert judging_language("Shr 1.25 dlrs vs 1.10 dlrs Net 5,000 vs 4,000") is None
    assert judging_language("東京で大きな地震があり、多くの人が避難しました。") is None
