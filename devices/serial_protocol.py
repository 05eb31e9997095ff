"""The serial bench-rig protocol (see ``SERIAL_PROTOCOL.md``): framing, CRC and a decoder
that resynchronises on garbage."""

from __future__ import annotations

import binascii
import struct
from dataclasses import dataclass, field
from enum import IntEnum

STX = 0x02
MAX_LEN = 64  # TYPE + SEQ + BODY


class FrameType(IntEnum):
    COMMAND = 0x01  # body: frame id (u16 BE) + the 8 data bytes of the DBC command message
    STATUS = 0x02  # body: frame id (u16 BE) + the 8 data bytes of the DBC status message
    PING = 0x03  # body: anything (may be empty)
    PONG = 0x04  # body: the PING's body, echoed


@dataclass(frozen=True)
class SerialFrame:
    type: int
    seq: int
    body: bytes = b""


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as ``binascii.crc_hqx`` computes it."""
    return binascii.crc_hqx(data, 0xFFFF)


def encode_frame(frame: SerialFrame) -> bytes:
    core = bytes([2 + len(frame.body), frame.type & 0xFF, frame.seq & 0xFF]) + frame.body
    if core[0] > MAX_LEN:
        raise ValueError(f"body too long: {len(frame.body)} bytes")
    return bytes([STX]) + core + struct.pack(">H", crc16(core))


def can_body(frame_id: int, data: bytes) -> bytes:
    return struct.pack(">H", frame_id) + bytes(data)


def split_can_body(body: bytes) -> tuple[int, bytes] | None:
    if len(body) < 2:
        return None
    return struct.unpack(">H", body[:2])[0], body[2:]


@dataclass
class FrameDecoder:
    """Feed bytes, get complete frames; bad CRC or length drops the STX and resyncs.

    A stray STX followed by a plausible LEN (``02 40``) would otherwise hold the next valid
    frame until LEN more bytes arrive: while a frame is incomplete, a complete CRC-valid frame
    starting at a later STX in the buffer wins, and the bytes before it are discarded.
    """

    buffer: bytearray = field(default_factory=bytearray)
    crc_errors: int = 0
    discarded_bytes: int = 0
    resyncs: int = 0

    def feed(self, data: bytes) -> list[SerialFrame]:
        self.buffer.extend(data)
        frames: list[SerialFrame] = []
        buf = self.buffer
        while buf:
            start = buf.find(STX)
            if start < 0:
                self.discarded_bytes += len(buf)
                buf.clear()
                break
            if start:
                self.discarded_bytes += start
                del buf[:start]
            if len(buf) < 2:
                break
            length = buf[1]
            if length < 2 or length > MAX_LEN:
                self.discarded_bytes += 1
                del buf[:1]
                continue
            total = 1 + 1 + length + 2
            if len(buf) < total:
                later = _next_valid_frame(buf, 1)
                if later is None:
                    break
                self.resyncs += 1
                self.discarded_bytes += later
                del buf[:later]
                continue
            core = bytes(buf[1 : 2 + length])
            (crc,) = struct.unpack(">H", buf[2 + length : total])
            if crc != crc16(core):
                self.crc_errors += 1
                self.discarded_bytes += 1
                del buf[:1]
                continue
            frames.append(SerialFrame(core[1], core[2], core[3:]))
            del buf[:total]
        return frames


def _next_valid_frame(buf: bytearray, begin: int) -> int | None:
    """The offset of the first STX at or after ``begin`` that starts a complete frame with a
    valid length and CRC, or None."""
    at = buf.find(STX, begin)
    while at >= 0:
        if at + 1 < len(buf) and 2 <= buf[at + 1] <= MAX_LEN:
            length = buf[at + 1]
            end = at + 2 + length + 2
            if end <= len(buf):
                (crc,) = struct.unpack(">H", buf[at + 2 + length : end])
                if crc == crc16(bytes(buf[at + 1 : at + 2 + length])):
                    return at
        at = buf.find(STX, at + 1)
    return None
