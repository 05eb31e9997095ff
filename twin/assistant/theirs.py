"""Another person's own device: a thing no cabin has, owned by someone else ("my gran keeps her
radio at volume 20", "his telly", "我奶奶的收音机", "她家的音响"). Its state is told of their home
or their habit, never ordered to this cabin, even when it names a volume or a temperature. Read
as :mod:`twin.assistant.scope`'s ``someone_else`` kind. A seat, a window or the music are this
cabin's things ("her seat", "她那边的窗户") and are not here; nor is whom an order is for ("给奶奶
把收音机开大点": no 的)."""

from __future__ import annotations

_DEVICE_EN = (r"(?:radio|radios|telly|tv|television|stereo|speakers?|hi-?fi|record player|"
              r"boom ?box|wireless|heating|thermostat|boiler|space heater|electric fire)")
"""Devices of a home: the cabin's radio is "the radio", never someone's ("her radio")."""
_OWNER_EN = (r"(?:her|his|their|(?:my|our|your) (?:mom|mum|mother|dad|father|gran|granny|nan|"
             r"nana|grandma|grandad|granddad|grandpa|grandmother|grandfather|aunt(?:ie)?|uncle|"
             r"sister|brother|neighbou?r|friend|mate|boss|cousin|son|daughter|kid)'?s)")
"""A third person's possessive (not "my" or "the car's": those may be this cabin's)."""
_DEVICE_ZH = r"(?:收音机|收音器|电视机?|音响|音箱|录音机|半导体|暖气片?|电暖器|取暖器|电扇|电风扇)"
"""Devices of a home said in Chinese."""
_OWNER_ZH = (r"(?:她|他|她们|他们|人家|别人|[我俺咱你]的?[妈爸哥姐弟妹舅叔姑姨嫂]|奶奶|爷爷|"
             r"姥姥|姥爷|外婆|外公|邻居|朋友|同事|室友|老板|老人家)(?:家)?(?:的|那台|那个|那)")
"""A third person's possessive in Chinese ("我奶奶的", "她家的", "邻居那台"); a kin word of one
character only after 我/你 ("我妈的"), never the oath "妈的" / "他妈的"."""

THEIR_THING = rf"\b{_OWNER_EN} (?:old |new |little |own )?{_DEVICE_EN}\b|{_OWNER_ZH}{_DEVICE_ZH}"
"""A third person's own device ("her radio", "my nan's telly", "奶奶的收音机", "她家的音响")."""
