"""The installed package against the published answers the Rust tests use (issue 30's
acceptance): run with pytest in a fresh virtual environment after `pip install .`."""

import json
import re
import subprocess
import shutil
from pathlib import Path

import pytest

import puzzlec

ROOT = Path(__file__).resolve().parents[2]
HEYAWAKE_URL = "https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k"
NONOGRAM_DIR = ROOT / "tests" / "data" / "nonogram_published"
HEYAWAKE_DIR = ROOT / "tests" / "data" / "heyawake_published"


def answer(path: Path) -> list:
    return path.read_text().splitlines()


def test_a_heyawake_url_is_unique_with_its_published_answer():
    r = puzzlec.solve(HEYAWAKE_URL)
    assert r["genre"] == "heyawake"
    assert r["verdict"] == "unique"
    assert r["complete"] is True
    assert r["count"] == 1
    assert r["solutions"][0] == answer(ROOT / "models" / "heyawake" / "cspuz_6x6.answer")
    assert r["stats"]["backend"] == puzzlec.DEFAULT_BACKEND


def test_a_nonogram_url_is_unique_with_its_published_answer():
    checked = 0
    for published in sorted(NONOGRAM_DIR.glob("*.answer"))[:3]:
        puzzle = published.with_suffix(".non")
        url = puzzlec.export("nonogram", str(puzzle), format="url").strip()
        assert url.startswith("https://puzz.link/p?nonogram/"), url
        r = puzzlec.solve("nonogram", url)
        assert r["verdict"] == "unique", url
        assert r["solutions"][0] == answer(published), url
        checked += 1
    assert checked == 3


def test_the_dict_is_the_command_lines_json():
    built = [ROOT / "target" / kind / "puzzlec" for kind in ("release", "debug")]
    cli = next((p for p in built if p.exists()), None) or shutil.which("puzzlec")
    if cli is None:
        pytest.skip("no puzzlec binary to compare with (cargo build)")
    out = subprocess.run(
        [str(cli), "solve", HEYAWAKE_URL, "--json"], capture_output=True, text=True
    )
    cli_json = json.loads(out.stdout)
    ours = puzzlec.solve(HEYAWAKE_URL)
    assert set(ours) == set(cli_json)
    assert set(ours["stats"]) == set(cli_json["stats"])
    for key in ("genre", "verdict", "complete", "count", "solutions"):
        assert ours[key] == cli_json[key], key


def test_text_and_files_are_inputs_too():
    puzzle = sorted(HEYAWAKE_DIR.glob("*.txt"))[0]
    from_file = puzzlec.solve("heyawake", str(puzzle))
    from_text = puzzlec.solve("heyawake", puzzle.read_text())
    assert from_file["verdict"] == from_text["verdict"] == "unique"
    assert from_file["solutions"] == from_text["solutions"]
    assert from_file["solutions"][0] == answer(puzzle.with_suffix(".answer"))


def test_export_dimacs_has_a_p_cnf_line_and_lp_rows():
    dimacs = puzzlec.export(HEYAWAKE_URL, format="dimacs")
    assert re.search(r"^p cnf \d+ \d+$", dimacs, re.M), dimacs[:300]
    lp = puzzlec.export(HEYAWAKE_URL, format="lp")
    assert "Subject To" in lp or "subject to" in lp.lower()
    assert json.loads(puzzlec.export(HEYAWAKE_URL, format="json"))["complete"] is True
    assert puzzlec.export(HEYAWAKE_URL, format="url").strip() == HEYAWAKE_URL
    with pytest.raises(ValueError, match="unknown export format"):
        puzzlec.export(HEYAWAKE_URL, format="xml")


def test_genres_lists_every_genre_with_its_formulations():
    names = puzzlec.genres()
    assert {"heyawake", "nonogram"} <= set(names)
    assert len(names) == len(set(names))
    for genre in names:
        keys = puzzlec.formulations(genre)
        assert keys[-1]["key"] == "card"
        for k in keys:
            assert k["default"] in [v["name"] for v in k["values"]]
    assert "varisat" in [b["name"] for b in puzzlec.backends()]


