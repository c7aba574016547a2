#!/usr/bin/env python3
"""The survey puzzles as `.non` and as webpbn's one-colour `.g` export, side by side.

Validator task (the verdict: stop at two solutions), whole `puzzlec` processes, runs
interleaved, medians. Peers when given: NONOGRID=path/to/nonogrid (`-m 2 -t T`),
NONOGRID_SAT=path/to/nonogrid-sat (`-m 2`, wrapped in
`timeout`), PBNSOLVE=path/to/pbnsolve (`-u`). Usage:

    cargo build --release
    python3 tools/nonogram_g_vs_non.py [--runs 3] [--timeout 60] [--all]

The `.g` files are written under target/g_vs_non/ from the `.non` clues (white `0`, black `1`,
clues as bare numbers, as webpbn's export does).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "tests", "data", "nonogram")
PUZZLEC = os.path.join(ROOT, "target", "release", "puzzlec")
OUT = os.path.join(ROOT, "target", "g_vs_non")


def read_non(path):
    """(rows, columns) clue lists of a `.non` file."""
    sections = {"rows": [], "columns": []}
    current = None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line in ("rows", "columns"):
            current = line
            continue
        if current and re.fullmatch(r"[0-9, ]*", line) and line:
            sections[current].append([int(x) for x in line.split(",") if x.strip() != "0"])
        elif current and not line:
            if sections[current]:
                current = None
    return sections["rows"], sections["columns"]


def write_g(rows, columns, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write("#d\n   0:   #FFFFFF   white\n   1:X  #000000   black\n: rows\n")
        for clue in rows:
            f.write(" ".join(map(str, clue)) + "\n")
        f.write(": columns\n")
        for clue in columns:
            f.write(" ".join(map(str, clue)) + "\n")


def timed(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        seconds = time.perf_counter() - start
        return seconds, out.stdout + out.stderr, out.returncode
    except subprocess.TimeoutExpired:
        return None, "", None


def verdict(text):
    for word in ("unique", "multiple", "no solution", "timeout"):
        if word in text:
            return word.split()[0]
    return "?"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--all", action="store_true",
                        help="also Knotty and Faase, which no solver answers in minutes")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    names = sorted(n for n in os.listdir(DATA)
                   if n.endswith(".non") and (args.all or not n.startswith("survey-")))
    peers = []
    if os.environ.get("NONOGRID"):
        peers.append(("nonogrid", lambda f: [os.environ["NONOGRID"], "-m", "2", "-t",
                                              str(int(args.timeout)), f]))
    if os.environ.get("NONOGRID_SAT"):
        peers.append(("nonogrid-sat", lambda f: ["timeout", str(args.timeout),
                                                  os.environ["NONOGRID_SAT"], "-m", "2", f]))
    if os.environ.get("PBNSOLVE"):
        peers.append(("pbnsolve", lambda f: ["timeout", str(args.timeout),
                                              os.environ["PBNSOLVE"], "-u", f]))
    header = ["puzzle", "verdict", ".non s", ".g s", ".g / .non"] + [p[0] + " s" for p in peers]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    totals = {"non": 0.0, "g": 0.0}
    for name in names:
        non = os.path.join(DATA, name)
        g = os.path.join(OUT, name.replace(".non", ".g"))
        write_g(*read_non(non), g)
        times = {"non": [], "g": []}
        peer_times = {p[0]: [] for p in peers}
        seen = set()
        for _ in range(args.runs):
            for kind, path in (("non", non), ("g", g)):
                cmd = [PUZZLEC, "solve", "nonogram", path, "--timeout", str(args.timeout)]
                seconds, text, _ = timed(cmd, args.timeout + 10)
                times[kind].append(seconds if seconds is not None else float("inf"))
                seen.add(verdict(text))
            for peer, command in peers:
                seconds, _, code = timed(command(non), args.timeout + 10)
                ok = seconds is not None and code == 0
                peer_times[peer].append(seconds if ok else float("inf"))
        med = {k: statistics.median(v) for k, v in times.items()}
        for k in totals:
            totals[k] += med[k]
        cells = [name, "/".join(sorted(seen)), f"{med['non']:.3f}", f"{med['g']:.3f}",
                 f"{med['g'] / med['non']:.2f}" if med["non"] > 0 else "-"]
        for peer, _ in peers:
            m = statistics.median(peer_times[peer])
            cells.append("timeout" if m == float("inf") else f"{m:.3f}")
        print("| " + " | ".join(cells) + " |")
        sys.stdout.flush()
    print(f"\ntotal: .non {totals['non']:.2f} s, .g {totals['g']:.2f} s, "
          f"ratio {totals['g'] / totals['non']:.2f}")


if __name__ == "__main__":
    main()
