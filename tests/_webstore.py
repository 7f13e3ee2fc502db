"""The store behind the report, web and browser tests, built once per test session.

Real articles are read at run time from ../shared (the provenance corpus and the seeds);
the hostile articles below are invented here: an origin and an edited copy whose
headlines, quotes, outlet and URL carry markup and script, and one article with a 1 MB
line, stored directly (its analysis is the ingest tests' business, its display is ours).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from newstrace.schema import Article, Claim, Entity, Quote, Source, text_id
from newstrace.store import IngestItem, Store
from newstrace.store.ingest import ingest
from newstrace.store.trace import run_trace
from newstrace.stories import update_stories

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PROVENANCE = SHARED / "corpora" / "provenance"
SEEDS = SHARED / "seeds"

#: Markup that must reach the page as text, never as elements or attributes.
SCRIPT = "<script>alert('nt-script')</script>"
IMG = "<img src=x onerror=alert('nt-img')>"
SVG = "<svg onload=alert('nt-svg')>"
BREAKOUT = "</script><script>alert('nt-breakout')</script>"
JS_URL = "javascript:alert('nt-url')"
HOSTILE_HEADLINE = f"Riverton bridge closes {SCRIPT} after flood {IMG}"
HOSTILE_SPEAKER = "Dana <b onmouseover=alert('nt-speaker')>Whitlock</b>"
#: A line of one million characters (with markup in it) in the long article.
LONG_LINE = ("Flood water " + SCRIPT + " rose again " + IMG + " ") * 20_000
LONG_LINE = LONG_LINE[:1_000_000]

_ORIGIN = [
    "RIVERTON — The old stone bridge over the Marren river was closed on Tuesday after floodwater damaged "
    "two of its five arches, the town council said.",
    f'"We will not reopen it until engineers say it is safe {SCRIPT}," said council leader Dana Whitlock.',
    "More than 320 households on the east bank now face a detour of 14 kilometres, according to the council.",
    "Engineers from the county found cracks in the northern pier on Monday evening and recommended the closure.",
    f'A temporary ferry will run every 30 minutes from Thursday, the council said. <a href="{JS_URL}">Timetable</a>',
    "Local shop owners said the closure would hurt trade during the harvest festival, which usually draws "
    "9,000 visitors to the town.",
    "The bridge was built in 1874 and was last repaired in 1996, when a lorry struck its southern parapet.",
]
_COPY = [
    "RIVERTON — The old stone bridge over the Marren river was shut on Tuesday after floodwater damaged "
    "two of its five arches, the town council said.",
    f'"We will not reopen it until engineers say it is safe {SCRIPT}," said council leader Dana Whitlock.',
    "More than 270 households on the east bank now face a detour of 14 kilometres, according to the council.",
    "Engineers from the county found cracks in the northern pier on Monday evening and recommended the closure.",
    f"A temporary ferry will run every 30 minutes from Thursday, the council said. {BREAKOUT}",
    "Local shop owners said the closure would hurt trade during the harvest festival, which usually draws "
    "9,000 visitors to the town.",
    f"The bridge was built in 1874 and was last repaired in 1996, when a lorry struck its southern parapet. {SVG}",
]
HOSTILE_RECORDS = [
    {"title": HOSTILE_HEADLINE, "text": "\n\n".join(_ORIGIN), "url": "https://riverton.example/news/2021/05/04/bridge",
     "published": "2021-05-04", "outlet": "Riverton Courier"},
    {"title": f"Flood shuts Riverton bridge {BREAKOUT}", "text": "\n\n".join(_COPY), "url": JS_URL,
     "published": "2021-05-05", "outlet": f"Copy Farm {SCRIPT}"},
]  # fmt: skip


def long_article() -> Article:
    """The invented article with a 1 MB line and hostile quote, claim and entity fields."""
    text = "A council report on the flood was published on Monday.\n\n" + LONG_LINE + "\n\nThe report ends here."
    headline = f"Long report {SCRIPT} {IMG}"
    art = Article(
        source=Source(path="hostile/long.txt", format="text", url=JS_URL),
        outlet=f"Long Line Weekly {IMG}",
        language="en",
        headline=headline,
        published="2021-05-06",
        byline=[HOSTILE_SPEAKER],
        text=text,
        raw_text=text,
        quotes=[Quote(content=f"The water {SCRIPT} came fast {IMG}", speaker=HOSTILE_SPEAKER, cue="said",
                      start=0, end=10)],  # fmt: skip
        claims=[Claim(value=320.0, text="320", what=f"households {IMG}", start=0, end=3, sentence=LONG_LINE[:5000])],
        entities=[Entity(text=HOSTILE_SPEAKER, label="PERSON", canonical=HOSTILE_SPEAKER, start=0, end=5)],
    )
    art.id = text_id(headline + "\n" + text)
    return art


@lru_cache(maxsize=1)
def build_store(folder: Path) -> Path:
    """Ingest the provenance corpus, the seeds and the hostile pair; trace; add the long article; cluster.

    About a minute on two cores; the ``store_path`` fixture of tests/conftest.py builds it once
    per session for every module that uses it. Returns the store path.
    """
    folder.mkdir(parents=True, exist_ok=True)
    hostile = folder / "hostile.jsonl"
    hostile.write_text("".join(json.dumps(r) + "\n" for r in HOSTILE_RECORDS), encoding="utf-8")
    path = folder / "web.duckdb"
    inputs = sorted(PROVENANCE.glob("*/*.txt")) + sorted(SEEDS.glob("*.txt")) + [hostile]
    with Store(path) as st:
        ingest(inputs, st, jobs=2)
        run_trace(st)
        st.write_batch([IngestItem(input_key=str(folder / "long.txt"), record=0, article=long_article())])
        update_stories(st)
    return path


def url_of(path: Path) -> str:
    """The URL on the first line of a provenance corpus file."""
    return path.read_text(encoding="utf-8").splitlines()[0].removeprefix("URL:").strip()


def corpus_file(prefix: str, name: str) -> Path:
    """A provenance corpus file by story prefix (``h``) and file name (``01-original.txt``)."""
    (folder,) = PROVENANCE.glob(f"{prefix}-*")
    return folder / name


def invoke_wide(*args) -> object:
    """Run the ``newstrace`` CLI in this process, 300 columns wide (so tables do not wrap), and return
    typer's ``Result``."""
    from typer.testing import CliRunner

    from newstrace.cli import app

    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "300"})
