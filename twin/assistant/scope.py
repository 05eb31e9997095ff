# Over 400 lines: each kind of scope (KINDS) beside the phrases that excuse it (_EXCUSED),
# read together; split apart, a kind and its excuses would drift.
"""Scope: words that make a request something other than "change the cabin, now".

Near-domain out-of-domain requests name a cabin subject and still must not actuate: "turn up
the heating at home", "open the window when we get there", "is the AC on?", "heat the steering
wheel", "don't turn the heat up". A linear head on a 135M model cannot tell them from commands,
so before it actuates, :func:`out_of_scope` looks for the words that say so, in English and
Chinese, and names the first kind found. Song titles can hold any of these words ("play house
music"): a media request caught here is asked back, never actuated on a guess.
"""

from __future__ import annotations

import re

from twin.assistant.catalogue import active_catalogue
from twin.assistant.device_words import EN_OTHER_DEVICES
from twin.assistant.reads import read_once
from twin.assistant.regex_gate import gate_pattern
from twin.assistant.speech_words import EN_HESITATIONS
from twin.assistant.theirs import THEIR_THING

# a room or a place of another life ("the gym was roasting", "my flat's like a sauna", "宿舍好
# 冷"): a state there asks nothing of this cabin (a place just left is excused: _EXCUSED)
_PLACE_EN = (r"flat|apartment|dorm|classroom|"
             # a place naming what is worn or carried ("their school jumpers", "my gym bag"): no
             # place the speaker is in
             r"(?:school|gym)(?! (?:jumpers?|uniforms?|blazers?|bags?|kit|shoes|clothes|socks))|"
             r"cinema|restaurant|caf[eé]|shop|mall|"
             r"supermarket|hospital|library|church|airport|"
             # an event is a place only where one is ("at the wedding", not "wedding convoy")
             r"at (?:the|a|an|my|our|his|her|their) (?:\w+ )?"
             r"(?:wedding|party|concert|gig|festival)|"
             r"on the (?:plane|train|bus|tube|subway|metro)")
_PLACE_ZH = (r"教室|学校|宿舍|寝室|健身房|电影院|餐厅|饭店|食堂|后厨|商场|超市|医院|图书馆|会议室|"
             r"机场|(?:婚礼|聚会|演唱会)(?:上|里)|酒吧|"
             r"地铁|(?:公交|火车|高铁|飞机)(?:车)?上")
_ELSEWHERE = re.compile(
    r"\b(?:at home|house|living ?room|bedroom|kitchen|office|at work|garage|hotel|upstairs|"
    r"downstairs|(?:kids?'?|children'?s|baby'?s|guest) ?room|outside|outdoors|weather|"
    r"(?:other|another|his|her|their|(?:my )?(?:wife|husband|son|daughter|friend)'?s) car|"
    r"neighbou?rs?|" + _PLACE_EN + r"|"
    r"(?:her|his|their|your|(?:my )?(?:mum|mom|nan|gran)'?s) place|"
    # another vehicle ("the other truck", "my girlfriend's car"), not a car seat
    r"(?:other|another) (?:truck|lorry|van|bus|vehicle)|\w+'s (?:car|truck|van)(?! seat)|"
    r"back at (?:mine|hers|his|theirs))\b|" + _PLACE_ZH + r"|"
    r"邻居|(?<![往回])家里|家中|在家|客厅|卧室|厨房|书房|办公室|公司(?:里|的)|单位(?:里|的)|酒店|"
    r"宾馆|房间|楼上|楼下|外面|外头|外边|室外|天气|(?:她|他|你|她们|他们)那边|"
    r"另一辆|(?:他|她|我老婆|我老公|朋友)的车|(?:朋友|别人|同事|邻居|他|她)(?:的)?车上"
)
_PAST = re.compile(
    r"\b(?:yesterday|last (?:night|week|weekend|month|year|time|summer|winter|spring|autumn|fall|"
    r"christmas|trip)|the other day|(?:a few|a couple of|two|three|\d+) "
    r"(?:days|weeks|months|years) ago|a while ago|used to|back then|"
    r"when i was (?:a kid|little|young|a child)|as a kid)\b"
    r"|\bfor (?:\w+ )?(?:years|decades)\b|"  # a span of years ("smoked for twenty years")
    r"昨天|昨晚|昨儿|前天|前晚|上次|上回|上周|上礼拜|上个月|去年|前年|以前|小时候|那天|那次|当时|有一回|"
    r"(?<![今明去前])[一二两三四五六七八九十几多]+年(?!级)|每到|每逢|每周|每个(?:星期|礼拜|月)"
)
"""A state of another day ("I was freezing yesterday", "前天坐车冷得发抖"): told, not felt now;
beside a command it is the command's reason ("调高点 昨天就冷")."""
_AWAY = re.compile(
    r"\b(?:on the phone|over the phone|on a (?:video )?call) (?:\w+ )?(?:says?|said|saying)\b|"
    r"\b(?:texted|messaged|whatsapped|emailed)\b|\btext(?:ed)? me\b|\b(?:called|rang) to say\b|"
    r"电话里|电话那头|打(?:来)?电话(?:来)?说|(?:微信|消息|短信|视频)(?:里|上)?说|发(?:来)?(?:微信|消息|短信)"
)
"""Someone who is not in the car, heard through a phone ("my son texted that his room is cold",
"电话里我老婆说她那边热死了"): their state asks nothing of this cabin."""
_EN_IF = (r"if (?:it|it'?s|the|we|i|they|there|he|she|someone|somebody|anyone|anybody|a|an|my|"
          r"our|his|her|their|these|those|(?:that|this)(?!'?s (?:ok|okay|alright|all right|fine)"
          r"| is (?:ok|okay|alright|all right|fine)))")
