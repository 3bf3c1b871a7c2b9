# %% [markdown]
# # Lesson 11: gradient checking
#
# Every gradient `backward()` computes can be checked against the slope by nudging (lesson 01).
# `gradcheck(fn, *values)` does it for each input that requires grad and raises
# `GradcheckError` (PyTorch's message) when the two disagree beyond a tolerance.  It is how this
# engine's own tests check every op, and how you should check any new operation or model you
# write.  We use it on correct code, then on two real mistakes and one false alarm.
# Pictures go to `lessons_out/11/`.

# %%
import math
import os
import random
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import GradcheckError, Value, gradcheck
from tinygrad_edu.core.gradcheck import numerical_grad

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "11"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## Correct code passes
#
# Each function below is checked at a few random points.  `gradcheck` returns `True`.

# %%
functions = {
    "tanh(x*y + 1)": lambda x, y: (x * y + 1).tanh(),
    "x / (1 + y**2)": lambda x, y: x / (1 + y**2),
    "exp(sin(x)) * cos(y)": lambda x, y: x.sin().exp() * y.cos(),
    "sqrt(x**2 + y**2)": lambda x, y: (x**2 + y**2).sqrt(),
    "sigmoid(x - y) * log(1 + x*x)": lambda x, y: (x - y).sigmoid() * (1 + x * x).log(),
}
rng = random.Random(0)
for name, fn in functions.items():
    for _ in range(20):
        x, y = Value(rng.uniform(-2, 2)), Value(rng.uniform(-2, 2))
        assert gradcheck(fn, x, y)
    print(f"gradcheck {name:<32} passed at 20 random points")

# %% [markdown]
# ## Caught: escaping the graph through `.data`
#
# `x * x.data` computes the right *number*, but `x.data` is a plain float: the graph sees one
# use of `x`, not two, and the gradient comes out half of what it should be.

# %%
x = Value(1.5, label="x")
try:
    gradcheck(lambda x: x * x.data, x)
    report = "passed"
except GradcheckError as e:
    report = str(e)
print(report)
assert report.startswith("Jacobian mismatch for output 0 with respect to input 0")

# %% [markdown]
# ## Caught: a wrong local rule
#
# Suppose we derive tanh's rule by hand and get it wrong: `1 - x**2` instead of `1 - tanh(x)**2`.
# `numerical_grad`, the central difference inside `gradcheck`, shows the mistake at once; the
# engine's own node agrees with it.  (Lesson 15 puts this wrong rule inside an op of its own,
# and `gradcheck` itself rejects it.)

# %%
print(f"{'x':>5} {'1 - x**2':>10} {'1 - out**2':>11} {'nudging':>9}")
for x0 in (-1.0, 1.0, 2.0):
    wrong = 1 - x0**2
    (engine,) = Value(x0).tanh().grad_fn.local_derivatives()
    nudged = numerical_grad(lambda v: v.tanh(), [Value(x0)], 0, 1e-6)
    print(f"{x0:>5} {wrong:>10.4f} {engine:>11.4f} {nudged:>9.4f}")
    assert abs(engine - nudged) < 1e-8 and abs(wrong - nudged) > 0.05

# %% [markdown]
# ## Caught, but not a bug: a kink
#
# `relu` has no slope at 0: from the left it is 0, from the right 1.  The central difference
# straddles the kink and reports 0.5; the engine reports 0, as PyTorch does.  Checks must avoid
# the points where a function is not differentiable.

# %%
assert gradcheck(lambda x: x.relu(), Value(0.3))
try:
    gradcheck(lambda x: x.relu(), Value(0.0))
    at_kink = "passed"
except GradcheckError as e:
    at_kink = str(e)
print("relu at 0:", at_kink.replace("\n", " | "))
assert at_kink.startswith("Jacobian mismatch")
assert abs(numerical_grad(lambda v: v.relu(), [Value(0.0)], 0, 1e-6) - 0.5) < 1e-9

