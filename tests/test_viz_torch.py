"""viz on real PyTorch: the picture's nodes and edges are PyTorch's own ``next_functions``, the
grads it shows are PyTorch's ``.grad``, and the trace records PyTorch's own backward (its
buffers' sums are what PyTorch hands the next node).  Marked ``parity``: they need torch."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

import viz
from viz.canvas import fmt as pic

pytestmark = pytest.mark.parity

torch = pytest.importorskip("torch")

DTYPES = [torch.float32, torch.float64]


def neuron(dtype):
    """The lecture's neuron in PyTorch, and its leaves by name."""
    x = torch.tensor([2.0, 0.0], dtype=dtype, requires_grad=True)
    w = torch.tensor([-3.0, 1.0], dtype=dtype, requires_grad=True)
    b = torch.tensor(6.8813735870195432, dtype=dtype, requires_grad=True)
    o = torch.tanh((x * w).sum() + b)
    return o, {"x": x, "w": w, "b": b}


def shared(dtype):
    """A graph where a leaf and a node are each used twice, and a constant slot is None."""
    a = torch.tensor(1.5, dtype=dtype, requires_grad=True)
    c = torch.tensor(-0.5, dtype=dtype, requires_grad=True)
    h = a * c
    y = (h * h + a * 3.0).exp() / (1.0 + a)
    return y, {"a": a, "c": c}


def nodes_of(root):
    """Every node below ``root.grad_fn``, walked independently of viz."""
    seen, stack = {}, [root.grad_fn]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen[id(fn)] = fn
        stack.extend(m for m, _ in fn.next_functions)
    return list(seen.values())


def name(fn):
    return fn.name().rpartition("::")[2]


def edges(source):
    return re.findall(r"^\t(\w+) -> (\w+)", source, re.M)


@pytest.mark.parametrize("build", [neuron, shared])
def test_the_picture_s_nodes_and_edges_are_pytorch_s_next_functions(build):
    root, _ = build(torch.float32)
    g = viz.draw(root)
    fns = nodes_of(root)
    labels = dict(re.findall(r"^\t(\w+) \[label=<?<?b?>?([A-Za-z0-9]+)", g.source, re.M))
    boxes = {id(fn): g.ids[id(fn)][0] for fn in fns}
    assert Counter(labels[boxes[id(fn)]] for fn in fns) == Counter(name(fn) for fn in fns)
    assert "AccumulateGrad" in {name(fn) for fn in fns}
    expected = Counter(
        (boxes[id(m)], boxes[id(fn)]) for fn in fns for m, _ in fn.next_functions if m is not None
    )
    drawn = Counter(
        e for e in edges(g.source) if not e[0].startswith("t") and not e[1].startswith("o")
    )
    assert drawn == expected
    # each leaf behind its own AccumulateGrad, the output after the root's node
    for fn in fns:
        if hasattr(fn, "variable"):
            assert (g.ids[id(fn.variable)][0], boxes[id(fn)]) in edges(g.source)
    assert (boxes[id(root.grad_fn)], g.ids[id(root)][0]) in edges(g.source)
    assert g.svg().lstrip().startswith("<?xml")


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_picture_shows_each_leaf_s_data_and_pytorch_s_grad(dtype):
    root, leaves = neuron(dtype)
    before = viz.draw(root, labels=leaves).source
    assert before.count("grad None") == len(leaves)  # PyTorch's .grad before any backward
    root.backward(retain_graph=True)
    g = viz.draw(root, labels=leaves)
    for label, t in leaves.items():
        (box,) = g.ids[id(t)]
        row = re.search(rf"^\t{box} \[label=(.*)$", g.source, re.M).group(1)
        assert f"<b>{label} " in row
        grads = [pic(v) for v in t.grad.reshape(-1).tolist()]
        data = [pic(v) for v in t.detach().reshape(-1).tolist()]
        if t.dim() == 0:
            assert f"grad {grads[0]}" in row and f"data {data[0]}" in row
        else:
            assert f"grad [{', '.join(grads)}]" in row and f"data [{', '.join(data)}]" in row
    # the saved values, as PyTorch keeps them (retain_graph: not freed)
    mul = next(fn for fn in nodes_of(root) if name(fn) == "MulBackward0")
    box = g.ids[id(mul)][0]
    row = re.search(rf"^\t{box} \[label=(.*)$", g.source, re.M).group(1)
    shown = ", ".join(pic(v) for v in mul._saved_other.reshape(-1).tolist())
    assert f"other = [{shown}]" in row


def test_a_big_tensor_is_summarized_and_freed_saved_values_say_so():
    x = torch.arange(10.0, requires_grad=True)
    y = (x * x).sum()
    y.backward()
    src = viz.draw(y).source
    first = ", ".join(pic(v) for v in x.grad[:4].tolist())
    assert f"grad [{first}, ...]" in src and "(10)" in src
    assert "self = freed" in src  # PyTorch freed it: reading it raises


