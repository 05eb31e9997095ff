"""Turn MAC-SLU's even-id lines (real in-car Chinese commands) into a ``twin nlu --eval`` file.

``python tools/macslu_to_eval.py ICL_LABEL_JSONL -o OUT.jsonl``

MAC-SLU (github.com/Gatsby-web/MAC_SLU, ``icl_label.jsonl``, Apache-2.0) is not part of this
repository. Only lines whose ``id`` is an **even** number are development data; the odd ids are
the project's acceptance hold-out. The id is read from the start of each raw line (a regular
expression on the text, before the line is parsed as JSON) and an odd or unreadable id drops
the line there: no other field of an odd line is ever looked at.

Each semantic frame of a line maps to a cabin command (:func:`frame_command`):

* climate: the air-con on/off (``对象`` 空调, or AC: the cooling's button, which the cabin's
  air-con is, as 冷气 is), a temperature (``调节内容`` 温度: a number sets it,
  最高/最低 are the range ends, 调高/调低 step it), the fan (风量/风力/风速: a level sets it,
  最大 is level 7, 调大/调小 step it), defrost (除雾) on;
* the window (车窗/窗户) open/close, for the whole car or the driver's;
* seat heating (``对象功能`` 加热 on 座椅) for the driver's or the passenger's seat (主驾/副驾):
  on (any level), off (0) or a level 0-3 (a higher level is out of range);
* media: the media volume (a number sets it, 调大/调小 step it), play music (``播放音乐``,
  ``播放收藏``), next/previous/pause/resume of a song;
* going home (``导航到常用地址`` or a destination naming 家).

Everything the cabin has no function for (seat ventilation and massage, lights, sunroof, blinds,
screens, mirrors, driving modes, phone, weather, navigation elsewhere, videos, questions about
the car's state) is ``ood``: nothing may actuate. A frame whose right cabin answer is unclear (a
rear or single-side window or AC zone, the radio, a climate mode such as 制冷, a level or step
without a number or direction, a rear seat) leaves the whole line out: an answer could be right
or wrong depending on reading.

A line gives ``intent``/``value`` of its first in-domain command (``ood`` when it has none);
a line with several in-domain commands also gives ``commands`` (``[{intent, value}, ...]`` in
spoken order; the parts the cabin cannot do are not listed: the right answer acts on the others
and nothing else). A line of several commands with one out of range is left out.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from twin.assistant.intents import INTENTS

_ID = re.compile(r'^\s*\{\s*"id"\s*:\s*"?(-?\d+)"?\s*,')
OOD = "ood"
ANY = "any"
Command = tuple[str, int | str | None]


def even_lines(lines: list[str]) -> list[str]:
    """The lines whose leading ``id`` is even; an odd id (the hold-out) or a line without a
    leading id is dropped before any other part of it is read."""
    out = []
    for line in lines:
        match = _ID.match(line)
        if match is not None and int(match.group(1)) % 2 == 0:
            out.append(line)
    return out


_ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
              "八": 8, "九": 9}  # fmt: skip
_NUMBER = re.compile(r"\d+|[零一二两三四五六七八九十百]+")


def number_in(text: str) -> int | None:
    """The first number in ``text`` (digits or a Chinese numeral up to 999), else None."""
    match = _NUMBER.search(text)
    if match is None:
        return None
    word = match.group()
    if word.isdigit():
        return int(word)
    total, current = 0, 0
    for ch in word:
        if ch in _ZH_DIGITS:
            current = _ZH_DIGITS[ch]
        else:
            total += (current or 1) * (10 if ch == "十" else 100)
            current = 0
    return total + current


_ON = re.compile(r"打开|开启|启动|开一下|开下|^开|打开|开了|帮我开")
_OFF = re.compile(r"关闭|关掉|关了|关上|^关|停止|退出")
_UP = re.compile(r"调高|升高|提高|加|调大|大一|高一|增|大声|\+|太低|太冷|有点冷")
_DOWN = re.compile(r"调低|降低|调小|小一|低一|减|降|小声|-|太高|太热|有点热")
_ALL = {"", "全车", "所有", "全部", "all", "主驾", "主驾驶", "驾驶位", "驾驶员", "主驾位置"}
_DRIVER = {"", "主驾", "主驾驶", "驾驶位", "主驾位置", "驾驶员", "左前"}
_PASSENGER = {"副驾", "副驾驶", "副驾位置", "右前"}
_WHOLE = {"", "全车", "所有", "全部", "all"}

# frames of a cabin-control domain the cabin has no function for (a thing, a function, a mode)
_OOD_THINGS = re.compile(
    r"天窗|遮阳|灯|屏|后视镜|后备箱|尾门|雨刮|安全带|扶手|腿托|腰托|靠背|冰箱|记录仪|天幕|口盖|"
    r"蓝牙|热点|电话|导航|通风|按摩|直立|吹风口"
)


_AC = re.compile(r"\s*(?:[Aa]\s*/?\s*[Cc]|[Ａａ]\s*[／/]?\s*[Ｃｃ])\s*(?:空调)?")
"""The AC named as a thing ("AC", "A/C", "ac", full-width "ＡＣ"): the air-con."""

_VAGUE = re.compile(r"一点|一些|一下|一丢丢|有点|点儿")
_CONCRETE = re.compile(r"到|至|为|成")


def _way(text: str) -> int:
    """+1 or -1 when ``text`` says one way (higher, lower), else 0."""
    up, down = bool(_UP.search(text)), bool(_DOWN.search(text))
    if "别" in text or "不要" in text:
        up, down = down, up  # "别这么大声": less of it
    return 0 if up == down else (1 if up else -1)


def _level(slots: dict[str, str], op: str, value: str, intent: str, ends: tuple[int, int],
           unit: str) -> Command | None:
    """A setting of ``intent``'s family: the range ends, an absolute number (``调到二十三度``), a
    relative one (``调高20度`` is +20, never a set) or a step (``调高一点``)."""
    up, down, set_ = (f"{intent}_up", f"{intent}_down", f"{intent.replace('_', '_set_', 1)}")
    text = op + value
    low, high = ends
    if re.search(r"最大|最高|max", text):
        return set_, high
    if re.search(r"最低|最小|min", text):
        return (set_, low) if unit != "档" else None  # the lowest fan level is off: unclear
    number = number_in(_VAGUE.sub("", value))
    way = _way(text)
    concrete = bool(_CONCRETE.search(op + slots.get("操作_concrete", "")))
    if number is not None:
        if way and not concrete:
            return (up if way > 0 else down), number
        if unit == "度" and re.search(r"档|挡", value):
            return None  # a level where a temperature goes: no single reading
        return set_, number
    if way:
        return (up if way > 0 else down), ANY
    return None


def _climate(slots: dict[str, str], op: str, value: str, where: str) -> Command | None:
    what = slots.get("调节内容", "")
    if where not in _WHOLE and where not in _DRIVER:
        return None
    if slots.get("身体位置"):
        return None  # "背部温度": the seat's, not the cabin's
    if what == "温度":
        return _level(slots, op, value, "climate_temperature", (16, 30), "度")
    if what in ("风量", "风力", "风速", "风"):
        if "关" in op + value:
            return None
        return _level(slots, op, value, "climate_fan", (0, 7), "档")
    if what or slots.get("模式") or value:
        return None  # a climate mode (制冷, 暖风, 自然风) or "开到最大": no single cabin answer
    if _OFF.search(op):
        return "climate_ac_off", None
    if _ON.search(op):
        return "climate_ac_on", None
    return None


def _volume(slots: dict[str, str], op: str, value: str) -> Command | None:
    if slots.get("车机模块", "多媒体") not in ("多媒体", "媒体", "音乐"):
        return OOD, None  # navigation prompts, phone: not the media volume
    text = op + value
    if "静音" in text:
        return "media_mute", None
    if "%" in value or "一半" in value:
        return None
    found = _level(slots, op, value, "media_volume", (0, 30), "")
    if found is not None and found[0] == "media_set_volume":
        return "media_volume_set", found[1]
    return found


def _seat_heat(op: str, value: str, where: str) -> Command | None:
    if where in _DRIVER:
        intent = "seat_heat_driver"
    elif where in _PASSENGER:
        intent = "seat_heat_passenger"
    else:
        return None  # rear seats, a child seat: not the cabin's two heaters
    if _OFF.search(op):
        return intent, 0
    if _way(op + value) and not _CONCRETE.search(op) and not re.search(r"最", value):
        return None  # "调高一档": a step; the cabin's seat heating takes levels only
    number = number_in(value)
    if number is not None:
        return intent, number
    if _ON.search(op):
        return intent, ANY
    return None


def _playback(slots: dict[str, str]) -> Command | None:
    thing = slots.get("对象", "")
    if thing and not re.search(r"歌|音乐|曲", thing):
        return None  # a channel, a broadcast, a video
    op = slots.get("操作", "")
    if re.search(r"下一|换", op):
        return "media_next", None
    if re.search(r"上一", op) or slots.get("序列号") == "-1":
        return "media_previous", None
    if re.search(r"暂停|停止", op):
        return "media_pause", None
    if re.search(r"继续|^播放$", op):
        return "media_play", None
    return None


def frame_command(frame: dict) -> Command | None:
    """One MAC-SLU semantic frame as a cabin ``(intent, value)``; ``("ood", None)`` when the
    cabin has no such function; None when the right cabin answer is unclear."""
    domain, intent = str(frame.get("domain", "")), str(frame.get("intent", ""))
    slots = {str(k): str(v) for k, v in (frame.get("slots") or {}).items()}
    if domain in ("音乐", "播放控制") and re.search(
            r"空调|车窗|窗户|座椅|天窗|遮阳|灯|后视镜|屏", slots.get("对象", "")):
        domain = "车载控制"  # an annotation slip: "打开空调" filed under music
    if domain == "音乐":
        if intent in ("播放音乐", "播放收藏"):
            return ("media_play", None) if not _OFF.search(slots.get("操作", "")) else None
        return _playback(slots) if intent == "播放控制" else (OOD, None)
    if domain == "播放控制":
        return _playback(slots)
    if domain == "收音机" or domain == "影视":
        return None  # the radio, videos: a media answer could be right or wrong
    if domain == "地图":
        goal = slots.get("终点名称", "") + slots.get("常用地址", "")
        other = set(slots) - {"终点名称", "常用地址", "操作"}
        if intent in ("导航", "导航到常用地址") and re.fullmatch(r"回?我?家", goal) and not other:
            return "navigate_home", None
        return OOD, None  # elsewhere, a search on the way: the cabin navigates home only
    if domain != "车载控制":
        return OOD, None  # phone, weather, ...
    if re.search(r"查看|查询|多少", slots.get("操作", "")):
        return OOD, None  # a question about the car's state: the cabin answers none
    thing = slots.get("对象", "")
    if _AC.fullmatch(thing):
        thing = "空调"  # "关闭AC": the cooling's button is the cabin's air-con (as 冷气 is)
    function = slots.get("对象功能", "") + slots.get("功能", "")
    what = slots.get("调节内容", "")
    op, value, where = slots.get("操作", ""), slots.get("value", ""), slots.get("位置", "")
    if function == "加热" and re.search(r"座椅|^$", thing):
        return _seat_heat(op, value, where)
    if "除雾" in function + slots.get("模式", ""):
        return ("climate_defrost", None) if _ON.search(op) else None
    if thing == "" and what in ("音量", "声音", "声"):
        return _volume(slots, op, value)
    if re.search(r"声音|音量|冷气|制冷|暖风|制暖|空调|[Aa]/?[Cc](?![Cc])", slots.get("模式", "")):
        return None  # "把声音开回来", "打开冷气模式", "AC模式": no single cabin answer
    if _OOD_THINGS.search(thing + function):
        return OOD, None
    if re.search(r"车窗|窗户", thing):
        if where not in _WHOLE and where not in _DRIVER:
            return None
        if what and what != "幅度":
            return None
        if re.search(r"上升|升起|摇上", op) or (_OFF.search(op) and "底" not in value):
            return ("window_close", None) if not value or "底" in value else None
        if re.search(r"下降|降下|摇下", op) or _ON.search(op):
            return ("window_open", None) if not value else None
        return None
    if thing == "空调" or (thing == "" and what in ("温度", "风量", "风力", "风速", "风")):
        return _climate(slots, op, value, where)
    if slots.get("模式") or function or thing or what:
        return OOD, None  # a driving mode, a car function the cabin does not have
    return None


def label(record: dict) -> list[Command] | None:
    """The cabin commands of a record, in order; None when any frame's answer is unclear."""
    commands = []
    refused = re.search(r"别|不要", str(record.get("query", ""))) is not None
    for frame in record.get("semantics") or ():
        command = frame_command(frame)
        if command is None:
            return None
        if refused and command[0].endswith(("_up", "_down")):
            # "别这么大声" is annotated as a step of "大声": the query's 别 turns it around
            intent = command[0]
            command = (intent[:-3] + "_down" if intent.endswith("_up")
                       else intent[:-5] + "_up"), command[1]
        commands.append(command)
    return commands or None


