"""How long GET /health takes while the longest requests the server accepts run on every worker.

Starts `intentkit serve` on a loopback port, keeps WORKERS connections each sending, one after
another, the most expensive request a client may send (a body of --max-body-bytes: one text
parsed whole and split, or a batch of long texts), and probes /health every 50 ms from another
connection for --seconds. Prints the attackers' answers (status counts, slowest), and the
probes' count, p50, p99 and worst latency. Exits non-zero if a probe went unanswered or took
longer than --limit-ms. Traffic stays on 127.0.0.1 and stops by itself.

With --short-requests, it measures instead what WORKERS connections sending 10 kB texts with
"split" take from a client of short utterances on one keep-alive connection: its requests/s and
p99 alone, then beside the attackers, in one run (a Python client: compare the two, not either
with wrk's figures).

usage: python3 scripts/perf/health_under_load.py --intentkit BIN --model M [--workers 2]
                                                 [--seconds 20] [--limit-ms 100]
"""

import argparse
import http.client
import json
import random
import re
import subprocess
import sys
import threading
import time


def long_text(size, rng):
    words = "send buttercup 85 bucks and get me a ride to the airport then lock the car , also play some music".split()
    text = []
    length = 0
    while length < size:
        word = rng.choice(words)
        text.append(word)
        length += len(word) + 1
    return " ".join(text)[:size]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--intentkit", required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--limit-ms", type=float, default=100)
    parser.add_argument("--body-bytes", type=int, default=1 << 20)
    parser.add_argument("--short-requests", action="store_true")
    args = parser.parse_args()
    server = subprocess.Popen([args.intentkit, "serve", "--model", args.model, "--port", "0", "--no-access-log"],
                              stderr=subprocess.PIPE, text=True)
    port = None
    deadline = time.monotonic() + 60
    while port is None and time.monotonic() < deadline:
        line = server.stderr.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", line)
        if found:
            port = int(found.group(1))
    if port is None:
        server.kill()
        print("the server did not start")
        return 1
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
    rng = random.Random(1)
    if args.short_requests:
        status = short_requests(port, args, rng)
        server.terminate()
        server.wait(timeout=30)
        return status
    size = args.body_bytes - 100
    bodies = [
        json.dumps({"text": long_text(size, rng), "split": True, "resolve": True}),
        json.dumps({"texts": [long_text(size // 1000 - 20, rng) for _ in range(1000)], "split": True}),
        json.dumps({"text": long_text(size, rng)}),
    ]
    routes = ["/parse", "/parse/batch", "/model/parse"]
    stop = time.monotonic() + args.seconds
    statuses = {}
    slowest = [0.0]
    lock = threading.Lock()

    def attack(index):
        while time.monotonic() < stop:
            which = (index + len(statuses)) % len(bodies)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            began = time.monotonic()
            try:
                connection.request("POST", routes[which], body=bodies[which], headers={"Content-Type": "application/json"})
                status = connection.getresponse().status
            except Exception as error:  # a refused or dropped connection is counted, not fatal
                status = type(error).__name__
            finally:
                connection.close()
            with lock:
                statuses[(routes[which], status)] = statuses.get((routes[which], status), 0) + 1
                slowest[0] = max(slowest[0], time.monotonic() - began)

    attackers = [threading.Thread(target=attack, args=(index,)) for index in range(args.workers)]
    for thread in attackers:
        thread.start()
    time.sleep(0.5)
    latencies = []
    unanswered = 0
    while time.monotonic() < stop:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        began = time.monotonic()
        try:
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                latencies.append(1000 * (time.monotonic() - began))
            else:
                unanswered += 1
        except Exception:
            unanswered += 1
        finally:
            connection.close()
        time.sleep(0.05)
    for thread in attackers:
        thread.join()
    server.terminate()
    server.wait(timeout=30)
    latencies.sort()
    for (route, status), count in sorted(statuses.items(), key=str):
        print(f"attack {route}: {status} x{count}")
    print(f"attack slowest answer: {slowest[0]:.2f} s")
    if latencies:
        p50 = latencies[len(latencies) // 2]
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"health: {len(latencies)} probes, p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst {latencies[-1]:.1f} ms, {unanswered} unanswered")
    ok = latencies and unanswered == 0 and latencies[-1] <= args.limit_ms
    return 0 if ok else 1


def short_requests(port, args, rng):
    """Short parses on one connection, alone and beside WORKERS connections of 10 kB splits."""
    short = json.dumps({"text": "send buttercup 85 bucks"})
    split = json.dumps({"text": long_text(10_000, rng), "split": True})

    def client(seconds):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        latencies = []
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            began = time.monotonic()
            connection.request("POST", "/parse", body=short, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            response.read()
            latencies.append(1000 * (time.monotonic() - began))
        connection.close()
        latencies.sort()
        return len(latencies) / seconds, latencies[int(len(latencies) * 0.99)]

    alone = client(args.seconds / 2)
    stop = [False]
    attacks = [0]

    def attack():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while not stop[0]:
            connection.request("POST", "/parse", body=split, headers={"Content-Type": "application/json"})
            connection.getresponse().read()
            attacks[0] += 1
        connection.close()

    threads = [threading.Thread(target=attack) for _ in range(args.workers)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    beside = client(args.seconds / 2)
    stop[0] = True
    for thread in threads:
        thread.join()
    print(f"short parses alone: {alone[0]:.0f} requests/s, p99 {alone[1]:.1f} ms")
    print(f"beside {args.workers} connections of 10 kB splits ({attacks[0]} answered): {beside[0]:.0f} requests/s, p99 {beside[1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
