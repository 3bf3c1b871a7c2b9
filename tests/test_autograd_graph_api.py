"""torch.autograd.graph and its neighbours: saved-tensor hooks in PyTorch's order (the lines
below are what PyTorch 2.13 printed for the same program), Node, register_multi_grad_hook,
the autograd submodules' names; Tensor.detach_, register_post_accumulate_grad_hook,
resize/resize_as; torch.asarray, fill, set_warn_always, the float32 matmul precision.
The ``parity`` test runs a program under both."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tinygrad_edu as torch

PROGRAM = """
import torch
def pack_hook(x):
    print("Packing", x)
    return x
def unpack_hook(x):
    print("Unpacking", x)
    return x
a = torch.ones(2, requires_grad=True)
b = torch.ones(2, requires_grad=True) * 2
with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
    y = a * b
    z = y.exp()
    w = (z ** 2).sin()
    s = w.sum() + (a / b).sum() + (a * 3).sum()
print("backward")
s.backward()
x = torch.ones(2, requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 10, lambda t: t / 10):
    q = x.pow(2)
print(q.grad_fn._saved_self)
q.sum().backward()
print(x.grad)
"""
# PyTorch 2.13's output of PROGRAM
WANT = """Packing tensor([2., 2.], grad_fn=<MulBackward0>)
Packing tensor([1., 1.], requires_grad=True)
Packing tensor([7.3891, 7.3891], grad_fn=<ExpBackward0>)
Packing tensor([7.3891, 7.3891], grad_fn=<ExpBackward0>)
Packing tensor([54.5982, 54.5982], grad_fn=<PowBackward0>)
Packing tensor([2., 2.], grad_fn=<MulBackward0>)
Packing tensor([1., 1.], requires_grad=True)
backward
Unpacking tensor([2., 2.], grad_fn=<MulBackward0>)
Unpacking tensor([1., 1.], requires_grad=True)
Unpacking tensor([54.5982, 54.5982], grad_fn=<PowBackward0>)
Unpacking tensor([7.3891, 7.3891], grad_fn=<ExpBackward0>)
Unpacking tensor([7.3891, 7.3891], grad_fn=<ExpBackward0>)
Unpacking tensor([2., 2.], grad_fn=<MulBackward0>)
Unpacking tensor([1., 1.], requires_grad=True)
tensor([1., 1.], requires_grad=True)
tensor([2., 2.])
"""


def test_saved_tensor_hooks_pack_and_unpack_in_pytorchs_order():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(PROGRAM.replace("import torch", ""), {"torch": torch})
    assert out.getvalue() == WANT


def test_saved_tensors_are_freed_after_backward_and_hooks_can_be_refused():
    a = torch.ones(2, requires_grad=True)
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
        y = a.exp()
    y.sum().backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.grad_fn._saved_result
    refused = torch.autograd.graph.disable_saved_tensors_hooks("no hooks here")
    with refused, pytest.raises(RuntimeError, match="no hooks here"):
        torch.autograd.graph.saved_tensors_hooks(print, print).__enter__()
    a.grad = None
    with torch.autograd.graph.save_on_cpu():
        r = (a * a).sin()
    r.sum().backward()
    assert [round(v, 4) for v in a.grad.tolist()] == [1.0806, 1.0806]


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_node_and_the_multi_grad_hook(dt):
    a = torch.tensor([1.0, 2.0], dtype=dt, requires_grad=True)
    b = torch.tensor([3.0, 4.0], dtype=dt, requires_grad=True)
    assert isinstance((a * b).grad_fn, torch.autograd.graph.Node)
    assert not isinstance(a.grad_fn, torch.autograd.graph.Node)
    seen = []
    h = torch.autograd.graph.register_multi_grad_hook((a, b), lambda gs: seen.append(gs))
    (a * b).sum().backward()
    assert [g.tolist() for g in seen[0]] == [[3.0, 4.0], [1.0, 2.0]]
    h.remove()
    (a * b).sum().backward()
    assert len(seen) == 1


def test_the_autograd_submodules_have_pytorchs_names():
    from tinygrad_edu.autograd.anomaly_mode import detect_anomaly
    from tinygrad_edu.autograd.function import Function, once_differentiable
    from tinygrad_edu.autograd.grad_mode import no_grad

    from tinygrad_edu.autograd import Variable, variable

    assert Variable is variable.Variable and Function is torch.autograd.Function
    assert no_grad is torch.no_grad and detect_anomaly is torch.autograd.detect_anomaly
    assert torch.autograd.is_tensor_like(torch.ones(1)) and not torch.autograd.is_tensor_like(3)

    class Double(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        @once_differentiable
        def backward(ctx, g):
            return g * 2

    x = torch.ones(2, requires_grad=True)
    Double.apply(x).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_detach_in_place(dt):
    x = torch.tensor([1.0, 2.0, 3.0], dtype=dt, requires_grad=True)
    y = x * 2
    assert y.detach_() is y
    assert (y.requires_grad, y.grad_fn, y.is_leaf, y.tolist()) == (False, None, True, [2, 4, 6])
    with pytest.raises(RuntimeError, match="Can't detach views in-place"):
        (x * 2)[1:].detach_()
    x.detach_()
    assert not x.requires_grad


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_post_accumulate_grad_hook_sees_the_accumulated_grad(dt):
    x = torch.tensor([1.0, 2.0, 3.0], dtype=dt, requires_grad=True)
    seen = []
    h = x.register_post_accumulate_grad_hook(lambda t: seen.append((t is x, t.grad.tolist())))
    (x * 3).sum().backward()
    (x * 3).sum().backward()
    h.remove()
    (x * 3).sum().backward()
    assert seen == [(True, [3.0, 3.0, 3.0]), (True, [6.0, 6.0, 6.0])]
    with pytest.raises(RuntimeError, match="cannot be registered on non-leaf tensors"):
        (x * 1).register_post_accumulate_grad_hook(print)
    with pytest.raises(RuntimeError, match="doesn't require gradient"):
        torch.ones(2).register_post_accumulate_grad_hook(print)


def test_resize_asarray_fill_and_the_switches():
    w = torch.arange(6.0).requires_grad_()
    with pytest.warns(UserWarning, match="non-inplace resize is deprecated"):
        r = w.resize(2, 3)
    assert str(r) == "tensor([[0., 1., 2.],\n        [3., 4., 5.]], grad_fn=<ResizeBackward>)"
    r.sum().backward()
    assert w.grad.tolist() == [1.0] * 6
    with pytest.warns(UserWarning, match="non-inplace resize_as is deprecated"):
        assert w.resize_as(torch.zeros(3, 2)).shape == (3, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(RuntimeError, match=r"requested resize to 4 \(4 elements in total\)"):
            w.resize(4)
    a = torch.tensor([1, 2])
    assert torch.asarray(a) is a and torch.asarray(a, copy=True) is not a
    assert str(torch.asarray(a, dtype=torch.float32)) == "tensor([1., 2.])"
    assert str(torch.asarray([1.5, 2])) == "tensor([1.5000, 2.0000])"
    with pytest.raises(ValueError, match="can't alias tensor with dtype 'Long' into dtype"):
        torch.asarray(a, copy=False, dtype=torch.float32)
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    assert str(torch.fill(x, 2.0)) == "tensor([2., 2., 2.], grad_fn=<FillBackward0>)"
    assert str(torch.fill(torch.tensor([1, 2]), 2.5)) == "tensor([2, 2])"
    assert torch.is_warn_always_enabled() is False
    torch.set_warn_always(True)
    assert torch.is_warn_always_enabled() is True
    torch.set_warn_always(False)
    assert torch.get_float32_matmul_precision() == "highest"
    torch.set_float32_matmul_precision("high")
    assert torch.get_float32_matmul_precision() == "high"
    with pytest.warns(UserWarning, match="low is not one of 'highest', 'high', or 'medium'"):
        torch.set_float32_matmul_precision("low")
    torch.set_float32_matmul_precision("highest")


@pytest.mark.parity
def test_parity_saved_tensor_hooks_program(tmp_path):
    pytest.importorskip("torch")
    path = Path(tmp_path) / "hooks.py"
    path.write_text(PROGRAM)
    real = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, check=True)
    assert real.stdout == WANT
