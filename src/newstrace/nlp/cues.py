"""Lexicons for quotation attribution: speech verbs (cues), speech nouns, label words, gendered nouns.

The verb list follows the reporting verbs of quotation-attribution work (Krestel, Bergler and
Witte 2008, "Minding the Source"; PARC 3.0's cue inventory, Pareti 2016) widened with the
manner-of-speaking verbs news copy uses ("sighed", "grumbled", "shouted"). Inflected forms are
generated, so a verb is recognised even where the tagger mis-tags it (a capitalised
"Shouted" after a quotation is often tagged as a proper noun).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Doc, Token

_VERBS = """
say tell add ask reply respond answer explain note insist warn recall remember sigh grumble shout scream yell
cry demand declare announce state write tweet post claim argue admit acknowledge agree complain concede
confirm continue deny describe emphasize emphasise estimate joke laugh mutter murmur observe predict promise
recount
remark report reiterate repeat retort reveal stress suggest testify urge whisper wonder boast lament quip snap
exclaim concur caution chime counter interject muse proclaim protest assert contend maintain conclude thunder
fume plead pledge vow beg opine blast inform recite mention condemn slam hail denounce dismiss decry liken
compare deride mock lambast rebuke scold chide sing chant
recollect reminisce speculate theorize theorise allege accuse blame charge criticize criticise praise welcome urge
predict vow threaten signal indicate hint stress underline underscore reckon think believe feel fear hope
boom bellow growl hiss holler roar rasp squeal stammer stutter sob wail gasp groan moan marvel rage rant
respond rejoin quote cite advise instruct order command plead implore explain elaborate clarify specify
enquire inquire query question scoff bark snarl sneer snort chuckle giggle gush enthuse huff interrupt jeer
taunt tease grunt sniff smile grin coo purr croak bluster splutter sputter stammer wheeze whimper quaver
""".split()

_IRREGULAR = {
    "say": ["said", "says", "saying"],
    "tell": ["told", "tells", "telling"],
    "write": ["wrote", "writes", "written", "writing"],
    "think": ["thought", "thinks"],
    "feel": ["felt", "feels"],
    "read": ["reads"],
    "cry": ["cried", "cries"],
    "reply": ["replied", "replies"],
    "testify": ["testified", "testifies"],
    "deny": ["denied", "denies"],
    "clarify": ["clarified", "clarifies"],
    "specify": ["specified", "specifies"],
    "signal": ["signalled", "signaled", "signals"],
    "snap": ["snapped", "snaps"],
    "quip": ["quipped", "quips"],
    "chime": ["chimed", "chimes"],
    "shrug": ["shrugged", "shrugs"],
    "nod": ["nodded", "nods"],
    "sob": ["sobbed", "sobs"],
    "query": ["queried", "queries", "querying"],
    "bark": ["barked", "barks", "barking"],
    "grin": ["grinned", "grins", "grinning"],
}

#: Lemmas of speech (reporting) verbs.
SPEECH_VERBS = frozenset(_VERBS)


def _inflect(verb: str) -> list[str]:
    forms = [verb]
    if verb in _IRREGULAR:
        return forms + _IRREGULAR[verb]
    if verb.endswith("e"):
        forms += [verb + "s", verb + "d", verb[:-1] + "ing"]
    elif verb.endswith("y") and verb[-2] not in "aeiou":
        forms += [verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"]
    elif verb.endswith(("s", "sh", "ch", "x", "z")):
        forms += [verb + "es", verb + "ed", verb + "ing"]
    else:
        forms += [verb + "s", verb + "ed", verb + "ing"]
    return forms


#: Manner-of-speaking verbs whose base and -s forms are more often nouns ('questions remain', 'a
#: smile'): only their -ed and -ing forms are cue words without a verb tag.
_NOUN_LIKE_VERBS = frozenset(
    "question query bark grin smile sniff jeer taunt chuckle giggle snort sneer snarl grunt huff coo purr croak".split()
)

_FORMS = frozenset(f for v in SPEECH_VERBS for f in _inflect(v)) - {
    *(f for v in _NOUN_LIKE_VERBS for f in _inflect(v) if f == v or f.endswith("s")),
    "read",
    "post",
    "state",
    "report",
    "quote",
    "charge",
    "order",
    "fear",
    "hope",
    "signal",
}

#: Manner verbs of sound or gesture that are no utterance by themselves ('grinned', 'laughed'): a cue
#: of a quotation whose last mark is a comma, "?" or "!" ('"Best week ever," Roy laughed'), but after
#: a quotation closed by a full stop they report what someone did next ('"... ever." Roy laughed.').
NONVERBAL_VERBS = frozenset(
    "laugh grin smile sigh chuckle giggle sob gasp groan moan nod shrug sniff snort huff sneer wail marvel".split()
)

#: Nouns naming an utterance: "Trump's warning that ...", "her words: ...".
SPEECH_NOUNS = frozenset(
    """
    warning statement words remarks remark comments comment claim claims promise pledge call message tweet
    tweets post letter speech assertion argument vow threat insistence description response reply answer
    question
    admission complaint advice testimony declaration announcement interview note email quip retort motto
    explanation prediction suggestion demand plea appeal accusation allegation criticism verdict view
    """.split()
)

#: Determiners and "as": before a short quotation they make it a label ('as a "blue corridor"')
#: unless a speech verb governs it ('described Clinton as a "disgrace"').
LABEL_DETERMINERS = frozenset("a an the this that these those its their his her our your my as".split())

#: Speech verbs that also name or qualify ('called the senator a "nasty guy"'): they make a
#: short determiner-led quotation speech, but are not cues on their own.
NAMING_VERBS = frozenset({"call", "describe", "brand", "characterize", "characterise", "label", "term"})

#: Verbs by which a subject characterises something in the speaker's own words: 'X called it
#: "a disgrace"', 'X branded the deal "a betrayal"', 'X dubbed it "..."'. Active, with a
#: subject, the quoted object is a partial quotation of that subject (PolNeAR annotates the
#: verb as the cue); passive and subjectless ('a plan dubbed "..."') it is a label.
CHARACTERISING_VERBS = NAMING_VERBS | {"dub", "nickname"}

#: Dependency labels (spaCy's English scheme) linking a quoted characterisation to the
#: characterising verb: object, object predicate, open complement, 'as' phrase, apposition
#: to the object ('called the plan "a disgrace"' parses the quotation as the plan's appos).
CHARACTERISATION_DEPS = frozenset({"dobj", "oprd", "xcomp", "attr", "appos", "prep", "pobj", "dative"})

#: Words that, standing right before a quotation mark, make it a label, title or name rather
#: than speech: 'so-called "..."', 'dubbed "..."' (any tag), and nouns such as 'the documentary
#: "..."', 'the slogan "..."' (only when tagged as nouns: "show" and "sign" are verbs too).
LABEL_PARTICIPLES = frozenset(
    """
    so-called dubbed nicknamed named titled entitled labelled labeled branded termed coined
    """.split()
)
LABEL_NOUNS = frozenset(
    """
    nickname word words term phrase slogan hashtag label motto headline title brand documentary film movie
    book novel song album show series programme program operation project campaign ship boat ferry vessel
    magazine newspaper column play opera poem painting exhibition festival game app website blog podcast sign
    banner placard category
    """.split()
)


def is_label_word(tok: Token) -> bool:
    """True when ``tok`` before a quotation makes the quotation a label or title, not speech."""
    low = tok.lower_
    return low in LABEL_PARTICIPLES or (low in LABEL_NOUNS and tok.pos_ in ("NOUN", "PROPN"))


#: Two-word labels split by the tokenizer, read back to front: 'so-called' ('so', '-', 'called'
#: or 'so called'), 'known as' ('also known as', 'better known as').
_LABEL_PHRASES = (("called", "-", "so"), ("called", "so"), ("as", "known"))


def is_label_lead(toks: Sequence[Token]) -> bool:
    """True when the words right before a quotation label it as a term ('the so-called "..."',
    'known as "..."', 'dubbed "..."', 'the term "..."'), so it is not speech.

    The speaker doing the calling is not a label: 'what she called "..."' and 'he dubbed it
    "..."' end in a bare 'called' or in 'it', which match none of these.

    Args:
        toks: the tokens before the quotation mark, in text order (the last few suffice).

    Returns:
        Whether the last token is a label word (:func:`is_label_word`) or the tokens end in
        one of the split label phrases.
    """
    if not toks:
        return False
    if is_label_word(toks[-1]):
        return True
    words = [t.lower_ for t in reversed(toks[-3:])]
    return any(tuple(words[: len(p)]) == p for p in _LABEL_PHRASES)


#: Abbreviated titles and ranks, lower case without their point ("Lt. Col.", "Supt.", "Sen."). The
#: tokenizer may split one from its point ("Lt", "."), which then ends no sentence before a name.
TITLE_ABBREVIATIONS = frozenset(
    """
    mr mrs ms mx dr prof sen rep reps gov lt col gen brig maj capt cpt sgt cpl pvt pfc spc adm cmdr cdr
    det insp supt rev fr msgr hon atty amb cllr pres sec secy comdr
    """.split()
)

#: Titles of office that stand before a name but are not in the entity titles (lower case):
#: "CEO Ada Lund", "Assemblywoman Ada Lund".
OFFICE_TITLES = frozenset(
    """
    ceo cfo coo cto chairperson executive assemblyman assemblywoman assemblymember councilmember
    alderman alderwoman selectman selectwoman delegate lawmaker legislator mp mep tsar czar envoy
    commodore ombudsman magistrate premier-elect mayor-elect governor-elect senator-elect
    """.split()
)

#: Role nouns of the press and politics that end a job title before a name ("Senior Adviser Ada
#: Lund", "Investigative Correspondent Ada Lund"), besides :data:`PERSON_NOUNS`.
ROLE_TITLE_NOUNS = frozenset(
    """
    correspondent columnist commentator strategist pollster anchor host writer producer contributor
    adviser advisor analyst editor reporter publisher spokesman spokeswoman spokesperson administrator
    star actor actress singer comedian
    """.split()
)

#: Words that qualify a title before a name ("Prime Minister", "Foreign Secretary", "Secretary of
#: State", "U.S. Attorney"): part of the title, never of the person's name, when a title follows.
TITLE_QUALIFIERS = frozenset(
    """
    prime vice deputy acting interim former assistant associate chief executive general principal senior
    state defense defence foreign home interior finance health justice energy transport education labor
    labour treasury homeland security house senate shadow crown first lady lieutenant attorney police fire
    district county city state's u.s us uk eu un of the for
    """.split()
)

#: Verbs of an attribution frame after a quotation that are not speech verbs themselves: '"...,"
#: was all she would offer', '... was all he could manage', '... is how she put it'.
FRAME_VERBS = frozenset(
    """
    offer volunteer give share manage muster disclose divulge comment put venture allow utter
    """.split()
)

#: Modifiers of a frame's head noun: 'was the only thing she said', 'was his sole comment'.
FRAME_MODIFIERS = frozenset("only sole last first most full entire whole official final brief terse".split())

#: Pronouns that can stand for a speaker, with their grammatical gender ('' = any).
SPEAKER_PRONOUNS = {"he": "m", "she": "f", "him": "m", "her": "f", "they": "", "it": ""}
#: Pronouns of one person, with a gender ('he', 'her'; not 'they', 'it').
PERSON_PRONOUNS = frozenset(p for p, gender in SPEAKER_PRONOUNS.items() if gender)
#: Personal pronouns that stand as a clause's subject ('he said', 'as we were told').
SUBJECT_PRONOUNS = frozenset({"he", "she", "they", "it", "i", "we"})
#: Relative pronouns opening a relative clause ('Maduro, who blamed ...', 'the plan that ...').
RELATIVE_WORDS = frozenset({"who", "whom", "whose", "which", "that"})

#: Gendered nouns and titles giving a person's gender from the article's own words.
MALE_WORDS = frozenset(
    """
    mr sir lord king prince father son brother husband nephew uncle grandfather grandson boyfriend spokesman
    chairman congressman councilman businessman policeman fireman sportsman statesman man boy gentleman
    monsieur señor senor dad stepfather stepson widower
    """.split()
)
FEMALE_WORDS = frozenset(
    """
    mrs ms miss madam madame lady dame queen princess mother daughter sister wife niece aunt grandmother
    granddaughter girlfriend spokeswoman chairwoman congresswoman councilwoman businesswoman policewoman
    woman girl actress waitress señora senora mum mom stepmother stepdaughter widow
    """.split()
)

#: Head nouns of descriptions that are not people: a speaker so described is not "unnamed".
NON_PERSON_HEADS = frozenset(
    """
    report statement document study survey letter website poll email memo sign notice filing complaint
    lawsuit ruling release post tweet note message video footage campaign company firm government ministry
    department agency office board committee council court union association group party newspaper paper
    magazine station network website site page account book article editorial analysis data figures
    """.split()
)

#: Nouns for people that carry no gender or title: roles in apposition ("the union delegate").
PERSON_NOUNS = frozenset(
    """
    official spokesperson delegate deputy agent neighbour neighbor member resident owner grower librarian
    hydrologist engineer director chair head chief expert analyst witness victim survivor soldier officer
    sergeant colonel general captain student teacher doctor nurse lawyer attorney judge activist leader
    founder president minister secretary senator governor mayor candidate voter worker employee staffer aide
    adviser advisor consultant economist scientist researcher professor historian journalist reporter editor
    friend colleague partner relative cousin parent child patient farmer fisherman deckhand crew captain
    resident tenant landlord protester protestor demonstrator migrant refugee defector deserter commander
    manager chairperson executive investor trader banker broker dealer diplomat envoy ambassador negotiator
    treasurer chancellor source people person crowd audience supporter critic opponent rival ally spokesperson
    lawmaker legislator
    politician prosecutor investigator detective police policeman guard militant rebel fighter insurgent
    citizen villager local shopkeeper shopper customer passenger driver pilot sailor deckhand coach player
    fan parishioner pastor priest bishop imam rabbi monk nun physician surgeon paramedic firefighter
    vicar rector curate chaplain deacon verger churchwarden
    """.split()
)

#: Trades named before a person ("Beekeeper Ada Lund" at a sentence start, "fishmonger Ada Lund"):
#: words and word endings no given name has, unlike the agentive -er and -or of
#: :func:`is_person_noun` ("Jennifer", "Victor").
TRADE_NOUNS = frozenset(
    """
    baker butcher plumber electrician carpenter gardener builder mechanic shopkeeper publican shepherd cobbler
    tailor fisherwoman ferryman boatman lifeguard cook chef waiter bartender cleaner caretaker janitor porter
    vet midwife ranger warden steward stewardess coxswain crofter herdsman vintner brewer florist
    """.split()
)
#: Endings of trade nouns; "master" for the offices of a harbour, a station or a school ("Harbourmaster
#: Ivo Brenn", "Stationmaster", "Headmaster").
_TRADE_SUFFIXES = (
    "keeper", "monger", "maker", "smith", "wright", "holder", "ician", "ographer", "ologist", "master"
)


def is_trade_word(word: str) -> bool:
    """True for a trade or role noun that may stand before a person's name as a title ("Beekeeper",
    "fishmonger", "Pharmacist"): :data:`PERSON_NOUNS`, :data:`TRADE_NOUNS`, and words ending in a
    trade suffix (-keeper, -monger, -maker, -smith, -wright, -holder, -ician, -ologist, -master) or in
    -ist."""
    low = word.lower().rstrip(".")
    if low in PERSON_NOUNS or low in TRADE_NOUNS:
        return True
    return len(low) > 5 and (low.endswith(_TRADE_SUFFIXES) or low.endswith("ist"))


_PERSON_SUFFIXES = ("ist", "ian", "eer", "man", "woman", "person", "er", "or", "ant", "ent", "ee")
_NOT_PERSON_SUFFIXED = frozenset(
    """
    water number paper letter order power corner border center centre matter member river weather winter
    summer
    quarter sector factor motor error mirror floor door door tower hour meter metre chapter charter
    government agreement statement department comment moment element segment payment management parliament
    event percent content extent talent fragment argument document instrument environment equipment
    """.split()
)


def is_person_noun(word: str) -> bool:
    """True for a noun that names a person by role ("delegate", "hydrologist", "spokeswoman").

    Known role and kinship nouns, titles, and the agentive suffixes -ist, -ian, -er, -or,
    -ant, -ent, -ee, -man, less common nouns that only look agentive ("water", "document").
    """
    low = word.lower()
    if low in PERSON_NOUNS or low in MALE_WORDS or low in FEMALE_WORDS:
        return True
    if low in _NOT_PERSON_SUFFIXED or low.endswith("ment"):
        return False
    return len(low) > 4 and low.endswith(_PERSON_SUFFIXES)


def is_plural_person_noun(word: str) -> bool:
    """True for a plural of a person noun ('residents', 'officials', 'spokesmen', 'deputies'),
    which the small model's lemma leaves as written now and then (:func:`is_person_noun` reads
    singulars)."""
    low = word.lower()
    singular = (low[:-3] + "man" if low.endswith("men") else low[:-3] + "y" if low.endswith("ies")
                else low[:-1] if low.endswith("s") and not low.endswith("ss") else None)
    return singular is not None and len(singular) > 2 and is_known_person_noun(singular)


def is_known_person_noun(word: str) -> bool:
    """True for a person noun known by name or by a suffix that rarely misleads ('-ist', '-ian',
    '-man'), singular or plural; not one that only looks agentive ('poster', 'restaurant',
    'headquarters', which :func:`is_person_noun`'s '-er', '-ant', '-ent' suffixes take)."""
    low = word.lower()
    if low in PERSON_NOUNS or low in MALE_WORDS or low in FEMALE_WORDS \
            or low.endswith(("ist", "ian", "man", "woman", "person", "eer", "ee")):
        return True
    return low.endswith("s") and is_plural_person_noun(low)


_FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


def is_cue(tok: Token) -> bool:
    """True when ``tok`` is a speech verb (any inflection), tagged as a verb or capitalised.

    A capitalised form is accepted whatever its tag, because a cue that follows a
    quotation ending in "!" or "?" is often tagged as a proper noun ("Shouted").
    """
    low = tok.lower_
    if low not in _FORMS and tok.lemma_.lower() not in SPEECH_VERBS:
        return False
    if tok.ent_type_ and tok.pos_ == "PROPN":
        return False  # part of a name: "the United States", "Reuters Says"
    if low not in _FORMS and not tok.tag_.startswith("VB"):
        return False
    return tok.tag_.startswith("VB") or tok.pos_ in ("VERB", "AUX") or tok.text[:1].isupper()


def beside_cue(doc: Doc, start: int, end: int) -> bool:
    """True when a speech verb (:func:`is_cue`) stands right after ``doc[start:end]`` or right
    before it: the mention speaks ('Wang said', 'said Wang')."""
    return end < len(doc) and is_cue(doc[end]) or start > 0 and is_cue(doc[start - 1])


def who_after(doc: Doc, i: int) -> bool:
    """True when token ``i`` and the next are a comma and "who" or "whom": a relative clause
    about a person opens after the mention ending before ``i`` ('Lund, who ...')."""
    return i + 1 < len(doc) and doc[i].text == "," and doc[i + 1].lower_ in {"who", "whom"}


def is_cue_word(word: str) -> bool:
    """True when ``word`` (any case) is an inflected speech verb form ("says", "warned").

    For text without tags, such as a headline: the forms of :data:`SPEECH_VERBS` less those
    that are as often nouns ("report", "post", "order"); see :func:`is_cue` for tagged tokens.
    """
    return word.lower() in _FORMS


def is_finite_verb(tok: Token) -> bool:
    """True for a finite verb or modal by its fine-grained tag (VBD, VBZ, VBP, MD)."""
    return tok.tag_ in _FINITE_TAGS


def gender_of_word(word: str) -> str:
    """``'m'``, ``'f'`` or ``''`` for a title or noun ("Mrs" -> 'f', "nephew" -> 'm')."""
    low = word.lower().rstrip(".")
    if low in MALE_WORDS:
        return "m"
    if low in FEMALE_WORDS:
        return "f"
    return ""
