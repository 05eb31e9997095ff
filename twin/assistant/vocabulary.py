"""The cabin's vocabulary for the rules: its entities and areas as Home Assistant would expose
them, which Home Assistant intents are used and what they map onto, warm-up phrases, and the
follow-up tables ("more", "再大一点") resolved from the conversation history."""

from __future__ import annotations

from twin.assistant.catalogue import active_catalogue

# The cabin's entities as Home Assistant would expose them: (spoken name, entity id, domain).
CABIN_ENTITIES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "en": (
        ("air conditioning", "climate.cabin", "climate"),
        ("air conditioner", "climate.cabin", "climate"),
        ("AC", "climate.cabin", "climate"),
        ("climate", "climate.cabin", "climate"),
        ("heater", "climate.cabin", "climate"),
        ("thermostat", "climate.cabin", "climate"),
        ("seat heating", "switch.seat_heat_driver", "switch"),
        ("seat heater", "switch.seat_heat_driver", "switch"),
        ("driver seat heating", "switch.seat_heat_driver", "switch"),
        ("passenger seat heating", "switch.seat_heat_passenger", "switch"),
        ("defroster", "switch.defrost", "switch"),
        ("defrost", "switch.defrost", "switch"),
        ("window", "cover.window", "cover"),
        ("driver window", "cover.window", "cover"),
        ("sunroof", "cover.sunroof", "cover"),
        ("fan", "fan.cabin", "fan"),
        ("blower", "fan.cabin", "fan"),
        ("radio", "media_player.cabin", "media_player"),
        ("music", "media_player.cabin", "media_player"),
        ("stereo", "media_player.cabin", "media_player"),
        ("navigation", "navigation.cabin", "navigation"),
    ),
    "zh-CN": (
        ("空调", "climate.cabin", "climate"),
        ("暖气", "climate.cabin", "climate"),
        ("座椅加热", "switch.seat_heat_driver", "switch"),
        ("主驾座椅加热", "switch.seat_heat_driver", "switch"),
        ("副驾座椅加热", "switch.seat_heat_passenger", "switch"),
        ("除霜", "switch.defrost", "switch"),
        ("车窗", "cover.window", "cover"),
        ("窗户", "cover.window", "cover"),
        ("天窗", "cover.sunroof", "cover"),
        ("风扇", "fan.cabin", "fan"),
        ("鼓风机", "fan.cabin", "fan"),
        ("音乐", "media_player.cabin", "media_player"),
        ("收音机", "media_player.cabin", "media_player"),
        ("导航", "navigation.cabin", "navigation"),
    ),
}
CABIN_AREAS: dict[str, tuple[str, ...]] = {
    "en": ("cabin", "car", "vehicle"),
    "zh-CN": ("车内", "车里", "车上"),
}

