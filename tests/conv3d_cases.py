"""The 3-d convolution and pooling cases, written once for real PyTorch (the generator
tests/data/make_conv3d_cases.py) and for tinygrad_edu (tests/test_conv3d.py): each takes the
``torch`` module it runs under."""

from __future__ import annotations

import math
from typing import Any


def inputs(torch: Any, shapes: list[tuple[int, ...]], dtype: Any) -> list[Any]:
    """Leaf tensors of ``shapes`` holding a fixed pattern of distinct numbers in [-1.5, 1.5]."""
    out = []
    for k, shape in enumerate(shapes):
        vals = [round(math.sin(i * 1.37 + 0.5 * k + 0.1) * 1.5, 4) for i in range(math.prod(shape))]
        out.append(torch.tensor(vals, dtype=dtype).reshape(shape).requires_grad_())
    return out


def _unpool(F: Any, x: Any) -> Any:
    y, i = F.max_pool3d(x, 2, return_indices=True)
    return F.max_unpool3d(y * 2, i, 2, output_size=x.shape[-3:])


def _unpool_module(torch: Any, x: Any) -> Any:
    y, i = torch.nn.MaxPool3d(2, stride=1, return_indices=True)(x)
    return torch.nn.MaxUnpool3d(2, stride=1)(y, i)


def _convt_output_size(torch: Any, F: Any, x: Any, w: Any) -> Any:
    m = torch.nn.ConvTranspose3d(2, 2, (3, 2, 3), stride=2, padding=1, bias=False, dtype=x.dtype)
    with torch.no_grad():
        m.weight.copy_(w)
    return m(x, output_size=[4, 5, 6])


def _same_reflect(torch: Any, F: Any, x: Any, w: Any) -> Any:
    m = torch.nn.Conv3d(
        2, 3, (3, 2, 3), padding="same", padding_mode="reflect", bias=False, dtype=x.dtype
    )
    with torch.no_grad():
        m.weight.copy_(w)
    return m(x)


def _circular(torch: Any, F: Any, x: Any, w: Any, b: Any) -> Any:
    m = torch.nn.Conv3d(
        2, 4, 2, padding=(1, 0, 1), padding_mode="circular", groups=2, dtype=x.dtype
    )
    with torch.no_grad():
        m.weight.copy_(w)
        m.bias.copy_(b)
    return m(x)


