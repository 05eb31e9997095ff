"""Router: deterministic decisions for the same history; rolling p90; route rules."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from twin.assistant.resolver import Turn
from twin.assistant.router import ROUTES, Router, RouterConfig, _RollingP90, complexity

observations = st.lists(
    st.tuples(st.sampled_from(ROUTES), st.floats(0, 500, allow_nan=False)), max_size=200
)
queries = st.lists(st.text(max_size=40), min_size=1, max_size=20)


@given(observations, queries)
def test_same_history_same_decisions(obs: list, texts: list[str]) -> None:
    a, b = Router(), Router()
    decisions = []
    for router in (a, b):
        for route, ms in obs:
            router.observe(route, ms)
        decisions.append([router.choose(t) for t in texts])
    assert decisions[0] == decisions[1]


@given(st.lists(st.floats(0, 1000, allow_nan=False), min_size=1, max_size=300))
def test_rolling_p90_is_the_nearest_rank_p90_of_the_window(values: list[float]) -> None:
    window = RouterConfig().window
    p90 = _RollingP90(window)
    for v in values:
        p90.add(v)
    recent = np.array(values[-window:])
    assert p90.p90() == np.quantile(recent, 0.9, method="inverted_cdf")


def test_simple_query_goes_to_the_terminal_while_it_is_fast() -> None:
    router = Router()
    assert router.choose("next song") == "terminal"
    for _ in range(20):
        router.observe("terminal", 55.0)
    assert router.choose("next song") == "edge"


def test_complex_query_with_history_goes_further() -> None:
    text = "set the passenger seat heating to 2 and the temperature to 21 and play my music"
    history = [Turn("a", "climate_ac_on"), Turn("b", "media_play")]
    assert complexity(text, history) >= RouterConfig().edge_max_score
    assert Router().choose(text, history) == "cloud"


def test_when_every_route_is_slow_the_fastest_wins() -> None:
    router = Router()
    for route, ms in (("terminal", 90.0), ("edge", 200.0), ("cloud", 400.0)):
        router.observe(route, ms)
    assert router.choose("next song") == "terminal"


def _rule(router: Router, text: str, history: list[Turn]) -> str:
    """The decision written out from :func:`complexity` (no levels), for comparison."""
    score = complexity(text, history, router.config)
    config = router.config
    candidates = (ROUTES if score < config.terminal_max_score else
                  ROUTES[1:] if score < config.edge_max_score else ROUTES[2:])
    limits = {"terminal": config.terminal_p90_ms, "edge": config.edge_p90_ms,
              "cloud": config.cloud_p90_ms}
    for route in candidates:
        if router.p90(route) < limits[route]:
            return route
    return min(candidates, key=lambda r: (router.p90(r), ROUTES.index(r)))


@given(observations, st.lists(st.tuples(st.text(max_size=40), st.integers(0, 6)),
                              min_size=1, max_size=30))
def test_kept_text_scores_decide_as_complexity_does(obs: list, asks: list) -> None:
    router = Router()
    for route, ms in obs:
        router.observe(route, ms)
    for text, turns in asks + asks:  # each text twice: the second decision uses the kept score
        history = [Turn("q", "media_play")] * turns
        assert router.choose(text, history) == _rule(router, text, history)


def test_kept_text_scores_are_bounded() -> None:
    from twin.assistant.router import SCORE_CACHE

    router = Router()
    for i in range(SCORE_CACHE + 50):
        router.choose(f"play track {i}")
    assert 0 < len(router._text_scores) <= SCORE_CACHE


def _rule_with_levels(router: Router, text: str, history: list[Turn], alarms: tuple[bool, ...]
                      ) -> tuple[str, str]:
    """The decision with a monitor reading, written out as the seed states it (route, rule)."""
    l1, l2, l3, l4 = alarms
    score = complexity(text, history, router.config)
    config = router.config
    candidates = (ROUTES if score < config.terminal_max_score else
                  ROUTES[1:] if score < config.edge_max_score else ROUTES[2:])
    fastest = min(candidates, key=lambda r: (router.p90(r), ROUTES.index(r)))
    reason = "score"
    if any(alarms):
        if l4 and not (l2 or l3):
            return "terminal", "l4_keep_local"
        if (l2 or l3) and not l4 and candidates[0] == "terminal":
            candidates, reason = candidates[1:], ("l3_offload" if l3 else "l2_offload")
            fastest = min(candidates, key=lambda r: (router.p90(r), ROUTES.index(r)))
        elif l1:
            return fastest, "l1_fastest"
    limits = {"terminal": config.terminal_p90_ms, "edge": config.edge_p90_ms,
              "cloud": config.cloud_p90_ms}
    for route in candidates:
        if router.p90(route) < limits[route]:
            return route, reason
    return fastest, "p90"


@given(observations, st.lists(st.tuples(st.text(max_size=40), st.integers(0, 6),
                                        st.tuples(*[st.booleans()] * 4)),
                              min_size=1, max_size=30))
def test_the_decision_table_decides_as_the_written_rule(obs: list, asks: list) -> None:
    from twin.assistant.levels import Levels

    router = Router()
    for k, (route, ms) in enumerate([(None, 0.0), *obs]):
        if route is not None:
            router.observe(route, ms)
        if k % 7:
            continue
        for text, turns, alarms in asks:
            history = [Turn("q", "media_play")] * turns
            levels = Levels(0.0, 0.0, 0.0, 0.0, 0.0, *alarms)
            route_chosen = router.choose(text, history, levels)
            assert (route_chosen, router.reason) == _rule_with_levels(router, text, history,
                                                                     alarms)


def test_warm_scores_texts_before_their_first_decision() -> None:
    router = Router()
    router.warm(["next song", "set the temperature to 21"])
    assert router._text_scores == {"next song": complexity("next song"),
                                   "set the temperature to 21":
                                       complexity("set the temperature to 21")}
