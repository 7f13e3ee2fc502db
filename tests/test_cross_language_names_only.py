"""Across languages, sentences aligned on names alone are what two independent reports of one event
share (provenance.derive.CROSS_NAMES_ONLY_MIN_PAIRS): the winner, the loser who conceded and the
outgoing president who congratulated, in that order. Such reports are not linked; a translation,
which keeps the figures too, is. Invented texts."""

from __future__ import annotations

from _pages import trace_json_of_two

ENGLISH_REPORT = """URL: https://capital-herald.example.com/2026/04/12/quiroga-wins-runoff
Date: 2026-04-12

Marta Quiroga wins Valdoria presidential runoff

Marta Quiroga of the Civic Alliance won Valdoria's presidential runoff on Sunday, defeating the governing party's candidate after a bitter campaign.

Her rival, Tomás Echeverri of the National Party, conceded before midnight and called on his supporters to stay calm.

Outgoing President Rubén Salcedo Ibarra telephoned Quiroga to congratulate her and promised an orderly handover of power.

Supporters filled the main square of the capital, waving flags and singing late into the night.

The new president will take office in March, inheriting a stalled economy and a divided congress.
"""

SPANISH_REPORT = """URL: https://diario-del-sur.example.com/2026/04/12/quiroga-gana-segunda-vuelta
Date: 2026-04-12

Marta Quiroga gana la segunda vuelta en Valdoria

La candidata de la Alianza Cívica, Marta Quiroga, se impuso en la segunda vuelta presidencial de Valdoria, según el escrutinio oficial de la noche del domingo.

Quiroga prometió gobernar con diálogo y pidió unidad a todos los sectores del país en su primer discurso.

Tomás Echeverri, del Partido Nacional, reconoció su derrota en una breve intervención ante la prensa.

El presidente saliente, Rubén Salcedo Ibarra, felicitó a la ganadora y ofreció una transición ordenada.

Miles de personas celebraron en las calles de la capital hasta la madrugada.
"""

ENGLISH_WITH_FIGURES = """URL: https://capital-herald.example.com/2026/04/12/quiroga-wins-runoff-results
Date: 2026-04-12

Marta Quiroga wins Valdoria presidential runoff with 52.4 percent

Marta Quiroga of the Civic Alliance won Valdoria's presidential runoff on Sunday with 52.4 percent of the vote, defeating the governing party's candidate after a bitter campaign.

Her rival, Tomás Echeverri of the National Party, took 47.6 percent and conceded before midnight, calling on his supporters to stay calm.

Turnout reached 81.3 percent, the highest since 1994, according to the electoral court.

Outgoing President Rubén Salcedo Ibarra telephoned Quiroga to congratulate her and promised an orderly handover of power.

Supporters filled the main square of the capital, waving flags and singing late into the night.

The new president will take office in March, inheriting a stalled economy and a divided congress.
"""

SPANISH_TRANSLATION = """URL: https://noticias-valdoria.example.com/2026/04/13/quiroga-gana-la-segunda-vuelta
Date: 2026-04-13

Marta Quiroga gana la segunda vuelta presidencial de Valdoria con el 52,4 por ciento

Marta Quiroga, de la Alianza Cívica, ganó el domingo la segunda vuelta presidencial de Valdoria con el 52,4 por ciento de los votos y derrotó al candidato del partido de gobierno tras una campaña amarga.

Su rival, Tomás Echeverri, del Partido Nacional, obtuvo el 47,6 por ciento y reconoció la derrota antes de la medianoche, y pidió calma a sus seguidores.

La participación alcanzó el 81,3 por ciento, la más alta desde 1994, según el tribunal electoral.

El presidente saliente, Rubén Salcedo Ibarra, llamó por teléfono a Quiroga para felicitarla y prometió un traspaso de poder ordenado.

Sus seguidores llenaron la plaza principal de la capital, ondeando banderas y cantando hasta altas horas de la noche.

La nueva presidenta asumirá el cargo en marzo y heredará una economía estancada y un congreso dividido.
"""


def test_independent_reports_in_two_languages_sharing_names_are_not_linked(tmp_path):
    rows, *_ = trace_json_of_two(tmp_path, ENGLISH_REPORT, SPANISH_REPORT)
    assert rows == []


def test_translation_keeping_the_figures_is_linked(tmp_path):
    rows, origin, copy, _ = trace_json_of_two(tmp_path, ENGLISH_WITH_FIGURES, SPANISH_TRANSLATION)
    assert [(r["kind"], r["origin_source"]) for r in rows] == [("translation", "https://capital-herald.example.com/2026/04/12/quiroga-wins-runoff-results")]
    assert rows[0]["score"] >= 0.8
    # 52,4 and 52.4 are one figure: no number change
    assert [c for c in rows[0]["changes"] if c["kind"] == "number"] == []
