#!/usr/bin/env python3
"""The linear intent baseline IntentKit's classifier is measured against: scikit-learn's
LogisticRegression on TF-IDF features (word 1-2-grams and character 2-5-grams within word
boundaries, sublinear term frequency), with C chosen on a held-out split: the dev split when
the corpus has one, else a stratified tenth of the training utterances. Never on test.

    python3 intent_baseline.py TRAIN.json TEST.json [--dev DEV.json] [--false-rejection RATE] [--vectors FILE…] [--c C]

With --vectors (`intentkit encode` output, a JSON line of text and vector each, for every text
of the corpora), the same logistic regression reads a sentence encoder's vectors instead of the
n-grams: what the encoder alone gives a linear classifier.

With --false-rejection (out of scope with no example of it, as Larson et al. 2019 threshold
BERT), the model of the chosen C answers `out_of_scope` below the probability that rejects RATE
of the held-out split's requests, and test utterances labelled `out_of_scope` (or None, none,
oos) count as right when rejected; the object then also holds the threshold, the share of test
requests rejected and of out-of-scope ones caught.

With --c, C is that one, not chosen (to compare two sets of vectors at the same C).

The files are Rasa NLU JSON (`intentkit import CORPUS --to rasa-json`): raw text and intent.
Prints one JSON object: test accuracy, the C chosen, and the held-out accuracy of each C.
"""
import argparse
import bisect
import json

from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline, make_union
from sklearn.preprocessing import FunctionTransformer
import numpy as np

GRID = [0.3, 1, 3, 10, 30, 100]
OUT_OF_SCOPE = "out_of_scope"
OUT_OF_SCOPE_NAMES = {"out_of_scope", "None", "none", "oos"}


def examples(path):
    data = json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
    return [example["text"] for example in data], [example["intent"] for example in data]


def model(c, vectors=None):
    if vectors is not None:  # the sentence encoder's vector of each text, as the only features
        return make_pipeline(FunctionTransformer(lambda texts: np.array([vectors[text] for text in texts])), LogisticRegression(C=c, max_iter=3000))
    features = make_union(
        TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, lowercase=True),
        TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=True),
    )
    return make_pipeline(features, LogisticRegression(C=c, max_iter=2000))


def accuracy(fitted, texts, intents):
    predicted = fitted.predict(texts)
    return sum(p == g for p, g in zip(predicted, intents)) / len(intents)


def auroc(confidences, out_of_scope):
    """The chance that an in-scope request has a higher confidence than an out-of-scope one (ties
    count half): how well the confidence tells them apart, whatever the threshold."""
    inside = sorted(c for c, o in zip(confidences, out_of_scope) if not o)
    outside = [c for c, o in zip(confidences, out_of_scope) if o]
    if not inside or not outside:
        return None
    wins = sum(len(inside) - bisect.bisect_right(inside, c) + 0.5 * (bisect.bisect_right(inside, c) - bisect.bisect_left(inside, c))
               for c in outside)
    return 100 * wins / (len(inside) * len(outside))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("--dev")
    parser.add_argument("--false-rejection", type=float)
    parser.add_argument("--c", type=float, help="this C rather than the grid's best on the held-out split")
    parser.add_argument("--vectors", nargs="+", metavar="VECTORS.jsonl",
                        help="`intentkit encode` output for every text: the model reads these vectors instead of TF-IDF n-grams")
    arguments = parser.parse_args()
    vectors = None
    if arguments.vectors:
        vectors = {}
        for path in arguments.vectors:
            for line in open(path, encoding="utf-8"):
                row = json.loads(line)
                vectors[row["text"]] = row["vector"]
    train_texts, train_intents = examples(arguments.train)
    test_texts, test_intents = examples(arguments.test)
    if arguments.dev:
        fit_texts, fit_intents = train_texts, train_intents
        dev_texts, dev_intents = examples(arguments.dev)
    else:
        fit_texts, dev_texts, fit_intents, dev_intents = train_test_split(
            train_texts, train_intents, test_size=0.1, stratify=train_intents, random_state=1)
    grid = [arguments.c] if arguments.c else GRID
    held_out = {c: accuracy(model(c, vectors).fit(fit_texts, fit_intents), dev_texts, dev_intents) for c in grid}
    best = max(grid, key=lambda c: (held_out[c], -c))
    final = model(best, vectors).fit(train_texts, train_intents)
    result = {"accuracy": 100 * accuracy(final, test_texts, test_intents), "C": best,
              "heldOut": {str(c): round(100 * a, 2) for c, a in held_out.items()}}
    if arguments.false_rejection is not None:
        confidences = sorted(model(best, vectors).fit(fit_texts, fit_intents).predict_proba(dev_texts).max(axis=1))
        threshold = confidences[int(arguments.false_rejection * len(confidences))]
        probabilities = final.predict_proba(test_texts)
        answers = [OUT_OF_SCOPE if p.max() < threshold else final.classes_[p.argmax()] for p in probabilities]
        gold = [OUT_OF_SCOPE if g in OUT_OF_SCOPE_NAMES else g for g in test_intents]
        in_scope = [a for a, g in zip(answers, gold) if g != OUT_OF_SCOPE]
        out_of_scope = [a for a, g in zip(answers, gold) if g == OUT_OF_SCOPE]
        result.update({
            "accuracy": 100 * sum(a == g for a, g in zip(answers, gold)) / len(gold),
            "threshold": round(float(threshold), 4),
            "falseRejection": 100 * in_scope.count(OUT_OF_SCOPE) / max(1, len(in_scope)),
            "outOfScopeRecall": 100 * out_of_scope.count(OUT_OF_SCOPE) / max(1, len(out_of_scope)),
            "inScopeAccuracy": 100 * sum(a == g for a, g in zip(answers, gold) if g != OUT_OF_SCOPE) / max(1, len(in_scope)),
            "auroc": auroc([p.max() for p in probabilities], [g == OUT_OF_SCOPE for g in gold])})
    print(json.dumps(result))


if __name__ == "__main__":
    main()
