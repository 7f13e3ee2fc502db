"""Every failure-kind case in ../shared/cases, checked field by field under the rules of cases/README.md.

Each case is analysed once (text through ``newstrace.analyze``; HTML written to a ``.html``
file and analysed as a page) and checked in two groups, so a failure names its area:
``structure`` (headline, byline, credit, contributors, dateline, dates, text) and
``quotes`` (quotes, not_quotes, quote_count).
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

import newstrace
from newstrace.pipeline import Context
from newstrace.schema import Article, Quote

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CASES = sorted((SHARED / "cases").glob("*.json"))

STRUCTURE_FIELDS = (
    "headline", "byline", "not_byline", "contributors", "credit", "dateline", "published", "published_offset",
    "updated", "updated_offset", "text_must_not_repeat", "text_must_contain", "text_must_not_contain",
)
QUOTE_FIELDS = ("quotes", "not_quotes", "quote_count")

# --- normalisation (cases/README.md "Expected fields and how they are matched") -------------

_DOUBLE = "\"\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\u301d\u301e"
_SINGLE = "'\u2018\u2019\u201a\u201b\u2039\u203a\u2032`\u00b4"
_FINAL_PUNCT = ".,;:!?\u2026"


def norm(text: str) -> str:
    """NFC, quotation marks and apostrophes unified, white space runs (incl. no-break) to one space, case folded."""
    text = unicodedata.normalize("NFC", text)
    text = "".join('"' if ch in _DOUBLE else "'" if ch in _SINGLE else ch for ch in text)
    text = re.sub(r"[\s\u00a0\u202f\u2007\u2060]+", " ", text)
    return text.strip().casefold()


def norm_name(text: str) -> str:
    """A name compared ignoring case and accents."""
    text = unicodedata.normalize("NFKD", norm(text))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def norm_content(text: str) -> str:
    """Quote content with enclosing marks and surrounding space removed."""
    return norm(text).strip(" \"'")


def strip_final(text: str) -> str:
    return text.rstrip(_FINAL_PUNCT + " \"'")


# --- quote matching -----------------------------------------------------------------------


def _part_start(content: str, starts: str) -> int | None:
    """Where the listed start begins in a returned content: 0, or right after an interruption
    or paragraph break inside a joined quote; ``None`` if neither."""
    if content.startswith(starts):
        return 0
    at = content.find(starts)
    while at > 0:
        before = content[:at].rstrip()
        if before and before[-1] in _FINAL_PUNCT + "\"'\u2014\u2013-":
            return at
        at = content.find(starts, at + 1)
    return None


def _ends_ok(content: str, start: int, ends: str, next_starts: list[str]) -> bool:
    """The part beginning at ``start`` ends with ``ends`` (final punctuation ignored): at the end of
    the returned content, or inside a joined quote right before another listed part begins."""
    part = content[start:]
    target = strip_final(ends)
    if strip_final(part).endswith(target):
        return True
    for m in re.finditer(re.escape(target) + r"[" + re.escape(_FINAL_PUNCT) + r"\"' ]*", part):
        rest = part[m.end():].lstrip(" \"'")
        if rest and any(rest.startswith(s) for s in next_starts):
            return True
    return False


def _speaker_ok(quote: Quote, want: dict, person_names: set[str]) -> bool:
    speakers = want.get("speaker")
    if speakers is None:
        return True
    if not quote.speaker:
        return False
    if want.get("speaker_is_unnamed"):
        said = norm_name(quote.speaker)
        if said in person_names:
            return False
        return any(re.search(r"\b" + re.escape(norm_name(w)) + r"\b", said) for w in speakers)
    return norm_name(quote.speaker) in {norm_name(s) for s in speakers}


def quote_candidates(want: dict, quotes: list[Quote], person_names: set[str], all_starts: list[str] = ()
                     ) -> list[tuple[int, bool]]:
    """Returned quotes that satisfy one expected entry: ``(index, as_start)`` pairs.

    ``as_start`` is true when the entry begins the returned quote (such a quote may serve one
    entry only); false when it begins a later part of a joined quote (shareable).
    ``all_starts`` are the normalised starts of every listed quote of the case: a part of a
    joined quote may end right before one of them.
    """
    out = []
    starts = norm_content(want["content_starts"])
    others = [s for s in all_starts if s != starts]
    for i, q in enumerate(quotes):
        content = norm_content(q.content)
        at = _part_start(content, starts)
        if at is None:
            continue
        if want.get("content_ends") and not _ends_ok(content, at, norm_content(want["content_ends"]), others):
            continue
        if not _speaker_ok(q, want, person_names):
            continue
        out.append((i, at == 0))
    return out


def assign_quotes(expected: list[dict], quotes: list[Quote], person_names: set[str]) -> list[int]:
    """Indices of expected entries left unmatched under one-to-one assignment (backtracking)."""
    starts = [norm_content(w["content_starts"]) for w in expected]
    options = [quote_candidates(w, quotes, person_names, starts) for w in expected]
    order = sorted(range(len(expected)), key=lambda i: len(options[i]))
    best: list[int] = list(range(len(expected)))

    def search(k: int, used: set[int], missed: list[int]) -> None:
        nonlocal best
        if len(missed) >= len(best):
            return
        if k == len(order):
            best = list(missed)
            return
        i = order[k]
        for qi, as_start in options[i]:
            if as_start and qi in used:
                continue
            search(k + 1, used | ({qi} if as_start else set()), missed)
            if not best:
                return
        search(k + 1, used, missed + [i])

    search(0, set(), [])
    return sorted(best)


# --- running the cases --------------------------------------------------------------------


@lru_cache(maxsize=1)
def _ctx() -> Context:
    return Context()


_TMP = Path(__file__).resolve().parents[1] / "test-artifacts" / "cases"


@lru_cache(maxsize=None)
def analysed(path: Path) -> Article:
    """The case's input analysed once (HTML through a ``.html`` file, like a user's page)."""
    case = json.loads(path.read_text(encoding="utf-8"))
    if "html" in case["input"]:
        _TMP.mkdir(parents=True, exist_ok=True)
        page = _TMP / (path.stem + ".html")
        page.write_text(case["input"]["html"], encoding="utf-8")
        return newstrace.analyze(page, ctx=_ctx())
    return newstrace.analyze(case["input"]["text"], ctx=_ctx())


def check_structure(article: Article, exp: dict) -> list[str]:
    """Failures of the structure fields of one case, as readable messages."""
    bad = []
    if "headline" in exp and norm(article.headline) != norm(exp["headline"]):
        bad.append(f"headline {article.headline!r} != {exp['headline']!r}")
    if "byline" in exp and sorted(map(norm, article.byline)) != sorted(map(norm, exp["byline"])):
        bad.append(f"byline {article.byline!r} != {exp['byline']!r}")
    for wrong in exp.get("not_byline", []):
        for entry in article.byline + article.contributors:
            if norm(wrong) in norm(entry):
                bad.append(f"not_byline {wrong!r} found in {entry!r}")
    if "contributors" in exp and sorted(map(norm, article.contributors)) != sorted(map(norm, exp["contributors"])):
        bad.append(f"contributors {article.contributors!r} != {exp['contributors']!r}")
    if "credit" in exp and norm(article.credit or "") != norm(exp["credit"] or ""):
        bad.append(f"credit {article.credit!r} != {exp['credit']!r}")
    if "dateline" in exp and not norm(article.dateline or "").startswith(norm(exp["dateline"])):
        bad.append(f"dateline {article.dateline!r} does not start with {exp['dateline']!r}")
    for kind in ("published", "updated"):
        want = exp.get(kind)
        got = getattr(article, kind)
        if want is not None:
            if got is None or got[: len(want[:16])] != want[:16]:
                bad.append(f"{kind} {got!r} != {want!r}")
        want_off = exp.get(f"{kind}_offset")
        got_off = getattr(article, f"{kind}_offset")
        if want_off is not None and got_off != want_off:
            bad.append(f"{kind}_offset {got_off!r} != {want_off!r}")
    text = norm(article.text)
    if "text_must_not_repeat" in exp and text.count(norm(exp["text_must_not_repeat"])) > 1:
        bad.append(f"text repeats {exp['text_must_not_repeat']!r} {text.count(norm(exp['text_must_not_repeat']))} times")
    for s in exp.get("text_must_contain", []):
        if norm(s) not in text:
            bad.append(f"text lacks {s!r}")
    for s in exp.get("text_must_not_contain", []):
        if norm(s) in text:
            bad.append(f"text contains {s!r}")
    return bad


def check_quotes(article: Article, exp: dict) -> list[str]:
    """Failures of the quote fields of one case, as readable messages."""
    bad = []
    quotes = article.quotes
    people = {norm_name(e.canonical) for e in article.entities if e.label == "PERSON"}
    people |= {norm_name(e.text) for e in article.entities if e.label == "PERSON"}
    got = [(q.content[:60], q.speaker) for q in quotes]
    if "quotes" in exp:
        for i in assign_quotes(exp["quotes"], quotes, people):
            bad.append(f"quote not matched: {exp['quotes'][i]!r}; returned {got!r}")
    for nq in exp.get("not_quotes", []):
        for q in quotes:
            if strip_final(norm_content(q.content)) == strip_final(norm_content(nq)):
                bad.append(f"not_quote {nq!r} returned as a quote")
    if "quote_count" in exp and len(quotes) != exp["quote_count"]:
        bad.append(f"quote_count {len(quotes)} != {exp['quote_count']}; returned {got!r}")
    return bad


def _params(fields):
    out = []
    for path in CASES:
        exp = json.loads(path.read_text(encoding="utf-8"))["expected"]
        if any(f in exp for f in fields):
            out.append(pytest.param(path, id=path.stem))
    return out


def test_cases_are_present():
    assert len(CASES) >= 26, f"expected the 26 shared cases, found {len(CASES)} in {SHARED / 'cases'}"


@pytest.mark.parametrize("path", _params(STRUCTURE_FIELDS))
def test_case_structure(path):
    article = analysed(path)
    exp = json.loads(path.read_text(encoding="utf-8"))["expected"]
    assert not [e for e in article.errors if e.stage in ("read", "repair", "structure")], article.errors
    assert check_structure(article, exp) == []


@pytest.mark.parametrize("path", _params(QUOTE_FIELDS))
def test_case_quotes(path):
    article = analysed(path)
    exp = json.loads(path.read_text(encoding="utf-8"))["expected"]
    assert not article.errors, article.errors
    assert check_quotes(article, exp) == []


# --- the checker itself must be able to fail ----------------------------------------------


def _q(content: str, speaker: str | None, unnamed: bool = False) -> Quote:
    return Quote(content=content, speaker=speaker, speaker_is_unnamed=unnamed, start=0, end=len(content))


def test_checker_matches_joined_and_separate_split_quotes():
    want = [{"content_starts": "We lit fires", "speaker": ["Oona Vale"]},
            {"content_starts": "but at four", "speaker": ["Oona Vale"]}]
    joined = [_q("We lit fires all night, but at four it froze.", "Oona Vale")]
    separate = [_q("We lit fires all night,", "Oona Vale"), _q("but at four it froze.", "Oona Vale")]
    assert assign_quotes(want, joined, set()) == []
    assert assign_quotes(want, separate, set()) == []
    # A quote that merely contains the words mid-clause is not a part.
    assert assign_quotes([want[1]], [_q("We say but at four it froze.", "Oona Vale")], set()) == [0]


def test_checker_is_one_to_one_and_checks_speakers():
    want = [{"content_starts": "Yes", "speaker": ["Ann Lee"]}, {"content_starts": "Yes", "speaker": ["Ann Lee"]}]
    assert assign_quotes(want, [_q("Yes.", "Ann Lee")], set()) == [1]
    assert assign_quotes(want[:1], [_q("Yes.", "Bo Lee")], set()) == [0]
    assert assign_quotes(want[:1], [_q("Yes.", "ANN LÉE")], set()) == []


def test_checker_unnamed_speaker_rules():
    want = [{"content_starts": "No deal", "speaker": ["official"], "speaker_is_unnamed": True}]
    assert assign_quotes(want, [_q("No deal.", "an official involved in the talks", True)], set()) == []
    assert assign_quotes(want, [_q("No deal.", "Agneta Lund")], {"agneta lund"}) == [0]


def test_checker_content_ends_rejects_run_on():
    want = [{"content_starts": "We used to", "content_ends": "last bus of the night", "speaker": ["Elsa Kaur"]}]
    assert assign_quotes(want, [_q("We used to wait. Now we miss the last bus of the night.", "Elsa Kaur")],
                         set()) == []
    assert assign_quotes(want, [_q("We used to wait. Now we miss the last bus of the night. - AFP", "Elsa Kaur")],
                         set()) == [0]


def test_checker_normalises_marks_space_and_case():
    assert norm("\u201cIt\u2019s  here\u00a0now\u201d") == norm('"it\'s here now"')
    exp = {"text_must_not_repeat": "Every pump", "headline": "A \u201cbig\u201d day"}
    art = Article(headline='a "big"  day', text="Every pump runs.\n\nEVERY PUMP runs.")
    assert check_structure(art, exp) == ["text repeats 'Every pump' 2 times"]


def test_checker_joined_multi_paragraph_parts_end_before_the_next_part():
    want = [{"content_starts": "What we watch", "content_ends": "in the schools", "speaker": ["Ada Ruiz"]},
            {"content_starts": "Admissions have fallen", "content_ends": "close anything", "speaker": ["Ada Ruiz"]}]
    joined = [_q("What we watch is the strain in the schools.\n\nAdmissions have fallen. We will not close anything.",
                 "Ada Ruiz")]
    assert assign_quotes(want, joined, set()) == []
    cut = [_q("What we watch is the strain in the", "Ada Ruiz"), _q("Admissions have fallen.", "Ada Ruiz")]
    assert assign_quotes(want, cut, set()) == [0, 1]
