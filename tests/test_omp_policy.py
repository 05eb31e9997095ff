"""llama.cpp's OpenMP threads wait passively unless the user chose otherwise (see hil/__init__)."""

from __future__ import annotations

import os
import subprocess
import sys


def _policy_after_import(module: str, env_policy: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if env_policy is not None:
        env["OMP_WAIT_POLICY"] = env_policy
    code = f"import {module}, os; print(os.environ.get('OMP_WAIT_POLICY'))"
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120, check=True).stdout.strip()


def test_hil_and_the_cli_set_passive_waiting_before_llama_cpp_loads() -> None:
    assert _policy_after_import("hil", None) == "PASSIVE"
    assert _policy_after_import("cabin_twin", None) == "PASSIVE"


def test_a_user_setting_wins() -> None:
    assert _policy_after_import("hil", "ACTIVE") == "ACTIVE"
