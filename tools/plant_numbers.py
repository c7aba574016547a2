#!/usr/bin/env python3
"""Planted Hidoku puzzles of any size, for speed tables at the published maximum size (10x10),
in janko's text notation.

    tools/plant_numbers.py hidoku H W SEED > puzzle.txt

A filling is planted first (a random king's tour of the grid, Warnsdorff's rule with random
ties, restarted until it covers the grid), a fifth of its cells are given, and puzzlec adds a
given where two solutions differ until the puzzle is unique.

Hakyuu is not planted: random regions almost never admit a numbering (2 of 20 random 4x10
partitions do, none of 1,000 random 2x45 strips below numbered rows), so its regions would
have to be designed with the numbers.
"""
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))


def solve(genre, text):
    out = subprocess.run([PUZZLEC, "solve", genre, "-", "--json"], input=text.encode(),
                         capture_output=True).stdout
    return json.loads(out)


def grid_text(rows):
    return "".join(" ".join(str(t) for t in row) + "\n" for row in rows)


def kings_tour(h, w, rng):
    def steps(r, c, seen):
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and 0 <= r + dr < h and 0 <= c + dc < w and (r + dr, c + dc) not in seen]
    while True:
        at = (rng.randrange(h), rng.randrange(w))
        order, seen = [at], {at}
        while len(order) < h * w:
            options = steps(*at, seen)
            if not options:
                break
            rng.shuffle(options)
            at = min(options, key=lambda p: len(steps(*p, seen)))
            order.append(at)
            seen.add(at)
        if len(order) == h * w:
            number = [[0] * w for _ in range(h)]
            for k, (r, c) in enumerate(order):
                number[r][c] = k + 1
            return number


def main():
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    if genre != "hidoku":
        sys.exit("only hidoku is planted (see the docstring for hakyuu)")
    filling, suffix = kings_tour(h, w, rng), ""
    givens = [[filling[r][c] if rng.random() < 1 / 5 else "-" for c in range(w)] for r in range(h)]
    while True:
        text = f"{h} {w}\n" + grid_text(givens) + suffix
        result = solve(genre, text)
        if result["count"] == 1:
            break
        a, b = ([row.split() for row in s] for s in result["solutions"][:2])
        differ = [(r, c) for r in range(h) for c in range(w) if a[r][c] != b[r][c]]
        r, c = rng.choice(differ)
        givens[r][c] = filling[r][c]
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
