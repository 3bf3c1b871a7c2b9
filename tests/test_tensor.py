"""The tensor layer: shapes, names, graph structure, backward, hooks, in-place, errors."""

import gc
import math
import sys
import warnings

import pytest

import tinygrad_edu as torch
from tinygrad_edu import Value
from tinygrad_edu._tensor.tensor import Size, Tensor


def leaf(data):
    return torch.tensor(data, requires_grad=True)


def err(fn, kind=RuntimeError):
    with pytest.raises(kind) as info:
        fn()
    return str(info.value)


# -- the seed program --------------------------------------------------------------------


def test_seed_program_prints_what_pytorch_prints():
    x = leaf([1.0, 2.0, 3.0])
    y = torch.sum(x)
    z = y * 2
    assert str(x) == "tensor([1., 2., 3.], requires_grad=True)"
    assert str(y) == "tensor(6., grad_fn=<SumBackward0>)"
    assert repr(z) == "tensor(12., grad_fn=<MulBackward0>)"
    z.backward()
    assert str(x.grad) == "tensor([2., 2., 2.])"
    assert torch.tensor([1.0, 2.0, 3.0]).grad_fn is None
    assert repr((x**2 + 2 * x + 1).grad_fn).startswith("<AddBackward0 object at 0x")
    assert torch.ones(3, requires_grad=True).grad_fn is None


# -- storage: every element a Value with its own scalar node ------------------------------


def test_elements_are_values_with_scalar_nodes():
    x = leaf([1.0, 2.0])
    y = x * 3
    assert all(isinstance(v, Value) for v in y._values)
    assert [v.grad_fn.name() for v in y._values] == ["MulBackward0"] * 2
    assert y._values[0].grad_fn is not y._values[1].grad_fn


def test_reductions_and_products_are_one_nary_node_per_element():
    x = leaf([1.0, 2.0, 3.0])
    s = x.sum()
    assert len(s._values) == 1 and len(s._values[0].grad_fn.inputs) == 3
    m = leaf([[1.0, 2.0], [3.0, 4.0]])
    mv = m @ leaf([1.0, 1.0])
    assert [v.grad_fn.name() for v in mv._values] == ["DotBackward0"] * 2
    assert all(len(v.grad_fn.inputs) == 4 for v in mv._values)  # a row and the vector


def test_shape_is_a_size():
    t = torch.ones(2, 3)
    assert isinstance(t.shape, Size) and t.shape == (2, 3)
    assert (
        repr(t.shape) == "torch.Size([2, 3])" and repr(torch.tensor(1.0).shape) == "torch.Size([])"
    )
    assert t.size() == t.shape and t.size(1) == 3 and t.dim() == 2 and t.numel() == 6


# -- tensor-level nodes ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "name"),
    [
        (lambda a, b: a + b, "AddBackward0"),
        (lambda a, b: 1 - a, "RsubBackward1"),
        (lambda a, b: a - b, "SubBackward0"),
        (lambda a, b: 2 / a, "MulBackward0"),
        (lambda a, b: a / b, "DivBackward0"),
        (lambda a, b: a**2, "PowBackward0"),
        (lambda a, b: a**b, "PowBackward1"),
        (lambda a, b: 2**a, "PowBackward2"),
        (lambda a, b: -a, "NegBackward0"),
        (lambda a, b: a.sum(), "SumBackward0"),
        (lambda a, b: a.sum(0), "SumBackward1"),
        (lambda a, b: a.mean(), "MeanBackward0"),
        (lambda a, b: a @ b, "DotBackward0"),
        (lambda a, b: torch.dot(a, b), "DotBackward0"),
        (lambda a, b: a[0], "SelectBackward0"),
        (lambda a, b: torch.stack([a, b]), "StackBackward0"),
        (lambda a, b: a.clone(), "CloneBackward0"),
        (lambda a, b: next(iter(a)), "UnbindBackward0"),
        (lambda a, b: torch.sigmoid(a), "SigmoidBackward0"),
    ],
)
def test_grad_fn_names(make, name):
    a, b = leaf([1.5, -2.0, 3.0]), leaf([0.5, 1.0, 2.0])
    fn = make(a, b).grad_fn
    assert type(fn).__name__ == fn.name() == name
    assert repr(fn).startswith(f"<{name} object at 0x")


