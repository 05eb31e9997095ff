"""What the blind hold-out ``holdout14`` showed on its score, pinned at its cause with variants
(not its lines) and near misses that act on nothing.

* A part of a list dropped without a word: an ASR slip (暂挺 for 暂停) or slang for muting (闭麦,
  把声儿掐了) the rules did not read, and "<whole command> <function way>" run-ons ("next track
  fan down"); the fallback acted on one part and said nothing of a part whose verb it did not
  know ("暂听一下音乐", "让音响闭嘴": now a part of its own, asked about).
* A complaint told after a long story ("在收费站排了半天…热得一身汗", "stuck at the services
  … the sun's cooking me") was refused as out of domain: the place word matched an
  out-of-domain template, or nothing of the cabin's was read.
* Baby talk and dialect: Scots "doon", "silent mode" on the speakers, music "for the school
  kids".
"""

from __future__ import annotations

import pytest

from hil.llm.clauses import focus
from hil.llm.several import several_parts
from twin.assistant.nlu import shared_nlu
from twin.assistant.policy import decide


def _rules(text: str, lang: str) -> list[tuple[str, object]]:
    """What the rules act on (an answer that refuses or asks acts on nothing)."""
    result = shared_nlu(lang).parse(text, ())
    d = decide(text, (), lang, result, None)
    return [(c.intent, c.value) for c in d.commands
            if c.intent != "unknown"] if d.path == "rule" else []


@pytest.mark.parametrize(("text", "lang", "want"), [
    ("暂挺音乐 把温度调到二十二", "zh-CN", [("media_pause", None),
                                 ("climate_set_temperature", 22)]),
    ("暂挺一下 下一首", "zh-CN", [("media_pause", None), ("media_next", None)]),
    ("音响闭麦，然后风量调大一档", "zh-CN", [("media_mute", None), ("climate_fan_up", 1)]),
    ("让音乐闭麦", "zh-CN", [("media_mute", None)]),
    ("把声儿掐了", "zh-CN", [("media_mute", None)]),
    ("声音掐掉，然后下一首", "zh-CN", [("media_mute", None), ("media_next", None)]),
    ("next song fan down", "en", [("media_next", None), ("climate_fan_down", 1)]),
    ("skip this track temperature up two degrees", "en",
     [("media_next", None), ("climate_temperature_up", 2)]),
    ("previous track volume down a notch", "en", [("media_previous", None),
                                                  ("media_volume_down", 2)]),
])
def test_every_part_of_a_list_is_read(text: str, lang: str, want: list[tuple[str, object]]
                                      ) -> None:
    assert _rules(text, lang) == want


@pytest.mark.parametrize(("text", "lang"), [
    ("让孩子静音", "zh-CN"),  # 让 before a person: no device to mute
    ("the next song volume is too loud", "en"),
    ("next song volume", "en"),
])
def test_near_misses_of_a_list_act_on_nothing(text: str, lang: str) -> None:
    assert _rules(text, lang) == []


@pytest.mark.parametrize("text", ["刚才那首还没听完，下一首", "孩子睡了，把音乐关小"])
def test_a_statement_beside_a_command_is_no_part(text: str) -> None:
    assert len(several_parts(focus(text).text)) <= 1


@pytest.mark.parametrize(("text", "lang", "want"), [
    ("我跟你讲在收费站排了好久的队太阳晒进来热得我一身汗", "zh-CN",
     [("climate_temperature_down", 1)]),
    ("带孩子在加油站排了半天队冷得直哆嗦", "zh-CN", [("climate_temperature_up", 1)]),
    ("we've been sat at the services forever and the sun is baking us", "en",
     [("climate_temperature_down", 1)]),
    ("stuck at the toll for twenty minutes and the sun's roasting me", "en",
     [("climate_temperature_down", 1)]),
])
def test_a_complaint_after_a_story_is_read(text: str, lang: str,
                                           want: list[tuple[str, object]]) -> None:
    assert _rules(text, lang) == want


@pytest.mark.parametrize(("text", "lang"), [
    ("帮我找个加油站热死了", "zh-CN"),  # a request for a place: out of domain
    ("昨天在服务区排队热得我一身汗", "zh-CN"),  # another time
    ("刚才在外面冻了半天热得我一身汗", "zh-CN"),  # the other feeling, and outside
    ("去服务区", "zh-CN"),
    ("take me to the toll booth", "en"),
    ("the sun's cooking the tomatoes", "en"),
])
def test_near_misses_of_a_complaint_act_on_nothing(text: str, lang: str) -> None:
    assert _rules(text, lang) == []


