# %% [markdown]
# # Lesson 23: build your own engine, part 5: a neuron, an MLP, and the two moons
#
# Your engine is complete; now it learns.  A neuron is `tanh(w·x + b)` made of your Values, a
# layer is a list of neurons reading the same inputs, an MLP is layers one after another: the
# lecture's classes, in a dozen lines, over *your* Value.  Training repeats four steps:
# forward (a loss over the data), **zero the grads**, backward, and step each parameter
# against its grad.  Leave out the zeroing and every step follows the sum of all the past
# gradients (`+=`, lesson 06): the classic bug of a first training loop (lesson 13).
# Pictures go to `lessons_out/23/`.

# %%
import itertools
import math
import os
import random
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import tinygrad_edu as tge
import viz
from tinygrad_edu import nn
from tinygrad_edu.core.data import make_moons

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "23"
OUT.mkdir(parents=True, exist_ok=True)

try:
    import torch as real_torch
except ImportError:  # the comparisons with PyTorch are skipped without it
    real_torch = None

# %% [markdown]
# ## Your engine
#
# Lessons 19 to 22 in one class.


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


# %% [markdown]
# ## A neuron, a layer, an MLP
#
# The lecture's classes.  The weights start uniform in [-1, 1], the bias after them, so that a
# seeded `random` makes the same network as this package's `nn.MLP(..., lecture=True)`: the
# check below trains both side by side.


# %%
class Neuron:
    def __init__(self, nin):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(random.uniform(-1, 1))

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh()

    def parameters(self):
        return [*self.w, self.b]


