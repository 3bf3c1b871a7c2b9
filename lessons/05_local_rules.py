# %% [markdown]
# # Lesson 05: local derivatives, saved values, and calling a node
#
# Back-propagation needs, at every node, one small fact: the *local* derivative of the node's
# output with respect to each of its inputs.  `x * y` needs `y` and `x`; `tanh(x)` needs its own
# output, `1 - out**2`.  So at forward time each node **saves** the numbers its rule will need.
# micrograd keeps the rule as a closure per op; PyTorch keeps it in a node object and exposes the
# saved numbers as `_saved_self`, `_saved_other`, `_saved_result`, ...  This engine does both: the
# rule is a function from its op table, held by the node, and the saved values have PyTorch's
# names.  Pictures go to `lessons_out/05/`.
#
# The lesson has two parts; read the first now and the second when you need it:
#
# - **Part A, the one idea: each node holds a local rule.**  The micrograd closure, the same
#   rule held by a node (`local_derivatives()`), and the exercise.
# - **Part B, how PyTorch stores it (optional on a first reading).**  The saved values under
#   PyTorch's names, calling a node, and why `backward()` frees them.  Lesson 15 (your own op)
#   needs only Part A.

# %%
import math
import os
from pathlib import Path

import viz
from tinygrad_edu import Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "05"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## Part A.  The micrograd way: a closure per operation
#
# Here is the whole idea in a dozen lines.  `mul` builds the output and a function `_backward`
# that *closes over* `a`, `b` and `out`: when it runs, later, it still sees them.


# %%
class Scalar:
    def __init__(self, data):
        self.data, self.grad, self._backward = data, 0.0, lambda: None


def mul(a, b):
    out = Scalar(a.data * b.data)

    def _backward():  # the local rule, remembering a, b and out
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad

    out._backward = _backward
    return out


p, q = Scalar(3.0), Scalar(-2.0)
r = mul(p, q)
r.grad = 1.0
r._backward()
print("micrograd-style closure: p.grad =", p.grad, " q.grad =", q.grad)
assert (p.grad, q.grad) == (q.data, p.data)

# %% [markdown]
# ## The rule held by a node
#
# Here every op has one rule, in `tinygrad_edu/core/ops.py`, shared by the engine, the tensors of
# every dtype (a float32 tensor's elements run it on float32 numbers, each step rounded as
# PyTorch's float32 kernels round), the pictures and the trace.  A node holds it:
# `node.local_derivatives()` evaluates it on the values saved at forward time.  For `a * b` it
# gives `(b, a)`; for `tanh` it gives `1 - out**2`.

# %%
a, b = Value(2.0, label="a"), Value(-3.0, label="b")
c = a * b
print(c.grad_fn.name(), "local derivatives:", c.grad_fn.local_derivatives())
assert c.grad_fn.local_derivatives() == (b.data, a.data)

t = Value(0.5, label="t")
o = t.tanh()
print(o.grad_fn.name(), "local derivative:", o.grad_fn.local_derivatives())
assert o.grad_fn.local_derivatives() == (1 - o.data**2,)

h = 1e-6
for node_value, leaf, f in [(o, t, math.tanh), (t.exp(), t, math.exp), (t.sin(), t, math.sin)]:
    nudged = (f(leaf.data + h) - f(leaf.data - h)) / (2 * h)
    (local,) = node_value.grad_fn.local_derivatives()
    print(f"{node_value.grad_fn.name():<14} local {local:.6f}  nudging {nudged:.6f}")
    assert abs(local - nudged) < 1e-8

# %% [markdown]
# ## Part B.  Saved values, by PyTorch's names
#
# `MulBackward0` saves both inputs: `_saved_self` is `a` itself and `_saved_other` is `b` (the
# same objects, as in PyTorch).  `PowBackward0` saves the base and the exponent (a Python `int`
# stays an `int`).  `TanhBackward0` and `ExpBackward0` save their *result*: the rule needs the
# output, not the input.

# %%
print("c.grad_fn._saved_self is a:", c.grad_fn._saved_self is a)
print("c.grad_fn._saved_other is b:", c.grad_fn._saved_other is b)
assert c.grad_fn._saved_self is a and c.grad_fn._saved_other is b

sq = t**2
print(
    "PowBackward0 saves", sq.grad_fn._saved_self, "and exponent", repr(sq.grad_fn._saved_exponent)
)
assert sq.grad_fn._saved_self is t and sq.grad_fn._saved_exponent == 2
assert type(sq.grad_fn._saved_exponent) is int

print("TanhBackward0 _saved_result =", o.grad_fn._saved_result, " o.data =", o.data)
assert o.grad_fn._saved_result == o.data
saves_its_input = hasattr(o.grad_fn, "_saved_self")
print("TanhBackward0 also saves its input:", saves_its_input)
assert not saves_its_input

