"""The model's attribute_ruler (tag -> POS, morphology, some lemmas) applied by lookup, not by Matcher.

In ``en_core_web_sm`` the attribute_ruler is a spaCy ``Matcher`` over 179 patterns; run on
every token it costs about a tenth of the full pipeline, although nearly all its patterns
test one token's tag and lower-case form. :class:`FastAttributeRuler` indexes those patterns
by tag and by lower-case form and keeps a ``Matcher`` only for the few that need one
(several tokens, regular expressions). Patterns on the dependency label are dropped: the
light pass has no parse, so they cannot match there (the ruler's own ``Matcher`` runs with
``allow_missing=True`` and finds none either). Matches are applied in the ruler's order
(later patterns win) with the ruler's own :func:`set_token_attrs`, so the result equals
the original component's on a doc without a parse; ``tests/test_quotes.py`` checks that on
real text.
"""

from __future__ import annotations

from collections.abc import Iterable

from spacy.matcher import Matcher
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs

_INDEXABLE = {"TAG", "LOWER", "IS_SPACE"}


def _value_ok(spec, value) -> bool:
    if isinstance(spec, dict):
        if "IN" in spec:
            return value in spec["IN"]
        if "NOT_IN" in spec:
            return value not in spec["NOT_IN"]
        return False
    return value == spec


class FastAttributeRuler:
    """Drop-in for a loaded ``AttributeRuler`` on docs without a dependency parse.

    Args:
        ruler: the pipeline's ``attribute_ruler`` component (its patterns and attributes
            are read, not changed).

    Raises:
        ValueError: a pattern uses a token attribute this class does not know; build the
            doc with the original component instead.
    """

    def __init__(self, ruler) -> None:
        self.attrs = ruler.attrs
        self.indices = ruler.indices
        self.by_tag: dict[str, list[tuple[int, dict]]] = {}
        self.by_lower: dict[str, list[tuple[int, dict]]] = {}
        self.generic: list[tuple[int, dict]] = []
        self.matcher = Matcher(ruler.vocab)
        self.complex = False
        for pid, pattern in enumerate(ruler.patterns):
            alternatives = pattern["patterns"]
            for tokens in alternatives:
                keys = {k for tok in tokens for k in tok}
                if "DEP" in keys:
                    continue  # cannot match without a parse
                regex = any(isinstance(v, dict) and "REGEX" in v for tok in tokens for v in tok.values())
                if len(tokens) > 1 or regex or not keys <= _INDEXABLE:
                    self.matcher.add(str(pid), [tokens])
                    self.complex = True
                    continue
                self._index(pid, tokens[0])
            unknown = {k for tokens in alternatives for tok in tokens for k in tok} - _INDEXABLE - {"DEP"}
            if unknown - {"LOWER", "TAG", "IS_SPACE", "ORTH", "TEXT", "NORM", "POS", "MORPH", "LEMMA"}:
                raise ValueError(f"attribute_ruler pattern {pid} uses {sorted(unknown)}")

    def _index(self, pid: int, spec: dict) -> None:
        tag, lower = spec.get("TAG"), spec.get("LOWER")
        entry = (pid, spec)
        if isinstance(tag, str):
            self.by_tag.setdefault(tag, []).append(entry)
        elif isinstance(tag, dict) and "IN" in tag:
            for t in tag["IN"]:
                self.by_tag.setdefault(t, []).append(entry)
        elif isinstance(lower, str):
            self.by_lower.setdefault(lower, []).append(entry)
        elif isinstance(lower, dict) and "IN" in lower:
            for w in lower["IN"]:
                self.by_lower.setdefault(w, []).append(entry)
        else:
            self.generic.append(entry)

    def _matches(self, spec: dict, tag: str, lower: str, is_space: bool) -> bool:
        for key, want in spec.items():
            value = tag if key == "TAG" else lower if key == "LOWER" else is_space
            if not _value_ok(want, value):
                return False
        return True

    def __call__(self, doc: Doc) -> Doc:
        """Set POS, morphology, lemmas (and the few tags) the ruler would set; returns ``doc``."""
        found: list[tuple[int, int]] = []  # (pattern id, token index)
        for tok in doc:
            tag, lower, space = tok.tag_, tok.lower_, tok.is_space
            seen = set()
            for pid, spec in (*self.by_tag.get(tag, ()), *self.by_lower.get(lower, ()), *self.generic):
                if pid in seen:
                    continue
                if self._matches(spec, tag, lower, space):
                    seen.add(pid)
                    found.append((pid, tok.i))
        if self.complex:
            for match_id, start, end in self.matcher(doc, allow_missing=True):
                pid = int(doc.vocab.strings[match_id])
                index = self.indices[pid]
                found.append((pid, (start if index >= 0 else end) + index))
        found.sort()
        for pid, i in found:
            set_token_attrs(doc[i], self.attrs[pid])
        return doc

    def pipe(self, docs: Iterable[Doc]) -> Iterable[Doc]:
        """Apply to each doc in turn."""
        for doc in docs:
            yield self(doc)
