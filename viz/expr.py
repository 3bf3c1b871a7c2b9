"""The command line's expression language: arithmetic over named variables, parsed, never run.

>>> v = build("tanh(x*w + b)", {"x": 2.0, "w": -3.0, "b": 6.8813735870195432})
>>> round(v.data, 4), v.grad_fn.name()
(0.7071, 'TanhBackward0')

Python's own parser reads the text; a walk over the tree then accepts numbers, names, ``+ - * /
**``, unary ``-``/``+``, parentheses and the calls in ``FUNCTIONS`` with one argument, and refuses
everything else with one line that says what and where.  Length, nesting and characters (ASCII,
no comments) are checked before the parser sees the text, and the walk keeps its own stack, so
no input can recurse deeply.
"""

from __future__ import annotations

import ast
import keyword
import math
from collections.abc import Mapping
from typing import Any

from tinygrad_edu.core.engine import INFIX, Value
from tinygrad_edu.core.ops import OPS, Op

__all__ = ["FUNCTIONS", "MAX_DEPTH", "MAX_LENGTH", "ExprError", "build", "parse_vars"]

MAX_LENGTH = 2000
MAX_DEPTH = 64  # brackets inside brackets; also caps how deep the parser itself recurses
MAX_LABEL = 32  # inner nodes are labelled with their source text when it is this short


def _call(op: Op) -> Any:
    """``op`` as a function of a float (its forward rule) or of a Value (the Value's method)."""

    def call(x: Any, *params: float) -> Any:
        if isinstance(x, Value):
            return getattr(x, op.method_name)(*params)  # type: ignore[arg-type]
        return op.forward(x, *params, *(d for _, d in op.params[len(params) :]))

    return call


def _infix(op: Op) -> Any:
    # numbers on both sides compute by the op's forward rule (1/0 is inf, as in PyTorch)
    python = INFIX[op.infix]
    return lambda a, b: (
        python(a, b) if isinstance(a, Value) or isinstance(b, Value) else op.forward(a, b)
    )


# The calls are the table's ops that are written as calls (exp(x), leaky_relu(x, 0.2), ...);
# the operators, its binary ops written with Python's symbol (+ - * / **).
FUNCTIONS = {op.method_name: _call(op) for op in OPS.values() if op.method_name and not op.infix}
_PARAMS = {op.method_name: op.params for op in OPS.values() if op.method_name in FUNCTIONS}
_AST_OPS = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult, "/": ast.Div, "**": ast.Pow}
_BINARY = {
    _AST_OPS[op.infix]: _infix(op)
    for op in OPS.values()
    if op.infix and op.arity == 2 and op.method_name
}
_SYMBOLS = {
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.MatMult: "@",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.BitAnd: "&",
    ast.Not: "not",
    ast.Invert: "~",
}
# What a refused construct is called in the error message.
_WHAT = {
    ast.Attribute: "an attribute",
    ast.Subscript: "a subscript",
    ast.Lambda: "a lambda",
    ast.Compare: "a comparison",
    ast.BoolOp: "'and'/'or'",
    ast.IfExp: "'if'/'else'",
    ast.List: "a list",
    ast.Tuple: "a tuple",
    ast.Set: "a set",
    ast.Dict: "a dict",
    ast.ListComp: "a comprehension",
    ast.SetComp: "a comprehension",
    ast.DictComp: "a comprehension",
    ast.GeneratorExp: "a comprehension",
    ast.JoinedStr: "a string",
    ast.NamedExpr: "':='",
    ast.Starred: "'*'",
    ast.Await: "'await'",
    ast.Yield: "'yield'",
    ast.YieldFrom: "'yield'",
    ast.Slice: "a slice",
}


class ExprError(ValueError):
    """A bad expression or --var: the message is one line and says where."""


def _cut(text: str, limit: int = 40) -> str:
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text)} characters)"


