"""viz on other engines, measured: the seven checks of ``viz-any-engine``.

    .venv/bin/python bench/viz_any_engine.py            # the checks, then N/7
    .venv/bin/python bench/viz_any_engine.py --show     # also a PyTorch graph's picture
                                                        # (torch_neuron.png) and its trace

torch: draw names the backward nodes, draw shows grads, tree, trace of PyTorch's backward;
a student's Value: draw, trace; micrograd's package: draw.  Each check compares viz's output
with the engine itself (PyTorch's ``next_functions`` and ``.grad``, the student's and
micrograd's own ``backward()``, this engine's grads), never with numbers written here.  The
PyTorch checks need torch (``make .venv/.parity``); without it they fail, saying so.
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import viz
from tinygrad_edu import Value as Ours
from viz.canvas import fmt as pic


class Student:
    """The lecture's Value as a student writes it: ``+ * tanh``, ``_backward`` closures."""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data, self.grad, self.label = data, 0.0, label
        self._backward = lambda: None
        self._prev, self._op = set(_children), _op

    def __add__(self, other):
        out = Student(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        out = Student(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Student(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, seen = [], set()

        def build(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    build(c)
                topo.append(v)

        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()


def lecture_neuron(cls, **kw):
    """tanh(x1*w1 + x2*w2 + b), the lecture's neuron, in any engine with its names."""
    data = {"x1": 2.0, "x2": 0.0, "w1": -3.0, "w2": 1.0, "b": 6.8813735870195432}
    v = {k: cls(d, label=k, **kw) for k, d in data.items()}
    o = (v["x1"] * v["w1"] + v["x2"] * v["w2"] + v["b"]).tanh()
    o.label = "o"
    return o, v


def walk_prev(root):
    seen, stack, edges = {}, [root], 0
    while stack:
        v = stack.pop()
        if id(v) in seen:
            continue
        seen[id(v)] = v
        edges += len(v._prev)
        stack.extend(v._prev)
    return list(seen.values()), edges


def torch_graph(torch):
    x = torch.tensor([2.0, 0.0], requires_grad=True)
    w = torch.tensor([-3.0, 1.0], requires_grad=True)
    b = torch.tensor(6.8813735870195432, requires_grad=True)
    return torch.tanh((x * w).sum() + b), {"x": x, "w": w, "b": b}


def torch_nodes(root):
    seen, stack = {}, [root.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is not None and id(fn) not in seen:
            seen[id(fn)] = fn
            stack.extend(m for m, _ in fn.next_functions)
    return list(seen.values())


def name(fn):
    return fn.name().rpartition("::")[2]


def row(source, box):
    return re.search(rf"^\t{box} \[label=(.*)$", source, re.M).group(1)


def title(source, box):
    """The first line of a box: a node's name."""
    m = re.match(r"<<b>(\w+)</b>|(\w+)", row(source, box))
    return m.group(1) or m.group(2)


# -- the checks: each returns what it saw, or raises AssertionError --------------------------


def need_torch():
    try:
        import torch
    except ImportError:
        raise AssertionError("torch is not installed (make .venv/.parity)") from None
    return torch


def torch_draw_names_nodes() -> str:
    root, _ = torch_graph(need_torch())
    g = viz.draw(root)
    fns = torch_nodes(root)
    shown = Counter(title(g.source, g.ids[id(fn)][0]) for fn in fns)
    assert shown == Counter(name(fn) for fn in fns), shown
    want = Counter(
        (g.ids[id(m)][0], g.ids[id(fn)][0]) for fn in fns for m, _ in fn.next_functions if m
    )
    drawn = Counter(
        e
        for e in re.findall(r"^\t(\w+) -> (\w+)", g.source, re.M)
        if e[0][0] != "t" and e[1][0] != "o"
    )
    assert drawn == want
    return f"{len(fns)} nodes ({', '.join(sorted(set(shown)))}), {sum(want.values())} edges"


def torch_draw_shows_grads() -> str:
    root, leaves = torch_graph(need_torch())
    root.backward()
    g = viz.draw(root, labels=leaves)
    for t in leaves.values():
        grads = [pic(v) for v in t.grad.reshape(-1).tolist()]
        want = f"grad {grads[0]}" if t.dim() == 0 else f"grad [{', '.join(grads)}]"
        assert want in row(g.source, g.ids[id(t)][0]), want
    return f"{len(leaves)} leaves show PyTorch's .grad"


def torch_tree() -> str:
    root, leaves = torch_graph(need_torch())
    lines = viz.tree_text(root, width=120, labels=leaves).splitlines()
    fns = torch_nodes(root)
    listed = Counter(
        m.group(1) for ln in lines if (m := re.search(r"(\w+Backward\d|AccumulateGrad)", ln))
    )
    assert listed == Counter(name(fn) for fn in fns) + Counter({name(root.grad_fn): 1}), listed
    return f"{len(lines)} lines, every node once"


def torch_trace() -> str:
    torch = need_torch()
    root, leaves = torch_graph(torch)
    t = viz.trace(root, labels=leaves)
    ref, ref_leaves = torch_graph(torch)
    ref.backward()
    for k, leaf in leaves.items():
        assert torch.equal(leaf.grad, ref_leaves[k].grad), k
    assert sorted(id(s.value) for s in t.steps) == sorted(id(fn) for fn in torch_nodes(root))
    arrived = {id(s.value): s.upstreams or s.upstream for s in t.steps}
    sums = {id(i.value): i.grad for s in t.steps for i in s.inputs if not torch.is_tensor(i.value)}
    assert all(arrived[k] == v for k, v in sums.items())
    return f"{len(t.steps)} steps, grads equal to a plain backward's, bit for bit"


def student_draw() -> str:
    o, _ = lecture_neuron(Student)
    o.backward()
    g = viz.draw(o)
    values, edges = walk_prev(o)
    ops = [v._op for v in values if v._op]
    assert g.nodes == len(values) + len(ops)
    assert len(re.findall(r"^\tv\d+ -> f\d+", g.source, re.M)) == edges
    assert all(f"grad {pic(v.grad)}" in g.source for v in values)
    return f"{len(values)} values, {len(ops)} ops, {edges} edges, grads shown"


def student_trace() -> str:
    o, leaves = lecture_neuron(Student)
    t = viz.trace(o)
    ref, ref_leaves = lecture_neuron(Student)
    ref.backward()
    mine, mine_leaves = lecture_neuron(Ours)
    mine.backward()
    for k, v in leaves.items():
        assert v.grad == ref_leaves[k].grad, k
        assert abs(v.grad - mine_leaves[k].grad) <= 1e-12, k
    return f"{len(t.steps)} steps; grads = its own backward's = tinygrad_edu's"


def micrograd_draw() -> str:
    from micrograd.engine import Value

    a, b, c = Value(2.0), Value(-3.0), Value(10.0)
    loss = ((a * b + c).relu() * a + b**2).relu()
    loss.backward()
    g = viz.draw(loss)
    values, edges = walk_prev(loss)
    ops = {v._op for v in values if v._op}
    assert g.nodes == len(values) + sum(1 for v in values if v._op)
    assert len(re.findall(r"^\tv\d+ -> f\d+", g.source, re.M)) == edges
    assert all(re.search(rf'label="?{re.escape(op)}"? ', g.source) for op in ops)
    assert all(f"grad {pic(v.grad)}" in g.source for v in values)
    return f"{len(values)} values, ops {sorted(ops)}"


CHECKS: list[tuple[str, Callable[[], str]]] = [
    ("torch: draw names the backward nodes", torch_draw_names_nodes),
    ("torch: draw shows grads", torch_draw_shows_grads),
    ("torch: tree", torch_tree),
    ("torch: trace of PyTorch's backward", torch_trace),
    ("a student's Value: draw", student_draw),
    ("a student's Value: trace", student_trace),
    ("micrograd's package: draw", micrograd_draw),
]


def main() -> int:
    passed = 0
    for title, check in CHECKS:
        try:
            seen = check()
        except Exception as e:  # a check that breaks fails, with why
            print(f"FAIL  {title}: {type(e).__name__}: {e}")
            continue
        passed += 1
        print(f"pass  {title}: {seen}")
    print(f"viz-any-engine: {passed}/{len(CHECKS)}")
    if "--show" in sys.argv:
        torch = need_torch()
        root, leaves = torch_graph(torch)
        # retain_graph: the picture after the pass still shows the saved values
        t = viz.trace(root, labels=leaves, retain_graph=True)
        from rich.console import Console

        Console().print(viz.trace_view.render(t))
        viz.draw(root, labels=leaves, legend=True).save("torch_neuron.png")
        print("wrote torch_neuron.png")
    return 0 if passed == len(CHECKS) else 1


if __name__ == "__main__":
    sys.exit(main())
