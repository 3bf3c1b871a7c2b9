"""Tensors made of Values, with PyTorch's names, reprs and errors.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> y = torch.sum(x) * 2
>>> y
tensor(12., grad_fn=<MulBackward0>)
>>> y.backward()
>>> x.grad
tensor([2., 2., 2.])

A Tensor is a shape plus a flat, row-major list of Values (``_values``).  Every op makes one
scalar node per output element (a reduction or a dot product is one n-ary node, never a chain),
so the scalar engine does all the arithmetic.  The tensor's own ``grad_fn`` is a tensor-level
node with PyTorch's name and ``next_functions``; it holds its inputs and its output's elements,
never the output Tensor, so no graph keeps itself alive through a cycle.

Backward (in ``autograd.py``) is the engine's pass over the element Values, paused at tensors
that have hooks; weak registries map Values back to their Tensors for that.  Gradients made
with ``create_graph=True`` are Values with a scalar graph; ``_lift`` reads them back as Tensors
whose tensor-level nodes mirror that graph.
"""

from __future__ import annotations

import itertools
import math
import warnings
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from ._tensor_str import _float32, format_tensor
from .engine import INFIX, Value, apply, vdot
from .grad_mode import STATE, set_grad_enabled
from .graph import AccumulateGrad, local_derivatives
from .messages import SECOND_BACKWARD
from .ops import COPIES, NARY, OPS

__all__ = [
    "Size",
    "Tensor",
    "TensorNode",
    "arange",
    "dtype",
    "ones",
    "stack",
    "tensor",
    "zeros",
]

_Number = (int, float)


# -- sizes and dtypes ------------------------------------------------------------------------


class Size(tuple):
    """A tensor's shape: a tuple that prints like ``torch.Size([2, 3])``."""

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    __str__ = __repr__

    def numel(self) -> int:
        return math.prod(self)


class dtype:  # noqa: N801 - PyTorch's name
    """An element type: ``torch.float32``, ``torch.float64``, ``torch.int64``, ``torch.bool``."""

    __slots__ = ("is_floating_point", "name")

    def __init__(self, name: str, floating: bool) -> None:
        self.name, self.is_floating_point = name, floating

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self) -> str:
        return self.name


float32 = dtype("float32", True)
float64 = dtype("float64", True)
int64 = dtype("int64", False)
bool_ = dtype("bool", False)
DTYPES = {"float32": float32, "float64": float64, "int64": int64, "bool": bool_}


def _promote(a: dtype, b: dtype | None, number: Any = None) -> dtype:
    """The result type of an arithmetic op (PyTorch's promotion, for these four types)."""
    kinds = [a] if b is None else [a, b]
    if any(k is float64 for k in kinds):
        return float64
    if any(k.is_floating_point for k in kinds) or isinstance(number, float):
        return float32
    if all(k is bool_ for k in kinds) and (number is None or isinstance(number, bool)):
        return bool_
    return int64


def _category(dt: dtype) -> int:
    return 2 if dt.is_floating_point else 1 if dt is int64 else 0


def _result_type(a: Tensor, b: Tensor) -> dtype:
    """Promotion between tensors: a 0-d tensor only counts when its kind (bool < int < float)
    is higher than the other's, so ``float32 vector * float64 scalar`` stays float32."""
    if bool(a.shape) != bool(b.shape):
        dim, zero = (a, b) if a.shape else (b, a)
        if _category(zero.dtype) <= _category(dim.dtype):
            return dim.dtype
    return _promote(a.dtype, b.dtype)


# -- tensor-level nodes ----------------------------------------------------------------------


