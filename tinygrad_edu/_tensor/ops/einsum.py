"""``torch.einsum``: Einstein summation, computed as PyTorch's ``einsum`` computes it.

Each operand's repeated labels become a diagonal, labels no later operand or the output needs
are summed away, and operands are contracted left to right, two at a time: with labels to
contract, a batched matrix product over the flattened label groups viewed back to their shape
(``ViewBackward0``), without, a broadcast product (``MulBackward0``); the result is then
permuted into the output's order (``PermuteBackward0``), as PyTorch's nodes show it.

>>> import tinygrad_edu as torch
>>> a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
>>> torch.einsum("ij,jk->ik", a, a)
tensor([[ 7., 10.],
        [15., 22.]], grad_fn=<ViewBackward0>)
>>> torch.einsum("ii", a), torch.einsum("ij->j", a)
(tensor(5., grad_fn=<SumBackward1>), tensor([4., 6.], grad_fn=<SumBackward1>))
"""

from __future__ import annotations

import math
from typing import Any

from ..tensor_graph import is_tensor
from .matrices import bmm

__all__ = ["einsum"]

_ELL = "."  # the label of the dims an ellipsis stands for (one per dim, made unique below)


def _parse(equation: str, operands: list[Any]) -> tuple[list[list[str]], list[str]]:
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(operands):
        raise RuntimeError(
            "einsum(): more operands were provided than specified in the equation"
            if len(terms) < len(operands)
            else "einsum(): fewer operands were provided than specified in the equation"
        )
    ell_dims = 0
    labels: list[list[str]] = []
    for term, op in zip(terms, operands):
        letters = term.replace("...", "")
        for ch in letters:
            if not ch.isalpha():
                raise RuntimeError(
                    f"einsum(): invalid subscript given at index {eq.index(ch)} in the equation "
                    f"string, subscripts must be in [a-zA-Z]"
                )
        n_ell = op.dim() - len(letters) if "..." in term else 0
        if (n_ell < 0) or ("..." not in term and len(letters) != op.dim()):
            raise RuntimeError(
                f"einsum(): the number of subscripts in the equation ({len(letters)}) does not "
                f"match the number of dimensions ({op.dim()}) for operand "
                f"{operands.index(op)}" + ("" if "..." in term else " and no ellipsis was given")
            )
        ell_dims = max(ell_dims, n_ell)
        before, _, after = term.partition("...")
        ells = [f"{_ELL}{i}" for i in range(ell_dims - n_ell, ell_dims)] if "..." in term else []
        labels.append(list(before) + ells + list(after))
    all_ells = [f"{_ELL}{i}" for i in range(ell_dims)]
    if arrow:
        before, has, after = rhs.partition("...")
        out = list(before) + (all_ells if has else []) + list(after)
    else:  # implicit output: the ellipsis dims, then the labels used once, in sorted order
        seen: dict[str, int] = {}
        for ls in labels:
            for lab in ls:
                if not lab.startswith(_ELL):
                    seen[lab] = seen.get(lab, 0) + 1
        out = all_ells + sorted((lab for lab, c in seen.items() if c == 1), key=_order)
    return labels, out


def _order(label: str) -> tuple[int, str]:
    return (0 if label.isupper() else 1, label)  # PyTorch sorts A-Z before a-z


def _diagonals(t: Any, labels: list[str]) -> tuple[Any, list[str]]:
    """Each label repeated in one operand taken along its diagonal (moved last, as PyTorch)."""
    while True:
        dup = next((lab for i, lab in enumerate(labels) if lab in labels[:i]), None)
        if dup is None:
            return t, labels
        i = labels.index(dup)
        j = labels.index(dup, i + 1)
        t = t.diagonal(0, i, j)
        labels = [lab for k, lab in enumerate(labels) if k not in (i, j)] + [dup]


def _sum_away(t: Any, labels: list[str], keep: set[str]) -> tuple[Any, list[str]]:
    dims = [i for i, lab in enumerate(labels) if lab not in keep]
    if not dims:
        return t, labels
    return t.sum(dims), [lab for lab in labels if lab in keep]


def _size(t: Any, labels: list[str], lab: str) -> int:
    return t.shape[labels.index(lab)] if lab in labels else 1


