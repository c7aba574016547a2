#!/usr/bin/env python3
"""Plants big LITS puzzles with one solution, for the benchmark against cspuz.

    CSPUZ_URL=../shared/peers/bin/cspuz-url python3 tools/plant_lits.py H W SEED

The solution first: a tetromino (L, I, T or S, any turn or mirror) at random, then again and
again a random piece that touches the shaded cells so far, covers none of them, makes no 2x2
shaded block and touches no piece of its own letter, until 2000 tries in a row find no place.
Every piece is a room; each unshaded cell joins the neighbouring room where it adds the fewest
places for a piece. Then, while `target/release/puzzlec` (or `$PUZZLEC`) finds a second
solution, cells far apart that it shades and the kept one does not move to another room
(`refine` and `move_out` say which and why): the kept solution keeps every rule (its pieces do
not move) and the second one breaks (its piece in that room lost a cell). Which solution is
kept can change from round to round, so the one that comes out is not always the first one
planted. The second solution is the solver's choice, so the same arguments give the same
puzzle with the same puzzlec. Prints the URL under a `//` line saying how it was made and what
cspuz says (`$CSPUZ_URL`).
"""

import random
import sys

from planting import (components, cspuz_verdict, export_url, log, neighbours, room_text,
                      solve_json)

BASE = {
    "L": [(0, 0), (1, 0), (2, 0), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1)],
    "S": [(0, 1), (0, 2), (1, 0), (1, 1)],
}


def orientations(cells):
    """Every turn and mirror image of a piece, each as cells shifted to the origin."""
    out = set()
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            r0, c0 = min(r for r, _ in shape), min(c for _, c in shape)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in shape)))
    return sorted(out)


SHAPES = [(letter, shape) for letter, cells in BASE.items() for shape in orientations(cells)]


def makes_2x2(shaded, cells):
    """Whether shading `cells` on top of `shaded` fills a 2x2 block."""
    both = shaded | set(cells)
    for r, c in cells:
        for dr in (-1, 0):
            for dc in (-1, 0):
                block = [(r + dr + i, c + dc + j) for i in (0, 1) for j in (0, 1)]
                if all(x in both for x in block):
                    return True
    return False


def plant_pieces(h, w, rng):
    """A connected shading by LITS pieces with no 2x2 block and no two equal pieces touching:
    {cell: piece index} and the letter of each piece."""
    piece_of, letters = {}, []

    def place(letter, cells):
        for x in cells:
            piece_of[x] = len(letters)
        letters.append(letter)

    letter, shape = rng.choice(SHAPES)
    r0, c0 = rng.randrange(h - 3), rng.randrange(w - 3)
    place(letter, [(r0 + r, c0 + c) for r, c in shape])
    misses = 0
    while misses < 2000:
        frontier = [y for x in piece_of for y in neighbours(h, w, *x) if y not in piece_of]
        anchor = rng.choice(frontier)
        letter, shape = rng.choice(SHAPES)
        dr, dc = rng.choice(shape)
        cells = [(anchor[0] + r - dr, anchor[1] + c - dc) for r, c in shape]
        touching = {piece_of[y] for x in cells if 0 <= x[0] < h and 0 <= x[1] < w
                    for y in neighbours(h, w, *x) if y in piece_of}
        if (all(0 <= r < h and 0 <= c < w and (r, c) not in piece_of for r, c in cells)
                and not makes_2x2(set(piece_of), cells)
                and all(letters[p] != letter for p in touching)):
            place(letter, cells)
            misses = 0
        else:
            misses += 1
    return piece_of, letters


def placements(cells):
    """How many LITS pieces fit inside `cells` (each position and orientation once)."""
    count = 0
    for r, c in cells:
        for _, shape in SHAPES:
            # Count each placement at its first cell in `shape` order.
            dr, dc = shape[0]
            if all((r + y - dr, c + x - dc) in cells for y, x in shape):
                count += 1
    return count


def plant_rooms(h, w, piece_of, rng):
    """Rooms {cell: id}: each piece, grown by the unshaded cells one at a time, each joining
    the neighbouring room where it adds the fewest placements (fewer placements, fewer
    solutions)."""
    room = dict(piece_of)
    members = {}
    for x, v in room.items():
        members.setdefault(v, set()).add(x)
    todo = {(r, c) for r in range(h) for c in range(w)} - set(room)
    while todo:
        cell = rng.choice(sorted(todo))
        around = sorted({room[x] for x in neighbours(h, w, *cell) if x in room})
        if around:
            def added(t):
                return placements(members[t] | {cell}) - placements(members[t])

            target = min(around, key=lambda t: (added(t), rng.random()))
            room[cell] = target
            members[target].add(cell)
            todo.discard(cell)
    return room


