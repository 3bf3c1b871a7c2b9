"""Every lesson runs as a plain script in an empty folder, writes its pictures, and checks itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from viz.cli.lesson import parse_cells, student_version

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
FILES = sorted(p for p in LESSONS.glob("[0-9][0-9]_*.py"))


def test_there_are_at_least_twenty_three_numbered_lessons():
    numbers = [int(p.name[:2]) for p in FILES]
    assert len(numbers) >= 23  # 01-18, then 19-23: build your own engine
    assert numbers == list(range(1, len(numbers) + 1))  # no gaps, no duplicates


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_runs_as_a_script_from_another_folder(path: Path, tmp_path: Path):
    env = {**os.environ, "TINYGRAD_EDU_LESSONS_OUT": str(tmp_path)}
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, str(path)], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert seconds < 30  # each takes under 10 s here: a lesson that grows slow should be noticed
    assert proc.stdout.strip()  # it prints what it shows
    svgs = sorted((tmp_path / path.name[:2]).rglob("*.svg"))
    assert svgs, "the lesson wrote no picture"
    for svg in svgs:
        assert ET.parse(svg).getroot().tag.endswith("svg")
        assert str(svg.name) in proc.stdout  # and says where it put it
    assert not (tmp_path / "lessons_out").exists()  # the environment variable was obeyed
    if path.name.startswith("16_"):
        regions_have_axes_and_a_legend(tmp_path / "16" / "regions.svg")


def regions_have_axes_and_a_legend(svg: Path) -> None:
    """Lesson 16's decision regions: ticks with values on both axes, the axes named, and a
    key naming each class beside a patch of its region's colour and a point of its colour."""
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.parse(svg).getroot()
    texts = [(t.get("text-anchor"), (t.text or "").strip()) for t in root.iter(f"{ns}text")]
    numbers = lambda anchor: [v for a, v in texts if a == anchor and re.fullmatch(r"-?\d+", v)]
    assert len(numbers("middle")) >= 4 and len(numbers("end")) >= 4  # x ticks, y ticks
    assert ("middle", "x") in texts and ("middle", "y") in texts
    keys = [v for _, v in texts if v.startswith("class ")]
    assert keys == ["class 0", "class 1", "class 2"]
    fills = {c.get("fill") for c in root.iter(f"{ns}circle")}
    patches = [r.get("fill") for r in root.iter(f"{ns}rect") if r.get("width") == "14"]
    assert len(patches) == 3 and len(fills) == 3  # a region patch and a point colour each


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_lesson_is_a_percent_notebook_with_checkpoints_and_an_exercise(path: Path):
    text = path.read_text(encoding="utf-8")
    cells = parse_cells(text)
    assert text.startswith("# %% [markdown]\n")
    assert re.match(rf"# Lesson {path.name[:2]}: \S", cells[0].source)
    code = "\n".join(c.source for c in cells if c.kind == "code")
    prose = "\n".join(c.source for c in cells if c.kind == "markdown")
    assert re.search(r"^\s*assert ", code, re.M)
    assert re.search(r"^## Exercise", prose, re.M)
    assert re.search(r"^check_\w+\(", code, re.M)  # the exercise's check runs on the reference


@pytest.mark.slow  # each lesson runs a second time; test_lesson_checks runs every blank quickly
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_student_version_runs_up_to_its_exercise_and_fails_its_check(path, tmp_path):
    text = path.read_text(encoding="utf-8")
    assert text.count("# BEGIN SOLUTION") >= 1
    assert text.count("# BEGIN SOLUTION") == text.count("# END SOLUTION")
    student = tmp_path / path.name
    student.write_text(student_version(text), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TINYGRAD_EDU"))}
    env["TINYGRAD_EDU_LESSONS_OUT"] = str(tmp_path)
    proc = subprocess.run(
        [sys.executable, str(student)], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    # the exercise's verdict, in one line and with no traceback
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    last = proc.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"check_\w+: (no answer yet|wrong answer): .+", last), last
    assert "expected" in last and "got" in last
    assert ": all good" not in proc.stdout


def test_the_readme_lists_every_lesson_once_in_order():
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| (\d\d) \| \[`(\d\d_\w+\.py)`\]\(\2\) \|", readme, re.M)
    assert [name for _, name in listed] == [p.name for p in FILES]
    assert all(number == name[:2] for number, name in listed)


NEW = [p for p in FILES if int(p.name[:2]) >= 15]  # written with viz.show for every picture


@pytest.mark.slow
@pytest.mark.parametrize("path", NEW, ids=[p.stem for p in NEW])
def test_new_lesson_runs_as_a_notebook_with_its_pictures_inline(path, tmp_path, monkeypatch):
    pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    import importlib.util

    import nbformat

    from viz.cli import main

    monkeypatch.setenv("TINYGRAD_EDU_LESSONS_OUT", str(tmp_path / "out"))

    assert main(["lesson", path.name[:2], "--notebook", str(tmp_path)]) == 0
    nb = nbformat.read(tmp_path / (path.stem + ".ipynb"), as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    pictures = sum("image/svg+xml" in o.get("data", {}) for o in outputs)
    written = list((tmp_path / "out" / path.name[:2]).glob("*.svg"))
    assert written and pictures == len(written)  # every picture it wrote, it showed
    pages = list((tmp_path / "out" / path.name[:2]).glob("*.html"))
    steppers = [
        o for o in outputs if 'class="tge-stepper' in o.get("data", {}).get("text/html", "")
    ]
    assert len(steppers) == len(pages)  # and every stepper page, inline
    pictures += len(steppers)
    shows = path.read_text(encoding="utf-8").count("viz.show(")
    if importlib.util.find_spec("torch") is not None:
        assert pictures == shows  # every viz.show ran
    else:  # but those of PyTorch's graphs, drawn only where it is installed
        assert pictures <= shows


def test_the_chart_helpers_log_axis_has_ticks_to_read():
    import doctest
    import math

    from tinygrad_edu_lessons import charts

    assert doctest.testmod(charts).failed == 0
    # a log axis over less than two decades (lesson 17's losses): several ticks, not one
    losses = {"lr 0.1": [(k, 3.0 * math.exp(-k / 40)) for k in range(1, 100)]}
    chart = charts.line_chart(losses, logy=True, ylabel="loss (log scale)")
    y_ticks = re.findall(r'text-anchor="end">([^<]+)<', chart)
    assert len(y_ticks) >= 3, y_ticks
    assert ET.fromstring(chart).tag.endswith("svg")
    # lesson 17's sweep: losses from 0.22 to 2.6; the axis reads at both ends (a labelled tick
    # below the lowest loss and above the highest), 1, 2, 3, 5 in each decade
    sweep = {"lr 0.5": [(1, 0.75), (25, 0.22)], "lr 8.0": [(1, 2.6), (25, 1.3)]}
    chart = charts.line_chart(sweep, logy=True, ylabel="loss (log scale)")
    y_ticks = [float(t) for t in re.findall(r'text-anchor="end">([^<]+)<', chart)]
    assert y_ticks == [0.2, 0.3, 0.5, 1.0, 2.0, 3.0], y_ticks
    # each tick where its value is: heights proportional to the log of the value
    at = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" text-anchor="end"', chart)]
    per_decade = (at[0] - at[3]) / (math.log10(1.0) - math.log10(0.2))
    for value, y in zip(y_ticks, at):
        assert abs((at[0] - y) - per_decade * math.log10(value / 0.2)) < 0.2
