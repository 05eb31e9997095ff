"""The ``twin`` command: subcommands are found by module name, each with ``register()``.

A command module defines ``register(subparsers) -> None`` which adds its parser and sets
``func=handler`` where ``handler(args) -> int`` returns the exit status (0 pass, 1 fail, 2 bad
input). :class:`twin.errors.InputError` raised anywhere becomes one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMAND_MODULES: tuple[str, ...] = (
    "cabin_twin.cli.run",
    "cabin_twin.cli.bench",
    "cabin_twin.cli.nlu",
    "cabin_twin.cli.rig",
    "cabin_twin.cli.whatif",
    "cabin_twin.cli.capacity",
    "cabin_twin.cli.calibrate",
    "cabin_twin.cli.verify",
    "cabin_twin.cli.fidelity",
    "cabin_twin.cli.doctor",
    "cabin_twin.cli.trace",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="twin", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    from twin.errors import InputError

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except InputError as exc:
        print(f"twin: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("twin: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
