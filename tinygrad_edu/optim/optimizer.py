"""The optimizer base, ``torch.optim.Optimizer``: parameter groups, state, ``zero_grad``,
``state_dict``, and the repr, as PyTorch 2.13 has them.

Parameters are Tensors, or Values (micrograd's: a Value is a one-number float64 parameter
whose state holds plain numbers). Each subclass's ``step`` is PyTorch's single-tensor step
(``foreach=False``, what PyTorch runs on the CPU), op for op in PyTorch's order through
``Arith``: a float32 parameter is updated in float32 as PyTorch's kernels round, a float64 one
in float64, so a run matches ``torch.optim`` bit for bit.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import Any

from .._tensor.dtype import float32, float64, get_default_dtype
from .._tensor.kernels import float32_arithmetic
from .._tensor.ops.inplace import write
from .._tensor.tensor import Tensor
from .._torch_cpu.optim_arith import Arith
from ..core.engine import Value
from ..core.grad_mode import enable_grad, no_grad
from ..core.graph import ZERO

__all__ = ["Optimizer", "Slot", "zero_grad"]

# the options PyTorch's constructors take for its other implementations (foreach, fused,
# capturable, differentiable): accepted at their defaults, refused when switched on
_OTHER_PATHS = ("foreach", "fused", "capturable", "differentiable")


def _typename(x: Any) -> str:
    return x.type() if isinstance(x, Tensor) else type(x).__name__


def _check(params: list[Any]) -> list[Any]:
    for p in params:
        if not isinstance(p, (Value, Tensor)):
            raise TypeError(
                f"optimizer can only optimize Tensors, but one of the params is {_typename(p)}"
            )
        if isinstance(p, Tensor) and not p.is_leaf:
            raise ValueError("can't optimize a non-leaf Tensor")
    return params


class Slot:
    """One parameter as a step sees it: its numbers, its grad's, its state and its dtype's ops.

    For a Tensor the state holds Tensors of its shape and dtype, updated in place (a buffer
    read from ``optimizer.state`` follows the steps, as in PyTorch); for a Value, numbers.
    """

    def __init__(self, p: Any, store: defaultdict[Any, dict[str, Any]]) -> None:
        self.p, self.store = p, store
        self.is_tensor = isinstance(p, Tensor)
        if self.is_tensor:
            self.arith = Arith(p.dtype is float32 and float32_arithmetic())
            self.param = [v.data for v in p.elements()]
            self.grad = [v.data for v in p.grad.elements()] if p.grad is not None else []
        else:
            self.arith = Arith(False)
            self.param, self.grad = [p.data], [p.grad]

    @property
    def state(self) -> dict[str, Any]:
        """The parameter's state, created on first use (PyTorch's ``defaultdict``: SGD without
        momentum leaves none)."""
        return self.store[self.p]

    def _new(self, data: list[float], shape: Any = None, dt: Any = None) -> Tensor:
        values = [Value(x, requires_grad=False) for x in data]
        return Tensor.from_values(values, self.p.shape if shape is None else shape,
                                  dt or self.p.dtype)  # fmt: skip

    def new_tensor(self, data: list[float], shape: Any) -> Tensor:
        """A tensor of the parameter's dtype holding ``data`` (a step's intermediate)."""
        return self._new(data, shape)

    def init_shaped(self, key: str, shape: tuple[int, ...]) -> None:
        """Create ``key`` as zeros of ``shape`` (a factor of the parameter) unless it is there."""
        if key not in self.state:
            n = 1
            for k in shape:
                n *= k
            self.state[key] = self._new([0.0] * n, shape)

    def get(self, key: str) -> list[float] | None:
        """The state entry ``key`` as numbers (None: not there yet)."""
        v = self.store.get(self.p, {}).get(key)
        if v is None:
            return None
        return [e.data for e in v.elements()] if isinstance(v, Tensor) else [v]

    def init(self, key: str, fill: float = 0.0) -> None:
        """Create ``key`` (``torch.full_like(p, fill)``) unless it is there."""
        if key not in self.state:
            n = len(self.param)
            self.state[key] = self._new([float(fill)] * n) if self.is_tensor else fill

    def set(self, key: str, data: list[float]) -> None:
        """Store ``data`` under ``key``: into the state's tensor in place, or as a new one."""
        old = self.state.get(key)
        if isinstance(old, Tensor):
            write(old, data)
        elif self.is_tensor:
            self.state[key] = self._new(list(data))
        else:
            self.state[key] = data[0]

    def init_step(self) -> None:
        """Create the step count: a scalar tensor (float32 unless the default dtype is
        float64) for a Tensor, a number for a Value."""
        if "step" not in self.state:
            dt = float64 if get_default_dtype() is float64 else float32
            self.state["step"] = self._new([0.0], (), dt) if self.is_tensor else 0

    def init_scalar(self, key: str, fill: float) -> None:
        """Create ``key`` as the step count is made (``torch.tensor(fill,
        dtype=_get_scalar_dtype())``; a number for a Value) unless it is there."""
        if key not in self.state:
            dt = float64 if get_default_dtype() is float64 else float32
            self.state[key] = self._new([float(fill)], (), dt) if self.is_tensor else fill

    def scalar_arith(self) -> Arith:
        """The ops of a scalar state entry's dtype (float32 unless the default is float64),
        a Value's too: its numbers are those of PyTorch's float64 parameter."""
        return Arith(get_default_dtype() is not float64 and float32_arithmetic())

    def step(self) -> float:
        """``state["step"] += 1``, the count as the step uses it (``_get_value(step_t)``)."""
        self.init_step()
        old = self.state["step"]
        if not self.is_tensor:
            self.state["step"] = old + 1
            return old + 1
        n = old.flat[0].data + 1.0
        write(old, [n])
        return n

    def update(self, data: list[float]) -> None:
        """Write the parameter's new numbers (in place, through its views)."""
        if self.is_tensor:
            write(self.p, data)
        else:
            self.p.data = data[0]


