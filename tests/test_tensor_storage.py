"""Storage as PyTorch shows it: data_ptr, the layout a copy keeps, in-place ops and their errors.

Expected values are PyTorch 2.13's, observed with the real torch.
"""

from __future__ import annotations

import pytest

import tinygrad_edu as torch


def _t():
    return torch.arange(24.0).reshape(2, 3, 4)


# a view, its strides' copy by clone() (preserve_format), by contiguous(): observed in torch
LAYOUTS = [
    (lambda t: t.permute(2, 1, 0), (1, 4, 12), (6, 2, 1)),
    (lambda t: t.permute(1, 0, 2), (4, 12, 1), (8, 4, 1)),
    (lambda t: t[:, 1:], (8, 4, 1), (8, 4, 1)),
    (lambda t: t[::2], (24, 4, 1), (24, 4, 1)),
    (lambda t: t[0].expand(2, 3, 4), (12, 4, 1), (12, 4, 1)),
    (lambda t: t.transpose(0, 1)[:, :, 1:], (3, 9, 1), (6, 3, 1)),
    (lambda t: t.unsqueeze(1).permute(3, 2, 1, 0), (1, 4, 12, 12), (6, 2, 2, 1)),
    (lambda t: t[:, :, 0].T, (1, 3), (2, 1)),
]


@pytest.mark.parametrize(("make", "cloned", "contiguous"), LAYOUTS)
def test_clone_keeps_the_layout_and_contiguous_makes_it_row_major(make, cloned, contiguous):
    v = make(_t())
    assert v.clone().stride() == cloned
    assert v.contiguous().stride() == contiguous and v.contiguous().is_contiguous()
    assert v.clone().tolist() == v.tolist() == v.contiguous().tolist()


def test_data_ptr_is_shared_by_views_detach_and_data_and_moves_by_the_offset():
    x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    p = x.data_ptr()
    assert x.view(6).data_ptr() == x.detach().data_ptr() == x.data.data_ptr() == x.T.data_ptr() == p
    assert x[1].data_ptr() - p == 12 and x[:, 2].data_ptr() - p == 8
    d = x.double()
    assert d[1].data_ptr() - d.data_ptr() == 24
    assert x.clone().data_ptr() != p and (x * 1).data_ptr() != p
    i = torch.tensor([1, 2])
    assert i[1].data_ptr() - i.data_ptr() == 8


def _nan():
    return float("nan")


# an in-place op on i = [1, -2, 3], f = [0.25, -2.0, nan] or b = [True, False, True]: its
# result, or PyTorch's error
INPLACE = [
    ("i.sqrt_()", "result type Float can't be cast to the desired output type Long"),
    ("i.neg_()", [-1, 2, -3]),
    ("i.abs_()", [1, 2, 3]),
    ("i.pow_(2)", [1, 4, 9]),
    ("i.pow_(0.5)", "result type Float can't be cast to the desired output type Long"),
    ("i.div_(2)", "result type Float can't be cast to the desired output type Long"),
    ("i.mul_(1.5)", "result type Float can't be cast to the desired output type Long"),
    ("i.exp_()", "result type Float can't be cast to the desired output type Long"),
    ("i.clamp_(0.5, 2)", "result type Float can't be cast to the desired output type long int"),
    ("i.clamp_(0, 2)", [1, 0, 2]),
    ("f.clamp_()", "torch.clamp: At least one of 'min' or 'max' must not be None"),
    ("i.square_()", [1, 4, 9]),
    ("b.add_(1)", "result type Long can't be cast to the desired output type Bool"),
    ("i.add_(b)", [2, -2, 4]),
    ("i.fill_(2.5)", [2, 2, 2]),
    ("f.clamp_(min=0)", [0.25, 0.0, _nan()]),
    ("f.clamp_(max=-1)", [-1.0, -2.0, _nan()]),
    ("f.clamp_(1, 0)", [0.0, 0.0, _nan()]),
    ("f.neg_()", [-0.25, 2.0, _nan()]),
    ("f.abs_()", [0.25, 2.0, _nan()]),
    ("f.sqrt_()", [0.5, _nan(), _nan()]),
    ("f.pow_(3)", [0.015625, -8.0, _nan()]),
    ("f.exp_()", [1.2840254306793213, 0.1353352814912796, _nan()]),
    ("f.reciprocal_()", [4.0, -0.5, _nan()]),
    ("f.relu_()", [0.25, 0.0, _nan()]),
    ("f.tanh_()", [0.24491865932941437, -0.9640275835990906, _nan()]),
    ("f.sigmoid_()", [0.562176525592804, 0.11920291930437088, _nan()]),
    ("f.pow_(torch.tensor([1.0, 2.0, 0.0]))", [0.25, 4.0, 1.0]),
]


