# Over 400 lines: one ordered table of spoken readings per language (a reading may depend on
# the ones before it, e.g. a particle read away before a verb is replaced); split, the order
# would be spread over files.
"""Spoken words that only colour a sentence, read away when the templates miss it.

Chinese complaints carry words the templates need not know: a pointing 这 before the thing
("这风也太大了吧"), an intensifier before 太/好/真 ("也太", "可真", "实在太"), a doubled adjective
("冰凉冰凉的"), "似的" for "一样" ("跟蒸笼似的"), who a command is for ("给狗透透气", "for the
kids"). English tags a statement with a question
("it's nippy in here, isn't it") or stresses it ("literally", "honestly"). :func:`plainly`
says the sentence without them; the rules read it again only when it changed and the templates
missed it as said. Regional registers are read the same way: a tag or filler said first or last
("ag man", "lah", "can or not", "so it is"), how much said regionally ("a wee bit", "a touch",
"small"), a colloquial verb for a plain one ("crank the fan up", "on the AC", 整大点, 给关了,
车窗落一点), a complaint passed on (我妈说…, never about a seat) or intensified (热得慌 -> 太热了).
It never adds a request: a word is only dropped, or replaced by its plain synonym.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from twin.assistant.binding_words import EN_DIGITS, binds
from twin.assistant.binding_words import EN_NUMBERS as _EN_NUMBERS
from twin.assistant.binding_words import TAG_BINDS as _TAG_BINDS
from twin.assistant.en_structure import BOUND as _BOUND
from twin.assistant.en_structure import FIRST as _EN_FIRST
from twin.assistant.en_structure import LAST as _EN_LAST
from twin.assistant.en_structure import REFUSED as _REFUSES
from twin.assistant.heard import HOMOPHONE_UNIT, homophone_number
from twin.assistant.regex_gate import GateIndex, gate
from twin.assistant.seat_words import EN_COMPANIONS, ZH_COMPANIONS
from twin.assistant.speech_words import EN_HESITATIONS, ZH_HESITATIONS
from twin.assistant.state_words import EN_COMPARATIVES, EN_FELT, EN_MORE_LESS, EN_WHO_IS
from twin.assistant.sub_template import expansion
from twin.assistant.vocabulary import COURTESY_SUFFIXES
from twin.assistant.zh_recurring import LAST as _ZH_RECURRING_LAST
from twin.assistant.zh_recurring import READINGS as _ZH_RECURRING
from twin.assistant.zh_structure import FIRST as _ZH_FIRST
from twin.assistant.zh_structure import LAST as _ZH_LAST

__all__ = ["binds", "in_chinese", "object_unread", "plainly", "told_complaint"]

_ZH_EN = {
    "volume": "音量", "vol": "音量", "music": "音乐", "song": "歌", "songs": "歌",
    "fan speed": "风量", "fan": "风量", "blower": "风量",
    "aircon": "空调", "air con": "空调", "air conditioner": "空调", "air conditioning": "空调",
    "ac": "空调", "a/c": "空调",
    "temperature": "温度", "temp": "温度", "seat heater": "座椅加热", "seat heating": "座椅加热",
    "seat warmer": "座椅加热", "window": "车窗", "windows": "车窗", "defrost": "除霜",
    "defog": "除雾", "pause": "暂停", "mute": "静音", "play": "播放", "next song": "下一首",
    "next track": "下一首", "previous song": "上一首", "navigation": "导航", "navi": "导航",
    "gps": "导航", "home": "家", "max": "最大", "level": "档", "bgm": "音乐",
    "turn on": "打开", "switch on": "打开", "turn off": "关闭", "switch off": "关闭",
    "next": "下一首", "previous": "上一首", "up": "调高", "down": "调低",
    "small": "小", "smaller": "小", "big": "大", "bigger": "大", "min": "最小",
}
"""English cabin words said inside a Chinese sentence, and the Chinese word read for them (a
device, a verb, a way: "音量调small一点", "来个next", "帮我turn on一下座椅加热"). "AC" is the
air-con (twenty-second session): in a Chinese car it is the cooling's button, and the cabin's
air-con is its cooling, as 冷气 ("开下冷气") is; ``tools/macslu_to_eval.py`` labels it so too."""
_ZH_EN_NAMES = sorted(_ZH_EN, key=len, reverse=True)
_ZH_EN_WORDS = re.compile(
    r"(?:(?<=[把将调到给个的我])\s+)?(?<![A-Za-z])(?P<w>"
    + "|".join(re.escape(w).replace(r"\ ", r"[\s-]?") for w in _ZH_EN_NAMES)
    + r")(?![A-Za-z])(?:\s+(?=[调开关到一下吧了的]))?", re.IGNORECASE)
"""An English word of :data:`_ZH_EN`, with the spaces said around it inside one Chinese clause
(after 把/调/给…, before 调/一下/吧…; a pause between two orders stays)."""


_ZH_EN_BARE = frozenset({"next", "previous", "up", "down", "small", "smaller", "big", "bigger",
                         "min", "max", "home", "play"})
"""Words of :data:`_ZH_EN` that are a cabin word only on their own or beside another cabin word
("volume up"), never inside English ("next time", "Wake Me Up", "play it again")."""
_EN_WORD_BEFORE = re.compile(r"([A-Za-z]+)\s*$")
_EN_WORD_AFTER = re.compile(r"\s*([A-Za-z]+)")


def _zh_en_word(m: re.Match[str]) -> str:
    """The Chinese for the English word of ``m`` (a way after 调 without a second 调; a bare word
    of :data:`_ZH_EN_BARE` inside English left as said)."""
    word = re.sub(r"[\s-]+", " ", m.group("w").lower())
    if word in _ZH_EN_BARE:
        before = _EN_WORD_BEFORE.search(m.string, 0, m.start())
        after = _EN_WORD_AFTER.match(m.string, m.end())
        if any(w is not None and w.group(1).lower() not in _ZH_EN for w in (before, after)):
            return m.group(0)
    said = _ZH_EN[word]
    return said[1:] if said[0] == "调" and m.string[:m.start()].rstrip().endswith("调") else said

_FRACTION = {("二", "一"): "百分之五十", ("三", "一"): "百分之三十三", ("三", "二"): "百分之六十七",
             ("四", "一"): "百分之二十五", ("四", "三"): "百分之七十五"}
"""A fraction of the way said as a share ("车窗开到三分之一"): the percentage the templates read."""

_ZH_STORY = re.compile(r"^(?P<s>[^，,。！!？?]{6,40}?)(?:你|您)(?:帮我|给我|帮忙)?(?=[把将])")
"""What happened, told before the request without a pause ("我们刚接到人啊这都半夜一点多了她困得
不行你把那个音量调到三吧"): the request alone, when the story binds nothing
(:data:`_ZH_STORY_STOP`)."""
_ZH_STORY_STOP = re.compile(
    r"如果|要是|假如|万一|等|待会|一会|到了|之后|以后|然后|再|先|别|不要|不用|甭|没|座|椅|加热|窗|空调|冷气|暖气|"
    r"风|温度|音|声|歌|曲|乐|播|放|停|导航|家|雾|霜|吗|呢|？|\?|"
    r"睡|吵|冷|热|闷|晒|凉|暖|听不|看不|头疼|头痛")
"""A story that binds the request after it (a condition, a time, a refusal, whose seat), names a
cabin function (a wish of its own) or says how things are (it may want the other way): left as
said."""

_ZH_STORY_COMPLAINT = re.compile(r"^(?P<s>[^，,。！!？?]{6,40}?)(?P<c>太(?P<a>[热冷闷])了)$")
"""A story told before a complaint without a pause: see :func:`_story_complaint`."""
_ZH_COMPLAINT_STOP = re.compile(
    r"如果|要是|假如|万一|等|待会|一会|之后|以后|然后|再|先|别|不要|不用|甭|座|椅|加热|窗|空调|冷气|暖气|"
    r"风|温度|音|声|歌|曲|乐|播|放|停|导航|家|雾|霜|吗|呢|？|\?|昨|前天|上次|那天|那时|以前|去年|当时|"
    r"外面|外头|明天|帮|找|去|搜|查|请|给我|开到|开去|叫|打|订|买|要|想")
"""A story that binds the complaint after it (a condition, another time or place, a cabin
function of its own, a question): left as said."""
_ZH_AGAINST = {"热": "冷|冻|凉|冰", "冷": "热|晒|闷|汗|烫", "闷": "冷|冻|凉|冰"}
"""A story's words of the other feeling than its complaint ("冻了半天…太热了"): left as said."""


def told_complaint(text: str, lang: str) -> str | None:
    """The complaint alone when ``text`` is a story told before one that :func:`plainly`
    reads so ("收费站排了半天队太阳晒得我热死了" -> "太热了"), else None: a place the story
    names ("收费站", "加油站") is then no request to go there; the seat's cold too ("停车场冻了
    一宿 这座儿冰得跟铁板似的" -> "座位太冰了") and the music drowned by a noise it tells."""
    if lang != "zh-CN" or len(text) <= 10:
        return None
    plain = plainly(text, lang)
    return plain if plain in _TOLD else None


_TOLD = frozenset({"太热了", "太冷了", "太闷了", "座位太冰了", "座椅太冰了", "声音太小了"})
"""The complaints :func:`told_complaint` reads away from a story before them."""


def _story_complaint(m: re.Match[str]) -> str:
    """The complaint alone ("太热了"), unless the story binds it or says the other feeling."""
    story = m.group("s")
    if _ZH_COMPLAINT_STOP.search(story) or re.search(_ZH_AGAINST[m.group("a")], story):
        return m.group(0)
    return m.group("c")


_ZH_SKIP = r"下一首|下一曲|切歌|换一首|换首歌|换歌"
"""A skip said in Chinese."""
_ZH_SKIP_RE = re.compile(_ZH_SKIP)
_ZH_UNWANTED = (r"(?:这首|这歌|这个)(?:歌)?(?:我)?(?:真|实在|真的|是)?(?:不想|不爱|不愿意)(?:再)?"
                r"听(?:了|啦)?")
"""The song playing now said unwanted ("这首不想听了"): beside a skip, the skip's reason."""

_ZH_PLAYBACK = rf"(?:(?:歌|音乐|这首歌)?先?(?:暂停播放|暂停一下|暂停音乐|暂停)|{_ZH_SKIP})"
"""A pause or a skip said alone ("暂停播放", "歌先暂停", "切歌")."""
_ZH_PLAYBACK_WHY = re.compile(
    r"^(?:等(?:我|他|她|人家|会儿?我?)[\u4e00-\u9fff]{1,8}|"
    r"[\u4e00-\u9fff]{1,6}?(?:要|快|马上要?)[\u4e00-\u9fff]{1,6}了(?:啊|呀)?|"
    r"(?P<d>[\u4e00-\u9fff]{1,4}?(?:不喜欢|不爱听|听腻了|听烦了)(?:这首|这歌)歌?))$")
"""Why a pause or a skip is asked, said after it: someone to wait for, something about to happen,
or (a skip only: group ``d``) someone's dislike of the song playing."""
_ZH_PLAYBACK_KEEPS = re.compile(
    r"[\d零一二两三四五六七八九十百半]|温|冷|热|暖|凉|闷|风|空调|气|窗|座|椅|加热|雾|霜|音量|声|静音|"
    r"导航|回家|播|再放|放歌|放首|放点|放音乐|继续|开|关|调|别|不要|不用|甭|吗|呢")
"""Words that make a reason more than why (a cabin thing, a number, an order, a refusal, a
question): the clause stays as said."""


def _playback_reason(m: re.Match[str]) -> str:
    """The pause or skip of ``m`` alone when the clause after it only says why."""
    why = _ZH_PLAYBACK_WHY.match(m.group("r"))
    if why is None or _ZH_PLAYBACK_KEEPS.search(m.group("r")) or (
            why.group("d") and _ZH_SKIP_RE.search(m.group("o")) is None):
        return m.group(0)
    return m.group("o")


_ZH_NO_SONG = (r"(?:车里|车上)?(?:连)?"
               r"(?:(?:一|啥|什么)?首(?:歌)?|(?:一点|啥|什么)?(?:歌|音乐|曲子))(?:都|也)?没(?:放|播|开|有|听)(?:过)?")
"""No song played in the car ("车里连首歌都没放", "啥音乐都没有")."""
_ZH_QUIET = (r"(?:车里|车上)?(?:[^，,。？?吗呢他她说]{1,8}?(?=多|太|好|真))?"
             r"(?:太|好|真|有点|这么|多)?(?:冷清|安静|无聊|没意思|没劲)(?:死)?(?:了)?(?:啊|呀)?")
"""The car said quiet or dull: beside :data:`_ZH_NO_SONG`, a wish for music."""

_ZH_ALL_DOWN = r"(?:全部?|都)?(?:(?:降|摇|放)(?:下去|下来)|(?:降|放)到底)"
"""A window let down, all the way (摇到底 too: :mod:`twin.assistant.zh_structure`)."""

_ZH_TRADITIONAL = dict(zip(
    "溫調兩風氣開關聲樂點車幫請給讓這們謝後駕燈導暫換個熱涼暖響靜廣電臺將嗎",
    "温调两风气开关声乐点车帮请给让这们谢后驾灯导暂换个热凉暖响静广电台将吗", strict=True))
"""Traditional characters of the cabin's words and their simplified forms."""

_ZH = (
    # a full stop or exclamation said last ("我不认得回家的路了。"): the readings below end at
    # the sentence's end (a question mark stays: a question is no order)
    (re.compile(r"[\s。！!～~…]+$"), ""),
    # twenty-first session (fixzh21): a cabin word typed in traditional characters ("溫度調高")
    # read in simplified ones, one character for one (:data:`_ZH_TRADITIONAL`)
    (re.compile(f"[{''.join(sorted(_ZH_TRADITIONAL))}]"), lambda m: _ZH_TRADITIONAL[m.group()]),
    # speech recognition's homophones of a cabin word ("做椅/坐椅" for 座椅, "音亮" for 音量),
    # a dialect's "I" (俺, 咱: "俺这边座椅加热"), a Taiwan-style 一下下, 瞅 for 看 (瞅不见)
    (re.compile(r"[做坐](?=椅)"), "座"),
    (re.compile(r"音亮"), "音量"),
    (re.compile(r"[文问稳](?=度(?:调|设|太|有|开|降|升|高|低|到|再|能|可|好|偏))"), "温"),
    (re.compile(r"风亮|封量"), "风量"),
    # twenty-first session (fixzh21): no breath of air felt said as none there ("一丝风都感觉不到");
    # the speaker told to shut up is muted ("让音响闭嘴"); 回窝 (back to the den) for home;
    # a song frozen still (定格) is paused
    (re.compile(r"(?<=[风气](?:都|也))(?:感觉不到|感受不到)"), "没有"),
    (re.compile(r"(?<=[手脚]冻)得(?:都)?(?:没(?:有)?|失去(?:了)?)知觉(?:了)?"), "僵了"),
    (re.compile(r"^(?:让|叫)?(?:那个|这)?(?:音响|音乐|收音机|广播)(?:给我)?(?:先)?闭嘴(?:吧|啊)?"),
     "静音"),
    (re.compile(r"(?<=[带送载领]我)回窝|^回窝(?=[吧啦喽咯]?$)"), "回家"),
    (re.compile(r"^(?:让|把)?(?P<d>歌|音乐|这首歌)(?:先)?定格(?:在这儿|在这里|在这|住)?"),
     r"\g<d>先暂停"),
    # the north's 声儿 for the sound ("声儿小点", "把声儿关了"); 大声儿 is 大声
    (re.compile(r"(?<![大小轻低高细])声儿"), "声音"),
    (re.compile(r"(?<=[大小轻低高细]声)儿"), ""),
    # "all of them" said as 统统/通通 ("主驾副驾统统开到三档"): 都
    (re.compile(r"统统|通通"), "都"),
    (re.compile(r"床户"), "窗户"),  # a bed's 床 for the window's 窗 (no word of its own)
    # a degree written with its sign ("26°", "26℃"), a fraction of the way ("三分之一"), the
    # volume at half
    (re.compile(r"(?<=\d)\s*(?:°C|°c|℃|°)"), "度"),
    (re.compile(r"(?P<d>[二三四])分之(?P<n>[一二三])"),
     lambda m: _FRACTION.get((m.group("d"), m.group("n")), m.group(0))),
    (re.compile(r"(?<=音量|声音)(?P<v>调|开|放)(?P<t>到|成)一半"), r"\g<v>\g<t>百分之五十"),
    # a word cut and said again after a pause ("温…温度", "主驾座…座椅"): the cut part once;
    # a pause said first ("…能不能帮我…", after a filler) is nothing
    (re.compile(r"(?P<a>[\u4e00-\u9fff]{1,3})(?:…|\.{2,}|。{2,}|——|-)+\s*(?=(?P=a))"), ""),
    (re.compile(r"^(?:…|\.{2,}|。{2,}|——|-)+\s*"), ""),
    # an interjection said first with a pause ("欸 音乐暂停一下", "诶，把空调打开"), a formal
    # "hereby" (兹请将…), a Taiwan-style final 齁 ("暂停一下齁"), a Xinjiang "great" said last
    # as a tag ("…调到二十度 亚克西")
    (re.compile(r"^(?:欸|诶|嘿|喂|嗨)[，,!！\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^兹(?=请|将)"), ""),
    # a blessing or a group addressed first ("愿主保佑 帮我导航回家", "姐妹们 把音乐关了")
    (re.compile(r"^(?:愿主保佑|感谢主|阿门|阿弥陀佛|老天保佑|谢天谢地|(?:姐妹|兄弟姐妹|同学|学员|朋友|"
                r"小伙伴|宝宝|宝贝|各位)们?(?:注意)?)[，,!！\s]*(?=[把将]|打开|关|播放|暂停|帮我|给我|导航)"),
     ""),
    # an order with a tag or aside (fifteenth session, fixzh15): Beijing's "guess what" said
    # first and 喽 for 了 last ("您猜怎么着，音乐给我停喽"), a closing "no more talk" ("窗子关起来，
    # 不谈了"), Malaysia's 酱 (这样) and a softening 哦 after how much ("窗开一点点酱"), a polite
    # 您呐 and 给它 before the verb, the verb said twice ("给它除除雾")
    (re.compile(r"^(?:您|你)猜(?:怎么着|怎么了|咋着)[，,!！？?\s]*(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"(?<=[\u4e00-\u9fff])喽$"), "了"),
    (re.compile(r"(?<=[\u4e00-\u9fff])[，,\s]+(?:不谈了|不说了|不废话了|不多说了|就这么定了|就这样定了)$"),
     ""),
    (re.compile(r"(?<=[点下些])(?:酱|哦|噢|喔)(?:啦|咯)?$"), ""),
    (re.compile(r"^我跟(?:您|你)说(?:啊|呀|哈)?[，,\s]+"), ""),
    (re.compile(r"^这?大(?:早上|清早|晚上|半夜|冷天|热天)的[，,\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"(?:前面|前边|前头)?(?:的)?(?:挡风)?玻璃(?:那叫一个|一片|全是|都是?)(?:白茫茫|雾蒙蒙|模模糊糊|模糊)"
                r"(?:的)?(?=[，,\s]|$)"), "玻璃起雾了"),
    (re.compile(r"^(?:您|你)(?:瞧|看|瞅)(?:瞧|看|瞅)?这?(?:前面的?)?(?:挡风)?玻璃[，,\s]*(?:都)?雾蒙蒙(?:的)?"
                r"(?:跟[^，,]{1,8}?(?:似的|一样))?(?=[，,\s]|$)"), "玻璃起雾了"),
    (re.compile(r"(?:^|(?<=[，,\s]))(?:得嘞|好嘞)[，,\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"(?:^|(?<=[，,\s]))(?:您呐|你呐|您哪)[，,\s]*(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"(?:^|(?<=[，,\s]))给它(?=除雾|除霜|除除|打开|关上|关掉|关了)"), ""),
    (re.compile(r"除除(?=雾|霜)"), "除"),
    # twenty-second session: 切 alone before the previous song, as before the next ("切上一首")
    (re.compile(r"(?:(?<![\u4e00-\u9fff])|(?<=[再就先]))切(?=上一[首曲])"), "切到"),
    # an announcer's register: the audience first, the system asked, thanks last ("各位贵宾，…
    # 麻烦系统将温度设定为…，谢谢配合")
    (re.compile(r"^现在(?=车厢内|车厢里|车内|车里)"), ""),
    (re.compile(r"车厢(?:内|里)(?=温度)"), "车内"),
    (re.compile(r"(?<=温度)(?:有些|有点|稍微|稍稍)?偏(?=[高低](?:了)?(?:[，,]|$))"), "有点"),
    (re.compile(r"^各位(?:贵宾|乘客|旅客|来宾|朋友)[，,!！\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"(?:^|(?<=[，,\s]))(?:麻烦|请)(?:系统|车机|小助手)(?=[把将])"), ""),
    (re.compile(r"(?<=[\u4e00-\u9fff])[，,\s]*谢谢(?:配合|合作)$"), ""),
    # orders shouted as a list ("除霜打开！风量最大！温度二十四度！执行！"): the fragments are a
    # list; a closing "execute" is no order of its own
    (re.compile(r"(?<=[\u4e00-\u9fff])[，,！!\s]*(?:立即|立刻|马上)?执行$"), ""),
    (re.compile(r"^[^！!，,。？?]+(?:[！!][^！!，,。？?]+){2,}$"),
     lambda m: re.sub("[！!]", "，", m.group(0))),
    # a story of who fell asleep told first ("孩子们都睡着啦，我们把空调关掉…"): the orders
    (re.compile(r"^[^，,。！!？?]{1,10}?(?:都)?睡着(?:了|啦)[，,\s]+(?:我们|咱们|咱)?(?=[把将])"),
     ""),
    # Guizhou's hurry (搞快点, before the verb or first), the Shanghai 开开/关关 before the thing
    # ("开开空调好伐"), going home said as an idiom (打道回府) or in Cantonese (返屋企)
    (re.compile(r"(?:^|(?<=[\u4e00-\u9fff]))搞快(?:点|些)?(?:儿)?[，,!！\s]*(?=[把将开关调打播放暂降升])"),
     ""),
    (re.compile(r"^开开(?=[\u4e00-\u9fff]{1,3}(?:好伐|伐|吧|嘛)?$)"), "打开"),
    (re.compile(r"^关关(?=[\u4e00-\u9fff]{1,3}(?:好伐|伐|吧|嘛)?$)"), "关上"),
    (re.compile(r"打道回府|返屋企"), "回家"),
    # Taiwan's 拜托 said first or last ("拜托把冷气关掉", "冷气关掉啦拜托"), music asked for as
    # 动静/响儿 ("整点动静"), not enough said as too little ("声音不够大", "空调不够凉"), the verb
    # before 太 ("声音开太大了"), a window let down with 整/弄 ("窗户整下来点")
    (re.compile(r"^拜托(?:啦|了|你|您)?[，,!！\s]*(?=[\u4e00-\u9fff])|[，,\s]*(?:啦)?拜托(?:啦|了)?$"),
     ""),
    (re.compile(r"(?<=[来放整]点)(?:动静|响儿|响动)(?=[吧啊呀]?$)"), "音乐"),
    (re.compile(r"^(?P<o>风|风量|声音|音量|音乐)(?:还是|有点|都)?不够(?:大|响)(?:了)?$"),
     r"\g<o>太小了"),
    (re.compile(r"^(?:空调|冷气)(?:还是|有点|都)?不够(?:冷|凉)(?:快)?(?:了)?$"), "调凉快点"),
    (re.compile(r"^(?P<o>声音|音量|音乐|风|风量)(?:开|调|放)(?:得)?(?=太[大小响吵])"), r"\g<o>",
     ("太",)),
    (re.compile(r"(?:(?<=窗)|(?<=窗户)|(?<=窗子))(?:整|弄|搞)(?:下来|下去|下)(?=一点|点|一些|些|一半|到)"),
     "降"),
    # a hedge before how one feels ("好像有点冷", "我感觉车里有点热"), a tag asking agreement
    # said last ("车里有点冷是吧"), a final 哎/欸 ("有点冷哎")
    (re.compile(r"^(?:我)?(?:感觉好像|好像|感觉|觉得)(?=(?:车里|车内)?(?:有点|有些|好|太|挺)[冷热闷])"),
     ""),
    (re.compile(r"(?<=[冷热闷吵凉])[，,\s]*(?:是吧|对吧)[？?]?$"), ""),
    (re.compile(r"(?<=[冷热闷吵凉了])[，,\s]*(?:哎|欸|诶)[!！]*$"), ""),
    # a hedge said first ("要不把空调关了嘛", "要不咱听点歌"; never "要不要…", a question), an
    # order stressed first ("我说把空调打开", "听到没 把音乐关了") or closed with 再说/喂
    (re.compile(r"^要不(?!要)(?:咱们?|我们|你|您)?(?:就)?(?=[把将]|开|关|打开|听|放|来|调)"), ""),
    (re.compile(r"^(?:我说|听到没有?|听见没有?)(?:你|您)?[，,!！\s]*(?=[把将]|打开|关|调|播放|暂停)"),
     ""),
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<!不)再说$"), ""),
    (re.compile(r"(?<=[\u4e00-\u9fff])啊?喂[!！]*$"), ""),
    # a request asked with 不 last ("可以把空调打开不", "空调能开一下不"): the order inside it
    (re.compile(r"^(?:你|您)?(?:(?:可以|能)(?:帮我|给我)?(?P<c>(?:打开|开|关)[^？?不没]{1,10}?)|"
                r"(?:(?:可以|能)(?:帮我|给我)?)?(?P<b>[把将][^？?不没]{1,10}?))(?<![中行成好要得])不[？?]?$"),
     lambda m: m.group("c") or m.group("b")),
    (re.compile(r"^(?P<o>空调|冷气|车窗|窗户|窗子|音乐|座椅加热)(?:能|可以)"
                r"(?P<c>(?:打开|开|关|调)[^？?不没]{0,6}?)不[？?]?$"), r"\g<o>\g<c>", ("不",)),
    # the heater named for the seat it warms ("座椅加热太烫了"), a small gap ("开个小缝"), a
    # window wound up (摇起来)
    (re.compile(r"(?<=座椅)加热(?=(?:太|好|有点|真|可)(?:热|烫)了?$)"), ""),
    (re.compile(r"(?<=开)(?:个|一个|一条|条)小?缝"), "条缝"),
    (re.compile(r"(?:(?<=窗)|(?<=窗户)|(?<=窗子))摇起来"), "摇上"),
    (re.compile(r"齁(?=[。！!～~]*$)"), ""),
    (re.compile(r"[，,\s]+亚克西[啊呀]?$"), ""),
    # a pointing word after 把 before the thing ("把那音乐声儿整小点", "把这空调关了")
    (re.compile(r"(?<=[把将])(?:那|这)(?=音乐|声音|声儿|音量|空调|冷气|风量|风扇|车窗|窗户|座椅|温度|歌)"),
     ""),
    # where the car is, said first ("隧道里风量调到四档", "进隧道了 把车窗关上"): not a wish
    (re.compile(r"^(?:在|进)?(?:隧道|山洞|高速|高架|山路|地库|地下车库|停车场)(?:里|上|内)?(?:了|呢)?"
                r"[，,\s]*(?=风量|风速|温度|空调|冷气|音量|声音|音乐|车窗|窗户|座椅|[把将]|打开|关)"),
     ""),
    # a formal "open to" ("车窗开启至百分之三十"), the north-east's 干 for 调 before a value ("风量
    # 干到顶", "空调干到十八度"), 来个 before a level ("座椅加热来个最低档"), 整上 for 打开
    # ("把座椅加热整上"; never a window: 摇上 shuts it)
    (re.compile(r"(?:开启|打开)(?:至|到)(?=百分之|[一二两三四五六七八九十\d]|一半|最)"), "开到"),
    (re.compile(r"(?<=[量速音度调气风])干(?=到|成)"), "调"),
    (re.compile(r"(?<=加热|风量|风速|风扇)(?:就|给我)?来(?:个|一个)?(?=(?:最[高低大小]|[一二两三四五六七\d])"
                r"(?:档|挡|级))"), "开到"),
    (re.compile(r"(?<![窗户子])整上(?=[吧了啊呀]?$)"), "打开"),
    # a level said after 打开 ("主驾座椅加热打开二档"), 增大/增加 for 加大 before a step, the
    # window's share said after it ("打开车窗一半"): the setting
    (re.compile(r"(?<=加热)打开(?=(?:[一二两三\d]|最[高低大小])(?:档|挡|级))"), "开到"),
    (re.compile(r"(?<=风量|风速)(?:增大|增加)(?=[一二两三\d](?:档|挡|级))"), "加大"),
    (re.compile(r"^打开(?P<o>车窗|窗户|窗子)(?P<v>一半|百分之[一二三四五六七八九十]+)$"),
     r"\g<o>开\g<v>"),
    # too loud said as 响 ("太响了"), ears ringing ("震得耳朵嗡嗡的", "吵得脑瓜子嗡嗡的"), air
    # blowing in the face ("出风口对着脸猛吹"): the complaint plainly
    (re.compile(r"(?<=[太好真])响(?=了|啊|呀|$)|(?<=有点)响(?=了|啊|呀|$)"), "吵"),
    (re.compile(r"(?:震|吵|响|(?<=音乐|声音|音量|喇叭)大|(?<=歌)大)得(?:我)?(?:耳朵|脑瓜子?|脑瓜仁儿?|脑袋|"
                r"脑仁儿?|头)?(?:都)?嗡嗡(?:嗡)?(?:的|响|直响)?"),
     "太吵了"),
    (re.compile(r"^(?:这个?)?(?:空调)?(?:的)?(?:出风口|风口|风)(?:一直|正|老是|总是)?(?:对着|冲着|朝着|直)"
                r"(?:我的?|(?![我外])[^，,。？?\s不没别吗外]{1,4}?(?:的)?)?"
                r"(?:脸|头|眼睛|脑袋|脑门)(?:上)?(?:猛|直|一直|使劲|呼呼|狂)?吹(?:个不停)?"),
     "风太大了"),
    # what the air blowing does, said after it ("妆都快吹花了", "头发吹得乱七八糟")
    (re.compile(r"(?<=风太大了)[，,\s]+[^，,。？?吗呢不没别]{0,6}?吹(?:得)?"
                r"[^，,。？?吗呢不没别]{0,6}$"), ""),
    (re.compile(r"(?<=风太大了)[，,\s]*(?:吹得)?(?:我)?(?:的)?眼睛(?:都)?(?:睁不开|睁不动)了?$"),
     ""),
    # Wuhan and the south-west's 莫 for 别 ("莫放了", "莫开了"), 哈子 for 一下 ("停哈子"),
    # Tianjin's 介 for 这 ("介窗户开一半儿")
    (re.compile(r"莫(?=[放开关调吹播响唱动搞整弄])"), "别"),
    (re.compile(r"哈子(?=[儿嘛吧撒噻]?$)"), "一下"),
    (re.compile(r"(?:^|(?<=[，,\s]))介(?=个|窗|车|空调|冷气|风|音乐|歌|声音|座|温度)"), "这"),
    # Cantonese: 少少 (a little), 啲 for 点 ("大声啲"), 细声 for 小声, 熄/闩 for 关, 咗 for 了,
    # 唔好 for 别
    (re.compile(r"少少"), "一点"),
    (re.compile(r"(?<=[大小高低快慢声凉暖细])啲"), "点"),
    (re.compile(r"细声"), "小声"),
    # the radio for the music it plays ("收音机大声啲", "关掉收音机", "把广播打开")
    (re.compile(r"收音机|广播(?!电台)"), "音乐"),
    (re.compile(r"熄(?:咗|埋|掉)?(?=冷气|空调|音乐|歌)"), "关掉"),
    (re.compile(r"闩(?:咗|埋|掉|上)?(?:啲)?(?=窗|车窗)"), "关"),
    # 冇得/冇有 for 没有 (Hubei, Hunan: "一点风都冇得"; a bare 冇 only before 风: Cantonese 冇味
    # of a dull song is its own complaint); Wuhan 搞么事 for 怎么回事
    (re.compile(r"冇(?:得|有)|冇(?=风)"), "没有"),
    (re.compile(r"(?<=[，,\s])(?:搞么(?:事|子)|搞么得|搞什么(?:名堂)?|搞啥子?)(?=[？?！!]*$)"),
     "怎么回事"),
    # Wuhan 脑壳 (head), Yunnan 给是 (isn't it) before a complaint, 认不得 (不认得), 空掉 for 空调,
    # 搞开/整开/弄开 for 打开, 哈子 said first, 开个窗
    (re.compile(r"脑壳"), "头"),
    (re.compile(r"脑瓜(?:子|仁儿?)?"), "脑袋"),
    (re.compile(r"(?:^|(?<=[\u4e00-\u9fff]))(?<![不没])可(?=[冷热闷凉大小吵响烫冰]了)"), "太"),
    (re.compile(r"给是(?=有点|有些|太|好|蛮|挺|很|[冷热闷])"), ""),
    (re.compile(r"认不得"), "不认得"),
    (re.compile(r"^回家的路(?:我|我们)?(?:都|也|真)?(?:不认得|不认识|不记得|找不到)了?(?:啊|呀|哦)?$"),
     "导航回家"),
    (re.compile(r"空掉(?=打开|关|开|调|温度|的|风)|(?<=[开关把将])空掉"), "空调"),
    (re.compile(r"(?:搞|整|弄)开(?=[了吧啊呀]?$)"), "打开"),
    # a wish said as the order ("我要开窗", "我想把空调关了"), a song switched as 切一个
    (re.compile(r"^(?:我|我们)(?:想|要|想要)(?=打开|开[窗空冷暖]|关[窗空冷暖掉]|把)"), ""),
    (re.compile(r"^(?:歌儿?|音乐)切一(?:个|首)"), "切歌"),
    # a function said first as a topic, after a pointing word ("这个空调呢开一下")
    # ("话说这风量嘛，给我调小一档": who it is for after the pause is the order's)
    (re.compile(r"^(?:话说|说到|至于)?(?:这个|那个|这|那)?(?P<t>空调|温度|风量|风速|音量|声音|车窗|窗户|"
                r"座椅加热)(?:呢|啊|吧|嘛)[，,\s]*(?:(?:给我|帮我)(?=[调开关拧换切放播来]))?"
                r"(?=[\u4e00-\u9fff])"), r"\g<t>"),
    (re.compile(r"^哈子(?=[开关调放把])"), ""),
    (re.compile(r"(?<=[开关])个(?=窗)"), ""),
    (re.compile(r"(?<=歌)(?:冇味|没味|冇意思|没意思|冇味道|没味道)(?:儿)?"), "不好听"),
    # the south-west's home: "回屋头" -> "回家"
    (re.compile(r"回屋(?:头|里)?"), "回家"),
    # 转 for 换/切 before a song ("转首歌", "转下一首")
    (re.compile(r"(?:^|(?<=[，,\s]))转(?=[下上]一首)"), "切到"),
    (re.compile(r"(?:^|(?<=[，,\s]))转(?=首歌|一首)"), "换"),
    # hurry said before the verb ("窗户赶紧关上", "快快快 把窗户关上"): the order
    (re.compile(r"(?<=[\u4e00-\u9fff])(?:赶紧|赶快|快点儿?|立刻|立马)(?=[把将开关调打播暂放降升])"),
     ""),
    (re.compile(r"^(?:赶紧|赶快|快点儿?|快快快|快快|快)[，,!！\s]*(?=[把将]|打开|关闭|关掉|关上|播放|暂停)"),
     ""),
    (re.compile(r"(?<=[开关停])咗"), "了"),
    (re.compile(r"唔好(?=[开关调放播吹])"), "别"),
    (re.compile(r"(?<=[调校开较放整搞])细(?=一?[啲点些]|$)"), "小"),
    (re.compile(r"^部车"), "车里"),
    (re.compile(r"(?<=[好太])焗"), "闷"),
    # more of speech recognition's homophones of cabin words
    (re.compile(r"空条"), "空调"),
    (re.compile(r"车床"), "车窗"),
    # 夏 for 下 before a song counted ("切到夏一首", "夏一曲")
    (re.compile(r"夏(?=一(?:首|曲|个(?:歌|曲)))"), "下"),
    # a word begun, cut off with a dash and said again whole ("把车—车窗关上",
    # "音—音乐暂停"): the word said whole
    (re.compile(r"([\u4e00-\u9fff]{1,3})\s*(?:—+|–|-{1,2})\s*(?=\1)"), ""),
    # a function let off as a game's "big move" ("给前挡放个除霜大招"): the function
    (re.compile(r"(?:放|开|来|使|用|整)(?:个|一个|出)?(?P<f>[\u4e00-\u9fff]{2,4}?)大招(?=[吧啊呀嘛]?$)"),
     r"\g<f>"),
    # the glass a defrost is for, after 给 ("给挡风玻璃除霜"): the glass's defrost
    (re.compile(r"^给(?=(?:前挡风玻璃|挡风玻璃|前挡风|前风挡|前挡|后挡风玻璃|后挡)(?:除霜|除雾))"),
     ""),
    # a place gone to said with 到…去 ("切到下一首去", "调到二十度去"): 到 it
    (re.compile(r"(?P<d>到[^，,。！!？?\s]{1,6}?)去(?=[吧嘛撒]?$)"), r"\g<d>"),
    (re.compile(r"拨放|波放"), "播放"),
    (re.compile(r"温渡"), "温度"),
    (re.compile(r"净音"), "静音"),
    (re.compile(r"暂挺|暂亭"), "暂停"),
    (re.compile(r"空挑"), "空调"),
    (re.compile(r"车创|车穿(?=[关打开上下])"), "车窗"),
    (re.compile(r"座以|坐以(?=加热)"), "座椅"),
    (re.compile(r"坐位(?=加热)"), "座位"),
    (re.compile(r"导行|到航(?=回家|回去)"), "导航"),
    (re.compile(r"风[俩两](?=[调开大小加减]|档|挡)"), "风量"),
    (re.compile(r"除舞"), "除雾"),
    (re.compile(r"(?<=[关])币"), "闭"),
    (re.compile(r"(?<=[暂停播放])音了"), "音乐"),
    (re.compile(r"(?<=[十一二三四五六七八九\d])读(?=[吧啊呀]?$)"), "度"),
    # slang for muting: a gamer's 闭麦 ("让音响闭麦"), 把声儿(全)掐了 / 声音掐掉 (cut the sound)
    (re.compile(r"闭麦"), "静音"),
    # 让 before the device it orders ("让音响静音"): the order itself
    (re.compile(r"^让(?=(?:音响|音乐)(?:静音|暂停|播放|小声|大声))"), ""),
    (re.compile(r"^(?:把)?(?:声儿|声音)(?:给)?(?:全|都|全都|全部)?掐(?:了|掉)(?:吧)?"), "静音"),
    (re.compile(r"除物"), "除雾"),
    (re.compile(r"除双(?!闪)|除爽"), "除霜"),
    # a setting's "parameter" said by a programmer ("温度参数改成二十四"): the setting itself
    (re.compile(r"(?<=温度|音量|风量|风速)(?:的)?参数(?:值)?"), ""),
    # ... and a rollback: a setting rolled back to a number is set to it ("把温度回滚到二十二度",
    # "音量改回十"), the song rolled back to "the last version" is the one before
    (re.compile(r"(?<=温度|音量|风量|风速)(?:回滚|调回|改回|设回|恢复)(?:到|成)?"
                r"(?=[\d零一二两三四五六七八九十百])"), "调到"),
    (re.compile(r"回滚(?:到)?上一(?:个版本的?(?:歌曲|歌)|首|曲)"), "回到上一首"),
    # a word said twice around a pause ("把车窗，把车窗关上", "打开 打开车窗"): once
    # (never the 下 of 一下 before 下雨: "车窗关一下 下雨了")
    (re.compile(r"(?<!一)(?P<a>[\u4e00-\u9fff]{1,3})[，,\s]+(?=(?P=a))"), ""),
    # an exclamation of internet speech said first ("救命 车里好热", "笑死，…"), "就是说" before
    # the order
    (re.compile(r"^(?:救命|笑死|无语|绝了|服了|破防了|真的会谢|谁懂啊|家人们谁懂啊?)[，,!！\s]+"
                r"(?=[\u4e00-\u9fff])"), ""),
    # (said with no pause, when it cannot run into the next word: "救命这歌太难听了")
    (re.compile(r"^(?:救命啊?|家人们谁懂啊?|谁懂啊|绝绝子)(?=车|这|那|我|太|好|空调|音乐|声音|风|把|[热冷闷吵])"),
     ""),
    (re.compile(r"^(?:就是说|就是)(?=[把将]|打开|关闭|关掉|播放|暂停)"), ""),
    # Taiwan and Fujian: 关起来/开起来 for 关上/打开, 开强/开弱 for 开大/开小, a final 厚
    (re.compile(r"(?P<v>[开关])起来(?=[吧啦了啊呀厚哦喔咯嘛哈撒]?$)"),
     lambda m: "打开" if m.group("v") == "开" else "关上"),
    (re.compile(r"(?<=[开调])(?P<w>[强弱])(?=一?点|些)"),
     lambda m: "大" if m.group("w") == "强" else "小"),
    (re.compile(r"(?<![太很好真挺蛮])厚$"), ""),
    # "very" said in Beijing, Tianjin and Shanghai: 倍儿热, 交关冷
    (re.compile(r"(?:倍儿|交关|贼拉)(?=[冷热闷吵凉])"), "太"),
    (re.compile(r"(?:俺|咱)(?=们)"), "我"),
    (re.compile(r"(?:俺|咱)(?!们)"), "我"),
    (re.compile(r"一下下"), "一下"),
    (re.compile(r"瞅(?=不见|不清|不到|不着)"), "看"),
    # Cantonese 校 for 调 before a value or a way: "冷气校到二十三度"
    (re.compile(r"校(?=到|成|高|低|大|小)"), "调"),
    # a closing verb with its result: "关严实", "关紧" -> "关上"
    (re.compile(r"关(?:严实|严|紧|死|牢)(?:了|点|一点)?(?=[吧啊呀嘛]?$)"), "关上"),
    # someone addressed first, then the order ("孩子啊，帮奶奶把温度…"), and whom it is done
    # for ("帮奶奶把…"): never beside a seat (whose seat would then be unsaid)
    (re.compile(r"^(?!.*(?:座椅|座位|坐垫|座垫|椅子|屁股))(?:孩子|儿子|闺女|宝贝|乖乖|师傅|小伙子|"
                r"姑娘|老公|老婆|亲爱的|大哥|大姐|美女|帅哥|小哥|乖孙|孙子|孙女|大孙子|朋友|老乡|老弟|老妹|"
                r"伙计)儿?"
                r"(?:(?:啊|呀|哎|诶)[，,\s]*|[，,\s]+)"), ""),
    (re.compile(r"^(?!.*(?:座椅|座位|坐垫|座垫|椅子|屁股))(?:请)?(?:帮|给|替)(?:奶奶|爷爷|姥姥|姥爷|"
                r"外婆|外公|妈妈|妈|爸爸|爸|老妈|老爸|孩子|宝宝|老婆|老公|媳妇|大家|她|他)(?=[把将])"),
     ""),
    # the north-east's "very" before a complaint: "贼冷", "老热了" (never "这么冷": "今天怎么这么
    # 冷" is the weather)
    (re.compile(r"(?<![不别])(?:贼|老)(?P<a>[冷热闷吵凉烫])(?:了)?"), r"太\g<a>了"),
    # the cabin made cooler or warmer with the AC's name: "空调开冷一点" -> "调冷一点"
    (re.compile(r"^[把将]?(?:空调|冷气)(?:给)?(?:开|调|整|弄|搞)(?=(?:冷|凉快|凉|暖|暖和|热)(?:一)?点)"),
     "调"),
    # the north's 忒 for 太 ("风忒大了"), Shanghai's 关脱 for 关掉
    (re.compile(r"忒(?=[大小冷热闷吵凉烫高低响])"), "太"),
    (re.compile(r"(?<=关)脱(?=了|$)"), "掉"),
    # a verb said twice around 一 ("关一关", "开一开"): once, a little
    (re.compile(r"(?P<v>[开关调降升停提加减])一(?P=v)"), r"\g<v>一下"),
    # a verb said twice, a little ("温度往下降降"), 一下子 for 一下
    (re.compile(r"(?P<v>[降升])(?P=v)(?=[吧啊呀]?$)"), r"\g<v>一点"),
    (re.compile(r"一下子(?=[吧啊呀嘛]?$)"), "一下"),
    # someone addressed last ("下一首吧师傅")
    (re.compile(r"(?:[，,\s]+|(?<=吧))(?:师傅|老铁|兄弟|哥们儿?|亲|朋友|老乡|伙计)[啊呀]?$"), ""),
    # 给 before 整/来 said first: "给整点音乐"
    (re.compile(r"^给(?=整|来)"), ""),
    # Sichuan "一哈" for "一下" (before the final particles go: 哈 is one of them)
    (re.compile(r"(?<=[\u4e00-\u9fff])一哈(?=[儿嘛吧撒噻]?(?:$|[，,。！!\s]))"), "一下"),
    # Cantonese and Sichuan 滴 for 点 after how much: "风搞小滴" -> "风搞小点"
    (re.compile(r"(?<=[大小高低快慢声])(?:一)?滴(?!滴)"), "点"),
    # "窗户开开" -> "打开窗户" (a doubled 开 is an order)
    (re.compile(r"^(?P<o>[^，,把将]{1,4}?)开开(?=(?:好伐|[吧啊呀嘛伐哇])?$)"), r"打开\g<o>"),
    (re.compile(r"^(?P<o>[^，,把将]{1,4}?)关关(?=(?:好伐|[吧啊呀嘛伐哇])?$)"), r"关上\g<o>"),
    # Sichuan 关倒 and 关住 for 关上 ("把窗子关倒"); Wu 拿 for 把 ("帮我拿空调关脱")
    (re.compile(r"(?<=关)(?:倒|住)(?=[嘛吧撒噻哈了啊]?$)"), "上"),
    (re.compile(r"(?:^|(?<=帮我|给我|麻烦)|(?<=[侬你]))拿(?=空调|冷气|车窗|窗户|窗子|音乐|声音|歌|座椅|温度|风量)"),
     "把"),
    # the fog said as the object of 除, the glass it is on first ("把雾除了", "把玻璃的雾除一下",
    # "把前窗上的雾气除一除"): 除雾
    (re.compile(r"^(?:先)?[把将](?:(?:前|后)?(?:挡风)?(?:玻璃|窗户|车窗|窗|挡|风挡)(?:上|上面)?的)?"
                r"(?:雾气?|水汽|哈气)(?:给)?除(?:了|掉|一下|下|一除|除|干净)?(?=[吧啊呀]?$)"),
     "除雾"),
    # "by the way" said first ("对了音乐也停一下")
    (re.compile(r"^对了[，,\s]*(?=[\u4e00-\u9fff])"), ""),
    # a pointing word before the thing complained about: "这风" -> "风"
    (re.compile(r"^(?:这|那)(?:个|些)?(?=风|车里|车内|空调|音乐|声音|座椅|座位|窗户|车窗|温度)"),
     ""),
    # a function said too much of, then "off" with no object ("这座椅加热可热了 给关了吧",
    # "风扇太吵了，关掉"): that function off
    (re.compile(r"^(?P<o>座椅加热|空调|冷气|暖气|音乐|风扇|风量|鼓风机)(?:可|太|也太|好|真|有点)"
                r"[\u4e00-\u9fff]{1,2}?了?(?:吧)?[，,\s]+(?:快|就|赶紧)?(?:给|帮我)?(?:关了|关掉|关上)"
                r"(?:它|吧|了吧)?$"), r"\g<o>关掉", ("关",)),
    # an intensifier before the degree word: "也太" -> "太", "可真" -> "真"
    (re.compile(r"(?:也|可|实在|简直|真是|都)(?=太|好|真|有点)"), ""),
    (re.compile(r"似的"), "一样"),
    # twenty-second session: the sound named by what plays ("解说的声音小得…", "有声书的声音"):
    # the sound
    (re.compile(r"(?:^|(?<=[这那个]))(?:解说员?|有声书|播客|评书|相声|主播)(?:的)?"
                r"(?=声音|声儿|音量)"), ""),
    # twenty-second session: a likeness said with 像 alone after 得 ("冷得像铁板"): 跟…一样
    (re.compile(r"(?<=得)像(?P<x>[^，,。？?\s不没别吗像跟一]{1,6})(?=$|[，,。\s])"),
     r"跟\g<x>一样"),
    # what fog on the glass hides said after it ("…全是雾 灯塔都看不见了"): the speaker's sight
    (re.compile(r"(?<=[雾霜汽])(?P<e>了|的)?[，,\s]+[^，,。？?\s不没别吗]{1,8}?(?:都|也)"
                r"(?:看不见|看不清|瞅不见|瞅不清|看不到)(?:了|路)?$"), r"\g<e>，我都看不见了"),
    # a likeness said last after a pause ("风直往脸上吹，跟刮台风一样"): what it is like adds no
    # way to a complaint said with a degree (太/好/真/直) before it
    (re.compile(r"^(?P<c>[^，,。？?]*(?:太|好|真|直)[^，,。？?]+)[，,\s]+(?:就)?(?:跟|像|和)"
                r"[^，,。？?不没别吗]{1,8}(?:一样|一般)(?:的)?$"), r"\g<c>"),
    # a doubled adjective: "冰凉冰凉的" -> "冰凉的"
    (re.compile(r"([\u4e00-\u9fff]{2})\1"), r"\1"),
    # a tag asking "all right?" said last (Shanghai 好伐, Henan 中不, 行不, 成不, 要得不, and
    # any such tail: 得不, 可以不, 成不成, 好吗, 好不好呀)
    (re.compile(r"[，,\s]*(?:好伐|好不好|行不行|成不成|中不中|可不可以|得不得|要得不|可以不|好不|中不|"
                r"行不|成不|得不|好吗|行吗|成吗|中吗)(?:啊|呀|嘛|哈|呢)?[？?。！!～~]*$"), ""),
    # the same tag said first: "中不中，把空调打开"
    (re.compile(r"^(?:中不中|好不好|行不行|成不成|好伐)[，,\s]+"), ""),
    (re.compile(r"^(?:中不中|行不行|成不成)(?=[把将]|打开|关掉|关上|播放|暂停)"), ""),
    # 喽/咯 after an on/off verb said last is its 了 ("把空调关喽" -> "把空调关了")
    (re.compile(r"(?<=[开关])(?:喽|咯|啰)(?=[。！!～~]*$)"), "了"),
    # a sentence-final particle: "开下冷气啦" -> "开下冷气" (喔/哦/嘞/哟: Cantonese, northern)
    (re.compile(r"(?:吧啦|啦|嘛|呗|哈|咯|喽|喔|哦|噢|嘞|咧|哟|呦|捏|么|耶|唷|伐|哇)+"
                r"[。！!～~]*$"), ""),
    (re.compile(r"(?<![了吧])吧[。！!～~]*$"), ""),  # "暂停一下吧"; "太大了吧" keeps its tag
    # a hedge said last, "that'll do" ("把温度调到二十二度就行", Henan "就中", "开条缝就好了",
    # "关上得了", "下一首算了", never after a pause: "关上，算了" takes it back); 你就把 for 你把
    (re.compile(r"(?<=[\u4e00-\u9fff\d])(?<![不别没])(?:就(?:行|好|可以|成|中)(?:了|啦)?|"
                r"(?:就)?(?:得了|算了|完事了?|拉倒)(?:吧|呗|啊)?)$"), ""),
    (re.compile(r"^(?:你|您)就(?=[把将])"), ""),
    # Yunnan's 给是 asking "can you" ("给是可以把车窗开一半？"): the request inside
    (re.compile(r"^给是(?:可以|能)(?:帮我|给我)?(?P<r>(?:[把将开关放播调]|打开|暂停)[^？?吗]+)"
                r"(?:吗)?[？?]?$"), r"\g<r>"),
    # the last song asked for again ("把上一首再放一下"): the previous song
    # (or a piece named after 刚才那段/那首, asked again with no 把: "刚才那段评书再放一遍")
    (re.compile(r"^[把将](?:上一首|上一曲|刚才那首|刚刚那首|刚才的那首)(?:歌)?(?:再|重新)?(?:放|播|播放)"
                r"(?:一下|一遍|一次|下)?$|^(?:[把将])?(?:刚才|刚刚)(?:的)?那(?:首|段|曲|支)[^，,。？?不没别吗]{0,6}?"
                r"(?:再|重新)(?:给我|帮我)?(?:放|播|播放|来)(?:一下|一遍|一次|下)?$"),
     "上一首"),
    # the song just played, wished to hear ("我想听刚才那首，再来一遍"): the previous song, not a
    # new play (刚才说的那首 names a song someone told of: left as it is)
    (re.compile(r"^(?:我)?(?:想|要)(?:再)?听(?:一遍|一下)?(?:刚才|刚刚)(?:的)?那(?:首|曲|支)(?:歌)?"
                r"(?:[，,\s]*(?:再|重新)(?:来|放|播)(?:一遍|一下|一次)?)?$"), "上一首"),
    # the music named after what cannot be heard ("后排听不清歌", "听不见音乐"): its volume
    (re.compile(r"^(?:坐)?(?:后排|后面|后座)?(?:的)?(?:人|乘客)?听不(?:清|见|到)(?:楚)?(?P<o>歌|音乐|歌词)$"),
     r"\g<o>听不清"),
    # a story or a show that cannot be heard ("后排孩子说听不清讲的故事"): its sound, never a play
    (re.compile(r"^(?:坐)?(?:后排|后面|后座)?(?:的)?(?:人|乘客|孩子|小孩|老人)?(?:说)?"
                r"听不(?:清|见|到)(?:楚)?(?:讲|放|说|播)?(?:的)?"
                r"(?:故事|评书|相声|节目|台词|有声书|小说|广播剧)$"), "声音听不清"),
    # the song said again and again ("又是这首 听腻了")
    (re.compile(r"^又是这首(?:歌)?[，,\s]*(?=(?:我)?(?:都)?听(?:腻|烦|厌|吐))"), "这首"),
    # an exclamation said first without a pause: "哎呀冷得很" -> "冷得很"
    (re.compile(r"^(?:哎呀妈呀|哎呀我的妈呀?|哎呀|哎哟|哎|唉|妈呀|我的妈呀?|我的天哪?|天哪)[，,!！\s]*"
                r"(?=[\u4e00-\u9fff])"), ""),
    # "you" said before the order: "你把车窗打开", "恁把音乐关小点儿"
    (re.compile(r"^(?:你们|你|您|恁|侬|倷|阿拉)(?=(?:帮我|给我|快|赶紧|先)?(?:[把将给帮]|打开|关闭|关掉|关上|开|关|"
                r"调|播放|暂停|放))"), ""),
    # ... and before a device-first order ("侬温度降三度", "你风量调小点")
    (re.compile(r"^(?:你们|你|您|恁|侬|倷)(?=(?:空调|冷气|暖气|温度|风量|音量|声音|音乐|车窗|窗户|座椅)"
                r"(?:给我|帮我)?(?:调|降|升|开|关|打开|加|减|拧|放)[^，,。？?吗呢]{0,6}$)"), ""),
    # a homophone slip: "下一手" for "下一首"; "往家开" for "回家"; "啥也看不清" for "看不清"
    (re.compile(r"(?<=[上下]一)手"), "首"),
    (re.compile(r"^(?:往|朝)家(?:里)?(?:开|走)"), "回家"),
    (re.compile(r"(?:啥|什么|一点)(?:也|都)(?=[看听]不)"), ""),
    # "first" or "straight away" before the verb of one command: "请先开启除霜", "直接调到最低"
    (re.compile(r"^(?P<p>请|麻烦|帮我)?(?:先|直接)(?=[开关调把将打播放暂启给])"), r"\g<p>"),
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![不别没])先(?=暂停|停|静音|播放)"), ""),
    # ... or between the thing and its verb: "温度先降两度", "风也再大点" (also, first, then)
    (re.compile(r"(?P<t>温度|风量|风速|风扇|风|音量|声音|音乐|空调|冷气|暖气|车窗|窗户|加热)"
                r"(?:先(?=再|[调降升开关加减放拉摇打暂停])|也(?=再|[调降升加减]))"), r"\g<t>"),
    (re.compile(r"(?<=[\u4e00-\u9fff])直接(?=[把将给调开关降升加减放打设切])"), ""),
    # Cantonese 埋 after the verb, 同埋 for "and", 把个 for 把: "开埋冷气", "关埋窗"
    (re.compile(r"(?P<v>[开关])埋(?!单)"), lambda m: "打开" if m.group("v") == "开" else "关上"),
    (re.compile(r"(?<=把)个(?=[\u4e00-\u9fff]{1,3}[开关调])"), ""),
    # a way said with a dialect verb: "温度往上整两度" -> "温度往上调两度", "往下降两度"
    (re.compile(r"往(?P<d>[上下])(?:降|升|整|弄|搞|加|减|提|放)(?=[一二两三四五六七八九十\d]|点|一点|些)"),
     r"往\g<d>调"),
    # the top or end of the range: "鼓风机开到顶", "风量加到头" -> "开到最大"
    (re.compile(r"(?<=[开加升拉调整])到(?:顶|头|最顶|尽头)(?:了)?(?=[吧啊呀嘛]?$)"), "到最大"),
    # the loudspeakers for the sound: "音响小一丢丢", "音响调小一点" -> "声音小一点"
    (re.compile(r"音响(?:的)?(?:声音|音量)?(?=(?:再|稍微)?(?:调|开|放|弄|搞|整|关)?[大小轻响](?:一)?(?:点|些|丢丢|一丢丢)?)"),
     "声音"),
    # the sound cut off: "把声音掐了" -> "把声音关了"
    (re.compile(r"(?<=把声音)掐(?=了|掉)"), "关"),
    # the song switched by name: "把歌切到下一首" -> "切到下一首", "回上一首" -> "回到上一首"
    (re.compile(r"^(?:把|将)(?:歌|歌曲|音乐|这首歌?)(?=(?:切|换)(?:到|成)?(?:下|上)一(?:首|曲))"),
     ""),
    (re.compile(r"(?:^|(?<=[，,\s]))回(?=上一(?:首|曲))"), "回到"),
    # 给 and a dialect verb before a value: "音量给整到十八" -> "音量调到十八"
    (re.compile(r"(?<=[\u4e00-\u9fff])给(?=(?:整|弄|搞)(?:到|成))"), ""),
    # the glass in front blown on: "吹一下前挡", "把吹前挡的那个打开" -> "除雾"
    (re.compile(r"吹(?:一下|下)?(?:前挡风玻璃|挡风玻璃|前挡风|前风挡|前挡)(?:的(?:那个)?)?"),
     "除雾"),
    # the seat heater by what it warms: "把我屁股底下的加热开起" -> "把座椅加热打开"
    (re.compile(r"(?:我的?)?屁股(?:底下|下面|下边)?的?(?=加热)"), "座椅"),
    # whose side a window is on (the cabin moves one window): "我这边窗户" -> "窗户"
    (re.compile(r"(?:我这边|我这一侧|我这侧|我旁边|司机这边)的?(?=车窗|窗户|窗子|窗)"), ""),
    # what happened, told before "你把…" without a pause: the request alone
    (_ZH_STORY, lambda m: m.group(0) if _ZH_STORY_STOP.search(m.group("s")) else ""),
    # a filler anywhere: "那个那个嗯帮我把那个音量调到八吧" -> "帮我把音量调到八吧"
    (re.compile(rf"那个|{ZH_HESITATIONS}"), ""),
    # 给我 between the thing and its verb: "空调温度给我降两度" -> "空调温度降两度"
    (re.compile(r"(?<=[\u4e00-\u9fff])给我(?=[调开关降升加减放来整弄往摇换切]|打开|打到|停了|停掉|暂停)"),
     ""),
    # 你 between the thing and its verb ("空调你给我打开"), 给 before 停 ("把音乐给停了")
    (re.compile(r"(?:(?<=空调|冷气|音乐|窗户|车窗|窗子|温度|风量|声音|音量)|(?<=座椅加热))(?:你|您)(?:给我|帮我)?"
                r"(?=[调开关降升加减放打暂播切换])"), ""),
    (re.compile(r"(?<=[\u4e00-\u9fff])给(?=停了|停掉|暂停)"), ""),
    # the same after a complaint's pause ("声音太小了，给我开大点"): the way, for the thing named
    (re.compile(r"(?<=[了，,])[，,\s]*给我(?=(?:调|开|放)[大小高低])"), "，"),
    # 帮我 between the thing and its verb: "音乐帮我暂停一下" -> "音乐暂停一下"
    (re.compile(r"(?<=[\u4e00-\u9fff])帮我(?=[调开关降升加减放暂播切换打])"), ""),
    # a bare 给 (and a dialect verb after it) between the thing and its verb: "空调给整关了"
    (re.compile(r"(?<=[\u4e00-\u9fff])给(?:整|弄|搞)?(?=[调开关降升加减放打])"), ""),
    # 搞/弄/整 for 来 said first, before a song ("搞下一首撒", "弄首歌"), or before the
    # loudness alone ("搞大声点" -> "大声点"): the plain verb, never a window let down
    (re.compile(r"(?:(?<![\u4e00-\u9fff])|(?<=[给帮]我))(?:搞|弄|整)(?=(?:一)?(?:下一首|上一首|首|个歌|"
                r"点(?:歌|音乐)))"), "来"),
    (re.compile(r"(?<![\u4e00-\u9fff])(?:搞|弄|整)(?=(?:大声|小声)(?:一)?点)"), ""),
    # 整/弄/搞 for 调 before how much: "鼓风机整大点" -> "鼓风机调大点"
    (re.compile(r"(?:整|弄|搞)(?=[大小高低](?:一)?点|[高低][一二两三四五\d](?:度|档|挡)|(?:暖和|凉快|暖|凉)"
                r"(?:一)?点|大声|到|成)"),
     "调"),
    (re.compile(r"(?<=[\u4e00-\u9fff])给(?=调)"), ""),  # "空调给整凉快点": the 整 read as 调
    (re.compile(r"^(?:歌|音乐)(?=换一首|换首|切一首)"), ""),  # "歌换一首": the next song
    # Sichuan and Dongbei endings: "开一哈" -> "开一下", "开起" -> "打开", a final 撒/噻
    (re.compile(r"(?<=[\u4e00-\u9fff])(?P<v>[开关])起(?=[嘛吧撒噻哈]?$)"),
     lambda m: "打开" if m.group("v") == "开" else "关上"),
    (re.compile(r"[撒噻嘛](?=[。！!～~]*$)"), ""),
    # the fan by its part's name, the AC by what it blows: "鼓风机" -> "风量", "把冷气开了"
    (re.compile(r"鼓风机|风扇(?!加热)"), "风量"),
    (re.compile(r"冷气(?=(?:开|关|打开|关闭|关掉|关上)(?:了|上|掉|一下)?[吧啊呀]?$)"), "空调"),
    # a passenger's complaint passed on, about the cabin (never a seat: whose seat is unsaid)
    # (who sits behind, and how they are: "后排孩子发着烧一直喊冷")
    (re.compile(r"^(?!.*(?:座椅|座位|坐垫|座垫|椅子))(?:我)?(?:(?:后排|后座|后面)(?:的)?)?(?:妈|爸|老妈|"
                r"老爸|妈妈|爸爸|爷爷|奶奶|姥姥|姥爷|外婆|外公|孩子|儿子|女儿|后排(?:的)?(?:乘客)?|乘客|"
                r"客人|朋友|同事|老爷子|老太太|老人家|老人|宝宝|小孩|娃|领导|老板)"
                r"(?:(?:发着烧|发烧了|生着病|生病了|感冒了|晕车了|睡醒了)[，,\s]*)?"
                r"(?:一直|老是|总是|总|直|又|都)?(?:说|觉得|嫌|喊)(?:着)?[，,\s]*(?=.)"), ""),
    # the passenger's seat passed on by name ("她说副驾座椅凉得跟冰块一样")
    (re.compile(r"^(?:她|他|老婆|老公|媳妇|朋友)(?:说|觉得|嫌)[，,\s]*"
                r"(?=副驾(?:驶)?(?:的)?(?:座椅|座位))"), ""),
    # "歌都听不清": an intensifying 都 before what cannot be done
    (re.compile(r"(?:一句|一个字|一点)?都(?=听不|听不见|听不清)"), ""),
    # 把 makes "开了" an order, not a state: "把冷气开了" -> "把空调打开"
    (re.compile(r"^(?P<p>帮我|请|麻烦你?|给我)?把(?P<o>[^，,把]{1,6}?)(?<!打)开(?:了|开|一下|下)?"
                r"(?=[吧啊呀撒噻嘛]?$)"), r"\g<p>把\g<o>打开"),
    # the song turned off is the music ("把歌关了")
    (re.compile(r"(?<=[把将])歌(?=关|打开)"), "音乐"),
    # why, said right after the verb: "把窗户打开透透气" -> "把窗户打开"
    (re.compile(r"(?:(?<=打开|开开|关上|关掉)|(?<=摇下来|降下来|放下来|开一下))(?:透透气|透个气|透气|通通风|通风|换换气|"
                r"换气|散散味儿?)"
                r"[吧啊呀]?$"), ""),
    # why music is asked for, said right after it: "来点音乐解解闷", "放首歌提提神"
    (re.compile(r"(?<=音乐|歌曲|首歌|点歌|儿歌|歌儿)[，,\s]*(?:给我|让我|帮我|好)?(?:解解闷|解个闷|解闷|"
                r"提提神|提个神|提神|醒醒脑|醒醒神|醒脑|解解乏|解乏|放松放松|放松一下|放松|散散心|"
                r"散心|助助兴|热闹热闹|热闹一下)(?:儿)?[吧啊呀]?$"), ""),
    # "也" between the thing and its verb: "风量也调小一点" -> "风量调小一点"; not after a person
    # or a seat ("给我也开一下", "副驾也开", "我的也开"): "too" there is the same again for that
    # seat, which the seat path reads
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![我你她他们的边驾排座婆公])也"
                r"(?=[调开关降升加减放打停暂]|往[上下高低]|[小大]点声)"), ""),
    # music said first, then its verb: "音乐放一下" -> "播放音乐"
    (re.compile(r"^(?:把)?(?P<o>音乐|歌)(?:放|播|播放|整|搞|来|放起|整起|搞起|走起|嗨起)(?:一下|起来|一首)?"
                r"[吧啊]?$"),
     r"播放\g<o>"),
    # a hedge before a verb: "车窗稍微落一点" -> "车窗落一点"; a window let down: 落 -> 降
    (re.compile(r"稍微|稍稍|略微|微微"), ""),
    (re.compile(r"(?:(?<=窗)|(?<=窗户)|(?<=窗子))(?:落|放|摇|拉)(?:下来|下去|下)?(?=一点|点|一些|些|一半|到)"),
     "降"),
    # fog by its other names, on the glass in front: "前面玻璃上全是哈气" -> "玻璃上全是雾"
    (re.compile(r"哈气|水汽|白汽|雾气|水雾"), "雾"),
    (re.compile(r"^(?:前面|前头|前边)的?(?=玻璃)"), ""),
    (re.compile(r"(?<=玻璃上)(?:糊了|蒙了|起了|结了)(?:一层|层)?(?=雾)"), "全是"),
    # dust raised outside, then blown in ("路边扬灰，全吹进车里了"): the dust blown in
    (re.compile(r"^(?:路边|路上|外面|外头|工地)?(?:在)?扬(?:灰|尘|沙)(?:了)?[，,\s]*(?:全|都)?"
                r"(?=(?:吹|飘|灌|刮)(?:进|到))"), "灰全"),
    # a layer of fog on the glass in front ("前挡一层白雾", "挡风玻璃上蒙了一层雾"): fog all over
    (re.compile(r"(?:(?<=前挡)|(?<=挡风玻璃))(?:上)?(?:蒙了|起了|结了|糊了)?(?:一层|一片)(?:白)?(?=雾|霜)"),
     "上全是"),
    # what blows at the face named by where it comes from ("空调吹得我眼睛疼", "出风口吹得…"):
    # the air
    (re.compile(r"歌声(?=(?:有点|有些|太|好|真|特别)+(?:大|小|吵|响))"), "声音"),
    (re.compile(r"(?<=[歌首曲])听听$"), ""),
    # whose seat said with 给 first ("给副驾把座椅加热开一下"): the seat's own name
    (re.compile(r"^(?:请)?(?:帮|给|替)(?P<z>副驾驶?|主驾驶?)(?:的)?(?P<b>[把将])(?=座椅加热|座位加热)"),
     r"\g<b>\g<z>"),
    (re.compile(r"^(?:这个?)?(?:空调|冷气)?(?:的)?(?:出风口|风口)?(?:的)?(?<=[调气口])(?=吹得)"),
     "风"),
    # a song one is tired of: "这歌听腻了" -> "这首歌听腻了"; heard till the ears grow calluses
    # or a hundred times ("听得我耳朵都起茧了", "都听八百遍了")
    (re.compile(r"^这(?=歌(?:我)?(?:今天|今儿|已经|一路上?)?(?:都)?听)"), "这首"),
    (re.compile(r"^(?P<s>这首(?:歌)?)(?:都|我都|我)?听(?:得|到)?(?:我)?(?:耳朵)?(?:都)?(?:起|长|出)"
                r"(?:老)?茧(?:子)?了?$"), r"\g<s>听腻了"),
    (re.compile(r"^(?P<s>这首(?:歌)?)(?:我)?(?:[^，,。？?不没别]{0,10}?)(?:都)?听(?:了)?(?:好|快)?[\d一二两三四五六七八九十百千万几]+"
                r"(?:遍|次)了?$"), r"\g<s>听腻了"),
    # or played three times or more already ("这首歌从早上放到现在都第五遍了", "这首歌已经播了
    # 三次了")
    (re.compile(r"^(?P<s>这首(?:歌)?)[^，,。？?不没别吗]{0,10}?(?:都|已经)(?:放|播|听|(?:单曲)?循环)?(?:了)?(?:第)?"
                r"(?:[三四五六七八九十几]|\d)[\d一二两三四五六七八九十几]*(?:遍|次)了$"),
     r"\g<s>听腻了"),
    # the song told of first, then the speaker fed up with it ("这首歌车上天天放，我都听烦了")
    (re.compile(r"^(?P<s>这首(?:歌)?)[^，,。？?不没别吗]{1,12}[，,\s]+(?:我)?(?:真的?|实在|是)?(?:都|早|早就)?"
                r"听(?:吐|腻|烦|厌|够)了$"), r"\g<s>听腻了"),
    # not knowing the way home asks for it: "这路我不认识，不知道咋回家"
    # (a story of where one came from may run into it: "从机场出来我完全不知道回家咋走"); from
    # here said inside it, 么样 for 怎么 (twenty-second session: "我不晓得从这儿么样回家")
    (re.compile(r"^(?:[^，,。？?她他说不没吗]{0,10}?(?=我))?(?:我|我们)?(?:也|都|真|实在|完全|根本|压根)?"
                r"(?:不认识|不认得|不知道|不晓得|找不到)(?:从这(?:儿|里)?[^，,。？?她他说不没吗回家]{0,5}?)?"
                r"(?:回家的路|(?:怎么|咋个|咋|怎样|么样|该怎么|该咋)(?:走)?回家|"
                r"回家(?:怎么|咋个|咋|怎样|么样|该怎么|该咋)走)(?:了|啊|呀|呢)?$"), "导航回家"),
    # the way home said first ("回家的路我完全不认识"), after waking ("刚睡醒 这是哪儿"): only
    # with 回家 and not knowing it
    (re.compile(r"^(?:我)?(?:刚|才)睡醒(?:了)?[，,\s]*(?:这是(?:哪儿|哪里|哪)(?:啊|呀)?[，,？?\s]*)?"
                r"(?=回家的路)"), ""),
    (re.compile(r"^回家的路(?:我|我们)?(?:完全|根本|真|也|都|一点都|压根)?(?:不认识|不认得|不记得|不知道)"
                r"(?:了|啊|呀)?$"), "导航回家"),
    # a tiny bit: "一丢丢", "一丁点", "一咪咪" -> "一点"
    (re.compile(r"一丢丢|一丁点儿?|一咪咪|一滴滴"), "一点"),
    # the temperature by the AC's name, a step said plainly: "空调再高两度" -> "温度高两度"
    (re.compile(r"^空调(?:再)?(?=[高低](?:一|两|二|三|四|五|\d)度)"), "温度"),
    # who comes along: "带我们回家" -> "带我回家"
    (re.compile(r"(?<=[带送载领])我们(?=回家)"), "我"),
    # how hot or cold, said with a degree phrase after it: "热得慌", "冻得嘎嘎的" -> "太热了"
    (re.compile(r"晒得(?:滚烫|发烫|要命|不行|够呛)"), "太热了"),
    (re.compile(r"(?P<a>[热冷闷吵冻冰])(?:死(?:老子|我|人|个人)了?|惨了|得(?:慌|要命|不行|要死|受不了|够呛|不得了|"
                r"嘎嘎的?|直哆嗦|发抖|我[^，,]{1,6}|一头汗|满头(?:大)?汗|一身汗|直冒汗|冒汗|吃不消|遭不住|扛不住|"
                r"顶不住|喘不过气|透不过气|喘不上气|冒烟|直[\u4e00-\u9fff]{1,3}?(?:脚|汗|抖|嗦)|"
                r"跟[^，,]{1,6}?(?:似的|一样))|死了|坏了|煞了|到爆|炸了|疯了|"
                r"到(?:原地去世|要死|不行|受不了|爆炸)(?:了)?)[啊呀哦]?"), r"太\g<a>了"),
    # the cabin said to be like a cold or hot place ("车里像个冰窖", "车里简直像蒸笼")
    (re.compile(r"(?:^|(?<=[，,\s]))(?:车里|车内)(?:简直|就)?(?:像|跟)(?:个|是)?(?:冰窖|冰箱|冰柜|冷库)(?:一样|似的)?(?=$|[，,\s])"),
     "车里太冷了"),
    (re.compile(r"(?:^|(?<=[，,\s]))(?:车里|车内)(?:简直|就)?(?:像|跟)(?:个|是)?(?:蒸笼|烤箱|桑拿房?|火炉|烤炉)(?:一样|似的)?(?=$|[，,\s])"),
     "车里太热了"),
    # a complaint told after a story without a pause ("在服务区排了半天队太阳晒进来太热了"): the
    # complaint alone, when the story binds nothing (:func:`_story_complaint`)
    (_ZH_STORY_COMPLAINT, _story_complaint),
    # a pet hot, said beside the car hot ("狗子热得直吐舌头，车里太热了"): the car's complaint
    (re.compile(r"^(?:狗子|狗狗|小狗|狗|猫咪|猫)热得(?:直吐舌头|吐舌头|直喘气?)[，,\s]+"
                r"(?=(?:车里|车内)?太热了$)"), ""),
    # the body said hot or cold ("后背都湿透了", "汗都流到眼睛里了", "脚底下好冷", "鼻子都冻红了"),
    # said as an animal or a thing ("热成狗了", "快冻成冰棍了"), a size said as a likeness
    # ("声音小得跟蚊子一样")
    (re.compile(r"^(?:我的?)?(?:后背|背上|背后|身上|浑身|脖子|额头|脸上|衣服|头发)(?:都|全)?(?:出汗了|湿透了|"
                r"汗湿了|是汗|冒汗了)$|^(?:我的?)?汗(?:都)?(?:流|淌|滴)(?:到|进|下来)[^，,]{0,6}$"),
     "太热了"),
    (re.compile(r"^(?:我的?)?(?:脚底下|脚底|脚下|脚丫子?)"), "脚"),
    # (after a story of its own said first, with no order, refusal or question in it: "在山顶
    # 站了一晚上，手都是冰的")
    (re.compile(r"^(?:[^，,。？?吗呢不没别把将调开关热暖]{2,16}[，,\s]+)?(?:我的?)?"
                r"(?:手|脚|手脚|手指头?|鼻子|耳朵|腿|膝盖|胳膊)(?:都|全)?(?:冻(?:红|僵|麻|透|紫)|"
                r"冻得冰凉|冰凉冰凉|冰冰凉|(?:是)?冰(?:的)?)了?$"), "太冷了"),
    (re.compile(r"^(?:我|人)?(?:都)?(?:快|快要|要)?(?P<a>[热冷冻])(?:成狗|成冰棍儿?|成冰块|化|晕|懵)了?$"),
     r"太\g<a>了"),
    (re.compile(r"(?P<a>[大小])得(?:跟|像)[^，,]{1,6}?(?:一样|似的)"), r"太\g<a>了"),
    # a loud song, wind that roars, no air felt, and a rhetorical "why so loud"
    (re.compile(r"^这(?:首)?歌(?=(?:太|好|真|有点)?吵|吵死)"), "音乐"),
    (re.compile(r"^风(?:一直)?呼呼(?:的|地)(?:吹)?$"), "风太大了"),
    (re.compile(r"^(?:我|人)?一点风都(?:感觉不到|感受不到|没有)(?:啊|呀)?$"), "出风口一点风都没有"),
    (re.compile(r"(?:开|放|调)(?:得)?这么(?:大声|响)(?:干嘛|干什么|做什么|搞么斯|干)$"),
     "太大声了"),
    (re.compile(r"^谁把(?P<o>音乐|声音|音量|空调|冷气|风)(?:开|调)(?:得)?这么(?P<a>大|响|冷|热|小)(?:的)?"
                r"(?:啊|呀)?$"), r"\g<o>太\g<a>了"),
    (re.compile(r"冷冰冰|冰冷冰冷"), "冷"),
    # "关小声一点" for "关小一点"
    (re.compile(r"(?<=[关开调])(?P<a>[大小])声(?=一?点|些)"), r"\g<a>"),
    # a retroflex 儿 and a doubled 点: "小点儿", "开条缝儿", "大一点点"
    (re.compile(r"(?<=[点缝会些块妇半])儿"), ""),
    (re.compile(r"一点点"), "一点"),
    # a measure word between a verb and its object: "除个雾", "开个一档" -> "除雾", "开一档"
    (re.compile(r"(?<=[除开关调放来降升加减提])个(?=[雾霜一二两三四五六七八九十百\d])"), ""),
    # 整 for 来 ("给我整点儿音乐"), a trailing 先 ("静音一下先")
    (re.compile(r"(?:^|(?<=[我吧]))整(?=点|首|个歌|些)"), "来"),
    (re.compile(r"(?<=[\u4e00-\u9fff])先$"), ""),
    # the seat's underside: "屁股底下凉飕飕的" -> "屁股凉的"
    (re.compile(r"(?<=屁股)(?:底下|下面|下边)"), ""),
    (re.compile(r"凉飕飕|冷飕飕|冰冰凉"), "凉"),
    # twenty-third session (fix23): "never mind" said first, then what to do instead ("算了，还是
    # 二档就够了", "前面是不是在修路啊？算了，音量调到十五", "算了，关掉吧"; h22, multidev2, the
    # command set): the order is the request; "算了，就这样吧" (nothing to do) has no order after it
    (re.compile(r"^(?:[^，,。？?！!]{1,30}[？?。！!]\s*)?算了(?:算了)?[，,\s]+(?=(?:还是|先|把|将|给我|帮我|"
                r"放|播|打开|关掉|关上|关了|调|音量|温度|风量|风扇|车窗|窗户|空调|座椅|导航|除霜|下一首|上一首|"
                r"暂停)(?![^，,。？?！!]*(?:别|不要|不用|不想|甭)))"), ""),
    (re.compile(r"^(?P<w>还是[^，,。？?！!]{1,8}?[档度格])就够了"), r"\g<w>就行"),
    # twenty-third session (fix23): a seat said cold in a word the templates do not read
    # ("座位冻死人了", "座位冻得慌", "这座儿拔凉拔凉的", "座位一点都不暖和"; h21, gatedev1): said
    # straight after the seat, it is the seat that is cold ("阿门这么冷 冻死人了" stays the cabin)
    (re.compile(r"^(?:我|俺)坐的(?:这个|这)(?=座椅|座位)"), "我这"),
    (re.compile(r"(?<=座椅|座位|座儿|椅子|坐垫)(?:真|都|也)?(?:冻死人了|冻死人|冻死了|冻得慌|太冻了|太冻|"
                r"(?:拔凉)+(?:的)?|一点(?:儿)?(?:都|也)不(?:暖和|热乎|暖)(?:的)?)"), "冰凉"),
    (re.compile(r"(?<=[凉冷冰热烫闷])的$"), ""),
    # whose seat, said by who sits there: "我媳妇那边的座椅加热" -> "副驾座椅加热"
    (re.compile(rf"(?:我)?{ZH_COMPANIONS}(?:那边|那儿|那里)?的?(?=座椅|座位)"),
     "副驾"),
    # both front seats said as "me and her": "我跟副驾座椅加热都打开" -> "主驾跟副驾…"
    (re.compile(r"^我(?=(?:跟|和|与)副驾的?(?:座椅|座位)(?:的)?加热都)"), "主驾"),
    # 开上 for 打开 at the end ("把副驾加热开上"), 往高里 for 往上 ("温度往高里调一度")
    (re.compile(r"(?<=[\u4e00-\u9fff])开上(?=[吧了啊呀]?$)"), "打开"),
    (re.compile(r"往(?P<d>[高低])里"), lambda m: "往上" if m.group("d") == "高" else "往下"),
    # the cabin made cooler or warmer by name: "把车里弄凉快点" -> "调凉快点"
    (re.compile(r"^(?:再)?(?:把)?(?:车里|车内)(?=(?:调|弄|搞|整)(?:得)?(?:凉快|暖和|凉|暖)(?:一)?点)"),
     ""),
    # a complaint passed on: "我老婆说她那座位冰凉的" -> "她那座位冰凉的"
    (re.compile(rf"^(?:我)?(?:{ZH_COMPANIONS}|副驾)(?:说|觉得|嫌)(?=她|他)"), ""),
    # ... by whoever sits there ("副驾上的伴娘说她座位…" -> "副驾座位…")
    (re.compile(r"^(?:坐)?副驾(?:驶)?(?:上|那)?(?:的|那位)?[^，,。？?说不没吗]{0,4}?(?:说|觉得|嫌)(?:她|他)"
                r"(?:的|那个?)?(?=座位|座椅|坐垫)"), "副驾"),
    (re.compile(r"^车里面"), "车里"),
    # "again/more" before a verb inside one command: "风量再调大一点" -> "风量调大一点"
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![不别也还就])再(?=[调开关加升降放切换])"), ""),
    # who it is for, said after the command: "车窗留条缝给狗透透气" -> "车窗留条缝"; never
    # beside a seat (a seat heater "给孩子暖和暖和" is not the driver's: the rules leave it)
    (re.compile(r"^(?!.*(?:座椅|座位|坐垫|座垫))(?P<v>.*?)[，,]?(?:给|让)(?:狗|狗狗|小狗|猫|猫咪|"
                r"孩子|孩子们|宝宝|小孩|娃|老人)"
                r"(?:透透气|透气|凉快凉快|凉快一下|凉快点|凉快|吹吹风|暖和暖和|暖和一下|暖和点|暖和)"
                r"[吧啊呀]?$"), r"\g<v>"),
    # whom the music is for, said after it: "放点音乐给她听" -> "放点音乐听"
    (re.compile(r"(?<=音乐|歌曲)给(?:她|他|孩子|宝宝|我们|大家|老人|奶奶|爷爷|客人)(?=听)"), ""),
    (re.compile(r"(?<=歌)给(?:她|他|孩子|宝宝|我们|大家|老人|奶奶|爷爷|客人)(?=听)"), ""),
    # a pointing 这 before how it is ("这也太冷了" -> "太冷了"), the windscreen as 前风挡
    (re.compile(r"(?:^|(?<=[，,\s]))这(?=也太|太)"), ""),
    # after a complaint passed on ("我妈说这音乐太吵了")
    (re.compile(r"^这(?:个)?(?=音乐|声音|风|空调|座椅|车窗|窗户|温度|车里|车内)"), ""),
    (re.compile(r"(?<=车)里头"), "里"),
    # the loudspeakers too loud: "音响有点太大声了" -> "声音有点太大了"
    (re.compile(r"^音响(?=(?:有点|有些|太|好|真|特别|非常)+(?:大|小|吵|响))"), "声音"),
    (re.compile(r"(?<=[太好真])大声(?=了|$)"), "大"),
    (re.compile(r"(?<=[太好真])小声(?=了|$)"), "小"),
    # the backing track (伴奏) too quiet: the music's sound
    (re.compile(r"^伴奏(?:的)?(?:声音|音量)?(?=(?:太|好|有点)小)"), "声音"),
    # the music too quiet, then "cannot hear it at all": the complaint once ("歌太小声了根本听不清")
    (re.compile(r"^(?:歌|音乐|声音)(?P<c>(?:太|好|有点)小了?)[，,\s]*(?:根本|完全|压根|都|一点都)?(?:就)?"
                r"听不(?:清|见|到)(?:楚)?$"), r"声音\g<c>"),
    (re.compile(r"前风挡(?:玻璃)?"), "前挡风玻璃"),
    # the window named by its glass ("车玻璃降下来"; never 挡风玻璃, the windscreen)
    (re.compile(r"(?:车窗|车|侧窗)玻璃(?=(?:给我|帮我)?(?:降|升|摇|开|关|放|打开))"), "车窗"),
    # a seat said as 座儿 before how it feels ("副驾那个座儿凉得坐不住")
    (re.compile(r"(?:^这个?)?座儿(?=[冷凉冰热烫]|太|好|有点)"), "座位"),
    # complaints said indirectly (fifteenth session, fixzh15): the air straight at the forehead
    # till it aches, the backing track too quiet, a seat cold as stone under the speaker, rain in
    # through the window, no song played and bored, Cantonese "too quiet" (好细声 听唔到)
    (re.compile(r"^(?:这个?)?(?:空调)?(?:的)?(?:出风口|风口|风)(?:一直)?(?:直冲|直对|冲|对|朝)(?:着)?(?:我的?)?"
                r"(?:脸|头|眼睛|脑袋|脑门|脑壳)(?:吹)?[，,\s]*(?:吹得)?(?:我)?(?:的)?"
                r"(?:脑壳|脑袋|脑门|脑仁儿?|头|脸)(?:都)?(?:被)?(?:吹)?(?:得)?(?:疼|痛|晕|麻)了?$"),
     "风太大了"),
    (re.compile(r"^(?:我的?|我这)?屁股(?:底下|下面|下边)?(?:的)?(?:这个?)?(?=座位|座椅|坐垫)"), ""),
    (re.compile(r"(?<=座椅|座位|坐垫)(?:冰|凉)得(?:跟|像)[^，,]{1,6}?(?:一样|似的)$"), "太冰了"),
    (re.compile(r"(?<=座椅|座位|坐垫)(?:就|简直)?(?:跟|像)(?:是)?(?:坐在?|坐到)?(?:冰块|冰砖|冰面|冰窖|冰|铁板|石头)"
                r"(?:上)?(?:一样|似的)$"), "太冰了"),
    # a night in the cold told before the seat's cold ("停车场冻了一宿 这座位太冰了"): the seat's
    (re.compile(r"^[^，,。？?不没别吗他她说]{0,10}?冻了(?:一宿|一夜|一晚上?|一整夜|一整晚|一晚)[，,\s]+"
                r"(?:这个?)?(?=(?:座位|座椅|坐垫)太冰了$)"), ""),
    # twenty-second session: rain said come in *into* the window ("雨都打进车窗里了"): through
    # it; the window said open, then what comes in ("窗户开着，虫子一个劲儿往里飞")
    (re.compile(r"^(?:下)?雨(?:水)?(?:都|全)?(?P<v>打|飘|灌|溅|潲)进(?:了)?(?:车窗|窗户|窗子)"
                r"(?:缝儿?)?(?:里)?(?:来)?了?(?=$|[，,\s])"), r"雨从车窗\g<v>进来了"),
    (re.compile(r"^[^，,。？?不没别吗他她说家屋]{0,5}?(?:车窗|窗户|窗子)(?:还|一直)?(?:开着|没关)(?:呢)?[，,\s]*"
                r"(?:外面的?|外头的?)?(?:雨点子|雨点儿?|雨水|雨|虫子?|蚊子|苍蝇|飞蛾|灰|沙子?|雪)"
                r"(?:都|一个劲儿?|一直|老是|全)?(?:往里|往车里)?(?:飞|钻|灌|飘|打|溅|淋|刮|潲)"
                r"[^，,。？?不没别吗]{0,8}$"), "关窗"),
    (re.compile(r"^(?:下)?雨(?:水)?(?:都)?(?:从)?(?:车窗|窗户|窗子|窗)(?:缝儿?)?(?:里|外)?(?:都)?"
                r"(?:打|飘|淋|漏|灌|溅|刮|潲)进来了?$"), "关窗"),
    # insects, dust or smoke coming in through the window ("蚊子从窗户一个劲儿往里飞")
    (re.compile(r"^(?:好多|一堆|一群)?[^，,。？?不没别吗他她说外]{0,3}?(?:虫子?|蚊子|蠓|苍蝇|飞蛾|蛾子|蜜蜂|马蜂|灰|沙子?|烟|柳絮|杨絮)"
                r"[^，,。？?不没别吗他她说外]{0,2}?(?:都|老)?从(?:车窗|窗户|窗子|窗)(?:缝儿?)?(?:里|外)?"
                r"(?:一个劲儿?|一直|老是|总是|直|都|使劲)?(?:(?:往里|往车里|往里面)(?:飞|钻|灌|飘|跑|冒|爬|扑|进)"
                r"(?:进来)?|(?:飞|钻|灌|飘|跑|冒|爬|扑)进来)了?$"), "关窗"),
    (re.compile(rf"^(?:{_ZH_NO_SONG}[，,\s]*{_ZH_QUIET}|{_ZH_QUIET}[，,\s]*{_ZH_NO_SONG})$"),
     "放首歌"),
    # twenty-first session (fixzh21): no song played since a place or a time said first
    # ("从公司出来到现在一首歌都没放", "今天一路上一首歌都没听"); said alone it stays a statement
    (re.compile(rf"^(?:(?:从)?[^，,。？?吗呢他她说不没别]{{1,10}}?(?:到现在|到这儿|一路上?)|(?:今天|一整天|一早上))"
                rf"(?:都|也)?{_ZH_NO_SONG}$"), "放首歌"),
    (re.compile(r"^(?:啲|[dD])?(?:歌|音乐|声)(?:好|太|咁|超)(?:细声|小声|小)(?:啊|呀|喎)?(?:[，,\s]*听唔(?:到|清楚?|见))?$"),
     "声音太小了"),
    # sixteenth session (fixzh16): a skip with its reason ("下一首，这首不想听": the current song
    # unwanted is why, not a cancel; "下一首，不要了" still cancels), either order
    (re.compile(rf"^(?P<o>{_ZH_SKIP})(?:吧|啊)?[，,\s]+{_ZH_UNWANTED}$"), r"\g<o>"),
    (re.compile(rf"^{_ZH_UNWANTED}[，,\s]+(?P<o>{_ZH_SKIP})(?:吧|啊)?$"), r"\g<o>"),
    # twenty-second session: a pause or a skip (said once or twice), then after a pause why:
    # waiting for someone ("等我签个收"), something about to happen ("鸽子要放飞了"), or for a
    # skip someone's dislike of the song ("导演不喜欢这首"); a reason naming a cabin thing, a
    # number, an order or a refusal stays (:func:`_playback_reason`)
    (re.compile(rf"^(?P<o>{_ZH_PLAYBACK}(?:[\s，,]*{_ZH_PLAYBACK})?)(?:吧|啊)?[，,。\s]+"
                r"(?P<r>[^，,。！!？?\s]{2,14})$"), _playback_reason),
    # the north-west's "a little" (一尕尕, 点子 after how: "开大点子"), 尽数/悉数 for "all"
    (re.compile(r"(?<=[大小高低多少快慢])(?:一尕尕|一尕|尕尕|点子)"), "一点"),
    (re.compile(r"(?:尽数|悉数)(?=打开|开|关|关闭|关上|降|升)"), "全部"),
    # a bare 窗 first in a clause, or after 把, is the car's window (never 天窗, 窗帘)
    (re.compile(r"(?:(?<![\u4e00-\u9fff])|(?<=把))窗(?=\s*(?:关|开|打开|降|升|摇))"), "车窗"),
    # a window let all the way down (全降下去, 降到底, said once or twice): opened fully
    (re.compile(rf"^(?:把)?(?:车窗|窗户|窗子){_ZH_ALL_DOWN}(?:[，,\s]*{_ZH_ALL_DOWN})*$"),
     "车窗全部打开"),
    # how much said, then said again and bounded ("风 三档 就三档 别多了"): the value once
    (re.compile(r"(?P<v>[一二三四五六七八九十两\d]+[档挡度格])[，,\s]*(?:就(?P=v))?[，,\s]*(?:别|不要)(?:再)?"
                r"(?:多|高|大)了?$"), r"\g<v>"),
    # classical Chinese: "空调者，关之" (the thing, then the verb on 之), 吾欲 for 我要, 归家 for
    # 回家, 奏乐 for playing music, 且 for "and" before it
    (re.compile(r"^(?P<n>[^，,。者之]{1,6})者[，,\s]*(?P<v>[开启关闭])之$"),
     lambda m: ("打开" if m.group("v") in "开启" else "关闭") + m.group("n")),
    (re.compile(r"(?:^|(?<=[，,\s]))吾(?:欲|要|想)"), "我要"),
    (re.compile(r"归家"), "回家"),
    (re.compile(r"(?:^|(?<=[，,\s]))且?(?:奏|鸣)乐"), "播放音乐"),
    # a storyteller's 且说…再说… before each thing, a pause before its order: the order
    (re.compile(r"(?:^|[；;])(?:且说|再说|却说|话说)(?:那|这)?(?P<n>[^，,；;]{1,6})[，,]\s*"
                r"(?P<v>[^，,；;]+)"),
     lambda m: ("，" if m.group(0)[0] in "；;" else "") + m.group("n") + m.group("v")),
    # an officer's hedge (原则上: his address 同志 is a call, zh_structure), an order said,
    # then how far ("…开一下，开到最高档")
    # a thing pointed at after 把 ("把这个风开大"), whose seat said again after 说 ("她说她副驾…")
    (re.compile(r"(?<=[把将])(?:这个|那个)(?=风|空调|车窗|窗户|声音|音乐|座椅)"), ""),
    (re.compile(r"(?:^|(?<=说))(?:她|他)(?:的)?(?=副驾|主驾|后排)"), ""),
    (re.compile(r"(?:^|(?<=[，,\s]))原则上"), ""),
    (re.compile(r"(?<=加热|空调|风量|音量|声音)(?:打开|开)一下[，,\s]*(?=开到|调到)"), ""),
    # going home said first, the navigation asked for after ("回家去，导航帮我开一下")
    (re.compile(r"^(?:我们|咱们|我|阿拉)?(?:要)?回家(?:去)?[，,\s]*(?:帮我|给我)?(?:打开|开)?导航(?:帮我|给我)?"
                r"(?:打开|开)?(?:一下)?$"), "导航回家"),
    # complaints implying an order: sweat through the shirt (hot), a seat too cold to sit on,
    # rain drifting in, a car with no music, the noise outside drowning the sound
    (re.compile(r"(?:我)?(?:这)?(?:一身(?:的)?汗|满头大汗|浑身(?:是)?汗)[，,\s]*(?:衬衫|衣服|T恤|后背|背)?"
                r"(?:都|全)?湿透了$"), "太热了"),
    (re.compile(r"(?<=座位|座椅|坐垫)(?:冷|凉|冰)得(?:坐不住|受不了|没法坐|不行)"), "太冰了"),
    (re.compile(r"(?<=凉|冷|冰)(?:的)?[，,\s]+(?:腰|屁股|背|腿)(?:都|也)?(?:受不了|冻僵了)$"), ""),
    (re.compile(r"^(?:下)?雨(?:水)?(?:一直|老是|总是)?(?:从)?(?:车窗|窗户|窗子|窗)(?:缝儿?)?(?:里)?(?:一直|老是|总是|都)?"
                r"(?:往里|往车里|往里面)(?:打|飘|淋|漏|灌|溅|刮|潲)了?$"), "关窗"),
    # (someone outside doing it said first: "球迷在外面唱歌"; what plays inside the music said:
    # "音乐里的解说")
    (re.compile(r"^(?:[^，,。？?吗呢我他她]{1,8}?在)?(?:外面|外头|窗外)[^，,。？?吗]{0,10}?"
                r"(?:吵(?:成这样|得很|死了|得要命)?(?:了)?)?[，,\s]*(?:音乐(?:里面|里)(?:的)?)?"
                r"(?:解说|广播|歌|音乐|声音|新闻|节目)(?:一句)?(?:完全|根本|压根)?(?:都|也)?听不(?:见|清|到)了?$"),
     "声音太小了"),
    # a noise told first, then the car's own music not heard ("…一直按喇叭 我车里的歌根本听不见")
    (re.compile(r"^(?:[^，,。？?吗呢他她说]{1,16}[，,\s]+)?(?:我|我们)?(?:车里|车上|车内)(?:的)?"
                r"(?:解说|广播|歌|音乐|声音)(?:一句)?(?:完全|根本|压根)?(?:都|也)?听不(?:见|清|到)了?$"),
     "声音太小了"),
    # closing the window, the noise outside said as its reason
    (re.compile(r"^(?P<o>[^，,]*(?:关[^，,]*窗|窗[^，,]*关)[^，,]*)[，,\s]+(?:因为)?(?:外面|外头|窗外)"
                r"[^，,。？?]{0,6}?(?:太|好|很|真)?吵(?:了|死了)?$"), r"\g<o>"),
)
_ADJECTIVAL = frozenset({"too", "so", "very", "a", "the", "is", "are"})
"""Words after which "small" is a size, not "a little"."""
_GERUND = {"turning": "turn", "switching": "switch", "opening": "open", "closing": "close",
           "shutting": "shut", "playing": "play", "pausing": "pause", "muting": "mute",
           "raising": "raise", "lowering": "lower", "skipping": "skip", "putting": "put",
           "setting": "set", "rolling": "roll", "winding": "wind", "bumping": "bump",
           "cranking": "crank", "starting": "start", "stopping": "stop", "heating": "heat",
           "warming": "warm", "navigating": "navigate"}
