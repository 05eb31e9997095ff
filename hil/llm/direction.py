# Over 400 lines: one table of every family's words of a way and of a complaint of state, read
# together (splitting them would split the one reading the head relies on for a direction)
"""Which way a request points, read from its words (English and Chinese), for the head.

The classification head decides *what* a request is about; which way (warmer or cooler, louder
or quieter, open or close, on or off, play or pause, next or previous) is decided here, because
a direction error costs more than a question. Three kinds of words, strongest first:

* a negation ("don't", "not", "别", "不要"; but "not loud enough" is an excess) makes any
  direction unclear: ask; so do words after which a family's direction words mean something
  else ("turn up the AC" and "冷气开大" want it *cooler*; "less cold" is warmer);
* an excess ("too loud", "声音太大了", "the fan is too weak", "it's too warm") points *against*
  the adjective: too loud means quieter;
* otherwise the direction words of the family (warmer, cold, louder, 调高, 关 ...).

Both ways, or none: 0, and the head asks "warmer or cooler?" instead of guessing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hil.llm.topics import TOPICS_DATA
from twin.assistant.binding_words import EN_NUMBERS
from twin.assistant.heard import as_heard
from twin.assistant.scope import negated

DISLIKE = re.compile(
    r"(?:can'?t stand|hate|sick of|tired of|bored of|fed up with|don'?t (?:like|want)|do not "
    r"(?:like|want)|not (?:a fan of|feeling)|enough of) (?:this|that|the current) (?:particular )?"
    r"(?:song|track|tune|one)\b|"
    # a repeat told as fatigue ("this track's been on repeat all week", "单曲循环一上午了，听吐了")
    r"\b(?:'s|has|have|'ve) been on repeat\b|听吐了|单曲循环[^，,。]{0,6}了|"
    r"\bthis (?:song|track|tune) (?:sucks|is (?:terrible|awful|bad|boring|annoying|"
    r"rubbish|crap|horrible))|这首(?:歌)?(?:真|太|好)?(?:难听|不好听|听腻|听烦)|不(?:想|爱|喜欢)听这首|"
    r"不喜欢这首|听腻了|听烦了|\bnot this (?:one|song|track) again\b|"
    r"\bnot in the mood for this (?:one|song|track)\b|"
    r"heard this (?:one|song|track) (?:a (?:million|thousand|hundred)|too many|so many) times|"
    r"又是这首|又放这首"
)
"""A dislike of what is playing, said to the car: the next track ("ugh, I can't stand this
track", "这首歌太难听了"), never a refusal."""

# "kill the AC, it's fine", "没关系，关了吧": reassurance, not a refusal
_BENIGN = re.compile(
    r"(?:it'?s|that'?s|it is|that is|i'?m|we'?re) (?:fine|ok(?:ay)?|alright|all right)|"
    r"no (?:problem|worries)|don'?t worry|没关系|没事|不要紧|无所谓"
)


_NO_MORE = re.compile(r"\bno more (?=(?:the )?(?:ac|a/c|air con\w*|music|heat\w*)\b)")
_DEVICE = (r"(?:heat\w*|seat\w*|fan|ac|a/c|air\w*|music|radio|stereo|tunes|window\w*|"
           r"defrost\w*|volume|sound|aircon|climate)")
"""A cabin device said right after "off the": "get off the music" is no place left."""
_IDIOM_OFF = re.compile(
    r"\b(\w+ing (?:my|your|his|her|our|their|me) (?:\w+ )?\w+) off\b|"
    r"\b((?:cool|cooled|cooling|cools|nod|nodded|nodding|doze[ds]?|dozing|dozed) )off\b|"
    r"\b((?:come|comes|came|coming|got|get|gets|getting|just|fresh|straight|stepped|jumped|"
    r"hopped|climbed) )off\b(?= (?:the|a|an|our|my|work|shift|duty)\b)(?! (?:\w+ )?" + _DEVICE
    + r"\b)")
"""An "off" that is part of an idiom, no way ("freezing my backside off", "laughing my head
off", "it's cooled off", "nodded off"), or the place left ("we've just come off the slopes",
"just off a night shift", "when we get off the highway"): left out, so "freezing" reads as the
complaint and "my seat heater on full, we've just come off the slopes" stays on."""
_OFF_A_TOUCH = re.compile(
    r"\boff(?= (?:a (?:touch|tad|smidge|notch|little|bit)|slightly|a little bit)\b"
    r"(?! (?:while|longer|later|more|of)\b))")
""""off" softened by how little ("ease the fan off a touch", "take the fan off a little"): a
step down, not off (the rules read "ease the fan off a bit" so already)."""
_COLD_AS = re.compile(
    r"\blike (?:a|an|the) (?:fridge|freezer|icebox|igloo)\b|(?:像|跟)冰箱(?:一样|似的)?")
_HOT_AS = re.compile(
    r"\blike (?:a|an|the) (?:oven|sauna|furnace|greenhouse)\b|(?:像|跟)(?:烤箱|火炉)(?:一样|似的)?")
# "别这么大声", "not so loud": an excess ("太大声", "too loud"), not a refusal; "别太热" ("don't
# make it too hot") is a limit, not a complaint of heat: it stays a negation
NOT_SO = re.compile(r"(?:别|不要)(?:[放开调弄搞吹])?(?:这么|那么)|\bnot so\b")
"""An excess said as a wish ("风别那么猛", "not so loud"): :func:`normalised` reads it as the
excess ("太", "too"); said of a thing named, it is an order on it (:func:`hil.llm.clauses.
commanding`), never a reason beside another order."""


# the road, the engine, the wind or the children loud: a noise over the sound, never the volume
# too loud ("路噪太大了，歌都听不清": louder); the noise and the word of its loudness are dropped
_NOISE_LOUD = re.compile(
    r"(?:路噪|胎噪|风噪|噪音|噪声|杂音|发动机|引擎|马达|外面|窗外|孩子们?|小孩子?|小朋友|宝宝|"
    r"风声|雨声)(?:声|的声音|的噪音)?(?:也|实在|真的?|都)?(?:太|好|很|特别|超|这么|那么)?"
    r"(?:大|响|吵)(?:了|啊|呀)?|"
    r"\b(?:the |this |that |all the |so much )?(?:road|tyre|tire|wind|engine|motor|traffic|rain|"
    r"kids?|children|baby|background|outside) ?(?:noise|roar|sound)?s? (?:is |are |'?s |'?re |"
    r"gets? |getting |being )?(?:way |just |really |so |too |very |damn |super |incredibly )*"
    r"(?:loud|noisy|deafening)\b|"
    r"\b(?:the |this |that |all the |so much )?(?:road |tyre |tire |wind |engine |background )?"
    r"noise (?:is |'?s )?(?:way |just |really |so |too |very )*(?:loud|bad|high)\b"
)
# the user cannot hear: whatever else is said, never quieter
_CANT_HEAR = re.compile(
    r"听不(?:清|见|到|太清)|没进耳朵|没听(?:全|进去)|一句(?:也|都)没(?:听|进)|"
    r"(?:can ?not|can'?t|cannot|couldn'?t|can barely|can hardly|barely|"
    r"hardly) hear(?! (?:myself|my ?self|my own|you|the (?:navi\w*|directions?|call|phone)))|"
    # what plays not made out ("can't make out a word the singer says", "can't catch the lyrics")
    r"(?:can ?not|can'?t|cannot|couldn'?t|barely|hardly) (?:make out|catch) (?:a (?:single )?"
    r"word|what|the (?:words|lyrics))"
)


def cant_hear(text: str) -> bool:
    """Whether the user says they cannot hear or make out what plays: never a pause, a mute or
    quieter."""
    return _CANT_HEAR.search(normalised(text)) is not None


# Scots spellings of the words that say a way ("turn it doon", "switch it aff", "gonnae"): the
# direction and slot words read them as they read English; "cannae" keeps its negation unread
_SCOTS = {"doon": "down", "aff": "off", "oot": "out", "gonnae": "going to", "wee": "little"}
_SCOTS_WORD = re.compile(r"\b(?:" + "|".join(_SCOTS) + r")\b")


@lru_cache(maxsize=1024)  # pure: a fallback call reads ~30 times, of a few texts
def normalised(text: str) -> str:
    """``text`` lower-cased, read as heard (:func:`twin.assistant.heard.as_heard`: "twenty
    for" is 24, "windah" a window), Scots spellings of a way read as English ("doon": down),
    without words of reassurance that contain a negation ("no problem", "it's fine"), with
    "别这么"/"not so" read as the excess they are ("太", "too"), "no more AC" as the stop it
    is, a simile of cold or heat as the feeling ("like a fridge in here": freezing; the
    fridge is no device to change), an idiom's "off" left out (:data:`_IDIOM_OFF`), "off a
    touch" read as the step down it is, and a
    Latin word apart from the Chinese around it."""
    lowered = NOT_SO.sub(lambda m: "太" if m.group().startswith(("别", "不")) else "too",
                          _SCOTS_WORD.sub(lambda m: _SCOTS[m.group()],
                                          as_heard(text.lower())))
    lowered = _IDIOM_OFF.sub(lambda m: m.group(1) or m.group(2) or m.group(3),
                             _NO_MORE.sub("stop ", _OFF_A_TOUCH.sub("down", lowered)))
    lowered = _COLD_AS.sub(" freezing ", _HOT_AS.sub(" boiling ", lowered))
    return _LATIN_CJK.sub(" ", _BENIGN.sub(" ", lowered))


_LATIN_CJK = re.compile(r"(?<=[a-z])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[a-z])")
"""The seam between a Latin word and Chinese ("AC开一下"): a space, so that the word is a word
("\\bac\\b" did not find it and the question was about the temperature of "热爆了")."""

FAMILY: dict[str, tuple[str, int]] = TOPICS_DATA.family
"""Each directional intent: its family (the catalogue's topic) and its sign (+1
up/on/open/play/next, -1 down/off/close/pause/previous): :mod:`hil.llm.topics`."""

# per family: (up/on/open words, down/off/close words), (the excess that asks for up, the one
# that asks for down: "too cold" wants up), and the words after which the family's direction
# words mean something else ("turn up the AC" and "冷气开大" ask for *cooler* with an up word;
# "less cold" is warmer with a cold word): the catalogue's up/down, too_little/too_much, unclear
_CUES = TOPICS_DATA.cues
_EXCESS = TOPICS_DATA.excess
_UNCLEAR = TOPICS_DATA.unclear


# "空调温度调高", "raise the AC temperature": the temperature is named, its up is warmer
_SAYS_TEMPERATURE = re.compile(r"temperature|degrees?|温度|\d+ ?度|[一二三四五六七八九十]+度")


_STOP_PLAYING = re.compile(r"暂停|停止|停播|\bpause\b|\bstop (?:playing|the (?:music|song|audio))|"
                           r"\b(?:freeze|hold) (?:the |this |that |my )?(?:music|song|track|tune|"
                           r"audio|podcast)s?\b(?! (?:on|down|up|louder|quieter))|"
                           # a rest given to what plays ("give the songs a rest", "a breather
                           # from the playlist", "歌先歇一歇", "让歌单歇口气", "定住那首歌")
                           r"\bgive (?:the |those |these |my |this |that )?(?:music|songs?|"
                           r"tunes?|playlist|radio|tracks?) a (?:rest|break)\b|"
                           r"\b(?:a|have a|take a) (?:breather|break|rest) from (?:the |this |"
                           r"that |my )?(?:music|songs?|tunes?|playlist|radio)\b|"
                           r"(?<![来放播听点]首)(?<![来放播听点])(?:歌歌?|音乐|曲子|歌曲|歌单|广播|"
                           r"收音机)(?:先|就|也)?(?:歇|休息)|定住(?:那首|这首)?(?:歌|音乐|曲子)")
"""An order to stop the playing, or to keep it still where it is ("freeze the song right there",
"hold the music a sec"), or to give it a rest: pause, never play."""
_PLAY_VERB = re.compile(r"play|put on|listen|hear|shuffle|resume|continue|播|放|听|继续|来")


# a comparative asks for more of the quality it names ("再凉一点", "热一点", "风再猛一点"):
# its way is the adjective's own, not the complaint's ("凉" said alone is felt: warmer). The
# adjective after 再/更, or before (一)点/些/点儿 ("冷了一点", "有点冷" are felt, not asked for)
_MORE_OF: dict[str, tuple[str, str]] = {
    "climate_temperature": ("热|暖和?|烫|高", "冷|凉(?:快|爽)?|冰|低"),
    "climate_fan": ("猛|强|大", "小|弱|轻|柔和?"),
    "media_volume": ("大|响|高", "小|轻|低"),
}


def _comparative(words: str) -> re.Pattern[str]:
    return re.compile(rf"(?:再|更)(?:{words})|(?:{words})(?:一)?(?:点儿?|些)")


def _felt(words: str) -> re.Pattern[str]:
    return re.compile(rf"(?:有点儿?|有些|有一点)(?:{words})")


_COMPARATIVE = {family: (_comparative(up), _comparative(down))
                for family, (up, down) in _MORE_OF.items()}
# the same adjective said as felt ("风有点大", "声音有点小", "温度有点高"): an excess, the other way
_FELT = {family: (_felt(up), _felt(down)) for family, (up, down) in _MORE_OF.items()}


# the track before this one, said by its place ("the song before this again"): the previous
# track, not playback
BEFORE_THIS = re.compile(
    r"\b(?:song|track|tune|one) (?:just )?before (?:this|that|the current|the one)\b|"
    r"\bthe (?:song|track|tune) (?:just )?before\b(?! (?:we|i|you|it|that|this)\b)|"
    # one told by when it played ("that hymn from before again", "the violin song from earlier")
    r"\b(?:song|track|tune|hymn|ballad|melody|anthem|carol|banger|one|number|piece) from "
    r"(?:just )?(?:before|earlier)\b|"
    r"\b(?:song|track|tune|hymn|ballad|melody) (?:we (?:had|heard|played) )?earlier(?: on)?\b|"
    # one the speaker missed ("I missed the whole of that last song", "we missed the start of
    # that one"): back to it, never play on
    r"\b(?:i|we)(?: just| totally| completely)? missed (?:(?:all|most|half|the|whole|of|start|"
    r"beginning|end|first|bit|part|chorus) ){0,5}(?:(?:that|the) )?(?:whole )?"
    r"(?:last|previous|that) (?:song|track|tune|one)\b|"
    # the one just heard, again ("刚那首再放一遍"), or the one before said with 上一个
    # ("上一个版本的歌")
    r"刚(?:才|刚)?(?:听的|放的|播的)?那(?:首|个)(?:歌|曲子?)?.{0,4}(?:再|重新)(?:放|播|听|来)|"
    r"上一个(?:[^，,。的]{0,4}的)?(?:歌|曲子?)|"
    # the one just heard, missed ("刚才那首歌被人打断了", "前面那首…一句也没进耳朵"): back to it
    r"(?:刚才|刚刚|前面|之前)(?:放的|播的|听的)?那首(?:歌|曲子?)?[^。！!？?]{0,16}?"
    r"(?:打断|没听全|没进耳朵|一句(?:也|都)没(?:听|进))"
)

def direction_of(intent: str, text: str) -> int | None:
    """+1/-1 when the words of ``text`` point one way in ``intent``'s family, 0 when they point
    both ways or nowhere (or are negated); None for an intent without a direction."""
    if intent not in FAMILY:
        return None
    family = FAMILY[intent][0]
    lowered = normalised(text)
    if family == "media_track" and DISLIKE.search(lowered):
        return 1  # "I can't stand this track": the next one, whatever its negation
    if family == "media_track" and BEFORE_THIS.search(lowered):
        return -1  # "刚那首再放一遍", "the song before this one again": back one
    if family == "media_playback" and _STOP_PLAYING.search(lowered) and not negated(lowered):
        return -1  # "暂停播放", "停止播放歌声吧": the play word names what to stop
    if family == "window":
        lowered = _window_down(lowered)
    if family == "climate_temperature":
        lowered = _HOT_AIR_FORCE.sub(" ", lowered)
    # a noise said loud ("the road noise is so loud") is no complaint of the volume
    wanted, rest = _complained(family, _NOISE_LOUD.sub(" ", lowered)
                               if family.startswith("media_") else lowered)
    way = (_volume_way if family == "media_volume" else _way)(family, rest)
    if not wanted or negated(lowered):
        return way
    if way == 0 and family == "media_playback":
        return 0  # "the music way loud": no play, and no pause it did not ask for
    return wanted if way in (0, wanted) else 0


# a complaint of state ("the music damn loud lah", "吵死了", "it's boiling", "so windy in here"):
# the state word is no cue of its own way; the answer goes against it, or asks when the rest of
# the sentence says the complaint's own way. Not when an order makes the state ("make it loud",
# "play it loud") or it is the measure asked ("how loud", "out loud", "loud enough", "cold air")
_STATE_TAIL = r"(?! enough| and clear| air| wind| breeze| setting| mode)"
# the heater that does it ("the heater's cooking me", "暖气烤得人受不了"): part of the complaint
_HEATER = (r"(?:\b(?:the )?(?:heater|heating|heat)(?:'s| is| are)? (?:\w+ )?"
           r"(?=(?:cooking|baking|roasting|boiling)\b))?")
_LOUD = re.compile(
    r"(?<!out )(?<!how )(?<!less )\b(?:loud|noisy|deafening|blaring)\b" + _STATE_TAIL
    + r"|吵|(?:声音|音乐|歌)(?:也|实在|真的?)?(?:好|真|很|特别|超|这么|那么)(?:大|响)")
_QUIET = re.compile(
    r"(?:声音|音量|音乐|歌声?|广播|解说|收音机|喇叭)(?:也|实在|真的?|都)?"
    r"(?:(?:好|真|很|特别|超|这么|那么|贼|忒)小(?![点些一两三几]|声(?:点|一|些))|小得|小的(?:跟|像))")
"""The sound told quiet ("解说的声音小得跟蚊子哼哼一样", "广播声音好小"): a complaint that wants
it louder; "小" said alone is an order's way only ("声音小一点", "小声点")."""
# the air, its outlet or its strength a complaint is about ("出风口的风", "风量", "风速"), not
# after 把/让/将 (an order)
_AIR_ZH = (r"(?<![把让将])(?:出风口|风口儿?|风[量速力]?)"
           r"(?:里|的风|出的风|吹出来的风|出来的风)?")
_SO_ZH = r"(?:也|实在|真的?|都)?(?:好|真|太|很|特别|超级?|这么|那么|贼|忒|倍儿|老|可|巨)?"
# a likeness after the adjective ("弱得跟小猫打喷嚏似的"): the complaint's, its "小" no cue
_LIKE_ZH = r"(?:[^，,。！!？?]{0,12}?(?:一样|似的))?"
_WEAK = re.compile(
    _AIR_ZH + r"(?:也|实在|真的?|都)?(?:(?:好|真|很|特别|超级?|这么|那么|贼|忒|倍儿|老|可|巨)"
    r"(?:小|弱|细)(?![点些一两三几])|(?:小|弱|细)(?:得|的(?:跟|像))" + _LIKE_ZH + ")|"
    # no air, or a wisp of it ("出风口跟没开一样", "就那么一小丝丝风", "一丢丢风", "一点风都冇得")
    r"(?:出风口|风口|风)[^，,。]{0,3}?跟没(?:开|吹)(?:一样|似的)|吹了跟没吹一样|"
    r"(?:一小?丝丝?|一丢丢|一点点?儿?)风(?=[^，,。]{0,4}?(?:都(?:没|冇|不)|感觉|$|[，,。]))|"
    r"一点风都(?:没|冇|不)|"
    # English: the air told weak, or none of it coming ("there's no air coming out of these vents")
    r"\b(?:air|fan|blower|vents?|airflow|breeze)\b[\w' ]{0,30}?\b(?:weak|feeble|pathetic|"
    r"wimpy|puny|gutless)\b(?!er\b)|"
    r"\b(?:no|not a (?:breath|puff|whisper|wisp) of|hardly any|barely any) air\b[\w' ]{0,8}?"
    r"\b(?:coming|blowing|getting)\b|\bnothing(?:'s| is)? (?:coming|blowing) out (?:of )?"
    r"(?:the|these|those) vents\b")
"""The air told weak ("风口儿出的风倍儿弱", "细得跟头发丝一样", "weak as"), or none of it
coming: a complaint that wants more fan; its 小/弱 are no order's way ("风调弱一点" is)."""
_STRONG = re.compile(
    _AIR_ZH + _SO_ZH + r"(?:大|猛|冲|强)(?:得|的(?:跟|像))" + _LIKE_ZH + "|"
    r"风[量速力]?(?:好|真|太|很|这么|那么)大|风速(?:好|真|太|很|这么|那么)?快得|"
    # the air driven at someone ("风直往我脸上怼", "出风口正对着我眼睛吹", "空调风直冲我脑门")
    + _AIR_ZH + r"[^，,。]{0,3}?(?:直接?|正|一直|老是?|总是?)(?:往|对着?|冲着?|朝着?)"
    r"(?:我|他|她|人)?的?(?:脸|眼|脑|头|脖)|"
    r"\b(?:air|fan|blower|vents?|airflow|a/?c|aircon)\b[\w' ]{0,30}?\b(?:hammering|blasting|"
    r"roaring|roarin|howling|pounding|battering|blowing (?:so |really |very |way |super )*"
    r"(?:strong|hard|fierce))\b|"
    # a likeness of a storm ("the airflow's like a gale", "fan speed like a jet engine"), not an
    # order's goal ("put the fan on level twelve like a jet engine": no level, on/to/up between)
    r"\b(?:air|fan|blower|vents?|airflow)\b(?:(?!\b(?:level|on|to|up|at|set)\b|\d)[\w', ]){0,30}?"
    r"\blike (?:a |an |the )?(?:\w+ ){0,3}?"
    r"(?:hurricane|gale|tornado|typhoon|wind ?tunnel|jet engine|storm|leaf ?blower)s?\b|"
    r"\b(?:air|fan|blower|vents?|airflow)\b[\w' ]{0,30}?\b(?:blowing|coming|hitting|firing)"
    r"(?: \w+){0,2} (?:straight|right|directly) (?:in|into|at) (?:my|me|our|his|her)\b")
"""The air told strong ("大得跟鼓风机一样", "hammering right into my face") or driven straight at
someone ("风直往我脸上怼"): a complaint that wants less fan; its 大/猛 are no order's way."""
_THAN = (r"(?: (?:in|inside|out|back|up) (?:here|there|the (?:car|back|front)|this (?:car|motor)))?"
         r" than (?!(?:that|this|now|before|earlier|it (?:is|was)|it'?s|it used to|yesterday|"
         r"last time)\b|" + EN_NUMBERS + r"\b)")
"""A comparative said against something ("louder than a stadium in here", "quieter than I'd
like", "hotter than a vindaloo in this motor", "warmer in here than I'd like"): the state
complained of, its way against the adjective; not against the last setting ("louder than that":
an order's way), a number ("warmer than 20": the order's goal) nor an earlier time ("warmer than
it was": no way)."""
_THAN_ZH = (r"(?<!得)比(?!(?:刚才|刚刚|方才|之前|以前|原来|上次|昨天|早上|现在|刚))"
            r"[^，,。！!？?]{1,10}?还(?:要)?")
"""The Chinese of the same ("声音比蚊子叫还小", "风比台风还大"): 还 after a thing compared with;
not an order's "调得比…" nor an earlier time or the setting now (no way: ``slots``)."""


def _than_zh(subject: str, words: str) -> re.Pattern[str]:
    return re.compile(rf"(?:{subject})[^，,。！!？?]{{0,3}}?{_THAN_ZH}(?:{words})")


_THAN_WISH_ZH = (r"比(?:我|人|你|咱们?|大家)?"
                 r"(?:想要|想象|希望|期望|预想|预期|喜欢|习惯|想|要)(?:中|里)?的?(?:还|要|更)?(?:再)?")
"""A state compared with what is wished ("车里比我想要的热一点", "音乐比我想的要吵"): the way
against the adjective, as "than I'd like"."""


def _than_wish(words: str) -> re.Pattern[str]:
    return re.compile(rf"{_THAN_WISH_ZH}(?:{words})")


_NOT_ENOUGH_ZH = r"(?:还|都|也|实在|根本|一点都|一点也)?不(?:太|怎么)?够"
"""Not enough of a quality ("车里不够凉", "空调不够冷", "暖气还不够热"): the quality's own way
(more of it), never the felt state's ("凉" alone is felt: warmer)."""


def _not_enough(words: str) -> re.Pattern[str]:
    return re.compile(rf"{_NOT_ENOUGH_ZH}(?:{words})")


# a heat or cold source told too strong ("暖气开得太足了", "制冷开得太狠", "the heating's cranked",
# "heat's going full whack in here"): an excess of that source, so the other way; not an order
# that makes it so (把暖气开足, "crank the heat up full blast": a verb, not the source, before).
# The air itself (暖风, 冷气, "the cold air", "the AC") told strong or blasting is as much the
# fan's ("冷风太强了", "the heater's blasting hot air in my face"): only its heat (足, 旺) is read
_TOO_ZH = (r"(?:[开给烧吹放调弄][得的]|得)?(?:也|实在|真的?|都)?"
           r"(?:太|好|真|这么|那么|特别|超级?|忒|贼|过于)")
_SO_ZH_AFTER = r"[开给烧吹放调弄]?得(?:也|实在|真的?|都)?"


def _source_zh(source: str, words: str) -> str:
    return (rf"(?<![把让将])(?:{source})(?:{_TOO_ZH}(?:{words})|"
            rf"{_SO_ZH_AFTER}(?:{words})(?![点些一足]))")


_FORCE_ZH = "足|猛|旺|大|强|狠|凶|冲"
_HEAT_ZH = _source_zh("暖气|制热", _FORCE_ZH) + "|" + _source_zh("暖风|热风|热气", "足|旺")
_HOT_AIR_FORCE = re.compile(_source_zh("暖风|热风|热气", "猛|大|强|冲|凶"))
"""The warm air told strong ("暖风太猛了"): the fan's or the heat's, no way of the temperature
(its 暖 is no order to warm: ask)."""
_COLD_ZH = (_source_zh("制冷", _FORCE_ZH) + "|"
            + _source_zh("(?:空调的?)?(?:冷气|冷风|凉气)", "足|旺"))
_HEAT_SRC = re.compile(
    _HEAT_ZH + r"|(?<!seat )(?<!seat's )\b(?:heat|heating|heater)(?:'s|’s| is| are| was| has been|"
    r" been)(?: (?:on|going|running|pumping|turned up|still|just))* (?:(?:way|far|much|so|just|"
    r"a bit|a little) )*(?:too (?:strong|high|much|hot)|full (?:whack|blast|tilt|bore)|"
    r"flat out|cranked(?: up)?|on (?:max|full)|maxed(?: out)?)\b")
_COLD_SRC = re.compile(_COLD_ZH)


_SOUND_ZH = r"声音?|音量|音乐|歌声?|广播|喇叭"

# a quality said short of enough ("it isn't cold enough in here", "the radio's not quite loud
# enough", "the fan is not weak enough"): more of that quality, whatever its felt reading
_NOT_EN = r"(?:\bnot|n'?t|\bhardly|\bbarely)(?: (?:nearly|quite|really|very|yet|even|remotely))*"


def _not_enough_en(words: str) -> re.Pattern[str]:
    return re.compile(rf"{_NOT_EN} (?:{words}) enough\b")


# the warmth of someone or of the cabin said as a state ("the car is so warm", "she's really
# warm", "we're getting a bit warm back here"): a complaint, not a wish for warmth ("make it
# warm", "keep her warm", "warm it up", "isn't warm" are none)
_WARM_STATE = re.compile(
    r"(?:'s|'re|'m|\bis|\bare|\bam|\bfeels?|\bfeeling|\bgetting|\bgot)"
    r"(?: (?:so|really|very|quite|a bit|a little|a tad|too|way too|far too|absolutely|pretty|"
    r"rather|super|bloody|kind of|kinda|uncomfortably|awfully|properly|getting))* warm\b"
    r"(?! (?:up|enough|now|again|air|wind|breeze|setting|mode)\b)")
# a level told high or low by its own noun ("音量好高啊", "温度真低", "声音这么低"): a state, its
# way against the adjective; an order's comparative ("音量高一点") is none
_DEGREE_ZH = r"(?:也|实在|真的?|都)?(?:好|真|太|很|特别|超级?|这么|那么|贼|忒|有点儿?)"


def _level_zh(noun: str, words: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![把让将])(?:{noun}){_DEGREE_ZH}(?:{words})(?![点些一])")


_COMPLAINTS: dict[str, tuple[tuple[re.Pattern[str], int], ...]] = {
    "media_volume": ((_LOUD, -1), (_QUIET, 1),
                     (re.compile(r"\b(?:louder|noisier)" + _THAN), -1),
                     (re.compile(r"\b(?:quieter|softer)" + _THAN), 1),
                     (_than_zh(_SOUND_ZH, "大|响|吵"), -1), (_than_zh(_SOUND_ZH, "小|轻|低"), 1),
                     (_than_wish("大|响|吵"), -1), (_than_wish("小|轻"), 1),
                     (_not_enough("大|响"), 1), (_level_zh("音量|声音", "高"), -1),
                     (_level_zh("音量|声音", "低"), 1),
                     (_not_enough_en("loud|high|audible"), 1),
                     (_not_enough_en("quiet|soft|low"), -1)),
    "media_playback": ((_LOUD, -1),),  # never play louder than silence
    "climate_temperature": (
        (re.compile(_HEATER + r"(?<!how )(?<!less )(?<!not )\b(?:hot|boiling|roasting|sweltering|"
                    r"cooking|baking)\b" + _STATE_TAIL
                    + r"|(?:好|真|太|很|超|特别|这么|那么)热|热死|热得"
                    r"|(?:暖气|暖风|热风)?烤(?:得|死|人)"),
         -1),
        (re.compile(r"(?<!how )(?<!less )(?<!not )\b(?:cold|freezing|frozen|chilly)\b"
                    + _STATE_TAIL
                    + r"|(?:好|真|太|很|超|特别|这么|那么)冷|冷死|冷得|冻死|冻木|冻僵"),
         1),
        (re.compile(r"\b(?:hotter|warmer|stuffier)" + _THAN), -1),
        (re.compile(r"\b(?:colder|cooler|chillier)" + _THAN), 1),
        (_than_wish("热|暖|闷|烫|高"), -1), (_than_wish("冷|凉|冰|低"), 1),
        (_not_enough("凉|冷|冰|低"), -1), (_not_enough("热|暖|烫|高"), 1),
        (_HEAT_SRC, -1), (_COLD_SRC, 1), (_WARM_STATE, -1),
        (_level_zh("温度", "高"), -1), (_level_zh("温度", "低"), 1),
        (_not_enough_en("warm|hot|toasty|heated"), 1),
        (_not_enough_en("cold|cool|chilly|chilled|icy|frosty"), -1)),
    "climate_fan": ((re.compile(r"\b(?:windy|draughty|drafty)\b"), -1), (_STRONG, -1),
                    (_WEAK, 1), (_than_zh(_AIR_ZH, "大|猛|强|冲"), -1),
                    (_than_zh(_AIR_ZH, "小|弱|细"), 1), (_not_enough("大|猛|强|足"), 1),
                    (_not_enough_en("strong|powerful|high|fast"), 1),
                    (_not_enough_en("weak|gentle|low|soft|slow"), -1)),
    # the air told off ("the AC's been off since we left", "空调一直关着"): it wants on
    "climate_ac": ((re.compile(
        r"\b(?:ac|a/c|air ?con\w*|air conditioning)(?:'s| is| has been| been)(?: been)? "
        r"(?:still |all |switched |turned )?off\b"
        r"(?! (?:please|now|for|then))|空调(?:都|还|一直)?关着(?![吧呢啊呀吗])"), 1),),
    # the window told open ("rain through the open window", "开着的窗户进雨了"): a state, no way
    "window": ((re.compile(
        r"\b(?:the|an|that|this) open (?:window|side window)\b|\bwindows? (?:is |are |'s |'re )"
        r"(?:still |wide |half |all )?open\b(?! (?:a bit|a little|more|wider|further|please))|"
        r"开着的(?:车)?窗|(?:车)?窗(?:户|子)?(?:还|一直|都)?开着(?![吧呢啊呀吗])"), -1),
        (re.compile(r"\bwindows? (?:is |are |'s |'re )(?:still |all |shut )?(?:closed|shut)\b|"
                    r"(?:车)?窗(?:户|子)?(?:都|还|一直)?关(?:得|着)(?![吧呢啊呀吗])"), 1),
        # a smell or smoke from outside coming in ("the exhaust fumes are drifting in", "味儿全从
        # 窗户灌进来了", "烧烤摊的烟一个劲往窗户里钻", "smoke keeps creeping into the car"): close
        (re.compile(r"\b(?:exhaust|fumes|smoke|dust|smell|stink)\b[\w' ]{0,24}?\b(?:coming|"
                    r"getting|blowing|drifting|pouring|wafting|creeping|seeping|streaming|"
                    r"floating|billowing|rolling|pushing) in(?:to)?\b|"
                    r"(?:尾气|废气|烟|灰|沙|味|臭气)[^，,。开让把风气]{0,4}?"
                    r"(?:都|全|一个劲儿?|一直|老是?|直)?(?:(?:从|往|朝)[^，,。开让把风气]{1,6}?)?"
                    r"(?:进来|里[面头]?[飘钻灌吹飞涌冒扑窜]|[飘钻灌吹飞涌冒扑窜]进)"), -1)),
}
_MAKES = re.compile(r"\b(?:make|get|keep|crank|play|pump|blast|set|want|like)\b(?: \w+){0,3} "
                    r"(?:nice and |really |very |super )?$")


def complaint_of(intent: str, text: str) -> int:
    """The way a complaint of state in ``text`` wants in ``intent``'s family (-1: "the music
    way loud" never plays or goes up), 0 for none."""
    family = FAMILY.get(intent, ("", 0))[0]
    lowered = normalised(text)
    if negated(lowered):
        return 0
    return _complained(family, _NOISE_LOUD.sub(" ", lowered)
                       if family.startswith("media_") else lowered)[0]


def _complained(family: str, lowered: str) -> tuple[int, str]:
    """The way a complaint of state in ``lowered`` wants (0 for none: two ways at once, or an
    order that makes the state) and ``lowered`` without its state words."""
    wanted, rest = set(), lowered
    for pattern, way in _COMPLAINTS.get(family, ()):
        for match in pattern.finditer(lowered):
            if not _MAKES.search(lowered[:match.start()]):
                wanted.add(way)
                rest = rest.replace(match.group(), " ")
    return (wanted.pop(), rest) if len(wanted) == 1 else (0, lowered)


def _volume_way(family: str, lowered: str) -> int:
    """The volume's way: a noise said loud is no excess of the volume, and a user who cannot
    hear never wants it quieter (then it asks, or goes louder)."""
    way = _way(family, _NOISE_LOUD.sub(" ", lowered))
    return 0 if way < 0 and _CANT_HEAR.search(lowered) else way


def _way(family: str, lowered: str) -> int:
    """The way of ``family``'s words in ``lowered``, its negations and excesses read."""
    if negated(lowered):  # "not loud enough" is an excess, not a refusal
        return 0
    if family in _COMPARATIVE:  # the same families as _FELT
        up, down = (bool(p.search(lowered)) for p in _COMPARATIVE[family])
        much, little = (bool(p.search(lowered)) for p in _FELT[family])
        if much != little:  # "风有点大": less fan; with a comparative the other way too: ask
            return 0 if (much and up) or (little and down) else (-1 if much else 1)
        if up != down:  # "空调再凉一点": cooler, the AC said or not; against an excess: ask
            more, less = ((bool(p.search(lowered)) for p in _EXCESS[family])
                          if family in _EXCESS else (False, False))
            return 0 if (up and less) or (down and more) else (1 if up else -1)
    unclear = _UNCLEAR.get(family)
    if unclear is not None and unclear.search(lowered) and not (
        family == "climate_temperature" and _SAYS_TEMPERATURE.search(lowered)
    ):
        return 0
    if family in _EXCESS:
        more, less = (bool(p.search(lowered)) for p in _EXCESS[family])
        if more or less:
            return 0 if more == less else (1 if more else -1)
    if family not in _CUES:
        return 0  # a function added in the catalogue: no words of its ways here, ask
    up, down = (bool(p.search(lowered)) for p in _CUES[family])
    if family == "media_playback" and down and not _PLAY_VERB.search(lowered):
        return -1  # "kill the music": its nouns are what to stop, not a way
    return 0 if up == down else (1 if up else -1)


# "down" opens a window only after a verb that lowers it ("wind/roll/put the window down") or
# said of the window itself ("windows down"): after a verb the cabin does not know ("batten
# down the window") it is no way (ask); "batten down" (made fast) closes
_LOWERS = re.compile(r"\b(?:wind|roll|put|bring|lower|let|drop|crack|slide|pull|push|get|take|"
                     r"turn|open|move|go|crank|wound|rolled|rolling|winding)\b|"
                     r"(?:^|[,.;!?] ?|\b(?:please|and|now) )(?:the |my |your |all )?"
                     r"(?:windows?|it|them) (?:all the way |right |a bit |halfway )?down\b")
_BATTEN = re.compile(r"\bbatten(?:ed|ing|s)? (?:\w+ ){0,3}?down\b")


def _window_down(lowered: str) -> str:
    """``lowered`` with a "down" no lowering verb governs dropped, a battened window closed."""
    lowered = _BATTEN.sub(" close ", lowered)
    if re.search(r"\bdown\b", lowered) and not _LOWERS.search(lowered):
        return re.sub(r"\bdown\b", " ", lowered)
    return lowered
