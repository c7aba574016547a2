#!/usr/bin/env python3
"""Medians of interleaved runs: CPU time of `puzzlec solve` per formulation, as a Markdown table.

usage: formulations_cpu.py GENRE BACKEND RUNS INPUT... -f SPEC [-f SPEC ...]

Each round runs every (input, formulation) once, in turn, so that a busy machine slows them
alike; a process's CPU time (user + system, from the kernel) is less disturbed by other jobs
than its wall time. Prints, per input, the verdict and each formulation's median CPU seconds,
and the ratio of the first formulation's median to each other's (above 1: the other is faster).
The verdicts must agree. Needs target/release/puzzlec (or $PUZZLEC).
"""
import os, resource, statistics, subprocess, sys

PUZZLEC = os.environ.get("PUZZLEC", "target/release/puzzlec")


def cpu_run(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([PUZZLEC, *args], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [l for l in out.stdout.splitlines() if l.strip()]
    return seconds, lines[-1] if lines else f"exit {out.returncode}"


def main():
    genre, backend, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rest = sys.argv[4:]
    specs = [rest[i + 1] for i, a in enumerate(rest) if a == "-f"]
    inputs = [a for i, a in enumerate(rest) if a != "-f" and (i == 0 or rest[i - 1] != "-f")]
    times = {(i, s): [] for i in inputs for s in specs}
    verdicts = {}
    for _ in range(runs):
        for i in inputs:
            for s in specs:
                t, v = cpu_run(["solve", genre, i, "-b", backend, "-f", s])
                times[(i, s)].append(t)
                verdicts.setdefault(i, v)
                assert verdicts[i] == v, f"{i} {s}: {v}, another formulation: {verdicts[i]}"
    head = " | ".join(f"{s} (s)" for s in specs)
    ratios = " | ".join(f"{specs[0]} / {s}" for s in specs[1:])
    print(f"| input | verdict | {head} | {ratios} |")
    print("|---|---|" + "---:|" * (2 * len(specs) - 1))
    for i in inputs:
        med = [statistics.median(times[(i, s)]) for s in specs]
        cells = " | ".join(f"{m:.3f}" for m in med)
        rel = " | ".join(f"{med[0] / m:.2f}" if m > 0 else "–" for m in med[1:])
        print(f"| {os.path.basename(i)} | {verdicts[i]} | {cells} | {rel} |")


if __name__ == "__main__":
    main()