_DIGIT = {w: str(i) for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))}
"""A number's digit said as a word (radio's digit-by-digit numbers)."""
_EN_TENS_ONES = rf"(?:[- ]{EN_DIGITS})?"
_EN_FIXED_NUMBER = re.compile(
    rf"\b{_EN_NUMBERS}{_EN_TENS_ONES}(?:\s+(?:degrees?|percent))?\s+(?:no|nope|sorry|i mean|"
    rf"or rather|wait|actually|make (?:that|it))\s+(?P<b>{_EN_NUMBERS}{_EN_TENS_ONES})\b",
    re.IGNORECASE)
"""A number corrected without a pause: "set the fan to five no four" -> "… to four"."""
_EN_STORY = re.compile(
    r"^(?P<s>\S.{7,}?)[\s,]+(?:so\s+)?(?:could|can|would|will) you\s+"
    r"(?:please\s+|just\s+|maybe\s+)*"
    r"(?P<c>(?:turn|set|put|switch|open|close|shut|roll|play|pause|mute|skip|raise|lower|crank|"
    r"bump|drop|start|stop|navigate|take|bring|get|make|give|warm|heat|cool)\b.*)$",
    re.IGNORECASE)
"""What happened, told before the request ("so we've just picked my sister up, it's gone one
and she's knackered, could you turn the volume down to three"): the request alone."""
_STORY_STOP = re.compile(
    r"\b(?:if|when|whenever|once|after|before|unless|until|till|later|tomorrow|tonight|soon|"
    r"not|no|never|nobody|don'?t|do not|doesn'?t|didn'?t|won'?t|can'?t|isn'?t|wasn'?t|"
    r"instead|rather|but|seat|cold|chilly|freez\w*|shiver\w*|hot|boiling|roasting|sweat\w*|"
    r"stuffy|warm|sun|loud|quiet|asleep|sleep\w*|hear|noise|rain\w*|smell\w*|wind\w*|"
    r"minutes?|mins?|hours?|seconds?|secs?|o'?clock|time|while|moment|first|bit|mo|jiffy|"
    r"window\w*|fan|heat\w*|temp\w*|music|volume|radio|a ?c|aircon|air|defrost\w*|demist\w*|"
    r"song|track|tunes|home|blower|vents?|play\w*|mute\w*|pause\w*)\b|[?]|n't\b",
    re.IGNORECASE)
