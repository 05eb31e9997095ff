"""The capture stage's audio with a known truth, and the two real VADs on it: eSpeak NG speaks
the project's query lines (>= 20 English and >= 20 Mandarin), the word boundaries it reports
agree with the speech the VADs detect, and a pause longer than the endpointer's minimum silence
ends the utterance early, truncated at the last word before the decision."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hil.capture.audioset import MANIFEST, AudioSet, load_set, read_wav
from hil.capture.generate import Line, Settings, generated_set, query_lines
from hil.capture.vad import Endpointer, frames_of, make_vad, speech_probabilities
from twin.errors import InputError

N_PER_LANG = 20
#: WebRTC mode 0 keeps reporting speech this long after the last voiced frame at most (its own
#: overhang, ~150 ms measured here); Silero's recurrent state lags by up to about as much
HANGOVER_MAX_MS = 200.0


def _lines() -> list[Line]:
    en = query_lines(lang="en")[:N_PER_LANG]
    zh = query_lines(lang="zh-CN")[:N_PER_LANG]
    return en + zh


@pytest.fixture(scope="session")
def audio_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("audio")


@pytest.fixture(scope="session")
def clean(audio_root: Path) -> AudioSet:
    return generated_set(_lines(), Settings(snr_db=None), "clean", audio_root)


@pytest.fixture(scope="session")
def paused(audio_root: Path) -> AudioSet:
    """Every line with 800 ms of silence after its first word (lines of two words or more)."""
    lines = [x for x in _lines() if len(x.text.split()) >= 3 or x.lang == "zh-CN"]
    return generated_set(lines, Settings(snr_db=None, pause=(0, 800.0)), "paused", audio_root)


def test_the_set_has_both_languages_and_a_checked_manifest(clean: AudioSet) -> None:
    langs = [c.lang for c in clean.clips]
    assert langs.count("en") >= N_PER_LANG and langs.count("zh-CN") >= N_PER_LANG
    again = load_set(clean.folder)  # the cache: the same manifest read back, every line checked
    assert again.clips == clean.clips
    for i, clip in enumerate(clean.clips):
        audio = read_wav(clean.folder / clip.file)
        assert audio.dtype == np.int16 and audio.size / 16 > clip.speech_end_ms
        assert clip.intent and clip.words[0].start_ms == clip.speech_start_ms
        # speech where the manifest says; the lead is silent (a sound 45 dB under the peak
        # may reach into it: the word edge is where the sound rises above that)
        lead = audio[: int(clip.speech_start_ms * 16) - 16]
        assert np.abs(lead).max() < 16384 * 10 ** (-45 / 20) * 2, i
        assert np.abs(audio[int(clip.speech_start_ms * 16):int(clip.speech_end_ms * 16)]
                      ).max() > 1000


@pytest.mark.parametrize("frame_ms", [10, 20, 30])
def test_webrtc_speech_starts_within_one_frame_of_the_first_word(clean: AudioSet,
                                                                 frame_ms: int) -> None:
    """The least aggressive WebRTC mode fires on the first voiced frame; it ends within one
    frame before the true end and at most its overhang after."""
    vad = make_vad("webrtc", frame_ms, aggressiveness=0)
    late = []
    for i, clip in enumerate(clean.clips):
        speech = np.flatnonzero(speech_probabilities(vad, clean.audio(i)) >= 0.5)
        start, end = speech[0] * frame_ms, (speech[-1] + 1) * frame_ms
        if frame_ms == 10:  # a frame's resolution: the onset is in the frame that has it
            assert abs(start - clip.speech_start_ms) <= frame_ms, (clip.text, start)
        late.append(start - clip.speech_start_ms)
        assert clip.speech_end_ms - frame_ms <= end <= clip.speech_end_ms + HANGOVER_MAX_MS, (
            clip.text, end, clip.speech_end_ms)
    # longer frames: the onset is within one frame for nearly every clip
    assert np.mean(np.abs(np.array(late)) <= frame_ms) >= 0.9


@pytest.mark.parametrize("name", ["webrtc", "silero"])
def test_every_reported_word_is_heard_as_speech(clean: AudioSet, name: str) -> None:
    """Each word span the synthesiser reported holds a frame the VAD calls speech (within the
    VAD's window after it), and the VAD hears no speech outside the true span (one window
    before it, its hangover after it)."""
    vad = make_vad(name, 10, aggressiveness=0)
    for i, clip in enumerate(clean.clips):
        p = speech_probabilities(vad, clean.audio(i))
        t = np.arange(p.size) * 10.0
        speech = t[p >= 0.5]
        for w in clip.words:
            assert np.any((speech >= w.start_ms - 10) & (speech < w.end_ms + vad.window_ms)), (
                name, clip.text, w.text)
        assert speech[0] >= clip.speech_start_ms - vad.window_ms - 10
        assert speech[-1] <= clip.speech_end_ms + HANGOVER_MAX_MS


@pytest.mark.parametrize("name", ["webrtc", "silero"])
def test_a_pause_longer_than_the_minimum_silence_ends_the_request_early(
        paused: AudioSet, name: str) -> None:
    vad = make_vad(name, 30, aggressiveness=0)
    assert len(paused.clips) >= 30
    for i, clip in enumerate(paused.clips):
        assert clip.pause is not None
        ep = Endpointer(threshold=0.5, min_silence_ms=300.0, frame_ms=30)
        vad.reset()
        for frame in frames_of(paused.audio(i), 30):
            if ep.push(vad.probability(frame)):
                break
        assert ep.ended_at_ms is not None
        first = clip.words[0]
        assert first.end_ms < ep.ended_at_ms < clip.words[1].start_ms < clip.speech_end_ms
        heard = clip.heard(ep.ended_at_ms)
        assert heard == first.text and heard != clip.text  # the assistant gets one word


@pytest.mark.parametrize("name", ["webrtc", "silero"])
def test_without_a_pause_the_end_is_declared_after_the_true_end(clean: AudioSet,
                                                                name: str) -> None:
    """No premature endpoint on clean speech at 300 ms minimum silence: the decision comes after
    the true end, by the minimum silence plus the VAD's lag at most."""
    vad = make_vad(name, 30, aggressiveness=0)
    for i, clip in enumerate(clean.clips):
        ep = Endpointer(threshold=0.5, min_silence_ms=300.0, frame_ms=30)
        vad.reset()
        for frame in frames_of(clean.audio(i), 30):
            if ep.push(vad.probability(frame)):
                break
        assert ep.ended_at_ms is not None, clip.text
        latency = ep.ended_at_ms - clip.speech_end_ms
        assert 300.0 - 30 <= latency <= 300.0 + HANGOVER_MAX_MS + 30, (clip.text, latency)
        assert clip.heard(ep.ended_at_ms) == clip.text


