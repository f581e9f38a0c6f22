#!/usr/bin/env python3
"""Which score tells a request for an intent the model never learnt from in-scope ones, for a
linear bag-of-words classifier: scikit-learn's logistic regression on TF-IDF word 1-2-grams and
character 2-5-grams (the baseline of scripts/peers/compare-intents, C fixed) on SNIPS, each intent
held out of training in turn and its test utterances out of scope. Scores of the final model:

- maxprob: the likeliest intent's probability (Hendrycks & Gimpel 2017), IntentKit's default;
- two: the two likeliest intents' probabilities summed (IntentKit's --confidence-measure two-likeliest);
- margin: the likeliest minus the runner-up;
- maxlogit: the largest score before the softmax;
- energy: log Σ exp(score), the negative free energy (Liu et al., NeurIPS 2020).

Each score's minimum is the 1 % quantile of the in-scope training utterances' scores on five
stratified held-out folds. Prints, per held-out intent and as means of the seven: in-scope
accuracy with that minimum, in-scope requests rejected, out-of-scope recall, and the area under
the ROC curve of in-scope against out of scope (no minimum needed).

    python3 out_of_scope_scores.py SNIPS_SPLIT [C]
"""
import os
import sys

import numpy as np
from scipy.special import logsumexp, softmax
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_union

SCORES = ["maxprob", "two", "margin", "maxlogit", "energy"]


def read(directory):
    texts = open(os.path.join(directory, "seq.in"), encoding="utf-8").read().splitlines()
    intents = open(os.path.join(directory, "label"), encoding="utf-8").read().splitlines()
    return np.array(texts), np.array(intents)


def features():
    return make_union(TfidfVectorizer(ngram_range=(1, 2), sublinear_tf=True),
                      TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True))


def scores(classifier, vectors):
    logits = classifier.decision_function(vectors)
    ranked = np.sort(softmax(logits, axis=1), axis=1)
    return {"maxprob": ranked[:, -1], "two": ranked[:, -1] + ranked[:, -2], "margin": ranked[:, -1] - ranked[:, -2],
            "maxlogit": logits.max(axis=1), "energy": logsumexp(logits, axis=1)}, logits.argmax(axis=1)


def fit(texts, intents, c):
    vectorizer = features()
    return vectorizer, LogisticRegression(C=c, max_iter=2000).fit(vectorizer.fit_transform(texts), intents)


def main():
    split, c = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 10
    train_texts, train_intents = read(os.path.join(split, "train"))
    test_texts, test_intents = read(os.path.join(split, "test"))
    results = {name: [] for name in SCORES}
    for held_out in sorted(set(train_intents)):
        kept = train_intents != held_out
        texts, intents = train_texts[kept], train_intents[kept]
        folds = {name: np.zeros(len(intents)) for name in SCORES}
        for training, validation in StratifiedKFold(5, shuffle=True, random_state=0).split(texts, intents):
            vectorizer, classifier = fit(texts[training], intents[training], c)
            fold_scores, _ = scores(classifier, vectorizer.transform(texts[validation]))
            for name in SCORES:
                folds[name][validation] = fold_scores[name]
        vectorizer, classifier = fit(texts, intents, c)
        test_scores, predicted = scores(classifier, vectorizer.transform(test_texts))
        in_scope = test_intents != held_out
        right = classifier.classes_[predicted] == test_intents
        line = f"{held_out:22s}"
        for name in SCORES:
            rejected = test_scores[name] < np.quantile(folds[name], 0.01)
            row = (np.mean(right[in_scope] & ~rejected[in_scope]), rejected[in_scope].mean(), rejected[~in_scope].mean(),
                   roc_auc_score(in_scope.astype(int), test_scores[name]))
            results[name].append(row)
            line += f" | {name} {100 * row[1]:.2f} / {100 * row[2]:.1f} / {row[3]:.3f}"
        print(line, flush=True)
    print(f"{'score':9s} {'in-scope accuracy':>18s} {'rejected':>9s} {'recall':>7s} {'AUROC':>7s}")
    for name in SCORES:
        accuracy, rejected, recall, auroc = np.array(results[name]).mean(axis=0)
        print(f"{name:9s} {100 * accuracy:17.2f}% {100 * rejected:8.2f}% {100 * recall:6.2f}% {auroc:7.4f}")


if __name__ == "__main__":
    main()
