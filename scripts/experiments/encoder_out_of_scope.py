#!/usr/bin/env python3
"""Whether the sentence encoder's view of an utterance helps decide it is out of scope, beside the
intent classifier's confidence. SNIPS, each intent held out in turn: a classifier is trained on
the other six intents' training utterances (scikit-learn's LogisticRegression on word 1-2-grams
and the encoder's vector, as IntentKit's classifier with an encoder reads them), and each
out-of-scope score is thresholded for 1 % false rejection on five held-out folds of those
training utterances (never on valid or test). Then, on SNIPS valid, the held-out intent's
utterances are out of scope and the others in scope. The scores (higher: more out of scope):

- confidence: 1 − the classifier's top probability;
- mahalanobis: the smallest Mahalanobis distance from the vector to an intent's mean, with one
  covariance shared by the intents, shrunk 10 % toward its mean variance (Lee et al., NeurIPS
  2018; Podolskiy et al., AAAI 2021);
- nearest: 1 − the largest cosine to a training utterance's vector;
- either of confidence and one of the others, each at 0.5 % false rejection.

    encoder_out_of_scope.py TRAIN.json VALID.json TRAIN.vectors VALID.vectors

The corpora are Rasa NLU JSON (`intentkit import … --to rasa-json`), the vectors `intentkit encode`
output for the same texts in the same order. Prints a line per held-out intent and the means.
"""
import json
import sys

import numpy as np
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold


def examples(corpus, vectors):
    data = json.load(open(corpus, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
    lines = [json.loads(line) for line in open(vectors, encoding="utf-8")]
    texts = [example["text"] for example in data]
    assert [line["text"] for line in lines] == texts, f"{vectors}: texts differ from {corpus}"
    return texts, np.array([example["intent"] for example in data]), np.array([line["vector"] for line in lines], dtype=np.float64)


def mahalanobis(train_vectors, train_intents, vectors, shrinkage=0.1):
    intents = sorted(set(train_intents))
    means = np.array([train_vectors[train_intents == intent].mean(0) for intent in intents])
    residuals = train_vectors - means[[intents.index(intent) for intent in train_intents]]
    covariance = residuals.T @ residuals / len(train_vectors)
    covariance = (1 - shrinkage) * covariance + shrinkage * np.trace(covariance) / len(covariance) * np.eye(len(covariance))
    whitening = np.linalg.inv(np.linalg.cholesky(covariance))
    whitened, centres = vectors @ whitening.T, means @ whitening.T
    return ((whitened[:, None, :] - centres[None, :, :]) ** 2).sum(-1).min(1)


def scores(train_texts, train_intents, train_vectors, texts, vectors):
    words = CountVectorizer(ngram_range=(1, 2), binary=True).fit(train_texts)
    fitted = LogisticRegression(C=50, max_iter=2000).fit(hstack([words.transform(train_texts), csr_matrix(train_vectors)]).tocsr(), train_intents)
    confidence = 1 - fitted.predict_proba(hstack([words.transform(texts), csr_matrix(vectors)]).tocsr()).max(1)
    unit = lambda m: m / np.linalg.norm(m, axis=1, keepdims=True)
    nearest = 1 - (unit(vectors) @ unit(train_vectors).T).max(1)
    return {"confidence": confidence, "mahalanobis": mahalanobis(train_vectors, train_intents, vectors), "nearest": nearest}


def main():
    train_texts, train_intents, train_vectors = examples(sys.argv[1], sys.argv[3])
    valid_texts, valid_intents, valid_vectors = examples(sys.argv[2], sys.argv[4])
    rules = ["confidence", "mahalanobis", "nearest", "confidence or mahalanobis", "confidence or nearest"]
    results = []
    for held in sorted(set(train_intents)):
        keep = train_intents != held
        texts, intents, vectors = [t for t, k in zip(train_texts, keep) if k], train_intents[keep], train_vectors[keep]
        folds = {}
        for fit, out in StratifiedKFold(5, shuffle=True, random_state=1).split(texts, intents):
            for name, value in scores([texts[i] for i in fit], intents[fit], vectors[fit], [texts[i] for i in out], vectors[out]).items():
                folds.setdefault(name, []).append(value)
        limit = {name: np.quantile(np.concatenate(value), 0.99) for name, value in folds.items()}
        half = {name: np.quantile(np.concatenate(value), 0.995) for name, value in folds.items()}
        valid = scores(texts, intents, vectors, valid_texts, valid_vectors)
        rejected = {name: valid[name] > limit[name] for name in valid}
        for other in ("mahalanobis", "nearest"):
            rejected[f"confidence or {other}"] = (valid["confidence"] > half["confidence"]) | (valid[other] > half[other])
        in_scope = valid_intents != held
        result = {rule: (100 * rejected[rule][in_scope].mean(), 100 * rejected[rule][~in_scope].mean()) for rule in rules}
        results.append(result)
        print(f"{held:22}" + "".join(f"  {rule}: rejected {r:.2f} %, recall {c:.1f} %" for rule, (r, c) in result.items()), flush=True)
    print("mean of the seven, on SNIPS valid: in-scope rejected, out-of-scope recall")
    for rule in rules:
        rejected, recall = np.mean([result[rule] for result in results], axis=0)
        print(f"  {rule:28} {rejected:5.2f} %  {recall:5.1f} %")


if __name__ == "__main__":
    main()