"""A condition before an order ("if that goat starts bleating again turn it up"): later; "if
that's ok" is a courtesy."""
_ZH_THEN = r"[，,、\s]*(?:然后)?(?:再|就|以后|之后)"
""""Then" after a time or place said first, a pause before it or not ("出了涵洞，再开窗")."""
ZH_ONCE = (r"(?:(?<![关锁合盖])上了|(?<![降摇放拉落])下了|过了(?!头)|进了|出了|"
           r"(?<![调开升降加减])到了)[^，,。]{1,8}?" + _ZH_THEN + r"|"
           # arrived, no 再 after ("到了公司打开车窗"), or when we get there ("到家的时候"): later
           r"(?<![调开升降加减])(?:到了[^，,。]{1,6}?(?:打开|关|开|调|放|播)|到[^，,。了]{1,8}?的时候)|"
           # waited for first ("等过了收费站，再开窗"); not "等等" or "等一下" (a pause)
           r"(?<!等)等(?!等|一下|下[，,])[^，,。]{1,8}?" + _ZH_THEN + r"|"
           # an event awaited before the command ("孩子醒了再放音乐", "雨停了再开窗"): later
           r"(?:睡醒|醒|睡着|吃完饭?|喝完|停好车?|加完油|充完电|充好电|放学|下班|雨停|天黑|天亮)"
           r"了?[^，,。]{0,6}?" + _ZH_THEN)
"""A time, place or event said first with "then" after it: later, for the rules' scope and for
the fallback's own gate (one reading)."""
_ZH_IF = r"如果|要是|的话"
"""Conditions and "once we are past X, then" said in a request: parts of :data:`_LATER` and of
:data:`_CONDITION`."""
_ZH_LENGTH = r"[\d一二两三四五六七八九十几半]+个?(?:分钟|钟头|小时|秒钟?)"
ZH_DELAY = (r"(?<![超越不经通])过(?:个|上)?(?:" + _ZH_LENGTH + r"|一?会)|"
            + _ZH_LENGTH + r"(?:左右|上下|多)(?:后|以后|之后)")
