# %% [markdown]
# # Lesson 16: softmax and cross-entropy, three classes
#
# Lesson 13 separated two classes with one output and a hinge loss.  With `K` classes a network
# gives `K` numbers per input, the **logits** `z`; the classifier's answer is the largest one.
# To train it we need a loss that rewards a large logit for the right class:
#
# - **softmax** turns logits into probabilities: `p_k = exp(z_k) / sum_j exp(z_j)`;
# - **cross-entropy** is the surprise at the right class `t`: `loss = -log p_t`.
#
# Its gradient is the simplest in deep learning: `d loss / d z_k = p_k - [k == t]`, the
# predicted probabilities minus the one-hot answer.  We build both from `exp`, `log`, `+` and
# `/` on Values, check that formula, compare with PyTorch, and train a 3-class classifier.
# Pictures go to `lessons_out/16/`.

# %%
import math
import os
import random
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import Value, no_grad
from tinygrad_edu.nn import MLP
from tinygrad_edu.optim import SGD

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "16"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## 1. Softmax on Values
#
# `exp` of a large logit overflows, so every implementation subtracts the largest logit first:
# `exp(z_k - m) / sum_j exp(z_j - m)` is the same fraction (the `exp(-m)` cancels) and every
# exponent is at most 0.  `m` is a plain number here (`max(z).data`): it does not change the
# value, so it needs no gradient.


# %%
def softmax(logits):
    m = max(z.data for z in logits)
    exps = [(z - m).exp() for z in logits]
    total = sum(exps[1:], exps[0])
    return [e / total for e in exps]


# Karpathy's micrograd exercise: four logits, the right class is 3
logits = [Value(0.0), Value(3.0), Value(-2.0), Value(1.0)]
probs = softmax(logits)
loss = -probs[3].log()
loss.backward()
print("probabilities:", " ".join(f"{p.data:.4f}" for p in probs))
print(f"loss = {loss.data:.4f}")
print("d loss / d z: ", " ".join(f"{z.grad:+.4f}" for z in logits))
assert abs(sum(p.data for p in probs) - 1) < 1e-12
for k, (z, p) in enumerate(zip(logits, probs)):
    assert abs(z.grad - (p.data - (k == 3))) < 1e-12  # p - onehot, from calculus

# %% [markdown]
# Why `p - onehot`: `-log p_t = -z_t + log sum_j exp(z_j)`.  The first term gives `-1` for
# `k = t`; the derivative of `log sum exp` with respect to `z_k` is `exp(z_k) / sum = p_k`.
# So the gradient pushes the right logit up by `1 - p_t` and every other logit down by its own
# probability, and it is never larger than 1 in size: cross-entropy's gradient does not blow up
# however wrong the network is.
#
# ## 2. Side by side with PyTorch
#
# PyTorch fuses the two steps into `torch.nn.functional.cross_entropy(logits, target)` (it works
# on log-probabilities, `log_softmax`, for accuracy).  Where PyTorch is installed, the cell runs
# it on the same logits and prints its numbers under ours, and draws its graph beside ours: our
# loss is a graph of scalar steps, PyTorch's is two fused nodes (`LogSoftmaxBackward0`,
# `NllLossBackward0`) with the same grads.

# %%
try:
    import torch as real_torch
except ImportError:
    real_torch = None
    print("PyTorch is not installed: `pip install torch` to compare with the real thing.")
print(f"{'':10}{'loss':>8}  grads")
print(f"{'ours':10}{loss.data:8.4f}  " + " ".join(f"{z.grad:+.4f}" for z in logits))
if real_torch is not None:
    zt = real_torch.tensor([[0.0, 3.0, -2.0, 1.0]], dtype=real_torch.float64, requires_grad=True)
    lt = real_torch.nn.functional.cross_entropy(zt, real_torch.tensor([3]))
    lt.backward()
    print(f"{'PyTorch':10}{lt.item():8.4f}  " + " ".join(f"{g:+.4f}" for g in zt.grad[0].tolist()))
    assert abs(lt.item() - loss.data) < 1e-12
    assert all(abs(a - z.grad) < 1e-12 for a, z in zip(zt.grad[0].tolist(), logits))
viz.show(viz.draw(loss, style="torch"), OUT / "cross_entropy_ours.svg")
if real_torch is not None:
    viz.show(viz.draw(lt, labels={"logits": zt}), OUT / "cross_entropy_pytorch.svg")

# %% [markdown]
# ## 3. Three blobs
#
# Ninety points in three clusters, labels 0, 1, 2.  A micrograd-style `MLP(2, [16, 3])` (one
# hidden ReLU layer, three linear outputs) gives three logits per point; the loss is the mean
# cross-entropy over the points; plain SGD trains it.

# %%
rng = random.Random(0)
CENTRES = [(-2.0, -1.0), (2.0, -1.0), (0.0, 2.0)]
points, labels = [], []
for label, (cx, cy) in enumerate(CENTRES):
    for _ in range(30):
        points.append([cx + rng.gauss(0, 0.9), cy + rng.gauss(0, 0.9)])
        labels.append(label)


def mean_cross_entropy(model, xs, ts):
    losses = [-softmax(model(x))[t].log() for x, t in zip(xs, ts)]
    return sum(losses[1:], losses[0]) / len(losses)


def accuracy(model, xs, ts):
    with no_grad():
        right = 0
        for x, t in zip(xs, ts):
            scores = [z.data for z in model(x)]
            right += scores.index(max(scores)) == t
    return right / len(ts)


