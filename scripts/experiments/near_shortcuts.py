"""Shortcut phrases said another way: scores `intentkit parse --shortcuts --shortcut-similarity`
(scripts/experiments/near-shortcuts).

    python3 near_shortcuts.py INTENTKIT MODEL DEV TEST WORK
DEV and TEST are JSON lines of {"text", "intent"}: requests that are no shortcut. Each of two
hand-written sets of shortcut phrases (one for dev, one for test) is recorded by a user, and
each phrase is said two other ways. A similarity is chosen on DEV: the lowest of the candidates
under which at most 0.5 % of DEV requests match a phrase; TEST is scored with it.
"""
import json, subprocess, sys

# (phrase, intent, [the phrase said another way, ...]): a user's own words for their requests.
DEV = [
    ("soup time", "BookTable", ["it's soup time", "soup time please"]),
    ("movie night", "SearchPhotos", ["it's movie night", "movie night please"]),
    ("heading home", "RequestRide", ["I'm heading home", "heading home now"]),
    ("call mom", "StartAudioCall", ["call my mom", "call mum"]),
    ("lock up", "LockCar", ["lock it up", "lock everything up"]),
    ("pay the rent", "SendPayment", ["pay rent", "pay my rent"]),
    ("workout time", "StartWorkout", ["it's workout time", "time to work out"]),
    ("what do I owe", "CheckBalance", ["what do I owe now", "what do i owe?"]),
    ("grocery run", "AddToList", ["grocery run time", "a grocery run"]),
    ("wrap it up", "EndWorkout", ["let's wrap it up", "wrap it up now"]),
    ("date night", "BookTable", ["it's date night", "date night please"]),
    ("nudge Pip", "RequestPayment", ["give Pip a nudge", "nudge Pip again"]),
]
TEST = [
    ("coffee run", "RequestRide", ["coffee run please", "a coffee run"]),
    ("good night", "LockCar", ["good night everyone", "goodnight"]),
    ("video Grandma", "StartVideoCall", ["video grandma now", "video call Grandma"]),
    ("what's new", "ReadMessages", ["anything new", "what's new today"]),
    ("pay Buttercup back", "SendPayment", ["pay buttercup back now", "pay back Buttercup"]),
    ("time for yoga", "StartWorkout", ["yoga time", "it's time for yoga"]),
    ("note to self", "CreateNote", ["a note to self", "note to myself"]),
    ("am I rich", "CheckBalance", ["am I rich yet", "am i rich?"]),
    ("table for two", "BookTable", ["a table for two", "table for two please"]),
    ("take a breather", "PauseWorkout", ["let me take a breather", "taking a breather"]),
    ("where's my car", "CheckFuel", ["where is my car", "where's the car"]),
    ("beam me up", "RequestRide", ["beam me up now", "beam me up please"]),
]
CANDIDATES = [0.7, 0.75, 0.8, 0.85, 0.9, 0.95]


def parse(intentkit, model, texts, shortcuts, similarity):
    out = subprocess.run([intentkit, "parse", "--model", model, "--shortcuts", shortcuts, "--shortcut-similarity", str(similarity)],
                         input="".join(text + "\n" for text in texts), capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def score(intentkit, model, shortcuts, requests, similarity, path):
    """The share of the phrases said another way that parse as their shortcut, of requests that
    match one, and of requests that match one of another intent than theirs (a wrong answer)."""
    with open(path, "w") as file:
        json.dump([{"phrase": p, "intent": i, "id": p} for p, i, _ in shortcuts], file)
    said = [(variant, phrase) for phrase, _, variants in shortcuts for variant in variants]
    parses = parse(intentkit, model, [v for v, _ in said], path, similarity)
    caught = sum(answer.get("shortcut") == phrase for answer, (_, phrase) in zip(parses, said)) / len(said)
    answers = parse(intentkit, model, [r["text"] for r in requests], path, similarity)
    matched = sum("shortcut" in answer for answer in answers) / len(requests)
    wrong = sum("shortcut" in answer and answer["intent"] != request["intent"] for answer, request in zip(answers, requests)) / len(requests)
    return caught, matched, wrong, len(said)


intentkit, model, dev_path, test_path, work = sys.argv[1:6]
dev = [json.loads(line) for line in open(dev_path)]
test = [json.loads(line) for line in open(test_path)]
chosen = None
for similarity in CANDIDATES:
    caught, matched, wrong, count = score(intentkit, model, DEV, dev, similarity, work + "/dev-shortcuts.json")
    print("dev   similarity %.2f: %6.2f %% of %d phrases said another way caught; of %d requests %5.2f %% match a shortcut, %5.2f %% one of another intent"
          % (similarity, 100 * caught, count, len(dev), 100 * matched, 100 * wrong))
    if chosen is None and matched <= 0.005:
        chosen = similarity
chosen = chosen if chosen is not None else CANDIDATES[-1]
for similarity in CANDIDATES:
    caught, matched, wrong, count = score(intentkit, model, TEST, test, similarity, work + "/test-shortcuts.json")
    print("test  similarity %.2f: %6.2f %% of %d phrases said another way caught; of %d requests %5.2f %% match a shortcut, %5.2f %% one of another intent%s"
          % (similarity, 100 * caught, count, len(test), 100 * matched, 100 * wrong, " (chosen on dev)" if similarity == chosen else ""))
