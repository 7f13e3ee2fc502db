"""Variants of the quotation failure kinds of ../shared/cases, written for this project (invented text).

Each quote-* and not-quote-* case stands for a kind; these variants bring the same kind with other
speech verbs, other quotation marks (curly, straight, low-9, angle, reversed), cues before, after
and inside the content, pronoun and role speakers, split and multi-paragraph quotations, and
other page layouts. Every variant is analysed through ``newstrace.analyze`` like a case's
``input.text`` and checked with the cases' own checker (``test_cases.check_quotes``), under the
matching rules of cases/README.md. Variants newstrace still gets wrong are ``xfail(strict=True)``
with the reason.
"""

from __future__ import annotations

from functools import cache

import pytest
from _quoting import quotes_of
from test_cases import _ctx, check_quotes

import newstrace
from newstrace.nlp.quote_marks import find_quote_spans


def _q(starts: str, *speaker: str, ends: str | None = None, unnamed: bool = False) -> dict:
    """One expected quotation in the cases' format."""
    out = {"content_starts": starts, "speaker": list(speaker)}
    if ends:
        out["content_ends"] = ends
    if unnamed:
        out["speaker_is_unnamed"] = True
    return out


def _v(kind: str, n: int, text: str, quotes: list[dict] = (), not_quotes: list[str] = (),
       count: int | None = None, xfail: str | None = None):
    """A variant as a pytest param: ``(text, expected)`` with id ``<kind>-v<n>``."""
    exp: dict = {"quotes": list(quotes)}
    if not_quotes:
        exp["not_quotes"] = list(not_quotes)
    if count is not None:
        exp["quote_count"] = count
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(text, exp, id=f"{kind}-v{n}", marks=marks)


