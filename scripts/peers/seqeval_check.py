"""For scripts/peers/compare-seqeval: turns `intentkit evaluate --predictions` spans back into BIO tags
on the white-space tokens of a BIO test split, scores them with seqeval and compares with the
IntentKit report. Prints both and exits 1 if any slot P/R/F1 differs at four decimals."""
import json
import sys

from seqeval.metrics import classification_report, f1_score, precision_score, recall_score


def chunks(line):
    """Scalar (start, end) of each white-space-separated token."""
    result, index = [], 0
    while index < len(line):
        if line[index].isspace():
            index += 1
            continue
        start = index
        while index < len(line) and not line[index].isspace():
            index += 1
        result.append((start, index))
    return result


def main():
    test_dir, predictions_path, report_path = sys.argv[1:4]
    gold = [line.split() for line in open(test_dir + "/seq.out", encoding="utf-8")]
    predictions = [json.loads(line) for line in open(predictions_path, encoding="utf-8")]
    assert len(predictions) == len(gold)
    # Offsets refer to the utterance as the corpus reader made it (tokens joined by one space).
    lines = [prediction["text"] for prediction in predictions]
    predicted, misaligned = [], 0
    for line, prediction, tags_in in zip(lines, predictions, gold):
        tokens = chunks(line)
        assert len(tokens) == len(tags_in), line
        tags = ["O"] * len(tokens)
        for span in prediction["predicted"]["slots"]:
            covered = [i for i, (start, end) in enumerate(tokens) if start >= span["start"] and end <= span["end"]]
            if not covered or tokens[covered[0]][0] != span["start"] or tokens[covered[-1]][1] != span["end"]:
                misaligned += 1
                continue
            tags[covered[0]] = "B-" + span["name"]
            for i in covered[1:]:
                tags[i] = "I-" + span["name"]
        predicted.append(tags)
    report = json.load(open(report_path))["slots"]
    ours = {"precision": report["micro"]["precision"] / 100, "recall": report["micro"]["recall"] / 100, "f1": report["micro"]["f1"] / 100}
    theirs = {"precision": precision_score(gold, predicted), "recall": recall_score(gold, predicted), "f1": f1_score(gold, predicted)}
    per_type = classification_report(gold, predicted, output_dict=True, digits=6)
    differences = []
    for key in ("precision", "recall", "f1"):
        if round(ours[key], 4) != round(theirs[key], 4):
            differences.append("micro %s: IntentKit %.6f, seqeval %.6f" % (key, ours[key], theirs[key]))
    for name, scores in report["perSlot"].items():
        if name not in per_type:
            if scores["support"] > 0 or scores["predicted"] > 0:
                differences.append("%s: missing from seqeval" % name)
            continue
        for key, theirs_key in (("precision", "precision"), ("recall", "recall"), ("f1", "f1-score")):
            if round(scores[key] / 100, 4) != round(per_type[name][theirs_key], 4):
                differences.append("%s %s: IntentKit %.6f, seqeval %.6f" % (name, key, scores[key] / 100, per_type[name][theirs_key]))
    print("slot scores of %d utterances (%d predicted spans not on white-space token boundaries)" % (len(lines), misaligned))
    print("            precision   recall       F1")
    print("IntentKit   %9.4f %8.4f %8.4f" % (ours["precision"], ours["recall"], ours["f1"]))
    print("seqeval     %9.4f %8.4f %8.4f" % (theirs["precision"], theirs["recall"], theirs["f1"]))
    if differences:
        print("DIFFERENT:")
        for difference in differences:
            print("  " + difference)
        sys.exit(1)
    print("identical to four decimals, micro and for each of the %d slots" % len(report["perSlot"]))


if __name__ == "__main__":
    main()
