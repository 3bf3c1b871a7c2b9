# %% [markdown]
# # Lesson 15: writing your own op
#
# Every engine that teaches autograd lets you add an operation, and so does PyTorch
# (`torch.autograd.Function`).  An op is two things: a **forward rule** (the value, from plain
# numbers) and a **local rule** (d output / d input, from the same numbers).  The engine supplies
# the rest: the chain rule multiplies your local derivative by the gradient arriving from above.
#
# There are two ways to add one:
# 1. **compose it from primitives** the engine already knows (`+`, `*`, `exp`, `log`, ...): no
#    local rule to write, because each primitive brings its own; the graph has several nodes;
# 2. **give it its own local rule**: one step of the backward pass, with a derivative you
#    worked out, which is faster and can be more accurate, and which can be wrong.  That is what
#    `gradcheck` (lesson 11) is for.
#
# The Chinese article in the seeds says `grad_fn` can reference "用户自定义的操作" (user-defined
# operations): true, and this lesson is how.  Pictures go to `lessons_out/15/`.

# %%
import math
import os
from pathlib import Path

import viz
from tinygrad_edu import Value, gradcheck

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "15"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## 1. Composed from primitives: softplus
#
# `softplus(x) = log(1 + exp(x))` is a smooth relu.  Written with `exp`, `+` and `log`, its
# backward pass comes for free: three nodes, three local rules the engine already has.


# %%
def softplus_composed(x):
    return (1 + x.exp()).log()


x = Value(0.5, label="x")
y = softplus_composed(x)
y.label = "y"
y.backward()
sigmoid = 1 / (1 + math.exp(-0.5))  # by hand: d/dx log(1 + e^x) = e^x / (1 + e^x) = sigmoid(x)
print(f"softplus(0.5) = {y.data:.6f}, dy/dx = {x.grad:.6f}, sigmoid(0.5) = {sigmoid:.6f}")
assert abs(y.data - math.log1p(math.exp(0.5))) < 1e-12
assert abs(x.grad - sigmoid) < 1e-12
print([n.name() for n in (y.grad_fn, y.grad_fn.next_functions[0][0])])
viz.show(viz.draw(y), OUT / "composed.svg")

# %% [markdown]
# ## 2. With its own local rule
#
# A new kind of node is one entry of the engine's op table (section 5); but first, one identity
# gives any function its own local rule with the nodes that already exist.  At
# the point `x0 = x.data`,
#
#     out = f(x0) + f'(x0) * (x - x0)
#
# has the **value** `f(x0)` (the bracket is zero) and the **derivative** `f'(x0)` (the only term
# that moves with `x`).  `f` and `f'` are plain Python functions of floats: the engine never
# sees how `f` is computed, only the number your rule gives.  That is exactly what a custom op
# is.  (One caveat: the rule is a constant to the engine, so a *second* derivative through this
# op is 0, not `f''`.  Real custom ops have the same issue: their backward must itself be
# differentiable for `create_graph=True`.)


# %%
def custom_op(forward, rules, *inputs):
    """A Value op from a forward rule and one local rule per input (functions of floats)."""
    xs = [x.data for x in inputs]
    out = Value(forward(*xs), requires_grad=False)
    for x, rule in zip(inputs, rules):
        out = out + rule(*xs) * (x - x.data)
    return out


def softplus(x):
    return custom_op(lambda v: math.log1p(math.exp(v)), [lambda v: 1 / (1 + math.exp(-v))], x)


x = Value(0.5, label="x")
y = softplus(x)
y.backward()
print(f"own rule:  softplus(0.5) = {y.data:.6f}, dy/dx = {x.grad:.6f}")
assert abs(y.data - math.log1p(math.exp(0.5))) < 1e-12
assert abs(x.grad - sigmoid) < 1e-12

# %% [markdown]
# The two versions agree on the value and the gradient everywhere; where they differ is
# robustness.  At `x = 800`, `exp(x)` overflows to `inf`, so the composed version gives `inf`
# and a gradient of `inf / inf = nan`, while the own-rule version uses
# `log1p(exp(-|x|)) + max(x, 0)` in its forward rule: a better formula that the engine could not
# find by itself.


# %%
def stable_softplus(x):
    def forward(v):
        return math.log1p(math.exp(-abs(v))) + max(v, 0.0)

    return custom_op(forward, [lambda v: 0.5 * (1 + math.tanh(v / 2))], x)  # sigmoid, stably


big = Value(800.0)
out = softplus_composed(big)
out.backward()
print(f"composed softplus(800) = {out.data}, grad {big.grad}")
assert math.isinf(out.data) and math.isnan(big.grad)
big = Value(800.0)
out = stable_softplus(big)
out.backward()
print(f"own-rule softplus(800) = {out.data}, grad {big.grad}")
assert out.data == 800.0 and big.grad == 1.0

