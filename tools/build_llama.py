#!/usr/bin/env python3
"""Install llama-cpp-python into a venv from a portable wheel built once per CPU level.

Why not ``pip install llama-cpp-python``: pip builds it with ``-march=native`` (``GGML_NATIVE``),
which on a CPU with AMX compiles llama.cpp's AMX path; that path crashes on the first decode.
pip's wheel cache keys on the sdist only, so a crashing (or CPU-specific) wheel, once built,
is reused whatever the build flags. This script instead:

- picks an instruction-set level from the CPU's flags (``avx512`` / ``avx2`` / ``baseline``),
  with ``GGML_NATIVE=OFF`` and every AMX option off, so the wheel never contains AMX code and
  runs on any CPU of its level;
- builds only what the bindings load (no multimodal library, no tests/tools/server, no
  ``common`` library);
- caches the wheel under ``~/.cache/cabin-twin/wheels/<level>-<hash of version and flags>/``.

Standard library only: it runs before the venv has anything installed. ``--print`` shows the
decision without building.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

VERSION = "0.3.36"
HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("CABIN_TWIN_WHEELS", Path.home() / ".cache/cabin-twin/wheels"))

# build only what llama_cpp's Python bindings load
SLIM = [
    "-DLLAVA_BUILD=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_TOOLS=OFF",
    "-DLLAMA_BUILD_SERVER=OFF",
    "-DGGML_CCACHE=OFF",
    f"-DCMAKE_PROJECT_llama.cpp_INCLUDE={HERE / 'llama_no_common.cmake'}",
]
NO_AMX = ["-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"]
AVX2 = {"avx", "avx2", "fma", "f16c", "bmi2"}
AVX512 = {"avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"}
AVX512_EXTRAS = {"avx512vbmi": "AVX512_VBMI", "avx512_vnni": "AVX512_VNNI",
                 "avx512_bf16": "AVX512_BF16"}


def cpu_flags(cpuinfo: str) -> set[str]:
    """The flags of the first processor in a /proc/cpuinfo text."""
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def cpu_level(flags: set[str], machine: str = "x86_64") -> tuple[str, list[str]]:
    """The instruction-set level and its CMake flags (never AMX, never -march=native on x86)."""
    if machine not in {"x86_64", "AMD64"}:
        return "native", []  # ARM and others: upstream's native build has no AMX path
    base = ["-DGGML_NATIVE=OFF", *NO_AMX]
    if not AVX2.issubset(flags):
        return "baseline", [*base, "-DGGML_AVX=OFF", "-DGGML_AVX2=OFF", "-DGGML_FMA=OFF",
                            "-DGGML_F16C=OFF", "-DGGML_BMI2=OFF", "-DGGML_AVX512=OFF"]
    avx2 = [*base, "-DGGML_AVX=ON", "-DGGML_AVX2=ON", "-DGGML_FMA=ON", "-DGGML_F16C=ON",
            "-DGGML_BMI2=ON"]
    if not AVX512.issubset(flags):
        return "avx2", [*avx2, "-DGGML_AVX512=OFF"]
    extras = [name for flag, name in sorted(AVX512_EXTRAS.items()) if flag in flags]
    level = "avx512" + "".join("-" + name.split("_")[1].lower() for name in extras)
    return level, [*avx2, "-DGGML_AVX512=ON", *(f"-DGGML_{name}=ON" for name in extras)]


def cache_dir(level: str, cmake_args: list[str], version: str = VERSION) -> Path:
    """Keyed on the version and flags; the include file by its content, not its path (clones
    in other folders share the cache)."""
    include = (HERE / "llama_no_common.cmake").read_bytes()
    flags = [a for a in cmake_args if not a.startswith("-DCMAKE_PROJECT_")]
    digest = hashlib.sha256(" ".join([version, *flags]).encode() + include).hexdigest()[:12]
    return CACHE / f"{level}-{digest}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the venv's python")
    parser.add_argument("--print", action="store_true", help="show the decision, build nothing")
    args = parser.parse_args(argv)
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
    except OSError:
        cpuinfo = ""
    level, flags = cpu_level(cpu_flags(cpuinfo), platform.machine())
    cmake_args = [*flags, *SLIM]
    where = cache_dir(level, cmake_args)
    print(f"llama-cpp-python {VERSION}: level {level}, wheel cache {where}")
    if args.print:
        print("CMAKE_ARGS=" + " ".join(cmake_args))
        return 0
    wheels = sorted(where.glob("llama_cpp_python-*.whl"))
    if not wheels:
        print("building llama.cpp once for this CPU level (about 3 min on 2 idle cores) ...",
              flush=True)
        started = time.monotonic()
        env = dict(os.environ, CMAKE_ARGS=" ".join(cmake_args),
                   CMAKE_BUILD_PARALLEL_LEVEL=str(os.cpu_count() or 2))
        tmp = where.with_name(where.name + ".partial")
        tmp.mkdir(parents=True, exist_ok=True)
        subprocess.run([args.python, "-m", "pip", "wheel", "--quiet", "--no-deps",
                        "--no-cache-dir", "--no-binary", "llama-cpp-python", "-w", str(tmp),
                        f"llama-cpp-python=={VERSION}"], check=True, env=env)
        tmp.replace(where)  # only a finished build is ever found in the cache
        wheels = sorted(where.glob("llama_cpp_python-*.whl"))
        print(f"built in {time.monotonic() - started:.0f} s", flush=True)
    subprocess.run([args.python, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--force-reinstall", str(wheels[-1])], check=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as exc:
        print(f"build_llama: {' '.join(exc.cmd[1:4])} failed with exit {exc.returncode} "
              "(see pip's output above); needs a C/C++ compiler, cmake and the package index",
              file=sys.stderr)
        sys.exit(1)
