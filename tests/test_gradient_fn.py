"""torch.gradient with uniform spacing: PyTorch's central and edge differences (the values
below are PyTorch 2.13's), its grad (CatBackward0) and errors; the ``parity`` test compares
random samples bit for bit with PyTorch itself."""

from __future__ import annotations

import random

import pytest

import tinygrad_edu as torch


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_values_grads_and_errors_are_pytorchs(dt):
    t = torch.tensor([4.0, 1.0, 1.0, 16.0], dtype=dt, requires_grad=True)
    (g,) = torch.gradient(t)
    assert g.tolist() == [-3.0, -1.5, 7.5, 15.0] and g.grad_fn.name() == "CatBackward0"
    g.sum().backward()
    assert t.grad.tolist() == [-1.5, 0.5, -0.5, 1.5]
    m = torch.tensor([[1.0, 2.0, 4.0, 8.0], [10.0, 20.0, 40.0, 80.0]], dtype=dt)
    rows, _ = torch.gradient(m, spacing=[0.5, 3.0], dim=[0, 1])
    assert rows.tolist() == [[18.0, 36.0, 72.0, 144.0]] * 2
    assert torch.gradient(m, dim=-1, edge_order=2)[0].tolist() == [[0.5, 1.5, 3.0, 5.0],
                                                                   [5.0, 15.0, 30.0, 50.0]]  # fmt: skip
    assert torch.gradient(torch.tensor([1, 2, 4]))[0].tolist() == [1.0, 1.5, 2.0]
    with pytest.raises(RuntimeError, match=r"each dimension size to be at least edge_order\+1"):
        torch.gradient(torch.tensor([1.0, 2.0], dtype=dt), edge_order=2)
    with pytest.raises(RuntimeError, match="only supports edge_order=1 and edge_order=2"):
        torch.gradient(t, edge_order=3)
    with pytest.raises(RuntimeError, match="but got a list of length 2"):
        torch.gradient(t, spacing=[1.0, 2.0])


@pytest.mark.parity
@pytest.mark.parametrize("dt", ["float32", "float64"])
def test_parity_random_samples(dt):
    real = pytest.importorskip("torch")
    rng = random.Random(5)
    for _ in range(50):
        shape = (rng.randint(3, 5), rng.randint(3, 6))
        data = [[rng.uniform(-3, 3) for _ in range(shape[1])] for _ in range(shape[0])]
        h = rng.choice([1, 0.3, 2.5, [0.7, 1.9]])
        order = rng.choice([1, 2])
        got = torch.gradient(torch.tensor(data, dtype=getattr(torch, dt)), spacing=h,
                             edge_order=order)  # fmt: skip
        want = real.gradient(real.tensor(data, dtype=getattr(real, dt)), spacing=h,
                             edge_order=order)  # fmt: skip
        assert [g.tolist() for g in got] == [w.tolist() for w in want]
