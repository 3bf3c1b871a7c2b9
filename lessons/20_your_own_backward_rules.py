# %% [markdown]
# # Lesson 20: build your own engine, part 2: each op's `_backward`
#
# Your Value from lesson 19 computes; now it learns to send gradients back.  When an op makes
# `out`, it also makes a small function, `out._backward`, that knows the op's inputs and its
# *local rule* (lesson 05): called once `out.grad` holds dL/dout, it adds each input's share,
# `local derivative × out.grad`, into that input's `.grad` (the chain rule, lesson 04).
#
# - `out = a + b`: `a.grad += 1.0 * out.grad`, `b.grad += 1.0 * out.grad`
# - `out = a * b`: `a.grad += b.data * out.grad`, `b.grad += a.data * out.grad`
# - `out = tanh(a)`: `a.grad += (1 - t**2) * out.grad`, with `t = out.data`
#
# It is `+=`, never `=`: a Value used twice receives a share from each use, and the shares add
# up (lesson 06).  A leaf's `_backward` does nothing.  Pictures go to `lessons_out/20/`.

# %%
import math
import os
from pathlib import Path

import tinygrad_edu as tge
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "20"
OUT.mkdir(parents=True, exist_ok=True)

try:
    import torch as real_torch
except ImportError:  # the comparisons with PyTorch are skipped without it
    real_torch = None

NEURON = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}


def neuron(cls):
    """The lecture's neuron in class ``cls``: its output and every node, by label."""
    nodes = {k: cls(x, label=k) for k, x in NEURON.items()}
    nodes["x1*w1"] = nodes["x1"] * nodes["w1"]
    nodes["x2*w2"] = nodes["x2"] * nodes["w2"]
    nodes["x1*w1 + x2*w2"] = nodes["x1*w1"] + nodes["x2*w2"]
    nodes["n"] = nodes["x1*w1 + x2*w2"] + nodes["b"]
    nodes["o"] = nodes["n"].tanh()
    for label, v in nodes.items():
        v.label = label
    return nodes["o"], nodes


# %% [markdown]
# ## The rules at work, in this package's engine
#
# The trace (lesson 08) prints each node's step: the upstream grad, times each local
# derivative, added into each input.  These are the lines your closures will compute.

# %%
ref, ref_nodes = neuron(tge.Value)
viz.print_trace(ref)
viz.show(viz.draw(ref), OUT / "the_neuron_tinygrad_edu.svg")
assert abs(ref_nodes["n"].grad - (1 - ref.data**2)) < 1e-15  # tanh's rule, upstream 1
assert ref_nodes["x1"].grad == ref_nodes["w1"].data * ref_nodes["x1*w1"].grad  # *'s rule

# %% [markdown]
# ## Exercise 20.1
#
# Below is your Value of lesson 19, each op now setting `out._backward`.  Fill in the three
# closures, then run `check_backward(Value)`.  The check builds expressions with your class,
# sets the output's grad to 1.0 and calls every node's `_backward` itself, outputs before
# inputs (writing that loop is lesson 21), and compares every leaf's grad with
# `tinygrad_edu`'s `backward()` and with PyTorch's.  Its expressions use a Value twice, put
# each op under another so that `out.grad` is not 1, and take `tanh` away from 0.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, passed


