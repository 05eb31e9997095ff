# Over 400 lines: one reading of a sentence as several commands, whose checks (asides, reasons,
# one function said twice, what an aside wants) all judge the same parts; ellipsis.py holds
# the fragments, the rest could move out with the asides.
"""Several commands in one sentence: where to cut it, and when the cut parts are an answer.

Speech strings commands together with a conjunction ("open the window and turn the fan off",
"打开车窗并且把空调关了") or, in Chinese, with nothing at all: "关闭空调打开车窗",
"风量调到三挡温度调到二十四度", "打开座椅按摩播放音乐". :func:`split_commands` cuts on the
conjunctions, then (Chinese) tries cuts before the words a command starts with (a verb such as
打开/关闭/播放, 把/将, or a function's name such as 温度/风量/车窗 right after a finished
command) and keeps the reading whose every part the rules are sure of: a command, a number out
of its range (said, not set), or a request the rules know the cabin cannot do ("关闭天窗":
nothing acts, the others still do). Among such readings the one with the most commands wins,
then the one with the fewest parts. No reading is taken when a part the cabin cannot do says
"later", "elsewhere", a question, someone else's habit or a refusal (it could be about the
whole sentence), when two parts move one function differently, or when no part acts.

Before the cut, :mod:`twin.assistant.shapes` puts back what is no part of its own (a filler,
a corrected number, a level said after, a function named first) and, in an English run-on,
offers cuts before a command verb ("close the window turn the ac on"). One way or value said
once after two things is each thing's ("turn the volume and the fan up", "音量和风量都调大";
:func:`twin.assistant.ellipsis.way_said_after`), and a thing named alone before its way said
alone is one command ("Window. Close it. Fan. Up."). Two parts on one
function are one request said twice, unless a step is followed by its value ("风小点儿，调到
二档就行": the value).

A part that only states how things are ("it's freezing", "风太大了") is the reason of the
commands beside it, not a command of its own: it is left out when it is about the function a
command moves, or is cold or heat beside a command that warms or cools (a seat heater, the
window, the fan), else the sentence is not split. An aside the rules read as nothing, said as a
statement ("the baby's asleep", "I need to hear the GPS", "听不清") or, after an order, as a
clause of someone's ("oga wants to talk", "aunty is feeling cold"), is left out too, unless it
wants the other way ("the baby is asleep, turn the music up") or names another function than
the commands' ("the fan's blasting me, tone it down"). The same request said twice is one.
A part that is only a filler ("right, …", "哎呀，…") is no part. A complaint is a statement as
said or said plainly ("热得慌" is "太热了"), and a body part's ("my hands are freezing"): beside
commands it is their reason, agreeing with one of several when it is against none ("close the
window and put the AC on, it's boiling"). A state said with its cause ("I'm wrecked after the
gym") is no wish for later; silence beside "play" is its reason.
A purpose said right after a part the cabin cannot do ("把天窗打开，透透气", "open the sunroof,
to get some air") is that part's (:data:`PURPOSE`): nothing acts, the answer names the part.
Chinese lists also read: each front seat with its own level in one stretch ("主驾座椅加热一档
副驾三档"), "不是X，是Y" (the thing meant), a list of complaints and no order (each its own
function's command), someone else's complaint ("乘客说热") as a reason, "mine too" said first on
the last turn, things listed with 、 sharing one way after 都, and a request said over and over;
a time said as a clause ("…的时候") is never a part the cabin cannot do beside orders that act.
A Chinese run-on that no first cut reads is read by structure (:func:`_run_on`): cut before a
cabin function's name (the catalogue's words) after a part that already reads as a command, or
where a clause's subject starts, every part a command or said beside them ("风扇开到六档跟车窗
开一半", "大家注意了把车窗关上把音乐暂停"); a correction inside a run-on takes back only the part
it follows.

Bounded work: at most :data:`MAX_CUTS` candidate cuts, :data:`MAX_PARTS` parts and parts of
at most :data:`MAX_SPAN` stretches between cuts, each substring parsed at most once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from twin.assistant.binding_words import EN_NUMBERS
from twin.assistant.catalogue import active_catalogue
from twin.assistant.colloquial import plainly
from twin.assistant.ellipsis import (
    OWN_WAY,
    command_inside,
    leaning,
    level_for_all,
    named_then_done,
    seat_said,
    telegraphic,
    way_said_after,
)
from twin.assistant.order_words import en_starts_order
from twin.assistant.phrasing import (
    SEAT,
    it_after_seat,
    number_reading,
    other_zone,
    said_again,
    same_for,
    topic_words,
)
from twin.assistant.resolver import Turn
from twin.assistant.scope import conditional, negated, out_of_scope, told_beside
from twin.assistant.seat_words import EN_COMPANIONS, ZH_COMPANIONS, ZH_MINE
from twin.assistant.shapes import (
    NOT_ALL,
    en_cuts,
    en_ordered,
    en_run_on,
    gives_order,
    named_function,
)
from twin.assistant.shapes import joined as put_back
from twin.assistant.speech_words import ZH_CORRECTION_MARKS

__all__ = ["MAX_CUTS", "MAX_PARTS", "Part", "second_order", "split_commands"]

MAX_PARTS = 5
"""The most parts (commands and things the cabin cannot do) one sentence is split into."""
MAX_CUTS = 6
"""The most candidate cuts tried in one conjunction-free stretch (bounds the parses)."""
MAX_SPAN = 4
"""The most stretches between cuts one part may cover (with MAX_CUTS: at most 22 parses)."""

CONJUNCTIONS = {
    "en": re.compile(r"\s*(?:[,;]\s*)?\b(?:and then|and after that|and after this|and also|"
                     r"after that|after this(?= (?:turn|put|set|open|close|shut|roll|switch|play|"
                     r"pause|mute|skip|crank|bump|knock|drop)\b)|as well as|"
                     r"afterwards|and|then|also|plus|n)\b\s*"
                     # "and" clipped: "turn the music down an' close the window"
                     r"|\s+(?:an'|'n'|n')(?=\s)\s*"
                     # bare "an" before an order ("wind the window up an stick the heater on")
                     r"|\s+an\s+(?=(?:turn|put|set|switch|open|close|shut|roll|wind|crank|pause|"
                     r"play|mute|skip|stick|pop|whack|bung|chuck|give|bring|knock|drop|crack)\b)"
                     # ", so <verb>" is one cut, before a comma's ("…, so open the window and …")
                     r"|(?:\s*,\s*|\s+)so\s+(?=(?:you can |can you |could you |please |just )?"
                     r"(?:turn|put|drop|switch|open|close|shut|roll|crank|pause|play|mute|skip|set|"
                     r"make|bump|knock|stick|pop|bring|wind|crack|take|get|give|navigate)\b)"
                     r"|\s*[,;]\s*|\s*[?!]\s+|\.\s+(?=[A-Za-z])"
                     r"|\s+[-\u2013\u2014]+\s+", re.IGNORECASE),  # a dash said as a pause
    "zh-CN": re.compile(r"\s*(?:[，,;；、。]\s*)?(?:并且|然后|顺便|同时|还有|另外|接着|"
                        r"(?:完了|最后)(?=[把将再打开关调播放导])|"
                        # after a pause, 完了 before a function named is "and then" (fixzh21)
                        r"(?<=[\s，,；;、])完了(?=音量|声音|音乐|温度|车窗|窗户|座椅|风量|空调)|"
                        r"随后|并|以及|而且|同埋|(?:同|和|跟)(?=打开|开启|关闭|关掉|关上|把|将|播放|暂停))\s*|"
                        r"\s*[，,;；、。]\s*(?:再(?=[把将打开关调播放切换来暂静导]))?|"
                        r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])|"
                        # a pause after a number said as digits ("音量调到8 宝宝在睡觉"), not
                        # before its unit ("调到 22 度")
                        r"(?<=\d)\s+(?=[\u4e00-\u9fff])(?![度档挡格级个点分摄百%])|"
                        # a 吧/呀/啊 said mid-sentence ends a clause ("换一首吧这首不好听",
                        # "好热呀我要开窗户")
                        r"(?<=[^酒网贴氧水书话]吧)(?=[\u4e00-\u9fff])(?!台)|"
                        r"(?<=[\u4e00-\u9fff][呀啊])(?=[\u4e00-\u9fff])|"
                        r"(?<=[\u4e00-\u9fff])(?<![不别要想就也还一都先])再(?=[把将打开关调播放切换来暂静导])"),
}
"""Where a sentence may be split into commands: and / then / 并且 / 然后 / 再 / 顺便 / 同埋 / ，
/ a pause (a space between two Chinese words)"""

_REASON_AFTER = re.compile(
    r"(?<=\w)(?<!\bif)(?<!\bwhen)(?<!\bso)(?<!\bas)(?<!\bcause)"
    r"(?<!\bbecause)(?<!\bsince)(?<!\buntil)(?<!\btill)(?<!\bthat)(?<!\bthink)"
    r"(?<!\bknow)(?<!\bguess)(?<!\bsay)(?<!\bsays)(?<!\bsaid)(?<!\bunless)"
    r"(?<!\bonce)(?<!\bwhile)(?<!\bbefore)(?<!\bafter)(?<!\bbut)(?<!\bor)"
    r"(?<!\bwhere)(?<!\bhow)(?<!\bwhat)(?<!\bwhy)(?<!\bwhether)"
    r"\s+(?=(?:i'?m|i am|i can'?t|i cannot|i'?ve|it'?s|she'?s|he'?s|we'?re|"
    r"they'?re|there'?s)\s)",
    re.IGNORECASE)
"""A reason said after the command with no pause marked ("drop the temp two degrees I'm
sweating"): a clause's subject and verb start a part, unless a word before binds it ("if it's",
"so it's", "I think it's"). Tried only when the sentence has no reading as said."""
_VERB_HEADS = re.compile(
    r"(?=(?:打开|开启|启动|关闭|关掉|关上|关了|播放|播一|放一|来一首|导航|把|将|帮我|给我|"
    r"调节|设置|切换|暂停|继续播放|上一首|下一首|换一首|对着|朝着|"
    r"(?<![打关开离展公分避张拉别不])[开关](?=车窗|窗|空调|冷气|暖气|风|座椅|音乐|除雾|除霜)|"
    r"(?<![播不别])放(?=音乐|歌|首|点音乐)))"
)
"""Where a Chinese command may start when no conjunction marks it: a verb..."""
_NOUN_HEADS = re.compile(
    r"(?=(?:空调|温度|风量|风速|风力|出风|音量|声音|多媒体|车窗|窗户|主驾|副驾|前排|后排|全车|"
    r"我的?(?=座椅|座位)|"
    r"所有|座椅|天窗|遮阳|后视镜|氛围灯|大灯|雾灯|阅读灯|屏幕|中控屏|香氛|驾驶模式))"
)
"""... or the name of what it moves."""


@cache
def _zh_names() -> re.Pattern[str]:
    """... or a function's plain name in the catalogue (``explicit``: "风" of "风小一档")."""
    names = [t.explicit.zh_CN for t in active_catalogue().topics.values()
             if t.explicit is not None and t.explicit.zh_CN and "." not in t.explicit.zh_CN]
    return re.compile(f"(?=(?:{'|'.join(names)}))")


