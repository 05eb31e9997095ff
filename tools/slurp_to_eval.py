"""Turn a SLURP split (real spoken commands, CC BY 4.0) into a ``twin nlu --eval`` file.

``python tools/slurp_to_eval.py SLURP_JSONL --half dev|held|all -o OUT.jsonl``

SLURP (Bastianelli et al., EMNLP 2020; text under CC BY 4.0) is not part of this repository:
clone ``github.com/pswietojanski/slurp`` and point this tool at ``dataset/slurp/devel.jsonl``
(or ``train.jsonl``). Never its ``test.jsonl``: it is the project's acceptance set, nobody's
training or tuning data. The tool refuses it by content, whatever the file is called: a file
holding any ``slurp_id`` of the test split (``tools/slurp_test_ids.txt``: those ids only, no
text) exits 2 before anything is converted.

Labels, from SLURP's intent to the cabin's:

* ``audio_volume_up`` / ``audio_volume_down`` / ``audio_volume_mute`` -> ``media_volume_up`` /
  ``media_volume_down`` / ``media_mute``; ``play_music`` -> ``media_play``;
* every ``iot_hue_*`` (lights: the cabin serves none) and every other scenario -> ``ood``
  (nothing may actuate);
* left out, because a cabin answer could be right or wrong depending on reading: other
  ``play_*`` (radio, podcasts, audiobooks, games), ``music_*`` settings and queries,
  ``audio_volume_other``, ``transport_*`` (the cabin navigates home), and volume lines that say a
  number or a range end ("the loudest setting": a set-volume could be the right answer);
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
    r"|seventy|eighty|ninety|hundred|percent|max|maximum|loudest|highest|full|lowest|minimum|"
    r"min|quietest|softest|all the way)\b"
)


TEST_IDS_FILE = Path(__file__).with_name("slurp_test_ids.txt")
TEST_IDS_SHA256 = "2fca368aed8a7f0262ce23237bc8de066e50fa93bebb705afa706f5a9e598c51"
"""SHA-256 of the test split's ids, ascending, joined by commas: the id file is checked
against it, so an edited file cannot let the test split through."""
_SLURP_ID = re.compile(r'"slurp_id"\s*:\s*(\d+)')


def acceptance_ids(path: Path = TEST_IDS_FILE) -> frozenset[int]:
    """The ``slurp_id`` of every record of SLURP's test split (read from the id file)."""
    body = ",".join(
        line.strip() for line in path.read_text(encoding="ascii").splitlines()
        if line.strip() and not line.startswith("#")
    )
    ids = sorted(int(i) for i in body.split(","))
    if hashlib.sha256(",".join(map(str, ids)).encode()).hexdigest() != TEST_IDS_SHA256:
        raise ValueError(f"{path}: the ids do not hash to the test split's")
    return frozenset(ids)


def acceptance_records(lines: list[str], ids: frozenset[int]) -> int:
    """How many lines carry a test-split ``slurp_id`` (read from that field alone)."""
    found = (_SLURP_ID.search(line) for line in lines)
    return sum(1 for m in found if m is not None and int(m.group(1)) in ids)


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
        if half != "all" and half_of(record["slurp_id"]) != half:
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
    parser.add_argument("--half", choices=("dev", "held", "all"), required=True)
    parser.add_argument("-o", "--output", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        lines = args.slurp_jsonl.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{args.slurp_jsonl}: expected a readable UTF-8 JSONL file ({exc})", file=sys.stderr)
        return 2
    hits = acceptance_records(lines, acceptance_ids())
    if hits:
        print(f"{args.slurp_jsonl}: slurp_id: {hits} records of SLURP's test split; expected "
              "train or devel (the test split is the acceptance set, never converted)",
              file=sys.stderr)
        return 2
    rows = convert(lines, args.half)
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
