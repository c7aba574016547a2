#!/usr/bin/env python3
"""Instructions per puzzle (callgrind), puzzlec against the nonogram peers, whole processes.

    cargo build --release
    NONOGRID=../shared/peers/bin/nonogrid PBNSOLVE=../shared/peers/bin/pbnsolve \\
        python3 tools/nonogram_instructions.py tests/data/nonogram_published [--every 8] [--each]

Each puzzle runs once per solver under `valgrind --tool=callgrind` with the uniqueness check
(`puzzlec solve nonogram F`, `nonogrid -m 2 -t 60 F`, `pbnsolve -u -x60 F`); the count covers
the whole process (start-up included, every thread) and does not depend on the machine's load,
which is what makes it usable on a shared machine where wall times move by 2× from run to run.
Prints the totals, puzzlec ÷ the better peer of each puzzle (summed), and the same per size
(the `_HxW` ending of the file names). PUZZLEC names the binary (default
target/release/puzzlec); a peer whose variable is unset is left out.
"""

import argparse
import collections
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))


def instructions(cmd):
    """Instructions the process executed (callgrind's `Collected`), or None."""
    p = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=900,
    )
    m = re.search(r"Collected : (\d+)", p.stderr)
    return int(m.group(1)) if m else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--every", type=int, default=1, help="every n-th puzzle (sorted by name)")
    ap.add_argument("--each", action="store_true", help="print every puzzle's counts")
    args = ap.parse_args()
    solvers = {"puzzlec": lambda f: [PUZZLEC, "solve", "nonogram", f]}
    if os.environ.get("NONOGRID"):
        solvers["nonogrid"] = lambda f: [os.environ["NONOGRID"], "-m", "2", "-t", "60", f]
    if os.environ.get("PBNSOLVE"):
        solvers["pbnsolve"] = lambda f: [os.environ["PBNSOLVE"], "-u", "-x60", f]
    files = sorted(glob.glob(os.path.join(args.folder, "*.non")))[:: args.every]
    peers = [s for s in solvers if s != "puzzlec"]
    totals = collections.Counter()
    by_size = collections.defaultdict(collections.Counter)
    for f in files:
        counts = {name: instructions(cmd(f)) for name, cmd in solvers.items()}
        if any(v is None for v in counts.values()):
            print(f"{os.path.basename(f)}: a run gave no count {counts}", file=sys.stderr)
            continue
        if peers:
            counts["best peer"] = min(counts[p] for p in peers)
        m = re.search(r"_(\d+x\d+)", f)
        size = m.group(1) if m else "?"
        for name, value in counts.items():
            totals[name] += value
            by_size[size][name] += value
        by_size[size]["puzzles"] += 1
        totals["puzzles"] += 1
        if args.each:
            print(os.path.basename(f), " ".join(f"{k} {v}" for k, v in counts.items()), flush=True)
    n = max(totals["puzzles"], 1)
    print(f"{totals['puzzles']} puzzles from {args.folder} (every {args.every}), instructions per puzzle:")
    for name in [*solvers, *(["best peer"] if peers else [])]:
        print(f"  {name:10} {totals[name] / n / 1e6:7.2f}M")
    if peers:
        print(f"  puzzlec ÷ best peer (sums): {totals['puzzlec'] / totals['best peer']:.3f}")
    print("by size: puzzles, M instructions per puzzle (" + ", ".join(solvers) + "), puzzlec ÷ best peer")
    area = lambda s: (lambda a: int(a[0]) * int(a[1]))(s.split("x")) if "x" in s else 0
    for size in sorted(by_size, key=area):
        d = by_size[size]
        cells = " ".join(f"{d[s] / d['puzzles'] / 1e6:.2f}" for s in solvers)
        ratio = f"{d['puzzlec'] / d['best peer']:.2f}" if peers else "-"
        print(f"  {size:6} {d['puzzles']:4}  {cells}  {ratio}")


if __name__ == "__main__":
    main()
