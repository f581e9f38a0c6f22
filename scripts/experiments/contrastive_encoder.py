#!/usr/bin/env python3
"""Contrastive adaptation of a sentence encoder to a corpus's intents, as SetFit does it
(Tunstall et al. 2022, "Efficient Few-Shot Learning Without Prompts", §3.1): pairs of training
utterances, one of the same intent (target cosine 1) and one of another intent (target 0) for
each utterance in each of ITERATIONS rounds, the encoder's mean-pooled, normalised vector
fine-tuned on the squared error of their cosine (CosineSimilarityLoss), one epoch, AdamW at 2e-5,
batches of 16, a tenth of the steps warming up. With --max-pairs the rounds stop at that many
pairs (a large corpus needs fewer rounds to cover its intents).

    contrastive_encoder.py TRAIN.json ENCODER_DIR OUT_DIR [--iterations 20] [--max-pairs N] [--seed S]

TRAIN.json is Rasa NLU JSON (its out-of-scope utterances, if any, are left out: the adaptation
learns the intents). OUT_DIR receives the adapted encoder in ENCODER_DIR's layout, which
`intentkit encode --encoder OUT_DIR` and `intentkit train --encoder OUT_DIR` read like the
original.
"""
import argparse
import json
import math
import random
import shutil
import time
from pathlib import Path

import torch
from sentence_transformers import SentenceTransformer

OUT_OF_SCOPE = {"out_of_scope", "oos", "none", "None"}


def pairs(examples, iterations, max_pairs, rng):
    by_intent = {}
    for text, intent in examples:
        by_intent.setdefault(intent, []).append(text)
    intents = sorted(by_intent)
    result = []
    for _ in range(iterations):
        for text, intent in rng.sample(examples, len(examples)):
            same = by_intent[intent]
            if len(same) > 1:
                result.append((text, rng.choice([t for t in same if t != text] or same), 1.0))
            other = rng.choice([i for i in intents if i != intent])
            result.append((text, rng.choice(by_intent[other]), 0.0))
            if max_pairs and len(result) >= max_pairs:
                return result
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("train")
    parser.add_argument("encoder")
    parser.add_argument("out")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--max-pairs", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    torch.manual_seed(arguments.seed)
    torch.set_num_threads(2)
    rng = random.Random(arguments.seed)
    examples = [(e["text"], e["intent"])
                for e in json.load(open(arguments.train, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
                if e["intent"] not in OUT_OF_SCOPE]
    training_pairs = pairs(examples, arguments.iterations, arguments.max_pairs, rng)
    model = SentenceTransformer(arguments.encoder, device="cpu")
    model.train()
    batch_size = 16
    steps = math.ceil(len(training_pairs) / batch_size)
    optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5, weight_decay=0.01)
    warmup = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min((step + 1) / warmup, max(0.0, (steps - step) / max(1, steps - warmup))))
    started = time.time()
    for step in range(steps):
        batch = training_pairs[step * batch_size:(step + 1) * batch_size]
        first = model.tokenize([a for a, _, _ in batch])
        second = model.tokenize([b for _, b, _ in batch])
        u = torch.nn.functional.normalize(model(first)["sentence_embedding"], dim=-1)
        v = torch.nn.functional.normalize(model(second)["sentence_embedding"], dim=-1)
        target = torch.tensor([y for _, _, y in batch])
        loss = torch.nn.functional.mse_loss((u * v).sum(dim=-1), target)
        loss.backward()
        optimizer.step()
        schedule.step()
        optimizer.zero_grad()
    model.eval()
    out = Path(arguments.out)
    model.save(str(out))
    # Files of the original layout the saved copy does not write (IntentKit reads vocab.txt).
    for source in Path(arguments.encoder).iterdir():
        if source.is_file() and not (out / source.name).exists():
            shutil.copy(source, out / source.name)
    print(json.dumps({"utterances": len(examples), "pairs": len(training_pairs), "steps": steps,
                      "seconds": round(time.time() - started, 1)}))


if __name__ == "__main__":
    main()
