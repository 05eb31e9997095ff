"""Grounding: the head may act only on a request whose words touch what it would change.

The classification head is a linear probe on a 135M model: on a request far from anything it
was trained on ("has Sally Field ever won an Oscar", "turn on my smart plug") it can be
confident and wrong. Before it actuates, the query must say at least one word of the predicted
intent's subject (the thing, or a feeling that names it: "freezing" for the temperature,
"asleep" for the volume), in English or Chinese. Without one the head abstains and asks back.
Nor may it act on a request that is out of scope (:mod:`twin.assistant.scope`: "turn up the
heating at home", "外面冷不冷", "heat the steering wheel"): near-domain out-of-domain requests
name the subject too. This keeps the fallback's out-of-domain actuations down at the price of
some indirect requests it could have answered; the benchmark in BENCHMARKS.md measures both
sides.
"""

from __future__ import annotations

import re

from hil.llm.direction import FAMILY
from twin.assistant.scope import negated, out_of_scope

_SUBJECTS: dict[str, str] = {
    "temperature": (
        r"temp|degree|warm|cool|cold|hot\b|heat|chill|freez|frozen|icy|frost|sweat|boil|roast|"
        r"bak(?:e|ing)|sauna|oven|fridge|温度|度|冷|热|暖|凉|冻|汗|蒸笼|烤|冰"
    ),
    "fan": r"fan|air ?flow|blow|breez|ventilat|draft|draught|stuffy|wind|风|闷",
    "ac": r"\bac\b|a/c|\ba c\b|air ?con|air condition|climate|humid|sticky|muggy|空调|冷气|湿|闷",
    "defrost": (
        r"defrost|demist|de-?fog|fog|mist|steam|windshield|windscreen|can'?t see|"
        r"除雾|除霜|雾|看不清|看不见"
    ),
    "seat": r"seat|bum|butt|back\b|bottom|座椅|座位|屁股|后背|腰",
    "window": r"window|fresh air|some air|smell|stink|smok|breeze|窗|透气|通风|味|闷|烟",
    "play": (
        r"play|music|song|track|playlist|album|radio|listen|hear|tune|band|singer|artist|"
        r"spotify|podcast|jazz|rock|pop\b|hip ?hop|rap\b|classical|放|播|听|歌|音乐|曲|专辑"
    ),
    "pause": r"pause|stop|hold|halt|暂停|停",
    "skip": (
        r"next|skip|previous|(?:last|other|another|different) (?:song|track|one)|go back|"
        r"(?:play|hear|song|track|listen)\w*\b.{0,20}\bagain|下一|上一|再听|切歌|换一首|换首|前一"
    ),
    "volume": (
        r"volume|loud|quiet|soft|sound|hear|noise|noisy|speaker|asleep|sleep|deaf|ears|"
        r"音量|声音|声|大点|小点|吵|听不|睡|耳"
    ),
    "mute": r"mute|silen|quiet|sound|shut up|call|phone|静音|安静|电话|闭嘴|别出声|声",
    # "home" alone is not enough: "switch the lamp on when I get home" is a smart-home job
    "home": (
        r"(?:go|going|take|drive|navigat|head|get|back|route|way|return|direction)\w*\s+"
        r"(?:\w+\s+){0,3}(?:home|house)|回家|回去|导航.{0,4}家"
    ),
}
_OF_INTENT: dict[str, str] = {
    "climate_set_temperature": "temperature",
    "climate_temperature_up": "temperature",
    "climate_temperature_down": "temperature",
    "climate_set_fan": "fan",
    "climate_fan_up": "fan",
    "climate_fan_down": "fan",
    "climate_ac_on": "ac",
    "climate_ac_off": "ac",
    "climate_defrost": "defrost",
    "seat_heat_driver": "seat",
    "seat_heat_passenger": "seat",
    "window_set_position": "window",
    "window_open": "window",
    "window_close": "window",
    "media_play": "play",
    "media_pause": "pause",
    "media_next": "skip",
    "media_previous": "skip",
    "media_volume_set": "volume",
    "media_volume_up": "volume",
    "media_volume_down": "volume",
    "media_mute": "mute",
    "navigate_home": "home",
}
_PATTERNS = {intent: re.compile(_SUBJECTS[s]) for intent, s in _OF_INTENT.items()}

