"""``nn.Module``: parameters and submodules registered by attribute, as in PyTorch.

>>> import tinygrad_edu as torch
>>> class Net(torch.nn.Module):
...     def __init__(self):
...         super().__init__()
...         self.fc = torch.nn.Linear(2, 1)
...     def forward(self, x):
...         return self.fc(x)
>>> _ = torch.manual_seed(0)
>>> net = Net()
>>> net
Net(
  (fc): Linear(in_features=2, out_features=1, bias=True)
)
>>> [name for name, _ in net.named_parameters()]
['fc.weight', 'fc.bias']
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from ..grad_mode import no_grad
from ..optim import zero_grad
from ..tensor import Tensor
from .parameter import Parameter

__all__ = ["Module"]


class Module:
    """Holds parameters (``Parameter``), buffers and submodules; calling it runs ``forward``.

    Subclasses set them as attributes in ``__init__`` after ``super().__init__()``.
    """

    training: bool

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "training", True)

    def _registry(self) -> bool:
        return "_parameters" in self.__dict__

    def __setattr__(self, name: str, value: Any) -> None:
        if not self._registry():
            if isinstance(value, (Parameter, Module)):
                raise AttributeError("cannot assign module before Module.__init__() call")
            object.__setattr__(self, name, value)
            return
        for table in (self._parameters, self._modules, self._buffers):
            table.pop(name, None)
        if isinstance(value, Parameter):
            self._parameters[name] = value
        elif isinstance(value, Module):
            self._modules[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name: str) -> Any:
        d = self.__dict__
        for table in ("_parameters", "_modules", "_buffers"):
            if table in d and name in d[table]:
                return d[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for table in ("_parameters", "_modules", "_buffers"):
            if name in self.__dict__.get(table, {}):
                del self.__dict__[table][name]
                return
        object.__delattr__(self, name)

    def register_buffer(self, name: str, tensor: Tensor | None) -> None:
        self._buffers[name] = tensor

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        self._parameters[name] = param

    def add_module(self, name: str, module: Module | None) -> None:
        self._modules[name] = module

    # -- walking the tree ----------------------------------------------------------------

    def named_modules(self, prefix: str = "") -> Iterator[tuple[str, Module]]:
        seen: set[int] = set()
        stack = [(prefix, self)]
        while stack:
            name, m = stack.pop()
            if id(m) in seen:
                continue
            seen.add(id(m))
            yield name, m
            kids = [(f"{name}.{k}" if name else k, c) for k, c in m._children().items()]
            stack.extend(reversed(kids))

    def _children(self) -> OrderedDict[str, Module]:
        return self.__dict__.get("_modules", OrderedDict())

    def modules(self) -> Iterator[Module]:
        return (m for _, m in self.named_modules())

    def named_children(self) -> Iterator[tuple[str, Module]]:
        return ((k, m) for k, m in self._children().items() if m is not None)

    def children(self) -> Iterator[Module]:
        return (m for _, m in self.named_children())

    def named_parameters(self, prefix: str = "", recurse: bool = True) -> Iterator[tuple[str, Any]]:
        seen: set[int] = set()
        mods = self.named_modules(prefix) if recurse else iter([(prefix, self)])
        for name, m in mods:
            for k, p in m.__dict__.get("_parameters", {}).items():
                if p is None or id(p) in seen:
                    continue
                seen.add(id(p))
                yield (f"{name}.{k}" if name else k), p

    def parameters(self, recurse: bool = True) -> Any:
        return (p for _, p in self.named_parameters(recurse=recurse))

    def named_buffers(self) -> Iterator[tuple[str, Tensor]]:
        for name, m in self.named_modules():
            for k, b in m.__dict__.get("_buffers", {}).items():
                if b is not None:
                    yield (f"{name}.{k}" if name else k), b

    def buffers(self) -> Iterator[Tensor]:
        return (b for _, b in self.named_buffers())

    # -- state ------------------------------------------------------------------------------

    def state_dict(self) -> OrderedDict[str, Tensor]:
        """Every parameter and buffer by its dotted name, detached (sharing the data)."""
        out: OrderedDict[str, Tensor] = OrderedDict()
        for name, m in self.named_modules():
            for k, p in m.__dict__.get("_parameters", {}).items():
                if p is not None:
                    out[f"{name}.{k}" if name else k] = p.detach()
            for k, b in m.__dict__.get("_buffers", {}).items():
                if b is not None:
                    out[f"{name}.{k}" if name else k] = b.detach()
        return out

    def load_state_dict(self, state_dict: Any, strict: bool = True) -> Any:
        own = self.state_dict()
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        if strict and (missing or unexpected):
            parts = []
            if missing:
                parts.append(
                    "Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ". "
                )
            if unexpected:
                parts.append(
                    "Unexpected key(s) in state_dict: "
                    + ", ".join(f'"{k}"' for k in unexpected)
                    + ". "
                )
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                + "\n\t".join(parts)
            )
        with no_grad():
            for k, t in own.items():
                if k in state_dict:
                    src = state_dict[k]
                    if tuple(src.shape) != tuple(t.shape):
                        raise RuntimeError(
                            f"Error(s) in loading state_dict for {type(self).__name__}:\n\tsize "
                            f"mismatch for {k}: copying a param with shape {src.shape} from "
                            f"checkpoint, the shape in current model is {t.shape}."
                        )
                    t.copy_(src)  # through the storage t shares with the parameter
        return _IncompatibleKeys(missing, unexpected)

    # -- modes and grads --------------------------------------------------------------------

    def train(self, mode: bool = True) -> Module:
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def to(self, *args: Any, **kwargs: Any) -> Module:
        """``model.to(device)``: everything here is on the CPU already, so the model itself."""
        return self

    def cpu(self) -> Module:
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        zero_grad(list(self.parameters()), set_to_none=set_to_none)

    # -- running and printing -----------------------------------------------------------------

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            f'Module [{type(self).__name__}] is missing the required "forward" function'
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.forward(*args, **kwargs)

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        lines = []
        extra = self.extra_repr()
        if extra:
            lines = extra.split("\n")
        for k, m in self._children().items():
            inner = repr(m).replace("\n", "\n  ")
            lines.append(f"({k}): {inner}")
        name = type(self).__name__
        if not lines:
            return f"{name}()"
        if len(lines) == 1 and not self._children():
            return f"{name}({lines[0]})"
        return f"{name}(\n  " + "\n  ".join(lines) + "\n)"


class _IncompatibleKeys:
    def __init__(self, missing: list[str], unexpected: list[str]) -> None:
        self.missing_keys, self.unexpected_keys = missing, unexpected

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        keys = f"missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys}"
        return f"_IncompatibleKeys({keys})"
