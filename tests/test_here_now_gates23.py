"""The gates of another time, place or person (:func:`hil.llm.here_now.told_elsewhere`): an
out-of-domain twin says the in-domain line's cabin words and differs only by another day,
someone else's place, the outside's weather, someone else's habit, hearsay, a plan after
something else or a question of its own (the twenty-third session); a state said in the past
and over now, a place of another life the scope's places lack, a state said not felt (the
twenty-fourth: each acted on development lines of ``gatedev1`` and ``train/indirect_dev23``,
variants in ``train/safe_dev24``). Variants written for the tests, not development lines; each
class beside in-car near misses that must still act.
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import clauses
from hil.llm.direction import normalised
from hil.llm.head import _orders
from hil.llm.here_now import told_elsewhere
from tests.helpers import is_zh, with_grams


def _gate(text: str) -> str | None:
    return told_elsewhere(normalised(text), clauses, _orders)


TWINS = [
    # another day or season
    ("it's meant to be muggy all weekend", "another_day", "climate_ac_on"),
    ("next week the heater in the church is getting fixed", "another_day",
     "climate_temperature_up"),
    ("上个周末在山上冻得直哆嗦", "another_day", "climate_temperature_up"),
    ("下礼拜三那边要降温了", "another_day", "climate_temperature_up"),
    ("my uncle drives with the windows down even in winter", "another_day", "window_close"),
    # someone else's home or work
    ("我姐说她公司空调冷得要命", "their_place", "climate_temperature_up"),
    ("我妈家那边闷得很", "their_place", "window_open"),
    # the outside's weather, told alone
    ("pure freezing out there, the puddles have iced over", "outside", "climate_temperature_up"),
    ("外边热得柏油路都软了", "outside", "climate_temperature_down"),
    # someone else's habit, however far its adverb
    ("我表哥从单位出来以后从来记不住回家的路", "habit", "navigate_home"),
    ("my grandpa's mate always has the heater blasting", "habit",
     "climate_temperature_down"),
    ("my sister-in-law always winds every window down", "habit", "window_close"),
    # hearsay about the world
    ("apparently it'll be scorching by noon", "hearsay", "climate_temperature_down"),
    ("广播里说今天特别潮", "hearsay", "climate_ac_on"),
    # a plan after something else
    ("办完事我再回家", "after_else", "navigate_home"),
    # a question of its own about the car
    ("后排的座椅加热咋开", "asked", "seat_heat_driver"),
    ("除雾的开关到底在哪", "asked", "climate_defrost"),
    ("车里的温度是怎么自动调节的", "asked", "climate_temperature_up"),
    ("这车的音响是原厂的还是改装的？", "asked", "media_volume_up"),
    # the twenty-fourth session: a state said in the past, over now
    ("it was sweltering when we got in but it's fine now", "over", "climate_temperature_down"),
    ("the fan was rattling earlier, all good now", "over", "climate_fan_down"),
    ("my feet were like ice this morning, they're grand now", "over", "climate_temperature_up"),
    ("刚上车的时候闷得慌，现在舒服多了", "over", "window_open"),
    ("刚刚声音太小了，现在刚好", "over", "media_volume_up"),
    # a place of another life, or an event there
    ("the stadium was deafening", "venue", "media_volume_down"),
    ("the music at the pub was far too quiet", "venue", "media_volume_up"),
    ("球场上冻得手都僵了", "venue", "climate_temperature_up"),
    ("音乐会的音响太小了", "venue", "media_volume_up"),
    ("my son's music in his room is far too loud", "venue", "media_volume_down"),
    # a state said not felt
    ("我一点也不热", "not_felt", "climate_temperature_down"),
    ("声音不大啊", "not_felt", "media_volume_down"),
    ("honestly it isn't that stuffy", "not_felt", "window_open"),
]

NEAR_MISSES = [
    # in this car, now: the gates must not read these
    ("it's been hot all day in here", "climate_temperature_down"),
    ("我老婆在后排冷", "climate_temperature_up"),
    ("my sister's freezing in the back", "climate_temperature_up"),
    ("this track's been stuck on loop since monday", "media_next"),
    ("hotter than a bakery on a friday morning in this car", "climate_temperature_down"),
    ("can't hear the radio over the traffic outside", "media_volume_up"),
    ("想吸口外头的新鲜空气", "window_open"),
    ("外面好冷 车里也冷", "climate_temperature_up"),
    ("把车窗降到底", "window_open"),
    ("我老婆说她那边座位冰凉", "seat_heat_passenger"),
    # the twenty-fourth session's gates: still, this car, no 不 of a state
    ("it was cold earlier and it's still freezing", "climate_temperature_up"),
    ("it was fine before, now it's boiling in here", "climate_temperature_down"),
    ("刚才还好，现在热得不行", "climate_temperature_down"),
    ("刚才就闷，现在还是闷", "window_open"),
    ("it's louder than a stadium in here", "media_volume_down"),
    ("车里冷得跟溜冰场似的", "climate_temperature_up"),
    ("冷不冷都无所谓，风太大了", "climate_fan_down"),
    ("不热得慌才怪", "climate_temperature_down"),
]

BESIDE_AN_ORDER = [
    # a gate said beside an order is its reason
    ("the radio says it's going to be boiling, put the air con on", "climate_ac_on"),
    ("this weekend is a scorcher, crank the fan up", "climate_fan_up"),
    ("外面热死了，把空调打开", "climate_ac_on"),
    ("it was roasting at the gig, turn the air con on", "climate_ac_on"),
    ("我不冷了，把暖气关小点", "climate_temperature_down"),
    ("刚才太吵了现在还行，不过音量再调小一点", "media_volume_down"),
]


@pytest.mark.parametrize(("text", "gate", "second"), TWINS)
def test_the_twin_is_told_elsewhere_by_its_gate(text: str, gate: str, second: str) -> None:
    assert _gate(text) == gate
    del second


@pytest.mark.parametrize(("text", "gate", "second"), TWINS)
def test_the_twin_never_acts_however_sure_the_head_is(text: str, gate: str,
                                                      second: str) -> None:
    lang = "zh-CN" if is_zh(text) else "en"
    d = with_grams(text, lang, second, **{second: 0.95, "unknown": 0.05})
    assert d.intent == "unknown"
    assert d.why in ("out_of_scope", "out_of_domain", "not_grounded")  # no question asked
    del gate


@pytest.mark.parametrize(("text", "intent"), NEAR_MISSES)
def test_an_in_car_near_miss_is_not_gated(text: str, intent: str) -> None:
    assert _gate(text) is None
    del intent


@pytest.mark.parametrize(("text", "intent"), BESIDE_AN_ORDER)
def test_a_gate_beside_an_order_is_its_reason(text: str, intent: str) -> None:
    assert _gate(text) is None
    del intent


@pytest.mark.parametrize(("text", "intent"), [
    ("it's been hot all day in here", "climate_temperature_down"),
    ("我老婆在后排冷", "climate_temperature_up"),
    ("it was cold earlier and it's still freezing", "climate_temperature_up"),
    ("刚才还好，现在热得不行", "climate_temperature_down"),
    ("it's louder than a stadium in here", "media_volume_down"),
])
def test_an_in_car_near_miss_still_acts(text: str, intent: str) -> None:
    lang = "zh-CN" if is_zh(text) else "en"
    assert with_grams(text, lang, intent, **{intent: 0.9, "unknown": 0.1}).intent == intent
