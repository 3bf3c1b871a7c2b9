"""The expression language: a whitelist over ast, never eval, bounded in length and depth."""

from __future__ import annotations

import math
import time

import pytest

from tinygrad_edu import Value
from viz.expr import MAX_DEPTH, MAX_LENGTH, ExprError, build, parse_vars

NEURON = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}


def test_neuron_builds_the_same_graph_as_by_hand() -> None:
    o = build("tanh(x1*w1 + x2*w2 + b)", NEURON)
    o.backward()
    assert math.isclose(o.data, 1 / math.sqrt(2))
    assert o.grad_fn.name() == "TanhBackward0"
    n = o.grad_fn.inputs[0]
    assert n.grad_fn.name() == "AddBackward0" and n.label == "x1*w1 + x2*w2 + b"
    leaves = {v.label: v for v in n.grad_fn.inputs[0].grad_fn.inputs[0].grad_fn.inputs}
    assert leaves["x1"].grad == pytest.approx(-1.5) and leaves["w1"].grad == pytest.approx(1.0)


def test_a_name_used_twice_is_one_leaf() -> None:
    y = build("a*a", {"a": 3.0})
    a1, a2 = y.grad_fn.inputs
    assert a1 is a2
    y.backward()
    assert a1.grad == 6.0


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("x + 1", "AddBackward0"),
        ("x - 1", "SubBackward0"),
        ("1 - x", "RsubBackward1"),
        ("2 * x", "MulBackward0"),
        ("x / 2", "DivBackward0"),
        ("2 / x", "MulBackward0"),  # PyTorch: a reciprocal, then a product
        ("-x", "NegBackward0"),
        ("x ** 2", "PowBackward0"),
        ("x ** x", "PowBackward1"),
        ("2 ** x", "PowBackward2"),
        ("exp(x)", "ExpBackward0"),
        ("log(x)", "LogBackward0"),
        ("tanh(x)", "TanhBackward0"),
        ("relu(x)", "ReluBackward0"),
        ("sigmoid(x)", "SigmoidBackward0"),
        ("sin(x)", "SinBackward0"),
        ("cos(x)", "CosBackward0"),
        ("sqrt(x)", "SqrtBackward0"),
        ("abs(x)", "AbsBackward0"),
    ],
)
def test_every_allowed_construct(text: str, name: str) -> None:
    y = build(text, {"x": 1.5})
    assert y.grad_fn.name() == name
    assert y.label == text


def test_unary_plus_and_parentheses_add_no_node() -> None:
    y = build("+(x)", {"x": 1.5})
    assert y.is_leaf and y.label == "x"


@pytest.mark.parametrize(("text", "n"), [("x ** 2", 2), ("x**-1", -1), ("x ** -(+3)", -3)])
def test_integer_exponent_stays_an_int_as_in_pytorch(text: str, n: int) -> None:
    y = build(text, {"x": 3.0})
    assert y.grad_fn._saved_exponent == n and type(y.grad_fn._saved_exponent) is int


def test_numbers_alone_make_a_constant() -> None:
    y = build("2 * 3 + 1/0", {})
    assert y.data == math.inf and not y.requires_grad and y.grad_fn is None


def test_long_inner_text_is_not_a_label() -> None:
    long = " + ".join(["x"] * 20)
    assert build(long, {"x": 1.0}).label == ""


def test_leading_spaces_and_columns() -> None:
    assert build("   x", {"x": 1.0}).label == "x"
    with pytest.raises(ExprError, match="column 5"):
        build("  x+y", {"x": 1.0})


