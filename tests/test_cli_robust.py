"""The command line at its edges: terminal encodings, file names that are not UTF-8, a full
stdout, numbers in other scripts, outputs checked before the work, failed and partial writes."""

from __future__ import annotations

import argparse
import errno
import importlib.util
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from viz import cli, files
from viz.cli.train import boundary_svg, train

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str | bytes, cwd: Path, env: dict[str, str] | None = None, **kw):
    full = {**os.environ, "TINYGRAD_EDU_DOT": "graphviz-pure", **(env or {})}
    return subprocess.run([*CLI, *args], cwd=cwd, env=full, capture_output=True, timeout=120, **kw)


def one_clean_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace")
    assert "Traceback" not in text
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tinygrad-edu: error: "), text
    return lines[0]


# -- encodings and file names ----------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_trace_in_a_terminal_that_cannot_encode_the_symbols(encoding, tmp_path):
    done = run(
        "trace", "tanh(a)*b", "--var", "a=1", "--var", "b=2", cwd=tmp_path,
        env={"PYTHONIOENCODING": encoding},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode(encoding)
    assert "chain 1.0 * 2.0 = 2.0   grad += 2.0 -> 2.0" in out
    assert b"Traceback" not in done.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_tree_and_draw_in_any_encoding(encoding, tmp_path):
    env = {"PYTHONIOENCODING": encoding}
    tree = run("tree", "a*b + a", "--var", "a=2", "--var", "b=3", cwd=tmp_path, env=env)
    assert tree.returncode == 0 and b"Traceback" not in tree.stderr
    assert "`-- a  (see above)" in tree.stdout.decode(encoding)
    draw = run("draw", "a*b", "--var", "a=2", "--var", "b=3", "-o", "-", cwd=tmp_path, env=env)
    assert draw.returncode == 0 and draw.stdout.startswith(b"<")


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_draw_to_a_file_name_that_is_not_utf8(encoding, tmp_path):
    name = b"\xff\xfe graph.svg"
    done = run(
        "draw", "a*b", "--var", "a=2", "--var", "b=3", "-o", name, cwd=tmp_path,
        env={"PYTHONIOENCODING": encoding},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / os.fsdecode(name)).is_file()
    assert done.stdout.startswith(b"wrote " + name)  # echoed as the bytes it was typed as


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["--help"], ["trace", "--help"], ["train", "--help"]])
def test_help_to_a_full_disk_fails(args, tmp_path):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*CLI, *args], cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, timeout=60
        )
    assert done.returncode != 0
    line = one_clean_line(done.stderr)
    assert "cannot write to standard output" in line


# -- numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7", " 7 ", "+7", "-3", "0"])
def test_a_whole_number_is_ascii_digits(text):
    assert cli.whole_number(text) == int(text)


@pytest.mark.parametrize("text", ["١", "１０", "1_000", "", "2.0", "1e3", "٣", "7\u00a0"])
def test_other_digits_are_refused(text):
    with pytest.raises(argparse.ArgumentTypeError):
        cli.whole_number(text)
    with pytest.raises(argparse.ArgumentTypeError):
        cli.positive_number(text)


@pytest.mark.parametrize("args", [["--steps", "١"], ["--steps", "１０"], ["--seed", "٣"]])
def test_train_refuses_numbers_int_would_read(args, tmp_path):
    done = run("train", *args, cwd=tmp_path)
    assert done.returncode == 2
    assert "is not a whole number" in one_clean_line(done.stderr)


# -- train: outputs checked first, failed writes named ---------------------------------------


@pytest.mark.parametrize(
    "out, why",
    [
        ("plot.txt", "must end in .svg"),
        ("no/such/dir/plot.svg", "no directory"),
        (".", "must end in .svg"),
    ],
)
def test_train_checks_its_output_before_training(out, why, tmp_path):
    done = run("train", "--steps", "100000", "--out", out, cwd=tmp_path)
    assert done.returncode == 2
    assert why in one_clean_line(done.stderr)
    assert b"training" not in done.stdout  # refused before a single step
    assert not list(tmp_path.iterdir())


