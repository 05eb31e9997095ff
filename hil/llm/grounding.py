# Over 400 lines: the grounding checks and the topic words they read, kept together
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
from functools import lru_cache

from hil.llm.direction import BEFORE_THIS, DISLIKE, FAMILY, direction_of, normalised
from hil.llm.other_sense import OTHER_SENSE
from hil.llm.own_things import OWN_HEAT, OWN_SOUND
from hil.llm.signs import SEATED_ZH, VENT_AIR, vent_air
from hil.llm.topics import TOPICS_DATA
from twin.assistant.catalogue import active_catalogue
from twin.assistant.scope import SIMILE_ZH, ZH_ONCE, negated, out_of_scope

TOPICS: dict[str, tuple[str, ...]] = TOPICS_DATA.intents
"""What the fallback decides first: the thing a request changes, and the intents that change it
(which of them, and the value, are read from the words: :mod:`hil.llm.slots`): the catalogue's
topics with ``subject`` words (:mod:`hil.llm.topics`)."""
TOPIC_OF: dict[str, str] = TOPICS_DATA.topic_of
# the words of a topic's subject (the thing, or a feeling that names it: "freezing" for the
# temperature, "asleep" for the volume), a dislike of the song, the air said by the vents
_TOPIC_PATTERNS: dict[str, re.Pattern[str]] = {
    topic: (re.compile(f"{p.pattern}|{DISLIKE.pattern}") if topic == "media_track" else
            re.compile(f"{p.pattern}|{VENT_AIR.pattern}") if topic == "climate_fan" else p)
    for topic, p in TOPICS_DATA.subject.items()
}


def grounded(intent: str, text: str) -> bool:
    """Whether ``text`` says a word of ``intent``'s topic (False for an intent of no fallback
    topic) and nothing that puts it out of scope (:func:`twin.assistant.scope.out_of_scope`:
    somewhere else, later, a question, a device the cabin does not serve; going home is the one
    subject that names home), nor refuses it (a directional intent's negation is
    :mod:`hil.llm.direction`'s to read: "not warm enough" still points one way)."""
    pattern = _TOPIC_PATTERNS.get(TOPIC_OF.get(intent, ""))
    lowered = text.lower()
    if pattern is None or pattern.search(lowered) is None:
        return False
    scope = out_of_scope(lowered)
    if scope is not None and not (intent == "navigate_home" and scope == "elsewhere"):
        return False
    return intent in FAMILY or not negated(lowered)


