"""Gives every binary a benchmark times the same start: a fresh copy in one temporary folder.

How a binary's file came into the page cache changes its start-up: one just written by `cp`
starts faster than the same bytes written by the linker or read back from disk (the peers in
../shared/peers/bin are written there when the machine starts, puzzlec by the linker). puzzlec on a 5×5 nonogram, `perf stat -r
200`, 2026-11-29: 111 page faults and 0.52 ms CPU for a copy, 136 and 0.65–0.87 ms for the
linker's file; after `echo 1 > /proc/sys/vm/drop_caches` the copy too took 135 and 0.67 ms.
Timing copies made side by side puts puzzlec and its peers on the same footing.
"""

import os
import shutil
import tempfile

_FOLDER = None


def fresh_copy(path):
    """A copy of the executable at `path`, made now (the folder goes when the process ends)."""
    global _FOLDER
    if _FOLDER is None:
        _FOLDER = tempfile.TemporaryDirectory(prefix="bench-binaries-")
    folder = os.path.join(_FOLDER.name, str(len(os.listdir(_FOLDER.name))))
    os.mkdir(folder)
    return shutil.copy2(path, os.path.join(folder, os.path.basename(path)))
