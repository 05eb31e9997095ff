"""Machines and car parts the cabin has no function for, said in English: one list for the
refusal of another device (:mod:`twin.assistant.scope`) and for a play wildcard's object
(:mod:`twin.assistant.play_object`).

Each reader adds its own around the shared words: the refusal its phrases and word stems
("steering wheel", "massag…", "washers"), the wildcard the heads only a title could hide
("camera", "sensor", the appliances at home).
"""

from __future__ import annotations

EN_OTHER_DEVICES = (
    "light", "lights", "lamp", "lamps", "headlight", "headlights", "sunroof", "moonroof",
    "wiper", "wipers", "mirror", "mirrors", "lock", "locks", "horn", "tv", "television",
    "fridge", "freezer", "oven", "microwave", "kettle", "boiler",
)
"""Head words (singular and plural as said) of a device the cabin lacks, that both readers
take as another device."""
