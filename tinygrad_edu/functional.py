"""The torch-level functions: ``torch.sum(t)`` is ``t.sum()``, ``torch.exp(t)`` is ``t.exp()``.

>>> import tinygrad_edu as torch
>>> torch.sum(torch.tensor([1.0, 2.0, 3.0]))
tensor(6.)
"""

from __future__ import annotations

from .tensor import Tensor, dot, matmul

__all__ = [
    "abs",
    "cos",
    "dot",
    "exp",
    "log",
    "matmul",
    "mean",
    "relu",
    "sigmoid",
    "sin",
    "sqrt",
    "sum",
    "tanh",
]


def sum(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    return input.sum(dim, keepdim)


def mean(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    return input.mean(dim, keepdim)


def exp(input: Tensor) -> Tensor:
    return input.exp()


def log(input: Tensor) -> Tensor:
    return input.log()


def tanh(input: Tensor) -> Tensor:
    return input.tanh()


def relu(input: Tensor) -> Tensor:
    return input.relu()


def sigmoid(input: Tensor) -> Tensor:
    return input.sigmoid()


def sin(input: Tensor) -> Tensor:
    return input.sin()


def cos(input: Tensor) -> Tensor:
    return input.cos()


def sqrt(input: Tensor) -> Tensor:
    return input.sqrt()


def abs(input: Tensor) -> Tensor:
    return input.abs()
