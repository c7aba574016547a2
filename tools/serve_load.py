#!/usr/bin/env python3
"""Load test of `puzzlec serve`: 1,000 mixed requests on localhost, then counts by status,
latencies and the server's memory. Python's standard library only.

    python3 tools/serve_load.py --server target/release/puzzlec     # starts and stops a server
    python3 tools/serve_load.py --url http://127.0.0.1:8080 --pid PID  # a running one

The requests come in four phases (every count fixed, the choices seeded, so a run is bounded in
count and time and stops by itself):
  steady   600 requests from as many clients as the server has slots: valid solves (URLs and files of models/, every genre,
           random backend and mode), malformed ones (bad URL, bad file, bad JSON, unknown field,
           genre or backend, not JSON, not UTF-8), pages, genres, exports, unknown routes;
  burst    200 requests in 5 bursts of 40 at once: more than the solving slots, so 503s;
  slow     100 requests from 4 patient clients (after a 503 they ask again), a third of them
           solves that run to their time limit (1 to 2 s), holding their slots meanwhile;
  hostile  100 requests: oversized bodies, a declared length of 10 GB, headers that never end,
           stalled connections, bytes that are no HTTP.
The server's resident memory is sampled every 50 ms (VmRSS) and its peak read at the end (VmHWM
in /proc/PID/status). The script fails (exit 1) when the server dies, stops answering, or gives
a 5xx other than 503 (busy) and 504 (an export past its time).
"""

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def model(path):
    with open(os.path.join(ROOT, "models", path), encoding="utf-8") as f:
        return f.read()


def url_of(path):
    return next(l for l in model(path).splitlines() if l.startswith("https://"))


# Valid puzzles: (genre or None when the URL names it, input).
VALID = [
    (None, url_of("heyawake/cspuz_6x6.url")),
    (None, url_of("heyawake/pzprjs_6x6.url")),
    (None, url_of("heyawake/edge_none_10x10.url")),
    (None, url_of("hitori/cspuz_6x5.url")),
    (None, url_of("lits/cspuz_10x10.url")),
    (None, url_of("nurikabe/cspuz_6x6.url")),
    (None, url_of("masyu/pzprjs_6x6.url")),
    ("heyawake", model("heyawake/seed004.txt")),
    ("heyawake", model("heyawake/lshape_4x6.txt")),
    ("hitori", model("hitori/pzprjs_4x4.txt")),
    ("masyu", model("masyu/pzprjs_6x6.txt")),
    ("nonogram", model("nonogram/webpbn-0006.non")),
    ("tetromino", model("tetromino/4x6.txt")),
]
BAD_URL = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0gZi3k"
MALFORMED = [
    {"input": BAD_URL},
    {"input": "https://puzz.link/p?heyawake/6/6/aa66"},
    {"genre": "heyawake", "input": "AB\nAC\nA=9\n"},
    {"genre": "nonogram", "input": "width 3\nheight 2\nrows\n1 1 1 1\n"},
    {"genre": "sudoku", "input": "x"},
    {"input": "AB\nAB\n"},
    {"input": BAD_URL, "backend": "dimacs:/bin/sh"},
    {"input": BAD_URL, "formulation": "connectivity=teleport"},
    {"input": BAD_URL, "timeout": -1},
    {"input": "", "genre": "hitori"},
    {"input": BAD_URL, "first": True, "facts": True},
    {"input": BAD_URL, "colour": "blue"},
]
# The slow solve: heyawake's 10×10 seed on the MIP backend with the tree formulation (minutes).
SLOW = {"genre": "heyawake", "input": model("heyawake/seed004.txt"), "backend": "microlp",
        "formulation": "connectivity=tree"}


