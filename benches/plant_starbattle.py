#!/usr/bin/env python3
"""Plants big star battles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 benches/plant_starbattle.py N K SEED

K non-touching stars per row and column are planted first (row by row, at random, restarting
when a row cannot be filled). Rooms follow: a small room grows around every star, then K
neighbouring small rooms at a time merge into one (the one with the fewest free neighbours
first, so that none is stranded), which gives N connected rooms of K stars. Then, while
`target/release/puzzlec` finds a second solution, a cell that holds a star in it but not in the
planted solution moves to a neighbouring room, together with any part of its room that only it
connected: the planted solution keeps every rule (none of the moved cells holds one of its
stars) and the second one breaks (its star moved from one room to another). Uniqueness is
confirmed by `$CSPUZ_URL URL` when that is set. Prints the URL under a `//` line saying how it
was made.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEC = os.path.join(ROOT, "target", "release", "puzzlec")


def neighbours(n, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield r + dr, c + dc


def plant_stars(n, k, rng):
    """K stars per row and column, none touching: a set of (row, column)."""
    while True:
        stars, cols = [], [0] * n
        for r in range(n):
            prev = {c for (rr, c) in stars if rr == r - 1}
            choices = [c for c in range(n) if cols[c] < k]
            rng.shuffle(choices)
            # Columns that are behind first, so that the last rows can still finish them.
            choices.sort(key=lambda c: cols[c] - r * k / n)
            row = []
            for c in choices:
                if len(row) < k and all(abs(c - x) > 1 for x in prev | set(row)):
                    row.append(c)
            if len(row) < k:
                break
            for c in row:
                stars.append((r, c))
                cols[c] += 1
        else:
            if all(x == k for x in cols):
                return set(stars)


def grow(n, room, rng, may_take):
    """Gives every cell to a room next to it, at random, starting from the seeded rooms."""
    todo = [(r, c) for r in range(n) for c in range(n) if (r, c) not in room]
    stuck = 0
    while todo and stuck < 50 * len(todo) + 1000:
        cell = rng.choice(todo)
        around = [room[x] for x in neighbours(n, *cell) if x in room and may_take(cell)]
        if around:
            room[cell] = rng.choice(around)
            todo.remove(cell)
            stuck = 0
        else:
            stuck += 1
    return not todo


def plant_rooms(n, k, rng, planted):
    """N connected rooms of K planted stars each, or None when the merging strands a room."""
    small = {cell: i for i, cell in enumerate(sorted(planted))}
    if not grow(n, small, rng, lambda cell: cell not in planted):
        return None
    adj = {i: set() for i in small.values()}
    for (r, c), i in small.items():
        adj[i] |= {small[x] for x in neighbours(n, r, c)} - {i}
    free, group = set(adj), {}

    def free_degree(i):
        return (len(adj[i] & free), rng.random())

    while free:
        members = [min(free, key=free_degree)]
        free.discard(members[0])
        while len(members) < k:
            frontier = set().union(*(adj[m] for m in members)) & free
            if not frontier:
                return None
            members.append(min(frontier, key=free_degree))
            free.discard(members[-1])
        for m in members:
            group[m] = members[0]
    ids = {g: i for i, g in enumerate(sorted(set(group.values())))}
    return {cell: ids[group[i]] for cell, i in small.items()}


def components(cells):
    """The orthogonally connected parts of a set of cells."""
    cells, parts = set(cells), []
    while cells:
        part = {cells.pop()}
        stack = list(part)
        while stack:
            r, c = stack.pop()
            for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if x in cells:
                    cells.discard(x)
                    part.add(x)
                    stack.append(x)
        parts.append(part)
    return parts


def puzzlec(args, room, n, k):
    """Runs puzzlec on the rooms written as the generic grid text; its standard output."""
    text = f"{n} {n} {k}\n" + "".join(
        " ".join(f"r{room[(r, c)]}" for c in range(n)) + "\n" for r in range(n)
    )
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        run = [PUZZLEC] + args[:2] + [f.name] + args[2:]
        return subprocess.run(run, capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)


def refine(n, k, room, planted, rng):
    """Moves cells between rooms until one solution is left; the URL, or None when stuck.
    When no move can break the second solution while keeping the planted one, the two swap
    roles (the puzzle only has to end with one solution, whichever)."""
    for rounds in range(5000):
        report = json.loads(puzzlec(["solve", "starbattle", "-b", "batsat", "--json"], room, n, k))
        if report["verdict"] == "unique":
            return puzzlec(["export", "starbattle", "--format", "url"], room, n, k).strip(), rounds
        stars = [{(r, c) for r, row in enumerate(s) for c, ch in enumerate(row) if ch == "#"}
                 for s in report["solutions"]]
        other = next(s for s in stars if s != planted)
        for keep, kill in ((planted, other), (other, planted)):
            moves = []
            for cell in kill - keep:
                home = room[cell]
                parts = components({x for x, v in room.items() if v == home} - {cell})
                if sum(1 for part in parts if part & keep) != 1:
                    continue  # the room's kept stars would fall apart
                moving = {cell}.union(*[part for part in parts if not part & keep])
                for target in {room[x] for x in neighbours(n, *cell)} - {home}:
                    moves.append((len(moving), rng.random(), moving, target))
            if moves:
                break
        if not moves:
            return None, rounds
        planted = keep
        _, _, moving, target = min(moves, key=lambda m: m[:2])
        for x in moving:
            room[x] = target
    return None, rounds


def main():
    n, k, seed = (int(a) for a in sys.argv[1:4])
    rng = random.Random(seed)
    for attempt in range(1000):
        planted = plant_stars(n, k, rng)
        room = plant_rooms(n, k, rng, planted)
        if room is None:
            continue
        url, rounds = refine(n, k, room, planted, rng)
        if url is None:
            continue
        peer = os.environ.get("CSPUZ_URL")
        verdict = "not checked (CSPUZ_URL unset)"
        if peer:
            verdict = subprocess.run([peer, url], capture_output=True, text=True).stdout.strip()
        print(f"// planted by benches/plant_starbattle.py {n} {k} {seed} (attempt {attempt}, "
              f"{rounds} room changes); cspuz: {verdict}")
        print(url)
        return
    sys.exit("no instance found")


if __name__ == "__main__":
    main()
