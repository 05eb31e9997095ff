"""The AMX guard's decision: CPU flags x how llama.cpp was built (no model needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hil.llm import amx_guard
from tests.fixtures_gguf import write_tiny_llama_gguf

SAPPHIRE_RAPIDS = """processor\t: 0
vendor_id\t: GenuineIntel
model name\t: Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz
flags\t\t: fpu vme sse sse2 ssse3 fma avx avx2 bmi2 avx512f avx512bw avx512_vnni avx512_bf16 \
amx_bf16 avx512_fp16 amx_tile amx_int8
"""
ICE_LAKE = """processor\t: 0
flags\t\t: fpu sse sse2 ssse3 fma avx avx2 bmi2 avx512f avx512bw avx512_vnni
"""
NATIVE_AMX_BUILD = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX_VNNI = 1 | AVX2 = 1 | F16C = 1 | "
                    "FMA = 1 | BMI2 = 1 | AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | "
                    "AVX512_BF16 = 1 | AMX_INT8 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ")
PORTABLE_BUILD = ("CPU : SSE3 = 1 | SSSE3 = 1 | AVX = 1 | AVX2 = 1 | F16C = 1 | FMA = 1 | "
                  "BMI2 = 1 | AVX512 = 1 | AVX512_VBMI = 1 | AVX512_VNNI = 1 | AVX512_BF16 = 1 | "
                  "LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ")
AMX_BUILT_BUT_OFF = PORTABLE_BUILD + "AMX_INT8 = 0 | "


def test_cpu_flags_are_read_from_cpuinfo():
    flags = amx_guard.cpu_flags(SAPPHIRE_RAPIDS)
    assert {"amx_tile", "amx_int8", "amx_bf16", "avx2"} <= flags
    assert "amx_tile" not in amx_guard.cpu_flags(ICE_LAKE)
    assert amx_guard.cpu_flags("processor : 0\n") == frozenset()


def test_library_features_parse_system_info():
    feats = amx_guard.library_features(NATIVE_AMX_BUILD)
    assert feats["AMX_INT8"] is True and feats["AVX2"] is True
    assert "AMX_INT8" not in amx_guard.library_features(PORTABLE_BUILD)
    assert amx_guard.library_features(AMX_BUILT_BUT_OFF)["AMX_INT8"] is False


def test_amx_cpu_with_amx_build_is_guarded():
    d = amx_guard.decide(amx_guard.cpu_flags(SAPPHIRE_RAPIDS), NATIVE_AMX_BUILD)
    assert (d.cpu_amx, d.library_amx, d.disable_extra_bufts) == (True, True, True)
    assert "use_extra_bufts=False" in d.reason


@pytest.mark.parametrize(("cpuinfo", "info", "cpu_amx", "lib_amx"), [
    (SAPPHIRE_RAPIDS, PORTABLE_BUILD, True, False),  # the project's portable wheel
    (SAPPHIRE_RAPIDS, AMX_BUILT_BUT_OFF, True, False),
    (ICE_LAKE, PORTABLE_BUILD, False, False),  # AVX-512, no AMX: keep repacking (Q4_0 speed)
    (ICE_LAKE, NATIVE_AMX_BUILD, False, True),  # an AMX build copied to an older CPU
    ("", PORTABLE_BUILD, False, False),  # no /proc/cpuinfo
])
def test_no_guard_without_amx_on_both_sides(cpuinfo, info, cpu_amx, lib_amx):
    d = amx_guard.decide(amx_guard.cpu_flags(cpuinfo), info)
    assert (d.cpu_amx, d.library_amx, d.disable_extra_bufts) == (cpu_amx, lib_amx, False)


def test_override_forces_either_way_and_refuses_typos():
    amx = amx_guard.cpu_flags(SAPPHIRE_RAPIDS)
    assert amx_guard.decide(amx, NATIVE_AMX_BUILD, "off").disable_extra_bufts is False
    assert amx_guard.decide(frozenset(), PORTABLE_BUILD, "on").disable_extra_bufts is True
    with pytest.raises(ValueError, match="CABIN_TWIN_AMX_GUARD"):
        amx_guard.decide(amx, NATIVE_AMX_BUILD, "maybe")


def test_model_params_override_reaches_llama_and_is_undone():
    import llama_cpp.llama_cpp as raw

    assert raw.llama_model_default_params().use_extra_bufts is True  # llama.cpp's default
    with amx_guard.model_params(use_extra_bufts=False):
        assert raw.llama_model_default_params().use_extra_bufts is False
    assert raw.llama_model_default_params().use_extra_bufts is True


@pytest.fixture(scope="module")
def tiny_gguf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_tiny_llama_gguf(tmp_path_factory.mktemp("gguf") / "tiny.gguf", seed=7)


def test_guarded_load_sets_the_model_parameter(tiny_gguf):
    guarded = amx_guard.GuardDecision(True, True, True, "test")
    llm = amx_guard.load_llama(guarded, model_path=str(tiny_gguf), n_ctx=64, verbose=False)
    assert llm.model_params.use_extra_bufts is False
    llm.eval([1, 2, 3])  # decodes with the extra buffer types off
    plain = amx_guard.load_llama(amx_guard.GuardDecision(False, False, False, "test"),
                                 model_path=str(tiny_gguf), n_ctx=64, verbose=False)
    assert plain.model_params.use_extra_bufts is True
