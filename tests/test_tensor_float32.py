"""float32 arithmetic: every result of a float32 tensor op rounded to float32, as PyTorch's CPU
kernels round it (``kernels.set_float32_arithmetic(True)``; off by default for now).

``tests/float32/*.py`` are programs whose ``.out`` is PyTorch's output (``python prog.py``
under torch); with float32 arithmetic on they print the same, ``.item()`` bits included.
"""

from __future__ import annotations

import struct
import subprocess
import sys
from pathlib import Path

import pytest

import tinygrad_edu as torch
from tinygrad_edu._tensor import kernels

HERE = Path(__file__).resolve().parent / "float32"
PROGRAMS = sorted(HERE.glob("*.py"))
RUN = (
    "import sys, tinygrad_edu._tensor.kernels as k; k.set_float32_arithmetic(True); "
    "from tinygrad_edu._as_torch import run_program; run_program(sys.argv[1])"
)


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


@pytest.fixture
def float32_on():
    was = kernels.float32_arithmetic()
    kernels.set_float32_arithmetic(True)
    yield
    kernels.set_float32_arithmetic(was)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_program_prints_what_pytorch_prints(program):
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.run([sys.executable, "-c", RUN, str(program)], capture_output=True,
                          text=True, cwd=root, env={"PYTHONPATH": str(root)}, timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == program.with_suffix(".out").read_text(encoding="utf-8")


def test_results_are_rounded_once_through_the_kernel_table(float32_on, monkeypatch):
    a, b = torch.tensor([0.1, 0.7]), torch.tensor([0.2, 0.3])
    assert [v.data for v in a.elements()] == [f32(0.1), f32(0.7)]
    assert (a + b).tolist() == [f32(f32(0.1) + f32(0.2)), f32(f32(0.7) + f32(0.3))]
    assert [v.data for v in (a * 3).elements()] == [f32(f32(0.1) * 3), f32(f32(0.7) * 3)]
    seen = []
    monkeypatch.setitem(kernels.FLOAT32, "add", lambda d: seen.append(d) or d)
    a + b
    assert seen  # the one place a float32 kernel is chosen
    d = torch.tensor([0.1, 0.7], dtype=torch.float64) + 0.2
    assert [v.data for v in d.elements()] == [0.1 + 0.2, 0.7 + 0.2]  # float64 stays float64


def test_gradients_of_float32_leaves_are_float32(float32_on):
    x = torch.tensor([0.3, 0.9], requires_grad=True)
    (x * 0.1).sum().backward()
    assert all(f32(v.data) == v.data for v in x.grad.elements())


def test_on_by_default_and_float32_reads_round_either_way():
    assert kernels.float32_arithmetic()  # PyTorch's way: every float32 result rounded
    t = torch.tensor([0.1])
    assert t.item() == f32(0.1) and t.double().item() == f32(0.1)


@pytest.mark.parametrize("loss", ["mse", "cross_entropy", "bce_with_logits"])
def test_a_second_backward_through_a_composed_loss_raises_as_pytorch(loss):
    """The float32 pass frees what a composed node (nn.Linear's addmm, the losses) saved, as the
    scalar pass did and PyTorch does; retain_graph=True keeps it."""
    torch.manual_seed(0)
    lin = torch.nn.Linear(3, 2)
    out = lin(torch.randn(4, 3))
    F = torch.nn.functional
    fn = {
        "mse": lambda: F.mse_loss(out, torch.zeros(4, 2)),
        "cross_entropy": lambda: F.cross_entropy(out, torch.tensor([0, 1, 1, 0])),
        "bce_with_logits": lambda: F.binary_cross_entropy_with_logits(out, torch.zeros(4, 2)),
    }[loss]
    kept = fn()
    kept.backward(retain_graph=True)
    kept.backward()
    l = fn()  # noqa: E741 - the tutorials' name
    l.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        l.backward()
