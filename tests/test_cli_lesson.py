"""`tinygrad-edu lesson`: list the lessons, run one with rendered prose, refuse a bad number."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from viz.cli import main
from viz.cmd_lesson import find_lessons, parse_cells

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
# `python -m viz.cli` would load the CLI twice (as __main__ and as viz.cli), so run its main()
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TINYGRAD_EDU_LESSONS_OUT", str(tmp_path))
    return tmp_path


def test_parse_cells_splits_code_and_uncomments_prose():
    text = "# %% [markdown]\n# # Title\n#\n# Some *prose*.\n\n# %%\nx = 1\n\n\n# %%\ny = x\n"
    cells = parse_cells(text)
    assert [(c.kind, c.source, c.line) for c in cells] == [
        ("markdown", "# Title\n\nSome *prose*.", 2),
        ("code", "x = 1", 7),
        ("code", "y = x", 11),
    ]


def test_list_names_every_lesson_in_order(capsys):
    assert main(["lesson"]) == 0
    out = capsys.readouterr().out
    files = sorted(p.name for p in LESSONS.glob("[0-9][0-9]_*.py"))
    positions = [out.index(name) for name in files]
    assert positions == sorted(positions)
    for lesson in find_lessons():
        assert lesson.title and lesson.title in out


def test_run_one_renders_prose_between_code_outputs(in_tmp, capsys):
    assert main(["lesson", "1"]) == 0
    out = capsys.readouterr().out
    cells = parse_cells((LESSONS / "01_slope.py").read_text())
    title = cells[0].source.splitlines()[0].lstrip("# ")
    assert title in out and "# Lesson" not in out  # rendered, not echoed as source
    # the heading of the central-difference cell comes after the forward table's output
    assert out.index("forward") < out.index("Nudge both ways") < out.index("central")
    assert "check_central_difference: all good" in out
    assert (in_tmp / "01" / "tangent.svg").is_file()


def test_run_a_lesson_that_prints_with_rich_and_draws(in_tmp, capsys):
    assert main(["lesson", "8"]) == 0
    out = capsys.readouterr().out
    assert "Step 1/3" in out and "check_replay: all good" in out
    assert sorted(p.name for p in (in_tmp / "08").rglob("*.svg"))


def test_run_with_code_shows_the_source(in_tmp, capsys):
    assert main(["lesson", "01", "--code"]) == 0
    assert "def central_difference" in capsys.readouterr().out


@pytest.mark.parametrize("bad", ["99", "0", "x", "1.5"])
def test_bad_number_is_a_usage_error(bad, capsys):
    assert main(["lesson", bad]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tinygrad-edu: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_bad_number_exits_2_from_the_console_script(tmp_path):
    proc = subprocess.run(
        [*CLI, "lesson", "99"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "no lesson 99" in proc.stderr and "Traceback" not in proc.stderr


def test_missing_lessons_folder_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("TINYGRAD_EDU_LESSONS_DIR", str(tmp_path / "nowhere"))
    assert main(["lesson"]) == 2
    err = capsys.readouterr().err
    assert "no lessons folder" in err and "Traceback" not in err


def test_a_failing_checkpoint_stops_the_lesson_with_status_1(in_tmp, capsys, monkeypatch):
    folder = in_tmp / "lessons"
    folder.mkdir()
    (folder / "01_broken.py").write_text(
        "# %% [markdown]\n# # Lesson 01: broken\n\n# %%\nprint('before')\n\n"
        "# %%\nassert 1 + 1 == 3, 'arithmetic'\n\n# %%\nprint('never')\n"
    )
    monkeypatch.setenv("TINYGRAD_EDU_LESSONS_DIR", str(folder))
    assert main(["lesson", "1"]) == 1
    out, err = capsys.readouterr()
    assert "before" in out and "never" not in out
    assert '01_broken.py", line 8' in err and "AssertionError: arithmetic" in err


def test_lessons_are_found_from_any_working_directory(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "TINYGRAD_EDU_LESSONS_DIR"}
    proc = subprocess.run(
        [*CLI, "lesson"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0
    assert "01_slope.py" in proc.stdout


def test_the_docstring_examples_run():
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module("viz.cmd_lesson"))
    assert result.attempted > 0 and result.failed == 0