def _row(text: str, commands: list[Command]) -> dict | None:
    """The eval row of a line's commands; None when a line of several has one out of range
    (the eval format's ``commands`` hold values in schema)."""
    in_domain = [c for c in commands if c[0] != OOD]
    intent, value = in_domain[0] if in_domain else (OOD, None)
    kind = "out_of_domain" if intent == OOD else "paraphrase"
    out_of_range = [c for c in in_domain
                    if isinstance(c[1], int) and not INTENTS[c[0]].accepts(c[1])]
    if out_of_range:
        if len(in_domain) > 1:
            return None
        kind = "out_of_range"  # "座椅加热8挡": the right answer says the range, sets nothing
    row: dict = {"text": text, "lang": "zh-CN", "intent": intent, "value": value,
                 "kind": kind, "weight": 1.0}
    if len(in_domain) > 1:
        row["commands"] = [{"intent": i, "value": v} for i, v in in_domain]
    return row


def convert(lines: list[str]) -> list[dict]:
    """Eval rows of the even-id lines (odd ids are dropped by :func:`even_lines` unread)."""
    out = []
    for line in even_lines(lines):
        record = json.loads(line)
        if not isinstance(record.get("query"), str) or not isinstance(record.get("semantics"),
                                                                        list):
            raise ValueError(f"id {record.get('id')}: a query string and a semantics list")
        commands = label(record)
        row = None if commands is None else _row(str(record["query"]), commands)
        if row is not None:
            out.append(row)
    return out


MAX_BYTES = 64 * 1024 * 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("icl_label_jsonl", type=Path)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        if args.icl_label_jsonl.stat().st_size > MAX_BYTES:
            print(f"{args.icl_label_jsonl}: size: expected at most {MAX_BYTES} bytes",
                  file=sys.stderr)
            return 2
        lines = args.icl_label_jsonl.read_text(encoding="utf-8").splitlines()
        rows = convert(lines)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.icl_label_jsonl}: file: expected a readable UTF-8 JSONL file ({exc})",
              file=sys.stderr)
        return 2
    except (ValueError, KeyError, AttributeError) as exc:
        print(f"{args.icl_label_jsonl}: line: expected MAC-SLU records with id, query and "
              f"semantics ({exc})", file=sys.stderr)
        return 2
    args.output.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    counts: dict[str, int] = {}
    for r in rows:
        for c in r.get("commands") or [r]:
            counts[c["intent"]] = counts.get(c["intent"], 0) + 1
    multi = sum(1 for r in rows if "commands" in r)
    print(json.dumps({"lines": len(rows), "multi_command_lines": multi,
                      "by_intent": dict(sorted(counts.items()))}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
