# %% [markdown]
# # Lesson 17: training dynamics
#
# Lesson 13 trained a network with a learning rate that someone had already chosen.  Here we
# look at what happens around that choice, the way a practitioner does:
#
# 1. **the learning rate**: too small crawls, right converges, too large diverges;
# 2. **minibatches**: a step on a few examples is a noisy but cheap estimate of the full step;
# 3. **held-out accuracy**: the training loss says how well the network fits the points it saw;
#    only points it never saw say how well it *generalises*;
# 4. **dead ReLUs**: a unit whose input is negative for every example has gradient 0 forever;
# 5. **vanishing gradients**: through a deep stack of tanh or sigmoid layers, the chain rule
#    multiplies many numbers smaller than 1.
#
# Charts go to `lessons_out/17/`.

# %%
import itertools
import math
import os
import random
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import Value, no_grad
from tinygrad_edu.core.data import make_moons
from tinygrad_edu.nn import MLP, hinge_loss
from tinygrad_edu.optim import SGD

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "17"
OUT.mkdir(parents=True, exist_ok=True)

points, labels = make_moons(80, noise=0.1, seed=2)
train_x, train_y = points[:60], labels[:60]
held_x, held_y = points[60:], labels[60:]  # never used for a step


def loss_of(model, xs, ys):
    return hinge_loss([model(x) for x in xs], ys)


def accuracy(model, xs, ys):
    with no_grad():
        return sum((model(x).data > 0) == (y > 0) for x, y in zip(xs, ys)) / len(ys)


def train(lr, steps, batch_size=None, seed=0):
    """SGD on the training points; returns the model and the loss after every step."""
    random.seed(seed)  # the same initial weights for every run
    model = MLP(2, [8, 8, 1])
    opt = SGD(model.parameters(), lr=lr)
    rng = random.Random(seed)
    history = []
    for _ in range(steps):
        if batch_size is None:
            xs, ys = train_x, train_y
        else:
            idx = rng.sample(range(len(train_x)), batch_size)
            xs, ys = [train_x[i] for i in idx], [train_y[i] for i in idx]
        loss = loss_of(model, xs, ys)
        opt.zero_grad()
        loss.backward()
        opt.step()
        with no_grad():
            history.append(loss_of(model, train_x, train_y).data)
    return model, history


# %% [markdown]
# ## 1. A learning-rate sweep
#
# The same network, the same start, 25 full-batch steps at four learning rates.  A step moves each
# parameter by `lr * grad`: when that overshoots the bottom of the valley, the loss goes *up*.

# %%
sweep = {}
for lr in (0.003, 0.1, 0.5, 8.0):
    _, history = train(lr, 25)
    sweep[lr] = history
    print(f"lr {lr:<6} loss after 1 step {history[0]:8.3f}, after 25 {history[-1]:8.3f}")
assert sweep[0.1][-1] < sweep[0.003][-1]  # too small: it barely moves
assert sweep[0.003][0] - sweep[0.003][-1] < 0.2
assert sweep[8.0][-1] > sweep[0.5][-1]  # too large: it jumps past the valley
chart = line_chart(
    {f"lr {lr}": list(enumerate(h, 1)) for lr, h in sweep.items()},
    title="training loss for four learning rates",
    xlabel="step",
    ylabel="loss (log scale)",
    logy=True,
)
viz.show(chart, OUT / "learning_rates.svg")

# %% [markdown]
# ## 2. Minibatches and held-out accuracy
#
# A step on 10 random points costs a sixth of a full step.  Its gradient is noisier, so the loss
# wobbles, but for the same *work* it makes more progress.  We compare 20 full steps with 120
# minibatch steps (the same number of point-evaluations), then ask the held-out points.

# %%
full_model, full_hist = train(0.1, 20)
mini_model, mini_hist = train(0.1, 120, batch_size=10)
rows = [
    ("full batch, 20 steps", full_model, full_hist),
    ("10 per step, 120", mini_model, mini_hist),
]
for name, model, hist in rows:
    print(
        f"{name:22} train loss {hist[-1]:.3f}  train acc {accuracy(model, train_x, train_y):.0%}"
        f"  held-out acc {accuracy(model, held_x, held_y):.0%}"
    )
assert mini_hist[-1] < full_hist[-1]
assert accuracy(mini_model, held_x, held_y) >= 0.8
wobbles = sum(b > a for a, b in itertools.pairwise(mini_hist))
print(f"the minibatch loss went up on {wobbles} of 119 steps; the full-batch loss on", end=" ")
print(sum(b > a for a, b in itertools.pairwise(full_hist)), "of 19")
chart = line_chart(
    {
        "full batch": [(6 * (i + 1), v) for i, v in enumerate(full_hist)],
        "minibatch of 10": [(i + 1, v) for i, v in enumerate(mini_hist)],
    },
    title="same work, two ways",
    xlabel="work (in minibatch steps)",
    ylabel="training loss",
)
viz.show(chart, OUT / "minibatches.svg")

# %% [markdown]
# ## 3. Dead ReLUs
#
# `relu(z)` has slope 0 where `z < 0`.  A hidden unit whose pre-activation is negative for
# *every* training point never passes a gradient back, so its weights never change again: it is
# dead.  One oversized step (or a large negative bias) kills units.  We count, for each hidden
# unit of the first layer, the points where it is active.


