# %% [markdown]
# # Lesson 02: a Value and its grad_fn
#
# A `Value` is a number that remembers how it was made.  The memory is its `grad_fn`: the
# *backward node* of the operation that produced it, named exactly as PyTorch names it
# (`AddBackward0`, `MulBackward0`, ...).  Following `grad_fn.next_functions` from the output walks
# the whole computation backwards: that chain of nodes **is** the computation graph.
#
# The examples are the ones in this course's two source articles (a Chinese article on `grad_fn`
# and a Russian reference page for the attribute), here on scalars; lessons 09 and 10 run them on
# tensors, word for word.  Pictures go to `lessons_out/02/`.

# %%
import os
import re
from pathlib import Path

import viz
from tinygrad_edu import AccumulateGrad, Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "02"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## 1. A value you create yourself has no grad_fn
#
# "If a tensor is created explicitly by the user, this attribute is None."  That stays true with
# `requires_grad=True`: the flag says *track me*, but nothing made this value, so there is no
# function to point to.  Such a value is a **leaf** of the graph.

# %%
t = Value(1.0, requires_grad=False)
print(t.grad_fn)
w = Value(1.0, requires_grad=True)
print(w.grad_fn)
print("requires_grad:", w.requires_grad, " is_leaf:", w.is_leaf)
assert t.grad_fn is None and w.grad_fn is None
assert w.requires_grad and w.is_leaf

# %% [markdown]
# > **A difference from PyTorch that matters: `Value` tracks gradients by default.**
# > `Value(1.0)` has `requires_grad=True`, as micrograd's `Value` does, so every scalar lesson
# > records its graph without asking.  PyTorch's `torch.tensor([1.0])` (and this engine's
# > tensors, lesson 09) has `requires_grad=False` unless you pass `requires_grad=True`.  When you
# > move a scalar exercise to real PyTorch, add `requires_grad=True` to the inputs you want
# > gradients for, or `.grad` stays `None`.  (Above, `Value(1.0, requires_grad=False)` stands in
# > for the page's `torch.tensor([...])`.)

# %%
import tinygrad_edu

print("Value(1.0).requires_grad:", Value(1.0).requires_grad)
print("tinygrad_edu.tensor([1.0]).requires_grad:", tinygrad_edu.tensor([1.0]).requires_grad)
assert Value(1.0).requires_grad and not tinygrad_edu.tensor([1.0]).requires_grad

# %% [markdown]
# ## 2. `a + b` gives `AddBackward0`
#
# "Now create a value as the result of an addition and look at `grad_fn`."  The node's class name
# and its `name()` are the PyTorch name; its repr is PyTorch's, address included.

# %%
a = Value(1.0, label="a")
b = Value(4.0, label="b")
c = a + b
print(c.grad_fn)
assert re.fullmatch(r"<AddBackward0 object at 0x[0-9a-f]+>", repr(c.grad_fn))
assert type(c.grad_fn).__name__ == c.grad_fn.name() == "AddBackward0"
assert not c.is_leaf and c.requires_grad

# %% [markdown]
# ## 3. A longer expression: the last operation, pointing to the earlier ones
#
# For `y = x**2 + 2*x + 1` "grad_fn is the last operation (the addition), and inside it are
# references to the previous operations, forming the computation graph."  Each entry of
# `next_functions` is a pair `(node, 0)`: the node that made that input, an `AccumulateGrad` when
# the input is a leaf that requires grad (it is where the gradient will be stored), or `None`
# for a constant such as the numbers `2` and `1`.  The `0` says *which output* of that node the
# input was: PyTorch has nodes with several outputs (`unbind` makes one per row); every node
# here has one, so it is always `0`.
#
# On a first reading, the names are all you need from this section; lesson 04 does the
# back-propagation these nodes are for, and lesson 05 opens a node up.

# %%
x = Value(3.0, label="x")
y = x**2 + 2 * x + 1
print(y.grad_fn)


def walk(node):
    """Print the graph below ``node`` through next_functions (an explicit stack, no recursion)."""
    stack = [(node, 0)]
    lines = []
    while stack:
        n, d = stack.pop()
        if n is None:
            text = "None  (a constant)"
        elif isinstance(n, AccumulateGrad):
            text = f"AccumulateGrad  (stores the grad of leaf {n.variable.label!r})"
        else:
            text = n.name()
        lines.append("    " * d + text)
        if n is not None:
            stack.extend((m, d + 1) for m, _ in reversed(n.next_functions))
    print("\n".join(lines))


