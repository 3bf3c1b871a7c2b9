# %% [markdown]
# # Lesson 01: the slope by nudging
#
# A derivative answers one question: *if I nudge the input a little, how much does the output
# move, per unit of nudge?*  Before any autograd, we can answer it with nothing but the function:
# evaluate it twice and divide.  Every later lesson checks the engine against this idea.
#
# Pictures go to `lessons_out/01/` (or `$TINYGRAD_EDU_LESSONS_OUT/01/`).

# %%
import os
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "01"
OUT.mkdir(parents=True, exist_ok=True)


def f(x):
    return x**3 - 4 * x


def df(x):  # by hand, with the power rule: d/dx x**3 = 3x**2, d/dx 4x = 4
    return 3 * x**2 - 4


x = 2.0
print(f"f({x}) = {f(x)}, and by hand f'({x}) = {df(x)}")

# %% [markdown]
# ## Nudge forward
#
# `(f(x + h) - f(x)) / h` is the slope of the chord from `x` to `x + h`.  As `h` shrinks, the chord
# turns into the tangent.  The error shrinks *in proportion to h*: for this cubic it is exactly
# `6h + h**2` (expand `(x + h)**3` to see it).

# %%
print(f"{'h':>8} {'forward':>14} {'error':>12}")
forward_err = {}
for h in (0.1, 0.01, 0.001, 0.0001):
    slope = (f(x + h) - f(x)) / h
    forward_err[h] = abs(slope - df(x))
    print(f"{h:>8} {slope:>14.8f} {forward_err[h]:>12.2e}")
    assert abs(forward_err[h] - (6 * h + h * h)) < 1e-6  # the error the algebra predicts

# %% [markdown]
# ## Nudge both ways: central differences
#
# `(f(x + h) - f(x - h)) / 2h` is symmetric around `x`, so the `h` terms cancel and the error
# shrinks like `h**2`: ten times smaller `h`, a hundred times smaller error.  For a cubic the error
# is exactly `h**2`.  This is the formula every gradient check in this course uses.

# %%
print(f"{'h':>8} {'central':>14} {'error':>12}")
central_err = {}
for h in (0.1, 0.01, 0.001, 0.0001):
    slope = (f(x + h) - f(x - h)) / (2 * h)
    central_err[h] = abs(slope - df(x))
    print(f"{h:>8} {slope:>14.8f} {central_err[h]:>12.2e}")
    assert central_err[h] < forward_err[h]
    assert abs(central_err[h] - h * h) < 1e-8

# %% [markdown]
# ## Too small a nudge
#
# Floats carry about 16 significant digits.  `f(x + h) - f(x - h)` subtracts two nearly equal
# numbers, so when `h` is tiny the rounding error (about `1e-16 / h`) wins over the `h**2` error.
# The best `h` for central differences in double precision is around `1e-5`: the plot is a "V".

# %%
hs = [10.0**-k for k in range(1, 14)]
curve = {
    "forward (f(x+h)-f(x))/h": [(h, abs((f(x + h) - f(x)) / h - df(x)) or 1e-17) for h in hs],
    "central (f(x+h)-f(x-h))/2h": [
        (h, abs((f(x + h) - f(x - h)) / (2 * h) - df(x)) or 1e-17) for h in hs
    ],
}
for h, err in curve["central (f(x+h)-f(x-h))/2h"]:
    print(f"h = {h:.0e}: central error {err:.1e}")
best_h = min(curve["central (f(x+h)-f(x-h))/2h"], key=lambda p: p[1])[0]
print("the best h here:", best_h)
assert 1e-7 <= best_h <= 1e-3  # neither the largest nor the smallest nudge is best
viz.show(line_chart(
    curve,
    title="error of the slope estimate at x = 2",
    xlabel="h",
    ylabel="|estimate - f'(x)|",
    logx=True,
    logy=True,
), OUT / "error_vs_h.svg")  # fmt: skip

# %% [markdown]
# ## The picture: f and its tangent
#
# The tangent at `x = 2` has slope `f'(2) = 8`; the central-difference chord with `h = 0.5` is
# drawn too, and is already nearly parallel.

