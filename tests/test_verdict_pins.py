"""Literal pins written from mutation survivors (VERIFICATION.md, `make mutate`): what the
verdict counts and says, to the character, where no other test looked."""

from __future__ import annotations

import pytest

from devices.binding import Binding, DeviceSpec, Refused
from twin.config.actuation import Actuation
from twin.verdict.actuation import fold_unserved, headline

SPEC = DeviceSpec("hvac", "HVAC_Cmd", "HVAC_Status",
                  intents={"climate_set_temperature": Binding("climate_set_temperature",
                                                              "TargetTemp")},
                  ranges={"TargetTemp": (16.0, 30.0)})


def test_a_signal_without_a_range_does_not_end_the_range_check() -> None:
    # `continue` -> `break` survived: an unranged signal first let a later one through
    with pytest.raises(Refused, match="TargetTemp=31"):
        SPEC.check_range({"Counter": 5.0, "TargetTemp": 31.0})


def test_unserved_are_ranked_most_frequent_first_then_by_name_and_split_by_allowance() -> None:
    actuation: dict = {}
    config = Actuation(unserved=["media_*"], reason="no media ECU on this rig")
    fold_unserved(config, actuation, {"navigate_home": 2, "media_play": 5, "call_contact": 2})
    assert list(actuation["unserved_by_intent"].items()) == [
        ("media_play", 5), ("call_contact", 2), ("navigate_home", 2)]
    assert actuation["unserved_allowed_intents"] == ["media_play"]
    assert (actuation["unserved"], actuation["unserved_allowed"]) == (4, 5)


def test_the_headline_separates_cabin_commands_acks_and_unserved_literally() -> None:
    assert headline({"confirmed": 3, "commands": 4}) == "3 of 4 commands confirmed"
    assert headline({"cabin_confirmed": 182, "cabin_commands": 182, "acknowledgements": 200}) \
        == "182 of 182 cabin commands confirmed; 200 acknowledgements"
    assert headline({"cabin_confirmed": 1, "cabin_commands": 3, "cabin_sent_unconfirmed": 2,
                     "acknowledgements": 1, "acknowledgements_confirmed": 0,
                     "unserved": 1, "unserved_allowed": 0}) == (
        "1 of 3 cabin commands confirmed (2 sent fire-and-forget); 1 acknowledgement "
        "(0 confirmed); 1 request unserved")
    assert headline({"cabin_confirmed": 0, "cabin_commands": 0, "acknowledgements": 4,
                     "acknowledgements_confirmed": 4, "unserved": 2, "unserved_allowed": 3}) == (
        "0 of 0 cabin commands confirmed; 4 acknowledgements; 5 requests unserved (3 allowed)")