def test_matrix_products():
    m, v = leaf([[1.0, 2.0], [3.0, 4.0]]), leaf([1.0, -1.0])
    assert (m @ v).grad_fn.name() == "MvBackward0" and (m @ v).tolist() == [-1.0, -1.0]
    assert (m @ m).grad_fn.name() == "MmBackward0" and (m @ m).tolist() == [[7, 10], [15, 22]]
    vm = torch.matmul(v, m)
    assert vm.tolist() == [-2.0, -2.0]
    # PyTorch's own route for vector @ matrix: unsqueeze, mm, squeeze
    ((mm, _),) = vm.grad_fn.next_functions
    assert [vm.grad_fn.name(), mm.name(), mm.next_functions[0][0].name()] == [
        "SqueezeBackward4",
        "MmBackward0",
        "UnsqueezeBackward0",
    ]


def test_next_functions_share_one_accumulate_grad_per_leaf():
    a, b = leaf(2.0), leaf(3.0)
    c = a * b + a
    (mul, _), (ag, _) = c.grad_fn.next_functions
    assert mul.name() == "MulBackward0"
    assert ag.variable is a and ag.name() == "torch::autograd::AccumulateGrad"
    assert mul.next_functions[0][0] is ag and type(ag).__name__ == "AccumulateGrad"


def test_constants_and_numbers_are_none_and_numbers_come_second():
    a, k = leaf([1.0, 2.0]), torch.tensor([3.0, 4.0])
    assert (k * a).grad_fn.next_functions[0] == (None, 0)
    for t in (3.0 * a, a * 3.0, 1 + a):
        assert [f is None for f, _ in t.grad_fn.next_functions] == [False, True]
    for t in (1 - a, a**2, 2**a, a.exp()):
        assert len(t.grad_fn.next_functions) == 1
    s = torch.stack([a, k, a])
    assert [f is None for f, _ in s.grad_fn.next_functions] == [False, True, False]


def test_nodes_do_not_keep_their_outputs_alive():
    x = leaf([1.0, 2.0])
    y = (x * 2).sum()
    fn = y.grad_fn
    ref = __import__("weakref").ref(y)
    del y
    gc.collect()
    assert ref() is None and fn.name() == "SumBackward0"


def test_saved_values():
    x, w = leaf(3.0), leaf(2.0)
    y = x * w
    assert y.grad_fn._saved_self is x and y.grad_fn._saved_other is w
    assert (x * 5).grad_fn._saved_self is None and (x * 5).grad_fn._saved_other.item() == 5
    assert (x**3).grad_fn._saved_exponent == 3
    e = x.exp()
    assert e.grad_fn._saved_result is not e and e.grad_fn._saved_result.item() == e.item()
    assert leaf([1.0, 2.0]).sum().grad_fn._saved_self_sym_sizes == (2,)
    e.backward()
    assert "second time" in err(lambda: e.grad_fn._saved_result)


def test_calling_a_node_is_one_chain_rule_step():
    x, w = leaf(3.0), leaf(2.0)
    gx, gw = (x * w).grad_fn(torch.tensor(1.0))
    assert (gx.item(), gw.item()) == (2.0, 3.0) and gx.grad_fn is not None
    assert (x * 2).grad_fn(torch.tensor(1.0))[1] is None
    with torch.no_grad():
        bare = (x**2).grad_fn
    assert bare is None
    g = (x**2).grad_fn(torch.tensor(1.0))
    assert isinstance(g, Tensor) and g.item() == 6.0
    assert x.tanh().grad_fn(torch.tensor(1.0)).grad_fn.name() == "TanhBackwardBackward0"
    assert err(lambda: (x * w).grad_fn(1.0), TypeError) == "argument 0 is not a Variable"
    assert err(lambda: (x * w).grad_fn(), TypeError) == "expected 1 arguments, got 0 instead"
    assert x.grad is None  # a direct call does not touch .grad


# -- arithmetic --------------------------------------------------------------------------