@cache
def _zh_anchors() -> re.Pattern[str]:
    """Where a cabin function is named in a Chinese run-on: the catalogue's ``explicit`` names
    and ``words`` (one place for the words), found overlapping; a match of two characters or
    more is an anchor a second command may start at ("…六档|车窗开一半", "回家|音乐放起来")."""
    catalogue = active_catalogue()
    names = [t.explicit.zh_CN for t in catalogue.topics.values()
             if t.explicit is not None and t.explicit.zh_CN]
    names += [pattern.pattern for _, pattern in catalogue.words.get("zh-CN", ())]
    return re.compile("(?=(" + "|".join(f"(?:{n})" for n in names) + "))")


_ZH_AND_ANCHOR = re.compile(r"(?<=[\u4e00-\u9fff\d])[跟和同及](?=[\u4e00-\u9fffA-Za-z])")
"""跟/和 said between two commands of a run-on ("风扇开到六档跟车窗开一半"): a pause."""


def _run_on_cuts(text: str) -> list[int]:
    """Candidate cuts of an unpunctuated run-on the first cuts (:func:`_cuts`) did not read:
    theirs, before each cabin function anchor (:func:`_zh_anchors`) that does not follow a
    word binding it, and (fewest last) before a statement or someone's clause starting
    (:data:`_ASIDE_START`, :data:`_ZH_REPORTED`: "…关掉|太烫了", "…关了|她说烫…")."""
    found = set(_cuts(text))
    found.update(m.start() for m in _zh_anchors().finditer(text)
                 if len(m.group(1)) >= 2 and not _NOUN_GLUED.search(text[:m.start()]))
    starts = {at for at in range(2, len(text) - 1) if _ASIDE_START["zh-CN"].match(text[at:])
              or _ZH_REPORTED.match(text[at:])}
    # a clause may be said after a few words of its own: where a run of starts ends
    asides = sorted(at for at in starts if at + 1 not in starts and at not in found)
    out: list[int] = []
    for at in sorted(_spaced(sorted(found))[:MAX_CUTS] + asides[:2]):
        if 2 <= at <= len(text) - 2 and (not out or at - out[-1] >= 2):
            out.append(at)
    return out


def _spaced(cuts: list[int]) -> list[int]:
    """``cuts`` without one less than two characters after the one before it."""
    out: list[int] = []
    for at in cuts:
        if not out or at - out[-1] >= 2:
            out.append(at)
    return out


def _run_on(piece: str, read: Callable[[str], tuple[Part, str | None]], alone: bool
            ) -> _Reading | None:
    """A Chinese stretch with no pause that no first cut read, read by structure: cut where
    a second complete command begins (a cabin function anchor after a part that already reads
    as a command; 跟/和 there said as a pause), each cut kept only when every part reads as a
    command, or is a situation, a filler or an aside said beside them (:func:`_aside`: "同学们
    注意了|把窗户关上|把歌暂停", "…关掉|太烫了"), with two parts or more and two commands, or
    (not ``alone``: other parts of the sentence said apart) one said first, an order then its
    reason. None when there is no such reading (the stretch is then judged whole)."""
    text = _ZH_AND_ANCHOR.sub("", piece) if any(
        _zh_anchors().match(piece, m.end()) for m in _ZH_AND_ANCHOR.finditer(piece)) else piece

    def beside(part: str, after: bool) -> bool:
        return _FILLER_PART["zh-CN"].match(part) is not None or _aside(
            part, read(part)[0], "zh-CN", after)

    spans = _best(text, read, _run_on_cuts, _lean_zh, beside)
    if spans is None or len(spans.parts) < 2 or not spans.commands or (spans.commands == 1 and (
            alone or read(spans.parts[0])[1] != "act")):
        # one command after a story ("我哥…找不着|回家的路"), or in a sentence of nothing else
        # ("回家的路|我认识"): the story may be all the sentence says
        return None
    return spans


_VERB_GLUED = re.compile(r"(?:停止|暂停|继续|开始|重新|不要|别|不|没|再|帮我|给我|播放|播|放)$")
"""Words that bind the verb after them ("停止|播放"): no cut there."""
_NOUN_GLUED = re.compile(r"(?:所有|全部|全车|主驾驶?|副驾驶?|前排|后排|[把将的给帮和与跟及])$")
"""Words that bind the noun after them ("把|车窗", "所有|车窗"): no cut there. A verb does
not: "座椅加热关掉|空调打开" says the verb after its object."""