@pytest.mark.parametrize(("text", "want"), [
    ("turn the radio doon a wee bit", [("media_volume_down", 2)]),
    ("turn the fan doon a touch", [("climate_fan_down", 1)]),
    ("put the speakers on silent mode", [("media_mute", None)]),
    ("go total silent on the stereo", [("media_mute", None)]),
    ("stick some music on for the wee kids", [("media_play", None)]),
    ("put some tunes on for the school kids", [("media_play", None)]),
])
def test_dialect_and_baby_talk(text: str, want: list[tuple[str, object]]) -> None:
    assert _rules(text, "en") == want


@pytest.mark.parametrize("text", [
    "the sun went doon", "doon the road", "put my phone on silent", "go silent mode on the phone",
    "put the seat heater on for the school kids",  # a seat's heater: whose seat is unsure
])
def test_near_misses_of_dialect_act_on_nothing(text: str) -> None:
    assert _rules(text, "en") == []


@pytest.mark.parametrize("text", [
    "go back to the song before",
    "take us back to the track before this one please",
    "could you skip back to the tune before",
    "play the song before again",
])
def test_the_song_before_is_the_previous_track_not_a_title(text: str) -> None:
    # the open "play {anything}" once played "the song before" as a title
    assert _rules(text, "en") == [("media_previous", None)]


@pytest.mark.parametrize("text", [
    "go back to the song",  # which song is unsure: no rules answer
    "play the song before we leave",  # a later time: not a track move
])
def test_near_misses_of_the_song_before(text: str) -> None:
    assert ("media_previous", None) not in _rules(text, "en")


@pytest.mark.parametrize(("text", "want"), [
    # an order that starts with where it is (车里/车内 + 给/帮/调到...) is no statement of how
    # things are: a part of the list of its own, not a reason dropped beside the other part
    ("静音，车里调到二十二度", [("media_mute", None), ("climate_set_temperature", 22)]),
    ("下一首，车内帮我调到二十度", [("media_next", None), ("climate_set_temperature", 20)]),
    ("暂停音乐，然后车上给整成二十五度", [("media_pause", None), ("climate_set_temperature", 25)]),
    # the sound cut off whole (全/都 before 掐)
    ("把声儿全掐了", [("media_mute", None)]),
    ("声音全都掐掉吧", [("media_mute", None)]),
])
def test_a_list_part_said_where_it_is_and_the_sound_cut_whole(
        text: str, want: list[tuple[str, object]]) -> None:
    assert _rules(text, "zh-CN") == want


@pytest.mark.parametrize(("text", "want"), [
    ("车里太热了，把空调打开", [("climate_ac_on", None)]),  # still the reason beside its command
    ("把电话掐了", []),  # a call, not the sound
])
def test_near_misses_of_a_part_said_where_it_is(text: str, want: list[tuple[str, object]]) -> None:
    assert _rules(text, "zh-CN") == want


@pytest.mark.parametrize(("text", "want"), [
    ("pores the music", [("media_pause", None)]),  # "pause" misheard, as "paws" already was
    ("pores the music and knock the fan down one",
     [("media_pause", None), ("climate_fan_down", 1)]),
])
def test_pause_misheard_as_pores(text: str, want: list[tuple[str, object]]) -> None:
    assert _rules(text, "en") == want


def test_pores_of_the_skin_act_on_nothing() -> None:
    assert _rules("the pores on my face are clogged", "en") == []


@pytest.mark.parametrize("text", [
    "let's play some music", "lets play a song", "shall we put on some tunes",
    "can we play some music please", "let's have a bit of music in here",
])
def test_lets_play_music_is_play_not_a_game(text: str) -> None:
    # the open "let's play {anything}" (a game, a film) once declined these
    assert _rules(text, "en") == [("media_play", None)]


@pytest.mark.parametrize("text", [
    "let's play a game", "let's play i spy", "let's play music trivia",
    "let's play some music at home", "let's play some music later",
])
def test_lets_play_near_misses_do_not_play(text: str) -> None:
    assert ("media_play", None) not in _rules(text, "en")
