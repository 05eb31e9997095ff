"""Checks shared by subcommands: a bad flag value is one line on stderr and exit 2.

The ``*_int`` / ``*_float`` functions are argparse ``type=`` converters: ASCII digits only
(``int("٣")`` is 3 and ``"²".isdigit()`` is true, neither is a count), finite numbers only
(``nan``, ``inf`` are refused), with the sign the flag needs. :class:`OneLineParser` prints
argparse's own errors on one line.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import NoReturn

from twin.errors import InputError

_ASCII_INT = re.compile(r"[+-]?[0-9]+")


class OneLineParser(argparse.ArgumentParser):
    """argparse with its usage errors on one line (and exit 2), like every other bad input."""

    def error(self, message: str) -> NoReturn:
        print(f"twin: error: {message} (see {self.prog} --help)", file=sys.stderr)
        self.exit(2)


def _int(text: str) -> int:
    if not _ASCII_INT.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(f"expected an integer in ASCII digits, got {text!r}")
    return int(text)


def positive_int(text: str) -> int:
    """A count: 1, 2, ..."""
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def seed_int(text: str) -> int:
    """A seed: 0, 1, ... (``--seed 0`` is a seed)."""
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return value


def _float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def finite_float(text: str) -> float:
    return _float(text)


def positive_float(text: str) -> float:
    value = _float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
    return value


def non_negative_float(text: str) -> float:
    value = _float(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative number, got {text!r}")
    return value


def percentile_float(text: str) -> float:
    value = _float(text)
    if not 0 < value < 100:
        raise argparse.ArgumentTypeError(f"expected a percentile in (0, 100), got {text!r}")
    return value


def check_run_size(args: argparse.Namespace) -> None:
    """``--requests`` (when given) is a positive count, ``--seed`` a non-negative integer."""
    if args.requests is not None and args.requests < 1:
        raise InputError("--requests", "requests", f"a positive count, got {args.requests}")
    if args.seed is not None and args.seed < 0:
        raise InputError("--seed", "seed", f"a non-negative integer, got {args.seed}")
