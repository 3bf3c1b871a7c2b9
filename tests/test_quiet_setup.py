"""The set-up is quiet: `make test` closes on counts, `make demo` installs only the package.

The suite's own conftest is run on a three-test file (one pass, one skip, one xfail) in a
pytest of its own; the Makefile's recipes are read with `make -n` (nothing is run).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = """
import pytest

def test_passes():
    pass

@pytest.mark.skip(reason="a reason for skipping")
def test_skipped():
    pass

@pytest.mark.xfail(reason="a reason for failing")
def test_fails():
    assert False
"""


def _pytest(tmp_path: Path, *args: str) -> str:
    for name in ("conftest.py", "torch_kernels.py"):  # the conftest and what it imports
        shutil.copy(ROOT / "tests" / name, tmp_path / name)
    (tmp_path / "test_example.py").write_text(EXAMPLE, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_a_run_closes_on_counts_with_no_letter_per_test_and_no_reasons(tmp_path):
    out = _pytest(tmp_path)
    assert "1 passed, 1 skipped, 1 xfailed" in out
    assert "a reason for" not in out
    assert not any(
        line.strip(" .sx[0-9%]") == "" and line.strip(" [0-9%]") for line in out.splitlines()
    ), out  # no line of progress letters


def test_the_reasons_and_the_letters_on_request(tmp_path):
    why = _pytest(tmp_path, "-rsx")
    assert "a reason for skipping" in why and "a reason for failing" in why
    letters = _pytest(tmp_path, "--progress")
    assert any(line.startswith(".sx") for line in letters.splitlines()), letters


def test_pyproject_asks_for_no_reasons_by_default():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    addopts = re.search(r'^addopts = "([^"]*)"', pyproject, re.M).group(1).split()
    assert "--strict-markers" in addopts and not any(a.startswith("-r") for a in addopts)


def _recipe(*args: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("no make")
    done = subprocess.run(
        ["make", "-n", "-B", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_test_gives_the_reasons_with_why():
    assert "-rsx" not in _recipe("test") and "-rsx" in _recipe("test", "WHY=1")


def test_make_demo_installs_the_package_alone():
    recipe = _recipe("demo")
    assert "pip install --quiet -e .\n" in recipe and "[dev]" not in recipe
    assert "tinygrad-edu demo" in recipe
