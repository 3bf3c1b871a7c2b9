"""Seeded random tensors, as PyTorch's CPU generator makes them: ``manual_seed``, ``rand``,
``randn``, ``randint``, ``randperm``, ``normal``, ``bernoulli``, ``multinomial``, ``*_like``.

>>> import tinygrad_edu as torch
>>> _ = torch.manual_seed(0)
>>> torch.rand(3)
tensor([0.4963, 0.7682, 0.0885])
>>> _ = torch.manual_seed(0)
>>> torch.randn(2, 2)
tensor([[ 1.5410, -0.2934],
        [-2.1788,  0.5684]])

The numbers are drawn by ``random.py`` (bit for bit with PyTorch 2.13 on the CPU: the same
generator, consumed the same way); this module gives them PyTorch's signatures and shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..._torch_cpu import mt19937
from ..._torch_cpu import random as draws
from ..._torch_cpu.mt19937 import Generator, default_generator
from ..arguments import (
    bool_arg,
    dtype_arg,
    int_arg,
    int_list,
    invalid_combination,
    nonnegative,
)
from ..device import check_device
from ..dtype import C_NAMES, Size, dtype, float32, float64, get_default_dtype, int64
from ..shape import check_numel, nest, numel, sizes
from ..tensor import Tensor, tensor
from .inplace import write

__all__ = [
    "Generator",
    "bernoulli",
    "default_generator",
    "get_rng_state",
    "initial_seed",
    "manual_seed",
    "multinomial",
    "normal",
    "rand",
    "rand_like",
    "randint",
    "randint_like",
    "randn",
    "randn_like",
    "randperm",
    "seed",
    "set_rng_state",
    "thread_safe_generator",
]

initial_seed = mt19937.initial_seed
seed = mt19937.seed


def manual_seed(seed: int) -> Generator:
    """``torch.manual_seed``: seed the default generator; returns it, as PyTorch does."""
    return mt19937.manual_seed(seed)


def thread_safe_generator() -> Generator | None:
    """The generator a DataLoader thread worker should draw from; ``None`` (the default
    generator) elsewhere, which is everywhere here: this DataLoader runs no thread workers."""
    return None


def get_rng_state() -> Tensor:
    """The default generator's state as PyTorch's 5056-byte ``ByteTensor`` (here int64)."""
    return tensor(list(mt19937.get_rng_state()), dtype=int64)


def set_rng_state(new_state: Any) -> None:
    data = new_state.tolist() if isinstance(new_state, Tensor) else new_state
    mt19937.set_rng_state(bytes(int(b) for b in data))


def _float(dt: dtype | None) -> dtype:
    dt = dt or get_default_dtype()
    if dt not in (float32, float64):
        raise RuntimeError(f"\"check_uniform_bounds\" not implemented for '{_c_name(dt)}'")
    return dt


def _size(size: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    if set(kwargs) - {"size"}:
        raise TypeError(
            f"got an unexpected keyword argument {next(iter(set(kwargs) - {'size'}))!r}"
        )
    return (kwargs["size"],) if "size" in kwargs else size


def _c_name(dt: dtype) -> str:
    return C_NAMES[dt][0]


def _make(flat: list[Any], shape: Sequence[int], dt: dtype, requires_grad: bool) -> Tensor:
    return tensor(
        nest(flat, tuple(shape)) if shape else flat[0], dtype=dt, requires_grad=requires_grad
    )


def rand(
    *size: Any,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **kwargs: Any,
) -> Tensor:
    """Uniform on [0, 1); the size as numbers, one tuple, or ``size=``; ``out=`` is filled."""
    check_device(device)
    out = kwargs.pop("out", None)
    shape = nonnegative(int_list("rand", _size(size, kwargs)))
    check_numel(numel(shape))
    dt = _float(dtype_arg("rand", dtype) or (out.dtype if out is not None else None))
    requires_grad = bool_arg("rand", "requires_grad", requires_grad, optional=True)
    r = _make(draws.uniform(generator, numel(shape), 0.0, 1.0, dt.name), shape, dt, requires_grad)
    return r if out is None else _into(out, r)


def randn(
    *size: Any,
    generator: Generator | None = None,
    dtype: dtype | None = None,
    device: Any = None,
    requires_grad: bool = False,
    **kwargs: Any,
) -> Tensor:
    """Standard normal (PyTorch's algorithm: one at a time under 16 elements, in blocks from
    16); ``out=`` is filled."""
    check_device(device)
    out = kwargs.pop("out", None)
    shape = nonnegative(int_list("randn", _size(size, kwargs)))
    check_numel(numel(shape))
    dt = _float(dtype_arg("randn", dtype) or (out.dtype if out is not None else None))
    requires_grad = bool_arg("randn", "requires_grad", requires_grad, optional=True)
    r = _make(draws.normal(generator, numel(shape), 0.0, 1.0, dt.name), shape, dt, requires_grad)
    return r if out is None else _into(out, r)


def _into(out: Tensor, r: Tensor) -> Tensor:
    """``out=``: ``out`` resized to the draw's shape and filled with it, as PyTorch does."""
    if tuple(out.shape) != tuple(r.shape):
        out.resize_(*r.shape)
    write(out, [v.data for v in r.flat])
    return out


