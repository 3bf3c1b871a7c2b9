# %% [markdown]
# # Lesson 18: vector-Jacobian products, Jacobians and forward mode
#
# So far every backward pass started from one number, the loss.  A function `f` from `n` inputs to
# `m` outputs has an `m x n` table of partial derivatives, its **Jacobian** `J[i][j] = dy_i/dx_j`.
# Reverse mode (backward) never builds that table.  Seeded with a vector `v` of `m` numbers (one
# per output), one backward pass gives `v^T J`: a **vector-Jacobian product** (VJP).  That is why
# PyTorch's `y.backward()` needs `gradient=v` when `y` is not a scalar.
#
# - one VJP costs about one forward pass, whatever `n` is: ideal for a loss (`m = 1`) of many
#   parameters;
# - the whole Jacobian takes `m` VJPs, one per row (seed `v` = each unit vector);
# - **forward mode** goes the other way: one pass with *dual numbers* gives `J u`, a
#   Jacobian-vector product (JVP), one column per pass: ideal for few inputs, many outputs.
#
# Charts go to `lessons_out/18/`.

# %%
import math
import os
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import tinygrad_edu as torch
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "18"
OUT.mkdir(parents=True, exist_ok=True)


def f(x):
    """Three outputs of three inputs: a small function whose Jacobian we know by hand."""
    return torch.stack([x[0] * x[1], x[1].sin() + x[2], x[0] ** 2 * x[2]])


def jacobian_by_hand(a, b, c):
    return [[b, a, 0.0], [0.0, math.cos(b), 1.0], [2 * a * c, 0.0, a * a]]


X0 = [1.0, 2.0, 3.0]
J = jacobian_by_hand(*X0)

# %% [markdown]
# ## 1. `backward(gradient=v)` is a vector-Jacobian product
#
# `y` has three elements, so `y.backward()` alone is an error (which number is the loss?).  With
# `gradient=v`, `x.grad` becomes `sum_i v_i * dy_i/dx`, that is `v^T J`.  Note that here, as in
# PyTorch, a `tensor` does **not** track gradients unless asked (`requires_grad=True`), while a
# scalar `Value` tracks them by default.

# %%
x = torch.tensor(X0, dtype=torch.float64, requires_grad=True)
y = f(x)
print("y =", y)
try:
    y.backward()
except RuntimeError as e:
    print("y.backward():", e)
v = [1.0, 0.5, -1.0]
y.backward(gradient=torch.tensor(v, dtype=torch.float64))
vjp = [sum(v[i] * J[i][j] for i in range(3)) for j in range(3)]
print("x.grad =", x.grad, "  v^T J by hand =", [round(t, 4) for t in vjp])
assert all(abs(g - w) < 1e-12 for g, w in zip(x.grad.tolist(), vjp))

# %% [markdown]
# ## 2. The Jacobian, one row per backward pass
#
# `torch.autograd.grad(y[i], x, retain_graph=True)` is the VJP with the unit vector `e_i`: the
# gradient of the `i`-th output alone, row `i` of `J`.  `retain_graph=True` keeps the graph's
# saved values for the next row (without it the second call fails, as in PyTorch).  Unlike
# `.backward()`, `grad` returns the gradient and leaves `x.grad` alone.

# %%
x = torch.tensor(X0, dtype=torch.float64, requires_grad=True)
y = f(x)
rows = [torch.autograd.grad(y[i], x, retain_graph=True)[0].tolist() for i in range(3)]
for i, row in enumerate(rows):
    print(f"row {i}: {[round(t, 4) for t in row]}   by hand {[round(t, 4) for t in J[i]]}")
    assert all(abs(a - b) < 1e-12 for a, b in zip(row, J[i]))
assert x.grad is None

# %% [markdown]
# The same rows under real PyTorch, where it is installed (`torch.autograd.functional.jacobian`
# does this loop for you), and its graph of `y` drawn beside ours: the same nodes, one
# `SelectBackward0` per element read, one `StackBackward0` for the result.

# %%
try:
    import torch as real_torch
except ImportError:
    real_torch = None
    print("PyTorch is not installed: `pip install torch` to compare with the real thing.")
if real_torch is not None:
    xt = real_torch.tensor(X0, dtype=real_torch.float64, requires_grad=True)
    yt = real_torch.stack([xt[0] * xt[1], xt[1].sin() + xt[2], xt[0] ** 2 * xt[2]])
    theirs = [real_torch.autograd.grad(yt[i], xt, retain_graph=True)[0].tolist() for i in range(3)]
    for ours, their in zip(rows, theirs):
        print(f"ours {[round(t, 4) for t in ours]}   PyTorch {[round(t, 4) for t in their]}")
        assert all(abs(a - b) < 1e-12 for a, b in zip(ours, their))
viz.show(viz.draw(y, labels={"x": x}), OUT / "graph_of_y.svg")
if real_torch is not None:
    viz.show(viz.draw(yt, labels={"x": xt}), OUT / "graph_of_y_pytorch.svg")

