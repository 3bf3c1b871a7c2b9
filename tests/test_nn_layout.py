"""The names of PyTorch's ``torch.nn`` package layout: ``nn.modules`` and its submodules (old
code's ``from torch.nn.modules.loss import _Loss``), ``nn.common_types``, ``nn.parallel`` and
``nn.DataParallel`` (a CPU runs the module), ``nn.Container``, ``nn.NLLLoss2d``,
``nn.UninitializedParameter``/``UninitializedBuffer`` (``LazyLinear``'s parameters before its
first input), and ``nn.grad``'s convolution gradients against values stored from PyTorch
2.13 (tests/data/make_nn_grad_cases.py)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import tinygrad_edu as torch
from tinygrad_edu import nn

CASES = json.loads((Path(__file__).parent / "data" / "nn_grad_cases.json").read_text())


def _flat(x: Any) -> list[float]:
    return [v for e in x for v in _flat(e)] if isinstance(x, list) else [x]


def test_old_code_finds_the_layers_under_nn_modules() -> None:
    from tinygrad_edu.nn.modules.loss import _Loss, _WeightedLoss
    from tinygrad_edu.nn.modules.module import Module

    from tinygrad_edu.nn.modules.utils import _pair, _single, _triple

    assert isinstance(nn.MSELoss(), _Loss) and isinstance(nn.NLLLoss(), _WeightedLoss)
    assert Module is nn.Module and nn.modules.Module is nn.Module
    assert (_single(2), _pair(3), _triple((1, 2, 3))) == ((2,), (3, 3), (1, 2, 3))
    for sub, name in [("conv", "Conv2d"), ("linear", "Linear"), ("activation", "ReLU"),
                      ("container", "Sequential"), ("batchnorm", "BatchNorm2d"),
                      ("pooling", "MaxPool2d"), ("dropout", "Dropout"), ("loss", "CTCLoss"),
                      ("loss", "KLDivLoss"), ("rnn", "LSTM"), ("sparse", "Embedding")]:  # fmt: skip
        mod = importlib.import_module(f"tinygrad_edu.nn.modules.{sub}")
        assert getattr(mod, name) is getattr(nn, name)
        assert getattr(nn.modules, name) is getattr(nn, name)


def test_consume_prefix_takes_the_data_parallel_prefix_off() -> None:
    from tinygrad_edu.nn.modules.utils import consume_prefix_in_state_dict_if_present

    sd = nn.DataParallel(nn.Linear(2, 1)).state_dict()
    consume_prefix_in_state_dict_if_present(sd, "module.")
    assert list(sd) == ["weight", "bias"]


def test_data_parallel_runs_the_module_on_a_cpu() -> None:
    lin = nn.Linear(2, 1)
    net = nn.DataParallel(lin)
    assert net.module is lin and net.device_ids == []
    assert (
        repr(net)
        == "DataParallel(\n  (module): Linear(in_features=2, out_features=1, bias=True)\n)"
    )
    x = torch.tensor([[1.0, 2.0]])
    assert net(x).tolist() == lin(x).tolist()
    assert nn.parallel.data_parallel(lin, x).tolist() == lin(x).tolist()
    assert list(net.state_dict()) == ["module.weight", "module.bias"]


def test_container_and_nll_loss_2d() -> None:
    with pytest.warns(FutureWarning, match="`nn.Container` is deprecated. All of its"):
        c = nn.Container(a=nn.ReLU(), b=nn.Tanh())
    assert repr(c) == "Container(\n  (a): ReLU()\n  (b): Tanh()\n)"
    with pytest.warns(FutureWarning, match="`NLLLoss2d` has been deprecated. Please use"):
        loss = nn.NLLLoss2d(ignore_index=1)
    assert isinstance(loss, nn.NLLLoss) and repr(loss) == "NLLLoss2d()" and loss.ignore_index == 1


def test_uninitialized_parameters_until_the_first_input() -> None:
    m = nn.LazyLinear(3)
    assert (
        isinstance(m.weight, nn.UninitializedParameter)
        and repr(m.weight) == "<UninitializedParameter>"
    )
    assert repr(m.state_dict()["weight"]) == "<UninitializedParameter>"
    m(torch.zeros(2, 4))
    assert type(m.weight) is nn.Parameter and m.weight.shape == (3, 4)
    p = nn.UninitializedParameter()
    p.materialize((2, 3))
    assert type(p) is nn.Parameter and p.shape == (2, 3) and p.requires_grad
    b = nn.UninitializedBuffer()
    assert repr(b) == "<UninitializedBuffer>"
    b.materialize(4)
    assert type(b) is torch.Tensor and b.shape == (4,)


def test_common_types() -> None:
    from tinygrad_edu.nn.common_types import _size_2_t

    assert _size_2_t == int | tuple[int, int]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['dtype']}-{c['name']}-{c['args']}")
def test_nn_grad_is_pytorchs(case: dict[str, Any]) -> None:
    dt = getattr(torch, case["dtype"])
    x, w = torch.tensor(case["input"], dtype=dt), torch.tensor(case["weight"], dtype=dt)
    g = torch.tensor(case["grad_output"], dtype=dt)
    gi = getattr(nn.grad, case["name"] + "_input")(x.shape, w, g, *case["args"])
    gw = getattr(nn.grad, case["name"] + "_weight")(x, w.shape, g, *case["args"])
    tol = 1e-5 if case["dtype"] == "float32" else 1e-12  # the kernel's own summation order
    for got, want in ((gi, case["grad_input"]), (gw, case["grad_weight"])):
        assert got.dtype is dt
        assert max(abs(a - b) for a, b in zip(_flat(got.tolist()), _flat(want))) < tol
