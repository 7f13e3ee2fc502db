"""The provenance corpus loader reads each article's language the way ingest does (identify_language)."""

from __future__ import annotations

from pathlib import Path

import py3langid
import pytest

from newstrace.corpora.provenance import load_corpus, load_seeds
from newstrace.pipeline import analyze_document
from newstrace.readers import read_paths

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPUS = SHARED / "corpora" / "provenance"

# Invented: an earnings table of the kind py3langid misreads as a language (Nigerian Pidgin, "zxx").
TABLE = "\n".join(
    f"Shr {i}.{i + 2}5 dlrs vs {i + 1}.10 dlrs\nNet {i + 4},{i}00 vs {i + 3},{i + 1}00\nRevs {i + 9}.{i} mln vs {i + 7}.2 mln"
    for i in range(1, 6)
)


def _story(tmp_path: Path) -> Path:
    story = tmp_path / "x-invented-story"
    story.mkdir()
    (story / "01-original.txt").write_text(f"URL: https://example.invalid/a\nROLE: original\n\n{TABLE}\n", encoding="utf-8")
    (story / "02-copy-verbatim.txt").write_text(
        "URL: https://example.invalid/b\nROLE: copy-verbatim\n\n"
        "The harbour board said on Tuesday that the new ferry would enter service in the spring, "
        "after two years of delays caused by a shortage of steel at the yard.\n", encoding="utf-8")
    (story / "LABELS.md").write_text("| file | site | role | derives from | confidence |\n|---|---|---|---|---|\n"
                                     "| 01 | a | original | — | high |\n| 02 | b | copy-verbatim | 01 | high |\n",
                                     encoding="utf-8")
    return tmp_path


def test_table_excerpt_has_no_language(tmp_path):
    # py3langid alone names a language for the table; ingest abstains, and so must the loader.
    assert py3langid.classify(TABLE)[0] != "en"
    articles, gold, _ = load_corpus(_story(tmp_path))
    by_url = {a.source.url: a for a in articles}
    assert by_url["https://example.invalid/a"].language is None
    assert by_url["https://example.invalid/b"].language == "en"
    assert len(gold.members["x-invented-story"]) == 2


def test_seed_table_has_no_language(tmp_path):
    (tmp_path / "s.txt").write_text("Quarterly results\n" + TABLE + "\n", encoding="utf-8")
    (seed,) = load_seeds(tmp_path)
    assert seed.language is None


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpora/provenance not present")
def test_real_corpus_languages_match_ingest():
    # the language ingest's pipeline gives the same file (text reader, repair, structure with
    # its headline and page furniture, then the language stage), not the loader's own call again
    articles, _, _ = load_corpus(CORPUS)
    raws = {raw.source.path: raw for raw in read_paths([str(p) for p in sorted(CORPUS.glob("*/*.txt"))])}
    assert len(articles) > 50 and all(art.source.path in raws for art in articles)
    ingested = {path: analyze_document(raws[path], stages=("repair", "structure", "language")).language
                for path in (art.source.path for art in articles)}
    assert [(a.source.path, a.language) for a in articles if a.language != ingested[a.source.path]] == []
    langs = {a.language for a in articles}
    assert {"en", "es", "pt", "ru", "el", "id", "nl"} <= langs
