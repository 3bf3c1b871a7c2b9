"""The terminal printout of the trace: exact text at 80 columns, plain when not a terminal."""

import io
import time

import pytest
from rich.console import Console

from tinygrad_edu import Value
from viz.demo import neuron
from viz.trace_view import print_trace, trace_text


def plain(root, width=80, **kw):
    buf = io.StringIO()
    t = print_trace(root, console=Console(color_system=None, width=width, file=buf), **kw)
    # rich pads table cells with spaces; what is shown is the text up to the line's end
    return "\n".join(line.rstrip() for line in buf.getvalue().splitlines()), t


def test_the_example_printout():
    a, b, c, f = (Value(x, label=n) for n, x in zip("abcf", (2.0, -3.0, 10.0, -2.0)))
    text, _ = plain((a * b + c) * f)
    assert (
        text
        == """\
Backward pass from (a * b + c) * f = -8.0, seeded with grad 1.0: 3 steps

Step 1/3  MulBackward0  (a * b + c) * f = -8.0
  upstream grad 1.0
  a * b + c local d((a * b + c) * f)/d(a * b + c) = f = -2.0
            chain 1.0 × -2.0 = -2.0   grad += -2.0 → -2.0
  f         local d((a * b + c) * f)/df = a * b + c = 4.0
            chain 1.0 × 4.0 = 4.0   grad += 4.0 → 4.0

Step 2/3  AddBackward0  a * b + c = 4.0
  upstream grad -2.0
  a * b local d(a * b + c)/d(a * b) = 1.0
        chain -2.0 × 1.0 = -2.0   grad += -2.0 → -2.0
  c     local d(a * b + c)/dc = 1.0
        chain -2.0 × 1.0 = -2.0   grad += -2.0 → -2.0

Step 3/3  MulBackward0  a * b = -6.0
  upstream grad -2.0
  a local d(a * b)/da = b = -3.0
    chain -2.0 × -3.0 = 6.0   grad += 6.0 → 6.0
  b local d(a * b)/db = a = 2.0
    chain -2.0 × 2.0 = -4.0   grad += -4.0 → -4.0

Leaf grads
 leaf   data   grad
────────────────────
 a       2.0    6.0
 b      -3.0   -4.0
 c      10.0   -2.0
 f      -2.0    4.0"""
    )


def test_a_shared_input_shows_both_additions_and_a_number_takes_none():
    a = Value(2.0, label="a")
    text, _ = plain((a + a) * 3)
    assert (
        text
        == """\
Backward pass from (a + a) * 3.0 = 12.0, seeded with grad 1.0: 2 steps

Step 1/2  MulBackward0  (a + a) * 3.0 = 12.0
  upstream grad 1.0
  a + a local d((a + a) * 3.0)/d(a + a) = 3.0
        chain 1.0 × 3.0 = 3.0   grad += 3.0 → 3.0
  3.0   local d((a + a) * 3.0)/d(3.0) = a + a = 4.0
        chain a number: nothing flows to it

Step 2/2  AddBackward0  a + a = 4.0
  upstream grad 3.0
  a local d(a + a)/da = 1.0
    chain 3.0 × 1.0 = 3.0   grad += 3.0 → 3.0
  a local d(a + a)/da = 1.0
    chain 3.0 × 1.0 = 3.0   grad += 3.0 → 6.0

Leaf grads
 leaf   data   grad
────────────────────
 a       2.0    6.0"""
    )


def test_a_value_that_needs_no_grad_says_so():
    a, k = Value(2.0, label="a"), Value(5.0, requires_grad=False, label="k")
    text, _ = plain(a * k)
    assert "  k local d(a * k)/dk = a = 2.0\n    chain needs no grad: nothing flows to it" in text


def test_the_neuron_fits_80_columns_without_colour_codes():
    text, t = plain(neuron())
    assert "\x1b[" not in text
    assert max(map(len, text.splitlines())) <= 80
    assert text.count("\nStep ") == len(t.steps) == 5
    assert "  n local d(tanh(n))/dn = 1 - o**2 = 0.5" in text
    assert text.endswith(" b      6.88137    0.5")


def long_graph():
    x = Value(0.5, label="x")
    return (x.exp() * 3.0 - x.sin() * x.cos()).tanh() + 2**x - (x + 1) ** x


