"""The built wheel carries the lessons: installed in a clean venv, `tinygrad-edu lesson` works
from an empty folder, with no checkout in sight."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # builds a wheel and a venv: about a minute


def run(args, **kwargs):
    proc = subprocess.run(args, capture_output=True, text=True, **kwargs)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(ROOT)])
    (path,) = out.glob("tinygrad_edu-*.whl")
    return path


def test_the_wheel_holds_every_lesson_and_its_helpers(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for lesson in [*sorted(ROOT.glob("lessons/*.py")), ROOT / "lessons" / "README.md"]:
        assert f"tinygrad_edu_lessons/{lesson.name}" in names


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A clean venv holding the wheel and its dependencies only; returns its bin folder."""
    env_dir = tmp_path_factory.mktemp("venv")
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    run([str(bindir / "python"), "-m", "pip", "install", "--quiet", str(wheel)])
    return bindir


def clean_env(out: Path) -> dict[str, str]:
    drop = ("PYTHONPATH", "TINYGRAD_EDU_LESSONS_DIR", "TINYGRAD_EDU_TRACEBACK")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["TINYGRAD_EDU_LESSONS_OUT"] = str(out)
    return env


def test_a_lesson_runs_from_an_empty_folder_after_pip_install(installed, tmp_path):
    bindir = installed
    python = bindir / "python"
    empty = tmp_path / "empty"
    empty.mkdir()
    env = clean_env(empty / "out")
    where = run(
        [str(python), "-c", "import viz, tinygrad_edu; print(viz.__file__, tinygrad_edu.__file__)"],
        cwd=empty,
        env=env,
    ).stdout
    assert str(ROOT) not in where  # the installed copy, not the checkout
    listing = run([str(bindir / "tinygrad-edu"), "lesson"], cwd=empty, env=env).stdout
    assert "01_slope.py" in listing and "23_your_own_mlp_moons.py" in listing
    out = run([str(bindir / "tinygrad-edu"), "lesson", "1"], cwd=empty, env=env).stdout
    assert "check_central_difference: all good" in out
    assert (empty / "out" / "01" / "tangent.svg").is_file()
    student = run([str(bindir / "tinygrad-edu"), "lesson", "6", "--student"], cwd=empty, env=env)
    assert "NotImplementedError" in student.stdout


LESSON_NUMBERS = sorted(int(p.name[:2]) for p in ROOT.glob("lessons/[0-9][0-9]_*.py"))
VERDICT = re.compile(r"check_\w+: no answer yet: .*expected .*, got .*")


def test_every_students_script_runs_alone_and_ends_in_one_line(installed, tmp_path):
    """`tinygrad-edu lesson N --student > myN.py && python myN.py` in an empty folder, for every
    lesson: each runs up to its exercise and stops there on one line, with no traceback."""
    ended = []
    for n in LESSON_NUMBERS:
        folder = tmp_path / f"student{n:02d}"
        folder.mkdir()
        env = clean_env(tmp_path / "out")
        script = run([str(installed / "tinygrad-edu"), "lesson", str(n), "--student"], cwd=folder)
        (folder / f"my{n:02d}.py").write_text(script.stdout, encoding="utf-8")
        proc = subprocess.run(
            [str(installed / "python"), f"my{n:02d}.py"],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
        )
        err = proc.stderr.strip().splitlines()
        if proc.returncode == 1 and len(err) == 1 and VERDICT.fullmatch(err[0]):
            ended.append(n)
        else:
            print(f"lesson {n}: status {proc.returncode}, stderr {proc.stderr[-1500:]}")
        assert sorted(p.name for p in folder.iterdir()) == [f"my{n:02d}.py"]  # nothing beside it
    assert ended == LESSON_NUMBERS, f"{len(ended)}/{len(LESSON_NUMBERS)} ended in one line"
