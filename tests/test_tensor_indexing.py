"""Indexing and writing through an index, against what PyTorch 2.13 gives (observed with the
real torch): the values, the node, and the grads that flow back to the tensor and the value."""

from __future__ import annotations

import pytest

import tinygrad_edu as torch

# key, shape, values, grad_fn, grad of x for d/dx sum(x[key] * (1, 2, 3, ...))
GETS = [
    (
        "[1]",
        (4,),
        [4.0, 5.0, 6.0, 7.0],
        "SelectBackward0",
        [[0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[-1, 2]",
        (),
        10.0,
        "SelectBackward0",
        [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]],
    ),
    (
        "[..., -1]",
        (3,),
        [3.0, 7.0, 11.0],
        "SelectBackward0",
        [[0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 2.0], [0.0, 0.0, 0.0, 3.0]],
    ),
    (
        "[None, 0]",
        (1, 4),
        [[0.0, 1.0, 2.0, 3.0]],
        "SelectBackward0",
        [[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[:, None, 1:3]",
        (3, 1, 2),
        [[[1.0, 2.0]], [[5.0, 6.0]], [[9.0, 10.0]]],
        "SliceBackward0",
        [[0.0, 1.0, 2.0, 0.0], [0.0, 3.0, 4.0, 0.0], [0.0, 5.0, 6.0, 0.0]],
    ),
    (
        "[[0, 2]]",
        (2, 4),
        [[0.0, 1.0, 2.0, 3.0], [8.0, 9.0, 10.0, 11.0]],
        "IndexBackward0",
        [[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0]],
    ),
    (
        "[:, [1, 1, 3]]",
        (3, 3),
        [[1.0, 1.0, 3.0], [5.0, 5.0, 7.0], [9.0, 9.0, 11.0]],
        "IndexBackward0",
        [[0.0, 3.0, 0.0, 3.0], [0.0, 9.0, 0.0, 6.0], [0.0, 15.0, 0.0, 9.0]],
    ),
    (
        "[[0, 2], [1, 3]]",
        (2,),
        [1.0, 11.0],
        "IndexBackward0",
        [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 2.0]],
    ),
    (
        "[[[0], [2]], [1, 3]]",
        (2, 2),
        [[1.0, 3.0], [9.0, 11.0]],
        "IndexBackward0",
        [[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [0.0, 3.0, 0.0, 4.0]],
    ),
    (
        "[1:, [0, 0]]",
        (2, 2),
        [[4.0, 4.0], [8.0, 8.0]],
        "IndexBackward0",
        [[0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 0.0], [7.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[x > 5]",
        (6,),
        [6.0, 7.0, 8.0, 9.0, 10.0, 11.0],
        "IndexBackward0",
        [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 2.0], [3.0, 4.0, 5.0, 6.0]],
    ),
    (
        "[:, torch.tensor([True, False, True, False])]",
        (3, 2),
        [[0.0, 2.0], [4.0, 6.0], [8.0, 10.0]],
        "IndexBackward0",
        [[1.0, 0.0, 2.0, 0.0], [3.0, 0.0, 4.0, 0.0], [5.0, 0.0, 6.0, 0.0]],
    ),
    (
        "[torch.tensor([2, 0])]",
        (2, 4),
        [[8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0]],
        "IndexBackward0",
        [[5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0]],
    ),
    (
        "[torch.tensor(1)]",
        (4,),
        [4.0, 5.0, 6.0, 7.0],
        "SelectBackward0",
        [[0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[range(2), [3, 1]]",
        (2,),
        [3.0, 5.0],
        "IndexBackward0",
        [[0.0, 0.0, 0.0, 1.0], [0.0, 2.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[..., [0], 1:]",
        (1, 3),
        [[1.0, 2.0, 3.0]],
        "IndexBackward0",
        [[0.0, 1.0, 2.0, 3.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
    ),
    (
        "[:, :]",
        (3, 4),
        [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
        "AliasBackward0",
        [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
    ),
    (
        "[...]",
        (3, 4),
        [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
        "AliasBackward0",
        [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
    ),
    (
        "[True]",
        (1, 3, 4),
        [[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]]],
        "IndexBackward0",
        [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
    ),
    (
        "[0, [1, 2]]",
        (2,),
        [1.0, 2.0],
        "IndexBackward0",
        [[0.0, 1.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
    ),
]


@pytest.mark.parametrize(("key", "shape", "values", "node", "grad"), GETS, ids=[g[0] for g in GETS])
def test_getitem_as_pytorch(key, shape, values, node, grad):
    x = torch.arange(12.0).reshape(3, 4).requires_grad_()
    y = eval("x" + key)
    assert (tuple(y.shape), y.tolist(), type(y.grad_fn).__name__) == (shape, values, node)
    (y * torch.arange(1.0, y.numel() + 1).reshape(y.shape)).sum().backward()
    assert x.grad.tolist() == grad


def test_an_index_copies_and_a_view_shares():
    x = torch.arange(6.0).reshape(2, 3)
    picked, view = x[[0, 1]], x[:, :]
    picked[0, 0] = 100.0
    view[1, 1] = -1.0
    assert x.tolist() == [[0.0, 1.0, 2.0], [3.0, -1.0, 5.0]] and picked.data_ptr() != x.data_ptr()


# key, value, y after y[key] = value (y = x * 1), y's grad_fn, grads of x and of v
SETS = [
    (
        "[1]",
        "v[0]",
        [[0.0, 1.0, 2.0, 3.0], [10.0, 10.0, 10.0, 10.0], [8.0, 9.0, 10.0, 11.0]],
        "CopySlices",
        [[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0], [9.0, 10.0, 11.0, 12.0]],
        [26.0, 0.0, 0.0, 0.0],
    ),
    (
        "[:, 1]",
        "v[:3]",
        [[0.0, 10.0, 2.0, 3.0], [4.0, 20.0, 6.0, 7.0], [8.0, 30.0, 10.0, 11.0]],
        "CopySlices",
        [[1.0, 0.0, 3.0, 4.0], [5.0, 0.0, 7.0, 8.0], [9.0, 0.0, 11.0, 12.0]],
        [2.0, 6.0, 10.0, 0.0],
    ),
    (
        "[0, 1:]",
        "2.5",
        [[0.0, 2.5, 2.5, 2.5], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]],
        "CopySlices",
        [[1.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]],
        None,
    ),
    (
        "[..., -1]",
        "v[1]",
        [[0.0, 1.0, 2.0, 20.0], [4.0, 5.0, 6.0, 20.0], [8.0, 9.0, 10.0, 20.0]],
        "CopySlices",
        [[1.0, 2.0, 3.0, 0.0], [5.0, 6.0, 7.0, 0.0], [9.0, 10.0, 11.0, 0.0]],
        [0.0, 24.0, 0.0, 0.0],
    ),
    (
        "[[0, 2]]",
        "v[:4]",
        [[10.0, 20.0, 30.0, 40.0], [4.0, 5.0, 6.0, 7.0], [10.0, 20.0, 30.0, 40.0]],
        "IndexPutBackward0",
        [[0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0]],
        [10.0, 12.0, 14.0, 16.0],
    ),
    (
        "[x.detach() > 6]",
        "v[0]",
        [[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 10.0], [10.0, 10.0, 10.0, 10.0]],
        "IndexPutBackward0",
        [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
        [50.0, 0.0, 0.0, 0.0],
    ),
    (
        "[1:, [0, 3]]",
        "v[:2]",
        [[0.0, 1.0, 2.0, 3.0], [10.0, 5.0, 6.0, 20.0], [10.0, 9.0, 10.0, 20.0]],
        "CopySlices",
        [[1.0, 2.0, 3.0, 4.0], [0.0, 6.0, 7.0, 0.0], [0.0, 10.0, 11.0, 0.0]],
        [14.0, 20.0, 0.0, 0.0],
    ),
    (
        "[:]",
        "v[:4]",
        [[10.0, 20.0, 30.0, 40.0], [10.0, 20.0, 30.0, 40.0], [10.0, 20.0, 30.0, 40.0]],
        "CopyBackwards",
        [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]],
        [15.0, 18.0, 21.0, 24.0],
    ),
    (
        "[[0, 2], [1, 1]]",
        "v[:2]",
        [[0.0, 10.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 20.0, 10.0, 11.0]],
        "IndexPutBackward0",
        [[1.0, 0.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 0.0, 11.0, 12.0]],
        [2.0, 10.0, 0.0, 0.0],
    ),
]


@pytest.mark.parametrize(
    ("key", "value", "after", "node", "gx", "gv"), SETS, ids=[s[0] for s in SETS]
)
def test_setitem_as_pytorch(key, value, after, node, gx, gv):
    x = torch.arange(12.0).reshape(3, 4).requires_grad_()
    v = torch.tensor([10.0, 20.0, 30.0, 40.0], requires_grad=True)
    y = x * 1
    exec(f"y{key} = {value}")
    assert (y.tolist(), type(y.grad_fn).__name__) == (after, node)
    (y * torch.arange(1.0, 13.0).reshape(3, 4)).sum().backward()
    assert x.grad.tolist() == gx and (v.grad.tolist() if v.grad is not None else None) == gv


def test_copy_slices_names_and_slots_as_pytorch():
    x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = x.clone()
    y[1] = 0.0
    fns = y.grad_fn.next_functions
    assert y.grad_fn.name() == "torch::autograd::CopySlices" and "grad_fn=<CopySlices>" in repr(y)
    assert type(fns[0][0]).__name__ == "CloneBackward0" and fns[1] == (None, 0)
    m = torch.zeros(3)
    m.copy_(x)
    assert type(m.grad_fn).__name__ == "CopyBackwards" and m.grad_fn.next_functions[0] == (None, 0)
    assert m.grad_fn.next_functions[1][0].variable is x


# an expression, the error PyTorch raises, its message word for word
ERRORS = [
    (
        "x.__setitem__(0, torch.ones(3))",
        "RuntimeError",
        "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [4].  Tensor sizes: [3]",
    ),
    (
        "x.__setitem__([0, 1], torch.ones(3))",
        "RuntimeError",
        "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2, 4]",
    ),
    ("x[[0, 3]]", "IndexError", "index 3 is out of bounds for dimension 0 with size 3"),
    (
        "x[:, torch.tensor([4])]",
        "IndexError",
        "index 4 is out of bounds for dimension 0 with size 4",
    ),
    (
        "x[torch.tensor([True, False])]",
        "IndexError",
        "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3, 4] at index 0",
    ),
    (
        "x[torch.tensor([0.0])]",
        "IndexError",
        "tensors used as indices must be long, int, byte or bool tensors",
    ),
    (
        "x[1.5]",
        "IndexError",
        "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)",
    ),
    (
        "x[[0, 1], [0, 1, 2]]",
        "IndexError",
        "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]",
    ),
    ("x[0, 0, 0]", "IndexError", "too many indices for tensor of dimension 2"),
    ("x['a']", "TypeError", "new(): invalid data type 'str'"),
    ("x[None, 5]", "IndexError", "index 5 is out of bounds for dimension 1 with size 3"),
    ("x[torch.tensor(5)]", "IndexError", "index 5 is out of bounds for dimension 0 with size 3"),
    (
        "l.__setitem__(0, 1.0)",
        "RuntimeError",
        "a view of a leaf Variable that requires grad is being used in an in-place operation.",
    ),
    (
        "l.__setitem__([0], 1.0)",
        "RuntimeError",
        "a leaf Variable that requires grad is being used in an in-place operation.",
    ),
    (
        "l.__setitem__(l > 0, 1.0)",
        "RuntimeError",
        "a leaf Variable that requires grad is being used in an in-place operation.",
    ),
]


@pytest.mark.parametrize(("expr", "error", "message"), ERRORS, ids=[e[0] for e in ERRORS])
def test_index_errors_as_pytorch(expr, error, message):
    x = torch.arange(12.0).reshape(3, 4)
    leaf = torch.ones(3, requires_grad=True)
    with pytest.raises(Exception) as info:
        eval(expr, {"torch": torch, "x": x, "l": leaf})
    assert (type(info.value).__name__, str(info.value)) == (error, message)


# on x = [[1, 2], [3, 4]] (requires grad), m = [True, False], i = [1, -2] and zeros z (3),
# z2 (2, 3), z3 (3, 2): the result or PyTorch's error, the node, d/dx sum(r * (1, 2, ...))
MASKS = [
    (
        "x.masked_fill(m, 0.1)",
        [[0.10000000149011612, 2.0], [0.10000000149011612, 4.0]],
        "MaskedFillBackward0",
        [[0.0, 2.0], [0.0, 4.0]],
    ),
    (
        "x.masked_fill(x.detach() > 2, -1.0)",
        [[1.0, 2.0], [-1.0, -1.0]],
        "MaskedFillBackward0",
        [[1.0, 2.0], [0.0, 0.0]],
    ),
    (
        "x.masked_fill(torch.tensor([[[True]], [[False]]]), 5.0)",
        [[[5.0, 5.0], [5.0, 5.0]], [[1.0, 2.0], [3.0, 4.0]]],
        "MaskedFillBackward0",
        [[5.0, 6.0], [7.0, 8.0]],
    ),
    (
        "x.masked_fill(m, torch.tensor(7.0))",
        [[7.0, 2.0], [7.0, 4.0]],
        "MaskedFillBackward1",
        [[0.0, 2.0], [0.0, 4.0]],
    ),
    ("i.masked_fill(torch.tensor([True, False]), 2.7)", [2, -2], None, None),
    (
        "x.masked_fill(torch.tensor([1.0, 0.0]), 0)",
        "RuntimeError: masked_fill_ only supports boolean masks, but got mask with dtype float",
        None,
        None,
    ),
    (
        "x.masked_fill(m, torch.tensor([1.0, 2.0]))",
        "RuntimeError: masked_fill_ only supports a 0-dimensional value tensor, but got tensor with 1 dimension(s).",
        None,
        None,
    ),
    (
        "x.masked_fill(torch.tensor([True, False, True]), 0)",
        "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
        None,
        None,
    ),
    ("z.scatter_(0, torch.tensor(1), value=1)", [0.0, 1.0, 0.0], None, None),
    (
        "z2.scatter_(1, torch.tensor([[2], [0]]), 1.5)",
        [[0.0, 0.0, 1.5], [1.5, 0.0, 0.0]],
        None,
        None,
    ),
    (
        "z3.scatter_(0, torch.tensor([[2, 1]]), torch.tensor([[7.0, 8.0, 9.0], [1.0, 2.0, 3.0]]))",
        [[0.0, 0.0], [0.0, 8.0], [7.0, 0.0]],
        None,
        None,
    ),
    (
        "z2.scatter_(1, torch.tensor([[3], [0]]), 1.5)",
        "RuntimeError: index 3 is out of bounds for dimension 1 with size 3",
        None,
        None,
    ),
    (
        "z2.scatter_(1, torch.tensor([2, 0]), 1.5)",
        "RuntimeError: Index tensor must have the same number of dimensions as self tensor",
        None,
        None,
    ),
    (
        "z2.scatter_(1, torch.tensor([[2.0], [0.0]]), 1.5)",
        "RuntimeError: scatter(): Expected dtype int32/int64 for index",
        None,
        None,
    ),
    ("~m", [False, True], None, None),
    ("~i", [-2, 1], None, None),
    (
        "~x",
        "TypeError: ~ (operator.invert) is only implemented on integer and Boolean-type tensors",
        None,
        None,
    ),
]


@pytest.mark.parametrize(("expr", "expected", "node", "grad"), MASKS, ids=[m[0] for m in MASKS])
def test_masked_fill_scatter_and_invert_as_pytorch(expr, expected, node, grad):
    x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    env = {"torch": torch, "x": x, "m": torch.tensor([True, False]), "i": torch.tensor([1, -2])}
    env.update(z=torch.zeros(3), z2=torch.zeros(2, 3), z3=torch.zeros(3, 2))
    if isinstance(expected, str):
        with pytest.raises(Exception) as info:
            eval(expr, env)
        assert f"{type(info.value).__name__}: {info.value}" == expected
        return
    r = eval(expr, env)
    assert r.tolist() == expected and (type(r.grad_fn).__name__ if r.grad_fn else None) == node
    if grad is not None:
        (r * torch.arange(1.0, r.numel() + 1).reshape(r.shape)).sum().backward()
        assert x.grad.tolist() == grad


# on x = arange(6).reshape(2, 3) (requires grad): the result or PyTorch's error, the node, and
# d/dx sum(r * (1, 2, ...))
PICKS = [
    (
        "x.gather(1, torch.tensor([[2], [0]]))",
        [[2.0], [3.0]],
        "GatherBackward0",
        [[0.0, 0.0, 1.0], [2.0, 0.0, 0.0]],
    ),
    (
        "x.gather(0, torch.tensor([[1, 0, 1]]))",
        [[3.0, 1.0, 5.0]],
        "GatherBackward0",
        [[0.0, 2.0, 0.0], [1.0, 0.0, 3.0]],
    ),
    (
        "x.index_select(0, torch.tensor([1, 1, 0]))",
        [[3.0, 4.0, 5.0], [3.0, 4.0, 5.0], [0.0, 1.0, 2.0]],
        "IndexSelectBackward0",
        [[7.0, 8.0, 9.0], [5.0, 7.0, 9.0]],
    ),
    (
        "x.index_select(1, torch.tensor(1))",
        [[1.0], [4.0]],
        "IndexSelectBackward0",
        [[0.0, 1.0, 0.0], [0.0, 2.0, 0.0]],
    ),
    (
        "x.index_select(-1, torch.tensor([2, 0]))",
        [[2.0, 0.0], [5.0, 3.0]],
        "IndexSelectBackward0",
        [[2.0, 0.0, 1.0], [4.0, 0.0, 3.0]],
    ),
    (
        "x.gather(1, torch.tensor([2, 0]))",
        "RuntimeError: Index tensor must have the same number of dimensions as input tensor",
        None,
        None,
    ),
    (
        "x.gather(1, torch.tensor([[3], [0]]))",
        "RuntimeError: index 3 is out of bounds for dimension 1 with size 3",
        None,
        None,
    ),
    (
        "x.gather(1, torch.tensor([[2.0], [0.0]]))",
        "RuntimeError: gather(): Expected dtype int32/int64 for index",
        None,
        None,
    ),
    (
        "x.gather(0, torch.tensor([[0, 1, 0, 1]]))",
        "RuntimeError: Size does not match at dimension 1 expected index [1, 4] to be no larger than self [2, 3] apart from dimension 0",
        None,
        None,
    ),
    (
        "x.index_select(0, torch.tensor([[1]]))",
        "IndexError: index_select(): Index is supposed to be a vector",
        None,
        None,
    ),
    ("x.index_select(0, torch.tensor([2]))", "IndexError: index out of range in self", None, None),
    (
        "x.index_select(0, torch.tensor([1.0]))",
        "RuntimeError: index_select(): Expected dtype int32 or int64 for index",
        None,
        None,
    ),
]


@pytest.mark.parametrize(("expr", "expected", "node", "grad"), PICKS, ids=[p[0] for p in PICKS])
def test_gather_and_index_select_as_pytorch(expr, expected, node, grad):
    x = torch.arange(6.0).reshape(2, 3).requires_grad_()
    if isinstance(expected, str):
        with pytest.raises(Exception) as info:
            eval(expr, {"torch": torch, "x": x})
        assert f"{type(info.value).__name__}: {info.value}" == expected
        return
    r = eval(expr, {"torch": torch, "x": x})
    assert (r.tolist(), type(r.grad_fn).__name__) == (expected, node)
    (r * torch.arange(1.0, r.numel() + 1).reshape(r.shape)).sum().backward()
    assert x.grad.tolist() == grad