# words that hold a topic's word and mean something else: "角度" (an angle), "亮度", "纬度"
_NOT_A_TOPIC = re.compile(
    r"cheat|wheat|theat(?:er|re)|[角亮纬经速程力高幅进强湿浓密长]度|对比度|挡风|风挡|"
    r"\d+ ?度(?=[的]?(?:角|方向))|风格|风景|风光|"
    r"风扇之外|音乐[会节厅课]|音乐学院|歌词|歌手是谁|声明|声誉|"
    # the back seat as where someone sits ("shivering in the back seat"): no seat to heat
    r"\b(?:in|on) the back ?seats?\b|"
    # a likeness said "on" something ("跟坐在冰块上一样"): no track before this one
    r"上一(?=样|般|模一样)|"
    # "cool" as praise ("this article is super cool"), not the cabin's air
    r"\b(?:is|was|looks|sounds|that'?s|it'?s) (?:super|so|really|pretty|very) cool\b(?! in\b)|"
    r"\bmusic (?:festival|school|lessons?|class|teacher|hall|shop|store)s?\b|"
    # "next"/"previous" of something not played ("my next meeting", "the next exit", "next
    # play X", "下一个路口"): no track word; a track said after it ("next song", "next one",
    # "next please") or nothing after it ("skip to the next") keeps it
    r"\b(?:next|previous)\b(?= (?!(?:song|songs|track|tracks|tune|tunes|one|ones|number|piece|"
    r"video|station|channel|album|artist|playlist|please|pls|thanks|then|now|again)\b)[a-z]{2,})|"
    r"[下上]一(?=个?(?:路口|出口|站|会议?|日程|提醒|事件?|周|步|集|次|章|段|条|天|年|月|位))|"
    + OTHER_SENSE
)
_THEIR_DEVICE = r"窗|座|椅|加热|出风|空调|温度|风|灯|屏|门|音|声|喇叭|除|头枕|靠背|扶手|充电|杯"
"""What the back row has of its own (a window, a seat, its air, its sound): "后座的窗" is a
device, "后座的小狗" is someone sitting there."""
# devices and functions the cabin does not have, beyond the rules' scope words: the fallback
# must not read "左后靠背往上调30度" as a temperature or "打开右面吹风口" as the fan
LACKING = re.compile(
    r"靠背|座椅通风|通风座椅|(?:座垫|坐垫|座位|屁股|后背)\S{0,2}通风|按摩|扶手|腿托|腰托|头枕|屏|窗帘|遮阳|天窗|天幕|吹风口|出风口|扫风|"
    r"后除霜|后除雾|后视镜|香氛|氛围|通话|电话|热点|冰箱|后备箱|尾门|雨刮|大灯|灯|锁|界面|"
    # the back row as where someone sits who cannot hear or is cold ("后排听不清歌", "后排孩子一直
    # 喊冷", "我老婆在后排冷"), or anyone or anything of theirs told about
    # ("后座的小狗都吓着了"): no device of theirs said after "的"
    r"后[排座](?!(?:的?(?:[一两俩仨三四几]个?)?(?:" + SEATED_ZH + r"|听|喊|说|冷|热|冻|凉)|的(?!"
    + _THEIR_DEVICE
    + r"))(?![^，,。]*(?:窗|座|加热|出风|空调)))|"
    r"导航音量|导航声音|soundbar|\brear\b|(?<!in the )(?<!on the )\bback ?seats?\b|\bback ?row\b|"
    # a device of the back seat ("heat the seat for nan in the back seat"), a habit, not someone
    r"\b(?:seat|heat\w*|warm\w*|fold\w*|recline\w*|belts?|lights?|lamps?|windows?|vents?|"
    r"screens?|always|never|usually|normally|often|sometimes|whenever)\b[^.,;!?]{0,40}"
    r"\b(?:in|on) the back ?seats?\b|\bback ?seats?\b[^.;!?]{0,40}\b(?:always|never|usually|"
    r"normally|often|sometimes|whenever)\b|"
    r"recline|backrest|seat back|sunshade|blind|curtain|ambient|"
    # a vent to point or close, not the air coming out of the vents (the fan)
    r"(?<!out of the )(?<!out of these )(?<!from the )(?<!from these )\bvents?\b|"
    r"(?:raise|lower|move|adjust|slide|tilt|push|pull|scoot|shift|bring) (?:the |my |your |his |"
    r"her |our |\w+'s )?(?:driver'?s? |passenger'?s? )?seat\b(?! heat| warm)|"
    r"\bseat (?:position|height|forward|backward)|\bseat (?:\w+ )?(?:closer|further|forwards?)\b|"
    # a seat moved ("把我座椅往前挪挪", "座位往后一点", "挪一下座椅"): no heat in it
    r"(?:座椅|座位|椅子)(?!加热)\S{0,2}?(?:[往向][前后上下]|挪|移|靠前|靠后)|[挪移]\S{0,3}(?:座椅|座位|椅子)|"
    r"hotspot|phone call|call volume|ringtone|alarm|notification|"
    # a seat's posture and a glass's tint: the cabin heats seats and moves windows only
    r"竖直|调直|放平|放倒|成床|躺平|透明|后窗|后车窗|\btint\w*|\bopacity\b|\bflat bed\b|"
    # a seat slid, social media and a number to call: nothing the cabin's topics change
    r"滑移|\b(?:facebook|twitter|instagram|tiktok|whatsapp)\b|\bphone number\b|"
    + OWN_SOUND + "|" + OWN_HEAT
)



def lacking(lowered: str) -> bool:
    """Whether ``lowered`` names a device or function the cabin lacks (:data:`LACKING`), but not
    one a catalogue topic names after all (an extension's reading light: its rule ``words`` or
    its ``explicit`` words cover the whole of the lacking word)."""
    return any(not _covered(found, lowered) and not _compared(found, lowered)
               and not vent_air(found, lowered) for found in LACKING.finditer(lowered))


_SIMILE = re.compile(SIMILE_ZH)


def _compared(found: re.Match[str], text: str) -> bool:
    """Whether the lacking word ``found`` is the thing a comparison names ("凉得跟灯塔底下的石板
    一样": no lamp asked for, the seat is cold)."""
    return any(m.start() <= found.start() and found.end() <= m.end()
               for m in _SIMILE.finditer(text))


def _covered(found: re.Match[str], text: str) -> bool:
    patterns = [p for words in active_catalogue().words.values() for _, p in words]
    patterns += list(TOPICS_DATA.explicit.values())
    return any(m.start() <= found.start() and found.end() <= m.end()
               for p in patterns for m in p.finditer(text))

