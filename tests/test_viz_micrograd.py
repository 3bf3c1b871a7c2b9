"""micrograd's lecture, run as written against this engine, and viz.draw_dot beside it.

``LECTURE`` is the code of Andrej Karpathy's micrograd lecture ("The spelled-out intro to neural
networks and backpropagation", nn-zero-to-hero, MIT licence): its ``trace`` and ``draw_dot``
(written from ``_prev`` and ``_op`` with graphviz), its example graphs, the manual backprop
segment (``o.grad = 1.0; o._backward(); n._backward(); ...``), the topological sort and the
tanh built from ``exp``.  Only the import of ``Value`` is ours: ``from tinygrad_edu import Value``
stands where the lecture defines its own class.
"""

from __future__ import annotations

import math
import re

import pytest

import viz
from tinygrad_edu import Value
from viz.render import render

LECTURE = """
from tinygrad_edu import Value
from graphviz import Digraph

def trace(root):
  # builds a set of all nodes and edges in a graph
  nodes, edges = set(), set()
  def build(v):
    if v not in nodes:
      nodes.add(v)
      for child in v._prev:
        edges.add((child, v))
        build(child)
  build(root)
  return nodes, edges

def draw_dot(root):
  dot = Digraph(format='svg', graph_attr={'rankdir': 'LR'}) # LR = left to right

  nodes, edges = trace(root)
  for n in nodes:
    uid = str(id(n))
    # for any value in the graph, create a rectangular ('record') node for it
    dot.node(name = uid, label = "{ %s | data %.4f | grad %.4f }" % (n.label, n.data, n.grad), shape='record')
    if n._op:
      # if this value is a result of some operation, create an op node for it
      dot.node(name = uid + n._op, label = n._op)
      # and connect this node to it
      dot.edge(uid + n._op, uid)

  for n1, n2 in edges:
    # connect n1 to the op node of n2
    dot.edge(str(id(n1)), str(id(n2)) + n2._op)

  return dot

a = Value(2.0, label='a')
b = Value(-3.0, label='b')
c = Value(10.0, label='c')
e = a*b; e.label = 'e'
d = e + c; d.label = 'd'
f = Value(-2.0, label='f')
L = d * f; L.label = 'L'
L_dot = draw_dot(L)

# inputs x1,x2
x1 = Value(2.0, label='x1')
x2 = Value(0.0, label='x2')
# weights w1,w2
w1 = Value(-3.0, label='w1')
w2 = Value(1.0, label='w2')
# bias of the neuron
b = Value(6.8813735870195432, label='b')
# x1*w1 + x2*w2 + b
x1w1 = x1*w1; x1w1.label = 'x1*w1'
x2w2 = x2*w2; x2w2.label = 'x2*w2'
x1w1x2w2 = x1w1 + x2w2; x1w1x2w2.label = 'x1*w1 + x2*w2'
n = x1w1x2w2 + b; n.label = 'n'
o = n.tanh(); o.label = 'o'
before = draw_dot(o)

o.grad = 1.0
o._backward()
n._backward()
b._backward()
x1w1x2w2._backward()
x2w2._backward()
x1w1._backward()
manual = draw_dot(o)
manual_grads = {v.label: v.grad for v in (x1, x2, w1, w2, b, x1w1, x2w2, x1w1x2w2, n, o)}

for v in (x1, x2, w1, w2, b, x1w1, x2w2, x1w1x2w2, n, o):
  v.grad = 0.0

topo = []
visited = set()
def build_topo(v):
  if v not in visited:
    visited.add(v)
    for child in v._prev:
      build_topo(child)
    topo.append(v)
build_topo(o)

o.grad = 1.0
for node in reversed(topo):
  node._backward()
topo_grads = {v.label: v.grad for v in (x1, x2, w1, w2, b, x1w1, x2w2, x1w1x2w2, n, o)}

# the same neuron, with tanh written out through exp
x1 = Value(2.0, label='x1')
x2 = Value(0.0, label='x2')
w1 = Value(-3.0, label='w1')
w2 = Value(1.0, label='w2')
b = Value(6.8813735870195432, label='b')
x1w1 = x1*w1; x1w1.label = 'x1*w1'
x2w2 = x2*w2; x2w2.label = 'x2*w2'
x1w1x2w2 = x1w1 + x2w2; x1w1x2w2.label = 'x1*w1 + x2*w2'
n = x1w1x2w2 + b; n.label = 'n'
# ----
e = (2*n).exp()
o = (e - 1) / (e + 1)
# ----
o.label = 'o'
o.backward()
exp_dot = draw_dot(o)
exp_grads = {v.label: v.grad for v in (x1, x2, w1, w2, b)}

a = Value(3.0, label='a')
b = a + a   ; b.label = 'b'
b.backward()
twice = (a.grad, draw_dot(b))
"""