VARIANTS = [
    # --- quote-dash-attribution: a dash and the speaker after the quotation, no speech verb ----
    _v("quote-dash-attribution", 1,
       "School roof to be replaced\n\nThe county agreed on Monday to replace the roof of Fernhill primary school.\n\n"
       "\"The roof leaks in every storm and the buckets are part of the furniture now.\" \u2014 Priya Venkataraman, "
       "head teacher\n\nWork starts in the summer holidays.",
       [_q("The roof leaks in every storm", "Priya Venkataraman")]),
    _v("quote-dash-attribution", 2,
       "Cable route angers fishermen\n\nA power cable will cross the Dorrow fishing grounds next year.\n\n"
       "\u00abNobody told the fishermen about the cable route until the survey boats arrived.\u00bb \u2013 Ansgar "
       "Holmqvist\n\nThe operator says the route was published in March.",
       [_q("Nobody told the fishermen", "Ansgar Holmqvist")]),
    _v("quote-dash-attribution", 3,
       "Pier to reopen for summer\n\nEngineers have finished the survey of the Calder Bay pier.\n\n"
       "\u201cWe will rebuild the pier deck before the summer season, and the lifeboat keeps its slip.\u201d\n"
       "\u2014Lucia Ferreira-Banks, harbour engineer\n\nThe pier has been closed since January.",
       [_q("We will rebuild the pier deck", "Lucia Ferreira-Banks")],
       xfail="structure reads the '\u2014Name, role' line under the quotation as the article's byline and "
             "takes it out of the body (quotes alone attribute it: test_dash_signature_on_the_next_line)"),
    _v("quote-dash-attribution", 4,
       "Laboratory opens new wing\n\nThe county laboratory opened a new testing wing on Friday.\n\n"
       "\"Samples that took a week will now take a day.\" -- Dr. Kwame Asante-Boateng, director of the county "
       "laboratory\n\n\"We can finally test the river every month.\" - Signe Valtonen, river warden\n\n"
       "The wing cost 4 million pounds.",
       [_q("Samples that took a week", "Kwame Asante-Boateng"), _q("We can finally test the river", "Signe Valtonen")]),
    _v("quote-dash-attribution", 5,
       "Commuters fear bridge closure\n\nThe Ostmark bridge closes for repairs in October.\n\n"
       "\u201cWho pays for the ferry when the bridge closes?\u201d \u2014Tobias Ngata, a commuter from Lindqvist\n\n"
       "\u201cThe ferry will be free for the first month.\u201d \u2014 Harriet Olufemi, transport director\n\n"
       "The repairs are expected to take a year.",
       [_q("Who pays for the ferry", "Tobias Ngata"), _q("The ferry will be free", "Harriet Olufemi")]),

    # --- quote-colon-attribution: a lead-in ending in a colon, the quotation after it --------
    _v("quote-colon-attribution", 1,
       "Town hall clock restored\n\nThe Brenmouth town hall clock struck noon on Saturday for the first time "
       "in six years.\n\nThe mayor, Ilse Brandvold, put it this way:\n\n"
       "\"We have had six years of guessing the time from the church, and the church is always late.\"\n\n"
       "The restoration cost 80,000 euros.",
       [_q("We have had six years of guessing", "Ilse Brandvold")]),
    _v("quote-colon-attribution", 2,
       "Road resurfacing delayed again\n\nResurfacing of the Marrow Lane bypass has slipped to the spring.\n\n"
       "Asked about the delay, the contractor Ferdinand Olabode said: \u201cThe asphalt plant has been shut "
       "for three weeks and we cannot lay in frost.\u201d\n\nThe council said it would not pay for the delay.",
       [_q("The asphalt plant has been shut", "Ferdinand Olabode")]),
    _v("quote-colon-attribution", 3,
       "Museum returns carved panels\n\nThe Ardley Museum has returned four carved panels to the village they "
       "came from.\n\nIn a statement, the museum's director, Yusuf Karaman, wrote:\n\u00abThe panels belong "
       "where they were carved, and we should have sent them home long ago.\u00bb\n\nThe panels will hang in "
       "the village church.",
       [_q("The panels belong where they were carved", "Yusuf Karaman")]),
    _v("quote-colon-attribution", 4,
       "Dock workers accept pay offer\n\nDock workers in Kessport voted on Wednesday to accept a three-year pay "
       "offer.\n\nFrom the union's general secretary, Kofi Mensah-Larbi:\n\n\u201eThis deal was won on the "
       "quays, not in the boardroom.\u201c\n\nStatement by Astrid Feldmann, chief executive of the port company:\n"
       "\"We are glad to put the dispute behind us and get the cranes moving.\"\n\nThe deal runs until 2029.",
       [_q("This deal was won on the quays", "Kofi Mensah-Larbi"),
        _q("We are glad to put the dispute behind us", "Astrid Feldmann")]),
    _v("quote-colon-attribution", 5,
       "Allotment society wins lease\n\nThe Cray Valley allotment society has won a twenty-year lease on its "
       "plots.\n\nIts chair, Maud Ellery, had a message for the developers: \"These plots have fed this street "
       "since the war, and they will go on feeding it.\"\n\nThe developers did not respond.",
       [_q("These plots have fed this street", "Maud Ellery")]),

    # --- quote-previous-sentence: a quotation with no cue of its own, the speaker before it ----
    _v("quote-previous-sentence", 1,
       "Bridge to open on Monday\n\nThe new footbridge over the Esk will open next week.\n\n"
       "Mayor Tilde Ravnsborg looked at her deputy, Erik Sandvik. \u201cWe open the bridge on Monday, whatever "
       "the weather.\u201d Sandvik said nothing.\n\nThe bridge cost 2 million euros.",
       [_q("We open the bridge on Monday", "Tilde Ravnsborg")]),
    _v("quote-previous-sentence", 2,
       "Farmers doubt flood warning\n\nThe river authority has warned farms along the Wendle of flooding in "
       "April.\n\nBronwen Achterberg, who has farmed the valley for thirty years, was not convinced. "
       "\"The river has never flooded in April, and I do not believe it will start now.\"\n\n"
       "The authority will send sandbags this week.",
       [_q("The river has never flooded in April", "Bronwen Achterberg")]),
    _v("quote-previous-sentence", 3,
       "Fire doors found locked\n\nInspectors visited the Halden Row care home on Tuesday.\n\n"
       "The inspector, Maj-Britt Solheim, handed her report to the owner, Dario Fenn. \u00abEvery fire door on "
       "the second floor was locked from the inside.\u00bb Fenn promised to fix them by Friday.\n\n"
       "The home has 40 residents.",
       [_q("Every fire door on the second floor", "Maj-Britt Solheim")]),
    _v("quote-previous-sentence", 4,
       "Allotments saved from sale\n\nThe county has dropped plans to sell the Pell Street allotments.\n\n"
       "Then Nadia Koenigsberg, chair of the allotment society, stood up and turned to the planning officer, "
       "Owen Trask. \u2018We have grown vegetables on this land since 1952, and we are not leaving.\u2019\n\n"
       "The vote was unanimous.",
       [_q("We have grown vegetables on this land", "Nadia Koenigsberg")]),
    _v("quote-previous-sentence", 5,
       "Coach blames slow start\n\nThe Harbury Rovers lost 2-1 at home on Saturday.\n\n"
       "Rovers coach Ramon Iturbe, who has not won at home since August, declined to blame the referee, "
       "Colm Brady. \"We lost this game in the first ten minutes, not the last ten.\"\n\n"
       "Rovers play away next week.",
       [_q("We lost this game in the first ten minutes", "Ramon Iturbe")]),

    # --- quote-pronoun-speaker: 'he'/'she' resolved to the person ----------------------------
    _v("quote-pronoun-speaker", 1,
       "Bus timetable unchanged for decades\n\nCouncillor Imogen Tate met the bus driver Wojciech Nowak at the "
       "Sallow Road depot on Tuesday.\n\n\u201cThe timetable has not changed since 1998,\u201d she said.\n\n"
       "Nowak said he agreed. \u201cWe run the same routes with half the drivers,\u201d he added.\n\n"
       "The bus company did not comment.",
       [_q("The timetable has not changed", "Imogen Tate"), _q("We run the same routes", "Wojciech Nowak")]),
    _v("quote-pronoun-speaker", 2,
       "Architect's sketch found in archive\n\nAstrid Moe hired the architect Lars Berntsen to design the "
       "Kvale library in 1961.\n\n\"He drew the whole building on a napkin in one evening,\" she recalled.\n\n"
       "The napkin is now on show in the library.",
       [_q("He drew the whole building on a napkin", "Astrid Moe")]),
    _v("quote-pronoun-speaker", 3,
       "Club accounts questioned\n\nThe treasurer of the Wexcombe rowing club, Ravi Chaudhry, warned the board in "
       "March that the boathouse roof needed repair. His colleague Helen Ostrowski disagreed at the time.\n\n"
       "\u00abThe accounts were never in danger, and the roof can wait a year,\u00bb she insisted on Monday.\n\n"
       "\u00abWe cannot row in a boathouse without a roof,\u00bb he replied.\n\nThe members vote next week.",
       [_q("The accounts were never in danger", "Helen Ostrowski"), _q("We cannot row in a boathouse", "Ravi Chaudhry")]),
    _v("quote-pronoun-speaker", 4,
       "Beekeeper loses hives to frost\n\nBeekeeper Solveig Rautio lost eleven of her fifteen hives in the "
       "January frost.\n\nShe wrote to the agriculture office in February asking for help.\n\n"
       "\u201cI have kept bees on this hill for twenty years and never lost more than two hives in a winter,\u201d "
       "she wrote.\n\nThe office has promised an answer by April.",
       [_q("I have kept bees on this hill", "Solveig Rautio")]),
    _v("quote-pronoun-speaker", 5,
       "Fishmonger keeps prices down\n\nThe Quayside fish market reopened on Friday after a week of storms.\n\n"
       "Fishmonger Aurelio Brandt has kept his prices at last year's level. \"If I put prices up now, the "
       "customers go to the supermarket and they do not come back,\" he told the Courier.\n\n"
       "Other stalls raised their prices by a tenth.",
       [_q("If I put prices up now", "Aurelio Brandt")]),

    # --- quote-multi-paragraph: an opening mark on each paragraph, one closing mark at the end --
    _v("quote-multi-paragraph", 1,
       "Festival moves to the harbour\n\nThe Lowmere folk festival will move to the harbour next summer.\n\n"
       "\"The old field floods every other year,\" said Ondine Farrow, the festival director. \"We lost two "
       "days of music last summer.\n\n\"The harbour has hard ground, toilets and a bus stop.\n\n"
       "\"We will keep the old name, and the tickets cost the same.\"\n\nTickets go on sale in March.",
       [_q("The old field floods every other year", "Ondine Farrow", ends="floods every other year"),
        _q("We lost two days of music", "Ondine Farrow", ends="the tickets cost the same")]),
    _v("quote-multi-paragraph", 2,
       "Ombudsman criticises hospital waiting lists\n\nThe health ombudsman, Henrike Vogelsang, published her "
       "annual report on Thursday.\n\nIn it she wrote:\n\n\u201eThe waiting lists for hip operations have "
       "grown for the fourth year in a row.\n\n\u201eThe hospital board knew this and did nothing about it.\n\n"
       "\u201eI expect a plan by the end of the year.\u201c\n\nThe hospital board will reply next month.",
       [_q("The waiting lists for hip operations", "Henrike Vogelsang", ends="I expect a plan by the end of the year")]),
    _v("quote-multi-paragraph", 3,
       "Dam warnings ignored, says manager\n\nThe former site manager of the Gorran dam has spoken for the first "
       "time since the spillway failed.\n\n\u2018We knew the spillway was weak,\u2019 said Ambrose Kitching, who "
       "ran the site for ten years. \u2018We told the council in 2015 and again in 2018.\n\n"
       "\u2018Nobody came to look at it.\u2019\n\nThe council has ordered an inquiry.",
       [_q("We knew the spillway was weak", "Ambrose Kitching", ends="the spillway was weak"),
        _q("We told the council in 2015", "Ambrose Kitching", ends="Nobody came to look at it")]),
    _v("quote-multi-paragraph", 4,
       "Lighthouse keeper retires\n\nThe last keeper of the Skerra lighthouse retired on Friday.\n\n"
       "\u201cI came here in 1979 with one suitcase,\u201d Gudrun Halvorsen told visitors. \u201cThe lamp was "
       "still wound by hand.\n\n\u201cNow a computer in the city does the job I did.\u201d\n\n"
       "\u201cShe never missed a night,\u201d said the harbour manager, Ivo Markovic.\n\n"
       "The lighthouse will be open to visitors in summer.",
       [_q("I came here in 1979", "Gudrun Halvorsen"),
        _q("The lamp was still wound by hand", "Gudrun Halvorsen", ends="does the job I did"),
        _q("She never missed a night", "Ivo Markovic")]),
    _v("quote-multi-paragraph", 5,
       "Ferry operator apologises\n\nThe chief executive of Nordline ferries, Torvald Ekdahl, apologised on "
       "Monday for a week of cancelled sailings.\n\n\u00abWe let our passengers down,\u00bb Ekdahl said. \u00abThe "
       "engines were serviced late and two ships were out at once.\n\n\u00abThat will not happen again.\u00bb\n\n"
       "Sailings are back to normal.",
       [_q("We let our passengers down", "Torvald Ekdahl"),
        _q("The engines were serviced late", "Torvald Ekdahl", ends="That will not happen again")]),

    # --- quote-nested: a quotation inside a quotation, apostrophes of the same shape ---------
    _v("quote-nested", 1,
       "Boatyard marks a century\n\nThe Abernethy boatyard in Clunie launched its last wooden hull on Saturday.\n\n"
       "\"My grandfather used to say 'a boat that's never wet is a boat that's never tested,' and he wasn't "
       "wrong,\" said Fergus Abernethy, who runs the yard.\n\nThe yard opened in 1925.",
       [_q("My grandfather used to say", "Fergus Abernethy", ends="and he wasn't wrong")],
       ["a boat that's never wet is a boat that's never tested"]),
    _v("quote-nested", 2,
       "Park gates to close at dusk\n\nThe Wrenfield park will close its gates at dusk from next month.\n\n"
       "\u2018The sign on the gate said \u201cNo entry after dark\u201d but nobody ever enforced it,\u2019 said "
       "warden Priya Lakhani.\n\nThe council will pay for two new gates.",
       [_q("The sign on the gate said", "Priya Lakhani", ends="nobody ever enforced it")],
       ["No entry after dark"]),
    _v("quote-nested", 3,
       "Bakery given a week to fix ovens\n\nHealth inspectors visited the Rue Basse bakery in Corvain on "
       "Monday.\n\n\u00abThe inspector told us, \u201cYou have a week,\u201d and then he walked out without "
       "another word,\u00bb said Matthieu Delacroix-Ode, who owns the bakery.\n\nThe ovens were fixed on Friday.",
       [_q("The inspector told us", "Matthieu Delacroix-Ode", ends="without another word")],
       ["You have a week"]),
    _v("quote-nested", 4,
       "Farm track to become public road\n\nThe county will adopt the track through Sallis Farm as a public "
       "road.\n\n\u201cThey kept calling it \u2018the farmers\u2019 road\u2019, but farmers never used it once,\u201d "
       "said Ingeborg Tessaro, who lives at the end of the track.\n\nThe road will be tarred next year.",
       [_q("They kept calling it", "Ingeborg Tessaro", ends="farmers never used it once")],
       ["the farmers\u2019 road", "the farmers"]),
    _v("quote-nested", 5,
       "Family told to leave flat again\n\nA family of five has been told to leave its council flat in Dunmere "
       "for the third time in two years.\n\n\u201cMy daughter came home and asked me, \u2018Are we moving again?\u2019 "
       "I didn\u2019t know what to tell her,\u201d said Rahel Mekonnen.\n\nThe council said it was looking for a "
       "permanent home.",
       [_q("My daughter came home and asked me", "Rahel Mekonnen", ends="what to tell her")],
       ["Are we moving again"]),

    # --- quote-marks-mixed: an opening mark of one shape closed by another ------------------
    _v("quote-marks-mixed", 1,
       "Ferry late every morning\n\nCommuters on the Tarrant ferry say it has been late every morning this "
       "week.\n\n\"The ferry has been late every single morning and nobody tells us why,\u201d said commuter "
       "Gideon Achebe.\n\n\u201cWe are short of two crew members,\" a spokeswoman for the operator said.\n\n"
       "The operator expects normal service next week.",
       [_q("The ferry has been late every single morning", "Gideon Achebe"),
        _q("We are short of two crew members", "spokeswoman", unnamed=True)]),
    _v("quote-marks-mixed", 2,
       "Club to appeal ruling\n\nA tribunal ruled on Friday that Ostburg FC must replay its cup tie.\n\n"
       "\u201eWe will appeal the ruling, and we will win,\" said Lotte Brinkmann, the club's lawyer.\n\n"
       "The league said it had not been told of any appeal.",
       [_q("We will appeal the ruling", "Lotte Brinkmann")]),
    _v("quote-marks-mixed", 3,
       "Residents reject car park plan\n\nResidents of Mill Row have rejected a plan for a car park on the green.\n\n"
       "Ottilie Graves said the neighbours \u201cdidn\u2018t move here to look at cars\u201d and would fight the "
       "plan. Her husband said they wouldn\u2018t sell.\n\n\"The green is the only open space we have left,\" said "
       "Horace Lindqvist, who chairs the residents' group.",
       [_q("The green is the only open space", "Horace Lindqvist")],
       ["didn", "wouldn", "t move here to look at cars", "t sell"]),
    _v("quote-marks-mixed", 4,
       "Orchestra keeps its hall\n\nThe Varberg chamber orchestra will keep its rehearsal hall after a vote "
       "on Monday.\n\n\u201dWe were never consulted about the sale, not once,\u201d said Pieter Van Damme, the "
       "orchestra's manager.\n\nThe council withdrew the sale.",
       [_q("We were never consulted about the sale", "Pieter Van Damme")]),
    _v("quote-marks-mixed", 5,
       "Ski lift stays shut\n\nThe Hallberg ski lift will stay shut this winter.\n\n"
       "\u00bbWe tried everything to get the spare parts in time,\u00ab said Henrik Dahl, who runs the lift. "
       "\u00bbThe factory closed in the spring.\u00ab\n\nThe lift company is looking for a buyer.",
       [_q("We tried everything to get the spare parts", "Henrik Dahl"),
        _q("The factory closed in the spring", "Henrik Dahl")]),

    # --- quote-unbalanced-marks: a stray or missing mark must not lose the other quotations ----
    _v("quote-unbalanced-marks", 1,
       "Water main replaced on Elm Row\n\nCrews replaced a 14\" water main under Elm Row on Thursday.\n\n"
       "\"We had three bursts in a month, so the old pipe had to go,\" said site manager Carla Nwosu.\n\n"
       "\"The road will be open again by Monday,\" said the council's highways officer, Bram Kuipers.",
       [_q("We had three bursts in a month", "Carla Nwosu"), _q("The road will be open again", "Bram Kuipers")]),
    _v("quote-unbalanced-marks", 2,
       "Swimming pool to reopen\n\nThe Kelso Road swimming pool will reopen in May after a two-year repair.\n\n"
       "\u201cThe children of this town learned to swim here,\u201d said lifeguard Ezra Mbeki.\n\n"
       "The council's leader, Annika Thorsen, called the repair \u201clong and costly.\n\nThe pool will open "
       "at seven every morning.\n\n\u201cI will be first in the water,\u201d said Doreen Fairbairn, 81, who has "
       "swum there since 1951.",
       [_q("The children of this town learned to swim here", "Ezra Mbeki"),
        _q("I will be first in the water", "Doreen Fairbairn")]),
    _v("quote-unbalanced-marks", 3,
       "Council votes for cycle lanes\n\nThe council voted 7-2 in favour\u201d of new cycle lanes on the "
       "ring road.\n\n\"Cyclists have waited long enough,\" said councillor Benedikt Auer.\n\n"
       "\"The lanes will take a whole lane from the buses,\" warned Rosa Tamm, who drives the number 9.",
       [_q("Cyclists have waited long enough", "Benedikt Auer"),
        _q("The lanes will take a whole lane", "Rosa Tamm")]),
    _v("quote-unbalanced-marks", 4,
       "Harbour wall repairs begin\n\nRepairs to the Penwyn harbour wall began on Monday.\n\n"
       "\"The wall has stood for two hundred years, said the harbour master, Elowen Tresize. It needs a little "
       "help now.\n\n\"We will work only at low tide,\" said the contractor, Juhani Lehtonen.\n\n"
       "The repairs will take six weeks.",
       [_q("We will work only at low tide", "Juhani Lehtonen")]),
    _v("quote-unbalanced-marks", 5,
       "Choir wins regional prize\n\nThe Ashby community choir won the regional prize on Saturday with a "
       "song about the town's 1953 flood.\n\n\u00abWe rehearsed in a cold church every Tuesday for a year,\u00bb "
       "said conductor Malin Ekstrand.\n\nThe judges called the performance \u00abfearless and moving.\n\n"
       "\u00abI have never seen a small choir hold a hall like that,\u00bb said one of the judges, Sebastian "
       "Corvo.",
       [_q("We rehearsed in a cold church", "Malin Ekstrand"),
        _q("I have never seen a small choir", "Sebastian Corvo")]),

    # --- not-quote-scare-title: titles, names, labels and scare quotes are not speech --------
    _v("not-quote-scare-title", 1,
       "Novelist wins county prize\n\nThe novel \"Salt in the Wells\" won the Harrowby county book prize on "
       "Thursday, for what the judges called an \"unflinching\" portrait of a mining village.\n\n"
       "\"I wrote it in a caravan over two winters, with the generator running,\" said its author, Tamsin "
       "Oduya.\n\nThe prize is worth 5,000 pounds and a reading at the \"Lamplight\" festival.",
       [_q("I wrote it in a caravan", "Tamsin Oduya")],
       ["Salt in the Wells", "unflinching", "Lamplight"]),
    _v("not-quote-scare-title", 2,
       "Trawler towed home\n\nThe trawler \u00abMorning Star\u00bb was towed into Kessport on Tuesday after its "
       "engine failed off the so-called \u00abgreen bank\u00bb.\n\n\u00abWe drifted for nine hours before the "
       "lifeboat reached us,\u00bb said a crew member who gave only his first name, \u00abBeppe\u00bb.\n\n"
       "The owners have asked for an inquiry.",
       [_q("We drifted for nine hours", "crew member", "member", unnamed=True)],
       ["Morning Star", "green bank", "Beppe"]),
    _v("not-quote-scare-title", 3,
       "Band returns to the Shed\n\nThe Corrowby band Gulls of Ardley released its new single, \"Paper "
       "Lanterns,\" on Friday and will play it live at a venue known as \"the Shed\" next month.\n\n"
       "Critics have given the band the \"indie darling\" label since its first album, \"Low Tide Songs.\"\n\n"
       "Tickets cost 15 pounds.",
       [], ["Paper Lanterns", "the Shed", "indie darling", "Low Tide Songs"], count=0),
    _v("not-quote-scare-title", 4,
       "Car park stays open\n\nThe \u2018temporary\u2019 car park on Dock Street, which has stood for eleven years, "
       "will stay open under a scheme dubbed \u201cProject Lighthouse\u201d.\n\nA sign at the entrance still reads "
       "\u201cClosing Soon\u201d.\n\n\u201cPeople laugh at that sign every single day,\u201d said Yolanda Brisco, "
       "who runs the kiosk by the gate.",
       [_q("People laugh at that sign", "Yolanda Brisco")],
       ["temporary", "Project Lighthouse", "Closing Soon"]),
    _v("not-quote-scare-title", 5,
       "Choir sings for the lifeboat\n\nThe Penhallow choir sang \u201cEternal Father, Strong to Save\u201d at the "
       "blessing of the new lifeboat, the \u201cMary Trenwith\u201d, on Sunday.\n\nThe boat replaces one crews "
       "had nicknamed \u201cthe old lady\u201d.\n\n\u201cShe will go out in weather the old boat could not face,\u201d "
       "said the coxswain, Jory Pascoe.",
       [_q("She will go out in weather", "Jory Pascoe")],
       ["Eternal Father, Strong to Save", "Mary Trenwith", "the old lady"]),

    # --- quote-split: a quotation interrupted by its attribution keeps its speaker ----------
    _v("quote-split", 1,
       "Caf\u00e9 cuts its opening hours\n\nThe Brightwater caf\u00e9, run by Selma Okonedo, will close at six "
       "from next week.\n\n\u201cWe close at six,\u201d she explained, \u201cbut the kitchen stays open for "
       "deliveries until nine.\u201d\n\nThe caf\u00e9 opened in 2016.",
       [_q("We close at six", "Selma Okonedo"), _q("but the kitchen stays open", "Selma Okonedo")]),
    _v("quote-split", 2,
       "Permits were signed in March\n\nThe Carrow quarry extension was approved last week.\n\n"
       "\"The permits were signed in March,\" said Yvette Oyelaran-Moss, the planning officer, \"and nobody "
       "objected then.\"\n\nResidents have asked for a new hearing.",
       [_q("The permits were signed in March", "Yvette Oyelaran-Moss"),
        _q("and nobody objected then", "Yvette Oyelaran-Moss")]),
    _v("quote-split", 3,
       "Grower holds on to his land\n\nA developer has offered to buy the Osei family's fields outside Tamsworth.\n\n"
       "\"Why would we sell now?\" asked Kwesi Osei. \"The land is worth more every year, and my son wants "
       "to farm it.\"\n\n\"I don't know,\" his neighbour Gunnar Eide said, shaking his head. \"Maybe next year.\"\n\n"
       "The developer did not comment.",
       [_q("Why would we sell now", "Kwesi Osei"), _q("The land is worth more every year", "Kwesi Osei"),
        _q("I don't know", "Gunnar Eide"), _q("Maybe next year", "Gunnar Eide")]),
    _v("quote-split", 4,
       "Ferry crossing cancelled\n\nThe evening crossing to Holm island was cancelled on Sunday.\n\n"
       "\u00abThe wind was too strong for the ramp\u00bb, the ferry's captain, Ilario Benedetti, told passengers, "
       "\u00aband I will not risk a car going into the sea\u00bb.\n\nThe crossing will run again on Monday.",
       [_q("The wind was too strong for the ramp", "Ilario Benedetti"),
        _q("and I will not risk a car", "Ilario Benedetti")]),
    _v("quote-split", 5,
       "Mill to become flats\n\nThe old Renwick mill will be turned into 40 flats.\n\n"
       "\u201cThis building has been empty for twenty years,\u201d developer Chiara Mancuso said on Tuesday. "
       "\u201cIt deserves better than pigeons.\u201d\n\n\u201cWe will keep the chimney,\u201d she added. "
       "\u201cThe town would never forgive us.\u201d\n\nWork starts in June.",
       [_q("This building has been empty", "Chiara Mancuso"), _q("It deserves better than pigeons", "Chiara Mancuso"),
        _q("We will keep the chimney", "Chiara Mancuso"), _q("The town would never forgive us", "Chiara Mancuso")]),

    # --- quote-speaker-role: a role or title stands for the named person ---------------------
    _v("quote-speaker-role", 1,
       "Finance minister defends budget\n\nThe finance minister, Leopold Graaf, presented his budget on Wednesday.\n\n"
       "\"This budget pays for itself within three years,\" the minister told parliament.\n\n"
       "\"Nobody in this building believes that,\" said Graaf's chief of staff, Nuria Salvatierra, in a "
       "leaked message.\n\nThe budget vote is on Friday.",
       [_q("This budget pays for itself", "Leopold Graaf"), _q("Nobody in this building believes", "Nuria Salvatierra")]),
    _v("quote-speaker-role", 2,
       "Airport runway closed\n\nA spokeswoman for Lindau airport, Ines Kowalczyk, said on Monday that the "
       "runway would be closed for a week.\n\n\u201cThe cracks appeared after the frost and we will not take "
       "any risks,\u201d the spokeswoman added.\n\nFlights will be moved to Hallstadt.",
       [_q("The cracks appeared after the frost", "Ines Kowalczyk")]),
    _v("quote-speaker-role", 3,
       "Mayor's office answers critics\n\nMayor Odile Ferrand has been criticised for the closure of two "
       "libraries.\n\n\"The mayor has kept every other library open,\" said the mayor's spokesman, Tariq "
       "Bellamy.\n\n\"I would close none if I could,\" the mayor said later.\n\nThe libraries close in May.",
       [_q("The mayor has kept every other library open", "Tariq Bellamy"),
        _q("I would close none if I could", "Odile Ferrand")]),
    _v("quote-speaker-role", 4,
       "Police chief promises more patrols\n\nPolice Chief Darnell Okoye met residents of the Fallow estate on "
       "Thursday.\n\n\u00abYou will see officers on these streets every night from Monday,\u00bb the chief said.\n\n"
       "Residents said they had heard that before.",
       [_q("You will see officers on these streets", "Darnell Okoye")]),
    _v("quote-speaker-role", 5,
       "Shipyard orders new cranes\n\nThe Brakmoor shipyard has ordered four new cranes, its chief executive, "
       "Solveig Aas, said on Tuesday.\n\n\"We have not had a new crane in this yard since 1987,\" the chief "
       "executive told analysts.\n\n\"The cranes will arrive by sea in the spring,\" said her deputy, "
       "Kasimir Holt.",
       [_q("We have not had a new crane", "Solveig Aas"), _q("The cranes will arrive by sea", "Kasimir Holt")]),

    # --- quote-anonymous-source: an unnamed speaker, not the person talked about --------------
    _v("quote-anonymous-source", 1,
       "Police chief to step down\n\nPolice Chief Amara Whitfield will step down next month, two officers said.\n\n"
       "\"She lost the support of the force after the riot inquiry,\" said a senior police officer, who asked "
       "not to be named.\n\nWhitfield's office did not answer calls.",
       [_q("She lost the support of the force", "officer", unnamed=True)]),
    _v("quote-anonymous-source", 2,
       "Border talks resume\n\nTalks on the Orlen border crossing resumed on Tuesday.\n\n"
       "\u201cForeign Minister Casimir Veldt wants a deal before the summer,\u201d one diplomat told reporters on "
       "condition of anonymity.\n\n\u201cHe will not get one,\u201d the diplomat added.\n\nVeldt did not comment.",
       [_q("Foreign Minister Casimir Veldt wants a deal", "diplomat", unnamed=True),
        _q("He will not get one", "diplomat", unnamed=True)]),
    _v("quote-anonymous-source", 3,
       "Hospital merger in doubt\n\nThe planned merger of the Westry and Calder hospitals is in doubt.\n\n"
       "According to a person familiar with the negotiations, \"Health Secretary Olga Pietersen has not read "
       "the final report.\"\n\nPietersen's office said she had read it.",
       [_q("Health Secretary Olga Pietersen has not read", "person", unnamed=True)]),
    _v("quote-anonymous-source", 4,
       "Factory to cut jobs\n\nThe Lindmark textile factory will cut 200 jobs, a union official said on Friday.\n\n"
       "The official said the owner, Brigitta Saarinen, had told staff in a short meeting. \u00abShe spoke for "
       "five minutes and left without taking questions,\u00bb she said.\n\nSaarinen declined to comment.",
       [_q("She spoke for five minutes", "official", unnamed=True)]),
    _v("quote-anonymous-source", 5,
       "Residents fear new tower\n\nA 30-storey tower planned by the developer Magnus Oyelowo has alarmed "
       "residents of Quarry Hill.\n\n\"Oyelowo has never once come to see the street,\" said one resident, "
       "who did not want her name published.\n\nThe planning committee meets in May.",
       [_q("Oyelowo has never once come to see the street", "resident", unnamed=True)]),

    # --- quote-cue-after-question: '"...?" Name asked.', other verbs than 'said' --------------
    _v("quote-cue-after-question", 1,
       "Councillors question budget\n\nThe Harwick council debated its budget on Tuesday.\n\n"
       "\"Where is the money for the roads going?\" asked councillor Tomasz Wieczorek.\n\n"
       "\"Ask the auditors!\" snapped the council leader, Ruth Abernathy-Cole.\n\nThe budget passed 12-9.",
       [_q("Where is the money for the roads going", "Tomasz Wieczorek"),
        _q("Ask the auditors", "Ruth Abernathy-Cole")]),
    _v("quote-cue-after-question", 2,
       "Last train cancelled again\n\nThe last train from Corby Vale was cancelled for the fourth night running.\n\n"
       "\u201cIs this the end of the line for us?\u201d Harriet Okonkwo wondered aloud on the platform.\n\n"
       "\u201cWho decided this?\u201d enquired her neighbour, Bartholomew Ince.\n\nThe rail company apologised.",
       [_q("Is this the end of the line for us", "Harriet Okonkwo"),
        _q("Who decided this", "Bartholomew Ince")]),
    _v("quote-cue-after-question", 3,
       "Ferry fares questioned\n\nFerry fares to Holm island will rise by a fifth in April.\n\n"
       "\u00abWho will pay for the new ship?\u00bb queried Bruno Castellan, who runs the island shop.\n\n"
       "\u00abNot the islanders!\u00bb scoffed his wife, Delia Castellan.\n\nThe ferry company defended the rise.",
       [_q("Who will pay for the new ship", "Bruno Castellan"), _q("Not the islanders", "Delia Castellan")]),
    _v("quote-cue-after-question", 4,
       "Strike vote at the depot\n\nBus drivers at the Orton depot voted to strike on Friday.\n\n"
       "Shop steward Lena Kowalski addressed the meeting first. \"Do you think we enjoy this?\" she asked "
       "angrily. \"We have had no rise for four years!\"\n\nThe strike starts on Monday.",
       [_q("Do you think we enjoy this", "Lena Kowalski"), _q("We have had no rise", "Lena Kowalski")]),
    _v("quote-cue-after-question", 5,
       "Referee defends decision\n\nThe Wexley cup final ended in a brawl on Saturday.\n\n"
       "\"Did anyone see the elbow?\" barked the Wexley manager, Osvaldo Reyes. \"Anyone at all?\"\n\n"
       "\"I saw it and I gave the card,\" the referee, Miriam Achterberg, replied.\n\nThe league will review the match.",
       [_q("Did anyone see the elbow", "Osvaldo Reyes"), _q("Anyone at all", "Osvaldo Reyes"),
        _q("I saw it and I gave the card", "Miriam Achterberg")]),
    # --- second batch: other layouts of the same kinds ----------------------------------------
    _v("quote-dash-attribution", 6,
       "Readers on the new timetable\n\nWe asked passengers what they make of the new timetable.\n\n"
       "\u201cTwo buses an hour is not a service, it is a rumour.\u201d \u2014 Harbour master Elin Voss\n\n"
       "\u201cI can finally get to the early shift on time.\u201d \u2013 Dagny Holt, nurse, Westry\n\n"
       "The timetable is under review.",
       [_q("Two buses an hour is not a service", "Elin Voss"), _q("I can finally get to the early shift", "Dagny Holt")]),
    _v("quote-colon-attribution", 6,
       "Coach sums up the season\n\nThe Harbury Rovers finished third in the league.\n\n"
       "Rovers coach Ramon Iturbe: \u201cThird is not where we wanted to be, but it is where we deserved to be.\u201d\n\n"
       "Captain Ines Okafor: \u201cWe lost too many points at home.\u201d\n\nThe new season starts in August.",
       [_q("Third is not where we wanted to be", "Ramon Iturbe"), _q("We lost too many points at home", "Ines Okafor")]),
    _v("quote-previous-sentence", 6,
       "Coach blunt after defeat\n\nThe Harbury Rovers lost 3-0 to Wexley on Saturday.\n\n"
       "Rovers coach Ramon Iturbe was blunt about his players after the match.\n\n"
       "\"We lost this one in the first ten minutes, and nobody on the bench can explain why.\"\n\n"
       "Rovers play away next week.",
       [_q("We lost this one in the first ten minutes", "Ramon Iturbe")]),
    _v("quote-pronoun-speaker", 6,
       "Ferry captain retires\n\nCaptain Oskar Lindqvist steered his last crossing to Holm island on Sunday.\n\n"
       "He told passengers: \u201cForty years on this water and I never lost a car.\u201d\n\n"
       "His daughter, Frida Lindqvist, was on the bridge. She added that he \u201cwould be back as a passenger "
       "next week, complaining about the coffee.\u201d",
       [_q("Forty years on this water", "Oskar Lindqvist"), _q("would be back as a passenger", "Frida Lindqvist")]),
    _v("quote-multi-paragraph", 6,
       "Miner recalls the collapse\n\nA retired miner, Gwilym Pryce, spoke at the memorial on Saturday.\n\n"
       "\"We heard the roof go before we saw it,\" he said. \"Then the lamps went out.\n\n"
       "\"Nobody shouted. We just held on to the man next to us.\n\n"
       "\"It was nine hours before the rescue team reached us.\"\n\n"
       "\"He has told that story every year,\" said the memorial's organiser, Bethan Rees.",
       [_q("We heard the roof go", "Gwilym Pryce"),
        _q("Then the lamps went out", "Gwilym Pryce", ends="reached us"),
        _q("He has told that story every year", "Bethan Rees")]),
    _v("quote-nested", 6,
       "Council sign sparks row\n\nA new sign at the Lowmere beach car park has angered surfers.\n\n"
       "\"They put up a sign saying 'No surfing after 6pm' and didn't ask a single one of us,\" said Kai "
       "Brennan, who runs the surf school.\n\nThe council said the sign was a mistake.",
       [_q("They put up a sign saying", "Kai Brennan", ends="a single one of us")],
       ["No surfing after 6pm"]),
    _v("quote-marks-mixed", 6,
       "Cafe owner fights rent rise\n\nThe owner of the Quay Cafe, Marisol Tejada, has been told her rent will "
       "double.\n\n''We cannot sell twice as much coffee to the same number of people,'' Tejada said.\n\n"
       "The landlord's agent said the rent was ``in line with the market.''",
       [_q("We cannot sell twice as much coffee", "Marisol Tejada")]),
    _v("quote-unbalanced-marks", 6,
       "Town band loses its hall\n\nThe Kessport town band must leave its rehearsal hall by March.\n\n"
       "The band's conductor, Ilse Marwick, said the news was \u201ca blow.\n\n"
       "\u201cWe have rehearsed there every Thursday since 1962,\u201d said the band's oldest member, Harold Pym, 88.\n\n"
       "The hall will become flats.",
       [_q("We have rehearsed there every Thursday since 1962", "Harold Pym")]),
    _v("not-quote-scare-title", 6,
       "Gallery shows local painters\n\nThe Ardley gallery opens \u2018Salt and Slate\u2019, a show of twelve "
       "local painters, on Friday.\n\nThe show includes \u2018Low Water\u2019, a painting the gallery calls its "
       "\u2018centrepiece\u2019, and a series of \u2018night studies\u2019 of the harbour.\n\nEntry is free.",
       [], ["Salt and Slate", "Low Water", "centrepiece", "night studies"], count=0),
    _v("quote-split", 6,
       "Baker wins national prize\n\nThe Penwyn baker Rhiannon Carew won the national bread prize on Saturday.\n\n"
       "\u2018I have baked the same loaf for twenty years\u2019, Carew said, \u2018and today somebody finally "
       "noticed\u2019.\n\nThe prize is 2,000 pounds.",
       [_q("I have baked the same loaf", "Rhiannon Carew"), _q("and today somebody finally noticed", "Rhiannon Carew")]),
    _v("quote-speaker-role", 6,
       "Ministry defends school closures\n\nThe ministry's spokesperson, Anneli Korhonen, defended the closure of "
       "six village schools on Monday.\n\n\"Six schools with fewer than ten pupils each cannot stay open,\" the "
       "spokesperson said.\n\nParents will protest on Friday.",
       [_q("Six schools with fewer than ten pupils", "Anneli Korhonen")]),
    _v("quote-anonymous-source", 6,
       "Port strike talks collapse\n\nTalks to end the strike at the Kessport container terminal collapsed on "
       "Friday.\n\n\"The owner, Henrik Saltnes, never wanted a deal,\" a spokesperson for the dockers' union "
       "said.\n\nSaltnes said the union had walked out.",
       [_q("The owner, Henrik Saltnes, never wanted a deal", "spokesperson", unnamed=True)]),
    _v("quote-cue-after-question", 6,
       "Residents quiz developer\n\nThe developer of the Quarry Hill tower met residents on Tuesday.\n\n"
       "\"Where will our children play?\" asks Noor Haddad, who has lived on the hill for thirty years.\n\n"
       "\"Why was nobody told?\" her neighbour Agnes Fell wanted to know.\n\nThe developer promised a playground.",
       [_q("Where will our children play", "Noor Haddad"), _q("Why was nobody told", "Agnes Fell")]),
    # --- third batch ----------------------------------------------------------------------------
    _v("quote-cue-after-question", 8,
       "Shop owners question parking plan\n\nRavi Chandran and his sister Meera Chandran have run the corner shop "
       "on Ferry Road since 1994.\n\n\"Where are our customers supposed to park?\" she wondered.\n\n"
       "\"Who is paying for the new signs?\" Councillor Ada Brisk asked the meeting.\n\nThe plan goes to a vote in May.",
       [_q("Where are our customers supposed to park", "Meera Chandran"),
        _q("Who is paying for the new signs", "Ada Brisk")]),
    _v("quote-dash-attribution", 8,
       "Marathon returns to the old town\n\nThe Kessport marathon will run through the old town again next year.\n\n"
       "\"Finally! The cobbles are back!\" \u2014Otto Lindgren, 71, who ran the first race in 1983\n\n"
       "The route is 42 kilometres.",
       [_q("Finally! The cobbles are back", "Otto Lindgren")]),
    _v("quote-colon-attribution", 8,
       "Rowing club elects president\n\nThe Wexcombe rowing club elected Tove Lindahl as its president on Sunday.\n\n"
       "The verdict from the outgoing president, Gareth Pryor-Nash:\n\n"
       "\u201cTove will row harder at this job than any of us did.\u201d\n\nLindahl takes over in April.",
       [_q("Tove will row harder at this job", "Gareth Pryor-Nash")]),
    _v("quote-pronoun-speaker", 8,
       "Corner shop fights parking plan\n\nRavi Chandran and his sister Meera Chandran have run the corner shop "
       "on Ferry Road since 1994.\n\n\u201cHalf our trade comes from people who stop for five minutes,\u201d she "
       "says.\n\n\u201cWithout parking we are finished,\u201d he adds.\n\nThe council will decide in May.",
       [_q("Half our trade comes from people", "Meera Chandran"), _q("Without parking we are finished", "Ravi Chandran")]),
    _v("quote-anonymous-source", 8,
       "Festival cancelled at short notice\n\nThe Lowmere folk festival was cancelled on Thursday, two days before "
       "it was due to open.\n\n\"The director, Ondine Farrow, knew about the debts for months,\" said one of the "
       "organisers, who declined to be named.\n\nFarrow did not respond.",
       [_q("The director, Ondine Farrow, knew", "organisers", unnamed=True)]),
    _v("quote-speaker-role", 8,
       "Hospital opens new theatre\n\nDr. Lena Moss-Avery, the hospital's chief surgeon, opened the new operating "
       "theatre on Friday.\n\n\"We can now operate on two patients at once,\" the surgeon said.\n\n"
       "\"It took eleven years to pay for,\" added the hospital's director, Felix Ambrose.",
       [_q("We can now operate on two patients", "Lena Moss-Avery"), _q("It took eleven years", "Felix Ambrose")]),
    _v("quote-nested", 8,
       "Boat sold after sixty years\n\nThe Harker family sold its fishing boat on Saturday after sixty years.\n\n"
       "\"My father's last words to me were 'keep the boat,' and I kept it as long as I could,\" said Agnes Harker.\n\n"
       "The boat will become a museum piece.",
       [_q("My father's last words to me", "Agnes Harker", ends="as long as I could")],
       ["keep the boat"]),
    _v("quote-marks-mixed", 8,
       "Dockers back pay deal\n\nDockers in Kessport voted to accept a pay deal on Friday.\n\n"
       "\u201eThis is the best offer in twenty years,\u201d said the union's negotiator, Marek Zielinski.\n\n"
       "The deal runs for three years.",
       [_q("This is the best offer in twenty years", "Marek Zielinski")]),
    _v("quote-multi-paragraph", 8,
       "Keeper's last night at the lighthouse\n\nThe Skerra lighthouse switched to automatic on Saturday.\n\n"
       "\u201cI climbed those stairs four times a night for thirty years.\n\n"
       "\u201cNow I will sleep through the storms like everybody else,\u201d said the last keeper, Edvard Sund.\n\n"
       "The lighthouse will open to visitors.",
       [_q("I climbed those stairs", "Edvard Sund", ends="like everybody else")]),
    _v("not-quote-scare-title", 8,
       "Super-trawler banned from the bay\n\nThe so-called \u2018super-trawler\u2019 Arctic Dawn has been banned from "
       "Calder Bay from June, a \u201cgood day\u201d for the \u201csmall boats\u201d of the harbour.\n\n"
       "\u201cOne ship like that takes more fish in a week than our whole fleet takes in a year,\u201d said Moira "
       "Tennant, who skippers the Calder Lass.\n\nThe ban was agreed on Monday.",
       [_q("One ship like that takes more fish", "Moira Tennant")],
       ["super-trawler", "good day", "small boats"], count=1),
    _v("quote-previous-sentence", 8,
       "Pool stays shut\n\nThe Kelso Road pool will stay shut for another month.\n\n"
       "Asked about the delay, pool manager Tilde Ravnsborg shrugged. \u201cWe will open when the roof is safe "
       "and not a day before.\u201d\n\nSwimmers have been sent to Hallstadt.",
       [_q("We will open when the roof is safe", "Tilde Ravnsborg")]),
    _v("quote-split", 8,
       "Orchard sold to developer\n\nThe Arnvale orchard has been sold to a housing developer.\n\n"
       "\u201cMy grandmother planted these trees,\u201d said Oona Castellane, adding: \u201cI never thought I "
       "would be the one to sell them.\u201d\n\nBuilding starts next year.",
       [_q("My grandmother planted these trees", "Oona Castellane"),
        _q("I never thought I would be the one", "Oona Castellane")]),
    _v("quote-unbalanced-marks", 8,
       "Choir hall to be sold\n\nThe Ashby choir hall will be sold, the parish council said.\n\n"
       "\"We said \"no\" twice and they still sold it,\" said choir member Ingrid Sola.\n\n"
       "\"The roof alone would cost more than the hall is worth,\" said the council's treasurer, Amos Kiprono.",
       [_q("The roof alone would cost more", "Amos Kiprono")]),
    # --- fourth batch --------------------------------------------------------------------------
    _v('quote-dash-attribution', 9,
       "Ferry fares rise\n\nFares on the Holm ferry rise by a tenth in April.\n\n\"It's a tax on islanders, nothing less.\"\n\u2014 Bruno Castellan, shopkeeper on Holm\n\nThe company says fuel costs have doubled.",
       [_q("It's a tax on islanders", 'Bruno Castellan')]),
    _v('quote-dash-attribution', 10,
       "Readers respond\n\nWe asked readers about the new bins.\n\n\u201cThree bins for one small kitchen is too many\u201d \u2013 Wendy Arkwright, Lowmere\n\n\u201cI like them\u201d - Sam Okoro\n\nThe council will review the scheme.",
       [_q('Three bins for one small kitchen', 'Wendy Arkwright'), _q('I like them', 'Sam Okoro')]),
    _v('quote-colon-attribution', 9,
       "Mayor answers critics\n\nThe mayor of Brenmouth, Ilse Brandvold, answered her critics at a packed meeting.\n\nShe said:\n\n\u201cI will not apologise for mending the roads.\u201d\n\nThe meeting ran until midnight.",
       [_q('I will not apologise', 'Ilse Brandvold')]),
    _v('quote-colon-attribution', 10,
       "Statement from the club\n\nThe club issued a statement on Sunday.\n\nIn full, the statement from chairman Aldo Ferrante read: \"We have accepted an offer for the ground and will play our last season there next year.\"\n\nFans will protest on Saturday.",
       [_q('We have accepted an offer for the ground', 'Aldo Ferrante')]),
    _v('quote-previous-sentence', 9,
       "Skipper praises crew\n\nThe Calder Lass came home with a record catch on Friday.\n\nSkipper Moira Tennant stood on the quay with her deckhand, Ewan Roy, and grinned. \"Best week in twenty years.\" Roy laughed.\n\nThe catch sold for 40,000 pounds.",
       [_q('Best week in twenty years', 'Moira Tennant')]),
    _v('quote-pronoun-speaker', 9,
       "Nurse retires after 40 years\n\nNurse Agatha Obi retired from Kessport hospital on Friday after forty years on the wards.\n\nHer colleague, Dr. Samuel Reyes, organised a party. \"She trained half the nurses in this building,\" he said.\n\n\"I will miss the night shifts, believe it or not,\" she told guests.",
       [_q('She trained half the nurses', 'Samuel Reyes'), _q('I will miss the night shifts', 'Agatha Obi')]),
    _v('quote-anonymous-source', 9,
       "Prison overcrowded, guard says\n\nThe Marrow prison holds twice the inmates it was built for.\n\n\"Governor Ian Pettifer knows, and he has known for a year,\" said a guard who asked not to be identified for fear of losing his job.\n\nPettifer did not answer calls.",
       [_q('Governor Ian Pettifer knows', 'guard', unnamed=True)]),
    _v('quote-speaker-role', 9,
       "Council leader quits\n\nThe leader of Harwick council, Ruth Abernathy-Cole, resigned on Tuesday.\n\n\"I have done what I came to do,\" the council leader told reporters.\n\n\"She leaves big shoes to fill,\" said her deputy, Tomasz Wieczorek.",
       [_q('I have done what I came to do', 'Ruth Abernathy-Cole'), _q('She leaves big shoes', 'Tomasz Wieczorek')]),
    _v('quote-cue-after-question', 9,
       "Ferry row\n\nThe ferry company met islanders on Monday.\n\n\"Will the winter timetable change?\" a woman at the back asked.\n\n\"Not this year,\" replied the company's director, Bjorn Halle.",
       [_q('Will the winter timetable change', 'woman', unnamed=True), _q('Not this year', 'Bjorn Halle')]),
    _v('quote-cue-after-question', 10,
       "Cup final\n\nThe Wexley cup final was abandoned after an hour.\n\n\u201cHow can we play in this?\u201d the visiting captain, Jonah Mbeki, asked the referee.\n\nThe match will be replayed.",
       [_q('How can we play in this', 'Jonah Mbeki')]),
    _v('quote-split', 9,
       "Bridge repair\n\nThe Esk bridge repair is finished.\n\n\"It was a hard winter,\" the site engineer, Priya Nandakumar, said, \"and the river did not help.\"\n\nThe bridge opens Monday.",
       [_q('It was a hard winter', 'Priya Nandakumar'), _q('and the river did not help', 'Priya Nandakumar')]),
    _v('quote-split', 10,
       "Market closes\n\nThe Tarrow market will close in May.\n\n\"We have been here since 1870.\" Stallholder Beatrix Lomond paused. \"Nobody asked us.\"\n\nThe council said the site would become housing.",
       [_q('Nobody asked us', 'Beatrix Lomond')]),
    _v('quote-nested', 9,
       "Station renamed\n\nThe Lowmere station is to be renamed.\n\n\u201cMy mother always said \u2018the station is the town\u2019s front door,\u2019 and she was right,\u201d said Iona McKee, who runs the station caf\u00e9.\n\nThe new name will be announced in June.",
       [_q('My mother always said', 'Iona McKee', ends='and she was right')], ['the station is the town’s front door']),
    _v('quote-marks-mixed', 9,
       "Pier reopens\n\nThe pier at Calder reopened on Saturday.\n\n\u201cWe waited two years for this,' said fisherman Callum Reid.\n\n\u2018It looks better than before,\u201d said his wife, Morag Reid.",
       [_q('We waited two years for this', 'Callum Reid')]),
    _v('quote-unbalanced-marks', 9,
       "Road closed\n\nThe A9 is closed after a landslide.\n\n\u201cThe hill came down in seconds,\u201d said driver Olaf Brenning.\n\nThe police called the road \u201cunsafe until further notice.\n\n\u201cWe will have it open by Friday,\u201d said the highways manager, Sunita Rao.",
       [_q('The hill came down in seconds', 'Olaf Brenning'), _q('We will have it open by Friday', 'Sunita Rao')]),
    _v('not-quote-scare-title', 9,
       "Tower approved\n\nThe council approved the 30-storey \"Quarry Hill Tower\" on Tuesday, despite a petition titled \"Save Our Skyline\".\n\nCritics call it a \"monstrosity\".\n\n\"It will bring 400 homes to a town that badly needs them,\" said the council leader, Ruth Abernathy-Cole.",
       [_q('It will bring 400 homes', 'Ruth Abernathy-Cole')], ['Quarry Hill Tower', 'Save Our Skyline']),
    _v('quote-multi-paragraph', 9,
       "Flood warning\n\nThe river authority issued a flood warning on Sunday.\n\nIts director, Hamish Dunbar, said: \u201cThe river will peak tonight.\n\n\u201cPeople near the bank should move their cars.\n\n\u201cWe will open the shelters at six.\u201d\n\nThe warning covers twelve villages.",
       [_q('The river will peak tonight', 'Hamish Dunbar', ends='open the shelters at six')]),
    # --- fifth batch ---------------------------------------------------------------------------
    _v('quote-colon-attribution', 11,
       "Dock deal signed\n\nThe Kessport dock deal was signed on Friday.\n\nHere is what the union's secretary, Kofi Mensah-Larbi, told members:\n\n\"Nobody gave us this. We took it.\"\n\nThe deal runs to 2029.",
       [_q('Nobody gave us this', 'Kofi Mensah-Larbi')]),
    _v('quote-colon-attribution', 12,
       "Mill saved\n\nThe Renwick mill has been saved from demolition.\n\nThe message from the mill's owner, Chiara Mancuso, was simple: \u201cThis building stays.\u201d\n\nWork starts in June.",
       [_q('This building stays', 'Chiara Mancuso')]),
    _v('quote-previous-sentence', 11,
       "Crew rescued\n\nFour fishermen were rescued off Calder Head on Sunday.\n\nOn Monday morning the skipper, Callum Reid, who spent six hours in the water, visited the lifeboat station. \"I owe these people my life.\"\n\nThe lifeboat crew are volunteers.",
       [_q('I owe these people my life', 'Callum Reid')]),
    _v('quote-pronoun-speaker', 11,
       "Library volunteer honoured\n\nMs. Edith Carrow has volunteered at the Lowmere library since 1979.\n\nThe council gave her its civic award on Friday.\n\n\u201cI only ever wanted to read to the children,\u201d she said.",
       [_q('I only ever wanted to read', 'Edith Carrow')]),
    _v('quote-speaker-role', 11,
       "Teenager saves swimmer\n\nA 17-year-old lifeguard, Noor Haddad, pulled a swimmer from the sea at Lowmere on Sunday.\n\n\u201cI just did what we practise every week,\u201d the 17-year-old said.\n\nThe swimmer is recovering.",
       [_q('I just did what we practise', 'Noor Haddad')]),
    _v('quote-speaker-role', 12,
       "Coach sacked\n\nWexley FC sacked its coach, Osvaldo Reyes, on Monday.\n\n\"We thank him for three good years,\" the club's chairman, Aldo Ferrante, said.\n\n\"I am proud of what we built,\" the coach said.",
       [_q('We thank him for three good years', 'Aldo Ferrante'), _q('I am proud of what we built', 'Osvaldo Reyes')]),
    _v('quote-anonymous-source', 11,
       "Budget leak\n\nDetails of the budget leaked on Tuesday.\n\n\"Finance Minister Leopold Graaf wrote every line himself,\" a senior government source said.\n\n\"He trusts nobody,\" said a person with knowledge of the matter.",
       [_q('Finance Minister Leopold Graaf wrote', 'source', unnamed=True), _q('He trusts nobody', 'person', unnamed=True)]),
    _v('quote-cue-after-question', 11,
       "Village shop\n\nThe last shop in Ebbsford closed on Saturday.\n\n\"Where will the old people buy their bread?\" asked the vicar, the Rev. Agnes Fell, adding that the bus runs twice a week.\n\nThe shop had been open since 1921.",
       [_q('Where will the old people buy', 'Agnes Fell')]),
    _v('quote-dash-attribution', 11,
       "Harbour master retires\n\nThe Penwyn harbour master retired on Friday.\n\n\u201cThe sea does not care about your plans!\u201d \u2014 the harbour master, Elowen Tresize, at her farewell\n\nShe served for 31 years.",
       [_q('The sea does not care about your plans', 'Elowen Tresize')]),
    _v('quote-split', 11,
       "Cafe closes\n\nThe Brightwater cafe closes on Sunday.\n\n\u201cWe tried everything,\u201d owner Selma Okonedo said, and added: \u201cThe rent beat us.\u201d\n\nThe cafe opened in 2016.",
       [_q('We tried everything', 'Selma Okonedo'), _q('The rent beat us', 'Selma Okonedo')]),
    _v('quote-marks-mixed', 11,
       "Bakery prize\n\nThe Linden Street bakery won a national prize on Monday.\n\n\u201cWe bake everything before five in the morning,\u201c said the baker, Rosalind Okafor.\n\nThe prize is a silver whisk.",
       [_q('We bake everything before five', 'Rosalind Okafor')]),
    _v('quote-nested', 11,
       "Council apology\n\nThe council has apologised to the Harrow Court tenants.\n\n\u201eThe letter said \u201aYou have thirty days\u2018 and nothing else,\u201c said tenant Leona Marwick.\n\nThe council blamed a printing error.",
       [_q('The letter said', 'Leona Marwick', ends='and nothing else')], ['You have thirty days']),
    _v('not-quote-scare-title', 11,
       "Former mayor dies\n\nThe former mayor of Kessport, known to everyone as \u201cthe Iron Lady of the Quays\u201d, has died at 91.\n\nShe fought the \u201cregeneration\u201d of the docks for twenty years.\n\n\u201cShe never lost an argument in this building,\u201d said the current mayor, Ilse Brandvold.",
       [_q('She never lost an argument', 'Ilse Brandvold')], ['the Iron Lady of the Quays', 'regeneration']),
    _v('quote-unbalanced-marks', 11,
       "Roadworks\n\nRoadworks on Mill Lane will last until May.\n\n\"We have closed one lane only,\" said the site manager, Carla Nwosu.\n\nA resident, Amos Kiprono, said the works were \"a nightmare for the school run.",
       [_q('We have closed one lane only', 'Carla Nwosu')]),
    _v('quote-multi-paragraph', 11,
       "Storm damage\n\nThe storm damaged forty roofs in Lowmere.\n\n\"We have never seen wind like it.\n\n\"The church lost half its slates,\" said the fire chief, Darnell Okoye.\n\nRepairs will take months.",
       [_q('We have never seen wind like it', 'Darnell Okoye', ends='half its slates')]),
    # --- sixth batch ---------------------------------------------------------------------------
    _v('quote-anonymous-source', 12,
       "Hospital waiting lists\n\nWaiting lists at Westry hospital have doubled, according to figures seen by the Courier.\n\n\"Chief executive Nadia Brook has known since March,\" said a senior nurse, who spoke on condition that she not be named. \"She chose to say nothing.\"\n\nBrook said the figures were out of date.",
       [_q('Chief executive Nadia Brook has known', 'nurse', unnamed=True), _q('She chose to say nothing', 'nurse', unnamed=True)]),
    _v('quote-anonymous-source', 13,
       "Factory fire\n\nA fire destroyed part of the Lindmark factory overnight.\n\nA worker who was on the night shift described the scene. \"The smoke came through the roof in a minute, and the owner, Brigitta Saarinen, was still inside.\"\n\nSaarinen was treated for smoke.",
       [_q('The smoke came through the roof', 'worker', unnamed=True)]),
    _v('quote-pronoun-speaker', 13,
       "Lifeboat crew honoured\n\nThe Calder lifeboat crew received a bravery award on Friday.\n\nCoxswain Jory Pascoe, 58, accepted it for the crew. His wife, Tegen Pascoe, watched from the front row.\n\n\"I just steered the boat. The others did the hard work,\" he said afterwards.",
       [_q('I just steered the boat', 'Jory Pascoe')]),
    _v('quote-previous-sentence', 12,
       "Bridge reopens\n\nThe Esk footbridge reopened on Saturday.\n\nEngineer Priya Nandakumar, who led the repairs, cut the ribbon with the mayor, Tilde Ravnsborg, at her side. \"It is stronger now than the day it was built.\" The mayor clapped.\n\nThe bridge cost 2 million euros.",
       [_q('It is stronger now than the day', 'Priya Nandakumar')]),
    _v('quote-speaker-role', 13,
       "Ferry company fined\n\nNordline ferries was fined on Monday for late sailings.\n\nIts chief executive, Torvald Ekdahl, apologised. A spokesman for the regulator, Ivan Petrov, said the fine was fair.\n\n\"We accept the fine and we will do better,\" the chief executive said.\n\n\"The company was warned three times,\" the spokesman added.",
       [_q('We accept the fine', 'Torvald Ekdahl'), _q('The company was warned three times', 'Ivan Petrov')]),
    _v('quote-cue-after-question', 12,
       "Market vote\n\nTraders voted on Sunday to keep the market open on Mondays.\n\n\"Why would we close on the busiest day?\" said trader Beatrix Lomond.\n\n\"Is anyone listening?\" she added.",
       [_q('Why would we close on the busiest day', 'Beatrix Lomond'), _q('Is anyone listening', 'Beatrix Lomond')]),
    _v('quote-colon-attribution', 13,
       "Letters\n\nA reader from Lowmere, Wendy Arkwright, writes:\n\n\"The new bins are too big for our kitchens and too small for our families.\"",
       [_q('The new bins are too big', 'Wendy Arkwright')]),
    _v('quote-dash-attribution', 12,
       "Tributes paid\n\nTributes have been paid to the former harbour master of Penwyn.\n\n\"A fair man who knew every boat by its engine.\"\n\u2014 Elowen Tresize\n\n\"He taught me to read the tides.\"\n\u2014 Jory Pascoe, coxswain",
       [_q('A fair man who knew every boat', 'Elowen Tresize'), _q('He taught me to read the tides', 'Jory Pascoe')]),
    _v('quote-split', 12,
       "Dam inquiry\n\nThe inquiry into the Gorran dam opened on Monday.\n\n\u201cWe warned them,\u201d said the former site manager, Ambrose Kitching. \u201cTwice.\u201d\n\nThe inquiry continues.",
       [_q('We warned them', 'Ambrose Kitching'), _q('Twice', 'Ambrose Kitching')]),
    _v('quote-marks-mixed', 12,
       "Pool reopens\n\nThe Kelso Road pool has reopened.\n\n\u00ab We missed it every single day \u00bb, said swimmer Doreen Fairbairn, 81.\n\n\"The water is warmer than before,\" said her friend, Ada Mbeki.",
       [_q('We missed it every single day', 'Doreen Fairbairn'), _q('The water is warmer than before', 'Ada Mbeki')]),
    _v('not-quote-scare-title', 12,
       "Quiz night\n\nThe Red Lion's quiz team, \"The Usual Suspects\", won the county final on Friday with a round on \"famous ferries\".\n\nThe team's captain, Gwen Arkwright, called the win \"a bit of a fluke, honestly\".",
       [_q('a bit of a fluke, honestly', 'Gwen Arkwright')], ['The Usual Suspects', 'famous ferries']),
    # --- other languages: Spanish, French, German, Portuguese articles (no parse, marks and cue words) --
    _v("quote-split", 7,
       "El puerto de Calvera reabre tras el temporal\n\nEl puerto de Calvera reabri\u00f3 el lunes tras tres d\u00edas "
       "cerrado por el temporal, que hundi\u00f3 dos barcos de pesca en el muelle norte.\n\n"
       "\u00abHemos perdido dos barcos, pero nadie ha resultado herido\u00bb, dijo la capitana del puerto, Marisa "
       "Ocampo. \u00abEl muelle norte seguir\u00e1 cerrado hasta el verano.\u00bb\n\n"
       "Los pescadores volver\u00e1n al mar el jueves si el tiempo lo permite.",
       [_q("Hemos perdido dos barcos", "Marisa Ocampo"), _q("El muelle norte seguir\u00e1 cerrado", "Marisa Ocampo")]),
    _v("quote-anonymous-source", 7,
       "El ayuntamiento de Calvera pagar\u00e1 las reparaciones del muelle\n\nEl ayuntamiento de Calvera pagar\u00e1 "
       "las reparaciones del muelle norte, da\u00f1ado por el temporal de la semana pasada.\n\n"
       "Seg\u00fan un portavoz del ayuntamiento, \u00ablas obras costar\u00e1n al menos medio mill\u00f3n de euros y "
       "empezar\u00e1n en marzo\u00bb.\n\nEl alcalde, Tom\u00e1s Berrocal, no quiso hacer declaraciones.",
       [_q("las obras costar\u00e1n al menos medio mill\u00f3n", "portavoz", unnamed=True)]),
    _v("not-quote-scare-title", 7,
       "El pesquero Estrella del Norte vuelve a puerto\n\nEl pesquero \u00abEstrella del Norte\u00bb regres\u00f3 el "
       "domingo a Calvera tras pasar dos semanas en el llamado \u00abcaladero grande\u00bb del norte.\n\n"
       "\u00abNunca hab\u00edamos visto tanta merluza en una sola marea\u00bb, afirm\u00f3 el patr\u00f3n, Ignacio "
       "Larra\u00f1aga.\n\nLa cofrad\u00eda vender\u00e1 la captura el lunes en la lonja.",
       [_q("Nunca hab\u00edamos visto tanta merluza", "Ignacio Larra\u00f1aga")],
       ["Estrella del Norte", "caladero grande"]),
    _v("quote-cue-after-question", 7,
       "La route de Bruzac restera ferm\u00e9e\n\nLa route d\u00e9partementale qui relie Bruzac \u00e0 la vall\u00e9e "
       "restera ferm\u00e9e jusqu'\u00e0 lundi apr\u00e8s un \u00e9boulement survenu dans la nuit de jeudi.\n\n"
       "\u00ab Qui va payer pour le d\u00e9tour des camions ? \u00bb a demand\u00e9 le maire de Bruzac, \u00c9tienne "
       "Valloton.\n\nLa pr\u00e9f\u00e8te, Claire Amsel, a pr\u00e9cis\u00e9 : \u00ab Les travaux commenceront d\u00e8s "
       "samedi matin. \u00bb\n\nLes habitants peuvent passer par le col.",
       [_q("Qui va payer pour le d\u00e9tour", "\u00c9tienne Valloton"), _q("Les travaux commenceront", "Claire Amsel")]),
    _v("quote-colon-attribution", 7,
       "Wochenmarkt in Lindau findet statt\n\nTrotz des Hochwassers findet der Wochenmarkt in Lindau am Samstag "
       "wie geplant statt, teilte die Stadt am Freitag mit.\n\nDie B\u00fcrgermeisterin Helga Strobel erkl\u00e4rte: "
       "\u201eDer Markt geh\u00f6rt zu dieser Stadt wie der See.\u201c\n\n\u201eWir haben in der Nacht alles verloren\u201c, "
       "sagte der B\u00e4cker Jonas Eberhardt, dessen Laden am Ufer liegt.\n\nDie Feuerwehr pumpt noch Keller aus.",
       [_q("Der Markt geh\u00f6rt zu dieser Stadt", "Helga Strobel"), _q("Wir haben in der Nacht alles", "Jonas Eberhardt")]),
    _v("quote-dash-attribution", 7,
       "Feira de Vilarinho volta no s\u00e1bado\n\nA feira semanal de Vilarinho volta a realizar-se no s\u00e1bado, "
       "depois de duas semanas de interrup\u00e7\u00e3o por causa das cheias.\n\n\u201cNingu\u00e9m nos avisou da "
       "cheia a tempo de tirar os animais.\u201d \u2014 Rui Teixeira, agricultor\n\n\u201cPerdemos tudo numa "
       "noite, mas vamos recome\u00e7ar\u201d, disse a comerciante Ana Ribeiro.\n\nA c\u00e2mara promete apoios.",
       [_q("Ningu\u00e9m nos avisou da cheia", "Rui Teixeira"), _q("Perdemos tudo numa noite", "Ana Ribeiro")]),
    _v("quote-speaker-role", 7,
       "La alcaldesa de Calvera defiende el nuevo muelle\n\nLa alcaldesa de Calvera, Luc\u00eda Etxeberria, "
       "present\u00f3 el martes el proyecto del nuevo muelle pesquero.\n\n\u00abEl puerto no puede esperar otros "
       "diez a\u00f1os\u00bb, dijo la alcaldesa.\n\nLa obra costar\u00e1 cuatro millones de euros.",
       [_q("El puerto no puede esperar", "Luc\u00eda Etxeberria")],
       xfail="articles in other languages get no parse: a role noun ('la alcaldesa') is not read as the "
             "person the article names in that role"),
    _v("quote-pronoun-speaker", 7,
       "Le boulanger de Bruzac rouvre\n\nLe boulanger de Bruzac, Mathis Perrodin, a rouvert sa boutique "
       "samedi, trois semaines apr\u00e8s l'inondation.\n\n\u00ab Nous avons tout nettoy\u00e9 nous-m\u00eames \u00bb, "
       "explique-t-il.\n\nLa mairie a promis une aide.",
       [_q("Nous avons tout nettoy\u00e9", "Mathis Perrodin")],
       xfail="articles in other languages get no parse: a pronoun speaker ('explique-t-il') is not resolved"),
]


