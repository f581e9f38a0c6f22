#!/usr/bin/env python3
"""Sentence embeddings of a BERT-family sentence-transformer directory, in plain numpy: the
reference IntentKit's Swift encoder is checked against. Reads config.json, vocab.txt and
model.safetensors (F32), tokenizes as BertTokenizer does (lower-casing, accent stripping,
punctuation split, greedy longest-match WordPiece), runs the encoder and mean-pools.

    scripts/dev/encoder_reference.py MODEL_DIR "text" ...          each text's piece ids and embedding, as JSON lines
    scripts/dev/encoder_reference.py MODEL_DIR --similarities A B   the cosine similarity of A and B
    scripts/dev/encoder_reference.py --tiny OUT_DIR                 writes a tiny random-weight model

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


def tokenize(text, vocab, max_length):
    pieces = [p for w in basic_tokens(text) for p in wordpiece(w, vocab)]
    ids = [vocab["[CLS]"]] + [vocab[p] for p in pieces][: max_length - 2] + [vocab["[SEP]"]]
    return ids


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
    w = {k.removeprefix("bert."): v for k, v in w.items()}
    try:
        max_length = json.load(open(f"{directory}/sentence_bert_config.json"))["max_seq_length"]
    except FileNotFoundError:
        max_length = config["max_position_embeddings"]
    return config, vocab, w, max_length


def forward(config, w, ids, activation=gelu):
    """The last layer's vector of each piece of `ids`."""
    eps = config.get("layer_norm_eps", 1e-12)
    n, hidden, heads = len(ids), config["hidden_size"], config["num_attention_heads"]
    x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n] + w["embeddings.token_type_embeddings.weight"][0]
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
    d = hidden // heads
    for layer in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."
        q = x @ w[p + "attention.self.query.weight"].T + w[p + "attention.self.query.bias"]
        k = x @ w[p + "attention.self.key.weight"].T + w[p + "attention.self.key.bias"]
        v = x @ w[p + "attention.self.value.weight"].T + w[p + "attention.self.value.bias"]
        context = np.zeros_like(x)
        for h in range(heads):
            s = slice(h * d, (h + 1) * d)
            scores = q[:, s] @ k[:, s].T / math.sqrt(d)
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            context[:, s] = (scores / scores.sum(-1, keepdims=True)) @ v[:, s]
        attended = context @ w[p + "attention.output.dense.weight"].T + w[p + "attention.output.dense.bias"]
        x = layer_norm(attended + x, w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"], eps)
        inner = activation(x @ w[p + "intermediate.dense.weight"].T + w[p + "intermediate.dense.bias"])
        out = inner @ w[p + "output.dense.weight"].T + w[p + "output.dense.bias"]
        x = layer_norm(out + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
    return x


def encode(directory, text):
    config, vocab, w, max_length = load(directory)
    ids = tokenize(text, vocab, max_length)
    pooled = forward(config, w, ids).mean(0)
    return pooled / np.linalg.norm(pooled), ids


def write_tiny(out):
    """A 2-layer, hidden-8, 2-head BERT over a 40-word vocabulary, weights from a fixed seed."""
    import os
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(7)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "the", "a", "lock", "un", "##lock", "car", "play", "music", "pause",
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
    config = {"architectures": ["BertModel"], "model_type": "bert", "hidden_size": hidden, "intermediate_size": inner,
              "num_hidden_layers": layers, "num_attention_heads": heads, "max_position_embeddings": positions,
              "type_vocab_size": 2, "vocab_size": len(vocab), "hidden_act": "gelu", "layer_norm_eps": 1e-12}
    json.dump(config, open(f"{out}/config.json", "w"), indent=2)
    t = {"embeddings.word_embeddings.weight": rng.normal(0, 1, (len(vocab), hidden)),
         "embeddings.position_embeddings.weight": rng.normal(0, 0.5, (positions, hidden)),
         "embeddings.token_type_embeddings.weight": rng.normal(0, 0.5, (2, hidden)),
         "embeddings.LayerNorm.weight": 1 + rng.normal(0, 0.1, hidden), "embeddings.LayerNorm.bias": rng.normal(0, 0.1, hidden)}
    for l in range(layers):
        p = f"encoder.layer.{l}."
        for name, shape in [("attention.self.query", (hidden, hidden)), ("attention.self.key", (hidden, hidden)),
                            ("attention.self.value", (hidden, hidden)), ("attention.output.dense", (hidden, hidden)),
                            ("intermediate.dense", (inner, hidden)), ("output.dense", (hidden, inner))]:
            t[p + name + ".weight"] = rng.normal(0, 0.5, shape)
            t[p + name + ".bias"] = rng.normal(0, 0.1, shape[0])
        for name in ["attention.output.LayerNorm", "output.LayerNorm"]:
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
    if sys.argv[1] == "--tiny":
        write_tiny(sys.argv[2])
    elif len(sys.argv) > 2 and sys.argv[2] == "--similarities":
        a, _ = encode(sys.argv[1], sys.argv[3])
        b, _ = encode(sys.argv[1], sys.argv[4])
        print(f"{float(a @ b):.6f}")
    else:
        for text in sys.argv[2:]:
            vector, ids = encode(sys.argv[1], text)
            print(json.dumps({"text": text, "ids": ids, "embedding": [round(float(v), 7) for v in vector]}))
