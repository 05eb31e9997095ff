"""Who sits where, said in words: one list of each for the rules and the fallback.

* :data:`EN_COMPANIONS`, :data:`ZH_COMPANIONS`: a spouse or partner, who sits in front by the
  labelled sets' conventions (the passenger's seat: "my wife's seat", "我老婆的座椅"). Each
  reader keeps its own frame ("my"/"the" before it, "'s" or "的" after it).
* :data:`EN_SEAT_HEATERS`: the seat heater's English names, one or more ("seat warmer",
  "heated seats"); readers that must tell one seat from both name the plural alone.
* :data:`ZH_DRIVER_SEAT`: the driver's seat named by the seat or its user ("主驾", "驾驶座",
  "司机"), not by "我": readers that take "我的" for the driver's seat name it beside the list.
* :data:`ZH_MINE`: the speaker's own seat said by whose it is ("我的", "我这边", "我这个", "我这"),
  without a bare "我" (each reader says where a bare "我" is the seat's owner).
* :data:`ZH_BOTH_FRONT`: the two front seats named together ("主驾副驾", "主驾和副驾", "主驾、副驾",
  "主副驾").

Regex fragments (non-capturing groups), not compiled: :mod:`twin.assistant.story_seat`,
:mod:`twin.assistant.phrasing`, :mod:`twin.assistant.ellipsis`, :mod:`twin.assistant.colloquial`,
:mod:`twin.assistant.multi` and the fallback's readers of seats and clauses import them rather
than keep copies (a wider list of people holds the companion list inside it).
"""

from __future__ import annotations

__all__ = ["EN_COMPANIONS", "EN_SEAT_HEATERS", "ZH_BOTH_FRONT", "ZH_COMPANIONS", "ZH_DRIVER_SEAT",
           "ZH_MINE"]

EN_COMPANIONS = (r"(?:wifey|wife|husband|hubby|partner|girlfriend|boyfriend|missus|missis|"
                 r"fianc\w*|better half|other half)")
"""A spouse or partner said in English, without "my"/"the" ("date" is not here: only
:mod:`twin.assistant.story_seat` reads "my date is freezing"; elsewhere a date is the
calendar's)."""

ZH_COMPANIONS = r"(?:老婆|老公|媳妇子|媳妇儿?|爱人|对象|女朋友|男朋友|太太)"
"""A spouse or partner said in Chinese, without "我" or "的"."""

ZH_BOTH_FRONT = r"(?:主驾驶?[和跟与、]?副驾驶?|主副驾)"
"""The driver's and the passenger's seat named together, in one word or joined by 和/跟/与/、."""

ZH_DRIVER_SEAT = r"(?:主驾驶?|驾驶位|驾驶座|司机)"
"""The driver's seat said in Chinese by its name or its user's."""

ZH_MINE = r"(?:我的|我这边的?|我这个位置的?|我这个?的?)"
"""The speaker's own seat said in Chinese by whose it is (the templates' ``seat`` rule says the
same words)."""

EN_SEAT_HEATERS = r"(?:seat (?:heating|heater|warmer|heat)s?|heated seats?)"
"""The seat heater said in English by any of its names, one or more."""
