"""Every op, defined once: the one table the engine, the tensor layer, the pictures, the trace
and the command line read.

An op's ``local`` rule returns d(out)/d(input) for each differentiable input.  The chain rule
(``graph.chain_rule``) multiplies each by the gradient arriving from above and adds it into the
input. Where PyTorch's formula (its ``derivatives.yaml``) is not "upstream times a derivative"
(``grad / other`` for a division), the op gives that formula instead, as ``backward``: the
upstream in, one gradient per input out; its local derivative is the formula at upstream 1.

Rules run on floats during an ordinary backward (float64), on ``F32`` numbers for a float32
tensor (every operation rounded to float32, as PyTorch's float32 kernels round), and on Values
when a graph of the gradient is wanted (``create_graph=True``), so they are written with
operators and the ``exp``/``log``/... helpers below, which accept all three.

Adding an op is adding its ``Op(...)`` entry here: it becomes a ``Value`` method, a ``Tensor``
method, a ``torch``-level function, a call of the command line's expressions, a trace formula
and a picture label (``tests/test_ops_reach.py`` checks every one).

>>> OPS["mul"].name, OPS["mul"].backward(1.0, 2.0, -3.0, -6.0)
('MulBackward0', (-3.0, 2.0))
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property, reduce
from typing import Any

from .._torch_cpu.float32_libm import F32, F32s
from .fmath import (
    F64s,
    facos,
    fasin,
    fatanh,
    fcos,
    fcosh,
    fdiv,
    fexp,
    fexpm1,
    flog,
    flog1p,
    flog2,
    flog10,
    fpow,
    fpow_scalar,
    frelu,
    fsigmoid,
    fsign,
    fsin,
    fsinh,
    fsqrt,
    fsum,
)

__all__ = [
    "ATOM",
    "COPIES",
    "NARY",
    "OPS",
    "Const",
    "Op",
    "all_ops",
    "cos",
    "div",
    "exp",
    "floor_divide",
    "fma",
    "in_float32",
    "in_float64",
    "log",
    "pow",
]
__all__ += ["affine_sum", "erf", "log1p", "relu", "sigmoid", "sin", "sqrt", "tanh"]

ATOM = 9  # the precedence of a name, a number or a call: never needs parentheses


# -- helpers that take a float or a Value (Values dispatch to their own methods) -------------


def _both(ffn: Callable[[float], float], method: str) -> Callable[[Any], Any]:
    def fn(x: Any) -> Any:
        if x.__class__ is F32:  # the double result rounded once: within 1 ulp of PyTorch's
            return F32(ffn(float(x)))
        if x.__class__ is F32s or x.__class__ is F64s:  # a whole tensor's elements at once
            return x.map(ffn)
        return ffn(x) if isinstance(x, (float, int)) else getattr(x, method)()

    fn.__name__ = method
    return fn


exp = _both(fexp, "exp")
log = _both(flog, "log")
sqrt = _both(fsqrt, "sqrt")
sin = _both(fsin, "sin")
cos = _both(fcos, "cos")
tanh = _both(math.tanh, "tanh")
sigmoid = _both(fsigmoid, "sigmoid")
relu = _both(frelu, "relu")
erf = _both(math.erf, "erf")
log1p = _both(flog1p, "log1p")


_LN10, _LN2 = 2.3025850929940456, 0.6931471805599453  # derivatives.yaml's constants
sinh = _both(fsinh, "sinh")
cosh = _both(fcosh, "cosh")


def div(a: Any, b: Any) -> Any:
    """``a / b`` that gives inf or nan for a zero divisor, as PyTorch does."""
    if a.__class__ in _FLOAT32 or b.__class__ in _FLOAT32:
        return a / b  # F32 divides by zero as PyTorch does, rounded to float32
    if isinstance(a, (float, int)) and isinstance(b, (float, int)):
        return fdiv(a, b)
    return a / b


def fma(a: Any, b: Any, c: Any) -> Any:
    """``a * b + c``: fused (one rounding) in float32, where PyTorch's compiled float kernel
    fuses it; as written for floats and Values."""
    return a.fma(b, c) if a.__class__ in _FLOAT32 else a * b + c


_FLOAT32 = (F32, F32s)  # float32 numbers: one, or a tensor's elements at once


def _pow32(a: F32, b: float) -> Any:
    # PowKernel.cpp's special exponents, each operation rounded to float32
    if b == 0:
        return F32(1.0)
    if b == 1:
        return a
    if b == 2:
        return a * a
    if b == 3:
        return a * a * a
    if b == -2:
        return 1.0 / (a * a)
    if b == 0.5:
        return F32(fsqrt(float(a)))
    if b == -1:
        return 1.0 / a
    if b == -0.5:
        return 1.0 / F32(fsqrt(float(a)))
    return F32(fpow(float(a), float(F32(b))))


def pow(a: Any, b: Any, *, scalar: bool = False) -> Any:
    """``a ** b`` that gives inf or nan where Python would raise or go complex; ``scalar``:
    as PyTorch's ``tensor ** number``, which computes a few exponents its own way."""
    if a.__class__ in _FLOAT32 and isinstance(b, (float, int)):
        return _pow32(a, b) if scalar else F32(fpow(float(a), float(b)))
    if isinstance(a, (float, int)) and isinstance(b, (float, int)):
        return fpow_scalar(a, b) if scalar else fpow(a, b)
    if a.__class__ is F64s and isinstance(b, (float, int)):
        return a.map(lambda x: fpow_scalar(x, b) if scalar else fpow(x, b))
    return a**b


