# %% [markdown]
# # Lesson 22: build your own engine, part 4: `exp`, `**` and `/`
#
# Three more ops, and your engine has all the lecture's: `exp`, a power by a number (`x**n`)
# and division.  Each is a forward formula and a local rule:
#
# - `out = exp(x)`: `d out/dx = exp(x)`, which is `out.data` itself
# - `out = x**n` (n a number): `d out/dx = n * x**(n - 1)`
# - `out = a / b`: written as `a * b**-1` it needs no rule of its own (the chain rule composes
#   `*`'s and `**`'s); written directly, `d out/da = 1/b` and `d out/db = -a/b**2`
#
# With these, subtraction and negation come free (`a - b` is `a + (-1)*b`), and so does tanh:
# `tanh(x) = (exp(2x) - 1) / (exp(2x) + 1)` built from your ops has the same grad as your
# `tanh` with its own rule, the lecture's demonstration that a rule can be at any level.
# Pictures go to `lessons_out/22/`.

# %%
import math
import os
from pathlib import Path

import tinygrad_edu as tge
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "22"
OUT.mkdir(parents=True, exist_ok=True)

try:
    import torch as real_torch
except ImportError:  # the comparisons with PyTorch are skipped without it
    real_torch = None

# %% [markdown]
# ## The three rules, in this package's engine
#
# `(exp(2x) - 1) / (exp(2x) + 1)` at `x = 0.6`, traced: the `ExpBackward0` step's local
# derivative is its output `exp(2x)`, the `DivBackward0` step's are `1/b` and `-a/b**2`.

# %%
x = tge.Value(0.6, label="x")
e = (2 * x).exp()
e.label = "exp(2x)"
t = (e - 1) / (e + 1)
t.label = "t"
viz.print_trace(t)
assert abs(x.grad - (1 - math.tanh(0.6) ** 2)) < 1e-12  # tanh's rule, from exp and /
viz.show(viz.draw(t), OUT / "tanh_from_exp_tinygrad_edu.svg")

