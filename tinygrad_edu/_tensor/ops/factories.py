"""The factories that make a tensor from a size: ``zeros``, ``ones``, ``full``, ``arange``,
``linspace``, ``logspace``, ``eye``, ``empty``, ``as_tensor`` and the ``*_like`` forms.

>>> zeros(2, 3).shape, arange(3)
(torch.Size([2, 3]), tensor([0, 1, 2]))

``torch.tensor`` (from data) is the constructor itself, in ``tensor.py``; ``t.new_zeros`` and
the other ``new_*`` methods in ``creation.py``. Every factory takes ``device=``: the CPU, the
only device there is.
"""

from __future__ import annotations

import math
from typing import Any

from ..._torch_cpu.float32_libm import f32, fma, fma32
from ..device import check_device
from ..dtype import bool_, dtype, float32, float64, get_default_dtype, int64, round_float32
from ..shape import check_numel, nest, sizes
from ..tensor import Tensor, tensor
from ..tensor_messages import INT_GRAD

__all__ = ["arange", "as_tensor", "empty", "empty_like", "eye", "full", "full_like", "linspace",
           "logspace", "ones", "ones_like", "zeros", "zeros_like"]  # fmt: skip


def _fill_dtype(value: Any) -> dtype:
    # torch.full infers its dtype from the fill value, as torch.tensor does
    if isinstance(value, bool):
        return bool_
    return int64 if isinstance(value, int) else get_default_dtype()


