"""What the planted-instance generators share (`plant_lits.py`, `plant_starbattle.py`,
`plant_masyu.py`): grid neighbours, connected parts, running `target/release/puzzlec` on a
puzzle written as text, and asking cspuz for its verdict.

Each generator plants a solution, builds a puzzle that the planted solution keeps, and then,
while puzzlec finds another solution, changes the puzzle where the two differ so that the
planted solution stays valid and the other one breaks. The loop ends when puzzlec proves the
planted solution unique; cspuz-url (`$CSPUZ_URL`) confirms it when it is set.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLEC = os.environ.get("PUZZLEC", os.path.join(ROOT, "target", "release", "puzzlec"))


def neighbours(h, w, r, c):
    """The orthogonal neighbours of (r, c) inside an h x w grid."""
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            yield r + dr, c + dc


def components(cells):
    """The orthogonally connected parts of a set of (row, column) cells."""
    cells, parts = set(cells), []
    while cells:
        part = {cells.pop()}
        stack = list(part)
        while stack:
            r, c = stack.pop()
            for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if x in cells:
                    cells.discard(x)
                    part.add(x)
                    stack.append(x)
        parts.append(part)
    return parts


def room_text(h, w, room, header_extra=""):
    """Rooms {cell: id} as the generic grid text: the header, then one room id per cell."""
    header = f"{h} {w}{(' ' + header_extra) if header_extra else ''}\n"
    return header + "".join(
        " ".join(f"r{room[(r, c)]}" for c in range(w)) + "\n" for r in range(h))


def puzzlec(args, text):
    """Runs `puzzlec VERB GENRE FILE REST…` (args = [VERB, GENRE, REST…]) on the text; stdout."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
    try:
        run = [PUZZLEC] + args[:2] + [f.name] + args[2:]
        return subprocess.run(run, capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)


def solve_json(genre, text, *extra):
    """`puzzlec solve GENRE FILE --json EXTRA…` as a dict."""
    return json.loads(puzzlec(["solve", genre, "--json", *extra], text))


def export_url(genre, text):
    """The canonical puzz.link URL of the puzzle (`puzzlec export --format url`)."""
    return puzzlec(["export", genre, "--format", "url"], text).strip()


def cspuz_verdict(url):
    """cspuz-url's verdict on the URL, or a note that it was not asked."""
    peer = os.environ.get("CSPUZ_URL")
    if not peer:
        return "not checked (CSPUZ_URL unset)"
    out = subprocess.run([peer, url], capture_output=True, text=True).stdout.strip()
    return out.splitlines()[-1] if out else "no answer"


def spread(items, position, spacing):
    """The items, in order, whose positions lie more than `spacing` steps (Manhattan) from
    every item taken before them: clues shown far apart break different wrong answers."""
    taken = []
    for item in items:
        r, c = position(item)
        if all(abs(r - r2) + abs(c - c2) > spacing for r2, c2 in map(position, taken)):
            taken.append(item)
    return taken


def log(*args):
    """Progress on standard error when VERBOSE is set."""
    if os.environ.get("VERBOSE"):
        print(*args, file=sys.stderr, flush=True)


def plant_main(tool, plant, default_start, retry, what):
    """The command line of the loop planters: `H W SEED [START]`; tries up to 100 new solutions
    (`plant` returns None when no clue tells the planted one from another: `retry` is logged)
    and prints the puzzle's URL behind a comment naming how it was made."""
    h, w, seed = (int(a) for a in sys.argv[1:4])
    start = float(sys.argv[4]) if len(sys.argv) > 4 else default_start
    rng = random.Random(seed)
    for attempt in range(100):
        planted = plant(h, w, start, rng)
        if planted is None:
            log(retry)
            continue
        url, rounds, count = planted
        print(f"// planted by tools/{tool} {h} {w} {seed} {start} (attempt {attempt}, "
              f"{rounds} rounds, {count} {what}); cspuz: {cspuz_verdict(url)}")
        print(url)
        return
    sys.exit("no instance found")
