"""``optim.Muon`` against PyTorch's steps, and the half-precision ``addmm`` and ``norm`` its
Newton–Schulz iteration runs on (stored by tests/data/make_muon_cases.py)."""

import json
from pathlib import Path

import pytest

import tinygrad_edu as torch

CASES = json.loads((Path(__file__).parent / "data" / "muon_cases.json").read_text())


def _id(case: dict) -> str:
    return f"{case['dtype']}-{'x'.join(map(str, case['shape']))}-{sorted(case['options'])}"


@pytest.mark.parametrize("case", CASES["muon"], ids=_id)
def test_muon_steps_as_pytorch(case):
    dtype, shape = getattr(torch, case["dtype"]), case["shape"]
    p = torch.nn.Parameter(torch.tensor(case["start"], dtype=dtype).reshape(shape))
    options = dict(case["options"])
    if "ns_coefficients" in options:
        options["ns_coefficients"] = tuple(options["ns_coefficients"])
    opt = torch.optim.Muon([p], **{"lr": 0.02, **options})
    for g in case["grads"]:
        p.grad = torch.tensor(g, dtype=dtype).reshape(shape)
        opt.step()
    assert p.detach().reshape(-1).tolist() == case["param"]
    assert opt.state[p]["momentum_buffer"].reshape(-1).tolist() == case["momentum_buffer"]


@pytest.mark.parametrize("case", CASES["low_precision"], ids=lambda c: c["dtype"])
def test_half_precision_addmm_and_norm_round_once(case):
    # PyTorch's half-precision gemm and norm sum in float and round the result once
    dtype = getattr(torch, case["dtype"])
    a = torch.tensor(case["a"], dtype=dtype)
    g = a @ a.T
    assert g.float().tolist() == case["gram"]
    assert torch.addmm(g, g, g, beta=-4.7750, alpha=2.0315).float().tolist() == case["addmm"]
    assert a.norm().item() == case["norm"]


def test_half_precision_addmm_keeps_pytorchs_node():
    a = torch.ones(2, 3, dtype=torch.bfloat16, requires_grad=True)
    b = torch.ones(3, 2, dtype=torch.bfloat16, requires_grad=True)
    c = torch.ones(2, 2, dtype=torch.bfloat16, requires_grad=True)
    r = torch.addmm(c, a, b, beta=2, alpha=3)
    assert type(r.grad_fn).__name__ == "AddmmBackward0" and r.dtype is torch.bfloat16
    assert [f[0].variable is x for f, x in zip(r.grad_fn.next_functions, (c, a, b))] == [True] * 3
    r.sum().backward()
    assert a.grad.tolist() == [[6.0] * 3] * 2 and c.grad.tolist() == [[2.0] * 2] * 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"lr": -1}, "Learning rate should be >= 0 but is: -1"),
        ({"momentum": -1}, "momentum should be >= 0 but is: -1"),
        ({"weight_decay": -1}, "weight decay should be >= 0 but is: -1"),
        ({"adjust_lr_fn": "x"}, "Adjust learning rate function x is not supported"),
    ],
)
def test_muon_refuses_bad_options(options, message):
    with pytest.raises(ValueError, match=f"^{message}$"):
        torch.optim.Muon([torch.nn.Parameter(torch.zeros(2, 2))], **options)


def test_muon_takes_only_matrices():
    with pytest.raises(ValueError, match=r"found a parameter with size: torch.Size\(\[3\]\)"):
        torch.optim.Muon([torch.nn.Parameter(torch.zeros(3))])
