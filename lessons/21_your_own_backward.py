# %% [markdown]
# # Lesson 21: build your own engine, part 3: the topological sort and `backward()`
#
# In lesson 20 the check called your closures in the right order for you.  Now your engine
# does it: `backward(root)` lists every node below `root` so that each comes after *all* the
# nodes it feeds (a topological order, lesson 07), seeds `root.grad = 1.0`, and calls each
# node's `_backward` in that order.  A node called too early passes on a grad that has not yet
# received all its shares; a node listed twice passes its grad on twice.  And the walk that
# finds the order must not recurse: Python stops a recursion about a thousand levels deep, and
# a long training graph is deeper than that.  Pictures go to `lessons_out/21/`.

# %%
import math
import os
from pathlib import Path

import tinygrad_edu as tge
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "21"
OUT.mkdir(parents=True, exist_ok=True)

try:
    import torch as real_torch
except ImportError:  # the comparisons with PyTorch are skipped without it
    real_torch = None

# %% [markdown]
# ## Your engine so far
#
# Lesson 20's Value, with its three closures: the engine this lesson's `backward` drives.


# %%
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


# %% [markdown]
# ## Where the order matters
#
# In `L = e * tanh(tanh(e))` with `e = a*b`, the node `e` feeds `L` directly and through a chain
# of two tanh.  Walking the graph level by level from `L` (breadth first) reaches `e` at the
# first level, before the chain has sent it its share: `e` passes on half its grad.  This
# package's engine gets it right; the breadth-first order does not.

# %%
from collections import deque


def breadth_first(root):
    """Each node the first time a level-by-level walk meets it: not a topological order."""
    order, seen, queue = [], {id(root)}, deque([root])
    while queue:
        v = queue.popleft()
        order.append(v)
        for p in v._prev:
            if id(p) not in seen:
                seen.add(id(p))
                queue.append(p)
    return order


def diamond(cls):
    a, b = cls(0.8, label="a"), cls(-0.6, label="b")
    e = a * b
    e.label = "e"
    g = e.tanh().tanh()
    g.label = "g"
    top = e * g
    top.label = "L"
    return top, a, b


top, a, b = diamond(Value)
top.grad = 1.0
for v in breadth_first(top):
    v._backward()
ref_top, ref_a, ref_b = diamond(tge.Value)
ref_top.backward()
print(f"breadth first: a.grad = {a.grad:.6f}   tinygrad_edu: {ref_a.grad:.6f}")
assert abs(a.grad - ref_a.grad) > 0.01  # the early node lost the chain's share
viz.show(viz.draw(ref_top), OUT / "diamond_tinygrad_edu.svg")

# %% [markdown]
# ## Exercise 21.1
#
# Write `backward(root)`: find a topological order of the nodes below `root` without
# recursion (an explicit stack, as in lesson 07, or by counting each node's consumers), seed
# `root.grad = 1.0`, and call every node's `_backward`, each after all the nodes it feeds.
# `Value.backward = backward` then makes it a method: `o.backward()` is `backward(o)`.  Run
# `check_backward_pass(backward)`: it compares your grads with `tinygrad_edu`'s and PyTorch's
# on graphs where a wrong order shows, and on a chain 3000 operations deep.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, passed


