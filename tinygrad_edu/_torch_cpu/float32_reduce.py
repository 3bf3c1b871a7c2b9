"""float32 reductions and products as PyTorch 2.13 computes them on the CPU: lists in, floats out.

The order of the additions is what decides the bits of a float32 sum, and PyTorch's is not left
to right. Each function names the kernel it reproduces; ``tests/test_float32.py`` checks them
against torch. 2-d inputs are row-major element lists with their shape ``(m, n)``.

* ``sum`` is ``cascade_sum`` (``aten/src/ATen/native/cpu/SumKernel.cpp``), accumulating in
  float32: the row is read as vectors of 8 (AVX2), split four ways ("ilp"), each lane summed by
  a four-level cascade whose level width is ``2 ** max(4, ceil(log2(size)) // 4)``; the scalar
  tail and then the 8 lanes are added to a fresh accumulator. ``mean`` divides that sum by n.
* ``softmax``, ``log_softmax`` (``SoftMaxKernel.cpp``) reduce with ``vec::reduce_all``: lane-wise
  over whole vectors, the tail merged into the first lanes, then a shuffle tree. Along a dim
  that is not the last (a 3-tuple shape) they run 8 inner positions at a time, each summing
  down the dim; ``_vec_softmax`` splits even small tensors between ``THREADS`` threads.
* ``nll_loss_frame`` is the nll and nll2d frames' 8-level cascade (weights, ignored targets).
* ``max``, ``min``, ``prod`` are the vectorised reductions of ``Reduce.h``/``ReduceAllOpsKernel``.
* ``cumsum``, ``var``, ``std`` accumulate in double and round once at the end.
* ``dot``, ``mv``, ``mm`` go to MKL (``sdot``, ``sgemv``, ``sgemm``), whose order depends on the
  CPU and the size; the orders here were measured on this AVX2 machine (see each function).

PyTorch splits reductions of more than 32768 elements between threads; these assume one.
"""

from __future__ import annotations

import builtins
import math
import os
from array import array
from collections.abc import Callable, Sequence

from .float32_libm import exp_sleef, expf_glibc, f32, fma32, fma32_list, logf_sleef, round32
from .float32_pointwise import VECTOR_WIDTH

__all__ = [
    "addmm",
    "cross_entropy",
    "cumsum",
    "divide",
    "dot",
    "log_softmax",
    "log_softmax_backward",
    "logsumexp",
    "max",
    "mean",
    "mean_dim",
    "min",
    "mm",
    "mse_loss",
    "mv",
    "nll_loss",
    "nll_loss_frame",
    "norm",
    "prod",
    "reduce_all",
    "softmax",
    "softmax_backward",
    "softmax_shape",
    "std",
    "sum",
    "sum_dim",
    "var",
    "var_dim",
]

W = VECTOR_WIDTH
_NAN = math.nan
# PyTorch's intra-op threads (its default is the machine's cores; OMP_NUM_THREADS sets it):
# ``_vec_softmax`` along a dim that is not the last splits even small tensors between them
THREADS = int(os.environ.get("OMP_NUM_THREADS") or os.cpu_count() or 1)


def _ceil_log2(x: int) -> int:
    """ATen's ``utils::CeilLog2``: 1 for x <= 2."""
    return 1 if x <= 2 else (x - 1).bit_length()