class TensorNode:
    """A tensor's ``grad_fn``: one class per PyTorch name (``type(n).__name__ == n.name()``).

    ``_inputs`` are the op's inputs (Tensors, or numbers, which always come second), ``_values``
    the output's element Values (whose scalar nodes do the work), ``_attrs`` the non-tensor
    values PyTorch saves (``_saved_dim``...).
    """

    __slots__ = ("__weakref__", "_attrs", "_inputs", "_lifted", "_seq", "_values")
    slots: int = 1  # leading inputs that get a next_functions entry (-1: all)
    # which input slot a scalar node's j-th input belongs to: "pos" (slot j, elementwise ops),
    # "halves" (a row, then a column: dot products), "find" (the slot that holds the Value)
    layout: str = "pos"
    saved: dict[str, int | str] = {}  # _saved_* name -> input index or "result"

    def name(self) -> str:
        return type(self).__name__

    @property
    def inputs(self) -> tuple[Any, ...]:
        """Every input of the op, in order: Tensors, and numbers (which always come second)."""
        return self._inputs

    @property
    def differentiable_inputs(self) -> tuple[Any, ...]:
        """The inputs that are PyTorch's slots, one per ``next_functions`` entry."""
        ins = self._inputs
        return ins if self.slots < 0 else ins[: self.slots]

    @property
    def next_functions(self) -> tuple[tuple[Any, int], ...]:
        return tuple((_edge(x), 0) for x in self.differentiable_inputs)

    @property
    def metadata(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} object at {id(self):#x}>"

    def _freed(self) -> bool:
        return any(v.grad_fn is not None and v.grad_fn.freed for v in self._values)

    def __getattr__(self, attr: str) -> Any:
        cls = type(self)
        if not attr.startswith("_saved_") or (attr not in cls.saved and attr not in self._attrs):
            raise AttributeError(f"'{cls.__name__}' object has no attribute '{attr}'")
        if self._freed():
            raise RuntimeError(SECOND_BACKWARD)
        if attr in self._attrs:
            return self._attrs[attr]
        where = cls.saved[attr]
        if where == "result":
            return Tensor._make(list(self._values), self._shape(), self._inputs[0].dtype, self)
        x = self._inputs[where]  # type: ignore[index]
        if isinstance(x, Tensor):
            return x
        if attr == "_saved_exponent":
            return x  # PyTorch keeps a Python exponent as is
        return tensor(x, dtype=int64 if isinstance(x, int) else float64)

    def _chain_rule(
        self, slots: list[Tensor | None], seeds: list[Any], *, graph: bool
    ) -> list[dict[int, Any]]:
        """One step of the chain rule over the output's scalar nodes: per input slot, the
        gradient of each element (by id).  Each scalar input is credited to its own slot, so
        ``a * a`` gives each slot its own share, as PyTorch does."""
        acc: list[dict[int, Any]] = [{} for _ in slots]
        ids = [set() if t is None else {id(v) for v in t._values} for t in slots]
        layout = self.layout
        with set_grad_enabled(graph):
            for v, g in zip(self._values, seeds):
                fn = v.grad_fn
                if fn is None:
                    continue
                ins = fn.inputs
                out: Any = fn.result
                if graph:
                    out = (
                        apply(fn.op, ins) if fn.op.uses_result else Value(out, requires_grad=False)
                    )
                local = local_derivatives(fn.op, ins, out)
                half = len(local) // 2
                for j, (x, d) in enumerate(zip(ins, local)):
                    if x.__class__ is not Value or not x.requires_grad:
                        continue
                    if layout == "pos":
                        k = j
                    elif layout == "halves":
                        k = 0 if j < half else 1
                    else:
                        k = next((k for k, s in enumerate(ids) if id(x) in s), -1)
                    if 0 <= k < len(slots) and slots[k] is not None:
                        c = g * d
                        acc[k][id(x)] = acc[k][id(x)] + c if id(x) in acc[k] else c
        return acc

    def _shape(self) -> Size:
        return self._attrs.get("shape", Size((len(self._values),)))

    def __call__(self, *grad_outputs: Any) -> Any:
        """The input gradients for one output gradient: a tuple, or bare for one input."""
        if len(grad_outputs) != 1:
            raise TypeError(f"expected 1 arguments, got {len(grad_outputs)} instead")
        (g,) = grad_outputs
        if not isinstance(g, Tensor):
            raise TypeError("argument 0 is not a Variable")
        if self._freed():
            raise RuntimeError(SECOND_BACKWARD)
        ins = self._inputs
        n = len(ins) if self.slots < 0 else self.slots
        slots = [x if isinstance(x, Tensor) and x.requires_grad else None for x in ins[:n]]
        seeds = [gv if g.requires_grad else gv.data for gv in g._values]
        acc = self._chain_rule(slots, seeds, graph=STATE.enabled)
        res: list[Tensor | None] = []
        for k, (t, got) in enumerate(zip(slots, acc)):
            if t is None:
                res.append(None)
            else:
                vals = [got.get(id(v)) for v in t._values]
                r = _lift([0.0 if v is None else v for v in vals], t.shape, t.dtype)
                res.append(_rename_double_backward(r, self, k))
        return res[0] if len(res) == 1 else tuple(res)


# Gradients whose last step PyTorch names differently from our ``upstream * local``: ops with
# a backward node of their own, and formulas that divide (``grad / self`` for log) or mask
# (``where(exponent == 0, ...)``). Keyed by node name, or (node name, input slot).
_DOUBLE_BACKWARD: dict[Any, str] = {
    "TanhBackward0": "TanhBackwardBackward0",
    "SigmoidBackward0": "SigmoidBackwardBackward0",
    "LogBackward0": "DivBackward0",
    "SqrtBackward0": "DivBackward0",
    ("DivBackward0", 0): "DivBackward0",
    ("PowBackward1", 0): "WhereBackward0",
}


def _rename_double_backward(r: Tensor, node: Any, slot: int = 0) -> Tensor:
    """Name a gradient made through ``node`` as PyTorch does (``TanhBackwardBackward0``)."""
    key = type(node).__name__
    return _renamed(r, _DOUBLE_BACKWARD.get((key, slot)) or _DOUBLE_BACKWARD.get(key))


def _renamed(r: Tensor, name: str | None) -> Tensor:
    """``r`` with its grad_fn under PyTorch's name for the last step that made it."""
    if name and r.grad_fn is not None and type(r.grad_fn).__name__ != name:
        fn = object.__new__(_lifted_class(_node_class(name)))
        fn._values, fn._lifted, fn._seq, fn._attrs = r._values, None, _next_seq(), {}
        r.grad_fn = fn
    return r


_NODE_CLASSES: dict[str, type[TensorNode]] = {}


def _node_class(
    name: str, slots: int = 1, saved: dict[str, int | str] | None = None, layout: str = "pos"
) -> type:
    cls = _NODE_CLASSES.get(name)
    if cls is None:
        attrs = {"__slots__": (), "slots": slots, "saved": dict(saved or {}), "layout": layout}
        cls = _NODE_CLASSES[name] = type(name, (TensorNode,), attrs)
    return cls


for _o in OPS.values():
    _node_class(_o.name, _o.slots, _o.saved)

# The tensor-level names that are not elementwise: (name, slots, saved tensors, layout).
_TENSOR_OPS = {
    "sum": ("SumBackward0", 1, {}, "find"),
    "sum_dim": ("SumBackward1", 1, {}, "find"),
    "mean": ("MeanBackward0", 1, {}, "find"),
    "mean_dim": ("MeanBackward1", 1, {}, "find"),
    "dot": ("DotBackward0", 2, {"_saved_self": 0, "_saved_tensor": 1}, "halves"),
    "mv": ("MvBackward0", 2, {"_saved_self": 0, "_saved_vec": 1}, "halves"),
    "mm": ("MmBackward0", 2, {"_saved_self": 0, "_saved_mat2": 1}, "halves"),
    "unsqueeze": ("UnsqueezeBackward0", 1, {}, "pos"),
    "squeeze": ("SqueezeBackward4", 1, {}, "pos"),
    "select": ("SelectBackward0", 1, {}, "pos"),
    "unbind": ("UnbindBackward0", 1, {}, "pos"),
    "clone": ("CloneBackward0", 1, {}, "pos"),
    "copy": ("CopyBackwards", 1, {}, "pos"),
    "stack": ("StackBackward0", -1, {}, "find"),
}
_TNODES = {key: _node_class(*spec) for key, spec in _TENSOR_OPS.items()}
_next_seq = itertools.count().__next__


def _edge(x: Any) -> Any:
    """The next_functions entry for an input: its grad_fn, its AccumulateGrad, or None."""
    if not isinstance(x, Tensor) or not x.requires_grad:
        return None
    if x.grad_fn is not None:
        return x.grad_fn
    ag = x._ag() if x._ag is not None else None
    if ag is None:  # held weakly by the leaf, as PyTorch does: no cycle
        ag = AccumulateGrad(x)  # type: ignore[arg-type]
        x._ag = weakref.ref(ag)
    return ag


# -- the registries backward needs -----------------------------------------------------------

# A leaf Value that requires grad -> its leaf Tensor, so that backward (which runs over Values)
# can give each leaf Tensor its gradient.  Weak: a Tensor is forgotten when it goes.
_LEAF_OF: weakref.WeakValueDictionary[int, Tensor] = weakref.WeakValueDictionary()
# Non-leaf tensors with hooks or retain_grad(): backward stops at them to run the hooks.
# (Keyed by id: a weak set would compare Tensors with ==, which PyTorch makes elementwise.)
_WATCHED: weakref.WeakValueDictionary[int, Tensor] = weakref.WeakValueDictionary()
# First element Value -> a Tensor made of it, so a graph of Values can be read as Tensors again.
_TENSOR_OF: weakref.WeakValueDictionary[int, Tensor] = weakref.WeakValueDictionary()


# -- Tensor ----------------------------------------------------------------------------------


class Tensor:
    """A shape and a flat row-major list of Values; ``torch.tensor(...)`` makes one.

    >>> from tinygrad_edu import tensor
    >>> t = tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    >>> (t * 2).sum().backward()
    >>> t.grad.tolist()
    [[2.0, 2.0], [2.0, 2.0]]
    """

    __slots__ = (
        "__dict__",
        "__weakref__",
        "_ag",
        "_aliases",
        "_base",
        "_grad",
        "_hooks",
        "_requires_grad",
        "_retains_grad",
        "_values",
        "dtype",
        "grad_fn",
        "shape",
    )
    __hash__ = object.__hash__

    def __init__(self, data: Any = (), *, requires_grad: bool = False) -> None:
        t = tensor(data, dtype=float32, requires_grad=requires_grad)
        self._init(t._values, t.shape, float32, None)
        if requires_grad:
            self._set_requires_grad(True)

    def _init(self, values: list[Value], shape: tuple[int, ...], dt: dtype, fn: Any) -> None:
        self._values = values
        self.shape = shape if isinstance(shape, Size) else Size(shape)
        self.dtype = dt
        self.grad_fn = fn
        self._requires_grad = False
        self._grad: Tensor | None = None
        self._retains_grad = False
        self._hooks: dict[int, Callable[[Tensor], Any]] | None = None
        self._ag: weakref.ref[AccumulateGrad] | None = None
        self._base: Tensor | None = None
        self._aliases: weakref.WeakValueDictionary[int, Tensor] | None = None
        if values:
            _TENSOR_OF[id(values[0])] = self

    @classmethod
    def _make(
        cls, values: list[Value], shape: tuple[int, ...], dt: dtype, fn: Any = None
    ) -> Tensor:
        t = object.__new__(cls)
        t._init(values, shape, dt, fn)
        return t

    # -- flags -----------------------------------------------------------------------------

    @property
    def requires_grad(self) -> bool:
        return self.grad_fn is not None or self._requires_grad

    @requires_grad.setter
    def requires_grad(self, flag: bool) -> None:
        if self.grad_fn is not None:
            if not flag:
                raise RuntimeError(_NON_LEAF_FLAG)
            return
        if flag and not self.dtype.is_floating_point:
            raise RuntimeError(_INT_GRAD.replace("O", "o", 1))  # the attribute's own wording
        self._set_requires_grad(bool(flag))

    def _set_requires_grad(self, flag: bool) -> None:
        self._requires_grad = flag
        for v in self._values:
            v.requires_grad = flag
            if flag:
                _LEAF_OF[id(v)] = self

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        if requires_grad and self.grad_fn is None and not self.dtype.is_floating_point:
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn is None

    @property
    def retains_grad(self) -> bool:
        return self._retains_grad

    def retain_grad(self) -> None:
        if not self.requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is not None:
            self._retains_grad = True
            _WATCHED[id(self)] = self

    # -- grad ------------------------------------------------------------------------------

    @property
    def grad(self) -> Tensor | None:
        if self.grad_fn is not None and not self._retains_grad:
            warnings.warn(_NON_LEAF_GRAD, UserWarning, stacklevel=2)
            return None
        return self._grad

    @grad.setter
    def grad(self, g: Tensor | None) -> None:
        if g is not None:
            if not isinstance(g, Tensor):
                raise TypeError(
                    "assigned grad expected to be a Tensor or None but got grad of type "
                    f"{type(g).__name__}"
                )
            if g.shape != self.shape:
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(g.shape)}' to a tensor of "
                    f"size '{list(self.shape)}'. Please ensure that the gradient and the tensor "
                    "are the same size"
                )
        self._grad = g

    def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> RemovableHandle:
        """Call ``hook(grad)`` when this tensor's gradient is computed; a result replaces it."""
        if not self.requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self._hooks is None:
            self._hooks = {}
        handle = RemovableHandle(self._hooks)
        self._hooks[handle.id] = hook
        if self.grad_fn is not None:
            _WATCHED[id(self)] = self
        return handle

    def backward(
        self,
        gradient: Tensor | float | None = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
        inputs: Any = None,
    ) -> None:
        """Add d self / d leaf into every leaf's ``.grad``, as ``torch.Tensor.backward`` does."""
        from .autograd import _backward  # the backward pass lives with autograd.grad

        if inputs is not None:
            raise NotImplementedError("backward(inputs=...) is not supported")
        _backward([self], [gradient], retain_graph=bool(retain_graph or create_graph),
                  create_graph=create_graph)  # fmt: skip

    # -- conversions -----------------------------------------------------------------------

    def _py(self, v: Value) -> Any:
        """An element as Python gets it from PyTorch: rounded to float32 for a float32 tensor."""
        if self.dtype is float32:
            return _float32(v.data)
        if self.dtype is int64:
            return int(v.data)
        if self.dtype is bool_:
            return bool(v.data)
        return v.data

    def elements(self) -> list[Value]:
        """The tensor's elements, in row-major order: each a scalar Value with its own node.

        Not a PyTorch method: tinygrad_edu's window into what a tensor is made of.
        """
        return list(self._values)

    def item(self) -> Any:
        if len(self._values) != 1:
            raise RuntimeError(
                f"a Tensor with {len(self._values)} elements cannot be converted to Scalar"
            )
        return self._py(self._values[0])

    def tolist(self) -> Any:
        flat = [self._py(v) for v in self._values]
        return _nest(flat, self.shape)

    def _scalar(self) -> Any:
        if len(self._values) != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self.requires_grad:
            _warn_to_scalar(3)
        return self._py(self._values[0])

    def __float__(self) -> float:
        return float(self._scalar())

    def __int__(self) -> int:
        return int(self._scalar())

    def __index__(self) -> int:
        if self.dtype.is_floating_point or self.shape:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self._values[0].data)

    def __bool__(self) -> bool:
        if len(self._values) != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._values[0].data)

    def __format__(self, spec: str) -> str:
        if not self.shape:
            return format(self.item(), spec)
        return format(repr(self), spec)

    def __repr__(self) -> str:
        suffixes = []
        if self.grad_fn is not None:
            suffixes.append(f"grad_fn=<{self.grad_fn.name()}>")
        elif self._requires_grad:
            suffixes.append("requires_grad=True")
        values = [self._py(v) if self.dtype is not float32 else v.data for v in self._values]
        return format_tensor(values, tuple(self.shape), dtype=self.dtype.name, suffixes=suffixes)

    __str__ = __repr__

    # -- shape -----------------------------------------------------------------------------

    def size(self, dim: int | None = None) -> Any:
        return self.shape if dim is None else self.shape[_dim(dim, len(self.shape))]

    def dim(self) -> int:
        return len(self.shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def numel(self) -> int:
        return len(self._values)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self) -> Any:
        if not self.shape:
            raise TypeError("iteration over a 0-d tensor")
        return (_select(self, 0, i, key="unbind") for i in range(self.shape[0]))

    def is_floating_point(self) -> bool:
        return self.dtype.is_floating_point

    def detach(self) -> Tensor:
        """The same numbers, cut off from the graph (a leaf that does not require grad)."""
        t = Tensor._make([Value(v.data, requires_grad=False) for v in self._values], self.shape,
                         self.dtype)  # fmt: skip
        # PyTorch's detach shares storage: in-place updates of either show in the other
        t._base = base = self if self._base is None else self._base
        if base._aliases is None:
            base._aliases = weakref.WeakValueDictionary()
        base._aliases[id(t)] = t
        return t

    @property
    def data(self) -> Tensor:
        return self.detach()

    @data.setter
    def data(self, other: Tensor) -> None:
        for v, o in zip(self._values, other._values):
            v.data = o.data

    def clone(self) -> Tensor:
        return _copy(self, "clone")

    def zero_(self) -> Tensor:
        return self._write([0.0] * len(self._values), self)

    def fill_(self, value: float) -> Tensor:
        return self._write([float(value)] * len(self._values), self)

    # -- arithmetic ------------------------------------------------------------------------

    def __add__(self, other: Any) -> Tensor:
        return _binary("add", self, other)

    def __radd__(self, other: Any) -> Tensor:
        return _binary("add", self, other)  # the number goes second, as in PyTorch

    def __sub__(self, other: Any) -> Tensor:
        return _binary("sub", self, other)

    def __rsub__(self, other: Any) -> Tensor:
        return _binary("rsub", self, other)

    def __mul__(self, other: Any) -> Tensor:
        return _binary("mul", self, other)

    def __rmul__(self, other: Any) -> Tensor:
        return _binary("mul", self, other)

    def __truediv__(self, other: Any) -> Tensor:
        return _binary("div", self, other)

    def __rtruediv__(self, other: Any) -> Tensor:
        if not isinstance(other, _Number):
            return NotImplemented
        return _binary("mul", self.reciprocal(), other)  # PyTorch: 2/a is Mul over Reciprocal

    def __pow__(self, other: Any) -> Tensor:
        return _binary("powt" if isinstance(other, Tensor) else "pow", self, other)

    def __rpow__(self, other: Any) -> Tensor:
        return _binary("rpow", self, other)

    def __neg__(self) -> Tensor:
        return _unary("neg", self)

    def __pos__(self) -> Tensor:
        return self

    def __abs__(self) -> Tensor:
        return _unary("abs", self)

    def __matmul__(self, other: Any) -> Tensor:
        return matmul(self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return matmul(other, self)

    add = __add__
    sub = __sub__
    mul = __mul__
    div = __truediv__
    pow = __pow__
    neg = __neg__
    matmul = __matmul__

    def square(self) -> Tensor:
        return _binary("pow", self, 2)

    def sum(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        return _reduce("sum", self, dim, keepdim)

    def mean(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        return _reduce("mean", self, dim, keepdim)

    def dot(self, other: Tensor) -> Tensor:
        return dot(self, other)

    # -- comparisons: bool tensors, never part of a graph ----------------------------------

    def __eq__(self, other: Any) -> Tensor:  # type: ignore[override]
        return _compare(lambda a, b: a == b, self, other)

    def __ne__(self, other: Any) -> Tensor:  # type: ignore[override]
        return _compare(lambda a, b: a != b, self, other)

    def __lt__(self, other: Any) -> Tensor:
        return _compare(lambda a, b: a < b, self, other)

    def __le__(self, other: Any) -> Tensor:
        return _compare(lambda a, b: a <= b, self, other)

    def __gt__(self, other: Any) -> Tensor:
        return _compare(lambda a, b: a > b, self, other)

    def __ge__(self, other: Any) -> Tensor:
        return _compare(lambda a, b: a >= b, self, other)

    # -- in place: the SGD step ------------------------------------------------------------

    def _inplace(self, key: str, other: Any) -> Tensor:
        if STATE.enabled and self.grad_fn is None and self._requires_grad:
            raise RuntimeError(_LEAF_INPLACE)
        # the version before the update, as its own Tensor: the new node's input is not self
        before = Tensor._make(self._values, self.shape, self.dtype, self.grad_fn)
        before._requires_grad = self._requires_grad
        out = _binary(key, before, other)
        if out is NotImplemented:
            return NotImplemented  # type: ignore[return-value]
        if out.grad_fn is not None:  # this tensor now stands for the new result
            self._values, self.grad_fn = out._values, out.grad_fn
            if self._values:
                _TENSOR_OF[id(self._values[0])] = self
            return self
        return self._write([v.data for v in out._values], out)

    def _write(self, data: list[float], out: Tensor) -> Tensor:
        if STATE.enabled and self.grad_fn is None and self._requires_grad:
            raise RuntimeError(_LEAF_INPLACE)
        if out.shape != self.shape:
            raise RuntimeError(
                f"output with shape {list(self.shape)} doesn't match the broadcast shape "
                f"{list(out.shape)}"
            )
        if self.dtype is int64:
            data = [float(int(d)) for d in data]
        base = self if self._base is None else self._base
        for t in (base, *(base._aliases.values() if base._aliases is not None else ())):
            for v, d in zip(t._values, data):
                v.data = d
        return self

    def __iadd__(self, other: Any) -> Tensor:
        return self._inplace("add", other)

    def __isub__(self, other: Any) -> Tensor:
        return self._inplace("sub", other)

    def __imul__(self, other: Any) -> Tensor:
        return self._inplace("mul", other)

    def __itruediv__(self, other: Any) -> Tensor:
        return self._inplace("div", other)

    def add_(self, other: Any, *, alpha: float = 1) -> Tensor:
        return self._inplace("add", other * alpha if alpha != 1 else other)

    def sub_(self, other: Any, *, alpha: float = 1) -> Tensor:
        return self._inplace("sub", other * alpha if alpha != 1 else other)

    def mul_(self, other: Any) -> Tensor:
        return self._inplace("mul", other)

    # -- indexing --------------------------------------------------------------------------

    def __getitem__(self, index: Any) -> Tensor:
        if isinstance(index, tuple):
            t = self
            for k, i in enumerate(index):
                t = _select(t, 0, i) if k == 0 else _select_at(t, i, k, self)
            return t
        return _select(self, 0, index)

    def __setitem__(self, index: Any, value: Any) -> None:
        if STATE.enabled and self.requires_grad and self.grad_fn is None:
            raise RuntimeError(
                "a view of a leaf Variable that requires grad is being used in an in-place "
                "operation."
            )
        idx = index if isinstance(index, tuple) else (index,)
        if len(idx) > len(self.shape) or not all(isinstance(i, (int, Tensor)) for i in idx):
            raise NotImplementedError("only t[i] = value and t[i, j] = value are supported")
        size = math.prod(self.shape[len(idx) :])  # the elements one index leaves selected
        offset = sum(
            _index(i, n, d) * math.prod(self.shape[d + 1 :])
            for d, (i, n) in enumerate(zip(idx, self.shape))
        )
        new = [v.data for v in value._values] if isinstance(value, Tensor) else [value]
        if len(new) == 1:
            new *= size
        elif len(new) != size:
            raise NotImplementedError("the value must be a number or fill the selected row")
        cast = int if self.dtype is int64 else bool if self.dtype is bool_ else float
        new = [float(cast(x)) for x in new]
        base = self if self._base is None else self._base  # shared with detach() and .data
        for t in (base, *(base._aliases.values() if base._aliases is not None else ())):
            for v, x in zip(t._values[offset : offset + size], new):
                v.data = x


def _select_at(t: Tensor, i: Any, k: int, orig: Tensor) -> Tensor:
    # after selecting k-1 leading dims the next index applies to dim 0 of what is left,
    # but PyTorch reports the original dim in its error
    if not t.shape:
        raise IndexError(f"too many indices for tensor of dimension {len(orig.shape)}")
    return _select(t, 0, i, report_dim=k)


_NON_LEAF_FLAG = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
)
_NON_LEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information."
)
_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
_TO_SCALAR = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first."
)
_warned = {"to_scalar": False}


