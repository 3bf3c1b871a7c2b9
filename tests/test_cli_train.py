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
    plain = boundary_text(run, cols=30, rows=10, color=False, legend=False).plain
    assert len(plain.splitlines()) == 10
    assert len(boundary_text(run, cols=30, rows=10, color=False).plain.splitlines()) == 12
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


def _two_points():
    """A model that scores a point by its x, and one point of each class: the regions and the
    marks are known without the network (each cell is scored at its centre)."""
    import types

    from viz.cli.train import Trained

    model = lambda xy: types.SimpleNamespace(data=xy[0])
    return Trained(model, 1.0, 0.0, points=[[-1.0, 0.0], [1.0, 0.0]], labels=[-1, 1])


def test_the_terminal_plot_exactly_with_its_axes_and_legend():
    run = _two_points()  # the box: each axis's range widened by 0.4 on both sides
    assert boundary_text(run, cols=4, rows=2, color=False).plain == (
        "--++\n"
        "o-+x\n"
        "x -1.40 to 1.40 left to right, y -0.40 to 0.40 bottom to top\n"
        "o class -1   x class +1   - scored < 0   + scored > 0\n"
    )
    coloured = boundary_text(run, cols=4, rows=2)
    assert coloured.plain == (
        "    \n"
        "●  ●\n"
        "x -1.40 to 1.40 left to right, y -0.40 to 0.40 bottom to top\n"
        "● class -1   ● class +1     scored < 0     scored > 0\n"
    )
    # each key drawn as its mark is in the plot: the same glyph on the same colours
    from viz.cli.train import NEG, NEG_BG, POS, POS_BG

    def style_at(text, at: int) -> str:
        return " ".join(str(s.style) for s in text.spans if s.start <= at < s.end)

    plot_o, plot_x = 5, 8  # the o and x of row 1 ("●  ●\n" after "    \n")
    legend = coloured.plain.rindex("\n", 0, len(coloured.plain) - 1) + 1
    keys = [legend + coloured.plain[legend:].index(k) for k in ("● class -1", "● class +1")]
    assert style_at(coloured, keys[0]) == style_at(coloured, plot_o) == f"bold {NEG} on {NEG_BG}"
    assert style_at(coloured, keys[1]) == style_at(coloured, plot_x) == f"bold {POS} on {POS_BG}"
    regions = [i for i, ch in enumerate(coloured.plain) if i > keys[1] and ch == " "]
    assert f"on {NEG_BG}" in [style_at(coloured, i) for i in regions]
    assert f"on {POS_BG}" in [style_at(coloured, i) for i in regions]
    assert boundary_text(run, cols=4, rows=2, color=False, legend=False).plain == "--++\no-+x\n"