class Layer:
    def __init__(self, nin, nout):
        self.neurons = [Neuron(nin) for _ in range(nout)]

    def __call__(self, x):
        outs = [n(x) for n in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP:
    def __init__(self, nin, nouts):
        sizes = [nin, *nouts]
        self.layers = [Layer(sizes[i], sizes[i + 1]) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]


def squared_error(scores, labels):
    """The lecture's loss: the sum of (score - label)**2 over the examples."""
    return sum(((s - y) ** 2 for s, y in zip(scores, labels)), Value(0.0))


random.seed(0)
one = Neuron(2)
out = one([2.0, -1.0])
out.label = "tanh(w·x + b)"
random.seed(0)
ref_one = nn.MLP(2, [1], lecture=True)
ref_out = ref_one([2.0, -1.0])
print("your neuron:", out.data, "  tinygrad_edu's:", ref_out.data)
assert abs(out.data - ref_out.data) < 1e-12
out.backward()
ref_out.backward()
for p, q in zip(one.parameters(), ref_one.parameters()):
    assert abs(p.grad - q.grad) < 1e-12
viz.show(viz.draw(out), OUT / "a_neuron_yours.svg")

# %% [markdown]
# ## The data
#
# Two interleaving half-moons, 24 points labelled -1 and +1 (the lecture's demo data).  The
# network outputs a score in (-1, 1); a point is classified right when the score has its
# label's sign.

# %%
points, labels = make_moons(24, noise=0.1, seed=1)
print(len(points), "points; first:", points[0], labels[0])


def accuracy(model):
    return sum((model(p).data > 0) == (y > 0) for p, y in zip(points, labels)) / len(points)


# %% [markdown]
# ## Exercise 23.1
#
# Write `train_step(model, xs, ys, lr)`: one step of training on the examples `xs` with labels
# `ys`.  Score every example, take `loss = squared_error(scores, ys)`, zero every parameter's
# grad, back-propagate, move each parameter's `.data` against its grad by `lr`, and return the
# loss's number (`loss.data`, the loss before the step).  `check_train_step(train_step)` builds
# your MLP and this package's from the same seed, trains both for a few steps, and compares
# the losses and every parameter after each step (and PyTorch's, where installed).


# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, is_number, passed


# BEGIN SOLUTION
def train_step(model, xs, ys, lr):
    loss = squared_error([model(x) for x in xs], ys)
    for p in model.parameters():
        p.grad = 0.0
    loss.backward()
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data


# END SOLUTION
# BLANK def train_step(model, xs, ys, lr):
# BLANK     raise NotImplementedError("Exercise 23.1: forward, zero, backward, step")


def torch_steps(params, sizes, xs, ys, lr, steps):
    """The same training in PyTorch, from the same starting parameters: the loss per step."""
    ps = [real_torch.tensor(p, dtype=real_torch.float64, requires_grad=True) for p in params]
    losses = []
    for _ in range(steps):
        loss = real_torch.tensor(0.0, dtype=real_torch.float64)
        for x, y in zip(xs, ys):
            k, acts = 0, [real_torch.tensor(v, dtype=real_torch.float64) for v in x]
            for nin, nout in itertools.pairwise(sizes):
                layer = []
                for _ in range(nout):
                    w, b = ps[k : k + nin], ps[k + nin]
                    k += nin + 1
                    layer.append(real_torch.tanh(sum((wi * xi for wi, xi in zip(w, acts)), b)))
                acts = layer
            loss = loss + (acts[0] - y) ** 2
        for p in ps:
            p.grad = None  # zero_grad()
        loss.backward()
        with real_torch.no_grad():
            for p in ps:
                p -= lr * p.grad
        losses.append(loss.item())
    return losses, [p.item() for p in ps]


def check_train_step(fn):
    sizes, xs, ys, lr, steps = [2, 3, 3, 1], points[:8], labels[:8], 0.05, 4
    random.seed(5)
    mine = MLP(2, sizes[1:])
    random.seed(5)
    ref = nn.MLP(2, sizes[1:], lecture=True)
    start = [p.data for p in mine.parameters()]
    assert start == [q.data for q in ref.parameters()], "the two networks start the same"
    for step in range(1, steps + 1):
        got = attempt(fn, mine, xs, ys, lr, what=f"train_step, step {step}", expected="loss.data")
        loss = sum(((ref(x) - y) ** 2 for x, y in zip(xs, ys)), tge.Value(0.0))
        for q in ref.parameters():
            q.grad = 0.0
        loss.backward()
        grads = [q.grad for q in ref.parameters()]
        for q in ref.parameters():
            q.data -= lr * q.grad
        if not is_number(got):
            fail(f"train_step's return, step {step}", "the loss, a number", repr(got))
        close(got, loss.data, f"the loss at step {step} (before its update)", 1e-10)
        for i, (p, q) in enumerate(zip(mine.parameters(), ref.parameters())):
            if not abs(p.data - q.data) <= 1e-10:
                fail(
                    f"parameter {i} after step {step} (its grad was {grads[i]:+.6f}, lr {lr})",
                    f"{q.data!r} (within 1e-10)",
                    repr(p.data),
                )
    if real_torch is not None:
        _, final = torch_steps(start, sizes, xs, ys, lr, steps)
        for i, (p, t) in enumerate(zip(mine.parameters(), final)):
            close(p.data, t, f"parameter {i} after {steps} steps, as PyTorch trains it", 1e-10)
    passed("check_train_step")


check_train_step(train_step)

# %% [markdown]
# ## Training on the moons
#
# 30 steps of your `train_step` on all 24 points, the learning rate falling from 0.05 toward
# 0.005; and the same loop once more with the zeroing left out.  Without it each grad is the sum
# of every gradient so far, the steps grow and point the wrong way, and the loss stops falling.


# %%
def forgetful_step(model, xs, ys, lr):
    """train_step without the zeroing: the bug, on purpose."""
    loss = squared_error([model(x) for x in xs], ys)
    loss.backward()
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data


def train(step_fn, steps=30, seed=2):
    random.seed(seed)
    model = MLP(2, [6, 6, 1])
    losses = [(k, step_fn(model, points, labels, 0.05 - 0.045 * k / steps)) for k in range(steps)]
    return model, losses


model, losses = train(train_step)
bad_model, bad_losses = train(forgetful_step)
acc, bad_acc = accuracy(model), accuracy(bad_model)
for (k, loss), (_, bad) in list(zip(losses, bad_losses))[::6]:
    print(f"step {k:>2}: loss {loss:8.3f}    without zeroing: {bad:8.3f}")
print(f"training accuracy: {acc:.0%} with the zeroing, {bad_acc:.0%} without")
assert losses[0] == bad_losses[0]  # the first step is the same: nothing to accumulate yet
assert losses[-1][1] < losses[0][1] / 4
assert acc >= 0.9
assert bad_losses[-1][1] > losses[-1][1] and bad_acc < acc
viz.show(line_chart(
    {"train_step": losses, "without zeroing the grads": bad_losses},
    title="your engine: MLP(2, [6, 6, 1]) on two moons",
    xlabel="step",
    ylabel="loss (log scale)",
    logy=True,
), OUT / "loss.svg")  # fmt: skip

# %% [markdown]
# ## The trained network, traced
#
# One point through the trained network is a graph of a few hundred of your Values; the trace
# of the first neuron's output on the first point shows your closures at work on learned
# weights.

# %%
first = model.layers[0].neurons[0]
for p in first.parameters():
    p.grad = 0.0  # the last training step left its grads there
score = first(points[0])
score.label = "neuron 0 of layer 0"
viz.print_trace(score)
viz.show(viz.draw(score), OUT / "a_trained_neuron_yours.svg")
