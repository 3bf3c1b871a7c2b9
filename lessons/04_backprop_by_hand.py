# %% [markdown]
# # Lesson 04: back-propagating a neuron by hand
#
# A neuron computes `o = tanh(x1*w1 + x2*w2 + b)`.  We ask how `o` moves when each input moves,
# first *by hand*, one node at a time from the output back to the leaves, with nothing but the
# chain rule: **the gradient of an input = the gradient of the output × the local derivative**.
# Why a product: if nudging `n` by a small `δ` moves `o` by `0.5δ` (do/dn = 0.5), and nudging
# `b` by `δ` moves `n` by `1δ` (the local derivative of `n = ... + b`), then nudging `b` by `δ`
# moves `o` by `0.5 × 1 × δ`.  Rates of change along a path multiply.
# Then `o.backward()` does the same walk, and we check that it got every number right.
# Pictures go to `lessons_out/04/`.

# %%
import math
import os
from pathlib import Path

import viz
from tinygrad_edu import Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "04"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## The forward pass, one named node per operation

# %%
x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
b = Value(6.8813735870195432, label="b")  # chosen so that o comes out as 1/sqrt(2)
x1w1 = x1 * w1
x2w2 = x2 * w2
s = x1w1 + x2w2
n = s + b
o = n.tanh()
for v, name in [(x1w1, "x1*w1"), (x2w2, "x2*w2"), (s, "s"), (n, "n"), (o, "o")]:
    v.label = name
    print(f"{name:>6} = {v.data:+.4f}   made by {v.grad_fn.name()}")

# %% [markdown]
# ## The backward pass by hand, on plain floats
#
# Start at the output: `do/do = 1`.  Then go back one node at a time.
#
# * `o = tanh(n)`: the local derivative is `1 - tanh(n)**2 = 1 - o**2`.
# * `n = s + b`: a sum passes its gradient unchanged to both inputs (local derivative 1).
# * `s = x1w1 + x2w2`: the same.
# * `x1w1 = x1 * w1`: the local derivative with respect to `x1` is `w1`, and to `w1` is `x1`.

# %%
g = {"o": 1.0}
g["n"] = g["o"] * (1 - o.data**2)
g["s"] = g["n"] * 1.0
g["b"] = g["n"] * 1.0
g["x1*w1"] = g["s"] * 1.0
g["x2*w2"] = g["s"] * 1.0
g["x1"] = g["x1*w1"] * w1.data
g["w1"] = g["x1*w1"] * x1.data
g["x2"] = g["x2*w2"] * w2.data
g["w2"] = g["x2*w2"] * x2.data
for name, value in g.items():
    print(f"d o / d {name:<6} = {value:+.4f}")

# %% [markdown]
# ## The engine does the same walk
#
# `o.backward()` visits the same nodes, each one only after every node that uses it (lesson
# 07), and fills `.grad` on every Value.  Every number matches the hand computation, and a
# central difference (lesson 01) on each leaf agrees too: nudge one leaf, run the forward pass
# again, and watch `o`.

# %%
o.backward()
values = {"o": o, "n": n, "s": s, "b": b, "x1*w1": x1w1, "x2*w2": x2w2}
values |= {"x1": x1, "w1": w1, "x2": x2, "w2": w2}
for name, v in values.items():
    assert abs(v.grad - g[name]) < 1e-12, name


def neuron(x1, w1, x2, w2, b):
    return math.tanh(x1 * w1 + x2 * w2 + b)


leaves = {"x1": 2.0, "w1": -3.0, "x2": 0.0, "w2": 1.0, "b": 6.8813735870195432}
h = 1e-6
print(f"{'leaf':>4} {'by hand':>9} {'backward':>9} {'nudging':>9}")
for name, x in leaves.items():
    up = neuron(**{**leaves, name: x + h})
    down = neuron(**{**leaves, name: x - h})
    nudged = (up - down) / (2 * h)
    print(f"{name:>4} {g[name]:>+9.4f} {values[name].grad:>+9.4f} {nudged:>+9.4f}")
    assert abs(values[name].grad - nudged) < 1e-6

