"""Two requests in one utterance: joins held-out requests of different intents and scores
`intentkit parse --split` on them and on the single requests (scripts/experiments/two-requests).

    python3 two_requests.py INTENTKIT MODEL DEV TEST
DEV and TEST are JSON lines of {"text", "intent"} (out-of-scope requests left out). The split
confidence is chosen on DEV: the lowest of the candidates whose false splits of single DEV
requests stay at or under 1 %; TEST is scored with it.
"""
import json, random, subprocess, sys

JOINERS = [" and ", " then ", ", ", " and then "]
CANDIDATES = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]


joined_halves = []


def pairs(requests, count, seed):
    rng = random.Random(seed)
    made = []
    joined_halves.clear()
    while len(made) < count:
        a, b = rng.sample(requests, 2)
        if a["intent"] != b["intent"]:
            made.append((a["text"].rstrip(".?! ") + rng.choice(JOINERS) + b["text"][0].lower() + b["text"][1:], [a["intent"], b["intent"]]))
            joined_halves.append((a["text"], b["text"]))
    return made


def split(intentkit, model, texts, confidence):
    lines = "".join(text.replace("\n", " ") + "\n" for text in texts)
    out = subprocess.run([intentkit, "parse", "--model", model, "--split", "--split-confidence", str(confidence)],
                         input=lines, capture_output=True, text=True, check=True).stdout
    return [[request.get("intent") for request in json.loads(line)["requests"]] for line in out.splitlines()]


def score(intentkit, model, requests, joined, confidence):
    singles = split(intentkit, model, [r["text"] for r in requests], confidence)
    false_splits = sum(len(parts) > 1 for parts in singles) / len(requests)
    answers = split(intentkit, model, [text for text, _ in joined], confidence)
    both = sum(parts == intents for parts, (_, intents) in zip(answers, joined)) / len(joined)
    return both, false_splits


def ceiling(intentkit, model, requests, joined, confidence):
    """The share of pairs whose two requests the model gets right alone, and of those, the share
    it splits into both frames right: what joining costs beyond single-request accuracy."""
    right = {}
    for request, parts in zip(requests, split(intentkit, model, [r["text"] for r in requests], confidence)):
        right[request["text"]] = parts == [request["intent"]]
    answers = split(intentkit, model, [text for text, _ in joined], confidence)
    alone = [(parts, intents) for parts, (text, intents), (a, b) in zip(answers, joined, joined_halves) if right.get(a) and right.get(b)]
    return len(alone) / len(joined), sum(parts == intents for parts, intents in alone) / max(1, len(alone))


intentkit, model, dev_path, test_path = sys.argv[1:5]
dev = [json.loads(line) for line in open(dev_path)]
test = [json.loads(line) for line in open(test_path)]
dev_pairs = pairs(dev, 500, 1)
chosen = None
for confidence in CANDIDATES:
    both, false_splits = score(intentkit, model, dev, dev_pairs, confidence)
    print("dev   split confidence %.2f: both frames right %6.2f %%, single requests split %5.2f %%" % (confidence, 100 * both, 100 * false_splits))
    if chosen is None and false_splits <= 0.01:
        chosen = confidence
chosen = chosen if chosen is not None else CANDIDATES[-1]
test_pairs = pairs(test, 500, 2)
both, false_splits = score(intentkit, model, test, test_pairs, chosen)
print("test  split confidence %.2f: both frames right %6.2f %% of %d joined pairs, single requests split %5.2f %% of %d"
      % (chosen, 100 * both, len(test_pairs), 100 * false_splits, len(test)))
alone, split_right = ceiling(intentkit, model, test, test_pairs, chosen)
print("test  pairs whose two requests parse right alone: %6.2f %%; of those, both frames right when joined: %6.2f %%"
      % (100 * alone, 100 * split_right))
