"""``vad``: the real ``capture`` stage: utterance audio played frame by frame on the lockstep's
clock, a real VAD (Silero or WebRTC) and the endpointer deciding the end of speech
(:mod:`hil.capture.stage`; settings in the scenario's ``[capture]`` table)."""

from __future__ import annotations

from contextlib import ExitStack

from hil.backends import RealParts, RunContext, stage_backend


@stage_backend("vad", ("capture",), default_for=("capture",),
               help="utterance audio through a real VAD (Silero or WebRTC) to the end of "
                    "speech ([capture])")
def open_vad(ctx: RunContext, stack: ExitStack, parts: RealParts) -> None:
    from hil.capture.backend import open_capture  # numpy audio, onnxruntime, webrtcvad

    stage = open_capture(ctx.scenario, ctx.seed)
    parts.work["capture"] = stage.work
    parts.hooks.append(stage)
