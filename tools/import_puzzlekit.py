#!/usr/bin/env python3
"""Turns puzzles copied from SmilingWayne/puzzlekit-dataset into puzzlec's input files.

The dataset (https://github.com/SmilingWayne/puzzlekit-dataset, `assets/data/<Genre>/
<Genre>_dataset_NNN.json`) keeps each puzzle as a `problem` string and a published `solution`
string. The copies this script reads hold one entry per file, `KEY.problem` and (where kept)
`KEY.solution`, with the strings' `\\n` turned into line breaks and nothing else changed.

- Heyawake: the problem is already puzzlec's generic grid text (`H W`, the clue grid, the room
  grid), so it is copied as `KEY.txt`; the solution (`x` shaded, `-` not) becomes `KEY.answer`
  (`#` and `.`, as in `models/heyawake/*.answer`).
- Nonogram: the problem is `H W`, then W column clues, then H row clues (checked against every
  solution kept); it becomes Simpson's `.non` format; the solution becomes `KEY.answer`.

Usage: tools/import_puzzlekit.py heyawake|nonogram SRC_DIR... --out DIR
"""

import argparse
import os
import sys


def answer(solution_text):
    """The published solution as puzzlec prints it: one row per line, `#` shaded, `.` not."""
    lines = solution_text.strip().splitlines()[1:]
    return "".join("".join("#" if t == "x" else "." for t in line.split()) + "\n" for line in lines)


def nonogram(problem_text, key):
    lines = problem_text.rstrip("\n").split("\n")
    height, width = map(int, lines[0].split())
    clues = lines[1:]
    if len(clues) != height + width:
        sys.exit(f"{key}: {len(clues)} clue lines for {height}x{width}")
    columns, rows = clues[:width], clues[width:]
    text = [f'catalogue "puzzlekit-dataset {key}"', f"width {width}", f"height {height}", "", "rows"]
    text += [",".join(r.split()) for r in rows]
    text += ["", "columns"]
    text += [",".join(c.split()) for c in columns]
    return "\n".join(text) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("genre", choices=["heyawake", "nonogram"])
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    written = 0
    for src in args.sources:
        for name in sorted(os.listdir(src)):
            if not name.endswith(".problem"):
                continue
            key = name[: -len(".problem")]
            problem = open(os.path.join(src, name)).read()
            if args.genre == "heyawake":
                out = os.path.join(args.out, key + ".txt")
                open(out, "w").write(problem)
            else:
                out = os.path.join(args.out, key + ".non")
                open(out, "w").write(nonogram(problem, key))
            solution = os.path.join(src, key + ".solution")
            if os.path.exists(solution):
                open(os.path.join(args.out, key + ".answer"), "w").write(answer(open(solution).read()))
            written += 1
    print(f"{written} puzzles written to {args.out}")


if __name__ == "__main__":
    main()