# beyond the rules' scope words: a condition, the past, another place or car, a state asked
# about ("if my phone rings mute the music", "the concert last week was so loud", "等孩子睡着了
# 把音乐关小", "heat the pool", "爸妈家的空调", "座椅加热现在是几档")
NOT_HERE_NOW = re.compile(
    r"\bif (?:my|your|his|her|our|a|an|someone|somebody)\b|\bonce (?:the|my|our|it|he|she|they)\b|"
    r"\bwhen (?:the|my|our|he|she)\b|\bafter (?:my|our|he|she|they)\b|"
    r"\bthe old\b|"  # another day: twin.assistant.scope's "past"
    r"\bmy (?:old|previous|last|other|new) car\b|"
    # another day's state ("i had the heat on"), not one missing now ("we haven't had the ac on")
    r"(?<!haven't )(?<!havent )(?<!hasn't )(?<!hasnt )(?<!have not )\bhad\b(?! enough)|"
    r"\bafter (?:this|that|the) (?:song|track|one)\b|"
    r"\bwhen (?:this|the) (?:song|track) (?:ends|is over|finishes)\b|这首(?:歌)?(?:放完|结束|唱完)|"
    r"\b(?:was|were) (?:so|too|really|very)\b|\bpool\b|\bbalcony\b|\bcabin at\b|"

    r"\bseat ventilation\b|\bventilated seat|"
    r"\bi hate\b(?! (?:to|it|some|this (?:song|track|tune|one)))|"
    r"等(?!一下|一会)[^，,。]{1,8}了|那辆车|"
    # another's car, a habit or a dream told ("我同事那车空调一开就有股霉味", "教练开车从来不开
    # 空调", "my mate's car blasts the heat", "I dreamt the car opened its windows"): no order
    # to this cabin now
    r"那车(?=[^，,。]{0,4}(?:空调|座椅|窗|音乐|歌|风|温度|暖气|冷气|的))|(?:同事|朋友|邻居|老板|别人|人家|教练|师傅|[爸妈哥姐弟妹]|爷爷|奶奶|外公|外婆|"
    r"老公|老婆)(?:的|家的|开的)车(?!里这么)|从来不|从不|从来没|"
    r"\b(?:friend|mate|colleague|co-?worker|boss|neighbou?r|dad|mum|mom|brother|sister|"
    r"instructor|uncle|aunt(?:ie)?)'s car\b|\bin (?:his|her|their) car\b|"
    r"\b(?:he|she|they) (?:never|always|usually)\b|\bi (?:dreamt|dreamed|had a dream)\b|"
    r"\bin (?:my|a|the) dream\b|做梦|梦见|梦到|梦里|(?<!回)家的|回家的(?!路(?!上))|爸妈家|阳台|"
    + ZH_ONCE + r"|"  # "once past X, then" (twin.assistant.scope's one reading)
    r"现在是几|几档了|是多少|开着吗|关着吗|[开关]好?了没有?|"
    # a state asked about ("座椅加热是开着的吗", "现在是静音吗", "is the fan on?")
    r"是(?:不是)?[开关]着|[开关]着的吗|静音了?吗|现在是[^，,。吧]{0,6}吗|"
    r"^(?:is|are) (?:the|my|our) (?!\w+ possible)(?:[\w-]+ ){0,3}(?:on|off|open|closed|muted|"
    r"running|playing)\s*\??$|"
    r"(?:的|今天|明天|外面)风力|"  # the weather's wind ("广东的风力有好大")
    r"^(?:will|should) (?:i|we) (?:need|be|get|have)\b|"
    # a room of a home ("把儿童房的温度调高一点")
    r"儿童房|婴儿房|老人房|主卧|次卧|\bnursery\b|"
    # a remark about what plays, or an edit of the library: nothing to change in the cabin
    r"\bthis (?:song|singer|album|band|track|tune) (?:reminds|has|was)\b|\bgreat voice\b|"
    r"\b(?:remove|delete|erase|add|save|download|rename)\b.{0,24}\b(?:songs?|playlists?|"
    r"albums?|tracks?|list)\b|让我想起|想起了|真好听|好好听|唱得(?:真|太|很)?好|删除|下载|收藏(?!的|夹)|"
    r"加到歌单|加入歌单"
)
# somewhere else than the cabin, even after "play" (the rest is no title): a home's rooms and
# speakers ("play jazz on the kitchen speaker", "家里的音箱放首歌")
AT_HOME = re.compile(
    r"\b(?:kitchen|living ?room|bedroom|bathroom|garage|basement)\b|"
    r"\b(?:home|house|smart|bluetooth|portable|office) speakers?\b|厨房|客厅|卧室|书房|"
    r"家里的|智能音箱"
)
# something to watch or to be told, even after "play" ("next episode", "give me information
# on ..."): the cabin plays music only
NOT_TO_HEAR = re.compile(
    r"\bmovies?\b|\bfilms?\b|\bvideos?\b|\bepisodes?\b|\btv\b|电影|视频|电视剧|综艺|下一集|"
    r"\binformation\b|\binfo\b|资讯|信息"
)
# a stop on the way home, or a place after it ("先回家再去机场", "home and then on to the gym",
# "回家前先去趟超市"): a route the cabin cannot set, so going home is not acted on alone
OTHER_STOP = re.compile(
    r"(?:再|然后|之后|接着|顺便|顺路)(?:去|到|开到|导航到)|先去|途经|"
    r"\bthen (?:go |head |drive )?(?:on )?to\b|\bvia\b|\bstop (?:at|by)\b|\bon the way\b|"
    r"\bbefore (?:going|heading|we go) home\b"
)
# a speaker or screen of a home ("skip the song on the kitchen speaker"): somewhere else, even
# after "play" (a title cannot hide it)
HOME_DEVICE = re.compile(
    r"\b(?:home|kitchen|living ?room|bedroom|office|bathroom|house|garden) (?:speakers?|tv|"
    r"stereo|sonos|echo|radio)\b|(?:家里|客厅|厨房|卧室|书房)的?(?:音箱|音响|电视|收音机)"
)
# a remark about what plays or what one likes ("i love this song"): nothing to change, unless
# it is said beside a command, where :func:`hil.llm.clauses.focus` leaves it out as a reason
REMARK = re.compile(r"\bi (?:love|like|wonder)\b(?! (?:to|it|some))")
# the user wants a thing left as it is ("leave the window alone", "no music thanks", "就这样"):
# nothing changes and nothing is asked
KEEP = re.compile(
    r"\bleave (?:the \w+|it|that|them)\b.{0,12}\b(?:alone|as (?:it is|is)|where it is|be)\b|"
    r"\bleave (?:the \w+|it|that|them) (?:playing|on|running|going|open|closed|shut|off)\b|"
    r"\bkeep (?:the \w+|it) (?:as|where) it is\b|\bno (?:\w+ )?thanks\b|就这样吧?$|保持不变|别动"
)


