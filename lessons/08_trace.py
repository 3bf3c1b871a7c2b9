# %% [markdown]
# # Lesson 08: the backward pass, step by step
#
# `backward()` is a loop over the nodes in topological order (lesson 07).  At each step a node
# takes the gradient arriving from above (the *upstream* grad), multiplies it by each local
# derivative (lesson 05) and adds the product into that input's grad (lesson 06).
# `viz.print_trace(root)` runs the pass and prints every one of those multiplications and
# additions; `viz.trace(root)` records them as data, so we can check each line;
# `viz.write_frames` and `viz.write_html` draw one picture per step.  Pictures go to
# `lessons_out/08/`.

# %%
import json
import os
from pathlib import Path

from rich.console import Console

import viz
from tinygrad_edu import Value

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "08"
OUT.mkdir(parents=True, exist_ok=True)
console = Console(width=80)


def expression():
    """L = (a*b + c) * f, with each inner node named."""
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    c, f = Value(10.0, label="c"), Value(-2.0, label="f")
    e = a * b
    e.label = "e"
    q = e + c
    q.label = "q"  # Karpathy's d: renamed so that in the trace d only ever means "derivative"
    loss = q * f
    loss.label = "L"
    return loss, {"a": a, "b": b, "c": c, "f": f}


# %% [markdown]
# ## The trace of `L = (a*b + c) * f`
#
# Three nodes, three steps.  Read each step as: *upstream × local = what flows to the input*.
# (The inner sum `a*b + c` is Karpathy's `d`; it is called `q` here, so that the trace's
# `d(q * f)/dq = f` has only one kind of `d` in it: the derivative.)

# %%
loss, leaves = expression()
t = viz.print_trace(loss, console=console)

# %% [markdown]
# ## Every line is the chain rule
#
# The recorded trace holds the numbers printed above.  Each product is upstream × local; each
# grad is the one before plus the product; the upstream grad of a step is what the earlier
# steps accumulated into that node; and the leaves end with the grads `backward()` gives.

# %%
grads_so_far = {id(loss): 1.0}
for step in t.steps:
    assert step.upstream == grads_so_far[id(step.value)]  # all of its grad has arrived
    for inp in step.inputs:
        assert inp.contribution == step.upstream * inp.local
        assert inp.grad == inp.grad_before + inp.contribution
        grads_so_far[id(inp.value)] = inp.grad
    print(f"step {step.step}: {step.grad_fn:<13} {step.expr:<7} upstream {step.upstream:+.1f}")
fresh, fresh_leaves = expression()
fresh.backward()
for leaf in t.leaves:
    assert leaf.grad == fresh_leaves[leaf.label].grad
print("leaf grads:", {leaf.label: leaf.grad for leaf in t.leaves})

# %% [markdown]
# ## A node used twice: two contributions, added
#
# In `y = x*x + x` the leaf `x` receives three contributions: one from the addition, two from
# the multiplication (one per slot).  The trace shows each `grad +=`.

# %%
x = Value(3.0, label="x")
y = x * x + x
y.label = "y"
t2 = viz.print_trace(y, console=console)
arrivals = [i.contribution for s in t2.steps for i in s.inputs if i.value is x]
print("contributions to x.grad:", arrivals, "-> total", x.grad)
assert len(arrivals) == 3 and sum(arrivals) == x.grad == 2 * x.data + 1

# %% [markdown]
# ## As data: one JSON object per step
#
# `tinygrad-edu trace "(a*b + c) * f" --var a=2 --var b=-3 --var c=10 --var f=-2 --json` prints
# these lines, for other programs to read.

# %%
lines = t.to_json_lines()
for line in lines:
    print(line if len(line) < 100 else line[:96] + " ...")
last = json.loads(lines[-1])
assert {d["label"]: d["grad"] for d in last["leaves"]} == {k: v.grad for k, v in leaves.items()}

# %% [markdown]
# ## The pictures: one frame per step
#
# Each frame highlights the node of that step and shows only the grads known so far; the HTML
# page steps through them with buttons or the arrow keys (for a projector in class).

# %%
loss, _ = expression()
t3 = viz.trace(loss)
paths = viz.write_frames(t3, OUT / "steps")
for path in paths:
    print("wrote", path)
viz.show(viz.stepper(t3), OUT / "stepper.html")  # inline in a notebook; a page for a browser
assert len(paths) == len(t3.steps)  # one frame per step

# %% [markdown]
# ## Exercise 8.1
#
# A trace records, for each step, the upstream grad and the local derivatives.  Write
# `replay(steps)` that recomputes every leaf's final grad from those numbers alone (`s.upstream`,
# `i.local`, `i.label`, and `i.value.grad_fn is None` for a leaf), as a dict label -> grad.
# `check_replay(replay)` compares it with the trace's own leaf grads.


# %%
from tinygrad_edu_lessons.exercise import attempt, close, passed, same_keys


# BEGIN SOLUTION
def replay(steps):
    grads = {}
    for s in steps:
        for i in s.inputs:
            if i.value is not None and i.value.grad_fn is None and i.value.requires_grad:
                grads[i.label] = grads.get(i.label, 0.0) + s.upstream * i.local
    return grads


# END SOLUTION
# BLANK def replay(steps):
# BLANK     raise NotImplementedError("Exercise 8.1: return {leaf label: grad} from the steps")


def check_replay(fn):
    roots = {"L": expression()[0]}
    p, q = Value(1.5, label="p"), Value(-0.5, label="q")
    roots["(p*q + p).tanh() * (q - p*p)"] = (p * q + p).tanh() * (q - p * p)
    x = Value(3.0, label="x")
    roots["x*x + x"] = x * x + x
    for name, root in roots.items():
        tr = viz.trace(root)
        want = {leaf.label: leaf.grad for leaf in tr.leaves}
        expected = f"a dict of the leaves' grads, keys {sorted(want)}"
        got = attempt(fn, tr.steps, what=f"replay of {name}", expected=expected)
        same_keys(got, want, f"replay of {name}")
        for k in want:
            close(got[k], want[k], f"the grad of {k} in {name}", tol=1e-12)
    passed("check_replay")


check_replay(replay)