def test_solve_many_yields_one_verdict_per_input_in_order():
    puzzles = [str(p) for p in sorted(HEYAWAKE_DIR.glob("*_10x10.txt"))[:4]]
    inputs = [HEYAWAKE_URL, puzzles[0], "https://puzz.link/p?heyawake/6/6/aa66", puzzles[1]]
    got = list(puzzlec.solve_many(inputs[:1], jobs=2))
    assert [r["verdict"] for r in got] == ["unique"]
    # Files need their genre: a (genre, …) batch takes URLs of it too.
    got = list(puzzlec.solve_many(inputs, "heyawake", jobs=2))
    assert [r["input"] for r in got] == inputs
    assert [r.get("verdict") for r in got] == ["unique", "unique", None, "unique"]
    assert got[2]["error"].startswith("URL:1:") and got[2]["exit"] == 2
    assert got[1]["solutions"][0] == answer(Path(puzzles[0]).with_suffix(".answer"))
    assert len(puzzlec.solve_many(puzzles, "heyawake", jobs=2)) == len(puzzles)


def test_a_broken_url_is_a_value_error_at_its_column():
    with pytest.raises(ValueError) as e:
        puzzlec.solve("https://puzz.link/p?heyawake/6/6/aa66")
    assert re.match(r"URL:1:\d+: ", str(e.value)), str(e.value)
    with pytest.raises(ValueError, match="unknown genre"):
        puzzlec.solve("heyawak", HEYAWAKE_URL)


def test_a_timeout_carries_the_partial_answer():
    # 4x10 from two bags has 8260 tilings (models/tetromino/SOURCE.md); varisat with blocking
    # clauses finds a few hundred a second (tests/reliability.rs counts the same).
    tiling = ROOT / "models" / "tetromino" / "4x10.txt"
    with pytest.raises(TimeoutError) as e:
        puzzlec.count("tetromino", str(tiling), max=100000, timeout=1, backend="varisat")
    partial = e.value.partial
    assert partial["stopped"] == "timeout"
    assert partial["complete"] is False
    assert partial["count"] == len(partial["solutions"]) < 8260
    assert partial["stats"]["timeout_seconds"] == 1


def test_count_and_facts_and_first():
    assert puzzlec.count(HEYAWAKE_URL)["count"] == 1
    assert puzzlec.solve(HEYAWAKE_URL, first=True)["verdict"] == "solved"
    assert "facts" in puzzlec.solve(HEYAWAKE_URL, facts=True)


def test_the_model_is_a_read_only_view_with_its_files():
    lazy = puzzlec.model(HEYAWAKE_URL)
    assert lazy.genre == "heyawake"
    assert not lazy.complete and lazy.lazy
    with pytest.raises(ValueError, match="lazy"):
        lazy.dimacs()
    spec = next(
        f"connectivity={v['name']}"
        for k in puzzlec.formulations("heyawake")
        if k["key"] == "connectivity"
        for v in k["values"]
        if v["complete"]
    )
    m = puzzlec.model(HEYAWAKE_URL, formulation=spec)
    assert m.complete and not m.lazy
    names = [name for name, _ in m.variables]
    assert len(names) == len(set(names)) > 36
    assert all(d == "bool" or (isinstance(d, tuple) and d[0] <= d[1]) for _, d in m.variables)
    kinds = {kind for _, kind in m.constraints}
    assert kinds <= {"clause", "at_most_one", "exactly_one", "linear", "greater_if"}
    assert len(m.answer_keys) == 36 and set(m.answer_keys) <= set(names)
    assert "p cnf" in m.dimacs() and m.lp()
    with pytest.raises(AttributeError):
        m.genre = "x"


def test_render_gives_svg():
    svg = puzzlec.render(HEYAWAKE_URL)
    assert svg.lstrip().startswith("<svg") or "<svg" in svg[:200]


def test_compare_runs_each_backend():
    rows = puzzlec.compare(HEYAWAKE_URL, backends=["varisat", "batsat", "nope"])
    assert [r["backend"] for r in rows] == ["varisat", "batsat", "nope"]
    assert rows[0]["verdict"] == rows[1]["verdict"] == "unique"
    assert "error" in rows[2]


def test_a_running_solve_leaves_the_gil_to_other_threads():
    import threading

    tiling = str(ROOT / "models" / "tetromino" / "4x10.txt")

    def long_count():
        with pytest.raises(TimeoutError):
            puzzlec.count("tetromino", tiling, max=100000, timeout=1, backend="varisat")

    worker = threading.Thread(target=long_count)
    worker.start()
    spins = 0
    while worker.is_alive():
        spins += 1  # would not run while a solve held the GIL
    worker.join()
    assert spins > 1000, spins