# %% [markdown]
# ## 3. Forward mode with dual numbers
#
# A dual number carries a value and a **tangent**: `(a, a')` means "the value `a`, moving at
# speed `a'` when the input moves at speed 1".  Each operation moves the tangent with its local
# rule, *during the forward pass*: `(a, a') * (b, b') = (ab, a'b + ab')`, `sin(a, a') =
# (sin a, cos(a) a')`.  Nothing is recorded, nothing runs backward.  Start the inputs with
# tangents `u` and the outputs' tangents are `J u`: one column of the Jacobian for `u = e_j`.
# (This is the one place where derivatives *are* computed in the forward pass: forward mode.
# PyTorch's `backward()` is reverse mode, and computes nothing until it is called.)


# %%
class Dual:
    def __init__(self, value, tangent=0.0):
        self.value, self.tangent = value, tangent

    @staticmethod
    def lift(other):
        return other if isinstance(other, Dual) else Dual(other)

    def __add__(self, other):
        other = Dual.lift(other)
        return Dual(self.value + other.value, self.tangent + other.tangent)

    __radd__ = __add__

    def __mul__(self, other):
        other = Dual.lift(other)
        return Dual(
            self.value * other.value, self.tangent * other.value + self.value * other.tangent
        )

    __rmul__ = __mul__

    def __pow__(self, n):  # a constant power
        return Dual(self.value**n, n * self.value ** (n - 1) * self.tangent)

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.tangent)


def f_dual(x):  # the same f, written for anything with +, *, ** and sin
    return [x[0] * x[1], x[1].sin() + x[2], x[0] ** 2 * x[2]]


for j in range(3):
    u = [1.0 if k == j else 0.0 for k in range(3)]
    out = f_dual([Dual(a, t) for a, t in zip(X0, u)])
    column = [o.tangent for o in out]
    by_hand = [round(J[i][j], 4) for i in range(3)]
    print(f"column {j}: {[round(t, 4) for t in column]}   by hand {by_hand}")
    assert all(abs(column[i] - J[i][j]) < 1e-12 for i in range(3))

# %% [markdown]
# ## 4. Which mode is cheaper
#
# For `f` from `n` inputs to one output (a loss), reverse mode needs 1 pass and forward mode `n`;
# for one input and `m` outputs it is the other way.  The chart counts the passes for a full
# Jacobian of `n` inputs and 4 outputs.

# %%
ns = list(range(1, 13))
chart = line_chart(
    {
        "reverse (one per output)": [(n, 4) for n in ns],
        "forward (one per input)": [(n, n) for n in ns],
    },
    title="passes for a full Jacobian with 4 outputs",
    xlabel="number of inputs",
    ylabel="passes",
)
viz.show(chart, OUT / "passes.svg")

# %% [markdown]
# ## Exercise 18.1
#
# Write `jacobian(fn, x0)`: for a function `fn` of a 1-D float64 tensor returning a 1-D tensor,
# and a list of floats `x0`, return the Jacobian at `x0` as a list of rows (lists of floats),
# one `torch.autograd.grad` call per output.  `check_jacobian(jacobian)` compares it with the
# Jacobians worked out by hand for a few functions, some with more outputs than inputs.

# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
def jacobian(fn, x0):
    x = torch.tensor(x0, dtype=torch.float64, requires_grad=True)
    y = fn(x)
    return [torch.autograd.grad(y[i], x, retain_graph=True)[0].tolist() for i in range(y.shape[0])]


# END SOLUTION
# BLANK def jacobian(fn, x0):
# BLANK     raise NotImplementedError("Exercise 18.1: return the Jacobian as a list of rows")


def check_jacobian(jac):
    cases = [
        ("f", f, X0, jacobian_by_hand(*X0)),
        (
            "(a*b, a+b, a-b)",
            lambda x: torch.stack([x[0] * x[1], x[0] + x[1], x[0] - x[1]]),
            [2.0, -1.5],
            [[-1.5, 2.0], [1.0, 1.0], [1.0, -1.0]],
        ),
        (
            "(exp(a) * c, b**3)",
            lambda x: torch.stack([x[0].exp() * x[2], x[1] ** 3]),
            [0.5, 2.0, -1.0],
            [[-math.exp(0.5), 0.0, math.exp(0.5)], [0.0, 12.0, 0.0]],
        ),
        (  # both outputs go through u = a*b: its saved values are needed twice
            "(sin(u), u*c) with u = a*b",
            lambda x: (lambda u: torch.stack([u.sin(), u * x[2]]))(x[0] * x[1]),
            [0.5, 2.0, 3.0],
            [[2.0 * math.cos(1.0), 0.5 * math.cos(1.0), 0.0], [6.0, 1.5, 1.0]],
        ),
    ]
    for name, fn, x0, want in cases:
        what = f"jacobian({name}) at {x0}"
        got = attempt(jac, fn, x0, what=what, expected=want)
        shape = [len(row) for row in got] if isinstance(got, list) else None
        if not isinstance(got, list) or shape != [len(r) for r in want]:
            fail(what, f"{len(want)} rows of {len(want[0])} (one row per output)", repr(got)[:120])
        for i, (row, wrow) in enumerate(zip(got, want)):
            for j, (g, w) in enumerate(zip(row, wrow)):
                close(g, w, f"{what}[{i}][{j}] = d y{i} / d x{j}", tol=1e-9)
    passed("check_jacobian")


check_jacobian(jacobian)
