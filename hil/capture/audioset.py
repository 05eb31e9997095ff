"""The labelled audio set: a folder of WAV files (16 kHz, mono, 16-bit PCM) and a JSON-lines
manifest, ``manifest.jsonl``, one utterance a line:

```json
{"file": "en-0001.wav", "text": "turn on the AC", "lang": "en",
 "intent": "climate_ac_on", "value": null,
 "speech_start_ms": 300.0, "speech_end_ms": 1105.5,
 "words": [{"text": "turn", "start_ms": 300.0, "end_ms": 505.2}, ...],
 "snr_db": 20.0}
```

``speech_start_ms``/``speech_end_ms`` are the true start and end of speech in the file,
``words`` every word's span (in order, inside the speech), ``intent``/``value`` what the user
meant (the labels of the query files). ``snr_db`` is the mixed-in noise (null: clean), and a
generated line may say where a ``pause`` was put in (``{"after_word": K, "ms": MS}``). A set the
user recorded has the same manifest; :func:`load_set` checks every line (one-line errors naming
the file, the line and the key) and that its WAV files exist.
"""

from __future__ import annotations

import json
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import Field, model_validator

from twin.config.base import Milliseconds, Strict, parse
from twin.errors import InputError
from twin.files import read_bytes, read_text

RATE_HZ = 16_000
MANIFEST = "manifest.jsonl"
MAX_CLIPS = 100_000
MAX_WAV_BYTES = 16 << 20  # 8 minutes of 16 kHz 16-bit mono: far past any utterance


class Word(Strict):
    text: str = Field(min_length=1, max_length=200, description="the word as written")
    start_ms: Milliseconds = Field(description="where it starts in the file (ms)")
    end_ms: Milliseconds = Field(description="where it ends in the file (ms)")

    @model_validator(mode="after")
    def _ordered(self) -> Word:
        if self.end_ms <= self.start_ms:
            raise ValueError(f"end_ms > start_ms, got {self.start_ms} .. {self.end_ms}")
        return self


class Pause(Strict):
    after_word: int = Field(ge=0, le=1000, description="the word (0-based) it follows")
    ms: Milliseconds = Field(gt=0, description="its length (ms)")


class Clip(Strict):
    """One manifest line."""

    file: str = Field(min_length=1, max_length=500, description="WAV file in the set's folder")
    text: str = Field(min_length=1, max_length=2000, description="what is said")
    lang: str = Field(min_length=1, max_length=20, description="en or zh-CN")
    intent: str = Field(min_length=1, max_length=100, description="the intended intent")
    value: int | str | None = Field(None, description="the intended value")
    speech_start_ms: Milliseconds = Field(description="true start of speech (ms)")
    speech_end_ms: Milliseconds = Field(description="true end of speech (ms)")
    words: list[Word] = Field(min_length=1, max_length=1000, description="word spans")
    snr_db: float | None = Field(None, ge=-20, le=100, description="noise mixed in (dB)")
    pause: Pause | None = Field(None, description="a pause put in after a word")

    @model_validator(mode="after")
    def _consistent(self) -> Clip:
        if self.speech_end_ms <= self.speech_start_ms:
            raise ValueError("speech_end_ms > speech_start_ms")
        if Path(self.file).name != self.file:
            raise ValueError(f"file: a name inside the set's folder, got {self.file!r}")
        last = self.speech_start_ms - 1e-6
        for k, w in enumerate(self.words):
            if w.start_ms < last:
                raise ValueError(f"words[{k}] in order, starting after the one before")
            last = w.end_ms
        if self.words[0].start_ms < self.speech_start_ms - 1.0 or (
                self.words[-1].end_ms > self.speech_end_ms + 1.0):
            raise ValueError("every word inside speech_start_ms .. speech_end_ms")
        return self

    def heard(self, until_ms: float) -> str:
        """The words that ended by ``until_ms`` (an endpoint there cuts the rest): the text up
        to the last such word, as written (Mandarin has no spaces)."""
        done = [w for w in self.words if w.end_ms <= until_ms]
        if not done:
            return ""
        if len(done) == len(self.words):
            return self.text
        sep = "" if self.lang.startswith("zh") else " "
        return sep.join(w.text for w in done)


@dataclass(frozen=True)
class AudioSet:
    folder: Path
    clips: tuple[Clip, ...]

    def audio(self, index: int) -> np.ndarray:
        """Clip ``index`` as int16 samples at :data:`RATE_HZ`."""
        return read_wav(self.folder / self.clips[index].file)


def load_set(folder: Path) -> AudioSet:
    """The set in ``folder``, every manifest line checked (one-line InputError)."""
    manifest = folder / MANIFEST
    source = str(manifest)
    clips: list[Clip] = []
    for n, line in enumerate(read_text(manifest, key=MANIFEST,
                                       expected="a JSON-lines audio manifest").splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(source, f"line {n}", f"a JSON object ({exc.msg})") from None
        clip = parse(Clip, data, source, f"line {n}")
        if not (folder / clip.file).is_file():
            raise InputError(source, f"line {n}.file", f"a WAV file in {folder}, got "
                             f"{clip.file!r}")
        clips.append(clip)
        if len(clips) > MAX_CLIPS:
            raise InputError(source, f"line {n}", f"at most {MAX_CLIPS} clips")
    if not clips:
        raise InputError(source, "(top level)", "at least one clip")
    return AudioSet(folder, tuple(clips))


def write_set(folder: Path, clips: list[tuple[Clip, np.ndarray]]) -> AudioSet:
    """Write every clip's WAV and the manifest (the manifest last: a set with a manifest is
    whole)."""
    folder.mkdir(parents=True, exist_ok=True)
    for clip, samples in clips:
        write_wav(folder / clip.file, samples)
    lines = [json.dumps(c.model_dump(exclude_none=True), ensure_ascii=False) for c, _ in clips]
    tmp = folder / (MANIFEST + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(folder / MANIFEST)
    return AudioSet(folder, tuple(c for c, _ in clips))


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE_HZ)
        w.writeframes(np.asarray(samples, dtype="<i2").tobytes())


def read_wav(path: Path) -> np.ndarray:
    """A 16 kHz mono 16-bit WAV file's samples (one-line InputError for anything else)."""
    import io

    data = read_bytes(path, MAX_WAV_BYTES, "file", "a WAV file")
    try:
        with wave.open(io.BytesIO(data), "rb") as w:
            shape: Any = (w.getframerate(), w.getnchannels(), w.getsampwidth())
            frames = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as exc:
        raise InputError(str(path), "file", f"a WAV file ({exc})") from None
    if shape != (RATE_HZ, 1, 2):
        raise InputError(str(path), "format", f"16000 Hz, mono, 16-bit PCM, got {shape[0]} "
                         f"Hz, {shape[1]} channel(s), {8 * shape[2]}-bit")
    return np.frombuffer(frames, dtype="<i2").astype(np.int16)
