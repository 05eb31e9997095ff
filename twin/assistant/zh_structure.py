"""Chinese readings by structure, not by vocabulary: the shapes a driver's sentence takes around
an order, whatever the speaker's region (:func:`twin.assistant.colloquial.plainly` reads them).

:data:`FIRST` is read before the register table, so its readings see the sentence as heard:
a stutter ("把把把空调打打开"), a device noun heard as a homophone (same pinyin, other
characters: 控调, 音良, 瘟度, 暂听), a number said colloquially (俩/仨, 一十五, 二四度).
:data:`LAST` is read after it, on the order as the table left it: a call or hedge said first
(报告, 各位…们, 小X同学, 劳驾, 咱们), a short tail said last (得不, 算了, 成不成), a story or a
reason told beside the order (dropped when it names no function, time, condition or feeling),
a degree word before a complaint (巨热, 超小声, 蛮冷的), a colloquial verb for on/off/up/down
before a known device (拧大, 停了, 弄上). Like the table, a reading only drops a word or says
it plainly: it never adds a request.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["FIRST", "LAST"]

_HOMOPHONES: dict[str, tuple[str, str, str]] = {
    # canonical noun: (first syllable's characters, second's, what may follow: "" for anything)
    "空调": ("空控孔恐", "调条挑跳", ""),
    "车窗": ("车", "窗床创闯疮", ""),
    "音量": ("音因阴银", "量亮两良粮辆", ""),
    "风量": ("风峰疯丰蜂", "量亮良粮辆", ""),
    "温度": ("温文问稳瘟", "度渡读杜", r"调|设|太|有|开|降|升|高|低|到|再|能|可|好|偏|加|减"),
    "座椅": ("座坐做作", "椅以已乙倚", r"加热|家热|佳热|加惹|位"),
    "加热": ("加家佳嘉", "热惹", r"打开|开|关|调|到|一|二|两|三|最|太|好|有"),
    "除雾": ("除厨储", "雾物务舞误悟", ""),
    "除霜": ("除厨储", "霜爽", ""),
    "导航": ("导到倒岛捣", "航杭", r"回|去|到|打开|开"),
    "静音": ("静净敬镜径", "音因阴", ""),
    "暂停": ("暂战占", "停挺亭听廷", ""),
    "播放": ("播拨波剥", "放方芳", ""),
}
"""Device nouns and the characters speech recognition writes for each syllable (same pinyin,
any tone): every pair of them is read as the noun, but for the real words of
:data:`_HOMOPHONE_WORDS`. A noun whose wrong pair could be another word is read only before
what may follow it (温度 before a verb or a degree, 座椅 before 加热)."""
_HOMOPHONE_WORDS = frozenset({"阴凉", "银两", "风凉", "文度", "作以", "到航", "倒航"})
"""Pairs of the table that are words of their own (or read elsewhere): left as said."""


def _homophones() -> tuple[Any, ...]:
    """One reading for every noun of :data:`_HOMOPHONES` (one scan of the text for two
    characters of the syllables' sets, not one pattern per noun): each wrong pair, before
    what may follow it, read as its noun; any other pair left as said."""
    noun_of: dict[str, tuple[str, re.Pattern[str] | None]] = {}
    for noun, (first, second, after) in _HOMOPHONES.items():
        follow = re.compile(after) if after else None
        noun_of.update({a + b: (noun, follow) for a in first for b in second
                        if a + b != noun and a + b not in _HOMOPHONE_WORDS})

    def read(m: re.Match[str]) -> str:
        noun, follow = noun_of.get(m.group(0), (None, None))
        if noun is None or (follow is not None and not follow.match(m.string, m.end())):
            return m.group(0)
        return noun

    firsts = "".join(sorted({a for first, _, _ in _HOMOPHONES.values() for a in first}))
    seconds = "".join(sorted({b for _, second, _ in _HOMOPHONES.values() for b in second}))
    return (re.compile(f"[{firsts}][{seconds}]"), read)


_WINDOW = r"(?<=[车后前侧天])窗|窗(?!口)"
"""A window of the car; a service window ("药店的人在窗口喊我") is no car's."""
_NOT_AHEAD = r"(?!面?(?:又|都|全|也)?(?:堵|塞))"
"""Put after 前 or 前面: not the road ahead said jammed ("前面堵死了"), which names no seat row."""


_STORY_STOP = re.compile(
    r"如果|要是|假如|万一|的话|等|待会|一会|过会|回头|到了|之后|以后|然后|再|先|就|别|不要|不用|甭|没|不|"
    r"[把将给替为]|喜欢|习惯|一般|平时|总|老是|经常|每次|常常|通常|爱|醒|"
    r"查|搜|问|教|学|知道|告诉|梦|如何|怎样|"
    r"明天|明早|后天|今晚|晚上|早上|下午|中午|半夜|点|分钟|小时|时候|时|下次|"
    r"前" + _NOT_AHEAD + r"|后|"
    r"刚才|刚刚|已经|早就|昨|上次|那天|那时|以前|去年|当时|谁|为什么|怎么|咋|干嘛|是不是|有没有|"
    r"座|椅|加热|" + _WINDOW
    + r"|空调|冷气|暖气|风|温度|音|声|歌|曲|乐|播|放|停|导航|家|雾|霜|吗|呢|？|\?|"
    r"睡|吵|冷|热|闷|晒|凉|暖|汗|烫|冻|冰|听不|看不|疼|痛|难受|不舒服|受不了|眼|耳|头|晕|"
    r"吐|"
    r"错|不对|反|算|拉倒|罢|取消|得了|没事|逗|玩笑|骗|假的|"
    r"去|隧道|涵洞|桥|收费站|高速|路口|红绿灯|服务区|加油站|停车场|车库|"
    r"开|关|调|切|换|首|档|挡|度|[二三四五六七八九十两\d]|一点|一下|一半|一些|也|还|都|又")
"""A story or reason that may bind the order beside it (a condition, another time or place, a
refusal, a question, a past deed or a habit, a correction, a "never mind": "关上 算了"), names a
cabin function or a value (a wish of its own) or how someone feels (it may want the other way):
left as said."""


_SEAT = re.compile(r"座|椅|加热|屁股")
"""A seat's order: a clause beside it may say whose seat ("打开座椅加热 给我老婆")."""


_ELSEWHERE = re.compile(
    r"外|说|她|他|人家|别人|天气|家里|屋里|房间|办公室|今天|今年|那边|这边|北方|南方")
"""A complaint told of another place, time or person ("她说外面太冷了"): not the cabin's."""


_AIRING = re.compile(r"气|味|透|散")
"""Air or a smell beside a closing order says the other way ("车窗关上 透透气")."""


def _beside(m: re.Match[str]) -> str:
    """The order alone when the clause beside it passes :data:`_STORY_STOP`, the order is no
    seat's (:data:`_SEAT`) and no closing beside air (:data:`_AIRING`), else as said."""
    said, order = m.group("s"), m.group("o")
    if _STORY_STOP.search(said) or _SEAT.search(order) or (
            "关" in order and _AIRING.search(said)):
        return m.group(0)
    return m.group("o")


_STORY_AFTER = re.compile(
    r"如果|要是|假如|万一|的话|刚才|已经|早就|(?<!受)不(?![行住]|得了)|(?<![特区分性类级])别|甭|没|"
    r"算|拉倒|罢|取消|错|反了|逗|玩笑|骗|假的|得了|吗|呢|？|\?|谁|为什么|怎么|咋|干嘛|再|先|然后|之后|"
    r"以后|回头|明天|明早|后天|今晚|下次|[把将给替为]|睡|吵|听不|首|下一|上一|"
    r"前面" + _NOT_AHEAD + r"|后面|前排|后排|左|右|"
    r"边|主驾|副驾|司机|乘客|的$|耳|眼|(?<![舌里外前后上])头|疼|痛|晕|难受|不舒服|吐(?!舌)|"
    r"(?:等|待会|一会|过会|到了)(?!.*(?:还要|还得|要|得)去)|"
    r"座|椅|加热|" + _WINDOW
    + r"|空调|冷气|暖气|风|温度|音|声|歌|曲|乐|播|停|导航|雾|霜|开|关|调|切|换|档|挡|度|"
    r"[二三四五六七八九十两\d]|一点|一下|一半|一些")
"""A story told after a complete order that may still bind it: a condition, a refusal or a
correction, a question, another time (never a trip said for later: "等下还要去巴刹"), another
person it is for, which side or whose ("后面的"), a sound or an ache (it may want the other
way), or a cabin function or value of its own. Narrower than :data:`_STORY_STOP`: a habit, a
past deed, a simile or a feeling the order answers is a reason."""

_COMPLETE = (re.compile(r"空调|冷气|暖气|温度|音量|声音|风量|风速|车窗|窗户|除雾|除霜|音乐"),
             re.compile(r"打开|开|关|调|设|降|升|放|播"))
"""A complete order names a device and what to do with it."""

_HOT = re.compile(r"热|闷|汗|晒|烫|喘|蒸")
_COLD = re.compile(r"冷|冻|冰|凉|哆嗦")
_COOLING = re.compile(r"(?:打开|开)(?:空调|冷气)|(?:空调|冷气)[^关停]*开|"
                      r"温度[^，,\s]*(?:低|降|减|小)|风[^，,\s]*(?:大|高|加)|窗[^关]*(?:开|降)")
_WARMING = re.compile(r"(?:打开|开)暖气|暖气[^关停]*开|温度[^，,\s]*(?:高|升|加)|"
                      r"(?:空调|冷气)[^开]*(?:关|停)|关(?:掉|上|闭)?(?:空调|冷气|车窗|窗)|窗[^开降]*关")
_SET_TO = re.compile(r"温度[^，,\s]*(?:到|成)[^，,\s]*度|"
                     r"(?:风量|风速)[^，,\s]*(?:到|成)[^，,\s]*[档挡级]")
"""Which way an order goes, for a feeling told beside it: hot wants cooling, cold warming; a
temperature or a fan set to a value answers either ("风量开到二档 伴娘怕冷")."""


def _after(m: re.Match[str]) -> str:
    """The order alone when it is complete (:data:`_COMPLETE`, no refusal or question inside),
    no seat's nor a closing beside air, and the story after it binds nothing
    (:data:`_STORY_AFTER`), a feeling in it agreeing with the order's way; else :func:`_beside`."""
    said, order = m.group("s"), m.group("o")
    hot, cold = bool(_HOT.search(said)), bool(_COLD.search(said))
    agrees = (not hot and not cold) or bool(_SET_TO.search(order)) or (
        hot != cold and bool((_COOLING if hot else _WARMING).search(order)))
    if (all(p.search(order) for p in _COMPLETE) and agrees and not _SEAT.search(order)
            and not ("关" in order and _AIRING.search(said))
            and not re.search(r"[不别没吗呢？?]", order) and not _STORY_AFTER.search(said)):
        return order
    return _beside(m)


_TOLD_FIRST = re.compile(
    r"^(?P<s>[^，,。！!？?]{1,30}?)[，,。！!\s]+(?P<o>[^，,。！!？?\s][^？?]*)$")
"""A story told first, after a pause: its first clause (``s``) and the rest (``o``)."""
_TOLD_LAST = re.compile(r"^(?P<o>[^？?]+?)[，,。！!\s]+(?P<s>[^，,。！!？?\s]{2,30})$")
"""A reason told last, after a pause: its last clause (``s``) and what comes before (``o``)."""


def _beside_all(m: re.Match[str]) -> str:
    """:func:`_beside` again on what is left, while a clause is read away (at most three: "刚
    搬完家，车里全是箱子，那个，你帮我把风量调到五档")."""
    text = m.group(0)
    for _ in range(3):
        again = m.re.match(text)
        read = _after if m.re is _TOLD_LAST else _beside
        if again is None or (kept := read(again)) == text:
            break
        text = kept
    return text


_ORDER = (r"(?:(?:你|您)?(?:帮我|给我|帮忙|请)"
          r"(?:[把将]|打开|关|开|导航|播放|暂停|调|切|换|来|整|弄|搞|放)|"
          r"(?:音量|温度|风量)(?=调到|调成|设到|设成)|"
          r"(?:你|您)?(?:[把将]|(?:打开|关掉|关上|关闭|播放|暂停)"
          r"(?=空调|冷气|暖气|车窗|窗|音乐|歌|座椅|除雾|除霜)|导航(?=回|去)))")
"""How an order starts when a story runs into it with no pause: asked for (帮我/请) or said
with 把 or a full verb before its device (never a bare 开/放: "宝宝醒了再放歌" is a later
wish; never a verb alone: "充电口盖打开" names its own thing first)."""

_PAUSES = ("，", ",", "。", "！", "!", " ")
"""A story told beside the order after a pause has one of these (a gate: the pattern is not
tried without)."""

_DEGREE = r"(?:巨|超级|超|蛮|怪|特别|特|非常|相当|十分|极其|好生)"
_FEELING = r"(?P<a>[冷热闷吵凉烫暗晒]|小声|大声|[大小响](?=(?:了|啊|呀|的|哦)?$))"

_WAY = {"冷": "cold", "冻": "cold", "凉": "cold", "冰": "cold", "热": "hot", "闷": "hot",
        "吵": "loud"}
"""Which way each complaint word goes: two clauses the same way are one complaint."""

_DEED = (r"[^，,。！!？?\s]{0,8}?[了过](?:一|半|大半|整|好几|几|两|三|四|五|六|七|八|九|十)"
         r"[^，,。！!？?\s]{0,8}?")
"""A deed and how long it took ("跑了一天", "搬了一下午东西"), told before how it left the body."""

_BODY: tuple[tuple[Any, ...], ...] = (
    # sweat, said alone or after a deed: hot
    (re.compile(r"^(?P<d>" + _DEED + r")?(?:我)?(?:都|全|这)?(?:一身(?:的)?汗|满头(?:大)?汗|"
                r"一头汗|满身(?:是)?汗|浑身(?:是)?汗|汗流浃背|汗(?:都)?(?:出来|冒出来|下来)了|(?:直)?冒汗(?:了)?|"
                r"出汗了)(?:了)?$"), r"\g<d>太热了"),
    (re.compile(r"(?<![\u4e00-\u9fff])(?:一身(?:的)?汗|满头(?:大)?汗|浑身(?:是)?汗)"
                r"(?=后背|衣服|背)"), ""),
    # hands and feet cold, said alone
    (re.compile(r"^(?P<d>" + _DEED + r")?(?:我的?)?(?:手|脚|手脚|手和脚)(?:都|全)?"
                r"(?:冰凉|冰冰的|冰冰凉|冻僵|冻麻|冻木)(?:了|的)?$"),
     r"\g<d>太冷了"),
    # sweat on the people in the car, said after a pause ("…，一帮队员全是汗"): hot
    (re.compile(r"(?:^|(?<=[，,\s]))(?P<w>(?:一帮|一车|满车|大家|我们|咱们|孩子|队员)"
                r"[\u4e00-\u9fff]{0,3}?)(?:全|都)(?:是汗|一身汗|冒汗了?|出汗了?)(?:了)?$"),
     lambda m: m.group(0) if _ELSEWHERE.search(m.group("w")) else "太热了"),
    # hands too cold to take out ("冷得手都伸不出来"): cold
    (re.compile(r"^(?:冷|冻)得(?:我的?)?(?:手|脚|手脚|手指头?)(?:都|也)?(?:伸不出来|拿不出来|冻僵了|冻麻了|"
                r"不听使唤了?|没知觉了)$"), "太冷了"),
    # a vent giving no air, as if off ("出风口跟没开一样", "一丝风都没有"): the fan too weak
    (re.compile(r"^(?:空调)?(?:的)?(?:出风口|风口)(?:跟|像)没开(?:一样|似的)"
                r"(?:[，,\s]*(?:一丝|一点)风(?:都|也)没(?:有)?)?$|"
                r"^(?:空调)?(?:的)?(?:出风口|风口)(?:一丝|一点)风(?:都|也)没(?:有)?$"), "风太小了"),
    # ears hurt by the sound: loud (never "耳朵不好使", hard of hearing)
    (re.compile(r"^(?:我的?)?耳朵(?:都)?(?:要|快)?(?:聋|炸|震聋|震麻|震疼|震痛)(?:了)?$|"
                r"^(?:吵|震)得(?:我)?耳朵(?:都)?(?:疼|痛|嗡嗡(?:的|响)?|受不了)(?:了)?$"),
     "太吵了"),
)
"""A state told through the body: the complaint it says (read only as the whole sentence)."""

FIRST: tuple[tuple[Any, ...], ...] = (
    # who is called, said first, before any other reading sees the sentence: a group or a
    # title ("家人们空调关了吧", "老铁，…", "同志，…", "师傅您把…"), a favour asked (劳驾)
    (re.compile(r"^(?:(?:劳驾|家人们|老铁们?|兄弟们?|哥们儿?|亲们?|宝子们?|师傅)[，,\s]*|同志[，,!！\s]+)"
                r"(?:您|你)?(?=[\u4e00-\u9fff])"), ""),
    # a stutter: any character said three times or more, and the words of an order said twice
    # at its start ("把把把空调打打开", "我我我想听歌", "下下一首"); never a doubled verb of
    # its own (开开, 关关, 降降 are read later, but 关关上 is 关上), nor 一一/点点
    (re.compile(r"(?P<c>(?![嗡哈呵嘿嘻呜啦滴咚嘀叭])[\u4e00-\u9fff])(?P=c){2,}"), r"\g<c>"),
    (re.compile(r"(?P<c>[把将空车窗暂导航座温音播打我你帮给请])(?P=c)(?![气儿])"), r"\g<c>"),
    (re.compile(r"下下(?=一?首)"), "下"),
    (re.compile(r"(?P<v>[开关])(?P=v)(?=上|掉|闭|启)"), r"\g<v>"),
    # homophones of the device nouns (see _HOMOPHONES), and of 首 after 下一/上一
    _homophones(),
    (re.compile(r"(?<=[下上]一)[手收守]"), "首"),
    (re.compile(r"(?<=导航)回[加佳嘉](?![\u4e00-\u9fff])"), "回家"),
    # numbers said colloquially: 俩/仨 for 两/三 before a unit or after a verb of change,
    # 一十五 for 十五, a temperature said digit by digit (调到二四度)
    (re.compile(r"俩(?=度|档|挡|级|格)|(?<=[调到高低加减开降升])俩"), "两"),
    (re.compile(r"仨(?=度|档|挡|级|格)|(?<=[调到高低加减开降升])仨"), "三"),
    # 三 before a fan's step heard as 散 (same syllable: "风量散档"); never 散热, 散味
    (re.compile(r"(?:(?<=风量|风速)|(?<=[到成调开]))散(?=档|挡)"), "三"),
    (re.compile(r"(?<![一二三四五六七八九十百千零两])一十(?=[一二三四五六七八九])"), "十"),
    (re.compile(r"(?<=到|成|为)(?P<a>[一二三])(?P<b>[零一二三四五六七八九])(?=度)"),
     lambda m: ("" if m.group("a") == "一" else m.group("a")) + "十"
     + ("" if m.group("b") == "零" else m.group("b"))),
    # a unit heard as a homophone after a number (十九肚, 二十渡), a unit said with 位 (三档位),
    # a filler between a way and its amount (升高个两度, 调高那么两度), about said last (度上下)
    (re.compile(r"(?<=[一二三四五六七八九十两\d])(?:肚|渡|杜)(?![子皮里])"), "度"),
    (re.compile(r"(?<=[一二三四五六七八九十两\d])档位"), "档"),
    (re.compile(r"(?<=[高低大小])(?:个|那么|那个)(?=[一二三四五六七八九十两]{1,3}(?:度|档|格|级))"),
     ""),
    (re.compile(r"(?<=[\d一二三四五六七八九十]度)上下(?=[吧啊呀]?$)"), "左右"),
    # a window opened by tenths: "车窗开三成" -> 百分之三十
    (re.compile(r"(?<=开|到)(?P<n>[一二三四五六七八九])成(?![功绩为])"), r"百分之\g<n>十"),
)
"""Readings made before the register table (see the module doc)."""

LAST: tuple[tuple[Any, ...], ...] = (
    # a call or hedge said first: a report or request (报告, 请示, 请求: 请 may be read
    # already), a group addressed (各位…, 同志们, 小朋友们), the assistant's name (小爱同学),
    # an acknowledgement (行吧, 好吧), a favour asked (帮个忙; 劳驾 is a call, in FIRST)
    (re.compile(r"^(?:报告|请?示)(?:一下)?[，,!！\s]*(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^(?:请|申)?求(?=[把将]|打开|关|调|播放|暂停|导航)"), ""),
    (re.compile(r"^各位[^，,。！!？?座椅窗]{0,10}?[，,!！\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^[^，,。！!？?把将座椅窗音歌风]{1,5}们(?:啊|呀|哈)?[，,!！\s]+"
                r"(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^(?:你好|嗨|嘿|哈喽)?[，,\s]*小(?![点声些一心])[\u4e00-\u9fff](?:同学|助手)?"
                r"[，,!！\s]+(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^(?:行吧|好吧|好的吧|得嘞|成吧|嗯嗯|好好好|行行行)[，,!！\s]+"
                r"(?=[\u4e00-\u9fff])"), ""),
    (re.compile(r"^(?:帮个忙|帮帮忙|麻烦(?:一下|下)?)[，,!！\s]*"
                r"(?=[\u4e00-\u9fff])"), ""),
    # the body telling how it feels (一身汗, 汗都出来了, 手脚冰凉, 耳朵都要聋了), and the same
    # feeling said twice, a remark then a complaint ("这么冷 冻死人了"): the complaint, once
    *_BODY,
    (re.compile(r"^(?P<s>[^，,。！!？?]*?)(?:太|这么|那么|好|真)(?P<a>[冷冻凉冰热闷吵])(?:了|啊|呀)?[，,\s]+"
                r"(?P<b>太(?P<c>[冷冻凉冰热闷吵])了)$"),
     lambda m: m.group("b") if _WAY[m.group("a")] == _WAY[m.group("c")]
     and not _ELSEWHERE.search(m.group("s")) else m.group(0)),
    # the car's own complaint said last, the story before it feeling the same way ("冻得我直哆嗦，
    # 灵堂里就冷，车里还冷"): the car's complaint
    (re.compile(r"^(?P<s>[^？?]+)[，,\s]+(?P<o>(?:车里|车上|车内)(?:还|也|更|又|都)?(?:是)?(?:太|好|很)?"
                r"(?P<a>[冷冻凉热闷])(?:了|啊|呀)?)$"),
     lambda m: m.group("o") if not re.search(r"[不没别吗呢]", m.group("s"))
     and {_WAY.get(c) for c in m.group("s") if c in _WAY} == {_WAY[m.group("a")]}
     else m.group(0), _PAUSES),
    # a story told first, after a pause or running into the order, or a reason told last:
    # the order alone, when the clause binds nothing (_STORY_STOP)
    (_TOLD_FIRST, _beside_all, _PAUSES),
    (re.compile(r"^(?P<s>[^，,。！!？?\s]{4,30}?)(?P<o>" + _ORDER + r"[^，,。！!？?]*)$"), _beside),
    (_TOLD_LAST, _beside_all, _PAUSES),
    # a complete order said first, a particle, then a story with no pause ("空调关掉咯很冷咯")
    (re.compile(r"^(?P<o>[^，,。！!？?\s]*?(?:关掉|关上|关闭|打开|开上|开开|调到[^，,。！!？?\s]{1,5}?度))"
                r"(?:咯|啦|吧|了|哈|哦|噢)(?P<s>[^，,。！!？?\s]{2,30})$"), _after),
    # a deed and how long it took running into a complaint with no pause ("跑了一天太热了" once
    # the body is read), never one that says where or who feels it ("她说外面太冷了") nor
    # what makes the noise ("鞭炮太响了")
    (re.compile(r"^(?P<s>" + _DEED + r")(?P<o>太[冷冻凉冰热闷吵]了)$"),
     lambda m: m.group(0) if _ELSEWHERE.search(m.group("s"))
     or re.search(r"[不没别吗呢]", m.group("s")) else m.group("o")),
    # who does it, said first once the story is read away (咱们把…, 你去把…)
    (re.compile(r"^(?:你|您)(?:去|来)(?=[把将])"), ""),
    (re.compile(r"^(?:我们|咱们|我俩|咱俩)(?:就|一起)?(?=[把将])"), ""),
    # what an opening is for, said after it as a doubled verb ("把车窗开一半散散味", 透透气;
    # never after a closing: "车窗关上透透气" says the other way)
    (re.compile(r"^(?P<o>[^，,。！!？?]*开[^，,。！!？?关]*[开下掉档度半点些缝])"
                r"(?P<v>[\u4e00-\u9fff])(?P=v)[\u4e00-\u9fff]{1,2}$"),
     lambda m: m.group(0) if "关" in m.group("o") else m.group("o")),
    # a degree word before how it feels ("车里巨热", "声音超小", "蛮冷的"), and how it feels
    # said to excess (热得要命, 吵死我了)
    (re.compile(r"(?<![不别没奇])" + _DEGREE + _FEELING + r"(?:了|的|啊|呀|哦)?$"),
     r"太\g<a>了"),
    (re.compile(r"(?P<a>[冷热闷吵])(?:得要命|得不行|得受不了|死我了|爆了|炸了|疯了)(?:了|啊|呀)?$"),
     r"太\g<a>了"),
    # a colloquial verb for on/off/up/down before a known device: 停了 for off, 整关/弄关,
    # 拧/推/旋/扭 for 调, a window 推上/弄上去 for closed (never 整上: the north's 打开),
    # 搞起来 for on, 除雾弄一下
    (re.compile(r"(?<=空调|冷气|暖气)(?:给)?停(?:了|掉|一下|下)?(?=[吧啊呀]?$)"), "关掉"),
    (re.compile(r"(?:整|弄|搞)(?=关|开)"), ""),
    # a device opened to its end, any verb's result (开满, 开到底, 推到顶, 加到头; the table reads
    # a window 摇到底 as 降到底, fully open): the range's end; 调到底 says no way, left as said
    (re.compile(r"^(?:[把将])?(?P<n>车窗|窗户|窗子|窗)(?:给我)?(?:开|降|放)(?:满|到底|到头|到最大)"
                r"(?:了|吧)?$"), "车窗全部打开"),
    (re.compile(r"^(?:[把将])?(?P<n>音量|声音|风量|风速)(?:给我)?(?:(?:开|拧|推|加|拉)"
                r"(?:满|到底|到头|到顶|到最大)|调到顶)(?:了|吧)?$"), r"\g<n>开到最大"),
    (re.compile(r"(?:拧|推|旋|扭)(?=[大小高低](?:一)?点|[大小高低]些|[大小高低]$|到|成)"), "调"),
    (re.compile(r"(?<=音量|声音|风量|温度)(?:给我)?拉(?=[大小高低](?:一)?点|[大小高低]些|到)"),
     "调"),
    # muting said as a state it is set to ("给它弄成静音"), a previous song asked again
    (re.compile(r"^(?:给它|把它|帮我|给我)?(?:调|设置?|切|换)(?:成|到)静音(?:模式)?(?:吧)?$"),
     "静音"),
    (re.compile(r"(?<=上一首)(?:再|重新)(?:来|放|播|听)(?:一遍|一次|一下)?$"), ""),
    (re.compile(r"(?:(?<=窗)|(?<=窗户)|(?<=窗子))(?:推上(?:去|来)?|(?:弄|整|搞)上去)"
                r"(?=[吧啊呀]?$)"), "关上"),
    (re.compile(r"(?<![窗户子])(?:搞|弄|整)起来(?=[吧啊呀]?$)"), "打开"),
    (re.compile(r"(?<=除雾|除霜)(?:弄|整|搞)(?:一下|下)?$"), "打开"),
)
"""Readings made after the register table (see the module doc)."""