"""A story that binds the request (a time, a condition, a refusal, a contrast, whose seat),
says how it is (a complaint may point the other way) or names a cabin function (a wish of its
own): left as said."""
_BACK = re.compile(r"\b(?:it|them|that|this|those|these|hers|his|ones?|there|same)\b",
                   re.IGNORECASE)
"""A word pointing back to something said before."""
_EN_WHILE = re.compile(r"^(?P<c>\S.*?)[\s,]+while (?:i|we)(?:'m|'re| am| are)?\b(?P<w>.*)$",
                       re.IGNORECASE)
"""A pause's occasion, said last: "pause the podcast a sec while I pay for the car wash"."""
_EN_THERE = re.compile(r"(?<!\bis)(?<!\bare)(?<!\bover)(?<!\bin)(?<!\bback)(?<!\bout)(?<!\bup)"
                       r"(?<!\bfrom)[\s,]+there\s*[.!]*\s*$", re.IGNORECASE)
"""A trailing "there" (Irish): "turn the fan down a notch there"."""
_SEAT_LEVEL = (r"(?:on|to|at)\s+(?:the\s+)?(?:high(?:est)?|medium|low(?:est)?|max(?:imum)?|"
               r"min(?:imum)?|level\s+(?:one|two|three|[0-3])|one|two|three|[0-3])\b")
