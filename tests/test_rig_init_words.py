"""`twin rig init` reads the database's own words: the VW mis-matches stay out of the draft."""

from __future__ import annotations

from pathlib import Path

import pytest

from devices.codec import fold, load_dbc, same_name
from hil.rig_init import scaffold
from hil.rig_words import candidates, is_status_only, score

DBC = Path(__file__).parent / "data" / "dbc"
VW = ["vw_mqb", "vw_mlb"]


def _labels(name: str, function: str) -> list[str]:
    req, _ = candidates(load_dbc(DBC / f"{name}.dbc", False), function)
    return [c.signal.name for c in req]


@pytest.mark.parametrize("name", VW)
def test_sth_geblaese_is_the_fan_with_the_highest_score(name: str) -> None:
    req, _ = candidates(load_dbc(DBC / f"{name}.dbc", False), "fan")
    assert req and req[0].signal.name == "STH_Geblaese"
    assert all(c.score < req[0].score for c in req[1:])


@pytest.mark.parametrize("name", VW)
@pytest.mark.parametrize(("function", "wrong"), [
    ("fan", "KBI_Reifenumfang"), ("fan", "BR_Reifenumfang"), ("fan", "BMS_HYB_BattFanSpd"),
    ("media", "KBI_Einheit_Volumen"), ("temperature", "STH_Wassertemp"),
    ("seat heating", "STS_Fahrlicht"), ("seat heating", "STS_Standlicht"),
    ("seat heating", "BCM1_RFahrlicht_Fzg_Anf"), ("seat heating", "AAG_Bremsl_durch_ECD"),
])
def test_vw_mismatches_are_not_candidates(name: str, function: str, wrong: str) -> None:
    db = load_dbc(DBC / f"{name}.dbc", False)
    req, sts = candidates(db, function)
    assert wrong not in [c.signal.name for c in req + sts]


@pytest.mark.parametrize("name", VW)
def test_draft_binds_sth_geblaese_and_none_of_the_mismatches(name: str, tmp_path: Path) -> None:
    text, _ = scaffold(DBC / f"{name}.dbc", tmp_path / "draft.toml")
    body = "\n".join(x for x in text.splitlines() if not x.startswith("#"))
    assert 'climate_set_fan = { signal = "STH_Geblaese"' in body
    for wrong in ("Reifenumfang", "Einheit_Volumen", "Wassertemp", "Fahrlicht", "BattFan",
                  "KL_Vorwarn"):  # a defrost guess from value names alone: listed, not bound
        assert wrong not in body
    fan_line = next(x for x in text.splitlines() if x.startswith("#   fan:"))
    assert "STH_01.STH_Geblaese [" in fan_line  # the draft shows the score


def test_german_english_and_pinyin_names_score() -> None:
    db = load_dbc(DBC / "vw_mqb.dbc", False)
    msg = db.get_message_by_name("STH_01")
    sig = msg.get_signal_by_name("STH_Geblaese")
    assert score(msg, sig, "fan")[0] >= 3
    assert score(msg, msg.get_signal_by_name("STH_Wassertemp"), "temperature")[0] <= 0


def test_status_only_signals_are_never_commands() -> None:
    db = load_dbc(DBC / "vw_mqb.dbc", False)
    req, sts = candidates(db, "defrost")
    assert "LDW_Frontscheibenheizung_aktiv" in [c.signal.name for c in sts]
    assert "LDW_Frontscheibenheizung_aktiv" not in [c.signal.name for c in req]
    msg = db.get_message_by_name("STH_01")
    assert is_status_only(msg, msg.get_signal_by_name("STH_Ventil_Status"))
    assert not is_status_only(msg, msg.get_signal_by_name("STH_Geblaese"))


def test_legacy_encoding_value_names_read_as_written_and_match_either_way() -> None:
    sig = load_dbc(DBC / "vw_mlb.dbc", False).get_message_by_name("STH_01") \
        .get_signal_by_name("STH_Geblaese")
    names = [str(v) for v in sig.choices.values()]
    assert names[1] == "Einschaltbefehl an die Klimaanlage, Gebl\ufffdse"  # as in the file
    assert not any("\u00ef" in n for n in names)  # no mojibake (cp1252 read of UTF-8)
    for written in ("Einschaltbefehl an die Klimaanlage, Gebläse",
                    "Einschaltbefehl an die Klimaanlage, Geblaese", names[1]):
        assert same_name(written, names[1])
    assert not same_name("kein Einschaltbefehl an die Klimaanlage, Gebläse", names[1])
    assert fold("Gebläse") == "geblaese"


def test_cp1252_file_reads_as_cp1252(tmp_path: Path) -> None:
    text = (DBC / "vw_mlb.dbc").read_text(encoding="utf-8").replace("\ufffd", "ä")
    path = tmp_path / "legacy.dbc"
    path.write_bytes(text.encode("cp1252"))
    sig = load_dbc(path, False).get_message_by_name("STH_01").get_signal_by_name("STH_Geblaese")
    assert str(sig.choices[1]) == "Einschaltbefehl an die Klimaanlage, Gebläse"