EXPLICIT: dict[str, re.Pattern[str]] = TOPICS_DATA.explicit
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
# the song playing now asked for again ("play this song again", "这首歌再放一遍"): playback,
# not the track before
_THIS_AGAIN = re.compile(
    r"\b(?:this|the same|the current|current) (?:song|track|tune|one)\b.{0,12}\bagain\b|"
    r"这首(?:歌|曲子?)?.{0,4}(?:再|重新)(?:放|播|听)"
)
# the loudness said ("i can't hear the music", "bump up the tunes"): the volume, not playback
LOUDNESS = re.compile(
    r"can'?t hear|barely hear|hardly hear|louder|quieter|\btoo (?:loud|quiet)\b|"
    r"(?:turn|crank|bump|whack|knock) (?:it |(?:the|that|this|my) \w+ )?(?:up|down)\b|"
    r"听不|大声|小声|大点声|小点声|声音?太[大响吵小轻]"
)
# the seat said by its name: a warming word beside it is the seat's ("warm my seat up")
_SEAT_WORD = re.compile(r"\bseats?\b|座椅|座位")


_MEDIA_HINTS = {"media_volume", "media_mute"}
# the part of the body a seat warms, said of the speaker: "my back's cold" is the seat heating,
# "I'm freezing back here" the temperature
_SEAT_FELT = re.compile(
    r"\bmy (?:back|butt|bum|bottom|behind|backside|lower back)\b|\b(?:butt|bum|backside)\b|"
    r"屁股|后背|背上|背后|腰"
)