def _cascade(seq: Sequence[float]) -> float:
    """One row of ``multi_row_sum``: four accumulator levels, the lower flushed into the next
    every ``level_step`` elements, then the levels added together."""
    size = len(seq)
    power = builtins.max(4, _ceil_log2(size) // 4)
    step = 1 << power
    mask = step - 1
    buf = array("f", [0.0])
    acc = [0.0, 0.0, 0.0, 0.0]
    i = 0
    while i + step <= size:
        a = acc[0]
        for x in seq[i : i + step]:
            buf[0] = a + x
            a = buf[0]
        i += step
        acc[0] = a
        for j in range(1, 4):
            buf[0] = acc[j] + acc[j - 1]
            acc[j] = buf[0]
            acc[j - 1] = 0.0
            if i & (mask << (j * power)):
                break
    a = acc[0]
    for x in seq[i:]:
        buf[0] = a + x
        a = buf[0]
    for j in range(1, 4):
        buf[0] = a + acc[j]
        a = buf[0]
    return a


def _cascades(cols: Sequence[Sequence[float]]) -> list[float]:
    """``_cascade`` of many columns of one length at once: the same control flow for each,
    so each step is one C loop over all the columns (each sum rounded to float32 by ``array``),
    bit for bit what ``_cascade`` gives column by column."""
    m = len(cols)
    size = len(cols[0]) if m else 0
    power = builtins.max(4, _ceil_log2(size) // 4)
    step = 1 << power
    mask = step - 1
    rows = list(zip(*cols))
    zeros = [0.0] * m
    acc = [zeros, zeros, zeros, zeros]
    add = _add_lists
    i = 0
    while i + step <= size:
        a = acc[0]
        for r in rows[i : i + step]:
            a = add(a, r)
        i += step
        acc[0] = a
        for j in range(1, 4):
            acc[j] = add(acc[j], acc[j - 1])
            acc[j - 1] = zeros
            if i & (mask << (j * power)):
                break
    a = acc[0]
    for r in rows[i:]:
        a = add(a, r)
    for j in range(1, 4):
        a = add(a, acc[j])
    return a


def _add_lists(a: Sequence[float], b: Sequence[float]) -> list[float]:
    return array("f", map(_plus, a, b)).tolist()


_plus = float.__add__


def _row_sum(seq: Sequence[float]) -> float:
    """``row_sum``: the row as (-1, 4), a cascade per column, leftovers and columns into the
    first. The same on scalars and on each lane of vectors."""
    size = len(seq)
    ilp = size // 4
    parts = _cascades([seq[k : 4 * ilp : 4] for k in range(4)])
    a = parts[0]
    for x in [*seq[4 * ilp :], *parts[1:]]:
        a = f32(a + x)
    return a


def _inner_sum(xs: Sequence[float]) -> float:
    """``vectorized_inner_sum`` for a contiguous row of at least W elements, else ``row_sum``."""
    n = len(xs)
    if n < W:
        return f32(0.0 + _row_sum(xs))
    nvec = n // W
    ilp = nvec // 4
    lanes = []
    cols = [xs[lane : nvec * W : W] for lane in range(W)]  # each lane of every whole vector
    every = _cascades([col[k : 4 * ilp : 4] for col in cols for k in range(4)])
    for lane, col in enumerate(cols):
        parts = every[4 * lane : 4 * lane + 4]
        a = parts[0]
        for x in [*col[4 * ilp :], *parts[1:]]:
            a = f32(a + x)
        lanes.append(a)
    final = 0.0
    for x in [*xs[nvec * W :], *lanes]:
        final = f32(final + x)
    return f32(0.0 + final)  # the output was filled with 0 and the result added to it


def sum(xs: Sequence[float]) -> float:
    """``torch.sum`` of all elements (any shape: the contiguous element list), ``cascade_sum``."""
    return _inner_sum(xs)


def sum_dim(xs: Sequence[float], shape: tuple[int, ...], dim: int) -> list[float]:
    """``t.sum(dim)`` of a 2-d ``(m, n)`` tensor. ``dim=1`` sums each contiguous row as ``sum``.
    ``dim=0`` is ``vectorized_outer_sum``: columns in blocks of 32 take the plain cascade (four
    vectors side by side), later columns ``row_sum`` (n >= 8); with n < 8 ``scalar_outer_sum``
    gives blocks of four columns the cascade and the rest ``row_sum``. A 3-tuple shape
    ``(outer, n, inner)`` with ``dim=1`` is a tensor summed along a middle dim: each outer
    block is an ``(n, inner)`` sum over dim 0 (measured: TensorIterator's loop per block)."""
    if len(shape) == 3:
        outer, k, inner = shape
        if inner == 1:
            return sum_dim(xs, (outer, k), 1)
        size = k * inner
        return [
            v for b in range(outer) for v in sum_dim(xs[b * size : (b + 1) * size], (k, inner), 0)
        ]
    m, n = shape
    if dim in (1, -1):
        return [_inner_sum(xs[i * n : (i + 1) * n]) for i in range(m)]
    if n == 1:
        return [_inner_sum(xs)]
    if m == 1:
        return [f32(0.0 + x) for x in xs]
    block = 4 * W if n >= W else 4
    plain = n - n % block
    out = []
    for j in range(n):
        col = xs[j::n]
        out.append(f32(0.0 + (_cascade(col) if j < plain else _row_sum(col))))
    return out


def mean(xs: Sequence[float]) -> float:
    """``torch.mean``: on CPU ``sum(...).div_(numel)``, the float32 sum divided by float32 n."""
    if not xs:
        return _NAN
    return f32(sum(xs) / f32(len(xs)))


def mean_dim(xs: Sequence[float], shape: tuple[int, ...], dim: int) -> list[float]:
    """``t.mean(dim)`` of a 2-d tensor (or a 3-tuple's middle dim): ``sum_dim`` divided by the
    reduced size."""
    k = f32(shape[dim])
    return [f32(s / k) if k else _NAN for s in sum_dim(xs, shape, dim)]


def _maximum(a: float, b: float) -> float:
    """``vec::maximum``: ``_mm256_max_ps`` (b unless a > b, so ties of zeros give b), nan wins."""
    if a != a or b != b:
        return _NAN
    return a if a > b else b


def _minimum(a: float, b: float) -> float:
    if a != a or b != b:
        return _NAN
    return a if a < b else b


def _add(a: float, b: float) -> float:
    return f32(a + b)


def reduce_all(op: Callable[[float, float], float], xs: Sequence[float]) -> float:
    """``vec::reduce_all`` (``functional_base.h``): fewer than 8 elements fold left to right;
    else 8 lanes fold over whole vectors, the tail into the first lanes, then the AVX2 tree
    ``lane i op lane i^4``, ``i^2``, ``i^1``."""
    n = len(xs)
    if n < W:
        a = xs[0]
        for x in xs[1:]:
            a = op(a, x)
        return a
    acc = list(xs[:W])
    d = W
    while d + W <= n:
        acc = [op(a, x) for a, x in zip(acc, xs[d : d + W])]
        d += W
    for lane, x in enumerate(xs[d:]):
        acc[lane] = op(acc[lane], x)
    for shift in (4, 2, 1):
        acc = [op(acc[i], acc[i ^ shift]) for i in range(W)]
    return acc[0]


def max(xs: Sequence[float]) -> float:
    """``t.max()``: ``reduce_all`` with ``vec::maximum`` (nan if any is nan)."""
    if not xs:
        raise ValueError("max of an empty list")
    return reduce_all(_maximum, xs)


def min(xs: Sequence[float]) -> float:
    """``t.min()``: ``reduce_all`` with ``vec::minimum``."""
    if not xs:
        raise ValueError("min of an empty list")
    return reduce_all(_minimum, xs)


def prod(xs: Sequence[float]) -> float:
    """``t.prod()``: ``binary_kernel_reduce_vec``: blocks of 4 vectors (32 elements) multiply
    lane-wise, the four vectors combine as ``(v0 * v1) * (v2 * v3)``, the lanes left to right;
    the leftover elements then multiply in order."""
    n = len(xs)
    block = 4 * W
    count = n // block
    out = 1.0
    if count:
        acc = list(xs[:block])
        for i in range(1, count):
            acc = [f32(a * x) for a, x in zip(acc, xs[i * block : (i + 1) * block])]
        v = [f32(f32(acc[k] * acc[k + W]) * f32(acc[k + 2 * W] * acc[k + 3 * W])) for k in range(W)]
        b = v[0]
        for x in v[1:]:
            b = f32(b * x)
        out = f32(out * b)
    for x in xs[count * block :]:
        out = f32(out * x)
    return out


def cumsum(xs: Sequence[float]) -> list[float]:
    """``cumsum``: ``cpu_cum_base_kernel`` accumulates in double (``acc_type<float, false>``) and
    rounds each output to float32."""
    out = []
    acc = 0.0
    for x in xs:
        acc += x
        out.append(acc)
    return round32(out)


def var(xs: Sequence[float], correction: float = 1.0) -> float:
    """``t.var()`` over all elements: ``std_var_all_cpu``: the float32 ``mean`` as a double, the
    squared deviations summed in double in order, divided by ``n - correction``, then rounded."""
    return f32(_var_all(xs, correction))


def std(xs: Sequence[float], correction: float = 1.0) -> float:
    """``t.std()``: the square root of ``var``'s double result, then rounded to float32."""
    v = _var_all(xs, correction)
    return f32(math.sqrt(v)) if v >= 0.0 else _NAN


def _var_all(xs: Sequence[float], correction: float) -> float:
    n = len(xs)
    if n == 0:
        return _NAN
    mu = mean(xs)
    acc = 0.0
    for x in xs:
        dx = x - mu
        acc += dx * dx
    div = n - correction
    if div <= 0.0:
        return math.inf if acc > 0 else _NAN
    return acc / div


def var_dim(
    xs: Sequence[float],
    shape: tuple[int, int],
    dim: int,
    correction: float = 1.0,
    take_sqrt: bool = False,
) -> list[float]:
    """``t.var(dim)`` / ``t.std(dim)`` of a 2-d tensor: ``WelfordOps`` in double along each
    reduced line, in order; the result rounded to float32."""
    m, n = shape
    lines = (
        [xs[i * n : (i + 1) * n] for i in range(m)]
        if dim in (1, -1)
        else [xs[j::n] for j in range(n)]
    )
    out = []
    for line in lines:
        mu = m2 = 0.0
        for k, x in enumerate(line, 1):
            delta = x - mu
            mu += delta / k
            m2 += delta * (x - mu)
        div = len(line) - correction
        v = m2 / div if div > 0 else (math.inf if m2 > 0 else _NAN)
        out.append(f32(math.sqrt(v) if take_sqrt else v))
    return out


def norm(xs: Sequence[float]) -> float:
    """``t.norm()`` (p = 2). Measured against torch, two regimes: from 8 elements on, 8 lanes
    accumulate ``acc + x * x`` (product rounded, then the sum) over whole vectors, the lanes are
    added left to right and the tail adds ``x * x`` the same way (``norm_two_reduce_step`` of
    the vectorised last-dim path); below 8, four accumulators take ``x[4i + k]`` by FMA, are
    added left to right, and the leftovers follow by FMA. Then ``sqrt``, rounded."""
    n = len(xs)
    if n < W:
        q = n // 4
        acc = [0.0] * 4
        for i in range(q):
            acc = [fma32(x, x, a) for a, x in zip(acc, xs[4 * i : 4 * i + 4])]
        b = acc[0]
        for a in acc[1:]:
            b = f32(b + a)
        for x in xs[4 * q :]:
            b = fma32(x, x, b)
    else:
        nv = n - n % W
        acc = [0.0] * W
        for i in range(0, nv, W):
            acc = round32([a + f32(x * x) for a, x in zip(acc, xs[i : i + W])])
        b = acc[0]
        for a in [*acc[1:], *round32([x * x for x in xs[nv:]])]:
            b = f32(b + a)
    return f32(math.sqrt(b)) if b == b else b


def softmax_shape(shape: Sequence[int], dim: int) -> tuple[int, ...] | None:
    """How the softmax kernels see a softmax along ``dim`` of a tensor of ``shape``: ``(rows, n)``
    along the last dim, ``(outer, n, inner)`` along another; None for a 0-d or empty tensor."""
    if not shape or 0 in shape:
        return None
    outer = math.prod(shape[:dim])
    if dim == len(shape) - 1:
        return (outer, shape[dim])
    return (outer, shape[dim], math.prod(shape[dim + 1 :]))


def softmax(xs: Sequence[float], shape: tuple[int, ...]) -> list[float]:
    """``softmax`` along the last dim (``_vec_softmax_lastdim``) of ``(rows, n)``, per row:
    ``m = reduce_all(max)``, ``e = exp(x - m)`` with Sleef's expf on every element,
    ``s = reduce_all(+, e)``, then ``e * (1 / s)``. A 3-tuple ``(outer, n, inner)`` is a softmax
    along a dim that is not the last (``_softmax_dim``)."""
    if len(shape) == 3:
        return _softmax_dim(xs, shape)  # type: ignore[arg-type]
    m, n = shape
    out: list[float] = []
    for i in range(m):
        row = xs[i * n : (i + 1) * n]
        top = reduce_all(_maximum, row)
        e = exp_sleef(round32([x - top for x in row]))
        inv = f32(1.0 / reduce_all(_add, e))
        out += round32([v * inv for v in e])
    return out


def _log32(x: float) -> float:
    if x != x or x == math.inf:
        return x
    return f32(math.log(x)) if x > 0.0 else (-math.inf if x == 0.0 else _NAN)


def log_softmax(xs: Sequence[float], shape: tuple[int, ...]) -> list[float]:
    """``log_softmax`` along the last dim (``_vec_log_softmax_lastdim``), per row:
    ``m = reduce_all(max)``, ``s = reduce_all(+, exp(x - m))`` (Sleef expf), ``l = log(s)``
    (Sleef logf, as ``vec::map`` calls it on the row sums), then ``(x - m) - l``. A 3-tuple
    ``(outer, n, inner)`` is one along a dim that is not the last (``_log_softmax_dim``)."""
    if len(shape) == 3:
        return _log_softmax_dim(xs, shape)  # type: ignore[arg-type]
    m, n = shape
    out: list[float] = []
    for i in range(m):
        row = xs[i * n : (i + 1) * n]
        top = reduce_all(_maximum, row)
        shifted = round32([x - top for x in row])
        lse = logf_sleef(reduce_all(_add, exp_sleef(shifted)))
        out += round32([v - lse for v in shifted])
    return out


def logsumexp(xs: Sequence[float]) -> float:
    """``torch.logsumexp`` over all elements: ``m = amax`` (0 if infinite), ``sum(exp(x - m))``
    with the cascade sum and MKL's exp, ``log`` (correctly rounded here), ``+ m``."""
    top = max(xs) if xs else -math.inf
    if top in (math.inf, -math.inf):
        top = 0.0
    e = [f32(math.exp(v)) if v < 89.0 else math.inf for v in round32([x - top for x in xs])]
    return f32(_log32(sum(e)) + top)


def dot(a: Sequence[float], b: Sequence[float]) -> float:
    """``torch.dot`` (MKL ``sdot``). Measured (probes with +-2**24 and ones, then random data):
    products rounded to float32 (no FMA), 16 accumulators taking element i at i % 16 in blocks
    of 16, then whole blocks of 4 and the last 1-3 elements into the first accumulators; the
    four groups of four added in order, then lanes 0+2 and 1+3, then those two. Equal to MKL's
    bits for most lengths; with 2 or 3 left over MKL does something else (within a few ulp)."""
    n = len(a)
    acc = [0.0] * 16
    prods = round32([x * y for x, y in zip(a, b)])
    whole = n - n % 16
    for i in range(0, whole, 16):
        acc = round32([p + q for p, q in zip(acc, prods[i : i + 16])])
    for k, p in enumerate(prods[whole : whole + (n - whole) // 4 * 4]):
        acc[k] = f32(acc[k] + p)
    for k, p in enumerate(prods[whole + (n - whole) // 4 * 4 :]):
        acc[k] = f32(acc[k] + p)
    lanes = acc[0:4]
    for g in range(1, 4):
        lanes = round32([p + q for p, q in zip(lanes, acc[4 * g : 4 * g + 4])])
    return f32(f32(lanes[0] + lanes[2]) + f32(lanes[1] + lanes[3]))


def _chain(a: Sequence[float], b: Sequence[float], fused: bool) -> float:
    s = 0.0
    for x, y in zip(a, b):
        s = fma32(x, y, s) if fused else f32(s + f32(x * y))
    return s


def mv(a: Sequence[float], shape: tuple[int, int], x: Sequence[float]) -> list[float]:
    """``torch.mv`` of ``(m, n)`` by n (MKL ``sgemv``): here each row as a rounded-product chain
    along the row; MKL's order is its own (within a few ulp)."""
    m, n = shape
    return [_chain(a[i * n : (i + 1) * n], x, False) for i in range(m)]


def mm(a: Sequence[float], b: Sequence[float], m: int, k: int, n: int) -> list[float]:
    """``a @ b`` of ``(m, k)`` by ``(k, n)`` (MKL ``sgemm``). Measured on this AVX2 machine: each
    element is a chain along k from 0; with m >= 4 and n >= 16 MKL's kernel fuses each step
    (``c = fma(a, b, c)``), for smaller shapes it rounds each product before adding it.
    (Computed a step of k at a time for all m * n elements, rounding whole lists at once.)"""
    fused = m >= 4 and n >= 16
    acc = [0.0] * (m * n)
    for t in range(k):
        av = [a[i * k + t] for i in range(m) for _ in range(n)]
        bv = list(b[t * n : (t + 1) * n]) * m
        if fused:
            acc = fma32_list(av, bv, acc)
        else:
            acc = round32([s + p for s, p in zip(acc, round32([x * y for x, y in zip(av, bv)]))])
    return acc


def addmm(
    bias: Sequence[float], a: Sequence[float], b: Sequence[float], m: int, k: int, n: int
) -> list[float]:
    """``bias + a @ b`` as ``F.linear`` / ``nn.Linear`` run it (``addmm``, MKL ``sgemm`` with
    beta 1): measured as ``mm`` first, then the bias (one per column) added and rounded."""
    prods = mm(a, b, m, k, n)
    return round32([p + bias[j % n] for j, p in enumerate(prods)])


def mse_loss(a: Sequence[float], b: Sequence[float]) -> float:
    """``mse_loss`` (mean): ``d = a - b``, ``d * d`` per element, then ``mean`` of those."""
    d = round32([x - y for x, y in zip(a, b)])
    return mean(round32([x * x for x in d]))


def softmax_backward(
    grad: Sequence[float], out: Sequence[float], shape: tuple[int, ...]
) -> list[float]:
    """``_softmax_backward_data`` (last dim): ``s = reduce_all(+, grad * y)`` with the products
    rounded, then ``(grad - s) * y``; a 3-tuple shape is a dim that is not the last."""
    if len(shape) == 3:
        return _softmax_backward_dim(grad, out, shape)  # type: ignore[arg-type]
    m, n = shape
    res: list[float] = []
    for i in range(m):
        g, y = grad[i * n : (i + 1) * n], out[i * n : (i + 1) * n]
        s = reduce_all(_add, round32([p * q for p, q in zip(g, y)]))
        res += round32([f32(p - s) * q for p, q in zip(g, y)])
    return res


def log_softmax_backward(
    grad: Sequence[float], out: Sequence[float], shape: tuple[int, ...]
) -> list[float]:
    """``_log_softmax_backward_data`` (last dim): ``s = reduce_all(+, grad)``, then
    ``grad - exp(y) * s`` with Sleef's expf and the multiply-subtract fused into one FMA; a
    3-tuple shape is a dim that is not the last."""
    if len(shape) == 3:
        return _log_softmax_backward_dim(grad, out, shape)  # type: ignore[arg-type]
    m, n = shape
    res: list[float] = []
    for i in range(m):
        g, y = grad[i * n : (i + 1) * n], out[i * n : (i + 1) * n]
        s = reduce_all(_add, g)
        res += fma32_list([-v for v in exp_sleef(y)], s, g)
    return res


def divide(a: float, b: float) -> float:
    """IEEE ``a / b`` (C's, where Python raises on a zero divisor)."""
    if b != 0.0:
        return a / b
    if a != a or a == 0.0:
        return _NAN
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


def nll_loss_frame(
    logp: Sequence[float],
    shape: tuple[int, ...],
    target: Sequence[int],
    weight: Sequence[float] | None = None,
    ignore_index: int = -100,
    reduction: int = 1,
    rnd: Callable[[float], float] = f32,
) -> tuple[list[float], float]:
    """``nll_loss_forward_out_frame`` / ``nll_loss2d_forward_out_frame`` (LossNLL.cpp,
    LossNLL2d.cpp) on ``(n, c)`` or ``(n, c, map)`` log-probabilities and ``n * map`` targets:
    the outputs (one per target for ``reduction`` 0, else one) and the total weight. The sum
    is the frames' 8-level cascade over the targets not ignored (the weights' sum another),
    the mean that sum over the total weight. ``rnd`` rounds to the dtype (``float`` for
    float64). The frames are built for the baseline CPU, so nothing is fused into an FMA."""
    c, m = shape[1], shape[2] if len(shape) == 3 else 1

    def picked(k: int, t: int) -> float:
        x = logp[(k // m * c + t) * m + k % m]
        return rnd(x * weight[t]) if weight is not None else x

    if reduction == 0:
        return [0.0 if t == ignore_index else -picked(k, t) for k, t in enumerate(target)], 0.0
    numiter = len(target)
    if numiter == 0:
        return [_NAN if reduction == 1 else 0.0], 0.0
    levels = 8
    power = builtins.max(4, _ceil_log2(numiter) // levels)
    mask = (1 << power) - 1
    parts = [0.0] * levels
    wparts = [0.0] * levels
    ignored = 0
    for k, t in enumerate(target):
        if t == ignore_index:
            ignored += 1
            continue
        parts[0] = rnd(parts[0] - picked(k, t))
        if weight is not None:
            wparts[0] = rnd(wparts[0] + weight[t])
        for j in range(levels - 1):
            if k & (mask << (j * power)):
                break
            parts[j + 1] = rnd(parts[j + 1] + parts[j])
            wparts[j + 1] = rnd(wparts[j + 1] + wparts[j])
            parts[j] = wparts[j] = 0.0
    total = 0.0
    for p in parts:
        total = rnd(total + p)
    if weight is None:
        total_weight = rnd(float(numiter - ignored))
    else:
        total_weight = 0.0
        for p in wparts:
            total_weight = rnd(total_weight + p)
    if reduction == 1:
        total = rnd(divide(total, total_weight))
    return [total], total_weight


def nll_loss(logp: Sequence[float], shape: tuple[int, int], target: Sequence[int]) -> float:
    """``nll_loss`` (mean) of ``(m, n)`` log-probabilities (``nll_loss_frame``)."""
    return nll_loss_frame(logp, shape, target)[0][0]


def cross_entropy(logits: Sequence[float], shape: tuple[int, int], target: Sequence[int]) -> float:
    """``cross_entropy`` (mean): ``log_softmax`` then ``nll_loss``."""
    return nll_loss(log_softmax(logits, shape), shape, target)


# Along a dim that is not the last one (``_vec_softmax``/``_vec_logsoftmax`` and their backward
# in SoftMaxKernel.cpp): the input is viewed as (outer, dim, inner) and the kernels run across
# the inner positions 8 at a time, each lane reducing down the dim one step after another. The
# inner positions past the last whole vector take the scalar path, whose exp is glibc's.


def _lanes(inner: int) -> int:
    """How many of ``inner`` positions the vector path takes (the rest are the scalar tail)."""
    return inner - inner % W


def _columns(xs: Sequence[float], shape: tuple[int, int, int]) -> list[list[float]]:
    """The (outer, dim, inner) ``xs`` as one list per (outer, inner) position, down the dim."""
    outer, n, inner = shape
    return [
        [xs[(o * n + d) * inner + j] for d in range(n)] for o in range(outer) for j in range(inner)
    ]


def _placed(cols: list[list[float]], shape: tuple[int, int, int]) -> list[float]:
    outer, n, inner = shape
    out = [0.0] * (outer * n * inner)
    for k, col in enumerate(cols):
        o, j = divmod(k, inner)
        for d, v in enumerate(col):
            out[(o * n + d) * inner + j] = v
    return out


def _exp_col(col: Sequence[float], vector: bool) -> list[float]:
    return exp_sleef(col) if vector else [expf_glibc(x) for x in col]


def _vector_positions(shape: tuple[int, int, int]) -> list[bool]:
    """Which (outer, inner) positions ``_vec_softmax`` takes on its vector path: it splits the
    ``outer * inner`` positions between ``THREADS`` threads in equal chunks (its grain is that
    small), and each chunk runs 8 positions at a time while they fit in both the chunk and the
    inner row; the rest are scalar."""
    outer, _, inner = shape
    total = outer * inner
    threads = builtins.max(1, builtins.min(THREADS, total))
    chunk = -(-total // threads) if total else 0
    vector = [False] * total
    for begin in range(0, total, chunk or 1):
        end = builtins.min(total, begin + chunk)
        idx = begin
        while idx < end:
            j = idx % inner
            if j + W <= inner and idx + W <= end:
                vector[idx : idx + W] = [True] * W
                idx += W
            else:
                idx += end - idx if idx + W > end else inner - j
    return vector


def _softmax_dim(xs: Sequence[float], shape: tuple[int, int, int]) -> list[float]:
    """``_vec_softmax``: per position ``m = max``, ``e = exp(x - m)``, ``s`` summed down the dim,
    then ``e / s`` (a division here, not the last dim's multiply by ``1 / s``)."""
    vectors = _vector_positions(shape)
    cols = []
    for vector, col in zip(vectors, _columns(xs, shape)):
        top = col[0]
        for x in col[1:]:
            top = _maximum(top, x) if vector else (x if top < x else top)
        e = _exp_col(round32([x - top for x in col]), vector)
        s = 0.0
        for v in e:
            s = f32(s + v)
        cols.append(round32([v / s for v in e]))
    return _placed(cols, shape)


def _log_softmax_dim(xs: Sequence[float], shape: tuple[int, int, int]) -> list[float]:
    """``_vec_logsoftmax``: per position ``m = max``, ``s`` = the sum of ``exp(x - m)`` down
    the dim, ``l = log(s)`` (Sleef's logf for every position, as ``vec::map`` calls it), then
    ``(x - m) - l``."""
    lanes = _lanes(shape[2])
    cols = []
    for k, col in enumerate(_columns(xs, shape)):
        top = -math.inf
        for x in col:
            top = x if x > top else top
        shifted = round32([x - top for x in col])
        s = 0.0
        for v in _exp_col(shifted, k % shape[2] < lanes):
            s = f32(s + v)
        lse = logf_sleef(s)
        cols.append(round32([v - lse for v in shifted]))
    return _placed(cols, shape)


def _softmax_backward_dim(
    grad: Sequence[float], out: Sequence[float], shape: tuple[int, int, int]
) -> list[float]:
    """``_vec_softmax_backward``: ``s`` = the sum of ``grad * y`` down the dim (each step one
    FMA), then ``y * (grad - s)``."""
    cols = []
    for g, y in zip(_columns(grad, shape), _columns(out, shape)):
        s = 0.0
        for p, q in zip(g, y):
            s = fma32(p, q, s)
        cols.append(round32([q * f32(p - s) for p, q in zip(g, y)]))
    return _placed(cols, shape)


def _log_softmax_backward_dim(
    grad: Sequence[float], out: Sequence[float], shape: tuple[int, int, int]
) -> list[float]:
    """``_vec_log_softmax_backward``: ``s`` = the sum of ``grad`` down the dim, then
    ``grad - exp(y) * s`` as one FMA (Sleef's exp on the vector path, glibc's on the tail)."""
    lanes = _lanes(shape[2])
    cols = []
    for k, (g, y) in enumerate(zip(_columns(grad, shape), _columns(out, shape))):
        s = 0.0
        for p in g:
            s = f32(s + p)
        e = _exp_col(y, k % shape[2] < lanes)
        cols.append(fma32_list([-v for v in e], s, g))
    return _placed(cols, shape)
