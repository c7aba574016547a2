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
- Hitori, star battle, nurikabe, LITS, slitherlink (`--pages`): the dataset file is read in pages
  (the search index's `read_file`, 16,000 characters each); each page is saved as it came, in a
  file named by its offset (`p016000.txt`, one trailing newline added by the editor and dropped
  here). The pages are joined, every whole entry is taken (the one cut at the end is dropped), and
  the problem and the solution are written as `KEY.txt` and `KEY.answer`, exactly as published
  (`\\n` turned into line breaks, one final line break added). puzzlec's `--answer-text` prints
  the same notation, so checking an answer is a text comparison. Each file is checked by shape:
  a header `H W` (star battle: `H W K`), then H rows of W tokens, the solution the same size.

Usage: tools/import_puzzlekit.py heyawake|nonogram SRC_DIR... --out DIR
       tools/import_puzzlekit.py GENRE --pages PAGE_FILE... --out DIR
"""

import argparse
import json
import os
import re
import sys

# One whole dataset entry: "KEY": {"problem": ..., "solution": ..., "source": ..., "info": ...}.
ENTRY = re.compile(
    r'"(?P<key>[^"]+)": \{\s*"problem": "(?P<problem>(?:[^"\\]|\\.)*)",'
    r'\s*"solution": "(?P<solution>(?:[^"\\]|\\.)*)",'
    r'\s*"source": "(?P<source>(?:[^"\\]|\\.)*)",'
    r'\s*"info": "(?:[^"\\]|\\.)*"\s*\}'
)


def shape(text):
    """Checks `H W ...` then H rows of W tokens; returns (H, W) or raises ValueError."""
    lines = text.split("\n")
    header = lines[0].split()
    height, width = int(header[0]), int(header[1])
    rows = lines[1 : 1 + height]
    if len(rows) != height or any(len(r.split()) != width for r in rows):
        raise ValueError(f"not {height} rows of {width} tokens")
    return height, width


def pages(paths, out):
    """Writes every whole entry of the joined pages as KEY.txt + KEY.answer; prints a summary."""
    paths = sorted(paths, key=lambda p: int(re.search(r"p(\d+)\.txt$", p).group(1)))
    text = ""
    for path in paths:
        offset = int(re.search(r"p(\d+)\.txt$", path).group(1))
        if offset != len(text):
            sys.exit(f"{path}: page starts at {offset}, the pages before end at {len(text)}")
        page = open(path).read()
        text += page[:-1] if page.endswith("\n") else page
    os.makedirs(out, exist_ok=True)
    sizes, end, bad = {}, 0, []
    for m in ENTRY.finditer(text):
        key = m["key"]
        problem = json.loads('"' + m["problem"] + '"')
        solution = json.loads('"' + m["solution"] + '"')
        try:
            size = shape(problem)
            if shape(solution) != size:
                raise ValueError("solution size differs")
        except (ValueError, IndexError) as e:
            bad.append(f"{key}: {e}")
            continue
        open(os.path.join(out, key + ".txt"), "w").write(problem + "\n")
        open(os.path.join(out, key + ".answer"), "w").write(solution + "\n")
        sizes[f"{size[0]}x{size[1]}"] = sizes.get(f"{size[0]}x{size[1]}", 0) + 1
        end = m.end()
    total = sum(sizes.values())
    print(f"{total} puzzles written to {out}; characters 0-{len(text)} read, whole entries end at {end}")
    print("sizes:", ", ".join(f"{k} {v}" for k, v in sorted(sizes.items(), key=lambda kv: tuple(map(int, kv[0].split("x"))))))
    for b in bad:
        print("left out (shape):", b)


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
    ap.add_argument("genre", choices=["heyawake", "nonogram", "hitori", "starbattle", "nurikabe", "lits", "slitherlink"])
    ap.add_argument("sources", nargs="*")
    ap.add_argument("--pages", nargs="+", help="saved read_file pages of one dataset file")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.pages:
        pages(args.pages, args.out)
        return
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
