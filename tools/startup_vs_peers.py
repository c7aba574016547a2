#!/usr/bin/env python3
"""Process start-up: puzzlec against its peers on tiny puzzles, as whole processes.

    tools/startup_vs_peers.py [--rounds 5] [--runs 20] [--callgrind]
    tools/startup_vs_peers.py --puzzlec before=/tmp/puzzlec-old --puzzlec after=target/release/puzzlec

On the small puzzles of the collections the whole process is what a user waits for, so this
times the process, not the solve: `puzzlec --version` against `nonogrid --version`; a 5×5
nonogram (written by this script) against nonogrid, pbnsolve and cspuz; a 10×10 hitori and a
10×10 star battle URL against cspuz-url; and a batch run (`puzzlec solve DIR --jobs 1` over
`tests/data/nonogram_published`) beside them, for puzzlec only, to show batch mode is not slowed.

Every round runs every command of a case `--runs` times in turn (interleaved, so a burst of
load on the shared machine hits them all alike); each process is waited for with `wait4`, which
gives its own CPU time (user + system) and page faults. Printed per command: the medians over
all runs of CPU, wall time and page faults, and the CPU ratio to the best peer. `--callgrind`
adds each command's instruction count (one run under `valgrind --tool=callgrind`), which does
not depend on the machine's load. Every answer is checked (`unique` for each puzzle, by every
solver); the script exits 1 on a wrong one.

Binaries: `--puzzlec NAME=PATH` (repeatable; default target/release/puzzlec), NONOGRID,
PBNSOLVE, CSPUZ_URL, CSPUZ_NONO (default ../shared/peers/bin/...; a missing peer is left out).
Each is timed as a fresh copy in one temporary folder, so that all start from the same
page-cache state (see same_start.py).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from same_start import fresh_copy

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEERS = os.path.join(ROOT, "..", "shared", "peers", "bin")

# A 5×5 picture drawn for this benchmark (a cat's face): its clues, in the .non format.
TINY_NONOGRAM = """width 5
height 5

rows
3
1,1,1
5
1,1
1

