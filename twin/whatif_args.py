"""The ``twin whatif`` sweep flags, apart from the sweep itself so that ``twin whatif --help``
imports no numpy (validated by :func:`twin.sweep.sweep_options`)."""

from __future__ import annotations

import argparse


def add_sweep_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``twin whatif`` flags: --vary (repeatable), --replications, --random, --executor,
    --crn. Validate with :func:`twin.sweep.sweep_options` (one-line InputErrors, exit 2)."""
    parser.add_argument(
        "--vary", action="append", default=[], metavar="KEY=VALUES",
        help="key=v1,v2 | key=range(a,b,step) | key=lo..hi (with --random); repeatable",
    )  # fmt: skip
    parser.add_argument(
        "--replications", default="5", metavar="N", help="independent runs per point"
    )
    parser.add_argument(
        "--random", default=None, metavar="N", help="N random points instead of a grid"
    )
    parser.add_argument(
        "--executor", default="process", help="process[:N] (default), serial, or dask://HOST:PORT"
    )
    parser.add_argument("--crn", action="store_true", help="common random numbers across points")
