"""Spoken words that only colour a sentence, read away when the templates miss it.

Chinese complaints carry words the templates need not know: a pointing 这 before the thing
("这风也太大了吧"), an intensifier before 太/好/真 ("也太", "可真", "实在太"), a doubled adjective
("冰凉冰凉的"), "似的" for "一样" ("跟蒸笼似的"), who a command is for ("给狗透透气", "for the
kids"). English tags a statement with a question
("it's nippy in here, isn't it") or stresses it ("literally", "honestly"). :func:`plainly`
says the sentence without them; the rules read it again only when it changed and the templates
missed it as said. It never adds a word that asks for anything.
"""

from __future__ import annotations

import re

__all__ = ["plainly"]

_ZH = (
    # a pointing word before the thing complained about: "这风" -> "风"
    (re.compile(r"^(?:这|那)(?:个|些)?(?=风|车里|车内|空调|音乐|声音|座椅|座位|窗户|车窗|温度)"),
     ""),
    # an intensifier before the degree word: "也太" -> "太", "可真" -> "真"
    (re.compile(r"(?:也|可|实在|简直|真是|都)(?=太|好|真|有点)"), ""),
    (re.compile(r"似的"), "一样"),
    # a doubled adjective: "冰凉冰凉的" -> "冰凉的"
    (re.compile(r"([\u4e00-\u9fff]{2})\1"), r"\1"),
    # a sentence-final particle: "开下冷气啦" -> "开下冷气"
    (re.compile(r"(?:吧啦|啦|嘛|呗|哈|咯|喽)+[。！!～~]*$"), ""),
    # whose side a window is on (the cabin moves one window): "我这边窗户" -> "窗户"
    (re.compile(r"(?:我这边|我这一侧|我这侧|我旁边|司机这边)的?(?=车窗|窗户|窗子|窗)"), ""),
    # a filler anywhere: "那个那个嗯帮我把那个音量调到八吧" -> "帮我把音量调到八吧"
    (re.compile(r"那个|嗯+|呃+|额+"), ""),
    # 给我 between the thing and its verb: "空调温度给我降两度" -> "空调温度降两度"
    (re.compile(r"(?<=[\u4e00-\u9fff])给我(?=[调开关降升加减放来整弄])"), ""),
    # a retroflex 儿 and a doubled 点: "小点儿", "开条缝儿", "大一点点"
    (re.compile(r"(?<=[点缝会些块妇])儿"), ""),
    (re.compile(r"一点点"), "一点"),
    # a measure word between a verb and its object: "除个雾", "开个一档" -> "除雾", "开一档"
    (re.compile(r"(?<=[除开关调放来])个(?=[雾霜一二两三四五六七八九十\d])"), ""),
    # 整 for 来 ("给我整点儿音乐"), a trailing 先 ("静音一下先")
    (re.compile(r"(?:^|(?<=[我吧]))整(?=点|首|个歌|些)"), "来"),
    (re.compile(r"(?<=[\u4e00-\u9fff])先$"), ""),
    # the seat's underside: "屁股底下凉飕飕的" -> "屁股凉的"
    (re.compile(r"(?<=屁股)(?:底下|下面|下边)"), ""),
    (re.compile(r"凉飕飕|冷飕飕|冰冰凉"), "凉"),
    (re.compile(r"(?<=[凉冷冰热烫闷])的$"), ""),
    # whose seat, said by who sits there: "我媳妇那边的座椅加热" -> "副驾座椅加热"
    (re.compile(r"(?:我)?(?:媳妇|老婆|老公|爱人|女朋友|男朋友)(?:那边|那儿|那里)?的?(?=座椅|座位)"),
     "副驾"),
    # a complaint passed on: "我老婆说她那座位冰凉的" -> "她那座位冰凉的"
    (re.compile(r"^(?:我)?(?:老婆|老公|媳妇|爱人|女朋友|男朋友|副驾)(?:说|觉得|嫌)(?=她|他)"), ""),
    (re.compile(r"^车里面"), "车里"),
    # "again/more" before a verb inside one command: "风量再调大一点" -> "风量调大一点"
    (re.compile(r"(?<=[\u4e00-\u9fff])(?<![不别也还就])再(?=[调开关加升降放切换])"), ""),
    # who it is for, said after the command: "车窗留条缝给狗透透气" -> "车窗留条缝"; never
    # beside a seat (a seat heater "给孩子暖和暖和" is not the driver's: the rules leave it)
    (re.compile(r"^(?!.*(?:座椅|座位|坐垫|座垫))(?P<v>.*?)[，,]?(?:给|让)(?:狗|狗狗|小狗|猫|猫咪|"
                r"孩子|孩子们|宝宝|小孩|娃|老人)"
                r"(?:透透气|透气|凉快凉快|凉快一下|凉快点|凉快|吹吹风|暖和暖和|暖和一下|暖和点|暖和)"
                r"[吧啊呀]?$"), r"\g<v>"),
)
_EN_NUMBERS = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
               r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty)")
