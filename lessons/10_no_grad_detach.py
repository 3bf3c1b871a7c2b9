# %% [markdown]
# # Lesson 10: requires_grad, is_leaf, no_grad and detach
#
# Which tensors have a `grad_fn`, which get a `.grad`, and how to switch the recording off.
# We start with the four examples of the Russian reference page for the attribute ("Атрибут
# grad_fn"), run word for word with `import tinygrad_edu as torch`, and check that they print
# what the page shows (object addresses aside).  Then the four names the page lists under "see
# also" (`grad`, `requires_grad`, `is_leaf`, `backward`), and the two ways to stop recording,
# `no_grad()` and `detach()`.  Pictures go to `lessons_out/10/`.

# %%
import contextlib
import io
import os
import re
import warnings
from pathlib import Path

import tinygrad_edu as torch
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "10"
OUT.mkdir(parents=True, exist_ok=True)


def run(program):
    """Run a program as a script would, and return what it printed."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(program, {})
    return printed.getvalue()


def same_output(printed, shown):
    """Equal once object addresses are masked: they differ from run to run."""
    mask = lambda s: re.sub(r"0x[0-9a-f]+", "0x...", s.strip())
    return mask(printed) == mask(shown)


# %% [markdown]
# ## The reference page's four examples
#
# 1. "If a tensor is created explicitly by the user (e.g. with `torch.tensor`), the attribute is
#    None."
# 2. "Now create a tensor as the result of an addition and look at grad_fn."
# 3. "For more complex operations grad_fn is the last operation applied (the addition); inside
#    it are references to the previous operations, forming the computation graph."
# 4. "Even with `requires_grad=True`, a tensor created explicitly keeps `grad_fn` None, because
#    it is not the result of an operation."
#
# Every statement of the page is true; the checks below run each example.  Two details are not:
#
# > **Mistake in the page: the output of example 4 is shown as `<+python-> None <-python->`.**
# > **What is true:** `print(t.grad_fn)` prints `None`, exactly as in example 1; the
# > `<+python->` markers are a slip of the page's formatting, not something Python prints.
#
# > **Mistake of wording: "grad_fn указывает на функцию, которая была применена"** (grad_fn
# > points to the function that was applied).  **What is true:** it points to that function's
# > *backward* node: for `a + b` an `AddBackward0` object, which computes the gradients of the
# > addition (as the page says next), not the addition itself; you cannot call it to add.

# %%
EXAMPLES = [
    (
        "import tinygrad_edu as torch\n\nt = torch.tensor([1.0, 2.0, 3.0])\nprint(t.grad_fn)\n",
        "None",
    ),
    (
        "import tinygrad_edu as torch\n\n"
        "a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
        "b = torch.tensor([4.0, 5.0, 6.0], requires_grad=True)\n"
        "c = a + b\n"
        "print(c.grad_fn)\n",
        "<AddBackward0 object at 0x7f8a3c1b9a90>",
    ),
    (
        "import tinygrad_edu as torch\n\n"
        "x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
        "y = x ** 2 + 2 * x + 1\n"
        "print(y.grad_fn)\n",
        "<AddBackward0 object at 0x7f8a3c1b9d60>",
    ),
    (
        "import tinygrad_edu as torch\n\nt = torch.ones(3, requires_grad=True)\nprint(t.grad_fn)\n",
        "None",
    ),
]
for i, (program, shown) in enumerate(EXAMPLES, 1):
    printed = run(program)
    print(f"example {i}: prints {printed.strip():<42} the page shows {shown}")
    assert same_output(printed, shown)

# %% [markdown]
# If PyTorch is installed, the same four programs run with the real `torch` print the same.

# %%
try:
    with warnings.catch_warnings():  # a CPU build without NumPy warns about it on import
        warnings.simplefilter("ignore")
        import torch as real_torch
except ImportError:
    real_torch = None
    print("PyTorch is not installed: `pip install torch` to compare with the real thing.")
if real_torch is not None:
    for i, (program, shown) in enumerate(EXAMPLES, 1):
        printed = run(program.replace("import tinygrad_edu as torch", "import torch"))
        print(f"example {i} under PyTorch {real_torch.__version__}: {printed.strip()}")
        assert same_output(printed, shown)

# %% [markdown]
# ## requires_grad, is_leaf, grad_fn, grad and backward()
#
# * `requires_grad` says whether to track a tensor.  A tensor you create is a **leaf**
#   (`is_leaf` True, `grad_fn` None), with or without `requires_grad`.
# * An op on tensors of which at least one requires grad makes a non-leaf with a `grad_fn`.
# * An op on tensors none of which requires grad makes another leaf that does not require grad.
# * `backward()` computes the gradients: it walks the graph from a result and fills `.grad`,
#   the computed gradient, but only on leaves that require grad.  Reading `.grad` of a
#   non-leaf gives None and a warning; `retain_grad()` asks to keep it.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
k = torch.tensor([10.0, 20.0, 30.0])
rows = {"x": x, "k": k, "x * k": x * k, "k * 2": k * 2, "(x * k).sum()": (x * k).sum()}
print(f"{'tensor':<14} {'requires_grad':>13} {'is_leaf':>8}  grad_fn")
for name, t in rows.items():
    fn = t.grad_fn.name() if t.grad_fn is not None else None
    print(f"{name:<14} {t.requires_grad!s:>13} {t.is_leaf!s:>8}  {fn}")
    assert t.is_leaf == (t.grad_fn is None)
    assert t.requires_grad == (name.startswith(("x", "(x")))

middle = x * k
middle.retain_grad()
middle.sum().backward()
print("x.grad:", x.grad, "  k.grad:", k.grad, "  (x * k).grad (retained):", middle.grad)
assert x.grad.tolist() == k.tolist()  # d/dxi sum(xi * ki) = ki
assert k.grad is None
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    not_kept = (x * 3).grad
print("a non-leaf's .grad:", not_kept, "| warning:", str(caught[0].message)[:60], "...")
assert not_kept is None and "not a leaf Tensor" in str(caught[0].message)

# %% [markdown]
# ## `no_grad()`: no recording
#
# Inside `with torch.no_grad():` ops record nothing: the results are leaves that do not require
# grad.  This is what evaluation and the parameter update of a training step use, so the update
# itself does not become part of the next step's graph.  `enable_grad()` turns recording back on
# inside it.

# %%
w = torch.tensor([0.5, -1.0], requires_grad=True)
with torch.no_grad():
    scaled = w * 2
    with torch.enable_grad():
        recorded = w * 2
print("under no_grad:", scaled, " | under enable_grad inside it:", recorded)
assert scaled.grad_fn is None and not scaled.requires_grad and scaled.is_leaf
assert recorded.grad_fn is not None and recorded.grad_fn.name() == (w * 2).grad_fn.name()

(w * w).sum().backward()
before = w.tolist()
with torch.no_grad():
    w -= 0.1 * w.grad  # the hand-written SGD step
print("after the update:", w, " still a leaf:", w.is_leaf)
assert w.is_leaf and w.grad_fn is None
for new, old in zip(w.tolist(), before):  # d/dw sum(w*w) = 2w; tensors hold float32 values
    assert abs(new - (old - 0.1 * 2 * old)) < 1e-6

# %% [markdown]
# ## `detach()`: a stop sign in the graph
#
# `t.detach()` is the same numbers, cut off from the graph: a leaf that does not require grad.
# The graph treats it as a constant, so gradients do not flow through it.  In `x * x.detach()`
# only one of the two factors counts: the gradient is `x`, not `2x`, even though the values are
# those of `x**2`.  That is not the slope of `x**2`, on purpose: detach when you want a number
# to be treated as a constant.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
d = x.detach()
print("x.detach():", d, " requires_grad:", d.requires_grad, " is_leaf:", d.is_leaf)
assert not d.requires_grad and d.is_leaf and d.tolist() == x.tolist()
half = (x * x.detach()).sum()
print("next_functions of x * x.detach():", (x * x.detach()).grad_fn.next_functions)
assert (x * x.detach()).grad_fn.next_functions[1] == (None, 0)
half.backward()
print("grad through x * x.detach():", x.grad, "   the true slope of x**2:", 2 * x.detach())
assert x.grad.tolist() == x.tolist()

# %% [markdown]
# ## The picture
#
# `x * x.detach() + x.exp()`: the detached copy enters as a constant, with no edge back to `x`.
# Where PyTorch is installed, its own graph of the same line is drawn beside ours: the same
# nodes by the same names, and the same grads.

# %%
x = torch.tensor([1.0, 2.0], requires_grad=True)
out = (x * x.detach() + x.exp()).sum()
out.backward()
viz.show(viz.draw(out, style="torch", labels={"x": x}), OUT / "detach_torch.svg")
viz.show(viz.draw(out, labels={"x": x}), OUT / "detach_values.svg")
if real_torch is not None:
    xt = real_torch.tensor([1.0, 2.0], requires_grad=True)
    outt = (xt * xt.detach() + xt.exp()).sum()
    outt.backward()
    assert all(abs(a - b) < 1e-6 for a, b in zip(xt.grad.tolist(), x.grad.tolist()))
    viz.show(viz.draw(outt, labels={"x": xt}), OUT / "detach_pytorch.svg")

# %% [markdown]
# ## Exercise 10.1
#
# For each expression, predict `(requires_grad, is_leaf)` with
# `p = torch.tensor([1.0], requires_grad=True)` and `c = torch.tensor([2.0])`.
# `check_flags(predictions)` evaluates them and says which are wrong (not what they should be);
# `reveal()` prints the answers once you have tried.

# %%
from tinygrad_edu_lessons.exercise import check_predictions, reveal  # noqa: F401 (yours to call)

FLAG_EXPRESSIONS = ["p", "c", "p * c", "c + 1", "p.detach()", "(p * c).detach() * c"]
FLAG_EXPRESSIONS += ["p.detach() * p"]

# BEGIN SOLUTION
predictions = {
    "p": (True, True),
    "c": (False, True),
    "p * c": (True, False),
    "c + 1": (False, True),
    "p.detach()": (False, True),
    "(p * c).detach() * c": (False, True),
    "p.detach() * p": (True, False),
}
# END SOLUTION
# BLANK predictions = {expr: (None, None) for expr in FLAG_EXPRESSIONS}  # (requires_grad, is_leaf)


def check_flags(predictions):
    p = torch.tensor([1.0], requires_grad=True)
    c = torch.tensor([2.0])
    actual = {}
    for expr in FLAG_EXPRESSIONS:
        t = eval(expr, {"p": p, "c": c})
        actual[expr] = (t.requires_grad, t.is_leaf)
    check_predictions("check_flags", predictions, actual)  # which are wrong, not the answers


check_flags(predictions)
# reveal()  # after trying: prints every (requires_grad, is_leaf)