# BEGIN SOLUTION
class Value:
    def __init__(self, data, _children=(), _op="", label=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None  # a leaf has nothing to pass on
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad

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
        e = math.exp(2 * self.data)
        t = (e - 1) / (e + 1)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out


# END SOLUTION
# BLANK class Value:
# BLANK     def __init__(self, data, _children=(), _op="", label=""):
# BLANK         self.data = data
# BLANK         self.grad = 0.0
# BLANK         self._backward = lambda: None  # a leaf has nothing to pass on
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
# BLANK             raise NotImplementedError("Exercise 20.1: +'s shares of out.grad")
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out
# BLANK
# BLANK     def __mul__(self, other):
# BLANK         other = other if isinstance(other, Value) else Value(other)
# BLANK         out = Value(self.data * other.data, (self, other), "*")
# BLANK
# BLANK         def _backward():
# BLANK             raise NotImplementedError("Exercise 20.1: *'s shares of out.grad")
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out
# BLANK
# BLANK     def tanh(self):
# BLANK         e = math.exp(2 * self.data)
# BLANK         t = (e - 1) / (e + 1)
# BLANK         out = Value(t, (self,), "tanh")
# BLANK
# BLANK         def _backward():
# BLANK             raise NotImplementedError("Exercise 20.1: tanh's share of out.grad")
# BLANK
# BLANK         out._backward = _backward
# BLANK         return out


def outputs_first(root):
    """Every node below ``root``, each after all the nodes it feeds (the check's own walk)."""
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        v, expanded = stack.pop()
        if expanded:
            order.append(v)
        elif id(v) not in seen:
            seen.add(id(v))
            stack.append((v, True))
            stack.extend((p, False) for p in v._prev)
    return order[::-1]


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


CASES = [  # (what, build, leaves): each shows one mistake (see the lesson's text)
    ("a + a", lambda a: a + a, (3.0,)),
    ("a * a", lambda a: a * a, (-1.5,)),
    ("a * b", lambda a, b: a * b, (2.0, -3.0)),
    ("(a*b + c) * f", lambda a, b, c, f: (a * b + c) * f, (2.0, -3.0, 10.0, -2.0)),
    ("tanh(a) * b", lambda a, b: a.tanh() * b, (0.5, -2.0)),
    ("tanh(a) + a", lambda a: a.tanh() + a, (0.5,)),
    ("tanh(a*b + c) * a", lambda a, b, c: (a * b + c).tanh() * a, (0.7, -1.2, 0.3)),
    ("a * 3 + 1", lambda a: a * 3.0 + 1.0, (-0.25,)),
]
NAMES = "abcf"


def run_backward(root):
    root.grad = 1.0
    for v in outputs_first(root):
        v._backward()


def check_backward(cls):
    for what, build, leaves in CASES:
        names = [NAMES[i] for i in range(len(leaves))]
        at = ", ".join(f"{n}={x}" for n, x in zip(names, leaves))
        mine = [cls(x) for x in leaves]
        root = attempt(build, *mine, what=f"{what} at {at}", expected="a Value")
        attempt(run_backward, root, what=f"the _backward calls of {what} at {at}",
                expected="the grads added into the inputs")  # fmt: skip
        for engine, grads in reference_grads(build, leaves).items():
            for name, v, want in zip(names, mine, grads):
                close(v.grad, want, f"d({what})/d{name} at {at}, as {engine} computes it", 1e-12)
    passed("check_backward")


check_backward(Value)

# %% [markdown]
# ## Backward by hand, as in the lecture
#
# With the closures written, the lecture's cell works on your class: seed `o.grad = 1.0`, then
# call each node's `_backward`, each after every node it feeds.  The grads match this
# package's `backward()` (and PyTorch's, where installed: its graph of the same neuron is drawn
# here, its nodes by PyTorch's names, beside the picture of yours below).

# %%
o, nodes = neuron(Value)
o.grad = 1.0
for label in ["o", "n", "x1*w1 + x2*w2", "x1*w1", "x2*w2"]:
    nodes[label]._backward()
print(f"{'':>5} {'yours':>10} {'tinygrad_edu':>13}")
for label in ["x1", "w1", "x2", "w2", "b"]:
    print(f"{label:>5} {nodes[label].grad:>10.6f} {ref_nodes[label].grad:>13.6f}")
    assert abs(nodes[label].grad - ref_nodes[label].grad) < 1e-12
if real_torch is not None:
    ts = {k: real_torch.tensor(x, dtype=real_torch.float64, requires_grad=True)
          for k, x in NEURON.items()}  # fmt: skip
    o_torch = real_torch.tanh(ts["x1"] * ts["w1"] + ts["x2"] * ts["w2"] + ts["b"])
    o_torch.backward()
    for label, t in ts.items():
        assert abs(nodes[label].grad - t.grad.item()) < 1e-12
    print("PyTorch's grads:", {k: round(t.grad.item(), 6) for k, t in ts.items()})
    viz.show(viz.draw(o_torch, labels=ts), OUT / "the_neuron_pytorch.svg")

# %% [markdown]
# ## Your closures, traced and drawn
#
# `viz.trace` on your class calls *your* `_backward` closures, in topological order, and
# records what each one added to each input: the same trace as this package's above.  Then
# the picture of your neuron, grads filled in.

# %%
mine, _ = neuron(Value)
viz.print_trace(mine)
viz.show(viz.draw(mine), OUT / "the_neuron_yours.svg")