"""A delay said before the order ("过十分钟左右把除霜打开", "过半个小时开窗", "十分钟左右以后"):
later; "超过十分钟" (more than) is a story's length, not a delay."""
_LATER = re.compile(
    r"\b(?:tomorrow|tonight|later|this (?:evening|afternoon|morning)|next time|remind|schedule|"
    r"when (?:we|i|you|it|they)(?:'re| are| get| arrive| reach| park| stop| leave)|"
    r"once (?:we|i)|after (?:we|i|the)|before (?:we|i)|in case|wait (?:until|till|for)|"
    + _EN_IF + r"|"
    r"in (?:(?:about|around|roughly|maybe|like|another|(?:just )?(?:under|over)|(?:less|more) than)"
    r" )?(?:\d+|an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty|fifty|half an?|"
    r"a quarter of an?|a couple(?: of)?|couple of) (?:few )?(?:minutes?|mins?|hours?|seconds?)|"
    r"\d ?[ap]\.?m|(?:min(?:ute)?s?|hours?) from now|in a (?:little )?(?:bit|while)(?! of)|"
    r"o'?clock|every (?:morning|day|evening|night|time|week)|at (?:noon|midnight|night))\b|"
    r"明天|今晚|(?<!一)(?<!整个)(?<!一个)(?:晚上|早上|下午)|等会|待会|一会儿|过会|等我|等到|下次|下回|到了(?:再|就|以后|之后)|到家|到公司|到地方|"
    + ZH_ONCE + r"|" + ZH_DELAY + r"|" + _ZH_IF
    + r"|以后|之后|提醒|分钟后|小时后|点钟|定时|预约|每天|每次上车|每晚"
)
_ZH_LEVEL_ASKED = (
    r"(?:(?:现在|目前|当前|这会儿?)[^，,。！!？?把给帮让请]{0,6}?|[开调设定放][的得着]是?|是)"
    r"(?<![高低大小升降加减上下])"
    r"(?:几[档级度格]|多少度?|多大|多高|多低|什么[档级]位?|哪[一个]?[档级])"
    r"[了呢啊呀吗哈嘛]*[？?]?(?=$|[，,。\s])")