# %%
def dead_units(model, xs):
    layer = model.layers[0]
    dead = 0
    with no_grad():
        for neuron in layer.neurons:
            if all(neuron(x).data <= 0 for x in xs):
                dead += 1
    return dead, len(layer.neurons)


healthy, _ = train(0.1, 20)
dead, total = dead_units(healthy, train_x)
print(f"after 20 steps at lr 0.1: dead units {dead} of {total}")
for neuron in healthy.layers[0].neurons:  # a large negative bias, as one bad step can leave
    neuron.b.data -= 10.0
dead, total = dead_units(healthy, train_x)
loss = loss_of(healthy, train_x, train_y)
healthy.zero_grad()
loss.backward()
first = healthy.layers[0].parameters()
grads = [abs(p.grad or 0.0) for p in first]
print(f"after pushing every bias down by 10: dead units {dead} of {total},", end=" ")
print(f"largest first-layer |grad| {max(grads)}")
assert dead == total and max(grads) == 0.0

# %% [markdown]
# ## 4. Vanishing gradients through a deep stack
#
# A stack of `n` scalar layers `h = act(w * h + b)` (with `w = 1.5`, `b = 0.1`): the chain rule
# gives `d out / d x` as a product of `n` factors `act'(z) * w`.  `sigmoid' <= 0.25`, so with
# `w = 1.5` each factor is at most 0.375 and the product shrinks geometrically; `tanh'` is 1 only
# at 0 and smaller where the units saturate.  The chart shows `|d out / d x|` against depth, on a
# log scale: a straight falling line is an exponential decay.


# %%
def input_grad(depth, act, w=1.5, b=0.1, x0=0.5):
    x = Value(x0)
    h = x
    for _ in range(depth):
        h = getattr(w * h + b, act)()
    h.backward()
    return abs(x.grad)


depths = list(range(1, 31))
curves = {act: [(d, input_grad(d, act)) for d in depths] for act in ("sigmoid", "tanh", "relu")}
for act, pts in curves.items():
    print(f"{act:8} |d out / d x| at depth 1: {pts[0][1]:.3g}, at depth 30: {pts[-1][1]:.3g}")
assert curves["sigmoid"][-1][1] < 1e-12
assert all(b[1] < a[1] for a, b in zip(curves["sigmoid"], curves["sigmoid"][1:]))
assert math.isclose(curves["relu"][-1][1], 1.5**30)  # relu' = 1 where active: only the w's
chart = line_chart(
    {act: pts for act, pts in curves.items()},
    title="gradient reaching the input through a deep stack",
    xlabel="depth",
    ylabel="|d out / d x| (log scale)",
    logy=True,
)
viz.show(chart, OUT / "vanishing.svg")

# %% [markdown]
# With relu the product is just `w ** depth`: it *explodes* for `w > 1` and vanishes for `w < 1`.
# Careful initialisation (weights scaled to keep the product near 1) and normalisation layers
# exist because of this chart.
#
# ## Exercise 17.1
#
# Write `minibatches(n, batch_size, rng)`: the indices `0..n-1` shuffled with `rng` (a
# `random.Random`) and cut into consecutive batches of `batch_size`, the last one shorter if
# `batch_size` does not divide `n`, so that one *epoch* visits every point exactly once.
# `check_minibatches(minibatches)` checks the sizes, that every index appears once, and that
# the order is shuffled by `rng`.

# %%
from tinygrad_edu_lessons.exercise import attempt, fail, passed


# BEGIN SOLUTION
def minibatches(n, batch_size, rng):
    order = list(range(n))
    rng.shuffle(order)
    return [order[i : i + batch_size] for i in range(0, n, batch_size)]


# END SOLUTION
# BLANK def minibatches(n, batch_size, rng):
# BLANK     raise NotImplementedError("Exercise 17.1: return a list of lists of indices")


def check_minibatches(fn):
    for n, size in ((60, 10), (23, 5), (7, 7), (5, 8)):
        what = f"minibatches({n}, {size}, rng)"
        want_sizes = [size] * (n // size) + ([n % size] if n % size else [])
        got = attempt(fn, n, size, random.Random(1), what=what, expected=f"batches {want_sizes}")
        if not isinstance(got, list) or not all(isinstance(b, (list, tuple)) for b in got):
            fail(what, f"a list of {len(want_sizes)} lists of indices", repr(got)[:80])
        sizes = [len(b) for b in got]
        if sizes != want_sizes:
            fail(f"the batch sizes of {what}", want_sizes, sizes)
        flat = [i for b in got for i in b]
        if sorted(flat) != list(range(n)):
            fail(f"the indices of {what}", f"each of 0..{n - 1} once", sorted(flat))
        if n > 10 and flat == sorted(flat):
            fail(f"the order of {what}", "the indices shuffled", "them in order 0, 1, 2, ...")
        runs = [sorted(b) == list(range(min(b), min(b) + len(b))) for b in got if len(b) > 1]
        if n > 10 and all(runs):  # a real shuffle mixes the whole epoch, not each block
            fail(
                f"the batches of {what}",
                "indices from all over 0..n-1 in each batch (shuffle first, then cut)",
                "each batch a block of consecutive indices",
            )
        again = fn(n, size, random.Random(1))
        if again != got:
            fail(f"{what} twice with the same seed", "the same batches (shuffle with rng)", again)
    passed("check_minibatches")


check_minibatches(minibatches)