# %%
xs = [i / 20 for i in range(-20, 70)]
h = 0.5
chord = (f(x + h) - f(x - h)) / (2 * h)
viz.show(line_chart(
    {
        "f(x) = x**3 - 4x": [(t, f(t)) for t in xs],
        f"tangent, slope {df(x):g}": [(t, f(x) + df(x) * (t - x)) for t in xs],
        f"chord through x±{h}, slope {chord:g}": [(t, f(x) + chord * (t - x)) for t in xs],
    },
    title="the derivative is the slope of the tangent",
    xlabel="x",
    ylabel="y",
), OUT / "tangent.svg")  # fmt: skip

# %% [markdown]
# ## Several inputs: one nudge at a time
#
# For `d = a*b + c`, nudge one input while holding the others still: that is the *partial*
# derivative.
#
# > **A preview.**  The cell below borrows `Value` and `backward()`, which lesson 02 introduces
# > and lesson 04 explains: for now, read `Value(2.0)` as "a number that remembers how it was
# > used", and `d.backward()` as "fill in every input's `.grad` with dd/d(input)".  All you need
# > here is that the engine's answers agree with the nudges.

# %%


def d_of(a, b, c):
    return a * b + c


a, b, c = 2.0, -3.0, 10.0
h = 1e-6
nudged = {
    "a": (d_of(a + h, b, c) - d_of(a - h, b, c)) / (2 * h),
    "b": (d_of(a, b + h, c) - d_of(a, b - h, c)) / (2 * h),
    "c": (d_of(a, b, c + h) - d_of(a, b, c - h)) / (2 * h),
}
va, vb, vc = Value(a, label="a"), Value(b, label="b"), Value(c, label="c")
d = d_of(va, vb, vc)
d.backward()
for name, v in zip("abc", (va, vb, vc)):
    print(f"dd/d{name}: nudging {nudged[name]:+.6f}   backward() {v.grad:+.6f}")
    assert abs(nudged[name] - v.grad) < 1e-6

# %% [markdown]
# ## Exercise 1.1
#
# Write `central_difference(f, x, h=1e-5)` returning the central-difference slope of `f` at `x`.
# Run `check_central_difference(central_difference)`: it tries it on a few functions whose
# derivatives are known, with `h = 1e-3`, with your default `h`, and with `h = 0.1` on the cubic
# `f`, where a central difference is off by exactly `h**2` (so it must use the `h` it is given).
# (The teacher's version has the reference solution filled in; `tinygrad-edu lesson 1 --student`
# gives the blank to fill.)

# %%
import math

from tinygrad_edu_lessons.exercise import attempt, close, passed


# BEGIN SOLUTION
def central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x - h)) / (2 * h)


# END SOLUTION
# BLANK def central_difference(f, x, h=1e-5):
# BLANK     raise NotImplementedError("Exercise 1.1: return the central-difference slope")


def check_central_difference(fn):
    cases = [(math.sin, 0.7, math.cos(0.7)), (math.exp, 1.3, math.exp(1.3)), (f, -1.5, df(-1.5))]
    for g, x0, want in cases:
        # h is passed explicitly: with h = 1e-3 a central difference is within h**2 * |f'''| / 6
        # (about 1e-6 here) of the slope, while a forward one is off by about h * |f''| / 2
        what = f"central_difference({g.__name__}, {x0}, h=1e-3)"
        got = attempt(fn, g, x0, 1e-3, what=what, expected=f"about {want:.6f}")
        close(got, want, what, tol=1e-5)
        what = f"central_difference({g.__name__}, {x0}) with its default h"
        got = attempt(fn, g, x0, what=what, expected=f"about {want:.6f}")
        close(got, want, what, tol=1e-6)
    # f is a cubic (f''' = 6): its central difference is off by exactly h**2, so with h = 0.1
    # the answer is f'(x) + 0.01 and a difference that ignores the h it is given shows
    what = "central_difference(f, -1.5, h=0.1)"
    want = df(-1.5) + 0.1**2
    got = attempt(fn, f, -1.5, 0.1, what=what, expected=f"f'(-1.5) + h**2 = {want:.6f}")
    close(got, want, f"{what}, which is f'(-1.5) + h**2 for a cubic", tol=1e-9)
    passed("check_central_difference")


check_central_difference(central_difference)
