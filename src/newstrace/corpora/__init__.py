"""Loaders for the public evaluation corpora in ``../shared/corpora`` (used by tests and benchmarks)."""

from __future__ import annotations

from pathlib import Path


def shared_dir() -> Path:
    """The ``shared`` folder beside the repository (``<repo>/../shared``), or ``$NEWSTRACE_SHARED``.

    Raises:
        FileNotFoundError: no such folder.
    """
    import os

    env = os.environ.get("NEWSTRACE_SHARED")
    path = Path(env) if env else Path(__file__).resolve().parents[4] / "shared"
    if not path.is_dir():
        raise FileNotFoundError(f"shared data folder not found at {path}; set NEWSTRACE_SHARED")
    return path
