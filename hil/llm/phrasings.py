"""Phrasings written for the head: what drivers say for music and for the cabin's functions, and
the near misses that are not for the cabin, as frames filled with a seeded draw of fillers.

The rules leave the head the requests their templates do not cover, and on real speech these are
mostly requests for music named by a title, a singer or a mood ("来一首刘德华的…",
"time to hear me some …"), a function said outright in words the templates lack ("音量最大",
"车窗升到顶") and the near misses beside them (a video, the news, a story, a question about the
song). The cabin's templates sample few of the first, the Home Assistant samples none of the
last. Every frame and filler here was written for this project (the singers are public names,
the titles invented or common phrases); nothing is taken from an evaluation or third-party set.
"""

from __future__ import annotations

import random
from itertools import product

Pair = tuple[str, str]

_ZH_SINGERS = ("周杰伦", "王菲", "陈奕迅", "邓紫棋", "林俊杰", "五月天", "张学友", "孙燕姿",
               "李健", "毛不易", "刀郎", "蔡依林")
_ZH_TITLES = ("晴天", "后来", "平凡之路", "光年之外", "起风了", "小城故事", "海阔天空",
              "夜空中最亮的星", "童年", "月亮代表我的心", "稻香", "演员", "我们的歌", "南山南",
              "慢慢喜欢你", "红豆", "遥远的她", "春风十里")
_ZH_KINDS = ("儿歌", "轻音乐", "纯音乐", "钢琴曲", "摇滚乐", "古典音乐", "爵士乐", "经典老歌",
             "流行歌曲", "民谣", "粤语歌", "英文歌", "热门歌曲", "新歌", "抖音热歌", "伤感的歌",
             "欢快一点的歌", "适合开车听的歌", "适合睡觉听的音乐", "收藏的歌", "我喜欢的歌单",
             "排行榜上的歌", "八十年代的老歌", "小提琴曲", "古筝曲", "DJ舞曲")
_ZH_PLAY = ("播放{x}", "我想听{x}", "来一首{x}", "放一首{x}", "给我放{x}", "播一下{x}",
            "我要听{x}", "帮我播放{x}", "放点{x}", "{x}放给我听", "听听{x}", "来点{x}",
            "给孩子放{x}", "随便放点{x}", "我想要播放{x}", "来首{x}吧", "换成{x}", "放{x}")
_ZH_ITEMS = tuple(f"{s}的歌" for s in _ZH_SINGERS) + tuple(
    f"{s}的{t}" for s, t in zip(_ZH_SINGERS, _ZH_TITLES, strict=False)) + _ZH_TITLES + _ZH_KINDS

_EN_SINGERS = ("taylor swift", "the beatles", "adele", "ed sheeran", "queen", "drake",
               "johnny cash", "coldplay", "beyonce", "bob marley", "miles davis",
               "dolly parton")
_EN_TITLES = ("yellow", "hey jude", "shape of you", "jolene", "bohemian rhapsody", "hello",
              "blue in green", "ring of fire", "redemption song", "shake it off")
_EN_KINDS = ("jazz", "classical music", "some rock", "country", "hip hop", "something relaxing",
             "my favourites", "my road trip playlist", "some oldies", "lullabies for the kids",
             "top hits", "something upbeat", "the eighties mix", "piano music", "my liked songs",
             "some blues", "reggae", "the new album")
_EN_PLAY = ("play {x}", "put on {x}", "i want to hear {x}", "let's listen to {x}",
            "can you play {x}", "play me {x}", "shuffle {x}", "i'd like to listen to {x}",
            "start playing {x}", "queue up {x}", "throw on {x}", "time for {x}",
            "how about {x}", "give me {x}", "i'm in the mood for {x}", "could we hear {x}")
_EN_ITEMS = _EN_SINGERS + tuple(f"{t} by {s}" for t, s in zip(_EN_TITLES, _EN_SINGERS,
                                                              strict=False)) + _EN_KINDS

