"""Cache files written atomically, rebuilt when unreadable, built once across builders
(:mod:`hil.llm.cache_files`), with a fake builder and an injected clock (no model)."""

from __future__ import annotations

import fcntl
import multiprocessing
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from hil.llm.cache_files import (
    build_lock,
    cached,
    load_npy,
    load_npz,
    save_npy,
    save_npz,
    write_atomic,
)


class FakeBuild:
    """Counts its builds; optionally waits for ``release`` after saying it started."""

    def __init__(self, value: float = 7.0, release: threading.Event | None = None) -> None:
        self.calls = 0
        self.value = value
        self.started = threading.Event()
        self.release = release

    def __call__(self) -> np.ndarray:
        self.calls += 1
        self.started.set()
        if self.release is not None:
            assert self.release.wait(30)
        return np.full((3, 4), self.value)


def test_builds_once_then_reads(tmp_path: Path) -> None:
    file = tmp_path / "head-x.npy"
    build = FakeBuild()
    first = cached(file, "x", load_npy, build, save_npy)
    second = cached(file, "x", load_npy, build, save_npy)
    assert build.calls == 1
    np.testing.assert_array_equal(first, second)
    assert np.load(file).shape == (3, 4)  # the name is the cache's own (no suffix added)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["head-x.npy", "head-x.npy.lock"]


def test_half_written_npy_is_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "head-x.npy"
    np.save(file, np.ones((50, 50)))
    file.write_bytes(file.read_bytes()[:300])  # truncated by a writer that died
    build = FakeBuild(2.0)
    got = cached(file, "x", load_npy, build, save_npy)
    assert build.calls == 1
    assert float(got[0, 0]) == 2.0
    assert float(np.load(file)[0, 0]) == 2.0  # the rebuilt file replaced the broken one
    assert "unreadable" in capsys.readouterr().err


def test_half_written_npz_is_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "head-fit-x.npz"
    np.savez(file, w=np.arange(1000.0), mean=np.zeros(3))
    file.write_bytes(file.read_bytes()[:-40])
    made = {"w": np.arange(3.0)}
    got = cached(file, "fit", load_npz, lambda: made, save_npz)
    assert list(got) == ["w"] and list(load_npz(file)["w"]) == [0.0, 1.0, 2.0]
    assert capsys.readouterr().err.count("\n") == 1  # one line on stderr


def test_garbage_file_is_rebuilt(tmp_path: Path) -> None:
    file = tmp_path / "grams-fit-x.npz"
    file.write_bytes(b"not a zip at all")
    got = cached(file, "fit", load_npz, lambda: {"w": np.ones(2)}, save_npz)
    assert list(got["w"]) == [1.0, 1.0]


def test_failed_save_leaves_no_file(tmp_path: Path) -> None:
    file = tmp_path / "rows-x.npz"

    def broken(out: object) -> None:
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write_atomic(file, broken)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary


def test_two_builders_build_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "head-x.npy"
    release = threading.Event()
    build = FakeBuild(5.0, release)
    results: list[np.ndarray] = []

    def run() -> None:
        results.append(cached(file, "the examples", load_npy, build, save_npy, poll_s=0.01))

    first = threading.Thread(target=run)
    first.start()
    assert build.started.wait(30)  # the first holds the lock, building
    second = threading.Thread(target=run)
    second.start()
    while "waiting for another process building the examples" not in capsys.readouterr().err:
        assert second.is_alive()
        second.join(0.01)
    release.set()
    first.join(30)
    second.join(30)
    assert build.calls == 1
    assert len(results) == 2 and all(float(r[0, 0]) == 5.0 for r in results)


def test_held_lock_past_its_bound_builds_own(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "head-fit-x.npz"
    now = [0.0]
    slept: list[float] = []

    def sleep(s: float) -> None:
        slept.append(s)
        now[0] += s

    with open(tmp_path / "head-fit-x.npz.lock", "a+b") as holder:  # a hung process's lock
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        got = cached(file, "the fit", load_npz, lambda: {"w": np.ones(1)}, save_npz,
                     wait_s=10.0, poll_s=1.0, clock=lambda: now[0], sleep=sleep)
    assert list(got["w"]) == [1.0]
    assert len(slept) == 10  # waited its bound, then built its own copy
    err = capsys.readouterr().err
    assert "waiting for another process building the fit" in err and "gave up" in err
    assert err.count("waiting for another") == 1  # said once, not every poll


def test_left_lock_file_is_harmless(tmp_path: Path) -> None:
    file = tmp_path / "head-x.npy"
    (tmp_path / "head-x.npy.lock").write_bytes(b"")  # left by a process that died
    with build_lock(file, "x", wait_s=0.0) as held:
        assert held
    build = FakeBuild()
    cached(file, "x", load_npy, build, save_npy, wait_s=0.0)
    assert build.calls == 1 and file.is_file()


def _build_in_process(file: Path, builds: Path, started: Any, release: Any,
                      waiting: Any) -> None:
    """A process building ``file`` with a fake build (an appended line per build)."""

    def build() -> np.ndarray:
        with open(builds, "a") as out:
            out.write("built\n")
        started.set()
        assert release.wait(30)
        return np.arange(4.0)

    def sleep(s: float) -> None:
        waiting.set()
        time.sleep(s)

    got = cached(file, "x", load_npy, build, save_npy, poll_s=0.01, sleep=sleep)
    assert list(got) == [0.0, 1.0, 2.0, 3.0]


def test_two_processes_build_once(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    file, builds = tmp_path / "head-x.npy", tmp_path / "builds.txt"
    started, release = context.Event(), context.Event()
    waiting = [context.Event(), context.Event()]
    first = context.Process(target=_build_in_process,
                            args=(file, builds, started, release, waiting[0]))
    first.start()
    assert started.wait(30)  # the first process holds the lock, building
    second = context.Process(target=_build_in_process,
                             args=(file, builds, started, release, waiting[1]))
    second.start()
    assert waiting[1].wait(30)  # the second found the lock held and waits
    release.set()
    first.join(30)
    second.join(30)
    assert (first.exitcode, second.exitcode) == (0, 0)
    assert builds.read_text() == "built\n"  # one build; the second read the first's file
    assert not waiting[0].is_set()
