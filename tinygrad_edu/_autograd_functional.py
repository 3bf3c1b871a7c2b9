"""``torch.autograd.functional``: ``jacobian``, ``hessian``, ``vjp``, ``jvp``, ``vhp``, ``hvp``,
built on ``torch.autograd.grad`` as PyTorch builds them (a backward pass per output element
for the Jacobian; the double-backward trick for ``jvp`` and ``hvp``).

>>> import tinygrad_edu as torch
>>> from tinygrad_edu.autograd.functional import jacobian, hessian
>>> jacobian(lambda x: x ** 2, torch.tensor([1.0, 3.0]))
tensor([[2., 0.],
        [0., 6.]])
>>> hessian(lambda x: (x ** 3).sum(), torch.tensor([1.0, 2.0]))
tensor([[ 6.,  0.],
        [ 0., 12.]])

``torch.autograd.functional`` is this module: the package makes it ``autograd``'s submodule
``functional`` (``import tinygrad_edu.autograd.functional`` and, under ``tinygrad-edu run``,
``from torch.autograd.functional import jacobian`` work).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._tensor.kernels import stack
from ._tensor.ops.factories import zeros_like
from ._tensor.tensor_graph import is_tensor
from .autograd import grad

__all__ = ["hessian", "hvp", "jacobian", "jvp", "vhp", "vjp"]


def _as_tuple(x: Any) -> tuple[bool, tuple[Any, ...]]:
    return (isinstance(x, tuple), x if isinstance(x, tuple) else (x,))


def _prepare(inputs: tuple[Any, ...], create_graph: bool) -> tuple[Any, ...]:
    # PyTorch's _grad_preprocess: a new leaf (or a view, to keep a graph) of each input
    return tuple(
        x.view_as(x) if create_graph and x.requires_grad else x.detach().requires_grad_(True)
        for x in inputs
    )


def _finish(x: Any, create_graph: bool) -> Any:
    if isinstance(x, tuple):
        return tuple(_finish(y, create_graph) for y in x)
    return x if create_graph or x is None else x.detach()


def _unpack(res: Any, outer: bool, inner: bool) -> Any:
    """PyTorch's _tuple_postprocess: drop the tuples the caller did not give."""
    if not outer and not inner:
        return res[0][0]
    if not outer:
        return res[0]
    if not inner:
        return tuple(r[0] for r in res)
    return res


def _grads(out: Any, ins: tuple[Any, ...], v: Any, create_graph: bool) -> tuple[Any, ...]:
    gs = grad(out, ins, v, retain_graph=True, create_graph=create_graph, allow_unused=True)
    return tuple(zeros_like(x) if g is None else g for g, x in zip(gs, ins))


def jacobian(func: Callable[..., Any], inputs: Any, create_graph: bool = False,
             strict: bool = False, vectorize: bool = False,
             strategy: str = "reverse-mode") -> Any:  # fmt: skip
    """d func(inputs) / d inputs: for each output and input, a tensor of shape
    ``output.shape + input.shape``, one backward pass per output element."""
    if strategy != "reverse-mode":
        raise NotImplementedError("jacobian(strategy='forward-mode') is not built here")
    in_tuple, ins = _as_tuple(inputs)
    ins = _prepare(ins, create_graph)
    out_tuple, outs = _as_tuple(func(*ins))
    res = []
    for out in outs:
        if not is_tensor(out):
            raise TypeError("The outputs of the user-provided function given to jacobian must "
                            "be either a Tensor or a tuple of Tensors")  # fmt: skip
        rows: list[list[Any]] = [[] for _ in ins]
        flat = out.reshape(-1)
        for i in range(flat.numel()):
            if out.requires_grad:
                onehot = zeros_like(out).reshape(-1)
                onehot[i] = 1.0
                gs = _grads(out, ins, onehot.view_as(out), create_graph)
            else:
                gs = tuple(zeros_like(x) for x in ins)
            for j, g in enumerate(gs):
                rows[j].append(g)
        res.append(tuple(
            (stack(r, 0) if r else zeros_like(x).reshape(0, *x.shape)).view(*out.shape, *x.shape)
            for r, x in zip(rows, ins)
        ))  # fmt: skip
    return _unpack(_finish(tuple(res), create_graph), out_tuple, in_tuple)


