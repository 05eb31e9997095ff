"""The one registry of fault kinds a scenario's ``[[faults]]`` may name.

Each kind is a *twin* fault (latency added to modelled stages: a table model here whose
``behaviour`` is a :class:`latency_models.faults.Fault`), a *link* fault (applied to a rig's
real CAN / serial links by the hardware floor), a *dut* fault (applied to the device under
test) or an *audio* fault (applied to the microphone's audio by a real ``capture`` stage).
:data:`FAULT_KINDS` is the only place that decides which is which: the scenario loader, the
rig session, the capture stage and the verify strategies all read it.

Adding a twin fault kind is one new module: a ``Fault`` dataclass (the behaviour and its
defaults) and a :class:`TwinFaultBase` table model naming it in ``behaviour``; the module is
found by name through the ``twin.faults`` entry-point group (``KIND = "module:Model"``),
as python-can finds its interfaces.
"""

from __future__ import annotations

import sys
from dataclasses import MISSING, dataclass
from dataclasses import fields as dataclass_fields
from importlib.metadata import entry_points
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from latency_models import faults as lf
from latency_models.stages import STAGES
from twin.config.base import Milliseconds, Probability, Strict, tagged_union

ENTRY_POINTS = "twin.faults"
"""The entry-point group fault kinds outside this package register under (name = kind)."""


def default_of(behaviour: type[lf.Fault], name: str) -> Any:
    """The default of ``behaviour``'s field ``name``: defaults are written once, there."""
    for f in dataclass_fields(behaviour):
        if f.name == name and f.default is not MISSING:
            return f.default
    raise KeyError(f"{behaviour.__name__}.{name} has no default")


StageName = Literal["capture", "network", "scheduling", "model_load", "inference", "render"]
assert tuple(StageName.__args__) == STAGES  # type: ignore[attr-defined]


class TwinFaultBase(Strict):
    """Keys every twin fault takes: its window on the simulated clock and its stages.
    ``behaviour`` is the :class:`latency_models.faults.Fault` the table builds."""

    behaviour: ClassVar[type[lf.Fault]] = lf.Fault

    start_ms: Milliseconds = Field(0.0, description="when the fault starts (ms)")
    duration_ms: Milliseconds | None = Field(
        None, gt=0, description="how long each window lasts (ms); none: until the end")
    every_ms: Milliseconds | None = Field(
        None, ge=1, description="the window repeats with this period (ms)")
    until_ms: Milliseconds | None = Field(None, description="no window after this time (ms)")
    stages: list[StageName] | None = Field(
        None, description="stages it targets (default: the kind's own)")

    def build(self) -> lf.Fault:
        """The :mod:`latency_models.faults` object, with the same numbers as the table."""
        cls = self.behaviour
        kwargs: dict[str, object] = {}
        for key in self.model_fields_set - {"kind"}:
            value = getattr(self, key)
            if value is None:
                continue
            kwargs[key] = tuple(value) if key == "stages" else float(value)
        return cls(**kwargs)  # type: ignore[no-any-return]


class RttSpikeFault(TwinFaultBase):
    """RTT spike / 5G handover: the network RTT jumps from ``base_ms`` to ``spike_ms``."""

    behaviour = lf.RttSpike
    kind: Literal["rtt_spike"]
    base_ms: Milliseconds = Field(default_of(lf.RttSpike, "base_ms"),
                                  description="the RTT outside the spike (ms)")
    spike_ms: Milliseconds = Field(default_of(lf.RttSpike, "spike_ms"),
                                   description="the RTT during the spike (ms)")


class PacketLossFault(TwinFaultBase):
    """Loss with retransmission: each lost attempt costs one ``rto_ms``."""

    behaviour = lf.PacketLoss
    kind: Literal["packet_loss"]
    loss: float = Field(default_of(lf.PacketLoss, "loss"), ge=0, lt=1,
                        description="probability an attempt is lost")
    rto_ms: Milliseconds = Field(default_of(lf.PacketLoss, "rto_ms"),
                                 description="retransmission timeout (ms)")


class ColdLoadFault(TwinFaultBase):
    """Cold model load: the first request after each eviction pays ``cold_ms``."""

    behaviour = lf.ColdLoad
    kind: Literal["cold_load"]
    cold_ms: Milliseconds = Field(default_of(lf.ColdLoad, "cold_ms"),
                                  description="time to load the model again (ms)")