# BEGIN SOLUTION
def backward(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        v, expanded = stack.pop()
        if expanded:  # all of v's inputs are in order: v comes after them
            order.append(v)
        elif id(v) not in seen:
            seen.add(id(v))
            stack.append((v, True))
            stack.extend((p, False) for p in v._prev)
    root.grad = 1.0
    for v in reversed(order):  # outputs first
        v._backward()


# END SOLUTION
# BLANK def backward(root):
# BLANK     raise NotImplementedError("Exercise 21.1: order, seed, call each _backward")


def deep(y, n=3000):
    """A chain of n steps ``y*0.999 + 0.001``: 6000 nodes, each feeding the next."""
    for _ in range(n):
        y = y * 0.999 + 0.001
    return y


CASES = [  # (what, build, leaves)
    ("(a*b + c) * f", lambda a, b, c, f: (a * b + c) * f, (2.0, -3.0, 10.0, -2.0)),
    ("e * tanh(tanh(e)), e = a*b", lambda a, b: (lambda e: e * e.tanh().tanh())(a * b),
     (0.8, -0.6)),
    ("tanh(tanh(e)) * tanh(tanh(e)), e = a*b + a",
     lambda a, b: (lambda e: e.tanh().tanh() * e.tanh().tanh())(a * b + a), (0.4, 0.9)),
    ("a + a", lambda a: a + a, (3.0,)),
    ("a chain of 3000 (a*0.999 + 0.001)", deep, (0.5,)),
]  # fmt: skip
NAMES = "abcf"


def reference_grads(build, leaves):
    """The leaves' grads from tinygrad_edu's backward() and, where installed, PyTorch's."""
    vs = [tge.Value(x) for x in leaves]
    build(*vs).backward()
    found = {"tinygrad_edu": [v.grad for v in vs]}
    if real_torch is not None:
        ts = [real_torch.tensor(x, dtype=real_torch.float64, requires_grad=True) for x in leaves]
        build(*ts).backward()
        found["PyTorch"] = [t.grad.item() for t in ts]
    return found


def check_backward_pass(fn):
    for what, build, leaves in CASES:
        names = [NAMES[i] for i in range(len(leaves))]
        at = ", ".join(f"{n}={x}" for n, x in zip(names, leaves))
        mine = [Value(x) for x in leaves]
        root = build(*mine)
        attempt(fn, root, what=f"backward({what}) at {at}", expected="the grads")
        close(root.grad, 1.0, f"the output's grad after backward({what})")
        for engine, grads in reference_grads(build, leaves).items():
            for name, v, want in zip(names, mine, grads):
                close(v.grad, want, f"d({what})/d{name} at {at}, as {engine} computes it", 1e-12)
    passed("check_backward_pass")


check_backward_pass(backward)

# %% [markdown]
# ## `o.backward()`, on your engine
#
# Attached as a method, `backward` makes your Value a working autograd engine: the lecture's
# neuron, one call, the same grads as this package's and PyTorch's.  `viz.trace` finds its own
# topological order and calls your closures in it; its leaf grads are the ones your
# `backward()` gives.

# %%
Value.backward = backward

NEURON = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}


def neuron(cls):
    x1, x2, w1, w2, b = (cls(NEURON[k], label=k) for k in NEURON)
    n = x1 * w1 + x2 * w2 + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o, {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}


o, leaves = neuron(Value)
o.backward()
ref_o, ref_leaves = neuron(tge.Value)
ref_o.backward()
for k in NEURON:
    print(f"{k:>3}: yours {leaves[k].grad:+.6f}   tinygrad_edu {ref_leaves[k].grad:+.6f}")
    assert abs(leaves[k].grad - ref_leaves[k].grad) < 1e-12
viz.show(viz.draw(o), OUT / "the_neuron_yours.svg")
traced, traced_leaves = neuron(Value)
viz.print_trace(traced)
assert all(abs(traced_leaves[k].grad - leaves[k].grad) < 1e-12 for k in NEURON)
top, a, b = diamond(Value)
top.backward()
print(f"the diamond: a.grad = {a.grad:.6f} (tinygrad_edu: {ref_a.grad:.6f})")
assert abs(a.grad - ref_a.grad) < 1e-12
viz.show(viz.draw(top), OUT / "diamond_yours.svg")

# %% [markdown]
# ## Your backward pass, step by step
#
# The stepper (lesson 08) replays the trace of your closures one step at a time, on the picture
# of your graph: open `stepper_yours.html` in a browser (in a notebook it is the cell's output)
# and watch `e` wait for both of its shares before it passes its grad on.

# %%
fresh, _, _ = diamond(Value)
steps = viz.trace(fresh)
print(len(steps.steps), "steps:", " ".join(s.grad_fn for s in steps.steps))
assert len(steps.steps) == 4  # L, the two tanh and e: each non-leaf node once
viz.show(viz.stepper(steps), OUT / "stepper_yours.html")
