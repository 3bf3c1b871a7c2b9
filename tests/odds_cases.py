"""Snippets of the torch-level odds (``as_strided`` and its family, ``binomial``, ``igamma``,
the ``native_*`` forms, ...), each run under PyTorch once (``regen_odds.py``) and under
tinygrad_edu in ``test_odds.py``: the reprs, strides, grads and errors must be the same.

A snippet is Python with ``torch`` and ``dt`` (the dtype under test: every snippet with
``dt`` runs in float32 and in float64) bound; ``say(x)`` records ``repr(x)``; an error ends the
snippet (``ops_breadth_cases.run``).
"""

from __future__ import annotations

from typing import Any

from ops_breadth_cases import run as _run

_BY_DTYPE: dict[str, str] = {
    # -- as_strided: a view of the memory ------------------------------------------------------
    "as_strided_view": "x = torch.arange(12.0, dtype=dt).requires_grad_()\n"
    "y = x.as_strided((3, 3), (2, 1), 1)\nsay(y)\nsay(y.grad_fn)\n"
    "say([y.grad_fn._saved_size, y.grad_fn._saved_stride, y.grad_fn._saved_storage_offset])\n"
    "say(x.as_strided((2,), (1,)).grad_fn._saved_storage_offset)\n"
    "say(y.grad_fn.next_functions)\nsay([y.stride(), y.storage_offset(), y.is_contiguous()])\n"
    "(y * torch.arange(9.0, dtype=dt).view(3, 3)).sum().backward()\nsay(x.grad)",
    "as_strided_overlap_grads": "x = torch.arange(4.0, dtype=dt, requires_grad=True)\n"
    "v = torch.as_strided(x, (3, 2), (1, 1))\nsay(v)\n(v * v).sum().backward()\nsay(x.grad)",
    "as_strided_shares_memory": "x = torch.arange(6.0, dtype=dt)\n"
    "w = x.as_strided((2, 2), (1, 2), 1)\nsay([w, w.data_ptr() - x.data_ptr()])\n"
    "w.mul_(10)\nsay(x)\nt = x.view(2, 3).t()\nsay(t.as_strided((3,), (2,)))\n"
    "say(t.as_strided((2,), (1,), 4))",
    "as_strided_write_back": "x = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=dt, requires_grad=True)\n"
    "y = x * 1\nv = y.as_strided((2,), (2,))\nv.mul_(10)\nsay([v, y])\ny.sum().backward()\n"
    "say(x.grad)",
    "as_strided_of_non_leaf": "x = torch.arange(4.0, dtype=dt, requires_grad=True)\n"
    "w = (x * 2).as_strided((2,), (2,))\nsay(w)\nsay(w.grad_fn.next_functions)\n"
    "w.sum().backward()\nsay(x.grad)",
    "as_strided_in_place": "a = torch.arange(6.0, dtype=dt)\nr = a.as_strided_((2, 2), (1, 2), 1)\n"
    "say([r is a, a, a.stride(), a.storage_offset()])\n"
    "torch.as_strided_(a, (3,), (1,), 2)\nsay(a)\n"
    "torch.ones(2, dtype=dt, requires_grad=True).as_strided_((1,), (1,))",
    "as_strided_copy": "x = torch.arange(6.0, dtype=dt, requires_grad=True)\n"
    "c = torch.as_strided_copy(x, (2, 2), (1, 2))\nsay(c)\nsay(c.grad_fn)\n"
    "say([c.stride(), c.is_contiguous(), c.data_ptr() == x.data_ptr()])\n"
    "c.sum().backward()\nsay(x.grad)",
    "as_strided_scatter": "x = torch.arange(8.0, dtype=dt, requires_grad=True)\n"
    "s = torch.ones(2, 2, dtype=dt, requires_grad=True)\n"
    "r = torch.as_strided_scatter(x, s, (2, 2), (1, 2), 3)\nsay(r)\nsay(r.grad_fn)\n"
    "say([r.grad_fn._saved_size, r.grad_fn._saved_stride, r.grad_fn._saved_storage_offset])\n"
    "(r * torch.arange(8.0, dtype=dt)).sum().backward()\nsay(x.grad)\nsay(s.grad)\n"
    "say(x.detach().as_strided_scatter(torch.zeros(2, dtype=dt), (2,), (3,)))\n"
    "torch.as_strided_scatter(x, torch.ones(3, dtype=dt), (2,), (1,))",
    "empty_strided": "e = torch.empty_strided((2, 3), (1, 2), dtype=dt)\n"
    "say([e.shape, e.stride(), e.dtype, e.requires_grad, e.is_contiguous()])\n"
    "e = torch.empty_strided((2, 3), (1, 2), dtype=dt, requires_grad=True)\n"
    "say([e.stride(), e.requires_grad, e.is_leaf])\n"
    "n = torch.zeros(1, dtype=dt).new_empty_strided((2, 2), (1, 2))\n"
    "say([n.shape, n.stride(), n.dtype])\n"
    "say(torch.ones(1).new_empty_strided((2,), (1,), dtype=dt).dtype)",
    # -- binomial: PyTorch's sampler, draw for draw --------------------------------------------
    "binomial_draws": "torch.manual_seed(3)\n"
    "n = torch.tensor([float(k % 300) for k in range(600)], dtype=dt)\n"
    "p = torch.tensor([((k * 7919) % 1000) / 1000 for k in range(600)], dtype=dt)\n"
    "say(torch.binomial(n, p).tolist())\n"
    "say(torch.binomial(torch.full((50,), 1e6, dtype=dt), torch.full((50,), 0.37, dtype=dt)))\n"
    "g = torch.Generator().manual_seed(7)\n"
    "say(torch.binomial(torch.tensor([[5.0], [50.0]], dtype=dt), torch.tensor([0.2, 0.9], dtype=dt),"
    " generator=g))\n"
    "say(torch.binomial(torch.tensor([3.0, -1.0, 4.0], dtype=dt),"
    " torch.tensor([float('nan'), 0.5, 1.0], dtype=dt)))",
    "binomial_graph": "c = torch.tensor([20.0, 30.0], dtype=dt, requires_grad=True)\n"
    "p = torch.tensor([0.4, 0.8], dtype=dt, requires_grad=True)\ntorch.manual_seed(0)\n"
    "r = torch.binomial(c, p)\nsay(r)\nsay(r.grad_fn)\nsay(r.grad_fn.next_functions)\n"
    "r.sum().backward()",
    # -- the old torch-level forms --------------------------------------------------------------
    "frobenius_norm": "m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=dt, requires_grad=True)\n"
    "f = torch.frobenius_norm(m, dim=(0, 1))\nsay(f)\nsay(torch.frobenius_norm(m, [1]))\n"
    "say(torch.frobenius_norm(m, [0, 1], keepdim=True))\nf.backward()\nsay(m.grad)\n"
    "for f in [lambda: torch.frobenius_norm(torch.ones(3, dtype=dt), dim=[0, 0]),\n"
    "          lambda: torch.frobenius_norm(torch.ones(2, 3, 4, dtype=dt), dim=[0, 1, 2])]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(f'{type(e).__name__}: {e}')",
    "nuclear_norm": "m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=dt, requires_grad=True)\n"
    "n = torch.nuclear_norm(m)\nsay(n)\nsay(torch.nuclear_norm(m, keepdim=True))\n"
    "say(torch.nuclear_norm(m, dim=[0, 1]))\nn.backward()\nsay(m.grad)\n"
    "w = torch.tensor([[1.0, 2, 3], [4, 5, 6]], dtype=dt, requires_grad=True)\n"
    "torch.nuclear_norm(w).backward()\nsay(w.grad)\n"
    "m3 = torch.arange(24.0, dtype=dt).reshape(2, 3, 4)\nsay(torch.nuclear_norm(m3, dim=(1, 2)))\n"
    "say(torch.nuclear_norm(m3, dim=[0, 1]))\nsay(torch.nuclear_norm(m3, dim=(0, 2), keepdim=True))\n"
    "for d in [[0, 1, 2], (0, 0), [0, 5]]:\n    try:\n"
    "        torch.nuclear_norm(m3, dim=d)\n    except (RuntimeError, IndexError) as e:\n"
    "        say(f'{type(e).__name__}: {e}')\n"
    "for f in [lambda: torch.nuclear_norm(torch.ones(3, dtype=dt)),\n"
    "          lambda: torch.nuclear_norm(torch.tensor([[1, 2], [3, 4]]))]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(f'{type(e).__name__}: {e}')",
    "detach_copy": "m = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=dt, requires_grad=True)\n"
    "d = torch.detach_copy(m)\nsay([d, d.requires_grad, d.data_ptr() == m.data_ptr(), d.is_leaf])\n"
    "say(torch.detach_copy(m * 2))\nwith torch.no_grad():\n    say(torch.detach_copy(m))\n"
    "say(torch.detach_copy(m.detach().t()).stride())\nd.sum().backward()",
    "histogramdd": "x = torch.tensor([[0.0, 1.0], [1.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.5, 1.5]],"
    " dtype=dt)\nr = torch.histogramdd(x, bins=[3, 3])\nsay(r)\n"
    "say([type(r).__name__, r.hist.dtype, len(r.bin_edges)])\n"
    "say(torch.histogramdd(x, bins=2, weight=torch.tensor([1.0, 2, 4, 8, 16], dtype=dt)))\n"
    "say(torch.histogramdd(x, bins=[2, 2], range=[0.0, 1.0, 0.0, 1.0], density=True))\n"
    "say(torch.histogramdd(x, bins=[3, 2], density=True))\n"
    "say(torch.histogramdd(x, bins=[torch.tensor([0.0, 1, 2], dtype=dt),"
    " torch.tensor([0.0, 2], dtype=dt)]))\n"
    "say(torch.histogramdd(torch.tensor([[[1.0, 2.0]], [[3.0, 4.0]]], dtype=dt), bins=2))\n"
    "say(torch.histogramdd(x[:1], bins=(1, 2)))\n"
    "for f in [lambda: torch.histogramdd(x, bins=[2]),\n"
    "          lambda: torch.histogramdd(x, bins=2, range=[0.0, 1.0]),\n"
    "          lambda: torch.histogramdd(torch.tensor([1.0, 2.0], dtype=dt), bins=2)]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(f'{type(e).__name__}: {e}')",
    "frombuffer": "import array\nc = 'f' if dt is torch.float32 else 'd'\n"
    "buf = array.array(c, [1.0, 2.5, -3.0, 4.0])\nt = torch.frombuffer(buf, dtype=dt)\nsay(t)\n"
    "say(torch.frombuffer(buf, dtype=dt, count=2, offset=buf.itemsize))\n"
    "say(torch.frombuffer(bytearray(buf.tobytes()), dtype=dt, requires_grad=True))\n"
    "for f in [lambda: torch.frombuffer(buf, dtype=dt, offset=3),\n"
    "          lambda: torch.frombuffer(buf, dtype=dt, count=5),\n"
    "          lambda: torch.frombuffer(bytearray(), dtype=dt),\n"
    "          lambda: torch.frombuffer(buf, dtype=dt, offset=4 * buf.itemsize),\n"
    "          lambda: torch.frombuffer(buf, dtype=dt, offset=-1),\n"
    "          lambda: torch.frombuffer([1, 2], dtype=dt), lambda: torch.frombuffer(buf)]:\n"
    "    try:\n        f()\n    except (ValueError, TypeError) as e:\n"
    "        say(f'{type(e).__name__}: {e}')",
    # -- ATen's native forms of the nn functions ---------------------------------------------
    "native_norms": "x = (torch.arange(12.0, dtype=dt) / 5).reshape(2, 6).requires_grad_()\n"
    "w = torch.linspace(0.5, 1.5, 6, dtype=dt, requires_grad=True)\n"
    "b = torch.linspace(-1, 1, 6, dtype=dt, requires_grad=True)\n"
    "r = torch.native_layer_norm(x, [6], w, b, 1e-5)\nsay(r)\nsay([t.grad_fn for t in r])\n"
    "r[0].pow(2).sum().backward()\nsay([x.grad, w.grad, b.grad])\n"
    "x4 = torch.arange(24.0, dtype=dt).reshape(2, 3, 4).requires_grad_()\n"
    "rm, rv = torch.zeros(3, dtype=dt), torch.ones(3, dtype=dt)\n"
    "r = torch.native_batch_norm(x4, torch.ones(3, dtype=dt), torch.zeros(3, dtype=dt), rm, rv,"
    " True, 0.1, 1e-5)\nsay(r)\nsay([rm, rv, [t.grad_fn for t in r]])\n"
    "say(torch.native_batch_norm(x4 / 8, None, None, rm, rv, False, 0.1, 1e-5))\n"
    "g = torch.tensor([[[1.0, 4, 2, 8], [0, 3, 5, 1], [2, 2, 7, 1]]], dtype=dt, requires_grad=True)\n"
    "r = torch.native_group_norm(g, None, None, 1, 3, 4, 3, 1e-5)\nsay(r)\n"
    "(r[0].sum() + r[1].sum() + r[2].sum()).backward()\nsay(g.grad)",
    "native_dropout": "torch.manual_seed(0)\nx = torch.ones(8, dtype=dt, requires_grad=True)\n"
    "r = torch.native_dropout(x, 0.5, True)\nsay(r)\nr[0].sum().backward()\nsay(x.grad)\n"
    "say(torch.native_dropout(torch.ones(4, dtype=dt), 0.5, False))\n"
    "say(torch.native_dropout(torch.ones(4, dtype=dt), 0.25, None))\n"
    "torch.manual_seed(1)\nx = torch.ones(6, dtype=dt)\nsay([torch.dropout_(x, 0.5, True), x])\n"
    "torch.manual_seed(1)\nx = torch.ones(3, 2, 2, dtype=dt)\ntorch.feature_dropout_(x, 0.5, True)\n"
    "say(x)\nsay(torch.dropout_(torch.ones(2, dtype=dt), 0.5, False))",
    "norm_except_dim": "v = torch.tensor([[3.0, 4.0], [6.0, 8.0]], dtype=dt, requires_grad=True)\n"
    "say([torch.norm_except_dim(v, 2, 0), torch.norm_except_dim(v, 2, 1),"
    " torch.norm_except_dim(v, 2, -1)])\n"
    "say(torch.norm_except_dim(torch.arange(24.0, dtype=dt).reshape(2, 3, 4), 1, 1))\n"
    "torch.norm_except_dim(v, 2, 0).sum().backward()\nsay(v.grad)",
    "embedding_forms": "w = torch.arange(12.0, dtype=dt).reshape(4, 3).requires_grad_()\n"
    "i, o = torch.tensor([0, 2, 1, 3]), torch.tensor([0, 2])\n"
    "for mode in (0, 1, 2):\n    say(torch.embedding_bag(w, i, o, False, mode))\n"
    "say(torch.embedding_bag(w, i, torch.tensor([0, 1, 4]), False, 0, False, None, True))\n"
    "say(torch.embedding_bag(w, i, o, False, 0, False, torch.tensor([1.0, 2, 3, 4], dtype=dt)))\n"
    "torch.embedding_bag(w, i, o, False, 1)[0].sum().backward()\nsay(w.grad)\n"
    "e = torch.tensor([[3.0, 4.0], [0.3, 0.4], [6.0, 8.0]], dtype=dt)\n"
    "say([torch.embedding_renorm_(e, torch.tensor([0, 1, 0]), 1.0, 2.0), e])\n"
    "say(torch.embedding_renorm_(e, torch.tensor([2]), 2.0, 1.0))",
    "convolution_and_cells": "x = torch.arange(4.0, dtype=dt).reshape(1, 1, 4).requires_grad_()\n"
    "k = torch.tensor([[[1.0, -1.0]], [[0.5, 2.0]]], dtype=dt, requires_grad=True)\n"
    "r = torch.convolution(x, k, None, [1], [0], [1], False, [0], 1)\nsay(r)\n"
    "r.sum().backward()\nsay([x.grad, k.grad])\n"
    "i2 = torch.arange(9.0, dtype=dt).reshape(1, 1, 3, 3)\n"
    "say(torch.convolution(i2, torch.ones(1, 1, 2, 2, dtype=dt), torch.ones(1, dtype=dt),"
    " [1, 1], [1, 1], [1, 1], True, [0, 0], 1))\n"
    "say(torch.convolution(i2, torch.ones(1, 1, 2, 2, dtype=dt), None, [2, 2], [0, 0], [1, 1],"
    " False, [0, 0], 1))\n"
    "wi = torch.linspace(-0.5, 0.5, 24, dtype=dt).reshape(12, 2).requires_grad_()\n"
    "wh = torch.linspace(0.3, -0.3, 36, dtype=dt).reshape(12, 3)\n"
    "h, c = torch.lstm_cell(torch.tensor([[1.0, -2.0]], dtype=dt), (torch.full((1, 3), 0.1,"
    " dtype=dt), torch.full((1, 3), -0.2, dtype=dt)), wi, wh, torch.zeros(12, dtype=dt),"
    " torch.full((12,), 0.05, dtype=dt))\nsay([h, c])\n(h.sum() + c.sum()).backward()\n"
    "say(wi.grad)\ngi = torch.linspace(-0.5, 0.5, 18, dtype=dt).reshape(9, 2)\n"
    "gh = torch.linspace(0.3, -0.3, 27, dtype=dt).reshape(9, 3)\n"
    "say(torch.gru_cell(torch.tensor([[1.0, -2.0]], dtype=dt), torch.full((1, 3), 0.1, dtype=dt),"
    " gi, gh))",
    "empty_permuted": "e = torch.empty_permuted((2, 3, 4), (0, 2, 1), dtype=dt)\n"
    "say([e.shape, e.stride(), e.dtype])\n"
    "e = torch.empty_permuted((2, 3), (1, 0), dtype=dt, requires_grad=True)\n"
    "say([e.stride(), e.requires_grad, e.is_contiguous()])",
    "set_and_as_subclass": "a = torch.tensor([1.0, 2.0], dtype=dt)\nb = torch.empty(0, dtype=dt)\n"
    "say([b.set_(a), b.data_ptr() == a.data_ptr()])\nb[0] = 10\nsay(a)\n"
    "say([torch.ones(3, dtype=dt).set_(), torch.arange(6.0, dtype=dt).set_(a, 1, (1,), (1,))])\n"
    "s = torch.arange(6.0, dtype=dt).view(2, 3).t()\nb = torch.zeros(2, dtype=dt)\n"
    "say([b.set_(s), b.stride(), b.storage_offset()])\n"
    "say(torch.zeros(1, dtype=dt).set_(torch.arange(6.0, dtype=dt), 2, (2, 2), (1, 2)))\n"
    "class MyT(torch.Tensor):\n    pass\n"
    "s = torch.tensor([1.0, 2.0], dtype=dt, requires_grad=True)\nm = (s * 2).as_subclass(MyT)\n"
    "say([type(m).__name__, m.grad_fn, m.requires_grad, isinstance(m, torch.Tensor)])\n"
    "m2 = s.as_subclass(MyT)\nsay([m2.is_leaf, m2.requires_grad, m2.grad_fn])\n"
    "(m2 * 3).sum().backward()\nsay(s.grad)\n"
    "for f in [lambda: torch.ones(2).as_subclass(int),\n"
    "          lambda: torch.ones(2, requires_grad=True).set_(torch.zeros(3))]:\n"
    "    try:\n        f()\n    except (TypeError, RuntimeError) as e:\n"
    "        say(f'{type(e).__name__}: {e}')",
}

