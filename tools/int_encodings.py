#!/usr/bin/env python3
"""The encodings x backends table of docs/encodings.md: every formulation of an integer genre on
every backend, summed over the janko dev puzzles of the genre (one process per puzzle, with the
uniqueness check). Prints a Markdown table; a cell is `wall seconds / CPU seconds (unique with the
published answer / total)`: the CPU seconds (user + system of the processes, external solvers
included) are the steadier figure on a shared machine.

    tools/int_encodings.py GENRE tests/data/janko/<Genre>.json SPEC... [--backends batsat,varisat]
"""
import argparse
import json
import os
import resource
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("dataset")
    ap.add_argument("specs", nargs="+")
    ap.add_argument("--backends", default="batsat,varisat")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--puzzlec", default=os.path.join(ROOT, "target/release/puzzlec"))
    a = ap.parse_args()
    entries = json.load(open(a.dataset))["data"]
    backends = a.backends.split(",")
    print("| " + a.genre + " | " + " | ".join(backends) + " |")
    print("|---|" + "---:|" * len(backends))
    with tempfile.TemporaryDirectory() as tmp:
        files = []
        for key, e in entries.items():
            path = os.path.join(tmp, key + ".txt")
            open(path, "w").write(e["problem"] + "\n")
            files.append((path, e["solution"].split()[2:]))
        for spec in a.specs:
            cells = []
            for b in backends:
                total, good = 0.0, 0
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                for path, answer in files:
                    cmd = [a.puzzlec, "solve", a.genre, path, "-f", spec, "-b", b, "--json"]
                    cmd += ["-t", str(a.timeout)]
                    start = time.perf_counter()
                    try:
                        out = subprocess.run(cmd, capture_output=True, timeout=a.timeout + 10).stdout
                        j = json.loads(out)
                        text = j.get("answer_text") or ""
                        good += j.get("verdict") == "unique" and text.split()[2:] == answer
                    except (subprocess.TimeoutExpired, ValueError):
                        pass
                    total += time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = sum(getattr(after, f) - getattr(before, f) for f in ("ru_utime", "ru_stime"))
                cells.append(f"{total:.2f} / {cpu:.2f} ({good}/{len(files)})")
            print(f"| `{spec}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