def _warn_to_scalar(stacklevel: int) -> None:
    # PyTorch emits this one with TORCH_WARN_ONCE: once per process, whatever the filters say
    if not _warned["to_scalar"]:
        _warned["to_scalar"] = True
        warnings.warn(_TO_SCALAR, UserWarning, stacklevel=stacklevel + 1)


_INT_GRAD = "Only Tensors of floating point and complex dtype can require gradients"


class RemovableHandle:
    """What ``register_hook`` returns: ``handle.remove()`` takes the hook away."""

    _ids = itertools.count()

    def __init__(self, hooks: dict[int, Any]) -> None:
        self.id = next(RemovableHandle._ids)
        self._hooks = weakref.ref(hooks) if hasattr(hooks, "__weakref__") else lambda: hooks

    def remove(self) -> None:
        hooks = self._hooks()
        if hooks is not None:
            hooks.pop(self.id, None)

    def __enter__(self) -> RemovableHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.remove()


# -- building results ------------------------------------------------------------------------


def _out(
    values: list[Value], shape: tuple[int, ...], dt: dtype, node: type, inputs: tuple[Any, ...],
    **attrs: Any,
) -> Tensor:  # fmt: skip
    """The result tensor, with its tensor-level node when an input requires grad."""
    n = len(inputs) if node.slots < 0 else node.slots
    fn = None
    if STATE.enabled and any(isinstance(x, Tensor) and x.requires_grad for x in inputs[:n]):
        fn = object.__new__(node)
        fn._inputs, fn._values, fn._attrs, fn._seq = inputs, values, attrs, _next_seq()
        fn._lifted = None
        if tuple(shape) != (len(values),):
            attrs["shape"] = Size(shape)
    return Tensor._make(values, shape, dt, fn)


