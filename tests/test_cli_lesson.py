"""`tinygrad-edu lesson`: list the lessons, run one with rendered prose, refuse a bad number."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from viz.cli import main
from viz.cli.lesson import find_lessons, parse_cells, run_lesson, student_version

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

    result = doctest.testmod(importlib.import_module("viz.cli.lesson"))
    assert result.attempted > 0 and result.failed == 0


def test_student_prints_the_lesson_with_blanks_for_solutions(capsys):
    assert main(["lesson", "1", "--student"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# %% [markdown]\n# # Lesson 01:")
    assert "BEGIN SOLUTION" not in out and "# BLANK" not in out
    assert 'raise NotImplementedError("Exercise 1.1' in out
    assert "return (f(x + h) - f(x - h)) / (2 * h)" not in out  # the reference is gone
    assert "check_central_difference(central_difference)" in out  # the check stays


def test_student_version_of_every_lesson_compiles():
    for lesson in find_lessons():
        text = student_version(lesson.path.read_text(encoding="utf-8"))
        compile(text, lesson.path.name, "exec")
        assert "BEGIN SOLUTION" not in text


def test_student_version_rejects_unbalanced_markers():
    with pytest.raises(ValueError, match="without"):
        student_version("# BEGIN SOLUTION\nx = 1\n")
    with pytest.raises(ValueError, match="without"):
        student_version("x = 1\n# END SOLUTION\n")


def test_run_student_stops_at_the_check(in_tmp, capsys):
    lesson = next(lesson for lesson in find_lessons() if lesson.number == 6)
    assert run_lesson(lesson, student=True) == 1
    out, err = capsys.readouterr()
    assert "check_grads: all good" not in out
    # the verdict in one line, not a traceback
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("check_grads: no answer yet: ") and "Exercise 6.1" in err
    assert "expected" in err and "got" in err


@pytest.mark.parametrize("student", [False, True])
def test_notebook_writes_the_ipynb_and_its_helpers(tmp_path, capsys, student):
    pytest.importorskip("jupytext")
    args = ["lesson", "4", "--notebook", str(tmp_path / "nb")] + (["--student"] if student else [])
    assert main(args) == 0
    name = "04_backprop_by_hand" + ("_student" if student else "") + ".ipynb"
    path = tmp_path / "nb" / name
    assert capsys.readouterr().out.strip() == f"wrote {path}"
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    kinds = {cell["cell_type"] for cell in nb["cells"]}
    assert kinds == {"markdown", "code"}
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert ("NotImplementedError" in code) is student
    assert ("de * b" in code) is not student  # the reference solution, teacher's version only
    assert [p.name for p in (tmp_path / "nb").iterdir()] == [name]  # the helpers are installed


def test_the_students_notebook_never_overwrites_the_teachers(tmp_path, capsys):
    pytest.importorskip("jupytext")
    assert main(["lesson", "4", "--notebook", str(tmp_path)]) == 0
    assert main(["lesson", "4", "--student", "--notebook", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["04_backprop_by_hand.ipynb", "04_backprop_by_hand_student.ipynb"]
    teacher = json.loads((tmp_path / names[0]).read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in teacher["cells"] if c["cell_type"] == "code")
    assert "NotImplementedError" not in code


def test_notebook_without_jupytext_is_one_clear_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "jupytext", None)  # import jupytext raises ImportError
    assert main(["lesson", "1", "--notebook", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "jupytext" in err and "Traceback" not in err
    assert "tinygrad-edu[notebook]" in err and "[dev]" not in err  # the small extra
    assert not list(tmp_path.iterdir())


def test_student_or_notebook_needs_a_number(capsys):
    assert main(["lesson", "--student"]) == 2
    assert "need a lesson number" in capsys.readouterr().err


def test_installed_lessons_are_found_without_a_checkout(tmp_path, monkeypatch):
    import viz.cli.lesson as cmd

    fake = tmp_path / "site" / "viz" / "cli" / "lesson.py"  # no pyproject.toml beside viz/
    fake.parent.mkdir(parents=True)
    monkeypatch.setattr(cmd, "__file__", str(fake))
    monkeypatch.delenv("TINYGRAD_EDU_LESSONS_DIR", raising=False)
    installed = tmp_path / "site" / "tinygrad_edu_lessons"
    installed.mkdir()
    monkeypatch.setattr(cmd, "_installed", lambda: installed)
    assert cmd.lessons_dir() == installed


def test_code_wraps_long_lines_instead_of_cutting_them(in_tmp, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["lesson", "4", "--code"]) == 0
    out = capsys.readouterr().out
    # the end of an 87-character line of the lesson (its exercise's test points) survives
    assert "0.0, 0.25)]" in out


def test_a_lesson_number_is_ascii_digits_as_every_number_on_the_command_line():
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-m", "viz.cli", "lesson", "\u0661"], capture_output=True, text=True
    )
    assert proc.returncode == 2 and "whole number" in proc.stderr and "Traceback" not in proc.stderr


def test_the_notebook_extra_is_small():
    import ast
    import re

    text = (LESSONS.parent / "pyproject.toml").read_text(encoding="utf-8")
    extra = ast.literal_eval(re.search(r"^notebook = (\[.*\])$", text, re.M).group(1))
    names = {re.split(r"[<>=~!\[ ]", requirement)[0] for requirement in extra}
    assert "jupytext" in names  # what --notebook needs
    assert names <= {"jupytext", "ipykernel", "nbformat"}  # not the dev toolchain