@pytest.mark.parametrize(("expr", "expected"), INPLACE, ids=[e[0] for e in INPLACE])
def test_inplace_ops_on_each_dtype_as_pytorch(expr, expected):
    env = {
        "torch": torch,
        "i": torch.tensor([1, -2, 3]),
        "f": torch.tensor([0.25, -2.0, float("nan")]),
        "b": torch.tensor([True, False, True]),
    }
    t = env[expr[0]]
    if isinstance(expected, str):
        with pytest.raises(RuntimeError) as info:
            eval(expr, env)
        assert str(info.value) == expected and t._version == 0
    else:
        r = eval(expr, env)
        assert r is t and repr(t.tolist()) == repr(expected) and t._version == 1


# an in-place op on y = x * 1: y's node, version, and the grad of x ([0.25, 2.0])
RECORDED = [
    ("y.neg_()", "NegBackward0", 1, [-1.0, -1.0]),
    ("y.pow_(2)", "PowBackward0", 1, [0.5, 4.0]),
    ("y.sqrt_()", "SqrtBackward0", 1, [1.0, 0.3535533845424652]),
    ("y.abs_()", "AbsBackward0", 1, [1.0, 1.0]),
    ("y.exp_()", "ExpBackward0", 1, [1.2840254306793213, 7.389056205749512]),
    ("y.clamp_(0, 1)", "ClampBackward1", 1, [1.0, 0.0]),
    ("y.clamp_(min=0.5)", "ClampBackward1", 1, [0.0, 1.0]),
    ("y.relu_()", "ReluBackward0", 1, [1.0, 1.0]),
]


@pytest.mark.parametrize(
    ("expr", "node", "version", "grad"), RECORDED, ids=[r[0] for r in RECORDED]
)
def test_inplace_ops_record_the_op_as_pytorch(expr, node, version, grad):
    if "clamp" in expr and not hasattr(torch.Tensor, "clamp"):
        pytest.skip("clamp_ with a graph is clamp's node: no Tensor.clamp yet")
    x = torch.tensor([0.25, 2.0], requires_grad=True)
    y = x * 1
    eval(expr, {"y": y})
    y.sum().backward()
    assert (type(y.grad_fn).__name__, y._version, x.grad.tolist()) == (node, version, grad)


def test_each_inplace_op_refuses_a_leaf_that_requires_grad():
    w = torch.tensor([1.0, 2.0], requires_grad=True)
    for op in (w.neg_, w.sqrt_, w.exp_, lambda: w.clamp_(0, 1), lambda: w.pow_(2), w.zero_):
        with pytest.raises(RuntimeError, match=r"^a leaf Variable that requires grad is being"):
            op()
    assert w.tolist() == [1.0, 2.0] and w._version == 0


def test_out_writes_the_result_into_out_and_returns_it():
    a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    for fn, args, expected in [
        (torch.mul, (a, a), [[1.0, 4.0], [9.0, 16.0]]),
        (torch.matmul, (a, a.T), [[5.0, 11.0], [11.0, 25.0]]),
        (torch.exp, (torch.zeros(2, 2),), [[1.0, 1.0], [1.0, 1.0]]),
    ]:
        out = torch.zeros(2, 2)
        assert fn(*args, out=out) is out and out.tolist() == expected and out._version == 1
    with pytest.raises(RuntimeError, match=r"^result type Float can't be cast to the desired"):
        torch.mul(a, 2, out=torch.zeros(2, 2, dtype=torch.int64))
    w = a.clone().requires_grad_()
    with pytest.raises(RuntimeError) as info:
        torch.matmul(w, w, out=torch.zeros(2, 2))
    assert str(info.value) == (
        "matmul(): functions with out=... arguments don't support automatic differentiation, "
        "but one of the arguments requires grad."
    )
    with torch.no_grad():
        assert torch.mul(w, w, out=a) is a


