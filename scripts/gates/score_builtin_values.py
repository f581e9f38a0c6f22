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

An answer that differs from rustling's in a date's grain alone, where IntentKit keeps Duckling's
convention (``convention`` below, docs/entities.md), counts as right and is reported apart.

With --gate, exits 1 when fewer than 97 % are right, more than 1 % wrong, or a kind is under 90 %.
"""
import argparse
import collections
import datetime
import json
import math
import re
import sys

# Words that frame an expression without being part of its value: an answer that leaves them
# out still reads the phrase.
FRAMING = {"for", "during", "in", "at", "@", "on", "the", "of", "by"}
# The same words of the other languages, by the corpus's language (rustling-fr.jsonl: fr).
FRAMING_OF = {
    "fr": {"pour", "pendant", "durant", "dans", "à", "a", "le", "la", "les", "l'", "de", "du", "d'", "en", "au", "aux", "sur"},
    "de": {"für", "während", "in", "im", "am", "um", "an", "der", "die", "das", "den", "dem", "des", "von", "vom", "zu", "zum", "zur", "bei", "beim", "ab"},
    "es": {"por", "para", "durante", "en", "de", "a", "el", "la", "los", "las", "del", "al"},
}

KIND = {"amountOfMoney": "amountOfMoney", "dateTime": "dateTime", "duration": "duration", "number": "number",
        "ordinal": "ordinal", "percentage": "percentage", "temperature": "temperature"}


def padded(stamp):
    """An ISO 8601 date or date and time to its second: '2013-02-12T04' -> '2013-02-12T04:00:00'."""
    date, _, time = stamp.partition("T")
    parts = time.split(":") if time else []
    parts += ["00"] * (3 - len(parts))
    return f"{date}T{':'.join(p.zfill(2) for p in parts)}"


def moment(stamp):
    return datetime.datetime.fromisoformat(padded(stamp))


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
        # IntentKit's open interval: "from 2pm" has a start alone, "until 2pm" an end alone.
        bound = value.get("from") if case["direction"] == "after" else value.get("to")
        other = value.get("to") if case["direction"] == "after" else value.get("from")
        return bound is not None and other is None and padded(bound) == padded(expected["value"]) \
            and value.get("grain") == expected["grain"]
    return "value" in value and padded(value["value"]) == padded(expected["value"]) and value.get("grain") == expected["grain"]


def convention(case, value):
    """The documented convention (docs/entities.md) under which IntentKit's `value` differs from
    rustling's expected one in its grain alone, as Duckling's does, or None."""
    expected = case["expected"]
    if case["dim"] == "amountOfMoney" and close(value.get("value"), expected["value"]):
        # rustling's "KR" is no ISO 4217 code: a krone without its country is the Norwegian one.
        if expected["unit"] == "KR" and value.get("unit") == "NOK":
            return "a krone without its country is NOK"
        # U+0E3F is THAI CURRENCY SYMBOL BAHT; rustling reads it as bitcoin (U+20BF).
        if expected["unit"] == "BTC" and value.get("unit") == "THB" and "\u0e3f" in case["text"]:
            return "\u0e3f is the baht"
        # rustling leaves "¥" a symbol (yen or yuan); alone it is the yen, as in English.
        if expected["unit"] == "\u00a5" and value.get("unit") == "JPY":
            return "\u00a5 alone is the yen"
        return None
    if case["dim"] == "dateTime" and "from" in expected and "from" in value and "to" in value and same_precision(case, value):
        ours_from, ours_to = moment(value["from"]), moment(value["to"])
        theirs_from, theirs_to = moment(expected["from"]["value"]), moment(expected["to"]["value"])
        step = {"minute": datetime.timedelta(minutes=1), "hour": datetime.timedelta(hours=1)}.get(value.get("grain"))
        # An interval's end covers the grain said last, as Duckling's ("9:30 - 11:00" ends at 11:01).
        if step and ours_from == theirs_from and ours_to == theirs_to + step:
            return "an interval ends after its last grain"
        # "by the end of the month" runs from now, not from the start of today.
        if case["text"].lower().startswith("by ") and ours_to == theirs_to and ours_from.date() == theirs_from.date():
            return "by runs from now"
        return None
    # A year alone is a number: "2001" (docs/entities.md); "in 2001" is the year.
    if case["dim"] == "dateTime" and value.get("kind") == "number" and case["text"].strip().isdigit() \
            and expected.get("value", "").startswith(case["text"].strip()):
        return "a year alone is a number"
    if case["dim"] != "dateTime" or value.get("kind") != "dateTime" or "value" not in expected or "value" not in value or "direction" in case \
            or not same_precision(case, value):
        return None
    ours, theirs = padded(value["value"]), padded(expected["value"])
    # A week, a quarter, or a month with its year keeps its own grain where rustling says day.
    if expected["grain"] == "day" and value.get("grain") in ("week", "quarter", "month") and ours == theirs:
        return "a week, quarter or month keeps its grain"
    # A moment days from now keeps the hour of now, as Duckling's ("in 7 days": 04:00, hour grain).
    if expected["grain"] == "day" and value.get("grain") == "hour" and ours[:10] == theirs[:10] \
            and any(word in case["text"].lower().split() for word in ("day", "days")):
        return "days from now keep the hour"
    return None


def same_precision(case, value):
    return (value.get("precision") == "approximate") == (case.get("precision") == "approximate")


def judge(case, answer, framing=FRAMING):
    """'right', 'wrong' or 'nothing' for one phrase and the extractor's answer to it; `framing`:
    the words that may stand outside it."""
    text, entities = case["text"], answer["entities"]
    if not entities:
        return "nothing", None
    best = max(entities, key=lambda e: e["end"] - e["start"])
    outside = (text[:best["start"]] + " " + text[best["end"]:]).lower().split()
    whole = all(word in framing for word in outside)
    if best["kind"] == KIND[case["dim"]]:
        if whole and same_value(case, best["value"]):
            return "right", best
        return ("convention" if whole and convention(case, best["value"]) else "wrong"), best
    if whole and convention(case, best["value"]):
        return "convention", best
    return ("wrong" if whole else "nothing"), best


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("answers")
    parser.add_argument("--show", choices=["right", "convention", "wrong", "nothing", "all"])
    parser.add_argument("--gate", action="store_true")
    parser.add_argument("--kinds", help="score only these kinds, comma-separated (a language whose other kinds have no grammar yet)")
    parser.add_argument("--min-right", type=float, default=97, help="the share right over every kind scored that the gate asks")
    arguments = parser.parse_args()
    cases = [json.loads(line) for line in open(arguments.corpus, encoding="utf-8") if line.strip()]
    answers = [json.loads(line) for line in open(arguments.answers, encoding="utf-8") if line.strip()]
    if len(cases) != len(answers):
        sys.exit(f"{arguments.answers}: {len(answers)} answers for {len(cases)} phrases")
    if arguments.kinds:
        kinds = set(arguments.kinds.split(","))
        cases, answers = zip(*[(case, answer) for case, answer in zip(cases, answers) if case["dim"] in kinds]) or ((), ())
    language = re.search(r"-([a-z]{2})\.jsonl$", arguments.corpus)
    framing = FRAMING_OF.get(language.group(1), FRAMING) if language else FRAMING
    counts = collections.defaultdict(collections.Counter)
    conventions = collections.Counter()
    for case, answer in zip(cases, answers):
        if answer["text"] != case["text"]:
            sys.exit(f"{arguments.answers}: the answer to {case['text']!r} is for {answer['text']!r}")
        outcome, best = judge(case, answer, framing)
        if outcome == "convention":
            conventions[convention(case, best["value"])] += 1
        counts[case["dim"]][outcome] += 1
        counts["all"][outcome] += 1
        if arguments.show in (outcome, "all"):
            got = f"{best['kind']} {best['text']!r} {json.dumps(best['value'], sort_keys=True)}" if best else "-"
            print(f"{outcome:7}  {case['dim']:13} {case['text']!r}\n         expected {json.dumps(case['expected'], sort_keys=True)}"
                  + (f" {case['direction']}" if "direction" in case else "")
                  + (" approximate" if case.get("precision") == "approximate" else "") + f"\n         got      {got}")
    print(f"{'kind':14} {'phrases':>7} {'right':>7} {'wrong':>7} {'nothing':>7}   (right: of which by a convention)")
    failed = []
    for dim in sorted(counts, key=lambda d: (d == "all", d)):
        c = counts[dim]
        n = sum(c.values())
        share = {k: 100 * c[k] / n for k in ("right", "convention", "wrong", "nothing")}
        share["right"] += share["convention"]
        print(f"{dim:14} {n:7} {share['right']:6.1f}% {share['wrong']:6.1f}% {share['nothing']:6.1f}%"
              + (f"   ({share['convention']:.1f} %)" if c["convention"] else ""))
        if dim == "all":
            if share["right"] < arguments.min_right:
                failed.append(f"{share['right']:.1f} % right, under {arguments.min_right:g} %")
            if share["wrong"] > 1:
                failed.append(f"{share['wrong']:.1f} % wrong, over 1 %")
        elif share["right"] < 90:
            failed.append(f"{dim} {share['right']:.1f} % right, under 90 %")
    for name, count in conventions.most_common():
        print(f"by convention: {count} {name}")
    if arguments.gate and failed:
        print("built-in values gate failed: " + "; ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
