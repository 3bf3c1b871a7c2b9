# %% [markdown]
# # Lesson 19: build your own engine, part 1: a Value with `+`, `*` and `tanh`
#
# Lessons 19 to 23 have you write the engine yourself, as Karpathy's lecture does: a scalar
# `Value` class, then its backward rules, then `backward()`, then more ops, and at the end a
# neural network trained on the two moons, all on *your* class.  At every stage the checks
# compare your numbers with this package's engine (`tinygrad_edu`) and, where PyTorch is
# installed, with PyTorch's; and `viz` draws and traces your class, because it has
# micrograd's shape: `data`, `grad`, `_prev` (the Values it was made from), `_op` (the op that
# made it) and `label`.
#
# Part 1 is the forward pass only: a Value holds a number and remembers where it came from.
# Pictures go to `lessons_out/19/`.

# %%
import math
import os
from pathlib import Path

import tinygrad_edu as tge
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "19"
OUT.mkdir(parents=True, exist_ok=True)

try:
    import torch as real_torch
except ImportError:  # the comparisons with PyTorch are skipped without it
    real_torch = None

# %% [markdown]
# ## What you are building
#
# The lecture's neuron: two inputs `x1, x2`, two weights `w1, w2`, a bias `b`, and
# `o = tanh(x1*w1 + x2*w2 + b)`.  Here it is in this package's engine, drawn: every box is a
# Value (its label, its data, its grad), every oval the op that made it.  Your class will make
# the same graph.

# %%
NEURON = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}


def neuron(cls):
    """The lecture's neuron, built from whatever Value class ``cls`` is, each node labelled."""
    x1, x2, w1, w2, b = (cls(NEURON[k], label=k) for k in ("x1", "x2", "w1", "w2", "b"))
    x1w1 = x1 * w1
    x1w1.label = "x1*w1"
    x2w2 = x2 * w2
    x2w2.label = "x2*w2"
    s = x1w1 + x2w2
    s.label = "x1*w1 + x2*w2"
    n = s + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


ref = neuron(tge.Value)
print("o =", ref.data, " made by", repr(ref._op), "from", sorted(v.label for v in ref._prev))
assert abs(ref.data - math.tanh(2.0 * -3.0 + 0.0 * 1.0 + 6.8813735870195432)) < 1e-15
viz.show(viz.draw(ref), OUT / "the_neuron_tinygrad_edu.svg")

# %% [markdown]
# ## The shape of a Value
#
# `Value(data, _children=(), _op="", label="")`: `data` is the number, `grad` starts at 0.0
# (lesson 20 fills it in), `_prev` is the *set* of Values it was made from (a set: in `a + a`
# the input `a` is there once), `_op` is the op as a string (`"+"`, `"*"`, `"tanh"`; `""` for a
# leaf) and `label` a name for the pictures.  An op never changes its inputs: it makes a new
# Value, whose `_prev` holds the inputs.  A plain number on the right (`a + 1`, `a * 2`) is
# first wrapped in a Value of its own, so that `_prev` only ever holds Values.
#
# ## Exercise 19.1
#
# Fill in `__add__`, `__mul__` and `tanh` (`tanh(x) = (e^(2x) - 1) / (e^(2x) + 1)`, or
# `math.tanh`), then run `check_value(Value)`.  It builds expressions with your class and
# compares each result with `tinygrad_edu`'s and PyTorch's, and each `_prev` and `_op` with
# what the op should have recorded.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
class Value:
    def __init__(self, data, _children=(), _op="", label=""):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*")

    def tanh(self):
        e = math.exp(2 * self.data)
        return Value((e - 1) / (e + 1), (self,), "tanh")


# END SOLUTION
# BLANK class Value:
# BLANK     def __init__(self, data, _children=(), _op="", label=""):
# BLANK         self.data = data
# BLANK         self.grad = 0.0
# BLANK         self._prev = set(_children)
# BLANK         self._op = _op
# BLANK         self.label = label
# BLANK
# BLANK     def __repr__(self):
# BLANK         return f"Value(data={self.data})"
# BLANK
# BLANK     def __add__(self, other):
# BLANK         raise NotImplementedError("Exercise 19.1: the sum, a new Value from (self, other)")
# BLANK
# BLANK     def __mul__(self, other):
# BLANK         raise NotImplementedError("Exercise 19.1: the product, from (self, other)")
# BLANK
# BLANK     def tanh(self):
# BLANK         raise NotImplementedError("Exercise 19.1: tanh, a new Value from (self,)")