# %% [markdown]
# ## Calling a node: one step of the chain rule
#
# A node is callable, as PyTorch's are: `node(g)` takes the gradient arriving from above and
# returns the gradients for its inputs, `g × local derivative` each.  `g` is dL/d(this node's
# output), the number lesson 04 wrote next to each node on the way down; calling the root's node
# with `g = 1.0` starts the chain, because dL/dL = 1.  A tuple for several inputs,
# a bare number for one, and `None` for an input that does not require grad.  Calling a node
# changes no `.grad`; `backward()` is nothing but these calls, in the right order, with `+=`.

# %%
print("c.grad_fn(1.0) =", c.grad_fn(1.0))
print("c.grad_fn(10.0) =", c.grad_fn(10.0))
print("o.grad_fn(1.0) =", o.grad_fn(1.0))
print("(a * 5).grad_fn(1.0) =", (a * 5).grad_fn(1.0))
assert c.grad_fn(1.0) == (b.data, a.data)
assert c.grad_fn(10.0) == (10.0 * b.data, 10.0 * a.data)
assert o.grad_fn(1.0) == 1 - o.data**2
assert (a * 5).grad_fn(1.0) == (5.0, None)
assert a.grad == 0.0 and b.grad == 0.0  # untouched

# %% [markdown]
# Back-propagating the neuron of lesson 04 by calling its nodes, from the output down:

# %%
x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
bias = Value(6.8813735870195432, label="b")
out = (x1 * w1 + x2 * w2 + bias).tanh()
out.label = "o"
tanh_node = out.grad_fn
g_n = tanh_node(1.0)
add_node = tanh_node.next_functions[0][0]
g_s, g_b = add_node(g_n)
add2_node = add_node.next_functions[0][0]
g_x1w1, g_x2w2 = add2_node(g_s)
g_x1, g_w1 = add2_node.next_functions[0][0](g_x1w1)
g_x2, g_w2 = add2_node.next_functions[1][0](g_x2w2)
print(f"by calling nodes: x1 {g_x1:+.4f} w1 {g_w1:+.4f} x2 {g_x2:+.4f} w2 {g_w2:+.4f} b {g_b:+.4f}")
out.backward()
assert (g_x1, g_w1, g_x2, g_w2, g_b) == (x1.grad, w1.grad, x2.grad, w2.grad, bias.grad)

# %% [markdown]
# ## After backward, the saved values are freed
#
# Saved values cost memory, so `backward()` frees them (unless `retain_graph=True`).  Reading
# one afterwards, or running backward again, raises PyTorch's error.

# %%
try:
    tanh_node._saved_result
    freed = "not freed"
except RuntimeError as e:
    freed = str(e)
print("after backward:", freed[:72], "...")
assert freed.startswith("Trying to backward through the graph a second time")

y = a * b
y.backward(retain_graph=True)
first = a.grad
y.backward()  # allowed: the graph was kept; leaf grads add up (lesson 06)
print("two passes with retain_graph=True: a.grad =", a.grad)
assert a.grad == 2 * first

# %% [markdown]
# ## The picture
#
# The torch style draws the backward nodes only; with `show_saved=True` the saved values hang
# off their nodes in orange.

# %%
x = Value(0.5, label="x")
w = Value(-1.5, label="w")
z = (x * w).tanh() + (x**2).exp()
z.label = "z"
viz.show(viz.draw(z, style="torch", show_saved=True), OUT / "saved_values.svg")
viz.show(viz.draw(z), OUT / "values.svg")

# %% [markdown]
# ## Exercise 5.1
#
# Write the local rule of the sigmoid `s(x) = 1 / (1 + exp(-x))`, in the form the op table uses:
# a function of the input `x` and the saved output `out` that returns a one-element tuple.
# Hint: it can be written with `out` alone.  `check_sigmoid_rule(rule)` compares it with central
# differences and with the engine's own node.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
def sigmoid_rule(x, out):
    return (out * (1 - out),)


# END SOLUTION
# BLANK def sigmoid_rule(x, out):
# BLANK     raise NotImplementedError("Exercise 5.1: return (ds/dx,) from x and out")


def check_sigmoid_rule(rule):
    for x0 in (-3.0, -0.5, 0.0, 0.7, 4.0):
        s = 1 / (1 + math.exp(-x0))
        what = f"sigmoid_rule({x0}, {s:.6f})"
        nudged = (1 / (1 + math.exp(-x0 - 1e-6)) - 1 / (1 + math.exp(-x0 + 1e-6))) / 2e-6
        got = attempt(rule, x0, s, what=what, expected=f"({nudged:.6f},)")
        if not (isinstance(got, tuple) and len(got) == 1):
            fail(what, f"a one-element tuple like ({nudged:.6f},)", repr(got))
        close(got[0], nudged, f"{what}[0] against nudging", tol=1e-8)
        (engine,) = Value(x0).sigmoid().grad_fn.local_derivatives()
        close(got[0], engine, f"{what}[0] against the engine's SigmoidBackward0", tol=1e-12)
    passed("check_sigmoid_rule")


check_sigmoid_rule(sigmoid_rule)
