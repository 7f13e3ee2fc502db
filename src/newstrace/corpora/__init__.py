"""Loaders for the public evaluation corpora in ``../shared/corpora`` (used by tests and benchmarks)."""

from __future__ import annotations

from pathlib import Path


def shared_dir() -> Path:
    """The ``shared`` folder beside the repository (``<repo>/../shared``), or ``$NEWSTRACE_SHARED``.

    Looked for, in order: ``$NEWSTRACE_SHARED``; beside the source checkout this module
    was imported from (editable installs); beside the current directory or any parent of
    it (a non-editable install run from the checkout).

    Raises:
        FileNotFoundError: no such folder (message lists where it looked).
    """
    import os

    env = os.environ.get("NEWSTRACE_SHARED")
    if env:
        candidates = [Path(env)]
    else:
        here = Path(__file__).resolve()
        candidates = [here.parents[4] / "shared"] if len(here.parents) > 4 else []
        cwd = Path.cwd().resolve()
        candidates += [d / "shared" for d in (cwd, *cwd.parents)]
    for path in candidates:
        if path.is_dir() and (path / "corpora").is_dir():
            return path
    raise FileNotFoundError(
        "shared data folder not found (looked in: " + ", ".join(map(str, candidates[:4])) + "); set NEWSTRACE_SHARED"
    )
