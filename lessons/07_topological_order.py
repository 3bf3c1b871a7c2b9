# %% [markdown]
# # Lesson 07: topological order, and why a recursive walk breaks on deep graphs
#
# A node may pass its gradient on only when it has received *all* of it: every consumer of the
# node must have been processed first.  An order in which each node comes before all of its
# inputs is a **topological order** of the graph (outputs first).  We see the order the engine
# uses, break the rule on purpose, and then look at how the order is found: micrograd finds it
# with a recursive function, which Python stops at about a thousand levels; this engine uses an
# explicit stack, so a chain of 100,000 operations is fine.  Pictures go to `lessons_out/07/`.

# %%
import os
import sys
import time
from pathlib import Path

from tinygrad_edu_lessons.charts import line_chart

import viz
from tinygrad_edu import Value
from tinygrad_edu.core.engine import toposort

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "07"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## The engine's order
#
# `toposort([root])` returns every non-leaf Value the root depends on, each once, outputs first.
# Here `u = x*x` is used twice, by `v = 3*u` and by `w = u + v`.

# %%


def graph(x0=1.5):
    x = Value(x0, label="x")
    u = x * x
    v = u * 3
    w = u + v
    for val, name in [(u, "u"), (v, "v"), (w, "w")]:
        val.label = name
    return x, u, v, w


x, u, v, w = graph()
order = toposort([w])
print("backward order:", [val.label for val in order])
position = {id(val): i for i, val in enumerate(order)}
for val in order:  # every input that is itself computed comes later than its consumer
    for inp in val.grad_fn.inputs:
        if isinstance(inp, Value) and inp.grad_fn is not None:
            assert position[id(inp)] > position[id(val)]
w.backward()
print("x.grad =", x.grad, " by hand: d(4x**2)/dx = 8x =", 8 * x.data)
assert x.grad == 8 * x.data

# %% [markdown]
# ## The wrong order gives the wrong gradient
#
# Run the same chain-rule steps (`input.grad += node.grad * local derivative`) in two orders:
# the engine's, and one that processes `u` before `v`.  When `u` runs too early it has received
# only the gradient from `w`, not yet the part that comes through `v`, and passes an incomplete
# gradient to `x`.


# %%
def run_in_order(values, root):
    """The chain rule, node by node, in the given order (all grads start at 0)."""
    root.grad = 1.0
    for val in values:
        fn = val.grad_fn
        for inp, local in zip(fn.inputs, fn.local_derivatives()):
            if isinstance(inp, Value) and inp.requires_grad:
                inp.grad += val.grad * local


x, u, v, w = graph()
run_in_order([w, v, u], w)
right = x.grad
x, u, v, w = graph()
run_in_order([w, u, v], w)
wrong = x.grad
print(f"topological order w, v, u: x.grad = {right}    u too early (w, u, v): x.grad = {wrong}")
assert right == 8 * x.data and wrong != right

# %% [markdown]
# ## Finding the order: micrograd's recursive walk
#
# micrograd builds the order with a short recursive function: visit the inputs, then append the
# node.  Each level of the graph is one more Python call on the stack.  Python allows about
# `sys.getrecursionlimit()` nested calls, so a *chain* deeper than that cannot be sorted this way.
# Here is micrograd's function, run on this engine's Values.


# %%
def build_topo_recursive(root):
    topo, visited = [], set()

    def build(val):
        if id(val) not in visited:
            visited.add(id(val))
            if val.grad_fn is not None:
                for inp in val.grad_fn.inputs:
                    if isinstance(inp, Value):
                        build(inp)
            topo.append(val)

    build(root)
    return topo


def chain(n, factor=1.00001):
    x = Value(1.0, label="x")
    y = x
    for _ in range(n):
        y = y * factor
    return x, y


print("Python's recursion limit:", sys.getrecursionlimit())
_, shallow = chain(100)
assert len(build_topo_recursive(shallow)) == 101  # fine when shallow
_, deep = chain(5_000)
try:
    build_topo_recursive(deep)
    outcome = "sorted"
except RecursionError as e:
    outcome = f"RecursionError: {e}"
print("recursive walk on a chain of 5,000:", outcome)
assert outcome.startswith("RecursionError")

# %% [markdown]
# micrograd itself (if it is installed: `pip install micrograd`) fails the same way on the same
# chain, in its own `backward()`.

# %%
try:
    from micrograd.engine import Value as MicrogradValue
