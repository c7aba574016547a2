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

Then (or alone, with --behaviours-only) one bounded scenario per defence of the server, each
with a probe of normal requests made while the pressure lasts: their statuses, p50 and p99
latency, and the server's RSS before and after:
  idle        200 connections that send nothing;
  keep-alive  128 keep-alive connections from one address, each asking again after 10 s;
  slow-head   50 connections sending their head a byte a second;
  abandon     6 solves that run to 10 s whose clients leave after half a second;
  queue       50 parallel solves of models/lits/noqx_24x24.url (no probe: these are measured);
  label       uploads named `-`, `nonogram`, `--help` (the names must stay labels);
  host        two Host headers, a foreign absolute-form target, `application/jsonx`.
The script then also fails when a probe is not answered 200, a queued solve is refused, a
child outlives its client by more than 3 s, or a label or host request gets another status
than expected.
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

    def raw(self, data, hold=0.0, chunks=1, half_close=True):
        """Sends raw bytes (in `chunks` pieces `hold` seconds apart), then closes its writing
        side when `half_close` (the server takes that for a client gone, and may answer
        nothing); the status, or 'closed'."""
        s = socket.create_connection((self.host, self.port), timeout=40)
        try:
            step = max(1, len(data) // chunks)
            for i in range(0, len(data), step):
                s.sendall(data[i:i + step])
                if hold:
                    time.sleep(hold)
            if half_close:
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


def percentile(values, q):
    """The q-quantile of the values (nearest rank), in ms; '-' for none."""
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] * 1000:.0f}"


QUICK = {"input": url_of("heyawake/cspuz_6x6.url")}


def probe(target, count, gap, results):
    """`count` normal requests (genres, quick solves), `gap` seconds apart, into `results`."""
    for i in range(count):
        if i % 2:
            results.append(send(target, "probe", ("json", "/api/solve", QUICK))[1:3])
        else:
            results.append(send(target, "probe", ("get", "/api/genres", None))[1:3])
        time.sleep(gap)


def hold(target, n, first=b"", every=None, byte_gap=None, duration=12.0):
    """Opens `n` connections for `duration` seconds: silent, or sending `first` (again every
    `every` seconds), or sending `first` one byte per `byte_gap` seconds. Returns how many the
    server closed, and when (seconds after opening)."""
    socks, closed = [], []
    t0 = time.perf_counter()
    for _ in range(n):
        try:
            s = socket.create_connection((target.host, target.port), timeout=5)
            s.setblocking(False)
            socks.append([s, 0, t0])
        except OSError:
            closed.append(0.0)
    last_send = {}
    while time.perf_counter() - t0 < duration and socks:
        now = time.perf_counter()
        for entry in list(socks):
            s, sent, _ = entry
            try:
                if byte_gap is not None and sent < len(first) and now - entry[2] >= byte_gap:
                    s.send(first[sent:sent + 1])
                    entry[1], entry[2] = sent + 1, now
                elif byte_gap is None and first and (sent == 0 or (every and now - last_send.get(id(s), now) >= every)):
                    s.send(first)
                    entry[1] = 1
                    last_send[id(s)] = now
                data = s.recv(65536)
                if not data:
                    raise ConnectionResetError
            except BlockingIOError:
                pass
            except OSError:
                closed.append(now - t0)
                socks.remove(entry)
                s.close()
        time.sleep(0.05)
    for s, _, _ in socks:
        s.close()
    return len(closed), closed