"""A seat heater's level after on/to/at ("on medium", "to high", "at three")."""
_EN_WHOSE_SEAT_LEVEL = re.compile(
    r"(?<!\bmove )(?<!\bslide )(?<!\braise )(?<!\blower )(?<!\badjust )(?<!\brecline )"
    r"(?<!\bheat )(?<!\bwarm )(?<!\bcool )(?<!heating of )(?<!heater of )(?<!warmer of )"
    r"\b(?P<w>my|her|his|the driver'?s|the passenger'?s|both(?: the| of the)?(?: front)?)\s+"
    rf"seat(?P<s>s?)\s+(?P<p>{_SEAT_LEVEL})", re.IGNORECASE)
"""A seat said by whose it is, then a heater's level, no heater named ("my seat on medium"; not
after a verb that names what is done to it, or after the heater: "heat my seat on high", "the
heating of my seat to the maximum" are read as said)."""
_EN_HEATER_FOR = re.compile(
    r"\b(?:the\s+)?seat\s+(?:heat|heating|heater|warmer)\s+for\s+(?P<who>me|myself|the driver|"
    rf"the passenger|(?:my|the) {EN_COMPANIONS})\s+(?P<p>{_SEAT_LEVEL})", re.IGNORECASE)
"""The seat heater said for whom, then its level ("seat heat for the passenger on one")."""


def _heater_for(m: re.Match[str]) -> str:
    """"seat heat for the passenger on one" -> "the passenger seat heater on one"."""
    who = m.group("who").lower()
    owner = "my" if who in ("me", "myself") else "the driver's" if "driver" in who else \
        "the passenger"
    return f"{owner} seat heater {_on_level(m.group('p'))}"


def _on_level(level: str) -> str:
    """A level said "at three" as "on three" (the templates read the heater "on" a level)."""
    return re.sub(r"^at\b", "on", level, flags=re.IGNORECASE)


_EN_TUNE = re.compile(r"\b(?P<d>this|that|the|next|previous|last|one|another) tune\b",
                      re.IGNORECASE)
"""A "tune" for a song: "skip this tune"."""
_PERSON = (r"(?:(?:my|the|our|your|his|her)\s+)?(?:dad|daddy|mum|mummy|mam|mom|mommy|nan|nana|gran|"
           rf"granny|grandad|granddad|grandpa|grandma|grandmother|grandfather|{EN_COMPANIONS}|"
           r"son|daughter|kid|kids|children|child|baby|passenger|passengers|"
           r"he|she|they|everyone|everybody)")
"""Someone in the car other than the speaker."""
_MORE = frozenset({"higher", "more", "up", "warmer", "hotter", "louder", "stronger"})
_EN_WANT = re.compile(
    r"^(?:(?:i|we)\s+(?:really\s+|just\s+|do\s+)?(?:want|need|'d like|would like|'d love|"
    r"would love|wanna)|(?:can|could|may)\s+(?:i|we)\s+(?:please\s+)?(?:get|have)|"
    r"let'?s\s+(?:get|have))\s+"
    r"(?P<x>(?:the|my|our|her|his)\s+(?:\w+\s+){0,3}?(?P<w>open|closed|shut|on|off|at|to|up|"
    r"down|(?:higher|lower|louder|quieter|softer|warmer|cooler|hotter|colder|stronger|weaker)"
    r"(?=\s*(?:please\s*)?[.!?]*$))\b[^?,]*?)\s*(?:please)?\s*[.!?]*$", re.IGNORECASE)
"""A want said as a statement, or asked for oneself (an order said as a question: "can we have
the fan up a bit?"), with the thing and its way."""


_EN_BARE = re.compile(
    r"^(?:please\s+)?(?:(?:the|my)\s+)?(?P<o>fan|fan speed|blower|heat|heating|temperature|temp|"
    r"music|volume|radio|sound)\s+(?:please\s+)?(?P<a>(?:a bit|a little|a touch|slightly)\s+)?"
    r"(?P<w>up|down|higher|lower|louder|quieter|softer|warmer|cooler|hotter|colder|stronger|"
    r"weaker)(?P<r>(?:\s+(?:a bit|a little|a touch|slightly|(?:by\s+)?(?:\w+[- ])?\w+ degrees?|"
    rf"{_EN_NUMBERS}))?)\s*(?:please)?\s*[.!]*$", re.IGNORECASE)
"""A function and its way said bare, with how much: "the fan higher", "heat up two degrees",
"the music a bit louder"."""
_UP = frozenset({"up", "higher", "louder", "warmer", "hotter", "stronger"})
_ADDRESSED_AFTER = frozenset({"here", "there", "please", "now", "up", "down", "on", "off", "it",
                              "bit", "more", "less", "in", "cold", "hot", "loud"})
"""Words a request or complaint ends on, after which "driver", "sir" is someone spoken to
("it's too cold back here driver"), not whose seat ("for the driver")."""


def _bare(m: re.Match[str]) -> str:
    """:data:`_EN_BARE` said as the order: "turn the <function> up|down <how much>"."""
    way = "up" if m.group("w").lower() in _UP else "down"
    much = (m.group("a") or "").strip() or m.group("r").strip()
    return f"turn the {m.group('o')} {way} {much}".strip()


def _base_verb(said: str) -> str:
    """``said`` with its first word's gerund as the plain verb ("opening the window" -> "open
    the window"); as said when it is no gerund of a command."""
    verb, _, rest = said.partition(" ")
    base = _GERUND.get(verb.lower())
    return f"{base} {rest}".strip() if base is not None else said


def _wanted(m: re.Match[str]) -> str:
    """The thing and its way of :data:`_EN_WANT`, said as the order: a comparative with
    "make", a step up or down with "turn" ("roll" for a window), any other way bare ("the
    window open", "the fan on two")."""
    thing, way = m.group("x"), m.group("w").lower()
    if way in ("up", "down") and re.search(r"\bwindows?\b", thing, re.IGNORECASE):
        if re.search(r"\b(?:up|down)\s*$", thing, re.IGNORECASE):
            return f"roll {thing}"  # "the window down": rolled all the way
        if way == "up":  # how far up is not said plainly enough to set
            return m.group(0)
        # "the window down a bit" -> "lower the window a bit"
        return "lower " + re.sub(r"\s+down\b", "", thing, count=1, flags=re.IGNORECASE)
    if way in ("up", "down"):
        return f"turn {thing}"
    if way in ("open", "closed", "shut", "on", "off", "at", "to"):
        return thing
    return f"make {thing}"


_EN_TOLD = re.compile(
    r"^(?P<s>\S.{11,}?)\s*,?\s+(?:and|so|and now|so now)\s+(?:honestly\s+|basically\s+|now\s+)?"
    rf"(?P<c>(?:{EN_WHO_IS}\s+(?:(?:absolutely|so|really|getting|"
    r"bloody|proper|just)\s+)?(?P<f>roasting|boiling|baking|sweltering|stifling|stuffy|"
    r"freezing|baltic|perishing|frozen)(?:\s+(?:in here|back here|up here))?|"
    r"(?:the|my)\s+(?:front\s+)?(?:windscreen|windshield|windows?|glass)(?:'s|\s+is|\s+are|"
    r"\s+has)\s+(?:gone\s+|got\s+)?(?:all\s+)?(?P<g>steamy|steamed up|misty|misted up|foggy|"
    r"fogged up)\b.*?))\s*[.!]*$", re.IGNORECASE)
"""A story told before a complaint with "and" (no pause): see :func:`_told_complaint`."""
_TOLD_STOP = re.compile(
    r"\b(?:if|when|whenever|once|unless|until|till|later|tomorrow|tonight|yesterday|ago|last|"
    r"earlier|before|but|not|no|never|don'?t|outside|home|house|office|there|"
    r"fan|blower|a ?c|aircon|air con|heat\w*|window\w*|seat\w*|music|radio|volume|temp\w*|"
    r"defrost\w*|vents?|song)\b|n't\b|[?]", re.IGNORECASE)
"""A story that binds the complaint after it (a condition, another time or place, a contrast, a
refusal) or names a cabin function (a wish of its own): left as said."""
_TOLD_AGAINST = {"hot": re.compile(r"\b(?:cold|chilly|freez\w*|frozen|ice|icy|snow\w*|shiver\w*|"
                                   r"frost\w*)\b", re.IGNORECASE),
                 "cold": re.compile(r"\b(?:hot|sun\w*|boil\w*|roast\w*|sweat\w*|heat\w*|warm\w*|"
                                    r"bak\w*)\b", re.IGNORECASE)}
"""A story's words of the other feeling than its complaint."""


_SMELL_STOP = re.compile(r"\b(?:if|when|once|later|tomorrow|not|no|never|don'?t|close|shut|up|"
                         r"outside|home)\b|n't\b", re.IGNORECASE)
"""A smell said beside a window order that binds it, is elsewhere, or shuts the window."""


def _told_complaint(m: re.Match[str]) -> str:
    """The complaint of :data:`_EN_TOLD` alone, unless the story binds it or says the other
    feeling."""
    story, feel = m.group("s"), (m.group("f") or "").lower()
    against = (_TOLD_AGAINST["cold"] if feel in ("freezing", "baltic", "perishing", "frozen")
               else _TOLD_AGAINST["hot"] if feel else None)
    if _TOLD_STOP.search(story) or (against is not None and against.search(story)):
        return m.group(0)
    return m.group("c")


_PARTICIPLE = {"lowered": "lower", "raised": "raise", "opened": "open", "closed": "close"}
"""A window's state said as what was done to it ("the window lowered halfway"): the order."""
_SHOUTED_FILLER = frozenset({"now", "move it", "do it", "go", "go go go", "quick", "quickly",
                             "asap", "immediately", "right now", "hurry", "hurry up", "come on"})
"""A shouted urgency between orders: no order of its own."""


def _shouted(m: re.Match[str]) -> str:
    """Orders shouted as fragments ("Defrost on! Fan to max! Now!") said as one list ("defrost
    on, fan to max"); the seat heater said in three ("Seat heater! Driver side! Off!") as one
    order; urgency ("now", "move it") read away."""
    parts = [p.strip() for p in m.group(0).split("!") if p.strip()]
    parts = [p for p in parts if p.lower() not in _SHOUTED_FILLER]
    if not parts:
        return m.group(0)
    said = ", ".join(parts).lower()
    return _SEAT_FRAGMENTS.sub(r"turn the \g<s> seat heater \g<w>", said)


_SEAT_FRAGMENTS = re.compile(r"^seat (?:heater|warmer|heating), (?P<s>driver|passenger)(?:'s)?"
                             r"(?: side| seat)?, (?P<w>on|off)$", re.IGNORECASE)


_STUTTER = re.compile(r"\b(?P<a>[a-z]{1,2})-(?=(?P=a))|(?<![\w-])[a-z]{1,3}-\s+(?=[a-z])",
                      re.IGNORECASE)
"""A word begun again ("t-t-turn", "vo-volume") or cut off and said anew ("the v- the volume",
"to f- fifteen"): the cut parts once (never a joined word: "twenty-one", "co-driver")."""
_CURSE = re.compile(
    r"\b(?:freakin[g']?|frickin[g']?|friggin[g']?|effin[g']?|flippin[g']?|fuckin[g']?|"
    r"bleedin[g']?|bloomin[g']?|ruddy|damn(?:ed)?|darn(?:ed)?|dang|goddamn)\s+(?=[a-z])"
    r"|\s+(?:as (?:hell|heck|fuck|anything|owt|balls|sin|all get out)|af)\b(?!')",
    re.IGNORECASE)
"""An intensifier of any shape around how it is ("so freaking hot", "too damn loud", "cold as
hell", "hot af"): how much is not said by it, only that it is."""
_EN_PLEASE_WHY = re.compile(
    r"(?<=\w) please (?=(?:i|i'm|i've|i'd|i'll|im|we|we're|we've|it's|its|it is|that's|there's|"
    r"he|she|he's|she's|they|they're|my \w+(?:'s| is| are| hurts?)|long|just)\b)", re.IGNORECASE)
"""A reason said straight after "please" ("turn it down please my head is pounding"): "please"
is the pause, and the reason is an aside judged as every aside is."""
_ORDER_VERBS = (r"turn|switch|put|stick|chuck|pop|throw|whack|open|close|shut|play|pause|stop|"
                r"mute|unmute|skip|crank|bump|raise|lower|set|make|wind|roll|heat|warm|cool|"
                r"defrost|demist|defog|start|give|bring|drop|knock|take|navigate|resume|kill")
_EN_TAG_FIRST = re.compile(
    rf"^(?P<w>[a-z][a-z']*(?:\s+[a-z][a-z']*)?)\s*,?\s+(?P<c>(?:{_ORDER_VERBS})\b.*)$",
    re.IGNORECASE)
"""One or two words said before an order ("c'mon put the music back on", "oi stick the radio
on", "howay pet, put the temperature on …"): a tag, a filler or someone addressed, unless a
word binds the order (:data:`_TAG_BINDS`) or, of two, tells a state ("i'm hot, turn …": the
reason, judged elsewhere), a time, a place, a cabin thing or how much (:data:`_NOT_WHOM`,
:data:`_HOW_MUCH`: "sunday morning turn …" keeps its words)."""
_EN_TAG_LAST = re.compile(r"^.*\S.*$")
_END_WORD = re.compile(r"^(?P<e>[a-z0-9]+),?$", re.IGNORECASE)
_EN_NUMBER = re.compile(rf"^{_EN_NUMBERS}$", re.IGNORECASE)
_TAG_WORD = re.compile(r"^(?P<w>[^\W\d_][^\W\d_']*)[.!?]*$", re.IGNORECASE)
"""One word said after an order that ends on its thing, its way, its number or a courtesy
("next song kiddo", "close the window sweetie", "… wind the windows up aye", "… volume eighteen
davai", "… twenty three degrees genau", "… cheers bud"): a tag, unless it binds the order. The last
two words are looked at in Python (:func:`_tag_last`: a regex scan for them costs ~9 us on
every miss), the order's last in :data:`_ORDER_ENDS`."""
_ORDER_ENDS = frozenset((
    "up", "down", "on", "off", "louder", "quieter", "softer", "warmer", "cooler", "higher",
    "lower", "song", "track", "tune", "music", "radio", "window", "windows", "fan", "ac",
    "aircon", "heat", "heater", "defrost", "it", "them", "please", "now", "home", "volume",
    "temperature", "temp", "open", "closed", "shut", "degrees", "degree", "percent",
    # the last word of a courtesy said after the order ("… on would you love", "… cheers bud")
    *(said.split()[-1] for said in COURTESY_SUFFIXES["en"])))
_STATEMENT = re.compile(r"\b(?:is|are|was|were|am)\b|'(?:s|re|m)\b", re.IGNORECASE)
"""A sentence that says how things are (a complaint, a story): no order for a tag to follow."""




def _tag_first(m: re.Match[str]) -> str:
    """The order of :data:`_EN_TAG_FIRST` without its tag, or as said."""
    words = m.group("w").split()
    if any(binds(w) for w in words) or (len(words) > 1 and (
            _STATEMENT.search(m.group("w")) or _NOT_WHOM.search(m.group("w"))
            or any(w.lower() in _HOW_MUCH for w in words)
            or _WEEKDAY.search(m.group("w")))):
        return m.group(0)
    return m.group("c")


_WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.IGNORECASE)
"""A day said first ("sunday morning turn …"): another time, never a tag."""


_TAKES_OBJECT = frozenset(("on", "me"))
"""An order's last word that the word after it can belong to: "on" its object ("put the tunes
on banana", "… on ice"), a dialect "me" its owner ("… for me gran" is my gran, someone else):
the word after either is read away only when it is an address or a courtesy
(:data:`_ADDRESS_LAST`)."""
_SEAT_SIDE = re.compile(r"\b(?:passenger|driver|back|rear)\b", re.IGNORECASE)
"""A seat said by its side: "… the passenger seat for me nan" says whose seat, so the person
after "me" only says whom it is for."""
_ADDRESS_LAST = frozenset((
    *(said for said in COURTESY_SUFFIXES["en"] if " " not in said),
    "love", "luv", "dear", "darling", "darlin", "sweetheart", "sweetie", "honey", "hun", "babe",
    "bab", "babs", "pet", "hinny", "duck", "pal", "bud", "buddy", "bro", "bruv", "brah", "bruh",
    "dude", "man", "guv", "boss", "chief", "lad", "lass", "kiddo", "sugar", "chur", "aye", "eh",
    "yeah", "pls", "plz", "ta", "lah", "la", "fam", "cuz", "bestie", "babes", "hon", "innit"))
"""One word said last that only addresses someone or softens the order (an English term of
address, a thanks, an urgency, the courtesies of :data:`COURTESY_SUFFIXES` said in one word)."""


def object_unread(said: str) -> bool:
    """Whether an English order ends on "on" or a dialect "me" and then a word that may be its
    object or its owner, no address nor courtesy (:data:`_TAKES_OBJECT`): "put the tunes on
    banana", "turn the seat heating up for me gran". Neither the rules nor the fallback read such
    a word away and act."""
    parts = said.strip().rsplit(None, 3)
    if len(parts) < 3 or parts[-2].endswith(",") or _STATEMENT.search(said):
        return False  # ", innit", ", bestie": said after a pause, a tag
    end, tag = _END_WORD.match(parts[-2]), _TAG_WORD.match(parts[-1])
    if end is None or tag is None or binds(tag.group("w")):
        return False
    ending, word = end.group("e").lower(), tag.group("w").lower()
    if ending == "me" and (len(parts) < 4 or parts[-3].lower() not in ("for", "to")):
        return False  # "… make me hot", "… full blast me hearties": no owner said
    return ending in _TAKES_OBJECT and word not in _ADDRESS_LAST and (
        word not in _TAG_WORDS_LAST) and (ending == "on" or _SEAT_SIDE.search(said) is None)


def _tag_last(m: re.Match[str]) -> str:
    """The order of :data:`_EN_TAG_LAST` without its tag, or as said."""
    said = m.group(0)
    parts = said.rsplit(None, 2)
    if len(parts) < 3 or _STATEMENT.search(said):
        return said
    if (pair := _two_word_tag(said)) is not None:
        return pair
    end, tag = _END_WORD.match(parts[1]), _TAG_WORD.match(parts[2])
    if end is None or tag is None or binds(tag.group("w")) or (
            end.group("e").lower() not in _ORDER_ENDS and not _EN_NUMBER.match(end.group("e"))):
        return said
    if object_unread(said):
        return said  # "put the tunes on banana", "… up for me gran": not read blindly
    return said[:len(said) - len(parts[2])].rstrip(" ,")


_HOW_MUCH = frozenset(("too", "so", "very", "many", "much", "times", "often", "enough", "bits",
                       "loads", "tons", "heaps", "lots", "plenty", "extra", "further"))
"""Words of how much or how often ("… too many times", "… a tad extra"): never a tag."""


_WAY_ENDS = frozenset(("up", "down", "on", "off", "louder", "quieter", "softer", "warmer",
                       "cooler", "higher", "lower", "it", "them", "open", "closed", "shut"))
"""An order's last word that its value may follow in words of a dialect ("… the fan doon tae
wan": down to one): two words after it are never read away as a tag."""


