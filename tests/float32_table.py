"""The float32 kernels under test, each beside the PyTorch call it reproduces.

Shared by ``tests/regen_float32.py`` (which runs the torch side and stores its bits) and
``tests/test_float32.py`` (which runs ours against the stored bits, or against live torch).
A case is one kernel on one input set; every kernel returns a flat list of floats.
``EXACT`` kernels must agree bit for bit; the others within 1 ulp (their PyTorch bits come from
MKL or Sleef code this module does not reproduce; the module docstrings say which).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import tinygrad_edu
from tinygrad_edu._torch_cpu import float32_libm as lm
from tinygrad_edu._torch_cpu import float32_loss as ls
from tinygrad_edu._torch_cpu import float32_pointwise as pw
from tinygrad_edu._torch_cpu import float32_reduce as rd
from tinygrad_edu._torch_cpu.optim_arith import Arith
from tinygrad_edu.core.engine import Value
from tinygrad_edu.core.graph import chain_rule
from tinygrad_edu.core.ops import OPS, in_float32

AR = Arith(True)  # optim's float32 kernels: PyTorch's single-tensor steps

SIZES = [1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 10000]
SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e-40, -3e-42, 1.4e-45, 1e30, -1e30, 3.4e38]


def make_inputs(n: int, seed: int) -> dict[str, list[float]]:
    """Input sets of n float32 values: ``u`` smooth in [-3, 3], ``x`` mixed magnitudes with
    cancelling pairs, ``s`` ``u`` with subnormals, infinities, nans and signed zeros sprinkled
    in, ``p`` positive, ``y`` a second smooth set, ``q`` near 1 (for products), ``h``
    probabilities in [0, 1] (some exactly 0 or 1), ``t`` targets (0, 1 or between)."""
    rng = random.Random(seed)
    u = [rng.uniform(-3.0, 3.0) for _ in range(n)]
    x = [rng.choice((-1, 1)) * rng.uniform(1, 2) * 2.0 ** rng.randint(-12, 12) for _ in range(n)]
    for i in range(0, n - 1, 5):  # a large value and (almost) its negative: cancellation
        x[i + 1] = -x[i] * rng.choice((1.0, 1.0 + 2**-20, 1.0 - 2**-22))
    s = list(u)
    for i in range(n):
        if rng.random() < 0.15:
            s[i] = rng.choice(SPECIALS)
    p = [rng.uniform(0.01, 10.0) * 2.0 ** rng.randint(-4, 4) for _ in range(n)]
    y = [rng.uniform(-3.0, 3.0) for _ in range(n)]
    q = [rng.uniform(0.7, 1.4) for _ in range(n)]
    h = [rng.choice((0.0, 1.0, 1e-30, rng.random())) if rng.random() < 0.1 else rng.random()
         for _ in range(n)]  # fmt: skip
    t = [rng.choice((0.0, 1.0, rng.random())) for _ in range(n)]
    sets = dict(u=u, x=x, s=s, p=p, y=y, q=q, h=h, t=t)
    return {k: lm.round32(v) for k, v in sets.items()}


def _t(torch, xs):
    return torch.tensor(xs, dtype=torch.float32)


def _flat(t) -> list[float]:
    return [float(v) for v in t.reshape(-1).tolist()]


def _grad(torch, fn, *inputs, upstream):
    """d(fn)/d(inputs) from torch's autograd with the given float32 upstream grad."""
    ts = [_t(torch, v).requires_grad_() for v in inputs]
    out = fn(*ts)
    out.backward(_t(torch, upstream).reshape(out.shape))
    return [g for t in ts for g in _flat(t.grad)]


def _rows(n: int) -> tuple[int, int]:
    """A 2-d shape for n elements' worth of cases: rows of n, 3 of them."""
    return (3, n)


def _sgd(torch, p, g, **kwargs):
    """Two steps of torch.optim.SGD from parameter ``p`` with the grads ``g`` then ``p``."""
    w = _t(torch, p).requires_grad_()
    opt = torch.optim.SGD([w], lr=0.03, **kwargs)
    for grad in (g, p[::-1]):
        w.grad = _t(torch, grad)
        opt.step()
    return _flat(w.detach())


