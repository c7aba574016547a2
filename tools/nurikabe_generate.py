#!/usr/bin/env python3
"""Plants a random nurikabe solution and moves clues until it is the only one.

usage: nurikabe_generate.py H W SEED [MAX_ISLAND] > puzzle.url

The solution: start from an all-shaded grid and unshade cells of 2x2 shaded blocks (keeping
the wall connected and islands at most MAX_ISLAND cells, default 9) until no block is left;
each island gets its size as a clue in a random cell. While `puzzlec solve` finds another
solution T, a cell u that is land in the planted solution and wall in T takes its island's clue:
the planted solution stays valid and T is ruled out (a wall cell that T leaves unshaded may
also become land, a land cell that T shades may become wall). A plant that does not settle
within 200 rounds is dropped for a new one. Prints the URL (via `puzzlec export`) and
the round count on stderr. Needs target/release/puzzlec (or $PUZZLEC).
"""
import json, os, random, subprocess, sys, tempfile

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")


def neighbours(h, w, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def wall_connected_without(h, w, land, cell):
    walls = [(r, c) for r in range(h) for c in range(w) if not land[r][c] and (r, c) != cell]
    if not walls:
        return True
    seen, stack = {walls[0]}, [walls[0]]
    while stack:
        v = stack.pop()
        for u in neighbours(h, w, *v):
            if u not in seen and u != cell and not land[u[0]][u[1]]:
                seen.add(u)
                stack.append(u)
    return len(seen) == len(walls)


def islands(h, w, land):
    label, out = {}, []
    for r in range(h):
        for c in range(w):
            if land[r][c] and (r, c) not in label:
                comp, stack = [(r, c)], [(r, c)]
                label[(r, c)] = len(out)
                while stack:
                    v = stack.pop()
                    for u in neighbours(h, w, *v):
                        if land[u[0]][u[1]] and u not in label:
                            label[u] = len(out)
                            comp.append(u)
                            stack.append(u)
                out.append(comp)
    return label, out


def plant(h, w, rng, max_island):
    while True:
        land = [[False] * w for _ in range(h)]
        stuck = False
        while not stuck:
            blocks = [(r, c) for r in range(h - 1) for c in range(w - 1)
                      if not any(land[r + i][c + j] for i in (0, 1) for j in (0, 1))]
            if not blocks:
                return land
            r, c = rng.choice(blocks)
            cells = [(r + i, c + j) for i in (0, 1) for j in (0, 1)]
            rng.shuffle(cells)
            label, comps = islands(h, w, land)
            stuck = True
            for cell in cells:
                joined = {label[u] for u in neighbours(h, w, *cell) if u in label}
                size = 1 + sum(len(comps[i]) for i in joined)
                if size <= max_island and wall_connected_without(h, w, land, cell):
                    land[cell[0]][cell[1]] = True
                    stuck = False
                    break


def solve(h, w, clues):
    text = f"{h} {w}\n" + "\n".join(
        " ".join(str(clues.get((r, c), "-")) for c in range(w)) for r in range(h)) + "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    out = subprocess.run([PUZZLEC, "solve", "nurikabe", f.name, "--json"],
                         capture_output=True, text=True)
    return f.name, json.loads(out.stdout)


def main():
    h, w, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    max_island = int(sys.argv[4]) if len(sys.argv) > 4 else 9
    rng = random.Random(seed)
    for attempt in range(10):
        if attempt_unique(h, w, rng, max_island):
            return
    sys.exit("no unique puzzle in 10 attempts of 200 rounds")


def attempt_unique(h, w, rng, max_island):
    land = plant(h, w, rng, max_island)
    _, comps = islands(h, w, land)
    clue_cells = {rng.choice(comp) for comp in comps}
    for rounds in range(1, 200):
        label, comps = islands(h, w, land)
        clues = {cell: len(comps[label[cell]]) for cell in clue_cells}
        planted = ["".join("." if land[r][c] else "#" for c in range(w)) for r in range(h)]
        path, report = solve(h, w, clues)
        if report["verdict"] == "unique":
            url = subprocess.run([PUZZLEC, "export", "nurikabe", path, "--format", "url"],
                                 capture_output=True, text=True).stdout.strip()
            print(url)
            print(f"unique after {rounds} rounds", file=sys.stderr)
            return True
        os.unlink(path)
        other = next(s for s in report["solutions"] if s != planted)
        differ = [(r, c) for r in range(h) for c in range(w) if planted[r][c] != other[r][c]]
        rng.shuffle(differ)
        if os.environ.get("VERBOSE"):
            print(f"round {rounds}: {len(differ)} cells differ", file=sys.stderr)
        # Per group of differing cells (each is usually one local ambiguity): a wall cell of
        # the planted solution that the other one leaves unshaded becomes land (joining at
        # most one island); a land cell u that the other one shades becomes wall when no 2x2
        # wall appears (what is left of its island gets clues again: smaller islands have fewer
        # shapes), else u takes its island's clue. Each keeps the planted solution valid and
        # rules the other one out.
        done = set()
        for r, c in differ:
            near = {(r + i, c + j) for i in range(-2, 3) for j in range(-2, 3)}
            if near & done or (r, c) in clue_cells:
                continue
            if not land[r][c]:
                joined = {label[u] for u in neighbours(h, w, r, c) if u in label}
                if len(joined) <= 1 and wall_connected_without(h, w, land, (r, c)):
                    land[r][c] = True
                    if not joined:
                        clue_cells.add((r, c))
                    done.add((r, c))
                    label, comps = islands(h, w, land)
                continue
            done.add((r, c))
            island = comps[label[(r, c)]]
            land[r][c] = False
            blocks = [(r - i, c - j) for i in (0, 1) for j in (0, 1)
                      if 0 <= r - i < h - 1 and 0 <= c - j < w - 1]
            if all(land[u[0]][u[1]] for u in neighbours(h, w, r, c)) or any(
                    not any(land[a + i][b + j] for i in (0, 1) for j in (0, 1))
                    for a, b in blocks):
                land[r][c] = True
                clue_cells -= set(island)
                clue_cells.add((r, c))
                continue
            label, comps = islands(h, w, land)
            for part in {label[v] for v in island if land[v[0]][v[1]]}:
                if not clue_cells & set(comps[part]):
                    clue_cells.add(rng.choice(comps[part]))
    return False


if __name__ == "__main__":
    main()
