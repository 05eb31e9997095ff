"""A motion device nothing reports back (a window close request, fire-and-forget): every way
its safe state can be wrong gives one message pointing one way, and a stop-value safe state
loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from hil.rig_file import load_rig
from twin.errors import InputError

WHY = "a motion device without a status message"

DBC = '''VERSION ""
NS_ :
BS_:
BU_: HOST BODY
BO_ 800 Body_Window_Req: 2 HOST
 SG_ WinReq : 0|2@1+ (1,0) [0|2] "" BODY
 SG_ WinPos : 8|7@1+ (1,0) [0|100] "%" BODY
VAL_ 800 WinReq 0 "Idle" 1 "Close" 2 "Open" ;
'''


def _rig(tmp_path: Path, safe: str, intents: str) -> Path:
    (tmp_path / "body.dbc").write_text(DBC)
    path = tmp_path / "window.toml"
    path.write_text(f'''name = "w"
[buses.body]
interface = "virtual"
channel = "auto"
dbc = "body.dbc"
[devices.window]
bus = "body"
command = "Body_Window_Req"
fire_and_forget = true
motion = true
timeout_ms = 100
safe_state = {{ {safe}, why = "never move a window unattended" }}
[devices.window.intents]
{intents}
''')
    return path


CLOSE = 'window_close = { set = { WinReq = "Close" } }\nwindow_open = { set = { WinReq = 2 } }'


@pytest.mark.parametrize(("safe", "intents", "key"), [
    ('send = { WinReq = 0 }, hold = { WinPos = "WinPos" }', CLOSE, "safe_state.hold"),
    ("send = { WinReq = 0 }", CLOSE, "safe_state.send.WinPos"),
    ("send = { WinReq = 1, WinPos = 0 }", CLOSE, "safe_state.send.WinReq"),
    ("send = { WinReq = 0, WinPos = 0 }",
     'window_set_position = { signal = "WinPos", set = { WinReq = 1 } }',
     "safe_state.send.WinPos"),
])
def test_every_wrong_safe_state_names_the_same_way_out(tmp_path: Path, safe: str, intents: str,
                                                       key: str) -> None:
    with pytest.raises(InputError) as exc:
        load_rig(_rig(tmp_path, safe, intents))
    assert exc.value.key == f"devices.window.{key}"
    assert WHY in exc.value.expected and "hold it at the reported value" not in \
        exc.value.expected


def test_stop_values_on_every_signal_load(tmp_path: Path) -> None:
    rig = load_rig(_rig(tmp_path, 'send = { WinReq = "Idle", WinPos = 0 }',
                        'window_close = { set = { WinReq = "Close" } }'))
    spec = rig.devices["window"].spec
    assert spec.fire_and_forget and spec.safe_state.send == {"WinReq": 0.0, "WinPos": 0.0}
    assert not spec.safe_state.hold