def _sgd_ours(p, g, momentum=0.0, nesterov=False, weight_decay=0.0, dampening=0.0):
    """The same two steps with optim's float32 kernels, in the order torch.optim.SGD runs them."""
    out = []
    for k, w in enumerate(p):
        buf = None
        for grad in (g[k], p[::-1][k]):
            d = AR.add([grad], [w], weight_decay)[0] if weight_decay else grad
            if momentum:
                buf = d if buf is None else AR.add(AR.mul([buf], momentum), [d], 1 - dampening)[0]
                d = AR.add([d], [buf], momentum)[0] if nesterov else buf
            w = AR.add([w], [d], -0.03)[0]
        out.append(w)
    return out


def _targets(n: int) -> list[int]:
    return [(7 * i + 3) % 5 for i in range(n)]


# name -> (input keys, ours(*inputs), torch(torch, *inputs), exact?)
Kernel = tuple[tuple[str, ...], Callable, Callable, bool]
F = None  # torch.nn.functional, bound at call time


def _rule(key: str, g, a, b=None, *, out=None, exponent=None) -> list[float]:
    """The op table's rule for ``key`` on float32 numbers, element by element (as the pass
    runs it for a float32 tensor's elements): every input's gradient, input by input."""
    op = in_float32(OPS[key])
    per: list[list[float]] = [[] for _ in range(op.slots)]
    for i, u in enumerate(g):
        ins: tuple = (Value(a[i]),) if b is None else (Value(a[i]), Value(b[i]))
        if exponent is not None:
            ins += (exponent,)
        y = 0.0 if out is None else out[i]
        for k, c in enumerate(chain_rule(op, ins, y, u)):
            per[k].append(float(c))
    return [v for part in per for v in part]


def _cross_entropy_grad(T, a):
    return _grad(
        T,
        lambda p: T.nn.functional.cross_entropy(p.reshape(-1, 5), T.tensor(_targets(len(a)))),
        a * 5,
        upstream=[1.0],
    )


def _sum_to_bias(T, g1, g2, g3, b):
    return _grad(T, lambda p: _t(T, g1 + g2 + g3).reshape(3, -1) + p, b, upstream=g1 + g2 + g3)


def _mm_grad(T, g, a, b):
    return _grad(T, lambda p, q: p.reshape(2, -1) @ q.reshape(-1, 2), a + a, b + b, upstream=g[:4])


