"""Spread and soft maxima: ``var``, ``std``, ``var_mean``, ``std_mean`` and ``logsumexp``,
over everything or over dims, with PyTorch's nodes (``VarBackward0``, ``StdMeanBackward0``,
``LogsumexpBackward0``) and its numbers.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 4.0], requires_grad=True)
>>> x.var(), x.std(correction=0)
(tensor(2.3333, grad_fn=<VarBackward0>), tensor(1.2472, grad_fn=<StdBackward0>))

PyTorch's CPU kernels accumulate a float32 variance in double and round once at the end, so
the numbers here are computed in double from the elements; the graph (for the gradients) is
the table's ops, shown as PyTorch's one node.
"""

from __future__ import annotations

import math
from typing import Any

from ..._torch_cpu.float32_libm import expf_glibc
from ...core.engine import apply
from ...core.fmath import fdiv, fsum
from ...core.ops import Op, exp
from ..dtype import float32, get_default_dtype, round_float32
from ..tensor_graph import node_class, result
from .reductions import dims_of, reduction_groups

__all__ = ["METHODS", "logsumexp", "std", "std_mean", "var", "var_mean"]


def _correction(unbiased: Any, correction: Any) -> float:
    if correction is not None:
        return float(correction)
    return 1.0 if unbiased is None or unbiased else 0.0


def _all_dims(t: Any, dim: Any) -> Any:
    return tuple(range(t.dim())) if dim is None else dim


def _renamed(name: str, r: Any, t: Any, **saved: Any) -> Any:
    if r.grad_fn is None:
        return r
    return result(r.elements(), r.shape, r.dtype, node_class(name, 1, {}, "find"), (t,), **saved)


def _spread(t: Any, dim: Any, c: float, keepdim: bool, root: bool) -> tuple[Any, Any]:
    """The variance (or its square root) over ``dim`` and the mean, each computed in double
    and rounded once; the graph is (t - mean)**2 summed, divided, maybe square-rooted."""
    if not t.dtype.is_floating_point:
        raise RuntimeError("std and var only support floating point and complex dtypes")
    dims, _ = dims_of(t, _all_dims(t, dim), keepdim)
    groups = reduction_groups(t.shape, dims) if t.flat else []
    n = len(groups[0]) if groups else 0
    mean = t.mean(dims, keepdim=True)
    r = ((t - mean) ** 2).sum(dims, keepdim=keepdim) / max(n - c, 0.0)
    if root:
        r = r.sqrt()
    m = t.mean(dims, keepdim=keepdim)
    single = t.dtype is float32
    for g, rv, mv in zip(groups, r.flat, m.flat):
        xs = [t.flat[i].data for i in g]
        mu = fsum(xs) / len(xs)
        v = fdiv(fsum((x - mu) ** 2 for x in xs), max(n - c, 0.0))
        v = math.sqrt(v) if root and v >= 0 else v
        rv.data, mv.data = (round_float32(v), round_float32(mu)) if single else (v, mu)
    return r, m


def var(t: Any, dim: Any = None, unbiased: Any = None, keepdim: bool = False, *,
        correction: Any = None) -> Any:  # fmt: skip
    """The variance, with Bessel's correction by default (divides by n - 1)."""
    c = _correction(unbiased, correction)
    r, _ = _spread(t, dim, c, keepdim, root=False)
    return _renamed("VarBackward0", r, t, _saved_correction=c, _saved_keepdim=keepdim)


def std(t: Any, dim: Any = None, unbiased: Any = None, keepdim: bool = False, *,
        correction: Any = None) -> Any:  # fmt: skip
    """The standard deviation: the square root of ``var``."""
    c = _correction(unbiased, correction)
    r, _ = _spread(t, dim, c, keepdim, root=True)
    return _renamed("StdBackward0", r, t, _saved_correction=c, _saved_keepdim=keepdim)


def var_mean(t: Any, dim: Any = None, unbiased: Any = None, keepdim: bool = False, *,
             correction: Any = None) -> tuple[Any, Any]:  # fmt: skip
    """``(var, mean)`` in one pass (``VarMeanBackward0``)."""
    r, m = _spread(t, dim, _correction(unbiased, correction), keepdim, root=False)
    return _renamed("VarMeanBackward0", r, t), _renamed("VarMeanBackward0", m, t)


def std_mean(t: Any, dim: Any = None, unbiased: Any = None, keepdim: bool = False, *,
             correction: Any = None) -> tuple[Any, Any]:  # fmt: skip
    """``(std, mean)`` in one pass (``StdMeanBackward0``)."""
    r, m = _spread(t, dim, _correction(unbiased, correction), keepdim, root=True)
    return _renamed("StdMeanBackward0", r, t), _renamed("StdMeanBackward0", m, t)


def _lse_local(*xs: Any) -> tuple[Any, ...]:
    *ins, out = xs
    return tuple(exp(x - out) for x in ins)  # PyTorch's backward: grad * exp(self - result)


def _lse_local32(*xs: Any) -> tuple[Any, ...]:
    *ins, out = xs
    if not isinstance(out, float):
        return _lse_local(*xs)
    # in float32, as PyTorch: the difference rounded, then expf (glibc's, as its exp gives)
    return tuple(expf_glibc(round_float32(x - out)) for x in ins)


def _lse_op(local: Any) -> Op:
    return Op(key="logsumexp", name="LogsumexpBackward0", forward=lambda *xs: 0.0,
              local=local, expr="logsumexp", slots=-1, method=None,
              dlocal=lambda slot, count: f"exp({{{slot}}} - out)")  # fmt: skip


_LOGSUMEXP, _LOGSUMEXP32 = _lse_op(_lse_local), _lse_op(_lse_local32)


def logsumexp(t: Any, dim: Any = None, keepdim: bool = False) -> Any:
    """``log(sum(exp(t)))`` over ``dim``, as PyTorch computes it: less the largest element
    (where it is finite), exponentiated, summed, logged, and the largest added back."""
    if dim is None:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    x = t if t.dtype.is_floating_point else t.to(get_default_dtype())
    dims, shape = dims_of(x, dim, keepdim)
    m = x.detach().amax(dims, keepdim=True)
    for v in m.flat:  # an infinite maximum is not taken off (inf - inf would be nan)
        if v.data in (math.inf, -math.inf):
            v.data = 0.0
    s = (x.detach() - m).exp().sum(dims, keepdim=keepdim)
    forward = s.log() + m.reshape(shape)
    vals = []
    op = _LOGSUMEXP32 if x.dtype is float32 else _LOGSUMEXP
    for g, f in zip(reduction_groups(x.shape, dims), forward.flat):
        v = apply(op, tuple(x.flat[i] for i in g))
        v.data = f.data
        vals.append(v)
    return result(vals, shape, x.dtype, node_class(_LOGSUMEXP.name, 1, {}, "find"), (x,),
                  _saved_dim=dims, _saved_keepdim=keepdim)  # fmt: skip


METHODS: dict[str, Any] = {
    "var": var,
    "std": std,
    "logsumexp": logsumexp,
}
