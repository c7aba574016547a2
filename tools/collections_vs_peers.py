#!/usr/bin/env python3
"""puzzlec against its peers on the published collections: issue 29's table in one run.

    cargo build --release
    python3 tools/collections_vs_peers.py --rounds 3            # everything
    python3 tools/collections_vs_peers.py --genres hitori,starbattle --limit 5 --rounds 3

Collections (`tests/data/*_published/`, see tests/data/PUBLISHED.md): heyawake, nonogram,
hitori, starbattle, nurikabe, lits, slitherlink. Each puzzle is run once per round by every
solver in turn, the order alternating from puzzle to puzzle (interleaved, so a burst of load on
the shared machine hits all of them alike), each as a whole process with its uniqueness check,
the way a user runs one file:

- puzzlec: `puzzlec solve GENRE F --timeout T` (`--answer-text` for the janko collections);
- grid genres: `cspuz-url URL` (CSPUZ_URL, default ../shared/peers/bin/cspuz-url); the URL is
  written beforehand, outside the timing, by `puzzlec export GENRE F --format url` (a puzzle
  without a puzz.link form, such as a star battle with cells outside every room, is left out of
  the comparison and counted);
- nonogram: `nonogrid -m 2 -t T F.non` (NONOGRID) and `pbnsolve -u -xT F.non` (PBNSOLVE), both
  defaulting to ../shared/peers/bin; the better of the two (smaller wall-time sum) is the peer.

A peer that is missing is skipped with a printed reason. Beside the per-puzzle processes, batch
mode: `puzzlec solve GENRE F1 F2 … --jobs 1 --json` (one process for the whole collection), once
per round. A puzzle that timed out for a solver is not run again by it (a timeout stays one).

Printed: per collection, the sums over puzzles of each puzzle's median wall-clock and CPU time
(user + system of the process), puzzlec ÷ peer for both, the median of the per-puzzle wall
ratios, the batch run's wall time and its ratio to the peer, and the target of issue 29 (✔/✘ on
the wall-sum ratio; "keep" rows use ≤ 0.5; a solver's timeout counts as the time it ran); then
the slow rows — how many puzzles of the whole nurikabe collection take more than 20 s in a batch
run (whatever --limit says), and survey "Gettys" (webpbn #22336, one-colour `.g`) whole
verdict, read at run time from the nonogrid 0.7.3 crate's `sample-olsak-g/` (never copied into
the repository; skipped with a reason when it cannot be had); then the per-size breakdown of
every collection (sizes from the puzzle headers).

Verdicts: every published answer (`F.answer`) must come out exactly (compared token by token),
every definite peer verdict must agree with puzzlec's; exit 1 on any wrong answer or
disagreement (a puzzle puzzlec does not answer in time is listed as NOT ANSWERED). PUZZLEC
(default target/release/puzzlec) is the binary measured. Every binary is timed as a fresh copy
in one temporary folder, so that all start from the same page-cache state (see same_start.py).
"""

import argparse
import glob
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from same_start import fresh_copy

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEERS = os.path.join(ROOT, "..", "shared", "peers", "bin")
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))
DEFINITE = ("unique", "multiple", "none")

# name: (folder, puzzle extension, answers in janko notation?, peer kind, target ratio, label)
COLLECTIONS = {
    "heyawake": ("heyawake_published", ".txt", False, "cspuz", 0.5, "≤ 0.5 (keep)"),
    "nonogram": ("nonogram_published", ".non", False, "nonogram", 1.0, "≤ 1.0"),
    "hitori": ("hitori_published", ".txt", True, "cspuz", 0.5, "≤ 0.5"),
    "starbattle": ("starbattle_published", ".txt", True, "cspuz", 0.5, "≤ 0.5"),
    "nurikabe": ("nurikabe_published", ".txt", True, "cspuz", 0.5, "keep (≤ 0.5)"),
    "lits": ("lits_published", ".txt", True, "cspuz", 0.5, "keep (≤ 0.5)"),
    "slitherlink": ("slitherlink_published", ".txt", True, "cspuz", 0.5, "keep (≤ 0.5)"),
}
NURIKABE_LIMIT = 20.0  # seconds: issue 29's "each within 20 s"
GETTYS_LIMIT = 20.0
GETTYS_CAP = 120.0  # seconds given to Gettys (at least), so that a miss still shows its time


