"""eSpeak NG through its C library (``libespeak-ng``), with the word events it reports.

The library and its data come from the PyPI wheel ``espeakng-loader`` (it bundles
``libespeak-ng.so`` 1.52 and ``espeak-ng-data`` with the English and Mandarin dictionaries),
else from Debian's ``espeak-ng`` package (``libespeak-ng.so.1`` and its default data folder).
Synthesis is synchronous (``AUDIO_OUTPUT_SYNCHRONOUS``): the callback receives the samples and,
with them, ``espeakEVENT_WORD`` events whose ``audio_position`` is the word's start in the
output (ms) and whose ``text_position`` is its first character (1-based). The library keeps
global state, so every call holds one lock.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib.util
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: the voices of the two languages the query files have
VOICES = {"en": "en-us", "zh-CN": "cmn"}
_AUDIO_OUTPUT_SYNCHRONOUS = 2
_INITIALIZE_DONT_EXIT = 0x8000
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_EVENT_LIST_TERMINATED = 0
_EVENT_WORD = 1
_RATE = 1  # espeak_PARAMETER espeakRATE (words per minute)
_PITCH = 3


class SynthUnavailable(RuntimeError):
    """No eSpeak NG library could be loaded (the message says what to install)."""


class _Event(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint),
                ("text_position", ctypes.c_int), ("length", ctypes.c_int),
                ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", ctypes.c_char * 8)]


_Callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                             ctypes.POINTER(_Event))


@dataclass(frozen=True)
class WordEvent:
    """One word as the synthesiser reported it: where it starts in the audio (ms) and its
    first character in the text (0-based)."""

    start_ms: float
    char: int


@dataclass(frozen=True)
class Synthesis:
    samples: np.ndarray  # int16, mono
    rate_hz: int
    words: tuple[WordEvent, ...]


def _locate() -> tuple[str, str | None, str]:
    """(library path, data folder's parent or None for the library's default, where from)."""
    spec = importlib.util.find_spec("espeakng_loader")
    if spec is not None and spec.origin is not None:
        folder = Path(spec.origin).parent
        lib = folder / "libespeak-ng.so"
        if lib.is_file() and (folder / "espeak-ng-data").is_dir():
            return str(lib), str(folder), "espeakng-loader"
    found = ctypes.util.find_library("espeak-ng")
    if found:
        return found, None, "system libespeak-ng"
    raise SynthUnavailable(
        "eSpeak NG is not installed: pip install espeakng-loader (or make "
        ".venv/.installed-capture), or apt-get install espeak-ng")


class Espeak:
    """One initialised library (:func:`espeak` shares it)."""

    def __init__(self) -> None:
        path, data, self.source = _locate()
        self._lib = ctypes.CDLL(path)
        self._lib.espeak_Initialize.restype = ctypes.c_int
        rate = self._lib.espeak_Initialize(_AUDIO_OUTPUT_SYNCHRONOUS, 0,
                                           None if data is None else data.encode(),
                                           _INITIALIZE_DONT_EXIT)
        if rate <= 0:
            raise SynthUnavailable(f"eSpeak NG ({path}) did not initialise (status {rate})")
        self.rate_hz = int(rate)
        self._lock = threading.Lock()
        self._chunks: list[np.ndarray] = []
        self._words: list[WordEvent] = []
        self._callback = _Callback(self._on_audio)  # kept: the library holds the pointer
        self._lib.espeak_SetSynthCallback(self._callback)
        #: the library's noise sources (aspiration, fricatives) use ``rand()``: 1.52 can seed
        #: it (``espeak_ng_SetRandSeed``), so the same text gives the same samples
        self._seed = getattr(self._lib, "espeak_ng_SetRandSeed", None)
        if self._seed is not None:
            self._seed.argtypes = [ctypes.c_long]
        self.deterministic = self._seed is not None

    def _on_audio(self, wav: ctypes._Pointer, n: int, events: ctypes._Pointer) -> int:
        if n > 0:
            self._chunks.append(np.ctypeslib.as_array(wav, shape=(n,)).copy())
        i = 0
        while events[i].type != _EVENT_LIST_TERMINATED:
            e = events[i]
            if e.type == _EVENT_WORD:
                self._words.append(WordEvent(float(e.audio_position), int(e.text_position) - 1))
            i += 1
        return 0

    def synth(self, text: str, lang: str, wpm: int = 165, pitch: int = 50,
              seed: int = 0) -> Synthesis:
        """``text`` spoken by the ``lang`` voice (:data:`VOICES`) at ``wpm`` words a minute
        (the same samples for the same ``seed`` where the library can be seeded)."""
        voice = VOICES.get(lang)
        if voice is None:
            raise ValueError(f"no voice for language {lang!r} (known: {', '.join(VOICES)})")
        data = text.encode("utf-8")
        with self._lock:
            self._chunks, self._words = [], []
            if self._lib.espeak_SetVoiceByName(voice.encode()) != 0:
                raise SynthUnavailable(f"eSpeak NG has no voice {voice!r}")
            self._lib.espeak_SetParameter(_RATE, int(wpm), 0)
            self._lib.espeak_SetParameter(_PITCH, int(pitch), 0)
            if self._seed is not None:
                self._seed(int(seed))
            status = self._lib.espeak_Synth(data, len(data) + 1, 0, _POS_CHARACTER, 0,
                                            _CHARS_UTF8, None, None)
            self._lib.espeak_Synchronize()
            if status != 0:
                raise RuntimeError(f"espeak_Synth failed ({status}) on {text[:40]!r}")
            samples = (np.concatenate(self._chunks) if self._chunks
                       else np.zeros(0, dtype=np.int16))
            words = tuple(self._words)
        return Synthesis(samples.astype(np.int16), self.rate_hz, words)


_shared: Espeak | None = None
_shared_lock = threading.Lock()


def espeak() -> Espeak:
    """The process's one eSpeak NG (loaded on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Espeak()
        return _shared
