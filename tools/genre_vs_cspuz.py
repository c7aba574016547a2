#!/usr/bin/env python3
"""puzzlec beside cspuz-url on the puzzles of one genre, one process per puzzle, interleaved.

    tools/genre_vs_cspuz.py GENRE FILE... [--cspuz PATH] [--rounds 3] [--timeout 60]

Each FILE is a puzzle puzzlec reads (janko text, a URL file, or a dataset `.json`, whose entries
are all taken). puzzlec solves it with the uniqueness check (`solve GENRE FILE --json`); its
canonical URL (`export GENRE FILE --format url`) goes to cspuz-url (`$CSPUZ_URL` or --cspuz;
the prebuilt one of ../shared/peers/bin when present). Prints per puzzle the median wall time of
each and both verdicts, then the sums and the ratio puzzlec / cspuz. Verdicts that disagree are
marked `DISAGREE`.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, stdin=None, timeout=60):
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout)
        out = done.stdout.decode()
    except subprocess.TimeoutExpired:
        out = "timeout"
    return time.perf_counter() - start, out


def puzzles(paths):
    for path in paths:
        if path.endswith(".json"):
            data = json.load(open(path))["data"]
            for key, entry in data.items():
                yield f"{os.path.basename(path)}:{key}", entry["problem"]
        else:
            yield path, open(path).read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("genre")
    ap.add_argument("files", nargs="+")
    default = os.environ.get("CSPUZ_URL") or os.path.join(ROOT, "..", "shared", "peers", "bin", "cspuz-url")
    ap.add_argument("--cspuz", default=default)
    ap.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "puzzlec"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()
    if not os.path.exists(args.cspuz):
        sys.exit(f"cspuz-url not found at {args.cspuz} (set CSPUZ_URL or --cspuz)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in puzzles(args.files):
            path = os.path.join(tmp, "p.txt")
            open(path, "w").write(text)
            url = subprocess.run([args.binary, "export", args.genre, path, "--format", "url"],
                                 capture_output=True).stdout.decode().strip()
            if not url.startswith("http"):
                print(f"{name}: no URL ({url or 'export failed'})", file=sys.stderr)
                continue
            ours, theirs, verdicts = [], [], ["", ""]
            for _ in range(args.rounds):
                t, out = timed([args.binary, "solve", args.genre, path, "--json",
                                "--timeout", str(args.timeout)], timeout=args.timeout + 10)
                ours.append(t)
                try:
                    verdicts[0] = json.loads(out.splitlines()[-1])["verdict"]
                except (ValueError, IndexError, KeyError):
                    verdicts[0] = out.strip()[:20] or "error"
                t, out = timed([args.cspuz, url], timeout=args.timeout)
                theirs.append(t)
                verdicts[1] = (out.split() or ["error"])[-1]
            a, b = statistics.median(ours), statistics.median(theirs)
            mark = "" if verdicts[0] == verdicts[1] or verdicts[1] == "timeout" else "  DISAGREE"
            rows.append((name, a, b))
            print(f"{name:40s} puzzlec {a:8.3f}s {verdicts[0]:9s} cspuz {b:8.3f}s {verdicts[1]:9s}{mark}")
    if rows:
        sa, sb = sum(r[1] for r in rows), sum(r[2] for r in rows)
        print(f"{len(rows)} puzzles: puzzlec {sa:.3f}s, cspuz {sb:.3f}s, ratio {sa / sb:.2f}")


if __name__ == "__main__":
    main()