EXPECTED = {"x1": -1.5, "w1": 1.0, "x2": 0.5, "w2": 0.0, "b": 0.5, "n": 0.5, "o": 1.0}


@pytest.fixture(scope="module")
def lecture() -> dict:
    space: dict = {}
    exec(compile(LECTURE, "micrograd_lecture", "exec"), space)
    return space


def records(source: str) -> list[str]:
    return sorted(re.findall(r'label="(\{ [^"]* \})" shape=record', source))


def op_labels(source: str) -> list[str]:
    return sorted(re.findall(r'\[label="?([^"\]{][^"\]]*?)"?\]', source))


def test_the_lecture_draws_its_first_graph(lecture):
    src = lecture["L_dot"].source
    assert records(src) == sorted(
        f"{{ {name} | data {data:.4f} | grad 0.0000 }}"
        for name, data in [
            ("a", 2),
            ("b", -3),
            ("c", 10),
            ("e", -6),
            ("d", 4),
            ("f", -2),
            ("L", -8),
        ]
    )
    assert op_labels(src) == ["*", "*", "+"]
    assert "<svg" in render(src)  # and Graphviz (the wheel's) draws it


def test_the_manual_backprop_segment_gives_the_lectures_grads(lecture):
    grads = lecture["manual_grads"]
    for name, g in EXPECTED.items():
        assert grads[name] == pytest.approx(g, abs=1e-12), name
    assert grads["x1*w1"] == grads["x2*w2"] == grads["x1*w1 + x2*w2"] == pytest.approx(0.5)
    assert "{ x1 | data 2.0000 | grad -1.5000 }" in lecture["manual"].source
    assert "grad 0.0000" in lecture["before"].source and "tanh" in op_labels(
        lecture["before"].source
    )


def test_the_topological_pass_and_backward_agree_with_it(lecture):
    assert lecture["topo_grads"] == pytest.approx(lecture["manual_grads"])
    assert lecture["exp_grads"] == pytest.approx({k: EXPECTED[k] for k in lecture["exp_grads"]})
    # the exp version of tanh: its ops as micrograd names them; "-" and "/" are one node here
    ops = op_labels(lecture["exp_dot"].source)
    assert {"exp", "*", "+", "-", "/"} <= set(ops)


def test_the_lecture_bug_a_plus_a_is_fixed_here(lecture):
    grad, dot = lecture["twice"]
    assert grad == 2.0  # micrograd before the fix gave 1.0
    assert "{ a | data 3.0000 | grad 2.0000 }" in dot.source


def neuron() -> Value:
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    b = Value(6.8813735870195432, label="b")
    x1w1 = x1 * w1
    x1w1.label = "x1*w1"
    x2w2 = x2 * w2
    x2w2.label = "x2*w2"
    s = x1w1 + x2w2
    s.label = "x1*w1 + x2*w2"
    n = s + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


def test_viz_draw_dot_draws_what_the_lectures_draws(lecture):
    o = neuron()
    o.backward()
    ours = viz.draw_dot(o)
    theirs = lecture["draw_dot"](o)
    assert records(ours.source) == records(theirs.source)
    assert op_labels(ours.source) == op_labels(theirs.source)
    assert ours.source.count("->") == theirs.source.count("->") == 5 + 9  # ops, their inputs
    assert ours.nodes == 15
    assert viz.draw_dot(o).source == ours.source  # the same graph, the same text
    svg = ours.svg()
    texts = [t.replace("&#45;", "-") for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    assert "grad -1.5000" in texts and "tanh" in texts


def test_draw_dot_labels_are_safe_in_records_and_unlabelled_values_work():
    a = Value(1.0, label="{a|b}")
    y = a * 2 + Value(3.0)
    y.backward()
    g = viz.draw_dot(y, rankdir="TB")
    assert r"\{a\|b\}" in g.source and "rankdir=TB" in g.source
    assert "<svg" in g.svg()
    with pytest.raises(ValueError, match="rankdir"):
        viz.draw_dot(y, rankdir="XY")
    with pytest.raises(TypeError, match="needs a Value"):
        viz.draw_dot(3.0)


def test_micrograd_ops_are_the_lectures_strings():
    x = Value(0.5, label="x")
    assert [(x * 2)._op, (x + 1)._op, (x**2)._op, x.tanh()._op, x.exp()._op, x.relu()._op] == [
        "*",
        "+",
        "**2",
        "tanh",
        "exp",
        "ReLU",
    ]
    assert x._op == "" and x._prev == set()
    assert math.isclose((x - 1).data, -0.5) and (x - 1)._op == "-" and (x / 2)._op == "/"
