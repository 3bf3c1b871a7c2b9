"""The activations of ``torch.nn.functional`` with PyTorch's signatures (``inplace=``,
``approximate=``), and ``one_hot``, ``normalize``, ``pad``.

Each activation is the op table's (``ops.py``): one definition, one scalar node per element.

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.nn import functional as F
>>> F.elu(torch.tensor([-1.0, 2.0], requires_grad=True))
tensor([-0.6321,  2.0000], grad_fn=<EluBackward0>)
>>> F.one_hot(torch.tensor([0, 2]), 3)
tensor([[1, 0, 0],
        [0, 0, 1]])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .._tensor.dtype import int64
from .._tensor.ops.factories import full, zeros
from .._tensor.ops.functional import elementwise
from .._tensor.ops.inplace import adopt
from .._tensor.ops.reductions import cat
from .._tensor.shape import normalize_dim
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .padding import pad_mode

__all__ = ["celu_", "elu_", "hardtanh_", "leaky_relu_", "relu_", "selu_"]
__all__ += [
    "celu",
    "elu",
    "fused",
    "gelu",
    "hardsigmoid",
    "hardswish",
    "hardtanh",
    "leaky_relu",
    "logsigmoid",
    "mish",
    "normalize",
    "one_hot",
    "pad",
    "relu",
    "relu6",
    "selu",
    "silu",
    "softplus",
    "softsign",
    "tanhshrink",
]

# SELU's constants (Klambauer et al.), as PyTorch writes them
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def fused(name: str, r: Tensor, inputs: tuple[Any, ...], **saved: Any) -> Tensor:
    """``r`` under one tensor node named ``name`` over ``inputs`` (PyTorch's fused op)."""
    if r.grad_fn is None:
        return r
    # every input a slot (-1): one class per name serves every arity (batch_norm with and
    # without its weight), whichever call made it first
    cls = node_class(name, -1, {}, "find")
    return result(r.elements(), r.shape, r.dtype, cls, inputs, **saved)


# PyTorch's in-place forms of these have their own node (elu_ is EluBackward1)
_INPLACE_NODE = {"elu": "EluBackward1", "leaky_relu": "LeakyReluBackward1",
                 "celu": "CeluBackward1"}  # fmt: skip


def _run(key: str, input: Tensor, inplace: bool, *params: float) -> Tensor:
    fn = elementwise(key)
    if inplace:
        name = _INPLACE_NODE.get(key)
        if name is None:
            return adopt(input, lambda t: fn(t, *params))
        return adopt(input, lambda t: fused(name, fn(t, *params), (t,)))
    return fn(input, *params)


def relu_(input: Tensor) -> Tensor:
    """``relu(input, inplace=True)``."""
    return relu(input, inplace=True)


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """``elu(input, alpha, inplace=True)`` (``EluBackward1``)."""
    return elu(input, alpha, inplace=True)


def selu_(input: Tensor) -> Tensor:
    """``selu(input, inplace=True)`` (``EluBackward1``)."""
    return selu(input, inplace=True)


def celu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    """``celu(input, alpha, inplace=True)`` (``CeluBackward1``)."""
    return celu(input, alpha, inplace=True)


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """``leaky_relu(input, negative_slope, inplace=True)`` (``LeakyReluBackward1``)."""
    return leaky_relu(input, negative_slope, inplace=True)


def hardtanh_(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """``hardtanh(input, min_val, max_val, inplace=True)``."""
    return hardtanh(input, min_val, max_val, inplace=True)


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    return _run("relu", input, inplace)


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    return _run("leaky_relu", input, inplace, negative_slope)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    return _run("elu", input, inplace, alpha)


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """``scale * elu(x, alpha)`` with SELU's constants: PyTorch's ``EluBackward0`` too."""
    return _run("elu", input, inplace, SELU_ALPHA, SELU_SCALE)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    return _run("celu", input, inplace, alpha)


def hardtanh(
    input: Tensor, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False
) -> Tensor:
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _run("hardtanh", input, inplace, min_val, max_val)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """``hardtanh(x, 0, 6)``, PyTorch's ``HardtanhBackward0``."""
    return _run("hardtanh", input, inplace, 0.0, 6.0)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    return _run("silu", input, inplace)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    return _run("mish", input, inplace)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    return _run("hardsigmoid", input, inplace)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    return _run("hardswish", input, inplace)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    return _run("softplus", input, False, beta, threshold)


def logsigmoid(input: Tensor) -> Tensor:
    return _run("logsigmoid", input, False)


def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """``x * Phi(x)``; ``approximate="tanh"``: ``0.5x(1 + tanh(sqrt(2/pi)(x + 0.044715x^3)))``."""
    if approximate == "none":
        return _run("gelu", input, False)
    if approximate != "tanh":
        raise RuntimeError("approximate argument must be either none or tanh.")
    inner = (input + input**3 * 0.044715) * math.sqrt(2.0 / math.pi)
    r = input * 0.5 * (inner.tanh() + 1.0)
    return fused("GeluBackward0", r, (input,), _saved_approximate="tanh")


def softsign(input: Tensor) -> Tensor:
    return input / (input.abs() + 1)


def tanhshrink(input: Tensor) -> Tensor:
    return input - input.tanh()


# -- not activations -------------------------------------------------------------------------


def one_hot(tensor_: Tensor, num_classes: int = -1) -> Tensor:
    """Each class index as a row of zeros with a one at it: shape ``(*shape, num_classes)``."""
    if tensor_.dtype is not int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    idx = [int(v.data) for v in tensor_.elements()]
    if num_classes == -1:
        if not idx:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = max(idx) + 1
    if idx and min(idx) < 0:
        raise RuntimeError("Class values must be non-negative.")
    if idx and max(idx) >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    shape = (*tensor_.shape, num_classes)
    if not idx:
        return zeros(shape, dtype=int64)
    return tensor([int(c == i) for i in idx for c in range(num_classes)], dtype=int64).view(*shape)


def normalize(
    input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: Any = None
) -> Tensor:
    """``input / max(norm(input, p, dim), eps)``: unit vectors along ``dim``."""
    denom = input.norm(p, dim, keepdim=True)
    small = [v.data < eps for v in denom.elements()]
    if any(small):  # clamp_min(eps): the constant eps where the norm is smaller
        keep = tensor([0.0 if s else 1.0 for s in small], dtype=denom.dtype).view(*denom.shape)
        floor = tensor([eps if s else 0.0 for s in small], dtype=denom.dtype).view(*denom.shape)
        denom = denom * keep + floor
    return input / denom


def pad(
    input: Tensor, pad: Sequence[int], mode: str = "constant", value: float | None = None
) -> Tensor:
    """Padding of the last ``len(pad) // 2`` dims: ``(left, right, top, bottom, ...)``, with
    ``value`` (``mode="constant"``) or the input's own elements (``"reflect"``, ``"replicate"``,
    ``"circular"``)."""
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.dim():
        raise RuntimeError(
            "Padding length should be less than or equal to two times the input dimension but "
            f"got padding length {len(pad)} and input of dimension {input.dim()}"
        )
    if mode != "constant":
        return pad_mode(input, pad, mode, value)
    if any(k < 0 for k in pad):
        raise NotImplementedError("pad: negative padding is not supported here")
    r = input
    for i in range(len(pad) // 2):
        d = normalize_dim(-1 - i, input.dim())
        parts = []
        for n in (pad[2 * i], pad[2 * i + 1]):
            shape = list(r.shape)
            shape[d] = n
            parts.append(full(shape, float(value or 0.0), dtype=r.dtype) if n else None)
        r = cat([p for p in (parts[0], r, parts[1]) if p is not None], d)
    return fused("ConstantPadNdBackward0", r, (input,), _saved_pad=tuple(pad))
