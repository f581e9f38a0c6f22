#!/usr/bin/env python3
"""Out of scope with no example of it, decided on a sentence encoder's vectors alone: which score
tells requests for intents training never saw from in-scope ones. A logistic regression on the
vectors (C chosen on a stratified tenth of the training utterances, as intent_baseline.py does)
answers the intent; each score rejects below the value that turns away RATE of that tenth's
requests when fitted on the other nine tenths (never on test). The scores (higher: more in scope):

- probability: the regression's likeliest intent's probability (Hendrycks & Gimpel 2017);
- nearest: the cosine to the nearest training utterance's vector (Sun et al. 2022, k = 1);
- nearest-5: the mean cosine to the five nearest;
- mahalanobis: minus the smallest Mahalanobis distance to an intent's mean, one covariance shared
  by the intents, shrunk 10 % toward its mean variance (Lee et al. 2018; Podolskiy et al. 2021).

    vector_out_of_scope.py TRAIN.json TEST.json VECTORS.jsonl [--false-rejection RATE]

The corpora are Rasa NLU JSON; test utterances labelled out_of_scope (or None, none, oos) are out
of scope. VECTORS.jsonl is `intentkit encode` output (a JSON line of text and vector) for every
text of both. Prints a JSON line per score: test accuracy with the rejection (an out-of-scope
request is right when rejected), in-scope requests rejected, out-of-scope ones caught, and the area
under the ROC curve of the score (whatever the threshold).
"""
import argparse
import json
import os
import sys

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "peers"))
from intent_baseline import GRID, OUT_OF_SCOPE, OUT_OF_SCOPE_NAMES, auroc, examples


def unit(rows):
    return rows / np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)


def nearest(train, query, k):
    similarities = np.sort(query @ train.T, axis=1)
    return similarities[:, -k:].mean(axis=1)


def mahalanobis(train, labels, query):
    classes = sorted(set(labels))
    means = np.array([train[labels == c].mean(axis=0) for c in classes])
    centred = train - means[np.searchsorted(classes, labels)]
    covariance = centred.T @ centred / len(train)
    covariance = 0.9 * covariance + 0.1 * np.trace(covariance) / len(covariance) * np.eye(len(covariance))
    precision = np.linalg.inv(covariance)
    distances = np.stack([np.einsum("ij,jk,ik->i", query - m, precision, query - m) for m in means], axis=1)
    return -distances.min(axis=1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("vectors")
    parser.add_argument("--false-rejection", type=float, default=0.02)
    arguments = parser.parse_args()
    table = {}
    for line in open(arguments.vectors, encoding="utf-8"):
        row = json.loads(line)
        table[row["text"]] = row["vector"]
    train_texts, train_intents = examples(arguments.train)
    test_texts, test_intents = examples(arguments.test)
    x, y = unit(np.array([table[t] for t in train_texts])), np.array(train_intents)
    test = unit(np.array([table[t] for t in test_texts]))
    gold = np.array([OUT_OF_SCOPE if g in OUT_OF_SCOPE_NAMES else g for g in test_intents])
    outside = gold == OUT_OF_SCOPE
    fit, split = train_test_split(np.arange(len(y)), test_size=0.1, stratify=y, random_state=1)
    held_out = {c: LogisticRegression(C=c, max_iter=3000).fit(x[fit], y[fit]).score(x[split], y[split]) for c in GRID}
    c = max(GRID, key=lambda c: (held_out[c], -c))
    final = LogisticRegression(C=c, max_iter=3000).fit(x, y)
    answers = final.predict(test)
    scores = {
        "probability": lambda tx, ty, q: LogisticRegression(C=c, max_iter=3000).fit(tx, ty).predict_proba(q).max(axis=1),
        "nearest": lambda tx, ty, q: nearest(tx, q, 1),
        "nearest-5": lambda tx, ty, q: nearest(tx, q, 5),
        "mahalanobis": mahalanobis,
    }
    for name, score in scores.items():
        threshold = np.sort(score(x[fit], y[fit], x[split]))[int(arguments.false_rejection * len(split))]
        values = score(x, y, test)
        rejected = values < threshold
        right = np.where(rejected, outside, ~outside & (answers == gold))
        print(json.dumps({
            "score": name, "C": c, "accuracy": 100 * right.mean(),
            "falseRejection": 100 * rejected[~outside].mean(), "outOfScopeRecall": 100 * rejected[outside].mean(),
            "auroc": auroc(list(values), list(outside))}))


if __name__ == "__main__":
    main()