# %% [markdown]
# ## 3. gradcheck catches a wrong local rule
#
# Lesson 11 printed a wrong rule next to nudging; now the wrong rule is *inside* the engine, and
# `gradcheck` (central differences against backward) rejects it.  A classic slip: the rule of
# `tanh` written as `1 - x**2` (the input squared) instead of `1 - tanh(x)**2` (the output).

# %%
good_tanh = lambda x: custom_op(math.tanh, [lambda v: 1 - math.tanh(v) ** 2], x)
bad_tanh = lambda x: custom_op(math.tanh, [lambda v: 1 - v**2], x)

assert gradcheck(good_tanh, Value(0.7))
try:
    gradcheck(bad_tanh, Value(0.7))
    caught = None
except Exception as e:  # tinygrad_edu.GradcheckError
    caught = e
print("caught:", type(caught).__name__, "-", caught)
assert caught is not None
assert gradcheck(bad_tanh, Value(0.7), raise_exception=False) is False

# %% [markdown]
# Two inputs, two rules: `hypot(a, b) = sqrt(a**2 + b**2)` has `d/da = a / hypot` and
# `d/db = b / hypot`.  Swapping them is a wrong rule that agrees at `a == b`, which is why a
# check should use inputs that are not special.

# %%
hypot_rules = [lambda a, b: a / math.hypot(a, b), lambda a, b: b / math.hypot(a, b)]
hypot = lambda a, b: custom_op(math.hypot, hypot_rules, a, b)
swapped = lambda a, b: custom_op(math.hypot, hypot_rules[::-1], a, b)
assert gradcheck(hypot, Value(3.0), Value(-4.0))
assert gradcheck(swapped, Value(2.0), Value(2.0))  # fooled at a == b
assert not gradcheck(swapped, Value(3.0), Value(-4.0), raise_exception=False)
print("hypot: right rules pass; swapped rules pass at (2, 2) and fail at (3, -4)")
a, b = Value(3.0, label="a"), Value(-4.0, label="b")
h = hypot(a, b)
h.label = "hypot"
h.backward()
viz.show(viz.draw(h), OUT / "own_rule.svg")

# %% [markdown]
# ## 4. The same op in PyTorch: `torch.autograd.Function`
#
# In PyTorch a custom op is a class with two static methods: `forward(ctx, x)` computes the value
# and saves what the backward needs (`ctx.save_for_backward`), `backward(ctx, grad_output)`
# returns `grad_output` times the local derivative, one per input.  `Softplus.apply(x)` uses
# it, and the result's `grad_fn` is a node named after your class (`SoftplusBackward`).
# The cell runs the same class with `tinygrad_edu` as `torch`, and, where PyTorch is installed,
# under PyTorch too, and prints their numbers beside ours.
#
# ```python
# class Softplus(torch.autograd.Function):
#     @staticmethod
#     def forward(ctx, x):
#         ctx.save_for_backward(x)
#         return torch.log1p(torch.exp(-x.abs())) + torch.relu(x)
#
#     @staticmethod
#     def backward(ctx, grad_output):
#         (x,) = ctx.saved_tensors
#         return grad_output * torch.sigmoid(x)   # the upstream gradient times the local rule
# ```

# %%
TORCH_SOFTPLUS = """
class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(-x.abs())) + torch.relu(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(x)


class BadSoftplus(Softplus):
    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.exp(x)  # a wrong local rule
"""
import tinygrad_edu

ours = []
for x0 in (-2.0, 0.5, 3.0):
    x = Value(x0)
    stable_softplus(x).backward()
    ours.append(x.grad)
print("ours:        ", " ".join(f"{g:.6f}" for g in ours))
engines = {"tinygrad_edu": tinygrad_edu}
try:
    import torch as real_torch

    engines["PyTorch"] = real_torch
except ImportError:
    print("PyTorch is not installed: `pip install torch` to run the same op in PyTorch.")