def _nest(flat: list[Any], shape: Sequence[int]) -> Any:
    if not shape:
        return flat[0]
    for n in reversed(shape[1:]):
        flat = [flat[i : i + n] for i in range(0, len(flat), n)] if n else [[]] * 0
    return flat


def _broadcast(a: Size, b: Size) -> tuple[Size, list[int], list[int]]:
    """The result shape and, for each result element, the flat index into a and into b."""
    n = max(len(a), len(b))
    pa, pb = (1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)
    shape = []
    for d, (x, y) in enumerate(zip(pa, pb)):
        if x != y and x != 1 and y != 1:
            raise RuntimeError(
                f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                f"at non-singleton dimension {d}"
            )
        shape.append(x if y == 1 else y)
    ia, ib = [0], [0]
    for size, x, y in zip(shape, pa, pb):
        ia = [i * x + (j if x != 1 else 0) for i in ia for j in range(size)]
        ib = [i * y + (j if y != 1 else 0) for i in ib for j in range(size)]
    return Size(shape), ia, ib


def _unary(key: str, a: Tensor, *params: Any) -> Tensor:
    op = OPS[key]
    if a.dtype is bool_ and op.bool_error:
        error, message = op.bool_error
        raise error(message)
    full = [*params, *(d for _, d in op.params[len(params) :])]
    vals = [apply(op, (v, *full)) for v in a._values]
    dt = a.dtype if op.ints == "keep" and not a.dtype.is_floating_point else None
    return _out(vals, a.shape, dt or (a.dtype if a.dtype.is_floating_point else float32),
                _NODE_CLASSES[op.name], (a,))  # fmt: skip