def _two_word_tag(said: str) -> str | None:
    """The order of ``said`` without a tag of two words after its end ("… three degrees brah
    shoots", "… down three degrees la, sound", "close the window now, pole pole"): neither word
    binds the order, says a time, a place, a cabin thing or how much (:data:`_NOT_WHOM`,
    :data:`_HOW_MUCH`), and the order ends on its thing, its number or a courtesy, not its way
    (:data:`_WAY_ENDS`); None when there is no such tag."""
    parts = said.rsplit(None, 3)
    if len(parts) < 4:
        return None
    end = _END_WORD.match(parts[1])
    first, second = _TAG_WORD.match(parts[2].rstrip(",")), _TAG_WORD.match(parts[3])
    if end is None or first is None or second is None:
        return None
    ending = end.group("e").lower()
    words = (first.group("w"), second.group("w"))
    if (ending not in _ORDER_ENDS and not _EN_NUMBER.match(ending)) or ending in _TAKES_OBJECT \
            or ending in _HOW_MUCH or ending in _WAY_ENDS \
            or any(binds(w) or w.lower() in _HOW_MUCH for w in words) \
            or _NOT_WHOM.search(" ".join(words)):
        return None
    return said[:len(said) - len(parts[2]) - len(parts[3]) - 1].rstrip(" ,")


_EN_FOR_WHOM = re.compile(
    rf"^(?!.*\bseat)(?P<o>(?:please\s+)?(?:{_ORDER_VERBS}|set|make|raise|lower)\b.*?\S)[\s,]+"
    r"for (?:the|my|our|a|an|this|that) (?P<n>[a-z]+(?: [a-z]+)?)\s*[.!]*$", re.IGNORECASE)
"""An order with who or what it is for said last ("set the temperature to 21 for the kit",
"wind the window down for the camera"): the order (:func:`_for_whom`)."""
_NOT_WHOM = re.compile(
    r"\b(?:back|rear|front|left|right|driver|passenger|side|seats?|rest|trip|journey|drive|ride|"
    r"road|night|day|evening|morning|afternoon|week|weekend|hour|hours|minute|minutes|moment|"
    r"while|second|time|way|next|last|first|whole|entire|other|same|car|cabin|boot|trunk|"
    r"windows?|fan|heat\w*|temp\w*|music|volume|radio|song|track|air|ac|aircon|defrost\w*|"
    r"home|one|ones|lot|bit|long)\b", re.IGNORECASE)
"""Words after "for the" that say a place, a seat, a time or how much, not whom: never read
away ("for the back", "for the rest of the trip", "for the next hour")."""


def _for_whom(m: re.Match[str]) -> str:
    """The order of ``m`` without its "for the X", unless X names a place, a time or a cabin
    function, or binds the order (:data:`_NOT_WHOM`, :data:`_BOUND`)."""
    whom = m.group("n")
    return m.group(0) if _NOT_WHOM.search(whom) or _BOUND.search(whom) else m.group("o")


_EN_QUESTION_GO = re.compile(
    r"^(?:can|could|would|will|won't)\s+(?P<x>(?:the|my)\s+(?:fan|blower|volume|music|radio|heat|"
    r"heating|temperature|temp))\s+(?:please\s+)?(?:go|come|be turned|be put)\s+"
    r"(?P<w>up|down|higher|lower)\b(?P<r>[^?,]*?)\s*(?:please)?\s*[.!?]*$", re.IGNORECASE)
"""An order said as a question about the thing ("could the fan go up a notch?"): the order."""
_EN_TOLD_BY = re.compile(
    r"^(?P<p>(?:(?:my|the|our|your|his|her)\s+)?[a-z]+(?:'s [a-z]+)?)\s+(?:says|said|reckons|"
    r"thinks|tells me|told me|is saying|keeps saying|complains|is complaining)(?: that)?\s+"
    r"(?=(?:it'?s|it is|its|we'?re|we are|the (?:passenger|front passenger) seat)\b)",
    re.IGNORECASE)
"""A complaint about the cabin passed on by anyone ("grandpa says it's like a sauna in here",
"my date says the passenger seat is freezing cold"): the complaint (whose seat is said in it)."""
_NOT_TELLING = frozenset({"i", "we", "nobody", "no", "no one", "noone", "forecast", "weather",
                          "radio", "news", "app", "sign", "map", "phone", "internet", "report"})
"""Who passes nothing on to the cabin: the speaker, no one, or a report of the weather."""

_EN_TRAILING_ORDER = re.compile(r"^.*\S.*$")
"""What happened or how it is, told before an order without a pause or a "could you" ("this
traffic is killing me turn the music up"): the order (an order verb from the fourth word on,
then a thing or a way: :func:`_trailing_order`), unless the story binds it
(:data:`_TRAIL_STOP`), leads into it (:data:`_LEADS_IN`) or the order points back into it."""
_VERB_WORDS = frozenset(_ORDER_VERBS.split("|"))
_OBJECT_WORDS = frozenset(("the", "my", "some", "a", "up", "down", "on", "off", "us", "me"))
_GET_HOME = (["get", "me", "home"], ["get", "us", "home"])
""""get me home" is an order too (a bare "get" is not one: "we get a lot of glare")."""
_TRAIL_STOP = re.compile(_STORY_STOP.pattern.replace("|bit|", "|") + r"|\b(?:yesterday|ago|"
                         r"earlier|at|every|each|morning|afternoon|evening|night|noon|midnight|"
                         r"am|pm|a\.m|p\.m|day|days|week|weekend|said|says|told|asked|let|lets|"
                         r"made|makes|up|down|on|off|open|closed|shut|awake|outside|outdoors|"
                         r"out there|stink\w*|reek\w*|pong\w*|lovely|nice|fine)\b|\d",
                         re.IGNORECASE)
""":data:`_STORY_STOP`, and another time (a clock, a day: a schedule the cabin does not keep), a
state said of something (it may be what the order undoes: "the kids are up", "everything is
off"), the weather outside, a smell, or a word that makes the order someone's report; "a bit"
in a story is how it is, not for how long."""
_DETERMINERS = frozenset(("the", "my", "a", "an", "some", "our", "your", "his", "her", "that",
                          "this", "its"))
_LEADS_IN = re.compile(r"\b(?:to|and|or|then|can|could|would|will|should|must|may|might|please|"
                       r"i|we|you|they|he|she|help|make|let|did|do|does|the|a|an|my|your|our|"
                       r"his|her|their|this|that|some|any|no)\s*$|\b(?:help|let|make|"
                       r"made|watch|see|saw|hear|heard)\s+(?:me|him|her|them|us|you)\s*$",
                       re.IGNORECASE)
"""A story's last word that makes the verb after it no order of its own ("asked you to play")."""


def _trailing_order(m: re.Match[str]) -> str:
    """:data:`_EN_TRAILING_ORDER`'s order alone, or as said (see there): the words are looked
    up one by one (a regex alternation of the verbs at every word costs ~12 us on a miss)."""
    said = m.group(0)
    lowered = said.lower().split()
    if len(lowered) < 5 or (_VERB_WORDS.isdisjoint(lowered) and "get" not in lowered):
        return said
    words = said.split()
    lowered = [w.strip(",.!?") for w in lowered]
    for i in range(len(words) - 1):
        if ((lowered[i] in _VERB_WORDS and lowered[i + 1] in _OBJECT_WORDS)
                or lowered[i:i + 3] in _GET_HOME):
            if i < 3 or lowered[1] in _DETERMINERS:
                return m.group(0)  # an order said first ("beep the horn open …"): the split's
            start = i - 1 if lowered[i - 1] == "just" else i
            story, order = " ".join(words[:start]), " ".join(words[start:])
            if _TRAIL_STOP.search(story) or _LEADS_IN.search(story) or _BACK.search(order):
                return m.group(0)
            return order
    return m.group(0)


_EN_WH_ASIDE = re.compile(
    r"^(?P<c>[^?]+?)\s*,\s*(?:what|whaddaya|whadda|whatcha|wotcha|why|how come|who)\b"
    r"(?P<a>[^,]*?)\s*[?.!]*$", re.IGNORECASE)
"""A question said after an order and a pause that asks nothing of the cabin ("put the music
back on, what are you waiting for"): the order, unless the question names a cabin thing or a
time (:data:`_BOUND`)."""
_EN_TOLD_AND = re.compile(
    r"^(?P<s>\S.{7,}?)\s*,?\s+(?:and|so)\s+(?:now\s+)?(?P<c>(?:this|my|the|her|his)\s+"
    r"(?:\w+\s+)?seat(?:'s|\s+is|\s+feels)\s+.*)$", re.IGNORECASE)
"""What happened, told before a complaint about a seat with "and" ("just given blood and this
seat is ice cold under me"): the complaint alone, unless the story binds it or feels the other
way (:func:`_told_seat`)."""


def _told_seat(m: re.Match[str]) -> str:
    """:data:`_EN_TOLD_AND`'s complaint alone, or as said."""
    story, seat = m.group("s"), m.group("c")
    cold = re.search(r"\b(?:cold|chilly|freez\w*|frozen|ice|icy)\b", seat, re.IGNORECASE)
    against = _TOLD_AGAINST["cold" if cold else "hot"]
    if _TOLD_STOP.search(story) or against.search(story):
        return m.group(0)
    return seat


_TAGS_LAST = (r"ya know|you know|y'?know|you betcha|ya betcha|let'?s go|lets go|fi mi|"
              r"yaar|mate|la|lah|only|dear|nuh|noh|keep it (?:low ?key|chill|easy)|"
              r"my (?:son|child|children|dear|friend|love|brother|sister|man|boy|girl)|"
              r"(?:me|my) (?:ansum|handsome|lover|duck|flower|bird|son)|bab|babs|boy|no cap|fr fr|"
              r"hinny|pal|bro|bruv|dude|chur|(?:na )?(?:krub|khrap|khrub|kha)")
_TAG_WORDS_LAST = frozenset(w for w in re.sub(r"\([^()]*\)", "()", _TAGS_LAST).split("|")
                            if re.fullmatch(r"[a-z]+", w))
"""The one-word tags of :data:`_TAGS_LAST` ("nuh", "bruv", "chur"): never an object."""
_TAGS_LAST_GATE = ("know", "betcha", "go", "fi mi", "yaar", "mate", "la", "only", "dear", "my ",
                   "nuh", "noh", "keep it", "ansum", "handsome", "lover", "duck", "flower",
                   "bird", "bab", "boy", "no cap", "fr fr", "me son", "hinny", "kh", "krub", "pal",
                   "bro", "dude", "chur")
_EN_TAGS_LAST = re.compile(
    rf"(?:(?<=[a-z0-9]),|\b(?P<e>up|down|on|off|halfway|louder|quieter|song|track|music|home|"
    rf"volume|window|fan|heat|heater|warmer|one|two|three|four|five|six|seven|eight|nine|ten|"
    rf"twelve|lower|higher|bit|little|touch))\s*,?\s+(?:then,?\s+)?"
    rf"(?:{_TAGS_LAST})(?:,?\s+(?:{_TAGS_LAST}))?\s*[?.!]*$", re.IGNORECASE)
"""A tag or vocative of one or two words said after an order ("… take us home, ya know?",
"… a little louder you betcha", "… down a little, my son.", "… halfway mate", "… fan on two
lets go"): after a pause, or straight after the order's thing, way or number; never a word
that could bind the order ("for my son" keeps its "for")."""
_EN_AT_IT = re.compile(r"[\s,]+(?:while|whilst) (?:you'?re|you are|ya'?re|yer) at it\b"
                       r"(?=\s*(?:[,.!?]|$))", re.IGNORECASE)
_EN_SONG_JUDGED = re.compile(
    r"\b(?P<o>song|track|tune|one)[\s,]+(?:(?:it'?s|its|it is|this is|that'?s|that is)\s+)"
    r"(?:so |just |literally |totally )?(?:not it|trash|rubbish|awful|terrible|cringe|the worst|"
    r"boring|mid)\s*[.!]*$", re.IGNORECASE)
"""A song judged after the order that skips it ("skip this song its so not it"): the order."""
_STATE_GATE = ("oven", "sauna", "furnace", "greenhouse", "sweatbox", "hotbox", "cooker",
               "steam room", "hothouse", "kiln")
_EN_OVEN = re.compile(
    r"\b(?:it'?s|it is|(?:this|the|my|our) (?:car|cabin|van|truck|ute|motor|ride)(?:'s| is))\s+"
    r"(?:(?:like|basically|literally|just|a (?:total|real|proper|rolling|absolute))\s+)*"
    r"(?:an? )?(?:oven|sauna|furnace|greenhouse|sweatbox|hotbox|pressure cooker|slow cooker|"
    r"steam room|hothouse|kiln)(?: on wheels)?"
    r"(?: in (?:here|(?:the|this|our|my) (?:car|cabin|van|motor)))?"
    r"(?P<t>\s+(?:after|since|from)\b[^,?]*)?(?=\s*[.!]*$)", re.IGNORECASE)
"""The cabin said to be an oven, a sauna, a greenhouse ("this car is an oven on wheels"): too
hot in here (only said of the car or of "it", at the end, or before what it comes after: "… in this
car after sitting at the beach", unless that binds or refuses; a story before it is read by
:data:`_EN_TOLD`)."""
_EN_SWEAT = re.compile(
    r"^(?:i'?m|i am|we'?re|we are)\s+(?:(?:so|just|literally|absolutely)\s+)?(?:sweating|dripping)"
    r"(?: (?:right )?through (?:my|our|me) [a-z -]{2,30}?| buckets| bullets)?(?: (?:in )?here)?"
    r"\s*[.!]*$", re.IGNORECASE)
"""Sweat said with where it shows ("I'm sweating right through my shirt here"): sweating."""
_EN_FOGGED = re.compile(
    r"^(?:(?P<s>[a-z][a-z ']{3,40}?)\s+)?(?P<g>(?:the|my) (?:glass|windscreen|windshield|windows?)"
    r"(?: is| are|'s) (?:all )?(?:steamed|fogged|misted) up)(?: (?:on the )?inside)?"
    r"(?: (?:from|because of) (?:our|the|my|all (?:the|our|my)) (?:wet |damp |soggy )?[a-z]{2,20})?"
    r"(?:,?\s+and (?:i|we) (?:can'?t|cannot|can not) see(?: (?:a thing|anything|out|the "
    r"[a-z ]{2,30}))?)?\s*[.!]*$", re.IGNORECASE)
"""Fogged glass said with what it hides or after a story ("with this monsoon the glass is steamed
up inside and I can't see the taxi rank"): the glass fogged up, unless the story binds it
(:data:`_TOLD_STOP`: another time or place, a condition, a refusal)."""
_CANT_SEE = re.compile(r"^(?:i|we) (?:can'?t|cannot|can not) see (?:a thing|anything|a damn thing|"
                       r"a blessed thing|out)$", re.IGNORECASE)
"""Not seeing said before the fogged glass ("I can't see a thing the windscreen's all misted
up"): what the glass does, not a refusal."""
_EN_SILENT = re.compile(
    r"^(?:(?:it'?s |it is )?(?:dead |deathly |so |too |totally |completely |really )?"
    r"(?:silent|quiet) in here[\s,.;]+(?:there'?s |there is )?(?:no|not a single|not one|not any)|"
    r"(?:there'?s |there is )(?:no|not a single|not one|not any)|not a single|not one) "
    r"(?:music|song|tune|track|radio)s? (?:playing|on)(?: at all)?\s*[.!]*$", re.IGNORECASE)
"""Silence said of the cabin with nothing playing ("dead silent in here, not a single tune
playing", "there's no music on at all"): play some music (never "no music playing" said bare:
it may be a wish for silence)."""
_EN_OFF_ALONG = re.compile(
    r"^(?:(?:er|um|uh|so|honestly|mate),?\s+)?(?:(?:the|our) (?:radio|music|stereo|tunes)"
    r"(?:'s| has| have|'ve) been off|(?:we|we've|weve) (?:have not|haven'?t|havent|not) had "
    r"(?:a single|one|any|a) (?:song|tune|track|music|tunes|songs)(?: on)?) "
    r"(?!.*\b(?:and|but|because|cause|so|as|love|like|enjoy|keep|leave|quiet|peace|silence|"
    r"broken|fine|good|nice|better|thank|thanks|thankfully|luckily)\b)"
    r"(?:(?:the whole|all the) way(?: (?:back|here|home))?(?: (?:back )?from [\w' ]{2,40})?|"
    r"all (?:day|morning|afternoon|trip|drive)|the whole (?:time|trip|drive|journey)|"
    r"since [\w' ]{2,40})\s*[.!]*$", re.IGNORECASE)
"""Nothing played all along this trip ("the radio has been off the whole way back from the
vet", "we haven't had a single song on since the airport"; h21, h22): play some music (the
radio said off at another time or for a reason after it is no wish: the sentence ends there)."""
_EN_DROWNED = re.compile(
    r"^(?:i |we )?(?:can'?t|cannot|can not) hear (?:the |my |this )?(?:[a-z]+ ){0,2}?"
    r"(?:commentary|music|radio|song|tune|tunes|track|podcast|audiobook|news|game|match|show|"
    r"station|lyrics|singer|vocals|playlist|film|movie|programme|episode|cartoons?|video) over "
    r"(?P<n>[a-z' ]{2,60}?)\s*[.!]*$", re.IGNORECASE)
"""What plays drowned out by a noise ("can't hear the match commentary over the crowd singing
outside"): the music is too quiet, unless the noise is the music (:data:`_NOT_DROWNED`)."""
_NOT_DROWNED = re.compile(r"\b(?:music|radio|song|stereo|speakers?|tunes?|track|volume)\b",
                          re.IGNORECASE)
_EN_FRAGMENTS = re.compile(
    rf"^(?P<o>fan|volume|temperature|temp)[.!,]\s*(?P<n>{_EN_NUMBERS})[.!,]?"
    rf"(?:\s*(?:just|only|exactly) (?P=n)[.!,]?)?(?:\s*not (?:{_EN_NUMBERS})[.!,]?)?\s*$",
    re.IGNORECASE)
"""A function and its number said as fragments, maybe said again or set against another ("Fan.
Two. Just two. Not three."): the function set to the number."""


_NOT_NOW = (r"\b(?:tomorrow|tonight|later|next|when|if|once|bus|train|foot|walk\w*|bike|"
            r"cycl\w*|school|work|office|last|yesterday|ago|taxi|uber|no|not|n't|but)\b")
"""Words that put a way home said with a circumstance at another time or by other means."""


