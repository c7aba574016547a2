#!/usr/bin/env python3
"""Plants a creek puzzle of H×W cells in janko's text: a random shading whose unshaded cells stay
connected (cells are shaded in random order unless shading one would cut the unshaded cells
apart), then a random share of the vertex counts as clues. The verdict (unique or not) is left
to the solvers; the speed comparison in docs/genres/creek.md uses these.

    tools/creek_plant.py H W SEED [--density 0.45] [--clues 0.7] > big.txt
"""
import argparse
import random


def connected(h, w, shaded):
    free = [(r, c) for r in range(h) for c in range(w) if not shaded[r][c]]
    if not free:
        return True
    seen, stack = {free[0]}, [free[0]]
    while stack:
        r, c = stack.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= n[0] < h and 0 <= n[1] < w and not shaded[n[0]][n[1]] and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(free)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("h", type=int)
    ap.add_argument("w", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--density", type=float, default=0.45)
    ap.add_argument("--clues", type=float, default=0.7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    shaded = [[False] * a.w for _ in range(a.h)]
    cells = [(r, c) for r in range(a.h) for c in range(a.w)]
    rng.shuffle(cells)
    for r, c in cells[: int(a.density * len(cells) * 1.6)]:
        shaded[r][c] = True
        if not connected(a.h, a.w, shaded) or sum(map(sum, shaded)) > a.density * len(cells):
            shaded[r][c] = False
    print(a.h, a.w)
    for y in range(a.h + 1):
        row = []
        for x in range(a.w + 1):
            around = [shaded[r][c] for r in (y - 1, y) for c in (x - 1, x) if 0 <= r < a.h and 0 <= c < a.w]
            row.append(str(sum(around)) if rng.random() < a.clues else "-")
        print(" ".join(row))


main()
