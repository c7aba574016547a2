#!/usr/bin/env python3
"""Plants big star battles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 tools/plant_starbattle.py N K SEED

K non-touching stars per row and column are planted first (row by row, at random, restarting
when a row cannot be filled). Rooms follow: a small room grows around every star, then K
neighbouring small rooms at a time merge into one (the one with the fewest free neighbours
first, so that none is stranded), which gives N connected rooms of K stars. Then, while
`target/release/puzzlec` (or `$PUZZLEC`) finds a second solution, cells that hold a star in it
but not in the planted solution move to a neighbouring room (`refine` says how and why it
converges): the planted solution keeps every rule (none of the moved cells holds one of its
stars) and the second one breaks. Uniqueness is confirmed by `$CSPUZ_URL URL` when that is
set. Prints the URL under a `//` line saying how it was made. The second solution is the
solver's choice, so the same arguments give the same puzzle with the same puzzlec.
"""

import random
import sys

from planting import (components, cspuz_verdict, export_url, log, neighbours, room_text,
                      solve_json)


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
        around = [room[x] for x in neighbours(n, n, *cell) if x in room and may_take(cell)]
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
        adj[i] |= {small[x] for x in neighbours(n, n, r, c)} - {i}
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


def swaps(n, room, keep):
    """The rectangle swaps the rooms allow: pairs of kept stars (r1, c1), (r2, c2) whose other
    corners (r1, c2), (r2, c1) hold no star, touch no other star and lie in the same two rooms.
    Each is a second solution (rows and columns keep their counts), the commonest kind, and
    cheap to find without a solver. Returns the other corners, one pair per swap."""
    stars = sorted(keep)
    out = []
    for i, a in enumerate(stars):
        for b in stars[i + 1:]:
            if a[0] == b[0] or a[1] == b[1]:
                continue
            x, y = (a[0], b[1]), (b[0], a[1])
            if x in keep or y in keep or sorted((room[a], room[b])) != sorted((room[x], room[y])):
                continue
            rest = keep - {a, b}
            if any(touches(x, z) or touches(y, z) for z in rest) or touches(x, y):
                continue
            out.append((x, y))
    return out


def swaps_through(room, keep, cells):
    """The swaps of `swaps` with an empty corner among `cells`, as a set of (x, y) pairs in its
    form: found from the stars in each cell's row and column instead of from every pair."""
    by_row, by_col = {}, {}
    for star in keep:
        by_row.setdefault(star[0], []).append(star)
        by_col.setdefault(star[1], []).append(star)
    out = set()
    for m in cells:
        for a in by_row.get(m[0], []):
            for b in by_col.get(m[1], []):
                p, q = sorted((a, b))
                if p[0] == q[0] or p[1] == q[1]:
                    continue
                x, y = (p[0], q[1]), (q[0], p[1])
                if x in keep or y in keep:
                    continue
                if sorted((room[p], room[q])) != sorted((room[x], room[y])):
                    continue
                rest = keep - {p, q}
                if any(touches(x, z) or touches(y, z) for z in rest) or touches(x, y):
                    continue
                out.add((x, y))
    return out


