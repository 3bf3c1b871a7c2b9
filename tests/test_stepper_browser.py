"""The HTML stepper in a real headless Chromium: it loads, shows step 1, Next shows step 2.

Chromium is driven through the DevTools protocol over a pipe (``--remote-debugging-pipe``:
JSON messages separated by NUL bytes on file descriptors 3 and 4), so the test needs no
WebDriver and no Python package beyond the standard library.  Skipped only when no Chromium
can be found (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import time

import pytest

from tinygrad_edu import Value
from viz.stepper import write_html
from viz.trace import trace

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
)
# Chromium reads commands on fd 3 and writes replies on fd 4; this puts the pipes there.
LAUNCH = "import os, sys; os.dup2(int(sys.argv[1]), 3); os.dup2(int(sys.argv[2]), 4); " \
    "os.execv(sys.argv[3], sys.argv[3:])"  # fmt: skip


def find_chromium() -> str | None:
    return next((p for p in map(shutil.which, BROWSERS) if p), None)


class Browser:
    """Just enough of the DevTools protocol: commands, replies, and the events seen so far."""

    def __init__(self, exe: str, profile: str) -> None:
        to_chrome, self._cmd = os.pipe()
        self._out, from_chrome = os.pipe()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(to_chrome), str(from_chrome), exe, *FLAGS,
             f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(to_chrome, from_chrome),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(to_chrome)
        os.close(from_chrome)
        self._buf = b""
        self._id = 0
        self.events: list[dict] = []
        self.session: str | None = None

    def send(self, method: str, timeout: float = 30.0, **params) -> dict:
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self._cmd, json.dumps(msg).encode() + b"\0")
        reply = self._until(lambda m: m.get("id") == self._id, timeout)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def wait_event(self, method: str, timeout: float = 30.0) -> dict:
        for e in self.events:
            if e.get("method") == method:
                return e
        return self._until(lambda m: m.get("method") == method, timeout)

    def _until(self, done, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buf:
                raw, self._buf = self._buf.split(b"\0", 1)
                msg = json.loads(raw)
                if "method" in msg:
                    self.events.append(msg)
                if done(msg):
                    return msg
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._out], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._out, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buf += chunk

    def eval(self, expression: str):
        res = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(res["exceptionDetails"])
        return res["result"].get("value")

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element, as a user's would be."""
        box = self.eval(
            f"(function(){{var r=document.querySelector({json.dumps(selector)})"
            ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2];})()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left",
                clickCount=1,
            )  # fmt: skip

    def key(self, name: str, code: int) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.send(
                "Input.dispatchKeyEvent", type=kind, key=name, code=name,
                windowsVirtualKeyCode=code, nativeVirtualKeyCode=code,
            )  # fmt: skip

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.send("Browser.close", timeout=5)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._cmd)
        os.close(self._out)


@pytest.fixture
def browser(tmp_path):
    exe = find_chromium()
    if exe is None:
        pytest.skip("no Chromium found (Debian: apt-get install chromium)")
    b = Browser(exe, str(tmp_path / "profile"))
    try:
        target = b.send("Target.createTarget", url="about:blank")["targetId"]
        b.session = b.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network"):
            b.send(f"{domain}.enable")
        yield b
    finally:
        b.close()


VISIBLE = "document.querySelector('.frame:not([hidden])').dataset.step"
SHOWN = (
    "Array.from(document.querySelectorAll('.frame'))"
    ".filter(function(f){return f.offsetParent !== null;}).length"
)


def test_the_stepper_loads_at_step_1_and_next_shows_step_2(browser, tmp_path):
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    t = trace((a * b + c) * f)
    page = write_html(t, tmp_path / "steps.html")
    browser.send("Page.navigate", url=page.absolute().as_uri())
    browser.wait_event("Page.loadEventFired")

    n = len(t.steps)
    assert browser.eval("document.querySelectorAll('.frame').length") == n
    assert browser.eval(VISIBLE) == "1"
    assert browser.eval(SHOWN) == 1  # exactly one frame is laid out on screen
    assert browser.eval("document.getElementById('counter').textContent") == f"Step 1 of {n}"
    assert browser.eval("document.querySelector('.frame:not([hidden]) svg') !== null")
    head = browser.eval("document.querySelector('.frame:not([hidden]) .head').textContent")
    assert head.startswith(f"Step 1 of {n}: {t.steps[0].grad_fn}")
    assert browser.eval("document.getElementById('prev').disabled") is True

    browser.click("#next")
    assert browser.eval(VISIBLE) == "2"
    assert browser.eval(SHOWN) == 1
    assert browser.eval("document.getElementById('counter').textContent") == f"Step 2 of {n}"
    text = browser.eval("document.querySelector('.frame:not([hidden])').textContent")
    assert t.steps[1].inputs[0].text() in text

    browser.key("ArrowRight", 39)
    assert browser.eval(VISIBLE) == "3"
    assert browser.eval("document.getElementById('next').disabled") is True
    browser.key("ArrowRight", 39)  # past the last step: stays there
    assert browser.eval(VISIBLE) == "3"
    browser.key("ArrowLeft", 37)
    assert browser.eval(VISIBLE) == "2"
    browser.click("#prev")
    assert browser.eval(VISIBLE) == "1"

    # self-contained: the page asked for nothing but itself, and threw no error
    urls = [e["params"]["request"]["url"] for e in browser.events
            if e.get("method") == "Network.requestWillBeSent"]  # fmt: skip
    assert urls and all(u.startswith(("file:", "data:", "about:")) for u in urls)
    assert not [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"]