def torch_data(build, leaves):
    """PyTorch's value of ``build`` on the leaves (None without PyTorch)."""
    if real_torch is None:
        return None
    ts = [real_torch.tensor(x, dtype=real_torch.float64) for x in leaves]
    return build(*ts).item()


CASES = [  # (what, build, leaves)
    ("a + b", lambda a, b: a + b, (2.0, -3.0)),
    ("a * b", lambda a, b: a * b, (2.0, -3.0)),
    ("a + a", lambda a: a + a, (1.5,)),
    ("a * a", lambda a: a * a, (-1.5,)),
    ("tanh(a)", lambda a: a.tanh(), (0.5,)),
    ("tanh(a)", lambda a: a.tanh(), (-1.25,)),
    ("tanh(a)", lambda a: a.tanh(), (3.0,)),
    ("a*b + c", lambda a, b, c: a * b + c, (2.0, -3.0, 10.0)),
    ("tanh(a*b + c*d + e), the neuron", lambda a, b, c, d, e: (a * b + c * d + e).tanh(),
     (2.0, -3.0, 0.0, 1.0, 6.8813735870195432)),
]  # fmt: skip
NAMES = "abcdefgh"


def check_value(cls):
    leaf = attempt(cls, 2.0, what="Value(2.0)", expected="a Value")
    if leaf.data != 2.0 or leaf.grad != 0.0 or leaf._prev != set() or leaf._op != "":
        fail("Value(2.0)", "data 2.0, grad 0.0, _prev set(), _op ''", vars(leaf))
    for what, build, leaves in CASES:
        at = ", ".join(f"{NAMES[i]}={x}" for i, x in enumerate(leaves))
        mine = [cls(x) for x in leaves]
        out = attempt(build, *mine, what=f"{what} at {at}", expected="a Value")
        if not isinstance(out, cls):
            fail(f"{what} at {at}", f"a new {cls.__name__}", repr(out))
        if any(v.data != x for v, x in zip(mine, leaves)):
            fail(f"the inputs after {what}", f"unchanged {list(leaves)}", [v.data for v in mine])
        want = build(*(tge.Value(x) for x in leaves)).data
        close(out.data, want, f"({what}).data at {at}, as tinygrad_edu computes it", tol=1e-12)
        torch_want = torch_data(build, leaves)
        if torch_want is not None:
            close(out.data, torch_want, f"({what}).data at {at}, as PyTorch computes it", 1e-12)
    # what each op records: its inputs in _prev (a number wrapped in a Value), its name in _op
    a, b = cls(2.0), cls(-3.0)
    for what, out, prev, op in [
        ("a + b", lambda: a + b, {a, b}, "+"),
        ("a * b", lambda: a * b, {a, b}, "*"),
        ("a + a", lambda: a + a, {a}, "+"),
        ("tanh(a)", lambda: a.tanh(), {a}, "tanh"),
    ]:
        made = attempt(out, what=what, expected="a Value")
        if getattr(made, "_prev", None) != prev:
            fail(
                f"({what})._prev",
                f"the set of its inputs {prev}",
                repr(getattr(made, "_prev", made)),
            )
        if getattr(made, "_op", None) != op:
            fail(f"({what})._op", repr(op), repr(getattr(made, "_op", made)))
    for what, out, number, want in [
        ("a + 1.5", lambda: a + 1.5, 1.5, 3.5),
        ("a * 0.5", lambda: a * 0.5, 0.5, 1.0),
    ]:
        made = attempt(out, what=what, expected="a Value")
        close(getattr(made, "data", None), want, f"({what}).data at a=2.0")
        prev = getattr(made, "_prev", set())
        if len(prev) != 2 or a not in prev or not all(isinstance(p, cls) for p in prev):
            fail(f"({what})._prev", f"{{a, {cls.__name__}({number})}}", repr(prev))
    passed("check_value")


check_value(Value)

# %% [markdown]
# ## Your engine, drawn
#
# `viz` needs nothing but micrograd's names, so it draws *your* class exactly as it draws this
# package's: the same neuron, the same numbers (every grad still 0: that is lesson 20), and the
# same tree in the terminal.

# %%
o = neuron(Value)
print("your o =", o.data, "  tinygrad_edu's:", ref.data)
# tanh from exp, or from the library: the same to the last bit or so
assert abs(o.data - ref.data) < 1e-15
if real_torch is not None:
    t = real_torch.tanh(real_torch.tensor(2.0 * -3.0 + 0.0 * 1.0 + 6.8813735870195432))
    print("PyTorch's:", t.item())
viz.show(viz.draw(o), OUT / "the_neuron_yours.svg")
viz.print_tree(o)
