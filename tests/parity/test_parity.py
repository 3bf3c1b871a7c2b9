"""The parity corpus: each program prints the same under tinygrad_edu as under PyTorch.

Every program in ``programs/`` is run in a fresh interpreter, once with real torch and once with
``tinygrad_edu`` bound to the name ``torch`` (``run_program.py``), and the outputs are compared
with object addresses masked. ``programs/NN_name.out`` holds torch's output (``regen.py``), so the
comparison also runs without torch, in plain ``make test``.
"""

from __future__ import annotations

import difflib
import functools
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from corpus import PROGRAMS, expected_path, run

# Programs whose tinygrad_edu output does not match torch's yet, with the reason. The one place
# to shrink as the tensor layer grows: `pytest -rX tests/parity` lists the ones that now pass
# (XPASS), and `python tests/parity/regen.py --triage` prints a fresh list.
XFAIL: dict[str, str] = {}


def _params(programs: list[Path]) -> list:
    return [
        pytest.param(p, id=p.stem, marks=[pytest.mark.xfail(reason=XFAIL[p.stem], strict=False)])
        if p.stem in XFAIL
        else pytest.param(p, id=p.stem)
        for p in programs
    ]


@functools.cache
def _torch_runs() -> dict[Path, object]:
    """Every program under torch, once per session and in parallel: importing torch is slow."""
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return dict(zip(PROGRAMS, pool.map(lambda p: run(p, "torch"), PROGRAMS)))


def _torch_run(program: Path):
    return _torch_runs()[program]


def _diff(expected: str, actual: str, *, label: str) -> str:
    lines = difflib.unified_diff(
        expected.splitlines(True), actual.splitlines(True), label, "tinygrad_edu", n=2
    )
    return "output differs:\n" + "".join(lines)


def _check(program: Path, expected: str, *, label: str) -> None:
    proc = run(program, "tinygrad_edu")
    stderr_tail = "\n".join(proc.stderr.strip().splitlines()[-8:])
    assert proc.returncode == 0, f"exit {proc.returncode}\n{stderr_tail}\n{proc.stdout}"
    assert proc.stdout == expected, _diff(expected, proc.stdout, label=label)


@pytest.mark.parametrize("program", _params(PROGRAMS))
def test_matches_stored_torch_output(program):
    _check(program, expected_path(program).read_text(encoding="utf-8"), label="torch (stored)")


@pytest.mark.parity
@pytest.mark.parametrize("program", _params(PROGRAMS))
def test_matches_live_torch(program):
    pytest.importorskip("torch")
    proc = _torch_run(program)
    assert proc.returncode == 0, proc.stderr
    _check(program, proc.stdout, label="torch")


@pytest.mark.parity
@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_stored_output_is_current(program):
    pytest.importorskip("torch")
    stored = expected_path(program).read_text(encoding="utf-8")
    live = _torch_run(program).stdout
    assert live == stored, "run tests/parity/regen.py\n" + _diff(stored, live, label="stored")


def test_corpus_is_complete():
    assert len(PROGRAMS) >= 40
    for program in PROGRAMS:
        lines = program.read_text(encoding="utf-8").splitlines()
        assert "import torch" in lines[:3], f"{program.name}: `import torch` belongs at the top"
        assert expected_path(program).exists(), f"{program.name}: run tests/parity/regen.py"
    assert set(XFAIL) <= {p.stem for p in PROGRAMS}, "XFAIL names a program that does not exist"