"""A level or a setting asked of the state now ("主驾的座椅加热现在开的是几档啊", "风量调的是多少",
"目前是几档"), said at a clause's end: a question, never an order; "调高几度" (a few degrees up)
and "把温度调低几度" stay orders."""
_EN_LEAD_IN = r"(?:(?:so|and|but|ok(?:ay)?|well|right|" + EN_HESITATIONS + r") )*"
"""Small words said before a question's first word without a pause ("so what level's my seat
warmer on"); after a pause the question may be a story's ("Oh, where do I begin, …, navigate
home")."""
_QUESTION = re.compile(
    r"^" + _EN_LEAD_IN + r"(?:(?:is|are|was|were|did|does|has|have)\b"
    r"(?! (?:it|there) (?:possible|any ?way|a way|ok|okay)| you able"
    # "is too hot for the cello", "is so stuffy": a state with its "it" unsaid, not asked
    r"|(?<=[se]) (?:too|so|way too|very|really|kinda|a bit|a little)\b)|"
    r"(?:what|which|who|where|when|why|how)\b(?!(?:'s| is)? (?:about|don'?t|not)\b))|"
    r"(?<!不)(?![能可行好要中成得])(\w)[不没]\1|[着了]吗|多少度|几度了|现在几度|"
    # whether it is on ("空调现在开着没有啊", "车窗关了没", "座椅加热有没有开", "是不是开着"):
    # asked about its state, not ordered
    r"[着了]没(?:有)?[啊呀呢吧嘛哈]?[？?]?$|有没有(?:在)?(?:开|关|打开|关上|关掉)|"
    r"是不是(?:还)?(?:开|关)(?:着|了)|"
    r"什么歌(?![也都]没)|哪首|谁唱|谁的歌|叫什么|叫啥|啥名|啥歌|什么名|"
    # how to work it ("座椅加热怎么开啊", "how do I turn the fan off"): asked, not ordered
    r"怎么(?:才能|样)?(?:开|关|打开|关闭|调|设置|用|弄|操作)(?:啊|呀|呢|的|来着)?[？?]?$|"
    # asked to find out how ("帮我查一下怎么把车窗关上", "教我怎么开除雾"): asked, not ordered
    r"(?:查|问|搜|教|告诉)(?:一?下)?(?:我|你)?怎么|"
    # how a thing works ("座椅加热是怎么工作的", "how does the AC know it's cold"): no order
    r"是怎么[^，,。吧]{0,6}的|怎么(?:工作|运作|运行|制冷|制热|加热)|原理|(?:有|是)什么用|"
    r"为(?:啥|什么)[^，,。]{0,12}(?:比|容易)|"  # why in general ("为啥冬天…比夏天更容易起雾")
    r"(?:是)?干(?:什么|嘛|啥)用的|\bhow (?:does|do|did) (?:the|a|an|it|this|that|they)\b|"
    r"\bwhat (?:does|do) (?:the|this|that) [\w ]{1,20} do\b|"
    r"\bhow (?:do|can|would|should) (?:i|you|we|one) \w+|\bhow to \w+|"
    # how loud / warm / strong it is now ("现在音量多大"): a question, not "louder"
    r"(?:音量|声音|温度|风量|风速|档位|车窗|窗户)(?:现在)?(?:是|开了|调了|开的|调的)?"
    r"(?:多大|多少|多高|多低|几档|几级|几度)[了呢啊呀吗]?[？?]?$|" + _ZH_LEVEL_ASKED
)
_OTHER_DEVICE = re.compile(
    rf"\b(?:{'|'.join(sorted(EN_OTHER_DEVICES, key=lambda w: (-len(w), w)))}|"
    r"roof|steering wheel|trunk|boot|tailgate|doors?|cruise|lane|screen|display|brightness|"
    r"dashboard|laptop|computer|thermostat|massag\w*|lumbar|headrest|recline|ventilated|"
    r"seat (?:cooling|ventilation|fans?)|"
    r"cool(?:ing|ed)? (?:my |the |your |her |his |our |both )?(?:front )?seats?|"
    r"tyres?|tires?|fuel|petrol|charg\w*|washers?|washer fluid|screen ?wash|wiper fluid)\b|"
    r"灯|天窗|雨刮|雨刷|玻璃水|喷水|后视镜|镜子|方向盘|后备箱|尾门|车门|门锁|锁车|喇叭|鸣笛|巡航|车道|屏幕|"
    r"亮度|电视|电脑|冰箱|烤箱|微波炉|热水器|地暖|按摩|腰托|头枕|座椅通风|通风座椅|座椅(?:制冷|降温|吹风)|儿童座椅|安全座椅|自然通风|胎压|油量|充电|"
    r"加油"
)
_NOT_ENOUGH = re.compile(r"not (?:\w+ ){0,2}enough|(?:'m|am|'re|are) not able to (?=hear|see)")
"""An excess ("not loud enough") or an inability ("I am not able to hear"): no refusal."""
_NEGATION = re.compile(
    r"\b(?:don'?t|do not|not|never|no longer|no more|never ?mind|forget it|cancel|no thanks|"
    r"no need|needn'?t)\b|"
    r"别|不要|不用|不想|甭|算了|取消|不需要|没必要|用不着"
)
# someone else's habits, tastes, own devices: "my dad never turns the AC on", "奶奶天天…", "her
# radio" (twin.assistant.theirs); "my wife is cold" is still a request for the cabin
_SOMEONE_ELSE = re.compile(
    r"\b(?:(?:my|our|his|her|their|your) (?:(?:little|big|older|younger|kid|baby) )?"
    r"(?:mom|mum|mother|dad|father|wife|husband|partner|kids?|children|son|daughter|brother|"
    r"sister|siblings?|grand(?:ma|pa|mother|father|parents?)|gran|granny|nan|uncle|aunt(?:ie)?|"
    r"cousin|girlfriend|boyfriend|fianc[ée]e?|boss|colleagues?|co-?workers?|flat ?mates?|"
    r"room ?mates?|friends?|mates?|neighbou?rs?|parents|in-laws|family|teenagers?)|"
    r"he|she|they|everyone|everybody|most people|people) (?:\w+ ){0,2}"
    r"(?:always|never|usually|normally|often|likes?|loves?|hates?|prefers?)\b|"
    r"(?:妈|爸|老婆|老公|媳妇|孩子|儿子|女儿|哥|姐|弟|妹|爷爷|奶奶|姥姥|姥爷|外公|外婆|叔|舅|"
    r"阿姨|姑|表哥|表姐|男朋友|女朋友|朋友|同事|室友|邻居|老板|大家|别人|他们|他|她)"
    r"(?:[^，,。；;]{0,4}(?:总是|从来|老是|一直(?!(?:在)?(?:说|喊|嚷|叫))|每次|平时|通常|喜欢|讨厌|爱听)|"
    r"[^，,。；;]{0,8}(?:永远|向来|一向|天天|每天|成天|整天|一天到晚))|" + THEIR_THING)