KERNELS: dict[str, Kernel] = {
    # elementwise
    "add": (("x", "y"), pw.add, lambda T, a, b: _flat(_t(T, a) + _t(T, b)), True),
    "add_special": (("s", "y"), pw.add, lambda T, a, b: _flat(_t(T, a) + _t(T, b)), True),
    "sub": (("x", "y"), pw.sub, lambda T, a, b: _flat(_t(T, a) - _t(T, b)), True),
    "mul": (("s", "x"), pw.mul, lambda T, a, b: _flat(_t(T, a) * _t(T, b)), True),
    "mul_scalar": (("s",), lambda a: pw.mul(a, 0.1), lambda T, a: _flat(_t(T, a) * 0.1), True),
    "div": (("s", "y"), pw.div, lambda T, a, b: _flat(_t(T, a) / _t(T, b)), True),
    "div_scalar": (("x",), lambda a: pw.div(a, 3), lambda T, a: _flat(_t(T, a) / 3), True),
    "neg": (("s",), pw.neg, lambda T, a: _flat(-_t(T, a)), True),
    "abs": (("s",), pw.abs, lambda T, a: _flat(_t(T, a).abs()), True),
    "relu": (("s",), pw.relu, lambda T, a: _flat(_t(T, a).relu()), True),
    "leaky_relu": (
        ("s",),
        pw.leaky_relu,
        lambda T, a: _flat(T.nn.functional.leaky_relu(_t(T, a))),
        True,
    ),
    "clamp": (
        ("s",),
        lambda a: pw.clamp(a, -1.0, 0.5),
        lambda T, a: _flat(_t(T, a).clamp(-1.0, 0.5)),
        True,
    ),
    "reciprocal": (("s",), pw.reciprocal, lambda T, a: _flat(_t(T, a).reciprocal()), True),
    "sigmoid": (("u",), pw.sigmoid, lambda T, a: _flat(_t(T, a).sigmoid()), True),
    "sigmoid_special": (("s",), pw.sigmoid, lambda T, a: _flat(_t(T, a).sigmoid()), True),
    "sigmoid_wide": (("x",), pw.sigmoid, lambda T, a: _flat(_t(T, a).sigmoid()), True),
    "silu": (("u",), pw.silu, lambda T, a: _flat(T.nn.functional.silu(_t(T, a))), True),
    "softplus": (
        ("u",),
        pw.softplus,
        lambda T, a: _flat(T.nn.functional.softplus(_t(T, a))),
        False,
    ),
    "pow2": (("s",), lambda a: pw.pow(a, 2), lambda T, a: _flat(_t(T, a) ** 2), True),
    "pow3": (("x",), lambda a: pw.pow(a, 3), lambda T, a: _flat(_t(T, a) ** 3), True),
    "pow-1": (("s",), lambda a: pw.pow(a, -1), lambda T, a: _flat(_t(T, a) ** -1), True),
    "pow-2": (("x",), lambda a: pw.pow(a, -2), lambda T, a: _flat(_t(T, a) ** -2), True),
    "pow0.5": (("p",), lambda a: pw.pow(a, 0.5), lambda T, a: _flat(_t(T, a) ** 0.5), False),
    "pow1.5": (("p",), lambda a: pw.pow(a, 1.5), lambda T, a: _flat(_t(T, a) ** 1.5), True),
    "pow_tensor": (("p", "y"), pw.pow, lambda T, a, b: _flat(_t(T, a) ** _t(T, b)), True),
    "exp": (("u",), pw.exp, lambda T, a: _flat(_t(T, a).exp()), False),
    "exp_special": (("s",), pw.exp, lambda T, a: _flat(_t(T, a).exp()), False),
    "log": (("p",), pw.log, lambda T, a: _flat(_t(T, a).log()), False),
    "tanh": (("u",), pw.tanh, lambda T, a: _flat(_t(T, a).tanh()), False),
    "sin": (("u",), pw.sin, lambda T, a: _flat(_t(T, a).sin()), False),
    "cos": (("u",), pw.cos, lambda T, a: _flat(_t(T, a).cos()), False),
    "sqrt": (("p",), pw.sqrt, lambda T, a: _flat(_t(T, a).sqrt()), False),
    "expm1": (("u",), pw.expm1, lambda T, a: _flat(_t(T, a).expm1()), False),
    "log1p": (("p",), pw.log1p, lambda T, a: _flat(_t(T, a).log1p()), True),
    "log1p_special": (("s",), pw.log1p, lambda T, a: _flat(_t(T, a).log1p()), True),
    # reductions
    "sum": (("x",), lambda a: [rd.sum(a)], lambda T, a: [_t(T, a).sum().item()], True),
    "sum_smooth": (("u",), lambda a: [rd.sum(a)], lambda T, a: [_t(T, a).sum().item()], True),
    "sum_special": (("s",), lambda a: [rd.sum(a)], lambda T, a: [_t(T, a).sum().item()], True),
    "mean": (("x",), lambda a: [rd.mean(a)], lambda T, a: [_t(T, a).mean().item()], True),
    "sum_rows": (
        ("x", "u", "y"),
        lambda a, b, c: rd.sum_dim(a + b + c, _rows(len(a)), 1),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).sum(1)),
        True,
    ),
    "sum_cols": (
        ("x", "u", "y"),
        lambda a, b, c: rd.sum_dim(a + b + c, _rows(len(a)), 0),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).sum(0)),
        True,
    ),
    "sum_cols_tall": (
        ("x",),
        lambda a: rd.sum_dim(a + a[::-1] + a, (len(a), 3), 0),
        lambda T, a: _flat(_t(T, a + a[::-1] + a).reshape(-1, 3).sum(0)),
        True,
    ),
    "mean_rows": (
        ("x", "u", "y"),
        lambda a, b, c: rd.mean_dim(a + b + c, _rows(len(a)), 1),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).mean(1)),
        True,
    ),
    "mean_cols": (
        ("x", "u", "y"),
        lambda a, b, c: rd.mean_dim(a + b + c, _rows(len(a)), 0),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).mean(0)),
        True,
    ),
    "prod": (("q",), lambda a: [rd.prod(a)], lambda T, a: [_t(T, a).prod().item()], True),
    "max": (("s",), lambda a: [rd.max(a)], lambda T, a: [_t(T, a).max().item()], True),
    "max_x": (("x",), lambda a: [rd.max(a)], lambda T, a: [_t(T, a).max().item()], True),
    "min": (("x",), lambda a: [rd.min(a)], lambda T, a: [_t(T, a).min().item()], True),
    "cumsum": (("x",), rd.cumsum, lambda T, a: _flat(_t(T, a).cumsum(0)), True),
    "var": (("x",), lambda a: [rd.var(a)], lambda T, a: [_t(T, a).var().item()], True),
    "std": (("u",), lambda a: [rd.std(a)], lambda T, a: [_t(T, a).std().item()], True),
    "var_rows": (
        ("x", "u", "y"),
        lambda a, b, c: rd.var_dim(a + b + c, _rows(len(a)), 1),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).var(1)),
        True,
    ),
    "std_cols": (
        ("x", "u", "y"),
        lambda a, b, c: rd.var_dim(a + b + c, _rows(len(a)), 0, take_sqrt=True),
        lambda T, a, b, c: _flat(_t(T, a + b + c).reshape(3, -1).std(0)),
        True,
    ),
    "norm": (("u",), lambda a: [rd.norm(a)], lambda T, a: [_t(T, a).norm().item()], False),
    "logsumexp": (
        ("u",),
        lambda a: [rd.logsumexp(a)],
        lambda T, a: [T.logsumexp(_t(T, a), 0).item()],
        False,
    ),
    "softmax": (
        ("u", "y", "x"),
        lambda a, b, c: rd.softmax(a + b + c, _rows(len(a))),
        lambda T, a, b, c: _flat(T.softmax(_t(T, a + b + c).reshape(3, -1), 1)),
        True,
    ),
    "log_softmax": (
        ("u", "y", "x"),
        lambda a, b, c: rd.log_softmax(a + b + c, _rows(len(a))),
        lambda T, a, b, c: _flat(T.log_softmax(_t(T, a + b + c).reshape(3, -1), 1)),
        True,
    ),
    "dot": (
        ("u", "y"),
        lambda a, b: [rd.dot(a, b)],
        lambda T, a, b: [T.dot(_t(T, a), _t(T, b)).item()],
        False,
    ),
    "mv": (
        ("u", "y"),
        lambda a, b: rd.mv(a + b, (2, len(a)), b),
        lambda T, a, b: _flat(T.mv(_t(T, a + b).reshape(2, -1), _t(T, b))),
        False,
    ),
    "mm": (
        ("u", "y"),
        lambda a, b: rd.mm(a + b, b + a, 2, len(a), 2),
        lambda T, a, b: _flat(_t(T, a + b).reshape(2, -1) @ _t(T, b + a).reshape(-1, 2)),
        True,
    ),
    "mm_wide": (
        ("u", "y"),
        lambda a, b: rd.mm((a + b) * 2, (a + b) * 8, 4, len(a), 16),
        lambda T, a, b: _flat(
            _t(T, (a + b) * 2).reshape(4, -1) @ _t(T, (a + b) * 8).reshape(-1, 16)
        ),
        False,
    ),
    "linear": (
        ("u", "y", "x"),
        lambda a, b, c: rd.addmm(
            c[:3],
            a + b,
            [((a + b) * 3)[j * len(a) * 2 + i] for i in range(2 * len(a)) for j in range(3)],
            1,
            2 * len(a),
            3,
        ),
        lambda T, a, b, c: _flat(
            T.nn.functional.linear(
                _t(T, a + b).reshape(1, -1), _t(T, (a + b) * 3).reshape(3, -1), _t(T, c[:3])
            )
        ),
        False,
    ),
    "mse_loss": (
        ("u", "y"),
        lambda a, b: [rd.mse_loss(a, b)],
        lambda T, a, b: [T.nn.functional.mse_loss(_t(T, a), _t(T, b)).item()],
        True,
    ),
    "cross_entropy": (
        ("u",),
        lambda a: [rd.cross_entropy(a * 5, (len(a), 5), _targets(len(a)))],
        lambda T, a: [
            T.nn.functional.cross_entropy(
                _t(T, a * 5).reshape(-1, 5), T.tensor(_targets(len(a)))
            ).item()
        ],
        True,
    ),
    "nll_loss": (
        ("u",),
        lambda a: [rd.nll_loss(a * 5, (len(a), 5), _targets(len(a)))],
        lambda T, a: [
            T.nn.functional.nll_loss(_t(T, a * 5).reshape(-1, 5), T.tensor(_targets(len(a)))).item()
        ],
        True,
    ),
    "bce": (
        ("h", "t"),
        ls.binary_cross_entropy,
        lambda T, a, b: _flat(
            T.nn.functional.binary_cross_entropy(_t(T, a), _t(T, b), reduction="none")
        ),
        False,
    ),
    "bce_logits": (
        ("x", "t"),
        ls.binary_cross_entropy_with_logits,
        lambda T, a, b: _flat(
            T.nn.functional.binary_cross_entropy_with_logits(_t(T, a), _t(T, b), reduction="none")
        ),
        True,
    ),
    # optimizer updates: two steps of torch.optim.SGD
    "sgd": (("u", "y"), _sgd_ours, lambda T, p, g: _sgd(T, p, g), True),
    "sgd_momentum": (
        ("u", "y"),
        lambda p, g: _sgd_ours(p, g, momentum=0.9, weight_decay=0.01, dampening=0.1),
        lambda T, p, g: _sgd(T, p, g, momentum=0.9, weight_decay=0.01, dampening=0.1),
        True,
    ),
    "sgd_nesterov": (
        ("u", "y"),
        lambda p, g: _sgd_ours(p, g, momentum=0.9, nesterov=True),
        lambda T, p, g: _sgd(T, p, g, momentum=0.9, nesterov=True),
        True,
    ),
    # backward: the op table's rule on float32 numbers (what the pass runs for each element),
    # given torch's forward result where the forward is not exact here; the whole pass on
    # tinygrad_edu's own tensors where PyTorch's formula is a tensor one (sums, sum_to, mm)
    "mul_backward": (
        ("y", "x", "u"),
        lambda g, a, b: _rule("mul", g, a, b),
        lambda T, g, a, b: _grad(T, lambda p, q: p * q, a, b, upstream=g),
        True,
    ),
    "div_backward": (
        ("y", "x", "u"),
        lambda g, a, b: _rule("div", g, a, b),
        lambda T, g, a, b: _grad(T, lambda p, q: p / q, a, b, upstream=g),
        True,
    ),
    "tanh_backward": (
        ("y", "u"),
        lambda g, y: _rule("tanh", g, y, out=y),
        lambda T, g, y: _flat(T.ops.aten.tanh_backward(_t(T, g), _t(T, y))),
        True,
    ),
    "sigmoid_backward": (
        ("y", "u"),
        lambda g, y: _rule("sigmoid", g, y, out=y),
        lambda T, g, y: _flat(T.ops.aten.sigmoid_backward(_t(T, g), _t(T, y))),
        True,
    ),
    "sigmoid_grad": (
        ("y", "u"),
        lambda g, a: _rule("sigmoid", g, a, out=pw.sigmoid(a)),
        lambda T, g, a: _grad(T, lambda p: p.sigmoid(), a, upstream=g),
        True,
    ),
    "exp_grad": (
        ("y", "exp_u", "u"),
        lambda g, y, a: _rule("exp", g, a, out=y),
        lambda T, g, y, a: _grad(T, lambda p: p.exp(), a, upstream=g),
        True,
    ),
    "log_grad": (
        ("y", "p"),
        lambda g, a: _rule("log", g, a),
        lambda T, g, a: _grad(T, lambda p: p.log(), a, upstream=g),
        True,
    ),
    "sqrt_grad": (
        ("y", "sqrt_p", "p"),
        lambda g, y, a: _rule("sqrt", g, a, out=y),
        lambda T, g, y, a: _grad(T, lambda p: p.sqrt(), a, upstream=g),
        True,
    ),
    "relu_grad": (
        ("y", "s"),
        lambda g, a: _rule("relu", g, a, out=pw.relu(a)),
        lambda T, g, a: _grad(T, lambda p: p.relu(), a, upstream=g),
        True,
    ),
    "pow2_grad": (
        ("y", "x"),
        lambda g, a: _rule("pow", g, a, exponent=2),
        lambda T, g, a: _grad(T, lambda p: p**2, a, upstream=g),
        True,
    ),
    "pow3_grad": (
        ("y", "x"),
        lambda g, a: _rule("pow", g, a, exponent=3),
        lambda T, g, a: _grad(T, lambda p: p**3, a, upstream=g),
        True,
    ),
    "pow-1_grad": (
        ("y", "p"),
        lambda g, a: _rule("pow", g, a, exponent=-1),
        lambda T, g, a: _grad(T, lambda p: p**-1, a, upstream=g),
        True,
    ),
    "pow0.5_grad": (
        ("y", "p"),
        lambda g, a: _rule("pow", g, a, exponent=0.5),
        lambda T, g, a: _grad(T, lambda p: p**0.5, a, upstream=g),
        True,
    ),
    "pow-2_grad": (
        ("y", "p", "pow-3_p"),
        lambda g, a, w: _rule("pow", g, a, exponent=-2),
        lambda T, g, a, w: _grad(T, lambda p: p**-2, a, upstream=g),
        False,  # the rule's own x ** -3 is correctly rounded; PyTorch's powf is Sleef's
    ),
    "pow1.5_grad": (
        ("y", "p", "sqrt_p"),
        lambda g, a, w: _rule("pow", g, a, exponent=1.5),
        lambda T, g, a, w: _grad(T, lambda p: p**1.5, a, upstream=g),
        False,  # the same: x ** 0.5 is sqrt, exact, but 1.5 * it is rounded after Sleef's
    ),
    "tanh_grad": (
        ("y", "tanh_u", "u"),
        lambda g, y, a: _rule("tanh", g, a, out=y),
        lambda T, g, y, a: _grad(T, lambda p: p.tanh(), a, upstream=g),
        True,
    ),
    "mean_grad": (
        ("y",),
        lambda a: _grad(tinygrad_edu, lambda p: p.mean(), a, upstream=a[:1]),
        lambda T, a: _grad(T, lambda p: p.mean(), a, upstream=a[:1]),
        True,
    ),
    "sum_grad": (
        ("y",),
        lambda a: _grad(tinygrad_edu, lambda p: p.sum(), a, upstream=a[:1]),
        lambda T, a: _grad(T, lambda p: p.sum(), a, upstream=a[:1]),
        True,
    ),
    "used_twice": (
        ("x", "y"),
        lambda a, g: _grad(tinygrad_edu, lambda p: p * p, a, upstream=g),
        lambda T, a, g: _grad(T, lambda p: p * p, a, upstream=g),
        True,
    ),
    "mse_loss_grad": (
        ("u", "y"),
        lambda a, b: _grad(
            tinygrad_edu,
            lambda p: tinygrad_edu.nn.functional.mse_loss(p, _t(tinygrad_edu, b)),
            a,
            upstream=[1.0],
        ),
        lambda T, a, b: _grad(
            T, lambda p: T.nn.functional.mse_loss(p, _t(T, b)), a, upstream=[1.0]
        ),
        True,
    ),
    "softmax_backward": (
        ("y", "u"),
        lambda g, a: _grad(tinygrad_edu, lambda p: tinygrad_edu.softmax(p, 0), a, upstream=g),
        lambda T, g, a: _grad(T, lambda p: T.softmax(p, 0), a, upstream=g),
        True,
    ),
    "log_softmax_backward": (
        ("y", "u"),
        lambda g, o: rd.log_softmax_backward(g, o, (1, len(o))),
        lambda T, g, o: _flat(
            T.ops.aten._log_softmax_backward_data(_t(T, g), _t(T, o), 0, T.float32)
        ),
        True,
    ),
    "cross_entropy_grad": (
        ("u",),
        lambda a: _cross_entropy_grad(tinygrad_edu, a),
        _cross_entropy_grad,
        True,
    ),
    "sum_to_bias": (
        ("y", "u", "x", "y"),
        lambda g1, g2, g3, b: _sum_to_bias(tinygrad_edu, g1, g2, g3, b),
        _sum_to_bias,
        True,
    ),
    "sum_to_scalar": (
        ("x",),
        lambda g: _flat(_sum_to_scalar(tinygrad_edu, g)),
        lambda T, g: _flat(_sum_to_scalar(T, g)),
        True,
    ),
    "mm_grad": (
        ("y", "u", "x"),
        lambda g, a, b: _mm_grad(tinygrad_edu, g, a, b),
        _mm_grad,
        True,
    ),
}


