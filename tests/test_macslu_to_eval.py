"""The MAC-SLU converter: odd ids dropped unread, frames mapped to cabin commands (made-up
records in MAC-SLU's format: the corpus is not in the repository)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import load_tool

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def mac():
    return load_tool("macslu_to_eval")


def _frame(domain: str, intent: str, **slots: str) -> dict:
    return {"domain": domain, "intent": intent, "slots": slots}


CAR = "车载控制"


def test_odd_ids_are_dropped_before_the_line_is_parsed(mac):
    lines = [
        '{"id": "2", "query": "打开空调", "semantics": []}',
        '{"id": "3", this line is not even JSON',  # an odd line is never parsed
        '{"id": 5, "query": "x"}',
        '{"query": "no id first", "id": "4"}',  # the id must lead the line
        '{"id": "10", "query": "关闭空调", "semantics": []}',
    ]
    assert mac.even_lines(lines) == [lines[0], lines[4]]


@pytest.mark.parametrize(("frame", "expected"), [
    (_frame(CAR, "车身控制", 操作="关闭", 对象="空调"), ("climate_ac_off", None)),
    (_frame(CAR, "车身控制", 操作="打开", 对象="空调"), ("climate_ac_on", None)),
    (_frame(CAR, "车身控制", 对象="空调", 调节内容="温度", 操作="调", 操作_concrete="到",
            value="二十三度"), ("climate_set_temperature", 23)),
    # a relative change is a step, never a set: +20 (out of range, the cabin says the range)
    (_frame(CAR, "车身控制", 对象="空调", 调节内容="温度", 操作="调高", value="20度"),
     ("climate_temperature_up", 20)),
    (_frame(CAR, "车身控制", 调节内容="温度", 操作="开", 操作_concrete="到", value="最低"),
     ("climate_set_temperature", 16)),
    (_frame(CAR, "车身控制", 调节内容="温度", 操作="调节", value="调低一点"),
     ("climate_temperature_down", "any")),
    (_frame(CAR, "车身控制", 调节内容="风量", 操作="设", 操作_concrete="为", value="五挡"),
     ("climate_set_fan", 5)),
    (_frame(CAR, "车身控制", 调节内容="风速", 操作="调", value="最大"), ("climate_set_fan", 7)),
    (_frame(CAR, "车身控制", 调节内容="风量", 操作="调", value="调大两级"),
     ("climate_fan_up", 2)),
    (_frame(CAR, "车身控制", 操作="打开", 位置="所有", 对象="车窗"), ("window_open", None)),
    (_frame(CAR, "车身控制", 操作="上升", 对象="车窗", value="底"), ("window_close", None)),
    (_frame(CAR, "车身控制", 操作="打开", 位置="副驾", 对象="座椅", 对象功能="加热"),
     ("seat_heat_passenger", "any")),
    (_frame(CAR, "车身控制", 操作="关闭", 对象="座椅", 对象功能="加热"),
     ("seat_heat_driver", 0)),
    (_frame(CAR, "车身控制", 调节内容="声", 操作="调节", value="别这么大声"),
     ("media_volume_down", "any")),
    (_frame(CAR, "车身控制", 调节内容="音量", value="最大", 操作="调节"),
     ("media_volume_set", 30)),
    (_frame("音乐", "播放音乐", 操作="播放", 歌曲名="某首歌"), ("media_play", None)),
    # a step of the seat heating is no level: left out, never read as "set level 1"
    (_frame(CAR, "车身控制", 对象="座椅", 对象功能="加热", 操作="调高", value="一档"), None),
    # a car function filed under music (an annotation slip) is read as the car function
    (_frame("音乐", "播放音乐", 操作="打开", 对象="空调"), ("climate_ac_on", None)),
    (_frame("音乐", "播放音乐", 操作="打开", 位置="所有", 对象="车窗"), ("window_open", None)),
    (_frame("播放控制", "播放控制", 操作="下一首", 对象="歌"), ("media_next", None)),
    (_frame("地图", "导航到常用地址", 终点名称="家"), ("navigate_home", None)),
    # what the cabin cannot do: out of domain
    (_frame(CAR, "车身控制", 操作="打开", 对象="座椅", 对象功能="通风"), ("ood", None)),
    (_frame(CAR, "车身控制", 操作="打开", 对象="天窗"), ("ood", None)),
    (_frame(CAR, "车机控制", 对象="中控屏", 操作="移动", 调节内容="方向"), ("ood", None)),
    (_frame("地图", "导航到常用地址", 终点名称="家", 途经点类型="加油站"), ("ood", None)),
    (_frame("地图", "导航", 终点名称="公司"), ("ood", None)),
    (_frame("天气", "查询天气", 城市="北京"), ("ood", None)),
    (_frame(CAR, "车身控制", 位置="副驾", 对象="空调", 操作="查看"), ("ood", None)),
    # unclear: left out
    (_frame(CAR, "车身控制", 操作="打开", 位置="左后", 对象="车窗"), None),
    (_frame(CAR, "车身控制", 操作="打开", 模式="冷气模式", 调节内容="模式"), None),
    (_frame(CAR, "车身控制", 位置="主驾", 调节内容="温度", 操作="调高", 操作_concrete="到",
            value="八档"), None),
    (_frame("收音机", "播放电台", 操作="打开"), None),
])
def test_frames(mac, frame, expected):
    assert mac.frame_command(frame) == expected


def test_multi_command_lines_keep_every_command_in_order(mac):
    record = {"id": "8", "query": "关掉空调打开车窗打开天窗", "semantics": [
        _frame(CAR, "车身控制", 操作="关闭", 对象="空调"),
        _frame(CAR, "车身控制", 操作="打开", 对象="车窗"),
        _frame(CAR, "车身控制", 操作="打开", 对象="天窗"),
    ]}
    single = {"id": "12", "query": "座椅加热八挡", "semantics": [
        _frame(CAR, "车身控制", 对象="座椅", 对象功能="加热", 操作="调节", value="8挡")]}
    unclear = {"id": "14", "query": "打开左后车窗", "semantics": [
        _frame(CAR, "车身控制", 操作="打开", 位置="左后", 对象="车窗")]}
    lines = [json.dumps(r, ensure_ascii=False) for r in (record, single, unclear)]
    rows = mac.convert(lines)
    assert rows == [
        {"text": "关掉空调打开车窗打开天窗", "lang": "zh-CN", "intent": "climate_ac_off",
         "value": None, "kind": "paraphrase", "weight": 1.0,
         "commands": [{"intent": "climate_ac_off", "value": None},
                      {"intent": "window_open", "value": None}]},
        {"text": "座椅加热八挡", "lang": "zh-CN", "intent": "seat_heat_driver", "value": 8,
         "kind": "out_of_range", "weight": 1.0},
    ]
    one_in_domain = {"id": "16", "query": "关闭空调打开天窗", "semantics": [
        _frame(CAR, "车身控制", 操作="关闭", 对象="空调"),
        _frame(CAR, "车身控制", 操作="打开", 对象="天窗")]}
    assert mac.convert([json.dumps(one_in_domain, ensure_ascii=False)]) == [
        {"text": "关闭空调打开天窗", "lang": "zh-CN", "intent": "climate_ac_off", "value": None,
         "kind": "paraphrase", "weight": 1.0}]


def test_converted_rows_load_as_an_eval_file(mac, tmp_path):
    from twin.assistant.queries import load_queries

    record = {"id": "20", "query": "关掉空调打开车窗", "semantics": [
        _frame(CAR, "车身控制", 操作="关闭", 对象="空调"),
        _frame(CAR, "车身控制", 操作="打开", 对象="车窗")]}
    out = tmp_path / "eval.jsonl"
    out.write_text(json.dumps(mac.convert([json.dumps(record, ensure_ascii=False)])[0],
                              ensure_ascii=False) + "\n", encoding="utf-8")
    (q,) = load_queries(out)
    assert q.commands == (("climate_ac_off", None), ("window_open", None))


def test_a_refusal_in_the_query_turns_an_annotated_step_around(mac):
    record = {"id": "22", "query": "别这么大声", "semantics": [
        _frame(CAR, "车身控制", value="大声", 调节内容="声", 操作="调节")]}
    assert mac.label(record) == [("media_volume_down", "any")]


def test_bad_file_exits_2(mac, tmp_path, capsys):
    bad = tmp_path / "icl.jsonl"
    bad.write_text('{"id": "2", "semantics": []}\n', encoding="utf-8")
    assert mac.main([str(bad), "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "expected MAC-SLU records" in capsys.readouterr().err


@pytest.mark.parametrize(("frame", "expected"), [
    # twenty-second session: the AC named as a thing is the air-con (the cooling's button, as
    # 冷气 is), as the rules read it; ACC (adaptive cruise) is not; an AC mode is as unclear
    # as a 冷气 mode
    (_frame(CAR, "车身控制", 操作="关闭", 对象="AC"), ("climate_ac_off", None)),
    (_frame(CAR, "车身控制", 操作="打开", 对象="A/C"), ("climate_ac_on", None)),
    (_frame(CAR, "车身控制", 操作="开启", 对象="ａｃ"), ("climate_ac_on", None)),
    (_frame(CAR, "车身控制", 对象="AC", 调节内容="温度", 操作="调", 操作_concrete="到",
            value="二十度"), ("climate_set_temperature", 20)),
    (_frame(CAR, "车身控制", 操作="打开", 对象="ACC"), ("ood", None)),
    (_frame(CAR, "车身控制", 操作="打开", 模式="AC模式", 调节内容="模式"), None),
])
def test_the_ac_is_the_air_con(mac, frame, expected):
    assert mac.frame_command(frame) == expected


def test_ac_off_beside_a_fan_level_is_two_commands(mac):
    record = {"id": "24", "query": "关闭AC风量调到五挡", "semantics": [
        _frame(CAR, "车身控制", 操作="关闭", 对象="AC"),
        _frame(CAR, "车身控制", 调节内容="风量", 操作="调", 操作_concrete="到", value="五挡")]}
    (row,) = mac.convert([json.dumps(record, ensure_ascii=False)])
    assert row["intent"] == "climate_ac_off"
    assert row["commands"] == [{"intent": "climate_ac_off", "value": None},
                               {"intent": "climate_set_fan", "value": 5}]