_BOOL_SUB = (
    "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to "
    "invert a mask, use the `~` or `logical_not()` operator instead."
)
_BOOL_SUB2 = (
    "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
    "`logical_xor()` operator instead."
)


def _copy(a: Tensor, key: str, shape: tuple[int, ...] | None = None) -> Tensor:
    """A copy of every element, one identity node each (``clone``, ``CopyBackwards``, views)."""
    op = COPIES[key]
    vals = [apply(op, (v,)) for v in a._values]
    return _out(vals, a.shape if shape is None else shape, a.dtype, _TNODES[key], (a,))


_FAST = frozenset(("add", "sub", "mul", "div"))  # the engine's fast path for the bulk of graphs


def _binary(key: str, a: Tensor, b: Any) -> Tensor:
    op = OPS[key]
    if key in ("sub", "rsub") and (a.dtype is bool_ or getattr(b, "dtype", None) is bool_):
        both = a.dtype is bool_ and getattr(b, "dtype", None) is bool_
        raise RuntimeError(_BOOL_SUB2 if both else _BOOL_SUB)
    if key == "pow" and type(b) is int and b < 0 and not a.dtype.is_floating_point:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    if isinstance(b, Tensor):
        if key in ("rsub", "rpow"):
            return NotImplemented  # type: ignore[return-value]
        if a.shape == b.shape:
            pairs = zip(a._values, b._values)
            shape = a.shape
        else:
            shape, ia, ib = _broadcast(a.shape, b.shape)
            av, bv = a._values, b._values
            pairs = zip([av[i] for i in ia], [bv[j] for j in ib])
        if key in _FAST:
            vals = [apply(op, (x, y)) for x, y in pairs]
        else:
            vals = [apply(op, (x, y)) for x, y in pairs]
        dt = _result_type(a, b)
    elif isinstance(b, _Number):
        n = b if key in ("pow", "rpow") and type(b) is int else float(b)
        if key in _FAST:
            vals = [apply(op, (x, n)) for x in a._values]
        else:
            vals = [apply(op, (x, n)) for x in a._values]
        shape, dt = a.shape, _promote(a.dtype, None, b)
    else:
        return NotImplemented  # type: ignore[return-value]
    if key == "div" or (key in ("pow", "powt", "rpow") and isinstance(b, float)):
        dt = dt if dt.is_floating_point else float32
    if key == "rpow" and isinstance(b, float):
        dt = float32 if not a.dtype.is_floating_point else a.dtype
    if not dt.is_floating_point:
        for v in vals:  # integer arithmetic stays integral (pow of negative ints aside)
            v.data = float(int(v.data)) if math.isfinite(v.data) else v.data
    attrs: dict[str, Any] = {}
    if key in ("add", "sub"):
        attrs["_saved_alpha"] = 1
    elif key in ("mul", "div") and not isinstance(b, Tensor):
        attrs["_saved_self"] = None  # PyTorch needs no self to scale by a number
    return _out(vals, shape, dt, _NODE_CLASSES[op.name], (a, b), **attrs)


