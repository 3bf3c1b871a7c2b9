"""Views, writes and indexing in the pictures, the tree and the trace: each view's node is drawn
and traced like every other node, under PyTorch's name, and a tensor's dtype is shown where it
is not the default one.  Exact text, checked by eye once (UPDATE_GOLDEN=1 writes the files
again after an intended change)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tinygrad_edu as torch
import viz
from viz.draw import draw
from viz.trace_view import trace_text

GOLDEN = Path(__file__).parent / "golden"


def views():
    """A graph through every kind of view and write: view, slice, t, transpose, select,
    an index list, a write into a tensor (CopySlices), and a float64 copy."""
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    a = x.view(4)[1:3]
    b = x.t()[0] * x.transpose(0, 1)[1]
    m = torch.zeros(2)
    m[0] = x[0, 1]
    c = x[[1]].double()
    s = a.sum() + b.sum() + m.sum() + c.sum().float()
    return x, s


@pytest.mark.parametrize("style", ["torch", "micrograd"])
def test_golden_views(style: str) -> None:
    x, s = views()
    s.backward()
    source = draw(s, style=style, labels={"x": x}).source
    path = GOLDEN / f"views_{style}.dot"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(source)
    assert source == path.read_text()


def written():
    """x[0] written over with 2 * x[1], then read back through an index list."""
    x = torch.tensor([1.0, 3.0], requires_grad=True)
    y = x.clone()
    y[0] = x[1] * 2
    return y[[1, 0]]


TREE = """\
tensor (2) float64  ToCopyBackward0
├── data 3.0000  grad 1.0000  ToCopyBackward0
│   └── data 3.0000  grad 1.0000  IndexBackward0
│       └── data 3.0000  grad 1.0000  CopySlices
│           └── data 3.0000  grad 1.0000  CloneBackward0
│               └── data 3.0000  grad 3.0000  leaf
└── data 6.0000  grad 1.0000  ToCopyBackward0
    └── data 6.0000  grad 1.0000  IndexBackward0
        └── data 6.0000  grad 1.0000  CopySlices
            ├── data 1.0000  grad 0.0000  CloneBackward0
            │   └── data 1.0000  grad 0.0000  leaf
            └── data 6.0000  grad 1.0000  MulBackward0
                ├── data 3.0000  grad 2.0000  SelectBackward0
                │   └── leaf data 3.0000  (see above)
                └── 2  number
"""


def test_the_tree_names_each_view_node_and_shows_a_float64_tensor() -> None:
    s = written().double()
    s.sum().backward()
    assert viz.tree_text(s, width=80) == TREE


TRACE = """\
Backward pass from v11 = 9.0, seeded with grad 1.0: 9 steps

Step 1/9  SumBackward0  v11 = sum(index(v3), index(v9)) = 9.0
  upstream grad 1.0
  index(v3) local d(sum(index(v3), index(v9)))/d(index(v3)) = 1.0
            chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0
  index(v9) local d(sum(index(v3), index(v9)))/d(index(v9)) = 1.0
            chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0

Step 2/9  IndexBackward0  index(v9) = 6.0
  upstream grad 1.0
  v9 local d(index(v9))/dv9 = 1.0
     chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0

Step 3/9  CopySlices  v9 = copy_slices(clone(v5), select(v1) * 2.0) = 6.0
  upstream grad 1.0
  clone(v5)        local d(v9)/d(clone(v5)) = 0.0
                   chain 1.0 × 0.0 = 0.0   grad += 0.0 → 0.0
  select(v1) * 2.0 local d(v9)/d(select(v1) * 2.0) = 1.0
                   chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0

Step 4/9  MulBackward0  select(v1) * 2.0 = 6.0
  upstream grad 1.0
  select(v1) local d(select(v1) * 2.0)/d(select(v1)) = 2.0
             chain 1.0 × 2.0 = 2.0   grad += 2.0 → 2.0
  2.0        local d(select(v1) * 2.0)/d(2.0) = select(v1) = 3.0
             chain a number: nothing flows to it

Step 5/9  SelectBackward0  select(v1) = 3.0
  upstream grad 2.0
  v1 local d(select(v1))/dv1 = 1.0
     chain 2.0 × 1.0 = 2.0   grad += 2.0 → 2.0

Step 6/9  CloneBackward0  clone(v5) = 1.0
  upstream grad 0.0
  v5 local d(clone(v5))/dv5 = 1.0
     chain 0.0 × 1.0 = 0.0   grad += 0.0 → 0.0

Step 7/9  IndexBackward0  index(v3) = 3.0
  upstream grad 1.0
  v3 local d(index(v3))/dv3 = 1.0
     chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0

Step 8/9  CopySlices  v3 = copy_slices(clone(v1)) = 3.0
  upstream grad 1.0
  clone(v1) local d(copy_slices(clone(v1)))/d(clone(v1)) = 1.0
            chain 1.0 × 1.0 = 1.0   grad += 1.0 → 1.0

Step 9/9  CloneBackward0  clone(v1) = 3.0
  upstream grad 1.0
  v1 local d(clone(v1))/dv1 = 1.0
     chain 1.0 × 1.0 = 1.0   grad += 1.0 → 3.0

Leaf grads
 leaf   data   grad
────────────────────
 v1      3.0    3.0
 v5      1.0    0.0
"""


def test_the_trace_steps_through_index_copy_slices_and_select() -> None:
    # x[0] is written over: its grad is 0 (a step that passes 0.0), x[1] gets 1 + 2
    text = trace_text(written().sum().elements()[0], width=80)
    assert "\n".join(line.rstrip() for line in text.splitlines()) + "\n" == TRACE


def test_a_mask_and_an_integer_tensor_show_their_dtype_in_a_float32_picture() -> None:
    x = torch.tensor([1.0, -3.0], requires_grad=True)
    z = x * (x > 0) + torch.tensor([1, 2])
    titles = [line.split('label="')[1].split('"')[0] for line in draw(z).source.splitlines()
              if "graph [" in line and "label=" in line]  # fmt: skip
    assert titles == ["(2)", "(2) bool", "MulBackward0 (2)", "(2) int64", "AddBackward0 (2)"]
    assert (
        viz.tree_text(x.double(), width=80).splitlines()[0] == "tensor (2) float64  ToCopyBackward0"
    )
