"""Files real PyTorch saves, for the tests that load them here (``tests/data/torch_files``).

``python tests/torch_files.py`` (PyTorch installed: ``make torch-files``) saves each case of
``CASES`` with ``torch.save`` and writes ``expected.json``: what each file holds, described by
``describe`` (dtypes, sizes, strides, offsets, which tensors share a storage, the numbers), so
that the plain test suite, without PyTorch, checks what ``torch.load`` here makes of them.
``describe`` works on both engines' objects; the parity tests use it the other way round.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent / "data" / "torch_files"


def describe(obj: Any, storage_of: Callable[[Any], Any]) -> Any:
    """A JSON-able account of ``obj``; ``storage_of(t)`` names a tensor's storage (shared
    storages get the same number, in order of first appearance)."""
    seen: dict[Any, int] = {}

    def go(x: Any) -> Any:
        kind = type(x).__name__
        if hasattr(x, "storage_offset") and hasattr(x, "dtype"):
            key = storage_of(x)
            return {
                "tensor": "Parameter" if kind == "Parameter" else "Tensor",
                "dtype": str(x.dtype), "shape": list(x.shape), "stride": list(x.stride()),
                "offset": x.storage_offset(), "requires_grad": x.requires_grad,
                "storage": seen.setdefault(key, len(seen)), "values": _numbers(x.tolist()),
            }  # fmt: skip
        if kind == "Size":
            return {"Size": list(x)}
        if kind == "dtype":
            return {"dtype": str(x)}
        if kind == "device":
            return {"device": str(x)}
        if isinstance(x, (bytes, bytearray)):
            return {kind: x.hex()}
        if isinstance(x, complex):
            return {"complex": [x.real, x.imag]}
        if isinstance(x, float):
            return {"float": repr(x)} if not math.isfinite(x) else x
        if isinstance(x, dict):
            out = {kind: [[go(k), go(v)] for k, v in x.items()]}
            if getattr(x, "_metadata", None) is not None:
                out["_metadata"] = go(dict(x._metadata))
            return out
        if isinstance(x, (set, frozenset)):
            return {kind: sorted(repr(i) for i in x)}
        if isinstance(x, (list, tuple)):
            return {kind: [go(i) for i in x]}
        return x

    return go(obj)


def _numbers(x: Any) -> Any:
    if isinstance(x, list):
        return [_numbers(i) for i in x]
    if isinstance(x, float) and not math.isfinite(x):
        return repr(x)
    return x


def cases(torch: Any) -> dict[str, Callable[[], Any]]:
    """Each file's name and what it holds, built with ``torch`` (seeded)."""
    nn = torch.nn

    def seeded(make: Callable[[], Any]) -> Callable[[], Any]:
        def build() -> Any:
            torch.manual_seed(0)
            return make()

        return build

    def stepped(opt_cls: Any, **kw: Any) -> Callable[[], Any]:
        def make() -> Any:
            net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
            opt = opt_cls(net.parameters(), **kw)
            for _ in range(2):
                opt.zero_grad()
                net(torch.randn(5, 3)).pow(2).mean().backward()
                opt.step()
            return {"model": net.state_dict(), "optimizer": opt.state_dict(), "epoch": 2}

        return make

    def views() -> Any:
        t = torch.arange(12.0).reshape(3, 4)
        return {"base": t, "row": t[1], "col": t[:, 2], "T": t.T, "block": t[1:, 1:3],
                "flat": t.view(-1), "rows": [t[0:1], t[1:2], t[2:3]]}  # fmt: skip

    out: dict[str, Callable[[], Any]] = {
        f"dtype_{name}": seeded(lambda d=d: (torch.randn(2, 3) * 100).to(d))
        for name, d in [("float32", torch.float32), ("float64", torch.float64),
                        ("float16", torch.float16), ("bfloat16", torch.bfloat16),
                        ("int64", torch.int64), ("int32", torch.int32), ("int16", torch.int16),
                        ("int8", torch.int8), ("uint8", torch.uint8), ("bool", torch.bool)]
    }  # fmt: skip
    out.update(
        {
            "scalar": lambda: torch.tensor(3.5),
            "empty": lambda: torch.zeros(0, 3),
            "requires_grad": lambda: torch.tensor([1.0, -2.0], requires_grad=True),
            "parameter": lambda: nn.Parameter(torch.tensor([[0.5, 1.5]])),
            "special_floats": lambda: torch.tensor([math.inf, -math.inf, math.nan, -0.0, 1e-45]),
            "views": views,
            "slice_alone": lambda: torch.arange(10.0)[3:7],
            "transposed_alone": lambda: torch.arange(6.0).reshape(2, 3).t(),
            "expanded": lambda: torch.tensor([1.0, 2.0]).expand(3, 2),
            "tied": seeded(lambda: (lambda w: {"a": w, "b": w, "both": [w, w]})(torch.randn(2))),
            "linear_state_dict": seeded(lambda: nn.Linear(3, 2).state_dict()),
            "mlp_batchnorm_state_dict": seeded(
                lambda: nn.Sequential(nn.Linear(2, 3), nn.BatchNorm1d(3), nn.ReLU()).state_dict()
            ),
            "sgd_momentum_checkpoint": seeded(stepped(torch.optim.SGD, lr=0.1, momentum=0.9)),
            "adam_checkpoint": seeded(stepped(torch.optim.Adam, lr=0.01)),
            "nested": seeded(
                lambda: [
                    {"x": (torch.ones(2), [torch.zeros(1, dtype=torch.int64)])},
                    ((1, 2.5, "three"), {"deep": {"er": [None, True]}}),
                ]
            ),
            "python_kinds": lambda: {
                "size": torch.Size([2, 3]),
                "dtypes": [torch.float32, torch.int64, torch.bool],
                "device": torch.device("cpu"),
                "bytes": b"ab\xff",
                "set": {1, 2, 3},
                "complex": 1.5 - 2j,
                "bytearray": bytearray(b"xy"),
                "counter": __import__("collections").Counter({"a": 2, "b": 1}),
                "big": 2**70,
                "neg": -5,
                "float": 0.1,
                "inf": math.inf,
                "text": "héllo ∂",
                "none": None,
                "flag": False,
                "empty": ((), [], {}),
            },
            "big_tensor": seeded(lambda: torch.randn(64, 64)),
        }
    )
    return out


def storage_of_torch(t: Any) -> Any:
    return t.untyped_storage().data_ptr()


def main() -> None:
    import torch

    HERE.mkdir(parents=True, exist_ok=True)
    expected = {}
    for name, make in cases(torch).items():
        obj = make()
        torch.save(obj, HERE / f"{name}.pt")
        expected[name] = describe(obj, storage_of_torch)
    legacy = torch.arange(3.0)
    torch.save(legacy, HERE / "legacy_format.pt", _use_new_zipfile_serialization=False)
    lines = [
        f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(expected.items())
    ]
    (HERE / "expected.json").write_text("{\n" + ",\n".join(lines) + "\n}\n")  # a case a line
    print(f"{len(expected)} files and legacy_format.pt in {HERE}", file=sys.stderr)


if __name__ == "__main__":
    main()
