"""Repair options (an immutable config, as ftfy's TextFixerConfig) and learned substitution pairs."""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_FIXERS: tuple[str, ...] = (
    "fix_encoding",
    "restore_censored_words",
    "close_glued_quotes",
    "split_glued_words",
    "fix_quote_spacing",
    "fix_punctuation_spacing",
)

# Strings that profanity filters commonly replace or mask. These are the candidate ORIGINALS only;
# the replacement ("bad", "butt", "***", ...) is never listed: it is found in the text as the
# substring whose reversal turns unknown tokens into frequent words.
CENSORED_STRINGS: tuple[str, ...] = (
    "ass", "arse", "hell", "shit", "fuck", "damn", "crap", "piss", "dick", "cock", "bitch",
    "tit", "cum", "sex", "porn", "nazi",
)


@dataclass(frozen=True)
class Substitution:
    """A censor-filter substitution pair: the filter wrote ``replacement`` wherever it saw ``original``.

    Attributes:
        original: the string the filter removed, lowercase ("ass").
        replacement: the string it wrote instead, lowercase ("bad", "butt", "***").
        support: number of distinct damaged words explained by the pair ("badociated", "mbad" -> 2).
        documents: number of documents holding at least one such word (1 for a single text).
        contradicted: number of those documents that also hold ``original`` inside a word in the
            same letter case, which a filter that replaces every occurrence would not leave.
        examples: up to 8 (damaged, restored) word pairs, for the evidence string and for review.
    """

    original: str
    replacement: str
    support: int = 0
    documents: int = 0
    contradicted: int = 0
    examples: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class RepairConfig:
    """Options of :func:`newstrace.repair.fix_and_explain`, each with its false-positive risk.

    Attributes:
        fixers: names from :data:`newstrace.repair.FIXERS`, run in this order, the sequence
            repeated until a pass changes nothing (at most ``max_passes``). Dropping a name
            turns that repair off.
        max_passes: bound on the fixed-point loop (int >= 1). No risk; a pass that changes
            nothing ends the loop.
        fix_character_width / unescape_html: passed to ftfy. Risk: low; ftfy only decodes
            mojibake when the result is more plausible (its ``badness`` heuristic), but it
            does rewrite fullwidth forms (off by default: good CJK text) and HTML entities
            when the text has no tags ("auto").
        censored_strings: candidate originals for censor-filter reversal. Risk: a short
            string ("tit", "cum", "sex") matches more unknown tokens by chance; every pair still
            needs ``censor_min_support`` distinct words and no contradiction, so adding strings
            mainly costs time.
        censor_min_support: distinct unknown words in the text a pair must explain before it is
            reversed (int, default 2). Risk: 1 lets a single odd token (a name, a typo) be
            "restored" on the strength of one coincidence; measured 0 false repairs on the
            19,043 Reuters bodies at 2.
        censor_max_unknown_zipf: a token counts as damaged only below this Zipf value (default
            1.0: absent from wordfreq or nearly so). Risk: raising it lets rare real words
            ("Badajoz", Zipf 2.0) be rewritten.
        censor_min_fixed_zipf: the restored word must reach this Zipf value (default 3.0, about
            one use per million words). Risk: lowering it accepts rare or junk "words".
        substitutions: pairs learned from a corpus by :func:`learn_substitutions`; each applies
            on the evidence of ONE damaged word in a text (still never against a contradiction).
            Risk: as good as the corpus evidence behind each pair; check ``support`` and
            ``contradicted`` before passing them in.
        glue_min_zipf: both halves of a split glued word must reach this Zipf value (default
            3.0), the function word always does. Risk: lowering it splits names that end in a
            function word ("Hammand" -> "Hamm and").
        quote_max_conflicts: per paragraph, straight quotation marks whose spacing contradicts
            the open/close pairing and may be moved (default 1). Risk: a paragraph holding inch
            marks or a lost mark pairs wrongly; paragraphs with an odd count, marks beside
            digits or adjacent marks are left alone whatever this is.
        punctuation_spacing: remove a stray space before a sentence-final "." or ",", reduce a
            doubled sentence period ("bridge.." -> "bridge.") and a doubled space between
            words. Risk: low; ellipses (". . .") and spaced tables are excluded.
        language: the text's language (ISO 639-1) when the caller knows it; ``None`` (default):
            identified from the text (:func:`newstrace.repair.lexicon.judging_language`). The
            glued-word and censor repairs judge words in this language's word list. Risk: a wrong
            language makes good words look unknown ("sonaron" read as English is "sonar" + "on").
    """

    fixers: tuple[str, ...] = DEFAULT_FIXERS
    max_passes: int = 3
    fix_character_width: bool = False
    unescape_html: str | bool = "auto"
    censored_strings: tuple[str, ...] = CENSORED_STRINGS
    censor_min_support: int = 2
    censor_max_unknown_zipf: float = 1.0
    censor_min_fixed_zipf: float = 3.0
    substitutions: tuple[Substitution, ...] = field(default_factory=tuple)
    glue_min_zipf: float = 3.0
    quote_max_conflicts: int = 1
    punctuation_spacing: bool = True
    language: str | None = None
