"""Make tests/data/cross_entropy_nd_cases.json.gz with real PyTorch (its AVX2 kernels):

PYTHONPATH=. .venv/bin/python tests/data/make_cross_entropy_nd_cases.py \
    | gzip -9 > tests/data/cross_entropy_nd_cases.json.gz

Each case: the inputs (float32 cases hold float32 numbers), the call, and what PyTorch gives:
the loss's numbers, the input's gradient for a given output gradient, the chain of grad_fn
names, or the error's type and text. Softmax along dim 1 depends on PyTorch's thread count
(``_vec_softmax`` splits small tensors between threads): it is stored with the cases.
"""

import json
import random
import struct
import sys

sys.path.insert(0, "tests")
import torch_kernels

torch_kernels.pin()
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402, N812

RNG = random.Random(690)


def f32(x: float) -> float:
    return struct.unpack("f", struct.pack("f", x))[0]


def numbers(n: int, dtype: str, scale: float = 2.0) -> list[float]:
    xs = [RNG.gauss(0.0, scale) for _ in range(n)]
    return [f32(x) for x in xs] if dtype == "float32" else xs


def chain(fn, depth: int = 0) -> list[str]:
    """The grad_fn names down the first input of each node, to the leaf."""
    names = []
    while fn is not None and depth < 8:
        names.append(type(fn).__name__)
        nxt = [f for f, _ in fn.next_functions if f is not None]
        fn = nxt[0] if nxt else None
        depth += 1
    return names


def prod(shape):
    p = 1
    for s in shape:
        p *= s
    return p


def loss_case(
    fn,
    shape,
    dtype,
    *,
    reduction="mean",
    weight=False,
    ignore=0.0,
    label_smoothing=0.0,
    probs=False,
    ignore_index=-100,
):
    c = shape[1] if len(shape) > 1 else shape[0]
    tshape = [shape[0], *shape[2:]] if len(shape) > 1 else []
    x = numbers(prod(shape), dtype)
    if probs:
        t = torch.softmax(
            torch.tensor(numbers(prod(shape), dtype)).view(shape), 1 if len(shape) > 1 else 0
        )
        target = (
            [f32(v) for v in t.flatten().tolist()] if dtype == "float32" else t.flatten().tolist()
        )
        tshape = list(shape)
    else:
        target = [
            RNG.randrange(c) if RNG.random() >= ignore else ignore_index
            for _ in range(prod(tshape))
        ]
    w = [RNG.uniform(0.2, 2.0) for _ in range(c)] if weight else None
    if w and dtype == "float32":
        w = [f32(v) for v in w]
    dt = getattr(torch, dtype)
    xt = torch.tensor(x, dtype=dt).view(shape).requires_grad_(True)
    tt = torch.tensor(target, dtype=dt if probs else torch.long).view(tshape)
    wt = torch.tensor(w, dtype=dt) if w else None
    kw = {"weight": wt, "reduction": reduction, "ignore_index": ignore_index}
    if fn == "cross_entropy":
        kw["label_smoothing"] = label_smoothing
    out = getattr(F, fn)(xt, tt, **kw)
    gout = numbers(out.numel(), dtype, 1.0) if out.dim() else [1.0]
    out.backward(torch.tensor(gout, dtype=dt).view(out.shape))
    return {
        "kind": "loss",
        "fn": fn,
        "shape": list(shape),
        "dtype": dtype,
        "x": x,
        "target": target,
        "target_shape": tshape,
        "probs": probs,
        "weight": w,
        "reduction": reduction,
        "ignore_index": ignore_index,
        "label_smoothing": label_smoothing,
        "grad_output": gout,
        "out": out.detach().flatten().tolist(),
        "out_shape": list(out.shape),
        "grad": xt.grad.flatten().tolist(),
        "grad_fns": chain(out.grad_fn),
    }


def softmax_case(fn, shape, dim, dtype="float32"):
    x = numbers(prod(shape), dtype, 3.0)
    xt = torch.tensor(x, dtype=getattr(torch, dtype)).view(shape).requires_grad_(True)
    out = getattr(torch, fn)(xt, dim)
    gout = numbers(prod(shape), dtype, 1.0)
    out.backward(torch.tensor(gout, dtype=xt.dtype).view(shape))
    return {
        "kind": "softmax",
        "fn": fn,
        "shape": list(shape),
        "dim": dim,
        "dtype": dtype,
        "x": x,
        "grad_output": gout,
        "out": out.detach().flatten().tolist(),
        "grad": xt.grad.flatten().tolist(),
    }


