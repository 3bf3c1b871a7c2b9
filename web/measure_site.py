"""The site's figures (README, issue 25): its size, the time to the first lesson ready, a cell's
re-run, and the self-test's line; a screenshot of a lesson with its graph.

Serves the built site (``make site``) on 127.0.0.1 and opens it in the system's Chromium
through Playwright, in a new empty profile (a first visit), every other address refused.

    .venv/bin/python web/measure_site.py [--site site] [--lesson 03_drawing] [--shot lesson.png]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import shutil
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def size(site: Path) -> str:
    files = [p for p in site.rglob("*") if p.is_file()]
    raw = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    return f"{len(files)} files, {raw / 1e6:.1f} MB ({packed / 1e6:.1f} MB gzipped)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="site")
    parser.add_argument("--lesson", default="03_drawing")
    parser.add_argument("--shot", default="", help="write a screenshot of the lesson here")
    parser.add_argument("--no-selftest", action="store_true")
    args = parser.parse_args()
    site = Path(args.site)
    print("site:", size(site))
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/"
    refused: list[str] = []

    def only_local(route) -> None:
        url = urlparse(route.request.url)
        if url.scheme in ("data", "blob") or url.hostname == "127.0.0.1":
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        browser = p.chromium.launch_persistent_context(
            profile,
            executable_path=exe,
            headless=True,
            args=FLAGS,
            viewport={"width": 1024, "height": 768},
        )
        browser.route("**/*", only_local)
        page = browser.new_page()
        for visit in ("first visit", "reload"):
            start = time.perf_counter()
            page.goto(base + args.lesson + ".html")
            page.wait_for_function("document.body.dataset.ready", timeout=300_000)
            ready = time.perf_counter() - start
            page.locator(".cell.code button.run").first.click()
            page.wait_for_function("document.querySelector('.cell.code').dataset.done")
            first = time.perf_counter() - start
            print(f"{visit}: Python ready {ready:.1f} s, first cell's result {first:.1f} s")
        page.click("#run-all")
        page.wait_for_function("document.body.dataset.runAll", timeout=300_000)
        print("run all:", page.evaluate("document.body.dataset.runAll"))
        ms = page.evaluate(
            "[...document.querySelectorAll('.cell.code')].map(c => Number(c.dataset.ms))"
        )
        print("each cell's run (ms):", ms)
        cells = page.locator(".cell.code")
        for i in range(cells.count()):  # re-run the cells that draw a graph
            cell = cells.nth(i)
            if cell.locator(".picture svg").count():
                cell.locator("button.run").click()
                page.wait_for_function(
                    "c => !c.classList.contains('running')", arg=cell.element_handle()
                )
                print(f"re-run of cell {i + 1} (draws a graph): {cell.get_attribute('data-ms')} ms")
        if args.shot:
            cell = page.locator(".cell.code:has(.picture svg)").first
            cell.evaluate("c => { c.scrollIntoView({block: 'start'}); window.scrollBy(0, -60); }")
            page.screenshot(path=args.shot)
            print("screenshot:", args.shot)
        if not args.no_selftest:
            start = time.perf_counter()
            page.goto(base + "index.html?selftest")
            page.wait_for_function(
                "/lessons ran/.test(document.getElementById('selftest').textContent)",
                timeout=600_000,
            )
            print(page.inner_text("#selftest"), f"(in {time.perf_counter() - start:.0f} s)")
        browser.close()
    httpd.shutdown()
    print("requests refused (to anywhere but 127.0.0.1):", len(refused))


if __name__ == "__main__":
    main()
