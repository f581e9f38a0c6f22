#!/usr/bin/env python3
"""What sentence-encoder vectors are worth to a linear intent classifier, on one corpus: scikit-
learn's LogisticRegression on (a) TF-IDF word 1-2-grams and character 2-5-grams (the baseline of
scripts/peers/intent_baseline.py), (b) the encoder's vectors alone, (c) both, the vectors
scaled by a factor chosen with C. C (and the scale) are chosen on the dev split, never on test.

    encoder_intents.py TRAIN.json DEV.json TEST.json TRAIN.vectors DEV.vectors TEST.vectors

The corpora are Rasa NLU JSON (`intentkit import … --to rasa-json`); the vectors are
`intentkit encode` output for the same texts in the same order. Prints one JSON object.
"""
import json
import sys

import numpy as np
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_union

GRID = [0.3, 1, 3, 10, 30, 100]
SCALES = [0.5, 1, 2]


def examples(path):
    data = json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
    return [example["text"] for example in data], [example["intent"] for example in data]


def vectors(path, texts):
    lines = [json.loads(line) for line in open(path, encoding="utf-8")]
    assert [line["text"] for line in lines] == texts, f"{path}: texts differ from the corpus"
    return np.array([line["vector"] for line in lines], dtype=np.float32)


def main():
    (train_texts, train_y), (dev_texts, dev_y), (test_texts, test_y) = (examples(p) for p in sys.argv[1:4])
    train_v, dev_v, test_v = (vectors(p, t) for p, t in zip(sys.argv[4:7], (train_texts, dev_texts, test_texts)))
    tfidf = make_union(
        TfidfVectorizer(analyzer="word", ngram_range=(1, 2), sublinear_tf=True, lowercase=True),
        TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), sublinear_tf=True, lowercase=True),
    ).fit(train_texts)
    sparse = [tfidf.transform(t) for t in (train_texts, dev_texts, test_texts)]
    dense = [train_v, dev_v, test_v]
    variants = {
        "tfidf": [(c, None) for c in GRID],
        "encoder": [(c, None) for c in GRID],
        "both": [(c, s) for c in GRID for s in SCALES],
    }

    def features(variant, part, scale):
        if variant == "tfidf":
            return sparse[part]
        if variant == "encoder":
            return dense[part]
        return hstack([sparse[part], csr_matrix(dense[part] * scale)]).tocsr()

    result = {}
    for variant, settings in variants.items():
        scores = {}
        for c, scale in settings:
            fitted = LogisticRegression(C=c, max_iter=3000).fit(features(variant, 0, scale), train_y)
            scores[(c, scale)] = (fitted.predict(features(variant, 1, scale)) == np.array(dev_y)).mean()
        best = max(scores, key=lambda key: (scores[key], -key[0]))
        fitted = LogisticRegression(C=best[0], max_iter=3000).fit(features(variant, 0, best[1]), train_y)
        test = (fitted.predict(features(variant, 2, best[1])) == np.array(test_y)).mean()
        result[variant] = {"test": round(100 * test, 2), "dev": round(100 * scores[best], 2), "C": best[0], "scale": best[1]}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