def hessian(func: Callable[..., Any], inputs: Any, create_graph: bool = False,
            strict: bool = False, vectorize: bool = False,
            outer_jacobian_strategy: str = "reverse-mode") -> Any:  # fmt: skip
    """The second derivatives of a function with one number out: the Jacobian of its
    gradient (``jacobian`` of ``jacobian`` with ``create_graph=True``, as PyTorch)."""
    in_tuple, ins = _as_tuple(inputs)

    def single(*x: Any) -> Any:
        out = func(*x)
        if isinstance(out, tuple) or not is_tensor(out) or out.numel() != 1:
            raise RuntimeError("The function given to hessian should return a single Tensor "
                               "containing a single element")  # fmt: skip
        return out.squeeze()

    def jac(*x: Any) -> Any:
        return jacobian(single, x, create_graph=True)

    res = jacobian(jac, ins, create_graph=create_graph)
    return _unpack(res, in_tuple, in_tuple)


def _v(v: Any, like: tuple[Any, ...], name: str) -> tuple[Any, ...]:
    if v is None:
        if len(like) != 1 or like[0].numel() != 1:
            raise RuntimeError(
                "The vector v can only be None if the user-provided function returns a single "
                "Tensor with a single element."
            ) if name == "vjp" else RuntimeError(
                "The vector v can only be None if the input to the user-provided function is "
                "a single Tensor with a single element."
            )  # fmt: skip
        return (zeros_like(like[0]) + 1,)
    return _as_tuple(v)[1]


def vjp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """(func(inputs), v^T J): the outputs and the vector-Jacobian product."""
    in_tuple, ins = _as_tuple(inputs)
    ins = _prepare(ins, create_graph)
    out_tuple, outs = _as_tuple(func(*ins))
    vs = _v(v, outs, "vjp")
    g = _grads(outs, ins, vs, create_graph)
    outs_f = _finish(outs, create_graph)
    return (outs_f if out_tuple else outs_f[0], _finish(g if in_tuple else g[0], create_graph))


def jvp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """(func(inputs), J v): the outputs and the Jacobian-vector product, by PyTorch's
    double-backward trick (the vjp's gradient with respect to its vector)."""
    _, ins = _as_tuple(inputs)
    ins = _prepare(ins, create_graph)
    vs = _v(v, ins, "jvp")
    out_tuple, outs = _as_tuple(func(*ins))
    us = tuple(zeros_like(o).requires_grad_(True) for o in outs)
    g = grad(outs, ins, us, create_graph=True, allow_unused=True)
    pairs = [(gi, vi) for gi, vi in zip(g, vs) if gi is not None]
    res = grad([p[0] for p in pairs], us, [p[1] for p in pairs], create_graph=create_graph,
               allow_unused=True)  # fmt: skip
    res = tuple(zeros_like(o) if r is None else r for r, o in zip(res, outs))
    outs_f, res_f = _finish(outs, create_graph), _finish(res, create_graph)
    return (outs_f if out_tuple else outs_f[0], res_f if out_tuple else res_f[0])


def vhp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """(func(inputs), v^T H): the output and the vector-Hessian product."""
    in_tuple, ins = _as_tuple(inputs)
    ins = _prepare(ins, create_graph)
    out = func(*ins)
    vs = _v(v, ins, "jvp")
    jac = grad(out, ins, create_graph=True, allow_unused=True)
    pairs = [(j, x, vi) for j, x, vi in zip(jac, ins, vs) if j is not None]
    res = _grads([p[0] for p in pairs], ins, [p[2] for p in pairs], create_graph)
    return (_finish(out, create_graph), _finish(res if in_tuple else res[0], create_graph))


def hvp(func: Callable[..., Any], inputs: Any, v: Any = None, create_graph: bool = False,
        strict: bool = False) -> tuple[Any, Any]:  # fmt: skip
    """(func(inputs), H v): the output and the Hessian-vector product, by PyTorch's
    double-backward trick."""
    in_tuple, ins = _as_tuple(inputs)
    ins = _prepare(ins, create_graph)
    out = func(*ins)
    vs = _v(v, ins, "jvp")
    jac = grad(out, ins, create_graph=True, allow_unused=True)
    us = tuple(zeros_like(x).requires_grad_(True) for x in ins)
    pairs = [(j, u) for j, u in zip(jac, us) if j is not None]
    back = grad([p[0] for p in pairs], ins, [p[1] for p in pairs], create_graph=True,
                allow_unused=True)  # fmt: skip
    pairs2 = [(b, vi) for b, vi in zip(back, vs) if b is not None]
    res = grad([p[0] for p in pairs2], us, [p[1] for p in pairs2], create_graph=create_graph,
               allow_unused=True)  # fmt: skip
    res = tuple(zeros_like(x) if r is None else r for r, x in zip(res, ins))
    return (_finish(out, create_graph), _finish(res if in_tuple else res[0], create_graph))
