"""viz on other engines: a student's own micrograd-shaped Value (the lecture's, written here) and
Karpathy's micrograd package are drawn, printed and traced, and the trace runs their own
``_backward`` closures: its grads are compared with their own ``backward()`` and with this
engine's, never with numbers written here."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys

import pytest

import viz
from tinygrad_edu import Value as Ours
from viz import engines
from viz.canvas import fmt as pic

micrograd_engine = pytest.importorskip("micrograd.engine")


class Student:
    """The lecture's Value, as a student writes it (``label``, ``_backward`` closures)."""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def __add__(self, other):
        other = other if isinstance(other, Student) else Student(other)
        out = Student(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Student) else Student(other)
        out = Student(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)
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
                for child in v._prev:
                    build(child)
                topo.append(v)

        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()


class Careless(Student):
    """A classic mistake: ``=`` where the rule must ``+=`` (a value used twice loses a term)."""

    def __mul__(self, other):
        out = Careless(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = other.data * out.grad
            other.grad = self.data * out.grad

        out._backward = _backward
        return out


def neuron(cls, **kw):
    """The lecture's neuron, in any engine with the lecture's names; returns (o, leaves)."""
    names = ("x1", "x2", "w1", "w2", "b")
    data = (2.0, 0.0, -3.0, 1.0, 6.8813735870195432)
    leaves = {n: cls(d, label=n, **kw) for n, d in zip(names, data)}
    x1w1 = leaves["x1"] * leaves["w1"]
    x2w2 = leaves["x2"] * leaves["w2"]
    n = x1w1 + x2w2 + leaves["b"]
    o = n.tanh()
    for v, name in ((x1w1, "x1*w1"), (x2w2, "x2*w2"), (n, "n"), (o, "o")):
        v.label = name
    return o, leaves


def walk(root):
    """Every value below ``root`` and every edge, through ``_prev`` (an independent walk)."""
    seen, stack, edges = {}, [root], set()
    while stack:
        v = stack.pop()
        if id(v) in seen:
            continue
        seen[id(v)] = v
        for c in v._prev:
            edges.add((id(c), id(v)))
            stack.append(c)
    return list(seen.values()), edges


# -- which engine ----------------------------------------------------------------------------


def test_the_kinds_of_graph_are_told_apart():
    o, _ = neuron(Student)
    assert engines.kind(o) == "micrograd"
    assert engines.kind(micrograd_engine.Value(1.0)) == "micrograd"
    assert engines.kind(Ours(1.0)) == "value"  # ours has micrograd's names, and is drawn as ours
    assert engines.kind(3.0) is None and engines.kind(Student) is None


@pytest.mark.parametrize("call", [viz.draw, viz.trace, viz.tree_text, viz.print_tree])
@pytest.mark.parametrize("bad", [3, "x", None, object()])
def test_an_object_of_no_engine_gets_one_line_that_says_what_is_expected(call, bad):
    with pytest.raises(TypeError) as e:
        call(bad)
    text = str(e.value)
    assert "\n" not in text and "micrograd-shaped" in text and "PyTorch tensor" in text
    assert text.endswith(f"got {type(bad).__name__}")


# -- a student's own Value -------------------------------------------------------------------


def test_a_student_value_is_drawn_with_every_value_op_and_edge():
    o, _ = neuron(Student)
    o.backward()
    g = viz.draw(o)
    values, edges = walk(o)
    records = re.findall(r"(v\d+) \[label=<<table.*?(<tr>.*?)</tr>", g.source)
    assert len(records) == len(values)
    for v in values:  # each value's own label, data and grad, as the picture formats them
        head = f"<td>{v.label}</td>" if v.label else "<tr>"
        cells = f"{head}<td>data {pic(v.data)}</td>"
        assert any(cells in row for _, row in records), v.label
        assert f"grad {pic(v.grad)}" in g.source
    ops = re.findall(r"f\d+ \[label=\"?([^\" ]+)\"?", g.source)
    assert sorted(ops) == sorted(v._op for v in values if v._op)
    # an edge child -> op for every (child, value) pair, and op -> value for every op
    assert len(re.findall(r"\tv\d+ -> f\d+", g.source)) == len(edges)
    assert len(re.findall(r"\tf\d+ -> v\d+", g.source)) == sum(1 for v in values if v._op)
    assert g.svg().lstrip().startswith("<?xml")


def test_a_student_drawing_is_the_same_text_on_every_run():
    texts = {viz.draw(neuron(Student)[0]).source for _ in range(5)}
    assert len(texts) == 1


def test_a_student_value_traced_runs_its_own_closures_and_gets_its_own_backward_s_grads():
    o, leaves = neuron(Student)
    t = viz.trace(o)
    ref, ref_leaves = neuron(Student)
    ref.backward()  # the student's own backward, on the same graph built again
    mine, mine_leaves = neuron(Ours, requires_grad=True)
    mine.backward()  # and this engine's, on the same expression
    for name, v in leaves.items():
        assert v.grad == ref_leaves[name].grad
        assert v.grad == pytest.approx(mine_leaves[name].grad, rel=1e-12, abs=1e-15)
    values, _ = walk(o)
    assert len(t.steps) == sum(1 for v in values if v._prev)  # one step per op
    assert {x.label for x in t.leaves} == set(leaves)
    assert all(x.grad == leaves[x.label].grad for x in t.leaves)
    # each step: its upstream is the value's grad, each input's grad moves by what it records
    for s in t.steps:
        assert s.upstream == s.value.grad
        for i in s.inputs:
            assert i.grad - i.grad_before == pytest.approx(i.contribution)
            assert i.contribution == pytest.approx(s.upstream * i.local)


def test_a_student_trace_shows_the_local_derivative_their_rule_applied():
    a, b = Student(2.0, label="a"), Student(-3.0, label="b")
    t = viz.trace(a * b)
    (step,) = t.steps
    assert step.grad_fn == "*" and step.expr == "a * b"
    local = {i.label: i.local for i in step.inputs}
    assert local == {"a": b.data, "b": a.data}  # d(a*b)/da = b, as the closure computed it
    assert step.inputs[0].text() == f"d(a * b)/da = {b.data}"


def test_a_careless_rule_shows_in_the_trace_and_the_grads():
    a = Careless(3.0, label="a")
    t = viz.trace(a * a)  # d(a*a)/da = 2a, but `=` keeps only one of the two terms
    mine = Ours(3.0)
    (mine * mine).backward()
    assert a.grad != mine.grad
    assert t.leaves[0].grad == a.grad


def test_a_student_trace_prints_as_text_and_json_like_ours():
    o, _ = neuron(Student)
    text = viz.trace_view.trace_text(o)
    assert "Backward pass from o" in text and "Step 1/5  tanh  o = tanh(n)" in text
    assert "Leaf grads" in text
    rows = [json.loads(line) for line in viz.trace(neuron(Student)[0]).to_json_lines()]
    assert [r["grad_fn"] for r in rows[:-1]] == ["tanh", "+", "+", "*", "*"]
    assert {x["label"] for x in rows[-1]["leaves"]} == {"x1", "x2", "w1", "w2", "b"}


def test_a_student_value_prints_as_a_tree():
    o, _ = neuron(Student)
    o.backward()
    text = viz.tree_text(o)
    values, _ = walk(o)
    lines = text.splitlines()
    assert len(lines) == len(values)  # no value used twice here: one line each
    assert lines[0].startswith("o  data 0.7071  grad 1.0000  tanh")
    for v in values:
        assert any(f"{v.label}  data" in line for line in lines)


def test_the_stepper_steps_through_a_student_s_backward():
    o, _ = neuron(Student)
    s = viz.stepper(o)
    t = s.trace
    assert len(s.states) == len(t.steps) + 1
    for k, step in enumerate(t.steps, 1):
        assert s.states[k]["lit"], step  # the step's op lights
        assert len(s.states[k]["changed"]) == len(step.inputs)
    page = s.page()
    assert page.startswith("<!DOCTYPE html>") and "Step 5 of 5" in page


def test_show_draws_a_student_value(tmp_path, capsys):
    o, _ = neuron(Student)
    out = viz.show(o, tmp_path / "o.svg")
    assert out == tmp_path / "o.svg" and out.read_text().lstrip().startswith("<?xml")


def test_the_torch_style_of_a_student_value_says_why_not():
    with pytest.raises(ValueError, match="style='micrograd'"):
        viz.draw(neuron(Student)[0], style="torch")


def test_a_value_without_backward_closures_is_drawn_but_not_traced():
    class Bare:
        def __init__(self, data, prev=(), op=""):
            self.data, self.grad, self._prev, self._op = data, 0.0, set(prev), op

    a = Bare(1.0)
    b = Bare(2.0, (a,), "exp")
    assert "exp" in viz.draw(b).source and "exp" in viz.tree_text(b)
    with pytest.raises(TypeError, match="_backward"):
        viz.trace(b)


# -- Karpathy's micrograd package ------------------------------------------------------------


def mlp_loss(Value):
    """A small expression in micrograd's ops (its package has no tanh on Values: relu, **)."""
    a, b, c = Value(2.0), Value(-3.0), Value(10.0)
    e = a * b
    d = e + c
    f = Value(-2.0)
    L = (d * f).relu() + (a**2) - b / c
    return L, (a, b, c, f)


def test_micrograd_s_package_is_drawn_with_every_value_and_op():
    L, _ = mlp_loss(micrograd_engine.Value)
    L.backward()
    g = viz.draw(L)
    values, edges = walk(L)
    assert g.nodes == len(values) + sum(1 for v in values if v._op)
    assert len(re.findall(r"\tv\d+ -> f\d+", g.source)) == len(edges)
    for v in values:
        assert f"grad {pic(v.grad)}" in g.source
    assert set(re.findall(r"f\d+ \[label=\"?([^\" ]+)\"? ", g.source)) == {
        v._op for v in values if v._op
    }
    dot = viz.draw_dot(L).source  # Karpathy's own draw_dot, for any micrograd-shaped value
    assert dot.count("shape=record") == len(values)


def test_micrograd_s_package_traced_gets_its_own_backward_s_grads():
    L, leaves = mlp_loss(micrograd_engine.Value)
    t = viz.trace(L)
    ref, ref_leaves = mlp_loss(micrograd_engine.Value)
    ref.backward()
    assert [v.grad for v in leaves] == [v.grad for v in ref_leaves]
    mine, mine_leaves = mlp_loss(Ours)
    mine.backward()
    assert [v.grad for v in leaves] == pytest.approx([v.grad for v in mine_leaves])
    assert len(t.leaves) == len({id(x) for x in walk(L)[0] if not x._prev})
    assert viz.tree_text(L).splitlines()[0].split()[-1] == "+"


def test_viz_never_imports_torch_unless_handed_a_torch_tensor():
    code = (
        "import sys, viz, tinygrad_edu\n"
        "from viz import engines\n"
        "sys.modules['torch'] = tinygrad_edu  # as tinygrad-edu run binds it\n"
        "t = tinygrad_edu.tensor([1.0, 2.0], requires_grad=True)\n"
        "viz.draw((t * t).sum()).source; viz.trace((t * t).sum())\n"
        "print(engines.kind(t), sys.modules['torch'] is tinygrad_edu,"
        " 'torch._C' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["tensor", "True", "False"]
    assert not engines.is_torch(viz) and not engines.is_torch(1.0)


def test_labels_in_a_trace_are_for_pytorch_s_unlabelled_tensors_only():
    a = Ours(2.0, label="a")
    with pytest.raises(TypeError, match=r"own \.label"):
        viz.trace(a * a, labels={"x": a})


def readme_blocks():
    from pathlib import Path

    text = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### Any engine") : text.index("## Your own op")]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_readme_s_micrograd_example_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    block = readme_blocks()[0]
    ns: dict = {}
    exec(block, ns)
    ref_a, ref_b = micrograd_engine.Value(2.0), micrograd_engine.Value(3.0)
    (ref_a * ref_b + ref_a).relu().backward()
    assert (ns["a"].grad, ns["b"].grad) == (ref_a.grad, ref_b.grad)
    assert (tmp_path / "mg.svg").read_text().lstrip().startswith("<?xml")
    assert "Step 1/3  ReLU" in capsys.readouterr().out