class FragmentationFault(TwinFaultBase):
    """Memory-fragmentation drift: latency grows until a restart."""

    behaviour = lf.Fragmentation
    kind: Literal["fragmentation"]
    growth_per_s: float = Field(default_of(lf.Fragmentation, "growth_per_s"), ge=0, le=100,
                                description="extra latency per second (fraction of the base)")
    restart_every_ms: Milliseconds | None = Field(
        None, gt=0, description="a restart resets the drift (ms); none: never")


class PauseFault(TwinFaultBase):
    """Stop-the-world pause: every request in flight in its stages stops."""

    behaviour = lf.Pause
    kind: Literal["pause"]


LinkKind = Literal["can_drop", "can_delay", "can_duplicate", "can_corrupt", "can_bad_dlc",
                   "can_error_frames", "bus_off", "device_silent", "ecu_silent",
                   "serial_disconnect"]


class LinkFault(Strict):
    """A fault on a rig's real links (CAN or serial), on the scenario's clock like every fault:
    it hits the commands of the requests that arrive inside its window."""

    kind: LinkKind
    device: str = Field("*", min_length=1, description="a rig device, or '*' for every one")
    start_ms: Milliseconds = Field(0.0, description="when it starts (ms on the scenario's "
                                   "clock: requests arriving from then on are hit)")
    duration_ms: Milliseconds | None = Field(None, description="how long (ms); none: to the end")
    probability: Probability = Field(1.0, description="chance per frame")
    delay_ms: float | None = Field(None, ge=0, le=10_000,
                                   description="can_delay: the delay; can_error_frames: the "
                                               "retransmission delay (default 0.5 ms)")

    @model_validator(mode="after")
    def _delay_given(self) -> LinkFault:
        if self.kind == "can_delay" and self.delay_ms is None:
            raise ValueError("delay_ms for can_delay (the delay in ms)")
        if self.kind == "ecu_silent" and self.probability != 1.0:
            raise ValueError("probability 1 for ecu_silent (the ECU sends nothing for the "
                             "whole window)")
        return self

    def build(self) -> lf.LinkWindow:
        """Its window on the scenario's clock (no modelled latency: the rig applies it)."""
        duration = float("inf") if self.duration_ms is None else float(self.duration_ms)
        return lf.LinkWindow(start_ms=float(self.start_ms), duration_ms=duration,
                             kind=self.kind, device=self.device)


class DutFault(Strict):
    """A fault of the device under test in a real run (applied by the bench), keyed on the
    DUT request count."""

    kind: Literal["dut_crash", "dut_hang", "dut_http_5xx", "dut_reset"]
    at_request: int = Field(ge=0, description="the DUT request (0-based) it hits")
    requests: int = Field(1, gt=0, description="dut_hang: how many requests it lasts")
    route: Literal["terminal", "edge", "cloud"] = Field("terminal", description="placement")


DUT_FAULT_KINDS: tuple[str, ...] = DutFault.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]


class AudioFault(Strict):
    """A fault of the microphone's audio in a real ``capture`` stage (applied by the capture
    backend), on the scenario's clock: it hits the utterances of the requests that arrive
    inside its window, each with ``probability``.

    - ``noise_burst``: noise ``level_db`` relative to the speech (0: as loud) for
      ``length_ms``, starting at ``at`` (a fraction of the speech span; 1.0: at its end, which
      keeps a VAD open: a missed or late endpoint);
    - ``mic_dropout``: the microphone delivers silence (zero frames) for ``length_ms`` from
      ``at`` (inside the speech: a premature endpoint when longer than the minimum silence);
    - ``clock_drift``: the audio source's clock runs ``ppm`` parts per million fast (negative:
      slow): its frames carry that much more (less) audio than their nominal length.
    """

    kind: Literal["noise_burst", "mic_dropout", "clock_drift"]
    start_ms: Milliseconds = Field(0.0, description="when it starts (ms on the scenario's "
                                   "clock: requests arriving from then on are hit)")
    duration_ms: Milliseconds | None = Field(None, description="how long (ms); none: to the end")
    probability: Probability = Field(1.0, description="chance per request in the window")
    at: float = Field(0.5, ge=0, le=1.5, allow_inf_nan=False,
                      description="noise_burst, mic_dropout: where it starts, as a fraction "
                                  "of the speech span (1: at the true end)")
    length_ms: Milliseconds = Field(600.0, gt=0, le=60_000,
                                    description="noise_burst, mic_dropout: how long (ms)")
    level_db: float = Field(0.0, ge=-60, le=30, allow_inf_nan=False,
                            description="noise_burst: its power relative to the speech (dB)")
    ppm: float = Field(20_000.0, ge=-200_000, le=200_000, allow_inf_nan=False,
                       description="clock_drift: how fast the source's clock runs (ppm)")


