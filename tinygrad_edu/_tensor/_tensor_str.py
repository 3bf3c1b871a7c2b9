"""PyTorch's tensor repr, ported from ``torch/_tensor_str.py`` (2.13) for default print options.

>>> format_tensor([1.0, 2.0, 3.0], (3,), suffixes=["requires_grad=True"])
'tensor([1., 2., 3.], requires_grad=True)'
>>> format_tensor([0.5, -1.0, 2.0], (3,))
'tensor([ 0.5000, -1.0000,  2.0000])'
>>> format_tensor([1e-05, 1.0], (2,))
'tensor([1.0000e-05, 1.0000e+00])'

Only what a strided CPU tensor of float32, float64, int64 or bool needs is kept: no complex,
no sparse, no devices. ``set_printoptions`` changes what every later repr shows, as PyTorch's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .dtype import DTYPES, get_default_dtype, round_float32
from .shape import nest

__all__ = ["PRINT_OPTS", "format_tensor", "set_printoptions"]


class _PrintOptions:
    """torch's PRINT_OPTS: digits after the point, how many elements before a tensor is
    summarised, how many shown at each edge then, the line width, and the number format
    (``None`` for the automatic choice)."""

    precision, threshold, edgeitems, linewidth = 4, 1000.0, 3, 80
    sci_mode: bool | None = None


PRINT_OPTS = _PrintOptions()
_PROFILES = {
    "default": (4, 1000.0, 3, 80),
    "short": (2, 1000.0, 2, 80),
    "full": (4, math.inf, 3, 80),
}


def set_printoptions(
    precision: int | None = None, threshold: float | None = None, edgeitems: int | None = None,
    linewidth: int | None = None, profile: str | None = None, sci_mode: bool | None = None,
) -> None:  # fmt: skip
    """``torch.set_printoptions``: e.g. ``precision=2``, ``sci_mode=False``, ``profile="full"``.

    >>> set_printoptions(precision=2)
    >>> format_tensor([1.12345], (1,))
    'tensor([1.12])'
    >>> set_printoptions(profile="default")
    """
    if profile in _PROFILES:
        o = PRINT_OPTS
        o.precision, o.threshold, o.edgeitems, o.linewidth = _PROFILES[profile]
    for name, value in (("precision", precision), ("threshold", threshold),
                        ("edgeitems", edgeitems), ("linewidth", linewidth)):  # fmt: skip
        if value is not None:
            setattr(PRINT_OPTS, name, value)
    PRINT_OPTS.sci_mode = sci_mode  # as PyTorch: None again means the automatic choice


def _convert(value: Any, dtype: str) -> float | int | bool:
    if dtype == "float32":
        return round_float32(float(value))
    if dtype == "bool":
        return bool(value)
    return float(value) if DTYPES[dtype].is_floating_point else int(value)


class _Formatter:
    """Chooses one format (integer-valued, fixed or scientific) and one width for all elements."""

    def __init__(self, values: Sequence[Any], *, floating: bool) -> None:
        self.floating, self.int_mode, self.sci_mode, self.width = floating, True, False, 1
        if not floating:
            self.width = max([1, *(len(f"{v}") for v in values)])
            return
        # like torch, decide from the nonzero finite values only
        finite = [v for v in values if math.isfinite(v) and v != 0]
        if not finite:
            return
        self.int_mode = all(v == math.ceil(v) for v in finite)
        lo, hi = min(abs(v) for v in finite), max(abs(v) for v in finite)
        auto = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4
        self.sci_mode = auto if PRINT_OPTS.sci_mode is None else PRINT_OPTS.sci_mode
        if self.sci_mode:
            widths = [len(f"{v:.{PRINT_OPTS.precision}e}") for v in finite]
        elif self.int_mode:  # room for the "." that marks a float
            widths = [len(f"{v:.0f}") + 1 for v in finite]
        else:
            widths = [len(f"{v:.{PRINT_OPTS.precision}f}") for v in finite]
        self.width = max(1, *widths)

    def format(self, value: Any) -> str:
        if not self.floating:
            text = f"{value}"
        elif self.sci_mode:
            text = f"{value:{self.width}.{PRINT_OPTS.precision}e}"
        elif self.int_mode:
            text = f"{value:.0f}" + ("" if math.isinf(value) or math.isnan(value) else ".")
        else:
            text = f"{value:.{PRINT_OPTS.precision}f}"
        return text.rjust(self.width)


def _edges(items: list[Any], summarize: bool) -> list[Any]:
    if summarize and len(items) > 2 * PRINT_OPTS.edgeitems:
        return items[: PRINT_OPTS.edgeitems] + items[-PRINT_OPTS.edgeitems :]
    return items


def _summarized(t: Any, dim: int, summarize: bool) -> list[Any]:
    """The values that will be printed: the formatter looks at these only."""
    if dim == 0:
        return [t]
    rows = _edges(t, summarize)
    return rows if dim == 1 else [v for r in rows for v in _summarized(r, dim - 1, summarize)]


def _vector_str(t: list[Any], indent: int, summarize: bool, fmt: _Formatter) -> str:
    per_line = max(1, (PRINT_OPTS.linewidth - indent) // (fmt.width + 2))  # ", " after each element
    if summarize and len(t) > 2 * PRINT_OPTS.edgeitems:
        data = [fmt.format(v) for v in t[: PRINT_OPTS.edgeitems]] + [" ..."]
        data += [fmt.format(v) for v in t[-PRINT_OPTS.edgeitems :]]
    else:
        data = [fmt.format(v) for v in t]
    lines = [", ".join(data[i : i + per_line]) for i in range(0, len(data), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _tensor_str(t: Any, dim: int, indent: int, summarize: bool, fmt: _Formatter) -> str:
    if dim == 0:
        return fmt.format(t)
    if dim == 1:
        return _vector_str(t, indent, summarize, fmt)
    sub = lambda rows: [_tensor_str(r, dim - 1, indent + 1, summarize, fmt) for r in rows]
    if summarize and len(t) > 2 * PRINT_OPTS.edgeitems:
        slices = [*sub(t[: PRINT_OPTS.edgeitems]), "...", *sub(t[-PRINT_OPTS.edgeitems :])]
    else:
        slices = sub(t)
    return "[" + ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices) + "]"


def _add_suffixes(text: str, suffixes: Sequence[str], indent: int) -> str:
    # torch's arithmetic, off-by-two included: a suffix that would pass linewidth starts a line
    parts, last = [text], len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last + len(suffix) + 2 > PRINT_OPTS.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last += len(suffix) + 2
    return "".join(parts) + ")"


def format_tensor(
    values: Sequence[float | int | bool],
    shape: tuple[int, ...],
    *,
    dtype: str = "float32",
    suffixes: Sequence[str] = (),
) -> str:
    """PyTorch's ``repr`` of a tensor with these row-major ``values``, ``shape`` and ``dtype``.

    ``suffixes`` are already formatted (``requires_grad=True``, ``grad_fn=<MulBackward0>``)
    and follow the ``dtype=torch.float64`` suffix that torch adds for non-default dtypes.

    >>> print(format_tensor([1, 2, 3, 4], (2, 2), suffixes=["grad_fn=<MulBackward0>"]))
    tensor([[1., 2.],
            [3., 4.]], grad_fn=<MulBackward0>)
    """
    if dtype not in DTYPES:
        raise ValueError(f"unsupported dtype {dtype!r}: expected one of {', '.join(DTYPES)}")
    prefix, shape = "tensor(", tuple(shape)
    indent, extra = len(prefix), []
    numel = math.prod(shape)
    if len(values) != numel:
        raise ValueError(f"{len(values)} values do not fill shape {shape}")
    if numel == 0:
        if len(shape) != 1:  # like NumPy, an empty tensor states its shape unless it is (0,)
            extra.append(f"size={shape}")
        if dtype != get_default_dtype().name:  # nothing to infer the dtype from
            extra.append(f"dtype=torch.{dtype}")
        body = "[]"
    else:
        if dtype not in (get_default_dtype().name, "int64", "bool"):  # torch names the others
            extra.append(f"dtype=torch.{dtype}")
        nested = nest([_convert(v, dtype) for v in values], shape)
        summarize = numel > PRINT_OPTS.threshold
        shown = _summarized(nested, len(shape), summarize)
        fmt = _Formatter(shown, floating=DTYPES[dtype].is_floating_point)
        body = _tensor_str(nested, len(shape), indent, summarize, fmt)
    return _add_suffixes(prefix + body, [*extra, *suffixes], indent)
