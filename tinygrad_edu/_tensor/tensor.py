"""Tensors made of Values, with PyTorch's names, reprs and errors.

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> y = torch.sum(x) * 2
>>> y
tensor(12., grad_fn=<MulBackward0>)
>>> y.backward()
>>> x.grad
tensor([2., 2., 2.])

A Tensor is a shape plus a flat, row-major list of Values (``flat``).  Every op makes one
scalar node per output element (``kernels.py``), in the tensor's number format (a float32
tensor's elements run their op's rule on float32 numbers); the tensor's own ``grad_fn`` is a
tensor-level node (``tensor_graph.py``) with PyTorch's name and ``next_functions``.  An
elementwise op, a whole sum or mean and a Function call compute their numbers first and make
those element Values when asked (``lazy.py``; ``numbers()`` reads the numbers, ``flat`` makes
the Values).  Backward is the engine's one pass over the element Values (``tensor_pass.py``),
paused where a tensor's hooks run and where a node whose PyTorch backward is not elementwise
(``mm``, a broadcast input's ``sum_to``, the losses) runs its tensor rule (``tensor_rules.py``);
a graph of numbers only runs the same rules on its numbers (``numbers_pass.py``).
"""

from __future__ import annotations

import copy
import math
import warnings
import weakref
from collections.abc import Callable
from typing import Any

from .. import autograd
from ..core.engine import Value, constants
from ..core.grad_mode import is_grad_enabled, is_inference_mode_enabled
from ..core.graph import AccumulateGrad
from ..core.ops import OPS
from . import kernels  # fmt: skip
from ._tensor_str import format_tensor
from .arguments import (
    bool_arg,
    check_int_range,
    check_nesting,
    dim_checked,
    dtype_arg,
    operand_arg,
    operands,
    scalar_fits,
)
from .device import check_device
from .dtype import (
    C_NAMES,
    Size,
    bool_,
    dtype,
    float32,
    get_default_dtype,
    int64,
    promote_types,
    round_float32,
    store,
)
from .hooks import RemovableHandle, new_hooks
from .kernels import dot, matmul, stack
from .ops import (
    aliases,
    comparisons,
    conversions,
    creation,
    indexing,
    inplace,
    integer,
    joining,
    matrices,
    reductions,
    scans,
    selection,
    statistics,
    views,
)
from .ops.inplace import VersionCounter
from .ops.views import contiguous_strides, is_contiguous
from .shape import flatten, nest, normalize_dim
from .tensor_graph import register_leaf, remember, watch
from .tensor_messages import (
    COPY_CONSTRUCT,
    INT_GRAD,
    INT_GRAD_ATTR,
    INT_GRAD_METHOD,
    NON_LEAF_FLAG,
    NON_LEAF_GRAD,
    TO_SCALAR,
)

__all__ = ["Size", "Tensor", "dot", "dtype", "matmul", "stack", "tensor"]

_Number = (int, float)