def test_broadcasting_numbers_zero_d_and_trailing_dims():
    m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert (m + torch.tensor(1.0)).tolist() == [[2, 3, 4], [5, 6, 7]]
    assert (m * torch.tensor([1.0, 0.0, 2.0])).tolist() == [[1, 0, 6], [4, 0, 12]]
    assert (torch.tensor([[1.0], [2.0]]) * torch.tensor([1.0, 2.0])).tolist() == [[1, 2], [2, 4]]
    msg = err(lambda: torch.ones(3) + torch.ones(2))
    assert (
        msg
        == "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0"
    )
    assert "at non-singleton dimension 1" in err(lambda: m + torch.ones(2))


def test_broadcast_gradients_sum_over_the_repeated_input():
    a, b = leaf([[1.0, 2.0], [3.0, 4.0]]), leaf([10.0, 20.0])
    (a * b).sum().backward()
    assert b.grad.tolist() == [4.0, 6.0] and a.grad.tolist() == [[10, 20], [10, 20]]


def test_dtypes_and_promotion():
    i = torch.tensor([1, 2, 3])
    assert repr(i) == "tensor([1, 2, 3])" and i.dtype is torch.int64
    assert (i * 2).dtype is torch.int64 and (i / 2).dtype is torch.float32
    assert (i + 0.5).dtype is torch.float32 and (i > 1).dtype is torch.bool
    assert repr(torch.tensor([True, False])) == "tensor([ True, False])"
    d = torch.tensor([1.5], dtype=torch.float64)
    assert (d * torch.ones(1)).dtype is torch.float64 and "dtype=torch.float64" in repr(d)
    assert torch.arange(3).tolist() == [0, 1, 2] and torch.arange(0, 1, 0.5).tolist() == [0, 0.5]


def test_comparisons_give_bool_tensors_without_grad():
    x = leaf([1.0, 2.0, 3.0])
    for c in (x > 1, x == 2, x <= 2.0, x != x, x < torch.tensor(2.0), x >= 3):
        assert c.dtype is torch.bool and not c.requires_grad and c.grad_fn is None
    assert (x > 1).tolist() == [False, True, True]


def test_item_and_tolist_give_float32_numbers_like_pytorch():
    assert torch.tensor(0.1).item() == 0.10000000149011612
    assert torch.tensor([0.1], dtype=torch.float64).item() == 0.1
    assert torch.tensor([[1, 2]]).tolist() == [[1, 2]]
    assert (
        err(lambda: torch.ones(3).item())
        == "a Tensor with 3 elements cannot be converted to Scalar"
    )


def test_indexing():
    m = leaf([[1.0, 2.0], [3.0, 4.0]])
    assert m[1].tolist() == [3.0, 4.0] and m[-1, 0].item() == 3.0 and m[0][1].item() == 2.0
    m[1, 0].backward()
    assert m.grad.tolist() == [[0, 0], [1, 0]]
    assert err(lambda: m[2], IndexError) == "index 2 is out of bounds for dimension 0 with size 2"
    assert "dimension 1 with size 2" in err(lambda: m[0, 5], IndexError)
    assert "invalid index of a 0-dim tensor" in err(lambda: torch.tensor(1.0)[0], IndexError)
    assert [t.item() for t in torch.tensor([1.0, 2.0])] == [1.0, 2.0]


@pytest.fixture
def warn_once_again(monkeypatch):
    # the module, not the function torch.tensor that shadows its name in the package
    monkeypatch.setitem(sys.modules["tinygrad_edu._tensor.tensor"]._warned, "to_scalar", False)


def test_stack_and_tensor_of_tensors(warn_once_again):
    x = leaf([1.0, 2.0])
    with pytest.warns(UserWarning, match="Converting a tensor with requires_grad=True"):
        t = torch.tensor([x[0], x[1]])
    assert not t.requires_grad and t.grad_fn is None
    s = torch.stack([x[0], x[1] * 2])
    s.sum().backward()
    assert x.grad.tolist() == [1.0, 2.0]
    assert torch.stack([x, x], dim=1).tolist() == [[1, 1], [2, 2]]


# -- backward ----------------------------------------------------------------------------


