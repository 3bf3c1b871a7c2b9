"""scatter_reduce and index_reduce (every reduce, include_self or not, in place and not):
values, grads and grad_fn names against cases PyTorch 2.13 computed
(tests/data/reduce_ops_cases.json, made by tests/data/make_reduce_ops_cases.py), the grads of
the smooth reductions against central differences, PyTorch's errors, and (``parity``) many
random cases with ties, zeros and nans against PyTorch itself."""

from __future__ import annotations

import json
import math
import random
import re
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tinygrad_edu as torch

CASES = json.loads((Path(__file__).parent / "data" / "reduce_ops_cases.json").read_text())
NAN = float("nan")


def _run(mod, fn, how, inc, xs, ss, idx, d, dt):
    x = mod.tensor(xs, dtype=getattr(mod, dt), requires_grad=True)
    s = mod.tensor(ss, dtype=getattr(mod, dt), requires_grad=True)
    i = mod.tensor(idx)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # index_reduce's beta warning
        y = (x.scatter_reduce if fn == "scatter" else x.index_reduce)(
            d, i, s, how, include_self=inc
        )
    g = mod.arange(1, y.numel() + 1, dtype=y.dtype).reshape(y.shape) / 3
    y.backward(g)
    return y, x.grad, s.grad


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}-{c[7]}")
def test_values_and_grads_are_pytorchs(case):
    *args, y_str, y_list, gx, gs = case
    y, xg, sg = _run(torch, *args)
    assert str(y) == y_str
    assert repr(y.tolist()) == y_list
    assert repr(xg.tolist()) == gx and repr(sg.tolist()) == gs


@pytest.mark.parametrize("dt", [torch.float32, torch.float64])
def test_in_place_forms_and_the_torch_functions(dt):
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dtype=dt, requires_grad=True)
    z = x * 1
    src = torch.tensor([[10.0, 20.0], [50.0, 60.0]], dtype=dt, requires_grad=True)
    z.scatter_reduce_(1, torch.tensor([[0, 1], [1, 0]]), src, "amax", include_self=False)
    assert type(z.grad_fn).__name__ == "ScatterReduceBackward0" and z._version == 1
    assert z.tolist() == [[10.0, 20.0, 3.0], [60.0, 50.0, 6.0]]
    z.sum().backward()
    assert x.grad.tolist() == [[0.0, 0.0, 1.0], [0.0, 0.0, 1.0]]
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        x.scatter_reduce_(1, torch.tensor([[0]]), src, "sum")
    w = x.detach().clone()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        w.index_reduce_(1, torch.tensor([2, 2]), torch.tensor([[3.0, 5.0], [9.0, 1.0]], dtype=dt),
                        "amin")  # fmt: skip
        r = torch.index_reduce(x, 0, torch.tensor([1]), torch.ones(1, 3, dtype=dt), "prod")
    assert w.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 1.0]]
    assert type(r.grad_fn).__name__ == "IndexReduceBackward0"
    y = torch.scatter_reduce(x, 0, torch.tensor([[1, 1, 0]]), src[:1, :1].expand(1, 3), "sum")
    assert y.tolist() == [[1.0, 2.0, 13.0], [14.0, 15.0, 6.0]]


def test_integer_tensors_reduce_as_pytorchs():
    x = torch.tensor([1, 2, 3])
    i = torch.tensor([0, 0, 1])
    assert x.scatter_reduce(0, i, torch.tensor([4, 5, 6]), "mean").tolist() == [3, 4, 3]
    assert x.scatter_reduce(0, i, torch.tensor([-4, 5, 6]), "mean", include_self=False).tolist() == [
        0, 6, 3
    ]  # fmt: skip
    assert torch.tensor([200], dtype=torch.uint8).scatter_reduce(
        0, torch.tensor([0]), torch.tensor([100], dtype=torch.uint8), "sum"
    ).tolist() == [44]  # C's integers wrap around


ERRORS = [
    (lambda x, s, i: x.scatter_reduce(0, i, s, "foo"),
     "reduce argument must be either sum, prod, mean, amax or amin, got foo"),
    (lambda x, s, i: x.scatter_reduce(0, i, s.double(), "sum"),
     "scatter(): Expected self.dtype to be equal to src.dtype"),
    (lambda x, s, i: x.scatter_reduce(0, torch.tensor([0, 9]), s, "sum"),
     "index 9 is out of bounds for dimension 0 with size 4"),
    (lambda x, s, i: x.scatter_reduce(0, i.reshape(1, 5), s, "sum"),
     "Index tensor must have the same number of dimensions as self tensor"),
    (lambda x, s, i: x.scatter_reduce(0, torch.tensor([0, 1, 2, 3, 0, 1]), s, "sum"),
     "Expected index [6] to be no larger than self [4] apart from dimension 0 and to be "
     "no larger size than src [5]"),
    (lambda x, s, i: x.index_reduce(0, i, s, "sum"),
     "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got sum."),
    (lambda x, s, i: x.index_reduce(0, torch.tensor([0, 1]), s, "prod"),
     "index_reduce_(): Number of indices (2) should be equal to source.size(dim): (5), "
     "for dim: 0"),
    (lambda x, s, i: x.index_reduce(0, torch.tensor([0, 1]), s[:2].double(), "prod"),
     "index_reduce_(): self (Float) and source (Double) must have the same scalar type"),
]  # fmt: skip