class Tensor:
    """A shape and a flat row-major list of Values; ``torch.tensor(...)`` makes one.

    >>> from tinygrad_edu import tensor
    >>> t = tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    >>> (t * 2).sum().backward()
    >>> t.grad.tolist()
    [[2.0, 2.0], [2.0, 2.0]]

    Besides PyTorch's names, five of tinygrad_edu's own, which the tensor layer's modules
    read: ``flat`` (the element Values, row-major: treat as read-only), ``backward_hooks``
    (the hooks ``register_hook`` added, or None), ``from_values`` (a tensor of Values) and
    ``storage_key`` (an object whose identity is the storage's: views and ``detach()`` share it)
    and ``view_of`` (for a view that records a graph: its base and where its elements are in it).
    """

    __slots__ = (
        "__dict__",
        "__weakref__",
        "_ag",
        "_aliases",
        "_base",
        "_data",
        "_flat",
        "_grad",
        "_offset",
        "_requires_grad",
        "_retains_grad",
        "_strides",
        "backward_hooks",
        "dtype",
        "grad_fn",
        "graph_views",
        "shape",
        "storage_key",
        "version_counter",
        "view_of",
    )
    __hash__ = object.__hash__

    def __init__(self, *data: Any, requires_grad: bool = False) -> None:
        # the legacy constructor: torch.Tensor(2, 3) is a 2x3 tensor (PyTorch leaves its
        # memory uninitialised; zeros here), torch.Tensor([[1, 2]]) holds those numbers
        sizes = data[0] if len(data) == 1 and isinstance(data[0], Size) else data
        by_size = bool(sizes) and all(type(n) is int for n in sizes)
        if by_size:
            data = ([0.0] * math.prod(sizes),)
        t = tensor(data[0] if data else (), dtype=get_default_dtype(), requires_grad=requires_grad)
        if by_size:
            t = t.reshape(*sizes)
        self._init(t.flat, t.shape, t.dtype, None)
        if requires_grad:
            self._set_requires_grad(True)

    def _init(self, values: list[Value] | None, shape: tuple[int, ...], dt: dtype, fn: Any) -> None:
        self._flat = values
        self._data: list[float] | None = None
        self.shape = shape if isinstance(shape, Size) else Size(shape)
        self.dtype = dt
        self.grad_fn = fn
        self._requires_grad = False
        self._grad: Tensor | None = None
        self._retains_grad = False
        self.backward_hooks: dict[int, Callable[[Tensor], Any]] | None = None
        self._ag: weakref.ref[AccumulateGrad] | None = None
        self._base: Tensor | None = None
        self._aliases: weakref.WeakValueDictionary[int, Tensor] | None = None
        self._strides: tuple[int, ...] | None = None  # None: row-major
        self._offset = 0
        self.storage_key = object()  # its identity is the storage's (data_ptr)
        self.view_of: tuple[Tensor, list[int]] | None = None  # a view with a graph: its base
        self.graph_views: Any = None  # a base: its views with a graph, held weakly
        self.version_counter = VersionCounter()
        if is_inference_mode_enabled():  # PyTorch's inference tensor: is_inference() says so
            self.__dict__["_inference"] = True
        if values:
            remember(self)

    def is_inference(self) -> bool:
        """Whether this tensor was made inside ``torch.inference_mode()``."""
        return self.__dict__.get("_inference", False)

    @classmethod
    def from_values(
        cls, values: list[Value], shape: tuple[int, ...], dt: dtype, grad_fn: Any = None
    ) -> Tensor:
        """A tensor of these element Values (row-major), with ``grad_fn`` (None: a leaf)."""
        t = object.__new__(cls)
        t._init(values, shape, dt, grad_fn)
        return t

    @classmethod
    def from_numbers(
        cls, data: list[float], shape: tuple[int, ...], dt: dtype, grad_fn: Any = None
    ) -> Tensor:
        """A tensor of these numbers (row-major) whose element Values are made when first
        asked for (``flat``): by ``grad_fn``'s lazy op, or as plain numbers without one."""
        t = object.__new__(cls)
        t._init(None, shape, dt, grad_fn)
        t._data = data
        return t

    @property
    def flat(self) -> list[Value]:
        """The element Values, row-major (treat as read-only); made now if the op that made
        the tensor has only computed its numbers so far."""
        f = self._flat
        if f is None:
            fn = self.grad_fn  # the node of the op that made it makes its elements
            f = fn.output_elements() if fn is not None else constants(self._data or [])
            if self._flat is not None:  # given to the tensor itself (a Function call's)
                remember(self)
                return self._flat
            self._flat, self._data = f, None
            remember(self)
        return f

    @flat.setter
    def flat(self, values: list[Value]) -> None:
        self._flat, self._data = values, None

    @property
    def has_elements(self) -> bool:
        """Whether the element Values exist yet (``flat`` makes them when asked).

        Not a PyTorch attribute: tinygrad_edu's own."""
        return self._flat is not None

    def numbers(self) -> list[float]:
        """The element numbers, row-major, without making element Values (treat as read-only).

        Not a PyTorch method: tinygrad_edu's own, what the tensor ops compute with."""
        d = self._data
        return d if d is not None else [v.data for v in self.flat]

    @property
    def _values(self) -> list[Value]:
        return self.flat

    def gradient_edge(self) -> Any:
        """What a consumer's ``next_functions`` holds: the grad_fn, or the leaf's
        ``AccumulateGrad`` (held weakly by the leaf, as PyTorch does: no cycle)."""
        if self.grad_fn is not None:
            return self.grad_fn
        ag = self._ag() if self._ag is not None else None
        if ag is None:
            ag = AccumulateGrad(self)  # type: ignore[arg-type]
            self._ag = weakref.ref(ag)
        return ag

    def set_geometry(self, strides: tuple[int, ...], offset: int, base: Tensor) -> None:
        """Make this tensor a view of ``base``'s storage: these strides and offset, and
        ``base``'s version counter."""
        self._strides, self._offset = strides, offset
        self.version_counter, self.storage_key = base.version_counter, base.storage_key

    def stride(self, dim: int | None = None) -> Any:
        st = self._strides if self._strides is not None else contiguous_strides(self.shape)
        return st if dim is None else st[normalize_dim(dim, len(self.shape))]

    def storage_offset(self) -> int:
        return self._offset

    def is_contiguous(self) -> bool:
        return self._strides is None or is_contiguous(self.shape, self._strides)

    @property
    def _version(self) -> int:
        return self.version_counter.value

    def sharing(self) -> list[Tensor]:
        """This tensor and every tensor made by ``detach()`` or ``.data`` that shares its
        storage (tinygrad_edu's own: in-place writes go into all of them)."""
        base = self if self._base is None else self._base
        return [base, *(base._aliases.values() if base._aliases is not None else ())]

    # -- flags -----------------------------------------------------------------------------

    @property
    def requires_grad(self) -> bool:
        return self.grad_fn is not None or self._requires_grad

    @requires_grad.setter
    def requires_grad(self, flag: bool) -> None:
        if not isinstance(flag, bool):
            raise RuntimeError("requires_grad must be a bool")
        if self.grad_fn is not None:
            if not flag:
                raise RuntimeError(NON_LEAF_FLAG)
            return
        if flag and not self.dtype.is_floating_point:
            raise RuntimeError(INT_GRAD_ATTR)
        if flag and self.is_inference() and not is_inference_mode_enabled():
            raise RuntimeError(
                "Setting requires_grad=True on inference tensor outside InferenceMode is not "
                "allowed."
            )
        self._set_requires_grad(bool(flag))

    def _set_requires_grad(self, flag: bool) -> None:
        self._requires_grad = flag
        for v in self.flat:
            v.requires_grad = flag
        if flag:
            register_leaf(self)

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        bool_arg("requires_grad_", "requires_grad", requires_grad, 1)
        if requires_grad and self.grad_fn is None and not self.dtype.is_floating_point:
            raise RuntimeError(INT_GRAD_METHOD)
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
            watch(self)

    # -- grad ------------------------------------------------------------------------------

    @property
    def grad(self) -> Tensor | None:
        if self.grad_fn is not None and not self._retains_grad and self._grad is None:
            warnings.warn(NON_LEAF_GRAD, UserWarning, stacklevel=2)  # (backward(inputs=) sets one)
        return self._grad

    @grad.setter
    def grad(self, g: Tensor | None) -> None:
        if g is not None:
            if not isinstance(g, Tensor):
                raise TypeError(
                    "assigned grad expected to be a Tensor or None but got grad of type "
                    f"{type(g).__name__}"
                )
            if g.dtype is not self.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{C_NAMES[g.dtype][1]}' to a "
                    f"tensor with grad_dtype '{C_NAMES[self.dtype][0]}'. " + GRAD_DTYPE
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
        if self.backward_hooks is None:
            self.backward_hooks = new_hooks()
        handle = RemovableHandle(self.backward_hooks)  # type: ignore[arg-type]
        self.backward_hooks[handle.id] = hook
        if self.grad_fn is not None:
            watch(self)
        return handle

    def backward(
        self,
        gradient: Tensor | float | None = None,
        retain_graph: bool | None = None,
        create_graph: bool = False,
        inputs: Any = None,
    ) -> None:
        """Add d self / d leaf into every leaf's ``.grad``, as ``torch.Tensor.backward`` does:
        by calling ``torch.autograd.backward``."""
        autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)

    # -- conversions -----------------------------------------------------------------------

    def _py(self, v: Value) -> Any:
        """An element as Python gets it from PyTorch: rounded to float32 for a float32 tensor."""
        if self.dtype is float32:
            return round_float32(v.data)
        if self.dtype is bool_:
            return bool(v.data)
        return v.data if self.dtype.is_floating_point else int(v.data)

    def elements(self) -> list[Value]:
        """The tensor's elements, in row-major order: each a scalar Value with its own node.

        Not a PyTorch method: tinygrad_edu's window into what a tensor is made of.
        """
        return list(self.flat)

    def _pyn(self, d: float) -> Any:
        """An element's number as Python gets it from PyTorch (``_py`` of its Value)."""
        if self.dtype is float32:
            return round_float32(d)
        if self.dtype is bool_:
            return bool(d)
        return d if self.dtype.is_floating_point else int(d)

    def item(self) -> Any:
        n = self.numel()
        if n != 1:
            raise RuntimeError(f"a Tensor with {n} elements cannot be converted to Scalar")
        return self._pyn(self.numbers()[0])

    def tolist(self) -> Any:
        return nest([self._pyn(d) for d in self.numbers()], self.shape)

    def _scalar(self) -> Any:
        if self.numel() != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self.requires_grad:
            _warn_to_scalar(3)
        return self._pyn(self.numbers()[0])

    def __float__(self) -> float:
        return float(self._scalar())

    def __int__(self) -> int:
        return int(self._scalar())

    def __index__(self) -> int:
        if self.dtype.is_floating_point or self.shape:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.numbers()[0])

    def __bool__(self) -> bool:
        if self.numel() != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self.numbers()[0])

    def __format__(self, spec: str) -> str:
        if not self.shape:
            return format(self.item(), spec)
        return format(repr(self), spec)

    def __repr__(self) -> str:
        suffixes = []
        if self.grad_fn is not None:
            # PyTorch shows a C++ node's short name: <CopySlices>, not torch::autograd::...
            suffixes.append(f"grad_fn=<{self.grad_fn.name().rpartition('::')[2]}>")
        elif self._requires_grad:
            suffixes.append("requires_grad=True")
        values = [self._pyn(d) if self.dtype is not float32 else d for d in self.numbers()]
        return format_tensor(values, tuple(self.shape), dtype=self.dtype.name, suffixes=suffixes)

    __str__ = __repr__

    # -- shape -----------------------------------------------------------------------------

    def size(self, dim: int | None = None) -> Any:
        return self.shape if dim is None else self.shape[normalize_dim(dim, len(self.shape))]

    def dim(self) -> int:
        return len(self.shape)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def numel(self) -> int:
        f = self._flat
        return len(f) if f is not None else len(self._data or ())

    nelement = numel  # the older name, still in tutorials (makemore counts parameters so)

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __iter__(self) -> Any:
        if not self.shape:
            raise TypeError("iteration over a 0-d tensor")
        return (kernels.select(self, 0, i, key="unbind") for i in range(self.shape[0]))

    def is_floating_point(self) -> bool:
        return self.dtype.is_floating_point

    def detach(self) -> Tensor:
        """The same numbers, cut off from the graph (a leaf that does not require grad)."""
        vals = [Value(v.data, requires_grad=False) for v in self.flat]
        t = Tensor.from_values(vals, self.shape, self.dtype)
        # PyTorch's detach shares storage: in-place updates of either show in the other
        t._base = base = self if self._base is None else self._base
        if base._aliases is None:
            base._aliases = weakref.WeakValueDictionary()
        base._aliases[id(t)] = t
        t._strides, t._offset, t.version_counter = self._strides, self._offset, self.version_counter
        t.storage_key, t.view_of = self.storage_key, self.view_of
        return t

    @property
    def data(self) -> Tensor:
        t = self.detach()
        t.version_counter = VersionCounter()  # PyTorch: .data is not counted as a change
        return t

    @data.setter
    def data(self, other: Tensor) -> None:
        if not isinstance(other, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {type(other).__name__}")
        if self.requires_grad and not other.dtype.is_floating_point:
            raise RuntimeError(
                "data set to a tensor that requires gradients must be floating point or complex "
                "dtype"
            )
        if tuple(other.shape) == tuple(self.shape) and other.dtype is self.dtype:
            for v, o in zip(self.flat, other.flat):
                v.data = o.data
            return
        # another shape or dtype: the tensor takes other's, as PyTorch's set_data does (it
        # kept its own and the first elements only); a leaf that requires grad still does
        flag = self._requires_grad
        self.flat = [Value(v.data, requires_grad=False) for v in other.elements()]
        self.shape, self.dtype = Size(tuple(other.shape)), other.dtype
        self._strides, self._offset, self.storage_key = None, 0, object()
        if flag:
            self._set_requires_grad(True)

    def __deepcopy__(self, memo: dict[int, Any]) -> Tensor:
        """PyTorch's deepcopy of a leaf: its own storage (the numbers), its type, requires_grad,
        grad and attributes; copy.deepcopy(model) relies on it. A graph's tensor refuses."""
        if id(self) in memo:
            return memo[id(self)]
        if not self.is_leaf:
            raise RuntimeError(
                "Only Tensors created explicitly by the user (graph leaves) support the deepcopy "
                "protocol at the moment.  If you were attempting to deepcopy a module, this may "
                "be because of a torch.nn.utils.weight_norm usage, see "
                "https://github.com/pytorch/pytorch/pull/103001"
            )
        vals = [Value(v.data, requires_grad=False) for v in self.elements()]
        new = Tensor.from_values(vals, self.shape, self.dtype)
        if type(self) is not Tensor:  # a Parameter stays one
            new = type(self)(new, requires_grad=self.requires_grad)
        elif self.requires_grad:
            new.requires_grad_(True)
        memo[id(self)] = new
        if self.grad is not None:
            new.grad = copy.deepcopy(self.grad, memo)
        for k, v in self.__dict__.items():
            new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    def clone(self) -> Tensor:
        c = kernels.copy(self, "clone")
        if self._strides is not None:  # PyTorch's preserve_format: the copy keeps the layout
            c._strides = views.dense_strides(self.shape, self._strides)
        return c

    # -- arithmetic ------------------------------------------------------------------------

    def __add__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("add", self, other)

    def __radd__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("add", self, other)  # the number goes second, as in PyTorch

    def __sub__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("sub", self, other)

    def __rsub__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("rsub", self, other)

    def __mul__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("mul", self, other)

    def __rmul__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("mul", self, other)

    def __truediv__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("div", self, other)

    def __rtruediv__(self, other: Any) -> Tensor:
        if not isinstance(other, _Number):
            return NotImplemented
        # PyTorch: 2/a is Mul over Reciprocal
        return kernels.binary("mul", self.reciprocal(), other)  # type: ignore[attr-defined]

    def __pow__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("powt" if isinstance(other, Tensor) else "pow", self, other)

    def __rpow__(self, other: Any) -> Tensor:
        scalar_fits(other)
        return kernels.binary("rpow", self, other)

    def __neg__(self) -> Tensor:
        return kernels.unary("neg", self)

    def __pos__(self) -> Tensor:
        return self

    def __abs__(self) -> Tensor:
        return kernels.unary("abs", self)

    def __matmul__(self, other: Any) -> Tensor:
        return matrices.matmul(self, other)

    def __rmatmul__(self, other: Any) -> Tensor:
        return matrices.matmul(other, self)

    # the methods check their operand as PyTorch's parser does (the operators leave a wrong
    # one to Python, whose TypeError PyTorch's operators give too)
    def add(self, other: Any) -> Tensor:
        return self.__add__(operand_arg("add", other))

    def sub(self, other: Any) -> Tensor:
        return self.__sub__(operand_arg("sub", other))

    def mul(self, other: Any) -> Tensor:
        return self.__mul__(operand_arg("mul", other))

    def div(self, other: Any) -> Tensor:
        return self.__truediv__(operand_arg("div", other))

    def pow(self, exponent: Any) -> Tensor:
        operands("pow", (exponent,))
        return self.__pow__(exponent)

    neg = __neg__
    matmul = __matmul__

    def square(self) -> Tensor:
        return kernels.binary("pow", self, 2)

    def dot(self, other: Tensor) -> Tensor:
        return dot(self, other)


GRAD_DTYPE = (
    "The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can "
    "set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. "
    "Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
    "downstream systems that assume they match."
)
_warned = {"to_scalar": False}


def _warn_to_scalar(stacklevel: int) -> None:
    # PyTorch emits this one with TORCH_WARN_ONCE: once per process, whatever the filters say;
    # and only where grad mode is on (under no_grad nothing can be lost)
    if not _warned["to_scalar"] and is_grad_enabled():
        _warned["to_scalar"] = True
        warnings.warn(TO_SCALAR, UserWarning, stacklevel=stacklevel + 1)


def _any_grad(data: Any) -> bool:
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, Tensor) and x.requires_grad:
            return True
        if isinstance(x, (list, tuple)):
            stack.extend(x)
    return False


