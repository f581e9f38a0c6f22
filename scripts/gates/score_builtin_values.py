"""Scores `intentkit entities --json` on a corpus of phrases with the value each should have
(../shared/corpora/builtin-values/rustling-en.jsonl: one object a line, `dim`, `text`, `expected`,
and `direction` or `precision` where the phrase says one).

usage: score_builtin_values.py CORPUS ANSWERS [--show right|wrong|nothing|all] [--gate]

ANSWERS holds the extractor's JSON line for each phrase, in order. A phrase is

- right when the longest entity found is of the expected kind and has the expected value, and
  the words outside it only frame it ("for 2 hours", "in summer 2014");
- wrong when that entity is of the expected kind with another value, or covers the phrase
  (framing aside) as another kind: an app would act on it;
- nothing otherwise (no entity, or only a smaller one of another kind: "2" in "2 extra minutes").

With --gate, exits 1 when fewer than 97 % are right, more than 1 % wrong, or a kind is under 90 %.
"""
import argparse
import collections
import json
import math
import sys

# Words that frame an expression without being part of its value: an answer that leaves them
# out still reads the phrase.
FRAMING = {"for", "during", "in", "at", "on", "the", "of", "by"}

KIND = {"amountOfMoney": "amountOfMoney", "dateTime": "dateTime", "duration": "duration", "number": "number",
        "ordinal": "ordinal", "percentage": "percentage", "temperature": "temperature"}


def padded(stamp):
    """An ISO 8601 date or date and time to its second: '2013-02-12T04' -> '2013-02-12T04:00:00'."""
    date, _, time = stamp.partition("T")
    parts = time.split(":") if time else []
    parts += ["00"] * (3 - len(parts))
    return f"{date}T{':'.join(p.zfill(2) for p in parts)}"


def close(a, b):
    return a is not None and b is not None and math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)


def same_value(case, value):
    """Whether `value` (a slot value's JSON) is the value `case` expects."""
    dim, expected = case["dim"], case["expected"]
    if dim in ("number", "ordinal", "percentage"):
        return close(value.get("value"), expected["value"])
    if dim == "temperature":
        return close(value.get("value"), expected["value"]) and value.get("unit") == expected["unit"]
    if dim == "amountOfMoney":
        return close(value.get("value"), expected["value"]) and value.get("unit") == expected["unit"] \
            and same_precision(case, value)
    if dim == "duration":
        return close(value.get("value"), expected["seconds"]) and same_precision(case, value)
    # dateTime: a moment (value, grain), an interval (from, to), or a moment with a direction.
    if not same_precision(case, value):
        return False
    if "from" in expected:
        return "from" in value and "to" in value and "direction" not in value \
            and padded(value["from"]) == padded(expected["from"]["value"]) \
            and padded(value["to"]) == padded(expected["to"]["value"])
    if "direction" in case:
        return value.get("direction") == case["direction"] and "value" in value \
            and padded(value["value"]) == padded(expected["value"]) and value.get("grain") == expected["grain"]
    return "value" in value and "direction" not in value and padded(value["value"]) == padded(expected["value"]) \
        and value.get("grain") == expected["grain"]


def same_precision(case, value):
    return (value.get("precision") == "approximate") == (case.get("precision") == "approximate")


def judge(case, answer):
    """'right', 'wrong' or 'nothing' for one phrase and the extractor's answer to it."""
    text, entities = case["text"], answer["entities"]
    if not entities:
        return "nothing", None
    best = max(entities, key=lambda e: e["end"] - e["start"])
    outside = (text[:best["start"]] + " " + text[best["end"]:]).lower().split()
    whole = all(word in FRAMING for word in outside)
    if best["kind"] == KIND[case["dim"]]:
        return ("right" if whole and same_value(case, best["value"]) else "wrong"), best
    return ("wrong" if whole else "nothing"), best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("answers")
    parser.add_argument("--show", choices=["right", "wrong", "nothing", "all"])
    parser.add_argument("--gate", action="store_true")
    arguments = parser.parse_args()
    cases = [json.loads(line) for line in open(arguments.corpus, encoding="utf-8") if line.strip()]
    answers = [json.loads(line) for line in open(arguments.answers, encoding="utf-8") if line.strip()]
    if len(cases) != len(answers):
        sys.exit(f"{arguments.answers}: {len(answers)} answers for {len(cases)} phrases")
    counts = collections.defaultdict(collections.Counter)
    for case, answer in zip(cases, answers):
        if answer["text"] != case["text"]:
            sys.exit(f"{arguments.answers}: the answer to {case['text']!r} is for {answer['text']!r}")
        outcome, best = judge(case, answer)
        counts[case["dim"]][outcome] += 1
        counts["all"][outcome] += 1
        if arguments.show in (outcome, "all"):
            got = f"{best['kind']} {best['text']!r} {json.dumps(best['value'], sort_keys=True)}" if best else "-"
            print(f"{outcome:7}  {case['dim']:13} {case['text']!r}\n         expected {json.dumps(case['expected'], sort_keys=True)}"
                  + (f" {case['direction']}" if "direction" in case else "")
                  + (" approximate" if case.get("precision") == "approximate" else "") + f"\n         got      {got}")
    print(f"{'kind':14} {'phrases':>7} {'right':>7} {'wrong':>7} {'nothing':>7}")
    failed = []
    for dim in sorted(counts, key=lambda d: (d == "all", d)):
        c = counts[dim]
        n = sum(c.values())
        share = {k: 100 * c[k] / n for k in ("right", "wrong", "nothing")}
        print(f"{dim:14} {n:7} {share['right']:6.1f}% {share['wrong']:6.1f}% {share['nothing']:6.1f}%")
        if dim == "all":
            if share["right"] < 97:
                failed.append(f"{share['right']:.1f} % right, under 97 %")
            if share["wrong"] > 1:
                failed.append(f"{share['wrong']:.1f} % wrong, over 1 %")
        elif share["right"] < 90:
            failed.append(f"{dim} {share['right']:.1f} % right, under 90 %")
    if arguments.gate and failed:
        print("built-in values gate failed: " + "; ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
