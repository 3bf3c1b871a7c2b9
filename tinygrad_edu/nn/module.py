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

from collections import OrderedDict, namedtuple
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .._tensor import dtype as _dtypes
from .._tensor.dtype import C_NAMES, dtype
from .._tensor.hooks import RemovableHandle, new_hooks
from .._tensor.tensor import Tensor
from ..core.grad_mode import no_grad
from ..optim.optimizer import zero_grad
from .parameter import Buffer, Parameter

__all__ = ["Module", "addindent", "typename"]

_TABLES = ("_parameters", "_buffers", "_modules")


def typename(obj: Any) -> str:
    """``torch.typename``: ``torch.FloatTensor`` for a float32 tensor, else the dotted class."""
    if isinstance(obj, Tensor):
        return f"torch.{C_NAMES[obj.dtype][0]}Tensor"
    cls = type(obj)
    module = cls.__module__ or ""
    return cls.__qualname__ if module in ("", "builtins") else f"{module}.{cls.__qualname__}"


def addindent(text: str, spaces: int) -> str:
    """Every line but the first indented by ``spaces`` (PyTorch's ``_addindent``)."""
    first, *rest = text.split("\n")
    return "\n".join([first, *(" " * spaces + line for line in rest)])


class Module:
    """Holds parameters (``Parameter``), buffers and submodules; calling it runs ``forward``.

    Subclasses set them as attributes in ``__init__`` after ``super().__init__()``.
    """

    training: bool

    def __init__(self) -> None:
        for table in _TABLES:
            object.__setattr__(self, table, OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_forward_pre_hooks", new_hooks())
        object.__setattr__(self, "_forward_hooks", new_hooks())
        object.__setattr__(self, "training", True)

    # -- attributes: PyTorch's __setattr__, table by table ------------------------------------

    def __setattr__(self, name: str, value: Any) -> None:
        d = self.__dict__
        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._forget(name, "_parameters")
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(
                    f"cannot assign '{typename(value)}' as parameter '{name}' "
                    "(torch.nn.Parameter or None expected)"
                )
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            if d.get("_modules") is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._forget(name, "_modules")
            d["_modules"][name] = value  # an existing name keeps its place, as in PyTorch
        elif d.get("_modules") is not None and name in d["_modules"]:
            if value is not None:
                raise TypeError(
                    f"cannot assign '{typename(value)}' as child module '{name}' "
                    "(torch.nn.Module or None expected)"
                )
            d["_modules"][name] = value
        elif isinstance(value, Buffer):  # PyTorch 2.5+'s way to say "a buffer"
            if d.get("_buffers") is None:
                raise AttributeError("cannot assign buffer before Module.__init__() call")
            self._forget(name, "_buffers")
            self.register_buffer(name, value, value.persistent)
        elif d.get("_buffers") is not None and name in d["_buffers"]:
            if value is not None and not isinstance(value, Tensor):
                raise TypeError(
                    f"cannot assign '{typename(value)}' as buffer '{name}' "
                    "(torch.nn.Buffer, torch.Tensor or None expected)"
                )
            d["_buffers"][name] = value
        else:
            object.__setattr__(self, name, value)

    def _forget(self, name: str, keep: str) -> None:
        self.__dict__.pop(name, None)
        for table in _TABLES:
            if table != keep:
                self.__dict__[table].pop(name, None)
        if keep != "_buffers":
            self._non_persistent_buffers_set.discard(name)

    def __getattr__(self, name: str) -> Any:
        d = self.__dict__
        for table in _TABLES:
            if table in d and name in d[table]:
                return d[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        for table in _TABLES:
            if name in self.__dict__.get(table, {}):
                del self.__dict__[table][name]
                self.__dict__["_non_persistent_buffers_set"].discard(name)
                return
        object.__delattr__(self, name)

    def __dir__(self) -> list[str]:
        names = [*object.__dir__(self)]
        for table in _TABLES:
            names += list(self.__dict__.get(table, ()))
        return sorted(k for k in set(names) if not k[:1].isdigit())

    def _check_name(self, name: Any, kind: str, table: str) -> None:
        if table not in self.__dict__:
            raise AttributeError(f"cannot assign {kind} before Module.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
        if "." in name:
            tail = f", got: {name}" if kind == "module" else ""
            raise KeyError(f'{kind} name can\'t contain "."{tail}')
        if name == "":
            raise KeyError(f'{kind} name can\'t be empty string ""')
        if hasattr(self, name) and name not in self.__dict__[table]:
            raise KeyError(f"attribute '{name}' already exists")

    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        """A tensor kept with the module (in ``state_dict`` unless ``persistent=False``)."""
        self._check_name(name, "buffer", "_buffers")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(
                f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                "(torch Tensor or None required)"
            )
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        """``param`` registered under ``name`` (what ``self.name = param`` does)."""
        self._check_name(name, "parameter", "_parameters")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(
                f"cannot assign '{typename(param)}' object to parameter '{name}' "
                "(torch.nn.Parameter or None required)"
            )
        if param is not None and param.grad_fn is not None:
            raise ValueError(
                f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must "
                f"be created explicitly. To express '{name}' as a function of another Tensor, "
                "compute the value in the forward() method."
            )
        self._parameters[name] = param

    def add_module(self, name: str, module: Module | None) -> None:
        """``module`` registered as the child ``name`` (what ``self.name = module`` does)."""
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{typename(module)} is not a Module subclass")
        self._check_name(name, "module", "_modules")
        self._modules[name] = module

    register_module = add_module

    def get_submodule(self, target: str) -> Module:
        """The submodule at the dotted path ``target`` (``"blocks.0.lin"``)."""
        mod: Any = self
        for item in target.split(".") if target else ():
            if not hasattr(mod, item):
                raise AttributeError(f"{mod._get_name()} has no attribute `{item}`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError(f"`{item}` is not an nn.Module")
        return mod

    def get_parameter(self, target: str) -> Parameter:
        """The parameter at the dotted path ``target`` (``"fc.weight"``)."""
        return self._get_member(target, Parameter, "nn.Parameter")

    def get_buffer(self, target: str) -> Tensor:
        """The buffer at the dotted path ``target``."""
        path, _, name = target.rpartition(".")
        mod = self.get_submodule(path)
        if not hasattr(mod, name):
            raise AttributeError(f"{mod._get_name()} has no attribute `{name}`")
        if name not in mod._buffers:
            raise AttributeError(f"`{name}` is not a buffer")
        return getattr(mod, name)

    def _get_member(self, target: str, kind: type, label: str) -> Any:
        path, _, name = target.rpartition(".")
        mod = self.get_submodule(path)
        if not hasattr(mod, name):
            raise AttributeError(f"{mod._get_name()} has no attribute `{name}`")
        member = getattr(mod, name)
        if not isinstance(member, kind):
            raise AttributeError(f"`{name}` is not an {label}")
        return member

    # -- walking the tree ------------------------------------------------------------------

    def named_modules(
        self, memo: set[int] | None = None, prefix: str = "", remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Module]]:
        """This module and every submodule below it, each once, by dotted name."""
        memo = set() if memo is None else memo
        if remove_duplicate:
            if id(self) in memo:
                return
            memo.add(id(self))
        yield prefix, self
        for name, m in self._children().items():
            if m is not None:
                sub = f"{prefix}.{name}" if prefix else name
                yield from m.named_modules(memo, sub, remove_duplicate)

    def _children(self) -> OrderedDict[str, Module]:
        return self.__dict__.get("_modules", OrderedDict())

    def modules(self) -> Iterator[Module]:
        # generator functions, not generator expressions: a printed generator is named
        # <generator object Module.modules at 0x...> as PyTorch's
        for _, m in self.named_modules():
            yield m

    def named_children(self) -> Iterator[tuple[str, Module]]:
        seen: set[int] = set()
        for k, m in self._children().items():
            if m is not None and id(m) not in seen:
                seen.add(id(m))
                yield k, m

    def children(self) -> Iterator[Module]:
        for _, m in self.named_children():
            yield m

    def _named_members(
        self, table: str, prefix: str, recurse: bool, remove_duplicate: bool
    ) -> Iterator[tuple[str, Any]]:
        seen: set[int] = set()
        mods = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
        for name, m in mods if recurse else [(prefix, self)]:
            for k, v in m.__dict__.get(table, {}).items():
                if v is None or id(v) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(v))
                yield (f"{name}.{k}" if name else k), v

    def named_parameters(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Parameter]]:
        yield from self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse: bool = True) -> Any:
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Tensor]]:
        yield from self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse: bool = True) -> Iterator[Tensor]:
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def apply(self, fn: Callable[[Module], Any]) -> Module:
        """``fn`` on every submodule (children first, depth first), then on this module."""
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    # -- state ------------------------------------------------------------------------------

    def state_dict(
        self, *, destination: Any = None, prefix: str = "", keep_vars: bool = False
    ) -> Any:
        """Every parameter and persistent buffer by its dotted name, detached (sharing the
        data); a module reached twice is listed under both names, as in PyTorch."""
        out = OrderedDict() if destination is None else destination
        for k, v in self._local_state().items():
            out[prefix + k] = v if keep_vars else v.detach()
        for name, m in self._children().items():
            if m is not None:
                m.state_dict(destination=out, prefix=f"{prefix}{name}.", keep_vars=keep_vars)
        return out

    def _local_state(self) -> dict[str, Tensor]:
        d = self.__dict__
        skip = d.get("_non_persistent_buffers_set", ())
        own = [*d.get("_parameters", {}).items()]
        own += [(k, b) for k, b in d.get("_buffers", {}).items() if k not in skip]
        return {k: v for k, v in own if v is not None}

    def load_state_dict(
        self, state_dict: Mapping[str, Any], strict: bool = True, assign: bool = False
    ) -> Any:
        """Copy each tensor of ``state_dict`` into the parameter or buffer of its name; a
        missing or unexpected key (with ``strict``) or a size mismatch is PyTorch's error."""
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        missing: list[str] = []
        unexpected: list[str] = []
        errors: list[str] = []
        self._load(dict(state_dict), "", assign, missing, unexpected, errors)
        if strict:
            if unexpected:
                keys = ", ".join(f'"{k}"' for k in unexpected)
                errors.insert(0, f"Unexpected key(s) in state_dict: {keys}. ")
            if missing:
                keys = ", ".join(f'"{k}"' for k in missing)
                errors.insert(0, f"Missing key(s) in state_dict: {keys}. ")
        if errors:
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                + "\n\t".join(errors)
            )
        return IncompatibleKeys(missing, unexpected)

    def _load(
        self, sd: dict[str, Any], prefix: str, assign: bool, missing: list[str],
        unexpected: list[str], errors: list[str],
    ) -> None:  # fmt: skip
        local = self._local_state()
        for name, param in local.items():
            key = prefix + name
            if key not in sd:
                missing.append(key)
                continue
            src = sd[key]
            if not isinstance(src, Tensor):
                errors.append(
                    f'While copying the parameter named "{key}", expected torch.Tensor or '
                    f"Tensor-like object from checkpoint but received {type(src)}"
                )
                continue
            if param.dim() == 0 and tuple(src.shape) == (1,):
                src = src[0]
            if src.shape != param.shape:
                errors.append(
                    f"size mismatch for {key}: copying a param with shape {src.shape} from "
                    f"checkpoint, the shape in current model is {param.shape}."
                )
                continue
            with no_grad():
                if not assign:
                    param.copy_(src)
                elif isinstance(param, Parameter):
                    setattr(self, name, Parameter(src, requires_grad=param.requires_grad))
                else:
                    setattr(self, name, src)
        for key in sd:
            if key.startswith(prefix):
                head, *tail = key[len(prefix) :].split(".", 1)
                if (head not in self._modules) if tail else (head not in local):
                    unexpected.append(key)
        for name, m in self._children().items():
            if m is not None:
                sub = f"{prefix}{name}."
                mine = {k: v for k, v in sd.items() if k.startswith(sub)}
                m._load(mine, sub, assign, missing, unexpected, errors)

    # -- modes and grads --------------------------------------------------------------------

    def train(self, mode: bool = True) -> Module:
        """Training mode on (or off, ``mode=False``) here and in every submodule."""
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        object.__setattr__(self, "training", mode)
        for m in self.children():
            m.train(mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def to(self, *args: Any, **kwargs: Any) -> Module:
        """``model.to(device)``: everything is on the CPU already; ``model.to(dtype)``: every
        floating-point parameter and buffer converted, as PyTorch's ``Module.to``."""
        for a in (*args, *kwargs.values()):
            if isinstance(a, dtype):
                if not a.is_floating_point:
                    raise TypeError(
                        "nn.Module.to only accepts floating point or complex dtypes, but got "
                        f"desired dtype={a}"
                    )
                self._convert(a)
        return self

    def _convert(self, dt: dtype) -> Module:
        # PyTorch's _apply: a parameter keeps its identity (its .data and its grad's are
        # swapped for converted ones, so an optimizer holding it follows), a buffer is replaced
        with no_grad():
            for m in self.modules():
                for p in m._parameters.values():
                    if p is not None and p.is_floating_point() and p.dtype is not dt:
                        p.data = p.data.to(dt)
                        if p.grad is not None:
                            p.grad.data = p.grad.data.to(dt)
                for k, b in m._buffers.items():
                    if b is not None and b.is_floating_point() and b.dtype is not dt:
                        m._buffers[k] = b.to(dt)
        return self

    def double(self) -> Module:
        """Every floating-point parameter and buffer to float64."""
        return self._convert(_dtypes.float64)

    def float(self) -> Module:
        """Every floating-point parameter and buffer to float32."""
        return self._convert(_dtypes.float32)

    def half(self) -> Module:
        """Every floating-point parameter and buffer to float16."""
        return self._convert(_dtypes.float16)

    def bfloat16(self) -> Module:
        """Every floating-point parameter and buffer to bfloat16."""
        return self._convert(_dtypes.bfloat16)

    def cpu(self) -> Module:
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        zero_grad(list(self.parameters()), set_to_none=set_to_none)

    # -- running and printing -----------------------------------------------------------------

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            f'Module [{type(self).__name__}] is missing the required "forward" function'
        )

    def register_forward_pre_hook(self, hook: Callable[..., Any]) -> RemovableHandle:
        """``hook(module, args)`` before each forward; a result other than None replaces args."""
        handle = RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook: Callable[..., Any]) -> RemovableHandle:
        """``hook(module, args, output)`` after each forward; a result replaces the output."""
        handle = RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        d = self.__dict__
        for hook in list(d.get("_forward_pre_hooks", {}).values()):
            new = hook(self, args)
            if new is not None:
                args = new if isinstance(new, tuple) else (new,)
        out = self.forward(*args, **kwargs)
        for hook in list(d.get("_forward_hooks", {}).values()):
            new = hook(self, args, out)
            if new is not None:
                out = new
        return out

    def _get_name(self) -> str:
        return type(self).__name__

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({k}): {addindent(repr(m), 2)}" for k, m in self._children().items()]
        lines = extra_lines + child_lines
        if not lines:
            return f"{self._get_name()}()"
        if len(extra_lines) == 1 and not child_lines:
            return f"{self._get_name()}({extra_lines[0]})"
        return f"{self._get_name()}(\n  " + "\n  ".join(lines) + "\n)"


class IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """What ``load_state_dict`` returns: the keys it missed and the ones it did not expect."""

    __slots__ = ()

    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        keys = f"missing_keys={self.missing_keys}, unexpected_keys={self.unexpected_keys}"
        return f"_IncompatibleKeys({keys})"
