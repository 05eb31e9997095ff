"""Indirect requests written for the head, with the near misses beside them.

What the rules leave on speech nobody here wrote is mostly indirect: a complaint that names a
feeling, not a function ("I'm freezing", "我快热死了", "can't hear a thing", "the windshield's all
fogged up", "my back is cold", "it's stuffy"). Each intent below gets such complaints in both
languages, and ``unknown`` gets the same words where they ask nothing of the cabin: the weather
outside, a drink, a phone, someone else's home, a question, an idiom ("that's so cool"), a
request to repeat ("I didn't catch that"). The head learns the topic from these; the words
(:mod:`hil.llm.slots`, :mod:`hil.llm.direction`) still decide which way, so "too hot" can only
ever lower the temperature.

Written for this project from how people speak in a car; none is copied from an evaluation
set (a test checks the development hold-outs by exact match).
"""

from __future__ import annotations

import random
from itertools import product

Pair = tuple[str, str]

# (frames, fillers) per intent: every frame with every filler, then a seeded draw
_FRAMED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "climate_temperature_up": (
        ("i'm {x}", "we're {x} in here", "it's {x} in this car", "man, i'm {x}",
         "i'm getting {x} over here", "honestly i'm {x}"),
        ("freezing", "so cold", "really cold", "chilly", "frozen stiff", "shivering",
         "a bit cold", "kind of cold", "cold to the bone"),
    ),
    "climate_temperature_down": (
        ("i'm {x}", "we're {x} in here", "it's {x} in this car", "ugh, i'm {x}",
         "i'm {x} over here", "honestly i'm {x}"),
        ("boiling", "roasting", "sweating", "melting", "burning up", "overheating",
         "way too warm", "so hot", "baking"),
    ),
}
_WRITTEN: dict[str, tuple[str, ...]] = {
    "climate_temperature_up": (
        "it feels like a fridge in here", "this car is an icebox", "my hands are numb",
        "my fingers are frozen", "my feet are freezing", "could use some warmth in here",
        "brr, it's arctic in here", "the kids are cold", "i can see my breath",
        "我好冷", "冻死我了", "车里好冷啊", "太冷了吧", "冷得发抖", "手都冻僵了", "脚好冰",
        "车里跟冰窖似的", "冷飕飕的", "我冻得不行", "孩子说冷", "冷得受不了", "感觉好冷",
        "车里太凉了", "冻得直哆嗦", "好冷呀", "有点冻手", "冷死个人",
    ),
    "climate_temperature_down": (
        "it's an oven in here", "i'm sweating buckets", "it's like a sauna in here",
        "it's stifling in here", "sweltering in here", "the heat is killing me",
        "i'm dripping with sweat", "way too toasty in here", "could you cool things off",
        "热死了", "好热啊", "车里太热了", "我出汗了", "热得受不了", "车里像蒸笼一样",
        "闷热闷热的", "我快热化了", "热得冒汗", "太热了吧", "好热好热", "热死人了",
        "我一身汗", "有点热", "热得喘不过气", "暖气太足了", "孩子热得直哭", "我都流汗了",
    ),
    "climate_fan_up": (
        "i can barely feel the air", "there's hardly any air coming out", "the air is too weak",
        "more air please", "i need more airflow", "the fan is barely doing anything",
        "i can't feel the fan at all", "give me more air", "need a stronger breeze",
        "风太小了", "感觉不到风", "没什么风啊", "风量不够", "吹不到风", "风好弱",
        "一点风都没有", "风再足一点",
    ),
    "climate_fan_down": (
        "the fan is blasting me", "the air is too strong", "it's a wind tunnel in here",
        "too much air blowing on me", "the draft is drying my eyes", "the fan is roaring",
        "that fan is way too strong", "i'm getting blown away here",
        "风太大了", "吹得我眼睛疼", "风好猛", "风吹得头疼", "风太强了", "风呼呼的好吵",
        "吹得受不了", "风吹得脸都干了",
    ),
    "climate_defrost": (
        "the windshield is fogged up", "i can't see out the windscreen",
        "the glass is all misty", "the front window is steaming up", "the windshield is foggy",
        "everything is fogged over, i can't see the road", "the windscreen is misting up",
        "there's condensation all over the windshield", "the windshield is iced over",
        "frost all over the windscreen",
        "挡风玻璃起雾了", "前挡全是雾", "玻璃上都是雾气", "前风挡看不清了", "玻璃蒙了一层雾",
        "前面玻璃有雾", "挡风玻璃结霜了", "玻璃起雾看不清路", "前挡起雾了", "玻璃上全是水汽",
    ),
    "seat_heat_driver": (
        "my back is cold", "my butt is freezing", "this seat is ice cold",
        "my seat feels cold", "my lower back is freezing", "the seat is so cold",
        "my bum is cold", "this leather seat is freezing", "my seat is too hot",
        "my back is burning", "the seat is cooking me", "my seat is way too warm",
        "我屁股好凉", "座椅好冰", "后背凉飕飕的", "我这座位太凉了", "座位冰凉", "腰好凉",
        "座椅冰死了", "座椅太烫了", "屁股烫死了", "座位太热了", "我的座椅好凉",
    ),
    "seat_heat_passenger": (
        "my wife's seat is cold", "the passenger seat is freezing",
        "my husband says his seat is too hot", "my girlfriend's seat is ice cold",
        "副驾座位太凉了", "我老婆说座椅凉", "副驾好冰", "副驾的座椅太烫了",
    ),
    "media_volume_up": (
        "i can't hear a thing", "i can barely hear it", "it's too quiet",
        "i can't hear the music", "can't hear anything over the road noise",
        "i can hardly hear the song", "the music is barely audible", "i can't make out the words",
        "听不见", "听不清楚", "声音太小了听不到", "啥也听不见", "音乐听不清", "根本听不到",
        "声音小得听不见", "我听不太清歌",
    ),
    "media_volume_down": (
        "my ears hurt", "it's deafening", "that's way too loud", "my ears are ringing",
        "the music is hurting my ears", "it's so loud i can't think",
        "i can't hear myself think",
        "吵死了", "太吵了", "震得耳朵疼", "耳朵受不了", "声音太响了", "好吵啊", "吵得头疼",
        "耳朵都要聋了",
    ),
    "media_mute": (
        "i need total silence", "shh, quiet for a second", "silence please",
        "嘘，安静一下", "让它别出声", "我需要安静",
    ),
    "window_open": (
        "it's stuffy in here", "i need some fresh air", "it smells in here",
        "it stinks in this car", "the air is stale", "it smells like smoke in here",
        "i could use some fresh air", "it's so stuffy back here",
        "好闷啊", "车里有味道", "想透透气", "车里空气太差了", "车里好闷", "闷得慌",
        "车里有股怪味", "车里烟味太大",
    ),
    "window_close": (
        "it's too windy", "the wind noise is unbearable", "the rain is coming in",
        "i'm getting soaked", "dust is blowing in", "it's so noisy with the window down",
        "my hair is going everywhere", "bugs are flying in",
        "风灌进来了", "雨飘进来了", "灰尘都进来了", "风噪太大了", "雨进来了", "虫子飞进来了",
        "头发被吹乱了",
    ),
    "climate_ac_on": (
        "it's so humid in here", "it's muggy in this car", "it's sticky and gross in here",
        "好闷热", "车里潮乎乎的", "黏糊糊的好难受",
    ),
    "media_next": (
        "i hate this song", "not this one again", "this song is terrible",
        "i'm sick of this track", "ugh, this song again", "i've heard this one a million times",
        "this track is boring", "not in the mood for this one",
        "这首歌太难听了", "不想听这首", "听腻了", "这首不好听", "又是这首", "这歌听烦了",
    ),
    "media_previous": (
        "i missed the last song", "that last song was great, play it again",
        "刚才那首再放一遍", "上一首好听再来一遍",
    ),
    "media_play": (
        "i'm bored, some music would be nice", "the silence is killing me, put something on",
        "let's have some tunes", "太安静了，来点音乐", "无聊，放点歌", "路上好无聊，听点歌吧",
    ),
    "navigate_home": (
        "i'm exhausted, let's head home", "let's call it a day and go home",
        "我累了想回家", "时间不早了，回家吧",
    ),
}
# out of range: the topic is the cabin's, the number is not (the slots say the range)
_OUT_OF_RANGE: tuple[Pair, ...] = (
    ("set the temperature to 45", "climate_set_temperature"),
    ("make it 5 degrees in here", "climate_set_temperature"),
    ("温度调到四十五度", "climate_set_temperature"), ("空调开到十度", "climate_set_temperature"),
    ("seat heat on level 6", "seat_heat_driver"), ("座椅加热开到五档", "seat_heat_driver"),
    ("put the passenger seat heat on 5", "seat_heat_passenger"),
    ("open the window to 140 percent", "window_set_position"),
    ("车窗开到百分之两百", "window_set_position"), ("fan on level 12", "climate_set_fan"),
    ("风量开到九档", "climate_set_fan"), ("volume to 80", "media_volume_set"),
)
# the same words, asking nothing of the cabin
_NEAR_MISSES: tuple[str, ...] = (
    "it's freezing outside today", "the weather is so hot this week",
    "it's going to be cold tomorrow", "it was boiling at the beach", "the winter here is brutal",
    "my mom is always cold at home", "my office is freezing", "my sister hates the cold",
    "is it cold outside", "how hot will it get today", "why is it so cold this winter",
    "this coffee is too hot", "my drink has gone warm", "the soup is cold",
    "my phone is overheating", "my laptop is burning up", "i have a cold",
    "that's so cool", "cool, thanks", "what a hot take", "i can't hear you, say that again",
    "sorry, i didn't catch that", "it's foggy on the highway", "the fog is thick today",
    "this seat is comfortable", "i love these leather seats", "look out the window",
    "what a view from the window", "the window has a crack in it", "this song is great",
    "the engine is making a weird noise", "there's a rattle in the dashboard",
    "the traffic is terrible", "i'm tired of this traffic", "the kids are noisy today",
    "外面好冷", "今天天气真热", "明天要降温了", "冬天太冷了", "我妈怕冷", "办公室冷死了",
    "外面冷吗", "今天多少度", "这杯咖啡太烫了", "饭都凉了", "手机好烫", "我感冒了",
    "太酷了", "我没听清你说什么", "外面雾好大", "今天有雾霾", "座椅真舒服",
    "这个座椅是真皮的吗", "窗外风景真美", "车窗上有个裂缝", "发动机声音有点怪",
    "路上好堵啊", "孩子们今天好吵", "这首歌真好听", "冰淇淋化了", "我心里好冷",
)
PER_FRAMED = 18


def indirect_examples(seed: int = 0) -> list[Pair]:
    """(text, intent) pairs: indirect requests per intent in both languages, numbers out of
    range, and the near misses beside them as ``unknown``; a fixed, seeded draw."""
    rng = random.Random(seed)
    out: list[Pair] = []
    for intent, (frames, fillers) in sorted(_FRAMED.items()):
        combos = sorted(f.format(x=x) for f, x in product(frames, fillers))
        out += [(t, intent) for t in rng.sample(combos, min(PER_FRAMED, len(combos)))]
    out += [(t, intent) for intent, texts in sorted(_WRITTEN.items()) for t in texts]
    out += list(_OUT_OF_RANGE)
    out += [(t, "unknown") for t in _NEAR_MISSES]
    return out
