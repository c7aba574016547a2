#!/usr/bin/env python3
"""Colour nonograms with and without colour line logic (`pre=line`, the default, and
`pre=none`), beside nonogrid.

Validator task (the verdict: stop at two solutions), whole `puzzlec` processes with `--stats`,
runs interleaved, medians. The colour `.g` files are read from a directory (default: the
webpbn colour samples shipped with the nonogrid crate in the cargo registry). The peer runs
when NONOGRID=path/to/nonogrid is set (`-m 2 -t T`; a grid with `?` cells means it stopped at
its time limit; after a timeout it is not run again on that file). Usage:

    cargo build --release
    NONOGRID=../shared/peers/bin/nonogrid python3 tools/nonogram_colour_pre.py [--runs 3] \\
        [--timeout 30] [--peer-timeout 10] [DIR]
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEC = os.path.join(ROOT, "target", "release", "puzzlec")


def default_dir():
    found = glob.glob(os.path.expanduser(
        "~/.cargo/registry/src/*/nonogrid-0.7.3/sample-olsak-g"))
    return found[0] if found else None


def timed(cmd, timeout):
    start = time.perf_counter()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return time.perf_counter() - start, out.stdout + out.stderr, out.returncode
    except subprocess.TimeoutExpired:
        return None, "", None


def verdict(text):
    """The verdict line (`unique`, `multiple`, …) of a `puzzlec solve` output."""
    for line in text.splitlines():
        for word in ("unique", "multiple", "no solution", "timeout"):
            if line.strip().startswith(word):
                return word.split()[0]
    return "?"


def constraints(text):
    m = re.search(r"model \d+ bools, \d+ ints, (\d+) constraints", text)
    return int(m.group(1)) if m else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir", nargs="?", default=default_dir())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--peer-timeout", type=float, default=10)
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.dir, "*color*.g")))
    nonogrid = os.environ.get("NONOGRID")
    header = ["puzzle", "verdict", "pre=line s", "pre=none s", "none / line",
              "constraints line / none"] + (["nonogrid s"] if nonogrid else [])
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    totals = {"line": 0.0, "none": 0.0}
    for path in files:
        times = {"line": [], "none": []}
        sizes = {}
        seen = set()
        peer = []
        for _ in range(args.runs):
            for pre in ("line", "none"):
                cmd = [PUZZLEC, "solve", "nonogram", path, "--stats", "-f", f"pre={pre}",
                       "--timeout", str(args.timeout)]
                seconds, text, _ = timed(cmd, args.timeout + 10)
                times[pre].append(seconds if seconds is not None else float("inf"))
                seen.add(verdict(text))
                sizes[pre] = constraints(text)
            if nonogrid and (not peer or peer[-1] != float("inf")):
                cmd = [nonogrid, "-m", "2", "-t", str(int(args.peer_timeout)), path]
                seconds, text, code = timed(cmd, args.peer_timeout + 10)
                stopped = seconds is None or code != 0 or re.search(r" \? ", text)
                peer.append(float("inf") if stopped else seconds)
        med = {k: statistics.median(v) for k, v in times.items()}
        for k in totals:
            totals[k] += med[k]
        cells = [os.path.basename(path), "/".join(sorted(seen)), f"{med['line']:.3f}",
                 f"{med['none']:.3f}", f"{med['none'] / med['line']:.2f}",
                 f"{sizes.get('line')} / {sizes.get('none')}"]
        if nonogrid:
            m = statistics.median(peer)
            cells.append(f"> {args.peer_timeout:g}" if m == float("inf") else f"{m:.3f}")
        print("| " + " | ".join(cells) + " |")
        sys.stdout.flush()
    print(f"\ntotal: pre=line {totals['line']:.2f} s, pre=none {totals['none']:.2f} s")


if __name__ == "__main__":
    main()
