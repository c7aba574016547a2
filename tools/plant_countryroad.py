#!/usr/bin/env python3
"""Plants country road puzzles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 tools/plant_countryroad.py H W SEED [START]

The loop first, as `plant_masyu.py` grows it (the outline of a set of unit squares between
cell centres). The loop, walked once round, is cut into runs of 1 to 8 cells, each run the
seed of one room, so the loop enters each room once; each connected part of the cells off the
loop joins the room of one loop cell next to it, so off-loop cells never touch across a room
border. When no hidden number tells a second loop apart, a room where the loops differ is cut
in two (each piece one run of the planted loop) and both pieces are numbered. A room's number is its count of loop cells; a random START fraction of the rooms
(default 0.2) shows it. Then, while `target/release/puzzlec` finds a second loop, numbers are
shown in rooms whose count the second loop breaks (far apart). Showing a number only removes
solutions and the planted loop keeps every number, so this ends with one loop. Prints the URL
under a `//` line saying how it was made and what cspuz says (`$CSPUZ_URL`).
"""

import sys

from plant_masyu import grow_squares, loop_of, outline
from planting import plant_main, components, cspuz_verdict, export_url, log, neighbours, solve_json, spread

# Numbers shown in one round are at least this far apart (Manhattan distance).
SPACING = 4
LONGEST_RUN = 8
# The grid's height and width, for `split_room`.
SIZE = [0, 0]


def cycle(links):
    """The loop's cells in order round it."""
    start = min(links)
    order, previous, cell = [start], None, start
    while True:
        step = next(x for x in sorted(links[cell]) if x != previous)
        if step == start:
            return order
        order.append(step)
        previous, cell = cell, step


def text(h, w, room, number_at, shown):
    """The janko text: the clue grid (a shown room's number in one of its cells), then the
    room ids."""
    def clue(cell):
        r = room[cell]
        return str(shown[r]) if r in shown and number_at[r] == cell else "-"
    grid = lambda f: "".join(" ".join(f((r, c)) for c in range(w)) + "\n" for r in range(h))
    return f"{h} {w}\n" + grid(clue) + grid(lambda x: str(room[x] + 1))


def split_room(links, other, order, room, count, number_at, shown, rng):
    """Cuts the run of a room where the two loops differ in two, both numbered: each piece is
    still one run of the planted loop, and each part of the room off the loop stays with a
    piece it touches. False when no room can be cut."""
    differ = [x for x in order if other.get(x) != links[x]]
    rng.shuffle(differ)
    for x in differ:
        r = room[x]
        run = [y for y in order if room[y] == r]
        at = run.index(x) or 1
        if len(run) < 2:
            continue
        new = len(count)
        for y in run[at:]:
            room[y] = new
        kept = set(run[:at])
        off = [y for y in room if room[y] == r and y not in links]
        for part in components(off):
            if not any(z in kept for y in part for z in neighbours(*SIZE, *y)):
                for y in part:
                    room[y] = new
        count[r], count_new = at, len(run) - at
        count.append(count_new)
        for k in (r, new):
            number_at[k] = rng.choice(sorted(y for y in room if room[y] == k))
            shown[k] = count[k]
        return True
    return False


def plant(h, w, start, rng):
    """One attempt: the URL, the rounds and the shown count, or None when no hidden number
    tells the two loops apart."""
    SIZE[:] = [h, w]
    links = outline(h, w, grow_squares(h, w, rng))
    order = cycle(links)
    room, count = {}, []
    i = 0
    while i < len(order):
        run = order[i:i + rng.randint(1, LONGEST_RUN)]
        for x in run:
            room[x] = len(count)
        count.append(len(run))
        i += len(run)
    off = [(r, c) for r in range(h) for c in range(w) if (r, c) not in links]
    for part in components(off):
        touching = sorted({room[y] for x in part for y in neighbours(h, w, *x) if y in room})
        joined = rng.choice(touching)
        for x in part:
            room[x] = joined
    cells = {}
    for x, r in room.items():
        cells.setdefault(r, []).append(x)
    number_at = {r: rng.choice(sorted(xs)) for r, xs in cells.items()}
    log(f"loop through {len(links)} of {h * w} cells, {len(count)} rooms")
    shown = {r: count[r] for r in range(len(count)) if rng.random() < start}
    for rounds in range(1, 10000):
        report = solve_json("countryroad", text(h, w, room, number_at, shown), "-b", "batsat")
        if report["verdict"] == "unique":
            return export_url("countryroad", text(h, w, room, number_at, shown)), rounds, len(shown)
        other = next((loop_of(s) for s in report["solutions"] if loop_of(s) != links), None)
        if other is None:
            return None
        breaking = [r for r in range(len(count)) if r not in shown
                    and sum(1 for x in cells[r] if x in other) != count[r]]
        if not breaking:
            if not split_room(links, other, order, room, count, number_at, shown, rng):
                return None
            cells = {}
            for x, r in room.items():
                cells.setdefault(r, []).append(x)
            log(f"round {rounds}: no hidden number breaks the other loop; a room split, "
                f"{len(count)} rooms")
            continue
        rng.shuffle(breaking)
        added = spread(breaking, lambda r: number_at[r], SPACING)
        for r in added:
            shown[r] = count[r]
        log(f"round {rounds}: {len(breaking)} rooms would break the other loop, "
            f"{len(added)} shown, {len(shown)} of {len(count)}")
    return None


def main():
    plant_main("plant_countryroad.py", plant, 0.2, "no hidden number tells the two loops apart: a new loop", "numbers shown")


if __name__ == "__main__":
    main()