def parse_vars(items: list[str]) -> dict[str, float]:
    """``["x=2", "w=-3.5"]`` -> ``{"x": 2.0, "w": -3.5}``; anything else raises ExprError."""
    out: dict[str, float] = {}
    for item in items:
        name, eq, text = item.partition("=")
        name = name.strip()
        if not eq or not name:
            raise ExprError(f"bad --var {item!r}: write it as NAME=VALUE, e.g. --var x=2")
        if not name.isidentifier() or keyword.iskeyword(name) or not name.isascii():
            raise ExprError(f"bad --var {item!r}: {name!r} is not a variable name")
        if name in FUNCTIONS:
            raise ExprError(f"bad --var {item!r}: {name!r} is a function, pick another name")
        try:
            if not text.isascii():  # float() would also read '٣' and '１'
                raise ValueError
            value = float(text)
        except ValueError:
            raise ExprError(
                f"bad --var {_cut(item)}: {_cut(text.strip())} is not a number"
            ) from None
        if math.isinf(value) and "inf" not in text.lower():  # 1e999, or 5,000 digits
            raise ExprError(f"bad --var {_cut(item)}: the number is too large for a float")
        if name in out:
            raise ExprError(f"--var {name} is given twice")
        out[name] = value
    return out


def _check_text(expr: str) -> tuple[str, int]:
    """Bounds checked before Python's parser sees the text (the parser itself can recurse)."""
    if not isinstance(expr, str):
        raise ExprError(f"the expression must be text, got {type(expr).__name__}")
    if len(expr) > MAX_LENGTH:
        raise ExprError(f"the expression is too long: {len(expr)} characters (max {MAX_LENGTH})")
    if not expr.strip():
        raise ExprError("the expression is empty")
    for i, ch in enumerate(expr, 1):
        if ch in "\r\n\x00" or (not ch.isprintable() and ch != "\t"):
            raise ExprError(f"unexpected character {ch!r} at column {i}: write it on one line")
        if not ch.isascii():
            # Python would fold '𝑥' into 'x' and count columns in bytes: ASCII keeps both honest
            raise ExprError(f"unexpected character {ch!r} at column {i}: use ASCII only")
        if ch == "#":  # a comment would silently drop the rest of the text
            raise ExprError(f"unexpected character '#' at column {i}")
    depth = 0
    for i, ch in enumerate(expr, 1):
        if ch in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ExprError(
                    f"too deeply nested at column {i}: at most {MAX_DEPTH} brackets deep"
                )
        elif ch in ")]}":
            depth -= 1
    indent = len(expr) - len(expr.lstrip())
    return expr[indent:], indent


def _parse(expr: str) -> tuple[ast.expr, str, int]:
    text, indent = _check_text(expr)
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as e:
        col = (e.offset or 1) + indent
        raise ExprError(f"syntax error at column {col}: {e.msg}") from None
    except (RecursionError, MemoryError, ValueError):
        raise ExprError("the expression is nested too deeply") from None
    return tree.body, text, indent


def _refuse(node: ast.AST, indent: int) -> ExprError:
    col = getattr(node, "col_offset", 0) + 1 + indent
    if isinstance(node, ast.Constant):
        what = {str: "a string", bytes: "a string", complex: "a complex number"}.get(
            type(node.value), "'...'" if node.value is Ellipsis else repr(node.value)
        )
        return ExprError(f"{what} is not allowed at column {col}: only numbers and names")
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        sym = _SYMBOLS.get(type(node.op), type(node.op).__name__)
        return ExprError(f"operator {sym!r} is not allowed at column {col}: use + - * / **")
    what = _WHAT.get(type(node), type(node).__name__)
    return ExprError(f"{what} is not allowed at column {col}")


def _number(node: ast.Constant, indent: int) -> float:
    v = node.value
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _refuse(node, indent)
    try:
        return float(v)
    except OverflowError:  # a huge integer literal: as large as a float goes
        return math.inf


def build(expr: str, variables: Mapping[str, float]) -> Value:
    """Build the graph of ``expr`` over ``variables``; returns its root Value.

    Each name becomes one leaf Value (used twice, it is the same leaf), labelled with the name;
    inner nodes are labelled with their source text when it is short.  A number stays a number
    operand, as ``2 * x`` does in Python; an expression without any name is a constant Value.
    """
    root, text, indent = _parse(expr)
    leaves: dict[str, Value] = {}
    # Post-order walk with an explicit stack: (node, children done?) -> results on `done`.
    done: list[Any] = []
    stack: list[tuple[ast.AST, bool]] = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if not ready:
            kids = _children(node, variables, indent)
            stack.append((node, True))
            stack.extend((k, False) for k in reversed(kids))
            continue
        done.append(_combine(node, done, variables, leaves, indent, text))
    (result,) = done
    if not isinstance(result, Value):
        result = Value(result, requires_grad=False, label=_short(text))
    return result


