"""The terminal printout of the trace: exact text at 80 columns, plain when not a terminal."""

import io

from rich.console import Console

from tinygrad_edu import Value
from viz.demo import neuron
from viz.trace_view import print_trace


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


def test_long_lines_wrap_inside_their_column():
    x = Value(0.5, label="x")
    text, _ = plain((x.exp() * 3.0 - x.sin() * x.cos()).tanh() + 2**x - (x + 1) ** x, width=60)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 60
    # a wrapped formula continues under its own column, not at the left margin
    i = next(i for i, line in enumerate(lines) if line.endswith("local d(tanh(v7) + 2.0**x - (x +"))
    assert lines[i + 1] == " " * 26 + "1.0)**x)/d(tanh(v7) + 2.0**x) ="


def test_a_label_is_followed_by_the_expression_it_stands_for():
    text, _ = plain(neuron())
    assert "Step 1/5  TanhBackward0  o = tanh(n) = 0.707107" in text
    assert "Step 2/5  AddBackward0  n = x1*w1 + x2*w2 + b = 0.881374" in text
