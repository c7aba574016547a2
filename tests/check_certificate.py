#!/usr/bin/env python3
"""Checks a certificate written by `puzzlec export GENRE IN --certificate DIR` without puzzlec.

- the proof: DIR/proof.drat must refute DIR/model.cnf, judged by the PyPI `dratify` checker
  (pure Python; `pip install dratify`);
- the cuts: every cut of DIR/cuts.json must be a clause of model.cnf, and its justification
  must hold on the graph stated there, by this script's own searches.

Usage: check_certificate.py DIR. Prints `proof: accepted` and `cuts: N justified`; exits 1 with
the reason otherwise.
"""
import json
import sys
from collections import deque
from pathlib import Path

import dratify


def fail(message):
    print(message)
    sys.exit(1)


def negate(active):
    """The negation of an activity: a DIMACS literal, or true/false."""
    return (not active) if isinstance(active, bool) else -active


def reach(n, adj, passable, start, blocked):
    seen = [False] * n
    if not passable[start] or start in blocked:
        return seen
    seen[start] = True
    queue = deque([start])
    while queue:
        v = queue.popleft()
        for u in adj[v]:
            if not seen[u] and passable[u] and u not in blocked:
                seen[u] = True
                queue.append(u)
    return seen


def needed_terms(meaning, why):
    """The terms the cut's clause must hold for its justification to prove it, or a reason."""
    nodes = meaning["nodes"]
    n = len(nodes)
    act = [node["active"] for node in nodes]
    adj = [[] for _ in range(n)]
    for a, b in meaning["edges"]:
        adj[a].append(b)
        adj[b].append(a)
    kind = why["kind"]
    if meaning["kind"] == "single_loop":
        if kind != "loop_crossing":
            return f"{kind} does not justify a loop cut"
        inside = set(why["inside"])
        s, t = why["from"], why["to"]
        if t not in inside or s in inside:
            return "the set must hold `to` and not `from`"
        terms = [negate(act[s])]
        if meaning["root"] != t:
            terms.append(negate(act[t]))
        for e, (a, b) in enumerate(meaning["edges"]):
            if (a in inside) != (b in inside) and e != why["spared"]:
                terms.append(meaning["edge_used"][e])
        return terms
    passable = [a is not False for a in act]
    if meaning["kind"] == "connected":
        if kind != "separator":
            return f"{kind} does not justify a connectivity cut"
        s, t, sep = why["from"], why["to"], set(why["separator"])
        if s == t or s in sep or t in sep:
            return "bad separator"
        if reach(n, adj, passable, s, sep)[t]:
            return "a path avoids the separator"
        terms = [negate(act[s])]
        if meaning["root"] != t:
            terms.append(negate(act[t]))
        return terms + [act[u] for u in sep]
    # sized regions
    sizes = {root: size for root, size in meaning["regions"]}
    if kind == "roots_joined":
        path = why["path"]
        if path[0] == path[-1] or path[0] not in sizes or path[-1] not in sizes:
            return "the path must join two roots"
        if any(b not in adj[a] for a, b in zip(path, path[1:])):
            return "not a path"
        return [negate(act[v]) for v in path]
    if kind in ("region_too_big", "region_too_small"):
        root, nodes_set = why["root"], set(why["nodes"])
        size = sizes.get(root)
        if size is None or root not in nodes_set:
            return "the set must hold a sized region's root"
        if kind == "region_too_big":
            if len(nodes_set) <= size:
                return "not too big"
            outside = set(range(n)) - nodes_set
            seen = reach(n, adj, passable, root, outside)
            if not all(seen[v] for v in nodes_set):
                return "not connected"
            return [negate(act[v]) for v in nodes_set]
        if len(nodes_set) >= size:
            return "not too small"
        border = {u for v in nodes_set for u in adj[v] if u not in nodes_set}
        return [negate(act[root])] + [act[u] for u in border]
    if kind == "no_root_reachable":
        if not meaning["all_in_regions"]:
            return "nodes outside regions are allowed"
        s, sep = why["from"], set(why["separator"])
        if s in sep:
            return "bad separator"
        seen = reach(n, adj, passable, s, sep)
        if any(seen[r] for r in sizes):
            return "a root is reachable"
        return [negate(act[s])] + [act[u] for u in sep]
    return f"unknown justification {kind}"


def main(directory):
    d = Path(directory)
    cnf_text = (d / "model.cnf").read_text()
    result = dratify.check_proof(dratify.parse_dimacs(cnf_text), (d / "proof.drat").read_text())
    if not result.ok:
        fail(f"proof: rejected ({result})")
    print("proof: accepted")
    clauses = set()
    for line in cnf_text.splitlines():
        if line and line[0] not in "cp":
            clauses.add(frozenset(int(x) for x in line.split()[:-1]))
    cuts = json.loads((d / "cuts.json").read_text())
    for cut in cuts["cuts"]:
        clause = frozenset(cut["clause"])
        if clause not in clauses:
            fail(f"cut {cut['name']}: its clause is not in model.cnf")
        meaning = cuts["constraints"][cut["constraint"]]["meaning"]
        terms = needed_terms(meaning, cut["why"])
        if isinstance(terms, str):
            fail(f"cut {cut['name']}: {terms}")
        for term in terms:
            if term is True or (term is not False and term not in clause):
                fail(f"cut {cut['name']}: the clause lacks what its justification needs")
    print(f"cuts: {len(cuts['cuts'])} justified")


if __name__ == "__main__":
    main(sys.argv[1])
