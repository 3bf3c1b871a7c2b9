"""PyTorch's two forms of one function, ``torch.f(t, ...)`` and ``t.f(...)``: where PyTorch
has both and tinygrad_edu has one, the other is made from it (``complete``), from one table.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
>>> torch.transpose(x, 0, 1).equal(x.transpose(0, 1)), x.softmax(dim=1).equal(torch.softmax(x, 1))
(True, True)
>>> x.argmax(axis=1), torch.sum(x, axis=0, keepdims=True)
(tensor([1, 1]), tensor([[4., 6.]]))

``BOTH`` is the list of names PyTorch 2.13 has in both forms (``tests/api_table.py`` makes it
from a real install and checks it). PyTorch also takes NumPy's keyword names everywhere
(``axis=`` for ``dim=``, ``keepdims=`` for ``keepdim=``): ``numpy_keywords`` makes a function
take them.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any

__all__ = ["BOTH", "NUMPY_KEYWORDS", "complete", "numpy_keywords"]

BOTH: tuple[str, ...] = tuple(
    """
    abs abs_ absolute acos acos_ acosh acosh_ add addbmm addcdiv addcmul addmm addmv addmv_ addr
    adjoint all allclose amax amin aminmax angle any arccos arccos_ arccosh arccosh_ arcsin
    arcsin_ arcsinh arcsinh_ arctan arctan2 arctan_ arctanh arctanh_ argmax argmin argsort
    argwhere as_strided as_strided_ as_strided_scatter asin asin_ asinh asinh_ atan atan2 atan_
    atanh atanh_ baddbmm bernoulli bincount bitwise_and bitwise_left_shift bitwise_not
    bitwise_or bitwise_right_shift bitwise_xor bmm broadcast_to ceil ceil_ cholesky
    cholesky_inverse cholesky_solve chunk clamp clamp_ clamp_max clamp_max_ clamp_min clamp_min_
    clip clip_ clone conj conj_physical conj_physical_ copysign corrcoef cos cos_ cosh cosh_
    count_nonzero cov cross cummax cummin cumprod cumsum deg2rad deg2rad_ dequantize det detach
    detach_ diag diag_embed diagflat diagonal diagonal_scatter diff digamma dist div divide dot
    dsplit eig eq equal erf erf_ erfc erfc_ erfinv exp exp2 exp2_ exp_ expm1 expm1_ fill_ fix
    fix_ flatten flip fliplr flipud float_power floor floor_ floor_divide fmax fmin fmod frac
    frac_ frexp gather gcd gcd_ ge geqrf ger get_device greater greater_equal gt hardshrink
    hash_tensor heaviside histc histogram hsplit hypot i0 i0_ igamma igammac index_add
    index_copy index_fill index_put index_put_ index_reduce index_select inner int_repr inverse
    is_complex is_conj is_distributed is_floating_point is_inference is_neg is_nonzero
    is_same_size is_signed isclose isfinite isinf isnan isneginf isposinf isreal istft kron
    kthvalue lcm lcm_ ldexp ldexp_ le lerp less less_equal lgamma log log10 log10_ log1p log1p_
    log2 log2_ log_ log_softmax logaddexp logaddexp2 logcumsumexp logdet logical_and logical_not
    logical_or logical_xor logit logit_ logsumexp lstsq lt lu lu_solve masked_fill
    masked_scatter masked_select matmul matrix_exp matrix_power max maximum mean median min
    minimum mm mode moveaxis movedim msort mul multinomial multiply mv mvlgamma nan_to_num
    nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy ne neg neg_ negative
    negative_ nextafter nonzero nonzero_static norm not_equal numel orgqr ormqr outer permute
    pinverse polygamma positive pow prelu prod put q_per_channel_axis q_per_channel_scales
    q_per_channel_zero_points q_scale q_zero_point qr quantile rad2deg rad2deg_ ravel reciprocal
    reciprocal_ relu relu_ remainder renorm repeat_interleave reshape resize_as_
    resize_as_sparse_ resolve_conj resolve_neg roll rot90 round round_ rsqrt rsqrt_ scatter
    scatter_add scatter_reduce select select_scatter sgn sigmoid sigmoid_ sign signbit sin sin_
    sinc sinc_ sinh sinh_ slice_inverse slice_scatter slogdet smm softmax solve sort split
    split_with_sizes sqrt sqrt_ square square_ squeeze sspaddmm std stft sub subtract sum svd
    swapaxes swapdims symeig t take take_along_dim tan tan_ tanh tanh_ tensor_split tile topk
    trace transpose triangular_solve tril triu true_divide trunc trunc_ unbind unflatten unique
    unique_consecutive unsafe_chunk unsafe_split unsafe_split_with_sizes unsqueeze var vdot
    vsplit where xlogy xlogy_ zero_
    """.split()  # noqa: SIM905 - a table to read
)  # fmt: skip

# PyTorch's argument parser reads these NumPy names as its own (python_arg_parser.cpp)
NUMPY_KEYWORDS = {"axis": "dim", "keepdims": "keepdim", "x1": "input", "x2": "other"}


def _takes_dim(fn: Callable[..., Any]) -> bool:
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return ("dim" in params or "keepdim" in params) and "axis" not in params


def numpy_keywords(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` that also takes ``axis=`` for ``dim=`` and ``keepdims=`` for ``keepdim=``."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        for numpy, torch in NUMPY_KEYWORDS.items():
            if numpy in kwargs:
                if torch in kwargs:
                    raise TypeError(f"{fn.__name__}() got {numpy}= and {torch}= both")
                kwargs[torch] = kwargs.pop(numpy)
        return fn(*args, **kwargs)

    return call


def _function(name: str, into: Callable[..., Any]) -> Callable[..., Any]:
    """``torch.name(input, ...)``: the method ``input.name(...)``, with ``out=``."""

    def fn(input: Any, *args: Any, out: Any = None, **kwargs: Any) -> Any:
        method = getattr(input, name, None)
        if method is None:
            raise TypeError(
                f"{name}(): argument 'input' (position 1) must be Tensor, not "
                f"{type(input).__name__}"
            )
        return into(out, method(*args, **kwargs), name, input, *args)

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"``torch.{name}(input, ...)`` is ``input.{name}(...)``."
    return fn


def _method(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """``t.name(...)``: the function ``torch.name(t, ...)``."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return function(self, *args, **kwargs)

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``t.{name}(...)`` is ``torch.{name}(t, ...)``."
    return method


def complete(namespace: dict[str, Any], tensor: type, into: Callable[..., Any]) -> list[str]:
    """Give ``namespace`` (the package's) and ``tensor`` (the Tensor class) the form of each
    name of ``BOTH`` that only one of them has; ``into(out, result, name, *inputs)`` writes a
    result into ``out=``. Then make every function and method with a ``dim`` or ``keepdim``
    take NumPy's names for them. Returns the names of ``BOTH`` in neither form (not built)."""
    missing = []
    for name in BOTH:
        fn, method = namespace.get(name), getattr(tensor, name, None)
        if fn is None and method is not None:
            namespace[name] = _function(name, into)
        elif method is None and fn is not None:
            setattr(tensor, name, _method(name, fn))
        elif fn is None:
            missing.append(name)
    for name, fn in list(namespace.items()):
        if not name.startswith("_") and inspect.isfunction(fn) and _takes_dim(fn):
            namespace[name] = numpy_keywords(fn)
    for name, fn in list(vars(tensor).items()):
        if not name.startswith("_") and inspect.isfunction(fn) and _takes_dim(fn):
            setattr(tensor, name, numpy_keywords(fn))
    return missing