def _compare(fn: Callable[[float, float], bool], a: Tensor, b: Any) -> Tensor:
    if isinstance(b, Tensor):
        shape, ia, ib = _broadcast(a.shape, b.shape)
        pairs = [(a._values[i].data, b._values[j].data) for i, j in zip(ia, ib)]
    elif isinstance(b, _Number):
        shape, pairs = a.shape, [(v.data, b) for v in a._values]
    else:
        return NotImplemented  # type: ignore[return-value]
    vals = [Value(1.0 if fn(x, y) else 0.0, requires_grad=False) for x, y in pairs]
    return Tensor._make(vals, shape, bool_)


def _dim(dim: int, ndim: int) -> int:
    lo, hi = (-ndim, ndim - 1) if ndim else (-1, 0)
    if not lo <= dim <= hi:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{lo}, {hi}], but got {dim})"
        )
    return dim % ndim if ndim else 0


def _index(i: Any, size: int, dim: int) -> int:
    i = int(i)
    if not -size <= i < size:
        raise IndexError(f"index {i} is out of bounds for dimension {dim} with size {size}")
    return i % size


def _reduce(key: str, a: Tensor, dim: int | None, keepdim: bool) -> Tensor:
    op = NARY["sum"] if key == "sum" else NARY["mean"]
    dt = a.dtype if a.dtype.is_floating_point else (int64 if key == "sum" else float32)
    if key == "mean" and not a.dtype.is_floating_point:
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating point "
            f"or complex dtype. Got: {'Long' if a.dtype is int64 else 'Bool'}"
        )
    if dim is None:
        vals = [apply(op, tuple(a._values))]
        attrs = {"_saved_self_sym_sizes": tuple(a.shape)}
        if key == "mean":
            attrs["_saved_self_sym_numel"] = len(a._values)
        shape = (1,) * len(a.shape) if keepdim else ()
        return _out(vals, shape, dt, _TNODES[key], (a,), **attrs)
    d = _dim(dim, len(a.shape))
    shape = list(a.shape)
    if not shape:  # a 0-d tensor reduced over dim 0 or -1 is itself
        shape = []
        groups = [a._values]
    else:
        outer, n, inner = math.prod(shape[:d]), shape[d], math.prod(shape[d + 1 :])
        groups = [
            [a._values[(o * n + k) * inner + i] for k in range(n)]
            for o in range(outer)
            for i in range(inner)
        ]
        shape[d] = 1
        if not keepdim:
            del shape[d]
    vals = [apply(op, tuple(g)) for g in groups]
    attrs = {"_saved_dim": (d,), "_saved_keepdim": keepdim,
             "_saved_self_sym_sizes": tuple(a.shape)}  # fmt: skip
    return _out(vals, shape, dt, _TNODES[key + "_dim"], (a,), **attrs)


def _select(t: Tensor, dim: int, index: Any, report_dim: int = 0, key: str = "select") -> Tensor:
    if isinstance(index, Tensor):
        index = index.__index__()
    if not isinstance(index, int) or isinstance(index, bool):
        raise NotImplementedError(
            f"indexing with {type(index).__name__} is not supported: use an integer"
        )
    if not t.shape:
        raise IndexError(
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
            "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number"
        )
    i = _index(index, t.shape[0], report_dim)
    inner = math.prod(t.shape[1:])
    op = COPIES[key]
    vals = [apply(op, (v,)) for v in t._values[i * inner : (i + 1) * inner]]
    attrs = {"_saved_dim": report_dim}
    if key == "select":
        attrs.update(_saved_index=index, _saved_self_sym_sizes=tuple(t.shape))
    return _out(vals, t.shape[1:], t.dtype, _TNODES[key], (t,), **attrs)