# name -> (input shapes, the op on (torch, F, *inputs))
CASES: dict[str, tuple[list[tuple[int, ...]], Any]] = {
    "conv3d": ([(2, 2, 4, 4, 3), (3, 2, 2, 3, 2), (3,)], lambda t, F, x, w, b: F.conv3d(x, w, b)),
    "conv3d_stride_pad_dil_groups": (
        [(1, 4, 5, 4, 6), (2, 2, 2, 2, 3)],
        lambda t, F, x, w: F.conv3d(x, w, None, (2, 1, 2), (1, 0, 1), (1, 2, 1), 2),
    ),
    "conv3d_same_dilated": (
        [(1, 1, 4, 5, 3), (2, 1, 2, 3, 2), (2,)],
        lambda t, F, x, w, b: F.conv3d(x, w, b, padding="same", dilation=(2, 1, 1)),
    ),
    "conv3d_valid_unbatched": (
        [(2, 3, 4, 3), (1, 2, 2, 2, 2)],
        lambda t, F, x, w: t.conv3d(x, w, padding="valid"),
    ),
    "Conv3d_same_reflect": ([(1, 2, 4, 4, 5), (3, 2, 3, 2, 3)], _same_reflect),
    "Conv3d_circular_groups": ([(2, 2, 3, 2, 3), (4, 1, 2, 2, 2), (4,)], _circular),
    "conv_transpose3d": (
        [(1, 2, 2, 3, 2), (2, 3, 2, 2, 3), (3,)],
        lambda t, F, x, w, b: F.conv_transpose3d(x, w, b),
    ),
    "conv_transpose3d_all": (
        [(2, 4, 2, 2, 3), (4, 1, 3, 2, 2), (2,)],
        lambda t, F, x, w, b: t.conv_transpose3d(
            x, w, b, (2, 1, 2), (1, 0, 1), (1, 0, 1), 2, (1, 2, 1)
        ),
    ),
    "ConvTranspose3d_output_size": ([(1, 2, 2, 3, 3), (2, 2, 3, 2, 3)], _convt_output_size),
    "max_pool3d": ([(2, 2, 4, 4, 4)], lambda t, F, x: F.max_pool3d(x, 2, return_indices=True)),
    "max_pool3d_all": (
        [(1, 2, 5, 4, 6)],
        lambda t, F, x: F.max_pool3d_with_indices(
            x, (2, 3, 2), (1, 2, 2), (1, 1, 0), (2, 1, 1), True
        ),
    ),
    "torch_max_pool3d_unbatched": ([(2, 3, 4, 5)], lambda t, F, x: t.max_pool3d(x, (3, 2, 2))),
    "MaxPool3d": (
        [(1, 1, 4, 5, 4)],
        lambda t, F, x: t.nn.MaxPool3d(3, stride=2, padding=1, return_indices=True)(x),
    ),
    "avg_pool3d": ([(2, 2, 4, 4, 4)], lambda t, F, x: F.avg_pool3d(x, 2)),
    "avg_pool3d_pad_ceil_no_count": (
        [(1, 2, 5, 4, 6)],
        lambda t, F, x: F.avg_pool3d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
    ),
    "AvgPool3d_divisor_unbatched": (
        [(2, 3, 4, 5)],
        lambda t, F, x: t.nn.AvgPool3d((2, 2, 3), (1, 2, 1), (1, 0, 1), divisor_override=5)(x),
    ),
    "adaptive_avg_pool3d": (
        [(2, 1, 5, 4, 7)],
        lambda t, F, x: F.adaptive_avg_pool3d(x, (2, None, 3)),
    ),
    "AdaptiveAvgPool3d": ([(2, 3, 4, 5)], lambda t, F, x: t.nn.AdaptiveAvgPool3d(2)(x)),
    "adaptive_max_pool3d": (
        [(1, 2, 5, 4, 7)],
        lambda t, F, x: F.adaptive_max_pool3d(x, (3, 2, 4), return_indices=True),
    ),
    "AdaptiveMaxPool3d_unbatched": (
        [(2, 3, 5, 4)],
        lambda t, F, x: t.nn.AdaptiveMaxPool3d((2, 3, 2))(x),
    ),
    "adaptive_max_pool3d_with_indices": (
        [(1, 1, 3, 4, 5)],
        lambda t, F, x: F.adaptive_max_pool3d_with_indices(x, 2),
    ),
    "lp_pool3d_p2": ([(1, 2, 4, 4, 4)], lambda t, F, x: F.lp_pool3d(x.abs() + 0.1, 2, 2)),
    "LPPool3d_p3_stride": (
        [(2, 4, 5, 3)],
        lambda t, F, x: t.nn.LPPool3d(3, (2, 3, 2), stride=1)(x.abs() + 0.1),
    ),
    "max_unpool3d": ([(1, 2, 4, 5, 4)], lambda t, F, x: _unpool(F, x)),
    "MaxUnpool3d_overlapping": ([(1, 1, 3, 4, 3)], lambda t, F, x: _unpool_module(t, x)),
}

