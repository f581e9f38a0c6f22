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
  by the intents, shrunk 10 % toward its mean variance (Lee et al. 2018; Podolskiy et al. 2021);
- intent-radius: the cosine to the nearest training utterance of each intent less that intent's
  radius (the tenth percentile of its utterances' cosines to their nearest same-intent neighbour),
  the largest over the intents: a boundary per intent, as adaptive decision boundaries learn one
  (Zhang, Xu and Lin, AAAI 2021), here read off the training data;
- margin-head: the largest cosine to an intent's weight vector in a space learnt for the intents,
  a hidden layer (256 ReLU units) on the frozen vector trained with a large-margin cosine loss
  (CosFace: Wang et al., CVPR 2018; s 16, m 0.35, Adam, 60 epochs) as Lorenc et al. (2022) train
  a head on a frozen encoder before its boundaries;
- pseudo-outliers: the regression's likeliest in-scope probability when it is also trained on one
  more class of convex combinations of two different intents' vectors (Zhan et al., ACL 2021), as
  many as training utterances.

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


def intent_radius(train, labels, query):
    classes = sorted(set(labels))
    within = train @ train.T
    np.fill_diagonal(within, -1)
    radius = {c: np.quantile(within[np.ix_(labels == c, labels == c)].max(axis=1), 0.1) for c in classes}
    similarities = query @ train.T
    return np.max([similarities[:, labels == c].max(axis=1) - radius[c] for c in classes], axis=0)


def margin_head(train, labels, query, hidden=256, s=16.0, m=0.35, epochs=60, rate=0.01):
    """CosFace on a hidden layer over the frozen vectors, by hand (Adam, batches of 64)."""
    classes = sorted(set(labels))
    y = np.searchsorted(classes, labels)
    random = np.random.default_rng(1)
    w1 = random.normal(0, np.sqrt(2 / train.shape[1]), (train.shape[1], hidden))
    b1, w = np.zeros(hidden), random.normal(0, 0.1, (hidden, len(classes)))
    parameters = [w1, b1, w]
    first, second = [np.zeros_like(p) for p in parameters], [np.zeros_like(p) for p in parameters]
    step = 0
    for _ in range(epochs):
        order = random.permutation(len(train))
        for start in range(0, len(train), 64):
            batch = order[start:start + 64]
            x, target = train[batch], y[batch]
            h = x @ w1 + b1
            a = np.maximum(h, 0)
            norm_a = np.linalg.norm(a, axis=1, keepdims=True) + 1e-6
            f = a / norm_a
            norm_w = np.linalg.norm(w, axis=0, keepdims=True) + 1e-6
            wn = w / norm_w
            logits = s * (f @ wn)
            logits[np.arange(len(batch)), target] -= s * m
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(batch)), target] -= 1
            g = p * s / len(batch)
            g_wn, g_f = f.T @ g, g @ wn.T
            g_w = (g_wn - wn * (wn * g_wn).sum(axis=0, keepdims=True)) / norm_w
            g_h = (g_f - f * (f * g_f).sum(axis=1, keepdims=True)) / norm_a * (h > 0)
            step += 1
            for k, gradient in enumerate([x.T @ g_h, g_h.sum(axis=0), g_w]):
                first[k] = 0.9 * first[k] + 0.1 * gradient
                second[k] = 0.999 * second[k] + 0.001 * gradient ** 2
                parameters[k] -= rate * first[k] / (1 - 0.9 ** step) / (np.sqrt(second[k] / (1 - 0.999 ** step)) + 1e-8)
    a = np.maximum(query @ w1 + b1, 0)
    return (unit(a) @ (w / np.linalg.norm(w, axis=0, keepdims=True))).max(axis=1)


def pseudo_outliers(c):
    def score(train, labels, query):
        random = np.random.default_rng(1)
        first, second = random.integers(0, len(train), (2, len(train)))
        keep = labels[first] != labels[second]
        share = random.uniform(0.3, 0.7, (keep.sum(), 1))
        mixed = unit(share * train[first[keep]] + (1 - share) * train[second[keep]])
        model = LogisticRegression(C=c, max_iter=3000).fit(
            np.concatenate([train, mixed]), np.concatenate([labels, np.full(len(mixed), "\x00pseudo-outlier")]))
        probabilities = model.predict_proba(query)
        return probabilities[:, model.classes_ != "\x00pseudo-outlier"].max(axis=1)
    return score


def background(c, requests):
    """Outlier exposure (Hendrycks et al., ICLR 2019): everyday requests for other apps as one
    more class, less those as like the training utterances as most held-out ones are."""
    def score(train, labels, query):
        within = train @ train.T
        np.fill_diagonal(within, -1)
        cut = np.median(within.max(axis=1))
        kept = requests[(requests @ train.T).max(axis=1) < cut]
        model = LogisticRegression(C=c, max_iter=3000).fit(
            np.concatenate([train, kept]), np.concatenate([labels, np.full(len(kept), "\x00background")]))
        probabilities = model.predict_proba(query)
        return probabilities[:, model.classes_ != "\x00background"].max(axis=1)
    return score


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("vectors")
    parser.add_argument("--false-rejection", type=float, default=0.02)
    parser.add_argument("--background", help="a text file of everyday requests, a line each (their vectors in VECTORS)")
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
        "intent-radius": intent_radius,
        "margin-head": margin_head,
        "pseudo-outliers": pseudo_outliers(c),
    }
    if arguments.background:
        requests = [line.strip() for line in open(arguments.background, encoding="utf-8") if line.strip()]
        scores["background"] = background(c, unit(np.array([table[t] for t in requests])))
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
