"""The zero-install site (``make site``) in a real headless Chromium, offline.

Builds the site (unless ``$TINYGRAD_EDU_SITE`` names one already built), serves it on
127.0.0.1, and opens it in the system's Chromium through Playwright (``executable_path``: it
never downloads a browser), every request to anywhere but 127.0.0.1 aborted and counted. Every
lesson (found by listing ``lessons/``) is opened and run cell by cell: no error, at least one
picture; the student's version stops at its first blank with the one-line verdict; a
10^5-Value chain is built and freed in the page; ``index.html?selftest`` reports every lesson.
Run by ``make site-test`` (CI's ``.ci/run``); skipped when Chromium, node or npm is missing.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest

from viz.cli.lesson import find_lessons

sync_api = pytest.importorskip("playwright.sync_api")

pytestmark = [pytest.mark.slow, pytest.mark.site]

ROOT = Path(__file__).resolve().parents[1]
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
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
LOCAL = ("127.0.0.1", "localhost")
READY_S = 120  # a loaded CI machine; the target on a quiet one is 10 s (README)
LESSONS = find_lessons(ROOT / "lessons")


@pytest.fixture(scope="module")
def site() -> Path:
    given = os.environ.get("TINYGRAD_EDU_SITE")
    if given:
        return Path(given)
    if not (shutil.which("npm") and shutil.which("node")):
        pytest.skip("no node/npm: the site's build needs them (apt-get install nodejs npm)")
    subprocess.run(["make", "site"], cwd=ROOT, check=True)
    return ROOT / "site"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def server(site):
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    exe = next((p for p in map(shutil.which, BROWSERS) if p), None)
    if exe is None:
        pytest.skip("no Chromium found (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile, sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=exe, headless=True, args=FLAGS
        )
        context.refused = []  # every request that would have left the machine
        context.route("**/*", functools.partial(_only_local, context.refused))
        yield context
        context.close()


def _only_local(refused: list[str], route) -> None:
    url = urlparse(route.request.url)
    if url.scheme in ("data", "blob") or url.hostname in LOCAL:
        route.continue_()
    else:
        refused.append(route.request.url)
        route.abort()


def open_page(browser, url: str):
    page = browser.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(
        "document.body.dataset.ready || document.body.dataset.fatal", timeout=READY_S * 1000
    )
    assert page.evaluate("document.body.dataset.fatal") is None, page.inner_text("#fatal")
    return page


def run_all(page, timeout_s: float = 240) -> dict:
    page.click("#run-all")
    page.wait_for_function("document.body.dataset.runAll", timeout=timeout_s * 1000)
    return json.loads(page.evaluate("document.body.dataset.runAll"))


def test_the_lessons_are_discovered_by_listing():
    assert len(LESSONS) >= 18
    assert all((ROOT / "lessons" / lesson.path.name).is_file() for lesson in LESSONS)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.path.stem)
def test_every_lesson_runs_in_the_page_with_its_pictures(browser, server, lesson):
    page = open_page(browser, server + lesson.path.stem + ".html")
    try:
        totals = run_all(page)
        assert totals["failed"] == 0, totals["verdict"]
        cells = page.locator(".cell.code").count()
        assert totals["cells"] == cells > 0
        drawn = page.locator(".out .picture svg, .out .html svg, .out .html .tge-stepper").count()
        if "show(" in lesson.path.read_text("utf-8"):  # a lesson that shows a picture
            assert drawn >= 1, "no picture"
        assert page.locator("pre.error, pre.verdict").count() == 0
        stepper = page.locator(".out .tge-stepper").first
        if stepper.count():  # the stepper's own script runs inline: Next moves a step
            before = stepper.get_attribute("data-step")
            stepper.locator(".next").click()
            assert stepper.get_attribute("data-step") != before
        assert page.errors == []
    finally:
        page.close()
    assert browser.refused == []


def _with_blank() -> list:
    return [lesson for lesson in LESSONS if "# BEGIN SOLUTION" in lesson.path.read_text("utf-8")]


@pytest.mark.parametrize("lesson", _with_blank()[:2], ids=lambda lesson: lesson.path.stem)
def test_the_students_version_stops_at_a_blank_with_a_one_line_verdict(browser, server, lesson):
    page = open_page(browser, server + lesson.path.stem + "_student.html")
    try:
        totals = run_all(page)
        assert totals["failed"] == 1
        verdict = page.locator("pre.verdict")
        assert verdict.count() == 1
        text = verdict.inner_text().strip()
        assert "\n" not in text and "Traceback" not in text and text
    finally:
        page.close()


def test_a_long_chain_is_freed_in_the_page(browser, server):
    page = open_page(browser, server + "examples.html")
    try:
        area = page.locator(".cell.code textarea").first
        area.fill(
            "from tinygrad_edu import Value\n"
            "y = x = Value(1.0)\n"
            "for _ in range(100_000):\n"
            "    y = y * 1.0\n"
            "y.backward()\n"
            "del y\n"
            "print('freed', x.grad)"
        )
        page.locator(".cell.code button.run").first.click()
        page.wait_for_function(
            "document.querySelector('.cell.code').dataset.done || document.body.dataset.fatal",
            timeout=120_000,
        )
        assert page.evaluate("document.body.dataset.fatal") is None
        assert page.locator(".cell.code .out pre.stdout").first.inner_text() == "freed 1.0\n"
    finally:
        page.close()


def test_the_readmes_examples_run(browser, server):
    page = open_page(browser, server + "examples.html")
    try:
        totals = run_all(page)
        assert totals["failed"] == 0, totals["verdict"]
        assert totals["cells"] >= 4 and totals["pictures"] >= 1
    finally:
        page.close()


def test_a_fatal_error_tells_the_student_to_reload(browser, server):
    # a chain of the student's own objects (not Values) still overflows the browser's stack
    # when freed: the interpreter dies, and the page says so instead of hanging
    page = open_page(browser, server + "examples.html")
    try:
        page.locator(".cell.code textarea").first.fill(
            "class Link:\n"
            "    __slots__ = ('next',)\n"
            "head = None\n"
            "for _ in range(100_000):\n"
            "    link = Link()\n"
            "    link.next, head = head, link\n"
            "del head, link"
        )
        page.locator(".cell.code button.run").first.click()
        page.wait_for_function("document.body.dataset.fatal", timeout=120_000)
        assert "Reload the page" in page.inner_text("#fatal")
        assert page.locator("button.run:not([disabled])").count() == 0
    finally:
        page.close()


def test_the_playground_draws_a_typed_expression(browser, server):
    page = open_page(browser, server + "playground.html")
    try:
        page.fill("#expr", "(a*b + c) * f")
        page.fill("#vars", "a=2 b=-3 c=10 f=-2")
        for command, picture in (("draw", True), ("tree", False), ("trace", True)):
            page.evaluate("delete document.body.dataset.played")
            page.click(f"button[data-command={command}]")
            page.wait_for_function("document.body.dataset.played", timeout=60_000)
            played = json.loads(page.evaluate("document.body.dataset.played"))
            assert not played["failed"], page.inner_text("#play-out")
            assert (played["pictures"] >= 1) is picture
        assert "a.grad" in page.inner_text("#play-out") or "-4" in page.inner_text("#play-out")
    finally:
        page.close()


def test_the_selftest_runs_every_lesson(browser, server):
    page = open_page(browser, server + "index.html?selftest")
    try:
        page.wait_for_function(
            "/lessons ran/.test(document.getElementById('selftest').textContent)",
            timeout=300_000,
        )
        line = page.inner_text("#selftest")
        n = len(LESSONS)
        assert line.startswith(f"selftest: {n}/{n} lessons ran, "), line
        pictures = int(line.split(", ")[1].split()[0])
        assert pictures >= n and line.endswith(", 0 errors"), line
    finally:
        page.close()
    assert browser.refused == []


def test_nothing_left_the_machine(browser):
    time.sleep(0.1)
    assert browser.refused == []