# the music said to be absent ("way too quiet without any music", "没有音乐太闷了"): playing it
# is the request, not its loudness
_NO_MUSIC = re.compile(
    r"\bwithout (?:any |some |the )?(?:music|tunes|songs?|radio)\b|"
    r"没(?:有|放|在放|开)?(?:音乐|歌|广播)"
)
# the music said to hurt ("这音乐震得我脑仁儿疼", "this music is giving me a headache"): its
# loudness, never a request to play
_LOUD_PAIN = re.compile(
    r"震得|震耳|吵(?:死|得)|太吵|头(?:都)?(?:疼|痛|大)|脑仁|耳朵(?:都)?(?:疼|痛|受不了)|"
    r"\bheadache\b|\bhurts? my (?:ears|head)\b|\bdeafening\b|\bmy ears (?:are |)(?:ringing|hurt)"
)
# a device's state said as a circumstance ("we've got the windows open anyway", "窗户都开着呢"):
# beside a request about another topic, not a request about that device
_STATE_SAID = re.compile(
    r"\b(?:we'?ve got|we have|i'?ve got|i have|got) (?:the |my |our )?\w+ (?:open|down|up|closed|"
    r"shut|on|off)\b(?! (?:please|now|a bit|a little))|"
    r"\bthe \w+ (?:is|are|'s|'re) (?:already |still |all )?(?:open|down|closed|shut)\b|"
    r"\S{1,3}(?:都|已经|还|也)?(?:开着|关着)(?:呢|的)?"
)


# the AC set to a number of degrees ("空调开到十度", "空调给我打到26", "set the ac to 22"): the
# temperature (a level of the fan is said with 档/级/"level"/"speed")
_AC_DEGREES = re.compile(
    r"(?:空调|冷气|暖气|\b(?:ac|a/c) )\S{0,3}?(?:打|调|开|设|定|弄|整)(?:到|成|在)"
    r"\s*(?:\d+|[一二三四五六七八九十两]+)"
    r"(?!\s*(?:档|级|格|挡))|"
    # "空调调高点", "把空调调低一点": the AC raised or lowered is its temperature
    r"(?:空调|冷气|暖气|\b(?:ac|a/c) )(?:再|给我|稍微)?(?:调|开|弄|整)(?:高|低)"
    r"(?![^，,。]{0,4}(?:档|级|格|挡))|"
    r"\b(?:ac|a/c|air ?con\w*|climate) (?:to|at|on) \d+(?! ?(?:level|speed|bars?)\b)"
)


# fog on the glass, and a window moved: "the windows are misting up, clear them" is the defrost
_FOG = re.compile(r"\bsteam|\bfog|\bmist|起雾|雾气|有雾|哈气")
# the window moved as a command, the verb first in its clause ("raise the windows, it's getting
# cold", "把窗户关上"): the window is what is asked, a felt temperature beside it is the reason
_WINDOW_ASKED = re.compile(
    r"(?:^|[,，.;。!！]\s*|\b(?:please|pls|can you|could you|would you|will you)\s+)"
    r"(?:open|close|shut|roll|crack|raise|lower|put|pull|bring|wind)\b[^,，.;。!！]{0,20}?"
    r"\bwindows?\b|"
    r"把(?:车|前|后|主驾|副驾)?窗|(?:关上?|打开|开开?|摇上|摇下|升起|降下)(?:一下)?(?:车|前|后)?窗"
)
_WINDOW_MOVED = re.compile(
    r"\b(?:open|close|shut|roll|crack|raise|lower|wind (?:it |them )?down)\b|打开|开[一点条个]|"
    r"关|摇|降|升|落")