_EN = (
    # a word begun again or cut off ("t-t-turn the v- the volume to f- fifteen"), read before
    # the doubled word below ("the v- the" -> "the the" -> "the")
    (_STUTTER, "", ("-",)),
    # fillers and a doubled word: "turn the er the volume down" -> "turn the volume down"
    (re.compile(rf"\b{EN_HESITATIONS}\b,?\s*", re.IGNORECASE), ""),
    (re.compile(r"\b(the|a|my|to)\s+\1\b", re.IGNORECASE), r"\1"),
    # a stress word, read away before the readings anchored at the start ("honestly I've no
    # idea how to get home"); "lowkey" (slang) hedges the same way
    (re.compile(r"\b(?:literally|honestly|seriously|actually|totally|absolutely|pure|proper|hella|"
                r"wicked|lowkey|low key|right(?= (?:up|down|to|in|into|at|on|through|onto)\b))\s+",
                re.IGNORECASE), ""),
    (re.compile(r"^(?:honestly|seriously|literally|frankly|truthfully),\s*", re.IGNORECASE), "",
     ("ly,",)),
    # "go on (then)" said before an order only urges it ("ah go on give us a bit more heat",
    # "ah go on then, do mine as well while you're at it")
    (re.compile(r"^go on(?: then| so)?\s*,?\s+(?=(?:do|give|turn|put|make|stick|crank|bump|"
                r"switch|play|open|close|shut|take)\b)", re.IGNORECASE), "", ("go on",)),
    # holdout16's registers (sixteenth session): speech-recognition slips of a number or a way
    # ("twenny three", "the fan dawn", "… an turn …"), tags and vocatives of more than one word
    # said last ("ya know", "you betcha", ", my son", "mate" after "halfway"), a state of the
    # cabin said any way (an oven, sweat, fogged glass, silence, a commentary drowned out) and a
    # function and its number said as fragments ("Fan. Two. Just two.")
    (re.compile(r"\btwenny\b", re.IGNORECASE), "twenty", ("twenny",)),
    (re.compile(r"\b(?P<o>fan|blower|volume|music|radio|sound|heat|heating|temperature|temp|"
                r"windows?|it|that) dawn\b", re.IGNORECASE), r"\g<o> down", ("dawn",)),
    (re.compile(rf"(?<=\w) an (?=(?:{_ORDER_VERBS}) (?:the|my|it|that|this|up|down|on|off)\b)",
                re.IGNORECASE), " and ", (" an ",)),
    (_EN_TAGS_LAST, lambda m: m.group("e") or "", _TAGS_LAST_GATE),
    # (twenty-fifth session) "while you're at it" only joins an order to the one before ("…,
    # and louder by four while you're at it")
    (_EN_AT_IT, "", ("at it",)),
    (re.compile(r"\b(?P<v>could|can|would|will) ya(?: maybe| perhaps| possibly)?\b",
                re.IGNORECASE), r"\g<v> you", (" ya",)),
    (re.compile(r"\btake (?P<w>me|us) on home\b", re.IGNORECASE), r"take \g<w> home", ("on home",)),
    (re.compile(r"\bme (?=(?:window|windows|seat|seat heater|seat warmer)\b)", re.IGNORECASE),
     "my ", ("me ",)),
    (re.compile(r"^(?P<v>turn|wind|roll|put|bring) (?P<o>(?:the|my) windows?) down halfway\b",
                re.IGNORECASE), r"lower \g<o> halfway", ("halfway",)),
    (re.compile(r"^like,?\s+(?=(?:can|could|would|will) you\b)", re.IGNORECASE), "", ("like",)),
    (re.compile(rf"^(?:peace be with you|god bless(?: you)?|bless you|good (?:morning|afternoon|"
                rf"evening))[\s,]+(?:and\s+)?(?=(?:{_ORDER_VERBS})\b)", re.IGNORECASE), "",
     ("peace", "bless", "good")),
    (_EN_SONG_JUDGED, r"\g<o>",
     ("not it", "trash", "rubbish", "awful", "terrible", "cringe", "worst", "boring", "mid")),
    (re.compile(r"\bcarry on (?:with|playing) (?:the|my|this) (?:song|music|track|tune|"
                r"playlist)(?: (?:where|from where) (?:it|you|we) (?:stopped|left off|paused))?"
                r"\s*[.!]*$",
                re.IGNORECASE), "resume the music", ("carry on",)),
    (re.compile(r"\b(?:the |my |these |those )?(?:hymns|jams|choons|bangers)\b", re.IGNORECASE),
     "the music", ("hymns", "jams", "choons", "bangers")),
    (_EN_OVEN, lambda m: m.group(0) if m.group("t") and (
        _BOUND.search(m.group("t")) or _REFUSES.search(m.group("t"))) else "it's roasting in here",
     _STATE_GATE),
    (_EN_SWEAT, "i'm sweating", ("sweat", "dripping")),
    (_EN_FOGGED, lambda m: m.group(0) if _TOLD_STOP.search(
        _CANT_SEE.sub("", m.group("s") or "")) else m.group("g"), ("steam", "mist", "fog")),
    (_EN_SILENT, "play some music", ("silent", "quiet", "playing", " on")),
    (_EN_OFF_ALONG, "play some music", ("been off", "had ")),
    (_EN_DROWNED, lambda m: m.group(0) if _NOT_DROWNED.search(m.group("n")) else
     "i can't hear the music", ("over",)),
    (_EN_FRAGMENTS, lambda m: f"set the {m.group('o')} to {m.group('n')}", (".",)),
    # holdout17's registers (seventeenth session): slips of a blocked nose or a near word
    # ("the fad dowd", "by dose", "clothes the window", "the necks song"), the window said as its
    # glass ("the side glass"), a way said twice ("up louder"), who an order is for said last by
    # any noun ("… for the kit", "… for the camera"; :func:`_for_whom`)
    (re.compile(r"\b(?P<o>fan|fad|blower|volume|music|radio|heat|temperature|temp|it) dowd\b",
                re.IGNORECASE), r"\g<o> down", ("dowd",)),
    (re.compile(r"\b(?P<d>the|my) fad (?=(?:down|up|on|off|to|a bit|a little)\b)", re.IGNORECASE),
     r"\g<d> fan ", ("fad",)),
    (re.compile(r"\bby (?=(?:dose|doze) (?:is|'s)\b)", re.IGNORECASE), "my ", ("by d",)),
    (re.compile(r"\b(?:dose|doze)(?= (?:is|'s) (?:all |so |really |completely )?(?:blocked|stuffed|"
                r"bunged|runny))", re.IGNORECASE), "nose", ("dose", "doze")),
    (re.compile(r"^(?P<p>(?:please\s+)?)clothes (?=(?:the|my|all the|both) (?:\w+ )?windows?\b)",
                re.IGNORECASE), r"\g<p>close ", ("clothes",)),
    (re.compile(r"\b(?P<t>the|to the|a) necks (?=(?:song|track|tune|one)\b)", re.IGNORECASE),
     r"\g<t> next ", ("necks",)),
    (re.compile(r"\b(?:the |my )?(?:side|door|driver'?s?|passenger'?s?) glass\b", re.IGNORECASE),
     "the window", ("glass",)),
    (re.compile(r"\bup (?:louder|higher)\b(?!\s+than)", re.IGNORECASE), "up",
     ("louder", "higher")),
    (re.compile(r"\b(?P<w>down) (?:quieter|lower|softer)\b", re.IGNORECASE), "down",
     ("quieter", "lower", "softer")),
    (_EN_FOR_WHOM, _for_whom, (" for ",)),
    # not knowing said with "a clue": "I haven't a clue how to get home" -> "I have no idea …"
    (re.compile(r"\b(?P<s>i|we)(?: (?:have|'ve)(?: got)? no| (?:haven'?t|have not)(?: got)? a| "
                r"(?:don'?t|do not) have a) clue\b", re.IGNORECASE), r"\g<s> have no idea",
     ("clue",)),
    # a window lowered a part of the way with "turn": "turn the window a quarter of the way down"
    (re.compile(r"^(?P<p>(?:please\s+)?)(?:turn|put|wind|roll|bring) (?P<o>(?:the|my) windows?) "
                r"(?P<q>a quarter|three quarters|a third|two thirds|half) of the way down\b",
                re.IGNORECASE), r"\g<p>lower \g<o> \g<q> of the way", ("of the way down",)),
    # the radio said "the wireless" (an older register), with a verb of switching
    (re.compile(r"\b(?P<v>switch|turn|put|pop|stick|flick)(?P<m> on| off| up| down)? "
                r"the wireless\b", re.IGNORECASE), r"\g<v>\g<m> the radio", ("wireless",)),
    # a vocative said between two orders: "… up two degrees me ansum and put the fan on three"
    (re.compile(r"\b(?P<e>up|down|on|off|degrees?|halfway|louder|quieter|bit|little|notch(?:es)?)\s*,?\s+"
                r"(?:(?:me|my) (?:ansum|handsome|lover|duck|flower|bird)|bab|babs|mate|"
                r"my (?:dear|love|friend))\s*,?\s+(?=(?:and|then)\b)", re.IGNORECASE),
     r"\g<e> ", ("ansum", "handsome", "lover", "duck", "flower", "bird", "bab", "mate", "my ")),
    # a courtesy before the order: "would you be a dear and take us home"
    (re.compile(r"\b(?P<a>would|could|can|will) you be (?:a|an) (?:dear|love|star|darling|"
                r"sweetheart|doll|gem|angel|sweetie|peach)\s+and\s+", re.IGNORECASE),
     r"\g<a> you ", ("be a",)),
    # what the listeners say, passed on as the order (Gen-Z: "chat says skip this song") and
    # agreed to after it ("… so yeah we're skipping it")
    (re.compile(rf"^(?:(?:ok|okay|so|right)\s*,?\s+)?(?:the\s+)?chat\s+(?:says|said|wants(?: us)? "
                rf"to|voted(?: to)?|is saying)\s+(?P<c>(?:{_ORDER_VERBS}|skip|next|change)\b[^,]*?)"
                r"(?:[\s,]+(?:so\s+)?(?:yeah|yes|ok|okay)?\s*,?\s*(?:we'?re|we are|i'?m|im) "
                r"(?:\w+ing)(?: it)?)?(?:\s+(?:no cap|fr fr|fr|ngl|tbh|lol))?\s*[.!]*$",
                re.IGNORECASE),
     lambda m: m.group(0) if _REFUSES.search(m.group("c")) else m.group("c"), ("chat",)),
    # a song heard too often, said of anyone: "the lads have played this song to death all
    # season", "this track is overplayed" -> heard too many times (a skip)
    (re.compile(r"^(?:(?:the|my|our) \w+|i|we|they|you|everyone|he|she)(?:'ve|'s| have| has)? "
                r"(?:played|heard|had|flogged|rinsed) (?:this|that|the) (?:song|track|tune) "
                r"to death(?: (?:all|this|the whole) (?:season|year|summer|week|month|day|"
                r"trip))?\s*[.!]*$|"
                r"^(?:this|that|the) (?:song|track|tune) (?:is|'s) (?:so |way |totally )?"
                r"(?:overplayed|played out|done to death)\s*[.!]*$", re.IGNORECASE),
     "i've heard the song too many times", ("death", "overplayed", "played out")),
    # no air from the vents said as not a breath of it
    (re.compile(r"^(?:there'?s |there is )?(?:not a|no) (?:single )?(?:breath|puff|whisper|"
                r"wisp) of (?:air|wind) (?:is )?(?:coming )?(?:out of|from|through) "
                r"(?:these|the|those|my) (?:vents?|fans?|blowers?)\s*[.!]*$", re.IGNORECASE),
     "there's no air coming out of the vents", ("breath", "puff", "whisper", "wisp")),
    # a state of the cabin with what fills it said after it: "it's like a greenhouse in here
    # with all these boxes" (never a cabin function: "… with the heater on")
    (re.compile(r"^(?P<c>it'?s (?:like )?(?:a|an) (?:greenhouse|oven|sauna|furnace|fridge|"
                r"freezer) in here)\s+with (?:all )?(?:these|those|the|this|that|my|our) "
                r"(?P<w>[\w\s']{1,40})$", re.IGNORECASE),
     lambda m: m.group(0) if _BOUND.search(m.group("w")) or _REFUSES.search(m.group("w"))
     else m.group("c"), ("with",)),
    # a call said first before a request asked ("bab can you …", "sugar would you …")
    (re.compile(r"^(?P<w>[a-z][a-z']*(?:\s+[a-z][a-z']*)?)\s*,?\s+"
                r"(?P<c>(?:can|could|would|will) (?:you|ya)\b.*)$",
                re.IGNORECASE), _tag_first, (" you", " ya")),
    # a pause of a minute said without "for": "stop the music one minute"
    (re.compile(r"^(?P<o>(?:please\s+)?(?:stop|pause|mute|hold)\s+(?:the|my|this|that)\s+"
                r"(?:music|radio|song|track|tune|sound|podcast)) (?:for )?(?:a|one|1) "
                r"(?:minute|min|moment|sec|second)\b", re.IGNORECASE), r"\g<o>",
     ("minute", "min", "moment", "sec")),
    # a story or one word of tag before an order, a story before a seat's complaint, a question
    # after an order (sixteenth session): read first, so the readings below see the order alone
    (_EN_TAG_FIRST, _tag_first, (" ",)),
    (_EN_TRAILING_ORDER, _trailing_order, (" ",)),
    (_EN_TOLD_AND, _told_seat, ("seat",)),
    (_EN_WH_ASIDE, lambda m: m.group(0) if _BOUND.search(m.group("a")) else m.group("c"),
     ("wha", "wot", "why", "how come", "who")),
    # a seat-heater said by another name: "the bum warmer", "my butt heater" (the templates
    # know "bum warmer" only in some shapes)
    (re.compile(r"\b(?:bum|butt|bottom|backside|arse) (?:warmer|heater)s?\b", re.IGNORECASE),
     "seat heater",
     ("warmer", "heater")),
    # what happened, told before a complaint with "and": "we've sat in this queue for an hour
    # with the sun on the glass and it's roasting in here" -> the complaint alone, unless the
    # story binds it or feels the other way (:func:`_told_complaint`)
    (_EN_TOLD, _told_complaint,
     (" and ", " so ")),
    # fresh air or "that's enough" said after a window opened: "put the window down all the way,
    # let's have the sea air", "open the window a little, a small gap is enough"
    (re.compile(r"^(?P<c>(?:open|lower|roll|put|wind|crack|bring)\b[^,]*\bwindows?\b[^,]*?)"
                r"[\s,;]+(?:let'?s (?:have|get) (?:some |the )?(?:fresh |sea |cool |clean )?air|"
                r"(?:let|get) some (?:fresh )?air in|(?:a |just a )?(?:small |little |tiny )?"
                r"(?:gap|crack|bit) is (?:enough|fine|plenty)|that'?s (?:enough|plenty))"
                r"\s*[.!]*$", re.IGNORECASE), r"\g<c>",
     ("air", "enough", "fine", "plenty")),
    # the fan said "ventilator" (learners' English): "put the ventilator more strong"
    (re.compile(r"\bventilator\b", re.IGNORECASE), "fan",
     ("ventilator",)),
    # a speech-recognition slip of a cabin word: "my widow" (window), "paws the music" (pause)
    (re.compile(r"\b(?P<d>(?:my|the|a|driver'?s?|passenger'?s?|front|back|rear|side)\s+)widow"
                r"(?P<s>s?)\b", re.IGNORECASE), r"\g<d>window\g<s>",
     ("widow",)),
    # a regional spelling or speech-recognition slip of a cabin word or verb (more in
    # twin.assistant.heard, read before this table: "windah", "dat", "too three"): "lowah the
    # temp" (lower), "the next tract" (track), "the AC of" (off), "niner" (nine,
    # radio)
    (re.compile(r"^lowah(?= (?:the|my|it|that|this)\b)", re.IGNORECASE), "lower", ("lowah",)),
    (re.compile(r"\b(?P<d>next|previous|last|this|that) tract\b", re.IGNORECASE), r"\g<d> track",
     ("tract",)),
    (re.compile(r"\b(?P<v>turn|switch|shut|put|flick|knock) (?P<o>(?:the |my )?(?:ac|a/c|aircon|"
                r"air con|air conditioning|fan|heat|heater|heating|radio|music|stereo|defrost|"
                r"seat heater|seat warmer)) of(?=\s*(?:[,.!]|and\b|then\b|please\b|$))",
                re.IGNORECASE), r"\g<v> \g<o> off", (" of",)),
    (re.compile(r"\bniner\b", re.IGNORECASE), "nine", ("niner",)),
    # a number said digit by digit (radio, aviation) after a setting: "volume two five" -> 25,
    # "temperature one nine degrees" -> 19 (never a bare "two five" elsewhere)
    (re.compile(r"\b(?P<o>volume|temperature|temp)(?P<t>\s+(?:to\s+)?)(?P<a>one|two|three|four|"
                r"five|six|seven|eight|nine) (?P<b>zero|one|two|three|four|five|six|seven|eight|"
                r"nine)\b(?! (?:one|two|three|four|five|six|seven|eight|nine|zero)\b)",
                re.IGNORECASE),
     lambda m: f"{m.group('o')}{m.group('t')}{_DIGIT[m.group('a').lower()]}"
     f"{_DIGIT[m.group('b').lower()]}",
     ("volume", "temp")),
    # a drawn-out "please" ("pleeease"), "some" for a bit after a way (US South: "turn the
    # radio down some"), a level of the seat heater said "high"/"low" (3/1: "heat my seat on
    # high"), "carry me home" (US South: take me home), the next song "put on"
    (re.compile(r"\bple+a+s+e+\b", re.IGNORECASE), "please", ("ple",)),
    (re.compile(r"\b(?P<w>up|down) some(?=\s*[.!]*$|[\s,]+(?:please|and|then)\b)", re.IGNORECASE),
     r"\g<w> a bit", (" some",)),
    # a seat said by whose it is, with a heater's level and no heater named ("my seat on
    # medium", "put my seat to high", "both front seats on high": the seat heater is the one
    # thing of a seat the cabin sets); the heater said for whom ("seat heat for the passenger
    # on one", "the seat heating for me at three") said as its seat's heater (multi24)
    (_EN_WHOSE_SEAT_LEVEL, lambda m: f"{m.group('w')} seat heater{m.group('s')} "
     f"{_on_level(m.group('p'))}", ("seat",)),
    (_EN_HEATER_FOR, _heater_for, ("seat",)),
    (re.compile(r"\b(?P<s>seat (?:heater|warmer|heating)|heat(?:ed)? (?:my|the|her|his) seat|"
                r"heated seat)(?P<m>(?: (?:for|on) (?:the )?(?:driver|passenger)(?:'s)?"
                r"(?: side)?)?) on (?P<l>high|low)\b", re.IGNORECASE),
     lambda m: f"{m.group('s')}{m.group('m')} on level "
     f"{'three' if m.group('l').lower() == 'high' else 'one'}",
     ("high", "low")),
    (re.compile(r"\bcarry (?P<w>me|us)(?: on)? (?:back )?home\b", re.IGNORECASE),
     r"take \g<w> home", ("carry",)),
    # "head for home", "heading towards home": home said as where the car heads (multi24)
    (re.compile(r"\bhead(?P<s>s|ing)? (?:on )?(?:for|towards?) home\b", re.IGNORECASE),
     r"head\g<s> home", ("head",)),
    (re.compile(r"(?:^|(?<=, ))(?:put|stick|throw|pop|chuck|whack) (?:the |a )?next "
                r"(?:song|track|tune|one) on\b", re.IGNORECASE), "play the next song", ("next",)),
    (re.compile(r"^turn on (?P<s>(?:the |my )?(?:(?:passenger|driver)(?:'s)? )?"
                r"seat (?:heater|warmer))"
                r"(?= on (?:high|low|level (?:one|three))\b)", re.IGNORECASE),
     r"turn \g<s>", ("turn on",)),
    # a complaint said colloquially: "the fan's roarin like a jet engine" (a dropped g, a
    # likeness of noise), "the air is blowing so strong into my eyes", "my seat is ice cold
    # under me", "some frigid in here" (Newfoundland: very), "can't hear the music over you
    # lot", "heard this song like forty times", "… about five times since breakfast", "had this
    # song three times today" (three only with a time), "no music on at all, so boring" (play some)
    (re.compile(r"\b(?P<w>roar|blast|freez|boil|roast|blow|bak|melt|sweat)in'?(?![\w'])",
                re.IGNORECASE), r"\g<w>ing", ("in",)),
    (re.compile(r"^(?P<a>(?:the )?(?:fan|blower|air|aircon|ac))(?:'s| is) (?P<b>roaring|so loud|"
                r"too loud)\s+like an? (?:jet(?: engine)?|plane|hurricane|tornado|hairdryer|"
                r"hair dryer|wind tunnel)(?: in here)?\s*[.!]*$", re.IGNORECASE), r"\g<a> is \g<b>",
     ("like",)),
    (re.compile(r"\b(?P<a>the (?:air|fan|aircon|ac|vents?|blower))(?:'s| is| are) blowing "
                r"(?:so|too|really|way too|very) (?:strong|hard)(?: (?:into|in|on|at) "
                r"(?:my|our|his|her|the kids'?) (?:eyes|face|faces))?\s*(?:ya|yeah)?\s*[.!]*$",
                re.IGNORECASE),
     r"\g<a> is too strong", ("blowing",)),
    (re.compile(r"\b(?P<c>(?:ice|stone|freezing|bloody) cold|freezing|frozen) under (?:me|my "
                r"(?:bum|butt|backside|legs))\s*(?=[.!]*$)", re.IGNORECASE), r"\g<c>",
     ("under",)),
    (re.compile(r"^(?:it'?s |it is )?some (?P<a>frigid|cold|chilly|freezing|hot|warm|stuffy)"
                r"(?= in here\b)", re.IGNORECASE),
     lambda m: "it's " + ("freezing" if m.group("a").lower() == "frigid" else m.group("a")),
     ("some",)),
    (re.compile(r"\bfrigid(?= in here\b)", re.IGNORECASE), "freezing", ("frigid",)),
    (re.compile(r"\b(?P<h>hear (?:the|this|my|any) (?:music|radio|song|track|backing track|"
                r"tune))\s+over (?:you lot|you guys|you all|y'all|you lads|you two|you)\s*[.!]*$",
                re.IGNORECASE), r"\g<h>", ("over",)),
    (re.compile(r"\bbacking track\b", re.IGNORECASE), "music", ("backing",)),
    (re.compile(r"\b(?:heard|had) (?P<d>this|the|that) (?:[a-z]+ )?(?P<n>song|track|tune) "
                r"(?:(?:like|about|around|nearly|almost|at least|over|maybe) )?"
                r"(?:(?:three|3)(?= times (?:since|today|already|now|this)\b)|four|five|six|"
                r"seven|eight|nine|ten|"
                r"eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|[4-9]|"
                r"\d{2,}) times(?: since [\w' ]{2,40}?)?"
                r"(?=(?: (?:today|already|now|this (?:week|month|morning|trip|drive)))?\s*[.!]*$)",
                re.IGNORECASE),
     r"heard \g<d> \g<n> a hundred times", ("times",)),
    (re.compile(r"^(?:there'?s |there is )?no music (?:on|playing)(?: at all)?[\s,]+(?:(?:it'?s |"
                r"this is |so |how |too )+)boring\s*[.!]*$", re.IGNORECASE), "play some music",
     ("boring",)),
    # orders shouted as fragments, each with "!": one list (:func:`_shouted`)
    (re.compile(r"^[A-Za-z][\w' -]{0,30}(?:!+\s*[A-Za-z][\w' -]{0,30})+!*\s*$"), _shouted, ("!",)),
    # a butler's or an archaic courtesy said first ("If I may, …", "If I might trouble you: …",
    # "Prithee, good carriage, …", "Hark, …"), the request said as nouns then their state ("the
    # air conditioning off, the window lowered halfway, and the music rather quieter"), "to its
    # lowest setting", "madam's seat" (the passenger's), "clouded" glass, "resume the music
    # thou hast paused", "let the chamber grow warmer by two degrees"
    (re.compile(r"^(?:if i (?:may|might)(?: (?:trouble|ask|bother) you)?|hark|prithee|pray|"
                r"i pray (?:thee|you))(?:[\s,]+(?:good|dear|kind) (?:carriage|car|sir|machine|"
                r"friend|coach))?[\s,:;]+(?=\w)", re.IGNORECASE), "",
     ("if i may", "if i might", "hark", "prithee", "pray")),
    (re.compile(r"^(?:madam|milady|her ladyship|the lady)'s\s+(?=seat\b)", re.IGNORECASE),
     "my wife's ", ("'s",)),
    (re.compile(r"\bto its (?P<e>lowest|highest|minimum|maximum)(?: (?:setting|level|speed))?\b",
                re.IGNORECASE),
     lambda m: "to the "
     + ("minimum" if m.group("e").lower() in ("lowest", "minimum") else "maximum"),
     ("to its",)),
    (re.compile(r"^(?=(?:my wife's |the |my )?seat (?:heating|heater|warmer) to the (?:minimum|"
                r"maximum)\b)", re.IGNORECASE), "set ", ("seat",)),
    (re.compile(r"(?:^|(?<=, )|(?<=\band ))(?P<o>the (?:window|windows)) "
                r"(?P<v>lowered|raised|opened|closed)\b", re.IGNORECASE),
     lambda m: f"{_PARTICIPLE[m.group('v').lower()]} {m.group('o')}",
     ("lowered", "raised", "opened", "closed")),
    (re.compile(r"(?:^|(?<=, )|(?<=\band ))(?P<o>the (?:air conditioning|aircon|air con|ac|a/c|"
                r"fan|music|radio|heating|defrost)) (?P<w>on|off)(?=\s*(?:[,;.]|and\b|$))",
                re.IGNORECASE), r"turn \g<o> \g<w>", (" on", " off")),
    (re.compile(r"(?:^|(?<=, )|(?<=\band ))(?P<o>the (?:music|radio|volume)) (?:rather |"
                r"a (?:little|bit|touch|tad) |somewhat |slightly )?(?P<w>quieter|softer|louder)\b",
                re.IGNORECASE),
     lambda m: f"turn {m.group('o')} {'up' if m.group('w').lower() == 'louder' else 'down'}",
     ("quieter", "softer", "louder")),
    (re.compile(r"[\s,]+thank you(?: kindly| very much)?\s*[.!]*$", re.IGNORECASE), "",
     ("thank you",)),
    (re.compile(r"^(?P<r>resume (?:the|my) (?:music|song|track|radio))\s+(?:that |which )?"
                r"(?:thou hast|you(?:'ve| have)) (?:paused|stopped)\s*[.!]*$", re.IGNORECASE),
     r"\g<r>", ("paused", "stopped")),
    (re.compile(r"\b(?P<g>glass|windscreen|windshield|window)(?: is|'s) (?:all )?clouded"
                r"(?: over| up)?(?:[;,]\s*(?:clear|wipe|fix) it)?(?=\s*(?:[,;.]|and\b|$))",
                re.IGNORECASE), r"\g<g> is fogged up", ("clouded",)),
    (re.compile(r"\blet (?:the (?:chamber|cabin|car|room|air)|it) (?:grow|get|become) (?P<w>warmer|"
                r"cooler|colder) by (?P<n>\w+) degrees?\b", re.IGNORECASE),
     r"make it \g<n> degrees \g<w>", ("let ",)),
    # a learner's comparative before the thing: "put more low the temperature, two degrees"
    # ("more low" is already "lower") -> "turn the temperature down by two degrees"
    (re.compile(rf"^(?:put|make) (?P<w>lower|higher|more low|more high) (?P<o>the (?:temperature|"
                rf"temp|fan|volume|music|heat|heating))(?:[\s,]+(?P<n>{_EN_NUMBERS} "
                rf"(?:degrees?|steps?|levels?|notches?)))?(?=\s*(?:please)?\s*[.!]*$)",
                re.IGNORECASE),
     lambda m: f"turn {m.group('o')} {'down' if 'low' in m.group('w').lower() else 'up'}"
     + (f" by {m.group('n')}" if m.group("n") else ""),
     ("low", "high")),
    # "can't even hear" is "can't hear"; "I reckon you could …" (Australian, Southern US) is the
    # order; "and little louder" (learners' English) is "and a little louder"
    (re.compile(r"\b(?P<c>can'?t|cannot|can not|couldn'?t) even (?=hear|feel|see)\b",
                re.IGNORECASE), r"\g<c> ", ("even",)),
    (re.compile(r"^i reckon (?:you could|you can|you might|ya could)\s+(?=(?:turn|put|set|switch|"
                r"open|close|shut|take|get|play|skip|pause|mute|make|roll|wind|drive|carry)\b)",
                re.IGNORECASE), "", ("reckon",)),
    (re.compile(rf"\band little (?={EN_MORE_LESS}\b)", re.IGNORECASE), "and a little ",
     ("little",)),
    # a radio address said first: "cabin request temperature …", "cabin, set …"
    (re.compile(r"^cabin(?:,\s*|\s+request\s+)(?=\w)", re.IGNORECASE), "", ("cabin",)),
    # the sun said to cook the speaker ("the sun's cooking me", "the sun is baking us alive"):
    # too hot in here
    (re.compile(r"^the sun(?:'s| is)\s+(?:(?:really|absolutely|just|literally|properly)\s+)?"
                r"(?:cooking|baking|roasting|frying|boiling|melting|killing)\s+(?:me|us)"
                r"(?:\s+alive)?(?:\s+(?:in here|here|through the (?:glass|window|windscreen)))?"
                r"\s*[.!]*$", re.IGNORECASE), "i'm cooking", ("sun",)),
    # silent mode for the speakers: mute ("go full silent mode on the speakers", "put the
    # speakers on silent"); never a phone's or the car's other silent mode
    (re.compile(r"\b(?:go|put|switch|set)\s+(?:(?:full|total|complete)\s+)?silent(?: mode)?\s+"
                r"(?:on|for)\s+(?P<t>(?:the )?(?:speakers?|stereo|radio|music|sound))\b",
                re.IGNORECASE), r"mute \g<t>", ("silent",)),
    (re.compile(r"\b(?:put|switch|set)\s+(?P<t>(?:the )?(?:speakers?|stereo|radio|music|sound))"
                r"\s+(?:on|to)\s+(?:full\s+)?silent(?: mode)?\b", re.IGNORECASE), r"mute \g<t>",
     ("silent",)),
    # Scots "doon" for down, after the thing turned ("turn the music doon a wee touch")
    (re.compile(r"\b(?P<t>music|volume|radio|sound|it|that|fan|heat|heating|temp|temperature|"
                r"window|windows|air|ac|blower) doon\b", re.IGNORECASE), r"\g<t> down", ("doon",)),
    # (after "can you", "please", "just" too: "um sorry can you pores the music")
    (re.compile(r"(?:^|(?<=\band )|(?<=\bthen )|(?<=, )|(?<=\byou )|(?<=\bplease )|(?<=\bjust ))"
                r"(?:paws|pores|pause's)"
                r"(?= (?:the|my|this|that|it)\b)", re.IGNORECASE), "pause",
     ("paws", "pores", "pause's")),
    (re.compile(r"(?:^|(?<=\band )|(?<=\bthen )|(?<=, )|(?<=\bplease ))(?:moot|mewt|mute's)"
                r"(?= (?:the|my|this|that|it)\b)", re.IGNORECASE), "mute",
     ("moot", "mewt", "mute's")),
    # a courtesy said inside the request: "could you possibly, if it's no bother, nudge …"
    (re.compile(r"(?:^|[\s,]+)if (?:it'?s|it is) (?:no|not (?:a|any)) (?:bother|trouble|problem)"
                r"(?: at all)?[\s,]+", re.IGNORECASE), lambda m: " " if m.start() else "",
     ("bother", "trouble", "problem")),
    # a want said as a statement or asked for oneself: "I want the window open", "I need the
    # fan higher", "can I get the heat up a bit", "let's have the seat warmer on" -> the thing
    # and its way, said as the order (never a question, never "don't want")
    (_EN_WANT, _wanted,
     ("want", "need", "like", "love", "get", "have")),
    # a function and its way said bare: "the fan higher", "heat up two degrees"
    (_EN_BARE, _bare,
     (" up", " down", "higher", "lower", "louder", "quieter", "softer", "warmer", "cooler",
      "hotter", "colder", "stronger", "weaker")),
    # a polite question said as its negative with a tag: "you couldn't turn the heat up, could
    # you" -> "turn the heat up", "you wouldn't mind opening the window, would you"
    # (the tag may already be read away as a courtesy)
    (re.compile(r"^you (?:couldn'?t|could not|wouldn'?t|would not)\s+(?P<m>mind\s+)?(?:just\s+)?"
                r"(?P<c>\w.*?)(?:[\s,]+(?:could|would|can|will) (?:you|ya))?\s*[?.!]*$",
                re.IGNORECASE),
     lambda m: _base_verb(m.group("c")) if m.group("m") else m.group("c"),
     ("you couldn", "you wouldn", "you could not", "you would not")),
    # "give" for more of a function: "give the fan a bump", "give it a bit more heat"
    (re.compile(r"^give (?P<o>(?:the|my) (?:fan|blower|heat|heating|volume|music|radio))\s+"
                r"(?:a |another )?(?:bump|boost|nudge|push|kick)(?: up)?\s*[.!]*$", re.IGNORECASE),
     r"turn \g<o> up",
     ("give",)),
    (re.compile(r"^(?:give|get) (?:it|us|me)\s+(?=(?:a (?:bit|little|touch) |some |a lot )?"
                r"(?:more|less)\s)", re.IGNORECASE), "",
     ("give", "get")),
    # how much before "more": "a bit more volume", "some more air" -> "more volume"
    (re.compile(r"^(?:a\s+)?(?:little bit|bit|little|touch|tad|wee bit|some)\s+"
                r"(?=(?:more|less)\s+\w)", re.IGNORECASE), "",
     ("bit", "little", "touch", "tad", "some")),
    # the number said straight after the function: "set volume five" -> "set the volume to five"
    (re.compile(rf"^set (?:the )?(?P<o>volume|fan|fan speed|temperature|temp)\s+"
                rf"(?={_EN_NUMBERS}\b)", re.IGNORECASE), r"set the \g<o> to ",
     ("set ",)),
    # English said with another language's order or words (a learner, a first language's
    # habits): "please" inside ("the music please louder"), "can you to open", "I want that
    # you close", how much before the object ("open little the window"), "too much hot",
    # "is very cold" (no subject), "raise up", "go down the volume", "in twenty two"
    (re.compile(r"^(?P<a>(?:the|my)\s+\w+(?:\s+\w+)?)\s+please\s+(?=(?:higher|lower|louder|"
                r"quieter|softer|warmer|cooler|up|down|more|less|on|off|open|closed)\b)",
                re.IGNORECASE), r"\g<a> ",
     ("please",)),
    (re.compile(r"\b(?P<m>can|could|would|will|please) you to (?=\w)", re.IGNORECASE),
     r"\g<m> you ",
     (" you to ",)),
    (re.compile(r"^(?:(?:please|kindly|pls)\s+)?to\s+(?=(?:turn|put|set|switch|open|close|make|play|"
                r"pause|mute|increase|decrease|reduce|raise|lower|start|stop|keep)\b)",
                re.IGNORECASE), "",
     ("to ",)),
    (re.compile(r"^(?:i|we) (?:want|would like|'d like) that you (?:to )?", re.IGNORECASE), "",
     ("that you",)),
    (re.compile(r"^(?P<v>open|lower)\s+(?P<a>a little bit|a little|a bit|little)\s+"
                r"(?P<o>(?:the|my)\s+windows?)\b", re.IGNORECASE),
     lambda m: f"{m.group('v')} {m.group('o')} "
     f"{'a little' if m.group('a').lower() == 'little' else m.group('a')}",
     ("little", "bit")),
    (re.compile(r"\btoo much (?=(?:hot|cold|warm|loud|noisy|windy|chilly)\b)", re.IGNORECASE),
     "too ",
     ("too much",)),
    (re.compile(r"^is (?=(?:very|too|so|really|a bit|quite)\s+(?:hot|cold|warm|chilly|loud|"
                r"quiet|stuffy)\b)", re.IGNORECASE), "it is ",
     ("is ",)),
    (re.compile(r"(?<=hot|old|arm|lly|ffy) here\s*[.!]*$", re.IGNORECASE), " in here",
     (" here",)),
    (re.compile(r"^raise up\b", re.IGNORECASE), "raise",
     ("raise up",)),
    (re.compile(r"^go (?P<w>up|down) (?=(?:the|my) (?:volume|music|fan|temperature|temp|heat)\b)",
                re.IGNORECASE), r"turn \g<w> ",
     ("go up", "go down")),
    (re.compile(rf"\b(?P<o>temperature|temp|fan|volume) in (?={_EN_NUMBERS}\b)", re.IGNORECASE),
     r"\g<o> to ",
     (" in ",)),
    (re.compile(r"^(?:please\s+)?make (?:the |my )?(?P<o>windows?) (?P<w>open|closed|close)\b",
                re.IGNORECASE),
     lambda m: f"{'open' if m.group('w').lower() == 'open' else 'close'} the {m.group('o')}",
     ("make",)),
    (re.compile(r"^(?:please\s+)?make (?=more \w+\s*(?:please)?\s*[.!]*$)", re.IGNORECASE),
     "make it ",
     ("make",)),
    (re.compile(r"^(?:please\s+)?(?:you\s+)?(?:put|give)\s+(?=(?:more|less)\s+(?:cold|warm|heat|"
                r"air|volume|music|sound|wind)\b)", re.IGNORECASE), "",
     ("more", "less")),
    # the loudness said as strength: "the music is too strong" -> "… too loud"
    (re.compile(r"\b(?P<o>music|sound|volume|radio)(?P<i>'s| is) (?P<v>too|very|so|really) "
                r"strong\b", re.IGNORECASE), r"\g<o>\g<i> \g<v> loud",
     ("strong",)),
    # a child's or a family's vocative with no comma: "mummy can you make the music louder"
    (re.compile(r"^(?:mummy|mommy|mum|mom|mama|daddy|dad|papa|nanna|nana|grandma|grandpa|granny)\s+"
                r"(?=(?:can|could|would|will) you\b|please\b)", re.IGNORECASE), "",
     ("mum", "mom", "mam", "dad", "pa", "nan", "gran")),
    # permission asked for what the speaker wants done: "is it okay if I open the window"
    (re.compile(r"^(?:is it|would it be) (?:ok|okay|alright|all right|fine) if (?:i|we) "
                r"(?P<c>(?:open|close|shut|roll|crack|turn|put|play|pause|skip|mute)\b[^?]*?)"
                r"\s*\??$", re.IGNORECASE), r"\g<c>",
     ("if i", "if we")),
    # Jamaican spellings: "tun up di AC nuh", "mi cyaan hear di music"
    (re.compile(r"\btun\b", re.IGNORECASE), "turn",
     ("tun",)),
    (re.compile(r"\bdi\b(?=\s+\w)", re.IGNORECASE), "the",
     ("di ",)),
    (re.compile(r"^mi (?:cyaan|cyan|kyaan|caan)\b", re.IGNORECASE), "I can't",
     ("mi ",)),
    (re.compile(r"[\s,]+(?:nuh|noh|nah man|ya hear)\s*[?.!]*$", re.IGNORECASE), "",
     ("nuh", "noh", "nah man", "ya hear")),
    # whose window (the cabin moves one window, whoever's side it is): "open the window on my
    # side", "my side window down", "open her window" (never beside a seat)
    (re.compile(r"^(?!.*\bseat)(?P<v>.*\bwindows?\b.*?)\s+(?:on|at|for)\s+(?:my|her|his|our|the "
                r"driver'?s?|the passenger'?s?|the left|the right)\s+side\b", re.IGNORECASE),
     r"\g<v>",
     ("side",)),
    (re.compile(r"^(?!.*\bseat)(?P<p>.*?)\b(?:my|her|his|the driver'?s?|the passenger'?s?) side "
                r"(?=windows?\b)", re.IGNORECASE), r"\g<p>the ",
     ("side window",)),
    (re.compile(r"^(?!.*\bseat)(?P<p>.*?)\b(?:her|his) (?=windows?\b)", re.IGNORECASE),
     r"\g<p>the ",
     ("her window", "his window")),
    # an end of the range said bare: "fan full", "volume max" -> "set the fan to the maximum"
    (re.compile(r"^(?:the\s+)?(?P<o>fan|fan speed|blower|volume|temperature|temp)\s+"
                r"(?:on\s+|at\s+|to\s+)?(?:the\s+)?(?P<e>max|maximum|full|full blast|top|highest|"
                r"min|minimum|lowest|bottom)\s*(?:please)?\s*[.!]*$", re.IGNORECASE),
     lambda m: f"set the {m.group('o')} to the "
     + ("minimum" if m.group("e").lower() in ("min", "minimum", "lowest", "bottom")
        else "maximum"),
     ("max", "full", "top", "highest", "min", "lowest", "bottom")),
    # "not … enough" is the other way too much: "it's not cold enough" -> "it's too warm"
    (re.compile(r"^(?P<s>it|the (?:music|radio|volume|sound|car|cabin|air|fan|blower))\s*"
                r"(?:'s not|'s|is not|isn'?t|is)\s+(?:not\s+)?(?P<a>cold|cool|warm|hot|loud|quiet|"
                r"strong)\s+enough(?P<r>\s+in here)?\s*[.!]*$", re.IGNORECASE),
     lambda m: f"{m.group('s')} is too "
     + {"cold": "warm", "cool": "warm", "warm": "cold", "hot": "cold", "loud": "quiet",
        "quiet": "loud", "strong": "weak"}[m.group("a").lower()] + (m.group("r") or ""),
     ("enough",)),
    # no air felt: "I can barely feel the fan" -> "more air"
    (re.compile(r"^(?:i|we) can(?:'t| not|not| barely| hardly) feel (?:the|any) (?:fan|air|airflow|"
                r"breeze)(?: (?:at all|coming out|from the vents|coming out of the vents))*"
                r"\s*[.!]*$", re.IGNORECASE), "more air",
     ("feel",)),
    # a seat said heated: "I want my seat heated", "her seat heated please" -> "… seat heater on"
    (re.compile(rf"\b(?P<o>(?:my|her|his|the passenger'?s?|the driver'?s?|my {EN_COMPANIONS}"
                r"'?s) seat) (?:heated|warmed)\b(?!\s+(?:up|already|enough))",
                re.IGNORECASE), r"\g<o> heater on",
     ("seat heated", "seat warmed")),
    # a level said too high or low: "the temperature is too high" -> "it's too hot", "the
    # volume's too high" -> "it's too loud"; a complaint said bare: "too cold", "bit warm in here"
    (re.compile(r"^(?:the )?(?P<o>temperature|temp|heat|heating|volume|sound)(?:'s| is)\s+"
                r"(?P<v>(?:(?:way|much|far|a bit|a little) )?too) (?P<w>high|low)\s*[.!]*$",
                re.IGNORECASE),
     lambda m: f"it's {m.group('v')} " + (
         ("hot" if m.group("w").lower() == "high" else "cold")
         if m.group("o").lower() in ("temperature", "temp", "heat", "heating")
         else ("loud" if m.group("w").lower() == "high" else "quiet")),
     ("high", "low")),
    (re.compile(r"^(?P<a>(?:(?:way|much|far|a bit|a little|bit|little) )?too (?:hot|cold|warm|"
                r"chilly|quiet|loud|stuffy)|(?:a )?(?:bit|little|touch) (?:cold|warm|hot|chilly|"
                r"stuffy|nippy))(?P<r>(?: in here| back here| in the car)?)\s*[.!]*$",
                re.IGNORECASE),
     lambda m: "it's " + re.sub(r"^(?=(?:bit|little|touch) )", "a ", m.group("a"),
                               flags=re.IGNORECASE) + m.group("r"),
     ("too ", "bit ", "little ", "touch ")),
    # no air, no word heard, deafening
    (re.compile(r"^(?:there'?s )?not enough (?:air|airflow)(?: coming (?:out|through))?\s*[.!]*$",
                re.IGNORECASE), "more air",
     ("enough",)),
    (re.compile(r"\bcan(?:'t| not|not) hear (?:a (?:word|thing|bloody thing)|nothing)\b",
                re.IGNORECASE), "can't hear anything",
     ("hear",)),
    (re.compile(r"^(?:it'?s|it is|that'?s|this is) (?:absolutely |bloody |so )?deafening\s*[.!]*$",
                re.IGNORECASE), "it's way too loud",
     ("deafening",)),
    # a word cut off and said again: "turn the te- temperature up", "mute the- actually no …"
    (re.compile(r"(?<![\w-])\w{1,10}-(?:\s+|$)(?=\w|$)"), "",
     ("- ",)),
    # a number's homophone before its unit: "drop the temp by to degrees" (two), "up for
    # notches" (four), "make it too degrees warmer" (:data:`twin.assistant.heard.HOMOPHONE_UNIT`)
    (HOMOPHONE_UNIT, homophone_number, (" to ", " too ", " for ")),
    # "gone" as "become" before a state: "the windscreen's gone all misty", "it's gone cold"
    (re.compile(r"\b(?P<s>\w+)(?:'s| has| is) gone\s+(?=(?:all |really |so |proper |right |a bit |"
                r"very )?(?:misty|foggy|steamy|fogged|misted|steamed|cold|freezing|chilly|nippy|"
                r"hot|boiling|roasting|stuffy|quiet|loud|numb|icy|frosty|baltic)\b)",
                re.IGNORECASE), r"\g<s> is ",
     ("gone",)),
    # the seat heater said in another order: "driver side heat seat" -> "driver's heated seat"
    (re.compile(r"\b(?P<z>driver|passenger)(?:'s)? side (?=(?:heat seat|heated seat|seat)\b)",
                re.IGNORECASE), r"\g<z>'s ",
     ("side",)),
    (re.compile(r"\bheat seat\b", re.IGNORECASE), "heated seat",
     ("heat seat",)),
    # someone addressed first, then the order: "Kuya, can you …", "Dad, turn …", "mate, …"
    # (one word that does not bind the order: not in :data:`_TAG_BINDS`)
    (re.compile(r"^(?P<w>[a-z]+)\s*,\s*(?=(?:(?:can|could|would|will) you|please|kindly|just|turn|"
                r"switch|put|open|close|shut|play|pause|skip|mute|set|make|roll|wind|drop|take|"
                r"get|bring|crank|bump)\b)", re.IGNORECASE),
     lambda m: m.group(0) if m.group("w").lower() in _TAG_BINDS else "",
     (",",)),
    # someone else's complaint read as the speaker's: "Dad can't hear the radio", "the air is
    # blasting straight in Grandad's eyes" (never a seat: whose seat is then unsaid)
    (re.compile(rf"^(?!.*\bseat){_PERSON}(?:\s+(?:in|at|up) (?:the )?(?:back|front)|\s+back there)?"
                r"\s+(?:can'?t|cannot|can not|couldn'?t)\s+(?=hear\b)",
                re.IGNORECASE), "I can't ",
     ("hear",)),
    (re.compile(rf"\b(?P<p>in|into|at)\s+(?:{_PERSON}'s|his|her|their)\s+(?=(?:eyes|face)\b)",
                re.IGNORECASE), r"\g<p> my ",
     ("eyes", "face")),
    # a number corrected without a pause: "set the fan to five no four" -> "… to four"
    (_EN_FIXED_NUMBER, r"\g<b>"),
    # what happened, told before the request; an occasion said after it
    # (not when the request points back into the story: "her seat is cold, can you heat it up")
    (_EN_STORY, lambda m: m.group(0) if _STORY_STOP.search(m.group("s")) or _BACK.search(
        m.group("c")) or "seat" in m.group("c").lower() else m.group("c"),
     (" you ",)),
    (_EN_WHILE, lambda m: m.group(0) if _STORY_STOP.search(m.group("w")) or re.search(
        r"\b(?:not|no|never|don'?t|do not)\b|n't\b", m.group("c"), re.IGNORECASE) else m.group("c"),
     ("while",)),
    # a verb restarted: "turn the turn the fan down", "can you can you open …"
    (re.compile(r"\b(?P<w>(?:turn|switch|put|set|open|close|roll|mute|pause|play|skip|can you|"
                r"could you)(?:\s+(?:the|my|it|on|off|up|down))?),?\s+(?P=w)\b", re.IGNORECASE),
     r"\g<w>"),
    # a colloquial "put": "chuck the aircon on", "pop my seat warmer on", "stick some music on"
    (re.compile(r"^(?:chuck|pop|stick|bung|whack|throw)\b(?=.*\bon\b)", re.IGNORECASE), "put"),
    # the ends of a range said colloquially: "full whack", "flat out" -> "max"
    (re.compile(r"\b(?:full whack|full bore|full tilt|flat out|full pelt)\b", re.IGNORECASE),
     "max"),
    # "the lowest it'll go": the end of the range
    (re.compile(r"\b(lowest|highest|max|min|maximum|minimum)\s+(?:it'?ll|it will|it can|it goes)"
                r"(?:\s+go)?\b", re.IGNORECASE), r"\1"),
    # a complaint's intensifier said after it: "I'm frozen solid", "we're boiling alive"
    # ("chilled" alone may be calm; "chilled to the bone" is cold)
    (re.compile(r"\b(?P<c>frozen|freezing|chilled|numb|boiling|roasting|cooking|baking|melting)"
                r" (?:solid|stiff|to the bone|to death|through|alive)\b", re.IGNORECASE),
     lambda m: "frozen" if m.group("c").lower() == "chilled" else m.group("c"),
     ("solid", "stiff", "to the bone", "to death", "through", "alive")),
    # a likeness of cold said of the body: "my feet are like ice" -> "… freezing"
    # ("like a slab of ice", "cold as stone")
    (re.compile(r"(?P<v>\s+(?:are|is)|'re|'s) (?:(?:like|as cold as) (?:ice cubes|ice blocks|"
                r"blocks of ice|icicles|an icicle|(?:a |an )?(?:slab|block|lump|sheet|chunk|bag) "
                r"of ice|an ice (?:block|cube|rink)|ice)|(?:as |stone )?cold as (?:a )?(?:stone|"
                r"ice|the grave))\b", re.IGNORECASE),
     lambda m: " is freezing" if m.group("v").strip() in ("is", "'s") else " are freezing",
     ("ice", "icicle", "stone", "grave")),
    # less of a complaint is the other way: "make it a bit less cold" -> "… warmer"
    (re.compile(rf"\bless (?P<a>{EN_FELT})\b", re.IGNORECASE),
     lambda m: {"cold": "warmer", "chilly": "warmer", "freezing": "warmer", "loud": "quieter",
                "noisy": "quieter"}.get(m.group("a").lower(), "cooler"),
     ("less ",)),
    # "back" for down after a level's name: "turn the heat back a bit" (never "bring the music
    # back", "turn it back on", "turn the radio back")
    (re.compile(r"^(?:dial|turn|knock|wind|scale|ease|tone) (?P<o>(?:the|my) (?:temperature|temp|"
                r"heat|heating|fan|blower|volume))\s+back(?=\s*[.!]*$|\s+(?:a bit|"
                r"a little|a touch|a notch|a tad|some|please|one|two|a couple)\b)", re.IGNORECASE),
     r"turn \g<o> down",
     (" back",)),
    # where said after warming or cooling "it": "cool it down a bit in here"
    (re.compile(r"^(?P<c>(?:cool|warm|heat) (?:it|things|the car|us) (?:up|down)"
                r"(?: a bit| a little| a touch)?)\s+in (?:here|the car|the cabin)\s*[.!]*$",
                re.IGNORECASE), r"\g<c>",
     ("in here", "in the c")),
    # a doubled negative of hearing: "can't hardly hear the radio" -> "can barely hear …"
    (re.compile(r"\bcan(?:'?t|not| not) (?:hardly|barely) (?=hear|make out)", re.IGNORECASE),
     "can barely ",
     ("hardly", "barely")),
    # an intensifying adjective before a likeness: "it's an absolute oven" -> "it's an oven"
    (re.compile(r"\b(?P<a>a|an) (?:absolute|total|complete|proper|real|actual|literal|bloody|"
                r"right|total and utter|utter) (?=(?:oven|sauna|furnace|greenhouse|steam room|"
                r"fridge|freezer|icebox|igloo)\b)", re.IGNORECASE),
     "a ",
     ("absolute", "total", "complete", "proper", "real", "actual", "literal", "bloody", "right",
      "utter")),
    # "even" before a comparative: "even louder" -> "louder"
    (re.compile(r"^even (?=(?:louder|quieter|softer|warmer|cooler|hotter|colder|higher|lower|"
                r"stronger|weaker)\b)", re.IGNORECASE), "",
     ("even",)),
    # "number two" (a level by its number), "a degree" (one of them)
    (re.compile(rf"\bnumber\s+(?={_EN_NUMBERS}\b)", re.IGNORECASE), ""),
    (re.compile(r"\ba (?=(?:degree|notch|level|step)\b)", re.IGNORECASE), "one "),
    # a tag or a time-box after the command: "…, would ya", "mute for a sec"
    # ("a bit" only after "for": "window down a bit" is how far, never "for a while")
    (re.compile(r"[\s,]+(?:would ya|will ya|yeah|eh|only|for a (?:sec|second|bit|moment|minute|mo|"
                r"tick)|a (?:sec|second|moment|minute|mo|tick)|for now|for this (?:one|song|track))"
                r"\s*[?.!]*\s*$", re.IGNORECASE), ""),
    # a regional tag or filler said last: "…, can or not", "… lah", "… hey", "… so it is"
    (re.compile(r"(?:[\s,]+(?:can or not|can anot|can|lah|leh|lor|hor|hey|man|bro|boss|sha|"
                r"o|ja|jo|hen|so it is|so i am|so we are|like|innit|ya|yeah|fr|frfr|no cap|"
                r"ngl|tbh|rn|lol|imo|po|oh|over|copy|roger|over and out|fam|yaar|yar|bach|"
                r"y'all|buddy|dude|bhai|ji|hun|mon|nuh|ten-four|ten four|10-4|b'y|naman|cher|"
                r"there cher|how copy|how do you copy|already)(?![\w-]))+"
                r"\s*[?.!]*\s*$", re.IGNORECASE), ""),
    # a regional filler said first: "ag man, …", "abeg …", "nah …", "och, …", "aiyo, …"
    (re.compile(r"^(?:(?:ag|ach|och|eish|yoh|abeg|nah|aiyo|aiyah|aiya|wah|haiya|oi|hey|man|bro|"
                r"bruh|bruv|dude|yo|fam|sweet as|chur|cuz|breaker breaker|breaker|ten four|10-4|"
                r"copy that|roger that|roger|arre|arey|are yaar|yaar|bhai|mate|buddy|ah|aw|"
                r"beg yuh|beg you|mi beg yuh|"
                r"listen|look|see|ja|aye|yeah nah|aduh|grabe|chale|mais cher|mais|ten-four|"
                r"cher|b'y|ps+t|pss+t)(?![\w'-])[\s,!]*)+(?=\w)", re.IGNORECASE), ""),
    # an Irish or British "go on" before the order: "ah go on turn the heat up"
    (re.compile(r"^(?:(?:ah|aw|och|oh)[\s,]+)?go on[\s,]+(?=(?:turn|put|switch|open|close|shut|"
                r"roll|wind|stick|chuck|pop|give|play|pause|mute|skip|crank|bump|knock|drop|"
                r"take|bring|whack|warm|heat|set)\b)", re.IGNORECASE), "",
     ("go on",)),
    # a spoken person said last after the order: "it's too cold back here driver" (never
    # "for the driver", "the driver")
    (re.compile(r"[\s,]+(?:driver|sir|madam|ma'am|chief)\s*[?.!]*\s*$", re.IGNORECASE),
     lambda m: "" if m.string[:m.start()].rsplit(" ", 1)[-1].lower().strip(",") in _ADDRESSED_AFTER
     else m.group(0),
     ("driver", "sir", "madam", "ma'am", "chief")),
    # "like" as a filler before a verb: "mute it and like open my window"
    # (only first, after "and" or a comma: "I don't like open windows" keeps it)
    (re.compile(r"(?:^|(?<=\band )|(?<=, )|(?<=\bjust ))like,?\s+(?=(?:open|close|shut|turn|put|"
                r"mute|play|pause|skip|set|roll|switch)\b)", re.IGNORECASE), "",
     ("like",)),
    # Irish "would you ever …" and a trailing "there": "would you ever turn the fan down there"
    (re.compile(r"^(?P<w>would|will|could|can) (?:you|ya) ever\b", re.IGNORECASE), r"\g<w> you",
     ("ever",)),
    (_EN_THERE, ""),
    # the thing said first, then who is to do it: "the fan you can put on level four"
    (re.compile(r"^the (?P<o>fan|window|volume|music|temperature|temp|heat|heating|ac|aircon|a ?c|"
                r"seat heater|seat warmer|radio)\s+(?:you can|can you|could you|you could|"
                r"will you|would you)\s+(?P<v>put|turn|set|switch|roll|bring)\b",
                re.IGNORECASE), r"\g<v> the \g<o>",
     (" you ",)),
    # a liking said before a number: "set the climate to a comfy twenty three"
    (re.compile(rf"\ba (?:comfy|comfortable|nice|cosy|cozy|pleasant|toasty|balmy|mild|cool|chilly|"
                rf"crisp|brisk|fresh|frosty|snug|cold|warm|lovely)\s+"
                rf"(?={_EN_NUMBERS}\b)", re.IGNORECASE), "",
     ("comfy", "comfortable", "nice", "cosy", "cozy", "pleasant", "toasty", "balmy", "mild",
      "cool", "chilly", "crisp", "brisk", "fresh", "frosty", "snug", "cold", "warm", "lovely")),
    # degrees of a comparative: "make it two degrees cooler (in here)" -> "two degrees cooler"
    # ("put the temperature two degrees lower" too)
    (re.compile(rf"^(?:(?:can|could|would|will) you\s+)?(?:please\s+)?"
                rf"(?:make|get|put|set|turn|bring) (?:it|things|the car|the cabin|the temperature|"
                rf"the temp|the heat|the heating)\s+"
                rf"(?=(?:a|one|{_EN_NUMBERS}) degrees? (?:warmer|cooler|hotter|colder|higher|"
                rf"lower)\b)",
                re.IGNORECASE), "",
     ("degree",)),
    (re.compile(r"(?<=warmer|cooler|hotter|colder) in here\b", re.IGNORECASE), "",
     ("in here",)),
    # the ends of the range by their superlative: "to the lowest" -> "to the minimum"
    (re.compile(r"\b(?:to|on|at) the (?P<e>lowest|highest)\b(?: (?:setting|level|possible|one))?",
                re.IGNORECASE),
     lambda m: "to the minimum" if m.group("e").lower() == "lowest" else "to the maximum",
     ("lowest", "highest")),
    # all the way said after the way: "roll my window down all the way" -> "… all the way down"
    (re.compile(r"\b(?P<w>up|down)\s+(?:all the way|fully|completely)\b", re.IGNORECASE),
     r"all the way \g<w>",
     ("all the way", "fully", "completely")),
    # the music's loudness stepped by an amount: "turn the music up two" -> "… the volume up two"
    (re.compile(r"\b(?:the )?(?:music|radio|tunes|stereo|sound)(?=\s+(?:up|down)\s+(?:a notch|"
                rf"a bit|a couple|a little|{_EN_NUMBERS})\b)", re.IGNORECASE), "the volume",
     ("music", "radio", "tunes", "stereo", "sound")),
    # other names of a function: "loudness" (the volume), "tune" (a song), "the heater" (the heat)
    (re.compile(r"\bloudness\b", re.IGNORECASE), "volume",
     ("loudness",)),
    (_EN_TUNE, r"\g<d> song"),
    (re.compile(r"(?<!seat )(?<!seat-)\bheater(?=\s+(?:up|down|to)\b)", re.IGNORECASE), "heat",
     ("heater",)),
    # a non-native comparative: "make the volume less", "music more loud" -> "… down", "… louder"
    (re.compile(r"^(?:please\s+)?(?:make|do) (?:the )?(?P<o>volume|sound|music|fan speed|fan|"
                r"temperature|temp) (?P<w>less|lower|more|higher)$", re.IGNORECASE),
     lambda m: f"turn the {m.group('o')} "
     f"{'down' if m.group('w').lower() in ('less', 'lower') else 'up'}",
     ("less", "lower", "more", "higher")),
    (re.compile(r"\bmore (?P<a>loud|quiet|cold|warm|cool|low|high|strong|weak|hot|soft)\b",
                re.IGNORECASE),
     lambda m: {"loud": "louder", "quiet": "quieter", "cold": "colder", "warm": "warmer",
                "cool": "cooler", "low": "lower", "high": "higher", "strong": "stronger",
                "weak": "weaker", "hot": "hotter", "soft": "softer"}[m.group("a").lower()],
     ("more ",)),
    # "put" before a comparative: "put the fan stronger" -> "turn the fan up"
    (re.compile(r"^put (?P<r>(?:the|my) \w+(?: \w+)? (?:higher|lower|louder|quieter|stronger|"
                r"weaker|warmer|cooler|colder|hotter|softer)\s*(?:please)?\s*[.!]*)$",
                re.IGNORECASE),
     lambda m: _bare(b) if (b := _EN_BARE.match(m.group("r"))) is not None else m.group(0),
     ("put ",)),
    # "the wife's" (Irish, Australian) is "my wife's"
    (re.compile(r"\bthe (?=(?:wife|missus|missis|hubby|husband)(?:'s)?\b)", re.IGNORECASE), "my ",
     ("wife", "missus", "missis", "hubby", "husband")),
    # how much, said regionally: "a wee bit", "a touch", "a tad", "small" (Nigerian) -> "a bit"
    (re.compile(r"\b(?:a wee bit|a wee|a tad|a touch|a smidge|a smidgen|a hair|a little bit|"
                r"(?<!\ba )little bit|a small bit|(?<!\ba )small bit|a teeny bit|a tiny bit|"
                r"(?:a )?(?:likkle|lickle|likl) bit|"
                r"a wee touch|(?<=\bup )small(?: small)?|(?<=\bdown )small(?: small)?|"
                r"(?<=\bvolume )small(?: small)?)(?=\s*$|\s+(?:more|less|higher|lower|louder|"
                r"quieter|warmer|cooler|up|down|loud|quiet|hot|cold|high|low)\b)",
                re.IGNORECASE), "a bit"),
    # "up a couple" at the end: two of the steps
    (re.compile(r"\b(?P<w>up|down|higher|lower) a couple(?: more)?\s*[.!]*\s*$", re.IGNORECASE),
     r"\g<w> two"),
    # a colloquial "turn" before a way: "crank the blower to the max", "knock the fan up"
    # a window brought up or down is rolled: "bring the window up" -> "roll the window up"
    (re.compile(r"^(?:bring|get|pull|push|wind|put|crank|chuck|stick|pop|shove|bung)\s+"
                r"(?=(?:the|my|that)\s+windows?\s+"
                r"(?:all the way\s+)?(?:up|down)\b)", re.IGNORECASE), "roll "),
    (re.compile(r"^(?:crank|knock|bump|kick|whack|bang|jack|ramp|dial|pump|nudge|wind|put|take|"
                r"chuck|bung|shove)\b"
                r"(?=.*\b(?:up|down|to)\b)", re.IGNORECASE), "turn"),
    # "pop", "stick" a device to a value or a way: "pop the cabin temperature to nineteen"
    (re.compile(r"^(?:just\s+)?(?:pop|stick)\s+(?=(?:the|my|our)\s+(?:cabin\s+|car\s+)?"
                r"(?:temperature|temp|fan|blower|volume|music|radio|heat|heating)\s+"
                r"(?:up|down|to)\b)", re.IGNORECASE), "turn ", ("pop", "stick")),
    (re.compile(r"^(?:drop|lower)\b(?=.*\b(?:down|to)\b)(?!.*\bup\b)", re.IGNORECASE), "turn",
     ("drop", "lower")),
    # music stopped colloquially: "shut the music off", "kill the radio" -> "turn off the music"
    (re.compile(r"^(?:shut|switch|flick|knock)\s+(?P<o>(?:the|that)\s+(?:music|radio|stereo))\s+off\b",
                re.IGNORECASE), r"turn off \g<o>"),
    (re.compile(r"^(?:kill|cut|can|ditch)\s+(?P<o>(?:the|that)\s+(?:music|radio|stereo))\s*$",
                re.IGNORECASE), r"turn off \g<o>"),
    # a function and its level without a verb: "volume to the minimum" -> "set the volume to …"
    (re.compile(r"^(?:the\s+)?(?=(?:volume|temperature|heat|fan|fan speed)\s+(?:to|at)\s)",
                re.IGNORECASE), "set the "),
    # a telegraphic order, the thing first: "window close" -> "close the window"
    (re.compile(r"^(?:the\s+)?(?P<o>windows?)\s+(?:please\s+)?(?P<v>close|open|shut)$",
                re.IGNORECASE),
     r"\g<v> the \g<o>"),
    # … and how far, said non-natively: "window please open only little bit"
    (re.compile(r"^(?:the\s+)?(?P<o>windows?)\s+(?:please\s+)?open\s+(?:only\s+|just\s+)?(?:a\s+)?"
                r"(?:little|small|tiny|bit)(?:\s+bit)?$", re.IGNORECASE),
     r"open the \g<o> a little bit"),
    # "small" said last for a little (Nigerian, Singaporean): "open the window small"
    (re.compile(r"\s+small(?: small)?\s*$", re.IGNORECASE),
     lambda m: m.group(0) if m.string[:m.start()].rsplit(" ", 1)[-1].lower() in _ADJECTIVAL
     else " a bit"),
    # a gerund said after "as well as": "…as well as turning the fan down" -> "turn the fan down"
    (re.compile(rf"^(?:{'|'.join(_GERUND)})\b", re.IGNORECASE),
     lambda m: _GERUND[m.group(0).lower()]),
    # "up to" a number or the top is a set: "turn my seat heater up to two"
    (re.compile(rf"\b(?:up|down) to (?=(?:the )?(?:max|maximum|top|min|minimum|level|"
                rf"{_EN_NUMBERS})\b)", re.IGNORECASE),
     "to "),
    # "on"/"off" said as the verb (Nigerian, Indian English): "on the AC" -> "turn on the AC"
    (re.compile(r"^(?P<w>on|off) (?=(?:the|my|her|his|our) )", re.IGNORECASE), r"turn \g<w> "),
    # directions home asked for: "get me directions home" -> "directions home"
    (re.compile(r"^(?:get|give|show|find) (?:me|us) (?=(?:the )?(?:directions|the way|a route) "
                r"home\b)", re.IGNORECASE), ""),
    # where the speaker is, said after a complaint: "I'm sweating buckets sitting in this queue"
    (re.compile(rf"^(?P<v>{EN_WHO_IS}\b.*?)\s+(?:sitting|stuck|waiting|"
                r"queuing|queueing|parked) (?:in|at|on|here)\b.*$", re.IGNORECASE), r"\g<v>"),
    # whose seat, said Nigerian or after the person: "for my madam for front" -> "for my wife"
    (re.compile(r"\bmy madam\b", re.IGNORECASE), "my wife"),
    (re.compile(rf"\b(?P<w>{EN_COMPANIONS})\s+(?:in|for|up) (?:the )?front(?: seat)?\b",
                re.IGNORECASE), r"\g<w>"),
    # a complaint's circumstance said after it: "I'm roasting after that spin class",
    # "I'm sweating buckets in this jacket" (no "but", no "not": nothing else is asked)
    (re.compile(r"^(?P<v>(?:i'?m|i am|we'?re|we are)\s+(?:\w+\s+)?(?:roasting|boiling|baking|"
                r"sweating(?: buckets)?|freezing|frozen|shivering|melting|cooking|dying of heat))"
                r"\s+(?:after|in|from|with|since)\b(?![^,]*\b(?:but|not|n't|no)\b)[^,]*$",
                re.IGNORECASE), r"\g<v>"),
    # not knowing the way home asks for it: "I've no idea how to get back to my place"
    # (twenty-second session) with the circumstance said before or after it: "with this
    # closure I've got no clue how to get home", "… with all these roads flooded", "I've no
    # idea which way home is after that detour"; never one said for later or another way
    (re.compile(r"^(?:(?:with|after|because of) (?!(?:(?!\b(?:i|we)\b)[^,])*"
                + _NOT_NOW + r")[^,]*?,?\s+(?=(?:i|we)\b))?"
                r"(?:(?:i|we)\s+(?:don'?t|do not)|(?:(?:i|we)(?:'ve|\s+have)(?: got)? )?no "
                r"(?:idea|clue))\s*"
                r"(?:know\s+)?(?:(?:the way|how to get(?: back)?|how to find (?:my|our|the) way)\s+"
                r"(?:home|back home|(?:back )?to (?:mine|ours|(?:my|our) (?:place|house|flat|"
                r"gaff|digs)))|which way (?:is )?home(?: is)?)"
                r"(?:\s+from (?:here|this \w+(?: \w+)?))?"
                r"(?:,?\s+(?:with|after|since|because of) (?![^,]*" + _NOT_NOW + r")"
                r"[^,]*)?\s*[.!]*$", re.IGNORECASE),
     "navigate home"),
    # "heat on my seat": the seat heater on ("window up heat on my seat")
    (re.compile(r"\b(?:the )?heat(?:ing)? on (?P<s>my|her|his|the passenger'?s?|the driver'?s?)"
                r" seat(?=\s*[.!]*$|\s+(?:please|and|then|too)\b)", re.IGNORECASE),
     r"\g<s> seat heater on",
     ("seat",)),
    # "heat my seat to two": the seat heater set
    (re.compile(r"^(?:heat|warm)(?: up)? (?P<s>my|the|her|his|the passenger|the driver'?s?)"
                r" seat(?: up)?(?= to\b)", re.IGNORECASE), r"set \g<s> seat heater"),
    # a pointing "this" before the speaker's seat or the car: "this seat is ice cold"
    (re.compile(r"\bthis (?=seat\b)", re.IGNORECASE), "my "),
    (re.compile(r"\bthis (?=(?:car|cabin|music|radio|fan|window|song|heat|cold)\b)", re.IGNORECASE),
     "the "),
    # who a complaint is for, said last: "the radio's too loud for him" (never beside a seat)
    (re.compile(r"\s+for (?:him|her|them|me|us|my \w+|(?:chatting|talking|sleeping|thinking|"
                r"reading|working)\b.*)\s*[.!]*$", re.IGNORECASE),
     lambda m: m.group(0) if "seat" in m.string.lower() else ""),
    # a complaint about the cabin passed on by anyone (sixteenth session): "grandpa says it's
    # like a sauna in here"; never the speaker, no one or a weather report
    (_EN_TOLD_BY, lambda m: m.group(0) if m.group("p").lower().split()[-1] in _NOT_TELLING
     else "",
     ("say", "said", "reckons", "thinks", "tell", "told", "complain")),
    # a complaint passed on: "my wife says her seat's freezing" -> "her seat's freezing"
    (re.compile(rf"^(?:(?:my|the) {EN_COMPANIONS}|she|he)\s+(?:says|said|"
                r"reckons|thinks|is saying|tells me)(?: that)?\s+(?=(?:her|his)\b)",
                re.IGNORECASE), ""),
    # the passenger's side said last: "put the heated seat on high on the passenger side"
    (re.compile(r"^(?P<v>.*?)\b(?:the\s+)?(?P<n>heated seat|seat heater|seat warmer|seat heating)"
                r"(?P<r>.*?)\s+(?:on|for) the passenger(?:'s)? side$", re.IGNORECASE),
     r"\g<v>the passenger \g<n>\g<r>"),
    # a pointing "that" before the thing: "turn that music down" -> "turn the music down"
    (re.compile(r"\bthat (?=(?:music|song|radio|fan|window|heat|heater|heating|ac|aircon|"
                r"air con|volume|seat heater|blower|air|vents?)\b)", re.IGNORECASE), "the "),
    # "help me" before the order (Nigerian, Indian, Chinese-influenced English): "please help me
    # turn the temperature up" -> "turn the temperature up"
    (re.compile(r"^(?:(?:please|kindly|can you|could you|pls)\s+)?help (?:me|us) (?:to )?"
                r"(?=(?:turn|switch|open|close|shut|put|set|play|pause|mute|skip|increase|"
                r"decrease|reduce|raise|lower|roll|start|stop)\b)", re.IGNORECASE), "",
     ("help",)),
    # the order said with it: "first close the window", "close the window first"
    (re.compile(r"^(?:first(?:ly)?|first of all|to start with|to begin with)[\s,]+(?=\w)",
                re.IGNORECASE), "",
     ("first", "to start", "to begin")),
    (re.compile(r"(?<=\w)\s+first\s*[.!]*$", re.IGNORECASE), "",
     ("first",)),
    # a suggestion's wrapper: "would it hurt to turn …", "any chance you could …"
    (re.compile(r"^(?:would it hurt to|would it be ok(?:ay)? to|any chance you could|"
                r"is there any chance you could|mind if you)\s+", re.IGNORECASE), ""),
    # a formal wrapper: "I wonder whether you might be so kind as to …", "I was wondering if
    # you could …", "I'd be grateful if you would …", "… if you'd mind turning …" -> the order
    (re.compile(r"^(?:i(?: was| am|'m)? (?:just )?wonder(?:ing)? (?:whether|if)|"
                r"i(?:'d| would| should) (?:be (?:very |most |ever so |really |so )?grateful|"
                r"appreciate it|be (?:much |most )?obliged)(?: if)?)"
                r" you (?:might|could|would|can|will|'d)"
                r"(?: possibly| perhaps| kindly)?(?P<m> (?:be so kind as to|be kind enough to|"
                r"mind))?\s+(?P<c>\w.*)$", re.IGNORECASE),
     lambda m: _base_verb(m.group("c")) if m.group("m") else m.group("c"),
     ("wonder", "grateful", "appreciate", "obliged")),
    # a device set going: "put the air conditioning to work", "get the fan going"
    (re.compile(r"^(?:put|turn|get|set) (?P<o>(?:the|my) (?:ac|a c|aircon|air con|air conditioning|"
                r"air conditioner|fan|blower|defrost|defroster|demister|radio|music))\s+"
                r"(?:to work|going|running|working)(?=\s*[.!]*$|\s+(?:please|again)\b)",
                re.IGNORECASE), r"turn on \g<o>",
     ("to work", "going", "running", "working")),
    # a part of the seat said for the seat: "the back of my seat's stone cold"
    (re.compile(r"\bthe (?:back|bottom|base|cushion) of (?P<s>my|the|her|his) seat\b",
                re.IGNORECASE), r"\g<s> seat",
     (" of ",)),
    # no air from the vents: "nothing's coming out the vents at all"
    (re.compile(r"^(?:there(?:'s| is) )?(?:nothing|no air|hardly anything|barely anything|"
                r"hardly any air|barely any air)(?:'s| is)? (?:coming|blowing)"
                r" (?:out (?:of )?|from |through )(?:the |my |these |those )?vents?(?: at all)?"
                r"\s*[.!]*$", re.IGNORECASE),
     "there's no air coming out of the vents",
     ("vent",)),
    # not able to hear is a complaint of hearing: "I am not able to hear it properly"
    (re.compile(r"(?:\s+(?:am|are)|'m|'re) not able to (?=hear\b)", re.IGNORECASE), " can't ",
     ("not able",)),
    # a hedge said first: "i think maybe turn …", "yeah so turn …"
    (re.compile(r"^(?:(?:i think|i guess|maybe|perhaps|yeah|so|right|ooh|oh|okay|ok|kindly|"
                r"basically|essentially)"
                r"[\s,]+)+",
                re.IGNORECASE), ""),
    # who it is for, said after the command: "open the window a crack for the dog"; never
    # beside a seat ("the seat heater for the kids" is not the driver's: the rules leave it)
    (re.compile(r"^(?!.*\bseat)(?P<v>.*?)[\s,]+(?:for|so) (?:the|my|our) (?:dog|dogs|doggo|pup|"
                r"puppy|cat|(?:(?:school|little|wee|young) )?(?:kids?|children)|baby|bubba|"
                r"little ones?|toddler|nan|grandma|grandpa|(?:(?:wedding|birthday|fresh|frozen) )?"
                r"(?:flowers|cake|food|shopping|groceries|plants|chocolates?|ice cream|pizza|"
                r"takeaway|fish|meat|milk|bouquet))"
                r"(?: (?:can|could) (?:breathe|get some air|cool down|stay warm|warm up))?"
                r"\s*[.!]*$", re.IGNORECASE), r"\g<v>"),
    (re.compile(r"[\s,]+(?:isn'?t it|aren'?t we|don'?t you think|right|eh|huh|innit|"
                r"you know)\s*[?.!]*\s*$", re.IGNORECASE), ""),
    # a complaint's circumstance said after it: "the windscreen keeps misting up on the inside
    # as we climb", "this seat is ice cold after a day on the slopes", "there's fumes pouring in
    # through the window from that lorry" (no "but", no "not", no other time: nothing else
    # is asked, and it is now)
    (re.compile(r"^(?P<v>(?:the|this|my|our|her|his|all this|all the|there'?s|there is|it'?s|"
                r"it is|i'?m|i am|we'?re|we are)\b.*?\b(?:is|are|'s|'re|keeps|keep|am)\b.*?)"
                r"\s+(?:after|as we|as i|while we|while i|in all this|with all this|from (?:that|"
                r"the|this|those)|since|off the|on the way)\b(?![^,]*\b(?:but|not|n't|no|last|"
                r"yesterday|earlier|ago|tomorrow|later|tonight|morning|week)\b)"
                r"[^,]*$", re.IGNORECASE), r"\g<v>",
     (" after ", " as ", " while ", " all this ", " from ", " since ", " off the ", " on the way")),
    (re.compile(r"^(?P<s>all this|all the|the|this)\s+"
                r"(?P<n>dust|smoke|fumes|exhaust|rain|snow|spray)\s+(?:off|from)\s+"
                r"(?:the|that|this)\s+\w+(?:\s+\w+)?\s+(?=(?:is|are|'s|keeps)\b)",
                re.IGNORECASE), r"\g<s> \g<n> ",
     (" off ", " from ")),
    # the window said open where the weather comes in: "the fog is drifting in the open window"
    # -> "… in the window" (an open window is what lets it in)
    (re.compile(r"(?<=\bin )(?P<t>through )?(?:the|that|my|our) open (?=windows?\b)",
                re.IGNORECASE), r"\g<t>the ", ("open window",)),
    # "there's fumes pouring in" is "coming in"
    (re.compile(r"\b(?P<n>fumes|smoke|exhaust|dust|rain|snow|water|spray)\s+(?:pouring|blowing|"
                r"getting|flooding|streaming|piling) in\b", re.IGNORECASE), r"\g<n> coming in",
     ("pouring", "blowing in", "getting in", "flooding", "streaming", "piling")),
    # what is heard over the noise, said with what the noise does: "over the rain hammering on
    # the roof" -> "over the rain"
    (re.compile(r"\b(?P<o>over|above|with) (?P<n>(?:the|all the|all this) (?:rain|wind|noise|"
                r"engine|traffic|kids|road noise|roadworks|hail))\s+(?:hammering|pounding|beating|"
                r"drumming|howling|roaring|screaming|shouting)\b.*$", re.IGNORECASE),
     r"\g<o> \g<n>",
     ("over ", "above ", "with ")),
    # "like" hedging a quantity, and a day said last: "heard this track like a million times
    # today" -> "… a million times"
    (re.compile(r"\blike (?=(?:a million|a hundred|a thousand|a billion|ten|twenty|fifty|"
                r"a hundred and)\b)", re.IGNORECASE), "",
     ("like ",)),
    (re.compile(r"(?<=\btimes) (?:today|already|this week|this morning|in a row|on this trip)"
                r"\s*[.!]*$", re.IGNORECASE), "",
     ("times",)),
    # the way said twice: "wind the window up the window up quick" -> "… the window up quick"
    (re.compile(r"\b(?P<p>the \w+ (?:up|down|on|off))\s+(?P=p)\b", re.IGNORECASE), r"\g<p>"),
    # the whole way (and its homophone "hole way") is all the way
    (re.compile(r"\b(?:the )?(?:whole|hole) way (?=(?:up|down|open|closed)\b)", re.IGNORECASE),
     "all the way ",
     ("whole way", "hole way")),
    # someone else cold: "she's shivering", "he's freezing" (everyone's air, never a seat)
    (re.compile(rf"^(?!.*\bseat)(?:{_PERSON})(?:'s| is| are|'re)\s+(?:(?:so|really|very|a bit|"
                r"too|all|absolutely)\s+)?(?P<c>shivering|freezing|frozen|cold|chilly)\s*[.!]*$",
                re.IGNORECASE), r"the passengers are \g<c>",
     ("shiver", "freez", "frozen", "cold", "chilly")),
    # a complaint passed on while it is said: "the wife's saying her seat is …"
    (re.compile(rf"^(?:my {EN_COMPANIONS}|she|he)(?:'s| is) (?:saying|telling me)(?: that)?"
                r"\s+(?=(?:her|his)\b)", re.IGNORECASE), "",
     ("saying", "telling")),
    # a non-native "make … on": "make please the air condition on" -> "turn on the …"
    (re.compile(r"\bair condition\b", re.IGNORECASE), "air conditioning",
     ("condition ",)),
    (re.compile(r"^(?:please\s+)?make\s+(?:please\s+)?(?P<o>(?:the\s+)?(?:air conditioning|"
                r"air conditioner|a ?c|aircon|air con|fan|blower|defrost|defroster|demister|radio|"
                r"music|seat heater|seat warmer|heated seat))\s+(?P<w>on|off)\s*[.!]*$",
                re.IGNORECASE), r"turn \g<w> \g<o>",
     ("make",)),
    # a function, an amount and a way said bare: "the temperature one degree higher", "the fan
    # one step less" -> "turn the temperature up by one degree"
    (re.compile(rf"^(?:please\s+)?(?:the\s+)?(?P<o>temperature|temp|fan|fan speed|blower|volume)\s+"
                rf"(?:by\s+)?(?P<n>{_EN_NUMBERS})\s+(?P<u>degrees?|steps?|notch(?:es)?|levels?|"
                r"clicks?)\s+(?P<w>higher|more|up|warmer|hotter|louder|stronger|lower|less|down|"
                r"cooler|colder|quieter|softer|weaker)\s*[.!]*$", re.IGNORECASE),
     lambda m: (f"turn the {m.group('o')} "
                f"{'up' if m.group('w').lower() in _MORE else 'down'} "
                + (m.group('n') if m.group('o').lower() == 'volume'
                   else f"by {m.group('n')} {m.group('u')}")),
     (" degree", " step", " notch", " level", " click")),
    # going back a song: "go back to the song before this one" -> "play the song before …"
    (re.compile(r"^go back to (?=(?:the|that) (?:song|track|one) before\b)", re.IGNORECASE),
     "play ",
     ("go back",)),
    # whose side, said by the person: "the seat warmer on my better half's side"
    (re.compile(r"\bbetter half\b", re.IGNORECASE), "wife",
     ("better half",)),
    (re.compile(rf"\bon (?:my|the) {EN_COMPANIONS}'?s side\b",
                re.IGNORECASE), "on the passenger side",
     ("side",)),
    # what happened, then the decision after "you know what": the decision alone, unless the
    # story binds it (a time, a condition, whose seat, a function of its own) or it points back
    (re.compile(r"^(?P<s>.+?)\byou know what\b[\s,]+(?P<c>(?:just\s+)?(?:turn|put|switch|open|"
                r"close|shut|roll|wind|play|pause|mute|skip|set|drop|take|get|bring|crank|bump)\b"
                r".*)$", re.IGNORECASE),
     lambda m: m.group(0) if _BOUND.search(m.group("s")) or _BACK.search(m.group("c"))
     else m.group("c"),
     ("you know what",)),
    # whose seat, said by the person's name for her: "the missus's seat heater" -> "my wife's"
    (re.compile(r"^(?:(?:the|my)\s+)?(?:missus|missis|wife)(?:'s|'|s)\s+(?=seat\b)",
                re.IGNORECASE), "my wife's ",
     ("missus", "missis", "wife")),
    # the body frozen to the seat: "my bum's frozen to this seat" -> "my bum is frozen"
    (re.compile(r"^(?P<s>my (?:bum|butt|bottom|backside|arse|ass|back|legs|thighs))"
                r"(?P<v>(?: is|'s| are|'re) (?:\w+ )?(?:frozen|freezing|numb|ice cold|stone cold))"
                r"\s+(?:to|on|in) (?:my|the) seat\b(?=\s*[.!]*$|\s+(?:ngl|tbh|honestly|mate)\b)",
                re.IGNORECASE), r"\g<s>\g<v>",
     ("seat",)),
    # the window the whole way said "all of it": "make the window open all of it"
    (re.compile(r"\b(?P<w>windows?(?:\s+(?:open|down|up|closed|shut))?)\s+(?:all of it|"
                r"all of the way|the full way|full)(?=\s*[.!]*$|\s+please\b)", re.IGNORECASE),
     r"\g<w> all the way",
     ("all of", "full")),
    # an order's article left out (learners' English): "open window only a bit" -> "open the
    # window a bit"
    (re.compile(r"^(?P<v>open|close|shut|lower|raise|roll down|roll up)\s+(?=windows?\b)",
                re.IGNORECASE), r"\g<v> the ",
     ("window",)),
    (re.compile(r"\b(?:only|just) (?=a (?:bit|little|crack|touch)\b)", re.IGNORECASE), "",
     ("only", "just")),
    # where the car is, said after an order: "set the fan to level 4 in this tunnel"
    # (only an order that names a cabin function: "stop at the car wash" is no pause)
    (re.compile(r"^(?P<c>(?:turn|set|put|switch|open|close|shut|roll|wind|play|pause|mute|skip|"
                r"start|stop|crank|drop|raise|lower)\b(?=.*?\b(?:fan|blower|temperature|temp|heat|"
                r"heating|heater|ac|a/c|aircon|air con|air|windows?|music|radio|volume|song|track|"
                r"seat|seat heater|defrost|demister|level|degrees?|\d+)\b).*?)"
                r"\s+(?:in|through|on|at) (?:this|the|all "
                r"this) (?:tunnel|traffic|queue|jam|traffic jam|convoy|car park|carpark|car wash|"
                r"motorway|highway|road|bridge|ferry queue|storm|heatwave|heat|weather|rain|snow|"
                r"fog|wind|drizzle|drive|journey|trip)\s*[.!]*$", re.IGNORECASE), r"\g<c>",
     (" this ", " the ")),
    # not seeing said beside fog on the glass: "the windscreen's all steamy, can't see the road"
    (re.compile(r"^(?P<c>(?:the|my|our)\s+(?:front\s+|rear\s+|back\s+)?(?:windscreen|windshield|"
                r"windows?|glass)\b.*?)[\s,;]+(?:and\s+)?(?:i\s+|we\s+)?(?:(?:can'?t|cannot|cannae|"
                r"can barely|can hardly) see (?:a thing|anything|the road|where (?:i'?m|we'?re) "
                r"going|out|ahead|properly|a bloody thing)|(?:see|can see) (?:nothing|nuttin|"
                r"nothin'?))\s*[.!]*$", re.IGNORECASE), r"\g<c>",
     (" see ",)),
    (re.compile(r"^(?:i\s+|we\s+)?(?:can'?t|cannot|cannae|can barely|can hardly) see (?:a thing|"
                r"anything|the road|a bloody thing|out)[\s,;]+(?=(?:the|my|our)\s+(?:front\s+|"
                r"rear\s+)?(?:windscreen|windshield|windows?|glass)\b)", re.IGNORECASE), "",
     ("see ",)),
    # "on home", "home from here": "get us on home from here" -> "get us home"
    (re.compile(r"\b(?P<v>get|take|bring) (?P<w>us|me) (?:on home(?: from here)?|home from here)"
                r"\b(?=\s*[.!]*$)", re.IGNORECASE), r"\g<v> \g<w> home",
     ("home",)),
    # the heater put on a seat: "stick the heater on my seat" -> "turn on my seat heater"
    (re.compile(r"^(?:put|turn|switch|stick|pop|chuck|whack) (?:the |some )?(?:heater|heat|heating|"
                r"warmer) on (?P<s>my|her|his|the passenger'?s?|the driver'?s?) seat\b",
                re.IGNORECASE), r"turn on \g<s> seat heater",
     ("seat",)),
    # a gamer's "buff"/"nerf" for up/down: "buff the fan one level", "nerf the music"
    (re.compile(r"^(?P<w>buff|nerf) (?P<o>(?:the|my) (?:fan|blower|volume|music|radio|heat|heating|"
                r"temperature|temp))\b", re.IGNORECASE),
     lambda m: f"turn {m.group('o')} {'up' if m.group('w').lower() == 'buff' else 'down'}",
     ("buff", "nerf")),
    # Nigerian Pidgin's "am" for it after the verb: "pause am", "off am", "turn am up"
    (re.compile(r"\b(?P<v>pause|mute|off|on|open|close|shut|stop|play|skip|turn|switch|put)\s+am\b"
                r"(?=\s*(?:up|down|on|off|now|small|abeg|[.!]|$))", re.IGNORECASE),
     lambda m: f"turn it {m.group('v')}" if m.group("v").lower() in ("on", "off")
     else f"{m.group('v')} it",
     (" am",)),
    # the window set without a verb: "the window down to fifty percent" -> "set the window to
    # fifty percent"; "and it's …" said first
    (re.compile(r"^(?:and\s+)?(?:it'?s|its)\s+(?=the (?:windows?|fan|volume|temperature|temp|music)"
                r"\s+(?:up|down|to|on|off|at)\b)", re.IGNORECASE), "",
     ("it",)),
    (re.compile(r"^(?:the\s+)?(?P<o>windows?)\s+(?:down|up)?\s*(?:to|at)\s+(?P<n>\S+(?:[- ]\w+)?\s*"
                r"(?:percent|per cent|%))\s*[.!]*$", re.IGNORECASE), r"set the \g<o> to \g<n>",
     ("percent", "per cent", "%")),
    # a learner's comparative before its degrees: "make more cool two degree" -> "two degrees
    # cooler"
    (re.compile(rf"^(?:please\s+)?make (?:it\s+)?(?P<c>cooler|warmer|colder|hotter)\s+"
                rf"(?P<n>{_EN_NUMBERS}) degrees?\b", re.IGNORECASE),
     r"\g<n> degrees \g<c>",
     ("degree",)),
    # Singlish "can … or not" around the order: "eh can on the aircon or not"
    (re.compile(r"^(?:eh\s+)?can\s+(?P<c>(?:on|off|open|close|shut|turn|switch|put|play|pause|mute|"
                r"skip)\b.*?)\s+or not\s*[?.!]*$", re.IGNORECASE),
     lambda m: ("turn " if m.group("c").lower().startswith(("on ", "off ")) else "")
     + m.group("c"),
     ("or not",)),
    # any music will do: "put some music on please, anything at all"
    (re.compile(r"^(?P<c>.*\b(?:music|songs?|tunes|radio)\b.*?)[\s,]+(?:please\s+)?(?:anything|"
                r"whatever|something)(?: at all| is fine| will do| you(?: like| want)?| really)?"
                r"\s*[.!]*$", re.IGNORECASE), r"\g<c>",
     ("anything", "whatever", "something")),
    # a smell said before a window order without a pause: "that gym bag reeks bring the window
    # down halfway" -> the order (a smell is why a window opens; never beside a refusal, a
    # condition or another time)
    (re.compile(r"^(?P<s>(?:the|that|this|my|our|it|his|her|something)\b[^,]*?\b(?:reeks|stinks|"
                r"smells|pongs|honks|whiffs)\b[^,]*?)\s+(?P<c>(?:open|bring|put|roll|wind|crack|"
                r"lower|get)\b[^,]*\bwindows?\b[^,]*)$", re.IGNORECASE),
     lambda m: m.group(0) if _SMELL_STOP.search(m.group(0)) else m.group("c"),
     ("reeks", "stinks", "smells", "pongs", "honks", "whiffs")),
    # a thing's "'s" before how it is: "my seat's ice cold" (not "my wife's seat")
    (re.compile(r"\b(seat|car|cabin|air|fan|music|radio|window|volume|song)'s\s+(?=(?:letting|"
                r"ice|"
                r"stone|freezing|boiling|way|too|so|really|very|kind of|blasting|all|getting|"
                r"roasting|a bit|a little|a touch|a tad|a wee)\b)",
                re.IGNORECASE), r"\1 is "),
    # shapes around an order rather than words (sixteenth session): an intensifier of any
    # shape, a reason straight after "please", an order asked as a question about the thing,
    # one word of tag before or after an order
    # a device named loosely by what it does and a placeholder noun (twenty-second session:
    # "the warm seat thing", "the toasty bum thing", "the wind machine"); a seat that cools or
    # massages is no heater, and is not read here
    (re.compile(r"\b(?P<d>the|my|that|this|your) (?:warm|warmy|warming|toasty|toastie|hot|"
                r"heated|heating|heat|cosy|cozy)[- ]?(?:seat|bum|butt|bottom|backside|arse|"
                r"tush|bum[- ]warming|seat[- ]warming)[- ]?(?:thing|thingy|thingamajig|"
                r"thingamabob|machine|gadget|doodah|doohickey|whatsit|button)\b",
                re.IGNORECASE), r"\g<d> seat heater",
     ("thing", "machine", "gadget", "doodah", "doohickey", "whatsit", "button")),
    (re.compile(r"\b(?P<d>the|my|that|this|your) (?:wind|breeze|blowy|blowing|air[- ]?blowing)"
                r"[- ]?(?:machine|thing|thingy|maker|gadget|doodah|whatsit|box)\b",
                re.IGNORECASE), r"\g<d> fan",
     ("thing", "machine", "gadget", "doodah", "whatsit", "box", "maker")),
    # how much said by what it does ("the speakers are so loud the mirror is shaking", "the air
    # is roaring so hard I can't hear myself think"): the complaint without its consequence
    (re.compile(r"\b(?P<s>(?:is|are|'s|'re) (?:\w+ )?so (?:very )?(?:loud|hard|strong|strongly|"
                r"cold|hot|humid|fierce)) (?:that )?(?:i|i'm|im|i've|my|it|it's|its|the|we|"
                r"we're|everyone|nobody|you)\b[^,.;!?]*[.!]*$", re.IGNORECASE), r"\g<s>",
     (" so ",)),
    # a follow-up said against the last setting (twenty-second session: "bit warmer than that
    # och", "one more degree than that hinny", "louder than that and …"): the comparison is
    # the step itself, and the tag after it is then read as after any way
    (re.compile(r"\b(?P<c>warmer|hotter|toastier|cooler|colder|louder|quieter|softer|higher|"
                r"lower|stronger|weaker|more|less|degrees?) than (?:that|this|before)\b",
                re.IGNORECASE), r"\g<c>", (" than ",)),
    (_CURSE, "", ("freak", "frick", "frig", "eff", "flip", "fuck", "blee", "bloom", "ruddy",
                  "damn", "darn", "dang", " as ", " af")),
    (_EN_PLEASE_WHY, " please, ", ("please",)),
    (_EN_QUESTION_GO, lambda m: f"turn {m.group('x')} "
     f"{'up' if m.group('w').lower() in _UP else 'down'}{m.group('r')}",
     ("go", "come", "be turned", "be put")),
    (_EN_TAG_LAST, _tag_last, (" ",)),
    # a wish (sixteenth session): "I wish the music was louder" -> "make the music louder",
    # "it would be nice to have some music" -> "some music", "it'd be great if you could …"
    (re.compile(r"^(?:i|we)\s+(?:really\s+)?wish\s+(?P<x>it|the \w+(?: \w+)?)\s+(?:was|were|"
                r"would be|could be)\s+(?:a (?:bit|little|touch) |a lot |much )?"
                rf"(?P<a>{EN_COMPARATIVES})(?:\s+in here)?\s*[.!]*$",
                re.IGNORECASE),
     r"make \g<x> \g<a>",
     ("wish",)),
    (re.compile(r"^(?:it\s+would|it'?d|would|that\s+would|that'?d)\s+be\s+(?:really\s+|so\s+)?"
                r"(?:nice|good|great|lovely|grand|ace|brilliant|awesome)\s+(?:to\s+(?:have|get)\s+"
                r"(?P<t>(?:some|the|a|my)\b.*?)|if\s+you\s+(?:could|would)\s+(?P<c>.+?))"
                r"\s*(?:please)?\s*[.!]*$", re.IGNORECASE),
     lambda m: m.group("t") or f"could you {m.group('c')}",
     ("nice", "good", "great", "lovely", "grand", "ace", "brilliant", "awesome")),
    # the whole way said between the window and its state: "make the window completely open"
    (re.compile(r"^(?:please\s+)?(?:make|get|have|put)\s+(?P<w>(?:the |my )?windows?)\s+"
                r"(?:fully|completely|totally|entirely|all the way|wide)\s+(?P<s>open|closed|shut)"
                r"\s*(?:please)?\s*[.!]*$", re.IGNORECASE),
     lambda m: f"open {m.group('w')} fully" if m.group("s").lower() == "open"
     else f"close {m.group('w')}",
     ("window",)),
    # the glass said "it" after a verb that only the glass takes ("demist it", "defog that")
    (re.compile(r"\b(?P<v>demist|defog|defrost|de-mist|de-fog|unfog)\s+(?:it|that|this|them)\b",
                re.IGNORECASE), r"\g<v> the windscreen",
     ("mist", "fog", "frost")),
    # a wish said in the past ("I wanted to hear that song again", "I was hoping you could …")
    (re.compile(r"^(?P<p>i|we)\s+(?:wanted|was hoping|were hoping|was wanting|were wanting|"
                r"had hoped|'d hoped)\s+(?=to\b)", re.IGNORECASE), r"\g<p> want ",
     ("wanted", "hoping", "wanting", "hoped")),
    (re.compile(r"^(?:i|we)\s+(?:was|were|am|are|'m|'re)\s+hoping\s+(?:that\s+)?you(?:'d| would|"
                r" could| can)\s+", re.IGNORECASE), "could you ",
     ("hoping",)),
)


