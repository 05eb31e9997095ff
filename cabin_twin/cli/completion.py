"""``twin completion bash|zsh|tcsh``: print a shell completion script for ``twin`` (shtab).

Install it once, e.g. ``twin completion bash > ~/.local/share/bash-completion/completions/twin``
or ``eval "$(twin completion bash)"`` in ``~/.bashrc``.
"""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "tcsh")
EXIT_CODES = "0 the script was printed, 2 an unknown shell"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("completion", help="print a shell completion script (bash, zsh, "
                                                 "tcsh)")
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import shtab

    from cabin_twin.cli.main import build_parser

    print(shtab.complete(build_parser(full=True), shell=args.shell), end="")
    return 0