def _dtype_with_tensors(data: Any) -> dtype | None:
    """PyTorch's dtype of a list that holds tensors: each tensor counts with its own dtype,
    each number with its kind's (promoted together); None for a list of numbers alone."""
    stack, found, has_tensor = [data], None, False
    while stack:
        x = stack.pop()
        if isinstance(x, (list, tuple)):
            stack.extend(x)
            continue
        has_tensor = has_tensor or isinstance(x, Tensor)
        kind = (x.dtype if isinstance(x, Tensor) else bool_ if isinstance(x, bool)
                else int64 if isinstance(x, int) else get_default_dtype())  # fmt: skip
        found = kind if found is None else promote_types(found, kind)
    return found if has_tensor else None


def _scalars(data: Any) -> Any:
    """A list with each tensor in it read as its one number, as PyTorch reads it
    (``torch.tensor([t])`` of a one-element ``t``: ``[t.item()]``, whatever ``t``'s dims)."""
    if isinstance(data, Tensor):
        if len(data.flat) != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return data._py(data.flat[0])
    if isinstance(data, (list, tuple)):
        return [_scalars(x) for x in data]
    return data


def tensor(data: Any, *, dtype: dtype | None = None, device: Any = None,
           requires_grad: bool = False) -> Tensor:  # fmt: skip
    """``torch.tensor``: numbers or nested lists; ints give int64, bools bool, floats the
    default dtype."""
    check_device(device)
    dtype = dtype_arg("tensor", dtype)
    bool_arg("tensor", "requires_grad", requires_grad)
    check_nesting(data)
    if isinstance(data, Tensor):
        warnings.warn(COPY_CONSTRUCT, UserWarning, stacklevel=2)
    elif isinstance(data, (list, tuple)) and _any_grad(data):
        _warn_to_scalar(2)  # and the graph is dropped
    if isinstance(data, (list, tuple)):
        if dtype is None:
            dtype = _dtype_with_tensors(data)
        data = _scalars(data)
    flat, shape = flatten(data)
    for x in flat:
        if not isinstance(x, (*_Number, bool)):
            if dtype is None and not isinstance(x, (str, bytes)):  # a dtype is looked for first
                raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")
            raise TypeError(f"new(): invalid data type '{type(x).__name__}'")
    if dtype is None:
        if isinstance(data, Tensor):
            dtype = data.dtype
        elif flat and all(isinstance(x, bool) for x in flat):
            dtype = bool_
        elif flat and all(isinstance(x, int) for x in flat):
            dtype = int64
        else:
            dtype = get_default_dtype()
    if requires_grad and not dtype.is_floating_point:
        raise RuntimeError(INT_GRAD)
    if not isinstance(data, Tensor):
        check_int_range(dtype, flat)
    if dtype is float32:
        data = [float(x) for x in flat]
        if kernels.float32_arithmetic():  # it holds float32 numbers
            data = kernels.rounded(data)
    else:
        data = [store(dtype, float(x)) for x in flat]
    t = Tensor.from_values([Value(x, requires_grad=False) for x in data], shape, dtype)
    if requires_grad:
        t._set_requires_grad(True)
    return t