class Target:
    def __init__(self, host, port, pid):
        self.host, self.port, self.pid = host, port, pid

    def request(self, method, path, body=None, headers=None, timeout=120):
        """One request on its own connection: (status, body bytes)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            h = {"Connection": "close"}
            h.update(headers or {})
            conn.request(method, path, body=body, headers=h)
            r = conn.getresponse()
            return r.status, r.read()
        finally:
            conn.close()

    def post_json(self, path, value, timeout=120):
        return self.request("POST", path, json.dumps(value).encode(),
                            {"Content-Type": "application/json"}, timeout)

    def raw(self, data, hold=0.0, chunks=1):
        """Sends raw bytes (in `chunks` pieces `hold` seconds apart); the status, or 'closed'."""
        s = socket.create_connection((self.host, self.port), timeout=40)
        try:
            step = max(1, len(data) // chunks)
            for i in range(0, len(data), step):
                s.sendall(data[i:i + step])
                if hold:
                    time.sleep(hold)
            s.shutdown(socket.SHUT_WR)
            answer = b""
            while True:
                part = s.recv(65536)
                if not part:
                    break
                answer += part
            if answer.startswith(b"HTTP/1.1 "):
                return int(answer[9:12]), answer
            return "closed", answer
        except (ConnectionResetError, BrokenPipeError) as e:
            return "reset", str(e).encode()
        except socket.timeout as e:
            return "timeout", str(e).encode()
        finally:
            s.close()


def plan(rng, phase, n):
    """The (kind, request) list of a phase."""
    out = []
    for _ in range(n):
        roll = rng.random()
        if phase == "slow" and roll < 0.33:
            body = dict(SLOW, timeout=rng.choice([1, 1.5, 2]))
            out.append(("slow", ("json", "/api/solve", body)))
            continue
        if phase == "hostile":
            out.append(rng.choice([
                ("oversized", ("json", "/api/solve", {"genre": "heyawake", "input": "A" * (3 << 19)})),
                ("lying-length", ("raw", b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\n"
                                  b"Content-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n{}",
                                  None)),
                ("endless-header", ("raw", b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Long: "
                                    + b"a" * (200 << 10) + b"\r\n\r\n", None)),
                ("stalled", ("stall", b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-", None)),
                ("garbage", ("raw", bytes(rng.randrange(256) for _ in range(300)) + b"\r\n\r\n", None)),
            ]))
            continue
        if roll < 0.45:
            genre, text = rng.choice(VALID)
            body = {"input": text, "backend": rng.choice(["varisat", "batsat"])}
            if genre:
                body["genre"] = genre
            mode = rng.choice(["unique", "unique", "first", "facts"])
            if mode != "unique":
                body[mode] = True
            out.append(("valid", ("json", "/api/solve", body)))
        elif roll < 0.70:
            out.append(("malformed", ("json", "/api/solve", rng.choice(MALFORMED))))
        elif roll < 0.74:
            out.append(("malformed", ("bytes", "/api/solve", b'{"input": "\xff\xfe"}')))
        elif roll < 0.77:
            out.append(("malformed", ("text", "/api/solve", b'{"input": "x"}')))
        elif roll < 0.85:
            genre, text = rng.choice(VALID[:7])
            fmt = rng.choice(["dimacs", "lp", "json", "url"])
            out.append(("export", ("json", "/api/export", {"input": text, "format": fmt})))
        elif roll < 0.93:
            out.append(("page", ("get", rng.choice(["/", "/api/genres"]), None)))
        else:
            out.append(("unknown-route", ("get", rng.choice(["/nope", "/api/solver", "/../etc"]), None)))
    return out


RETRIES = Counter()  # 503s retried, by phase


def run_one(target, kind, req, phase=None, patient=False):
    """Sends one request; a patient client waits and asks again after a 503 (busy), at most 40
    times, a quarter second apart."""
    started = time.perf_counter()
    for _ in range(40):
        kind, status, _, data = send(target, kind, req)
        if status != 503 or not patient:
            break
        RETRIES[phase] += 1
        time.sleep(0.25)
    return kind, status, time.perf_counter() - started, data


def send(target, kind, req):
    how, path, body = req
    started = time.perf_counter()
    try:
        if how == "json":
            status, data = target.post_json(path, body)
        elif how == "bytes":
            status, data = target.request("POST", path, body, {"Content-Type": "application/json"})
        elif how == "text":
            status, data = target.request("POST", path, body, {"Content-Type": "text/plain"})
        elif how == "get":
            status, data = target.request("GET", path)
        elif how == "raw":  # the bytes to send stand in the path's place
            status, data = target.raw(path)
        elif how == "stall":
            status, data = target.raw(path, hold=1.0, chunks=3)
        else:
            raise ValueError(how)
    except (ConnectionError, http.client.HTTPException, socket.timeout, OSError) as e:
        # The server answered (413, 431) and closed while this client was still sending: the
        # client's socket sees a reset instead of the answer.
        status, data = "reset", str(e).encode()
    return kind, status, time.perf_counter() - started, data


def memory(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except FileNotFoundError:
        return None
    return None


def children(pid):
    """The process ids whose parent is `pid` (the solves in flight)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    # The parent id follows the command name, which is in parentheses.
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", help="a puzzlec binary to start (port 0) and stop afterwards")
    ap.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8080")
    ap.add_argument("--pid", type=int, help="the running server's process id (for its memory)")
    ap.add_argument("--jobs", type=int, default=2, help="--jobs of the started server")
    ap.add_argument("--seed", type=int, default=14)
    args = ap.parse_args()
    proc = None
    if args.server:
        proc = subprocess.Popen([args.server, "serve", "--port", "0", "--jobs", str(args.jobs),
                                 "--timeout", "20"], stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, cwd=ROOT, text=True)
        line = proc.stdout.readline()
        address = line.split("http://")[1].split("/")[0]
        pid = proc.pid
    elif args.url and args.pid:
        address, pid = args.url.split("://")[-1].rstrip("/"), args.pid
    else:
        ap.error("give --server BINARY, or --url URL and --pid PID")
    host, port = address.rsplit(":", 1)
    target = Target(host, int(port), pid)

    samples = []  # (the server's RSS, its children's RSS, how many children)
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            rss = memory(pid, "VmRSS")
            kids = children(pid)
            if rss is not None:
                samples.append((rss, sum(memory(k, "VmRSS") or 0 for k in kids), len(kids)))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    rss_start = memory(pid, "VmRSS")
    rng = random.Random(args.seed)
    results = []
    started = time.perf_counter()

    def phase(name, n, clients, burst=None, patient=False):
        items = plan(rng, name, n)
        t0 = time.perf_counter()
        if burst:
            # `burst` requests released at once, n / burst times.
            for i in range(0, n, burst):
                group = items[i:i + burst]
                gate = threading.Barrier(len(group))

                def at_once(item):
                    gate.wait()
                    return run_one(target, *item)

                with ThreadPoolExecutor(max_workers=len(group)) as pool:
                    results.extend((name,) + r for r in pool.map(at_once, group))
        else:
            with ThreadPoolExecutor(max_workers=clients) as pool:
                results.extend((name,) + r for r in
                               pool.map(lambda it: run_one(target, *it, name, patient), items))
        print(f"phase {name}: {n} requests in {time.perf_counter() - t0:.1f} s", file=sys.stderr)

    phase("steady", 600, args.jobs)
    phase("burst", 200, 40, burst=40)
    phase("slow", 100, 4, patient=True)
    phase("hostile", 100, 8)
    total = time.perf_counter() - started

    alive_status, _ = target.request("GET", "/api/genres")
    sampling.set()
    sampler.join()
    peak = memory(pid, "VmHWM")
    rss_end = memory(pid, "VmRSS")

    by_kind = defaultdict(Counter)
    latencies = defaultdict(list)
    unexpected = []
    for phase_name, kind, status, seconds, data in results:
        by_kind[kind][status] += 1
        latencies[kind].append(seconds)
        if isinstance(status, int) and status >= 500 and status not in (503, 504):
            unexpected.append((kind, status, data[:200]))
        if kind == "valid" and status == 200:
            answer = json.loads(data)
            if answer.get("verdict") not in ("unique", "multiple", "none", "solved", "timeout"):
                unexpected.append((kind, status, data[:200]))
        # A malformed puzzle is found out by its solve, so it may meet busy slots first.
        if kind == "malformed" and not (isinstance(status, int) and 400 <= status < 500 or status == 503):
            unexpected.append((kind, status, data[:200]))

    print(f"{len(results)} requests in {total:.1f} s; the server answered afterwards: "
          f"{alive_status == 200}")
    print()
    print("| kind | requests | statuses | median ms | p95 ms |")
    print("|---|---:|---|---:|---:|")
    for kind in sorted(by_kind):
        lat = sorted(latencies[kind])
        p95 = lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))]
        statuses = ", ".join(f"{s}: {n}" for s, n in sorted(by_kind[kind].items(), key=str))
        print(f"| {kind} | {len(lat)} | {statuses} | {statistics.median(lat) * 1000:.0f} | "
              f"{p95 * 1000:.0f} |")
    verdicts = Counter(json.loads(data).get("verdict") for _, kind, status, _, data in results
                       if kind in ("valid", "slow") and status == 200)
    print()
    print("verdicts of the answered solves:", ", ".join(f"{v}: {n}" for v, n in sorted(verdicts.items())))
    overall = Counter(status for _, _, status, _, _ in results)
    print()
    print("statuses:", ", ".join(f"{s}: {n}" for s, n in sorted(overall.items(), key=str)))
    for name in ("steady", "burst", "slow", "hostile"):
        counts = Counter(status for p, _, status, _, _ in results if p == name)
        retried = f" ({RETRIES[name]} retries after 503)" if RETRIES[name] else ""
        print(f"  {name}: " + ", ".join(f"{s}: {n}" for s, n in sorted(counts.items(), key=str))
              + retried)
    mib = lambda b: f"{b / (1 << 20):.1f} MiB" if b is not None else "?"
    sampled_peak = max((r for r, _, _ in samples), default=None)
    print(f"server memory: RSS {mib(rss_start)} at the start, {mib(rss_end)} at the end, "
          f"peak {mib(peak)} (VmHWM; {mib(sampled_peak)} sampled every 50 ms)")
    print(f"solves in flight (children, sampled every 50 ms): at most "
          f"{max((n for _, _, n in samples), default=0)}; server and children together at most "
          f"{mib(max((r + k for r, k, _ in samples), default=None))}")
    print(f"unexpected answers: {len(unexpected)}")
    for u in unexpected[:10]:
        print("  ", u)
    if proc:
        proc.terminate()
        proc.wait(timeout=10)
    ok = alive_status == 200 and not unexpected
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
