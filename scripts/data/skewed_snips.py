#!/usr/bin/env python3
"""Writes a skewed sample of the SNIPS split, as benchmarks like ATIS are skewed: one intent
(the dominant) keeps all its training utterances, about three quarters of the corpus, and the
other six keep 300, 150, 75, 40, 20 and 10 (a seeded sample). The test set pools SNIPS valid and
test (200 utterances an intent) and keeps about the same proportions: the dominant intent's
200, then each other intent in turn its training share of the dominant intent's size times the
test utterances drawn so far (at least 2). Intents rotate with `--rotation` (0-6): rotation r makes
the r-th intent in alphabetical order dominant and hands the sizes out from the next one on.

    python3 scripts/data/skewed_snips.py ../shared/corpora/snips-split OUTPUT --rotation 0

Writes OUTPUT/train and OUTPUT/test in the BIO layout (seq.in, seq.out, label).
"""
import argparse
import os
import random

SIZES = [300, 150, 75, 40, 20, 10]


def read(directory):
    columns = [open(os.path.join(directory, name), encoding="utf-8").read().splitlines() for name in ("seq.in", "seq.out", "label")]
    return list(zip(*columns))


def write(directory, rows):
    os.makedirs(directory, exist_ok=True)
    for position, name in enumerate(("seq.in", "seq.out", "label")):
        with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
            f.write("".join(row[position] + "\n" for row in rows))


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("split", help="the SNIPS split directory (train, valid, test)")
    arguments.add_argument("output")
    arguments.add_argument("--rotation", type=int, default=0)
    options = arguments.parse_args()
    train = read(os.path.join(options.split, "train"))
    test = read(os.path.join(options.split, "valid")) + read(os.path.join(options.split, "test"))
    intents = sorted({row[2] for row in train})
    dominant = intents[options.rotation % len(intents)]
    others = [intents[(options.rotation + 1 + k) % len(intents)] for k in range(len(intents) - 1)]
    rng = random.Random(2026 + options.rotation)
    train_of = {intent: [row for row in train if row[2] == intent] for intent in intents}
    test_of = {intent: [row for row in test if row[2] == intent] for intent in intents}
    kept_train, kept_test = list(train_of[dominant]), list(test_of[dominant])
    for intent, size in zip(others, SIZES):
        kept_train += rng.sample(train_of[intent], size)
        share = max(2, round(len(kept_test) * size / len(train_of[dominant])))
        kept_test += rng.sample(test_of[intent], min(share, len(test_of[intent])))
    write(os.path.join(options.output, "train"), kept_train)
    write(os.path.join(options.output, "test"), kept_test)
    print(f"dominant {dominant}: {len(kept_train)} training and {len(kept_test)} test utterances")


if __name__ == "__main__":
    main()
