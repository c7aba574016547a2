#!/usr/bin/env python3
"""Plants big yajilin puzzles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 tools/plant_yajilin.py H W SEED [START]

The loop first, about as `plant_masyu.py` grows it (the outline of a set of unit squares
between cell centres), but closing in cell centres now and then ($FILL, default 0.1) so that
some cells lie inside the loop. The cells off the loop, in random order, are shaded where no neighbour is
shaded yet and become clue cells otherwise, each with a random arrow and the count of shaded
cells it sees. A random START fraction of the clues (default 0.1) shows its number, the others
are clue cells without one (`x`). Then, while `target/release/puzzlec` finds a second
solution, numbers are shown on hidden clues whose count the second solution breaks (one per
area where the two differ, far apart). Showing a number only removes solutions and the
planted solution keeps every number, so this ends with one solution. Prints the URL under a
`//` line saying how it was made and what cspuz says (`$CSPUZ_URL`).
"""

import os
import sys

from plant_masyu import fills_a_centre, outline, square_allowed, square_sides
from planting import plant_main, cspuz_verdict, export_url, log, neighbours, solve_json, spread

# Numbers shown in one round are at least this far apart (Manhattan distance).
SPACING = 8
# The chance that the loop's growth closes in a cell centre (see `grow_squares`).
FILL = float(os.environ.get("FILL", "0.1"))

STEPS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}


def grow_squares(h, w, rng, fill):
    """A set of unit squares between cell centres whose outline is one simple loop, as
    `plant_masyu.grow_squares` grows it (one square at a time, sharing one run of sides with
    the set, no pinch), but a square that closes in a cell centre is taken with probability
    `fill`: the centres inside are off the loop, room for shaded and clue cells. The frontier
    is kept as a list (with stale entries) so that big grids take seconds."""
    rows, cols = h - 1, w - 1
    inside = {(rng.randrange(rows), rng.randrange(cols))}
    frontier = [x for s in inside for x in square_sides(s)]
    banned = set()
    misses = 0
    while frontier and misses < 5 * rows * cols:
        i = rng.randrange(len(frontier))
        s = frontier[i]
        if s in inside or not (0 <= s[0] < rows and 0 <= s[1] < cols):
            frontier[i] = frontier[-1]
            frontier.pop()
            continue
        if s in banned:
            misses += 1
        elif (square_allowed(inside, rows, cols, s) and fills_a_centre(inside, s)
              and rng.random() >= fill):
            banned.add(s)  # decided once, or the set would fill the whole grid in the end
            misses += 1
        elif square_allowed(inside, rows, cols, s):
            inside.add(s)
            frontier.extend(square_sides(s))
            misses = 0
        else:
            misses += 1
    return inside


def ray(h, w, cell, letter):
    dr, dc = STEPS[letter]
    r, c = cell[0] + dr, cell[1] + dc
    while 0 <= r < h and 0 <= c < w:
        yield r, c
        r, c = r + dr, c + dc


def text(h, w, clues, shown):
    """The janko text: `-` free, `NL` a shown arrow clue, `x` a clue without its number."""
    def token(cell):
        if cell not in clues:
            return "-"
        count, letter = clues[cell]
        return f"{count}{letter}" if cell in shown else "x"
    return f"{h} {w}\n" + "".join(
        " ".join(token((r, c)) for c in range(w)) + "\n" for r in range(h))


def shaded_of(rows):
    """The shaded cells of a solution as printed (`#`)."""
    return {(r, c) for r, row in enumerate(rows) for c, t in enumerate(row.split()) if t == "#"}


def plant(h, w, start, rng):
    """One attempt: the URL, the rounds and the shown count, or None when no hidden number
    tells the two solutions apart."""
    links = outline(h, w, grow_squares(h, w, rng, FILL))
    off = [(r, c) for r in range(h) for c in range(w) if (r, c) not in links]
    rng.shuffle(off)
    shaded, clue_cells = set(), []
    for cell in off:
        if any(x in shaded for x in neighbours(h, w, *cell)):
            clue_cells.append(cell)
        else:
            shaded.add(cell)
    clues = {}
    for cell in clue_cells:
        letter = rng.choice("nsew")
        clues[cell] = (sum(1 for x in ray(h, w, cell, letter) if x in shaded), letter)
    log(f"loop through {len(links)} of {h * w} cells, {len(shaded)} shaded, {len(clues)} clues")
    shown = {x for x in clues if rng.random() < start}
    for rounds in range(1, 10000):
        report = solve_json("yajilin", text(h, w, clues, shown), "-b", "batsat")
        if report["verdict"] == "unique":
            return export_url("yajilin", text(h, w, clues, shown)), rounds, len(shown)
        other = next((shaded_of(s) for s in report["solutions"] if shaded_of(s) != shaded), None)
        if other is None:
            return None  # two loops through the same cells: no number tells them apart
        breaking = [x for x, (n, letter) in clues.items() if x not in shown
                    and sum(1 for y in ray(h, w, x, letter) if y in other) != n]
        if not breaking:
            return None
        rng.shuffle(breaking)
        added = spread(breaking, lambda x: x, SPACING)
        shown.update(added)
        log(f"round {rounds}: {len(breaking)} numbers would break the other solution, "
            f"{len(added)} shown, {len(shown)} of {len(clues)}")
    return None


def main():
    plant_main("plant_yajilin.py", plant, 0.1, "no hidden number tells the two solutions apart: a new loop", "numbers shown")


if __name__ == "__main__":
    main()
