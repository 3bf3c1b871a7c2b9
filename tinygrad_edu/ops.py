"""Every op, defined once: forward rule, local derivatives, PyTorch name, formulas.

An op's ``local`` rule returns d(out)/d(input) for each input slot.  The engine multiplies
each by the gradient arriving from above (the chain rule) and adds it with ``+=`` into the
input.  Rules run on floats during an ordinary backward, and on Values when a graph of the
gradient is wanted (``create_graph=True``), so they are written with operators and the
``exp``/``log``/... helpers below, which accept both.

Adding an op is adding one ``Op(...)`` line to ``OPS``; the scalar engine, the tensor layer,
the pictures and the trace all read it.

>>> OPS["mul"].name, OPS["mul"].local(2.0, -3.0, out=-6.0)
('MulBackward0', (-3.0, 2.0))
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["OPS", "Op", "cos", "div", "exp", "log", "pow", "relu", "sigmoid", "sin", "sqrt", "tanh"]

INF = math.inf
NAN = math.nan


# -- float math with PyTorch's edges: inf and nan instead of Python exceptions ---------------


def _fdiv(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0.0:
            return NAN
        return math.copysign(INF, a) * math.copysign(1.0, b)


def _fpow(a: float, b: float) -> float:
    try:
        return math.pow(a, b)
    except ValueError:  # 0 ** negative, or negative ** fraction
        if a == 0.0:
            odd = b == int(b) and int(b) % 2 == 1
            return math.copysign(INF, a) if odd else INF
        return NAN
    except OverflowError:
        odd = b == int(b) and int(b) % 2 == 1
        return -INF if a < 0 and odd else INF


def _fexp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return INF


def _flog(x: float) -> float:
    if x > 0.0:
        return math.log(x)
    if x == 0.0:
        return -INF
    return NAN  # negative or nan


def _fsqrt(x: float) -> float:
    return math.sqrt(x) if x >= 0.0 else NAN


def _fsin(x: float) -> float:
    return math.sin(x) if math.isfinite(x) else NAN


def _fcos(x: float) -> float:
    return math.cos(x) if math.isfinite(x) else NAN


def _fsigmoid(x: float) -> float:
    if x >= 0.0:
        return 1.0 / (1.0 + math.exp(-x))
    e = _fexp(x)  # stable for very negative x: no overflow
    return e / (1.0 + e)


def _frelu(x: float) -> float:
    return 0.0 if x < 0.0 else x  # keeps nan, and -0.0 as PyTorch's relu does


def _fsign(x: float) -> float:
    return 1.0 if x > 0.0 else -1.0 if x < 0.0 else x * 0.0  # sign(0) = 0, sign(nan) = nan


# -- helpers that take a float or a Value (Values dispatch to their own methods) -------------


def _both(ffn: Callable[[float], float], method: str) -> Callable[[Any], Any]:
    def fn(x: Any) -> Any:
        return ffn(x) if isinstance(x, (float, int)) else getattr(x, method)()

    fn.__name__ = method
    return fn


exp = _both(_fexp, "exp")
log = _both(_flog, "log")
sqrt = _both(_fsqrt, "sqrt")
sin = _both(_fsin, "sin")
cos = _both(_fcos, "cos")
tanh = _both(math.tanh, "tanh")
sigmoid = _both(_fsigmoid, "sigmoid")
relu = _both(_frelu, "relu")


def div(a: Any, b: Any) -> Any:
    """``a / b`` that gives inf or nan for a zero divisor, as PyTorch does."""
    if isinstance(a, (float, int)) and isinstance(b, (float, int)):
        return _fdiv(a, b)
    return a / b


def pow(a: Any, b: Any) -> Any:
    """``a ** b`` that gives inf or nan where Python would raise or go complex."""
    if isinstance(a, (float, int)) and isinstance(b, (float, int)):
        return _fpow(a, b)
    return a**b


def _step(x: Any) -> float:
    """1 where x > 0, else 0: relu's slope, 0 at the kink as in PyTorch."""
    return 1.0 if float(x) > 0.0 else 0.0


def _sign(x: Any) -> float:
    return _fsign(float(x))