def _relu_local(a: Any, out: Any) -> tuple[float]:
    # relu's slope from its result, as PyTorch's threshold_backward: 0 where out <= 0, so 1 at nan
    return (0.0 if float(out) <= 0.0 else 1.0,)


def _pow_grad(g: Any, x: Any, n: Any, scalar: bool = False) -> Any:
    # pow_backward: grad * (exponent * x.pow(exponent - 1)); PyTorch gives zeros for exponent 0
    # (d/dx x**0 is 0 everywhere, even at x = 0 and for an infinite upstream)
    return 0.0 if n == 0 else g * (n * pow(x, n - 1, scalar=scalar))


def _pow_exp_grad(g: Any, x: Any, y: Any, out: Any) -> Any:
    # d/dy x**y = x**y * log(x); PyTorch masks it to 0 where x == 0 and y >= 0 (0**y is flat).
    return 0.0 if x == 0 and y >= 0 else g * (out * log(x))


def _rpow_grad(g: Any, x: Any, c: Any, out: Any) -> tuple[Any, ...]:
    # d/dx c**x = c**x * log(c), masked to 0 where c == 0 and x >= 0 (as PyTorch masks it)
    return (0.0 if c == 0 and x >= 0 else g * (out * log(c)),)


def _leaky_slope(x: Any, slope: float) -> float:
    return 1.0 if float(x) > 0.0 else slope


def _softplus(x: float, beta: float, threshold: float) -> float:
    # beta=0 divides by zero: inf (or nan), as in C, with no error
    return x if x * beta > threshold else div(flog1p(fexp(beta * x)), beta)


def _softplus_local(x: Any, beta: float, threshold: float, out: Any) -> tuple[Any, ...]:
    # PyTorch: 1 above the threshold, else sigmoid(beta * x) = 1 - exp(-beta * out)
    return (1.0 if float(x) * beta > threshold else sigmoid(x * beta),)


def _silu_local(x: Any, out: Any) -> tuple[Any, ...]:
    s = sigmoid(x)
    return (s * (1.0 + x * (1.0 - s)),)


def _abs_local(x: Any, out: Any) -> tuple[Any, ...]:
    return (fsign(float(x)),)


def _rounding(fn: Callable[[float], int]) -> Callable[[float], float]:
    # C's floor/ceil/trunc/nearbyint: inf and nan pass through, a zero result keeps x's sign
    def rounded(x: float) -> float:
        if x != x or x in (math.inf, -math.inf):
            return x
        r = float(fn(x))
        return r if r != 0.0 else math.copysign(0.0, x)

    return rounded


_floor, _ceil, _trunc = _rounding(math.floor), _rounding(math.ceil), _rounding(math.trunc)
_round = _rounding(round)  # Python's round is C's nearbyint: halves to even


def _ftan(x: float) -> float:
    return math.tan(x) if math.isfinite(x) else math.nan  # tan(inf) is nan, as in PyTorch


def _zero(*xs: Any) -> tuple[Any, ...]:
    return (0.0,)


def _clamp(x: float, lo: float, hi: float) -> float:
    # PyTorch's min(max(x, lo), hi): nan stays nan, and lo > hi gives hi everywhere
    return x if x != x else min(max(x, lo), hi)


def _clamp_local(x: Any, lo: float, hi: float, out: Any) -> tuple[Any, ...]:
    return (1.0 if lo <= float(x) <= hi else 0.0,)  # the bounds included, as PyTorch


def _remainder(a: float, b: float) -> float:
    # PyTorch's remainder: fmod, moved into b's sign (so -0.0 % 2 stays -0.0)
    if b == 0.0:
        return math.nan
    if a != a or b != b or a in (math.inf, -math.inf):
        return math.nan
    m = math.fmod(a, b)
    return m + b if m != 0.0 and (b < 0.0) != (m < 0.0) else m


def _fmod(a: float, b: float) -> float:
    if b == 0.0 or a != a or b != b or a in (math.inf, -math.inf):
        return math.nan
    return math.fmod(a, b)


def floor_divide(a: float, b: float, r: Callable[[float], float] = float) -> float:
    """PyTorch's floor division of floats (``div_floor``), each step rounded by ``r`` (to the
    dtype): fmod, the quotient of what is left, one less where the signs disagree, floored."""
    if b == 0.0:
        return fdiv(a, b)
    mod = math.fmod(a, b) if math.isfinite(a) and b == b else math.nan
    q = r(fdiv(r(a - mod), b))
    if mod != 0.0 and (b < 0.0) != (mod < 0.0):
        q = r(q - 1.0)
    if q == 0.0:
        return math.copysign(0.0, fdiv(a, b))
    if not math.isfinite(q):
        return q
    fl = float(math.floor(q))
    return fl + 1.0 if q - fl > 0.5 else fl


