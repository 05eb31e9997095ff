"""The cabin safe state (see SAFE_STATE.md): command values per ECU class."""

from __future__ import annotations

SAFE_STATE: dict[str, dict[str, float]] = {
    "HvacEcu": {"TargetTemp": 22, "Fan": 0, "AC": 0},
    "SeatEcu": {"DriverLevel": 0, "PassengerLevel": 0},
    "WindowEcu": {"Position": 0, "Stop": 1},
    "MediaEcu": {"Volume": 8, "Action": 2, "Mute": 0},
    "HmiEcu": {"Chime": 0, "Icon": 0, "TextId": 0},
}
