"""Which packages the wheel holds: the code, plus the data folders as ``cabin_twin_data.*``.

``scenarios/``, ``rigs/`` and ``benchmarks/`` stay at the top of the repository; a built wheel
or a plain ``pip install .`` installs them as ``cabin_twin_data.scenarios`` (and so on) through
``package_dir``, where :mod:`twin.paths` finds them outside a checkout. Everything else is in
pyproject.toml.
"""

from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup

CODE = ["latency_models*", "twin*", "hil*", "devices*", "cabin_twin", "cabin_twin.*"]
DATA_DIRS = ("scenarios", "rigs", "benchmarks")


def data_packages() -> dict[str, str]:
    """``{"cabin_twin_data.scenarios.queries": "scenarios/queries", ...}``."""
    found = {}
    for top in DATA_DIRS:
        for sub in ["", *find_namespace_packages(where=top, exclude=["*__pycache__*"])]:
            name = f"cabin_twin_data.{top}" + (f".{sub}" if sub else "")
            found[name] = str(Path(top, *sub.split("."))) if sub else top
    return found


DATA = data_packages()
setup(packages=[*find_packages(include=CODE), *DATA], package_dir=DATA)