_PHONE = re.compile(
    r"\b(?:hang up|pick up|answer (?:the )?(?:phone|call)|dial|"
    r"call (?:my|him|her|mom|mum|dad|home|the office))\b|挂电话|挂断|接电话|打电话给|给.{1,4}打电话"
)

SIMILE_ZH = (r"(?:跟|像|和|好像|如同)[^，,。？?！!]{1,10}?(?:一样|似的|一般|般)")
"""A comparison ("凉得跟灯塔底下的石板一样", "跟烤箱一样"): the thing compared is no device or
place the line is about, only how the cabin feels."""

_NO_ORDER_BETWEEN = (r"(?:(?!\b(?:but|then|please|going to|gonna|be|will|would|want|need|wanna|"
                     r"turn|switch|put|set|make|open|close|shut|crank|drop|raise|lower|bump|"
                     r"play|pause|skip|mute)\b|'ll\b)[^,;.!?:])*?")
"""Words of one clause with no order, wish, conjunction or time to come among them (for a
state said before the event that caused it: :data:`_EXCUSED`'s ``later``)."""

# Words of a kind that, inside these phrases, do not say it: a state now ("I'm wrecked after
# the gym"), asking for help or a song ("no idea how to get back to mine", "有没有李玟的歌"), a
# correction ("不对不对，二十二"), a simile ("it's an absolute oven in here", "跟烤箱一样"), the
# windscreen ("demist the screen").
_EXCUSED: dict[str, re.Pattern[str]] = {
    # a place just left ("straight from the gym", "刚从医院抱回来"), a thing or a song named
    # after one ("gym bag", "school run", "old school rap", "my gym playlist"), its call
    "elsewhere": re.compile(
        r"\blike an? [\w' ]{1,20}\b(?:in|at) (?:the |a )?(?:" + _PLACE_EN + r")\b|"  # a simile
        r"\b(?:from|since|leaving|left|out of|after|dropp(?:ed|ing) (?:\w+ ){0,3}?(?:off )?at) "
        r"(?:the |this |that |my |our )?(?:\w+ )?"
        r"(?:" + _PLACE_EN + r"|office|work|house)\b|\bold school\b|"
        r"\b(?:" + _PLACE_EN + r") (?:bag|kit|clothes|gear|shoes|run|bus|kids|playlist|mix|music|"
        r"songs?|tunes|hits)\b|"
        r"从[^，,。]{0,3}(?:" + _PLACE_ZH + r")[^，,。]{0,3}(?:出来|回来|下来|离开)|"
        r"(?:" + _PLACE_ZH + r")打来|"
        # a place to go is no place of another life: a time ("到了学校打开车窗": later)
        r"(?:到了?|去|回|等到)(?:" + _PLACE_ZH + r")|"
        # where this car stands ("车在楼下冻了一晚上"): the cabin, not another place
        r"车(?:子)?(?:停|放)?在(?:楼下|楼上|外面|外头|外边|家门口|" + _PLACE_ZH + r")"),
    # another day's song ("play Yesterday", "the song from last year"): a title to play
    "past": re.compile(r"\b(?:play|put on|listen to|hear|queue)\b[^,.;!?]*|"
                       r"(?:播放?|放一?首|来一?首|想听|要听|听一?首)[^，,。！？]*"),
    "later": re.compile(
        r"\b(?:i'?m|i am|we'?re|we are|i feel|we feel|feeling) (?:\w+ ){0,2}after the \w+|"
        # a state now, then the event that caused it, in one clause ("it's all fogged up after
        # the car wash", "my seat is freezing after the ice rink"): no order,
        # wish or time to come in the clause ("it's cold so turn the heat up after the tunnel")
        r"(?:^|(?<=[,;.!?:]))" + _NO_ORDER_BETWEEN
        + r"(?:\b(?:is|are|am|in here)|(?<=\w)'(?:s|re|m))\b" + _NO_ORDER_BETWEEN
        + r"\bafter the \w+"),
    "question": re.compile(
        r"\b(?:no idea|(?:don'?t|do not|didn'?t) know|not sure|no clue|haven'?t (?:got )?a clue)"
        r" how to \w+|不对不对|"
        r"有没有[^，,。？?]{0,12}(?:歌|音乐|曲)|(?:歌|音乐|曲子?)[^，,。？?]{0,2}有没有"),
    "other_device": re.compile(
        r"\b(?:(?<!'d )(?<!would )like|it'?s|its|is) an? (?:\w+ )?(?:oven|fridge|freezer)\b|"
        + SIMILE_ZH + r"|"
        # the windscreen ("demist the screen", "the screen's all fogged up")
        r"\b(?:demist|defog|defrost|de-?ice)\w* (?:the |my |that |this )?(?:front )?screen\b|"
        r"\bscreen(?:'s| is)? (?:all |completely |totally )?(?:fog|mist|steam|ic)\w*"),
}
# "outside" in a remark beside a command is why, not where ("外面太吵了，关窗吧", "turn the
# aircon off, it's lovely outside"); a remark alone ("it's cold outside") or a command for
# outside ("turn the lights on outside") still says elsewhere
_OUTSIDE = re.compile(r"\b(?:outside|outdoors)\b|外面|外头|外边|室外")
_BESIDE = re.compile(_OUTSIDE.pattern + "|" + _PLACE_EN + "|" + _PLACE_ZH)
"""The outside or a place of another life: said in a remark beside a command, its reason ("刚
去了趟宠物医院 味儿太大了 把窗户打开")."""
_HERE = re.compile(r"\bin (?:here|the car|this car)\b|车里|车内|\b(?:could|can|would|will) you "
                   r"(?:please |just )*(?:turn|switch|put|set|make|open|close|shut|crank|drop)\b")
