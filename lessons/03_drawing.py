# %% [markdown]
# # Lesson 03: drawing the graph
#
# The graph behind a Value is easier to read as a picture.  `viz.draw(root)` draws it and
# returns a `Graph`: `.save("x.svg")` writes the picture, `.svg()` gives its text, `.source` the
# Graphviz DOT description it was made from (and in Jupyter it shows itself).  There are two
# styles of the same graph:
#
# * `style="micrograd"` (the default): every Value is a box `label | data | grad`, every
#   operation an oval named by its backward node (`MulBackward0`, not `*`).
# * `style="torch"`: only the backward nodes, as PyTorch's torchviz draws them: the leaves in
#   light blue behind an `AccumulateGrad`, the output in green; with `show_saved=True` the saved
#   values (lesson 05): a saved result or exponent (`_saved_result`, `_saved_exponent`) as an
#   orange box, a saved input (`MulBackward0`'s `_saved_self` and `_saved_other`) as a dashed
#   edge from the leaf whose value is saved.  Tensor leaves (lessons 09 and 10) are purple.
#
# And `viz.print_tree` prints the same graph as a tree in the terminal.  Pictures go to
# `lessons_out/03/`.

# %%
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import viz
from tinygrad_edu import Value
from tinygrad_edu.core.engine import toposort

OUT = Path(os.environ.get("TINYGRAD_EDU_LESSONS_OUT", "lessons_out")) / "03"
OUT.mkdir(parents=True, exist_ok=True)

# %% [markdown]
# ## The neuron, before and after backward
#
# Drawn before `backward()`, every grad is 0; after it, each box shows how the output moves
# when that value moves.  Labels make the picture readable: set `v.label`.

# %%
x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
b = Value(6.8813735870195432, label="b")
n = x1 * w1 + x2 * w2 + b
n.label = "n"
o = n.tanh()
o.label = "o"
viz.show(viz.draw(o), OUT / "neuron_before_backward.svg")
o.backward()
for style in ("micrograd", "torch"):
    viz.show(viz.draw(o, style=style), OUT / f"neuron_{style}.svg")
viz.show(viz.draw(o, style="torch", show_saved=True), OUT / "neuron_saved.svg")
viz.show(viz.draw(o, legend=True, rankdir="TB"), OUT / "neuron_legend_top_down.svg")

# %% [markdown]
# ## What is in the picture
#
# The DOT source is plain text, so we can check the picture against the graph: every backward
# node the engine would visit appears, with its name, and every leaf with its data and grad.

# %%
graph = viz.draw(o)
print(graph)
for line in graph.source.splitlines()[:6]:
    print(line if len(line) < 100 else line[:96] + " ...")
inner = toposort([o])
for v in inner:
    assert v.grad_fn.name() in graph.source
for leaf in (x1, x2, w1, w2, b):
    assert f"<td>{leaf.label}</td>" in graph.source
    assert f"grad {leaf.grad:.4f}" in graph.source
assert graph.source.count("Backward0") >= len(inner)
svg = graph.svg()
assert ET.fromstring(svg).tag.endswith("svg")  # well-formed SVG
assert "TanhBackward0" in svg

# %% [markdown]
# ## The same graph as a tree
#
# The root at the top, each node's inputs below it.  A node used twice is written out once and
# then referred to, so the tree never grows bigger than the graph.

# %%
viz.print_tree(o)
text = viz.tree_text(o, width=80)
for v in (o, n, x1, x2, w1, w2, b):
    assert v.label in text
a = Value(3.0, label="a")
twice = a * a + a
twice.label = "a*a + a"
viz.print_tree(twice)

# %% [markdown]
# ## Too big to read
#
# A picture of thousands of nodes is unreadable and slow to lay out, so `draw` refuses graphs
# above `max_nodes` (500 by default) at once, with a message that says what to do.

# %%
y = Value(1.0, label="x")
for _ in range(1000):
    y = y * 1.001
try:
    viz.draw(y)
    refusal = "drawn"
except ValueError as e:
    refusal = str(e)
print(refusal)
assert "max_nodes" in refusal
short = Value(1.0, label="x")
for _ in range(5):
    short = short * 1.001
short.backward()
viz.show(viz.draw(short), OUT / "short_chain.svg")

# %% [markdown]
# ## Exercise 3.1
#
# A picture of a graph has one backward node per operation.  Write `count_nodes(root)` that
# counts the backward nodes reachable from `root.grad_fn` through `next_functions`, each once
# (not the `AccumulateGrad`s of the leaves, and not the `None`s of constants), without drawing.
# `check_count_nodes(count_nodes)` compares it with the engine's own graph walk.


# %%
from tinygrad_edu_lessons.exercise import attempt, fail, passed


# BEGIN SOLUTION
def count_nodes(root):
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen or type(node).__name__ == "AccumulateGrad":
            continue
        seen.add(id(node))
        stack.extend(m for m, _ in node.next_functions)
    return len(seen)


# END SOLUTION
# BLANK def count_nodes(root):
# BLANK     raise NotImplementedError("Exercise 3.1: count the backward nodes under root.grad_fn")


def check_count_nodes(fn):
    a, b = Value(2.0), Value(-1.0)
    u = a * b  # used three times below: a walk that does not remember what it saw counts it 3 times
    shared = u * u + u
    roots = {
        "o": o,
        "twice": twice,
        "short": short,
        "(a*b + a).tanh() * (b - 1) + 2": (a * b + a).tanh() * (b - 1) + 2,
        "a.exp()": a.exp(),
        "u*u + u with u = a*b": shared,
        "(u*u + u).tanh() * u": shared.tanh() * u,
    }
    for name, root in roots.items():
        want = len(toposort([root]))
        got = attempt(fn, root, what=f"count_nodes({name})", expected=f"{want} nodes")
        if got != want:
            fail(f"count_nodes({name})", f"{want} nodes", repr(got))
    passed("check_count_nodes")


check_count_nodes(count_nodes)
