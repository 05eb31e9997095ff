"""The truncated copy of the model is found by a ``stat`` of its source, never by reading it.

A start that finds its copy must not parse the GGUF (13-26 s for the shipped model on a loaded
2-core host); a changed source must still name another copy; a first use says on stderr what it
writes. On the tiny random-weight GGUF, in ``tmp_path``.
"""

from __future__ import annotations

import os
from pathlib import Path

import gguf
import pytest

from hil.llm import model_files
from hil.llm.model_files import truncated
from tests.fixtures_gguf import LAYERS, write_tiny_llama_gguf
from twin import progress
from twin.errors import InputError


def _no_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the source GGUF was read")

    monkeypatch.setattr(gguf, "GGUFReader", refuse)


def test_a_start_that_finds_its_copy_reads_nothing(tmp_path, monkeypatch, capfd):
    monkeypatch.setattr(progress, "_mode", "auto")
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    first = truncated(src, 1, tmp_path / "cache")
    said = capfd.readouterr().err
    assert "first use" in said and "first 1 of 2 transformer blocks" in said
    assert str(first) in said
    _no_reading(monkeypatch)
    assert truncated(src, 1, tmp_path / "cache") == first
    assert capfd.readouterr().err == ""  # nothing prepared, nothing said


def test_a_changed_source_is_noticed(tmp_path, monkeypatch):
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    first = truncated(src, 1, tmp_path)
    stat = src.stat()
    write_tiny_llama_gguf(src, seed=6)  # other weights, same size
    os.utime(src, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    second = truncated(src, 1, tmp_path)
    assert second != first and second.is_file() and first.is_file()
    assert second.read_bytes() != first.read_bytes()
    os.utime(src, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000))  # touched only
    assert truncated(src, 1, tmp_path) not in (first, second)


def test_what_needs_no_copy_is_said_without_one(tmp_path, monkeypatch, capfd):
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    assert truncated(src, LAYERS, tmp_path) == src  # every block: the file itself
    with pytest.raises(InputError, match="layers"):
        truncated(src, LAYERS + 1, tmp_path)
    _no_reading(monkeypatch)
    with pytest.raises(InputError, match="at least 1"):  # refused before any read
        truncated(src, 0, tmp_path)
    assert list(tmp_path.glob("*.L*.gguf")) == []
    capfd.readouterr()


def test_quiet_says_nothing(tmp_path, monkeypatch, capfd):
    monkeypatch.setattr(progress, "_mode", "never")
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    assert truncated(src, 1, tmp_path).is_file()
    assert capfd.readouterr().err == ""


def test_the_copy_keeps_its_name(tmp_path: Path):
    """Its name keys the caches built on it (prefix, features, fitted head): unchanged."""
    src = write_tiny_llama_gguf(tmp_path / "tiny.gguf", seed=5)
    out = truncated(src, 1, tmp_path)
    assert out == model_files._copy_path(src, "L1", tmp_path)
    assert out.name.startswith("tiny.") and out.name.endswith(".L1.gguf")
    assert len(out.name.split(".")[1]) == 12
