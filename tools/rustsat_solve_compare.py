#!/usr/bin/env python3
"""Solve time of rustsat's encodings of the linear rows beside puzzlec's own, on whole puzzles.

    tools/rustsat_solve_compare.py [--rounds 3] [--solver cadical] [--timeout 120] [--genres killersudoku,kakuro,kenken]

For each dev puzzle of the genre (tests/data/janko/<Genre>.json, each problem written to a temp
file) and each formulation below, it writes:

- puzzlec's DIMACS (`puzzlec export GENRE F --format dimacs -f SPEC`: its own `lower/cnf.rs`);
- the model as JSON (`--format json`), and from it one DIMACS per rustsat encoding
  (`tools/rustsat_compare/target/release/rustsat_compare dimacs ENC MODEL.json`): the linear
  rows by rustsat, every other row exactly as puzzlec writes it, same variable numbers.

Then it runs one external SAT solver (same for all files; first solution only, no uniqueness
check) on every file, interleaved round by round so a burst of load on the shared machine hits
all alike, and reports per file the median CPU time (user + system of the solver process).
Every SAT answer is decoded from the model variables (`c var N name`: `digit[rRcC]=V` or
`digit[rRcC]>=V`) and compared with the published answer; the script exits 1 on any mismatch.
Build first: `cargo build --release` (puzzlec) and, in tools/rustsat_compare,
`cargo build --release`. PUZZLEC and RUSTSAT_COMPARE override the binaries.
"""

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))
RUSTSAT = os.environ.get(
    "RUSTSAT_COMPARE", os.path.join(HERE, "rustsat_compare", "target", "release", "rustsat_compare")
)

# genre -> (janko file, formulations: (spec, rustsat encodings that apply)). `int=direct` sums
# are weighted (a digit's value on its one-hot literals), so rustsat's unit-weight totalizer
# does not apply; `int=order` sums are over order bits with weight 1.
GENRES = {
    "killersudoku": ("KillerSudoku", [
        ("int=direct,cage=sum,sum=linear", ["gte", "dpw", "adder"]),
        ("int=order,cage=sum,sum=linear", ["totalizer", "gte", "dpw", "adder"]),
    ]),
    "kakuro": ("Kakuro", [
        ("int=direct,run=linear", ["gte", "dpw", "adder"]),
        ("int=order,run=linear", ["totalizer", "gte", "dpw", "adder"]),
    ]),
    "kenken": ("KenKen", [
        ("int=direct,cage=linear", ["gte", "dpw", "adder"]),
        ("int=order,cage=linear", ["totalizer", "gte", "dpw", "adder"]),
    ]),
}


