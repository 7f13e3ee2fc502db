"""Claims: precision/recall on the invented labelled set and the seed, and throughput on Reuters-21578.

Usage::

    python bench/claims_eval.py                 # labelled sets + seed + the first 5,000 Reuters stories
    python bench/claims_eval.py --reuters 0     # all 19,043 Reuters bodies
    python bench/claims_eval.py --reuters -1    # skip Reuters

Throughput is the CPU time of :func:`extract_claims` alone, parses included; the light
pipeline pass of :class:`ParsedText` (batched, as ``analyze`` runs it) is timed separately,
as entities and quotes share it. Also printed: the share of sentences that needed the
dependency parse, and the peak memory one story's claims need beyond its ParsedText
(tracemalloc, first 200 stories).
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LABELLED = REPO / "tests" / "data" / "claims_labelled.json"
SEED = "000_11a0f38c45f1b9ff"
_STOP = {"the", "a", "an", "of", "in", "who", "that", "this", "year", "people", "left", "fled", "killed",
         "injured", "interviewed", "recognizing", "country"}


def load_labelled(path: Path = LABELLED) -> list[dict]:
    """The invented labelled sentences (``tests/data/claims_labelled.json``)."""
    return json.loads(path.read_text(encoding="utf-8"))["cases"]


def _contains(got: str | None, want: str | None) -> bool:
    if want is None:
        return got is None
    return got is not None and want.casefold() in got.casefold()


def case_claims(case: dict, nlp) -> list:
    """Claims of one labelled case, with its quotations placed in the text."""
    from newstrace.nlp.claims import extract_claims
    from newstrace.nlp.parsing import ParsedText
    from newstrace.schema import Quote

    text = case["text"]
    quotes = []
    for q in case.get("quotes", []):
        start = text.index(q["content"])
        end = start + len(q["content"])
        quotes.append(Quote(content=q["content"], speaker=q["speaker"], start=start, end=end))
    return extract_claims(ParsedText(text, nlp), [], quotes)


def _match(gold: list[dict], got: list) -> list[tuple[dict, object]]:
    pairs, free = [], list(got)
    for g in gold:
        hit = next((c for c in free if abs(c.value - g["value"]) <= 1e-6 * max(1.0, abs(g["value"]))
                    and ("text" not in g or g["text"] == c.text)), None)
        if hit is not None:
            free.remove(hit)
        pairs.append((g, hit))
    return pairs


def score_labelled(cases: list[dict], nlp) -> dict:
    """Precision and recall of claim values, and per-field accuracy over matched claims.

    A predicted claim is right when its value equals a gold value of its sentence (the gold
    lists are exhaustive); a field is right when it equals (qualifier, unit) or contains
    (what, period, source) the gold one; only fields the gold claim states are scored.
    ``negatives`` counts ``not_claims`` forms; one that comes out as a claim is an error.
    """
    tp = fp = fn = negatives = 0
    fields: dict[str, list[int]] = {k: [0, 0] for k in ("qualifier", "unit", "what", "period", "source")}
    errors: list[str] = []
    for case in cases:
        got = case_claims(case, nlp)
        pairs = _match(case["claims"], got)
        matched = {id(c) for _, c in pairs if c is not None}
        for g, c in pairs:
            if c is None:
                fn += 1
                errors.append(f"missed {g['value']} in: {case['text']}")
                continue
            tp += 1
            for key, cell in fields.items():
                if key not in g:
                    continue
                cell[1] += 1
                got_value = getattr(c, key)
                ok = got_value == g[key] if key in {"qualifier", "unit"} else _contains(got_value, g[key])
                cell[0] += ok
                if not ok:
                    errors.append(f"{key} of {g['value']}: got {got_value!r}, want {g[key]!r} in: {case['text']}")
        for c in got:
            if id(c) not in matched:
                fp += 1
                errors.append(f"extra {c.value:g} ({c.text!r}) in: {case['text']}")
        for form in case.get("not_claims", []):
            negatives += 1
            if any(c.text == form or c.text.startswith(form + " ") for c in got):
                errors.append(f"not a claim: {form!r} in: {case['text']}")
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    out = {"gold": tp + fn, "negatives": negatives, "precision": p, "recall": r,
           "f1": 2 * p * r / max(p + r, 1e-9), "errors": errors}
    for key, (ok, n) in fields.items():
        out[f"{key}_acc"] = ok / max(n, 1)
    return out


def seed_text_and_expected() -> tuple[str, dict]:
    """Body of seed 000 (its first line, the headline, dropped) and its expectations."""
    from newstrace.corpora import shared_dir

    seeds = shared_dir() / "seeds"
    raw = (seeds / f"{SEED}.txt").read_text(encoding="utf-8")
    expected = json.loads((seeds / "expected" / f"{SEED}.json").read_text(encoding="utf-8"))
    return raw.split("\n", 1)[1], expected


def about_words(about: str) -> set[str]:
    """Content words of an expectation's ``about`` description, for matching ``what``."""
    return {w for w in re.findall(r"\w+", about.casefold()) if w not in _STOP and len(w) > 2}


