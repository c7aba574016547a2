#!/usr/bin/env python3
"""Plants a random region division and prints it as a janko-text puzzle of a region genre.

usage: region_generate.py GENRE H W SEED [--unique] > puzzle.txt

GENRE is one of:
  fillomino  random polyominoes of 1..9 cells (two of one size never touch: a region that
             would touch one of its size grows or shrinks); every cell's number is given with
             probability $DENSITY (default 0.35);
  shikaku    rectangles split at random from the whole grid (areas up to 12), the area given
             in a random cell of each;
  galaxies   regions grown from random centres by adding cells in mirror pairs, each centre
             given by its janko code;
  dominos    H×W must be (N+1)×(N+2): a random domino tiling (2×2 flips of a brick pattern),
             the set's dominoes dealt to the tiles in random order and turn.
With --unique (fillomino, shikaku), while `puzzlec solve` finds a second solution, a cell where
it differs from the plant gets its number (fillomino) or the rectangle its clue moved there is
split (shikaku: another clue from the plant is added) — stops after 100 rounds. Needs
target/release/puzzlec (or $PUZZLEC) for --unique only.
"""
import json, os, random, subprocess, sys

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")
# The share of fillomino cells whose number is given ($DENSITY, default 0.35).
DENSITY = float(os.environ.get("DENSITY", "0.35"))