# Courtesy around a command: wake words and assistant names said before it ("alexa, play
# jazz", "小爱同学，打开空调") and polite wrappers ("is it possible to ...", "能不能...好吗").
# The rule NLU strips one run of them at the start and one at the end before hassil runs (and
# tries the text as said if the rest matches nothing), so no template has to spell every
# courtesy out. Not hassil skip words: hassil scans for those anywhere on every call, which
# costs ~4 us per word per template pass.
COURTESY_PREFIXES: dict[str, tuple[str, ...]] = {
    "en": (
        "hey car", "ok car", "okay car", "alexa", "hey alexa", "ok google", "okay google",
        "hey google", "siri", "hey siri", "olly", "hey olly", "cortana", "hey cortana",
        "hey assistant", "ok assistant", "assistant",
        # polite wrappers ("i want to" / "let's" stay: "let's play chess" is a game)
        "is it possible to", "would it be possible to", "do me a favor and", "do me a favour and",
        "do us a favor and", "do us a favour and", "i want that you", "i would like that you",
        "be a love and", "be a dear and",
        "be a star and", "be a doll and", "be a pal and",
        *(f"{asked} you be a {who} and" for asked in ("would", "could", "can", "will")
          for who in ("love", "dear", "star", "doll", "pal")),
        "i'd like you to", "i would like you to", "i want you to", "i need you to",
        "why don't you", "go ahead and", "could you possibly", "can you possibly",
        "if you could",
        # "please" said before the question ("please could you …"): the question's own order
        "please could you", "please can you", "please would you", "please will you",
        # fillers and a leave to act said first ("ugh, ...", "ok, you can start the music")
        "ugh", "hmm", "hm", "um", "uh", "oh", "ok", "okay", "alright", "well", "just",
        "you can", "you could", "actually",
        # a formal or regional wrapper before the order ("would you be so kind as to set …",
        # "kindly put …", "excuse me, …", Scots "gonnae …", "could ya …", "y'all mind …")
        "would you be so kind as to", "would you be kind enough to", "be so kind as to",
        "would you kindly", "kindly", "excuse me", "pardon me", "gonnae", "could ya", "can ya",
        "would ya", "will ya", "y'all", "ope", "yo", "cheers", "thanks", "thank you",
        # a register's filler or a name for the one spoken to, said first ("yalla …", "tamam,
        # …", Nigerian "abi, …", "oya …", "eh eh, …", a gamer's "gg …", "alright darlin …")
        "yalla", "yallah", "tamam", "abi", "oya", "haba", "ehen", "eh eh", "eh", "gg",
        "darlin", "darling", "sweetheart", "guv", "pal", "ai", "aii",
        "please you can", "please you could",
    ),
    "zh-CN": (
        "小爱同学", "小度小度", "小度", "天猫精灵", "嘿siri", "你好小助手", "小助手", "你好助手",
        "嘿助手", "hey siri", "siri",
        "能不能", "可不可以", "能否", "你能", "你可以",
        # fillers and greetings said before a command ("哦关闭车窗", "你好我想听...")
        "你好", "哦", "噢", "嗯", "呃", "额", "那个", "喂",
        "帮我", "给我", "你帮我", "你给我", "先",
        # a courtesy before a polite question ("请问可以…吗", "dbq，能帮我…吗": 对不起)
        "请问", "dbq", "不好意思", "打扰一下", "对不起",
        # Cantonese "please" (唔该), a formal "please" (请, 烦请, 劳烦), internet shorthand said
        # first ("yysy", "u1s1": 有一说一; "xdm": 兄弟们; "emmm")
        "唔该", "唔该晒", "麻烦晒", "请", "烦请", "劳烦",
        "yysy", "u1s1", "xdm", "emm", "emmm", "emmmm", "plz", "pls", "awsl", "xswl", "nsdd",
        "hhh", "hhhh",
        # a list's "then" or a filler said first with nothing before it ("然后那个把空调关一下")
        "然后", "这个",
    ),
}  # fmt: skip
COURTESY_SUFFIXES: dict[str, tuple[str, ...]] = {
    "en": ("if you don't mind", "if you can", "if possible", "if you could", "if you would",
           "if you please", "if you wouldn't mind", "if you'd be so kind",
           # a tag and a wish said after the command ("..., would you", "... would be nice")
           "would you", "will you", "could you", "can you", "won't you", "real quick",
           "would be nice", "would be great", "would be good", "would be lovely", "would help",
           "for me", "for us", "instead", "go on", "go ahead", "please", "thanks", "thank you",
           "mate", "cheers", "as well", "too",
           # when or how fast, said last ("… off now", "… up quickly"), a Scots tag ("would ye")
           "now", "right now", "quickly", "quick", "asap", "would ye", "will ye",
           # "for now" whole: "now" alone would leave "… off for" behind
           "for now", "for the moment",
           # a name for the one spoken to or a register's tag, said last ("… pal", "… guv",
           # Indian "… na", Nigerian "… oga", Ghanaian "… chale", "… honestly")
           "pal", "guv", "guvnor", "na", "naa", "oga", "chale", "bana", "darlin", "darling",
           "sweetheart", "my friend", "honestly", "to be honest",
           # hurry said last ("… go go go", "… chop chop"), one more thing ("… also")
           "go go go", "go go", "chop chop", "pronto", "sharpish", "also", "abeg"),
    "zh-CN": ("好吗", "好不好", "行吗", "可以吗", "行不行", "可不可以",
              "谢谢", "谢谢你", "谢谢啦", "谢啦", "多谢", "唔该", "唔该晒", "多谢晒", "thx",
              # a final particle after a tag ("开窗户好不好嘛")
              "嘛", "呀", "啊", "哦", "撒", "噻", "咯", "喔", "啦"),
}

# The Home Assistant intents the cabin maps, plus common out-of-domain ones (recognised as
# ``unknown`` with confidence, so they need no LLM). The rest (lights, state queries, vacuums,
# lists...) cost ms per miss and mean nothing in a car.
HA_INTENTS: frozenset[str] = frozenset(
    {
        "HassTurnOn",
        "HassTurnOff",
        "HassClimateSetTemperature",
        "HassFanSetSpeed",
        "HassSetPosition",
        "HassMediaNext",
        "HassMediaPrevious",
        "HassMediaPause",
        "HassMediaUnpause",
        "HassMediaPlayerMute",
        "HassMediaSearchAndPlay",
        "HassSetVolume",
        "HassSetVolumeRelative",
        "HassGetWeather",
        "HassStartTimer",
        "HassGetCurrentTime",
        "HassGetCurrentDate",
        "HassNevermind",
        "HassShoppingListAddItem",
        # out of the cabin's domain, recognised so that they never reach an actuator
        "HassLightSet",
        "HassGetState",
        "HassClimateGetTemperature",
        "HassCancelTimer",
        "HassCancelAllTimers",
        "HassTimerStatus",
        "HassListAddItem",
        "HassBroadcast",
    }
)
# Warm-up phrases: every range list in digits and words (hassil builds a number-word trie per
# range on first use, ~100 ms), a miss, and each pass.
WARM_UP: dict[str, tuple[str, ...]] = {
    "en": (
        "turn on the AC",
        "set the temperature to twenty two degrees",
        "set the fan to level three",
        "set the volume to fifteen",
        "open the window to thirty percent",
        "raise the temperature by two degrees",
        "set the seat heating to level one",
        "set the fan speed to 50%",
        "set the volume to 40%",
        "what's the weather like",
        "it's stuffy in here",
        "set a timer for five minutes",
        "set the temperature to twenty one point five degrees",
    ),
    "zh-CN": (
        "打开空调",
        "把温度调到二十六度",
        "风量调到三档",
        "音量调到二十",
        "车窗打开百分之三十",
        "温度调高两度",
        "座椅加热调到一档",
        "把风扇调到百分之五十",
        "把音量设置为百分之四十",
        "今天天气怎么样",
        "车里好闷",
        "设置五分钟的计时器",
        "把温度设置为二十一点五度",
    ),
}