# %% [markdown]
# ## Any granularity gives the same gradients
#
# `tanh` was one node with a known local derivative.  We could instead build it out of smaller
# operations, `tanh(n) = (exp(2n) - 1) / (exp(2n) + 1)`: the graph gets bigger, the gradients are
# the same, because the chain rule composes.  What counts as "an operation" is a choice.

# %%
x1b, x2b = Value(2.0, label="x1"), Value(0.0, label="x2")
w1b, w2b = Value(-3.0, label="w1"), Value(1.0, label="w2")
bb = Value(6.8813735870195432, label="b")
nb = x1b * w1b + x2b * w2b + bb
e = (2 * nb).exp()
ob = (e - 1) / (e + 1)
ob.label = "o"
ob.backward()
print("o =", ob.data, " x1.grad =", x1b.grad, " w1.grad =", w1b.grad)
assert abs(ob.data - o.data) < 1e-12
for mine, theirs in [(x1b, x1), (x2b, x2), (w1b, w1), (w2b, w2), (bb, b)]:
    assert abs(mine.grad - theirs.grad) < 1e-9

# %% [markdown]
# ## The pictures
#
# Each Value shows its data and its grad: compare them with the table above.

# %%
viz.show(viz.draw(o), OUT / "neuron.svg")
viz.show(viz.draw(ob), OUT / "neuron_with_exp.svg")
svg = (OUT / "neuron.svg").read_text()
assert "TanhBackward0" in svg and f"{o.data:.4f}" in svg  # the output's data is drawn

# %% [markdown]
# ## Exercise 4.1
#
# For `L = (a*b + c) * f` write `by_hand(a, b, c, f)` that returns the dict of `dL/da`, `dL/db`,
# `dL/dc`, `dL/df` as plain floats, working back from `L` one node at a time (name the inner
# nodes `e = a*b` and `d = e + c`), with plain float arithmetic: no `Value`, no `backward()`.
# `check_by_hand(by_hand)` compares it with `backward()` at a few points, with either sign of
# `a*b + c`.


# %%
from tinygrad_edu_lessons.exercise import attempt, autograd_calls, close, fail, passed, same_keys


# BEGIN SOLUTION
def by_hand(a, b, c, f):
    e = a * b
    d = e + c
    dd = f  # L = d * f
    df = d
    dc = dd  # d = e + c
    de = dd
    return {"a": de * b, "b": de * a, "c": dc, "f": df}


# END SOLUTION
# BLANK def by_hand(a, b, c, f):
# BLANK     raise NotImplementedError("Exercise 4.1: return the dict of dL/da, dL/db, dL/dc, dL/df")


def check_by_hand(fn):
    used = autograd_calls(fn)  # by hand means by hand: the engine's answer is not yours
    if used:
        fail("by_hand", "plain float arithmetic, back from L one node at a time", f"{used}")
    # a*b + c is 4, 1, 3 and -5: an answer that is right only for one sign (abs) shows
    points = [(2.0, -3.0, 10.0, -2.0), (0.5, 4.0, -1.0, 3.0), (-1.5, -2.0, 0.0, 0.25)]
    for point in [*points, (3.0, -2.0, 1.0, 0.5)]:
        vs = [Value(p) for p in point]
        a, b, c, f = vs
        ((a * b + c) * f).backward()
        got = attempt(fn, *point, what=f"by_hand{point}", expected="a dict of four grads")
        same_keys(got, "abcf", f"by_hand{point}")
        for name, v in zip("abcf", vs):
            close(got[name], v.grad, f"dL/d{name} at (a, b, c, f) = {point}", tol=1e-12)
    passed("check_by_hand")


check_by_hand(by_hand)