# the cabin's functions said outright in words the templates lack
_FUNCTIONS: tuple[Pair, ...] = (
    ("音量开最大", "media_volume_set"), ("音量调到最大", "media_volume_set"),
    ("音量开到最小", "media_volume_set"), ("把音量拉满", "media_volume_set"),
    ("声音开到最大", "media_volume_set"), ("音量设为十二", "media_volume_set"),
    ("音量大一点点", "media_volume_up"), ("音量再加点", "media_volume_up"),
    ("音量往下调", "media_volume_down"), ("声音小一些", "media_volume_down"),
    ("温度调到最高", "climate_set_temperature"), ("空调温度开到最低", "climate_set_temperature"),
    ("温度设成二十二", "climate_set_temperature"), ("空调温度再高一点", "climate_temperature_up"),
    ("温度往下降一点", "climate_temperature_down"), ("风量开到最大", "climate_set_fan"),
    ("风量最小", "climate_set_fan"), ("风量调成三挡", "climate_set_fan"),
    ("风量加大一点", "climate_fan_up"), ("风量往小调", "climate_fan_down"),
    ("车窗升到顶", "window_close"), ("车窗全部关上", "window_close"),
    ("把车窗摇下来", "window_open"), ("车窗打开一半", "window_set_position"),
    ("打开车窗透透气", "window_open"), ("除雾功能打开", "climate_defrost"),
    ("打开前挡除雾", "climate_defrost"), ("开一下除霜", "climate_defrost"),
    ("座椅加热功能打开", "seat_heat_driver"), ("我这边的座椅加热开一下", "seat_heat_driver"),
    ("副驾座椅加热开到二档", "seat_heat_passenger"), ("关闭座椅加热功能", "seat_heat_driver"),
    ("空调打开吧", "climate_ac_on"), ("把空调给关了", "climate_ac_off"),
    ("静音吧", "media_mute"), ("声音全关了", "media_mute"),
    ("暂停一下音乐", "media_pause"), ("歌先停一下", "media_pause"),
    ("切到下一首", "media_next"), ("这首难听换掉", "media_next"),
    ("返回上一首", "media_previous"), ("带我回家吧", "navigate_home"),
    ("turn the volume all the way up", "media_volume_set"),
    ("volume to the max", "media_volume_set"), ("volume at ten", "media_volume_set"),
    ("bump the volume a bit", "media_volume_up"), ("volume down a touch", "media_volume_down"),
    ("mute everything", "media_mute"), ("silence the speakers", "media_mute"),
    ("mute the audio for a while", "media_mute"), ("fan on full", "climate_set_fan"),
    ("fan to the lowest", "climate_set_fan"), ("temperature to the max", "climate_set_temperature"),
    ("windows all the way up", "window_close"), ("crack the windows", "window_open"),
    ("clear the fog off the windshield", "climate_defrost"),
    ("heat my seat on high", "seat_heat_driver"),
    ("switch the air con off", "climate_ac_off"), ("pause the song", "media_pause"),
    ("skip this track please", "media_next"), ("go back a song", "media_previous"),
)

# near misses: media the cabin does not play, questions and remarks about the music, settings
_ZH_NOT = ("播放{x}", "我想看{x}", "打开{x}", "给我放个{x}", "来一集{x}", "我要看{x}")
_ZH_NOT_ITEMS = ("视频", "电影", "新闻", "天气预报", "有声书", "相声", "评书", "综艺节目",
                 "电视剧", "动画片", "短视频", "直播", "讲故事", "小说")
_NEAR_MISSES: tuple[str, ...] = (
    "这首歌叫什么名字", "这是谁唱的", "下载这首歌", "收藏这首歌", "把这首歌加到歌单里",
    "这首歌的歌词是什么", "这首歌真好听", "这个歌手嗓子真好", "删除这个歌单", "歌单里有几首歌",
    "音乐软件要更新了", "我不喜欢听摇滚", "他唱歌跑调", "明天的音乐会几点开始", "导航音量调大",
    "提示音小一点", "通话音量调大", "屏幕亮一点", "打开氛围灯", "打开座椅按摩",
    "what song is this", "who sings this", "add this song to my playlist", "i love this band",
    "that drummer is amazing", "delete my rock playlist", "read me the news",
    "show me a video", "watch a movie", "tell me a story", "turn up the navigation voice",
    "brighten the display", "turn on the reading light", "massage my back",
    "the stadium gig was deafening", "how many songs are in my library",
)


def _filled(frames: tuple[str, ...], items: tuple[str, ...], n: int, rng: random.Random,
            intent: str) -> list[Pair]:
    combos = sorted(frame.format(x=x) for frame, x in product(frames, items))
    return [(t, intent) for t in rng.sample(combos, min(n, len(combos)))]


def phrasing_examples(seed: int = 0, per_language: int = 160) -> list[Pair]:
    """(text, intent) pairs: music requests in both languages, functions said outright, and the
    near misses beside them as ``unknown``; a fixed, seeded draw."""
    rng = random.Random(seed)
    out = _filled(_ZH_PLAY, _ZH_ITEMS, per_language, rng, "media_play")
    out += _filled(_EN_PLAY, _EN_ITEMS, per_language, rng, "media_play")
    out += list(_FUNCTIONS)
    out += _filled(_ZH_NOT, _ZH_NOT_ITEMS, per_language // 2, rng, "unknown")
    out += [(t, "unknown") for t in _NEAR_MISSES]
    return out
