#!/usr/bin/env python3
"""Whether fine-tuning the sentence encoder end to end would beat IntentKit's frozen encoder, on
one corpus. The standard recipe for a sentence-transformer classifier (Reimers & Gurevych 2019,
Sentence-BERT; the schedule of Devlin et al. 2019, BERT, section 4): mean-pooled, L2-normalised
all-MiniLM-L6-v2 vectors, a linear layer on them with logits scaled by 20 (the vectors are unit
length, so unscaled logits would stay within ±|w|), cross-entropy, AdamW (lr 5e-5 for the
encoder, 1e-2 for the layer, weight decay 0.01), batches of 32, linear warm-up over the first
10 % of steps and linear decay. Two variants: `head` trains the layer alone on the frozen encoder,
`whole` fine-tunes every encoder weight with it. Each keeps the epoch its dev accuracy is best
at (early stopping on dev); test is scored once, with that epoch's weights.

    encoder_fine_tuning.py ENCODER_DIR TRAIN.json DEV.json TEST.json EPOCHS SEED

The corpora are Rasa NLU JSON (`intentkit import … --to rasa-json`). Prints one JSON object.
"""
import copy
import json
import random
import sys

import torch
from transformers import BertModel, BertTokenizer

LOGIT_SCALE = 20.0
BATCH = 32


def examples(path):
    data = json.load(open(path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"]
    return [example["text"] for example in data], [example["intent"] for example in data]


def run(variant, encoder_dir, train, dev, test, epochs, seed):
    random.seed(seed)
    torch.manual_seed(seed)
    classes = sorted(set(train[1]))
    index = {name: i for i, name in enumerate(classes)}
    tokenizer = BertTokenizer.from_pretrained(encoder_dir)
    encoder = BertModel.from_pretrained(encoder_dir)
    head = torch.nn.Linear(encoder.config.hidden_size, len(classes))
    for parameter in encoder.parameters():
        parameter.requires_grad = variant == "whole"

    def logits(texts):
        batch = tokenizer(texts, padding=True, truncation=True, max_length=64, return_tensors="pt")
        states = encoder(**batch).last_hidden_state
        mask = batch["attention_mask"].unsqueeze(-1).float()
        vectors = torch.nn.functional.normalize((states * mask).sum(1) / mask.sum(1), dim=-1)
        return head(vectors) * LOGIT_SCALE

    def accuracy(texts, labels):
        encoder.eval()
        with torch.no_grad():
            predicted = [classes[i] for start in range(0, len(texts), 128)
                         for i in logits(texts[start:start + 128]).argmax(-1).tolist()]
        encoder.train()
        return 100 * sum(p == y for p, y in zip(predicted, labels)) / len(labels)

    groups = [{"params": head.parameters(), "lr": 1e-2}]
    if variant == "whole":
        groups.append({"params": encoder.parameters(), "lr": 5e-5})
    optimizer = torch.optim.AdamW(groups, weight_decay=0.01)
    order = list(range(len(train[0])))
    steps = epochs * ((len(order) + BATCH - 1) // BATCH)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min(1.0, (step + 1) / (0.1 * steps)) * max(0.0, (steps - step) / steps))
    best = (-1.0, 0, None)
    dev_curve = []
    for epoch in range(1, epochs + 1):
        random.shuffle(order)
        for start in range(0, len(order), BATCH):
            chosen = order[start:start + BATCH]
            loss = torch.nn.functional.cross_entropy(
                logits([train[0][i] for i in chosen]), torch.tensor([index[train[1][i]] for i in chosen]))
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
        dev_accuracy = accuracy(*dev)
        dev_curve.append(round(dev_accuracy, 2))
        if dev_accuracy > best[0]:
            best = (dev_accuracy, epoch, copy.deepcopy((encoder.state_dict(), head.state_dict())))
    encoder.load_state_dict(best[2][0])
    head.load_state_dict(best[2][1])
    return {"dev": dev_curve, "epoch": best[1], "test": round(accuracy(*test), 2)}


def main():
    encoder_dir, train, dev, test, epochs, seed = sys.argv[1:7]
    torch.set_num_threads(2)
    corpora = [examples(path) for path in (train, dev, test)]
    print(json.dumps({variant: run(variant, encoder_dir, *corpora, int(epochs), int(seed))
                      for variant in ("head", "whole")}))


if __name__ == "__main__":
    main()
