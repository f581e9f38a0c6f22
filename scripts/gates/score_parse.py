"""Scores `intentkit parse` JSON lines against a BIO directory (seq.in, seq.out, label):
intent accuracy, sentence accuracy (intent and every slot exact) and span slot F1, with slots
compared as (name, start, end) in Unicode scalars. An independent check of `intentkit evaluate`
(scripts/gates/accuracy-gate). Usage: score_parse.py BIO_DIR PARSE_JSONL [--json]
"""
import sys, json
d, f = sys.argv[1:3]
lines = open(d + '/seq.in').read().split('\n')[:-1]
tags = [l.split() for l in open(d + '/seq.out')]
labels = [l.strip() for l in open(d + '/label')]
parses = [json.loads(l) for l in open(f)]
def gold_spans(line, tg):
    # scalar offsets of whitespace chunks
    chunks = []; i = 0; n = len(line)
    while i < n:
        if line[i].isspace(): i += 1; continue
        j = i
        while j < n and not line[j].isspace(): j += 1
        chunks.append((i, j)); i = j
    spans = []; k = 0
    while k < len(tg):
        t = tg[k]
        if t == 'O': k += 1; continue
        name = t[2:]; s = k; k += 1
        while k < len(tg) and tg[k] == 'I-' + name: k += 1
        spans.append((name, chunks[s][0], chunks[k - 1][1]))
    return set(spans)
ic = sc = tp = fp = fn = 0
for line, tg, lab, p in zip(lines, tags, labels, parses):
    g = gold_spans(line, tg); q = set((s['name'], s['start'], s['end']) for s in p['slots'])
    # An out-of-scope answer has no intent: wrong on an in-scope utterance.
    ic += p.get('intent') == lab; sc += p.get('intent') == lab and g == q
    tp += len(g & q); fp += len(q - g); fn += len(g - q)
n = len(labels); f1 = 2 * tp / (2 * tp + fp + fn)
if "--json" in sys.argv:
    print(json.dumps({"intentAccuracy": round(100 * ic / n, 2), "sentenceAccuracy": round(100 * sc / n, 2), "slotF1": round(100 * f1, 2)}))
else:
    print(f"{d.split('/')[-1]:6s} intent accuracy {100*ic/n:.2f}  sentence accuracy {100*sc/n:.2f}  slot F1 {100*f1:.2f}")