CASES: dict[str, str] = {
    f"{name}_{dt}": f"dt = torch.{dt}\n{code}"
    for name, code in _BY_DTYPE.items()
    for dt in ("float32", "float64")
}
CASES.update({
    "as_strided_errors": "x = torch.arange(12.0, requires_grad=True)\n"
    "for f in [lambda: x.as_strided((13,), (1,)), lambda: x.as_strided((2,), (1, 2)),\n"
    "          lambda: x.as_strided((2,), (-1,)), lambda: x.as_strided((2,), (1,), -1),\n"
    "          lambda: x.as_strided((-1,), (1,)), lambda: x.as_strided_((2,), (1,)),\n"
    "          lambda: torch.empty_strided((2,), (1, 2)),\n"
    "          lambda: torch.as_strided(x.double(), (4, 4), (4, 1))]:\n"
    "    try:\n        f()\n    except RuntimeError as e:\n        say(f'{type(e).__name__}: {e}')",
    "binomial_errors": "for f in [lambda: torch.binomial(torch.tensor([1, 2]), torch.tensor([0.5, 0.5])),\n"
    "          lambda: torch.binomial(torch.tensor([1.0]), torch.tensor([0.5], dtype=torch.float64)),\n"
    "          lambda: torch.binomial(torch.tensor([1.0, 2]), torch.tensor([0.5, 0.5, 0.5]))]:\n"
    "    try:\n        f()\n    except (RuntimeError, ValueError) as e:\n"
    "        say(f'{type(e).__name__}: {e}')",
    "igamma_graph": "xs = torch.tensor([0.5, 2.0], requires_grad=True)\n"
    "r = torch.igamma(torch.tensor([2.0, 3.0]), xs)\nsay(r)\nsay(r.grad_fn.next_functions)\n"
    "r = torch.tensor([2.0, 3.0]).igammac(xs)\nsay(r)\n"
    "a = torch.tensor([2.0, 3.0], requires_grad=True)\nr = torch.igamma(a, xs)\n"
    "say(r.grad_fn.next_functions)\n"
    "say(torch.igamma(torch.tensor([[1.0], [2]]), torch.tensor([1.0, 2])))\n"
    "say(torch.igamma(torch.tensor([1.0, 2]), torch.tensor([1, 2])))\n"
    "say(torch.tensor([1.0]).igamma(torch.tensor([1.0], dtype=torch.float64)))\n"
    "t = torch.tensor([1.0, 2.0])\nsay([t.igamma_(torch.tensor([0.5, 0.5])), t])\n"
    "try:\n    r.sum().backward()\nexcept NotImplementedError as e:\n    say(str(e))\n"
    "for f in [lambda: torch.igamma(torch.tensor([1.0]), 2.0),\n"
    "          lambda: torch.tensor([1.0]).igamma_(torch.tensor([[1.0], [2.0]])),\n"
    "          lambda: torch.igammac(torch.tensor([1]), torch.tensor([True]))]:\n"
    "    try:\n        f()\n    except Exception as e:\n        say(f'{type(e).__name__}: {e}')",
    "frombuffer_dtypes": "say(torch.frombuffer(bytearray(b'\\x01\\x02\\x03'), dtype=torch.uint8))\n"
    "say(torch.frombuffer(bytearray(b'\\x01\\x00'), dtype=torch.bool))\n"
    "say(torch.frombuffer(bytearray(b'\\x00<'), dtype=torch.float16))\n"
    "say(torch.frombuffer(bytearray(b'\\x80?'), dtype=torch.bfloat16))\n"
    "import array\nsay(torch.frombuffer(array.array('q', [1, -2]), dtype=torch.int64))\n"
    "say(torch.frombuffer(array.array('i', [7]), dtype=torch.int32))\n"
    "say(torch.frombuffer(b'\\x05\\xfb', dtype=torch.int8))",
    "is_storage": "x = torch.ones(2)\n"
    "say([torch.is_storage(x), torch.is_storage(x.untyped_storage()),"
    " torch.is_storage(x.storage()), torch.is_storage(3)])",
    "torch_version": "TorchVersion = torch.torch_version.TorchVersion\n"
    "v = TorchVersion('2.13.0+cpu')\n"
    "say([v >= (2, 9), v > '2.13', v < '2.13.1', '10.0' > v, v == '2.13.0+cpu', v < (2, 13, 1),"
    " v > '2.13.0rc1', TorchVersion('2.1.0.dev20230101') < '2.1.0', TorchVersion('parrot') > 'abc',"
    " isinstance(v, str), str(v)])\n"
    "tf = torch.functional\n"
    "say([tf.einsum is torch.einsum, tf.meshgrid is torch.meshgrid, tf.F is torch.nn.functional])",
    "empty_strided_default_dtype": "say(torch.empty_strided((3,), (2,)).dtype)\n"
    "say(torch.empty_strided([2, 2], [2, 1]).stride())",
})  # fmt: skip


