#!/usr/bin/env python3
"""Plants large akari, kuromasu and cave puzzles for speed tests: a random solution, then clues
added where another solution differs until puzzlec proves the planted one unique.

usage: plant_sight.py GENRE H W SEED > puzzle.txt      (GENRE: akari, kuromasu, cave)

akari: random black cells, lamps placed greedily until every white cell is lit; black cells get
their lamp count as a number while a second solution exists (beside a cell where the two
differ first). kuromasu: black cells apart with the white connected; cave: a cave grown from
the centre with every outside area on the edge. Both then number a white cell where another
solution differs (its seen count, or a cell the other solution shades). Prints janko text;
needs target/release/puzzlec (or $PUZZLEC). The round count goes to stderr.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")
DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def inside(h, w, r, c):
    return 0 <= r < h and 0 <= c < w


def seen(h, w, open_, r, c):
    n = 1
    for dr, dc in DIRS:
        y, x = r + dr, c + dc
        while inside(h, w, y, x) and open_[y][x]:
            n, y, x = n + 1, y + dr, x + dc
    return n


def connected(h, w, keep):
    cells = [(r, c) for r in range(h) for c in range(w) if keep(r, c)]
    if not cells:
        return True
    done, stack = {cells[0]}, [cells[0]]
    while stack:
        r, c = stack.pop()
        for dr, dc in DIRS:
            y, x = r + dr, c + dc
            if inside(h, w, y, x) and keep(y, x) and (y, x) not in done:
                done.add((y, x))
                stack.append((y, x))
    return len(done) == len(cells)


def solve(genre, text):
    """Another solution than the first, as rows of tokens, or None when unique."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        out = subprocess.run([PUZZLEC, "count", genre, f.name, "--json", "--max", "2"],
                             capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    return json.loads(out).get("answer_texts") or []


def text_of(h, w, token):
    return f"{h} {w}\n" + "".join(" ".join(token(r, c) for c in range(w)) + "\n" for r in range(h))


def plant_shading(genre, h, w, rng):
    if genre == "kuromasu":
        black = [[False] * w for _ in range(h)]
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        for r, c in cells:
            if rng.random() < 0.5 and not any(inside(h, w, r + dr, c + dc) and black[r + dr][c + dc] for dr, dc in DIRS):
                black[r][c] = True
                if not connected(h, w, lambda y, x: not black[y][x]):
                    black[r][c] = False
        return [[not b for b in row] for row in black]
    # cave: grow from the centre; a cell joins when the outside stays tied to the edge
    cave = [[False] * w for _ in range(h)]
    cave[h // 2][w // 2] = True
    for _ in range(h * w * 3):
        r, c = rng.randrange(h), rng.randrange(w)
        if cave[r][c] or not any(inside(h, w, r + dr, c + dc) and cave[r + dr][c + dc] for dr, dc in DIRS):
            continue
        cave[r][c] = True
        outside = lambda y, x: not cave[y][x]
        ok = all(any(y in (0, h - 1) or x in (0, w - 1) for y, x in part) for part in parts(h, w, outside))
        if not ok or sum(map(sum, cave)) > 0.6 * h * w:
            cave[r][c] = False
    return cave


def parts(h, w, keep):
    cells = {(r, c) for r in range(h) for c in range(w) if keep(r, c)}
    out = []
    while cells:
        first = cells.pop()
        part, stack = [first], [first]
        while stack:
            r, c = stack.pop()
            for dr, dc in DIRS:
                if (r + dr, c + dc) in cells:
                    cells.discard((r + dr, c + dc))
                    part.append((r + dr, c + dc))
                    stack.append((r + dr, c + dc))
        out.append(part)
    return out


def main():
    genre, h, w, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    clue = {}
    if genre == "akari":
        wall = [[rng.random() < 0.2 for _ in range(w)] for _ in range(h)]
        lamp = [[False] * w for _ in range(h)]
        cells = [(r, c) for r in range(h) for c in range(w)]
        rng.shuffle(cells)
        lit = [[False] * w for _ in range(h)]
        for r, c in cells:
            if wall[r][c] or lit[r][c]:
                continue
            lamp[r][c] = lit[r][c] = True
            for dr, dc in DIRS:
                y, x = r + dr, c + dc
                while inside(h, w, y, x) and not wall[y][x]:
                    lit[y][x] = True
                    y, x = y + dr, x + dc
        count = lambda r, c: sum(lamp[r + dr][c + dc] for dr, dc in DIRS if inside(h, w, r + dr, c + dc))
        token = lambda r, c: (str(clue[(r, c)]) if (r, c) in clue else "x") if wall[r][c] else "-"
        planted = lambda r, c: "o" if lamp[r][c] else "-"
    else:
        open_ = plant_shading(genre, h, w, rng)
        token = lambda r, c: str(clue[(r, c)]) if (r, c) in clue else "-"
        mark = ("-", "x") if genre == "kuromasu" else ("x", "-")
        planted = lambda r, c: mark[0] if open_[r][c] else mark[1]
    # Akari answers repeat the black cells' tokens: only lamps are compared.
    differs = lambda grid, r, c: (grid[r][c] == "o") != (planted(r, c) == "o") if genre == "akari" \
        else grid[r][c] != planted(r, c)
    rounds = 0
    while True:
        rounds += 1
        sols = solve(genre, text_of(h, w, token))
        other = None
        for s in sols:
            grid = [row.split() for row in s.strip().split("\n")[1:]]
            if any(differs(grid, r, c) for r in range(h) for c in range(w)):
                other = grid
                break
        if other is None:
            break
        diff = [(r, c) for r in range(h) for c in range(w) if differs(other, r, c)]
        r, c = rng.choice(diff)
        if genre == "akari":
            near = [(r + dr, c + dc) for dr, dc in DIRS if inside(h, w, r + dr, c + dc)
                    and wall[r + dr][c + dc] and (r + dr, c + dc) not in clue]
            if not near:
                near = [(y, x) for y in range(h) for x in range(w) if wall[y][x] and (y, x) not in clue]
            for y, x in near[:2]:
                clue[(y, x)] = count(y, x)
            if not near:
                break
        else:
            white = [(y, x) for y in range(h) for x in range(w) if open_[y][x] and (y, x) not in clue]
            opened = [[other[y][x] == mark[0] or (y, x) in clue for x in range(w)] for y in range(h)]
            differing = [(y, x) for y, x in white
                         if not opened[y][x] or seen(h, w, opened, y, x) != seen(h, w, open_, y, x)]
            y, x = rng.choice(differing or white)
            clue[(y, x)] = seen(h, w, open_, y, x)
    print(f"{genre} {h}x{w} seed {seed}: {rounds} rounds, {len(clue)} numbers", file=sys.stderr)
    sys.stdout.write(text_of(h, w, token))


if __name__ == "__main__":
    main()
