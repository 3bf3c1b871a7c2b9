"""More layers of ``torch.nn``: sliding patches (``F.unfold``/``nn.Unfold``, im2col, the way
tutorials write a convolution by hand, and ``F.fold``/``nn.Fold``, its sum back), the
``Bilinear`` layer, ``ChannelShuffle``, ``LocalResponseNorm`` (AlexNet's), ``F.pdist``,
``Dropout3d`` and ``InstanceNorm3d``, as PyTorch defines them.

>>> import tinygrad_edu as torch
>>> torch.nn.functional.unfold(torch.arange(4.0).reshape(1, 1, 2, 2), 1).shape
torch.Size([1, 1, 4])
"""

from __future__ import annotations

import math
import warnings
from typing import Any

from .._tensor.dtype import get_default_dtype
from .._tensor.shape import nest
from .._tensor.tensor import Tensor, tensor
from .._tensor.tensor_graph import node_class, result
from .._torch_cpu import random as draws
from ..core.engine import Value, apply, vsum
from ..core.grad_mode import STATE
from ..core.ops import Op
from .channels import feature_dropout
from .conv import avg_pool2d
from .functional_ops import fused, pad
from .group_norm import InstanceNorm1d
from .module import Module
from .parameter import Parameter

__all__ = ["Bilinear", "ChannelShuffle", "Dropout3d", "Fold", "InstanceNorm3d"]
__all__ += ["LocalResponseNorm", "Unfold", "bilinear", "channel_shuffle", "dropout3d", "fold"]
__all__ += ["local_response_norm", "pdist", "unfold"]


def _pair(v: Any) -> tuple[int, int]:
    return (int(v), int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))


def _grid(size: tuple[int, int], k: Any, d: Any, p: Any, s: Any) -> tuple[Any, ...]:
    (kh, kw), (dh, dw), (ph, pw), (sh, sw) = _pair(k), _pair(d), _pair(p), _pair(s)
    bh = (size[0] + 2 * ph - dh * (kh - 1) - 1) // sh + 1
    bw = (size[1] + 2 * pw - dw * (kw - 1) - 1) // sw + 1
    return (kh, kw), (dh, dw), (ph, pw), (sh, sw), (bh, bw)


def unfold(input: Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
           stride: Any = 1) -> Tensor:  # fmt: skip
    """Every ``kernel_size`` patch of a (N, C, H, W) image as a column: (N, C*kh*kw, L), L the
    number of patches, the padding's zeros included (``Im2ColBackward0``)."""
    unbatched = input.dim() == 3
    x = input.unsqueeze(0) if unbatched else input
    if x.dim() != 4:
        raise NotImplementedError("Input Error: Only 3D or 4D input Tensors are supported")
    n, c, h, w = x.shape
    (kh, kw), (dh, dw), (ph, pw), (sh, sw), (bh, bw) = _grid((h, w), kernel_size, dilation,
                                                             padding, stride)  # fmt: skip
    xs, vals = x.elements(), []
    for b in range(n):
        for ch in range(c):
            for u in range(kh):
                for v in range(kw):
                    for i in range(bh):
                        for j in range(bw):
                            r, q = i * sh - ph + u * dh, j * sw - pw + v * dw
                            if 0 <= r < h and 0 <= q < w:
                                vals.append(xs[((b * c + ch) * h + r) * w + q] * 1)
                            else:
                                vals.append(Value(0.0, requires_grad=False))
    out = result(vals, (n, c * kh * kw, bh * bw), x.dtype,
                 node_class("Im2ColBackward0", -1, {}, "find"), (x,))  # fmt: skip
    return out.squeeze(0) if unbatched else out