def test_rig_writes_a_lost_umlaut_value_name_either_way(tmp_path: Path) -> None:
    from hil.rig_file import load_rig
    from twin.errors import InputError

    path = DBC.parent / "rigs" / "vw-mlb-heater.toml"
    rig = load_rig(path)
    assert rig.devices["heater"].spec.intents["climate_defrost"].set == {"STH_Geblaese": 1.0}
    wrong = path.parent / "_wrong_value_name.toml"
    try:
        wrong.write_text(path.read_text(encoding="utf-8").replace("Gebläse", "Gebläsx"),
                         encoding="utf-8")
        with pytest.raises(InputError):
            load_rig(wrong)
    finally:
        wrong.unlink()



def test_value_names_match_through_mojibake_either_way() -> None:
    from devices.codec import unmangle

    lost = "Einschaltbefehl an die Klimaanlage, Gebl\ufffdse"  # the MLB file, read as UTF-8
    shown = lost.encode("utf-8").decode("cp1252")  # the same bytes shown as cp1252
    assert shown == "Einschaltbefehl an die Klimaanlage, Gebl\u00ef\u00bf\u00bdse"
    proper = "Einschaltbefehl an die Klimaanlage, Gebläse"
    garbled = proper.encode("utf-8").decode("cp1252")  # GeblÃ¤se
    assert unmangle(shown) == lost and unmangle(garbled) == proper and unmangle(proper) == proper
    for written, in_file in ((shown, lost), (proper, shown), (garbled, proper),
                             (proper, garbled), (lost, proper), ("Geblaese", "Gebl\ufffdse")):
        assert same_name(written, in_file), (written, in_file)
    assert not same_name(shown.replace("Klima", "Kalt"), lost)
    assert not same_name("Geblxxxse", "Gebl\ufffdse")  # one lost character: one or two back


def test_rig_names_a_value_as_an_editor_showed_the_legacy_file(tmp_path: Path) -> None:
    from hil.rig_file import load_rig

    src = DBC.parent / "rigs" / "vw-mlb-heater.toml"
    shown = "Gebläse".replace("ä", "\ufffd").encode("utf-8").decode("cp1252")  # Geblï¿½se
    text = src.read_text(encoding="utf-8").replace("Gebläse", shown).replace(
        "../dbc/vw_mlb.dbc", str(DBC / "vw_mlb.dbc"))
    path = tmp_path / "mojibake.toml"
    path.write_text(text, encoding="utf-8")
    assert load_rig(path).devices["heater"].spec.intents["climate_defrost"].set == {
        "STH_Geblaese": 1.0}

PINYIN = '''VERSION ""
NS_ :
BS_:
BU_: HU AC SEAT
BO_ 300 HU_Kongzhi_01: 8 HU
 SG_ ZuoYiJiaRe_Zuo_Req : 0|2@1+ (1,0) [0|3] "" SEAT
 SG_ FengSu_Set : 8|3@1+ (1,0) [0|7] "" AC
 SG_ YinLiang_Set : 16|6@1+ (1,0) [0|63] "" AC
 SG_ BattFanSpd_Req : 24|3@1+ (1,0) [0|7] "" AC
BO_ 301 AC_ZhuangTai_01: 8 AC
 SG_ Blower_ZhuangTai : 8|3@1+ (1,0) [0|7] "" HU
BO_ 302 HU_Echo_01: 8 HU
 SG_ FengSu_ZhuangTai : 8|3@1+ (1,0) [0|7] "" AC
CM_ SG_ 300 FengSu_Set "Blower level request to the climate module";
'''


def test_pinyin_names_score_and_the_status_comes_from_another_node(tmp_path: Path) -> None:
    from hil.rig_words import pair

    path = tmp_path / "pinyin.dbc"
    path.write_text(PINYIN)
    db = load_dbc(path, True)
    heat, _ = candidates(db, "seat heating")
    assert [c.signal.name for c in heat] == ["ZuoYiJiaRe_Zuo_Req"]
    fan, fan_status = candidates(db, "fan")
    assert fan[0].signal.name == "FengSu_Set" and "comment" in fan[0].why
    assert "BattFanSpd_Req" not in [c.signal.name for c in fan]  # a battery fan
    media, _ = candidates(db, "media")
    assert [c.signal.name for c in media] == ["YinLiang_Set"]
    # HU sends the command: its own echo (the closer name) is no confirmation, the AC's is
    assert {c.signal.name for c in fan_status} == {"FengSu_ZhuangTai", "Blower_ZhuangTai"}
    chosen = pair(fan[0], fan_status)
    assert chosen is not None and chosen.message.name == "AC_ZhuangTai_01"


def test_a_sym_file_in_a_legacy_encoding_reads_as_written() -> None:
    from devices.codec import text_encoding

    path = DBC / "special-chars-6.0.sym"  # cantools' test file, ISO-8859-1 bytes
    assert text_encoding(path) == "cp1252"
    sig = load_dbc(path, False).get_message_by_name("A/=*").get_signal_by_name("a/b")
    assert sig.comment == "ö"
