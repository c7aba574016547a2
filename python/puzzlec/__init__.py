"""puzzlec: a constraint-model compiler for pencil puzzles, from Python.

A puzzle (a puzz.link URL, a file, or its text) is read by its genre, formulated as a model of
named boolean and integer variables, solved by a backend, and every answer re-checked by the
genre's own rules. Reports are dicts shaped like the command line's ``--json``::

    >>> import puzzlec
    >>> puzzlec.solve("https://puzz.link/p?heyawake/6/6/aa66aapv0fu0g2i3k")["verdict"]
    'unique'

Errors: ``ValueError`` for bad input (the message starts ``source:line:col``), ``TimeoutError``
for a time limit (the partial report as its ``partial`` attribute), ``RuntimeError`` for a
solver that failed, ``OSError`` for a file that cannot be read.
"""

from ._puzzlec import (
    DEFAULT_BACKEND,
    Model,
    SolveMany,
    backends,
    compare,
    count,
    export,
    formulations,
    genres,
    model,
    render,
    solve,
    solve_many,
)

__all__ = [
    "DEFAULT_BACKEND",
    "Model",
    "SolveMany",
    "backends",
    "compare",
    "count",
    "export",
    "formulations",
    "genres",
    "model",
    "render",
    "solve",
    "solve_many",
]