def run(cmd, timeout):
    """Runs one process: (wall seconds, CPU seconds, stdout, exit code or None on timeout)."""
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
    """puzzlec's verdict (its last line) and its first answer block."""
    lines = out.strip().splitlines()
    if not lines:
        return ("timeout" if code in (None, 3) else "error"), None
    verdict = lines[-1].strip()
    if verdict.startswith("no solution"):
        return "none", None
    rows = []
    for line in lines:
        if not line.strip():
            break
        rows.append(line)
    return verdict, "\n".join(rows)


def nonogrid_verdict(out, code):
    if code is None:
        return "timeout"
    if "Backtracking found 2 solutions" in out or out.count("-th solution") >= 2:
        return "multiple"
    # nonogrid prints the board line logic left (with `?`) before it searches, then the
    # solution: only a `?` in the last board means it stopped unfinished.
    if any("?" in line for line in out.strip().splitlines()[-3:]):
        return "timeout"
    return "unique" if code == 0 else "error"


def pbnsolve_verdict(out, code):
    text = out.lower()
    if code is None or "timeout" in text or "timed out" in text or "cpu time limit" in text:
        return "timeout"
    if "not unique" in text or "multiple" in text:
        return "multiple"
    if "unique" in text:
        return "unique"
    if "no solution" in text or "contradiction" in text:
        return "none"
    return "error"


def cspuz_verdict(out, code):
    if code is None:
        return "timeout"
    last = out.strip().splitlines()[-1] if out.strip() else ""
    return last if last in DEFINITE else "error"


def tokens(text):
    """Whitespace-separated tokens line by line (the dataset ends some rows with a space)."""
    return [line.split() for line in (text or "").splitlines() if line.split()]


def size_of(path):
    """(height, width) from the puzzle header: `H W …` or a `.non`'s height/width lines."""
    text = open(path, encoding="utf-8").read()
    if path.endswith(".non"):
        h = re.search(r"^height (\d+)", text, re.M)
        w = re.search(r"^width (\d+)", text, re.M)
        return int(h.group(1)), int(w.group(1))
    head = text.split("\n", 1)[0].split()
    return int(head[0]), int(head[1])


def executable(env, name):
    """A fresh copy of a peer's binary (see same_start.py), or None if missing."""
    path = os.environ.get(env, os.path.join(PEERS, name))
    return fresh_copy(path) if os.access(path, os.X_OK) else None