def error_case(fn, shape, target_shape, target_dtype="long", weight_shape=None, **kw):
    x = torch.zeros(shape)
    t = torch.zeros(target_shape, dtype=getattr(torch, target_dtype))
    w = torch.ones(weight_shape) if weight_shape is not None else None
    try:
        getattr(F, fn)(x, t, weight=w, **kw)
    except Exception as e:  # the type and text are what is stored
        return {
            "kind": "error",
            "fn": fn,
            "shape": list(shape),
            "target_shape": list(target_shape),
            "target_dtype": target_dtype,
            "weight_shape": weight_shape,
            "kwargs": kw,
            "error": type(e).__name__,
            "message": str(e),
        }
    raise AssertionError(f"no error: {fn} {shape} {target_shape}")


def main() -> None:
    cases = []
    for dtype in ("float32", "float64"):
        for fn in ("nll_loss", "cross_entropy"):
            for shape in ((2, 3, 4, 5), (3, 4, 6), (2, 3, 2, 3, 2), (5, 4), (4,)):
                for reduction in ("mean", "sum", "none"):
                    cases.append(loss_case(fn, shape, dtype, reduction=reduction))
                    if len(shape) > 1:
                        cases.append(
                            loss_case(
                                fn, shape, dtype, reduction=reduction, weight=True, ignore=0.25
                            )
                        )
            cases.append(loss_case(fn, (2, 3, 4, 4), dtype, ignore=1.0))
            cases.append(loss_case(fn, (2, 3, 4, 4), dtype, ignore=1.0, reduction="sum"))
            cases.append(loss_case(fn, (2, 5, 9, 7), dtype, weight=True, ignore=0.1))
        for shape in ((2, 3, 4, 5), (3, 4, 6), (5, 4)):
            for reduction in ("mean", "sum", "none"):
                cases.append(
                    loss_case(
                        "cross_entropy",
                        shape,
                        dtype,
                        reduction=reduction,
                        label_smoothing=0.1,
                        weight=reduction != "sum",
                        ignore=0.2,
                    )
                )
                cases.append(
                    loss_case(
                        "cross_entropy",
                        shape,
                        dtype,
                        reduction=reduction,
                        probs=True,
                        weight=reduction == "sum",
                    )
                )
            cases.append(loss_case("cross_entropy", shape, dtype, probs=True, label_smoothing=0.2))
    for fn in ("softmax", "log_softmax"):
        for shape, dim in (
            ((2, 3, 4, 5), 1),
            ((1, 4, 8), 1),
            ((3, 7, 1), 1),
            ((2, 5, 13), 1),
            ((2, 21, 17), 1),
            ((4, 8), 0),
            ((2, 3, 4, 5), 2),
            ((2, 3, 4), 2),
            ((1, 3, 40), 1),
            ((3, 6, 24), 1),
        ):
            cases.append(softmax_case(fn, shape, dim))
    for fn in ("nll_loss", "cross_entropy"):
        cases += [
            error_case(fn, (2, 3, 4, 5), (2, 4, 4)),
            error_case(fn, (2, 3, 4, 5), (3, 4, 5)),
            error_case(fn, (2, 3, 4, 5), (2, 4, 5, 1)),
            error_case(fn, (2, 3, 4, 5), (2, 20)),
            error_case(fn, (2, 3, 4, 5), (2, 4, 5), "int32"),
            error_case(fn, (2, 3, 4, 5), (2, 4, 5), weight_shape=[4]),
            error_case(fn, (2, 3, 4), (2, 5)),
            error_case(fn, (2, 3, 4), (2,)),
            error_case(fn, (2, 3, 4), (3, 4)),
            error_case(fn, (2, 3, 4), (2, 4), weight_shape=[2]),
            error_case(fn, (2, 3), (2, 4)),
            error_case(fn, (2, 3), (3,)),
            error_case(fn, (2, 3, 4, 5), (2, 4, 5), reduction="bad"),
        ]
    cases.append(error_case("cross_entropy", (2, 3, 4, 5), (2, 3, 4, 5), "int64"))
    cases.append(error_case("cross_entropy", (2, 3, 4, 5), (2, 3, 4, 5), "float32", ignore_index=1))
    cases.append(error_case("cross_entropy", (2, 3, 4, 5), (2, 4, 5), label_smoothing=1.5))
    cases.append(
        error_case("cross_entropy", (2, 3, 4, 5), (2, 3, 4, 5), "float32", weight_shape=[4])
    )
    json.dump({"threads": torch.get_num_threads(), "cases": cases}, sys.stdout)


if __name__ == "__main__":
    main()