def _remainder_local(a: Any, b: Any, out: Any) -> tuple[Any, ...]:
    # PyTorch: d/d other of a - other * floor(a / other) is -floor_divide(a, other)
    return (_ONE, -floor_divide(float(a), float(b)))


# -- the activations of torch.nn.functional, each as PyTorch's kernel and backward formula ----

_SQRT1_2 = math.sqrt(0.5)
_GELU_BETA = 2.0 / math.sqrt(math.pi) * _SQRT1_2 * 0.5  # PyTorch's kBeta: 1/sqrt(2 pi)


def _gelu(x: float) -> float:
    return x * 0.5 * (1.0 + math.erf(x * _SQRT1_2))


def _gelu_local(x: Any, out: Any) -> tuple[Any, ...]:
    cdf = 0.5 * (1.0 + erf(x * _SQRT1_2))
    return (cdf + x * (exp(-0.5 * x * x) * _GELU_BETA),)


def _elu(x: float, alpha: float, scale: float, input_scale: float) -> float:
    # PyTorch's elu_kernel: the negative branch for x <= 0 (and nan takes the positive one);
    # expm1, as 2.13 computes it (elu(-0.0) is -0.0)
    return fexpm1(x * input_scale) * (alpha * scale) if x <= 0.0 else x * scale


def _elu_local(x: Any, alpha: float, scale: float, input_scale: float, out: Any) -> tuple[Any, ...]:
    if float(x) <= 0.0:
        return (exp(x * input_scale) * (input_scale * (alpha * scale)),)
    return (scale,)


def _celu_local(x: Any, alpha: float, out: Any) -> tuple[Any, ...]:
    return _elu_local(x, alpha, 1.0, 1.0 / alpha, out)


