"""Structure-aware mutants of what users hand IntentKit, run through the release CLI.

Each family mutates a well-formed seed the way hostile or careless input does: nesting
(parentheses in titles and patterns, arrays in property lists and YAML), names and keys given
twice, fields emptied, fields oversized, values of the wrong type or that no grammar reads, and
bytes cut or flipped. Each mutant runs `import`, `validate`, `train` or `parse` with a time
limit, and is classed by what came back:

  crash      killed by a signal (exit >= 128)
  hang       no answer within --timeout seconds
  slow       answered, after more than --slow seconds
  unlocated  refused with a message that names no place (file:line, byte offset) in an input
  silent     a mutant that must be refused or warned about, accepted without a word
  ok         accepted, or refused with a located message

usage: python3 scripts/dev/mutants.py --intentkit BIN --model SOUP.model --out DIR [--seed S]
                                      [--timeout 20] [--slow 5] [--only REGEX] [--write-seeds DIR]
"""

import argparse
import concurrent.futures
import os
import plistlib
import random
import re
import subprocess
import sys
import time

SOUP = "Examples/soup-chef/Intents.intentdefinition"
FRENCH = "Examples/soup-chef/fr.lproj/Intents.strings"


def load_definition():
    with open(SOUP, "rb") as handle:
        return plistlib.load(handle)


def dump(plist, binary=False):
    return plistlib.dumps(plist, fmt=plistlib.FMT_BINARY if binary else plistlib.FMT_XML, sort_keys=False)


def custom_intents(plist):
    return [intent for intent in plist["INIntents"] if intent.get("INIntentType", "Custom") == "Custom"]


def combination_titles(plist, parameter="soup"):
    """The parameter combinations (dicts with a title) of every custom intent that have `parameter`,
    so that a title mutated around `${soup}` tests what it means to (and not a placeholder naming
    nothing)."""
    found = []
    for intent in custom_intents(plist):
        for key, combination in intent.get("INIntentParameterCombinations", {}).items():
            if "INIntentParameterCombinationTitle" in combination and parameter in key.split(","):
                found.append(combination)
    return found


class Mutant:
    def __init__(self, family, name, files, must_refuse=False, commands=("import", "validate")):
        self.family = family
        self.name = name
        self.files = files  # relative name -> bytes; the first is the input
        self.must_refuse = must_refuse
        self.commands = commands


def nested(depth, rng):
    open_, close = rng.choice([("(", ")"), ("(a|", ")"), ("((", "))")])
    return open_ * depth + close * depth


# Intent Definition Files ---------------------------------------------------------------------