def peers_for(kind, genre, paths, t, skipped):
    """The peers of one collection: {name: (command for a path or None, verdict parser)}."""
    peers = {}
    if kind == "nonogram":
        nonogrid = executable("NONOGRID", "nonogrid")
        if nonogrid:
            peers["nonogrid"] = (lambda p: [nonogrid, "-m", "2", "-t", t, p], nonogrid_verdict)
        else:
            skipped.append(f"nonogrid: no executable at NONOGRID or {PEERS}/nonogrid")
        pbnsolve = executable("PBNSOLVE", "pbnsolve")
        if pbnsolve:
            peers["pbnsolve"] = (lambda p: [pbnsolve, "-u", f"-x{t}", p], pbnsolve_verdict)
        else:
            skipped.append(f"pbnsolve: no executable at PBNSOLVE or {PEERS}/pbnsolve")
        return peers
    cspuz = executable("CSPUZ_URL", "cspuz-url")
    if not cspuz:
        skipped.append(f"cspuz-url: no executable at CSPUZ_URL or {PEERS}/cspuz-url")
        return peers
    urls = {}
    for p in paths:
        out = subprocess.run([PUZZLEC, "export", genre, p, "--format", "url"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        url = out.stdout.decode().strip()
        urls[p] = url if out.returncode == 0 and url else None
    peers["cspuz"] = (lambda p: [cspuz, urls[p]] if urls[p] else None, cspuz_verdict)
    return peers


def measure(name, args, skipped):
    """Runs one collection; returns its results (or None when it has no puzzles)."""
    folder, ext, janko, kind, target, label = COLLECTIONS[name]
    folder = os.path.join(ROOT, "tests", "data", folder)
    files = sorted(f for f in os.listdir(folder) if f.endswith(ext))
    if args.limit > 1:
        files = files[:: args.limit]
    paths = [os.path.join(folder, f) for f in files]
    if not paths:
        return None
    t = str(int(args.timeout))
    extra = args.puzzlec_args.split() + (["--answer-text"] if janko else [])
    solvers = {"puzzlec": (lambda p: [PUZZLEC, "solve", name, p, "--timeout", t] + extra, None)}
    if not args.no_peers:
        solvers.update(peers_for(kind, name, paths, t, skipped))
    print(f"{name}: {len(paths)} puzzles; solvers: {', '.join(solvers)}", file=sys.stderr)
    walls = {s: {p: [] for p in paths} for s in solvers}
    cpus = {s: {p: [] for p in paths} for s in solvers}
    verdicts = {s: {} for s in solvers}
    answers = {}
    batch_walls, batch_cpus, batch_json = [], [], ""
    for rnd in range(args.rounds):
        for i, p in enumerate(paths):
            order = list(solvers) if (i + rnd) % 2 == 0 else list(reversed(solvers))
            for s in order:
                cmd = solvers[s][0](p)
                if cmd is None or verdicts[s].get(p) == "timeout":
                    continue
                wall, cpu, out, code = run(cmd, args.timeout)
                walls[s][p].append(wall)
                cpus[s][p].append(cpu)
                if s == "puzzlec":
                    verdicts[s][p], answers[p] = puzzlec_verdict(out, code)
                else:
                    verdicts[s][p] = solvers[s][1](out, code)
        if not args.no_batch:
            cmd = [PUZZLEC, "solve", name, *paths, "--jobs", "1", "--json", "--timeout", t]
            cmd += args.puzzlec_args.split()
            wall, cpu, out, _ = run(cmd, args.timeout * len(paths))
            batch_walls.append(wall)
            batch_cpus.append(cpu)
            batch_json = out
        print(f"  round {rnd + 1} done", file=sys.stderr)
    # Verdicts: published answers exactly, and agreement with every definite peer verdict.
    bad, unanswered = [], []
    checked = 0
    for p in paths:
        published = p[: -len(ext)] + ".answer"
        if os.path.exists(published):
            checked += 1
            want = open(published, encoding="utf-8").read()
            if verdicts["puzzlec"][p] == "timeout":
                unanswered.append(f"NOT ANSWERED {name} {os.path.basename(p)}: timeout")
            elif verdicts["puzzlec"][p] != "unique" or tokens(answers[p]) != tokens(want):
                bad.append(f"WRONG {name} {os.path.basename(p)}: puzzlec says {verdicts['puzzlec'][p]}")
        for s in solvers:
            a, b = verdicts["puzzlec"][p], verdicts[s].get(p)
            if s != "puzzlec" and a in DEFINITE and b in DEFINITE and a != b:
                bad.append(f"DISAGREE {name} {os.path.basename(p)}: puzzlec {a}, {s} {b}")
    for line in batch_json.splitlines()[:-1]:
        v = json.loads(line)
        published = v["input"][: -len(ext)] + ".answer"
        if janko and os.path.exists(published) and v.get("verdict") == "unique":
            if tokens(v.get("answer_text")) != tokens(open(published, encoding="utf-8").read()):
                bad.append(f"WRONG {name} {os.path.basename(v['input'])}: batch answer differs")
    return {
        "name": name, "label": label, "target": target, "paths": paths, "solvers": list(solvers),
        "walls": walls, "cpus": cpus, "verdicts": verdicts, "checked": checked, "bad": bad, "unanswered": unanswered,
        "batch_wall": statistics.median(batch_walls) if batch_walls else None,
        "batch_cpu": statistics.median(batch_cpus) if batch_cpus else None,
    }


def med(values):
    return statistics.median(values) if values else None


def summary(r):
    """Per solver over the puzzles every solver ran: wall and CPU sums of medians."""
    common = [p for p in r["paths"] if all(r["walls"][s][p] for s in r["solvers"])]
    sums = {}
    for s in r["solvers"]:
        sums[s] = (sum(med(r["walls"][s][p]) for p in common), sum(med(r["cpus"][s][p]) for p in common))
    peers = [s for s in r["solvers"] if s != "puzzlec"]
    best = min(peers, key=lambda s: sums[s][0]) if peers else None
    return common, sums, best


def nurikabe_within(args):
    """The whole nurikabe collection in one batch run with a 20-s limit per puzzle: the puzzles
    that take longer (their seconds, or "timeout"), and how many there are."""
    folder = os.path.join(ROOT, "tests", "data", COLLECTIONS["nurikabe"][0])
    paths = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".txt"))
    cmd = [PUZZLEC, "solve", "nurikabe", *paths, "--jobs", "1", "--json",
           "--timeout", str(int(NURIKABE_LIMIT))] + args.puzzlec_args.split()
    _, _, out, _ = run(cmd, NURIKABE_LIMIT * len(paths))
    slow = []
    for line in out.splitlines()[:-1]:
        v = json.loads(line)
        if v.get("verdict") == "timeout" or v.get("seconds", 0) > NURIKABE_LIMIT:
            slow.append(os.path.basename(v["input"]))
    return len(paths), slow


