"""The classification prompt: a fixed few-shot prefix ("compiled" once) and a per-request suffix.

Every intent is named by a short English label that the model writes after ``->``. The prefix
shows the format with examples (written for this prompt; none comes from an evaluation set); the
suffix holds the last turns, in the same ``command: ... -> label`` form, and the query. Each line
ends with the next line's ``command:`` cue, so the cue sits in the cached prefix, not in the
per-request suffix.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hil.llm.topics import TOPICS_DATA
from twin.assistant.intents import INTENTS
from twin.assistant.resolver import MAX_HISTORY_TURNS, MAX_PROMPT_TOKENS, Turn

INTENT_LABELS: dict[str, str] = {
    **{name: TOPICS_DATA.labels[name] for name in INTENTS if name in TOPICS_DATA.labels},
    "unknown": "unknown",
}
"""The label the model writes per intent: the catalogue's ``[topics.NAME] labels``."""

FEW_SHOT: tuple[tuple[str, str], ...] = (
    ("make it 23 degrees in here", "climate_set_temperature"),
    ("空调温度设成二十四度", "climate_set_temperature"),
    ("I'm freezing", "climate_temperature_up"),
    ("温度再高两度", "climate_temperature_up"),
    ("it's too hot", "climate_temperature_down"),
    ("有点热，调低一点", "climate_temperature_down"),
    ("fan to level 4", "climate_set_fan"),
    ("风量调到五档", "climate_set_fan"),
    ("more air please", "climate_fan_up"),
    ("风大一点", "climate_fan_up"),
    ("the fan is too loud", "climate_fan_down"),
    ("风小一点", "climate_fan_down"),
    ("switch the air conditioning on", "climate_ac_on"),
    ("打开空调", "climate_ac_on"),
    ("turn the ac off", "climate_ac_off"),
    ("关掉空调", "climate_ac_off"),
    ("the windshield is fogged up", "climate_defrost"),
    ("前挡风玻璃除雾", "climate_defrost"),
    ("heat my seat", "seat_heat_driver"),
    ("打开主驾座椅加热", "seat_heat_driver"),
    ("warm up the passenger seat", "seat_heat_passenger"),
    ("副驾座椅加热调到二档", "seat_heat_passenger"),
    ("open the window halfway", "window_set_position"),
    ("车窗开到百分之三十", "window_set_position"),
    ("I need some fresh air", "window_open"),
    ("打开车窗", "window_open"),
    ("shut the window", "window_close"),
    ("把窗户关上", "window_close"),
    ("put some music on", "media_play"),
    ("播放音乐", "media_play"),
    ("stop the music for a second", "media_pause"),
    ("暂停播放", "media_pause"),
    ("skip this song", "media_next"),
    ("下一首", "media_next"),
    ("go back to the last track", "media_previous"),
    ("上一首歌", "media_previous"),
    ("volume 10", "media_volume_set"),
    ("音量调到二十", "media_volume_set"),
    ("I can't hear it", "media_volume_up"),
    ("声音大一点", "media_volume_up"),
    ("that's too loud", "media_volume_down"),
    ("音量小一点", "media_volume_down"),
    ("silence", "media_mute"),
    ("静音", "media_mute"),
    ("take me home", "navigate_home"),
    ("导航回家", "navigate_home"),
    ("what's the capital of France", "unknown"),
    ("给我讲个笑话", "unknown"),
)

HEADER = "Classify each in-car voice command as one action.\nActions: {actions}.\n\n"


def label_of(intent: str) -> str:
    """The label the model writes for ``intent`` (unknown names map to ``unknown``)."""
    return INTENT_LABELS.get(intent, INTENT_LABELS["unknown"])


CUE = "command:"


def example_line(text: str, intent: str) -> str:
    """One solved example; it ends with the cue that opens the next line."""
    return f" {text.strip()} -> {label_of(intent)}\n{CUE}"


def prefix_text(few_shot: Sequence[tuple[str, str]] = FEW_SHOT) -> str:
    """The fixed prefix: header, action list, examples. Computed into the KV cache once."""
    # the labels the model was shown: an intent added in an extension catalogue has none (the
    # fallback knows only the intents its head was trained on)
    actions = ", ".join(INTENT_LABELS[name] for name in INTENTS if name in INTENT_LABELS)
    examples = "".join(example_line(t, i) for t, i in few_shot)
    return HEADER.format(actions=actions) + CUE + examples


def query_text(query: str) -> str:
    """The query after the cue: the prefix (or the last history line) already ends in it."""
    return f" {query.strip()} ->"


def suffix_tokens(
    query: str,
    history: Sequence[Turn],
    tokenize: Callable[[str], list[int]],
    max_tokens: int = MAX_PROMPT_TOKENS,
) -> tuple[list[int], list[int]]:
    """(history tokens, query tokens) for the last turns and the query, within ``max_tokens``.

    Oldest turns are dropped first; a query longer than the budget keeps its last tokens (the
    end of an utterance usually carries the request).
    """
    query_ids = tokenize(query_text(query))
    if len(query_ids) > max_tokens:
        query_ids = query_ids[-max_tokens:]
    turns = list(history)[-MAX_HISTORY_TURNS:]
    while turns:
        history_ids = tokenize("".join(example_line(t.text, t.intent) for t in turns))
        if len(history_ids) + len(query_ids) <= max_tokens:
            return history_ids, query_ids
        turns = turns[1:]
    return [], query_ids