def test_the_tree_lists_every_node_once_and_refers_back_to_a_shared_one():
    root, _ = shared(torch.float64)
    text = viz.tree_text(root, width=120)
    fns = nodes_of(root)
    first = [line for line in text.splitlines() if "(see above)" not in line][1:]
    node = re.compile(r"([A-Za-z0-9]+Backward\d|AccumulateGrad)")
    listed = Counter(node.search(line).group(1) for line in first if node.search(line))
    assert listed == Counter(name(fn) for fn in fns)
    assert "(see above)" in text  # h and a are used twice
    assert text.splitlines()[0].startswith("tensor ()")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("build", [neuron, shared])
def test_the_trace_records_pytorch_s_own_backward(dtype, build):
    root, leaves = build(dtype)
    t = viz.trace(root)
    ref, ref_leaves = build(dtype)
    ref.backward()  # PyTorch alone, no hooks
    for k, leaf in leaves.items():
        assert torch.equal(leaf.grad, ref_leaves[k].grad)
    fns = nodes_of(root)
    assert sorted(id(s.value) for s in t.steps) == sorted(id(fn) for fn in fns)  # each once
    assert {s.grad_fn for s in t.steps} == {name(fn) for fn in fns}
    # what the trace adds up for a node's input is what PyTorch hands that node
    arrived = {id(s.value): s.upstreams or s.upstream for s in t.steps}
    last: dict[int, float] = {}
    for s in t.steps:
        for i in s.inputs:
            if i.grad is not None and i.value is not None and not torch.is_tensor(i.value):
                last[id(i.value)] = i.grad
    for key, total in last.items():
        assert total == arrived[key]
    by_label = {x.label: x.grad for x in t.leaves}
    names = viz.torch_graph.names([root])
    for leaf in leaves.values():
        g = tuple(leaf.grad.reshape(-1).tolist())
        assert by_label[names[id(leaf)]] == (g[0] if len(g) == 1 else g)


def test_the_trace_of_a_scalar_graph_shows_the_chain_rule():
    x = torch.tensor(2.0, requires_grad=True)
    w = torch.tensor(-3.0, requires_grad=True)
    t = viz.trace(x * w)
    mul = t.steps[0]
    assert mul.grad_fn == "MulBackward0" and mul.upstream == 1.0
    assert [i.local for i in mul.inputs] == [w.item(), x.item()]
    text = viz.trace_view.trace_text(x * w)
    assert "Step 1/3  MulBackward0  output = -6.0" in text and "AccumulateGrad" in text
    rows = [json.loads(line) for line in t.to_json_lines()]
    assert rows[-1]["leaves"] == [
        {"label": "leaf1", "data": 2.0, "grad": -3.0},
        {"label": "leaf2", "data": -3.0, "grad": 2.0},
    ]


def test_the_stepper_and_show_take_a_pytorch_tensor(tmp_path):
    root, _ = neuron(torch.float32)
    s = viz.stepper(root)
    assert len(s.states) == len(s.trace.steps) + 1
    assert all(state["lit"] for state in s.states)
    assert s.page().startswith("<!DOCTYPE html>")
    root2, _ = neuron(torch.float32)
    assert viz.show(root2, tmp_path / "n.svg").read_text().lstrip().startswith("<?xml")


def test_hooks_are_removed_after_the_trace():
    root, leaves = neuron(torch.float64)
    viz.trace(root, retain_graph=True)
    first = leaves["x"].grad.clone()
    root.backward()  # a second pass: no hook of the first runs (it would append to a dead list)
    assert torch.equal(leaves["x"].grad, 2 * first)


def test_labels_name_a_pytorch_graph_s_leaves_in_the_trace_and_the_stepper():
    root, leaves = neuron(torch.float64)
    s = viz.stepper(root, labels=leaves)
    assert {x.label for x in s.trace.leaves} == set(leaves)
    for label, t in leaves.items():
        (box,) = s.graph.ids[id(t)]
        assert re.search(rf"^\t{box} \[label=<<b>{label} ", s.graph.source, re.M)
    assert "Step 1/" in viz.trace_view.trace_text(neuron(torch.float64)[0], labels=leaves)


def test_the_readme_s_pytorch_example_runs(tmp_path, monkeypatch, capsys):
    from test_viz_any_engine import readme_blocks

    monkeypatch.chdir(tmp_path)
    ns: dict = {}
    exec(readme_blocks()[1], ns)
    out = capsys.readouterr().out
    assert "AccumulateGrad  x" in out and "AccumulateGrad  w" in out
    svg = (tmp_path / "y_torch.svg").read_text()
    grads = ", ".join(pic(v) for v in ns["w"].grad.tolist())
    assert f"grad [{grads}]".replace("-", "&#45;") in svg
