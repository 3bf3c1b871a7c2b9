# %% [markdown]
# # Lesson 13: the training loop, and what goes wrong without zero_grad
#
# Training is four lines repeated: **forward** (score every example and compute one loss),
# **zero the grads**, **backward** (every parameter learns which way is downhill), **step**
# (move each parameter a little that way).  We train micrograd's classic demo, an
# `MLP(2, [16, 16, 1])` on two interleaving half-moons, then leave out one line, `zero_grad()`,
# and watch the training go wrong: grads add up across steps (lesson 06), so each step follows
# the sum of all past gradients.  Pictures go to `lessons_out/13/`.

# %%
import math
import os
import random
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import no_grad
from tinygrad_edu.core.data import make_moons
from tinygrad_edu.nn import MLP, hinge_loss
from tinygrad_edu.optim import SGD
from viz.cli.train import Trained, boundary_svg

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "13"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## The data and the loss
#
# 100 points in two classes, labelled -1 and +1.  The network outputs a score; a point is
# classified right when the score has its label's sign.  The max-margin loss
# `mean(relu(1 - label * score))` is 0 only when every score is on the right side by a margin
# of 1; a tiny L2 penalty on the weights (`1e-4 * sum(p*p)`) keeps them small.

# %%
points, labels = make_moons(100, noise=0.1, seed=1)
print(len(points), "points; labels:", sorted(set(labels)), "; first point:", points[0], labels[0])


def accuracy(model):
    with no_grad():  # evaluating only: no graph needed
        return sum((model(p).data > 0) == (y > 0) for p, y in zip(points, labels)) / len(points)


def train(steps, *, zero_grad=True, seed=1):
    """micrograd's recipe: full-batch SGD, the learning rate falling from 1.0 toward 0.1."""
    random.seed(seed)
    model = MLP(2, [16, 16, 1])
    params = model.parameters()
    opt = SGD(params, lr=1.0)
    losses, grad_sizes = [], []
    for k in range(steps):
        scores = [model(p) for p in points]  # 1. forward
        loss = hinge_loss(scores, labels, params)
        if zero_grad:
            opt.zero_grad()  # 2. forget the last step's grads
        loss.backward()  # 3. backward
        # an optimizer keeps its settings per group of parameters (here one group): lowering the
        # group's lr as training goes takes big steps first and small ones to settle (a schedule)
        opt.param_groups[0]["lr"] = 1.0 - 0.9 * k / steps
        opt.step()  # 4. step downhill
        losses.append((k, loss.data))
        grad_sizes.append((k, sum(p.grad * p.grad for p in params) ** 0.5))
    return model, losses, grad_sizes


# %% [markdown]
# ## Training, the right way
#
# Watch the loss fall and the accuracy climb to 100%.  micrograd's notebook runs 100 steps;
# 40 are enough here.

# %%
STEPS = 40
model, losses, grad_sizes = train(STEPS)
for k, loss in losses[:: STEPS // 6]:
    print(f"step {k:>3}: loss {loss:.4f}")
acc = accuracy(model)
print(f"after {STEPS} steps: loss {losses[-1][1]:.4f}, training accuracy {acc:.0%}")
assert losses[-1][1] < losses[0][1] / 5
assert acc >= 0.97

# %% [markdown]
# ## Without `zero_grad()`
#
# The same loop, the same seed, one line missing.  `loss.backward()` *adds* into every `.grad`,
# so after k steps each grad is the sum of all k gradients so far: the steps follow stale
# directions and are far too long, the parameters overshoot, and the loss climbs instead of
# falling.

# %%
bad_model, bad_losses, bad_grad_sizes = train(STEPS, zero_grad=False)
bad_acc = accuracy(bad_model)
print(f"{'step':>4} {'loss':>9} {'|grad|':>9}    {'no zero_grad: loss':>18} {'|grad|':>9}")
for (k, loss), (_, g), (_, bad_loss), (_, bad_g) in list(
    zip(losses, grad_sizes, bad_losses, bad_grad_sizes)
)[:: STEPS // 6]:
    print(f"{k:>4} {loss:>9.4f} {g:>9.4f}    {bad_loss:>18.4f} {bad_g:>9.4f}")
print(f"final accuracy: {acc:.0%} with zero_grad, {bad_acc:.0%} without")
assert bad_losses[0] == losses[0]  # the first step is the same: nothing to accumulate yet
assert bad_losses[-1][1] > losses[-1][1]
assert bad_grad_sizes[-1][1] > 10 * grad_sizes[-1][1]  # the accumulated grads are huge
assert bad_acc < acc

# %% [markdown]
# ## The pictures
#
# The two loss curves, and the decision boundary the trained network learned: the plane is
# coloured by the sign of the score, the points by their labels.

# %%
viz.show(line_chart(
    {"with zero_grad()": losses, "without zero_grad()": bad_losses},
    title="training loss, two moons, MLP(2, [16, 16, 1])",
    xlabel="step",
    ylabel="loss (log scale)",
    logy=True,
), OUT / "loss.svg")  # fmt: skip
with no_grad():
    final_loss = hinge_loss([model(p) for p in points], labels, model.parameters()).data
run = Trained(model, acc, final_loss, points, labels)
viz.show(boundary_svg(run), OUT / "decision_boundary.svg")

# %% [markdown]
# ## Exercise 13.1
#
# Write one SGD step by hand, without the optimizer: `sgd_step(params, lr)` moves each
# parameter's `.data` against its grad and then zeroes the grad, ready for the next backward.
# `check_sgd_step(sgd_step)` checks that it matches `optim.SGD` over a few steps, to the last
# bit or two: `optim.SGD`, like PyTorch's CPU kernel, computes `p - lr * grad` as one fused
# multiply-add (rounded once), where Python's `p.data -= lr * p.grad` rounds twice.


# %%
from tinygrad_edu_lessons.exercise import attempt, fail, passed


# BEGIN SOLUTION
def sgd_step(params, lr):
    for p in params:
        p.data -= lr * p.grad
        p.grad = 0.0


# END SOLUTION
# BLANK def sgd_step(params, lr):
# BLANK     raise NotImplementedError("Exercise 13.1: step each p.data against p.grad, zero p.grad")


def check_sgd_step(fn):
    random.seed(3)
    mine, ref = MLP(2, [4, 1]), MLP(2, [4, 1])
    for p, q in zip(mine.parameters(), ref.parameters()):
        q.data = p.data
    opt = SGD(ref.parameters(), lr=0.1)
    for step in range(1, 6):
        hinge_loss([mine(p) for p in points[:10]], labels[:10]).backward()
        grads = [p.grad for p in mine.parameters()]
        attempt(fn, mine.parameters(), 0.1, what=f"sgd_step, step {step}", expected="no error")
        opt.zero_grad()
        hinge_loss([ref(p) for p in points[:10]], labels[:10]).backward()
        want = [q.data - 0.1 * q.grad for q in ref.parameters()]
        opt.step()
        for i, (p, q) in enumerate(zip(mine.parameters(), ref.parameters())):
            if abs(p.data - q.data) > 2 * math.ulp(q.data):  # fused vs two roundings
                fail(
                    f"parameter {i} after step {step} (its grad was {grads[i]:+.6f}, lr 0.1)",
                    f"optim.SGD's {want[i]!r}",
                    repr(p.data),
                )
            if p.grad != 0.0:
                fail(f"parameter {i}'s grad after step {step}", "0.0 (zeroed)", repr(p.grad))
    passed("check_sgd_step")


check_sgd_step(sgd_step)