class FailingFile:
    """A text file that writes half of what it is given, then finds the disk full."""

    def __init__(self, f):
        self.f = f

    def write(self, text):
        self.f.write(text[: len(text) // 2])
        self.f.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


@pytest.fixture
def full_disk(monkeypatch):
    real = os.fdopen
    monkeypatch.setattr(files.os, "fdopen", lambda *a, **k: FailingFile(real(*a, **k)))


def test_a_write_that_fails_midway_leaves_no_file_and_names_it(tmp_path, full_disk):
    target = tmp_path / "out.svg"
    with pytest.raises(OSError) as caught:
        files.write_atomic(target, "<svg>" + "x" * 10_000 + "</svg>")
    assert caught.value.filename == str(target) and caught.value.errno == errno.ENOSPC
    assert list(tmp_path.iterdir()) == []  # neither the file nor a temporary one


def test_a_write_that_fails_midway_keeps_the_old_file(tmp_path, full_disk):
    target = tmp_path / "out.svg"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(OSError):
        files.write_atomic(target, "new" * 1000)
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]


def test_train_says_what_failed_and_where(tmp_path, full_disk, capsys):
    status = cli.main(["train", "--steps", "1", "--out", str(tmp_path / "moons.svg")])
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert err == f"tinygrad-edu: error: cannot write {str(tmp_path / 'moons.svg')!r}: " + (
        os.strerror(errno.ENOSPC)
    )
    assert list(tmp_path.iterdir()) == []


def test_the_lessons_chart_writer_is_atomic(tmp_path, full_disk):
    spec = importlib.util.spec_from_file_location("lesson_plot", ROOT / "lessons" / "charts.py")
    assert spec is not None and spec.loader is not None
    plot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plot)
    with pytest.raises(OSError):
        plot.save_chart(tmp_path / "chart.svg", {"y": [(0, 0), (1, 1)]}, title="t")
    assert list(tmp_path.iterdir()) == []


# -- train's pictures ------------------------------------------------------------------------


def test_no_color_draws_classes_and_boundary_in_glyphs(monkeypatch, capsys):
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich takes stdout for a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv("TERM", raising=False)
    assert cli.main(["train", "--steps", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line and set(line) <= set("+-ox")]
    assert len(rows) >= 20
    assert "●" not in out
    grid = "".join(rows)
    assert "o" in grid and "x" in grid  # the two classes, told apart without colour
    # the boundary: in some row the region changes from one side to the other
    assert any("-+" in r.replace("o", "-").replace("x", "+") or "+-" in r for r in rows)


@pytest.fixture(scope="module")
def trained():
    return train(steps=2, progress=False)


def test_the_moons_plot_has_axes_with_ticks_and_a_legend(trained):
    root = ET.fromstring(boundary_svg(trained))
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    axes, legend = groups["axes"], groups["legend"]
    xs = [p[0] for p in trained.points]
    ys = [p[1] for p in trained.points]
    anchors: dict[str, list[float]] = {"middle": [], "end": []}
    for t in axes.iter(f"{SVG}text"):
        try:
            anchors[t.get("text-anchor", "")].append(float(t.text or ""))
        except (ValueError, KeyError):
            continue
    x_ticks, y_ticks = anchors["middle"], anchors["end"]
    assert len(x_ticks) >= 4 and len(y_ticks) >= 4
    assert min(x_ticks) <= min(xs) + 0.5 and max(x_ticks) >= max(xs) - 0.5
    assert min(y_ticks) <= min(ys) + 0.5 and max(y_ticks) >= max(ys) - 0.5
    assert len(list(axes.iter(f"{SVG}line"))) == len(x_ticks) + len(y_ticks)
    names = [t.text for t in legend.iter(f"{SVG}text")]
    assert names == ["class +1", "class -1", "predicted +1", "predicted -1"]
    # each legend key has the colour the plot uses for it
    circles = [c.get("fill") for c in root.findall(f"{SVG}circle")]
    keys = [c.get("fill") for c in legend.iter(f"{SVG}circle")]
    assert set(keys) == set(circles) and len(keys) == 2