def _pair(
    a: Any, la: list[str], b: Any, lb: list[str], keep: set[str], out: list[str]
) -> tuple[Any, list[str]]:
    """Two operands contracted over the labels they share that ``keep`` does not need; each
    group of labels in the output's order (PyTorch aligns every operand to it first)."""
    rank = {lab: i for i, lab in enumerate(out + sorted(keep - set(out)))}

    def ordered(labs: Any) -> list[str]:
        return sorted(labs, key=lambda lab: rank.get(lab, len(rank)))

    batch = ordered(lab for lab in la if lab in lb and lab in keep)
    left = ordered(lab for lab in la if lab not in lb)
    right = ordered(lab for lab in lb if lab not in la)
    summed = [lab for lab in la if lab in lb and lab not in keep]
    if not summed:  # nothing to contract: the broadcast product
        order = ordered(batch + left + right)
        return _aligned(a, la, order) * _aligned(b, lb, order), order
    if left and right and rank.get(right[0], 0) < rank.get(left[0], 0):
        a, la, b, lb, left, right = b, lb, a, la, right, left  # (a b)^T is b^T a^T
    sizes = {lab: max(_size(a, la, lab), _size(b, lb, lab)) for lab in batch + summed}
    sizes.update({lab: _size(a, la, lab) for lab in left})
    sizes.update({lab: _size(b, lb, lab) for lab in right})

    def prod(ls: list[str]) -> int:
        return math.prod(sizes[lab] for lab in ls)

    a3 = _aligned(a, la, batch + left + summed, sizes)
    b3 = _aligned(b, lb, batch + summed + right, sizes)
    a3 = a3.reshape(prod(batch), prod(left), prod(summed))
    b3 = b3.reshape(prod(batch), prod(summed), prod(right))
    order = batch + left + right
    return bmm(a3, b3).view([sizes[lab] for lab in order]), order


def _aligned(t: Any, labels: list[str], order: list[str], sizes: dict[str, int] | None = None):
    """``t`` with its dims in ``order`` (size-1 dims where it lacks a label; broadcast to
    ``sizes`` where given)."""
    perm = [labels.index(lab) for lab in order if lab in labels]
    if perm != list(range(len(perm))):
        t = t.permute(perm)
    present = [lab for lab in order if lab in labels]
    shape = [t.shape[present.index(lab)] if lab in labels else 1 for lab in order]
    if len(shape) != t.dim():
        t = t.reshape(shape)
    if sizes is not None:
        full = [sizes.get(lab, s) for lab, s in zip(order, shape)]
        if full != shape:
            t = t.expand(full)
    return t


def einsum(equation: str, *operands: Any) -> Any:
    """Sums of products over labelled dims: ``einsum("ij,jk->ik", a, b)`` is ``a @ b``."""
    ops = (
        list(operands[0])
        if len(operands) == 1 and isinstance(operands[0], (list, tuple))
        else list(operands)
    )
    if not ops:
        raise RuntimeError("einsum(): must provide at least one operand")
    if not all(is_tensor(t) for t in ops):
        raise TypeError("einsum(): argument 'operands' must be tuple of Tensors")
    labels, out = _parse(equation, ops)
    parts = [_diagonals(t, ls) for t, ls in zip(ops, labels)]
    needed = [set(out).union(*(ls for _, ls in parts[i + 1 :])) for i in range(len(parts))]
    t, lt = parts[0]
    if len(parts) == 1:  # PyTorch: a sum over the labels not kept, else a permute
        rest = [lab for lab in lt if lab not in out]
        t = t.permute([lt.index(lab) for lab in out + rest])
        return t.sum(list(range(len(out), len(lt)))) if rest else t
    t, lt = _sum_away(t, lt, needed[0])
    for i in range(1, len(parts)):
        b, lb = parts[i]
        later = needed[i]
        b, lb = _sum_away(b, lb, later | set(lt))
        t, lt = _pair(t, lt, b, lb, later, out)
    t, lt = _sum_away(t, lt, set(out))
    perm = [lt.index(lab) for lab in out]
    return t.permute(perm) if perm != list(range(len(perm))) else t
