#!/usr/bin/env python3
"""Writes a synthetic corpus of many slot-free intents in the BIO layout (seq.in, seq.out, label),
shaped like the public 150-intent benchmarks: each intent has eight phrasings of 3 to 12 words
(everyday function words, a dozen words that mark the intent, words of an open vocabulary with a
Zipfian tail), and each utterance is one of them with words swapped, dropped or added, so that the
corpus has about as many distinct words and word pairs as such a benchmark.

It measures what the number of intents does to model size and training time; its accuracy says
nothing about language (the words are made up).

    python3 scripts/experiments/many_intents.py OUT_DIR [--intents 150] [--train 100] [--test 30] [--seed 1]
"""
import argparse
import os
import random

FUNCTION_WORDS = """the a an to my me i you what how is are can could would please for of in on at with
from about do does did it this that be will want need tell show find set get give make let know
and or but not no yes when where who which why there here some any all more much many one two
your our their his her its we they he she them us so if up out just now today tomorrow time
have has had was were been am should may might must go going like help check look see let's
""".split()


def pseudo_words(rng, count):
    consonants, vowels = "bcdfghjklmnprstvwz", "aeiou"
    words = set()
    while len(words) < count:
        syllables = rng.choice((1, 2, 2, 3))
        words.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(syllables)) + rng.choice(("", "", "n", "s", "t")))
    return sorted(words)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--intents", type=int, default=150)
    parser.add_argument("--train", type=int, default=100)
    parser.add_argument("--test", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = pseudo_words(rng, 6000)
    zipf = [1 / (rank + 1) for rank in range(len(pool))]
    keys = [rng.sample(pool[:3000], 12) for _ in range(args.intents)]

    def draw(intent, kind):
        if kind == 0:
            return rng.choice(FUNCTION_WORDS)
        if kind == 1:
            return rng.choice(keys[intent])
        return rng.choices(pool, weights=zipf)[0]

    templates = [[[(kind, draw(intent, kind)) for kind in rng.choices((0, 1, 2), weights=(45, 35, 20), k=rng.randint(3, 12))]
                  for _ in range(8)] for intent in range(args.intents)]

    def utterance(intent):
        words = []
        for kind, word in rng.choice(templates[intent]):
            roll = rng.random()
            if roll < 0.05:
                continue
            words.append(draw(intent, kind) if roll < 0.2 else word)
            if rng.random() < 0.03:
                words.append(draw(intent, rng.choice((0, 1, 2))))
        return words or [rng.choice(keys[intent])]

    for part, count in (("train", args.train), ("test", args.test)):
        folder = os.path.join(args.out, part)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "seq.in"), "w") as text, open(os.path.join(folder, "seq.out"), "w") as tags, \
                open(os.path.join(folder, "label"), "w") as labels:
            for intent in range(args.intents):
                for _ in range(count):
                    words = utterance(intent)
                    text.write(" ".join(words) + "\n")
                    tags.write(" ".join("O" for _ in words) + "\n")
                    labels.write(f"intent_{intent:03d}\n")


if __name__ == "__main__":
    main()