def definition_mutants(rng):
    base = load_definition()

    def copy():
        return plistlib.loads(dump(base))

    def mutant(name, plist=None, data=None, must_refuse=False, commands=("import", "validate")):
        return Mutant("intentdefinition", name, {"Intents.intentdefinition": data if data is not None else dump(plist)},
                      must_refuse, commands)

    out = []
    for depth in [99, 100, 101, 150, 20000, 30000, 40000, 100000]:
        for where in ["title", "phrase"]:
            plist = copy()
            text = "Order " + nested(depth, rng) + " ${soup}"
            if where == "title":
                rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = text
            else:
                rng.choice(custom_intents(plist))["INIntentSuggestedInvocationPhrase"] = nested(depth, rng)
            out.append(mutant(f"{depth} nested groups in a {where}", plist, commands=("import", "validate", "train")))
    for _ in range(3):
        plist = copy()
        intents = custom_intents(plist)
        intents.append(plistlib.loads(dump(rng.choice(intents))))
        plist["INIntents"] = plist["INIntents"] + [intents[-1]]
        out.append(mutant("an intent twice", plist, must_refuse=True, commands=("import", "validate", "train")))
    plist = copy()
    intent = rng.choice([i for i in custom_intents(plist) if i.get("INIntentParameters")])
    intent["INIntentParameters"].append(dict(intent["INIntentParameters"][0]))
    out.append(mutant("a parameter twice", plist, must_refuse=True))
    plist = copy()
    enum = rng.choice([e for e in plist.get("INEnums", []) if len(e.get("INEnumValues", [])) > 1])
    enum["INEnumValues"].append(dict(enum["INEnumValues"][-1]))
    out.append(mutant("an enum case twice", plist, must_refuse=True))
    plist = copy()
    rng.choice(custom_intents(plist))["INIntentName"] = rng.choice(["", " ", "\t"])
    out.append(mutant("an intent with an empty name", plist, must_refuse=True))
    plist = copy()
    for intent in custom_intents(plist):
        codes = intent.get("INIntentResponse", {}).get("INIntentResponseCodes", [])
        if codes:
            codes.append(dict(codes[0]))
            break
    out.append(mutant("a response code twice", plist, must_refuse=True))
    plist = copy()
    intent = rng.choice([i for i in custom_intents(plist) if i.get("INIntentParameterCombinations")])
    intent["INIntentParameterCombinations"]["nothing,soup"] = {"INIntentParameterCombinationTitle": "Order ${soup}"}
    out.append(mutant("a combination naming no parameter", plist, must_refuse=True))
    plist = copy()
    for intent in custom_intents(plist):
        for parameter in intent.get("INIntentParameters", []):
            if "INIntentParameterEnumType" in parameter:
                parameter["INIntentParameterEnumType"] = "NoSuchEnum"
                break
    out.append(mutant("a parameter naming no enum", plist, must_refuse=True))
    plist = copy()
    for intent in custom_intents(plist):
        for parameter in intent.get("INIntentParameters", []):
            if parameter.get("INIntentParameterType") == "Object":
                parameter["INIntentParameterObjectType"] = "NoSuchType"
                break
    out.append(mutant("a parameter naming no type", plist, must_refuse=True))
    plist = copy()
    rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = "Order ${nothing}"
    out.append(mutant("a placeholder naming no parameter", plist, must_refuse=True))
    for literal in ["Rate ${soup} [1-5]", "Run (beta) ${soup}", "a|b ${soup}", "\\( ${soup}", "${soup} ]", "[ ${soup}", "(${soup})"]:
        plist = copy()
        rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = literal
        out.append(mutant(f"a title with literal syntax '{literal}'", plist, commands=("import", "validate", "train")))
    # Oversized fields and files.
    plist = copy()
    rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = "Order " + "very " * 200_000 + "${soup}"
    out.append(mutant("a 1 MB title", plist, commands=("import", "validate", "train")))
    plist = copy()
    rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = "Order " + " ".join(["${soup}"] * 5000)
    out.append(mutant("a title of 5,000 placeholders", plist, commands=("import", "validate", "train")))
    plist = copy()
    rng.choice(combination_titles(plist))["INIntentParameterCombinationTitle"] = "Order " + " ".join(["word"] * 8000) + " ${soup}"
    out.append(mutant("a title of 8,000 words", plist, commands=("import", "validate", "train")))
    plist = copy()
    enum = rng.choice(plist["INEnums"])
    enum["INEnumValues"][-1]["INEnumValueDisplayName"] = "soup " * 2_000_000
    out.append(mutant("a 10 MB enum display name", plist, commands=("import", "validate", "train")))
    plist = copy()
    template = custom_intents(plist)[0]
    intents = []
    for index in range(2000):
        intent = plistlib.loads(dump(template))
        intent["INIntentName"] = f"Intent{index}"
        intents.append(intent)
    plist["INIntents"] = intents
    out.append(mutant("2,000 intents", plist, commands=("import", "validate", "train")))
    plist = copy()
    intent = rng.choice([i for i in custom_intents(plist) if i.get("INIntentParameterCombinations")])
    for index in range(10000):
        intent["INIntentParameterCombinations"][f"soup{index}"] = {"INIntentParameterCombinationTitle": f"Order ${{soup}} number {index}"}
    out.append(mutant("10,000 combinations", plist, commands=("import", "validate")))
    out.append(mutant("a binary property list", data=dump(copy(), binary=True), must_refuse=True))
    text = dump(copy()).decode()
    out.append(mutant("100,000 nested arrays", data=text.replace("<key>INIntents</key>", "<key>X</key>" + "<array>" * 100000 + "</array>" * 100000 + "<key>INIntents</key>", 1).encode(), must_refuse=True))
    out.append(mutant("100,000 nested dictionaries", data=text.replace("<key>INIntents</key>", "<key>X</key>" + "<dict><key>k</key>" * 100000 + "<true/>" + "</dict>" * 100000 + "<key>INIntents</key>", 1).encode(), must_refuse=True))
    out.append(mutant("a key twice in a dictionary", data=text.replace("<key>INIntents</key>", "<key>INEnums</key><array/><key>INIntents</key>", 1).encode(), must_refuse=True))
    # Random structural mutations of the tree and of its text.
    for index in range(700):
        plist = copy()
        choice = rng.randrange(6)
        node, key = random_slot(plist, rng)
        if node is None:
            continue
        if choice == 0:
            del node[key]
            name = "a field removed"
        elif choice == 1:
            node[key] = rng.choice([0, 1.5, True, "", [], {}, "x" * rng.choice([1, 1000, 100000])])
            name = "a field of another type or size"
        elif choice == 2:
            node[key] = wrap(node[key], rng.choice([10, 63, 64, 65, 200]))
            name = "a field nested"
        elif choice == 3 and isinstance(node[key], str):
            node[key] = node[key] + rng.choice(["(", ")", "[", "]", "|", "\\", "${", "}", "${x}", "&", "<"]) * rng.choice([1, 2, 50])
            name = "syntax characters in a string"
        elif choice == 4 and isinstance(node, list):
            node.append(node[key])
            name = "an item twice"
        else:
            node[key] = ""
            name = "a field emptied"
        out.append(mutant(name, plist, commands=("import", "validate", "train") if index % 25 == 0 else ("import", "validate")))
    for index in range(400):
        data, name = byte_mutant(text.encode(), rng, [b"<", b">", b"&", b"<!--", b"]]>", b"</dict>", b"<array>", b"&#0;", b"&#xD800;", b"\xff\xfe"])
        out.append(mutant(name, data=data))
    return out