@pytest.mark.parametrize("width", [60, 80])
def test_lines_break_between_the_parts_of_a_formula_never_inside_one(width):
    text, t = plain(long_graph(), width=width)
    lines = text.splitlines()
    assert max(map(len, lines)) <= width
    for s in t.steps:
        for i in s.inputs:
            first, *rest = i.text().split(" = ")
            short = first.replace(f"d({s.expr})/", f"d({s.label})/", 1)
            # each part of the formula is whole on one line (d(<expr>)/dx may use the node's name)
            assert any(first in line or short in line for line in lines), first
            for part in rest:
                assert any(f"= {part}" in line for line in lines), part
            if i.contribution is not None:
                assert any(i.product(s.upstream) in line for line in lines)


def test_a_formula_that_does_not_fit_continues_under_its_own_column():
    text, _ = plain(long_graph(), width=60)
    lines = text.splitlines()
    i = next(i for i, line in enumerate(lines) if line.endswith("local d((x + 1.0)**x)/d(x + 1.0)"))
    column = lines[i].index("d((x + 1.0)")
    assert lines[i + 1] == " " * column + "= x*(x + 1.0)**(x-1) = 0.408248"
    # the same graph at 80 columns has room: the parts stay on one line
    wide, _ = plain(long_graph(), width=80)
    assert "local d((x + 1.0)**x)/d(x + 1.0) = x*(x + 1.0)**(x-1) = 0.408248" in wide


def test_a_long_expression_is_named_by_its_node_where_it_does_not_fit():
    text, t = plain(long_graph(), width=60)
    first = t.steps[0]
    assert len(first.expr) > 30 and first.label == "v13"
    assert "local d(v13)/d(tanh(v7) + 2.0**x) = 1.0" in text
    wide, _ = plain(long_graph(), width=120)
    assert f"local d({first.expr})/d(tanh(v7) + 2.0**x) = 1.0" in wide


def stream(encoding):
    raw = io.BytesIO()
    return raw, io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="")


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_stream_that_cannot_encode_the_symbols_gets_ascii_ones(encoding):
    a, b = Value(1.0, label="a"), Value(2.0, label="b")
    raw, out = stream(encoding)
    print_trace(a.tanh() * b, console=Console(file=out, width=80, color_system=None))
    out.flush()
    text = raw.getvalue().decode(encoding)
    assert "chain 1.0 * 2.0 = 2.0   grad += 2.0 -> 2.0" in text
    assert "×" not in text and "→" not in text
    raw, out = stream("utf-8")
    print_trace(a.tanh() * b, console=Console(file=out, width=80, color_system=None))
    out.flush()
    assert "chain 1.0 × 2.0 = 2.0   grad += 2.0 → 2.0" in raw.getvalue().decode()


def test_trace_text_captures_inside_a_jupyter_kernel(monkeypatch):
    import builtins

    class ZMQInteractiveShell:  # what rich takes for a Jupyter kernel
        pass

    monkeypatch.setattr(builtins, "get_ipython", ZMQInteractiveShell, raising=False)
    assert Console().is_jupyter  # the fake is what rich detects
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    text = trace_text(a * b, width=80)
    assert text.startswith("Backward pass from a * b = -6.0") and "Leaf grads" in text


def chain(n):
    y = Value(0.5, label="x")
    for _ in range(n):
        y = y * 1.0
    return y


def cpu_seconds(fn):
    start = time.process_time()
    fn()
    return time.process_time() - start


def test_the_printout_grows_linearly_with_the_steps():
    y = chain(2000)
    out = io.StringIO()
    took = cpu_seconds(lambda: print_trace(y, console=Console(file=out, width=80)))
    assert out.getvalue().count("\nStep ") == 2000
    assert took < 1.5  # rich's tables took over 2 ms a step: 5 s and more


@pytest.mark.slow
def test_ten_thousand_steps_print_in_under_two_seconds():
    y = chain(10_000)
    out = io.StringIO()
    took = cpu_seconds(lambda: print_trace(y, console=Console(file=out, width=80)))
    assert out.getvalue().count("\nStep ") == 10_000
    assert took < 2.0


def test_a_label_is_followed_by_the_expression_it_stands_for():
    text, _ = plain(neuron())
    assert "Step 1/5  TanhBackward0  o = tanh(n) = 0.707107" in text
    assert "Step 2/5  AddBackward0  n = x1*w1 + x2*w2 + b = 0.881374" in text
