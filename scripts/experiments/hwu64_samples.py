#!/usr/bin/env python3
"""Seeded samples of HWU64 (../shared/corpora/hwu64, Rasa NLU JSON) for the experiments that
measure IntentKit where users are: little data, and requests for no intent it knows.

    python3 hwu64_samples.py HWU64_DIR OUT_DIR --seed S

writes into OUT_DIR:
  - ten-shot-S.json: ten training utterances of each intent, drawn with seed S (Casanueva et al.
    2020 sample ten an intent the same way), scored on the whole test file;
  - held-out-S-train.json / held-out-S-test.json: the training utterances of 54 intents, and
    the whole test file with the other 10 intents' utterances (drawn with seed S) relabelled
    `out_of_scope`: out of scope with no example of it, as a corpus without any meets it.
"""
import argparse
import json
import random
from collections import defaultdict


def load(path):
    return json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]


def save(path, examples):
    with open(path, "w", encoding="utf-8") as file:
        json.dump({"rasa_nlu_data": {"common_examples": examples}}, file, ensure_ascii=False, indent=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("hwu64")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--shots", type=int, default=10)
    parser.add_argument("--held-out-intents", type=int, default=10)
    arguments = parser.parse_args()
    train = load(f"{arguments.hwu64}/train.json")
    test = load(f"{arguments.hwu64}/test.json")

    by_intent = defaultdict(list)
    for example in train:
        by_intent[example["intent"]].append(example)
    intents = sorted(by_intent)
    rng = random.Random(arguments.seed)
    sample = []
    for intent in intents:
        sample += rng.sample(by_intent[intent], min(arguments.shots, len(by_intent[intent])))
    save(f"{arguments.out}/ten-shot-{arguments.seed}.json", sample)

    held_out = set(random.Random(arguments.seed + 1000).sample(intents, arguments.held_out_intents))
    save(f"{arguments.out}/held-out-{arguments.seed}-train.json", [e for e in train if e["intent"] not in held_out])
    save(f"{arguments.out}/held-out-{arguments.seed}-test.json",
         [dict(e, intent="out_of_scope", entities=[]) if e["intent"] in held_out else e for e in test])


if __name__ == "__main__":
    main()
