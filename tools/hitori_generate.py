#!/usr/bin/env python3
"""Plants a random hitori solution and changes shaded numbers until it is the only one.

usage: hitori_generate.py H W SEED [DENSITY] > puzzle.url

The solution: cells in random order are shaded (with probability DENSITY, default 0.6) when no
neighbour is shaded and the unshaded cells stay connected; a second pass shades every cell that
still can be (otherwise shading it too would be a second solution). Numbers: a random Latin rectangle
(distinct in every row and column), and every shaded cell copies the number of an unshaded
cell of its row or column. While `puzzlec solve` finds another solution T, a cell y shaded in
the planted solution but not in T copies the number of a cell z of its line that T leaves
unshaded: the planted solution stays valid and T is ruled out. Prints the URL (via
`puzzlec export`) and the round count on stderr. Needs target/release/puzzlec (or $PUZZLEC).
"""
import json, os, random, subprocess, sys, tempfile

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")


def neighbours(h, w, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def connected_without(h, w, shaded, cell):
    open_cells = [(r, c) for r in range(h) for c in range(w)
                  if not shaded[r][c] and (r, c) != cell]
    seen, stack = {open_cells[0]}, [open_cells[0]]
    while stack:
        v = stack.pop()
        for u in neighbours(h, w, *v):
            if u not in seen and u != cell and not shaded[u[0]][u[1]]:
                seen.add(u)
                stack.append(u)
    return len(seen) == len(open_cells)


def plant(h, w, rng, density):
    shaded = [[False] * w for _ in range(h)]
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    # A second pass shades every cell it still can: a cell that could be shaded on top of the
    # solution would give a second one whatever the numbers.
    for p in (density, 1.0):
        for r, c in cells:
            if rng.random() < p and not any(shaded[a][b] for a, b in neighbours(h, w, r, c)) \
                    and connected_without(h, w, shaded, (r, c)):
                shaded[r][c] = True
    return shaded


def line_of(h, w, r, c):
    return [(r, j) for j in range(w) if j != c] + [(i, c) for i in range(h) if i != r]


def solve(h, w, numbers):
    text = f"{h} {w}\n" + "\n".join(" ".join(str(numbers[r][c]) for c in range(w))
                                    for r in range(h)) + "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    out = subprocess.run([PUZZLEC, "solve", "hitori", f.name, "--json"],
                         capture_output=True, text=True)
    return f.name, json.loads(out.stdout)


def main():
    h, w, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    density = float(sys.argv[4]) if len(sys.argv) > 4 else 0.6
    rng = random.Random(seed)
    shaded = plant(h, w, rng, density)
    n = max(h, w)
    rows, cols, symbols = rng.sample(range(n), n), rng.sample(range(n), n), rng.sample(range(n), n)
    numbers = [[symbols[(rows[r] + cols[c]) % n] + 1 for c in range(w)] for r in range(h)]
    for r in range(h):
        for c in range(w):
            if shaded[r][c]:
                a, b = rng.choice([u for u in line_of(h, w, r, c) if not shaded[u[0]][u[1]]])
                numbers[r][c] = numbers[a][b]
    planted = ["".join("#" if shaded[r][c] else "." for c in range(w)) for r in range(h)]
    for rounds in range(1, 1000):
        path, report = solve(h, w, numbers)
        if report["verdict"] == "unique":
            url = subprocess.run([PUZZLEC, "export", "hitori", path, "--format", "url"],
                                 capture_output=True, text=True).stdout.strip()
            print(url)
            print(f"unique after {rounds} rounds", file=sys.stderr)
            return
        os.unlink(path)
        other = next(s for s in report["solutions"] if s != planted)
        ys = [(r, c) for r in range(h) for c in range(w) if shaded[r][c] and other[r][c] == "."]
        r, c = rng.choice(ys)
        a, b = rng.choice([u for u in line_of(h, w, r, c) if other[u[0]][u[1]] == "."])
        numbers[r][c] = numbers[a][b]
    sys.exit("no unique puzzle within 1000 rounds")


if __name__ == "__main__":
    main()