except ImportError:
    MicrogradValue = None
    print("micrograd is not installed: its backward() would raise RecursionError on this chain.")
if MicrogradValue is not None:
    y = MicrogradValue(1.0)
    for _ in range(5_000):
        y = y * 1.00001
    try:
        y.backward()
        micrograd_outcome = "worked"
    except RecursionError as e:
        micrograd_outcome = f"RecursionError: {e}"
    print("micrograd on a chain of 5,000:", micrograd_outcome)
    assert micrograd_outcome.startswith("RecursionError")
    del y

# %% [markdown]
# ## The fix: an explicit stack
#
# The engine keeps its own list of nodes still to visit instead of using Python's call stack
# (read `toposort` in `tinygrad_edu/core/engine.py`), so the depth of the graph is limited only by
# memory.  A chain of 100,000 multiplications by `c` has `dy/dx = c**100000`.

# %%
depths = [1_000, 10_000, 30_000, 100_000]
timings = []
for n in depths:
    x, y = chain(n)
    start = time.perf_counter()
    y.backward()
    seconds = time.perf_counter() - start
    timings.append((n, seconds * 1000))
    expected = 1.00001**n
    print(f"chain of {n:>7,}: backward {seconds * 1000:7.1f} ms, x.grad = {x.grad:.6f}")
    assert abs(x.grad - expected) < 1e-9 * expected
viz.show(line_chart(
    {"backward() time, ms": timings},
    title="an iterative backward pass: time grows linearly with depth",
    xlabel="ops in the chain",
    ylabel="ms",
), OUT / "backward_time.svg")  # fmt: skip

# %% [markdown]
# ## The picture: the order, drawn
#
# Each computed Value is labelled with its place in the backward order.

# %%
x, u, v, w = graph()
w.backward()
for i, val in enumerate(toposort([w]), 1):
    val.label = f"{val.label} (step {i})"
viz.show(viz.draw(w), OUT / "order.svg")

# %% [markdown]
# ## Exercise 7.1
#
# Write `topo_order(root)`: every non-leaf Value that `root` depends on, outputs first, **without
# recursion** (keep your own stack).  A Value's inputs are `val.grad_fn.inputs`, as in the cells
# above: the Values it was computed from, and plain numbers for constants (skip those).
# Hint: a node is finished when all its inputs are; push each node twice, once to expand it and
# once to emit it.  `check_topo_order(topo_order)` tests it on small graphs and on a chain of
# 50,000.


# %%
from tinygrad_edu_lessons.exercise import attempt, fail, passed


# BEGIN SOLUTION
def topo_order(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        val, expanded = stack.pop()
        if expanded:
            order.append(val)
        elif id(val) not in seen and val.grad_fn is not None:
            seen.add(id(val))
            stack.append((val, True))
            stack.extend((inp, False) for inp in val.grad_fn.inputs if isinstance(inp, Value))
    return order[::-1]


# END SOLUTION
# BLANK def topo_order(root):
# BLANK     raise NotImplementedError("Exercise 7.1: return the non-leaf Values, outputs first")


def check_topo_order(fn):
    w = graph()[-1]
    a, b = Value(2.0), Value(-1.0)
    n = (a * b + a).tanh() * (b - a)
    for name, root in (("w", w), ("n", n), ("a chain of 50,000", chain(50_000)[1])):
        want = toposort([root])
        what = f"topo_order({name})"
        got = attempt(fn, root, what=what, expected=f"a list of {len(want)} Values")
        if not isinstance(got, list) or not all(isinstance(val, Value) for val in got):
            fail(what, f"a list of {len(want)} Values", type(got).__name__)
        if len(got) != len({id(val) for val in got}):
            fail(what, "each node once", f"{len(got) - len({id(v) for v in got})} repeats")
        if {id(val) for val in got} != {id(val) for val in want}:
            labels = sorted(val.label or val.grad_fn.name() for val in got if val.grad_fn is None)
            detail = f"leaves {labels}" if labels else f"{len(got)} Values"
            fail(what, f"the {len(want)} non-leaf Values under {name}", detail)
        place = {id(val): i for i, val in enumerate(got)}
        for val in got:
            for inp in val.grad_fn.inputs:
                inner = isinstance(inp, Value) and inp.grad_fn is not None
                if inner and place[id(inp)] < place[id(val)]:
                    fail(what, "every Value before its inputs", "an input before its consumer")
    passed("check_topo_order")


check_topo_order(topo_order)
