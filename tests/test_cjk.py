"""Chinese, Japanese and Korean articles: tokens, sentences, figures and tracing of copies.

The articles below are invented for these tests (a flood in a fictional harbour town). Chinese and
Japanese write no space between words, so a regex word was a whole clause; no copy was ever linked.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from newstrace.provenance import trace
from newstrace.provenance.align import align
from newstrace.provenance.fingerprint import SCHEME, article_sentences, fingerprint
from newstrace.provenance.text import analyse_sentence, number_value, token_spans, tokens
from newstrace.schema import Article, Source
from newstrace.sentences import split_sentences

JA_ORIGIN = """架空の港町ベルで記録的な大雨、37人死亡

気象庁によると、架空の港町ベルでは月曜日の夜から記録的な大雨が降り続き、川の堤防が三か所で決壊した。地元当局は火曜日、洪水による死者が37人に達し、少なくとも120人が行方不明になっていると発表した。

ベルのハルカ・ミズノ市長は記者会見で「これほどの被害は五十年ぶりだ」と述べ、国に支援を求めた。

救助隊はボートとヘリコプターを使い、低地の住宅街から約1,200人を避難させた。

市内の小学校や体育館には臨時の避難所が設けられ、毛布や飲料水が配られている。

鉄道会社は線路の一部が流されたとして、港町と県庁所在地を結ぶ路線の運転を少なくとも一週間見合わせると明らかにした。"""

#: Another report of the same flood: the same town, mayor and figures, in sentences of its own.
JA_INDEPENDENT = """ベル市の洪水、犠牲者37人に

ベル市で発生した洪水の犠牲者は37人となった。ハルカ・ミズノ市長によると、行方不明者は120人にのぼる。

月曜日から降った雨で、市を流れる川があふれ、多くの家屋が水につかった。

約1,200人の住民が救助隊によって安全な場所へ運ばれた。

専門家は、堤防の老朽化が被害を広げた可能性があると指摘している。

県は被災者の生活再建に向けて特別予算を組む方針だ。"""

ZH_ORIGIN = """虚构港口城市贝尔遭遇暴雨 37人死亡

据气象部门介绍，虚构的港口城市贝尔从周一晚上开始持续降下创纪录的暴雨，河堤有三处决口。当地政府周二宣布，洪水已造成37人死亡，至少120人下落不明。

贝尔市长水野遥在新闻发布会上表示：“这是五十年来最严重的灾害。”她呼吁中央政府提供援助。

救援队动用船只和直升机，从低洼住宅区疏散了约1200名居民。

市内的小学和体育馆已设立临时避难所，并向灾民发放毛毯和饮用水。

铁路公司表示，部分铁轨被洪水冲走，连接港口城市和省会的线路将至少停运一周。"""

ZH_INDEPENDENT = """贝尔市洪灾遇难人数升至37人

贝尔市洪灾遇难人数已升至37人。市长水野遥说，失踪人数达到120人。

自周一起的降雨导致流经该市的河流泛滥，大量房屋被淹。

约1200名居民被救援人员转移到安全地带。

专家指出，堤坝老化可能加剧了灾情。

省政府计划拨出专项预算，帮助灾民重建家园。"""

KO_ORIGIN = """가상의 항구 도시 벨에 기록적 폭우, 37명 사망

기상청에 따르면 가상의 항구 도시 벨에는 월요일 밤부터 기록적인 폭우가 쏟아져 강둑 세 곳이 무너졌다. 현지 당국은 화요일 홍수로 인한 사망자가 37명에 이르렀으며 최소 120명이 실종됐다고 발표했다.

하루카 미즈노 벨 시장은 기자회견에서 "50년 만에 가장 큰 피해"라며 정부에 지원을 요청했다.

구조대는 보트와 헬기를 동원해 저지대 주택가에서 주민 약 1,200명을 대피시켰다.

시내 초등학교와 체육관에는 임시 대피소가 마련돼 담요와 식수가 배포되고 있다."""

KO_INDEPENDENT = """벨시 홍수 희생자 37명으로 늘어