random.seed(1)
model = MLP(2, [16, 3])
opt = SGD(model.parameters(), lr=0.5)
history = []
for step in range(40):
    loss = mean_cross_entropy(model, points, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    history.append((step, loss.data))
acc = accuracy(model, points, labels)
print(f"loss {history[0][1]:.3f} -> {history[-1][1]:.3f}, training accuracy {acc:.0%}")
assert history[-1][1] < history[0][1] / 3
assert acc > 0.9
chart = line_chart({"mean cross-entropy": history}, title="training", xlabel="step", ylabel="loss")
viz.show(chart, OUT / "loss.svg")

# %% [markdown]
# ## 4. Decision regions
#
# Colour every cell of a grid by the class whose logit is largest there: the picture shows where
# the network draws its boundaries.  (The grid is evaluated under `no_grad()`: no graph is kept.)

# %%
COLOURS = ["#1f77b4", "#d62728", "#2ca02c"]
LIGHT = ["#c6dbef", "#fcbba1", "#c7e9c0"]


def regions_svg(model, xs, ts, cells=40, lo=-5.0, hi=5.0, size=400):
    left, top, legend = 40, 30, 130  # room for the y ticks, the title and the key
    step = (hi - lo) / cells
    px = lambda v: left + (v - lo) / (hi - lo) * size
    py = lambda v: top + (hi - v) / (hi - lo) * size
    width, height = left + size + legend, top + size + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left + size / 2}" y="18" text-anchor="middle" font-size="14">'
        "the class with the largest logit, and the training points</text>",
    ]
    with no_grad():
        for i in range(cells):
            for j in range(cells):
                x, y = lo + (i + 0.5) * step, lo + (j + 0.5) * step
                scores = [z.data for z in model([x, y])]
                k = scores.index(max(scores))
                out.append(
                    f'<rect x="{px(x - step / 2):.1f}" y="{py(y + step / 2):.1f}" '
                    f'width="{size / cells + 0.5:.1f}" height="{size / cells + 0.5:.1f}" '
                    f'fill="{LIGHT[k]}"/>'
                )
    for (x, y), t in zip(xs, ts):
        out.append(
            f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="4" fill="{COLOURS[t]}" '
            'stroke="black" stroke-width="0.5"/>'
        )
    out.append(
        f'<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="none" stroke="black"/>'
    )
    for t in range(math.ceil(lo), math.floor(hi) + 1, 2):  # ticks on both axes
        out.append(
            f'<line x1="{px(t):.1f}" y1="{top + size}" x2="{px(t):.1f}" '
            f'y2="{top + size + 4}" stroke="black"/>'
        )
        out.append(f'<text x="{px(t):.1f}" y="{top + size + 17}" text-anchor="middle">{t}</text>')
        out.append(
            f'<line x1="{left - 4}" y1="{py(t):.1f}" x2="{left}" y2="{py(t):.1f}" stroke="black"/>'
        )
        out.append(f'<text x="{left - 7}" y="{py(t) + 4:.1f}" text-anchor="end">{t}</text>')
    out.append(f'<text x="{left + size / 2}" y="{top + size + 34}" text-anchor="middle">x</text>')
    out.append(f'<text x="12" y="{top + size / 2}" text-anchor="middle">y</text>')
    for k in range(len(COLOURS)):  # the key: each class's points and region
        y = top + 10 + 22 * k
        out.append(
            f'<rect x="{left + size + 14}" y="{y - 9}" width="14" height="14" fill="{LIGHT[k]}"/>'
        )
        out.append(
            f'<circle cx="{left + size + 21}" cy="{y - 2}" r="4" fill="{COLOURS[k]}" '
            'stroke="black" stroke-width="0.5"/>'
        )
        out.append(f'<text x="{left + size + 34}" y="{y + 2}">class {k}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


viz.show(regions_svg(model, points, labels), OUT / "regions.svg")

# %% [markdown]
# ## Exercise 16.1
#
# Write `cross_entropy(logits, target)`: for a list of logit Values and the index of the right
# class, return `-log softmax(logits)[target]` as a Value, stable for large logits (subtract the
# largest first) and built from Value ops so that `backward()` works.
# `check_cross_entropy(cross_entropy)` compares the value with the formula and the gradients with
# `p - onehot`, on small and on large logits.

# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, passed


# BEGIN SOLUTION
def cross_entropy(logits, target):
    m = max(z.data for z in logits)
    shifted = [z - m for z in logits]
    exps = [s.exp() for s in shifted]
    total = sum(exps[1:], exps[0])
    return total.log() - shifted[target]


# END SOLUTION
# BLANK def cross_entropy(logits, target):
# BLANK     raise NotImplementedError("Exercise 16.1: return -log softmax(logits)[target]")


def check_cross_entropy(fn):
    cases = [([0.0, 3.0, -2.0, 1.0], 3), ([1.5, -0.5, 0.2], 0), ([2.0, 2.0], 1)]
    cases += [([1000.0, 0.0, -1000.0], 1), ([-3.0, 710.0, 705.0], 2)]
    for zs, t in cases:
        m = max(zs)
        lse = m + math.log(sum(math.exp(z - m) for z in zs))
        want = lse - zs[t]
        p = [math.exp(z - lse) for z in zs]
        what = f"cross_entropy({zs}, {t})"
        logits = [Value(z) for z in zs]
        out = attempt(fn, logits, t, what=what, expected=f"a Value with data {want:.6f}")
        if not isinstance(out, Value):
            fail(what, f"a Value with data {want:.6f}", repr(out))
        close(out.data, want, what, tol=1e-9 * (1 + abs(want)))
        attempt(out.backward, what=f"{what}.backward()", expected="gradients")
        for k, z in enumerate(logits):
            close(z.grad, p[k] - (k == t), f"d loss / d z{k} in {what} (p - onehot)", tol=1e-9)
    passed("check_cross_entropy")


check_cross_entropy(cross_entropy)
