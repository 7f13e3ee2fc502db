"""A translation that writes its figures in words is linked to its English origin: the number words of
the translation's own language are figures there ("sept morts" is 7 in French), and only there ("sept"
is September's abbreviation in English, "cent" a coin). A new-user test's French translation of an
English story was not linked. Every text here is invented."""

from __future__ import annotations

import pytest

from newstrace.provenance import trace
from newstrace.provenance.text import analyse_sentence
from newstrace.schema import Article, Source

ORIGIN = """Seven dead as ferry capsizes off Vellmar

VELLMAR, May 4 (Reuters) - A passenger ferry capsized off the island of Vellmar on Sunday, killing seven people and injuring eleven, the coast guard said.

The ferry Anneke Bloom was carrying 212 passengers and nine crew members when it overturned in strong winds about two kilometres from the harbour, coast guard spokesman Piet Harmsen said.

Rescue boats and four helicopters pulled survivors from the water. Fourteen people were taken to hospital in Dreslo.

"The sea was very rough, and the ship turned over in less than a minute," said Marit Oyen, a passenger who swam to a lifeboat.

Operator Nordvaer Lines said it had suspended all crossings on the route until an inquiry into the accident was complete.

The route carries about 3,500 passengers a week between Vellmar and the mainland port of Dreslo."""

FRENCH = """Sept morts dans le naufrage d'un ferry au large de Vellmar

VELLMAR, 4 mai (Reuters) - Un ferry de passagers a chaviré dimanche au large de l'île de Vellmar, faisant sept morts et onze blessés, a indiqué la garde côtière.

Le ferry Anneke Bloom transportait deux cent douze passagers et neuf membres d'équipage lorsqu'il s'est retourné par vents forts à environ deux kilomètres du port, a déclaré Piet Harmsen, porte-parole de la garde côtière.

Des bateaux de secours et quatre hélicoptères ont repêché les survivants. Quatorze personnes ont été hospitalisées à Dreslo.

« La mer était très agitée, et le navire s'est retourné en moins d'une minute », a raconté Marit Oyen, une passagère qui a nagé jusqu'à un canot de sauvetage."""


def _article(aid: str, text: str, language: str, published: str) -> Article:
    headline, _, body = text.partition("\n\n")
    return Article(id=aid, source=Source(path=f"{aid}.txt", format="text"), headline=headline, text=body,
                   language=language, published=published)  # fmt: skip


def test_number_words_are_figures_in_their_own_language_only():
    assert analyse_sentence("Le ferry a fait sept morts et onze blessés.", language="fr").numbers == ["7", "11"]
    assert analyse_sentence("The vote is due on Sept 11, he said.").numbers == ["11"]
    assert analyse_sentence("Der Ausschuss hat elf Mitglieder.", language="de").numbers == ["11"]
    assert analyse_sentence("The elf stood by the cent jar.").numbers == []


@pytest.mark.parametrize("with_digits", [False, True])
def test_a_french_translation_writing_figures_in_words_is_linked_to_its_english_origin(with_digits):
    french = FRENCH if not with_digits else FRENCH.replace("deux cent douze", "212")
    (d,) = trace([_article("origin", ORIGIN, "en", "2026-05-04"), _article("fr", french, "fr", "2026-05-05")])
    assert (d.copy_id, d.kind) == ("fr", "translation")
    assert d.origin_id == "origin" or d.sibling_ids == ["origin"]
