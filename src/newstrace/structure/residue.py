"""Residue: promotional lines, trailing fragments and repeated paragraphs, kept aside from the body.

Nothing is deleted: every paragraph taken out of the body is returned with its reason, so
a user can audit it (the ``Residue`` records on the Article).
"""

from __future__ import annotations

import re
import unicodedata

#: Reasons written on Residue records.
REPEATED = "repeated-paragraph"
PROMO = "promo-line"
FRAGMENT = "trailing-fragment"
END_MARK = "end-mark"
PLACEHOLDER = "template-placeholder"
COMMENTS = "reader-comments"
PREAMBLE = "rewrite-preamble"
#: Shortest paragraph (words) that counts as a repeat when it occurs again.
MIN_REPEAT_WORDS = 5

_PROMO = re.compile(
    r"^\W*(?:read\s+more|read\s+also|read\s+(?:the\s+)?(?:full|whole|complete|entire)\s+(?:story|article|report)\s+(?:at|on|here)\b"
    r"|read\s+the\s+rest\s+of\s+(?:the|this)\s+(?:story|article)\b|also\s+read|see\s+also|related(?:\s+(?:articles?|stories|coverage|content))?\s*:"
    r"|recommended(?:\s+for\s+you)?\s*:?$|advertisement\b|sponsored(?:\s+content)?\b|sign\s+up\b|subscribe\b"
    r"|click\s+here\b|follow\s+(?:us|@)|like\s+us\s+on\b|download\s+(?:our|the)\s+(?:free\s+)?app\b|share\s+(?:this|on)\b"
    r"|watch\s*:|listen\s*:|more\s*:|continue\s+reading\b|get\s+the\s+latest\b|join\s+our\b|support\s+our\s+journalism"
    r"|have\s+a\s+(?:news\s+)?tip\b|newsletter\b|most\s+(?:read|popular|viewed)\b|trending\s*:|you\s+may\s+also\s+like"
    r"|don'?t\s+miss\b|we\s+recommend\b|skip\s+(?:to\s+)?(?:content|advertisement)|scroll\s+(?:down\s+)?to\s+continue)",
    re.IGNORECASE,
)
_OPENING_QUOTES = "\"'\u201c\u2018\u201e\u00ab\u2039"
_END_MARK = re.compile(r"^\s*(?:-+\s*30\s*-+|#{3,}|\*{3,}|end(?:s)?\.?|\(?end\)?|--\s*end\s*--)\s*$", re.IGNORECASE)
_QUOTE_CHARS = "\"'\u201c\u201d\u2018\u2019\u201e\u201a\u00ab\u00bb\u2039\u203a`\u00b4"
_QUOTE_TABLE = str.maketrans({ch: '"' for ch in _QUOTE_CHARS})


def paragraph_key(text: str) -> str:
    """Comparison key of a paragraph: NFKC, case-folded, quotation marks unified, white space collapsed."""
    text = unicodedata.normalize("NFKC", text).casefold().translate(_QUOTE_TABLE)
    return " ".join(text.split())


def is_promo(paragraph: str) -> bool:
    """True for a short promotional or navigation line ("Read more: ...", "Sign up for ...", "Advertisement").

    Long paragraphs are never promo lines, so a story that mentions a newsletter stays whole, nor
    is a paragraph opening with a quotation mark (a speaker's words: '"Sign up for the alerts," the mayor said').

    >>> is_promo("READ MORE: How the ferry timetable was rewritten")
    True
    >>> is_promo("Read the full story at the Harbour Post.")
    True
    >>> is_promo("Subscribers to the council newsletter were told on Monday that fees would rise.")
    False
    """
    words = paragraph.split()
    text = paragraph.strip()
    # a paragraph opening with a quotation is a speaker's words ('"Sign up for the alerts," the mayor said')
    return 0 < len(words) <= 30 and text[:1] not in _OPENING_QUOTES and bool(_PROMO.match(text))


