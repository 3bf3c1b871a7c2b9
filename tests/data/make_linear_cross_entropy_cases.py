"""Make tests/data/linear_cross_entropy_cases.json with real PyTorch (its AVX2 kernels):

PYTHONPATH=. .venv/bin/python tests/data/make_linear_cross_entropy_cases.py \
    > tests/data/linear_cross_entropy_cases.json

``F.linear_cross_entropy`` (new in 2.13) on the reference path (``options=None``): the loss,
the gradients of input, weight and bias, the grad_fn chain; the chunked path's grad_fn name;
``nn.LinearCrossEntropyLoss``'s repr and shapes; ``LinearCrossEntropyOptions``' repr, its
resolved chunk sizes and the errors of both, with PyTorch's types and texts.
"""

import dataclasses
import json
import random
import struct
import sys
import warnings

sys.path.insert(0, "tests")
import torch_kernels

torch_kernels.pin()
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402, N812
from torch import nn  # noqa: E402

RNG = random.Random(691)


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def numbers(n: int, dtype: str) -> list[float]:
    xs = [RNG.gauss(0.0, 1.0) for _ in range(n)]
    return [f32(x) for x in xs] if dtype == "float32" else xs


def prod(shape) -> int:
    p = 1
    for s in shape:
        p *= s
    return p


def chain(fn) -> list[str]:
    names = []
    while fn is not None and len(names) < 8:
        names.append(type(fn).__name__)
        nxt = [f for f, _ in fn.next_functions if f is not None]
        fn = nxt[0] if nxt else None
    return names


def value_case(
    n,
    i,
    c,
    out_features=(),
    *,
    dtype="float32",
    bias=True,
    reduction="mean",
    weight=False,
    ignore_index=None,
    label_smoothing=0.0,
    probs=False,
    options=False,
):
    dt = getattr(torch, dtype)
    xshape = [n, i] if n else [i]
    wshape = [c, *out_features, i]
    x, w = numbers(prod(xshape), dtype), numbers(prod(wshape), dtype)
    b = numbers(prod([c, *out_features]), dtype) if bias else None
    lshape = [*xshape[:-1], c, *out_features]
    if probs:
        t = torch.softmax(
            torch.tensor(numbers(prod(lshape), dtype), dtype=dt).view(lshape), 1 if n else 0
        )
        target, tshape = t.flatten().tolist(), lshape
    else:
        tshape = [n, *out_features] if n else []
        target = [RNG.randrange(c) for _ in range(prod(tshape))]
        if ignore_index is not None and target:
            target[0] = ignore_index
    cw = [f32(RNG.uniform(0.5, 2.0)) for _ in range(c)] if weight else None
    xt = torch.tensor(x, dtype=dt).view(xshape).requires_grad_(True)
    wt = torch.tensor(w, dtype=dt).view(wshape).requires_grad_(True)
    bt = torch.tensor(b, dtype=dt).view(c, *out_features).requires_grad_(True) if bias else None
    tt = torch.tensor(target, dtype=dt if probs else torch.long).view(tshape)
    kw = {
        "linear_bias": bt,
        "weight": torch.tensor(cw, dtype=dt) if cw else None,
        "reduction": reduction,
        "ignore_index": ignore_index,
        "label_smoothing": label_smoothing,
    }
    if options:
        kw["options"] = nn.LinearCrossEntropyOptions()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = F.linear_cross_entropy(xt, wt, tt, **kw)
    gout = numbers(out.numel(), dtype) if out.dim() else [1.0]
    out.backward(torch.tensor(gout, dtype=dt).view(out.shape))
    return {
        "kind": "value",
        "dtype": dtype,
        "x": x,
        "x_shape": xshape,
        "w": w,
        "w_shape": wshape,
        "b": b,
        "target": target,
        "target_shape": tshape,
        "probs": probs,
        "weight": cw,
        "reduction": reduction,
        "ignore_index": ignore_index,
        "label_smoothing": label_smoothing,
        "options": options,
        "grad_output": gout,
        "out": out.detach().flatten().tolist(),
        "out_shape": list(out.shape),
        "grad_x": xt.grad.flatten().tolist(),
        "grad_w": wt.grad.flatten().tolist(),
        "grad_b": bt.grad.flatten().tolist() if bias else None,
        "grad_fns": chain(out.grad_fn),
        "warnings": [str(m.message) for m in caught],
    }


