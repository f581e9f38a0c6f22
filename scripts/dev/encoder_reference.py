#!/usr/bin/env python3
"""Sentence embeddings of a BERT or MPNet sentence-transformer directory, in plain numpy: the
reference IntentKit's Swift encoder is checked against. MPNet (Song et al. 2020) is BERT with `<s>`
and `</s>` around the pieces, no token types, positions counted from its padding id plus one, and a
relative position bias added to every attention score (`relative_bucket`). Reads config.json, vocab.txt and
model.safetensors (F32), tokenizes as BertTokenizer does (lower-casing, accent stripping,
punctuation split, greedy longest-match WordPiece), runs the encoder and mean-pools.

    scripts/dev/encoder_reference.py MODEL_DIR "text" ...          each text's piece ids and embedding, as JSON lines
    scripts/dev/encoder_reference.py MODEL_DIR --similarities A B   the cosine similarity of A and B
    scripts/dev/encoder_reference.py --tiny OUT_DIR                 writes a tiny random-weight model
    scripts/dev/encoder_reference.py --tiny-mpnet OUT_DIR           the same as an MPNet
    scripts/dev/encoder_reference.py --buckets N…                   MPNet's bucket of each relative position

Checked against the published similarities of all-MiniLM-L6-v2 (sentence-transformers'
quickstart: "The weather is lovely today." / "It's so sunny outside!" 0.6660). The tiny model
and its embeddings are the fixtures of Tests/IntentKitTests/SentenceEncoderTests.swift.
"""
import json, math, struct, sys, unicodedata
import numpy as np


def read_safetensors(path):
    with open(path, "rb") as f:
        size = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(size))
        data = f.read()
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        start, end = info["data_offsets"]
        dtype = {"F32": np.float32, "I64": np.int64, "F16": np.float16}[info["dtype"]]
        tensors[name] = np.frombuffer(data[start:end], dtype=dtype).reshape(info["shape"])
    return tensors


def is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def is_cjk(cp):
    return (0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
            or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F)


def basic_tokens(text):
    cleaned = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or (unicodedata.category(ch).startswith("C") and ch not in "\t\n\r"):
            continue
        if is_cjk(cp):
            cleaned.append(" " + ch + " ")
        elif ch in " \t\n\r" or unicodedata.category(ch) == "Zs":
            cleaned.append(" ")
        else:
            cleaned.append(ch)
    words = []
    for word in "".join(cleaned).split():
        word = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
        current = ""
        for ch in word:
            if is_punctuation(ch):
                if current:
                    words.append(current)
                words.append(ch)
                current = ""
            else:
                current += ch
        if current:
            words.append(current)
    return words


def wordpiece(word, vocab, max_chars=100):
    if len(word) > max_chars:
        return ["[UNK]"]
    pieces, start = [], 0
    while start < len(word):
        end, found = len(word), None
        while start < end:
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                found = piece
                break
            end -= 1
        if found is None:
            return ["[UNK]"]
        pieces.append(found)
        start = end
    return pieces


def tokenize(text, vocab, max_length, mpnet=False):
    pieces = [p for w in basic_tokens(text) for p in wordpiece(w, vocab)]
    first, last = ("<s>", "</s>") if mpnet else ("[CLS]", "[SEP]")
    return [vocab[first]] + [vocab[p] for p in pieces][: max_length - 2] + [vocab[last]]


def relative_bucket(relative, buckets=32, max_distance=128):
    """MPNet's `relative_position_bucket` of key position minus query position, in float32 as
    PyTorch computes it: half the buckets a direction, exact below a quarter, then logarithmic."""
    half = buckets // 2
    exact = half // 2
    base = half if relative > 0 else 0
    n = abs(relative)
    if n < exact:
        return base + n
    scaled = np.log(np.float32(n) / np.float32(exact)) / np.float32(math.log(max_distance / exact)) * np.float32(half - exact)
    return base + min(exact + int(scaled), half - 1)


def layer_norm(x, weight, bias, eps):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