# %% [markdown]
# ## The picture: analytical and numerical slopes overlap
#
# For `f(x) = x * sin(x)**2` across `[-4, 4]`: the grad from `backward()` and the central
# difference are drawn as two curves; they are indistinguishable.

# %%
analytical, numerical = [], []
for i in range(-80, 81):
    x0 = i / 20
    v = Value(x0)
    (v * v.sin() ** 2).backward()
    analytical.append((x0, v.grad))
    nudged = numerical_grad(lambda t: t * t.sin() ** 2, [Value(x0)], 0, 1e-6)
    numerical.append((x0, nudged))
    assert abs(v.grad - nudged) < 1e-6
    assert abs(v.grad - (math.sin(x0) ** 2 + 2 * x0 * math.sin(x0) * math.cos(x0))) < 1e-12
viz.show(line_chart(
    {"backward()": analytical, "central difference": numerical},
    title="d/dx x*sin(x)**2: backward() and nudging agree",
    xlabel="x",
    ylabel="slope",
), OUT / "analytical_vs_numerical.svg")  # fmt: skip

# %% [markdown]
# ## Exercise 11.1
#
# Write your own `my_gradcheck(fn, *values, eps=1e-6, tol=1e-5)`: for each Value, compare its
# `.grad` after `fn(*values).backward()` with a central difference, and return `True` or `False`.
# Remember to reset the grads before the backward pass, and to restore every `.data` you nudge.
# `check_my_gradcheck(my_gradcheck)` runs it on good and bad functions.


# %%
from tinygrad_edu_lessons.exercise import attempt, fail, passed


# BEGIN SOLUTION
def my_gradcheck(fn, *values, eps=1e-6, tol=1e-5):
    for v in values:
        v.grad = 0.0
    fn(*values).backward()
    for v in values:
        old = v.data
        v.data = old + eps
        up = fn(*values).data
        v.data = old - eps
        down = fn(*values).data
        v.data = old
        if abs(v.grad - (up - down) / (2 * eps)) > tol * (1 + abs(v.grad)):
            return False
    return True


# END SOLUTION
# BLANK def my_gradcheck(fn, *values, eps=1e-6, tol=1e-5):
# BLANK     raise NotImplementedError("Exercise 11.1: return True or False")


def check_my_gradcheck(checker):
    def verdict(name, want, fn, *values, **options):
        what = f"my_gradcheck({name})"
        got = attempt(checker, fn, *values, what=what, expected=want, **options)
        if got is not want:
            reason = "its gradients are right" if want else "its gradient is wrong"
            fail(what, f"{want} ({reason})", repr(got))

    for name, fn in functions.items():
        verdict(name, True, fn, Value(0.7), Value(-1.2))
    verdict("x * x.data", False, lambda x: x * x.data, Value(1.5))
    # wrong only in its second input's gradient: every input must be checked
    verdict("x + y * y.data", False, lambda x, y: x + y * y.data, Value(1.0), Value(2.0))
    verdict(
        "(x * y.data).exp() + y", False, lambda x, y: (x * y.data).exp() + y, Value(1.0), Value(2.0)
    )
    # the same Values twice: grads left over from the first call must not count in the second
    x, y = Value(0.3), Value(0.9)
    verdict("x * y, first call", True, lambda x, y: x * y, x, y)
    verdict("x * y, again on the same Values", True, lambda x, y: x * y, x, y)
    # with eps = 1e-3 a central difference of sin is within 2e-7, a forward one is 3e-4 off
    verdict("sin(x) with eps=1e-3", True, lambda x: x.sin(), Value(0.7), eps=1e-3)
    v = Value(0.25)
    checker(lambda x: x.exp(), v)
    if v.data != 0.25:
        fail("the nudged Value after my_gradcheck", "its .data restored to 0.25", v.data)
    passed("check_my_gradcheck")


check_my_gradcheck(my_gradcheck)
