#!/usr/bin/env python3
"""Snips NLU's "unknown word" for a words-only classifier trained with no out-of-scope example:
whether a request's words that training never saw should count as evidence that it is out of
scope. Snips replaces every word of its generated noise that the corpus lacks, and every such
word of a request, with one token (`unknownword`), so its noise class learns that unknown words
mean no intent. Here scikit-learn's logistic regression on word 1-2-grams (balanced, C 10) with a
noise class generated as IntentKit generates it (OutOfScopeNoise: lengths of the corpus's
utterances, 30 % of the words the corpus's, the others GeneralVocabulary's; the median intent's
count times the noise factor), once with unknown words dropped (as IntentKit reads them) and once
replaced by the unknown-word token; noise factors 1 and 5.

A request is out of scope when the noise class wins or its likeliest intent's probability is below
the minimum that turns away 1 % of the training utterances on five stratified held-out folds (each
fold's own vocabulary: its unknown words are those the other folds lack). Prints per setting the
held-out folds' share taken by the class, the test's in-scope requests rejected and answered right,
its out-of-scope ones caught, the AUROC of the in-scope probability (the class's answers count as
the least confident) and how many out-of-scope requests are answered at 0.6 or more.

    unknown_words.py TRAIN.json TEST.json [--off-topic TEXTS]

Rasa NLU JSON; test utterances of out_of_scope (None, none, oos) and the lines of TEXTS are out
of scope.
"""
import argparse
import json
import os
import random
import re
from collections import Counter

import numpy as np
from sklearn.feature_extraction import DictVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

OUT_OF_SCOPE = {"out_of_scope", "None", "none", "oos"}
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
GENERAL = open(os.path.join(ROOT, "Sources/IntentKitTraining/OutOfScope/GeneralVocabulary.swift")).read().split('"""')[1].split()


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def load(path):
    return [(e["text"], e["intent"]) for e in json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]]


def noise(train, factor, seed, corpus_rate=0.3):
    generator = random.Random(seed)
    vocabulary, lengths = [], []
    for text, _ in train:
        tokens = words(text)
        lengths.append(len(tokens))
        vocabulary += [w for w in tokens if w not in vocabulary]
    own = set(vocabulary)
    general = [w for w in GENERAL if w not in own]
    sizes = sorted(Counter(intent for _, intent in train).values())
    return [" ".join(generator.choice(vocabulary) if generator.random() < corpus_rate else generator.choice(general)
                     for _ in range(generator.choice(lengths)))
            for _ in range(round(factor * sizes[len(sizes) // 2]))]


def features(text, vocabulary, unknown_token):
    tokens = words(text)
    if unknown_token:
        tokens = [w if w in vocabulary else "\x00unknown" for w in tokens]
    counts = Counter({"bias": 1})
    for index, word in enumerate(tokens):
        counts["w=" + word] += 1
        counts["b=" + (tokens[index - 1] if index else "<s>") + "|" + word] += 1
    if tokens:
        counts["b=" + tokens[-1] + "|</s>"] += 1
    return counts


def fit(train, unknown_token, factor, seed):
    vocabulary = {w for text, _ in train for w in words(text)}
    generated = noise(train, factor, seed)
    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([features(t, vocabulary, unknown_token) for t, _ in train] + [features(t, vocabulary, unknown_token) for t in generated])
    y = [intent for _, intent in train] + ["\x00noise"] * len(generated)
    model = LogisticRegression(C=10, max_iter=3000, class_weight="balanced").fit(x, y)
    noise_class = list(model.classes_).index("\x00noise")

    def answer(texts):
        probabilities = model.predict_proba(vectorizer.transform([features(t, vocabulary, unknown_token) for t in texts]))
        by_class = probabilities.argmax(axis=1) == noise_class
        probabilities[:, noise_class] = -1
        return model.classes_[probabilities.argmax(axis=1)], probabilities.max(axis=1), by_class
    return answer


def evaluate(train, test, unknown_token, factor, seed=1):
    intents = [intent for _, intent in train]
    confidences, taken = [], 0
    folds = StratifiedKFold(min(5, min(Counter(intents).values())), shuffle=True, random_state=seed)
    for fitted, held in folds.split(train, intents):
        _, confidence, by_class = fit([train[i] for i in fitted], unknown_token, factor, seed)([train[i][0] for i in held])
        confidences += list(confidence[~by_class])
        taken += by_class.sum()
    allowed = int(0.01 * (len(confidences) + taken)) - taken
    minimum = sorted(confidences)[allowed] if allowed >= 1 else 0
    answers, confidence, by_class = fit(train, unknown_token, factor, seed)([t for t, _ in test])
    gold = np.array([intent for _, intent in test])
    outside = np.isin(gold, list(OUT_OF_SCOPE))
    rejected = by_class | (confidence < minimum)
    return {
        "unknownToken": unknown_token, "noiseFactor": factor, "foldsTakenByClass": 100 * taken / (len(confidences) + taken),
        "inScopeRejected": 100 * rejected[~outside].mean(), "inScopeRight": 100 * ((answers == gold) & ~rejected)[~outside].mean(),
        "outOfScopeCaught": 100 * rejected[outside].mean(), "auroc": 100 * roc_auc_score(outside, -np.where(by_class, -1, confidence)),
        "outOfScopeAnsweredAt0.6": int((outside & ~rejected & (confidence >= 0.6)).sum())}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("test")
    parser.add_argument("--off-topic")
    arguments = parser.parse_args()
    train = [(t, i) for t, i in load(arguments.train) if i not in OUT_OF_SCOPE]
    test = load(arguments.test)
    if arguments.off_topic:
        test += [(line.strip(), "out_of_scope") for line in open(arguments.off_topic, encoding="utf-8") if line.strip()]
    for unknown_token in (False, True):
        for factor in (1.0, 5.0):
            print(json.dumps({k: round(v, 2) if isinstance(v, float) else v for k, v in evaluate(train, test, unknown_token, factor).items()}))


if __name__ == "__main__":
    main()