def full(size: Any, fill_value: Any, *, dtype: dtype | None = None, device: Any = None,
         requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``torch.full((2, 3), 7.0)``: every element ``fill_value``."""
    check_device(device)
    shape = sizes(size if isinstance(size, (tuple, list)) else (size,))
    dt = dtype or _fill_dtype(fill_value)
    if shape and not math.prod(shape):
        t = Tensor.from_values([], shape, dt)
    else:
        t = tensor(nest([fill_value] * math.prod(shape), shape) if shape else fill_value, dtype=dt)
    return _requiring_grad(t) if requires_grad else t


def _requiring_grad(t: Tensor) -> Tensor:
    if not t.dtype.is_floating_point:
        raise RuntimeError(INT_GRAD)
    return t.requires_grad_()


def ones(*size: Any, dtype: dtype | None = None, device: Any = None,
         requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``torch.ones(2, 3)`` or ``torch.ones((2, 3))``."""
    return full(size, 1.0, dtype=dtype or get_default_dtype(), device=device,
                requires_grad=requires_grad)  # fmt: skip


def zeros(*size: Any, dtype: dtype | None = None, device: Any = None,
          requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``torch.zeros(2, 3)`` or ``torch.zeros((2, 3))``."""
    return full(size, 0.0, dtype=dtype or get_default_dtype(), device=device,
                requires_grad=requires_grad)  # fmt: skip


def empty(*size: Any, dtype: dtype | None = None, device: Any = None,
          requires_grad: bool = False, **kwargs: Any) -> Tensor:  # fmt: skip
    """``torch.empty``: here its memory holds zeros (PyTorch's holds whatever was there).
    The size may be given as ``size=``, as PyTorch allows."""
    if "size" in kwargs:
        if size:
            raise TypeError("empty() got multiple values for argument 'size'")
        size = (kwargs.pop("size"),)
    kwargs.pop("memory_format", None)
    kwargs.pop("pin_memory", None)
    if kwargs:
        raise TypeError(f"empty() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return zeros(*size, dtype=dtype, device=device, requires_grad=requires_grad)


def arange(
    start: float, end: float | None = None, step: float = 1, *, dtype: dtype | None = None,
    device: Any = None, requires_grad: bool = False,
) -> Tensor:  # fmt: skip
    """``torch.arange(5)``, ``torch.arange(0, 1, 0.25)``: int64 when every bound is an int."""
    check_device(device)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    n = check_numel(max(0, math.ceil((end - start) / step)))
    ints = all(isinstance(x, int) for x in (start, end, step))
    dt = dtype or (int64 if ints else get_default_dtype())
    data = _arange_values(start, step, n, dt)
    t = tensor(data, dtype=dt) if data else Tensor.from_values([], (0,), dt)
    return _requiring_grad(t) if requires_grad else t


# PyTorch's CPU kernel (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp) computes element i
# as start + step * i in double and rounds it to the dtype, except in the vectorized loop: two
# vectors of VECTOR[dtype] elements per round (AVX2's width; the kernel has no AVX-512 build),
# each element base + k * step in double, base being element 0 of its vector rounded first;
# the compiler fuses each multiply-add into one fma (measured: the float64 results need it).
VECTOR = {float32: 8, float64: 4}


def _arange_values(start: float, step: float, n: int, dt: dtype) -> list[float]:
    width = VECTOR.get(dt)
    if width is None:  # the integers: exact either way
        return [start + i * step for i in range(n)]
    rnd = round_float32 if dt is float32 else float
    start, step = float(start), float(step)
    out: list[float] = []
    i = 0
    while i + 2 * width <= n:
        for _ in range(2):
            base = rnd(fma(step, float(i), start))
            out += [rnd(fma(step, float(k), base)) for k in range(width)]
            i += width
    out += [rnd(fma(step, float(j), start)) for j in range(i, n)]
    return out


def eye(n: int, m: int | None = None, *, dtype: dtype | None = None, device: Any = None,
        requires_grad: bool = False) -> Tensor:  # fmt: skip
    """The identity matrix, ``n`` by ``m`` (default ``n``)."""
    check_device(device)
    m = n if m is None else m
    check_numel(n * m)
    t = tensor([[1.0 if i == j else 0.0 for j in range(m)] for i in range(n)],
               dtype=dtype or get_default_dtype())  # fmt: skip
    return _requiring_grad(t) if requires_grad else t


def linspace(start: float, end: float, steps: int, *, dtype: dtype | None = None,
             device: Any = None, requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``steps`` evenly spaced numbers from ``start`` to ``end``, computed as PyTorch's kernel
    does: the first half up from ``start``, the second half down from ``end``, each one fused
    multiply-add in the tensor's dtype (so the ends are exact)."""
    check_device(device)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    check_numel(steps)
    dt = dtype or get_default_dtype()
    r = f32 if dt.name == "float32" else float
    fused = fma32 if dt.name == "float32" else fma
    a, b = r(float(start)), r(float(end))
    if steps == 1:
        data = [a]
    else:
        step = r(r(b - a) / (steps - 1)) if steps > 1 else 0.0
        half = steps // 2
        data = [fused(step, float(i), a) if i < half else fused(-step, float(steps - i - 1), b)
                for i in range(steps)]  # fmt: skip
    t = tensor(data, dtype=dt) if data else Tensor.from_values([], (0,), dt)
    return _requiring_grad(t) if requires_grad else t


def logspace(start: float, end: float, steps: int, base: float = 10.0, *,
             dtype: dtype | None = None, device: Any = None,
             requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``base ** linspace(start, end, steps)``, as PyTorch's kernel computes it: the exponents
    in double from the ends (first half up from ``start``, second half down from ``end``)."""
    check_device(device)
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    dt = dtype or get_default_dtype()
    r = f32 if dt.name == "float32" else float
    a, b = r(float(start)), r(float(end))  # the ends as the tensor's dtype holds them
    base = float(base)
    if steps == 1:
        data = [base**a]
    else:
        step = r(b - a) / (steps - 1) if steps > 1 else 0.0
        half = steps // 2
        data = [base ** (a + step * i) if i < half else base ** (b - step * (steps - i - 1))
                for i in range(steps)]  # fmt: skip
    t = tensor(data, dtype=dt) if data else Tensor.from_values([], (0,), dt)
    return _requiring_grad(t) if requires_grad else t


def as_tensor(data: Any, dtype: dtype | None = None, device: Any = None) -> Tensor:
    """``torch.as_tensor``: a tensor is returned as it is (converted if ``dtype`` differs),
    anything else becomes ``torch.tensor(data)``."""
    check_device(device)
    if isinstance(data, Tensor):
        return data if dtype is None else data.to(dtype)
    return tensor(data, dtype=dtype)


def _like(input: Tensor, value: Any, dtype: dtype | None, device: Any,
          requires_grad: bool) -> Tensor:  # fmt: skip
    return full(tuple(input.shape), value, dtype=dtype or input.dtype, device=device,
                requires_grad=requires_grad)  # fmt: skip


def zeros_like(input: Tensor, *, dtype: dtype | None = None, device: Any = None,
               requires_grad: bool = False) -> Tensor:  # fmt: skip
    return _like(input, 0.0, dtype, device, requires_grad)


def ones_like(input: Tensor, *, dtype: dtype | None = None, device: Any = None,
              requires_grad: bool = False) -> Tensor:  # fmt: skip
    return _like(input, 1.0, dtype, device, requires_grad)


def empty_like(input: Tensor, *, dtype: dtype | None = None, device: Any = None,
               requires_grad: bool = False) -> Tensor:  # fmt: skip
    return _like(input, 0.0, dtype, device, requires_grad)


def full_like(input: Tensor, fill_value: Any, *, dtype: dtype | None = None, device: Any = None,
              requires_grad: bool = False) -> Tensor:  # fmt: skip
    return _like(input, fill_value, dtype, device, requires_grad)
