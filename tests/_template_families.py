"""Invented template families: many notices of one form filled with other slots, and real copies of a few.

Wire services and local sites publish many items from one fixed form (results and dividend notices,
Eurobond issues, weather and road reports, sports results, obituaries, court lists, police briefs,
press-release boilerplate). Two items of one form are independent articles; a copy of one item
(verbatim, cut, one figure edited, spun) is a copy. Every text here is invented for the tests: the
forms imitate the kinds, the names are drawn from small pools (some rare, some common words such as
"Reading" or "Bath", so that rarity alone cannot tell a slot), the figures from a seeded generator.

:func:`feed` returns the articles and the labelled copy pairs; ``python tests/_template_families.py``
traces the feed as ``newstrace trace`` does (candidate retrieval, then verification) and prints how
many links join two different items and how many true copies are found.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

COMPANIES = ["Quorant Systems", "Harwell Dynamics", "Belmont Foods", "Tarvex Industries", "Northgate Mining",
             "Pellston Paper", "Vantric Medical", "Ardley Homes", "Colwyn Steel", "Summit Bancorp",
             "Marlow Chemicals", "Keystone Energy", "Brixham Leisure", "Ostrander Tool", "General Cable"]
FORMS = ["Inc", "Corp", "Co", "Ltd", "Plc"]
TOWNS = ["Stevenage", "Hitchin", "Ipswich", "Bedford", "Luton", "Norwich", "Colchester", "Chelmsford",
         "Harlow", "Watford", "Reading", "Newbury", "Bath", "Wells", "Kettering", "Didcot"]
COUNTIES = ["Hertfordshire", "Suffolk", "Norfolk", "Essex", "Berkshire", "Somerset", "Oxfordshire"]
FIRST = ["John", "Margaret", "Peter", "Susan", "David", "Eileen", "Graham", "Joan", "Trevor", "Pauline",
         "Alan", "Brenda", "Keith", "Doreen", "Colin"]
LAST = ["Smith", "Ellis", "Hargreaves", "Pennington", "Walsh", "Duckworth", "Fairbairn", "Cole", "Meadows",
        "Trelawny", "Oakes", "Brindley", "Whitlock", "Rudd", "Moss"]
STREETS = ["High Street", "Mill Lane", "Station Road", "Church Street", "Victoria Road", "Queens Avenue",
           "Park Crescent", "Bridge Street"]
TEAMS = ["Ashford Rovers", "Kingsbridge United", "Felton Athletic", "Harcombe Town", "Dunmore City",
         "Wexley Wanderers", "Portlow Albion", "Sandby Rangers", "Morton Vale", "Eastwick Harriers"]
GROUNDS = ["Mill Park", "the Riverside", "Larkfield Road", "the Old Showground", "Hollins Lane"]
MANAGERS = ["Nomura International", "Daiwa Europe", "Morgan Guaranty", "Credit Suisse First Boston",
            "Deutsche Bank Capital Markets", "Swiss Bank Corporation", "Banque Paribas", "Orion Royal Bank"]
ISSUERS = ["Gunnerside Finance", "Kestrel Power", "Hokuriku Electric", "Nordbanken Capital", "Provincia di Lanza",
           "Tamsin Holdings", "Osaka Marine Works", "Caldera Oil", "Vastra Bank", "Pacific Telecom"]
CHARITIES = ["the British Heart Foundation", "Cancer Research UK", "the Stroke Association",
             "the local hospice", "the Royal British Legion", "Age UK"]
FIELDS = ["payroll software", "cloud storage", "logistics", "cyber security", "industrial sensor",
          "clinical data", "fleet telematics"]
CITIES = ["Austin, Texas", "Leeds", "Toronto", "Dublin", "Portland, Oregon", "Cambridge", "Munich"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
ROADS = ["A14", "M11", "A1(M)", "A505", "M25", "A120", "A34", "A361"]
HOSPITALS = ["Lister Hospital", "Addenbrooke's Hospital", "the Royal Berkshire Hospital", "Ipswich Hospital",
             "the Norfolk and Norwich University Hospital", "Broomfield Hospital"]
QUARTERS = ["1ST", "2ND", "3RD", "4TH"]


def _pick(rng: random.Random, pool: list[str], used: set[str]) -> str:
    """A value of ``pool`` mostly not yet used in this family (items of one form fill other names; one
    time in four a used one: two briefs from one town, two notices of one company's other quarters)."""
    free = [x for x in pool if x not in used] if rng.random() >= 0.25 else pool
    free = free or pool
    x = rng.choice(free)
    used.add(x)
    return x


def _fig(rng: random.Random, lo: int, hi: int, step: int = 1) -> str:
    """A figure with thousands separators, as the wire writes it."""
    return f"{rng.randrange(lo, hi, step):,}"


def _ticker(name: str) -> str:
    return "".join(w[0] for w in name.split())[:2].upper() + name.split()[0][1].upper()


# Each family: a slot filler and two phrasings of the same frame (the notice, and a spun rewording
# that keeps every slot). Each phrasing is ``(headline, [paragraph, ...])`` with ``{slot}`` fields.

def _results(rng, used):
    co = _pick(rng, COMPANIES, used)
    s0, s1 = rng.randrange(3, 95), rng.randrange(3, 95)
    return {"CO": f"{co.upper()} {rng.choice(FORMS).upper()}", "TK": _ticker(co), "Q": rng.choice(QUARTERS),
            "s0": s0, "s1": s1, "n0": _fig(rng, 200_000, 9_000_000, 1000), "n1": _fig(rng, 200_000, 9_000_000, 1000),
            "r0": f"{rng.uniform(5, 400):.1f}", "r1": f"{rng.uniform(5, 400):.1f}",
            "a0": _fig(rng, 1_000_000, 30_000_000, 1000)}


RESULTS = (("{CO} <{TK}> {Q} QTR NET", ["Shr {s1} cts vs {s0} cts", "Net {n1} vs {n0}",
                                        "Revs {r1} mln vs {r0} mln", "Avg shrs {a0}"]),
           ("{CO} <{TK}> REPORTS {Q} QUARTER EARNINGS", ["Earnings per share {s1} cents against {s0} cents",
                                                          "Net income {n1} against {n0}",
                                                          "Revenues {r1} million against {r0} million",
                                                          "Average shares outstanding {a0}"]))


def _dividend(rng, used):
    co = _pick(rng, COMPANIES, used)
    d = rng.choice([5, 8, 10, 12, 15, 18, 20, 25, 30, 45])
    m = rng.randrange(0, 10)
    return {"CO": f"{co.upper()} {rng.choice(FORMS).upper()}", "TK": _ticker(co), "d": d, "d0": d,
            "pm": MONTHS[m + 2], "pd": rng.randrange(1, 29), "rm": MONTHS[m + 1], "rd": rng.randrange(1, 29)}


DIVIDEND = (("{CO} <{TK}> SETS QUARTERLY DIVIDEND", ["Qtly div {d} cts vs {d0} cts prior", "Pay {pm} {pd}",
                                                     "Record {rm} {rd}"]),
            ("{CO} <{TK}> KEEPS QUARTERLY PAYOUT", ["Quarterly dividend {d} cents, unchanged from {d0} cents",
                                                    "Payable {pm} {pd}", "To holders of record {rm} {rd}"]))


def _eurobond(rng, used):
    return {"IS": _pick(rng, ISSUERS, used), "amt": rng.choice([50, 75, 100, 150, 200, 250, 300]),
            "yr": rng.randrange(1990, 1998), "cpn": rng.choice(["7-1/4", "7-3/8", "7-1/2", "8", "8-1/8", "6-7/8", "9-1/4"]),
            "px": rng.choice(["101-1/2", "101-1/4", "100-3/4", "101-5/8", "100-1/8", "101"]),
            "MG": _pick(rng, MANAGERS, used), "sc": rng.choice(["1-1/4", "1-3/8", "1-1/2", "1-5/8"]),
            "mu": rng.choice(["5/8", "1/2", "3/4"]), "pm": rng.choice(MONTHS), "pd": rng.randrange(1, 29)}


EUROBOND = (("{IS} issues {amt} mln dlr eurobond",
             [("{IS} is issuing a {amt} mln dlr eurobond due {yr} paying {cpn} pct and priced at {px}, "
               "lead manager {MG} said."),
              "The non-callable bond is available in denominations of 5,000 dlrs and will be listed in Luxembourg.",
              "The selling concession is {sc} pct, while management and underwriting combined pays {mu} pct.",
              "The payment date is {pm} {pd}."]),
            ("{IS} launches {amt} mln dlr eurobond",
             [("{IS} is launching a {amt} mln dlr eurobond maturing in {yr} with a coupon of {cpn} pct and an "
               "issue price of {px}, according to lead manager {MG}."),
              "The bond cannot be called, comes in denominations of 5,000 dlrs and is to be listed in Luxembourg.",
              "Selling concession is {sc} pct and combined management and underwriting fees total {mu} pct.",
              "Payment is due on {pm} {pd}."]))


def _weather(rng, used):
    return {"T": _pick(rng, TOWNS, used), "C": rng.choice(COUNTIES), "w": rng.choice(DAYS),
            "w2": rng.choice(DAYS), "hi": rng.randrange(11, 31), "lo": rng.randrange(2, 14),
            "cond": rng.choice(["Sunny spells", "Heavy showers", "Persistent rain", "Bright and breezy", "Fog patches"]),
            "dir": rng.choice(["northwest", "southwest", "east", "north"]), "wind": rng.randrange(12, 45),
            "pr": rng.randrange(15, 90, 5)}


WEATHER = (("Weather: {cond} for {T} on {w}",
            ["{cond} are forecast for {T} on {w}, with a high of {hi} degrees and a low of {lo} degrees overnight.",
             "Winds from the {dir} at {wind} km/h are expected to ease by the evening.",
             "Forecasters said there was a {pr} per cent chance of rain across {C} on {w2}."]),
           ("{T} weather on {w}: {cond}",
            [("Forecasters expect {cond} in {T} on {w}, with temperatures peaking at {hi} degrees and falling "
              "to {lo} degrees in the night."),
             "Winds of {wind} km/h blowing from the {dir} should die down by evening.",
             "There is a {pr} per cent likelihood of rain over {C} on {w2}, forecasters said."]))


def _road(rng, used):
    j = rng.randrange(2, 30)
    return {"R": _pick(rng, ROADS, used), "T": _pick(rng, TOWNS, used), "dir": rng.choice(["east", "west", "north", "south"]),
            "j1": j, "j2": j + 1, "hh": rng.randrange(5, 10), "mm": rng.choice(["05", "15", "20", "35", "40", "50"]),
            "C": rng.choice(COUNTIES), "n": rng.choice(["two", "three", "four"]), "H": rng.choice(HOSPITALS),
            "d": rng.choice([30, 40, 45, 60, 90])}


ROAD = (("{R} closed near {T} after crash",
         [("The {R} is closed {dir}bound between junction {j1} and junction {j2} near {T} after a collision "
           "involving a lorry and two cars at {hh}.{mm}am."),
          "{C} Police said {n} people were taken to {H} with minor injuries.",
          "Drivers are advised to avoid the area and expect delays of up to {d} minutes."]),
        ("Crash shuts {R} near {T}",
         [("A crash between a lorry and two cars at {hh}.{mm}am has shut the {dir}bound {R} from junction {j1} "
           "to junction {j2} close to {T}."),
          "According to {C} Police, {n} people were taken to {H} with slight injuries.",
          "Motorists should stay away from the area and allow for hold-ups of up to {d} minutes."]))


def _sports(rng, used):
    t1 = _pick(rng, TEAMS, used)
    t2 = _pick(rng, [t for t in TEAMS if t != t1], used)
    t3 = rng.choice([t for t in TEAMS if t not in (t1, t2)])
    g1 = rng.randrange(1, 5)
    return {"A": t1, "B": t2, "L": t3, "g1": g1, "g2": rng.randrange(0, g1), "G": rng.choice(GROUNDS),
            "P1": f"{rng.choice(FIRST)} {rng.choice(LAST)}", "P2": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "m": rng.randrange(3, 40), "pos": rng.choice(["third", "fifth", "seventh", "ninth", "12th"]),
            "pts": rng.randrange(2, 15), "att": _fig(rng, 1200, 9800)}


SPORTS = (("{A} {g1} {B} {g2}",
           ["{A} beat {B} {g1}-{g2} at {G} on Saturday.",
            "{P1} opened the scoring after {m} minutes and {P2} added a second before half-time.",
            "The win lifts {A} to {pos} place in the table, {pts} points behind leaders {L}.",
            "A crowd of {att} watched the match."]),
          ("{A} see off {B}",
           ["{A} defeated {B} {g1}-{g2} at {G} on Saturday.",
            "{P1} put them ahead in the {m}th minute before {P2} doubled the lead ahead of the interval.",
            "Victory moves {A} up to {pos} in the standings, {pts} points adrift of pacesetters {L}.",
            "The attendance was {att}."]))


def _obituary(rng, used):
    return {"F": rng.choice(FIRST), "L": _pick(rng, LAST, used), "T": rng.choice(TOWNS), "H": rng.choice(HOSPITALS),
            "m": rng.choice(MONTHS), "d": rng.randrange(1, 29), "age": rng.randrange(62, 99),
            "S": rng.choice(FIRST), "c1": rng.choice(FIRST), "c2": rng.choice(FIRST),
            "n": rng.choice(["four", "five", "seven", "nine"]), "saint": rng.choice(["Mary", "Andrew", "Peter", "Botolph"]),
            "w": rng.choice(DAYS[:5]), "hh": rng.randrange(9, 12), "CH": rng.choice(CHARITIES)}


OBITUARY = (("{L}, {F}",
             ["{F} {L}, of {T}, died peacefully at {H} on {m} {d}, aged {age}.",
              "Beloved spouse of {S}, parent of {c1} and {c2}, and grandparent of {n}.",
              "Funeral service at St {saint}'s Church, {T}, on {w} at {hh}am.",
              "Family flowers only; donations if desired to {CH}."]),
            ("Death notice: {F} {L}",
             ["{F} {L} of {T} passed away peacefully in {H} on {m} {d} at the age of {age}.",
              "Much loved spouse of {S}, parent to {c1} and {c2} and grandparent to {n}.",
              "The funeral will be held at St {saint}'s Church in {T} on {w} at {hh}am.",
              "Family flowers only, with donations welcome to {CH}."]))


def _court(rng, used):
    return {"F": rng.choice(FIRST), "L": _pick(rng, LAST, used), "age": rng.randrange(19, 70),
            "S": rng.choice(STREETS), "T": rng.choice(TOWNS), "CT": rng.choice(TOWNS), "w": rng.choice(DAYS[:5]),
            "f": rng.randrange(120, 900, 20), "c": rng.choice([85, 90, 105, 120, 150]), "v": rng.choice([34, 48, 66, 88]),
            "p": rng.choice(["six", "eight"])}


COURT = (("Court: {F} {L}",
          [("{F} {L}, {age}, of {S}, {T}, was fined {f} pounds at {CT} Magistrates' Court on {w} after admitting "
            "driving without insurance."),
           ("The defendant was also ordered to pay {c} pounds costs and a victim surcharge of {v} pounds, and had "
            "{p} points added to their licence.")]),
         ("{F} {L} fined for uninsured driving",
          [("At {CT} Magistrates' Court on {w}, {F} {L}, {age}, of {S}, {T}, admitted driving with no insurance "
            "and was fined {f} pounds."),
           ("The defendant must also pay costs of {c} pounds plus a {v} pounds victim surcharge, and received "
            "{p} penalty points.")]))


def _police(rng, used):
    return {"age": rng.randrange(16, 60), "T": _pick(rng, TOWNS, used), "w": rng.choice(DAYS),
            "S": rng.choice(STREETS), "m": rng.choice(MONTHS), "d": rng.randrange(1, 29)}


POLICE = (("Man arrested after {T} break-in",
           [("Police said a {age}-year-old man was arrested in {T} on {w} on suspicion of burglary after a "
             "break-in at a shop in {S}."),
            "He has been released on bail until {m} {d} pending further inquiries."]),
          ("Arrest over {T} shop burglary",
           [("A man aged {age} was detained in {T} on {w} on suspicion of burglary following a break-in at a "
             "shop on {S}, police said."),
            "He has been bailed until {m} {d} while inquiries continue."]))


def _release(rng, used):
    co = _pick(rng, COMPANIES, used)
    return {"CO": co, "FLD": rng.choice(FIELDS), "F": rng.choice(FIRST), "L": _pick(rng, LAST, used),
            "m": rng.choice(MONTHS), "d": rng.randrange(1, 29), "PREV": rng.choice(COMPANIES),
            "y": rng.choice(["six", "eight", "11", "14"]), "CEO": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "CITY": rng.choice(CITIES), "emp": _fig(rng, 300, 12000, 50), "nc": rng.randrange(4, 40)}


RELEASE = (("{CO} appoints {F} {L} as chief financial officer",
            [("{CO}, a leading provider of {FLD} solutions, today announced the appointment of {F} {L} as "
              "chief financial officer, effective {m} {d}."),
             "{L} joins from {PREV}, where they served as finance director for {y} years.",
             "\"We are delighted to welcome {F} to the team,\" said {CEO}, chief executive of {CO}.",
             "About {CO}: {CO} is headquartered in {CITY} and employs more than {emp} people in {nc} countries."]),
           ("{CO} names {F} {L} CFO",
            [("{CO}, a top supplier of {FLD} solutions, said today it has named {F} {L} its chief financial "
              "officer from {m} {d}."),
             "{L} arrives from {PREV}, having been its finance director for {y} years.",
             "\"We are delighted to welcome {F} to the team,\" said {CEO}, chief executive of {CO}.",
             "{CO} has its headquarters in {CITY} and a staff of more than {emp} in {nc} countries."]))

#: name -> (slot filler, (notice form, spun form)).
FAMILIES = {"results": (_results, RESULTS), "dividend": (_dividend, DIVIDEND), "eurobond": (_eurobond, EUROBOND),
            "weather": (_weather, WEATHER), "road": (_road, ROAD), "sports": (_sports, SPORTS),
            "obituary": (_obituary, OBITUARY), "court": (_court, COURT), "police": (_police, POLICE),
            "release": (_release, RELEASE)}
#: Copy kinds made of items 0-3 of each family, in that order.
COPY_KINDS = ("verbatim", "cut", "number-edit", "spun")


@dataclass
class Item:
    """One generated article: ``family``, ``item`` (which filling of the form), ``kind`` ("item" or a
    copy kind of :data:`COPY_KINDS`), ``headline``, ``paragraphs``, ``published`` (ISO date)."""

    family: str
    item: int
    kind: str
    headline: str
    paragraphs: list[str]
    published: str

    @property
    def key(self) -> str:
        """A source path for the article: ``tpl:<family>:<item>:<kind>``."""
        return f"tpl:{self.family}:{self.item}:{self.kind}"


_NUMBER = re.compile(r"(?<![\w.,/-])\d[\d,]*(?:\.\d+)?(?![\w/-])")


def _edit_one_figure(rng: random.Random, paragraphs: list[str]) -> list[str]:
    """The paragraphs with one figure of two or more digits changed (the copy's names all kept)."""
    spots = [(k, m) for k, p in enumerate(paragraphs) for m in _NUMBER.finditer(p) if len(m.group().replace(",", "")) >= 2]
    spots = spots or [(k, m) for k, p in enumerate(paragraphs) for m in _NUMBER.finditer(p)]
    k, m = rng.choice(spots)
    old = m.group()
    digits = old.replace(",", "")
    new = str(int(float(digits)) + rng.choice([1, 2, 3, -1])) if "." not in digits else f"{float(digits) + 0.3:.1f}"
    out = list(paragraphs)
    out[k] = out[k][: m.start()] + new + out[k][m.end():]
    return out


def feed(n_items: int = 8, seed: int = 11) -> tuple[list[Item], list[tuple[str, str]]]:
    """The invented feed: ``n_items`` fillings of each family's form, and copies of items 0-3.

    Args:
        n_items: items per family (5-10 is the range the tests use).
        seed: the generator's seed.

    Returns:
        ``(items, copies)``: every :class:`Item`, and the labelled ``(copy key, origin key)`` pairs
        (:attr:`Item.key`). Any two articles of different ``(family, item)`` are independent.
    """
    rng = random.Random(seed)
    items: list[Item] = []
    copies: list[tuple[str, str]] = []
    for fam, (fill, (form, spun)) in FAMILIES.items():
        used: set[str] = set()
        for k in range(n_items):
            slots = fill(rng, used)
            date = f"2026-{rng.randrange(1, 13):02d}-{rng.randrange(1, 28):02d}"
            head, paras = form[0].format(**slots), [p.format(**slots) for p in form[1]]
            origin = Item(fam, k, "item", head, paras, date)
            items.append(origin)
            if k >= len(COPY_KINDS):
                continue
            kind = COPY_KINDS[k]
            if kind == "verbatim":  # a syndicated copy: the text as sent, under its own credit line
                copy = Item(fam, k, kind, head, paras + ["(Distributed by Wire Partner Services)"], date)
            elif kind == "cut":  # the last paragraph cut (the first kept when there are only two)
                copy = Item(fam, k, kind, head, paras[:-1] if len(paras) > 2 else paras[:1] + [paras[1][: paras[1].find(",") + 1 or None]], date)
            elif kind == "number-edit":
                copy = Item(fam, k, kind, head, _edit_one_figure(rng, paras), date)
            else:
                copy = Item(fam, k, kind, spun[0].format(**slots), [p.format(**slots) for p in spun[1]], date)
            items.append(copy)
            copies.append((copy.key, origin.key))
    return items, copies


def articles(items: list[Item]):
    """The items as analysed-ready :class:`~newstrace.schema.Article` records (``id`` set), in order."""
    from newstrace.schema import Article, Source, text_id

    out = []
    for it in items:
        a = Article(source=Source(path=it.key, format="text"), headline=it.headline, text="\n\n".join(it.paragraphs),
                    published=it.published, language="en")
        a.id = text_id(a.headline + "\n" + a.text)
        out.append(a)
    return out


def trace_feed(items: list[Item]) -> list[tuple[str, str, str, float]]:
    """Links among the items as ``newstrace trace`` finds them: candidate pairs of a
    :class:`~newstrace.provenance.TraceIndex`, each verified. Returns ``(copy key, origin key, kind, score)``."""
    from newstrace.provenance import TraceIndex

    arts = articles(items)
    key = {a.id: a.source.path for a in arts}
    index = TraceIndex(cache_size=10_000)
    index.add(arts)
    out = []
    for a, b, _path in index.candidate_pairs(list(index.articles)):
        d = index.verify(a, b)
        if d is not None:  # siblings of an inferred source: the pair itself
            other = d.origin_id or (b if d.copy_id == a else a)
            out.append((key[d.copy_id], key[other], d.kind, d.score))
    return out


def family_pairs(items: list[Item], copies: list[tuple[str, str]]) -> dict:
    """Every pair of one family verified directly (:func:`newstrace.provenance.compare`), not only the
    candidate pairs: ``{"independent": n, "linked": [(key, key), ...], "copies_found": [...]}``."""
    import itertools

    from newstrace.provenance import compare
    from newstrace.provenance.fingerprint import article_sentences

    arts = {a.source.path: a for a in articles(items)}
    sents = {k: article_sentences(a.headline, a.text) for k, a in arts.items()}
    labelled = {frozenset(p) for p in copies}
    out = {"independent": 0, "linked": [], "copies_found": []}
    for x, y in itertools.combinations(arts, 2):
        fx, ix, fy, iy = *x.split(":")[1:3], *y.split(":")[1:3]
        if fx != fy or (ix == iy and frozenset((x, y)) not in labelled):
            continue  # two copies of one item are siblings, neither independent nor labelled
        d, _p = compare(arts[x], arts[y], sents[x], sents[y])
        if ix == iy:
            if d is not None:
                out["copies_found"].append((x, y))
            continue
        out["independent"] += 1
        if d is not None:
            out["linked"].append((x, y))
    return out


def score(items: list[Item], copies: list[tuple[str, str]], links) -> dict:
    """Links joining two different items (false), and labelled copies found (either direction)."""
    def item_of(k: str) -> tuple[str, str]:
        return tuple(k.split(":")[1:3])

    false = [(c, o) for c, o, *_ in links if item_of(c) != item_of(o)]
    found = {frozenset((c, o)) for c, o, *_ in links}
    hit = [p for p in copies if frozenset(p) in found]
    return {"articles": len(items), "links": len(links), "false_links": false, "copies": len(copies),
            "copies_found": hit}


if __name__ == "__main__":  # figures: python tests/_template_families.py [n_items] [seed]
    import sys
    from collections import Counter

    n, seed = (int(sys.argv[1]) if len(sys.argv) > 1 else 8), (int(sys.argv[2]) if len(sys.argv) > 2 else 11)
    its, cps = feed(n, seed)
    res = score(its, cps, trace_feed(its))
    print(f"articles {res['articles']}, links {res['links']}, links joining different items {len(res['false_links'])}, "
          f"copies found {len(res['copies_found'])}/{res['copies']}")
    print("false links by family:", dict(Counter(c.split(':')[1] for c, _o in res["false_links"])))
    missed = [p for p in cps if p not in res["copies_found"]]
    print("copies missed:", missed)
    for c, o in res["false_links"][:60]:
        print("  false:", c, "<-", o)
    fam = family_pairs(its, cps)
    print(f"every pair within a family: independent {fam['independent']}, linked {len(fam['linked'])}, "
          f"copies found {len(fam['copies_found'])}/{len(cps)}")
    for x, y in fam["linked"]:
        print("  linked:", x, y)
