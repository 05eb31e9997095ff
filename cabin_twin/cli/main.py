"""The twin command line: a SimPy twin and a HIL bench for in-cabin voice assistants.

A command module defines ``register(subparsers) -> None`` which adds its parser and sets
``func=handler`` where ``handler(args) -> int`` returns the exit status, and ``EXIT_CODES``
(a line, or a dict per verb) for its ``--help``. Only the module of the command being run is
imported, so ``twin --help`` stays fast. :class:`twin.errors.InputError` raised anywhere
becomes one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

# name -> one-line help; the module is cabin_twin.cli.<name>
COMMANDS: dict[str, str] = {
    "run": "run a scenario (default: the embedded default)",
    "compare": "regression gate: per-stage percentiles of two runs, with intervals",
    "bench": "run benchmarks (one JSON line each)",
    "nlu": "resolve one utterance (JSON), or --eval the query set",
    "rig": "rig files: check, show, init",
    "whatif": "sweep scenario parameters (grid or random)",
    "capacity": "find the highest load within the budget",
    "calibrate": "fit a stage model to the real backend",
    "verify": "property-based fault injection (twin, rig)",
    "fidelity": "real run vs its modelled twin, side by side",
    "doctor": "check this machine can run the bench (exit 0/1)",
    "trace": "trace files of a run (trace check DIR)",
    "completion": "print a shell completion script (bash, zsh, tcsh)",
}
COMMAND_MODULES: tuple[str, ...] = tuple(f"cabin_twin.cli.{name}" for name in COMMANDS)
EXIT_CODES = ("0 pass, 1 fail (always with a reason line), 2 bad input (one line naming the "
              "file, key and expectation), 130/143 interrupted (SIGINT/SIGTERM)")


def version() -> str:
    """The installed package's version (the source tree's pyproject when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("cabin-twin")
    except metadata.PackageNotFoundError:
        import tomllib
        from pathlib import Path

        pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
        return str(tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["version"])


class _Version(argparse.Action):
    """``--version`` without computing the version unless asked."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(f"twin {version()}")
        parser.exit(0)


def _exit_epilog(text: str) -> str:
    import textwrap

    return textwrap.fill(f"exit status: {text}", width=78, subsequent_indent="  ")


def _add_output_flags(parser: argparse.ArgumentParser, top: bool) -> None:
    group = parser.add_mutually_exclusive_group()
    default: Any = "auto" if top else argparse.SUPPRESS
    group.add_argument("-q", "--quiet", dest="progress_mode", action="store_const",
                       const="never", default=default, help="no progress on stderr")
    group.add_argument("--progress", dest="progress_mode", action="store_const",
                       const="always", default=default,
                       help="progress on stderr even when it is not a terminal")


def _decorate(parser: argparse.ArgumentParser, codes: Any) -> None:
    """Exit codes in the ``--help`` of a command (and of each of its verbs)."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    if isinstance(codes, str):
        parser.epilog = _exit_epilog(codes)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for verb, sub in action.choices.items():
                sub.formatter_class = argparse.RawDescriptionHelpFormatter
                text = codes.get(verb) if isinstance(codes, dict) else codes
                if text:
                    sub.epilog = _exit_epilog(text)
                _add_output_flags(sub, top=False)
    if isinstance(codes, dict):  # the command's own help: its codes, else every verb's
        name = parser.prog.split()[-1]
        parser.epilog = (_exit_epilog(codes[""]) if "" in codes else "\n".join(
            _exit_epilog(f"{name} {verb}: {text}") for verb, text in codes.items()))


def build_parser(command: str | None = None, *, full: bool = True) -> argparse.ArgumentParser:
    """The parser; with ``command`` (or ``full=False``) only that command's module is imported
    (the others appear in ``--help`` by name and help line)."""
    from cabin_twin.cli.checks import OneLineParser

    parser = OneLineParser(
        prog="twin", description=__doc__.splitlines()[0],
        epilog=_exit_epilog(EXIT_CODES) + "\nshell completion: twin completion bash",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version, help="print the version and exit")
    _add_output_flags(parser, top=True)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        name = module_name.rsplit(".", 1)[1]
        if (command is not None or not full) and name != command:
            subparsers.add_parser(name, help=COMMANDS.get(name), add_help=False)
            continue
        module = importlib.import_module(module_name)
        module.register(subparsers)
        sub = subparsers.choices[name]
        _add_output_flags(sub, top=False)
        _decorate(sub, getattr(module, "EXIT_CODES", EXIT_CODES))
    return parser


def _command_in(argv: list[str]) -> str | None:
    """The command named in ``argv`` (the first non-option word), or None."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command = _command_in(argv)
    parser = build_parser(command) if command is not None else build_parser(full=False)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, a usage error: the status is returned
        return exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 2
    from twin.errors import InputError
    from twin.progress import set_mode

    set_mode(getattr(args, "progress_mode", "auto"))
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