def randint(*args: Any, generator: Generator | None = None, dtype: dtype | None = None,
            device: Any = None, requires_grad: bool = False, **named: Any) -> Tensor:  # fmt: skip
    """``randint(high, size)`` or ``randint(low, high, size)``: integers in [low, high); the
    three may also be named (``randint(low=0, high=2, size=(4,))``)."""
    check_device(device)
    if named:
        unknown = set(named) - {"low", "high", "size"}
        if unknown:
            raise TypeError(f"randint() got an unexpected keyword argument '{sorted(unknown)[0]}'")
        given = dict(zip(("low", "high", "size") if len(args) > 1 else ("high",), args))
        given.update(named)
        args = (given.get("low", 0), given["high"], given["size"])
    if len(args) == 2:
        low, (high, size) = 0, args
    elif len(args) == 3:
        low, high, size = args
    else:
        raise invalid_combination("randint", args)
    if not isinstance(size, (tuple, list)) or any(
        isinstance(n, bool) or not isinstance(n, int) for n in size
    ):
        raise invalid_combination("randint", args)
    shape, dt = nonnegative(int_list("randint", (size,))), dtype_arg("randint", dtype) or int64
    if low >= high:
        raise RuntimeError(
            f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"
        )
    got = draws.randint(generator, numel(shape), int(low), int(high))
    return _make([float(v) if dt.is_floating_point else v for v in got], shape, dt, requires_grad)


def randperm(n: int, *, generator: Generator | None = None, dtype: dtype | None = None,
             device: Any = None, requires_grad: bool = False) -> Tensor:  # fmt: skip
    """A random permutation of 0 .. n-1."""
    check_device(device)
    n = int_arg("randperm", "n", n, 1)
    nonnegative((n,))
    perm = draws.randperm(generator, n)
    dt = dtype or int64
    if not perm:
        return tensor([], dtype=dt)
    return tensor(perm, dtype=dt, requires_grad=requires_grad)


def normal(mean: Any = 0.0, std: Any = 1.0, size: Any = None, *,
           generator: Generator | None = None, dtype: dtype | None = None,
           device: Any = None, requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``normal(mean, std, size)`` with numbers, or with tensors of means and/or stds."""
    check_device(device)
    if isinstance(mean, Tensor) or isinstance(std, Tensor):
        like = mean if isinstance(mean, Tensor) else std
        means = mean.tolist() if isinstance(mean, Tensor) else mean
        stds = std.tolist() if isinstance(std, Tensor) else std
        flat_m = _flat(means) if isinstance(mean, Tensor) else mean
        flat_s = _flat(stds) if isinstance(std, Tensor) else std
        got = draws.normal_tensor(generator, flat_m, flat_s, like.dtype.name)
        return _make(got, like.shape, like.dtype, requires_grad)
    if size is None:
        raise TypeError("normal() received an invalid combination of arguments: give a size")
    shape, dt = (
        sizes(tuple(size) if isinstance(size, (list, tuple, Size)) else (size,)),
        _float(dtype),
    )
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")  # C++'s << double
    return _make(
        draws.normal(generator, numel(shape), float(mean), float(std), dt.name),
        shape,
        dt,
        requires_grad,
    )


def _flat(x: Any) -> list[float]:
    if isinstance(x, list):
        return [v for item in x for v in _flat(item)]
    return [x]


def bernoulli(
    input: Tensor, p: float | None = None, *, generator: Generator | None = None
) -> Tensor:
    """1 with probability ``input`` (elementwise), else 0; or with one probability ``p``."""
    n = input.numel()
    if p is not None:
        got = draws.bernoulli(generator, n, float(p), input.dtype.name)
    else:
        got = draws.bernoulli_probs(generator, _flat(input.tolist()), input.dtype.name)
    return _make([float(v) for v in got], input.shape, input.dtype, False)


def multinomial(input: Tensor, num_samples: int, replacement: bool = False, *,
                generator: Generator | None = None) -> Tensor:  # fmt: skip
    """Indices drawn with the weights of each row of ``input``."""
    rows = input.tolist()
    if input.dim() == 1:
        return tensor(draws.multinomial(generator, rows, num_samples, replacement), dtype=int64)
    return tensor(
        [draws.multinomial(generator, r, num_samples, replacement) for r in rows], dtype=int64
    )


def rand_like(input: Tensor, *, dtype: dtype | None = None, device: Any = None,
              requires_grad: bool = False) -> Tensor:  # fmt: skip
    check_device(device)
    return rand(*input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


def randn_like(input: Tensor, *, dtype: dtype | None = None, device: Any = None,
               requires_grad: bool = False) -> Tensor:  # fmt: skip
    check_device(device)
    return randn(*input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


def randint_like(input: Tensor, *args: int, dtype: dtype | None = None,
                 device: Any = None) -> Tensor:  # fmt: skip
    check_device(device)
    return randint(*args, tuple(input.shape), dtype=dtype or input.dtype)
