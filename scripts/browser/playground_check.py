"""Drives the playground page in headless Chromium over the DevTools protocol (scripts/test-playground).

Types each utterance into the page's text field, presses Enter, waits for the page to render the
answer, and checks the rendering against what POST /parse answers for the same request: the
intent and its confidence (or "out of scope"), the slots marked in the text, the parameters'
outcomes, the ranked intents. A script error on the page fails the check too.
"""
import argparse
import base64
import json
import os
import subprocess
import sys
import time
import urllib.request

import websocket

# An in-scope request with slots and resolved values, another intent's, and one out of scope.
UTTERANCES = [
    "send Buttercup 85 bucks for rainbow polish",
    "get me a ride to the airport",
    "what is the meaning of life",
]


class Browser:
    """One headless Chromium and the DevTools session of its page."""

    def __init__(self, executable, profile):
        os.makedirs(profile, exist_ok=True)
        self.process = subprocess.Popen(
            [executable, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
             "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.time() > deadline or self.process.poll() is not None:
                raise SystemExit("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = open(port_file).read().split()[0]
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = next(target for target in targets if target["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.errors = []
        self.call("Runtime.enable")
        self.call("Page.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("method") == "Runtime.exceptionThrown":
                self.errors.append(message["params"]["exceptionDetails"])
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit(f"{method}: {message['error']}")
                return message["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise SystemExit(f"the page's script failed on {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, seconds=10):
        deadline = time.time() + seconds
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise SystemExit(f"the page never satisfied {expression!r}")

    def type_and_submit(self, text):
        """Clears the field, types `text` into it as keystrokes would, and presses Enter."""
        self.evaluate("document.getElementById('utterance').value = ''; document.getElementById('utterance').focus(); true")
        self.call("Input.insertText", text=text)
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter", windowsVirtualKeyCode=13, text="\r")

    def close(self):
        self.socket.close()
        self.process.terminate()
        self.process.wait(timeout=10)


# What the page shows, read from its elements.
RENDERED = """(() => {
  const rows = (selector, attribute) => Array.from(document.querySelectorAll(selector)).map((row) => ({
    key: row.getAttribute(attribute), cells: Array.from(row.children).map((cell) => cell.textContent) }));
  return {
    shown: !document.getElementById('result').hidden,
    error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
    intent: document.getElementById('intent').textContent,
    outOfScope: document.getElementById('intent').classList.contains('out-of-scope'),
    text: Array.from(document.getElementById('text').childNodes)
      .map((node) => node.nodeType === Node.TEXT_NODE ? node.textContent : node.firstChild.textContent).join(''),
    marks: Array.from(document.querySelectorAll('#text mark')).map((mark) => ({
      slot: mark.dataset.slot, text: mark.firstChild.textContent })),
    parameters: rows('#parameters tbody tr', 'data-parameter'),
    intents: rows('#alternatives tbody tr', 'data-intent'),
    json: document.getElementById('json').textContent,
  };
})()"""


def api_parse(url, text):
    request = urllib.request.Request(url + "parse", data=json.dumps({"text": text, "topK": 5, "resolve": True}).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


def check(browser, url, text, failures):
    expected = api_parse(url, text)
    browser.evaluate("document.getElementById('json').textContent = ''; true")
    browser.type_and_submit(text)
    browser.wait_for("document.getElementById('json').textContent.length > 0 || !document.getElementById('error').hidden")
    shown = browser.evaluate(RENDERED)

    def expect(condition, what):
        if not condition:
            failures.append(f"{text!r}: {what}\n  rendered: {json.dumps(shown)[:600]}\n  answered: {json.dumps(expected)[:600]}")

    expect(shown["shown"] and shown["error"] is None, "the result is shown without an error")
    expect(json.loads(shown["json"] or "null") == expected, "the page's JSON is the API's answer")
    if expected["outOfScope"]:
        expect(shown["outOfScope"] and "Out of scope" in shown["intent"], "out of scope is shown as such")
        expect(shown["marks"] == [], "no slot is marked")
    else:
        percent = f"{100 * expected['confidence']:.1f} %"
        expect(not shown["outOfScope"] and expected["intent"] in shown["intent"] and percent in shown["intent"],
               f"the intent {expected['intent']} with {percent}")
        expect(shown["marks"] == [{"slot": slot["name"], "text": slot["text"]} for slot in expected["slots"]],
               "each slot is marked in the text with its name")
        expect([row["key"] for row in shown["parameters"]] == [p["name"] for p in expected["parameters"]],
               "every parameter is listed")
        expect([row["cells"][2] for row in shown["parameters"]] == [p["outcome"] for p in expected["parameters"]],
               "with its resolution outcome")
    ranked = ([expected["intent"]] if expected.get("intent") else []) + [a["intent"] for a in expected.get("alternatives", [])]
    expect([row["key"] for row in shown["intents"]] == ranked, "the likeliest intents, in order")
    expect(shown["text"] == text, "the utterance is shown, its slots marked in place")
    return shown


def main():
    arguments = argparse.ArgumentParser(description=__doc__)
    arguments.add_argument("--browser", required=True)
    arguments.add_argument("--url", required=True)
    arguments.add_argument("--profile", required=True)
    arguments.add_argument("--screenshot")
    options = arguments.parse_args()

    browser = Browser(options.browser, options.profile)
    failures = []
    try:
        browser.call("Page.navigate", url=options.url)
        browser.wait_for("document.readyState === 'complete' && document.getElementById('model').textContent.length > 0")
        resolved = 0
        for text in UTTERANCES:
            shown = check(browser, options.url, text, failures)
            resolved += sum(1 for row in shown["parameters"] if row["cells"][2] == "success" and row["cells"][3])
        if resolved == 0:
            failures.append("no resolved value was shown for any utterance")
        if options.screenshot:
            image = browser.call("Page.captureScreenshot", format="png")
            with open(options.screenshot, "wb") as file:
                file.write(base64.b64decode(image["data"]))
        if browser.errors:
            failures.append(f"script errors on the page: {browser.errors}")
    finally:
        browser.close()
    for failure in failures:
        print("FAIL", failure)
    print(f"playground: {len(UTTERANCES)} utterances typed and checked in headless Chromium, {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
