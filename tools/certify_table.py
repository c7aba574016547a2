#!/usr/bin/env python3
"""The cost of `--certify`: whole `puzzlec solve` processes with and without it on every shipped
model (one backend), medians of RUNS runs, printed as the README's markdown table.

Usage (from the repository's root, after `cargo build --release`):
    python3 tools/certify_table.py [BACKEND] [RUNS]
BACKEND defaults to varisat, RUNS to 3. Columns: the plain run with the genre's default
formulation, the plain run with the formulation `--certify` solves (they differ only for
nonogram, where `pre=line` becomes `pre=none`), the certified run, and the ratio of the
certified run to the plain run of the same formulation; then the proof's lemmas and the
seconds of the proof-logging solve and of the proof check, and the cuts justified.
"""
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = "target/release/puzzlec"
SKIP = (".md", ".answer", ".facts", ".tsv")


def models():
    for genre in sorted(Path("models").iterdir()):
        for f in sorted(genre.iterdir()):
            name = f.name
            if name.endswith(SKIP) or name.startswith("words-"):
                continue
            if genre.name == "nonogram" and name == "art.txt":
                continue
            yield genre.name, str(f)


def run(args, runs):
    times, out = [], None
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([BIN, *args, "--json"], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        out = json.loads(done.stdout)
    return statistics.median(times), out


def main():
    backend = sys.argv[1] if len(sys.argv) > 1 else "varisat"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print("| model | verdict | plain s | plain s (certify's formulation) | certify s | ratio "
          "| lemmas | prove s | check s | cuts |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for genre, path in models():
        base = ["solve", genre, path, "-b", backend]
        plain_s, plain = run(base, runs)
        cert_s, cert = run(base + ["--certify"], runs)
        c = cert.get("certificate", {})
        spec = cert["stats"]["formulation"]
        if spec != plain["stats"]["formulation"]:
            same_s, _ = run(base + ["-f", spec], runs)
        else:
            same_s = plain_s
        assert cert["verdict"] == plain["verdict"], (path, cert, plain)
        ratio = cert_s / same_s
        ratios.append(ratio)
        print(f"| {path[len('models/'):]} | {cert['verdict']} | {plain_s:.3f} | {same_s:.3f} "
              f"| {cert_s:.3f} | {ratio:.1f}× | {c.get('lemmas', 0)} "
              f"| {c.get('seconds_prove', 0):.3f} | {c.get('seconds_check', 0):.3f} "
              f"| {c.get('cuts_justified', 0)} |")
    print(f"\nratio: median {statistics.median(ratios):.2f}×, max {max(ratios):.2f}× "
          f"over {len(ratios)} models ({backend}, median of {runs} runs each)")


if __name__ == "__main__":
    main()
