"""Rule feedback templates: what the cabin says for a command, in ``en`` and ``zh-CN``."""

from __future__ import annotations

from twin.assistant.commands import Command
from twin.assistant.intents import INTENTS

LANGS: tuple[str, ...] = ("en", "zh-CN")

_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "climate_set_temperature": "Setting the temperature to {value} °C.",
        "climate_temperature_up": "A little warmer: up {value} °C.",
        "climate_temperature_down": "A little cooler: down {value} °C.",
        "climate_set_fan": "Fan set to level {value}.",
        "climate_fan_up": "More air.",
        "climate_fan_down": "Less air.",
        "climate_ac_on": "Air conditioning on.",
        "climate_ac_off": "Air conditioning off.",
        "climate_defrost": "Defrost on.",
        "seat_heat_driver": "Driver seat heating at level {value}.",
        "seat_heat_passenger": "Passenger seat heating at level {value}.",
        "window_set_position": "Window to {value} percent.",
        "window_open": "Opening the window.",
        "window_close": "Closing the window.",
        "media_play": "Playing.",
        "media_pause": "Paused.",
        "media_next": "Next track.",
        "media_previous": "Previous track.",
        "media_volume_set": "Volume {value}.",
        "media_volume_up": "Louder.",
        "media_volume_down": "Quieter.",
        "media_mute": "Muted.",
        "navigate_home": "Starting navigation home.",
        "unknown": "Sorry, I can't help with that in the car.",
        "_clarify": "Sorry, could you say that again?",
        "_ack": "OK.",
        "_range": "I can set {what} from {low} to {high}{unit}.",
        "_ask_climate_temperature": "Warmer or cooler?",
        "_ask_climate_fan": "More air or less?",
        "_ask_media_volume": "Louder or quieter?",
        "_ask_window": "Open or close the window?",
        "_ask_climate_ac": "Turn the air conditioning on or off?",
        "_ask": "Sorry, I'm not sure what to do. Could you say it another way?",
    },
    "zh-CN": {
        "climate_set_temperature": "好的，温度设为{value}度。",
        "climate_temperature_up": "好的，温度调高{value}度。",
        "climate_temperature_down": "好的，温度调低{value}度。",
        "climate_set_fan": "好的，风量{value}档。",
        "climate_fan_up": "好的，风量调大。",
        "climate_fan_down": "好的，风量调小。",
        "climate_ac_on": "空调已打开。",
        "climate_ac_off": "空调已关闭。",
        "climate_defrost": "除霜已打开。",
        "seat_heat_driver": "主驾座椅加热{value}档。",
        "seat_heat_passenger": "副驾座椅加热{value}档。",
        "window_set_position": "车窗开到百分之{value}。",
        "window_open": "正在打开车窗。",
        "window_close": "正在关闭车窗。",
        "media_play": "开始播放。",
        "media_pause": "已暂停。",
        "media_next": "下一首。",
        "media_previous": "上一首。",
        "media_volume_set": "音量{value}。",
        "media_volume_up": "音量调大。",
        "media_volume_down": "音量调小。",
        "media_mute": "已静音。",
        "navigate_home": "开始导航回家。",
        "unknown": "抱歉，这个我在车上帮不了你。",
        "_clarify": "抱歉，请再说一遍。",
        "_ack": "好的。",
        "_range": "{what}可调范围是{low}到{high}{unit}。",
        "_ask_climate_temperature": "温度调高还是调低？",
        "_ask_climate_fan": "风量调大还是调小？",
        "_ask_media_volume": "音量调大还是调小？",
        "_ask_window": "打开还是关闭车窗？",
        "_ask_climate_ac": "打开还是关闭空调？",
        "_ask": "抱歉，我不太确定您想做什么，能换个说法吗？",
    },
}


# what an int intent sets, and its unit, for the range sentence
_RANGE_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "climate_set_temperature": ("the temperature", " °C"),
        "climate_temperature_up": ("a temperature step", " degrees"),
        "climate_temperature_down": ("a temperature step", " degrees"),
        "climate_set_fan": ("the fan", ""),
        "seat_heat_driver": ("seat heating", ""),
        "seat_heat_passenger": ("seat heating", ""),
        "window_set_position": ("the window", " %"),
        "media_volume_set": ("the volume", ""),
    },
    "zh-CN": {
        "climate_set_temperature": ("温度", "度"),
        "climate_temperature_up": ("温度调节", "度"),
        "climate_temperature_down": ("温度调节", "度"),
        "climate_set_fan": ("风量", "档"),
        "seat_heat_driver": ("座椅加热", "档"),
        "seat_heat_passenger": ("座椅加热", "档"),
        "window_set_position": ("车窗开度", "%"),
        "media_volume_set": ("音量", ""),
    },
}
# a directional intent -> the question that asks which way
_ASK_FAMILY: dict[str, str] = {
    "climate_temperature_up": "climate_temperature",
    "climate_temperature_down": "climate_temperature",
    "climate_fan_up": "climate_fan",
    "climate_fan_down": "climate_fan",
    "media_volume_up": "media_volume",
    "media_volume_down": "media_volume",
    "window_open": "window",
    "window_close": "window",
    "climate_ac_on": "climate_ac",
    "climate_ac_off": "climate_ac",
}


def _table(lang: str) -> dict[str, str]:
    return _TEMPLATES.get(lang, _TEMPLATES["en"])


def feedback_for(command: Command, lang: str) -> str:
    """The rule template's sentence for ``command``."""
    return _table(lang)[command.intent].format(value=command.value)


def clarify(lang: str) -> str:
    """What the cabin says when it will not act (valve, degrade without a rule guess)."""
    return _table(lang)["_clarify"]


def ack(lang: str) -> str:
    """The short acknowledgement text that goes with the chime/icon."""
    return _table(lang)["_ack"]


def range_feedback(intent: str, lang: str) -> str | None:
    """What the cabin says to an out-of-range value: the range it can set, or None."""
    schema = INTENTS.get(intent)
    if schema is None or schema.low is None or schema.high is None:
        return None
    words = _RANGE_WORDS.get(lang, _RANGE_WORDS["en"])
    what, unit = words.get(intent, (intent.split("_")[0], ""))
    return _table(lang)["_range"].format(what=what, low=schema.low, high=schema.high, unit=unit)


def ask_back(intent: str | None, lang: str) -> str:
    """The question the cabin asks when it is unsure: which way for a directional intent
    ("Warmer or cooler?"), else a general request to rephrase."""
    family = _ASK_FAMILY.get(intent or "")
    return _table(lang)[f"_ask_{family}" if family else "_ask"]