def fold(input: Tensor, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
         stride: Any = 1) -> Tensor:  # fmt: skip
    """``unfold``'s columns summed back into an image: each element the sum of the patch
    entries that cover it (``Col2ImBackward0``)."""
    unbatched = input.dim() == 2
    x = input.unsqueeze(0) if unbatched else input
    (h, w) = _pair(output_size)
    (kh, kw), (dh, dw), (ph, pw), (sh, sw), (bh, bw) = _grid((h, w), kernel_size, dilation,
                                                             padding, stride)  # fmt: skip
    n, ckk, blocks = x.shape
    if ckk % (kh * kw) or blocks != bh * bw:
        raise RuntimeError(
            f"Given output_size={(h, w)}, kernel_size={(kh, kw)}, dilation={(dh, dw)}, "
            f"padding={(ph, pw)}, stride={(sh, sw)}, expected size of input's dimension 2 to "
            f"match the calculated number of sliding blocks {bh} * {bw} = {bh * bw}, but got "
            f"input.size(2)={blocks}."
        )
    c = ckk // (kh * kw)
    xs = x.elements()
    parts: list[list[Any]] = [[] for _ in range(n * c * h * w)]
    for b in range(n):
        for row in range(ckk):
            ch, u, v = row // (kh * kw), (row // kw) % kh, row % kw
            for i in range(bh):
                for j in range(bw):
                    r, q = i * sh - ph + u * dh, j * sw - pw + v * dw
                    if 0 <= r < h and 0 <= q < w:
                        parts[((b * c + ch) * h + r) * w + q].append(
                            xs[(b * ckk + row) * blocks + i * bw + j]
                        )
    vals = [vsum(p) if p else Value(0.0, requires_grad=False) for p in parts]
    out = result(vals, (n, c, h, w), x.dtype, node_class("Col2ImBackward0", -1, {}, "find"),
                 (x,))  # fmt: skip
    return out.squeeze(0) if unbatched else out


