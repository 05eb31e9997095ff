"""Codec, ECU logic and serial framing: round trips and garbage tolerance (hypothesis)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from devices.codec import Result, checksum, decode_checked, encode, load_dbc
from devices.ecu import BoundTwin
from devices.serial_protocol import FrameDecoder, SerialFrame, encode_frame
from hil.rig_file import load_rig

DB = load_dbc()
COMMANDS = [m for m in DB.messages if m.name.endswith(("_Cmd", "_Feedback"))]


@st.composite
def command_values(draw: st.DrawFn) -> tuple[object, dict[str, float]]:
    msg = draw(st.sampled_from(COMMANDS))
    values: dict[str, float] = {}
    for sig in msg.signals:
        if sig.name in ("Counter", "Checksum"):
            continue
        raw = draw(st.integers(0, 2**sig.length - 1))
        phys = sig.conversion.raw_to_scaled(raw, decode_choices=False)
        if sig.minimum is not None and not sig.minimum <= phys <= sig.maximum:
            phys = sig.minimum
        values[sig.name] = phys
    return msg, values


@given(command_values(), st.integers(0, 15))
def test_encode_decode_round_trip(case: tuple[object, dict[str, float]], counter: int) -> None:
    msg, values = case
    data = encode(msg, values, counter=counter)
    decoded = decode_checked(msg, data)
    assert decoded.ok, decoded.violations
    assert decoded.values["Counter"] == counter
    for name, value in values.items():
        assert decoded.values[name] == value


def test_decode_range_checks_what_cantools_does_not() -> None:
    msg = DB.get_message_by_name("HVAC_Cmd")
    data = bytearray(b"\xff" * 8)
    data[7] = checksum(msg.frame_id, bytes(data))
    decoded = decode_checked(msg, bytes(data))
    assert decoded.result is Result.OUT_OF_RANGE
    assert any(v.startswith("TargetTemp=137.5") for v in decoded.violations)


def test_checksum_and_length_are_checked() -> None:
    msg = DB.get_message_by_name("Seat_Cmd")
    good = encode(msg, {"DriverLevel": 2}, counter=3)
    assert decode_checked(msg, good[:7]).result is Result.BAD_LENGTH
    assert decode_checked(msg, good[:7] + bytes([good[7] ^ 1])).result is Result.BAD_CHECKSUM


CABIN = load_rig("ci-virtual")


@given(st.sampled_from(sorted(CABIN.devices)), st.binary(max_size=12))
def test_garbage_never_crashes_a_twin(device: str, data: bytes) -> None:
    ecu = BoundTwin(DB, CABIN.devices[device].spec)
    before = {k: dict(v) for k, v in ecu.state.items()}
    replies = ecu.handle(data)
    assert sum(ecu.results.values()) == 1
    assert replies  # answered visibly, accepted or not
    for reply in replies:
        if reply.result is not Result.ACCEPTED:
            assert ecu.state == before  # a rejected command changes nothing
            status = DB.get_message_by_frame_id(reply.frame_id)
            assert decode_checked(status, reply.data).values["Result"] == reply.result


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 255), st.binary(max_size=20)),
                max_size=8), st.binary(max_size=40), st.integers(1, 7))
def test_serial_frames_survive_noise_and_chunking(
    frames: list[tuple[int, int, bytes]], noise: bytes, chunk: int
) -> None:
    sent = [SerialFrame(t, s, b) for t, s, b in frames]
    stream = noise.replace(b"\x02", b"\x03") + b"".join(encode_frame(f) for f in sent)
    decoder = FrameDecoder()
    got = []
    for i in range(0, len(stream), chunk):
        got += decoder.feed(stream[i : i + chunk])
    assert got == sent


@given(st.binary(max_size=200))
def test_serial_garbage_never_crashes_the_decoder(data: bytes) -> None:
    decoder = FrameDecoder()
    decoder.feed(data)
    frame = SerialFrame(2, 9, b"ok")
    assert decoder.feed(encode_frame(frame) * 2)[-1] == frame


def test_a_stray_stx_and_length_do_not_hold_the_next_frame() -> None:
    # `02 40` (STX, LEN 64) in front of a valid frame must not hold that frame until 66 more
    # bytes arrive: the decoder resyncs instead of timing out the request/reply exchange
    frame = SerialFrame(2, 7, bytes(range(10)))
    decoder = FrameDecoder()
    assert decoder.feed(b"\x02\x40" + encode_frame(frame)) == [frame]
    assert decoder.resyncs == 1 and decoder.discarded_bytes == 2
    chunked = FrameDecoder()
    wire = b"\x02\x40\x99" + encode_frame(frame)
    got = [f for i in range(len(wire)) for f in chunked.feed(wire[i : i + 1])]
    assert got == [frame]


@given(st.lists(st.tuples(st.integers(1, 4), st.integers(0, 255), st.binary(max_size=20)),
                min_size=1, max_size=3), st.integers(2, 64), st.binary(max_size=12))
def test_frames_after_noise_with_stx_bytes_arrive_without_waiting(
    frames: list[tuple[int, int, bytes]], stray_len: int, noise: bytes
) -> None:
    sent = [SerialFrame(t, s, b) for t, s, b in frames]
    decoder = FrameDecoder()
    got = decoder.feed(bytes([2, stray_len]) + noise + b"".join(encode_frame(f) for f in sent))
    assert got[-len(sent):] == sent  # nothing held back for bytes that never come


STATUSES_E2E = [m for m in DB.messages if any(s.name == "AliveCounter" for s in m.signals)]


@given(st.sampled_from(STATUSES_E2E), st.binary(min_size=8, max_size=8), st.integers(0, 255))
def test_restamp_changes_only_the_alive_counter_and_crc(msg, data: bytes, alive: int) -> None:
    from devices.codec import ALIVE_SIGNAL, decode_values, e2e_crc, restamp

    data = data[:msg.length]
    out = restamp(msg, data, alive)
    before, after = decode_values(msg, data), decode_values(msg, out)
    assert after[ALIVE_SIGNAL] == alive & 0x0F
    assert {k: v for k, v in after.items() if k not in (ALIVE_SIGNAL, "Crc")} == {
        k: v for k, v in before.items() if k not in (ALIVE_SIGNAL, "Crc")}
    assert out[7] == e2e_crc(msg.frame_id, out)  # a valid frame, whatever came in
    assert decode_checked(msg, out).result is not Result.BAD_CHECKSUM


@given(st.integers(0, 0x7FF), st.binary(min_size=8, max_size=8))
def test_e2e_crc_agrees_with_the_crc_package(frame_id: int, data: bytes) -> None:
    from crc import Calculator, Crc8

    from devices.codec import e2e_crc

    package = Calculator(Crc8.SAEJ1850).checksum(bytes([frame_id & 0xFF, frame_id >> 8]) + data[:7])
    assert e2e_crc(frame_id, data) == package
