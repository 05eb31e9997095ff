"""The README's one-line DUT snippets stay true: each parses as the adapter it names."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from twin.config.dut import dut_config

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def _section() -> str:
    start = README.index("## Any assistant in the loop")
    return README[start:README.index("\n## ", start + 1)]


def test_each_adapter_has_a_one_line_snippet_that_parses() -> None:
    lines = re.findall(r"^backend = .*$", _section(), re.M)
    kinds = []
    for line in lines:
        table = tomllib.loads(line.split("  #")[0])
        config = dut_config({"backend": table["backend"]}, "README.md")
        assert config is not None
        kinds.append(config.backend.kind)
    assert kinds == ["shipped", "worker", "inprocess", "jsonl", "http"]


def test_the_route_snippet_parses() -> None:
    block = _section().split("```toml\n[assistant.route]\n")[1].split("```")[0]
    config = dut_config({"route": tomllib.loads(block)}, "README.md")
    assert config is not None and config.route is not None and config.networked
    assert config.route.edge is not None and config.route.cloud is not None