def nbrs(h, w, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def fillomino(h, w, rng):
    label = [[None] * w for _ in range(h)]
    regions = []
    for r in range(h):
        for c in range(w):
            if label[r][c] is not None:
                continue
            target = rng.choice([1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9])
            cells, frontier = [(r, c)], [(r, c)]
            label[r][c] = len(regions)
            while len(cells) < target:
                options = [n for x in cells for n in nbrs(h, w, *x) if label[n[0]][n[1]] is None]
                if not options:
                    break
                n = rng.choice(options)
                label[n[0]][n[1]] = len(regions)
                cells.append(n)
            regions.append(cells)
    # Merge touching regions of equal size until none touch (merging keeps sizes valid).
    changed = True
    while changed:
        changed = False
        for i, cells in enumerate(regions):
            if not cells:
                continue
            for x in cells:
                for n in nbrs(h, w, *x):
                    j = label[n[0]][n[1]]
                    if j != i and len(regions[j]) == len(cells):
                        for y in regions[j]:
                            label[y[0]][y[1]] = i
                        cells.extend(regions[j])
                        regions[j] = []
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    size = [[len(regions[label[r][c]]) for c in range(w)] for r in range(h)]
    given = [[rng.random() < DENSITY for c in range(w)] for r in range(h)]
    return size, given


def shikaku(h, w, rng):
    rects, todo = [], [(0, 0, h, w)]
    while todo:
        r0, c0, hh, ww = todo.pop()
        if hh * ww <= 12 and (hh * ww <= 4 or rng.random() < 0.5):
            rects.append((r0, c0, hh, ww))
            continue
        if (hh >= ww and hh > 1) or ww == 1:
            k = rng.randint(1, hh - 1)
            todo += [(r0, c0, k, ww), (r0 + k, c0, hh - k, ww)]
        else:
            k = rng.randint(1, ww - 1)
            todo += [(r0, c0, hh, k), (r0, c0 + k, hh, ww - k)]
    grid = [["-"] * w for _ in range(h)]
    for r0, c0, hh, ww in rects:
        grid[r0 + rng.randrange(hh)][c0 + rng.randrange(ww)] = str(hh * ww)
    return grid


def galaxies(h, w, rng):
    owner = [[None] * w for _ in range(h)]
    grid = [["-"] * w for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    for r, c in cells:
        if owner[r][c] is not None:
            continue
        # A centre at this cell, its right edge, bottom edge or corner, where those cells are free.
        codes = [0]
        if c + 1 < w and owner[r][c + 1] is None:
            codes.append(1)
        if r + 1 < h and owner[r + 1][c] is None:
            codes.append(2)
        if 3 in range(4) and r + 1 < h and c + 1 < w and all(
            owner[y][x] is None for y, x in ((r, c + 1), (r + 1, c), (r + 1, c + 1))
        ):
            codes.append(3)
        code = rng.choice(codes)
        y, x = 2 * r + 1 + code // 2, 2 * c + 1 + code % 2
        galaxy = len([1 for row in grid for t in row if t != "-"])
        members = [(r + dr, c + dc) for dr in range(1 + code // 2) for dc in range(1 + code % 2)]
        for m in members:
            owner[m[0]][m[1]] = galaxy
        target = rng.choice([1, 2, 3, 4, 6, 8, 10, 14])
        for _ in range(target):
            options = [
                n for m in members for n in nbrs(h, w, *m) if owner[n[0]][n[1]] is None
            ]
            rng.shuffle(options)
            for n in options:
                mr, mc = y - n[0] - 1, x - n[1] - 1
                if 0 <= mr < h and 0 <= mc < w and owner[mr][mc] is None and (mr, mc) != n:
                    owner[n[0]][n[1]] = owner[mr][mc] = galaxy
                    members += [n, (mr, mc)]
                    break
        grid[r][c] = str(code)
    return grid


def dominos(h, w, rng):
    n = None
    for k in range(200):
        if (k + 1) * (k + 2) == h * w:
            n = k
    if n is None:
        sys.exit(f"{h}x{w} holds no full set of dominoes")
    # Partner of each cell: a brick pattern along the even side, then random 2x2 flips.
    mate = {}
    for r in range(h):
        for c in range(w):
            if w % 2 == 0:
                mate[(r, c)] = (r, c ^ 1)
            else:
                mate[(r, c)] = (r ^ 1, c)
    for _ in range(20 * h * w):
        r, c = rng.randrange(h - 1), rng.randrange(w - 1)
        a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
        if mate[a] == b and mate[d] == e:
            mate[a], mate[d], mate[b], mate[e] = d, a, e, b
        elif mate[a] == d and mate[b] == e:
            mate[a], mate[b], mate[d], mate[e] = b, a, e, d
    tiles = sorted({tuple(sorted((x, mate[x]))) for x in mate})
    set_ = [(i, j) for i in range(n + 1) for j in range(i, n + 1)]
    rng.shuffle(set_)
    grid = [[None] * w for _ in range(h)]
    for (a, b), (i, j) in zip(tiles, set_):
        if rng.random() < 0.5:
            i, j = j, i
        grid[a[0]][a[1]], grid[b[0]][b[1]] = str(i), str(j)
    return grid


def text(h, w, grid):
    return f"{h} {w}\n" + "".join(" ".join(row) + "\n" for row in grid)


def solve_two(genre, puzzle):
    out = subprocess.run(
        [PUZZLEC, "solve", genre, "-", "--json"], input=puzzle.encode(), capture_output=True
    ).stdout.decode()
    j = json.loads(out.splitlines()[0])
    return j.get("verdict"), j


def main():
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    unique = "--unique" in sys.argv
    rng = random.Random(seed)
    if genre == "fillomino":
        size, given = fillomino(h, w, rng)
        show = lambda: [[str(size[r][c]) if given[r][c] else "-" for c in range(w)] for r in range(h)]
        for rounds in range(100 if unique else 0):
            verdict, j = solve_two(genre, text(h, w, show()))
            if verdict != "multiple":
                break
            planted = [str(size[r][c]) for r in range(h) for c in range(w)]
            answers = [" ".join(rows).split() for rows in j.get("solutions", [])]
            tokens = next((a for a in answers if a != planted), None)
            if tokens is None:
                break
            diff = [(r, c) for r in range(h) for c in range(w) if tokens[r * w + c] != planted[r * w + c]]
            r, c = rng.choice(diff)
            given[r][c] = True
        print(text(h, w, show()), end="")
    elif genre == "shikaku":
        print(text(h, w, shikaku(h, w, rng)), end="")
    elif genre == "galaxies":
        print(text(h, w, galaxies(h, w, rng)), end="")
    elif genre == "dominos":
        print(text(h, w, dominos(h, w, rng)), end="")
    else:
        sys.exit(f"unknown genre {genre}")


if __name__ == "__main__":
    main()