def error_case(x_shape, w_shape, t_shape, *, b_shape=None, t_dtype="long", **kw):
    x, w = torch.zeros(x_shape), torch.zeros(w_shape)
    t = torch.zeros(t_shape, dtype=getattr(torch, t_dtype))
    b = torch.zeros(b_shape) if b_shape is not None else None
    try:
        F.linear_cross_entropy(x, w, t, linear_bias=b, **kw)
    except Exception as e:  # the type and text are what is stored
        return {
            "kind": "error",
            "x_shape": x_shape,
            "w_shape": w_shape,
            "t_shape": t_shape,
            "b_shape": b_shape,
            "t_dtype": t_dtype,
            "kwargs": kw,
            "error": type(e).__name__,
            "message": str(e),
        }
    raise AssertionError("no error")


def options_case(**kw):
    stored = {k: (str(v).replace("torch.", "") if k == "acc_dtype" else v) for k, v in kw.items()}
    try:
        o = nn.LinearCrossEntropyOptions(**kw)
    except Exception as e:  # the type and text are what is stored
        return {"kind": "options", "kwargs": stored, "error": type(e).__name__, "message": str(e)}
    return {
        "kind": "options",
        "kwargs": stored,
        "repr": repr(o),
        "fields": [f.name for f in dataclasses.fields(o)],
    }


def module_case(i, c, **kw):
    torch.manual_seed(5)
    if "weight" in kw:  # stored as its length: a weight of ones
        kw["weight"] = torch.ones(kw["weight"])
    try:
        m = nn.LinearCrossEntropyLoss(i, c, **kw)
    except Exception as e:  # the type and text are what is stored
        if "weight" in kw:
            kw["weight"] = kw["weight"].numel()
        return {
            "kind": "module",
            "args": [i, c],
            "kwargs": kw,
            "error": type(e).__name__,
            "message": str(e),
        }
    x = torch.tensor(numbers(3 * i, "float32")).view(3, i)
    t = torch.zeros([3, *kw.get("out_features", ())], dtype=torch.long)
    out = m(x, t)
    if "weight" in kw:
        kw["weight"] = kw["weight"].numel()
    return {
        "kind": "module",
        "args": [i, c],
        "kwargs": kw,
        "repr": repr(m),
        "weight_shape": list(m.linear.weight.shape),
        "bias_shape": list(m.linear.bias.shape) if m.linear.bias is not None else None,
        "x": x.flatten().tolist(),
        "out": out.item(),
        "grad_fn": type(out.grad_fn).__name__,
        "state": list(m.state_dict()),
    }


def main() -> None:
    cases = []
    for dtype in ("float32", "float64"):
        for reduction in ("mean", "sum", "none"):
            cases.append(value_case(6, 4, 5, dtype=dtype, reduction=reduction))
            cases.append(
                value_case(
                    6,
                    4,
                    5,
                    dtype=dtype,
                    reduction=reduction,
                    bias=False,
                    weight=True,
                    ignore_index=2,
                )
            )
            cases.append(value_case(4, 3, 5, (2, 3), dtype=dtype, reduction=reduction))
            cases.append(value_case(5, 3, 4, dtype=dtype, reduction=reduction, probs=True))
        cases.append(value_case(0, 4, 5, dtype=dtype))
        cases.append(value_case(6, 4, 5, dtype=dtype, label_smoothing=0.1))
        cases.append(value_case(4, 3, 5, (3,), dtype=dtype, label_smoothing=0.2, weight=True))
        cases.append(value_case(6, 4, 5, dtype=dtype, options=True, label_smoothing=0.1))
    for reduction in ("mean", "none"):
        for bias in (True, False):
            cases.append(value_case(6, 4, 5, reduction=reduction, bias=bias, options=True))
    cases += [
        error_case([2, 3, 4], [5, 4], [2]),
        error_case([2, 3], [5], [2]),
        error_case([2, 3], [5, 4], [2]),
        error_case([2, 3], [5, 3], [2], b_shape=[4]),
        error_case([3], [5, 2, 3], [2]),
        error_case([2, 3], [5, 3], [2, 5], t_dtype="float32", ignore_index=1),
    ]
    cases += [
        options_case(),
        options_case(batch_chunk_size=4, acc_policy="accurate"),
        options_case(acc_policy="fast"),
        options_case(chunking_method="aspect_ratio:0"),
        options_case(chunking_method="square"),
        options_case(batch_chunk_size=0),
        options_case(acc_dtype=torch.int32),
    ]
    cases += [
        module_case(4, 5),
        module_case(4, 5, out_features=(2,), bias=True),
        module_case(4, 5, weight=4),
        module_case(4, 5, label_smoothing=1.5),
        module_case(4, 5, weight=5, reduction="sum"),
    ]
    json.dump({"cases": cases}, sys.stdout)


if __name__ == "__main__":
    main()