def gelu(x):
    return 0.5 * x * (1 + np.vectorize(math.erf)(x / math.sqrt(2)))


def load(directory, dtype=np.float64):
    """The directory's config, vocabulary, weights (as `dtype`, without a `bert.` prefix) and
    longest sentence in pieces."""
    config = json.load(open(f"{directory}/config.json"))
    vocab = {line.rstrip("\n"): i for i, line in enumerate(open(f"{directory}/vocab.txt", encoding="utf-8"))}
    w = {k: v.astype(dtype) for k, v in read_safetensors(f"{directory}/model.safetensors").items() if v.dtype != np.int64}
    w = {k.removeprefix("bert.").removeprefix("mpnet."): v for k, v in w.items()}
    try:
        max_length = json.load(open(f"{directory}/sentence_bert_config.json"))["max_seq_length"]
    except FileNotFoundError:
        max_length = config["max_position_embeddings"]
    return config, vocab, w, max_length


def forward(config, w, ids, activation=gelu):
    """The last layer's vector of each piece of `ids`."""
    eps = config.get("layer_norm_eps", 1e-12)
    n, hidden, heads = len(ids), config["hidden_size"], config["num_attention_heads"]
    mpnet = config["model_type"] == "mpnet"
    first = config.get("pad_token_id", 1) + 1 if mpnet else 0
    x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][first:first + n]
    if not mpnet:
        x = x + w["embeddings.token_type_embeddings.weight"][0]
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
    d = hidden // heads
    names = (["attention.attn.q", "attention.attn.k", "attention.attn.v", "attention.attn.o", "attention.LayerNorm"] if mpnet else
             ["attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense", "attention.output.LayerNorm"])
    bias = None
    if mpnet:
        table = w["encoder.relative_attention_bias.weight"]
        bias = np.array([[table[relative_bucket(j - i, len(table))] for j in range(n)] for i in range(n)])  # [query][key][head]
    for layer in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."
        q, k, v = (x @ w[p + name + ".weight"].T + w[p + name + ".bias"] for name in names[:3])
        context = np.zeros_like(x)
        for h in range(heads):
            s = slice(h * d, (h + 1) * d)
            scores = q[:, s] @ k[:, s].T / math.sqrt(d)
            if bias is not None:
                scores = scores + bias[:, :, h]
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            context[:, s] = (scores / scores.sum(-1, keepdims=True)) @ v[:, s]
        attended = context @ w[p + names[3] + ".weight"].T + w[p + names[3] + ".bias"]
        x = layer_norm(attended + x, w[p + names[4] + ".weight"], w[p + names[4] + ".bias"], eps)
        inner = activation(x @ w[p + "intermediate.dense.weight"].T + w[p + "intermediate.dense.bias"])
        out = inner @ w[p + "output.dense.weight"].T + w[p + "output.dense.bias"]
        x = layer_norm(out + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
    return x


def encode(directory, text):
    config, vocab, w, max_length = load(directory)
    ids = tokenize(text, vocab, max_length, mpnet=config["model_type"] == "mpnet")
    pooled = forward(config, w, ids).mean(0)
    return pooled / np.linalg.norm(pooled), ids


def write_tiny(out, mpnet=False):
    """A 2-layer, hidden-8, 2-head BERT (or MPNet) over a 40-word vocabulary, weights from a fixed seed."""
    import os
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(11 if mpnet else 7)
    vocab = (["<s>", "<pad>", "</s>", "[UNK]", "[MASK]"] if mpnet else ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]) + ["the", "a", "lock", "un", "##lock", "car", "play", "music", "pause",
             "##s", "##ing", "run", "jog", "!", ",", ".", "'", "?", "cafe", "secure", "van", "moon", "##racer", "hang", "on",
             "freeze", "it", "is", "late", "##ed", "x", "##y", "##z", "5", "pm"]
    open(f"{out}/vocab.txt", "w").write("\n".join(vocab) + "\n")
    os.makedirs(f"{out}/1_Pooling", exist_ok=True)
    json.dump({"word_embedding_dimension": 8, "pooling_mode_mean_tokens": True}, open(f"{out}/1_Pooling/config.json", "w"))
    json.dump({"max_seq_length": 12, "do_lower_case": False}, open(f"{out}/sentence_bert_config.json", "w"))
    json.dump([{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
               {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
               {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}],
              open(f"{out}/modules.json", "w"))
    hidden, inner, layers, heads, positions = 8, 16, 2, 2, 32
    config = {"architectures": ["MPNetModel" if mpnet else "BertModel"], "model_type": "mpnet" if mpnet else "bert", "hidden_size": hidden,
              "intermediate_size": inner, "num_hidden_layers": layers, "num_attention_heads": heads, "max_position_embeddings": positions}
    config.update({"pad_token_id": 1, "relative_attention_num_buckets": 32} if mpnet else {"type_vocab_size": 2})
    config.update({"vocab_size": len(vocab), "hidden_act": "gelu", "layer_norm_eps": 1e-12})
    json.dump(config, open(f"{out}/config.json", "w"), indent=2)
    t = {"embeddings.word_embeddings.weight": rng.normal(0, 1, (len(vocab), hidden)),
         "embeddings.position_embeddings.weight": rng.normal(0, 0.5, (positions, hidden))}
    if mpnet:
        t["encoder.relative_attention_bias.weight"] = rng.normal(0, 1, (32, heads))
    else:
        t["embeddings.token_type_embeddings.weight"] = rng.normal(0, 0.5, (2, hidden))
    t["embeddings.LayerNorm.weight"] = 1 + rng.normal(0, 0.1, hidden)
    t["embeddings.LayerNorm.bias"] = rng.normal(0, 0.1, hidden)
    attention = (["attention.attn.q", "attention.attn.k", "attention.attn.v", "attention.attn.o", "attention.LayerNorm"] if mpnet else
                 ["attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense", "attention.output.LayerNorm"])
    for l in range(layers):
        p = f"encoder.layer.{l}."
        for name, shape in [(attention[0], (hidden, hidden)), (attention[1], (hidden, hidden)),
                            (attention[2], (hidden, hidden)), (attention[3], (hidden, hidden)),
                            ("intermediate.dense", (inner, hidden)), ("output.dense", (hidden, inner))]:
            t[p + name + ".weight"] = rng.normal(0, 0.5, shape)
            t[p + name + ".bias"] = rng.normal(0, 0.1, shape[0])
        for name in [attention[4], "output.LayerNorm"]:
            t[p + name + ".weight"] = 1 + rng.normal(0, 0.1, hidden)
            t[p + name + ".bias"] = rng.normal(0, 0.1, hidden)
    header, blobs, offset = {"__metadata__": {"format": "pt"}}, [], 0
    for name in sorted(t):
        blob = t[name].astype("<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(t[name].shape), "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    raw = json.dumps(header).encode()
    raw += b" " * (-len(raw) % 8)
    with open(f"{out}/model.safetensors", "wb") as f:
        f.write(struct.pack("<Q", len(raw)) + raw + b"".join(blobs))


if __name__ == "__main__":
    if sys.argv[1] in ("--tiny", "--tiny-mpnet"):
        write_tiny(sys.argv[2], mpnet=sys.argv[1] == "--tiny-mpnet")
    elif sys.argv[1] == "--buckets":
        print(json.dumps([relative_bucket(int(n)) for n in sys.argv[2:]]))
    elif len(sys.argv) > 2 and sys.argv[2] == "--similarities":
        a, _ = encode(sys.argv[1], sys.argv[3])
        b, _ = encode(sys.argv[1], sys.argv[4])
        print(f"{float(a @ b):.6f}")
    else:
        for text in sys.argv[2:]:
            vector, ids = encode(sys.argv[1], text)
            print(json.dumps({"text": text, "ids": ids, "embedding": [round(float(v), 7) for v in vector]}))
