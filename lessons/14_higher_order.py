# %% [markdown]
# # Lesson 14: gradients of gradients
#
# Back-propagation is itself a computation: multiplications and additions of local derivatives.
# If we *record* it (`create_graph=True`), the gradient comes back as a Value with a graph of its
# own, and we can differentiate it again: second derivatives, third, and so on.  We check them
# against calculus and against nudging, draw the graph of a gradient, and use a second
# derivative for Newton's method.  Pictures go to `lessons_out/14/`.

# %%
import math
import os
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import tinygrad_edu as torch
import viz
from tinygrad_edu import Value
from tinygrad_edu.core.gradients import grad

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "14"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## `grad(outputs, inputs, create_graph=True)`
#
# `grad` returns d(output)/d(input) without touching any `.grad`.  On Values it returns a plain
# **float** without `create_graph` (there is nothing more to differentiate) and a **Value** with
# it; PyTorch's `torch.autograd.grad` always returns tensors (the next cell).  With
# `create_graph=True` the result is a Value made by recorded operations: for `y = x**3` the
# first derivative `3x**2` is a `MulBackward0`, and differentiating it gives `6x`, and then `6`.

# %%
x = Value(2.0, label="x")
y = x**3
(dy,) = grad([y], [x], create_graph=True)
(d2y,) = grad([dy], [x], create_graph=True)
(d3y,) = grad([d2y], [x])
print("dy/dx   =", dy, "  by calculus 3x**2 =", 3 * x.data**2)
print("d2y/dx2 =", d2y, "  by calculus 6x =", 6 * x.data)
print("d3y/dx3 =", d3y, "  by calculus 6")
assert dy.data == 3 * x.data**2 and d2y.data == 6 * x.data and d3y == 6
assert dy.grad_fn is not None and d2y.grad_fn is not None  # gradients with graphs
assert x.grad == 0.0  # grad() leaves .grad alone

# %% [markdown]
# The same through the PyTorch-shaped API: `torch.autograd.grad` returns a tuple, and the
# printed tensors are the ones PyTorch 2.13 prints for this program:
# `tensor(12., grad_fn=<MulBackward0>)`, again `tensor(12., grad_fn=<MulBackward0>)` (the
# second derivative, 6x, is also 12 at x = 2), then `tensor(6.)`.

# %%
xt = torch.tensor(2.0, requires_grad=True)
(g1,) = torch.autograd.grad(xt**3, xt, create_graph=True)
(g2,) = torch.autograd.grad(g1, xt, create_graph=True)
(g3,) = torch.autograd.grad(g2, xt)
print(g1, g2, g3, sep="\n")
assert [str(g1), str(g2), str(g3)] == [
    "tensor(12., grad_fn=<MulBackward0>)",
    "tensor(12., grad_fn=<MulBackward0>)",
    "tensor(6.)",
]

# %% [markdown]
# Where PyTorch is installed, the same program runs under it and the lines are compared, side by
# side, instead of trusting the strings above.

# %%
try:
    import torch as real_torch
except ImportError:
    real_torch = None
    print("PyTorch is not installed: `pip install torch` to compare with the real thing.")
if real_torch is not None:
    xr = real_torch.tensor(2.0, requires_grad=True)
    (r1,) = real_torch.autograd.grad(xr**3, xr, create_graph=True)
    (r2,) = real_torch.autograd.grad(r1, xr, create_graph=True)
    (r3,) = real_torch.autograd.grad(r2, xr)
    for ours, theirs in zip((g1, g2, g3), (r1, r2, r3)):
        print(f"ours {ours!s:38} PyTorch {theirs!s}")
        assert str(ours) == str(theirs)

# %% [markdown]
# ## Checking second derivatives
#
# For `tanh`, calculus gives `tanh'' = -2 tanh (1 - tanh**2)`.  And a second derivative is the
# slope of the first: nudge `x`, recompute the first derivative with `grad`, divide.

# %%


def first_derivative(f, x0):
    v = Value(x0)
    (d,) = grad([f(v)], [v])
    return d


print(f"{'x':>5} {'grad of grad':>13} {'calculus':>10} {'nudging f_prime':>16}")
for x0 in (-1.5, -0.2, 0.4, 1.1):
    v = Value(x0)
    (d1,) = grad([v.tanh()], [v], create_graph=True)
    (d2,) = grad([d1], [v])
    t = math.tanh(x0)
    calculus = -2 * t * (1 - t * t)
    h = 1e-5
    nudged = (first_derivative(Value.tanh, x0 + h) - first_derivative(Value.tanh, x0 - h)) / (2 * h)
    print(f"{x0:>5} {d2:>13.6f} {calculus:>10.6f} {nudged:>16.6f}")
    assert abs(d2 - calculus) < 1e-12 and abs(d2 - nudged) < 1e-6

