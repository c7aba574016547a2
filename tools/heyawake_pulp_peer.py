#!/usr/bin/env python3
"""Peer for the heyawake benchmark: seed 004's approach (PuLP + its bundled CBC, 0/1 cell
variables, lazy connectivity cuts in a loop), written for puzzlec's letter-grid files so that
`tools/heyawake_table.sh` can time it side by side with `puzzlec solve`.

Like the seed it stops at the first connected solution (no uniqueness check) and uses the seed's
cut: for each component of unshaded cells, "not every shaded cell around it is shaded".
Needs `pip install pulp`; prints the grid with `#` for shaded cells.
"""
import sys
from collections import defaultdict

import pulp


def read(path):
    grid, clues = [], {}
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("//"):
            continue
        if "=" in line:
            for token in line.split():
                room, count = token.split("=")
                if count != "?":
                    clues[room] = int(count)
        else:
            grid.append(line)
    return grid, clues


def main(path):
    grid, clues = read(path)
    height, width = len(grid), len(grid[0])
    cells = [(y, x) for y in range(height) for x in range(width)]
    prob = pulp.LpProblem("heyawake")
    shaded = {c: pulp.LpVariable(f"s_{c[0]}_{c[1]}", cat="Binary") for c in cells}
    prob += pulp.lpSum([])  # feasibility only
    rooms = defaultdict(list)
    for y, x in cells:
        rooms[grid[y][x]].append(shaded[y, x])
    for room, count in clues.items():
        prob += pulp.lpSum(rooms[room]) == count
    for y, x in cells:
        if x + 1 < width:
            prob += shaded[y, x] + shaded[y, x + 1] <= 1
        if y + 1 < height:
            prob += shaded[y, x] + shaded[y + 1, x] <= 1
    lines = [[(y, x) for x in range(width)] for y in range(height)]
    lines += [[(y, x) for y in range(height)] for x in range(width)]
    for line in lines:
        borders = [i for i in range(len(line) - 1) if grid[line[i][0]][line[i][1]] != grid[line[i + 1][0]][line[i + 1][1]]]
        for first, second in zip(borders, borders[1:]):
            prob += pulp.lpSum(shaded[c] for c in line[first : second + 2]) >= 1
    solver = pulp.PULP_CBC_CMD(msg=False)
    while True:
        prob.solve(solver)
        if pulp.LpStatus[prob.status] != "Optimal":
            print("no solution")
            return 1
        value = {c: round(shaded[c].value()) for c in cells}
        parent = {c: c for c in cells if not value[c]}

        def find(c):
            while parent[c] != c:
                parent[c] = parent[parent[c]]
                c = parent[c]
            return c

        for y, x in parent:
            for n in ((y + 1, x), (y, x + 1)):
                if n in parent:
                    parent[find(n)] = find((y, x))
        roots = {find(c) for c in parent}
        if len(roots) <= 1:
            break
        walls = defaultdict(set)
        for y, x in cells:
            if value[y, x]:
                for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if n in parent:
                        walls[find(n)].add((y, x))
        for wall in walls.values():
            prob += pulp.lpSum(shaded[c] for c in wall) <= len(wall) - 1
    for y in range(height):
        print("".join("#" if value[y, x] else "." for x in range(width)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
