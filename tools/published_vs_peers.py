#!/usr/bin/env python3
"""puzzlec against its peers on a collection of published puzzles, one process per puzzle.

    tools/published_vs_peers.py nonogram tests/data/nonogram_published [--rounds 3]
    tools/published_vs_peers.py heyawake tests/data/heyawake_published [--rounds 3]

Each puzzle is run once per round by every solver in turn (interleaved, so a burst of load on
the shared machine hits all of them alike), each as a whole process with the uniqueness check,
the way a user runs one file:

- nonogram: `puzzlec solve nonogram F.non` against `nonogrid -m 2 -t T F.non` (NONOGRID,
  default ../shared/peers/bin/nonogrid) and, when PBNSOLVE names a binary, `pbnsolve -u -x T`;
- heyawake: `puzzlec solve heyawake F.txt` against `cspuz-url URL` (CSPUZ_URL, default
  ../shared/peers/bin/cspuz-url), the URL written beforehand, outside the timing, by
  `puzzlec export heyawake F.txt --format url`.

Per solver it prints the sum over puzzles of each puzzle's median wall-clock time and of its
median CPU time (user + system of the process), and the median of the per-puzzle ratios; then
the wall-time sums by puzzle size (the `_HxW` ending of the file names). The
verdicts are compared: every puzzle with a published answer (`F.answer`) must be `unique` with
exactly that answer, and puzzlec's verdict must match each peer's definite verdict; the script
exits 1 on any wrong answer or disagreement. PUZZLEC (default target/release/puzzlec) is the
binary measured; build it first with `cargo build --release`.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEERS = os.path.join(ROOT, "..", "shared", "peers", "bin")
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))


def run(cmd, timeout):
    """Runs one process: (wall seconds, CPU seconds, stdout, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout + 5)
        out, code = p.stdout.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired:
        out, code = "", None
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out, code


def puzzlec_verdict(out, code):
    """puzzlec's verdict (its last line) and first solution."""
    lines = out.strip().splitlines()
    if not lines:
        return "timeout" if code in (None, 3) else "error", None
    verdict = lines[-1].strip()
    if verdict.startswith("no solution"):
        return "none", None
    rows = []
    for line in lines:
        if not line.strip():
            break
        rows.append(line.rstrip())
    return verdict, "\n".join(rows)


def nonogrid_verdict(out, code):
    if code is None:
        return "timeout"
    if "Backtracking found 2 solutions" in out or out.count("-th solution") >= 2:
        return "multiple"
    # nonogrid prints the board line logic left (with `?`) before it searches, then the
    # solution: only a `?` in the last board means it stopped unfinished.
    last_board = out.strip().splitlines()[-3:]
    if any("?" in line for line in last_board):
        return "timeout"
    return "unique" if code == 0 else "error"


def pbnsolve_verdict(out, code):
    text = out.lower()
    if code is None or "timeout" in text or "timed out" in text or "cpu time limit" in text:
        return "timeout"
    if "unique" in text:
        return "unique"
    if "not unique" in text or "multiple" in text:
        return "multiple"
    if "no solution" in text or "contradiction" in text:
        return "none"
    return "error"