AUDIO_FAULT_KINDS: tuple[str, ...] = AudioFault.model_fields["kind"].annotation.__args__  # type: ignore[union-attr]


@dataclass(frozen=True)
class FaultKind:
    """One registry entry: which floor applies the fault, and its table's model."""

    name: str
    domain: Literal["twin", "link", "dut", "audio"]
    model: type[Strict]


def _kind_name(model: type[Strict]) -> str:
    """The one ``kind`` a twin fault model's ``Literal`` names."""
    names = getattr(model.model_fields["kind"].annotation, "__args__", ())
    if len(names) != 1 or not isinstance(names[0], str):
        raise TypeError(f"{model.__name__}.kind: a Literal of one kind name")
    return str(names[0])


BUILTIN_TWIN_MODELS: tuple[type[TwinFaultBase], ...] = (
    RttSpikeFault, PacketLossFault, ColdLoadFault, FragmentationFault, PauseFault)
LINK_FAULT_KINDS: tuple[str, ...] = LinkKind.__args__  # type: ignore[attr-defined]


def _plugins() -> dict[str, type[TwinFaultBase]]:
    """Twin fault kinds registered under :data:`ENTRY_POINTS` (name = kind). One that does
    not load, or is not a twin fault model of that kind, is left out with a warning."""
    found: dict[str, type[TwinFaultBase]] = {}
    for ep in entry_points(group=ENTRY_POINTS):
        try:
            model = ep.load()
            ok = (isinstance(model, type) and issubclass(model, TwinFaultBase)
                  and issubclass(model.behaviour, lf.Fault) and _kind_name(model) == ep.name)
        except Exception as exc:  # a broken plugin must not take the bench down
            print(f"warning: fault kind {ep.name!r} ({ep.value}) not loaded: {exc}",
                  file=sys.stderr)
            continue
        if not ok:
            print(f"warning: fault kind {ep.name!r} ({ep.value}) not loaded: expected a "
                  f"TwinFaultBase model with kind = {ep.name!r}", file=sys.stderr)
            continue
        found[ep.name] = model
    return found


def _registry() -> dict[str, FaultKind]:
    kinds: dict[str, FaultKind] = {}
    for model in BUILTIN_TWIN_MODELS:
        kinds[_kind_name(model)] = FaultKind(_kind_name(model), "twin", model)
    kinds.update({k: FaultKind(k, "link", LinkFault) for k in LINK_FAULT_KINDS})
    kinds.update({k: FaultKind(k, "dut", DutFault) for k in DUT_FAULT_KINDS})
    kinds.update({k: FaultKind(k, "audio", AudioFault) for k in AUDIO_FAULT_KINDS})
    for name, model in _plugins().items():
        if name in kinds:
            print(f"warning: fault kind {name!r} from {ENTRY_POINTS} ignored: a built-in "
                  "kind has that name", file=sys.stderr)
            continue
        kinds[name] = FaultKind(name, "twin", model)
    return kinds


#: every fault kind a scenario may name
FAULT_KINDS: dict[str, FaultKind] = _registry()
TWIN_FAULT_KINDS: tuple[str, ...] = tuple(k for k, v in FAULT_KINDS.items()
                                          if v.domain == "twin")

FaultSpec = tagged_union("kind", {k: v.model for k, v in FAULT_KINDS.items()})


def is_link_fault(kind: object) -> bool:
    """True for a fault the rig applies to its links, False for a twin (latency) fault."""
    return isinstance(kind, str) and FAULT_KINDS.get(kind) is not None and \
        FAULT_KINDS[kind].domain == "link"
