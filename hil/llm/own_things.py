"""Things of their own named beside a cabin word: another device's sound, a thing's own heat.

"My phone's volume is too low" and "the brakes are really hot" say a volume and a heat, and the
head puts them on the cabin's volume and temperature; neither is the cabin's to change. Both
patterns are parts of :data:`hil.llm.grounding.LACKING` (what the cabin lacks): a line that says
only them is refused, and beside a command they are left out as a device the cabin lacks.
"""

from __future__ import annotations

_GADGET = (r"(?:phone|mobile|cell|headphones?|earphones?|earbuds?|air ?pods|ipad|tablet|laptop|"
           r"kindle)")
OWN_SOUND = (
    r"\b(?:volume|sound|ringer|ringtone|speaker) (?:on|of) (?:my|the|his|her|their|your|our|"
    r"this|that) (?:\w+ )?" + _GADGET + r"\b|"
    # what plays from it is the cabin's sound ("the podcast on my phone is too quiet")
    r"(?<!on my )(?<!on the )(?<!from my )(?<!from the )(?<!off my )"
    r"\b" + _GADGET + r"(?:'s|'re| is| are)?(?: (?:volume|sound|ringer|ringtone|speaker|audio)"
    r"(?:'s| is)?)?(?: (?:is|are|was|sounds|gets|goes|keeps))? (?:(?:way|far|so|too|really|very|"
    r"super|a bit|kinda|dead|well|bloody|proper) )*(?:loud|quiet|low|soft|blaring|blasting|"
    r"deafening|noisy)\b|"
    r"(?<!听不见)(?<!听不清)(?<!听不到)(?<!听见)(?<!听到)"
    r"(?:手机|耳机|平板|电脑|笔记本|ipad)(?:的|里的?|上的?)?(?:外放|通话|铃声|喇叭)?(?:声音?|音量|铃声|外放)"
)
"""Another device's own sound ("my phone's volume is too low", "the ringer on my phone is too
loud", "耳机音量太小了", "手机铃声太响了"): the cabin's volume is not it."""
OWN_HEAT = (
    r"\b(?:engine|brakes?|tyres?|tires?|battery|exhaust|radiator|clutch|gearbox|tea|coffee|"
    r"soup|food|dinner|lunch|breakfast|pizza|chips|fries|milk|latte|takeaway|bottle|bowl|"
    r"drinks?)(?:'s|'re| is| are| has| have|'ve)?(?: (?:gone|got|getting|going|running|been))?"
    r" (?:(?:way|far|so|too|really|very|super|a bit|kinda|dead|well|bloody|proper|stone|all) )*"
    r"(?:hot|cold|freezing|frozen|warm|lukewarm|boiling|roasting|overheating|cooking)\b|"
    r"(?:发动机|引擎|刹车|轮胎|电池|排气管|水箱)(?:都|也|已经|又|快|有点|好|太|真|很)?(?:凉|冷|烫|热|冰)|"
    # food or a drink said cooled or scalding ("饭都凉了", "咖啡太烫"); "吃完饭热得…" is the
    # eater's heat, "凉快" the air's
    r"(?:茶|咖啡|饭|菜|汤|牛奶|奶茶|外卖|饮料|奶瓶)(?:都|也|已经|又|快|有点|好|太|真|很)?"
    r"(?:凉(?!快|爽)|烫)"
)
"""A thing's own heat or cold ("the brakes are really hot", "my tea's gone cold", "饭都凉了",
"刹车好热"): no state of the cabin's air."""