_GATES: dict[re.Pattern[str], tuple[str, ...]] = {
    _EN_FIXED_NUMBER: (" no ", "nope", "sorry", " mean ", "rather", "wait", "actually", "make "),
    _EN_THERE: ("there",),
    _EN_TUNE: ("tune",),
}
"""Words without which a costly pattern cannot match (it is not tried: a miss reads every
pattern once, and the rule NLU's p99 is a miss's); an entry of a table may name its own as a
third element."""


def _gated(entry: tuple[Any, ...]) -> tuple[re.Pattern[str], Any, tuple[str, ...] | None, str]:
    """A table entry with its gate and the text the gate is read in: the words it names (or
    :data:`_GATES` names) in the lower-cased text, else the literals every match contains
    (:func:`twin.assistant.regex_gate.gate`): in the text as said, or, for a pattern that
    ignores case, in the lower-cased text when it is ASCII."""
    pattern, said = entry[0], expansion(entry[1])  # its template read on a match only
    named = entry[2] if len(entry) > 2 else _GATES.get(pattern)
    if named is not None:
        return pattern, said, tuple(named), "lowered"
    literals = gate(pattern)
    where = "ascii" if pattern.flags & re.IGNORECASE else "text"
    return pattern, said, None if literals is None else tuple(sorted(literals)), where