"""This car named in another clause ("外面冷，车里也冷"), or a command asked inside it ("…
honestly I'm sweating could you just set …"): the outside or the past is beside it."""
_CLAUSE = re.compile(r"\s*(?:[,;，、；。!?！？]|\band\b|\bso\b|\bbut\b)\s*|"
                     r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
_COMMANDING = re.compile(
    r"^(?:(?:ok|okay|just|please|ja|right|hey|now|then|can you|could you)[,\s]+)*"
    r"(?:turn|switch|put|set|make|open|close|shut|crack|roll|wind|mute|play|pause|stop|skip|"
    r"raise|lower|drop|bump|crank|warm|cool|heat|kill|defrost|demist)\b|"
    r"把|打开|关|调|开(?!车|心|始|会|玩笑)|播|静音|暂停")


def _excused(kind: str, found: re.Match[str], text: str) -> bool:
    """Whether the word ``found`` of ``kind`` sits in a phrase that does not say that kind."""
    if kind == "past" or (kind == "elsewhere" and _BESIDE.fullmatch(found.group())):
        parts = [c for c in _CLAUSE.split(text) if c]
        own = next((c for c in parts if found.group() in c), "")
        if _COMMANDING.search(own) is None and any(
                _COMMANDING.search(c) or _HERE.search(c) for c in parts if c is not own):
            return True
    excuse = _EXCUSED.get(kind)
    return excuse is not None and any(
        m.start() <= found.start() and found.end() <= m.end() for m in excuse.finditer(text))


KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("elsewhere", _ELSEWHERE),
    ("later", _LATER),
    ("question", _QUESTION),
    ("other_device", _OTHER_DEVICE),
    ("phone", _PHONE),
    ("someone_else", _SOMEONE_ELSE),
    ("past", _PAST),
    ("away", _AWAY),
)


_KIND_GATES = tuple(gate_pattern(pattern) for _, pattern in KINDS)
"""Each kind's gate (:func:`twin.assistant.regex_gate.gate_pattern`): most texts hold none of
a kind's literals, and a miss reads every kind, some more than once."""


