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

from hil.llm.direction import DISLIKE, FAMILY
from twin.assistant.scope import negated, out_of_scope

_SUBJECTS: dict[str, str] = {
    "temperature": (
        r"temp|degree|warm|cool|cold|hot\b|heat|chill|freez|frozen|icy|frost|sweat|boil|roast|"
        r"bak(?:e|ing)|sauna|oven|fridge|melt|overheat|stifl|swelter|toasty|shiver|numb|arctic|"
        r"icebox|\bbrr|温度|度|冷|热|暖|凉|冻|汗|蒸笼|烤|冰|哆嗦|发抖"
    ),
    "fan": (r"fan|air ?flow|blow|breez|ventilat|draft|draught|stuffy|wind|"
            r"(?:more|less|some more|stronger|weaker) air\b|\bair (?:is|coming)|风|闷"),
    "ac": r"\bac\b|a/c|\ba c\b|air ?con|air condition|climate|humid|sticky|muggy|空调|冷气|湿|闷",
    "defrost": (
        r"defrost|demist|de-?fog|fog|mist|steam|windshield|windscreen|can'?t see|iced over|"
        r"condensation|除雾|除霜|雾|看不清|看不见|结霜|水汽"
    ),
    "seat": (r"seat|\bbum\b|\bbutt\b|\bmy back\b|\bback(?:'s| is)|bottom|座椅|座位|屁股|后背|腰|"
             r"[主副]驾\S{0,3}加热"),
    "window": (r"window|fresh air|some air|smell|stink|smok|breeze|stuffy|stale|windy|wind noise|"
               r"rain (?:is )?coming in|blowing in|flying in|窗|透气|通风|味|闷|烟|风灌|飘进|"
               r"吹进|飞进|灰尘|风噪"),
    "play": (
        r"play|music|song|track|playlist|album|radio|listen|hear|tune|band|singer|artist|"
        r"spotify|podcast|jazz|\brock\b|\bpop\b|hip ?hop|\brap\b|classical|放|播|听|歌|音乐|曲|专辑"
    ),
    "pause": r"pause|stop|hold|halt|resume|暂停|停",
    "skip": (
        r"next|skip|previous|(?:last|other|another|different) (?:song|track|one)|go back|"
        r"(?:play|hear|song|track|listen)\w*\b.{0,20}\bagain|下一|上一|再听|切歌|换一首|换首|前一|"
        r"换一?个歌|\bback (?:a|one) (?:song|track|tune)\b|\bnext tune\b|" + DISLIKE.pattern
    ),
    "volume": (
        r"volume|loud|quiet|soft|sound|hear|noise|noisy|speaker|asleep|sleep|deaf|ears|"
        r"音量|声音|声|大点|小点|吵|听不|睡|耳"
    ),
    "mute": r"mute|silen|quiet|sound|shut up|\bshh+\b|call|phone|静音|安静|电话|闭嘴|别出声|声|嘘",
    # "home" alone is not enough: "switch the lamp on when I get home" is a smart-home job
    "home": (
        r"(?:go|going|take|drive|navigat|head|get|back|route|way|return|direction)\w*\s+"
        r"(?:\w+\s+){0,3}(?:home|house)|\bhome,? (?:please|now)\b|回家|回去|导航.{0,4}家"
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
                    r"\b(?:up|down)\b.{0,6}\b(?:the |that |this )?(?:music|song|radio|tunes?)\b|"
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
    r"cheat|wheat|theat(?:er|re)|[角亮纬经速程力高幅进强湿浓密长]度|对比度|挡风|风挡|"
    r"\d+ ?度(?=[的]?(?:角|方向))|风格|风景|风光|"
    r"风扇之外|音乐会|歌词|歌手是谁|声明|声誉"
)
# devices and functions the cabin does not have, beyond the rules' scope words: the fallback
# must not read "左后靠背往上调30度" as a temperature or "打开右面吹风口" as the fan
LACKING = re.compile(
    r"靠背|座椅通风|通风座椅|(?:座垫|坐垫|座位|屁股|后背)\S{0,2}通风|按摩|扶手|腿托|腰托|头枕|屏|窗帘|遮阳|天窗|天幕|吹风口|出风口|扫风|"
    r"后除霜|后除雾|后视镜|香氛|氛围|通话|电话|热点|冰箱|后备箱|尾门|雨刮|大灯|灯|锁|界面|"
    r"导航音量|导航声音|soundbar|后排|后座|\brear\b|"
    r"recline|backrest|seat back|sunshade|blind|curtain|vent\b|vents\b|ambient|"
    r"(?:raise|lower|move|adjust|slide|tilt|push) (?:the |my )?seat\b(?! heat| warm)|"
    r"\bseat (?:position|height|forward|backward)|"
    r"hotspot|phone call|call volume|ringtone|alarm|notification"
)


# beyond the rules' scope words: a condition, the past, another place or car, a state asked
# about ("if my phone rings mute the music", "the concert last week was so loud", "等孩子睡着了
# 把音乐关小", "heat the pool", "爸妈家的空调", "座椅加热现在是几档")
NOT_HERE_NOW = re.compile(
    r"\bif (?:my|your|his|her|our|a|an|someone|somebody)\b|\bonce (?:the|my|our|it|he|she|they)\b|"
    r"\bwhen (?:the|my|our|he|she)\b|\bafter (?:my|our|he|she|they)\b|"
    r"\b(?:yesterday|last (?:week|night|time|year|month)|used to|the old|back then)\b|"
    r"\bmy (?:old|previous|last|other|new) car\b|\bhad\b(?! enough)|"
    r"\bafter (?:this|that|the) (?:song|track|one)\b|"
    r"\bwhen (?:this|the) (?:song|track) (?:ends|is over|finishes)\b|这首(?:歌)?(?:放完|结束|唱完)|"
    r"\b(?:was|were) (?:so|too|really|very)\b|\bpool\b|\bbalcony\b|\bcabin at\b|"
    r"\bseat ventilation\b|\bventilated seat|"
    r"\bi hate\b(?! (?:to|it|some|this (?:song|track|tune|one)))|"
    r"等(?!一下|一会)[^，,。]{1,8}了|那辆车|家的|爸妈家|阳台|以前|昨天|上次|上周|"
    r"(?:(?<![关锁合盖])上了|下了|过了|出了|进了)[^，,。]{1,6}(?:再|就)|"
    r"(?<![调开升降加减])到了[^，,。]{1,6}(?:再|就)?"
    r"(?:打开|关|开|调|放|播)|"
    r"现在是几|几档了|是多少|开着吗|关着吗|[开关]好?了没有?|"
    r"^(?:will|should) (?:i|we) (?:need|be|get|have)\b|"
    # a room of a home ("把儿童房的温度调高一点")
    r"儿童房|婴儿房|老人房|主卧|次卧|\bnursery\b|"
    # a remark about what plays, or an edit of the library: nothing to change in the cabin
    r"\bthis (?:song|singer|album|band|track|tune) (?:reminds|has|was)\b|\bgreat voice\b|"
    r"\b(?:remove|delete|erase|add|save|download|rename)\b.{0,24}\b(?:songs?|playlists?|"
    r"albums?|tracks?|list)\b|让我想起|想起了|真好听|好好听|唱得(?:真|太|很)?好|删除|下载|收藏(?!的|夹)|"
    r"加到歌单|加入歌单"
)
# a remark about what plays or what one likes ("i love this song"): nothing to change, unless
# it is said beside a command, where :func:`hil.llm.clauses.focus` leaves it out as a reason
REMARK = re.compile(r"\bi (?:love|like|wonder)\b(?! (?:to|it|some))")
# the user wants a thing left as it is ("leave the window alone", "no music thanks", "就这样"):
# nothing changes and nothing is asked
KEEP = re.compile(
    r"\bleave (?:the \w+|it|that|them)\b.{0,12}\b(?:alone|as (?:it is|is)|where it is|be)\b|"
    r"\bkeep (?:the \w+|it) (?:as|where) it is\b|\bno (?:\w+ )?thanks\b|就这样吧?$|保持不变|别动"
)


EXPLICIT: dict[str, re.Pattern[str]] = {
    topic: re.compile(pattern) for topic, pattern in {
        "temperature": r"温度|temperature|\btemp\b",
        "fan": r"风量|风速|风力|\bfan\b",
        "ac": r"空调|\bac\b|\ba/c\b|air ?con",
        "defrost": r"除雾|除霜|defrost|demist",
        "seat": r"座椅加热|座位加热|加热座椅|[主副]驾\S{0,3}加热|seat heat|seat warm|heated seat",
        "window": r"车窗|窗户|\bwindows?\b",
        "playback": r"播放|(?:听|放|来|播)(?:一|几)?[首个些点](?:.{0,12})?(?:歌|曲|音乐)|"
                    r"\bplay\b.{0,30}\b(?:song|music|album|playlist|tracks?)\b|暂停|\bpause\b",
        "skip": r"下一首|上一首|换一首|换首|\b(?:next|previous) (?:song|track)\b",
        "volume": r"音量|\bvolume\b",
        "mute": r"静音|\bmute\b|\bsilence\b",
        "home": r"回家|导航.{0,4}家|\b(?:navigate|drive|take me) home\b",
    }.items()
}
"""The words that name a topic outright ("温度", "the volume", "播放…歌"): on such a request the
head's ``unknown`` does not veto a complete reading of the words, and the topic has its own
threshold (``THRESHOLDS["explicit"]``)."""


# a request for music that starts by asking for it ("play Hotel California", "我要听儿歌吹起小
# 喇叭", "有没有周杰伦的歌"): what follows the verb is a title or a singer, whose words name no
# place, device or topic
SONG_REQUEST = re.compile(
    r"^(?:(?:please|hey|ok|okay|can you|could you|would you|will you)\s+)*(?:play|put on)\s+\S|"
    r"^i(?:'d| would)? (?:want|like|love) to hear\s+\S|"
    r"^(?:你好\S{0,3}?|请|帮我|给我|麻烦)*(?:播放|放一?首|来一?首|听一?首|我要听|我想听|我想要听)|"
    r"有没有.{0,16}(?:歌|音乐|曲)|(?:歌|音乐|曲)有没有"
)


# one track forward or back, said with nothing after it ("换一首", "下一首歌"); "换一首钢琴曲"
# asks for other music (playback)
_SKIP_ONLY = re.compile(
    r"[下上前]一[首曲]|(?:换|切)一?[首个]歌?曲?(?:吧|呢|啊)?$|切歌|"
    r"\b(?:next|previous) (?:song|track|tune)\b|\bskip\b(?! to)|"
    r"\b(?:go )?back (?:a|one) (?:song|track)\b"
)
# the loudness said ("i can't hear the music", "crank up the tunes"): the volume, not playback
LOUDNESS = re.compile(
    r"can'?t hear|barely hear|hardly hear|louder|quieter|crank (?:it |the \w+ )?up|"
    r"turn (?:it |the \w+ )?(?:up|down)\b|听不|大声|小声|大点声|小点声|声音?太[大响吵小轻]"
)
# the seat said by its name: a warming word beside it is the seat's ("warm my seat up")
_SEAT_WORD = re.compile(r"\bseats?\b|座椅|座位")


_MEDIA_HINTS = {"volume", "mute"}
# the part of the body a seat warms, said of the speaker: "my back's cold" is the seat heating,
# "I'm freezing back here" the temperature
_SEAT_FELT = re.compile(
    r"\bmy (?:back|butt|bum|bottom|behind|backside|lower back)\b|\b(?:butt|bum|backside)\b|"
    r"屁股|后背|背上|背后|腰"
)


def narrowed(named: set[str], text: str) -> set[str]:
    """``named`` without the topics a more specific word overrules: the volume or the mute
    only hinted at ("大点", "声") when another topic is named outright, the AC when the temperature,
    the fan or the defrost is named outright ("空调风量调大"), the mute when the volume is named
    and the mute is not ("speak quieter"), the playback when a track forward or back is
    ("上一首歌曲")."""
    lowered = text.lower()
    out = set(named)
    if any(EXPLICIT[t].search(lowered) for t in out - _MEDIA_HINTS):
        # "空调风量调大点": the fan named outright beats the volume's "大点"
        out -= {t for t in _MEDIA_HINTS if not EXPLICIT[t].search(lowered)}
    if "ac" in out and any(t in out and EXPLICIT[t].search(lowered)
                           for t in ("temperature", "fan", "defrost")):
        out.discard("ac")
    if {"mute", "volume"} <= out and not EXPLICIT["mute"].search(lowered):
        out.discard("mute")
    if {"skip", "playback"} <= out and (_SKIP_ONLY.search(lowered) or DISLIKE.search(lowered)):
        out.discard("playback")
    if {"seat", "temperature"} <= out and not EXPLICIT["temperature"].search(lowered) and (
        EXPLICIT["seat"].search(lowered) or _SEAT_FELT.search(lowered)
        or _SEAT_WORD.search(lowered)
    ):
        out.discard("temperature")  # "passenger seat warmer off", "my butt is frozen"
    if {"mute", "playback"} <= out and EXPLICIT["mute"].search(lowered):
        out.discard("playback")  # "mute the music"
    if {"mute", "volume"} <= out and EXPLICIT["mute"].search(lowered) and not (
            EXPLICIT["volume"].search(lowered)):
        out.discard("volume")  # "mute the sound please"
    if {"volume", "playback"} <= out and not EXPLICIT["playback"].search(lowered) and (
            LOUDNESS.search(lowered) or EXPLICIT["volume"].search(lowered)):
        out.discard("playback")  # "i can't hear the music", "turn down the music"
    if {"defrost", "temperature"} <= out and EXPLICIT["defrost"].search(lowered) and not (
            EXPLICIT["temperature"].search(lowered)):
        out.discard("temperature")  # "defrost the windshield": not the "frost" of the cold
    return out


def named_topics(text: str) -> set[str]:
    """The topics whose words ``text`` says (any scope, any negation; words like "角度"
    that only contain a topic's word do not count)."""
    lowered = _NOT_A_TOPIC.sub(" ", text.lower())
    return {t for t, pattern in _TOPIC_PATTERNS.items() if pattern.search(lowered)}
