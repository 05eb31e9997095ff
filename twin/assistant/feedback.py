"""Rule feedback templates: what the cabin says for a command, in ``en`` and ``zh-CN``."""

from __future__ import annotations

from twin.assistant.commands import Command

LANGS: tuple[str, ...] = ("en", "zh-CN")

_TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "climate_set_temperature": "Setting the temperature to {value} degrees.",
        "climate_temperature_up": "Raising the temperature by {value} degrees.",
        "climate_temperature_down": "Lowering the temperature by {value} degrees.",
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
    },
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