for engine, torch in engines.items():
    scope = {"torch": torch}
    exec(TORCH_SOFTPLUS, scope)  # the very same class, with this engine as `torch`
    xt = torch.tensor([-2.0, 0.5, 3.0], dtype=torch.float64, requires_grad=True)
    yt = scope["Softplus"].apply(xt)
    yt.sum().backward()
    print(
        f"{engine + ':':<13}",
        " ".join(f"{g:.6f}" for g in xt.grad.tolist()),
        f"({yt.grad_fn.name()})",
    )
    assert all(abs(a - b) < 1e-12 for a, b in zip(ours, xt.grad.tolist()))
    xt = torch.tensor([0.3], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(scope["Softplus"].apply, (xt,))
    assert not torch.autograd.gradcheck(scope["BadSoftplus"].apply, (xt,), raise_exception=False)
print("gradcheck: Softplus passes, BadSoftplus (exp(x) as the rule) fails, in every engine")

# %% [markdown]
# Under the tensors, one call of a Function is one node of the graph, named after the class:
# its inputs are the input's elements, and each element of the result picks its number from it
# (a `SelectBackward0`).  The backward pass reaches every element of the result before the
# call's node, so when it gets there the gradient of the whole result is known: `backward` runs
# then, once, with whole tensors.  The tree shows it; where PyTorch is installed, so does
# PyTorch's tree of the same call, one `SoftplusBackward` node over the input's
# `AccumulateGrad`.

# %%
scope = {"torch": tinygrad_edu}
exec(TORCH_SOFTPLUS, scope)
xt = tinygrad_edu.tensor([-2.0, 0.5], dtype=tinygrad_edu.float64, requires_grad=True)
total = scope["Softplus"].apply(xt).sum()
total.backward()
viz.print_tree(total)
if "PyTorch" in engines:
    scope = {"torch": engines["PyTorch"]}
    exec(TORCH_SOFTPLUS, scope)
    xr = scope["torch"].tensor([-2.0, 0.5], dtype=scope["torch"].float64, requires_grad=True)
    total_r = scope["Softplus"].apply(xr).sum()
    total_r.backward()
    assert all(abs(a - b) < 1e-12 for a, b in zip(xr.grad.tolist(), xt.grad.tolist()))
    viz.print_tree(total_r, labels={"x": xr})

# %% [markdown]
# ## 5. A real node of its own: an `Op` and `apply`
#
# `custom_op` above borrows the engine's nodes (a `MulBackward0` and an `AddBackward0` per
# input).  The engine's own ops are entries of one table, `tinygrad_edu/core/ops.py`: each `Op`
# holds the forward rule, the local rule, PyTorch's node name, what it saves and how the trace
# writes it.  Your op is one more entry, and `apply(op, inputs)` is the one way any op's result
# is made: it becomes a node with your name, drawn, traced and checked like every built-in one.

# %%
from tinygrad_edu.core.engine import apply
from tinygrad_edu.core.ops import Op

my_softplus = Op(
    key="my_softplus",
    name="MySoftplusBackward",  # what y.grad_fn.name() says, and what the pictures show
    forward=lambda v: math.log1p(math.exp(-abs(v))) + max(v, 0.0),  # the stable formula
    local=lambda v, out: (0.5 * (1 + math.tanh(v / 2)),),  # d out / d v: sigmoid(v)
    expr="my_softplus({0})",  # how the trace writes the op over its input
    dlocal=("sigmoid({0})",),  # and its local derivative
    saved={"_saved_self": 0},  # PyTorch's name for what the rule reads
)
x = Value(0.5, label="x")
y = apply(my_softplus, (x,))
y.backward()
print(y.grad_fn.name(), f"value {y.data:.6f}, grad {x.grad:.6f}")
assert y.grad_fn.name() == "MySoftplusBackward" and abs(x.grad - sigmoid) < 1e-12
assert gradcheck(lambda v: apply(my_softplus, (v,)), Value(0.3))
viz.print_trace(apply(my_softplus, (Value(0.5, label="x"),)))
viz.show(viz.draw(y), OUT / "own_node.svg")

# %% [markdown]
# > **Two doors, one idea.** On Values, an `Op` and `apply`; on tensors, `torch.autograd.Function`
# > (in PyTorch and here alike): a forward rule, a backward rule and a name, drawn and traced
# > like every built-in node.

# %% [markdown]
# ## Exercise 15.1
#
# Write `softplus_rule(v)`: the local derivative of `softplus(v) = log(1 + exp(v))` at the float
# `v`, as a float (work it out by hand; no `Value` inside).  `check_softplus_rule(softplus_rule)`
# plugs it into `custom_op`, runs `gradcheck` at several points, and compares the gradients with
# those of `softplus_composed`.

# %%
from tinygrad_edu_lessons.exercise import attempt, close, fail, is_number, passed


# BEGIN SOLUTION
def softplus_rule(v):
    return 1 / (1 + math.exp(-v))


# END SOLUTION
# BLANK def softplus_rule(v):
# BLANK     raise NotImplementedError("Exercise 15.1: return d softplus / dv at v")


def check_softplus_rule(rule):
    for x0 in (-2.5, -0.3, 0.0, 0.8, 3.0):
        what = f"softplus_rule({x0})"
        x = Value(x0)
        softplus_composed(x).backward()
        got = attempt(rule, x0, what=what, expected=f"{x.grad:.6f}")
        if not is_number(got):
            fail(what, f"a float like {x.grad:.6f}", repr(got))
        op = lambda v: custom_op(lambda t: math.log1p(math.exp(t)), [rule], v)
        if not gradcheck(op, Value(x0), raise_exception=False):
            fail(f"gradcheck of your softplus at {x0}", f"a rule near {x.grad:.6f}", f"{got:.6f}")
        close(got, x.grad, f"{what} against the composed softplus", tol=1e-12)
    passed("check_softplus_rule")


check_softplus_rule(softplus_rule)