def cspuz_verdict(out, code):
    if code is None:
        return "timeout"
    last = out.strip().splitlines()[-1] if out.strip() else ""
    return last if last in ("unique", "multiple", "none") else "error"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("genre", choices=["nonogram", "heyawake"])
    ap.add_argument("folder")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    ap.add_argument("--puzzlec-args", default="", help="extra arguments for puzzlec, e.g. '--backend batsat'")
    ap.add_argument("--no-peers", action="store_true", help="time puzzlec alone")
    args = ap.parse_args()
    ext = ".non" if args.genre == "nonogram" else ".txt"
    files = sorted(f for f in os.listdir(args.folder) if f.endswith(ext))
    if args.limit:
        files = files[: args.limit]
    t = str(int(args.timeout))
    extra = args.puzzlec_args.split()
    solvers = {"puzzlec": (lambda f: [PUZZLEC, "solve", args.genre, f, "--timeout", t] + extra, None)}
    if args.no_peers:
        pass
    elif args.genre == "nonogram":
        nonogrid = os.environ.get("NONOGRID", os.path.join(PEERS, "nonogrid"))
        if os.access(nonogrid, os.X_OK):
            solvers["nonogrid"] = (lambda f: [nonogrid, "-m", "2", "-t", t, f], nonogrid_verdict)
        pbnsolve = os.environ.get("PBNSOLVE")
        if pbnsolve and os.access(pbnsolve, os.X_OK):
            solvers["pbnsolve"] = (lambda f: [pbnsolve, "-u", f"-x{t}", f], pbnsolve_verdict)
    else:
        cspuz = os.environ.get("CSPUZ_URL", os.path.join(PEERS, "cspuz-url"))
        if os.access(cspuz, os.X_OK):
            urls = {}
            for f in files:
                path = os.path.join(args.folder, f)
                p = subprocess.run([PUZZLEC, "export", "heyawake", path, "--format", "url"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                urls[path] = p.stdout.decode().strip()
            solvers["cspuz"] = (lambda f: [cspuz, urls[f]], cspuz_verdict)
    print(f"{len(files)} puzzles in {args.folder}; solvers: {', '.join(solvers)}; "
          f"{args.rounds} interleaved rounds; {os.cpu_count()} cores", file=sys.stderr)
    walls = {s: {f: [] for f in files} for s in solvers}
    cpus = {s: {f: [] for f in files} for s in solvers}
    verdicts = {s: {} for s in solvers}
    answers = {}
    for rnd in range(args.rounds):
        for i, f in enumerate(files):
            path = os.path.join(args.folder, f)
            order = list(solvers) if (i + rnd) % 2 == 0 else list(reversed(solvers))
            for s in order:
                cmd, parse = solvers[s]
                wall, cpu, out, code = run(cmd(path), args.timeout)
                walls[s][f].append(wall)
                cpus[s][f].append(cpu)
                if s == "puzzlec":
                    verdicts[s][f], answers[f] = puzzlec_verdict(out, code)
                else:
                    verdicts[s][f] = parse(out, code)
        print(f"round {rnd + 1} done", file=sys.stderr)
    bad = 0
    checked = 0
    for f in files:
        published = os.path.join(args.folder, f[: -len(ext)] + ".answer")
        if os.path.exists(published):
            checked += 1
            want = open(published).read().strip()
            if verdicts["puzzlec"][f] != "unique" or answers[f] != want:
                print(f"WRONG {f}: puzzlec says {verdicts['puzzlec'][f]}", file=sys.stderr)
                bad += 1
        for s in solvers:
            if s == "puzzlec":
                continue
            a, b = verdicts["puzzlec"][f], verdicts[s][f]
            definite = ("unique", "multiple", "none")
            if a in definite and b in definite and a != b:
                print(f"DISAGREE {f}: puzzlec {a}, {s} {b}", file=sys.stderr)
                bad += 1
    counts = {s: {} for s in solvers}
    for s in solvers:
        for v in verdicts[s].values():
            counts[s][v] = counts[s].get(v, 0) + 1
    print(f"| solver | verdicts | wall, sum of medians | CPU, sum of medians | median ratio to puzzlec (wall) | (CPU) |")
    print("|---|---|---:|---:|---:|---:|")
    med = lambda d, f: statistics.median(d[f])
    for s in solvers:
        w = sum(med(walls[s], f) for f in files)
        c = sum(med(cpus[s], f) for f in files)
        rw = statistics.median(med(walls[s], f) / med(walls["puzzlec"], f) for f in files)
        rc = statistics.median(med(cpus[s], f) / max(med(cpus["puzzlec"], f), 1e-6) for f in files)
        v = ", ".join(f"{k} {n}" for k, n in sorted(counts[s].items()))
        print(f"| {s} | {v} | {w:.2f} s | {c:.2f} s | {rw:.2f} | {rc:.2f} |")
    # By size (the `_HxW` at the end of each file name): wall-time sums and their ratio.
    sizes = {}
    for f in files:
        sizes.setdefault(f[: -len(ext)].rsplit("_", 1)[-1], []).append(f)
    peers = [s for s in solvers if s != "puzzlec"]
    if peers:
        print(f"\n| size | puzzles | puzzlec wall | " + " | ".join(f"{s} wall | puzzlec ÷ {s}" for s in peers) + " |")
        print("|---|---:|---:|" + "---:|---:|" * len(peers))
        by_cells = lambda kv: eval(kv[0].replace("x", "*")) if kv[0].replace("x", "").isdigit() else 0
        for size, group in sorted(sizes.items(), key=by_cells):
            ours = sum(med(walls["puzzlec"], f) for f in group)
            cells = []
            for s in peers:
                theirs = sum(med(walls[s], f) for f in group)
                cells.append(f"{theirs:.3f} s | {ours / theirs:.2f}")
            print(f"| {size} | {len(group)} | {ours:.3f} s | " + " | ".join(cells) + " |")
    print(f"\n{checked} published answers checked; {bad} wrong answers or disagreements")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