def bilinear(input1: Tensor, input2: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``x1^T A_k x2 + b_k`` for each output feature ``k``."""
    y = ((input1.unsqueeze(-2).unsqueeze(-1) * weight) * input2.unsqueeze(-2).unsqueeze(-2)).sum(
        (-2, -1)
    )
    return y + bias if bias is not None else y


def channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """The channels in ``groups`` groups, interleaved (``ChannelShuffleBackward0``)."""
    n, c = input.shape[0], input.shape[1]
    rest = tuple(input.shape[2:])
    y = input.reshape(n, groups, c // groups, *rest).transpose(1, 2).reshape(n, c, *rest)
    return fused("ChannelShuffleBackward0", y, (input,))


def _no_derivative(*xs: Any) -> tuple[Any, ...]:
    raise RuntimeError("derivative for aten::native_channel_shuffle is not implemented")


# ATen's native_channel_shuffle has no derivative: on a graph its node is NotImplemented
_NATIVE_SHUFFLE = Op(key="native_channel_shuffle", name="NotImplemented", forward=lambda a: a,
                     local=_no_derivative, expr="native_channel_shuffle({0})", dlocal=("0",),
                     method=None)  # fmt: skip


def native_channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """``channel_shuffle``'s ATen form: the same numbers under a node with no derivative."""
    if not (STATE.enabled and input.requires_grad):
        return channel_shuffle(input.detach(), groups)
    order = channel_shuffle(tensor(list(range(input.numel()))).reshape(input.shape), groups)
    flat = input.contiguous().flat
    vals = [apply(_NATIVE_SHUFFLE, (flat[i],)) for i in order.reshape(-1).tolist()]
    return result(vals, input.shape, input.dtype, node_class("NotImplemented"), (input,))


def assert_int_or_pair(arg: Any, arg_name: str, message: str) -> None:
    """Refuse ``arg`` unless it is an int or a pair (``message`` formatted with its name)."""
    if not (isinstance(arg, int) or len(arg) == 2):
        raise AssertionError(message.format(arg_name))


def pdist(input: Tensor, p: float = 2) -> Tensor:
    """The ``p``-norm distance of every pair of rows ``i < j`` (``PdistBackward0``)."""
    n = input.shape[0]
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if not pairs:
        return input.new_zeros(0)
    a = input[tensor([i for i, _ in pairs])]
    b = input[tensor([j for _, j in pairs])]
    d = a - b
    r = (d * d).sum(1).sqrt() if p == 2 else (d.abs() ** p).sum(1) ** (1.0 / p)
    return fused("PdistBackward0", r, (input,))


def local_response_norm(input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75,
                        k: float = 1.0) -> Tensor:  # fmt: skip
    """Each element over ``(k + alpha * mean of the squares of size neighbouring channels) **
    beta``, as PyTorch composes it (``DivBackward0``)."""
    if input.dim() < 3:
        raise ValueError(
            f"Expected 3D or higher dimensionality input (got {input.dim()} dimensions)"
        )
    if input.numel() == 0:
        return input
    div = input.mul(input)
    if input.dim() == 3:
        div = pad(div.unsqueeze(1), (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1)
    else:
        sizes = input.shape
        div = div.reshape(sizes[0], 1, sizes[1], -1)  # the spatial dims as one: pooling is 1-d
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = avg_pool2d(div, (size, 1), stride=1).squeeze(1).reshape(sizes)
    return input / div.mul(alpha).add(k).pow(beta)


def dropout3d(
    input: Tensor, p: float = 0.5, training: bool = True, inplace: bool = False
) -> Tensor:
    """Zero whole channels of a (N, C, D, H, W) or (C, D, H, W) input with probability ``p``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if input.dim() not in (4, 5):
        warnings.warn(
            f"dropout3d: Received a {input.dim()}-D input to dropout3d, which is deprecated and "
            "will result in an error in a future release. To retain the behavior and silence "
            "this warning, please use dropout instead. Note that dropout3d exists to provide "
            "channel-wise dropout on inputs with 3 spatial dimensions, a channel dimension, and "
            "an optional batch dimension (i.e. 4D or 5D inputs).",
            stacklevel=2,
        )
    if input.dim() != 5:
        return feature_dropout(input.unsqueeze(0), p, training).squeeze(0)
    return feature_dropout(input, p, training)


class Unfold(Module):
    """``F.unfold`` as a layer."""

    def __init__(self, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
                 stride: Any = 1) -> None:  # fmt: skip
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = (kernel_size, dilation,
                                                                      padding, stride)  # fmt: skip

    def forward(self, input: Tensor) -> Tensor:
        return unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, "
                f"padding={self.padding}, stride={self.stride}")  # fmt: skip


class Fold(Unfold):
    """``F.fold`` as a layer."""

    def __init__(self, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
                 stride: Any = 1) -> None:  # fmt: skip
        super().__init__(kernel_size, dilation, padding, stride)
        self.output_size = output_size

    def forward(self, input: Tensor) -> Tensor:
        return fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                    self.stride)  # fmt: skip

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}, " + super().extra_repr()


class Bilinear(Module):
    """``y = x1^T A x2 + b``, weight (out, in1, in2) and bias uniform in ±1/sqrt(in1)."""

    def __init__(self, in1_features: int, in2_features: int, out_features: int, bias: bool = True,
                 device: Any = None, dtype: Any = None) -> None:  # fmt: skip
        super().__init__()
        if in1_features <= 0:
            raise ValueError(f"in1_features must be > 0, but got (in1_features={in1_features})")
        self.in1_features, self.in2_features = in1_features, in2_features
        self.out_features = out_features
        dt = dtype or get_default_dtype()
        name = "float64" if dt.name == "float64" else "float32"
        bound = 1 / math.sqrt(in1_features)
        shape = (out_features, in1_features, in2_features)
        w = draws.uniform(None, math.prod(shape), -bound, bound, name)
        self.weight = Parameter(tensor(nest(w, shape), dtype=dt))
        if bias:
            self.bias = Parameter(tensor(draws.uniform(None, out_features, -bound, bound, name),
                                         dtype=dt))  # fmt: skip
        else:
            self.register_parameter("bias", None)

    def forward(self, input1: Tensor, input2: Tensor) -> Tensor:
        return bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")  # fmt: skip


class ChannelShuffle(Module):
    """``channel_shuffle`` as a layer (ShuffleNet's)."""

    def __init__(self, groups: int) -> None:
        super().__init__()
        self.groups = groups

    def forward(self, input: Tensor) -> Tensor:
        return channel_shuffle(input, self.groups)

    def extra_repr(self) -> str:
        return f"groups={self.groups}"


class LocalResponseNorm(Module):
    """``local_response_norm`` as a layer."""

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0) -> None:
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input: Tensor) -> Tensor:
        return local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"


class Dropout3d(Module):
    """``dropout3d`` as a layer."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def forward(self, input: Tensor) -> Tensor:
        return dropout3d(input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class InstanceNorm3d(InstanceNorm1d):
    """``instance_norm`` of (N, C, D, H, W) or (C, D, H, W) volumes."""

    _no_batch_dim = 4
