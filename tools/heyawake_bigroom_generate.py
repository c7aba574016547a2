#!/usr/bin/env python3
"""Plants a heyawake shading in one big room and carves clued cells until it is the only one.

usage: heyawake_bigroom_generate.py H W SEED > puzzle.txt

The solution: the densest of 30 greedy shadings (cells in random order are shaded when no
neighbour is shaded and the unshaded cells stay connected; about a third of the cells), then
what `puzzlec solve --first` finds with one more shaded cell, until it finds none (on 11x11
that takes a minute or two; 14x14 did not finish in 20 minutes). The puzzle starts as one room
holding every cell, clued with the shading's count: the hard case of heyawake, a big room with
a big clue. While `puzzlec solve` finds another solution T, one cell where the two differ
becomes a one-cell room, clued as the planted solution has it: preferably a cell the planted
solution leaves unshaded (clued 0, which keeps the big room's clue high) when no unshaded run
of the planted solution then crosses two borders, else a cell it shades (clued 1: a shaded
cell is in no run); never a cell that would cut the big room in two. The planted solution
stays valid and T is ruled out. A plant where no differing cell can be carved is dropped for a
new one. Prints the puzzle in the generic grid text (room `A` is the big room), and the round
count on stderr. Needs target/release/puzzlec (or $PUZZLEC).
"""
import json, os, random, subprocess, sys, tempfile

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")


def neighbours(h, w, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def unshaded_connected(h, w, shaded):
    """Whether the cells outside `shaded` are connected (also: the big room outside the carved)."""
    cells = [(r, c) for r in range(h) for c in range(w) if (r, c) not in shaded]
    seen, stack = {cells[0]}, [cells[0]]
    while stack:
        for u in neighbours(h, w, *stack.pop()):
            if u not in seen and u not in shaded:
                seen.add(u)
                stack.append(u)
    return len(seen) == len(cells)


def greedy_shading(h, w, rng):
    shaded = set()
    cells = [(r, c) for r in range(h) for c in range(w)]
    rng.shuffle(cells)
    for cell in cells:
        if any(u in shaded for u in neighbours(h, w, *cell)):
            continue
        shaded.add(cell)
        if not unshaded_connected(h, w, shaded):
            shaded.discard(cell)
    return shaded


def solve_text(puzzle, *args):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(puzzle)
    out = subprocess.run([PUZZLEC, "solve", "heyawake", f.name, "--json", "-b", "batsat", *args],
                         capture_output=True, text=True)
    os.unlink(f.name)
    report = json.loads(out.stdout)
    if "verdict" not in report:
        sys.exit(f"{report}\n{puzzle}")
    return report


def plant(h, w, rng):
    """A shading of the whole grid with as many shaded cells as puzzlec can find: the densest of
    30 greedy ones, then one more shaded cell at a time while a solution exists."""
    best = max((greedy_shading(h, w, rng) for _ in range(30)), key=len)
    while True:
        clues = [[str(len(best) + 1) if r == c == 0 else "-" for c in range(w)] for r in range(h)]
        one_room = f"{h} {w}\n" + "\n".join(map(" ".join, clues)) + "\n\n" + (
            "\n".join(" ".join("A" * w) for _ in range(h)))
        report = solve_text(one_room, "--first")
        if report["verdict"] != "solved":
            return best
        rows = report["solutions"][0]
        best = {(r, c) for r in range(h) for c in range(w) if rows[r][c] == "#"}


def runs_ok(h, w, shaded, carved):
    """Whether no unshaded run of the planted shading crosses two room borders."""
    room = lambda cell: cell if cell in carved else None
    lines = [[(r, c) for c in range(w)] for r in range(h)]
    lines += [[(r, c) for r in range(h)] for c in range(w)]
    for line in lines:
        borders = 0
        for a, b in zip(line, line[1:]):
            if a in shaded or b in shaded:
                borders = 0
            elif room(a) != room(b):
                borders += 1
                if borders >= 2:
                    return False
    return True


def text(h, w, shaded, carved):
    big = next((r, c) for r in range(h) for c in range(w) if (r, c) not in carved)
    clue = {big: len(shaded - carved)}
    clue.update({cell: int(cell in shaded) for cell in carved})
    rooms = {cell: f"r{i}" for i, cell in enumerate(sorted(carved))}
    width = max([2] + [len(v) for v in rooms.values()])
    row = lambda r, f: " ".join(f(r, c).rjust(width) for c in range(w))
    return (f"{h} {w}\n"
            + "\n".join(row(r, lambda r, c: str(clue.get((r, c), "-"))) for r in range(h))
            + "\n\n"
            + "\n".join(row(r, lambda r, c: rooms.get((r, c), "A")) for r in range(h)) + "\n")


def main():
    h, w, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    for attempt in range(10):
        if attempt_unique(h, w, seed, rng):
            return
    sys.exit("no unique puzzle in 10 plants")


def attempt_unique(h, w, seed, rng):
    shaded = plant(h, w, rng)
    planted = ["".join("#" if (r, c) in shaded else "." for c in range(w)) for r in range(h)]
    carved = set()
    for rounds in range(1, 400):
        puzzle = text(h, w, shaded, carved)
        report = solve_text(puzzle)
        if report["verdict"] == "unique":
            assert report["solutions"][0] == planted
            ones = len(carved & shaded)
            print(f"// Planted by tools/heyawake_bigroom_generate.py {h} {w} {seed}: one room of "
                  f"{h * w - len(carved)} cells clued {len(shaded - carved)}, one-cell rooms: "
                  f"{len(carved) - ones} clued 0, {ones} clued 1.")
            print(puzzle, end="")
            print(f"unique after {rounds} rounds, {len(carved)} cells carved", file=sys.stderr)
            return True
        other = next(s for s in report["solutions"] if s != planted)
        differ = [(r, c) for r in range(h) for c in range(w)
                  if planted[r][c] != other[r][c] and (r, c) not in carved]
        rng.shuffle(differ)
        differ.sort(key=lambda cell: cell in shaded)  # unshaded (clue 0) first
        before = len(carved)
        for cell in differ:
            more = carved | {cell}
            if len(carved) == before and unshaded_connected(
                    h, w, more) and (cell in shaded or runs_ok(h, w, shaded, more)):
                carved.add(cell)
        if len(carved) == before:
            return False
    return False


if __name__ == "__main__":
    main()
