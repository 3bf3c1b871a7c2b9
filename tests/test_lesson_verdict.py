"""A rejected answer ends in one line, in a script, a notebook and the CLI; the traceback on request.

The helpers are part of the installed package (``tinygrad_edu_lessons.exercise``): a student's
script runs from an empty folder with nothing beside it.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from tinygrad_edu_lessons import exercise
from tinygrad_edu_lessons.exercise import WrongAnswerError, attempt, close, verdict

from viz.cli.lesson import student_version, teacher_version

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
VERDICT = re.compile(r"check_\w+: (no answer yet|wrong answer): .*expected .*, got .*")


def test_the_docstring_examples_run():
    result = doctest.testmod(exercise)
    assert result.attempted > 0 and result.failed == 0


def caught(fn, *args) -> WrongAnswerError:
    with pytest.raises(WrongAnswerError) as e:
        fn(*args)
    return e.value


def check_sum(answer):  # a check as the lessons write them
    got = attempt(answer, 2.0, 3.0, what="add(2.0, 3.0)", expected="5.0")
    close(got, 5.0, "add(2.0, 3.0)")


def test_a_blank_is_no_answer_yet_in_one_line_naming_the_check(monkeypatch):
    monkeypatch.delenv(exercise.TRACEBACK_VARIABLE, raising=False)

    def blank(a, b):
        raise NotImplementedError("Exercise 0.1: add them")

    e = caught(check_sum, blank)
    line = verdict(e)
    assert line == (
        "check_sum: no answer yet: add(2.0, 3.0): expected 5.0, "
        "got NotImplementedError: Exercise 0.1: add them"
    )
    assert e._render_traceback_() == [line]  # what IPython shows in place of the traceback


def test_a_wrong_answer_says_wrong_and_an_error_in_it_says_how_to_see_where(monkeypatch):
    monkeypatch.delenv(exercise.TRACEBACK_VARIABLE, raising=False)
    line = verdict(caught(check_sum, lambda a, b: a - b))
    assert line == "check_sum: wrong answer: add(2.0, 3.0): expected 5.0 (within 1e-09), got -1.0"
    line = verdict(caught(check_sum, lambda a, b: a + c))  # noqa: F821 (the student's typo)
    assert line.startswith("check_sum: wrong answer: add(2.0, 3.0): expected 5.0, got NameError")
    assert line.endswith("(TINYGRAD_EDU_TRACEBACK=1 shows where)") and "\n" not in line


def test_the_full_traceback_on_request(monkeypatch):
    monkeypatch.setenv(exercise.TRACEBACK_VARIABLE, "1")
    lines = caught(check_sum, lambda a, b: a + c)._render_traceback_()  # noqa: F821
    text = "\n".join(lines)
    assert "Traceback" in text and "NameError" in text and "check_sum" in text
    assert len(lines) > 5


def student_script(number: int, folder: Path) -> Path:
    (path,) = LESSONS.glob(f"{number:02d}_*.py")
    script = folder / f"my{number:02d}.py"
    script.write_text(student_version(path.read_text(encoding="utf-8")), encoding="utf-8")
    return script


def run_alone(script: Path, **env: str) -> subprocess.CompletedProcess:
    """Run ``script`` from its own folder, with nothing of the checkout on the path."""
    drop = ("PYTHONPATH", exercise.TRACEBACK_VARIABLE, exercise.REVEAL_VARIABLE)
    clean = {k: v for k, v in os.environ.items() if k not in drop}
    clean |= {"TINYGRAD_EDU_LESSONS_OUT": str(script.parent / "out"), **env}
    return subprocess.run(
        [sys.executable, script.name],
        cwd=script.parent,
        env=clean,
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("number", [4, 10])  # a by-hand exercise and a prediction
def test_a_students_script_alone_in_a_folder_ends_in_one_line(number, tmp_path):
    proc = run_alone(student_script(number, tmp_path))
    assert proc.returncode == 1
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1 and VERDICT.fullmatch(err[0]), proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr


def test_a_students_script_shows_the_traceback_on_request(tmp_path):
    proc = run_alone(student_script(6, tmp_path), TINYGRAD_EDU_TRACEBACK="1")
    assert proc.returncode == 1
    assert "Traceback (most recent call last)" in proc.stderr
    assert "NotImplementedError: Exercise 6.1" in proc.stderr


def test_a_right_answer_ends_in_one_line_too(tmp_path):
    (path,) = LESSONS.glob("06_*.py")
    script = tmp_path / "06.py"
    script.write_text(teacher_version(path.read_text(encoding="utf-8")), encoding="utf-8")
    proc = run_alone(script)
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.strip().splitlines()[-1] == "check_grads: all good"


def test_other_errors_keep_their_traceback(tmp_path):
    script = tmp_path / "broken.py"
    script.write_text("import tinygrad_edu_lessons.exercise\n1 / 0\n", encoding="utf-8")
    proc = run_alone(script)
    assert proc.returncode == 1 and "Traceback" in proc.stderr
    assert proc.stderr.strip().endswith("ZeroDivisionError: division by zero")