def _hardtanh(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x  # nan stays nan, as clamp keeps it


def _hardtanh_local(x: Any, lo: float, hi: float, out: Any) -> tuple[Any, ...]:
    return (0.0 if float(x) <= lo or float(x) >= hi else _ONE,)


def _mish_local(x: Any, out: Any) -> tuple[Any, ...]:
    t = tanh(log1p(exp(x)))
    return (t + x * sigmoid(x) * (1.0 - t * t),)


# PyTorch's hardsigmoid_backward multiplies by the float constant 1.0f / 6.0f, also in float64
_ONE_SIXTH_F32 = 0.1666666716337204


def _logsigmoid_local(x: Any, out: Any) -> tuple[Any, ...]:
    # PyTorch's log_sigmoid_backward: b / (1 + b) with b = exp(-|x|), or 1 minus that for x < 0
    if float(x) < 0.0:
        b = exp(x)
        return (1.0 - b / (b + 1.0),)
    b = exp(-x)
    return (b / (b + 1.0),)


def _hardswish_local(x: Any, out: Any) -> tuple[Any, ...]:
    v = float(x)
    return (0.0 if v < -3.0 else x / 3.0 + 0.5 if v <= 3.0 else _ONE,)


# -- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Const:
    """A saved value that is a constant of the op, not one of its inputs (``square``'s 2)."""

    value: Any


@dataclass(frozen=True, kw_only=True)
class Op:
    """One op: how to compute it forward, how to differentiate it, and how it is written.

    ``slots`` leading inputs are differentiable (they become ``next_functions``; -1: all of
    them); later inputs are constants kept for the rule, named by ``params`` with defaults.
    ``saved`` maps PyTorch's ``_saved_*`` names to an input index, ``"result"`` or a ``Const``.
    ``expr`` and ``dlocal`` are format strings over the inputs ``{0} {1} ...`` (and ``out``)
    that the trace prints; ``prec`` is the precedence of ``expr`` (``ATOM`` for a call).

    Your own op is one more ``Op``, outside the table: ``engine.apply(op, inputs)`` makes its
    result, whose node has your name and is drawn, traced and checked like the table's:

    >>> from tinygrad_edu import Value
    >>> from tinygrad_edu.core.engine import apply
    >>> cube = Op(key="cube", name="CubeBackward", forward=lambda x: x**3,
    ...           local=lambda x, out: (3 * x**2,), expr="cube({0})", dlocal=("3*{0}**2",))
    >>> x = Value(2.0, label="x")
    >>> y = apply(cube, (x,))
    >>> y.backward()
    >>> y.data, y.grad_fn.name(), x.grad
    (8.0, 'CubeBackward', 12.0)
    """

    key: str
    name: str  # PyTorch's backward node name
    forward: Callable[..., float]
    local: Callable[..., tuple[Any, ...]] | None = None  # d(out)/d(input), per slot
    # or PyTorch's formula from the upstream gradient: (grad, *inputs, out) -> one per slot
    backward: Callable[..., tuple[Any, ...]] | None = None
    expr: str
    dlocal: tuple[str, ...] | Callable[[int, int], str]  # n-ary: (slot, count) -> formula
    slots: int = 1
    saved: Mapping[str, int | str | Const] = field(default_factory=dict)
    params: tuple[tuple[str, float], ...] = ()  # constant inputs after the slots, with defaults
    method: str | None = ""  # Value/Tensor method and torch function ("": the key; None: none)
    infix: str = ""  # the Python operator that writes it ("+", "**"): the CLI parses these
    prec: int = ATOM
    left: bool = False  # left-associative: a - b - c needs no parentheses
    micrograd: str = ""  # micrograd's _op string, a format string over the inputs ("**{1}")
    ints: str = "float"  # on an int tensor: "float" (promotes to the default float), "keep"
    bool_error: tuple[type[Exception], str] | None = None  # PyTorch's error on a bool tensor
    double: Mapping[int, str] = field(default_factory=dict)  # create_graph grad's node, by slot
    flat_double: str = ""  # a slope PyTorch computes from a saved tensor (its grad's node)
    # PyTorch's backward selects instead of multiplying (relu's threshold_backward): where the
    # local derivative is 0 the gradient is exactly 0.0, even for an upstream of -1, inf or nan
    masked: bool = False
    # where PyTorch has it: "torch" (torch.f), "Tensor" (t.f()), "functional" (torch.nn.functional)
    where: tuple[str, ...] = ("torch", "Tensor")
    float32: bool = False  # the op on a float32 tensor's elements: its rule runs on F32 numbers

    def __post_init__(self) -> None:
        if (self.local is None) == (self.backward is None):
            raise TypeError(f"op {self.key!r}: give its rule as local or as backward, once")

    @property
    def method_name(self) -> str | None:
        return self.key if self.method == "" else self.method

    @cached_property  # read for every Value a pass visits: computed once per op
    def arity(self) -> int:
        """How many inputs the op takes (-1: any number, for n-ary ops)."""
        return -1 if self.slots < 0 else self.slots + len(self.params)

    @property
    def uses_result(self) -> bool:
        return "result" in self.saved.values()

    def formula(self, slot: int, count: int) -> str:
        """The trace's formula of d(out)/d(input ``slot``) for an op with ``count`` inputs."""
        if callable(self.dlocal):
            return self.dlocal(slot, count)
        return self.dlocal[min(slot, len(self.dlocal) - 1)]

    def written(self) -> str:
        """micrograd's ``_op`` string: its own where set, else the key."""
        return self.micrograd or self.key


_ONE = 1.0
_ERF_SLOPE = 2.0 / math.sqrt(math.pi)
_NEG = (RuntimeError, "Negation, the `-` operator, on a bool tensor is not supported. If you are "
        "trying to invert a mask, use the `~` or `logical_not()` operator instead.")  # fmt: skip

_OPS = [
    Op(key="add", name="AddBackward0", forward=operator.add, backward=lambda g, a, b, out: (g, g),
       expr="{0} + {1}", dlocal=("1", "1"), slots=2, infix="+", prec=1, left=True, micrograd="+"),
    Op(key="sub", name="SubBackward0", forward=operator.sub, backward=lambda g, a, b, out: (g, -g),
       expr="{0} - {1}", dlocal=("1", "-1"), slots=2, infix="-", prec=1, left=True, micrograd="-"),
    Op(key="rsub", name="RsubBackward1", forward=lambda a, c: c - a, local=lambda a, c, out: (-1.0,),
       expr="{1} - {0}", dlocal=("-1",), saved={"_saved_other": 1}, params=(("other", 0.0),), method=None, prec=1, micrograd="-"),
    Op(key="mul", name="MulBackward0", forward=operator.mul, backward=lambda g, a, b, out: (g * b, g * a),
       expr="{0} * {1}", dlocal=("{1}", "{0}"), slots=2, saved={"_saved_self": 0, "_saved_other": 1},
       infix="*", prec=2, left=True, micrograd="*"),
    Op(key="div", name="DivBackward0", forward=fdiv, backward=lambda g, a, b, out: (div(g, b), -g * div(div(a, b), b)),
       expr="{0} / {1}", dlocal=("1/{1}", "-({0}/{1})/{1}"), slots=2, saved={"_saved_self": 0, "_saved_other": 1},
       infix="/", prec=2, left=True, micrograd="/", double={0: "DivBackward0"}),
    Op(key="neg", name="NegBackward0", forward=operator.neg, local=lambda a, out: (-1.0,),
       expr="-{0}", dlocal=("-1",), infix="-", prec=3, micrograd="-", ints="keep", bool_error=_NEG),
    Op(key="pow", name="PowBackward0", forward=fpow_scalar, backward=lambda g, x, n, out: (_pow_grad(g, x, n, True),),
       expr="{0}**{1}", dlocal=("{1}*{0}**({1}-1)",), saved={"_saved_self": 0, "_saved_exponent": 1},
       params=(("exponent", 2.0),), infix="**", prec=4, micrograd="**{1}"),
    Op(key="powt", name="PowBackward1", forward=fpow, backward=lambda g, x, y, out: (_pow_grad(g, x, y), _pow_exp_grad(g, x, y, out)),
       expr="{0}**{1}", dlocal=("{1}*{0}**({1}-1)", "out*log({0})"), slots=2,
       saved={"_saved_self": 0, "_saved_exponent": 1, "_saved_result": "result"}, method=None, prec=4,
       micrograd="**", double={0: "WhereBackward0"}),
    Op(key="rpow", name="PowBackward2", forward=lambda x, c: fpow(c, x), backward=_rpow_grad,
       expr="{1}**{0}", dlocal=("out*log({1})",), saved={"_saved_self": 1, "_saved_exponent": 0, "_saved_result": "result"},
       params=(("base", 2.0),), method=None, prec=4, micrograd="**"),
    Op(key="recip", name="ReciprocalBackward0", forward=lambda a: fdiv(1.0, a), local=lambda a, out: (-(out * out),),
       expr="1/{0}", dlocal=("-out**2",), saved={"_saved_result": "result"}, method="reciprocal", prec=2,
       micrograd="**-1"),
    Op(key="exp", name="ExpBackward0", forward=fexp, local=lambda a, out: (out,), expr="exp({0})",
       dlocal=("out",), saved={"_saved_result": "result"}),
    Op(key="log", name="LogBackward0", forward=flog, backward=lambda g, a, out: (div(g, a),), expr="log({0})",
       dlocal=("1/{0}",), saved={"_saved_self": 0}, double={0: "DivBackward0"}),
    Op(key="tanh", name="TanhBackward0", forward=math.tanh, backward=lambda g, a, out: (g * fma(-out, out, 1.0),),
       expr="tanh({0})", dlocal=("1 - out**2",), saved={"_saved_result": "result"},
       double={0: "TanhBackwardBackward0"}, where=("torch", "Tensor", "functional")),
    Op(key="sigmoid", name="SigmoidBackward0", forward=fsigmoid, backward=lambda g, a, out: (g * (1.0 - out) * out,),
       expr="sigmoid({0})", dlocal=("out*(1 - out)",), saved={"_saved_result": "result"},
       double={0: "SigmoidBackwardBackward0"}, where=("torch", "Tensor", "functional")),
    Op(key="relu", name="ReluBackward0", forward=frelu, local=_relu_local, expr="relu({0})",
       dlocal=("1 if out > 0 else 0",), saved={"_saved_result": "result"}, micrograd="ReLU", ints="keep", masked=True,
       bool_error=(RuntimeError, "Boolean inputs not supported for relu"), flat_double="ThresholdBackwardBackward0", where=("torch", "Tensor", "functional")),
    Op(key="sin", name="SinBackward0", forward=fsin, local=lambda a, out: (cos(a),), expr="sin({0})",
       dlocal=("cos({0})",), saved={"_saved_self": 0}),
    Op(key="cos", name="CosBackward0", forward=fcos, local=lambda a, out: (-sin(a),), expr="cos({0})",
       dlocal=("-sin({0})",), saved={"_saved_self": 0}),
    Op(key="log10", name="Log10Backward0", forward=flog10, backward=lambda g, a, out: (div(g, a * _LN10),),
       expr="log10({0})", dlocal=("1/({0}*ln(10))",), saved={"_saved_self": 0}),
    Op(key="log2", name="Log2Backward0", forward=flog2, backward=lambda g, a, out: (div(g, a * _LN2),),
       expr="log2({0})", dlocal=("1/({0}*ln(2))",), saved={"_saved_self": 0}),
    Op(key="tan", name="TanBackward0", forward=_ftan, backward=lambda g, a, out: (g * (1.0 + out * out),),
       expr="tan({0})", dlocal=("1 + out**2",), saved={"_saved_result": "result"}),
    Op(key="rsqrt", name="RsqrtBackward0", forward=lambda a: fdiv(1.0, fsqrt(a)),
       backward=lambda g, a, out: (-0.5 * g * (out * out * out),), expr="rsqrt({0})", dlocal=("-0.5*out**3",),
       saved={"_saved_result": "result"}),
    Op(key="asin", name="AsinBackward0", forward=fasin, local=lambda a, out: (div(1.0, sqrt(1.0 - a * a)),),
       expr="asin({0})", dlocal=("1/sqrt(1 - {0}**2)",), saved={"_saved_self": 0}),
    Op(key="acos", name="AcosBackward0", forward=facos, local=lambda a, out: (div(-1.0, sqrt(1.0 - a * a)),),
       expr="acos({0})", dlocal=("-1/sqrt(1 - {0}**2)",), saved={"_saved_self": 0}),
    Op(key="atan", name="AtanBackward0", forward=math.atan, local=lambda a, out: (div(1.0, a * a + 1.0),),
       expr="atan({0})", dlocal=("1/(1 + {0}**2)",), saved={"_saved_self": 0}),
    Op(key="sinh", name="SinhBackward0", forward=fsinh, local=lambda a, out: (cosh(a),),
       expr="sinh({0})", dlocal=("cosh({0})",), saved={"_saved_self": 0}),
    Op(key="cosh", name="CoshBackward0", forward=fcosh, local=lambda a, out: (sinh(a),),
       expr="cosh({0})", dlocal=("sinh({0})",), saved={"_saved_self": 0}),
    Op(key="asinh", name="AsinhBackward0", forward=math.asinh, local=lambda a, out: (div(1.0, sqrt(a * a + 1.0)),),
       expr="asinh({0})", dlocal=("1/sqrt({0}**2 + 1)",), saved={"_saved_self": 0}),
    Op(key="atanh", name="AtanhBackward0", forward=fatanh, local=lambda a, out: (div(1.0, 1.0 - a * a),),
       expr="atanh({0})", dlocal=("1/(1 - {0}**2)",), saved={"_saved_self": 0}),
    Op(key="sqrt", name="SqrtBackward0", forward=fsqrt, backward=lambda g, a, out: (div(g, 2.0 * out),), expr="sqrt({0})",
       dlocal=("1/(2*out)",), saved={"_saved_result": "result"}, double={0: "DivBackward0"}),
    Op(key="abs", name="AbsBackward0", forward=abs, local=_abs_local, expr="abs({0})", dlocal=("sign({0})",),
       saved={"_saved_self": 0}, ints="keep", bool_error=(NotImplementedError, "\"abs_cpu\" not implemented for 'Bool'"),
       flat_double="MulBackward0"),
    Op(key="log1p", name="Log1PBackward0", forward=flog1p, backward=lambda g, a, out: (div(g, a + 1.0),),
       expr="log1p({0})", dlocal=("1/(1 + {0})",), saved={"_saved_self": 0}),
    Op(key="expm1", name="Expm1Backward0", forward=fexpm1, local=lambda a, out: (out + 1.0,),
       expr="expm1({0})", dlocal=("out + 1",), saved={"_saved_result": "result"}),
    Op(key="square", name="PowBackward0", forward=lambda a: a * a, local=lambda a, out: (2.0 * a,),
       expr="square({0})", dlocal=("2*{0}",), saved={"_saved_self": 0, "_saved_exponent": Const(2)}, ints="keep"),
    Op(key="leaky_relu", name="LeakyReluBackward0", forward=lambda x, s: x if x > 0.0 else x * s,
       local=lambda x, s, out: (_leaky_slope(x, s),), expr="leaky_relu({0}, {1})", dlocal=("1 if {0} > 0 else {1}",),
       saved={"_saved_self": 0, "_saved_negative_slope": 1}, params=(("negative_slope", 0.01),), where=("functional",)),
    Op(key="softplus", name="SoftplusBackward0", forward=_softplus, local=_softplus_local,
       expr="softplus({0}, {1}, {2})", dlocal=("sigmoid({1}*{0})",),
       saved={"_saved_self": 0, "_saved_beta": 1, "_saved_threshold": 2}, params=(("beta", 1.0), ("threshold", 20.0)), where=("functional",)),
    Op(key="floor", name="FloorBackward0", forward=_floor, local=_zero, expr="floor({0})", dlocal=("0",),
       ints="keep", masked=True),
    Op(key="ceil", name="CeilBackward0", forward=_ceil, local=_zero, expr="ceil({0})", dlocal=("0",),
       ints="keep", masked=True),
    Op(key="trunc", name="TruncBackward0", forward=_trunc, local=_zero, expr="trunc({0})", dlocal=("0",),
       ints="keep", masked=True),
    Op(key="round", name="RoundBackward0", forward=_round, local=_zero, expr="round({0})", dlocal=("0",),
       ints="keep", masked=True),
    Op(key="frac", name="FracBackward0", forward=lambda x: x - _trunc(x), local=lambda a, out: (_ONE,),
       expr="frac({0})", dlocal=("1",)),
    Op(key="sign", name="SignBackward0", forward=fsign, local=_zero, expr="sign({0})", dlocal=("0",),
       ints="keep", masked=True),
    Op(key="clamp", name="ClampBackward1", forward=_clamp, local=_clamp_local, expr="clamp({0}, {1}, {2})",
       dlocal=("1 if {1} <= {0} <= {2} else 0",), saved={"_saved_self": 0, "_saved_min": 1, "_saved_max": 2},
       params=(("min", -1.0), ("max", 1.0)), ints="keep", masked=True),
    Op(key="clamp_min", name="ClampMinBackward0", forward=lambda x, lo: x if x != x else max(x, lo),
       local=lambda x, lo, out: (1.0 if float(x) >= lo else 0.0,), expr="clamp_min({0}, {1})",
       dlocal=("1 if {0} >= {1} else 0",), saved={"_saved_self": 0, "_saved_min": 1}, params=(("min", 0.0),),
       ints="keep", masked=True),
    Op(key="clamp_max", name="ClampMaxBackward0", forward=lambda x, hi: x if x != x else min(x, hi),
       local=lambda x, hi, out: (1.0 if float(x) <= hi else 0.0,), expr="clamp_max({0}, {1})",
       dlocal=("1 if {0} <= {1} else 0",), saved={"_saved_self": 0, "_saved_max": 1}, params=(("max", 0.0),),
       ints="keep", masked=True),
    Op(key="remainder", name="RemainderBackward0", forward=_remainder, local=lambda a, c, out: (_ONE,),
       expr="remainder({0}, {1})", dlocal=("1",), params=(("other", 2.0),), ints="keep"),
    Op(key="remaindert", name="RemainderBackward1", forward=_remainder, local=_remainder_local,
       expr="remainder({0}, {1})", dlocal=("1", "-floor({0}/{1})"), slots=2,
       saved={"_saved_self": 0, "_saved_other": 1}, method=None),
    Op(key="fmod", name="FmodBackward0", forward=_fmod, local=lambda a, c, out: (_ONE,),
       expr="fmod({0}, {1})", dlocal=("1",), params=(("other", 2.0),), ints="keep"),
    Op(key="erf", name="ErfBackward0", forward=math.erf, local=lambda x, out: (_ERF_SLOPE * exp(-(x * x)),),
       expr="erf({0})", dlocal=("2/sqrt(pi)*exp(-{0}**2)",), saved={"_saved_self": 0}),
    Op(key="gelu", name="GeluBackward0", forward=_gelu, local=_gelu_local, expr="gelu({0})",
       dlocal=("Phi({0}) + {0}*phi({0})",), saved={"_saved_self": 0}, where=("functional",)),
    Op(key="elu", name="EluBackward0", forward=_elu, local=_elu_local, expr="elu({0}, {1})",
       dlocal=("{2} if {0} > 0 else {1}*{2}*{3}*exp({3}*{0})",),
       saved={"_saved_self": 0, "_saved_alpha": 1, "_saved_scale": 2, "_saved_input_scale": 3},
       params=(("alpha", 1.0), ("scale", 1.0), ("input_scale", 1.0)), where=("functional",)),
    Op(key="celu", name="CeluBackward0", forward=lambda x, a: _elu(x, a, 1.0, 1.0 / a), local=_celu_local,
       expr="celu({0}, {1})", dlocal=("1 if {0} > 0 else exp({0}/{1})",), saved={"_saved_self": 0, "_saved_alpha": 1},
       params=(("alpha", 1.0),), where=("torch", "functional")),
    Op(key="hardtanh", name="HardtanhBackward0", forward=_hardtanh, local=_hardtanh_local,
       expr="hardtanh({0}, {1}, {2})", dlocal=("1 if {1} < {0} < {2} else 0",),
       saved={"_saved_self": 0, "_saved_min_val": 1, "_saved_max_val": 2},
       params=(("min_val", -1.0), ("max_val", 1.0)), masked=True, where=("functional",)),
    Op(key="mish", name="MishBackward0", forward=lambda x: x * math.tanh(flog1p(fexp(x))), local=_mish_local,
       expr="mish({0})", dlocal=("t + {0}*sigmoid({0})*(1 - t**2), t = tanh(softplus({0}))",),
       saved={"_saved_self": 0}, where=("functional",)),
    Op(key="hardsigmoid", name="HardsigmoidBackward0", forward=lambda x: min(max(x + 3.0, 0.0), 6.0) / 6.0,
       local=lambda x, out: (_ONE_SIXTH_F32 if -3.0 < float(x) < 3.0 else 0.0,), expr="hardsigmoid({0})",
       dlocal=("1/6 if -3 < {0} < 3 else 0",), saved={"_saved_self": 0}, where=("functional",)),
    Op(key="hardswish", name="HardswishBackward0", forward=lambda x: x * min(max(x + 3.0, 0.0), 6.0) / 6.0,
       local=_hardswish_local, expr="hardswish({0})", dlocal=("0 if {0} < -3 else {0}/3 + 1/2 if {0} <= 3 else 1",),
       saved={"_saved_self": 0}, where=("functional",)),
    Op(key="logsigmoid", name="LogSigmoidBackward0", forward=lambda x: min(x, 0.0) - flog1p(fexp(-abs(x))),
       local=_logsigmoid_local, expr="logsigmoid({0})", dlocal=("sigmoid(-{0})",),
       saved={"_saved_self": 0}, where=("functional",)),
    Op(key="silu", name="SiluBackward0", forward=lambda x: x * fsigmoid(x), local=_silu_local, expr="silu({0})",
       dlocal=("sigmoid({0})*(1 + {0}*(1 - sigmoid({0})))",), saved={"_saved_self": 0}, where=("functional",)),
]  # fmt: skip

OPS: dict[str, Op] = {op.key: op for op in _OPS}


# -- n-ary ops: one node for a whole reduction or dot product, a variable number of inputs ----


def _sum_grad(g: Any, *xs: Any) -> tuple[Any, ...]:
    return (g,) * (len(xs) - 1)  # sum_backward: the grad expanded to every input


def _mean_grad(g: Any, *xs: Any) -> tuple[Any, ...]:
    n = len(xs) - 1  # mean_backward: grad / numel, for each input
    return (div(g, float(n)),) * n


def _dot_grad(g: Any, *xs: Any) -> tuple[Any, ...]:
    n = (len(xs) - 1) // 2  # inputs are a1..an, b1..bn, then out: grad * other, grad * self
    return tuple([g * x for x in xs[n : 2 * n] + xs[:n]])  # one loop: the others, then the selves


def _dot_forward(*xs: float) -> float:
    n = len(xs) // 2
    return fsum(a * b for a, b in zip(xs[:n], xs[n:])) if n else 0.0


def _dot_formula(slot: int, count: int) -> str:
    return f"{{{(slot + count // 2) % count}}}"  # a1..an, b1..bn: d/da_i = b_i, d/db_i = a_i


def _affine_grad(g: Any, *xs: Any) -> tuple[Any, ...]:
    n = (len(xs) - 2) // 2  # inputs are w1..wn, x1..xn, b, then out: grad*x, grad*w, grad
    return (*[g * v for v in xs[n : 2 * n] + xs[:n]], g)  # one loop: the xs, then the ws


def affine_sum(ws: Iterable[float], xs: Iterable[float], b: float) -> float:
    """``b + w1*x1 + w2*x2 + ...`` left to right, the order of micrograd's Neuron: the same
    floats. The affine op's forward; a neuron calls it on its weights' numbers directly."""
    if _COMPENSATED_SUM:
        return reduce(operator.add, map(operator.mul, ws, xs), b)
    return sum(map(operator.mul, ws, xs), b)  # the same additions, in C


# From Python 3.12 on, sum() of floats is compensated (Neumaier): no longer the additions of
# a loop, so not micrograd's numbers (Pyodide's Python is 3.12 or newer)
_COMPENSATED_SUM = sum([1e16, 1.0, -1e16]) != 0.0


def _affine_forward(*xs: float) -> float:
    n = len(xs) >> 1
    return affine_sum(xs[:n], xs[n:-1], xs[-1])


def _affine_formula(slot: int, count: int) -> str:
    n = (count - 1) // 2  # w1..wn, x1..xn, b: d/dw_i = x_i, d/dx_i = w_i, d/db = 1
    return "1" if slot == 2 * n else f"{{{(slot + n) % (2 * n)}}}"


def _mean(*xs: float) -> float:
    return fsum(xs) / len(xs) if xs else math.nan


def _copy(key: str, name: str) -> Op:
    # An element copied into a new place (t[i], stack, a view): d out / d in = 1.
    return Op(key=key, name=name, forward=lambda a: a, local=lambda a, out: (_ONE,), expr="{0}",
              dlocal=("1",), method=None, micrograd="")  # fmt: skip


NARY: dict[str, Op] = {
    "sum": Op(key="sum", name="SumBackward0", forward=lambda *xs: fsum(xs), backward=_sum_grad, expr="sum",
              dlocal=("1",), slots=-1, micrograd="+"),
    "mean": Op(key="mean", name="MeanBackward0", forward=_mean, backward=_mean_grad, expr="mean",
               dlocal=lambda slot, count: f"1/{count}", slots=-1),
    "dot": Op(key="dot", name="DotBackward0", forward=_dot_forward, backward=_dot_grad, expr="dot",
              dlocal=_dot_formula, slots=-1),
    # a neuron's weighted sum w·x + b (PyTorch's addmv for one row): one node, not 2n chained ones
    "affine": Op(key="affine", name="AddmvBackward0", forward=_affine_forward, backward=_affine_grad, expr="affine",
                 dlocal=_affine_formula, slots=-1, prec=1, method=None),
}  # fmt: skip

# element copies that the tensor layer makes (indexing, stacking, views, clone)
COPIES: dict[str, Op] = {
    op.key: op
    for op in (
        _copy("select", "SelectBackward0"),
        _copy("stack", "StackBackward0"),
        _copy("unbind", "UnbindBackward0"),
        _copy("clone", "CloneBackward0"),
        _copy("copy", "CopyBackwards"),
        _copy("unsqueeze", "UnsqueezeBackward0"),
        _copy("squeeze", "SqueezeBackward4"),
    )
}


def all_ops() -> dict[str, Op]:
    """Every op of the three tables, by key."""
    return {**OPS, **NARY, **COPIES}


_TWINS: dict[int, tuple[Op, Op]] = {}


def in_float64(op: Op) -> Op:
    """The float64 op of a float32 one (itself for a float64 op)."""
    if not op.float32:
        return op
    return next(base for base, twin in _TWINS.values() if twin is op)


def in_float32(op: Op) -> Op:
    """``op`` on float32 numbers: the same op (name, rule, formulas), its rule run on ``F32``."""
    if op.float32:
        return op
    got = _TWINS.get(id(op))
    if got is None or got[0] is not op:
        got = _TWINS[id(op)] = (op, replace(op, float32=True))
    return got[1]