def _children(node: ast.AST, variables: Mapping[str, float], indent: int) -> list[ast.AST]:
    """The sub-expressions to build first; refuses every construct outside the whitelist."""
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _BINARY:
            raise _refuse(node, indent)
        return [node.left, node.right]
    if isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, (ast.USub, ast.UAdd)):
            raise _refuse(node, indent)
        return [node.operand]
    if isinstance(node, ast.Call):
        col = node.col_offset + 1 + indent
        if isinstance(node.func, (ast.Call, ast.Constant, ast.BinOp, ast.UnaryOp)):
            # 2(x), exp(x)(x): what is called is allowed on its own, so say what is wrong
            raise ExprError(f"only a function's name can be called (column {col})")
        if not isinstance(node.func, ast.Name):
            raise _refuse(node.func, indent)
        name = node.func.id
        if name not in FUNCTIONS:
            allowed = ", ".join(sorted(FUNCTIONS))
            raise ExprError(f"unknown function {name!r} at column {col}; allowed: {allowed}")
        most = 1 + len(_PARAMS[name])
        if (
            node.keywords
            or not 1 <= len(node.args) <= most
            or any(isinstance(a, ast.Starred) for a in node.args)
        ):
            takes = "exactly one argument" if most == 1 else f"1 to {most} arguments"
            raise ExprError(f"{name}() takes {takes} (column {col})")
        return list(node.args)
    if isinstance(node, ast.Constant):
        _number(node, indent)
        return []
    if isinstance(node, ast.Name):
        if node.id not in variables:
            col = node.col_offset + 1 + indent
            if node.id in FUNCTIONS:
                raise ExprError(
                    f"{node.id!r} at column {col} is a function: call it, {node.id}(...)"
                )
            raise ExprError(
                f"unknown name {node.id!r} at column {col}: give it --var {node.id}=..."
            )
        return []
    raise _refuse(node, indent)


def _combine(
    node: ast.AST,
    done: list[Any],
    variables: Mapping[str, float],
    leaves: dict[str, Value],
    indent: int,
    text: str,
) -> Any:
    """The value of ``node`` from its children's values, popped off ``done``."""
    if isinstance(node, ast.Constant):
        return _number(node, indent)
    if isinstance(node, ast.Name):
        if node.id not in leaves:
            leaves[node.id] = Value(float(variables[node.id]), label=node.id)
        return leaves[node.id]
    if isinstance(node, ast.BinOp):
        b, a = done.pop(), done.pop()
        if isinstance(node.op, ast.Pow) and isinstance(a, Value):
            # An integer exponent stays an int, as PyTorch's _saved_exponent does: x**2.
            n = _int_literal(node.right)
            if n is not None:
                b = n
            out = a**b
        else:
            out = _BINARY[type(node.op)](a, b)
    elif isinstance(node, ast.UnaryOp):
        a = done.pop()
        out = -a if isinstance(node.op, ast.USub) else a
    else:  # a call: _children allowed only the whitelisted ones
        name = node.func.id  # type: ignore[attr-defined]
        args = [done.pop() for _ in node.args][::-1]  # type: ignore[attr-defined]
        if any(isinstance(p, Value) for p in args[1:]):
            col = node.col_offset + 1 + indent
            names = ", ".join(p for p, _ in _PARAMS[name])
            raise ExprError(f"{name}()'s {names} must be a number, not a name (column {col})")
        out = FUNCTIONS[name](*args)
    if isinstance(out, Value) and not out.label:
        out.label = _short(ast.get_source_segment(text, node) or "")
    return out


def _int_literal(node: ast.AST) -> int | None:
    """The int that ``2``, ``-1`` or ``+3`` spells, if it is one a float holds exactly."""
    sign = 1
    while isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        sign = -sign if isinstance(node.op, ast.USub) else sign
        node = node.operand
    if isinstance(node, ast.Constant) and type(node.value) is int and node.value < 2**53:
        return sign * node.value
    return None


def _short(source: str) -> str:
    return source if len(source) <= MAX_LABEL else ""
