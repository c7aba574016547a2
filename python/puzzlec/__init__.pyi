"""Type stubs of puzzlec (the compiled module `puzzlec._puzzlec`, re-exported here)."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

Report = Dict[str, Any]
"""A report shaped like `puzzlec solve --json`: genre, verdict, complete, count, solutions,
stats, and answer_text, facts, note, stopped, certificate when they apply."""

DEFAULT_BACKEND: str

def solve(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    backend: str = ...,
    formulation: str = "",
    timeout: Optional[float] = None,
    first: bool = False,
    facts: bool = False,
    certify: bool = False,
    words: Optional[str] = None,
) -> Report:
    """Solve a puzzle (a URL, a file path, or its text with a line break); raises ValueError
    for bad input (`source:line:col: …`), TimeoutError (with `.partial`), RuntimeError."""

def count(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    max: int = 100,
    backend: str = ...,
    formulation: str = "",
    timeout: Optional[float] = None,
    certify: bool = False,
    words: Optional[str] = None,
) -> Report:
    """Count solutions up to `max` (`stopped` is "max" when there may be more)."""

def compare(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    backends: Optional[Sequence[str]] = None,
    formulation: str = "",
    timeout: Optional[float] = None,
    words: Optional[str] = None,
) -> List[Dict[str, Any]]:
    """Solve with each backend (default: every available one): one report per backend, with
    `backend`; `{"backend", "error"}` for one that failed."""

def export(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    format: str = "dimacs",
    formulation: str = "",
    words: Optional[str] = None,
) -> str:
    """The model as `dimacs`, `lp` or `json` text (lazy defaults made complete), or the
    puzzle's canonical `url`."""

def model(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    formulation: str = "",
    words: Optional[str] = None,
) -> Model:
    """The model of a puzzle under a formulation, as a read-only object."""

def render(
    genre_or_url: str,
    input: Optional[str] = None,
    *,
    format: str = "svg",
    backend: str = ...,
    formulation: str = "",
    timeout: Optional[float] = None,
    words: Optional[str] = None,
) -> Union[str, bytes]:
    """A picture of the first solution: SVG text, or PNG bytes with format="png"."""

def genres() -> List[str]:
    """Every genre's name."""

def backends() -> List[Dict[str, Any]]:
    """Every backend: name, description, available."""

def formulations(genre: str) -> List[Dict[str, Any]]:
    """A genre's formulation keys: key, doc, default, values (name, doc, complete)."""

def solve_many(
    inputs: Sequence[str],
    genre: Optional[str] = None,
    *,
    jobs: Optional[int] = None,
    backend: str = ...,
    formulation: str = "",
    timeout: Optional[float] = None,
    first: bool = False,
    facts: bool = False,
) -> SolveMany:
    """Solve many inputs on `jobs` Rust threads, the GIL released; yields one report per input
    in input order, each with `input` (or `{"input", "error", "exit"}`)."""

class SolveMany(Iterator[Report]):
    """The reports of `solve_many`, in input order."""
    def __iter__(self) -> SolveMany: ...
    def __next__(self) -> Report: ...
    def __len__(self) -> int: ...

class Model:
    """A genre's model of one puzzle, read-only."""
    @property
    def genre(self) -> str: ...
    @property
    def formulation(self) -> str:
        """`key=value,…` with the defaults filled in."""
    @property
    def variables(self) -> List[Tuple[str, Union[str, Tuple[int, int]]]]:
        """`(name, "bool")` or `(name, (lo, hi))`."""
    @property
    def constraints(self) -> List[Tuple[str, str]]:
        """`(name, kind)`: clause, at_most_one, exactly_one, linear, greater_if."""
    @property
    def answer_keys(self) -> List[str]: ...
    @property
    def lazy(self) -> List[str]:
        """Constraints checked on solutions (cuts) or inside the search: none when complete."""
    @property
    def complete(self) -> bool: ...
    def dimacs(self) -> str: ...
    def lp(self) -> str: ...
    def json(self) -> str: ...
