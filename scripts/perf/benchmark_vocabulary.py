#!/usr/bin/env python3
"""Writes, as a JSON vocabulary file on stdout, the 100,000 made-up user terms of the
ParserBenchmarks target (Benchmarks/Benchmarks/ParserBenchmarks): two- and three-word names
from syllables, 40k artists and 20k each of playlists, films and titles, drawn by the same
generator, so that `intentkit benchmark --vocabulary` and `scripts/perf/count-instructions` measure
the same terms as the benchmark.

    python3 scripts/perf/benchmark_vocabulary.py > out/benchmark-vocabulary.json
"""
import json
import sys

SYLLABLES = ["ka", "lo", "mi", "ren", "sa", "to", "vu", "zel", "an", "bri", "cor", "da", "el", "fin", "gor", "ha"]
MASK = (1 << 64) - 1


def main():
    state = 0x5EED

    def step():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & MASK
        return state

    def word():
        syllables = 2 + ((step() >> 40) & 1)
        text = "".join(SYLLABLES[step() >> 60] for _ in range(syllables))
        return text[0].upper() + text[1:]

    terms = {}
    for entity, count in [("artist", 40_000), ("playlist", 20_000), ("movie_name", 20_000), ("object_name", 20_000)]:
        terms[entity] = [{"phrase": " ".join(word() for _ in range(2 + index % 2)), "id": f"{entity}-{index}"}
                         for index in range(count)]
    json.dump(terms, sys.stdout)


if __name__ == "__main__":
    main()