# name -> a call that raises (PyTorch's error type and message are stored)
ERRORS: dict[str, Any] = {
    "conv3d_rank": lambda t, F: F.conv3d(t.ones(3, 4, 4), t.ones(1, 3, 2, 2, 2)),
    "conv3d_channels": lambda t, F: F.conv3d(t.ones(1, 3, 4, 4, 4), t.ones(3, 2, 2, 2, 2)),
    "conv3d_small": lambda t, F: F.conv3d(t.ones(1, 2, 1, 4, 4), t.ones(3, 2, 2, 2, 2)),
    "conv_transpose3d_rank": lambda t, F: F.conv_transpose3d(t.ones(2, 3), t.ones(2, 3, 2, 2, 2)),
    "conv_transpose3d_channels": lambda t, F: F.conv_transpose3d(
        t.ones(1, 3, 2, 2, 2), t.ones(2, 3, 2, 2, 2)
    ),
    "max_pool3d_rank": lambda t, F: F.max_pool3d(t.ones(2, 3, 4), 2),
    "max_pool3d_pad": lambda t, F: F.max_pool3d(t.ones(1, 2, 3, 4, 4), 3, padding=2),
    "max_pool3d_small": lambda t, F: F.max_pool3d(t.ones(1, 2, 3, 4, 4), 4),
    "max_pool3d_stride0": lambda t, F: F.max_pool3d(t.ones(1, 2, 3, 4, 4), 2, stride=0),
    "avg_pool3d_rank": lambda t, F: F.avg_pool3d(t.ones(1, 1, 1, 2, 3, 4), 2),
    "avg_pool3d_small": lambda t, F: F.avg_pool3d(t.ones(1, 2, 3, 4, 4), 4),
    "avg_pool3d_small_padded": lambda t, F: F.avg_pool3d(t.ones(1, 1, 1, 4, 4), 3, padding=1),
    "adaptive_avg_pool3d_rank": lambda t, F: F.adaptive_avg_pool3d(t.ones(2, 3, 4), 2),
    "adaptive_max_pool3d_rank": lambda t, F: F.adaptive_max_pool3d(t.ones(2, 3, 4), 2),
    "max_unpool3d_rank": lambda t, F: F.max_unpool3d(
        t.ones(2, 2, 2), t.zeros(2, 2, 2, dtype=t.int64), 2
    ),
    "max_unpool3d_index": lambda t, F: F.max_unpool3d(
        t.ones(1, 1, 2, 2, 2), t.full((1, 1, 2, 2, 2), 99, dtype=t.int64), 2
    ),
    "max_unpool3d_dtype": lambda t, F: F.max_unpool3d(
        t.ones(1, 1, 2, 2, 2), t.zeros(1, 1, 2, 2, 2, dtype=t.int32), 2
    ),
    "ConvTranspose3d_bad_output_size": lambda t, F: t.nn.ConvTranspose3d(1, 1, 2, stride=2)(
        t.ones(1, 1, 2, 2, 2), output_size=[9, 4, 4]
    ),
    "ConvTranspose3d_output_size_length": lambda t, F: t.nn.ConvTranspose3d(1, 1, 2)(
        t.ones(1, 1, 2, 2, 2), output_size=[3, 3]
    ),
    "ConvTranspose3d_padding_mode": lambda t, F: t.nn.ConvTranspose3d(
        1, 1, 2, padding_mode="reflect"
    ),
    "Conv3d_groups": lambda t, F: t.nn.Conv3d(3, 4, 2, groups=2),
}

# name -> a module made after manual_seed(0) (its repr and initial parameters are stored)
MODULES: dict[str, Any] = {
    "Conv3d": lambda t, dt: t.nn.Conv3d(2, 4, (2, 3, 1), groups=2, dtype=dt),
    "Conv3d_no_bias": lambda t, dt: t.nn.Conv3d(
        1,
        2,
        3,
        stride=(1, 2, 1),
        padding=1,
        dilation=2,
        bias=False,
        padding_mode="replicate",
        dtype=dt,
    ),
    "Conv3d_same": lambda t, dt: t.nn.Conv3d(1, 1, 2, padding="same", dtype=dt),
    "ConvTranspose3d": lambda t, dt: t.nn.ConvTranspose3d(
        2,
        4,
        (2, 1, 3),
        stride=2,
        padding=(0, 1, 0),
        output_padding=1,
        groups=2,
        dilation=1,
        dtype=dt,
    ),
    "MaxPool3d": lambda t, dt: t.nn.MaxPool3d(
        (2, 1, 2), stride=1, padding=1, dilation=2, ceil_mode=True
    ),
    "AvgPool3d": lambda t, dt: t.nn.AvgPool3d(3, 2, 1, True, False, 4),
    "AdaptiveAvgPool3d": lambda t, dt: t.nn.AdaptiveAvgPool3d((2, None, 3)),
    "AdaptiveMaxPool3d": lambda t, dt: t.nn.AdaptiveMaxPool3d(2, return_indices=True),
    "LPPool3d": lambda t, dt: t.nn.LPPool3d(2.5, (2, 2, 3), stride=1, ceil_mode=True),
    "MaxUnpool3d": lambda t, dt: t.nn.MaxUnpool3d((2, 1, 2), stride=1, padding=1),
}
