#!/usr/bin/env python3
"""Planted tents and minesweeper puzzles as puzz.link URLs, for speed comparisons with cspuz
on sizes janko.at does not publish. Uniqueness is not sought: both solvers are asked for a
second solution, which is the work being timed.

    tools/plant_shading.py tents H W SEED     # every row and column counted
    tools/plant_shading.py mines H W SEED     # mines on a fifth of the cells, 40% of the rest numbered
"""
import random
import sys

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def hex_stream(items):
    """pzprjs's Number16 stream: hex numbers, `-hh`, runs of 1-20 empty items as g-z."""
    out, empty = "", 0
    for n in items:
        if n is None:
            empty += 1
            if empty == 20:
                out, empty = out + DIGITS[15 + empty], 0
            continue
        if empty:
            out, empty = out + DIGITS[15 + empty], 0
        out += DIGITS[n] if n < 16 else "-%02x" % n
    return out + (DIGITS[15 + empty] if empty else "")


def marks(marked):
    """pzprjs's 1Cell stream: a mark and up to 17 unmarked cells after it, or 1-18 unmarked."""
    out, c = "", 0
    while c < len(marked):
        if marked[c]:
            gap = 0
            while gap < 17 and c + 1 + gap < len(marked) and not marked[c + 1 + gap]:
                gap += 1
            out, c = out + DIGITS[gap], c + 1 + gap
        else:
            gap = 0
            while gap < 18 and c + gap < len(marked) and not marked[c + gap]:
                gap += 1
            out, c = out + DIGITS[17 + gap], c + gap
    return out


def around(h, w, r, c, diagonal):
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) != (0, 0) and (diagonal or dr == 0 or dc == 0):
                if 0 <= r + dr < h and 0 <= c + dc < w:
                    yield r + dr, c + dc


def tents(h, w, rng):
    tent, tree = set(), set()
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    for r, c in cells:
        if (r, c) in tree or any(n in tent for n in around(h, w, r, c, True)):
            continue
        free = [n for n in around(h, w, r, c, False) if n not in tent and n not in tree]
        if free and rng.random() < 0.6:
            tent.add((r, c))
            tree.add(rng.choice(free))
    cols = [sum((r, c) in tent for r in range(h)) for c in range(w)]
    rows = [sum((r, c) in tent for c in range(w)) for r in range(h)]
    trees = [(r, c) in tree for r in range(h) for c in range(w)]
    return f"tents/{w}/{h}/" + hex_stream(cols + rows) + marks(trees)


def mines(h, w, rng):
    mine = {(r, c) for r in range(h) for c in range(w) if rng.random() < 0.2}
    clues = []
    for r in range(h):
        for c in range(w):
            shown = (r, c) not in mine and rng.random() < 0.4
            clues.append(sum(n in mine for n in around(h, w, r, c, True)) if shown else None)
    return f"mines/{w}/{h}/" + hex_stream(clues)


if __name__ == "__main__":
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    planted = {"tents": tents, "mines": mines}[genre](h, w, random.Random(seed))
    print(f"// tools/plant_shading.py {genre} {h} {w} {seed}")
    print("https://puzz.link/p?" + planted)