@pytest.mark.parametrize("k", range(len(ERRORS)))
def test_errors_are_pytorchs(k):
    fn, message = ERRORS[k]
    x, s = torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([5.0, 6.0, 7.0, 8.0, 9.0])
    with pytest.raises(RuntimeError, match=re.escape(message)):
        fn(x, s, torch.tensor([0, 1, 0, 1, 3]))
    with pytest.raises(IndexError, match="index out of range in self"):
        x.index_reduce(0, torch.tensor([0, 7]), s[:2], "prod")
    with pytest.raises(TypeError, match="argument 'include_self' must be bool, not int"):
        x.scatter_reduce(0, torch.tensor([0]), s, "sum", include_self=1)


def test_a_source_larger_than_the_index_has_no_gradient_pytorchs_engine_refuses():
    x = torch.zeros(2, 3, requires_grad=True)
    src = torch.ones(3, 4, requires_grad=True)
    y = torch.scatter_reduce(x, 0, torch.tensor([[0, 1], [1, 0]]), src, reduce="mean")
    with pytest.raises(RuntimeError, match=r"got \[2, 2\] but expected shape compatible with"):
        y.sum().backward()


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["sum", "prod", "mean"]),
    st.booleans(),
    st.lists(st.floats(0.5, 3.0), min_size=9, max_size=9),
    st.lists(st.integers(0, 2), min_size=4, max_size=4),
)
def test_smooth_reductions_have_central_difference_gradients(how, inc, nums, idx):
    xs, ss = nums[:4], nums[4:8]
    index = torch.tensor(idx)

    def f(a, b):
        return (a.scatter_reduce(0, index, b, how, include_self=inc) * torch.tensor(
            [1.0, -2.0, 0.5, 3.0], dtype=torch.float64)).sum()  # fmt: skip

    x = torch.tensor(xs, dtype=torch.float64, requires_grad=True)
    s = torch.tensor(ss, dtype=torch.float64, requires_grad=True)
    f(x, s).backward()
    h = 1e-6

    def at(a, b):
        return f(torch.tensor(a, dtype=torch.float64), torch.tensor(b, dtype=torch.float64)).item()

    for k in range(4):
        for first in (True, False):
            up, down = list(xs if first else ss), list(xs if first else ss)
            up[k] += h
            down[k] -= h
            if first:
                want = (at(up, ss) - at(down, ss)) / (2 * h)
            else:
                want = (at(xs, up) - at(xs, down)) / (2 * h)
            got = (x if first else s).grad[k].item()
            assert math.isclose(got, want, rel_tol=1e-5, abs_tol=1e-6)


@pytest.mark.parity
def test_parity_random_cases_with_ties_zeros_and_nans():
    real = pytest.importorskip("torch")
    rng = random.Random(7)
    pool = [0.0, -0.0, 1.0, 2.0, -1.5, 0.5, 3.0, NAN, math.inf, -2.0, 7.25]
    for _ in range(400):
        fn = rng.choice(["scatter", "index"])
        hows = ["sum", "prod", "mean", "amax", "amin"] if fn == "scatter" else [
            "prod", "mean", "amax", "amin"]  # fmt: skip
        how, inc = rng.choice(hows), rng.random() < 0.5
        dt = rng.choice(["float32", "float64"])
        n, m, k = rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 5)
        xs = [[rng.choice(pool) for _ in range(m)] for _ in range(n)]
        ss = [[rng.choice(pool) for _ in range(m)] for _ in range(k)]
        if fn == "scatter":
            idx = [[rng.randrange(n) for _ in range(m)] for _ in range(k)]
        else:
            idx = [rng.randrange(n) for _ in range(k)]
        got = [str(t) for t in _run(torch, fn, how, inc, xs, ss, idx, 0, dt)]
        want = [str(t) for t in _run(real, fn, how, inc, xs, ss, idx, 0, dt)]
        assert got == want, (fn, how, inc, dt, xs, ss, idx)