_EN = (
    # fillers and a doubled word: "turn the er the volume down" -> "turn the volume down"
    (re.compile(r"\b(?:um+|uh+|er+|erm+|uhm+)\b,?\s*", re.IGNORECASE), ""),
    (re.compile(r"\b(the|a|my|to)\s+\1\b", re.IGNORECASE), r"\1"),
    # a colloquial "put": "chuck the aircon on", "pop my seat warmer on", "stick some music on"
    (re.compile(r"^(?:chuck|pop|stick|bung|whack|throw)\b(?=.*\bon\b)", re.IGNORECASE), "put"),
    # the ends of a range said colloquially: "full whack", "flat out" -> "max"
    (re.compile(r"\b(?:full whack|full bore|full tilt|flat out|full pelt)\b", re.IGNORECASE),
     "max"),
    # "the lowest it'll go": the end of the range
    (re.compile(r"\b(lowest|highest|max|min|maximum|minimum)\s+(?:it'?ll|it will|it can|it goes)"
                r"(?:\s+go)?\b", re.IGNORECASE), r"\1"),
    # "number two" (a level by its number), "a degree" (one of them)
    (re.compile(rf"\bnumber\s+(?={_EN_NUMBERS}\b)", re.IGNORECASE), ""),
    (re.compile(r"\ba (?=(?:degree|notch|level|step)\b)", re.IGNORECASE), "one "),
    # a tag or a time-box after the command: "…, would ya", "mute for a sec"
    (re.compile(r"[\s,]+(?:would ya|will ya|yeah|eh|only|for a (?:sec|second|bit|moment|minute)|"
                r"for now)\s*[?.!]*\s*$", re.IGNORECASE), ""),
    # a complaint passed on: "my wife says her seat's freezing" -> "her seat's freezing"
    (re.compile(r"^(?:my (?:wife|husband|partner|girlfriend|boyfriend)|she|he)\s+(?:says|said|"
                r"reckons|thinks|is saying|tells me)(?: that)?\s+(?=(?:her|his)\b)",
                re.IGNORECASE), ""),
    # the passenger's side said last: "put the heated seat on high on the passenger side"
    (re.compile(r"^(?P<v>.*?)\b(?:the\s+)?(?P<n>heated seat|seat heater|seat warmer|seat heating)"
                r"(?P<r>.*?)\s+(?:on|for) the passenger(?:'s)? side$", re.IGNORECASE),
     r"\g<v>the passenger \g<n>\g<r>"),
    # a pointing "that" before the thing: "turn that music down" -> "turn the music down"
    (re.compile(r"\bthat (?=(?:music|song|radio|fan|window|heat|heater|heating|ac|aircon|"
                r"air con|volume|seat heater|blower)\b)", re.IGNORECASE), "the "),
    # a suggestion's wrapper: "would it hurt to turn …", "any chance you could …"
    (re.compile(r"^(?:would it hurt to|would it be ok(?:ay)? to|any chance you could|"
                r"is there any chance you could|mind if you)\s+", re.IGNORECASE), ""),
    # a hedge said first: "i think maybe turn …", "yeah so turn …"
    (re.compile(r"^(?:(?:i think|i guess|maybe|perhaps|yeah|so|right|ooh|oh|okay|ok|kindly)"
                r"[\s,]+)+",
                re.IGNORECASE), ""),
    # who it is for, said after the command: "open the window a crack for the dog"; never
    # beside a seat ("the seat heater for the kids" is not the driver's: the rules leave it)
    (re.compile(r"^(?!.*\bseat)(?P<v>.*?)[\s,]+(?:for|so) (?:the|my|our) (?:dog|dogs|doggo|pup|"
                r"puppy|cat|kids?|baby|little ones?|children|toddler|nan|grandma|grandpa)"
                r"(?: (?:can|could) (?:breathe|get some air|cool down|stay warm|warm up))?"
                r"\s*[.!]*$", re.IGNORECASE), r"\g<v>"),
    (re.compile(r"[\s,]+(?:isn'?t it|aren'?t we|don'?t you think|right|eh|huh|innit|"
                r"you know)\s*[?.!]*\s*$", re.IGNORECASE), ""),
    (re.compile(r"\b(?:literally|honestly|seriously|actually|totally|absolutely)\s+",
                re.IGNORECASE), ""),
    # a thing's "'s" before how it is: "my seat's ice cold" (not "my wife's seat")
    (re.compile(r"\b(seat|car|cabin|air|fan|music|radio|window|volume|song)'s\s+(?=(?:ice|"
                r"stone|freezing|boiling|way|too|so|really|very|kind of|blasting|all|getting|"
                r"roasting)\b)",
                re.IGNORECASE), r"\1 is "),
)


def plainly(text: str, lang: str) -> str:
    """``text`` without the words that only colour it (see the module doc)."""
    for pattern, said in _ZH if lang == "zh-CN" else _EN:
        text = pattern.sub(said, text)
    return text.strip()
