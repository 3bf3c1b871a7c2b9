"""Small snippets of the tensor ops beyond arithmetic (rounding division, selection,
reductions, matrices, comparisons), each run under PyTorch once (``regen_ops_breadth.py``) and
under tinygrad_edu in ``test_ops_breadth.py``: the reprs, grads and errors must be the same.

A snippet is Python with ``torch`` bound; each ``say(x)`` records ``repr(x)``, and an error
ends the snippet, recorded as its type and message.
"""

from __future__ import annotations

import re
from typing import Any

CASES: dict[str, str] = {
    # -- //, %, fmod, div(rounding_mode=) --------------------------------------------------
    "floordiv_float": "say(torch.tensor([7.5, -7.5, 3.0, 0.5, -0.0]) // 2)",
    "remainder_float": "say(torch.tensor([7.5, -7.5, 3.0, 0.5, -0.0]) % 2)",
    "remainder_negative_divisor": "say(torch.tensor([7.5, -7.5, 3.0]) % -2)",
    "floordiv_by_zero_float": "say(torch.tensor([7.0, -7.0]) // 0)",
    "remainder_by_zero_float": "say(torch.tensor([7.0, -7.0, 0.0]) % 0)",
    "floordiv_by_zero_int": "say(torch.tensor([7, -7]) // 0)",
    "remainder_by_zero_int": "say(torch.tensor([7, -7]) % 0)",
    "int_floordiv_float": "say(torch.tensor([7, -7]) // 2.5)\nsay(torch.tensor([7, -7]) % 2.5)",
    "bool_remainder": "say(torch.tensor([True, False]) % 2)\n"
    "say(torch.tensor([True, False]) % torch.tensor([True, True]))",
    "bool_floordiv": "say(torch.tensor([True, False]) // 2)\n"
    "say(torch.tensor([True, False]) // torch.tensor([True, True]))",
    "int_by_tensor": "say(torch.tensor([7, -7]) % torch.tensor([2, 3]))\n"
    "say(torch.tensor([7, -7]) // torch.tensor([2, 0]))",
    "float_by_tensor": "say(torch.tensor([7.0, -7.0]) // torch.tensor([2.0, 0.0]))",
    "div_rounding": "say(torch.div(torch.tensor([7, -7]), 2.5, rounding_mode='trunc'))\n"
    "say(torch.div(torch.tensor([7, -7]), 2, rounding_mode='trunc'))\n"
    "say(torch.tensor([7, -7]).div(2, rounding_mode='floor'))\n"
    "say(torch.div(torch.tensor([7, -7]), 2, rounding_mode='bad'))",
    "number_on_the_left": "say(7 // torch.tensor([2, -3]))\nsay(7.5 % torch.tensor([2, -3]))",
    "fmod": "say(torch.tensor([5, 6]).fmod(-4))\nsay(torch.tensor([5.0, -6.0]).fmod(-4))\n"
    "say(torch.fmod(torch.tensor([True, False]), 2))\nsay(torch.tensor([5, 6]).fmod(0))",
    "float32_steps": "x = torch.tensor([0.1, 0.7, 1e8, 3.3])\nsay(x // 0.1)\nsay(x % 0.1)\n"
    "say(x.double() // 0.1)\nsay(x.double() % 0.1)",
    "floordiv_grad": "x = torch.tensor([7.5, -7.5], requires_grad=True)\nsay(x // 2)\n"
    "(x // 2).sum().backward()",
    "remainder_grad": "x = torch.tensor([7.5, -7.5], requires_grad=True)\n"
    "y = torch.tensor([2.0, 3.0], requires_grad=True)\nsay(x % 2)\n(x % y).sum().backward()\n"
    "say(x.grad)\nsay(y.grad)\nsay((x % y).grad_fn)\n(7 % x).sum().backward()",
    "div_rounding_grad": "x = torch.tensor([7.5, -7.5], requires_grad=True)\n"
    "r = torch.div(x, 2, rounding_mode='floor')\nsay(r)\nr.sum().backward()\nsay(x.grad)",
    "rounding": "say(torch.tensor([1.5, -2.5, 0.5, 2.5, -0.3]).round())\n"
    "say(torch.tensor([1.5, -2.5, -0.5]).ceil())\nsay(torch.tensor([1.5, -2.5]).trunc())\n"
    "say(torch.tensor([1.5, -2.5]).frac())\nsay(torch.tensor([1, -2]).floor())",
    "sign": "say(torch.tensor([1, -2, 0]).sign())\nsay(torch.tensor([-0.0, float('nan'), 3]).sign())",
    # -- where, clamp, sort, topk, nonzero ---------------------------------------------------
    "where_grad": "x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 3.0], requires_grad=True)\n"
    "y = torch.where(x > 0, x, 0.1 * x)\nsay(y)\ny.sum().backward()\nsay(x.grad)",
    "where_dtypes": "c = torch.tensor([True, False])\nsay(torch.where(c, 1.0, 0.0))\n"
    "say(torch.where(c, 1, 0))\nsay(torch.where(c, torch.tensor([1, 2]), 0.5))\n"
    "say(torch.where(torch.tensor([[True], [False]]), torch.tensor([1.0, 2, 3]),\n"
    "                torch.tensor([-1.0, -2, -3], dtype=torch.float64)))\n"
    "say(torch.where(torch.tensor([1, 0]), c, c))",
    "where_one_argument": "say(torch.where(torch.tensor([[1.0, 2], [3, 4]]) > 2.5))",
    "nonzero": "say(torch.nonzero(torch.tensor([[1, 0], [0, 3]])))\n"
    "say(torch.tensor([1.0, 0, 2]).nonzero(as_tuple=True))\n"
    "say(torch.count_nonzero(torch.tensor([[1, 0], [0, 3]]), dim=0))\n"
    "say(torch.count_nonzero(torch.tensor([[1, 0], [0, 3]])))",
    "clamp": "x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 3.0], requires_grad=True)\n"
    "say(x.clamp(-1, 1))\nsay(torch.clamp(x, min=0))\nsay(x.clamp(max=0.5))\n"
    "say(x.clip(-1, 1).grad_fn)\nx.clamp(min=0).sum().backward()\nsay(x.grad)\n"
    "say(torch.clamp(x, 0.5, -1))\ntorch.clamp(x)",
    "clamp_ints": "i = torch.tensor([1, 2, 3])\nsay(i.clamp(1.5, 2.5))\nsay(i.clamp(1, 2))\n"
    "say(i.clamp(min=2))",
    "topk_sort": "t = torch.tensor([[3.0, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8]], requires_grad=True)\n"
    "say(torch.topk(t, 2))\nsay(t.topk(2, dim=0, largest=False))\nsay(torch.sort(t, dim=1))\n"
    "say(t.sort(descending=True).indices)\nsay(torch.argsort(t[0]))\n"
    "torch.topk(t, 2).values.sum().backward()\nsay(t.grad)\nsay(t.topk(3, sorted=False))",
    "sort_nan": "say(torch.sort(torch.tensor([3.0, float('nan'), 1.0]), descending=True))\n"
    "say(torch.tensor([3, 1, 2]).sort().indices)\n"
    "say(torch.argsort(torch.tensor([3, 1, 2]), descending=True))",
    "sort_ties_long": "x = torch.tensor([float(i * 7 % 5) for i in range(40)])\n"
    "say(x.sort().indices)\nsay(x.sort(stable=True).indices)\n"
    "say(x.sort(descending=True).indices)\nsay(x.topk(3).indices)\n"
    "say(torch.tensor([float(i % 3) for i in range(200)]).topk(2, largest=False).indices)",
    "topk_out_of_range": "say(torch.tensor(5.0).topk(1))\nsay(torch.tensor(5.0).sort())\n"
    "torch.tensor([1.0, 2]).topk(3)",
    # -- reductions over dims, amax/amin, prod, var/std, logsumexp, cumsum ---------------------
    "sum_dims": "M = torch.arange(24.0).reshape(2, 3, 4).requires_grad_()\n"
    "say(M.sum(dim=(0, 2)))\nsay(M.sum(dim=(0, 2)).grad_fn._saved_dim)\n"
    "say(M.sum(axis=[0, 1], keepdims=True).shape)\nsay(M.mean((0, 2)))\nsay(M.sum(()).shape)\n"
    "M.sum(dim=(0, 2)).sum().backward()\nsay(M.grad[0])\nsay(M.sum(dim=(0, 0)))",
    "sum_dtype": "say(torch.tensor([1, 2], dtype=torch.int32).sum().dtype)\n"
    "say(torch.tensor([1, 2]).sum(dtype=torch.float32))\n"
    "say(torch.tensor([1, 2]).mean(dtype=torch.float64))\n"
    "say(torch.sum(torch.ones(2, 3), 1))\n"
    "say(torch.mean(torch.ones(2, 3), dim=(1,), keepdim=True).shape)\n"
    "torch.ones(2, 3, requires_grad=True).sum(1, dtype=torch.int64)",
    "amax_amin": "M = torch.tensor([[1.0, 5, 5], [7, 2, 0]], requires_grad=True)\n"
    "say(M.amax(1))\nsay(M.amax())\nsay(M.amin(0))\nsay(M.amax((0, 1)))\n"
    "M.amax(1).sum().backward()\nsay(M.grad)\nsay(torch.tensor([1, 2]).amax())\n"
    "torch.tensor([]).amax()",
    "prod": "M = torch.tensor([[1.0, 5, 5], [7, 2, 0]], requires_grad=True)\nsay(M.prod(1))\n"
    "say(M.prod())\nM.prod(1).sum().backward()\nsay(M.grad)\nsay(M.prod(0, keepdim=True))\n"
    "say(torch.tensor([[1, 2], [3, 4]]).prod(1))\nsay(torch.tensor([True, False]).prod())",
    "var_std": "M = torch.tensor([[1.0, 5, 5], [7, 2, 0]], requires_grad=True)\n"
    "say(torch.std_mean(M, 0))\nsay(torch.var_mean(M, 1, keepdim=True))\n"
    "say(M.var(correction=2))\nsay(M.std(1, unbiased=False))\n"
    "M.std(1, unbiased=False).sum().backward()\nsay(M.grad)\nsay(M.var((0, 1)))\n"
    "say(torch.tensor([1.0]).var())\nsay(torch.tensor([1.0]).std(correction=0))\n"
    "x = torch.tensor([0.1 * i * i - i for i in range(50)])\n"
    "say([x.var().item(), x.std().item(), x.var(unbiased=False).item()])\n"
    "torch.tensor([1, 2]).var()",
    "logsumexp": "M = torch.tensor([[1.0, 5, 5], [7, 2, 0]], requires_grad=True)\n"
    "say(torch.logsumexp(M, 1))\nsay(torch.logsumexp(M, (0, 1)))\n"
    "torch.logsumexp(M, 1).sum().backward()\nsay(M.grad.tolist())\n"
    "say(torch.tensor([[1, 2]]).logsumexp(1))\n"
    "say(torch.logsumexp(torch.tensor([1000.0, 0.0, -1000.0]), dim=0))\n"
    "say(torch.logsumexp(torch.tensor([float('inf'), 0.0]), dim=0))\n"
    "say(torch.logsumexp(torch.tensor([-float('inf'), -float('inf')]), dim=0))\n"
    "x = torch.tensor([0.5, -1.5, 2.5], requires_grad=True)\n"
    "torch.logsumexp(x, 0).backward()\nsay(x.grad.tolist())\ntorch.tensor([1.0, 2]).logsumexp()",
    "cumsum_cumprod": "M = torch.tensor([[1.0, 5, 5], [7, 2, 0]], requires_grad=True)\n"
    "say(M.cumsum(1))\nsay(M.cumprod(0))\nsay(torch.cumsum(M, dim=0))\n"
    "M.cumprod(1).sum().backward()\nsay(M.grad)\nsay(torch.tensor([1, 2, 3]).cumsum(0))\n"
    "say(torch.tensor([True, True]).cumsum(0))\nsay(M.cumsum(axis=0))\n"
    "say(torch.tensor([1, 2]).cumsum(0, dtype=torch.float32))\n"
    "say(torch.tensor([0.1] * 20).cumsum(0).tolist())\ntorch.tensor([1.0, 2]).cumsum()",
    # -- matrices ---------------------------------------------------------------------------
    "matrices": "A = torch.tensor([[1.0, 2, 3], [4, 5, 6]], requires_grad=True)\n"
    "v = torch.tensor([1.0, 0, -1], requires_grad=True)\n"
    "for r in [torch.mv(A, v), A.T.diagonal(), A.diagonal(1), A.diagonal(-1), A.trace(),\n"
    "          A.triu(), A.tril(-1), torch.triu(A, 1), torch.diag(v), torch.diag(A),\n"
    "          torch.diag(v, 1), A.diag()]:\n"
    "    say(r)\n"
    "A.trace().backward()\nsay(A.grad)\nA.triu(1).sum().backward()\nsay(A.grad)\n"
    "say(torch.tensor([[1, 2], [3, 4]]).trace())\n"
    "say(torch.arange(24.0).reshape(2, 3, 4).diagonal(1, 0, 2))\n"
    "say(torch.ones(2, 3, 3).triu())\ntorch.trace(torch.ones(3))",
    "bmm": "A = torch.tensor([[1.0, 2, 3], [4, 5, 6]], requires_grad=True)\n"
    "r = torch.bmm(A.reshape(1, 2, 3), A.T.reshape(1, 3, 2))\nsay(r)\nr.sum().backward()\n"
    "say(A.grad)\nC = torch.tensor([[[0.1 * (i + j) ** 1.5 for j in range(4)] for i in range(3)]])\n"
    "D = torch.tensor([[[0.3 - 0.07 * i * j for j in range(5)] for i in range(4)]])\n"
    "say(torch.bmm(C, D).tolist())\ntorch.bmm(torch.ones(2, 2, 3), torch.ones(2, 2, 3))",
    "matrix_errors": "for f in [lambda: torch.mv(torch.ones(2, 3), torch.ones(2, 3)),\n"
    "          lambda: torch.bmm(torch.ones(2, 3), torch.ones(2, 3)),\n"
    "          lambda: torch.diag(torch.ones(2, 2, 2)),\n"
    "          lambda: torch.mv(torch.ones(2, 3), torch.ones(2))]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(str(e))",
    # -- joining, repeating, broadcasting ----------------------------------------------------
    "joining": "a = torch.tensor([[1.0, 2], [3, 4]], requires_grad=True)\nb = torch.tensor([[5.0, 6]])\n"
    "for r in [torch.hstack([a, a]), torch.vstack([a, b]), torch.concat([a, b]),\n"
    "          torch.hstack([torch.tensor([1.0, 2]), torch.tensor([3.0])]),\n"
    "          torch.vstack([torch.tensor([1.0, 2]), torch.tensor([3.0, 4])]),\n"
    "          torch.column_stack([torch.tensor([1, 2]), torch.tensor([3, 4])])]:\n"
    "    say(r)\n"
    "torch.vstack([torch.ones(2, 2), torch.ones(1, 3)])",
    "repeat": "a = torch.tensor([[1.0, 2], [3, 4]], requires_grad=True)\n"
    "say(torch.arange(3).repeat_interleave(2))\nsay(a.repeat_interleave(2))\n"
    "say(torch.repeat_interleave(torch.tensor([1, 2]), torch.tensor([1, 3])))\n"
    "say(a.repeat(2, 1))\na.repeat(2, 3).sum().backward()\nsay(a.grad)\n"
    "say(torch.tensor([1, 2]).repeat(3))\ntorch.hstack([])",
    "broadcast_shapes": "say(torch.broadcast_shapes((3, 1), (1, 4)))\n"
    "say(torch.broadcast_shapes((2,), (3, 1), ()))\n"
    "say(torch.broadcast_tensors(torch.ones(3, 1), torch.ones(4))[0].shape)\n"
    "torch.broadcast_shapes((3, 2), (1, 4))",
    # -- comparisons and logic ---------------------------------------------------------------
    "comparisons": "c = torch.tensor([1.0, 2, 3])\nd = torch.tensor([1.0, 0, 3])\n"
    "for r in [c.eq(d), torch.eq(c, d), c.ne(2), c.gt(d), torch.ge(c, d), c.lt(2),\n"
    "          torch.le(c, 2), torch.greater(c, 1), torch.not_equal(c, d), 2 < c,\n"
    "          c >= torch.tensor([[1.0], [3.0]]), torch.tensor([0.1]) == 0.1,\n"
    "          torch.tensor([1]) == 1.5, torch.tensor([0.1], dtype=torch.float64) == 0.1]:\n"
    "    say(r)",
    "logic": "c = torch.tensor([1.0, 2, 3])\nd = torch.tensor([1.0, 0, 3])\n"
    "t, f = torch.tensor([True, False]), torch.tensor([True, True])\n"
    "for r in [t & f, ~t, t | True, torch.logical_or(t, f), torch.logical_and(c, d),\n"
    "          torch.logical_not(d), torch.logical_xor(c, d), torch.tensor([5, 3]) & 6,\n"
    "          torch.tensor([5, 3]) | torch.tensor([2, 2]), torch.tensor([5, 3]) ^ 1,\n"
    "          ~torch.tensor([5, -3]), 6 & torch.tensor([5, 3]),\n"
    "          torch.bitwise_not(torch.tensor([1], dtype=torch.uint8))]:\n"
    "    say(r)\n"
    "torch.tensor([1.0]) & torch.tensor([1.0])",
    "closeness": "c = torch.tensor([1.0, 2, 3])\nd = torch.tensor([1.0, 0, 3])\n"
    "nan = float('nan')\nsay(torch.allclose(c, c + 1e-9))\nsay(torch.isclose(c, d))\n"
    "say(c.allclose(d))\nsay(torch.isnan(torch.tensor([1.0, nan])))\n"
    "say(torch.isinf(torch.tensor([1.0, float('inf')])))\n"
    "say(torch.isfinite(torch.tensor([1.0, float('inf')])))\n"
    "say(torch.isclose(torch.tensor([1.0, nan]), torch.tensor([1.0, nan]), equal_nan=True))\n"
    "say(c.equal(c))\ntorch.allclose(c, torch.tensor([1, 2, 3]))",
    "invert_float": "~torch.tensor([1.0])",
    "out": "r = torch.empty(2)\no = torch.add(torch.ones(2), 1, out=r)\nsay(o is r)\nsay(r)\n"
    "say(torch.exp(torch.zeros(2), out=r) is r)\nsay(r)\n"
    "i = torch.zeros(2, dtype=torch.int64)\ntorch.mul(torch.tensor([2, 3]), 2, out=i)\nsay(i)\n"
    "try:\n    torch.add(torch.ones(2), 1, out=i)\nexcept RuntimeError as e:\n    say(str(e))\n"
    "torch.add(torch.ones(2, requires_grad=True), 1, out=r)",
    # -- torch.linalg --------------------------------------------------------------------------
    "linalg": "A = torch.tensor([[4.0, 1], [2, 3]], requires_grad=True)\n"
    "b = torch.tensor([1.0, 2], requires_grad=True)\n"
    "for r in [torch.linalg.solve(A, b), torch.linalg.inv(A), torch.linalg.det(A), torch.det(A),\n"
    "          torch.inverse(A), torch.linalg.norm(b), torch.linalg.vector_norm(b, ord=1),\n"
    "          torch.linalg.norm(A), torch.linalg.norm(A, dim=1), torch.linalg.matrix_norm(A),\n"
    "          torch.linalg.vector_norm(A, ord=float('inf')), torch.linalg.solve(A, torch.eye(2))]:\n"
    "    say(r)\n"
    "torch.linalg.solve(A, b).sum().backward()\nsay(A.grad)\nsay(b.grad)\nA.grad = None\n"
    "torch.linalg.inv(A).sum().backward()\nsay(A.grad)\nA.grad = None\n"
    "torch.linalg.det(A).backward()\nsay(A.grad)\n"
    "say(torch.linalg.lstsq(torch.tensor([[4.0, 1], [2, 3]]), torch.tensor([[1.0], [2]])))",
    "linalg_float64": "M = torch.tensor([[3.0, 1, 2], [1, 5, 1], [2, 1, 4]], dtype=torch.float64)\n"
    "say(torch.linalg.solve(M, torch.tensor([1.0, 2, 3], dtype=torch.float64)).tolist())\n"
    "say(torch.linalg.inv(M[:2, :2]).tolist())\n"
    "say(torch.linalg.det(torch.tensor([[1.0, 2, 3], [4, 5, 6], [7, 8, 10]])))\n"
    "say(torch.linalg.det(torch.ones(2, 2)))\nsay(torch.linalg.det(torch.tensor([[0.0, 1], [1, 0]])))",
    "linalg_errors": "for f in [lambda: torch.linalg.inv(torch.ones(2, 2)),\n"
    "          lambda: torch.linalg.solve(torch.ones(2, 2), torch.ones(2)),\n"
    "          lambda: torch.linalg.inv(torch.ones(2, 3)),\n"
    "          lambda: torch.linalg.solve(torch.eye(2), torch.ones(3)),\n"
    "          lambda: torch.linalg.inv(torch.tensor([[1, 2], [3, 4]]))]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(f'{type(e).__name__}: {e}')",
    "result_type": "i, f = torch.tensor([1, 2]), torch.tensor([1.0])\n"
    "d = torch.tensor(1.0, dtype=torch.float64)\n"
    "say([torch.result_type(i, 1.0), torch.result_type(1.0, i), torch.result_type(i, f),\n"
    "     torch.result_type(2, 3), torch.result_type(2, 3.0), torch.result_type(True, i),\n"
    "     torch.result_type(d, i), torch.result_type(f, d)])",
}


def run(torch: Any, code: str) -> list[str]:
    """What the snippet says (reprs, addresses masked), and the error that ended it."""
    out: list[str] = []

    def say(x: Any) -> None:
        out.append(re.sub(r"0x[0-9a-f]+", "0x...", repr(x)))

    try:
        exec(code, {"torch": torch, "say": say})
    except Exception as e:  # the point is to compare the errors
        out.append(f"{type(e).__name__}: {e}")
    return out