_TOLD_BESIDE = re.compile(_PLACE_EN + "|" + _PLACE_ZH + "|" + _PAST.pattern)


def told_beside(clause: str) -> bool:
    """Whether the only words that put ``clause`` out of scope (a device aside) are a place of
    another life or another day ("so we've got the whole flat in the boot", "昨天就冷"): a
    clause that, beside a command, is its reason (a sentence without one stays out of scope)."""
    return out_of_scope(clause.lower()) in ("elsewhere", "past") and beside_kind(clause) in (
        None, "other_device")


def beside_kind(clause: str) -> str | None:
    """:func:`out_of_scope` of ``clause`` without its places of another life and other days."""
    return out_of_scope(_TOLD_BESIDE.sub(" ", clause.lower()))


_NOT_THIS_CABIN = frozenset({"elsewhere", "question", "someone_else", "past", "away"})


def not_this_cabin(text: str) -> bool:
    """Whether ``text`` is about another place, day or person, or asks how a thing is
    (:func:`out_of_scope`'s kinds but a later time, a call or a device): its complaint is read
    as said, never with its colouring words read away. The outside is no other place here:
    its noise and its weather reach the cabin ("外面放烟花 音乐听不清")."""
    return out_of_scope(_OUTSIDE.sub(" ", text.lower())) in _NOT_THIS_CABIN


_NOT_MUSIC = re.compile(
    r"\b(?:jokes?|news|weather|forecast|riddles?|headlines|"
    r"traffic (?:report|update)s?|voicemails?|e-?mails?|text messages?)\b|"
    r"笑话|新闻|天气|路况|短信|邮件|比分|行情|股市|股票|彩票|航班|余额|胎压|成绩|段子|脑筋急转弯"
)


_CABIN_THING = re.compile(
    r"\b(?:heated seats?|seat (?:heaters?|warmers?|heating)|car seats?|(?:rear )?window heater|"
    r"demister|defroster|defogger|aircon|air con|air conditioning|blower|the misters?)\b", re.I)
"""A heater, a seat, the air or "the mister" (the demister) named in a sentence a wildcard "put
on {anything}" took ("put on both the heated seats please for my dad"): no song."""
_STACKED_ARTICLES = re.compile(r"\b(?:put|throw|play|stick|whack|pop) (?:the an?|an? the) [a-z]",
                               re.IGNORECASE)
"""Two articles in a row where a title would start ("put the a sea on": "the AC" misheard): a
word the recogniser split, not a song; the wildcard's reading is unsure, so the rules leave it."""
_NAVIGATION = re.compile(r"\b(?:gps|sat ?nav|navigation|directions)\b|导航", re.IGNORECASE)
_VOICE = re.compile(
    r"\bhear (?:what )?(?:(?:him|her|them|you|me|myself|us|someone|somebody|people|everyone)\b"
    r"(?!\s+(?:some|a|an|the|that|this|sing|play|new|latest|songs?|music|album)\b)|"
    r"(?:my|the|our|his|her|their|your) (?:\w+ )?(?:wife|husband|partner|kids?|children|child|"
    r"baby|son|daughter|mom|mum|mother|dad|father|friends?|passengers?|driver|boss|"
    r"phone|call|caller|voice|engine|siren|ambulance|horn)s?\b)|"
    # what someone says ("I want to hear what the steward's saying"; fix23)
    r"\bhear what (?:(?:the|my|our|his|her|their|your|that|this) )?\w+(?:'s| is| are|'re) "
    r"(?:saying|telling|announcing|asking|on about|talking about)\b|"
    r"听(?:一下|一听|清|见|到)?(?:孩子|小孩|宝宝|老婆|老公|媳妇|他们|他|她|你|我|别人|电话|"
    r"乘客|司机|喇叭|警笛|发动机)",
    re.IGNORECASE)
"""Hearing a person, a call or the road is not hearing music ("I'm trying to hear the kids")."""