def behaviours(target, pid):
    """Runs each behaviour's scenario; prints its table; returns the failures."""
    rows, failures = [], []

    def scenario(name, pressure, probes=20, gap=0.25):
        rss_before = memory(pid, "VmRSS")
        results = []
        outcome = {}
        t = threading.Thread(target=lambda: outcome.update(pressure() or {}))
        t.start()
        time.sleep(outcome.get("settle", 1.0))
        if probes:
            probe(target, probes, gap, results)
        t.join()
        results += outcome.get("results", [])
        statuses = Counter(s for s, _ in results)
        lat = [sec for _, sec in results]
        expect = outcome.get("expect", 200)
        if any(s != expect for s, _ in outcome.get("results", [])) or (probes and statuses.get(200, 0) < probes):
            failures.append((name, dict(statuses)))
        time.sleep(0.5)
        rss_after = memory(pid, "VmRSS")
        mib = lambda b: f"{b / (1 << 20):.1f}" if b is not None else "?"
        rows.append((name, len(results), ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items(), key=str)),
                     percentile(lat, 0.5), percentile(lat, 0.99), mib(rss_before), mib(rss_after),
                     outcome.get("note", "")))
        print(f"behaviour {name}: done", file=sys.stderr)

    def idle():
        n, _ = hold(target, 200, duration=8.0)
        return {"note": f"{n} of 200 silent connections closed by the server"}

    def keep_alive():
        head = f"GET /api/genres HTTP/1.1\r\nHost: {target.host}\r\n\r\n".encode()
        n, _ = hold(target, 128, first=head, every=10.0, duration=12.0)
        return {"note": f"{n} of 128 keep-alive connections closed by the server"}

    def slow_head():
        head = b"GET /api/genres HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 100
        n, when = hold(target, 50, first=head, byte_gap=1.0, duration=12.0)
        return {"note": f"{n} of 50 slow heads cut off, after {statistics.median(when) if when else 0:.1f} s (median)"}

    def abandon():
        body = json.dumps(dict(SLOW, timeout=10)).encode()
        request = (b"POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                   + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        socks = []
        for _ in range(6):
            s = socket.create_connection((target.host, target.port), timeout=5)
            s.sendall(request)
            socks.append(s)
        time.sleep(0.5)
        for s in socks:
            s.close()
        left = time.perf_counter()
        while children(pid) and time.perf_counter() - left < 10:
            time.sleep(0.05)
        gone = time.perf_counter() - left
        if gone > 3:
            failures.append(("abandon", f"children outlived their clients by {gone:.1f} s"))
        return {"note": f"6 solves abandoned; their children gone {gone:.2f} s after", "settle": 0.2}

    def queue():
        body = {"input": url_of("lits/noqx_24x24.url")}
        with ThreadPoolExecutor(max_workers=50) as pool:
            got = list(pool.map(lambda _: send(target, "queue", ("json", "/api/solve", body))[1:3], range(50)))
        return {"results": got, "note": "50 solves at once"}

    def label():
        got = []
        for name in ["-", "nonogram", "--help"] * 4:
            body = {"input": model("hitori/pzprjs_4x4.txt"), "name": name}
            if name != "nonogram":
                body["genre"] = "hitori"
            status, seconds = send(target, "label", ("json", "/api/solve", body))[1:3]
            # Without a genre, the label is not taken for one: 400 "cannot tell the genre".
            expected = 400 if name == "nonogram" else 200
            got.append(("as expected" if status == expected else f"{status} for {name}", seconds))
        return {"results": got, "expect": "as expected",
                "note": "12 uploads named `-`, `nonogram` (no genre: 400 expected), `--help`"}

    def host():
        got = []
        hostname = f"{target.host}:{target.port}"
        cases = [
            (f"GET /api/genres HTTP/1.1\r\nHost: {hostname}\r\nHost: evil.example\r\nConnection: close\r\n\r\n", 400),
            (f"GET http://evil.example/api/genres HTTP/1.1\r\nHost: {hostname}\r\nConnection: close\r\n\r\n", 403),
            (f"POST /api/solve HTTP/1.1\r\nHost: {hostname}\r\nContent-Type: application/jsonx\r\n"
             f"Content-Length: 2\r\nConnection: close\r\n\r\n{{}}", 415),
        ]
        for text, expected in cases * 7:
            t0 = time.perf_counter()
            status, _ = target.raw(text.encode(), half_close=False)
            got.append(("as expected" if status == expected else f"{status} not {expected}",
                        time.perf_counter() - t0))
        return {"results": got, "expect": "as expected",
                "note": "21 requests; expected 400 (two Host), 403 (foreign target), 415 (jsonx)"}

    scenario("idle", idle)
    scenario("keep-alive", keep_alive)
    scenario("slow-head", slow_head)
    scenario("abandon", abandon, probes=10, gap=0.1)
    scenario("queue", queue, probes=0)
    scenario("label", label, probes=0)
    scenario("host", host, probes=0)
    print()
    print("| behaviour | requests | statuses | p50 ms | p99 ms | RSS before MiB | RSS after MiB | note |")
    print("|---|---:|---|---:|---:|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(str(c) for c in r) + " |")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", help="a puzzlec binary to start (port 0) and stop afterwards")
    ap.add_argument("--url", help="a running server, e.g. http://127.0.0.1:8080")
    ap.add_argument("--pid", type=int, help="the running server's process id (for its memory)")
    ap.add_argument("--jobs", type=int, default=2, help="--jobs of the started server")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--behaviours-only", action="store_true",
                    help="skip the 1,000 mixed requests; run the behaviour scenarios only")
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
    if args.behaviours_only:
        failures = behaviours(target, pid)
        alive_status, _ = target.request("GET", "/api/genres")
        print(f"server memory: peak {memory(pid, 'VmHWM') / (1 << 20):.1f} MiB (VmHWM); "
              f"the server answered afterwards: {alive_status == 200}")
        print(f"failures: {failures}")
        if proc:
            proc.terminate()
            proc.wait(timeout=10)
        sys.exit(0 if alive_status == 200 and not failures else 1)

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
    print()
    failures = behaviours(target, pid)
    print(f"behaviour failures: {failures}")
    if proc:
        proc.terminate()
        proc.wait(timeout=10)
    ok = alive_status == 200 and not unexpected and not failures
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