def covered(cell, cells):
    """Whether some LITS piece inside `cells` covers `cell`."""
    for _, shape in SHAPES:
        for dr, dc in shape:
            if all((cell[0] + r - dr, cell[1] + c - dc) in cells for r, c in shape):
                return True
    return False


def move_out(h, w, room, cell, shaded, rng):
    """Moves an unshaded cell to a neighbouring room, with the parts of its room that only it
    joined to the room's piece. A cell inside its room goes with the shortest path of unshaded
    cells to the room's edge. The target is the neighbouring room that gains the fewest places
    for a piece (each new place is room for a new solution), then one where no piece can cover
    `cell`. False when nothing can move."""
    home = room[cell]
    members = {}
    for x, v in room.items():
        members.setdefault(v, set()).add(x)
    # Breadth-first through the room's unshaded cells to one next to another room.
    previous, queue, end = {cell: None}, [cell], None
    for x in queue:
        if any(room[y] != home for y in neighbours(h, w, *x)):
            end = x
            break
        for y in neighbours(h, w, *x):
            if y not in previous and y not in shaded:
                previous[y] = x
                queue.append(y)
    if end is None:
        return False
    path = set()
    while end is not None:
        path.add(end)
        end = previous[end]
    parts = components(members[home] - path)
    moving = path.union(*[p for p in parts if not any(x in shaded for x in p)])
    targets = {room[y] for x in moving for y in neighbours(h, w, *x)} - {home}

    def score(t):
        after = members[t] | moving
        return (placements(after) - placements(members[t]), covered(cell, after), rng.random())

    target = min(sorted(targets), key=score)
    for x in moving:
        room[x] = target
    return True


def refine(h, w, room, planted, rng):
    """Moves cells until puzzlec finds one solution: the URL and the number of rounds.
    `planted` is the set of shaded cells of the solution kept. A cell that moved before makes
    the two solutions swap roles (the one found is kept, the planted one broken) when the
    cells the other way moved less often: two pieces that can each shift one cell into the
    other's room otherwise pass the same cells back and forth."""
    moves = {}
    for rounds in range(1, 5000):
        text = room_text(h, w, room)
        report = solve_json("lits", text, "-b", "batsat")
        if report["verdict"] == "unique":
            return export_url("lits", text), rounds
        shadings = [{(r, c) for r, row in enumerate(s) for c, ch in enumerate(row) if ch != "."}
                    for s in report["solutions"]]
        other = next(s for s in shadings if s != planted)
        ways = [(planted, sorted(other - planted)), (other, sorted(planted - other))]
        ways.sort(key=lambda way: (sum(moves.get(x, 0) for x in way[1]), way[0] is not planted))
        for keep, cells in ways:
            # Cells far apart usually belong to separate ambiguities: one move for each.
            done = []
            for cell in sorted(cells, key=lambda x: (moves.get(x, 0), rng.random())):
                if all(max(abs(cell[0] - r), abs(cell[1] - c)) > 3 for r, c in done):
                    if move_out(h, w, room, cell, keep, rng):
                        moves[cell] = moves.get(cell, 0) + 1
                        done.append(cell)
            if done:
                break
        planted = keep
        log(f"round {rounds}: {len(cells)} cells to break the other solution, {len(done)} moved"
            f"{' (roles swapped)' if keep is other else ''}")
    return None, rounds


def main():
    h, w, seed = (int(a) for a in sys.argv[1:4])
    rng = random.Random(seed)
    piece_of, _ = plant_pieces(h, w, rng)
    room = plant_rooms(h, w, piece_of, rng)
    log(f"{len(set(piece_of.values()))} pieces, {len(piece_of)} of {h * w} cells shaded")
    url, rounds = refine(h, w, room, set(piece_of), rng)
    if url is None:
        sys.exit("no unique instance within the round limit")
    print(f"// planted by tools/plant_lits.py {h} {w} {seed} ({rounds} rounds); "
          f"cspuz: {cspuz_verdict(url)}")
    print(url)


if __name__ == "__main__":
    main()
