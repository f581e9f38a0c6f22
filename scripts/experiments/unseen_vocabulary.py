"""The unseen-value experiment of `scripts/experiments/eval-unseen-vocabulary` (IntentKit issue 6).

  split TRAIN_DIR TEST_DIR WORK [--types a,b,…]
      Finds the test utterances with a value of a held-out slot type (names: artists, playlists,
      films, restaurants…) that no training utterance has for that type, writes their indices to
      WORK/heldout.json and those values, per slot type, to WORK/vocabulary.json: the runtime
      vocabulary. The model never sees them in training.
  score TEST_DIR WORK WITHOUT_TAGS WITH_TAGS
      Span F1 (conlleval's count) on the held-out slot types over the held-out utterances, and on
      the other slot types over every test utterance, without and with the runtime vocabulary;
      prints a table, then one JSON object as the last line.
"""
import json
import sys

from conlleval import chunks

DEFAULT_TYPES = ["artist", "album", "track", "playlist", "movie_name", "object_name", "restaurant_name",
                 "entity_name", "location_name", "geographic_poi", "poi", "served_dish"]


def read_split(directory):
    words = [line.split() for line in open(f"{directory}/seq.in", encoding="utf-8")]
    tags = [line.split() for line in open(f"{directory}/seq.out", encoding="utf-8")]
    return words, tags


def spans(words, tags):
    """(type, start, end, text) of each slot."""
    return [(kind, start, end, " ".join(words[start:end]).lower()) for kind, start, end in sorted(chunks(tags), key=lambda s: s[1])]


def split(train_dir, test_dir, work, types):
    train_words, train_tags = read_split(train_dir)
    seen = {kind: set() for kind in types}
    for words, tags in zip(train_words, train_tags):
        for kind, _, _, text in spans(words, tags):
            if kind in seen:
                seen[kind].add(text)
    test_words, test_tags = read_split(test_dir)
    heldout, vocabulary = [], {kind: [] for kind in types}
    for index, (words, tags) in enumerate(zip(test_words, test_tags)):
        unseen = [(kind, text) for kind, _, _, text in spans(words, tags) if kind in seen and text not in seen[kind]]
        if unseen:
            heldout.append(index)
        for kind, text in unseen:
            original = next(" ".join(words[a:b]) for k, a, b, t in spans(words, tags) if k == kind and t == text)
            if original not in vocabulary[kind]:
                vocabulary[kind].append(original)
    vocabulary = {kind: values for kind, values in vocabulary.items() if values}
    json.dump({"types": types, "utterances": heldout}, open(f"{work}/heldout.json", "w"))
    json.dump(vocabulary, open(f"{work}/vocabulary.json", "w"), ensure_ascii=False, indent=1)
    print(f"held out: {len(heldout)} of {len(test_words)} test utterances; runtime vocabulary: "
          + ", ".join(f"{kind} {len(values)}" for kind, values in sorted(vocabulary.items())), file=sys.stderr)


def f1(gold, predicted, keep):
    correct = found = expected = 0
    for g, p in zip(gold, predicted, strict=True):
        if len(g) != len(p):
            raise ValueError(f"sentence lengths differ: {g} vs {p}")
        gs = {s for s in chunks(g) if keep(s[0])}
        ps = {s for s in chunks(p) if keep(s[0])}
        correct += len(gs & ps)
        found += len(ps)
        expected += len(gs)
    precision = correct / found if found else 0.0
    recall = correct / expected if expected else 0.0
    return 100 * (2 * precision * recall / (precision + recall) if precision + recall else 0.0), expected


def score(test_dir, work, without_path, with_path):
    _, gold = read_split(test_dir)
    heldout = json.load(open(f"{work}/heldout.json"))
    types, indices = set(heldout["types"]), heldout["utterances"]
    runs = {"without": [line.split() for line in open(without_path, encoding="utf-8")],
            "with": [line.split() for line in open(with_path, encoding="utf-8")]}
    result = {}
    for name, tags in runs.items():
        held_f1, held_spans = f1([gold[i] for i in indices], [tags[i] for i in indices], lambda kind: kind in types)
        other_f1, other_spans = f1(gold, tags, lambda kind: kind not in types)
        all_f1, _ = f1(gold, tags, lambda kind: True)
        result[f"heldout_f1_{name}"] = round(held_f1, 2)
        result[f"other_f1_{name}"] = round(other_f1, 2)
        result[f"all_f1_{name}"] = round(all_f1, 2)
        print(f"{name + ' vocabulary:':<20} held-out types on {len(indices)} held-out utterances ({held_spans} slots) F1 {held_f1:6.2f}; "
              f"other types on all {len(gold)} ({other_spans} slots) F1 {other_f1:6.2f}; every slot F1 {all_f1:6.2f}")
    for kind in sorted(types):
        line = []
        for name, tags in runs.items():
            value, count = f1([gold[i] for i in indices], [tags[i] for i in indices], lambda k: k == kind)
            line.append(f"{name} {value:6.2f}")
        if count:
            print(f"  {kind:<16} ({count:>3} held-out slots)  " + "  ".join(line))
    result["heldout_gain"] = round(result["heldout_f1_with"] - result["heldout_f1_without"], 2)
    print(json.dumps({key: result[key] for key in ["heldout_f1_without", "heldout_f1_with", "other_f1_without", "other_f1_with",
                                                     "heldout_gain", "all_f1_without", "all_f1_with"]}))


if __name__ == "__main__":
    if sys.argv[1] == "split":
        types = DEFAULT_TYPES
        if "--types" in sys.argv:
            types = sys.argv[sys.argv.index("--types") + 1].split(",")
        split(sys.argv[2], sys.argv[3], sys.argv[4], types)
    elif sys.argv[1] == "score":
        score(*sys.argv[2:6])
    else:
        sys.exit(__doc__)