def _pow_local(x: Any, n: Any) -> Any:
    # PyTorch masks the exponent-0 case: d/dx x**0 is 0 everywhere, even at x = 0.
    return 0.0 if n == 0 else n * pow(x, n - 1)


def _pow_exp_local(x: Any, y: Any, out: Any) -> Any:
    # d/dy x**y = x**y * log(x); PyTorch masks it to 0 where x == 0 and y >= 0 (0**y is flat).
    return 0.0 if x == 0 and y >= 0 else out * log(x)


def _log_base(c: Any) -> Any:
    # d/dx c**x = c**x * log(c); PyTorch gives 0 (not nan) when c == 0.
    return 0.0 if c == 0 else log(c)


def _data(x: Any) -> float:
    return x if isinstance(x, (float, int)) else x.data


# -- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One op: how to compute it forward and how to differentiate it.

    ``slots`` leading inputs are differentiable (they become ``next_functions``); later
    inputs are constants kept for the rule.  ``saved`` maps PyTorch's ``_saved_*`` attribute
    names to an input index or ``"result"``.  ``expr`` and ``dlocal`` are format strings over
    the input names ``{0} {1} ...`` (and ``out``) that the trace prints.
    """

    key: str
    name: str
    forward: Callable[..., float]
    local: Callable[..., tuple[Any, ...]]
    expr: str
    dlocal: tuple[str, ...]
    slots: int = 1
    saved: dict[str, int | str] = field(default_factory=dict)

    @property
    def micrograd(self) -> str:
        """micrograd's ``_op`` string, a format string over the inputs (``'**{1}'``)."""
        return MICROGRAD[self.key]

    @property
    def uses_result(self) -> bool:
        return "result" in self.saved.values()


def _op(key, name, forward, local, expr, dlocal, slots=1, **saved) -> Op:
    return Op(key, name, forward, local, expr, tuple(dlocal), slots, saved)


_ONE = 1.0
_OPS = [
    # key        PyTorch name       forward                     local derivatives                         expr            d/d input
    _op("add",   "AddBackward0",   lambda a, b: a + b,         lambda a, b, out: (_ONE, _ONE),            "{0} + {1}",     ("1", "1"), 2),
    _op("sub",   "SubBackward0",   lambda a, b: a - b,         lambda a, b, out: (_ONE, -1.0),            "{0} - {1}",     ("1", "-1"), 2),
    _op("rsub",  "RsubBackward1",  lambda a, c: c - a,         lambda a, c, out: (-1.0,),                 "{1} - {0}",     ("-1",), _saved_other=1),
    _op("mul",   "MulBackward0",   lambda a, b: a * b,         lambda a, b, out: (b, a),                  "{0} * {1}",     ("{1}", "{0}"), 2, _saved_self=0, _saved_other=1),
    _op("div",   "DivBackward0",   _fdiv,                      lambda a, b, out: (div(1.0, b), -div(a, b * b)), "{0} / {1}", ("1/{1}", "-{0}/{1}**2"), 2, _saved_self=0, _saved_other=1),
    _op("neg",   "NegBackward0",   lambda a: -a,               lambda a, out: (-1.0,),                    "-{0}",          ("-1",)),
    _op("pow",   "PowBackward0",   _fpow,                      lambda x, n, out: (_pow_local(x, n),),     "{0}**{1}",      ("{1}*{0}**({1}-1)",), _saved_self=0, _saved_exponent=1),
    _op("powt",  "PowBackward1",   _fpow,                      lambda x, y, out: (_pow_local(x, y), _pow_exp_local(x, y, out)), "{0}**{1}", ("{1}*{0}**({1}-1)", "out*log({0})"), 2, _saved_self=0, _saved_exponent=1, _saved_result="result"),
    _op("rpow",  "PowBackward2",   lambda x, c: _fpow(c, x),   lambda x, c, out: (out * _log_base(c),),   "{1}**{0}",      ("out*log({1})",), _saved_self=1, _saved_exponent=0, _saved_result="result"),
    _op("recip", "ReciprocalBackward0", lambda a: _fdiv(1.0, a), lambda a, out: (-(out * out),),          "1/{0}",         ("-out**2",), _saved_result="result"),
    _op("exp",   "ExpBackward0",   _fexp,                      lambda a, out: (out,),                     "exp({0})",      ("out",), _saved_result="result"),
    _op("log",   "LogBackward0",   _flog,                      lambda a, out: (div(1.0, a),),             "log({0})",      ("1/{0}",), _saved_self=0),
    _op("tanh",  "TanhBackward0",  math.tanh,                  lambda a, out: (1.0 - out * out,),         "tanh({0})",     ("1 - out**2",), _saved_result="result"),
    _op("sigmoid", "SigmoidBackward0", _fsigmoid,              lambda a, out: (out * (1.0 - out),),       "sigmoid({0})",  ("out*(1 - out)",), _saved_result="result"),
    _op("relu",  "ReluBackward0",  _frelu,                     lambda a, out: (_step(out),),              "relu({0})",     ("1 if out > 0 else 0",), _saved_result="result"),
    _op("sin",   "SinBackward0",   _fsin,                      lambda a, out: (cos(a),),                  "sin({0})",      ("cos({0})",), _saved_self=0),
    _op("cos",   "CosBackward0",   _fcos,                      lambda a, out: (-sin(a),),                 "cos({0})",      ("-sin({0})",), _saved_self=0),
    _op("sqrt",  "SqrtBackward0",  _fsqrt,                     lambda a, out: (div(0.5, out),),           "sqrt({0})",     ("1/(2*out)",), _saved_result="result"),
    _op("abs",   "AbsBackward0",   abs,                        lambda a, out: (_sign(a),),                "abs({0})",      ("sign({0})",), _saved_self=0),
]  # fmt: skip