def run(torch: Any, code: str) -> list[str]:
    """What the snippet says (``ops_breadth_cases.run``)."""
    return _run(torch, code)


# snippets whose numbers are compared to a tolerance (``TOLERANCE`` by dtype), not by repr: where
# PyTorch's own kernel is accurate only to its last digits (igamma's float32 kernel works in
# float32; its float64 one uses an asymptotic series good to ~1e-9 for large a near x = a)
_IG_A = [0.5, 1.0, 2.0, 5.0, 10.0, 100.0, 0.0, 0.0, -1.0, 3.0, float("inf"), 2.0, 1e-3, 30.0,
         0.25, 7.5, 50.0, 3.0, 1e-5, 2.0]  # fmt: skip
_IG_X = [0.3, 1.0, 5.0, 2.0, 12.0, 90.0, 1.0, 0.0, 1.0, -1.0, 2.0, float("inf"), 1e-4, 31.0,
         40.0, 0.01, 20.0, float("nan"), 3.0, 700.0]  # fmt: skip
NUMBERS: dict[str, str] = {
    f"{name}_{dt}": f"dt = torch.{dt}\n{code}"
    for name, code in {
        "igamma": f"a = torch.tensor([float(v) for v in {list(map(str, _IG_A))}], dtype=dt)\n"
        f"x = torch.tensor([float(v) for v in {list(map(str, _IG_X))}], dtype=dt)\n"
        "out = torch.igamma(a, x).tolist() + torch.igammac(a, x).tolist()\n"
        "out += a.igamma(x).tolist() + a.clone().igammac_(x).tolist()",
        "nuclear_norm": "m = torch.tensor([[3.0, -1, 2, 0.5], [1, 5, 1, -2], [2, 1, 4, 1]],"
        " dtype=dt, requires_grad=True)\nn = torch.nuclear_norm(m)\nn.backward()\n"
        "out = [n.item()] + m.grad.reshape(-1).tolist()\n"
        "out += torch.nuclear_norm(torch.ones(3, 3, dtype=dt)).reshape(-1).tolist()",
        "igamma_grad": "x = torch.tensor([0.5, 2.0, 7.0, 30.0], dtype=dt, requires_grad=True)\n"
        "a = torch.tensor([2.0, 3.0, 0.5, 31.0], dtype=dt)\n"
        "(torch.igamma(a, x) * torch.tensor([1.0, 2, 3, 4], dtype=dt)).sum().backward()\n"
        "out = x.grad.tolist()\nx.grad = None\ntorch.igammac(a[:1], x).sum().backward()\n"
        "out += x.grad.tolist()",
    }.items()
    for dt in ("float32", "float64")
}
TOLERANCE = {"float32": (1e-5, 1e-6), "float64": (1e-8, 1e-12)}  # relative, absolute


