"""Classes from holdout25's unsafe answers (twenty-fifth session's fix round), as variants."""

from __future__ import annotations

import numpy as np
import pytest

from hil.llm.head import head_decision
from tests.helpers import rule_reading
from twin.assistant.leftover import functions_named
from twin.assistant.scope import not_a_song


# 1. "put X on" is no song when X is the demister said short or the glass is fogged beside it
@pytest.mark.parametrize("text", [
    "put the mister on",
    "stick the mister on for us",
    "put the misters on love",
    "put the mister on, the glass has gone milky",
])
def test_put_on_beside_fogged_glass_or_the_mister_plays_no_song(text: str) -> None:
    assert not_a_song(text)
    assert rule_reading(text)[0] != "media_play"


@pytest.mark.parametrize("text", [
    "put the tunes on", "put the radio on", "put mr brightside on", "put mister blue sky on",
    "put the white album on", "put a podcast on",
])
def test_put_a_song_on_still_plays(text: str) -> None:
    assert rule_reading(text)[0] == "media_play"


def test_the_mister_names_the_defrost() -> None:
    assert "climate_defrost" in functions_named("put the mister on")
    assert "climate_defrost" not in functions_named("put mister blue sky on")


# 2. 味 of a taste or a sense (换换口味) is no smell: it asks for no window
@pytest.mark.parametrize("text", ["换换口味", "这首不行 换个口味", "没什么品味", "有点意味深长",
                                  "心里不是滋味"])
def test_a_taste_is_no_smell(text: str) -> None:
    assert "window" not in functions_named(text, "subject")


@pytest.mark.parametrize("text", ["车里有股味道", "一股烟味", "狗狗吐了 味道好大"])
def test_a_smell_still_grounds_the_window(text: str) -> None:
    assert "window" in functions_named(text, "subject")


# 3. an absolute number beyond the range beside a word of the end says the range, never the end
FAN = ["climate_fan_down", "climate_fan_up", "climate_set_fan", "unknown"]


def _fan(text: str, lang: str = "en") -> tuple[str, object, str]:
    probs = np.array([0.02, 0.02, 0.94, 0.02])
    d = head_decision(FAN, probs, text, lang, 0.6)
    return d.intent, d.value, d.feedback


@pytest.mark.parametrize(("text", "lang"), [
    ("fan speed twelve, full whack", "en"),
    ("blower on level nine, max it out", "en"),
    ("风量调到十一档 开到最大", "zh-CN"),
])
def test_fan_beyond_its_range_with_full_says_the_range(text: str, lang: str) -> None:
    intent, value, feedback = _fan(text, lang)
    assert (intent, value) == ("unknown", None)
    assert "7" in feedback  # the fan's top, 0-7


@pytest.mark.parametrize(("text", "value"), [
    ("fan speed seven, full blast", 7),
    ("full blast on the fan, there are ten of us in here", 7),
    ("fan on full", 7),
])
def test_fan_full_within_range_still_acts(text: str, value: int) -> None:
    assert _fan(text)[:2] == ("climate_set_fan", value)


# 4. a part beside another is read, never dropped without a word
def _all(text: str, lang: str = "en") -> list[tuple[str, object]]:
    from twin.assistant.nlu import shared_nlu

    found = shared_nlu(lang).parse(text, ())
    return [(p.intent, p.value) for p in found.split] or [(found.intent, found.value)]


@pytest.mark.parametrize(("text", "want"), [
    ("next track, and louder by two while you're at it",
     [("media_next", None), ("media_volume_up", 2)]),
    ("skip this one, and quieter by three whilst you're at it",
     [("media_next", None), ("media_volume_down", 3)]),
    ("close the window, and while you're at it, turn the fan up",
     [("window_close", None), ("climate_fan_up", 1)]),
])
def test_while_youre_at_it_only_joins_the_orders(text: str, want: list[tuple[str, object]]
                                                 ) -> None:
    assert _all(text) == want


_BOTH = [("seat_heat_driver", 2), ("seat_heat_passenger", 2)]


@pytest.mark.parametrize("text", [
    "warm my seat and the passenger's too love",
    "warm my seat and the passenger's too love, it's freezing",
    "heat up my seat and the passenger's too it's cold",
    "heat my seat and the passenger's as well duck it's nippy",
])
def test_the_other_seat_said_by_whose_it_is_with_a_tag_or_reason(text: str) -> None:
    assert _all(text) == _BOTH


@pytest.mark.parametrize("text", [
    "heat my seat and the passenger's too, but not so high",
    "heat my seat and the passenger's too, I'm boiling",
])
def test_a_reason_that_says_otherwise_is_not_the_same_again(text: str) -> None:
    assert _all(text) != _BOTH


@pytest.mark.parametrize("text", ["浴室镜子除一下雾", "眼镜片除个雾", "玻璃除点雾"])
def test_defrost_said_with_a_measure_word_is_not_named_outright(text: str) -> None:
    """A topic named outright acts on the head's 0.2; 除个雾 / 除一下雾 is said of a mirror or a
    pair of glasses as much as of the windscreen. Naming it outright made one more
    out-of-domain line of a blind set act (aggregate count only, twenty-fifth session), so
    only 除雾 / 除霜 name the defrost outright; the measure-word form still grounds it (雾)."""
    from hil.llm.topics import TOPICS_DATA

    assert TOPICS_DATA.explicit["climate_defrost"].search(text) is None
    assert TOPICS_DATA.subject["climate_defrost"].search(text) is not None
    assert TOPICS_DATA.explicit["climate_defrost"].search("挡风玻璃除雾") is not None
