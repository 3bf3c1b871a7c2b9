"""SIGTERM and SIGINT at random moments of ``tinygrad-edu`` commands (issue 21's probe, in
``make slow``): never a traceback, never a temporary file or folder left behind, and every
output either whole or absent."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ENTRY = [sys.executable, "-c", "import sys, tinygrad_edu_cli; sys.exit(tinygrad_edu_cli.main())"]
ENV = {**os.environ, "TINYGRAD_EDU_DOT": "graphviz-pure"}

COMMANDS = {
    "trace-frames-html": ["trace", "tanh(x*w + b)", "--var", "x=2", "--var", "w=-3",
                          "--var", "b=1", "--frames", "frames", "--html", "page.html"],
    "draw-svg": ["draw", "x*y + x", "--var", "x=2", "--var", "y=3", "-o", "graph.svg"],
    "train-out": ["train", "--steps", "20", "--out", "boundary.svg"],
    "lesson-notebook": ["lesson", "3", "--notebook", "nb"],
    "tree": ["tree", "x*y + x", "--var", "x=2", "--var", "y=3"],
}  # fmt: skip


def _run(argv: list[str], cwd: Path, after: float | None, sig: int) -> subprocess.CompletedProcess:
    proc = subprocess.Popen(
        [*ENTRY, *argv], cwd=cwd, env=ENV, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    if after is not None:
        _wait_for_handlers(proc)
        time.sleep(after)
        proc.send_signal(sig)
    out, err = proc.communicate(timeout=300)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def _wait_for_handlers(proc: subprocess.Popen) -> None:
    """Wait until the command's own code runs: its entry point catches SIGTERM (the kernel's
    SigCgt mask says so). Before that the interpreter is still starting, and its own start-up
    (the ``site`` module) is no moment of the command's: a Ctrl-C there is Python's."""
    status = Path(f"/proc/{proc.pid}/status")
    while proc.poll() is None:
        try:
            caught = next(
                int(line.split()[1], 16)
                for line in status.read_text().splitlines()
                if line.startswith("SigCgt:")
            )
        except (OSError, StopIteration):
            return
        if caught & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.001)


def _outputs(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_signals_at_random_moments_leave_nothing_behind(name: str, tmp_path: Path) -> None:
    argv = COMMANDS[name]
    whole = tmp_path / "whole"
    whole.mkdir()
    if not Path("/proc/self/status").exists():
        pytest.skip("needs Linux's /proc to see when the command's handlers are in")
    start = time.perf_counter()
    done = _run(argv, whole, None, signal.SIGTERM)
    assert done.returncode == 0, done.stderr
    took = time.perf_counter() - start
    expected = _outputs(whole)
    rng = random.Random(f"signals {name}")
    for k in range(8):
        moment = rng.uniform(0.0, took * 1.1)
        sig = rng.choice([signal.SIGINT, signal.SIGTERM])
        folder = tmp_path / f"try{k}"
        folder.mkdir()
        got = _run(argv, folder, moment, sig)
        where = f"{name}: {sig.name} at {moment:.2f} s of {took:.2f} s"
        assert b"Traceback" not in got.stderr, f"{where}\n{got.stderr.decode()}"
        assert got.returncode in (0, 128 + sig, -sig), f"{where}: status {got.returncode}"
        hidden = [str(p) for p in folder.rglob("*") if p.name.startswith(".") or ".tmp" in p.name]
        assert hidden == [], f"{where}: left {hidden}"
        outputs = _outputs(folder)
        for path, data in outputs.items():
            # a frame or a page is what the whole run wrote, or not there at all (a notebook's
            # cells and a page's elements get random ids)
            if path.endswith(".ipynb"):
                cells = [c["source"] for c in json.loads(data)["cells"]]
                assert cells == [c["source"] for c in json.loads(expected[path])["cells"]], where
            elif path.endswith(".html"):  # the stepper's element ids are random, of one length
                assert len(data) == len(expected[path]), f"{where}: {path} is not whole"
                assert data.rstrip().endswith(b"</html>"), f"{where}: {path} is not whole"
            else:
                assert expected.get(path) == data, f"{where}: {path} is not whole"
        for top in {Path(p).parts[0] for p in outputs if len(Path(p).parts) > 1}:
            # a folder of frames holds all of them
            inside = {p for p in expected if p.startswith(top + os.sep)}
            assert {p for p in outputs if p.startswith(top + os.sep)} == inside, where
