"""``F.conv_tbc``: a 1-d convolution over ``(time, batch, channels)`` input with a
``(width, in, out)`` weight, as ATen's ConvolutionTBC.cpp computes it: the bias copied into
every output step, then for each kernel tap ``k`` the shifted input rows times ``weight[k]``
added in (one ``addmm`` per tap), under one ``ConvTbcBackward0`` node.

>>> import tinygrad_edu as torch
>>> x = torch.ones(4, 1, 2)
>>> torch.nn.functional.conv_tbc(x, torch.ones(3, 2, 1), torch.zeros(1), pad=1).flatten()
tensor([4., 6., 6., 4.])
"""

from __future__ import annotations

from .._tensor.ops.reductions import cat
from .._tensor.tensor import Tensor
from .functional_ops import fused

__all__ = ["conv_tbc"]


def conv_tbc(input: Tensor, weight: Tensor, bias: Tensor, pad: int = 0) -> Tensor:
    """``output[t] = bias + sum_k input[t + k - pad] @ weight[k]`` (zero rows outside)."""
    if input.dim() != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if weight.dim() != 3:
        raise RuntimeError(
            "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels."
        )
    if bias.dim() != 1:
        raise RuntimeError("Bias must be 1-D")
    ilen, batch, planes = input.shape
    kw, wplanes, out_planes = weight.shape
    if planes != wplanes:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if bias.shape[0] != out_planes:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    olen = ilen - kw + 1 + 2 * pad
    if olen < 0:
        raise RuntimeError(
            f"Trying to create tensor with negative dimension {olen}: "
            f"[{olen}, {batch}, {out_planes}]"
        )
    rows = [bias.expand(batch, out_planes) for _ in range(olen)]
    for k in range(kw):
        i_shift, o_shift = max(0, k - pad), max(0, pad - k)
        t = min(ilen + pad - k, olen) - o_shift
        if t > 0:
            taps = input.narrow(0, i_shift, t).reshape(t * batch, planes) @ weight[k]
            for j in range(t):
                rows[o_shift + j] = rows[o_shift + j] + taps[j * batch : (j + 1) * batch]
    out = cat([r.unsqueeze(0) for r in rows], 0) if rows else input.new_zeros(0, batch, out_planes)
    return fused("ConvTbcBackward0", out, (input, weight, bias))
