"""A custom autograd.Function in the pictures, the tree and the trace: its call is one node
named after the class, its outputs pick their elements from it, its backward's gradients flow
into the inputs (x = [1, 2], y = x**3: the grads are 3 * x**2 = [3, 12])."""

from __future__ import annotations

import tinygrad_edu as torch
import viz
from viz.trace import trace
from viz.trace_view import trace_text
from viz.tree import tree_text


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**3

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x**2


def _loss():
    x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    return x, Cube.apply(x).sum()


TREE = """\
tensor () float64  SumBackward0
└── data 9.0000  grad 1.0000  SumBackward0
    ├── data 1.0000  grad 1.0000  SelectBackward0
    │   ├── Cube.apply  data 0.0000  grad 2.0000  CubeBackward
    │   │   ├── data 1.0000  grad 3.0000  leaf
    │   │   └── data 2.0000  grad 12.0000  leaf
    │   └── 0  number
    └── data 8.0000  grad 1.0000  SelectBackward0
        ├── Cube.apply  (see above)
        └── 1  number
"""

LAST_STEP = """\
Step 4/4  CubeBackward  Cube.apply = Cube.apply(v1, v2) = 0.0
  upstream grad 2.0
  v1 local d(Cube.apply(v1, v2))/dv1 = Cube.backward / upstream = 1.5
     chain 2.0 × 1.5 = 3.0   grad += 3.0 → 3.0
  v2 local d(Cube.apply(v1, v2))/dv2 = Cube.backward / upstream = 6.0
     chain 2.0 × 6.0 = 12.0   grad += 12.0 → 12.0
"""


def test_the_tree_shows_the_call_once_under_its_outputs():
    x, loss = _loss()
    loss.backward()
    assert x.grad.tolist() == [3.0, 12.0]
    assert tree_text(loss) == TREE


def test_the_trace_runs_backward_once_at_the_call_s_node():
    _, loss = _loss()
    text = trace_text(loss.elements()[0])
    assert LAST_STEP in text
    t = trace(_loss()[1].elements()[0])
    assert [s.grad_fn for s in t.steps] == [
        "SumBackward0",
        "SelectBackward0",
        "SelectBackward0",
        "CubeBackward",
    ]
    assert [leaf.grad for leaf in t.leaves] == [3.0, 12.0]


def test_both_picture_styles_draw_the_call_s_node():
    _, loss = _loss()
    loss.backward()
    torch_style = viz.draw(loss, style="torch").source
    assert "<b>CubeBackward</b>" in torch_style and "grad [3.0000, 12.0000]" in torch_style
    micrograd = viz.draw(loss).source
    assert "f2 [label=CubeBackward" in micrograd and "<td>Cube.apply</td>" in micrograd
    assert micrograd.count("label=SelectBackward0") == 2