def test_leaf_grad_accumulates_in_place():
    w = leaf([1.0, 2.0, 3.0])
    (w * w).sum().backward()
    g = w.grad
    (w * w).sum().backward()
    assert w.grad is g and g.tolist() == [4, 8, 12]
    w.grad.zero_()
    assert w.grad is g and g.tolist() == [0, 0, 0]
    w.grad = None
    w.sum().backward()
    assert w.grad is not g and w.grad.tolist() == [1, 1, 1]


def test_second_backward_only_fails_when_something_was_saved():
    x = leaf(2.0)
    y = x + 1
    y.backward()
    y.backward()
    assert x.grad.item() == 2.0
    z = x * 3
    z.backward()
    assert err(z.backward).startswith("Trying to backward through the graph a second time")
    z2 = x * 3
    z2.backward(retain_graph=True)
    z2.backward()
    assert x.grad.item() == 11.0  # 2, then +3 three times


def test_backward_errors():
    x = leaf([1.0, 2.0, 3.0])
    assert (
        err(lambda: (x * 2).backward()) == "grad can be implicitly created only for scalar outputs"
    )
    none = "element 0 of tensors does not require grad and does not have a grad_fn"
    assert err(lambda: torch.tensor(1.0).backward()) == none
    assert err(lambda: x.detach().sum().backward()) == none
    msg = err(lambda: (x * 2).backward(torch.ones(2)))
    assert msg == (
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([2]) and output[0] has a "
        "shape of torch.Size([3])."
    )
    (x * 2).backward(torch.tensor([1.0, 0.5, 2.0]))
    assert x.grad.tolist() == [2.0, 1.0, 4.0]


def test_backward_on_a_leaf_itself():
    x = leaf(5.0)
    x.backward()
    assert x.grad.item() == 1.0


def test_non_leaf_grad_warns_and_retain_grad_keeps_it():
    x = leaf([1.0, 2.0])
    y = x * 2
    with pytest.warns(UserWarning, match="is not a leaf Tensor is being accessed"):
        assert y.grad is None
    z = x * 2
    z.retain_grad()
    (z * z + z).sum().backward(retain_graph=True)
    assert z.retains_grad and not x.retains_grad and z.grad.tolist() == [5.0, 9.0]
    assert err(lambda: torch.tensor(1.0).retain_grad()) == (
        "can't retain_grad on Tensor that has requires_grad=False"
    )


def test_hooks_see_and_replace_gradients():
    x = leaf(2.0)
    h = x.register_hook(lambda g: g * 10)
    (x * 2).backward()
    assert x.grad.item() == 20.0
    h.remove()
    (x * 2).backward()
    assert x.grad.item() == 22.0
    seen = []
    y = x * 3
    y.register_hook(lambda g: seen.append(("y", g.item())))
    z = y * y
    z.register_hook(lambda g: seen.append(("z", g.item())))
    z.backward()
    assert seen == [("z", 1.0), ("y", 12.0)]  # z = y², y = 3x = 6


def test_a_hook_on_a_non_leaf_changes_what_flows_below_it():
    x = leaf([1.0, 2.0])
    y = x * 2
    y.register_hook(lambda g: g * 0 + 1)
    (y * y).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    with pytest.raises(RuntimeError, match="cannot register a hook on a tensor that doesn't"):
        torch.tensor(1.0).register_hook(lambda g: g)


def test_hook_registered_twice_and_on_a_tensor_used_twice():
    x = leaf([1.0, 2.0])
    y = x * 2
    calls = []
    y.register_hook(lambda g: calls.append(g.tolist()))
    y.register_hook(lambda g: calls.append("second"))
    (y * 3 + y * 4).sum().backward()
    assert calls == [[7.0, 7.0], "second"] and x.grad.tolist() == [14.0, 14.0]


# -- flags and in-place ------------------------------------------------------------------


def test_requires_grad_flags_and_errors():
    x = leaf([1.0, 2.0])
    y = x * 2
    assert x.is_leaf and not y.is_leaf and y.requires_grad and y.requires_grad_(True) is y
    nonleaf = "you can only change requires_grad flags of leaf variables."
    assert err(lambda: y.requires_grad_(False)).startswith(nonleaf)
    with pytest.raises(RuntimeError, match=nonleaf):
        y.requires_grad = False
    assert err(lambda: torch.tensor([1, 2], requires_grad=True)) == (
        "Only Tensors of floating point and complex dtype can require gradients"
    )
    assert err(lambda: torch.tensor([1, 2]).requires_grad_()) == (
        "only Tensors of floating point dtype can require gradients"
    )
    with torch.no_grad():
        n = x * 2
        made = torch.ones(2, requires_grad=True)
    assert not n.requires_grad and n.is_leaf and made.requires_grad


