#!/usr/bin/env python3
"""Checks the verdicts of a batch run against the planted pictures and the peers' verdicts.

    batch_verdicts.py nonograms PUZZLEC.jsonl MANIFEST.tsv PEER_DIR...
    batch_verdicts.py urls PUZZLEC.jsonl PEER_DIR

`PUZZLEC.jsonl` is the output of `puzzlec solve … --json` (one object per input, the summary
last); a peer's output for an input is `PEER_DIR/KEY.txt` (see `key`). For the generated nonograms every puzzle has its planted picture as a solution, so a
verdict of `none` is wrong, and a `unique` solution must be the planted picture; each peer's
verdict (one output file per puzzle in PEER_DIR, named after the puzzle) must agree with
puzzlec's. For URLs the peer is cspuz-url. Prints the counts and every disagreement; exits 1 on
a wrong answer or a disagreement between two definite verdicts. TIMEOUT (environment, default 20) is the runs'
per-puzzle limit: a peer that ran that long counts as timed out.
"""

import json
import os
import re
import sys

# The per-puzzle time limit of the runs (the bench script's TIMEOUT).
TIMEOUT = float(os.environ.get("TIMEOUT", "20"))


def key(path, mode):
    """How a peer's output file is named after an input: `rand-00001.non` for the generated
    nonograms, `heyawake__cspuz_6x6.url` (folder and file) for the shipped URLs."""
    folder, name = os.path.split(path)
    return name if mode == "nonograms" else f"{os.path.basename(folder)}__{name}"


def puzzlec_verdicts(path, mode):
    """Input key → (verdict, first solution rows) from puzzlec's JSON lines."""
    out = {}
    with open(path) as f:
        for line in f:
            v = json.loads(line)
            if "summary" in v:
                continue
            name = key(v["input"], mode)
            if "error" in v:
                out[name] = ("error", None)
            else:
                solutions = v.get("solutions") or [None]
                out[name] = (v["verdict"], solutions[0])
    return out


def elapsed(text):
    """Seconds the peer ran, from the `# elapsed START END` line the bench script appends."""
    found = re.search(r"^# elapsed ([\d.]+) ([\d.]+)$", text, re.M)
    return float(found.group(2)) - float(found.group(1)) if found else 0.0


def peer_verdict(text, kind):
    """A peer's verdict from its output: unique, multiple, none, timeout, undecided or error."""
    # At the time limit a peer may have printed one solution without finishing its search.
    if elapsed(text) >= TIMEOUT - 0.5:
        return "timeout"
    if kind == "nonogrid":
        # nonogrid prints the board, and with `-m 2` a "Backtracking found N solutions" line when
        # it had to search; `?` cells without that line mean it stopped undecided (time limit).
        found = re.search(r"Backtracking found (\d+) solutions", text)
        if found:
            return "multiple" if int(found.group(1)) >= 2 else "unique"
        if "panicked" in text or "Bad puzzle" in text:
            return "none" if "Unsolvable" in text or "propagation failed" in text else "error"
        board = [l for l in text.splitlines() if not l.startswith("#")]
        # `?` cells without a search: nonogrid stopped undecided before its time limit.
        return "undecided" if any("?" in l for l in board) else "unique"
    if kind == "pbnsolve":
        words = text.split()
        for verdict, word in [("unique", "unique"), ("multiple", "multiple"),
                              ("none", "contradiction"), ("timeout", "timeout")]:
            if word in words:
                return verdict
        return "error"
    # cspuz-url / cspuz-nono: the last line (before ours) is unique / multiple / none.
    lines = [l.strip() for l in text.splitlines() if not l.startswith("# elapsed")]
    last = lines[-1] if lines else ""
    return last if last in ("unique", "multiple", "none") else "error"


def peer_kind(folder):
    name = os.path.basename(os.path.normpath(folder))
    for kind in ("nonogrid", "pbnsolve", "cspuz"):
        if name.startswith(kind):
            return kind
    return "cspuz"


def compare(ours, folder, suffix):
    """Counts agreements with one peer; returns the disagreements on definite verdicts."""
    kind = peer_kind(folder)
    tally, disagreements = {}, []
    for name, (verdict, _) in sorted(ours.items()):
        path = os.path.join(folder, name + suffix)
        if not os.path.exists(path):
            continue
        with open(path, errors="replace") as f:
            theirs = peer_verdict(f.read(), kind)
        key = "agree" if theirs == verdict else f"puzzlec {verdict} / {kind} {theirs}"
        tally[key] = tally.get(key, 0) + 1
        definite = ("unique", "multiple", "none")
        if theirs != verdict and theirs in definite and verdict in definite:
            disagreements.append(f"{name}: puzzlec {verdict}, {kind} {theirs}")
    print(f"{os.path.basename(os.path.normpath(folder))}: "
          + ", ".join(f"{k} {n}" for k, n in sorted(tally.items())))
    return disagreements


def main():
    mode, results = sys.argv[1], sys.argv[2]
    ours = puzzlec_verdicts(results, mode)
    counts = {}
    for verdict, _ in ours.values():
        counts[verdict] = counts.get(verdict, 0) + 1
    print("puzzlec: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    wrong = []
    if mode == "nonograms":
        manifest, peers = sys.argv[3], sys.argv[4:]
        with open(manifest) as f:
            rows = [l.rstrip("\n").split("\t") for l in f][1:]
        checked = 0
        for name, _w, _h, _style, _density, goal in rows:
            verdict, solution = ours.get(name, ("missing", None))
            if verdict in ("none", "error", "missing"):
                wrong.append(f"{name}: puzzlec {verdict}, but the planted picture solves it")
            elif verdict == "unique":
                checked += 1
                if "/".join(solution) != goal:
                    wrong.append(f"{name}: the unique solution is not the planted picture")
        print(f"planted pictures: {len(rows)} puzzles, {checked} unique solutions equal "
              f"their planted picture, {len(wrong)} wrong")
    else:
        peers = sys.argv[3:]
    for folder in peers:
        wrong += compare(ours, folder, ".txt")
    for w in wrong:
        print("  " + w)
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
