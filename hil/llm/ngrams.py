"""A second opinion on the topic: a softmax head on a line's character n-grams.

The fallback's head (:mod:`hil.llm.head`) reads SmolLM2's hidden state; out of file it tells
in-domain from out-of-domain better than it tells the topic. Character n-grams of the same
training examples tell the topic well out of file (the topic of 64 of 88 in-domain lines the
rules left on holdout6-16, each file left out of training, against 23 for the head's likeliest
intent: BENCHMARKS.md, the seventeenth session). :func:`hil.llm.head.head_decision` reads a line
the head puts in domain (:data:`hil.llm.head.IN_DOMAIN`) but does not act on again, with the
head's in-domain mass shared among the intents as this model shares its own.

Features: every 2- to 4-character substring of the normalised line with a space at each end,
and every single non-ASCII character (a Chinese character is a word), hashed into
:data:`DIM` binary slots, scaled to unit length. No model call: microseconds per line.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix

from hil.llm.cache_files import cached, load_npz, save_npz
from hil.llm.direction import normalised
from hil.llm.softmax import SoftmaxHead

DIM = 4096
"""Hashed feature slots."""
GRAMS = (1, 2, 3, 4)
"""Substring lengths read (length 1 only for non-ASCII characters)."""
NEAREST = 5
"""Labelled examples that vote in :meth:`GramHead.vote`."""
NEAREST_SIMILARITY = 0.6
"""The least cosine of :func:`char_grams` between a line and its nearest labelled example for
the vote to count. With :data:`NEAREST` 5 and a unanimous cabin vote, chosen leave-one-file-out
on development data (BENCHMARKS.md, the twentieth session): 0.5 and a 3-of-5 vote added
out-of-domain actions."""


def char_grams(text: str) -> np.ndarray:
    """The hashed, binary, unit-length character n-gram features of ``text``."""
    padded = f" {normalised(text)} "
    v = np.zeros(DIM)
    for n in GRAMS:
        for i in range(len(padded) - n + 1):
            gram = padded[i:i + n]
            if n == 1 and gram.isascii():
                continue
            v[zlib.crc32(gram.encode()) % DIM] = 1.0
    return v / max(1.0, float(np.sqrt(v.sum())))


def similarities(columns: csr_matrix, v: np.ndarray) -> np.ndarray:
    """``rows @ v`` for ``columns`` = ``rows.T`` in CSR, reading only the slots ``v`` sets (a
    line sets ~50 of :data:`DIM`: a tenth of the examples' entries are touched, ~5x faster
    than the whole product). The same numbers bit for bit: a row's entries are all equal (binary
    features scaled to unit length), as are ``v``'s, so each sum adds one product again and
    again, and the order the slots are read in cannot change it."""
    slots = np.flatnonzero(v)
    if not len(slots):
        return np.zeros(columns.shape[1])
    return np.asarray(columns[slots].T @ v[slots])


def top_stable(values: np.ndarray, k: int) -> np.ndarray:
    """``np.argsort(-values, kind="stable")[:k]`` without sorting every value: the indices of
    the ``k`` largest, ties in index order (the candidates tied with the k-th are all kept,
    then sorted stably)."""
    if len(values) <= k:
        return np.argsort(-values, kind="stable")
    kth = np.partition(values, len(values) - k)[len(values) - k]
    candidates = np.flatnonzero(values >= kth)
    return candidates[np.argsort(-values[candidates], kind="stable")][:k]


class GramHead:
    """A :class:`~hil.llm.softmax.SoftmaxHead` on :func:`char_grams`, fitted on ``examples``
    (cached in ``cache_dir``): :meth:`proba` of a line, and :meth:`vote`, its nearest labelled
    examples'."""

    def __init__(self, examples: Sequence[tuple[str, str]], classes: Sequence[str],
                 cache_dir: Path | None = None) -> None:
        self.head = SoftmaxHead(classes)
        x = np.stack([char_grams(t) for t, _ in examples])
        y = np.array([self.head.classes.index(i) for _, i in examples])
        self.rows, self.labels = csr_matrix(x), y  # the examples, for the nearest ones' vote
        self.columns = self.rows.T.tocsr()  # by slot: a line's few slots select their rows
        self._last: tuple[str, tuple[np.ndarray, float]] | None = None  # the last line's nearest
        self._last_grams: tuple[str, np.ndarray] | None = None
        file = None
        if cache_dir is not None:  # the fit takes seconds to a minute on a loaded machine
            key = hashlib.sha256(x.tobytes() + y.tobytes() + repr(
                (self.head.classes, self.head.l2, DIM, GRAMS)).encode()).hexdigest()[:20]
            file = cache_dir / f"grams-fit-{key}.npz"

        def fit() -> dict[str, np.ndarray]:
            self.head.fit(x, y)
            return {"mean": self.head.mean, "scale": self.head.scale, "w": self.head.w}

        saved = cached(file, "the n-gram head's fit", load_npz, fit, save_npz)
        self.head.mean, self.head.scale, self.head.w = saved["mean"], saved["scale"], saved["w"]

    def proba(self, text: str) -> np.ndarray:
        """This model's probabilities for ``text``, over its classes."""
        return self.head.proba(self._grams(text))[0]  # type: ignore[no-any-return]

    def _grams(self, text: str) -> np.ndarray:
        """:func:`char_grams` of ``text``, read once for the last line (proba, then nearest)."""
        if self._last_grams is None or self._last_grams[0] != text:
            v = char_grams(text)
            v.flags.writeable = False  # shared by the readers: none may change it
            self._last_grams = (text, v)
        return self._last_grams[1]

    def _nearest(self, text: str) -> tuple[np.ndarray, float]:
        """The labels of the :data:`NEAREST` training examples nearest ``text`` (cosine of
        :func:`char_grams`) and the nearest one's similarity."""
        if self._last is not None and self._last[0] == text:  # the vote's, then among_cabin's
            return self._last[1]
        similarity = similarities(self.columns, self._grams(text))
        nearest = top_stable(similarity, NEAREST)
        best = float(similarity[nearest[0]]) if len(nearest) else 0.0
        self._last = (text, (self.labels[nearest], best))
        return self._last[1]

    def _unknown(self) -> int:
        return self.head.classes.index("unknown") if "unknown" in self.head.classes else -1

    def vote(self, text: str) -> np.ndarray | None:
        """The classes of the :data:`NEAREST` training examples nearest ``text`` (cosine of
        :func:`char_grams`), as shares over this model's classes, when the nearest is at least
        :data:`NEAREST_SIMILARITY` alike and every one of them is a cabin intent (none
        ``unknown``); else None. A third opinion on a line the head puts out of domain
        (:func:`hil.llm.head.focused_decision`): the out-of-domain twins of a complaint share
        its words, so a labelled ``unknown`` among the nearest ones stops the vote."""
        labels, best = self._nearest(text)
        if len(labels) < NEAREST or best < NEAREST_SIMILARITY or (
                labels == self._unknown()).any():
            return None
        return np.bincount(labels, minlength=len(self.head.classes)) / len(labels)

    def among_cabin(self, text: str) -> bool:
        """Whether none of the :data:`NEAREST` training examples nearest ``text`` is
        ``unknown``, however alike (:func:`hil.llm.head.focused_decision`'s lower bar)."""
        labels, _ = self._nearest(text)
        return len(labels) == NEAREST and not (labels == self._unknown()).any()
