#!/usr/bin/env python3
"""Writes a collection of random nonograms in Simpson's `.non` format, for batch runs.

Each puzzle is made from a planted picture: a random width and height from 5 to 25, a random
fill density, and one of two styles, `noise` (every cell filled independently) or `blobs` (noise
smoothed by a few rounds of majority vote, so the picture has shapes like a drawing). The clues
are the picture's runs, so every puzzle has at least one solution (the planted picture, listed
in `manifest.tsv` rather than as a `goal` line, which nonogrid 0.7.3 cannot read); whether it is
the only one is left to the solvers.

The same seed gives the same files on every machine (Python's `random` is specified to be
reproducible for a given seed). `manifest.tsv` lists each file with its size, style, density and
planted picture (rows joined by `/`, `#` filled).

Usage: tools/gen_nonograms.py [--count 2000] [--seed 1] [--out target/nonograms]
"""

import argparse
import os
import random


def runs(cells):
    """The clue of one line: the lengths of its runs of filled cells, `[0]` for none."""
    clue, run = [], 0
    for filled in cells:
        if filled:
            run += 1
        elif run:
            clue.append(run)
            run = 0
    if run:
        clue.append(run)
    return clue or [0]


def smooth(picture, rounds):
    """Majority vote over each cell's 3x3 neighbourhood (itself included), `rounds` times."""
    h, w = len(picture), len(picture[0])
    for _ in range(rounds):
        picture = [
            [
                sum(
                    picture[rr][cc]
                    for rr in range(max(0, r - 1), min(h, r + 2))
                    for cc in range(max(0, c - 1), min(w, c + 2))
                )
                * 2
                > len(range(max(0, r - 1), min(h, r + 2))) * len(range(max(0, c - 1), min(w, c + 2)))
                for c in range(w)
            ]
            for r in range(h)
        ]
    return picture


def picture(rng):
    """A random planted picture and how it was drawn."""
    w, h = rng.randint(5, 25), rng.randint(5, 25)
    style = rng.choice(["noise", "blobs"])
    density = round(rng.uniform(0.3, 0.8), 2)
    cells = [[rng.random() < density for _ in range(w)] for _ in range(h)]
    if style == "blobs":
        cells = smooth(cells, rng.randint(1, 3))
    return cells, style, density


def non_text(index, seed, cells, style, density):
    """The puzzle as a `.non` file."""
    h, w = len(cells), len(cells[0])
    columns = [[cells[r][c] for r in range(h)] for c in range(w)]
    lines = [
        f'catalogue "puzzlec gen_nonograms.py seed {seed} #{index}"',
        f'title "random {w}x{h} {style} density {density}"',
        f"width {w}",
        f"height {h}",
        "",
        "rows",
        *(",".join(map(str, runs(row))) for row in cells),
        "",
        "columns",
        *(",".join(map(str, runs(col))) for col in columns),
    ]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="target/nonograms")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    manifest = ["file\twidth\theight\tstyle\tdensity\tgoal"]
    for i in range(1, args.count + 1):
        cells, style, density = picture(rng)
        name = f"rand-{i:05d}.non"
        with open(os.path.join(args.out, name), "w") as f:
            f.write(non_text(i, args.seed, cells, style, density))
        goal = "/".join("".join("#" if x else "." for x in row) for row in cells)
        manifest.append(f"{name}\t{len(cells[0])}\t{len(cells)}\t{style}\t{density}\t{goal}")
    with open(os.path.join(args.out, "manifest.tsv"), "w") as f:
        f.write("\n".join(manifest) + "\n")
    print(f"wrote {args.count} nonograms (seed {args.seed}) to {args.out}")


if __name__ == "__main__":
    main()