#: A newsletter or alerts prompt addressed to the reader: an imperative ("Stay up to date", "Sign up",
#: "Subscribe", "Get ...", "Never miss ...") and, in the same line, the subscription it offers
#: ("our newsletter", "your inbox", "email alerts"), so that no sentence of a story is one; a quotation
#: ('"Sign up for our alerts," the mayor said') is the story's.
_NEWSLETTER = re.compile(
    r"(?i)^\W*(?:(?:stay|keep)\s+(?:up[\s-]+to[\s-]+date|updated|informed|in\s+the\s+know|ahead)|sign(?:ing)?\s+up"
    r"|subscribe|get\s+(?:the|our|all|breaking|daily|free|the\s+latest)|never\s+miss|don'?t\s+miss|be\s+the\s+first"
    r"|want\s+(?:more|the\s+latest|to\s+stay)|receive|join)\b"
)
_NEWSLETTER_OFFER = re.compile(
    r"(?i)\b(?:our|your|free)\s+(?:\w+\s+){0,2}(?:newsletters?|inbox|e-?mails?|alerts|notifications|briefings?|digest)\b"
    r"|\bnewsletters?\b|\bdelivered\s+(?:straight\s+|directly\s+)?to\s+your\b"
)


def is_newsletter_prompt(line: str) -> bool:
    """True for a page's newsletter or alerts prompt standing as a line of its own ("Stay up to date
    with the latest news by signing up for our newsletter.", "Sign up for our newsletter"): an
    imperative opening it and the subscription it offers in the line, at most 30 words.

    Args:
        line: one line of text.

    Returns:
        Whether the line is such a prompt; a story's sentence about a newsletter ("Subscribers to
        the council newsletter were told ...") is not.

    >>> is_newsletter_prompt("Stay up to date with the latest news by signing up for our newsletter.")
    True
    >>> is_newsletter_prompt("Stay calm, the mayor told residents on Monday.")
    False
    """
    text = line.strip()
    return 0 < len(text.split()) <= 30 and text[:1] not in _OPENING_QUOTES and bool(_NEWSLETTER.match(text)) \
        and bool(_NEWSLETTER_OFFER.search(text))


#: The line a text generator writes before the text it rewrote or extracted ("Here is the article
#: content:", "Sure! Here's the rewritten article:"): a whole line ending in a colon, naming the text.
_PREAMBLE = re.compile(
    r"(?i)^(?:(?:sure|certainly|okay|ok|of\s+course)\s*[,!.]?\s*)?here(?:\s+is|['\u2019]s|\s+are)\s+"
    r"(?:the|a|an|your|my)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:article|articles|text|content|story|version|rewrite|summary|translation|copy|news|report|piece|post)"
    r"(?:\s+(?:content|text|body))?(?:\s+of\s+(?:the|this|your)\s+(?:[\w-]+\s+){0,2}?(?:article|text|story|content|piece|report))?"
    r"(?:\s+(?:you|that)\s+[^:\n]{1,40})?\s*:$"
)


def is_rewrite_preamble(line: str) -> bool:
    """True for a text generator's preamble line ("Here is the article content:", "Here is the
    rewritten article:"), the whole line only, ending in a colon.

    Args:
        line: one line of text.

    Returns:
        Whether it is such a preamble; a quoted or running sentence that opens with "Here is"
        ("Here is the deal: ...") is not, as it goes on after its colon.

    >>> is_rewrite_preamble("Here is the rewritten article:"), is_rewrite_preamble("Here is the deal: we pay.")
    (True, False)
    """
    return bool(_PREAMBLE.match(line.strip()))


#: The names a page gives its reader-comment thread ("Reader responses", "Have your say").
COMMENT_HEADING_WORDS = (
    r"(?:comments?|responses?|replies|discussion|conversation|kommentare?|leserkommentare|comentarios?|"
    r"coment\u00e1rios?|commentaires?|commenti|reacties|kommentarer|"
    r"(?:\d+\s+(?:thoughts?|responses?|comments?|replies)\s+(?:on|to)\s+\S.*|(?:one|two|three|four|five|six|"
    r"seven|eight|nine|ten)\s+(?:thoughts?|responses?|comments?|replies)\s+(?:on|to)\s+[\"\u201c\u00ab\u201e].*)|"
    r"(?:readers?[\u2019']?s?|users?[\u2019']?|your|visitors?[\u2019']?)\s+(?:comments?|responses?|replies|reactions|"
    r"views|feedback|letters|say)|have your say|what (?:readers|you) (?:say|think)|"
    r"join the (?:conversation|discussion)|leave a (?:reply|comment))"
)
#: A line that is only such a heading, with its count: "Comments (2)", "3 comments", "Reader comments:".
#: A bare word that may head a section of the story ("Responses", "Discussion") needs a count.
_COMMENT_LINE = re.compile(
    r"(?i)^\W*(?:(?:\d+\s+)?" + COMMENT_HEADING_WORDS + r"\s*(?:\(\d+\)|:)?"
    r"|(?:comments?|responses?|replies|discussion|conversation)\s*\(\d+\))\s*$"
)
_BARE_WORD = re.compile(r"(?i)^\W*(?:responses?|replies|discussion|conversation)\W*$")