def test_sgd_step_in_place_under_no_grad():
    p = leaf([1.0, 2.0, 3.0])
    (p * p).sum().backward()
    values = list(p._values)
    with torch.no_grad():
        p -= 0.1 * p.grad
    assert p.is_leaf and p._values == values
    assert p.tolist() == pytest.approx([0.8, 1.6, 2.4])
    msg = "a leaf Variable that requires grad is being used in an in-place operation."

    def inplace():
        nonlocal p
        p += 1

    assert err(inplace) == msg
    assert err(lambda: p.add_(1)) == msg


def test_in_place_on_a_non_leaf_records_the_op():
    x = leaf([1.0, 2.0])
    y = x * 2
    y += 1
    assert y.grad_fn.name() == "AddBackward0"
    assert y.grad_fn.next_functions[0][0].name() == "MulBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]


def test_detach_shares_storage_and_drops_the_graph():
    a = leaf([1.0, 2.0])
    d = a.detach()
    assert d.is_leaf and not d.requires_grad and d.grad_fn is None
    d.zero_()
    assert a.tolist() == [0.0, 0.0]
    with torch.no_grad():
        a += 1
    assert d.tolist() == [1.0, 1.0]


def test_assigning_grads():
    x = leaf(2.0)
    assert "got grad of type int" in err(lambda: setattr(x, "grad", 3), TypeError)
    assert "gradient of size '[2]' to a tensor of size '[]'" in err(
        lambda: setattr(x, "grad", torch.ones(2))
    )


# -- autograd.grad -----------------------------------------------------------------------


def test_autograd_grad_returns_a_tuple_and_leaves_grad_alone():
    x = leaf(2.0)
    (g,) = torch.autograd.grad(x**3, x)
    assert g.item() == 12.0 and not g.requires_grad and x.grad is None
    assert err(lambda: torch.autograd.grad(g, x)).startswith("element 0 of tensors")


def test_third_derivative_of_a_cube():
    x = leaf(2.0)
    (g1,) = torch.autograd.grad(x**3, x, create_graph=True)
    assert repr(g1) == "tensor(12., grad_fn=<MulBackward0>)"
    (g2,) = torch.autograd.grad(g1, x, create_graph=True)
    (g3,) = torch.autograd.grad(g2, x)
    assert (g2.item(), g3.item()) == (12.0, 6.0)


def test_unused_inputs_and_inputs_without_grad():
    x, y = leaf(1.0), leaf(2.0)
    assert err(lambda: torch.autograd.grad(x * 2, [x, y])) == (
        "The differentiated Tensor at index 1 appears to not have been used in the graph. "
        "Set allow_unused=True if this is the desired behavior."
    )
    assert torch.autograd.grad(x * 2, [x, y], allow_unused=True)[1] is None
    assert torch.autograd.grad(x * 2, [x, y], materialize_grads=True)[1].item() == 0.0
    assert err(lambda: torch.autograd.grad(x * 2, [torch.tensor(1.0)])) == (
        "One of the differentiated Tensors does not require grad"
    )


def test_grad_of_a_non_leaf_and_with_grad_outputs():
    x = leaf([1.0, 2.0, 3.0])
    y = x * 2
    assert torch.autograd.grad(y.sum(), y)[0].tolist() == [1.0, 1.0, 1.0]
    (g,) = torch.autograd.grad(x * 3, x, grad_outputs=torch.tensor([1.0, 0.0, 2.0]))
    assert g.tolist() == [3.0, 0.0, 6.0]


def test_backward_with_create_graph_gives_a_differentiable_grad():
    x = leaf(2.0)
    with pytest.warns(UserWarning, match="create_graph=True will create a reference cycle"):
        (x**3).backward(create_graph=True)
    assert repr(x.grad) == "tensor(12., grad_fn=<CopyBackwards>)"
    (g2,) = torch.autograd.grad(x.grad, x)
    assert g2.item() == 12.0


