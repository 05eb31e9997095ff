"""Cabin noise, generated: engine harmonics, road noise and the climate fan, and mixing at an
SNR.

- **engine**: the firing frequency of a four-cylinder engine (two firings per revolution) and
  its first harmonics, with the rpm wandering slowly around its set point;
- **road**: tyre and wind noise, Brownian-like (white noise through a first-order low-pass at
  ``ROAD_CORNER_HZ``), most of its energy below a few hundred hertz as in a real cabin;
- **fan**: broadband air noise (band-passed white noise) plus the blade-pass tone.

Every part is deterministic by its generator; :func:`mix` scales the noise so that the speech
part of the signal (``speech``, the active region) is ``snr_db`` above the noise's power.
"""

from __future__ import annotations

import numpy as np
from scipy import signal

RATE_HZ = 16_000
ROAD_CORNER_HZ = 120.0
FAN_BAND_HZ = (300.0, 3000.0)
ENGINE_RPM = 2200.0
CYLINDERS = 4
BLADES = 7
FAN_RPM = 1800.0


def engine(rng: np.random.Generator, n: int, rate: int = RATE_HZ) -> np.ndarray:
    """Engine orders 2, 4, 6 of a four-cylinder at ~:data:`ENGINE_RPM`, wandering +/- 5 %."""
    t = np.arange(n) / rate
    wander = 1.0 + 0.05 * np.sin(2 * np.pi * rng.uniform(0.05, 0.2) * t + rng.uniform(0, 6.3))
    firing_hz = ENGINE_RPM / 60.0 * CYLINDERS / 2.0 * wander
    phase = 2 * np.pi * np.cumsum(firing_hz) / rate
    out = np.zeros(n)
    for order, gain in ((1, 1.0), (2, 0.5), (3, 0.25)):
        out += gain * np.sin(order * phase + rng.uniform(0, 2 * np.pi))
    return out


def road(rng: np.random.Generator, n: int, rate: int = RATE_HZ) -> np.ndarray:
    """White noise through a first-order low-pass at :data:`ROAD_CORNER_HZ`."""
    b, a = signal.butter(1, ROAD_CORNER_HZ, fs=rate)
    return signal.lfilter(b, a, rng.standard_normal(n))  # type: ignore[no-any-return]


def fan(rng: np.random.Generator, n: int, rate: int = RATE_HZ) -> np.ndarray:
    """Band-passed air noise plus the blade-pass tone (:data:`BLADES` x :data:`FAN_RPM`)."""
    sos = signal.butter(2, FAN_BAND_HZ, btype="bandpass", fs=rate, output="sos")
    air = signal.sosfilt(sos, rng.standard_normal(n))
    t = np.arange(n) / rate
    tone = 0.3 * np.std(air) * np.sin(2 * np.pi * BLADES * FAN_RPM / 60.0 * t)
    return air + tone  # type: ignore[no-any-return]


def cabin(rng: np.random.Generator, n: int, rate: int = RATE_HZ) -> np.ndarray:
    """The three parts at equal power, normalised to unit RMS."""
    parts = [engine(rng, n, rate), road(rng, n, rate), fan(rng, n, rate)]
    out = sum(p / max(float(np.sqrt(np.mean(p**2))), 1e-12) for p in parts)
    return out / max(float(np.sqrt(np.mean(out**2))), 1e-12)  # type: ignore[no-any-return]


def mix(speech: np.ndarray, noise: np.ndarray, snr_db: float,
        active: tuple[int, int]) -> np.ndarray:
    """``speech + k * noise`` (float, full scale 1.0) with ``k`` chosen so that the speech's
    power over ``active`` (sample range) is ``snr_db`` above the noise's; clipped to +/-1."""
    lo, hi = active
    power = float(np.mean(speech[lo:hi] ** 2)) if hi > lo else 0.0
    noise_power = float(np.mean(noise**2))
    if power <= 0.0 or noise_power <= 0.0:
        return speech.copy()
    k = np.sqrt(power / noise_power / 10 ** (snr_db / 10.0))
    return np.clip(speech + k * noise, -1.0, 1.0)  # type: ignore[no-any-return]
