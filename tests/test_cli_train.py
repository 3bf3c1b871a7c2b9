"""tinygrad-edu train: a short run, its SVG, bad arguments; the full demo reaches 100%."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console

from viz.cli.train import boundary_svg, boundary_text, train

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
# `python -m viz.cli` would load the CLI twice (as __main__ and as viz.cli): call main() instead
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, "train", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_short_run_exits_0_and_writes_a_valid_svg(tmp_path):
    out = tmp_path / "moons.svg"
    r = _cli("--steps", "3", "--seed", "2", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert "final training accuracy" in r.stdout
    assert "+" in r.stdout and "-" in r.stdout  # plain characters when not a terminal
    root = ET.parse(out).getroot()
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f"{SVG}circle")) == 100
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file was renamed away


@pytest.mark.parametrize(
    "args",
    [
        ("--steps", "0"),
        ("--steps", "ten"),
        ("--seed", "x"),
        ("--bogus",),
        ("--steps", "1", "--out", "/no/such/folder/plot.svg"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args):
    r = _cli(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tinygrad-edu: error:")
    assert "Traceback" not in r.stderr


def test_out_that_is_a_folder_is_a_usage_error(tmp_path):
    r = _cli("--steps", "1", "--out", str(tmp_path))
    assert r.returncode == 2 and "cannot write" in r.stderr


def test_train_rejects_zero_steps():
    with pytest.raises(ValueError):
        train(steps=0, progress=False)


def test_boundary_pictures_show_both_classes():
    run = train(steps=5, seed=1, n_samples=20, progress=False)
    plain = boundary_text(run, cols=30, rows=10, color=False).plain
    assert len(plain.splitlines()) == 10
    assert set(plain) - {"\n"} <= {"+", "-", "o", "x"} and "o" in plain and "x" in plain
    console = Console(record=True, width=40, force_terminal=True, color_system="truecolor")
    console.print(boundary_text(run, cols=30, rows=10))
    assert "\x1b[" in console.export_text(styles=True)
    assert len(ET.fromstring(boundary_svg(run)).findall(f"{SVG}circle")) == 20  # legend aside


@pytest.mark.slow
def test_the_demo_reaches_full_training_accuracy_in_100_steps():
    run = train(steps=100, progress=False)
    assert run.accuracy == 1.0
    assert run.loss < 0.05
