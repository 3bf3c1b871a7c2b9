"""``optim.SparseAdam`` (made and printed as PyTorch's; a dense grad gets PyTorch's error, as
every grad is here) and ``dir(torch.optim)``, which lists PyTorch's names, not the package's
submodules (PyTorch deletes those from its namespace)."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch

SPARSE_ADAM_REPR = """SparseAdam (
Parameter Group 0
    betas: (0.9, 0.999)
    eps: 1e-08
    lr: 0.001
    maximize: False
)"""


def test_sparse_adam_is_made_as_pytorchs_and_refuses_a_dense_grad() -> None:
    p = torch.nn.Parameter(torch.ones(2))
    opt = torch.optim.SparseAdam([p])
    assert repr(opt) == SPARSE_ADAM_REPR
    assert opt.state_dict()["param_groups"] == [
        {"lr": 0.001, "betas": (0.9, 0.999), "eps": 1e-08, "maximize": False, "params": [0]}
    ]
    opt.step()  # no grad yet: nothing to do
    p.grad = torch.ones(2)
    with pytest.raises(RuntimeError, match=r"^SparseAdam does not support dense gradients, please"):
        opt.step()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"lr": 0.0}, "Invalid learning rate: 0.0"),
        ({"eps": 0.0}, "Invalid epsilon value: 0.0"),
        ({"betas": (1.0, 0.9)}, r"Invalid beta parameter at index 0: 1\.0"),
        ({"betas": (0.9, -0.1)}, r"Invalid beta parameter at index 1: -0\.1"),
    ],
)
def test_sparse_adam_checks_its_options(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        torch.optim.SparseAdam([torch.nn.Parameter(torch.ones(1))], **kwargs)


def test_dir_of_optim_lists_pytorchs_names_only() -> None:
    names = dir(torch.optim)
    for gone in ("adam", "sgd", "optimizer", "rmsprop", "zero_grad", "_importlib", "__getattr__"):
        assert gone not in names
    for name in ("Adam", "SGD", "SparseAdam", "Optimizer", "lr_scheduler", "swa_utils"):
        assert name in names
    assert all(hasattr(torch.optim, n) for n in names)
    assert names == sorted(names)