def score_seed(nlp) -> dict:
    """Seed 000's expected claims: found by value; qualifier, unit, period, source and
    ``about`` (a content word of it in ``what``, or ``people`` for a person count) checked."""
    from newstrace.nlp.claims import extract_claims
    from newstrace.nlp.parsing import ParsedText

    text, expected = seed_text_and_expected()
    got = extract_claims(ParsedText(text, nlp), [], [])
    found = right = total = 0
    errors: list[str] = []
    for g, c in _match(expected["claims"], got):
        if c is None:
            errors.append(f"missed {g['value']} ({g.get('about')})")
            continue
        found += 1
        checks = {k: g[k] for k in ("qualifier", "unit", "period", "source") if k in g}
        for key, want in checks.items():
            total += 1
            ok = _contains(getattr(c, key), want)
            right += ok
            if not ok:
                errors.append(f"{key} of {g['value']}: got {getattr(c, key)!r}, want {want!r}")
        if "about" in g:
            total += 1
            words = about_words(g["about"]) | ({"people"} if "people" in g["about"] else set())
            ok = c.what is not None and any(w in c.what.casefold() for w in words)
            right += ok
            if not ok:
                errors.append(f"what of {g['value']}: got {c.what!r}, want words of {g['about']!r}")
    return {"expected": len(expected["claims"]), "found": found, "fields": total, "fields_right": right,
            "claims": len(got), "errors": errors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reuters", type=int, default=5000, help="stories to time (0 = all, -1 = none)")
    args = ap.parse_args()

    from newstrace.nlp import load_nlp
    from newstrace.nlp.claims import extract_claims
    from newstrace.nlp.parsing import ParsedText

    nlp = load_nlp()
    for name in ("claims_labelled", "claims_heldout", "claims_heldout2"):
        cases = load_labelled(LABELLED.with_name(f"{name}.json"))
        lab = score_labelled(cases, nlp)
        print(f"{name} ({len(cases)} sentences, {lab['gold']} gold claims, {lab['negatives']} negatives)")
        keys = ("precision", "recall", "f1", "qualifier_acc", "unit_acc", "what_acc", "period_acc", "source_acc")
        print("  " + "  ".join(f"{key} {lab[key]:.3f}" for key in keys))
        for miss in lab["errors"][:20]:
            print("  !", miss)
    seed = score_seed(nlp)
    print(f"seed 000 expected claims: found {seed['found']}/{seed['expected']}, "
          f"fields right {seed['fields_right']}/{seed['fields']}; article claims {seed['claims']}")
    for miss in seed["errors"]:
        print("  !", miss)

    if args.reuters < 0:
        return
    from newstrace.corpora.reuters import iter_reuters

    stories = iter_reuters()
    if args.reuters:
        stories = itertools.islice(stories, args.reuters)
    texts = [s.as_text() for s in stories]
    import tracemalloc

    # CPU time (process_time) is the figure to compare: the machine may be shared.
    light = claims_cpu = claims_wall = 0.0
    n_claims = n_sents = n_parsed = 0
    peak = 0
    stream = ParsedText.pipe(texts, nlp)  # the light pass, batched as analyze runs it
    while True:
        t0 = time.process_time()
        parsed = next(stream, None)
        light += time.process_time() - t0
        if parsed is None:
            break
        t1, w1 = time.process_time(), time.perf_counter()
        claims = extract_claims(parsed, [], [])
        claims_cpu += time.process_time() - t1
        claims_wall += time.perf_counter() - w1
        n_claims += len(claims)
        n_sents += len(parsed.sents)
        n_parsed += parsed.parses
    tracemalloc.start()
    for parsed in itertools.islice(ParsedText.pipe(texts, nlp), 200):
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        extract_claims(parsed, [], [])
        peak = max(peak, tracemalloc.get_traced_memory()[1] - base)
    tracemalloc.stop()
    print(json.dumps({
        "reuters_stories": len(texts),
        "claims": n_claims,
        "light_pipeline_cpu_s": round(light, 2),
        "extract_claims_cpu_s": round(claims_cpu, 2),
        "extract_claims_wall_s": round(claims_wall, 2),
        "claims_stories_per_cpu_s": round(len(texts) / claims_cpu, 1),
        "claims_cost_vs_light_pass": round(claims_cpu / light, 3),
        "sentences": n_sents,
        "sentences_parsed": n_parsed,
        "parsed_share": round(n_parsed / max(n_sents, 1), 3),
        "peak_extra_memory_kib_per_story": round(peak / 1024, 1),
    }, indent=1))


if __name__ == "__main__":
    main()
