"""HTML text extraction: a block element written against text is a new line, not glued to the sentence
before it, and one line break inside a sentence does not split it into two paragraphs.

Real data (read from ../shared at run time): the trafilatura evaluation pages, whose extracted
words must not change. The example pages are invented for these tests.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

import newstrace.readers.html as html_reader
from newstrace.pipeline import analyze_document
from newstrace.readers.html import html_to_document, separate_blocks
from newstrace.schema import Source

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TRAF = SHARED / "corpora" / "trafilatura-eval-en"

PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Ferry returns to Osk - Osk Post</title></head>
<body><article><h1>Ferry returns to Osk</h1>
<div class="story">OSK — The harbour crew worked until late in the evening<br>and by dawn the ferry was back in
service, the operator said.<br><br>The storm, which struck on Friday, tore up <span>200</span><span>metres</span> of
the pier. &ldquo;We lifted 900 tonnes of stone,&rdquo; said <a href="/p/1">Ines Marr</a>, the port engineer.<br><br>
Cars were told to keep to 10mph on the pier.<div>Families on the island said they were glad to see the boat
again.</div><p>Mail arrived on the first crossing,<br>a day late.</p></div></article></body></html>"""


def test_block_element_against_text_is_its_own_paragraph_and_breaks_inside_sentences_join():
    doc = html_to_document(PAGE, Source(format="html"))
    paragraphs = doc.text.split("\n\n")
    assert paragraphs[0] == "Ferry returns to Osk"
    assert ("OSK — The harbour crew worked until late in the evening and by dawn the ferry was back in service, "
            "the operator said.") in paragraphs
    assert "Cars were told to keep to 10mph on the pier." in paragraphs
    assert "Families on the island said they were glad to see the boat again." in paragraphs
    assert "Mail arrived on the first crossing, a day late." in paragraphs
    assert "pier.Families" not in doc.text


def test_article_from_the_page_has_the_figure_split_and_the_quote():
    article = analyze_document(html_to_document(PAGE, Source(format="html")))
    assert "tore up 200 metres of the pier" in article.text
    assert [q.speaker for q in article.quotes] == ["Ines Marr"]


@pytest.mark.parametrize("page", [
    "<p>Ann Lee<br>Staff Writer</p>",  # a capital after the break: lines of a byline block
    "<pre>type:<br>rehash<br>which openssl</pre>",  # short lines of a listing
    "<p>Road closed.<br>diversion via Dask</p>",  # a sentence ends before the break
    "<div><div>One</div> <div>Two</div></div>",  # blocks already apart
])
def test_separate_blocks_leaves_these_alone(page):
    assert separate_blocks(page) == page


def test_trafilatura_eval_pages_keep_their_words():
    folder = TRAF / "html"
    if not folder.is_dir():
        pytest.skip("trafilatura evaluation pages not present in ../shared")
    names = sorted(p.name for p in folder.iterdir())[:10]
    assert len(names) == 10
    changed = []
    for name in names:
        data = (folder / name).read_bytes()
        page = (gzip.decompress(data) if name.endswith(".gz") else data).decode("utf-8", errors="replace")
        with_blocks = html_reader._extract(page, None)
        original = html_reader.separate_blocks
        try:
            html_reader.separate_blocks = lambda p: p
            without = html_reader._extract(page, None)
        finally:
            html_reader.separate_blocks = original
        words = [" ".join((d.text or "").split()) if d is not None else "" for d in (with_blocks, without)]
        if words[0] != words[1]:
            changed.append(name)
    assert changed == []