def run_numbers(torch: Any, code: str) -> list[float]:
    """The list ``out`` the snippet makes."""
    scope: dict[str, Any] = {"torch": torch}
    exec(code, scope)
    return [float(v) for v in scope["out"]]


# run in a fresh interpreter (the warnings are PyTorch's once-per-process ones): each warning's
# category, message and whether it names the program's own line
WARNINGS = """
import warnings
with warnings.catch_warnings(record=True) as seen:
    warnings.simplefilter("always")
    torch.frombuffer(b"\\x01\\x02", dtype=torch.uint8)
    torch.frombuffer(b"\\x01\\x02", dtype=torch.uint8)
    torch.frobenius_norm(torch.ones(2, 2), (0, 1))
    torch.frobenius_norm(torch.ones(2, 2), (0, 1))
    torch.nuclear_norm(torch.ones(2, 2))
for w in seen:
    print(w.category.__name__, w.filename == __file__, w.message)
"""


def run_warnings(module: str) -> list[str]:
    """The lines ``WARNINGS`` prints with ``module`` imported as torch, in a fresh Python."""
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        program = Path(d) / "warnings_program.py"
        program.write_text(f"import {module} as torch\n{WARNINGS}")
        out = subprocess.run([sys.executable, str(program)], capture_output=True, text=True,
                             check=True).stdout  # fmt: skip
    return out.splitlines()
