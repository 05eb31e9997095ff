"""The portable llama.cpp build: which flags a CPU gets (never AMX, never -march=native)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build():
    return load_tool("build_llama")


SAPPHIRE_RAPIDS = ("fpu sse4_2 avx avx2 fma f16c bmi2 avx512f avx512cd avx512vl avx512dq "
                   "avx512bw avx512vbmi avx512_vnni avx512_bf16 amx_tile amx_int8 amx_bf16")
HASWELL = "fpu sse4_2 avx avx2 fma f16c bmi2"
OLD = "fpu sse4_2 avx"


def test_amx_cpu_gets_avx512_and_every_amx_option_off(build) -> None:
    level, flags = build.cpu_level(set(SAPPHIRE_RAPIDS.split()))
    assert level == "avx512-bf16-vnni-vbmi"
    assert "-DGGML_NATIVE=OFF" in flags
    for amx in ("-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"):
        assert amx in flags
    assert not any(f.startswith("-DGGML_AMX") and f.endswith("=ON") for f in flags)
    assert "-DGGML_AVX512=ON" in flags and "-DGGML_AVX512_VNNI=ON" in flags


def test_avx2_cpu_never_gets_avx512(build) -> None:
    level, flags = build.cpu_level(set(HASWELL.split()))
    assert level == "avx2"
    assert "-DGGML_AVX2=ON" in flags and "-DGGML_AVX512=OFF" in flags
    assert "-DGGML_NATIVE=OFF" in flags


def test_old_cpu_gets_baseline_without_avx2(build) -> None:
    level, flags = build.cpu_level(set(OLD.split()))
    assert level == "baseline"
    assert "-DGGML_AVX2=OFF" in flags and "-DGGML_AVX=OFF" in flags


def test_non_x86_keeps_upstream_native_build(build) -> None:
    assert build.cpu_level(set(), "aarch64") == ("native", [])


def test_cache_key_depends_on_flags_not_on_the_clone_folder(build) -> None:
    level, flags = build.cpu_level(set(SAPPHIRE_RAPIDS.split()))
    here = build.cache_dir(level, [*flags, "-DCMAKE_PROJECT_llama.cpp_INCLUDE=/a/x.cmake"])
    there = build.cache_dir(level, [*flags, "-DCMAKE_PROJECT_llama.cpp_INCLUDE=/b/x.cmake"])
    assert here == there
    assert build.cache_dir(level, flags[:-1]) != build.cache_dir(level, flags)
    assert build.cache_dir("avx2", flags) != build.cache_dir(level, flags)


def test_cpuinfo_flags_parsed_from_first_processor(build) -> None:
    text = "processor\t: 0\nflags\t\t: fpu avx2\n\nprocessor\t: 1\nflags\t\t: fpu\n"
    assert build.cpu_flags(text) == {"fpu", "avx2"}
    assert build.cpu_flags("") == set()
