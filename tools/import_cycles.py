#!/usr/bin/env python3
"""Print every import cycle between the files of src/.

File A depends on file B when A names, in a `use` or in a path, an item that B
defines (or the module B is). Paths through `crate::`, `super::`, `self::`, a
child module or an imported module are followed; re-exports (`pub use`) are
resolved to the file that defines the item, so a facade does not count as a
user of what it merely re-exports. A module using its own submodules is not an
edge: `mod child;` already ties the two, and the child may use its parent
(`super::`); what must not happen is a path back from elsewhere. Test-only code (`#[cfg(test)]`) is left out
by default because it is not part of the layering (`--with-tests` keeps it).

Each strongly connected component of more than one file is printed as
`cycle: a.rs -> b.rs -> a.rs`, one concrete cycle through all of its files
where possible, followed by the edges and the line that made each edge.

Usage: import_cycles.py [--root DIR] [--with-tests] [--allow 'a.rs b.rs' ...]
Exit code 0 when every cycle found is allowed, 1 otherwise.
"""

import argparse
import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"
MAX_DEPTH = 12


def strip_code(text):
    """Blank comments, strings and char literals, keeping offsets and newlines."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif re.match(r'b?r#*"', text[i : i + 8]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            m = re.match(r'b?r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + m.end())
            j = n if end < 0 else end + 1 + len(m.group(1))
            blank(i, j)
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') rather than a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            if m:
                blank(i, i + m.end())
                i += m.end()
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def matching_brace(code, open_at):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code)


def item_end(code, start):
    """End of the item starting at `start`: its `;` or the brace closing its body."""
    depth = 0
    for j in range(start, len(code)):
        ch = code[j]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == ";" and depth == 0:
            return j
        elif ch == "{" and depth == 0:
            return matching_brace(code, j)
    return len(code)


def split_top(s, sep=","):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def expand_use_tree(tree, prefix=()):
    """`a::{b, c::d as e, self}` -> [(path, alias)], alias None for a glob."""
    tree = re.sub(r"\s+", " ", tree).strip()
    if tree.startswith("::"):
        tree = tree[2:].strip()
    if tree.startswith("{"):
        inner = tree[1 : tree.rindex("}")]
        return [r for part in split_top(inner) for r in expand_use_tree(part, prefix)]
    head, sep, rest = tree.partition("::")
    head = head.strip()
    if sep and not head.startswith("{"):
        return expand_use_tree(rest, prefix + (head,))
    if tree == "*":
        return [(prefix, None)]
    m = re.fullmatch(r"(%s)(?: as (%s))?" % (IDENT, IDENT), tree)
    if not m:
        return []
    name, alias = m.group(1), m.group(2)
    if name == "self":
        return [(prefix, alias or (prefix[-1] if prefix else None))]
    return [(prefix + (name,), alias or name)]


class Module:
    def __init__(self, path, file, crate):
        self.path = path  # tuple of names from the crate root
        self.file = file
        self.crate = crate
        self.children = {}  # name -> module path
        self.imports = {}  # name -> (target path, origin module path, is_pub)
        self.globs = []  # (target path, origin module path)
        self.defines = set()


class Crates:
    def __init__(self, src, lib_name):
        self.src = src
        self.lib_name = lib_name
        self.modules = {}  # (crate, path) -> Module
        self.files = {}  # file -> (crate, module path of the file, code)
        self.uses = []  # (file, line, is_test, crate, module path, target path, is_pub)

    def load(self, crate, root):
        self._load_file(crate, (), root)

    def _load_file(self, crate, path, file):
        if file in self.files or not os.path.exists(file):
            return
        with open(file, encoding="utf-8") as f:
            code = strip_code(f.read())
        self.files[file] = (crate, path, code)
        self._scan(crate, path, file, code, 0, len(code), False)

    def _child_file(self, file, name):
        base = os.path.basename(file)
        folder = os.path.dirname(file)
        if base not in ("mod.rs", "lib.rs", "main.rs"):
            folder = os.path.join(folder, base[:-3])
        for candidate in (os.path.join(folder, name + ".rs"), os.path.join(folder, name, "mod.rs")):
            if os.path.exists(candidate):
                return candidate
        return None

    def _scan(self, crate, path, file, code, start, end, in_test):
        module = self.modules.setdefault((crate, path), Module(path, file, crate))
        test_spans = []
        for m in re.finditer(r"#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]", code[start:end]):
            at = start + m.end()
            test_spans.append((at, item_end(code, at)))
        inner_spans = []
        pos = start
        item = re.compile(
            r"\b(?:pub(?:\s*\([^)]*\))?\s+)?mod\s+(%s)\s*([;{])|\b(pub(?:\s*\([^)]*\))?\s+)?use\s+([^;]*);"
            % IDENT
        )
        while True:
            m = item.search(code, pos, end)
            if not m:
                break
            testy = in_test or any(a <= m.start() <= b for a, b in test_spans)
            if m.group(1):
                name = m.group(1)
                child = path + (name,)
                module.children[name] = child
                if m.group(2) == "{":
                    open_at = m.end() - 1
                    close = matching_brace(code, open_at)
                    self._scan(crate, child, file, code, open_at + 1, close, testy)
                    inner_spans.append((m.start(), close))
                    pos = close + 1
                else:
                    child_file = self._child_file(file, name)
                    if child_file:
                        self.modules[(crate, child)] = Module(child, child_file, crate)
                        self._load_file(crate, child, child_file)
                        if testy:
                            self.test_files.add(child_file)
                    pos = m.end()
                continue
            is_pub = bool(m.group(3))
            line = code.count("\n", 0, m.start()) + 1
            for target, alias in expand_use_tree(m.group(4)):
                if alias is None:
                    module.globs.append((target, path))
                else:
                    module.imports[alias] = (target, path, is_pub)
                self.uses.append((file, line, testy, crate, path, target, is_pub))
            pos = m.end()
        # Definitions and paths written in expressions, outside nested inline modules.
        own = [(start, end)]
        for a, b in sorted(inner_spans):
            s, e = own.pop()
            own += [(s, a), (b + 1, e)]
        definition = re.compile(
            r"\b(?:fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+(%s)" % IDENT
        )
        path_expr = re.compile(r"(?<![\w:$])(\$?%s(?:\s*::\s*%s)+)" % (IDENT, IDENT))
        use_stmt = re.compile(r"\buse\s+[^;]*;")
        for s, e in own:
            for m in definition.finditer(code, s, e):
                module.defines.add(m.group(1))
            skip = [(u.start(), u.end()) for u in use_stmt.finditer(code, s, e)]
            for m in path_expr.finditer(code, s, e):
                if any(a <= m.start() < b for a, b in skip):
                    continue
                segs = tuple(x.strip() for x in m.group(1).split("::"))
                testy = in_test or any(a <= m.start() <= b for a, b in test_spans)
                line = code.count("\n", 0, m.start()) + 1
                self.uses.append((file, line, testy, crate, path, segs, False))

    test_files = set()

    def module(self, crate, path):
        return self.modules.get((crate, path))

    def start_of(self, crate, here, segs):
        """Resolve the first segment of a path written in module `here`."""
        first = segs[0]
        if first in ("crate", "$crate"):
            return crate, (), segs[1:]
        if first == self.lib_name and crate != "lib":
            return "lib", (), segs[1:]
        if first == "self":
            return crate, here, segs[1:]
        if first == "super":
            base, rest = here, segs
            while rest and rest[0] == "super":
                base, rest = base[:-1], rest[1:]
            return crate, base, rest
        module = self.module(crate, here)
        if module is None:
            return None
        if first in module.children:
            return crate, module.children[first], segs[1:]
        if first in module.imports:
            target, origin, _ = module.imports[first]
            resolved = self.resolve_module(crate, origin, target, 0)
            if resolved:
                return resolved[0], resolved[1], segs[1:]
        return None

    def resolve_module(self, crate, here, segs, depth):
        """The module a path names, following imports of modules; None outside the crates."""
        if depth > MAX_DEPTH or not segs:
            return None
        start = self.start_of(crate, here, segs)
        if start is None:
            return None
        c, base, rest = start
        for seg in rest:
            module = self.module(c, base)
            if module is None:
                return None
            if seg in module.children:
                base = module.children[seg]
            elif seg in module.imports:
                target, origin, _ = module.imports[seg]
                found = self.resolve_module(c, origin, target, depth + 1)
                if not found:
                    return None
                c, base = found
            else:
                return None
        return (c, base) if self.module(c, base) else None

    def resolve(self, crate, here, segs, depth=0):
        """The file defining what a path names, or None when it is outside the crates."""
        if depth > MAX_DEPTH or not segs:
            return None
        start = self.start_of(crate, here, segs)
        if start is None:
            return None
        c, base, rest = start
        rest = list(rest)
        while rest:
            module = self.module(c, base)
            if module is None:
                return None
            seg = rest[0]
            if seg in module.children:
                base = module.children[seg]
                rest.pop(0)
                continue
            if seg in module.defines:
                return module.file
            if seg in module.imports:
                target, origin, _ = module.imports[seg]
                found = self.resolve(c, origin, target + tuple(rest[1:]), depth + 1)
                return found or module.file
            for target, origin in module.globs:
                found = self.resolve(c, origin, target + tuple(rest), depth + 1)
                if found:
                    return found
            return module.file
        module = self.module(c, base)
        return module.file if module else None


def find_cycles(graph):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index, low, on_stack, stack, sccs = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    sccs.append(sorted(component))
    return sorted(sccs)


def concrete_cycle(graph, component):
    """A closed walk through the component: from its first file, shortest paths to each next file."""
    members = set(component)

    def shortest(a, b):
        previous, frontier = {a: None}, [a]
        while frontier:
            nxt = []
            for node in frontier:
                for child in sorted(graph.get(node, ())):
                    if child in members and child not in previous:
                        previous[child] = node
                        nxt.append(child)
            frontier = nxt
            if b in previous:
                break
        walk, node = [], b
        while node is not None and node != a:
            walk.append(node)
            node = previous.get(node)
        return list(reversed(walk))

    walk, current = [component[0]], component[0]
    for target in component[1:] + [component[0]]:
        if target in walk and target != component[0]:
            continue
        walk += shortest(current, target)
        current = walk[-1]
    return walk


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    parser.add_argument("--with-tests", action="store_true")
    parser.add_argument(
        "--allow",
        action="append",
        default=[],
        help="files (relative to src/, space separated) of a cycle that is known; may repeat",
    )
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    src = os.path.join(root, "src")
    lib_name = "puzzlec"
    with open(os.path.join(root, "Cargo.toml"), encoding="utf-8") as f:
        m = re.search(r'^\[package\][^\[]*?^name\s*=\s*"([^"]+)"', f.read(), re.M | re.S)
        if m:
            lib_name = m.group(1).replace("-", "_")

    crates = Crates(src, lib_name)
    if os.path.exists(os.path.join(src, "lib.rs")):
        crates.load("lib", os.path.join(src, "lib.rs"))
    if os.path.exists(os.path.join(src, "main.rs")):
        crates.load("main", os.path.join(src, "main.rs"))
    bin_dir = os.path.join(src, "bin")
    if os.path.isdir(bin_dir):
        for name in sorted(os.listdir(bin_dir)):
            if name.endswith(".rs"):
                crates.load("bin:" + name, os.path.join(bin_dir, name))

    def rel(f):
        return os.path.relpath(f, src)

    def contains(parent, child):
        """Whether `child`'s module is a submodule of `parent`'s (the implicit `mod` link)."""
        (pc, pp, _), (cc, cp, _) = crates.files[parent], crates.files[child]
        return pc == cc and len(pp) < len(cp) and cp[: len(pp)] == pp

    graph, why = {}, {}
    for file, line, testy, crate, here, segs, is_pub in crates.uses:
        if (testy or file in crates.test_files) and not args.with_tests:
            continue
        if is_pub and crates.resolve_module(crate, here, segs, 0) is None:
            # A re-export of an item: whoever names it depends on its definition, not on us.
            continue
        target = crates.resolve(crate, here, segs)
        if target is None or target == file:
            continue
        if contains(file, target):
            continue
        a, b = rel(file), rel(target)
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
        why.setdefault((a, b), "%s:%d %s" % (a, line, "::".join(segs)))

    allowed = [frozenset(a.split()) for a in args.allow]
    unexpected = 0
    for component in find_cycles(graph):
        walk = concrete_cycle(graph, component)
        known = frozenset(component) in allowed
        unexpected += not known
        print("%scycle: %s" % ("allowed " if known else "", " -> ".join(walk)))
        for a, b in zip(walk, walk[1:]):
            print("    %s" % why[(a, b)])
    missing = set(allowed) - {frozenset(c) for c in find_cycles(graph)}
    for gone in sorted(" ".join(sorted(g)) for g in missing):
        print("allowed cycle no longer present (drop it from the list): %s" % gone)
    print("%d file(s), %d cycle(s) not allowed" % (len(graph), unexpected))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