# -- lifting: a list of Values with a graph, read back as a Tensor with a tensor-level node -----


def _lift(vals: list[Any], shape: tuple[int, ...], dt: dtype = float32) -> Tensor:
    """A Tensor of these Values (or floats); its ``grad_fn`` mirrors their scalar graph.

    Gradients made with ``create_graph=True`` are Values built by the scalar engine; this names
    the tensor-level node after their scalar nodes (all elements share one op) and finds the
    node's input tensors lazily when something asks for them.
    """
    values = [v if isinstance(v, Value) else Value(v, requires_grad=False) for v in vals]
    known = _TENSOR_OF.get(id(values[0])) if values else None
    if (
        known is not None
        and len(known._values) == len(values)
        and all(a is b for a, b in zip(known._values, values))
    ):
        return known
    fns = [v.grad_fn for v in values if v.grad_fn is not None]
    fn = None
    if fns and STATE.enabled:
        op = fns[0].op
        cls = _NODE_CLASSES.get(op.name) or _node_class(op.name, op.slots)
        fn = object.__new__(_lifted_class(cls))
        fn._inputs, fn._values, fn._seq, fn._lifted = None, values, _next_seq(), None
        fn._attrs = {} if tuple(shape) == (len(values),) else {"shape": Size(shape)}
    return Tensor._make(values, shape, dt, fn)


_LIFTED: dict[type, type] = {}


def _lifted_class(cls: type) -> type:
    """A subclass with the same name whose ``_inputs`` are found on demand."""
    if cls in _LIFTED:
        return _LIFTED[cls]

    def inputs(self: Any) -> tuple[Any, ...]:
        if self._lifted is None:
            self._lifted = _lifted_inputs(self._values)
        return self._lifted

    def set_inputs(self: Any, value: Any) -> None:
        self._lifted = value

    sub = type(cls.__name__, (cls,), {"__slots__": (), "_inputs": property(inputs, set_inputs)})
    _LIFTED[cls] = sub
    return sub


def _lifted_inputs(values: list[Value]) -> tuple[Any, ...]:
    fns = [v.grad_fn for v in values]
    if any(f is None for f in fns) or len({type(f) for f in fns}) != 1:
        return ()
    width = {len(f._inputs) for f in fns}
    if len(width) != 1:
        return ()
    out: list[Any] = []
    for k in range(width.pop()):
        col = [f._inputs[k] for f in fns]
        if all(not isinstance(c, Value) for c in col) and len(set(col)) == 1:
            out.append(col[0])
        else:
            out.append(_lift(col, (len(col),)))
    return tuple(out)


# -- matrix products -------------------------------------------------------------------------


def dot(a: Tensor, b: Tensor) -> Tensor:
    """``torch.dot``: two 1-d tensors, one ``DotBackward0`` node."""
    if len(a.shape) != 1 or len(b.shape) != 1:
        raise RuntimeError(
            f"1D tensors expected, but got {len(a.shape)}D and {len(b.shape)}D tensors"
        )
    if a.shape != b.shape:
        n, m = a.shape[0], b.shape[0]
        raise RuntimeError(
            f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to have the same "
            f"number of elements, but got {n} and {m} elements respectively"
        )
    if a.dtype is not b.dtype:
        raise RuntimeError(
            "dot : expected both vectors to have same dtype, but found "
            f"{_C_NAMES[a.dtype][0]} and {_C_NAMES[b.dtype][0]}"
        )
    vals = [vdot(a._values, b._values)]
    return _out(vals, (), a.dtype, _TNODES["dot"], (a, b))


# PyTorch's names for a dtype in kernel errors: (scalar type, C type)
_C_NAMES = {
    float32: ("Float", "float"),
    float64: ("Double", "double"),
    int64: ("Long", "long int"),
    bool_: ("Bool", "bool"),
}


def matmul(a: Tensor, b: Tensor) -> Tensor:
    """``a @ b`` for 1-d and 2-d tensors: DotBackward0, MvBackward0 or MmBackward0."""
    if not isinstance(a, Tensor) or not isinstance(b, Tensor):
        return NotImplemented  # type: ignore[return-value]
    da, db = len(a.shape), len(b.shape)
    if da == 0 or db == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {da}D and {db}D"
        )
    if da == 1 and db == 1:
        return dot(a, b)
    if da > 2 or db > 2:
        raise NotImplementedError("matmul of tensors with more than 2 dimensions")
    dt = _promote(a.dtype, b.dtype)
    if da == 2 and db == 1:
        (n, k), m = a.shape, b.shape[0]
        if k != m:
            raise RuntimeError(f"size mismatch, got input ({n}), mat ({n}x{k}), vec ({m})")
        if a.dtype is not b.dtype:
            va, vm = _C_NAMES[b.dtype][0], _C_NAMES[a.dtype][0]
            raise RuntimeError(
                f"addmv input tensors must have the same dtype, but got {va}, {vm}, and {va}"
            )
        rows = [a._values[i * k : (i + 1) * k] for i in range(n)]
        vals = [vdot(r, b._values) for r in rows]
        return _out(vals, (n,), dt, _TNODES["mv"], (a, b))
    if da == 1:  # as PyTorch does it: unsqueeze to a row, multiply, squeeze
        row = matmul(_copy(a, "unsqueeze", (1, a.shape[0])), b)
        return _copy(row, "squeeze", (row.shape[1],))
    (n, k), (m, p) = a.shape, b.shape
    if k != m:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({n}x{k} and {m}x{p})")
    if a.dtype is not b.dtype:
        raise RuntimeError(
            "expected m1 and m2 to have the same dtype, but got: "
            f"{_C_NAMES[a.dtype][1]} != {_C_NAMES[b.dtype][1]}"
        )
    cols = [b._values[j::p] for j in range(p)]
    vals = [vdot(a._values[i * k : (i + 1) * k], c) for i in range(n) for c in cols]
    return _out(vals, (n, p), dt, _TNODES["mm"], (a, b))


# -- factories -------------------------------------------------------------------------------


