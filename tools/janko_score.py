#!/usr/bin/env python3
"""Scores puzzlec on a puzzlekit-dataset file: one `puzzlec solve GENRE - --json` per entry,
counting the entries that come back `unique` with `answer_text` equal to the published answer
(compared as the acceptance check does: header dropped, tokens, the genre's normalisations).

    tools/janko_score.py tests/data/janko/Akari.json [--genre akari] [--timeout 60] [--jobs 2] [--slow 5] [--formulation K=V]

Prints one line per entry that fails and a summary; exit 0 when every entry with a solution
matched.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def token(genre, t):
    # Akari's black cells are written three ways (repeated number, `x`, `-`): only lamps count,
    # so this comes before the numbers are compared as numbers.
    if genre == "akari" and t != "o":
        return "-"
    try:
        return str(int(t))
    except ValueError:
        pass
    if genre in ("masyu", "yajilin", "countryroad", "numberlink") and t and set(t) <= set("nsew"):
        return "".join(sorted(t))
    if genre == "akari" and t != "o":
        return "-"
    if genre == "starbattle" and t != "x":
        return "-"
    if genre == "minesweeper" and t == ".":
        return "-"
    if genre == "abcendview":
        return t.upper()
    return t


def answer_tokens(genre, text):
    lines = [l for l in text.split("\n") if l.strip()]
    if len(lines) > 1:
        lines = lines[1:]
    if not lines:
        return []
    width = len(lines[0].split())
    grid = []
    for line in lines:
        if line.lstrip().startswith("[") or len(line.split()) != width:
            break
        grid.append([token(genre, t) for t in line.split()])
    if genre in ("shikaku", "galaxies", "dominos"):
        seen = {}
        grid = [[str(seen.setdefault(t, len(seen))) for t in row] for row in grid]
    return grid


def run(binary, genre, timeout, problem, formulation=None):
    extra = ["--formulation", formulation] if formulation else []
    try:
        done = subprocess.run(
            [binary, "solve", genre, "-", "--json", "--timeout", str(timeout)] + extra,
            input=problem.encode(), capture_output=True, timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return {"verdict": "hung"}
    try:
        return json.loads(done.stdout.decode().strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"verdict": "no JSON", "error": done.stderr.decode()[-300:]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--genre")
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/puzzlec"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--formulation", help="KEY=VALUE,... passed to puzzlec")
    ap.add_argument("--slow", type=float, help="also list the right answers that took over this many seconds")
    args = ap.parse_args()
    genre = args.genre or os.path.splitext(os.path.basename(args.file))[0].lower()
    data = json.load(open(args.file))["data"]
    entries = [(k, v) for k, v in data.items() if v.get("solution", "").strip()]
    ok = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {k: pool.submit(run, args.binary, genre, args.timeout, v["problem"], args.formulation) for k, v in entries}
        for k, v in entries:
            r = futures[k].result()
            good = r.get("verdict") == "unique" and \
                answer_tokens(genre, r.get("answer_text", "")) == answer_tokens(genre, v["solution"])
            if good:
                ok += 1
                seconds = r.get("stats", {}).get("seconds_total", 0)
                if args.slow is not None and seconds > args.slow:
                    print(f"{k}: unique in {seconds:.2f} s")
            else:
                print(f"{k}: {r.get('verdict')} {r.get('error', '')}".rstrip())
    print(f"{genre}: {ok}/{len(entries)} unique with the published answer")
    sys.exit(0 if ok == len(entries) else 1)


if __name__ == "__main__":
    main()