OPS: dict[str, Op] = {op.key: op for op in _OPS}


# n-ary ops (one node for a whole reduction or dot product) have a variable number of slots,
# so they are defined apart from the fixed-arity table.


def _sum_local(*xs: Any) -> tuple[Any, ...]:
    return (_ONE,) * (len(xs) - 1)


def _dot_local(*xs: Any) -> tuple[Any, ...]:
    n = (len(xs) - 1) // 2  # inputs are a1..an, b1..bn, then out
    return xs[n : 2 * n] + xs[:n]


def fsum(xs: Any) -> float:
    """An exactly rounded sum, with IEEE edges as PyTorch: ``inf + -inf`` is nan, overflow inf."""
    xs = list(xs)
    try:
        return math.fsum(xs)
    except (ValueError, OverflowError):  # fsum raises where float addition gives nan or inf
        return sum(xs, 0.0)


def _dot_forward(*xs: float) -> float:
    n = len(xs) // 2
    return fsum(a * b for a, b in zip(xs[:n], xs[n:])) if n else 0.0


def _affine_local(*xs: Any) -> tuple[Any, ...]:
    n = (len(xs) - 2) // 2  # inputs are w1..wn, x1..xn, b, then out
    return (*xs[n : 2 * n], *xs[:n], _ONE)


def _affine_forward(*xs: float) -> float:
    n = len(xs) // 2
    # b + w1*x1 + w2*x2 + ... left to right, the order of micrograd's Neuron: the same floats
    return sum(map(operator.mul, xs[:n], xs[n : 2 * n]), xs[-1])


# micrograd's op strings; what micrograd composes (a - b, a / b) in the same style
MICROGRAD = {
    "add": "+", "sub": "-", "rsub": "-", "mul": "*", "div": "/", "neg": "-", "pow": "**{1}",
    "powt": "**", "rpow": "**", "recip": "**-1", "exp": "exp", "log": "log", "tanh": "tanh",
    "sigmoid": "sigmoid", "relu": "ReLU", "sin": "sin", "cos": "cos", "sqrt": "sqrt",
    "abs": "abs", "sum": "+", "dot": "dot", "affine": "affine",
}  # fmt: skip

NARY: dict[str, Op] = {
    "sum": Op("sum", "SumBackward0", lambda *xs: fsum(xs), _sum_local, "sum", ("1",), -1, {}),
    "dot": Op("dot", "DotBackward0", _dot_forward, _dot_local, "dot", ("other",), -1, {}),
    # a neuron's weighted sum w·x + b (PyTorch's addmv for one row): one node, not 2n chained ones
    "affine": Op("affine", "AddmvBackward0", _affine_forward, _affine_local, "affine", ("x", "w", "1"), -1, {}),
}  # fmt: skip
