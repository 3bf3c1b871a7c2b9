"""``nn.Parameter``: a tensor that a Module registers as one of its parameters; ``nn.Buffer``:
one it registers as a buffer."""

from __future__ import annotations

import weakref
from typing import Any

from .._tensor.ops.factories import empty
from .._tensor.tensor import Tensor, tensor

__all__ = ["Buffer", "Parameter", "UninitializedBuffer", "UninitializedParameter"]


class Parameter(Tensor):
    """A leaf tensor that requires grad (by default) and prints as PyTorch prints it.

    >>> import tinygrad_edu as torch
    >>> torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    Parameter containing:
    tensor([1., 2.], requires_grad=True)
    """

    __slots__ = ()

    def __new__(cls, data: Any = None, requires_grad: bool = True) -> Parameter:
        base = tensor([]) if data is None else data
        if not isinstance(base, Tensor):
            raise TypeError(f"Parameter(): data must be a Tensor, not {type(base).__name__}")
        if requires_grad and not base.dtype.is_floating_point:  # PyTorch's words here
            raise RuntimeError(
                "Only Tensors of floating point and complex dtype can require gradients"
            )
        p = base.detach()  # shares the data, as PyTorch's Parameter does
        p.__class__ = cls
        p.requires_grad_(requires_grad)
        return p  # type: ignore[return-value]

    def __init__(self, data: Any = None, requires_grad: bool = True) -> None:
        pass  # all done in __new__

    @classmethod
    def from_values(cls, values: Any, shape: Any, dt: Any, grad_fn: Any = None) -> Tensor:
        # what an op on a Parameter makes is a plain tensor, as in PyTorch
        return Tensor.from_values(values, shape, dt, grad_fn)

    @classmethod
    def from_numbers(cls, data: Any, shape: Any, dt: Any, grad_fn: Any = None) -> Tensor:
        return Tensor.from_numbers(data, shape, dt, grad_fn)

    def __repr__(self) -> str:
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__


class _Uninitialized:
    """What a lazy module's parameters are before its first input: no values yet (held as an
    empty tensor, whose shape PyTorch's would refuse to give)."""

    __slots__ = ()
    cls_to_become: type = Tensor

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        made = type(self)(requires_grad=self.requires_grad, dtype=self.dtype)  # type: ignore[attr-defined, call-arg]
        memo[id(self)] = made
        return made

    def detach(self) -> Any:
        """Still uninitialized (``state_dict`` shows it so, as PyTorch's)."""
        t = Tensor.detach(self)  # type: ignore[arg-type]
        t.__class__ = type(self)
        return t

    def materialize(self, shape: Any, device: Any = None, dtype: Any = None) -> None:
        """Become a tensor of ``shape`` (uninitialized values: zeros here) of its class to be."""
        dims = (shape,) if isinstance(shape, int) else tuple(shape)
        made = empty(*dims, dtype=dtype or self.dtype)  # type: ignore[attr-defined]
        self.__class__ = self.cls_to_become
        self.data = made  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    __str__ = __repr__


class UninitializedParameter(_Uninitialized, Parameter):
    """A parameter of a lazy module whose shape its first input decides (``LazyLinear``)."""

    __slots__ = ()
    cls_to_become = Parameter

    def __new__(cls, requires_grad: bool = True, device: Any = None,
                dtype: Any = None) -> UninitializedParameter:  # fmt: skip
        p = Parameter.__new__(cls, tensor([], dtype=dtype), requires_grad)
        return p  # type: ignore[return-value]

    def __init__(self, requires_grad: bool = True, device: Any = None, dtype: Any = None) -> None:
        pass


class UninitializedBuffer(_Uninitialized, Tensor):
    """A buffer of a lazy module whose shape its first input decides."""

    __slots__ = ()
    cls_to_become = Tensor

    def __new__(cls, requires_grad: bool = False, device: Any = None,
                dtype: Any = None) -> UninitializedBuffer:  # fmt: skip
        t = tensor([], dtype=dtype).requires_grad_(requires_grad)
        t.__class__ = cls
        return t  # type: ignore[return-value]

    def __init__(self, requires_grad: bool = False, device: Any = None, dtype: Any = None) -> None:
        pass


# the tensors made by Buffer, by id: a Buffer is a plain tensor marked as one (PyTorch marks it
# with an attribute); a weak reference, so that a mark never outlives its tensor's id
_MARKED: dict[int, weakref.ref[Any]] = {}


class _BufferMeta(type):
    # isinstance(t, Buffer) asks the mark, as PyTorch's _BufferMeta does
    def __instancecheck__(cls, instance: Any) -> bool:
        ref = _MARKED.get(id(instance))
        return ref is not None and ref() is instance


class Buffer(metaclass=_BufferMeta):
    """A tensor that a Module assigned it registers as a buffer (``persistent=False``: kept
    out of ``state_dict``). What it makes is a plain tensor, as in PyTorch 2.5+.

    >>> import tinygrad_edu as torch
    >>> b = torch.nn.Buffer(torch.zeros(2))
    >>> b, isinstance(b, torch.nn.Buffer), b.persistent
    (tensor([0., 0.]), True, True)
    """

    def __new__(cls, data: Tensor | None = None, *, persistent: bool = True) -> Any:  # type: ignore[misc]
        base = tensor([]) if data is None else data
        t = base.detach().requires_grad_(base.requires_grad)
        t.persistent = persistent
        key = id(t)
        _MARKED[key] = weakref.ref(t, lambda _: _MARKED.pop(key, None))
        return t
