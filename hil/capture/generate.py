"""Generate a labelled audio set (:mod:`hil.capture.audioset`) from query lines with eSpeak NG.

For each line: synthesise it (:mod:`hil.capture.espeak`), resample to 16 kHz, put
``lead_ms`` of silence before it and ``tail_ms`` after, optionally a pause after one word, and
mix in generated cabin noise (:mod:`hil.capture.noise`) at ``snr_db`` over the speech. Word
spans: each word starts where the synthesiser's word event says (moved to the first sound at
or after it) and ends at the last sound before the next word's event; the text of a word is
the text from its event's character to the next one's. True speech start and end are the first
word's start and the last word's end.

eSpeak NG carries state from one utterance to the next (its pitch flutter runs on, so the same
text comes out a few samples different the second time), even with its random generator
seeded: a set is therefore synthesised in a fresh child process, in manifest order, which makes
it the same on every machine with the same library.

Sets are cached under ``$CABIN_TWIN_AUDIO`` (default ``~/.cache/cabin-twin/audio``), one
folder per digest of everything that shapes the audio; a first use says on stderr what it
generates. Nothing generated is committed.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np
from scipy import signal

from hil.capture import noise
from hil.capture.audioset import RATE_HZ, AudioSet, Clip, Pause, Word, load_set, write_set
from hil.capture.espeak import espeak

GENERATOR_VERSION = 1  # bump when the audio for the same settings changes
ENVELOPE_MS = 2.0  # the resolution of the word-end search
SILENCE_BELOW_PEAK_DB = 45.0  # a 2 ms window this far under the clip's loudest is silent
GENERATE_TIMEOUT_S = 600.0  # a set of 10,000 lines takes well under a minute
PEAK = 0.5  # speech is normalised to this peak (-6 dBFS) before noise is mixed in


@dataclass(frozen=True)
class Line:
    """What to say and what it means."""

    text: str
    lang: str
    intent: str
    value: int | str | None = None


@dataclass(frozen=True)
class Settings:
    snr_db: float | None = None  # None: clean
    lead_ms: float = 300.0
    tail_ms: float = 2500.0
    wpm: int = 165
    seed: int = 0
    pause: tuple[int, float] | None = None  # (after word K, ms) on every line


def cache_root() -> Path:
    return Path(os.environ.get("CABIN_TWIN_AUDIO", Path.home() / ".cache/cabin-twin/audio"))


def _active(x: np.ndarray) -> np.ndarray:
    """Per :data:`ENVELOPE_MS` window, True where there is sound."""
    w = int(RATE_HZ * ENVELOPE_MS / 1000)
    n = x.size // w
    rms = np.sqrt(np.mean(x[: n * w].reshape(n, w) ** 2, axis=1) + 1e-20)
    db = 20 * np.log10(rms)
    return db > db.max() - SILENCE_BELOW_PEAK_DB  # type: ignore[no-any-return]


def synthesise(line: Line, wpm: int) -> tuple[np.ndarray, list[tuple[str, float, float]]]:
    """The clean utterance (float, 16 kHz, peak :data:`PEAK`, no lead or tail) and its words
    as (text, start_ms, end_ms)."""
    syn = espeak().synth(line.text, line.lang, wpm=wpm, seed=1)
    x = signal.resample_poly(syn.samples.astype(np.float64), RATE_HZ, syn.rate_hz)
    x *= PEAK / max(float(np.abs(x).max()), 1e-9)
    active = _active(x)
    step = ENVELOPE_MS
    events = [e for e in syn.words if e.char < len(line.text)]
    words: list[tuple[str, float, float]] = []
    for k, e in enumerate(events):
        stop_char = events[k + 1].char if k + 1 < len(events) else len(line.text)
        text = line.text[e.char:stop_char].strip()
        hi_ms = events[k + 1].start_ms if k + 1 < len(events) else active.size * step
        lo, hi = int(e.start_ms / step), min(int(hi_ms / step), active.size)
        sound = np.flatnonzero(active[lo:hi])
        if not text or sound.size == 0:
            continue
        words.append((text, (lo + sound[0]) * step, (lo + sound[-1] + 1) * step))
    if not words:
        raise ValueError(f"the synthesiser reported no word of {line.text!r}")
    end = int(words[-1][2] / 1000 * RATE_HZ)
    return x[:end], words


def make_clip(line: Line, index: int, settings: Settings) -> tuple[Clip, np.ndarray]:
    """One manifest entry and its int16 samples."""
    speech, words = synthesise(line, settings.wpm)
    pause = settings.pause if settings.pause and settings.pause[0] < len(words) - 1 else None
    if pause is not None:  # silence put in between word K and word K + 1
        k, ms = pause
        cut_ms = (words[k][2] + words[k + 1][1]) / 2
        cut = int(cut_ms / 1000 * RATE_HZ)
        gap = int(ms / 1000 * RATE_HZ)
        speech = np.concatenate([speech[:cut], np.zeros(gap), speech[cut:]])
        shift = gap / RATE_HZ * 1000
        words = [w if j <= k else (w[0], w[1] + shift, w[2] + shift)
                 for j, w in enumerate(words)]
    lead = int(settings.lead_ms / 1000 * RATE_HZ)
    tail = int(settings.tail_ms / 1000 * RATE_HZ)
    x = np.concatenate([np.zeros(lead), speech, np.zeros(tail)])
    lead_ms = lead / RATE_HZ * 1000
    spans = [Word(text=t, start_ms=round(s + lead_ms, 3), end_ms=round(e + lead_ms, 3))
             for t, s, e in words]
    start, end = spans[0].start_ms, spans[-1].end_ms
    if settings.snr_db is not None:
        rng = np.random.default_rng([settings.seed, index])
        active = (int(start / 1000 * RATE_HZ), int(end / 1000 * RATE_HZ))
        x = noise.mix(x, noise.cabin(rng, x.size), settings.snr_db, active)
    samples = np.round(x * 32767).astype(np.int16)
    name = f"{line.lang.split('-')[0]}-{index:04d}.wav"
    clip = Clip(file=name, text=line.text, lang=line.lang, intent=line.intent, value=line.value,
                speech_start_ms=start, speech_end_ms=end, words=spans, snr_db=settings.snr_db,
                pause=None if pause is None else Pause(after_word=pause[0], ms=pause[1]))
    return clip, samples


def digest(lines: Sequence[Line], settings: Settings) -> str:
    synth = espeak()
    blob = json.dumps({"v": GENERATOR_VERSION, "settings": asdict(settings),
                       "lines": [asdict(x) for x in lines], "source": synth.source,
                       "seeded": synth.deterministic},
                      sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def generated_set(lines: Sequence[Line], settings: Settings, name: str = "set",
                  root: Path | None = None) -> AudioSet:
    """The set for ``lines`` and ``settings``: from the cache, else generated (progress on
    stderr) and cached. Concurrent callers each write a temporary folder; the first rename
    wins and the others use it."""
    from twin.progress import activity

    folder = (root or cache_root()) / f"{name}-{digest(lines, settings)}"
    if (folder / "manifest.jsonl").is_file():
        return load_set(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    snr = "clean" if settings.snr_db is None else f"SNR {settings.snr_db:g} dB"
    with activity("audio", f"synthesising {len(lines)} utterances with eSpeak NG ({snr}) "
                           f"into {folder}"):
        tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}-", dir=folder.parent))
        try:
            job = tmp / "job.json"
            job.write_text(json.dumps({"lines": [asdict(x) for x in lines],
                                       "settings": asdict(settings)}, ensure_ascii=False),
                           encoding="utf-8")
            done = subprocess.run([sys.executable, "-m", "hil.capture.generate", str(tmp)],
                                  timeout=GENERATE_TIMEOUT_S, check=False)
            if done.returncode != 0:
                raise RuntimeError(f"generating the audio set failed (exit {done.returncode})")
            job.unlink()
            with contextlib.suppress(OSError):  # another process finished first: use its set
                tmp.rename(folder)
        finally:
            if tmp.exists():
                shutil.rmtree(tmp, ignore_errors=True)
    return load_set(folder)


def query_lines(path: Path | None = None, lang: str | None = None) -> list[Line]:
    """The distinct (text, language) lines of a query file (default: the shipped one), with
    their labels; ``lang`` keeps one language."""
    from twin.assistant.queries import DEFAULT_QUERY_FILE, load_queries

    seen: dict[tuple[str, str], Line] = {}
    for q in load_queries(path or DEFAULT_QUERY_FILE):
        if lang is None or q.lang == lang:
            seen.setdefault((q.text, q.lang), Line(q.text, q.lang, q.intent, q.value))
    return list(seen.values())


def main(argv: list[str]) -> int:
    """``python -m hil.capture.generate FOLDER``: synthesise the set ``FOLDER/job.json``
    describes into ``FOLDER`` (the child process :func:`generated_set` starts)."""
    folder = Path(argv[0])
    job = json.loads((folder / "job.json").read_text(encoding="utf-8"))
    raw = job["settings"]
    settings = Settings(**{**raw, "pause": None if raw["pause"] is None else tuple(raw["pause"])})
    lines = [Line(**x) for x in job["lines"]]
    write_set(folder, [make_clip(line, i, settings) for i, line in enumerate(lines)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