def touches(a, b):
    """Whether two cells touch, diagonals included."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def move_out(n, room, cell, keep, rng, below=None):
    """Moves a cell without a kept star to a neighbouring room, with any part of its room that
    only it connected to the room's kept stars. The target is the room after which the fewest
    rectangle swaps are left (see `swaps`), then the smallest. False when the room's kept stars
    would fall apart, no other room is next to it, or (given `below`) no target leaves fewer
    than `below` swaps."""
    home = room[cell]
    parts = components({x for x, v in room.items() if v == home} - {cell})
    if sum(1 for part in parts if part & keep) != 1:
        return False
    moving = {cell}.union(*[part for part in parts if not part & keep])
    targets = sorted({room[y] for x in moving for y in neighbours(n, n, *x)} - {home})
    if not targets:
        return False
    size = {}
    for v in room.values():
        size[v] = size.get(v, 0) + 1

    # Only swaps with a corner among the moved cells change (the kept stars never move).
    total, through = len(swaps(n, room, keep)), len(swaps_through(room, keep, moving))

    def swaps_after(t):
        moved = dict(room)
        for x in moving:
            moved[x] = t
        return total - through + len(swaps_through(moved, keep, moving))

    scored = [(swaps_after(t), size[t], rng.random(), t) for t in targets]
    left, _, _, target = min(scored)
    if below is not None and left >= below:
        return False
    for x in moving:
        room[x] = target
    return True


def clear_swaps(n, k, room, keep, rng):
    """Breaks rectangle swaps without asking the solver while a move (or a redrawn border)
    leaves fewer of them; the number left."""
    while True:
        found = swaps(n, room, keep)
        if not found:
            return 0
        rng.shuffle(found)
        if any(move_out(n, room, cell, keep, rng, below=len(found))
               for pair in found for cell in pair):
            continue
        before = dict(room)
        for pair in found:
            if resplit(n, k, room, pair[0], keep, swapped(keep, pair), rng):
                if len(swaps(n, room, keep)) < len(found):
                    break
                room.update(before)
        else:
            return len(found)


def swapped(keep, corners):
    """The second solution of a rectangle swap given by its empty corners."""
    (r1, c2), (r2, c1) = corners
    return keep - {(r1, c1), (r2, c2)} | set(corners)


def resplit(n, k, room, cell, keep, kill, rng):
    """Redraws the border between the cell's room and a neighbouring one: the two rooms'
    cells are cut again into two connected rooms of K kept stars each, so that the solution
    to break has other than K stars in them. A part grows from a kept star, taking the
    frontier cell with the most neighbours in it first (compact parts leave the rest in one
    piece), until it holds K kept stars and a random share of the cells. False when 200
    random cuts per neighbour fail."""
    home = room[cell]
    mine = {x for x, v in room.items() if v == home}
    neighbours_ = sorted({room[y] for x in mine for y in neighbours(n, n, *x)} - {home})
    rng.shuffle(neighbours_)
    for other in neighbours_:
        union = mine | {x for x, v in room.items() if v == other}
        stars = sorted(union & keep)
        for _ in range(200):
            part, count = {rng.choice(stars)}, 1
            size = rng.randint(len(union) // 4, 3 * len(union) // 4)
            frontier = {y for x in part for y in neighbours(n, n, *x) if y in union} - part
            while frontier and (count < k or len(part) < size):
                x = max(sorted(frontier), key=lambda y: (
                    sum(z in part for z in neighbours(n, n, *y)), rng.random()))
                frontier.discard(x)
                if x in keep:
                    if count == k:
                        continue
                    count += 1
                part.add(x)
                frontier |= {y for y in neighbours(n, n, *x) if y in union} - part
            rest = union - part
            if count != k or len(components(rest)) != 1 or len(part & kill) == k:
                continue
            for x in part:
                room[x] = home
            for x in rest:
                room[x] = other
            return True
    return False


def refine(n, k, room, planted, rng):
    """Changes rooms until puzzlec finds one solution: the URL and the number of rounds.

    Each round first breaks the rectangle swaps the rooms allow (`clear_swaps`, no solver
    needed), then asks for a second solution and, for cells far apart that hold a star in it
    but not in the kept one, moves the cell to a neighbouring room (its room loses a star of
    the second solution, the target gains one). When no such move keeps the kept stars' room
    in one piece, the border to a neighbouring room is redrawn instead. Which of the two
    solutions is kept is decided per round: the one with fewer cells to break, unless those
    cells keep coming back (two rooms otherwise pass the same cells back and forth).

    Measured on the 20x20 with K = 4 (seed 1): without the swap clearing 54 to 335 rounds
    depending on the random choices, with it 12; asking for ten solutions per round and
    breaking the cells most of them share instead took 375."""
    moves = {}
    for rounds in range(1, 5000):
        left = clear_swaps(n, k, room, planted, rng)
        text = room_text(n, n, room, str(k))
        report = solve_json("starbattle", text, "-b", "batsat")
        if report["verdict"] == "unique":
            return export_url("starbattle", text), rounds
        stars = [{(r, c) for r, row in enumerate(s) for c, ch in enumerate(row) if ch == "#"}
                 for s in report["solutions"]]
        # The solver need not return the kept solution at all: then break the closer one.
        other = min((s for s in stars if s != planted), key=lambda s: len(s ^ planted))
        # Fewer cells to break is better, unless they keep coming back.
        ways = [(planted, other), (other, planted)]
        ways.sort(key=lambda way: (
            len(way[1] - way[0]) * (1 + min(moves.get(x, 0) for x in way[1] - way[0])),
            way[0] is not planted))
        for keep, kill in ways:
            cells = sorted(kill - keep, key=lambda x: (moves.get(x, 0), rng.random()))
            done = []
            for cell in cells:
                if all(max(abs(cell[0] - r), abs(cell[1] - c)) > 3 for r, c in done):
                    if move_out(n, room, cell, keep, rng):
                        moves[cell] = moves.get(cell, 0) + 1
                        done.append(cell)
            for cell in cells if not done else []:
                if resplit(n, k, room, cell, keep, kill, rng):
                    done.append(cell)
                    break
            if done:
                break
        else:
            return None, rounds
        planted = keep
        log(f"round {rounds}: {left} rectangle swaps left, {len(cells)} cells to break the "
            f"other solution, {len(done)} moved{' (roles swapped)' if keep is other else ''}")
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
        print(f"// planted by tools/plant_starbattle.py {n} {k} {seed} (attempt {attempt}, "
              f"{rounds} rounds); cspuz: {cspuz_verdict(url)}")
        print(url)
        return
    sys.exit("no instance found")


if __name__ == "__main__":
    main()