def byte_mutant(data, rng, insertions):
    """`data` cut, with a byte changed, with one of `insertions` put in, or with bytes taken out."""
    data = bytearray(data)
    choice = rng.randrange(4)
    at = rng.randrange(len(data))
    if choice == 0:
        return bytes(data[:at]), "the file cut"
    if choice == 1:
        data[at] = rng.randrange(256)
        return bytes(data), "a byte changed"
    if choice == 2:
        data[at:at] = rng.choice(insertions)
        return bytes(data), "syntax inserted"
    data[at:min(len(data), at + rng.randrange(1, 200))] = b""
    return bytes(data), "bytes removed"


def random_slot(plist, rng):
    """A random (container, key) inside the INIntents or INEnums tree."""
    node = plist
    path = []
    for _ in range(rng.randrange(2, 8)):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node.keys()))
        elif isinstance(node, list) and node:
            key = rng.randrange(len(node))
        else:
            break
        path.append((node, key))
        if not isinstance(node[key], (dict, list)):
            break
        node = node[key]
    return path[-1] if path else (None, None)


def wrap(value, depth):
    for _ in range(depth):
        value = [value]
    return value


# .strings localizations ------------------------------------------------------------------------


def strings_mutants(rng):
    definition = open(SOUP, "rb").read()
    base = open(FRENCH, encoding="utf-8").read()
    ids = re.findall(r'"(sc\d+)" = ', base)

    def mutant(name, data, must_refuse=False, commands=("import", "validate")):
        return Mutant("strings", name, {"fr.lproj/Intents.strings": data, "Intents.intentdefinition": definition}, must_refuse, commands)

    def replaced(identifier, translation):
        return re.sub(r'"%s" = "[^"]*";' % identifier, lambda _: '"%s" = "%s";' % (identifier, translation), base)

    title_ids = re.findall(r"<key>INIntentParameterCombinationTitleID</key>\s*<string>(sc\d+)</string>", definition.decode())
    out = []
    for depth in [100, 101, 20000, 100000]:
        out.append(mutant(f"{depth} nested groups in a translated title", replaced(rng.choice(title_ids), "Commander " + nested(depth, rng) + " ${soup}").encode(),
                          commands=("import", "validate", "train")))
    out.append(mutant("a 5 MB translated title", replaced(rng.choice(title_ids), "Commander " + "très " * 1_000_000 + "${soup}").encode(),
                      commands=("import", "validate", "train")))
    out.append(mutant("UTF-16LE with an odd byte count", b"\xff\xfe" + base.encode("utf-16-le") + b"\x00", must_refuse=True))
    out.append(mutant("UTF-16BE", b"\xfe\xff" + base.encode("utf-16-be")))
    out.append(mutant("a lone surrogate in UTF-16", b"\xff\xfe" + base.encode("utf-16-le")[:100] + b"\x00\xd8" + base.encode("utf-16-le")[100:], must_refuse=True))
    out.append(mutant("an unterminated comment", (base + "\n/* not closed").encode(), must_refuse=True))
    out.append(mutant("an ID twice", (base + '\n"%s" = "encore";\n' % ids[0]).encode(), must_refuse=True))
    out.append(mutant("a missing semicolon", base.replace(";", "", 1).encode(), must_refuse=True))
    out.append(mutant("an unclosed string", (base + '\n"sc9999" = "open').encode(), must_refuse=True))
    out.append(mutant("nested braces", ("{" * 100000 + base).encode(), must_refuse=True))
    for index in range(400):
        if rng.randrange(4) == 0:
            data = replaced(rng.choice(ids), rng.choice(["", " ", "(", ")", "[x]", "a|b", "${nothing}", "x" * 100000])).encode()
            name = "a translation replaced"
        else:
            data, name = byte_mutant(base.encode(), rng, [b'"', b";", b"=", b"/*", b"*/", b"\\", b"\\U", b"\\UD800", b"{", b"(" * 200, b"${"])
        out.append(mutant(name, data, commands=("import", "validate", "train") if index % 25 == 0 else ("import", "validate")))
    return out


