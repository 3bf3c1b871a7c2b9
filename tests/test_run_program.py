"""``tinygrad-edu run PROGRAM.py`` and ``python -m tinygrad_edu.run``: a PyTorch program with
``torch`` and every ``torch.*`` import bound to tinygrad_edu by an import hook."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tinygrad_edu import _as_torch

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-c", "import sys; from viz.cli import main; sys.exit(main())"]
MODULE = [sys.executable, "-m", "tinygrad_edu.run"]

PROGRAM = """\
import sys
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset
from torch import optim
from torch.autograd import grad

x = torch.tensor([-1.0, 2.0], requires_grad=True)
print(F.relu(x), type(x), isinstance(nn.Linear(2, 1), nn.Module), optim.SGD.__name__)
print(torch.nn.functional is F, torch.utils.data.DataLoader is DataLoader, grad.__name__)
print(sys.argv[1:], __name__, hasattr(torch, "run"), torch.__name__)
"""
EXPECTED = """\
tensor([0., 2.], grad_fn=<ReluBackward0>) <class 'torch.Tensor'> True SGD
True True grad
['--lr', '0.1', 'x'] __main__ False tinygrad_edu
"""


def _run(cmd: list[str], *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [*cmd, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("cmd", [[*CLI, "run"], MODULE], ids=["tinygrad-edu run", "python -m"])
def test_a_pytorch_program_runs_with_torch_bound_to_tinygrad_edu(tmp_path, cmd):
    (tmp_path / "prog.py").write_text(PROGRAM, encoding="utf-8")
    proc = _run(cmd, "prog.py", "--lr", "0.1", "x", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED


@pytest.mark.parametrize("cmd", [[*CLI, "run"], MODULE], ids=["tinygrad-edu run", "python -m"])
@pytest.mark.parametrize("name", ["missing.py", "."])
def test_bad_input_is_one_line_and_status_2(tmp_path, cmd, name):
    proc = _run(cmd, name, cwd=tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "error: cannot run" in lines[0], proc.stderr


def test_the_programs_own_errors_and_exit_status_are_its_own(tmp_path):
    (tmp_path / "fails.py").write_text("import torch\ntorch.ones(2) @ torch.ones(3)\n")
    (tmp_path / "exits.py").write_text("import sys\nsys.exit(3)\n")
    for cmd in ([*CLI, "run"], MODULE):
        failed = _run(cmd, "fails.py", cwd=tmp_path)
        assert failed.returncode == 1 and "Traceback" in failed.stderr
        assert failed.stderr.strip().splitlines()[-1].startswith("RuntimeError: ")
        assert _run(cmd, "exits.py", cwd=tmp_path).returncode == 3


def test_a_torch_module_tinygrad_edu_lacks_is_missing_as_python_says():
    with _as_torch.as_torch(), pytest.raises(ModuleNotFoundError) as e:
        import torch.fft  # noqa: F401
    assert e.value.name == "torch.fft"
    assert str(e.value) == "No module named 'torch.fft'"


def test_the_hook_gives_the_same_module_objects_and_comes_off_cleanly():
    import tinygrad_edu
    import tinygrad_edu.nn.functional

    spec = tinygrad_edu.__spec__
    with _as_torch.as_torch():
        import torch
        import torch.nn.functional as F  # noqa: N812

        assert torch is tinygrad_edu and F is tinygrad_edu.nn.functional
        assert repr(type(torch.ones(1))) == "<class 'torch.Tensor'>"
        assert repr(torch.Size) == "<class 'torch.Size'>"
    assert tinygrad_edu.__spec__ is spec  # the module keeps its own spec
    # unbound again (a real torch imported before comes back as it was)
    assert sys.modules.get("torch") is not tinygrad_edu
    assert sys.modules.get("torch.nn.functional") is not tinygrad_edu.nn.functional
    assert repr(tinygrad_edu.Tensor) == "<class 'tinygrad_edu._tensor.tensor.Tensor'>"
    assert not hasattr(tinygrad_edu, "run")


def test_the_surface_classes_print_under_pytorchs_modules_while_the_hook_is_on():
    import tinygrad_edu

    linear, sgd = tinygrad_edu.nn.Linear, tinygrad_edu.optim.SGD
    with _as_torch.as_torch():
        import torch.nn.modules.linear as modules_linear

        assert repr(type(linear(2, 2))) == "<class 'torch.nn.modules.linear.Linear'>"
        assert repr(sgd) == "<class 'torch.optim.sgd.SGD'>"
        assert modules_linear.Linear is linear  # PyTorch's module path finds the class
    assert linear.__module__ == "tinygrad_edu.nn.layers"
    assert sgd.__module__ == "tinygrad_edu.optim.sgd"


def test_older_tutorials_imports_of_the_data_modules_find_the_classes(tmp_path):
    # `from torch.utils.data.sampler import SubsetRandomSampler`: the pre-1.0 tutorials' spelling
    program = (
        "from torch.utils.data.sampler import SubsetRandomSampler, BatchSampler\n"
        "from torch.utils.data.dataset import random_split, ConcatDataset\n"
        "import torch\n"
        "print(SubsetRandomSampler is torch.utils.data.SubsetRandomSampler, BatchSampler)\n"
        "print(random_split is torch.utils.data.random_split, ConcatDataset)\n"
    )
    (tmp_path / "prog.py").write_text(program, encoding="utf-8")
    proc = _run(MODULE, "prog.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "True <class 'torch.utils.data.sampler.BatchSampler'>\n"
        "True <class 'torch.utils.data.dataset.ConcatDataset'>\n"
    )


@pytest.mark.parity
def test_the_class_modules_are_pytorchs():
    torch = pytest.importorskip("torch")
    for path, module in _as_torch.TORCH_MODULES.items():
        cls = torch
        for part in path.split("."):
            cls = getattr(cls, part)
        assert cls.__module__ == module, path