class Optimizer:
    """Holds ``param_groups`` (dicts of ``params`` and options) and per-parameter ``state``.

    ``params`` is an iterable of parameters, or of dicts ``{"params": [...], "lr": ...}`` whose
    options override ``defaults``, as in PyTorch.
    """

    def __init__(self, params: Iterable[Any], defaults: dict[str, Any]) -> None:
        if isinstance(params, (Value, Tensor)):
            raise TypeError(
                "params argument given to the optimizer should be an iterable of Tensors or "
                f"dicts, but got {_typename(params)}"
            )
        for name in _OTHER_PATHS:
            if defaults.get(name):
                raise NotImplementedError(
                    f"{name}=True: tinygrad_edu's optimizers take PyTorch's single-tensor step "
                    "only (foreach=False, its CPU default)"
                )
        self.defaults = defaults
        self.step_called = False  # whether step() ran: a scheduler warns when it comes first
        self.state: defaultdict[Any, dict[str, Any]] = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for g in groups:
            self.add_param_group(g)

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        """Add a group: its options over the defaults, in PyTorch's key order."""
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group).__name__}")
        ps = param_group["params"]
        if isinstance(ps, (Value, Tensor)):
            ps = [ps]
        elif isinstance(ps, set):
            raise TypeError(
                "optimizer parameters need to be organized in ordered collections, but the "
                "ordering of tensors in sets will change between runs. Please use a list instead."
            )
        group = dict(param_group)
        group["params"] = _check(list(ps))
        for name, default in self.defaults.items():
            group.setdefault(name, default)
        seen = {id(p) for other in self.param_groups for p in other["params"]}
        if any(id(p) in seen for p in group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(group)

    def slots(self, group: dict[str, Any]) -> list[Slot]:
        """The group's parameters that have a grad, each as a ``Slot`` (PyTorch skips a Tensor
        whose grad is None)."""
        return [
            Slot(p, self.state)
            for p in group["params"]
            if isinstance(p, Value) or p.grad is not None
        ]

    def step(self, closure: Callable[[], Any] | None = None) -> Any:
        """One update of every parameter; ``closure`` (re-evaluating the loss) is called first,
        with grad mode on, and its loss returned."""
        loss = None
        self.step_called = True
        if closure is not None:
            with enable_grad():
                loss = closure()
        with no_grad():
            for group in self.param_groups:
                self.update(group)
        return loss

    def update(self, group: dict[str, Any]) -> None:
        """The subclass's single-tensor step over one group."""
        raise NotImplementedError

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Clear the grads: see ``zero_grad``."""
        zero_grad([p for g in self.param_groups for p in g["params"]], set_to_none=set_to_none)

    def state_dict(self) -> dict[str, Any]:
        """PyTorch's layout: parameters by their index across the groups, ``params`` last in
        each group; the state's own dicts (not copies)."""
        index: dict[int, int] = {}
        groups = []
        for g in self.param_groups:
            packed = {k: v for k, v in g.items() if k != "params"}
            for p in g["params"]:
                index.setdefault(id(p), len(index))
            packed["params"] = [index[id(p)] for p in g["params"]]
            groups.append(packed)
        state = {index[id(p)]: s for p, s in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Take a ``state_dict``'s options and state, parameters matched by position."""
        saved = deepcopy(state_dict["param_groups"])
        if len(saved) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(self.param_groups, saved)):
            raise ValueError(
                "loaded state dict contains a parameter group that doesn't match the size of "
                "optimizer's group"
            )
        ids = {
            i: p for g, s in zip(self.param_groups, saved) for i, p in zip(s["params"], g["params"])
        }
        state: defaultdict[Any, dict[str, Any]] = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k in ids:
                p = ids[k]
                state[p] = {name: _cast(p, name, x) for name, x in v.items()}
        for g, s in zip(self.param_groups, saved):
            s["params"] = g["params"]
        self.state, self.param_groups = state, saved

    def __repr__(self) -> str:
        text = f"{type(self).__name__} ("
        for i, g in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            text += "".join(f"    {k}: {g[k]}\n" for k in sorted(g) if k != "params")
        return text + ")"


def _cast(p: Any, key: str, value: Any) -> Any:
    # PyTorch: a state tensor takes its parameter's dtype, except the step count
    if isinstance(value, Tensor) and key != "step" and isinstance(p, Tensor):
        return value if value.dtype is p.dtype else value.to(p.dtype)
    return value


def zero_grad(params: Iterable[Any], *, set_to_none: bool = True) -> None:
    """Clear the grads of ``params``, as ``optimizer.zero_grad()`` and ``module.zero_grad()`` do.

    A Value's grad becomes 0.0 (micrograd: a Value always has a number).  A Tensor's grad
    becomes None, PyTorch's default; with ``set_to_none=False`` it is zeroed in place instead.

    >>> from tinygrad_edu import tensor
    >>> w = tensor([1.0, 2.0], requires_grad=True)
    >>> (w * w).sum().backward()
    >>> zero_grad([w], set_to_none=False)
    >>> w.grad
    tensor([0., 0.])
    >>> zero_grad([w])
    >>> w.grad is None
    True
    """
    for p in params:
        if isinstance(p, Value):
            p.grad = ZERO  # as a Value starts: the next backward's first contribution replaces it
        elif set_to_none:
            p.grad = None
        elif p.grad is not None:
            if p.grad.grad_fn is not None:
                p.grad = p.grad.detach()
            else:
                p.grad.requires_grad_(False)
            p.grad.zero_()
