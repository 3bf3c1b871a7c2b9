"""The built wheel carries the lessons: installed in a clean venv, `tinygrad-edu lesson` works
from an empty folder, with no checkout in sight."""

from __future__ import annotations

import os
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


def test_a_lesson_runs_from_an_empty_folder_after_pip_install(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)  # a clean venv: the wheel and its dependencies only
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "--quiet",
            str(wheel),
        ]
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TINYGRAD_EDU_LESSONS_DIR")
    }
    env["TINYGRAD_EDU_LESSONS_OUT"] = str(empty / "out")
    where = run(
        [str(python), "-c", "import viz, tinygrad_edu; print(viz.__file__, tinygrad_edu.__file__)"],
        cwd=empty,
        env=env,
    ).stdout
    assert str(ROOT) not in where  # the installed copy, not the checkout
    listing = run([str(bindir / "tinygrad-edu"), "lesson"], cwd=empty, env=env).stdout
    assert "01_slope.py" in listing and "18_" in listing
    out = run([str(bindir / "tinygrad-edu"), "lesson", "1"], cwd=empty, env=env).stdout
    assert "check_central_difference: all good" in out
    assert (empty / "out" / "01" / "tangent.svg").is_file()
    student = run([str(bindir / "tinygrad-edu"), "lesson", "6", "--student"], cwd=empty, env=env)
    assert "NotImplementedError" in student.stdout
