"""python-crfsuite baseline for scripts/peers/compare-crfsuite: trains L-BFGS to convergence on a BIO
train directory and tags a test directory. Prints {"seconds", "iterations"} as JSON.

Template (the best we found for CRFsuite on SNIPS; MODELING.md): a +-3 window of lowercased
words, shape and affixes 1-4 of the current word, word bigrams around it, digit/title flags,
BOS/EOS. c1 0.05, c2 0.01; CRFsuite's own stopping rule (delta 1e-5 over 10 iterations).
"""
import json
import re
import sys
import time

import pycrfsuite


def shape(word):
    s = re.sub("[A-Z]", "X", word)
    s = re.sub("[a-z]", "x", s)
    s = re.sub("[0-9]", "d", s)
    return re.sub(r"(.)\1+", r"\1\1", s)


def features(tokens, i):
    w = tokens[i].lower()
    f = ["bias", "w=" + w, "shape=" + shape(tokens[i]), "isdigit=%s" % w.isdigit()]
    for k in range(1, 5):
        f.append("p%d=%s" % (k, w[:k]))
        f.append("s%d=%s" % (k, w[-k:]))
    for off in (-3, -2, -1, 1, 2, 3):
        j = i + off
        f.append("w[%d]=%s" % (off, tokens[j].lower() if 0 <= j < len(tokens) else ("BOS" if j < 0 else "EOS")))
    if i > 0:
        f.append("w[-1]|w=%s|%s" % (tokens[i - 1].lower(), w))
    if i + 1 < len(tokens):
        f.append("w|w[1]=%s|%s" % (w, tokens[i + 1].lower()))
    if i == 0:
        f.append("BOS")
    if i == len(tokens) - 1:
        f.append("EOS")
    return f


def read(directory):
    words = [line.split() for line in open(directory + "/seq.in", encoding="utf-8")]
    tags = [line.split() for line in open(directory + "/seq.out", encoding="utf-8")]
    return words, tags


def main():
    train_dir, test_dir, output = sys.argv[1:4]
    words, tags = read(train_dir)
    trainer = pycrfsuite.Trainer(verbose=False)
    for sentence, labels in zip(words, tags):
        trainer.append([features(sentence, i) for i in range(len(sentence))], labels)
    trainer.set_params({"c1": 0.05, "c2": 0.01, "feature.possible_transitions": True})
    start = time.time()
    trainer.train("/tmp/crfsuite-baseline.model")
    seconds = time.time() - start
    iterations = trainer.logparser.last_iteration["num"] if trainer.logparser.last_iteration else None
    tagger = pycrfsuite.Tagger()
    tagger.open("/tmp/crfsuite-baseline.model")
    test_words, _ = read(test_dir)
    with open(output, "w", encoding="utf-8") as out:
        for sentence in test_words:
            out.write(" ".join(tagger.tag([features(sentence, i) for i in range(len(sentence))])) + "\n")
    print(json.dumps({"seconds": seconds, "iterations": iterations}))


if __name__ == "__main__":
    main()