def test_lifted_grads_expose_a_tensor_graph():
    x = leaf(2.0)
    (g,) = torch.autograd.grad(x**3, x, create_graph=True)
    nodes, stack = set(), [g.grad_fn]
    while stack:
        n = stack.pop()
        nodes.add(n.name())
        stack.extend(f for f, _ in n.next_functions if f is not None)
    assert {"MulBackward0", "PowBackward0", "torch::autograd::AccumulateGrad"} <= nodes


# -- anomaly mode ------------------------------------------------------------------------


def test_anomaly_mode_names_the_node():
    x = leaf(-1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autograd.detect_anomaly():
            y = x.sqrt()
            with pytest.raises(RuntimeError) as info:
                y.backward()
    assert str(info.value) == "Function 'SqrtBackward0' returned nan values in its 0th output."
    assert math.isnan(y.item())


# -- conversions -------------------------------------------------------------------------


def test_python_conversions(warn_once_again):
    x = leaf([1.0, 2.0, 3.0])
    with pytest.warns(UserWarning, match="Converting a tensor with requires_grad=True"):
        assert float(x[0]) == 1.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PyTorch warns once per process
        assert int(x[1]) == 2
    assert (
        int(torch.tensor(3)) == 3
        and bool(torch.tensor(1.0))
        and f"{torch.tensor(2.5):.2f}" == "2.50"
    )
    assert "only one element tensors" in err(lambda: float(x), ValueError)
    assert "ambiguous" in err(lambda: bool(x))
    assert err(lambda: len(torch.tensor(1.0)), TypeError) == "len() of a 0-d tensor"
    assert err(lambda: iter(torch.tensor(1.0)), TypeError) == "iteration over a 0-d tensor"
    assert len(torch.ones(4, 2)) == 4


def test_matmul_errors():
    assert err(lambda: torch.tensor(1.0) @ torch.ones(2)) == (
        "both arguments to matmul need to be at least 1D, but they are 0D and 1D"
    )
    assert err(lambda: torch.dot(torch.tensor(1.0), torch.tensor(2.0))) == (
        "1D tensors expected, but got 0D and 0D tensors"
    )
    assert err(lambda: torch.ones(2, 3) @ torch.ones(2)) == (
        "size mismatch, got input (2), mat (2x3), vec (2)"
    )
    assert err(lambda: torch.ones(2, 3) @ torch.ones(2, 2)) == (
        "mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)"
    )
    assert "inconsistent tensor size" in err(lambda: torch.ones(3) @ torch.ones(2))


def test_reductions_over_a_dim():
    m = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert m.sum(0).tolist() == [5, 7, 9] and m.sum(1).tolist() == [6, 15]
    assert m.sum(-1, keepdim=True).shape == (2, 1) and m.mean(0).tolist() == [2.5, 3.5, 4.5]
    assert m.mean(0).grad_fn.name() == "MeanBackward1"
    m.mean(0).sum().backward()
    assert m.grad.tolist() == [[0.5] * 3] * 2
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 1\], but got 2"):
        m.sum(2)
    with pytest.raises(RuntimeError, match="mean\\(\\): could not infer output dtype"):
        torch.arange(4).mean()


def test_a_node_call_credits_each_input_slot_separately():
    x = leaf([1.0, 2.0])
    ga, gb = (x * x).grad_fn(torch.ones(2))
    assert ga.tolist() == gb.tolist() == [1.0, 2.0]  # not the sum of both slots
    m = leaf([[1.0, 2.0], [3.0, 4.0]])
    gm, gx = (m @ x).grad_fn(torch.ones(2))
    assert gm.tolist() == [[1.0, 2.0], [1.0, 2.0]] and gx.tolist() == [4.0, 6.0]
    assert m[1].grad_fn(torch.ones(2)).tolist() == [[0.0, 0.0], [1.0, 1.0]]


# -- gradcheck ---------------------------------------------------------------------------


