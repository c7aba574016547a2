#!/usr/bin/env python3
"""Planted Hidoku and ABC End View puzzles of any size, for speed tables at the published
maximum sizes (Hidoku 10x10, ABC End View 8x8), in janko's text notation.

    tools/plant_numbers.py hidoku H W SEED > puzzle.txt
    tools/plant_numbers.py abcendview H W SEED LETTERS > puzzle.txt

ABC End View: see `plant_abc`. Hidoku:
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


def abc_text(h, w, last, edges, givens):
    order = [w, w, h, h]
    lines, i = [f"{h} {w} {last}"], 0
    for n in order:
        lines.append(" ".join(edges[i:i + n]))
        i += n
    return "\n".join(lines) + "\n" + grid_text(givens)


def plant_abc(h, w, letters, rng):
    """A filling (puzzlec's, with random givens, rows, columns and letters shuffled) whose
    clues seen from all sides make a unique puzzle, then clues dropped in random order while
    the puzzle stays unique."""
    last = chr(ord("a") + letters - 1)
    blank = [["-"] * w for _ in range(h)]
    while True:
        edges, grid = plant_abc_filling(h, w, letters, last, blank, rng)
        if solve("abcendview", abc_text(h, w, last, edges, blank))["count"] == 1:
            break
    for i in rng.sample(range(len(edges)), len(edges)):
        kept, edges[i] = edges[i], "-"
        if solve("abcendview", abc_text(h, w, last, edges, blank))["count"] != 1:
            edges[i] = kept
    return abc_text(h, w, last, edges, blank)


def plant_abc_filling(h, w, letters, last, blank, rng):
    seeded = [[rng.choice("abcdefgh"[:letters]) if rng.random() < 0.05 else "-" for _ in range(w)] for _ in range(h)]
    first = solve("abcendview", abc_text(h, w, last, ["-"] * (2 * (w + h)), seeded))
    if not first.get("solutions"):
        return plant_abc_filling(h, w, letters, last, blank, rng)
    grid = [row.replace(" ", "") for row in first["solutions"][0]]
    rows, cols = rng.sample(range(h), h), rng.sample(range(w), w)
    names = rng.sample("abcdefghijklmnopqrstuvwxyz"[:letters], letters)
    rename = {chr(ord("a") + i): names[i] for i in range(letters)}
    grid = [[rename.get(grid[r][c], "-") for c in cols] for r in rows]
    lines = [[grid[r][c] for r in range(h)] for c in range(w)]
    lines += [line[::-1] for line in lines]
    lines += [list(row) for row in grid] + [list(row)[::-1] for row in grid]
    return [next(x for x in line if x != "-") for line in lines], grid


def main():
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    if genre == "abcendview":
        sys.stdout.write(plant_abc(h, w, int(sys.argv[5]), rng))
        return
    if genre != "hidoku":
        sys.exit("only abcendview and hidoku are planted (see the docstring for hakyuu)")
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
