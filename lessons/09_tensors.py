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
# gradient functions of the sum and of the multiplication.
#
# > **Mistake in the article:** "张量 x 的 grad_fn 属性分别为 <SumBackward0> 和 <MulBackward0>"
# > ("x's grad_fn are SumBackward0 and MulBackward0").  **What is true:** they are the
# > `grad_fn` of `y` and of `z`, the results computed from x.  `x` is a leaf that you created,
# > so `x.grad_fn` is `None` (lesson 02, and the assert below).
#
# The gradient is what the chain rule says: `z = 2 * (x1 + x2 + x3)`, so `dz/dxi = 2 * 1` for
# every element.
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
# ## What the article gets wrong, and what is true
#
# The article is right about the dynamic graph, about `grad_fn` and about `requires_grad`.  Five
# of its sentences are wrong or out of date; each box names the mistake and the cell after it
# checks what is true.
#
# > **Mistake 1, the main one: "在正向传播过程中，PyTorch 会根据张量的 grad_fn 属性 ...
# > 自动计算梯度"** ("in the forward pass PyTorch computes the gradients by following
# > grad_fn").  **What is true:** the forward pass only *records* the graph (each result gets
# > its `grad_fn`); no gradient exists until `backward()` (or `autograd.grad`) walks the graph
# > from the output back to the leaves.  The article's own summary says it right:
# > "在反向传播过程中自动计算梯度" (in the *backward* pass).  Forward-mode differentiation,
# > which does carry derivatives forward, is a different algorithm (lesson 18).
#
# > **Mistake 2: grad_fn can be "模型的参数更新操作" (a parameter-update operation).**
# > **What is true:** an optimizer's update runs under `no_grad()` (or on `.data`), so it is not
# > recorded: after `w -= lr * w.grad` the parameter is still a leaf with `grad_fn` `None`
# > (lesson 10 runs it).  The other half of the sentence, "用户自定义的操作" (user-defined
# > operations), is true: a `torch.autograd.Function` gets a node of its own (lesson 15).
#
# > **Mistake 3: "与其他深度学习框架（如Tensorflow）使用静态计算图不同"** (unlike TensorFlow,
# > which uses static graphs).  **What is true:** that was TensorFlow 1.  TensorFlow 2 (2019)
# > runs eagerly by default, recording operations as they run (`tf.GradientTape`), like
# > PyTorch; a static graph is what you opt into with `tf.function`, as PyTorch offers
# > `torch.compile`.
#
# > **Mistake 4: use grad_fn "来实现 ... 自定义损失函数、参数初始化策略"** (to implement
# > custom loss functions and initialisation strategies).  **What is true:** a custom loss is
# > ordinary code made of differentiable operations, and autograd differentiates it without you
# > touching `grad_fn` (lesson 16 writes cross-entropy this way).  Initialisation sets the
# > values of leaves *before* any graph exists: a fresh parameter's `grad_fn` is `None`.
# > `grad_fn` is for *reading* the graph: inspecting and debugging, as the article also says.
#
# > **Mistake 5 (small): with `requires_grad=False` "它将没有 grad_fn 属性"** (it has no
# > grad_fn attribute).  **What is true:** the attribute is always there; its value is `None`.

# %%
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
z = torch.sum(x) * 2  # the forward pass: the graph is recorded ...
print("after the forward pass: z.grad_fn =", z.grad_fn, " x.grad =", x.grad)
assert z.grad_fn is not None and x.grad is None  # ... and no gradient exists yet (mistake 1)
z.backward()
print("after z.backward():     x.grad =", x.grad)
assert x.grad.tolist() == [2.0, 2.0, 2.0]

w = torch.tensor([0.5, -1.0], requires_grad=True)  # a freshly initialised parameter
(w * w).sum().backward()
with torch.no_grad():
    w -= 0.1 * w.grad  # an SGD update
print("after an update under no_grad: w.grad_fn =", w.grad_fn, " is_leaf:", w.is_leaf)
assert w.grad_fn is None and w.is_leaf  # not recorded: no "parameter-update" grad_fn (mistake 2)

w.grad = None  # start the next gradient from nothing
target = torch.tensor([1.0, 2.0])
custom_loss = ((w - target).abs() ** 3).sum()  # a custom loss: plain operations (mistake 4)
custom_loss.backward()
print("a custom loss's gradient, without touching grad_fn:", w.grad)
want = [3 * abs(a - b) ** 2 * (1 if a > b else -1) for a, b in zip(w.tolist(), target.tolist())]
assert all(abs(g - t) < 1e-5 for g, t in zip(w.grad.tolist(), want))  # d|d|**3 = 3 d**2 sign(d)

c = torch.tensor([2.0])  # requires_grad=False
print("requires_grad=False: has the attribute:", hasattr(c, "grad_fn"), " value:", c.grad_fn)
assert hasattr(c, "grad_fn") and c.grad_fn is None  # mistake 5

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
# whole number).  `check_prediction(predicted)` runs the program and says which line is wrong;
# `reveal()` prints both once you have tried.

# %%
from tinygrad_edu_lessons.exercise import check_predictions, fail, reveal  # noqa: F401 (reveal)

# BEGIN SOLUTION
predicted = [
    "tensor(4.6667, grad_fn=<DivBackward0>)",
    "tensor([0.6667, 1.3333, 2.0000])",
]
# END SOLUTION
# BLANK predicted = ["", ""]  # what print(q) shows, then what print(x.grad) shows


def check_prediction(lines):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    q = torch.sum(x * x) / 3
    q.backward()
    if not isinstance(lines, (list, tuple)) or len(lines) != 2:
        fail("check_prediction", "two lines, print(q) then print(x.grad)", repr(lines))
    actual = {"print(q)": str(q), "print(x.grad)": str(x.grad)}
    check_predictions("check_prediction", dict(zip(actual, lines)), actual)


check_prediction(predicted)
# reveal()  # after trying: prints both lines
