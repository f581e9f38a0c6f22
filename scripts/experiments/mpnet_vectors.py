#!/usr/bin/env python3
"""Sentence vectors from all-mpnet-base-v2 (MPNet, Song et al. 2020; the sentence-transformers
checkpoint, Apache-2.0) in numpy, to measure the encoder before IntentKit runs it. MPNet is BERT
with no token types, positions counted from 2, and a relative position bias shared by its layers
(T5-style buckets, Raffel et al. 2020) added to every attention score; the sentence vector is the
mean of the last layer, unit length. Reads texts on stdin, writes `{"text", "vector"}` lines as
`intentkit encode` does; texts of one token length go through together, so none needs padding.

    mpnet_vectors.py MODEL_DIR < TEXTS > VECTORS.jsonl
"""
import json
import math
import sys
from collections import defaultdict

import numpy as np
from safetensors.numpy import load_file
from scipy.special import erf
from tokenizers import Tokenizer

HIDDEN, LAYERS, HEADS, MAX_TOKENS = 768, 12, 12, 384


def bucket(relative, buckets=32, max_distance=128):
    """The relative position's bucket, as MPNet's `relative_position_bucket`: half the buckets
    for each direction, exact up to a quarter of them, logarithmic up to `max_distance`."""
    buckets //= 2
    result = (relative > 0) * buckets
    n = np.abs(relative)
    exact = buckets // 2
    # In float32, as the reference computes it: the cut between two buckets falls where it does there.
    scaled = np.log(np.maximum(n, 1).astype(np.float32) / np.float32(exact)) / np.float32(math.log(max_distance / exact)) * np.float32(buckets - exact)
    large = exact + scaled.astype(np.int64)
    return result + np.where(n < exact, n, np.minimum(large, buckets - 1))


class MPNet:
    def __init__(self, directory):
        self.w = load_file(directory + "/model.safetensors")
        self.tokenizer = Tokenizer.from_file(directory + "/tokenizer.json")
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()

    def norm(self, x, name):
        mean = x.mean(-1, keepdims=True)
        variance = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / np.sqrt(variance + 1e-5) * self.w[name + ".weight"] + self.w[name + ".bias"]

    def linear(self, x, name):
        return x @ self.w[name + ".weight"].T + self.w[name + ".bias"]

    def encode(self, ids):
        """Unit sentence vectors of `ids` ([batch, tokens], one length)."""
        batch, length = ids.shape
        x = self.w["embeddings.word_embeddings.weight"][ids] + self.w["embeddings.position_embeddings.weight"][np.arange(length) + 2]
        x = self.norm(x, "embeddings.LayerNorm")
        relative = np.arange(length)[None, :] - np.arange(length)[:, None]  # key position − query position
        bias = self.w["encoder.relative_attention_bias.weight"][bucket(relative)].transpose(2, 0, 1)[None]
        heads = lambda y: y.reshape(batch, length, HEADS, -1).transpose(0, 2, 1, 3)
        for layer in range(LAYERS):
            p = "encoder.layer.%d." % layer
            q, k, v = (heads(self.linear(x, p + "attention.attn." + n)) for n in "qkv")
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(HIDDEN // HEADS) + bias
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, HIDDEN)
            x = self.norm(self.linear(context, p + "attention.attn.o") + x, p + "attention.LayerNorm")
            h = self.linear(x, p + "intermediate.dense")
            h = 0.5 * h * (1 + erf(h / math.sqrt(2)))  # exact GELU
            x = self.norm(self.linear(h, p + "output.dense") + x, p + "output.LayerNorm")
        vectors = x.mean(axis=1)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def main():
    model = MPNet(sys.argv[1])
    texts = [line.rstrip("\n") for line in sys.stdin]
    ids = [model.tokenizer.encode(text).ids[:MAX_TOKENS] for text in texts]
    by_length = defaultdict(list)
    for i, row in enumerate(ids):
        by_length[len(row)].append(i)
    vectors = {}
    for members in by_length.values():
        for start in range(0, len(members), 64):
            batch = members[start:start + 64]
            for i, vector in zip(batch, model.encode(np.array([ids[i] for i in batch]))):
                vectors[i] = vector
    for i, text in enumerate(texts):
        print(json.dumps({"text": text, "vector": [round(float(f), 6) for f in vectors[i]]}))


if __name__ == "__main__":
    main()
