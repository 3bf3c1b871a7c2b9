"""``nn.CrossMapLRN2d`` (PyTorch's custom Function, op for op) and ``torch.addcmul``'s fused
rounding, against PyTorch's values (stored by tests/data/make_cross_map_lrn_cases.py)."""

import json
import math
from pathlib import Path

import pytest

import tinygrad_edu as torch

CASES = json.loads((Path(__file__).parent / "data" / "cross_map_lrn_cases.json").read_text())


def _flat(x):
    return [v for row in x for v in _flat(row)] if isinstance(x, list) else [x]


def _close(got, want, dtype):
    if dtype == "float32":  # bit for bit
        return got == want
    # float64: PyTorch's vector blocks take Sleef's double pow, correctly rounded here
    return all(math.isclose(a, b, rel_tol=1e-14, abs_tol=1e-17) for a, b in zip(got, want))


@pytest.mark.parametrize("case", CASES["cross_map_lrn"], ids=lambda c: f"{c['dtype']}-{c['size']}")
def test_outputs_and_grads_as_pytorch(case):
    dtype = getattr(torch, case["dtype"])
    x = torch.tensor(case["x"], dtype=dtype, requires_grad=True)
    y = torch.nn.CrossMapLRN2d(case["size"], alpha=0.3, beta=0.75, k=1.5)(x)
    y.backward(torch.tensor(case["g"], dtype=dtype))
    assert _close(_flat(y.tolist()), _flat(case["y"]), case["dtype"])
    assert _close(_flat(x.grad.tolist()), _flat(case["grad"]), case["dtype"])


def test_module_prints_and_checks_as_pytorch():
    m = torch.nn.CrossMapLRN2d(3, alpha=1e-2, beta=0.75, k=1)
    assert repr(m) == "CrossMapLRN2d(3, alpha=0.01, beta=0.75, k=1)"
    y = m(torch.ones(1, 2, 1, 1, requires_grad=True))
    assert type(y.grad_fn).__name__ == "CrossMapLRN2dBackward"
    assert repr(y.grad_fn).startswith("<torch.autograd.function.CrossMapLRN2dBackward object at ")
    with pytest.raises(
        ValueError, match=r"^CrossMapLRN2d: Expected input to be 4D, got 2D instead\.$"
    ):
        m(torch.ones(2, 3))


@pytest.mark.parametrize("case", CASES["addcmul"], ids=lambda c: c["dtype"])
def test_addcmul_rounds_value_times_t1_then_fuses(case):
    dtype = getattr(torch, case["dtype"])
    a, b, c = (torch.tensor(case[k], dtype=dtype) for k in "abc")
    assert torch.addcmul(a, b, c, value=-0.37).tolist() == case["out"]
    assert a.addcmul(b, c, value=-0.37).tolist() == case["out"]