# %% [markdown]
# ## The graph of a gradient
#
# `dy` for `y = x**3` is a small computation of its own, `3 * x**2` as the chain rule produced
# it.  It can be drawn like any other graph.  Where PyTorch is installed, its graph of the same
# gradient is drawn beside ours, from its own `grad_fn.next_functions`.

# %%
x = Value(2.0, label="x")
(dy,) = grad([x**3], [x], create_graph=True)
dy.label = "dy/dx"
dy.backward()
print("d(dy/dx)/dx =", x.grad, "= 6x")
assert x.grad == 6 * x.data
viz.show(viz.draw(dy), OUT / "graph_of_the_gradient.svg")
if real_torch is not None:
    xr = real_torch.tensor(2.0, requires_grad=True)
    (dyr,) = real_torch.autograd.grad(xr**3, xr, create_graph=True)
    dyr.backward()
    assert xr.grad.item() == x.grad
    viz.show(viz.draw(dyr, labels={"x": xr}), OUT / "graph_of_the_gradient_pytorch.svg")

# %% [markdown]
# ## Using it: Newton's method
#
# To find the minimum of `f(x) = x**4 - 3x**2 + x` near `x = 1.5`, gradient descent takes steps
# `-lr * f'(x)`.  Newton's method divides by the curvature instead, `x <- x - f'(x) / f''(x)`,
# and lands on the minimum in a few steps once it is close.  Both derivatives come from autograd.


# %%
def f(x):
    return x**4 - 3 * x**2 + x


def derivatives(x0):
    v = Value(x0)
    (d1,) = grad([f(v)], [v], create_graph=True)
    (d2,) = grad([d1], [v])
    return d1.data, d2


newton, descent = [1.5], [1.5]
for _ in range(8):
    d1, d2 = derivatives(newton[-1])
    newton.append(newton[-1] - d1 / d2)
    descent.append(descent[-1] - 0.02 * derivatives(descent[-1])[0])
for k, (a, b) in enumerate(zip(newton, descent)):
    print(f"step {k}: Newton x = {a:.10f}   gradient descent x = {b:.10f}")
slope, curvature = derivatives(newton[-1])
assert abs(slope) < 1e-12 and curvature > 0  # a minimum: f' = 0, f'' > 0
assert abs(4 * newton[-1] ** 3 - 6 * newton[-1] + 1) < 1e-12  # f' by hand
assert abs(derivatives(descent[-1])[0]) > abs(slope)
xs = [i / 25 for i in range(-50, 51)]
viz.show(line_chart(
    {
        "f(x)": [(t, f(t)) for t in xs],
        "f'(x) by autograd": [(t, derivatives(t)[0]) for t in xs],
        "f''(x) by autograd": [(t, derivatives(t)[1]) for t in xs],
    },
    title="f(x) = x**4 - 3x**2 + x and its first two derivatives",
    xlabel="x",
), OUT / "f_and_derivatives.svg")  # fmt: skip

# %% [markdown]
# ## Exercise 14.1
#
# Write `second_derivative(fn, x0)` that returns d²fn/dx² at `x0` as a float, using `grad` twice
# (the first time with `create_graph=True`).  `check_second_derivative(second_derivative)` tests
# it on functions whose second derivatives you know.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, passed


# BEGIN SOLUTION
def second_derivative(fn, x0):
    v = Value(x0)
    (d1,) = grad([fn(v)], [v], create_graph=True)
    (d2,) = grad([d1], [v])
    return d2


# END SOLUTION
# BLANK def second_derivative(fn, x0):
# BLANK     raise NotImplementedError("Exercise 14.1: return d2 fn / dx2 at x0 as a float")


def check_second_derivative(fn):
    cases = [
        ("sin", Value.sin, 0.8, -math.sin(0.8)),
        ("exp", Value.exp, -0.3, math.exp(-0.3)),
        ("v**5", lambda v: v**5, 1.2, 20 * 1.2**3),
        ("v * log(v)", lambda v: v * v.log(), 2.0, 1 / 2.0),
    ]
    for name, g, x0, want in cases:
        what = f"second_derivative({name}, {x0})"
        got = attempt(fn, g, x0, what=what, expected=f"the float {want:.6f}")
        close(got, want, what, tol=1e-9)  # a float: grad without create_graph returns one
    passed("check_second_derivative")


check_second_derivative(second_derivative)
