"""The share of an utterance's words that its training corpus has (lowercased runs of letters,
digits and apostrophes): evidence a words-only model could weigh beside its confidence that a
request is for none of its intents. Imported by scripts/experiments/hwu64 and
no-out-of-scope-examples, which report the AUROC of the confidence times this share."""
import json
import re


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def known_shares(train_path, texts):
    """For each of `texts`, the share of its words found in the Rasa NLU JSON corpus at `train_path`
    (1 for an utterance without words)."""
    vocabulary = {w for e in json.load(open(train_path, encoding="utf-8"))["rasa_nlu_data"]["common_examples"] for w in words(e["text"])}
    return [sum(w in vocabulary for w in words(t)) / len(words(t)) if words(t) else 1.0 for t in texts]
