"""The Reuters-21578 reader, chosen by content: one record per <REUTERS> story of the real collection in ../shared."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from newstrace.cli import app
from newstrace.corpora.reuters import iter_reuters
from newstrace.readers import detect_format, read_path
from newstrace.readers.reuters import BRIEF

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REUTERS = SHARED / "corpora" / "reuters21578"


def _stories_of(path: Path) -> list[str]:
    """The raw ``<REUTERS>...</REUTERS>`` elements of one file of the collection, as written there."""
    return re.findall(r"<REUTERS\b.*?</REUTERS>", gzip.open(path, "rt", encoding="utf-8", errors="replace").read(), re.S)


def _sgml(tmp_path: Path, elements: list[str], name: str = "reut2-000.sgm", tail: str = "") -> Path:
    """A file in the original distribution's SGML layout (DOCTYPE line, then the elements), gzip for ``.gz`` names."""
    data = ('<!DOCTYPE lewis SYSTEM "lewis.dtd">\n' + "\n".join(elements) + "\n" + tail).encode("utf-8")
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    return path


@pytest.mark.slow  # reads the whole collection (about 5 s)
def test_the_whole_collection_reads_as_one_record_per_story_with_a_body():
    """Every reut2-*.xml.gz is sniffed as Reuters; its stories match the corpus loader's, briefs skipped and counted."""
    files = sorted(REUTERS.glob("reut2-*.xml.gz"))
    assert len(files) == 22 and {detect_format(f) for f in files} == {"reuters"}
    skipped: Counter = Counter()
    docs = [d for f in files for d in read_path(f, skipped=skipped)]
    loader = list(iter_reuters(REUTERS))
    assert len(docs) == len(loader) == 19043 and skipped == Counter({BRIEF: 21578 - 19043})
    assert [d for d in docs if d.error is not None] == []
    # one story of reut2-017 holds a byte that is not UTF-8 (0xfc): it is read as Windows-1252 ("ü"), with a W103
    # warning (the loader reads it as U+FFFD)
    noticed = [d for d in docs if d.notices]
    assert [(n.code, Path(d.source.path).name) for d in noticed for n in d.notices] == [("W103", "reut2-017.xml.gz")]
    for doc, story in zip(docs, loader):
        if doc.notices:
            doc.text = doc.text.replace("\u00fc", "\ufffd")
        title, _, body = doc.text.partition("\n\n")
        paras = body.split("\n\n")
        assert title == " ".join(story.title.split())
        assert paras[1:] == story.paragraphs()[1:] and paras[0].endswith(story.paragraphs()[0])
        assert doc.meta.get("published", "") == story.date and doc.meta["outlet"] == "Reuters"  # a few DATEs do not parse
    assert [d.source.record for d in docs[:3]] == [0, 1, 2] and docs[0].source.line == 3  # after <?xml> and <LEWIS>


@pytest.mark.parametrize("name", ["reut2-000.sgm", "reut2-000.sgm.gz", "reut2-000.xml", "wire-dump"])
def test_analyze_reads_sgml_stories_as_articles(tmp_path, name):
    """``newstrace analyze reut2-000.sgm``: one analysed article per story (it was one 1.3 MB text record, E105)."""
    elements = _stories_of(REUTERS / "reut2-000.xml.gz")[:3]
    path = _sgml(tmp_path, elements, name)
    result = CliRunner().invoke(app, ["analyze", "--json", str(path)])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert (result.exit_code, result.stderr) == (0, ""), result.output
    stories = [s for s in iter_reuters(REUTERS)][:3]
    assert [r["source"]["format"] for r in records] == ["reuters"] * 3
    assert [r["source"]["line"] for r in records] == [2, 2 + elements[0].count("\n") + 1,
                                                      3 + elements[0].count("\n") + elements[1].count("\n") + 1]
    for r, story in zip(records, stories):
        assert r["errors"] == [] and r["headline"].upper() == " ".join(story.title.split()).upper()
        assert r["published"].startswith(story.date[:16]) and r["credit"] == "Reuters"
        assert r["dateline"] and r["dateline"].split(",")[0] == story.dateline.split(",")[0].strip()


def test_truncated_sgml_keeps_the_stories_before_the_cut(tmp_path):
    elements = _stories_of(REUTERS / "reut2-001.xml.gz")[:3]
    cut = elements[2][: len(elements[2]) // 2]
    path = _sgml(tmp_path, elements[:2], tail=cut)
    docs = list(read_path(path))
    line = 2 + elements[0].count("\n") + 1 + elements[1].count("\n") + 1
    assert [d.error is None for d in docs] == [True, True, False]
    assert docs[2].error.code == "E106"
    assert docs[2].error.message == f"{path}:{line}: <REUTERS> element not closed: the file is truncated here"


def test_only_a_file_that_starts_like_the_collection_is_sniffed(tmp_path):
    element = _stories_of(REUTERS / "reut2-000.xml.gz")[0]
    mention = tmp_path / "notes.txt"
    mention.write_text("How the corpus is marked up\n\nEach story sits in an element such as\n\n" + element, encoding="utf-8")
    assert detect_format(mention) == "text" and len(list(read_path(mention))) == 1
    briefs = _sgml(tmp_path, [e for e in _stories_of(REUTERS / "reut2-000.xml.gz") if "<BODY>" not in e][:2])
    (doc,) = read_path(briefs)
    assert doc.error.code == "E102"
    assert doc.error.message.endswith("none of its 2 <REUTERS> stories has a body (2 briefs, headline only)")


def test_a_file_whose_closing_tags_are_all_missing_is_read_in_linear_time(tmp_path):
    """Invented: 3,000 stories opened and never closed. An open-ended pattern rescanned the rest of the file from
    every tag (21 s CPU for 200 stories, minutes here); now the first unclosed story is E106 and the reader finishes."""
    opened = "".join(f'<REUTERS NEWID="{i}">\n<TITLE>PORT CALDER NOTE {i}</TITLE>\n<BODY>Invented body {i}.</BODY>\n'
                     for i in range(3000))  # fmt: skip
    path = tmp_path / "reut2-900.sgm"
    path.write_text('<!DOCTYPE lewis SYSTEM "lewis.dtd">\n' + opened, encoding="utf-8")
    docs = list(read_path(path))  # quadratic or worse took minutes here
    assert [d.error.code for d in docs] == ["E106"] and ":2: <REUTERS> element not closed" in docs[0].error.message
