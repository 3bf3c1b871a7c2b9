"""tinygrad_edu: a scalar autograd engine for teaching, with PyTorch's names.

>>> from tinygrad_edu import Value
>>> y = Value(3.0) * 2
>>> y.grad_fn.name()
'MulBackward0'

It also stands in for ``torch`` in small programs (``import tinygrad_edu as torch``):

>>> import tinygrad_edu as torch
>>> x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
>>> torch.sum(x)
tensor(6., grad_fn=<SumBackward0>)

The teaching core (``core/``, read its README first) loads with the first line; the torch
namespace (``_namespace.py``: the tensor layer, ``nn``, ``optim``, ...) on the first use of a
name that is not the core's.
"""

import importlib as _importlib
import os as _os

# the core's names, re-exported: each loads the core (alone) on first use, so that
# ``import tinygrad_edu`` itself costs next to nothing (PEP 562)
_CORE = {
    "AccumulateGrad": "graph",
    "GradcheckError": "gradcheck",
    "Node": "graph",
    "Value": "engine",
    "enable_grad": "grad_mode",
    "inference_mode": "grad_mode",
    "is_grad_enabled": "grad_mode",
    "is_inference_mode_enabled": "grad_mode",
    "no_grad": "grad_mode",
    "set_grad_enabled": "grad_mode",
    "vdot": "engine",
    "vsum": "engine",
    "gradcheck": "gradcheck",
}

_loading = False


def _load() -> object:
    """The torch namespace, imported once; its names become this package's."""
    global _loading
    if _loading:  # a module of the namespace asked for a name before the namespace was done
        return None
    _loading = True
    try:
        from . import _namespace as ns
    finally:
        _loading = False
    globals().update({name: getattr(ns, name) for name in ns.__all__})
    return ns


def __getattr__(name: str) -> object:
    """PEP 562: ``torch.tensor``, ``torch.float32``, ... load the torch namespace on first use;
    a submodule (``torch.nn``, ``torch.autograd``) loads just itself, and what it imports."""
    if name.startswith("__") and name != "__all__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    where = _CORE.get(name)
    if where is not None:
        value = getattr(_importlib.import_module(f"{__name__}.core.{where}"), name)
        globals()[name] = value
        return value
    here = _os.path.dirname(__file__)
    # (``run`` is the command ``python -m tinygrad_edu.run``, not a name of torch's)
    path = _os.path.join(here, name)
    submodule = _os.path.isdir(path) or _os.path.isfile(f"{path}.py")
    if name.isidentifier() and name != "run" and submodule:
        return _importlib.import_module(f"{__name__}.{name}")
    ns = _load()
    if name == "__all__" and ns is not None:
        return list(ns.__all__)
    if name in globals():
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    ns = _load()
    return sorted(set(globals()) | set(_CORE) | set(ns.__all__ if ns is not None else ()))
