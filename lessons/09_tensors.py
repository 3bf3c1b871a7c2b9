# %% [markdown]
# # Lesson 09: tensors, SumBackward0 and MulBackward0, exactly as PyTorch prints them
#
# `import tinygrad_edu as torch` gives a small PyTorch: tensors with `requires_grad`, `grad_fn`,
# `backward()` and `.grad`, printed the way PyTorch prints them.  This lesson runs, word for
# word, the program of the Chinese article on `grad_fn` ("PyTorch 中的 grad_fn 属性") and checks
# that it prints what the article shows, then shows the article's main point, a graph built as
# the code runs.  Last, it opens the tensors up: a tensor is a shape and a list of the `Value`s
# of the earlier lessons.  Pictures go to `lessons_out/09/`.

# %%
import contextlib
import io
import os
import re
import warnings
from pathlib import Path

import tinygrad_edu as torch
import viz

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "09"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## The article's program
#
# "We create a tensor x and ask for its gradient with `requires_grad=True`.  Summing x gives y;
# multiplying y by 2 gives z.  Finally `z.backward()` differentiates automatically."
# The program below is the article's, with one change: the first line imports this engine under
# the name `torch`.

# %%
SEED_PROGRAM = """\
import tinygrad_edu as torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = torch.sum(x)
z = y * 2

print("x:", x)
print("y:", y)
print("z:", z)

z.backward()

print("x.grad:", x.grad)
"""
# What the article shows as the result ("运行结果如下"), line for line:
SEED_OUTPUT = """\
x: tensor([1., 2., 3.], requires_grad=True)
y: tensor(6., grad_fn=<SumBackward0>)
z: tensor(12., grad_fn=<MulBackward0>)
x.grad: tensor([2., 2., 2.])
"""

printed = io.StringIO()
seed = {}
with contextlib.redirect_stdout(printed):
    exec(SEED_PROGRAM, seed)
print(printed.getvalue(), end="")
assert printed.getvalue() == SEED_OUTPUT

# %% [markdown]
# The article goes on: the grad_fn attributes are `<SumBackward0>` and `<MulBackward0>`, the
# gradient functions of the sum and of the multiplication.  It calls them x's; strictly they
# belong to `y` and `z`, the results computed from x.  `x` itself is a leaf, so its `grad_fn` is
# None (lesson 02).  The gradient is what the chain rule says: `z = 2 * (x1 + x2 + x3)`, so
# `dz/dxi = 2 * 1` for every element.
#
# The same text comes out of PyTorch itself; if it is installed, we run the article's program
# with the real `torch` and compare.

# %%
try:
    with warnings.catch_warnings():  # a CPU build without NumPy warns about it on import
        warnings.simplefilter("ignore")
        import torch as real_torch
except ImportError:
    real_torch = None
    print("PyTorch is not installed: `pip install torch` to compare with the real thing.")
if real_torch is not None:
    printed_by_torch = io.StringIO()
    with contextlib.redirect_stdout(printed_by_torch):
        exec(SEED_PROGRAM.replace("import tinygrad_edu as torch", "import torch"), {})
    same = printed_by_torch.getvalue() == SEED_OUTPUT
    print(f"PyTorch {real_torch.__version__} prints the same: {same}")
    assert printed_by_torch.getvalue() == printed.getvalue()

# %% [markdown]
# ## The graph, at the tensor level
#
# `z.grad_fn` is a `MulBackward0` whose inputs are `y`'s node and the number 2 (a constant:
# `None`); `y.grad_fn` is a `SumBackward0` whose input is the leaf `x` (an `AccumulateGrad`).

# %%
x, y, z = seed["x"], seed["y"], seed["z"]
print("z.grad_fn:", z.grad_fn)
print("z.grad_fn.next_functions:", z.grad_fn.next_functions)
print("y.grad_fn.next_functions:", y.grad_fn.next_functions)
assert x.grad_fn is None and x.is_leaf  # the leaf has no grad_fn; y and z have one each
(sum_node, _), (constant, _) = z.grad_fn.next_functions
assert sum_node is y.grad_fn and constant is None
assert re.fullmatch(r"<MulBackward0 object at 0x[0-9a-f]+>", repr(z.grad_fn))
((acc, _),) = y.grad_fn.next_functions
assert type(acc).__name__ == "AccumulateGrad" and acc.variable is x
assert x.grad.tolist() == [2.0 * 1.0] * 3  # dz/dy * dy/dxi

# %% [markdown]
# ## A dynamic graph
#
# The article's main subject: the graph is built *as the code runs*, so each run records the
# operations that actually ran, and a Python `if` can give a different graph for different
# data.  Building the graph is the forward pass; the gradients are computed only when
# `backward()` walks it.


# %%
def score(t):
    total = torch.sum(t)
    return total * 2 if total.item() > 0 else total.exp()  # which op runs depends on the data


positive = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
negative = torch.tensor([-1.0, -2.0, -3.0], requires_grad=True)
for t in (positive, negative):
    out = score(t)
    print(f"score({t.tolist()}) =", out)
    out.backward()
    print("   grad:", t.grad)
assert score(positive).grad_fn.name() == "MulBackward0"
assert score(negative).grad_fn.name() == "ExpBackward0"
assert positive.grad.tolist() == [2.0] * 3  # d(2 * sum)/dxi
assert negative.grad.tolist() == [score(negative).item()] * 3  # d exp(sum)/dxi = exp(sum)

# %% [markdown]
# ## Inside a tensor: Values
#
# Each element of a tensor is a `Value` with its own scalar `grad_fn`.  The sum is **one**
# `SumBackward0` node with three inputs (not two additions), and the product is one scalar
# `MulBackward0`.  The tensor-level node and the scalar node have the same name: what you learn
# about one is true of the other.

# %%
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
s = torch.sum(a)
t = s * 2
(element,) = t.elements()  # the tensor's elements: one Value each
print("t's one element:", element)
print("its node:", element.grad_fn.name(), "<-", element.grad_fn.next_functions[0][0].name())
summed = element.grad_fn.next_functions[0][0]
assert len(summed.next_functions) == 3  # one n-ary node over the three elements of a
assert [n.variable for n, _ in summed.next_functions] == list(a.elements())
t.backward()
assert a.grad.tolist() == [v.grad for v in a.elements()]

# %% [markdown]
# ## The pictures
#
# The torch style draws the tensor-level graph, as torchviz would; the micrograd style opens
# every tensor into its Values (grouped in a box per tensor).

# %%
viz.show(viz.draw(z, style="torch"), OUT / "seed_torch.svg")
viz.show(viz.draw(z, labels={"x": x}), OUT / "seed_values.svg")
assert "SumBackward0" in (OUT / "seed_torch.svg").read_text()

# %% [markdown]
# ## Exercise 9.1
#
# Predict, then check: for `x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)` and
# `q = torch.sum(x * x) / 3`, what does `print(q)` show, and what does `print(x.grad)` show after
# `q.backward()`?  Fill in `predicted` with the two lines exactly as PyTorch would print them
# (hint: `d/dxi (xi**2 / 3) = 2xi / 3`, and PyTorch prints 4 decimals unless every value is a
# whole number).  `check_prediction(predicted)` runs the program and compares.

# %%
predicted = [  # reference solution
    "tensor(4.6667, grad_fn=<DivBackward0>)",
    "tensor([0.6667, 1.3333, 2.0000])",
]


def check_prediction(lines):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    q = torch.sum(x * x) / 3
    q.backward()
    actual = [str(q), str(x.grad)]
    assert lines == actual, f"you predicted {lines}, it printed {actual}"
    print("check_prediction: right")


check_prediction(predicted)