HOSTILE = [
    ("__import__('os').system('touch pwned')", "an attribute is not allowed"),
    ("(lambda: 1)()", "a lambda is not allowed at column 2"),
    ("x.__class__", "an attribute is not allowed at column 1"),
    ("'a'*9", "a string is not allowed at column 1"),
    ("f'{x}'", "a string is not allowed"),
    ("x[0]", "a subscript is not allowed"),
    ("[x for x in ()]", "a comprehension is not allowed"),
    ("x if x else x", "'if'/'else' is not allowed"),
    ("x < 1", "a comparison is not allowed"),
    ("x and x", "'and'/'or' is not allowed"),
    ("(x := 1)", "':=' is not allowed"),
    ("x // 2", "operator '//' is not allowed"),
    ("x % 2", "operator '%' is not allowed"),
    ("x @ x", "operator '@' is not allowed"),
    ("~x", "operator '~' is not allowed"),
    ("not x", "operator 'not' is not allowed"),
    ("1j", "a complex number is not allowed"),
    ("True", "True is not allowed"),
    ("None", "None is not allowed"),
    ("...", "'...' is not allowed"),
    ("exp(x)(x)", "only a function's name can be called \\(column 1\\)"),
    ("2(x)", "only a function's name can be called"),
    ("x.exp(x)", "an attribute is not allowed at column 1"),
    # Python folds these into 'x' and 'exp', and would count columns in bytes after them
    ("\U0001d465 + 1", "unexpected character '\U0001d465' at column 1: use ASCII only"),
    ("\U0001d41exp(x)", "unexpected character .* at column 1: use ASCII only"),
    ("x + \uff58", "at column 5: use ASCII only"),
    ("x #+ y", "unexpected character '#' at column 3"),
    ("eval('1')", "unknown function 'eval' at column 1"),
    ("exp(x, x)", "exp\\(\\) takes exactly one argument"),
    ("exp(*x)", "exp\\(\\) takes exactly one argument"),
    ("exp(x=1)", "exp\\(\\) takes exactly one argument"),
    ("exp", "'exp' at column 1 is a function"),
    ("x + y", "unknown name 'y' at column 5: give it --var y=..."),
    ("x +", "syntax error at column"),
    ("x\n+ 1", "unexpected character '\\\\n' at column 2"),
    ("x\x00", "unexpected character"),
    ("", "empty"),
    ("   ", "empty"),
    ("x" * (MAX_LENGTH + 1), "too long"),
    ("(" * (MAX_DEPTH + 1) + "x" + ")" * (MAX_DEPTH + 1), "too deeply nested"),
    ("exp(" * 300 + "x" + ")" * 300, "too deeply nested"),
    ("[" * 300, "too deeply nested"),
]


@pytest.mark.parametrize(("text", "message"), HOSTILE)
def test_hostile_and_malformed_input_is_refused(text: str, message: str) -> None:
    with pytest.raises(ExprError, match=message) as e:
        build(text, {"x": 1.0})
    assert "\n" not in str(e.value)


def test_nothing_is_evaluated(monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*args: object, **kwargs: object) -> None:
        raise AssertionError("eval and exec must never run")

    monkeypatch.setattr("builtins.eval", no)
    monkeypatch.setattr("builtins.exec", no)
    assert build("x*2", {"x": 1.0}).data == 2.0
    with pytest.raises(ExprError):
        build("__import__('os')", {})


def test_huge_exponents_end_at_once_in_inf() -> None:
    start = time.perf_counter()
    assert build("9**9**9**9", {}).data == math.inf
    assert build("10**10**10 * x", {"x": 1.0}).data == math.inf
    assert build("1" * 1500, {}).data == math.inf  # a literal too big for a float
    assert time.perf_counter() - start < 1.0


def test_deep_but_flat_inputs_build_without_recursion() -> None:
    y = build("x" + "+x" * 900, {"x": 1.0})  # an AST 900 levels deep
    assert y.data == 901.0
    z = build("-" * 1990 + "x", {"x": 2.0})
    assert z.data == 2.0 and isinstance(z, Value)


def test_parse_vars() -> None:
    assert parse_vars(["x=2", "w1=-3.5", "b = 1e-3", "n=nan"])["w1"] == -3.5
    assert math.isnan(parse_vars(["n=nan"])["n"])
    assert parse_vars([]) == {}


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ("x", "write it as NAME=VALUE"),
        ("=2", "write it as NAME=VALUE"),
        ("x=", "'' is not a number"),
        ("x=abc", "'abc' is not a number"),
        ("1x=2", "'1x' is not a variable name"),
        ("x.y=2", "'x.y' is not a variable name"),
        ("lambda=2", "'lambda' is not a variable name"),
        ("exp=2", "'exp' is a function"),
        ("x=\u0663", "'\u0663' is not a number"),  # float() alone would read an Arabic-Indic 3
        ("x=\uff11", "is not a number"),
    ],
)
def test_bad_vars(item: str, message: str) -> None:
    with pytest.raises(ExprError, match=message):
        parse_vars([item])


def test_var_given_twice() -> None:
    with pytest.raises(ExprError, match="given twice"):
        parse_vars(["x=1", "x=2"])