def narrowed(named: set[str], text: str) -> set[str]:
    """``named`` without the topics a more specific word overrules: the volume or the mute
    only hinted at ("大点", "声") when another topic is named outright, the AC when the temperature,
    the fan or the defrost is named outright ("空调风量调大"), the mute when the volume is named
    and the mute is not ("speak quieter"), the playback when a track forward or back is
    ("上一首歌曲")."""
    lowered = text.lower()
    out = set(named)
    rest = _STATE_SAID.sub(" ", lowered)
    if rest != lowered and out & named_topics(rest):
        out &= named_topics(rest)  # "switch the AC off, we've got the windows open anyway"
        lowered = rest
    if any(EXPLICIT[t].search(lowered) for t in out - _MEDIA_HINTS):
        # "空调风量调大点": the fan named outright beats the volume's "大点"
        out -= {t for t in _MEDIA_HINTS if not EXPLICIT[t].search(lowered)}
    if "climate_ac" in out and _AC_DEGREES.search(lowered):
        out.discard("climate_ac")  # "空调开到十度": a temperature, out of range or not
        out.add("climate_temperature")
    if "climate_ac" in out and any(t in out and EXPLICIT[t].search(lowered)
                           for t in ("climate_temperature", "climate_fan", "climate_defrost")):
        out.discard("climate_ac")
    if {"media_mute", "media_volume"} <= out and not EXPLICIT["media_mute"].search(lowered):
        out.discard("media_mute")
    if {"media_track", "media_playback"} <= out and (
            _SKIP_ONLY.search(lowered) or DISLIKE.search(lowered)):
        out.discard("media_playback")
    if "media_track" in out and _THIS_AGAIN.search(lowered) and not _SKIP_ONLY.search(lowered):
        out.discard("media_track")  # "play this song again": the song playing, not the last one
        out.add("media_playback")
    if {"media_track", "media_playback"} <= out and EXPLICIT["media_track"].search(lowered) and (
            not _THIS_AGAIN.search(lowered)) and direction_of("media_previous", lowered) == -1:
        # the track before named outright ("put the last song back on"); "换一首钢琴曲" asks for
        # other music (playback)
        out.discard("media_playback")
    if "media_playback" in out and BEFORE_THIS.search(lowered):
        out.discard("media_playback")  # "play the song before this one again": back one
        out.add("media_track")
    if {"seat_heat", "climate_temperature"} <= out and not (
            EXPLICIT["climate_temperature"].search(lowered)) and (
        EXPLICIT["seat_heat"].search(lowered) or _SEAT_FELT.search(lowered)
        or _SEAT_WORD.search(lowered)
    ):
        out.discard("climate_temperature")  # "passenger seat warmer off", "my butt is frozen"
    if {"media_mute", "media_playback"} <= out and EXPLICIT["media_mute"].search(lowered):
        out.discard("media_playback")  # "mute the music"
    if {"media_mute", "media_volume"} <= out and EXPLICIT["media_mute"].search(lowered) and not (
            EXPLICIT["media_volume"].search(lowered)):
        out.discard("media_volume")  # "mute the sound please"
    if {"media_volume", "media_playback"} <= out and not (
            EXPLICIT["media_playback"].search(lowered)) and (
            LOUDNESS.search(lowered) or EXPLICIT["media_volume"].search(lowered)):
        out.discard("media_playback")  # "i can't hear the music", "turn down the music"
    if {"climate_defrost", "climate_temperature"} <= out and (
            EXPLICIT["climate_defrost"].search(lowered)) and not (
            EXPLICIT["climate_temperature"].search(lowered)):
        out.discard("climate_temperature")  # "defrost the windshield": not the "frost" of the cold
    if {"window", "climate_temperature"} <= out and _WINDOW_ASKED.search(lowered) and not (
            EXPLICIT["climate_temperature"].search(lowered)):
        out.discard("climate_temperature")  # "raise the windows, it's getting cold"
    if {"climate_defrost", "window"} <= out and _FOG.search(lowered) and not (
            _WINDOW_MOVED.search(lowered)):
        out.discard("window")  # "窗户起雾了，弄一下": the window is where the fog is
    if "media_playback" in out and _NO_MUSIC.search(lowered) and not any(
            EXPLICIT[t].search(lowered) for t in _MEDIA_HINTS):
        out -= _MEDIA_HINTS  # "way too quiet without any music": play, not louder
    if "media_playback" in out and _LOUD_PAIN.search(lowered):
        out.discard("media_playback")  # "这音乐震得我脑仁儿疼": the volume, never play
        out.add("media_volume")
    return out


def named_outright(text: str) -> set[str]:
    """The topics ``text`` names outright (:data:`EXPLICIT`), of those it names."""
    lowered = normalised(text)
    return {t for t in narrowed(named_topics(lowered), lowered) if EXPLICIT[t].search(lowered)}


def topic_word_starts(text: str) -> list[int]:
    """Where each topic word of ``text`` (lower-cased) starts, in order."""
    return sorted({m.start() for pattern in _TOPIC_PATTERNS.values()
                   for m in pattern.finditer(text)})


def named_topics(text: str) -> set[str]:
    """The topics whose words ``text`` says (any scope, any negation; words like "角度"
    that only contain a topic's word do not count); a new set each call."""
    return set(_named_topics(text))


@lru_cache(maxsize=1024)  # read once per text: a fallback call asks ~20 times, of a few texts
def _named_topics(text: str) -> frozenset[str]:
    lowered = _NOT_A_TOPIC.sub(" ", text.lower())
    return frozenset(t for t, pattern in _TOPIC_PATTERNS.items() if pattern.search(lowered))
