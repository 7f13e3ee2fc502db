"""Make the README's screenshots: the shipped examples ingested, traced and clustered, then the web app and the report in chromium.

Usage (needs the ``test`` extra for Playwright and Debian's chromium at /usr/bin/chromium;
no browser is downloaded)::

    python docs/screenshots.py                  # the shipped, invented examples -> docs/img/*.png
    python docs/screenshots.py --input ../shared/corpora/provenance --out /tmp/shots  # your own corpus

Only the invented examples are screenshotted into the repository; real articles (the
provenance corpus) are someone else's text, so their screenshots stay on your machine.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-component-update",
        "--disable-sync", "--no-first-run"]  # fmt: skip


def build_store(inputs: list[Path], store: Path) -> None:
    """Run ``ingest``, ``trace`` and ``stories`` as a user would (the console script of this interpreter)."""
    exe = [sys.executable, "-m", "newstrace"]
    for args in (["ingest", *map(str, inputs), "--quiet", "--jobs", "1"], ["trace"], ["stories"]):
        done = subprocess.run([*exe, *args, "--store", str(store)], capture_output=True, text=True)
        if done.returncode not in (0, 1):  # 1: some input record failed, the rest is stored
            raise SystemExit(f"newstrace {args[0]} failed:\n{done.stderr}")


def serve(store: Path):
    """Start the web app on 127.0.0.1 in a thread; return (base URL, server)."""
    import uvicorn

    from newstrace.web import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    srv = uvicorn.Server(uvicorn.Config(create_app(store), host="127.0.0.1", log_level="warning"))
    threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True).start()
    deadline = time.monotonic() + 60
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return f"http://127.0.0.1:{sock.getsockname()[1]}", srv


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", type=Path, nargs="*", default=[Path("examples")])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "img")
    args = parser.parse_args()
    args.input = [p.resolve() if p.is_absolute() or p.exists() else REPO / p for p in args.input]
    os.chdir(REPO)  # the shipped examples are stored under their repository-relative paths
    args.input = [p.relative_to(REPO) if p.is_relative_to(REPO) else p for p in args.input]
    from playwright.sync_api import sync_playwright

    from newstrace.report import build_report
    from newstrace.store import Store
    from newstrace.stories import list_stories

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "shots.duckdb"
        build_store(args.input, store)
        with Store(store, read_only=True) as st:
            story = next(s for s in list_stories(st, limit=50, min_articles=2).stories if s.n_copies)
            build_report(st, Path(tmp) / "report.html")
        base, srv = serve(store)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{base}/stories/{story.id}")
            page.locator("svg.graph").scroll_into_view_if_needed()
            page.screenshot(path=str(args.out / "story-graph.png"))
            page.locator('svg.graph a[href*="/diff?origin="]').first.click()
            page.wait_for_url("**/diff?origin=*")
            page.screenshot(path=str(args.out / "diff.png"))
            page.goto((Path(tmp) / "report.html").as_uri())
            page.screenshot(path=str(args.out / "report-index.png"))
            browser.close()
        srv.should_exit = True
    for png in sorted(args.out.glob("*.png")):
        print(f"{png} ({png.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main()