def test_gradcheck_on_tensors():
    w = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    m = torch.tensor([[1.0, -1.0], [0.5, 2.0]], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda a, b: (b @ a).tanh(), (w, m))
    wrong = lambda t: (t * t).sum() * 0 + t.detach().sum()  # the detach loses the grad
    with pytest.raises(torch.autograd.GradcheckError, match="Jacobian mismatch for output 0"):
        torch.autograd.gradcheck(wrong, (w,))
    assert torch.autograd.gradcheck(wrong, (w,), raise_exception=False) is False
    with pytest.raises(ValueError, match="at least one input tensor to require gradient"):
        torch.autograd.gradcheck(lambda t: t.sum(), (torch.ones(2),))
    assert torch.autograd.gradcheck(lambda v: v.tanh(), Value(0.3))  # the scalar one


def test_gradcheck_with_float32_fails_like_pytorch():
    x = leaf([1.0, 2.0])
    warns = pytest.warns(UserWarning, match="Input #0 requires gradient and is not a double")
    with warns, pytest.raises(torch.autograd.GradcheckError) as info:
        torch.autograd.gradcheck(lambda t: (t * t).sum(), (x,))
    # PyTorch's own numbers: float32 central differences with eps=1e-6
    assert "numerical:tensor([[1.9073],\n        [3.8147]])" in str(info.value)


def test_graphs_are_freed_by_reference_counting_alone():
    import weakref

    gc.disable()
    try:
        x = leaf([1.0, 2.0])
        y = x * 2
        y.retain_grad()
        y.register_hook(lambda g: g)
        z = (y.tanh() @ y).sum()
        (g,) = torch.autograd.grad(z, x, create_graph=True)
        g.grad_fn.next_functions  # builds the lifted tensors
        z.backward()
        refs = [weakref.ref(t) for t in (y, z, g)] + [weakref.ref(z.grad_fn)]
        del y, z, g
        assert [r() for r in refs] == [None] * len(refs)
        assert x.grad is not None
    finally:
        gc.enable()


def test_torch_tensor_constructor_and_isinstance():
    t = torch.Tensor([1, 2])
    assert (
        isinstance(t, torch.Tensor) and t.dtype is torch.float32 and repr(t) == "tensor([1., 2.])"
    )


def test_a_seed_gradient_with_a_graph_is_used_as_numbers_unless_create_graph():
    x, w = leaf([1.0, 2.0]), leaf([1.0, 3.0])
    (x * 2).backward(w * 1)
    assert x.grad.tolist() == [2.0, 6.0] and x.grad.grad_fn is None and w.grad is None
    (g,) = torch.autograd.grad(x * x, x, grad_outputs=w * 1, create_graph=True)
    assert g.tolist() == [2.0, 12.0] and g.grad_fn is not None
    (gw,) = torch.autograd.grad(g.sum(), w)
    assert gw.tolist() == [2.0, 4.0]  # d(2 x w)/dw


def test_gradients_through_tanh_and_sigmoid_are_named_like_pytorchs():
    x = leaf([0.5, -1.0])
    (g,) = torch.autograd.grad(x.tanh().sum(), x, create_graph=True)
    assert g.grad_fn.name() == "TanhBackwardBackward0"
    (h,) = torch.autograd.grad(torch.sigmoid(x).sum(), x, create_graph=True)
    assert h.grad_fn.name() == "SigmoidBackwardBackward0"
    (k,) = torch.autograd.grad((x.tanh() + x).sum(), x, create_graph=True)
    assert k.grad_fn.name() == "AddBackward0"  # two uses of x: the sum of two gradients


def test_autograd_grad_runs_tensor_hooks_and_stops_at_its_inputs():
    x = leaf([1.0, 2.0])
    seen = []
    x.register_hook(lambda g: seen.append(("x", g.tolist())))
    y = x * 2
    y.register_hook(lambda g: g * 10)
    (gx,) = torch.autograd.grad(y.sum(), x)
    assert gx.tolist() == [20.0, 20.0] and seen == [("x", [20.0, 20.0])]
    # y's own node was freed by that call; a grad with respect to y does not need it
    (gy,) = torch.autograd.grad((y * y).sum(), y)
    assert gy.tolist() == [40.0, 80.0]
    assert x.grad is None and not y.retains_grad