def _sum_to_scalar(torch, g):
    """The grad of a 0-d ``w`` broadcast in ``w * ones(n)``: torch sums ``g`` by sum_to."""
    w = torch.tensor(1.0, requires_grad=True)
    (w * torch.ones(len(g))).backward(_t(torch, g))
    return w.grad


def _zero_d(ours: Callable, theirs: Callable, key: str, exact: bool) -> Kernel:
    """One element at a time on 0-d tensors (PyTorch may take a scalar path there)."""
    return (
        (key,),
        lambda a: [ours([v])[0] for v in a],
        lambda T, a: [theirs(T, T.tensor(v, dtype=T.float32)).item() for v in a],
        exact,
    )


KERNELS.update(
    {
        "exp_0d": _zero_d(pw.exp, lambda T, t: t.exp(), "u", False),
        "sqrt_0d": _zero_d(pw.sqrt, lambda T, t: t.sqrt(), "p", False),
        "tanh_0d": _zero_d(pw.tanh, lambda T, t: t.tanh(), "u", False),
        "sigmoid_0d": _zero_d(pw.sigmoid, lambda T, t: t.sigmoid(), "s", True),
        "silu_0d": _zero_d(pw.silu, lambda T, t: T.nn.functional.silu(t), "u", True),
        "relu_0d": _zero_d(pw.relu, lambda T, t: t.relu(), "s", True),
        "pow3_0d": _zero_d(lambda a: pw.pow(a, 3), lambda T, t: t**3, "x", True),
        "div_0d": _zero_d(lambda a: pw.div(a, 7.0), lambda T, t: t / 7.0, "s", True),
    }
)
ZERO_D_MAX = 100  # 0-d cases run one tensor per element: up to this size