def test_load_state_dict_writes_through_the_detached_tensors_into_the_parameters():
    torch.manual_seed(0)
    a, b = torch.nn.Linear(2, 2), torch.nn.Linear(2, 2)
    b.load_state_dict(a.state_dict())
    assert b.weight.tolist() == a.weight.tolist() and b.bias.tolist() == a.bias.tolist()
    assert b.weight.data_ptr() != a.weight.data_ptr() and b.weight.is_leaf


# a write into a view of y = x * 1 (x = [1, 2, 3]): y after it, y's and the view's nodes,
# the shared version, and the grad of x for d/dx sum(y * (1, 10, 100))
REBASED = [
    (
        "v = y[1:]; v.mul_(10)",
        [1.0, 20.0, 30.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [1.0, 100.0, 1000.0],
    ),
    (
        "v = y.view(3); v.add_(1)",
        [2.0, 3.0, 4.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [1.0, 10.0, 100.0],
    ),
    (
        "v = y[0]; v.zero_()",
        [0.0, 2.0, 3.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [0.0, 10.0, 100.0],
    ),
    (
        "v = y.unsqueeze(0)[0, 1:]; v[0] = x[0] * 5",
        [1.0, 5.0, 3.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [51.0, 0.0, 100.0],
    ),
    (
        "v = y.T; v.exp_()",
        [2.7182817459106445, 7.389056205749512, 20.08553695678711],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [2.7182817459106445, 73.89056396484375, 2008.5537109375],
    ),
    (
        "v = y[1:]; w = v[1:]; w.neg_()",
        [1.0, 2.0, -3.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [1.0, 10.0, -100.0],
    ),
    (
        "v = y[:2]; v += x[1:]",
        [3.0, 5.0, 3.0],
        "CopySlices",
        "AsStridedBackward0",
        1,
        [1.0, 11.0, 110.0],
    ),
]


@pytest.mark.parametrize(("code", "after", "node", "view_node", "version", "grad"), REBASED,
                         ids=[r[0] for r in REBASED])  # fmt: skip
def test_a_write_into_a_view_reaches_its_base_as_pytorch(
    code, after, node, view_node, version, grad
):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    env = {"x": x, "y": x * 1}
    exec(code, env)
    y, v = env["y"], env["v"]
    assert (type(y.grad_fn).__name__, type(v.grad_fn).__name__, y._version) == (
        node,
        view_node,
        version,
    )
    assert y.tolist() == pytest.approx(after, rel=1e-7) and v._version == version
    (y * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    assert x.grad.tolist() == pytest.approx(grad, rel=1e-7)


@pytest.mark.parametrize(
    "code", ["x[1:].mul_(2)", "x.view(3).add_(1)", "x[0].zero_()", "x.T[1:][0] = 5.0"]
)
def test_a_write_into_a_view_of_a_leaf_that_requires_grad_is_refused(code):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    with pytest.raises(RuntimeError) as info:
        exec(code, {"x": x})
    assert str(info.value) == (
        "a view of a leaf Variable that requires grad is being used in an in-place operation."
    )
    assert x.tolist() == [1.0, 2.0, 3.0]
    with torch.no_grad():  # the way around it: the write reaches x
        exec(code, {"x": x})
    assert x.tolist() != [1.0, 2.0, 3.0] and x.is_leaf


def test_zero_and_fill_record_their_node_and_cut_the_gradient():
    x = torch.tensor([1.0, 2.0], requires_grad=True)
    for fill, name in [
        (lambda y: y.zero_(), "ZeroBackward0"),
        (lambda y: y.fill_(0.1), "FillBackward2"),
        (lambda y: y.fill_(torch.tensor(0.1)), "FillBackward3"),
        (lambda y: y[1:].fill_(0.1), "CopySlices"),
    ]:
        x.grad = None
        y = x * 3
        fill(y)
        (y * y).sum().backward()
        assert type(y.grad_fn).__name__ == name
        # torch: 0.1 as a float32 is 0.10000000149011612, and y * y's grad through the fill is 0
        assert x.grad.tolist() == ([18.0, 0.0] if name == "CopySlices" else [0.0, 0.0])
        assert y.tolist()[1] == (0.0 if name == "ZeroBackward0" else 0.10000000149011612)


# views v and w of y = x * 1 (x = [1, 2, 3]), then a write: y, v and w after it, the views'
# nodes (PyTorch remakes a view whose base was written), the grad of x for sum(y * (1, 10, 100))
SHARED = [
    (
        "v = y[0:2]; w = y[1:]; y.add_(1)",
        [2.0, 3.0, 4.0],
        [2.0, 3.0],
        [3.0, 4.0],
        ("AsStridedBackward0", "AsStridedBackward0"),
        [1.0, 10.0, 100.0],
    ),
    (
        "v = y[0:2]; w = y[1:]; v.mul_(10)",
        [10.0, 20.0, 3.0],
        [10.0, 20.0],
        [20.0, 3.0],
        ("AsStridedBackward0", "AsStridedBackward0"),
        [10.0, 100.0, 100.0],
    ),
    (
        "v = y[0:2]; w = v[1:]; w.zero_()",
        [1.0, 0.0, 3.0],
        [1.0, 0.0],
        [0.0],
        ("AsStridedBackward0", "AsStridedBackward0"),
        [1.0, 0.0, 100.0],
    ),
    (
        "v = y.view(3); w = y.detach(); y.mul_(2)",
        [2.0, 4.0, 6.0],
        [2.0, 4.0, 6.0],
        [2.0, 4.0, 6.0],
        ("AsStridedBackward0", None),
        [2.0, 20.0, 200.0],
    ),
    (
        "v = y[1:]; w = v.detach(); w.fill_(7.0)",
        [1.0, 7.0, 7.0],
        [7.0, 7.0],
        [7.0, 7.0],
        ("AsStridedBackward0", None),
        [1.0, 10.0, 100.0],
    ),
    (
        "v = y[0]; w = y.T\nwith torch.no_grad():\n    y -= 0.5",
        [0.5, 1.5, 2.5],
        0.5,
        [0.5, 1.5, 2.5],
        ("AsStridedBackward0", "AsStridedBackward0"),
        [1.0, 10.0, 100.0],
    ),
    (
        "v = y[:2]; w = y[2]; y[1:] = x[:2] * x[1:]",
        [1.0, 2.0, 6.0],
        [1.0, 2.0],
        6.0,
        ("AsStridedBackward0", "AsStridedBackward0"),
        [21.0, 310.0, 200.0],
    ),
]


@pytest.mark.parametrize(("code", "y_after", "v_after", "w_after", "nodes", "grad"), SHARED,
                         ids=[s[0].replace("\n", " ") for s in SHARED])  # fmt: skip
def test_views_and_their_base_see_each_others_writes_as_pytorch(
    code, y_after, v_after, w_after, nodes, grad
):
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    env = {"torch": torch, "x": x, "y": x * 1}
    exec(code, env)
    y, v, w = env["y"], env["v"], env["w"]
    assert (y.tolist(), v.tolist(), w.tolist()) == (y_after, v_after, w_after)
    assert tuple(type(t.grad_fn).__name__ if t.grad_fn else None for t in (v, w)) == nodes
    (y * torch.tensor([1.0, 10.0, 100.0])).sum().backward()
    assert x.grad.tolist() == grad


def test_nelement_is_numel():
    assert torch.zeros(2, 3).nelement() == 6 and torch.tensor(1.0).nelement() == 1


def test_storage_warns_as_pytorch_the_first_time_only() -> None:
    """PyTorch 2.13's ``t.storage()`` warns once per process that TypedStorage is deprecated."""
    import subprocess
    import sys

    code = (
        "import warnings, tinygrad_edu as torch\n"
        "warnings.simplefilter('always')\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    torch.ones(2).storage(); torch.ones(3).storage()\n"
        "print(len(w), w[0].category.__name__, str(w[0].message)[:60])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert (
        out.stdout.strip()
        == "1 UserWarning TypedStorage is deprecated. It will be removed in the future"
    )