walk(y.grad_fn)
top = y.grad_fn
inner, one = (n for n, _ in top.next_functions)
assert top.name() == "AddBackward0" and one is None  # ... + 1: the number takes no part
assert [n.name() for n, _ in inner.next_functions] == ["PowBackward0", "MulBackward0"]
pow_node, mul_node = (n for n, _ in inner.next_functions)
acc = pow_node.next_functions[0][0]
assert isinstance(acc, AccumulateGrad) and acc.variable is x
assert mul_node.next_functions[0][0] is acc  # x is used twice: both paths end at one node
assert mul_node.next_functions[1][0] is None  # the number 2

# %% [markdown]
# The graph is there so that `backward()` can walk it.  By hand, `dy/dx = 2x + 2 = 8` at `x = 3`;
# a central difference (lesson 01) agrees.

# %%
y.backward()
h = 1e-6
nudged = ((3.0 + h) ** 2 + 2 * (3.0 + h) + 1 - ((3.0 - h) ** 2 + 2 * (3.0 - h) + 1)) / (2 * h)
print("x.grad =", x.grad, " by hand:", 2 * x.data + 2, " nudging:", round(nudged, 6))
assert x.grad == 2 * x.data + 2
assert abs(x.grad - nudged) < 1e-6

# %% [markdown]
# ## 4. `requires_grad=False` takes no part in gradients
#
# "grad_fn only matters for values with requires_grad=True.  If a value's requires_grad is False,
# it has no grad_fn and does not take part in the gradient computation."  A constant `k` gets a
# `None` slot in `next_functions`, and `backward()` leaves its grad alone: what you want for
# numbers that must stay fixed, such as frozen parameters.  When *no* input requires grad, the
# result has no grad_fn at all, and there is nothing to call `backward()` on.

# %%
p = Value(2.0, label="p")
k = Value(3.0, requires_grad=False, label="k")
q = p * k
print("q.grad_fn.next_functions:", q.grad_fn.next_functions)
assert isinstance(q.grad_fn.next_functions[0][0], AccumulateGrad)
assert q.grad_fn.next_functions[1] == (None, 0)
q.backward()
print("p.grad =", p.grad, " k.grad =", k.grad, "(untouched)")
assert p.grad == k.data and k.grad == 0.0

r = k * 5
print("r.grad_fn:", r.grad_fn, " r.requires_grad:", r.requires_grad, " r.is_leaf:", r.is_leaf)
assert r.grad_fn is None and not r.requires_grad and r.is_leaf
try:
    r.backward()
    message = "no error"
except RuntimeError as e:
    print("r.backward() ->", e)
    message = str(e)
assert message == "element 0 of tensors does not require grad and does not have a grad_fn"

# %% [markdown]
# ## The picture
#
# `viz.draw` draws the graph of `y`: the micrograd style shows every Value (label, data, grad) and
# every op by its backward name; the torch style shows only the backward nodes, as torchviz does.

# %%
for style in ("micrograd", "torch"):
    viz.show(viz.draw(y, style=style), OUT / f"y_{style}.svg")
svg = (OUT / "y_micrograd.svg").read_text()
for name in ("AddBackward0", "PowBackward0", "MulBackward0"):
    assert name in svg

# %% [markdown]
# ## Exercise 2.1
#
# For each expression, predict the name of its `grad_fn` *before* running anything, and write it
# in `answers`.  Then run `check_names(answers)`: it says which predictions are wrong, not what
# they should be, so you can look again.  When you have tried, `reveal()` prints every answer.
# Hint: PyTorch has a name for `1 - a` that is not `SubBackward0`, and `2 / a` is not a division
# node at all.

# %%
from tinygrad_edu_lessons.exercise import check_predictions, reveal  # noqa: F401 (yours to call)

EXPRESSIONS = ["a - b", "1 - a", "a * 2", "a / b", "2 / a", "-a", "a ** 2", "2 ** a"]
EXPRESSIONS += ["a.tanh()", "a.exp()"]

# BEGIN SOLUTION
answers = {
    "a - b": "SubBackward0",
    "1 - a": "RsubBackward1",
    "a * 2": "MulBackward0",
    "a / b": "DivBackward0",
    "2 / a": "MulBackward0",
    "-a": "NegBackward0",
    "a ** 2": "PowBackward0",
    "2 ** a": "PowBackward2",
    "a.tanh()": "TanhBackward0",
    "a.exp()": "ExpBackward0",
}
# END SOLUTION
# BLANK answers = {expr: "" for expr in EXPRESSIONS}  # write each grad_fn name in place of ""


def check_names(answers):
    env = {"a": Value(0.5), "b": Value(2.0)}
    actual = {expr: eval(expr, env).grad_fn.name() for expr in EXPRESSIONS}
    check_predictions("check_names", answers, actual)  # says which are wrong, not the answers


check_names(answers)
# reveal()  # after trying: prints every expression's grad_fn name
