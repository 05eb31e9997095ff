"""A default written once: the scenario tables and the CLI take the assistant's and the
router's knobs from the objects they build, so a table left empty builds the defaults."""

from __future__ import annotations

from cabin_twin.cli.main import build_parser
from twin.assistant.levels import LevelRule
from twin.assistant.policy import AssistantPolicy
from twin.assistant.router import RouterConfig
from twin.config.dut import Route
from twin.config.scenario import PolicySection


def test_an_empty_policy_table_is_the_default_policy() -> None:
    assert PolicySection().build() == AssistantPolicy()
    assert AssistantPolicy().degrade_deadline_ms == 80.0  # the seed's deadline, pinned


def test_an_empty_route_table_is_the_default_router_and_monitor() -> None:
    route = Route()
    assert route.router_config() == RouterConfig()
    assert route.level_rule() == LevelRule()
    assert (RouterConfig().terminal_max_score, RouterConfig().terminal_p90_ms) == (5.0, 40.0)


def test_the_nlu_command_degrades_at_the_policy_deadline() -> None:
    from cabin_twin.cli.nlu import policy_of

    args = build_parser().parse_args(["nlu", "turn on the ac"])
    assert policy_of(args).degrade_deadline_ms == AssistantPolicy().degrade_deadline_ms
