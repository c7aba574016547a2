#!/usr/bin/env python3
"""Plants big masyu puzzles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 tools/plant_masyu.py H W SEED [START]

The loop first: a random set of the (H-1) x (W-1) unit squares between cell centres grows one
square at a time, each sharing one to three consecutive sides with the set, making no pinch
(two squares meeting only at a corner) and, where it can, leaving no cell centre inside the set;
the set's outline is then one simple loop through cell centres that visits most of the grid.
Then the pearls the loop allows: white where it goes straight and turns just before or after,
black where it turns and goes straight on through the next cell both ways. A random START
fraction of them (default 0.1) is placed; then, while `target/release/puzzlec` finds a second
loop, allowed pearls that the second loop breaks are added, far apart from each other. Adding
a pearl only removes solutions and the planted loop keeps every pearl, so this ends with the
planted loop as the only one. Prints the URL under a `//` line saying how it was made and what
cspuz says (`$CSPUZ_URL`).
"""

import sys

from planting import plant_main, cspuz_verdict, export_url, log, solve_json

# Pearls added in one round are at least this far apart (Manhattan distance): each round adds
# one pearl per region where the two loops differ, and no more, so that few pearls are spent.
SPACING = 8

STEPS = {"e": (0, 1), "w": (0, -1), "n": (-1, 0), "s": (1, 0)}


def square_sides(s):
    """The four squares sharing a side with square `s`, clockwise from above."""
    r, c = s
    return [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]


def square_allowed(inside, rows, cols, s):
    """Whether adding square `s` keeps the outline of `inside` one simple loop."""
    if s in inside or not (0 <= s[0] < rows and 0 <= s[1] < cols):
        return False
    shared = [x in inside for x in square_sides(s)]
    runs = sum(1 for i in range(4) if shared[i] and not shared[i - 1])
    if sum(shared) in (0, 4) or runs != 1:
        return False  # not touching, a hole filled, or a ring closed
    r, c = s
    for dr in (-1, 1):
        for dc in (-1, 1):
            if ((r + dr, c + dc) in inside and (r + dr, c) not in inside
                    and (r, c + dc) not in inside):
                return False  # a pinch at that corner
    return True


def fills_a_centre(inside, s):
    """Whether adding square `s` closes the four squares around a cell centre (which is then
    off the loop)."""
    r, c = s
    for dr in (-1, 0):
        for dc in (-1, 0):
            around = [(r + dr + i, c + dc + j) for i in (0, 1) for j in (0, 1)]
            if all(x == s or x in inside for x in around):
                return True
    return False


def grow_squares(h, w, rng):
    """A set of squares (r, c), r < h-1, c < w-1 (square (r, c) has the cell centres (r, c) and
    (r+1, c+1) at opposite corners) whose outline is one simple loop."""
    rows, cols = h - 1, w - 1
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    misses = 0
    while misses < 20 * rows * cols:
        frontier = sorted({x for s in inside for x in square_sides(s)} - inside)
        s = rng.choice(frontier)
        if square_allowed(inside, rows, cols, s) and not fills_a_centre(inside, s):
            inside.add(s)
            misses = 0
        else:
            misses += 1
    return inside


def outline(h, w, inside):
    """The loop around the squares: for each cell centre on it, its two directions."""
    links = {}
    for r, c in inside:
        # Square (r, c) has corners (r, c), (r, c+1), (r+1, c), (r+1, c+1); a side is on the
        # outline when the square across it is outside.
        for (dr, dc), (a, b) in (((-1, 0), ((r, c), (r, c + 1))),
                                 ((1, 0), ((r + 1, c), (r + 1, c + 1))),
                                 ((0, -1), ((r, c), (r + 1, c))),
                                 ((0, 1), ((r, c + 1), (r + 1, c + 1)))):
            if (r + dr, c + dc) not in inside:
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
    return links


def directions(cell, links):
    """The direction letters from a cell to its two loop neighbours, in `e n s w` order."""
    out = ""
    for letter in "ensw":
        dr, dc = STEPS[letter]
        if (cell[0] + dr, cell[1] + dc) in links.get(cell, ()):
            out += letter
    return out


def straight(d):
    return d in ("ew", "ns")


def allowed_pearls(links):
    """{cell: 'w' or 'b'} for every cell where the loop allows a pearl."""
    pearls = {}
    for cell in links:
        d = directions(cell, links)
        ends = [directions(x, links) for x in links[cell]]
        if straight(d) and any(not straight(e) for e in ends):
            pearls[cell] = "w"
        elif not straight(d) and all(straight(e) for e in ends):
            pearls[cell] = "b"
    return pearls


def loop_of(rows):
    """A solution as printed (direction letters per cell) as links."""
    links = {}
    for r, row in enumerate(rows):
        for c, d in enumerate(row.split()):
            if d != ".":
                links[(r, c)] = {(r + STEPS[x][0], c + STEPS[x][1]) for x in d}
    return links


def text(h, w, pearls):
    return f"{h} {w}\n" + "".join(
        " ".join(pearls.get((r, c), "-") for c in range(w)) + "\n" for r in range(h))


def thin(h, w, pearls, rng):
    """Takes pearls away, one at a time in random order, wherever the loop stays unique (each
    round above adds what one pair of loops needs; many of those pearls end up redundant)."""
    for x in sorted(pearls, key=lambda _: rng.random()):
        kept = pearls.pop(x)
        if solve_json("masyu", text(h, w, pearls), "-b", "batsat")["verdict"] != "unique":
            pearls[x] = kept
    log(f"thinned to {len(pearls)} pearls")


def plant(h, w, start, rng):
    """One attempt: the URL, the rounds and the pearl count, or None when two loops allow the
    same pearls everywhere (no pearl can tell them apart)."""
    links = outline(h, w, grow_squares(h, w, rng))
    candidates = allowed_pearls(links)
    log(f"loop through {len(links)} of {h * w} cells, {len(candidates)} pearls allowed")
    pearls = {x: p for x, p in candidates.items() if rng.random() < start}
    for rounds in range(1, 10000):
        report = solve_json("masyu", text(h, w, pearls), "-b", "batsat")
        if report["verdict"] == "unique":
            thin(h, w, pearls, rng)
            return export_url("masyu", text(h, w, pearls)), rounds, len(pearls)
        other = next(loop_of(s) for s in report["solutions"] if loop_of(s) != links)
        # Pearls one loop allows and the other breaks; the planted loop is kept if it has any,
        # else the other loop is kept from now on (both keep every pearl placed so far).
        for keep, lose in ((links, other), (other, links)):
            allowed, broken = allowed_pearls(keep), allowed_pearls(lose)
            breaking = [x for x, p in allowed.items() if x not in pearls and broken.get(x) != p]
            if breaking:
                break
        else:
            return None
        links = keep
        rng.shuffle(breaking)
        added = []
        for x in breaking:
            if all(abs(x[0] - r) + abs(x[1] - c) > SPACING for r, c in added):
                pearls[x] = allowed[x]
                added.append(x)
        log(f"round {rounds}: {len(breaking)} pearls would break the other loop, "
            f"{len(added)} added, {len(pearls)} pearls"
            f"{' (the other loop kept)' if keep is other else ''}")
    return None


def main():
    plant_main("plant_masyu.py", plant, 0.1, "two loops allow the same pearls everywhere: a new loop", "pearls")


if __name__ == "__main__":
    main()