# YAML corpora with patterns --------------------------------------------------------------------

CORPUS = """domain: soup
entities:
  - name: Soup
    allowsOtherValues: false
    values:
      - {phrase: clam chowder, id: clamChowder, synonyms: [chowder]}
      - {phrase: miso soup, id: misoSoup}
intents:
  - name: OrderSoup
    parameters:
      - {name: soup, entity: Soup, required: true}
      - {name: quantity, entity: builtin.number}
    patterns:
      - (please) order [quantity] [soup] (now|right away|)
      - PATTERN
  - name: CancelOrder
    patterns:
      - cancel (my|the) order
"""


def yaml_mutants(rng):
    def mutant(name, pattern=None, text=None, must_refuse=False, commands=("validate", "train")):
        if text is None:
            text = CORPUS.replace("PATTERN", pattern)
        return Mutant("yaml", name, {"corpus.yaml": text.encode()}, must_refuse, commands)

    out = []
    for depth in [99, 101, 30000, 100000]:
        out.append(mutant(f"{depth} nested groups in a pattern", "'order " + nested(depth, rng) + " [soup]'", must_refuse=depth > 100))
    for pattern, name in [("''", "an empty pattern"), ("'   '", "a blank pattern"), ("'()'", "only an empty group"),
                          ("'(|)'", "only empty alternatives"), ("'(|) ()'", "empty groups"), ("'order [soup'", "an unclosed bracket"),
                          ("'order \\z'", "a stray backslash")]:
        out.append(mutant(name, pattern, must_refuse=True))
    out.append(mutant("a pattern of 8,000 words", "'order " + " ".join(["word"] * 8000) + " [soup]'"))
    out.append(mutant("a pattern of 2,000 words", "'order " + " ".join(["word"] * 2000) + " [soup]'"))
    out.append(mutant("10,000 patterns", "\n      - ".join(f"'order [soup] number {index}'" for index in range(10000))))
    out.append(mutant("100,000 nested YAML sequences", text=CORPUS.replace("PATTERN", "x") + "extra: " + "[" * 100000 + "]" * 100000 + "\n", must_refuse=True))
    out.append(mutant("100,000 nested YAML mappings", text=CORPUS.replace("PATTERN", "x") + "extra: " + "{a: " * 100000 + "b" + "}" * 100000 + "\n", must_refuse=True))
    out.append(mutant("a key twice", text=CORPUS.replace("PATTERN", "x").replace("domain: soup", "domain: soup\ndomain: soup"), must_refuse=True))
    for index in range(300):
        pieces = []
        for _ in range(rng.randrange(1, 12)):
            pieces.append(rng.choice(["order", " ", "[soup]", "[quantity]", "(", ")", "|", "[", "]", "\\(", "\\\\", "(a|b)", "()", "[]", "[nothing]", "${soup}"]))
        pattern = "".join(pieces).replace("'", "''")
        out.append(mutant("a random pattern", "'" + pattern + "'", commands=("validate", "train") if index % 20 == 0 else ("validate",)))
    return out


# Shortcut and history files --------------------------------------------------------------------

