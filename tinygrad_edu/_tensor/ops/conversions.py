"""dtype conversions: ``float()``, ``double()``, ``long()``, ``bool()``, ``to(dtype)`` and
``type()``, as PyTorch makes them (``ToCopyBackward0`` between float types, the tensor itself
when nothing changes, a plain tensor for ints and bools).

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.5, -2.25], requires_grad=True)
>>> x.float() is x, x.double(), x.long()
(True, tensor([ 1.5000, -2.2500], dtype=torch.float64, grad_fn=<ToCopyBackward0>), tensor([ 1, -2]))
"""

from __future__ import annotations

from typing import Any

from ...core.engine import Value, apply
from ...core.grad_mode import STATE
from ...core.ops import Op
from ..arguments import dtype_arg, invalid_combination
from ..device import CPU, DEVICE_TYPES, check_device
from ..dtype import (
    C_NAMES,
    DTYPES,
    bfloat16,
    bool_,
    dtype,
    float16,
    float32,
    float64,
    get_default_dtype,
    int8,
    int16,
    int32,
    int64,
    promote,
    round_float32,
    store,
    uint8,
)  # fmt: skip
from ..dtype import result_type as dtype_result_type
from ..tensor_graph import is_tensor, node_class, result

__all__ = ["METHODS", "TYPE_NAMES", "convert", "result_type"]

# the op of a float-to-float copy: d out / d in = 1 (an element copy, as ops.COPIES' entries)
TO_COPY = Op(key="to_copy", name="ToCopyBackward0", forward=lambda a: a,
             local=lambda a, out: (1.0,), expr="{0}", dlocal=("1",), method=None,
             micrograd="")  # fmt: skip
node_class(TO_COPY.name)

TYPE_NAMES = {dt: f"{C_NAMES[dt][0]}Tensor" for dt in DTYPES.values()}
_BY_TYPE_NAME = {f"torch.{n}": dt for dt, n in TYPE_NAMES.items()}


def convert(t: Any, dt: dtype) -> Any:
    """``t`` as ``dt``: ``t`` itself when it already is, else a copy (ToCopyBackward0)."""
    if dt is t.dtype:
        return t
    if t.dtype is float32:  # what a float32 element holds is its float32 value
        dt_in = dt
        return _converted(t, dt_in, lambda x: store(dt_in, round_float32(x)))
    return _converted(t, dt, lambda x: store(dt, x))


def _converted(t: Any, dt: dtype, cast: Any) -> Any:
    if STATE.enabled and t.requires_grad and dt.is_floating_point:
        vals = [apply(TO_COPY, (v,)) for v in t.flat]
        for v in vals:
            v.data = cast(v.data)
        return result(vals, t.shape, dt, node_class(TO_COPY.name), (t,))
    vals = [Value(cast(v.data), requires_grad=False) for v in t.flat]
    return type(t).from_values(vals, t.shape, dt)


def _number_dtype(n: Any) -> dtype:
    return bool_ if isinstance(n, bool) else int64 if isinstance(n, int) else get_default_dtype()


def result_type(tensor1: Any, tensor2: Any) -> dtype:
    """``torch.result_type``: the dtype an arithmetic op on these two (tensors or Python
    numbers) gives."""
    a, b = (tensor1, tensor2) if is_tensor(tensor1) else (tensor2, tensor1)
    if not is_tensor(a):
        return promote(_number_dtype(a), None, b) if type(a) is not type(b) else _number_dtype(a)
    if is_tensor(b):
        return dtype_result_type(a, b)
    return promote(a.dtype, None, b)


def _to(t: Any, *args: Any, dtype: dtype | None = None, **kwargs: Any) -> Any:
    """``t.to(torch.float64)``, ``t.to(dtype=...)``, ``t.to(other)``, ``t.to("cpu")``."""
    if dtype is not None and not isinstance(dtype, type(float32)):
        raise invalid_combination("to", args, {"dtype": dtype, **kwargs})
    for a in args:
        if isinstance(a, type(float32)):
            dtype = a
        elif isinstance(a, type) and a in (float, int, bool):
            dtype = dtype_arg("to", a)
        elif is_tensor(a):
            dtype = a.dtype
        elif isinstance(a, str) and a.partition(":")[0] not in DEVICE_TYPES:
            raise RuntimeError(f"Invalid device string: '{a}'")
        elif a is None or isinstance(a, (str, type(CPU))):
            check_device(a)
        else:
            raise invalid_combination("to", args, kwargs)
    check_device(kwargs.get("device"))
    return t if dtype is None else convert(t, dtype)


def _type(t: Any, dtype: Any = None) -> Any:
    """``t.type()`` is ``'torch.FloatTensor'``; ``t.type(torch.float64)`` converts."""
    if dtype is None:
        return f"torch.{TYPE_NAMES[t.dtype]}"
    if isinstance(dtype, type) and hasattr(dtype, "dtype"):  # t.type(torch.FloatTensor)
        dtype = dtype.dtype
    if isinstance(dtype, str):
        if dtype not in _BY_TYPE_NAME:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = _BY_TYPE_NAME[dtype]
    return convert(t, dtype)


METHODS: dict[str, Any] = {
    "float": lambda self: convert(self, float32),
    "double": lambda self: convert(self, float64),
    "long": lambda self: convert(self, int64),
    "bool": lambda self: convert(self, bool_),
    "half": lambda self: convert(self, float16),
    "bfloat16": lambda self: convert(self, bfloat16),
    "int": lambda self: convert(self, int32),
    "short": lambda self: convert(self, int16),
    "char": lambda self: convert(self, int8),
    "byte": lambda self: convert(self, uint8),
    "element_size": lambda self: self.dtype.itemsize,
    "to": _to,
    "type": _type,
    "cpu": lambda self: self,
    "device": property(lambda self: CPU),
}