# Inputs that are PyTorch's own forward results (where ours may be 1 ulp off), so that a
# backward kernel is tested on what PyTorch's backward saw: name -> (input set, torch op).
DERIVED: dict[str, tuple[str, Callable]] = {
    "exp_u": ("u", lambda T, t: t.exp()),
    "tanh_u": ("u", lambda T, t: t.tanh()),
    "sqrt_p": ("p", lambda T, t: t.sqrt()),
    "pow-3_p": ("p", lambda T, t: t**-3.0),
}


def derive(torch, sets: dict[str, list[float]]) -> dict[str, list[float]]:
    """The DERIVED input sets computed by torch from the seeded ones."""
    return {k: _flat(fn(torch, _t(torch, sets[src]))) for k, (src, fn) in DERIVED.items()}


# Inexact kernels: how far from PyTorch's bits they may be (ulp) and the least share of results
# that must still be bit for bit. MKL's BLAS orders are only partly reproduced, so under
# cancellation its results and ours are further apart than 1 ulp of the (small) result.
ULPS = {
    "dot": 64,
    "mv": 64,
    "linear": 64,
    "mm_wide": 1024,
    "bce": 2,
    "pow-2_grad": 4,
    "pow1.5_grad": 4,
}
MIN_SHARE = {
    "pow-2_grad": 0.5,  # the rule's own power, against PyTorch's (Sleef's powf, MKL's sqrt)
    "pow1.5_grad": 0.5,
    "sqrt": 0.8,
    "sqrt_0d": 0.8,
    "pow0.5": 0.8,
    "dot": 0.5,
    "mv": 0.4,
    "linear": 0.3,
    "mm_wide": 0.9,
}

# cases whose inputs are too short for the kernel
MIN_SIZE = {"var": 2, "std": 2, "var_rows": 2, "mm_grad": 4, "linear": 3}
# The largest size stored is 1000, except for the kernels whose order of operations changes
# with the size (the cascade sum's levels, the vector lanes), which go to 10000.
BIG = {
    "sum",
    "sum_smooth",
    "mean",
    "sum_rows",
    "sum_cols",
    "prod",
    "max_x",
    "norm",
    "cumsum",
    "softmax",
    "var",
}
MAX_SIZE = 1000