벨시에서 발생한 홍수의 희생자가 37명으로 늘었다. 하루카 미즈노 시장에 따르면 실종자는 120명에 달한다.

월요일부터 내린 비로 시내를 흐르는 강이 범람해 많은 가옥이 물에 잠겼다.

주민 약 1,200명이 구조대에 의해 안전한 곳으로 옮겨졌다.

전문가들은 제방의 노후화가 피해를 키웠을 가능성이 있다고 지적했다."""

#: The English report the Japanese one translates, sentence by sentence.
EN_ORIGIN = """Record rain kills 37 in the fictional harbour town of Vell

Record rain lashed the fictional harbour town of Vell from Monday night, breaching the river embankment in three places, the weather agency said. Local authorities said on Tuesday that the flood had killed 37 people and that at least 120 were missing.

Vell's mayor, Haruka Mizuno, told a news conference that "damage like this has not been seen in fifty years" and asked the national government for help.

Rescue teams using boats and helicopters evacuated about 1,200 residents from low-lying neighbourhoods.

Temporary shelters were set up in the town's primary schools and gymnasiums, where blankets and drinking water were handed out.

The railway company said part of the track had been washed away and that the line linking the harbour town with the prefectural capital would be suspended for at least a week."""

# (language, origin, independent report, the figure as written before and after the edit, the sentence the edit cuts)
CASES = {
    "ja": (JA_ORIGIN, JA_INDEPENDENT, ("37人に達し", "41人に達し"), "市内の小学校や体育館には臨時の避難所が設けられ、毛布や飲料水が配られている。"),
    "zh": (ZH_ORIGIN, ZH_INDEPENDENT, ("造成37人", "造成41人"), "市内的小学和体育馆已设立临时避难所，并向灾民发放毛毯和饮用水。"),
    "ko": (KO_ORIGIN, KO_INDEPENDENT, ("37명에", "41명에"), "구조대는 보트와 헬기를 동원해 저지대 주택가에서 주민 약 1,200명을 대피시켰다."),
}  # fmt: skip
_OLD_TOKEN = re.compile(r"\w+(?:[.,’'-]\w+)*")


def _article(aid: str, text: str, language: str, published: str) -> Article:
    headline, _, body = text.partition("\n\n")
    return Article(id=aid, source=Source(path=f"{aid}.txt", format="text"), headline=headline, text=body,
                   language=language, published=published)  # fmt: skip


def _edited(text: str, figure: tuple[str, str], cut: str) -> str:
    assert figure[0] in text and cut in text
    return text.replace(figure[0], figure[1]).replace("\n\n" + cut, "")


def _links(derivations) -> dict[frozenset, object]:
    return {frozenset((d.copy_id, d.origin_id or d.sibling_ids[0])): d for d in derivations}


# --- tokens, sentences, figures


def test_a_chinese_or_japanese_run_is_cut_into_characters_katakana_words_and_figures():
    assert tokens("地元当局は火曜日、死者が37人に達した") == [
        "地", "元", "当", "局", "は", "火", "曜", "日", "死", "者", "が", "37人", "に", "達", "し", "た"]  # fmt: skip
    assert tokens("ハルカ・ミズノ市長はGoogleと120万ドル") == ["ハルカ", "ミズノ", "市", "長", "は", "Google", "と", "120万", "ドル"]
    assert tokens("시의회는 37명이 숨졌다") == ["시의회는", "37명이", "숨졌다"]  # Korean keeps its spaced words
    s = analyse_sentence("救助隊は約1,200人を避難させた。")
    assert s.numbers == ["1200"] and "救助" in s.word_set and "救" not in s.word_set


def test_an_english_sentence_quoting_a_chinese_name_keeps_its_english_tokens():
    english = "Chinese President Xi Jinping ({}) told reporters in Beijing on Monday that 1,200 people were safe."
    mixed, plain = english.format("习近平"), english.format("")
    got = analyse_sentence(mixed)
    ref = analyse_sentence(plain)
    assert [t for t in got.raw if t.isascii()] == ref.raw == _OLD_TOKEN.findall(plain)
    assert [w for w in got.words if w.isascii()] == ref.words
    assert got.names == ref.names and got.numbers == ref.numbers == ["1200"]
    assert [t for _, t in token_spans(mixed) if not t.isascii()] == ["习", "近", "平"]
    assert got.word_set == ref.word_set | {"习近", "近平"}


def test_chinese_and_japanese_sentences_end_at_full_width_marks():
    assert split_sentences("大雨が降った。市長は「被害は大きい。」と述べた。救助隊が到着した！") == [
        "大雨が降った。", "市長は「被害は大きい。」と述べた。", "救助隊が到着した！"]  # fmt: skip
    assert split_sentences("市长表示：“这是最严重的灾害。”她呼吁援助。") == ["市长表示：“这是最严重的灾害。”", "她呼吁援助。"]
    assert split_sentences("강둑이 무너졌다. 당국은 발표했다.") == ["강둑이 무너졌다.", "당국은 발표했다."]


@pytest.mark.parametrize(("token", "value"), [
    ("37人", "37"), ("120万", "1200000"), ("1,200人", "1200"), ("３７人", "37"), ("37명이", "37"), ("120만명", "1200000"),
    ("2019年", None), ("23日", None), ("3월", None), ("1,480", "1480"), ("3rd", None),
])  # fmt: skip
def test_a_figure_is_read_with_its_counter_or_scale_and_a_date_part_is_none(token, value):
    assert number_value(token) == value


def test_a_copy_sentence_aligns_and_an_independent_one_does_not():
    for language, (origin, independent, figure, cut) in CASES.items():
        o = article_sentences(*origin.split("\n\n", 1))
        c = article_sentences(*_edited(origin, figure, cut).split("\n\n", 1))
        i = article_sentences(*independent.split("\n\n", 1))
        copied = align(c, o)
        assert len(copied.pairs) == len(c) and copied.coverage_a == 1.0, language
        assert min(sim for _, _, sim in copied.pairs) > 0.7, language  # the sentence whose figure changed
        assert align(i, o).pairs == [], language


def _minhash_agreement(a, b) -> float:
    return float((a.minhash == b.minhash).mean())


def test_fingerprints_of_a_copy_share_most_minhash_values_and_an_independent_report_few():
    for language, (origin, independent, figure, cut) in CASES.items():
        fo, fc, fi = (fingerprint(_article(k, t, language, "2026-03-02")) for k, t in
                      (("o", origin), ("c", _edited(origin, figure, cut)), ("i", independent)))
        assert fo.scheme == SCHEME and fo.n_shingles > 50, language
        assert _minhash_agreement(fo, fc) > 0.6, language
        assert _minhash_agreement(fo, fi) < 0.1, language


# --- tracing


def _prose_ends_cjk() -> bool:
    """Whether derive.is_prose reads "。" as a sentence end (a change proposed to its owner)."""
    from newstrace.provenance.derive import is_prose

    return is_prose(analyse_sentence("地元当局は火曜日、死者が37人に達したと発表した。"))


@pytest.mark.parametrize("language", ["ja", "zh", "ko"])
def test_verbatim_and_edited_copies_are_linked_and_an_independent_report_is_not(language):
    origin, independent, figure, cut = CASES[language]
    o = _article("origin", origin, language, "2026-03-02")
    arts = [o, _article("verbatim", origin, language, "2026-03-03"), _article("independent", independent, language, "2026-03-03")]
    links = _links(trace(arts))
    assert set(links) == {frozenset(("origin", "verbatim"))}
    d = links[frozenset(("origin", "verbatim"))]
    assert (d.copy_id, d.origin_id, d.kind) == ("verbatim", "origin", "verbatim") and d.coverage == 1.0
    assert [c for c in d.changes if c.kind in ("number", "name", "omission")] == []

    arts = [o, _article("edited", _edited(origin, figure, cut), language, "2026-03-03"), arts[2]]
    links = _links(trace(arts))
    assert set(links) == {frozenset(("origin", "edited"))}
    d = links[frozenset(("origin", "edited"))]
    assert (d.copy_id, d.origin_id) == ("edited", "origin") and d.score > 0.9
    assert [c.detail for c in d.changes if c.kind == "number"] == ["37 -> 41"]
    assert [c.origin_text for c in d.changes if c.kind == "omission"] == [cut]
    assert not [c for c in d.changes if c.kind == "name"]  # "37명에" -> "41명에" is a figure, not a name
    if language == "ko" or _prose_ends_cjk():
        assert d.kind == "edited"


@pytest.mark.xfail(not _prose_ends_cjk(), strict=True,
                   reason="derive.is_prose does not end a sentence at '。' yet (one-line change proposed to its owner)")
@pytest.mark.parametrize("language", ["ja", "zh"])
def test_an_edited_chinese_or_japanese_copy_is_of_kind_edited(language):
    origin, _, figure, cut = CASES[language]
    arts = [_article("origin", origin, language, "2026-03-02"),
            _article("edited", _edited(origin, figure, cut), language, "2026-03-03")]
    (d,) = trace(arts)
    assert d.kind == "edited"


@pytest.mark.xfail(strict=True, reason="a Japanese or Chinese translation shares no name in Latin script with its "
                   "English origin, and only one sentence pair shares two specific figures (three are needed)")
@pytest.mark.parametrize("language", ["ja", "zh"])
def test_a_translation_from_english_is_linked(language):
    origin = CASES[language][0]
    arts = [_article("en", EN_ORIGIN, "en", "2026-03-02"), _article("t", origin, language, "2026-03-03")]
    (d,) = trace(arts)
    assert (d.copy_id, d.origin_id, d.kind) == ("t", "en", "translation")


# --- the command line, and a store fingerprinted under the previous scheme


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("newstrace")
    return subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False)


@pytest.mark.slow
def test_ingest_and_trace_through_the_command_line_and_after_a_fingerprint_scheme_change(tmp_path):
    """Japanese files through `newstrace ingest` and `newstrace trace --json`; then the store's
    fingerprints and last run are relabelled with the previous scheme, as a store made before this
    one holds them: an incremental trace refuses, and `trace --full` recomputes every fingerprint."""
    from newstrace.store import Store

    origin, independent, figure, cut = CASES["ja"]
    files = {"origin.txt": origin, "edited.txt": _edited(origin, figure, cut), "independent.txt": independent}
    for name, text in files.items():
        (tmp_path / name).write_text(text + "\n", encoding="utf-8")
    done = _cli("ingest", *files, "--store", "s.duckdb", "--jobs", "1", "-q", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = _cli("trace", "--store", "s.duckdb", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (link,) = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert {link["copy_source"], link["origin_source"] or "edited.txt"} <= {"origin.txt", "edited.txt"}
    numbers = [c["detail"] for c in link["changes"] if c["kind"] == "number"]
    assert numbers in (["37 -> 41"], ["41 -> 37"])

    old = re.sub(r"newstrace-fp/\d+", "newstrace-fp/5", SCHEME)  # any older scheme
    assert old != SCHEME
    with Store(tmp_path / "s.duckdb") as store:
        store.execute("UPDATE fingerprints SET scheme = ?, features = ''::BLOB", [old])
        store.execute("UPDATE fingerprint_schemes SET scheme = ?", [old])
        store.execute("UPDATE trace_runs SET params = replace(params, ?, ?)", [SCHEME, old])
        assert store.get_fingerprints(SCHEME) == []
    done = _cli("trace", "--store", "s.duckdb", cwd=tmp_path)
    assert done.returncode != 0 and "--full" in done.stdout + done.stderr
    done = _cli("trace", "--store", "s.duckdb", "--full", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (again,) = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    assert (again["copy_id"], again["kind"], again["changes"]) == (link["copy_id"], link["kind"], link["changes"])
    with Store(tmp_path / "s.duckdb") as store:
        stored = store.get_fingerprints(SCHEME)
        articles = {a.id: a for a in store.iter_articles()}
    assert len(stored) == len(articles) == 3
    for fp in stored:
        assert fp["features"] == fingerprint(articles[fp["article_id"]]).to_dict()["features"]