def fetch_gettys(skipped):
    """Survey "Gettys" (webpbn #22336) from the nonogrid 0.7.3 crate, or None."""
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    pattern = os.path.join(home, "registry", "src", "*", "nonogrid-0.7.3", "sample-olsak-g", "webpbn-22336.g")
    found = glob.glob(pattern)
    if found:
        return found[0]
    # Not in the local registry: let cargo fetch the crate (its ordinary client), then read it.
    work = tempfile.mkdtemp(prefix="gettys-")
    os.makedirs(os.path.join(work, "src"))
    open(os.path.join(work, "src", "lib.rs"), "w").close()
    with open(os.path.join(work, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "gettys-fetch"\nversion = "0.0.0"\nedition = "2021"\n\n'
                '[dependencies]\nnonogrid = { version = "=0.7.3", default-features = false }\n')
    try:
        subprocess.run(["cargo", "fetch", "--manifest-path", os.path.join(work, "Cargo.toml")],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300, check=True)
    except (OSError, subprocess.SubprocessError):
        skipped.append("Gettys: the nonogrid 0.7.3 crate is not in the cargo registry and `cargo fetch` failed")
        return None
    found = glob.glob(pattern)
    if not found:
        skipped.append("Gettys: nonogrid 0.7.3 fetched but sample-olsak-g/webpbn-22336.g is missing")
        return None
    return found[0]


def gettys_row(args, skipped):
    """Whole verdict of Gettys: puzzlec's median over the rounds, pbnsolve once."""
    path = fetch_gettys(skipped)
    if not path:
        return None
    t = max(args.timeout, GETTYS_CAP)
    walls, verdict = [], None
    for _ in range(args.rounds):
        wall, _, out, code = run([PUZZLEC, "solve", "nonogram", path, "--timeout", str(int(t))], t)
        verdict = puzzlec_verdict(out, code)[0]
        walls.append(wall)
        if verdict == "timeout":
            break
    peer = ""
    pbnsolve = None if args.no_peers else executable("PBNSOLVE", "pbnsolve")
    if pbnsolve:
        wall, _, out, code = run([pbnsolve, "-u", f"-x{int(t)}", path], t)
        v = pbnsolve_verdict(out, code)
        peer = f"pbnsolve: {v} in {wall:.1f} s" if v in DEFINITE else f"pbnsolve: no answer in {int(t)} s"
    return med(walls), verdict, peer


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--genres", default=",".join(COLLECTIONS), help="comma-separated collections")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60, help="seconds per puzzle and solver")
    ap.add_argument("--limit", type=int, default=1, help="every N-th puzzle of each collection")
    ap.add_argument("--no-peers", action="store_true", help="time puzzlec alone")
    ap.add_argument("--no-batch", action="store_true", help="leave out the batch runs")
    ap.add_argument("--no-gettys", action="store_true", help="leave out survey Gettys")
    ap.add_argument("--puzzlec-args", default="", help="extra arguments for puzzlec, e.g. '-f KEY=VALUE'")
    args = ap.parse_args()
    global PUZZLEC
    measured, PUZZLEC = PUZZLEC, fresh_copy(PUZZLEC)
    names = [g for g in args.genres.split(",") if g]
    unknown = [g for g in names if g not in COLLECTIONS]
    if unknown:
        ap.error(f"unknown collection(s) {', '.join(unknown)}; known: {', '.join(COLLECTIONS)}")
    skipped = []
    print(f"{args.rounds} interleaved rounds, timeout {args.timeout:g} s, every "
          f"{max(args.limit, 1)}. puzzle; {os.cpu_count()} cores; {measured} (a fresh copy)",
          file=sys.stderr)
    results = [r for r in (measure(n, args, skipped) for n in names) if r]
    gettys = None if args.no_gettys or "nonogram" not in names else gettys_row(args, skipped)

    print("| work | puzzles | puzzlec wall | peer wall | puzzlec ÷ peer (wall) | (CPU) "
          "| per-puzzle median ratio | batch, one process | batch ÷ peer | target |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    bad = []
    for r in results:
        common, sums, best = summary(r)
        bad += r["bad"]
        left_out = len(r["paths"]) - len(common)
        n = f"{len(common)}" + (f" (+{left_out} not run by all)" if left_out else "")
        ours_w, ours_c = sums["puzzlec"]
        batch = f"{r['batch_wall']:.2f} s" if r["batch_wall"] is not None else "—"
        if best:
            theirs_w, theirs_c = sums[best]
            ratio_w, ratio_c = ours_w / theirs_w, ours_c / max(theirs_c, 1e-9)
            per = statistics.median(med(r["walls"]["puzzlec"][p]) / med(r["walls"][best][p]) for p in common)
            batch_ratio = f"{r['batch_wall'] / theirs_w:.2f}" if r["batch_wall"] is not None else "—"
            mark = "✔" if ratio_w <= r["target"] else "✘"
            print(f"| {r['name']} vs {best} | {n} | {ours_w:.2f} s | {theirs_w:.2f} s | {ratio_w:.2f} "
                  f"| {ratio_c:.2f} | {per:.2f} | {batch} | {batch_ratio} | {r['label']} {mark} |")
        else:
            print(f"| {r['name']} (no peer) | {n} | {ours_w:.2f} s | — | — | — | — | {batch} | — | {r['label']} |")
    nuri = next((r for r in results if r["name"] == "nurikabe"), None)
    if nuri:
        total, slow = nurikabe_within(args)
        peer = ""
        if "cspuz" in nuri["solvers"]:
            ran = [p for p in nuri["paths"] if nuri["walls"]["cspuz"][p]]
            fast = [p for p in ran if nuri["verdicts"]["cspuz"][p] in DEFINITE
                    and med(nuri["walls"]["cspuz"][p]) <= NURIKABE_LIMIT]
            peer = f"; cspuz, on the {len(nuri['paths'])} measured: {len(fast)} of {len(ran)}"
        mark = "✔" if not slow else "✘"
        print(f"| nurikabe collection, each within {NURIKABE_LIMIT:g} s (one batch run) | {total} | "
              f"{total - len(slow)} of {total} (over: {', '.join(slow) or 'none'}{peer}) | | | | | | | all {mark} |")
    if gettys:
        wall, verdict, peer = gettys
        mark = "✔" if verdict in DEFINITE and wall < GETTYS_LIMIT else "✘"
        cap = max(args.timeout, GETTYS_CAP)
        shown = f"{wall:.1f} s, {verdict}" if verdict != "timeout" else f"no answer in {cap:g} s"
        print(f"| survey Gettys (webpbn #22336, `.g`), whole verdict | 1 | {shown} ({peer or 'no peer'}) "
              f"| | | | | | | < {GETTYS_LIMIT:g} s {mark} |")

    for r in results:
        common, sums, best = summary(r)
        if not common:
            continue
        print(f"\n{r['name']} by size (wall-time sums of medians; "
              + ", ".join(f"{s}: " + ", ".join(f"{v} {c}" for v, c in sorted(count(r, s).items())) for s in r["solvers"])
              + ")")
        peers = [s for s in r["solvers"] if s != "puzzlec"]
        print("| " + " | ".join(["size", "puzzles", "puzzlec"] + [f"{s} | puzzlec ÷ {s}" for s in peers]) + " |")
        print("|---|---:|---:|" + "---:|---:|" * len(peers))
        groups = {}
        for p in common:
            groups.setdefault(size_of(p), []).append(p)
        for (h, w), group in sorted(groups.items(), key=lambda kv: (kv[0][0] * kv[0][1], kv[0])):
            ours = sum(med(r["walls"]["puzzlec"][p]) for p in group)
            cells = []
            for s in peers:
                theirs = sum(med(r["walls"][s][p]) for p in group)
                cells.append(f"{theirs:.3f} s | {ours / theirs:.2f}")
            print("| " + " | ".join([f"{h}×{w}", str(len(group)), f"{ours:.3f} s"] + cells) + " |")
    for line in skipped:
        print(f"skipped: {line}")
    checked = sum(r["checked"] for r in results)
    for line in [u for r in results for u in r["unanswered"]] + bad:
        print(line)
    print(f"\n{checked} published answers checked; {len(bad)} wrong answers or disagreements")
    sys.exit(1 if bad else 0)


def count(r, s):
    counts = {}
    for v in r["verdicts"][s].values():
        counts[v] = counts.get(v, 0) + 1
    return counts


if __name__ == "__main__":
    main()
