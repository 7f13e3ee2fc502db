"""Variants of the structure failure-kind cases (byline, credit, dates, repeated text), written for newstrace.

Each shared case in ``../shared/cases`` stands for a kind (cases/README.md: "the same kind arrives with
other verbs, other punctuation, other languages' quotation marks, other page layouts"). The pages and
texts below are invented for this file (names, places and outlets made up; only the news agencies are
real) and vary what each kind's ``what_broke_peers`` points at: comment threads and menus around the
byline, schema.org authors that differ from the shown byline, bylines with roles, places and other
languages' "By", agency credits at the head and the foot of wire copy in other forms, published and
updated stamps in other formats, zones and languages, and text repeated by extraction (teasers, pull
quotes, copies for other screens). They are checked with the shared cases' own checker
(``tests/test_cases.py``), field by field, in the cases' format.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from test_cases import _ctx, check_quotes, check_structure

import newstrace
from newstrace.schema import Article

_TMP = Path(__file__).resolve().parents[1] / "test-artifacts" / "case-variants"


def _page(body: str, head: str = "", lang: str = "en") -> str:
    """A small web page around ``body`` with ``head`` in its <head>."""
    return (f'<!doctype html>\n<html lang="{lang}"><head><meta charset="utf-8">\n{head}\n</head>\n'
            f"<body>\n{body}\n</body></html>\n")


def _text(*paragraphs: str) -> str:
    """Plain article layout: headline on the first line, paragraphs separated by blank lines."""
    return "\n\n".join(paragraphs)


# Each variant: (id, input {"text": ...} or {"html": ...}, expected fields as in ../shared/cases).
VARIANTS: list[tuple[str, dict, dict]] = [
    # --- byline-comments: the article's author and date, not a commenter's -------------------------
    ("byline-comments-wordpress-list", {"html": _page(
        '<header class="site-header"><a href="/">Fenmoor Gazette</a></header>\n'
        '<article class="post">\n<h1 class="entry-title">Ferry fares to rise by a fifth in spring</h1>\n'
        '<div class="entry-meta">Posted on <time class="entry-date" datetime="2025-01-08T10:05:00+00:00">'
        'January 8, 2025</time> by <span class="author vcard"><a class="url fn n" href="/author/tamsin">'
        'Tamsin Oakridge</a></span></div>\n'
        '<div class="entry-content">\n<p>Fares on the Fenmoor to Skelby ferry will rise by about a fifth from '
        'March, the operator told passengers in a notice on Wednesday.</p>\n'
        '<p>The operator blamed the price of fuel and the cost of a new ramp at Skelby harbour.</p>\n'
        '<p>A return ticket for a car and two adults will cost 64 pounds.</p>\n</div>\n</article>\n'
        '<div id="comments" class="comments-area">\n<h2 class="comments-title">3 thoughts on this</h2>\n'
        '<ol class="comment-list">\n<li class="comment"><article class="comment-body"><footer class="comment-meta">'
        '<div class="comment-author vcard"><b class="fn">Rowan Pettifer</b> <span class="says">says:</span></div>'
        '<time datetime="2025-01-09T21:14:00+00:00">January 9, 2025 at 9:14 pm</time></footer>'
        '<div class="comment-content"><p>Sixty-four pounds to cross a stretch of water you can see across is '
        'daylight robbery.</p></div></article></li>\n'
        '<li class="comment"><article class="comment-body"><footer class="comment-meta">'
        '<div class="comment-author vcard"><b class="fn">Delia Marchbank</b></div>'
        '<time datetime="2025-01-10T07:02:00+00:00">January 10, 2025 at 7:02 am</time></footer>'
        '<div class="comment-content"><p>The new ramp was promised three winters ago and never came.</p>'
        '</div></article></li>\n</ol>\n</div>\n',
        head="<title>Ferry fares to rise by a fifth in spring – Fenmoor Gazette</title>")},
     {"headline": "Ferry fares to rise by a fifth in spring", "byline": ["Tamsin Oakridge"],
      "not_byline": ["Rowan Pettifer", "Delia Marchbank"], "published": "2025-01-08",
      "text_must_not_contain": ["daylight robbery", "promised three winters ago"]}),
    ("byline-comments-unmarked-thread-meta-date", {"html": _page(
        '<main>\n<h1>Allotment waiting list passes 400 names</h1>\n'
        '<div class="story-meta"><span class="byline">Words by Cormac Ellery-Vance</span></div>\n'
        '<div class="story">\n<p>More than 400 people are now waiting for an allotment in Harlby, '
        'the parish council said, and some have been on the list since 2016.</p>\n'
        '<p>The council hopes to split twenty large plots in half next year to shorten the queue.</p>\n'
        '<p>Plot holders pay 38 pounds a year for a half plot.</p>\n</div>\n'
        '<div class="story-feedback">\n<h3>Reader responses (2)</h3>\n'
        '<div class="entry"><p class="who"><span class="author">Maude Linnell</span> · '
        '<time datetime="2024-09-21T18:30:00+01:00">21 September 2024</time></p>'
        '<p>I have been waiting six years and nobody has ever written back to me.</p></div>\n'
        '<div class="entry"><p class="who"><span class="author">Percy Okafor-Lund</span> · '
        '<time datetime="2024-09-22T08:10:00+01:00">22 September 2024</time></p>'
        '<p>Split the plots, nobody needs that much space for beans.</p></div>\n'
        '</div>\n</main>\n',
        head='<title>Allotment waiting list passes 400 names</title>\n'
             '<meta property="article:published_time" content="2024-09-20T06:00:00+01:00">')},
     {"headline": "Allotment waiting list passes 400 names", "byline": ["Cormac Ellery-Vance"],
      "not_byline": ["Maude Linnell", "Percy Okafor-Lund"], "published": "2024-09-20T06:00",
      "published_offset": "+01:00",
      "text_must_not_contain": ["waiting six years", "nobody needs that much space"]}),
    ("byline-comments-no-author-only-commenters", {"html": _page(
        '<article>\n<h1>Library to open on Sundays from May</h1>\n'
        '<p class="dateline"><time datetime="2024-04-02T09:00:00+02:00">2 April 2024</time></p>\n'
        '<p>The central library in Ostervik will open on Sunday afternoons from May, '
        'the city said on Tuesday, after a petition signed by 3,100 residents.</p>\n'
        '<p>Staff will work Sundays on a rota and be paid a quarter more for those hours.</p>\n'
        '</article>\n<section class="discussion">\n<h2>Discussion</h2>\n'
        '<div class="post"><a rel="author" href="/u/signe">Signe Vallander</a> '
        '<time datetime="2024-04-03T10:00:00+02:00">3 April 2024</time>'
        '<p>At last, and about time too.</p></div>\n'
        '<div class="post"><a rel="author" href="/u/harald">Harald Brenning</a> '
        '<time datetime="2024-04-04T11:00:00+02:00">4 April 2024</time>'
        '<p>Who is paying for the heating on Sundays?</p></div>\n</section>\n',
        head="<title>Library to open on Sundays from May</title>")},
     {"headline": "Library to open on Sundays from May", "byline": [],
      "not_byline": ["Signe Vallander", "Harald Brenning"], "published": "2024-04-02",
      "text_must_not_contain": ["about time too", "paying for the heating"]}),
    ("byline-comments-text-tail-posted-by", {"text": _text(
        "Harbour crane to be taken down after 90 years",
        "By Petra Ilves",
        "The last steam crane on the Lunmouth quay will be dismantled next month and put in store, "
        "the harbour trust said on Monday.",
        "The trust says it cannot afford the 400,000 pounds needed to make the crane safe to stand.",
        "Comments (2)",
        "Posted by Gideon Farrow on 14 May 2024 at 18:02",
        "A shame, it was the last thing left of the old port.",
        "Posted by Nell Ashdown on 15 May 2024 at 09:40",
        "Put it in the museum yard and let people see it.")},
     {"headline": "Harbour crane to be taken down after 90 years", "byline": ["Petra Ilves"],
      "not_byline": ["Gideon Farrow", "Nell Ashdown"]}),

    # --- byline-menu: menus, sidebars and author widgets are not the byline ------------------------
    ("byline-menu-dropdown-and-rail", {"html": _page(
        '<div class="site-top"><ul class="dropdown">\n<li><a href="/topics/transport">Transport</a></li>\n'
        '<li><a href="/topics/housing">Housing</a></li>\n'
        '<li><span>Columnists</span><ul><li><a rel="author" href="/author/ines-varga">Ines Varga</a></li>'
        '<li><a rel="author" href="/author/tobiah-marsh">Tobiah Marsh</a></li></ul></li>\n</ul></div>\n'
        '<div class="wrap">\n<div class="content">\n<h1>Bus lane cameras switched on in Corvale</h1>\n'
        '<div class="article-info">Written by <a rel="author" href="/author/odile-fenwick">Odile Fenwick</a>'
        ' | <time datetime="2024-10-01T12:30:00+01:00">1 October 2024</time></div>\n'
        '<p>Cameras on four bus lanes in Corvale began issuing fines on Tuesday, and drivers caught '
        'in the lanes will pay 70 pounds.</p>\n'
        '<p>The council said the first month of fines would go to repairing bus shelters.</p>\n</div>\n'
        '<div class="rail">\n<h4>Latest</h4>\n<div class="item"><span class="ago">1 hour ago</span> '
        '<a rel="author" href="/author/ines-varga">Ines Varga</a> <a href="/x">Why the bridge shut</a></div>\n'
        '<div class="item"><span class="ago">3 hours ago</span> <a rel="author" href="/author/tobiah-marsh">'
        'Tobiah Marsh</a> <a href="/y">A new school for the east side</a></div>\n</div>\n</div>\n',
        head="<title>Bus lane cameras switched on in Corvale | Corvale Today</title>")},
     {"headline": "Bus lane cameras switched on in Corvale", "byline": ["Odile Fenwick"],
      "not_byline": ["Ines Varga", "Tobiah Marsh", "Transport", "Columnists", "hours ago"],
      "published": "2024-10-01T12:30", "published_offset": "+01:00"}),
    ("byline-menu-byline-links-email-follow", {"html": _page(
        '<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/staff">Our staff</a></nav>\n'
        '<article>\n<h1>Salt marsh gains three hectares in a year</h1>\n'
        '<div class="byline"><a href="/author/ruth-kamau">Ruth Kamau</a> '
        '<a href="mailto:rkamau@example.org">Email</a> <a href="https://social.example/ruthk">Follow</a> '
        '<a href="/author/ruth-kamau">More by this author</a></div>\n'
        '<p>The salt marsh at Wendle Point grew by three hectares last year after a sea wall was '
        'breached on purpose, the wildlife trust said.</p>\n'
        '<p>Redshank and avocets have nested on the new mud for the first time in living memory.</p>\n'
        '</article>\n',
        head="<title>Salt marsh gains three hectares in a year</title>")},
     {"headline": "Salt marsh gains three hectares in a year", "byline": ["Ruth Kamau"],
      "not_byline": ["Email", "Follow", "More by this author", "Our staff"]}),
    ("byline-menu-author-bio-box", {"html": _page(
        '<article>\n<h1>Cider makers fear a thin harvest</h1>\n'
        '<p class="meta">By <span class="author-name">Leontyne Abara</span>, Rural Affairs Editor</p>\n'
        '<p>Cider makers across the Tarn valley expect one of the thinnest apple harvests in a decade '
        'after a late frost in April.</p>\n'
        '<p>Some orchards lost three quarters of their blossom in a single night.</p>\n'
        '<div class="author-box"><h4>About the author</h4><p><a rel="author" href="/a/leontyne">'
        'Leontyne Abara</a> covers farming and food.</p><h4>More from our writers</h4><ul>'
        '<li><a rel="author" href="/a/kit">Kit Pennell-Rowe</a></li>'
        '<li><a rel="author" href="/a/jun">Jun Halloran</a></li></ul></div>\n</article>\n',
        head="<title>Cider makers fear a thin harvest</title>")},
     {"headline": "Cider makers fear a thin harvest", "byline": ["Leontyne Abara"],
      "not_byline": ["Kit Pennell-Rowe", "Jun Halloran", "Rural Affairs Editor", "About the author"]}),
    ("byline-menu-footer-staff-list-no-byline", {"html": _page(
        '<article>\n<h1>Lighthouse keepers\' cottages up for sale</h1>\n'
        '<p>The three keepers\' cottages at Skarn Head are to be sold at auction next month, '
        'the lighthouse board said on Friday.</p>\n'
        '<p>They have stood empty since the light was automated in 1991 and need new roofs.</p>\n'
        '</article>\n<div class="page-bottom"><h4>Contact the newsroom</h4><ul>'
        '<li><span class="author">Editor: Magnus Treharne</span></li>'
        '<li><span class="author">News editor: Elspeth Quayle</span></li></ul></div>\n',
        head="<title>Lighthouse keepers' cottages up for sale</title>")},
     {"headline": "Lighthouse keepers' cottages up for sale", "byline": [],
      "not_byline": ["Magnus Treharne", "Elspeth Quayle"]}),

    # --- byline-schema-vs-visible: the byline the reader sees wins over schema.org and meta ---------
    ("byline-schema-desk-vs-visible-person", {"html": _page(
        '<article>\n<h1>Tide gauge shows fastest rise on record</h1>\n'
        '<p class="article-byline">By Oona Tallis</p>\n'
        '<p>The tide gauge at Port Merrow recorded its fastest rise in mean sea level since records '
        'began, the coastal survey said on Thursday.</p>\n'
        '<p>The level rose by 6 millimetres over the year, twice the average of the last century.</p>\n'
        '</article>\n',
        head='<title>Tide gauge shows fastest rise on record | Merrow Mercury</title>\n'
             '<meta name="author" content="Digital Desk">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"headline": "Tide gauge shows fastest rise on record", "author": [{"@type": "Person", '
             '"name": "Web Desk"}], "datePublished": "2024-11-21T16:00:00+00:00"}</script>')},
     {"headline": "Tide gauge shows fastest rise on record", "byline": ["Oona Tallis"],
      "not_byline": ["Web Desk", "Digital Desk", "Merrow Mercury"], "published": "2024-11-21T16:00",
      "published_offset": "+00:00"}),
    ("byline-schema-two-vs-three-visible", {"html": _page(
        '<article>\n<h1>Water company fined over sewage spills</h1>\n'
        '<div class="byline">By Anselm Rook, Keziah Wynter and Bartholomew Iyer</div>\n'
        '<p>A water company has been fined 3.2 million pounds for letting sewage into the river Ell '
        'on 190 days in two years.</p>\n'
        '<p>The company said it had since spent 40 million pounds on new storm tanks.</p>\n</article>\n',
        head='<title>Water company fined over sewage spills</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": '
             '"NewsArticle", "headline": "Water company fined over sewage spills", "author": [{"@type": '
             '"Person", "name": "Anselm Rook"}, {"@type": "Person", "name": "Ellwater Newsroom"}], '
             '"datePublished": "2025-02-11T09:00:00Z"}]}</script>')},
     {"headline": "Water company fined over sewage spills",
      "byline": ["Anselm Rook", "Keziah Wynter", "Bartholomew Iyer"], "not_byline": ["Ellwater Newsroom"]}),
    ("byline-schema-team-no-visible-byline", {"html": _page(
        '<article>\n<h1>Snow closes the high pass for a third day</h1>\n'
        '<p>The road over the Varda pass stayed shut for a third day on Sunday as ploughs struggled '
        'with drifts of up to four metres.</p>\n'
        '<p>Lorries are being turned back at Tresk and sent the long way round by the coast.</p>\n'
        '</article>\n',
        head='<title>Snow closes the high pass for a third day</title>\n'
             '<meta name="author" content="Editorial Team">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "News Team"}}</script>')},
     {"headline": "Snow closes the high pass for a third day", "byline": [],
      "not_byline": ["Editorial Team", "News Team"]}),
    ("byline-schema-agency-vs-visible-von", {"html": _page(
        '<article>\n<h1>Neue Fähre für den Kessler See</h1>\n'
        '<p class="byline">Von Jana Körbel</p>\n'
        '<p>Auf dem Kessler See soll vom Sommer an eine neue Elektrofähre fahren, teilte die '
        'Gemeinde Altbruck am Montag mit.</p>\n'
        '<p>Die alte Fähre war mehr als sechzig Jahre im Einsatz und wird an ein Museum verkauft.</p>\n'
        '</article>\n',
        head='<title>Neue Fähre für den Kessler See | Seeblatt</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Seeblatt Online"}, "publisher": {"@type": '
             '"Organization", "name": "Seeblatt"}}</script>', lang="de")},
     {"headline": "Neue Fähre für den Kessler See", "byline": ["Jana Körbel"],
      "not_byline": ["Seeblatt", "Seeblatt Online"]}),
    ("byline-schema-sitename-variant", {"html": _page(
        '<article>\n<h1>Market hall reopens after fire</h1>\n'
        '<span class="byline__name">Luis Ferrante</span>\n'
        '<p>The market hall in Dunrow reopened on Saturday, fourteen months after a fire '
        'destroyed its roof and half of its stalls.</p>\n'
        '<p>Thirty-one traders have come back, and nine new ones have taken stalls.</p>\n</article>\n',
        head='<title>Market hall reopens after fire - Dunrow Gazette</title>\n'
             '<meta property="og:site_name" content="Dunrow Gazette">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "The Dunrow Gazette"}}</script>')},
     {"headline": "Market hall reopens after fire", "byline": ["Luis Ferrante"],
      "not_byline": ["Dunrow Gazette"]}),

    # --- byline-parse: names without "By", roles, places, agencies and other languages --------------
    ("byline-parse-two-staff-writers", {"text": _text(
        "Council tax to rise by the maximum allowed",
        "By Ruth Okonkwo-Barr and Dariusz Wendt, Staff Writers",
        "Council tax in Elmbridge Vale will rise by 4.99 percent from April, the most the council "
        "may raise it without a local vote.",
        "The council said the money would go to adult social care.")},
     {"headline": "Council tax to rise by the maximum allowed", "byline": ["Ruth Okonkwo-Barr", "Dariusz Wendt"],
      "not_byline": ["Staff Writers"]}),
    ("byline-parse-caps-roles-and", {"text": _text(
        "Hospital waiting lists fall for the first time in two years",
        "BY PRIYA NAMBOODIRI, Senior Political Reporter, and JONAS EKLUND, Data Editor",
        "Waiting lists at the three hospitals in the Corran health district fell in October for the "
        "first time in two years, figures published on Thursday show.",
        "About 41,000 people were waiting for planned treatment at the end of the month.")},
     {"headline": "Hospital waiting lists fall for the first time in two years",
      "byline": ["Priya Namboodiri", "Jonas Eklund"],
      "not_byline": ["Senior Political Reporter", "Data Editor"]}),
    ("byline-parse-por-spanish-role", {"text": _text(
        "El puerto de Lumbra amplía su muelle de cruceros",
        "Por María Fernanda Quiroga, corresponsal en Lumbra",
        "El puerto de Lumbra ampliará en 200 metros su muelle de cruceros para recibir barcos más "
        "grandes a partir de 2026, anunció este martes la autoridad portuaria.",
        "La obra costará unos 48 millones de euros y durará dos años.")},
     {"headline": "El puerto de Lumbra amplía su muelle de cruceros", "byline": ["María Fernanda Quiroga"],
      "not_byline": ["corresponsal", "Lumbra"]}),
    ("byline-parse-von-place", {"text": _text(
        "Stadtrat stimmt für längere Badesaison",
        "Von Henrike Bässler, Kellstadt",
        "Das Freibad in Kellstadt bleibt in diesem Jahr bis Ende September geöffnet, hat der "
        "Stadtrat am Donnerstagabend beschlossen.",
        "Die längere Saison kostet die Stadt rund 60.000 Euro.")},
     {"headline": "Stadtrat stimmt für längere Badesaison", "byline": ["Henrike Bässler"],
      "not_byline": ["Kellstadt"]}),
    ("byline-parse-par-french-envoyee", {"text": _text(
        "À Lorvin, les vignerons vendangent de nuit",
        "Par Mathilde Courvoisier, envoyée spéciale à Lorvin",
        "Pour échapper à la chaleur, les vignerons de Lorvin vendangent désormais de nuit, "
        "à la lumière des frontales, depuis le début de la semaine.",
        "Les raisins cueillis au frais arrivent au chai en meilleur état, assurent-ils.")},
     {"headline": "À Lorvin, les vignerons vendangent de nuit", "byline": ["Mathilde Courvoisier"],
      "not_byline": ["envoyée spéciale", "Lorvin"]}),
    ("byline-parse-name-pipe-agency", {"text": _text(
        "Copper price hits a two-year high",
        "By TOMAS AGUILERA | Associated Press",
        "The price of copper rose to its highest in two years on Wednesday as mines in the south "
        "of Varanda stayed shut by a strike.",
        "Traders said stocks in exchange warehouses had fallen for six weeks in a row.")},
     {"headline": "Copper price hits a two-year high", "byline": ["Tomas Aguilera"],
      "not_byline": ["Associated Press"], "credit": "The Associated Press"}),
    ("byline-parse-name-comma-reuters", {"text": _text(
        "Airline orders forty short-haul jets",
        "By Emeka Dunmore, Reuters",
        "An airline based in Tessaly has ordered forty short-haul jets worth about 4 billion dollars "
        "at list prices, it said on Monday.",
        "Deliveries are due to start in 2027.")},
     {"headline": "Airline orders forty short-haul jets", "byline": ["Emeka Dunmore"],
      "not_byline": ["Reuters"], "credit": "Reuters"}),

    # --- credit-agency-top: the agency in the dateline is the credit, never a byline ----------------
    ("credit-top-afp-en-dash-region", {"text": _text(
        "Floods cut off hill villages",
        "LORVIN, Marsh Province (AFP) – Floods cut off at least a dozen hill villages in Marsh "
        "Province on Saturday after three days of rain, officials said.",
        "Rescue teams were using boats to reach families stranded on rooftops.",
        "More rain is forecast for Monday.")},
     {"headline": "Floods cut off hill villages", "credit": "Agence France-Presse", "dateline": "LORVIN",
      "byline": [], "not_byline": ["AFP", "Lorvin"]}),
    ("credit-top-dpa-german", {"text": _text(
        "Zugausfälle nach Sturm im Norden",
        "Brackenfurt (dpa) - Nach dem Sturm in der Nacht fallen im Norden weiterhin viele Züge aus, "
        "wie die Bahn am Dienstag mitteilte.",
        "Auf mehreren Strecken liegen noch Bäume auf den Gleisen.",
        "Reisende sollen sich vor der Fahrt informieren.")},
     {"headline": "Zugausfälle nach Sturm im Norden", "credit": "Deutsche Presse-Agentur",
      "dateline": "Brackenfurt", "byline": [], "not_byline": ["dpa"]}),
    ("credit-top-reuters-with-date", {"text": _text(
        "Central bank holds rates steady",
        "ORMSBY, Oct 9 (Reuters) - The central bank of Vestland held its main interest rate at "
        "3.75 percent on Thursday, as expected, and said inflation was falling more slowly than hoped.",
        "Two of the seven members of its board voted for a cut.",
        "(Reporting by Siv Andersen; Editing by Paul Kernow)")},
     {"headline": "Central bank holds rates steady", "credit": "Reuters", "dateline": "ORMSBY",
      "not_byline": ["Reuters", "Ormsby", "Paul Kernow"], "byline": ["Siv Andersen"]}),
    ("credit-top-by-the-associated-press", {"text": _text(
        "Rail strike called off after late deal",
        "By The Associated Press",
        "KELDRUM, Norland (AP) — A rail strike planned for Monday was called off late on Sunday after "
        "the union and the operator agreed on a pay deal, both sides said.",
        "The deal gives train crews a 6 percent raise over two years.")},
     {"headline": "Rail strike called off after late deal", "credit": "The Associated Press",
      "dateline": "KELDRUM", "byline": [], "not_byline": ["Associated Press", "Keldrum"]}),
    ("credit-top-html-strong-dateline", {"html": _page(
        '<article>\n<h1>Mine rescue reaches trapped workers</h1>\n'
        '<p><strong>WESTHOLM, Karelia (AP)</strong> — Rescuers reached eleven miners trapped '
        '400 metres underground in Westholm on Friday after a two-day effort, the mine\'s owner said.</p>\n'
        '<p>All eleven were brought to the surface and taken to hospital for checks.</p>\n'
        '<p>The cause of the rock fall is being investigated.</p>\n</article>\n',
        head='<title>Mine rescue reaches trapped workers</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Organization", "name": "Associated Press"}}</script>')},
     {"headline": "Mine rescue reaches trapped workers", "credit": "The Associated Press",
      "dateline": "WESTHOLM", "byline": [], "not_byline": ["Associated Press", "Westholm"]}),

    # --- credit-agency-bottom: a closing credit line is the credit, not a byline or a quote's tail ---
    ("credit-bottom-copyright-ap", {"text": _text(
        "Museum returns carved doors to island",
        "A museum in Harlow Bay has returned a pair of carved wooden doors to the island of Tenmar, "
        "more than a century after they were taken.",
        "\"They are coming home to the house they were made for,\" said the island's chief, Amara Solberg.",
        "Copyright 2026 The Associated Press. All rights reserved. This material may not be published, "
        "broadcast, rewritten or redistributed.")},
     {"headline": "Museum returns carved doors to island", "credit": "The Associated Press", "byline": [],
      "text_must_not_contain": ["All rights reserved"],
      "quotes": [{"content_starts": "They are coming home", "content_ends": "the house they were made for",
                  "speaker": ["Amara Solberg"]}]}),
    ("credit-bottom-dash-reuters", {"text": _text(
        "Shipping line adds second route to the north",
        "A container line will add a second weekly service to the northern ports from June, it said "
        "on Wednesday, as trade through the Skell strait grows.",
        "\"Our ships into the north have been full since the autumn,\" the line's director, "
        "Bjarke Tollefsen, said.",
        "-- Reuters")},
     {"headline": "Shipping line adds second route to the north", "credit": "Reuters", "byline": [],
      "text_must_not_contain": ["-- Reuters"],
      "quotes": [{"content_starts": "Our ships into the north", "content_ends": "full since the autumn",
                  "speaker": ["Bjarke Tollefsen"]}]}),
    ("credit-bottom-run-in-afp-paren", {"text": _text(
        "Rare tortoise hatches at island zoo",
        "A ploughshare-backed tortoise has hatched at the zoo in Ventamar, the first of its kind bred "
        "in captivity on the island, keepers said on Tuesday.",
        "\"We waited 214 days and then it came out in an afternoon,\" said keeper Ilse Marwood. (AFP)")},
     {"headline": "Rare tortoise hatches at island zoo", "credit": "Agence France-Presse", "byline": [],
      "quotes": [{"content_starts": "We waited 214 days", "content_ends": "came out in an afternoon",
                  "speaker": ["Ilse Marwood"]}]}),
    ("credit-bottom-dpa-signoff-german", {"text": _text(
        "Hochwasser: Pegel am Sellbach sinkt",
        "Der Wasserstand des Sellbachs ist in der Nacht zum Sonntag deutlich gesunken, teilte die "
        "Feuerwehr in Ommersheim mit.",
        "Die Sandsäcke sollen noch bis Mittwoch liegen bleiben.",
        "dpa")},
     {"headline": "Hochwasser: Pegel am Sellbach sinkt", "credit": "Deutsche Presse-Agentur", "byline": [],
      "not_byline": ["dpa"]}),
    ("credit-bottom-with-reporting-by-afp", {"text": _text(
        "Glacier loses a tenth of its ice in two summers",
        "By Halldis Vornes",
        "The Skarvbreen glacier has lost about a tenth of its ice in the last two summers, "
        "glaciologists said on Friday.",
        "The front of the glacier has pulled back 180 metres since 2023.",
        "With reporting by Agence France-Presse")},
     {"headline": "Glacier loses a tenth of its ice in two summers", "byline": ["Halldis Vornes"],
      "credit": "Agence France-Presse", "not_byline": ["Agence France-Presse"],
      "text_must_not_contain": ["With reporting by"]}),
    ("credit-bottom-ap-contributed", {"text": _text(
        "Toll bridge fees frozen for a year",
        "By Cassius Mbeki-Hart",
        "Tolls on the Arrow Estuary bridge will stay at 2.40 pounds for another year, the bridge "
        "board said on Monday.",
        "The board had proposed a rise of 30 pence in the autumn.",
        "The Associated Press contributed to this report.")},
     {"headline": "Toll bridge fees frozen for a year", "byline": ["Cassius Mbeki-Hart"],
      "credit": "The Associated Press", "not_byline": ["Associated Press"], "contributors": [],
      "text_must_not_contain": ["contributed to this report"]}),

    # --- date-published-updated: both stamps, each as its own value ---------------------------------
    ("date-pubupd-pipe-cet", {"html": _page(
        '<article>\n<h1>Tram line extension approved</h1>\n'
        '<p class="byline">By Ansgar Holm</p>\n'
        '<div class="stamps">Published: 4 November 2025, 08:02 CET | Updated: 5 November 2025, 17:45 CET</div>\n'
        '<p>The city council approved a 3-kilometre extension of tram line 2 to the new hospital on '
        'Tuesday evening.</p>\n<p>Building work is due to start next spring.</p>\n</article>\n',
        head="<title>Tram line extension approved</title>")},
     {"headline": "Tram line extension approved", "byline": ["Ansgar Holm"],
      "published": "2025-11-04T08:02", "published_offset": "+01:00",
      "updated": "2025-11-05T17:45", "updated_offset": "+01:00"}),
    ("date-pubupd-jsonld-published-visible-updated", {"html": _page(
        '<article>\n<h1>Pier reopens after storm repairs</h1>\n'
        '<p class="byline">By Wren Castellan</p>\n'
        '<p class="updated">Updated 6 May 2024, 10:30 BST</p>\n'
        '<p>The pier at Sallow Sands reopened on Monday after four months of repairs to storm damage.</p>\n'
        '<p>The deck has been relaid with timber from the old railway sheds.</p>\n</article>\n',
        head='<title>Pier reopens after storm repairs</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"datePublished": "2024-05-05T18:20:00+01:00", "dateModified": "2024-05-06T10:30:00+01:00"}'
             '</script>')},
     {"headline": "Pier reopens after storm repairs", "published": "2024-05-05T18:20",
      "published_offset": "+01:00", "updated": "2024-05-06T10:30", "updated_offset": "+01:00"}),
    ("date-pubupd-text-et-am", {"text": _text(
        "Snowplough drivers vote to strike",
        "By Lorcan Whitby",
        "Published March 2, 2025 7:05 a.m. EST · Updated March 3, 2025 11:20 a.m. EST",
        "Snowplough drivers in Granby County voted on Sunday to strike for two days next week "
        "over overtime pay.",
        "The county said it would hire private contractors to keep the main roads open.")},
     {"headline": "Snowplough drivers vote to strike", "byline": ["Lorcan Whitby"],
      "published": "2025-03-02T07:05", "published_offset": "-05:00",
      "updated": "2025-03-03T11:20", "updated_offset": "-05:00"}),
    ("date-pubupd-german-uhr", {"html": _page(
        '<article>\n<h1>Neue Radwege am Hafen</h1>\n'
        '<p class="autor">Von Timo Reichelt</p>\n'
        '<p class="datum">Veröffentlicht am 12.03.2024, 09:15 Uhr · Aktualisiert am 13.03.2024, 18:40 Uhr</p>\n'
        '<p>Am Hafen von Wendhusen sollen bis zum Herbst zwei neue Radwege entstehen, teilte die '
        'Stadt am Dienstag mit.</p>\n<p>Die Kosten liegen bei rund 1,2 Millionen Euro.</p>\n</article>\n',
        head="<title>Neue Radwege am Hafen</title>", lang="de")},
     {"headline": "Neue Radwege am Hafen", "byline": ["Timo Reichelt"],
      "published": "2024-03-12T09:15", "updated": "2024-03-13T18:40"}),
    ("date-pubupd-spanish-text", {"text": _text(
        "La biblioteca municipal abrirá los domingos",
        "Por Inés Carvajal",
        "Publicado el 3 de abril de 2024 a las 10:20 | Actualizado el 4 de abril de 2024 a las 08:05",
        "La biblioteca municipal de Villamar abrirá también los domingos por la mañana a partir "
        "de mayo, anunció el ayuntamiento.",
        "El horario de verano se mantendrá sin cambios.")},
     {"headline": "La biblioteca municipal abrirá los domingos", "byline": ["Inés Carvajal"],
      "published": "2024-04-03T10:20", "updated": "2024-04-04T08:05"}),
    ("date-pubupd-french-same-day", {"text": _text(
        "Le pont de Sarlène fermé pour travaux",
        "Par Bastien Lemercier",
        "Publié le 15 janvier 2025 à 07h30, modifié le 15 janvier 2025 à 12h05",
        "Le pont de Sarlène sera fermé à la circulation pendant six semaines à partir de lundi pour "
        "des travaux de renforcement, a annoncé la préfecture.",
        "Une déviation est mise en place par la route des quais.")},
     {"headline": "Le pont de Sarlène fermé pour travaux", "byline": ["Bastien Lemercier"],
      "published": "2025-01-15T07:30", "updated": "2025-01-15T12:05"}),

    # --- date-time-zone: the page's local time and its offset, not UTC and not the day after --------
    ("date-tz-pst-vs-utc-meta", {"html": _page(
        '<article>\n<h1>Late vote saves the ferry dock</h1>\n'
        '<p class="byline">By Marisol Dunaway</p>\n'
        '<p class="timestamp">Nov. 3, 2024, 11:45 p.m. PST</p>\n'
        '<p>The harbour commission voted just before midnight on Sunday to keep the old ferry dock '
        'at Pellham open for another five years.</p>\n</article>\n',
        head='<title>Late vote saves the ferry dock</title>\n'
             '<meta property="article:published_time" content="2024-11-04T07:45:00Z">')},
     {"headline": "Late vote saves the ferry dock", "byline": ["Marisol Dunaway"],
      "published": "2024-11-03T23:45", "published_offset": "-08:00"}),
    ("date-tz-ist-half-hour", {"text": _text(
        "Monsoon rains close schools in the hill district",
        "Deccan Valley Times | Published: 10:05 AM IST, 5 August 2024",
        "Schools in the Ambara hill district will stay closed until Wednesday after two days of "
        "heavy monsoon rain caused landslides on three roads.",
        "Teachers have been asked to set work online.")},
     {"headline": "Monsoon rains close schools in the hill district",
      "published": "2024-08-05T10:05", "published_offset": "+05:30"}),
    ("date-tz-jsonld-local-vs-meta-utc", {"html": _page(
        '<article>\n<h1>Night market returns to the river bank</h1>\n'
        '<p>The night market on the Yarrow river bank returned on Friday after a two-year break, '
        'with 120 stalls and a stage for local bands.</p>\n'
        '<p>It will run every Friday until the end of March.</p>\n</article>\n',
        head='<title>Night market returns to the river bank</title>\n'
             '<meta property="article:published_time" content="2024-08-30T13:15:00Z">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"datePublished": "2024-08-30T23:15:00+10:00"}</script>')},
     {"headline": "Night market returns to the river bank",
      "published": "2024-08-30T23:15", "published_offset": "+10:00"}),
    ("date-tz-midnight-cdt", {"text": _text(
        "Power restored to most homes after storm",
        "Prairie Ledger, 12:30 a.m. CDT Saturday, Sept. 14, 2024",
        "Power has been restored to all but about 900 homes in Calloway County after Thursday's "
        "storm, the electric cooperative said late on Friday.",
        "Crews from three neighbouring counties are helping with repairs.")},
     {"headline": "Power restored to most homes after storm",
      "published": "2024-09-14T00:30", "published_offset": "-05:00"}),
    ("date-tz-gmt-plus-in-brackets", {"text": _text(
        "Desert road reopens after sandstorm",
        "Posted on 2024-06-01 18:20 (GMT+4)",
        "The main desert road between Qarun and the coast reopened on Saturday evening after a "
        "sandstorm closed it for two days.",
        "Drivers were told to keep their headlights on.")},
     {"headline": "Desert road reopens after sandstorm",
      "published": "2024-06-01T18:20", "published_offset": "+04:00"}),
    ("date-tz-time-element-utc-shown-local", {"html": _page(
        '<article>\n<h1>Harbour fireworks moved to Sunday</h1>\n'
        '<p class="byline">By Keelan Brodie</p>\n'
        '<p><time datetime="2024-12-29T03:50:00Z">December 28, 2024 10:50 PM ET</time></p>\n'
        '<p>The new year fireworks over Tallon harbour will be held on Sunday night instead of '
        'Saturday because of high winds, the city said.</p>\n</article>\n',
        head="<title>Harbour fireworks moved to Sunday</title>")},
     {"headline": "Harbour fireworks moved to Sunday", "byline": ["Keelan Brodie"],
      "published": "2024-12-28T22:50", "published_offset": "-05:00"}),

    # --- text-repeated-paragraphs: text the extraction repeats comes once ---------------------------
    ("text-repeat-pull-quote", {"html": _page(
        '<article>\n<h1>Orchard trust plants 500 old apple varieties</h1>\n'
        '<p>A trust in the Marrow valley has planted 500 old apple varieties in a single orchard '
        'to keep them from dying out.</p>\n'
        '<p>“Some of these trees grew in only one garden in the whole county,” said the trust\'s '
        'gardener, Aurelio Pennington.</p>\n'
        '<blockquote class="pull-quote"><p>“Some of these trees grew in only one garden in the whole '
        'county,” said the trust\'s gardener, Aurelio Pennington.</p></blockquote>\n'
        '<p>The orchard will open to visitors in the autumn.</p>\n</article>\n',
        head="<title>Orchard trust plants 500 old apple varieties</title>")},
     {"headline": "Orchard trust plants 500 old apple varieties",
      "text_must_not_repeat": "Some of these trees grew in only one garden",
      "text_must_contain": ["The orchard will open to visitors in the autumn"],
      "quote_count": 1}),
    ("text-repeat-three-interleaved-copies", {"text": _text(
        "Village shop saved by residents' buy-out",
        "Residents of Cuddlestone have bought their village shop for 180,000 pounds after it was "
        "put up for sale last year.",
        "\"We could not lose the last shop and the post office with it,\" said the chair of the buyers, "
        "Fenella Achterberg.",
        "The shop will be run by a manager and twenty volunteers.",
        "Residents of Cuddlestone have bought their village shop for 180,000 pounds after it was "
        "put up for sale last year.",
        "\"We could not lose the last shop and the post office with it,\" said the chair of the buyers, "
        "Fenella Achterberg.",
        "Residents of Cuddlestone have bought their village shop for 180,000 pounds after it was "
        "put up for sale last year.",
        "The shop will be run by a manager and twenty volunteers.",
        "\"We could not lose the last shop and the post office with it,\" said the chair of the buyers, "
        "Fenella Achterberg.")},
     {"headline": "Village shop saved by residents' buy-out",
      "text_must_not_repeat": "We could not lose the last shop",
      "text_must_contain": ["twenty volunteers"], "quote_count": 1}),
    ("text-repeat-copy-with-other-marks", {"text": _text(
        "Swimming pool roof to be replaced",
        "The roof of the Hedley leisure pool will be replaced over the summer at a cost of "
        "2.3 million pounds, the council said.",
        "“It has leaked into the plant room every winter since 2019,” said the centre’s manager, "
        "Bronwen Ashdale.",
        "The pool will close from June to September.",
        "The roof of the Hedley leisure pool will be replaced over the summer at a cost of "
        "2.3 million pounds, the council said.",
        "\"It has leaked into the plant room every winter since 2019,\" said the centre's manager, "
        "Bronwen Ashdale.",
        "The pool will close from June to September.")},
     {"headline": "Swimming pool roof to be replaced",
      "text_must_not_repeat": "leaked into the plant room every winter",
      "text_must_contain": ["close from June to September"], "quote_count": 1}),
    ("text-repeat-teaser-standfirst", {"html": _page(
        '<article>\n<h1>Coastal path to be rerouted around landslip</h1>\n'
        '<p class="standfirst">A stretch of the coastal path at Hobb Cliff is to be rerouted inland '
        'after a landslip took away 40 metres of the track.</p>\n'
        '<p>A stretch of the coastal path at Hobb Cliff is to be rerouted inland after a landslip '
        'took away 40 metres of the track.</p>\n'
        '<p>Walkers are being sent along a farm lane until the new route is ready in June.</p>\n'
        '<p>The landowner has agreed to the new line across two fields.</p>\n</article>\n',
        head="<title>Coastal path to be rerouted around landslip</title>")},
     {"headline": "Coastal path to be rerouted around landslip",
      "text_must_not_repeat": "is to be rerouted inland after a landslip",
      "text_must_contain": ["The landowner has agreed to the new line"]}),
    ("text-repeat-amp-copy-extra-paragraph", {"html": _page(
        '<article>\n<h1>Swifts return to the church tower</h1>\n'
        '<div class="body amp">\n<p>Swifts have returned to nest in the tower of St Aldric\'s church '
        'in Brindle for the first time in twelve years.</p>\n'
        '<p>“We put up forty nest boxes behind the louvres and hoped,” said the churchwarden, '
        'Cosmo Adeyemi-Clark.</p>\n<p>Advertisement</p>\n</div>\n'
        '<div class="body web">\n<p>Swifts have returned to nest in the tower of St Aldric\'s church '
        'in Brindle for the first time in twelve years.</p>\n'
        '<p>Advertisement</p>\n'
        '<p>“We put up forty nest boxes behind the louvres and hoped,” said the churchwarden, '
        'Cosmo Adeyemi-Clark.</p>\n'
        '<p>Nine pairs are nesting, and the first chicks are expected in July.</p>\n</div>\n</article>\n',
        head="<title>Swifts return to the church tower</title>")},
     {"headline": "Swifts return to the church tower",
      "text_must_not_repeat": "We put up forty nest boxes",
      "text_must_contain": ["the first chicks are expected in July"], "quote_count": 1}),
    # --- round 2 ---------------------------------------------------------------------------------
    ("byline-comments-schema-comment-items", {"html": _page(
        '<article itemscope itemtype="https://schema.org/NewsArticle">\n'
        '<h1 itemprop="headline">Weir repairs finished ahead of winter</h1>\n'
        '<p>Repairs to the weir at Cobb Mill were finished on Thursday, a month ahead of schedule, '
        'the river authority said.</p>\n'
        '<p>The weir holds back the water that feeds the mill race and two fish passes.</p>\n'
        '<div class="conversation"><h3>Conversation</h3>\n'
        '<div itemprop="comment" itemscope itemtype="https://schema.org/Comment">'
        '<span itemprop="author">Tilda Rasmussen</span> <time itemprop="dateCreated" '
        'datetime="2024-10-12T09:00:00+01:00">12 October 2024</time>'
        '<p itemprop="text">Good to see a job finished early for once.</p></div>\n'
        '<div itemprop="comment" itemscope itemtype="https://schema.org/Comment">'
        '<span itemprop="author">Ambrose Kettle</span> <time itemprop="dateCreated" '
        'datetime="2024-10-13T10:00:00+01:00">13 October 2024</time>'
        '<p itemprop="text">Will the fish passes be open to walkers to look at?</p></div>\n'
        '</div>\n</article>\n',
        head='<title>Weir repairs finished ahead of winter</title>\n'
             '<meta property="article:published_time" content="2024-10-10T17:00:00+01:00">')},
     {"headline": "Weir repairs finished ahead of winter", "byline": [],
      "not_byline": ["Tilda Rasmussen", "Ambrose Kettle"], "published": "2024-10-10T17:00",
      "published_offset": "+01:00",
      "text_must_not_contain": ["finished early for once", "open to walkers"]}),
    ("byline-comments-text-kommentare", {"text": _text(
        "Neue Buslinie zum Klinikum",
        "Von Greta Lindqvist",
        "Vom 1. Juli an fährt eine neue Buslinie vom Bahnhof in Hallbruck direkt zum Klinikum, "
        "teilten die Stadtwerke am Freitag mit.",
        "Die Busse fahren tagsüber alle 20 Minuten.",
        "Kommentare (2)",
        "Geschrieben von Otto Brandauer am 14.06.2024",
        "Endlich, darauf warten wir seit Jahren.",
        "Geschrieben von Wiebke Sanders am 15.06.2024",
        "Und am Wochenende?")},
     {"headline": "Neue Buslinie zum Klinikum", "byline": ["Greta Lindqvist"],
      "not_byline": ["Otto Brandauer", "Wiebke Sanders"],
      "text_must_not_contain": ["darauf warten wir seit Jahren", "am Wochenende"]}),
    ("byline-comments-text-reply-lines", {"text": _text(
        "Reservoir at lowest level since 1976",
        "By Ingrid Solheim-Parr",
        "The Cray reservoir has fallen to 38 percent of its capacity, its lowest level since the "
        "drought of 1976, the water company said on Wednesday.",
        "A hosepipe ban will start on Monday.",
        "Leave a Reply",
        "Barnaby Quist says:",
        "July 18, 2024 at 7:12 pm",
        "Fix the leaks first, then talk to us about hosepipes.",
        "Reply")},
     {"headline": "Reservoir at lowest level since 1976", "byline": ["Ingrid Solheim-Parr"],
      "not_byline": ["Barnaby Quist"], "text_must_not_contain": ["Fix the leaks first"]}),
    ("byline-comments-thread-inside-article-footer", {"html": _page(
        '<article>\n<header><h1>Cycle hire scheme doubles its fleet</h1>\n'
        '<p>By <a rel="author" href="/staff/rhiannon">Rhiannon Ashgrove</a></p>\n'
        '<time datetime="2025-04-03T08:00:00+01:00">3 April 2025</time></header>\n'
        '<p>The cycle hire scheme in Kellam will double its fleet to 1,200 bikes by the summer, '
        'the city council said.</p>\n'
        '<p>Forty new docking stations will be added in the outer districts.</p>\n'
        '<footer><div id="respond"><h3>Leave a comment</h3>\n'
        '<div class="reply"><p><a rel="author" href="/u/stellan">Stellan Moberg</a> · '
        '<time datetime="2025-04-04T12:00:00+01:00">4 April 2025</time></p>'
        '<p>There is still no docking station anywhere near the hospital.</p></div>\n'
        '</div></footer>\n</article>\n',
        head="<title>Cycle hire scheme doubles its fleet</title>")},
     {"headline": "Cycle hire scheme doubles its fleet", "byline": ["Rhiannon Ashgrove"],
      "not_byline": ["Stellan Moberg"], "published": "2025-04-03T08:00", "published_offset": "+01:00",
      "text_must_not_contain": ["no docking station anywhere near the hospital"]}),

    ("byline-menu-text-sidebar-hours-ago", {"text": _text(
        "New footbridge opens over the Lune",
        "By Hedvig Aalto",
        "A new footbridge over the river Lune opened on Saturday, linking the two halves of the "
        "Northgate estate for the first time.",
        "The bridge cost 2.6 million pounds and took eighteen months to build.",
        "Most read",
        "2 hours ago Casimir Okoro",
        "5 hours ago Lotte Ransome")},
     {"headline": "New footbridge opens over the Lune", "byline": ["Hedvig Aalto"],
      "not_byline": ["Casimir Okoro", "Lotte Ransome", "hours ago"]}),
    ("byline-menu-author-card-title", {"html": _page(
        '<nav class="topnav"><a href="/">Home</a><a href="/local">Local</a></nav>\n'
        '<article>\n<h1>Harbour dredging to start in March</h1>\n'
        '<div class="author-card"><img src="/img/a.jpg" alt="Photo of Ana Ruiz-Sallent">'
        '<span class="author-name">Ana Ruiz-Sallent</span><span class="author-title">Port Reporter</span>'
        '<a href="/staff/ana-ruiz-sallent">View all articles</a></div>\n'
        '<p>Dredging of the harbour channel at Port Calvo will start in March so that larger '
        'cargo ships can berth at the east quay.</p>\n'
        '<p>The work will remove about 300,000 cubic metres of silt.</p>\n</article>\n',
        head="<title>Harbour dredging to start in March</title>")},
     {"headline": "Harbour dredging to start in March", "byline": ["Ana Ruiz-Sallent"],
      "not_byline": ["Port Reporter", "View all articles", "Photo of"]}),
    ("byline-menu-byline-email-handle", {"text": _text(
        "Bin collections move to fortnightly",
        "By ANA RUIZ-SALLENT | aruiz@calvopost.example | @anaruizsallent",
        "General waste bins in Port Calvo will be emptied every two weeks from October instead of "
        "every week, the council said.",
        "Food waste will still be collected weekly.")},
     {"headline": "Bin collections move to fortnightly", "byline": ["Ana Ruiz-Sallent"],
      "not_byline": ["aruiz", "@anaruizsallent"]}),
    ("byline-menu-by-staff-desk", {"text": _text(
        "Road closed after lorry sheds load",
        "By Staff Reporter",
        "The A64 near Thornby was closed for five hours on Tuesday after a lorry shed a load of "
        "timber across both lanes.",
        "Nobody was hurt, police said.")},
     {"headline": "Road closed after lorry sheds load", "byline": [], "not_byline": ["Staff Reporter"]}),

    ("byline-schema-jsonld-only-person", {"html": _page(
        '<article>\n<h1>New maternity unit opens in Darrow</h1>\n'
        '<p>A new maternity unit opened at Darrow General Hospital on Monday, ending the 40-mile '
        'journey mothers in the valley have made to give birth.</p>\n'
        '<p>The unit has twelve beds and a birthing pool.</p>\n</article>\n',
        head='<title>New maternity unit opens in Darrow</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Halima Osei-Brandt", "url": "/staff/halima"}}</script>')},
     {"headline": "New maternity unit opens in Darrow", "byline": ["Halima Osei-Brandt"]}),
    ("byline-schema-agency-person-vs-visible-staff", {"html": _page(
        '<article>\n<h1>Oil price falls on demand worries</h1>\n'
        '<p class="byline">By Reuters Staff</p>\n'
        '<p>Oil prices fell on Tuesday on worries that demand in the winter would be weaker than '
        'expected, traders said.</p>\n<p>Brent crude fell 1.4 percent to 71.20 dollars a barrel.</p>\n'
        '</article>\n',
        head='<title>Oil price falls on demand worries</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": [{"@type": "Person", "name": "Reuters"}]}</script>')},
     {"headline": "Oil price falls on demand worries", "byline": [], "credit": "Reuters",
      "not_byline": ["Reuters"]}),
    ("byline-schema-url-author-and-meta-role", {"html": _page(
        '<main>\n<h1>School meals to go organic by 2027</h1>\n'
        '<p>All school meals in Wendmoor will use organic milk, eggs and vegetables by 2027, the '
        'county council has decided.</p>\n<p>The change will add about 11 pence to the cost of each meal.</p>\n'
        '</main>\n',
        head='<title>School meals to go organic by 2027</title>\n'
             '<meta name="author" content="Ottilie Brandt, Education Correspondent">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": "https://wendmoor.example/staff/otto"}</script>')},
     {"headline": "School meals to go organic by 2027", "byline": ["Ottilie Brandt"],
      "not_byline": ["Education Correspondent", "https"]}),
    ("byline-schema-visible-caps-with-and", {"html": _page(
        '<article>\n<h1>Ferry operator fined over late sailings</h1>\n'
        '<div class="byline">BY MAGNUS EIDE AND SOLVEIG TRAN</div>\n'
        '<p>A ferry operator has been fined 90,000 pounds for running a quarter of its sailings '
        'late last year, the regulator said.</p>\n<p>The operator said a new ship would fix the problem.</p>\n'
        '</article>\n',
        head='<title>Ferry operator fined over late sailings</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Magnus Eide"}}</script>')},
     {"headline": "Ferry operator fined over late sailings", "byline": ["Magnus Eide", "Solveig Tran"]}),

    ("byline-parse-written-edited-by", {"text": _text(
        "Chess club celebrates its centenary",
        "Written by Oskar Lindahl • Edited by Petra Vukovic",
        "The Ashby chess club celebrated its hundredth year on Saturday with a simultaneous "
        "display against forty players.",
        "Its oldest member, aged 94, drew his game.")},
     {"headline": "Chess club celebrates its centenary", "byline": ["Oskar Lindahl"],
      "not_byline": ["Petra Vukovic"]}),
    ("byline-parse-dr-title-of-outlet", {"text": _text(
        "Heat pump grants run out in three months",
        "By Dr. Amara Nwosu and Felix Hartmann of The Calder Courier",
        "Money set aside for heat pump grants in the Calder district ran out in three months, the "
        "energy agency said on Friday.",
        "About 1,900 households received a grant.")},
     {"headline": "Heat pump grants run out in three months", "byline": ["Amara Nwosu", "Felix Hartmann"],
      "not_byline": ["Calder Courier", "Dr."]}),
    ("byline-parse-no-by-name-agency", {"text": _text(
        "Strike halts work at copper smelter",
        "Ines Albuquerque, Associated Press",
        "Workers at the Varanda copper smelter walked out on Monday over pay, halting production "
        "at the country's largest plant.",
        "The union says its members have had no raise since 2022.")},
     {"headline": "Strike halts work at copper smelter", "byline": ["Ines Albuquerque"],
      "credit": "The Associated Press", "not_byline": ["Associated Press"]}),
    ("byline-parse-name-newline-role-city", {"text": _text(
        "Tech firm to open office in Brackmoor",
        "By Kwame Asante-Reyes\nBusiness Reporter, Brackmoor",
        "A software company will open an office in Brackmoor with 250 jobs next year, it said "
        "on Wednesday.",
        "The company already employs 3,000 people in the south.")},
     {"headline": "Tech firm to open office in Brackmoor", "byline": ["Kwame Asante-Reyes"],
      "not_byline": ["Business Reporter", "Brackmoor"]}),

    ("credit-top-ap-byline-agency-and-dateline", {"text": _text(
        "Quake shakes coastal towns",
        "By MIREILLE DUVAL-OKAFOR Associated Press",
        "PORT TALLIS, Sorrel Isles (AP) — An earthquake of magnitude 6.1 shook towns along the coast "
        "of the Sorrel Isles on Thursday, cracking walls but causing no deaths, officials said.",
        "Schools were closed for checks.")},
     {"headline": "Quake shakes coastal towns", "byline": ["Mireille Duval-Okafor"],
      "credit": "The Associated Press", "dateline": "PORT TALLIS", "not_byline": ["Associated Press"]}),
    ("credit-top-afp-french", {"text": _text(
        "Grève des contrôleurs aériens à Sarlène",
        "Sarlène (AFP) - Les contrôleurs aériens de l'aéroport de Sarlène ont entamé jeudi une grève "
        "de deux jours pour réclamer des renforts, a annoncé leur syndicat.",
        "Une centaine de vols ont été annulés.")},
     {"headline": "Grève des contrôleurs aériens à Sarlène", "credit": "Agence France-Presse",
      "dateline": "Sarlène", "byline": [], "not_byline": ["AFP"]}),
    ("credit-top-dpa-regional-tag", {"text": _text(
        "Autobahn nach Unfall stundenlang gesperrt",
        "Wendhusen (dpa/lnw) - Nach einem Unfall mit drei Lastwagen ist die A31 bei Wendhusen am "
        "Montag für mehrere Stunden gesperrt worden.",
        "Verletzt wurde nach Angaben der Polizei niemand.")},
     {"headline": "Autobahn nach Unfall stundenlang gesperrt", "credit": "Deutsche Presse-Agentur",
      "dateline": "Wendhusen", "byline": [], "not_byline": ["dpa"]}),
    ("credit-top-reuters-caps-date-day-month", {"text": _text(
        "Miner cuts output forecast",
        "HALDEN, Norland, 4 June (Reuters) - A mining company cut its forecast for nickel output "
        "this year on Tuesday after floods shut one of its pits for a month.",
        "Its shares fell 6 percent.")},
     {"headline": "Miner cuts output forecast", "credit": "Reuters", "dateline": "HALDEN",
      "byline": [], "not_byline": ["Reuters", "Halden"]}),

    ("credit-bottom-copyright-symbol-afp", {"text": _text(
        "Volcano island evacuated",
        "All 800 residents of the island of Ostra were taken off by boat on Sunday as the volcano "
        "at its centre began to erupt, officials said.",
        "\"We left with what we could carry,\" said fisherman Teodor Vlasic.",
        "© 2026 AFP")},
     {"headline": "Volcano island evacuated", "credit": "Agence France-Presse", "byline": [],
      "quotes": [{"content_starts": "We left with what we could carry", "speaker": ["Teodor Vlasic"]}]}),
    ("credit-bottom-source-reuters", {"text": _text(
        "Grain exports rise despite drought",
        "Grain exports from the port of Kessa rose by 8 percent in the first half of the year, "
        "port figures show, despite a drought in the east.",
        "Most of the grain went to North Africa.",
        "Source: Reuters")},
     {"headline": "Grain exports rise despite drought", "credit": "Reuters", "byline": [],
      "text_must_not_contain": ["Source: Reuters"]}),
    ("credit-bottom-double-hyphen-ap", {"text": _text(
        "Zoo welcomes twin red pandas",
        "Twin red pandas were born at the Halloway zoo last month and have now been shown to "
        "visitors for the first time, keepers said.",
        "\"They spend most of the day asleep in the top branches,\" said keeper Rosalind Achebe.",
        "-- The Associated Press")},
     {"headline": "Zoo welcomes twin red pandas", "credit": "The Associated Press", "byline": [],
      "quotes": [{"content_starts": "They spend most of the day asleep", "content_ends": "in the top branches",
                  "speaker": ["Rosalind Achebe"]}]}),
    ("credit-bottom-caps-reuters-run-in", {"text": _text(
        "Port strike ends after two weeks",
        "Dock workers at Kessa returned to work on Friday after a two-week strike over pay, "
        "ending queues of ships off the port.",
        "The union accepted a 7 percent raise, its leader said. REUTERS")},
     {"headline": "Port strike ends after two weeks", "credit": "Reuters", "byline": [],
      "text_must_not_contain": ["REUTERS"]}),

    ("date-pubupd-time-first", {"text": _text(
        "Ice rink to stay open until April",
        "By Petronella Vasquez",
        "Posted 3:40 PM, Jan 5, 2025 | Updated 8:15 AM, Jan 6, 2025",
        "The outdoor ice rink in Sellford square will stay open until the end of March because of "
        "strong ticket sales, the town council said.",
        "More than 40,000 people have skated on it since December.")},
     {"headline": "Ice rink to stay open until April", "byline": ["Petronella Vasquez"],
      "published": "2025-01-05T15:40", "updated": "2025-01-06T08:15"}),
    ("date-pubupd-updated-first", {"text": _text(
        "Hospital car park charges scrapped",
        "Updated: 10:05 BST, 7 May 2024 | Published: 18:20 BST, 6 May 2024",
        "Car park charges at Marrow General Hospital will be scrapped from June for patients and "
        "visitors, the health board said.",
        "Staff will still need a permit.")},
     {"headline": "Hospital car park charges scrapped",
      "published": "2024-05-06T18:20", "published_offset": "+01:00",
      "updated": "2024-05-07T10:05", "updated_offset": "+01:00"}),
    ("date-pubupd-itemprop-times", {"html": _page(
        '<article>\n<h1>Bridge toll rises by 20 pence</h1>\n'
        '<p class="byline">By Thaddeus Munro</p>\n'
        '<div class="dates"><time itemprop="datePublished" datetime="2025-02-10T07:30:00+00:00">'
        '10 February 2025, 07:30</time> <time itemprop="dateModified" datetime="2025-02-11T16:45:00+00:00">'
        '11 February 2025, 16:45</time></div>\n'
        '<p>The toll on the Sallow estuary bridge will rise by 20 pence to 2.60 pounds from April, '
        'the bridge trust said.</p>\n<p>Regular users can buy a cheaper monthly pass.</p>\n</article>\n',
        head="<title>Bridge toll rises by 20 pence</title>")},
     {"headline": "Bridge toll rises by 20 pence", "byline": ["Thaddeus Munro"],
      "published": "2025-02-10T07:30", "published_offset": "+00:00",
      "updated": "2025-02-11T16:45", "updated_offset": "+00:00"}),
    ("date-pubupd-updated-time-only-same-day", {"text": _text(
        "Flood warning lifted for the Arn",
        "By Saoirse Whitlock",
        "Published 14 February 2024 07:10 GMT, updated 13:25 GMT",
        "The flood warning for the river Arn at Lowbridge was lifted on Wednesday afternoon as the "
        "water fell back below its banks.",
        "Roads along the river remain closed.")},
     {"headline": "Flood warning lifted for the Arn", "byline": ["Saoirse Whitlock"],
      "published": "2024-02-14T07:10", "published_offset": "+00:00",
      "updated": "2024-02-14T13:25", "updated_offset": "+00:00"}),

    ("date-tz-cest-time-first", {"text": _text(
        "Late goal sends Kessa into the final",
        "Published 23:40 CEST, 14 June 2024",
        "A goal in the last minute of extra time sent Kessa into the cup final on Friday night "
        "after a 2-1 win over Halden.",
        "The final will be played in Varanda on June 29.")},
     {"headline": "Late goal sends Kessa into the final", "published": "2024-06-14T23:40",
      "published_offset": "+02:00"}),
    ("date-tz-shown-local-no-zone-jsonld-utc", {"html": _page(
        '<article>\n<h1>Midnight sale draws queues at the bookshop</h1>\n'
        '<p class="byline">By Corentin Abela</p>\n'
        '<p class="date">March 14, 2024 9:40 p.m.</p>\n'
        '<p>Hundreds of readers queued outside the Lanternfield bookshop on Thursday night for the '
        'midnight release of the last book in a fantasy series.</p>\n</article>\n',
        head='<title>Midnight sale draws queues at the bookshop</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"datePublished": "2024-03-15T01:40:00Z"}</script>')},
     {"headline": "Midnight sale draws queues at the bookshop", "byline": ["Corentin Abela"],
      "published": "2024-03-14T21:40", "published_offset": "-04:00"}),
    ("date-tz-unicode-minus-utc", {"text": _text(
        "Hurricane warning issued for the Keys",
        "Gulf Coast Ledger | September 9, 2024 at 21:15 UTC\u22124",
        "A hurricane warning was issued on Monday evening for the island chain as the storm "
        "strengthened over warm water to the south.",
        "Visitors were told to leave by Tuesday noon.")},
     {"headline": "Hurricane warning issued for the Keys", "published": "2024-09-09T21:15",
      "published_offset": "-04:00"}),
    ("date-tz-meta-offset-no-colon", {"html": _page(
        '<article>\n<h1>Monsoon reaches the capital early</h1>\n'
        '<p>The monsoon reached the capital on Saturday, a week earlier than usual, the weather '
        'office said, bringing relief from a long heatwave.</p>\n<p>Rain is forecast every day next week.</p>\n'
        '</article>\n',
        head='<title>Monsoon reaches the capital early</title>\n'
             '<meta property="article:published_time" content="2024-06-22T23:50:00+0530">')},
     {"headline": "Monsoon reaches the capital early", "published": "2024-06-22T23:50",
      "published_offset": "+05:30"}),
    ("date-tz-time-first-no-weekday", {"text": _text(
        "Transit strike vote set for Friday",
        "9:40 p.m. EDT March 14, 2024",
        "Transit workers in Ebbsford will vote on Friday on whether to strike over a new rota, "
        "their union said on Thursday night.",
        "A strike could start as early as next week.")},
     {"headline": "Transit strike vote set for Friday", "published": "2024-03-14T21:40",
      "published_offset": "-04:00"}),

    ("text-repeat-caption-twice", {"html": _page(
        '<article>\n<h1>Seal pups counted on the sandbanks</h1>\n'
        '<p>Wardens counted 412 grey seal pups on the Rona sandbanks this winter, the most since '
        'counts began in 1990.</p>\n'
        '<p>A grey seal pup rests on the sandbank at Rona Point in December.</p>\n'
        '<p>“The colony has doubled in fifteen years,” said the head warden, Isolde Farquharson.</p>\n'
        '<p>A grey seal pup rests on the sandbank at Rona Point in December.</p>\n'
        '<p>Visitors are asked to keep 100 metres away.</p>\n</article>\n',
        head="<title>Seal pups counted on the sandbanks</title>")},
     {"headline": "Seal pups counted on the sandbanks",
      "text_must_not_repeat": "A grey seal pup rests on the sandbank",
      "text_must_contain": ["keep 100 metres away"], "quote_count": 1}),
    ("text-repeat-second-copy-rewrapped", {"text":
        "Bakery chain to close six shops\n\n"
        "A bakery chain will close six of its shops in the Tarn valley by the end of the month, "
        "putting 45 jobs at risk.\n\n"
        "\"Rents have doubled on every high street we trade on,\" said the chain's owner, Edwin Castellanos.\n\n"
        "The chain will keep its four other shops.\n\n"
        "A bakery chain will close six of its shops in the Tarn valley\nby the end of the month, "
        "putting 45 jobs at risk.\n\n"
        "\"Rents have doubled on every high street we trade on,\"\nsaid the chain's owner, Edwin Castellanos.\n\n"
        "The chain will keep its four other shops."},
     {"headline": "Bakery chain to close six shops", "text_must_not_repeat": "Rents have doubled on every",
      "text_must_contain": ["keep its four other shops"], "quote_count": 1}),
    ("text-repeat-key-points-summary", {"html": _page(
        '<article>\n<h1>Rail line to reopen after 60 years</h1>\n'
        '<div class="key-points"><h2>Key points</h2><ul>'
        '<li>The Wendle valley line will reopen to passengers in 2028.</li>'
        '<li>Trains will run every hour between Wendle and Carrow.</li></ul></div>\n'
        '<p>The Wendle valley line will reopen to passengers in 2028, sixty years after it closed, '
        'the transport minister said.</p>\n'
        '<p>Trains will run every hour between Wendle and Carrow.</p>\n'
        '<p>Three stations will be rebuilt on their old sites.</p>\n</article>\n',
        head="<title>Rail line to reopen after 60 years</title>")},
     {"headline": "Rail line to reopen after 60 years",
      "text_must_not_repeat": "Trains will run every hour between Wendle and Carrow",
      "text_must_contain": ["Three stations will be rebuilt"]}),
    ("text-repeat-nbsp-and-dash-variants", {"text": _text(
        "Youth centre saved by lottery grant",
        "The youth centre in Pellby will stay open after winning a lottery grant of 240,000 pounds "
        "\u2014 enough for three more years.",
        "\u201cThe kids would have had nowhere to go after school,\u201d said the centre\u2019s "
        "manager, Ottoline Barnes.",
        "The youth centre in Pellby will stay open after winning a lottery grant of 240,000\u00a0pounds "
        "- enough for three more years.",
        "\u201cThe kids would have had nowhere to go after school,\u201d said the centre\u2019s "
        "manager, Ottoline Barnes.")},
     {"headline": "Youth centre saved by lottery grant", "text_must_not_repeat": "will stay open after winning",
      "quote_count": 1}),
    # --- round 3 ---------------------------------------------------------------------------------
    ("byline-comments-text-thoughts-on", {"text": _text(
        "Village green to get a new pavilion",
        "By Marguerite Oyelaran",
        "The cricket club at Stowell will build a new pavilion on the village green after winning "
        "planning permission on Tuesday.",
        "The old wooden pavilion burnt down in 2022.",
        "2 thoughts on \u201cVillage green to get a new pavilion\u201d",
        "Posted by Crispin Hale on 3 June 2024 at 10:41",
        "About time, the teas have been served from a van for two summers.")},
     {"headline": "Village green to get a new pavilion", "byline": ["Marguerite Oyelaran"],
      "not_byline": ["Crispin Hale"], "text_must_not_contain": ["served from a van"]}),
    ("byline-comments-html-no-article-commentlist", {"html": _page(
        '<div id="page"><div id="content">\n<h1 class="post-title">Ferry timetable cut for the winter</h1>\n'
        '<div class="post-info">By <span class="author">Lucan Abernethy</span> on '
        '<span class="date">November 4, 2024</span></div>\n'
        '<div class="post-body"><p>The ferry to Inchcraig will sail twice a day instead of four times '
        'from December to March, the island council said.</p>\n'
        '<p>Islanders say the cut will make it hard to get to hospital appointments on the mainland.</p>'
        '</div>\n<ol class="commentlist">\n<li><cite class="fn">Morag Tulloch</cite> <span class="says">says:</span>'
        ' <span class="date">November 5, 2024</span><p>Two sailings a day is no service at all.</p></li>\n'
        '<li><cite class="fn">Hamish Ure</cite> <span class="says">says:</span> <span class="date">November 6, 2024'
        '</span><p>The council should run the boat itself.</p></li>\n</ol>\n</div></div>\n',
        head="<title>Ferry timetable cut for the winter | Island Times</title>")},
     {"headline": "Ferry timetable cut for the winter", "byline": ["Lucan Abernethy"],
      "not_byline": ["Morag Tulloch", "Hamish Ure"], "published": "2024-11-04",
      "text_must_not_contain": ["no service at all", "run the boat itself"]}),
    ("byline-comments-date-only-in-comments", {"html": _page(
        '<article>\n<h1>Bridge painting to take three years</h1>\n'
        '<p class="byline">By Eilidh Carrick</p>\n'
        '<p>Painting the Kessock rail bridge will take three years and need 240,000 litres of paint, '
        'the rail company said.</p>\n<p>Trains will run as normal while the work goes on.</p>\n'
        '</article>\n<section id="comments"><h2>Comments</h2>\n'
        '<div class="c"><span class="name">Iain Moffat</span> <time datetime="2023-08-09T12:00:00+01:00">'
        '9 August 2023</time><p>Just in time to start again at the other end.</p></div>\n</section>\n',
        head='<title>Bridge painting to take three years</title>\n'
             '<meta property="article:published_time" content="2023-08-07T06:00:00+01:00">')},
     {"headline": "Bridge painting to take three years", "byline": ["Eilidh Carrick"],
      "not_byline": ["Iain Moffat"], "published": "2023-08-07T06:00", "published_offset": "+01:00",
      "text_must_not_contain": ["start again at the other end"]}),

    ("byline-menu-byline-updated-ago-glued", {"html": _page(
        '<article>\n<h1>Heatwave warning for the weekend</h1>\n'
        '<div class="byline"><a href="/by/tomas-berglund">Tomas Berglund</a><span>Updated 2 hours ago</span></div>\n'
        '<p>Temperatures could reach 34C in the Varne valley on Saturday, forecasters said, and a '
        'heat warning is in force until Monday.</p>\n<p>Water companies have asked people to save water.</p>\n'
        '</article>\n',
        head="<title>Heatwave warning for the weekend</title>")},
     {"headline": "Heatwave warning for the weekend", "byline": ["Tomas Berglund"],
      "not_byline": ["Updated", "hours ago"]}),
    ("byline-menu-share-buttons-in-byline", {"html": _page(
        '<article>\n<h1>Town council buys the old cinema</h1>\n'
        '<div class="byline">By Femi Adebayo-Quinn <span class="share">Share on Facebook</span> '
        '<span class="share">Share on X</span></div>\n'
        '<p>The town council in Radleigh has bought the old Regal cinema for 410,000 pounds and plans '
        'to turn it into an arts centre.</p>\n<p>The cinema closed in 2009.</p>\n</article>\n',
        head="<title>Town council buys the old cinema</title>")},
     {"headline": "Town council buys the old cinema", "byline": ["Femi Adebayo-Quinn"],
      "not_byline": ["Facebook", "Share"]}),
    ("byline-menu-h1-logo-then-headline", {"html": _page(
        '<header class="top"><h1 class="logo"><a href="/">The Marsh Gazette</a></h1>\n'
        '<ul class="menu"><li><a rel="author" href="/author/kit">Kit Oyelowo</a></li></ul></header>\n'
        '<div class="story">\n<h1>Sluice gates to be replaced after 80 years</h1>\n'
        '<p>By <a rel="author" href="/author/wen-li">Wen Li-Halvorsen</a></p>\n'
        '<p>The sluice gates at Marsh End, which hold back the tide from 3,000 hectares of farmland, '
        'will be replaced next year, the drainage board said.</p>\n'
        '<p>The new gates will cost 6 million pounds.</p>\n</div>\n',
        head="<title>Sluice gates to be replaced after 80 years - The Marsh Gazette</title>")},
     {"headline": "Sluice gates to be replaced after 80 years", "byline": ["Wen Li-Halvorsen"],
      "not_byline": ["Kit Oyelowo", "Marsh Gazette"]}),

    ("byline-schema-visible-with-place", {"html": _page(
        '<article>\n<h1>Fishermen protest at quota cuts</h1>\n'
        '<p class="byline">By Ana Sorensen-Vik in Brackmoor</p>\n'
        '<p>About 200 fishermen protested outside the fisheries ministry on Wednesday against cuts '
        'to next year\'s cod quota.</p>\n<p>The ministry says the cuts are needed to protect stocks.</p>\n'
        '</article>\n',
        head='<title>Fishermen protest at quota cuts</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Northern Desk"}}</script>')},
     {"headline": "Fishermen protest at quota cuts", "byline": ["Ana Sorensen-Vik"],
      "not_byline": ["Northern Desk", "Brackmoor"]}),
    ("byline-schema-org-staff-no-visible", {"html": _page(
        '<article>\n<h1>Roadworks to close the ring road at night</h1>\n'
        '<p>The ring road around Calder will close at night for three weeks from Monday while the '
        'surface is relaid, the highways agency said.</p>\n<p>Diversions will be signed.</p>\n</article>\n',
        head='<title>Roadworks to close the ring road at night</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Organization", "name": "Calder Courier Staff"}}</script>\n'
             '<meta name="author" content="Calder Courier Staff">')},
     {"headline": "Roadworks to close the ring road at night", "byline": [],
      "not_byline": ["Calder Courier"]}),
    ("byline-schema-rel-author-vs-old-template-author", {"html": _page(
        '<article>\n<h1>Orchestra cancels its winter tour</h1>\n'
        '<p><a rel="author" href="/people/signy">Signy Holmberg</a> and '
        '<a rel="author" href="/people/ravi">Ravi Chandrasekar</a></p>\n'
        '<p>The Vestland symphony orchestra has cancelled its winter tour after losing a sponsor, '
        'its board said on Thursday.</p>\n<p>Ticket holders will be refunded.</p>\n</article>\n',
        head='<title>Orchestra cancels its winter tour</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Bertil Nyquist"}}</script>')},
     {"headline": "Orchestra cancels its winter tour", "byline": ["Signy Holmberg", "Ravi Chandrasekar"],
      "not_byline": ["Bertil Nyquist"]}),

    ("byline-parse-pipe-title-no-by", {"text": _text(
        "Cathedral spire to be rebuilt in stone",
        "Beatrix Olawale | Heritage Correspondent",
        "The spire of Ellmouth cathedral, which was replaced with a fibreglass copy in the 1970s, "
        "will be rebuilt in stone over the next four years.",
        "The work will be paid for by a public appeal.")},
     {"headline": "Cathedral spire to be rebuilt in stone", "byline": ["Beatrix Olawale"],
      "not_byline": ["Heritage Correspondent"]}),
    ("byline-parse-hyphens-apostrophes-particles", {"text": _text(
        "Canal reopens after lock repairs",
        "By Jean-Luc O'Neill-Dubois and Mary-Kate van der Berg",
        "The Calder canal reopened to boats on Friday after repairs to three locks that were "
        "damaged in the winter floods.",
        "About 400 boats use the canal each summer.")},
     {"headline": "Canal reopens after lock repairs",
      "byline": ["Jean-Luc O'Neill-Dubois", "Mary-Kate van der Berg"]}),
    ("byline-parse-nordic-caps", {"text": _text(
        "Ferry fleet to switch to batteries",
        "BY ÅSA NÆSS-ØVREBØ, Transport Editor",
        "All six ferries on the Skarv fjord will run on batteries by 2028, the county said on Monday.",
        "Charging points will be built at each quay.")},
     {"headline": "Ferry fleet to switch to batteries", "byline": ["Åsa Næss-Øvrebø"],
      "not_byline": ["Transport Editor"]}),
    ("byline-parse-outlet-after-name", {"text": _text(
        "Shipyard takes on 300 apprentices",
        "By Idris Balogun-Fry, The Calder Courier",
        "The Saltreach shipyard will take on 300 apprentices over the next three years, its owner "
        "said on Tuesday.",
        "The first 90 start in September.")},
     {"headline": "Shipyard takes on 300 apprentices", "byline": ["Idris Balogun-Fry"],
      "not_byline": ["Calder Courier"]}),

    ("credit-top-html-by-ap-byline", {"html": _page(
        '<article>\n<h1>Wildfire forces evacuation of hill towns</h1>\n'
        '<p class="byline">By The Associated Press</p>\n'
        '<p>SANTA VERA, Calloway (AP) — A wildfire forced the evacuation of three hill towns on '
        'Sunday as strong winds pushed the flames toward houses, officials said.</p>\n'
        '<p>About 1,200 firefighters were at work on the blaze.</p>\n</article>\n',
        head='<title>Wildfire forces evacuation of hill towns</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"author": {"@type": "Person", "name": "Associated Press"}}</script>')},
     {"headline": "Wildfire forces evacuation of hill towns", "byline": [], "credit": "The Associated Press",
      "dateline": "SANTA VERA", "not_byline": ["Associated Press"]}),
    ("credit-top-kicker-then-dateline", {"text": _text(
        "Mining group agrees to buy rival",
        "EXCLUSIVE",
        "HALDEN, Norland, Feb 12 (Reuters) - A mining group has agreed to buy a smaller rival for "
        "about 2.3 billion dollars, three people familiar with the deal told Reuters.",
        "The deal could be announced as soon as Monday.")},
     {"headline": "Mining group agrees to buy rival", "credit": "Reuters", "dateline": "HALDEN",
      "byline": [], "not_byline": ["Reuters"]}),
    ("credit-top-by-afp-byline", {"text": _text(
        "Drought cuts hydropower output",
        "By AFP",
        "LUMBRA, Varanda (AFP) - Hydropower output in Varanda fell by a third in the first half of "
        "the year as drought drained the country's reservoirs, the grid operator said.",
        "The country has turned to gas plants to fill the gap.")},
     {"headline": "Drought cuts hydropower output", "byline": [], "credit": "Agence France-Presse",
      "dateline": "LUMBRA", "not_byline": ["AFP"]}),

    ("credit-bottom-html-em-reuters", {"html": _page(
        '<article>\n<h1>Car maker recalls 40,000 vans</h1>\n'
        '<p>A car maker is recalling about 40,000 vans because a fault in the brake pipes can cause '
        'them to leak, the road safety agency said.</p>\n'
        '<p>Owners will be contacted by letter.</p>\n<p><em>— Reuters</em></p>\n</article>\n',
        head="<title>Car maker recalls 40,000 vans</title>")},
     {"headline": "Car maker recalls 40,000 vans", "credit": "Reuters", "byline": [],
      "not_byline": ["Reuters"]}),
    ("credit-bottom-ap-writers-contributed", {"text": _text(
        "Storm knocks out power to 90,000 homes",
        "A storm with gusts of 120 km/h knocked out power to about 90,000 homes along the coast on "
        "Tuesday night, the grid operator said.",
        "Crews expect to restore most of it by Thursday.",
        "Associated Press writers Dolores Achterberg in Halden and Ruben Okwuosa in Lumbra contributed.")},
     {"headline": "Storm knocks out power to 90,000 homes", "credit": "The Associated Press", "byline": [],
      "contributors": ["Dolores Achterberg", "Ruben Okwuosa"],
      "text_must_not_contain": ["contributed"]}),
    ("credit-bottom-lone-agency-paren", {"text": _text(
        "Stranded whale refloated",
        "Volunteers refloated a stranded pilot whale on the beach at Sandvik on Saturday after "
        "keeping it wet for eleven hours, rescuers said.",
        "The whale swam out to sea with the evening tide.",
        "(AP)")},
     {"headline": "Stranded whale refloated", "credit": "The Associated Press", "byline": [],
      "text_must_not_contain": ["(AP)"]}),

    ("date-pubupd-two-lines-one-paragraph", {"text":
        "Night trains return to the coast line\n\n"
        "By Rosalind Achterberg\n\n"
        "First published: Sunday 3 March 2024 at 09.15 GMT\nLast modified: Tuesday 5 March 2024 at 14.10 GMT\n\n"
        "Night trains will return to the coast line from May, the rail operator said, after a "
        "gap of eleven years.\n\nTickets go on sale next week."},
     {"headline": "Night trains return to the coast line", "byline": ["Rosalind Achterberg"],
      "published": "2024-03-03T09:15", "published_offset": "+00:00",
      "updated": "2024-03-05T14:10", "updated_offset": "+00:00"}),
    ("date-pubupd-portuguese", {"text": _text(
        "Metrô ganha nova estação em Vila Serena",
        "Por Joana Mascarenhas",
        "Publicado em 05/03/2024 - 09:15 Atualizado em 06/03/2024 - 11:30",
        "A nova estação de metrô de Vila Serena abriu nesta terça-feira, com quatro meses de atraso, "
        "informou a companhia.",
        "A estação deve receber 40 mil passageiros por dia.")},
     {"headline": "Metrô ganha nova estação em Vila Serena", "byline": ["Joana Mascarenhas"],
      "published": "2024-03-05T09:15", "updated": "2024-03-06T11:30"}),
    ("date-pubupd-html-spans-updated-at", {"html": _page(
        '<article>\n<h1>City to plant 10,000 street trees</h1>\n'
        '<p class="byline">By Gwendolyn Asare</p>\n'
        '<div class="meta"><span class="date">Mar 3, 2024</span> <span class="updated">Updated Mar 4, 2024 '
        'at 10:12 a.m.</span></div>\n'
        '<p>The city of Ashcombe will plant 10,000 street trees over the next five years, the mayor '
        'said on Sunday.</p>\n<p>Residents can ask for a tree outside their home.</p>\n</article>\n',
        head="<title>City to plant 10,000 street trees</title>")},
     {"headline": "City to plant 10,000 street trees", "byline": ["Gwendolyn Asare"],
      "published": "2024-03-03", "updated": "2024-03-04T10:12"}),

    ("date-tz-meta-local-vs-jsonld-utc", {"html": _page(
        '<article>\n<h1>Bullet train line extended to the coast</h1>\n'
        '<p>The bullet train line from the capital will be extended to the coast by 2031, the '
        'transport ministry said on Friday.</p>\n<p>The new section will be 140 km long.</p>\n</article>\n',
        head='<title>Bullet train line extended to the coast</title>\n'
             '<meta property="article:published_time" content="2024-06-07T13:18:00+09:00">\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"datePublished": "2024-06-07T04:18:00Z"}</script>')},
     {"headline": "Bullet train line extended to the coast", "published": "2024-06-07T13:18",
      "published_offset": "+09:00"}),
    ("date-tz-et-after-midnight-september", {"text": _text(
        "Late budget deal reached in statehouse",
        "Capitol Ledger | Sept. 14, 2024 12:05 a.m. ET",
        "Lawmakers reached a budget deal just after midnight on Saturday, ending a two-week "
        "standoff that had closed state parks.",
        "The parks will reopen on Monday.")},
     {"headline": "Late budget deal reached in statehouse", "published": "2024-09-14T00:05",
      "published_offset": "-04:00"}),
    ("date-tz-utc-offset-in-brackets-full", {"text": _text(
        "Typhoon passes south of the islands",
        "7 June 2024 13:18 (UTC+09:00)",
        "A typhoon passed about 200 km south of the Kestrel Islands on Friday, bringing heavy rain "
        "but no serious damage, officials said.",
        "Ferries will resume on Saturday.")},
     {"headline": "Typhoon passes south of the islands", "published": "2024-06-07T13:18",
      "published_offset": "+09:00"}),

    ("text-repeat-recut-copy", {"text": _text(
        "Museum gets its Viking ship back",
        "A Viking ship that left the Halden museum for restoration in 2019 has returned, "
        "its timbers treated against rot.",
        "\u201cIt will last another thousand years now,\u201d said the museum's director, Ingvild Rasch.",
        "The ship goes back on show in June.",
        "A Viking ship that left the Halden museum for restoration in 2019 has returned, "
        "its timbers treated against rot. \u201cIt will last another thousand years now,\u201d said the "
        "museum's director, Ingvild Rasch.")},
     {"headline": "Museum gets its Viking ship back", "text_must_not_repeat": "another thousand years",
      "text_must_contain": ["back on show in June"], "quote_count": 1}),
    ("text-repeat-print-version-html", {"html": _page(
        '<article>\n<h1>Swimming lessons free for all pupils</h1>\n'
        '<div class="article-text">\n<p>Every primary pupil in Tarnby will get free swimming lessons '
        'from September, the council said.</p>\n<p>“No child should leave school unable to swim,” said '
        'the council leader, Philippa Onwuachi.</p>\n<p>The lessons will be held at the two town pools.</p>\n'
        '</div>\n<div class="print-only">\n<p>Every primary pupil in Tarnby will get free swimming lessons '
        'from September, the council said.</p>\n<p>“No child should leave school unable to swim,” said '
        'the council leader, Philippa Onwuachi.</p>\n<p>The lessons will be held at the two town pools.</p>\n'
        '</div>\n</article>\n',
        head="<title>Swimming lessons free for all pupils</title>")},
     {"headline": "Swimming lessons free for all pupils", "text_must_not_repeat": "No child should leave school",
      "text_must_contain": ["held at the two town pools"], "quote_count": 1}),
    ("text-repeat-separated-by-ads", {"text": _text(
        "Lifeboat crew rescues two kayakers",
        "Two kayakers were rescued from the sea off Gull Point on Sunday after their boats "
        "overturned in strong winds, the lifeboat station said.",
        "Advertisement",
        "\"They had been in the water for forty minutes and were very cold,\" said the helmsman, "
        "Declan Ashworth.",
        "Advertisement",
        "Two kayakers were rescued from the sea off Gull Point on Sunday after their boats "
        "overturned in strong winds, the lifeboat station said.",
        "\"They had been in the water for forty minutes and were very cold,\" said the helmsman, "
        "Declan Ashworth.")},
     {"headline": "Lifeboat crew rescues two kayakers", "text_must_not_repeat": "in the water for forty minutes",
      "text_must_not_contain": ["Advertisement"], "quote_count": 1}),
    # --- round 4 ---------------------------------------------------------------------------------
    ("byline-comments-article-elements-as-comments", {"html": _page(
        '<main>\n<article class="post">\n<h1>Parish votes to keep its red phone box</h1>\n'
        '<p class="byline">By Winifred Asante</p>\n'
        '<p>The parish council in Lower Brent has voted to adopt the village\'s last red telephone '
        'box and turn it into a book exchange.</p>\n<p>The phone company will sell it to the parish for one pound.</p>\n'
        '</article>\n<div class="thread">\n'
        '<article class="comment-body"><footer><span class="author">Perpetua Marsh</span> '
        '<time datetime="2024-07-02T20:00:00+01:00">2 July 2024</time></footer>'
        '<p>Lovely idea, we did the same in Upper Brent.</p></article>\n'
        '<article class="comment-body"><footer><span class="author">Horace Linde</span> '
        '<time datetime="2024-07-03T08:00:00+01:00">3 July 2024</time></footer>'
        '<p>Will there be a defibrillator in it too?</p></article>\n</div>\n</main>\n',
        head='<title>Parish votes to keep its red phone box</title>\n'
             '<meta property="article:published_time" content="2024-07-01T07:00:00+01:00">')},
     {"headline": "Parish votes to keep its red phone box", "byline": ["Winifred Asante"],
      "not_byline": ["Perpetua Marsh", "Horace Linde"], "published": "2024-07-01T07:00",
      "published_offset": "+01:00", "text_must_not_contain": ["same in Upper Brent", "defibrillator"]}),
    ("byline-menu-contributors-box-below", {"html": _page(
        '<article>\n<h1>Marathon route changed to avoid roadworks</h1>\n'
        '<p>By <span class="author">Odette Nakamura-Price</span></p>\n'
        '<p>The route of the Calder marathon has been changed to avoid roadworks on the river road, '
        'the organisers said.</p>\n<p>The new route adds a loop through the park.</p>\n'
        '<div class="contributors"><h4>Our contributors</h4>'
        '<p><span class="author">Lars Eikrem</span></p><p><span class="author">Yusuf Adeleke</span></p></div>\n'
        '</article>\n',
        head="<title>Marathon route changed to avoid roadworks</title>")},
     {"headline": "Marathon route changed to avoid roadworks", "byline": ["Odette Nakamura-Price"],
      "not_byline": ["Lars Eikrem", "Yusuf Adeleke"]}),
    ("byline-schema-logo-h1-headline-h2", {"html": _page(
        '<header><h1 class="site-title">Fenland Echo</h1></header>\n'
        '<div class="article">\n<h2 class="headline">Drainage board raises its rate by 9 percent</h2>\n'
        '<p class="byline">By Cosima Rawlinson</p>\n'
        '<p>The Fenland drainage board will raise the rate it charges farmers and householders by '
        '9 percent from April to pay for new pumps.</p>\n<p>Its three oldest pumps date from 1948.</p>\n</div>\n',
        head='<title>Drainage board raises its rate by 9 percent | Fenland Echo</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"headline": "Drainage board raises its rate by 9 percent", "author": {"@type": "Organization", '
             '"name": "Fenland Echo"}}</script>')},
     {"headline": "Drainage board raises its rate by 9 percent", "byline": ["Cosima Rawlinson"],
      "not_byline": ["Fenland Echo"]}),
    ("byline-schema-title-site-prefix-no-h1", {"html": _page(
        '<div class="content">\n<p class="byline">By Anneliese Okonjo</p>\n'
        '<p>The Varne valley bus company will add a late bus on Friday and Saturday nights from '
        'June, it said on Monday.</p>\n<p>The last bus will leave the town centre at 1 a.m.</p>\n</div>\n',
        head='<title>Varne Valley News: Late bus added on weekend nights</title>\n'
             '<meta property="og:title" content="Late bus added on weekend nights">\n'
             '<meta property="og:site_name" content="Varne Valley News">')},
     {"headline": "Late bus added on weekend nights", "byline": ["Anneliese Okonjo"],
      "not_byline": ["Varne Valley News"]}),
    ("byline-parse-name-comma-ap-short", {"text": _text(
        "Bank raises savings rates",
        "By Dagny Halvorsen-Ruiz, AP",
        "A savings bank in Norland raised the interest it pays on deposits for the second time "
        "this year on Wednesday.",
        "The rate on its easy-access account rises to 3.1 percent.")},
     {"headline": "Bank raises savings rates", "byline": ["Dagny Halvorsen-Ruiz"],
      "credit": "The Associated Press", "not_byline": ["AP"]}),
    ("credit-bottom-run-in-en-dash-afp", {"text": _text(
        "Snow leopard cubs filmed in the mountains",
        "Camera traps in the Kharan mountains have filmed three snow leopard cubs with their mother, "
        "the first record of breeding there in twenty years, rangers said.",
        "\"We watched the footage ten times before we believed it,\" said ranger Timur Aliyev. \u2013 AFP")},
     {"headline": "Snow leopard cubs filmed in the mountains", "credit": "Agence France-Presse", "byline": [],
      "quotes": [{"content_starts": "We watched the footage ten times", "content_ends": "before we believed it",
                  "speaker": ["Timur Aliyev"]}]}),
    ("credit-bottom-html-credit-paragraph", {"html": _page(
        '<article>\n<h1>Flooded mine pumped dry after a month</h1>\n'
        '<p>Engineers have pumped dry a coal mine in Halden that flooded a month ago, the mine\'s '
        'owner said on Thursday, and miners could return next week.</p>\n'
        '<p>Nobody was underground when the water broke in.</p>\n'
        '<p class="credit">Associated Press</p>\n</article>\n',
        head="<title>Flooded mine pumped dry after a month</title>")},
     {"headline": "Flooded mine pumped dry after a month", "credit": "The Associated Press", "byline": [],
      "not_byline": ["Associated Press"]}),
    ("credit-top-dpa-spaced-en-dash-date", {"text": _text(
        "Weinlese beginnt früher als sonst",
        "Sellhausen (dpa) \u2013 Die Weinlese an der Sell hat in diesem Jahr zwei Wochen früher als "
        "üblich begonnen, teilte der Weinbauverband am Montag mit.",
        "Grund sei der warme Sommer.")},
     {"headline": "Weinlese beginnt früher als sonst", "credit": "Deutsche Presse-Agentur",
      "dateline": "Sellhausen", "byline": [], "not_byline": ["dpa"]}),
    ("date-pubupd-html-updated-before-published", {"html": _page(
        '<article>\n<h1>Gas prices expected to fall in spring</h1>\n'
        '<p class="byline">By Eudora Blackwood</p>\n'
        '<p class="meta">Updated <time datetime="2025-01-20T16:05:00-05:00">Jan. 20, 2025, 4:05 p.m. EST</time>, '
        'first published <time datetime="2025-01-19T09:30:00-05:00">Jan. 19, 2025, 9:30 a.m. EST</time></p>\n'
        '<p>Gas prices in the region are expected to fall in the spring as new pipeline capacity opens, '
        'analysts said.</p>\n<p>Prices rose 12 percent over the winter.</p>\n</article>\n',
        head="<title>Gas prices expected to fall in spring</title>")},
     {"headline": "Gas prices expected to fall in spring", "byline": ["Eudora Blackwood"],
      "published": "2025-01-19T09:30", "published_offset": "-05:00",
      "updated": "2025-01-20T16:05", "updated_offset": "-05:00"}),
    ("date-pubupd-jsonld-both-no-visible", {"html": _page(
        '<article>\n<h1>Water meters for every home by 2030</h1>\n'
        '<p>Every home in the Tarn water company\'s area will have a meter by 2030 under plans '
        'published on Tuesday.</p>\n<p>About a third of homes have one now.</p>\n</article>\n',
        head='<title>Water meters for every home by 2030</title>\n'
             '<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
             '"datePublished": "2024-10-08T07:00:00+01:00", "dateModified": "2024-10-09T12:30:00+01:00"}</script>')},
     {"headline": "Water meters for every home by 2030", "published": "2024-10-08T07:00",
      "published_offset": "+01:00", "updated": "2024-10-09T12:30", "updated_offset": "+01:00"}),
    ("date-tz-bullet-aedt", {"text": _text(
        "Harbour swim cancelled after shark sighting",
        "14 March 2024 \u2022 21:40 AEDT",
        "The annual harbour swim at Coral Bay was cancelled on Thursday evening after a shark was "
        "seen near the course, organisers said.",
        "It will be held next Sunday instead.")},
     {"headline": "Harbour swim cancelled after shark sighting", "published": "2024-03-14T21:40",
      "published_offset": "+11:00"}),
    ("date-tz-german-pipe-uhr-mez", {"text": _text(
        "Stromausfall in der Altstadt",
        "14.02.2024 | 21:40 Uhr",
        "In der Altstadt von Wendhusen ist am Mittwochabend für zwei Stunden der Strom ausgefallen, "
        "teilten die Stadtwerke mit.",
        "Ursache war ein defektes Kabel.")},
     {"headline": "Stromausfall in der Altstadt", "published": "2024-02-14T21:40"}),
    ("text-repeat-whole-article-with-headline", {"text": _text(
        "Ice cream van ban lifted",
        "The ban on ice cream vans parking near schools in Harlby has been lifted after parents "
        "complained, the council said.",
        "\"Children were buying their ice creams from the corner shop instead,\" said councillor "
        "Ebenezer Walsh.",
        "Ice cream van ban lifted",
        "The ban on ice cream vans parking near schools in Harlby has been lifted after parents "
        "complained, the council said.",
        "\"Children were buying their ice creams from the corner shop instead,\" said councillor "
        "Ebenezer Walsh.")},
     {"headline": "Ice cream van ban lifted", "text_must_not_repeat": "buying their ice creams",
      "text_must_not_contain": ["Ice cream van ban lifted"], "quote_count": 1}),
    ("text-repeat-teaser-in-related-block", {"html": _page(
        '<article>\n<h1>Tidal lagoon plan approved</h1>\n'
        '<p>Plans for a tidal lagoon that would power 60,000 homes off the coast at Sandmere were '
        'approved by the energy ministry on Wednesday.</p>\n'
        '<p>“It will run for 120 years on the tides alone,” said the project\'s director, Maelle Quintero.</p>\n'
        '<p>Building could start in 2027.</p>\n'
        '<div class="more-on-this"><h3>More on this story</h3>'
        '<p>Plans for a tidal lagoon that would power 60,000 homes off the coast at Sandmere were '
        'approved by the energy ministry on Wednesday.</p></div>\n</article>\n',
        head="<title>Tidal lagoon plan approved</title>")},
     {"headline": "Tidal lagoon plan approved", "text_must_not_repeat": "power 60,000 homes off the coast",
      "text_must_contain": ["Building could start in 2027"], "quote_count": 1}),
    # --- round 5 ---------------------------------------------------------------------------------
    ("byline-parse-two-lines-agency", {"text":
        "Pipeline leak closes fishing grounds\n\n"
        "By Rosalia Ferreira-Lund and Tobias Achterberg\nAssociated Press\n\n"
        "Fishing grounds off the coast of Varanda were closed on Tuesday after a leak from an "
        "undersea oil pipeline, the coast guard said.\n\n"
        "The pipeline's owner said the leak had been stopped."},
     {"headline": "Pipeline leak closes fishing grounds", "byline": ["Rosalia Ferreira-Lund", "Tobias Achterberg"],
      "credit": "The Associated Press", "not_byline": ["Associated Press"]}),
    ("byline-parse-oxford-comma-three", {"text": _text(
        "Census shows the valley's population rising",
        "By Ana Ruiz, Tomasz Berg, and Li Wei-Hartley",
        "The population of the Tarn valley rose by 6 percent in ten years, the census office said on "
        "Thursday, the fastest rise in the region.",
        "Most of the newcomers are families with young children.")},
     {"headline": "Census shows the valley's population rising",
      "byline": ["Ana Ruiz", "Tomasz Berg", "Li Wei-Hartley"]}),
    ("byline-parse-special-to", {"text": _text(
        "Lighthouse becomes a holiday let",
        "By Imelda Okonkwo, Special to the Calder Courier",
        "The lighthouse at Skarn Point, empty since 1991, has been turned into a holiday let that "
        "sleeps four.",
        "The first guests arrive next month.")},
     {"headline": "Lighthouse becomes a holiday let", "byline": ["Imelda Okonkwo"],
      "not_byline": ["Special", "Calder Courier"]}),
    ("byline-parse-em-dash-reuters", {"text": _text(
        "Airline posts record summer profit",
        "By Benedikt Solberg \u2014 Reuters",
        "An airline based in Halden posted a record profit for the summer quarter on Thursday as "
        "fares stayed high.",
        "It expects a weaker winter.")},
     {"headline": "Airline posts record summer profit", "byline": ["Benedikt Solberg"], "credit": "Reuters",
      "not_byline": ["Reuters"]}),

    ("credit-top-paren-agency-no-place", {"text": _text(
        "Copper miner raises its forecast",
        "(Reuters) - A copper miner raised its full-year output forecast on Wednesday after a new pit "
        "came into production ahead of schedule.",
        "Its shares rose 4 percent in early trade.")},
     {"headline": "Copper miner raises its forecast", "credit": "Reuters", "byline": [],
      "not_byline": ["Reuters"]}),
    ("credit-top-st-place-ap", {"text": _text(
        "Island votes to keep its ferry subsidy",
        "ST. ORRIN, Kestrel Islands (AP) \u2014 Voters on St. Orrin chose on Sunday to keep paying a "
        "subsidy for the ferry to the mainland, the island council said.",
        "Turnout was 71 percent.")},
     {"headline": "Island votes to keep its ferry subsidy", "credit": "The Associated Press",
      "dateline": "ST. ORRIN", "byline": []}),
    ("credit-top-by-agence-france-presse", {"text": _text(
        "Glacier collapse buries mountain pasture",
        "By Agence France-Presse",
        "A large part of a glacier above the village of Orsières collapsed on Monday, burying a "
        "mountain pasture, officials said.",
        "The village had been evacuated last week.")},
     {"headline": "Glacier collapse buries mountain pasture", "credit": "Agence France-Presse", "byline": [],
      "not_byline": ["Agence France-Presse"]}),

    ("credit-bottom-quelle-dpa", {"text": _text(
        "Mehr Fahrgäste in Regionalzügen",
        "Die Regionalzüge im Norden haben im ersten Halbjahr so viele Fahrgäste befördert wie nie "
        "zuvor, teilte der Verkehrsverbund am Dienstag mit.",
        "Vor allem am Wochenende seien die Züge voll.",
        "Quelle: dpa")},
     {"headline": "Mehr Fahrgäste in Regionalzügen", "credit": "Deutsche Presse-Agentur", "byline": [],
      "text_must_not_contain": ["Quelle: dpa"]}),
    ("credit-bottom-copyright-symbol-reuters-rights", {"text": _text(
        "Chipmaker to build plant in the north",
        "A chipmaker will build a 2 billion dollar plant in northern Norland, creating about 1,500 "
        "jobs, the government said on Friday.",
        "Construction starts next year.",
        "Copyright \u00a9 2026 Reuters. All rights reserved.")},
     {"headline": "Chipmaker to build plant in the north", "credit": "Reuters", "byline": [],
      "text_must_not_contain": ["All rights reserved"]}),
    ("credit-bottom-lone-dpa-paren", {"text": _text(
        "Fähre fällt wegen Niedrigwasser aus",
        "Die Fähre zwischen Sellhausen und Ommersheim fällt wegen Niedrigwassers bis auf Weiteres "
        "aus, teilte der Betreiber am Mittwoch mit.",
        "Autofahrer müssen einen Umweg von 40 Kilometern fahren.",
        "(dpa)")},
     {"headline": "Fähre fällt wegen Niedrigwasser aus", "credit": "Deutsche Presse-Agentur", "byline": []}),

    ("date-pubupd-two-paragraphs-et", {"text": _text(
        "School board delays vote on new calendar",
        "By Harriet Osei-Lindqvist",
        "Published March 3, 2024 9:15 a.m. ET",
        "Updated March 5, 2024 2:10 p.m. ET",
        "The Granby school board delayed a vote on a new school calendar on Monday after parents "
        "asked for more time to comment.",
        "The vote is now set for April.")},
     {"headline": "School board delays vote on new calendar", "byline": ["Harriet Osei-Lindqvist"],
      "published": "2024-03-03T09:15", "published_offset": "-05:00",
      "updated": "2024-03-05T14:10", "updated_offset": "-05:00"}),
    ("date-pubupd-am-glued-slash", {"text": _text(
        "Harbour wall repairs finished",
        "Sunday, 3 March 2024, 9.15am GMT / Updated Tuesday, 5 March 2024, 2.10pm GMT",
        "Repairs to the harbour wall at Lunmouth were finished on Sunday, two months late and "
        "400,000 pounds over budget.",
        "The harbour will reopen to boats on Monday.")},
     {"headline": "Harbour wall repairs finished",
      "published": "2024-03-03T09:15", "published_offset": "+00:00",
      "updated": "2024-03-05T14:10", "updated_offset": "+00:00"}),
    ("date-pubupd-last-updated-date-only", {"text": _text(
        "Swimming pond reopens after algae scare",
        "Published 3 March 2024",
        "Last updated 5 March 2024",
        "The swimming pond on Harlby common reopened on Sunday after tests found the water clear of "
        "blue-green algae.",
        "It had been closed for three weeks.")},
     {"headline": "Swimming pond reopens after algae scare", "published": "2024-03-03",
      "updated": "2024-03-05"}),

    ("date-tz-am-no-space-dot-zone", {"text": _text(
        "Early frost damages vineyards",
        "Calder Courier \u00b7 Tuesday 16 April 2024 \u00b7 6.45am BST",
        "A late frost on Monday night damaged vines across the Sell valley, growers said, just as "
        "the first buds opened.",
        "Some growers lit fires among the rows to keep the frost off.")},
     {"headline": "Early frost damages vineyards", "published": "2024-04-16T06:45", "published_offset": "+01:00"}),
    ("date-tz-pdt-summer-pt", {"text": _text(
        "Wildfire smoke closes schools",
        "July 18, 2024 at 6:30 a.m. PT",
        "Schools across the valley were closed on Thursday as smoke from a wildfire in the hills "
        "drifted over the towns.",
        "Air quality is expected to improve by the weekend.")},
     {"headline": "Wildfire smoke closes schools", "published": "2024-07-18T06:30", "published_offset": "-07:00"}),

    ("text-repeat-each-paragraph-doubled", {"text": _text(
        "Theatre reopens after roof repairs",
        "The Playhouse in Tarnby reopened on Friday after a year of repairs to its roof.",
        "The Playhouse in Tarnby reopened on Friday after a year of repairs to its roof.",
        "\"We sold out the first night in an hour,\" said the theatre's director, Ottilie Varga.",
        "\"We sold out the first night in an hour,\" said the theatre's director, Ottilie Varga.",
        "The first show is a new play about the town's mills.",
        "The first show is a new play about the town's mills.")},
     {"headline": "Theatre reopens after roof repairs", "text_must_not_repeat": "sold out the first night",
      "text_must_contain": ["a new play about the town's mills"], "quote_count": 1}),
    ("text-repeat-truncated-teaser", {"text": _text(
        "Sea wall plan splits the village",
        "Plans for a new sea wall at Ebbmouth have split the village, with some residents saying it "
        "will spoil the beach and others that it is the only way to save their homes.",
        "The council will decide in June.",
        "Plans for a new sea wall at Ebbmouth have split the village, with some residents saying it "
        "will spoil the beach\u2026")},
     {"headline": "Sea wall plan splits the village", "text_must_not_repeat": "will spoil the beach",
      "text_must_contain": ["The council will decide in June"]}),
    # --- round 6 ---------------------------------------------------------------------------------
    ("byline-menu-address-author-and-nav-authors", {"html": _page(
        '<header class="masthead"><nav><span>Authors</span> <a rel="author" href="/a/una">Una Gallagher</a> '
        '<a rel="author" href="/a/piet">Piet Hendriks</a></nav></header>\n'
        '<article>\n<header><h1>New cycle path links the two villages</h1>\n'
        '<address class="author">By <a rel="author" href="/a/zofia">Zofia Kowalczyk-Dunn</a></address></header>\n'
        '<p>A new cycle path between Ashby Parva and Ashby Magna opened on Saturday, ending years of '
        'campaigning by parents whose children cycle to school.</p>\n<p>The path is 3.2 km long.</p>\n'
        '</article>\n',
        head="<title>New cycle path links the two villages</title>")},
     {"headline": "New cycle path links the two villages", "byline": ["Zofia Kowalczyk-Dunn"],
      "not_byline": ["Una Gallagher", "Piet Hendriks", "Authors"]}),
    ("date-tz-relative-shown-meta-stated", {"html": _page(
        '<article>\n<h1>Power cut hits 5,000 homes</h1>\n'
        '<p class="byline">By Oisin Blackwood</p>\n<p><span class="time-ago">3 hours ago</span></p>\n'
        '<p>About 5,000 homes in north Calder lost power for two hours on Monday evening after a '
        'fault at a substation, the network operator said.</p>\n</article>\n',
        head='<title>Power cut hits 5,000 homes</title>\n'
             '<meta property="article:published_time" content="2024-11-18T19:20:00+00:00">')},
     {"headline": "Power cut hits 5,000 homes", "byline": ["Oisin Blackwood"],
      "published": "2024-11-18T19:20", "published_offset": "+00:00"}),
    ("credit-top-html-dateline-span", {"html": _page(
        '<article>\n<h1>Dam operator opens spillways after rain</h1>\n'
        '<p><span class="dateline">QUINTARA, Varanda (AP) \u2014</span> The operator of the Quintara dam '
        'opened its spillways on Tuesday for the first time in six years after a week of heavy rain.</p>\n'
        '<p>Towns downstream were told to move cars away from the river.</p>\n</article>\n',
        head="<title>Dam operator opens spillways after rain</title>")},
     {"headline": "Dam operator opens spillways after rain", "credit": "The Associated Press",
      "dateline": "QUINTARA", "byline": []}),
    ("credit-bottom-html-footer-copyright", {"html": _page(
        '<article>\n<h1>Election count delayed by storm</h1>\n'
        '<p>The count in the regional election in Halden was delayed by a day after a storm cut '
        'power to the counting hall, officials said on Sunday.</p>\n'
        '<p>Results are now expected on Monday evening.</p>\n'
        '<footer class="article-footer"><p>Copyright 2026 The Associated Press. All rights reserved.</p></footer>\n'
        '</article>\n',
        head="<title>Election count delayed by storm</title>")},
     {"headline": "Election count delayed by storm", "credit": "The Associated Press", "byline": [],
      "text_must_not_contain": ["All rights reserved"]}),
    ("byline-parse-byline-with-date-and-time", {"text": _text(
        "Harbour master retires after 40 years",
        "By Isadora Penhaligon | March 3, 2024 | 9:15 a.m. EST",
        "The harbour master at Porthkerris retired on Friday after forty years in the job, the "
        "longest anyone has held it.",
        "Her successor starts next month.")},
     {"headline": "Harbour master retires after 40 years", "byline": ["Isadora Penhaligon"],
      "published": "2024-03-03T09:15", "published_offset": "-05:00"}),
    ("byline-parse-von-pipe-german-date", {"text": _text(
        "Schwimmbad bleibt länger geöffnet",
        "Von Hannelore Quast | 12.03.2024, 09:15 Uhr",
        "Das Hallenbad in Sellhausen bleibt in den Osterferien bis 22 Uhr geöffnet, teilte die "
        "Stadt am Dienstag mit.",
        "Der Eintritt bleibt gleich.")},
     {"headline": "Schwimmbad bleibt länger geöffnet", "byline": ["Hannelore Quast"],
      "published": "2024-03-12T09:15"}),
    ("date-pubupd-html-time-classes-no-labels", {"html": _page(
        '<article>\n<h1>Library fines abolished</h1>\n'
        '<p class="byline">By Marit Sandvold</p>\n'
        '<p><time class="published" datetime="2024-09-02T08:00:00+02:00">2 September 2024, 08:00</time>\n'
        '<time class="modified" datetime="2024-09-03T15:30:00+02:00">3 September 2024, 15:30</time></p>\n'
        '<p>Libraries in Ostervik will stop charging fines for late books from October, the city said.</p>\n'
        '<p>Fines brought in about 40,000 euros a year.</p>\n</article>\n',
        head="<title>Library fines abolished</title>")},
     {"headline": "Library fines abolished", "byline": ["Marit Sandvold"],
      "published": "2024-09-02T08:00", "published_offset": "+02:00",
      "updated": "2024-09-03T15:30", "updated_offset": "+02:00"}),
    ("text-repeat-html-caption-figure-and-paragraph", {"html": _page(
        '<article>\n<h1>Old railway viaduct to carry a footpath</h1>\n'
        '<p>The disused railway viaduct at Kellam will be turned into a footpath and cycle way, the '
        'county council said.</p>\n'
        '<figure><img src="/v.jpg" alt=""><figcaption>The viaduct carried trains over the Kell valley '
        'until the line closed in 1966.</figcaption></figure>\n'
        '<p>The viaduct carried trains over the Kell valley until the line closed in 1966.</p>\n'
        '<p>“People have wanted to walk across it for fifty years,” said councillor Annika Roos.</p>\n'
        '</article>\n',
        head="<title>Old railway viaduct to carry a footpath</title>")},
     {"headline": "Old railway viaduct to carry a footpath",
      "text_must_not_repeat": "until the line closed in 1966", "quote_count": 1}),
    # --- round 7 ---------------------------------------------------------------------------------
    ("byline-parse-name-title-two-lines", {"text":
        "Old mill reopens as a museum\n\n"
        "Ana Ruiz-Ortega\nHeritage Reporter\n\n"
        "The old mill at Tarnby reopened as a museum on Saturday after ten years of work by volunteers.\n\n"
        "Entry is free for the first year."},
     {"headline": "Old mill reopens as a museum", "byline": ["Ana Ruiz-Ortega"],
      "not_byline": ["Heritage Reporter"]}),
    ("byline-parse-dash-signature-at-end", {"text": _text(
        "Stone thrown at officer outside station",
        "A woman threw two stones at a police officer outside the Brackmoor police station on Monday, "
        "police said, and ran off before she could be stopped.",
        "The officer was treated in hospital and released.",
        "\u2013 Rufus Abernathy-Cole")},
     {"headline": "Stone thrown at officer outside station", "byline": ["Rufus Abernathy-Cole"],
      "text_must_not_contain": ["Rufus Abernathy-Cole"]}),
]


@cache
def analysed(variant_id: str) -> Article:
    """The variant's input analysed once (HTML through a ``.html`` file, like a user's page)."""
    inp = next(v[1] for v in VARIANTS if v[0] == variant_id)
    if "html" in inp:
        _TMP.mkdir(parents=True, exist_ok=True)
        page = _TMP / (variant_id + ".html")
        page.write_text(inp["html"], encoding="utf-8")
        return newstrace.analyze(page, ctx=_ctx())
    return newstrace.analyze(inp["text"], ctx=_ctx())


#: Variants still failing, with the reason (strict: a fix makes them fail until removed here).
KNOWN_FAILURES: dict[str, str] = {}


def _param(variant_id: str):
    reason = KNOWN_FAILURES.get(variant_id)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(variant_id, id=variant_id, marks=marks)


def test_variants_cover_each_kind_four_times():
    kinds = ("byline-comments", "byline-menu", "byline-schema", "byline-parse", "credit-top", "credit-bottom",
             "date-pubupd", "date-tz", "text-repeat")
    counts = {k: sum(v[0].startswith(k + "-") for v in VARIANTS) for k in kinds}
    assert all(n >= 4 for n in counts.values()), counts
    assert len({v[0] for v in VARIANTS}) == len(VARIANTS)


@pytest.mark.parametrize("variant_id", [_param(v[0]) for v in VARIANTS])
def test_variant(variant_id):
    article = analysed(variant_id)
    exp = next(v[2] for v in VARIANTS if v[0] == variant_id)
    assert not [e for e in article.errors if e.stage in ("read", "repair", "structure")], article.errors
    assert check_structure(article, exp) + check_quotes(article, exp) == []
