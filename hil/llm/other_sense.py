"""Words of the cabin's topics used in another sense, which name no topic for the fallback.

A playback verb of children playing, an instrument played or a meal skipped, a stop on the
road, a person's voice rather than the sound system, "cool" as praise, 热 of popularity, and the
back row said with its verb. Kept apart from :mod:`hil.llm.grounding`, whose ``_NOT_A_TOPIC``
reads them.
"""

OTHER_SENSE = (
    # a playback verb in another sense: children playing, a game played, playing it safe, a
    # meal skipped, a stop on the road, holding on; 听说 (heard that), 听话 (obedient), 停车
    r"\bplay(?:ing|ed|s)? (?:it )?(?:safe|cool|dumb|fair|nice|along|games?|football|soccer|"
    r"tennis|golf|cards|chess|ball|basketball|hide and seek|tag|outside|together|with (?:the|my|"
    r"his|her|their|a|each|your|our))\b|\b(?:are|were|was|is|'re|been|keep|kept|busy|done|"
    r"finished|went|go) playing\b|\b(?:we|they|i|he|she|kids|children|boys|girls) played\b|"
    r"\bplay(?:ground|date|room|group|time|house|dough|school|station|off)s?\b|"
    # an instrument played ("my son plays this track on his guitar", "他用吉他弹过这首歌"):
    # no playback of the cabin's
    r"\bplay(?:s|ed|ing)? (?:[\w']+ ){0,3}?on (?:his|her|my|their|our|your|the|a) (?:old |new |"
    r"little )?(?:guitar|piano|keyboard|violin|fiddle|ukulele|uke|drums|cello|flute|sax(?:ophone)?|"
    r"trumpet|harmonica|banjo|mandolin|harp|recorder|accordion|bagpipes)\b|"
    r"弹(?:吉他|钢琴|琴|尤克里里)|用(?:吉他|钢琴|琴|尤克里里)弹|拉(?:小提琴|二胡|大提琴)|"
    r"\bskip(?:ped|ping|s)? (?:lunch|breakfast|dinner|a meal|school|class|work|the (?:queue|"
    r"line|traffic|toll|rest stop|motorway|highway))\b|\bpaus(?:e|ed|ing) for (?:a |some )?"
    r"(?:coffee|break|rest|breath|snack|bite|loo|toilet|petrol|gas|fuel|photo)|"
    r"\bstop(?:ped|ping|s)? (?:at|for|by|off|over|here|there|the car|in (?:at|the))\b|"
    r"(?:(?<=next )|(?<=bus )|(?<=rest )|(?<=pit )|(?<=last )|(?<=first )|(?<=tram )|"
    r"(?<=train )|(?<=truck ))stop\b|\bhold (?:on|tight|the door|my|your|his|her|still)\b|"
    r"听说|听话|打听|停车|停在|停好|停一下车|停下车|车停|停靠|"
    # a person's voice, not the sound system ("speak up, i can't hear you", "小声点说"); "cool"
    # as praise ("cool, thanks"); 热 of popularity or zeal ("热门歌曲", "热闹")
    r"\bspeak up\b|\b(?:can'?t |cannot |couldn'?t )?hear (?:you|me|him|her|them|myself|"
    r"ourselves) think\b(?!.*\b(?:music|song|radio|stereo|tunes?|speakers?)\b)|"
    r"\b(?:can'?t |cannot |couldn'?t )?hear (?:you|me|him|her|them)\b(?! over "
    r"the (?:music|radio|song|stereo))|[大小]点?声(?:点|一点)?说|说(?:得)?[大小]声|"
    r"\bcool\b(?=,? (?:thanks|thank you|cheers|ta|man|mate|dude|bro|beans|story)\b)|"
    r"^\W*(?:cool|very cool|so cool|cool cool)\W*$|"
    r"热门|热闹|热情|热搜|热线|热狗|热身|热爱|热烈|热心|热播|热议|"
    # the back row said with its verb ("the little fella in the back's got chattering teeth"):
    # no one's back against a seat
    r"(?:(?<=in the )|(?<=at the )|(?<=out the ))back(?='s| is)"
)
"""A regex alternation (no enclosing group): each branch is a cabin word in another sense."""