def _infer(data: Any) -> tuple[list[Any], tuple[int, ...]]:
    """Flatten nested lists (and 0-d tensors, whose graph is dropped, as PyTorch does)."""
    if isinstance(data, Tensor):
        return [data._py(v) for v in data._values], tuple(data.shape)
    if not isinstance(data, (list, tuple)):
        return [data], ()
    if not data:
        return [], (0,)
    parts = [_infer(x) for x in data]
    inner = parts[0][1]
    for k, (_, s) in enumerate(parts):
        if s != inner:
            got = s[0] if s else type(data[k]).__name__
            raise ValueError(
                f"expected sequence of length {inner[0] if inner else 0} at dim 1 (got {got})"
            )
    return [x for p, _ in parts for x in p], (len(data), *inner)


def _any_grad(data: Any) -> bool:
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, Tensor) and x.requires_grad:
            return True
        if isinstance(x, (list, tuple)):
            stack.extend(x)
    return False


def tensor(data: Any, *, dtype: dtype | None = None, requires_grad: bool = False) -> Tensor:
    """``torch.tensor``: numbers or nested lists; ints give int64, bools bool, floats float32."""
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach()."
            "clone() or sourceTensor.detach().clone().requires_grad_(True), rather than "
            "torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
    elif isinstance(data, (list, tuple)) and _any_grad(data):
        _warn_to_scalar(2)  # and the graph is dropped
    flat, shape = _infer(data)
    for x in flat:
        if not isinstance(x, (*_Number, bool)):
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
    if dtype is None:
        if isinstance(data, Tensor):
            dtype = data.dtype
        elif flat and all(isinstance(x, bool) for x in flat):
            dtype = bool_
        elif flat and all(isinstance(x, int) for x in flat):
            dtype = int64
        else:
            dtype = float32
    if requires_grad and not dtype.is_floating_point:
        raise RuntimeError(_INT_GRAD)
    if dtype is int64:
        flat = [int(x) for x in flat]
    elif dtype is bool_:
        flat = [bool(x) for x in flat]
    t = Tensor._make([Value(float(x), requires_grad=False) for x in flat], shape, dtype)
    if requires_grad:
        t._set_requires_grad(True)
    return t


def _sizes(size: tuple[Any, ...]) -> tuple[int, ...]:
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def _full(
    fill: float, size: tuple[Any, ...], dt: dtype | None, requires_grad: bool
) -> Tensor:  # fmt: skip
    shape = _sizes(size)
    dt = dt or float32
    t = tensor(_nest([fill] * math.prod(shape), shape) if shape else fill, dtype=dt)
    if shape and not math.prod(shape):
        t = Tensor._make([], shape, dt)
    return _factory_grad(t) if requires_grad else t


def _factory_grad(t: Tensor) -> Tensor:
    if not t.dtype.is_floating_point:
        raise RuntimeError(_INT_GRAD)
    return t.requires_grad_()


def ones(*size: Any, dtype: dtype | None = None, requires_grad: bool = False) -> Tensor:
    """``torch.ones(2, 3)`` or ``torch.ones((2, 3))``."""
    return _full(1.0, size, dtype, requires_grad)


def zeros(*size: Any, dtype: dtype | None = None, requires_grad: bool = False) -> Tensor:
    """``torch.zeros(2, 3)`` or ``torch.zeros((2, 3))``."""
    return _full(0.0, size, dtype, requires_grad)


def arange(
    start: float, end: float | None = None, step: float = 1, *, dtype: dtype | None = None,
    requires_grad: bool = False,
) -> Tensor:  # fmt: skip
    """``torch.arange(5)``, ``torch.arange(0, 1, 0.25)``: int64 when every bound is an int."""
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    n = max(0, math.ceil((end - start) / step))
    ints = all(isinstance(x, int) for x in (start, end, step))
    dt = dtype or (int64 if ints else float32)
    data = [start + i * step for i in range(n)]
    t = tensor(data, dtype=dt) if data else Tensor._make([], (0,), dt)
    return _factory_grad(t) if requires_grad else t


def stack(tensors: Sequence[Tensor], dim: int = 0) -> Tensor:
    """``torch.stack``: one new leading dimension (``dim=0``), ``StackBackward0``."""
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    for k, t in enumerate(tensors[1:], 1):
        if t.shape != tensors[0].shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {list(tensors[0].shape)} "
                f"at entry 0 and {list(t.shape)} at entry {k}"
            )
    d = _dim(dim, len(tensors[0].shape) + 1)
    shape = list(tensors[0].shape)
    inner = math.prod(shape[d:])
    outer = math.prod(shape[:d])
    op = COPIES["stack"]
    vals = [
        apply(op, (t._values[o * inner + i],))
        for o in range(outer)
        for t in tensors
        for i in range(inner)
    ]
    shape.insert(d, len(tensors))
    dt = tensors[0].dtype
    for t in tensors[1:]:
        dt = _promote(dt, t.dtype)
    return _out(vals, shape, dt, _TNODES["stack"], tuple(tensors), _saved_dim=d)


def _tensor_method(key: str) -> Callable[..., Tensor]:
    op = OPS[key]

    def method(self: Tensor, *params: Any) -> Tensor:
        return _unary(key, self, *params)

    method.__name__ = method.__qualname__ = op.method_name or key
    method.__doc__ = f"``{op.expr.format('self', *(n for n, _ in op.params))}`` ({op.name})."
    return method


# every elementwise op of the table that PyTorch has as a Tensor method is one here
for _o in OPS.values():
    if "Tensor" in _o.where and _o.method_name and not hasattr(Tensor, _o.method_name):
        setattr(Tensor, _o.method_name, _tensor_method(_o.key))


def elementwise(key: str) -> Callable[..., Tensor]:
    """The table's op ``key`` on a tensor, as a torch-level function (``torch.exp(t)``)."""
    op = OPS[key]
    params = [n for n, _ in op.params]
    if op.infix and op.arity == 2:  # torch.add(a, b) is a + b; torch.pow(a, 2) is a ** 2
        python = INFIX[op.infix]
        infix = lambda input, other: python(input, other)
        infix.__name__ = infix.__qualname__ = op.method_name or key
        return infix

    def fn(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        if not isinstance(input, Tensor):
            raise TypeError(
                f"{op.method_name}(): argument 'input' must be Tensor, not {type(input).__name__}"
            )
        given = [*args, *(kwargs.pop(n) for n in params[len(args) :] if n in kwargs)]
        if kwargs or len(given) > len(params):
            raise TypeError(f"{op.method_name}() got an unexpected argument")
        return _unary(key, input, *given)

    fn.__name__ = fn.__qualname__ = op.method_name or key
    return fn


del _o