@cache
def _analysed(text: str):
    return newstrace.analyze(text, ctx=_ctx())


@pytest.mark.parametrize(("text", "expected"), VARIANTS)
def test_quote_variant(text, expected):
    article = _analysed(text)
    assert not article.errors, article.errors
    assert check_quotes(article, expected) == []


def test_every_quote_kind_has_four_variants():
    kinds = {}
    for p in VARIANTS:
        kind = p.id.rsplit("-v", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    assert len(kinds) == 13 and min(kinds.values()) >= 5, kinds


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_dash_signature_on_the_next_line(gap):
    """A dash and the speaker's name on the line (or paragraph) under a quotation attribute it;
    a dash line that is a sentence ('\u2014 and then ...', a verb before its comma) does not."""
    text = ("The survey is done.\n\n\u201cWe will rebuild the deck before the summer.\u201d" + gap
            + "\u2014 Lucia Ferreira-Banks, harbour engineer\n\nThe pier is closed.")
    assert [(q.content, q.speaker) for q in quotes_of(text)] == [
        ("We will rebuild the deck before the summer.", "Lucia Ferreira-Banks")]
    aside = text.replace("\u2014 Lucia Ferreira-Banks, harbour engineer", "\u2014 a date the harbour board disputes")
    assert [q.speaker for q in quotes_of(aside)] == [None]


def _spans(text: str) -> list[str]:
    return [text[s.start : s.end] for s in find_quote_spans(text)]


def test_marks_single_quotation_over_paragraphs_and_nested_families():
    # single marks: an opening mark on each paragraph, a closing one at the end; not carried when the
    # next paragraph opens without a mark
    multi = "\u2018We knew.\n\n\u2018Nobody came.\u2019\n\nThe end."
    assert _spans(multi) == ["We knew.\n\n\u2018Nobody came."]
    assert _spans("\u2018We knew.\n\nThe council\u2019s view.") == []
    # angle marks around curly ones, and the other way round: the inner quotation is part of the outer
    assert _spans("\u00abHe said, \u201cYou have a week,\u201d and left.\u00bb") == [
        "He said, \u201cYou have a week,\u201d and left."]
    assert _spans("\u201cHe said \u00abnever\u00bb and left for good.\u201d") == [
        "He said \u00abnever\u00bb and left for good."]
    # a double-marked quotation inside a single-marked one (British style)
    assert _spans("\u2018The sign said \u201cNo entry\u201d but nobody cared,\u2019 she said.") == [
        "The sign said \u201cNo entry\u201d but nobody cared,"]
    # angle marks and curly marks side by side, not nested: both stay
    assert _spans("\u00abYes,\u00bb he said. \u201cNo,\u201d she said.") == ["Yes,", "No,"]
    # a first part ending in s' closes before the next opening mark
    assert _spans("\u2018For twenty years\u2019, Carew said, \u2018nobody came\u2019.") == [
        "For twenty years", "nobody came"]
