"""Turn a SLURP split (real spoken commands, CC BY 4.0) into a ``twin nlu --eval`` file.

``python tools/slurp_to_eval.py SLURP_JSONL --half dev|held -o OUT.jsonl``

SLURP (Bastianelli et al., EMNLP 2020; text under CC BY 4.0) is not part of this repository:
clone ``github.com/pswietojanski/slurp`` and point this tool at ``dataset/slurp/devel.jsonl``.
Never its ``test.jsonl``: a public test split is nobody's training or tuning data, and the
project never reads it.

Labels, from SLURP's intent to the cabin's:

* ``audio_volume_up`` / ``audio_volume_down`` / ``audio_volume_mute`` -> ``media_volume_up`` /
  ``media_volume_down`` / ``media_mute``; ``play_music`` -> ``media_play``;
* every ``iot_hue_*`` (lights: the cabin serves none) and every other scenario -> ``ood``
  (nothing may actuate);
* left out, because a cabin answer could be right or wrong depending on reading: other
  ``play_*`` (radio, podcasts, audiobooks, games), ``music_*`` settings and queries,
  ``audio_volume_other``, ``transport_*`` (the cabin navigates home), and volume lines that say a
  number (a set-volume could be the right answer);
* left out, because their label is incomplete: records whose intent names a scenario but no
  action (``music``, ``podcasts``, ``query``, ...: 28 annotation slips in ``devel.jsonl``, some
  of them plain requests to play a song, which an earlier mapping scored as out-of-domain).

The split into two halves is by a hash of SLURP's ``slurp_id`` and was fixed before any line
was read: ``dev`` may be studied (its misses read, rules written from what they teach);
``held`` is only ever scored, never read line by line.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

CABIN = {
    "audio_volume_up": "media_volume_up",
    "audio_volume_down": "media_volume_down",
    "audio_volume_mute": "media_mute",
    "play_music": "media_play",
}
LEFT_OUT = re.compile(r"^(play_(?!music$)|music_|transport_|audio_volume_other$|[a-z]+$)")
_DIGIT = re.compile(
    r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty"
    r"|seventy|eighty|ninety|hundred|percent)\b"
)


def half_of(slurp_id: object) -> str:
    """``dev`` or ``held``, by the first byte of the SHA-1 of the id (fixed before reading)."""
    return "dev" if hashlib.sha1(str(slurp_id).encode()).digest()[0] % 2 == 0 else "held"


def label(record: dict) -> str | None:
    """The cabin label of a SLURP record, or None when it is left out."""
    intent = str(record["intent"])
    if LEFT_OUT.match(intent):
        return None
    cabin = CABIN.get(intent, "ood")
    if cabin.startswith("media_volume") and _DIGIT.search(record["sentence"].lower()):
        return None
    return cabin


def convert(lines: list[str], half: str) -> list[dict]:
    out = []
    for line in lines:
        if not line.strip():
            continue
        record = json.loads(line)
        if half_of(record["slurp_id"]) != half:
            continue
        cabin = label(record)
        if cabin is None:
            continue
        out.append({
            "text": record["sentence"],
            "lang": "en",
            "intent": cabin,
            "value": "any" if cabin.startswith("media_volume") else None,
            "kind": "out_of_domain" if cabin == "ood" else "paraphrase",
            "weight": 1.0,
        })
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slurp_jsonl", type=Path)
    parser.add_argument("--half", choices=("dev", "held"), required=True)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.slurp_jsonl.name.startswith("test"):
        print(f"{args.slurp_jsonl}: SLURP's test split is never used", file=sys.stderr)
        return 2
    rows = convert(args.slurp_jsonl.read_text(encoding="utf-8").splitlines(), args.half)
    args.output.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["intent"]] = counts.get(r["intent"], 0) + 1
    print(json.dumps({"lines": len(rows), "by_intent": dict(sorted(counts.items()))}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
