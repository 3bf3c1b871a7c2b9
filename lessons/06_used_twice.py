# %% [markdown]
# # Lesson 06: a node used twice, and why gradients add up
#
# When a value feeds two operations, a nudge to it moves the output along *both* paths, and the
# effects add: that is the multivariable chain rule, **sum over the paths**.  So back-propagation
# must *add* each contribution into `.grad` (`+=`), never overwrite it (`=`).  Overwriting is the
# classic bug of a first autograd engine; we build it on purpose and watch it fail.
# Pictures go to `lessons_out/06/`.

# %%
import os
from pathlib import Path

import viz
from tinygrad_edu import Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "06"
OUT.mkdir(parents=True, exist_ok=True)


def nudge(f, args, i, h=1e-6):
    """Central difference of f with respect to argument i (lesson 01)."""
    up = [x + h if k == i else x for k, x in enumerate(args)]
    down = [x - h if k == i else x for k, x in enumerate(args)]
    return (f(*up) - f(*down)) / (2 * h)


# %% [markdown]
# ## `b = a + a`
#
# Obviously `db/da = 2`.  The graph has one `AddBackward0` whose two inputs are the *same* leaf:
# both entries of `next_functions` are the same `AccumulateGrad` object.  Each input slot sends
# back a gradient of 1; the two add up to 2.

# %%
a = Value(3.0, label="a")
b = a + a
b.label = "b"
(first, _), (second, _) = b.grad_fn.next_functions
print("next_functions:", b.grad_fn.next_functions)
print("the same node twice:", first is second)
assert first is second and first.variable is a
b.backward()
print("a.grad =", a.grad)
assert abs(a.grad - nudge(lambda a: a + a, [3.0], 0)) < 1e-9

# %% [markdown]
# ## The bug, built on purpose
#
# A micrograd-style engine in a few lines, but whose rules *assign* the gradient (`=`) instead
# of adding it.  For `a + a` the second slot overwrites the first: `a.grad` comes out 1.


# %%
class Assigning:
    """A scalar whose backward rules use `=`: wrong whenever a value is used twice."""

    def __init__(self, data, parents=()):
        self.data, self.grad, self._parents, self._backward = data, 0.0, parents, lambda: None

    def __add__(self, other):
        out = Assigning(self.data + other.data, (self, other))

        def _backward():
            self.grad = out.grad  # the bug: should be +=
            other.grad = out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        out = Assigning(self.data * other.data, (self, other))

        def _backward():
            self.grad = other.data * out.grad  # the bug: should be +=
            other.grad = self.data * out.grad

        out._backward = _backward
        return out

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:  # a topological order, without recursion (lesson 07)
            v, done = stack.pop()
            if done:
                order.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((p, False) for p in v._parents)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()


wrong = Assigning(3.0)
(wrong + wrong).backward()
print("with `=`:  a.grad =", wrong.grad, "   with `+=`:", a.grad)
assert wrong.grad != a.grad

# %% [markdown]
# ## `y = (a*b) * (a+b)`: two paths from each leaf
#
# By the product rule, `dy/da = b*(a+b) + a*b` and `dy/db = a*(a+b) + a*b`: one term per path.
# The engine adds both; the assigning engine keeps only the path it visited last.

# %%


def y_of(a, b):
    return (a * b) * (a + b)


va, vb = Value(2.0, label="a"), Value(-3.0, label="b")
y = y_of(va, vb)
y.label = "y"
y.backward()
hand = (
    vb.data * (va.data + vb.data) + va.data * vb.data,
    va.data * (va.data + vb.data) + va.data * vb.data,
)
wa, wb = Assigning(2.0), Assigning(-3.0)
y_of(wa, wb).backward()
print(f"{'':>4} {'by hand':>9} {'nudging':>9} {'engine':>9} {'assigning':>9}")
for i, (name, v, w) in enumerate([("a", va, wa), ("b", vb, wb)]):
    nudged = nudge(y_of, [2.0, -3.0], i)
    print(f"{name:>4} {hand[i]:>9.4f} {nudged:>9.4f} {v.grad:>9.4f} {w.grad:>9.4f}")
    assert v.grad == hand[i] and abs(v.grad - nudged) < 1e-6
    assert abs(w.grad - nudged) > 0.5  # the bug is not a rounding error

# %% [markdown]
# ## The same `+=` across passes
#
# A leaf's `.grad` keeps adding up across separate `backward()` calls too: that is the same rule,
# and it is why a training loop must zero the grads before each step (lesson 13).

# %%
p = Value(1.5, label="p")
z = p * p
z.backward(retain_graph=True)
once = p.grad
z.backward()
print("after one pass:", once, " after two:", p.grad)
assert once == 2 * p.data and p.grad == 2 * once

# %% [markdown]
# ## The pictures
#
# In both styles, look for the arrows that leave `a` twice.

# %%
for style in ("micrograd", "torch"):
    viz.show(viz.draw(b, style=style), OUT / f"a_plus_a_{style}.svg")
    viz.show(viz.draw(y, style=style), OUT / f"product_of_sum_{style}.svg")

# %% [markdown]
# ## Exercise 6.1
#
# In `f = x*x + x*y + x`, `x` is used four times.  Write `grads(x, y)` returning `(df/dx, df/dy)`
# by summing over the paths (plain float arithmetic: no `Value`, no `backward()`), then run
# `check_grads(grads)`.


# %%
from tinygrad_edu_lessons.exercise import attempt, autograd_calls, close, fail, passed


# BEGIN SOLUTION
def grads(x, y):
    return (x + x + y + 1, x)


# END SOLUTION
# BLANK def grads(x, y):
# BLANK     raise NotImplementedError("Exercise 6.1: return (df/dx, df/dy)")


def check_grads(fn):
    used = autograd_calls(fn)  # summing the paths is the exercise: backward() would do it for you
    if used:
        fail("grads", "plain float arithmetic, one term per path", f"{used}")
    for x0, y0 in [(1.0, 2.0), (-0.5, 3.0), (2.5, -1.25)]:
        x, y = Value(x0), Value(y0)
        (x * x + x * y + x).backward()
        what = f"grads{(x0, y0)}"
        got = attempt(fn, x0, y0, what=what, expected="(df/dx, df/dy)")
        if not (isinstance(got, tuple) and len(got) == 2):
            fail(what, "a pair (df/dx, df/dy)", repr(got))
        close(got[0], x.grad, f"df/dx at {(x0, y0)}", tol=1e-12)
        close(got[1], y.grad, f"df/dy at {(x0, y0)}", tol=1e-12)
    passed("check_grads")


check_grads(grads)