# Home Assistant intent -> (entity id or "*") -> (cabin intent, value, confidence)
ON_OFF: dict[str, dict[str, tuple[str, int | None]]] = {
    "HassTurnOn": {
        "climate.cabin": ("climate_ac_on", None),
        "switch.seat_heat_driver": ("seat_heat_driver", 2),
        "switch.seat_heat_passenger": ("seat_heat_passenger", 2),
        "switch.defrost": ("climate_defrost", None),
        "cover.window": ("window_open", None),
        "fan.cabin": ("climate_set_fan", 3),
        "media_player.cabin": ("media_play", None),
    },
    "HassTurnOff": {
        "climate.cabin": ("climate_ac_off", None),
        "switch.seat_heat_driver": ("seat_heat_driver", 0),
        "switch.seat_heat_passenger": ("seat_heat_passenger", 0),
        "cover.window": ("window_close", None),
        "fan.cabin": ("climate_set_fan", 0),
        "media_player.cabin": ("media_pause", None),
    },
}
SIMPLE: dict[str, str] = {
    "HassMediaNext": "media_next",
    "HassMediaPrevious": "media_previous",
    "HassMediaPause": "media_pause",
    "HassMediaUnpause": "media_play",
    "HassMediaPlayerMute": "media_mute",
}

# Follow-ups. "more"/"less" are relative to the direction of the last change; "up"/"down"
# ("higher", "再大一点") are absolute. Both come from the catalogue: a topic with an up and a
# down intent is a step family (last intent -> (up intent, down intent, direction of the last
# change: +1, -1, or 0 for a plain "set")); an intent whose value slot has a ``step`` is a level
# family (one "more" adds the step to its value).
def _step_families() -> dict[str, tuple[str, str, int]]:
    catalogue = active_catalogue()
    out: dict[str, tuple[str, str, int]] = {}
    sign = {"up": 1, "down": -1, "set": 0}
    for name, entry in catalogue.intents.items():
        if entry.direction not in sign:
            continue
        up = next((n for n, e in catalogue.intents.items()
                   if e.topic == entry.topic and e.direction == "up"), None)
        down = catalogue.opposite(up) if up is not None else None
        if up is not None and down is not None:
            out[name] = (up, down, sign[entry.direction])
    return out


STEP_FAMILIES: dict[str, tuple[str, str, int]] = _step_families()
FOLLOW_UPS: dict[str, tuple[bool, int]] = {
    # template intent: (relative to the last change?, sign)
    "followup_more": (True, 1),
    "followup_less": (True, -1),
    "followup_up": (False, 1),
    "followup_down": (False, -1),
}
THERMAL_FOLLOW_UPS: dict[str, int] = {
    # "that's too hot" after a request: a step on the seat heater just set, else the cabin
    "followup_too_hot": -1,
    "followup_too_cold": 1,
}
LEVEL_FAMILIES: dict[str, int] = {
    # last intent: step of one "more" on its own level value
    name: entry.value.step
    for name, entry in active_catalogue().intents.items()
    if entry.value is not None and entry.value.step is not None and name not in STEP_FAMILIES
}
LEVEL_STEPS: dict[str, tuple[str, int]] = {
    # template intent: (the level intent it moves, which way) -- "turn my seat heater down" is
    # seat_heat_driver_down, "open the window more" window_set_position_up
    f"{name}_{way}": (name, sign)
    for name in LEVEL_FAMILIES for way, sign in (("up", 1), ("down", -1))
}


def _ends() -> dict[str, tuple[str, int]]:
    """An on/off intent of a topic whose setter is a level: (the setter, the level it leaves
    it at: the top for on, the bottom for off). "Open the window" is position 100."""
    catalogue = active_catalogue()
    out: dict[str, tuple[str, int]] = {}
    for name, entry in catalogue.intents.items():
        setter = catalogue.setter(entry.topic)
        if entry.direction in ("on", "off") and setter in LEVEL_FAMILIES:
            schema = catalogue.intents[setter].value
            assert schema is not None and schema.low is not None and schema.high is not None
            out[name] = (setter, schema.high if entry.direction == "on" else schema.low)
    return out


LEVEL_ENDS: dict[str, tuple[str, int]] = _ends()
