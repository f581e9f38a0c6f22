#!/usr/bin/env python3
"""Do a sentence encoder's token vectors help a CRF slot tagger? python-crfsuite on a BIO split,
with the template of scripts/peers/crfsuite_baseline.py, against the same plus each word's
contextual vector from the encoder (the mean of its word pieces' last-layer vectors, projected
by PCA fitted on train to DIMENSIONS values, as real-valued attributes). Both train on train
with the same iteration budget and are scored on the dev split (span F1, conlleval's count):
the question is whether the vectors earn their cost, so no test file is read.

    encoder_tagger.py ENCODER_DIR SPLIT_DIR [--dimensions 32] [--iterations 150]

The encoder runs in numpy (scripts/dev/encoder_reference.py's tokenizer and weights, float32,
GELU by Abramowitz & Stegun's erf). Prints one JSON line.
"""
import argparse, json, math, os, sys, time
import numpy as np
import pycrfsuite

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "dev"))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "peers"))
import encoder_reference as ref  # noqa: E402
from crfsuite_baseline import features, read  # noqa: E402


def erf(x):
    # Abramowitz & Stegun 7.1.26, as the Swift encoder.
    sign = np.sign(x)
    x = np.abs(x)
    t = 1 / (1 + 0.3275911 * x)
    y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * np.exp(-x * x)
    return sign * y


class Encoder:
    def __init__(self, directory):
        self.config, self.vocab, self.w, _ = ref.load(directory, dtype=np.float32)

    def word_vectors(self, words):
        """Each word's vector: the mean of its pieces' last-layer vectors."""
        pieces, owner = [], []
        for index, word in enumerate(words):
            for basic in ref.basic_tokens(word):
                for piece in ref.wordpiece(basic, self.vocab):
                    pieces.append(self.vocab[piece])
                    owner.append(index)
        pieces, owner = pieces[:126], owner[:126]
        ids = [self.vocab["[CLS]"]] + pieces + [self.vocab["[SEP]"]]
        x = ref.forward(self.config, self.w, ids, activation=lambda v: 0.5 * v * (1 + erf(v / math.sqrt(2))))[1:-1]
        out = np.zeros((len(words), x.shape[1]), dtype=np.float32)
        counts = np.zeros(len(words))
        for row, index in enumerate(owner):
            out[index] += x[row]
            counts[index] += 1
        return out / np.maximum(counts, 1)[:, None]


def spans(tags):
    result, start, kind = set(), None, None
    for i, tag in enumerate(tags + ["O"]):
        if start is not None and not (tag.startswith("I-") and tag[2:] == kind):
            result.add((start, i, kind))
            start = None
        if tag.startswith("B-") or (tag.startswith("I-") and start is None):
            start, kind = i, tag[2:]
    return result


def f1(gold, predicted):
    tp = sum(len(spans(g) & spans(p)) for g, p in zip(gold, predicted))
    gold_count = sum(len(spans(g)) for g in gold)
    predicted_count = sum(len(spans(p)) for p in predicted)
    precision = tp / max(1, predicted_count)
    recall = tp / max(1, gold_count)
    return 100 * 2 * precision * recall / max(1e-12, precision + recall)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("encoder")
    parser.add_argument("split")
    parser.add_argument("--dimensions", type=int, default=32)
    parser.add_argument("--iterations", type=int, default=150)
    args = parser.parse_args()
    train_words, train_tags = read(args.split + "/train")
    dev_words, dev_tags = read(args.split + "/valid")
    encoder = Encoder(args.encoder)
    started = time.time()
    train_vectors = [encoder.word_vectors(s) for s in train_words]
    dev_vectors = [encoder.word_vectors(s) for s in dev_words]
    encoding_seconds = time.time() - started
    stacked = np.concatenate(train_vectors)
    mean = stacked.mean(0)
    _, _, vt = np.linalg.svd(stacked - mean, full_matrices=False)
    basis = vt[: args.dimensions].T
    scale = 1 / (stacked - mean).dot(basis).std()
    project = lambda vectors: ((vectors - mean) @ basis) * scale

    def items(words, vectors=None):
        rows = []
        for i in range(len(words)):
            row = {name: 1.0 for name in features(words, i)}
            if vectors is not None:
                for k, value in enumerate(vectors[i]):
                    row["e%d" % k] = float(value)
            rows.append(row)
        return rows

    results = {"encodingSeconds": round(encoding_seconds, 1), "dimensions": args.dimensions, "iterations": args.iterations}
    for name, use in (("baseline", False), ("withTokenVectors", True)):
        trainer = pycrfsuite.Trainer(verbose=False)
        for i, (words, tags) in enumerate(zip(train_words, train_tags)):
            trainer.append(pycrfsuite.ItemSequence(items(words, project(train_vectors[i]) if use else None)), tags)
        trainer.set_params({"c1": 0.05, "c2": 0.01, "feature.possible_transitions": True, "max_iterations": args.iterations})
        start = time.time()
        trainer.train(f"/tmp/encoder-tagger-{name}.model")
        seconds = time.time() - start
        tagger = pycrfsuite.Tagger()
        tagger.open(f"/tmp/encoder-tagger-{name}.model")
        predicted = [tagger.tag(pycrfsuite.ItemSequence(items(words, project(dev_vectors[i]) if use else None))) for i, words in enumerate(dev_words)]
        results[name] = {"devSlotF1": round(f1(dev_tags, predicted), 2), "trainingSeconds": round(seconds, 1)}
        print(json.dumps(results), file=sys.stderr)
    print(json.dumps(results))


if __name__ == "__main__":
    main()