SHORTCUT = "- {phrase: PHRASE, intent: INTENT, parameters: {PARAMETERS}, id: ID}\n"
HISTORY = "- {intent: INTENT, parameters: {PARAMETERS}, date: DATE}\n"


def shortcut_line(phrase="soup time", intent="OrderSoup", parameters="soup: clamChowder, quantity: 2", identifier="usual"):
    return SHORTCUT.replace("PHRASE", phrase).replace("INTENT", intent).replace("PARAMETERS", parameters).replace("ID", identifier)


def history_line(intent="OrderSoup", parameters="soup: clamChowder, quantity: 2", date="2026-11-30T12:15"):
    return HISTORY.replace("INTENT", intent).replace("PARAMETERS", parameters).replace("DATE", date)


def user_file_mutants(rng):
    out = []

    def shortcuts(name, text, must_refuse=False):
        out.append(Mutant("shortcuts", name, {"shortcuts.yaml": text.encode()}, must_refuse, commands=("parse-shortcuts",)))

    def history(name, text, must_refuse=False):
        out.append(Mutant("history", name, {"history.yaml": text.encode()}, must_refuse, commands=("parse-history",)))

    shortcuts("a built-in value that does not parse", shortcut_line(parameters="soup: clamChowder, quantity: banana"), must_refuse=True)
    shortcuts("a phrase of punctuation only", shortcut_line(phrase="'?!...'"), must_refuse=True)
    shortcuts("one phrase for two intents", shortcut_line() + shortcut_line(phrase="'Soup, time!'", intent="TipCourier", parameters="tip: 5 dollars", identifier="other"), must_refuse=True)
    shortcuts("an id twice", shortcut_line() + shortcut_line(phrase="soup again"), must_refuse=True)
    shortcuts("a closed value not among its values", shortcut_line(parameters="soup: gazpacho"), must_refuse=True)
    shortcuts("10,000 shortcuts", "".join(shortcut_line(phrase=f"soup time {index}", identifier=f"s{index}") for index in range(10000)))
    shortcuts("100,000 nested sequences", "[" * 100000 + "]" * 100000 + "\n", must_refuse=True)
    history("a closed value not among its values", history_line(parameters="soup: gazpacho"), must_refuse=True)
    history("a built-in value that does not parse", history_line(parameters="soup: clamChowder, quantity: banana"), must_refuse=True)
    history("a five-digit year", history_line(date="20260-11-30"), must_refuse=True)
    history("a 30th of February", history_line(date="2026-02-30"), must_refuse=True)
    history("10,000 entries", "".join(history_line(date=f"2026-{1 + index % 12:02d}-{1 + index % 28:02d}T12:{index % 60:02d}") for index in range(10000)))
    history("100,000 nested mappings", "{a: " * 100000 + "b" + "}" * 100000 + "\n", must_refuse=True)
    phrases = ["soup time", "'?!'", "''", "x" * 100000, "'(((('", "tip the usual", "SOUP TIME", "soup  time!"]
    values = ["soup: clamChowder", "quantity: 2", "quantity: '2'", "quantity: two", "quantity: 1e400", "quantity: " + "9" * 400,
              "soup: misoSoup", "soup: nothing", "nothing: 1", "tip: 5 dollars", "tip: lots", ""]
    dates = ["2026-11-30", "2026-11-30T12:15", "2026-11-30T12:15Z", "2026-11-30T25:00", "20260-01-01", "2026-13-01", "yesterday", "2026-11-30T12:15+01:00"]
    for index in range(250):
        lines = "".join(shortcut_line(phrase=rng.choice(phrases), intent=rng.choice(["OrderSoup", "TipCourier", "Nope"]),
                                      parameters=", ".join(rng.sample(values, rng.randrange(0, 3))), identifier=f"id{rng.randrange(3)}")
                        for _ in range(rng.randrange(1, 4)))
        shortcuts("random shortcuts", lines)
        lines = "".join(history_line(intent=rng.choice(["OrderSoup", "TipCourier", "Nope"]), parameters=", ".join(rng.sample(values, rng.randrange(0, 3))),
                                     date=rng.choice(dates)) for _ in range(rng.randrange(1, 4)))
        history("random history", lines)
    return out


# Running -----------------------------------------------------------------------------------------


def located(stderr, paths):
    for path in paths:
        if re.search(re.escape(path) + r":\d+", stderr) or re.search(re.escape(path) + r": .*byte offset \d+", stderr):
            return True
    return False


