"""Span-level precision, recall and F1 exactly as conlleval counts them (chunk boundaries by its
start/end rules: an I- tag that does not continue a chunk of its type starts one)."""


def chunks(tags):
    spans, start, kind = set(), None, None
    for index, tag in enumerate(tags + ["O"]):
        prefix, _, name = tag.partition("-")
        continues = prefix == "I" and kind == name
        if start is not None and not continues:
            spans.add((kind, start, index))
            start, kind = None, None
        if prefix in ("B", "I") and not continues:
            start, kind = index, name
    return spans


def counts(gold_sentences, predicted_sentences):
    correct = predicted = gold = 0
    for g, p in zip(gold_sentences, predicted_sentences, strict=True):
        if len(g) != len(p):
            raise ValueError(f"sentence lengths differ: {g} vs {p}")
        gs, ps = chunks(g), chunks(p)
        correct += len(gs & ps)
        predicted += len(ps)
        gold += len(gs)
    return correct, predicted, gold


def span_f1(gold_sentences, predicted_sentences):
    correct, predicted, gold = counts(gold_sentences, predicted_sentences)
    precision = correct / predicted if predicted else 0.0
    recall = correct / gold if gold else 0.0
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0