columns
2
1,2
3,1
1,2
2
"""

# The 10×10 star battle `37_10x10` of tests/data/janko/Starbattle.json (janko.at, via
# SmilingWayne/puzzlekit-dataset), as `puzzlec export starbattle F --format url` writes it.
STARBATTLE_10 = "https://puzz.link/p?starbattle/10/10/2/gklhfalanemod22424e4110ml9983s3i7g48"


def peer(env, name):
    """A fresh copy of a peer's binary (the environment variable, else ../shared/peers/bin);
    None if missing."""
    path = os.environ.get(env, os.path.join(PEERS, name))
    return fresh_copy(path) if os.path.isfile(path) and os.access(path, os.X_OK) else None


def hitori_url():
    """The 10×10 hitori URL of models/hitori/noqx_10x10.url (its line that is not a comment)."""
    with open(os.path.join(ROOT, "models", "hitori", "noqx_10x10.url")) as f:
        return next(l.strip() for l in f if l.strip() and not l.startswith("//"))


def run_once(argv):
    """One process: (CPU seconds, wall seconds, page faults, stdout)."""
    out = tempfile.TemporaryFile()
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, out.fileno(), 1),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ])
    _, _, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    out.seek(0)
    text = out.read().decode(errors="replace")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_minflt + usage.ru_majflt, text


def instructions(argv):
    """Instructions of one run under callgrind, or None when valgrind is missing."""
    try:
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    except FileNotFoundError:
        return None
    for line in p.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    return None


def answered(solver, text):
    """Whether a run's output says the puzzle's answer is unique (what each case expects)."""
    if solver == "nonogrid":
        return "Backtracking found 2 solutions" not in text and "■" in text
    if solver == "version":
        return bool(text.strip())
    if solver == "pbnsolve":
        return "unique" in text.split()
    if solver == "batch":
        return "unique" in text
    return any(l.strip().startswith("unique") for l in text.splitlines())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runs", type=int, default=20, help="runs of each command per round")
    ap.add_argument("--puzzlec", action="append", default=[], metavar="NAME=PATH")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--no-batch", action="store_true")
    args = ap.parse_args()
    binaries = [tuple(p.split("=", 1)) if "=" in p else ("puzzlec", p) for p in args.puzzlec]
    binaries = binaries or [("puzzlec", os.path.join(ROOT, "target", "release", "puzzlec"))]
    binaries = [(name, fresh_copy(path)) for name, path in binaries]

    tmp = tempfile.mkdtemp(prefix="startup_vs_peers.")
    tiny = os.path.join(tmp, "tiny_5x5.non")
    with open(tiny, "w") as f:
        f.write(TINY_NONOGRAM)
    nonogrid, pbnsolve = peer("NONOGRID", "nonogrid"), peer("PBNSOLVE", "pbnsolve")
    cspuz, cspuz_nono = peer("CSPUZ_URL", "cspuz-url"), peer("CSPUZ_NONO", "cspuz-nono")
    hitori = hitori_url()

    def ours(*words, check="puzzlec"):
        return [(name, check, [path, *words]) for name, path in binaries]

    cases = [
        ("--version", ours("--version", check="version")
         + ([("nonogrid", "version", [nonogrid, "--version"])] if nonogrid else [])),
        ("5×5 nonogram", ours("solve", "nonogram", tiny)
         + ([("nonogrid", "nonogrid", [nonogrid, "-m", "2", "-t", "10", tiny])] if nonogrid else [])
         + ([("pbnsolve", "pbnsolve", [pbnsolve, "-b", "-u", tiny])] if pbnsolve else [])
         + ([("cspuz-nono", "cspuz", [cspuz_nono, tiny])] if cspuz_nono else [])),
        ("10×10 hitori URL", ours("solve", hitori)
         + ([("cspuz-url", "cspuz", [cspuz, hitori])] if cspuz else [])),
        ("10×10 star battle URL", ours("solve", STARBATTLE_10)
         + ([("cspuz-url", "cspuz", [cspuz, STARBATTLE_10])] if cspuz else [])),
    ]
    if not args.no_batch:
        folder = os.path.join(ROOT, "tests", "data", "nonogram_published")
        cases.append(("batch: 379 nonograms, --jobs 1",
                      ours("solve", folder, "--jobs", "1", check="batch")))

    wrong = 0
    print(f"{args.rounds} rounds × {args.runs} runs of each command, interleaved; medians")
    print()
    print("| case | solver | CPU ms | wall ms | page faults | instructions | CPU ÷ best peer |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case, commands in cases:
        runs = 1 if case.startswith("batch") else args.runs
        samples = {i: [] for i in range(len(commands))}
        for r in range(args.rounds):
            order = list(range(len(commands)))
            if r % 2:
                order.reverse()
            for _ in range(runs):
                for i in order:
                    name, check, argv = commands[i]
                    cpu, wall, faults, text = run_once(argv)
                    if not answered(check, text):
                        wrong += 1
                        print(f"wrong answer: {' '.join(argv)}:\n{text}", file=sys.stderr)
                    samples[i].append((cpu, wall, faults))
        medians = []
        for i, (name, _, argv) in enumerate(commands):
            cpu = statistics.median(s[0] for s in samples[i]) * 1e3
            wall = statistics.median(s[1] for s in samples[i]) * 1e3
            faults = statistics.median(s[2] for s in samples[i])
            medians.append((name, cpu, wall, faults, argv))
        peers = [m[1] for m in medians if m[0] not in dict(binaries)]
        best = min(peers) if peers else None
        for name, cpu, wall, faults, argv in medians:
            count = instructions(argv) if args.callgrind else None
            ratio = f"{cpu / best:.2f}" if best and name in dict(binaries) else ""
            shown = f"{count:,}" if count else ""
            print(f"| {case} | {name} | {cpu:.2f} | {wall:.2f} | {faults:.0f} | {shown} | {ratio} |")
    if wrong:
        print(f"{wrong} wrong answers", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