# %% [markdown]
# ## Exercise 22.1
#
# Below is your engine so far (lessons 19 to 21, with the small ops made of them).  Fill in
# `exp`, `__pow__` and `__truediv__`, each making a new Value with its `_backward` (`/` may be
# `*` and `**` composed), then run `check_more_ops(Value)`.  It compares your forward values and
# grads with `tinygrad_edu`'s and PyTorch's, on expressions that use a Value twice and put each
# op under another.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
class Value:
    def __init__(self, data, _children=(), _op="", label=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, expanded = stack.pop()
            if expanded:
                order.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((p, False) for p in v._prev)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()

    # the rest is made of the ops above (and of yours below)
    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __radd__(self, other):  # other + self, for a number other
        return self + other

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __rtruediv__(self, other):  # other / self
        return other * self**-1

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad  # d/dx e^x = e^x: the output itself

        out._backward = _backward
        return out

    def __pow__(self, n):  # self ** n, for a number n
        assert isinstance(n, (int, float)), "only a number as the power"
        out = Value(self.data**n, (self,), f"**{n}")

        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad

        out._backward = _backward
        return out

    def __truediv__(self, other):  # self / other = self * other**-1
        return self * other**-1


# END SOLUTION
# BLANK class Value:
# BLANK     def __init__(self, data, _children=(), _op="", label=""):
# BLANK         self.data = data
# BLANK         self.grad = 0.0
# BLANK         self._backward = lambda: None
# BLANK         self._prev = set(_children)
# BLANK         self._op = _op
# BLANK         self.label = label
# BLANK
# BLANK     def __repr__(self):
# BLANK         return f"Value(data={self.data}, grad={self.grad})"
# BLANK
# BLANK     def __add__(self, other):
# BLANK         other = other if isinstance(other, Value) else Value(other)
# BLANK         out = Value(self.data + other.data, (self, other), "+")
# BLANK
# BLANK         def _backward():
# BLANK             self.grad += out.grad
# BLANK             other.grad += out.grad
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out
# BLANK
# BLANK     def __mul__(self, other):
# BLANK         other = other if isinstance(other, Value) else Value(other)
# BLANK         out = Value(self.data * other.data, (self, other), "*")
# BLANK
# BLANK         def _backward():
# BLANK             self.grad += other.data * out.grad
# BLANK             other.grad += self.data * out.grad
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out
# BLANK
# BLANK     def tanh(self):
# BLANK         t = math.tanh(self.data)
# BLANK         out = Value(t, (self,), "tanh")
# BLANK
# BLANK         def _backward():
# BLANK             self.grad += (1 - t**2) * out.grad
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out
# BLANK
# BLANK     def backward(self):
# BLANK         order, seen, stack = [], set(), [(self, False)]
# BLANK         while stack:
# BLANK             v, expanded = stack.pop()
# BLANK             if expanded:
# BLANK                 order.append(v)
# BLANK             elif id(v) not in seen:
# BLANK                 seen.add(id(v))
# BLANK                 stack.append((v, True))
# BLANK                 stack.extend((p, False) for p in v._prev)
# BLANK         self.grad = 1.0
# BLANK         for v in reversed(order):
# BLANK             v._backward()
# BLANK
# BLANK     # the rest is made of the ops above (and of yours below)
# BLANK     def __neg__(self):  # -self
# BLANK         return self * -1
# BLANK
# BLANK     def __sub__(self, other):  # self - other
# BLANK         return self + (-other)
# BLANK
# BLANK     def __radd__(self, other):  # other + self, for a number other
# BLANK         return self + other
# BLANK
# BLANK     def __rsub__(self, other):  # other - self
# BLANK         return other + (-self)
# BLANK
# BLANK     def __rmul__(self, other):  # other * self
# BLANK         return self * other
# BLANK
# BLANK     def __rtruediv__(self, other):  # other / self
# BLANK         return other * self**-1
# BLANK
# BLANK     def exp(self):
# BLANK         raise NotImplementedError("Exercise 22.1: exp, with its _backward")
# BLANK
# BLANK     def __pow__(self, n):  # self ** n, for a number n
# BLANK         raise NotImplementedError("Exercise 22.1: self**n, with its _backward")
# BLANK
# BLANK     def __truediv__(self, other):  # self / other
# BLANK         raise NotImplementedError("Exercise 22.1: self / other")


def reference(build, leaves):
    """The value and the leaves' grads from tinygrad_edu and, where installed, PyTorch."""
    vs = [tge.Value(x) for x in leaves]
    out = build(*vs)
    out.backward()
    found = {"tinygrad_edu": (out.data, [v.grad for v in vs])}
    if real_torch is not None:
        ts = [real_torch.tensor(x, dtype=real_torch.float64, requires_grad=True) for x in leaves]
        out = build(*ts)
        out.backward()
        found["PyTorch"] = (out.item(), [t.grad.item() for t in ts])
    return found


CASES = [  # (what, build, leaves): each shows one mistake (see the lesson's text)
    ("exp(a)", lambda a: a.exp(), (0.7,)),
    ("exp(a) * b", lambda a, b: a.exp() * b, (-0.3, 2.5)),
    ("exp(a) + a", lambda a: a.exp() + a, (0.4,)),
    ("a ** 3", lambda a: a**3, (-1.5,)),
    ("a ** 3 * b", lambda a, b: a**3 * b, (1.2, -2.0)),
    ("a ** 2 + a", lambda a: a**2 + a, (0.75,)),
    ("a ** -1", lambda a: a**-1, (1.6,)),
    ("a ** 0.5", lambda a: a**0.5, (2.25,)),
    ("a / b", lambda a, b: a / b, (2.0, -4.0)),
    ("a / b * c", lambda a, b, c: a / b * c, (1.5, 0.6, -2.0)),
    ("a / a", lambda a: a / a, (1.7,)),
    ("2 / a", lambda a: 2 / a, (0.8,)),
    ("(exp(2a) - 1) / (exp(2a) + 1)", lambda a: ((2 * a).exp() - 1) / ((2 * a).exp() + 1),
     (0.6,)),
]  # fmt: skip
NAMES = "abc"


def check_more_ops(cls):
    for what, build, leaves in CASES:
        names = [NAMES[i] for i in range(len(leaves))]
        at = ", ".join(f"{n}={x}" for n, x in zip(names, leaves))
        mine = [cls(x) for x in leaves]
        out = attempt(build, *mine, what=f"{what} at {at}", expected="a Value")
        if not isinstance(out, cls):
            fail(f"{what} at {at}", f"a {cls.__name__}", repr(out))
        attempt(out.backward, what=f"backward() of {what} at {at}", expected="the grads")
        for engine, (value, grads) in reference(build, leaves).items():
            close(out.data, value, f"{what} at {at}, as {engine} computes it", 1e-12)
            for name, v, want in zip(names, mine, grads):
                close(v.grad, want, f"d({what})/d{name} at {at}, as {engine} computes it", 1e-12)
    passed("check_more_ops")


check_more_ops(Value)

# %% [markdown]
# ## tanh two ways, on your engine
#
# Your `tanh` has its own rule; the same function built from `exp`, `-`, `+` and `/` has
# several nodes, each with its own rule.  The grads agree (to rounding), and `viz` draws both
# of your graphs and traces the long one.

# %%
for_tanh = Value(0.6, label="x")
short = for_tanh.tanh()
short.label = "tanh(x)"
short.backward()
for_exp = Value(0.6, label="x")
e = (2 * for_exp).exp()
e.label = "exp(2x)"
long = (e - 1) / (e + 1)
long.label = "t"
viz.print_trace(long)
print(f"tanh's own rule: {for_tanh.grad:.15f}   from exp and /: {for_exp.grad:.15f}")
assert abs(for_tanh.grad - for_exp.grad) < 1e-12
assert abs(long.data - short.data) < 1e-15
viz.show(viz.draw(short), OUT / "tanh_yours.svg")
viz.show(viz.draw(long), OUT / "tanh_from_exp_yours.svg")
