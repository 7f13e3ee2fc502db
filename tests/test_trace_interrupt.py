"""Ctrl-C during ``newstrace trace --jobs 2``: one clean message and exit 130, no worker tracebacks.

Ctrl-C sends SIGINT to the terminal's whole process group, so the test sends it the same way
(``killpg``) to a real ``newstrace trace`` process whose verification workers are running. The
store holds near-copies of real Reuters-21578 stories (read from ../shared at run time), made
here without the NLP stages, so that thousands of candidate pairs keep the workers busy.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from itertools import islice
from pathlib import Path

import pytest

from newstrace.store.trace import MIN_PAIRS_FOR_WORKERS, ignore_sigint

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
REUTERS = SHARED / "corpora" / "reuters21578"


def _worker_sigint_handler(_: int):
    return signal.getsignal(signal.SIGINT)


def test_trace_pool_workers_ignore_sigint():
    """The pool initializer trace uses: a forked worker ignores SIGINT, while the parent keeps its handler
    (Python's default_int_handler; a pytest started in the background inherits SIG_IGN instead, so
    the parent is compared with its own handler before the pool, with the default installed)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with multiprocessing.get_context("fork").Pool(2, initializer=ignore_sigint) as pool:
            handlers = pool.map(_worker_sigint_handler, range(4))
        assert handlers == [signal.SIG_IGN] * 4
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, before)


def _near_copy_store(path: Path, copies: int) -> int:
    """Store ``copies`` near-copies (one paragraph left out each) of three real wire stories; returns the article count."""
    from newstrace.corpora.reuters import iter_reuters
    from newstrace.pipeline import text_id
    from newstrace.provenance.fingerprint import fingerprint_record
    from newstrace.schema import Article, Source
    from newstrace.store import Store
    from newstrace.store.core import IngestItem

    stories = [s for s in islice(iter_reuters(REUTERS), 400) if len(s.paragraphs()) >= 8][:3]
    articles = []
    for k, story in enumerate(stories):
        paras = story.paragraphs()
        for i in range(copies):
            body = "\n\n".join(p for j, p in enumerate(paras) if j != i % len(paras)) + f"\n\nCopy {i}."
            art = Article(source=Source(path=f"/in/{k}-{i}.txt"), headline=story.title, text=body,
                          raw_text=f"{story.title}\n\n{body}", language="en")  # fmt: skip
            art.id = text_id(f"{story.title}\n{body}")
            articles.append(art)
    with Store(path) as st:
        st.write_batch([IngestItem(a.source.path, 0, a) for a in articles])
        st.put_fingerprints([fingerprint_record(a) for a in articles])
    return len(articles)


def _children(pid: int) -> list[str]:
    return subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="fork workers and pgrep")
def test_ctrl_c_during_trace_prints_one_message_and_exits_130(tmp_path):
    store = tmp_path / "s.duckdb"
    assert _near_copy_store(store, 40) == 120  # 3 x C(40, 2) = 2,340 pairs: verified in workers
    assert 3 * 40 * 39 // 2 >= MIN_PAIRS_FOR_WORKERS
    newstrace = str(Path(sys.executable).with_name("newstrace"))  # the installed command, beside this Python
    # a shell's background job ignores SIGINT, and a child inherits that: the command is started
    # through a one-line exec that gives SIGINT its default back
    argv = [newstrace, "trace", "--store", str(store), "--jobs", "2", "--full"]
    reset = "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
    proc = subprocess.Popen([sys.executable, "-c", reset, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 120
    while len(_children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(_children(proc.pid)) >= 2, "the verification workers never started"
    time.sleep(0.3)  # the workers are verifying pairs now
    os.killpg(proc.pid, signal.SIGINT)  # as Ctrl-C: the parent and both workers get it
    _out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert err.decode().splitlines() == [
        "Interrupted: no link of this run was stored (the store keeps the previous run's); the same command again runs "
        "it from the start."
    ]


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="fork workers, prctl and pgrep")
def test_kill_9_of_trace_takes_its_workers_with_it_silently(tmp_path):
    """``kill -9`` of ``newstrace trace --jobs 2`` while its workers verify: the workers end with it
    (PR_SET_PDEATHSIG), without the BrokenPipeError tracebacks workers left behind printed (new-user test)."""
    store = tmp_path / "s.duckdb"
    _near_copy_store(store, 40)
    newstrace = str(Path(sys.executable).with_name("newstrace"))
    proc = subprocess.Popen([newstrace, "trace", "--store", str(store), "--jobs", "2", "--full"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while len(_children(proc.pid)) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = _children(proc.pid)
    assert len(workers) >= 2, "the verification workers never started"
    time.sleep(0.3)
    proc.kill()
    _out, err = proc.communicate(timeout=60)
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(Path(f"/proc/{w}").exists() and "Z" not in _state(w) for w in workers), "workers outlived the parent"
    assert "Traceback" not in err.decode() and "BrokenPipeError" not in err.decode()


def _state(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return "X"
