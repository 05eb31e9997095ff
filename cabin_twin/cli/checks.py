"""Checks shared by subcommands: a bad flag value is a one-line :class:`InputError` (exit 2)."""

from __future__ import annotations

import argparse

from twin.errors import InputError


def check_run_size(args: argparse.Namespace) -> None:
    """``--requests`` (when given) is a positive count, ``--seed`` a non-negative integer."""
    if args.requests is not None and args.requests < 1:
        raise InputError("--requests", "requests", f"a positive count, got {args.requests}")
    if args.seed is not None and args.seed < 0:
        raise InputError("--seed", "seed", f"a non-negative integer, got {args.seed}")
