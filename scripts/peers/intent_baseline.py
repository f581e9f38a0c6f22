#!/usr/bin/env python3
"""The linear intent baseline IntentKit's classifier is measured against: scikit-learn's
LogisticRegression on TF-IDF features (word 1-2-grams and character 2-5-grams within word
boundaries, sublinear term frequency), with C chosen on a held-out split: the dev split when
the corpus has one, else a stratified tenth of the training utterances. Never on test.

    python3 intent_baseline.py TRAIN.json TEST.json [--dev DEV.json]

The files are Rasa NLU JSON (`intentkit import CORPUS --to rasa-json`): raw text and intent.
Prints one JSON object: test accuracy, the C chosen, and the held-out accuracy of each C.
"""
import argparse
import json

from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline, make_union

GRID = [0.3, 1, 3, 10, 30, 100]


def examples(path):
    data = json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
    return [example["text"] for example in data], [example["intent"] for example in data]


def model(c):
    features = make_union(
        TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, lowercase=True),
        TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=True),
    )
    return make_pipeline(features, LogisticRegression(C=c, max_iter=2000))


def accuracy(fitted, texts, intents):
    predicted = fitted.predict(texts)
    return sum(p == g for p, g in zip(predicted, intents)) / len(intents)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("--dev")
    arguments = parser.parse_args()
    train_texts, train_intents = examples(arguments.train)
    test_texts, test_intents = examples(arguments.test)
    if arguments.dev:
        fit_texts, fit_intents = train_texts, train_intents
        dev_texts, dev_intents = examples(arguments.dev)
    else:
        fit_texts, dev_texts, fit_intents, dev_intents = train_test_split(
            train_texts, train_intents, test_size=0.1, stratify=train_intents, random_state=1)
    held_out = {c: accuracy(model(c).fit(fit_texts, fit_intents), dev_texts, dev_intents) for c in GRID}
    best = max(GRID, key=lambda c: (held_out[c], -c))
    final = model(best).fit(train_texts, train_intents)
    print(json.dumps({"accuracy": 100 * accuracy(final, test_texts, test_intents), "C": best,
                      "heldOut": {str(c): round(100 * a, 2) for c, a in held_out.items()}}))


if __name__ == "__main__":
    main()
