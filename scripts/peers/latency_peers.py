"""Peers for scripts/peers/compare-latency: trains python-crfsuite (slot tagger) and fastText (intent
classifier) on a BIO train split, then times them one utterance at a time on the test split, in
this process, the way IntentKit's `intentkit benchmark` times parses. Prints one JSON object.

    latency_peers.py train TRAIN_DIR WORK_DIR              # trains both, models into WORK_DIR
    latency_peers.py time TEST_DIR WORK_DIR [REPETITIONS]   # times both, prints one JSON object

- python-crfsuite: the template of crfsuite_baseline.py (the best we found for it), L-BFGS
  capped at 100 iterations (latency depends on the model's size, not on the last digits of its
  convergence; scripts/peers/compare-crfsuite trains it to convergence). Timed twice: `tag` on
  features built beforehand (its C++ alone), and feature building in Python plus `tag` (what a
  user of sklearn-crfsuite / snips-nlu pays per utterance).
- fastText: supervised, word bigrams, 25 epochs; `predict` of the top intent (its own
  tokenization included).
"""
import json
import os
import sys
import time

import fasttext
import pycrfsuite

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crfsuite_baseline import features, read  # noqa: E402


def percentiles(nanoseconds):
    ordered = sorted(nanoseconds)
    pick = lambda p: ordered[min(len(ordered) - 1, int(p * len(ordered)))] / 1000
    return {"p50_us": pick(0.50), "p90_us": pick(0.90), "p99_us": pick(0.99),
            "mean_us": sum(ordered) / len(ordered) / 1000, "calls": len(ordered)}


def timed(calls, repetitions):
    for call in calls:  # warm up
        call()
    spent = []
    clock = time.perf_counter_ns
    for _ in range(repetitions):
        for call in calls:
            start = clock()
            call()
            spent.append(clock() - start)
    return percentiles(spent)


def train(train_dir, work):
    words, tags = read(train_dir)
    trainer = pycrfsuite.Trainer(verbose=False)
    for sentence, labels in zip(words, tags):
        trainer.append([features(sentence, i) for i in range(len(sentence))], labels)
    trainer.set_params({"c1": 0.05, "c2": 0.01, "max_iterations": 100, "feature.possible_transitions": True})
    trainer.train(os.path.join(work, "crfsuite.model"))

    intents = [line.strip() for line in open(os.path.join(train_dir, "label"), encoding="utf-8")]
    fasttext_train = os.path.join(work, "fasttext.train")
    with open(fasttext_train, "w", encoding="utf-8") as out:
        for sentence, intent in zip(words, intents):
            out.write("__label__%s %s\n" % (intent, " ".join(sentence)))
    classifier = fasttext.train_supervised(fasttext_train, epoch=25, wordNgrams=2, verbose=0, thread=2, seed=1)
    classifier.save_model(os.path.join(work, "fasttext.bin"))


def time_peers(test_dir, work, repetitions):
    test_words, _ = read(test_dir)
    crf_model = os.path.join(work, "crfsuite.model")
    tagger = pycrfsuite.Tagger()
    tagger.open(crf_model)
    prepared = [[features(sentence, i) for i in range(len(sentence))] for sentence in test_words]
    tag_only = timed([lambda f=f: tagger.tag(f) for f in prepared], repetitions)
    with_features = timed([lambda s=s: tagger.tag([features(s, i) for i in range(len(s))]) for s in test_words], repetitions)
    classifier = fasttext.load_model(os.path.join(work, "fasttext.bin"))
    test_lines = [" ".join(sentence) for sentence in test_words]
    predict = timed([lambda line=line: classifier.predict(line) for line in test_lines], repetitions)
    print(json.dumps({
        "crfsuite_tag": tag_only,
        "crfsuite_features_and_tag": with_features,
        "fasttext_predict": predict,
        "crfsuite_model_bytes": os.path.getsize(crf_model),
    }))


def main():
    if sys.argv[1] == "train":
        train(sys.argv[2], sys.argv[3])
    else:
        time_peers(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 5)


if __name__ == "__main__":
    main()