def is_comment_heading(paragraph: str) -> bool:
    """True for a line that heads a reader-comment thread in scraped text ("Comments (2)",
    "3 Comments", "Leave a Reply", "Have your say"); what follows it is the readers', not the article's.

    >>> is_comment_heading("Comments (2)"), is_comment_heading("Discussion"), is_comment_heading("Comments")
    (True, False, True)
    >>> is_comment_heading("One thought on “Ferry fares”"), is_comment_heading("Two thoughts on fares")
    (True, False)
    """
    text = paragraph.strip()
    # "2 thoughts on “<the headline>”" (WordPress) is as long as the headline it names.
    longest = 30 if _ABOUT.match(text) else 6
    return len(text.split()) <= longest and bool(_COMMENT_LINE.match(text)) and not _BARE_WORD.match(text)


_ABOUT = re.compile(r"(?i)^\W*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:thoughts?|responses?|"
                    r"comments?|replies)\s+(?:on|to)\s")


def is_end_mark(paragraph: str) -> bool:
    """True for an end-of-copy mark (``-30-``, ``###``, ``ENDS``)."""
    return bool(_END_MARK.match(paragraph))


def is_fragment(paragraph: str) -> bool:
    """True for a short fragment that is no sentence: at most 3 words, no sentence punctuation,
    no quotation mark, no digits-with-words (e.g. the editor's initials "GML" left at the end of copy).

    >>> is_fragment("GML"), is_fragment("jm/ar"), is_fragment("He left."), is_fragment('"No."')
    (True, True, False, False)
    """
    text = paragraph.strip()
    if not text or "\n" in text:
        return False
    words = text.split()
    if len(words) > 3 or len(text) > 40:
        return False
    if text[-1] in ".!?:" or any(ch in _QUOTE_CHARS for ch in text):
        return False
    return True


def is_desk_code(paragraph: str) -> bool:
    """True for a lone desk code or editor's initials: one token of 2-6 capitals or of lower-case
    initials joined by slashes ("GML", "jm/ar", "(ams/dl)"). Words such as "More" or "Ends" are not.

    >>> is_desk_code("GML"), is_desk_code("jm/ar"), is_desk_code("More"), is_desk_code("Record March 13")
    (True, True, False, False)
    """
    text = paragraph.strip().strip("()")
    return bool(re.fullmatch(r"[A-Z]{2,6}|[a-z]{1,4}(?:/[a-z]{1,4})+|[A-Z]{1,4}(?:/[A-Z]{1,4})+", text))


def split_repeats(paragraphs: list[str]) -> tuple[list[int], list[int]]:
    """Indices of the first copy of each paragraph and of the repeats.

    Repeats are found by :func:`paragraph_key`, against every earlier paragraph (not only the
    one just before), so interleaved copies (A, B, A, B) are caught as well as a whole
    text repeated, and so is a copy cut into other paragraphs (each of its sentences seen
    before). Only sentences count: a paragraph of at least :data:`MIN_REPEAT_WORDS`
    words ending in sentence punctuation. Table rows and headings ("Avg shrs 13.9 mln vs
    13.8 mln", "QUOTA 1987") legitimately recur and are kept.

    Returns:
        ``(kept, repeated)``: two sorted lists of indices into ``paragraphs``.
    """
    seen: set[str] = set()
    seen_sentences: set[str] = set()
    kept, repeated = [], []
    for i, para in enumerate(paragraphs):
        text = _unbulleted(para)
        sentence = len(text.split()) >= MIN_REPEAT_WORDS and text.rstrip('"\')').endswith((".", "!", "?", '"'))
        # Copies differ in punctuation and marks a page or a feed rewrote ("—" for "-", a
        # list bullet, straight for curly marks): they are compared by their words.
        key = _words(text)
        parts = [_words(p) for p in _sentences(text)]
        # A copy re-cut into other paragraphs: every sentence of it was already seen.
        recut = sentence and bool(parts) and all(p in seen_sentences for p in parts)
        if key and sentence and (key in seen or recut):
            repeated.append(i)
        else:
            seen.add(key)
            seen_sentences.update(parts)
            kept.append(i)
    # A teaser of a paragraph, cut short with an ellipsis ("... will spoil the beach…"), before or
    # after the whole of it.
    whole = [(i, _words(paragraph_key(paragraphs[i]))) for i in kept]
    for i, para in enumerate(paragraphs):
        text = paragraph_key(para).rstrip()
        if i in repeated or not text.endswith(("…", "...")):
            continue
        cut = _words(_BULLET.sub("", text))
        if len(cut.split()) >= MIN_REPEAT_WORDS and any(j != i and len(w) > len(cut) and w.startswith(cut + " ")
                                                        for j, w in whole):
            repeated.append(i)
            kept.remove(i)
    return kept, sorted(repeated)


