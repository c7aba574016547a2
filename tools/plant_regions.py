#!/usr/bin/env python3
"""Planted norinori and shimaguni puzzles as janko text, for speed comparisons with cspuz on
the largest sizes janko.at publishes (norinori 36×54, shimaguni 30×45). Uniqueness is not
sought: both solvers are asked for a second solution, which is the work being timed.

    tools/plant_regions.py norinori H W SEED    # dominoes apart, each one's region grown round it
    tools/plant_regions.py shimaguni H W SEED   # blocks of 4-5 cells a side, each island inside
                                                # its block, sizes 1 + (i + 2j) mod 4 (neighbours differ)
"""
import random
import sys


def neighbours(h, w, r, c):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def grow(h, w, region, rng):
    """Gives every cell without a region the region of a neighbour, in random order."""
    while any(v is None for row in region for v in row):
        cells = [(r, c) for r in range(h) for c in range(w) if region[r][c] is None]
        rng.shuffle(cells)
        for r, c in cells:
            owners = [region[a][b] for a, b in neighbours(h, w, r, c) if region[a][b] is not None]
            if owners:
                region[r][c] = rng.choice(owners)


def blobs(h, w, rng, sizes):
    """Places connected shaded blobs of the given sizes, no two touching by a side; returns
    the blob of each cell (None for unshaded)."""
    blob = [[None] * w for _ in range(h)]
    free = lambda r, c, k: blob[r][c] is None and all(
        blob[a][b] in (None, k) for a, b in neighbours(h, w, r, c))
    for k in range(h * w):
        size = rng.choice(sizes)
        r, c = rng.randrange(h), rng.randrange(w)
        if not free(r, c, k):
            continue
        cells = [(r, c)]
        blob[r][c] = k
        while len(cells) < size:
            options = [(a, b) for x, y in cells for a, b in neighbours(h, w, x, y) if free(a, b, k)]
            if not options:
                break
            a, b = rng.choice(options)
            blob[a][b] = k
            cells.append((a, b))
        if len(cells) < size and size == 2:
            for x, y in cells:
                blob[x][y] = None
    return blob


def cuts(n, rng):
    """Splits 0..n into runs of 4 or 5 (the last one 4 to 8)."""
    bounds = [0]
    while n - bounds[-1] > 8:
        bounds.append(bounds[-1] + rng.choice([4, 5]))
    return bounds + [n]


def blocks(h, w, rng):
    """Rectangular regions; in block (i, j) an island of 1 + (i + 2j) mod 4 cells inside its
    interior (so islands never touch across a border, and neighbouring sizes differ)."""
    blob = [[None] * w for _ in range(h)]
    region = [[None] * w for _ in range(h)]
    rows, cols = cuts(h, rng), cuts(w, rng)
    for i in range(len(rows) - 1):
        for j in range(len(cols) - 1):
            k = (i, j)
            for r in range(rows[i], rows[i + 1]):
                for c in range(cols[j], cols[j + 1]):
                    region[r][c] = k
            inner = [(r, c) for r in range(rows[i] + 1, rows[i + 1] - 1)
                     for c in range(cols[j] + 1, cols[j + 1] - 1)]
            cells = [rng.choice(inner)]
            while len(cells) < 1 + (i + 2 * j) % 4:
                options = [(a, b) for x, y in cells for a, b in neighbours(h, w, x, y)
                           if (a, b) in inner and (a, b) not in cells]
                cells.append(rng.choice(options))
            for r, c in cells:
                blob[r][c] = k
    return blob, region


def main():
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    if genre == "norinori":
        blob = blobs(h, w, rng, [2])
        region = [row[:] for row in blob]
        grow(h, w, region, rng)
    else:
        blob, region = blocks(h, w, rng)
    ids = {}
    for r in range(h):
        for c in range(w):
            ids.setdefault(region[r][c], len(ids) + 1)
    grid = "\n".join(" ".join(str(ids[v]) for v in row) for row in region)
    if genre == "norinori":
        empty = "\n".join(" ".join("-" for _ in range(w)) for _ in range(h))
        print(f"{h} {w}\n{empty}\n{grid}")
        return
    size = {}
    for row in blob:
        for v in row:
            if v is not None:
                size[v] = size.get(v, 0) + 1
    first = {}
    for r in range(h):
        for c in range(w):
            first.setdefault(region[r][c], (r, c))
    clues = [["-"] * w for _ in range(h)]
    for k, (r, c) in first.items():
        if rng.random() < 0.8:
            clues[r][c] = str(size[k])
    print(f"{h} {w}\n" + "\n".join(" ".join(row) for row in clues) + f"\n{grid}")


main()
