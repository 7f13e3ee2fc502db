"""Memory sampling for the benchmarks: a background thread that reads /proc at a fixed interval (Linux)."""

from __future__ import annotations

import threading
from pathlib import Path


def smaps_kb(pid: int) -> tuple[int, int]:
    """``(Pss, Rss)`` of a process in KiB from ``/proc/PID/smaps_rollup``; ``(0, 0)`` where it cannot be read.

    PSS (proportional set size) counts a page shared by ``n`` processes as ``1/n`` in each, so a
    sum over a process tree counts memory shared by fork once; RSS counts it in every process.
    """
    pss = rss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1])
            elif line.startswith("Rss:"):
                rss = int(line.split()[1])
    except (OSError, ValueError):
        pass
    return pss, rss


class ThreadSampler:
    """Calls :meth:`sample` every ``interval`` seconds in a daemon thread while used as a context manager.

    Subclasses implement :meth:`sample` (one reading; keep peaks on ``self``); the last reading is
    taken when the block ends.
    """

    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> None:
        """One reading (override)."""
        raise NotImplementedError

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