def cpu_run(cmd, timeout):
    """Runs one process: (CPU seconds of the process, stdout, exit code or None on timeout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=timeout)
        out, code = p.stdout.decode(errors="replace"), p.returncode
    except subprocess.TimeoutExpired:
        out, code = "", None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out, code


def solve(solver, path, timeout):
    """CPU seconds and the set of true variables (None: not SAT or timed out)."""
    if solver == "minisat":
        res = path + ".res"
        cpu, _, code = cpu_run(["minisat", "-verb=0", path, res], timeout)
        if code != 10:
            return cpu, None
        words = open(res).read().split()[1:]
    else:
        cpu, out, code = cpu_run([solver, "-q", path], timeout)
        if code != 10:
            return cpu, None
        words = [w for line in out.splitlines() if line.startswith("v ") for w in line[2:].split()]
    return cpu, {int(w) for w in words if w.lstrip("-").isdigit() and int(w) > 0}


def header(path):
    """(names by variable number, variables, clauses) of a DIMACS file."""
    names, nv, nc = {}, 0, 0
    with open(path) as f:
        for line in f:
            if line.startswith("c var "):
                _, _, n, name = line.rstrip("\n").split(" ", 3)
                names[int(n)] = name
            elif line.startswith("p cnf"):
                nv, nc = map(int, line.split()[2:4])
                break
    return names, nv, nc


CELL = re.compile(r"^digit\[r(\d+)c(\d+)\](=|>=)(\d+)$")


def decode(names, true_vars):
    """Cell -> digit from the model variables (a one-hot `=V` or order `>=V` literal each)."""
    direct, order_true, order_min = {}, {}, {}
    for n, name in names.items():
        m = CELL.match(name)
        if not m:
            continue
        cell, op, v = (int(m[1]), int(m[2])), m[3], int(m[4])
        if op == "=":
            if n in true_vars:
                direct[cell] = v
        else:
            order_min[cell] = min(order_min.get(cell, v), v)
            if n in true_vars:
                order_true[cell] = max(order_true.get(cell, v), v)
    # An order model also names `=V` literals for the middle values only: its order bits decide.
    if order_min:
        return {cell: order_true.get(cell, lo - 1) for cell, lo in order_min.items()}
    return direct


def matches(cells, solution):
    """Whether every digit of the published answer is the decoded digit of its cell, and no
    other cell has one. Kakuro's grid counts its clue row and column, so cells are 1-based on
    the whole grid; the Sudokus and KenKen number from r1c1 as well."""
    rows = [line.split() for line in solution.strip().splitlines()[1:]]
    want = {}
    for r, row in enumerate(rows, 1):
        for c, tok in enumerate(row, 1):
            if tok.isdigit():
                want[(r, c)] = int(tok)
    return want == cells


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--solver", default="cadical")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--genres", default=",".join(GENRES))
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="rustsat_solve_")
    bad = 0
    print(f"solver {args.solver}, {args.rounds} rounds, CPU seconds (median), vars / clauses")
    for genre in args.genres.split(","):
        janko, formulations = GENRES[genre]
        data = json.load(open(os.path.join(ROOT, "tests", "data", "janko", janko + ".json")))["data"]
        for spec, encodings in formulations:
            cols = ["puzzlec"] + encodings
            totals = {c: 0.0 for c in cols}
            print(f"\n### {genre} `{spec}`\n")
            print("| puzzle | " + " | ".join(cols) + " |")
            print("|---|" + "---:|" * len(cols))
            for key, entry in data.items():
                base = os.path.join(tmp, f"{genre}_{key}_{spec.replace(',', '_').replace('=', '-')}")
                with open(base + ".txt", "w") as f:
                    f.write(entry["problem"])
                files = {"puzzlec": base + ".puzzlec.cnf"}
                subprocess.run([PUZZLEC, "export", genre, base + ".txt", "--format", "dimacs", "-f", spec,
                                "-o", files["puzzlec"]], check=True)
                subprocess.run([PUZZLEC, "export", genre, base + ".txt", "--format", "json", "-f", spec,
                                "-o", base + ".json"], check=True)
                for enc in encodings:
                    files[enc] = f"{base}.{enc}.cnf"
                    with open(files[enc], "w") as f:
                        subprocess.run([RUSTSAT, "dimacs", enc, base + ".json"], stdout=f, check=True)
                sizes = {c: header(p) for c, p in files.items()}
                times = {c: [] for c in cols}
                ok = {c: True for c in cols}
                for _ in range(args.rounds):
                    for c in cols:
                        cpu, true_vars = solve(args.solver, files[c], args.timeout)
                        times[c].append(cpu)
                        if true_vars is None or not matches(decode(sizes[c][0], true_vars), entry["solution"]):
                            ok[c] = False
                cells = []
                for c in cols:
                    med = statistics.median(times[c])
                    totals[c] += med
                    mark = "" if ok[c] else " WRONG"
                    bad += not ok[c]
                    cells.append(f"{med:.3f} ({sizes[c][1]:,} / {sizes[c][2]:,}){mark}")
                print(f"| {key} | " + " | ".join(cells) + " |", flush=True)
            print("| **sum** | " + " | ".join(f"**{totals[c]:.3f}**" for c in cols) + " |", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