_FILLER_PART = {
    "en": re.compile(r"^(?:(?:right|ok|okay|alright|well)(?:,?\s+(?:so|then))?|so|hey|oh|ah|ag|"
                     r"ag man|man|bro|yeah|aye|och|thanks|thank you|thank you very much|"
                     r"thanks a lot|cheers|ta|please|"
                     r"eish|aiyo|aiya|wow|jeez|gosh|blimey|crikey|oh my god|omg|look|listen)"
                     r"[\s.!]*$", re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:(?:哎呀妈呀|哎呀|哎哟|哎|唉|天哪|我的天|妈呀|我去|好家伙|啊|嗯+|哦|"
                        r"额+|呃+|诶|欸|快点儿?|快快快|赶紧的?|麻利点儿?|这个|那个|然后|"
                        r"好了|好吧|对了|那啥|中不中|中不|好不好|行不行|行不|成不|好伐|好吗|行吗|"
                        r"谢谢|谢谢你|谢啦|多谢|辛苦了|麻烦了|唔该|唔该晒|救命|笑死|无语|绝了|服了|"
                        r"破防了|真的会谢|"
                        # internet shorthand said first ("yysy": 有一说一)
                        r"(?i:yysy|u1s1|xdm|emm+|plz|pls|awsl|xswl|nsdd|h{3,}))[，,\s]*)+"
                        r"[啊呀吧]?[。！!？?]*$"),
}
"""A part that is only a filler or an exclamation ("right, …", "哎呀妈呀，…"): no part at all."""
_ZH_SHORTHAND = re.compile(r"^(?i:yysy|u1s1|xdm|emm+|plz|pls|awsl|xswl|nsdd|h{3,})[\s，,!！]+"
                           r"(?=[\u4e00-\u9fff])")
"""Internet shorthand said first, before a pause ("yysy 太闷了 车窗开条缝")."""
_ZH_CORRECTS = re.compile(r"^(?:哦|噢|啊|呃|额|嗯)?(?:不是不是|不对不对|不是|我说错了|"
                          rf"{ZH_CORRECTION_MARKS})(?:啊|呀)?[。！!]*$")
"""A part that only says the part before it was misspoken ("静音 哦不是 暂停")."""
_ZH_NUMBER_FIRST = re.compile(r"^(?:改成|换成|改为)?(?:\d|[零一二两三四五六七八九十百])")


def _corrected_zh(pieces: list[str]) -> list[str]:
    """``pieces`` without each correction marker (:data:`_ZH_CORRECTS`) and the part it takes
    back, the one said right before it."""
    out: list[str] = []
    for i, piece in enumerate(pieces):
        # a number said instead ("温度二十二，不对，二十一") is the shapes' to put back
        if _ZH_CORRECTS.match(piece) and 0 < i < len(pieces) - 1 and out and not (
                _ZH_NUMBER_FIRST.match(pieces[i + 1])):
            out.pop()
            continue
        out.append(piece)
    return out
_ZH_NOT_THAT = re.compile(r"^(?:哦|噢|啊|呃|额|嗯)?(?:不是|不对不是)(?P<x>[\u4e00-\u9fff]{1,6}?)"
                          r"[啊呀]?$")
"""A thing said not to be the one meant ("不是车窗"), before the one meant said with 是."""
_ZH_IT_IS = re.compile(r"^(?:我说的)?是(?=[\u4e00-\u9fff])")


_ZH_AGAIN = re.compile(r"^([\u4e00-\u9fff]{2,6}?)\1+[！!。～~]*$")
"""A request said over and over with no pause ("切歌切歌切歌", "回家回家回家")."""
_ZH_EACH = re.compile(
    r"(?:^|(?<=[，,。；;\s]))[把将]?(?P<l>[^和跟与及都、，,。\s]{2,6}"
    r"(?:(?:和|跟|与|以及|、)[^和跟与及都、，,。\s]{2,6})+)(?:全)?都"
    r"(?P<v>[调开关拉放升降加减设][^和跟与都，,。\s]{0,8})(?=$|[，,。；;\s])")
"""Things listed and one way said once after 都 ("把音乐、风量和温度都调低一点")."""


def _each_zh(found: re.Match[str]) -> str:
    """Each thing of :data:`_ZH_EACH` with the way said after it ("音乐调低一点，风量调低一点，
    …"), when the things are a list said with 、 (two joined by 和 alone: :data:`_ZH_SHARED`)."""
    if "、" not in found.group("l"):
        return found.group(0)
    things = re.split(r"和|跟|与|以及|、", found.group("l"))
    return "，".join(f"{t}{found.group('v')}" for t in things)


def _not_that_zh(pieces: list[str]) -> list[str]:
    """``pieces`` without a "不是X" said right before "是Y", and Y without its 是 ("不是车窗，
    是把风扇关了": turn the fan off), nor the order on X said before them ("开窗 哦不是窗 是风扇
    …": the window is taken back); Y said as a bare thing before its own order ("是空调，把空调
    关了") is no part of its own."""
    out: list[str] = []
    i = 0
    while i < len(pieces):
        after = pieces[i + 1] if i + 1 < len(pieces) else ""
        if not (_ZH_NOT_THAT.match(pieces[i]) and _ZH_IT_IS.match(after)):
            out.append(pieces[i])
            i += 1
            continue
        meant = _ZH_IT_IS.sub("", after)
        taken = topic_words(_ZH_NOT_THAT.sub(r"\g<x>", pieces[i]), "zh-CN")
        if out and taken is not None and topic_words(out[-1], "zh-CN") == taken:
            out.pop()  # "开窗 哦不是窗 是风扇": the order on that thing is taken back
        later = pieces[i + 2] if i + 2 < len(pieces) else ""
        if not _ZH_VERBISH.search(meant) and meant.strip("啊呀的") in later:
            i += 2  # "是空调，把空调关了": the order names it again
            continue
        out.append(meant)
        i += 2
    return out


_ZH_WAY = re.compile(r"[大小高低]一?[点些]|大声|小声")
"""A way said without a verb ("音乐大声点"): an order, no complaint."""
_ZH_VERBISH = re.compile(r"[把将开关放切换暂静导升降加减设来]|(?<!空)调|(?<!广)播")


STATEMENT = {
    "en": re.compile(r"(?:it'?s|it is|its|i'?m|i am|im|we'?re|we are|i feel|feeling|getting|"
                     r"it feels|this is|that'?s|so|too|way too|(?:the|my|our) (?:kids|children|"
                     rf"baby|passengers?|{EN_COMPANIONS}) (?:is|are)|everyone|everybody|"
                     r"(?:boiling|roasting|baking|sweltering|freezing|chilly|stuffy|sweating)"
                     r"(?= in here| back here|$)|(?:the|this|my|our) (?:car|cabin|seat|air|music|"
                     r"radio) (?:is |'s )?(?:already|still|getting|too|so|really|very|a bit|"
                     r"freezing|cold|hot|boiling|loud|quiet)|(?:my|our|his|her|their) "
                     r"(?:hands|feet|fingers|toes|legs|face|ears|nose|arms|knees|neck|back|lips)\s+"
                     r"(?:are|is|'re|have|feel|went|'ve)|(?:(?:the|all the|all this|this|that) )?"
                     r"(?:rain|snow|sleet|spray|dust|smoke|fumes|exhaust|bugs)"
                     # the weather coming in ("the rain is coming in, close the sunroof")
                     r"(?:'s| is| are| keeps))\b",
                     re.IGNORECASE),
    "zh-CN": re.compile(r"(?:我们?(?![要想需希让来])(?!这边的?(?:车窗|窗|座))|好|太|有点|有些|真|"
                        r"车[里内上](?!给|帮|把|调到|调成|整成|弄成|设成|设到)|感觉|觉得|这|[热冷闷冻晒烫吵](?=死|得|坏|透))"),
}
"""A part that states how things are (a reason said beside a command), not a command."""
PURPOSE = {
    "en": re.compile(r"^(?:(?:so (?:that )?(?:i|we) can|in order to|to|for|so)\s+)?"
                     r"(?:(?:get|let|have|bring|let in)\s+)?(?:in\s+)?"
                     r"(?:some|a (?:bit|little)(?: of)?|a breath of)?\s*(?:fresh\s+)?air"
                     # the air alone: "air con off" is the AC, no purpose
                     r"(?:\s+in(?:\s+here)?)?(?:\s+please)?$"
                     r"|^(?:(?:so (?:that )?(?:i|we) can|in order to|to)\s+)?"
                     r"(?:air (?:it|the car) out|cool (?:down|off)|get rid of the smell)$",
                     re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:为了|好|让)?(?:透透气|透个气|透气|通通风|通个风|通风|凉快凉快|"
                        r"凉快一下|散散味儿?|散味儿?|换换气|换气|透透风)(?:一下)?[吧啊呀呢]?$"),
}
"""A part that only says why ("透透气", "to get some air"): said right after a part the cabin
cannot do ("把天窗打开，透透气"), it is that part's purpose, not a command of its own."""
_AIRING = ("window_open", "window_set_position")
"""A window opened: a purpose said right after it ("窗户打开 透透气") is its own, not a command."""
_STATEMENT_INSIDE = {
    "en": re.compile(r"\b(?:is|are) (?:too|so|way too|really|very)\b", re.IGNORECASE),
    "zh-CN": re.compile(r"(?:太|有点|有些|好|真|特别|非常)(?:大|小|强|弱|吵|冷|热|闷|凉|低|高)"),
}
"""A statement further into a part ("风太大了"): a reason beside another command."""
_ON_OFF = re.compile(r"打开|开启|启动|关闭|关掉|关上|关了")
"""On/off verbs, said before their object ("关闭空调") or after it ("空调关闭")."""
_BARE = re.compile(r"^(?:打开|开启|启动|关闭|关掉|关上|关了|开|关|调|[把将也都再先]|一下|吧|了)+$")
"""A part that is only a verb ("打开"): it names nothing the cabin cannot do."""
_EN_VERB = re.compile(
    r"^(?:(?:(?:can|could|would|will) you|please)\s+)*((?:turn|switch|shut) (?:on|off)|"
    r"(?:turn|crank|bump|knock|bring) (?:up|down)|open|close|"
    r"shut|mute|pause|stop|start|kill|roll (?:up|down))\s+", re.IGNORECASE)
"""An English command's leading verb ("turn off the music and the AC": "the AC" shares it)."""
_EN_NOUN = re.compile(r"^(?:the|my|a|an|all|some|our|both|your)\b", re.IGNORECASE)
"""A part that starts as a noun phrase: no command of its own ("the AC" is not "turn it on")."""
_EN_CLAUSE = re.compile(r"^(?:the|my|a|an|our|your)\s+(?:[\w']+\s+){0,4}?(?:is|are|was|were|has|"
                        r"have|had|smells?|stinks?|keeps?|isn't|aren't|wasn't)\b|"
                        r"^(?:the|my|our|your)\s+\w+'s\s+\w", re.IGNORECASE)
"""A part that is a clause of its own, a noun phrase and its verb ("the phone is ringing", "my
mother is calling me", "the dog smells"): said beside a command, it takes no verb of the part
before it (it is judged as an aside)."""
_ZH_SHARED = (
    re.compile(r"^(?P<v>打开|开启|关闭|关掉|关上|关了|开|关)(?P<a>[^和跟与]+?)(?:和|跟|与|以及|还有)"
               r"(?P<b>[^和跟与]+?)[都也]?$"),
    re.compile(r"^[把将]?(?P<a>[^和跟与]+?)(?:和|跟|与|以及|还有)(?P<b>[^和跟与]+?)[都也]?"
               r"(?P<v>打开|开启|关闭|关掉|关上|关了|关|开)[吧了]?$"),
    # any way or value said once after 都 for both ("音量和风量都调大", "…都调到三档")
    re.compile(r"^[把将]?(?P<a>[^和跟与都]{2,6}?)(?:和|跟|与|以及)(?P<b>[^和跟与都]{2,6}?)(?:全)?都"
               r"(?P<v>[调开关拉放升降加减设][^和跟与都，,。]{0,8})$"),
)
"""One verb for two things ("关闭车窗和空调", "把车窗和空调都关了", "音量和风量都调大")."""
_NOT_NOW = ("elsewhere", "later", "question", "phone", "someone_else")
_SEATLIKE = {
    "en": re.compile(r"^(?:(?:and|but|then|also|plus)\s+)?(?:(?:on|for)\s+)?(?:mine|my|hers|his|"
                     r"the passenger|passenger|the driver)\b", re.IGNORECASE),
    "zh-CN": re.compile(rf"^(?:那|还有|而)?(?:我|主驾|副驾|乘客|旁边|她|他|{ZH_COMPANIONS})"),
}
"""How a part that names a seat alone starts (read the part before it only then)."""


class Part(Protocol):
    """What the split needs of one part's rule result."""

    @property
    def intent(self) -> str: ...
    @property
    def value(self) -> object: ...
    @property
    def confidence(self) -> float: ...
    @property
    def reason(self) -> str: ...
    @property
    def actuates(self) -> bool: ...
    @property
    def source(self) -> str: ...


SURE = 0.85
_SAID_NO = ("open_template", "ha_out_of_domain")
"""Reasons of a part the rules know the cabin cannot do (a device it lacks, a call, a game)."""


@dataclass(frozen=True)
class _Reading:
    commands: int
    parts: tuple[str, ...]


_ZH_WHEN = re.compile(r"(?:的时候|之后|以后|之前|以前)[吧啊呀]?$")
"""A time said as a clause of its own ("到加油站的时候"): when the parts after it are wanted."""


def _kind(part: Part, text: str, lang: str) -> str | None:
    """``act`` (a command), ``range`` (a number out of range), ``no`` (something the cabin
    cannot do, said so), or None: not a part the split may stand on."""
    if part.confidence < SURE:
        return None
    if part.source == "home_assistant" and _EN_NOUN.match(text):
        return None  # "the AC" alone is no request to turn it on
    if part.actuates:
        return "act"
    if part.reason == "out_of_range":
        return "range"
    if part.reason in _SAID_NO and part.intent == "unknown" and not _BARE.match(text):
        kind = out_of_scope(text)
        if (kind == "elsewhere" and _wet_outside(text)) or told_beside(text):
            kind = None  # "外头下雨了，把窗户摇上去", "同学聚会太尴尬了": the command's reason
        if kind in _NOT_NOW or negated(text) or (lang == "zh-CN" and _ZH_WHEN.search(text)):
            # "later", "elsewhere", "don't", "到加油站的时候": may be about the other parts too
            return None
        return "no"
    return None


def _cuts(text: str) -> list[int]:
    """Candidate cut positions inside ``text`` (Chinese, no conjunction there): before a verb
    a command starts with, or before a function's name that does not follow a word binding
    it, nor an on/off verb that starts its command ("关闭|空调" is one command; "座椅加热关掉|
    空调打开" two: that verb comes after its object, so what follows starts the next one)."""
    found = {m.start() for m in _VERB_HEADS.finditer(text)
             if not _VERB_GLUED.search(text[:m.start()])}
    initial_end: set[int] = set()  # where an on/off verb that starts its command ends
    clause = 0
    for m in _ON_OFF.finditer(text):
        if _ON_OFF.match(text, clause) or m.start() == clause:
            initial_end.add(m.end())
            clause = m.start()
        else:  # the verb ends its command: the next one starts after it
            clause = m.end()
    for m in (*_NOUN_HEADS.finditer(text), *_zh_names().finditer(text)):
        at = m.start()
        if not _NOUN_GLUED.search(text[:at]) and at not in initial_end:
            found.add(at)
    # a complaint ended by its degree ("冷死了|广播也听不清")
    found.update(m.end() for m in _COMPLAINT_END.finditer(text))
    # another seat said after a seat's heating ("我的座椅加热开一档|她的开三档")
    found.update(m.start() for m in _SEAT_HEADS.finditer(text) if _SEAT_FUNCTION.search(
        text[:m.start()]) and not _NOUN_GLUED.search(text[:m.start()]))
    out: list[int] = []
    for at in sorted(found):
        if 2 <= at <= len(text) - 2 and (not out or at - out[-1] >= 2):
            out.append(at)
    return out[:MAX_CUTS]


_SEAT_HEADS = re.compile(r"(?=(?:我的|我这边|她的|他的|(?:我)?(?:老婆|媳妇|老公)的))")
"""A seat named by whose it is: where a command may start after a seat's heating was said."""
_SEAT_FUNCTION = re.compile(r"加热|加温")
_ZH_FUNCTION_ONLY = re.compile(r"(?:^|[^\u4e00-\u9fff]|[把将给])(?:座椅|座位)?(?:加热|加温)\s*$")
"""A seat's heating named with nothing after it yet: the seat said next is its own."""
_COMPLAINT_END = re.compile(r"(?<=[热冷闷吵冻晒])(?:死了|死|得要命|得慌|得不行|坏了|透了)[啊呀]?")
"""Where a complaint said with its degree ends ("冷死了"): another part may follow unpaused."""
_ZH_ALSO = re.compile(r"(?<=[\u4e00-\u9fff])(?:也|还)(?![不没别是有要])(?=[\u4e00-\u9fff])")
""""Too" or "still" said in a later part of a list ("我的座位也冰凉", "车窗还漏风")."""
_ZH_FUNCTION_FIRST = re.compile(
    r"^(?:[把将])?(?P<f>(?:座椅|座位)(?:加热|加温))[，,\s]*(?P<z>(?:主驾驶?|副驾驶?|我|她|他)(?:的|这边的?|那边的?)?)"
    r"(?=[^，,。]{0,4}?(?:[一二两三123]|最高|最低|最大|低|中|高)[档挡级])")
"""A seat's heating named first, then each seat with its level ("座椅加热主驾三档副驾两档")."""


def _lean_zh(text: str, before: str) -> str | None:
    """A later part of a Chinese list as said alone: a seat named with its way ("副驾三档"),
    after a seat's heating, as the whole command it stands for
    (:func:`twin.assistant.ellipsis.leaning`); a part said with "too" or "still" without it
    ("广播也听不清" -> "广播听不清")."""
    if _SEATLIKE["zh-CN"].match(text) and not _ZH_FUNCTION_ONLY.search(before) and (
            seat := leaning(text, "zh-CN", before)) is not None:
        return seat  # (never after the function alone: "座椅加热|副驾的关掉" is one command)
    alone = _ZH_ALSO.sub("", text, count=1)
    return alone if alone != text else None


def split_commands(
    text: str,
    lang: str,
    history: Sequence[Turn],
    parse: Callable[[str, Sequence[Turn]], Part],
    topic_of: Callable[[str], str],
    whole: Part | None = None,
) -> list[tuple[str, Part]] | None:
    """``(text, result)`` of each part of ``text`` in order, or None when there is no reading
    of two or more parts the rules are all sure of with at least one command (see the module
    doc); an English sentence with no such reading as said is read again with a pause marked
    before a reason said after the command (:data:`_REASON_AFTER`)."""
    found = _split_said(text, lang, history, parse, topic_of, whole)
    if found is None and lang == "en" and (marked := _REASON_AFTER.sub(", ", text)) != text:
        found = _split_said(marked, lang, history, parse, topic_of)
    if found is None and lang == "zh-CN" and (marked := _ZH_DONE_THEN.sub("，", text)) != text:
        # "单子送完了导航回家…": 完了 ends what was done ("送完了"), not "and then"
        found = _split_said(marked, lang, history, parse, topic_of)
    return found


_ZH_DONE_THEN = re.compile(r"(?<=[\u4e00-\u9fff]完了)(?=[把将再打开关调播放导])")
"""完了 said right after a verb, before a command: read once more as the end of a clause."""


def _split_said(
    text: str,
    lang: str,
    history: Sequence[Turn],
    parse: Callable[[str, Sequence[Turn]], Part],
    topic_of: Callable[[str], str],
    whole: Part | None = None,
) -> list[tuple[str, Part]] | None:
    """:func:`split_commands` for ``text`` as said. ``parse`` reads one part (with
    ``history``), ``topic_of`` names an intent's function (two parts on one function are one
    request said twice); ``whole`` is the sentence's own reading, if already made (it is not
    parsed again)."""
    if conditional(text):  # "过了收费站再开窗": the condition may bind every part
        return None
    if lang == "zh-CN" and (again := _ZH_AGAIN.match(text.strip())) is not None:
        one = parse(again.group(1), history)  # "切歌切歌切歌": one request said for stress
        return [(again.group(1), one)] if _kind(one, again.group(1), lang) == "act" else None
    if lang == "zh-CN":  # "座椅加热主驾三档副驾两档": the function said once, before the seats
        text = _ZH_FUNCTION_FIRST.sub(r"\g<z>\g<f>", text, count=1)
        text = _ZH_EACH.sub(_each_zh, text)  # "把音乐、风量和温度都调低一点": each thing's way
    pieces = [p.strip() for p in CONJUNCTIONS[lang].split(text.strip()) if p and p.strip()]
    if lang == "zh-CN" and pieces:  # "yysy 太闷了 …": the shorthand said first is no part
        pieces[0] = _ZH_SHORTHAND.sub("", pieces[0]) or pieces[0]
    if lang == "zh-CN" and history and len(pieces) > 2 and _ZH_CORRECTS.match(pieces[0]):
        # "不对，四档，然后把空调也打开": the marker said first takes back the last turn; the
        # part after it is the wish instead (read on that turn)
        pieces = [pieces[0] + pieces[1], *pieces[2:]]
    if lang == "zh-CN" and any(_ZH_CORRECTS.match(p) for p in pieces[1:-1]):
        pieces = _corrected_zh(pieces)  # "静音 哦不是 暂停，然后关窗": the part said instead
    if lang == "zh-CN" and len(said := _not_that_zh(pieces)) < len(pieces):
        pieces = said  # "不是车窗，是把风扇关了": the thing meant, not the other
        if len(pieces) == 1:  # "开窗 哦不是窗 是风扇 风扇调大": the one order left
            one = parse(pieces[0], history)
            return [(pieces[0], one)] if _kind(one, pieces[0], lang) == "act" else None
    last = pieces[-1].strip(" 。！!") if pieces else ""
    if lang == "zh-CN" and len(pieces) > 1 and 1 < len(last) <= 4 and last in pieces[-2]:
        pieces = pieces[:-1]  # "把窗户全部打开 全部": a word said again for stress is no part
        if len(pieces) == 1:
            one = parse(pieces[0], history)
            return [(pieces[0], one)] if _kind(one, pieces[0], lang) == "act" else None
    joined = put_back(pieces, lang) if len(pieces) > 1 else pieces
    if lang == "en" and len(joined) > 1:  # "Window. Close it. Fan. Up."
        joined = telegraphic(named_then_done(joined, lambda p: topic_words(p, lang)))
    if len(joined) == 1 and len(pieces) > 1:  # "pop my seat warmer on, low is fine": one
        one = parse(joined[0], history)
        return [(joined[0], one)] if _kind(one, joined[0], lang) == "act" else None
    pieces = [p for p in joined if not _FILLER_PART[lang].match(p)] or joined
    if len(pieces) == 1 and len(joined) > 1:  # "哎呀，车里太冷了": the filler is no part
        one = parse(pieces[0], history)
        return [(pieces[0], one)] if _kind(one, pieces[0], lang) == "act" else None
    if not pieces or len(pieces) > MAX_PARTS:
        return None
    level = level_for_all(pieces[-1], lang) if len(pieces) > 1 else None
    if level is not None:
        pieces = pieces[:-1]
    cache: dict[str, tuple[Part, str | None]] = {}
    if whole is not None:
        cache[text.strip()] = (whole, _kind(whole, text.strip(), lang))

    said: list[Turn] = []  # what the sentence asked for so far ("play music and turn it up")

    def read(piece: str) -> tuple[Part, str | None]:
        if piece not in cache:
            result = parse(piece, (*history, *said))
            cache[piece] = (result, _kind(result, piece, lang))
        return cache[piece]

    if lang == "en":
        pieces = _shared_verbs(pieces, lambda p: read(p)[1] is not None)

    for i in range(1, len(pieces)):  # "..., and the passenger one too": the last one's again
        pieces[i] = other_zone(pieces[i], lang, pieces[i - 1]) or pieces[i]
    if history and pieces and read(pieces[0])[1] is None:
        # "我这边也开上，再把风量调小一档" after the passenger's seat: the last turn's again
        last = history[-1]
        pieces[0] = next((a for a in said_again(pieces[0], lang, last.text, last.intent,
                                                last.value) if read(a)[1] == "act"), pieces[0])
    if level is not None:  # "heat my seat and my wife's too, both on high"
        seats = [q.intent for p in pieces for q in (getattr(read(p)[0], "split", ()) or (
            read(p)[0],))]
        if not seats or not all(s.startswith("seat_heat_") for s in seats):
            return None
        pieces = [seat_said(lang, s == "seat_heat_driver", level) for s in seats]
    chosen: list[str] = []
    asides: list[str] = []
    purposes: list[str] = []
    away = False  # an aside's subject is a thing an "it" cannot be read as the volume of
    for i, piece in enumerate(pieces):
        if chosen and PURPOSE[lang].match(piece.strip(" .!。！")) and (
                read(chosen[-1])[1] == "no" or read(chosen[-1])[0].intent in _AIRING):
            purposes.append(piece)  # "把天窗打开，透透气": why the part before, not a command
            continue
        lean = None
        if i and (lean := leaning(piece, lang, pieces[i - 1])) is None and _SEATLIKE[lang].match(
                piece):  # "heat my seat and my wife's too": the reading names the function
            before = read(pieces[i - 1])[0]
            lean = leaning(piece, lang, pieces[i - 1], (before.intent, before.value))
        if i and lean is None and lang == "zh-CN":  # "…，车窗还漏风": as said alone
            lean = _lean_zh(piece, pieces[i - 1])
        if lean is not None and read(piece)[1] is None and read(lean)[1] == "act":
            piece = pieces[i] = lean  # "…，我的开一档": my seat heating, level one
        elif i and read(piece)[1] is None and read(pieces[i - 1])[1] == "act":
            # "风小点儿，调到二档就行": a number alone sets what the part before it moved
            value = number_reading(piece, lang, topic_of(read(pieces[i - 1])[0].intent))
            if value is not None and read(value)[1] == "act":
                piece = pieces[i] = value
        spans = _best(piece, read, _cuts, _lean_zh) if lang == "zh-CN" else (
            _en_run_on(piece, read) if read(piece)[1] is None else
            _lacking_run_on(piece, read) if read(piece)[1] == "no" else
            _en_swallowed(piece, read) if read(piece)[1] == "act" else None)
        if spans is None:
            if read(piece)[1] is None and NOT_ALL.match(piece) and chosen and (
                    read(chosen[-1])[0].intent == "window_set_position"):
                asides.append(piece)  # "车窗开条缝就行，别全打开"
                continue
            if read(piece)[1] is None:
                shared = _shared_zh(piece, read) if lang == "zh-CN" else None
                run_on = _run_on(piece, read, len(pieces) == 1) if (
                    lang == "zh-CN" and shared is None) else None
                if run_on is not None:  # "把窗户关上把歌暂停", "回家回家音乐放起来"
                    for part in run_on.parts:
                        (chosen if read(part)[1] is not None else asides).append(part)
                    continue
                if shared is None:
                    if not _aside(piece, read(piece)[0], lang, after=bool(chosen)):
                        return None
                    asides.append(piece)
                    subject = _subject_topic(piece) if lang == "en" else None
                    named = subject or topic_words(piece, lang)
                    setter = active_catalogue().setter(named)
                    if setter is not None and lang == "en":  # "it's really loud, turn it down"
                        said.append(Turn(piece, setter, None))
                    elif subject is not None:  # "the AC is way too loud, turn it down"
                        away = True
                    continue
                chosen.extend(shared)
                continue
            chosen.append(piece)
            part = read(piece)[0]
            if part.intent != "unknown" and lang == "en" and not STATEMENT[lang].match(piece):
                said.append(Turn(piece, part.intent, part.value))  # type: ignore[arg-type]
        else:
            chosen.extend(spans.parts)
    if away and any(read(p)[0].intent.startswith("media_volume") and _IT.search(p)
                    for p in chosen):
        return None  # "the heater is really loud, turn it down": not the music's volume
    if not 1 <= len(chosen) <= MAX_PARTS or len(chosen) + len(asides) + len(purposes) < 2:
        return None
    if lang == "zh-CN" and (listed := _complaints(chosen, read, topic_of)) is not None:
        return listed  # "冷得要命，前挡看不清，广播声音太小": each complaint its function's
    out: list[tuple[str, Part]] = []
    reasons: list[Part] = []
    reason_texts: list[str] = []
    topics: set[str] = set()
    refused = any(read(p)[1] == "no" for p in chosen)
    for piece in chosen:
        part, kind = read(piece)
        if kind == "no":
            out.append((piece, part))
            continue
        if refused and kind == "act" and (_states(piece, lang) or _BODY_FELT.search(piece)
                                          or _SENSE_LOST.fullmatch(piece.strip(" 。！!，,"))):
            # "方向盘加热打开 手都冻木了": a feeling said beside an order the cabin cannot do is
            # that order's reason, never a command of its own ("开空调 热死了" is served)
            continue
        if _states(piece, lang) or (
                kind == "act" and _STATEMENT_INSIDE[lang].search(piece)):
            # a statement ("it's hot", "风太大了") beside a command is its reason, not a
            # command of its own
            if kind != "act":
                return None
            reasons.append(part)
            reason_texts.append(piece)
            continue
        if out and it_after_seat(piece, out[-1][0], lang) and "seat_heat" not in part.intent:
            if out[-1][1].intent.startswith("seat_heat_"):
                continue  # "my seat is freezing, warm it up": "it" is the seat, asked once
            return None
        topic = topic_of(part.intent)
        if any((p.intent, p.value) == (part.intent, part.value) for _, p in out):
            continue  # "起雾了，看不清": the same request said twice is one request
        if topic in topics:  # two parts about one function: one request said twice
            at = next(k for k, (_, p) in enumerate(out) if topic_of(p.intent) == topic)
            if _direction(out[at][1].intent) in ("up", "down") and (
                    _direction(part.intent) == "set" and isinstance(part.value, int)):
                out[at] = (piece, part)  # "turn the fan down, to two": the value is how far
                continue
            return None
        topics.add(topic)
        out.append((piece, part))
    if not any(p.actuates for _, p in out):
        if purposes and out and not reasons and not asides:
            return out  # "open the sunroof, to get some air": what the cabin cannot do, said
        if len({(r.intent, r.value) for r in reasons}) == 1 and len(reasons) > 1 and not out:
            return [(chosen[0], reasons[0])]  # "my ears are ringing, that's way too loud"
        if len(reasons) != 1 or out or not asides or (
                reasons[0].intent == "media_next" and any(_LIKED.search(a) for a in asides)):
            return None  # "这首歌听了五十遍了，太好听了": a song liked is no song to skip
        # a statement said with an aside only ("太热了，受不了了"): the statement asks
        return [(chosen[0], reasons[0])]
    opposite = active_catalogue().opposite
    for reason in reasons:  # "it's freezing, set the heat to 25": the reason of a command
        on_topic = [p.intent for _, p in out if topic_of(p.intent) == topic_of(reason.intent)]
        agrees = _AGREES.get(reason.intent)
        acting = [p for _, p in out if p.actuates]
        cooling_ac = any(p.intent == "climate_ac_on" and not _HEATER.search(t) for t, p in out)
        if agrees is not None and all(agrees(p.intent, p.value) or (
                reason.intent == "climate_temperature_down" and cooling_ac
                and p.intent == "climate_ac_on") for p in acting):
            continue  # "turn off my seat heater, it's getting too hot", "开下空调，热死了"
        against = _AGAINST.get(reason.intent)
        if agrees is not None and against is not None and len(acting) > 1 and (any(
                agrees(p.intent, p.value) for p in acting) or (
                reason.intent == "climate_temperature_down" and cooling_ac)) and not any(
                against(p.intent, p.value) for p in acting):
            continue  # "关上车窗，把冷气打开，太热了": the AC cools; the window only keeps it in
        if not on_topic or opposite(reason.intent) in on_topic:
            return None  # about nothing asked for, or the other way: read the sentence whole
    asked = {p.intent for _, p in out}
    if "media_play" in asked and asked & {"media_pause", "media_mute"}:
        return None  # "hold the music, I want to hear …": playing and stopping at once
    if "media_play" in asked and asked & {"media_next", "media_previous"}:
        # "go back to the last song, I want to hear it again": the skip plays; the rest is why
        out = [(part, p) for part, p in out if p.intent != "media_play"]
    if any(opposite(want) in asked for a in asides for want, why in _ASIDE_WANTS.items()
           if why.search(a)):
        return None  # "the baby is sleeping, turn the music up": the aside says otherwise
    if "media_next" in asked and any(_STILL_LIKED.search(a) for a in asides):
        return None  # "heard it a hundred times and I still love it": no song to skip
    if any(against(p.intent, p.value) for a in asides for want, against in _AGAINST.items()
           if _ASIDE_WANTS[want].search(a) for _, p in out if p.actuates):
        return None  # "the car's been in the sun all day, put my seat heater on"
    if any(SEAT.search(a) for a in asides) and not any(
            p.intent.startswith("seat_heat_") for _, p in out):
        return None  # "my seat's ice cold, warm it up": the seat is what "it" is, not the cabin
    if lang == "zh-CN" and any(p.intent.startswith("seat_heat_driver") and not _ZH_MINE.search(t)
                               for t, p in out) and any(
            _ZH_WHOSE.search(a) for a in (*asides, *reason_texts)):
        return None  # "打开座椅加热，给我老婆", "…，她冷": the seat may be someone else's
    named = {topic_words(a, lang) for a in asides
             if not _agrees(a, out) and not _WEATHER_OUT.match(a.strip(" .!。！"))
             and not (_SILENCE.search(a) and "media_play" in asked)} - {None}
    if any(not any(topic_of(p.intent).startswith(t) for _, p in out) for t in named):
        return None  # "the fan's blasting me, tone it down": the aside says what "it" is
    return out


def _complaints(chosen: Sequence[str], read: Callable[[str], tuple[Part, str | None]],
                topic_of: Callable[[str], str]) -> list[tuple[str, Part]] | None:
    """A Chinese list of complaints and no order ("冷得要命，前挡看不清，广播声音太小"): each
    complaint the rules are sure of, on a function of its own, is that function's command;
    None when a part gives an order (a complaint is then the reason of the order beside it),
    fewer than two functions are named, or two complaints want one function different ways."""
    if any(read(p)[1] != "act" or _ZH_VERBISH.search(p) or _ZH_WAY.search(p) for p in chosen):
        return None
    out: list[tuple[str, Part]] = []
    for piece in chosen:
        part = read(piece)[0]
        if any((p.intent, p.value) == (part.intent, part.value) for _, p in out):
            continue  # "起雾了，看不清": one request said twice
        if any(topic_of(p.intent) == topic_of(part.intent) for _, p in out):
            return None
        out.append((piece, part))
    opposite = active_catalogue().opposite
    asked = {p.intent for _, p in out}
    if len(out) < 2 or any(opposite(i) in asked for i in asked):
        return None
    return out


_BODY_FELT = re.compile(r"(?:手|脚|脸|耳朵|指头|腿|鼻子|身上|浑身)[^，,。\s]{0,3}"
                        r"(?:冻|冷|冰|凉|烫|麻|僵)")
"""How a body feels ("手都冻木了", "脚冰凉"): a statement, whatever its degree phrase."""
_SENSE_LOST = re.compile(r"(?:我|都|根本|完全|有点|实在)*(?:看|听)不(?:太|大)?(?:清|见|到)(?:楚)?"
                         r"(?:了|啊|呀|啦|哦)*")
"""The speaker's sight or hearing said alone ("看不清了", "根本听不见"): beside an order the
cabin cannot do, that order's reason ("雨刮器开到最快，看不清了" defrosts nothing)."""


_ZH_REPORTED = re.compile(
    r"^[\u4e00-\u9fff]{0,4}?(?:乘客|客人|她|他|" + ZH_COMPANIONS
    + r"|孩子|儿子|女儿|宝宝|小孩|妈|爸|奶奶|爷爷|姥姥|姥爷|外婆|外公|朋友|同事|大家)"
    r"(?:们)?(?:也|又|一直|直)?(?:说|嫌|喊|觉得|叫)"
    r"[^，,。把将]{0,4}?[热冷闷吵晒凉烫冻]")
"""How someone else is said to feel ("乘客说热", "老婆说她冷", "孩子一直喊冷"): a statement."""
_ZH_OWNER_FIRST = re.compile(rf"^(?:{ZH_MINE}|我(?=座椅|座位))")
"""The speaker's seat named first ("我的座椅加热开一档"): whose seat, not how the speaker is."""


def _states(piece: str, lang: str) -> bool:
    """Whether ``piece`` states how things are, as said or said plainly ("热得慌" is "太热了"):
    never a seat named as the speaker's with an order of its own ("我的开一档")."""
    if lang == "zh-CN" and _ZH_OWNER_FIRST.match(piece) and (
            command_inside(piece, lang) or _ON_OFF.search(piece)):
        return False
    if lang == "zh-CN" and _ZH_REPORTED.match(piece) and not command_inside(piece, lang):
        return True  # "乘客说热": how someone else says it is, the reason of the order beside
    if lang == "en" and _so_order(piece):
        return False  # "its boiling so cool it down": the state and the order it calls for
    return STATEMENT[lang].match(piece) is not None or (
        (lang == "en" or _INTENSE.search(piece) is not None)
        and STATEMENT[lang].match(plainly(piece, lang)) is not None)  # "och, it's baltic"


_EN_SO_ORDER = re.compile(r"(?<=\w) (?:so|and so|so can you|so could you) (?=\w)",
                          re.IGNORECASE)
"""The order a state told calls for, said after it with "so" ("it's boiling so cool it down")."""


_EN_COOL_IT = re.compile(r"(?:(?:please|can you|could you|just) )*(?:cool|warm|heat) (?:it|things|"
                         r"the car|the cabin|us|me) (?:up|down)\b", re.IGNORECASE)
"""An order to cool or warm the cabin said with its own verb ("cool it down", "warm us up")."""


def _so_order(piece: str) -> bool:
    """Whether an English ``piece`` tells a state and then, after "so", the order it calls for
    ("its boiling after badminton so cool it down"): no reason or aside to leave out."""
    so = _EN_SO_ORDER.search(piece)
    return so is not None and (en_starts_order(piece[so.end():])
                               or _EN_COOL_IT.match(piece[so.end():]) is not None)


_INTENSE = re.compile(r"[热冷闷吵冻晒冰][死得坏到炸疯惨煞]|(?:贼|老|倍儿|交关|贼拉)[冷热闷吵凉烫]|"
                      r"冻[红僵麻透紫]|出汗|是汗|湿透|汗湿|汗(?:都)?[流淌滴]|成狗|成冰|[热冷冻][化晕懵]|"
                      r"[大小]得(?:跟|像)|冷冰冰|冰凉|吵死|呼呼")
"""A Chinese complaint said with a degree phrase (热得慌, 冻死了, 手都冻僵了, 后背湿透了): only then
is it read plainly, as the statement it is (beside a command, its reason; never a command of its
own: "方向盘加热打开，手冻僵了" asks for nothing the cabin has)."""


def _direction(intent: str) -> str | None:
    """``intent``'s direction in the catalogue (up, down, set ...), if any."""
    entry = active_catalogue().intents.get(intent)
    return None if entry is None else entry.direction


_ASIDE_START = {
    # (a discourse filler first: "right, that's Nan dropped off, get us home")
    "en": re.compile(r"^(?:(?:right|so|ok|okay|well|yeah|alright|look|oh)[\s,]+)*"
                     r"(?:i|i'm|i am|im|i've|i'd|we|we're|the|this|that|these|those|it|it's|its|"
                     r"it is|"
                     r"there's|there is|my|our|everyone|nobody|ugh|oh|ooh|wow|she|he|she's|"
                     r"he's|they|they're|(?:mum|mom|mam|dad|nan|gran|granny|grandma|grandpa|"
                     r"papa|mama|auntie|uncle|grandad|granddad|nana|grandmother|grandfather)(?:'s)?|boiling|roasting|baking|sweltering|freezing|"
                     r"chilly|stuffy|(?:the )?car's|just parked|parked|been|stuck|sat|sitting|"
                     r"queuing|queueing)\b", re.IGNORECASE),
    "zh-CN": re.compile(r"^(?:我|他|她|这|那|听不|看不|受不了|宝宝|孩子|外面|外头|外边|太|有点|好|"
                        r"老婆|老公|刚|来电话|媳妇|爸|妈|车里|车内|车上|老爷子|老太太|老人家?|爷爷|奶奶|"
                        r"姥姥|姥爷|外婆|外公|儿子|女儿|小孩|娃|大家|乘客|后排|"
                        r"(?:耳朵|眼睛|脑袋|脑仁儿?|嗓子)(?!.*(?:[把将]|打开|关|调|开))|"
                        r"[\u4e00-\u9fff]{1,3}?(?:太|好|有点|真|特别|非常)[大吵响冷热闷吵]|"
                        r"[热冷闷冻晒烫吵](?=死|得|坏|透)|"
                        # a smell ("后座味儿太冲", "一身腥味"): why the window opens
                        r"[\u4e00-\u9fff]{0,8}?(?:(?:味儿?|味道|气味)(?:太|好|有点|真|特别|很|挺)?"
                        r"(?:冲|大|重|难闻|呛|浓)|(?:腥|烟|汗|臭|汽油|酒|怪|异)味|臭))"),
}
"""How an aside said beside a command starts: a subject or a complaint, never a verb."""


def _warms(intent: str, value: object) -> bool:
    return intent in ("climate_temperature_up", "climate_set_temperature", "window_close",
                      "climate_fan_down", "climate_ac_off") or (
        intent.startswith("seat_heat_") and isinstance(value, int) and value > 0)


def _cools(intent: str, value: object) -> bool:
    return intent in ("climate_temperature_down", "climate_set_temperature", "window_open",
                      "window_set_position", "climate_fan_up") or (
        intent.startswith("seat_heat_") and value == 0)


_AGREES: dict[str, Callable[[str, object], bool]] = {
    "climate_temperature_up": _warms, "climate_temperature_down": _cools}
"""A cold or hot reason and the commands it is a reason for, on any function: warmer, the
window shut, less air, a seat heater on (and the other way round). Not the AC: "暖气" is the
heater, so "太热了，开暖气" is no reason for it."""


_HEATER = re.compile(r"暖|heat|warm", re.IGNORECASE)
"""The cabin's climate named as a heater ("开暖气"): turning it on does not cool."""
_AGAINST: dict[str, Callable[[str, object], bool]] = {
    "climate_temperature_up": lambda i, v: i in (
        "climate_temperature_down", "climate_ac_on", "window_open") or (
        i.startswith("seat_heat_") and v == 0),
    "climate_temperature_down": lambda i, v: i == "climate_temperature_up" or (
        i.startswith("seat_heat_") and isinstance(v, int) and v > 0)}
"""Commands a cold or hot reason is against (warmer when it is hot): with one of them beside it,
a reason agreeing with another command is no reason for the sentence."""


def _agrees(aside: str, out: Sequence[tuple[str, Part]]) -> bool:
    """Whether a cold or hot ``aside`` is a reason for every command beside it ("老婆说她冷，
    把她座椅加热打开", "switch the AC on, it's hot as a furnace")."""
    for want, why in _ASIDE_WANTS.items():
        agrees = _AGREES.get(want)
        if agrees is not None and why.search(aside):  # the AC on cools, unless the heater
            return all(agrees(p.intent, p.value) or (
                want == "climate_temperature_down" and p.intent == "climate_ac_on"
                and not _HEATER.search(t)) for t, p in out if p.actuates)
    return False


_ZH_WHOSE = re.compile(rf"她|他|{ZH_COMPANIONS}|妈|爸|奶奶|爷爷|姥|外婆|外公|孩子|儿子|女儿|"
                       r"宝宝|小孩|朋友|乘客|客人|副驾|后排|旁边")
"""Someone other than the speaker, said beside a seat heater: whose seat it is is unsure."""
_ZH_MINE = re.compile(r"我的|我这|俺|主驾|驾驶")
"""The driver's seat said as the speaker's own ("把我的座椅加热打开"): no one else's."""
_ASIDE_REASONS = ("no_match", "no_match_out_of_domain", "open_out_of_scope")
"""A part the rules read as nothing ("I need to hear the GPS": not a song to play)."""
_ASIDE_WANTS = {
    "media_volume_down": re.compile(r"asleep|sleeping|\bsleep|headache|too loud|睡|头疼|头痛|吵|"
                                    r"耳朵", re.IGNORECASE),
    "media_volume_up": re.compile(r"can'?t hear|cannot hear|barely hear|听不清|听不见|听不到",
                                  re.IGNORECASE),
    "climate_temperature_up": re.compile(r"cold|freez|chilly|shiver|冷|凉|冻", re.IGNORECASE),
    "climate_temperature_down": re.compile(r"\bhot|boiling|sweat|stuffy|\bin the sun\b|热|闷|出汗",
                                           re.IGNORECASE),
    "climate_fan_down": re.compile(r"吹得|眼睛"),
    "window_open": re.compile(r"吹吹风|兜兜风|透透气"),
}
"""What an aside wants, when it says: a command the other way is not read beside it."""
_LIKED = re.compile(r"好听|喜欢|爱听|还想听|\b(?:love|like|great song|banger)\b", re.IGNORECASE)
"""The song praised beside a skip: a reason against it."""
_STILL_LIKED = re.compile(r"\bstill (?:love|like|enjoy|dig)\b|never gets old|\blove (?:it|this "
                          r"(?:one|song|track|tune))\b|还是(?:很|好|超)?(?:爱听|喜欢|好听)|百听不厌|"
                          r"听不腻", re.IGNORECASE)
"""The song itself still liked, said beside a skip (an order or a complaint): no skip."""


_WET = re.compile(r"下雨|刮风|\b(?:raining|pouring|snowing|windy)\b", re.IGNORECASE)
def _wet_outside(piece: str) -> bool:
    """Rain or wind outside said alone ("外头下雨了", "it's pouring outside"): beside a command
    its reason, wherever it is said."""
    return _WET.search(piece) is not None and _WEATHER_OUT.match(
        piece.strip(" .!。！")) is not None


_WEATHER_OUT = re.compile(
    r"^(?:it'?s|it is|it has|it'?s gotten|it got)\s+(?:\w+\s+){0,2}(?:cool|cold|warm|hot|nice|"
    r"chilly|raining|windy|cooled (?:off|down)|warmed up|freezing|boiling|pouring|snowing|"
    r"lovely|lekker|beautiful|gorgeous|pleasant|mild|balmy|fresh|"
    r"(?:a )?scorch|(?:a )?stinker)\w*\s+"
    r"(?:outside|out there|outdoors)(?:\s+(?:now|today|tonight|again))?$|"
    r"^(?:外面|外头|外边|室外|晚上|夜里|今晚|早上|天气)(?:已经|现在)?(?:挺|很|有点|好|还|蛮|都)?(?:凉快|凉|冷|热|暖和|下雨|刮风)了?"
    r"(?:的|了|啊|呢)?$",
    re.IGNORECASE)
"""The weather outside said as the reason of a command ("空调关了吧，外面挺凉快的"): another
place, but no request for it."""


_PAST_CAUSE = re.compile(
    r"^(?:i'?m|i am|we'?re|we are|i'?ve been|we'?ve been|it'?s|that'?s|she'?s|she is|he'?s|"
    r"he is|they'?re|they are)\b(?![^,]*\b(?:will|"
    r"going to|gonna|when|once|until|till|later|tomorrow|soon)\b)[^,]*\bafter (?:the|that|a|an|"
    r"my|our|this|all|work|school|training)\b|^刚(?:从|下|跑|练|打|做|滑|洗)", re.IGNORECASE)
"""A state said with what caused it ("I'm wrecked after the gym", "刚从健身房出来"): not later."""
_SILENCE = re.compile(r"\b(?:quiet|silent|silence|boring|bored)\b|静悄悄|安静|无聊|没声",
                      re.IGNORECASE)
"""Silence complained of: music played is its answer, not the volume the words name."""


_SUBJECT = re.compile(
    r"^(?:(?:right|so|ok|okay|oh|ugh|god|man)[\s,]+)*(?:the|my|our|this|that|your)\s+"
    r"(?:(?:front|rear|back|car's|car|stupid|bloody|damn)\s+)?(?P<d>air conditioning|"
    r"air conditioner|air ?con|aircon|climate control|climate|fan|blower|vents?|ventilation|air|"
    r"ac|a/?c|heater|heating|radiator|defroster|defrost|demister|sunlight|sun|lights|light|"
    r"screen|display|dashboard|wipers?|indicator)\b", re.IGNORECASE)
"""An aside's subject that names a thing with no volume: what its "it" points to."""
_SUBJECT_TOPIC = {"fan": "climate_fan", "blower": "climate_fan", "vent": "climate_fan",
                  "vents": "climate_fan", "ventilation": "climate_fan", "air": "climate_fan",
                  "heater": "climate_temperature", "heating": "climate_temperature",
                  "radiator": "climate_temperature"}
_IT = re.compile(r"\bit\b", re.IGNORECASE)


def _subject_topic(piece: str) -> str | None:
    """The topic an English aside's subject names ("the vents are roaring": the fan), or
    ``"other"`` for a thing with no level a following "it" could set (the AC, the sun, the
    screen); None when the aside starts with no such subject."""
    found = _SUBJECT.match(piece.strip())
    if found is None:
        return None
    return _SUBJECT_TOPIC.get(found.group("d").lower(), "other")


_ZH_ALSO_ORDER = re.compile(r"^(?:那|还有|而)?(?:我|主驾|副驾|乘客|她|他|老婆|老公|媳妇)"
                            r"[^，,。]{0,5}?(?:也|都)?(?:要|给|帮我|一起)?(?:打开|开开|开上|开一下|"
                            r"开|关上|关掉|关了|关|来一个|安排上?|整上)(?:吧|了|啊|呀)?$")
"""A seat or someone's named with an on/off order and nothing else ("她的也开开", "我这边关掉"):
the order said before asked again of another seat."""


def _aside(piece: str, part: Part, lang: str, after: bool = False) -> bool:
    """Whether ``piece`` is said beside a command without asking anything of the cabin ("the
    baby's asleep", "I need to hear the GPS", "听不清", "外面挺凉快的"): the rules know no
    reading of it, it starts as a statement, and it names no other place or time, no question
    and no refusal. The weather outside is an aside only said ``after`` a command, as its
    reason ("it's cold outside, turn the heat up" may be about another place: not read)."""
    weather = after and _WEATHER_OUT.match(piece.strip(" .!。！")) is not None
    scope = out_of_scope(piece)
    if scope == "later" and _PAST_CAUSE.match(piece):
        scope = None  # "I'm wrecked after the gym": what came before, not a wish for later
    idle = lang == "zh-CN" and _idle_zh(piece.strip(" 。！!～~"), after)
    if lang == "zh-CN" and (same_for(piece) is not None or _ZH_ALSO_ORDER.match(piece)):
        return False  # "我的也开上": the same asked for another seat, never left out
    return (part.intent == "unknown" and part.reason in _ASIDE_REASONS
            and (weather or idle or _ASIDE_START[lang].match(piece) is not None
                 or (lang == "en" and after and _someone_says(piece)))
            and (weather or scope is None or told_beside(piece))  # another day, place: why
            and not negated(piece) and not command_inside(piece, lang)
            and not (lang == "en" and _so_order(piece)))


_EN_SOMEONE = re.compile(
    r"^(?:(?:yer|ye|me|your|his|her|their|our|my|a|an|some|the)\s+)?(?P<s>[a-z]+(?:\s+[a-z]+)?)"
    r"(?:'s\s+(?=on|in|at|not|off|out|asleep|about|trying|going|getting|\w+ing\b)|\s+(?:is|are|"
    r"was|were|has|have|had|wants?|needs?|says?|said|feels?|hates?|likes?|keeps?|can'?t|cannot|"
    r"will|won'?t|would|gets?|got)\b)", re.IGNORECASE)
"""A clause said after an order whose subject is a noun or a name with a finite verb of its own
("oga wants to talk", "aunty is feeling cold", "yer man's on the phone")."""


_NUMBER_SAID = re.compile(rf"\b{EN_NUMBERS}\b", re.IGNORECASE)
"""A number in what would be a clause's subject: a value said ("level three like"), no one."""


def _someone_says(piece: str) -> bool:
    """Whether ``piece`` is a clause about someone or something (:data:`_EN_SOMEONE`): not
    "you" and no cabin thing as its subject (that aside names what it is about, or orders)."""
    found = _EN_SOMEONE.match(piece.strip())
    return found is not None and found.group("s").split()[0].lower() not in ("you", "u", "ya") \
        and topic_words(found.group("s"), "en") is None \
        and _NUMBER_SAID.search(found.group("s")) is None


_ZH_DONE = re.compile(r"^[\u4e00-\u9fff]{1,8}了[啊呀哦]?$")
"""A short clause of something done ("累了", "送完这单了", "接到人了"): said before a command, the
situation it is given in."""
_ZH_GO = re.compile(r"^[\u4e00-\u9fff]{0,10}(?:走吧|出发吧?|出发了|走了|走咯)[啊呀]?$")
"""Setting off said beside a command ("人接到了，咱走吧"): no request of the cabin's."""
_ZH_CLAUSE = re.compile(r"^[\u4e00-\u9fff]{2,10}$")
_ZH_WHY = re.compile(r"^(?:为了|好)?省(?:点儿?|一点)?(?:电|油)|^(?:开夜车|开车|开得|有点|好|太)?"
                     r"(?:犯困|困了|好困|想睡觉?)|^(?:想|要|我想)?(?:吹吹风|兜兜风)")
"""A reason said after a command that a cabin word of its own would otherwise keep in ("空调关了
吧，省点电", "来点音乐，开夜车犯困")."""
_ZH_KEEPS = re.compile(
    r"[\d零一二两三四五六七八九十百半]|点|些|缝|全|都|最|档|挡|格|级|度|%|温|冷|热|暖|凉|闷|风|空调|"
    r"冷气|暖气|座|椅|加热|窗|除|雾|霜|音|声|吵|歌|曲|乐|播|放|停|导航|家|调|开|关|高|低|大|小|上|下|"
    r"前|后|左|右|驾|乘客|她|他|给(?!我)|帮(?!我)|替|为|别|不|没|再|还|又|先|等|吗|呢|错|算|对|换|切")
"""Words that make a Chinese clause more than the situation of the command beside it: a number
or how much, a cabin function or way, a side or a person (whose seat), a refusal, a time, a
question, a correction. A clause with one of them is never left out as an idle aside."""


_ZH_PLACE = re.compile(r"在(?:路|桥|高速|高架|环路|半路|山|街|道)[\u4e00-\u9fff]{0,2}?上")
"""Where the car is ("在桥上", "在高速上"): its 上 is no way of a cabin function."""


def _idle_zh(piece: str, after: bool) -> bool:
    """Whether ``piece`` only says the situation of the command beside it: something done,
    said before it ("送完这单了，导航回家"), or a short clause naming nothing of the cabin's, said
    after it ("把音乐静音了，孩子睡着了", "往家里开，给我指个道"), or a reason to save power or
    stay awake (:data:`_ZH_WHY`)."""
    if _ZH_WHY.match(piece):
        return True
    piece = _ZH_PLACE.sub("在", piece)  # "堵在桥上了": where one is, not a way (上)
    if _ZH_KEEPS.search(piece):
        return False
    return (_ZH_DONE.match(piece) is not None or _ZH_GO.search(piece) is not None
            or (after and _ZH_CLAUSE.match(piece) is not None))




def _shared_verbs(pieces: list[str], sure: Callable[[str], bool]) -> list[str]:
    """English parts that start as a noun phrase take the verb of the part before them
    ("turn off the music and the AC" -> "turn off the AC"); a part that names its thing and
    no way takes the way said after the next thing ("turn the volume and the fan up" -> "turn
    the volume up", "set the fan and the volume to five", "heat my seat and hers on high"),
    when the rules are not ``sure`` of it as said ("previous song, and the seat heater off")."""
    out = way_said_after(pieces, lambda p: sure(p) and not SEAT.search(p))
    for i in range(1, len(out)):
        verb = _EN_VERB.match(out[i - 1])
        if not _EN_NOUN.match(out[i]) or _EN_CLAUSE.match(out[i]):
            continue
        if verb is not None and not OWN_WAY.search(out[i]):
            out[i] = f"{verb.group(1)} {out[i]}"
        elif _NOUN_WAY.match(out[i]):  # "turn the heat down and the fan up one"
            bare = _EN_BARE_VERB.match(out[i - 1])
            out[i] = f"{bare.group(1) if bare is not None else 'turn'} {out[i]}"
        elif (way := _EN_VERB_WAY.match(out[i - 1])) is not None and _BARE_NOUN.match(out[i]):
            out[i] = f"{way.group('v')} {_TOO.sub('', out[i])} {way.group('w')}"
    return out


_NOUN_WAY = re.compile(r"^(?:the|my|our)\s+(?:\w+\s+){0,2}?(?:up|down|on|off|higher|lower|louder|"
                       r"quieter|warmer|cooler)\b(?:\s+(?:to\s+)?(?:\w+|\d+)){0,2}\s*$",
                       re.IGNORECASE)
"""A function and its way, nothing else ("the fan up one", "the heat on"): not "the dog will try
to jump out", nor "the little one's nodded off"."""
_BARE_NOUN = re.compile(r"^(?:the|my|our)\s+\w+(?:\s+\w+)?(?:\s+(?:too|as well))?$", re.IGNORECASE)
"""A bare noun phrase ("the fan", "the music as well"): no clause of its own ("the baby's
asleep")."""
_EN_BARE_VERB = re.compile(r"^(?:(?:(?:can|could|would|will) you|please)\s+)*(turn|put|set|switch|"
                           r"bring|knock|bump|crank|drop|push|get)\b", re.IGNORECASE)
"""A plain verb that starts a part: a noun part with its own way after it takes it."""
_EN_VERB_WAY = re.compile(r"^(?:(?:(?:can|could|would|will) you|please)\s+)*(?P<v>turn|put|bring|"
                          r"knock|bump|crank)\s+(?:the|my|that)\s+\w+(?:\s+\w+)?\s+(?P<w>up|down)"
                          r"(?:\s+(?:a bit|a little|a notch|one notch|a touch|some|"
                          r"(?:by\s+)?(?:\w+|\d+)\s+(?:degrees?|notch(?:es)?|steps?|levels?)))?$",
                          re.IGNORECASE)
"""A verb and its way around one thing ("turn the volume down"): "… and also the fan" shares
both (not the amount: "turn the heat up two degrees and the fan too" moves the fan one step)."""
_TOO = re.compile(r"\s+(?:too|as well)$", re.IGNORECASE)


def _shared_zh(piece: str, read: Callable[[str], tuple[Part, str | None]]) -> list[str] | None:
    """Two Chinese commands sharing one verb ("关闭车窗和空调", "打开主驾和副驾的座椅加热"), when
    both read as parts on their own; else None."""
    for pattern in _ZH_SHARED:
        found = pattern.match(piece)
        if found is None:
            continue
        v, a, b = found.group("v"), found.group("a"), found.group("b")
        tails = [""] + ([b[b.index("的"):]] if "的" in b and "的" not in a else [])
        for tail in tails:
            pair = [v + a + tail, v + b] if pattern is _ZH_SHARED[0] else [a + tail + v, b + v]
            if all(read(p)[1] is not None for p in pair):
                return pair
    return None


def _best(piece: str, read: Callable[[str], tuple[Part, str | None]],
          cuts_of: Callable[[str], list[int]],
          lean: Callable[[str, str], str | None] | None = None,
          beside: Callable[[str, bool], bool] | None = None) -> _Reading | None:
    """The best cut of one conjunction-free stretch: most commands, then fewest parts; None
    when it has no candidate cut (it is read whole) or no reading at all. ``lean`` reads a
    part the rules cannot read alone whole from what the stretch said before it ("主驾座椅加热
    一档|副驾三档": the passenger's seat heating, level three); ``beside(part, after)`` lets a
    part the rules cannot read stand as said beside the commands (the caller judges it)."""
    cuts = cuts_of(piece)[:MAX_CUTS]
    if not cuts:
        return None
    marks = [0, *cuts, len(piece)]
    n = len(marks) - 1
    best: list[_Reading | None] = [None] * n + [_Reading(0, ())]
    for i in range(n - 1, -1, -1):
        for j in range(i + 1, min(n, i + MAX_SPAN) + 1):
            rest = best[j]
            if rest is None or len(rest.parts) >= MAX_PARTS:
                continue
            text = piece[marks[i]:marks[j]]
            kind = read(text)[1]
            if kind is None and i and lean is not None and (
                    whole := lean(text, piece[:marks[i]])) is not None and read(
                    whole)[1] == "act":
                text, kind = whole, "act"
            if kind is None and beside is not None and beside(text, i > 0):
                kind = "beside"
            if kind is None:
                continue
            here = _Reading(rest.commands + (kind == "act"), (text, *rest.parts))
            now = best[i]
            if now is None or (here.commands, -len(here.parts)) > (
                    now.commands, -len(now.parts)):
                best[i] = here
    return best[0]


def _lacking_run_on(piece: str, read: Callable[[str], tuple[Part, str | None]]
                    ) -> _Reading | None:
    """An English stretch the rules say the cabin cannot do, read as a run-on of something
    it lacks and a command ("flash the lights crank the music up"): the cut whose parts are
    all sure and one of them a command; None when no part is one (said impossible whole). A
    part that gives no order is no part ("… reading light for the choir | music": a word left
    over from the thing it lacks, never played)."""
    spans = _best(piece, _ordered(piece, read), lambda text: en_cuts(text, any_start=True))
    if spans is None or not spans.commands or len(spans.parts) < 2:
        return None
    return spans


def _en_swallowed(piece: str, read: Callable[[str], tuple[Part, str | None]]
                  ) -> _Reading | None:
    """An English stretch read as one command that swallowed a second one said after it with
    no pause (a wildcard's "play some music fan to three", a template's "a bit cooler kill the
    ac"): the cut whose parts are all sure, when it reads at least two commands; None when the
    stretch runs nothing on (:func:`twin.assistant.shapes.en_run_on`) or no cut reads more."""
    if read(piece)[0].reason not in _OPEN and not en_run_on(piece):
        return None
    spans = _best(piece, _ordered(piece, read), en_cuts)
    return spans if spans is not None and spans.commands >= 2 else None


def _en_run_on(piece: str, read: Callable[[str], tuple[Part, str | None]]) -> _Reading | None:
    """The best cut of an English stretch the rules cannot read whole (:func:`_best`, each
    later part asking for something), else the commands said after a preamble that names no
    function and asks nothing ("hmm let's see | previous song volume 20", "you know what |
    fan off music on"): at least two, each sure. A preamble that says no, a condition, a
    question, somewhere else or a state keeps the stretch whole."""
    spans = _best(piece, _ordered(piece, read), en_cuts)
    if spans is not None:
        return spans
    for at in en_cuts(piece)[:2]:
        head, rest = piece[:at].strip(), piece[at:]
        if (named_function(head) is not None or negated(head) or conditional(head)
                or out_of_scope(head) is not None or STATEMENT["en"].match(head)
                or _states(head, "en") or "?" in head):
            continue
        spans = _best(rest, _ordered(rest, read), en_cuts)
        if spans is not None and spans.commands >= 2 and spans.commands == len(spans.parts):
            return spans
    return None


def _ordered(piece: str, read: Callable[[str], tuple[Part, str | None]]
             ) -> Callable[[str], tuple[Part, str | None]]:
    """``read`` for the parts of an English run-on: a part that asks for nothing
    (:func:`twin.assistant.shapes.en_ordered`: "play the song | hot in here", "I hate this
    song | turn it up") is no part the cut may stand on; the stretch whole is read as said."""
    def reading(text: str) -> tuple[Part, str | None]:
        found = read(text)
        return found if text == piece or found[1] == "no" or en_ordered(text) else (
            found[0], None)  # (a device the cabin lacks is said so: "beep the horn | …")
    return reading


_OPEN = ("open_template", "wildcard")
"""A reading whose wildcard may have taken a second command as its title."""


def second_order(text: str, lang: str) -> bool:
    """Whether a part of ``text`` after its first conjunction gives an order of its own on a
    cabin function (:func:`twin.assistant.shapes.gives_order`)."""
    pieces = [p.strip() for p in CONJUNCTIONS[lang].split(text.strip()) if p and p.strip()]
    return any(gives_order(p, lang) for p in pieces[1:])
