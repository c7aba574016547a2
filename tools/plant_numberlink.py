#!/usr/bin/env python3
"""Writes numberlink puzzles with a planted answer that uses every cell, for speed tests at
sizes the published collections have (janko.at goes up to 35x48).

    tools/plant_numberlink.py H W [--seed S] [--count N] [--mean-length L] [--out DIR]

A random Hamiltonian path of the grid (a serpentine shuffled by backbite moves) is cut into
paths of 3 to 2L-3 cells; each path's two ends get its number. The planted answer is one
answer, not necessarily the only one: these puzzles test speed (and that puzzlec's answer
passes `verify`), not uniqueness. Prints one file name per puzzle.
"""
import argparse
import os
import random


def serpentine(h, w):
    return [r * w + (c if r % 2 == 0 else w - 1 - c) for r in range(h) for c in range(w)]


def neighbours(h, w, v):
    r, c = divmod(v, w)
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield (r + dr) * w + c + dc


def backbite(path, h, w, rng):
    """One backbite move: join an end to a grid neighbour, drop the edge that closes a cycle."""
    if rng.random() < 0.5:
        path.reverse()
    end = path[-1]
    n = rng.choice(list(neighbours(h, w, end)))
    if n == path[-2]:
        return
    i = path.index(n)
    path[i + 1:] = path[i + 1:][::-1]


def plant(h, w, mean_length, rng):
    path = serpentine(h, w)
    for _ in range(20 * h * w):
        backbite(path, h, w, rng)
    grid = [["-"] * w for _ in range(h)]
    start, number = 0, 1
    while start < len(path):
        length = rng.randint(3, max(3, 2 * mean_length - 3))
        if len(path) - start - length < 3:
            length = len(path) - start
        a, b = path[start], path[start + length - 1]
        for v in (a, b):
            grid[v // w][v % w] = str(number)
        start, number = start + length, number + 1
    return f"{h} {w}\n" + "".join(" ".join(row) + "\n" for row in grid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("h", type=int)
    ap.add_argument("w", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--mean-length", type=int, default=30)
    ap.add_argument("--out", default=".")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    for k in range(args.count):
        name = os.path.join(args.out, f"planted_{args.h}x{args.w}_s{args.seed}_{k}.txt")
        with open(name, "w") as f:
            f.write(plant(args.h, args.w, args.mean_length, rng))
        print(name)


if __name__ == "__main__":
    main()