def run(mutant, index, args):
    folder = os.path.join(args.out, f"{index:05d}")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for name, data in mutant.files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        paths.append(path)
    results = []
    for command in mutant.commands:
        if command == "parse-shortcuts":
            argv = [args.intentkit, "parse", "--model", args.model, "--shortcuts", paths[0], "soup time"]
        elif command == "parse-history":
            argv = [args.intentkit, "parse", "--model", args.model, "--history", paths[0], "order a soup"]
        elif command == "import":
            argv = [args.intentkit, "import", paths[0], "--output", os.path.join(folder, "imported.yaml")]
        elif command == "train":
            argv = [args.intentkit, "train", paths[0], "--no-encoder", "--max-iterations", "20", "--output", os.path.join(folder, "m.model")]
        else:
            argv = [args.intentkit, command, paths[0]]
        began = time.monotonic()
        try:
            done = subprocess.run(argv, capture_output=True, timeout=args.timeout)
            seconds = time.monotonic() - began
            stderr = done.stderr.decode("utf-8", "replace")
            if done.returncode < 0 or done.returncode >= 128:
                verdict = "crash"
            elif seconds > args.slow:
                verdict = "slow"
            elif done.returncode != 0 and not located(stderr, paths):
                verdict = "unlocated"
            elif done.returncode == 0 and mutant.must_refuse and not located(stderr, paths):
                verdict = "silent"
            else:
                verdict = "ok"
            results.append((command, verdict, seconds, done.returncode, stderr.strip().splitlines()[:3]))
        except subprocess.TimeoutExpired:
            results.append((command, "hang", args.timeout, None, []))
    if not args.keep and all(result[1] == "ok" for result in results):
        for path in sorted((os.path.join(root, name) for root, _, names in os.walk(folder) for name in names), reverse=True):
            os.remove(path)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--intentkit", required=True)
    parser.add_argument("--model", required=True, help="a model trained on Soup Chef's definition, for the shortcut and history files")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20)
    parser.add_argument("--slow", type=float, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep every mutant, not only those that failed")
    parser.add_argument("--write-seeds", help="only write the mutants' inputs into DIR/FAMILY/ (fuzzing seeds) and stop")
    parser.add_argument("--only", help="run only the mutants whose name matches this regular expression, and print each run's time")
    args = parser.parse_args()
    sys.setrecursionlimit(20000)
    rng = random.Random(args.seed)
    mutants = definition_mutants(rng) + strings_mutants(rng) + yaml_mutants(rng) + user_file_mutants(rng)
    if args.write_seeds:
        for index, mutant in enumerate(mutants):
            name, data = next(iter(mutant.files.items()))
            if len(data) > 65536:
                continue
            folder = os.path.join(args.write_seeds, mutant.family)
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"mutant-{index:05d}"), "wb") as handle:
                handle.write(data)
        return 0
    if args.only:
        mutants = [mutant for mutant in mutants if re.search(args.only, mutant.name)]
    counts = {}
    runs = 0
    problems = []
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, mutant, index, args): (index, mutant) for index, mutant in enumerate(mutants)}
        for future in concurrent.futures.as_completed(futures):
            index, mutant = futures[future]
            for command, verdict, seconds, status, lines in future.result():
                if args.only:
                    print(f"{seconds:6.2f} s  {verdict:9} {mutant.family}: {mutant.name}: {command} exit {status}")
                runs += 1
                counts[verdict] = counts.get(verdict, 0) + 1
                if verdict != "ok":
                    problems.append((mutant.family, index, mutant.name, command, verdict, seconds, status, lines))
    families = {}
    for mutant in mutants:
        families[mutant.family] = families.get(mutant.family, 0) + 1
    for problem in sorted(problems):
        family, index, name, command, verdict, seconds, status, lines = problem
        print(f"{verdict:9} {family}/{index:05d} {name}: {command} exit {status} after {seconds:.1f} s")
        for line in lines:
            print("          " + line[:300])
    print("mutants: " + ", ".join(f"{family} {count}" for family, count in families.items()) + f"; {len(mutants)} in all, {runs} runs, {time.monotonic() - began:.0f} s")
    print("verdicts: " + ", ".join(f"{verdict} {counts.get(verdict, 0)}" for verdict in ["ok", "crash", "hang", "slow", "unlocated", "silent"]))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
