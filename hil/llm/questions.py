"""What the fallback says when it does not act: a question that names the topic the user spoke
about (never a direction the user already gave), or, on a request the cabin cannot serve,
that it cannot do that in the car."""

from __future__ import annotations

from twin.assistant.commands import make_command
from twin.assistant.feedback import ask_back, feedback_for

_WHICH_WAY = {
    "temperature": "climate_temperature_up",
    "fan": "climate_fan_up",
    "volume": "media_volume_up",
    "window": "window_open",
    "ac": "climate_ac_on",
}
_TEXT: dict[str, dict[str, str]] = {
    "en": {
        "which:playback": "Play or pause the music?",
        "which:skip": "Next track or previous?",
        "confirm:temperature": "Do you want me to change the temperature?",
        "confirm:fan": "Do you want me to change the fan?",
        "confirm:ac": "Do you want me to switch the air conditioning?",
        "confirm:defrost": "Shall I turn on the defrost?",
        "confirm:seat": "Which seat heating, and how warm?",
        "confirm:window": "Do you want me to move the window?",
        "confirm:playback": "Do you want me to play or pause the music?",
        "confirm:skip": "Do you want another track?",
        "confirm:volume": "Do you want me to change the volume?",
        "confirm:mute": "Shall I mute the sound?",
        "confirm:home": "Shall I navigate home?",
        "leave": "OK, I'll leave it as it is.",
    },
    "zh-CN": {
        "which:playback": "播放还是暂停音乐？",
        "which:skip": "下一首还是上一首？",
        "confirm:temperature": "需要调节温度吗？",
        "confirm:fan": "需要调节风量吗？",
        "confirm:ac": "需要打开或关闭空调吗？",
        "confirm:defrost": "需要打开除霜吗？",
        "confirm:seat": "调哪个座椅的加热，调到几档？",
        "confirm:window": "需要调节车窗吗？",
        "confirm:playback": "需要播放还是暂停音乐？",
        "confirm:skip": "需要换一首吗？",
        "confirm:volume": "需要调节音量吗？",
        "confirm:mute": "需要静音吗？",
        "confirm:home": "需要导航回家吗？",
        "leave": "好的，保持不变。",
    },
}


def _table(lang: str) -> dict[str, str]:
    return _TEXT.get(lang, _TEXT["en"])


def which_way(topic: str, lang: str) -> str:
    """Asks which way ("Warmer or cooler?"): only when the words gave no direction."""
    if topic in _WHICH_WAY:
        return ask_back(_WHICH_WAY[topic], lang)
    return _table(lang).get(f"which:{topic}", _table(lang)[f"confirm:{topic}"])


def confirm(topic: str, lang: str) -> str:
    """Asks whether to change ``topic`` at all (the head is unsure), naming no direction."""
    return _table(lang)[f"confirm:{topic}"]


def leave_it(lang: str) -> str:
    """A refusal the user said ("don't turn the heat up"): nothing changes, nothing is asked."""
    return _table(lang)["leave"]


def cannot(lang: str) -> str:
    """An out-of-domain request: the cabin cannot do that in the car."""
    command = make_command("unknown", None)
    assert command is not None
    return feedback_for(command, lang)