def paragraph_words(paragraph: str) -> str:
    """The words of a paragraph as :func:`split_repeats` compares them (list bullet, punctuation and marks left out)."""
    return _words(_unbulleted(paragraph))


def _unbulleted(paragraph: str) -> str:
    """A paragraph's key (:func:`paragraph_key`) without a list bullet opening it."""
    return _BULLET.sub("", paragraph_key(paragraph))


#: A list bullet or dash opening a paragraph ("- ", "• ", "* ").
_BULLET = re.compile(r"^\s*(?:[-–—*•·▪●]\s+)+")


def _words(key: str) -> str:
    """The words of a paragraph key, punctuation and marks left out."""
    return " ".join(re.findall(r"\w+", key))


def _sentences(key: str) -> list[str]:
    """Sentences of a paragraph key with at least :data:`MIN_REPEAT_WORDS` words (short ones recur)."""
    parts = [p.strip(' "') for p in re.split(r'(?<=[.!?])"?\s+(?=["A-Za-z0-9])', key)]
    if any(len(p.split()) < MIN_REPEAT_WORDS for p in parts):
        return []  # "He agreed." recurs legitimately; such a paragraph is judged whole
    return parts


#: An unfilled field of a page template: a dotted identifier with an underscore in it
#: ("story.lead_photo.caption", "article.byline_text": host names have no underscore), or a
#: field in template braces ("{{ story.title }}", "${article.caption}"), standing as a word of its own.
#: A file name ("report_2019.pdf": an extension of at most four letters) or a "www." host is none
#: (:func:`_is_placeholder`).
_PLACEHOLDER = re.compile(
    r"(?<![\w/@.:\-])(?:\{\{\s*[A-Za-z_][\w.]*\s*\}\}|\$\{[A-Za-z_][\w.]*\}"
    r"|(?=[a-z][\w.]*_)[a-z][A-Za-z0-9_]*(?:\.[a-z][A-Za-z0-9_]*)+)(?![\w/@\-]|\.\w)"
)


def split_placeholders(text: str) -> tuple[str, list[str]]:
    """Take unfilled template placeholders out of ``text``.

    A page whose template failed to fill a field prints the field's name where its value belongs
    ("story.lead_photo.caption People in Caracas ..."): page residue, neither headline nor body.

    Args:
        text: a line or paragraph.

    Returns:
        ``(text without the placeholders, placeholders as written)``; the text unchanged and ``[]``
        when there is none. Spaces left around a removed placeholder are closed up.

    >>> split_placeholders("story.lead_photo.caption Boats moored at the quay.")
    ('Boats moored at the quay.', ['story.lead_photo.caption'])
    >>> split_placeholders("See calder-courier.example or write to desk@calder.example.")[1]
    []
    """
    found = [m.group(0) for m in _PLACEHOLDER.finditer(text) if _is_placeholder(m.group(0))]
    if not found:
        return text, []
    cleaned = _PLACEHOLDER.sub(lambda m: "" if _is_placeholder(m.group(0)) else m.group(0), text)
    cleaned = "\n".join(re.sub(r"[ \t]{2,}", " ", line).strip() for line in cleaned.split("\n"))
    return cleaned, found


def _is_placeholder(token: str) -> bool:
    """Whether a match of :data:`_PLACEHOLDER` is a template field, not a file name or host."""
    if token.startswith(("{", "$")):
        return True
    parts = token.split(".")
    return parts[0] != "www" and (len(parts) >= 3 or len(parts[-1]) > 4)
