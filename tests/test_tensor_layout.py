"""The tensor layer's modules, each one concept: their doctests, and the seams between them."""

from __future__ import annotations

import doctest
import gc
import importlib

import pytest

import tinygrad_edu as torch
from tinygrad_edu import autograd
from tinygrad_edu._tensor import tensor_graph
from tinygrad_edu._tensor.hooks import RemovableHandle, new_hooks
from tinygrad_edu.core import ops

MODULES = [
    "_tensor.dtype",
    "_tensor.shape",
    "_tensor.hooks",
    "_tensor.tensor_graph",
    "_tensor.kernels",
    "_tensor.tensor_pass",
    "_tensor.tensor",
    "_tensor.ops.factories",
    "autograd",
    "_tensor.ops.functional",
    "_tensor._tensor_str",
    "_tensor.ops.views",
    "_tensor.ops.inplace",
    "_tensor.ops.indexing",
    "_tensor.ops.writeback",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"tinygrad_edu.{name}")
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    failed, _ = doctest.testmod(module, optionflags=flags)
    assert failed == 0


def test_a_handle_removes_its_hook_and_outlives_the_tensor():
    x = torch.tensor(2.0, requires_grad=True)
    calls = []
    h = x.register_hook(lambda g: calls.append(g.item()))
    (x * 3).backward()
    h.remove()
    (x * 3).backward()
    assert calls == [3.0]
    h2 = x.register_hook(lambda g: None)
    del x
    gc.collect()
    h2.remove()  # the hooks went with the tensor: nothing to remove, no error


def test_a_handle_holds_the_hooks_weakly():
    hooks = new_hooks()
    h = RemovableHandle(hooks)
    hooks[h.id] = print
    del hooks
    gc.collect()
    h.remove()
    with RemovableHandle(new_hooks()) as h3:
        assert isinstance(h3.id, int)


def test_tensor_backward_goes_through_autograd_backward(monkeypatch):
    seen = []
    real = autograd.backward
    monkeypatch.setattr(autograd, "backward", lambda *a, **k: seen.append(a) or real(*a, **k))
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    y = (x * x).sum()
    y.backward()
    assert seen and seen[0][0] is y
    assert x.grad.tolist() == [2.0, 4.0]


def test_a_number_as_the_gradient_of_a_0d_output():
    x = torch.tensor(3.0, requires_grad=True)
    torch.autograd.backward(x * 2, 5.0)
    assert x.grad.item() == 10.0


def test_one_node_class_per_name_and_create_graph_names_from_the_table():
    for op in ops.OPS.values():
        cls = tensor_graph.node_class(op.name)
        assert cls.__name__ == op.name
        assert tensor_graph.node_class(op.name) is cls
        for slot, name in op.double.items():
            node = object.__new__(tensor_graph.node_class(op.name))
            if cls.op is op:
                assert tensor_graph.double_backward_name(node, slot) == name
    x = torch.tensor(0.5, requires_grad=True)
    (g,) = torch.autograd.grad(x.tanh(), x, create_graph=True)
    assert g.grad_fn.name() == ops.OPS["tanh"].double[0]
    (g,) = torch.autograd.grad(x.relu(), x, create_graph=True)
    assert g.grad_fn.name() == ops.OPS["relu"].flat_double


def test_kernels_keep_the_class_of_their_input():
    class Mine(torch.Tensor):
        pass

    t = Mine.from_values(torch.tensor([1.0, 2.0]).elements(), (2,), torch.float32)
    assert type(t * 2) is Mine and type(t.sum()) is Mine and type(t[0]) is Mine