def _tensor_method(key: str) -> Callable[..., Tensor]:
    op = OPS[key]

    def method(self: Tensor, *params: Any) -> Tensor:
        return kernels.unary(key, self, *params)

    method.__name__ = method.__qualname__ = op.method_name or key
    method.__doc__ = f"``{op.expr.format('self', *(n for n, _ in op.params))}`` ({op.name})."
    return method


# the views and the in-place ops, from their own modules
for _name, _method in {
    **views.METHODS, **inplace.METHODS, **conversions.METHODS, **reductions.METHODS,
    **indexing.METHODS, **creation.METHODS, **integer.METHODS, **selection.METHODS,
    **statistics.METHODS, **scans.METHODS, **matrices.METHODS, **comparisons.METHODS,
    **joining.METHODS, **aliases.METHODS,
}.items():  # fmt: skip
    setattr(Tensor, _name, _method)
del _name, _method

# the dim of a reduction or scan checked at the method, in PyTorch's words for its signature
_DIM_KINDS = {
    "argmax": "int", "argmin": "int", "cumsum": "int", "cumprod": "int", "all": "int",
    "any": "int", "amax": "ints", "amin": "ints", "logsumexp": "ints", "sum": "combination",
    "mean": "combination", "std": "combination", "var": "combination",
    "prod": "combination_int",
}  # fmt: skip
for _name, _kind in _DIM_KINDS.items():
    setattr(Tensor, _name, dim_checked(_name, _kind, getattr(Tensor, _name)))
del _name, _kind

# every elementwise op of the table that PyTorch has as a Tensor method is one here
for _o in OPS.values():
    if "Tensor" in _o.where and _o.method_name and not hasattr(Tensor, _o.method_name):
        setattr(Tensor, _o.method_name, _tensor_method(_o.key))
del _o