def grounded(intent: str, text: str) -> bool:
    """Whether ``text`` says a word of ``intent``'s subject (False for an unknown intent) and
    nothing that puts it out of scope (:func:`twin.assistant.scope.out_of_scope`: somewhere else,
    later, a question, a device the cabin does not serve; going home is the one subject that
    names home), nor refuses it (a directional intent's negation is :mod:`hil.llm.direction`'s
    to read: "not warm enough" still points one way)."""
    pattern = _PATTERNS.get(intent)
    lowered = text.lower()
    if pattern is None or pattern.search(lowered) is None:
        return False
    scope = out_of_scope(lowered)
    if scope is not None and not (intent == "navigate_home" and scope == "elsewhere"):
        return False
    return intent in FAMILY or not negated(lowered)


TOPICS: dict[str, tuple[str, ...]] = {
    "temperature": ("climate_set_temperature", "climate_temperature_up",
                    "climate_temperature_down"),
    "fan": ("climate_set_fan", "climate_fan_up", "climate_fan_down"),
    "ac": ("climate_ac_on", "climate_ac_off"),
    "defrost": ("climate_defrost",),
    "seat": ("seat_heat_driver", "seat_heat_passenger"),
    "window": ("window_set_position", "window_open", "window_close"),
    "playback": ("media_play", "media_pause"),
    "skip": ("media_next", "media_previous"),
    "volume": ("media_volume_set", "media_volume_up", "media_volume_down"),
    "mute": ("media_mute",),
    "home": ("navigate_home",),
}
"""What the fallback decides first: the thing a request changes, and the intents that change it
(which of them, and the value, are read from the words: :mod:`hil.llm.slots`)."""
TOPIC_OF: dict[str, str] = {i: t for t, intents in TOPICS.items() for i in intents}
# "turn the music down", "音乐开小点": the volume, named through what is playing
_VOLUME_OF_MUSIC = (r"(?:music|song|radio|tunes?)\b.{0,12}\b(?:up|down)\b|"
                    r"(?:音乐|歌|歌曲|广播).{0,4}(?:开|调|放)?(?:大|小)")
_TOPIC_PATTERNS = {
    topic: re.compile("|".join(
        [f"(?:{_SUBJECTS[_OF_INTENT[i]]})" for i in intents]
        + ([_VOLUME_OF_MUSIC] if topic == "volume" else [])
    ))
    for topic, intents in TOPICS.items()
}


# words that hold a topic's word and mean something else: "角度" (an angle), "亮度", "纬度"
_NOT_A_TOPIC = re.compile(
    r"[角亮纬经速程力高幅进强湿浓密长]度|对比度|\d+ ?度(?=[的]?(?:角|方向))|风格|风景|风光|"
    r"风扇之外|音乐会|歌词|歌手是谁|声明|声誉"
)
# devices and functions the cabin does not have, beyond the rules' scope words: the fallback
# must not read "左后靠背往上调30度" as a temperature or "打开右面吹风口" as the fan
LACKING = re.compile(
    r"靠背|座椅通风|通风座椅|按摩|扶手|腿托|腰托|头枕|屏|窗帘|遮阳|天窗|天幕|吹风口|出风口|扫风|"
    r"后除霜|后除雾|后视镜|香氛|氛围|通话|电话|热点|冰箱|后备箱|尾门|雨刮|大灯|灯|"
    r"recline|backrest|seat back|sunshade|blind|curtain|vent\b|vents\b|ambient|"
    r"hotspot|phone call|call volume|ringtone|alarm|notification"
)


# beyond the rules' scope words: a condition, the past, another place or car, a state asked
# about ("if my phone rings mute the music", "the concert last week was so loud", "等孩子睡着了
# 把音乐关小", "heat the pool", "爸妈家的空调", "座椅加热现在是几档")
NOT_HERE_NOW = re.compile(
    r"\bif (?:my|your|his|her|our|a|an|someone|somebody)\b|\bonce (?:the|my|our|it|he|she|they)\b|"
    r"\bwhen (?:the|my|our|he|she)\b|\bafter (?:my|our|he|she|they)\b|"
    r"\b(?:yesterday|last (?:week|night|time|year|month)|used to|the old|back then)\b|"
    r"\b(?:was|were) (?:so|too|really|very)\b|\bpool\b|\bbalcony\b|\bcabin at\b|"
    r"\bseat ventilation\b|\bventilated seat|\bi (?:love|like|hate|wonder)\b(?! (?:to|it|some))|"
    r"等(?!一下|一会)[^，,。]{1,8}了|那辆车|家的|爸妈家|阳台|以前|昨天|上次|上周|"
    r"现在是几|几档了|是多少|开着吗|关着吗"
)


def named_topics(text: str) -> set[str]:
    """The topics whose words ``text`` says (any scope, any negation; words like "角度"
    that only contain a topic's word do not count)."""
    lowered = _NOT_A_TOPIC.sub(" ", text.lower())
    return {t for t, pattern in _TOPIC_PATTERNS.items() if pattern.search(lowered)}