_TRACK_MOVE = re.compile(
    r"\b(?:next|previous|last|following|prior|other) (?:song|track|tune|number|one)\b|"
    r"\b(?:song|track|tune|one) (?:before|after) (?:this|that)\b|"
    r"下一首|上一首|下首|上首|前一首|后一首|(?:刚才|刚刚)(?:的)?那(?:首|曲|支)",
    re.IGNORECASE)
"""A move to another track said with "play" ("could you play the next song", "我想听刚才那首")."""


def not_a_song(text: str) -> bool:
    """:func:`not_music`, the navigation's voice or a person's ("I need to hear the GPS",
    "我要听一下导航", "I'm trying to hear the kids"), or a move to another track ("please could
    you play the next song"), or two articles stacked where a title starts ("put the a sea
    on"): what a wildcard "play/hear {anything}" took is not a song to play (the fallback
    reads it)."""
    return (not_music(text) or _NAVIGATION.search(text) is not None
            or _VOICE.search(text) is not None or _TRACK_MOVE.search(text) is not None
            or _CABIN_THING.search(text) is not None or _ZH_DOERS.search(text) is not None
            or _STACKED_ARTICLES.search(text) is not None)


_ZH_DOERS = re.compile(r"[放播听][^，,。！!？?\s]{1,6}的(?:人|都|也|全|还|一个个)")
""""放风筝的都晒蔫了": the people doing something (放风筝的, those flying kites) told about, no
title to play ("放周杰伦的歌" has 的歌)."""


def not_music(text: str) -> bool:
    """Whether ``text`` names something to hear that is not music ("i love hearing a good
    joke", "放个笑话", 比分, 股票行情, 段子): no song for a wildcard, none for the fallback."""
    return _NOT_MUSIC.search(text.lower()) is not None


def negated(text: str) -> bool:
    """Whether ``text`` refuses or cancels ("don't", "never mind", "别", "算了"); "not loud
    enough" is an excess, not a refusal."""
    return _NEGATION.search(_NOT_ENOUGH.sub("", text.lower())) is not None


_CONDITION = re.compile(
    r"\b(?:when|once|as soon as|until|till|after|before) (?:we|i)(?:'re|'ve|'m| are| get| have|"
    r" reach| arrive| pass| leave| hit| stop| park| am)?\b|\b" + _EN_IF + r"\b|"
    + ZH_ONCE + r"|等[^，,。]{1,8}?(?:再|就|以后|之后)|" + _ZH_IF,
    re.IGNORECASE,
)
"""A condition or a time said for what follows it ("过了收费站再开窗", "once we pass the toll,
open the window"): it may bind every command of the sentence."""


def conditional(text: str) -> bool:
    """Whether ``text`` says a condition or a later time that may bind all its commands (a
    sentence of several commands is then not read part by part)."""
    return _CONDITION.search(text) is not None


def out_of_scope(text: str) -> str | None:
    """The first kind of word in ``text`` that puts it outside "change the cabin now":
    ``elsewhere``, ``later``, ``question``, ``other_device``, ``phone`` (a call to make or end),
    ``someone_else`` (another person's habits), ``past`` (another day's state) or ``away``
    (someone heard through a phone); None when there is none. Read once per text within a
    rules parse (:mod:`twin.assistant.reads`): the split, its asides and readings ask again."""
    return read_once("scope", text.lower().strip(), _out_of_scope)


def _out_of_scope(lowered: str) -> str | None:
    for (kind, pattern), gated in zip(KINDS, _KIND_GATES, strict=True):
        if gated is not None and gated.search(lowered) is None:
            continue  # no literal that every match of the kind's pattern holds
        if any(not _excused(kind, found, lowered)
               and (pattern is not _OTHER_DEVICE or not _served(found, lowered))
               for found in pattern.finditer(lowered)):
            return kind
    return None


def _served(found: re.Match[str], text: str) -> bool:
    """Whether a device word is one the cabin serves after all: the whole of it is said by the
    words of a catalogue topic (an extension's seat ventilation or reading light)."""
    for words in active_catalogue().words.values():
        for _, pattern in words:
            if any(m.start() <= found.start() and found.end() <= m.end()
                   for m in pattern.finditer(text)):
                return True
    return False
