"""Decoding input bytes: UTF-8, the codec named by ``--encoding``, or a detected single-byte legacy codec, never silently.

News archives hold many Windows-1252 and ISO-8859 files (old CMS exports, wire feeds). A file,
or a line of a record-per-line file, that is not valid UTF-8 is decoded with the legacy codec
that charset-normalizer detects from the file's non-UTF-8 lines, when the detection is
confident and names a single-byte codec of :data:`LEGACY_CODECS`; the record then carries a
``W103`` notice saying so. A multi-byte guess (Shift-JIS, GBK: random bytes often read as
Korean) or a garbled best guess is refused (``E103``) with the guess named, so the user can
give ``--encoding``.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

#: Single-byte codecs a detection may pick without being asked (Python codec names): the
#: Windows code pages 1250-1257, ISO-8859-1 to -16 and KOI8. DOS and Mac code pages are left
#: out: charset-normalizer often ranks them level with the right one on short English text;
#: so is cp1258 (Vietnamese, combining accents), which it ranked above cp1250 on Czech text.
LEGACY_CODECS = frozenset(
    [f"cp{n}" for n in range(1250, 1258)] + ["latin_1"]
    + [f"iso8859_{n}" for n in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)] + ["koi8_r", "koi8_u"]
)  # fmt: skip
#: Multi-byte codecs the detector also weighs, only so that a refusal can name them.
_MULTIBYTE = ("cp932", "shift_jis", "euc_jp", "gb18030", "big5", "euc_kr", "cp949")
#: Windows-1252: where several codecs read the bytes equally well it is chosen, as the most used
#: legacy codec of Western text (the WHATWG Encoding Standard's default for Western locales).
DEFAULT_LEGACY = "cp1252"
#: Largest share of "mess" (charset-normalizer's mean mess ratio: odd symbols, mixed scripts,
#: control characters) in the best decoding for a detection to count as confident. 0.2 is
#: charset-normalizer's own ``threshold``; half of it keeps out garbled guesses.
MAX_MESS = 0.1
#: Extra mess Windows-1252 may leave over the best decoding and still be chosen: on 1,000 generated
#: short cp1252 texts cp1257 (Baltic) left 0.0 where cp1252 left up to 0.05 ("déjà" counts as mess);
#: with 0.1, 998 of them decode exactly (2 refused). Polish, Cyrillic and Greek text read as cp1252
#: leave more and get their own codec.
TIE_MESS = 0.1
#: Bytes of non-UTF-8 lines given to the detector (the first ones met, whole lines).
SAMPLE_BYTES = 64 * 1024
#: The notice code of a record decoded from a legacy encoding (a warning: the record is read).
NOTICE_CODE = "W103"
#: What a W103 notice tells the user to do: ingest skips a record it has stored, so a new store
#: is where --encoding reads it again (a record that failed, E103, is read again in the same store).
WRONG_CODEC_ADVICE = "give --encoding NAME if that is wrong (with ingest, into a new store: a stored record is not read again)"

_C1 = re.compile("[\x80-\x9f]")


@dataclass(frozen=True)
class Detection:
    """What the detector decided for a file's non-UTF-8 bytes.

    Attributes:
        codec: the Python codec to decode them with, or ``None`` when refused.
        summary: the evidence in words, for the W103 notice or the E103 message.
        guess: charset-normalizer's best codec when refused (suggested for ``--encoding``), else ``None``.
    """

    codec: str | None
    summary: str
    guess: str | None = None


@dataclass(frozen=True)
class Decoded:
    """The decoding of one line or document: ``text``, or an E103 ``error`` message; ``notice`` when a legacy codec was used."""

    text: str | None = None
    error: str | None = None
    notice: str | None = None


def resolve_encoding(name: str) -> str:
    """The Python codec name for an ``--encoding`` value ("windows-1252" gives "cp1252").

    Raises:
        ValueError: ``name`` is no codec, or not a text encoding (``base64``, ``zlib``).
    """
    try:
        info = codecs.lookup(name)
        b"a".decode(info.name, errors="ignore")  # LookupError for bytes-to-bytes codecs (base64, zlib)
    except LookupError:
        raise ValueError(f"unknown text encoding {name!r}; give a Python codec name such as utf-8, cp1252 "
                         "(Windows-1252), latin-1, iso8859-15, cp1251 or shift_jis") from None  # fmt: skip
    return info.name.replace("-", "_")


def ascii_compatible(codec: str) -> bool:
    """True when ``codec`` writes ASCII as ASCII bytes, so a file can be split into lines before decoding (not UTF-16/32)."""
    sample = '\n\r\t {}[],;|"abzAZ09'
    try:
        return sample.encode(codec) == sample.encode("ascii") and sample.encode("ascii").decode(codec) == sample
    except (UnicodeError, LookupError):
        return False


def detect_legacy(sample: bytes) -> Detection:
    """Detect the single-byte legacy codec of ``sample`` (bytes that are not UTF-8) with charset-normalizer.

    Among the decodings charset-normalizer ranks best (least mess, then most coherent
    language), Windows-1252 is taken when it leaves no more mess than the best (short
    English text reads the same in cp1250 and cp1252 but for "ñ"/"ń", and the language fit
    of a few accented words decides nothing). So Polish, Cyrillic or Greek text, which
    cp1252 garbles, gets its own codec, but a short Czech or Hungarian text that cp1252
    reads without mess ("ř" as "ø") is read as cp1252: the W103 notice names the codec, and
    ``--encoding cp1250`` reads it right. Refused (``codec``
    ``None``): no decoding fits, the best is a multi-byte or unlisted codec, or it leaves over
    :data:`MAX_MESS` of the text garbled or over 10% control characters (binary data).

    Args:
        sample: up to :data:`SAMPLE_BYTES` of the file's non-UTF-8 lines.
    """
    from charset_normalizer import from_bytes

    results = from_bytes(sample, cp_isolation=sorted(LEGACY_CODECS) + list(_MULTIBYTE))
    best = results.best()
    if best is None:
        return Detection(None, "no text encoding reads these bytes (binary data?)")
    lang = "" if best.language in ("Unknown", "") else f"{best.language} "
    guess = f"{best.encoding}, {lang}text"
    if best.encoding not in LEGACY_CODECS:
        return Detection(None, f"charset-normalizer reads it as {guess}, which is decoded only when named with --encoding",
                         best.encoding)  # fmt: skip
    if best.chaos > MAX_MESS:
        return Detection(None, f"the best guess, {best.encoding}, leaves {best.chaos:.0%} of the text garbled", best.encoding)
    # Coherence (charset-normalizer's language fit) is left out of the tie: on short English text it
    # ranked cp1257 or cp1250 above cp1252 for 22% of 1,000 generated cp1252 texts ("Niño" read as "Nińo").
    ties = [m for m in results if m.chaos <= best.chaos + TIE_MESS]
    chosen = next((m for m in ties if DEFAULT_LEGACY in m.could_be_from_charset), best)
    codec = DEFAULT_LEGACY if DEFAULT_LEGACY in chosen.could_be_from_charset else best.encoding
    try:
        text = sample.decode(codec)
    except UnicodeDecodeError:
        codec, text = best.encoding, sample.decode(best.encoding, errors="replace")
    controls = sum(1 for ch in text if (ch < " " and ch not in "\t\n\r\f") or "\x7f" <= ch <= "\x9f")
    if controls > 0.1 * len(text):
        return Detection(None, f"decoded as {codec} over 10% of it is control characters (binary data?)")
    return Detection(codec, f"detected by charset-normalizer, mess {chosen.chaos:.0%}")


@lru_cache(maxsize=None)
def _fallback_handler(codec: str) -> str:
    """Register and name a codec error handler that decodes the bytes UTF-8 refuses with ``codec``."""
    name = f"newstrace-{codec}"

    def handler(exc: UnicodeDecodeError):
        return exc.object[exc.start : exc.end].decode(codec), exc.end

    codecs.register_error(name, handler)
    return name


def decode_legacy_line(raw: bytes, codec: str) -> str:
    """A non-UTF-8 line decoded with the legacy ``codec``.

    A line may mix the two (a UTF-8 file with a pasted legacy fragment): then its valid UTF-8
    sequences are read as UTF-8 and only the refused bytes with ``codec``, when that gives
    less mojibake (ftfy's ``badness``) than reading the whole line with ``codec``.

    Raises:
        UnicodeDecodeError: a byte ``codec`` does not define (0x81 in cp1252).
    """
    try:
        whole = raw.decode(codec)
    except UnicodeDecodeError:  # UTF-8 sequences may hold bytes ``codec`` lacks (0x9D of "”" in cp1252)
        return raw.decode("utf-8", errors=_fallback_handler(codec))
    if raw.isascii():
        return whole
    mixed = raw.decode("utf-8", errors=_fallback_handler(codec))
    if mixed != whole:
        from ftfy.badness import badness

        if badness(mixed) < badness(whole):
            return mixed
    return whole


class Decoder:
    """Decodes one file's lines (or its whole text) by one policy: ``--encoding``, else UTF-8 with legacy fallback.

    Args:
        encoding: a codec named by the user (see :func:`resolve_encoding`), or ``None``.
        sample: given the byte offset of the first line UTF-8 refuses, returns the file's
            non-UTF-8 lines from there for detection (called once; see :func:`invalid_lines`).
    """

    def __init__(self, encoding: str | None, sample: Callable[[int], bytes]) -> None:
        self.codec = resolve_encoding(encoding) if encoding else None
        self._sample = sample
        self._detection: Detection | None = None

    def detect(self, offset: int) -> Detection:
        """The detection for this file's non-UTF-8 lines, the first at byte ``offset`` (run once)."""
        if self._detection is None:
            sample = self._sample(offset)
            det = detect_legacy(sample)
            if det.codec is None and det.guess not in _MULTIBYTE:
                # UTF-8 lines with a pasted legacy fragment: judge the refused bytes alone
                refused = b"".join(_refused_only(line) for line in sample.splitlines(keepends=True))
                if refused != sample and (again := detect_legacy(refused)).codec is not None:
                    det = again
            self._detection = det
        return self._detection

    def line(self, raw: bytes, offset: int) -> Decoded:
        """Decode one line (or record) that starts at file byte ``offset``; the messages give file offsets."""
        if self.codec is not None:
            return self._explicit(raw, offset)
        try:
            return Decoded(raw.decode("utf-8"))
        except UnicodeDecodeError as exc:
            at = f"byte 0x{raw[exc.start]:02x} at offset {offset + exc.start}"
        det = self.detect(offset)
        if det.codec is None:
            return Decoded(error=refusal(at, det))
        try:
            text = decode_legacy_line(raw, det.codec)
        except UnicodeDecodeError as exc:
            return Decoded(error=f"not valid UTF-8 ({at}) nor {det.codec} (byte 0x{raw[exc.start]:02x} at offset "
                           f"{offset + exc.start}); give --encoding NAME, or re-encode the file as UTF-8")  # fmt: skip
        return Decoded(text, notice=self.notice(at))

    def notice(self, at: str) -> str:
        """The W103 notice for bytes refused by UTF-8 (``at``: where) and decoded with the detected codec (after :meth:`detect`)."""
        det = self._detection
        return f"not UTF-8 ({at}): decoded as {det.codec} ({det.summary}); {WRONG_CODEC_ADVICE}"

    def document(self, data: bytes) -> Decoded:
        """Decode a whole one-record file line by line: UTF-8 lines as UTF-8, the others with the detected codec.

        One notice covers the record: how many lines were not UTF-8, the first byte refused
        and the codec used.
        """
        if self.codec is not None:
            return self._explicit(data, 0)
        try:
            return Decoded(data.decode("utf-8"))
        except UnicodeDecodeError:
            pass
        parts, offset, legacy, first = [], 0, 0, ""
        for raw in data.splitlines(keepends=True):
            got = self.line(raw, offset)
            if got.error is not None:
                return got
            if got.notice is not None:
                legacy += 1
                if not first:
                    bad = _first_refused(raw)
                    first = f"byte 0x{raw[bad]:02x} at offset {offset + bad}"
            parts.append(got.text)
            offset += len(raw)
        lines = f"{legacy} of {len(parts)} line{'s' if len(parts) != 1 else ''}"
        return Decoded("".join(parts), notice=self.notice(f"{lines}; first {first}"))

    def _explicit(self, data: bytes, offset: int) -> Decoded:
        codec = "utf_8_sig" if self.codec == "utf_8" and offset == 0 else self.codec
        try:
            text = data.decode(codec)
        except UnicodeDecodeError as exc:
            return Decoded(error=f"not valid {self.codec} (byte 0x{data[exc.start]:02x} at offset {offset + exc.start}), "
                           "the encoding named with --encoding")  # fmt: skip
        if self.codec in ("latin_1", "iso8859_1") and _C1.search(text):
            # ISO-8859-1 puts control characters at 0x80-0x9F; files labelled so use them for
            # Windows-1252's quotes and dashes, and browsers read them so (WHATWG Encoding Standard).
            n = len(_C1.findall(text))
            text = _C1.sub(lambda m: _cp1252_char(m.group()), text)
            return Decoded(text, notice=f"--encoding {self.codec}: {n} bytes in 0x80-0x9F (control characters in ISO-8859-1) "
                           "read as Windows-1252, as browsers do (WHATWG Encoding Standard)")  # fmt: skip
        return Decoded(text)


def _first_refused(raw: bytes) -> int:
    """Index of the first byte UTF-8 refuses in ``raw`` (which is not valid UTF-8)."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start
    return 0


def _cp1252_char(ch: str) -> str:
    """The Windows-1252 character of a C1 control's byte; the five bytes cp1252 leaves undefined stay as they are."""
    try:
        return bytes([ord(ch)]).decode("cp1252")
    except UnicodeDecodeError:
        return ch


def refusal(at: str, det: Detection) -> str:
    """The E103 message for bytes that are not UTF-8 and whose encoding was not detected with confidence."""
    return (f"not valid UTF-8 ({at}), and its encoding is not detected with confidence: {det.summary}; "
            f"give --encoding NAME if you know it (e.g. --encoding {det.guess or DEFAULT_LEGACY}), else re-encode the "
            "file as UTF-8")  # fmt: skip


#: A character UTF-8 decoded that is not ASCII: in a line with refused bytes, not evidence of its legacy codec.
_UTF8_CHAR = re.compile("[^\x00-\x7f\udc80-\udcff]")


def _refused_only(raw: bytes) -> bytes:
    """A non-UTF-8 line for the detector: the bytes UTF-8 refuses kept, its valid UTF-8 characters made spaces.

    A UTF-8 line with a pasted legacy fragment holds bytes no single-byte codec reads as intended
    (0x9D of "\u201d" is undefined in cp1252); only the refused bytes tell the legacy codec.
    """
    text = raw.decode("utf-8", errors="surrogateescape")
    return _UTF8_CHAR.sub(" ", text).encode("utf-8", errors="surrogateescape")


#: Bytes of a file scanned for non-UTF-8 lines after the first one (a bound on a second pass over a large file).
SCAN_BYTES = 16 * 1024 * 1024


def invalid_lines(lines, limit: int = SAMPLE_BYTES, scan: int = SCAN_BYTES) -> bytes:
    """The detection sample: the non-UTF-8 lines of an iterable of byte lines, whole, up to about ``limit`` bytes.

    At most ``scan`` bytes of lines are looked at, so a large file whose first bad line comes
    early is not read twice whole.
    """
    out, size, seen = [], 0, 0
    for raw in lines:
        seen += len(raw)
        if seen > scan and out:
            break
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            out.append(raw if raw.endswith(b"\n") else raw + b"\n")
            size += len(raw)
            if size >= limit:
                break
    return b"".join(out)