def test_noise_is_mixed_at_the_asked_snr(audio_root: Path, clean: AudioSet) -> None:
    noisy = generated_set(_lines()[:4], Settings(snr_db=10.0), "noisy", audio_root)
    for i, clip in enumerate(noisy.clips):
        x = noisy.audio(i).astype(float)
        s = clean.audio(i).astype(float)[: x.size]
        lo, hi = int(clip.speech_start_ms * 16), int(clip.speech_end_ms * 16)
        snr = 10 * np.log10(np.mean(s[lo:hi] ** 2) / np.mean((x - s) ** 2))
        assert abs(snr - 10.0) < 0.5, snr
        assert clip.snr_db == 10.0 and clip.words == clean.clips[i].words


def test_a_bad_manifest_line_is_one_error_naming_line_and_key(tmp_path: Path,
                                                              clean: AudioSet) -> None:
    lines = (clean.folder / MANIFEST).read_text(encoding="utf-8").splitlines()
    (tmp_path / MANIFEST).write_text(lines[0].replace('"speech_end_ms"', '"speech_stop_ms"')
                                     + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"line 1\.speech_end_ms: expected a value"):
        load_set(tmp_path)
    (tmp_path / MANIFEST).write_text(lines[0] + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"line 1\.file: expected a WAV file"):
        load_set(tmp_path)
