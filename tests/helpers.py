"""Small builders shared by tests."""

from __future__ import annotations

from typing import Any

from twin.scenario import Scenario, scenario_from_dict


def scenario(**overrides: Any) -> Scenario:
    raw: dict[str, Any] = {
        "name": "t",
        "seed": 1,
        "requests": 300,
        "workload": {"kind": "poisson", "rate_per_s": 30},
        "stages": {"profile": "ideal"},
    }
    raw.update(overrides)
    return scenario_from_dict(raw, "<test>")


def can_rig_toml(name: str = "can-only", timeout_ms: float = 30, seed: int = 3) -> str:
    """The test rig: the cabin HVAC and seat twins on a private python-can virtual bus.

    Used by the ``can_rig_file`` fixture (tests/conftest.py); one copy for every rig test.
    """
    return f"""
name = "{name}"
[buses.body]
interface = "virtual"
channel = "auto"
[simulation]
seed = {seed}
[devices.hvac]
bus = "body"
node_id = 1
command = "HVAC_Cmd"
status = "HVAC_Status"
timeout_ms = {timeout_ms}
delay = {{dist = "fixed", value = 1.0}}
safe_state = {{ send = {{ TargetTemp = 22, Fan = 0, AC = 0 }}, why = "nothing left running" }}
[devices.hvac.intents]
climate_set_temperature = {{ signal = "TargetTemp" }}
climate_set_fan = {{ signal = "Fan" }}
climate_ac_on = {{ set = {{ AC = 1 }} }}
climate_ac_off = {{ set = {{ AC = 0 }} }}
[devices.seat]
bus = "body"
node_id = 2
command = "Seat_Cmd"
status = "Seat_Status"
timeout_ms = {timeout_ms}
delay = {{dist = "uniform", low = 0.5, high = 2.0}}
safe_state = {{ send = {{ DriverLevel = 0, PassengerLevel = 0 }}, why = "burn risk" }}
[devices.seat.intents]
seat_heat_driver = {{ signal = "DriverLevel" }}
seat_heat_passenger = {{ signal = "PassengerLevel" }}
"""