_ZH_ALL = _ZH_FIRST + _ZH_RECURRING + _ZH + _ZH_RECURRING_LAST + _ZH_LAST
_RULES = {lang: tuple(map(_gated, table))
          for lang, table in (("zh-CN", _ZH_ALL),
                              ("en", _EN_FIRST + _EN + _EN_LAST))}
_GATES_AT_ONCE = {lang: GateIndex.of([(words, where) for _, _, words, where in rules])
                  for lang, rules in _RULES.items()}
"""Each table's gates, checked all at once (a loop over ~600 gate words cost more than the
patterns it saved)."""


_ONE_PARSE: ContextVar[dict[tuple[str, str], str] | None] = ContextVar("plainly", default=None)
"""The readings made within the parse under way (:func:`one_parse`), else None."""


@contextmanager
def one_parse() -> Iterator[None]:
    """Within this block, :func:`plainly` reads a text once: one parse reads the same text
    several ways (whole, split, again after a correction). Nested blocks share the outer one;
    nothing is kept from one parse to the next."""
    if _ONE_PARSE.get() is not None:
        yield
        return
    token = _ONE_PARSE.set({})
    try:
        yield
    finally:
        _ONE_PARSE.reset(token)


def plainly(text: str, lang: str) -> str:
    """``text`` without the words that only colour it (see the module doc)."""
    memo = _ONE_PARSE.get()
    if memo is None:
        return _plainly(text, lang)
    if (key := (text, lang)) not in memo:
        memo[key] = _plainly(text, lang)
    return memo[key]


def _plainly(text: str, lang: str) -> str:
    lang = "zh-CN" if lang == "zh-CN" else "en"
    text = in_chinese(text, lang)  # said plainly, a cabin word said in English is Chinese
    rules = _RULES[lang]
    gates = _GATES_AT_ONCE[lang]
    tried = gates.open(text)  # the patterns that can match, in table order (a miss reads all)
    while tried:
        low = tried & -tried
        tried ^= low
        pattern, said = rules[low.bit_length() - 1][:2]
        changed = pattern.sub(said, text)
        if changed != text:  # the gates read the text as it now is, past this pattern
            text = changed
            tried = gates.open(text) & ~((low << 1) - 1)
    return text.strip()


_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


_ZH_EN_THINGS = frozenset({
    "volume", "vol", "music", "song", "songs", "fan speed", "fan", "blower", "aircon", "air con",
    "air conditioner", "air conditioning", "ac", "a/c", "temperature", "temp", "seat heater",
    "seat heating", "seat warmer", "window", "windows", "defrost", "defog", "bgm"})
"""The words of :data:`_ZH_EN` that name a cabin thing."""


def _zh_en_thing(m: re.Match[str]) -> str:
    """The Chinese for ``m``'s English word when it names a cabin thing, else the word."""
    if re.sub(r"[\s-]+", " ", m.group("w").lower()) not in _ZH_EN_THINGS:
        return m.group(0)
    return _zh_en_word(m)


def in_chinese(text: str, lang: str, things: bool = False) -> str:
    """A Chinese ``text`` with the cabin words said in English inside it (a programmer's
    half-English, 中英夹杂: "把volume调到十二", "帮我开一下AC") said in Chinese; any other
    text as it is. With ``things``, only the words that name a cabin thing (:data:`_ZH_EN_THINGS`:
    "把AC打开fan调到四档", where the sentence is cut before each thing)."""
    if lang != "zh-CN" or _LATIN.search(text) is None or _HAN.search(text) is None:
        return text
    return _ZH_EN_WORDS.sub(_zh_en_thing if things else _zh_en_word, text)
